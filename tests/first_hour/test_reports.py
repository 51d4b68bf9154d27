"""Reports that say what happened: run the merge as a new user would, read what it prints."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aeon_release.commands import demo_repo as demo
from aeon_release.pipeline import audit_gate
from tests.helpers import build_example, run_cli

KERNEL = "vllm/v1/attention/backends/triton_attn.py"
ME = "Aeon Test <test@aeon.invalid>"


def _merge(capsys: pytest.CaptureFixture[str], ex: demo.Example, *args: str):  # type: ignore[no-untyped-def]
    return run_cli("merge", *args, "--repo", ex.fork, "--config", ex.config)


def test_a_waived_merge_reads_as_waived_and_is_recorded_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    ex = build_example(tmp_path / "ex", renumber_enum=True)
    stopped = _merge(capsys, ex, "v0.29.0")
    assert stopped.code == 1
    # one planted literal, one finding (the rule's and the merge-aware check's, folded)
    assert "audit: blocked: 1 error(s), 0 waived" in stopped.out
    assert f"error: {KERNEL}:6: [kv-quant/literals-match-enum] (also merge/enum-drift)" in stopped.out
    # the final error line names the finding; it does not repeat its message
    last = stopped.err.strip().splitlines()[-1]
    assert (
        last.startswith("error: 1 error-level audit finding(s)")
        and f"{KERNEL}:6 [kv-quant/literals-match-enum]" in last
    )
    # (its hints are whole commands to paste: the waiver and --fix spelt out, newuser17)
    assert len(last) < 500 and "KVQuantMode.INT4_PER_TOKEN_HEAD" not in last
    # a waiver that covers nothing: the run still stops, and a second --continue gives it again
    assert run_cli("merge", "--continue", "--repo", ex.fork, "--waive", "tree/py-compile=flaky").code == 1
    done = run_cli(
        "merge",
        "--continue",
        "--repo",
        ex.fork,
        "--waive",
        "tree/py-compile=flaky",
        "--waive",
        "merge/enum-drift=fixed by the next carry",
    )
    assert done.code == 0, done.err
    assert "audit: passed with waivers: 0 error(s), 1 waived" in done.out
    assert f"waived by {ME} (fixed by the next carry): {KERNEL}:6:" in done.out
    assert "\n  error:" not in done.out and "created aeon-v0.29.0" in done.out
    report = json.loads(run_cli("status", "--repo", ex.fork, "--json").out)[0]
    assert [w["rule"] for w in report["waivers"]] == ["tree/py-compile", "merge/enum-drift"]
    notes = run_cli("notes", "v0.29.0", "--repo", ex.fork, "--config", ex.config)
    assert notes.code == 0, notes.err
    assert "Passed with waivers: **0** error(s), **1** waived" in notes.out
    assert "Blocking findings" not in notes.out
    assert "`merge/enum-drift`: fixed by the next carry (waived by Aeon Test &lt;test@aeon.invalid&gt;)" in notes.out
    # the image built from it is labelled waived, not passed
    gate = audit_gate.audited_revision(ex.fork, "aeon-v0.29.0", ex.config)
    assert gate.status is audit_gate.AuditStatus.WAIVED and "fixed by the next carry" in gate.detail


def test_a_fixed_finding_disappears_from_the_re_audit(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    ex = build_example(tmp_path / "ex", renumber_enum=True)
    stopped = _merge(capsys, ex, "v0.29.0", "--json")
    worktree = Path(json.loads(stopped.out)["worktree"])
    kernel = worktree / KERNEL
    kernel.write_text(kernel.read_text().replace("KV_QUANT_MODE == 4", "KV_QUANT_MODE == KVQuantMode.NVFP4"))
    done = run_cli("merge", "--continue", "--repo", ex.fork)
    assert done.code == 0, done.err
    assert "audit: passed: 0 error(s), 0 waived, 0 warning(s)" in done.out
    assert "enum-drift" not in done.out
