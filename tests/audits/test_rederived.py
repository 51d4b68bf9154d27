"""Re-derived layouts: a fork's own arithmetic on the arguments it hands an upstream function whose arithmetic changed.

Shaped like vLLM #21497 (fe56180c7f): ``determine_expert_map`` spread the remainder of ``n // ep_size`` over the
first ranks where the last rank took it all; a fork function that calls it and works out its rank's first expert
from the same inputs merges cleanly and reads the wrong experts.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of

LAYER = "pkg/moe/layer.py"
FORK = "pkg/aeon/loader.py"
TITLE = "[MoE] More balanced expert sharding (#21497)"
OLD = (
    "def expert_map(ep_size: int, ep_rank: int, n: int) -> tuple[int, list[int]]:\n"
    "    local = n // ep_size\n"
    "    if ep_rank == ep_size - 1:\n"
    "        local = n - ep_rank * local\n"
    "    return local, []\n"
)
NEW = (
    "def expert_map(ep_size: int, ep_rank: int, n: int) -> tuple[int, list[int]]:\n"
    "    base = n // ep_size\n"
    "    remainder = n % ep_size\n"
    "    local = base + 1 if ep_rank < remainder else base\n"
    "    return local, []\n"
)
# the change leaves the arithmetic as it was (a docstring, a log line)
COSMETIC = OLD.replace(
    "    local = n // ep_size\n", '    """How many experts a rank holds."""\n    local = n // ep_size\n'
)
HEAD = "from pkg.moe.layer import expert_map\n\n\n"


def warnings(repo: GitRepo, config: Path, fork: str, theirs: str = NEW) -> list[int]:
    packages = {f"{p}/__init__.py": "" for p in ("pkg", "pkg/moe", "pkg/aeon")}
    sides = s.merge_case(repo, {LAYER: OLD, **packages}, {FORK: fork}, [(TITLE, {LAYER: theirs})])
    rows = s.rule_rows(repo, config, sides, DRIFT)
    assert not [r for r in rows if r[0] == FORK and r[2] == "error"]  # a warning at most, never an error
    return [line for path, line, severity, message in rows if path == FORK and "re-derives" in message]


@pytest.mark.parametrize(
    ("fork", "line"),
    [
        # a keyword call, the fork's own names
        (
            HEAD + "def first(world: int, rank: int, total: int) -> int:\n"
            "    local, _ = expert_map(ep_size=world, ep_rank=rank, n=total)\n"
            "    return rank * (total // world)\n",
            6,
        ),
        # attributes handed on, and a store of the fork's formula
        (
            HEAD + "class Loader:\n"
            "    def setup(self) -> None:\n"
            "        self.local, _ = expert_map(self.size, self.rank, self.total)\n"
            "        self.start = self.rank * (self.total // self.size)\n",
            7,
        ),
        # the remainder worked out beside the call
        (
            HEAD + "def spare(ep_size: int, ep_rank: int, n: int) -> int:\n"
            "    local, _ = expert_map(ep_size, ep_rank, n)\n"
            "    extra = n % ep_size\n"
            "    return local + extra\n",
            6,
        ),
    ],
    ids=["keyword call", "attributes", "modulo"],
)
def test_the_forks_own_formula_beside_the_call_is_warned(
    git_repo: GitRepo, no_rules: Path, fork: str, line: int
) -> None:
    assert warnings(git_repo, no_rules, fork) == [line]


@pytest.mark.parametrize(
    ("fork", "theirs"),
    [
        # arithmetic over the function's result and one argument only
        (
            HEAD + "def first(ep_size: int, ep_rank: int, n: int) -> int:\n"
            "    local, _ = expert_map(ep_size, ep_rank, n)\n"
            "    return ep_rank * local // 2\n",
            NEW,
        ),
        # two arguments, no division
        (
            HEAD + "def ranks(ep_size: int, ep_rank: int, n: int) -> int:\n"
            "    local, _ = expert_map(ep_size, ep_rank, n)\n"
            "    return ep_size * ep_rank + local\n",
            NEW,
        ),
        # the function's arithmetic did not change
        (
            HEAD + "def first(ep_size: int, ep_rank: int, n: int) -> int:\n"
            "    local, _ = expert_map(ep_size, ep_rank, n)\n"
            "    return ep_rank * (n // ep_size)\n",
            COSMETIC,
        ),
        # the fork's own function of the name
        (
            "def expert_map(ep_size: int, ep_rank: int, n: int) -> tuple[int, list[int]]:\n"
            "    return n // ep_size, []\n\n\n"
            "def first(ep_size: int, ep_rank: int, n: int) -> int:\n"
            "    local, _ = expert_map(ep_size, ep_rank, n)\n"
            "    return ep_rank * (n // ep_size)\n",
            NEW,
        ),
        # no call of the function in the fork's function
        (
            HEAD + "def first(ep_size: int, ep_rank: int, n: int) -> int:\n    return ep_rank * (n // ep_size)\n",
            NEW,
        ),
    ],
    ids=[
        "twin: result and one argument",
        "twin: no division",
        "twin: unchanged",
        "twin: own function",
        "twin: no call",
    ],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, fork: str, theirs: str) -> None:
    assert warnings(git_repo, no_rules, fork, theirs) == []


def test_no_fork_line_naming_a_candidates_function_parses_nothing(
    git_repo: GitRepo, no_rules: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """perf27's gate: a fork whose added lines name no function a candidate file declares parses no candidate;
    one naming it still does (the warning above)."""
    from aeon_release.domain.audits.drift import rederived

    def parsed(*_: object) -> object:
        raise AssertionError("a candidate was parsed")

    monkeypatch.setattr(rederived, "parsed_versions", parsed)
    fork = "def first(world: int, rank: int, total: int) -> int:\n    return rank * (total // world)\n"
    assert warnings(git_repo, no_rules, fork) == []


@pytest.mark.parametrize(
    "fork",
    [
        # the call twice in one function
        HEAD + "def first(world: int, rank: int, total: int) -> int:\n"
        "    expert_map(world, rank, total)\n    expert_map(world, rank, total)\n"
        "    return rank * (total // world)\n",
        # inside a nested function, walked once for it and once more for the function around it
        HEAD + "def outer() -> None:\n    def first(world: int, rank: int, total: int) -> int:\n"
        "        expert_map(world, rank, total)\n        return rank * (total // world)\n",
    ],
    ids=["two calls", "a nested def"],
)
def test_one_warning_a_line(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    """mend62: a line re-deriving the layout is warned once, however many calls or scopes reach it."""
    assert warnings(git_repo, no_rules, fork) == [line_of(fork, "return rank")]


# the divisor a keyword-only parameter after ``*ranks``: a positional argument never reaches it
STARRED_OLD = "def spread(n: int, *ranks: int, ep_size: int) -> int:\n    return n // ep_size\n"
STARRED_NEW = "def spread(n: int, *ranks: int, ep_size: int) -> int:\n    return n // ep_size + n % ep_size\n"


@pytest.mark.parametrize(
    ("call", "line"),
    [
        # rank and world go to *ranks: only total is handed to a parameter the arithmetic reads
        ("spread(total, rank, world, ep_size=4)", None),
        # world handed to ep_size by keyword: two arguments bound, the fork's formula warned
        ("spread(total, rank, ep_size=world)", 6),
    ],
    ids=["twin: positional past the positionals", "keyword-only by keyword"],
)
def test_a_positional_argument_never_binds_a_keyword_only_parameter(
    git_repo: GitRepo, no_rules: Path, call: str, line: int | None
) -> None:
    """mend67: ``_handed`` paired the third positional argument with ``ep_size`` (keyword-only)."""
    packages = {f"{p}/__init__.py": "" for p in ("pkg", "pkg/moe", "pkg/aeon")}
    fork = (
        "from pkg.moe.layer import spread\n\n\n"
        "def first(world: int, rank: int, total: int) -> int:\n"
        f"    spread_ = {call}\n"
        "    return rank * (total // world) + spread_\n"
    )
    sides = s.merge_case(git_repo, {LAYER: STARRED_OLD, **packages}, {FORK: fork}, [(TITLE, {LAYER: STARRED_NEW})])
    rows = s.rule_rows(git_repo, no_rules, sides, DRIFT)
    found = [ln for path, ln, _, message in rows if path == FORK and "re-derives" in message]
    assert found == ([] if line is None else [line])
