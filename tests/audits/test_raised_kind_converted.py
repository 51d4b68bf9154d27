"""Raised-kind drift, some asserts converted: upstream turned part of a def's ``assert``s into ``raise X``.

Shaped like #49124 (453f01783d), which made ``EngineArgs.create_engine_config``'s data-parallel launch asserts
(``self.nnodes``, ``self.node_rank`` ...) ``raise ValueError(...)`` and kept its other asserts.  A fork's ``try:
args.create_engine_config()`` / ``except AssertionError: args.nnodes = 1`` (a two-node launch falling back to
one) merges cleanly; its handler still catches the kept asserts, but never the bad launch it was written for,
whose ValueError now escapes.  The handler mending a field a converted assert tested is the error; one that
does not is a warning (it may be for the kept asserts).  Twins: catching both kinds, catching only the new one,
asserts dropped with no raise in their place.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

ARGS = "pkg/launch.py"
BASE = """class LaunchArgs:
    model: str = ""
    nnodes: int = 1
    node_rank: int = 0

    def build(self) -> dict[str, int]:
        assert self.model, "a model is required"
        assert self.nnodes >= 1, "nnodes must be positive"
        assert self.node_rank < self.nnodes, "node_rank out of range"
        return {"nnodes": self.nnodes}
"""
CONVERTED = BASE.replace(
    '        assert self.nnodes >= 1, "nnodes must be positive"\n'
    '        assert self.node_rank < self.nnodes, "node_rank out of range"\n',
    "        if self.nnodes < 1:\n            raise ValueError('nnodes must be positive')\n"
    "        if not 0 <= self.node_rank < self.nnodes:\n            raise ValueError('node_rank out of range')\n",
)
DROPPED = BASE.replace('        assert self.node_rank < self.nnodes, "node_rank out of range"\n', "")
FORK = "pkg/aeon_launch.py"
HEAD = "# AEON: a two-Spark cluster falls back to one node\nfrom pkg.launch import LaunchArgs\n\n\n"


def run(git_repo: GitRepo, no_rules: Path, body: str, new: str = CONVERTED) -> list[tuple[int, str]]:
    sides = s.merge_case(
        git_repo,
        {ARGS: BASE, "pkg/__init__.py": ""},
        {FORK: HEAD + body},
        [("[UX] Improve data-parallel launch validation (#49124)", {ARGS: new})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    return [(f.line - 4, f.severity.value) for f in report.findings if f.rule_id == RULE]


MENDS = (
    "def aeon_build(args: LaunchArgs) -> dict[str, int]:\n    try:\n        return args.build()\n"
    "    except AssertionError:\n        args.node_rank = 0\n        args.nnodes = 1\n        return args.build()\n"
)


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (MENDS, [(4, "error")]),
        # a handler mending a field only the kept assert reads, and one mending nothing: for the kept ones, maybe
        (MENDS.replace("args.node_rank = 0\n        args.nnodes = 1", 'args.model = "aeon/default"'), [(4, "warning")]),
        (
            "def aeon_ok(args: LaunchArgs) -> bool:\n    try:\n        args.build()\n"
            "    except AssertionError:\n        return False\n    return True\n",
            [(4, "warning")],
        ),
    ],
    ids=["mends a converted field", "mends a kept field", "mends nothing"],
)
def test_a_handler_of_converted_asserts(
    git_repo: GitRepo, no_rules: Path, body: str, expected: list[tuple[int, str]]
) -> None:
    assert run(git_repo, no_rules, body) == expected


@pytest.mark.parametrize(
    ("body", "new"),
    [
        (MENDS.replace("except AssertionError:", "except (AssertionError, ValueError):"), CONVERTED),
        (MENDS.replace("except AssertionError:", "except ValueError:"), CONVERTED),
        (MENDS, DROPPED),  # an assert dropped, nothing raised in its place: the case is accepted now
    ],
    ids=["both kinds", "the new kind", "dropped"],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str, new: str) -> None:
    assert run(git_repo, no_rules, body, new) == []
