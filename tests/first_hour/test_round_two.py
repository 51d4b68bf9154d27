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


def test_init_dry_run_without_an_origin_shows_the_files_with_a_named_placeholder(tmp_path: Path) -> None:
    """`init --dry-run` on a fork with no GitHub or GitLab origin refused ("no image repository", exit 2): the
    dry run a newcomer tries first to see what init writes asked for the one value it did not need.  Now it
    prints every file, the image repository a placeholder named as such (in fleet.yaml, on stderr and in the
    JSON), and writes nothing; the real run still asks for --image."""
    ex = build_example(tmp_path / "ex")
    config = tmp_path / "cfg"
    done = run_cli("init", "--repo", ex.fork, "--config", config, "--dry-run")
    assert done.code == 0, done.err
    assert "# --- fleet.yaml" in done.out and "# --- carries.yaml" in done.out
    assert "repository: registry.invalid/owner/fork  # a placeholder: init --image" in done.out, done.out
    assert "placeholder registry.invalid/owner/fork" in done.err and "--image REGISTRY/OWNER/NAME" in done.err
    assert not config.exists()
    as_json = run_cli("init", "--repo", ex.fork, "--config", config, "--dry-run", "--json")
    assert as_json.code == 0 and as_json.json()["image_placeholder"] is True and not config.exists()
    real = run_cli("init", "--repo", ex.fork, "--config", config)
    assert real.code == 2 and "pass --image" in real.err and not config.exists()
    named = run_cli("init", "--repo", ex.fork, "--config", config, "--image", "ghcr.io/me/x", "--dry-run", "--json")
    assert named.json()["image_placeholder"] is False
