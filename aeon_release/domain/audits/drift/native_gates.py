"""Native device gates: upstream changed a C++/CUDA capability guard, and the fork's device takes another path.

The kernels a fork's device runs are chosen in the native sources too: ``#if __CUDA_ARCH__ >= 1000 &&
__CUDA_ARCH__ < 1200`` compiles a kernel body for some archs, ``if (version_num >= 120)`` dispatches to
one at run time.  Upstream writes those guards for its devices: ``version_num >= 100`` became
``version_num == 100``, and a 10.3 device is sent to the fallback while the build and every answer
stay right.

The device's capability is read through the names ``settings: device`` gives (``native_arch``: a
macro or name holding major * 100 + minor * 10, ``native_version``: major * 10 + minor; a call of no
arguments counts as its name).  Each guard of a changed native file that names one (``#if``/``#elif``,
``if (...)``, ``return ...;``) is evaluated for the device in three-valued logic, in the fork branch's
version and in the merged one; a name's ``defined(...)`` is true (the device's own compile pass), any
other operand is unknown.  The guards are paired in order, by their text (a guard rewritten beyond
recognition counts as a new one, and a new guard is not judged: new kernels come with their own).  A
finding when the merged guard's value for the device is certain and differs: the device loses the
path (an error when its sibling, x.0 for x.1, keeps it; a warning when the family goes with it), or
it gains one (a warning).

Cheap: only the native files whose upstream diff names one of the names are read, each scanned line
by line (no C++ parse).
"""

from __future__ import annotations

import ast
import bisect
import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.adapters import git as repo
from aeon_release.domain.audits.diffs import changed_files_containing
from aeon_release.domain.audits.drift.device_gates import COMPARE, alike, joined, label_of, sibling_of
from aeon_release.domain.audits.drift.sides import ThreeTrees, commit_note, opcodes
from aeon_release.domain.audits.merge_rules import DEVICE_GATE as RULE
from aeon_release.domain.audits.model import DeviceGates, Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, quiet_parse, short

NATIVE_SUFFIXES = (".cu", ".cuh", ".cpp", ".cc", ".cxx", ".c", ".h", ".hpp", ".inl")
_MOST_GUARD_LINES = 12  # an ``if (`` whose parenthesis does not close within this many lines is not read
_MOST_GUARD_CHARS = 1_000
# What reading one file's guards may take: lines read for a guard (its own and those it goes on over),
# and guards evaluated (~0.1 ms each).  A real csrc file takes tens to hundreds of each; 100,000 guards
# took 40 s, and a file past either is not read (a warning says so).
_MOST_LINES = 50_000
_MOST_GUARDS = 5_000
_Truth = bool | None
_BOUND = lazy_pattern(r"\b\d+\b")  # the numbers a guard compares with


@dataclass(frozen=True)
class Guard:
    kind: str  # "#if", "if", "return"
    text: str  # one line, spaces collapsed
    line: int
    truth: _Truth
    sibling: _Truth


def native_gate_drift(trees: ThreeTrees, device: DeviceGates | None, pr_pattern: str) -> list[Finding]:
    if device is None or not (device.native_arch or device.native_version):
        return []
    names = (*device.native_arch, *device.native_version)
    word = _words(names)
    paths = sorted(changed_files_containing(trees.repo, trees.base, trees.theirs, names, NATIVE_SUFFIXES, tests=True))
    if not paths:
        return []
    ours = trees.blobs(trees.ours, paths)
    found: dict[str, list[tuple[Guard, Guard]]] = {}
    unread: list[str] = []
    for path in paths:
        before, after = ours.get(path), trees.merged_text(path)
        if before is None or after is None or before == after:
            continue
        old, new = guards(before, device, word), guards(after, device, word)
        if old is None or new is None:
            unread.append(path)
            continue
        changed = list(_changed(old, new))
        if changed:
            found[path] = changed
    skipped = [_unread(path) for path in unread]
    if not found:
        return skipped
    history = repo.Git(trees.repo)
    commits = history.newest_matching(f"{trees.base}..{trees.theirs}", sorted(found), "|".join(map(re.escape, names)))
    notes = {p: ", in " + commit_note(c.sha, c.subject, pr_pattern) for p, c in commits.items()}
    return skipped + [
        _finding(path, a, b, device, notes.get(path, "")) for path, pairs in found.items() for a, b in pairs
    ]


