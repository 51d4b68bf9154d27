"""Programs run bounded: a time limit, an output cap, a session of their own stopped with what they started,
and the stopping signals held while one is being stopped.  Git, docker's credential helpers, cmake and nvcc
all run through here."""

from __future__ import annotations

import contextlib
import os
import select
import selectors
import signal
import subprocess
import threading
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

TIMED_OUT = -9  # the status of a run that was stopped
TOO_MUCH_OUTPUT = -int(signal.SIGXFSZ)  # the status of a run stopped for printing past its max_output


def bounded_run(
    argv: list[str],
    *,
    seconds: float,
    cwd: Path,
    env: Mapping[str, str],
    input: bytes | None = None,
    merge_stderr: bool = False,
    own_session: bool = True,
    max_output: int | None = None,
) -> subprocess.CompletedProcess[bytes]:
    """``subprocess.run`` capturing output; past ``seconds`` the program and everything it started (its own
    session: a grandchild holding our pipe) are stopped, and the status is -9 with stderr saying so.  With
    ``max_output``, a program printing more than that many bytes on stdout or stderr is stopped the same way, the
    status TOO_MUCH_OUTPUT: what it printed is read in pieces, never all of it held.

    Stopping is SIGTERM (SIGINT on Ctrl-C, which the program's own session does not get from the
    terminal), then SIGKILL after a grace period: git removes its lock files on the first two, and a
    lock left behind would break the user's next git command.  ``own_session=False`` keeps the terminal
    (a fetch may ask for a password or an ssh passphrase on it); then only the program is stopped."""
    stderr = subprocess.STDOUT if merge_stderr else subprocess.PIPE
    stdin = subprocess.DEVNULL if input is None else subprocess.PIPE
    with signals_deferred() as pending:
        proc = subprocess.Popen(
            argv, cwd=cwd, env=env, stdin=stdin, stdout=subprocess.PIPE, stderr=stderr, start_new_session=own_session
        )
    with proc:
        try:
            for number in pending:  # taken now, where the program they stop is known
                signal.raise_signal(number)
            if max_output is None:
                out, err = proc.communicate(input, timeout=seconds)
            elif (got := _communicate_capped(proc, input, seconds, max_output)) is not None:
                out, err = got
            else:
                _stop(proc, own_session, signal.SIGTERM)
                message = f"{Path(argv[0]).name} printed more than {max_output:,} bytes and was stopped"
                return subprocess.CompletedProcess(argv, TOO_MUCH_OUTPUT, b"", message.encode())
        except BaseException as exc:  # the timeout, or Ctrl-C
            timed_out = isinstance(exc, subprocess.TimeoutExpired)
            _stop(proc, own_session, signal.SIGTERM if timed_out else signal.SIGINT)
            if not timed_out:
                raise
            message = (
                f"{Path(argv[0]).name} did not finish within {seconds:g} s and was stopped "
                "(a hook, or a program the git config names, that never ends?)"
            )
            return subprocess.CompletedProcess(argv, TIMED_OUT, b"", message.encode())
    return subprocess.CompletedProcess(argv, proc.returncode, out, err or b"")


def _communicate_capped(
    proc: subprocess.Popen[bytes], data: bytes | None, seconds: float, cap: int
) -> tuple[bytes, bytes] | None:
    """``proc.communicate(data, timeout=seconds)`` holding at most ``cap`` bytes of each pipe: None once either
    went past it (the caller stops the program).  ``communicate`` reads to the end whatever the size: a program
    printing without end (a credential helper stuck in a loop) filled the memory until its time ran out."""
    deadline = time.monotonic() + seconds
    got: dict[int, bytearray] = {}
    left = memoryview(data or b"")
    with selectors.DefaultSelector() as waiting:
        for pipe in (proc.stdout, proc.stderr):
            if pipe is not None:
                got[pipe.fileno()] = bytearray()
                waiting.register(pipe.fileno(), selectors.EVENT_READ)
        if proc.stdin is not None:
            if left:
                waiting.register(proc.stdin.fileno(), selectors.EVENT_WRITE)
            else:
                _close_stdin(proc)
        while waiting.get_map():
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise subprocess.TimeoutExpired(proc.args, seconds)
            for key, _ in waiting.select(remaining):
                if key.fd not in got:  # stdin: a piece a pipe takes without blocking
                    try:
                        left = left[os.write(key.fd, left[: select.PIPE_BUF]) :]
                    except BrokenPipeError:
                        left = left[:0]  # it stopped reading: what it printed says the rest
                    if not left:
                        waiting.unregister(key.fd)
                        _close_stdin(proc)
                    continue
                chunk = os.read(key.fd, 1 << 16)
                if not chunk:
                    waiting.unregister(key.fd)
                got[key.fd] += chunk
                if len(got[key.fd]) > cap:
                    return None
    proc.wait(max(0.0, deadline - time.monotonic()))
    out, err = (bytes(got.get(pipe.fileno(), b"")) if pipe is not None else b"" for pipe in (proc.stdout, proc.stderr))
    return out, err


