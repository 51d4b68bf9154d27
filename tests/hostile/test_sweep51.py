"""Hostile-input sweep 51.  Sweep 50's leftovers in the release's state and its stage runner: `merge --abort` of a
release's merge, links planted at state files, two kills between a seal and its file, the live run's tag in
`status` (and a lock held on by a gone run's child), a publish begun before the branch moved.  Real git, real
kills, the real CLI; the registry and the engine only for the publish."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from aeon_release.adapters.sandbox import RegistryProcess
from tests.helpers import build_example, run_cli
from tests.hostile.conftest import git
from tests.pipeline.conftest import ReleaseSetup, release_in

pytestmark = pytest.mark.slow

TAG = "v0.29.0"
ENV = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])}


def _repo(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    git(tmp_path, "init", "-q", str(repo))
    return repo


# -- `merge --abort` of the merge a release started ---------------------------------------------------------------
def test_merge_abort_of_a_release_s_merge_keeps_the_release_s_state(tmp_path: Path) -> None:
    """A release stopped in its merge (an audit finding), the merge aborted: the whole run folder went, the
    release's pipeline.json (its date, its stages) with it, and `status` said "no aeon-release runs".  The abort
    drops the merge's files only; the release's state stays as it was."""
    ex = build_example(tmp_path / "ex", renumber_enum=True)
    argv = ("release", TAG, "--repo", ex.fork, "--config", ex.config, "--repository", "127.0.0.1:9/aeon/x")
    first = run_cli(*argv, env={"DOCKER_HOST": f"unix://{tmp_path}/no-engine.sock"})
    assert first.code == 1, first.err
    folder = ex.fork / ".git" / "aeon-release" / "runs" / TAG
    before = (folder / "pipeline.json").read_bytes(), (folder / "pipeline.sealed").read_bytes()
    aborted = run_cli("merge", "--abort", TAG, "--repo", ex.fork)
    assert aborted.code == 0, aborted.err
    assert ((folder / "pipeline.json").read_bytes(), (folder / "pipeline.sealed").read_bytes()) == before
    assert not (folder / "state.json").exists() and not (folder / "state.sealed").exists()
    listed = run_cli("status", "--repo", ex.fork)
    assert listed.code == 0 and "release (dated " in listed.out, listed.out + listed.err
    # a plain merge of the tag after the abort moved the release's state aside with the aborted run's leftovers
    merged = run_cli("merge", TAG, "--repo", ex.fork, "--config", ex.config)
    assert merged.code == 1 and (folder / "state.json").exists(), merged.err
    assert ((folder / "pipeline.json").read_bytes(), (folder / "pipeline.sealed").read_bytes()) == before


# -- a link planted at a state file ---------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["pipeline.json", "pipeline.sealed", "state.json"])
def test_a_link_at_a_state_file_is_refused_never_read_through(tmp_path: Path, name: str) -> None:
    """A state file (or its seal) swapped for a link to a copy outside the repository was read through: `status`
    listed the outside file's release as this repository's (exit 0), and a release would have acted on it.  The
    link is named, never followed."""
    from aeon_release.adapters.store import PipelineState, RunState, RunStore

    repo = _repo(tmp_path)
    store = RunStore(repo / ".git", TAG)
    store.save_pipeline(PipelineState(TAG, "2026-09-11"))
    if name == "state.json":
        sha, where = "a" * 40, str(store.worktree)
        store.save(RunState(TAG, f"aeon-{TAG}", "aeon-v0.28.0", sha, sha, sha, where, str(tmp_path), None))
    outside = tmp_path / "outside"
    outside.mkdir()
    place = store.folder / name
    shutil.move(place, outside / name)
    place.symlink_to(outside / name)
    listed = run_cli("status", "--repo", repo)
    [line] = listed.err.splitlines()
    assert listed.code == 2 and f"{place}: " in line and "is a symbolic link" in line, listed.out + listed.err


# -- two kills between a seal and its file --------------------------------------------------------------------------
KILLED_BETWEEN = """
import os, signal, sys
from pathlib import Path
from aeon_release.adapters import files
from aeon_release.adapters.store import RunStore, StageEntry, StepStatus
real = files.write_text
def write(path, *args, **kwargs):
    if path.name == "pipeline.json":  # its seal is written: the kill comes before the file
        os.kill(os.getpid(), signal.SIGKILL)
    return real(path, *args, **kwargs)
