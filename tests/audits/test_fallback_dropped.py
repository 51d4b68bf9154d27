"""A None passed for a parameter whose old body replaced a None by a default, the new body using it as a value.

Shaped like vLLM's #31760: ``Qwen2Model.__init__(..., decoder_layer_type: type[nn.Module] = Qwen2DecoderLayer)``
dropped ``decoder_layer_type = decoder_layer_type or Qwen2DecoderLayer``; the annotation never named None, so
a fork's ``decoder_layer_type=None`` ("upstream's layer") worked only through that line, and the new body
calls the None.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

QWEN = "vllm/model_executor/models/qwen2.py"
CARRY = "vllm/aeon/backbone.py"
SUBJECT = "[Cleanup] Remove redundant `decoder_layer_type` assignment in `Qwen2` (#31760)"
QWEN_BASE = """from torch import nn


class Qwen2DecoderLayer(nn.Module):
    def __init__(self, prefix: str = "") -> None:
        super().__init__()


class Qwen2Model(nn.Module):
    def __init__(self, *, prefix: str = "", decoder_layer_type: type[nn.Module] = Qwen2DecoderLayer) -> None:
        super().__init__()
        decoder_layer_type = decoder_layer_type or Qwen2DecoderLayer
        self.layers = [decoder_layer_type(prefix=f"{prefix}.{i}") for i in range(2)]
"""
FALLBACK = "        decoder_layer_type = decoder_layer_type or Qwen2DecoderLayer\n"
QWEN_31760 = QWEN_BASE.replace(FALLBACK, "")
CALL = "return Qwen2Model(prefix=prefix, decoder_layer_type=None)"
FORK = (
    "from vllm.model_executor.models.qwen2 import Qwen2DecoderLayer, Qwen2Model\n\n\n"
    "def aeon_backbone(prefix: str):\n"
    "    {line}  # AEON: upstream's decoder layer\n"
)


def drift_rows(repo: GitRepo, config: Path, line: str, base: str = QWEN_BASE, upstream: str = QWEN_31760) -> list:
    sides = s.merge_case(repo, {QWEN: base}, {CARRY: FORK.format(line=line)}, [(SUBJECT, {QWEN: upstream})])
    return [(row[1], row[3]) for row in s.rule_rows(repo, config, sides, DRIFT) if row[0] == CARRY]


def test_none_for_a_parameter_whose_fallback_upstream_dropped(git_repo: GitRepo, no_rules: Path) -> None:
    [(line, message)] = drift_rows(git_repo, no_rules, CALL)
    assert line == 5
    assert "passes None for decoder_layer_type, which the old body replaced by a default" in message
    assert "uses the None as a value" in message


@pytest.mark.parametrize(
    "fallback",
    [
        "        if decoder_layer_type is None:\n            decoder_layer_type = Qwen2DecoderLayer\n",
        "        decoder_layer_type = Qwen2DecoderLayer if not decoder_layer_type else decoder_layer_type\n",
    ],
    ids=["is-none", "if-not"],
)
def test_other_spellings_of_the_dropped_fallback(git_repo: GitRepo, no_rules: Path, fallback: str) -> None:
    base = QWEN_BASE.replace(FALLBACK, fallback)
    [(line, _)] = drift_rows(git_repo, no_rules, CALL, base, QWEN_31760)
    assert line == 5


def test_an_unannotated_parameter_whose_fallback_upstream_dropped(git_repo: GitRepo, no_rules: Path) -> None:
    bare = QWEN_BASE.replace(
        "decoder_layer_type: type[nn.Module] = Qwen2DecoderLayer", "decoder_layer_type=Qwen2DecoderLayer"
    )
    [(line, message)] = drift_rows(git_repo, no_rules, CALL, bare, bare.replace(FALLBACK, ""))
    assert line == 5 and message.endswith("the body now uses the None as a value")


def test_an_unannotated_parameter_the_new_body_still_tests_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    bare = QWEN_BASE.replace("decoder_layer_type: type[nn.Module] = Qwen2DecoderLayer", "decoder_layer_type=None")
    still = bare.replace(
        FALLBACK,
        "        decoder_layer_type = Qwen2DecoderLayer if decoder_layer_type is None else decoder_layer_type\n",
    )
    assert drift_rows(git_repo, no_rules, CALL, bare, still) == []


def test_a_super_init_passing_none(git_repo: GitRepo, no_rules: Path) -> None:
    fork = (
        "from vllm.model_executor.models.qwen2 import Qwen2Model\n\n\n"
        "class AeonModel(Qwen2Model):\n"
        '    def __init__(self, *, prefix: str = "") -> None:\n'
        "        super().__init__(prefix=prefix, decoder_layer_type=None)  # AEON\n"
    )
    sides = s.merge_case(git_repo, {QWEN: QWEN_BASE}, {CARRY: fork}, [(SUBJECT, {QWEN: QWEN_31760})])
    rows = [row for row in s.rule_rows(git_repo, no_rules, sides, DRIFT) if row[0] == CARRY]
    assert [row[1] for row in rows] == [6]


QUIET = {
    "a class passed": (CALL.replace("=None", "=Qwen2DecoderLayer"), QWEN_31760),
    "the default left": ("return Qwen2Model(prefix=prefix)", QWEN_31760),
    "the new body still falls back": (
        CALL,
        QWEN_31760.replace("[decoder_layer_type(", "[(decoder_layer_type or Qwen2DecoderLayer)("),
    ),
    "the new body hands it on": (
        CALL,
        QWEN_31760.replace(
            "        self.layers = [decoder_layer_type(",
            "        self.layer_type = _resolve(decoder_layer_type)\n        self.layers = [self.layer_type(",
        )
        + "\n\ndef _resolve(t):\n    return t or Qwen2DecoderLayer\n",
    ),
    "the new body only stores it": (
        CALL,
        QWEN_31760.replace(
            '        self.layers = [decoder_layer_type(prefix=f"{prefix}.{i}") for i in range(2)]\n',
            "        self.layer_type, self.prefix = decoder_layer_type, prefix\n",
        ),
    ),
    "upstream left the fallback": (CALL, QWEN_BASE.replace("for i in range(2)", "for i in range(3)")),
}


@pytest.mark.parametrize(("line", "upstream"), QUIET.values(), ids=QUIET.keys())
def test_fallback_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, line: str, upstream: str) -> None:
    assert drift_rows(git_repo, no_rules, line, QWEN_BASE, upstream) == []


def test_a_new_body_refusing_the_none_is_refused_argument_drift_not_a_dropped_fallback(
    git_repo: GitRepo, no_rules: Path
) -> None:
    """Upstream's new body tests the None and raises: no silent fallback is lost (this check stays quiet), but the
    fork's ``decoder_layer_type=None`` now fails where it ran -- refused argument drift's catch since a class build
    reaches its ``__init__``'s guards (killers180, #47295)."""
    upstream = QWEN_31760.replace(
        "        self.layers",
        "        if decoder_layer_type is None:\n            raise ValueError\n        self.layers",
    )
    [(_, message)] = drift_rows(git_repo, no_rules, CALL, QWEN_BASE, upstream)
    assert "`if decoder_layer_type is None` raises" in message
    assert "which the old body replaced by a default" not in message


def test_an_old_body_that_never_fell_back_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Near miss: the None was called before the merge too; upstream changed something else of the body."""
    base = QWEN_31760
    upstream = base.replace("for i in range(2)", "for i in range(3)")
    assert drift_rows(git_repo, no_rules, CALL, base, upstream) == []
