"""The build/publish audit gate (steps/audit_gate.py) runs this engine on an exact revision."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from aeon_release.errors import NeedsHuman
from aeon_release.pipeline.audit_gate import AuditStatus, audited_revision
from tests.audits import shapes
from tests.audits.conftest import GitRepo

RULES = "rules:\n  - {id: kv/nvfp4-is-5, kind: enum-value, message: NVFP4 is 5, paths: [kv.py], enum: KVQuantMode, member: NVFP4, value: 5}\n"


def test_gate_passes_a_clean_revision_and_stops_a_bad_one(git_repo: GitRepo, rules_dir: Callable[..., Path]) -> None:
    config = rules_dir(r=RULES)
    clean = git_repo.commit({"kv.py": shapes.KV_INTERFACE_RENUMBERED}, "clean")
    bad = git_repo.commit({"kv.py": shapes.KV_INTERFACE}, "renumbered back")
    assert audited_revision(git_repo.path, clean, config).status is AuditStatus.PASSED
    with pytest.raises(NeedsHuman, match=r"kv.py:11: \[kv/nvfp4-is-5\]"):
        audited_revision(git_repo.path, bad, config)
    assert len(git_repo.git("worktree", "list").splitlines()) == 1
