"""A table entry upstream now builds as another class, read by the fork for what the old class was.

#37469 (445b7093fd) made ``activation._ACTIVATION_REGISTRY["gelu"]`` build vLLM's ``GELU()`` CustomOp, not
``nn.GELU()``: a fork's ``get_act_fn("gelu").approximate`` raises AttributeError, and ``isinstance(...,
nn.GELU)`` turns False.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import TYPE_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

ACT = "vllm/layers/activation.py"
BASE = (
    "from torch import nn\n\n\nclass LazyDict(dict):\n    pass\n\n\n"
    "class GELU(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.op = None\n\n"
    "    def forward_native(self, x):\n        return x\n\n\n"
    "_ACTS = LazyDict({\n    'gelu': lambda: nn.GELU(),\n    'relu': lambda: nn.ReLU(),\n})\n\n\n"
    "def get_act_fn(act_fn_name: str):\n    if act_fn_name not in _ACTS:\n        raise ValueError(act_fn_name)\n"
    "    return _ACTS[act_fn_name]\n"
)
THEIRS = BASE.replace("'gelu': lambda: nn.GELU(),", "'gelu': lambda: GELU(),")
NAMED = "from torch import nn\n\nfrom vllm.layers.activation import get_act_fn\n\n\n"


def _rows(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str]]:
    base = {"vllm/__init__.py": "", "vllm/layers/__init__.py": "", ACT: BASE}
    sides = three_way(git_repo, base, {"vllm/aeon_use.py": fork}, {ACT: THEIRS})
    return found(audit(git_repo, sides, tmp_path), TYPE_DRIFT)


@pytest.mark.parametrize(
    ("fork", "needle"),
    [
        (NAMED + "def aeon_mode():\n    return get_act_fn('gelu').approximate\n", ".approximate"),
        (
            NAMED + "def aeon_exact():\n    act = get_act_fn('gelu')\n    return act.approximate == 'none'\n",
            "act.approximate",
        ),
        (NAMED + "def aeon_exact():\n    return isinstance(get_act_fn('gelu'), nn.GELU)\n", "isinstance"),
    ],
    ids=["attribute", "local-attribute", "isinstance"],
)
def test_a_read_of_the_old_class_off_a_rebuilt_entry(git_repo: GitRepo, tmp_path: Path, fork: str, needle: str) -> None:
    assert _rows(git_repo, tmp_path, fork) == [("vllm/aeon_use.py", line_of(fork, needle), "warning")]


@pytest.mark.parametrize(
    "fork",
    [
        # an entry upstream left as it was
        NAMED + "def aeon_relu():\n    return isinstance(get_act_fn('relu'), nn.ReLU)\n",
        # the result called: both classes are modules
        NAMED + "def aeon_apply(x):\n    return get_act_fn('gelu')(x)\n",
        # an attribute the new class sets itself
        NAMED + "def aeon_op():\n    return get_act_fn('gelu').op\n",
        # isinstance against another class
        NAMED + "def aeon_is_module():\n    return isinstance(get_act_fn('gelu'), nn.Module)\n",
    ],
    ids=["kept-entry", "called", "own-attribute", "other-class"],
)
def test_twins_stay_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _rows(git_repo, tmp_path, fork) == []
