"""Dropped-dunder drift (drift/dropped_dunders.py): #32173 removed ``__reversed__`` from ``RequestQueue`` and
both queues; the deque-backed one still reverses, the priority one (bases ``RequestQueue``, ``ABC``) does not."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

QUEUES = "vllm/v1/core/sched/request_queue.py"
BASE_TEXT = '''from abc import ABC, abstractmethod
from collections import deque


class RequestQueue(ABC):
    @abstractmethod
    def add_request(self, request) -> None:
        pass

    @abstractmethod
    def __len__(self) -> int:
        pass

    @abstractmethod
    def __reversed__(self):
        """Iterate over the queue in reverse order."""
        pass


class FCFSRequestQueue(deque, RequestQueue):
    def add_request(self, request) -> None:
        self.append(request)

    def __reversed__(self):
        return super().__reversed__()


class PriorityRequestQueue(RequestQueue):
    def __init__(self) -> None:
        self._heap = []

    def add_request(self, request) -> None:
        self._heap.append(request)

    def __len__(self) -> int:
        return len(self._heap)

    def __iter__(self):
        return iter(sorted(self._heap))

    def __reversed__(self):
        return reversed(list(self))

    def __enter__(self):
        return self


class IndexedQueue(RequestQueue):
    def add_request(self, request) -> None:
        pass

    def __len__(self) -> int:
        return 0

    def __getitem__(self, i):
        return i

    def __reversed__(self):
        return iter(())
'''
UPSTREAM_TEXT = (
    BASE_TEXT.replace(
        '    @abstractmethod\n    def __reversed__(self):\n        """Iterate over the queue in reverse order."""\n'
        "        pass\n",
        "",
    )
    .replace("    def __reversed__(self):\n        return super().__reversed__()\n", "    pass\n")
    .replace("    def __reversed__(self):\n        return reversed(list(self))\n\n", "")
    .replace("    def __reversed__(self):\n        return iter(())\n", "")
    .replace("    def __enter__(self):\n        return self\n", "    pass\n")
)
SUBJECT = "[BugFix] scheduler: Fix ordering preserving of skipped requests (#32173)"
FORK = "vllm/aeon/queues.py"
HEAD = (
    "from vllm.v1.core.sched.request_queue import FCFSRequestQueue, IndexedQueue, PriorityRequestQueue, RequestQueue\n"
    "\n\n"
)


def _rows(git_repo: GitRepo, no_rules: Path, fork: str) -> list[tuple[int, str, str]]:
    sides = s.merge_case(git_repo, {QUEUES: BASE_TEXT}, {FORK: fork}, [(SUBJECT, {QUEUES: UPSTREAM_TEXT})])
    return [(ln, sev, msg) for p, ln, sev, msg in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if p == FORK]


def test_a_use_of_a_dunder_no_base_defines_now_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """A fork subclass's ``super().__reversed__()``, ``reversed(q)``, ``q.__reversed__()`` and ``with q`` of a
    parameter typed as the priority queue (``X``, ``X | None``, ``"X"``): errors naming the commit."""
    fork = HEAD + (
        "class AeonQueue(PriorityRequestQueue):\n"
        "    def victims(self):\n"
        "        return list(super().__reversed__())\n"  # 6
        "\n\n"
        "def lowest(queue: PriorityRequestQueue):\n"
        "    return next(reversed(queue))\n"  # 10
        "\n\n"
        "def lowest2(queue: 'PriorityRequestQueue | None'):\n"
        "    return queue.__reversed__()\n"  # 14
        "\n\n"
        "def held(queue: PriorityRequestQueue) -> None:\n"
        "    with queue:\n"  # 18
        "        pass\n"
    )
    found = _rows(git_repo, no_rules, fork)
    assert [(line, severity) for line, severity, _ in found] == [
        (6, "error"),
        (10, "error"),
        (14, "error"),
        (18, "error"),
    ]
    assert "PriorityRequestQueue.__reversed__" in found[0][2] and "#32173" in found[0][2]
    assert "AttributeError" in found[0][2] and "TypeError" in found[1][2]
    assert "PriorityRequestQueue.__enter__" in found[3][2]


def test_a_dunder_something_else_still_gives_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Twins: the deque-backed queue (``deque`` brings ``__reversed__``), a class whose ``__len__`` and
    ``__getitem__`` let ``reversed`` fall back, the abstract base (its values are subclasses'), a use inside a
    ``try`` catching TypeError, one under ``hasattr``, a rebound parameter, and a subclass of two named bases:
    quiet."""
    fork = HEAD + (
        "def newest(queue: FCFSRequestQueue):\n"
        "    return next(reversed(queue))\n"
        "\n\n"
        "def newest2(queue: IndexedQueue):\n"
        "    return next(reversed(queue))\n"
        "\n\n"
        "def newest3(queue: RequestQueue):\n"
        "    return next(reversed(queue))\n"
        "\n\n"
        "def newest4(queue: PriorityRequestQueue):\n"
        "    try:\n"
        "        return next(reversed(queue))\n"
        "    except TypeError:\n"
        "        return None\n"
        "\n\n"
        "def newest5(queue: PriorityRequestQueue):\n"
        "    if hasattr(queue, '__reversed__'):\n"
        "        return next(reversed(queue))\n"
        "    return None\n"
        "\n\n"
        "def newest6(queue: PriorityRequestQueue):\n"
        "    queue = list(queue)\n"
        "    return next(reversed(queue))\n"
        "\n\n"
        "class Mixed(PriorityRequestQueue, FCFSRequestQueue):\n"
        "    def last(self):\n"
        "        return next(super().__reversed__())\n"
    )
    assert _rows(git_repo, no_rules, fork) == []


