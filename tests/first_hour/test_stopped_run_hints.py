"""A merge stopped by its audit: `status` names what stopped it, and every hint is a command to paste.

A maintainer coming back to a stopped vLLM merge ran `status` and read "audit-failed; steps done:
merge, carries, picks" and a hint "fix the findings ... and commit" (`--continue` commits the fixes
itself) with `--continue --waive RULE=REASON`, not a command; the finding itself was only in the
scroll-back of the run that stopped.
"""

from __future__ import annotations

from pathlib import Path

from tests.helpers import build_example, run_cli

RULE = "kv-quant/literals-match-enum"
WHERE = "vllm/v1/attention/backends/triton_attn.py:6"


def test_status_of_a_run_its_audit_stopped(tmp_path: Path) -> None:
    ex = build_example(tmp_path / "ex", renumber_enum=True)
    stopped = run_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config)
    assert stopped.code == 1
    assert f"aeon-release merge --continue --waive '{RULE}=REASON'" in stopped.err
    assert "aeon-release merge --continue --fix` applies 1 safe fix(es)" in stopped.err
    status = run_cli("status", "--repo", ex.fork)
    assert status.code == 0, status.err
    assert f"  error: {WHERE}: [{RULE}]" in status.out
    assert "(`--continue` commits the fixes)" in status.err
    assert "`aeon-release merge --continue --waive 'RULE=REASON'`" in status.err
    # waived, the finding no longer stops anything: status no longer lists it
    waived = run_cli("merge", "--continue", "--waive", f"{RULE}=checked", "--repo", ex.fork)
    assert waived.code == 0, waived.err
    assert "  error:" not in run_cli("status", "--repo", ex.fork).out


def test_a_conflict_stop_names_both_commands(tmp_path: Path) -> None:
    from aeon_release.commands import demo_repo as demo

    ex = build_example(tmp_path / "ex")
    up = demo.Git(ex.upstream)
    runner = "vllm/v1/worker/gpu_model_runner.py"
    demo.commit(up, "[Core] estimate (#51003)", {runner: demo.RUNNER.replace("before - after", "after - before")})
    up.run("tag", "-a", "v0.30.0", "-m", "v0.30.0")
    stopped = run_cli("merge", "v0.30.0", "--repo", ex.fork, "--config", ex.config)
    assert stopped.code == 1 and "conflicted file(s)" in stopped.err, stopped.err
    assert "then `aeon-release merge --continue` (or `aeon-release merge --abort` to drop the run)" in stopped.err
