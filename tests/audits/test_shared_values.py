"""An attribute upstream's method now points at one object its class keeps (#33612, 711edaf0d0: the async
scheduler's ``request.spec_token_ids = self._spec_token_placeholders`` for ``[-1] * self.num_spec_tokens``),
changed in place by a fork override after its super call (drift/shared_values.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from aeon_release.domain.audits.drift import shared_values
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

MOD = "pkg/sched.py"
PACKAGES = {"pkg/__init__.py": ""}
BASE = """class Req:
    def __init__(self) -> None:
        self.slots: list[int] = []
        self.tags: dict[str, int] = {}


class Sched:
    def __init__(self, k: int) -> None:
        self.k = k
        self.reqs: dict[str, Req] = {}

    def step(self, ids: list[str]) -> None:
        for i in ids:
            req = self.reqs[i]
            req.slots = [-1] * self.k
            req.tags = {}
"""
AFTER = BASE.replace(
    "        self.reqs: dict[str, Req] = {}\n",
    "        self.reqs: dict[str, Req] = {}\n        self._slots = [-1] * k\n        self._tags: dict[str, int] = {}\n",
).replace(
    "req.slots = [-1] * self.k\n            req.tags = {}", "req.slots = self._slots\n            req.tags = self._tags"
)
USE = "pkg/aeon_sched.py"
HEAD = (
    "from pkg.sched import Sched\n\n\nclass AeonSched(Sched):\n    def step(self, ids: list[str]) -> None:\n"
    "        super().step(ids)\n        for i in ids:\n            req = self.reqs[i]\n"
)


def _found(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {MOD: BASE, **PACKAGES}, {USE: fork}, {MOD: AFTER})
    return [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[0] == USE]


@pytest.mark.parametrize(
    ("tail", "needle"),
    [
        ("            req.slots.append(0)\n", "append"),
        ('            req.tags["aeon"] = 1\n', '["aeon"]'),
        ("            req.slots += [0]\n", "+="),
        ("            del req.slots[0]\n", "del req"),
    ],
    ids=["a list method", "a dict item store", "an augmented assignment", "an item deletion"],
)
def test_an_in_place_change_after_the_super_call(git_repo: GitRepo, tmp_path: Path, tail: str, needle: str) -> None:
    fork = HEAD + tail
    assert _found(git_repo, tmp_path, fork) == [(USE, line_of(fork, needle), "error")]


@pytest.mark.parametrize(
    "fork",
    [
        # a rebinding: the request's own list
        HEAD + "            req.slots = [0] + req.slots[1:]\n",
        # a copy bound first
        HEAD + "            req.slots = list(req.slots)\n            req.slots[0] = 7\n",
        # before the super call: the fresh list of the base's step is not yet there
        "from pkg.sched import Sched\n\n\nclass AeonSched(Sched):\n    def step(self, ids: list[str]) -> None:\n"
        "        for i in ids:\n            self.reqs[i].slots.clear()\n        super().step(ids)\n",
        # outside an override: what the attribute holds there is not known
        "from pkg.sched import Req\n\n\ndef seed(req: Req) -> None:\n    req.slots.append(0)\n",
        # an override of another method
        "from pkg.sched import Sched\n\n\nclass AeonSched(Sched):\n    def other(self, req) -> None:\n"
        "        req.slots.append(0)\n",
        # the fork's own class of the name
        "class Sched:\n    def step(self, ids: list[str]) -> None:\n        pass\n\n\n"
        + HEAD.replace("from pkg.sched import Sched\n\n\n", "")
        + "            req.slots.append(0)\n",
    ],
    ids=["rebinding", "copy first", "before the super call", "a plain function", "another method", "own namesake"],
)
def test_changes_the_sharing_leaves_alone_stay_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _found(git_repo, tmp_path, fork) == []


def test_a_change_under_an_identity_test_of_the_attribute_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    """review79: the fork skips the store where the list is the scheduler's shared one."""
    fork = HEAD + (
        '            shared = getattr(self, "_slots", None)\n'
        "            if req.slots and req.slots is not shared:\n                req.slots[0] = 7\n"
    )
    assert _found(git_repo, tmp_path, fork) == []


def test_a_change_under_an_is_not_none_test_still_errs(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = HEAD + "            if req.slots is not None:\n                req.slots[0] = 7\n"
    assert _found(git_repo, tmp_path, fork) == [(USE, line_of(fork, "req.slots[0] = 7"), "error")]


@pytest.mark.parametrize(
    ("body", "lines"),
    [
        ("    req.slots.append(0)\n", [3]),
        # read-back B: a rebinding through a tuple target or an annotated assignment frees the attribute
        ("    req.slots, n = [], 0\n    req.slots.append(0)\n", []),
        ("    req.slots: list[int] = []\n    req.slots.append(0)\n", []),
        # another receiver's rebinding leaves req's shared value in place
        ("    other.slots = []\n    req.slots.append(0)\n", [4]),
        ("    req.slots += [0]\n    req.slots.append(0)\n", [3, 4]),
    ],
    ids=["the change", "a tuple rebinding", "an annotated rebinding", "another receiver", "an augmented change"],
)
def test_a_rebinding_frees_only_its_own_receiver(body: str, lines: list[int]) -> None:
    func = ast.parse("def step(req, other):\n    super().step()\n" + body).body[0]
    assert isinstance(func, ast.FunctionDef)
    assert sorted(shared_values._mutated_after(func, "slots", 2)) == lines
