"""Hostile-input sweep 27: files git reads on every command that no read of ends on (a FIFO as the global
config, as the attributes file of the user's config folder, as the repository's own config), a dry run on a
checkout the tool cannot write, a lock file that is a FIFO or a link, a signal landing while a program is
being started, and a metrics line the canary's parser walks in quadratic time.  Real git, real FIFOs, real
signals and HTTP, the real CLI; one line and a documented exit code, never a hang, a traceback or a program
left running."""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from aeon_release import errors
from aeon_release.adapters import git as git_mod
from tests.helpers import build_example, run_cli, snapshot
from tests.hostile.conftest import ROOT, git, refused_for_a_fifo_in_the_git_dir, run_limited
from tests.hostile.test_canary_numbers import metrics  # noqa: F401 - the fixture
from tests.hostile.test_sweep26 import read_only_example  # noqa: F401 - the fixture

pytestmark = pytest.mark.slow


# -- files every git reads that a read never ends on ------------------------------------------------------------
def _fifo(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


# what the line says, and the environment (None: unset) that puts a FIFO there
FIFO_PLACES: dict[str, tuple[str, Callable[[Path], dict[str, str | None]]]] = {
    "GIT_CONFIG_GLOBAL": ("GIT_CONFIG_GLOBAL is a FIFO", lambda t: {"GIT_CONFIG_GLOBAL": str(_fifo(t / "g"))}),
    "GIT_CONFIG_SYSTEM": (
        "GIT_CONFIG_SYSTEM is a FIFO",
        lambda t: {"GIT_CONFIG_SYSTEM": str(_fifo(t / "s")), "GIT_CONFIG_NOSYSTEM": "0"},
    ),
    "~/.gitconfig": (
        "git's global config is a FIFO",
        lambda t: {"HOME": str(_fifo(t / "home" / ".gitconfig").parent), "GIT_CONFIG_GLOBAL": None},
    ),
    "XDG attributes": (
        "git's global attributes file is a FIFO",
        lambda t: {"XDG_CONFIG_HOME": str(_fifo(t / "xdg" / "git" / "attributes").parents[1])},
    ),
    "XDG config": (
        "git's global config is a FIFO",
        lambda t: {"XDG_CONFIG_HOME": str(_fifo(t / "xdg" / "git" / "config").parents[1]), "GIT_CONFIG_GLOBAL": None},
    ),
    "XDG ignore": (
        "git's global ignore file is a FIFO",
        lambda t: {"XDG_CONFIG_HOME": str(_fifo(t / "xdg" / "git" / "ignore").parents[1])},
    ),
}


@pytest.mark.parametrize("place", list(FIFO_PLACES))
@pytest.mark.parametrize("command", ["audit", "merge"])
def test_a_file_every_git_reads_that_is_a_fifo_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, place: str, command: str
) -> None:
    """git opens its config files (and the attribute and ignore files of the user's config folder) with a
    blocking read: ``GIT_CONFIG_GLOBAL`` naming a FIFO, or a FIFO at ``~/.gitconfig`` or
    ``$XDG_CONFIG_HOME/git/attributes``, held every git the tool ran, and ``audit`` or ``merge`` with it, for
    good.  Each such file is looked at first: one line naming it, exit 2."""
    ex = build_example(tmp_path / "ex")
    said, env = FIFO_PLACES[place]
    argv = {
        "audit": ("audit", "--repo", ex.fork, "--config", ex.config, "--rev", "HEAD"),
        "merge": ("merge", "v0.29.0", "--no-fetch", "--repo", ex.fork, "--config", ex.config),
    }[command]
    before = snapshot(ex.fork)
    with monkeypatch.context() as patched:  # the test's own git reads them too: only the run's environment
        for name, value in env(tmp_path).items():
            if value is None:
                patched.delenv(name)
            else:
                patched.setenv(name, value)
        run = run_limited(*argv, timeout=10)
    assert run.code == 2 and "Traceback" not in run.err, run.err
    [line] = run.err.strip().splitlines()
    assert f"{said}, which git would wait on for good" in line and "(hint: " in line, line
    assert snapshot(ex.fork) == before
    # the null device, a common GIT_CONFIG_GLOBAL, is a device a read ends on at once: read, not refused
    dry = ("--dry-run",) if command == "merge" else ()
    assert run_cli(*argv, *dry, env={"GIT_CONFIG_GLOBAL": os.devnull}).code == 0


