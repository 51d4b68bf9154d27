"""A fork op registered under a name upstream now registers in the same library (``drift/claimed_ops.py``).

#16155 (690fe019f0) registered ``all_gather``/``reduce_scatter`` in vLLM's op library; a fork module's own
``op_name="all_gather"`` now defines the name a second time at import (blind_replay_pstate2).  Errors where
upstream's registration runs on every import (a module statement, or under the registrar's own precondition);
warnings where it runs in a function or under another test.  Quiet: a fork name, a registration in a ``try`` or
under a test of the name, a name the base registered already, another library or namespace; review125: the
fork's own helper handing ``target_lib=`` its own library (one handing none is found), a call keyed ``op_name=``
that registers nothing (another callee than upstream's registrar).
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of

UTILS = "pkg/utils.py"
UTILS_TEXT = """import torch


def supports_custom_op() -> bool:
    return hasattr(torch.library, "custom_op")


def direct_register_custom_op(op_name, op_func, mutates_args, fake_impl=None, target_lib=None):
    if not supports_custom_op():
        return
    (target_lib or torch.library.Library("vllm", "FRAGMENT")).define(op_name)
"""
STATE = "pkg/dist/state.py"
STATE_BASE = """import os

from torch.library import Library, custom_op

from pkg.utils import direct_register_custom_op, supports_custom_op

other_lib = Library("other", "FRAGMENT")


def all_reduce(t, group_name: str):
    return t


if supports_custom_op():
    direct_register_custom_op(op_name="all_reduce", op_func=all_reduce, mutates_args=[])
"""
STATE_AFTER = STATE_BASE.replace(
    """if supports_custom_op():
    direct_register_custom_op(op_name="all_reduce", op_func=all_reduce, mutates_args=[])
""",
    """def all_gather(t, dim: int, group_name: str):
    return t


if supports_custom_op():
    direct_register_custom_op(
        op_name="all_reduce",
        op_func=all_reduce,
        mutates_args=[],
    )
    direct_register_custom_op(op_name="all_gather", op_func=all_gather, mutates_args=[])
    direct_register_custom_op("rms_gather", all_gather, [])
    direct_register_custom_op(op_name="silu_mul", op_func=all_gather, mutates_args=[], target_lib=other_lib)


@custom_op("vllm::fused_norm", mutates_args=())
def fused_norm(t):
    return t


def register_sp_ops():
    direct_register_custom_op(op_name="reduce_scatter", op_func=all_gather, mutates_args=[])


if os.environ.get("SP"):
    direct_register_custom_op(op_name="gather", op_func=all_gather, mutates_args=[])
""",
)
SUBJECT = "[Feature] support sequence parallelism using compilation pass (#16155)"
HEAD = "import torch\n\nfrom pkg.utils import direct_register_custom_op\n\n\ndef aeon_op(t, dim: int, group_name: str):\n    return t\n\n\n"


def _register(name: str, extra: str = "") -> str:
    return f'direct_register_custom_op(op_name="{name}", op_func=aeon_op, mutates_args=[]{extra})\n'


FOUND = {
    "module-level": (HEAD + _register("all_gather"), 'op_name="all_gather"', "error"),
    "positional": (HEAD + 'direct_register_custom_op("rms_gather", aeon_op, [])\n', '"rms_gather"', "error"),
    "keyword-per-line": (
        HEAD + 'direct_register_custom_op(\n    op_name="all_gather",\n    op_func=aeon_op,\n    mutates_args=[],\n)\n',
        'op_name="all_gather",',
        "error",
    ),
    "decorator": (
        "from torch.library import custom_op\n\n\n"
        '@custom_op("vllm::fused_norm", mutates_args=())\ndef aeon_norm(t):\n    return t\n',
        '@custom_op("vllm::fused_norm"',
        "error",
    ),
    "own-helper-default-library": (
        HEAD + "def aeon_register(op_name, op_func):\n"
        "    direct_register_custom_op(op_name=op_name, op_func=op_func, mutates_args=[])\n\n\n"
        'aeon_register(op_name="all_gather", op_func=aeon_op)\n',
        'aeon_register(op_name="all_gather"',
        "error",
    ),
    "aliased-registrar": (
        "from pkg.utils import direct_register_custom_op as register_op\n\n\ndef aeon_op(t):\n    return t\n\n\n"
        'register_op(op_name="all_gather", op_func=aeon_op, mutates_args=[])\n',
        'op_name="all_gather"',
        "error",
    ),
    "in-a-function-upstream": (HEAD + _register("reduce_scatter"), 'op_name="reduce_scatter"', "warning"),
    "under-another-test-upstream": (HEAD + _register("gather"), 'op_name="gather"', "warning"),
}
QUIET = {
    "fork-name": HEAD + _register("aeon_all_gather"),
    "in-a-try": HEAD + "try:\n    " + _register("all_gather") + "except RuntimeError:\n    pass\n",
    "asks-the-name": HEAD + 'if not hasattr(torch.ops.vllm, "all_gather"):\n    ' + _register("all_gather"),
    "base-had-it": HEAD + _register("all_reduce"),
    "other-library-upstream": HEAD + _register("silu_mul"),
    "other-library-fork": "aeon_lib = torch.library.Library('aeon', 'FRAGMENT')\n"
    + HEAD
    + _register("all_gather", ", target_lib=aeon_lib"),
    "own-helper-own-library": "aeon_lib = torch.library.Library('aeon', 'FRAGMENT')\n"
    + HEAD
    + "def aeon_register(op_name, op_func):\n"
    "    direct_register_custom_op(op_name=op_name, op_func=op_func, mutates_args=[], target_lib=aeon_lib)\n\n\n"
    'aeon_register(op_name="all_gather", op_func=aeon_op)\n',
    "a-call-keyed-op-name": HEAD + 'def aeon_timed(meter, t):\n    meter.observe(op_name="all_gather", seconds=1.0)\n'
    "    return t\n",
    "other-namespace": "from torch.library import custom_op\n\n\n"
    '@custom_op("aeon::fused_norm", mutates_args=())\ndef aeon_norm(t):\n    return t\n',
}
FORKS = {f"pkg/aeon/found_{k}.py": v[0] for k, v in FOUND.items()} | {
    f"pkg/aeon/quiet_{k}.py": v for k, v in QUIET.items()
}


def _found(git_repo: GitRepo) -> dict[str, list[tuple[int, str, str]]]:
    rows = s.side_by_side(
        git_repo,
        {UTILS: UTILS_TEXT, STATE: STATE_BASE, "pkg/dist/__init__.py": "", "pkg/aeon/__init__.py": ""},
        FORKS,
        [(SUBJECT, {STATE: STATE_AFTER})],
        SYMBOL_DRIFT,
    )
    return {
        path: [(f.line, f.severity.value, f.message) for f in found if "registration of op" in f.message]
        for path, found in rows.items()
    }


@pytest.mark.parametrize("case", list(FOUND))
def test_a_fork_op_of_a_name_upstream_now_registers(git_repo: GitRepo, case: str) -> None:
    text, at, severity = FOUND[case]
    [(line, found, message)] = _found(git_repo)[f"pkg/aeon/found_{case}.py"]
    assert (line, found) == (line_of(text, at), severity)
    assert STATE in message and "RuntimeError" in message


@pytest.mark.parametrize("case", list(QUIET))
def test_twins_stay_quiet(git_repo: GitRepo, case: str) -> None:
    assert _found(git_repo)[f"pkg/aeon/quiet_{case}.py"] == []
