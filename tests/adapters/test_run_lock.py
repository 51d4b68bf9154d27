"""The run lock after a run was killed: a process it forked may hold the lock a moment longer than the run.

`kill -9` of a release's process group reaches the workers the run forked (they share its open lock file,
and with it the lock), but each ends only when the kernel gets to it: a rerun right after the kill was
refused, "another aeon-release run is working in this repository (pid N)", N long gone (a CI run under
load).  Real processes here: a run that takes the lock, forks a child and dies; the child ends a moment
later."""

from __future__ import annotations

import fcntl
import os
import time
from pathlib import Path

import pytest

from aeon_release.adapters import store
from aeon_release.adapters.store import RunStore
from aeon_release.errors import StateError


def _run_that_dies_leaving_a_child(git_dir: Path, child_seconds: float) -> int:
    """Fork a 'run' that takes the lock, forks a child holding it for ``child_seconds``, and dies at once.
    The child writes ``git_dir/child-done`` as it ends: only after it is the lock free."""
    ready_r, ready_w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the run
        try:
            with RunStore.exclusive(git_dir):
                if os.fork() == 0:  # its worker: holds the inherited lock, then ends
                    time.sleep(child_seconds)
                    (git_dir / "child-done").touch()
                    os._exit(0)
                os.write(ready_w, b"x")
                os._exit(0)  # killed, say: the lock is not released by the run
        finally:
            os._exit(1)
    os.close(ready_w)
    assert os.read(ready_r, 1) == b"x"
    os.close(ready_r)
    os.waitpid(pid, 0)  # the run is gone; its worker is not yet
    return pid


def test_a_rerun_waits_for_the_dead_runs_child_to_let_go(tmp_path: Path) -> None:
    git_dir = tmp_path / ".git"
    git_dir.mkdir()
    _run_that_dies_leaving_a_child(git_dir, child_seconds=0.8)
    with RunStore.exclusive(git_dir):  # the old code: "another aeon-release run is working ... (pid <dead>)"
        # it waited for the child to let go (not a time: a loaded machine ran this test's own steps late)
        assert (git_dir / "child-done").exists()


def test_a_live_holder_is_refused_at_once(tmp_path: Path) -> None:
    """The twin: the run that wrote its pid is alive, so it is working: refused without waiting."""
    git_dir = tmp_path / ".git"
    git_dir.mkdir()
    with RunStore.exclusive(git_dir):
        started = time.monotonic()
        with pytest.raises(StateError, match=rf"another aeon-release run is working .*\(pid {os.getpid()}\)"):
            with RunStore.exclusive(git_dir):
                pass
        # at once: not the wait for a dead run's children (half of it: a loaded machine stretches a refusal too)
        assert time.monotonic() - started < store._DYING_RUN_SECONDS / 2


def test_a_dead_runs_child_that_keeps_working_is_still_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker of a dead run that goes on past the wait still holds the lock: refused, naming the run (as gone).
    The wait is cut to 1 s here (the run's 5 s was 5 s of every suite's wall time, on a sleep); the worker
    outlives it by as much as it outlived the 5 s before (8 s: 3 s to spare on a loaded machine)."""
    monkeypatch.setattr(store, "_DYING_RUN_SECONDS", 1.0)
    git_dir = tmp_path / ".git"
    git_dir.mkdir()
    dead = _run_that_dies_leaving_a_child(git_dir, child_seconds=4.0)
    with pytest.raises(StateError, match=rf"held by a process that a gone aeon-release run started \(pid {dead}\)"):
        with RunStore.exclusive(git_dir):
            pass


def test_status_asking_beside_a_lock_naming_a_reused_pid_refuses_no_run(tmp_path: Path) -> None:
    """The lock file names the last run's pid, reused since by a live process that is no run, and `status` asks
    (holds the lock shared, for an instant) as a run starts: the run was refused at once, "another aeon-release run
    is working (pid N, on v0.28.0)", with no run there.  A lock held shared is `status` asking: the run waits for it."""
    git_dir = tmp_path / ".git"
    git_dir.mkdir()
    lock = RunStore.place(git_dir, "lock")
    lock.parent.mkdir(parents=True)
    lock.write_text(f"{os.getppid()} v0.28.0")  # a live process, no aeon-release run
    ready_r, ready_w = os.pipe()
    pid = os.fork()
    if pid == 0:  # `status` asking (``RunStore.working``), slowed down
        try:
            fd = os.open(lock, os.O_RDONLY)
            fcntl.flock(fd, fcntl.LOCK_SH)
            os.write(ready_w, b"x")
            time.sleep(0.3)
        finally:
            os._exit(0)
    os.close(ready_w)
    assert os.read(ready_r, 1) == b"x"
    os.close(ready_r)
    try:
        with RunStore.exclusive(git_dir, "v0.29.0"):
            assert lock.read_text().split("\n")[0] == f"{os.getpid()} v0.29.0"
    finally:
        os.waitpid(pid, 0)


def _held_elsewhere(git_dir: Path, text: str) -> tuple[int, int]:
    """A lock held by a live process here whose file says ``text`` (a run elsewhere wrote it): (pid, fd to end it)."""
    lock = RunStore.place(git_dir, "lock")
    lock.parent.mkdir(parents=True, exist_ok=True)
    lock.write_text(text)
    ready_r, ready_w = os.pipe()
    end_r, end_w = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.close(end_w)  # the end of the hold is the parent's close alone
            fd = os.open(lock, os.O_RDWR)
            fcntl.flock(fd, fcntl.LOCK_EX)
            os.write(ready_w, b"x")
            os.read(end_r, 1)
        finally:
            os._exit(0)
    os.close(ready_w)
    os.close(end_r)
    assert os.read(ready_r, 1) == b"x"
    os.close(ready_r)
    return pid, end_w


