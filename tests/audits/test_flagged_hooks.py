"""A raising hook upstream added and now calls only behind a flag asked of the same object.

Shaped like vLLM #24254 (dc2979c585): ``FusedMoEPrepareAndFinalize`` gained ``finalize_async()`` raising
``NotImplementedError``, filled in three of upstream's prepare/finalize classes, and the modular kernel now calls
it in the ``else`` of ``if not self.prepare_finalize.supports_async():`` (the base's ``supports_async()``
answering False).  A fork class answering the flag True (it overlapped its dispatch through ``prepare_async``)
raises there; one keeping the base's False, or answering False itself, is never asked.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

BASE_PATH = "pkg/moe/kernel.py"
CALLER = "pkg/moe/runner.py"
FORK = "pkg/aeon/spark_pf.py"
TITLE = "[Kernels] Overlap shared experts with combine (#24254)"
BASE = (
    "class PrepareAndFinalize:\n"
    "    def finalize(self, out) -> None:\n        raise NotImplementedError\n\n"
    "    def supports_async(self) -> bool:\n        return False\n"
)
HOOK = "\n    def finalize_async(self, out):\n        raise NotImplementedError\n"
FILLED = "    def supports_async(self) -> bool:\n        return True\n\n    def finalize_async(self, out):\n        return out\n"
UPSTREAM_PFS = {
    f"pkg/moe/pf{i}.py": "from pkg.moe.kernel import PrepareAndFinalize\n\n\n"
    f"class PF{i}(PrepareAndFinalize):\n    def finalize(self, out) -> None:\n        return None\n"
    for i in range(3)
}
OLD_CALL = "def run(pf, out):\n    pf.finalize(out)\n"
ELSE_CALL = (
    "def run(pf, out):\n"
    "    if not pf.supports_async():\n"
    "        pf.finalize(out)\n"
    "    else:\n"
    "        pf.finalize_async(out)\n"
)
BODY_CALL = "def run(pf, out):\n    if pf.supports_async():\n        pf.finalize_async(out)\n    else:\n        pf.finalize(out)\n"
AND_CALL = "def run(pf, out, overlap: bool):\n    if overlap and pf.supports_async():\n        pf.finalize_async(out)\n"
OTHER_CALL = "def run(pf, other, out):\n    if other.supports_async():\n        pf.finalize_async(out)\n"
HEAD = "from pkg.moe.kernel import PrepareAndFinalize\n\n\n"
OWN = "    aeon_tag = 'spark'\n"
ASYNC = "\n    def supports_async(self) -> bool:\n        return True\n"
SYNC = "\n    def supports_async(self) -> bool:\n        return False\n"
# the fork builds its class (a class nothing names is a warning only: dead, or built from outside the tree)
BUILT = "\n\nAEON_PFS = {'spark': AeonPF}\n"


def fork_class(members: str, bases: str = "PrepareAndFinalize", head: str = HEAD) -> str:
    return head + f"class AeonPF({bases}):\n" + OWN + members + BUILT


def upstream(call: str) -> dict[str, str]:
    pfs = {p: t + "\n" + FILLED for p, t in UPSTREAM_PFS.items()}
    return {BASE_PATH: BASE + HOOK, CALLER: call, **pfs}


def errors(repo: GitRepo, config: Path, fork: str, theirs: dict[str, str]) -> list[tuple[int, str]]:
    packages = {f"{p}/__init__.py": "" for p in ("pkg", "pkg/moe", "pkg/aeon")}
    base = {BASE_PATH: BASE, CALLER: OLD_CALL, **UPSTREAM_PFS, **packages}
    sides = s.merge_case(repo, base, {FORK: fork}, [(TITLE, theirs)])
    report = repo.audit(config, merge=sides)
    return [
        (f.line, f.message)
        for f in report.findings
        if f.rule_id == DRIFT and f.path == FORK and f.severity.value == "error"
    ]


MIXIN = (
    HEAD
    + "class AeonAsync:\n    def supports_async(self) -> bool:\n        return True\n\n\n"
    + "class AeonPF(AeonAsync, PrepareAndFinalize):\n"
    + OWN
    + BUILT
)


@pytest.mark.parametrize(
    ("fork", "call", "line"),
    [
        (fork_class(ASYNC), ELSE_CALL, 4),  # the fork answers True: the else branch runs for it
        (fork_class(ASYNC), BODY_CALL, 4),  # the flag asked straight, the call in its body
        (fork_class(ASYNC), AND_CALL, 4),  # one operand of an ``and``
        (MIXIN, ELSE_CALL, 9),  # True from the fork's own mixin, before the base in Python's order
        # a flag that is not a constant answer may be True: the call reaches the class
        (fork_class("\n    def supports_async(self) -> bool:\n        return self.overlap\n"), ELSE_CALL, 4),
        # a flag asked of another object guards nothing about this one
        (fork_class(SYNC), OTHER_CALL, 4),
    ],
    ids=["else of not", "body", "and", "mixin", "unknown answer", "another receiver"],
)
def test_a_fork_class_answering_the_flag_true_raises_where_upstream_calls_the_hook(
    git_repo: GitRepo, no_rules: Path, fork: str, call: str, line: int
) -> None:
    found = errors(git_repo, no_rules, fork, upstream(call))
    assert [n for n, _ in found] == [line]
    assert (
        "inherits PrepareAndFinalize.finalize_async(), which upstream added raising NotImplementedError"
        in (found[0][1])
    )


@pytest.mark.parametrize(
    ("fork", "call"),
    [
        (fork_class(""), ELSE_CALL),  # the base's False, kept: never asked
        (fork_class(SYNC), ELSE_CALL),  # the fork's own False
        (fork_class(SYNC), BODY_CALL),
        (fork_class(""), AND_CALL),
        (fork_class(ASYNC + "\n    def finalize_async(self, out):\n        return out\n"), ELSE_CALL),  # filled
        # deriving from one of upstream's classes that filled it
        (
            fork_class("", "PF0", "from pkg.moe.pf0 import PF0\n\n\n"),
            ELSE_CALL,
        ),
    ],
    ids=[
        "twin: base's False",
        "twin: own False",
        "twin: own False, body",
        "twin: base's False, and",
        "twin: fills it",
        "twin: a filled base",
    ],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, fork: str, call: str) -> None:
    assert errors(git_repo, no_rules, fork, upstream(call)) == []


# review86: the ``else`` of an ``or`` needs each operand False (#23273, e9b92dcd89: ``prepare_async()`` in the
# ``else`` of ``if (not self.prepare_finalize.supports_async() or self.shared_experts is None):``)
OR_ELSE_CALL = (
    "def run(pf, out):\n"
    "    if not pf.supports_async() or out is None:\n"
    "        pf.finalize(out)\n"
    "    else:\n"
    "        pf.finalize_async(out)\n"
)
OR_BODY_CALL = "def run(pf, out):\n    if pf.supports_async() or out is None:\n        pf.finalize_async(out)\n"
HANDED_UP = "\n    def supports_async(self) -> bool:\n        return super().supports_async()\n"
HANDED_UP_MIXIN = (
    HEAD
    + "class AeonAsync:\n    def supports_async(self) -> bool:\n        return True\n\n\n"
    + "class AeonPF(AeonAsync, PrepareAndFinalize):\n"
    + OWN
    + HANDED_UP
    + BUILT
)


@pytest.mark.parametrize(
    ("fork", "call", "line"),
    [
        (fork_class(ASYNC), OR_ELSE_CALL, 4),  # True: the else of the ``or`` runs for it
        (fork_class(SYNC), OR_BODY_CALL, 4),  # the body of an ``or`` runs whatever the flag answers
        (HANDED_UP_MIXIN, ELSE_CALL, 9),  # handed on to super(): the fork's mixin answers True
    ],
    ids=["else of or", "body of or", "super() to a True mixin"],
)
def test_the_else_of_an_or_and_a_flag_handed_up_still_reach_a_class_answering_true(
    git_repo: GitRepo, no_rules: Path, fork: str, call: str, line: int
) -> None:
    found = errors(git_repo, no_rules, fork, upstream(call))
    assert [n for n, _ in found] == [line]


@pytest.mark.parametrize(
    ("fork", "call"),
    [
        (fork_class(""), OR_ELSE_CALL),  # the base's False: the else of the ``or`` never runs
        (fork_class(SYNC), OR_ELSE_CALL),
        (fork_class(HANDED_UP), ELSE_CALL),  # super() hands on the base's False
    ],
    ids=["twin: base's False, else of or", "twin: own False, else of or", "twin: super() to the base's False"],
)
def test_twins_of_the_or_and_the_handed_up_flag_stay_quiet(
    git_repo: GitRepo, no_rules: Path, fork: str, call: str
) -> None:
    assert errors(git_repo, no_rules, fork, upstream(call)) == []


# #23273 added the flag (False in the base, True in three of upstream's classes) in the same change as the
# raising hook it gates: a fork class keeping the base's False is not refused anything, it keeps the path it ran
NEW_FLAG = "\n    def supports_async(self) -> bool:\n        return False\n"
BASE_NO_FLAG = "class PrepareAndFinalize:\n    def finalize(self, out) -> None:\n        raise NotImplementedError\n"


def errors_flag_added(repo: GitRepo, config: Path, fork: str) -> list[tuple[int, str]]:
    packages = {f"{p}/__init__.py": "" for p in ("pkg", "pkg/moe", "pkg/aeon")}
    base = {BASE_PATH: BASE_NO_FLAG, CALLER: OLD_CALL, **UPSTREAM_PFS, **packages}
    theirs = {
        BASE_PATH: BASE_NO_FLAG + NEW_FLAG + HOOK,
        CALLER: OR_ELSE_CALL,
        **{p: t + "\n" + FILLED for p, t in UPSTREAM_PFS.items()},
    }
    sides = s.merge_case(repo, base, {FORK: fork}, [(TITLE, theirs)])
    report = repo.audit(config, merge=sides)
    return [
        (f.line, f.message)
        for f in report.findings
        if f.rule_id == DRIFT and f.path == FORK and f.severity.value == "error"
    ]


def test_a_flag_added_with_the_hook_it_gates_is_no_refusal_of_a_class_lacking_the_hook(
    git_repo: GitRepo, no_rules: Path
) -> None:
    assert errors_flag_added(git_repo, no_rules, fork_class("")) == []


def test_a_class_filling_the_gated_hook_but_keeping_the_base_false_is_still_refused(
    git_repo: GitRepo, no_rules: Path
) -> None:
    fills = "\n    def finalize_async(self, out):\n        return out\n"
    found = errors_flag_added(git_repo, no_rules, fork_class(fills))
    assert [n for n, _ in found] == [4]
    assert "supports_async(), which upstream added returning False" in found[0][1]
