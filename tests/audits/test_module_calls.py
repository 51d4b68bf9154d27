"""Calls of a torch module instance (``self.mixer(x, out)``): ``nn.Module.__call__`` runs ``forward``.

Shaped like vLLM's #28587 (MambaMixer2.forward lost its ``output`` parameter; a fork layer that passes
its buffer positionally now passes it as ``mup_vector``, and the buffer is never written) and like a
CustomOp whose ``forward(*args, **kwargs)`` hands every argument to the backend's ``forward_native``.
"""

from __future__ import annotations

from pathlib import Path

from aeon_release.domain.audits.drift.symbols import DEFAULT_DRIFT
from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

CUSTOM_OP = "vllm/model_executor/custom_op.py"
MIXER = "vllm/model_executor/layers/mamba/mamba_mixer2.py"
NORM = "vllm/model_executor/layers/layernorm.py"
CARRY = "vllm/model_executor/models/aeon_hybrid.py"
INITS = {"vllm/model_executor/layers/mamba/__init__.py": ""}
CUSTOM_OP_BASE = """from torch import nn


class CustomOp(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self._forward_method = self.forward_native

    def forward(self, *args, **kwargs):
        return self._forward_method(*args, **kwargs)

    def forward_native(self, *args, **kwargs):
        raise NotImplementedError
"""
MIXER_BASE = """import torch

from vllm.model_executor.custom_op import CustomOp


class MambaMixer2(CustomOp):
    def __init__(self, hidden_size: int) -> None:
        super().__init__()
        self.hidden_size = hidden_size

    def forward(self, hidden_states: torch.Tensor, output: torch.Tensor, mup_vector: torch.Tensor | None = None):
        output[:] = hidden_states
"""
MIXER_28587 = MIXER_BASE.replace(
    "hidden_states: torch.Tensor, output: torch.Tensor, mup_vector", "hidden_states: torch.Tensor, mup_vector"
).replace("output[:] = hidden_states", "return hidden_states")
SUBJECT_28587 = "[Hybrid][torch.compile] Refactor mamba2 forward to avoid obscuring linear projections (#28587)"
CARRY_BASE = """import torch
from torch import nn

from vllm.model_executor.layers.mamba.mamba_mixer2 import MambaMixer2


class AeonHybridLayer(nn.Module):
    def __init__(self, hidden_size: int) -> None:
        super().__init__()
        self.mixer = MambaMixer2(hidden_size)

    def forward(self, hidden_states: torch.Tensor) -> torch.Tensor:
        return hidden_states
"""


def mixer_case(repo: GitRepo, config: Path, call: str, upstream: str, rule: str = DRIFT) -> list[tuple[int, str]]:
    fork = CARRY_BASE.replace(
        "        return hidden_states\n",
        f"        output = torch.empty_like(hidden_states)\n        {call}  # AEON: hybrid layer\n        return output\n",
    )
    sides = s.merge_case(
        repo,
        {**INITS, CUSTOM_OP: CUSTOM_OP_BASE, MIXER: MIXER_BASE, CARRY: CARRY_BASE},
        {CARRY: fork},
        [(SUBJECT_28587, {MIXER: upstream})],
    )
    report = repo.audit(config, merge=sides)
    return [(f.line, f.message) for f in report.findings if f.path == CARRY and f.rule_id == rule]


def test_a_module_call_whose_argument_now_fills_an_optional_parameter(git_repo: GitRepo, no_rules: Path) -> None:
    [(line, message)] = mixer_case(git_repo, no_rules, "self.mixer(hidden_states, output)", MIXER_28587)
    assert line == 14
    assert "calls self.mixer, which is now MambaMixer2.forward(hidden_states, mup_vector)" in message
    assert "passes output as argument 2, which filled output; upstream removed output, so it now fills mup_vector" in (
        message
    )
    assert "#28587" in message


