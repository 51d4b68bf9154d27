"""Handed keys through a built dict: upstream's caller hands a method its keywords as ``**name``, a dict the
calling function builds, and upstream added a key to it; a fork override naming each keyword without
``**kwargs`` raises TypeError (benchmarks/blind_replay_fmlayer2.py).

Shaped like #26135 (f95da13c3d): ``FusedMoE.__init__`` builds ``moe_quant_params = {"num_experts": ..., ...}``
and calls ``self.quant_method.create_weights(layer=self, **moe_quant_params)``; upstream added
``"global_num_experts": ...``.  ``create_weights`` is every quant method's name, so the call counts only through
a holder annotated as the base's class or one of its bases (here a local ``quant_method: MethodBase | None``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

LAYER = "vllm/layer.py"
OTHER = "vllm/linear.py"
FORK = "vllm/aeon_method.py"
SUBJECT = "[ModelOpt] Load w13/w2_input_scale for all experts, nvfp4 (#26135)"

BASE = """class MethodBase:
    def create_weights(self, layer, num_experts: int, hidden_size: int, **extra_weight_attrs):
        raise NotImplementedError


class PlainMethod(MethodBase):
    def create_weights(self, layer, num_experts: int, hidden_size: int, **extra_weight_attrs):
        pass


class Layer:
    def __init__(self, num_experts: int, hidden_size: int, quant_method=None) -> None:
        method: MethodBase | None = quant_method
        if method is None:
            method = PlainMethod()
        self.quant_method = method
        params = {
            "num_experts": num_experts,
            "hidden_size": hidden_size,
        }
        self.quant_method.create_weights(layer=self, **params)
"""
NEW_KEY = '            "hidden_size": hidden_size,\n'
UPSTREAM = BASE.replace(NEW_KEY, NEW_KEY + '            "global_num_experts": num_experts,\n')
OTHER_TEXT = """class LinearBase:
    def create_weights(self, layer, num_experts: int, hidden_size: int, **extra_weight_attrs):
        pass
"""


def _fork(signature: str, base: str = "MethodBase", home: str = "vllm.layer") -> str:
    return (
        f"from {home} import {base}\n\n\n"
        f"class AeonMethod({base}):\n"
        "    # AEON: the NVFP4 experts take one loader\n"
        f"    def create_weights{signature}:\n"
        "        pass\n"
    )


def _rows(git_repo: GitRepo, no_rules: Path, fork: str, upstream: str = UPSTREAM, base: str = BASE) -> list:
    sides = s.merge_case(git_repo, {LAYER: base, OTHER: OTHER_TEXT}, {FORK: fork}, [(SUBJECT, {LAYER: upstream})])
    return [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == FORK]


MINE = "(self, layer, num_experts: int, hidden_size: int)"


def test_a_key_added_to_the_spread_dict_literal(git_repo: GitRepo, no_rules: Path) -> None:
    [(_, line, severity, message)] = _rows(git_repo, no_rules, _fork(MINE))
    assert (line, severity) == (6, "error")
    assert "now hands it global_num_experts=" in message and "vllm/layer.py:22" in message


def test_a_key_stored_into_a_dict_call_before_the_spread(git_repo: GitRepo, no_rules: Path) -> None:
    """``params = dict(...)`` then ``params["k"] = v`` beside it; the holder annotated at class level."""
    base = BASE.replace(
        '        params = {\n            "num_experts": num_experts,\n            "hidden_size": hidden_size,\n        }\n',
        "        params = dict(num_experts=num_experts, hidden_size=hidden_size)\n",
    ).replace("class Layer:\n", "class Layer:\n    quant_method: MethodBase\n\n")
    upstream = base.replace(
        "        self.quant_method.create_weights(",
        '        params["global_num_experts"] = num_experts\n        self.quant_method.create_weights(',
    )
    [(_, line, severity, message)] = _rows(git_repo, no_rules, _fork(MINE), upstream, base)
    assert (line, severity) == (6, "error")
    assert "global_num_experts=" in message


def test_a_holder_given_by_a_parameter_and_a_subclass_of_the_base(git_repo: GitRepo, no_rules: Path) -> None:
    """``self.quant_method = quant_method`` off an annotated parameter; the fork derives from a subclass."""
    base = BASE.replace("quant_method=None) -> None:", "quant_method: MethodBase) -> None:").replace(
        "        method: MethodBase | None = quant_method\n        if method is None:\n"
        "            method = PlainMethod()\n        self.quant_method = method\n",
        "        self.quant_method = quant_method\n",
    )
    upstream = base.replace(NEW_KEY, NEW_KEY + '            "global_num_experts": num_experts,\n')
    [(_, _, severity, _)] = _rows(git_repo, no_rules, _fork(MINE, "PlainMethod"), upstream, base)
    assert severity == "error"


def test_a_key_added_to_a_dict_written_in_the_call(git_repo: GitRepo, no_rules: Path) -> None:
    """``create_weights(layer=self, **{"num_experts": n, ...})``: the literal spread in the call itself."""
    base = BASE.replace(
        "        self.quant_method.create_weights(layer=self, **params)\n",
        '        self.quant_method.create_weights(layer=self, **{"num_experts": num_experts, "hidden_size": 1})\n',
    )
    upstream = base.replace('"hidden_size": 1})', '"hidden_size": 1, "global_num_experts": num_experts})')
    [(_, line, severity, _)] = _rows(git_repo, no_rules, _fork(MINE), upstream, base)
    assert (line, severity) == (6, "error")


@pytest.mark.parametrize(
    "signature",
    [
        "(self, layer, num_experts: int, hidden_size: int, global_num_experts: int = 0)",
        "(self, layer, num_experts: int, hidden_size: int, **extra_weight_attrs)",
    ],
    ids=["named", "kwargs"],
)
def test_twin_an_override_that_takes_the_key(git_repo: GitRepo, no_rules: Path, signature: str) -> None:
    assert _rows(git_repo, no_rules, _fork(signature)) == []


def test_twin_a_key_stored_only_under_a_test(git_repo: GitRepo, no_rules: Path) -> None:
    """``if "global_num_experts" in inspect.signature(...).parameters: params[...] = ...``: not always handed."""
    upstream = BASE.replace(
        "        self.quant_method.create_weights(",
        "        if hasattr(self.quant_method, 'wants_global'):\n"
        '            params["global_num_experts"] = num_experts\n'
        "        self.quant_method.create_weights(",
    )
    assert _rows(git_repo, no_rules, _fork(MINE), upstream) == []


def test_twin_a_dict_updated_elsewhere(git_repo: GitRepo, no_rules: Path) -> None:
    """``params.update(extra)``: what the dict holds is not shown, so the spread is not read."""
    base = BASE.replace(
        "        self.quant_method.create_weights(",
        "        params.update({})\n        self.quant_method.create_weights(",
    )
    upstream = base.replace(NEW_KEY, NEW_KEY + '            "global_num_experts": num_experts,\n')
    assert _rows(git_repo, no_rules, _fork(MINE), upstream, base) == []


def test_twin_another_family_of_the_name(git_repo: GitRepo, no_rules: Path) -> None:
    """The fork's namesake on a class the holder never holds (a linear method): the call cannot reach it."""
    assert _rows(git_repo, no_rules, _fork(MINE, "LinearBase", "vllm.linear")) == []


