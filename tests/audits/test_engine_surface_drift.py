"""Drift on the surfaces of blind_replay_engine.py: the request, the scheduler's output, the KV connector API.

- an attribute upstream made a read-only property (vLLM #26737: ``Request.use_structured_output``, a flag
  ``__init__`` set, now a property; #34435: ``Request.eos_token_id`` likewise): a fork line assigning it
  merges cleanly and raises AttributeError (the property has no setter).
- the elements of a container field upstream made Optional (#23262: ``CachedRequestData.new_block_ids``
  became ``list[Optional[tuple[list[int], ...]]]``, None for a request with no new blocks): a fork line
  indexing an element, or a loop using each element (``zip``, ``enumerate``), untested, raises TypeError.
- one element of a method's returned tuple upstream made Optional (#23620: ``get_num_new_matched_tokens
  -> tuple[Optional[int], bool]``, None: ask again later): the count read by ``[0]`` or unpacked (also
  from ``super()``) and computed with, untested, raises TypeError.
- a member added to an enum (#26813: ``FinishReason.ERROR``, ``RequestStatus.FINISHED_ERROR``): a fork table
  keyed by every member the enum had, looked up with a value typed as the enum, raises KeyError; a ``match``
  naming every member (or upstream's own list of them), no default, lets the new member fall through.
- a container field upstream made one record (#20232: ``SchedulerOutput.scheduled_cached_reqs``, a
  ``list[CachedRequestData]``, now one ``CachedRequestData`` of lists): iterating, sizing or indexing it
  raises TypeError.
- a parameter upstream re-annotated from a scalar to a container (#18654: ``block_size: int`` became
  ``block_sizes: list[int]``): a fork call passing a number there by position fits, and fails in the body.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import ENUM_DRIFT, SYMBOL_DRIFT, TYPE_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, side_by_side, three_way

PACKAGES = {"vllm/__init__.py": ""}
USE = "vllm/aeon_use.py"

# --- #26737 / #34435: an attribute made a read-only property
REQUEST = "vllm/request.py"
REQUEST_BASE = (
    "class Request:\n"
    "    def __init__(self, params, eos_token_id: int | None) -> None:\n"
    "        self.params = params\n"
    "        self.eos_token_id = eos_token_id\n"
    "        self.use_structured_output = False\n"
    "        self.priority = 0\n"
)
REQUEST_THEIRS = (
    "class Request:\n"
    "    def __init__(self, params) -> None:\n"
    "        self.params = params\n"
    "        self.priority = 0\n\n"
    "    @property\n"
    "    def eos_token_id(self) -> int | None:\n"
    "        return self.params.eos_token_id\n\n"
    "    @property\n"
    "    def use_structured_output(self) -> bool:\n"
    "        return self.params.structured is not None\n"
)
ASSIGNED = "from vllm.request import Request\n\n\ndef mine(request: Request) -> None:\n    request.eos_token_id = 7\n"
SETATTR = (
    "from vllm.request import Request\n\n\n"
    "def mine(request: Request) -> None:\n    setattr(request, 'use_structured_output', True)\n"
)
AUGMENTED = "from vllm.request import Request\n\n\ndef mine(request: Request) -> None:\n    request.eos_token_id += 1\n"
READ = (
    "from vllm.request import Request\n\n\ndef mine(request: Request) -> int | None:\n    return request.eos_token_id\n"
)
KEPT = "from vllm.request import Request\n\n\ndef mine(request: Request) -> None:\n    request.priority = 3\n"
OTHER_CLASS = (
    "class Request:\n    eos_token_id: int = 0\n\n\ndef mine(request: Request) -> None:\n    request.eos_token_id = 7\n"
)
UNTYPED = "def mine(request) -> None:\n    request.eos_token_id = 7\n"
SUBCLASS_SETS = (
    "from vllm.request import Request\n\n\n"
    "class MyRequest(Request):\n    def force(self) -> None:\n        self.use_structured_output = True\n"
)
SUBCLASS_SHADOWS = (
    "from vllm.request import Request\n\n\n"
    "class MyRequest(Request):\n    use_structured_output = True\n\n"
    "    def force(self) -> None:\n        self.use_structured_output = False\n"
)
SETTER_THEIRS = REQUEST_THEIRS + (
    "\n    @eos_token_id.setter\n    def eos_token_id(self, value: int | None) -> None:\n"
    "        self.params.eos_token_id = value\n"
)


def _closed(git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str = REQUEST_THEIRS) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {REQUEST: REQUEST_BASE, **PACKAGES}, {USE: fork}, {REQUEST: theirs})
    return found(audit(git_repo, sides, tmp_path), SYMBOL_DRIFT)


@pytest.mark.parametrize(
    ("fork", "needle"),
    [
        (ASSIGNED, "request.eos_token_id = 7"),
        (SETATTR, "setattr("),
        (AUGMENTED, "+= 1"),
        (SUBCLASS_SETS, "self.use_structured_output"),
    ],
    ids=["assigned", "setattr", "augmented", "a-subclass-method"],
)
def test_an_assignment_to_an_attribute_made_a_read_only_property_is_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    assert _closed(git_repo, tmp_path, fork) == [(USE, line_of(fork, needle), "error")]


@pytest.mark.parametrize(
    "fork",
    [READ, KEPT, OTHER_CLASS, UNTYPED, SUBCLASS_SHADOWS],
    ids=["a-read", "a-kept-attribute", "the-fork-own-class", "untyped", "a-subclass-class-attribute"],
)
def test_reads_kept_attributes_and_other_classes_stay_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _closed(git_repo, tmp_path, fork) == []


def test_a_property_with_a_setter_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    assert _closed(git_repo, tmp_path, ASSIGNED, SETTER_THEIRS) == []


def test_a_property_under_a_multi_line_decorator_is_read_only(git_repo: GitRepo, tmp_path: Path) -> None:
    """#34435: ``@property`` over ``@deprecated(\n "..."\n)`` over the def."""
    theirs = REQUEST_THEIRS.replace(
        "    @property\n    def eos_token_id",
        '    @property\n    @deprecated(\n        "use params.eos_token_id"\n    )\n    def eos_token_id',
    )
    theirs = "from typing_extensions import deprecated\n\n\n" + theirs
    assert _closed(git_repo, tmp_path, ASSIGNED, theirs) == [
        (USE, line_of(ASSIGNED, "request.eos_token_id = 7"), "error")
    ]


