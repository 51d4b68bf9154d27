"""The audit tests' git fixture: a three-way merge git flags is never handed to a test as a clean one."""

from __future__ import annotations

import pytest

from tests.audits.conftest import GitRepo


@pytest.mark.parametrize("fresh", [True, False])
def test_a_conflicted_fixture_merge_fails_the_test(git_repo: GitRepo, fresh: bool) -> None:
    """The silent killers are exactly the merges git did not flag: a fixture whose sides conflict must stop
    the test, not audit a tree with conflict markers.  Both ways a fixture is written (one fast-import into
    a fresh repository, or commit by commit into one that has commits) rely on ``git merge``'s exit status."""
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
