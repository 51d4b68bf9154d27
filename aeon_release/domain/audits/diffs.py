"""A merge's diffs, started the moment its three commits are known.

The merge-aware checks read both sides' ``git diff -U0`` from the base and the Python files upstream
changed that can define an enum.  None of it needs the merged tree, and on a large release
upstream's diff is most of git's work for the audit (15 MB over 2,000 commits), so it runs in the
background while the rest imports, plans and merges.  This module imports nothing of the checks:
the merge's sidecar process starts these diffs before it imports them.
"""

from __future__ import annotations

import functools
import os
import threading
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import TypeVar

from aeon_release.adapters import git as repo

PYTHON_FILES = ":(glob)**/*.py"  # a pathspec: every Python file, at any depth
ENUM_WORDS = ("Enum", "Flag")  # what every enum class header contains (drift/enum_drift.py)
TEST_FOLDERS = frozenset({"tests", "test"})  # upstream's top-level test folders (see _upstream_test)

_T = TypeVar("_T")
# Keyed by the merge's three shas (content-addressed, so any worktree of the repository gives the
# same text).  A re-run of the checks in the same process reuses them.
_Sides = tuple[str, str, str]
Started = tuple[Future[str], Future[str], Future[frozenset[str]]]  # fork's diff, upstream's, enum files
_STARTED: dict[_Sides, Started] = {}
_KEPT = 8  # a long-lived process (the tests) keeps only the latest merges'
ARGV_BYTES = 256 * 1024  # well below Linux's ARG_MAX (2 MiB) with the environment
_FILES_PER_PART = 250  # a smaller diff is not worth another git process
_MAX_PARTS = 8


def _background(fn: Callable[..., _T], *args: object) -> Future[_T]:
    """``fn(*args)`` on a daemon thread: a run that stops before its audit (a bad ledger, a conflict)
    exits at once instead of waiting for diffs nobody will read (a ThreadPoolExecutor joins its
    workers at exit)."""
    future: Future[_T] = Future()

    def work() -> None:
        try:
            future.set_result(fn(*args))
        except BaseException as exc:  # handed to whoever reads the result
            future.set_exception(exc)

    threading.Thread(target=work, name="aeon-diff", daemon=True).start()
    return future


def prefetch(where: Path, base: str, ours: str, theirs: str) -> None:
    """Start both sides' ``git diff -U0`` from the base in the background (unless started already)."""
    key = (base, ours, theirs)
    running = _STARTED.get(key)
    if running is not None and not any(f.done() and f.exception() is not None for f in running):
        return
    while len(_STARTED) >= _KEPT:
        _STARTED.pop(next(iter(_STARTED)))
    mine = _background(repo.diff_zero_context, where, base, ours)
    upstream_changed(where, base, theirs)  # listed once here: both threads below, and prepare_sides, read it
    _STARTED[key] = (
        mine,
        _background(_upstream_diff, where, base, ours, theirs),
        _background(_enum_files, where, base, theirs),
    )


def started(where: Path, base: str, ours: str, theirs: str) -> Started:
    """The three results (started now unless they already were; a failed one is started again)."""
    prefetch(where, base, ours, theirs)
    return _STARTED[(base, ours, theirs)]


@functools.lru_cache(maxsize=_KEPT)
def upstream_changed(where: Path, base: str, theirs: str) -> tuple[str, ...]:
    """The paths upstream changed, in the order ``git diff`` shows them (commits never change: kept)."""
    return tuple(repo.Git(where).changed_path_list(base, theirs))


def _enum_files(where: Path, base: str, theirs: str) -> frozenset[str]:
    """The Python files upstream changed that can define an enum (enum drift reads only those)."""
    return changed_files_containing(where, base, theirs, ENUM_WORDS)


