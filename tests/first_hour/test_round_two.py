"""The first hour of a maintainer, round two: what `git merge` in their checkout would have done that the
worktree-less merge skipped, the listing of what a stopped run left, and a dry run of `init` on a fresh fork."""

from __future__ import annotations

import shutil
from pathlib import Path

from aeon_release.commands import demo_repo
from tests.helpers import build_example, git, run_cli


def _conflicted_run(tmp_path: Path) -> tuple[demo_repo.Example, Path]:
    """A merge of v0.29.0 stopped on a conflict (the fork edited docs/serving.md too): its worktree is there."""
    ex = build_example(tmp_path / "ex")
    with (ex.fork / "docs" / "serving.md").open("a") as handle:
        handle.write("Fork line.\n")
    git(ex.fork, "commit", "-qam", "fork docs")
    stopped = run_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch")
    assert stopped.code == 1, stopped.err
    worktree = ex.fork / ".git" / "aeon-release" / "worktrees" / "v0.29.0"
    assert worktree.is_dir()
    return ex, worktree


def test_status_json_lists_the_worktree_of_a_stopped_run_and_one_left_by_a_removed_run_folder(tmp_path: Path) -> None:
    """`status --json` listed runs only: after `rm -rf .git/aeon-release/runs/v0.29.0` the text named the worktree
    left behind while the list was empty, and a script cleaning up after stopped runs never saw it.  Now the tag is
    there, ``state`` ``orphaned`` and ``worktree`` the folder, with the keys every object of the list has."""
    ex, worktree = _conflicted_run(tmp_path)
    stopped = run_cli("status", "--repo", ex.fork, "--json").json()
    assert [(r["tag"], r["state"], r["worktree"]) for r in stopped] == [("v0.29.0", "conflict", str(worktree))]
    keys = set(stopped[0])
    shutil.rmtree(ex.fork / ".git" / "aeon-release" / "runs" / "v0.29.0")
    status = run_cli("status", "--repo", ex.fork, "--json")
    assert status.code == 0, status.err
    left = status.json()
    assert [(r["tag"], r["state"], r["worktree"], r["release"]) for r in left] == [
        ("v0.29.0", "orphaned", str(worktree), None)
    ], left
    assert set(left[0]) == keys
    assert run_cli("merge", "--abort", "v0.29.0", "--repo", ex.fork).code == 0
    assert run_cli("status", "--repo", ex.fork, "--json").json() == []
