"""Parameter callback drift (drift/param_callbacks.py): #48287 made ``_fused_marlin_moe`` call its
``activation_func`` parameter with ``topk_ids=`` and ``expert_map=`` as well, and ``fused_marlin_moe`` hands its
own ``activation_func`` on to it; a fork's ``fused_marlin_moe(..., activation_func=aeon_act)`` whose ``aeon_act``
takes neither keyword merges cleanly and raises ``TypeError`` on the first MoE layer."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

UPSTREAM = "vllm/model_executor/layers/fused_moe/experts/marlin_moe.py"
BASE = """def apply_moe_activation(activation, output, input, *, clamp_limit=None):
    return output


def _fused_marlin_moe(hidden_states, activation_func=apply_moe_activation, expert_map=None, topk_ids=None):
    cache = hidden_states
    activation_func("silu", cache, hidden_states, clamp_limit=None)
    return cache


def fused_marlin_moe(hidden_states, topk_ids, activation_func=apply_moe_activation, moe_sum=None, expert_map=None):
    out = _fused_marlin_moe(hidden_states, activation_func=activation_func, expert_map=expert_map)
    if moe_sum is not None:
        moe_sum(out, hidden_states)
    return out
"""
KEYWORDS = BASE.replace(
    'activation_func("silu", cache, hidden_states, clamp_limit=None)',
    'activation_func("silu", cache, hidden_states, clamp_limit=None, topk_ids=topk_ids, expert_map=expert_map)',
).replace("expert_map=expert_map)\n    if", "expert_map=expert_map, topk_ids=topk_ids)\n    if")
POSITIONALS = BASE.replace("moe_sum(out, hidden_states)", "moe_sum(out, hidden_states, topk_ids, expert_map)")
SUBJECT = "add pad-aware swiglu limit kernel (#48287)"
FORK = "vllm/aeon/marlin.py"
HEAD = "from vllm.model_executor.layers.fused_moe.experts.marlin_moe import fused_marlin_moe\n\n\n"


def _rows(git_repo: GitRepo, no_rules: Path, fork: str, upstream: str = KEYWORDS) -> list[tuple[int, str, str]]:
    sides = s.merge_case(git_repo, {UPSTREAM: BASE}, {FORK: HEAD + fork}, [(SUBJECT, {UPSTREAM: upstream})])
    return [
        (line, sev, msg)
        for path, line, sev, msg in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
        if path == FORK
    ]


def test_a_callback_without_the_new_keywords_is_an_error_on_its_def(git_repo: GitRepo, no_rules: Path) -> None:
    """The keywords reach the callable through a second function of upstream's file the first hands it to."""
    fork = (
        "def aeon_act(activation, output, input, *, clamp_limit=None):\n    return output\n\n\n"
        "def aeon_moe(x, ids):\n    return fused_marlin_moe(x, ids, activation_func=aeon_act)\n"
    )
    [(line, severity, message)] = _rows(git_repo, no_rules, fork)
    assert (line, severity) == (4, "error")
    assert "handed to fused_marlin_moe() as activation_func" in message
    assert "calls activation_func with expert_map=, topk_ids=" in message
    assert "takes no expert_map, topk_ids and no **kwargs" in message


def test_a_lambda_without_the_new_keywords_is_an_error_on_the_call(git_repo: GitRepo, no_rules: Path) -> None:
    fork = "def aeon_moe(x, ids):\n    return fused_marlin_moe(x, ids, activation_func=lambda a, o, i, clamp_limit=None: o)\n"
    assert [(r[0], r[1]) for r in _rows(git_repo, no_rules, fork)] == [(5, "error")]


def test_a_callback_given_fewer_positionals_than_upstream_now_passes_is_an_error(
    git_repo: GitRepo, no_rules: Path
) -> None:
    """#48385: ``moe_sum(out, hidden_states)`` became ``moe_sum(out, hidden_states, topk_ids, expert_map)``."""
    fork = (
        "def aeon_sum(out, hidden):\n    out.add_(hidden)\n\n\n"
        "def aeon_moe(x, ids):\n    return fused_marlin_moe(x, ids, moe_sum=aeon_sum)\n"
    )
    [(line, severity, message)] = _rows(git_repo, no_rules, fork, POSITIONALS)
    assert (line, severity) == (4, "error")
    assert "with 4 positional argument(s), not 2" in message


