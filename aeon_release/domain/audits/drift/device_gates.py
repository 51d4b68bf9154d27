"""Device-gate drift: upstream changed a capability check, and the fork's device now takes another path.

A fork that serves one device (``settings: device``, its compute capability and the calls that ask
about it) lives on the paths those checks choose.  Upstream writes them for its own devices:
``is_device_capability_family(100)`` (every 10.x) became ``is_device_capability(100)`` (10.0 alone),
or ``and not is_device_capability_family(100)`` was added to a fast path's condition.  The merge is
clean, every answer stays right, and a 10.3 device runs the fallback kernel.

So every capability check upstream changed is evaluated for the device, in the fork branch's version
and in the merged one, in three-valued logic: a call that asks about the device is true or false, a
comparison of the capability (``get_device_capability() >= (9, 0)``, ``cap.major == 12``,
``cap.to_int() in (100, 103)``, through a local name the function assigns once) likewise, anything
else unknown.  A check of the fork's version is paired with the merged one at the same place (the
function, what the value goes to: an ``if``, a return, a name, a keyword; the order among those,
aligned by their text; a check rewritten beyond recognition counts as a new one; an ``if``'s check
inverted, ``if not A: return slow`` for ``if A: ... fast``, is read with the old polarity, and the
device's operand of an ``and`` split off into an ``if`` of its own is the same decision).  A check guarding
an ``if`` that raises or returns nothing, None or False turns the device away when true; any other
check lets it through when true.  A finding when the merged check's value for the device is certain
and is not what it was:

* the device is turned away now (it passed, or might have): an error (``device.severity``) when its
  sibling (x.0 for x.1, x.1 for x.0) is not, since a device singled out from its family is how a
  check meant for one model excludes another by accident; a warning when the family goes with it,
  as upstream decides for its devices;
* the device is let through now: a warning;
* a new ``if`` in a function the fork had, true for the device, that returns or raises and asks a
  capability question the function did not ask before: an error when it turns the device alone
  away, else a warning.

Cheap first: only the Python files whose upstream diff names one of the calls (or compares a
capability's parts, in a file that calls a getter) are parsed.
"""

from __future__ import annotations

import ast
import bisect
import dataclasses
import difflib
import operator
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, TypeGuard, TypeVar

from aeon_release.adapters import git as repo
from aeon_release.domain.audits.diffs import in_background
from aeon_release.domain.audits.drift.offsets import indent_of
from aeon_release.domain.audits.drift.returns import own_nodes
from aeon_release.domain.audits.drift.sides import ThreeTrees, commit_note
from aeon_release.domain.audits.merge_rules import DEVICE_GATE as RULE
from aeon_release.domain.audits.model import DeviceGates, Finding, Severity
from aeon_release.domain.audits.source import code_lines, parse_python

# a changed line that compares something with a (major, minor) tuple, a version number or a
# capability's part: it may compare a capability held in a local name
_CAPABILITY_COMPARE = re.compile(
    r"\n[-+][^\n]*(?:(?:[<>]=?|[=!]=|\bin)\s*[(\[]\s*\d+\s*,\s*\d|(?:[<>]=?|[=!]=)\s*\d{2,3}\b"
    r"|\.(?:major|minor)\b|\bto_int\(|\[[01]\]\s*(?:[<>]=?|[=!]=))"
)
_COMPARE_ERE = r"([<>=!]=?|[[:space:]]in)[[:space:]]*[([]?[[:space:]]*[0-9]+|\.(major|minor)|to_int\(|\[[01]\]"  # the same, for ``git log -G``
_Truth = bool | None  # three-valued: None is unknown
_E = TypeVar("_E")


@dataclass(frozen=True)
class _Capability:
    """The device's capability as a getter returns it: a (major, minor) tuple with names."""

    major: int
    minor: int

    @property
    def pair(self) -> tuple[int, int]:
        return (self.major, self.minor)


@dataclass(frozen=True)
class Gate:
    """One capability check: where it is, what its value goes to, its text and its value for the device."""

    scope: str
    slot: str
    text: str
    line: int
    truth: _Truth
    diverts: bool  # an ``if`` whose body returns, raises or leaves a loop
    refuses: bool  # an ``if`` whose body raises or returns nothing, None or False: true turns the device away
    sibling: _Truth  # the value for the device's sibling (x.0 for x.1): the same, or the device singled out
    asks: frozenset[str]  # the capability questions it asks: ``is_device_capability(100)``, ...
    parts: tuple[tuple[str, _Truth], ...] = ()  # an ``and``/``or``'s operands: their texts and values
    negates: str | None = None  # a ``not X``: the text of X

    @property
    def lost(self) -> bool:
        """Whether the device's certain value now turns it away from the path."""
        return self.truth is (True if self.refuses else False)


