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


# upstream moves the (still array_like) base into its own module, or spells the flag through a constant: the
# module no longer settles the encoding on its own, so it is unknown and stays quiet (fixAE)
BASE_MOD = "vllm/kv_events_base.py"
BASE_TEXT = (
    "import msgspec\n\n\nclass KVCacheEvent(msgspec.Struct, array_like=True, omit_defaults=True, tag=True):\n    pass\n"
)
SPLIT = "from vllm.kv_events_base import KVCacheEvent\n\n\n" + EVENTS_BASE[EVENTS_BASE.index("class BlockStored") :]
ATTR_BASE = EVENTS_BASE.replace("import msgspec\n", "import msgspec\n\nfrom vllm import kv_events_base as kb\n")
CONST = EVENTS_BASE.replace("import msgspec\n", "import msgspec\n\nARRAY = True\n").replace("like=True", "like=ARRAY")


@pytest.mark.parametrize(
    "theirs",
    [
        {EVENTS: SPLIT, BASE_MOD: BASE_TEXT},
        {EVENTS: ATTR_BASE.replace("(KVCacheEvent)", "(kb.KVCacheEvent)"), BASE_MOD: BASE_TEXT},
        {EVENTS: CONST},
    ],
    ids=["base moved to its own module", "base spelled mod.Base", "flag via a constant"],
)
def test_an_encoding_the_module_does_not_settle_stays_quiet(
    git_repo: GitRepo, tmp_path: Path, theirs: dict[str, str]
) -> None:
    sides = three_way(git_repo, FILES, {USE: OWN}, theirs)
    assert found(audit(git_repo, sides, tmp_path), LAYOUT_DRIFT) == []


# the fork's own positional struct (both ends fork code) whose first fields share upstream's names: the field
# names alone do not prove it decodes upstream's frames, so a warning, not an error
UP_REQ = "vllm/v1/engine/__init__.py"
REQ_BASE = (
    "import msgspec\n\n\nclass EngineCoreRequest(msgspec.Struct, array_like=True, omit_defaults=True, gc=False):\n"
    "    request_id: str\n    prompt_token_ids: list[int]\n    arrival_time: float\n    priority: int = 0\n"
)
FORK_OWN = (
    "import msgspec\n\n\nclass AeonPrefill(msgspec.Struct, array_like=True):\n"
    "    request_id: str\n    prompt_token_ids: list[int]\n    arrival_time: float\n"
)


@pytest.mark.parametrize(
    ("fork", "level"), [(FORK_OWN, "warning"), (FORK_OWN.replace("AeonPrefill", "EngineCoreRequest"), "error")]
)
def test_a_mirror_naming_another_class_is_a_warning(git_repo: GitRepo, tmp_path: Path, fork: str, level: str) -> None:
    files = {"vllm/__init__.py": "", "vllm/v1/__init__.py": "", UP_REQ: REQ_BASE}
    mapped = REQ_BASE.replace("array_like=True, ", "")
    sides = three_way(git_repo, files, {"vllm/aeon/prefill.py": fork}, {UP_REQ: mapped})
    assert found(audit(git_repo, sides, tmp_path), LAYOUT_DRIFT) == [("vllm/aeon/prefill.py", 5, level)]
