"""A call of what a dispatcher returns, where upstream changed the signature of every function it returns.

#20255 (6cc1e7d96d) made ``layers.utils.dispatch_unquantized_gemm()`` return functions taking the layer first
(``(layer, x, weight, bias=None)``): a fork's ``dispatch_unquantized_gemm()(x, layer.weight, bias)`` still binds,
with every argument a parameter off.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

UTILS = "vllm/layers/utils.py"
BASE = (
    "import torch\n\n\n"
    "def rocm_gemm(x, weight, bias=None):\n    return torch.mm(x, weight)\n\n\n"
    "def dispatch_gemm():\n    if torch.version.hip:\n        return rocm_gemm\n    return torch.nn.functional.linear\n\n\n"
    "def pick_norm():\n    return rocm_gemm\n"
)
THEIRS = (
    "import torch\n\n\n"
    "def default_gemm(layer, x, weight, bias=None):\n    return torch.nn.functional.linear(x, weight, bias)\n\n\n"
    "def rocm_gemm(layer, x, weight, bias=None):\n    return torch.mm(x, weight)\n\n\n"
    "def dispatch_gemm():\n    if torch.version.hip:\n        return rocm_gemm\n    return default_gemm\n\n\n"
    "def pick_norm():\n    return rocm_gemm\n"
)
NAMED = "from vllm.layers.utils import dispatch_gemm\n\n\n"


def _rows(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str]]:
    base = {"vllm/__init__.py": "", "vllm/layers/__init__.py": "", UTILS: BASE}
    sides = three_way(git_repo, base, {"vllm/aeon_use.py": fork}, {UTILS: THEIRS})
    return found(audit(git_repo, sides, tmp_path), SYMBOL_DRIFT)


@pytest.mark.parametrize(
    ("fork", "needle"),
    [
        (NAMED + "def aeon_gemm(layer, x):\n    return dispatch_gemm()(x, layer.weight, None)\n", "dispatch_gemm()("),
        (
            NAMED + "def aeon_gemm(layer, x):\n    gemm = dispatch_gemm()\n    return gemm(x, weight=layer.weight)\n",
            "gemm(x",
        ),
        (
            "from vllm.layers import utils\n\n\ndef aeon_gemm(layer, x):\n    return utils.dispatch_gemm()(x, layer.weight)\n",
            "dispatch_gemm()(",
        ),
    ],
    ids=["shifted-positional", "local-missing-argument", "off-the-module"],
)
def test_a_call_of_the_dispatched_function_with_the_old_arguments(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    assert _rows(git_repo, tmp_path, fork) == [("vllm/aeon_use.py", line_of(fork, needle), "error")]


@pytest.mark.parametrize(
    "fork",
    [
        # the new arguments (a call written for upstream's side)
        NAMED + "def aeon_gemm(layer, x):\n    return dispatch_gemm()(layer, x, layer.weight)\n",
        # the dispatcher itself, its result unused as a call
        NAMED + "def aeon_name():\n    return dispatch_gemm().__name__\n",
        # the fork's own dispatcher of the name
        "def dispatch_gemm():\n    return print\n\n\ndef aeon_gemm(layer, x):\n    return dispatch_gemm()(x, layer.weight)\n",
        # a local bound twice: it may hold another function
        NAMED + "def aeon_gemm(layer, x, f):\n    gemm = dispatch_gemm()\n    if f:\n        gemm = f\n"
        "    return gemm(x, layer.weight)\n",
        # a try whose handler takes the other signature
        NAMED + "def aeon_gemm(layer, x):\n    try:\n        return dispatch_gemm()(layer, x, layer.weight)\n"
        "    except TypeError:\n        return dispatch_gemm()(x, layer.weight)\n",
        NAMED + "def aeon_gemm(layer, x):\n    try:\n        return dispatch_gemm()(x, layer.weight)\n"
        "    except TypeError:\n        return dispatch_gemm()(layer, x, layer.weight)\n",
        # a test of the callee's signature, either branch
        "import inspect\n\n" + NAMED + "def aeon_gemm(layer, x):\n    gemm = dispatch_gemm()\n"
        "    if 'layer' in inspect.signature(gemm).parameters:\n        return gemm(layer, x, layer.weight)\n"
        "    return gemm(x, layer.weight)\n",
        "import inspect\n\n" + NAMED + "def aeon_gemm(layer, x):\n    gemm = dispatch_gemm()\n"
        "    if len(inspect.signature(gemm).parameters) == 3:\n        return gemm(x, layer.weight)\n"
        "    else:\n        return gemm(layer, x, layer.weight)\n",
        # the new arguments spelt otherwise than upstream's parameters
        NAMED + "def aeon_gemm(module, x):\n    return dispatch_gemm()(module, x, module.weight)\n",
    ],
    ids=[
        "new-arguments",
        "no-call",
        "own-def",
        "rebound-local",
        "try-typeerror-handler",
        "try-typeerror-body",
        "signature-test-exits",
        "signature-test-else",
        "new-args-other-spelling",
    ],
)
def test_twins_stay_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _rows(git_repo, tmp_path, fork) == []


def test_a_call_fitting_both_signatures_spelt_like_neither_is_a_warning(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = NAMED + "def aeon_gemm(a, b, c):\n    return dispatch_gemm()(a, b, c)\n"
    assert _rows(git_repo, tmp_path, fork) == [("vllm/aeon_use.py", line_of(fork, "dispatch_gemm()("), "warning")]
