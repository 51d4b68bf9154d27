"""Hostile-input sweep 35: a reader of stdout that goes away, a report named over a file the audit reads, and a
release, build or publish stopped by Ctrl-C or SIGTERM on a real engine and registry; then new classes.  Real
pipes, real git, the real CLI."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import build_example, snapshot
from tests.hostile.conftest import ROOT, git, run_limited

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


# -- a report named over a file the audit reads ------------------------------------------------------------------
@pytest.mark.parametrize(
    ("named", "scope"),
    [
        ("vllm/__init__.py", ()),
        ("docs/../vllm/__init__.py", ()),
        ("vllm/__init__.py", ("--rev", "HEAD")),
        ("README.md", ("--changed-since", "HEAD")),
    ],
    ids=["module", "dotted-path", "rev", "changed-since"],
)
def test_a_report_named_over_a_tracked_file_is_refused(tmp_path: Path, named: str, scope: tuple[str, ...]) -> None:
    """``audit --output vllm/__init__.py`` (a slip for the report's name) replaced the module the audit had just
    read with the report, exit 0: a command that only reads changed the checkout.  Refused before the audit, one
    line naming the tracked file; the checkout as it was."""
    ex = build_example(tmp_path / "ex")
    before, held = snapshot(ex.fork), (ex.fork / "vllm" / "__init__.py").read_bytes()
    run = run_limited("audit", "--config", ex.config, *scope, "--format", "json", "--output", named, cwd=ex.fork)
    assert run.code == 2 and run.out == "" and "Traceback" not in run.err, run.err
    [line] = run.err.strip().splitlines()
    tracked = os.path.normpath(named)
    assert f"that is {tracked}, a file git tracks in the audited checkout" in line and "(hint:" in line, line
    assert snapshot(ex.fork) == before and (ex.fork / "vllm" / "__init__.py").read_bytes() == held


def test_a_report_of_its_own_in_the_checkout_is_written_again(tmp_path: Path) -> None:
    """The twin: an untracked report of an earlier run in the checkout is replaced, run after run."""
    ex = build_example(tmp_path / "ex")
    for _ in range(2):
        run = run_limited("audit", "--config", ex.config, "--format", "json", "--output", "audit.json", cwd=ex.fork)
        assert run.code == 0, run.err
    assert '"errors": 0' in (ex.fork / "audit.json").read_text()


@pytest.mark.parametrize("name", ["carries.yaml", "cherry_picks.yaml", "fleet.yaml", "audits/kv_quant.yaml"])
def test_a_report_named_over_the_config_of_a_remembered_audit_is_refused(tmp_path: Path, name: str) -> None:
    """``audit --rev HEAD --output carries.yaml`` of a revision audited before: the answer came from the findings
    cache, which reads no ledger, so the write's check of the files this run read let the report replace the
    ledger, and every later command failed on it ("carries.yaml: errors: unknown key")."""
    ex = build_example(tmp_path / "ex")
    argv = ("audit", "--repo", ex.fork, "--config", ex.config, "--rev", "HEAD", "--format", "json")
    assert run_limited(*argv).code == 0  # remembered from here on
    held = (ex.config / name).read_bytes()
    run = run_limited(*argv, "--output", ex.config / name)
    assert run.code == 2 and "Traceback" not in run.err, run.err
    [line] = run.err.strip().splitlines()
    assert f"that is {name} of --config" in line and "refusing to write the report over it" in line, line
    assert (ex.config / name).read_bytes() == held
    assert run_limited(*argv).code == 0
