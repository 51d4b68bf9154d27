"""Nesting drift (drift/flattened.py): #30166 made ``BlockPool.touch(blocks: tuple[Sequence[KVCacheBlock],
...])`` take ``Sequence[KVCacheBlock]``; a fork's ``pool.touch((blocks,))`` fits the call and the kind, and
the body reads ``ref_cnt`` off a list."""

from __future__ import annotations

from pathlib import Path

import pytest

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
    report = git_repo.audit(no_rules, merge=sides)
    errors = [f for f in report.findings if f.rule_id == DRIFT and f.path == FORK and f.severity.value == "error"]
    assert bool(errors) is caught, errors
    if caught:
        assert errors[0].line == 5 and "deep, not" in errors[0].message


# --- twins a reviewer proved false errors (fixAK) --------------------------------------------------------
BODY_TEXT = """from collections.abc import Sequence


class KVCacheBlock:
    ref_cnt: int = 0


class BlockPool:
    def touch(self, blocks: {annotation}) -> None:
{body}
"""
GROUPS = "        for group in blocks:\n            for block in group:\n                block.ref_cnt += 1"
BLOCKS = "        for block in blocks:\n            block.ref_cnt += 1"
# upstream flattened and still takes the old depth: the body asks an element's kind
SHIM = (
    "        if blocks and not isinstance(blocks[0], KVCacheBlock):\n"
    "            blocks = [b for group in blocks for b in group]\n" + BLOCKS
)
LOOP_SHIM = (
    "        for item in blocks:\n"
    "            for block in (item if not hasattr(item, 'ref_cnt') else [item]):\n"
    "                block.ref_cnt += 1"
)
FORK_TRY = """from vllm.v1.core.block_pool import BlockPool, KVCacheBlock


def aeon_pin(pool: BlockPool, blocks: list[KVCacheBlock]) -> None:
    try:
        pool.touch({old})
    except AttributeError:  # after #30166 touch takes one group's blocks
        pool.touch({new})
"""
FORK_SIGNATURE = """import inspect

from vllm.v1.core.block_pool import BlockPool, KVCacheBlock


def aeon_pin(pool: BlockPool, blocks: list[KVCacheBlock]) -> None:
    if "tuple" in str(inspect.signature(pool.touch).parameters["blocks"].annotation):
        pool.touch((blocks,))
    else:
        pool.touch(blocks)
"""
FORK_UNTYPED = """from vllm.v1.core.block_pool import KVCacheBlock


class AeonPrefixIndex:
    def __init__(self, recent) -> None:
        self.recent = recent  # a redis client

    def pin(self, key: str) -> None:
        self.recent.touch([key])
"""


def _drift(
    git_repo: GitRepo, no_rules: Path, old: tuple[str, str], new: tuple[str, str], fork: str
) -> dict[str, set[int]]:
    """The drift findings' lines in the fork file, by severity."""

    def pool(shape: tuple[str, str]) -> str:
        return BODY_TEXT.format(annotation=shape[0], body=shape[1])

    sides = s.merge_case(git_repo, {**CORE, POOL: pool(old)}, {FORK: fork}, [(SUBJECT, {POOL: pool(new)})])
    report = git_repo.audit(no_rules, merge=sides)
    found: dict[str, set[int]] = {"error": set(), "warning": set()}
    for f in report.findings:
        if f.rule_id == DRIFT and f.path == FORK:
            found.setdefault(f.severity.value, set()).add(f.line)
    return found