@pytest.mark.parametrize(
    "fork",
    [
        # the new keywords taken, by name or by **kwargs
        "def aeon_act(activation, output, input, *, clamp_limit=None, topk_ids=None, expert_map=None):\n    return output\n",
        "def aeon_act(activation, output, input, **kwargs):\n    return output\n",
        # not a callback of the parameter: the base's keyword was refused too
        "def aeon_act(activation, output, input):\n    return output\n",
    ],
    ids=["takes them", "**kwargs", "never fit"],
)
def test_a_callback_taking_the_new_calls_is_quiet(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    fork += "\n\ndef aeon_moe(x, ids):\n    return fused_marlin_moe(x, ids, activation_func=aeon_act)\n"
    assert _rows(git_repo, no_rules, fork) == []


def test_a_longer_call_in_the_else_of_a_none_test_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """#48385's shape: ``if moe_sum is None: ... else: return moe_sum(out, hidden, topk_ids, expert_map)`` runs
    whenever the fork hands a callable."""
    upstream = BASE.replace(
        "    if moe_sum is not None:\n        moe_sum(out, hidden_states)\n",
        "    if moe_sum is None:\n        return out\n    else:\n        moe_sum(out, hidden_states, topk_ids, expert_map)\n",
    )
    fork = (
        "def aeon_sum(out, hidden):\n    out.add_(hidden)\n\n\n"
        "def aeon_moe(x, ids):\n    return fused_marlin_moe(x, ids, moe_sum=aeon_sum)\n"
    )
    assert [(r[0], r[1]) for r in _rows(git_repo, no_rules, fork, upstream)] == [(4, "error")]


def test_a_parameter_whose_calls_did_not_grow_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """``moe_sum`` is called as before when only the activation's keywords grew."""
    fork = (
        "def aeon_sum(out, hidden):\n    out.add_(hidden)\n\n\n"
        "def aeon_moe(x, ids):\n    return fused_marlin_moe(x, ids, moe_sum=aeon_sum)\n"
    )
    assert _rows(git_repo, no_rules, fork) == []


def test_the_forks_own_function_of_the_name_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    fork = (
        "def aeon_act(activation, output, input, *, clamp_limit=None):\n    return output\n\n\n"
        "def fused_marlin_moe(x, ids, activation_func=None):\n    return activation_func('silu', x, x)\n\n\n"
        "def aeon_moe(x, ids):\n    return fused_marlin_moe(x, ids, activation_func=aeon_act)\n"
    )
    sides = s.merge_case(git_repo, {UPSTREAM: BASE}, {FORK: fork}, [(SUBJECT, {UPSTREAM: KEYWORDS})])
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == FORK] == []


def test_a_new_call_only_under_an_if_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    upstream = BASE.replace(
        '    activation_func("silu", cache, hidden_states, clamp_limit=None)\n',
        "    if expert_map is not None:\n"
        '        activation_func("silu", cache, hidden_states, clamp_limit=None, expert_map=expert_map)\n'
        "    else:\n"
        '        activation_func("silu", cache, hidden_states, clamp_limit=None)\n',
    )
    fork = (
        "def aeon_act(activation, output, input, *, clamp_limit=None):\n    return output\n\n\n"
        "def aeon_moe(x, ids):\n    return fused_marlin_moe(x, ids, activation_func=aeon_act)\n"
    )
    assert [(r[0], r[1]) for r in _rows(git_repo, no_rules, fork, upstream)] == [(4, "warning")]


def test_a_spread_call_of_the_parameter_is_left_alone(git_repo: GitRepo, no_rules: Path) -> None:
    """``activation_func(*args, **kwargs)`` at upstream: what it passes is not read here."""
    upstream = BASE.replace(
        'activation_func("silu", cache, hidden_states, clamp_limit=None)',
        'activation_func("silu", cache, hidden_states, **{"clamp_limit": None, "topk_ids": topk_ids})',
    )
    fork = (
        "def aeon_act(activation, output, input, *, clamp_limit=None):\n    return output\n\n\n"
        "def aeon_moe(x, ids):\n    return fused_marlin_moe(x, ids, activation_func=aeon_act)\n"
    )
    assert _rows(git_repo, no_rules, fork, upstream) == []


@pytest.mark.parametrize(
    ("method", "expected"),
    [
        (
            "    def _aeon_act(self, activation, output, input, *, clamp_limit=None):\n        return output\n",
            [(5, "error")],
        ),
        ("    def _aeon_act(self, activation, output, input, **kwargs):\n        return output\n", []),
        (
            "    @staticmethod\n    def _aeon_act(activation, output, input, *, clamp_limit=None):\n        return output\n",
            [],
        ),
    ],
    ids=["bound method", "**kwargs", "staticmethod not read"],
)
def test_a_method_of_the_forks_class_handed_as_the_callback(
    git_repo: GitRepo, no_rules: Path, method: str, expected: list[tuple[int, str]]
) -> None:
    """``activation_func=self._aeon_act``: the method's parameters after ``self`` are what the call binds."""
    fork = "class AeonMoE:\n" + method + "\n    def run(self, x, ids):\n"
    fork += "        return fused_marlin_moe(x, ids, activation_func=self._aeon_act)\n"
    assert [(r[0], r[1]) for r in _rows(git_repo, no_rules, fork)] == expected


def test_a_parameter_upstream_rebinds_before_the_new_call_is_left_alone(git_repo: GitRepo, no_rules: Path) -> None:
    """``activation_func = _adapt(activation_func)``: the new keywords may reach upstream's adapter, not the fork's."""
    upstream = KEYWORDS.replace(
        "    cache = hidden_states\n", "    cache = hidden_states\n    activation_func = _adapt(activation_func)\n"
    )
    fork = (
        "def aeon_act(activation, output, input, *, clamp_limit=None):\n    return output\n\n\n"
        "def aeon_moe(x, ids):\n    return fused_marlin_moe(x, ids, activation_func=aeon_act)\n"
    )
    assert _rows(git_repo, no_rules, fork, upstream) == []


