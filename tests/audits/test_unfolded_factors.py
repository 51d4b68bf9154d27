"""A factor upstream no longer multiplies into a field of its class, divided out by a fork line: a wrong value.

#29487 (d698bb382d) took ``self.dcp_world_size`` out of the FlashInfer builder's ``self.num_qo_heads = heads *
self.dcp_world_size``; a fork subclass's ``self.num_qo_heads // self.dcp_world_size`` merges cleanly and now
divides out a factor that is not in (blind_replay_flashattn).  Errors: a quotient off a subclass's ``self``, off
a parameter typed as the class, a true division, a factor taken out of an ``*=``; a warning: a conditional fold
taken out.  Quiet: a product (the fork multiplying it in itself), a quotient by another field, a fold upstream
only moved to another statement, an untyped receiver, the fork's own class of the name, a field the fork's
function stores itself, a field upstream no longer assigns at all.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import OFFSET_TWICE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of

BUILDER = "pkg/backends/flash.py"
BASE = """class Builder:
    def __init__(self, heads: int, world: int, cp: int, spec: int) -> None:
        self.world = world
        self.cp = cp
        self.spec = spec
        self.num_heads = heads * self.world
        self.slots = heads
        self.slots *= self.cp
        self.graph_bs = 8
        if spec > 0:
            self.graph_bs = 8 * self.spec
"""
AFTER = (
    BASE.replace("self.num_heads = heads * self.world", "self.num_heads = heads")
    .replace("        self.slots *= self.cp\n", "")
    .replace("self.graph_bs = 8 * self.spec", "self.graph_bs = 8 + self.spec")
)
FORK = "pkg/aeon/heads.py"
HEAD = "from pkg.backends.flash import Builder\n\n\n"


def rows(repo: GitRepo, config: Path, fork: str, after: str = AFTER) -> list[tuple[int, str]]:
    sides = s.merge_case(
        repo, {BUILDER: BASE}, {FORK: fork}, [("[Bugfix] Correct num_q_heads (#29487)", {BUILDER: after})]
    )
    return [(line, sev) for path, line, sev, msg in s.rule_rows(repo, config, sides, OFFSET_TWICE) if path == FORK]


UNFOLDED = [
    (
        HEAD
        + "class AeonBuilder(Builder):\n    def local(self) -> int:\n        return self.num_heads // self.world\n",
        "return self.num_heads // self.world",
        "error",
    ),
    (
        HEAD + "def local(b: Builder) -> float:\n    return b.num_heads / b.world\n",
        "return b.num_heads / b.world",
        "error",
    ),
    (HEAD + "def per_rank(b: Builder) -> int:\n    return b.slots // b.cp\n", "return b.slots // b.cp", "error"),
    (
        HEAD + "def per_spec(b: Builder) -> int:\n    return b.graph_bs // b.spec\n",
        "return b.graph_bs // b.spec",
        "warning",
    ),
]


@pytest.mark.parametrize(("fork", "line", "severity"), UNFOLDED)
def test_a_quotient_by_an_unfolded_factor_is_found(
    git_repo: GitRepo, no_rules: Path, fork: str, line: str, severity: str
) -> None:
    assert rows(git_repo, no_rules, fork) == [(line_of(fork, line), severity)]


QUIET = [
    # the product: the fork multiplying the factor in itself now reads right
    (HEAD + "def total(b: Builder) -> int:\n    return b.num_heads * b.world\n", AFTER),
    # a quotient by another field
    (HEAD + "def other(b: Builder) -> int:\n    return b.num_heads // b.cp\n", AFTER),
    # an untyped receiver
    ("def local(b) -> int:\n    return b.num_heads // b.world\n", AFTER),
    # the fork's own class of the name
    (
        "class Builder:\n    def __init__(self) -> None:\n        self.num_heads = 8\n        self.world = 2\n\n"
        "    def local(self) -> int:\n        return self.num_heads // self.world\n",
        AFTER,
    ),
    # a field the fork's function stores itself
    (HEAD + "def local(b: Builder) -> int:\n    b.num_heads = 16\n    return b.num_heads // b.world\n", AFTER),
    # upstream only moved the fold to another statement
    (
        HEAD + "def local(b: Builder) -> int:\n    return b.num_heads // b.world\n",
        BASE.replace(
            "self.num_heads = heads * self.world", "self.num_heads = heads\n        self.num_heads *= self.world"
        ),
    ),
    # upstream no longer assigns the field at all (symbol drift's)
    (
        HEAD + "def local(b: Builder) -> int:\n    return b.num_heads // b.world\n",
        BASE.replace("        self.num_heads = heads * self.world\n", ""),
    ),
]


@pytest.mark.parametrize(("fork", "after"), QUIET)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, fork: str, after: str) -> None:
    assert rows(git_repo, no_rules, fork, after) == []