def test_a_setter_upstream_removed_is_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    """The base's property had a setter; upstream dropped it (no property line added)."""
    sides = three_way(git_repo, {REQUEST: SETTER_THEIRS, **PACKAGES}, {USE: ASSIGNED}, {REQUEST: REQUEST_THEIRS})
    assert found(audit(git_repo, sides, tmp_path), SYMBOL_DRIFT) == [
        (USE, line_of(ASSIGNED, "request.eos_token_id = 7"), "error")
    ]


# mend46 (#45939's loop spelling): the element of a loop over a typed holder's container field
QUEUE = "vllm/queue.py"
QUEUE_TEXT = (
    "from vllm.request import Request\n\n\n"
    "class Queue:\n    def __init__(self) -> None:\n        self.requests: list[Request] = []\n"
)
QI = "from vllm.queue import Queue\n\n\n"
LOOP_FIELD = (
    QI + "def mine(queue: Queue) -> None:\n    for request in queue.requests:\n        request.eos_token_id = 7\n"
)
LOOP_OWN_SLICE = QI + (
    "class AeonQueue(Queue):\n    def mine(self) -> None:\n        for request in self.requests[1:]:\n"
    "            request.eos_token_id = 7\n"
)
LOOP_COMPREHENSION = QI + (
    "def mine(queue: Queue, ids: list[int]) -> None:\n"
    "    for request in [queue.requests[i] for i in ids]:\n        request.eos_token_id = 7\n"
)
LOOP_LISTED = QI + (
    "def mine(queue: Queue) -> None:\n    for request in list(queue.requests):\n        request.eos_token_id = 7\n"
)
LOOP_ZIPPED = QI + (
    "def mine(queue: Queue, eos: list[int]) -> None:\n    for request, e in zip(queue.requests, eos):\n"
    "        request.eos_token_id = e\n"
)
LOOP_ENUMERATED = QI + (
    "def mine(queue: Queue) -> None:\n    for i, request in enumerate(queue.requests):\n"
    "        request.eos_token_id = i\n"
)
LOOP_UNTYPED = "def mine(queue) -> None:\n    for request in queue.requests:\n        request.eos_token_id = 7\n"
LOOP_REBUILT = QI + (
    "class AeonRequest:\n    eos_token_id: int | None = None\n\n\n"
    "class AeonQueue(Queue):\n    def __init__(self) -> None:\n        super().__init__()\n"
    "        self.requests = [AeonRequest() for _ in range(4)]\n\n"
    "    def mine(self) -> None:\n        for request in self.requests:\n            request.eos_token_id = 7\n"
)
GATED = QI + (
    "def mine(queue: Queue) -> None:\n    for request in queue.requests:\n"
    "        if hasattr(request, 'set_eos_token_id'):\n            request.set_eos_token_id(7)\n"
    "        else:\n            request.eos_token_id = 7\n"
)
GATED_ON_THE_CLASS = QI + (
    "from vllm.request import Request\n\n\ndef mine(request: Request) -> None:\n"
    "    if not hasattr(Request, 'set_eos_token_id'):\n        request.eos_token_id = 7\n"
)
LOOP_OTHER_FIELD = QI + (
    "def mine(queue: Queue) -> None:\n    for request in queue.finished:\n        request.eos_token_id = 7\n"
)


