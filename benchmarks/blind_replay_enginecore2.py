"""A blind replay of the engine core's state and the executors' internals a fork subclasses: round two.

12 first-parent commits on the surface a fork that subclasses the engine core process and its executors
carries code against -- ``EngineCore``'s attributes (``ec_producer`` renamed ``is_ec_producer``,
``mm_registry`` and ``EngineCoreProc.client_count`` removed, ``batch_queue`` entries widened from
``(future, scheduler_output)`` to a 3-tuple, ``_log_err_callback`` removed), the hooks its own code calls
(``add_request`` now handed ``(request, request_wave)`` and typed ``Request``, not ``EngineCoreRequest``;
``DPEngineCoreProc._decorate_logs`` no longer called), ``vllm/v1/engine/__init__.py``'s enum
(``RequestFinishedReason`` renamed ``FinishReason``), the launcher's ``CoreEngineProcManager`` (its first
parameter ``target_fn`` removed), and the executors (``RayDistributedExecutor.ADDITIONAL_ENV_VARS`` removed,
``MultiprocExecutor._execute_with_aggregation`` and ``has_connector`` removed, ``FutureWrapper`` now
requiring ``get_response`` and ``wait_for_response`` made private, ``UniProcExecutor.async_output_thread``
removed, ``vllm/v1/executor/utils.py`` deleted with ``WorkerProc.mm_receiver_cache``) -- picked by scanning
those paths' diffs (``git log --first-parent -p``), avoiding the commits the other replays use.  Each is
replayed under 1-3 fork spellings written the way fork code is written (a read through ``self`` in a
subclass, a read off a typed receiver, an override calling ``super()``, an override of a hook nothing calls
any more, a class-attribute override, a tuple unpacked, an import of a renamed class or a deleted module, a
positional or keyword argument of a removed parameter, a constructor call missing a new required
parameter), with twins (fork code the commit does not break).  The merge base is the commit's first parent,
upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning
lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 946d1817): 21 caught, 0 warned, 1 missed of 22 (twins: 12
quiet, 0 false errors).  The miss: #31611's ``future, scheduler_output = self.batch_queue[-1]`` in an
``EngineCore`` subclass (the attribute's annotation ``deque[tuple[Future, SchedulerOutput]]`` widened to a
3-tuple, and upstream's own code now appends 3-tuples: the fork's two-name unpack of an entry raises
ValueError).
After the killers106 widening (a for-loop spelling and a kept-position twin of #31611 added after the blind
run): 23 caught, 0 warned, 0 missed of 23 (twins: 13 quiet, 0 false errors).  Caught now: a star-less unpack
of an entry of a container attribute (``R.NAME[k]``, ``.pop()``, ``.popleft()``, ``.get()``, a ``for`` over
it) whose entry length upstream changed, by the attribute's ``deque[tuple[...]]`` annotation and the tuples
its class puts in (return drift, ``drift/queued_tuples.py``).  Regression set, unchanged: killer_replay
26/26, kind_change 12/12 (5 twins quiet), review15 0 false of 40, review16 0 false of 30, review17 0 false
of 23, blind_replay_runnerv2 21 caught + 1 warned of 22 (13 quiet), blind_replay_enginecore 12/12 (9 quiet),
blind_replay_executor 19/19 (11 quiet, 1 warned as before), symbol_precision --windows 3: 0 false errors in
windows 0 and 1 (window 2 not finished by the stop; 494 s and 1,236 s on the loaded machine).  The
regression set ran on f49f0089, before the ``X or ()``/``reversed(X)`` loop forms; rerun after them:
killer_replay 26/26, kind_change 12/12, review16 0 false of 30, review17 0 false of 23.  Fast lane 4378
passed, 1 skipped.

  python benchmarks/blind_replay_enginecore2.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

CORE = "from vllm.v1.engine.core import EngineCore\n\n\n"

# --- #28884 (da8dadf68b): EngineCore.ec_producer renamed is_ec_producer
EC = "da8dadf68b"
ECW = "EngineCore.ec_producer -> is_ec_producer"
CASES += [
    (
        "#28884 engine attribute renamed",
        "a read through self in an EngineCore subclass",
        K(
            "#28884",
            EC,
            ECW,
            "vllm/aeon/ec1.py",
            CORE + "class AeonEngineCore(EngineCore):\n"
            "    def aeon_skips_sampling(self) -> bool:\n"
            "        # AEON: the Spark's encoder-only producer never samples\n"
            "        return self.ec_producer\n",
            "return self.ec_producer",
        ),
    ),
    (
        "#28884 engine attribute renamed",
        "a read off a typed engine",
        K(
            "#28884",
            EC,
            ECW,
            "vllm/aeon/ec2.py",
            CORE + "def aeon_role(core: EngineCore) -> str:\n"
            "    return 'producer' if core.ec_producer else 'consumer'\n",
            "return 'producer' if core.ec_producer else 'consumer'",
        ),
    ),
    (
        "#28884 engine attribute renamed",
        "twin: a kept engine attribute",
        K(
            "#28884",
            EC,
            ECW,
            "vllm/aeon/ec3.py",
            CORE + "class AeonEngineCore2(EngineCore):\n"
            "    def aeon_depth(self) -> int:\n"
            "        return self.batch_queue_size\n",
            "return self.batch_queue_size",
        ),
    ),
]

# --- #34383 (c464b57374): RayDistributedExecutor.ADDITIONAL_ENV_VARS removed (prefix matching instead)
RE = "c464b57374"
REW = "RayDistributedExecutor.ADDITIONAL_ENV_VARS removed"
RAY = "from vllm.v1.executor.ray_executor import RayDistributedExecutor\n\n\n"
CASES += [
    (
        "#34383 executor class attribute removed",
        "a class-attribute override nothing reads any more",
        K(
            "#34383",
            RE,
            REW,
            "vllm/aeon/re1.py",
            RAY + "class AeonRayExecutor(RayDistributedExecutor):\n"
            "    # AEON: the Spark's workers need the NGC key to pull the kernels\n"
            "    ADDITIONAL_ENV_VARS = {'HF_TOKEN', 'HUGGING_FACE_HUB_TOKEN', 'NGC_API_KEY'}\n",
            "ADDITIONAL_ENV_VARS = {'HF_TOKEN', 'HUGGING_FACE_HUB_TOKEN', 'NGC_API_KEY'}",
        ),
    ),
    (
        "#34383 executor class attribute removed",
        "a read of the base's set through self",
        K(
            "#34383",
            RE,
            REW,
            "vllm/aeon/re2.py",
            RAY + "class AeonRayExecutor2(RayDistributedExecutor):\n"
            "    def aeon_env_names(self) -> set[str]:\n"
            "        return self.ADDITIONAL_ENV_VARS | {'NGC_API_KEY'}\n",
            "return self.ADDITIONAL_ENV_VARS | {'NGC_API_KEY'}",
        ),
    ),
    (
        "#34383 executor class attribute removed",
        "twin: the kept WORKER_SPECIFIC_ENV_VARS overridden",
        K(
            "#34383",
            RE,
            REW,
            "vllm/aeon/re3.py",
            RAY + "class AeonRayExecutor3(RayDistributedExecutor):\n"
            "    WORKER_SPECIFIC_ENV_VARS = RayDistributedExecutor.WORKER_SPECIFIC_ENV_VARS | {'AEON_NUMA_NODE'}\n",
            "WORKER_SPECIFIC_ENV_VARS = RayDistributedExecutor.WORKER_SPECIFIC_ENV_VARS | {'AEON_NUMA_NODE'}",
        ),
    ),
]

# --- #36424 (35bdca5431): EngineCore.mm_registry and EngineCoreProc.client_count removed (dead code)
DC = "35bdca5431"
DCW = "EngineCore.mm_registry / EngineCoreProc.client_count removed"
CASES += [
    (
        "#36424 engine attributes removed",
        "a read through self in an EngineCoreProc subclass",
        K(
            "#36424",
            DC,
            DCW,
            "vllm/aeon/dc1.py",
            "from vllm.v1.engine.core import EngineCoreProc\n\n\n"
            "class AeonEngineCoreProc(EngineCoreProc):\n"
            "    def aeon_fanout(self) -> int:\n"
            "        # AEON: one output socket per API server on the Spark\n"
            "        return self.client_count\n",
            "return self.client_count",
        ),
    ),
    (
        "#36424 engine attributes removed",
        "a read off a typed engine",
        K(
            "#36424",
            DC,
            DCW,
            "vllm/aeon/dc2.py",
            CORE + "def aeon_is_multimodal(core: EngineCore) -> bool:\n"
            "    return core.mm_registry.supports_multimodal_inputs(core.vllm_config.model_config)\n",
            "return core.mm_registry.supports_multimodal_inputs(core.vllm_config.model_config)",
        ),
    ),
    (
        "#36424 engine attributes removed",
        "twin: the kept receiver cache",
        K(
            "#36424",
            DC,
            DCW,
            "vllm/aeon/dc3.py",
            CORE + "def aeon_has_mm_cache(core: EngineCore) -> bool:\n    return core.mm_receiver_cache is not None\n",
            "return core.mm_receiver_cache is not None",
        ),
    ),
]

# --- #12760 (3d09e592a8): RequestFinishedReason renamed FinishReason
FR = "3d09e592a8"
FRW = "RequestFinishedReason -> FinishReason"
CASES += [
    (
        "#12760 enum class renamed",
        "an import of the old name",
        K(
            "#12760",
            FR,
            FRW,
            "vllm/aeon/fr1.py",
            "from vllm.v1.engine import RequestFinishedReason\n\n\n"
            "def aeon_was_cut(reason: RequestFinishedReason) -> bool:\n"
            "    # AEON: the Spark's router retries length-capped requests on a bigger node\n"
            "    return reason == RequestFinishedReason.LENGTH\n",
            "from vllm.v1.engine import RequestFinishedReason",
        ),
    ),
    (
        "#12760 enum class renamed",
        "a module attribute of the old name",
        K(
            "#12760",
            FR,
            FRW,
            "vllm/aeon/fr2.py",
            "from vllm.v1 import engine as v1_engine\n\n\n"
            "def aeon_aborted(reason: int) -> bool:\n"
            "    return reason == v1_engine.RequestFinishedReason.ABORT\n",
            "return reason == v1_engine.RequestFinishedReason.ABORT",
        ),
    ),
    (
        "#12760 enum class renamed",
        "twin: a kept output struct",
        K(
            "#12760",
            FR,
            FRW,
            "vllm/aeon/fr3.py",
            "from vllm.v1.engine import EngineCoreOutput\n\n\n"
            "def aeon_done(out: EngineCoreOutput) -> bool:\n"
            "    return out.finished\n",
            "return out.finished",
        ),
    ),
]

# --- #36822 (36735fd772): CoreEngineProcManager loses its first parameter target_fn
TF = "36735fd772"
TFW = "CoreEngineProcManager(target_fn, ...) -> (local_engine_count, ...)"
MGR = (
    "from vllm.config import VllmConfig\n"
    "from vllm.v1.engine.core import EngineCoreProc\n"
    "from vllm.v1.engine.utils import CoreEngineProcManager\n"
    "from vllm.v1.executor.abstract import Executor\n\n\n"
)
CASES += [
    (
        "#36822 manager parameter removed",
        "a positional target function",
        K(
            "#36822",
            TF,
            TFW,
            "vllm/aeon/tf1.py",
            MGR + "def aeon_spawn(vllm_config: VllmConfig, executor_class: type[Executor], addr: str):\n"
            "    # AEON: the headless Spark node spawns its one engine itself\n"
            "    return CoreEngineProcManager(EngineCoreProc.run_engine_core, 1, 0, 0, vllm_config, True, addr, executor_class, False)\n",
            "return CoreEngineProcManager(EngineCoreProc.run_engine_core, 1, 0, 0, vllm_config, True, addr, executor_class, False)",
        ),
    ),
    (
        "#36822 manager parameter removed",
        "a target_fn keyword",
        K(
            "#36822",
            TF,
            TFW,
            "vllm/aeon/tf2.py",
            MGR + "def aeon_spawn2(vllm_config: VllmConfig, executor_class: type[Executor], addr: str):\n"
            "    return CoreEngineProcManager(\n"
            "        target_fn=EngineCoreProc.run_engine_core,\n"
            "        local_engine_count=1,\n"
            "        start_index=0,\n"
            "        local_start_index=0,\n"
            "        vllm_config=vllm_config,\n"
            "        local_client=True,\n"
            "        handshake_address=addr,\n"
            "        executor_class=executor_class,\n"
            "        log_stats=False,\n"
            "    )\n",
            "target_fn=EngineCoreProc.run_engine_core,",
        ),
    ),
    (
        "#36822 manager parameter removed",
        "twin: a kept manager method",
        K(
            "#36822",
            TF,
            TFW,
            "vllm/aeon/tf3.py",
            MGR + "def aeon_finished(manager: CoreEngineProcManager) -> dict[str, int]:\n"
            "    return manager.finished_procs()\n",
            "return manager.finished_procs()",
        ),
    ),
]

MPX = "from vllm.v1.executor.multiproc_executor import FutureWrapper, MultiprocExecutor\n\n\n"

# --- #38644 (cb268e4e55): FutureWrapper requires get_response; wait_for_response -> _wait_for_response
FW = "cb268e4e55"
FWW = "FutureWrapper(futures_queue, get_response, aggregate); wait_for_response made private"
CASES += [
    (
        "#38644 future wrapper reshaped",
        "a constructor call without the new required parameter",
        K(
            "#38644",
            FW,
            FWW,
            "vllm/aeon/fw1.py",
            MPX + "class AeonMultiprocExecutor(MultiprocExecutor):\n"
            "    def aeon_pending(self) -> FutureWrapper:\n"
            "        # AEON: the Spark's watchdog queues a marker future behind the step\n"
            "        return FutureWrapper(self.futures_queue, aggregate=lambda x: x)\n",
            "return FutureWrapper(self.futures_queue, aggregate=lambda x: x)",
        ),
    ),
    (
        "#38644 future wrapper reshaped",
        "a call of the renamed public method",
        K(
            "#38644",
            FW,
            FWW,
            "vllm/aeon/fw2.py",
            MPX + "def aeon_drain(future: FutureWrapper, get_response) -> None:\n"
            "    future.wait_for_response(get_response)\n",
            "future.wait_for_response(get_response)",
        ),
    ),
    (
        "#38644 future wrapper reshaped",
        "twin: the Future API kept",
        K(
            "#38644",
            FW,
            FWW,
            "vllm/aeon/fw3.py",
            MPX + "def aeon_wait(future: FutureWrapper):\n    return future.result()\n",
            "return future.result()",
        ),
    ),
]

# --- #28327 (289eb6c537): MultiprocExecutor._execute_with_aggregation and has_connector removed
EA = "289eb6c537"
EAW = "MultiprocExecutor._execute_with_aggregation / has_connector removed"
CASES += [
    (
        "#28327 executor hook removed",
        "an override calling super() of a hook nothing calls any more",
        K(
            "#28327",
            EA,
            EAW,
            "vllm/aeon/ea1.py",
            MPX + "class AeonMultiprocExecutor2(MultiprocExecutor):\n"
            "    def _execute_with_aggregation(self, method: str, *args, non_block: bool = False):\n"
            "        # AEON: time every aggregated RPC for the Spark dashboard\n"
            "        return super()._execute_with_aggregation(method, *args, non_block=non_block)\n",
            "def _execute_with_aggregation(self, method: str, *args, non_block: bool = False):",
        ),
    ),
    (
        "#28327 executor hook removed",
        "a read of the removed flag through self",
        K(
            "#28327",
            EA,
            EAW,
            "vllm/aeon/ea2.py",
            MPX + "class AeonMultiprocExecutor3(MultiprocExecutor):\n"
            "    def aeon_aggregates(self) -> bool:\n"
            "        return self.has_connector\n",
            "return self.has_connector",
        ),
    ),
    (
        "#28327 executor hook removed",
        "twin: the kept output rank",
        K(
            "#28327",
            EA,
            EAW,
            "vllm/aeon/ea3.py",
            MPX + "class AeonMultiprocExecutor4(MultiprocExecutor):\n"
            "    def aeon_rank(self) -> int:\n"
            "        return self.output_rank\n",
            "return self.output_rank",
        ),
    ),
]

# --- #26285 (ad430a67ca): vllm/v1/executor/utils.py deleted; WorkerProc.mm_receiver_cache removed
MU = "ad430a67ca"
MUW = "vllm.v1.executor.utils deleted; WorkerProc.mm_receiver_cache removed"
CASES += [
    (
        "#26285 executor module deleted",
        "an import from the deleted module",
        K(
            "#26285",
            MU,
            MUW,
            "vllm/aeon/mu1.py",
            "from vllm.v1.executor.utils import get_and_update_mm_cache\n\n\n"
            "def aeon_fill(cache, args) -> None:\n"
            "    # AEON: the Spark's uniproc path fills the shm cache itself\n"
            "    get_and_update_mm_cache(cache, args)\n",
            "from vllm.v1.executor.utils import get_and_update_mm_cache",
        ),
    ),
    (
        "#26285 executor module deleted",
        "a read of the removed worker attribute through self",
        K(
            "#26285",
            MU,
            MUW,
            "vllm/aeon/mu2.py",
            "from vllm.v1.executor.multiproc_executor import WorkerProc\n\n\n"
            "class AeonWorkerProc(WorkerProc):\n"
            "    def aeon_has_cache(self) -> bool:\n"
            "        return self.mm_receiver_cache is not None\n",
            "return self.mm_receiver_cache is not None",
        ),
    ),
    (
        "#26285 executor module deleted",
        "twin: an import from a kept executor module",
        K(
            "#26285",
            MU,
            MUW,
            "vllm/aeon/mu3.py",
            "from vllm.config import VllmConfig\nfrom vllm.v1.executor.abstract import Executor\n\n\n"
            "def aeon_cls(vllm_config: VllmConfig) -> type[Executor]:\n"
            "    return Executor.get_class(vllm_config)\n",
            "from vllm.v1.executor.abstract import Executor",
        ),
    ),
]

# --- #40891 (10ebb40d62): UniProcExecutor.async_output_thread removed (AsyncOutputFuture instead)
AT = "10ebb40d62"
ATW = "UniProcExecutor.async_output_thread removed"
UNI = "from vllm.v1.executor.uniproc_executor import UniProcExecutor\n\n\n"
CASES += [
    (
        "#40891 executor attribute removed",
        "a read through self in a subclass",
        K(
            "#40891",
            AT,
            ATW,
            "vllm/aeon/at1.py",
            UNI + "class AeonUniProcExecutor(UniProcExecutor):\n"
            "    def shutdown(self) -> None:\n"
            "        # AEON: join the output thread before the Spark's driver unloads\n"
            "        if self.async_output_thread is not None:\n"
            "            self.async_output_thread.shutdown(wait=True)\n"
            "        super().shutdown()\n",
            "if self.async_output_thread is not None:",
        ),
    ),
    (
        "#40891 executor attribute removed",
        "twin: the kept driver worker",
        K(
            "#40891",
            AT,
            ATW,
            "vllm/aeon/at2.py",
            UNI + "class AeonUniProcExecutor2(UniProcExecutor):\n"
            "    def aeon_worker(self):\n"
            "        return self.driver_worker\n",
            "return self.driver_worker",
        ),
    ),
]

# --- #31611 (b53b89fdb3): batch_queue entries (future, scheduler_output, exec_future); _log_err_callback removed
BQ = "b53b89fdb3"
BQW = "EngineCore.batch_queue entries widened to 3; _log_err_callback removed"
CASES += [
    (
        "#31611 queue entry widened",
        "a two-name unpack of a batch_queue entry",
        K(
            "#31611",
            BQ,
            BQW,
            "vllm/aeon/bq1.py",
            CORE + "class AeonEngineCore3(EngineCore):\n"
            "    def aeon_oldest_tokens(self) -> int:\n"
            "        # AEON: the Spark's scheduler peeks at the oldest in-flight batch\n"
            "        future, scheduler_output = self.batch_queue[-1]\n"
            "        return scheduler_output.total_num_scheduled_tokens\n",
            "future, scheduler_output = self.batch_queue[-1]",
        ),
    ),
    (
        "#31611 queue entry widened",
        "a call of the removed callback factory through self",
        K(
            "#31611",
            BQ,
            BQW,
            "vllm/aeon/bq2.py",
            "from vllm.v1.core.sched.output import SchedulerOutput\n" + CORE + "class AeonEngineCore4(EngineCore):\n"
            "    def aeon_watch(self, future, scheduler_output: SchedulerOutput) -> None:\n"
            "        future.add_done_callback(self._log_err_callback(scheduler_output))\n",
            "future.add_done_callback(self._log_err_callback(scheduler_output))",
        ),
    ),
    (
        "#31611 queue entry widened",
        "a for loop over the queue's entries (added after the blind run)",
        K(
            "#31611",
            BQ,
            BQW,
            "vllm/aeon/bq4.py",
            CORE + "class AeonEngineCore6(EngineCore):\n"
            "    def aeon_queued_tokens(self) -> int:\n"
            "        total = 0\n"
            "        for future, scheduler_output in self.batch_queue or ():\n"
            "            total += scheduler_output.total_num_scheduled_tokens\n"
            "        return total\n",
            "for future, scheduler_output in self.batch_queue or ():",
        ),
    ),
    (
        "#31611 queue entry widened",
        "twin: an entry indexed at a kept position (added after the blind run)",
        K(
            "#31611",
            BQ,
            BQW,
            "vllm/aeon/bq5.py",
            CORE + "class AeonEngineCore7(EngineCore):\n"
            "    def aeon_newest_tokens(self) -> int:\n"
            "        return self.batch_queue[0][1].total_num_scheduled_tokens\n",
            "return self.batch_queue[0][1].total_num_scheduled_tokens",
        ),
    ),
    (
        "#31611 queue entry widened",
        "twin: the queue's length",
        K(
            "#31611",
            BQ,
            BQW,
            "vllm/aeon/bq3.py",
            CORE + "class AeonEngineCore5(EngineCore):\n"
            "    def aeon_in_flight(self) -> int:\n"
            "        return len(self.batch_queue or ())\n",
            "return len(self.batch_queue or ())",
        ),
    ),
]

# --- #21889 (e6680f9e25): DPEngineCoreProc._decorate_logs removed (decorate_logs() in run_engine_core)
DL = "e6680f9e25"
DLW = "DPEngineCoreProc._decorate_logs removed"
DP = "from vllm.v1.engine.core import DPEngineCoreProc\n\n\n"
CASES += [
    (
        "#21889 engine hook removed",
        "an override of the hook nothing calls any more",
        K(
            "#21889",
            DL,
            DLW,
            "vllm/aeon/dl1.py",
            DP + "class AeonDPEngineCoreProc(DPEngineCoreProc):\n"
            "    def _decorate_logs(self):\n"
            "        # AEON: the Spark's log shipper adds its own prefix; keep stdout raw\n"
            "        pass\n",
            "def _decorate_logs(self):",
        ),
    ),
    (
        "#21889 engine hook removed",
        "twin: an override of a kept hook",
        K(
            "#21889",
            DL,
            DLW,
            "vllm/aeon/dl2.py",
            DP + "class AeonDPEngineCoreProc2(DPEngineCoreProc):\n"
            "    def _has_global_unfinished_reqs(self, local_unfinished: bool) -> bool:\n"
            "        return super()._has_global_unfinished_reqs(local_unfinished)\n",
            "def _has_global_unfinished_reqs(self, local_unfinished: bool) -> bool:",
        ),
    ),
]

# --- #21627 (ca9e2be3ed): EngineCore.add_request(request: Request, request_wave=0); conversion moved out
AR = "ca9e2be3ed"
ARW = "EngineCore.add_request(EngineCoreRequest) -> add_request(Request, request_wave)"
CASES += [
    (
        "#21627 hook handed a new argument",
        "an EngineCoreProc override with the old one-parameter signature",
        K(
            "#21627",
            AR,
            ARW,
            "vllm/aeon/ar1.py",
            "from vllm.v1.engine import EngineCoreRequest\nfrom vllm.v1.engine.core import EngineCoreProc\n\n\n"
            "class AeonEngineCoreProc2(EngineCoreProc):\n"
            "    def add_request(self, request: EngineCoreRequest):\n"
            "        # AEON: count admissions for the Spark's autoscaler\n"
            "        super().add_request(request)\n",
            "def add_request(self, request: EngineCoreRequest):",
        ),
    ),
    (
        "#21627 hook handed a new argument",
        "a wire request handed straight to the engine",
        K(
            "#21627",
            AR,
            ARW,
            "vllm/aeon/ar2.py",
            "from vllm.v1.engine import EngineCoreRequest\n"
            + CORE
            + "def aeon_submit(core: EngineCore, request: EngineCoreRequest) -> None:\n"
            "    core.add_request(request)\n",
            "core.add_request(request)",
        ),
    ),
    (
        "#21627 hook handed a new argument",
        "twin: an abort by id",
        K(
            "#21627",
            AR,
            ARW,
            "vllm/aeon/ar3.py",
            CORE + "def aeon_cancel(core: EngineCore, request_id: str) -> None:\n"
            "    core.abort_requests([request_id])\n",
            "core.abort_requests([request_id])",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-enginecore2-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
