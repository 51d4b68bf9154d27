"""None sentinels: a fork override nulls a field before ``super()`` where upstream's method stopped asking for None.

Shaped like #22499 (d411df0296): ``GroupCoordinator.destroy`` tested ``self.cpu_group is not None`` and now tests
``hasattr(self, "cpu_group")``; a fork override setting ``self.cpu_group = None`` before ``super().destroy()`` (to
keep a shared group alive) now hands None to ``destroy_process_group``, which tears down the default group.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of

GROUPS = "vllm/dist/groups.py"
BASE = """def close(x) -> None:
    pass


class Group:
    def __init__(self) -> None:
        self.cpu = object()
        self.dev = object()
        self.mq = object()

    def destroy(self) -> None:
        if self.cpu is not None:
            close(self.cpu)
        if self.dev:
            close(self.dev)
        if self.mq is not None:
            close(self.mq)
"""
UPSTREAM = BASE.replace("if self.cpu is not None:", 'if hasattr(self, "cpu"):').replace(
    "if self.dev:", 'if hasattr(self, "dev"):'
)
HEAD = "from vllm.dist.groups import Group\n\n\n"
FORK = "vllm/aeon/groups.py"


def rows(git_repo: GitRepo, no_rules: Path, body: str) -> list[tuple[int, str]]:
    sides = s.merge_case(
        git_repo,
        {GROUPS: BASE, "vllm/dist/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: body},
        [("[Misc] Further refine type annotations in parallel state (#22499)", {GROUPS: UPSTREAM})],
    )
    found = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    return [(r[1], r[2]) for r in found if r[0] == FORK and "no longer asks whether" in r[3]]


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        (
            HEAD + "class Shared(Group):\n    def destroy(self) -> None:\n        self.cpu = None\n"
            "        super().destroy()\n",
            "self.cpu = None",
        ),
        # a truth test at the base, the call returned, a statement between
        (
            HEAD + "class Shared(Group):\n    def destroy(self) -> None:\n        self.dev = None\n"
            "        print('keeping the device group')\n        return super().destroy()\n",
            "self.dev = None",
        ),
    ],
    ids=["is not None", "truth test"],
)
def test_a_none_the_base_no_longer_asks_for_is_an_error(
    git_repo: GitRepo, no_rules: Path, body: str, needle: str
) -> None:
    assert rows(git_repo, no_rules, body) == [(line_of(body, needle), "error")]


@pytest.mark.parametrize(
    "body",
    [
        # nulled after super(): the base ran first
        HEAD
        + "class Shared(Group):\n    def destroy(self) -> None:\n        super().destroy()\n        self.cpu = None\n",
        # a field upstream still asks for None
        HEAD
        + "class Shared(Group):\n    def destroy(self) -> None:\n        self.mq = None\n        super().destroy()\n",
        # no super(): the override replaces the base's method
        HEAD + "class Shared(Group):\n    def destroy(self) -> None:\n        self.cpu = None\n",
        # a class of the fork's own, not upstream's
        "class Group:\n    def destroy(self) -> None:\n        pass\n\n\nclass Shared(Group):\n"
        "    def destroy(self) -> None:\n        self.cpu = None\n        super().destroy()\n",
        # review93: the None deleted again (under a version flag) before super(): the base finds no field
        HEAD + "ASKS = True\n\n\nclass Shared(Group):\n    def destroy(self) -> None:\n        self.cpu = None\n"
        "        if ASKS:\n            del self.cpu\n        super().destroy()\n",
    ],
    ids=["after super", "still asked", "no super", "own class", "deleted again"],
)
def test_twin_a_none_the_base_still_asks_for_or_never_reaches_is_quiet(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    assert rows(git_repo, no_rules, body) == []


def test_each_field_the_base_no_longer_asks_for_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    # readD #3: the fields upstream stopped asking for were kept one per method, so only the last survived
    body = (
        HEAD + "class Shared(Group):\n    def destroy(self) -> None:\n        self.cpu = None\n"
        "        self.dev = None\n        super().destroy()\n"
    )
    found = rows(git_repo, no_rules, body)
    assert found == [(line_of(body, "self.cpu = None"), "error"), (line_of(body, "self.dev = None"), "error")]


@pytest.mark.parametrize(
    "guard",
    [
        "if not self.cpu:\n            return\n        close(self.cpu)",
        "if (g := self.cpu) is not None:\n            close(g)",
        "if isinstance(self.cpu, object):\n            close(self.cpu)",
        'if getattr(self, "cpu", None) is not None:\n            close(self.cpu)',
    ],
    ids=["not-return", "walrus", "isinstance", "getattr-default"],
)
def test_twin_upstream_guarding_none_another_way_is_quiet(git_repo: GitRepo, no_rules: Path, guard: str) -> None:
    # readD #10: upstream still keeps the None out, spelt otherwise: the sentinel still stops it
    upstream = BASE.replace("if self.cpu is not None:\n            close(self.cpu)", guard)
    assert upstream != BASE
    body = (
        HEAD
        + "class Shared(Group):\n    def destroy(self) -> None:\n        self.cpu = None\n        super().destroy()\n"
    )
    sides = s.merge_case(
        git_repo,
        {GROUPS: BASE, "vllm/dist/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: body},
        [("[Misc] Further refine type annotations in parallel state (#22499)", {GROUPS: upstream})],
    )
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if "no longer asks whether" in r[3]] == []
