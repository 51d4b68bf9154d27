"""Dropped validations: a class's validator no longer refuses a case the fork's build hands it.

Shaped like #30050 (a11f4a81e0): ``ParallelConfig``'s ``@model_validator(mode="after")`` lost its ``if
self.prefill_context_parallel_size > 1: raise ValueError(...)``, and a fork's ``try: ParallelConfig(...,
prefill_context_parallel_size=2)`` / ``except ValueError:`` fallback never runs again.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

LIB = "pkg/par.py"
LIB_BASE = """from pydantic import model_validator
from pydantic.dataclasses import dataclass


@dataclass
class Par:
    tp: int = 1
    pcp: int = 1
    dp: int = 1
    dp_local: int = 1
    mode: str = "auto"

    @model_validator(mode="after")
    def _validate(self) -> "Par":
        if self.dp_local > self.dp:
            raise ValueError("dp_local > dp")
        if self.pcp > 1:
            raise ValueError("prefill context parallel is not supported")
        if self.mode == "legacy" and self.tp > 1:
            raise ValueError("legacy mode runs one rank")
        return self
"""
PCP_RAISE = '        if self.pcp > 1:\n            raise ValueError("prefill context parallel is not supported")\n'
MODE_RAISE = (
    '        if self.mode == "legacy" and self.tp > 1:\n            raise ValueError("legacy mode runs one rank")\n'
)
DROPPED = LIB_BASE.replace(PCP_RAISE, "").replace(MODE_RAISE, "")
SUBJECT = "[Misc][PCP&DCP] relocate PCP feature check (#30050)"
BASE = {LIB: LIB_BASE, "pkg/__init__.py": ""}
UPSTREAM: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {LIB: DROPPED})]
HEAD = "# AEON: the Spark tries a setting, falls back when refused\nfrom pkg.par import Par\n\n\n"


def _try(build: str, handler: str = "ValueError") -> str:
    return f"def aeon_try(tp: int, n: int) -> Par:\n    try:\n        return {build}\n    except {handler}:\n        return Par(tp=tp)\n"


WARNED = [
    _try("Par(tp=tp, pcp=2)"),
    # a value the engine cannot read, a tuple of kinds
    _try("Par(tp=tp, pcp=n)", "(RuntimeError, ValueError)"),
    # every field of an ``and`` handed, the test true for them
    _try('Par(mode="legacy", tp=2)'),
    # the class through its module
    "import pkg.par\n\n\n" + _try("pkg.par.Par(pcp=4)"),
]
QUIET = [
    _try("Par(dp=2, dp_local=4)"),  # a raise upstream keeps
    _try("Par(tp=tp, pcp=1)"),  # the test false for the constant handed
    _try('Par(mode="legacy", tp=1)'),
    _try("Par(tp=2)"),  # not every field of the test handed (``mode`` keeps its default)
    _try("Par(tp=tp)"),  # no field of the test handed
    _try("Par(tp=tp, pcp=2)", "KeyError"),  # another kind
    _try("Par(tp=tp, pcp=2)", "Exception"),  # a catch-all
]


def _rows(git_repo: GitRepo, no_rules: Path, bodies: list[str], new: str = DROPPED) -> list[list[str]]:
    forks = {f"pkg/aeon_row_{n}.py": HEAD + body for n, body in enumerate(bodies)}
    found = s.audited_side_by_side(git_repo, no_rules, BASE, forks, [(SUBJECT, {LIB: new})], RULE)
    return [[f.message for f in found[path] if "no longer raises" in f.message] for path in forks]


def test_builds_meeting_a_dropped_test_are_warned_and_twins_stay_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    rows = _rows(git_repo, no_rules, WARNED + QUIET)
    assert [bool(r) for r in rows] == [True] * len(WARNED) + [False] * len(QUIET)
    assert "Par._validate" in rows[0][0] and "no longer raises ValueError when `self.pcp > 1`" in rows[0][0]


@pytest.mark.parametrize(
    "new",
    [
        # moved to another validator of the class
        DROPPED.replace(
            "        return self\n",
            '        return self\n\n    @model_validator(mode="after")\n    def _check_pcp(self) -> "Par":\n'
            + PCP_RAISE
            + "        return self\n",
        ),
        # moved to its __post_init__
        DROPPED + "\n    def __post_init__(self) -> None:\n" + PCP_RAISE,
    ],
    ids=["another validator", "post-init"],
)
def test_a_raise_moved_within_the_class_stays_quiet(git_repo: GitRepo, no_rules: Path, new: str) -> None:
    assert _rows(git_repo, no_rules, [_try("Par(tp=tp, pcp=2)")], new) == [[]]


def test_the_fork_s_own_class_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    own = "class Par:\n    def __init__(self, **kw: int) -> None:\n        self.kw = kw\n\n\n"
    body = own + _try("Par(tp=tp, pcp=2)")
    forks = {"pkg/aeon_row_0.py": "# AEON: its own Par\n" + body}
    found = s.audited_side_by_side(git_repo, no_rules, BASE, forks, UPSTREAM, RULE)
    assert [f for f in found["pkg/aeon_row_0.py"] if "no longer raises" in f.message] == []
