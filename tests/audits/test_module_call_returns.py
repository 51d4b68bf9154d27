"""Return drift through a module called as a function: ``self.experts(x)`` runs ``SharedFusedMoE.forward``.

Shaped like #35949 (726efe177b): ``SharedFusedMoE.forward`` returned ``(shared, routed)`` (an early
``return None, result`` beside a ``return result`` under ``-> tuple[Tensor, Tensor]``) and now returns the
summed tensor (``return super().forward(...)`` under ``-> torch.Tensor``); upstream's models moved from
``shared, routed = self.experts(...)`` to ``out = self.experts(...)``.  The fork's MoE block calls the
module, never ``forward`` by name, so no call of ``forward`` was ever looked at.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.returns import RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

SHARED = "vllm/model_executor/layers/fused_moe/shared_fused_moe.py"
SHARED_BASE = """import torch

from vllm.model_executor.layers.fused_moe.layer import FusedMoE


class SharedFusedMoE(FusedMoE):
    def forward(self, hidden_states: torch.Tensor, router_logits: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        result = super().forward(hidden_states=hidden_states, router_logits=router_logits)
        if self.shared_experts is None:
            return None, result
        else:
            return result
"""
SHARED_ONE = """import torch

from vllm.model_executor.layers.fused_moe.layer import FusedMoE


class SharedFusedMoE(FusedMoE):
    def forward(self, hidden_states: torch.Tensor, router_logits: torch.Tensor) -> torch.Tensor:
        return super().forward(hidden_states=hidden_states, router_logits=router_logits)
"""
LAYER = "vllm/model_executor/layers/fused_moe/layer.py"
LAYER_TEXT = """class FusedMoE:
    def forward(self, hidden_states, router_logits):
        return hidden_states
"""
MODEL = "vllm/model_executor/models/deepseek_v2.py"
MODEL_BASE = """class DeepseekV2MoE:
    def forward(self, hidden_states, router_logits):
        shared_output, final_hidden_states = self.experts(hidden_states=hidden_states, router_logits=router_logits)
        return final_hidden_states + shared_output
"""
MODEL_ONE = """class DeepseekV2MoE:
    def forward(self, hidden_states, router_logits):
        final_hidden_states = self.experts(hidden_states=hidden_states, router_logits=router_logits)
        return final_hidden_states
"""
SUBJECT = "[MoE Refactor] Move the shared/fused expert output sum into MoERunnerBase (#35949)"
FORK = "vllm/aeon/moe_block.py"
HEAD = "import torch\n\nfrom vllm.model_executor.layers.fused_moe.shared_fused_moe import SharedFusedMoE\n\n\n"
BLOCK = (
    HEAD + "class AeonMoEBlock(torch.nn.Module):\n"
    "    def __init__(self, experts: SharedFusedMoE) -> None:\n"
    "        super().__init__()\n"
    "        self.experts = experts\n\n"
    "    def forward(self, x: torch.Tensor, logits: torch.Tensor) -> torch.Tensor:\n"
    "        shared, routed = self.experts(hidden_states=x, router_logits=logits)\n"
    "        return shared + routed\n"
)
INITS = {
    "vllm/__init__.py": "",
    "vllm/model_executor/__init__.py": "",
    "vllm/model_executor/layers/__init__.py": "",
    "vllm/model_executor/layers/fused_moe/__init__.py": "",
    "vllm/model_executor/models/__init__.py": "",
}


def _found(git_repo: GitRepo, no_rules: Path, fork: str, model_after: str = MODEL_ONE) -> list[tuple[int, str]]:
    sides = s.merge_case(
        git_repo,
        {SHARED: SHARED_BASE, LAYER: LAYER_TEXT, MODEL: MODEL_BASE, **INITS},
        {FORK: fork},
        [(SUBJECT, {SHARED: SHARED_ONE, MODEL: model_after})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    return sorted((f.line, f.message) for f in report.findings if f.path == FORK and f.rule_id == RULE)


@pytest.mark.parametrize(
    ("fork", "line"),
    [
        (BLOCK, 12),
        (
            BLOCK.replace("        self.experts = experts\n", "        self.experts = SharedFusedMoE()\n").replace(
                "experts: SharedFusedMoE", "n: int"
            ),
            12,
        ),
        (
            HEAD + "def aeon_moe(experts: SharedFusedMoE, x: torch.Tensor, logits: torch.Tensor):\n"
            "    shared, routed = experts(x, logits)\n"
            "    return shared + routed\n",
            7,
        ),
        (
            HEAD + "def aeon_moe(experts: SharedFusedMoE, x: torch.Tensor, logits: torch.Tensor):\n"
            "    out = experts.forward(x, logits)\n"
            "    return out[0] + out[1]\n",
            8,
        ),
    ],
    ids=[
        "self field of a typed parameter",
        "self field built in __init__",
        "typed parameter called",
        "forward indexed",
    ],
)
def test_unpacking_a_module_call_upstream_made_one_value_is_an_error(
    git_repo: GitRepo, no_rules: Path, fork: str, line: int
) -> None:
    found = _found(git_repo, no_rules, fork)
    assert found and {n for n, _ in found} == {line}
    assert "SharedFusedMoE.forward() to return one value" in found[0][1] and "#35949" in found[0][1]


@pytest.mark.parametrize(
    ("fork", "model_after"),
    [
        # the fork binds the module's output whole
        (BLOCK.replace("shared, routed = self.experts", "routed = shared = self.experts"), MODEL_ONE),
        # a field of another class: the fork's own module, not SharedFusedMoE
        (BLOCK.replace("experts: SharedFusedMoE", "experts: torch.nn.Module"), MODEL_ONE),
        # upstream's callers still unpack: no evidence the pair was meant to go
        (BLOCK, MODEL_BASE.replace("self.experts(", "self.experts( ")),
    ],
    ids=["bound whole", "another class", "no caller evidence"],
)
def test_module_call_twins(git_repo: GitRepo, no_rules: Path, fork: str, model_after: str) -> None:
    assert _found(git_repo, no_rules, fork, model_after) == []
