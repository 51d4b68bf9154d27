"""Return drift through the fork's own wrapper: a helper that hands back one call's result whole.

#14568 (3e887d2e0c) made ``fused_topk`` return ``(weights, ids, token_expert_indices)`` instead of
``(weights, ids)``.  A fork helper ``def _aeon_topk(x, logits, k): return fused_topk(x, logits, k, True)`` hands
the tuple on, and the fork's ``_, ids = _aeon_topk(...)`` raises once upstream's tuple grew, though the line names
no upstream function.  Twins: a wrapper that builds its own tuple, indexes the call, has two callees, yields, or a
wrapper the fork defines with a return of its own beside the call.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.returns import RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

TOPK = "vllm/moe/fused_moe.py"
TOPK_BASE = """def fused_topk(hidden_states, gating_output, topk, renormalize):
    weights, ids = gating_output.topk(topk)
    return weights, ids
"""
TOPK_NEW = TOPK_BASE.replace("    return weights, ids\n", "    return weights, ids, ids.argsort()\n")
LAYER = "vllm/moe/layer.py"
LAYER_BASE = """from vllm.moe.fused_moe import fused_topk


def route(x, logits, k):
    weights, ids = fused_topk(x, logits, k, True)
    return ids
"""
LAYER_NEW = LAYER_BASE.replace("weights, ids = fused_topk", "weights, ids, _ = fused_topk")
GREW = "permute/unpermute kernel for moe optimization (#14568)"
FORK = "vllm/aeon/router.py"
HEAD = "from vllm.moe.fused_moe import fused_topk\n\n\n"


def errors(git_repo: GitRepo, no_rules: Path, fork: str) -> list[tuple[int, str]]:
    base = {TOPK: TOPK_BASE, LAYER: LAYER_BASE}
    sides = s.merge_case(git_repo, base, {FORK: HEAD + fork}, [(GREW, {TOPK: TOPK_NEW, LAYER: LAYER_NEW})])
    report = git_repo.audit(no_rules, merge=sides)
    return sorted((f.line - 3, f.severity.value) for f in report.findings if f.rule_id == RULE and f.path == FORK)


@pytest.mark.parametrize(
    "fork",
    [
        # a module function handing the call's tuple back
        "def _aeon_topk(x, logits, k):\n    return fused_topk(x, logits, k, True)\n\n\n"
        "def aeon_ids(x, logits, k):\n    _, ids = _aeon_topk(x, logits, k)\n    return ids\n",
        # a method of the class, called on self, with two returns of the same call
        "class AeonRouter:\n    def _topk(self, x, logits, k):\n        if k > 8:\n"
        "            return fused_topk(x, logits, 8, True)\n        return fused_topk(x, logits, k, True)\n\n"
        "    def forward(self, x, logits, k):\n        weights, ids = self._topk(x, logits, k)\n        return ids\n",
    ],
    ids=["module-function", "method-on-self"],
)
def test_an_unpack_of_a_wrapper_handing_back_the_call_is_an_error(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    line = next(i for i, t in enumerate(fork.splitlines(), 1) if "= _aeon_topk(" in t or "= self._topk(" in t)
    assert errors(git_repo, no_rules, fork) == [(line, "error")]


@pytest.mark.parametrize(
    "fork",
    [
        # the wrapper builds its own pair
        "def _aeon_topk(x, logits, k):\n    weights, ids, _ = fused_topk(x, logits, k, True)\n    return weights, ids\n\n\n"
        "def aeon_ids(x, logits, k):\n    _, ids = _aeon_topk(x, logits, k)\n    return ids\n",
        # the wrapper indexes the call
        "def _aeon_topk(x, logits, k):\n    return fused_topk(x, logits, k, True)[:2]\n\n\n"
        "def aeon_ids(x, logits, k):\n    _, ids = _aeon_topk(x, logits, k)\n    return ids\n",
        # a return of its own beside the call
        "def _aeon_topk(x, logits, k):\n    if k == 0:\n        return None, None\n"
        "    return fused_topk(x, logits, k, True)\n\n\n"
        "def aeon_ids(x, logits, k):\n    _, ids = _aeon_topk(x, logits, k)\n    return ids\n",
        # two callees
        "def _aeon_topk(x, logits, k):\n    if k == 0:\n        return logits.topk(1)\n"
        "    return fused_topk(x, logits, k, True)\n\n\n"
        "def aeon_ids(x, logits, k):\n    _, ids = _aeon_topk(x, logits, k)\n    return ids\n",
        # the unpack takes three already
        "def _aeon_topk(x, logits, k):\n    return fused_topk(x, logits, k, True)\n\n\n"
        "def aeon_ids(x, logits, k):\n    _, ids, _ = _aeon_topk(x, logits, k)\n    return ids\n",
    ],
    ids=["own-pair", "indexed", "own-return-beside", "two-callees", "three-names"],
)
def test_wrappers_that_do_not_hand_the_tuple_on_stay_quiet(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    assert [e for e in errors(git_repo, no_rules, fork) if e[1] == "error"] == []


WRAPPER = "def _aeon_topk(x, logits, k):\n    return fused_topk(x, logits, k, True)\n\n\n"


@pytest.mark.parametrize(
    "fork",
    [
        # a nested helper of the wrapper's name, in the function holding the unpack, is the one called
        WRAPPER + "def aeon_ids(x, logits, k):\n    def _aeon_topk(x, logits, k):\n        return logits.topk(k)\n\n"
        "    _, ids = _aeon_topk(x, logits, k)\n    return ids\n",
        # a parameter of the name: the caller hands the callable in
        WRAPPER
        + "def aeon_ids(x, logits, k, _aeon_topk=None):\n    _, ids = _aeon_topk(x, logits, k)\n    return ids\n",
        # the module rebinds the name to the fork's pair shim under a version probe
        WRAPPER
        + "def _aeon_pair(x, logits, k):\n    out = fused_topk(x, logits, k, True)\n    return out[0], out[1]\n\n\n"
        "if len(fused_topk.__defaults__ or ()) > 0:\n    _aeon_topk = _aeon_pair\n\n\n"
        "def aeon_ids(x, logits, k):\n    _, ids = _aeon_topk(x, logits, k)\n    return ids\n",
        # the class sets a callable of the method's name on the instance
        "class AeonRouter:\n    def __init__(self, eager):\n        if eager:\n"
        "            self._topk = lambda x, logits, k: logits.topk(k)\n\n"
        "    def _topk(self, x, logits, k):\n        return fused_topk(x, logits, k, True)\n\n"
        "    def forward(self, x, logits, k):\n        weights, ids = self._topk(x, logits, k)\n        return ids\n",
    ],
    ids=["nested-namesake", "parameter", "module-rebinds", "instance-callable"],
)
def test_a_wrapper_the_call_may_not_reach_stays_quiet(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    """The name the unpack calls is bound again where the call resolves it: the def read may not be what runs."""
    assert [e for e in errors(git_repo, no_rules, fork) if e[1] == "error"] == []


@pytest.mark.parametrize(
    ("decorator", "expected"),
    [
        ("@_aeon_first_two\n", []),  # the fork's own adapter reshapes what the def returns
        ("@torch.no_grad()\n", ["error"]),  # a grad mode hands the tuple back as it is
        ("@functools.lru_cache(maxsize=8)\n", ["error"]),
    ],
    ids=["fork-adapter", "no-grad", "lru-cache"],
)
def test_a_decorated_wrapper_is_read_through_only_a_decorator_that_hands_back(
    git_repo: GitRepo, no_rules: Path, decorator: str, expected: list[str]
) -> None:
    adapter = (
        "import functools\n\nimport torch\n\n\n"
        "def _aeon_first_two(fn):\n    def inner(*args):\n        out = fn(*args)\n        return out[0], out[1]\n\n"
        "    return inner\n\n\n"
    )
    fork = (
        adapter
        + decorator
        + WRAPPER
        + "def aeon_ids(x, logits, k):\n    _, ids = _aeon_topk(x, logits, k)\n    return ids\n"
    )
    assert [e[1] for e in errors(git_repo, no_rules, fork) if e[1] == "error"] == expected
