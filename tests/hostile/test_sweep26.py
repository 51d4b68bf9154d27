"""Hostile-input sweep 26: the entry point run again and again in one process.  Real git, the real CLI;
one line and a documented exit code, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import run_cli

pytestmark = pytest.mark.slow


# -- the entry point run again in the same process ---------------------------------------------------------------
def test_the_entry_point_run_a_thousand_times_in_one_process_is_still_one_line(tmp_path: Path) -> None:
    """A caller that keeps the command tree between runs (a test worker, a program calling ``main``) had every
    path option's empty-path check wrapped once more on every run: from about the thousandth run in one process,
    any command given a path was a RecursionError traceback, exit 3, whatever its arguments."""
    missing = tmp_path / "no-config"
    for _ in range(1100):
        run = run_cli("ledger", "check", "--config", missing)
    assert run.code == 2 and "Traceback" not in run.err, run.err[-500:]
    [line] = run.err.strip().splitlines()
    assert line.startswith(f"error: {missing}: config folder does not exist") and "(hint:" in line, line