# upstream's class gives the new spelling the gates look for
SETTER_METHOD_THEIRS = REQUEST_THEIRS + (
    "\n    def set_eos_token_id(self, value: int | None) -> None:\n        self.params.eos_token_id = value\n"
)


def _queued(
    git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str = SETTER_METHOD_THEIRS
) -> list[tuple[str, int, str]]:
    base = {REQUEST: REQUEST_BASE, QUEUE: QUEUE_TEXT, **PACKAGES}
    sides = three_way(git_repo, base, {USE: fork}, {REQUEST: theirs})
    return found(audit(git_repo, sides, tmp_path), SYMBOL_DRIFT)


# The loop test's error rows each put one fork module beside the same base and upstream and pin its findings
# exactly: no row's module imports another's, so one merge and one audit of the six modules side by side answers
# each row (six merges and audits became one per process; suitespeed8).  The quiet rows keep a merge each: there a
# row's module could be quiet for something another row's module declared (a fork class rebuilding the field).
LOOP_ERRORS = [LOOP_FIELD, LOOP_OWN_SLICE, LOOP_COMPREHENSION, LOOP_LISTED, LOOP_ZIPPED, LOOP_ENUMERATED]
_QUEUED: dict[str, list[tuple[str, int, str]]] = {}


def _queued_among_errors(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str]]:
    """``_queued`` of one of ``LOOP_ERRORS``, from the one audit of all of them side by side (each read as USE)."""
    if not _QUEUED:
        paths = {text: f"vllm/aeon_use_{number}.py" for number, text in enumerate(LOOP_ERRORS)}
        base = {REQUEST: REQUEST_BASE, QUEUE: QUEUE_TEXT, **PACKAGES}
        sides = three_way(git_repo, base, {path: text for text, path in paths.items()}, {REQUEST: SETTER_METHOD_THEIRS})
        every = found(audit(git_repo, sides, tmp_path), SYMBOL_DRIFT)
        assert all(path in paths.values() for path, _, _ in every), every
        _QUEUED.update(
            {text: [(USE, line, sev) for at, line, sev in every if at == path] for text, path in paths.items()}
        )
    return _QUEUED[fork]


@pytest.mark.parametrize(
    "fork",
    LOOP_ERRORS,
    ids=[
        "a-typed-holder-s-field",
        "the-class-s-own-field-sliced",
        "a-comprehension-indexing-it",
        "list-of-it",
        "zipped",
        "enumerated",
    ],
)
def test_a_store_on_a_loop_element_of_a_typed_container_field_is_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str
) -> None:
    assert _queued_among_errors(git_repo, tmp_path, fork) == [(USE, line_of(fork, "request.eos_token_id = "), "error")]


@pytest.mark.parametrize(
    "fork",
    [LOOP_UNTYPED, LOOP_REBUILT, LOOP_OTHER_FIELD, GATED, GATED_ON_THE_CLASS],
    ids=[
        "an-untyped-holder",
        "a-fork-subclass-rebuilding-the-field",
        "a-field-the-holder-does-not-annotate",
        "the-else-of-hasattr-of-the-new-spelling",
        "under-not-hasattr-of-the-class",
    ],
)
def test_a_loop_element_of_an_unknown_kind_stays_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _queued(git_repo, tmp_path, fork) == []