def _words(names: tuple[str, ...]) -> re.Pattern[str]:
    """A pattern finding one of the names as a whole word (what ``\\b(?:A|B)\\b`` finds): each name's
    "no word character before it" asserted after its first character, which the engine can then skip
    to (a pattern that opens with ``\\b`` is tried at every offset of the text)."""
    parts = []
    for name in names:
        first, rest = re.escape(name[:1]), re.escape(name[1:])
        lead = rf"{first}(?<!\w{first})" if _WORD.match(name) else rf"\b{first}"
        parts.append(lead + rest + (r"(?!\w)" if _WORD.match(name[-1:]) else r"\b"))
    return re.compile("|".join(parts))


_WORD = lazy_pattern(r"\w")


def _unread(path: str) -> Finding:
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        0,
        f"native capability guards not read: more than {_MOST_LINES} lines or {_MOST_GUARDS} guards to read "
        "(no csrc file has this many); check by hand which paths the device takes in it",
    )


def _changed(old: list[Guard], new: list[Guard]) -> Iterator[tuple[Guard, Guard]]:
    # a list of guards that repeat is near-cubic for difflib alone (2,000: 0.7 s; 5,000, the most read: ~11 s)
    for op, a0, a1, b0, b1 in opcodes([f"{g.kind} {g.text}" for g in old], [f"{g.kind} {g.text}" for g in new], False):
        if op != "replace":
            continue
        for was, now in zip(old[a0:a1], new[b0:b1], strict=False):
            if now.truth is None or now.truth == was.truth or was.kind != now.kind:
                continue
            # one guard rewritten keeps a bound (``>= 120`` -> ``== 120``); two guards of different
            # kernels share only the name's tokens (#32224 added guards for [750, 800) above [900, ...))
            if alike(was.text, now.text) and set(_BOUND.findall(was.text)) & set(_BOUND.findall(now.text)):
                yield was, now


def _finding(path: str, was: Guard, now: Guard, device: DeviceGates, commit: str) -> Finding:
    before = "true" if was.truth else "false" if was.truth is False else "undecided by the device alone"
    change = (
        f"upstream changed a native capability guard: for a {device.label} device `{short(now.text)}` is "
        f"{'true' if now.truth else 'false'} (the fork branch's `{short(was.text)}` was {before}){commit}"
    )
    label = label_of(sibling_of(device.capability))
    if now.truth is False:
        singled = now.sibling is not False  # its sibling keeps the path: the device alone was moved off it
        severity = device.severity if singled else Severity.WARNING
        why = f"unlike a {label} device" if singled else f"as for a {label} device"
        hint = (
            f"the device no longer compiles or takes this path ({why}): check that it still runs the kernels it should"
        )
    else:
        severity, hint = Severity.WARNING, "the device now compiles or takes this path: check that it works there"
    return Finding(RULE, "merge", severity, path, now.line, f"{change}; {hint}")


# -- reading the guards ----------------------------------------------------------------------------------
_DIRECTIVE = lazy_pattern(r"\s*#\s*(?:if|elif)\b(.*)")
_IF = lazy_pattern(r"\bif\s*\(")
_RETURN = lazy_pattern(r"\breturn\b(.*)")
_COMMENT = lazy_pattern(r"//.*|/\*.*?\*/")
_PAREN = lazy_pattern(r"[()]")


def guards(text: str, device: DeviceGates, word: re.Pattern[str]) -> list[Guard] | None:
    """The guards of one native file that name the device's capability, in order; None when reading
    them would take more than _MOST_LINES lines or _MOST_GUARDS guards."""
    lines = text.splitlines()
    found: list[Guard] = []
    work = [_MOST_LINES]
    index = 0
    ahead = _guard_lines(text, lines, word, (*device.native_arch, *device.native_version))
    asked = set(ahead) if ahead is not None else set()
    while index < len(lines):
        if work[0] < 0 or len(found) > _MOST_GUARDS:
            return None
        line = lines[index]
        if ahead is not None and index not in asked:  # to the next line a guard may start on
            at = bisect.bisect_left(ahead, index)
            index = ahead[at] if at < len(ahead) else len(lines)
            continue
        if ahead is None and "if" not in line and not word.search(line):  # no guard starts on this line
            index += 1
            continue
        if (directive := _DIRECTIVE.match(line)) is not None:
            work[0] -= 1
            body, end = directive.group(1), index
            while body.rstrip().endswith("\\") and end + 1 < len(lines) and end - index < _MOST_GUARD_LINES:
                end += 1
                work[0] -= 1
                body = body.rstrip()[:-1] + " " + lines[end]
                if len(body) > _MOST_GUARD_CHARS:  # ``\`` on each of 1 MB lines: not one guard to read
                    break
            if len(body) <= _MOST_GUARD_CHARS:
                _add(found, "#if", body, index, device, word)
            index = end + 1
            continue
        openings = [opening.end() for opening in _IF.finditer(line)]
        work[0] -= 1 if openings else 0
        conditions = _parenthesised(lines, index, openings, work) if openings else {}
        for start in openings:
            if start in conditions:
                _add(found, "if", conditions[start], index, device, word)
        if (returned := _RETURN.search(line)) is not None and word.search(returned.group(1)):
            _add(found, "return", returned.group(1).split(";")[0], index, device, word)
        index += 1
    return found


