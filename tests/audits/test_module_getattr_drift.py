"""A module's name read by ``getattr`` with a literal and no fallback, which upstream renamed.

#44941 (6e311c6e20) renamed the ``FusedMoE`` factory function of ``fused_moe/layer.py`` to ``FusedMoEFactory``: a
fork's ``getattr(moe_layer, "FusedMoE")`` raises AttributeError as ``moe_layer.FusedMoE`` does.  Twins: the same
read with a fallback or by ``hasattr`` (how a fork bridges two versions), and a name upstream kept.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

LAYER = "vllm/moe/layer.py"
LAYER_BASE = (
    "def FusedMoE(num_experts: int, top_k: int):\n    return (num_experts, top_k)\n\n\n"
    "def make_mapping(n: int) -> list[int]:\n    return list(range(n))\n"
)
LAYER_AFTER = LAYER_BASE.replace("def FusedMoE(", "def FusedMoEFactory(")
SUBJECT = "[MoE Refactor] Rename FusedMoE to FusedMoEFactory (#44941)"
FORK = "vllm/aeon_moe.py"
IMPORT = "from vllm.moe import layer as moe_layer\n\n"


def _rows(git_repo: GitRepo, no_rules: Path, fork: str) -> list[tuple[int, str]]:
    sides = s.merge_case(git_repo, {LAYER: LAYER_BASE}, {FORK: fork}, [(SUBJECT, {LAYER: LAYER_AFTER})])
    return [(line, sev) for path, line, sev, _ in s.rule_rows(git_repo, no_rules, sides, DRIFT) if path == FORK]


def test_getattr_of_a_renamed_module_name_without_a_fallback_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    fork = IMPORT + "AEON_MOE = getattr(moe_layer, 'FusedMoE')\n"
    assert _rows(git_repo, no_rules, fork) == [(3, "error")]


@pytest.mark.parametrize(
    "read",
    ["getattr(moe_layer, 'FusedMoE', None)", "hasattr(moe_layer, 'FusedMoE')", "getattr(moe_layer, 'make_mapping')"],
    ids=["with-a-fallback", "hasattr", "a-kept-name"],
)
def test_twin_a_probe_or_a_kept_name_stays_quiet(git_repo: GitRepo, no_rules: Path, read: str) -> None:
    assert _rows(git_repo, no_rules, IMPORT + f"AEON_MOE = {read}\n") == []


def test_twin_a_name_the_module_s_getattr_still_serves_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Upstream renamed the def but kept the old name alive through a module ``__getattr__`` shim."""
    shim = LAYER_AFTER + (
        "\n\ndef __getattr__(name: str):\n    if name == 'FusedMoE':\n        return FusedMoEFactory\n"
        "    raise AttributeError(name)\n"
    )
    fork = IMPORT + "AEON_MOE = getattr(moe_layer, 'FusedMoE')\n"
    sides = s.merge_case(git_repo, {LAYER: LAYER_BASE}, {FORK: fork}, [(SUBJECT, {LAYER: shim})])
    assert [row for row in s.rule_rows(git_repo, no_rules, sides, DRIFT) if row[0] == FORK] == []


# -- twins a reviewer proved were false errors: the read guarded as ``moe_layer.FusedMoE`` would be --
GUARDED = {
    "try/except AttributeError": "try:\n    AEON_MOE = getattr(moe_layer, 'FusedMoE')\n"
    "except AttributeError:\n    AEON_MOE = moe_layer.FusedMoEFactory\n",
    "hasattr guard": "if hasattr(moe_layer, 'FusedMoE'):\n    AEON_MOE = getattr(moe_layer, 'FusedMoE')\n"
    "else:\n    AEON_MOE = None\n",
    "ternary hasattr": "AEON_MOE = getattr(moe_layer, 'FusedMoE') if hasattr(moe_layer, 'FusedMoE') else None\n",
    "ternary not hasattr": "AEON_MOE = None if not hasattr(moe_layer, 'FusedMoE') else getattr(moe_layer, 'FusedMoE')\n",
    "attribute ternary": "AEON_MOE = moe_layer.FusedMoE if hasattr(moe_layer, 'FusedMoE') else None\n",
    "called ternary": "AEON_MOE = moe_layer.FusedMoE(8, 2) if hasattr(moe_layer, 'FusedMoE') else None\n",
}


@pytest.mark.parametrize("read", list(GUARDED))
def test_twin_a_read_guarded_by_hasattr_or_attribute_error_stays_quiet(
    git_repo: GitRepo, no_rules: Path, read: str
) -> None:
    assert _rows(git_repo, no_rules, IMPORT + GUARDED[read]) == []


@pytest.mark.parametrize(
    "read",
    [
        "getattr(moe_layer, 'FusedMoE') if hasattr(moe_layer, 'make_mapping') else None",
        "None if hasattr(moe_layer, 'FusedMoE') else getattr(moe_layer, 'FusedMoE')",
    ],
    ids=["another name probed", "the read in the branch hasattr refuses"],
)
def test_a_read_the_hasattr_does_not_guard_is_still_an_error(git_repo: GitRepo, no_rules: Path, read: str) -> None:
    assert _rows(git_repo, no_rules, IMPORT + f"AEON_MOE = {read}\n") == [(3, "error")]
