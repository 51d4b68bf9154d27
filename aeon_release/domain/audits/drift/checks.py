"""Symbol drift and duplicate definitions for one merge: the sides read from git, the merged tree from disk."""

from __future__ import annotations

import ast
import functools
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from aeon_release.adapters import git as repo
from aeon_release.domain.audits.diffs import upstream_changed
from aeon_release.domain.audits.drift.custom_ops import SCHEMA_SOURCES
from aeon_release.domain.audits.drift.duplicates import duplicates_in, statement_side
from aeon_release.domain.audits.drift.pyindex import Tree
from aeon_release.domain.audits.drift.sides import Changes
from aeon_release.domain.audits.drift.symbols import DriftInput, symbol_drift
from aeon_release.domain.audits.drift.trees import (
    DirTree,
    GitHistory,
    RevTree,
    added_lines,
)
from aeon_release.domain.audits.drift.unset_reads import reads_before_set, wanted
from aeon_release.domain.audits.model import (
    Finding,
    MergeSides,
    Settings,
)
from aeon_release.domain.audits.source import code_lines, parse_python


def drift_findings(
    tree: Tree | Path,
    sides: MergeSides,
    ours: Mapping[str, Sequence[object]] | Changes,
    theirs: Mapping[str, Sequence[object]] | Changes,
    settings: Settings,
) -> list[Finding]:
    """``tree``: the merged tree (anything with ``text(path)``, or a directory); ``ours``/``theirs``: the
    -U0 diffs of base..ours and base..theirs (``Changes``, or path -> hunks)."""
    fork, upstream = _added(ours), _added(theirs)
    merged = DirTree(tree) if isinstance(tree, Path) else tree
    git = repo.Git(sides.repo)
    inp = DriftInput(
        base=RevTree(git, sides.base),
        ours=RevTree(git, sides.ours),
        theirs=RevTree(git, sides.theirs),
        merged=merged,
        fork_lines=fork,
        upstream_files=frozenset(theirs),
        history=GitHistory(git, sides.base, sides.theirs),
        pr_pattern=settings.pr_subject_pattern,
        upstream_lines=upstream,
        op_sources=frozenset(
            p for p in upstream_changed(sides.repo, sides.base, sides.theirs) if p.endswith(SCHEMA_SOURCES)
        ),
    )
    try:
        findings = symbol_drift(inp)
    finally:
        git.close()
    both = sorted(p for p in fork.keys() & upstream.keys() if p.endswith(".py"))
    texts = {p: t for p in both if (t := merged.text(p)) is not None}
    parsed = {p: info.tree for p, t in texts.items() if (info := inp.parsed.get((p, t))) is not None}
    findings += duplicates_in(texts, fork, upstream, parsed)
    findings += _unset_reads(texts, parsed, fork, upstream, _removed(theirs), inp.ours)
    return findings


def _unset_reads(
    texts: Mapping[str, str],
    parsed: Mapping[str, ast.Module],
    fork: Mapping[str, frozenset[str]],
    upstream: Mapping[str, frozenset[str]],
    removed: Callable[[str], Sequence[str]],
    ours: Tree,
) -> list[Finding]:
    """Reads before the set (drift/unset_reads.py), in the files both sides changed: those whose upstream
    diff removed an assignment of a name the fork's added lines mention (a text scan) are looked into."""
    findings = []
    for path, text in sorted(texts.items()):
        targets = wanted(removed(path), fork.get(path, frozenset()))
        module = (parsed.get(path) or parse_python(text, path)) if targets else None
        if module is None:
            continue
        side = functools.partial(
            statement_side, lines=code_lines(texts[path]), fork=fork[path], upstream=upstream.get(path, frozenset())
        )
        mine = functools.partial(_parse, ours, path)
        findings += reads_before_set(path, module, mine, targets, side)
    return findings


def _parse(tree: Tree, path: str) -> ast.Module | None:
    text = tree.text(path)
    return parse_python(text, path) if text is not None else None


def _removed(side: Mapping[str, Sequence[object]] | Changes) -> Callable[[str], Sequence[str]]:
    """path -> the texts a side's diff removed from it."""
    if isinstance(side, Changes):
        return lambda path: side[path].removed if path in side else []
    return lambda path: [line for h in side.get(path, []) for line in getattr(h, "removed", ())]


def _added(side: Mapping[str, Sequence[object]] | Changes) -> Mapping[str, frozenset[str]]:
    """A side's added lines per path: computed per file when asked, for a ``Changes``."""
    return side.added_lines() if isinstance(side, Changes) else added_lines(side)  # type: ignore[arg-type]
