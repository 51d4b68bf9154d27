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

A capability may also be passed in: a parameter annotated with one of ``capability_types``
(``supports_compute_capability(cls, capability: DeviceCapability)``, which the platform asks with the
device's) holds the device's capability, and a call of the type with two numbers is that pair; a
parameter named in ``capability_numbers`` holds its number, major * 10 + minor
(``cutlass_group_gemm_supported(cuda_device_capability: int)``).

Cheap first: only the Python files whose upstream diff names one of the calls or types (or compares
a capability's parts, in a file that names one) are parsed.
"""

from __future__ import annotations

import ast
import bisect
import copy
import dataclasses
import functools
import operator
import re
from collections import Counter
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from aeon_release.adapters import git as repo
from aeon_release.domain.audits.diffs import in_background
from aeon_release.domain.audits.drift.gated_callers import Raising, gated_caller_findings
from aeon_release.domain.audits.drift.offsets import indent_of
from aeon_release.domain.audits.drift.returns import own_nodes
from aeon_release.domain.audits.drift.sides import ThreeTrees, commit_note, opcodes
from aeon_release.domain.audits.merge_rules import DEVICE_GATE as RULE
from aeon_release.domain.audits.model import DeviceGates, Finding, Severity
from aeon_release.domain.audits.source import code_lines, lazy_pattern, parse_python, short

# what compares something with a (major, minor) tuple, a version number or a capability's part, on a
# changed line (_compares_capability): it may compare a capability held in a local name.  Each alternative
# begins with a character, not a class or an assertion (``in(?<!\win)`` is ``\bin``): the engine then
# skips to the offsets where one can start (the whole, line-anchored, tried every offset: 88 ms a MB of diff)
_PAIR, _NUMBER = r"\s*[(\[]\s*\d+\s*,\s*\d", r"\s*\d{2,3}\b"
_CAPABILITY_COMPARE = lazy_pattern(
    "|".join(
        [
            *(op + _PAIR for op in ("<=?", ">=?", "==", "!=", r"in(?<!\win)")),
            *(op + _NUMBER for op in ("<=?", ">=?", "==", "!=")),
            r"\.major\b",
            r"\.minor\b",
            r"to_int(?<!\wto_int)\(",
            r"\[0\]\s*(?:[<>]=?|[=!]=)",
            r"\[1\]\s*(?:[<>]=?|[=!]=)",
        ]
    )
)
_COMPARE_ERE = r"([<>=!]=?|[[:space:]]in)[[:space:]]*[([]?[[:space:]]*[0-9]+|\.(major|minor)|to_int\(|\[[01]\]"  # the same, for ``git log -G``
_Truth = bool | None  # three-valued: None is unknown
# what a parameter annotated with one of ``device.capability_types`` holds: the device's capability
# (``supports_compute_capability(cls, capability: DeviceCapability)`` is asked with it)
_PASSED = ast.Name(id="capability passed in", ctx=ast.Load())
# and what a parameter named in ``device.capability_numbers`` holds: its number, major * 10 + minor
_PASSED_NUMBER = ast.Name(id="capability number passed in", ctx=ast.Load())
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
    known: frozenset[str] = frozenset()  # of ``asks``, the holders the fork branch's function read already
    raised: str | None = None  # an ``if`` whose body ends in ``raise``: the class raised ("" unnamed), else None

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
    words = device.words
    paths = {p for p in python if any(name in trees.upstream.raw(p) for name in words)}
    # the other changed files that ask about the device (``git grep``, started with the checks): a
    # capability compared through a name (``cap >= (9, 0)``, a parameter of a capability type), or
    # held on ``self``/at module level
    naming = (trees.python_files_with(words) & set(python)) - paths
    trees.merged.prefetch(sorted(paths | naming))  # every one is read below: one batch, not a git round trip each
    paths |= {p for p in naming if _compares_capability(trees.upstream.raw(p))}
    holding = {p for p in naming - paths if _may_read_held(trees.upstream.raw(p), trees.merged_text(p), p, device)}
    every = sorted(paths | holding)
    ours = trees.blobs(trees.ours, every)
    theirs = trees.blobs(trees.theirs, [p for p in every if p not in trees.mine])  # one batch
    found: dict[str, list[tuple[Gate | None, Gate]]] = {}
    keys: set[str] = set()
    for path in every:
        before, after = ours.get(path), trees.merged_text(path)
        if before is None or after is None or before == after:
            continue
        held = _HeldPair(held_values(before, path, device), held_values(after, path, device), device, (before, after))
        if path not in paths and not held.asked_in(trees.upstream.raw(path)):
            continue
        hunks = trees.upstream[path].hunks if path not in trees.mine and after == theirs.get(path) else None
        pairs = _by_function(before, after, path, device, hunks, held)
        if pairs is None:
            pairs = _by_module(before, after, trees.merged_module(path), path, device, held)
        changed = list(_changed(*pairs, held.words)) if pairs is not None else []
        if changed:
            found[path] = changed
            keys |= held.words
    if not found:
        return list
    commits = in_background(_commits, trees, device, sorted(found), pr_pattern, sorted(keys))

    def findings() -> list[Finding]:
        notes = commits.result()
        raising = [
            Raising(path, b.scope, b.text, b.raised, device.label, notes.get(path, ""))
            for path, pairs in found.items()
            for _, b in pairs
            if b.raised is not None and b.lost and b.scope
        ]
        own = [_finding(path, a, b, device, notes.get(path, "")) for path, pairs in found.items() for a, b in pairs]
        return own + gated_caller_findings(trees, raising)

    return findings


def _compares_capability(diff: str) -> bool:
    """Whether a line of the diff that starts with ``+`` or ``-`` (after a newline) holds a comparison
    _CAPABILITY_COMPARE finds, starting past that first character.  A match on another line: the
    search goes on from the next line (a later match on the same line is on the same line)."""
    at = 0
    while (found := _CAPABILITY_COMPARE.search(diff, at)) is not None:
        line = diff.rfind("\n", 0, found.start())
        if line >= 0 and diff[line + 1 : line + 2] in ("+", "-"):
            return True
        at = diff.find("\n", found.start()) + 1
        if not at:
            return False
    return False


def _commits(
    trees: ThreeTrees, device: DeviceGates, paths: list[str], pr_pattern: str, held: list[str]
) -> dict[str, str]:
    """``", in SHA (#PR, 'subject')"`` of the newest upstream commit that changed a capability check in
    each file (one ``git log -G`` for them all; a comparison of a capability's parts for the rest,
    then a name holding the capability)."""
    history = repo.Git(trees.repo)
    rev_range = f"{trees.base}..{trees.theirs}"
    found = history.newest_matching(rev_range, paths, "|".join(re.escape(n) for n in device.words))
    found |= history.newest_matching(rev_range, [p for p in paths if p not in found], _COMPARE_ERE)
    if held:  # a holder's name; else (an item of a set, on its own line) the newest change to the file
        words = "|".join(re.escape(k.removesuffix("()")) for k in held)
        found |= history.newest_matching(rev_range, [p for p in paths if p not in found], words)
        found |= history.newest_matching(rev_range, [p for p in paths if p not in found], ".")
    return {path: ", in " + commit_note(c.sha, c.subject, pr_pattern) for path, c in found.items()}


_Pairs = tuple[list[Gate], list[Gate], frozenset[str]]  # the fork branch's gates, the merged ones, its scopes


def _by_module(
    before: str, after: str, new: ast.Module | None, path: str, device: DeviceGates, held: _HeldPair
) -> _Pairs | None:
    """Both versions parsed whole: the gates of every scope that changed and names the device."""
    old = parse_python(before, path)
    if old is None or new is None:
        return None
    was, now = _defs(old), _defs(new)
    lines_was, lines_now = code_lines(before), code_lines(after)
    touched = [q for q in now if q in was and held.touched(_text(was[q], lines_was), _text(now[q], lines_now))]
    old_gates = [g for q in touched for g in _gates_in(was[q], q, device, held.before, ":=" in before, lines_was)]
    new_gates = [
        _known(g, _text(was[q], lines_was), device)
        for q in touched
        for g in _gates_in(now[q], q, device, held.after, ":=" in after, lines_now)
    ]
    return old_gates, new_gates, frozenset(was)


def _known(gate: Gate, before: str, device: DeviceGates) -> Gate:
    """The merged gate without the holders the fork branch's function already read (by name): a
    holder upstream now reads as a value (``not supported()``, ``supported()`` made one return) asks
    nothing new of the device."""
    held = {
        key
        for key in gate.asks
        if ("(" not in key or key.endswith("()")) and key.removesuffix("()") not in device.names
    }
    known = {key for key in held if (word := _words([key.removesuffix("()")])) is not None and word.search(before)}
    return dataclasses.replace(gate, known=frozenset(known)) if known else gate


def _by_function(
    before: str, after: str, path: str, device: DeviceGates, hunks: list[_Hunk] | None, held: _HeldPair
) -> _Pairs | None:
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
        naming = _naming(texts[side], lines[side], _asking_pattern(device))
        holding = _naming(texts[side], lines[side], held.holders) if held.holders is not None else []
        found = _changed_functions(outlines[side], sorted(changed[side]), naming, holding)
        if found is None:
            return None  # a module's or a class body's own check changed
        names |= found
    if held.reread is not None:  # a set of capabilities changed: the functions that read it
        for side in (0, 1):
            for index in _naming(texts[side], lines[side], held.reread):
                if (at := outlines[side].innermost(index)) is not None:
                    names.add(outlines[side].headers[at][2])
    gates: tuple[list[Gate], list[Gate]] = ([], [])
    for name in sorted(names):
        was, now = outlines[0].block(name), outlines[1].block(name)
        if was is None or now is None or not held.touched(was[1], now[1]):
            continue
        for side, (start, text) in enumerate((was, now)):
            module = parse_python(text, path)
            if module is None or len(module.body) != 1:
                return None
            held_side = (held.before, held.after)[side]
            for gate in _gates_in(module.body[0], name, device, held_side, ":=" in text, code_lines(text)):
                gate = _known(gate, was[1], device) if side else gate
                gates[side].append(dataclasses.replace(gate, line=gate.line + start))
    return gates[0], gates[1], frozenset(outlines[0].names)


def _line_at(text: str, offset: int) -> int:
    """The index in ``code_lines(text)`` of the line holding ``offset``."""
    if "\r" not in text:
        return text.count("\n", 0, offset)
    return len(code_lines(text[:offset] + "x")) - 1


def _naming(text: str, lines: list[str], pattern: _Searcher) -> list[int]:
    """The indexes of the lines (``code_lines(text)``) the pattern finds something in."""
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


def _changed_functions(
    outline: _Outline, changed: list[int], naming: list[int], holding: Sequence[int] = ()
) -> set[str] | None:
    """The innermost functions holding a changed line that name the device (``naming``: the lines
    naming one of its calls; ``holding``: those reading a holder of the capability) somewhere (the
    others hold no check to compare); None when a changed line naming a call lies outside every
    function.

    Found from the few lines naming the device, not from every changed line: a large merge changes
    thousands of lines of a module, and finding each one's function was most of this check's time."""
    found: set[int] = set()
    seen: set[int] = set()
    is_changed = set(changed)
    calls = set(naming)
    for index in sorted(calls | set(holding)):
        at = outline.innermost(index)
        if at is None:
            if index in is_changed and index in calls:
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
    # autojunk: blank lines and closers are no anchors; past difflib's budget, git's diff (difflib alone
    # took 14 s on 20,000 lines that repeat, each too rare for autojunk)
    for op, a0, a1, b0, b1 in opcodes(before, after, autojunk=True):
        if op == "equal":
            continue
        was.update(range(a0, a1) if a1 > a0 else (a0 - 1, a0))
        now.update(range(b0, b1) if b1 > b0 else (b0 - 1, b0))
    return was, now


_HEADER = lazy_pattern(r"([ \t]*)(async[ \t]+def|def|class)[ \t]+([A-Za-z_][A-Za-z0-9_]*)")
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


# -- values held outside the function that reads them ---------------------------------------------
# ``x = ...`` at a module's top level, ``self.x = ...`` anywhere, and any other binding form or
# augmented assignment (a second binding makes the value unknown)
_BINDS = lazy_pattern(r"([ \t]*)(self\.)?([A-Za-z_]\w*)[ \t]*(?::[^=\n]+)?(?:(=)|(?:[-+*/%&|^@]|//|\*\*|>>|<<)=)(?!=)")
_MOST_HELD_READS = 2_000  # the reads of the holders of one round looked at
_MOST_HELD_LINES = 30  # a statement longer than this is not read
_MOST_HELD_CHARS = 2_000
_MOST_HOLDERS = 1_000  # a module with more candidate holders (or functions of no parameters) is not read for them


class _LineBinds:
    """The binding (_BINDS) of the line holding an offset, and where its ``=`` is: looked for once a
    line.  40,000 calls on one 1 MB line each looked back for the line's start and matched the line
    again (hours); offsets come in order, so a line's start is found looking back only to the last one."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.found: dict[int, tuple[re.Match[str] | None, int]] = {}
        self.offset = self.start = 0

    def at(self, offset: int) -> tuple[int, re.Match[str] | None, int]:
        if offset < self.offset:
            self.offset = self.start = 0
        self.start = self.text.rfind("\n", self.offset, offset) + 1 or self.start
        self.offset = offset
        if self.start not in self.found:
            bind = _BINDS.match(self.text, self.start)
            self.found[self.start] = (bind, self.text.find("=", bind.start(3)) if bind is not None else -1)
        return (self.start, *self.found[self.start])


@dataclass(frozen=True)
class Held:
    """The values a module holds outside the functions that read them, by key: a top-level name
    assigned once (``_IS_SM100 = p.is_device_capability(100)``, ``_SUPPORTED = {90, 100}``),
    ``self.x`` assigned once in the file (its class's methods read it; the assigning method's own
    locals read through), a top-level function of no parameters that only returns a value
    (``get_cap()``).  ``owners``: the class whose methods see a ``self.x``."""

    values: dict[str, ast.expr]
    owners: dict[str, str]

    def visible(self, scope: str, shadowed: set[str]) -> dict[str, ast.expr]:
        """The holders a function (dotted name) reads: the module's, and its own class's ``self.x``."""
        cls = scope.rpartition(".")[0]
        return {
            key: value
            for key, value in self.values.items()
            if key.partition("(")[0] not in shadowed and (not key.startswith("self.") or self.owners.get(key) == cls)
        }

    def derived(self, device: DeviceGates) -> frozenset[str]:
        """The keys whose value comes from the device's capability."""
        env = _Env(device, device.capability, self.values)
        return frozenset(key for key in self.values if env.derived(key))

    def collections(self) -> dict[str, str]:
        """The keys holding numbers or (major, minor) pairs (``{90, 100}``), with their text."""
        env = _Env(_NO_DEVICE, (0, 0), {})
        found = {}
        for key, value in self.values.items():
            inner = value.args[0] if isinstance(value, ast.Call) and len(value.args) == 1 else value
            if isinstance(inner, (ast.Tuple, ast.List, ast.Set)) and inner.elts and env.value(inner) is not None:
                found[key] = ast.unparse(inner)
        return found


_NO_DEVICE = DeviceGates((0, 0))


def held_values(text: str, path: str, device: DeviceGates) -> Held:
    """The module's holders (``Held``); only the statements that can hold the capability are found
    (by searches of the text for what they read, not a pass over every line) and parsed: those
    naming a capability call, a top-level display of numbers, a local assigned from a call
    (``cap = p.get_device_capability()`` in the method that sets ``self.x = cap``), or one of those."""
    asking = _asking_pattern(device)
    found = _holder_starts(text, asking)
    if found is None:
        return Held({}, {})
    starts, read, asks = found
    # a function of no parameters holds a value only if it asks about the device
    functions = {m.group(1): m.start() for m in _at_line_starts(_TOP_NO_PARAMETERS, text)} if asks else {}
    if len(functions) > _MOST_HOLDERS:
        functions = {}  # 100,000 of them, each parsed, took 36 s: none is followed
    binds = _bind_counts(text, [*starts, *functions])
    values, owners = _statement_values(text, path, asking, starts, read, binds)
    values.update(_function_values(text, path, asking, functions, binds))
    return Held(values, owners)


def _holder_starts(text: str, asking: _Searcher) -> tuple[dict[str, int], set[str], bool] | None:
    """Each holder's name and its statement's offset, the names read through other holders, and whether
    any call asks about the device; None when nothing can hold a capability (or too much could)."""
    starts: dict[str, int] = {}  # key -> the offset of its statement's first line
    seeds: set[str] = set()
    lines_bind = _LineBinds(text)

    def bound_at(offset: int) -> None:
        line_start, bind, equals = lines_bind.at(offset)
        if bind is None or equals > offset:
            return  # the name read is not in the assigned value
        indent, is_self, name, plain = bind.groups()
        if is_self or not indent:
            if plain:
                starts.setdefault(f"self.{name}" if is_self else name, line_start)
        elif plain:
            seeds.add(name)

    asks = False
    for found in asking.finditer(text):
        asks = True
        bound_at(found.start())
    for found in _at_line_starts(_TOP_COLLECTION, text):
        if _COLLECTION.match(text, found.start(), found.start() + _MOST_HELD_CHARS):  # numbers in it: ``{90, 100}``
            starts.setdefault(found.group(1), found.start())
    if not asks and not starts:
        return None  # no call asks about the device, no set of numbers: nothing can hold a capability
    read: set[str] = set()
    for _ in range(3):  # holders read through holders: ``_CAP = get(); _IS_NEW = _CAP >= (10, 0)``
        if len(starts) + len(seeds) > _MOST_HOLDERS:
            return None  # 200,000 sets of numbers: a pattern of them all, a parse of each (minutes)
        fresh = (set(starts) | seeds) - read
        read |= fresh
        words = _words(fresh)
        if words is None:
            break
        for count, found in enumerate(words.finditer(text)):
            if count >= _MOST_HELD_READS:
                break  # a name read everywhere (``x``): its holders are not followed further
            bound_at(found.start())
    return starts, read, asks


def _bind_counts(text: str, names: list[str]) -> Counter[str]:
    """How often each name (``x``, ``self.x``) is bound at a line's start (a ``global``/``nonlocal``
    counts twice): a holder bound more than once holds no one value."""
    binds: Counter[str] = Counter()
    if names:
        for name in dict.fromkeys(names):
            if count := _line_binds(text, name):
                binds[name] = count
        for found in _at_line_starts(_GLOBALS, text) if "global" in text or "nonlocal" in text else ():
            for name in found.group(1).split(","):
                binds[name.strip()] += 2
    return binds


def _line_binds(text: str, name: str) -> int:
    """The lines that bind ``name`` first thing (past their indentation): its occurrences found by
    ``str.find``, and each one's line read where only blanks precede it.  A pattern of
    each module's names was compiled twice a module and side (76 patterns, 10 of _bind_counts' 25 ms at
    500 upstream commits) and tried at every line start; a holder's name is in a few lines.  Past
    _MOST_FINDS occurrences the name's pattern is compiled after all (a loop in Python over a million of
    them took a second, the pattern's scan from line start to line start a few ms)."""
    body, tail = (name.removesuffix("()"), _CALL_BOUND) if name.endswith("()") else (name, _BOUND)
    count, line, last, indent_line, indent_end = 0, 0, 0, -1, 0
    for seen, at in enumerate(_occurrences(text, body) if body else ()):
        if seen >= _MOST_FINDS:
            return sum(1 for _ in _at_line_starts(re.compile(_BIND_OF.format(_pattern_of([name]).pattern)), text))
        if at and text[at - 1] not in " \t\n":
            continue  # (most: read inside a line)
        line = text.rfind("\n", last, at) + 1 or line  # its line's start: looked for back to the last one only
        last = at
        if line != indent_line:  # a line's blanks measured once (a long run of them, many names after it)
            indent_line, indent_end = line, _INDENT.match(text, line).end()  # type: ignore[union-attr]
        if at == indent_end and tail.match(text, at + len(body)):
            count += 1
    return count


def _statement_values(
    text: str, path: str, asking: _Searcher, starts: dict[str, int], read: set[str], binds: Counter[str]
) -> tuple[dict[str, ast.expr], dict[str, str]]:
    """The value each once-bound holder is assigned, and each ``self.`` holder's class: a method's
    locals inlined (``self.x = cap`` after ``cap = p.get_device_capability()``)."""
    values: dict[str, ast.expr] = {}
    owners: dict[str, str] = {}
    lines: list[str] | None = None
    outline: _Outline | None = None
    scopes: dict[str, tuple[dict[str, ast.expr], set[str]] | None] = {}
    for key, offset in sorted(starts.items()):
        if binds[key] != 1:
            continue
        lines = lines if lines is not None else code_lines(text)
        index = _line_at(text, offset)
        raw = _statement_text(lines, index)
        value = _statement_value(raw, path) if raw is not None else None
        if value is None or (key not in read and not asking.search(raw or "") and not _COLLECTION.match(raw or "")):
            continue
        if key.startswith("self."):
            outline = outline or _Outline(lines)
            at = outline.innermost(index)
            method = outline.headers[at][2] if at is not None else None
            if method is None or "." not in method:
                continue
            owners[key] = method.rpartition(".")[0]
            if method not in scopes:
                scopes[method] = _scope_of(outline, method, path)
            scope = scopes[method]
            if scope is None:
                continue
            value = _inlined(value, *scope)
        values[key] = value
    return values, owners


def _scope_of(outline: _Outline, method: str, path: str) -> tuple[dict[str, ast.expr], set[str]] | None:
    block = outline.block(method)
    module = parse_python(block[1], path) if block is not None else None
    return _method_names(module.body[0]) if module is not None and len(module.body) == 1 else None


def _function_values(
    text: str, path: str, asking: _Searcher, functions: dict[str, int], binds: Counter[str]
) -> dict[str, ast.expr]:
    """``name()`` -> the one value a top-level function of no parameters that asks about the device
    returns (``def _cap(): return p.get_device_capability()``)."""
    values: dict[str, ast.expr] = {}
    defined = Counter(m.group(1) for m in _at_line_starts(_TOP_DEFS, text)) if functions else Counter[str]()
    for name, offset in sorted(functions.items()):
        if binds[name] or defined[name] != 1:
            continue  # assigned too, or defined twice
        end = _TOP_LEVEL.search(text, text.find("\n", offset) + 1 or len(text))
        source = text[offset : end.start() if end is not None else len(text)]
        if len(source) > _MOST_HELD_CHARS or not asking.search(source):
            continue
        returned = _only_return(parse_python(source, path))
        if returned is not None:
            values[f"{name}()"] = returned
    return values


def _only_return(module: ast.Module | None) -> ast.expr | None:
    """What a module of one function returns when its body (past a docstring) is one ``return``."""
    if (
        module is None
        or len(module.body) != 1
        or not isinstance(module.body[0], (ast.FunctionDef, ast.AsyncFunctionDef))
    ):
        return None
    body = module.body[0].body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]  # a docstring
    if len(body) == 1 and isinstance(body[0], ast.Return) and body[0].value is not None:
        return body[0].value
    return None


# Patterns of a line's start, matched through _at_line_starts: each begins with the newline before
# the line, not ``^`` (multi-line ``^`` makes the engine try every position: 2-7x slower over a large
# module than skipping from newline to newline).
# a binding of a name (_line_binds): ``x = ``, ``self.x: T = ``, ``x += ``: the name at a line's start past its
# blanks (_INDENT), then what follows a bound name; _BIND_OF, of the name's pattern (``{}``), past _MOST_FINDS
_BIND_OF = r"\n[ \t]*((?:{}))[ \t]*(?::[^=\n]+)?(?:[-+*/%&|^@]|//|\*\*|>>|<<)?=(?!=)"
_INDENT = lazy_pattern(r"[ \t]*")
_BOUND = lazy_pattern(r"(?!\w)[ \t]*(?::[^=\n]+)?(?:[-+*/%&|^@]|//|\*\*|>>|<<)?=(?!=)")  # (``\b`` past a name)
_CALL_BOUND = lazy_pattern(r"\([ \t]*(?::[^=\n]+)?(?:[-+*/%&|^@]|//|\*\*|>>|<<)?=(?!=)")  # a key ``f()``: ``f(``
_GLOBALS = lazy_pattern(r"\n[ \t]*(?:global|nonlocal)[ \t]+([\w, \t]+)")
_TOP_NO_PARAMETERS = lazy_pattern(r"\n(?:async[ \t]+)?def[ \t]+([A-Za-z_]\w*)[ \t]*\([ \t]*\)")
_TOP_DEFS = lazy_pattern(r"\n(?:async[ \t]+)?def[ \t]+([A-Za-z_]\w*)\b")  # counted in one pass


def _at_line_starts(pattern: re.Pattern[str], text: str) -> Iterator[re.Match[str]]:
    """The matches of a pattern that begins with a newline, at the start of each line of ``text``:
    matched in the text behind one more newline, so a match's ``start()`` is its line's offset in
    ``text`` (its groups' offsets are one more)."""
    return pattern.finditer("\n" + text)


class _Found(Protocol):
    """What the line filters ask of a match: where it is."""

    def start(self) -> int: ...

    def end(self) -> int: ...


class _Searcher(Protocol):
    """What a line filter needs of a pattern: a compiled one, the device's words (``_Literals``) or a
    module's holders (``_Keys``)."""

    def finditer(self, string: str, /) -> Iterator[_Found]: ...

    def search(self, string: str, /) -> _Found | None: ...


class _Literals:
    """An alternation of plain words (the device's calls and types), its matches over a whole module
    found as the compiled alternation finds them: each word's occurrences by ``str.find``, the pattern
    matched only where one starts.  Python's engine tries every offset of the text against the
    alternation's first characters (9 ms a MB; the gate child read 4.2 MB so at 500 upstream commits,
    14% of its CPU); a word's ``find`` skips to it."""

    def __init__(self, words: tuple[str, ...]) -> None:
        self.words = words
        self.pattern = re.compile("|".join(map(re.escape, words)))

    def finditer(self, string: str, /) -> Iterator[re.Match[str]]:
        """The compiled alternation's ``finditer``: at each offset where a word starts and no earlier
        match reaches, the first word (in order) that matches there."""
        if not all(self.words):
            yield from self.pattern.finditer(string)  # an empty word matches everywhere: no offsets to find
            return
        end = 0
        for at in sorted({at for word in self.words for at in _occurrences(string, word)}):
            if at >= end and (found := self.pattern.match(string, at)) is not None:
                end = found.end()
                yield found

    def search(self, string: str, /) -> re.Match[str] | None:
        return self.pattern.search(string)  # a statement's text, not a module's


def _occurrences(text: str, word: str) -> Iterator[int]:
    """Every offset ``word`` starts at, overlapping ones too (a match may begin inside another's)."""
    at = text.find(word)
    while at >= 0:
        yield at
        at = text.find(word, at + 1)


@functools.cache
def _asking_pattern(device: DeviceGates) -> _Literals:
    return _Literals(device.words)


# a top-level line that ends a top-level function (not a comment or a closing bracket)
_TOP_LEVEL = lazy_pattern(r"^(?=[^\s#)\]}])", re.MULTILINE)
# an assignment whose value is a display (or a container call) that holds a number: ``{90, 100}``
_COLLECTION = lazy_pattern(
    r"[A-Za-z_][\w.]*[ \t]*(?::[^=\n]+)?=[ \t]*(?:frozenset|set|tuple|list)?[ \t]*[\[({][^=]*\d", re.DOTALL
)


@functools.cache
def _LOCAL_ASKING(device: DeviceGates) -> re.Pattern[str]:  # noqa: N802 (a pattern, built once per device)
    calls = "|".join(map(re.escape, device.names))
    return re.compile(rf"^[ \t]+([A-Za-z_]\w*)[ \t]*(?::[^=\n]+)?=(?!=)[^\n]*(?:{calls})", re.MULTILINE)


def _statement_text(lines: list[str], index: int) -> str | None:
    """The assignment that starts at ``lines[index]``: its lines to where the brackets close."""
    depth, end = 0, index
    while end < len(lines) and end - index < _MOST_HELD_LINES:
        code = _code(lines[end])
        depth += sum(code.count(c) for c in "([{") - sum(code.count(c) for c in ")]}")
        end += 1
        if depth <= 0 and not code.endswith("\\"):
            break
    text = "\n".join([lines[index].lstrip(), *lines[index + 1 : end]])
    return text if len(text) <= _MOST_HELD_CHARS else None


def _statement_value(text: str, path: str) -> ast.expr | None:
    """The value of the assignment ``text``."""
    module = parse_python(text, path)
    if module is None or len(module.body) != 1:
        return None
    node = module.body[0]
    if isinstance(node, ast.Assign) and len(node.targets) == 1:
        return node.value
    if isinstance(node, ast.AnnAssign) and node.value is not None:
        return node.value
    return None


def _method_names(node: ast.stmt) -> tuple[dict[str, ast.expr], set[str]] | None:
    """A method's locals assigned once, and every name it binds (its parameters too)."""
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    once, assigned = _assigned(node)
    return once, assigned | {a.arg for a in ast.walk(node.args) if isinstance(a, ast.arg)}


_OPAQUE = "<local>"  # a name no holder has: a local of the assigning method whose value is not known


def _inlined(value: ast.expr, once: dict[str, ast.expr], bound: set[str]) -> ast.expr:
    """``value`` with the locals of the method that assigned it replaced by their values (a few
    levels), and the method's other locals and parameters by a name that reads as unknown."""

    class _Inline(ast.NodeTransformer):
        def __init__(self) -> None:
            self.depth = 0

        def visit_Name(self, node: ast.Name) -> ast.AST:
            if node.id not in bound:
                return node  # the module's
            if node.id not in once or self.depth >= 8:
                return ast.Name(_OPAQUE, ast.Load())
            self.depth += 1
            try:
                inner: ast.AST = self.visit(copy.deepcopy(once[node.id]))
                return inner
            finally:
                self.depth -= 1

    result = _Inline().visit(copy.deepcopy(value))
    return result if isinstance(result, ast.expr) else value


def _code(line: str) -> str:
    """The line without a trailing comment (one that holds no quote), right-stripped."""
    at = line.find("#")
    if at >= 0 and "'" not in line[at:] and '"' not in line[at:]:
        line = line[:at]
    return line.rstrip()


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


class _HeldPair:
    """The holders of the fork branch's version and of the merged one, and what they change."""

    def __init__(self, before: Held, after: Held, device: DeviceGates, texts: tuple[str, str]) -> None:
        self.before, self.after, self.device = before, after, device
        derived = before.derived(device) | after.derived(device)
        was, now = before.collections(), after.collections()
        changed = {k for k in was.keys() | now.keys() if was.get(k) != now.get(k)}
        if changed:  # only a set read beside a capability: ``cap.to_int() in _SUPPORTED``
            beside = _words([*derived, *(m.group(1) for t in texts for m in _LOCAL_ASKING(device).finditer(t))])
            changed = {k for k in changed if _read_beside(k, texts, device, beside)}
        self.words = derived | changed
        self.holders = _words(derived)  # a name holding the capability, where a line reads it
        self.reread = _words(changed)  # a set of capabilities that changed: every reader is touched

    def asked_in(self, diff: str) -> bool:
        """Whether upstream's diff of the file changed a line naming a holder of the capability, or a set of them."""
        if self.reread is not None:
            return True
        if self.holders is None:
            return False
        return any(line[:1] in "+-" and self.holders.search(line) for line in diff.splitlines())

    def touched(self, before: str, after: str) -> bool:
        """A scope whose text changed and asks about the device, or that reads a set of capabilities that changed."""
        if self.reread is not None and (self.reread.search(before) or self.reread.search(after)):
            return True
        if before == after:
            return False
        if any(name in after or name in before for name in self.device.words):
            return True
        return self.holders is not None and bool(self.holders.search(before) or self.holders.search(after))


def _read_beside(key: str, texts: tuple[str, str], device: DeviceGates, beside: _Keys | None) -> bool:
    """Whether a line of either text reads ``key`` beside a capability call, a holder of one, or a
    capability's parts (``.major``, ``to_int()``)."""
    word = _words([key])
    for text in texts:
        for found in word.finditer(text) if word is not None else ():
            start, end = text.rfind("\n", 0, found.start()) + 1, text.find("\n", found.end())
            line = text[start : end if end >= 0 else len(text)]
            if _CAPABILITY_PARTS.search(line) or any(n in line for n in device.words):
                return True
            if beside is not None and beside.search(line):
                return True
    return False


_CAPABILITY_PARTS = lazy_pattern(r"\.(?:major|minor)\b|\bto_int\(")


def _may_read_held(diff: str, text: str | None, path: str, device: DeviceGates) -> bool:
    """Whether upstream's diff of a file (that names a capability call somewhere, not in its diff)
    can change what a holder gives: a changed line names one of the merged file's holders, or is an
    entry of a multi-line set (``    121,``)."""
    if text is None:
        return False
    changed = [line for line in diff.splitlines() if line[:1] in "+-" and not line.startswith(("+++", "---"))]
    if any(_ENTRY.match(line) for line in changed):
        return True
    named = _names_read(changed)
    if not named:
        return False
    holders = {m.group(1) for m in _at_line_starts(_TOP_COLLECTION, text)} | {
        m.group(1) for m in _at_line_starts(_TOP_NO_PARAMETERS, text)
    }
    lines_bind = _LineBinds(text)
    for found in _asking_pattern(device).finditer(text):  # the names assigned on a line naming a call
        bind = lines_bind.at(found.start())[1]
        if bind is not None:
            holders.add(f"self.{bind.group(3)}" if bind.group(2) else bind.group(3))
    return bool(named & holders)


_NAMED = lazy_pattern(r"(?<![\w.])((?:self\.)?[A-Za-z_]\w*)")  # a name or ``self.x`` as a line reads it


def _names_read(lines: list[str]) -> set[str]:
    """The names (``_NAMED``) the lines read, found by one search of the lines joined, not one a line
    (2,040 searches in a 500-commit merge): a name holds no line end, and one after a line end is read as
    one at a line's start (a line end is neither a word character nor a dot)."""
    return set(_NAMED.findall("\n".join(lines)))


_TOP_COLLECTION = lazy_pattern(  # a line's start: through _at_line_starts
    r"\n([A-Za-z_]\w*)[ \t]*(?::[^=\n]+)?=[ \t]*(?:frozenset|set|tuple|list)?[ \t]*[\[({]"
)
# ``    121,``: each run of blanks follows a character it must (runs side by side, the optional ``(``,
# ``)`` and ``,`` between them, shared 2,000 blanks among themselves in 117 s)
_ENTRY = lazy_pattern(r"[-+][ \t]*(?:\([ \t]*)?\d+[ \t]*(?:,[ \t]*\d+[ \t]*)?(?:\)[ \t]*)?(?:,[ \t]*)?(?:#.*)?$")


def _words(keys: Collection[str]) -> _Keys | None:
    """The keys as read in code (``self.x``, ``x``, ``f(``), whole words (None for no keys)."""
    return _Keys(keys) if keys else None


def _pattern_of(keys: Collection[str]) -> re.Pattern[str]:
    """The keys' pattern: each one's "not after a name or a dot" is asserted after its first character,
    not before it: a pattern that begins with its literals lets the engine skip to where one can start (a
    pattern that begins with the assertion tries every position: 3-5x slower over a large module)."""
    parts = []
    for key in keys:
        body = key.removesuffix("()") if key.endswith("()") else key
        tail = r"\(" if key.endswith("()") else r"\b"
        if body:
            first = re.escape(body[0])
            parts.append((re.escape(body) + tail, rf"{first}(?<![\w.]{first}){re.escape(body[1:])}{tail}"))
        else:
            parts.append((tail, rf"(?<![\w.]){tail}"))
    return re.compile("(?:" + "|".join(part for _, part in sorted(parts)) + ")")


class _Span:
    """Where a key was read: what callers of ``_Keys`` ask of a match."""

    __slots__ = ("_end", "_start")

    def __init__(self, start: int, end: int) -> None:
        self._start, self._end = start, end

    def start(self) -> int:
        return self._start

    def end(self) -> int:
        return self._end


class _Keys:
    """The matches of the keys' pattern (``_pattern_of``), found without compiling it: each key's
    occurrences by ``str.find``, each one's neighbours checked as the pattern checks them (no name's
    character or dot before it; past it a ``(`` for ``f()``, else the end of the word).  A module's
    holders are a few names read a few times, and their pattern was compiled for each module and side
    (85 patterns, 27 ms of the gate child's ~250 at 500 upstream commits).  Keys not of a name's
    characters and dots, or read more than _MOST_FINDS times in a text, are left to the compiled pattern
    (a loop in Python over each occurrence would be slower than the engine)."""

    def __init__(self, keys: Collection[str]) -> None:
        # in the order of the pattern's alternatives: where two keys match at one offset (``f(`` and ``f``),
        # the first one's match is the pattern's
        order = sorted((re.escape(k.removesuffix("()")) + (r"\(" if k.endswith("()") else r"\b"), k) for k in keys)
        self.keys = tuple(dict.fromkeys(k for _, k in order))
        self._plain = all(_KEY_TEXT.fullmatch(k.removesuffix("()")) for k in self.keys)

    @functools.cached_property
    def pattern(self) -> re.Pattern[str]:
        return _pattern_of(self.keys)

    def finditer(self, string: str, /) -> Iterator[_Span | re.Match[str]]:
        found = self._found(string) if self._plain else None
        if found is None:
            return self.pattern.finditer(string)
        return (_Span(at, end) for at, end in sorted(found.items()))

    def search(self, string: str, /) -> _Span | re.Match[str] | None:
        return next(self.finditer(string), None)

    def _found(self, text: str) -> dict[int, int] | None:
        """Each match's start and end; None past _MOST_FINDS occurrences.  No match can start inside
        another (a key's characters are a name's, dots and a last ``(``: a start after one of the first
        is no match, after the ``(`` it is the other's end), so these are the pattern's ``finditer``."""
        found: dict[int, int] = {}
        seen = 0
        for key in self.keys:
            call = key.endswith("()")
            body = key.removesuffix("()")
            for at in _occurrences(text, body):
                seen += 1
                if seen > _MOST_FINDS:
                    return None
                if at in found or (at and _NAME_OR_DOT.match(text, at - 1)):
                    continue
                end = at + len(body)
                if call:
                    if text.startswith("(", end):
                        found[at] = end + 1
                elif _is_word(text, end - 1) != _is_word(text, end):  # the end of a word (``\b``)
                    found[at] = end
        return found


_KEY_TEXT = lazy_pattern(r"[\w.]+")  # a key of these characters (a name, ``self.x``) is found by ``str.find``
_NAME_OR_DOT = lazy_pattern(r"[\w.]")
_WORD_CHARACTER = lazy_pattern(r"\w")
_MOST_FINDS = 2_000  # a key's occurrences looked at one by one in a text; past them, the compiled pattern


def _is_word(text: str, at: int) -> bool:
    """Whether the character at ``at`` is a word character (``\\w``) (outside the text: no)."""
    return 0 <= at < len(text) and _WORD_CHARACTER.match(text, at) is not None


def _text(node: ast.AST, lines: list[str]) -> str:
    start, end = getattr(node, "lineno", 1), getattr(node, "end_lineno", None) or len(lines)
    return "\n".join(lines[start - 1 : end])


def _changed(
    old: list[Gate], new: list[Gate], scopes: frozenset[str], held: frozenset[str] = frozenset()
) -> Iterator[tuple[Gate | None, Gate]]:
    """(the fork branch's gate or None for a new one, the merged gate) whose value for the device
    changed; ``held``: the keys of holders read from outside a function (the same check's text, read
    through one of them, may change its value)."""
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
        for op, a0, a1, b0, b1 in opcodes([g.text for g in was], [g.text for g in gates], autojunk=False):
            extra: list[Gate] = []
            if op == "equal":  # the same text, another value: a holder read from outside changed
                for a, b in zip(was[a0:a1], gates[b0:b1], strict=True):
                    if b.truth is not None and b.truth != a.truth and any(k in held for k in b.asks):
                        yield a, b
            if op == "replace":
                only = len(was) == 1 and len(gates) == 1  # the function's one check of this kind, rewritten
                for a, b in zip(was[a0:a1], gates[b0:b1], strict=False):
                    if not alike(a.text, b.text) and not (only and b.slot == "return"):
                        extra.append(b)  # not the same check rewritten: a new one
                    elif b.truth is not None:
                        now = _uninverted(a, b)
                        if now.truth != a.truth and not _split(a, now):
                            yield a, now
                extra += gates[b0 + (a1 - a0) : b1]
            elif op == "insert":
                extra = gates[b0:b1]
            for b in extra:  # a new check, in a function the fork had, that the device meets and that diverts
                new_question = not b.asks - b.known <= asked.get(b.scope, frozenset())  # not asked before
                if b.truth is True and b.diverts and b.scope in scopes and new_question:
                    yield None, b


_TOKEN = lazy_pattern(r"\w+|[^\w\s]")


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


def alike(a: str, b: str) -> bool:
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
        what = f"upstream added a capability check that a {device.label} device meets: `{short(now.text)}` in {where}"
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
    before = "true" if was.truth else "false" if was.truth is False else "undecided by the device alone"
    change = (
        f"upstream changed a capability check in {where}: for a {device.label} device `{short(now.text)}` is "
        f"{'true' if now.truth else 'false'} (the fork branch's `{short(was.text)}` was {before}){commit}"
    )
    if was.text == now.text:  # the check is the same; a value it reads from outside the function is not
        change = (
            f"upstream changed a value that a capability check in {where} reads: for a {device.label} device "
            f"`{short(now.text)}` is {'true' if now.truth else 'false'} (with the fork branch's value it was "
            f"{before}){commit}"
        )
    if now.lost:
        singled = now.sibling != now.truth  # its sibling keeps the path: the device alone was moved off it
        severity = device.severity if singled else Severity.WARNING
        sibling = label_of(sibling_of(device.capability))
        why = f"unlike a {sibling} device" if singled else f"as for a {sibling} device"
        hint = f"the device no longer takes this path ({why}): check that it still runs the kernels it should"
        return Finding(RULE, "merge", severity, path, now.line, f"{change}; {hint}")
    hint = "the device now takes this path: check that it works there"
    return Finding(RULE, "merge", Severity.WARNING, path, now.line, f"{change}; {hint}")


def label_of(capability: tuple[int, int]) -> str:
    return f"{capability[0]}.{capability[1]}"


def joined(op: ast.boolop, values: list[_Truth]) -> _Truth:
    """``and``/``or`` in three values: a certain operand decides, else all of them must be certain."""
    if isinstance(op, ast.And):
        return False if False in values else True if all(v is True for v in values) else None
    return True if True in values else False if all(v is False for v in values) else None


# -- the gates of one module -----------------------------------------------------------------------
_BOOLEAN = (ast.BoolOp, ast.Compare)


def _scope(
    node: ast.AST, name: str, device: DeviceGates, held: Held | None, walrus: bool
) -> tuple[dict[str, ast.expr], dict[str, ast.expr]]:
    """What the names of a function (or a module or class body) hold: its own assignments, the module's
    holders it does not shadow, and the parameters that hold the capability; and those holders alone."""
    local, assigned = _assigned(node, walrus)
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return local, {}
    outer: dict[str, ast.expr] = {}
    if held is not None:
        shadowed = assigned | {a.arg for a in ast.walk(node.args) if isinstance(a, ast.arg)}
        outer = held.visible(name, shadowed)
        local = {**outer, **local}
    if device.capability_types or device.capability_numbers:
        local = {**_capability_parameters(node, device, assigned), **local}
    return local, outer


def _gates_in(
    node: ast.AST,
    name: str,
    device: DeviceGates,
    held: Held | None = None,
    walrus: bool = True,
    lines: Sequence[str] | None = None,
) -> list[Gate]:
    """The gates of one function (or the module, or a class body), not of the scopes it holds; ``held``:
    the module's names, ``self.x`` and functions that hold a value, read through where not shadowed;
    ``walrus``: whether its text may hold an assignment expression; ``lines``: the text its line
    numbers index (``code_lines``), when known: then only the statements and expressions on a line
    naming a call or a holder that may ask about the device are walked (a touched function of a
    thousand lines asks on a few)."""
    found: list[Gate] = []
    local, outer = _scope(node, name, device, held, walrus)
    near = _near_lines(node, lines, _may_ask(local, device)) if lines is not None else None
    env, sibling = _Env(device, device.capability, local), _Env(device, sibling_of(device.capability), local)
    calls = frozenset(device.names)
    passed = {key for key, value in local.items() if value is _PASSED or value is _PASSED_NUMBER}

    def bare(expr: ast.expr) -> bool:
        """A holder from outside the function read alone: ``if self.is_sm100:``, ``return _IS_SM100``."""
        key = _key(expr)
        return key is not None and key in outer and env.derived(key)

    unreached: list[tuple[int, int]] = []  # the ``elif``/``else`` of an ``if`` the device always takes
    for parent, child, slot in _slots(node, calls, bare, near):
        line = getattr(child, "lineno", 0)
        if any(start <= line <= end for start, end in unreached):
            continue  # the device never gets here, on either side
        if _mentions(child, device, env):
            body = parent.body if isinstance(parent, ast.If) and slot == "if" else []
            asks = (
                frozenset(ast.unparse(c) for c in _calls(child, calls))
                | {key for sub in ast.walk(child) if (key := _key(sub)) is not None and key in outer}
                # a parameter that holds the capability: its question (a signature names it before it is asked)
                | {f"{key} (passed in)" for sub in ast.walk(child) if (key := _key(sub)) in passed}
            )
            truth, other = env.truth(child), sibling.truth(child)
            if truth is True and isinstance(parent, ast.If) and slot == "if":
                unreached += _unreached(node, parent)
            parts = tuple((ast.unparse(v), env.truth(v)) for v in child.values) if isinstance(child, ast.BoolOp) else ()
            negates = ast.unparse(child.operand) if isinstance(child, ast.UnaryOp) else None  # a ``not``
            gate = Gate(
                name, slot, ast.unparse(child), line, truth, _diverts(body), _refuses(body), other, asks, parts, negates
            )
            if body and isinstance(body[-1], ast.Raise):
                gate = dataclasses.replace(gate, raised=_raised(body[-1]))
            found.append(gate)
    return found


def _capability_parameters(
    function: ast.FunctionDef | ast.AsyncFunctionDef, device: DeviceGates, assigned: set[str]
) -> dict[str, ast.expr]:
    """The function's parameters annotated with one of the capability types (``capability:
    DeviceCapability``, ``Optional[...]`` or a string annotation too), or named in the capability
    numbers, that it never reassigns."""
    found: dict[str, ast.expr] = {}
    for arg in ast.walk(function.args):
        if isinstance(arg, ast.arg) and arg.arg in device.capability_numbers and arg.arg not in assigned:
            found[arg.arg] = _PASSED_NUMBER
            continue
        if not isinstance(arg, ast.arg) or arg.annotation is None or arg.arg in assigned:
            continue
        annotation = arg.annotation
        text = annotation.value if isinstance(annotation, ast.Constant) else ast.unparse(annotation)
        if isinstance(text, str) and _one_capability(text, device.capability_types):
            found[arg.arg] = _PASSED
    return found


def _one_capability(annotation: str, types: tuple[str, ...]) -> bool:
    """``T``, ``mod.T``, ``T | None`` or ``Optional[T]`` for one of ``types``: one capability, not a
    list or a mapping of them."""
    text = re.sub(r"^Optional\[(.*)\]$|^(.*?)\s*\|\s*None$|^None\s*\|\s*(.*)$", r"\1\2\3", annotation.strip())
    return text.rsplit(".", 1)[-1] in types and re.fullmatch(r"[\w.]+", text) is not None


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


def sibling_of(capability: tuple[int, int]) -> tuple[int, int]:
    """The device of the same major version it is most often grouped with: x.0, or x.1 for an x.0."""
    major, minor = capability
    return (major, 0) if minor else (major, 1)


def _calls(node: ast.AST, calls: frozenset[str]) -> Iterator[ast.Call]:
    """The capability calls in ``node`` with what they ask (``p.is_device_capability(100)`` -> the call alone)."""
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call) and _callee(sub) in calls:
            yield ast.Call(ast.Name(str(_callee(sub))), sub.args, sub.keywords)


