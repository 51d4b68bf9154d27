"""Coerced returns in a slot of a returned tuple (drift/coerced_returns.py, ``_slot_coerced``; mend75).

Shaped like #33047 (b5f8c3092d), which made ``W8A8BlockFp8LinearOp._dispatch_w8a8_blockscale_op`` return
``self._run_aiter, QuantFP8(...)`` where it returned ``self._run_aiter, None``: a fork's ``fn, quant =
op._dispatch_w8a8_blockscale_op(...)`` then ``quant is None`` is never true again.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import RETURN_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

BASE_PATH = "vllm/quant/fp8.py"
BASE = """class QuantFP8:
    def __init__(self, column_major: bool) -> None:
        self.column_major = column_major


class BlockOp:
    def dispatch(self, cutlass: bool, aiter: bool):
        if cutlass:
            return self.run_cutlass, QuantFP8(True)
        if aiter:
            return self.run_aiter, None
        return self.run_triton, QuantFP8(False)

    def kernels(self, aiter: bool):
        if aiter:
            return self.run_aiter, None, 1
        return self.run_triton, None, 2


def pick_scale(x, static: bool):
    if static:
        return "static", None
    return "dynamic", x.scale


def pick_group(x):
    if x.grouped:
        return x.group, None
    return 1, None
"""
UPSTREAM = (
    BASE.replace("            return self.run_aiter, None\n", "            return self.run_aiter, QuantFP8(False)\n")
    .replace('        return "static", None\n', '        return "static", x.static_scale\n')
    .replace("            return self.run_aiter, None, 1\n", "            return self.run_aiter, None, 3\n")
)
SUBJECT = "[Perf] aiter block fp8 takes the vLLM quant op (#33047)"
FORK = "vllm/aeon/blockop.py"
HEAD = "from vllm.quant.fp8 import BlockOp, pick_group, pick_scale\n\n\n"


def rows(git_repo: GitRepo, no_rules: Path, body: str, head: str = HEAD) -> list[tuple[int, str, str]]:
    sides = s.merge_case(
        git_repo,
        {BASE_PATH: BASE, "vllm/quant/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: head + body},
        [(SUBJECT, {BASE_PATH: UPSTREAM})],
    )
    found = s.rule_rows(git_repo, no_rules, sides, RETURN_DRIFT)
    return [(line, sev, message) for path, line, sev, message in found if path == FORK]


@pytest.mark.parametrize(
    ("body", "line", "severity"),
    [
        # the replay's spelling: the method's pair unpacked, its slot tested
        (
            "def f(op: BlockOp) -> str:\n    fn, quant = op.dispatch(False, True)\n"
            '    if quant is None:\n        return "aiter"\n    return fn.__name__\n',
            6,
            "error",
        ),
        # the slot read off the call by index
        ("def f(op: BlockOp) -> bool:\n    return op.dispatch(False, True)[1] is not None\n", 5, "error"),
        # a module function's slot, now an attribute read: it may still be None
        (
            "def f(x) -> bool:\n    mode, scale = pick_scale(x, True)\n    return scale is None\n",
            6,
            "warning",
        ),
        # != None on the unpacked local (review114: an assert of it, which always holds now, is quiet below)
        ("def f(op: BlockOp) -> bool:\n    _, quant = op.dispatch(True, True)\n    return quant != None\n", 6, "error"),
        # review114: a not-None guard with no else and no jump: its body runs on every path now (a warning)
        (
            "def f(op: BlockOp, seen: list):\n    fn, quant = op.dispatch(False, True)\n"
            "    if quant is not None:\n        seen.append(quant)\n    return fn\n",
            6,
            "warning",
        ),
        # review114: the same guard with a jump in its body: what follows it is dead for the old case
        (
            "def f(op: BlockOp, x):\n    fn, quant = op.dispatch(False, True)\n"
            "    if quant is not None:\n        return fn(quant(x))\n    return fn(x)\n",
            6,
            "error",
        ),
    ],
    ids=[
        "unpacked is None",
        "indexed is not None",
        "function attr: warning",
        "!= None",
        "no-else guard",
        "guard returns",
    ],
)
def test_a_slot_upstream_no_longer_leaves_none_tested_against_none(
    git_repo: GitRepo, no_rules: Path, body: str, line: int, severity: str
) -> None:
    found = rows(git_repo, no_rules, body)
    assert [(ln, sev) for ln, sev, _ in found] == [(line, severity)]
    assert "returned tuple" in found[0][2]


@pytest.mark.parametrize(
    "body",
    [
        # upstream's own idiom after #33047 (``assert self.input_quant_op is not None``): an assert that always
        # holds now changes nothing
        "def f(op: BlockOp, x):\n    fn, quant = op.dispatch(False, True)\n    assert quant is not None\n"
        "    return fn(quant(x))\n",
        "def f(op: BlockOp) -> None:\n    assert op.dispatch(False, True)[1] is not None, 'need a quantizer'\n",
    ],
    ids=["assert unpacked", "assert indexed"],
)
def test_an_assert_the_slot_is_not_none_stays_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    """review114_twins: the two asserts were false errors on main."""
    assert rows(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    ("body", "head"),
    [
        # another slot: the kernel, never None at either side
        ("def f(op: BlockOp) -> bool:\n    fn, quant = op.dispatch(False, True)\n    return fn is None\n", HEAD),
        # a slot still None on some path (only another slot's value changed)
        ("def f(op: BlockOp) -> bool:\n    fn, q, n = op.kernels(True)\n    return q is None\n", HEAD),
        # a slot upstream left None everywhere
        ("def f(x) -> bool:\n    g, extra = pick_group(x)\n    return extra is None\n", HEAD),
        # the local bound again: not the call's value any more
        (
            "def f(op: BlockOp) -> bool:\n    fn, quant = op.dispatch(False, True)\n    quant = quant or op.make()\n"
            "    return quant is None\n",
            HEAD,
        ),
        # a falsy test: not a None test
        ("def f(op: BlockOp) -> bool:\n    fn, quant = op.dispatch(False, True)\n    return not quant\n", HEAD),
        # the fork's own namesake function
        (
            "def pick_scale(x, static):\n    return 'static', None\n\n\n"
            "def f(x) -> bool:\n    mode, scale = pick_scale(x, True)\n    return scale is None\n",
            HEAD,
        ),
        # a file not importing the class: another class's dispatch
        (
            "def f(op) -> bool:\n    fn, quant = op.dispatch(False, True)\n    return quant is None\n",
            "import os\n\n\n",
        ),
    ],
    ids=["other slot", "still None elsewhere", "unchanged slot", "rebound", "falsy test", "own namesake", "no import"],
)
def test_slot_tests_the_change_leaves_right_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str, head: str) -> None:
    assert rows(git_repo, no_rules, body, head) == []
