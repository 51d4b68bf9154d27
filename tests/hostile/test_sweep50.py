"""Hostile-input sweep 50.  The release's state files beside another process and across stages: a reader beside a
running release (``status``, ``notes``), a branch deleted once the release is published.  Real git, the real CLI."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.helpers import run_cli
from tests.hostile.conftest import git, release_stopped_at_build

TAG = "v0.29.0"


# -- a sealed file rewritten between a reader's two reads -------------------------------------------------------------
def _rewritten_after_its_seal_is_read(monkeypatch: pytest.MonkeyPatch, store: Any, state: Any) -> list[int]:
    """Every read of the release's seal is followed by the release saving its state again (what a release running
    beside the reader does, at any moment): the seal is written first, then the file."""
    from aeon_release.adapters import files

    real, rewrites = files.read_capped, [0]

    def read(path: Path, what: str, *args: Any, **kwargs: Any) -> bytes | None:
        data = real(path, what, *args, **kwargs)
        if path.name == "pipeline.sealed" and rewrites[0] < 3:
            rewrites[0] += 1
            state.stages["build"] = type(state.stages["merge"])(state.stages["merge"].status, float(rewrites[0]))
            store.save_pipeline(state)
        return data

    monkeypatch.setattr(files, "read_capped", read)
    return rewrites


def test_status_beside_a_release_saving_its_state_reads_it_as_the_release_wrote_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The seal was read before the file, and the release's save between the two (seal, then file) made the file
    one the seal read did not name: `status` said the release's state was "edited since" (exit 1) and to move it
    aside, the release's date with it.  One read in 1,800 beside a release saving in a loop; here, every read."""
    from aeon_release.adapters.store import PipelineState, RunStore, StageEntry, StepStatus

    repo = tmp_path / "repo"
    git(tmp_path, "init", "-q", str(repo))
    store = RunStore(repo / ".git", TAG)
    state = PipelineState(TAG, "2026-09-11", {"merge": StageEntry(StepStatus.RUNNING)})
    store.save_pipeline(state)
    rewrites = _rewritten_after_its_seal_is_read(monkeypatch, store, state)
    listed = run_cli("status", "--repo", repo)
    assert rewrites[0] >= 1
    assert listed.code == 0 and "edited since" not in listed.err, listed.out + listed.err
    assert "2026-09-11" in listed.out or TAG in listed.out, listed.out


# -- a branch deleted once the release is published ---------------------------------------------------------------------
def _published(store: Any) -> Any:
    """The stopped release's state as a finished build and publish leave it (the pipeline conftest's registry is not
    needed: what the rerun does with a gone branch is decided before any stage runs), saved as the release saves it."""
    from aeon_release.adapters.store import StageEntry, StepStatus

    state = store.load_pipeline()
    revision = state.stages["merge"].result["branch_sha"]
    digest = "sha256:" + "d" * 64
    state.stages["build"] = StageEntry(StepStatus.DONE, 1.0, {"revision": revision, "image_id": "sha256:" + "e" * 64})
    state.stages["publish"] = StageEntry(
        StepStatus.DONE, 1.0, {"repository": "127.0.0.1:9/aeon/x", "dated_tag": "2026-09-11-v0.29.0", "digest": digest}
    )
    state.stages.pop("notes", None)
    store.save_pipeline(state)
    return state


def test_a_published_release_whose_branch_was_deleted_is_not_merged_again(tmp_path: Path) -> None:
    """A release published, its branch deleted (a tidy-up), then rerun for its notes: every stage was cleared (the
    record of the digest it published with them), the branch made again by a new merge, and a new image built to
    be refused the dated tag that holds the first (docker down here: the build refused it).  Published, the release
    stays of the tree it published: only the notes are left to write, and the branch stays gone."""
    from aeon_release.adapters.store import RunStore

    ex, argv, no_docker = release_stopped_at_build(tmp_path)
    store = RunStore(ex.fork / ".git", TAG)
    before = _published(store)
    git(ex.fork, "branch", "-D", f"aeon-{TAG}")
    rerun = run_cli(*argv, "--notes-dir", tmp_path / "notes", env=no_docker)
    assert rerun.code == 0 and "published, this release stays of that tree" in rerun.err, rerun.err
    assert (tmp_path / "notes" / f"release-notes-{TAG}.md").is_file(), rerun.err
    assert git(ex.fork, "branch", "--list", f"aeon-{TAG}").strip() == "", "the branch was made again"
    after = store.load_pipeline()
    assert after.date == before.date and after.stages["publish"] == before.stages["publish"], after
    assert after.stages["merge"] == before.stages["merge"], after


