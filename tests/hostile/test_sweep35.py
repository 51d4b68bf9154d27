"""Hostile-input sweep 35: a reader of stdout that goes away, a report named over a file the audit reads, and a
release, build or publish stopped by Ctrl-C or SIGTERM on a real engine and registry; then new classes.  Real
pipes, real git, the real CLI."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import build_example
from tests.hostile.conftest import ROOT, git

pytestmark = pytest.mark.slow

MARKER = "<<<<<<< HEAD\nours\n=======\ntheirs\n>>>>>>> branch\n"


# -- a reader of stdout that goes away ---------------------------------------------------------------------------
def _read_first_line(*argv: str | Path) -> tuple[int, str, str]:
    """``aeon-release ARGV | head -1``: a real pipe whose reader takes the first line and goes away; the exit code,
    the line read and stderr."""
    with subprocess.Popen(
        [sys.executable, "-m", "aeon_release", *map(str, argv)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    ) as writer:
        assert writer.stdout is not None and writer.stderr is not None
        first = writer.stdout.readline().decode()
        writer.stdout.close()  # as `head -1` does once it has its line
        err = writer.stderr.read().decode()
        return writer.wait(120), first, err


@pytest.mark.parametrize("findings", [False, True], ids=["clean", "renumbered-enum"])
def test_merge_piped_into_head_keeps_its_own_exit_code(tmp_path: Path, findings: bool) -> None:
    """``aeon-release merge v0.29.0 | head -1`` made the branch, then failed on its next line: "error: output:
    Broken pipe", exit 2 (bad input, "nothing was changed") with the branch made.  The rest of the report goes
    nowhere, nothing is said, and the exit code is the merge's own: 0 done, 1 stopped on its audit."""
    ex = build_example(tmp_path / "ex", renumber_enum=findings)
    code, first, err = _read_first_line("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch")
    assert code == (1 if findings else 0), (code, err)
    assert first.startswith("v0.29.0 (") and "Broken pipe" not in err and "Traceback" not in err, (first, err)
    made = git(ex.fork, "branch", "--list", "aeon-v0.29.0")
    assert bool(made) is not findings, made