_BARE_SLOTS = (ast.If, ast.While, ast.IfExp, ast.Return, ast.Assign, ast.AnnAssign, ast.keyword)


def _slots(
    scope: ast.AST,
    calls: frozenset[str],
    bare: Callable[[ast.expr], bool] = lambda _: False,
    near: list[int] | None = None,
) -> Iterator[tuple[ast.AST, ast.expr, str]]:
    """(parent, maximal boolean-ish expression, what its value goes to) in the scope, not in scopes it holds;
    with ``near`` (sorted line numbers), only in the nodes spanning one of those lines."""
    stack: list[tuple[ast.AST, ast.AST]] = [(scope, child) for child in reversed(list(ast.iter_child_nodes(scope)))]
    while stack:
        parent, node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if near is not None and not _spans_one(node, near):
            continue
        if isinstance(node, ast.expr) and _is_gate_shape(node, calls) and not _is_gate_shape_parent(parent, node):
            yield parent, node, _slot(parent, node)
            continue  # its parts are not gates of their own
        if isinstance(node, ast.expr) and isinstance(parent, _BARE_SLOTS) and bare(node):
            if not isinstance(parent, ast.IfExp) or parent.test is node:
                yield parent, node, _slot(parent, node)
                continue
        stack.extend((node, child) for child in reversed(list(ast.iter_child_nodes(node))))