def _guard_lines(text: str, lines: list[str], word: re.Pattern[str], names: tuple[str, ...]) -> list[int] | None:
    """The indexes of the ``lines`` (``text.splitlines()``) holding ``if`` or one of the names, in order:
    found over the whole text, not line by line (a file of thousands of lines holds a few hundred such, and
    the test of each line was most of this check's time).  A name is found by ``str.find`` and matched there.
    None when a line ends in a break other than ``\\n`` or ``\\r\\n`` before the text's end (a lone
    ``\\r``, a form feed...: splitlines' other breaks, where a count of ``\\n`` is not a line's index):
    then each line is asked; also when ``if`` and the names occur more than _MOST_OFFSETS times (a loop in
    Python over each is then slower than asking each line: 300,000 lines of a name took 1.4 s, not 0.5)."""
    if len(lines) != text.count("\n") + (bool(text) and not text.endswith("\n")):
        return None
    if text.count("if") + sum(text.count(name) for name in names if name) > _MOST_OFFSETS:
        return None
    named = (
        (at for name in names for at in _occurrences(text, name) if word.match(text, at))
        if all(names)
        else (m.start() for m in word.finditer(text))
    )
    offsets = sorted({*(m.start() for m in _IF_TEXT.finditer(text)), *named})
    found: list[int] = []
    line, at = 0, 0
    for offset in offsets:  # neither a name nor ``if`` holds a line end: each is on the line its start is
        line += text.count("\n", at, offset)
        at = offset
        if not found or found[-1] != line:
            found.append(line)
    return found


def _occurrences(text: str, word: str) -> Iterator[int]:
    """Every offset ``word`` starts at."""
    at = text.find(word)
    while at >= 0:
        yield at
        at = text.find(word, at + 1)


_IF_TEXT = lazy_pattern("if")
_MOST_OFFSETS = 10_000  # a csrc file holds hundreds


def _parenthesised(lines: list[str], index: int, openings: list[int], work: list[int]) -> dict[int, str]:
    """The text inside each parenthesis that opens just before ``lines[index][start]`` (a start of
    ``openings``), to its closing one, when that is within _MOST_GUARD_LINES lines and _MOST_GUARD_CHARS
    characters.  One pass over the parentheses for all of them: a line of 250,000 ``if (`` was read
    to its end once from each."""
    line, wanted = lines[index], set(openings)
    found: dict[int, str] = {}
    stack: list[int] = []  # where each parenthesis still open starts (just after it)
    for paren in _PAREN.finditer(line, openings[0] - 1):
        if paren.group() == "(":
            stack.append(paren.end())
        elif stack:
            start = stack.pop()
            if start in wanted and paren.start() - start <= _MOST_GUARD_CHARS:
                found[start] = line[start : paren.start()]
    # those still open go on over the next lines (comments left out), as far as the nearest may go
    waiting = [start for start in stack if start in wanted and len(line) - start <= _MOST_GUARD_CHARS]
    if waiting:
        stack = stack[stack.index(waiting[0]) :]
        budget = _MOST_GUARD_CHARS - (len(line) - waiting[-1])
        found.update(_closed_below(lines, index, stack, wanted, budget, work))
    return found