def test_a_run_on_another_host_is_working_not_gone(tmp_path: Path) -> None:
    """A repository on NFS: the run holding the lock wrote a pid of its own host, which no process here has.  It was
    called gone after a 5 s wait ("held by a process that a gone aeon-release run started", `fuser` to find it)
    while it worked on; it is refused at once, naming its host."""
    git_dir = tmp_path / ".git"
    git_dir.mkdir()
    pid, end = _held_elsewhere(git_dir, "4194300 v0.29.0\nhost=build-02.example pidns=4026531836\n")
    try:
        started = time.monotonic()
        with pytest.raises(
            StateError,
            match=r"another aeon-release run is working .*\(pid 4194300 on host build-02\.example, on v0\.29\.0\)",
        ):
            with RunStore.exclusive(git_dir):
                pass
        assert time.monotonic() - started < store._DYING_RUN_SECONDS / 2
        live = RunStore.working(git_dir)
        assert live is not None and not live.gone and live.elsewhere == "on host build-02.example"
    finally:
        os.close(end)
        os.waitpid(pid, 0)


def test_a_lock_file_naming_a_hostile_host_names_none(tmp_path: Path) -> None:
    """What the file says of its host is shown only when it is a host name: a path, a control character or a word
    past the first four is not repeated, and the holder is judged here, as a lock of an older aeon-release."""
    for text in ("7 v1\nhost=/etc/passwd", "7 v1\nhost=a\x1b[2Jb pidns=12x", "7\nhost=-x pidns="):
        holder = store.LockHolder.of(text)
        assert (holder.pid, holder.host, holder.pid_namespace) == ("7", None, None), text


def test_a_run_in_another_pid_namespace_is_named_there(tmp_path: Path) -> None:
    """A real run in a pid namespace of its own (`unshare --pid`, as a container sharing the checkout): its pid is
    1 there, which here is init, and it was "working (pid 1)" as if a process here; it is named as elsewhere, and
    the lock it wrote says its namespace."""
    import subprocess
    import sys

    git_dir = tmp_path / ".git"
    git_dir.mkdir()
    child = (
        "import sys; from pathlib import Path; from aeon_release.adapters.store import RunStore\n"
        "with RunStore.exclusive(Path(sys.argv[1]), 'v0.29.0'):\n"
        "    print('held', flush=True); sys.stdin.read()\n"
    )
    root = Path(__file__).resolve().parents[2]
    with subprocess.Popen(
        ["unshare", "--pid", "--fork", "--mount-proc", sys.executable, "-c", child, str(git_dir)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(root)},
    ) as run:
        assert run.stdin is not None and run.stdout is not None and run.stderr is not None
        try:
            assert run.stdout.readline() == "held\n", run.stderr.read()
            written = RunStore.place(git_dir, "lock").read_text()
            assert written.startswith("1 v0.29.0\nhost="), written
            with pytest.raises(StateError, match=r"\(pid 1 in another pid namespace .*, on v0\.29\.0\)"):
                with RunStore.exclusive(git_dir):
                    pass
        finally:
            run.stdin.close()
            run.wait(timeout=30)


def test_status_right_as_a_run_takes_the_lock_names_that_run_not_a_stale_lock(tmp_path: Path) -> None:
    """Between a run taking the lock and writing its pid the file names the last run's pid, gone: `status` asking
    then called the live run a stale lock ("the run that took it is gone").  It reads a gone holder again for a
    moment, and names the run once it has written itself."""
    git_dir = tmp_path / ".git"
    git_dir.mkdir()
    lock = RunStore.place(git_dir, "lock")
    lock.parent.mkdir(parents=True)
    lock.write_text("4194300 v0.28.0")  # the last run's pid: no such process
    ready_r, ready_w = os.pipe()
    end_r, end_w = os.pipe()
    pid = os.fork()
    if pid == 0:  # a run starting, slowed down between the lock and its pid
        try:
            os.close(end_w)
            fd = os.open(lock, os.O_RDWR)
            fcntl.flock(fd, fcntl.LOCK_EX)
            os.write(ready_w, b"x")
            time.sleep(0.15)
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()} v0.29.0".encode(), 0)
            os.read(end_r, 1)
        finally:
            os._exit(0)
    os.close(ready_w)
    os.close(end_r)
    assert os.read(ready_r, 1) == b"x"
    os.close(ready_r)
    try:
        live = RunStore.working(git_dir)
        assert live is not None and (live.pid, live.tag, live.gone) == (str(pid), "v0.29.0", False)
    finally:
        os.close(end_w)
        os.waitpid(pid, 0)


def test_the_lock_names_this_host_as_the_system_does_without_importing_socket() -> None:
    """The lock's host is uname's node name, which is what gethostname(3) answers on POSIX: socket's
    import (~5 ms at the start of every command that takes the lock) is not needed for it."""
    import socket
    import subprocess
    import sys

    from aeon_release.adapters import store

    assert store._this_host() == socket.gethostname()
    probe = "import sys; import aeon_release.adapters.store; print('socket' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
