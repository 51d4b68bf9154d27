"""Element drift through a mapping: the values of a dict field upstream made containers where they were numbers.

vLLM #52372 keyed the Mooncake store's ledger by store job: ``KVCacheStoreSendingThread.stored_requests:
defaultdict[str, int]`` (a count of a request's queued jobs) became ``dict[str, set[int]]`` (their ids).  The
field is still a mapping, so container drift says nothing, but a fork line reading a value as the count it was
-- ``thread.stored_requests.get(req_id, 0) > 0``, a subclass's ``self.stored_requests[req_id] += 1``, a loop
over ``.values()`` or ``.items()`` comparing each -- raises TypeError after a clean merge (a set neither orders against nor
adds a number).  A loop over the mapping itself walks its keys, and sizing or handing a value on is fine.
The other element drifts read a mapping's values alike: lists made arrays (``m[k].append(x)``), pairs made a
plain class (``start, end = m[k]``).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.element_kinds import _inner_changed
from aeon_release.domain.audits.merge_rules import TYPE_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

PACKAGES = {"vllm/__init__.py": ""}
USE = "vllm/aeon_use.py"
WORKER = "vllm/store_worker.py"
BASE = (
    "from collections import defaultdict\n\n\n"
    "class SendingThread:\n"
    "    def __init__(self) -> None:\n"
    "        self.stored_requests: defaultdict[str, int] = defaultdict(int)\n"
    "        self.saved_offset: dict[str, int] = {}\n\n"
    "    def delete_finished_stored_request(self, req_id: str) -> None:\n"
    "        self.stored_requests.pop(req_id, None)\n"
)
THEIRS = BASE.replace("defaultdict[str, int] = defaultdict(int)", "dict[str, set[int]] = {}")
HEAD = "from vllm.store_worker import SendingThread\n\n\n"
TYPED = HEAD + "def mine(thread: SendingThread, req_id: str):\n"
SUB = HEAD + "class Mine(SendingThread):\n    def pin(self, req_id: str):\n"

KILLERS = {
    "got-and-compared": (TYPED + "    return thread.stored_requests.get(req_id, 0) > 0\n", "> 0"),
    "a-subclass-counts-up": (SUB + "        self.stored_requests[req_id] += 1\n", "+= 1"),
    "indexed-arithmetic": (TYPED + "    return thread.stored_requests[req_id] - 1\n", "- 1"),
    "bound-once": (TYPED + "    n = thread.stored_requests.get(req_id)\n    return n == 0\n", "n == 0"),
    "values-walked": (
        TYPED + "    return sum(1 for n in thread.stored_requests.values() if n > 1)\n",
        "n > 1",
    ),
    "items-walked": (
        TYPED + "    busy = []\n    for rid, n in thread.stored_requests.items():\n        if n > 0:\n"
        "            busy.append(rid)\n    return busy\n",
        "n > 0",
    ),
    "items-comprehended": (TYPED + "    return [r for r, n in thread.stored_requests.items() if n > 1]\n", "n > 1"),
}
TWINS = {
    "keys-walked": TYPED + "    return [k for k in thread.stored_requests if k > 0]\n",
    "a-value-sized": TYPED + "    return len(thread.stored_requests.get(req_id, ())) > 0\n",
    "a-key-tested": TYPED + "    return req_id in thread.stored_requests\n",
    "a-value-handed-on": TYPED + "    return thread.stored_requests.get(req_id)\n",
    "a-number-field-kept": TYPED + "    return thread.saved_offset.get(req_id, 0) > 0\n",
    "min-of-the-keys": TYPED + "    return min(thread.stored_requests) > 0\n",
    "untyped": "def mine(thread, req_id: str):\n    return thread.stored_requests.get(req_id, 0) > 0\n",
    "an-items-key-compared": TYPED + "    return [k for k, ids in thread.stored_requests.items() if k > 0]\n",
    "an-items-value-rebound": TYPED + "    for rid, n in thread.stored_requests.items():\n        n = len(n)\n"
    "        if n > 0:\n            return rid\n    return None\n",
    "isinstance-guarded": TYPED + "    n = thread.stored_requests.get(req_id, 0)\n"
    "    return isinstance(n, int) and n > 0\n",
}


def _ledger(git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str = THEIRS) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {WORKER: BASE, **PACKAGES}, {USE: fork}, {WORKER: theirs})
    return found(audit(git_repo, sides, tmp_path), TYPE_DRIFT)


# The KILLERS rows each put one fork module beside the same base and upstream and pin its findings exactly: no row's
# module imports another's, so one merge and one audit of every row's module side by side answers each row (seven
# merges and audits became one per process; suitespeed8).  The TWINS rows keep a merge each: there a row's module
# could be quiet for something another row's module declared.
_AUDITED: dict[str, list[tuple[str, int, str]]] = {}


def _ledger_among_killers(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str]]:
    """``_ledger`` of one of the KILLERS rows, from the one audit of all of them side by side (each read as USE)."""
    if not _AUDITED:
        paths = {text: f"vllm/aeon_use_{number}.py" for number, (text, _) in enumerate(KILLERS.values())}
        sides = three_way(
            git_repo, {WORKER: BASE, **PACKAGES}, {path: text for text, path in paths.items()}, {WORKER: THEIRS}
        )
        every = found(audit(git_repo, sides, tmp_path), TYPE_DRIFT)
        assert all(path in paths.values() for path, _, _ in every), every
        _AUDITED.update(
            {text: [(USE, line, sev) for at, line, sev in every if at == path] for text, path in paths.items()}
        )
    return _AUDITED[fork]


@pytest.mark.parametrize(("fork", "needle"), list(KILLERS.values()), ids=list(KILLERS))
def test_a_number_value_made_a_container_used_as_a_number_is_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    assert _ledger_among_killers(git_repo, tmp_path, fork) == [(USE, line_of(fork, needle), "error")]


@pytest.mark.parametrize("fork", list(TWINS.values()), ids=list(TWINS))
def test_a_number_value_made_a_container_not_used_as_a_number_stays_quiet(
    git_repo: GitRepo, tmp_path: Path, fork: str
) -> None:
    assert _ledger(git_repo, tmp_path, fork) == []


def test_a_mapping_whose_values_stay_numbers_is_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    kept = BASE.replace("defaultdict[str, int] = defaultdict(int)", "dict[str, int] = {}")
    assert _ledger(git_repo, tmp_path, KILLERS["got-and-compared"][0], kept) == []


def test_the_text_gate_reads_a_mapping_of_numbers() -> None:
    assert _inner_changed("\n-        self.stored_requests: defaultdict[str, int] = x\n", {"stored_requests"}) == {
        "stored_requests"
    }
    assert not _inner_changed("\n-        self.stored_requests: dict[tuple[str, int], str] = {}\n", {"stored_requests"})


def test_a_long_removed_mapping_line_is_scanned_at_once() -> None:
    """The mapping's key is one class of characters with no comma, bracket or newline: a 200 KB removed line of
    an unclosed key is passed over in one scan."""
    line = "\n-        stored: dict[" + "k " * 100_000 + "\n"
    start = time.perf_counter()
    assert not _inner_changed(line, {"stored"})
    assert time.perf_counter() - start < 1.0


# the values of a mapping to lists made arrays; of a mapping to pairs, a plain class
TABLE = "vllm/block_table.py"
TABLE_BASE = (
    "import numpy as np\n\n\n"
    "class Span:\n    def __init__(self, start: int, end: int) -> None:\n        self.start, self.end = start, end\n\n\n"
    "class BlockTable:\n"
    "    def __init__(self) -> None:\n"
    "        self.req_blocks: dict[str, list[int]] = {}\n"
    "        self.req_spans: dict[str, tuple[int, int]] = {}\n"
)
TABLE_THEIRS = TABLE_BASE.replace("dict[str, list[int]]", "dict[str, np.ndarray]").replace(
    "dict[str, tuple[int, int]]", "dict[str, Span]"
)
BT = "from vllm.block_table import BlockTable\n\n\ndef mine(table: BlockTable, rid: str):\n"
TABLE_KILLERS = {
    "a-value-grown": (BT + "    table.req_blocks[rid].append(7)\n", "append(7)"),
    "a-walked-value-grown": (BT + "    for ids in table.req_blocks.values():\n        ids.append(0)\n", "append(0)"),
    "a-value-unpacked": (BT + "    start, end = table.req_spans[rid]\n    return end - start\n", "start, end ="),
}
TABLE_TWINS = {
    "a-value-sized": BT + "    return len(table.req_blocks[rid])\n",
    "a-key-walked": BT + "    for ids in table.req_blocks:\n        ids.append(0)\n",
    "a-value-handed-on": BT + "    return table.req_spans.get(rid)\n",
}


def _table(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {TABLE: TABLE_BASE, **PACKAGES}, {USE: fork}, {TABLE: TABLE_THEIRS})
    return found(audit(git_repo, sides, tmp_path), TYPE_DRIFT)


@pytest.mark.parametrize(("fork", "needle"), list(TABLE_KILLERS.values()), ids=list(TABLE_KILLERS))
def test_a_container_value_made_an_array_or_a_class_used_as_before_is_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    assert _table(git_repo, tmp_path, fork) == [(USE, line_of(fork, needle), "error")]


@pytest.mark.parametrize("fork", list(TABLE_TWINS.values()), ids=list(TABLE_TWINS))
def test_a_container_value_made_an_array_or_a_class_used_as_either_stays_quiet(
    git_repo: GitRepo, tmp_path: Path, fork: str
) -> None:
    assert _table(git_repo, tmp_path, fork) == []


# the removed method a fork's hasattr test tells the two ledgers apart by
COUNTED = BASE + "\n    def add_stored_request(self, req_id: str) -> None:\n        self.stored_requests[req_id] += 1\n"
GUARDS = {
    "hasattr-of-the-removed-method": (
        TYPED + "    if hasattr(thread, 'add_stored_request'):\n"
        "        return thread.stored_requests.get(req_id, 0) > 0\n"
        "    return bool(thread.stored_requests.get(req_id))\n",
        "warning",
    ),
    "after-a-failed-hasattr-returns": (
        TYPED + "    if not hasattr(thread, 'add_stored_request'):\n"
        "        return bool(thread.stored_requests.get(req_id))\n"
        "    return thread.stored_requests.get(req_id, 0) > 0\n",
        "warning",
    ),
    "hasattr-of-a-kept-member": (
        TYPED + "    if hasattr(thread, 'saved_offset'):\n        return thread.stored_requests.get(req_id, 0) > 0\n"
        "    return False\n",
        "error",
    ),
}


@pytest.mark.parametrize(("fork", "severity"), list(GUARDS.values()), ids=list(GUARDS))
def test_a_count_under_a_hasattr_of_a_member_upstream_removed_is_a_warning(
    git_repo: GitRepo, tmp_path: Path, fork: str, severity: str
) -> None:
    """``hasattr(thread, "add_stored_request")`` holds only before the ledger's counts became sets: the count
    under it is the fork's path for older releases (a warning); a test of a member both sides have tells
    nothing apart, and the count under it runs after the merge (an error)."""
    sides = three_way(git_repo, {WORKER: COUNTED, **PACKAGES}, {USE: fork}, {WORKER: THEIRS})
    assert found(audit(git_repo, sides, tmp_path), TYPE_DRIFT) == [
        (USE, line_of(fork, "thread.stored_requests.get(req_id, 0) > 0"), severity)
    ]


def test_a_count_under_a_module_flag_of_a_removed_member_is_a_warning(git_repo: GitRepo, tmp_path: Path) -> None:
    """The fork binds the test once at its module's top and reads the flag: the same path for older releases."""
    fork = (
        HEAD + "_COUNTED = hasattr(SendingThread, 'add_stored_request')\n\n\n"
        "def mine(thread: SendingThread, req_id: str):\n"
        "    if _COUNTED:\n        return thread.stored_requests.get(req_id, 0) > 0\n"
        "    return bool(thread.stored_requests.get(req_id))\n"
    )
    sides = three_way(git_repo, {WORKER: COUNTED, **PACKAGES}, {USE: fork}, {WORKER: THEIRS})
    assert found(audit(git_repo, sides, tmp_path), TYPE_DRIFT) == [
        (USE, line_of(fork, "thread.stored_requests.get(req_id, 0) > 0"), "warning")
    ]
