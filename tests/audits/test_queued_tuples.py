"""Queued tuple drift: a fork line unpacks an entry of a container an upstream class keeps in an attribute.

Shaped like #31611 (b53b89fdb3), which widened ``EngineCore.batch_queue``'s entries from ``(future,
scheduler_output)`` to ``(future, scheduler_output, exec_future)``: a fork's ``future, output =
self.batch_queue[-1]`` raises ValueError on the first pipelined step.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import RETURN_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

CORE = "vllm/engine/core.py"
CORE_BASE = """from collections import deque


class Core:
    def __init__(self, size: int) -> None:
        self.batch_queue: deque[tuple[object, object]] | None = None
        if size > 1:
            self.batch_queue = deque(maxlen=size)

    def step(self, future, output) -> None:
        batch_queue = self.batch_queue
        batch_queue.appendleft((future, output))

    def finish(self):
        future, output = self.batch_queue.pop()
        return future.result(), output
"""
CORE_UPSTREAM = """from collections import deque


class Core:
    def __init__(self, size: int) -> None:
        self.batch_queue: deque[tuple[object, object, object]] | None = None
        if size > 1:
            self.batch_queue = deque(maxlen=size)

    def step(self, future, output, exec_future) -> None:
        batch_queue = self.batch_queue
        batch_queue.appendleft((future, output, exec_future))

    def finish(self):
        future, output, exec_future = self.batch_queue.pop()
        return future.result(), output