def test_a_fork_subclass_that_defines_the_dunder_keeps_typed_uses_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Twin: the fork's own subclass defines ``__reversed__`` (a parameter typed as upstream's class may hold
    it), so ``reversed(queue)`` is quiet; its ``self.__reversed__()`` too, while another fork subclass's
    ``super().__reversed__()`` still reaches upstream's class: an error."""
    fork = HEAD + (
        "class AeonQueue(PriorityRequestQueue):\n"
        "    def __reversed__(self):\n"
        "        return reversed(list(self))\n"
        "\n"
        "    def last(self):\n"
        "        return next(self.__reversed__())\n"
        "\n\n"
        "def lowest(queue: PriorityRequestQueue):\n"
        "    return next(reversed(queue))\n"
        "\n\n"
        "class AeonQueue2(PriorityRequestQueue):\n"
        "    def victims(self):\n"
        "        return list(super().__reversed__())\n"  # 18
    )
    assert [(line, severity) for line, severity, _ in _rows(git_repo, no_rules, fork)] == [(18, "error")]


def test_a_fork_subclass_reversing_itself_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """A fork subclass's method ``reversed(self)`` (the class defines no ``__reversed__``): an error; the same in a
    class that defines it, in one that a class of the file derives from (``self`` may be the subclass's), and with
    Python's fallback defined (``__getitem__`` beside the kept ``__len__``): quiet."""
    fork = HEAD + (
        "class AeonQueue(PriorityRequestQueue):\n"
        "    def victims(self, n: int):\n"
        "        return list(reversed(self))[:n]\n"  # 6
        "\n\n"
        "class AeonOwn(PriorityRequestQueue):\n"
        "    def __reversed__(self):\n"
        "        return iter(())\n"
        "\n"
        "    def victims(self):\n"
        "        return list(reversed(self))\n"
        "\n\n"
        "class AeonBase(PriorityRequestQueue):\n"
        "    def victims(self):\n"
        "        return list(reversed(self))\n"
        "\n\n"
        "class AeonLeaf(AeonBase):\n"
        "    def __reversed__(self):\n"
        "        return iter(())\n"
        "\n\n"
        "class AeonIndexed(PriorityRequestQueue):\n"
        "    def __getitem__(self, i):\n"
        "        return i\n"
        "\n"
        "    def victims(self):\n"
        "        return list(reversed(self))\n"
    )
    found = _rows(git_repo, no_rules, fork)
    assert [(line, severity) for line, severity, _ in found] == [(6, "error")]
    assert "reversed(self)" in found[0][2] and "TypeError" in found[0][2]