# -- files of the repository's git directory that a read never ends on -----------------------------------------
@pytest.mark.parametrize(
    ("name", "command"),
    [
        ("config", "audit --rev"),
        ("config", "merge"),
        ("config", "status"),
        ("info/exclude", "audit"),
        ("info/attributes", "merge"),
        ("info/exclude", "audit of a linked worktree"),
    ],
)
def test_a_fifo_in_the_git_directory_is_one_line(tmp_path: Path, name: str, command: str) -> None:
    """A FIFO at ``.git/config`` held every git of the run (``audit --rev``, ``merge``, ``status``), one at
    ``.git/info/exclude`` the audit of the checkout (``ls-files --others`` reads it), one at
    ``.git/info/attributes`` the merge, for good.  The git directory git would find is looked at first, a
    linked worktree's common one too: one line naming the file, exit 2, and the repository as it was."""
    ex = build_example(tmp_path / "ex")
    repo = ex.fork
    if command.endswith("linked worktree"):
        repo = tmp_path / "linked"
        git(ex.fork, "worktree", "add", "-q", "--detach", str(repo), "HEAD")
    argv = {
        "audit --rev": ("audit", "--config", ex.config, "--rev", "HEAD"),
        "audit": ("audit", "--config", ex.config),
        "audit of a linked worktree": ("audit", "--config", ex.config),
        "merge": ("merge", "v0.29.0", "--no-fetch", "--config", ex.config),
        "status": ("status",),
    }[command]
    refused_for_a_fifo_in_the_git_dir(ex, name, *argv, "--repo", repo)


# -- a dry run on a checkout the tool cannot write --------------------------------------------------------------
@pytest.mark.parametrize(
    "argv",
    [
        ("merge", "v0.29.0", "--no-fetch", "--dry-run"),
        ("merge", "v0.29.0", "--no-fetch", "--dry-run", "--json"),
        ("release", "v0.29.0", "--repository", "localhost:5000/fork", "--signing-key", "{key}", "--dry-run"),
    ],
    ids=["merge", "merge-json", "release"],
)
def test_a_dry_run_on_a_read_only_checkout_prints_the_plan(
    read_only_example: Any,  # noqa: F811 - the fixture
    tmp_path: Path,
    argv: tuple[str, ...],
) -> None:
    """A dry run writes nothing, but it took the repository's run lock, whose file it could not make on a
    read-only checkout (a CI cache, a read-only mount): ``merge --dry-run`` was "error: .../aeon-release:
    Read-only file system", exit 2, with no plan.  It takes no lock now and prints the plan."""
    example = read_only_example
    key = tmp_path / "keys" / "signing"
    assert run_cli("keygen", key).code == 0
    args = [part.format(key=key) for part in argv]
    run = run_cli(*args, "--repo", example.fork, "--config", example.config)
    assert run.code == 0, run.stderr
    assert "dry run: nothing was changed" in run.stderr, run.stderr
    assert "merge v0.29.0" in run.stdout, run.stdout
    assert not (example.fork / ".git" / "aeon-release").exists()


# -- a signal while a program is being started -------------------------------------------------------------------
@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_while_a_program_starts_stops_that_program(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, number: signal.Signals
) -> None:
    """Python runs a signal's handler between two steps of its own code, and Popen has steps after the program
    started (it reads the pipe that says the exec happened): a Ctrl-C or SIGTERM landing there raised out of
    Popen, which gave no object to stop, and the program (a hook, in a session of its own) ran on after the
    run had said it stopped.  The signal is taken once the program is known, and stops it."""
    started: list[int] = []
    execute = subprocess.Popen._execute_child  # type: ignore[attr-defined]

    def then_signalled(self: subprocess.Popen[bytes], *args: Any, **kwargs: Any) -> None:
        execute(self, *args, **kwargs)
        started.append(self.pid)
        os.kill(os.getpid(), number)  # handled before Popen returns

    monkeypatch.setattr(subprocess.Popen, "_execute_child", then_signalled)
    with errors.stop_on_sigterm(), pytest.raises(KeyboardInterrupt):  # Terminated is one
        git_mod.bounded_run(["sleep", "60"], seconds=60, cwd=tmp_path, env=dict(os.environ))
    monkeypatch.undo()
    [pid] = started
    try:
        running = os.waitpid(pid, os.WNOHANG) == (0, 0)
    except ChildProcessError:  # reaped: stopped, and Popen waited for it
        running = False
    if running:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    assert not running, "the program started as the signal came ran on"


