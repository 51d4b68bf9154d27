"""Overrides reached through a dispatcher: a base method ``forward(self, *args, **kwargs)`` that only hands
everything on (``return self._forward_method(*args, **kwargs)``, the platform's ``forward_cuda`` picked at
build) makes a call of ``self.forward(...)`` a call of ``forward_cuda`` (benchmarks/blind_replay_fmlayer2.py).

Shaped like #12583 (781096e385): ``UnquantizedFusedMoEMethod.forward_cuda`` gained ``global_num_experts`` and
``expert_map``, and ``apply`` now calls ``self.forward(..., global_num_experts=..., expert_map=...)``; a fork
method overriding ``forward_cuda`` with the old parameter list raises TypeError on every MoE forward.  Before,
no call of ``.forward_cuda(`` passed them, so the finding was only a warning.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

OP = "vllm/custom_op.py"
OP_TEXT = """class CustomOp:
    def __init__(self) -> None:
        self._forward_method = self.forward_native

    def forward(self, *args, **kwargs):
        return self._forward_method(*args, **kwargs)

    def forward_native(self, *args, **kwargs):
        raise NotImplementedError
"""
LAYER = "vllm/moe.py"
BASE = """from vllm.custom_op import CustomOp


class MoEMethod(CustomOp):
    def apply(self, layer, x, top_k: int):
        return self.forward(layer=layer, x=x, top_k=top_k)

    def forward_cuda(self, layer, x, top_k: int):
        return x

    def forward_native(self, layer, x, top_k: int):
        return x
"""
UPSTREAM = (
    BASE.replace("top_k=top_k)", "top_k=top_k, expert_map=None)")
    .replace(
        "def forward_cuda(self, layer, x, top_k: int):",
        "def forward_cuda(self, layer, x, top_k: int, expert_map=None):",
    )
    .replace(
        "def forward_native(self, layer, x, top_k: int):",
        "def forward_native(self, layer, x, top_k: int, expert_map=None):",
    )
)
FORK = "vllm/aeon_moe.py"
SUBJECT = "Expert Parallelism (EP) Support for DeepSeek V2 (#12583)"


def _fork(signature: str, method: str = "forward_cuda", body: str = "return x") -> str:
    return (
        "from vllm.moe import MoEMethod\n\n\n"
        "class AeonMethod(MoEMethod):\n"
        "    # AEON: the Spark's own kernel\n"
        f"    def {method}{signature}:\n"
        f"        {body}\n"
    )


def _rows(git_repo: GitRepo, no_rules: Path, fork: str, upstream: str = UPSTREAM, op: str = OP_TEXT) -> list:
    sides = s.merge_case(git_repo, {OP: op, LAYER: BASE}, {FORK: fork}, [(SUBJECT, {LAYER: upstream})])
    return [r[1:3] for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == FORK]


OLD = "(self, layer, x, top_k: int)"


@pytest.mark.parametrize("method", ["forward_cuda", "forward_native"])
def test_an_override_the_dispatcher_hands_a_new_keyword(git_repo: GitRepo, no_rules: Path, method: str) -> None:
    assert _rows(git_repo, no_rules, _fork(OLD, method)) == [(6, "error")]


def test_a_new_slot_the_dispatcher_fills_by_position(git_repo: GitRepo, no_rules: Path) -> None:
    upstream = UPSTREAM.replace(
        "self.forward(layer=layer, x=x, top_k=top_k, expert_map=None)", "self.forward(layer, x, top_k, None)"
    )
    assert _rows(git_repo, no_rules, _fork(OLD), upstream) == [(6, "error")]


@pytest.mark.parametrize(
    ("signature", "body"),
    [
        ("(self, layer, x, top_k: int, expert_map=None)", "return x"),
        ("(self, layer, x, top_k: int, **kwargs)", "return super().forward_cuda(layer, x, top_k, **kwargs)"),
    ],
    ids=["named", "kwargs-handed-on"],
)
def test_twin_an_override_that_takes_the_new_parameter(
    git_repo: GitRepo, no_rules: Path, signature: str, body: str
) -> None:
    assert _rows(git_repo, no_rules, _fork(signature, body=body)) == []


def test_an_override_dropping_it_in_kwargs(git_repo: GitRepo, no_rules: Path) -> None:
    """``**kwargs`` taken and never handed on: the dispatcher's ``expert_map`` is silently ignored."""
    assert _rows(git_repo, no_rules, _fork("(self, layer, x, top_k: int, **kwargs)")) == [(6, "error")]


def test_twin_no_call_hands_it(git_repo: GitRepo, no_rules: Path) -> None:
    """The parameter added, but ``apply`` still calls without it: a warning, as before."""
    upstream = UPSTREAM.replace("top_k=top_k, expert_map=None)", "top_k=top_k)")
    assert _rows(git_repo, no_rules, _fork(OLD), upstream) == [(6, "warning")]