def _may_ask(local: dict[str, ast.expr], device: DeviceGates) -> frozenset[str]:
    """The words a gate that asks about the device reads one of (``_mentions``): the device's calls,
    and the holders whose value may come from its capability, read through one another.  A superset
    of the holders ``_Env.derived`` finds (it stops at a cycle and at _MOST_DEPTH), found without it:
    the gates' own evaluation order is left as it was."""
    calls = frozenset(device.names)
    asking: list[str] = []
    readers: dict[str, list[str]] = {}  # a holder -> the holders whose value reads it
    for key, value in local.items():
        for sub in ast.walk(value):
            if sub is _PASSED or sub is _PASSED_NUMBER or (isinstance(sub, ast.Call) and _callee(sub) in calls):
                asking.append(key)
                break
            read = _key(sub)
            if read is not None and read in local:
                readers.setdefault(read, []).append(key)
    found = set(asking)
    while asking:
        for reader in readers.get(asking.pop(), ()):
            if reader not in found:
                found.add(reader)
                asking.append(reader)
    return calls | {key.removeprefix("self.").removesuffix("()") for key in found}


def _near_lines(node: ast.AST, lines: Sequence[str], words: frozenset[str]) -> list[int] | None:
    """The line numbers (1-based, as ``node``'s) within ``node`` that hold one of ``words``; None when
    ``lines`` are not the text it was parsed from (every node is walked then)."""
    start, end = getattr(node, "lineno", 1), getattr(node, "end_lineno", None) or len(lines)
    if not 1 <= start <= end <= len(lines):
        return None
    present = [word for word in words if word in "\n".join(lines[start - 1 : end])]
    return [number for number in range(start, end + 1) if any(word in lines[number - 1] for word in present)]


