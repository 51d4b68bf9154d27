"""Renamed siblings: upstream renamed the data files of a folder by a new naming scheme, and the fork's
own file there keeps the old name.

Some files are never imported or named in code: code builds their names and looks for them.  A tuned
kernel table is read from ``configs/E=<experts>,N=<n>,device_name=<gpu>,dtype=<dtype>.json``, a name
made by a function; when no such file exists the kernel runs on its default table.  A fork carries its
own tables for its own GPU in that folder.  When upstream changes the scheme, it renames its own tables
in the same commit (#7415 renamed every ``dtype=float8`` table to ``dtype=fp8_w8a8``; a later commit
renamed ``block_shape=[128, 128]`` to ``block_shape=[128,128]``), and git merges the fork's table
untouched, under a name nothing will ask for any more.  Every answer stays right; the kernel is slow.

No rule is needed.  A fork-added file that is not code, in a Python package's folder (package data), is
checked when upstream renamed files of its folder (git's rename detection, in that folder only): when at least two of those renames made the same
edit (the same old text replaced by the same new text, between the same kinds of characters: a digit,
a letter, or that very character), that is a naming scheme, and a fork file whose name holds the old
text there is an error, unless the merged tree also has the fork's file under the new name.  A folder
that upstream moved away whole is git's own business: its directory-rename detection stops the merge
with a conflict over the fork's file ("added inside a directory that was renamed")."""

from __future__ import annotations

import posixpath
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from aeon_release.adapters import git as repo
from aeon_release.domain.audits.diffs import upstream_changed
from aeon_release.domain.audits.drift.sides import Changes, ThreeTrees, commit_note, common_ends
from aeon_release.domain.audits.merge_rules import NAME_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity

# Code is imported by its own name (the fork's module keeps working wherever it is): only data files
# are looked up by a name that code builds.
_CODE = (".py", ".pyi", ".c", ".cc", ".cpp", ".cxx", ".cu", ".cuh", ".h", ".hpp", ".hh", ".cmake", ".txt.in")
_SCHEME = 2  # renames making the same edit: a naming scheme, not one file renamed
_MOST_FOLDERS = 8  # folders looked into a merge at most (one `git diff -M` each)


@dataclass(frozen=True)
class Edit:
    """A rename's edit: ``old`` replaced by ``new`` between characters of the kinds ``before``/``after``."""

    before: str
    old: str
    new: str
    after: str

    def pattern(self) -> re.Pattern[str]:
        return re.compile(f"(?<={self.before}){re.escape(self.old)}(?={self.after})" if self.old else "(?!)")

    def apply(self, name: str) -> str:
        return self.pattern().sub(lambda _: self.new, name, count=1)


def beside_fork_data(mine: Changes, changed: Iterable[str]) -> bool:
    """Whether upstream changed a folder the fork added a data file to (``changed``: the paths upstream
    changed, every kind: upstream's diff the checks read holds its Python files alone)."""
    return bool(_folders(_new_data_files(mine), changed))


def _folders(added: list[str], changed: Iterable[str]) -> list[str]:
    touched = {posixpath.dirname(p) for p in changed}
    # the repository's top folder is no package's: its files are found by listing
    return sorted(({posixpath.dirname(p) for p in added} & touched) - {""})[:_MOST_FOLDERS]


def renamed_sibling_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    added = _new_data_files(trees.mine)
    if not added:
        return []
    folders = _folders(added, upstream_changed(trees.repo, trees.base, trees.theirs))
    git = repo.Git(trees.repo)
    findings: list[Finding] = []
    for folder in folders:
        had = git.tree_names(trees.base, folder)
        mine = [p for p in added if posixpath.dirname(p) == folder and posixpath.basename(p) not in had]
        if not mine:
            continue  # a file of the base the fork emptied and refilled, not one it added
        renames = git.renames(trees.base, trees.theirs, [f":(literal){folder}/"])
        if len(renames) >= _SCHEME and _in_package(git, trees.theirs, folder):
            findings += _scheme_findings(trees, git, folder, mine, renames, pr_pattern)
    return findings


