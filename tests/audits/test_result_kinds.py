"""Result kind drift: upstream changed what kind of thing a function returns under a fork use of the old.

Shaped like vLLM #17479 (aabcd2cae3: ``allocate_slots()`` returned ``list[KVCacheBlock]``, now a
``KVCacheBlocks`` wrapper with no ``__iter__``) and #8098 (855c262a6b: ``all_mm_data()`` returned an
``Awaitable``, now the dict itself): the fork's ``for b in blocks`` or ``await fut`` raises on first use.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

MGR = "vllm/kv/manager.py"
MGR_BASE = """from dataclasses import dataclass
from typing import Optional


@dataclass
class Block:
    block_id: int


class Manager:
    def allocate(self, n: int) -> Optional[list[Block]]:
        return [Block(i) for i in range(n)]

    def cached(self, key: str) -> tuple[list[Block], int]:
        return [], 0
"""
WRAPPED = MGR_BASE.replace(
    "class Manager:",
    "@dataclass\nclass Blocks:\n    blocks: list[Block]\n\n    def ids(self) -> list[int]:\n"
    "        return [b.block_id for b in self.blocks]\n\n\nclass Manager:",
).replace(
    "Optional[list[Block]]:\n        return [Block(i) for i in range(n)]",
    "Optional[Blocks]:\n        return Blocks([Block(i) for i in range(n)])",
)
WRAPPED = WRAPPED.replace(
    "tuple[list[Block], int]:\n        return [], 0", "tuple[Blocks, int]:\n        return Blocks([]), 0"
)
TRACKER = "vllm/chat.py"
TRACKER_BASE = (
    "from typing import Awaitable, Optional\n\n\nclass Tracker:\n"
    "    def all_data(self) -> Optional[Awaitable[dict]]:\n        return None\n"
)
TRACKER_SYNC = TRACKER_BASE.replace("Optional[Awaitable[dict]]", "Optional[dict]")
USE = "vllm/aeon_use.py"
PACKAGES = {"vllm/__init__.py": "", "vllm/kv/__init__.py": ""}  # the index resolves modules of packages
MGR_HEAD = "from vllm.kv.manager import Manager\n\n\n"
TRACKER_HEAD = "from vllm.chat import Tracker\n\n\n"


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        (
            "def ids(m: Manager) -> list[int]:\n    new = m.allocate(4)\n    return [b.block_id for b in new]\n",
            "return [",
        ),
        ("def count(m: Manager) -> int:\n    return len(m.allocate(4))\n", "return len"),
        ("def first(m: Manager) -> int:\n    new = m.allocate(4)\n    return new[0].block_id\n", "return new[0]"),
        (
            "def hits(m: Manager, key: str) -> int:\n    blocks, _ = m.cached(key)\n    return len(blocks)\n",
            "return len",
        ),
        ("def walk(m: Manager) -> None:\n    for b in m.allocate(2):\n        print(b)\n", "for b in"),
    ],
)
def test_a_sequence_upstream_made_a_wrapper(git_repo: GitRepo, tmp_path: Path, body: str, needle: str) -> None:
    fork = MGR_HEAD + body
    sides = three_way(git_repo, {MGR: MGR_BASE, **PACKAGES}, {USE: fork}, {MGR: WRAPPED})
    report = audit(git_repo, sides, tmp_path)
    assert found(report, RULE) == [(USE, line_of(fork, needle), "error")]
    assert "Blocks" in next(f.message for f in report.findings if f.rule_id == RULE)


@pytest.mark.parametrize(
    "body",
    [
        "async def data(t: Tracker):\n    fut = t.all_data()\n    return await fut if fut is not None else None\n",
        "async def data(t: Tracker):\n    return await t.all_data()\n",
    ],
)
def test_an_awaitable_upstream_made_the_value(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    fork = TRACKER_HEAD + body
    sides = three_way(git_repo, {TRACKER: TRACKER_BASE, **PACKAGES}, {USE: fork}, {TRACKER: TRACKER_SYNC})
    report = audit(git_repo, sides, tmp_path)
    assert found(report, RULE) == [(USE, line_of(fork, "await"), "error")]
    assert "awaitable" in next(f.message for f in report.findings if f.rule_id == RULE)


@pytest.mark.parametrize(
    ("base", "body", "theirs"),
    [
        # the twins: written for the wrapper, or a use the wrapper answers
        (MGR_BASE, "def ids(m: Manager) -> list[int]:\n    return m.allocate(4).ids()\n", WRAPPED),
        (MGR_BASE, "def some(m: Manager) -> bool:\n    return m.allocate(4) is not None\n", WRAPPED),
        # the wrapper iterates: still a sequence to the fork
        (
            MGR_BASE,
            "def ids(m: Manager) -> list[int]:\n    return [b.block_id for b in m.allocate(4)]\n",
            WRAPPED.replace(
                "    def ids(self)", "    def __iter__(self):\n        return iter(self.blocks)\n\n    def ids(self)"
            ),
        ),
        # the name rebound before the use: not the result any more
        (
            MGR_BASE,
            "def ids(m: Manager) -> list[int]:\n    new = m.allocate(4)\n    new = []\n    return [b for b in new]\n",
            WRAPPED,
        ),
        # the other element of the unpacked tuple, unchanged
        (MGR_BASE, "def hits(m: Manager, key: str) -> int:\n    _, n = m.cached(key)\n    return n\n", WRAPPED),
        # still awaitable upstream
        (
            TRACKER_BASE,
            "async def data(t: Tracker):\n    return await t.all_data()\n",
            TRACKER_BASE.replace("Optional[Awaitable[dict]]", "Awaitable[Optional[dict]]"),
        ),
    ],
)
def test_twins_stay_silent(git_repo: GitRepo, tmp_path: Path, base: str, body: str, theirs: str) -> None:
    path, head = (MGR, MGR_HEAD) if base is MGR_BASE else (TRACKER, TRACKER_HEAD)
    sides = three_way(git_repo, {path: base, **PACKAGES}, {USE: head + body}, {path: theirs})
    assert found(audit(git_repo, sides, tmp_path), RULE) == []


@pytest.mark.parametrize(
    ("body", "error"),
    [
        (
            "def count(m: Manager) -> int:\n    new = m.allocate(4)\n    if isinstance(new, list):  # before the wrapper\n"
            "        return len(new)\n    return 0 if new is None else len(new.blocks)\n",
            False,
        ),
        (
            "def count(m: Manager) -> int:\n    new = m.allocate(4)\n"
            "    return len(new) if isinstance(new, (list, tuple)) else len(new.blocks)\n",
            False,
        ),
        # a check of something else guards nothing of the result
        (
            "def count(m: Manager, other: object) -> int:\n    new = m.allocate(4)\n"
            "    return len(new) if isinstance(other, list) else 0\n",
            True,
        ),
    ],
    ids=["if", "conditional expression", "another value checked"],
)
def test_a_use_of_the_old_kind_only_where_it_is_that_kind(
    git_repo: GitRepo, tmp_path: Path, body: str, error: bool
) -> None:
    """#17479 under ``if isinstance(blocks, list): len(blocks)``: written for both sides of the change."""
    fork = MGR_HEAD + body
    sides = three_way(git_repo, {MGR: MGR_BASE, **PACKAGES}, {USE: fork}, {MGR: WRAPPED})
    got = found(audit(git_repo, sides, tmp_path), RULE)
    assert got == ([(USE, line_of(fork, "len(new)"), "error")] if error else [])
