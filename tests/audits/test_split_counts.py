"""Part of what a field held moved into a new sibling upstream; a fork line still reads the field as the whole.

#35781 (a8ff2cca92) moved the scheduler's held-back requests out of ``self.waiting`` into a new
``self.skipped_waiting`` (its counts became ``len(self.waiting) + len(self.skipped_waiting)``); #38435
(5c18b961d6) split ``num_waiting_reqs=len(a) + len(b)`` into ``num_waiting_reqs=len(a)`` and a new
``num_skipped_waiting_reqs=len(b)`` (blind_replay_schedcore).  Warnings: a fork's ``len`` or walk of the
container off a typed receiver, a read of the count field off a receiver typed as the record or bound to the
function building it.  Quiet: an untyped receiver, the fork's own class of that name, another field, a store, a
function naming the sibling (``hasattr``, a sum of both), a sibling the base already had.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of

UP = "vllm/core/queues.py"
FORK = "vllm/aeon/queues_use.py"
BASE_C = """class Sched:
    def __init__(self) -> None:
        self.waiting = []
        self.running = []

    def counts(self) -> tuple[int, int]:
        return len(self.running), len(self.waiting)
"""
AFTER_C = BASE_C.replace(
    "        self.running = []\n", "        self.running = []\n        self.parked = []\n"
).replace("len(self.waiting)\n", "len(self.waiting) + len(self.parked)\n")
BASE_K = """class Stats:
    def __init__(self, running: int = 0, waiting: int = 0, parked: int = 0) -> None:
        self.running, self.waiting, self.parked = running, waiting, parked


class Sched:
    def __init__(self) -> None:
        self.waiting = []
        self.running = []
        self.held = []

    def stats(self) -> Stats:
        return Stats(running=len(self.running), waiting=len(self.waiting) + len(self.held))