def test_a_gate_on_a_name_upstream_s_class_lacks_stays_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    """``not hasattr(Request, "set_eos_token_id")`` holds on the merged tree when upstream never added it."""
    fork = GATED_ON_THE_CLASS
    assert _queued(git_repo, tmp_path, fork, REQUEST_THEIRS) == [
        (USE, line_of(fork, "request.eos_token_id = 7"), "error")
    ]


# --- #23262: a container field's elements made Optional
OUTPUT = "vllm/sched_output.py"
OUTPUT_BASE = (
    "from dataclasses import dataclass\nfrom typing import Optional\n\n\n"
    "@dataclass\nclass CachedRequestData:\n    req_ids: list[str]\n    new_block_ids: list[tuple[list[int], ...]]\n"
)
OUTPUT_THEIRS = OUTPUT_BASE.replace("new_block_ids: list[tuple", "new_block_ids: list[Optional[tuple").replace(
    "...]]\n", "...]]]\n"
)
CQ = "from vllm.sched_output import CachedRequestData\n\n\n"
INDEXED = CQ + "def mine(cached: CachedRequestData, i: int) -> list[int]:\n    return cached.new_block_ids[i][0]\n"
ZIPPED = CQ + (
    "def mine(cached: CachedRequestData) -> int:\n    n = 0\n"
    "    for rid, ids in zip(cached.req_ids, cached.new_block_ids):\n        n += len(ids)\n    return n\n"
)
ENUMERATED = CQ + (
    "def mine(cached: CachedRequestData) -> list[int]:\n"
    "    return [ids[0][0] for i, ids in enumerate(cached.new_block_ids)]\n"
)
ELEMENT_TESTED = CQ + (
    "def mine(cached: CachedRequestData, i: int) -> list[int]:\n"
    "    return cached.new_block_ids[i][0] if cached.new_block_ids[i] is not None else []\n"
)
LOOP_TESTED = CQ + (
    "def mine(cached: CachedRequestData) -> int:\n    n = 0\n"
    "    for ids in cached.new_block_ids:\n        if ids is not None:\n            n += len(ids)\n    return n\n"
)
BOUND_LOCAL = CQ + (
    "def mine(cached: CachedRequestData, blocks: list[list[int]], i: int) -> None:\n"
    "    new_ids = cached.new_block_ids[i]\n"
    "    for held, new in zip(blocks, new_ids):\n        held.extend(new)\n"
)
BOUND_TESTED = BOUND_LOCAL.replace(
    "    for held, new in zip(blocks, new_ids):",
    "    if new_ids is None:\n        return\n    for held, new in zip(blocks, new_ids):",
)
CONTAINER_ONLY = CQ + "def mine(cached: CachedRequestData) -> int:\n    return len(cached.new_block_ids)\n"
HANDED_ON = CQ + "def mine(cached: CachedRequestData, i: int):\n    return cached.new_block_ids[i]\n"


def _elements(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {OUTPUT: OUTPUT_BASE, **PACKAGES}, {USE: fork}, {OUTPUT: OUTPUT_THEIRS})
    return found(audit(git_repo, sides, tmp_path), TYPE_DRIFT)


@pytest.mark.parametrize(
    ("fork", "needle"),
    [(INDEXED, "[i][0]"), (ZIPPED, "len(ids)"), (ENUMERATED, "ids[0][0]"), (BOUND_LOCAL, "zip(blocks")],
    ids=["indexed", "a-zip-loop", "an-enumerate-comprehension", "a-local-then-zip"],
)
def test_an_element_upstream_made_optional_used_untested_is_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    assert _elements(git_repo, tmp_path, fork) == [(USE, line_of(fork, needle), "error")]


@pytest.mark.parametrize(
    "fork",
    [ELEMENT_TESTED, LOOP_TESTED, CONTAINER_ONLY, HANDED_ON, BOUND_TESTED],
    ids=["element-tested", "loop-tested", "the-container-itself", "handed-on", "a-local-tested"],
)
def test_an_optional_element_tested_or_handed_on_stays_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _elements(git_repo, tmp_path, fork) == []


