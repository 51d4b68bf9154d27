"""Return drift, one value made a tuple, where upstream's own caller unpacks across a line break, and the first
read of the local the fork bound the one value to.

#12003 (994fc655b7) made ``KVCacheManager.get_computed_blocks`` return ``(computed_blocks, num_computed_tokens)``
where it returned the block list, and rewrote the scheduler's ``computed_blocks = ...get_computed_blocks(`` into
``computed_blocks, num_computed_tokens = \\`` with the call on the next line: the evidence that the one value was
meant was read only when the call sat on the unpack's own line.  A fork's ``computed = mgr.get_computed_blocks(r)``
then ``len(computed) * block_size`` computes 2 * block_size, silently; the line that misreads it is reported too.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.returns import RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

MANAGER = "vllm/v1/core/kv_cache_manager.py"
MANAGER_BASE = """class KVCacheManager:
    block_size = 16

    def get_computed_blocks(self, request):
        blocks = []
        for h in request:
            blocks.append(h)
        return blocks


def schedule(manager, request):
    computed_blocks = manager.get_computed_blocks(
        request)
    return computed_blocks
"""
TUPLE_RETURN = "        return blocks, len(blocks) * self.block_size\n"
BACKSLASH = MANAGER_BASE.replace("        return blocks\n", TUPLE_RETURN).replace(
    "    computed_blocks = manager.get_computed_blocks(\n        request)\n",
    "    computed_blocks, num_tokens = \\\n        manager.get_computed_blocks(request)\n",
)
PARENTHESIZED = MANAGER_BASE.replace("        return blocks\n", TUPLE_RETURN).replace(
    "    computed_blocks = manager.get_computed_blocks(\n        request)\n",
    "    computed_blocks, num_tokens = (\n        manager.get_computed_blocks(request)\n    )\n",
)
# upstream widened the return but its caller still binds one name (over a line break too): no evidence
UNMOVED = MANAGER_BASE.replace("        return blocks\n", TUPLE_RETURN)
SUBJECT = "[V1][Prefix Cache] Move the logic of num_computed_tokens into KVCacheManager (#12003)"
FORK = "vllm/aeon/admission.py"
HEAD = "from vllm.v1.core.kv_cache_manager import KVCacheManager\n\n\n"
INITS = {"vllm/v1/core/__init__.py": ""}


def _found(git_repo: GitRepo, no_rules: Path, fork: str, upstream: str) -> list[int]:
    sides = s.merge_case(
        git_repo, {MANAGER: MANAGER_BASE, **INITS}, {FORK: HEAD + fork}, [(SUBJECT, {MANAGER: upstream})]
    )
    report = git_repo.audit(no_rules, merge=sides)
    return sorted(
        f.line - 3 for f in report.findings if f.path == FORK and f.rule_id == RULE and f.severity.value == "error"
    )


ONE_VALUE_ROWS = [
    (
        "def cached(mgr: KVCacheManager, r) -> int:\n    computed = mgr.get_computed_blocks(r)\n"
        "    return len(computed) * mgr.block_size\n",
        [2, 3],
    ),
    (
        "def nth(mgr: KVCacheManager, r, i: int):\n    computed = mgr.get_computed_blocks(r)\n"
        "    head = computed[i]\n    return head\n",
        [2, 3],
    ),
    (
        "def ids(mgr: KVCacheManager, r) -> list:\n    computed = mgr.get_computed_blocks(r)\n"
        "    out = []\n    for blk in computed:\n        out.append(blk)\n    return out\n",
        [2, 4],
    ),
    (
        "class Mine(KVCacheManager):\n    def ids(self, r) -> list:\n"
        "        return [b for b in self.get_computed_blocks(r)]\n",
        [3],
    ),
]
ONE_VALUE_USES = [body for body, _ in ONE_VALUE_ROWS]


@pytest.mark.parametrize("upstream", [BACKSLASH, PARENTHESIZED], ids=["a backslash", "a parenthesized value"])
@pytest.mark.parametrize(
    ("body", "lines"),
    ONE_VALUE_ROWS,
    ids=["a len() of the local", "an index of the local", "a loop over the local", "a comprehension over the call"],
)
def test_a_one_value_use_of_a_call_upstream_unpacks_over_a_line_break(
    git_repo: GitRepo, no_rules: Path, upstream: str, body: str, lines: list[int]
) -> None:
    # the rows' modules side by side, one merge and one audit an upstream a process (suitespeed12): a finding of
    # the rule outside them fails the batch
    bodies = [HEAD + text for text in ONE_VALUE_USES]
    base = {MANAGER: MANAGER_BASE, **INITS}
    upstreams: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {MANAGER: upstream})]
    _, rows = s.audited_row(git_repo, no_rules, base, bodies, HEAD + body, upstreams, RULE, "vllm/aeon")
    assert sorted(f.line - 3 for f in rows if f.severity.value == "error") == lines


@pytest.mark.parametrize(
    ("body", "upstream", "lines"),
    [
        # the new spelling: the fork unpacks both
        (
            "def cached(mgr: KVCacheManager, r) -> int:\n    computed, n = mgr.get_computed_blocks(r)\n"
            "    return len(computed) + n\n",
            BACKSLASH,
            [],
        ),
        # a tuple's own method read off the local: only the binding line is the misuse
        (
            "def hits(mgr: KVCacheManager, r, b) -> int:\n    computed = mgr.get_computed_blocks(r)\n"
            "    return computed.count(b)\n",
            BACKSLASH,
            [2],
        ),
        # the local's kind tested first: the fork handles either value
        (
            "def cached(mgr: KVCacheManager, r) -> int:\n    computed = mgr.get_computed_blocks(r)\n"
            "    if isinstance(computed, tuple):\n        computed = computed[0]\n    return len(computed)\n",
            BACKSLASH,
            [],
        ),
        # upstream's caller still binds the value whole: the wider return is not claimed
        (
            "def cached(mgr: KVCacheManager, r) -> int:\n    computed = mgr.get_computed_blocks(r)\n"
            "    return len(computed)\n",
            UNMOVED,
            [],
        ),
    ],
    ids=["the fork unpacks", "a tuple method", "a local rebound after a test", "upstream's caller unmoved"],
)
def test_twins_of_the_broken_line_unpack(
    git_repo: GitRepo, no_rules: Path, body: str, upstream: str, lines: list[int]
) -> None:
    assert _found(git_repo, no_rules, body, upstream) == lines


SORTER = "def _blocks(hit) -> list:\n    return hit[0] if isinstance(hit, tuple) else hit\n\n\n"


@pytest.mark.parametrize(
    ("body", "lines"),
    [
        # review83: the local handed whole to the module's own helper that tells a tuple from the blocks
        (
            SORTER + "def cached(mgr: KVCacheManager, r) -> int:\n    computed = mgr.get_computed_blocks(r)\n"
            "    return len(_blocks(computed))\n",
            [],
        ),
        # a helper that asks nothing of its parameter's kind: the binding is still the misuse
        (
            "def _blocks(hit) -> list:\n    return list(hit)\n\n\n"
            "def cached(mgr: KVCacheManager, r) -> int:\n    computed = mgr.get_computed_blocks(r)\n"
            "    return len(_blocks(computed))\n",
            [6],
        ),
        # handed to the sorter, then read as one value as well: the read is still the misuse
        (
            SORTER + "def cached(mgr: KVCacheManager, r) -> int:\n    computed = mgr.get_computed_blocks(r)\n"
            "    _blocks(computed)\n    return len(computed)\n",
            [6, 8],
        ),
    ],
    ids=["a helper testing the kind", "a helper testing nothing", "a len() beside the helper"],
)
def test_a_local_handed_to_a_kind_sorting_helper(
    git_repo: GitRepo, no_rules: Path, body: str, lines: list[int]
) -> None:
    assert _found(git_repo, no_rules, body, BACKSLASH) == lines
