"""A loop over a module-level list of classes upstream added a class of another shape to (#40105).

#40105 (c0c98b8b9a) put ``MarlinFP8ScaledMMLinearKernel`` -- an FP8 kernel whose constructor takes
``layer_param_names`` too and that has no ``apply_input_quant`` -- in ``_POSSIBLE_FP8_BLOCK_KERNELS[CUDA]``, a
list of block kernels built with ``kernel_cls(config)``.  A fork loop building each element, or reading the block
kernels' class attribute off each, raises on the new one.
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

KERNELS = "vllm/kernels/linear.py"
BASE = """class BlockKernel:
    apply_input_quant = True

    def __init__(self, config):
        self.config = config


class DeepGemmKernel(BlockKernel):
    pass


class TritonKernel(BlockKernel):
    apply_input_quant = False


class MarlinKernel:
    def __init__(self, config, layer_param_names):
        self.config = config


class LooseKernel(BlockKernel):
    def __init__(self, config, names=()):
        super().__init__(config)


BLOCK_KERNELS = {
    "cuda": [DeepGemmKernel, TritonKernel],
    "rocm": [TritonKernel],
}
PLAIN = [DeepGemmKernel, TritonKernel]
"""
AFTER = BASE.replace(
    '"cuda": [DeepGemmKernel, TritonKernel]', '"cuda": [DeepGemmKernel, MarlinKernel, TritonKernel]'
).replace("PLAIN = [DeepGemmKernel, TritonKernel]", "PLAIN = [DeepGemmKernel, TritonKernel, MarlinKernel]")
FORK = "vllm/aeon/sweep.py"
HEAD = "from vllm.kernels import linear\nfrom vllm.kernels.linear import BLOCK_KERNELS, PLAIN\n\n\n"


def _found(repo: GitRepo, body: str, after: str = AFTER) -> list[tuple[int, str]]:
    sides = s.merge_case(
        repo,
        {KERNELS: BASE},
        {FORK: HEAD + body},
        [("[Bugfix] Add Marlin to block selection (#40105)", {KERNELS: after})],
    )
    return [
        (f.line - 4, f.severity.value)
        for f in s.merged_findings(repo, sides, s.Settings())
        if f.rule_id == SYMBOL_DRIFT and f.path == FORK and "each element of" in f.message
    ]


@pytest.mark.parametrize(
    ("body", "line"),
    [
        # the replay's shape
        (
            "def a(config):\n    out = []\n    for k in BLOCK_KERNELS['cuda']:\n        out.append(k(config))\n    return out\n",
            4,
        ),
        # a comprehension off the module, the plain list
        ("def a(config):\n    return [k(config) for k in linear.PLAIN]\n", 2),
        # a class attribute read in a loop's test
        ("def a():\n    return [k for k in PLAIN if not k.apply_input_quant]\n", 2),
    ],
    ids=["loop build", "comprehension build", "attribute"],
)
def test_a_loop_the_new_class_breaks(git_repo: GitRepo, body: str, line: int) -> None:
    assert _found(git_repo, body) == [(line, "error")]


@pytest.mark.parametrize(
    ("body", "after"),
    [
        # the entry upstream did not touch
        ("def a(config):\n    return [k(config) for k in BLOCK_KERNELS['rocm']]\n", AFTER),
        # the loop filters by class
        (
            "def a(config):\n    return [k(config) for k in PLAIN if issubclass(k, linear.BlockKernel)]\n",
            AFTER,
        ),
        # the class upstream added takes the build and has the attribute
        (
            "def a(config):\n    return [k(config) for k in PLAIN if k.apply_input_quant]\n",
            BASE.replace(
                "PLAIN = [DeepGemmKernel, TritonKernel]", "PLAIN = [DeepGemmKernel, TritonKernel, LooseKernel]"
            ),
        ),
        # a member the new class has too
        ("def a():\n    return [k.__init__ for k in PLAIN]\n", AFTER),
    ],
    ids=["untouched entry", "issubclass filter", "fitting class", "shared member"],
)
def test_twin_a_loop_the_new_class_fits(git_repo: GitRepo, body: str, after: str) -> None:
    assert _found(git_repo, body, after) == []


@pytest.mark.parametrize(
    "body",
    [
        "def a():\n    for k in PLAIN:\n        f = lambda k: k.apply_input_quant\n        f(k)\n",
        "def a():\n    for k in PLAIN:\n        def g(k):\n            return k.apply_input_quant\n\n        g(k)\n",
        "def a(other):\n    for k in PLAIN:\n        print([k.apply_input_quant for k in other])\n",
        "def a():\n    for k in PLAIN:\n        k.apply_input_quant = False\n",
    ],
    ids=["lambda parameter", "nested def parameter", "comprehension rebinds", "a store"],
)
def test_twin_the_loop_name_rebound_or_stored(git_repo: GitRepo, body: str) -> None:
    """mend56: a nested scope that rebinds the loop's name reads another value; a store is no read."""
    assert _found(git_repo, body) == []


FIRST = AFTER.replace(
    "PLAIN = [DeepGemmKernel, TritonKernel, MarlinKernel]", "PLAIN = [MarlinKernel, DeepGemmKernel, TritonKernel]"
)


@pytest.mark.parametrize(("after", "severity"), [(AFTER, "warning"), (FIRST, "error")], ids=["appended", "first"])
def test_a_loop_that_may_stop_before_the_added_class_is_a_warning(git_repo: GitRepo, after: str, severity: str) -> None:
    """mend56: the body returns on an element before the one upstream appended: whether the loop reaches it is
    the data's to say (a warning); upstream's class put first is reached (the error stays)."""
    body = "def a():\n    for k in PLAIN:\n        if k.apply_input_quant:\n            return k\n    return None\n"
    assert _found(git_repo, body, after) == [(3, severity)]
