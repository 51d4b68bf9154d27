"""Gone sentinels stored through a pair (drift/gone_sentinels.py, ``_unpacked``): #33047 (b5f8c3092d) made
``W8A8BlockFp8LinearOp._dispatch_w8a8_blockscale_op`` end its aiter pair in a ``QuantFP8`` where it ended in
None, and ``__init__`` unpacks the pair into ``self.w8a8_blockscale_op, self.input_quant_op``: a fork subclass's
``self.input_quant_op is None`` is never true again."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

OPS = "vllm/ops.py"
BASE = """class Quant:
    pass


class BlockOp:
    def __init__(self, cutlass: bool, aiter: bool) -> None:
        self.run, self.quant = self._dispatch(cutlass, aiter)
        self.kind, self.scale = "block", None

    def _dispatch(self, cutlass: bool, aiter: bool):
        if cutlass:
            return self._cutlass, Quant()
        if aiter:
            return self._aiter, None
        return self._triton, Quant()

    def _cutlass(self, x):
        return x

    _aiter = _triton = _cutlass
"""
UPSTREAM = BASE.replace("return self._aiter, None", "return self._aiter, Quant()").replace(
    '"block", None', '"block", Quant()'
)
SUBJECT = "[W8A8 Block Linear Refactor][1/N] Keep all quantization types into `QuantFP8` class. (#33047)"
FORK = "vllm/aeon/ops.py"
HEAD = "from vllm.ops import BlockOp\n\n\n"


def rows(git_repo: GitRepo, no_rules: Path, body: str, upstream: str = UPSTREAM) -> list[tuple[int, str]]:
    sides = s.merge_case(git_repo, {OPS: BASE}, {FORK: HEAD + body}, [(SUBJECT, {OPS: upstream})])
    found = s.rule_rows(git_repo, no_rules, sides, DEFAULT_DRIFT)
    return [(line, sev) for path, line, sev, message in found if path == FORK and "None" in message]


@pytest.mark.parametrize(
    ("body", "line"),
    [
        # an own method's pair unpacked into the field
        ("class Mine(BlockOp):\n    def aiter(self) -> bool:\n        return self.quant is None\n", 6),
        # a tuple display unpacked into the field, tested the other way
        ("class Mine(BlockOp):\n    def scaled(self) -> bool:\n        return self.scale is not None\n", 6),
        # a parameter annotated with the class
        ("def aiter(op: BlockOp) -> bool:\n    return op.quant == None\n", 5),
    ],
    ids=["own method's pair", "a display's slot", "typed parameter"],
)
def test_a_none_test_of_a_slot_no_longer_none_is_an_error(
    git_repo: GitRepo, no_rules: Path, body: str, line: int
) -> None:
    assert rows(git_repo, no_rules, body) == [(line, "error")]


@pytest.mark.parametrize(
    ("body", "upstream"),
    [
        # a branch still returns None in the slot
        (
            "class Mine(BlockOp):\n    def aiter(self) -> bool:\n        return self.quant is None\n",
            UPSTREAM.replace("return self._triton, Quant()", "return self._triton, None"),
        ),
        # the other slot
        ("class Mine(BlockOp):\n    def run_none(self) -> bool:\n        return self.run is None\n", UPSTREAM),
        # the fork class stores the field itself
        (
            "class Mine(BlockOp):\n    def __init__(self) -> None:\n        super().__init__(False, True)\n"
            "        self.quant = None\n\n    def aiter(self) -> bool:\n        return self.quant is None\n",
            UPSTREAM,
        ),
        # a class not deriving from it: the fork's namesake
        (
            "class BlockOp2:\n    quant = None\n\n    def aiter(self) -> bool:\n        return self.quant is None\n",
            UPSTREAM,
        ),
        # review111: the fork class overrides the dispatcher the pair comes from, keeping its None
        (
            "class Mine(BlockOp):\n    def _dispatch(self, cutlass: bool, aiter: bool):\n"
            "        return self._triton, None\n\n    def aiter(self) -> bool:\n        return self.quant is None\n",
            UPSTREAM,
        ),
    ],
    ids=["still None in a branch", "other slot", "fork stores it", "namesake", "overrides the dispatcher"],
)
def test_tests_the_change_leaves_right_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str, upstream: str) -> None:
    assert rows(git_repo, no_rules, body, upstream) == []


def test_a_pair_from_an_unknown_return_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    upstream = UPSTREAM.replace("return self._triton, Quant()", "return self._pick()")
    body = "class Mine(BlockOp):\n    def aiter(self) -> bool:\n        return self.quant is None\n"
    assert rows(git_repo, no_rules, body, upstream) == [(6, "warning")]