def test_a_module_call_that_no_longer_fits_forward(git_repo: GitRepo, no_rules: Path) -> None:
    [(_, message)] = mixer_case(git_repo, no_rules, "self.mixer(hidden_states, output, None)", MIXER_28587)
    assert "passes 3 positional argument(s), it takes 2" in message


REORDERED = MIXER_BASE.replace(
    "hidden_states: torch.Tensor, output: torch.Tensor, mup_vector", "output: torch.Tensor, hidden_states, mup_vector"
)


def test_a_module_call_into_a_reordered_forward(git_repo: GitRepo, no_rules: Path) -> None:
    [(_, message)] = mixer_case(git_repo, no_rules, "self.mixer(hidden_states, output)", REORDERED)
    assert "passes hidden_states as argument 1, which filled hidden_states and now fills output" in message


def test_a_module_call_by_keyword_into_a_reordered_forward_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    assert mixer_case(git_repo, no_rules, "self.mixer(hidden_states=hidden_states, output=output)", REORDERED) == []


def test_a_module_call_whose_forward_upstream_left_alone_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    """Near miss: upstream changed the module's file, not forward's parameters."""
    other = MIXER_BASE + "\n    def extra_repr(self) -> str:\n        return str(self.hidden_size)\n"
    assert mixer_case(git_repo, no_rules, "self.mixer(hidden_states, output)", other) == []


def test_a_class_without_a_torch_module_base_is_not_called_through_forward(git_repo: GitRepo, no_rules: Path) -> None:
    """Near miss: only ``nn.Module.__call__`` runs ``forward``; a plain class's call is its own ``__call__``."""
    plain = "class Gate:\n    def forward(self, x, scale=1.0):\n        return x\n"
    fork = "from vllm.model_executor.models.gate import Gate\n\n\ndef gate(g: Gate, x):\n    return g(x)  # AEON\n"
    sides = s.merge_case(
        git_repo,
        {"vllm/model_executor/models/gate.py": plain},
        {CARRY: fork},
        [("gate (#1)", {"vllm/model_executor/models/gate.py": plain.replace("scale=1.0", "scale=2.0")})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    assert [f for f in report.findings if f.rule_id in (DRIFT, DEFAULT_DRIFT)] == []


NORM_BASE = """from vllm.model_executor.custom_op import CustomOp


class RMSNorm(CustomOp):
    def forward_native(self, x, residual=None, use_fused_kernel=True):
        return x

    def forward_cuda(self, x, residual=None, use_fused_kernel=True):
        return x
"""
NORM_CARRY = """from torch import nn

from vllm.model_executor.layers.layernorm import RMSNorm


class AeonNorm(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.norm: RMSNorm = RMSNorm()

    def forward(self, x, residual):
        return self.norm(x, residual)  # AEON
"""


def norm_case(repo: GitRepo, config: Path, upstream: str) -> list[tuple[int, str, str]]:
    sides = s.merge_case(
        repo,
        {CUSTOM_OP: CUSTOM_OP_BASE, NORM: NORM_BASE},
        {CARRY: NORM_CARRY},
        [("[Kernel] fused RMSNorm off by default (#30000)", {NORM: upstream})],
    )
    report = repo.audit(config, merge=sides)
    return [(f.line, f.severity.value, f.message) for f in report.findings if f.path == CARRY]


def test_a_custom_op_call_reaches_forward_native_and_its_flipped_default(git_repo: GitRepo, no_rules: Path) -> None:
    [(line, severity, message)] = norm_case(
        git_repo, no_rules, NORM_BASE.replace("use_fused_kernel=True", "use_fused_kernel=False")
    )
    assert (line, severity) == (12, "warning")
    assert "calls self.norm without use_fused_kernel=, whose default upstream changed from True to False" in message
    assert "RMSNorm.forward_native" in message and "#30000" in message


def test_a_custom_op_whose_forward_native_kept_its_parameters_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    assert norm_case(git_repo, no_rules, NORM_BASE + "\n    def extra_repr(self) -> str:\n        return ''\n") == []
