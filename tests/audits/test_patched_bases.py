"""A fork's patch of a base class's method that upstream now overrides in a subclass (drift/patched_bases.py).

killers209, shaped like #41496 (8bf374955f): ``CudaPlatformBase`` got an ``is_pin_memory_available`` of its
own; a fork's ``Platform.is_pin_memory_available = classmethod(_aeon_pin)`` no longer reaches CUDA platforms.
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

BASE_PY = "pkg/sched/base.py"
SUB_PY = "pkg/sched/fast.py"
FORK = "pkg/aeon/patch.py"
BASE_TEXT = (
    "class Scheduler:\n"
    "    @classmethod\n    def pin_memory(cls) -> bool:\n        return False\n\n"
    "    def admit(self, request) -> bool:\n        return True\n"
)
SUB_TEXT = (
    "from pkg.sched.base import Scheduler\n\n\n"
    "class FastScheduler(Scheduler):\n    name = 'fast'\n\n\n"
    "class OwnScheduler(Scheduler):\n    def admit(self, request) -> bool:\n        return False\n\n\n"
    "class Unrelated:\n    name = 'x'\n"
)
ADDED = (
    "\n    @classmethod\n    def pin_memory(cls) -> bool:\n        return True\n\n"
    "    def admit(self, request) -> bool:\n        return request is not None\n"
)
SUB_NEW = SUB_TEXT.replace(
    "class FastScheduler(Scheduler):\n    name = 'fast'\n",
    "class FastScheduler(Scheduler):\n    name = 'fast'\n" + ADDED,
)
BASE = {"pkg/__init__.py": "", "pkg/sched/__init__.py": "", BASE_PY: BASE_TEXT, SUB_PY: SUB_TEXT}


def _found(repo: GitRepo, fork: str, upstream: dict[str, str | None] | None = None) -> list[tuple[int, str, str]]:
    sides = s.merge_case(
        repo, BASE, {FORK: fork}, [("[Perf] FastScheduler pins (#41496)", upstream or {SUB_PY: SUB_NEW})]
    )
    return [
        (f.line, f.severity.value, f.message)
        for f in s.merged_findings(repo, sides, s.Settings())
        if f.rule_id == SYMBOL_DRIFT and f.path == FORK
    ]


HEAD = (
    "from pkg.sched import base\nfrom pkg.sched.base import Scheduler\nfrom pkg.sched.fast import FastScheduler\n\n\n"
)
PIN = "def _aeon_pin(cls) -> bool:\n    # AEON: unified memory\n    return True\n\n\n"
ADMIT = "def _aeon_admit(self, request) -> bool:\n    # AEON: admit all\n    return True\n\n\n"


@pytest.mark.parametrize(
    ("fork", "line"),
    [
        (HEAD + PIN + "Scheduler.pin_memory = classmethod(_aeon_pin)\n", 11),
        (HEAD + PIN + "setattr(base.Scheduler, 'pin_memory', classmethod(_aeon_pin))\n", 11),
        (HEAD + ADMIT + "Scheduler.admit = _aeon_admit\n", 11),
        (HEAD + "def aeon_install() -> None:\n    Scheduler.admit = lambda self, request: True\n", 7),
    ],
    ids=["classmethod", "setattr", "plain-def", "lambda-in-a-function"],
)
def test_a_patch_of_a_base_method_a_subclass_now_overrides_warns(git_repo: GitRepo, fork: str, line: int) -> None:
    [(at, severity, message)] = _found(git_repo, fork)
    assert (at, severity) == (line, "warning")
    assert "upstream gave FastScheduler (deriving from Scheduler)" in message


@pytest.mark.parametrize(
    "fork",
    [
        # the patch on the overriding class itself wins over its def
        HEAD + PIN + "FastScheduler.pin_memory = classmethod(_aeon_pin)\n",
        # a method no subclass of upstream's took up
        HEAD + PIN + "Scheduler.pin_memory = classmethod(_aeon_pin)\n",
        # not a function of the fork's: a flag
        HEAD + "Scheduler.pin_memory = True\n",
    ],
    ids=["on-the-subclass", "not-overridden", "a-value"],
)
def test_twin_patches_that_still_reach_stay_quiet(git_repo: GitRepo, fork: str) -> None:
    upstream = None if "FastScheduler.pin" in fork or "= True" in fork else {SUB_PY: SUB_TEXT + "\n\nX = 1\n"}
    assert _found(git_repo, fork, upstream) == []


def test_twin_a_subclass_that_had_its_own_def_stays_quiet(git_repo: GitRepo) -> None:
    """``OwnScheduler`` overrode ``admit`` before the merge too: upstream changing its body is no new shadow."""
    changed = SUB_TEXT.replace("        return False\n", "        return request is None\n")
    assert _found(git_repo, HEAD + ADMIT + "Scheduler.admit = _aeon_admit\n", {SUB_PY: changed}) == []


def test_twin_a_class_new_upstream_stays_quiet(git_repo: GitRepo) -> None:
    """A subclass upstream added with the name: the patch never reached it."""
    fresh = (
        SUB_TEXT + "\n\nclass NewScheduler(Scheduler):\n    def admit(self, request) -> bool:\n        return False\n"
    )
    assert _found(git_repo, HEAD + ADMIT + "Scheduler.admit = _aeon_admit\n", {SUB_PY: fresh}) == []


def test_twin_an_unrelated_class_of_the_name_stays_quiet(git_repo: GitRepo) -> None:
    other = SUB_TEXT.replace("class Unrelated:\n    name = 'x'\n", "class Unrelated:\n    name = 'x'\n" + ADDED)
    assert _found(git_repo, HEAD + ADMIT + "Scheduler.admit = _aeon_admit\n", {SUB_PY: other}) == []
