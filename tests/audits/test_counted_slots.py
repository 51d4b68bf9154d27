"""A slot renamed and retyped as ``int`` takes the fork's own counter spelt like the old name.

#48798 (a123159f7a) made ``_SecondaryTierFacingParent(parent, tier: SecondaryTierManager)`` take ``(parent,
tier_idx: int)``.  The fork's ``_SecondaryTierFacingParent(self, tier) for tier in self.secondary_tiers`` hands it a
tier object: an error.  A fork that counts the tiers itself -- ``for tier in range(n)``, ``for tier, _ in
enumerate(tiers)`` -- hands it an int spelt like the old name: right after the merge, and quiet.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

MODEL = "vllm/v1/kv_offload/tiers.py"
BASE = """class Tier:
    pass


class Parent:
    def __init__(self, manager, tier: Tier) -> None:
        self.origin = tier
"""
UPSTREAM = BASE.replace(
    "tier: Tier) -> None:\n        self.origin = tier", "tier_idx: int) -> None:\n        self.origin_idx = tier_idx"
)
FORK = "vllm/v1/kv_offload/aeon_tiers.py"
SUBJECT = "Add tiering offloading metrics (#48798)"
HEAD = "from vllm.v1.kv_offload.tiers import Parent\n\n\n"


def errors(repo: GitRepo, config: Path, fork: str) -> list[int]:
    sides = s.merge_case(repo, {MODEL: BASE}, {FORK: fork}, [(SUBJECT, {MODEL: UPSTREAM})])
    report = repo.audit(config, merge=sides)
    return [f.line for f in report.findings if f.rule_id == DRIFT and f.path == FORK and f.severity.value == "error"]


@pytest.mark.parametrize(
    "loop",
    [
        "[Parent(self, tier) for tier in range(len(tiers))]",
        "[Parent(self, tier) for tier, _ in enumerate(tiers)]",
    ],
    ids=["range", "enumerate"],
)
def test_the_fork_s_own_counter_spelt_like_the_old_name_is_quiet(git_repo: GitRepo, no_rules: Path, loop: str) -> None:
    fork = HEAD + f"def aeon_parents(self, tiers: list) -> list:\n    return {loop}\n"
    assert errors(git_repo, no_rules, fork) == []


def _parents(loop: str) -> str:
    return HEAD + f"def aeon_parents(self, tiers: list) -> list:\n    return {loop}\n"


ITEM_LOOPS = [
    "[Parent(self, tier) for tier in tiers]",
    "[Parent(self, tier) for _, tier in enumerate(tiers)]",
    "[Parent(self, tier) for tier in range(3) for tier in tiers]",
]


@pytest.mark.parametrize(
    "loop",
    ITEM_LOOPS,
    ids=["the items", "enumerate's items", "a counter bound again to an item"],
)
def test_an_item_spelt_like_the_old_name_stays_an_error(git_repo: GitRepo, no_rules: Path, loop: str) -> None:
    # the rows' modules side by side, one merge and one audit a process (``s.audited_row``, suitespeed15)
    bodies = [_parents(text) for text in ITEM_LOOPS]
    upstream: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {MODEL: UPSTREAM})]
    folder = FORK.rsplit("/", 1)[0]
    _, found = s.audited_row(git_repo, no_rules, {MODEL: BASE}, bodies, _parents(loop), upstream, DRIFT, folder)
    assert [f.line for f in found if f.severity.value == "error"] == [5]