def test_twin_a_forward_that_is_no_dispatcher(git_repo: GitRepo, no_rules: Path) -> None:
    """``forward`` does its own work with the keywords it names: a call of it is no call of ``forward_cuda``."""
    op = OP_TEXT.replace(
        "    def forward(self, *args, **kwargs):\n        return self._forward_method(*args, **kwargs)\n",
        "    def forward(self, *args, **kwargs):\n        return self.forward_native(*args[:1], **kwargs)\n",
    )
    assert _rows(git_repo, no_rules, _fork(OLD), op=op) == [(6, "warning")]


def test_twin_a_dispatch_call_in_another_class(git_repo: GitRepo, no_rules: Path) -> None:
    """``self.forward(..., expert_map=...)`` in a sibling class's method never runs on the fork's class."""
    upstream = UPSTREAM.replace("top_k=top_k, expert_map=None)", "top_k=top_k)") + (
        "\n\nclass Sibling(CustomOp):\n"
        "    def apply(self, layer, x, top_k: int):\n"
        "        return self.forward(layer=layer, x=x, top_k=top_k, expert_map=None)\n"
    )
    assert _rows(git_repo, no_rules, _fork(OLD), upstream) == [(6, "warning")]


# review97 (benchmarks/review97_twins.py): upstream's call of the dispatcher never runs on the fork's class


def _with(extra: str, fork_method: str = "forward_cuda") -> str:
    """The fork's old ``forward_cuda`` (line 6) and a method of its own after it."""
    return _fork(OLD, fork_method) + "\n" + extra


PICKED_OP = OP_TEXT.replace(
    "self._forward_method = self.forward_native",
    "self._forward_method = self.dispatch_forward()\n\n    def dispatch_forward(self):\n        return self.forward_native",
)


@pytest.mark.parametrize(
    "extra",
    [
        # the fork's apply calls its own forward_cuda with the old list: upstream's apply never runs
        "    def apply(self, layer, x, top_k: int, expert_map=None):\n"
        "        assert expert_map is None\n"
        "        return self.forward_cuda(layer, x, top_k)\n",
        # the fork's forward takes the dispatcher's call itself
        "    def forward(self, layer, x, top_k: int, expert_map=None):\n"
        "        return self.forward_cuda(layer, x, top_k)\n",
    ],
    ids=["own-apply", "own-forward"],
)
def test_twin_the_fork_overrides_the_caller_or_the_dispatcher(git_repo: GitRepo, no_rules: Path, extra: str) -> None:
    assert _rows(git_repo, no_rules, _with(extra)) == [(6, "warning")]


def test_an_own_apply_handing_on_to_super_still_dispatches(git_repo: GitRepo, no_rules: Path) -> None:
    extra = "    def apply(self, layer, x, top_k: int):\n        return super().apply(layer, x, top_k)\n"
    assert _rows(git_repo, no_rules, _with(extra)) == [(6, "error")]


def test_twin_the_fork_picks_its_own_method(git_repo: GitRepo, no_rules: Path) -> None:
    """The dispatcher calls ``self._forward_method``, stored from ``self.dispatch_forward()``; the fork's
    picker returns a method of its own: ``forward_cuda`` is only the fork's helper."""
    extra = "    def dispatch_forward(self):\n        return self.forward_native\n"
    assert _rows(git_repo, no_rules, _with(extra), op=PICKED_OP) == [(6, "warning")]


def test_a_fork_picker_returning_the_override_still_dispatches(git_repo: GitRepo, no_rules: Path) -> None:
    extra = "    def dispatch_forward(self):\n        return self.forward_cuda\n"
    assert _rows(git_repo, no_rules, _with(extra), op=PICKED_OP) == [(6, "error")]


@pytest.mark.parametrize(
    "handed",
    ["self.module(*args, **kwargs)", "self._impl.forward(*args, **kwargs)", "run(*args, **kwargs)"],
    ids=["held-module", "held-object-method", "module-function"],
)
def test_twin_a_wrapper_handing_everything_to_another_object(git_repo: GitRepo, no_rules: Path, handed: str) -> None:
    """``forward`` hands everything to another object, not to a method of its own class: a call of it never
    reaches the class's ``forward_cuda`` (mend69)."""
    op = OP_TEXT.replace("return self._forward_method(*args, **kwargs)", f"return {handed}")
    assert _rows(git_repo, no_rules, _fork(OLD), op=op) == [(6, "warning")]


def test_a_dispatcher_through_a_method_of_its_own_class(git_repo: GitRepo, no_rules: Path) -> None:
    """``return self.forward_native(*args, **kwargs)``: a method of the class order itself still dispatches."""
    op = OP_TEXT.replace("return self._forward_method(*args, **kwargs)", "return self.forward_native(*args, **kwargs)")
    assert _rows(git_repo, no_rules, _fork(OLD, "forward_native"), op=op) == [(6, "error")]