def device_gates_started(trees: ThreeTrees, device: DeviceGates | None, pr_pattern: str) -> Callable[[], list[Finding]]:
    """The changed gates found now; the upstream commits that changed them looked up by a ``git log``
    in the background (the other checks run meanwhile): the returned function gives the findings."""
    if device is None or not device.names:
        return list
    python = [p for p in trees.upstream if p.endswith(".py")]
    paths = {p for p in python if any(name in trees.upstream.raw(p) for name in device.names)}
    if device.getters:  # a capability a getter gave, compared through a local: ``cap >= (9, 0)``
        paths |= _getter_files(trees, device.getters, sorted(set(python) - paths))
    ours = trees.blobs(trees.ours, sorted(paths))
    theirs = trees.blobs(trees.theirs, sorted(p for p in paths if p not in trees.mine))  # one batch
    found: dict[str, list[tuple[Gate | None, Gate]]] = {}
    for path in sorted(paths):
        before, after = ours.get(path), trees.merged_text(path)
        if before is None or after is None or before == after:
            continue
        hunks = trees.upstream[path].hunks if path not in trees.mine and after == theirs.get(path) else None
        pairs = _by_function(before, after, path, device, hunks)
        if pairs is None:
            pairs = _by_module(before, after, trees.merged_module(path), path, device)
        changed = list(_changed(*pairs)) if pairs is not None else []
        if changed:
            found[path] = changed
    if not found:
        return list
    commits = in_background(_commits, trees, device, sorted(found), pr_pattern)

    def findings() -> list[Finding]:
        notes = commits.result()
        return [_finding(path, a, b, device, notes.get(path, "")) for path, pairs in found.items() for a, b in pairs]

    return findings


def _commits(trees: ThreeTrees, device: DeviceGates, paths: list[str], pr_pattern: str) -> dict[str, str]:
    """``", in SHA (#PR, 'subject')"`` of the newest upstream commit that changed a capability check in
    each file (one ``git log -G`` for them all; a comparison of a capability's parts for the rest)."""
    history = repo.Git(trees.repo)
    rev_range = f"{trees.base}..{trees.theirs}"
    found = history.newest_matching(rev_range, paths, "|".join(re.escape(n) for n in device.names))
    found |= history.newest_matching(rev_range, [p for p in paths if p not in found], _COMPARE_ERE)
    return {path: ", in " + commit_note(c.sha, c.subject, pr_pattern) for path, c in found.items()}


_Pairs = tuple[list[Gate], list[Gate], frozenset[str]]  # the fork branch's gates, the merged ones, its scopes


def _by_module(before: str, after: str, new: ast.Module | None, path: str, device: DeviceGates) -> _Pairs | None:
    """Both versions parsed whole: the gates of every scope that changed and names the device."""
    old = parse_python(before, path)
    if old is None or new is None:
        return None
    was, now = _defs(old), _defs(new)
    lines_was, lines_now = code_lines(before), code_lines(after)
    touched = [q for q in now if q in was and _touched(_text(was[q], lines_was), _text(now[q], lines_now), device)]
    old_gates = [g for q in touched for g in _gates_in(was[q], q, device, ":=" in before)]
    new_gates = [g for q in touched for g in _gates_in(now[q], q, device, ":=" in after)]
    return old_gates, new_gates, frozenset(was)


def _by_function(before: str, after: str, path: str, device: DeviceGates, hunks: list[_Hunk] | None) -> _Pairs | None:
    """Only the functions holding a changed line parsed, each on its own (most of a large module is
    not read at all); None when a changed line naming the device lies outside every function or a
    function's text does not parse alone (then both versions are parsed whole)."""
    texts = (before, after)
    lines = (code_lines(before), code_lines(after))
    if hunks is None and max(len(lines[0]), len(lines[1])) > _MOST_DIFFED_LINES:
        return None
    outlines = (_Outline(lines[0]), _Outline(lines[1]))
    changed = _hunk_lines(hunks) if hunks is not None else _changed_lines(*lines)
    if len(changed[0]) + len(changed[1]) > _MOST_CHANGED_LINES:
        return None  # most of the module changed: parsed whole
    names: set[str] = set()
    for side in (0, 1):
        found = _changed_functions(outlines[side], sorted(changed[side]), _naming(texts[side], lines[side], device))
        if found is None:
            return None  # a module's or a class body's own check changed
        names |= found
    gates: tuple[list[Gate], list[Gate]] = ([], [])
    for name in sorted(names):
        was, now = outlines[0].block(name), outlines[1].block(name)
        if was is None or now is None or not _touched(was[1], now[1], device):
            continue
        for side, (start, text) in enumerate((was, now)):
            module = parse_python(text, path)
            if module is None or len(module.body) != 1:
                return None
            for gate in _gates_in(module.body[0], name, device, ":=" in text):
                gates[side].append(dataclasses.replace(gate, line=gate.line + start))
    return gates[0], gates[1], frozenset(outlines[0].names)


