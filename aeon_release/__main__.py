"""The process's entry (`aeon-release` and `python -m aeon_release`): the command, then the exit."""

from __future__ import annotations

import atexit
import os
import signal
import sys
import threading
from typing import NoReturn

from aeon_release.streams import flushed


def run() -> NoReturn:
    """``main()``, then leave without the interpreter's teardown.

    A finished command has written and closed its files, and the teardown frees every module and
    object one at a time: 0.04-0.06 s that nobody waits for, a sixth of `audit --rev` answered by
    the findings cache (benchmarks/merge_bench.py).  What the exit must still do is done first: the
    atexit handlers (the merge's sidecar, temporary folders) and the flush of stdout and stderr.
    Anything unusual (a profiler or tracer watching, a thread still working, an exit message, a
    flush that fails) takes Python's own exit, as before.  In-process callers (the tests) call ``main`` itself."""
    from aeon_release import methodcache
    from aeon_release.gcpace import pace

    pace()  # before the imports: they are a third of a small merge's work, the collector a tenth of that
    methodcache.install()  # before the imports too: half their CPU was compiling the dataclasses' methods
    try:
        held = _stop_early()
        _start_checks_early(sys.argv[1:])
        from aeon_release.cli import main

        for number in held:  # the command's own handlers take over (errors.stop_on_sigterm)
            signal.signal(number, signal.SIG_DFL)
        main()
        code: object = 0
    except SystemExit as exc:
        code = exc.code
    except KeyboardInterrupt:
        # Ctrl-C, SIGTERM or SIGHUP while the command line is imported (the first 0.3-1.5 s), before the error
        # handler is there: a KeyboardInterrupt traceback, or death by the signal with no line; nothing has started
        from aeon_release.errors import stopped_by

        said, stopped = stopped_by(_EARLY[0] if _EARLY else None)
        sys.stderr.write(f"{said} before the command started: nothing was changed\n")
        raise SystemExit(stopped) from None
    if not isinstance(code, int) or _watched() or _working_threads() or not flushed():
        raise SystemExit(code)
    atexit._run_exitfuncs()
    if not flushed():  # a handler that printed into a pipe closed meanwhile
        raise SystemExit(code)
    os._exit(code)


_EARLY: list[int] = []  # the stopping signal that came while the command line was imported


def _stop_early() -> list[signal.Signals]:
    """SIGTERM and SIGHUP (unless ignored: ``nohup``) raise KeyboardInterrupt until the command's handlers are set;
    the signals so held."""
    held = []
    for number in (signal.SIGTERM, signal.SIGHUP):
        if signal.getsignal(number) == signal.SIG_DFL:
            signal.signal(number, _stopped)
            held.append(number)
    return held


def _stopped(signum: int, frame: object) -> None:
    _EARLY.append(signum)
    raise KeyboardInterrupt


# what makes `merge` start no new merge (the command starts the checks' process itself where it needs one)
_NO_NEW_MERGE = frozenset({"--continue", "--abort", "--dry-run", "--help", "-h"})


def _start_checks_early(args: list[str]) -> None:
    """`merge TAG`: the merge-aware checks' process (domain/audits/sidecar.py) is started before the
    command line is parsed, not after: it imports the checks on the other core while this one imports the
    command-line interface (0.1-0.2 s on a large merge, where the checks are the longest path).  It is a fork
    of this process, made once the modules both import are imported (sidecar._forked).
    A command line the parser then refuses leaves it unused, and the exit stops it."""
    if args[:1] != ["merge"] or len(args) < 2 or _NO_NEW_MERGE.intersection(args):
        return
    from aeon_release.errors import standard_streams

    standard_streams()  # a standard stream closed at the start is not handed to the new process's pipes
    from aeon_release.domain.audits import sidecar

    sidecar.spawn(fork=True)  # no thread runs yet: a fork of this process, the modules both need imported once


def _watched() -> bool:
    """A profiler or a tracer (cProfile, a debugger, coverage) writes what it saw after the program
    returns: it gets Python's own exit.  From Python 3.12 cProfile (and coverage's sysmon core) watch
    through ``sys.monitoring``, not the profile or trace function."""
    monitoring = getattr(sys, "monitoring", None)
    tools = monitoring is not None and any(monitoring.get_tool(i) is not None for i in range(_TOOL_IDS))
    return tools or sys.getprofile() is not None or sys.gettrace() is not None


_TOOL_IDS = 6  # sys.monitoring's tool ids are 0-5 (debugger, coverage, profiler, three more)


def _working_threads() -> bool:
    return any(t is not threading.main_thread() and not t.daemon and t.is_alive() for t in threading.enumerate())


if __name__ == "__main__":  # pragma: no cover
    run()
