"""Default drift: a field read off a local the fork's own function builds without that field's keyword.

#43219 flipped ``EPLBConfig.use_async`` False -> True.  ``eplb = EPLBConfig(num_redundant_experts=n)`` then
``if not eplb.use_async:`` in the same function reads nothing but the class's default: the fork's branch
changes on every run after a clean merge, no fleet setting reaches it, so it is an error, not the warning a
read off a parameter (built who knows where) gets.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

PARALLEL = "vllm/config/parallel.py"
PARALLEL_BASE = """from dataclasses import dataclass


@dataclass
class EPLBConfig:
    window_size: int = 1000
    num_redundant_experts: int = 0
    use_async: bool = False
"""
PARALLEL_UPSTREAM = PARALLEL_BASE.replace("use_async: bool = False", "use_async: bool = True")
FORK = "vllm/aeon/eplb.py"
HEAD = "from vllm.config.parallel import EPLBConfig\n\n\n"
MADE = "def aeon_eplb(n: int, other):\n    eplb = EPLBConfig(num_redundant_experts=n)\n"


def _rows(git_repo: GitRepo, no_rules: Path, body: str, upstream: str = PARALLEL_UPSTREAM) -> list[tuple[int, str]]:
    sides = s.merge_case(
        git_repo,
        {PARALLEL: PARALLEL_BASE, "vllm/config/__init__.py": ""},
        {FORK: HEAD + body, "vllm/aeon/__init__.py": ""},
        [("[EPLB] Make async EPLB default (#43219)", {PARALLEL: upstream})],
    )
    return [(r[1], r[2]) for r in s.rule_rows(git_repo, no_rules, sides, DEFAULT_DRIFT) if r[0] == FORK]


@pytest.mark.parametrize(
    ("body", "line"),
    [
        (MADE + "    if not eplb.use_async:\n        eplb.window_size = 500\n    return eplb\n", 6),
        (MADE + "    print(eplb.window_size)\n    return eplb.use_async\n", 7),
        ("def aeon_sync() -> bool:\n    cfg = EPLBConfig()\n    return not cfg.use_async\n", 6),
    ],
    ids=["branch", "after-another-read", "every-default"],
)
def test_a_read_off_a_local_built_without_the_flipped_field_is_an_error(
    git_repo: GitRepo, no_rules: Path, body: str, line: int
) -> None:
    assert [n for n, severity in _rows(git_repo, no_rules, body) if severity == "error"] == [line]


@pytest.mark.parametrize(
    "body",
    [
        # set after the build, handed to a call that may set it, a method of its own, a splat, a parameter
        MADE + "    eplb.use_async = False\n    return eplb.use_async\n",
        MADE + "    other.tune(eplb)\n    return eplb.use_async\n",
        MADE + "    eplb.apply(other)\n    return eplb.use_async\n",
        "def aeon_eplb(kw: dict):\n    eplb = EPLBConfig(**kw)\n    return eplb.use_async\n",
        "def aeon_eplb(eplb: EPLBConfig):\n    return eplb.use_async\n",
        # bound twice; built by another class; read in a loop that sets it later
        MADE + "    if other:\n        eplb = other\n    return eplb.use_async\n",
        "def aeon_eplb(other):\n    eplb = other.EPLBConfigLike(window_size=1)\n    return eplb.use_async\n",
        MADE + "    for _ in range(2):\n        print(eplb.use_async)\n        other.tune(eplb)\n",
    ],
    ids=["set", "handed", "method", "splat", "parameter", "rebound", "other-class", "loop"],
)
def test_twin_a_local_that_may_not_hold_the_default_stays_below_an_error(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    assert [line for line, severity in _rows(git_repo, no_rules, body) if severity == "error"] == []


def test_twin_a_field_upstream_stores_itself_stays_below_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """Upstream's ``__post_init__`` sets the field: the instance need not hold the default."""
    upstream = PARALLEL_UPSTREAM + "\n    def __post_init__(self):\n        self.use_async = self.window_size > 0\n"
    body = MADE + "    return eplb.use_async\n"
    assert [line for line, severity in _rows(git_repo, no_rules, body, upstream) if severity == "error"] == []


def test_twin_a_field_the_base_already_stored_stays_below_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """A ``__post_init__`` the base already had (outside upstream's diff) stores the field: no certain default."""
    base = (
        PARALLEL_BASE
        + "\n    def __post_init__(self):\n        self.use_async = self.use_async and self.window_size > 0\n"
    )
    sides = s.merge_case(
        git_repo,
        {PARALLEL: base, "vllm/config/__init__.py": ""},
        {FORK: HEAD + MADE + "    return eplb.use_async\n", "vllm/aeon/__init__.py": ""},
        [("[EPLB] Make async EPLB default (#43219)", {PARALLEL: base.replace("= False", "= True")})],
    )
    rows = s.rule_rows(git_repo, no_rules, sides, DEFAULT_DRIFT)
    assert [r[1] for r in rows if r[0] == FORK and r[2] == "error"] == []
