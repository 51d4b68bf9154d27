"""Adversarial twins of the mapping's element drift and the renamed override: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the checks catch, but right
after the merge (the merge base is the commit's first parent, upstream the commit):

- element drift through a mapping (``drift/element_kinds.py``): #52372 (dc9ae4b8ac, the Mooncake store's
  ``KVCacheStoreSendingThread.stored_requests: defaultdict[str, int]`` -> ``dict[str, set[int]]``), #45043
  (f42761204f, MoRIIO's ``MoRIIOConnectorScheduler._deferred_send_deadlines: dict[ReqId, float]`` ->
  ``dict[ReqId, tuple[float, TransferId | None]]``), #27283 (6ca74bc11a, NIXL's
  ``NixlConnectorScheduler._reqs_need_save: dict[ReqId, tuple[Request, list[int]]]`` -> ``dict[ReqId,
  Request]``): a value sized, tested for None or truth, a kind test before the count, the new spelling
  (the pair unpacked, the set's size), the fork's own ledger of the name, a local mapping that only looks
  alike, a guard on the removed method, a try/except TypeError, a version test, the keys walked, a pair's
  value rebound first, a value handed on;
- the renamed override (``drift/renamed_overrides.py``): #35758 (5b3ba94ab4, ``NixlConnector.
  request_finished`` -> ``request_finished_all_groups``, the base's ``request_finished`` a stub): the new
  name called, a ``hasattr``/``getattr(..., None)`` guard choosing it first, a try/except around it, the
  fork's own shim of the old name in an intermediate class, another connector's kept hook, the scheduler
  half's kept ``request_finished``, the fork's own namesake class, a receiver typed as the base interface.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches
of the same commits, kept to show the reach stays.

Main's engine (b329e725, dfa012ba), round 1 (6 cases, 30 twins): 6 caught of 6; 4 false errors of 30:
element drift on a count under ``hasattr(thread, "add_stored_request")`` (the removed method: the branch
runs only on older stores, 1); the renamed override on ``super().request_finished(...)`` as the fallback of a
``hasattr`` test of the new name, of a ``getattr(super(), "request_finished_all_groups", None)`` tested for
None, and in the ``except`` of a ``try`` calling the new name (3).  2 warnings: a fork override of the new
name, which upstream added (symbol drift's override warning, not these classes').
Round 2 (more shapes, one more real commit): a conditional expression's kind test, a walked value rebound to
its size, the new spelling's set grown, a version test keeping the count (#52372); a fork mixin ahead of
the connector answering the old name, a version test keeping the old hook, a class-level alias of the new
name, a call off the fork's own connector field (#35758); #33465 (1dfd64c1cc, ``VocabParallelEmbedding.
forward_native`` renamed ``forward``, ``PluggableLayer.forward_native`` raising: a case, and the new name's
override and the subclass's own ``forward_native``).  Round 3: the removed method's ``hasattr`` bound once
to a module flag the count is read under (#52372: a false error on main, mended).  All rounds, main
(dfa012ba): 7 caught of 7; 5 false errors of 41 (round 1's, and the module flag).  This branch: 7 caught of
7; 0 false errors of 41 (10 warned: the 5 mended, now warnings that still ask; 2 version tests; 3 overrides
of the new name).  Symbol drift's older name-drift error on the flag's own ``hasattr`` line stays (not these
classes').  Left: a guard of another shape
(``"forward" in type(emb).__dict__`` before ``emb.forward_native(ids)``) meets symbol drift's older rename
error on #33465, not these classes; not a twin here.

  PYTHONPATH=.. python review48_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

KV = "vllm.distributed.kv_transfer.kv_connector.v1"

# --- dc9ae4b8ac (#52372): KVCacheStoreSendingThread.stored_requests defaultdict[str, int] -> dict[str, set[int]]
SJ = ("#52372", "dc9ae4b8ac", "KVCacheStoreSendingThread.stored_requests: defaultdict[str, int] -> dict[str, set[int]]")
SEND = f"from {KV}.mooncake.store.worker import KVCacheStoreSendingThread\n\n\n"
TYPED = SEND + "def aeon_pending(thread: KVCacheStoreSendingThread, req_id: str) -> bool:\n"
CASES += [
    (
        "#52372 mapped values",
        "a subclass counts a request's jobs down",
        K(
            *SJ,
            "vllm/aeon/r48sj0.py",
            SEND + "class AeonSendingThread(KVCacheStoreSendingThread):\n"
            "    def aeon_unpin(self, req_id: str) -> None:\n"
            "        self.stored_requests[req_id] -= 1  # AEON: the pin taken before the first chunk\n",
            "        self.stored_requests[req_id] -= 1  # AEON: the pin taken before the first chunk",
        ),
    ),
    (
        "#52372 mapped values",
        "a walked .items() pair's count compared",
        K(
            *SJ,
            "vllm/aeon/r48sj1.py",
            TYPED + "    for rid, n in thread.stored_requests.items():\n"
            "        if rid == req_id and n > 1:\n"
            "            return True\n"
            "    return False\n",
            "        if rid == req_id and n > 1:",
        ),
    ),
]
TWINS += [
    (
        "#52372 mapped values",
        "twin: the value sized (the new spelling)",
        K(
            *SJ,
            "vllm/aeon/r48sj2.py",
            TYPED + "    return len(thread.stored_requests.get(req_id, ())) > 0\n",
            "    return len(thread.stored_requests.get(req_id, ())) > 0",
        ),
    ),
    (
        "#52372 mapped values",
        "twin: the value tested for None",
        K(
            *SJ,
            "vllm/aeon/r48sj3.py",
            TYPED + "    return thread.stored_requests.get(req_id) is not None\n",
            "    return thread.stored_requests.get(req_id) is not None",
        ),
    ),
    (
        "#52372 mapped values",
        "twin: a kind test before the count",
        K(
            *SJ,
            "vllm/aeon/r48sj4.py",
            TYPED + "    held = thread.stored_requests.get(req_id, 0)\n"
            "    if isinstance(held, int):  # AEON: older stores counted the jobs\n"
            "        return held > 0\n"
            "    return len(held) > 0\n",
            "        return held > 0",
        ),
    ),
    (
        "#52372 mapped values",
        "twin: the count computed from the value first",
        K(
            *SJ,
            "vllm/aeon/r48sj5.py",
            TYPED + "    held = thread.stored_requests.get(req_id, ())\n"
            "    held = held if isinstance(held, int) else len(held)\n"
            "    return held > 0\n",
            "    return held > 0",
        ),
    ),
    (
        "#52372 mapped values",
        "twin: the fork's own ledger of the name",
        K(
            *SJ,
            "vllm/aeon/r48sj6.py",
            "class AeonLedger:\n"
            "    def __init__(self) -> None:\n"
            "        self.stored_requests: dict[str, int] = {}  # AEON: the router's own count\n\n\n"
            "def aeon_pending(ledger: AeonLedger, req_id: str) -> bool:\n"
            "    return ledger.stored_requests.get(req_id, 0) > 0\n",
            "    return ledger.stored_requests.get(req_id, 0) > 0",
        ),
    ),
    (
        "#52372 mapped values",
        "twin: a subclass's own counter beside the ledger, read alike",
        K(
            *SJ,
            "vllm/aeon/r48sj7.py",
            SEND + "class AeonSendingThread(KVCacheStoreSendingThread):\n"
            "    def aeon_pin(self, req_id: str) -> bool:\n"
            "        self.aeon_pins: dict[str, int] = getattr(self, 'aeon_pins', {})\n"
            "        self.aeon_pins[req_id] = self.aeon_pins.get(req_id, 0) + 1\n"
            "        return len(self.stored_requests.get(req_id, ())) > 0\n",
            "        self.aeon_pins[req_id] = self.aeon_pins.get(req_id, 0) + 1",
        ),
    ),
    (
        "#52372 mapped values",
        "twin: a guard on the removed method",
        K(
            *SJ,
            "vllm/aeon/r48sj8.py",
            TYPED + "    if hasattr(thread, 'add_stored_request'):  # AEON: stores before the job ledger counted\n"
            "        return thread.stored_requests.get(req_id, 0) > 0\n"
            "    return bool(thread.stored_requests.get(req_id))\n",
            "        return thread.stored_requests.get(req_id, 0) > 0",
        ),
    ),
    (
        "#52372 mapped values",
        "twin: a try/except TypeError around the count",
        K(
            *SJ,
            "vllm/aeon/r48sj9.py",
            TYPED + "    held = thread.stored_requests.get(req_id, 0)\n"
            "    try:\n"
            "        return held > 0\n"
            "    except TypeError:  # AEON: the job-id sets of newer stores\n"
            "        return bool(held)\n",
            "        return held > 0",
        ),
    ),
    (
        "#52372 mapped values",
        "twin: the keys walked",
        K(
            *SJ,
            "vllm/aeon/r48sj10.py",
            TYPED + "    return sum(1 for rid in thread.stored_requests if rid.startswith(req_id)) > 0\n",
            "    return sum(1 for rid in thread.stored_requests if rid.startswith(req_id)) > 0",
        ),
    ),
    (
        "#52372 mapped values",
        "twin: an .items() pair's value rebound to its size first",
        K(
            *SJ,
            "vllm/aeon/r48sj11.py",
            TYPED + "    for rid, jobs in thread.stored_requests.items():\n"
            "        jobs = len(jobs)\n"
            "        if rid == req_id and jobs > 0:\n"
            "            return True\n"
            "    return False\n",
            "        if rid == req_id and jobs > 0:",
        ),
    ),
    (
        "#52372 mapped values",
        "twin: a local mapping that only looks alike",
        K(
            *SJ,
            "vllm/aeon/r48sj12.py",
            TYPED + "    stored_requests: dict[str, int] = {r: len(j) for r, j in thread.stored_requests.items()}\n"
            "    return stored_requests.get(req_id, 0) > 0\n",
            "    return stored_requests.get(req_id, 0) > 0",
        ),
    ),
    (
        "#52372 mapped values",
        "twin: a value's size summed over .values()",
        K(
            *SJ,
            "vllm/aeon/r48sj13.py",
            SEND + "def aeon_inflight(thread: KVCacheStoreSendingThread) -> int:\n"
            "    return sum(len(jobs) for jobs in thread.stored_requests.values()) + 0\n",
            "    return sum(len(jobs) for jobs in thread.stored_requests.values()) + 0",
        ),
    ),
    (
        "#52372 mapped values",
        "twin: the mapping's own size",
        K(
            *SJ,
            "vllm/aeon/r48sj14.py",
            TYPED + "    return len(thread.stored_requests) > 0 and req_id in thread.stored_requests\n",
            "    return len(thread.stored_requests) > 0 and req_id in thread.stored_requests",
        ),
    ),
]

# --- f42761204f (#45043): MoRIIOConnectorScheduler._deferred_send_deadlines float -> (float, TransferId | None)
MD = (
    "#45043",
    "f42761204f",
    "MoRIIOConnectorScheduler._deferred_send_deadlines: dict[ReqId, float] -> dict[ReqId, tuple[...]]",
)
MORI = f"import time\n\nfrom {KV}.moriio.moriio_connector import MoRIIOConnectorScheduler\n\n\n"
SUBM = MORI + "class AeonMoRIIOScheduler(MoRIIOConnectorScheduler):\n"
CASES += [
    (
        "#45043 mapped values",
        "a subclass's deadline pushed back",
        K(
            *MD,
            "vllm/aeon/r48md0.py",
            SUBM + "    def aeon_extend(self, req_id: str) -> None:\n"
            "        self._deferred_send_deadlines[req_id] += 30.0  # AEON: slow decode peers\n",
            "        self._deferred_send_deadlines[req_id] += 30.0  # AEON: slow decode peers",
        ),
    ),
]
TWINS += [
    (
        "#45043 mapped values",
        "twin: the pair unpacked (the new spelling)",
        K(
            *MD,
            "vllm/aeon/r48md1.py",
            SUBM + "    def aeon_left(self, req_id: str) -> float:\n"
            "        deadline, _ = self._deferred_send_deadlines[req_id]\n"
            "        return deadline - time.perf_counter() + 0.0\n",
            "        return deadline - time.perf_counter() + 0.0",
        ),
    ),
    (
        "#45043 mapped values",
        "twin: a kind test before the arithmetic",
        K(
            *MD,
            "vllm/aeon/r48md2.py",
            SUBM + "    def aeon_left(self, req_id: str) -> float:\n"
            "        entry = self._deferred_send_deadlines[req_id]\n"
            "        if isinstance(entry, tuple):\n"
            "            entry = entry[0]\n"
            "        return entry - 1.0\n",
            "        return entry - 1.0",
        ),
    ),
    (
        "#45043 mapped values",
        "twin: the deadline stored anew and the map's size",
        K(
            *MD,
            "vllm/aeon/r48md3.py",
            SUBM + "    def aeon_due(self) -> bool:\n        return len(self._deferred_send_deadlines) > 0\n",
            "        return len(self._deferred_send_deadlines) > 0",
        ),
    ),
]

# --- 6ca74bc11a (#27283): NixlConnectorScheduler._reqs_need_save (Request, block ids) -> Request
NS = (
    "#27283",
    "6ca74bc11a",
    "NixlConnectorScheduler._reqs_need_save: dict[ReqId, tuple[Request, list[int]]] -> dict[ReqId, Request]",
)
NSCH = f"from {KV}.nixl_connector import NixlConnectorScheduler\n\n\n"
SUBN = NSCH + "class AeonNixlScheduler(NixlConnectorScheduler):\n"
CASES += [
    (
        "#27283 mapped pairs",
        "a subclass unpacks a saved pair",
        K(
            *NS,
            "vllm/aeon/r48ns0.py",
            SUBN + "    def aeon_saved_blocks(self, req_id: str) -> list[int]:\n"
            "        req, block_ids = self._reqs_need_save[req_id]\n"
            "        return block_ids\n",
            "        req, block_ids = self._reqs_need_save[req_id]",
        ),
    ),
]
TWINS += [
    (
        "#27283 mapped pairs",
        "twin: the key and the request walked (the new spelling)",
        K(
            *NS,
            "vllm/aeon/r48ns1.py",
            SUBN + "    def aeon_saved(self) -> list[str]:\n"
            "        out = []\n"
            "        for req_id, req in self._reqs_need_save.items():\n"
            "            out.append(req.request_id or req_id)\n"
            "        return out\n",
            "        for req_id, req in self._reqs_need_save.items():",
        ),
    ),
    (
        "#27283 mapped pairs",
        "twin: a kind test before the unpacking",
        K(
            *NS,
            "vllm/aeon/r48ns2.py",
            SUBN + "    def aeon_saved_request(self, req_id: str):  # type: ignore[no-untyped-def]\n"
            "        entry = self._reqs_need_save[req_id]\n"
            "        if isinstance(entry, tuple):  # AEON: the pair older schedulers kept\n"
            "            req, _ = entry\n"
            "            return req\n"
            "        return entry\n",
            "            req, _ = entry",
        ),
    ),
    (
        "#27283 mapped pairs",
        "twin: the fork's own pending pairs of the name",
        K(
            *NS,
            "vllm/aeon/r48ns3.py",
            "class AeonSaveQueue:\n"
            "    def __init__(self) -> None:\n"
            "        self._reqs_need_save: dict[str, tuple[object, list[int]]] = {}\n\n"
            "    def blocks(self, req_id: str) -> list[int]:\n"
            "        req, block_ids = self._reqs_need_save[req_id]\n"
            "        return block_ids\n",
            "        req, block_ids = self._reqs_need_save[req_id]",
        ),
    ),
    (
        "#27283 mapped pairs",
        "twin: a popitem's pair",
        K(
            *NS,
            "vllm/aeon/r48ns4.py",
            SUBN + "    def aeon_next_saved(self):  # type: ignore[no-untyped-def]\n"
            "        req_id, req = self._reqs_need_save.popitem()\n"
            "        return req\n",
            "        req_id, req = self._reqs_need_save.popitem()",
        ),
    ),
]

# --- 5b3ba94ab4 (#35758): NixlConnector.request_finished -> request_finished_all_groups (the base's a stub)
HM = (
    "#35758",
    "5b3ba94ab4",
    "NixlConnector.request_finished renamed request_finished_all_groups; the base's is a stub",
)
NIXL = f"from {KV}.nixl_connector import NixlConnector\n\n\n"
OVER = (
    NIXL
    + "class AeonNixlConnector(NixlConnector):\n    def request_finished(self, request, block_ids):  # type: ignore[no-untyped-def]\n"
)
CASES += [
    (
        "#35758 renamed to a stub",
        "an override's super() call with *args",
        K(
            *HM,
            "vllm/aeon/r48hm0.py",
            NIXL + "class AeonNixlConnector(NixlConnector):\n"
            "    def request_finished(self, *args, **kwargs):  # type: ignore[no-untyped-def]\n"
            "        return super().request_finished(*args, **kwargs)\n",
            "        return super().request_finished(*args, **kwargs)",
        ),
    ),
    (
        "#35758 renamed to a stub",
        "an explicit super(cls, self) call",
        K(
            *HM,
            "vllm/aeon/r48hm1.py",
            OVER + "        return super(AeonNixlConnector, self).request_finished(request, block_ids)\n",
            "        return super(AeonNixlConnector, self).request_finished(request, block_ids)",
        ),
    ),
]
TWINS += [
    (
        "#35758 renamed to a stub",
        "twin: the new name called",
        K(
            *HM,
            "vllm/aeon/r48hm2.py",
            NIXL + "class AeonNixlConnector(NixlConnector):\n"
            "    def request_finished_all_groups(self, request, block_ids):  # type: ignore[no-untyped-def]\n"
            "        return super().request_finished_all_groups(request, block_ids)\n",
            "        return super().request_finished_all_groups(request, block_ids)",
        ),
    ),
    (
        "#35758 renamed to a stub",
        "twin: a hasattr guard choosing the new name first",
        K(
            *HM,
            "vllm/aeon/r48hm3.py",
            OVER + "        if hasattr(NixlConnector, 'request_finished_all_groups'):\n"
            "            return super().request_finished_all_groups(request, (block_ids,))\n"
            "        return super().request_finished(request, block_ids)  # AEON: before the HMA hook\n",
            "        return super().request_finished(request, block_ids)  # AEON: before the HMA hook",
        ),
    ),
    (
        "#35758 renamed to a stub",
        "twin: a getattr(..., None) guard choosing the new name first",
        K(
            *HM,
            "vllm/aeon/r48hm4.py",
            OVER + "        hook = getattr(super(), 'request_finished_all_groups', None)\n"
            "        if hook is not None:\n"
            "            return hook(request, (block_ids,))\n"
            "        return super().request_finished(request, block_ids)\n",
            "        return super().request_finished(request, block_ids)",
        ),
    ),
    (
        "#35758 renamed to a stub",
        "twin: a try/except around the new name",
        K(
            *HM,
            "vllm/aeon/r48hm5.py",
            OVER + "        try:\n"
            "            return super().request_finished_all_groups(request, (block_ids,))\n"
            "        except (AttributeError, NotImplementedError):\n"
            "            return super().request_finished(request, block_ids)\n",
            "            return super().request_finished(request, block_ids)",
        ),
    ),
    (
        "#35758 renamed to a stub",
        "twin: the fork's shim of the old name in an intermediate class",
        K(
            *HM,
            "vllm/aeon/r48hm6.py",
            NIXL + "class AeonNixlBase(NixlConnector):\n"
            "    def request_finished(self, request, block_ids):  # type: ignore[no-untyped-def]\n"
            "        # AEON: the old hook's name kept for the router's connectors\n"
            "        return self.request_finished_all_groups(request, (block_ids,))\n\n\n"
            "class AeonNixlConnector(AeonNixlBase):\n"
            "    def request_finished(self, request, block_ids):  # type: ignore[no-untyped-def]\n"
            "        return super().request_finished(request, block_ids)\n",
            "        return super().request_finished(request, block_ids)",
        ),
    ),
    (
        "#35758 renamed to a stub",
        "twin: the scheduler half's kept request_finished",
        K(
            *HM,
            "vllm/aeon/r48hm7.py",
            NIXL + "class AeonNixlConnector(NixlConnector):\n"
            "    def request_finished_all_groups(self, request, block_ids):  # type: ignore[no-untyped-def]\n"
            "        assert self.connector_scheduler is not None\n"
            "        return self.connector_scheduler.request_finished(request, block_ids)\n",
            "        return self.connector_scheduler.request_finished(request, block_ids)",
        ),
    ),
    (
        "#35758 renamed to a stub",
        "twin: another connector's kept hook",
        K(
            *HM,
            "vllm/aeon/r48hm8.py",
            f"from {KV}.lmcache_connector import LMCacheConnectorV1\n\n\n"
            "class AeonLMCacheConnector(LMCacheConnectorV1):\n"
            "    def request_finished(self, request, block_ids):  # type: ignore[no-untyped-def]\n"
            "        return super().request_finished(request, block_ids)\n",
            "        return super().request_finished(request, block_ids)",
        ),
    ),
    (
        "#35758 renamed to a stub",
        "twin: a receiver typed as the base interface",
        K(
            *HM,
            "vllm/aeon/r48hm9.py",
            f"from {KV}.base import KVConnectorBase_V1\n\n\n"
            "def aeon_finish(conn: KVConnectorBase_V1, request, block_ids):  # type: ignore[no-untyped-def]\n"
            "    return conn.request_finished(request, block_ids)\n",
            "    return conn.request_finished(request, block_ids)",
        ),
    ),
    (
        "#35758 renamed to a stub",
        "twin: the fork's own namesake class",
        K(
            *HM,
            "vllm/aeon/r48hm10.py",
            "class NixlConnector:\n"
            "    # AEON: the router's stand-in for the worker-side connector\n"
            "    def request_finished(self, request, block_ids):  # type: ignore[no-untyped-def]\n"
            "        return bool(block_ids), None\n\n\n"
            "class AeonNixlConnector(NixlConnector):\n"
            "    def request_finished(self, request, block_ids):  # type: ignore[no-untyped-def]\n"
            "        return super().request_finished(request, block_ids)\n",
            "        return super().request_finished(request, block_ids)",
        ),
    ),
    (
        "#35758 renamed to a stub",
        "twin: the subclass's own hook called by self",
        K(
            *HM,
            "vllm/aeon/r48hm11.py",
            NIXL + "class AeonNixlConnector(NixlConnector):\n"
            "    def request_finished(self, request, block_ids):  # type: ignore[no-untyped-def]\n"
            "        return self.request_finished_all_groups(request, (block_ids,))\n\n"
            "    def aeon_abort(self, request):  # type: ignore[no-untyped-def]\n"
            "        return self.request_finished(request, [])\n",
            "        return self.request_finished(request, [])",
        ),
    ),
]


# round 2: more shapes of correct fork code around the same commits
TWINS += [
    (
        "#52372 mapped values",
        "twin: a conditional expression's kind test",
        K(
            *SJ,
            "vllm/aeon/r48sj15.py",
            TYPED + "    held = thread.stored_requests.get(req_id)\n"
            "    return held > 0 if isinstance(held, int) else bool(held)\n",
            "    return held > 0 if isinstance(held, int) else bool(held)",
        ),
    ),
    (
        "#52372 mapped values",
        "twin: a walked value rebound to its size first",
        K(
            *SJ,
            "vllm/aeon/r48sj16.py",
            SEND + "def aeon_busy(thread: KVCacheStoreSendingThread) -> int:\n"
            "    busy = 0\n"
            "    for jobs in thread.stored_requests.values():\n"
            "        jobs = len(jobs)\n"
            "        if jobs > 0:\n"
            "            busy += 1\n"
            "    return busy\n",
            "        if jobs > 0:",
        ),
    ),
    (
        "#52372 mapped values",
        "twin: the set of a value grown (the new spelling)",
        K(
            *SJ,
            "vllm/aeon/r48sj17.py",
            SEND + "class AeonSendingThread(KVCacheStoreSendingThread):\n"
            "    def aeon_pin(self, req_id: str, job: int) -> int:\n"
            "        self.stored_requests.setdefault(req_id, set()).add(job)\n"
            "        return len(self.stored_requests[req_id]) - 1\n",
            "        return len(self.stored_requests[req_id]) - 1",
        ),
    ),
    (
        "#52372 mapped values",
        "twin: a version test keeps the count for older stores",
        K(
            *SJ,
            "vllm/aeon/r48sj18.py",
            "import vllm\n" + TYPED + "    if vllm.__version__ < '0.21':  # AEON: the counting ledger\n"
            "        return thread.stored_requests.get(req_id, 0) > 0\n"
            "    return bool(thread.stored_requests.get(req_id))\n",
            "        return thread.stored_requests.get(req_id, 0) > 0",
        ),
    ),
    (
        "#52372 mapped values",
        "twin: a module flag of the removed method",
        K(
            *SJ,
            "vllm/aeon/r48sj19.py",
            SEND + "_COUNTED = hasattr(KVCacheStoreSendingThread, 'add_stored_request')  # AEON: older stores\n\n\n"
            "def aeon_pending(thread: KVCacheStoreSendingThread, req_id: str) -> bool:\n"
            "    if _COUNTED:\n"
            "        return thread.stored_requests.get(req_id, 0) > 0\n"
            "    return bool(thread.stored_requests.get(req_id))\n",
            "        return thread.stored_requests.get(req_id, 0) > 0",
        ),
    ),
    (
        "#35758 renamed to a stub",
        "twin: a fork mixin ahead of the connector answers the old name",
        K(
            *HM,
            "vllm/aeon/r48hm12.py",
            NIXL + "class AeonFinishMixin:\n"
            "    def request_finished(self, request, block_ids):  # type: ignore[no-untyped-def]\n"
            "        # AEON: hand the request to the HMA hook with one group\n"
            "        return self.request_finished_all_groups(request, (block_ids,))  # type: ignore[attr-defined]\n\n\n"
            "class AeonNixlConnector(AeonFinishMixin, NixlConnector):\n"
            "    def request_finished(self, request, block_ids):  # type: ignore[no-untyped-def]\n"
            "        return super().request_finished(request, block_ids)\n",
            "        return super().request_finished(request, block_ids)",
        ),
    ),
    (
        "#35758 renamed to a stub",
        "twin: a version test keeps the old hook for older releases",
        K(
            *HM,
            "vllm/aeon/r48hm13.py",
            "import vllm\n" + OVER + "        if vllm.__version__ < '0.17':  # AEON: before the HMA hook\n"
            "            return super().request_finished(request, block_ids)\n"
            "        return False, None\n",
            "            return super().request_finished(request, block_ids)",
        ),
    ),
    (
        "#35758 renamed to a stub",
        "twin: the fork's class-level alias of the new name",
        K(
            *HM,
            "vllm/aeon/r48hm14.py",
            NIXL + "class AeonNixlConnector(NixlConnector):\n"
            "    request_finished = NixlConnector.request_finished_all_groups  # AEON: one name for both hooks\n\n"
            "    def aeon_abort(self, request):  # type: ignore[no-untyped-def]\n"
            "        return self.request_finished(request, ([],))\n",
            "        return self.request_finished(request, ([],))",
        ),
    ),
    (
        "#35758 renamed to a stub",
        "twin: a call off the fork's own connector field",
        K(
            *HM,
            "vllm/aeon/r48hm15.py",
            NIXL + "class AeonRouterConnector:\n"
            "    def request_finished(self, request, block_ids):  # type: ignore[no-untyped-def]\n"
            "        return True, {'router': True}\n\n\n"
            "class AeonNixlConnector(NixlConnector):\n"
            "    def __init__(self, *args, **kwargs):  # type: ignore[no-untyped-def]\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.router = AeonRouterConnector()\n\n"
            "    def request_finished_all_groups(self, request, block_ids):  # type: ignore[no-untyped-def]\n"
            "        return self.router.request_finished(request, block_ids)\n",
            "        return self.router.request_finished(request, block_ids)",
        ),
    ),
]


# --- 1dfd64c1cc (#33465): VocabParallelEmbedding.forward_native -> forward (PluggableLayer.forward_native raises)
VE = (
    "#33465",
    "1dfd64c1cc",
    "VocabParallelEmbedding.forward_native renamed forward; PluggableLayer.forward_native raises",
)
EMB = "import torch\n\nfrom vllm.model_executor.layers.vocab_parallel_embedding import VocabParallelEmbedding\n\n\n"
CASES += [
    (
        "#33465 renamed to a stub",
        "an override's super().forward_native call",
        K(
            *VE,
            "vllm/aeon/r48ve0.py",
            EMB + "class AeonScaledEmbedding(VocabParallelEmbedding):\n"
            "    def forward_native(self, input_: torch.Tensor) -> torch.Tensor:\n"
            "        return super().forward_native(input_) * 2.0  # AEON: the Gemma-style embedding scale\n",
            "        return super().forward_native(input_) * 2.0  # AEON: the Gemma-style embedding scale",
        ),
    ),
]
TWINS += [
    (
        "#33465 renamed to a stub",
        "twin: the override of the new name's super() call",
        K(
            *VE,
            "vllm/aeon/r48ve1.py",
            EMB + "class AeonScaledEmbedding(VocabParallelEmbedding):\n"
            "    def forward(self, input_: torch.Tensor) -> torch.Tensor:\n"
            "        return super().forward(input_) * 2.0  # AEON: the Gemma-style embedding scale\n",
            "        return super().forward(input_) * 2.0  # AEON: the Gemma-style embedding scale",
        ),
    ),
    (
        "#33465 renamed to a stub",
        "twin: the subclass's own forward_native called by self",
        K(
            *VE,
            "vllm/aeon/r48ve2.py",
            EMB + "class AeonScaledEmbedding(VocabParallelEmbedding):\n"
            "    def forward_native(self, input_: torch.Tensor) -> torch.Tensor:\n"
            "        return torch.nn.functional.embedding(input_, self.weight) * 2.0\n\n"
            "    def forward(self, input_: torch.Tensor) -> torch.Tensor:\n"
            "        return self.forward_native(input_)\n",
            "        return self.forward_native(input_)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review48-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