def _naming(text: str, lines: list[str], device: DeviceGates) -> list[int]:
    """The indexes of the lines (``code_lines(text)``) that name one of the device's calls."""
    pattern = re.compile("|".join(re.escape(name) for name in device.names))
    if "\r" in text:  # a line may end in \r\n or \r too: line by line
        return [i for i, line in enumerate(lines) if pattern.search(line)]
    found: list[int] = []
    line, at = 0, 0
    for match in pattern.finditer(text):  # a few matches in a large module: count the newlines to each
        line += text.count("\n", at, match.start())
        at = match.start()
        if not found or found[-1] != line:
            found.append(line)
    return found


def _changed_functions(outline: _Outline, changed: list[int], naming: list[int]) -> set[str] | None:
    """The innermost functions holding a changed line that name the device somewhere (the others hold
    no check to compare); None when a changed line naming the device lies outside every function.

    Found from the few lines naming the device, not from every changed line: a large merge changes
    thousands of lines of a module, and finding each one's function was most of this check's time."""
    found: set[int] = set()
    seen: set[int] = set()
    is_changed = set(changed)
    for index in naming:
        at = outline.innermost(index)
        if at is None:
            if index in is_changed:
                return None
            continue
        if at in seen:
            continue
        seen.add(at)
        start, end = outline.span(at)
        # a changed line of the function itself (not of a function nested in it: that one is asked
        # for when it names the device)
        low, high = bisect.bisect_left(changed, start), bisect.bisect_left(changed, end)
        if any(outline.innermost(i) == at for i in changed[low:high]):
            found.add(at)
    return {outline.headers[at][2] for at in found}


_Hunk = tuple[int, int, list[str], list[str], int]  # a -U0 hunk as sides.FileChange holds it


def _hunk_lines(hunks: list[_Hunk]) -> tuple[set[int], set[int]]:
    """The changed line indexes of both versions from upstream's hunks (the fork's version is the base,
    the merged one upstream's): no diff to compute."""
    was: set[int] = set()
    now: set[int] = set()
    for old_start, old_count, added, _, new_start in hunks:
        was.update(range(old_start - 1, old_start - 1 + old_count) if old_count else (old_start - 1, old_start))
        now.update(range(new_start - 1, new_start - 1 + len(added)) if added else (new_start - 1, new_start))
    return was, now


def _changed_lines(before: list[str], after: list[str]) -> tuple[set[int], set[int]]:
    """The indexes of the lines that differ, in each version (an insertion or a deletion marks the
    lines around it on the other side)."""
    was: set[int] = set()
    now: set[int] = set()
    matcher = difflib.SequenceMatcher(a=before, b=after)  # autojunk: blank lines and closers are no anchors
    for op, a0, a1, b0, b1 in matcher.get_opcodes():
        if op == "equal":
            continue
        was.update(range(a0, a1) if a1 > a0 else (a0 - 1, a0))
        now.update(range(b0, b1) if b1 > b0 else (b0 - 1, b0))
    return was, now


_HEADER = re.compile(r"([ \t]*)(async[ \t]+def|def|class)[ \t]+([A-Za-z_][A-Za-z0-9_]*)")
_MOST_HEADER_LINES = 60  # a signature longer than this is read by parsing the module whole
_MOST_DIFFED_LINES = 20_000  # difflib's time grows faster than the lines: a larger module is parsed whole
_MOST_CHANGED_LINES = 4_000