# --- #23620: one element of a returned tuple made Optional (the signature's last line names no def)
CONNECTOR = "vllm/connector_base.py"
CONNECTOR_BASE = (
    "from typing import Optional\n\n\n"
    "class ConnectorBase:\n"
    "    def get_matched(\n        self,\n        request: object,\n        num_computed_tokens: int,\n"
    "    ) -> tuple[int, bool]:\n        return 0, False\n"
)
CONNECTOR_THEIRS = CONNECTOR_BASE.replace(") -> tuple[int, bool]:", ") -> tuple[Optional[int], bool]:")
KQ = "from vllm.connector_base import ConnectorBase\n\n\n"
COUNT_INDEXED = KQ + "def mine(c: ConnectorBase, r, k: int) -> int:\n    return k + c.get_matched(r, k)[0]\n"
UNPACKED = KQ + (
    "def mine(c: ConnectorBase, r, k: int) -> int:\n    hits, _ = c.get_matched(r, k)\n    return min(hits, 64)\n"
)
SUPER = KQ + (
    "class Mine(ConnectorBase):\n    def get_matched(self, request, num_computed_tokens):\n"
    "        hits, ready = super().get_matched(request, num_computed_tokens)\n"
    "        return hits * 2, ready\n"
)
ORDERED = KQ + "def mine(c: ConnectorBase, r, k: int) -> bool:\n    return c.get_matched(r, k)[0] > 0\n"
FLAG = KQ + "def mine(c: ConnectorBase, r, k: int) -> bool:\n    return c.get_matched(r, k)[1]\n"
COUNT_TESTED = KQ + (
    "def mine(c: ConnectorBase, r, k: int) -> int:\n    hits, _ = c.get_matched(r, k)\n"
    "    if hits is None:\n        return 0\n    return hits + 1\n"
)
COUNT_HANDED_ON = KQ + "def mine(c: ConnectorBase, r, k: int):\n    hits, _ = c.get_matched(r, k)\n    return hits\n"


def _returned(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {CONNECTOR: CONNECTOR_BASE, **PACKAGES}, {USE: fork}, {CONNECTOR: CONNECTOR_THEIRS})
    return found(audit(git_repo, sides, tmp_path), TYPE_DRIFT)


@pytest.mark.parametrize(
    ("fork", "needle"),
    [(COUNT_INDEXED, "[0]"), (UNPACKED, "min(hits"), (SUPER, "hits * 2"), (ORDERED, "> 0")],
    ids=["indexed", "unpacked", "unpacked-from-super", "ordered (an order is no test for None)"],
)
def test_a_returned_element_upstream_made_optional_computed_with_is_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    assert _returned(git_repo, tmp_path, fork) == [(USE, line_of(fork, needle), "error")]


@pytest.mark.parametrize("fork", [FLAG, COUNT_TESTED, COUNT_HANDED_ON], ids=["the-kept-element", "tested", "handed-on"])
def test_a_returned_optional_element_tested_or_untouched_stays_quiet(
    git_repo: GitRepo, tmp_path: Path, fork: str
) -> None:
    assert _returned(git_repo, tmp_path, fork) == []


# --- #26813: a member added under a fork's exhaustive table
REASON = "vllm/engine_types.py"
REASON_BASE = "import enum\n\n\nclass FinishReason(enum.IntEnum):\n    STOP = 0\n    LENGTH = 1\n    ABORT = 2\n"
REASON_THEIRS = REASON_BASE + "    ERROR = 3\n"
EQ = "from vllm.engine_types import FinishReason\n\n"
TABLE = EQ + (
    "HTTP = {FinishReason.STOP: 200, FinishReason.LENGTH: 200, FinishReason.ABORT: 499}\n\n\n"
    "def status(reason: FinishReason) -> int:\n    return HTTP[reason]\n"
)
MATCHED = EQ + (
    "\ndef label(reason: FinishReason) -> str:\n    match reason:\n"
    "        case FinishReason.STOP | FinishReason.LENGTH:\n            return 'done'\n"
    "        case FinishReason.ABORT:\n            return 'aborted'\n"
    "    raise AssertionError(reason)\n"
)
DEFAULTED = MATCHED.replace("    raise AssertionError(reason)\n", "").replace(
    "            return 'aborted'\n", "            return 'aborted'\n        case _:\n            return 'other'\n"
)
PARTIAL = EQ + (
    "\ndef label(reason: FinishReason) -> str:\n    match reason:\n"
    "        case FinishReason.STOP | FinishReason.LENGTH:\n            return 'done'\n"
    "    return 'other'\n"
)
LOOKED_UP_WITH_DEFAULT = EQ + (
    "LABEL = {FinishReason.STOP: 'stop', FinishReason.LENGTH: 'length'}\n\n\n"
    "def label(reason: FinishReason) -> str:\n    return LABEL.get(reason, 'other')\n"
)


