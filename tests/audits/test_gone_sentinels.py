"""Gone sentinels: a fork tests an attribute for the None or the empty value its class no longer stores in it.

Shaped like #22910 (919234fe17): ``DPAsyncMPClient.__init__`` started ``self.lb_engines`` as ``[]`` and now as one
``[0, 0]`` pair per engine, so a fork's ``if not self.lb_engines:`` is dead; and like #11659 (80c751e7f6):
``MPClient.shutdown`` stopped storing ``self.proc_handle = None``, so a fork's ``self.proc_handle is None`` never
holds again.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of

CLIENT = "vllm/serve/client.py"
BASE = """def make_cache():
    return {}


class Handle:
    pass


class Client:
    def __init__(self, n: int) -> None:
        self.counts: list[list[int]] = []
        self.handle = Handle()
        self.peers: list[str] = []
        self.peer = Handle()
        self.cache = make_cache()
        self.layers: list[int] = []
        for i in range(n):
            self.layers.append(i)

    def shutdown(self) -> None:
        self.handle = None

    def reset(self) -> None:
        self.cache = None

    def close(self) -> None:
        self.peer = None

    def update(self, counts: list[list[int]]) -> None:
        self.counts = counts


class LBClient(Client):
    pass
"""
UPSTREAM = (
    BASE.replace("self.counts: list[list[int]] = []", "self.counts: list[list[int]] = [[0, 0] for _ in range(n)]")
    .replace("        self.handle = None\n", "        pass\n")
    .replace("        self.cache = None\n", "        self.cache = make_cache()\n")
    .replace("        self.peer = None\n", "        del self.peer\n")
    .replace(
        "        self.layers: list[int] = []\n        for i in range(n):\n            self.layers.append(i)\n",
        "        self.layers: list[int] = [i for i in range(n)]\n",
    )
)
HEAD = "from vllm.serve.client import Client, LBClient\n\n\n"
FORK = "vllm/aeon/client.py"


def rows(git_repo: GitRepo, no_rules: Path, body: str) -> list[tuple[int, str]]:
    sides = s.merge_case(
        git_repo,
        {CLIENT: BASE, "vllm/serve/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: body},
        [("[BugFix] Fix initial DP request load imbalance (#22910)", {CLIENT: UPSTREAM})],
    )
    found = s.rule_rows(git_repo, no_rules, sides, DEFAULT_DRIFT)
    return [(r[1], r[2]) for r in found if r[0] == FORK and "no longer stores" in r[3]]


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        # the constructor's empty start gone, tested off a subclass of a subclass upstream defines
        (HEAD + "class Mine(LBClient):\n    def ready(self) -> bool:\n        return self.counts == []\n", "== []"),
        (HEAD + "class Mine(Client):\n    def ready(self) -> bool:\n        return bool(self.counts)\n", "bool("),
        (
            HEAD + "class Mine(Client):\n    def pick(self) -> int:\n        if self.counts:\n            return 1\n"
            "        return 0\n",
            "if self.counts:",
        ),
        (HEAD + "class Mine(Client):\n    def pick(self) -> object:\n        return self.counts or [[1, 1]]\n", " or "),
        # the None a method stored, gone, every store left a class's build; off a parameter typed as the class
        (HEAD + "def down(client: Client) -> bool:\n    return client.handle is not None\n", "is not None"),
        (HEAD + "class Mine(LBClient):\n    def down(self) -> bool:\n        return None == self.handle\n", "None =="),
    ],
    ids=["== []", "bool()", "if truth", "or default", "typed is not None", "None =="],
)
def test_a_test_for_a_value_the_class_no_longer_stores_is_an_error(
    git_repo: GitRepo, no_rules: Path, body: str, needle: str
) -> None:
    assert rows(git_repo, no_rules, body) == [(line_of(body, needle), "error")]


def test_a_none_a_kept_unknown_store_may_still_give_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    # reset() stored None at the base and stores make_cache() now: a call's answer may still be None
    body = HEAD + "class Mine(Client):\n    def cold(self) -> bool:\n        return self.cache is None\n"
    assert rows(git_repo, no_rules, body) == [(line_of(body, "is None"), "warning")]


@pytest.mark.parametrize(
    "body",
    [
        # the fork's class stores the attribute itself: its own value
        HEAD + "class Mine(Client):\n    def clear(self) -> None:\n        self.counts = []\n\n"
        "    def ready(self) -> bool:\n        return not self.counts\n",
        # a namesake: the fork's own class, not upstream's
        "class Client:\n    def __init__(self) -> None:\n        self.counts = []\n\n"
        "    def ready(self) -> bool:\n        return not self.counts\n",
        # a truth test of a None sentinel: an object may be falsy
        HEAD + "class Mine(Client):\n    def down(self) -> bool:\n        return not self.handle\n",
        # the sentinel still stored
        HEAD + "class Mine(Client):\n    def alone(self) -> bool:\n        return not self.peers\n",
        # the new spelling: a read of a pair
        HEAD + "class Mine(Client):\n    def idle(self) -> bool:\n        return self.counts[0][0] == 0\n",
        # a None test of the emptied one: not the sentinel it lost
        HEAD + "class Mine(Client):\n    def gone(self) -> bool:\n        return self.counts is None\n",
        # the None made a ``del`` (#22499): a read after it raises, stopped writes' to judge
        HEAD + "class Mine(Client):\n    def closed(self) -> bool:\n        return self.peer is None\n",
        # an accumulator's empty start (appended to at the base), built at once upstream: empty still means none
        HEAD + "class Mine(Client):\n    def flat(self) -> bool:\n        return not self.layers\n",
    ],
    ids=[
        "own store",
        "namesake",
        "truth of None",
        "still stored",
        "new spelling",
        "other kind",
        "deleted",
        "accumulator",
    ],
)
def test_twin_a_value_the_class_may_still_hold_is_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    "body",
    [
        # a null guard around a use of the value, nothing done for the sentinel: upstream's value takes the body
        HEAD + "class Mine(Client):\n    def stop(self) -> None:\n        if self.handle is not None:\n"
        "            print(self.handle)\n",
        HEAD + "class Mine(Client):\n    def busiest(self) -> int:\n        top = 0\n        if self.counts:\n"
        "            top = max(range(len(self.counts)), key=lambda i: sum(self.counts[i]))\n        return top\n",
        # an early bare return for the sentinel, the value used after it
        HEAD + "class Mine(Client):\n    def stop(self) -> None:\n        if self.handle is None:\n"
        "            return\n        print(self.handle)\n",
        # an and guarding a read of the field; the old test or-ed with the new state's (review105)
        HEAD + "class Mine(Client):\n    def alive(self) -> bool:\n"
        "        return self.handle is not None and bool(self.handle)\n",
        HEAD + "class Mine(Client):\n    def cold(self) -> bool:\n"
        "        return not self.counts or not any(map(sum, self.counts))\n",
        HEAD + "class Mine(Client):\n    def first(self) -> object:\n        return self.counts and self.counts[0]\n",
        # the fork empties the field itself: the emptiness it tests is its own state
        HEAD + "class Mine(Client):\n    def forget(self) -> None:\n        self.counts.clear()\n\n"
        "    def cold(self) -> bool:\n        return not self.counts\n",
    ],
    ids=["guard is not None", "guard truth", "early return", "and guard", "or new state", "and read", "own clear"],
)
def test_twin_a_guard_right_either_way_is_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        # the guard's body leaves: what follows is the sentinel's own branch
        (
            HEAD + "class Mine(Client):\n    def pick(self) -> int:\n        if self.counts:\n"
            "            return len(self.counts)\n        return -1\n",
            "if self.counts:",
        ),
        # the sentinel's branch does the fork's own work
        (
            HEAD + "class Mine(Client):\n    def pick(self) -> int:\n        if not self.counts:\n"
            "            return -1\n        return 0\n",
            "if not self.counts:",
        ),
        # an or with another value, not the field
        (
            HEAD
            + "class Mine(Client):\n    def down(self, late: bool) -> bool:\n        return self.handle is None or late\n",
            "is None",
        ),
        # an explicit None answer for the sentinel: a value the caller may read
        (
            HEAD + "class Mine(Client):\n    def pick(self) -> object:\n        if self.handle is None:\n"
            "            return None\n        return self.handle\n",
            "if self.handle is None:",
        ),
    ],
    ids=["body leaves", "sentinel branch works", "or other", "return None"],
)
def test_a_test_whose_sentinel_branch_works_is_still_an_error(
    git_repo: GitRepo, no_rules: Path, body: str, needle: str
) -> None:
    assert rows(git_repo, no_rules, body) == [(line_of(body, needle), "error")]