# -- a metrics line the parser walks in quadratic time -----------------------------------------------------------
def test_a_metrics_line_of_countless_labels_is_refused_before_it_is_parsed(
    metrics: Callable[[list[bytes]], str],  # noqa: F811 - the fixture
    tmp_path: Path,
) -> None:
    """The canary caps an answer at 16 MiB and a scrape at 30 s, but prometheus_client's parser slices the rest
    of a line at each label: one counter line of 200,000 labels (2 MiB) took it about 30 CPU-seconds, 1.5
    million (inside the cap) about half an hour.  A line past 64 KiB is one line, exit 2, before any parse."""
    labels = ",".join(f'l{i}="v"' for i in range(200_000))
    body = f"vllm:spec_decode_num_drafts_total{{{labels}}} 1\n".encode()
    fleet = tmp_path / "fleet.yaml"  # the metric names come from the fleet profile
    fleet.write_text((ROOT / "fleet.yaml").read_text())
    argv = ("canary", "--metrics-url", metrics([body]), "--window", "0.1", "--config", tmp_path, "--min-mal", "1.1")
    run = run_limited(*argv, timeout=10)
    assert run.code == 2 and run.out == "", run.err
    [line] = run.err.strip().splitlines()
    assert f"did not return Prometheus text: line 1 is {len(body) - 1} characters long" in line and "(hint: " in line, (
        line
    )


# -- a lock file that is no regular file ------------------------------------------------------------------------
def _publish_lock(config: Path, repository: str) -> Path:
    """Where a publish or rollback of ``repository`` takes its lock (beside releases.yaml)."""
    return config / ".releases.locks" / (hashlib.sha256(repository.encode()).hexdigest()[:24] + ".lock")


@pytest.mark.parametrize("which", ["run lock", "publish lock"])
def test_a_lock_that_is_a_fifo_is_one_line(tmp_path: Path, which: str) -> None:
    """The run lock (``.git/aeon-release/lock``) and the publish lock are opened to be locked and written:
    a FIFO at either was a traceback, exit 3 (``fdopen``: "File or stream is not seekable"; a device there:
    "Invalid argument").  Now one line naming the lock, exit 2."""
    ex = build_example(tmp_path / "ex")
    repository = "127.0.0.1:9/team/app"  # nothing listens: the lock is taken before any request
    if which == "run lock":
        place = ex.fork / ".git" / "aeon-release" / "lock"
        argv: tuple[str | Path, ...] = ("merge", "v0.29.0", "--no-fetch", "--repo", ex.fork, "--config", ex.config)
    else:
        place = _publish_lock(ex.config, repository)
        argv = ("rollback", "--repository", repository, "--config", ex.config)
    _fifo(place)
    run = run_cli(*argv)
    assert run.code == 2 and "Traceback" not in run.stderr, run.stderr
    [line] = run.stderr.strip().splitlines()
    assert line.startswith(f"error: {which} {place}: not a regular file (a FIFO, socket or device)"), line


def test_a_publish_lock_that_is_a_link_makes_nothing_where_it_leads(tmp_path: Path) -> None:
    """The publish lock was opened with ``open("a+")``, which follows a link and makes the file it names: a
    ``.releases.locks/<hash>.lock`` link (the ledger folder is often committed in the fork) made an empty
    file wherever it led.  The lock is never opened through a link: one line, and nothing made there."""
    config = tmp_path / "config"
    config.mkdir()
    repository = "127.0.0.1:9/team/app"
    place = _publish_lock(config, repository)
    place.parent.mkdir()
    outside = tmp_path / "outside" / "made-by-the-lock"
    outside.parent.mkdir()
    place.symlink_to(outside)
    run = run_cli("rollback", "--repository", repository, "--config", config)
    assert run.code == 2, run.stderr
    [line] = run.stderr.strip().splitlines()
    assert line.startswith(f"error: publish lock {place}: is a symbolic link"), line
    assert not outside.exists()


def test_a_publish_lock_folder_that_is_a_link_makes_nothing_where_it_leads(tmp_path: Path) -> None:
    """``.releases.locks`` committed as a link beside releases.yaml had every publish lock made in the folder
    it led to.  It is refused, naming it, and nothing is made there."""
    config = tmp_path / "config"
    config.mkdir()
    outside = tmp_path / "outside"
    outside.mkdir()
    (config / ".releases.locks").symlink_to(outside)
    run = run_cli("rollback", "--repository", "127.0.0.1:9/team/app", "--config", config)
    assert run.code == 2, run.stderr
    [line] = run.stderr.strip().splitlines()
    assert line.startswith(f"error: {config / '.releases.locks'}: is a symbolic link"), line
    assert list(outside.iterdir()) == []
