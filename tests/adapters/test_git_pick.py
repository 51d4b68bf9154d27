"""A cherry-pick's tree from the object database: the picked commit's parents and date come from its
one commit object (read once), as `git cherry-pick` would take them."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.adapters.git import Git
from aeon_release.errors import GitError
from tests.helpers import git


def _repo(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    (repo / "a.txt").write_text("one\ntwo\nthree\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "root")
    git(repo, "switch", "-q", "-c", "side")
    (repo / "a.txt").write_text("one\ntwo\nthree, on the side\n")
    git(repo, "commit", "-qam", "side change")
    git(repo, "switch", "-q", "main")
    (repo / "b.txt").write_text("main's own\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "main change")
    return repo


def test_a_pick_gives_the_tree_cherry_pick_would(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    g = Git(repo)
    merged = g.pick_tree(g.head(), g.resolve("side") or "")
    assert merged.clean
    git(repo, "cherry-pick", "side")
    assert merged.tree == git(repo, "rev-parse", "HEAD^{tree}")
    assert g.commit_object(g.resolve("side") or "").startswith(b"tree ")


def test_a_merge_commit_is_refused_by_name_and_a_missing_commit_is_a_git_error(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    git(repo, "merge", "-q", "--no-ff", "-m", "merge side", "side")
    g = Git(repo)
    merge = g.head()
    with pytest.raises(GitError, match=f"{merge[:12]} is a merge commit"):
        g.pick_tree(g.resolve("side") or "", merge)
    with pytest.raises(GitError, match="cat-file"):
        g.pick_tree(merge, "0" * 40)