class _Outline:
    """A module's ``def``/``class`` lines by dotted name, read by indentation alone (no parse)."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.headers: list[tuple[int, int, str, bool]] = []  # (index, indent, dotted name, a def)
        self._parents: list[int] = []  # the header each one is nested in, by position; -1 for none
        stack: list[tuple[int, str, int]] = []
        for index, line in enumerate(lines):
            if "def" not in line and "class" not in line:
                continue  # (most lines: a substring test is a tenth of a match)
            match = _HEADER.match(line)
            if match is None:
                continue
            indent = len(match.group(1).expandtabs())
            while stack and stack[-1][0] >= indent:
                stack.pop()
            name = ".".join([*(n for _, n, _ in stack), match.group(3)])
            self._parents.append(stack[-1][2] if stack else -1)
            stack.append((indent, match.group(3), len(self.headers)))
            self.headers.append((index, indent, name, match.group(2) != "class"))
        self.names = {name for _, _, name, _ in self.headers}
        self._starts = [start for start, _, _, _ in self.headers]
        self._ends: dict[int, int] = {}

    def innermost(self, index: int) -> int | None:
        """The position in ``headers`` of the innermost function holding line ``index``: the nearest
        header above it, then the ones it is nested in (not its siblings: a class-level line below
        9,000 methods read them all, 2,000 such lines took 9 s)."""
        at = bisect.bisect_right(self._starts, index) - 1
        while at >= 0:
            start, indent, _, is_def = self.headers[at]
            if is_def and index < self._end(start, indent):
                return at
            at = self._parents[at]
        return None

    def span(self, at: int) -> tuple[int, int]:
        """(first line, past the last line) of the function at position ``at`` of ``headers``."""
        start, indent, _, _ = self.headers[at]
        return start, self._end(start, indent)

    def block(self, name: str) -> tuple[int, str] | None:
        """(index of its first line, its text dedented) of the first function of that name."""
        for start, indent, found, is_def in self.headers:
            if found == name and is_def:
                end = self._end(start, indent)
                body = [line[indent:] if not line[:indent].strip() else line for line in self.lines[start:end]]
                return start, "\n".join(body) + "\n"
        return None

    def _end(self, start: int, indent: int) -> int:
        if start not in self._ends:
            self._ends[start] = self._find_end(start, indent)
        return self._ends[start]

    def _find_end(self, start: int, indent: int) -> int:
        lines, i = self.lines, start
        while i < len(lines) and i - start < _MOST_HEADER_LINES and not _code(lines[i]).endswith(":"):
            i += 1  # the signature's lines, to the one that ends in a colon
            text = lines[i] if i < len(lines) else ""
            if text.strip() and indent_of(text) <= indent and not text.lstrip().startswith((")", "]", "}")):
                return start + 1  # ``def f(): return x``, on its one line
        end = i + 1
        for j in range(i + 1, len(lines)):
            text = lines[j]
            stripped = text.strip()
            if not stripped or stripped.startswith("#"):
                continue
            if indent_of(text) <= indent:
                break
            end = j + 1
        return end


def _code(line: str) -> str:
    """The line without a trailing comment (one that holds no quote), right-stripped."""
    at = line.find("#")
    if at >= 0 and "'" not in line[at:] and '"' not in line[at:]:
        line = line[:at]
    return line.rstrip()


def _getter_files(trees: ThreeTrees, getters: tuple[str, ...], python: list[str]) -> set[str]:
    """Those of upstream's changed Python files that call a getter (at theirs: ``git grep``, started
    with the checks) and whose diff compares something."""
    if not python:
        return set()
    calling = trees.python_files_with(getters) & set(python)
    return {p for p in calling if _CAPABILITY_COMPARE.search(trees.upstream.raw(p))}


def _defs(module: ast.Module) -> dict[str, ast.AST]:
    """Every function and class by dotted name ("" the module itself; the first of two alike), found
    without walking into expressions (most of a module's nodes)."""
    found: dict[str, ast.AST] = {"": module}
    stack: list[tuple[ast.AST, str]] = [(module, "")]
    while stack:
        node, name = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.expr):
                continue
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                inner = f"{name}.{child.name}" if name else child.name
                found.setdefault(inner, child)
                stack.append((child, inner))
            else:
                stack.append((child, name))
    return found


def _touched(before: str, after: str, device: DeviceGates) -> bool:
    """A scope whose text changed and names a call that asks about the device."""
    return before != after and any(name in after or name in before for name in device.names)


def _text(node: ast.AST, lines: list[str]) -> str:
    start, end = getattr(node, "lineno", 1), getattr(node, "end_lineno", None) or len(lines)
    return "\n".join(lines[start - 1 : end])


def _changed(old: list[Gate], new: list[Gate], scopes: frozenset[str]) -> Iterator[tuple[Gate | None, Gate]]:
    """(the fork branch's gate or None for a new one, the merged gate) whose value for the device changed."""
    before: dict[tuple[str, str], list[Gate]] = {}
    for gate in old:
        before.setdefault((gate.scope, gate.slot), []).append(gate)
    after: dict[tuple[str, str], list[Gate]] = {}
    for gate in new:
        after.setdefault((gate.scope, gate.slot), []).append(gate)
    asked: dict[str, frozenset[str]] = {}
    for gate in old:
        asked[gate.scope] = asked.get(gate.scope, frozenset()) | gate.asks
    for key, gates in after.items():
        was = before.get(key, [])
        matcher = difflib.SequenceMatcher(a=[g.text for g in was], b=[g.text for g in gates], autojunk=False)
        for op, a0, a1, b0, b1 in matcher.get_opcodes():
            extra: list[Gate] = []
            if op == "replace":
                for a, b in zip(was[a0:a1], gates[b0:b1], strict=False):
                    if not _alike(a.text, b.text):
                        extra.append(b)  # not the same check rewritten: a new one
                    elif b.truth is not None:
                        now = _uninverted(a, b)
                        if now.truth != a.truth and not _split(a, now):
                            yield a, now
                extra += gates[b0 + (a1 - a0) : b1]
            elif op == "insert":
                extra = gates[b0:b1]
            for b in extra:  # a new check, in a function the fork had, that the device meets and that diverts
                new_question = not b.asks <= asked.get(b.scope, frozenset())  # not one the function asked before
                if b.truth is True and b.diverts and b.scope in scopes and new_question:
                    yield None, b