def _closed_below(
    lines: list[str], index: int, stack: list[int], wanted: set[int], budget: int, work: list[int]
) -> dict[int, str]:
    """The parentheses of ``lines[index]`` still open (``stack``) that close on the lines below, within
    ``budget`` characters: the text inside each, its lines joined by spaces."""
    line, found = lines[index], {}
    parts: list[str] = []
    for offset in range(1, min(_MOST_GUARD_LINES, len(lines) - index)):
        work[0] -= 1
        text = lines[index + offset][: budget + 1]
        if "/" in text:
            text = _COMMENT.sub("", text)  # a comment's search, bounded too
        if ")" not in text:  # nothing closes here (``if (x &&`` on each of 200,000 lines)
            stack += [-1] * text.count("(")
        else:
            for paren in _PAREN.finditer(text):
                if paren.group() == "(":
                    stack.append(-1)  # opened on a later line: never one of ours
                    continue
                start = stack.pop() if stack else -1
                if start in wanted:
                    joined = " ".join([line[start:], *parts, text[: paren.start()]])
                    if len(joined) <= _MOST_GUARD_CHARS:
                        found[start] = joined
                if not stack:
                    return found
        parts.append(text)
        budget -= len(text)
        if budget < 0:
            break
    return found


def _add(found: list[Guard], kind: str, body: str, index: int, device: DeviceGates, word: re.Pattern[str]) -> None:
    if len(body) > _MOST_GUARD_CHARS:
        return  # a ``return`` of 200,000 comparisons is no guard a person wrote (and took seconds to read)
    text = " ".join(_COMMENT.sub("", body).split())
    if not text or not word.search(_DEFINED.sub("", text)):
        return  # no comparison: ``#if defined __CUDA_ARCH__`` asks which compile pass this is
    truth, sibling = _truths(text, device)
    found.append(Guard(kind, text, index + 1, truth, sibling))


@functools.lru_cache(maxsize=4096)
def _truths(text: str, device: DeviceGates) -> tuple[_Truth, _Truth]:
    """A guard's value for the device and for its sibling, read once a text: a file repeats its
    guards (and 100,000 copies of one took 14 s to read each time)."""
    return _evaluate(text, device, device.capability), _evaluate(text, device, sibling_of(device.capability))


# -- evaluating one guard: C's operators made Python's, then read in three values ------------------------
_DEFINED = lazy_pattern(r"\bdefined\s*\(\s*([A-Za-z_]\w*)\s*\)|\bdefined\s+([A-Za-z_]\w*)")
_CALL = lazy_pattern(r"\b([A-Za-z_]\w*)\s*\(\s*\)")
_SUFFIX = lazy_pattern(r"\b(\d+)[uUlL]+\b")
_DEFINED_PREFIX = "defined__"


def _evaluate(text: str, device: DeviceGates, capability: tuple[int, int]) -> _Truth:
    major, minor = capability
    values = {name: major * 100 + minor * 10 for name in device.native_arch}
    values |= {name: major * 10 + minor for name in device.native_version}
    python = _DEFINED.sub(lambda m: f" {_DEFINED_PREFIX}{m.group(1) or m.group(2)} ", text)
    python = _CALL.sub(lambda m: m.group(1) if m.group(1) in values else m.group(0), python)
    python = _SUFFIX.sub(r"\1", python)
    python = python.replace("&&", " and ").replace("||", " or ").replace("->", ".").replace("::", ".")
    python = re.sub(r"!(?!=)", " not ", python)
    python = re.sub(r"\btrue\b", "True", re.sub(r"\bfalse\b", "False", python))
    try:
        tree = quiet_parse(python.strip(), mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    return _truth(tree.body, values, 0)


def _truth(node: ast.AST, values: dict[str, int], depth: int) -> _Truth:
    if depth > 60:
        return None
    if isinstance(node, ast.BoolOp):
        return joined(node.op, [_truth(v, values, depth + 1) for v in node.values])
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        inner = _truth(node.operand, values, depth + 1)
        return None if inner is None else not inner
    if isinstance(node, ast.Name) and node.id.startswith(_DEFINED_PREFIX):
        return True if node.id[len(_DEFINED_PREFIX) :] in values else None
    if isinstance(node, ast.Constant) and isinstance(node.value, bool):
        return node.value
    if isinstance(node, ast.Compare):
        left = _number(node.left, values)
        for op, right_node in zip(node.ops, node.comparators, strict=True):
            right = _number(right_node, values)
            compare = COMPARE.get(type(op))
            if left is None or right is None or compare is None:
                return None
            if not compare(left, right):
                return False
            left = right
        return True
    return None


def _number(node: ast.AST, values: dict[str, int]) -> int | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, int) and not isinstance(node.value, bool):
        return node.value
    if isinstance(node, ast.Name):
        return values.get(node.id)
    return None
