"""Arch-list drift: upstream narrowed a kernel's CUDA arch list so that the fork's device drops out.

A build's CMake gives each kernel the archs it is compiled for as the intersection of the kernel's own
list with the archs the build targets: ``cuda_archs_loose_intersection(MLA_ARCHS "10.0f;11.0f"
"${CUDA_ARCHS}")``, and compiles the kernel only when the result is not empty.  When upstream takes an
entry out of such a list, the build still succeeds for the fork's device; the kernel is simply not
there, and the model falls back to a slower one with the same answers.  The arch-coverage rule guards
the groups a fleet configured; this check needs no rule: every list of a CMake file upstream changed
(``CMakeLists.txt``, ``*.cmake``) whose literal entries covered the device (``settings: device``'s
capability) at the merge base and, in the hunk that changed it, cover it no more.

An entry covers the device as the loose intersection does for one target: the same major.minor
whatever the suffixes; ``X.Yf`` (a family) any arch of major X; ``X.Ya`` that arch alone; a plain
``X.Y`` an arch of major X at or above it (SASS runs forward within a major), across majors with
``+PTX``.  A list that reads a variable (``${...}``) or holds an entry of another shape is not judged.

A list can cover the device natively (SASS of its major) or only through a ``+PTX`` entry of an older
major (JIT-compiled at first load, slower, without the ``a`` features): a list that covered it natively
and is left with PTX alone is a narrowing too (a warning).  A group upstream renamed or split
(one NVFP4 group into one per Blackwell major, #45277) is judged through the sources
it gated: each source file the old group's ``if(... GROUP)`` block compiled that the new file still
names is followed to the lists upstream added whose blocks now compile it, and the device's coverage
of the file is compared.  A group whose files left the file with it is not judged (its kernel went);
one whose block names no source, or whose files no list's block names any more, is paired by name with
the groups added in its place (``FP4_ARCHS`` with ``FP4_*_ARCHS``), a warning at most.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from aeon_release.adapters import git as repo
from aeon_release.domain.audits.diffs import upstream_changed
from aeon_release.domain.audits.drift.sides import ThreeTrees, parse_changes
from aeon_release.domain.audits.merge_rules import ARCH_DRIFT as RULE
from aeon_release.domain.audits.model import DeviceGates, Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, short

# ``command(OUT "9.0a;10.0f" ...)``: the group and its literal list (the list's line is the call's); the
# command must be an ``*arch*intersection`` one.  One start a word (``\b``): linear on a hostile line.
_CALL = lazy_pattern(r"\b(\w+)\([ \t\r\n]*(\w+)[ \t\r\n]+\"([^\"\n]*)\"")
_COMMAND = lazy_pattern(r"\w*arch\w*intersection", re.I)
_ENTRY = lazy_pattern(r"([0-9]{1,3})\.([0-9]{1,3})([af]?)")
_MOST_FILES = 32  # CMake files read (both versions) a merge at most: a release changes a handful
_MOST_BYTES = 2_000_000  # a CMake file larger than this is not one the build's author wrote


@dataclass(frozen=True)
class Call:
    line: int
    function: str
    group: str
    archs: str


def covers(entry: str, device: tuple[int, int]) -> bool | None:
    """Does one entry of a kernel's list give the device an arch (None: not an entry this can read)?"""
    text = entry.strip()
    ptx = text.endswith("+PTX")
    match = _ENTRY.fullmatch(text.removesuffix("+PTX"))
    if match is None:
        return None
    arch, suffix = (int(match.group(1)), int(match.group(2))), match.group(3)
    if arch == device:
        return True
    if suffix == "f":
        return arch[0] == device[0]
    if suffix == "a":
        return False
    return arch <= device and (arch[0] == device[0] or ptx)


def list_covers(archs: str, device: tuple[int, int]) -> bool | None:
    """Does a list give the device an arch (None: an entry it cannot read, such as a variable)?"""
    answers = [covers(entry, device) for entry in archs.split(";") if entry.strip()]
    return None if any(a is None for a in answers) else any(answers)


def calls(text: str) -> list[Call]:
    """The arch-list calls of a CMake text, a commented-out one aside."""
    found = []
    line, at = 1, 0
    for match in _CALL.finditer(text):
        if not _COMMAND.fullmatch(match.group(1)):
            continue
        line += text.count("\n", at, match.start(3))
        at = match.start(3)
        start = text.rfind("\n", 0, match.start()) + 1
        if "#" in text[start : match.start()]:
            continue  # a comment (or a line this does not read as a command)
        found.append(Call(line, match.group(1), match.group(2), match.group(3)))
    return found


def is_cmake(path: str) -> bool:
    name = path.rsplit("/", 1)[-1]
    return name == "CMakeLists.txt" or name.endswith(".cmake")


