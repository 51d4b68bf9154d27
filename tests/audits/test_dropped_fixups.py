"""Dropped fix-ups: upstream's class no longer stores a constant member into a field; a fork tests for it.

Shaped like #34523 (87789c8364): ``VllmConfig.__post_init__`` stopped lowering ``self.optimization_level`` to
``OptimizationLevel.O0`` for an eager model, and a fork's ``config.optimization_level == OptimizationLevel.O0``
(its "eager" test) is silently false for it now.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from aeon_release.domain.audits import AuditReport
from aeon_release.domain.audits.drift import dropped_fixups
from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

LIB = "pkg/config.py"
LIB_BASE = """import enum


class Level(enum.IntEnum):
    O0 = 0
    O2 = 2


class Mode(enum.Enum):
    NONE = "none"
    COMPILE = "compile"


class Config:
    level: Level = Level.O2
    mode: Mode = Mode.COMPILE

    def __init__(self, eager: bool = False, offload: bool = False) -> None:
        self.eager = eager
        self.offload = offload
        self.fix_up()

    def fix_up(self) -> None:
        if self.eager:
            self.level = Level.O0
        if self.offload:
            self.mode = Mode.NONE
"""
DROPPED = LIB_BASE.replace("            self.level = Level.O0\n", "            self.mode = Mode.NONE\n")
SUBJECT = "[Misc] --enforce-eager should turn off compile only (#34523)"
FORK = "pkg/aeon_eager.py"
FIXUP_HEAD = "# AEON: the fork skips its graph warm-up when eager\nfrom pkg.config import Config, Level, Mode\n\n\n"


def run(git_repo: GitRepo, no_rules: Path, body: str, new: str = DROPPED) -> list[tuple[int, str, str]]:
    text = FIXUP_HEAD + body
    sides = s.merge_case(git_repo, {LIB: LIB_BASE, "pkg/__init__.py": ""}, {FORK: text}, [(SUBJECT, {LIB: new})])
    report: AuditReport = git_repo.audit(no_rules, merge=sides)
    return [(f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == RULE]


DROPPED_TESTS = [
    "def aeon_eager(config: Config) -> bool:\n    return config.level == Level.O0\n",
    "def aeon_warm(config: Config) -> bool:\n    return config.level > Level.O0\n",
    # the constant spelt through its module, and ``is``
    "import pkg.config\n\n\ndef aeon_eager3(config: Config) -> bool:\n    return config.level is pkg.config.Level.O0\n",
]


@pytest.mark.parametrize("body", DROPPED_TESTS)
def test_a_test_for_the_dropped_constant_is_a_warning(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    # the rows' modules side by side, one merge and one audit a process (``s.audited_row``, suitespeed15)
    bodies = [FIXUP_HEAD + text for text in DROPPED_TESTS]
    upstream: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {LIB: DROPPED})]
    base = {LIB: LIB_BASE, "pkg/__init__.py": ""}
    _, rows = s.audited_row(git_repo, no_rules, base, bodies, FIXUP_HEAD + body, upstream, RULE, "pkg")
    [(line, severity, message)] = [(f.line, f.severity.value, f.message) for f in rows]
    assert severity == "warning"
    assert line == len(body.splitlines()) + 4
    assert "no longer stores Level.O0 into Config.level" in message


@pytest.mark.parametrize(
    ("body", "new"),
    [
        # another member
        ("def aeon_full(config: Config) -> bool:\n    return config.level == Level.O2\n", DROPPED),
        # the field upstream still fixes up
        ("def aeon_off(config: Config) -> bool:\n    return config.mode == Mode.NONE\n", DROPPED),
        # the store moved to another method of the class
        (
            "def aeon_eager(config: Config) -> bool:\n    return config.level == Level.O0\n",
            DROPPED.replace(
                "        self.fix_up()\n",
                "        self.fix_up()\n        if eager:\n            self.level = Level.O0\n",
            ),
        ),
        # the fork's own class with a field of the name, a parameter annotated with it
        (
            "class Knob:\n    level = 0\n\n\ndef aeon_knob(k: Knob) -> bool:\n    return k.level == Level.O0\n",
            DROPPED,
        ),
        # the field gone with the store (symbol drift's)
        (
            "def aeon_eager(config: Config) -> bool:\n    return config.level == Level.O0\n",
            DROPPED.replace("    level: Level = Level.O2\n", ""),
        ),
    ],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str, new: str) -> None:
    assert [f for f in run(git_repo, no_rules, body, new) if "no longer stores" in f[2]] == []


@pytest.mark.parametrize(
    ("body", "parsed"),
    [
        ("def aeon_eager(config: Config) -> bool:\n    return config.level == Level.O0\n", True),
        ("def aeon_eager(config: Config) -> bool:\n    return config.eager\n", False),  # no fork line holds O0
    ],
    ids=["names the member", "names no member"],
)
def test_upstream_is_parsed_only_for_a_fork_line_naming_a_dropped_member(
    git_repo: GitRepo, no_rules: Path, monkeypatch: pytest.MonkeyPatch, body: str, parsed: bool
) -> None:
    asked: list[str] = []
    real = dropped_fixups.parsed_versions

    def recorded(trees: ThreeTrees, paths: list[str]) -> Iterator[tuple[str, ast.Module, ast.Module]]:
        asked.extend(paths)
        return real(trees, paths)

    monkeypatch.setattr(dropped_fixups, "parsed_versions", recorded)
    rows = [f for f in run(git_repo, no_rules, body) if "no longer stores" in f[2]]
    assert (LIB in asked) is parsed
    assert bool(rows) is parsed
