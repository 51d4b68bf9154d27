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
from collections.abc import Callable, Iterable, Sequence
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
_UNGREPPED: dict[_Sides, Future[frozenset[str]]] = {}  # enum files whose grep waits for words (prefetch)
_GREPPED: dict[tuple[str, str, tuple[str, ...]], Future[frozenset[str]]] = {}  # (base, theirs, words)
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


def prefetch(where: Path, base: str, ours: str, theirs: str, grep: bool = True) -> None:
    """Start both sides' ``git diff -U0`` from the base in the background (unless started already), and
    the enum files' grep unless ``grep`` is False: then it waits for ``grep_changed`` to name more words
    to look for in the same files (or for ``started``)."""
    key = (base, ours, theirs)
    running = _STARTED.get(key)
    if running is not None and not any(f.done() and f.exception() is not None for f in running):
        if grep:
            grep_changed(where, base, ours, theirs)  # one left waiting for words starts now
        return
    while len(_STARTED) >= _KEPT:
        _UNGREPPED.pop(next(iter(_STARTED)), None)
        _STARTED.pop(next(iter(_STARTED)))
    while len(_GREPPED) >= _KEPT:
        _GREPPED.pop(next(iter(_GREPPED)))
    git = repo.Git(where)  # its work tree found here, once: the two threads below each asked git (a race on the cache)
    mine = _background(repo.diff_zero_context, where, base, ours)
    _list_changes(git, where, base, ours, theirs)
    upstream_changed(where, base, theirs)  # listed once here: both threads below, and prepare_sides, read it
    enums: Future[frozenset[str]] = Future()
    _STARTED[key] = (mine, _background(_upstream_diff, where, base, ours, theirs), enums)
    _UNGREPPED[key] = enums
    if grep:
        grep_changed(where, base, ours, theirs)


def grep_changed(where: Path, base: str, ours: str, theirs: str, words: tuple[str, ...] = ()) -> None:
    """Start the enum files' grep of ``prefetch`` (unless it started), for ``words`` as well: both are
    asked of the same files (upstream's changed Python files), and git reads each of them once for
    both (``grepped`` then gives the files holding ``words``; a failed grep fails both)."""
    enums = _UNGREPPED.pop((base, ours, theirs), None)
    if enums is None:
        return
    futures: list[Future[frozenset[str]]] = [enums]
    sets: list[tuple[str, ...]] = [ENUM_WORDS]
    if words and words != ENUM_WORDS:
        _GREPPED[(base, theirs, words)] = Future()
        futures.insert(0, _GREPPED[(base, theirs, words)])  # set first: the enum files' answer comes last
        sets.insert(0, words)

    def work() -> None:
        try:
            found = changed_files_containing_each(where, base, theirs, tuple(sets))
        except BaseException as exc:  # handed to whoever reads the results
            for future in futures:
                future.set_exception(exc)
            return
        for future, files in zip(futures, found):
            future.set_result(files)

    threading.Thread(target=work, name="changed-files-grep", daemon=True).start()


def grepped(base: str, theirs: str, words: tuple[str, ...]) -> Future[frozenset[str]] | None:
    """The files upstream changed that hold ``words``, as the enum files' grep found them (None when
    ``grep_changed`` was not told them)."""
    return _GREPPED.get((base, theirs, words))


def started(where: Path, base: str, ours: str, theirs: str) -> Started:
    """The three results (started now unless they already were; a failed one is started again)."""
    prefetch(where, base, ours, theirs)
    return _STARTED[(base, ours, theirs)]


@functools.lru_cache(maxsize=_KEPT)
def upstream_changed(where: Path, base: str, theirs: str) -> tuple[str, ...]:
    """The paths upstream changed, in the order ``git diff`` shows them (commits never change: kept)."""
    told = _LISTED.pop((where, base, theirs), None)
    return told if told is not None else tuple(repo.Git(where).changed_path_list(base, theirs))