def test_twin_a_key_the_dict_held_already(git_repo: GitRepo, no_rules: Path) -> None:
    """Upstream reorders the literal, adds no key: nothing new is handed."""
    upstream = BASE.replace(
        '            "num_experts": num_experts,\n            "hidden_size": hidden_size,\n',
        '            "hidden_size": hidden_size,\n            "num_experts": num_experts,\n',
    )
    assert _rows(git_repo, no_rules, _fork(MINE), upstream) == []


def test_twin_a_key_stored_after_the_spread(git_repo: GitRepo, no_rules: Path) -> None:
    """readE: ``params["k"] = v`` after the call: the call never handed it (it was counted, a false error)."""
    upstream = BASE + '        params["global_num_experts"] = num_experts\n'
    assert _rows(git_repo, no_rules, _fork(MINE), upstream) == []


def test_twin_an_annotated_local_of_a_nested_def(git_repo: GitRepo, no_rules: Path) -> None:
    """``method: MethodBase`` binds in a nested def's own scope: the outer ``method`` it never types is what
    ``self.quant_method`` holds (mend69)."""
    base = BASE.replace(
        "        method: MethodBase | None = quant_method\n        if method is None:\n"
        "            method = PlainMethod()\n",
        "        def fallback():\n            method: MethodBase = PlainMethod()\n            return method\n\n"
        "        method = quant_method if quant_method is not None else fallback()\n",
    )
    upstream = base.replace(NEW_KEY, NEW_KEY + '            "global_num_experts": num_experts,\n')
    assert [r[2] for r in _rows(git_repo, no_rules, _fork(MINE), upstream, base)] in ([], ["warning"])


def test_a_key_added_to_an_annotated_dict_binding(git_repo: GitRepo, no_rules: Path) -> None:
    """``params: dict[str, Any] = {...}``, as upstream's ``routed_experts.py`` binds it now (mend69)."""
    base = BASE.replace("        params = {\n", "        params: dict[str, int] = {\n")
    upstream = base.replace(NEW_KEY, NEW_KEY + '            "global_num_experts": num_experts,\n')
    [(_, line, severity, message)] = _rows(git_repo, no_rules, _fork(MINE), upstream, base)
    assert (line, severity) == (6, "error")
    assert "global_num_experts=" in message and "#26135" in message


def test_the_message_names_the_commit_of_a_dict_key(git_repo: GitRepo, no_rules: Path) -> None:
    """The added line spells ``"global_num_experts": ...``, not ``global_num_experts=``: the commit is found."""
    [(_, _, _, message)] = _rows(git_repo, no_rules, _fork(MINE))
    assert "#26135" in message
