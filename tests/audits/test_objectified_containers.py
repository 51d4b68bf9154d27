"""A container made an object: upstream annotated a field as a builtin container at the base and builds it,
unannotated, as an instance of a class with no container shape at upstream.

#13973 (28943d36ce) made ``KVCacheManager.block_pool: List[KVCacheBlock] = [...]`` a ``BlockPool(...)``, a class
of a new module with no ``__iter__``, ``__getitem__`` or ``__len__``: a fork's ``for blk in mgr.block_pool`` or
``len(mgr.block_pool)`` merges cleanly and raises TypeError on first use.  Twins: a method of the new class, a
field kept a list, a class with a container's shape, a read under ``isinstance`` of the old kind, a fork class
building the field itself, an annotated new field (container drift's, not this reading).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import TYPE_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, row_side_by_side, three_way

MANAGER = "vllm/core/kv_cache_manager.py"
POOL = "vllm/core/block_pool.py"
BASE = (
    "from typing import List\n\n\n"
    "class Block:\n    def __init__(self, idx):\n        self.idx = idx\n\n\n"
    "class KVCacheManager:\n"
    "    def __init__(self, num_blocks: int) -> None:\n"
    "        self.block_pool: List[Block] = [\n            Block(i) for i in range(num_blocks)\n        ]\n"
    "        self.free_ids: List[int] = list(range(num_blocks))\n"
)
THEIRS = (
    "from typing import List\n\nfrom vllm.core.block_pool import BlockPool\n\n\n"
    "class Block:\n    def __init__(self, idx):\n        self.idx = idx\n\n\n"
    "class KVCacheManager:\n"
    "    def __init__(self, num_blocks: int) -> None:\n"
    "        self.block_pool = BlockPool(num_blocks)\n"
    "        self.free_ids: List[int] = list(range(num_blocks))\n"
)
POOL_TEXT = (
    "class BlockPool:\n    def __init__(self, num_blocks: int) -> None:\n        self.blocks = list(range(num_blocks))\n\n"
    "    def get_num_free_blocks(self) -> int:\n        return len(self.blocks)\n"
)
# the new class answers a container's questions: a fork's loop over it still works
SHAPED_POOL = (
    POOL_TEXT
    + "\n    def __iter__(self):\n        return iter(self.blocks)\n\n    def __len__(self):\n        return len(self.blocks)\n"
)
IMPORT = "from vllm.core.kv_cache_manager import KVCacheManager\n\n\n"


def _rows(git_repo: GitRepo, tmp_path: Path, fork: str, pool: str = POOL_TEXT) -> list[tuple[str, int, str]]:
    base = {"vllm/__init__.py": "", "vllm/core/__init__.py": "", MANAGER: BASE}
    sides = three_way(git_repo, base, {"vllm/aeon_use.py": fork}, {MANAGER: THEIRS, POOL: pool})
    return found(audit(git_repo, sides, tmp_path), TYPE_DRIFT)


CONTAINER_USES = [
    (IMPORT + "def aeon_ids(mgr: KVCacheManager) -> list:\n    return [b.idx for b in mgr.block_pool]\n", "for b"),
    (IMPORT + "def aeon_size(mgr: KVCacheManager) -> int:\n    return len(mgr.block_pool)\n", "len("),
    (
        IMPORT + "class AeonManager(KVCacheManager):\n    def aeon_first(self):\n        return self.block_pool[0]\n",
        "self.block_pool[0]",
    ),
    (
        IMPORT + "def aeon_walk(mgr: KVCacheManager) -> int:\n    n = 0\n    for block in mgr.block_pool:\n"
        "        n += block.idx\n    return n\n",
        "for block",
    ),
]


@pytest.mark.parametrize(
    ("fork", "needle"),
    CONTAINER_USES,
    ids=["a comprehension", "a len()", "a subclass's index", "a loop"],
)
def test_a_container_use_of_a_field_made_an_object_is_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    # the rows' modules side by side, one merge and one audit a process (suitespeed12)
    base = {"vllm/__init__.py": "", "vllm/core/__init__.py": "", MANAGER: BASE}
    bodies, theirs = [text for text, _ in CONTAINER_USES], {MANAGER: THEIRS, POOL: POOL_TEXT}
    path, rows = row_side_by_side(git_repo, tmp_path, base, bodies, fork, theirs, TYPE_DRIFT, "vllm")
    assert [(f.path, f.line, f.severity.value) for f in rows] == [(path, line_of(fork, needle), "error")]


@pytest.mark.parametrize(
    ("fork", "pool"),
    [
        (
            IMPORT + "def aeon_free(mgr: KVCacheManager) -> int:\n    return mgr.block_pool.get_num_free_blocks()\n",
            POOL_TEXT,
        ),
        (IMPORT + "def aeon_ids(mgr: KVCacheManager) -> list:\n    return [i for i in mgr.free_ids]\n", POOL_TEXT),
        (
            IMPORT + "def aeon_ids(mgr: KVCacheManager) -> list:\n    return [b.idx for b in mgr.block_pool]\n",
            SHAPED_POOL,
        ),
        (
            IMPORT + "def aeon_size(mgr: KVCacheManager) -> int:\n    if isinstance(mgr.block_pool, list):\n"
            "        return len(mgr.block_pool)\n    return mgr.block_pool.get_num_free_blocks()\n",
            POOL_TEXT,
        ),
        (
            IMPORT + "class AeonManager(KVCacheManager):\n    def __init__(self, n: int) -> None:\n"
            "        super().__init__(n)\n        self.block_pool = [0] * n\n\n"
            "    def aeon_size(self) -> int:\n        return len(self.block_pool)\n",
            POOL_TEXT,
        ),
    ],
    ids=[
        "the new class's method",
        "a field kept a list",
        "a class with a container's shape",
        "an isinstance test",
        "a fork class's own field",
    ],
)
def test_twins_stay_quiet(git_repo: GitRepo, tmp_path: Path, fork: str, pool: str) -> None:
    assert _rows(git_repo, tmp_path, fork, pool) == []