def _grown(git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str = REASON_THEIRS) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {REASON: REASON_BASE, **PACKAGES}, {USE: fork}, {REASON: theirs})
    return found(audit(git_repo, sides, tmp_path), ENUM_DRIFT)


def test_a_table_of_every_member_looked_up_by_a_typed_value_is_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    assert _grown(git_repo, tmp_path, TABLE) == [
        (USE, line_of(TABLE, "HTTP = {"), "warning"),
        (USE, line_of(TABLE, "HTTP[reason]"), "error"),
    ]


def test_a_match_over_every_member_without_a_default_is_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    assert _grown(git_repo, tmp_path, MATCHED) == [(USE, line_of(MATCHED, "match reason"), "error")]


@pytest.mark.parametrize(
    "fork", [DEFAULTED, PARTIAL, LOOKED_UP_WITH_DEFAULT], ids=["a-default-case", "some-members", "a-partial-table"]
)
def test_a_default_or_a_partial_table_stays_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _grown(git_repo, tmp_path, fork) == []


def test_an_enum_that_did_not_grow_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    theirs = REASON_BASE.replace("    ABORT = 2\n", "    ABORT = 2  # aborted by the client\n")
    assert _grown(git_repo, tmp_path, MATCHED, theirs) == []


# --- #20232: a list of records made one record
SCHED = "vllm/sched_records.py"
SCHED_BASE = (
    "from dataclasses import dataclass\n\n\n"
    "@dataclass\nclass CachedRequestData:\n    req_id: str\n\n\n"
    "@dataclass\nclass SchedulerOutput:\n    scheduled_cached_reqs: list[CachedRequestData]\n    total: int\n"
)
SCHED_THEIRS = SCHED_BASE.replace("    req_id: str\n", "    req_ids: list[str]\n").replace(
    "scheduled_cached_reqs: list[CachedRequestData]", "scheduled_cached_reqs: CachedRequestData"
)
ITERABLE_THEIRS = SCHED_THEIRS.replace(
    "    req_ids: list[str]\n", "    req_ids: list[str]\n\n    def __iter__(self):\n        return iter(self.req_ids)\n"
)
SQ = "from vllm.sched_records import SchedulerOutput\n\n\n"
LOOPED = SQ + "def mine(out: SchedulerOutput) -> list[str]:\n    return [r.req_id for r in out.scheduled_cached_reqs]\n"
SIZED = SQ + "def mine(out: SchedulerOutput) -> int:\n    return len(out.scheduled_cached_reqs)\n"
INDEXED_RECORD = SQ + "def mine(out: SchedulerOutput):\n    return out.scheduled_cached_reqs[0]\n"
ENUMERATED_RECORDS = SQ + (
    "def mine(out: SchedulerOutput) -> int:\n    n = 0\n"
    "    for i, r in enumerate(out.scheduled_cached_reqs):\n        n += i\n    return n\n"
)
APPENDED = SQ + "def mine(out: SchedulerOutput, extra) -> None:\n    out.scheduled_cached_reqs.append(extra)\n"
RECORD_FIELD = SQ + "def mine(out: SchedulerOutput) -> int:\n    return out.total + 1\n"
HANDED = SQ + "def mine(out: SchedulerOutput):\n    return out.scheduled_cached_reqs\n"


def _unlisted(
    git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str = SCHED_THEIRS, base: str = SCHED_BASE
) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {SCHED: base, **PACKAGES}, {USE: fork}, {SCHED: theirs})
    return found(audit(git_repo, sides, tmp_path), TYPE_DRIFT)


UNLISTED_USES = [
    (LOOPED, "for r in"),
    (SIZED, "len("),
    (INDEXED_RECORD, "[0]"),
    (ENUMERATED_RECORDS, "enumerate("),
    (APPENDED, ".append("),
]
# The rows' modules side by side: one merge and one audit of the five a process (suitespeed11).
UNLISTED_FORKS = {USE.replace(".py", f"_{n}.py"): fork for n, (fork, _) in enumerate(UNLISTED_USES)}


