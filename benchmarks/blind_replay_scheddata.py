"""A blind replay of the scheduler's data a fork reads and builds: its output, its request, its queue, the runner's output.

11 first-parent commits on the surface a fork that patches the v1 scheduling loop carries code against --
the request's attributes (``Request.discard_latest_async_tokens`` renamed ``async_tokens_to_discard``, then
that one removed, ``Request.is_output_corrupted`` removed, ``Request.get_hash_new_full_blocks`` removed,
``Request.mm_inputs`` renamed ``mm_kwargs``), the ``AsyncScheduler`` hook a fork overrides
(``_update_request_with_output`` now called with ``is_stale=``), the priority queue's heap now holding
requests, not ``(priority, arrival_time, request)`` tuples, the scheduler output's dataclasses
(``CachedRequestData.resumed_from_preemption`` made a deprecated property, its keyword gone;
``SchedulerOutput.free_encoder_input_ids`` renamed ``free_encoder_mm_hashes``; ``num_common_prefix_blocks``
and ``block_ids`` made per KV-cache-group lists; ``NewRequestData.mm_inputs`` renamed ``mm_kwargs``) and the
runner's output (``ModelRunnerOutput.finished_sending``/``finished_recving`` moved into
``KVConnectorOutput``; ``TokenPoolerOutput``/``TokenwisePoolerOutput`` removed from ``vllm.v1.outputs``) --
picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding the commits the other replays
use.  Each is replayed under 1-2 fork spellings (18 in all, 11 twins) written the way fork code is written (a read off a typed
receiver, a read off ``self.requests[...]`` in a ``Scheduler`` subclass, a write of a flag, an override of a
hook, a keyword to a dataclass, a tuple unpacked off a private heap, an import and a module alias, arithmetic
on a field whose type changed), with twins (fork code the commit does not break).  The merge base is the
commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on its line,
*warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 19168edc): 15 caught, 0 warned, 3 missed of 18 (twins: 11
quiet, 0 false errors).  The misses: #29764's ``_, _, request = min(self._heap, key=...)`` in a
``PriorityRequestQueue`` subclass (a list field's fixed-length tuple element made a plain class, unpacked),
and #18593's two (``scheduler_output.num_common_prefix_blocks > 4``, a number field made ``list[int]``
compared with a number; ``new_req_data.block_ids[-1] + 1``, a list's number element made a list, in
arithmetic).
After the killers93 widenings: 18 caught, 0 warned, 0 missed of 18 (twins: 11 quiet, 0 false errors).
Caught now: a field annotated as a number upstream made a builtin container, compared with a number
literal or in arithmetic with one (type drift, ``drift/retyped.py``); a list field's element reshaped, a
number made a container (used as a number) or a fixed-length tuple made a plain class with no base and no
``__iter__``/``__getitem__`` (unpacked into as many names off an index, ``min``/``max``/``heappop``/
``.pop()``, or a loop) (type drift, ``drift/element_kinds.py``).  Regression set unchanged (killer 26/26,
kind_change 12/12, scheduler 13/1/0, engine 28/28, outproc 16/16, runner 24/2/1 (its known #50275 miss),
runners 20/20, review15/16/17 0 false, ``symbol_precision.py --windows 3``: window 0 ran in the time left,
0 false errors).
After fixAF (a reviewer's false errors mended: rebound names, class-body ``__iter__``, decorated element
classes quiet; uses under a version test a warning): unchanged 18 caught, 0 warned, 0 missed of 18 (11
twins quiet, 0 false); killer 26/26, kind_change 12/12, benchsuite 13/2/0 (9 quiet), runners 20/0/0 (12
quiet, 1 warned), review16/17 0 false (30, 23 twins).

  python benchmarks/blind_replay_scheddata.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

REQ = "from vllm.v1.request import Request\n\n\n"
ASYNC = "from vllm.v1.core.sched.async_scheduler import AsyncScheduler\nfrom vllm.v1.request import Request\n\n\n"
SCHED = "from vllm.v1.core.sched.scheduler import Scheduler\n\n\n"

# --- #42117 (f34623bf3c): Request.discard_latest_async_tokens (a bool) replaced by async_tokens_to_discard (a count)
DL = "f34623bf3c"
DLW = "Request.discard_latest_async_tokens removed"
CASES += [
    (
        "#42117 request attribute renamed",
        "a read in an AsyncScheduler override",
        K(
            "#42117",
            DL,
            DLW,
            "vllm/aeon/dl1.py",
            ASYNC + "class AeonAsyncScheduler(AsyncScheduler):\n"
            "    aeon_dropped = 0\n\n"
            "    def _update_request_with_output(self, request: Request, new_token_ids: list[int]) -> tuple[list[int], bool]:\n"
            "        # AEON: count the frames the Spark drops after a forced preemption\n"
            "        if request.discard_latest_async_tokens:\n"
            "            self.aeon_dropped += 1\n"
            "        return super()._update_request_with_output(request, new_token_ids)\n",
            "if request.discard_latest_async_tokens:",
        ),
    ),
    (
        "#42117 request attribute renamed",
        "a write of the flag (now read by nobody)",
        K(
            "#42117",
            DL,
            DLW,
            "vllm/aeon/dl2.py",
            REQ + "def aeon_force_preempt(request: Request) -> None:\n"
            "    # AEON: the GB10 watchdog preempts a stuck request; its in-flight token is stale\n"
            "    request.discard_latest_async_tokens = True\n",
            "request.discard_latest_async_tokens = True",
        ),
    ),
    (
        "#42117 request attribute renamed",
        "twin: a kept attribute written",
        K(
            "#42117",
            DL,
            DLW,
            "vllm/aeon/dl3.py",
            REQ + "def aeon_reset_placeholders(request: Request) -> None:\n    request.num_output_placeholders = 0\n",
            "request.num_output_placeholders = 0",
        ),
    ),
]

# --- #48245 (a0c092ee72): Request.async_tokens_to_discard removed; Scheduler now calls
#     _update_request_with_output(request, new_token_ids, is_stale=...)
ST = "a0c092ee72"
STW = "_update_request_with_output gains is_stale=, async_tokens_to_discard removed"
CASES += [
    (
        "#48245 hook called with a new keyword",
        "an AsyncScheduler override without the keyword",
        K(
            "#48245",
            ST,
            STW,
            "vllm/aeon/st1.py",
            ASYNC + "class AeonAsyncScheduler2(AsyncScheduler):\n"
            "    def _update_request_with_output(self, request: Request, new_token_ids: list[int]) -> tuple[list[int], bool]:\n"
            "        # AEON: the Spark's sampler pads with -1 under CUDA graphs; drop the pads first\n"
            "        new_token_ids = [t for t in new_token_ids if t >= 0]\n"
            "        return super()._update_request_with_output(request, new_token_ids)\n",
            "def _update_request_with_output(self, request: Request, new_token_ids: list[int]) -> tuple[list[int], bool]:",
        ),
    ),
    (
        "#48245 request attribute removed",
        "a read off a typed Request",
        K(
            "#48245",
            ST,
            STW,
            "vllm/aeon/st2.py",
            REQ + "def aeon_has_stale_frames(request: Request) -> bool:\n"
            "    return request.async_tokens_to_discard > 0\n",
            "return request.async_tokens_to_discard > 0",
        ),
    ),
    (
        "#48245 hook called with a new keyword",
        "twin: an override of an unchanged hook",
        K(
            "#48245",
            ST,
            STW,
            "vllm/aeon/st3.py",
            "from vllm.v1.core.sched.async_scheduler import AsyncScheduler\n"
            "from vllm.v1.core.sched.output import SchedulerOutput\n\n\n"
            "class AeonAsyncScheduler3(AsyncScheduler):\n"
            "    def _update_after_schedule(self, scheduler_output: SchedulerOutput) -> None:\n"
            "        super()._update_after_schedule(scheduler_output)\n"
            "        self.aeon_steps = getattr(self, 'aeon_steps', 0) + 1\n",
            "def _update_after_schedule(self, scheduler_output: SchedulerOutput) -> None:",
        ),
    ),
]

# --- #27756 (2ce5c5d3d6): CachedRequestData.resumed_from_preemption / resumed_req_token_ids fields replaced by
#     resumed_req_ids / all_token_ids (the old names kept as deprecated read-only properties)
CR = "2ce5c5d3d6"
CRW = "CachedRequestData.resumed_from_preemption field -> property"
CRD = "from vllm.v1.core.sched.output import CachedRequestData\n\n\n"
CASES += [
    (
        "#27756 dataclass field made a property",
        "a keyword to the dataclass",
        K(
            "#27756",
            CR,
            CRW,
            "vllm/aeon/cr1.py",
            CRD + "def aeon_cached(req_ids: list[str], computed: list[int]) -> CachedRequestData:\n"
            "    # AEON: the Spark's replay harness builds the scheduler's output by hand\n"
            "    return CachedRequestData(\n"
            "        req_ids=req_ids,\n"
            "        resumed_from_preemption=[False] * len(req_ids),\n"
            "        new_token_ids=[],\n"
            "        resumed_req_token_ids=[None] * len(req_ids),\n"
            "        new_block_ids=[None] * len(req_ids),\n"
            "        num_computed_tokens=computed,\n"
            "        num_output_tokens=[0] * len(req_ids),\n"
            "    )\n",
            "resumed_from_preemption=[False] * len(req_ids),",
        ),
    ),
    (
        "#27756 dataclass field made a property",
        "twin: a read of the (now deprecated) property",
        K(
            "#27756",
            CR,
            CRW,
            "vllm/aeon/cr2.py",
            CRD + "def aeon_resumed(cached: CachedRequestData) -> list[str]:\n"
            "    return [r for r, resumed in zip(cached.req_ids, cached.resumed_from_preemption) if resumed]\n",
            "return [r for r, resumed in zip(cached.req_ids, cached.resumed_from_preemption) if resumed]",
        ),
    ),
]

# --- #31973 (c8ed39b9dd): TokenPoolerOutput / TokenwisePoolerOutput aliases removed from vllm.v1.outputs
PO = "c8ed39b9dd"
POW = "TokenPoolerOutput/TokenwisePoolerOutput removed"
CASES += [
    (
        "#31973 type alias removed",
        "an import",
        K(
            "#31973",
            PO,
            POW,
            "vllm/aeon/po1.py",
            "import torch\n\nfrom vllm.v1.outputs import TokenPoolerOutput\n\n\n"
            "def aeon_first(out: TokenPoolerOutput) -> torch.Tensor:\n"
            "    return out[0]\n",
            "from vllm.v1.outputs import TokenPoolerOutput",
        ),
    ),
    (
        "#31973 type alias removed",
        "a module alias's attribute at import time",
        K(
            "#31973",
            PO,
            POW,
            "vllm/aeon/po2.py",
            "from vllm.v1 import outputs as v1_outputs\n\nAeonTokenwise = v1_outputs.TokenwisePoolerOutput\n",
            "AeonTokenwise = v1_outputs.TokenwisePoolerOutput",
        ),
    ),
    (
        "#31973 type alias removed",
        "twin: the kept PoolerOutput alias",
        K(
            "#31973",
            PO,
            POW,
            "vllm/aeon/po3.py",
            "from vllm.v1.outputs import PoolerOutput\n\n\n"
            "def aeon_count(out: PoolerOutput) -> int:\n"
            "    return len(out)\n",
            "from vllm.v1.outputs import PoolerOutput",
        ),
    ),
]

# --- #27306 (e15601789b): Request.is_output_corrupted property removed
OC = "e15601789b"
OCW = "Request.is_output_corrupted removed"
CASES += [
    (
        "#27306 request property removed",
        "a read off a typed Request",
        K(
            "#27306",
            OC,
            OCW,
            "vllm/aeon/oc1.py",
            REQ + "def aeon_corrupted(request: Request) -> bool:\n"
            "    # AEON: NaNs on the Spark's bf16 path are reported per request\n"
            "    return request.is_output_corrupted\n",
            "return request.is_output_corrupted",
        ),
    ),
    (
        "#27306 request property removed",
        "a read off self.requests[...] in a Scheduler subclass",
        K(
            "#27306",
            OC,
            OCW,
            "vllm/aeon/oc2.py",
            SCHED + "class AeonScheduler(Scheduler):\n"
            "    def aeon_corrupted_ids(self) -> list[str]:\n"
            "        return [rid for rid in self.requests if self.requests[rid].is_output_corrupted]\n",
            "return [rid for rid in self.requests if self.requests[rid].is_output_corrupted]",
        ),
    ),
    (
        "#27306 request property removed",
        "twin: the kept counter",
        K(
            "#27306",
            OC,
            OCW,
            "vllm/aeon/oc3.py",
            REQ + "def aeon_corrupted2(request: Request) -> bool:\n    return request.num_nans_in_logits > 0\n",
            "return request.num_nans_in_logits > 0",
        ),
    ),
]

# --- #29764 (0a9caca9f5): PriorityRequestQueue._heap holds requests (ordered by Request.__lt__), not
#     (priority, arrival_time, request) tuples
PH = "0a9caca9f5"
PHW = "PriorityRequestQueue._heap elements: tuple -> Request"
PQ = "from vllm.v1.core.sched.request_queue import PriorityRequestQueue\nfrom vllm.v1.request import Request\n\n\n"
CASES += [
    (
        "#29764 element type changed",
        "a tuple unpacked off the heap in a subclass",
        K(
            "#29764",
            PH,
            PHW,
            "vllm/aeon/ph1.py",
            PQ + "class AeonPriorityQueue(PriorityRequestQueue):\n"
            "    def aeon_oldest(self) -> Request:\n"
            "        # AEON: the Spark's starvation guard serves the oldest request first\n"
            "        _, _, request = min(self._heap, key=lambda e: e[1])\n"
            "        return request\n",
            "_, _, request = min(self._heap, key=lambda e: e[1])",
        ),
    ),
    (
        "#29764 element type changed",
        "twin: the heap's length",
        K(
            "#29764",
            PH,
            PHW,
            "vllm/aeon/ph2.py",
            PQ + "class AeonPriorityQueue2(PriorityRequestQueue):\n"
            "    def aeon_depth(self) -> int:\n"
            "        return len(self._heap)\n",
            "return len(self._heap)",
        ),
    ),
]

# --- #34183 (8a5e0e2b2b): Request.get_hash_new_full_blocks removed (update_block_hashes() added)
GH = "8a5e0e2b2b"
GHW = "Request.get_hash_new_full_blocks removed"
CASES += [
    (
        "#34183 request attribute removed",
        "a None check and a call off a typed Request",
        K(
            "#34183",
            GH,
            GHW,
            "vllm/aeon/gh1.py",
            REQ + "def aeon_rehash(request: Request) -> None:\n"
            "    # AEON: the Spark's offload tier rehashes after appending prompt tokens\n"
            "    if request.get_hash_new_full_blocks is not None:\n"
            "        request.block_hashes.extend(request.get_hash_new_full_blocks())\n",
            "if request.get_hash_new_full_blocks is not None:",
        ),
    ),
    (
        "#34183 request attribute removed",
        "twin: the kept block_hashes list",
        K(
            "#34183",
            GH,
            GHW,
            "vllm/aeon/gh2.py",
            REQ + "def aeon_num_hashed(request: Request) -> int:\n    return len(request.block_hashes)\n",
            "return len(request.block_hashes)",
        ),
    ),
]

# --- #21980 (aefeea0fde): ModelRunnerOutput.finished_sending / finished_recving moved into KVConnectorOutput
KO = "aefeea0fde"
KOW = "ModelRunnerOutput.finished_sending/recving -> kv_connector_output"
MRO = "from vllm.v1.outputs import ModelRunnerOutput\n\n\n"
CASES += [
    (
        "#21980 dataclass field moved",
        "a read off a typed ModelRunnerOutput",
        K(
            "#21980",
            KO,
            KOW,
            "vllm/aeon/ko1.py",
            MRO + "def aeon_sent(output: ModelRunnerOutput) -> int:\n"
            "    # AEON: the Spark's NIXL shim counts finished sends\n"
            "    return len(output.finished_sending or ())\n",
            "return len(output.finished_sending or ())",
        ),
    ),
    (
        "#21980 dataclass field moved",
        "a keyword to the dataclass",
        K(
            "#21980",
            KO,
            KOW,
            "vllm/aeon/ko2.py",
            MRO + "def aeon_kv_only(done: set[str]) -> ModelRunnerOutput:\n"
            "    return ModelRunnerOutput(\n"
            "        req_ids=[],\n"
            "        req_id_to_index={},\n"
            "        sampled_token_ids=[],\n"
            "        spec_token_ids=None,\n"
            "        logprobs=None,\n"
            "        prompt_logprobs_dict={},\n"
            "        pooler_output=[],\n"
            "        finished_recving=done,\n"
            "    )\n",
            "finished_recving=done,",
        ),
    ),
    (
        "#21980 dataclass field moved",
        "twin: a kept field read",
        K(
            "#21980",
            KO,
            KOW,
            "vllm/aeon/ko3.py",
            MRO + "def aeon_nans(output: ModelRunnerOutput) -> int:\n"
            "    return sum((output.num_nans_in_logits or {}).values())\n",
            "return sum((output.num_nans_in_logits or {}).values())",
        ),
    ),
]

# --- #22711 (d765cf01fe): SchedulerOutput.free_encoder_input_ids -> free_encoder_mm_hashes
FE = "d765cf01fe"
FEW = "SchedulerOutput.free_encoder_input_ids removed"
SO = "from vllm.v1.core.sched.output import SchedulerOutput\n\n\n"
CASES += [
    (
        "#22711 dataclass field renamed",
        "a loop over the field off a typed SchedulerOutput",
        K(
            "#22711",
            FE,
            FEW,
            "vllm/aeon/fe1.py",
            SO + "def aeon_freed(scheduler_output: SchedulerOutput) -> set[str]:\n"
            "    # AEON: the Spark's encoder cache is pinned host memory; free per request\n"
            "    return {req_id for req_id, _ in scheduler_output.free_encoder_input_ids}\n",
            "return {req_id for req_id, _ in scheduler_output.free_encoder_input_ids}",
        ),
    ),
    (
        "#22711 dataclass field renamed",
        "twin: a kept field",
        K(
            "#22711",
            FE,
            FEW,
            "vllm/aeon/fe2.py",
            SO + "def aeon_finished(scheduler_output: SchedulerOutput) -> int:\n"
            "    return len(scheduler_output.finished_req_ids)\n",
            "return len(scheduler_output.finished_req_ids)",
        ),
    ),
]

# --- #22570 (19b927e52d): NewRequestData.mm_inputs / Request.mm_inputs -> mm_kwargs
MI = "19b927e52d"
MIW = "mm_inputs -> mm_kwargs"
CASES += [
    (
        "#22570 dataclass field renamed",
        "a read off a typed NewRequestData",
        K(
            "#22570",
            MI,
            MIW,
            "vllm/aeon/mi1.py",
            "from vllm.v1.core.sched.output import NewRequestData\n\n\n"
            "def aeon_num_mm(new_req_data: NewRequestData) -> int:\n"
            "    # AEON: the Spark's runner sizes its pinned mm staging buffer per request\n"
            "    return len(new_req_data.mm_inputs)\n",
            "return len(new_req_data.mm_inputs)",
        ),
    ),
    (
        "#22570 request attribute renamed",
        "a read off self.requests[...] in a Scheduler subclass",
        K(
            "#22570",
            MI,
            MIW,
            "vllm/aeon/mi2.py",
            SCHED + "class AeonScheduler2(Scheduler):\n"
            "    def aeon_has_mm(self, req_id: str) -> bool:\n"
            "        return bool(self.requests[req_id].mm_inputs)\n",
            "return bool(self.requests[req_id].mm_inputs)",
        ),
    ),
    (
        "#22570 dataclass field renamed",
        "twin: the kept mm_hashes",
        K(
            "#22570",
            MI,
            MIW,
            "vllm/aeon/mi3.py",
            "from vllm.v1.core.sched.output import NewRequestData\n\n\n"
            "def aeon_hashes(new_req_data: NewRequestData) -> list[str]:\n"
            "    return list(new_req_data.mm_hashes)\n",
            "return list(new_req_data.mm_hashes)",
        ),
    ),
]

# --- #18593 (6550114c9c): num_common_prefix_blocks int -> list[int]; block_ids list[int] -> list[list[int]]
#     (one entry per KV cache group)
CP = "6550114c9c"
CPW = "num_common_prefix_blocks/block_ids made per-group lists"
CASES += [
    (
        "#18593 field type changed",
        "a comparison with an int",
        K(
            "#18593",
            CP,
            CPW,
            "vllm/aeon/cp1.py",
            SO + "def aeon_use_cascade(scheduler_output: SchedulerOutput) -> bool:\n"
            "    # AEON: cascade attention only pays off on the Spark past 4 shared blocks\n"
            "    return scheduler_output.num_common_prefix_blocks > 4\n",
            "return scheduler_output.num_common_prefix_blocks > 4",
        ),
    ),
    (
        "#18593 field type changed",
        "arithmetic on an element of a list whose element type changed",
        K(
            "#18593",
            CP,
            CPW,
            "vllm/aeon/cp2.py",
            "from vllm.v1.core.sched.output import NewRequestData\n\n\n"
            "def aeon_next_block(new_req_data: NewRequestData) -> int:\n"
            "    return new_req_data.block_ids[-1] + 1\n",
            "return new_req_data.block_ids[-1] + 1",
        ),
    ),
    (
        "#18593 field type changed",
        "twin: a kept int field",
        K(
            "#18593",
            CP,
            CPW,
            "vllm/aeon/cp3.py",
            SO + "def aeon_busy(scheduler_output: SchedulerOutput) -> bool:\n"
            "    return scheduler_output.total_num_scheduled_tokens > 4\n",
            "return scheduler_output.total_num_scheduled_tokens > 4",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-scheddata-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