def changed_files_containing(
    where: Path,
    base: str,
    theirs: str,
    words: tuple[str, ...],
    suffixes: tuple[str, ...] = (".py",),
    tests: bool = False,
) -> frozenset[str]:
    """The files upstream changed whose name ends in one of ``suffixes`` (outside its test folders
    unless ``tests``) and whose text at ``theirs`` holds one of ``words``: ``git grep`` of those files
    alone, not of the whole tree (its CPU competes with everything else a merge does on two cores)."""
    changed = sorted(
        p for p in upstream_changed(where, base, theirs) if p.endswith(suffixes) and (tests or not _upstream_test(p))
    )
    if not changed:
        return frozenset()
    pathspecs = [f":(literal){p}" for p in changed]
    if sum(len(p) + 1 for p in pathspecs) > ARGV_BYTES:  # too long a command line: every such file, same answer
        pathspecs = [f":(glob)**/*{suffix}" for suffix in suffixes]
    return repo.files_containing(where, theirs, words, pathspecs) & frozenset(changed)


def in_background(fn: Callable[..., _T], *args: object) -> Future[_T]:
    """``fn(*args)`` started now on a daemon thread (a ``git grep`` while the checks parse)."""
    return _background(fn, *args)


def _upstream_test(path: str) -> bool:
    """A file of upstream's top-level test folders.  The fork's code does not import upstream's tests,
    so no silent killer hides there: what upstream changes in a test helper can only break a fork test
    that uses it, and that test then fails, loudly.  A fourth of a large release's Python diff."""
    return path.split("/", 1)[0] in TEST_FOLDERS


def _upstream_diff(where: Path, base: str, ours: str, theirs: str) -> str:
    """Upstream's side, limited to what a check reads: Python files outside upstream's test folders
    (enum, offset and symbol drift, duplicates), and the fork's own files of any kind, its tests
    included (near misses).  A release changes thousands of other files (docs, CI, kernels, tests)
    that no check looks at.

    On a large release this is the longest single piece of the audit's work (git inflates every
    changed blob on both sides: 60 MB over 2,000 commits), and one git process uses one core.  So
    the files are split into consecutive parts, one git process each: each file's diff stands alone
    (renames are off), and the parts joined in order are byte for byte the one diff."""
    fork = repo.Git(where).changed_paths(base, ours)
    paths = [
        p for p in upstream_changed(where, base, theirs) if p in fork or (p.endswith(".py") and not _upstream_test(p))
    ]
    specs = [f":(literal){p}" for p in paths]
    if not specs:
        return ""
    if sum(len(p) + 1 for p in specs) > ARGV_BYTES:  # too long a command line: one diff, by pattern
        # (every Python file, tests included: a pathspec cannot exclude them but keep the fork's own)
        pathspecs = [PYTHON_FILES, *(f":(literal){p}" for p in sorted(fork) if not p.endswith(".py"))]
        if sum(len(p) + 1 for p in pathspecs) > ARGV_BYTES:
            pathspecs = []  # the whole diff, which holds the same files and more
        return repo.diff_zero_context(where, base, theirs, pathspecs)
    count = max(1, min(os.cpu_count() or 1, _MAX_PARTS, len(specs) // _FILES_PER_PART))
    parts = [[specs[i] for i in part] for part in _parts(paths, count)]
    later = [_background(repo.diff_zero_context, where, base, theirs, part) for part in parts[1:]]
    first = repo.diff_zero_context(where, base, theirs, parts[0])
    return "\n".join(text for text in (first, *(f.result() for f in later)) if text)  # each was stripped


def _parts(paths: list[str], count: int) -> list[range]:
    """``count`` runs of consecutive indexes of ``paths`` (nearly equal), never cut between a path
    and a later one under it: a file on one side that is a folder on the other (``tool``, then
    ``tool.py``, then ``tool/main.py``) has a pathspec that names the folder's files too."""
    where = {p: i for i, p in enumerate(paths)}
    reach = list(range(len(paths)))  # the last index each path's pathspec matches
    for i, path in enumerate(paths):
        for cut in (k for k, ch in enumerate(path) if ch == "/"):
            above = where.get(path[:cut])
            if above is not None:
                reach[above] = i
    size, parts, start, furthest = -(-len(paths) // count), [], 0, 0
    for i in range(len(paths)):
        if i - start >= size and furthest < i:
            parts.append(range(start, i))
            start = i
        furthest = max(furthest, reach[i])
    return [*parts, range(start, len(paths))]
