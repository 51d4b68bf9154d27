"""Hostile-input sweep 10: a repository copied with a stopped run in it, values a person types quoted
whole in an error line.  Real git, real processes; one line and a documented exit code, never a
traceback, and nothing outside the repository touched."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from tests.helpers import build_example, git
from tests.hostile.conftest import run_limited
from tests.hostile.test_config_files import TIMEOUT


def _tree_digest(root: Path) -> str:
    """Every file under ``root`` (names and bytes): what a run must leave as it was."""
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        if path.is_file() and not path.is_symlink():
            digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


# -- a repository copied (or moved) with a stopped run in it ----------------------------------------------
COPIED = {
    "continue --fix": ("merge", "--continue", "--fix"),
    "continue --waive": ("merge", "--continue", "--waive", "kv-quant/literals-match-enum=checked"),
    "merge the tag again": ("merge", "v0.29.0", "--no-fetch", "--config", "{config}"),
    "abort": ("merge", "--abort"),
}


@pytest.mark.parametrize("command", list(COPIED))
def test_a_copied_repository_never_touches_the_originals_worktree(tmp_path: Path, command: str) -> None:
    """state.json records the stopped run's worktree as an absolute path, and it was trusted: in a copy of
    the repository (``cp -a``) ``merge --continue --fix`` wrote the fix into the original's worktree, then
    failed on git's "not a valid object"; ``merge --abort`` deleted the original's worktree."""
    example = build_example(tmp_path / "original", renumber_enum=True)
    original = example.fork
    stopped = run_limited(
        "merge", "v0.29.0", "--repo", original, "--config", example.config, "--no-fetch", timeout=TIMEOUT
    )
    assert stopped.code == 1 and "[kv-quant/literals-match-enum]" in stopped.err, stopped.err
    worktree = original / ".git" / "aeon-release" / "worktrees" / "v0.29.0"
    before = (_tree_digest(worktree), git(original, "worktree", "list", "--porcelain"), _tree_digest(original / ".git"))
    shutil.copytree(tmp_path / "original", tmp_path / "copy", symlinks=True)
    copy = tmp_path / "copy" / "fork"
    argv = [part.replace("{config}", str(tmp_path / "copy" / "config")) for part in COPIED[command]]
    run = run_limited(*argv, "--repo", copy, timeout=TIMEOUT)
    assert "Traceback" not in run.err, run.err
    after = (_tree_digest(worktree), git(original, "worktree", "list", "--porcelain"), _tree_digest(original / ".git"))
    assert after == before
    if command == "abort":
        assert run.code == 0 and "aborted the v0.29.0 run" in run.out, run.err
        assert not (copy / ".git" / "aeon-release" / "worktrees" / "v0.29.0").exists()
        again = run_limited(
            "merge", "v0.29.0", "--repo", copy, "--config", tmp_path / "copy" / "config", "--no-fetch", timeout=TIMEOUT
        )
        assert again.code == 1 and f"fix them in {copy}/.git/aeon-release/worktrees/v0.29.0" in again.err, again.err
        return
    [line] = [line for line in run.err.splitlines() if line.startswith("error:")]
    assert run.code == 2 and "state.json: the v0.29.0 run was started in a repository at another place" in line
    assert f"(its worktree was {worktree})" in line and "(hint: `aeon-release merge --abort`" in line, line


def test_a_moved_repository_says_so_and_can_drop_the_run(tmp_path: Path) -> None:
    """Moved (``mv``), the run's recorded config folder is gone too: --continue said "config folder does
    not exist" with a hint to pass --config, which --continue refuses."""
    example = build_example(tmp_path / "before", renumber_enum=True)
    stopped = run_limited("merge", "v0.29.0", "--repo", example.fork, "--config", example.config, "--no-fetch")
    assert stopped.code == 1, stopped.err
    (tmp_path / "before").rename(tmp_path / "after")
    moved = tmp_path / "after" / "fork"
    run = run_limited("merge", "--continue", "--repo", moved, timeout=TIMEOUT)
    assert run.code == 2 and "was started in a repository at another place" in run.err, run.err
    assert run_limited("merge", "--abort", "--repo", moved, timeout=TIMEOUT).code == 0
