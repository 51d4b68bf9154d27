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
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from aeon_release.adapters import git as repo
from aeon_release.domain.audits.diffs import upstream_changed
from aeon_release.domain.audits.drift.sides import ThreeTrees, parse_changes
from aeon_release.domain.audits.merge_rules import ARCH_DRIFT as RULE
from aeon_release.domain.audits.model import DeviceGates, Finding, Severity
from aeon_release.domain.audits.source import short

# ``command(OUT "9.0a;10.0f" ...)``: the group and its literal list (the list's line is the call's); the
# command must be an ``*arch*intersection`` one.  One start a word (``\b``): linear on a hostile line.
_CALL = re.compile(r"\b(\w+)\([ \t\r\n]*(\w+)[ \t\r\n]+\"([^\"\n]*)\"")
_COMMAND = re.compile(r"\w*arch\w*intersection", re.I)
_ENTRY = re.compile(r"([0-9]{1,3})\.([0-9]{1,3})([af]?)")
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
    """One finding for each group whose lists a hunk changed from covering the device to not."""
    cap = device.capability
    old_calls, new_calls, merged_calls = _by_line(calls(old)), _by_line(calls(new)), calls(merged)
    if not old_calls or not new_calls:
        return []
    merged_at = _by_line(merged_calls)
    fork_lines = list(trees.mine[path].added.values()) if path in trees.mine else []
    to_merged = trees.to_merged(trees.theirs, path)
    drops: list[tuple[list[Call], list[Call]]] = []
    for old_start, old_count, plus, _, new_start in hunks:
        removed = [c for n in range(old_start, old_start + old_count) for c in old_calls.get(n, ())]
        added = [c for n in range(new_start, new_start + len(plus)) for c in new_calls.get(n, ())]
        for group in dict.fromkeys(c.group for c in removed):
            was = [c for c in removed if c.group == group]
            now = [c for c in added if c.group == group]
            if not now or not any(list_covers(c.archs, cap) for c in was):
                continue  # a group the hunk removed (or renamed) is not judged: its kernel may have gone too
            if any(list_covers(c.archs, cap) is not False for c in now):
                continue  # still covered, or a list this cannot read
            kept = [
                m
                for c in now
                if (at := to_merged.get(c.line)) is not None
                for m in merged_at.get(at, ())
                if m.group == group and m.archs == c.archs
            ]
            if not kept or _fork_gives(fork_lines, group, cap):
                continue  # the merged tree does not hold upstream's narrowed list, or the fork adds the arch itself
            near = drops[-1] if drops and drops[-1][1][0].group == group else None
            if near is not None and kept[0].line - near[1][-1].line <= _NEAR:
                near[0].extend(was)  # the same kernel's list in another branch (a CUDA-version if/else)
                near[1].extend(kept)
            else:
                drops.append((was, kept))
    findings = []
    covering = [m for m in merged_calls if list_covers(m.archs, cap)] if drops else []
    for was, kept in drops:
        others = [m for m in covering if m.group == kept[0].group and m not in kept]
        findings.append(_finding(trees, path, was, kept, others, device, pr_pattern))
    return findings


def _fork_gives(lines: list[str], group: str, device: tuple[int, int]) -> bool:
    """A line the fork added names the group and a list that covers the device: its own
    ``list(APPEND GROUP "X.Ya")`` or ``set(GROUP ...)`` after upstream's intersection."""
    word = re.compile(r"\b" + re.escape(group) + r"\b")
    return any(word.search(line) and any(list_covers(q, device) for q in _QUOTED.findall(line)) for line in lines)


_QUOTED = re.compile(r"\"([^\"\n]*)\"")


def _by_line(found: list[Call]) -> dict[int, list[Call]]:
    out: dict[int, list[Call]] = {}
    for call in found:
        out.setdefault(call.line, []).append(call)
    return out


_NEAR = 6  # lines between two narrowed lists of one group that are one kernel's (an if/else on the CUDA version)


def _finding(
    trees: ThreeTrees,
    path: str,
    was: list[Call],
    kept: list[Call],
    others: list[Call],
    device: DeviceGates,
    pr_pattern: str,
) -> Finding:
    group, first = kept[0].group, kept[0]
    regex = re.escape(first.function) + r"\([[:space:]]*" + group + "[^A-Za-z0-9_]"
    commit = trees.upstream_commit(path, regex, pr_pattern)
    olds = " and ".join(f'"{short(c.archs, 60)}"' for c in was[:2])
    news = " and ".join(f'"{short(c.archs, 60)}"' for c in kept[:2])
    where = f"upstream narrowed {group}'s arch list from {olds} to {news}{commit}"
    effect = (
        f"the kernel is no longer compiled for the device ({device.label}):"
        " the build succeeds and the model falls back to a slower kernel"
    )
    siblings = sorted({s for c in kept for s in _siblings(c.archs, device.capability)})
    if others:
        lines = ", ".join(str(m.line) for m in others[:3])
        tie = f"; another list of {group} still covers it (line {lines}: another branch or kernel)"
        return Finding(RULE, "merge", Severity.WARNING, path, first.line, f"{where}: {effect}{tie}: {_CHECK}")
    if not siblings:  # the whole major left: upstream's decision for the family (a kernel that never ran there)
        tie = f"; no arch of major {device.capability[0]} is left in it"
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
