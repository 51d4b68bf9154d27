"""Fixes: the literal becomes the member (import added when missing), comments stay, the file compiles, twice is once."""

from __future__ import annotations

from pathlib import Path

from aeon_release.domain.audits.drift.fixes import apply_fixes
from aeon_release.domain.audits.merge_rules import ENUM_DRIFT as DRIFT
from aeon_release.domain.audits.model import Fix
from tests.audits.conftest import GitRepo
from tests.audits.drift import real
from tests.audits.drift.trees import audit, three_way


def _fixes(report_findings: tuple) -> list[Fix]:  # type: ignore[type-arg]
    return [f.fix for f in report_findings if f.rule_id == DRIFT and f.fix is not None]


def test_fix_adds_the_import_keeps_comments_and_compiles(git_repo: GitRepo, tmp_path: Path) -> None:
    sides = three_way(
        git_repo,
        {real.REQUEST: real.REQUEST_BASE},
        {
            real.SCHED: real.SCHED_FORK.replace(
                "from vllm.v1.request import Request, RequestStatus\n", "from vllm.v1.request import Request\n"
            )
        },
        {real.REQUEST: real.REQUEST_UPSTREAM},
    )
    report = audit(git_repo, sides, tmp_path)
    fixes = _fixes(report.findings)
    assert [(f.old, f.new, f.import_from, f.import_name) for f in fixes] == [
        ("4", "RequestStatus.RUNNING", "vllm.v1.request", "RequestStatus")
    ]
    results = apply_fixes(git_repo.path, fixes)
    assert [r.status for r in results] == ["applied"]
    text = (git_repo.path / real.SCHED).read_text()
    assert "    if request_status == RequestStatus.RUNNING:  # RequestStatus.RUNNING\n" in text
    assert "from vllm.v1.request import RequestStatus, Request\n" in text  # libcst merges into the import
    assert text.startswith("# AEON: preempt long prompts first on GB10\n")
    compile(text, real.SCHED, "exec")
    # idempotent: the same fixes again change nothing, and the audit finds nothing left to fix
    assert [r.status for r in apply_fixes(git_repo.path, fixes)] == ["already applied"]
    assert (git_repo.path / real.SCHED).read_text() == text
    assert _fixes(audit(git_repo, sides, tmp_path / "again").findings) == []


def test_fix_of_a_value_holder_and_a_plain_enum(git_repo: GitRepo, tmp_path: Path) -> None:
    sides = three_way(git_repo, {real.QR: real.QR_BASE}, {real.QR: real.QR_FORK}, {real.QR: real.QR_UPSTREAM})
    report = audit(git_repo, sides, tmp_path)
    results = apply_fixes(git_repo.path, _fixes(report.findings))
    assert [r.status for r in results] == ["applied"]
    text = (git_repo.path / real.QR).read_text()
    assert "qr_quant_level != 0 and qr_quant_level != QuickReduceRegime.NONE.value  # 4 == NONE" in text
    # `quick_reduce_regime: int == 4`: a plain Enum against an int parameter has two possible rewrites: none given
    assert "return quick_reduce_regime == 4  # QuickReduceRegime.NONE" in text
    assert text.count("from enum import Enum") == 1 and "import QuickReduceRegime" not in text
    compile(text, real.QR, "exec")


def test_a_fix_whose_code_moved_is_skipped(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text("x = 5\n")
    fix = Fix("m.py", 1, 4, 1, 5, "4", "Mode.D", "pkg.modes", "Mode")
    assert [(r.status, r.detail) for r in apply_fixes(tmp_path, [fix])] == [
        ("skipped", "found `5` where the audit saw `4`")
    ]
    assert (tmp_path / "m.py").read_text() == "x = 5\n"
