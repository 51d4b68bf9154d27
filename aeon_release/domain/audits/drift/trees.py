"""The three sides of a merge as trees for the drift checks: git revisions, the merged directory, history."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Protocol

from aeon_release.adapters import git as repo
from aeon_release.domain.audits.diffs import PYTHON_FILES
from aeon_release.domain.audits.drift.symbols import Change, definition_regex


class _HunkLike(Protocol):
    @property
    def added(self) -> tuple[str, ...]: ...


class DirTree:
    """Files of a directory (the merged worktree), read once each."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._texts: dict[str, str | None] = {}

    def text(self, path: str) -> str | None:
        if path not in self._texts:
            try:
                self._texts[path] = (self.root / path).read_text(encoding="utf-8", errors="replace")
            except OSError:
                self._texts[path] = None
        return self._texts[path]


class RevTree:
    """Files at one revision, read through git's object store (never checked out)."""

    def __init__(self, git: repo.Git, rev: str) -> None:
        self.git = git
        self.rev = rev
        self._texts: dict[str, str | None] = {}

    def text(self, path: str) -> str | None:
        if path not in self._texts:
            self._texts[path] = self.git.blob_text(self.rev, path)
        return self._texts[path]

    def definition_sites(self, names: Sequence[str]) -> dict[str, list[tuple[str, int]]]:
        """Where each name is defined by a ``def`` in the Python files of this revision."""
        return repo.definition_sites(self.git.path, self.rev, names, [PYTHON_FILES])

    def files_containing(self, words: Sequence[str], paths: Sequence[str]) -> frozenset[str]:
        """Which of ``paths`` hold one of ``words`` at this revision (``git grep -l`` of those files alone)."""
        found: frozenset[str] = frozenset()
        for start in range(0, len(paths), _PATHS_A_CALL):  # a long release: a few command lines, not one
            specs = [f":(literal){p}" for p in paths[start : start + _PATHS_A_CALL]]
            found |= repo.files_containing(self.git.path, self.rev, words, specs)
        return found

    def word_lines(self, word: str) -> list[tuple[str, str]]:
        """(path, line) of every line of this revision's text files that holds ``word`` as a word (a
        function may be named by a build file, an entry point or a config, not only by Python)."""
        return repo.word_lines(self.git.path, self.rev, word, [])


_PATHS_A_CALL = 2000


class GitHistory:
    """Which upstream commit in base..theirs removed or changed a definition (``git log -G``)."""

    def __init__(self, git: repo.Git, base: str, theirs: str) -> None:
        self.git = git
        self.range = f"{base}..{theirs}"
        self._cache: dict[tuple[str, str], Change | None] = {}
        self._renames: dict[str, str] | None = None

    def definition_change(self, path: str, name: str) -> Change | None:
        key = (path, name)
        if key not in self._cache:
            self._cache[key] = self._find(path, name)
        return self._cache[key]

    def line_change(self, path: str, text: str) -> Change | None:
        """The newest commit whose diff of ``path`` added a line containing ``text`` (a decorator)."""
        ere = re.sub(r"([.^$*+?()\[\]{}|\\])", r"\\\1", text)  # the text, literally, as a POSIX ERE
        commits = self.git.log_matching(self.range, path, ere)
        return Change(commits[0].sha, commits[0].subject) if commits else None

    def moved_file(self, path: str) -> str | None:
        if self._renames is None:
            self._renames = self.git.renames(*self.range.split(".."))
        return self._renames.get(path)

    def _find(self, path: str, name: str) -> Change | None:
        commits = self.git.log_matching(self.range, path, definition_regex(name))
        pattern = re.compile(
            rf"^\s*((async\s+)?def|class)\s+{re.escape(name)}\b|^\s*{re.escape(name)}\s*(:[^=]*)?=[^=]"
        )
        for commit in commits:  # newest first: the one that took the definition away
            if any(pattern.search(line) for line in self.git.removed_lines(commit.sha, path)):
                return Change(commit.sha, commit.subject)
        return Change(commits[0].sha, commits[0].subject) if commits else None


def added_lines(hunks: Mapping[str, Sequence[_HunkLike]]) -> dict[str, frozenset[str]]:
    """path -> the stripped non-empty lines a side added."""
    return {path: frozenset(line.strip() for h in hs for line in h.added if line.strip()) for path, hs in hunks.items()}