def cmake_changed(trees: ThreeTrees) -> list[str]:
    """The CMake files upstream changed (what this check reads)."""
    return [p for p in upstream_changed(trees.repo, trees.base, trees.theirs) if is_cmake(p)]


def arch_list_drift(trees: ThreeTrees, device: DeviceGates | None, pr_pattern: str) -> list[Finding]:
    if device is None:
        return []
    paths = sorted(cmake_changed(trees))[:_MOST_FILES]
    if not paths:
        return []
    diff = repo.diff_zero_context(trees.repo, trees.base, trees.theirs, [f":(literal){p}" for p in paths])
    changes = parse_changes(diff)
    touched = [p for p in paths if p in changes and _CALL.search(changes.raw(p))]
    if not touched:
        return []
    before, after = trees.blobs(trees.base, touched), trees.blobs(trees.theirs, touched)
    findings = []
    for path in touched:
        old, new, merged = before[path], after[path], trees.merged_text(path)
        if not old or not new or not merged or max(len(old), len(new), len(merged)) > _MOST_BYTES:
            continue
        findings += _dropped(trees, path, old, new, merged, changes[path].hunks, device, pr_pattern)
    return findings


@dataclass
class _Drop:
    """A group's lists that stopped covering the device: the base's (``was``) and the merged tree's."""

    was: list[Call]
    kept: list[Call]
    ptx: bool = False  # left covering the device only through an older major's PTX
    renamed: str = ""  # the base's group, when upstream gave the lists another group
    sources: tuple[str, ...] = ()  # the source files that tie the renamed group to the new one
    by_name: bool = False  # paired by name alone: no source file ties them


def _dropped(
    trees: ThreeTrees,
    path: str,
    old: str,
    new: str,
    merged: str,
    hunks: list[tuple[int, int, list[str], list[str], int]],
    device: DeviceGates,
    pr_pattern: str,
) -> list[Finding]:
    """One finding for each group whose lists a hunk changed from covering the device to not (or to
    PTX alone), and for each renamed group whose source files the new lists no longer compile for it."""
    cap = device.capability
    old_list, new_list, merged_calls = calls(old), calls(new), calls(merged)
    old_calls, new_calls = _by_line(old_list), _by_line(new_list)
    if not old_calls or not new_calls:
        return []
    merged_at = _by_line(merged_calls)
    fork_lines = list(trees.mine[path].added.values()) if path in trees.mine else []
    to_merged = trees.to_merged(trees.theirs, path)

    def merged_of(now: list[Call]) -> list[Call]:
        return [
            m
            for c in now
            if (at := to_merged.get(c.line)) is not None
            for m in merged_at.get(at, ())
            if m.group == c.group and m.archs == c.archs
        ]

    drops: list[_Drop] = []
    for old_start, old_count, plus, _, new_start in hunks:
        removed = [c for n in range(old_start, old_start + old_count) for c in old_calls.get(n, ())]
        added = [c for n in range(new_start, new_start + len(plus)) for c in new_calls.get(n, ())]
        for group in dict.fromkeys(c.group for c in removed):
            was = [c for c in removed if c.group == group]
            now = [c for c in added if c.group == group]
            if not now:
                continue  # a group the hunk removed or renamed: judged below, by the sources it gated
            before, after = _best(was, cap), _level(now, cap)
            if after is None or before <= after:
                continue  # still covered as well as before, or a list this cannot read
            kept = merged_of(now)
            if not kept or _fork_gives(fork_lines, group, cap):
                continue  # the merged tree does not hold upstream's narrowed list, or the fork adds the arch itself
            near = drops[-1] if drops and drops[-1].kept[0].group == group and not drops[-1].renamed else None
            if near is not None and near.ptx == (after > 0) and kept[0].line - near.kept[-1].line <= _NEAR:
                near.was.extend(was)  # the same kernel's list in another branch (a CUDA-version if/else)
                near.kept.extend(kept)
            else:
                drops.append(_Drop(was, kept, ptx=after > 0))
    for drop in _renamed(old, new, old_list, new_list, hunks, cap):
        kept = merged_of(drop.kept)
        if kept and not any(_fork_gives(fork_lines, g, cap) for g in (drop.renamed, kept[0].group)):
            drops.append(replace(drop, kept=kept))
    findings = []
    covering = [m for m in merged_calls if _level([m], cap) == _NATIVE] if drops else []
    for drop in drops:
        others = [m for m in covering if m.group == drop.kept[0].group and m not in drop.kept]
        findings.append(_finding(trees, path, drop, others, device, pr_pattern))
    return findings


_NATIVE = 2  # a list's level for the device: 2 its major's SASS, 1 an older major's PTX alone, 0 nothing


def _level(found: list[Call], device: tuple[int, int]) -> int | None:
    """How well lists cover the device together (None: a list this cannot read)."""
    levels = [level(c.archs, device) for c in found]
    return None if any(lv is None for lv in levels) else _best(found, device)