# The paths each side changed, listed together by ``prefetch`` (one git where a side each had, in every audit of
# a merge), until ``upstream_changed`` and ``_upstream_diff`` take them.
_LISTED: dict[tuple[Path, str, str], tuple[str, ...]] = {}  # (where, base, theirs) -> upstream's paths
_FORK_CHANGED: dict[tuple[Path, str, str], frozenset[str]] = {}  # (where, base, ours) -> the fork's paths


# The paths each side changed, as a caller that wrote the three commits knows them (``told_changes``), keyed by the
# merge's three shas: taken once by ``prefetch`` instead of its ``diff-tree``.
_TOLD: dict[_Sides, tuple[tuple[str, ...], frozenset[str]]] = {}


def told_changes(base: str, ours: str, theirs: str, upstream: Sequence[str], fork: Iterable[str]) -> None:
    """Take the paths upstream (``base..theirs``, in ``git diff``'s order) and the fork (``base..ours``) changed as the
    caller found them, for the next ``prefetch`` of this merge: the one ``diff-tree --stdin`` it would run to list
    them (``Git.changed_path_lists``).  Commits never change, so the lists hold in any repository that has them."""
    while len(_TOLD) >= _KEPT:
        _TOLD.pop(next(iter(_TOLD)))
    _TOLD[(base, ours, theirs)] = (tuple(upstream), frozenset(fork))


def _list_changes(git: repo.Git, where: Path, base: str, ours: str, theirs: str) -> None:
    told = _TOLD.pop((base, ours, theirs), None)
    if told is None:
        listed = git.changed_path_lists(base, (theirs, ours))
        told = (tuple(listed[0]), frozenset(listed[1]))
    upstream, fork = told
    for kept in (_LISTED, _FORK_CHANGED):
        while len(kept) >= _KEPT:
            kept.pop(next(iter(kept)))
    _LISTED[(where, base, theirs)] = tuple(upstream)
    _FORK_CHANGED[(where, base, ours)] = frozenset(fork)


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
    changed = _changed(where, base, theirs, suffixes, tests)
    if not changed:
        return frozenset()
    read = repo.files_holding(where, theirs, (words,), changed)  # a few files: their blobs, no grep process
    if read is not None:
        return read[0]
    return repo.files_containing(where, theirs, words, _pathspecs(changed, suffixes)) & frozenset(changed)


def changed_files_containing_each(
    where: Path, base: str, theirs: str, word_sets: tuple[tuple[str, ...], ...]
) -> list[frozenset[str]]:
    """``changed_files_containing`` of each set of words (the enums' and the device's: the same Python
    files), from one ``git grep`` of them all when its lines can say which (one grep reads each blob
    once; each is a fifth of a 2,000-commit merge's git CPU), else one grep each."""
    changed = _changed(where, base, theirs, (".py",), False)
    read = repo.files_holding(where, theirs, word_sets, changed) if changed else None
    if read is not None:  # a few files: their blobs, read through the cat-file the checks read them with next
        return read
    pathspecs = _pathspecs(changed, (".py",))
    found = None
    if changed and len(word_sets) > 1 and pathspecs[0].startswith(":(literal)"):  # not every file of the tree
        if not any("\n" in w for words in word_sets for w in words):  # git splits such a word in two
            found = repo.files_containing_each(where, theirs, word_sets, pathspecs)
    if found is None:
        return [changed_files_containing(where, base, theirs, words) for words in word_sets]
    return [files & frozenset(changed) for files in found]


def _changed(where: Path, base: str, theirs: str, suffixes: tuple[str, ...], tests: bool) -> list[str]:
    return sorted(
        p for p in upstream_changed(where, base, theirs) if p.endswith(suffixes) and (tests or not _upstream_test(p))
    )


def _pathspecs(changed: list[str], suffixes: tuple[str, ...]) -> list[str]:
    pathspecs = [f":(literal){p}" for p in changed]
    if sum(len(p) + 1 for p in pathspecs) > ARGV_BYTES:  # too long a command line: every such file, same answer
        pathspecs = [f":(glob)**/*{suffix}" for suffix in suffixes]
    return pathspecs


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
    fork = _FORK_CHANGED.pop((where, base, ours), None)
    if fork is None:
        fork = frozenset(repo.Git(where).changed_paths(base, ours))
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
