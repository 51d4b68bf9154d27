"""The git processes an audit of a merged checkout starts: each is started in every audit a person runs and in
every audit test (~3,000 a suite run), so what one process can answer is not asked of two."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from aeon_release.adapters.git import Git
from aeon_release.domain.audits import audit_tree, diffs
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

COUNTING_GIT = """#!/bin/sh
printf '%s\\n' "$*" >> {log}
exec {git} "$@"
"""


def audited_gits(
    repo: GitRepo,
    config: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    case: tuple[str, str, str] = ("X = 1\n", "Y = 2\n", "X = 3\n"),
) -> list[str]:
    """The argument lists of the gits an audit of a fresh merge started (a counting git first on PATH): ``case`` is
    pkg/a.py at the base, the fork's pkg/b.py, and pkg/a.py as upstream changed it."""
    unique = f"# {tmp_path.name}\n"  # the merge's ids are this test's own: no earlier audit's diffs are reused
    base, fork, upstream = case
    sides = s.merge_case(
        repo, {"pkg/a.py": unique + base}, {"pkg/b.py": fork}, [("up", {"pkg/a.py": unique + upstream})]
    )
    # untold, as the places are: the engine's own listing of the paths each side changed is what this file counts
    diffs._TOLD.pop((sides.base, sides.ours, sides.theirs), None)
    log, shim = tmp_path / "gits.log", tmp_path / "bin" / "git"
    shim.parent.mkdir()
    shim.write_text(COUNTING_GIT.format(log=log, git=shutil.which("git")))
    shim.chmod(0o755)
    monkeypatch.setenv("PATH", f"{shim.parent}:{Path(shutil.which('git') or '').parent}")
    audit_tree(repo.path, config, merge=sides)  # a checkout, as this file is about: its ls-files, diff-files, rev-parse
    return log.read_text().splitlines()


def _running(gits: list[str], command: str) -> list[str]:
    return [args for args in gits if f" {command} " in f" {args} "]


def test_the_checkout_is_listed_by_one_ls_files(
    git_repo: GitRepo, no_rules: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The index and the untracked files in one ``ls-files`` (two had listed them), beside ``diff-files``."""
    gits = audited_gits(git_repo, no_rules, tmp_path, monkeypatch)
    [listed] = _running(gits, "ls-files")
    assert "--stage" in listed and "--others" in listed
    assert len(_running(gits, "diff-files")) == 1


def test_the_top_and_the_common_git_directory_are_one_rev_parse(
    git_repo: GitRepo, no_rules: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gits = audited_gits(git_repo, no_rules, tmp_path, monkeypatch)
    [asked] = _running(gits, "rev-parse")
    assert "--show-toplevel" in asked and "--git-common-dir" in asked


def test_both_sides_changed_paths_are_one_diff_tree(
    git_repo: GitRepo, no_rules: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gits = audited_gits(git_repo, no_rules, tmp_path, monkeypatch)
    [listed] = _running(gits, "diff-tree")
    assert "--stdin" in listed


def test_the_sides_listed_by_one_diff_tree_are_each_sides_own(git_repo: GitRepo) -> None:
    """Names git prints as they are: one starting with a newline (git's line after each header comes before
    it), one spelled as upstream's commit id (a header's), a tab, a folder; a side that changed nothing."""
    git_repo.commit({"a.py": "x = 1\n"}, "base")
    base = git_repo.git("rev-parse", "HEAD")
    git_repo.git("checkout", "--quiet", "-b", "upstream")
    theirs = git_repo.commit({"\nup.py": "x\n", "d/e\tf.py": "y\n", "a.py": "x = 2\n"}, "up")
    git_repo.git("checkout", "--quiet", "main")
    ours = git_repo.commit({theirs: "named as upstream's id\n", "\n\nfork.py": "z\n"}, "fork")
    git = Git(git_repo.path)
    for tips in ((theirs, ours), (ours, theirs), (base, ours), (theirs, base)):
        assert git.changed_path_lists(base, tips) == [git.changed_path_list(base, tip) for tip in tips]
    assert git.changed_path_lists(base, (theirs, ours))[1] == ["\n\nfork.py", theirs]


def test_a_few_upstream_files_are_read_not_grepped(
    git_repo: GitRepo, no_rules: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Which of upstream's few changed files can define an enum is read from their blobs: no ``git grep`` of them."""
    gits = audited_gits(git_repo, no_rules, tmp_path, monkeypatch)
    assert not [args for args in _running(gits, "grep") if "-e Enum" in args]


# A return upstream made longer, which the fork unpacks at its old length: the return checks and three others ask
# which of upstream's changed files define or declare a name, at each side.
RETURNS = (
    "class Manager:\n    def blocks(self) -> tuple[int, int]:\n        return 1, 2\n\n    def usage(self) -> int:\n"
    "        return 0\n",
    "from pkg.a import Manager\n\n\ndef fork(m: Manager) -> int:\n    a, b = m.blocks()\n    return a + m.usage()\n",
    "class Manager:\n    def blocks(self) -> tuple[int, int, int]:\n        return 1, 2, 3\n\n    def usage(self) -> int:\n"
    "        return 0\n",
)


def _literal_greps(gits: list[str], option: str) -> list[str]:
    return [args for args in _running(gits, "grep") if f" {option} " in f" {args} " and ":(literal)" in args]


def test_which_of_upstreams_few_files_hold_a_word_is_read_not_grepped(
    git_repo: GitRepo, no_rules: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Offsets, wrapped values and dispatched calls each asked ``upstream_files_with`` of upstream's changed files: a
    ``git grep -l`` each, of the same few files the audit reads through its cat-file anyway (perf36)."""
    gits = audited_gits(git_repo, no_rules, tmp_path, monkeypatch, RETURNS)
    assert _literal_greps(gits, "-l") == []


def test_where_upstreams_few_files_define_a_name_is_read_not_grepped(
    git_repo: GitRepo, no_rules: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The return checks asked ``definition_sites`` of upstream's changed files at theirs and at the base: a
    ``git grep -n`` each, of files the audit reads through its cat-file anyway (perf36)."""
    gits = audited_gits(git_repo, no_rules, tmp_path, monkeypatch, RETURNS)
    assert _literal_greps(gits, "-n") == []
    assert len(_running(gits, "grep")) <= 2  # where each side defines the name, in every Python file


def test_where_the_base_and_upstream_define_a_name_is_one_git_grep(
    git_repo: GitRepo, no_rules: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The return checks asked where each side defines the names whose returns changed, in every Python file, at
    the base and at upstream: one ``git grep`` of both revisions (two processes had, in most such audits: perf36)."""
    gits = audited_gits(git_repo, no_rules, tmp_path, monkeypatch, RETURNS)
    [both] = _running(gits, "grep")
    assert "-e def blocks" in both and len([w for w in both.split() if len(w) == 40]) == 2
