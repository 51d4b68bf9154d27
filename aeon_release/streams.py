"""This process's standard streams, for the entry point and the checks' process alike: imports nothing
else of the package (the entry point asks before the command line is imported, the checks' process at its
fork)."""

from __future__ import annotations

import sys


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