MOVED = UPSTREAM_TEXT.replace(
    "class RequestQueue(ABC):\n", "class RequestQueue(ABC):\n    def __reversed__(self):\n        return iter(())\n\n"
)
PATCHED = UPSTREAM_TEXT + "\n\nPriorityRequestQueue.__reversed__ = lambda self: reversed(list(self))\n"


@pytest.mark.parametrize("upstream", [MOVED, PATCHED], ids=["moved to the base", "patched on"])
def test_a_dunder_moved_to_a_base_or_patched_on_is_quiet(git_repo: GitRepo, no_rules: Path, upstream: str) -> None:
    """Twin: upstream moves ``__reversed__`` up to the module's base, or patches it onto the class after its
    body: the class still has it; quiet."""
    fork = HEAD + "def lowest(queue: PriorityRequestQueue):\n    return next(reversed(queue))\n"
    sides = s.merge_case(git_repo, {QUEUES: BASE_TEXT}, {FORK: fork}, [(SUBJECT, {QUEUES: upstream})])
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == FORK] == []


def test_a_use_the_fork_wrote_for_the_missing_dunder_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Twins (review55): ``reversed(queue)`` in a test expecting the TypeError (``pytest.raises``), under
    ``contextlib.suppress(TypeError)``, after an early return when ``hasattr`` fails, under an ``isinstance`` test
    against another class, in a function only type checkers read: quiet.  An ``isinstance`` test against the class
    that lost the dunder guards nothing: an error."""
    fork = HEAD + (
        "import contextlib\n"
        "from collections.abc import Reversible\n"
        "from typing import TYPE_CHECKING\n"
        "\n"
        "import pytest\n"
        "\n\n"
        "def test_not_reversible(queue: PriorityRequestQueue):\n"
        "    with pytest.raises(TypeError):\n"
        "        reversed(queue)\n"
        "\n\n"
        "def last(queue: PriorityRequestQueue):\n"
        "    with contextlib.suppress(TypeError, StopIteration):\n"
        "        return next(reversed(queue))\n"
        "    return None\n"
        "\n\n"
        "def tail(queue: PriorityRequestQueue):\n"
        "    if not hasattr(queue, '__reversed__'):\n"
        "        return sorted(queue, reverse=True)\n"
        "    return list(reversed(queue))\n"
        "\n\n"
        "def tail2(queue: PriorityRequestQueue):\n"
        "    if isinstance(queue, Reversible):\n"
        "        return list(reversed(queue))\n"
        "    return sorted(queue, reverse=True)\n"
        "\n\n"
        "if TYPE_CHECKING:\n"
        "\n"
        "    def tail3(queue: PriorityRequestQueue):\n"
        "        return list(reversed(queue))\n"
        "\n\n"
        "def tail4(queue: PriorityRequestQueue):\n"
        "    if isinstance(queue, PriorityRequestQueue):\n"
        "        return list(reversed(queue))\n"  # 42
        "    return []\n"
    )
    assert [(line, severity) for line, severity, _ in _rows(git_repo, no_rules, fork)] == [(42, "error")]


SHIMS = {
    "assigned": "PriorityRequestQueue.__reversed__ = lambda self: iter(sorted(self, reverse=True))\n",
    "setattr": "setattr(PriorityRequestQueue, '__reversed__', lambda self: iter(sorted(self)))\n",
    "another class": "IndexedQueue.__reversed__ = lambda self: iter(())\n",
}


@pytest.mark.parametrize("shim", SHIMS)
def test_a_fork_shim_patching_the_dunder_back_is_quiet(git_repo: GitRepo, no_rules: Path, shim: str) -> None:
    """Twin (review55): the fork patches ``__reversed__`` back onto upstream's class (an assignment or
    ``setattr``): every use works again, and the patch is no dead knob (the interpreter calls it): quiet.  A shim
    patching another class leaves the use an error."""
    fork = HEAD + SHIMS[shim] + "\n\ndef tail(queue: PriorityRequestQueue):\n    return list(reversed(queue))\n"
    found = [(line, severity) for line, severity, _ in _rows(git_repo, no_rules, fork)]
    assert found == ([(8, "error")] if shim == "another class" else [])


def test_a_fork_base_another_fork_file_derives_from_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Twin (review55): a fork base class reverses itself and a fork class of another file derives from it (and
    defines ``__reversed__``): ``self`` may be the subclass's, quiet; the same base with no fork subclass
    anywhere stays an error."""
    base = (
        HEAD + "class AeonQueueBase(PriorityRequestQueue):\n    def tail(self):\n        return list(reversed(self))\n"
    )
    leaf = (
        "from vllm.aeon.queues import AeonQueueBase\n\n\n"
        "class AeonLeaf(AeonQueueBase):\n    def __reversed__(self):\n        return iter(())\n"
    )
    sides = s.merge_case(
        git_repo, {QUEUES: BASE_TEXT}, {FORK: base, "vllm/aeon/leaf.py": leaf}, [(SUBJECT, {QUEUES: UPSTREAM_TEXT})]
    )
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == FORK] == []