@pytest.mark.parametrize("body", [SHIM, LOOP_SHIM], ids=["isinstance of an element", "hasattr of a loop variable"])
def test_new_body_takes_either_depth(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    """Upstream's flattened body asks the kind of what it is handed: the old depth still works, quiet."""
    found = _drift(
        git_repo,
        no_rules,
        ("tuple[Sequence[KVCacheBlock], ...]", GROUPS),
        ("Sequence[KVCacheBlock]", body),
        FORK_TEXT.format(display="(blocks,)"),
    )
    assert not found["error"] and not found["warning"], found


@pytest.mark.parametrize(
    ("old", "new", "display"),
    [
        ("list[KVCacheBlock]", "list[list[KVCacheBlock]]", "[blocks]"),  # nesting: the old annotation was wrong
        ("Sequence[KVCacheBlock]", "tuple[Sequence[KVCacheBlock], ...]", "[blocks]"),  # kind: a list for a tuple
    ],
    ids=["nesting", "kind"],
)
def test_annotation_only_correction(git_repo: GitRepo, no_rules: Path, old: str, new: str, display: str) -> None:
    """The body walked groups all along; upstream only corrected the annotation: a warning, not an error."""
    found = _drift(git_repo, no_rules, (old, GROUPS), (new, GROUPS), FORK_TEXT.format(display=display))
    assert not found["error"] and 5 in found["warning"], found


def test_untyped_receiver_matched_by_name(git_repo: GitRepo, no_rules: Path) -> None:
    """``self.recent.touch([key])``, ``recent`` untyped: matched to BlockPool.touch by its name alone, it may be
    a library's method of the same name: a warning."""
    found = _drift(
        git_repo,
        no_rules,
        ("tuple[Sequence[KVCacheBlock], ...]", GROUPS),
        ("Sequence[KVCacheBlock]", BLOCKS),
        FORK_UNTYPED,
    )
    assert not found["error"] and 9 in found["warning"], found


FLAT_DICT = (
    "dict[int, list[KVCacheBlock]]",
    "        for group in blocks.values():\n            for block in group:\n                block.ref_cnt += 1",
)


@pytest.mark.parametrize(
    ("old", "new", "fork", "line"),
    [
        (
            ("tuple[Sequence[KVCacheBlock], ...]", GROUPS),
            ("Sequence[KVCacheBlock]", BLOCKS),
            FORK_TRY.format(old="(blocks,)", new="blocks"),
            6,
        ),
        (("tuple[Sequence[KVCacheBlock], ...]", GROUPS), ("Sequence[KVCacheBlock]", BLOCKS), FORK_SIGNATURE, 8),
        (("list[list[KVCacheBlock]]", GROUPS), FLAT_DICT, FORK_TRY.format(old="[blocks]", new="{0: blocks}"), 6),
    ],
    ids=["try, nesting", "signature test, nesting", "try, kind"],
)
def test_guarded_call(
    git_repo: GitRepo, no_rules: Path, old: tuple[str, str], new: tuple[str, str], fork: str, line: int
) -> None:
    """The fork wrote a fallback (a try catching what the misfit raises, a test of the callee's signature):
    a warning, not an error."""
    found = _drift(git_repo, no_rules, old, new, fork)
    assert not found["error"] and line in found["warning"], found


def test_killers_still_errors(git_repo: GitRepo, no_rules: Path) -> None:
    """Control: the same shapes unguarded, typed, with a body that changed: still errors."""
    found = _drift(
        git_repo,
        no_rules,
        ("tuple[Sequence[KVCacheBlock], ...]", GROUPS),
        ("Sequence[KVCacheBlock]", BLOCKS),
        FORK_TEXT.format(display="(blocks,)"),
    )
    assert 5 in found["error"], found


@pytest.mark.parametrize("handler", ["raise", "logger.warning('touch failed')"], ids=["re-raised", "logged"])
def test_try_without_a_fallback_still_errors(git_repo: GitRepo, no_rules: Path, handler: str) -> None:
    """A handler that raises on or only logs stands nothing in the call's stead: still an error."""
    fork = FORK_TRY.format(old="(blocks,)", new="blocks").replace("pool.touch(blocks)", handler)
    found = _drift(
        git_repo,
        no_rules,
        ("tuple[Sequence[KVCacheBlock], ...]", GROUPS),
        ("Sequence[KVCacheBlock]", BLOCKS),
        "import logging\n\nlogger = logging.getLogger(__name__)\n" + fork,
    )
    assert 9 in found["error"], found


# twins a second review found crying wolf (a correct fork flagged)
TWIN_OLD = ("tuple[Sequence[KVCacheBlock], ...]", GROUPS)
TWIN_NEW = ("Sequence[KVCacheBlock]", BLOCKS)

TWIN_NEW_FIRST = """from vllm.v1.core.block_pool import BlockPool, KVCacheBlock


def aeon_pin(pool: BlockPool, blocks: list[KVCacheBlock]) -> None:
    try:
        pool.touch(blocks)
    except (TypeError, AttributeError):  # before #30166 touch took groups
        pool.touch((blocks,))
"""
TWIN_CLASS_SIG = """import inspect

from vllm.v1.core.block_pool import BlockPool, KVCacheBlock


def aeon_pin(pool: BlockPool, blocks: list[KVCacheBlock]) -> None:
    if "tuple" in str(inspect.signature(BlockPool.touch).parameters["blocks"].annotation):
        pool.touch((blocks,))
    else:
        pool.touch(blocks)
"""
TWIN_MODULE_FLAG = """import inspect

from vllm.v1.core.block_pool import BlockPool, KVCacheBlock

_GROUPED = "tuple" in str(inspect.signature(BlockPool.touch))


def aeon_pin(pool: BlockPool, blocks: list[KVCacheBlock]) -> None:
    if _GROUPED:
        pool.touch((blocks,))
    else:
        pool.touch(blocks)
"""
TWIN_OWN_OVERRIDE = """from collections.abc import Sequence

from vllm.v1.core.block_pool import BlockPool, KVCacheBlock


class AeonPool(BlockPool):
    def touch(self, blocks: tuple[Sequence[KVCacheBlock], ...]) -> None:
        for group in blocks:
            super().touch(group)


def aeon_pin(pool: AeonPool, blocks: list[KVCacheBlock]) -> None:
    pool.touch((blocks,))
"""


@pytest.mark.parametrize(
    "fork",
    [TWIN_NEW_FIRST, TWIN_CLASS_SIG, TWIN_MODULE_FLAG, TWIN_OWN_OVERRIDE],
    ids=["new-first try", "class signature", "module flag", "own override"],
)
def test_a_fork_call_under_a_fallback_or_a_signature_test_is_no_error(
    git_repo: GitRepo, no_rules: Path, fork: str
) -> None:
    found = _drift(git_repo, no_rules, TWIN_OLD, TWIN_NEW, fork)
    assert not found["error"], found


# twins a second review found crying wolf (a correct fork flagged)
TWIN2_OLD = ("tuple[Sequence[KVCacheBlock], ...]", GROUPS)
# upstream's flat body normalizes through a module helper that takes either depth
TWIN2_HELPED = (
    "Sequence[KVCacheBlock]",
    "        for block in _flat(blocks):\n            block.ref_cnt += 1\n\n\n"
    "def _flat(blocks):\n    if blocks and not isinstance(blocks[0], KVCacheBlock):\n"
    "        return [b for group in blocks for b in group]\n    return blocks",
)
TWIN2_EXTERNAL = """import redis

from vllm.v1.core.block_pool import KVCacheBlock


def aeon_pin(r: redis.Redis, key: str) -> None:
    r.touch([key])
"""


@pytest.mark.parametrize(
    ("new", "fork"),
    [(TWIN2_HELPED, FORK_TEXT.format(display="(blocks,)")), (("Sequence[KVCacheBlock]", BLOCKS), TWIN2_EXTERNAL)],
    ids=["helper normalizes", "library receiver"],
)
def test_a_flat_body_normalising_through_a_helper_or_a_library_receiver_is_no_error(
    git_repo: GitRepo, no_rules: Path, new: tuple[str, str], fork: str
) -> None:
    found = _drift(git_repo, no_rules, TWIN2_OLD, new, fork)
    assert not found["error"], found