def _close_stdin(proc: subprocess.Popen[bytes]) -> None:
    """The program's stdin closed (its end of input), and let go: ``communicate`` (``_stop`` calls it) flushes a
    stdin it still holds, and a closed one raised ValueError there."""
    if proc.stdin is not None:
        with contextlib.suppress(BrokenPipeError):
            proc.stdin.close()
        proc.stdin = None


_GRACE_SECONDS = 5.0  # for a stopped program to clean up (git: its lock files) before SIGKILL

# The signals whose handler stops a run (Ctrl-C, SIGTERM, SIGHUP: errors.stop_on_sigterm).
_STOPPING = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


@contextlib.contextmanager
def signals_deferred() -> Iterator[list[int]]:
    """Within: a stopping signal is noted, not handled; the caller takes the ones noted (``pending``) once
    the program has started.  A handler's exception raised while Popen was starting the program (reading
    the pipe that tells it the exec happened) left Popen with no object to stop: the program, in a session
    of its own, ran on after the run had said it stopped (a hook, for up to its 10 minutes, holding the
    worktree).  Only a Python handler is deferred: an ignored signal stays ignored, a default one kills.
    Popen failing (no git on PATH) hands the signals noted back to their handlers as it raises."""
    pending: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield pending  # Python runs handlers in the main thread only: no exception reaches this one
        return
    befores = {sig: signal.getsignal(sig) for sig in _STOPPING}
    deferred = {sig: handler for sig, handler in befores.items() if callable(handler)}
    for sig in deferred:
        signal.signal(sig, lambda signum, _frame: pending.append(signum))
    try:
        yield pending
    except BaseException:
        _restore(deferred)
        for number in pending:
            signal.raise_signal(number)
        raise
    _restore(deferred)


def _restore(handlers: Mapping[signal.Signals, Any]) -> None:
    for sig, handler in handlers.items():
        signal.signal(sig, handler)


def stop_session(proc: subprocess.Popen[Any]) -> None:
    """Stop a program started in a session of its own (``start_new_session=True``) and everything it started, as
    a Ctrl-C at the terminal would have (which its session does not hear), then SIGKILL after the grace period:
    for a run stopped by Ctrl-C or a signal while it waited on the program."""
    _stop(proc, True, signal.SIGINT)


def _stop(proc: subprocess.Popen[Any], group: bool, first: signal.Signals) -> None:
    try:
        for sig in (first, signal.SIGKILL):
            _signal(proc, group, sig)
            try:
                if group:
                    proc.communicate(timeout=_GRACE_SECONDS)  # the whole session is gone: the pipes close
                else:
                    proc.wait(timeout=_GRACE_SECONDS)  # what it started may hold the pipes: not waited for
                return
            except subprocess.TimeoutExpired:
                continue
    except BaseException:  # a second Ctrl-C in the grace period: a session of its own hears no terminal
        _signal(proc, group, signal.SIGKILL)
        raise


def _signal(proc: subprocess.Popen[Any], group: bool, sig: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        if group:
            os.killpg(proc.pid, sig)
        else:
            proc.send_signal(sig)


def has_terminal() -> bool:
    """This run has a controlling terminal a program could open to ask on."""
    try:
        os.close(os.open("/dev/tty", os.O_RDWR | os.O_NOCTTY))
    except OSError:
        return False
    return True
