"""A wire struct upstream switched from positional to named encoding (misses1): #42892 took ``array_like=True``
off ``KVCacheEvent``, so ``BlockStored(KVCacheEvent)`` goes on the wire as a map; a fork's subscriber that
mirrors it by position (the example subscriber as it was) now fails to decode every event.  Twins: a mirror
already keyed by name, a struct upstream left positional, a class upstream removed, upstream's own class."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import LAYOUT_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

EVENTS = "vllm/kv_events.py"
EVENTS_BASE = (
    "import msgspec\n\n\n"
    "class KVCacheEvent(msgspec.Struct, array_like=True, omit_defaults=True, tag=True):\n"
    '    """Base class."""\n\n\n'
    "class BlockStored(KVCacheEvent):\n"
    "    block_hashes: list[int]\n    parent_block_hash: int | None\n    token_ids: list[int]\n    block_size: int\n"
)
EVENTS_MAPPED = EVENTS_BASE.replace("msgspec.Struct, array_like=True, ", "msgspec.Struct, ")
OWN = (
    "import msgspec\n\n\n"
    "class BlockStored(msgspec.Struct, array_like=True, tag=True):\n"
    "    block_hashes: list[int]\n    parent_block_hash: int | None\n    token_ids: list[int]\n"
)
INHERITED = (
    "import msgspec\n\n\n"
    "class AeonEvent(msgspec.Struct, array_like=True, tag=True):\n    pass\n\n\n"
    "class AeonBlockStored(AeonEvent, tag='BlockStored'):\n"
    "    block_hashes: list[int]\n    parent_block_hash: int | None\n    token_ids: list[int]\n    block_size: int\n"
)
USE = "vllm/aeon_sub.py"
FILES = {"vllm/__init__.py": "", EVENTS: EVENTS_BASE}


@pytest.mark.parametrize("fork", [OWN, INHERITED], ids=["declared on the mirror", "inherited from its base"])
def test_a_positional_mirror_of_a_struct_upstream_made_a_map(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    sides = three_way(git_repo, FILES, {USE: fork}, {EVENTS: EVENTS_MAPPED})
    report = audit(git_repo, sides, tmp_path)
    assert found(report, LAYOUT_DRIFT) == [(USE, line_of(fork, "block_hashes"), "error")]
    assert "no longer array_like" in next(f.message for f in report.findings if f.rule_id == LAYOUT_DRIFT)


@pytest.mark.parametrize(
    ("fork", "theirs"),
    [
        (OWN.replace("array_like=True, ", ""), EVENTS_MAPPED),
        (OWN, EVENTS_BASE + "\n\nX = 1\n"),
        (OWN, "import msgspec\n"),
        (OWN.replace("token_ids", "token_list"), EVENTS_MAPPED),
    ],
    ids=["the mirror keyed by name", "still positional", "the struct removed", "not a mirror"],
)
def test_mapped_mirror_twins_stay_quiet(git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str) -> None:
    sides = three_way(git_repo, FILES, {USE: fork}, {EVENTS: theirs})
    assert found(audit(git_repo, sides, tmp_path), LAYOUT_DRIFT) == []
