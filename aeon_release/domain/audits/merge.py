"""Merge-aware findings, beyond any fixed rule: enum drift and near misses.

Both silent killers of the fork were clean merges: upstream renumbered an enum under a fork-side
literal, and both sides added the same ``+1`` a few lines apart.  Git saw no overlap; these checks
look at the three sides (base, ours = the fork, theirs = upstream) and the merged tree.
"""
from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from aeon_release.adapters import git as repo
from aeon_release.domain.audits.model import Finding, MergeSides, RuleInfo, Settings, Severity
from aeon_release.domain.audits.source import SourceCache, enums_in_text, walk_defs

DRIFT = "merge/enum-drift"
NEAR_MISS = "merge/near-miss"
_INT_MEMBER = re.compile(r"\s*[A-Za-z_]\w*\s*(?::[^=]*)?=\s*[-+]?\d+\b")
_HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


@dataclass(frozen=True)
class Hunk:
    old_start: int
    old_count: int
    added: tuple[str, ...]
    removed: tuple[str, ...]

    @property
    def span(self) -> tuple[int, int]:
        """Base lines touched; a pure insertion sits after ``old_start``."""
        return self.old_start, self.old_start + max(self.old_count, 1) - 1


def merge_rule_infos() -> list[RuleInfo]:
    return [
        RuleInfo(DRIFT, "merge", Severity.ERROR, "an enum member changed value under fork-side integer literals"),
        RuleInfo(NEAR_MISS, "merge", Severity.WARNING, "both sides changed the same region; git merged it silently"),
    ]


def merge_findings(tree: SourceCache, sides: MergeSides, settings: Settings) -> list[Finding]:
    """Findings for the merge of ``sides`` whose result ``tree`` reads (a checkout or the merged revision)."""
    # A merged checkout is a worktree of the repository: ask git there (the repository may be bare).
    root = getattr(tree.tree, "root", None)
    where = root if isinstance(root, Path) and (root / ".git").exists() else sides.repo
    sides = MergeSides(where, sides.base, sides.ours, sides.theirs)
    for side in (sides.ours, sides.theirs):
        if (sides.base, side) not in _DIFFS:
            prefetch(sides.repo, sides.base, side)
    ours, theirs = parse_diff(_diff(sides.base, sides.ours)), parse_diff(_diff(sides.base, sides.theirs))
    if not ours or not theirs:
        return []  # one side changed nothing: nothing was merged
    findings = list(enum_drift(tree, sides, ours, theirs))
    findings += near_misses(tree, sides, ours, theirs, settings.near_miss_lines)
    return findings


# Diffs between two commits, keyed by their shas (content-addressed, so any worktree of the repository
# gives the same text).  `merge` starts them while git is still merging: they need no merged tree.
_DIFFS: dict[tuple[str, str], Future[str]] = {}
_POOL = ThreadPoolExecutor(max_workers=2, thread_name_prefix="aeon-diff")


def prefetch(where: Path, base: str, side: str) -> None:
    """Start ``git diff -U0 base side`` in the background."""
    _DIFFS[(base, side)] = _POOL.submit(repo.diff_zero_context, where, base, side)


def _diff(base: str, side: str) -> str:
    return _DIFFS.pop((base, side)).result()


def parse_diff(text: str) -> dict[str, list[Hunk]]:
    """A ``-U0`` diff -> {path: hunks}."""
    files: dict[str, list[Hunk]] = {}
    path: str | None = None
    current: list[list[str]] = []
    header: tuple[int, int] | None = None

    def close() -> None:
        if path is not None and header is not None:
            files.setdefault(path, []).append(Hunk(header[0], header[1], tuple(current[0]), tuple(current[1])))

    for line in text.splitlines():
        if line.startswith("diff --git "):
            close()
            path, header = None, None
        elif line.startswith("+++ "):
            path = line[6:] if line.startswith("+++ b/") else None
        elif line.startswith("--- ") and header is None:
            continue
        elif (match := _HUNK.match(line)) is not None:
            close()
            header = (int(match.group(1)), int(match.group(2) or 1))
            current = [[], []]
        elif header is not None and line[:1] in "+-":
            current[0 if line[0] == "+" else 1].append(line[1:])
    close()
    return files


# -- enum drift ------------------------------------------------------------------------------
def enum_drift(tree: SourceCache, sides: MergeSides, ours: dict[str, list[Hunk]], theirs: dict[str, list[Hunk]]) -> Iterator[Finding]:
    git = repo.Git(sides.repo)
    for path in sorted(p for p, hunks in theirs.items() if p.endswith(".py") and _touches_int_member(hunks)):
        merged_text = _read(tree, path)
        if not merged_text or not any(w in merged_text for w in ("Enum", "Flag")):
            continue
        before, after = _enums(git.show_file(sides.ours, path) or ""), _enums(merged_text)
        for enum, members in after.items():
            for member, value in members.items():
                old = before.get(enum, {}).get(member)
                if old is not None and old != value:
                    yield from _drift(tree, path, enum, member, old, value, merged_text, ours)


def _touches_int_member(hunks: list[Hunk]) -> bool:
    """Text prefilter: upstream changed a ``NAME = <int>`` line (most changed files never do)."""
    return any(_INT_MEMBER.match(line) for hunk in hunks for line in (*hunk.added, *hunk.removed))


