"""Nesting drift (drift/flattened.py): #30166 made ``BlockPool.touch(blocks: tuple[Sequence[KVCacheBlock],
...])`` take ``Sequence[KVCacheBlock]``; a fork's ``pool.touch((blocks,))`` fits the call and the kind, and
the body reads ``ref_cnt`` off a list."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits import audit_tree
from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

SUBJECT = "[Core][Hybrid allocator + connector] Support hybrid allocator + kv cache connector (#30166)"
CORE = {"vllm/v1/core/__init__.py": ""}
POOL = "vllm/v1/core/block_pool.py"
FORK = "vllm/v1/core/aeon_pin.py"

POOL_TEXT = """from collections.abc import Sequence


class KVCacheBlock:
    ref_cnt: int = 0


class BlockPool:
    def touch(self, blocks: {annotation}) -> None:
        for block in {walk}:
            block.ref_cnt += 1
"""
NESTED = ("tuple[Sequence[KVCacheBlock], ...]", "(b for group in blocks for b in group)")
FLAT = ("Sequence[KVCacheBlock]", "blocks")
FLAT_LIST = ("list[KVCacheBlock] | None", "blocks or []")

FORK_TEXT = """from vllm.v1.core.block_pool import BlockPool, KVCacheBlock


def aeon_pin(pool: BlockPool, blocks: list[KVCacheBlock], first: KVCacheBlock) -> None:
    pool.touch({display})
"""


def _pool(shape: tuple[str, str]) -> str:
    return POOL_TEXT.format(annotation=shape[0], walk=shape[1])


@pytest.mark.parametrize(
    ("old", "new", "display", "caught"),
    [
        (NESTED, FLAT, "(blocks,)", True),  # #30166: flattened
        (FLAT, NESTED, "(first,)", True),  # nested now: the block is walked as a group
        (NESTED, FLAT, "[blocks]", True),  # a list display of the old depth too
        (FLAT, FLAT_LIST, "[first]", False),  # twin: re-annotated at the same depth
        (NESTED, NESTED, "(blocks,)", False),  # twin: unchanged
    ],
    ids=["flattened", "nested", "flattened, a list display", "same depth", "unchanged"],
)
def test_display_of_the_old_depth(
    git_repo: GitRepo, no_rules: Path, old: tuple[str, str], new: tuple[str, str], display: str, caught: bool
) -> None:
    base = {**CORE, POOL: _pool(old)}
    sides = s.merge_case(git_repo, base, {FORK: FORK_TEXT.format(display=display)}, [(SUBJECT, {POOL: _pool(new)})])
    report = audit_tree(git_repo.path, no_rules, merge=sides)
    errors = [f for f in report.findings if f.rule_id == DRIFT and f.path == FORK and f.severity.value == "error"]
    assert bool(errors) is caught, errors
    if caught:
        assert errors[0].line == 5 and "deep, not" in errors[0].message