# -- a seal that is not a file ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["folder", "fifo", "device"])
def test_a_seal_that_is_not_a_file_is_named_not_called_removed(tmp_path: Path, kind: str) -> None:
    """A folder, a FIFO or a link to /dev/zero at ``pipeline.sealed`` read as no seal at all: `status` said the
    release's state "has no seal (an older aeon-release's, or its seal removed)", naming only pipeline.json, and the
    thing at the seal went unnamed.  The line names the seal and what is there (never a hang)."""
    import os

    from aeon_release.adapters.store import PipelineState, RunStore

    repo = tmp_path / "repo"
    git(tmp_path, "init", "-q", str(repo))
    store = RunStore(repo / ".git", TAG)
    store.save_pipeline(PipelineState(TAG, "2026-09-11"))
    seal = store.folder / "pipeline.sealed"
    seal.unlink()
    {"folder": seal.mkdir, "fifo": lambda: os.mkfifo(seal), "device": lambda: seal.symlink_to("/dev/zero")}[kind]()
    listed = run_cli("status", "--repo", repo)
    [line] = listed.err.splitlines()
    assert listed.code == 2 and f"{seal}: seal: " in line and "seal removed" not in line, line


# -- `status` beside a run that is alive ------------------------------------------------------------------------------
HOLD = """
import sys
from pathlib import Path
from aeon_release.adapters.store import RunStore
with RunStore.exclusive(Path(sys.argv[1])):
    print("held", flush=True)
    sys.stdin.read()
"""


def test_status_beside_a_live_release_says_it_is_under_way_not_to_run_it_again(tmp_path: Path) -> None:
    """A release building (its stage `running`, the run lock held by its process): `status` said "next: run the same
    `aeon-release release` command again to go on from where it stood", which the lock refused (another run is
    working).  It names the run working now and says to wait; once the run is gone, the same stage reads as stopped
    and the advice to run the release again is back (the twin)."""
    import os
    import subprocess
    import sys

    from aeon_release.adapters.store import PipelineState, RunStore, StageEntry, StepStatus

    repo = tmp_path / "repo"
    git(tmp_path, "init", "-q", str(repo))
    stages = {"merge": StageEntry(StepStatus.DONE, 1.0, {}), "build": StageEntry(StepStatus.RUNNING)}
    RunStore(repo / ".git", TAG).save_pipeline(PipelineState(TAG, "2026-09-11", stages))
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])}
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(repo / ".git")], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == b"held\n"
        live = run_cli("status", "--repo", repo)
    finally:
        holder.communicate(b"", timeout=60)
    assert live.code == 0 and f"(pid {holder.pid}) is working in this repository now" in live.err, live.err
    assert "command again to go on" not in live.err, live.err
    after = run_cli("status", "--repo", repo)
    assert after.code == 0 and "command again to go on" in after.err and "working in this" not in after.err, after.err


def test_a_run_starting_while_status_asks_about_the_lock_takes_it(tmp_path: Path) -> None:
    """`status` asks for the run lock (shared) for an instant; a run starting in that instant, in a repository whose
    lock names no pid yet, was refused "another aeon-release run is working (pid unknown)".  It waits the instant
    out."""
    import fcntl
    import threading

    from aeon_release.adapters.store import RunStore

    repo = tmp_path / "repo"
    git(tmp_path, "init", "-q", str(repo))
    lock = RunStore.place(repo / ".git", "lock")
    lock.parent.mkdir(parents=True)
    lock.touch()
    with open(lock, "rb") as asking:
        fcntl.flock(asking, fcntl.LOCK_SH | fcntl.LOCK_NB)
        threading.Timer(0.1, fcntl.flock, (asking, fcntl.LOCK_UN)).start()
        with RunStore.exclusive(repo / ".git"):
            assert RunStore.working(repo / ".git") is not None
    assert RunStore.working(repo / ".git") is None