files.write_text = write
store = RunStore(Path(sys.argv[1]), "v0.29.0")
state = store.load_pipeline()
state.stages[sys.argv[2]] = StageEntry(StepStatus.RUNNING)
store.save_pipeline(state)
"""


def test_two_kills_between_a_seal_and_its_file_leave_a_state_the_rerun_reads(tmp_path: Path) -> None:
    """Killed after the seal and before the file, twice in a row: the second seal kept only the first kill's digest
    beside its own, and named no longer the file on disk (two saves old).  `status` and the rerun called the state
    "edited since" and said to move it aside (the release's date with it).  The seal keeps the file on disk's."""
    from aeon_release.adapters.store import PipelineState, RunStore, StageEntry, StepStatus

    repo = _repo(tmp_path)
    store = RunStore(repo / ".git", TAG)
    store.save_pipeline(PipelineState(TAG, "2026-09-11", {"merge": StageEntry(StepStatus.DONE, 1.0, {})}))
    for stage in ("audit", "build"):
        killed = subprocess.run([sys.executable, "-c", KILLED_BETWEEN, str(repo / ".git"), stage], env=ENV)
        assert killed.returncode == -9
    listed = run_cli("status", "--repo", repo)
    assert listed.code == 0 and "(dated 2026-09-11): merge done" in listed.out, listed.out + listed.err


# -- the live run's tag, and a lock held on by a gone run's child ---------------------------------------------------
HOLD = """
import os, sys
from pathlib import Path
from aeon_release.adapters.store import RunStore
try:
    held = RunStore.exclusive(Path(sys.argv[1]), "v0.29.0")
except TypeError:  # an aeon-release whose lock named no tag (the test run on the old code)
    held = RunStore.exclusive(Path(sys.argv[1]))
with held:
    if sys.argv[2] == "gone" and os.fork() != 0:
        os._exit(0)  # the run ends; the child it forked holds the lock on
    print("held", flush=True)
    sys.stdin.read()
"""


@pytest.mark.parametrize("case", ["live", "gone"])
def test_status_names_the_tag_the_lock_holder_works_on_and_a_holder_gone(tmp_path: Path, case: str) -> None:
    """`status` beside a live run named its pid only: which release it worked on could not be told from one shown
    stopped.  It names the tag; and where the run that took the lock is gone while a process it forked holds the
    lock on, it said "working now" of a pid that was not there: it says the lock is stale."""
    repo = _repo(tmp_path)
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(repo / ".git"), case], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=ENV
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == b"held\n"
        if case == "gone":
            holder.wait(timeout=60)
        listed = run_cli("status", "--repo", repo)
    finally:
        holder.communicate(b"", timeout=60)
    assert listed.code == 0, listed.err
    said = f"(pid {holder.pid}, on {TAG})"
    if case == "live":
        assert f"live: an aeon-release run {said} is working" in listed.err, listed.err
    else:
        assert f"the run that took it {said} is gone" in listed.err and "stale" in listed.err, listed.err


# -- a publish begun, then the branch moved, the date pinned ---------------------------------------------------------
@pytest.fixture
def release(tmp_path: Path, registry: RegistryProcess, busybox_image: str) -> Iterator[ReleaseSetup]:
    yield from release_in(tmp_path, registry)


@pytest.mark.docker
@pytest.mark.registry
def test_a_publish_begun_before_the_branch_moved_goes_on_with_its_image(release: ReleaseSetup) -> None:
    """The publish stopped after pushing the dated tag (the registry read it back as another digest), then a fix
    landed on the branch.  The rerun (its --date pinned, as the run keeps it) redid audit, build and publish on the
    moved branch: the new image was refused the dated tag that holds the first ("publish it under another
    --date"), and --date is refused by the run: no rerun finished it.  The publish goes on with the image it
    began with (audited and built, of the tree before the fix), and says the fix is not in it."""
    from tests.publish.helpers import served
    from tests.publish.test_stopped_verdicts import _LyingProxy

    dated = "2026-09-11-v0.29.0"
    with _LyingProxy(release.registry.host, dated) as proxy:
        real = release.repository
        lying = real.replace(release.registry.host, proxy.host)
        stopped = run_cli(*[lying if arg == real else arg for arg in release.args()])
    assert stopped.code == 1 and proxy.lied >= 1, stopped.err
    name = real.split("/", 1)[1]
    pushed = served(release.registry.host, name, dated)
    fork = release.example.fork
    tree = git(fork, "rev-parse", f"aeon-{TAG}^{{tree}}").strip()
    fixed = git(fork, "commit-tree", tree, "-p", f"aeon-{TAG}", "-m", "Fix the serving docs").strip()
    git(fork, "update-ref", f"refs/heads/aeon-{TAG}", fixed)
    again = run_cli(*release.args())
    assert again.code == 0 and "its publish had begun with that image" in again.err, again.err
    assert served(release.registry.host, name, "latest") == pushed


# -- the commit message file in the run's folder --------------------------------------------------------------------
def test_a_link_at_the_run_s_commit_message_file_is_refused_never_read_through(tmp_path: Path) -> None:
    """A run stopped on a conflict; a link planted at its COMMIT_EDITMSG (in the run's folder, beside its state),
    to a file outside the repository: `merge --continue` took that file for the merge commit's message (its
    secret in the branch's history), and a first write of the file went through the link, over it.  The link is
    named and refused, never read or written through; once it is removed, the run goes on."""
    from aeon_release.commands import demo_repo as demo

    ex = build_example(tmp_path / "ex")
    demo.commit(demo.Git(ex.fork), "Fork docs tweak", {"docs/serving.md": "Serving guide for the DGX Spark.\n"})
    stopped = run_cli("merge", TAG, "--repo", ex.fork, "--config", ex.config, "--no-fetch")
    assert stopped.code == 1, stopped.err
    worktree = ex.fork / ".git" / "aeon-release" / "worktrees" / TAG
    (worktree / "docs/serving.md").write_text("Serving guide for the DGX Spark.\nSpec decode.\n")
    git(worktree, "add", "docs/serving.md")
    outside = tmp_path / "bashrc"
    outside.write_text("export SECRET_TOKEN=kept\n")
    link = ex.fork / ".git" / "aeon-release" / "runs" / TAG / "COMMIT_EDITMSG"
    link.symlink_to(outside)
    refused = run_cli("merge", "--continue", "--repo", ex.fork)
    [line] = refused.err.splitlines()
    assert refused.code == 2 and f"{link}: commit message file: is a symbolic link" in line, refused.err
    assert outside.read_text() == "export SECRET_TOKEN=kept\n" and "SECRET_TOKEN" not in refused.err
    link.unlink()  # the hint's own step: the run goes on
    done = run_cli("merge", "--continue", "--repo", ex.fork)
    assert done.code == 0 and outside.read_text() == "export SECRET_TOKEN=kept\n", done.err


def test_a_run_beside_a_lock_held_on_by_a_gone_run_s_child_says_so(tmp_path: Path) -> None:
    """A run refused by a lock that a gone run's child holds on said "another aeon-release run is working (pid N)"
    of a pid that was not there: it names the lock's holder as what it is, and how to find it."""
    from aeon_release.adapters.store import RunStore
    from aeon_release.errors import StateError

    repo = _repo(tmp_path)
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(repo / ".git"), "gone"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=ENV
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == b"held\n"
        holder.wait(timeout=60)
        with pytest.raises(StateError) as refused, RunStore.exclusive(repo / ".git"):
            pass
    finally:
        holder.communicate(b"", timeout=60)
    assert f"a gone aeon-release run started (pid {holder.pid}" in refused.value.message, refused.value.message
    assert "fuser -v" in str(refused.value.hint)


@pytest.mark.parametrize("hook", ['rm -f "$1"\n', ': > "$1"\n'])
def test_a_message_hook_that_leaves_no_message_stops_the_commit(tmp_path: Path, hook: str) -> None:
    """A commit-msg hook that removed the message file (or emptied it): read without links since sweep 51, the
    missing file read as an empty message and the merge commit was written with none (git refuses an empty message:
    "Aborting commit due to empty commit message").  The run stops, naming the hook and the file."""
    ex = build_example(tmp_path / "ex")
    hooks = tmp_path / "hooks"
    hooks.mkdir()
    (hooks / "commit-msg").write_text("#!/bin/sh\n" + hook)
    (hooks / "commit-msg").chmod(0o755)
    git(ex.fork, "config", "core.hooksPath", str(hooks))
    stopped = run_cli("merge", TAG, "--repo", ex.fork, "--config", ex.config, "--no-fetch")
    assert stopped.code != 0 and "Traceback" not in stopped.err, stopped.out + stopped.err
    assert "empty commit message" in stopped.err and "commit-msg" in stopped.err, stopped.err
    assert git(ex.fork, "branch", "--list", f"aeon-{TAG}") == ""
    (hooks / "commit-msg").write_text("#!/bin/sh\nexit 0\n")  # the hook fixed: the run goes on, with a message
    message_file = ex.fork / ".git" / "aeon-release" / "runs" / TAG / "COMMIT_EDITMSG"
    if message_file.exists():  # emptied: the hint's step, a message written there (a removed one is drafted again)
        message_file.write_text(f"Merge {TAG}\n")
    done = run_cli("merge", "--continue", "--repo", ex.fork)
    assert done.code == 0, done.err
    assert git(ex.fork, "log", "--merges", "-1", "--format=%B", f"aeon-{TAG}").strip(), (
        "a merge commit without a message"
    )


@pytest.mark.docker
@pytest.mark.registry
def test_a_publish_that_pushed_nothing_is_redone_on_the_moved_branch(release: ReleaseSetup) -> None:
    """The twin of the publish begun: the publish stage failed before it pushed anything (the registry could not be
    reached), then a fix landed on the branch.  Nothing holds the dated tag, so nothing binds the release to the
    image built before the fix: the rerun audits and builds the branch as it is now and publishes that (it went on
    with the image of the tree before the fix, "its publish had begun", the fix left out)."""
    from tests.publish.helpers import served

    real = release.repository
    dead = real.replace(release.registry.host, "127.0.0.1:9")  # nothing listens there: refused at the first request
    failed = run_cli(*[dead if arg == real else arg for arg in release.args()])
    assert failed.code == 2 and "is unreachable" in failed.err, failed.err
    fork = release.example.fork
    tree = git(fork, "rev-parse", f"aeon-{TAG}^{{tree}}").strip()
    fixed = git(fork, "commit-tree", tree, "-p", f"aeon-{TAG}", "-m", "Fix the serving docs").strip()
    git(fork, "update-ref", f"refs/heads/aeon-{TAG}", fixed)
    again = run_cli(*release.args())
    assert again.code == 0 and "its publish had begun" not in again.err, again.err
    assert f"run again on {fixed[:12]}" in again.err, again.err
    name = real.split("/", 1)[1]
    assert served(release.registry.host, name, "2026-09-11-v0.29.0") is not None
