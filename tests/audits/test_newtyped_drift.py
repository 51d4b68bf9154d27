"""Newtyped drift: a class upstream made a NewType (or an alias) of a builtin, the fork still uses its fields.

#23673 (82dfb12e52) made kv_cache_utils' ``BlockHash`` and ``BlockHashWithGroupId`` (NamedTuples) NewTypes of
``bytes``: a fork's ``block_hash.hash_value`` raises AttributeError, ``BlockHashWithGroupId(h, g)`` TypeError.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, side_by_side, three_way

PACKAGES = {"vllm/__init__.py": ""}
USE = "vllm/aeon_use.py"
UTILS = "vllm/kv_utils.py"
UTILS_BASE = (
    "from typing import NamedTuple, Optional\n\n\n"
    "class BlockHash(NamedTuple):\n    hash_value: int\n    token_ids: tuple[int, ...]\n\n\n"
    "class BlockHashWithGroupId(NamedTuple):\n    block_hash: BlockHash\n    group_id: int\n\n"
    "    def get_hash_value(self) -> int:\n        return self.block_hash.hash_value\n\n\n"
    "class KVCacheBlock:\n    block_id: int\n"
)
UTILS_THEIRS = (
    "from typing import NewType\n\n"
    'BlockHash = NewType("BlockHash", bytes)\n'
    'BlockHashWithGroupId = NewType("BlockHashWithGroupId", bytes)\n\n\n'
    "def make_block_hash_with_group_id(block_hash: BlockHash, group_id: int) -> BlockHashWithGroupId:\n"
    '    return BlockHashWithGroupId(block_hash + group_id.to_bytes(4, "big"))\n\n\n'
    "class KVCacheBlock:\n    block_id: int\n"
)
ALIASED_THEIRS = UTILS_THEIRS.replace('BlockHash = NewType("BlockHash", bytes)', "BlockHash = bytes")
KEPT_CLASS_THEIRS = UTILS_BASE + "\n\nExternalBlockHash = bytes\n"
IMPORT = "from vllm.kv_utils import BlockHash, BlockHashWithGroupId, KVCacheBlock\n\n\n"
FIELD = IMPORT + "def mine(block_hash: BlockHash) -> int:\n    return block_hash.hash_value\n"
OPTIONAL_FIELD = IMPORT + "def mine(block_hash: BlockHash | None) -> int:\n    return block_hash.token_ids[0]\n"
METHOD = IMPORT + "def mine(key: BlockHashWithGroupId) -> int:\n    return key.get_hash_value()\n"
BUILT = (
    IMPORT
    + "def mine(block_hash: BlockHash, group: int) -> BlockHashWithGroupId:\n    return BlockHashWithGroupId(block_hash, group)\n"
)
KEYWORDS = (
    IMPORT
    + "def mine(block_hash, group: int):\n    return BlockHashWithGroupId(block_hash=block_hash, group_id=group)\n"
)
# twins: what a bytes value still offers, the one-value NewType call, a kept class's field, an untyped value
BYTES_METHOD = IMPORT + "def mine(block_hash: BlockHash) -> str:\n    return block_hash.hex()\n"
ONE_VALUE = IMPORT + "def mine(raw: bytes) -> BlockHashWithGroupId:\n    return BlockHashWithGroupId(raw)\n"
KEPT_FIELD = IMPORT + "def mine(block: KVCacheBlock) -> int:\n    return block.block_id\n"
UNTYPED = IMPORT + "def mine(block_hash) -> int:\n    return block_hash.hash_value\n"
OWN_CLASS = (
    "class BlockHash:\n    hash_value: int = 0\n\n\n"
    "def mine(block_hash: BlockHash) -> int:\n    return block_hash.hash_value\n"
)


def _newtyped(git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str = UTILS_THEIRS) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {UTILS: UTILS_BASE, **PACKAGES}, {USE: fork}, {UTILS: theirs})
    report = audit(git_repo, sides, tmp_path)
    return [f for f in found(report, SYMBOL_DRIFT) if f[2] == "error"]


NEWTYPE_USES = [
    (FIELD, ".hash_value"),
    (OPTIONAL_FIELD, ".token_ids"),
    (METHOD, ".get_hash_value()"),
    (BUILT, "BlockHashWithGroupId(block_hash, group)"),
    (KEYWORDS, "block_hash=block_hash"),
]
# The rows' modules side by side: one merge and one audit of the five a process (suitespeed11).
NEWTYPE_FORKS = {USE.replace(".py", f"_{n}.py"): fork for n, (fork, _) in enumerate(NEWTYPE_USES)}


@pytest.mark.parametrize(
    ("fork", "needle"),
    NEWTYPE_USES,
    ids=["a-field", "an-optional-value-s-field", "a-method", "built-positionally", "built-by-keyword"],
)
def test_a_class_made_a_newtype_of_bytes_used_as_the_class_is_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    path = next(p for p, text in NEWTYPE_FORKS.items() if text == fork)
    base = {UTILS: UTILS_BASE, **PACKAGES}
    findings = side_by_side(git_repo, tmp_path, base, NEWTYPE_FORKS, {UTILS: UTILS_THEIRS}, SYMBOL_DRIFT)[path]
    errors = [(f.path, f.line, f.severity.value) for f in findings if f.severity.value == "error"]
    assert errors == [(path, line_of(fork, needle), "error")]


def test_a_class_made_an_alias_of_bytes_read_by_field_is_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    assert _newtyped(git_repo, tmp_path, FIELD, ALIASED_THEIRS) == [(USE, line_of(FIELD, ".hash_value"), "error")]


@pytest.mark.parametrize(
    "fork",
    [BYTES_METHOD, ONE_VALUE, KEPT_FIELD, UNTYPED, OWN_CLASS],
    ids=["a-bytes-method", "the-one-value-call", "a-kept-class", "untyped", "the-fork-s-own-class"],
)
def test_what_bytes_still_offer_and_other_classes_stay_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _newtyped(git_repo, tmp_path, fork) == []


def test_a_class_upstream_kept_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    assert _newtyped(git_repo, tmp_path, FIELD, KEPT_CLASS_THEIRS) == []


def test_a_name_imported_from_another_module_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    """``from vllm.other_utils import BlockHash``: another module's class of the name, not the one upstream
    made a NewType."""
    other = {"vllm/other_utils.py": "class BlockHash:\n    hash_value: int = 0\n"}
    fork = FIELD.replace("from vllm.kv_utils import", "from vllm.other_utils import")
    sides = three_way(git_repo, {UTILS: UTILS_BASE, **PACKAGES, **other}, {USE: fork}, {UTILS: UTILS_THEIRS})
    assert [f for f in found(audit(git_repo, sides, tmp_path), SYMBOL_DRIFT) if f[2] == "error"] == []


def test_a_relative_import_is_followed(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = FIELD.replace("from vllm.kv_utils import", "from .kv_utils import")
    assert _newtyped(git_repo, tmp_path, fork) == [(USE, line_of(fork, ".hash_value"), "error")]


# ``import m`` / ``import m as x`` then ``m.Name``: the engine's import resolution (may_come_from) follows it
MODULE_IMPORT = "import vllm.kv_utils\n\n\n"
ALIASED_MODULE = "import vllm.kv_utils as kvu\n\n\n"
FROM_PACKAGE = "from vllm import kv_utils as kvu\n\n\n"
MODULE_FIELD = (
    MODULE_IMPORT + "def mine(block_hash: vllm.kv_utils.BlockHash) -> int:\n    return block_hash.hash_value\n"
)
ALIASED_FIELD = ALIASED_MODULE + "def mine(block_hash: 'kvu.BlockHash') -> int:\n    return block_hash.token_ids[0]\n"
ALIASED_BUILT = ALIASED_MODULE + "def mine(h: bytes, group: int):\n    return kvu.BlockHashWithGroupId(h, group)\n"
PACKAGE_BUILT = (
    FROM_PACKAGE
    + "def mine(h: bytes, group: int):\n    return kvu.BlockHashWithGroupId(block_hash=h, group_id=group)\n"
)
# twins: the one-value call through the module, a bytes method, another module's class of the same name
ALIASED_ONE_VALUE = ALIASED_MODULE + "def mine(raw: bytes):\n    return kvu.BlockHashWithGroupId(raw)\n"
ALIASED_BYTES = ALIASED_MODULE + "def mine(block_hash: kvu.BlockHash) -> str:\n    return block_hash.hex()\n"
OTHER_MODULE = (
    "import vllm.kv_utils as kvu\nimport mylib.hashes as other\n\n\n"
    "def mine(block_hash: other.BlockHash, group: int) -> int:\n"
    "    other.BlockHashWithGroupId(block_hash, group)\n    return block_hash.hash_value\n"
)


@pytest.mark.parametrize(
    ("fork", "needle"),
    [
        (MODULE_FIELD, ".hash_value"),
        (ALIASED_FIELD, ".token_ids"),
        (ALIASED_BUILT, "kvu.BlockHashWithGroupId(h, group)"),
        (PACKAGE_BUILT, "block_hash=h"),
    ],
    ids=["import-m-annotation", "import-m-as-x-string-annotation", "import-m-as-x-call", "from-package-import-m"],
)
def test_a_newtyped_class_named_off_its_module_is_followed(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    assert _newtyped(git_repo, tmp_path, fork) == [(USE, line_of(fork, needle), "error")]


@pytest.mark.parametrize("fork", [ALIASED_ONE_VALUE, ALIASED_BYTES, OTHER_MODULE], ids=["one-value", "bytes", "other"])
def test_a_module_spelling_that_still_works_stays_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _newtyped(git_repo, tmp_path, fork) == []