def test_a_fork_base_no_fork_class_derives_from_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    base = (
        HEAD + "class AeonQueueBase(PriorityRequestQueue):\n    def tail(self):\n        return list(reversed(self))\n"
    )
    other = (
        "from vllm.aeon.queues import AeonQueueBase\n\n\ndef build() -> AeonQueueBase:\n    return AeonQueueBase()\n"
    )
    sides = s.merge_case(
        git_repo, {QUEUES: BASE_TEXT}, {FORK: base, "vllm/aeon/other.py": other}, [(SUBJECT, {QUEUES: UPSTREAM_TEXT})]
    )
    found = [(r[1], r[2]) for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == FORK]
    assert found == [(6, "error")]


def test_a_plain_method_dropped_beside_a_dunder_is_not_read_as_one(git_repo: GitRepo, no_rules: Path) -> None:
    """Upstream drops ``__reversed__`` and a plain ``peek`` from the priority queue in one change: the fork's
    ``super().peek()`` is symbol drift's gone method, not a protocol method this check claims (its message,
    "needs PriorityRequestQueue.peek ... no class along its bases defines it", would say the dunder's why)."""
    base = BASE_TEXT.replace(
        "    def __enter__(self):\n        return self\n",
        "    def __enter__(self):\n        return self\n\n    def peek(self):\n        return self._heap[0]\n",
    )
    fork = HEAD + (
        "class AeonQueue(PriorityRequestQueue):\n"
        "    def victims(self):\n"
        "        return list(super().__reversed__())\n"  # 6
        "\n"
        "    def first(self):\n"
        "        return super().peek()\n"  # 9
    )
    sides = s.merge_case(git_repo, {QUEUES: base}, {FORK: fork}, [(SUBJECT, {QUEUES: UPSTREAM_TEXT})])
    found = [(ln, msg) for p, ln, _, msg in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if p == FORK]
    assert any(ln == 6 and "PriorityRequestQueue.__reversed__" in msg for ln, msg in found)
    assert not any("needs PriorityRequestQueue.peek" in msg for _, msg in found)
    assert any(ln == 9 for ln, _ in found)  # symbol drift still says the method is gone


@pytest.mark.parametrize(
    ("fork", "parses"),
    [
        ("def lowest(queue):\n    return next(reversed(queue))\n", False),
        (HEAD + "def lowest(queue: PriorityRequestQueue):\n    return next(reversed(queue))\n", True),
    ],
    ids=["names no class", "names the class"],
)
def test_a_fork_naming_no_class_of_a_candidate_parses_nothing(
    git_repo: GitRepo, no_rules: Path, monkeypatch: pytest.MonkeyPatch, fork: str, parses: bool
) -> None:
    """perf35's gate: every finding's fork file names the class that lost a dunder on an added line (``name_users``),
    a class of the candidate's base; a fork naming none parses nothing, one naming it still errs."""
    from aeon_release.domain.audits.drift import dropped_dunders, sides

    parsed: list[str] = []

    def recording(*args: object) -> Iterator[sides.Versions]:
        for both in sides.parsed_texts(*args):  # type: ignore[arg-type]
            parsed.append(both.path)
            yield both

    monkeypatch.setattr(dropped_dunders, "parsed_texts", recording)
    found = _rows(git_repo, no_rules, fork)
    assert [(line, severity) for line, severity, _ in found] == ([(5, "error")] if parses else [])
    assert bool(parsed) is parses
