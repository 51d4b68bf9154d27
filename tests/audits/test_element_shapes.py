"""Element shapes: a fork reads by position the entries of a list a function returns, whose entries upstream
reshaped (#43477: ``get_valid_backends``' ``(backend, priority)`` pairs made ``_BackendCandidate`` triples)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from aeon_release.domain.audits.drift import element_shapes
from aeon_release.domain.audits.merge_rules import LAYOUT_DRIFT
from aeon_release.domain.audits.source import parse_limits
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

PLAT = "vllm/platforms/cuda.py"
BASE = (
    "class CudaPlatform:\n"
    "    @classmethod\n"
    "    def get_valid_backends(cls, cap: int) -> tuple[list[tuple[str, int]], dict[str, list[str]]]:\n"
    "        valid = [('FLASH_ATTN', 0)]\n"
    "        return valid, {}\n\n\n"
    "def ranked(cap: int) -> list[tuple[str, int]]:\n"
    "    return [('FLASHINFER', 1)]\n\n\n"
    "def names(cap: int) -> list[tuple[str, int]]:\n"
    "    return [('TRITON', 2)]\n"
)
THEIRS = (
    "from typing import NamedTuple\n\n\n"
    "class Candidate(NamedTuple):\n    backend_class: type\n    backend: str\n    priority: int\n\n\n"
    + BASE.replace("list[tuple[str, int]], dict", "list[Candidate], dict")
    .replace("valid = [('FLASH_ATTN', 0)]", "valid = [Candidate(object, 'FLASH_ATTN', 0)]")
    .replace("def ranked(cap: int) -> list[tuple[str, int]]:", "def ranked(cap: int) -> list[tuple[str, int, bool]]:")
    .replace("[('FLASHINFER', 1)]", "[('FLASHINFER', 1, True)]")
)
NAMED = "from vllm.platforms.cuda import CudaPlatform, names, ranked\n\n\n"


def _rows(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str]]:
    base = {"vllm/__init__.py": "", "vllm/platforms/__init__.py": "", PLAT: BASE}
    sides = three_way(git_repo, base, {"vllm/aeon_rank.py": fork}, {PLAT: THEIRS})
    return found(audit(git_repo, sides, tmp_path), LAYOUT_DRIFT)


@pytest.mark.parametrize(
    ("fork", "marker"),
    [
        # a function's list, looped straight off the call
        (NAMED + "def aeon_top() -> list[str]:\n    return [n for n, _ in ranked(12)]\n", "for n, _ in"),
        # a subclass's self. call, an entry read by a double index
        (
            NAMED + "class AeonCuda(CudaPlatform):\n    @classmethod\n    def aeon_first(cls) -> int:\n"
            "        valid, _ = cls.get_valid_backends(121)\n        return valid[0][1]\n",
            "valid[0][1]",
        ),
        # a module attribute's call, a sort key reading the old priority's place
        (
            "from vllm.platforms import cuda\n\n\ndef aeon_sorted() -> list:\n"
            "    valid, _invalid = cuda.CudaPlatform.get_valid_backends(121)\n"
            "    return sorted(valid, key=lambda e: e[1])\n",
            "e[1]",
        ),
        # a loop variable over the bound list
        (
            NAMED + "def aeon_log(cap: int) -> None:\n    valid, _ = CudaPlatform.get_valid_backends(cap)\n"
            "    for entry in valid:\n        print(entry[0])\n",
            "entry[0]",
        ),
    ],
    ids=["direct-loop", "subclass-double-index", "module-sort-key", "loop-variable"],
)
def test_an_entry_read_by_the_old_layout(git_repo: GitRepo, tmp_path: Path, fork: str, marker: str) -> None:
    assert _rows(git_repo, tmp_path, fork) == [("vllm/aeon_rank.py", line_of(fork, marker), "error")]


@pytest.mark.parametrize(
    "fork",
    [
        # the last slot kept its kind (the priority)
        NAMED + "def aeon_prios(cap: int) -> list[int]:\n    valid, _ = CudaPlatform.get_valid_backends(cap)\n"
        "    return [e[-1] for e in valid]\n",
        # a starred unpack takes any count
        NAMED + "def aeon_top() -> list[str]:\n    return [n for n, *_ in ranked(12)]\n",
        # an unpack by the new count
        NAMED + "def aeon_top() -> list[str]:\n    return [n for n, _, _ in ranked(12)]\n",
        # a list upstream left alone
        NAMED + "def aeon_names() -> list[str]:\n    return [n for n, _ in names(12)]\n",
        # the function tests an entry's length: it reads both layouts
        NAMED + "def aeon_top() -> list[str]:\n    valid = ranked(12)\n"
        "    return [e[0] for e in valid if len(e) == 2]\n",
        # a try catching the misfit
        NAMED + "def aeon_top() -> list[str]:\n    try:\n        return [n for n, _ in ranked(12)]\n"
        "    except ValueError:\n        return []\n",
        # a class of the fork's own of the name
        "class CudaPlatform:\n    @classmethod\n    def get_valid_backends(cls, cap):\n        return [('X', 0)], {}\n\n\n"
        "def aeon_first() -> int:\n    valid, _ = CudaPlatform.get_valid_backends(1)\n    return valid[0][1]\n",
        # a self. call in a class overriding the method: the fork's own layout
        NAMED + "class AeonCuda(CudaPlatform):\n    @classmethod\n    def get_valid_backends(cls, cap):\n"
        "        return [('X', 0)], {}\n\n    @classmethod\n    def aeon_first(cls) -> int:\n"
        "        valid, _ = cls.get_valid_backends(121)\n        return valid[0][1]\n",
        # the outer pair and the lengths
        NAMED + "def aeon_counts(cap: int) -> tuple[int, int]:\n"
        "    valid, invalid = CudaPlatform.get_valid_backends(cap)\n    return len(valid), len(invalid)\n",
    ],
    ids=[
        "last-slot",
        "starred",
        "new-count",
        "unchanged",
        "len-test",
        "caught",
        "own-class",
        "own-override",
        "outer-pair",
    ],
)
def test_twins_stay_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _rows(git_repo, tmp_path, fork) == []


RESPELT = "vllm/inputs/data.py"
RESPELT_BASE = (
    "from typing import List, Optional, Tuple\n\n\n"
    "def pairs(prompts: list) -> List[Tuple[str, Optional[int]]]:\n    return [(p, None) for p in prompts]\n"
)


@pytest.mark.parametrize(
    "theirs",
    [
        # #26633 (8fcaaf6a16): Optional[x] -> x | None, the layout kept
        RESPELT_BASE.replace("List[Tuple[str, Optional[int]]]", "List[Tuple[str, int | None]]"),
        # #13971: typing's aliases -> the builtins, a Union in the other order
        RESPELT_BASE.replace("List[Tuple[str, Optional[int]]]", "list[tuple['str', Union[None, int]]]"),
    ],
    ids=["pep604", "pep585-union"],
)
def test_an_entry_annotation_only_respelt_stays_quiet(git_repo: GitRepo, tmp_path: Path, theirs: str) -> None:
    fork = (
        "from vllm.inputs.data import pairs\n\n\n"
        "def aeon_decoders(prompts: list) -> list:\n    got = pairs(prompts)\n    return [p[1] for p in got]\n"
    )
    base = {"vllm/__init__.py": "", "vllm/inputs/__init__.py": "", RESPELT: RESPELT_BASE}
    sides = three_way(git_repo, base, {"vllm/aeon_pairs.py": fork}, {RESPELT: theirs})
    assert found(audit(git_repo, sides, tmp_path), LAYOUT_DRIFT) == []


def test_a_loop_variable_of_the_name_over_another_container_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    # review90: ``entry`` is also the invalid reasons' pair; ``entry[1]`` there is not the list's entry
    fork = (
        NAMED + "def aeon_report(cap: int) -> list:\n    valid, invalid = CudaPlatform.get_valid_backends(cap)\n"
        "    lines = [entry.backend for entry in valid]\n"
        "    for entry in invalid.items():\n        lines.append(entry[1])\n    return lines\n"
    )
    assert _rows(git_repo, tmp_path, fork) == []


def test_a_position_that_only_admits_none_now_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    # #37109 (512c5eb455): yield_req_data's block ids became ``tuple[list[int], ...] | None``, the same value
    theirs = RESPELT_BASE.replace("List[Tuple[str, Optional[int]]]", "List[Tuple[Optional[str], Optional[int]]]")
    fork = (
        "from vllm.inputs.data import pairs\n\n\n"
        "def aeon_names(prompts: list) -> list:\n    got = pairs(prompts)\n    return [p[0] for p in got if p[0]]\n"
    )
    base = {"vllm/__init__.py": "", "vllm/inputs/__init__.py": "", RESPELT: RESPELT_BASE}
    sides = three_way(git_repo, base, {"vllm/aeon_pairs.py": fork}, {RESPELT: theirs})
    assert found(audit(git_repo, sides, tmp_path), LAYOUT_DRIFT) == []


def test_a_position_retyped_otherwise_still_errs(git_repo: GitRepo, tmp_path: Path) -> None:
    # the none widening aside, another kind in place is still read by the old layout (d20dbf921b: a PoolKey
    # slot became a BlockHash)
    theirs = RESPELT_BASE.replace("List[Tuple[str, Optional[int]]]", "List[Tuple[bytes, Optional[int]]]")
    fork = (
        "from vllm.inputs.data import pairs\n\n\n"
        "def aeon_names(prompts: list) -> list:\n    got = pairs(prompts)\n    return [p[0] for p in got]\n"
    )
    base = {"vllm/__init__.py": "", "vllm/inputs/__init__.py": "", RESPELT: RESPELT_BASE}
    sides = three_way(git_repo, base, {"vllm/aeon_pairs.py": fork}, {RESPELT: theirs})
    assert found(audit(git_repo, sides, tmp_path), LAYOUT_DRIFT) == [
        ("vllm/aeon_pairs.py", line_of(fork, "p[0] for p"), "error")
    ]


def test_a_position_typed_by_a_typevar_bound_to_its_old_kind_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    # #34959 (d38cd3dde5): list[tuple[int, StatsEntry]] -> list[tuple[int, StatsEntryT]], bound=StatsEntry
    theirs = (
        "from typing import List, Optional, Tuple, TypeVar\n\nIntT = TypeVar('IntT', bound=int)\n\n\n"
        "def pairs(prompts: list) -> List[Tuple[str, Optional[IntT]]]:\n    return [(p, None) for p in prompts]\n"
    )
    fork = (
        "from vllm.inputs.data import pairs\n\n\n"
        "def aeon_decoders(prompts: list) -> list:\n    got = pairs(prompts)\n    return [p[1] for p in got]\n"
    )
    base = {"vllm/__init__.py": "", "vllm/inputs/__init__.py": "", RESPELT: RESPELT_BASE}
    sides = three_way(git_repo, base, {"vllm/aeon_pairs.py": fork}, {RESPELT: theirs})
    assert found(audit(git_repo, sides, tmp_path), LAYOUT_DRIFT) == []


@pytest.mark.parametrize(
    "text",
    [
        # readD #1: a 3000-member union in a quoted annotation runs a walk out of stack; the rerun's trees are
        # cut at MAX_DEPTH, a quoted annotation's too only when parse_python reads it
        "list[tuple[" + " | ".join(["int"] * 3000) + ", str]]",
        # and a NUL escape, which ast.parse refuses with a ValueError on 3.10
        "list[tuple[str, \x00]]",
    ],
    ids=["deep-union", "nul-escape"],
)
def test_a_hostile_quoted_annotation_is_read_on_the_cut_rerun(text: str) -> None:
    with parse_limits(1024 * 1024, {}):
        assert element_shapes.spelt(ast.Constant(text))
        assert element_shapes._moved(text, "list")


def test_an_entry_read_in_a_nested_def_is_reported_once(git_repo: GitRepo, tmp_path: Path) -> None:
    # readD #2: the walk went into nested defs under each enclosing def, so an inner def's read came twice
    fork = (
        NAMED
        + "def aeon_outer() -> list[str]:\n    def inner() -> list[str]:\n        return [n for n, _ in ranked(12)]\n    return inner()\n"
    )
    assert _rows(git_repo, tmp_path, fork) == [("vllm/aeon_rank.py", line_of(fork, "for n, _ in"), "error")]


def test_a_lambda_parameter_of_an_entry_name_over_another_list_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    # readD #14: ``e`` is the loop's entry and another list's sort-key parameter; ``e[1]`` there is not the entry
    fork = (
        NAMED + "def aeon_report(cap: int, other: list) -> list:\n    valid, _ = CudaPlatform.get_valid_backends(cap)\n"
        "    for e in valid:\n        print(e)\n    return sorted(other, key=lambda e: e[1])\n"
    )
    assert _rows(git_repo, tmp_path, fork) == []


@pytest.mark.parametrize(
    ("fork", "theirs", "parses"),
    [
        # the fork calls none of cuda.py's functions: nothing of upstream is parsed
        (NAMED + "def aeon_top(cap: int) -> list[str]:\n    return [n for n, _ in aeon_ranked(cap)]\n", THEIRS, False),
        (NAMED + "def aeon_top() -> list[str]:\n    return [n for n, _ in ranked(12)]\n", THEIRS, True),
        # a def's name after a backslash continuation is still read as defined
        (
            NAMED + "def aeon_top() -> list[str]:\n    return [n for n, _ in ranked(12)]\n",
            THEIRS.replace("def ranked(", "def \\\nranked("),
            True,
        ),
    ],
    ids=["calls-none", "calls-ranked", "continued-def"],
)
def test_no_fork_call_of_a_defined_name_parses_nothing(
    git_repo: GitRepo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fork: str, theirs: str, parses: bool
) -> None:
    """perf30's gate: upstream's changed text is parsed only when it defines a name a fork line calls."""
    from aeon_release.domain.audits.drift import element_shapes, sides

    parsed: list[str] = []

    def recording(*args: object) -> Iterator[sides.Versions]:
        for both in sides.parsed_texts(*args):  # type: ignore[arg-type]
            parsed.append(both.path)
            yield both

    monkeypatch.setattr(element_shapes, "parsed_texts", recording)
    base = {"vllm/__init__.py": "", "vllm/platforms/__init__.py": "", PLAT: BASE}
    three = three_way(git_repo, base, {"vllm/aeon_rank.py": fork}, {PLAT: theirs})
    assert bool(found(audit(git_repo, three, tmp_path), LAYOUT_DRIFT)) is parses
    assert bool(parsed) is parses
