"""The audit tests' git fixture: a three-way merge git flags is never handed to a test as a clean one."""

from __future__ import annotations

import subprocess

import pytest

from aeon_release.domain.audits.source import GitTree
from tests.audits.conftest import GitRepo


@pytest.mark.parametrize("fresh", [True, False])
def test_a_conflicted_fixture_merge_fails_the_test(git_repo: GitRepo, fresh: bool) -> None:
    """The silent killers are exactly the merges git did not flag: a fixture whose sides conflict must stop
    the test, not audit a tree with conflict markers.  Both ways a fixture is written (one fast-import into
    a fresh repository, merged by ``git merge-tree``, or commit by commit into one that has commits, merged by
    ``git merge``) rely on git's exit status."""
    if not fresh:
        git_repo.commit({"README": "x\n"}, "first")
    with pytest.raises(AssertionError, match="git merge"):
        git_repo.three_way({"a.py": "x = 1\n"}, [("upstream", {"a.py": "x = 2\n"})], {"a.py": "x = 3\n"})


def test_a_clean_fixture_merge_is_a_merge_commit_of_both_sides(git_repo: GitRepo) -> None:
    base, theirs, ours = git_repo.three_way(
        {"a.py": "x = 1\ny = 1\n"}, [("up", {"a.py": "x = 2\ny = 1\n"})], {"b.py": ""}
    )
    assert git_repo.git("rev-parse", "HEAD^1", "HEAD^2").split() == [ours, theirs]
    assert git_repo.git("merge-base", ours, theirs) == base
    assert (git_repo.path / "a.py").read_text() == "x = 2\ny = 1\n" and (git_repo.path / "b.py").exists()
    assert git_repo.git("status", "--porcelain") == ""


def test_a_merge_left_in_git_objects_is_checked_out_as_git_merge_makes_it(git_repo: GitRepo) -> None:
    """``three_way`` leaves its merge in git's objects (``merge-tree``); the first use of the work tree checks it
    out as ``git merge`` did: the same tree, a merge commit of both sides, a clean status."""
    base, theirs, ours = git_repo.three_way(
        {"a.py": "x = 1\ny = 1\n", "c.py": "z = 1\n"}, [("up", {"a.py": "x = 2\ny = 1\n", "c.py": None})], {"b.py": ""}
    )
    merged = git_repo.merged_tree
    assert merged is not None and [p.name for p in git_repo.root.iterdir()] == [".git"]  # nothing checked out yet
    assert git_repo.git("rev-parse", "HEAD^{tree}") == merged and git_repo.merged_tree is None
    assert git_repo.git("rev-parse", "HEAD^1", "HEAD^2").split() == [ours, theirs]
    assert git_repo.git("merge-base", ours, theirs) == base
    assert sorted(p.name for p in git_repo.path.iterdir()) == [".git", "a.py", "b.py"]
    assert git_repo.git("status", "--porcelain") == ""


def test_the_row_helpers_audit_the_merged_tree_or_the_checkout_once_used(git_repo: GitRepo) -> None:
    """``audited`` is the merge's tree read from git's objects while nothing used the checkout, and the checkout
    (with whatever a test wrote there) once anything did."""
    git_repo.three_way({"a.py": "x = 1\n"}, [("up", {"a.py": "x = 2\n"})], {"b.py": "y = 1\n"})
    with git_repo.audited() as tree:
        assert isinstance(tree, GitTree) and tree.files() == ["a.py", "b.py"]
        assert tree.read("a.py") == b"x = 2\n"
    (git_repo.path / "d.py").write_text("w = 1\n")
    with git_repo.audited() as checkout:
        assert checkout == git_repo.root and (checkout / "d.py").exists()


def test_the_places_told_are_the_ones_git_finds(git_repo: GitRepo) -> None:
    """``tell_places`` spares an audit of the merged tree its ``rev-parse`` of the repository's top and common git
    directory (suitespeed17): what it tells must be what git would answer there."""
    git_repo.three_way({"a.py": "x = 1\n"}, [("up", {"a.py": "x = 2\n"})], {"b.py": ""})
    told = [str(git_repo.root.resolve()), str((git_repo.root / ".git").resolve())]
    asked = ["rev-parse", "--show-toplevel", "--path-format=absolute", "--git-common-dir"]
    done = subprocess.run(["git", *asked], cwd=git_repo.root, capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == told
