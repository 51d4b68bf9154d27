"""This process's standard streams, for the entry point and the checks' process alike: imports nothing
else of the package (the entry point asks before the command line is imported, the checks' process at its
fork)."""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable

# A thread that writes only to stderr, and only while it holds this lock: a fork takes the lock first (at_fork
# below), so the child never inherits stderr's buffer locked half-way through a line.  Such a thread is no
# reason to give up the cheap fork: merge's checks and the audit's pool ran under a new interpreter and
# forkserver whenever the progress heartbeat ran (off a terminal: every CI log and benchmark).
SPEAKING = threading.Lock()
_FORK_SAFE = "fork_safe"


def fork_safe(thread: threading.Thread) -> threading.Thread:
    """Mark ``thread`` as one a fork may leave behind: it touches nothing a child uses but under SPEAKING."""
    setattr(thread, _FORK_SAFE, True)
    return thread


def lone_thread() -> bool:
    """No thread runs beside this one but fork-safe ones: a fork here inherits no lock held half-way."""
    me = threading.current_thread()
    return all(t is me or getattr(t, _FORK_SAFE, False) for t in threading.enumerate())


def _release() -> None:
    SPEAKING.release()


if hasattr(os, "register_at_fork"):  # POSIX
    _hold: Callable[[], object] = SPEAKING.acquire
    os.register_at_fork(before=_hold, after_in_parent=_release, after_in_child=_release)


def flushed() -> bool:
    """This process's output written out: a child that inherits it buffered must never write it too, and an
    exit that skips the interpreter's own flush must lose none of it."""
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except (OSError, ValueError):
        return False
    return True
