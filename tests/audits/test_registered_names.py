"""A parameter one upstream class registers under a new name while others keep the old one (#9997)."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.registered_names import renamed_in
from aeon_release.domain.audits.merge_rules import NAME_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

BNB = "vllm/model_executor/layers/quantization/bitsandbytes.py"
BNB_BASE = """import torch


class BitsAndBytesLinearMethod:
    def create_weights(self, layer: torch.nn.Module) -> None:
        qweight = torch.nn.Parameter(torch.empty(8, dtype=torch.uint8), requires_grad=False)
        layer.register_parameter("qweight", qweight)

    def apply(self, layer: torch.nn.Module, x: torch.Tensor) -> torch.Tensor:
        return x @ layer.qweight
"""
BNB_9997 = BNB_BASE.replace('register_parameter("qweight", qweight)', 'register_parameter("weight", qweight)').replace(
    "layer.qweight", "layer.weight"
)
GPTQ = "vllm/model_executor/layers/quantization/gptq.py"
GPTQ_TEXT = """import torch


class GPTQLinearMethod:
    def create_weights(self, layer: torch.nn.Module) -> None:
        qweight = torch.nn.Parameter(torch.empty(8, dtype=torch.int32), requires_grad=False)
        layer.register_parameter("qweight", qweight)
"""
PROBE = "vllm/aeon/bnb_probe.py"
GETATTR = """import torch


def aeon_bnb_weight(layer: torch.nn.Module) -> torch.Tensor | None:
    qweight = getattr(layer, "qweight", None)
    return None if qweight is None else qweight.data
"""
TIED = """import torch

from vllm.model_executor.layers.quantization.bitsandbytes import BitsAndBytesLinearMethod


def aeon_is_bnb(layer: torch.nn.Module) -> bool:
    return isinstance(layer.quant_method, BitsAndBytesLinearMethod) and hasattr(layer, "qweight")
"""


def rows(git_repo: GitRepo, no_rules: Path, fork: str, others: bool = True, upstream: str = BNB_9997) -> list:
    base = {BNB: BNB_BASE, "vllm/aeon/__init__.py": "", **({GPTQ: GPTQ_TEXT} if others else {})}
    sides = s.merge_case(git_repo, base, {PROBE: fork}, [("[Misc] Modify BNB parameter name (#9997)", {BNB: upstream})])
    return [r for r in s.rule_rows(git_repo, no_rules, sides, NAME_DRIFT) if r[0] == PROBE]


def test_a_probe_of_a_parameter_one_class_renamed_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    """GPTQ still registers ``qweight``: the read may mean its layers, so not certain."""
    [(_, line, severity, message)] = rows(git_repo, no_rules, GETATTR)
    assert (line, severity) == (5, "warning")
    assert f"{BNB} now registers as 'weight'" in message and f"{GPTQ} still registers 'qweight'" in message
    assert "#9997" in message and "takes its default" in message


def test_a_probe_in_a_file_that_imports_the_renaming_module_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    [(_, line, severity, message)] = rows(git_repo, no_rules, TIED)
    assert (line, severity) == (7, "error")
    assert f"imports from {BNB}" in message and "read 'weight' for those layers" in message


@pytest.mark.parametrize(
    ("fork", "upstream"),
    [
        # twin: the fork reads the new name
        (GETATTR.replace('"qweight"', '"weight"'), BNB_9997),
        # twin: the fork's own class registers the old name it reads
        (
            GETATTR + "\n\ndef aeon_make(layer: torch.nn.Module, w: torch.nn.Parameter) -> None:\n"
            '    layer.register_parameter("qweight", w)\n',
            BNB_9997,
        ),
        # twin: upstream registers both names now (the old one kept beside the new)
        (
            GETATTR,
            BNB_9997.replace(
                '        layer.register_parameter("weight", qweight)\n',
                '        layer.register_parameter("weight", qweight)\n        layer.register_parameter("qweight", qweight)\n',
            ),
        ),
    ],
    ids=["reads the new name", "registers it itself", "upstream keeps both"],
)
def test_a_probe_upstream_s_rename_does_not_touch_is_silent(
    git_repo: GitRepo, no_rules: Path, fork: str, upstream: str
) -> None:
    assert rows(git_repo, no_rules, fork, upstream=upstream) == []


def test_a_rename_no_other_class_keeps_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """No other file registers or sets ``qweight`` (the word lives on as bitsandbytes' local): certain."""
    [(_, line, severity, message)] = rows(git_repo, no_rules, GETATTR, others=False)
    assert (line, severity) == (5, "error")
    assert "no other upstream file registers or sets 'qweight'" in message


@pytest.mark.parametrize(
    ("removed", "added", "renamed"),
    [
        (
            ['    layer.register_parameter("qweight", qweight)'],
            ['    layer.register_parameter("weight", qweight)'],
            True,
        ),
        # another value registered: not the same registration renamed
        (
            ['    layer.register_parameter("qweight", qweight)'],
            ['    layer.register_parameter("weight", scales)'],
            False,
        ),
        # another kind: a buffer is no parameter
        (['    layer.register_parameter("qweight", qweight)'], ['    layer.register_buffer("weight", qweight)'], False),
    ],
)
def test_a_renamed_registration_is_the_same_call_under_another_name(
    removed: list[str], added: list[str], renamed: bool
) -> None:
    assert renamed_in(BNB, removed, added) == ({"qweight": "weight"} if renamed else {})