"""
AFTER_K = BASE_K.replace(
    "waiting=len(self.waiting) + len(self.held))", "waiting=len(self.waiting), parked=len(self.held))"
)
HEAD = "from vllm.core.queues import Sched, Stats\n\n\n"


def rows(repo: GitRepo, config: Path, fork: str, base: str, after: str) -> list[tuple[int, str]]:
    sides = s.merge_case(repo, {UP: base}, {FORK: fork}, [("[Core] park blocked requests (#35781)", {UP: after})])
    return [
        (line, sev)
        for path, line, sev, msg in s.rule_rows(repo, config, sides, SYMBOL_DRIFT)
        if path == FORK and ("part of what" in msg)
    ]


@pytest.mark.parametrize(
    ("fork", "needle"),
    [
        (
            HEAD + "class AeonSched(Sched):\n    def full(self) -> bool:\n        return len(self.waiting) >= 8\n",
            "return len(self.waiting)",
        ),
        (
            HEAD + "class AeonSched(Sched):\n    def ids(self) -> list[str]:\n        out = []\n"
            "        for r in self.waiting:\n            out.append(r)\n        return out\n",
            "for r in self.waiting:",
        ),
        (
            HEAD + "def ids(sched: Sched) -> set[int]:\n    return {id(r) for r in sched.waiting}\n",
            "return {id(r)",
        ),
        (
            HEAD + "def load(sched: Sched) -> int:\n    return 1 + len(sched.running) + len(sched.waiting)\n",
            "return 1 +",
        ),
    ],
    ids=["a subclass's len", "a for loop", "a set comprehension", "a sum with another field"],
)
def test_a_container_split_read_warns(git_repo: GitRepo, no_rules: Path, fork: str, needle: str) -> None:
    assert rows(git_repo, no_rules, fork, BASE_C, AFTER_C) == [(line_of(fork, needle), "warning")]


@pytest.mark.parametrize(
    ("fork", "base"),
    [
        ("def full(sched) -> bool:\n    return len(sched.waiting) >= 8\n", BASE_C),
        (
            "class Sched:\n    waiting: list[int] = []\n\n\n"
            "def full(sched: Sched) -> bool:\n    return len(sched.waiting) >= 8\n",
            BASE_C,
        ),
        (HEAD + "def busy(sched: Sched) -> int:\n    return len(sched.running)\n", BASE_C),
        (
            HEAD + "class AeonSched(Sched):\n    def depth(self) -> int:\n"
            '        extra = len(self.parked) if hasattr(self, "parked") else 0\n'
            "        return len(self.waiting) + extra\n",
            BASE_C,
        ),
        (HEAD + "class AeonSched(Sched):\n    def reset(self) -> None:\n        self.waiting = []\n", BASE_C),
        (HEAD + "def add(sched: Sched, r: int) -> None:\n    sched.waiting.append(r)\n", BASE_C),
        (HEAD + "def full(sched: Sched) -> bool:\n    return len(sched.waiting) >= 8\n", AFTER_C),
    ],
    ids=[
        "untyped",
        "the fork's own class",
        "another field",
        "a hasattr guard naming the sibling",
        "a store",
        "a method call, no len or walk",
        "a sibling the base had",
    ],
)
def test_container_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, fork: str, base: str) -> None:
    assert rows(git_repo, no_rules, fork, base, AFTER_C) == []


@pytest.mark.parametrize(
    ("fork", "needle"),
    [
        (HEAD + "def depth(st: Stats) -> float:\n    return float(st.waiting)\n", "return float"),
        (
            HEAD + "def depth(sched: Sched) -> int:\n    snap = sched.stats()\n    return snap.waiting * 2\n",
            "return snap.waiting",
        ),
        (
            HEAD + "class AeonSched(Sched):\n    def backlog(self) -> int:\n"
            "        st = self.stats()\n        return st.waiting\n",
            "return st.waiting",
        ),
    ],
    ids=["an annotated record", "a call of the builder off a typed receiver", "a subclass's own builder call"],
)
def test_a_count_split_read_warns(git_repo: GitRepo, no_rules: Path, fork: str, needle: str) -> None:
    assert rows(git_repo, no_rules, fork, BASE_K, AFTER_K) == [(line_of(fork, needle), "warning")]


@pytest.mark.parametrize(
    "fork",
    [
        HEAD + "def busy(st: Stats) -> int:\n    return st.running\n",
        "def depth(st) -> int:\n    return st.waiting\n",
        HEAD + "def depth(st: Stats) -> int:\n    return st.waiting + getattr(st, 'parked', 0)\n",
        HEAD + "def fill(st: Stats) -> None:\n    st.waiting = 3\n",
        "class Stats:\n    waiting = 0\n\n\ndef depth(st: Stats) -> int:\n    return st.waiting\n",
        HEAD + "def depth(sched: Sched) -> int:\n    return len(sched.waiting)\n",
    ],
    ids=["another field", "untyped", "names the sibling", "a store", "the fork's own class", "the container itself"],
)
def test_count_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    assert rows(git_repo, no_rules, fork, BASE_K, AFTER_K) == []


AFTER_O = BASE_C.replace("        self.running = []\n", "        self.running = []\n        self.parked = []\n") + (
    "\n    def idle(self) -> bool:\n        return not (self.waiting or self.parked)\n"
)


@pytest.mark.parametrize(
    ("fork", "after", "needle"),
    [
        (
            HEAD + "class AeonSched(Sched):\n    def step(self) -> int:\n        if not self.waiting:\n"
            "            return 0\n        return 1\n",
            AFTER_O,
            "if not self.waiting:",
        ),
        (
            HEAD + "def drain(sched: Sched) -> None:\n    while sched.waiting and sched.running:\n"
            "        sched.running.pop()\n",
            AFTER_O,
            "while sched.waiting",
        ),
        (HEAD + "def full(sched: Sched) -> bool:\n    return len(sched.waiting) > 4\n", AFTER_O, "return len"),
        (
            HEAD + "class AeonSched(Sched):\n    def any_queued(self) -> bool:\n        return bool(self.waiting)\n",
            AFTER_C,
            "return bool",
        ),
    ],
    ids=["a not test, or-evidence", "a while test in an and", "a len, or-evidence", "a bool(), len-evidence"],
)
def test_a_truth_test_of_a_split_container_warns(
    git_repo: GitRepo, no_rules: Path, fork: str, after: str, needle: str
) -> None:
    """#35781 also made the scheduler's loop ask ``while self.waiting or self.skipped_waiting``: a fork's test of
    ``self.waiting`` alone now finds it empty while requests wait in the sibling."""
    assert rows(git_repo, no_rules, fork, BASE_C, after) == [(line_of(fork, needle), "warning")]


@pytest.mark.parametrize(
    "fork",
    [
        HEAD + "class AeonSched(Sched):\n    def busy(self) -> bool:\n        return bool(self.running)\n",
        HEAD + "def first(sched: Sched) -> object:\n    queue = sched.waiting\n    return queue\n",
        HEAD + "def take(sched: Sched) -> object:\n    return sched.waiting.pop() if sched.parked else None\n",
    ],
    ids=["another field's test", "a plain alias", "a function naming the sibling"],
)
def test_truth_test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    assert rows(git_repo, no_rules, fork, BASE_C, AFTER_O) == []


def test_a_builder_of_another_class_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """``st = other.stats()`` off a class that is not the builder's: another record of the name, not upstream's."""
    fork = (
        HEAD + "class Other:\n    def stats(self) -> Stats:\n        return Stats()\n\n\n"
        "def depth(other: Other) -> int:\n    st = other.stats()\n    return st.waiting\n"
    )
    assert rows(git_repo, no_rules, fork, BASE_K, AFTER_K) == []


def test_a_long_sum_is_read_in_linear_depth() -> None:
    """readE: a 1,500-term ``len(self.a) + ...`` (a generated file) ran the recursive term walk out of stack
    (RecursionError: the merge audit reran over cut trees), and each inner sum was walked again (500 terms:
    15 s).  The chain's terms are gathered once, without recursion; the split is still read."""
    import ast

    from aeon_release.domain.audits.drift.split_counts import _splits

    sums = " + ".join(["len(self.waiting)"] * 1500)
    base = (
        f"class Sched:\n    def __init__(self):\n        self.waiting = []\n\n    def n(self):\n        return {sums}\n"
    )
    after = base.replace("self.waiting = []", "self.waiting = []\n        self.parked = []").replace(
        "return len(self.waiting)", "return len(self.parked) + len(self.waiting)"
    )
    found = list(_splits("q.py", ast.parse(base), ast.parse(after)))
    assert [(f.owner, f.field, f.sibling) for f in found] == [("Sched", "waiting", "parked")]


