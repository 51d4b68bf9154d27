"""The three trees of a merge as the drift checks see them: what each side changed, line by line.

Each side's ``-U0`` diff against the merge base gives the lines it added (numbered in that side's
version) and the texts it removed.  The fork owns the lines it added; they are mapped into the
merged file by aligning the fork's version with the merged one (the lines in between came from
upstream), so a line the fork added is found even when upstream added an identical one elsewhere.
"""

from __future__ import annotations

import ast
import difflib
import functools
import itertools
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from aeon_release.adapters import git as repo
from aeon_release.domain.audits import linear
from aeon_release.domain.audits.diffs import ARGV_BYTES, PYTHON_FILES, upstream_changed
from aeon_release.domain.audits.drift import pyindex as px
from aeon_release.domain.audits.drift.helper_guards import held_at
from aeon_release.domain.audits.drift.pyindex import dotted_name
from aeon_release.domain.audits.memo import Memo
from aeon_release.domain.audits.source import TEST_PATH, SourceCache, code_lines, lazy_pattern, parse_python
from aeon_release.domain.diffpaths import header_path as diff_path

_WORD = lazy_pattern(r"\w+")
_HUNK = lazy_pattern(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


@dataclass(frozen=True)
class FileChange:
    """One side's change to one file."""

    added: dict[int, str] = field(default_factory=dict)  # line in the side's version -> its text
    removed: list[str] = field(default_factory=list)  # texts of the base lines it removed
    # (old start, old count, added texts, removed texts, new start)
    hunks: list[tuple[int, int, list[str], list[str], int]] = field(default_factory=list)

    def texts(self) -> list[str]:
        return [*self.added.values(), *self.removed]


def common_ends(a: Sequence[object], b: Sequence[object]) -> tuple[int, int]:
    """How many items ``a`` and ``b`` share at their head, and then at their tail (never overlapping)."""
    head = 0
    while head < min(len(a), len(b)) and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < min(len(a), len(b)) - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    return head, tail


def owner_class(qualname: str) -> str:
    """The class of ``Class.method`` (of ``module.Class.method`` too); "" for a module function."""
    return qualname.rsplit(".", 2)[-2] if "." in qualname else ""


class Qualified:
    """A mixin for a finding's subject named by ``qualname`` (``Class.method``, ``module.Class.method`` or a module
    function's name): its ``name`` (the last part) and its ``owner`` (the class, "" for a module function)."""

    qualname: str

    @property
    def name(self) -> str:
        return self.qualname.rsplit(".", 1)[-1]

    @property
    def owner(self) -> str:
        return owner_class(self.qualname)


def whole_word(name: str) -> str:
    """The ERE (``git log -G``) of ``name`` as a whole word: not inside a longer identifier."""
    return rf"(^|[^A-Za-z0-9_]){re.escape(name)}([^A-Za-z0-9_]|$)"


def commit_note(sha: str, subject: str, pr_pattern: str) -> str:
    """``SHA (#PR, 'subject')``: how a finding names the upstream commit behind it."""
    match = _subject_pattern(pr_pattern).search(subject)
    pr = f"#{match.group(1)}, " if match and match.groups() else ""
    return f"{sha[:10]} ({pr}{subject!r})"


@functools.lru_cache(maxsize=8)
def _subject_pattern(pr_pattern: str) -> Any:
    return linear.compile_subject(pr_pattern)  # fleet.yaml's, on RE2: a config cannot hold the audit


def parse_changes(diff: str) -> Changes:
    """A ``git diff -U0`` -> {path: FileChange} (added lines numbered in the new version); the same
    text gives the same ``Changes`` (every check of one audit shares them)."""
    return _changes(diff)


def own_diff(mine: str, upstream: Changes) -> str:
    """The fork's ``-U0`` diff without the hunks upstream's diff holds too (the same base lines replaced
    by the same lines), and without a file left with no hunk: git merges such a change into one copy,
    and nothing in it is the fork's.  A fork that syncs by a squashed commit of upstream's release (or
    cherry-picks upstream's fix) has upstream's own change on its side; read as the fork's, its
    literals were "fork-owned" and its methods "patched" (Red Hat's downstream fork, its sync of v0.8.4:
    341 of the 416 files its side changed were upstream's version exactly)."""
    chunks = _file_chunks(mine)
    kept = [_own_hunks(chunk, upstream) for chunk in chunks]
    if kept == chunks:
        return mine
    return "\n".join("diff --git " + chunk.removeprefix("diff --git ") for chunk in kept if chunk)


_HUNK_START = lazy_pattern(r"\n(?=@@ -)")  # a changed line starts with + - or a space: only a hunk header here


def _own_hunks(chunk: str, upstream: Changes) -> str:
    """A file's chunk of the fork's diff without the hunks upstream made the same ("" when none is left)."""
    path = _chunk_path(chunk)
    if path is None or path not in upstream:
        return chunk
    theirs = {_hunk_key(h) for h in _HUNK_START.split(upstream.raw(path))[1:]}
    head, *hunks = _HUNK_START.split(chunk)
    own = [h for h in hunks if _hunk_key(h) not in theirs]
    if len(own) == len(hunks):
        return chunk
    return "\n".join([head, *own]) if own else ""


def _hunk_key(hunk: str) -> tuple[str, str]:
    """A hunk as (its base range, its changed lines): the new side's numbers, and the function name git
    prints after the range, may differ between two sides that made the same change."""
    header, _, body = hunk.partition("\n")
    return header.split(" ", 2)[1], body.rstrip("\n")


class Changes(Mapping[str, FileChange]):
    """A side's ``-U0`` diff: split per file at once, each file parsed when a check first asks for it.

    An upstream release changes thousands of files and the checks need a few of them: they search the
    raw text of every file's diff (``matching``, ``raw``) and parse only what can matter.
    """

    def __init__(self, diff: str) -> None:
        self._raw: dict[str, str] = {}
        self._parsed: dict[str, FileChange] = {}
        self._matching: dict[tuple[re.Pattern[str], str], tuple[str, ...]] = {}  # ``matching``'s answers
        # files the side deleted: not among the changed files (the diff holds none of their lines,
        # ``--irreversible-delete``); a check that needs their text reads the base
        self.deleted: list[str] = []
        for chunk in _file_chunks(diff):
            path = _chunk_path(chunk)
            if path is not None:
                self._raw[path] = self._raw[path] + "\n" + chunk if path in self._raw else chunk
            elif (gone := _deleted_path(chunk)) is not None:
                self.deleted.append(gone)

    def __getitem__(self, path: str) -> FileChange:
        change = self._parsed.get(path)
        if change is None:
            change = self._parsed[path] = _parse_file(self._raw[path])
        return change

    def __iter__(self) -> Iterator[str]:
        return iter(self._raw)

    def __len__(self) -> int:
        return len(self._raw)

    def __contains__(self, path: object) -> bool:
        return path in self._raw

    def raw(self, path: str) -> str:
        """The file's part of the diff as git printed it (headers, ``@@`` lines, ``+``/``-`` lines)."""
        return self._raw[path]

    def without(self, paths: Iterable[str]) -> Changes:
        """These changes less ``paths`` (a copy: one diff's ``Changes`` is shared by every check)."""
        gone = set(paths)
        kept = Changes("")
        kept._raw = {p: text for p, text in self._raw.items() if p not in gone}
        kept._parsed = {p: change for p, change in self._parsed.items() if p not in gone}
        kept.deleted = [p for p in self.deleted if p not in gone]
        return kept

    def matching(self, pattern: re.Pattern[str], suffix: str = "", within: Iterable[str] | None = None) -> list[str]:
        """The paths (ending in ``suffix``, among ``within``) whose diff text the pattern finds something in.

        Over every file, kept per pattern: three checks search a release's diffs for one container pattern,
        3.6 ms each over the 2.8 MB of a 500-commit release (the texts never change; ``without`` makes a copy)."""
        if within is not None:
            return self._search(pattern, suffix, [p for p in within if p in self._raw])
        key = (pattern, suffix)
        if key not in self._matching:
            self._matching[key] = tuple(self._search(pattern, suffix, self._raw))
        return list(self._matching[key])

    def _search(self, pattern: re.Pattern[str], suffix: str, paths: Iterable[str]) -> list[str]:
        return sorted(p for p in paths if p.endswith(suffix) and pattern.search(self._raw[p]))

    def added_lines(self) -> AddedLines:
        return AddedLines(self)


class AddedLines(Mapping[str, frozenset[str]]):
    """path -> the stripped non-empty lines a side added, computed per file when asked."""

    def __init__(self, changes: Changes) -> None:
        self.changes = changes
        self._lines: dict[str, frozenset[str]] = {}

    def __getitem__(self, path: str) -> frozenset[str]:
        lines = self._lines.get(path)
        if lines is None:
            added = self.changes[path].added.values()
            lines = self._lines[path] = frozenset(t.strip() for t in added if t.strip())
        return lines

    def __iter__(self) -> Iterator[str]:
        return iter(self.changes)

    def __len__(self) -> int:
        return len(self.changes)

    def __contains__(self, path: object) -> bool:
        return path in self.changes

    def added_matches(self, pattern: re.Pattern[str], needs: str = "") -> Iterator[tuple[str, re.Match[str]]]:
        """``pattern`` (written for one stripped line) on every added line, in the raw text at once.  ``needs``:
        a text every match holds, so a file's diff without it is passed over by a ``str`` search (the line
        pattern is tried at every character: init-only drift's over a 500-commit release's diffs took 25 ms)."""
        raw = re.compile(r"^\+[ \t\f\v]*(?:" + pattern.pattern.removeprefix("^") + ")", re.M)
        for path in self.changes:
            text = self.changes.raw(path)
            if "\n+" in text and needs in text:
                for match in raw.finditer(text):
                    yield path, match


def fork_added(trees: ThreeTrees) -> list[str]:
    """The lines of Python the fork added (its tests' too), file by file: what a check's first filter reads."""
    return [line for p in trees.mine if p.endswith(".py") for line in trees.mine[p].added.values()]


def fork_found(trees: ThreeTrees, pattern: re.Pattern[str], tests: bool = False) -> set[str]:
    """What ``pattern.findall`` finds on the lines of Python the fork added outside its tests (``tests``: in
    them too): a check whose finding is a fork line holding one of them reads nothing of upstream when this is
    empty."""
    return {
        found
        for p in trees.mine
        if p.endswith(".py") and (tests or not TEST_PATH.search(p))
        for line in trees.mine[p].added.values()
        for found in pattern.findall(line)
    }


# a fork line importing a module (``from a.b import c, d`` or ``import a.b``): the module, and the names after it
_IMPORT_LINE = lazy_pattern(r"^\s*(?:from\s+([\w.]+)\s+import\s+\(?([\w\s,]*)|import\s+([\w.]+))")


def fork_imported_first(trees: ThreeTrees, paths: Iterable[str]) -> list[str]:
    """``paths`` sorted with the files whose module the fork's added lines import (``from a.b import c`` names
    ``a/b.py`` and ``a/b/c.py``) first: a check that reads at most N of upstream's changed files reads the ones
    the fork uses before the alphabetically first (a two-month range's first 32 candidates were all CI and test
    files, and no package file was ever parsed)."""
    modules = fork_imported(trees)
    return sorted(paths, key=lambda p: (dotted_name(p) not in modules, p))


def fork_imported(trees: ThreeTrees) -> frozenset[str]:
    """The dotted modules the fork's added lines import from (``from a.b import c``: ``a.b`` and ``a.b.c``)."""
    modules: set[str] = set()
    for m in filter(None, map(_IMPORT_LINE.match, fork_added(trees))):
        head, names, plain = m.groups("")
        modules.add(head or plain)
        modules.update(f"{head}.{n.split()[0]}" for n in names.split(",") if head and n.strip())
    return frozenset(modules)


def line_matches(line: re.Pattern[str], text: str, anchor: re.Pattern[str]) -> Iterator[re.Match[str]]:
    """``line`` (a pattern of one whole line: ``^`` under ``re.M``) tried only from the start of the lines
    ``anchor`` finds something in.  A line pattern that opens with ``^\\+[^\\n]*`` is retried at every
    character of every line; found from a word it needs, a 2,000-commit release's diffs took 0.01 s, not 0.5 s."""
    starts = {text.rfind("\n", 0, m.start()) + 1 for m in anchor.finditer(text)}
    for start in sorted(starts):
        found = line.match(text, start)
        if found is not None:
            yield found


def _file_chunks(diff: str) -> list[str]:
    """One chunk per ``diff --git`` header: a changed line starts with ``+``, ``-`` or a space, so the
    header cannot be forged by a file's content."""
    if not diff:
        return []
    chunks = diff.split("\ndiff --git ")
    return chunks if diff.startswith("diff --git ") else chunks[1:]


def _chunk_path(chunk: str) -> str | None:
    """The ``+++`` name of a file's chunk (before its first hunk); None for a deletion or a binary file."""
    head = chunk.split("\n@@", 1)[0]
    at = head.find("\n+++ ")
    if at < 0:
        return None
    return diff_path(head[at + 5 :].split("\n", 1)[0])


def _deleted_path(chunk: str) -> str | None:
    """The path of a deleted file's chunk, from its ``diff --git a/P b/P`` line (both names are equal)."""
    first, _, rest = chunk.partition("\n")
    if "\ndeleted file mode " not in "\n" + rest.split("\n@@", 1)[0]:
        return None
    first = first.removeprefix("diff --git ")
    half = (len(first) - 1) // 2
    if len(first) % 2 == 0 or first[half] != " ":
        return None
    return diff_path(first[half + 1 :])


# A \r that does not end git's line ends a Python one: a file whose lines end in \r alone is one line to git,
# the fork's code in it owned no line ``ast`` numbers (a pull request passed every drift check in silence).
_INNER_CR = lazy_pattern(r"\r(?!$)")


def _parse_file(chunk: str) -> FileChange:
    current = FileChange()
    plus: list[str] = []
    minus: list[str] = []
    line = 0
    # "\n" only: str.splitlines() also splits at \x0c or \u2028 inside a changed line.
    lines = chunk.split("\n")
    first_hunk = next((i for i, text in enumerate(lines) if text[:1] == "@" and _HUNK.match(text)), len(lines))
    # a chunk holding no \r has no line to split at one: each changed line is one piece (a third of the parse of
    # a 500-commit release's 666 diffs, 30 -> 21 ms, went to splitting every line twice at a \r it did not hold)
    split = _INNER_CR.split if "\r" in chunk else None
    for text in lines[first_hunk:]:
        first = text[:1]
        if first == "+":
            for piece in (text[1:],) if split is None else split(text[1:]):
                current.added[line] = piece
                plus.append(piece)
                line += 1
        elif first == "-":
            pieces = [text[1:]] if split is None else split(text[1:])
            current.removed.extend(pieces)
            minus.extend(pieces)
        elif first == "@" and (match := _HUNK.match(text)) is not None:
            plus, minus = [], []
            line = int(match.group(3))
            current.hunks.append((int(match.group(1)), int(match.group(2) or 1), plus, minus, line))
    return current


LOOKUPS = 100  # upstream_commit's git logs a merge runs at most


class ThreeTrees:
    """Base, ours (the fork), theirs (upstream) by sha, the merged tree (read through the audit's cache), both sides' changes."""

    def __init__(
        self,
        repo_path: Path,
        base: str,
        ours: str,
        theirs: str,
        merged: SourceCache,
        mine: Changes,
        upstream: Changes,
        greps: Mapping[tuple[str, ...], Callable[[], frozenset[str]]] | None = None,
    ) -> None:
        self.repo, self.base, self.ours, self.theirs, self.merged = repo_path, base, ours, theirs, merged
        self.mine, self.upstream = mine, upstream
        self._blobs: dict[tuple[str, str], str | None] = {}
        self._maps: dict[tuple[str, str], dict[int, int]] = {}
        self._modules: dict[str, ast.Module | None] = {}
        self._lookups = 0  # upstream_commit's git logs so far
        self._found: dict[tuple[str, str, str, int], str] = {}  # upstream_commit's answers (no confirm)
        self._greps: dict[tuple[str, ...], Callable[[], frozenset[str]]] = dict(greps or {})
        self._words: frozenset[str] | None = None
        # Each asked once a merge: tree surfaces ask them per (class, member) read, the same class for every
        # member the fork reads off it, and each answer is a ``git grep`` (perf35).
        self._declaring: dict[tuple[str, ...], list[str]] = {}
        self._naming: dict[tuple[str, ...], frozenset[str]] = {}
        self._index: px.Index | None = None

    def fork_words(self) -> frozenset[str]:
        """Every word (``\\w+``) on the lines of Python the fork added, gathered once for every check that
        asks (a name none of them holds is named by no fork line), with each non-ASCII one also as the parser
        reads a name (NFKC-folded: a fullwidth ``f`` is ``f``)."""
        if self._words is None:
            words = {
                w
                for p in self.mine
                if p.endswith(".py")
                for line in self.mine[p].added.values()
                for w in _WORD.findall(line)
            }
            self._words = frozenset(words | {unicodedata.normalize("NFKC", w) for w in words if not w.isascii()})
        return self._words

    def python_files_with(self, words: tuple[str, ...]) -> frozenset[str]:
        """Upstream's Python files (at theirs) whose text contains one of ``words``: ``git grep``, so
        that a check reads only the blobs that can matter.  ``greps`` may hold one started earlier,
        limited to the files upstream changed (what every check asks about)."""
        if words not in self._greps:
            found = repo.files_containing(self.repo, self.theirs, words, [PYTHON_FILES])
            self._greps[words] = lambda: found
        return self._greps[words]()

    def upstream_files_with(self, words: tuple[str, ...], paths: Iterable[str]) -> frozenset[str]:
        """Of ``paths``, those whose text at theirs holds one of ``words``: a few read from their blobs through the
        run's cat-file (three checks asked it of the same files, a ``git grep`` process each: perf36), more in
        one ``git grep`` of those files alone (every Python file when they would not fit on a command line)."""
        specs = [f":(literal){p}" for p in sorted(set(paths))]
        if not specs or not words:
            return frozenset()
        read = repo.files_holding(self.repo, self.theirs, (words,), sorted(set(paths)))
        if read is not None:
            return read[0]
        chosen = frozenset(p.removeprefix(":(literal)") for p in specs)
        if sum(len(p) + 1 for p in specs) > ARGV_BYTES:
            specs = [PYTHON_FILES]
        return repo.files_containing(self.repo, self.theirs, words, specs) & chosen

    def declaring(self, classes: Iterable[str], most: int) -> list[str]:
        """The first ``most`` (by path) of the Python files upstream changed whose text at theirs holds
        ``class NAME`` for one of ``classes``."""
        words = tuple(sorted({f"class {name}" for name in classes}))
        if words not in self._declaring:
            paths = [p for p in upstream_changed(self.repo, self.base, self.theirs) if p.endswith(".py")]
            self._declaring[words] = sorted(self.upstream_files_with(words, paths))
        return self._declaring[words][:most]

    def files_naming(self, words: tuple[str, ...]) -> frozenset[str]:
        """Python files of either side (the fork's at ours, upstream's at theirs) whose text holds one of
        ``words``: where the merged tree may name them."""
        if words not in self._naming:
            found = frozenset[str]()
            for rev in (self.ours, self.theirs):
                found |= repo.files_containing(self.repo, rev, words, [PYTHON_FILES])
            self._naming[words] = found
        return self._naming[words]

    def blobs(self, rev: str, paths: list[str]) -> dict[str, str | None]:
        """Texts of ``paths`` at ``rev``, read in one batch and cached."""
        missing = [p for p in paths if (rev, p) not in self._blobs]
        for path, text in repo.read_blobs(self.repo, rev, missing).items():
            self._blobs[(rev, path)] = text
        return {p: self._blobs[(rev, p)] for p in paths}

    def upstream_commit(
        self,
        path: str,
        regex: str,
        pr_pattern: str,
        confirm: Callable[[repo.Commit], bool] | None = None,
        most: int = 8,
    ) -> str:
        """``", in SHA (#PR, 'subject')"``: the newest upstream commit (base..theirs) whose diff of
        ``path`` adds or removes a line matching the ERE ``regex`` and, among the ``most`` newest,
        that ``confirm`` accepts; "" when none does.

        A ``git log -G`` each (10-15 ms): a merge of thousands of findings (a registry of 2,000 defaults
        upstream all changed, read by the fork) spent 27 s naming commits, 100,000 would take twenty
        minutes.  So a merge asks git LOOKUPS times at most; a finding past that names its file alone,
        as one whose commit was not found does."""
        key = (path, regex, pr_pattern, most)
        if confirm is None and key in self._found:
            return self._found[key]  # asked again (one name read on many lines): no git log
        if self._lookups >= LOOKUPS:
            return ""
        self._lookups += 1
        found = ""
        for commit in repo.Git(self.repo).log_matching(f"{self.base}..{self.theirs}", path, regex)[:most]:
            if confirm is None or confirm(commit):
                found = ", in " + commit_note(commit.sha, commit.subject, pr_pattern)
                break
        if confirm is None:
            self._found[key] = found
        return found

    def merged_text(self, path: str) -> str | None:
        return self.merged.text(path)

    def merged_index(self) -> px.Index:
        """The merged tree's index (its modules parsed on first use), one for every check that resolves names or
        class orders in it: bypassed hooks and raised kinds each built their own (perf40)."""
        if self._index is None:
            self._index = px.Index(self.merged)
        return self._index

    def merged_module(self, path: str) -> ast.Module | None:
        """The merged file parsed, once for every check that reads it (None: absent or no parse)."""
        if path not in self._modules:
            text = self.merged_text(path)
            self._modules[path] = parse_python(text, path) if text is not None else None
            held_at(self._modules[path], path)  # where a relative import of its guard helpers points
        return self._modules[path]

    def to_merged(self, rev: str, path: str) -> dict[int, int]:
        """Line numbers of ``rev``'s version of ``path`` -> the merged file's (cached)."""
        if (rev, path) not in self._maps:
            side = self.blobs(rev, [path])[path] or ""
            merged = self.merged_text(path) or ""
            self._maps[(rev, path)] = line_map(side, merged)
        return self._maps[(rev, path)]

    def owned_lines(self, path: str) -> set[int]:
        """Lines of the merged file that the fork added (base..ours)."""
        change = self.mine.get(path)
        merged = self.merged_text(path)
        if change is None or not change.added or merged is None:
            return set()
        if path not in self.upstream:
            return set(change.added)  # upstream did not touch it: the merged file is the fork's
        mapping = self.to_merged(self.ours, path)
        return {mapping[n] for n in change.added if n in mapping}

    def upstream_lines(self, path: str) -> set[int]:
        """Lines of the merged file that upstream added (base..theirs)."""
        change = self.upstream.get(path)
        merged = self.merged_text(path)
        if change is None or not change.added or merged is None:
            return set()
        if path not in self.mine:
            return set(change.added)
        mapping = self.to_merged(self.theirs, path)
        return {mapping[n] for n in change.added if n in mapping}


def line_map(side: str, merged: str) -> dict[int, int]:
    """1-based line numbers of ``side`` -> the same line in ``merged``, where they align.

    The common head and tail are matched directly; only the middle is aligned (a merge changes a few
    places of a long file), by difflib (which treats very common lines as junk when the middle is long)
    within a budget of work, and past it by git's histogram diff.
    """
    a, b = code_lines(side), code_lines(merged)
    head, tail = common_ends(a, b)
    mapping = {n: n for n in range(1, head + 1)}
    mapping.update({len(a) - t: len(b) - t for t in range(tail)})
    middle_a, middle_b = a[head : len(a) - tail], b[head : len(b) - tail]
    for i, j, size in aligned(middle_a, middle_b, autojunk=len(middle_a) + len(middle_b) > 3000):
        for offset in range(size):
            mapping[head + i + offset + 1] = head + j + offset + 1
    return mapping


# Pairs of equal lines difflib may visit (~60 ns each: ~65 ms).  The costliest real middle measured, a model
# upstream rewrote between two releases (2,627 lines), visits 376,000 in 21 ms: its alignment stays difflib's.
DIFFLIB_WORK = 1_000_000


def aligned(a: list[str], b: list[str], autojunk: bool) -> list[tuple[int, int, int]]:
    """(start in ``a``, start in ``b``, length) of the runs of lines the two share, in order: difflib's
    ``get_matching_blocks`` (``autojunk``: its very common lines are no anchors) within a budget.

    difflib's matcher is near-cubic on lines that repeat (blank lines, ``return x``, ``)``): a module of 200
    functions both sides changed throughout (1,400 lines) took 1.8 s, a hostile pull request could hold the
    gate.  Its work is counted as it goes; past the budget git aligns the lines instead (milliseconds), and
    every real middle measured stays under it (``benchmarks/line_map_real.py``), aligned as before."""
    matcher = _BoundedMatcher(a, b, autojunk)
    try:
        blocks = matcher.get_matching_blocks()
    except _TooCostly:
        return repo.matching_blocks(a, b)
    return [(i, j, size) for i, j, size in blocks if size]


def opcodes(a: list[str], b: list[str], autojunk: bool) -> list[tuple[str, int, int, int, int]]:
    """``SequenceMatcher(a=a, b=b, autojunk=autojunk).get_opcodes()`` within the budget of ``aligned``, from its
    runs: equal for each run, and between two runs replace, delete or insert (as difflib names them)."""
    ops: list[tuple[str, int, int, int, int]] = []
    a0 = b0 = 0
    for a1, b1, size in [*aligned(a, b, autojunk), (len(a), len(b), 0)]:
        if a1 > a0 or b1 > b0:
            ops.append(("replace" if a1 > a0 and b1 > b0 else "delete" if a1 > a0 else "insert", a0, a1, b0, b1))
        if size:
            ops.append(("equal", a1, a1 + size, b1, b1 + size))
        a0, b0 = a1 + size, b1 + size
    return ops


class _TooCostly(Exception):
    pass


class _BoundedMatcher(difflib.SequenceMatcher[str]):
    """A ``SequenceMatcher`` that stops (``_TooCostly``) once its searches for the longest match have visited more
    than ``DIFFLIB_WORK`` pairs of equal lines: a search of ``a[alo:ahi]`` visits at most, for each of its lines,
    every position of that line in ``b`` (``b2j``), summed once for all (``_visits``)."""

    b2j: dict[str, list[int]]  # difflib's index of ``b`` (a line -> its positions, junk left out), set by set_seq2

    def __init__(self, a: list[str], b: list[str], autojunk: bool) -> None:
        super().__init__(None, a, b, autojunk=autojunk)
        self._visits = [0, *itertools.accumulate(len(self.b2j.get(line, ())) for line in a)]
        self._work = 0

    def find_longest_match(self, alo: int = 0, ahi: int | None = None, blo: int = 0, bhi: int | None = None) -> Any:
        ahi = len(self._visits) - 1 if ahi is None else ahi
        self._work += self._visits[ahi] - self._visits[alo]
        if self._work > DIFFLIB_WORK:
            raise _TooCostly
        return super().find_longest_match(alo, ahi, blo, bhi)


_changes = Memo(Changes, size=8)


_K = TypeVar("_K", str, tuple[str, str])  # a name, or (owner, name): keys that sort
_V = TypeVar("_V")


def both_texts(trees: ThreeTrees, paths: list[str]) -> tuple[dict[str, str | None], dict[str, str | None]]:
    """Each of ``paths``' text at the base and at upstream (None where absent), read in one batch a revision
    (none for no path: a check whose gate let no file through starts no reader)."""
    if not paths:
        return {}, {}
    return trees.blobs(trees.base, paths), trees.blobs(trees.theirs, paths)


@dataclass(frozen=True)
class Versions:
    """One of upstream's files at the base and at upstream: its texts (empty where absent), parsed."""

    path: str
    old_text: str
    new_text: str
    old: ast.Module
    new: ast.Module


def parsed_texts(
    trees: ThreeTrees, paths: list[str], keep: Callable[[str, str], bool] | None = None
) -> Iterator[Versions]:
    """Both versions of each of ``paths`` that parse at both (an absent file reads as empty), with their
    texts, for a check that reads the text besides the tree (a regex gate before a walk).  ``keep(old
    text, new text)`` False skips a path before either is parsed: the parses are most of a small merge's
    checks (the forty-second landing's classes parsed ~130 upstream texts, 3.8 MB, at 80 commits)."""
    before, after = both_texts(trees, paths)
    for path in paths:
        old_text, new_text = before[path] or "", after[path] or ""
        if keep is not None and gateable(old_text) and gateable(new_text) and not keep(old_text, new_text):
            continue
        old, new = parse_python(old_text, path), parse_python(new_text, path)
        if old is not None and new is not None:
            yield Versions(path, old_text, new_text, old, new)


# ``def``, then blanks or backslash continuations, then the name (``def \\`` and the name on the next line parse)
_DEFINED = lazy_pattern(r"\bdef(?:[ \t\f]|\\(?:\r\n?|\n))+(\w+)")


def defined_names(text: str) -> set[str]:
    """The names ``text`` defines by ``def`` (a superset: a ``def`` in a string or a comment counts too), each
    as the parser reads it when ``gateable(text)``: a ``keep`` of ``parsed_texts`` for a check whose change
    must be a function the fork names."""
    return set(_DEFINED.findall(text))


def gateable(text: str) -> bool:
    """Whether a text gate's regular expressions see every name in ``text`` as the parser reads it.

    Not when a name holds a character the parser folds (NFKC: U+FF37 is read as ``W``) or one ``\\w`` does not
    take (U+00B7 continues a name).  Python's tokenizer takes a non-ASCII character outside a string or a comment
    only as part of a name (any other one is a SyntaxError: no tree, nothing found), so a text each of whose
    non-ASCII characters either cannot be part of a name or is one the parser keeps as written (``_as_written``)
    has its names as written: its non-ASCII prose (a dash, an arrow in a comment; a Chinese prompt, a Greek
    letter in a docstring) lies in strings and comments, or spells a name the gate reads whole.  Most of upstream's
    large modules hold such prose (``gpu_model_runner.py``, 340 KB): once left ungated, they were the most of a small
    merge's parses; Chinese example prompts were most of handed-back drift's at 500 commits (perf18)."""
    return text.isascii() or _names_as_written(text)


def plain_names(text: str) -> bool:
    # the text less its runs of ASCII: a charset loop per run, not a try at every offset (22 -> 10 ms over the
    # 97 non-ASCII texts, 4.7 MB, of an 80-commit release)
    odd = {c for c in set(_ASCII_RUNS.sub("", text)) if not _as_written(c)}
    return not odd or _commented(text, odd)


def _commented(text: str, chars: set[str]) -> bool:
    """Whether every one of ``chars`` in ``text`` lies past a ``#`` on a line holding no quote, and no ``{``
    past that ``#``: no name holds it.  A line without a quote opens and closes no string, so it is code or
    string text throughout; in code the ``#`` opens a comment to the line's end, in a string the rest is
    string text unless a ``{`` opens an f-string's field.  A subscript letter (U+1D62, which NFKC folds to
    ``i``) in a formula's comment kept a 36 KB model ungated at 500 commits: handed-back drift parsed both its
    versions and the merged one, 40 of its 42 ms.

    Lines end where Python's do (at a line feed or a carriage return); each line holding such a character is read once, and the
    searches for its ends start where the last ones stopped, so a text is read a bounded number of times."""
    found = re.compile("[" + "".join(map(re.escape, sorted(chars))) + "]")
    end, next_n, next_r = -1, -1, -1
    for match in found.finditer(text):
        at = match.start()
        if at < end:
            continue  # on the line already read
        start = max(text.rfind("\n", end + 1, at), text.rfind("\r", end + 1, at), end) + 1
        if next_n < at:
            next_n = _next(text, "\n", at, len(text))
        if next_r < at:
            next_r = _next(text, "\r", at, next_n)
        end = min(next_n, next_r)
        line = text[start:end]
        mark = line.find("#")
        if not 0 <= mark < at - start or '"' in line or "'" in line or "{" in line[mark:]:
            return False
    return True


def _next(text: str, char: str, at: int, bound: int) -> int:
    """Where ``char`` is next in ``text`` from ``at`` on, or ``bound`` when it is not before it."""
    found = text.find(char, at, bound)
    return bound if found < 0 else found


@functools.lru_cache(maxsize=4096)
def _as_written(char: str) -> bool:
    """A non-ASCII character no name can hold, or one a name holds as the parser reads it and ``\\w`` takes: a
    word character NFKC leaves alone that composes with no character before it (no combining mark, no Hangul
    conjoining jamo).  No canonical composition has such a character second (test_parse_gates_unicode), so a
    name of them and ASCII is its own NFKC form."""
    if not ("a" + char).isidentifier():
        return True
    return (
        _WORD_CHAR.fullmatch(char) is not None
        and unicodedata.normalize("NFKC", char) == char
        and unicodedata.combining(char) == 0
        and not _conjoining_jamo(char)
    )


def _conjoining_jamo(char: str) -> bool:
    """Hangul's conjoining jamo: a leading and a vowel jamo compose into one syllable (composed by rule, so no
    decomposition table names them)."""
    point = ord(char)
    return 0x1100 <= point <= 0x11FF or 0xA960 <= point <= 0xA97F or 0xD7B0 <= point <= 0xD7FF


_ASCII_RUNS = lazy_pattern(r"[\x00-\x7f]+")
_WORD_CHAR = lazy_pattern(r"\w")
_names_as_written = Memo(plain_names, size=64)


def parsed_versions(
    trees: ThreeTrees, paths: list[str], keep: Callable[[str, str], bool] | None = None
) -> Iterator[tuple[str, ast.Module, ast.Module]]:
    """(path, its module at the base, at upstream) for each of ``paths`` both versions of which parse (an
    absent file reads as empty), the texts read in one batch a revision (``keep``: as ``parsed_texts``)."""
    for both in parsed_texts(trees, paths, keep):
        yield both.path, both.old, both.new


def declared(text: str, keyword: str) -> frozenset[str]:
    """The names ``text`` declares with ``keyword`` (``def``, ``class``): a superset of the ``ast``'s (a
    match in a string or comment counts), so a name outside it is declared nowhere in the module."""
    return _declared(text, keyword)


def code_added(change: FileChange) -> bool:
    """A line the fork added may start a node: it is not blank, nor a comment without ``{`` (a comment-like line
    holding ``{`` may be a line of a multi-line f-string, whose expressions are code).  A module whose added lines
    are all blank or comments holds no node on a line the fork owns: a check that finds only such nodes need not
    parse it (callbacks, dropped kwargs)."""
    return any(
        (text := line.strip()) and not (text.startswith("#") and "{" not in text) for line in change.added.values()
    )


def added_names_a_def(trees: ThreeTrees, paths: list[str], spelt: Callable[[str], str]) -> bool:
    """Whether a line the fork added holds ``spelt(name)`` for a name some candidate of ``paths`` declares with
    ``def`` at both versions: the all-or-nothing gate of a check whose findings need a fork-added line naming a
    def both versions keep (``declared`` finds a superset of the defs).  A text whose names the parser folds
    (``gateable``) is never gated: True.  Shared by re-derived layouts (a bare name, perf27), stopped
    argument writes (``.name(``, perf28) and coerced returns (``name(``, perf37)."""
    added = "\n".join(fork_added(trees))
    before, after = both_texts(trees, paths)
    texts = [(before[p] or "", after[p] or "") for p in paths]
    if not all(gateable(old) and gateable(new) for old, new in texts):
        return True
    return any(spelt(n) in added for old, new in texts for n in declared(old, "def") & declared(new, "def"))


def added_names_a_class(trees: ThreeTrees, paths: list[str]) -> bool:
    """Whether a line the fork added holds a name some candidate of ``paths`` declares with ``class`` at the base:
    the all-or-nothing gate of a check whose findings need a fork-added line naming a class of a candidate's base
    (``declared`` finds a superset of the classes).  A base text whose names the parser folds (``gateable``) is
    never gated: True.  Shared by exact classes (a split's base, perf32) and dropped dunders (the class that lost
    one, perf35)."""
    added = "\n".join(fork_added(trees))
    texts = [text or "" for text in both_texts(trees, paths)[0].values()]
    return any(not gateable(text) or any(name in added for name in declared(text, "class")) for text in texts)


def _declarations(text: str, keyword: str) -> frozenset[str]:
    return frozenset(_declaration(keyword).findall(text))


@functools.lru_cache(maxsize=8)
def _declaration(keyword: str) -> re.Pattern[str]:
    r"""``\bdef(?:\s|\\)+(\w+)`` for ``keyword`` (a word: ``def``, ``class``; a backslash may continue the line
    before the name), its ``\b`` asked by a lookbehind after the keyword.  Python's engine finds a pattern that
    opens with a literal by scanning for it, and tries one that opens with ``\b`` at every offset: 207 ms over the
    290 texts (7.9 MB) of a 500-commit release against 8-15 ms.  The matches are the same: ``\b`` before a word
    character holds where no ``\w`` precedes it, which is what ``(?<!\wdef)`` asks once ``def`` is read."""
    word = re.escape(keyword)
    return re.compile(rf"{word}(?<!\w{word})(?:\s|\\)+(\w+)")


_declared = Memo(_declarations, size=256)


def both_versions(
    trees: ThreeTrees, paths: list[str], read: Callable[[str | None], Mapping[_K, _V]]
) -> Iterator[tuple[str, _K, _V, _V]]:
    """(path, key, what ``read`` found at the base, what it found at upstream) for each key ``read``
    finds in both versions of each path (its texts read in one batch a revision), keys in order."""
    before, after = both_texts(trees, paths)
    for path in paths:
        old, new = read(before.get(path)), read(after.get(path))
        for key in sorted(old.keys() & new.keys()):
            yield path, key, old[key], new[key]
