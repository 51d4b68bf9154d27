"""A blind replay of the scheduler's data and interfaces: the queues, the per-step output, the request and the KV cache manager.

10 first-parent commits on ``vllm/v1/core/sched/{output,interface,request_queue}.py``, ``vllm/v1/request.py`` and
``vllm/v1/core/kv_cache_manager.py`` -- the classes a fork's scheduler, connector or metrics code carries code
against: ``RequestQueue.__reversed__`` removed from the queues (``PriorityRequestQueue`` no longer reversible),
``CachedRequestData`` given a required ``num_output_tokens`` field, ``KVCacheManager`` given a required
``hash_block_size`` and no longer setting ``self.block_size``, ``KVCacheManager.allocate_slots`` given a
``num_new_computed_tokens`` before ``new_computed_blocks`` and (earlier) its ``num_tokens`` renamed
``num_new_tokens``, ``KVCacheManager.get_num_blocks`` removed, ``SchedulerInterface.get_num_unscheduled_requests``
removed, ``Request.queued``/``scheduled`` folded into ``record_event``, ``KVCacheBlocks.get_block_ids`` and
``KVCacheManager.get_num_common_prefix_blocks`` made per-group lists, and ``KVCacheManager``'s
``num_preallocate_tokens`` removed -- picked by scanning those paths' diffs (``git log --first-parent -p``),
avoiding the commits the other replays use.  Each is replayed under 1-2 fork spellings written the way fork
code is written (a keyword or positional call, a read off a receiver typed as the class, a subclass's
``self.``/``super()`` use, an element of a typed list, a builtin protocol on a typed value), with twins (fork
code the commit does not break: the kept method, the still-accepted keyword, the kept protocol).  The merge
base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on its
line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 5807f485): 15 caught, 0 warned, 3 missed of 18 (twins: 10
quiet, 0 false errors).  The misses: #32173's two (``RequestQueue.__reversed__`` removed, and with it
``PriorityRequestQueue``'s, whose bases are ``RequestQueue`` and ``ABC``: a fork subclass's
``super().__reversed__()`` raises AttributeError, ``reversed(queue)`` of a value typed ``PriorityRequestQueue``
raises TypeError; symbol drift leaves every dunder alone) and #17945's element one (``KVCacheBlocks.get_block_ids``
made ``list[list[int]]``: ``for block_id in blocks.get_block_ids(): slots.append(block_id * block_size + 1)``
now multiplies a list and adds an int to it, TypeError; the int comparison of
``get_num_common_prefix_blocks``'s result, the same commit, is caught).
After the killers149 widenings: 18 caught, 0 warned, 0 missed of 18 (twins: 10 quiet, 0 false errors).  Caught
now: a protocol method upstream removed from a class no base gives it back (dropped-dunder drift,
``drift/dropped_dunders.py``: a fork subclass's ``super().D()`` and its methods' ``reversed(self)``..., and
``reversed()``/``len()``/``iter()``/``for``/``in``/``[]``/``with`` of a parameter typed as the class) and an element a loop takes, made another kind (result
kind drift, ``drift/result_kinds.py``: the name a ``for`` or a comprehension binds to each element of the call's
result).  Regression set at the widenings' head: killer_replay 26/26, kind_change_replay 12/12 (5 twins quiet),
review15/16/17_twins 0 false errors (40, 30, 23 twins; 8+1 warned of 9, 6/6, 11+1 warned of 12 as on main),
blind_replay_scheddata 18/18 (11 quiet), blind_replay_scheduler 13 caught, 1 warned of 14 (8 quiet; as on main),
blind_replay_kvcache 17/17 (10 quiet), ``symbol_precision.py --windows 1``: 0 false errors (5 broken overrides,
4 caught).

  python benchmarks/blind_replay_schedout.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #32173 (2be765b68a): RequestQueue.__reversed__ removed (the deque-backed queue keeps deque's)
RV = "2be765b68a"
RVW = "RequestQueue.__reversed__ removed"
RQ = "from vllm.v1.core.sched.request_queue import FCFSRequestQueue, PriorityRequestQueue\nfrom vllm.v1.request import Request\n\n\n"
CASES += [
    (
        "#32173 dunder removed",
        "a subclass's super() call",
        K(
            "#32173",
            RV,
            RVW,
            "vllm/aeon/rv1.py",
            RQ + "class AeonPriorityQueue(PriorityRequestQueue):\n"
            "    # AEON: the Spark preempts from the back of the priority order first\n"
            "    def aeon_victims(self, n: int) -> list[Request]:\n"
            "        return list(super().__reversed__())[:n]\n",
            "return list(super().__reversed__())[:n]",
        ),
    ),
    (
        "#32173 dunder removed",
        "reversed() of a typed receiver",
        K(
            "#32173",
            RV,
            RVW,
            "vllm/aeon/rv2.py",
            RQ + "def aeon_lowest_priority(queue: PriorityRequestQueue) -> Request | None:\n"
            "    for request in reversed(queue):\n"
            "        return request\n"
            "    return None\n",
            "for request in reversed(queue):",
        ),
    ),
    (
        "#32173 dunder removed",
        "twin: reversed() of the deque-backed queue",
        K(
            "#32173",
            RV,
            RVW,
            "vllm/aeon/rv3.py",
            RQ + "def aeon_newest(queue: FCFSRequestQueue) -> Request | None:\n"
            "    for request in reversed(queue):\n"
            "        return request\n"
            "    return None\n",
            "for request in reversed(queue):",
        ),
    ),
]

# --- #19330 (9a9f48dff7): CachedRequestData gained a required num_output_tokens field
CR = "9a9f48dff7"
CRW = "CachedRequestData.num_output_tokens required"
CD = "from vllm.v1.core.sched.output import CachedRequestData\n\n\n"
CASES += [
    (
        "#19330 dataclass field required",
        "a keyword construction",
        K(
            "#19330",
            CR,
            CRW,
            "vllm/aeon/cr1.py",
            CD + "def aeon_resumed(req_ids: list[str], blocks: list, computed: list[int]) -> CachedRequestData:\n"
            "    # AEON: the Spark's replay path rebuilds the cached-request batch after a failover\n"
            "    return CachedRequestData(\n"
            "        req_ids=req_ids,\n"
            "        resumed_from_preemption=[True] * len(req_ids),\n"
            "        new_token_ids=[[] for _ in req_ids],\n"
            "        new_block_ids=blocks,\n"
            "        num_computed_tokens=computed,\n"
            "    )\n",
            "return CachedRequestData(",
        ),
    ),
    (
        "#19330 dataclass field required",
        "a positional construction",
        K(
            "#19330",
            CR,
            CRW,
            "vllm/aeon/cr2.py",
            CD + "def aeon_single(req_id: str, block_ids: tuple, computed: int) -> CachedRequestData:\n"
            "    return CachedRequestData([req_id], [False], [[]], [block_ids], [computed])\n",
            "return CachedRequestData([req_id], [False], [[]], [block_ids], [computed])",
        ),
    ),
    (
        "#19330 dataclass field required",
        "twin: make_empty",
        K(
            "#19330",
            CR,
            CRW,
            "vllm/aeon/cr3.py",
            CD + "def aeon_empty() -> CachedRequestData:\n    return CachedRequestData.make_empty()\n",
            "return CachedRequestData.make_empty()",
        ),
    ),
]

# --- #29143 (48ddb02b79): KVCacheManager gained a required hash_block_size; self.block_size no longer set
HB = "48ddb02b79"
HBW = "KVCacheManager(hash_block_size) required, block_size gone"
KM = "from vllm.v1.core.kv_cache_manager import KVCacheManager\nfrom vllm.v1.kv_cache_interface import KVCacheConfig\n\n\n"
CASES += [
    (
        "#29143 parameter required",
        "a keyword construction",
        K(
            "#29143",
            HB,
            HBW,
            "vllm/aeon/hb1.py",
            KM + "def aeon_shadow_manager(config: KVCacheConfig, max_len: int) -> KVCacheManager:\n"
            "    # AEON: a second manager prices admission on GB10's unified memory without touching the real pool\n"
            "    return KVCacheManager(kv_cache_config=config, max_model_len=max_len, enable_caching=True)\n",
            "return KVCacheManager(kv_cache_config=config, max_model_len=max_len, enable_caching=True)",
        ),
    ),
    (
        "#29143 attribute no longer set",
        "a subclass's self. read",
        K(
            "#29143",
            HB,
            HBW,
            "vllm/aeon/hb2.py",
            KM + "class AeonKVCacheManager(KVCacheManager):\n"
            "    def aeon_blocks_for(self, num_tokens: int) -> int:\n"
            "        return -(-num_tokens // self.block_size)\n",
            "return -(-num_tokens // self.block_size)",
        ),
    ),
    (
        "#29143 attribute no longer set",
        "twin: a kept attribute",
        K(
            "#29143",
            HB,
            HBW,
            "vllm/aeon/hb3.py",
            KM + "class AeonKVCacheManager2(KVCacheManager):\n"
            "    def aeon_fits(self, num_tokens: int) -> bool:\n"
            "        return num_tokens <= self.max_model_len\n",
            "return num_tokens <= self.max_model_len",
        ),
    ),
]

# --- #18001 (f2ae883b67): allocate_slots gained num_new_computed_tokens before new_computed_blocks
NC = "f2ae883b67"
NCW = "allocate_slots(num_new_computed_tokens) inserted"
KB = (
    "from vllm.v1.core.kv_cache_manager import KVCacheBlocks, KVCacheManager\nfrom vllm.v1.request import Request\n\n\n"
)
CASES += [
    (
        "#18001 parameter inserted",
        "a positional call on a typed receiver",
        K(
            "#18001",
            NC,
            NCW,
            "vllm/aeon/nc1.py",
            KB
            + "def aeon_allocate(kv: KVCacheManager, request: Request, n: int, hit: KVCacheBlocks) -> KVCacheBlocks | None:\n"
            "    # AEON: the Spark's scheduler allocates the prefix hit and the new tokens in one call\n"
            "    return kv.allocate_slots(request, n, hit)\n",
            "return kv.allocate_slots(request, n, hit)",
        ),
    ),
    (
        "#18001 parameter inserted",
        "twin: a call that passes no prefix hit",
        K(
            "#18001",
            NC,
            NCW,
            "vllm/aeon/nc2.py",
            KB + "def aeon_decode_slots(kv: KVCacheManager, request: Request, n: int) -> KVCacheBlocks | None:\n"
            "    return kv.allocate_slots(request, n, num_lookahead_tokens=2)\n",
            "return kv.allocate_slots(request, n, num_lookahead_tokens=2)",
        ),
    ),
]

# --- #17474 (200da9a517): allocate_slots's num_tokens renamed num_new_tokens
NT = "200da9a517"
NTW = "allocate_slots(num_tokens=) renamed num_new_tokens"
CASES += [
    (
        "#17474 parameter renamed",
        "a keyword call from a subclass",
        K(
            "#17474",
            NT,
            NTW,
            "vllm/aeon/nt1.py",
            KB + "class AeonKVCacheManager3(KVCacheManager):\n"
            "    def aeon_reserve(self, request: Request, n: int):\n"
            "        # AEON: reserve lookahead slots for the Spark's draft heads up front\n"
            "        return self.allocate_slots(request, num_tokens=n, num_lookahead_tokens=4)\n",
            "return self.allocate_slots(request, num_tokens=n, num_lookahead_tokens=4)",
        ),
    ),
    (
        "#17474 parameter renamed",
        "twin: the positional call",
        K(
            "#17474",
            NT,
            NTW,
            "vllm/aeon/nt2.py",
            KB + "def aeon_reserve2(kv: KVCacheManager, request: Request, n: int):\n"
            "    return kv.allocate_slots(request, n, num_lookahead_tokens=4)\n",
            "return kv.allocate_slots(request, n, num_lookahead_tokens=4)",
        ),
    ),
]

# --- #18024 (195adb47c0): KVCacheManager.get_num_blocks removed
GB = "195adb47c0"
GBW = "KVCacheManager.get_num_blocks removed"
CASES += [
    (
        "#18024 method removed",
        "a call on a typed receiver",
        K(
            "#18024",
            GB,
            GBW,
            "vllm/aeon/gb1.py",
            KM + "def aeon_footprint(kv: KVCacheManager, request_ids: list[str]) -> int:\n"
            "    # AEON: the Spark's admission metric counts blocks held per request\n"
            "    return sum(kv.get_num_blocks(rid) for rid in request_ids)\n",
            "return sum(kv.get_num_blocks(rid) for rid in request_ids)",
        ),
    ),
    (
        "#18024 method removed",
        "a subclass's self. call",
        K(
            "#18024",
            GB,
            GBW,
            "vllm/aeon/gb2.py",
            KM + "class AeonKVCacheManager4(KVCacheManager):\n"
            "    def aeon_is_long(self, request_id: str) -> bool:\n"
            "        return self.get_num_blocks(request_id) > 64\n",
            "return self.get_num_blocks(request_id) > 64",
        ),
    ),
    (
        "#18024 method removed",
        "twin: get_block_ids kept",
        K(
            "#18024",
            GB,
            GBW,
            "vllm/aeon/gb3.py",
            KM + "def aeon_footprint2(kv: KVCacheManager, request_id: str) -> int:\n"
            "    return len(kv.get_block_ids(request_id))\n",
            "return len(kv.get_block_ids(request_id))",
        ),
    ),
]

# --- #17080 (c0dfd97519): SchedulerInterface.get_num_unscheduled_requests removed
NU = "c0dfd97519"
NUW = "get_num_unscheduled_requests removed"
SI = (
    "from vllm.v1.core.sched.interface import SchedulerInterface\n"
    "from vllm.v1.core.sched.scheduler import Scheduler\n\n\n"
)
CASES += [
    (
        "#17080 interface method removed",
        "a call on a receiver typed as the interface",
        K(
            "#17080",
            NU,
            NUW,
            "vllm/aeon/nu1.py",
            SI + "def aeon_backlog(scheduler: SchedulerInterface) -> int:\n"
            "    # AEON: the Spark's autoscaler reads the backlog the executor has not seen\n"
            "    return scheduler.get_num_unscheduled_requests()\n",
            "return scheduler.get_num_unscheduled_requests()",
        ),
    ),
    (
        "#17080 interface method removed",
        "a subclass override calling super()",
        K(
            "#17080",
            NU,
            NUW,
            "vllm/aeon/nu2.py",
            SI + "class AeonScheduler(Scheduler):\n"
            "    def get_num_unscheduled_requests(self) -> int:\n"
            "        return max(0, super().get_num_unscheduled_requests())\n",
            "return max(0, super().get_num_unscheduled_requests())",
        ),
    ),
    (
        "#17080 interface method removed",
        "twin: has_requests kept",
        K(
            "#17080",
            NU,
            NUW,
            "vllm/aeon/nu3.py",
            SI + "def aeon_busy(scheduler: SchedulerInterface) -> bool:\n    return scheduler.has_requests()\n",
            "return scheduler.has_requests()",
        ),
    ),
]

# --- #14800 (c77620d22d): Request.queued/scheduled removed (folded into record_event)
QS = "c77620d22d"
QSW = "Request.queued/scheduled removed"
RQT = "import time\n\nfrom vllm.v1.request import Request\n\n\n"
CASES += [
    (
        "#14800 method removed",
        "a call on a typed receiver",
        K(
            "#14800",
            QS,
            QSW,
            "vllm/aeon/qs1.py",
            RQT + "def aeon_requeue(request: Request) -> None:\n"
            "    # AEON: a request moved back from the Spark's overflow queue is queued again for the metrics\n"
            "    request.queued(time.monotonic())\n",
            "request.queued(time.monotonic())",
        ),
    ),
    (
        "#14800 method removed",
        "a call on an element of a typed list",
        K(
            "#14800",
            QS,
            QSW,
            "vllm/aeon/qs2.py",
            RQT + "def aeon_mark_scheduled(requests: list[Request]) -> None:\n"
            "    now = time.monotonic()\n"
            "    for req in requests:\n"
            "        req.scheduled(now)\n",
            "req.scheduled(now)",
        ),
    ),
    (
        "#14800 method removed",
        "twin: take_events kept",
        K(
            "#14800",
            QS,
            QSW,
            "vllm/aeon/qs3.py",
            RQT + "def aeon_drain(request: Request) -> list:\n    return request.take_events() or []\n",
            "return request.take_events() or []",
        ),
    ),
]

# --- #17945 (e60f550b38): KVCacheBlocks.get_block_ids and get_num_common_prefix_blocks made per-group lists
PG = "e60f550b38"
PGW = "get_block_ids list[int] -> list[list[int]]; common prefix int -> list[int]"
CASES += [
    (
        "#17945 return shape changed",
        "an int comparison of the return",
        K(
            "#17945",
            PG,
            PGW,
            "vllm/aeon/pg1.py",
            KB + "def aeon_use_cascade(kv: KVCacheManager, request: Request, num_running: int) -> bool:\n"
            "    # AEON: cascade attention only pays on the Spark past a few shared blocks\n"
            "    return kv.get_num_common_prefix_blocks(request, num_running) > 4\n",
            "return kv.get_num_common_prefix_blocks(request, num_running) > 4",
        ),
    ),
    (
        "#17945 return shape changed",
        "arithmetic on an element",
        K(
            "#17945",
            PG,
            PGW,
            "vllm/aeon/pg2.py",
            KB + "def aeon_slots(blocks: KVCacheBlocks, block_size: int) -> list[int]:\n"
            "    slots = []\n"
            "    for block_id in blocks.get_block_ids():\n"
            "        slots.append(block_id * block_size + 1)\n"
            "    return slots\n",
            "slots.append(block_id * block_size + 1)",
        ),
    ),
    (
        "#17945 return shape changed",
        "twin: the unhashed ids kept flat",
        K(
            "#17945",
            PG,
            PGW,
            "vllm/aeon/pg3.py",
            KB + "def aeon_unhashed(blocks: KVCacheBlocks, block_size: int) -> list[int]:\n"
            "    return [block_id * block_size for block_id in blocks.get_unhashed_block_ids()]\n",
            "return [block_id * block_size for block_id in blocks.get_unhashed_block_ids()]",
        ),
    ),
]

# --- #16941 (c4ab9f3e71): KVCacheManager's num_preallocate_tokens removed
PA = "c4ab9f3e71"
PAW = "KVCacheManager(num_preallocate_tokens=) removed"
CASES += [
    (
        "#16941 parameter removed",
        "a keyword construction",
        K(
            "#16941",
            PA,
            PAW,
            "vllm/aeon/pa1.py",
            KM + "def aeon_lean_manager(config: KVCacheConfig, max_len: int) -> KVCacheManager:\n"
            "    # AEON: GB10's unified memory is too tight to preallocate blocks per request\n"
            "    return KVCacheManager(config, max_len, num_preallocate_tokens=0)\n",
            "return KVCacheManager(config, max_len, num_preallocate_tokens=0)",
        ),
    ),
    (
        "#16941 attribute no longer set",
        "a subclass's self. read",
        K(
            "#16941",
            PA,
            PAW,
            "vllm/aeon/pa2.py",
            KM + "class AeonKVCacheManager5(KVCacheManager):\n"
            "    def aeon_headroom(self, free_blocks: int) -> int:\n"
            "        return free_blocks - self.num_preallocate_blocks\n",
            "return free_blocks - self.num_preallocate_blocks",
        ),
    ),
    (
        "#16941 parameter removed",
        "twin: a kept keyword",
        K(
            "#16941",
            PA,
            PAW,
            "vllm/aeon/pa3.py",
            KM + "def aeon_logged_manager(config: KVCacheConfig, max_len: int) -> KVCacheManager:\n"
            "    return KVCacheManager(config, max_len, log_stats=True)\n",
            "return KVCacheManager(config, max_len, log_stats=True)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-schedout-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
