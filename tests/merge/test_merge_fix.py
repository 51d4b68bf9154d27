"""`merge --continue --fix` and `audit --fix`: the engine's safe fixes, applied, re-audited and recorded."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import ENUM_DRIFT as DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift import real
from tests.audits.drift.trees import no_rules, three_way
from tests.helpers import build_example, git, run_cli

ATTN = "vllm/v1/attention/backends/triton_attn.py"


def test_stopped_merge_prints_the_fix_and_continue_fix_applies_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    ex = build_example(tmp_path / "ex", renumber_enum=True)
    stopped = run_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--json")
    assert stopped.code == 1, stopped.err
    assert "merge --continue --fix" in stopped.err
    assert f"{ATTN}:6: `4` -> `KVQuantMode.NVFP4`" in stopped.err
    # one root cause, one finding: the fleet rule's finding on that line carries the drift check's fix
    drift = next(
        f
        for f in json.loads(stopped.out)["audit"]["findings"]
        if DRIFT in (f["rule"], *f.get("also", ())) and f["severity"] == "error"
    )
    assert drift["fix"]["new"] == "KVQuantMode.NVFP4"

    done = run_cli("merge", "--continue", "--fix", "--repo", ex.fork, "--json")
    assert done.code == 0, done.err
    final = json.loads(done.out)
    assert final["state"] == "done" and final["audit"]["errors"] == 0
    assert [(f["path"], f["line"], f["new"], f["status"]) for f in final["fixes"]] == [
        (ATTN, 6, "KVQuantMode.NVFP4", "applied")
    ]
    fixed = git(ex.fork, "show", f"aeon-v0.29.0:{ATTN}")
    assert "    USE_NVFP4 = KV_QUANT_MODE == KVQuantMode.NVFP4\n" in fixed
    compile(fixed, ATTN, "exec")
    notes = run_cli("notes", "v0.29.0", "--repo", ex.fork, "--config", ex.config)
    assert notes.code == 0, notes.err
    assert "Fixed by `merge --continue --fix`" in notes.out and "KVQuantMode.NVFP4" in notes.out


def test_fix_needs_continue(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    result = run_cli("merge", "v0.29.0", "--fix", "--repo", tmp_path)
    assert result.code == 2 and "--fix goes with --continue" in result.err


def test_audit_fix_rewrites_the_work_tree(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "repo")
    sides = three_way(
        repo, {real.REQUEST: real.REQUEST_BASE}, {real.SCHED: real.SCHED_FORK}, {real.REQUEST: real.REQUEST_UPSTREAM}
    )
    config = no_rules(tmp_path / "cfg")
    args = (
        "audit",
        "--repo",
        repo.path,
        "--config",
        config,
        "--base",
        sides.base,
        "--ours",
        sides.ours,
        "--theirs",
        sides.theirs,
    )
    assert run_cli(*args).code == 1
    fixed = run_cli(*args, "--fix")
    assert fixed.code == 0, fixed.err + fixed.out
    assert f"fix applied: {real.SCHED}:7: `4` -> `RequestStatus.RUNNING`" in fixed.err
    assert (
        "if request_status == RequestStatus.RUNNING:  # RequestStatus.RUNNING" in (repo.path / real.SCHED).read_text()
    )
    again = run_cli(*args, "--fix")
    assert again.code == 0 and "no finding has a safe fix" in again.err