def _in_package(git: repo.Git, rev: str, folder: str) -> bool:
    """Whether ``folder`` is package data: it or a folder above it is a Python package at ``rev``.  The
    files of a repository's own folders (``.github/ISSUE_TEMPLATE``, ``docs/``) are found by listing,
    whatever their names; a package's data is found by the names its code builds."""
    while folder:
        if "__init__.py" in git.tree_names(rev, folder):
            return True
        folder = posixpath.dirname(folder)
    return False


def _new_data_files(changes: Changes) -> list[str]:
    """The files a side added that are not code."""
    return sorted(p for p in changes if not p.endswith(_CODE) and _new(changes, p))


def _new(changes: Changes, path: str) -> bool:
    """Whether the side's diff made ``path`` (its header says so; no hunk of it needs parsing)."""
    return "\nnew file mode " in changes.raw(path).split("\n@@", 1)[0]


def edit_of(old: str, new: str) -> Edit | None:
    """The one edit that turns the name ``old`` into ``new``, with the kind of character on each side."""
    if old == new:
        return None
    start, end = common_ends(old, new)
    before = _kind(old[start - 1]) if start else "^"
    after = _kind(old[len(old) - end]) if end else "$"
    return Edit(before, old[start : len(old) - end], new[start : len(new) - end], after)


def shown(old: str, new: str) -> tuple[str, str]:
    """The words of ``old`` and ``new`` that differ, for a message (``float8`` -> ``fp8_w8a8``, where the
    edit itself is ``loat`` -> ``p8_w8a``)."""
    start, end = common_ends(old, new)
    while start and old[start - 1].isalnum():
        start -= 1
    while end and old[len(old) - end].isalnum():
        end -= 1
    return old[start : len(old) - end], new[start : len(new) - end]


def _kind(char: str) -> str:
    if char.isdigit():
        return r"\d"
    if char.isalpha():
        return "[^\\W\\d_]"
    return re.escape(char)


def _scheme_findings(
    trees: ThreeTrees, git: repo.Git, folder: str, mine: list[str], renames: dict[str, str], pr_pattern: str
) -> list[Finding]:
    edits: Counter[Edit] = Counter()
    example: dict[Edit, tuple[str, str]] = {}
    for old, new in renames.items():
        if posixpath.dirname(old) != folder or posixpath.dirname(new) != folder:
            continue
        edit = edit_of(posixpath.basename(old), posixpath.basename(new))
        if edit is not None and edit.old:
            edits[edit] += 1
            example.setdefault(edit, (old, new))
    schemes = [e for e, n in edits.most_common() if n >= _SCHEME]
    notes: dict[Edit, str] = {}  # each scheme's commit, looked up once for all the fork's files it catches
    findings = []
    for path in mine:
        name = posixpath.basename(path)
        for edit in schemes:
            renamed = edit.apply(name)
            if renamed == name or trees.merged_text(f"{folder}/{renamed}") is not None:
                continue
            old, new = example[edit]
            was, now = shown(posixpath.basename(old), posixpath.basename(new))
            if edit not in notes:
                notes[edit] = _commit(trees, git, old, pr_pattern)
            where = notes[edit]
            findings.append(
                _finding(
                    path,
                    f"upstream renamed {edits[edit]} files of {folder}/ by a new naming scheme ('{was}' -> '{now}': "
                    f"{posixpath.basename(old)} -> {posixpath.basename(new)}{where}); the fork's "
                    f"{name} keeps the old name, and code that builds the new names will not find it",
                    f"rename it to {renamed} (or check how upstream now builds these names)",
                )
            )
            break
    return findings


def _commit(trees: ThreeTrees, git: repo.Git, old_path: str, pr_pattern: str) -> str:
    """``", in SHA (#PR, 'subject')"`` of the upstream commit that took ``old_path`` away, or ""."""
    commit = git.last_change(f"{trees.base}..{trees.theirs}", old_path)
    return ", in " + commit_note(commit.sha, commit.subject, pr_pattern) if commit is not None else ""


def _finding(path: str, message: str, hint: str) -> Finding:
    return Finding(RULE, "merge", Severity.ERROR, path, 1, f"{message}; {hint}")