def _spans_one(node: ast.AST, near: list[int]) -> bool:
    """Whether ``node`` spans one of the lines ``near`` (sorted); a node without lines (an operator, a
    comprehension) may."""
    start, end = getattr(node, "lineno", None), getattr(node, "end_lineno", None)
    if start is None or end is None:
        return True
    at = bisect.bisect_left(near, start)
    return at < len(near) and near[at] <= end


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


def _raised(node: ast.Raise) -> str:
    """The class a ``raise`` names (``raise ValueError(...)``, ``raise errors.Refused``), "" for any other."""
    exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
    if isinstance(exc, ast.Name):
        return exc.id
    return exc.attr if isinstance(exc, ast.Attribute) else ""


def _assigned(scope: ast.AST, walrus: bool = True) -> tuple[dict[str, ast.expr], set[str]]:
    """Local names the scope assigns exactly once with a plain ``=`` (a name or a two-name unpack),
    and every name it assigns.

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
    return {name: value for name, value in values.items() if counts.get(name) == 1}, set(counts)


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
    """Whether the expression asks about the device (a named call, or a name holding the capability:
    a local, a module's name, ``self.x``, a module function of no parameters that returns it)."""
    return any(True for _ in _asking(node, device, env))


def _asking(node: ast.AST, device: DeviceGates, env: _Env) -> Iterator[str]:
    """What in the expression asks about the device: the named calls' names, the holders' keys."""
    names = set(device.names)
    for sub in ast.walk(node):
        if sub is _PASSED or sub is _PASSED_NUMBER:
            yield sub.id
        if isinstance(sub, ast.Call) and _callee(sub) in names:
            yield str(_callee(sub))
        key = _key(sub)
        if key is not None and key in env.locals and env.derived(key):
            yield key


def _key(node: ast.AST) -> str | None:
    """What a holder of a value is known by: ``x``, ``self.x``, ``f()`` (a call of no arguments)."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
        return f"self.{node.attr}"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and not node.args and not node.keywords:
        return f"{node.func.id}()"
    return None


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

    def _follows(self, node: ast.AST) -> str | None:
        """The key of a holder to read through (a local, ``self.x``, ``f()``): not one being read (``a = b; b = a``)."""
        key = _key(node)
        return key if key is not None and key in self.locals and key not in self._busy else None

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

    def _through(self, evaluate: Callable[[ast.AST], _E], key: str) -> _E:
        """``evaluate`` of the value a holder was assigned, the holder marked as being read meanwhile."""
        self._busy.add(key)
        try:
            return evaluate(self.locals[key])
        finally:
            self._busy.discard(key)

    def _truth(self, node: ast.AST) -> _Truth:
        if isinstance(node, ast.BoolOp):
            return joined(node.op, [self.truth(v) for v in node.values])
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            inner = self.truth(node.operand)
            return None if inner is None else not inner
        if isinstance(node, ast.Constant) and isinstance(node.value, bool):
            return node.value
        if (key := self._follows(node)) is not None:
            return self._through(self.truth, key)
        if isinstance(node, ast.Call):
            return self._predicate(node)
        if isinstance(node, ast.Compare):
            return self._compare(node)
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
        if node is _PASSED:
            return self.cap
        if node is _PASSED_NUMBER:
            return self.number
        if (key := self._follows(node)) is not None:
            return self._through(self.value, key)
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
            if name in self.device.capability_types and len(node.args) == 2 and not node.keywords:
                pair = (self.value(node.args[0]), self.value(node.args[1]))  # ``DeviceCapability(8, 0)``
                return pair if all(_number(v) for v in pair) else None
            if isinstance(node.func, ast.Name) and name in _CONTAINERS and len(node.args) == 1 and not node.keywords:
                listed = node.args[0]  # ``frozenset({90, 100})``
                return self.value(listed) if isinstance(listed, (ast.Tuple, ast.List, ast.Set)) else None
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
        return None


_CONTAINERS = frozenset({"frozenset", "set", "tuple", "list"})


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
    compare = COMPARE.get(type(op))
    return None if compare is None else compare(left, right)


COMPARE: dict[type[ast.cmpop], Callable[[Any, Any], bool]] = {
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
