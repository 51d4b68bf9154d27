"""Lent attributes: a class stopped setting a name on an object it holds, and a fork still reads it there.

Shaped like #27335 (abf3db40ef), which stopped ``FusedMoEWithLoRA.create_lora_weights`` from copying its
stacked LoRA weights onto its ``base_layer``: a fork's ``layer.base_layer.w1_lora_a_stacked`` merges cleanly
and raises AttributeError.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

LAYER = "vllm/lora/moe.py"
HELD = "vllm/layers/experts.py"
HELD_TEXT = "class Experts:\n    def __init__(self, n: int) -> None:\n        self.n = n\n"
LAYER_BASE = """from vllm.layers.experts import Experts


class MoEWithLoRA:
    def __init__(self, base_layer: Experts) -> None:
        self.base_layer = base_layer

    def create_weights(self, slots: int) -> None:
        self.w1_stacked = [0] * slots
        self.base_layer.w1_stacked = self.w1_stacked
"""
LAYER_UPSTREAM = LAYER_BASE.replace("        self.base_layer.w1_stacked = self.w1_stacked\n", "")
SUBJECT = "[Core] Handle MoE LoRA edge cases (#27335)"
FORK = "vllm/aeon/lent.py"
HEAD = "from vllm.lora.moe import MoEWithLoRA\n\n\n"


def rows(git_repo: GitRepo, no_rules: Path, body: str, upstream: str = LAYER_UPSTREAM, held: str = HELD_TEXT) -> list:
    files = {LAYER: LAYER_BASE, HELD: HELD_TEXT, "vllm/lora/__init__.py": "", "vllm/layers/__init__.py": ""}
    sides = s.merge_case(
        git_repo,
        {**files, "vllm/__init__.py": ""},
        {FORK: HEAD + body},
        [(SUBJECT, {LAYER: upstream, HELD: held})],
    )
    found = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    return [r for r in found if r[0] == FORK and "no longer sets" in r[3]]


@pytest.mark.parametrize(
    "body",
    [
        "def aeon_slots(layer: MoEWithLoRA) -> int:\n    return len(layer.base_layer.w1_stacked)\n",
        "class AeonMoE(MoEWithLoRA):\n    def aeon_slots(self) -> int:\n        return len(self.base_layer.w1_stacked)\n",
        "def aeon_slots(base) -> int:\n    layer = MoEWithLoRA(base)\n    layer.create_weights(2)\n"
        "    return len(layer.base_layer.w1_stacked)\n",
    ],
    ids=["typed receiver", "subclass self", "bound to a call"],
)
def test_a_read_of_a_name_no_longer_lent_is_an_error(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    found = rows(git_repo, no_rules, body)
    assert found and all(severity == "error" for _, _, severity, _ in found)
    assert all("#27335" in message for *_, message in found)


@pytest.mark.parametrize(
    "body",
    [
        # the wrapper's own attribute, still set
        "def aeon_slots(layer: MoEWithLoRA) -> int:\n    return len(layer.w1_stacked)\n",
        # an untyped receiver: which class is unknown
        "def aeon_slots(layer) -> int:\n    return len(layer.base_layer.w1_stacked)\n",
        # the fork lends it itself now
        "class AeonMoE(MoEWithLoRA):\n    def create_weights(self, slots: int) -> None:\n"
        "        super().create_weights(slots)\n        self.base_layer.w1_stacked = self.w1_stacked\n\n"
        "    def aeon_slots(self) -> int:\n        return len(self.base_layer.w1_stacked)\n",
        # a guarded read
        "def aeon_slots(layer: MoEWithLoRA) -> int:\n"
        "    return len(layer.base_layer.w1_stacked) if hasattr(layer.base_layer, 'w1_stacked') else 0\n",
    ],
    ids=["own attribute", "untyped", "fork lends it", "hasattr"],
)
def test_lent_attribute_twins(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    ("upstream", "held"),
    [
        # the held object's class declares the name itself now
        (
            LAYER_UPSTREAM,
            HELD_TEXT.replace("class Experts:\n", "class Experts:\n    w1_stacked: list | None = None\n\n"),
        ),
        # the lender still lends it, by setattr
        (
            LAYER_UPSTREAM.replace(
                "self.w1_stacked = [0] * slots\n",
                "self.w1_stacked = [0] * slots\n        setattr(self.base_layer, 'w1_stacked', self.w1_stacked)\n",
            ),
            HELD_TEXT,
        ),
    ],
    ids=["declared by the held class", "setattr"],
)
def test_a_name_still_given_stays_quiet(git_repo: GitRepo, no_rules: Path, upstream: str, held: str) -> None:
    body = "def aeon_slots(layer: MoEWithLoRA) -> int:\n    return len(layer.base_layer.w1_stacked)\n"
    assert rows(git_repo, no_rules, body, upstream, held) == []
