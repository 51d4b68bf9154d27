"""A blind replay of the async scheduler, the scheduler's helpers, the request object and the engine's start-up utilities.

10 first-parent commits on ``vllm/v1/core/sched/{async_scheduler,utils,request_queue,interface}.py``,
``vllm/v1/request.py`` and ``vllm/v1/engine/utils.py`` -- the code a fork that schedules its own way, reads a
request's state or starts its engines its own way carries code against: the engine managers' ``close()`` renamed
``shutdown(timeout)`` (upstream's own calls moved with it), ``SchedulerInterface`` given an abstract
``reset_encoder_cache``, ``get_finished_reason`` turned from ``"stop"``/``"length"``/``"abort"`` strings into an
IntEnum, ``Request.metrics`` removed, ``Request.kv_block_hashes`` turned from a read-only property into an
attribute ``__init__`` assigns and then removed with its setters, ``RequestStatus`` given a new finished member
(``FINISHED_REPETITION``), the ``AsyncScheduler`` handing every request one shared placeholder list for
``spec_token_ids``, the start-up handshake's ``parallel_config`` dict given a list value, and
``get_engine_zmq_addresses`` handing out ``tcp://host:0`` placeholders -- picked by scanning those paths' diffs
(``git log --first-parent -p``), avoiding the commits every other replay uses (``blind_replay_scheduler``,
``_scheddata``, ``_schedout``, ``_enginecore*`` cover parts of this surface).  Each is replayed under 1-3 fork
spellings written the way fork code is written (a subclass override's ``super()`` call, a call on a receiver
typed as the class, a full override upstream no longer calls, a class implementing the interface, a comparison
with a string literal, a string-keyed table, a string method, a subclass's ``self.`` read, a subclass property,
a monkeypatched property, a table over every member, an if-chain that raises on the rest, a tuple tested with
``in``, an item assignment into and a ``clear()`` of a shared list, an ``int()`` over a dict's values, a port
parsed from an address), with twins (fork code the commit does not break: the kept names, a ``hasattr`` or
``getattr`` guard, ``str()`` of the enum, a ``.get`` with a default, a rebinding, a positional call that still
fits).  The merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an
error lands on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their
line.

Blind, on the engine before any widening (main at 78011715): 10 caught, 1 warned, 10 missed of 21 (twins: 14
quiet, 0 false errors).  Symbol drift caught the renamed ``close()`` (a ``super().close()``, a typed receiver's
call, a full override upstream's calls no longer reach), the new abstract ``reset_encoder_cache`` on the fork's
own scheduler class, the removed ``Request.metrics`` and the removed hashes' members, and shadowed-attribute the
subclass's read-only ``kv_block_hashes`` property.  Enum drift warned on #35451's table over every status (its
lookup is by ``request.status``, a field, not a parameter typed as the enum).  The misses: #12579's three (a
comparison with ``"stop"``, a string-keyed table, ``.upper()``: the functions' bodies are unchanged, only their
annotations and the values of the module's ``_FINISHED_REASON_MAP`` moved from strings to an IntEnum's members);
#12653's property patched onto ``Request`` after its body (a subclass's was caught, a patch was not read); #35451's
tuple of every ``FINISHED_`` member (no list of upstream's names that family) and its if-chain that raises on the
rest; #33612's two (an item store into and a ``clear()`` of the list upstream now shares between requests, after
the override's super call); #21894's ``int()`` over every value of the handshake's ``parallel_config`` dict (a
list value added); #42585's port parsed from an address upstream now hands out as a ``tcp://host:0`` placeholder.
No label changed after the blind run.
After the killers169 widenings: 20 caught, 0 warned, 1 missed of 21 (twins: 14 quiet, 0 false errors).  Caught
now: a string result made an int enum's member, its annotation-only change believed where the callee's module
retabled its string values as the new class's members, and a string-keyed table's lookup a new use
(``drift/result_kinds.py``: ``int_enum``, ``retabled``, "keys T with it"); a family of members (the new member's
first word) copied by the fork, a field upstream's file types as the enum read off a typed parameter (or a local
bound to one) as a value of the enum, and an if-chain over a grown copy that raises on the rest
(``drift/enum_drift.py``: ``_families``, ``_valued``, ``_chains``); a member patched onto a class that building an
instance now assigns (``drift/shadows.py``: ``patched``); an attribute upstream now points at one object its class
keeps, changed in place by a fork override after its super call (``drift/shared_values.py``, new); a dict field
whose value union upstream widened with a container, converted value by value with ``int()``/``float()``
(``drift/widened_values.py``, new).  Left missed: #42585 (a returned address now a placeholder the consumer binds
later: the value, not its kind or name, changed, and nothing in the text says the port is 0 until bind time).

Regression set at the widenings' head (b0a8c1d6; da9b9f23 after it only adds namesake guards that quiet, and this
replay reran there, 20/0/1): killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet),
review15_twins 8 caught, 1 warned of 9, 0 false errors of 40 (as before), review70_twins 8/8, 0 false errors of 41
(8 warned, as before), blind_replay_scheddata 18/18 (11 quiet), blind_replay_mmmedia 23/23 (9 quiet, 1 warned, as
before), blind_replay_compwrap 22/22 (12 quiet), blind_replay_engine 28/28 (19 quiet); ``symbol_precision.py --windows 1`` at
f3731f0e: 0 false errors (window 0: 5 broken overrides, 4 caught, 8 warnings, as before).

  python benchmarks/blind_replay_asyncsched.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #36666 (7afe0faab1): CoreEngineProcManager.close / CoreEngineActorManager.close renamed shutdown(timeout)
SD = "7afe0faab1"
SDW = "the engine managers' close() renamed shutdown(timeout); upstream's own calls now go to shutdown()"
EU = "from vllm.v1.engine.utils import CoreEngineActorManager, CoreEngineProcManager\n\n\n"
CASES += [
    (
        "#36666 method renamed",
        "a subclass override's super().close()",
        K(
            "#36666",
            SD,
            SDW,
            "vllm/aeon/sd1.py",
            "import logging\n\n" + EU + "logger = logging.getLogger(__name__)\n\n\n"
            "class AeonProcManager(CoreEngineProcManager):\n"
            "    def close(self) -> None:\n"
            "        # AEON: the Spark's unified memory is only returned once the engine procs are reaped\n"
            '        logger.info("aeon: stopping %d engine procs", len(self.processes))\n'
            "        super().close()\n",
            "super().close()",
        ),
    ),
    (
        "#36666 method renamed",
        "a call on a receiver typed as the class",
        K(
            "#36666",
            SD,
            SDW,
            "vllm/aeon/sd2.py",
            EU + "def aeon_stop_engines(manager: CoreEngineProcManager) -> None:\n"
            "    # AEON: the GB10 watchdog stops the engines before it resets the GPU\n"
            "    if manager.finished_procs():\n"
            "        manager.close()\n",
            "manager.close()",
        ),
    ),
    (
        "#36666 method renamed",
        "a full override upstream no longer calls",
        K(
            "#36666",
            SD,
            SDW,
            "vllm/aeon/sd3.py",
            EU + "class AeonActorManager(CoreEngineActorManager):\n"
            "    def close(self) -> None:\n"
            "        # AEON: the Spark's Ray cluster keeps one placement group per node; free ours too\n"
            "        import ray\n\n"
            "        for actor in self.local_engine_actors + self.remote_engine_actors:\n"
            "            ray.kill(actor)\n"
            "        for pg in self.created_placement_groups:\n"
            "            ray.util.remove_placement_group(pg)\n",
            "def close(self) -> None:",
        ),
    ),
    (
        "#36666 method renamed",
        "twin: a guarded call of the new name",
        K(
            "#36666",
            SD,
            SDW,
            "vllm/aeon/sd4.py",
            EU + "def aeon_stop_any(manager: CoreEngineProcManager) -> None:\n"
            '    if hasattr(manager, "shutdown"):\n'
            "        manager.shutdown()\n"
            "    else:\n"
            "        manager.close()\n",
            "manager.close()",
        ),
    ),
    (
        "#36666 method renamed",
        "twin: the kept join_first and finished_procs",
        K(
            "#36666",
            SD,
            SDW,
            "vllm/aeon/sd5.py",
            EU + "def aeon_wait_first(manager: CoreEngineProcManager) -> dict[str, int]:\n"
            "    manager.join_first()\n"
            "    return manager.finished_procs()\n",
            "return manager.finished_procs()",
        ),
    ),
]

# --- #33452 (22d9a056d5): SchedulerInterface.reset_encoder_cache added as an abstract method
RE = "22d9a056d5"
REW = "SchedulerInterface given an abstract reset_encoder_cache"
CASES += [
    (
        "#33452 abstract method added",
        "a fork scheduler implementing the interface directly",
        K(
            "#33452",
            RE,
            REW,
            "vllm/aeon/re1.py",
            "from vllm.v1.core.sched.interface import SchedulerInterface\n\n\n"
            "class AeonReplayScheduler(SchedulerInterface):\n"
            '    """AEON: replays a recorded schedule on the Spark to reproduce NVFP4 numerics bit for bit."""\n\n'
            "    def __init__(self, vllm_config, kv_cache_config, structured_output_manager, block_size,\n"
            "                 mm_registry=None, include_finished_set=False, log_stats=False):\n"
            "        self.steps = []\n\n"
            "    def schedule(self):\n"
            "        return self.steps.pop(0)\n\n"
            "    def get_grammar_bitmask(self, scheduler_output):\n"
            "        return None\n\n"
            "    def update_from_output(self, scheduler_output, model_runner_output):\n"
            "        return {}\n\n"
            "    def update_draft_token_ids(self, draft_token_ids):\n"
            "        pass\n\n"
            "    def update_draft_token_ids_in_output(self, draft_token_ids, scheduler_output):\n"
            "        pass\n\n"
            "    def add_request(self, request):\n"
            "        pass\n\n"
            "    def finish_requests(self, request_ids, finished_status):\n"
            "        return []\n\n"
            "    def get_num_unfinished_requests(self):\n"
            "        return len(self.steps)\n\n"
            "    def has_finished_requests(self):\n"
            "        return False\n\n"
            "    def reset_prefix_cache(self, reset_running_requests=False, reset_connector=False):\n"
            "        return True\n\n"
            "    def get_request_counts(self):\n"
            "        return 0, 0\n\n"
            "    def make_stats(self):\n"
            "        return None\n\n"
            "    def shutdown(self):\n"
            "        self.steps.clear()\n\n\n"
            "def aeon_replay_scheduler(vllm_config, kv_cache_config, som, block_size):\n"
            "    return AeonReplayScheduler(vllm_config, kv_cache_config, som, block_size)\n",
            "class AeonReplayScheduler(SchedulerInterface):",
        ),
    ),
    (
        "#33452 abstract method added",
        "twin: a subclass of the concrete Scheduler",
        K(
            "#33452",
            RE,
            REW,
            "vllm/aeon/re2.py",
            "from vllm.v1.core.sched.scheduler import Scheduler\n\n\n"
            "class AeonScheduler(Scheduler):\n"
            "    def reset_prefix_cache(self, reset_running_requests=False, reset_connector=False):\n"
            "        # AEON: the Spark's prefix cache is reset with the encoder's\n"
            "        return super().reset_prefix_cache(reset_running_requests, reset_connector)\n\n\n"
            "def aeon_scheduler(vllm_config, kv_cache_config, som, block_size):\n"
            "    return AeonScheduler(vllm_config, kv_cache_config, som, block_size)\n",
            "return AeonScheduler(vllm_config, kv_cache_config, som, block_size)",
        ),
    ),
]

# --- #12579 (233df6f5c4): get_finished_reason now returns a RequestFinishedReason IntEnum, not "stop"/"length"/"abort"
FR = "233df6f5c4"
FRW = "the finish reason turned from a string into an IntEnum"
RQ = "from vllm.v1.request import Request, RequestStatus\n\n\n"
CASES += [
    (
        "#12579 value type changed",
        "a comparison of the reason with a string literal",
        K(
            "#12579",
            FR,
            FRW,
            "vllm/aeon/fr1.py",
            RQ + "def aeon_stopped_cleanly(request: Request) -> bool:\n"
            "    # AEON: the Spark's acceptance-rate log only counts drafts of requests that stopped\n"
            '    return request.get_finished_reason() == "stop"\n',
            'return request.get_finished_reason() == "stop"',
        ),
    ),
    (
        "#12579 value type changed",
        "a string-keyed table indexed by the reason",
        K(
            "#12579",
            FR,
            FRW,
            "vllm/aeon/fr2.py",
            RQ + '_AEON_REASON_CODE = {"stop": 0, "length": 1, "abort": 2}\n\n\n'
            "def aeon_reason_code(request: Request) -> int:\n"
            "    # AEON: the fleet's telemetry packs the finish reason into one byte\n"
            "    return _AEON_REASON_CODE[request.get_finished_reason()]\n",
            "return _AEON_REASON_CODE[request.get_finished_reason()]",
        ),
    ),
    (
        "#12579 value type changed",
        "a string method called on the status's reason",
        K(
            "#12579",
            FR,
            FRW,
            "vllm/aeon/fr3.py",
            RQ + "def aeon_reason_header(status: RequestStatus) -> str:\n"
            "    reason = RequestStatus.get_finished_reason(status)\n"
            '    return reason.upper() if reason is not None else "RUNNING"\n',
            'return reason.upper() if reason is not None else "RUNNING"',
        ),
    ),
    (
        "#12579 value type changed",
        "twin: str() of the reason",
        K(
            "#12579",
            FR,
            FRW,
            "vllm/aeon/fr4.py",
            RQ + "def aeon_reason_text(request: Request) -> str:\n    return str(request.get_finished_reason())\n",
            "return str(request.get_finished_reason())",
        ),
    ),
    (
        "#12579 value type changed",
        "twin: a comparison of the status with its member",
        K(
            "#12579",
            FR,
            FRW,
            "vllm/aeon/fr5.py",
            RQ + "def aeon_stopped(request: Request) -> bool:\n"
            "    return request.status == RequestStatus.FINISHED_STOPPED\n",
            "return request.status == RequestStatus.FINISHED_STOPPED",
        ),
    ),
]

# --- #12644 (75e6e14516): Request.metrics (a RequestMetrics) removed for Request.events
RM = "75e6e14516"
RMW = "Request.metrics removed (timings now EngineCoreEvents)"
CASES += [
    (
        "#12644 attribute removed",
        "a subclass's self. read",
        K(
            "#12644",
            RM,
            RMW,
            "vllm/aeon/rm1.py",
            "from vllm.v1.request import Request\n\n\n"
            "class AeonRequest(Request):\n"
            "    def aeon_ttft(self) -> float | None:\n"
            "        # AEON: the Spark's SLO report needs time to first token per request\n"
            "        if self.metrics.first_token_time is None:\n"
            "            return None\n"
            "        return self.metrics.first_token_time - self.metrics.arrival_time\n",
            "if self.metrics.first_token_time is None:",
        ),
    ),
    (
        "#12644 attribute removed",
        "a read off a parameter typed as the class",
        K(
            "#12644",
            RM,
            RMW,
            "vllm/aeon/rm2.py",
            "from vllm.v1.request import Request\n\n\n"
            "def aeon_queue_time(request: Request) -> float:\n"
            "    return request.metrics.time_in_queue or 0.0\n",
            "return request.metrics.time_in_queue or 0.0",
        ),
    ),
    (
        "#12644 attribute removed",
        "twin: a getattr guard",
        K(
            "#12644",
            RM,
            RMW,
            "vllm/aeon/rm3.py",
            "from vllm.v1.request import Request\n\n\n"
            "def aeon_first_token(request: Request) -> float | None:\n"
            '    metrics = getattr(request, "metrics", None)\n'
            "    return None if metrics is None else metrics.first_token_time\n",
            "return None if metrics is None else metrics.first_token_time",
        ),
    ),
    (
        "#12644 attribute removed",
        "twin: the kept lora_request",
        K(
            "#12644",
            RM,
            RMW,
            "vllm/aeon/rm4.py",
            "from vllm.v1.request import Request\n\n\n"
            "def aeon_lora_name(request: Request) -> str | None:\n"
            "    return request.lora_request.lora_name if request.lora_request else None\n",
            "return request.lora_request.lora_name if request.lora_request else None",
        ),
    ),
]

# --- #12653 (abfcdcdf27): Request.kv_block_hashes turned from a property into an attribute __init__ assigns
KP = "abfcdcdf27"
KPW = "kv_block_hashes: a read-only property made an instance attribute assigned in __init__"
CASES += [
    (
        "#12653 property made attribute",
        "a subclass's read-only property of the name",
        K(
            "#12653",
            KP,
            KPW,
            "vllm/aeon/kp1.py",
            "from vllm.v1.request import Request\nfrom vllm.v1.utils import ConstantList\n\n\n"
            "class AeonRequest(Request):\n"
            "    aeon_hash_limit = 4096\n\n"
            "    @property\n"
            "    def kv_block_hashes(self) -> ConstantList:\n"
            "        # AEON: the Spark's 128 GB pool caps the hashed prefix of very long prompts\n"
            "        return ConstantList(self._kv_block_hashes[: self.aeon_hash_limit])\n",
            "def kv_block_hashes(self) -> ConstantList:",
        ),
    ),
    (
        "#12653 property made attribute",
        "a monkeypatched property on the class",
        K(
            "#12653",
            KP,
            KPW,
            "vllm/aeon/kp2.py",
            "from vllm.v1 import request as v1_request\nfrom vllm.v1.utils import ConstantList\n\n\n"
            "def _aeon_hashes(self) -> ConstantList:\n"
            "    return ConstantList(self._kv_block_hashes[:4096])\n\n\n"
            "def aeon_install() -> None:\n"
            "    # AEON: cap the hashed prefix without carrying a Request subclass\n"
            "    v1_request.Request.kv_block_hashes = property(_aeon_hashes)\n",
            "v1_request.Request.kv_block_hashes = property(_aeon_hashes)",
        ),
    ),
    (
        "#12653 property made attribute",
        "twin: an instance read",
        K(
            "#12653",
            KP,
            KPW,
            "vllm/aeon/kp3.py",
            "from vllm.v1.request import Request\n\n\n"
            "def aeon_num_hashed(request: Request) -> int:\n"
            "    return len(request.kv_block_hashes)\n",
            "return len(request.kv_block_hashes)",
        ),
    ),
]

# --- #12922 (3243158336): the KV block hashes moved off Request into the KVCacheManager
KH = "3243158336"
KHW = "Request.kv_block_hashes, set_kv_block_hashes and append_kv_block_hashes removed"
CASES += [
    (
        "#12922 members removed",
        "a call on a parameter typed as the class",
        K(
            "#12922",
            KH,
            KHW,
            "vllm/aeon/kh1.py",
            "from vllm.v1.request import Request\n\n\n"
            "def aeon_seed_hash(request: Request, block_hash) -> None:\n"
            "    # AEON: the Spark's prefix warmer seeds the first block's hash ahead of scheduling\n"
            "    request.append_kv_block_hashes(block_hash)\n",
            "request.append_kv_block_hashes(block_hash)",
        ),
    ),
    (
        "#12922 members removed",
        "a subclass override's super() call",
        K(
            "#12922",
            KH,
            KHW,
            "vllm/aeon/kh2.py",
            "from vllm.v1.request import Request\n\n\n"
            "class AeonRequest(Request):\n"
            "    def set_kv_block_hashes(self, value) -> None:\n"
            "        self.aeon_hashed_blocks = len(value)\n"
            "        super().set_kv_block_hashes(value)\n",
            "super().set_kv_block_hashes(value)",
        ),
    ),
    (
        "#12922 members removed",
        "an index of the attribute",
        K(
            "#12922",
            KH,
            KHW,
            "vllm/aeon/kh3.py",
            "from vllm.v1.request import Request\n\n\n"
            "def aeon_last_hash(request: Request):\n"
            "    return request.kv_block_hashes[-1] if request.kv_block_hashes else None\n",
            "return request.kv_block_hashes[-1] if request.kv_block_hashes else None",
        ),
    ),
    (
        "#12922 members removed",
        "twin: the kept num_computed_tokens",
        K(
            "#12922",
            KH,
            KHW,
            "vllm/aeon/kh4.py",
            "from vllm.v1.request import Request\n\n\n"
            "def aeon_uncomputed(request: Request) -> int:\n"
            "    return request.num_tokens - request.num_computed_tokens\n",
            "return request.num_tokens - request.num_computed_tokens",
        ),
    ),
]

# --- #35451 (25e02647c2): RequestStatus.FINISHED_REPETITION added (check_stop's repetition detection)
RP = "25e02647c2"
RPW = "RequestStatus given a new finished member, FINISHED_REPETITION"
CASES += [
    (
        "#35451 enum member added",
        "a table over every status, indexed by the status",
        K(
            "#35451",
            RP,
            RPW,
            "vllm/aeon/rp1.py",
            RQ + "_AEON_PHASE = {\n"
            '    RequestStatus.WAITING: "queued",\n'
            '    RequestStatus.WAITING_FOR_FSM: "queued",\n'
            '    RequestStatus.WAITING_FOR_REMOTE_KVS: "queued",\n'
            '    RequestStatus.WAITING_FOR_STREAMING_REQ: "queued",\n'
            '    RequestStatus.RUNNING: "running",\n'
            '    RequestStatus.PREEMPTED: "preempted",\n'
            '    RequestStatus.FINISHED_STOPPED: "done",\n'
            '    RequestStatus.FINISHED_LENGTH_CAPPED: "done",\n'
            '    RequestStatus.FINISHED_ABORTED: "aborted",\n'
            '    RequestStatus.FINISHED_IGNORED: "aborted",\n'
            '    RequestStatus.FINISHED_ERROR: "failed",\n'
            "}\n\n\n"
            "def aeon_phase(request: Request) -> str:\n"
            "    # AEON: the Spark's dashboard groups requests by phase\n"
            "    return _AEON_PHASE[request.status]\n",
            "return _AEON_PHASE[request.status]",
        ),
    ),
    (
        "#35451 enum member added",
        "an if-chain over the finished members that raises on the rest",
        K(
            "#35451",
            RP,
            RPW,
            "vllm/aeon/rp2.py",
            RQ + "def aeon_finish_code(request: Request) -> int:\n"
            "    status = request.status\n"
            "    if status in (RequestStatus.FINISHED_STOPPED, RequestStatus.FINISHED_LENGTH_CAPPED):\n"
            "        return 0\n"
            "    if status in (RequestStatus.FINISHED_ABORTED, RequestStatus.FINISHED_IGNORED):\n"
            "        return 1\n"
            "    if status == RequestStatus.FINISHED_ERROR:\n"
            "        return 2\n"
            '    raise AssertionError(f"aeon: unexpected finished status {status}")\n',
            'raise AssertionError(f"aeon: unexpected finished status {status}")',
        ),
    ),
    (
        "#35451 enum member added",
        "a tuple of the finished members tested with in",
        K(
            "#35451",
            RP,
            RPW,
            "vllm/aeon/rp3.py",
            RQ + "_AEON_FINISHED = (\n"
            "    RequestStatus.FINISHED_STOPPED,\n"
            "    RequestStatus.FINISHED_LENGTH_CAPPED,\n"
            "    RequestStatus.FINISHED_ABORTED,\n"
            "    RequestStatus.FINISHED_IGNORED,\n"
            "    RequestStatus.FINISHED_ERROR,\n"
            ")\n\n\n"
            "def aeon_releasable(request: Request) -> bool:\n"
            "    # AEON: free the Spark's pinned draft buffers only for finished requests\n"
            "    return request.status in _AEON_FINISHED\n",
            "return request.status in _AEON_FINISHED",
        ),
    ),
    (
        "#35451 enum member added",
        "twin: a table read with a default",
        K(
            "#35451",
            RP,
            RPW,
            "vllm/aeon/rp4.py",
            RQ + '_AEON_LABEL = {RequestStatus.RUNNING: "running", RequestStatus.PREEMPTED: "preempted"}\n\n\n'
            "def aeon_label(request: Request) -> str:\n"
            '    return _AEON_LABEL.get(request.status, "other")\n',
            'return _AEON_LABEL.get(request.status, "other")',
        ),
    ),
    (
        "#35451 enum member added",
        "twin: the status class's is_finished",
        K(
            "#35451",
            RP,
            RPW,
            "vllm/aeon/rp5.py",
            RQ + "def aeon_done(request: Request) -> bool:\n    return RequestStatus.is_finished(request.status)\n",
            "return RequestStatus.is_finished(request.status)",
        ),
    ),
]

# --- #33612 (711edaf0d0): AsyncScheduler hands every request one shared placeholder list for spec_token_ids
ST = "711edaf0d0"
STW = "request.spec_token_ids now aliases one list the AsyncScheduler shares between requests"
AS = "from vllm.v1.core.sched.async_scheduler import AsyncScheduler\nfrom vllm.v1.core.sched.output import SchedulerOutput\n\n\n"
CASES += [
    (
        "#33612 value now shared",
        "an item assignment into the placeholders after super()",
        K(
            "#33612",
            ST,
            STW,
            "vllm/aeon/st1.py",
            AS + "class AeonAsyncScheduler(AsyncScheduler):\n"
            "    def _update_after_schedule(self, scheduler_output: SchedulerOutput) -> None:\n"
            "        super()._update_after_schedule(scheduler_output)\n"
            "        for req_id in scheduler_output.num_scheduled_tokens:\n"
            "            request = self.requests[req_id]\n"
            "            if request.spec_token_ids:\n"
            "                # AEON: the Spark's drafter seeds slot 0 with the request's last token\n"
            "                request.spec_token_ids[0] = request.all_token_ids[-1]\n",
            "request.spec_token_ids[0] = request.all_token_ids[-1]",
        ),
    ),
    (
        "#33612 value now shared",
        "a clear() of the placeholders",
        K(
            "#33612",
            ST,
            STW,
            "vllm/aeon/st2.py",
            AS + "class AeonGrammarAsyncScheduler(AsyncScheduler):\n"
            "    def _update_after_schedule(self, scheduler_output: SchedulerOutput) -> None:\n"
            "        super()._update_after_schedule(scheduler_output)\n"
            "        for req_id in scheduler_output.num_scheduled_tokens:\n"
            "            request = self.requests[req_id]\n"
            "            if request.use_structured_output:\n"
            "                # AEON: no drafts for grammar-bound requests on the Spark\n"
            "                request.spec_token_ids.clear()\n",
            "request.spec_token_ids.clear()",
        ),
    ),
    (
        "#33612 value now shared",
        "twin: a rebinding of the attribute",
        K(
            "#33612",
            ST,
            STW,
            "vllm/aeon/st3.py",
            AS + "class AeonRebindAsyncScheduler(AsyncScheduler):\n"
            "    def _update_after_schedule(self, scheduler_output: SchedulerOutput) -> None:\n"
            "        super()._update_after_schedule(scheduler_output)\n"
            "        for req_id in scheduler_output.num_scheduled_tokens:\n"
            "            request = self.requests[req_id]\n"
            "            if request.use_structured_output:\n"
            "                request.spec_token_ids = []\n",
            "request.spec_token_ids = []",
        ),
    ),
]

# --- #21894 (10f535c086): the start-up handshake's parallel_config dict gains a list of ports
HS = "10f535c086"
HSW = "EngineHandshakeMetadata.parallel_config now also carries _data_parallel_master_port_list, a list"
CASES += [
    (
        "#21894 dict value kind widened",
        "an int() over every value of the dict",
        K(
            "#21894",
            HS,
            HSW,
            "vllm/aeon/hs1.py",
            "from vllm.v1.engine.utils import EngineHandshakeMetadata\n\n\n"
            "def aeon_dp_numbers(meta: EngineHandshakeMetadata) -> dict[str, int]:\n"
            "    # AEON: the Spark's start-up log records the DP handshake's numeric settings\n"
            "    return {\n"
            "        key: int(value)\n"
            "        for key, value in meta.parallel_config.items()\n"
            '        if key != "data_parallel_master_ip"\n'
            "    }\n",
            "key: int(value)",
        ),
    ),
    (
        "#21894 dict value kind widened",
        "twin: a read of one kept key",
        K(
            "#21894",
            HS,
            HSW,
            "vllm/aeon/hs2.py",
            "from vllm.v1.engine.utils import EngineHandshakeMetadata\n\n\n"
            "def aeon_dp_port(meta: EngineHandshakeMetadata) -> int:\n"
            '    return int(meta.parallel_config["data_parallel_master_port"])\n',
            'return int(meta.parallel_config["data_parallel_master_port"])',
        ),
    ),
]

# --- #42585 (812e7e7364): get_engine_zmq_addresses now hands out tcp://host:0 placeholders, bound later
ZA = "812e7e7364"
ZAW = "the API servers' TCP addresses are now port-0 placeholders the consumer binds and writes back"
CASES += [
    (
        "#42585 returned value now a placeholder",
        "a port parsed from a fresh address",
        K(
            "#42585",
            ZA,
            ZAW,
            "vllm/aeon/za1.py",
            "from vllm.v1.engine.utils import get_engine_zmq_addresses\n\n\n"
            "def aeon_front_ports(vllm_config) -> list[int]:\n"
            "    # AEON: the Spark's host firewall opens the API servers' ZMQ ports before start-up\n"
            "    addresses = get_engine_zmq_addresses(vllm_config, num_api_servers=2)\n"
            "    return [\n"
            '        int(addr.rsplit(":", 1)[1])\n'
            "        for addr in addresses.inputs + addresses.outputs\n"
            '        if addr.startswith("tcp://")\n'
            "    ]\n",
            'int(addr.rsplit(":", 1)[1])',
        ),
    ),
    (
        "#42585 returned value now a placeholder",
        "twin: a positional call, counting the addresses",
        K(
            "#42585",
            ZA,
            ZAW,
            "vllm/aeon/za2.py",
            "from vllm.v1.engine.utils import get_engine_zmq_addresses\n\n\n"
            "def aeon_num_front_sockets(vllm_config) -> int:\n"
            "    addresses = get_engine_zmq_addresses(vllm_config, 2)\n"
            "    return len(addresses.inputs) + len(addresses.outputs)\n",
            "return len(addresses.inputs) + len(addresses.outputs)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-asyncsched-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
