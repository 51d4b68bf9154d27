"""A container attribute upstream built as a ``defaultdict`` and builds as a plain dict, indexed or added into by a
fork line at a key it may not hold.

#14073 (b9f1d4294e) made ``KVCacheManager.num_cached_block`` ``{}`` where it was ``defaultdict(int)`` and moved its
own reads to ``.get``: a fork subclass's ``self.num_cached_block[rid]`` or a fork's ``mgr.num_cached_block[rid] += 1``
raises KeyError on a request not cached yet.  Twins: a ``.get`` with a default, ``setdefault``, a membership test,
a store before the read, a ``try`` catching KeyError, a fork class building the attribute itself, an attribute
upstream kept a ``defaultdict``, a receiver of another class.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import TYPE_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

MANAGER = "vllm/v1/core/kv_cache_manager.py"
BASE = """from collections import defaultdict


class KVCacheManager:
    def __init__(self, block_size):
        self.block_size = block_size
        self.num_cached_block = defaultdict(int)
        self.req_to_blocks = defaultdict(list)

    def cache(self, request_id, n):
        num_cached = self.num_cached_block[request_id]
        self.num_cached_block[request_id] = num_cached + n
"""
# the hit counts made a plain dict, upstream's own read moved to .get; the block lists kept a defaultdict
AFTER = BASE.replace(
    "        self.num_cached_block = defaultdict(int)\n", "        self.num_cached_block = {}\n"
).replace("self.num_cached_block[request_id]\n", "self.num_cached_block.get(request_id, 0)\n")
# made a plain dict, upstream's reads left as they were
UNGUARDED = BASE.replace(
    "        self.num_cached_block = defaultdict(int)\n", "        self.num_cached_block = dict()\n"
)
FORK = "vllm/aeon/slots.py"
HEAD = "from vllm.v1.core.kv_cache_manager import KVCacheManager\n\n\n"
SUBJECT = "[v1][Bugfix] Only cache blocks that are not in the prefix cache (#14073)"


def rows(repo: GitRepo, config: Path, body: str, after: str = AFTER) -> list[tuple[int, str]]:
    sides = s.merge_case(repo, {MANAGER: BASE}, {FORK: HEAD + body}, [(SUBJECT, {MANAGER: after})])
    return [(line - 3, sev) for path, line, sev, _ in s.rule_rows(repo, config, sides, TYPE_DRIFT) if path == FORK]


# The rows of ``test_an_index_of_a_defaultdict_made_a_dict_is_an_error`` that define no class each put one def beside
# the same base and upstream, none importing another's: one merge and one audit of all their modules side by side
# answers each row (3 merges and audits became one per process; suitespeed14, through ``drift_shapes.audited_row``).
# The subclass row keeps its merge.
INDEXED = [
    "def mark(mgr: KVCacheManager, rid: str) -> None:\n    mgr.num_cached_block[rid] += 1\n",
    "def total(mgr: KVCacheManager, rids: list) -> int:\n    n = 0\n    for rid in rids:\n"
    "        n += mgr.num_cached_block[rid]\n    return n\n",
    "def bump(mgr: KVCacheManager, rid: str, k: int) -> None:\n    mgr.num_cached_block[rid] -= k\n",
]


def rows_among_indexed(repo: GitRepo, config: Path, body: str) -> list[tuple[int, str]]:
    """``rows`` of ``body``, one of ``INDEXED``, from their one merge and audit side by side."""
    bodies = [HEAD + text for text in INDEXED]
    upstream: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {MANAGER: AFTER})]
    _, found = s.audited_row(repo, config, {MANAGER: BASE}, bodies, HEAD + body, upstream, TYPE_DRIFT, "vllm/aeon")
    return [(f.line - 3, f.severity.value) for f in found]


@pytest.mark.parametrize(
    ("body", "line"),
    [
        (
            "class Mine(KVCacheManager):\n    def cached(self, rid: str) -> int:\n"
            "        return self.num_cached_block[rid] * self.block_size\n",
            3,
        ),
        *zip(INDEXED, [2, 4, 2], strict=True),
    ],
    ids=["a subclass's read", "an augmented assignment", "a read in a loop", "a subtraction in place"],
)
def test_an_index_of_a_defaultdict_made_a_dict_is_an_error(
    git_repo: GitRepo, no_rules: Path, body: str, line: int
) -> None:
    run = rows_among_indexed if body in INDEXED else rows
    assert run(git_repo, no_rules, body) == [(line, "error")]


def test_a_read_upstream_did_not_guard_itself_is_a_warning_an_addition_still_an_error(
    git_repo: GitRepo, no_rules: Path
) -> None:
    body = (
        "def cached(mgr: KVCacheManager, rid: str) -> int:\n    return mgr.num_cached_block[rid]\n\n\n"
        "def mark(mgr: KVCacheManager, rid: str) -> None:\n    mgr.num_cached_block[rid] += 1\n"
    )
    assert rows(git_repo, no_rules, body, UNGUARDED) == [(2, "warning"), (6, "error")]


@pytest.mark.parametrize(
    "body",
    [
        "def cached(mgr: KVCacheManager, rid: str) -> int:\n    return mgr.num_cached_block.get(rid, 0)\n",
        "def mark(mgr: KVCacheManager, rid: str) -> None:\n    mgr.num_cached_block.setdefault(rid, 0)\n"
        "    mgr.num_cached_block[rid] += 1\n",
        "def cached(mgr: KVCacheManager, rid: str) -> int:\n"
        "    return mgr.num_cached_block[rid] if rid in mgr.num_cached_block else 0\n",
        "def mark(mgr: KVCacheManager, rid: str) -> None:\n    mgr.num_cached_block[rid] = 0\n"
        "    mgr.num_cached_block[rid] += 1\n",
        "def cached(mgr: KVCacheManager, rid: str) -> int:\n    try:\n        return mgr.num_cached_block[rid]\n"
        "    except KeyError:\n        return 0\n",
        "class Mine(KVCacheManager):\n    def __init__(self, block_size):\n        super().__init__(block_size)\n"
        "        self.num_cached_block = {}\n\n    def mark(self, rid: str) -> None:\n"
        "        self.num_cached_block[rid] = 1\n        self.num_cached_block[rid] += 1\n",
        "def blocks(mgr: KVCacheManager, rid: str) -> list:\n    return mgr.req_to_blocks[rid]\n",
        "class Other:\n    num_cached_block: dict = {}\n\n\n"
        "def mark(o: Other, rid: str) -> None:\n    o.num_cached_block[rid] += 1\n",
        # mend62: a test of the key's .get, an early exit or a branch
        "def mark(mgr: KVCacheManager, rid: str) -> None:\n    if mgr.num_cached_block.get(rid) is None:\n"
        "        return\n    mgr.num_cached_block[rid] += 1\n",
        "def cached(mgr: KVCacheManager, rid: str) -> int:\n"
        "    return mgr.num_cached_block[rid] if mgr.num_cached_block.get(rid) else 0\n",
    ],
    ids=[
        "a get with a default",
        "setdefault first",
        "a membership test",
        "a store before",
        "a try catching KeyError",
        "a fork class building its own",
        "a kept defaultdict",
        "another class's attribute",
        "an early exit on a get",
        "a branch on a get",
    ],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


def test_a_dict_filled_up_front_is_not_read(git_repo: GitRepo, no_rules: Path) -> None:
    """Upstream's comprehension fills every key the fork may index: the default is not what answered it."""
    filled = BASE.replace(
        "        self.num_cached_block = defaultdict(int)\n", "        self.num_cached_block = {k: 0 for k in 'ab'}\n"
    )
    body = "def mark(mgr: KVCacheManager, rid: str) -> None:\n    mgr.num_cached_block[rid] += 1\n"
    assert rows(git_repo, no_rules, body, filled) == []


