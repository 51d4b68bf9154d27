"""Drift on the surfaces of blind_replay_scheddata.py: the scheduler's output and queue a fork reads.

- a field upstream made a container where it was a number (vLLM #18593: ``SchedulerOutput.
  num_common_prefix_blocks: int`` became ``list[int]``, one per KV cache group): a fork line comparing it
  with a number, or doing arithmetic on it, raises TypeError (``==`` is never true again).
- the elements of a list field upstream made containers where they were numbers (#18593: ``NewRequestData.
  block_ids: list[int]`` became ``list[list[int]]``): ``block_ids[-1] + 1`` raises TypeError.
- the elements of a list field upstream made a plain class where they were fixed-length tuples (#29764:
  ``PriorityRequestQueue._heap: list[tuple[int, float, Request]]`` became ``list[Request]``): a fork subclass
  unpacking an element (``_, _, req = self._heap[0]``, ``min(self._heap, ...)``, a loop) raises TypeError.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import TYPE_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, row_side_by_side, three_way

PACKAGES = {"vllm/__init__.py": ""}
USE = "vllm/aeon_use.py"

# --- #18593: a number field made a list (one per KV cache group)
OUTPUT = "vllm/sched_output.py"
OUTPUT_BASE = (
    "from dataclasses import dataclass\n\n\n"
    "@dataclass\nclass SchedulerOutput:\n"
    "    total_num_scheduled_tokens: int\n"
    "    num_common_prefix_blocks: int\n"
)
OUTPUT_THEIRS = OUTPUT_BASE.replace("num_common_prefix_blocks: int", "num_common_prefix_blocks: list[int]")
SO = "from vllm.sched_output import SchedulerOutput\n\n\n"
COMPARED = SO + "def mine(out: SchedulerOutput) -> bool:\n    return out.num_common_prefix_blocks > 4\n"
REVERSED = SO + "def mine(out: SchedulerOutput) -> bool:\n    return 0 < out.num_common_prefix_blocks\n"
ADDED = SO + "def mine(out: SchedulerOutput) -> int:\n    return out.num_common_prefix_blocks + 1\n"
BOUND = SO + "def mine(out: SchedulerOutput) -> bool:\n    n = out.num_common_prefix_blocks\n    return n == 0\n"
KEPT = SO + "def mine(out: SchedulerOutput) -> bool:\n    return out.total_num_scheduled_tokens > 4\n"
GUARDED = SO + (
    "def mine(out: SchedulerOutput) -> bool:\n    n = out.num_common_prefix_blocks\n"
    "    if isinstance(n, list):\n        return min(n) > 4\n    return n > 4\n"
)
HANDED = SO + "def mine(out: SchedulerOutput):\n    return out.num_common_prefix_blocks\n"
NONE_TESTED = SO + "def mine(out: SchedulerOutput) -> bool:\n    return out.num_common_prefix_blocks is None\n"


def _counted(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {OUTPUT: OUTPUT_BASE, **PACKAGES}, {USE: fork}, {OUTPUT: OUTPUT_THEIRS})
    return found(audit(git_repo, sides, tmp_path), TYPE_DRIFT)


# The error rows below each put one def beside the same base and upstream, none importing another's: one merge and
# one audit of all their modules side by side answers each row (4 merges and audits became one per process;
# suitespeed14, through ``trees.row_side_by_side``).
COUNTED_ERRORS = [COMPARED, REVERSED, ADDED, BOUND]


def _counted_among_errors(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str]]:
    base = {OUTPUT: OUTPUT_BASE, **PACKAGES}
    _, got = row_side_by_side(
        git_repo, tmp_path, base, COUNTED_ERRORS, fork, {OUTPUT: OUTPUT_THEIRS}, TYPE_DRIFT, "vllm"
    )
    return [(USE, f.line, f.severity.value) for f in got]


@pytest.mark.parametrize(
    ("fork", "needle"),
    [(COMPARED, "> 4"), (REVERSED, "0 <"), (ADDED, "+ 1"), (BOUND, "n == 0")],
    ids=["compared", "compared-reversed", "arithmetic", "a-local-compared"],
)
def test_a_number_field_made_a_container_used_as_a_number_is_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    assert _counted_among_errors(git_repo, tmp_path, fork) == [(USE, line_of(fork, needle), "error")]


@pytest.mark.parametrize(
    "fork",
    [KEPT, GUARDED, HANDED, NONE_TESTED],
    ids=["a-kept-number", "isinstance-guarded", "handed-on", "is-none"],
)
def test_a_number_field_made_a_container_not_used_as_a_number_stays_quiet(
    git_repo: GitRepo, tmp_path: Path, fork: str
) -> None:
    assert _counted(git_repo, tmp_path, fork) == []


# a local bound to the field once, its name then reused for another value (fixAF): the later reads are not it
KEEP_N = SO + "def mine(out: SchedulerOutput, sizes: list[int]):\n    n = out.num_common_prefix_blocks\n    keep(n)\n"
SHADOWS = {
    "a-loop": KEEP_N + "    for n in sizes:\n        if n > 4:\n            return n\n",
    "a-comprehension": KEEP_N + "    return [n for n in sizes if n > 4]\n",
    "a-lambda": KEEP_N + "    return sorted(sizes, key=lambda n: n % 7)\n",
    "a-walrus": KEEP_N + "    if (n := len(sizes)) > 1:\n        return n > 4\n",
}
GROWN = (
    SO + "def mine(out: SchedulerOutput) -> bool:\n    n = out.num_common_prefix_blocks\n    n += 0\n    return n > 4\n"
)
V = "from vllm import __version__\n"
R_GATED = (
    V
    + SO
    + (
        "def mine(out: SchedulerOutput) -> bool:\n    if __version__ < '0.9.1':\n"
        "        return out.num_common_prefix_blocks > 4\n    return min(out.num_common_prefix_blocks) > 4\n"
    )
)


@pytest.mark.parametrize("fork", list(SHADOWS.values()), ids=list(SHADOWS))
def test_a_local_bound_once_then_reused_for_another_value_stays_quiet(
    git_repo: GitRepo, tmp_path: Path, fork: str
) -> None:
    assert _counted(git_repo, tmp_path, fork) == []


def test_a_local_grown_in_place_is_still_the_field(git_repo: GitRepo, tmp_path: Path) -> None:
    lines = [line_of(GROWN, "n += 0"), line_of(GROWN, "n > 4")]
    assert _counted(git_repo, tmp_path, GROWN) == [(USE, line, "error") for line in lines]


def test_a_number_use_under_a_version_test_is_a_warning(git_repo: GitRepo, tmp_path: Path) -> None:
    assert _counted(git_repo, tmp_path, R_GATED) == [(USE, line_of(R_GATED, "blocks > 4"), "warning")]


# --- #18593: the elements of a list of numbers made lists
NEW = "vllm/new_req.py"
NEW_BASE = (
    "from dataclasses import dataclass\n\n\n"
    "@dataclass\nclass NewRequestData:\n    num_computed_tokens: int\n    block_ids: list[int]\n"
)
NEW_THEIRS = NEW_BASE.replace("block_ids: list[int]", "block_ids: list[list[int]]")
NQ = "from vllm.new_req import NewRequestData\n\n\n"
LAST_PLUS = NQ + "def mine(d: NewRequestData) -> int:\n    return d.block_ids[-1] + 1\n"
LOOP_CMP = NQ + "def mine(d: NewRequestData) -> int:\n    return sum(1 for b in d.block_ids if b > 8)\n"
LAST_HANDED = NQ + "def mine(d: NewRequestData):\n    return d.block_ids[-1]\n"
SIZED = NQ + "def mine(d: NewRequestData) -> bool:\n    return len(d.block_ids) > 1\n"


def _blocks(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {NEW: NEW_BASE, **PACKAGES}, {USE: fork}, {NEW: NEW_THEIRS})
    return found(audit(git_repo, sides, tmp_path), TYPE_DRIFT)


@pytest.mark.parametrize(
    ("fork", "needle"), [(LAST_PLUS, "+ 1"), (LOOP_CMP, "b > 8")], ids=["indexed-arithmetic", "loop-compared"]
)
def test_a_number_element_made_a_container_used_as_a_number_is_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    assert _blocks(git_repo, tmp_path, fork) == [(USE, line_of(fork, needle), "error")]


@pytest.mark.parametrize("fork", [LAST_HANDED, SIZED], ids=["handed-on", "the-list-sized"])
def test_a_number_element_made_a_container_not_used_as_a_number_stays_quiet(
    git_repo: GitRepo, tmp_path: Path, fork: str
) -> None:
    assert _blocks(git_repo, tmp_path, fork) == []


KEEP_LAST = NQ + "def mine(d: NewRequestData, other: list[int]):\n    last = d.block_ids[-1]\n    keep(last)\n"
CONVERT = "        b = max(b) if isinstance(b, list) else b\n"
LOOP_HEAD = NQ + "def mine(d: NewRequestData) -> int:\n    n = 0\n    for b in d.block_ids:\n"
ELEMENT_TWINS = {
    "a-dict-comprehension": KEEP_LAST + "    return {last: last + 1 for last in other}\n",
    "a-lambda": KEEP_LAST + "    return sorted(other, key=lambda last: last % 7)\n",
    "converted-in-the-loop": LOOP_HEAD + CONVERT + "        if b > 8:\n            n = n + 1\n    return n\n",
}
CONVERTED_AFTER = LOOP_HEAD + "        if b > 8:\n            n = n + 1\n" + CONVERT + "    return n\n"
E_GATED = (
    V
    + NQ
    + (
        "def mine(d: NewRequestData) -> int:\n    if __version__ < '0.9.1':\n        return d.block_ids[-1] + 1\n"
        "    return d.block_ids[0][-1] + 1\n"
    )
)


@pytest.mark.parametrize("fork", list(ELEMENT_TWINS.values()), ids=list(ELEMENT_TWINS))
def test_an_element_name_rebound_before_its_use_stays_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _blocks(git_repo, tmp_path, fork) == []


def test_a_loop_element_converted_only_after_its_use_is_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    assert _blocks(git_repo, tmp_path, CONVERTED_AFTER) == [(USE, line_of(CONVERTED_AFTER, "b > 8"), "error")]


def test_an_element_use_under_a_version_test_is_a_warning(git_repo: GitRepo, tmp_path: Path) -> None:
    assert _blocks(git_repo, tmp_path, E_GATED) == [(USE, line_of(E_GATED, "[-1] + 1"), "warning")]


# --- #29764: the heap's (priority, arrival_time, request) tuples made requests
QUEUE = "vllm/queue.py"
REQ = "vllm/req.py"
REQ_TEXT = "class Request:\n    def __init__(self, priority: int) -> None:\n        self.priority = priority\n"
QUEUE_BASE = (
    "import heapq\n\nfrom vllm.req import Request\n\n\n"
    "class PriorityQueue:\n    def __init__(self) -> None:\n"
    "        self._heap: list[tuple[int, float, Request]] = []\n"
)
QUEUE_THEIRS = QUEUE_BASE.replace("list[tuple[int, float, Request]]", "list[Request]")
PQ = "from vllm.queue import PriorityQueue\n\n\nclass Mine(PriorityQueue):\n"
INDEXED = PQ + "    def first(self):\n        _, _, req = self._heap[0]\n        return req\n"
PICKED = PQ + "    def oldest(self):\n        _, _, req = min(self._heap, key=lambda e: e[1])\n        return req\n"
LOOPED = PQ + "    def ids(self):\n        return [r for _, _, r in self._heap]\n"
DEPTH = PQ + "    def depth(self) -> int:\n        return len(self._heap)\n"
TWO = PQ + "    def first(self):\n        head, rest = self._heap[0], self._heap[1:]\n        return head\n"
NAMED_QUEUE_THEIRS = (
    QUEUE_THEIRS.replace("list[Request]", "list[Entry]")
    .replace(
        "class PriorityQueue",
        "class Entry(NamedTuple):\n    p: int\n    t: float\n    r: Request\n\n\nclass PriorityQueue",
    )
    .replace("import heapq\n", "import heapq\nfrom typing import NamedTuple\n")
)


def _heap(
    git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str = QUEUE_THEIRS, req: str = REQ_TEXT
) -> list[tuple[str, int, str]]:
    base = {QUEUE: QUEUE_BASE, REQ: REQ_TEXT, "vllm/fields.py": FIELDS, **PACKAGES}
    sides = three_way(git_repo, base, {USE: fork}, {QUEUE: theirs, REQ: req})
    return found(audit(git_repo, sides, tmp_path), TYPE_DRIFT)


@pytest.mark.parametrize(
    ("fork", "needle"),
    [(INDEXED, "= self._heap[0]"), (PICKED, "min(self._heap"), (LOOPED, "for _, _, r")],
    ids=["indexed", "min-picked", "a-comprehension"],
)
def test_a_tuple_element_made_a_plain_class_unpacked_is_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    assert _heap(git_repo, tmp_path, fork) == [(USE, line_of(fork, needle), "error")]


@pytest.mark.parametrize("fork", [DEPTH, TWO], ids=["the-heap-sized", "a-two-name-assignment"])
def test_a_tuple_element_made_a_plain_class_not_unpacked_stays_quiet(
    git_repo: GitRepo, tmp_path: Path, fork: str
) -> None:
    assert _heap(git_repo, tmp_path, fork) == []


def test_a_tuple_element_made_a_named_tuple_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    assert _heap(git_repo, tmp_path, INDEXED, NAMED_QUEUE_THEIRS) == []


# the element class made unpackable where a ``def`` is not read (fixAF): an assignment in its body, a decorator
FIELDS = "def iterable(cls):\n    cls.__iter__ = lambda self: iter(vars(self).values())\n    return cls\n"
UNPACKABLE = {
    "iter-assigned": REQ_TEXT + "\n    def _fields(self):\n        return iter((self.priority, 0.0, self))\n\n"
    "    __iter__ = _fields\n",
    "getitem-assigned": REQ_TEXT + "\n    __getitem__ = lambda self, i: (self.priority, 0.0, self)[i]\n",
    "decorated": "from vllm.fields import iterable\n\n\n@iterable\n" + REQ_TEXT,
}
DATACLASS_REQ = "from dataclasses import dataclass\n\n\n@dataclass\n" + REQ_TEXT
H_GATED = (
    V
    + PQ
    + (
        "    def first(self):\n        if __version__ < '0.11':\n            _, _, req = self._heap[0]\n"
        "            return req\n        return self._heap[0]\n"
    )
)


@pytest.mark.parametrize("req", list(UNPACKABLE.values()), ids=list(UNPACKABLE))
def test_an_element_class_made_unpackable_stays_quiet(git_repo: GitRepo, tmp_path: Path, req: str) -> None:
    assert _heap(git_repo, tmp_path, INDEXED, req=req) == []


def test_a_dataclass_element_unpacked_is_still_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    assert _heap(git_repo, tmp_path, INDEXED, req=DATACLASS_REQ) == [
        (USE, line_of(INDEXED, "= self._heap[0]"), "error")
    ]


def test_an_unpacking_under_a_version_test_is_a_warning(git_repo: GitRepo, tmp_path: Path) -> None:
    assert _heap(git_repo, tmp_path, H_GATED) == [(USE, line_of(H_GATED, "= self._heap[0]"), "warning")]
