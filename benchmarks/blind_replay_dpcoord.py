"""A blind replay of the data-parallel and process plumbing a fork patches: the coordinator, the engine launch, the workers.

11 first-parent commits on the surface a fork that runs data parallel or owns its process start-up carries code
against -- the DP coordinator (``CoordinatorProc`` renamed ``DPCoordinatorProc``, ``run_coordinator`` given a
``zmq_addr_pipe`` positional before ``min_stats_update_interval_ms``, ``EngineState.request_counts`` grown from
``[waiting, running]`` to three values), the engine launch in ``vllm/v1/engine/utils.py`` (the process managers
moved there out of ``vllm/v1/utils.py``, ``launch_core_engines`` yielding a ``CoreEngineLaunch`` dataclass, not
a 4-tuple, and ``wait_for_engine_startup`` taking it for ``addresses``/``proc_manager``/``coord_process``), the
engine core start-up (``EngineCoreProc``'s ``engine_index`` made keyword-only, ``DPEngineCoreActor`` gone), the
multiprocess executor (``EXECUTE_MODEL_TIMEOUT_S`` removed, the rendezvous helpers no longer imported,
``WorkerProc.make_worker_process``/``__init__`` given a required ``shared_worker_lock``,
``WorkerProcHandle.from_unready_handle`` a required ``peer_worker_response_mqs`` and ``worker_response_mq``
made Optional) and ``StatelessProcessGroup`` given a required ``socket`` field -- picked by scanning those
paths' diffs (``git log --first-parent -p``), avoiding the commits the other replays use.  Each is replayed
under 1-3 fork spellings written the way fork code is written (a tuple unpacked off a context manager, a keyword
the callee lost, a positional argument that now lands on an inserted parameter, a subclass of a class renamed or
removed, a ``super().__init__`` short of a new required parameter, a monkeypatch of a module constant or helper
upstream no longer has, a ``mock.patch`` target, a dataclass built by keyword, an import of moved names), with
twins (fork code the commit does not break).  The merge base is the commit's first parent, upstream is the
commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in its file.
Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 9f1f9f8c): 18 caught, 0 warned, 3 missed of 21 (twins: 10
quiet, 0 false errors).  The misses: #43417's ``with launch_core_engines(...) as (manager, coordinator, addrs,
_):`` (a context manager whose yield went from a 4-tuple to a dataclass: unpacking it is a TypeError), and
#49204's two (``waiting, running = state.request_counts`` and ``for waiting, running in
self._get_engine_counts():``, where an attribute built as a two-item list literal now holds three).
After the killers117 widenings: 21 caught, 0 warned, 0 missed of 21 (twins: 10 quiet, 0 false errors).  Caught
now: a generator's every tuple ``yield`` made one class's object (directly, or a local bound only to calls of
it) unpacked by ``with ... as (a, b):`` or a ``for`` (return drift, ``returns._yielded_class``); a star-less
unpack of a list display the module never resizes, stored with another length upstream (``stored_tuples._fixed``),
also each step of a ``for`` over a method whose every return lists that attribute (``stored_tuples._listings``).
Regression after: killer_replay 26/26, kind_change_replay 12/12 (5 twins quiet), blind_replay_enginecore 12/12
(9 quiet), blind_replay_runnerv2 21/1/0 of 22 (13 quiet), blind_replay_structured 20 caught, 1 warned, 1 missed
of 22 (13 quiet, 0 false), review15 0 false of 40, review16 0 false of 30, review17 0 false of 23,
symbol_precision --windows 1: 0 false errors (three windows did not fit the loaded machine's time).

fixBA (the reviewed false errors of killers117's classes mended: a yielded class unpackable through its bases,
an unannotated def of the name unknown, a listing loop under a len test a warning, a fork subclass re-storing
the listed attribute quiet, a version split on the new class a warning): this replay unchanged, 21 caught,
0 warned, 0 missed of 21 (10 twins quiet); killer_replay 26/26, kind_change_replay 12/12, review16_twins 6
caught of 6 and review17_twins 11 caught, 1 warned of 12 (0 false errors of 30 and 23), blind_replay_runnerv2
21 caught, 1 warned of 22 (13 quiet), blind_replay_enginecore 12/12 (9 quiet).

  python benchmarks/blind_replay_dpcoord.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #43417 (7b9f2dad89): launch_core_engines yields a CoreEngineLaunch dataclass, not a 4-tuple;
#     wait_for_engine_startup takes it in place of addresses/proc_manager/coord_process
LC = "7b9f2dad89"
LCW = "launch_core_engines yields CoreEngineLaunch; wait_for_engine_startup(launch)"
LCH = (
    "from vllm.config import VllmConfig\n"
    "from vllm.v1.engine.utils import EngineZmqAddresses, launch_core_engines, wait_for_engine_startup\n"
    "from vllm.v1.executor import Executor\n\n\n"
)
CASES += [
    (
        "#43417 yielded tuple made a dataclass",
        "a 4-tuple unpacked off the context manager",
        K(
            "#43417",
            LC,
            LCW,
            "vllm/aeon/lc1.py",
            LCH + "def aeon_start(vllm_config: VllmConfig, addresses: EngineZmqAddresses) -> int:\n"
            "    # AEON: the Spark's headless launcher keeps the coordinator's pid for its health probe\n"
            "    executor_class = Executor.get_class(vllm_config)\n"
            "    with launch_core_engines(vllm_config, executor_class, False, addresses) as (manager, coordinator, addrs, _):\n"
            "        pid = coordinator.proc.pid if coordinator is not None else 0\n"
            "    return pid\n",
            "with launch_core_engines(vllm_config, executor_class, False, addresses) as (manager, coordinator, addrs, _):",
        ),
    ),
    (
        "#43417 parameters folded into a dataclass",
        "keywords the startup barrier lost",
        K(
            "#43417",
            LC,
            LCW,
            "vllm/aeon/lc2.py",
            LCH + "def aeon_wait(sock, addresses, engines, vllm_config: VllmConfig, manager) -> None:\n"
            "    # AEON: the Spark's launcher waits without a coordinator\n"
            "    wait_for_engine_startup(\n"
            "        sock, addresses, engines, vllm_config.parallel_config, False, vllm_config.cache_config,\n"
            "        proc_manager=manager, coord_process=None,\n"
            "    )\n",
            "proc_manager=manager, coord_process=None,",
        ),
    ),
    (
        "#43417 yielded tuple made a dataclass",
        "twin: the launch entered without unpacking",
        K(
            "#43417",
            LC,
            LCW,
            "vllm/aeon/lc3.py",
            LCH + "def aeon_start2(vllm_config: VllmConfig, addresses: EngineZmqAddresses) -> bool:\n"
            "    executor_class = Executor.get_class(vllm_config)\n"
            "    with launch_core_engines(vllm_config, executor_class, False, addresses) as launched:\n"
            "        started = launched is not None\n"
            "    return started\n",
            "with launch_core_engines(vllm_config, executor_class, False, addresses) as launched:",
        ),
    ),
]

# --- #30739 (bd877162eb): EngineCoreProc's engine_index made keyword-only; DPEngineCoreActor replaced by
#     EngineCoreActorMixin + DPMoEEngineCoreActor / EngineCoreActor
EC = "bd877162eb"
ECW = "EngineCoreProc engine_index keyword-only; DPEngineCoreActor removed"
CASES += [
    (
        "#30739 parameter made keyword-only",
        "a positional engine_index through super().__init__",
        K(
            "#30739",
            EC,
            ECW,
            "vllm/aeon/ec1.py",
            "from vllm.v1.engine.core import EngineCoreProc\n\n\n"
            "class AeonEngineCoreProc(EngineCoreProc):\n"
            "    def __init__(self, vllm_config, local_client, handshake_address, executor_class, log_stats, dp_rank):\n"
            "        # AEON: one engine per GB10; its index rides the handshake identity\n"
            "        super().__init__(vllm_config, local_client, handshake_address, executor_class, log_stats, None, dp_rank)\n",
            "super().__init__(vllm_config, local_client, handshake_address, executor_class, log_stats, None, dp_rank)",
        ),
    ),
    (
        "#30739 class removed",
        "a subclass of the removed Ray actor",
        K(
            "#30739",
            EC,
            ECW,
            "vllm/aeon/ec2.py",
            "from vllm.v1.engine.core import DPEngineCoreActor\n\n\n"
            "class AeonDPEngineCoreActor(DPEngineCoreActor):\n"
            "    # AEON: the Ray actor reports the Spark's node name\n"
            "    def aeon_node(self) -> str:\n"
            "        return 'spark'\n",
            "from vllm.v1.engine.core import DPEngineCoreActor",
        ),
    ),
    (
        "#30739 parameter made keyword-only",
        "twin: engine_index passed by keyword",
        K(
            "#30739",
            EC,
            ECW,
            "vllm/aeon/ec3.py",
            "from vllm.v1.engine.core import EngineCoreProc\n\n\n"
            "class AeonEngineCoreProc2(EngineCoreProc):\n"
            "    def __init__(self, vllm_config, local_client, handshake_address, executor_class, log_stats, dp_rank):\n"
            "        super().__init__(vllm_config, local_client, handshake_address, executor_class, log_stats, engine_index=dp_rank)\n",
            "super().__init__(vllm_config, local_client, handshake_address, executor_class, log_stats, engine_index=dp_rank)",
        ),
    ),
]

# --- #37452 (ca1ac1a4b4): DPCoordinatorProc.run_coordinator gains zmq_addr_pipe before min_stats_update_interval_ms
RC = "ca1ac1a4b4"
RCW = "run_coordinator: zmq_addr_pipe inserted before min_stats_update_interval_ms"
CASES += [
    (
        "#37452 positional parameter inserted",
        "a positional interval now lands on the pipe",
        K(
            "#37452",
            RC,
            RCW,
            "vllm/aeon/rc1.py",
            "from vllm.v1.engine.coordinator import DPCoordinatorProc\n\n\n"
            "def aeon_run_coordinator(engine_count: int, front: str, output: str, back: str) -> None:\n"
            "    # AEON: the Spark's router wants load stats every 50 ms\n"
            "    DPCoordinatorProc.run_coordinator(engine_count, front, output, back, 50)\n",
            "DPCoordinatorProc.run_coordinator(engine_count, front, output, back, 50)",
        ),
    ),
    (
        "#37452 positional parameter inserted",
        "twin: the interval by keyword",
        K(
            "#37452",
            RC,
            RCW,
            "vllm/aeon/rc2.py",
            "from vllm.v1.engine.coordinator import DPCoordinatorProc\n\n\n"
            "def aeon_run_coordinator2(engine_count: int, front: str, output: str, back: str) -> None:\n"
            "    DPCoordinatorProc.run_coordinator(engine_count, front, output, back, min_stats_update_interval_ms=50)\n",
            "DPCoordinatorProc.run_coordinator(engine_count, front, output, back, min_stats_update_interval_ms=50)",
        ),
    ),
]

# --- #49204 (59a6b0411d): EngineState.request_counts [waiting, running] -> [waiting, running, kv_cache_usage]
RQ = "59a6b0411d"
RQW = "EngineState.request_counts grows a third value"
CASES += [
    (
        "#49204 list shape grew",
        "a pair unpacked off a typed engine state",
        K(
            "#49204",
            RQ,
            RQW,
            "vllm/aeon/rq1.py",
            "from vllm.v1.engine.coordinator import EngineState\n\n\n"
            "def aeon_load(state: EngineState) -> int:\n"
            "    # AEON: the Spark's router weighs waiting requests double\n"
            "    waiting, running = state.request_counts\n"
            "    return 2 * waiting + running\n",
            "waiting, running = state.request_counts",
        ),
    ),
    (
        "#49204 list shape grew",
        "pairs unpacked in a loop over the coordinator's counts",
        K(
            "#49204",
            RQ,
            RQW,
            "vllm/aeon/rq2.py",
            "from vllm.v1.engine.coordinator import DPCoordinatorProc\n\n\n"
            "class AeonCoordinatorProc(DPCoordinatorProc):\n"
            "    def aeon_busiest(self) -> int:\n"
            "        # AEON: log the busiest engine on the Spark\n"
            "        loads = []\n"
            "        for waiting, running in self._get_engine_counts():\n"
            "            loads.append(waiting + running)\n"
            "        return max(loads)\n",
            "for waiting, running in self._get_engine_counts():",
        ),
    ),
    (
        "#49204 list shape grew",
        "twin: the head read by index",
        K(
            "#49204",
            RQ,
            RQW,
            "vllm/aeon/rq3.py",
            "from vllm.v1.engine.coordinator import EngineState\n\n\n"
            "def aeon_waiting(state: EngineState) -> int:\n"
            "    return state.request_counts[0]\n",
            "return state.request_counts[0]",
        ),
    ),
]

# --- #15988 (0d6e187e88): StatelessProcessGroup gains a required ``socket`` field before data_expiration_seconds
SP = "0d6e187e88"
SPW = "StatelessProcessGroup: required socket field inserted"
SPH = "from torch.distributed import TCPStore\n\nfrom vllm.distributed.utils import StatelessProcessGroup\n\n\n"
CASES += [
    (
        "#15988 required dataclass field added",
        "the dataclass built by keyword",
        K(
            "#15988",
            SP,
            SPW,
            "vllm/aeon/sp1.py",
            SPH + "def aeon_group(store: TCPStore, rank: int, world_size: int) -> StatelessProcessGroup:\n"
            "    # AEON: the Spark's nodes share the launcher's store\n"
            "    return StatelessProcessGroup(rank=rank, world_size=world_size, store=store)\n",
            "return StatelessProcessGroup(rank=rank, world_size=world_size, store=store)",
        ),
    ),
    (
        "#15988 required dataclass field added",
        "a positional expiry now lands on the socket",
        K(
            "#15988",
            SP,
            SPW,
            "vllm/aeon/sp2.py",
            SPH + "def aeon_group2(store: TCPStore, rank: int, world_size: int) -> StatelessProcessGroup:\n"
            "    # AEON: metadata expires after ten minutes on the Spark\n"
            "    return StatelessProcessGroup(rank, world_size, store, 600)\n",
            "return StatelessProcessGroup(rank, world_size, store, 600)",
        ),
    ),
    (
        "#15988 required dataclass field added",
        "twin: the group built through create()",
        K(
            "#15988",
            SP,
            SPW,
            "vllm/aeon/sp3.py",
            SPH + "def aeon_group3(host: str, port: int, rank: int, world_size: int) -> StatelessProcessGroup:\n"
            "    return StatelessProcessGroup.create(host=host, port=port, rank=rank, world_size=world_size)\n",
            "return StatelessProcessGroup.create(host=host, port=port, rank=rank, world_size=world_size)",
        ),
    ),
]

# --- #23691 (b316ac6589): WorkerProcHandle.from_unready_handle gains a required peer_worker_response_mqs;
#     worker_response_mq made Optional
WH = "b316ac6589"
WHW = "from_unready_handle: required peer_worker_response_mqs; worker_response_mq Optional"
WHH = "from vllm.v1.executor.multiproc_executor import WorkerProcHandle\n\n\n"
CASES += [
    (
        "#23691 required parameter added",
        "a two-argument classmethod call",
        K(
            "#23691",
            WH,
            WHW,
            "vllm/aeon/wh1.py",
            WHH + "def aeon_handle(unready, response_mq) -> WorkerProcHandle:\n"
            "    # AEON: the Spark's executor builds its handles itself\n"
            "    return WorkerProcHandle.from_unready_handle(unready, response_mq)\n",
            "return WorkerProcHandle.from_unready_handle(unready, response_mq)",
        ),
    ),
    (
        "#23691 field made Optional",
        "a method called off the now-Optional queue",
        K(
            "#23691",
            WH,
            WHW,
            "vllm/aeon/wh2.py",
            WHH + "def aeon_drain(handle: WorkerProcHandle) -> object:\n"
            "    # AEON: drain the worker's answer on the Spark's watchdog\n"
            "    return handle.worker_response_mq.dequeue(timeout=5)\n",
            "return handle.worker_response_mq.dequeue(timeout=5)",
        ),
    ),
    (
        "#23691 field made Optional",
        "twin: the process sentinel read",
        K(
            "#23691",
            WH,
            WHW,
            "vllm/aeon/wh3.py",
            WHH + "def aeon_sentinel(handle: WorkerProcHandle) -> int:\n    return handle.proc.sentinel\n",
            "return handle.proc.sentinel",
        ),
    ),
]

# --- #21445 (6da0078523): CoordinatorProc renamed DPCoordinatorProc
CP = "6da0078523"
CPW = "CoordinatorProc -> DPCoordinatorProc"
CASES += [
    (
        "#21445 class renamed",
        "a subclass of the old name",
        K(
            "#21445",
            CP,
            CPW,
            "vllm/aeon/cp1.py",
            "from vllm.v1.engine.coordinator import CoordinatorProc\n\n\n"
            "class AeonCoordinatorProc(CoordinatorProc):\n"
            "    # AEON: the Spark's coordinator tags its stats\n"
            "    def aeon_tag(self) -> str:\n"
            "        return 'spark'\n",
            "from vllm.v1.engine.coordinator import CoordinatorProc",
        ),
    ),
    (
        "#21445 class renamed",
        "a module attribute as a process target",
        K(
            "#21445",
            CP,
            CPW,
            "vllm/aeon/cp2.py",
            "import multiprocessing\n\n"
            "from vllm.v1.engine import coordinator as dp_coordinator\n\n\n"
            "def aeon_spawn(engine_count: int, front: str, output: str, back: str) -> multiprocessing.Process:\n"
            "    # AEON: the Spark runs the coordinator under its own supervisor\n"
            "    target = dp_coordinator.CoordinatorProc.run_coordinator\n"
            "    return multiprocessing.Process(target=target, args=(engine_count, front, output, back))\n",
            "target = dp_coordinator.CoordinatorProc.run_coordinator",
        ),
    ),
    (
        "#21445 class renamed",
        "twin: the kept DPCoordinator",
        K(
            "#21445",
            CP,
            CPW,
            "vllm/aeon/cp3.py",
            "from vllm.v1.engine.coordinator import DPCoordinator\n\n\n"
            "def aeon_stats_address(coordinator: DPCoordinator) -> str:\n"
            "    return coordinator.get_stats_publish_address()\n",
            "return coordinator.get_stats_publish_address()",
        ),
    ),
]

# --- #19790 (657f2f301a): the engine process managers and startup barrier moved from vllm/v1/utils.py to the
#     new vllm/v1/engine/utils.py
MV = "657f2f301a"
MVW = "CoreEngine*/EngineZmqAddresses/STARTUP_POLL_PERIOD_MS moved to vllm.v1.engine.utils"
CASES += [
    (
        "#19790 names moved to a new module",
        "an import of the moved manager",
        K(
            "#19790",
            MV,
            MVW,
            "vllm/aeon/mv1.py",
            "from vllm.v1.utils import CoreEngineProcManager, EngineZmqAddresses\n\n\n"
            "def aeon_pids(manager: CoreEngineProcManager, addresses: EngineZmqAddresses) -> list[int]:\n"
            "    # AEON: the Spark's supervisor records the engine pids\n"
            "    return [proc.pid for proc in manager.processes]\n",
            "from vllm.v1.utils import CoreEngineProcManager, EngineZmqAddresses",
        ),
    ),
    (
        "#19790 names moved to a new module",
        "a module-attribute read of the moved constant",
        K(
            "#19790",
            MV,
            MVW,
            "vllm/aeon/mv2.py",
            "from vllm.v1 import utils as v1_utils\n\n\n"
            "def aeon_startup_poll_ms() -> int:\n"
            "    # AEON: the Spark's slow NFS start-up polls three times as long\n"
            "    return 3 * v1_utils.STARTUP_POLL_PERIOD_MS\n",
            "return 3 * v1_utils.STARTUP_POLL_PERIOD_MS",
        ),
    ),
    (
        "#19790 names moved to a new module",
        "twin: the kept helpers",
        K(
            "#19790",
            MV,
            MVW,
            "vllm/aeon/mv3.py",
            "from vllm.v1.utils import APIServerProcessManager, get_engine_client_zmq_addr\n\n\n"
            "def aeon_addr(host: str, manager: APIServerProcessManager) -> str:\n"
            "    return get_engine_client_zmq_addr(False, host)\n",
            "from vllm.v1.utils import APIServerProcessManager, get_engine_client_zmq_addr",
        ),
    ),
]

# --- #19544 (f39ab2d4bd): multiproc_executor's EXECUTE_MODEL_TIMEOUT_S / POLLING_TIMEOUT_* removed (the env var
#     VLLM_EXECUTE_MODEL_TIMEOUT_SECONDS instead)
ET = "f39ab2d4bd"
ETW = "EXECUTE_MODEL_TIMEOUT_S removed"
CASES += [
    (
        "#19544 module constant removed",
        "a monkeypatch of the removed constant",
        K(
            "#19544",
            ET,
            ETW,
            "vllm/aeon/et1.py",
            "from vllm.v1.executor import multiproc_executor\n\n\n"
            "def aeon_patch_timeouts() -> None:\n"
            "    # AEON: the Spark's first CUDA-graph capture is slow; give execute_model 15 minutes\n"
            "    multiproc_executor.EXECUTE_MODEL_TIMEOUT_S = 900\n",
            "multiproc_executor.EXECUTE_MODEL_TIMEOUT_S = 900",
        ),
    ),
    (
        "#19544 module constant removed",
        "an import of the removed constant",
        K(
            "#19544",
            ET,
            ETW,
            "vllm/aeon/et2.py",
            "from vllm.v1.executor.multiproc_executor import EXECUTE_MODEL_TIMEOUT_S\n\n\n"
            "def aeon_deadline(now: float) -> float:\n"
            "    return now + EXECUTE_MODEL_TIMEOUT_S\n",
            "from vllm.v1.executor.multiproc_executor import EXECUTE_MODEL_TIMEOUT_S",
        ),
    ),
    (
        "#19544 module constant removed",
        "twin: the executor class imported",
        K(
            "#19544",
            ET,
            ETW,
            "vllm/aeon/et3.py",
            "from vllm.v1.executor.multiproc_executor import MultiprocExecutor\n\n\n"
            "class AeonExecutor(MultiprocExecutor):\n"
            "    def aeon_world(self) -> int:\n"
            "        return self.world_size\n",
            "from vllm.v1.executor.multiproc_executor import MultiprocExecutor",
        ),
    ),
]

# --- #50999 (11ba93f364): multiproc_executor rendezvouses through get_file_store_init_method(); it no longer
#     imports get_distributed_init_method / get_loopback_ip / get_open_port
FS = "11ba93f364"
FSW = "multiproc_executor no longer uses get_distributed_init_method/get_open_port"
CASES += [
    (
        "#50999 patched helper no longer used",
        "a monkeypatch of the helper the module dropped",
        K(
            "#50999",
            FS,
            FSW,
            "vllm/aeon/fs1.py",
            "from vllm.v1.executor import multiproc_executor\n\n\n"
            "def _aeon_init_method(ip: str, port: int) -> str:\n"
            "    return f'tcp://{ip}:{port}'\n\n\n"
            "def aeon_patch_rendezvous() -> None:\n"
            "    # AEON: the Spark's workers rendezvous on the NVLink-C2C address\n"
            "    multiproc_executor.get_distributed_init_method = _aeon_init_method\n",
            "multiproc_executor.get_distributed_init_method = _aeon_init_method",
        ),
    ),
    (
        "#50999 patched helper no longer used",
        "a mock.patch target string",
        K(
            "#50999",
            FS,
            FSW,
            "vllm/aeon/fs2.py",
            "from unittest import mock\n\n\n"
            "def aeon_pinned_port():\n"
            "    # AEON: the Spark's firewall opens one port for the workers' rendezvous\n"
            "    return mock.patch('vllm.v1.executor.multiproc_executor.get_open_port', return_value=29555)\n",
            "return mock.patch('vllm.v1.executor.multiproc_executor.get_open_port', return_value=29555)",
        ),
    ),
    (
        "#50999 patched helper no longer used",
        "twin: a monkeypatch of a helper still used",
        K(
            "#50999",
            FS,
            FSW,
            "vllm/aeon/fs3.py",
            "import multiprocessing\n\n"
            "from vllm.v1.executor import multiproc_executor\n\n\n"
            "def aeon_patch_context() -> None:\n"
            "    multiproc_executor.get_mp_context = lambda: multiprocessing.get_context('spawn')\n",
            "multiproc_executor.get_mp_context = lambda: multiprocessing.get_context('spawn')",
        ),
    ),
]

# --- #20452 (a5b84f1cbf): WorkerProc.make_worker_process / WorkerProc.__init__ gain a required shared_worker_lock
WP = "a5b84f1cbf"
WPW = "WorkerProc: required shared_worker_lock"
WPH = "from vllm.v1.executor.multiproc_executor import WorkerProc\n\n\n"
CASES += [
    (
        "#20452 required parameter added",
        "the worker started by keyword without the lock",
        K(
            "#20452",
            WP,
            WPW,
            "vllm/aeon/wp1.py",
            WPH + "def aeon_start_worker(vllm_config, rank: int, init_method: str, shm_handle):\n"
            "    # AEON: the Spark's executor starts its one worker itself\n"
            "    return WorkerProc.make_worker_process(\n"
            "        vllm_config=vllm_config, local_rank=rank, rank=rank,\n"
            "        distributed_init_method=init_method, input_shm_handle=shm_handle,\n"
            "    )\n",
            "return WorkerProc.make_worker_process(",
        ),
    ),
    (
        "#20452 required parameter added",
        "an override's super().__init__ short of the lock",
        K(
            "#20452",
            WP,
            WPW,
            "vllm/aeon/wp2.py",
            WPH + "class AeonWorkerProc(WorkerProc):\n"
            "    def __init__(self, vllm_config, local_rank, rank, distributed_init_method, input_shm_handle):\n"
            "        # AEON: pin the worker to the Spark's big cores before the model loads\n"
            "        super().__init__(vllm_config, local_rank, rank, distributed_init_method, input_shm_handle)\n",
            "super().__init__(vllm_config, local_rank, rank, distributed_init_method, input_shm_handle)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-dpcoord-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