@pytest.mark.parametrize(
    "body",
    [
        "def total(mgr: KVCacheManager) -> int:\n    n = 0\n    for rid in mgr.num_cached_block:\n"
        "        n += mgr.num_cached_block[rid]\n    return n\n",
        "class Mine(KVCacheManager):\n    def report(self) -> dict:\n"
        "        return {rid: self.num_cached_block[rid] for rid in list(self.num_cached_block)}\n",
        "def shift(mgr: KVCacheManager) -> None:\n    for rid in sorted(mgr.num_cached_block.keys()):\n"
        "        mgr.num_cached_block[rid] -= 1\n",
        "def idle(mgr: KVCacheManager) -> list:\n"
        "    return [rid for rid in mgr.num_cached_block.copy() if not mgr.num_cached_block[rid]]\n",
        "def bump(mgr: KVCacheManager) -> None:\n    for rid, n in mgr.num_cached_block.items():\n"
        "        mgr.num_cached_block[rid] += n\n",
        "from collections import defaultdict\n\n\ndef cached(mgr: KVCacheManager, rid: str) -> int:\n"
        "    if isinstance(mgr.num_cached_block, defaultdict):\n        return mgr.num_cached_block[rid]\n"
        "    return mgr.num_cached_block.get(rid, 0)\n",
        "def cached(mgr: KVCacheManager, rid: str) -> int:\n"
        "    if hasattr(mgr.num_cached_block, 'default_factory'):\n        return mgr.num_cached_block[rid]\n"
        "    return mgr.num_cached_block.get(rid, 0)\n",
    ],
    ids=[
        "a loop over its keys",
        "a comprehension over a copy of its keys",
        "a loop over its sorted keys, added into",
        "a comprehension over .copy()",
        "a loop over its items",
        "an isinstance test of defaultdict",
        "a hasattr test of default_factory",
    ],
)
def test_review83_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    """review83: a key the fork drew from the dict's own keys is there; a test of the defaulting kind reads both
    upstreams."""
    assert rows(git_repo, no_rules, body) == []


def test_a_key_from_another_walk_is_still_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """A loop over another container's keys (or over the dict's values) does not vouch for the key."""
    body = (
        "def mark(mgr: KVCacheManager) -> None:\n    for rid in mgr.req_to_blocks:\n"
        "        mgr.num_cached_block[rid] += 1\n    for rid in mgr.num_cached_block.values():\n"
        "        mgr.num_cached_block[rid] += 1\n"
    )
    assert rows(git_repo, no_rules, body) == [(3, "error"), (5, "error")]


@pytest.mark.parametrize(
    ("call", "found"),
    [
        # upstream's ``cache`` stores the key: the read after it is of a key there
        ("super().cache(rid, 1)", []),
        # a base method storing nothing into the dict: the read is still an error
        ("super().__init__(16)", [(5, "error")]),
    ],
    ids=["twin: the base's store through super()", "a super() call of a method storing nothing"],
)
def test_a_key_the_base_stores_through_a_super_call(
    git_repo: GitRepo, no_rules: Path, call: str, found: list[tuple[int, str]]
) -> None:
    """mend67: ``super().cache(rid, 1)`` (upstream's ``cache`` stores ``self.num_cached_block[request_id]``) was
    not seen as a store, a false error on correct code."""
    body = (
        "class Mine(KVCacheManager):\n    def cache(self, rid: str, n: int) -> int:\n"
        f"        {call}\n        self.block_size = n\n"
        "        return self.num_cached_block[rid] * self.block_size\n"
    )
    assert rows(git_repo, no_rules, body) == found