# mend70: two classes each defining the builder: ``Backlog.stats`` never summed, ``Sched.stats`` (defined after it)
# did; upstream gives ``Backlog.stats`` a new keyword.  Paired by name alone, Backlog's new call was read against
# Sched's old one: a split of ``waiting`` nobody made
TWO_BASE = (
    BASE_K.split("\n\nclass Sched:")[0]
    + "\n\nclass Backlog:\n    def __init__(self) -> None:\n        self.waiting = []\n        self.held = []\n\n"
    "    def stats(self) -> Stats:\n        return Stats(waiting=len(self.waiting))\n"
    + "\n\nclass Sched:"
    + BASE_K.split("\n\nclass Sched:")[1]
)
TWO_AFTER = TWO_BASE.replace(
    "        return Stats(waiting=len(self.waiting))\n",
    "        return Stats(waiting=len(self.waiting), parked=len(self.held))\n\n"
    "    def total(self) -> int:\n        return len(self.waiting) + len(self.held)\n",
)


TWO_SPLIT = TWO_BASE.replace(
    "waiting=len(self.waiting) + len(self.held))", "waiting=len(self.waiting), parked=len(self.held))"
)


@pytest.mark.parametrize(
    ("after", "warned"),
    [(TWO_AFTER, False), (TWO_SPLIT, True)],
    ids=["a new keyword of the class that never summed", "the split in the class that summed"],
)
def test_a_builder_is_paired_within_the_class_that_owns_it(
    git_repo: GitRepo, no_rules: Path, after: str, warned: bool
) -> None:
    fork = HEAD + "def depth(st: Stats) -> int:\n    return st.waiting\n"
    expected = [(line_of(fork, "return st.waiting"), "warning")] if warned else []
    assert rows(git_repo, no_rules, fork, TWO_BASE, after) == expected


def _upstream(added: list[str], removed: list[str]) -> object:
    from types import SimpleNamespace

    change = SimpleNamespace(added=dict(enumerate(added, 1)), removed=removed)
    return SimpleNamespace(upstream={"m.py": change})


def test_a_file_no_removed_line_summed_a_keyword_in_is_not_read_for_keywords(monkeypatch: pytest.MonkeyPatch) -> None:
    """perf33: every upstream file's added lines were searched for keywords though no removed line passed a
    sum; now only lines that can match are asked, and a candidate is still one."""
    from aeon_release.domain.audits.drift import split_counts

    asked: list[str] = []
    findall = split_counts._KEYWORD.findall

    def recording(line: str) -> list[str]:
        asked.append(line)
        return findall(line)

    monkeypatch.setattr(split_counts._KEYWORD, "findall", recording)
    added = ["stats = make(num_waiting=len(q))", "x = 1", "print(y)"]
    assert not split_counts._candidate(_upstream(added, ["total = a + b"]), "m.py")  # type: ignore[arg-type]
    assert asked == ["total = a + b"]
    was = ["stats = make(num_waiting=a + b)", "y = a + b"]
    assert split_counts._candidate(_upstream(added, was), "m.py")  # type: ignore[arg-type]
    assert split_counts._candidate(_upstream(["n = len(self.a) + len(self.b)"], []), "m.py")  # type: ignore[arg-type]
    assert split_counts._candidate(_upstream(["if self.a or self.b:"], []), "m.py")  # type: ignore[arg-type]
    assert not split_counts._candidate(_upstream(["n = len(a) + len(b)"], []), "m.py")  # type: ignore[arg-type]
