"""Symbol drift: ``dataclasses.replace(obj, field=...)`` names fields of ``obj``'s class.

#43727 removed ``FusedMoEConfig.disable_inplace``; a fork's ``dataclasses.replace(moe_config,
disable_inplace=False)`` raises ``TypeError`` at model load after a clean merge, as a read of the field would
fail: each keyword is checked as ``moe_config.disable_inplace`` is.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

CONFIG = "vllm/model_executor/layers/fused_moe/config.py"
CONFIG_BASE = """from dataclasses import dataclass


@dataclass
class FusedMoEConfig:
    num_experts: int
    max_num_tokens: int = 256
    disable_inplace: bool = True
"""
CONFIG_43727 = CONFIG_BASE.replace("    disable_inplace: bool = True\n", "")
FORK = "vllm/model_executor/layers/fused_moe/aeon_config.py"
FORK_BASE = """import dataclasses
from dataclasses import replace as dc_replace

from vllm.model_executor.layers.fused_moe.config import FusedMoEConfig


def aeon_config(moe_config: FusedMoEConfig) -> FusedMoEConfig:
    return moe_config
"""


@pytest.mark.parametrize(
    ("call", "caught"),
    [
        ("dataclasses.replace(moe_config, disable_inplace=False)", True),
        ("dc_replace(moe_config, max_num_tokens=128, disable_inplace=False)", True),
        # twins: a kept field; another object's replace method; an untyped object
        ("dataclasses.replace(moe_config, max_num_tokens=128)", False),
        ("moe_config.replace(disable_inplace=False)", False),
        ("dataclasses.replace(object(), disable_inplace=False)", False),
    ],
)
def test_a_removed_field_passed_to_dataclasses_replace(
    git_repo: GitRepo, no_rules: Path, call: str, caught: bool
) -> None:
    fork = FORK_BASE.replace("    return moe_config\n", f"    return {call}  # AEON: in-place on aarch64\n")
    sides = s.merge_case(
        git_repo,
        {CONFIG: CONFIG_BASE, FORK: FORK_BASE},
        {FORK: fork},
        [("[MoE] Remove inplace fused experts mechanism (#43727)", {CONFIG: CONFIG_43727})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    rows = [(f.line, f.message) for f in report.findings if f.rule_id == DRIFT and f.path == FORK]
    assert [line for line, _ in rows] == ([8] if caught else [])
    if caught:
        assert "passes disable_inplace= to " in rows[0][1] and "(moe_config, ...)" in rows[0][1]
        assert "upstream removed FusedMoEConfig.disable_inplace" in rows[0][1] and "#43727" in rows[0][1]