_TOKEN = re.compile(r"\w+|[^\w\s]")


def _uninverted(was: Gate, now: Gate) -> Gate:
    """The merged check of an ``if`` (or a ternary) read with the fork branch's polarity: ``if not A:
    return slow`` for ``if A: ... fast`` (its branches swap with the ``not``) is ``A`` again."""
    if now.slot not in ("if", "ternary") or (was.negates is None) is (now.negates is None):
        return now
    inner = now.negates if now.negates is not None else f"not {now.text}"
    sibling = None if now.sibling is None else not now.sibling
    truth = None if now.truth is None else not now.truth
    return dataclasses.replace(
        now, text=inner, truth=truth, sibling=sibling, refuses=was.refuses, parts=(), negates=None
    )


def _split(was: Gate, now: Gate) -> bool:
    """The device's operand of an ``and``/``or`` taken out of it, the other operands (which the device
    does not decide) moved elsewhere: ``if A and x:`` split into ``if A:`` over ``if x:``, or ``if not
    x: return`` before ``if A:``; the same decision for the device."""
    if was.truth is not None or now.text not in (text for text, _ in was.parts):
        return False
    return all(truth is None or (text == now.text and truth == now.truth) for text, truth in was.parts)


def _alike(a: str, b: str) -> bool:
    """Two texts of one check (an operand added, a call changed), not two checks: one holds the other,
    or most of their tokens are shared (counted, in linear time: difflib's ratio on the characters
    took 4 s on two 1,000-character conditions of repeated operands, and grows with the cube)."""
    if a in b or b in a:
        return True
    one, two = Counter(_TOKEN.findall(a)), Counter(_TOKEN.findall(b))
    total = one.total() + two.total()
    return bool(total) and 2 * (one & two).total() >= 0.6 * total


def _finding(path: str, was: Gate | None, now: Gate, device: DeviceGates, commit: str) -> Finding:
    where = now.scope or "module level"
    if was is None:
        what = f"upstream added a capability check that a {device.label} device meets: `{_short(now.text)}` in {where}"
        severity = device.severity if now.refuses and now.sibling is not True else Severity.WARNING
        hint = "the device is now turned away there" if now.refuses else "the device now leaves this path there"
        return Finding(
            RULE,
            "merge",
            severity,
            path,
            now.line,
            f"{what}{commit}; {hint}: check that it still runs the kernels it should",
        )
    before = "true" if was.truth else "false" if was.truth is False else "undecided by the device"
    change = (
        f"upstream changed a capability check in {where}: for a {device.label} device `{_short(now.text)}` is "
        f"{'true' if now.truth else 'false'} (the fork branch's `{_short(was.text)}` was {before}){commit}"
    )
    if now.lost:
        singled = now.sibling != now.truth  # its sibling keeps the path: the device alone was moved off it
        severity = device.severity if singled else Severity.WARNING
        sibling = _label(_sibling(device.capability))
        why = f"unlike a {sibling} device" if singled else f"as for a {sibling} device"
        hint = f"the device no longer takes this path ({why}): check that it still runs the kernels it should"
        return Finding(RULE, "merge", severity, path, now.line, f"{change}; {hint}")
    hint = "the device now takes this path: check that it works there"
    return Finding(RULE, "merge", Severity.WARNING, path, now.line, f"{change}; {hint}")


def _label(capability: tuple[int, int]) -> str:
    return f"{capability[0]}.{capability[1]}"


def _short(text: str, most: int = 120) -> str:
    one = " ".join(text.split())
    return one if len(one) <= most else one[: most - 3] + "..."


# -- the gates of one module -----------------------------------------------------------------------
_BOOLEAN = (ast.BoolOp, ast.Compare)