NARROW = "def aeon_act(activation, output, input, *, clamp_limit=None):\n    return output\n\n\n"


@pytest.mark.parametrize(
    "call",
    [
        # a method of the name on the fork's own backend object: not upstream's function
        "backend.fused_marlin_moe(x, ids, activation_func=aeon_act)",
        "self.fused_marlin_moe(x, ids, activation_func=aeon_act)",
    ],
)
def test_a_method_of_the_name_on_another_receiver_is_quiet(git_repo: GitRepo, no_rules: Path, call: str) -> None:
    fork = NARROW + f"def aeon_moe(self, backend, x, ids):\n    return {call}\n"
    assert _rows(git_repo, no_rules, fork) == []


@pytest.mark.parametrize(
    "body",
    [
        # the narrow callable's TypeError is caught, and upstream's own activation runs instead
        "    try:\n        return fused_marlin_moe(x, ids, activation_func=aeon_act)\n"
        "    except TypeError:\n        return fused_marlin_moe(x, ids)\n",
        "    try:\n        return fused_marlin_moe(x, ids, activation_func=aeon_act)\n"
        "    except (RuntimeError, Exception):\n        return fused_marlin_moe(x, ids)\n",
        # a path kept for an older release
        "    if VERSION < (0, 21):\n        return fused_marlin_moe(x, ids, activation_func=aeon_act)\n"
        "    return fused_marlin_moe(x, ids)\n",
    ],
)
def test_a_call_the_fork_falls_back_from_or_keeps_for_an_older_release_is_quiet(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    fork = "VERSION = (0, 20)\n\n\n" + NARROW + "def aeon_moe(x, ids):\n" + body
    assert _rows(git_repo, no_rules, fork) == []


def test_a_bare_call_beside_a_look_alike_and_a_try_catching_another_error_stays_an_error(
    git_repo: GitRepo, no_rules: Path
) -> None:
    fork = NARROW + (
        "def aeon_moe(backend, x, ids):\n"
        "    backend.fused_marlin_moe(x, ids, activation_func=aeon_act)\n"
        "    try:\n        return fused_marlin_moe(x, ids, activation_func=aeon_act)\n"
        "    except ValueError:\n        return None\n"
    )
    assert [(r[0], r[1]) for r in _rows(git_repo, no_rules, fork)] == [(4, "error")]


@pytest.mark.parametrize(
    ("method", "expected"),
    [
        (
            "    @staticmethod\n    def act(activation, output, input, *, clamp_limit=None):\n        return output\n",
            [(6, "error")],
        ),
        (
            "    @classmethod\n    def act(cls, activation, output, input, *, clamp_limit=None):\n        return output\n",
            [(6, "error")],
        ),
        # twins: it takes the new keywords, or a plain method's first parameter takes the first argument
        ("    @staticmethod\n    def act(activation, output, input, **kwargs):\n        return output\n", []),
        ("    @classmethod\n    def act(cls, activation, output, input, **kwargs):\n        return output\n", []),
        ("    def act(self, activation, output, input, *, clamp_limit=None):\n        return output\n", []),
    ],
    ids=["staticmethod", "classmethod", "staticmethod **kwargs", "classmethod **kwargs", "plain method not read"],
)
def test_a_static_or_class_method_of_the_forks_class_handed_by_its_class(
    git_repo: GitRepo, no_rules: Path, method: str, expected: list[tuple[int, str]]
) -> None:
    """``activation_func=AeonMoE.act``: a staticmethod's parameters are what the call binds, a classmethod's
    after ``cls``; the error lands on the def."""
    fork = (
        "class AeonMoE:\n"
        + method
        + "\n\ndef run(x, ids):\n    return fused_marlin_moe(x, ids, activation_func=AeonMoE.act)\n"
    )
    assert [(r[0], r[1]) for r in _rows(git_repo, no_rules, fork)] == expected


@pytest.mark.parametrize(
    ("decorator", "expected"),
    [
        # a decorator of the fork's own may wrap the class's methods (to take any keyword): not read (review60)
        ("def tolerant_methods(cls):\n    return cls\n\n\n@tolerant_methods\n", []),
        # a dataclass leaves its static methods as written
        ("import dataclasses\n\n\n@dataclasses.dataclass\n", [(10, "error")]),
    ],
    ids=["the fork's decorator", "dataclass"],
)
def test_a_static_method_of_a_decorated_class(
    git_repo: GitRepo, no_rules: Path, decorator: str, expected: list[tuple[int, str]]
) -> None:
    fork = (
        decorator + "class AeonMoE:\n    @staticmethod\n    def act(activation, output, input, *, clamp_limit=None):\n"
        "        return output\n\n\ndef run(x, ids):\n    return fused_marlin_moe(x, ids, activation_func=AeonMoE.act)\n"
    )
    assert [(r[0], r[1]) for r in _rows(git_repo, no_rules, fork)] == expected