@pytest.mark.parametrize(
    ("fork", "needle"), UNLISTED_USES, ids=["a-comprehension", "len", "indexed", "enumerate", "a-list-method"]
)
def test_a_container_made_one_record_iterated_is_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    path = next(p for p, text in UNLISTED_FORKS.items() if text == fork)
    base = {SCHED: SCHED_BASE, **PACKAGES}
    findings = side_by_side(git_repo, tmp_path, base, UNLISTED_FORKS, {SCHED: SCHED_THEIRS}, TYPE_DRIFT)[path]
    assert [(f.path, f.line, f.severity.value) for f in findings] == [(path, line_of(fork, needle), "error")]


@pytest.mark.parametrize("fork", [RECORD_FIELD, HANDED], ids=["another-field", "handed-on"])
def test_other_fields_and_the_record_handed_on_stay_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _unlisted(git_repo, tmp_path, fork) == []


def test_a_record_that_iterates_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    assert _unlisted(git_repo, tmp_path, LOOPED, ITERABLE_THEIRS) == []


# --- #18654: a scalar parameter made a container
TABLES = "vllm/block_tables.py"
TABLES_BASE = (
    "class MultiGroupBlockTable:\n"
    "    def __init__(self, max_num_reqs: int, pin_memory: bool, block_size: int) -> None:\n"
    "        self.tables = [max_num_reqs // block_size]\n"
)
TABLES_THEIRS = TABLES_BASE.replace("block_size: int) -> None:", "block_sizes: list[int]) -> None:").replace(
    "[max_num_reqs // block_size]", "[max_num_reqs // b for b in block_sizes]"
)
UNION_THEIRS = TABLES_THEIRS.replace("block_sizes: list[int]", "block_sizes: int | list[int]")
TQ = "from vllm.block_tables import MultiGroupBlockTable\n\n\n"
POSITIONAL_INT = TQ + "def mine() -> MultiGroupBlockTable:\n    return MultiGroupBlockTable(64, True, 16)\n"
POSITIONAL_LIST = TQ + "def mine() -> MultiGroupBlockTable:\n    return MultiGroupBlockTable(64, True, [16])\n"
POSITIONAL_NAME = TQ + "def mine(n) -> MultiGroupBlockTable:\n    return MultiGroupBlockTable(64, True, n)\n"
POSITIONAL_INT_NAME = TQ + "def mine(n: int) -> MultiGroupBlockTable:\n    return MultiGroupBlockTable(64, True, n)\n"


def _rescaled(git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str = TABLES_THEIRS) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {TABLES: TABLES_BASE, **PACKAGES}, {USE: fork}, {TABLES: theirs})
    return found(audit(git_repo, sides, tmp_path), SYMBOL_DRIFT)


def test_a_number_passed_for_a_parameter_made_a_container_is_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    assert _rescaled(git_repo, tmp_path, POSITIONAL_INT) == [(USE, line_of(POSITIONAL_INT, "(64, True, 16)"), "error")]


def test_a_name_annotated_as_a_number_passed_for_the_container_is_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    """The renamed slot now takes a list; a parameter annotated `int` handed to it breaks as the literal does."""
    assert _rescaled(git_repo, tmp_path, POSITIONAL_INT_NAME) == [
        (USE, line_of(POSITIONAL_INT_NAME, "(64, True, n)"), "error")
    ]


@pytest.mark.parametrize(
    ("fork", "theirs"),
    [(POSITIONAL_LIST, TABLES_THEIRS), (POSITIONAL_NAME, TABLES_THEIRS), (POSITIONAL_INT, UNION_THEIRS)],
    ids=["a-list-passed", "a-name-of-unknown-value", "a-union-still-taking-one"],
)
def test_a_container_passed_or_a_union_stays_quiet(git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str) -> None:
    assert _rescaled(git_repo, tmp_path, fork, theirs) == []


# --- #24830: a dict field made one record: the dict's own lookups and a membership test
MAPPED_BASE = (
    "class BlockHashToBlockMap:\n    def get_one_block(self, key):\n        return None\n\n\n"
    "class BlockPool:\n    def __init__(self) -> None:\n"
    "        self.cached: dict[bytes, dict[int, int]] = {}\n"
)
MAPPED_THEIRS = MAPPED_BASE.replace(
    "self.cached: dict[bytes, dict[int, int]] = {}", "self.cached: BlockHashToBlockMap = BlockHashToBlockMap()"
)
GETTING_THEIRS = MAPPED_THEIRS.replace(
    "    def get_one_block(self, key):\n",
    "    def get(self, key, default=None):\n        return default\n\n    def get_one_block(self, key):\n",
)
MQ = "from vllm.sched_records import BlockPool\n\n\n"
LOOKED_UP = MQ + "def mine(pool: BlockPool, key: bytes) -> list[int]:\n    return list(pool.cached.get(key, {}))\n"
DEFAULTED_IN = MQ + "def mine(pool: BlockPool, key: bytes) -> None:\n    pool.cached.setdefault(key, {})\n"
TESTED_IN = MQ + "def mine(pool: BlockPool, key: bytes) -> bool:\n    return key in pool.cached\n"
NEW_LOOKUP = MQ + "def mine(pool: BlockPool, key: bytes):\n    return pool.cached.get_one_block(key)\n"


