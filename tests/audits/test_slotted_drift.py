"""Slotted drift: an attribute of the fork's own set on an instance of a class upstream made slotted.

vLLM #36164 (57c84ff129) made ``KVCacheBlock`` a ``@dataclass(slots=True)``: its fields read and write as before,
so a fork's ``block.aeon_last_used = now`` (a parameter typed as the class, or an element of the pool's
``blocks: list[KVCacheBlock]``) merges cleanly and raises AttributeError on first use.  A declared field, a
property with a setter, a fork subclass (its instances keep a ``__dict__``), a ``try`` catching AttributeError, a
base outside the tree that may bring a ``__dict__``, a ``__slots__`` holding ``"__dict__"``, a class slotted at
the base already and an untyped receiver stay quiet.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, row_side_by_side, three_way

PACKAGES = {"vllm/__init__.py": ""}
UTILS = "vllm/kv_cache_utils.py"
POOL = "vllm/block_pool.py"
USE = "vllm/aeon_use.py"
BLOCK_BASE = (
    "from dataclasses import dataclass\n\n\n"
    "@dataclass\nclass KVCacheBlock:\n    block_id: int\n    ref_cnt: int = 0\n    _block_hash: bytes | None = None\n\n"
    "    @property\n    def block_hash(self) -> bytes | None:\n        return self._block_hash\n\n"
    "    @block_hash.setter\n    def block_hash(self, value: bytes) -> None:\n        self._block_hash = value\n"
)
BLOCK_THEIRS = BLOCK_BASE.replace("@dataclass\nclass KVCacheBlock", "@dataclass(slots=True)\nclass KVCacheBlock")
POOL_TEXT = (
    "from vllm.kv_cache_utils import KVCacheBlock\n\n\n"
    "class BlockPool:\n    def __init__(self, num_gpu_blocks: int) -> None:\n"
    "        self.blocks: list[KVCacheBlock] = [KVCacheBlock(i) for i in range(num_gpu_blocks)]\n"
)
IMPORT = "import time\n\nfrom vllm.block_pool import BlockPool\nfrom vllm.kv_cache_utils import KVCacheBlock\n\n\n"

TYPED = IMPORT + "def touch(block: KVCacheBlock) -> None:\n    block.aeon_last_used = time.monotonic()\n"
POOLED = IMPORT + "def tag(pool: BlockPool) -> None:\n    for block in pool.blocks:\n        block.aeon_tier = 'hbm'\n"
SETATTR = IMPORT + "def touch(block: KVCacheBlock) -> None:\n    setattr(block, 'aeon_last_used', 1.0)\n"
BUILT = (
    IMPORT + "def make() -> KVCacheBlock:\n    block = KVCacheBlock(3)\n    block.aeon_tier = 'hbm'\n    return block\n"
)

FIELD = IMPORT + "def pin(block: KVCacheBlock) -> None:\n    block.ref_cnt += 1\n"
SETTER = IMPORT + "def adopt(block: KVCacheBlock, h: bytes) -> None:\n    block.block_hash = h\n"
SUBCLASS = (
    IMPORT + "class AeonBlock(KVCacheBlock):\n    pass\n\n\n"
    "def touch(block: AeonBlock) -> None:\n    block.aeon_last_used = time.monotonic()\n"
)
TRIED = (
    IMPORT + "def touch(block: KVCacheBlock) -> None:\n    try:\n        block.aeon_last_used = time.monotonic()\n"
    "    except AttributeError:\n        pass\n"
)
UNTYPED = IMPORT + "def touch(block) -> None:\n    block.aeon_last_used = time.monotonic()\n"
OWN_CLASS = (
    "class KVCacheBlock:\n    pass\n\n\ndef touch(block: KVCacheBlock) -> None:\n    block.aeon_last_used = 1.0\n"
)


def _slotted(git_repo: GitRepo, tmp_path: Path, fork: str, base: str = BLOCK_BASE, theirs: str = BLOCK_THEIRS) -> list:
    sides = three_way(git_repo, {UTILS: base, POOL: POOL_TEXT, **PACKAGES}, {USE: fork}, {UTILS: theirs})
    return found(audit(git_repo, sides, tmp_path), SYMBOL_DRIFT)


# The error rows below each put one def beside the same base and upstream, none importing another's: one merge and
# one audit of all their modules side by side answers each row (4 merges and audits became one per process;
# suitespeed14, through ``trees.row_side_by_side``).
SLOTTED_ERRORS = [TYPED, POOLED, SETATTR, BUILT]


def _slotted_among_errors(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str]]:
    base = {UTILS: BLOCK_BASE, POOL: POOL_TEXT, **PACKAGES}
    _, got = row_side_by_side(
        git_repo, tmp_path, base, SLOTTED_ERRORS, fork, {UTILS: BLOCK_THEIRS}, SYMBOL_DRIFT, "vllm"
    )
    return [(USE, f.line, f.severity.value) for f in got]


@pytest.mark.parametrize(
    ("fork", "needle"),
    [
        (TYPED, "block.aeon_last_used = "),
        (POOLED, "block.aeon_tier = "),
        (SETATTR, "setattr("),
        (BUILT, "block.aeon_tier = "),
    ],
    ids=["a-typed-parameter", "an-element-of-the-pool", "setattr", "a-built-instance"],
)
def test_a_new_attribute_on_a_class_made_slotted_is_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    assert _slotted_among_errors(git_repo, tmp_path, fork) == [(USE, line_of(fork, needle), "error")]


@pytest.mark.parametrize(
    "fork",
    [FIELD, SETTER, SUBCLASS, TRIED, UNTYPED, OWN_CLASS],
    ids=["a-field", "a-property-setter", "a-fork-subclass", "a-try", "untyped", "the-forks-own-class"],
)
def test_declared_names_subclasses_and_fallbacks_stay_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _slotted(git_repo, tmp_path, fork) == []


@pytest.mark.parametrize(
    ("base", "theirs"),
    [
        (BLOCK_THEIRS, BLOCK_THEIRS.replace("ref_cnt: int = 0", "ref_cnt: int = 1")),
        (
            BLOCK_BASE,
            BLOCK_BASE.replace("    block_id: int\n", "    __slots__ = ('block_id', '__dict__')\n    block_id: int\n"),
        ),
        (
            "from somewhere import Base\n" + BLOCK_BASE,
            "from somewhere import Base\n" + BLOCK_THEIRS.replace("class KVCacheBlock:", "class KVCacheBlock(Base):"),
        ),
    ],
    ids=["slotted-at-the-base-already", "slots-keeping-a-dict", "a-base-outside-the-tree"],
)
def test_a_class_whose_instances_keep_or_never_had_a_dict_stays_quiet(
    git_repo: GitRepo, tmp_path: Path, base: str, theirs: str
) -> None:
    assert _slotted(git_repo, tmp_path, TYPED, base, theirs) == []


def test_explicit_slots_close_the_class_too(git_repo: GitRepo, tmp_path: Path) -> None:
    base = "class Block:\n    def __init__(self, block_id: int) -> None:\n        self.block_id = block_id\n"
    theirs = base.replace("class Block:\n", "class Block:\n    __slots__ = ('block_id',)\n\n")
    fork = "from vllm.kv_cache_utils import Block\n\n\ndef tag(block: Block) -> None:\n    block.aeon_tier = 'hbm'\n"
    sides = three_way(git_repo, {UTILS: base, **PACKAGES}, {USE: fork}, {UTILS: theirs})
    assert found(audit(git_repo, sides, tmp_path), SYMBOL_DRIFT) == [(USE, line_of(fork, "aeon_tier"), "error")]


OWN_SUBCLASS = IMPORT + "class AeonBlock(KVCacheBlock):\n    pass\n\n\n"
NARROWED = OWN_SUBCLASS + (
    "def tag(block: KVCacheBlock) -> None:\n    if isinstance(block, AeonBlock):\n        block.aeon_tier = 'hbm'\n"
)
ASSERTED = OWN_SUBCLASS + (
    "def tag(block: KVCacheBlock) -> None:\n    assert isinstance(block, AeonBlock)\n    block.aeon_tier = 'hbm'\n"
)
RETURNED = OWN_SUBCLASS + (
    "def tag(block: KVCacheBlock) -> None:\n    if not isinstance(block, AeonBlock):\n        return\n"
    "    block.aeon_tier = 'hbm'\n"
)
DICT_TESTED = IMPORT + (
    "TIERS: dict[int, str] = {}\n\n\ndef tag(block: KVCacheBlock) -> None:\n"
    "    if hasattr(block, '__dict__'):\n        block.aeon_tier = 'hbm'\n    else:\n        TIERS[block.block_id] = 'hbm'\n"
)
SLOTS_TESTED = IMPORT + (
    "TIERS: dict[int, str] = {}\n\n\ndef tag(block: KVCacheBlock) -> None:\n"
    "    if hasattr(KVCacheBlock, '__slots__'):\n        TIERS[block.block_id] = 'hbm'\n        return\n"
    "    block.aeon_tier = 'hbm'\n"
)
SAME_CLASS = IMPORT + (
    "def tag(block: KVCacheBlock | None) -> None:\n    if isinstance(block, KVCacheBlock):\n        block.aeon_tier = 'hbm'\n"
)


@pytest.mark.parametrize(
    "fork",
    [NARROWED, ASSERTED, RETURNED, DICT_TESTED, SLOTS_TESTED],
    ids=["isinstance-of-a-fork-subclass", "asserted", "an-early-return", "a-dict-test", "a-slots-test"],
)
def test_a_store_where_the_fork_told_the_kind_apart_stays_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    """The fork's unslotted subclass under an ``isinstance`` test, or a test of whether instances keep a dict:
    the store runs only where it works (review26's false errors on #36164)."""
    assert _slotted(git_repo, tmp_path, fork) == []


def test_a_store_under_isinstance_of_the_slotted_class_itself_stays_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    assert _slotted(git_repo, tmp_path, SAME_CLASS) == [(USE, line_of(SAME_CLASS, "block.aeon_tier = "), "error")]


INSTALLED = IMPORT + (
    "TIERS: dict[int, str] = {}\n\n\n"
    "def _get(block: KVCacheBlock) -> str:\n    return TIERS.get(block.block_id, 'hbm')\n\n\n"
    "def _put(block: KVCacheBlock, tier: str) -> None:\n    TIERS[block.block_id] = tier\n\n\n"
    "KVCacheBlock.aeon_tier = property(_get, _put)\n\n\n"
    "def tag(block: KVCacheBlock) -> None:\n    block.aeon_tier = 'hbm'\n"
)
INSTALLED_LITERAL = IMPORT + (
    "KVCacheBlock.aeon_tier = 'hbm'\n\n\ndef tag(block: KVCacheBlock) -> None:\n    block.aeon_tier = 'dram'\n"
)


def test_a_descriptor_the_fork_installs_on_the_class_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    """``KVCacheBlock.aeon_tier = property(get, put)``: the property's setter takes the instance's write."""
    assert _slotted(git_repo, tmp_path, INSTALLED) == []


def test_a_literal_the_fork_sets_on_the_class_leaves_the_instance_store_an_error(
    git_repo: GitRepo, tmp_path: Path
) -> None:
    """A class attribute of a slotted class is read-only on its instances: the store still raises."""
    fork = INSTALLED_LITERAL
    assert _slotted(git_repo, tmp_path, fork) == [(USE, line_of(fork, "block.aeon_tier = "), "error")]


# mend46: a kind test naming the slotted class beside the fork's own lets the slotted blocks through
BOTH_NAMED = OWN_SUBCLASS + (
    "def tag(block: KVCacheBlock) -> None:\n    if isinstance(block, (AeonBlock, KVCacheBlock)):\n"
    "        block.aeon_tier = 'hbm'\n"
)
BOTH_UNION = OWN_SUBCLASS + (
    "def tag(block: KVCacheBlock) -> None:\n    if not isinstance(block, AeonBlock | KVCacheBlock):\n        return\n"
    "    block.aeon_tier = 'hbm'\n"
)
BOTH_TYPES = OWN_SUBCLASS + (
    "def tag(block: KVCacheBlock) -> None:\n    if type(block) in (AeonBlock, KVCacheBlock):\n"
    "        block.aeon_tier = 'hbm'\n"
)
BRANCH_EACH = OWN_SUBCLASS + (
    "TIERS: dict[int, str] = {}\n\n\ndef tag(block: KVCacheBlock) -> None:\n"
    "    if isinstance(block, AeonBlock):\n        block.aeon_tier = 'hbm'\n"
    "    elif isinstance(block, KVCacheBlock):\n        TIERS[block.block_id] = 'hbm'\n"
)
FORK_CLASSES = (
    OWN_SUBCLASS
    + "class AeonOther(KVCacheBlock):\n    pass\n\n\n"
    + (
        "def tag(block: KVCacheBlock) -> None:\n    if isinstance(block, (AeonBlock, AeonOther)):\n"
        "        block.aeon_tier = 'hbm'\n"
    )
)


@pytest.mark.parametrize(
    "fork", [BOTH_NAMED, BOTH_UNION, BOTH_TYPES], ids=["a-tuple", "a-union-early-return", "type-in-a-tuple"]
)
def test_a_kind_test_naming_the_slotted_class_too_stays_an_error(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _slotted(git_repo, tmp_path, fork) == [(USE, line_of(fork, "block.aeon_tier = "), "error")]


@pytest.mark.parametrize("fork", [BRANCH_EACH, FORK_CLASSES], ids=["a-branch-per-class", "a-tuple-of-fork-classes"])
def test_a_kind_test_separating_the_classes_stays_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _slotted(git_repo, tmp_path, fork) == []


# review31 (#36164's twin r31sl3): a match arm of the fork's own subclass tells the kinds apart as isinstance does
MATCH_OWN = OWN_SUBCLASS + (
    "TIERS: dict[int, str] = {}\n\n\ndef tag(block: KVCacheBlock) -> None:\n    match block:\n"
    "        case AeonBlock():\n            block.aeon_tier = 'hbm'\n"
    "        case _:\n            TIERS[block.block_id] = 'hbm'\n"
)
MATCH_AS = OWN_SUBCLASS + (
    "def tag(block: KVCacheBlock) -> None:\n    match block:\n"
    "        case AeonBlock(block_id=0) as first:\n            block.aeon_tier = 'hbm'\n"
)
MATCH_BOTH = OWN_SUBCLASS + (
    "def tag(block: KVCacheBlock) -> None:\n    match block:\n"
    "        case AeonBlock() | KVCacheBlock():\n            block.aeon_tier = 'hbm'\n"
)
MATCH_ANY = OWN_SUBCLASS + (
    "def tag(block: KVCacheBlock) -> None:\n    match block:\n"
    "        case AeonBlock():\n            pass\n        case _:\n            block.aeon_tier = 'hbm'\n"
)
MATCH_OTHER = OWN_SUBCLASS + (
    "def tag(block: KVCacheBlock, other: object) -> None:\n    match other:\n"
    "        case AeonBlock():\n            block.aeon_tier = 'hbm'\n"
)


@pytest.mark.parametrize("fork", [MATCH_OWN, MATCH_AS], ids=["case-of-the-fork-s-class", "case-with-a-capture"])
def test_a_match_arm_of_the_fork_s_subclass_stays_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _slotted(git_repo, tmp_path, fork) == []


@pytest.mark.parametrize(
    "fork", [MATCH_BOTH, MATCH_ANY, MATCH_OTHER], ids=["or-pattern-naming-the-slotted", "wildcard-arm", "other-subject"]
)
def test_a_match_arm_letting_slotted_blocks_through_stays_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str
) -> None:
    assert _slotted(git_repo, tmp_path, fork) == [(USE, line_of(fork, "block.aeon_tier = "), "error")]