def _best(found: list[Call], device: tuple[int, int]) -> int:
    """How well the lists this can read cover the device together."""
    return max((lv for c in found if (lv := level(c.archs, device)) is not None), default=0)


def level(archs: str, device: tuple[int, int]) -> int | None:
    """2: the list gives the device its major's SASS; 1: only an older major's PTX (JIT at first load);
    0: nothing; None: an entry this cannot read."""
    best = 0
    for entry in archs.split(";"):
        text = entry.strip()
        if not text:
            continue
        whole = covers(text, device)
        if whole is None:
            return None
        best = max(best, _NATIVE if covers(text.removesuffix("+PTX"), device) else int(whole))
    return best


def _renamed(
    old: str,
    new: str,
    old_list: list[Call],
    new_list: list[Call],
    hunks: list[tuple[int, int, list[str], list[str], int]],
    device: tuple[int, int],
) -> list[_Drop]:
    """The groups upstream removed from the file whose lists covered the device, paired with the lists
    upstream added in their place (the lists whose blocks now compile the group's source files, or a
    group of a similar name), when those cover it less."""
    removed_lines = {n for start, count, *_ in hunks for n in range(start, start + count)}
    added_lines = {n for _, _, plus, _, start in hunks for n in range(start, start + len(plus))}
    left = {c.group for c in new_list}
    gone: list[list[Call]] = []
    for call in old_list:
        if call.group in left or call.line not in removed_lines:
            continue
        if gone and gone[-1][0].group == call.group and call.line - gone[-1][-1].line <= _NEAR:
            gone[-1].append(call)
        else:
            gone.append([call])
    gone = [cluster for cluster in gone if _best(cluster, device)]
    if not gone:
        return []
    added = [c for c in new_list if c.line in added_lines]
    if not added:
        return []
    old_lines, new_lines = old.splitlines(), new.splitlines()
    gating: dict[str, list[Call]] = {}
    for call in new_list:
        for source in gated(new_lines, call.line, call.group):
            gating.setdefault(source, []).append(call)
    known = {c.group for c in old_list}
    drops = []
    for cluster in gone:
        group, before = cluster[0].group, _best(cluster, device)
        named = gated(old_lines, cluster[-1].line, group)
        if named and not any(s in new for s in named):
            continue  # the kernel's files left with the group: removed or replaced, not narrowed
        sources = [s for s in sorted(named) if s in new and s in gating]
        if sources:
            lost = [s for s in sources if (lv := _level(gating[s], device)) is not None and lv < before]
            now = list(dict.fromkeys(c for s in lost for c in gating[s] if c.line in added_lines))
            if now:  # else every file is still compiled as well for the device (or by a list upstream kept)
                ptx = _best(now, device) > 0
                drops.append(_Drop(cluster, now, ptx=ptx, renamed=group, sources=tuple(lost)))
            continue
        similar = [c for c in added if c.group not in known and _similar(group, c.group)]
        after = _level(similar, device)
        if similar and after is not None and after < before:
            drops.append(_Drop(cluster, similar, ptx=after > 0, renamed=group, by_name=True))
    return drops


def _similar(old: str, new: str) -> bool:
    """``FP4_ARCHS`` and ``FP4_NEW_ARCHS``: one group's stem the other's, and a word more."""
    a, b = old.removesuffix("_ARCHS"), new.removesuffix("_ARCHS")
    return a != b and (b.startswith(a + "_") or a.startswith(b + "_"))


_IF = lazy_pattern(r"\s*(?:else)?if\s*\((.*)", re.I)
_OPENS = lazy_pattern(r"\s*if\s*\(", re.I)
_CLOSES = lazy_pattern(r"\s*endif\s*\(", re.I)
_ELSE = lazy_pattern(r"\s*else(?:if)?\s*\(", re.I)
# a source file's name: one token of a line split at quotes, blanks and brackets (linear on a hostile line)
_SOURCE = lazy_pattern(r"[\w./+-]+\.(?:cu|cuh|cpp|cc|c|h|hpp)")
_TOKENS = lazy_pattern(r"[\s\"()]+")
_GATE_LINES = 12  # lines after a group's call its ``if(... GROUP)`` may start (a CUDA-version if/else between)
_BLOCK_LINES = 80  # lines of a kernel's block read for its sources