def _drift(tree: SourceCache, path: str, enum: str, member: str, old: int, new: int, merged_text: str,
           ours: dict[str, list[Hunk]]) -> Iterator[Finding]:
    line = _line_of(merged_text, rf"^\s*{re.escape(member)}\s*(:[^=]*)?=")
    yield Finding(DRIFT, "merge", Severity.WARNING, path, line,
                  f"{enum}.{member} is {new} after the merge, {old} on the fork side: check every raw use of it")
    short = enum.rsplit(".", 1)[-1]
    derived = re.compile(rf"\b\w*{_fuzzy(short)}\w*\b", re.I)
    literal = re.compile(rf"(?<![\w.]){old}(?![\w.])")
    for fork_path, line_no, text in _fork_lines(tree, ours):
        code = text.split("#", 1)[0]
        if derived.search(code) and literal.search(code):
            yield Finding(DRIFT, "merge", Severity.ERROR, fork_path, line_no,
                          f"fork-side code compares a {short} value with {old}, but {enum}.{member} is now {new} "
                          f"(upstream renumbered it): use {short}.{member} instead of the literal")


def _fuzzy(name: str) -> str:
    """CacheMode -> a pattern matching cache_mode, CACHE_MODE, cachemode."""
    letters = re.findall(r"[A-Z]+(?=[A-Z][a-z]|\b|[0-9])|[A-Z]?[a-z]+|[0-9]+|[A-Z]+", name)
    return "_?".join(re.escape(part) for part in letters) if letters else re.escape(name)


def _fork_lines(tree: SourceCache, ours: dict[str, list[Hunk]]) -> Iterator[tuple[str, int, str]]:
    """Lines the fork added (base -> ours) as they sit in the merged tree."""
    for path, hunks in sorted(ours.items()):
        added = {line.strip() for hunk in hunks for line in hunk.added if line.strip()}
        text = _read(tree, path) if added else None
        for number, line in enumerate((text or "").splitlines(), 1):
            if line.strip() in added:
                yield path, number, line


def _enums(text: str) -> dict[str, dict[str, int]]:
    return enums_in_text(text)


# -- near misses -----------------------------------------------------------------------------
def near_misses(tree: SourceCache, sides: MergeSides, ours: dict[str, list[Hunk]], theirs: dict[str, list[Hunk]],
                distance: int) -> Iterator[Finding]:
    git = repo.Git(sides.repo)
    for path in sorted(ours.keys() & theirs.keys()):
        functions = _function_spans(git.show_file(sides.base, path), path)
        merged = _read(tree, path) or ""
        for mine in ours[path]:
            for other in theirs[path]:
                why = _close(mine, other, distance, functions)
                if why and mine.added != other.added:
                    yield _near_miss(path, merged, mine, other, why, [*ours[path], *theirs[path]])


def _close(a: Hunk, b: Hunk, distance: int, functions: list[tuple[str, int, int]]) -> str | None:
    (a1, a2), (b1, b2) = a.span, b.span
    gap = max(b1 - a2, a1 - b2, 0)
    if gap <= distance:
        return f"{gap} line(s) apart"
    for name, start, end in functions:
        if start <= a1 <= end and start <= b1 <= end:
            return f"both inside {name}()"
    return None


def _near_miss(path: str, merged: str, mine: Hunk, other: Hunk, why: str, hunks: list[Hunk]) -> Finding:
    line = _merged_line(merged, other, hunks) or _first_line_of(merged, other.added) or _first_line_of(merged, mine.added)
    message = (f"both sides changed this region ({why}) and git merged it without a conflict; review both hunks. "
               f"fork: {_show(mine)} | upstream: {_show(other)}")
    return Finding(NEAR_MISS, "merge", Severity.WARNING, path, line, message)


def _show(hunk: Hunk) -> str:
    parts = [f"-{t.strip()}" for t in hunk.removed[:3]] + [f"+{t.strip()}" for t in hunk.added[:3]]
    more = " ..." if len(hunk.removed) > 3 or len(hunk.added) > 3 else ""
    return f"@@ -{hunk.old_start},{hunk.old_count} " + " / ".join(parts) + more


def _function_spans(text: str | None, path: str) -> list[tuple[str, int, int]]:
    """Innermost-last (name, first, last line) of every function in the base version."""
    if not text or not path.endswith(".py"):
        return []
    try:
        module = ast.parse(text)
    except (SyntaxError, ValueError):
        return []
    spans = [(name, node.lineno, node.end_lineno or node.lineno) for name, node in walk_defs(module)
             if not isinstance(node, ast.ClassDef)]
    return sorted(spans, key=lambda s: s[2] - s[1])


def _merged_line(merged: str, hunk: Hunk, hunks: list[Hunk]) -> int:
    """Where the hunk's first added line sits in the merged file (both sides' hunks shift it), or 0."""
    if not hunk.added:
        return 0
    start = hunk.old_start + (1 if hunk.old_count == 0 else 0)
    line = start + sum(len(h.added) - h.old_count for h in hunks if h is not hunk and h.span[1] < start)
    lines = merged.splitlines()
    return line if 0 < line <= len(lines) and lines[line - 1] == hunk.added[0] else 0


def _first_line_of(text: str, wanted: tuple[str, ...]) -> int:
    targets = {w.strip() for w in wanted if w.strip()}
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip() in targets:
            return number
    return 0


def _line_of(text: str, pattern: str) -> int:
    match = re.search(pattern, text, re.M)
    return text.count("\n", 0, match.start()) + 1 if match else 0


def _read(tree: SourceCache, path: str) -> str | None:
    return tree.text(path)