def _gates_in(node: ast.AST, name: str, device: DeviceGates, walrus: bool = True) -> list[Gate]:
    """The gates of one function (or the module, or a class body), not of the scopes it holds
    (``walrus``: whether its text may hold an assignment expression)."""
    found: list[Gate] = []
    local = _assigned_once(node, walrus)
    env, sibling = _Env(device, device.capability, local), _Env(device, _sibling(device.capability), local)
    calls = frozenset(device.names)
    unreached: list[tuple[int, int]] = []  # the ``elif``/``else`` of an ``if`` the device always takes
    for parent, child, slot in _slots(node, calls):
        line = getattr(child, "lineno", 0)
        if any(start <= line <= end for start, end in unreached):
            continue  # the device never gets here, on either side
        if _mentions(child, device, env):
            body = parent.body if isinstance(parent, ast.If) and slot == "if" else []
            asks = frozenset(ast.unparse(c) for c in _calls(child, calls))
            truth, other = env.truth(child), sibling.truth(child)
            if truth is True and isinstance(parent, ast.If) and slot == "if":
                unreached += _unreached(node, parent)
            parts = tuple((ast.unparse(v), env.truth(v)) for v in child.values) if isinstance(child, ast.BoolOp) else ()
            negates = ast.unparse(child.operand) if isinstance(child, ast.UnaryOp) else None  # a ``not``
            gate = Gate(
                name, slot, ast.unparse(child), line, truth, _diverts(body), _refuses(body), other, asks, parts, negates
            )
            found.append(gate)
    return found


def _unreached(scope: ast.AST, taken: ast.If) -> list[tuple[int, int]]:
    """The lines the device never reaches past an ``if`` it always takes: its ``elif``/``else``, and
    the rest of the function when it is one of the function's own statements and returns or raises."""
    spans = []
    if taken.orelse:
        spans.append((taken.orelse[0].lineno, _end(taken.orelse[-1])))
    body = getattr(scope, "body", [])
    if any(stmt is taken for stmt in body) and taken.body and isinstance(taken.body[-1], (ast.Return, ast.Raise)):
        spans.append((_end(taken) + 1, _end(body[-1])))
    return spans


def _end(node: ast.AST) -> int:
    end = getattr(node, "end_lineno", None) or getattr(node, "lineno", 0)
    return end if isinstance(end, int) else 0


def _sibling(capability: tuple[int, int]) -> tuple[int, int]:
    """The device of the same major version it is most often grouped with: x.0, or x.1 for an x.0."""
    major, minor = capability
    return (major, 0) if minor else (major, 1)


def _calls(node: ast.AST, calls: frozenset[str]) -> Iterator[ast.Call]:
    """The capability calls in ``node`` with what they ask (``p.is_device_capability(100)`` -> the call alone)."""
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call) and _callee(sub) in calls:
            yield ast.Call(ast.Name(str(_callee(sub))), sub.args, sub.keywords)


def _slots(scope: ast.AST, calls: frozenset[str]) -> Iterator[tuple[ast.AST, ast.expr, str]]:
    """(parent, maximal boolean-ish expression, what its value goes to) in the scope, not in scopes it holds."""
    stack: list[tuple[ast.AST, ast.AST]] = [(scope, child) for child in reversed(list(ast.iter_child_nodes(scope)))]
    while stack:
        parent, node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(node, ast.expr) and _is_gate_shape(node, calls) and not _is_gate_shape_parent(parent, node):
            yield parent, node, _slot(parent, node)
            continue  # its parts are not gates of their own
        stack.extend((node, child) for child in reversed(list(ast.iter_child_nodes(node))))


def _is_gate_shape(node: ast.AST, calls: frozenset[str]) -> bool:
    return (
        isinstance(node, _BOOLEAN)
        or (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not))
        or (isinstance(node, ast.Call) and _callee(node) in calls)
    )


def _is_gate_shape_parent(parent: ast.AST, node: ast.AST) -> bool:
    """Whether ``node`` is an operand of a larger boolean expression (then the larger one is the gate)."""
    if isinstance(parent, _BOOLEAN):
        return True
    if isinstance(parent, ast.UnaryOp) and isinstance(parent.op, ast.Not):
        return True
    return False


