"""Symbol drift: an override reads an attribute of its argument that the base's hook now deletes.

#26789 made CompressedTensorsW4A4MoeMethod.process_weights_after_loading ``delattr(layer,
"w13_weight_packed")`` once the packed weight moved into ``w13_weight``; a fork subclass that calls
``super().process_weights_after_loading(layer)`` and then reads ``layer.w13_weight_packed`` raises
``AttributeError`` at load after a clean merge (other methods still register the name: no word is gone).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

MOE = "vllm/model_executor/layers/quantization/compressed_tensors/compressed_tensors_moe.py"
MOE_BASE = """import torch


class CompressedTensorsW4A4MoeMethod:
    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:
        layer.w13_weight = torch.nn.Parameter(layer.w13_weight_packed.data, requires_grad=False)
        layer.w2_weight = torch.nn.Parameter(layer.w2_weight_packed.data, requires_grad=False)
"""
MOE_26789 = (
    MOE_BASE.replace(
        "requires_grad=False)\n        layer.w2_weight",
        'requires_grad=False)\n        delattr(layer, "w13_weight_packed")\n        layer.w2_weight',
    )
    + "        del layer.w2_weight_packed\n"
)
FORK = "vllm/model_executor/layers/quantization/aeon_moe.py"
FORK_BASE = """import torch

from vllm.model_executor.layers.quantization.compressed_tensors.compressed_tensors_moe import (
    CompressedTensorsW4A4MoeMethod,
)


class AeonMoE(CompressedTensorsW4A4MoeMethod):
    pass
"""


@pytest.mark.parametrize(
    ("body", "line"),
    [
        (
            "        super().process_weights_after_loading(layer)\n        self.shape = layer.w13_weight_packed.shape\n",
            11,
        ),
        (
            "        super().process_weights_after_loading(layer)\n        self.w2 = getattr(layer, 'w2_weight_packed')\n",
            11,
        ),
        # twins: a kept attribute; a read before the call; the attribute set again first; a getattr fallback
        ("        super().process_weights_after_loading(layer)\n        self.shape = layer.w13_weight.shape\n", None),
        (
            "        self.shape = layer.w13_weight_packed.shape\n        super().process_weights_after_loading(layer)\n",
            None,
        ),
        (
            "        super().process_weights_after_loading(layer)\n        layer.w13_weight_packed = layer.w13_weight\n"
            "        self.shape = layer.w13_weight_packed.shape\n",
            None,
        ),
        (
            "        super().process_weights_after_loading(layer)\n"
            "        self.w2 = getattr(layer, 'w2_weight_packed', None)\n",
            None,
        ),
    ],
)
def test_a_read_of_what_the_base_hook_now_deletes(
    git_repo: GitRepo, no_rules: Path, body: str, line: int | None
) -> None:
    hook = "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:\n"
    fork = FORK_BASE.replace("    pass\n", hook + body)
    sides = s.merge_case(
        git_repo,
        {MOE: MOE_BASE, FORK: FORK_BASE},
        {FORK: fork},
        [("[bugfix] remove unused parameters to reduce unnecessary vram usage (#26789)", {MOE: MOE_26789})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    rows = [(f.line, f.message) for f in report.findings if f.rule_id == DRIFT and f.path == FORK]
    assert [n for n, _ in rows] == ([line] if line else [])
    if line:
        assert "after super().process_weights_after_loading(), whose " in rows[0][1]
        assert "CompressedTensorsW4A4MoeMethod.process_weights_after_loading now deletes it" in rows[0][1]
        assert "#26789" in rows[0][1]
