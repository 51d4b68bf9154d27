"""A key read off a TypedDict upstream turned into a class that cannot be subscripted (f5722a5052, #15712 made
``PlaceholderRange`` a frozen dataclass): ``rng["offset"]`` raises TypeError after the merge.  Quiet: a class
upstream kept a TypedDict, a new class that defines ``__getitem__``, the attribute read, the fork's own
namesake TypedDict; and review113's twins, reads written for both shapes: under a failed ``hasattr`` (an
``else``, a conditional expression), past a dataclass test, off a parameter the function rebinds.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

INPUTS = "vllm/multimodal/inputs.py"
BASE = """from typing import TypedDict


class PlaceholderRange(TypedDict):
    offset: int
    length: int
"""
UPSTREAM = """from dataclasses import dataclass


@dataclass(frozen=True)
class PlaceholderRange:
    offset: int
    length: int
"""
INDEXED = UPSTREAM + "\n    def __getitem__(self, key: str) -> int:\n        return getattr(self, key)\n"
FORK = "vllm/aeon/ranges.py"
SUBJECT = "[V1] Scatter and gather placeholders in the model runner (#15712)"
IMPORT = "from vllm.multimodal.inputs import PlaceholderRange\n\n\n"


def _rows(git_repo: GitRepo, no_rules: Path, fork: str, upstream: str = UPSTREAM) -> list[tuple[str, int, str, str]]:
    sides = s.merge_case(git_repo, {INPUTS: BASE}, {FORK: fork}, [(SUBJECT, {INPUTS: upstream})])
    return [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == FORK and r[2] == "error"]


@pytest.mark.parametrize(
    ("body", "line"),
    [
        ('def aeon_end(rng: PlaceholderRange) -> int:\n    return rng["offset"] + rng["length"]\n', 5),
        (
            "def aeon_total(ranges: list[PlaceholderRange]) -> int:\n    total = 0\n"
            '    for rng in ranges:\n        total += rng["length"]\n    return total\n',
            7,
        ),
        (
            "def aeon_first(ranges: list[PlaceholderRange]) -> int:\n"
            '    first = ranges[0]\n    return first["offset"]\n',
            6,
        ),
        (
            "def aeon_sum(by_mod: dict[str, list[PlaceholderRange]]) -> int:\n    total = 0\n"
            '    for ranges in by_mod.values():\n        for rng in ranges:\n            total += rng["length"]\n'
            "    return total\n",
            8,
        ),
        (
            "def aeon_rows(grid: list[list[PlaceholderRange]]) -> list[int]:\n"
            '    return [rng["offset"] for row in grid for rng in row]\n',
            5,
        ),
    ],
    ids=["parameter", "loop", "indexed", "nested-loop", "nested-list"],
)
def test_a_key_read_of_a_typed_dict_made_a_dataclass(git_repo: GitRepo, no_rules: Path, body: str, line: int) -> None:
    rows = _rows(git_repo, no_rules, IMPORT + body)
    assert {r[1] for r in rows} == {line}
    assert "cannot be subscripted" in rows[0][3] and "TypeError" in rows[0][3]


@pytest.mark.parametrize(
    ("fork", "upstream"),
    [
        (IMPORT + "def aeon_end(rng: PlaceholderRange) -> int:\n    return rng.offset + rng.length\n", UPSTREAM),
        (IMPORT + 'def aeon_end(rng: PlaceholderRange) -> int:\n    return rng["offset"]\n', INDEXED),
        (IMPORT + 'def aeon_end(rng: PlaceholderRange) -> int:\n    return rng["offset"]\n', BASE + "    extra: int\n"),
        (
            "from typing import TypedDict\n\n\nclass PlaceholderRange(TypedDict):\n    offset: int\n\n\n"
            'def aeon_end(rng: PlaceholderRange) -> int:\n    return rng["offset"]\n',
            UPSTREAM,
        ),
        (
            IMPORT + "def aeon_sum(by_mod: dict[str, list[dict[str, int]]], r: PlaceholderRange) -> int:\n"
            '    return sum(d["offset"] for ds in by_mod.values() for d in ds) + r.offset\n',
            UPSTREAM,
        ),
        (
            IMPORT + "def aeon_end(rng: PlaceholderRange) -> int:\n    if isinstance(rng, dict):\n"
            '        return rng["offset"]\n    return rng.offset\n',
            UPSTREAM,
        ),
        (
            IMPORT + "def aeon_end(rng: PlaceholderRange) -> int:\n    try:\n"
            '        return rng["offset"]\n    except TypeError:\n        return rng.offset\n',
            UPSTREAM,
        ),
    ],
    ids=["attribute", "getitem", "kept-typed-dict", "own-namesake", "nested-dicts", "isinstance", "try"],
)
def test_quiet_reads(git_repo: GitRepo, no_rules: Path, fork: str, upstream: str) -> None:
    assert _rows(git_repo, no_rules, fork, upstream) == []


def test_a_nested_loop_types_its_inner_variable_for_any_read(git_repo: GitRepo, no_rules: Path) -> None:
    """The nested-loop typing serves every typed read, not only a key: a field upstream removed, read off the
    inner variable of ``for ranges in by_mod.values(): for rng in ranges``."""
    base = UPSTREAM + "    is_embed: bool = False\n"
    fork = (
        IMPORT + "def aeon_embeds(by_mod: dict[str, list[PlaceholderRange]]) -> int:\n    total = 0\n"
        "    for ranges in by_mod.values():\n        for rng in ranges:\n            total += rng.is_embed\n"
        "    return total\n"
    )
    sides = s.merge_case(git_repo, {INPUTS: base}, {FORK: fork}, [(SUBJECT, {INPUTS: UPSTREAM})])
    rows = [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == FORK and r[2] == "error"]
    assert [r[1] for r in rows] == [8] and "is_embed" in rows[0][3]


@pytest.mark.parametrize(
    "body",
    [
        'def aeon_len(rng: PlaceholderRange) -> int:\n    if hasattr(rng, "length"):\n        return rng.length\n'
        '    else:\n        return rng["length"]\n',
        'def aeon_off(rng: PlaceholderRange) -> int:\n    return rng.offset if hasattr(rng, "offset") else rng["offset"]\n',
        'def aeon_off(rng: PlaceholderRange) -> int:\n    if getattr(rng, "offset", None) is not None:\n'
        '        return rng.offset\n    return rng["offset"]\n',
        "def aeon_off(rng: PlaceholderRange) -> int:\n    if dataclasses.is_dataclass(rng):\n        return rng.offset\n"
        '    return rng["offset"]\n',
        "def aeon_end(rng: PlaceholderRange) -> int:\n"
        "    rng = rng if isinstance(rng, dict) else dataclasses.asdict(rng)\n"
        '    return rng["offset"] + rng["length"]\n',
    ],
    ids=["hasattr-else", "hasattr-ifexp", "getattr-exits", "is-dataclass", "rebound-parameter"],
)
def test_reads_written_for_both_shapes_are_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    """review113's twins of #15712: the fork reads the key only where the value is no dataclass."""
    assert _rows(git_repo, no_rules, "import dataclasses\n\n" + IMPORT + body) == []


def test_a_hasattr_test_of_another_value_keeps_the_error(git_repo: GitRepo, no_rules: Path) -> None:
    """The presence test must be of the value read: ``hasattr(other, ...)`` says nothing of ``rng``, and a local
    bound to an element (no parameter rebound) keeps its element's class."""
    body = (
        "def aeon_off(rng: PlaceholderRange, other: object, ranges: list[PlaceholderRange]) -> int:\n"
        '    if hasattr(other, "offset"):\n        return 0\n    first = ranges[0]\n'
        '    return rng["offset"] + first["offset"]\n'
    )
    rows = _rows(git_repo, no_rules, IMPORT + body)
    assert [r[1] for r in rows] == [8, 8]
