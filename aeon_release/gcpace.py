"""The cyclic garbage collector's pace in the tool's own processes (the command, the merge's checks).

The tool's processes live for seconds and build large acyclic structures (syntax trees, listings of
thousands of files, memoised parses) that live to the end.  At CPython's default pace (a young
collection every 700 allocations, a full one whenever the survivors grow by a quarter) the collector
walked those structures over and over: about a tenth of a merge's CPU on a small real range, with a
full collection at nearly every step the parses grew.  Collecting young objects every 200,000
allocations instead (as mypy does, for the same kind of work) leaves the work the same and memory
bounded: cycles are still found, only later.
"""

from __future__ import annotations

import gc

YOUNG = 200_000  # allocations between two collections of the young generation
OLDER = 30  # young collections between two of the middle generation, and those between two full ones


def pace() -> None:
    """Set this process's pace (a child forked from it keeps it)."""
    gc.set_threshold(YOUNG, OLDER, OLDER)