def gated(lines: list[str], line: int, group: str) -> frozenset[str]:
    """The source files the ``if(... GROUP)`` block after a group's call (at 1-based ``line``) names,
    up to its ``else()`` or ``endif()``: the kernel the group's arch list compiles."""
    word = re.compile(r"\b" + re.escape(group) + r"\b")
    negated = re.compile(r"\bNOT\s+" + re.escape(group) + r"\b")
    start = None
    for at in range(line, min(len(lines), line + _GATE_LINES)):
        match = _IF.match(lines[at])
        if match and word.search(match.group(1)) and not negated.search(match.group(1)):
            start = at + 1
            break
    if start is None:
        return frozenset()
    depth, found = 0, set[str]()
    for text in lines[start : start + _BLOCK_LINES]:
        if _CLOSES.match(text) or (depth == 0 and _ELSE.match(text)):
            if depth == 0:
                break
            depth -= 1
        elif _OPENS.match(text):
            depth += 1
        found.update(t for t in _TOKENS.split(text.split("#", 1)[0]) if _SOURCE.fullmatch(t))
    return frozenset(found)


def _fork_gives(lines: list[str], group: str, device: tuple[int, int]) -> bool:
    """A line the fork added names the group and a list that covers the device: its own
    ``list(APPEND GROUP "X.Ya")`` or ``set(GROUP ...)`` after upstream's intersection."""
    word = re.compile(r"\b" + re.escape(group) + r"\b")
    return any(word.search(line) and any(list_covers(q, device) for q in _QUOTED.findall(line)) for line in lines)


_QUOTED = lazy_pattern(r"\"([^\"\n]*)\"")


def _by_line(found: list[Call]) -> dict[int, list[Call]]:
    out: dict[int, list[Call]] = {}
    for call in found:
        out.setdefault(call.line, []).append(call)
    return out


_NEAR = 6  # lines between two narrowed lists of one group that are one kernel's (an if/else on the CUDA version)


def _finding(
    trees: ThreeTrees,
    path: str,
    drop: _Drop,
    others: list[Call],
    device: DeviceGates,
    pr_pattern: str,
) -> Finding:
    was, kept = drop.was, drop.kept
    group, first = kept[0].group, kept[0]
    regex = re.escape(first.function) + r"\([[:space:]]*" + group + "[^A-Za-z0-9_]"
    commit = trees.upstream_commit(path, regex, pr_pattern)
    olds = " and ".join(f'"{short(c.archs, 60)}"' for c in was[:2])
    news = " and ".join(f'"{short(c.archs, 60)}"' for c in kept[:2])
    if drop.by_name:
        where = (
            f"upstream replaced {drop.renamed} with {group} (paired by name: no source file ties them)"
            f" and narrowed the arch list from {olds} to {news}{commit}"
        )
    elif drop.renamed:
        files = ", ".join(s.rsplit("/", 1)[-1] for s in drop.sources[:2]) + (", ..." if len(drop.sources) > 2 else "")
        where = (
            f"upstream moved {files} from {drop.renamed} to {group}"
            f" and narrowed the arch list from {olds} to {news}{commit}"
        )
    else:
        where = f"upstream narrowed {group}'s arch list from {olds} to {news}{commit}"
    if drop.ptx:
        effect = (
            f"the device ({device.label}) is left only an older major's PTX: the kernel is JIT-compiled at"
            " first load, slower, and without the arch-specific (a) features"
        )
        hint = (
            f"carry the device's arch (or its family) back into {group}'s list, or confirm the PTX path is acceptable"
        )
        return Finding(RULE, "merge", Severity.WARNING, path, first.line, f"{where}: {effect}: {hint}")
    effect = (
        f"the kernel is no longer compiled for the device ({device.label}):"
        " the build succeeds and the model falls back to a slower kernel"
    )
    siblings = sorted({s for c in kept for s in _siblings(c.archs, device.capability)})
    if others:
        lines = ", ".join(str(m.line) for m in others[:3])
        tie = f"; another list of {group} still covers it (line {lines}: another branch or kernel)"
        return Finding(RULE, "merge", Severity.WARNING, path, first.line, f"{where}: {effect}{tie}: {_CHECK}")
    if not siblings or drop.by_name:  # the whole major left (upstream's decision for the family), or a guess
        tie = f"; no arch of major {device.capability[0]} is left in it" if not siblings else ""
        return Finding(RULE, "merge", Severity.WARNING, path, first.line, f"{where}: {effect}{tie}: {_CHECK}")
    kept_for = ", ".join(f"{a}.{b}" for a, b in siblings[:3])
    hint = f"carry the device's arch back into {group}'s list, or confirm the kernel is not one the device uses"
    verb = "gets" if len(siblings) == 1 else "get"
    message = f"{where}: {effect}, while {kept_for} of the same major still {verb} it: {hint}"
    return Finding(RULE, "merge", Severity.ERROR, path, first.line, message)


_CHECK = "check that the device still gets this kernel, or one that replaces it"


def _siblings(archs: str, device: tuple[int, int]) -> list[tuple[int, int]]:
    """The other archs of the device's major (minor 0-9) the list still gives an arch."""
    return [(device[0], m) for m in range(10) if m != device[1] and list_covers(archs, (device[0], m))]