@pytest.mark.parametrize(
    ("fork", "needle"),
    [(LOOKED_UP, ".get("), (DEFAULTED_IN, ".setdefault("), (TESTED_IN, "key in")],
    ids=["dict-get", "dict-setdefault", "membership"],
)
def test_a_dict_made_one_record_looked_up_is_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    assert _unlisted(git_repo, tmp_path, fork, MAPPED_THEIRS, MAPPED_BASE) == [(USE, line_of(fork, needle), "error")]


@pytest.mark.parametrize(
    ("fork", "theirs"),
    [(NEW_LOOKUP, MAPPED_THEIRS), (LOOKED_UP, GETTING_THEIRS)],
    ids=["the-record-s-own-method", "a-record-defining-get"],
)
def test_the_record_s_own_lookups_stay_quiet(git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str) -> None:
    assert _unlisted(git_repo, tmp_path, fork, theirs, MAPPED_BASE) == []


# review31: the version gate spelt the other ways a fork writes it (drift/presence.py)
GATED_GETATTR = QI + (
    "def mine(queue: Queue) -> None:\n    for request in queue.requests:\n"
    "        setter = getattr(request, 'set_eos_token_id', None)\n"
    "        if setter is not None:\n            setter(7)\n"
    "        else:\n            request.eos_token_id = 7\n"
)
GATED_FLAG = QI + (
    "from vllm.request import Request\n\n_HAS_SETTER = hasattr(Request, 'set_eos_token_id')\n\n\n"
    "def mine(queue: Queue) -> None:\n    for request in queue.requests:\n"
    "        if _HAS_SETTER:\n            request.set_eos_token_id(7)\n"
    "        else:\n            request.eos_token_id = 7\n"
)
GATED_NONE_BODY = QI + (
    "def mine(queue: Queue) -> None:\n    for request in queue.requests:\n"
    "        if getattr(request, 'set_eos_token_id', None) is None:\n            request.eos_token_id = 7\n"
)
GATED_CALLABLE = QI + (
    "def mine(queue: Queue) -> None:\n    for request in queue.requests:\n"
    "        if callable(getattr(request, 'set_eos_token_id', None)):\n            request.set_eos_token_id(7)\n"
    "            continue\n        request.eos_token_id = 7\n"
)


@pytest.mark.parametrize(
    "fork",
    [GATED_GETATTR, GATED_FLAG, GATED_NONE_BODY, GATED_CALLABLE],
    ids=["the-else-of-a-local-from-getattr", "a-module-flag-of-hasattr", "getattr-is-none", "callable-then-continue"],
)
def test_a_gate_spelt_with_getattr_or_a_flag_stays_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _queued(git_repo, tmp_path, fork) == []


FLAG_REBOUND = GATED_FLAG.replace("\n\n\ndef mine", "\n_HAS_SETTER = False\n\n\ndef mine")
OTHER_FLAG = GATED_FLAG.replace("hasattr(Request, 'set_eos_token_id')", "hasattr(Request, 'set_eos_token')")


@pytest.mark.parametrize("fork", [FLAG_REBOUND, OTHER_FLAG], ids=["a-flag-bound-twice", "a-flag-of-another-attribute"])
def test_a_flag_that_says_nothing_of_the_new_spelling_stays_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str
) -> None:
    assert _queued(git_repo, tmp_path, fork) == [(USE, line_of(fork, "request.eos_token_id = 7"), "error")]


def test_a_getattr_gate_on_a_name_upstream_lacks_stays_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = GATED_GETATTR
    assert _queued(git_repo, tmp_path, fork, REQUEST_THEIRS) == [
        (USE, line_of(fork, "request.eos_token_id = 7"), "error")
    ]