def _slot(parent: ast.AST, node: ast.AST) -> str:
    if isinstance(parent, (ast.If, ast.While)) and parent.test is node:
        return "if" if isinstance(parent, ast.If) else "while"
    if isinstance(parent, ast.IfExp) and parent.test is node:
        return "ternary"
    if isinstance(parent, ast.Assert):
        return "assert"
    if isinstance(parent, ast.Return):
        return "return"
    if isinstance(parent, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
        targets = parent.targets if isinstance(parent, ast.Assign) else [parent.target]
        return "= " + ", ".join(ast.unparse(t) for t in targets)
    if isinstance(parent, ast.keyword):
        return f"{parent.arg}="
    if isinstance(parent, ast.comprehension):
        return "comprehension"
    return type(parent).__name__


def _diverts(body: list[ast.stmt]) -> bool:
    return bool(body) and isinstance(body[-1], (ast.Return, ast.Raise, ast.Break, ast.Continue))


def _refuses(body: list[ast.stmt]) -> bool:
    """``raise ...``, ``return``, ``return None``, ``return False``: the guarded case is the unsupported one."""
    if not body:
        return False
    last = body[-1]
    if isinstance(last, ast.Raise):
        return True
    return isinstance(last, ast.Return) and (
        last.value is None or (isinstance(last.value, ast.Constant) and last.value.value in (None, False))
    )


def _assigned_once(scope: ast.AST, walrus: bool = True) -> dict[str, ast.expr]:
    """Local names the scope assigns exactly once with a plain ``=`` (a name or a two-name unpack).

    Without ``walrus`` (no ``:=`` in its text) only statements can assign: they are walked, not
    the expressions in them (most of a function's nodes)."""
    counts: dict[str, int] = {}
    values: dict[str, ast.expr] = {}
    body = getattr(scope, "body", [])
    for node in own_nodes(body) if walrus else _own_statements(body):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign, ast.For, ast.AsyncFor, ast.NamedExpr)):
            targets = [node.target]
        elif isinstance(node, (ast.With, ast.AsyncWith)):
            targets = [item.optional_vars for item in node.items if item.optional_vars is not None]
        for target in targets:
            for name in ast.walk(target):
                if isinstance(name, ast.Name):
                    counts[name.id] = counts.get(name.id, 0) + 1
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name):
                values[target.id] = node.value
            elif isinstance(target, ast.Tuple) and all(isinstance(e, ast.Name) for e in target.elts):
                for i, elt in enumerate(target.elts):
                    assert isinstance(elt, ast.Name)
                    values[elt.id] = ast.Subscript(node.value, ast.Constant(i))
    return {name: value for name, value in values.items() if counts.get(name) == 1}