"""
SUBJECT = "[BugFix] Async scheduling: handle model forward errors more cleanly (#31611)"
FORK = "vllm/aeon/replay_queue.py"
HEAD = "from vllm.engine.core import Core\n\n\n"

# upstream wraps the entry it puts in a call: the entries' length is not shown
HIDDEN = CORE_UPSTREAM.replace("deque[tuple[object, object, object]]", "deque").replace(
    "appendleft((future, output, exec_future))", "appendleft(make_entry(future, output, exec_future))"
)


def rows(git_repo: GitRepo, no_rules: Path, body: str, upstream: str = CORE_UPSTREAM) -> list:
    sides = s.merge_case(
        git_repo,
        {CORE: CORE_BASE, "vllm/engine/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: HEAD + body},
        [(SUBJECT, {CORE: upstream})],
    )
    return [r for r in s.rule_rows(git_repo, no_rules, sides, RETURN_DRIFT) if r[0] == FORK]


WIDENED_UNPACKS = [
    "class AeonCore(Core):\n    def aeon_oldest(self):\n        future, output = self.batch_queue[-1]\n"
    "        return output\n",
    "def aeon_take(core: Core):\n    future, output = core.batch_queue.pop()\n    return output\n",
    "def aeon_all(core: Core):\n    for future, output in core.batch_queue:\n        print(output)\n",
    "class AeonCore(Core):\n    def aeon_all(self):\n        for future, output in reversed(self.batch_queue or ()):\n"
    "            print(output)\n",
    "class AeonCore(Core):\n    def aeon_first(self):\n        queue = self.batch_queue\n"
    "        (future, output) = queue[0]\n        return output\n",
]


@pytest.mark.parametrize(
    "body",
    WIDENED_UNPACKS,
    ids=["subclass index", "typed pop", "typed for", "for over an or", "bound then indexed"],
)
def test_an_unpack_of_an_entry_upstream_widened_is_an_error(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    # the rows' modules side by side, one merge and one audit a process (``s.audited_row``, suitespeed12)
    base = {CORE: CORE_BASE, "vllm/engine/__init__.py": "", "vllm/__init__.py": ""}
    bodies = [HEAD + text for text in WIDENED_UNPACKS]
    upstream: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {CORE: CORE_UPSTREAM})]
    _, batch = s.audited_row(git_repo, no_rules, base, bodies, HEAD + body, upstream, RETURN_DRIFT, "vllm/aeon")
    found = [(f.path, f.line, f.severity.value, f.message) for f in batch]
    assert found and all(severity == "error" for _, _, severity, _ in found)
    assert all("Core.batch_queue" in message and "#31611" in message for *_, message in found)


def test_an_unpack_in_a_try_catching_value_error_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    body = (
        "def aeon_take(core: Core):\n    try:\n        future, output = core.batch_queue.pop()\n"
        "    except ValueError:\n        return None\n    return output\n"
    )
    found = rows(git_repo, no_rules, body)
    assert [severity for _, _, severity, _ in found] == ["warning"]


@pytest.mark.parametrize(
    "body",
    [
        # the new layout
        "def aeon_take(core: Core):\n    future, output, exec_future = core.batch_queue.pop()\n    return output\n",
        # a starred unpack takes any length
        "def aeon_take(core: Core):\n    future, *rest = core.batch_queue.pop()\n    return future\n",
        # indexed, not unpacked
        "def aeon_take(core: Core):\n    return core.batch_queue[-1][0]\n",
        # an untyped receiver: which class is unknown
        "def aeon_take(core):\n    future, output = core.batch_queue.pop()\n    return output\n",
        # a class of the fork's own with an attribute of the same name
        "class Mine:\n    def aeon(self):\n        future, output = self.batch_queue.pop()\n        return output\n",
        # the fork's subclass puts its own entries
        "class AeonCore(Core):\n    def step(self, future, output, exec_future=None) -> None:\n"
        "        self.batch_queue.appendleft((future, output))\n\n"
        "    def aeon(self):\n        future, output = self.batch_queue.pop()\n        return output\n",
        # the fork's subclass keeps a container of its own there
        "class AeonCore(Core):\n    def __init__(self, size: int) -> None:\n        super().__init__(size)\n"
        "        self.batch_queue = []\n\n"
        "    def aeon(self):\n        future, output = self.batch_queue.pop()\n        return output\n",
        # a container upstream did not touch
        "def aeon_take(core: Core):\n    a, b = core.other.pop()\n    return b\n",
        # the fork's subclass puts its own entries through calls that carry no one entry
        "class AeonCore(Core):\n    def step(self, future, output) -> None:\n"
        "        self.batch_queue.extendleft([(future, output)])\n\n"
        "    def aeon(self):\n        future, output = self.batch_queue.pop()\n        return output\n",
        "import heapq\n\n\nclass AeonCore(Core):\n    def step(self, future, output) -> None:\n"
        "        heapq.heappush(self.batch_queue, (future, output))\n\n"
        "    def aeon(self):\n        future, output = self.batch_queue[0]\n        return output\n",
        "class AeonCore(Core):\n    def step(self, future, output) -> None:\n"
        "        self.batch_queue[0] = (future, output)\n\n"
        "    def aeon(self):\n        future, output = self.batch_queue[0]\n        return output\n",
    ],
    ids=[
        *("new layout", "starred", "indexed", "untyped", "own class", "own puts", "own store", "other attribute"),
        *("own extendleft", "own heappush", "own item store"),
    ],
)
def test_queued_tuple_twins(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


def test_entries_whose_length_upstream_does_not_show_are_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    body = "def aeon_take(core: Core):\n    future, output = core.batch_queue.pop()\n    return output\n"
    assert rows(git_repo, no_rules, body, HIDDEN) == []


def test_a_dict_of_tuples_is_not_a_queue(git_repo: GitRepo, no_rules: Path) -> None:
    base = "class Core:\n    def __init__(self) -> None:\n        self.batch_queue: dict[str, tuple[int, int]] = {}\n"
    upstream = base.replace("tuple[int, int]", "tuple[int, int, int]")
    body = "def aeon_take(core: Core):\n    for key, pair in core.batch_queue.items():\n        print(pair)\n"
    sides = s.merge_case(
        git_repo,
        {CORE: base, "vllm/engine/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: HEAD + body},
        [(SUBJECT, {CORE: upstream})],
    )
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, RETURN_DRIFT) if r[0] == FORK] == []


@pytest.mark.parametrize(
    "body",
    [
        "class AeonCore(Core):\n    def aeon_oldest(self):\n"
        "        if len(self.batch_queue[-1]) == 2:\n            future, output = self.batch_queue[-1]\n"
        "        else:\n            future, output, _ = self.batch_queue[-1]\n        return output\n",
        "def aeon_first(core: Core):\n    if len(core.batch_queue[0]) == 2:\n"
        "        future, output = core.batch_queue[0]\n        return output\n",
    ],
    ids=["subclass", "typed"],
)
def test_an_unpack_under_a_test_of_the_entry_len_is_no_error(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    """The fork already splits on the entry's length; which branch runs is not read: at most a warning."""
    found = rows(git_repo, no_rules, body)
    assert [severity for _, _, severity, _ in found] == ["warning"], found


def test_a_len_of_the_container_is_no_guard(git_repo: GitRepo, no_rules: Path) -> None:
    """``len(core.batch_queue)`` counts entries, it does not tell their layouts apart: the error stays."""
    body = "def aeon_take(core: Core):\n    if len(core.batch_queue) > 0:\n        future, output = core.batch_queue.pop()\n"
    assert [severity for _, _, severity, _ in rows(git_repo, no_rules, body)] == ["error"]


def test_a_methods_local_annotation_is_not_the_attributes(git_repo: GitRepo, no_rules: Path) -> None:
    """A local ``finished: list[tuple[str, int]]`` in a method is another value than ``self.finished``."""
    base = (
        "class Core:\n    def __init__(self) -> None:\n        self.finished = []\n\n"
        "    def add(self, pairs) -> None:\n        self.finished.extend(pairs)\n\n"
        "    def report(self):\n        finished: list[tuple[str, int]] = []\n        return finished\n"
    )
    upstream = base.replace("tuple[str, int]", "tuple[str, int, int]")
    body = "def aeon_take(core: Core):\n    rid, n = core.finished[0]\n    return rid\n"
    sides = s.merge_case(
        git_repo,
        {CORE: base, "vllm/engine/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: HEAD + body},
        [(SUBJECT, {CORE: upstream})],
    )
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, RETURN_DRIFT) if r[0] == FORK] == []
