"""A blind replay of the engine core process a fork wraps: EngineCore, its clients, launcher and scheduler interface.

9 first-parent commits on the surface a fork that wraps the engine core process carries code against -- the
launcher in ``vllm/v1/engine/utils.py`` (``launch_core_engines`` losing ``num_api_servers``, yielding a
4-tuple with the tensor queue, not 3; ``CoreEngineProcManager.join_first`` removed for
``monitor_engine_liveness``), ``EngineCore``'s hooks (``execute_model_with_error_logging`` replaced by the
``log_error_detail`` context manager; ``log_iteration_details`` replaced by ``capture_iteration_details``;
``_reset_caches`` now calling ``reset_prefix_cache(reset_connector=...)``), the scheduler interface the
engine calls (``schedule`` now handed ``throttle_prefills`` positionally; ``reset_prefix_cache`` handed
``reset_connector`` positionally) and the client (``MPClient.add_pending_message`` removed,
``AsyncMPClient._send_input_message`` losing its ``objects`` parameter) -- picked by scanning those paths'
diffs (``git log --first-parent -p``), avoiding the commits the other replays use.  Each is replayed under
1-3 fork spellings written the way fork code is written (a keyword or positional argument of a removed
parameter, a ``with ... as (a, b, c)`` unpack of a widened tuple, a call off a typed receiver, a call
through ``self`` in a subclass, an override with the old signature, an override of a hook nothing calls any
more), with twins (fork code the commit does not break).  The merge base is the commit's first parent,
upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning
lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 112480b0): 10 caught, 0 warned, 2 missed of 12 (twins: 8
quiet, 0 false errors).  The misses: #32104's ``with launch_core_engines(...) as (manager, coordinator,
addrs):`` (a context manager's yielded tuple widened from 3 to 4: the with-statement unpack raises
ValueError on entry) and #42694's ``EngineCore`` subclass overriding ``reset_prefix_cache`` with the old
signature (the base's signature is unchanged at that commit, but its own ``_reset_caches`` now calls
``self.reset_prefix_cache(..., reset_connector=...)``: TypeError in the override).
After the killers87 widenings (one twin of #42694 added after the blind run): 12 caught, 0 warned, 0 missed
of 12 (twins: 9 quiet, 0 false errors).  Caught now: a ``with f(...) as (a, b, c):`` unpacking a context
manager's yield that upstream widened or reordered (return drift, ``drift/returns.py``); a keyword the base
names, unchanged, that the base class's own ``self.name(...)`` call now passes, refused by a fork override
(symbol drift, ``drift/handed_keys.py``).  Regression set, unchanged: killer_replay 26/26, kind_change 12/12
(5 twins quiet), review15 0 false of 40, review16 0 false of 30, review17 0 false of 23, blind_replay_engine
28/28 (19 quiet), blind_replay_executor 19/19 (11 quiet), blind_replay_cudagraph 15/15 (9 quiet),
symbol_precision --windows 3: 0 false errors; fast lane 3658 passed, 1 skipped.

  python benchmarks/blind_replay_enginecore.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

LAUNCH = (
    "from vllm.config import VllmConfig\n"
    "from vllm.v1.engine.utils import EngineZmqAddresses, launch_core_engines\n"
    "from vllm.v1.executor.abstract import Executor\n\n\n"
)

# --- #49424 (726ef437a1): launch_core_engines' num_api_servers parameter removed
NA = "726ef437a1"
NAW = "launch_core_engines(num_api_servers=) removed"
CASES += [
    (
        "#49424 launcher parameter removed",
        "a keyword to launch_core_engines",
        K(
            "#49424",
            NA,
            NAW,
            "vllm/aeon/na1.py",
            LAUNCH
            + "def aeon_launch(vllm_config: VllmConfig, executor_class: type[Executor], addresses: EngineZmqAddresses, n: int):\n"
            "    # AEON: the Spark runs two API servers in front of one engine\n"
            "    with launch_core_engines(vllm_config, executor_class, False, addresses, num_api_servers=n) as (manager, coordinator, addrs, queue):\n"
            "        return addrs.inputs\n",
            "with launch_core_engines(vllm_config, executor_class, False, addresses, num_api_servers=n) as (manager, coordinator, addrs, queue):",
        ),
    ),
    (
        "#49424 launcher parameter removed",
        "a fifth positional argument",
        K(
            "#49424",
            NA,
            NAW,
            "vllm/aeon/na2.py",
            LAUNCH
            + "def aeon_launch2(vllm_config: VllmConfig, executor_class: type[Executor], addresses: EngineZmqAddresses):\n"
            "    with launch_core_engines(vllm_config, executor_class, True, addresses, 2) as (manager, coordinator, addrs, queue):\n"
            "        return addrs.outputs\n",
            "with launch_core_engines(vllm_config, executor_class, True, addresses, 2) as (manager, coordinator, addrs, queue):",
        ),
    ),
    (
        "#49424 launcher parameter removed",
        "twin: a four-argument call",
        K(
            "#49424",
            NA,
            NAW,
            "vllm/aeon/na3.py",
            LAUNCH
            + "def aeon_launch3(vllm_config: VllmConfig, executor_class: type[Executor], addresses: EngineZmqAddresses):\n"
            "    with launch_core_engines(vllm_config, executor_class, True, addresses) as (manager, coordinator, addrs, queue):\n"
            "        return addrs.outputs\n",
            "with launch_core_engines(vllm_config, executor_class, True, addresses) as (manager, coordinator, addrs, queue):",
        ),
    ),
]

# --- #32104 (80b70884eb): launch_core_engines yields (manager, coordinator, addresses, tensor_queue)
TQ = "80b70884eb"
TQW = "launch_core_engines yields a 4-tuple"
CASES += [
    (
        "#32104 yielded tuple widened",
        "a three-name unpack in the with statement",
        K(
            "#32104",
            TQ,
            TQW,
            "vllm/aeon/tq1.py",
            LAUNCH
            + "def aeon_serve(vllm_config: VllmConfig, executor_class: type[Executor], addresses: EngineZmqAddresses):\n"
            "    # AEON: headless Spark nodes only keep the manager alive\n"
            "    with launch_core_engines(vllm_config, executor_class, False, addresses) as (manager, coordinator, addrs):\n"
            "        return manager\n",
            "with launch_core_engines(vllm_config, executor_class, False, addresses) as (manager, coordinator, addrs):",
        ),
    ),
    (
        "#32104 yielded tuple widened",
        "twin: the tuple kept whole and indexed",
        K(
            "#32104",
            TQ,
            TQW,
            "vllm/aeon/tq2.py",
            LAUNCH
            + "def aeon_serve2(vllm_config: VllmConfig, executor_class: type[Executor], addresses: EngineZmqAddresses):\n"
            "    with launch_core_engines(vllm_config, executor_class, False, addresses) as launched:\n"
            "        return launched[0]\n",
            "return launched[0]",
        ),
    ),
]

SCHED = (
    "from vllm.v1.core.sched.output import SchedulerOutput\nfrom vllm.v1.core.sched.scheduler import Scheduler\n\n\n"
)

# --- #44558 (d8d95998dc): EngineCore now calls scheduler.schedule(self._should_throttle_prefills())
TP = "d8d95998dc"
TPW = "SchedulerInterface.schedule handed throttle_prefills"
CASES += [
    (
        "#44558 hook handed a new argument",
        "a scheduler override without the parameter",
        K(
            "#44558",
            TP,
            TPW,
            "vllm/aeon/tp1.py",
            SCHED + "class AeonScheduler(Scheduler):\n"
            "    # AEON: the Spark's unified memory wants a smaller first prefill\n"
            "    def schedule(self) -> SchedulerOutput:\n"
            "        out = super().schedule()\n"
            "        return out\n",
            "def schedule(self) -> SchedulerOutput:",
        ),
    ),
    (
        "#44558 hook handed a new argument",
        "twin: an override that forwards *args/**kwargs",
        K(
            "#44558",
            TP,
            TPW,
            "vllm/aeon/tp2.py",
            SCHED + "class AeonScheduler2(Scheduler):\n"
            "    def schedule(self, *args, **kwargs) -> SchedulerOutput:\n"
            "        return super().schedule(*args, **kwargs)\n",
            "def schedule(self, *args, **kwargs) -> SchedulerOutput:",
        ),
    ),
]

# --- #27170 (adb315060c): EngineCore.reset_prefix_cache calls scheduler.reset_prefix_cache(running, connector)
RC = "adb315060c"
RCW = "SchedulerInterface.reset_prefix_cache handed reset_connector"
CASES += [
    (
        "#27170 hook handed a new argument",
        "a scheduler override with the old signature",
        K(
            "#27170",
            RC,
            RCW,
            "vllm/aeon/rc1.py",
            SCHED + "class AeonScheduler3(Scheduler):\n"
            "    def reset_prefix_cache(self, reset_running_requests: bool = False) -> bool:\n"
            "        # AEON: the Spark's host-side block pool is dropped too\n"
            "        return super().reset_prefix_cache(reset_running_requests)\n",
            "def reset_prefix_cache(self, reset_running_requests: bool = False) -> bool:",
        ),
    ),
    (
        "#27170 hook handed a new argument",
        "twin: an override of an unchanged hook",
        K(
            "#27170",
            RC,
            RCW,
            "vllm/aeon/rc2.py",
            SCHED + "class AeonScheduler4(Scheduler):\n"
            "    def has_finished_requests(self) -> bool:\n"
            "        return super().has_finished_requests()\n",
            "def has_finished_requests(self) -> bool:",
        ),
    ),
]

CORE = "from vllm.v1.core.sched.output import SchedulerOutput\nfrom vllm.v1.engine.core import EngineCore\n\n\n"

# --- #42694 (1fc2cee50a): EngineCore._reset_caches calls self.reset_prefix_cache(..., reset_connector=...)
RR = "1fc2cee50a"
RRW = "_reset_caches passes reset_connector= to reset_prefix_cache"
CASES += [
    (
        "#42694 hook handed a new keyword",
        "an EngineCore override with the old signature",
        K(
            "#42694",
            RR,
            RRW,
            "vllm/aeon/rr1.py",
            CORE + "class AeonEngineCore(EngineCore):\n"
            "    def reset_prefix_cache(self, reset_running_requests: bool = False) -> bool:\n"
            "        # AEON: count resets for the Spark dashboard\n"
            "        return self.scheduler.reset_prefix_cache(reset_running_requests)\n",
            "def reset_prefix_cache(self, reset_running_requests: bool = False) -> bool:",
        ),
    ),
    (
        "#42694 hook handed a new keyword",
        "twin: an override taking the keyword (added after the blind run)",
        K(
            "#42694",
            RR,
            RRW,
            "vllm/aeon/rr2.py",
            CORE + "class AeonEngineCore7(EngineCore):\n"
            "    def reset_prefix_cache(self, reset_running_requests: bool = False, reset_connector: bool = False) -> bool:\n"
            "        return self.scheduler.reset_prefix_cache(reset_running_requests, reset_connector)\n",
            "def reset_prefix_cache(self, reset_running_requests: bool = False, reset_connector: bool = False) -> bool:",
        ),
    ),
]

# --- #27060 (fe3b9372ad): EngineCore.execute_model_with_error_logging replaced by log_error_detail()
EL = "fe3b9372ad"
ELW = "EngineCore.execute_model_with_error_logging removed"
CASES += [
    (
        "#27060 engine hook removed",
        "a call through self in a subclass",
        K(
            "#27060",
            EL,
            ELW,
            "vllm/aeon/el1.py",
            CORE + "class AeonEngineCore2(EngineCore):\n"
            "    def aeon_run(self, scheduler_output: SchedulerOutput):\n"
            "        # AEON: the Spark's watchdog wraps each forward\n"
            "        return self.execute_model_with_error_logging(self.model_executor.execute_model, scheduler_output)\n",
            "return self.execute_model_with_error_logging(self.model_executor.execute_model, scheduler_output)",
        ),
    ),
    (
        "#27060 engine hook removed",
        "an override of the hook nothing calls any more",
        K(
            "#27060",
            EL,
            ELW,
            "vllm/aeon/el2.py",
            CORE + "class AeonEngineCore3(EngineCore):\n"
            "    def execute_model_with_error_logging(self, model_fn, scheduler_output: SchedulerOutput):\n"
            "        # AEON: dump the batch shape before the Spark's driver resets\n"
            "        print(scheduler_output.total_num_scheduled_tokens)\n"
            "        return super().execute_model_with_error_logging(model_fn, scheduler_output)\n",
            "def execute_model_with_error_logging(self, model_fn, scheduler_output: SchedulerOutput):",
        ),
    ),
    (
        "#27060 engine hook removed",
        "twin: the executor called directly",
        K(
            "#27060",
            EL,
            ELW,
            "vllm/aeon/el3.py",
            CORE + "class AeonEngineCore4(EngineCore):\n"
            "    def aeon_run(self, scheduler_output: SchedulerOutput):\n"
            "        return self.model_executor.execute_model(scheduler_output)\n",
            "return self.model_executor.execute_model(scheduler_output)",
        ),
    ),
]

# --- #46647 (5a65ba5f17): EngineCore.log_iteration_details replaced by capture_iteration_details
LI = "5a65ba5f17"
LIW = "EngineCore.log_iteration_details removed"
CASES += [
    (
        "#46647 engine hook removed",
        "a with statement through self in a subclass",
        K(
            "#46647",
            LI,
            LIW,
            "vllm/aeon/li1.py",
            CORE + "class AeonEngineCore5(EngineCore):\n"
            "    def aeon_dummy_step(self) -> None:\n"
            "        # AEON: the Spark's idle DP rank still logs a dummy iteration\n"
            "        with self.log_iteration_details(None):\n"
            "            self.execute_dummy_batch()\n",
            "with self.log_iteration_details(None):",
        ),
    ),
    (
        "#46647 engine hook removed",
        "twin: a kept engine method",
        K(
            "#46647",
            LI,
            LIW,
            "vllm/aeon/li2.py",
            CORE + "class AeonEngineCore6(EngineCore):\n"
            "    def aeon_dummy_step(self) -> None:\n"
            "        self.execute_dummy_batch()\n",
            "self.execute_dummy_batch()",
        ),
    ),
]

# --- #35862 (b5e608258e): CoreEngineProcManager.join_first removed (monitor_engine_liveness)
JF = "b5e608258e"
JFW = "CoreEngineProcManager.join_first removed"
MGR = "from vllm.v1.engine.utils import CoreEngineProcManager\n\n\n"
CASES += [
    (
        "#35862 manager method removed",
        "a call off a typed manager",
        K(
            "#35862",
            JF,
            JFW,
            "vllm/aeon/jf1.py",
            MGR + "def aeon_wait(manager: CoreEngineProcManager) -> dict[str, int]:\n"
            "    # AEON: the headless Spark node exits when any engine does\n"
            "    manager.join_first()\n"
            "    return manager.finished_procs()\n",
            "manager.join_first()",
        ),
    ),
    (
        "#35862 manager method removed",
        "twin: the kept finished_procs",
        K(
            "#35862",
            JF,
            JFW,
            "vllm/aeon/jf2.py",
            MGR + "def aeon_done(manager: CoreEngineProcManager) -> dict[str, int]:\n"
            "    return manager.finished_procs()\n",
            "return manager.finished_procs()",
        ),
    ),
]

# --- #50053 (6453fc0b8c): MPClient.add_pending_message removed; AsyncMPClient._send_input_message loses objects
PM = "6453fc0b8c"
PMW = "add_pending_message removed; _send_input_message(objects) removed"
CLIENT = "from vllm.v1.engine.core_client import AsyncMPClient, SyncMPClient\n\n\n"
CASES += [
    (
        "#50053 client hook parameter removed",
        "an override that still takes objects",
        K(
            "#50053",
            PM,
            PMW,
            "vllm/aeon/pm1.py",
            CLIENT + "class AeonAsyncClient(AsyncMPClient):\n"
            "    def _send_input_message(self, message, engine, objects):\n"
            "        # AEON: tag each frame with the Spark's NUMA node\n"
            "        return super()._send_input_message(message, engine, objects)\n",
            "def _send_input_message(self, message, engine, objects):",
        ),
    ),
    (
        "#50053 client hook parameter removed",
        "a call through self to the removed helper",
        K(
            "#50053",
            PM,
            PMW,
            "vllm/aeon/pm2.py",
            CLIENT + "class AeonSyncClient(SyncMPClient):\n"
            "    def aeon_send(self, msg, request) -> None:\n"
            "        tracker = self.input_socket.send_multipart(msg, copy=False, track=True)\n"
            "        self.add_pending_message(tracker, request)\n",
            "self.add_pending_message(tracker, request)",
        ),
    ),
    (
        "#50053 client hook parameter removed",
        "twin: an override forwarding *args",
        K(
            "#50053",
            PM,
            PMW,
            "vllm/aeon/pm3.py",
            CLIENT + "class AeonAsyncClient2(AsyncMPClient):\n"
            "    def _send_input_message(self, message, engine, *args):\n"
            "        return super()._send_input_message(message, engine, *args)\n",
            "def _send_input_message(self, message, engine, *args):",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-enginecore-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