def _own_statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements of a body and of the blocks in it, not inside a nested function or class."""
    stack: list[ast.stmt] = list(body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        yield node
        for field in ("body", "orelse", "finalbody"):
            stack.extend(getattr(node, field, ()))
        for handler in getattr(node, "handlers", ()):
            stack.extend(handler.body)
        for case in getattr(node, "cases", ()):
            stack.extend(case.body)


def _callee(node: ast.Call) -> str | None:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _mentions(node: ast.AST, device: DeviceGates, env: _Env) -> bool:
    """Whether the expression asks about the device (a named call, or a local holding the capability)."""
    names = set(device.names)
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call) and _callee(sub) in names:
            return True
        if isinstance(sub, ast.Name) and sub.id in env.locals and env.derived(sub.id):
            return True
    return False


# nested evaluations (an operand, a local read through: ``cap = get(); major = cap[0]; sm12 = major
# == 12``) past which a value is undecided: a chain of 600 ``a1 = a0 and x`` ran out of stack, and
# every merge-aware check of the merge with it (cutting deep expressions does not shorten a chain)
_MOST_DEPTH = 120


class _Env:
    """Evaluates expressions for the device: capability values, numbers and truth in three values."""

    def __init__(self, device: DeviceGates, capability: tuple[int, int], locals_: dict[str, ast.expr]) -> None:
        self.device = device
        self.cap = _Capability(*capability)
        self.locals = locals_
        self._busy: set[str] = set()
        self._derived: dict[str, bool] = {}
        self._depth = 0  # the evaluations under way, nested

    def derived(self, name: str) -> bool:
        """Whether a local's value comes from the device's capability (not past _MOST_DEPTH names)."""
        if name not in self._derived:
            if self._depth >= _MOST_DEPTH:
                return False
            self._derived[name] = False  # a name assigned from itself is not
            self._depth += 1
            try:
                self._derived[name] = _mentions(self.locals[name], self.device, self)
            finally:
                self._depth -= 1
        return self._derived[name]

    def _follows(self, node: ast.AST) -> TypeGuard[ast.Name]:
        """Whether ``node`` is a local to read through: not one being read (``a = b; b = a``)."""
        return isinstance(node, ast.Name) and node.id in self.locals and node.id not in self._busy

    @property
    def number(self) -> int:
        return self.cap.major * 10 + self.cap.minor

    def truth(self, node: ast.AST) -> _Truth:
        return self._nested(self._truth, node)

    def _nested(self, evaluate: Callable[[ast.AST], _E], node: ast.AST) -> _E | None:
        """``evaluate(node)`` one level deeper; None (undecided) past _MOST_DEPTH levels."""
        if self._depth >= _MOST_DEPTH:
            return None
        self._depth += 1
        try:
            return evaluate(node)
        finally:
            self._depth -= 1

    def _through(self, evaluate: Callable[[ast.AST], _E], name: ast.Name) -> _E:
        """``evaluate`` of the value a local was assigned, the local marked as being read meanwhile."""
        self._busy.add(name.id)
        try:
            return evaluate(self.locals[name.id])
        finally:
            self._busy.discard(name.id)

    def _truth(self, node: ast.AST) -> _Truth:
        if isinstance(node, ast.BoolOp):
            values = [self.truth(v) for v in node.values]
            if isinstance(node.op, ast.And):
                return False if False in values else True if all(v is True for v in values) else None
            return True if True in values else False if all(v is False for v in values) else None
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            inner = self.truth(node.operand)
            return None if inner is None else not inner
        if isinstance(node, ast.Constant) and isinstance(node.value, bool):
            return node.value
        if isinstance(node, ast.Call):
            return self._predicate(node)
        if isinstance(node, ast.Compare):
            return self._compare(node)
        if self._follows(node):
            return self._through(self.truth, node)
        return None

    def _predicate(self, node: ast.Call) -> _Truth:
        name = _callee(node)
        if name is None or name in self.device.getters:
            return None
        arg = node.args[0] if node.args else next((k.value for k in node.keywords if k.arg == "capability"), None)
        wanted = self._as_number(self.value(arg)) if arg is not None else None
        if wanted is None:
            return None
        if name in self.device.at_least:
            return self.number >= wanted
        if name in self.device.equals:
            return self.number == wanted
        if name in self.device.family:
            return self.number // 10 == wanted // 10
        return None

    @staticmethod
    def _as_number(value: object) -> int | None:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, tuple) and len(value) == 2:
            major, minor = value
            if isinstance(major, int) and isinstance(minor, int):
                return major * 10 + minor
        return None

    def _compare(self, node: ast.Compare) -> _Truth:
        left = self.value(node.left)
        for op, right_node in zip(node.ops, node.comparators, strict=True):
            right = self.value(right_node)
            if left is None or right is None:
                return None
            result = _apply(op, left, right)
            if result is None:
                return None
            if not result:
                return False
            left = right
        return True

    def value(self, node: ast.AST) -> object:
        """A number, a tuple of numbers or the capability; None when the device does not decide it."""
        return self._nested(self._value, node)

    def _value(self, node: ast.AST) -> object:
        if isinstance(node, ast.Constant) and isinstance(node.value, int) and not isinstance(node.value, bool):
            return node.value
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            items = [self.value(e) for e in node.elts]
            if all(_number(i) for i in items) or all(isinstance(i, tuple) and all(map(_number, i)) for i in items):
                return tuple(items)  # numbers, or (major, minor) pairs: ``in [(12, 0), (12, 1)]``
            return None
        if isinstance(node, ast.Call):
            name = _callee(node)
            if name in self.device.getters:
                return self.cap
            if isinstance(node.func, ast.Attribute) and node.func.attr == "to_int" and not node.args:
                inner = self.value(node.func.value)
                return self.number if isinstance(inner, _Capability) else None
            return None
        if isinstance(node, ast.Attribute):
            inner = self.value(node.value)
            if isinstance(inner, _Capability) and node.attr in ("major", "minor"):
                return inner.major if node.attr == "major" else inner.minor
            return None
        if isinstance(node, ast.Subscript):
            inner = self.value(node.value)
            index = self.value(node.slice)
            if isinstance(inner, _Capability) and isinstance(index, int) and index in (0, 1):
                return inner.pair[index]
            return None
        if isinstance(node, ast.BinOp):
            a, b = self.value(node.left), self.value(node.right)
            if isinstance(a, int) and isinstance(b, int):
                return _arith(node.op, a, b)
            return None
        if self._follows(node):
            return self._through(self.value, node)
        return None


def _number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _apply(op: ast.cmpop, left: object, right: object) -> bool | None:
    if isinstance(left, _Capability):
        left = left.pair
    if isinstance(right, _Capability):
        right = right.pair
    if isinstance(op, (ast.In, ast.NotIn)):
        if not isinstance(right, tuple):
            return None
        inside = left in right
        return inside if isinstance(op, ast.In) else not inside
    if type(left) is not type(right):
        return None  # a tuple against a number: Python would raise or compare by type
    compare = _COMPARE.get(type(op))
    return None if compare is None else compare(left, right)


_COMPARE: dict[type[ast.cmpop], Callable[[Any, Any], bool]] = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
}


def _arith(op: ast.operator, a: int, b: int) -> int | None:
    if isinstance(op, ast.Add):
        return a + b
    if isinstance(op, ast.Sub):
        return a - b
    if isinstance(op, ast.Mult) and abs(a) < 1 << 16 and abs(b) < 1 << 16:
        return a * b
    if isinstance(op, ast.FloorDiv) and b:
        return a // b
    return None
