"""A blind replay of the executors and the parallel state a fork's executor or worker code is written against.

9 first-parent commits on ``vllm/v1/executor/{abstract,multiproc_executor,ray_distributed_executor}.py`` and
``vllm/distributed/parallel_state.py`` -- the surface a fork's executor subclass, worker process or graph-capture
code carries code against: ``graph_capture`` given a required ``device``, ``get_kv_transfer_group`` /
``ensure_kv_transfer_initialized`` removed from the parallel state (and so from the package's star re-export),
``Executor.get_kv_cache_spec`` renamed ``get_kv_cache_specs``, ``Executor.initialize`` renamed
``initialize_from_config``, ``MultiprocExecutor._ensure_worker_termination`` made a static method taking the
processes, ``MultiprocExecutor``'s ``_aggregate_workers_output`` and its remaining-count tables removed and the
Ray ``FutureWrapper`` given a list of refs instead of one ``ref``, the Ray and multiproc executors' KV output
aggregator no longer built in ``_init_executor``, ``MultiprocExecutor.io_thread_pool`` removed (and
``collective_rpc`` with ``unique_reply_rank`` returning the one reply, not a list), and
``WorkerProc.make_worker_process`` / ``WorkerProc.__init__`` given a required ``is_driver_worker`` -- picked by
scanning those paths' diffs (``git log --first-parent -p``), avoiding the commits the other replays use
(``blind_replay_executor.py`` and ``blind_replay_distributed.py`` among them).  Each is replayed under 1-3 fork
spellings written the way fork code is written (an import, a module-attribute call, a ``with`` on a context
manager, a subclass's ``self.``/``super()`` use, a call on a receiver typed as the class, a keyword call on the
class), with twins (fork code the commit does not break: the kept method or attribute, the new spelling).  The
merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on
its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at ffcdfb39; the replay committed as 3f08d7a3 before its first run):
15 caught, 0 warned, 3 missed of 18 (twins: 9 quiet, 0 false errors).  The misses: #15960's import through the
package's star re-export (``from vllm.distributed import ensure_kv_transfer_initialized``: the distributed
package's ``__init__``, ``from .parallel_state import *``, is unchanged, and the import check skipped every name of
an unchanged package), #23917's read of ``self.kv_output_aggregator`` after ``super()._init_executor()`` (the
field left the multiproc executor for the executor base, set to None after the constructor's hook and built by a
setup step the engine core runs later: symbol drift sees the base's store, and stopped-write drift skipped the
method, which hands ``self`` to ``weakref.finalize``, and skipped a field the class no longer stores at all), and
#28319's one-element unpack of ``collective_rpc(..., unique_reply_rank=...)`` (the call now returns the one reply,
not a one-item list).

After the killers148 widenings: 16 caught, 1 warned, 1 missed of 18 (twins: 9 quiet, 0 false errors).  Caught
now: a name an unchanged package hands on only through a star import, gone from the starred module (symbol drift's
import check, ``drift/symbols.py``).  Warned now: a field upstream's class stores nowhere any more while a base of
another module may set it, read after the method that used to store it (stopped-write drift,
``drift/stopped_writes.py``; a warning because whether the base's store runs first -- here it runs after the
constructor's hook, or later still -- takes following the base's constructor across modules, which the check does
not do), with ``weakref.finalize(self, ...)`` no hand-on.  Left missed: #28319's unpack -- the return annotation
still admits a list (``Any | list[Any] | Future[...]``) and only the body's ``responses[0] if unique_reply_rank is
not None else responses`` tells the shape hangs on the keyword; no check reads a return shape off a keyword.
Regression set at the widenings' head: killer_replay 26/26, kind_change_replay 12/12 (5 twins quiet),
review15/16/17_twins 0 false errors (40, 30 (4 warned, as on main), 23 (2 warned, as on main) twins),
review18_twins 0 false of 41, review25_twins 0 false of 26 (3 warned, as on main), blind_replay_executor 19/19
(11 twins quiet, 1 warned as on main), blind_replay_distributed 20/20 (9 quiet), blind_replay_protocol 19/19 (12
quiet), ``symbol_precision.py --windows 1`` 0 false errors.

After mend51: 17 caught, 1 warned, 0 missed of 18 (twins: 9 quiet, 0 false errors).  Caught now: #28319's unpack
-- the callee's body (a nested def whose call it returns) answers ``responses[0] if unique_reply_rank is not None
else responses``, and the fork's call passes the keyword and unpacks into one name (return drift,
``drift/keyword_shapes.py``).

  python benchmarks/blind_replay_rayexec.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #11233 (300acb8347): parallel_state.graph_capture() given a required device
GC = "300acb8347"
GCW = "graph_capture() -> graph_capture(device)"
CASES += [
    (
        "#11233 parameter required",
        "a with on the imported function",
        K(
            "#11233",
            GC,
            GCW,
            "vllm/aeon/gc1.py",
            "from vllm.distributed.parallel_state import graph_capture\n\n\n"
            "def aeon_capture(run) -> None:\n"
            "    # AEON: the Spark captures its own decode graphs on the TP group's stream\n"
            "    with graph_capture() as context:\n"
            "        run(context.stream)\n",
            "with graph_capture() as context:",
        ),
    ),
    (
        "#11233 parameter required",
        "a module-attribute call",
        K(
            "#11233",
            GC,
            GCW,
            "vllm/aeon/gc2.py",
            "from vllm.distributed import parallel_state as ps\n\n\n"
            "def aeon_capture_stream():\n"
            "    with ps.graph_capture() as ctx:\n"
            "        return ctx.stream\n",
            "with ps.graph_capture() as ctx:",
        ),
    ),
    (
        "#11233 parameter required",
        "twin: the group's own graph_capture kept",
        K(
            "#11233",
            GC,
            GCW,
            "vllm/aeon/gc3.py",
            "from vllm.distributed.parallel_state import get_tp_group\n\n\n"
            "def aeon_tp_capture(run) -> None:\n"
            "    with get_tp_group().graph_capture() as context:\n"
            "        run(context.stream)\n",
            "with get_tp_group().graph_capture() as context:",
        ),
    ),
]

# --- #15960 (3408e47159): get_kv_transfer_group / ensure_kv_transfer_initialized removed from parallel_state
KT = "3408e47159"
KTW = "parallel_state.get_kv_transfer_group removed"
CASES += [
    (
        "#15960 function removed",
        "an import from the module",
        K(
            "#15960",
            KT,
            KTW,
            "vllm/aeon/kt1.py",
            "from vllm.distributed.parallel_state import get_kv_transfer_group\n\n\n"
            "def aeon_kv_agent():\n"
            "    return get_kv_transfer_group()\n",
            "from vllm.distributed.parallel_state import get_kv_transfer_group",
        ),
    ),
    (
        "#15960 function removed",
        "an import through the package's star re-export",
        K(
            "#15960",
            KT,
            KTW,
            "vllm/aeon/kt2.py",
            "from vllm.distributed import ensure_kv_transfer_initialized\n\n\n"
            "def aeon_init_kv(vllm_config) -> None:\n"
            "    # AEON: the Spark's prefill node joins the KV transfer group at worker start\n"
            "    ensure_kv_transfer_initialized(vllm_config)\n",
            "from vllm.distributed import ensure_kv_transfer_initialized",
        ),
    ),
    (
        "#15960 function removed",
        "a module-attribute call",
        K(
            "#15960",
            KT,
            KTW,
            "vllm/aeon/kt3.py",
            "import vllm.distributed.parallel_state as parallel_state\n\n\n"
            "def aeon_has_kv_agent() -> bool:\n"
            "    return parallel_state.get_kv_transfer_group() is not None\n",
            "return parallel_state.get_kv_transfer_group() is not None",
        ),
    ),
    (
        "#15960 function removed",
        "twin: get_pp_group kept",
        K(
            "#15960",
            KT,
            KTW,
            "vllm/aeon/kt4.py",
            "from vllm.distributed.parallel_state import get_pp_group\n\n\n"
            "def aeon_is_last() -> bool:\n"
            "    return get_pp_group().is_last_rank\n",
            "from vllm.distributed.parallel_state import get_pp_group",
        ),
    ),
]

# --- #12996 (9605c1256e): Executor.get_kv_cache_spec -> get_kv_cache_specs
KS = "9605c1256e"
KSW = "Executor.get_kv_cache_spec renamed get_kv_cache_specs"
EXE = "from vllm.v1.executor.abstract import Executor\n\n\n"
CASES += [
    (
        "#12996 method renamed",
        "a call on a receiver typed as the class",
        K(
            "#12996",
            KS,
            KSW,
            "vllm/aeon/ks1.py",
            EXE + "def aeon_layer_names(executor: Executor) -> list[str]:\n"
            "    spec = executor.get_kv_cache_spec()\n"
            "    return sorted(spec)\n",
            "spec = executor.get_kv_cache_spec()",
        ),
    ),
    (
        "#12996 method renamed",
        "a subclass override calling super()",
        K(
            "#12996",
            KS,
            KSW,
            "vllm/aeon/ks2.py",
            "from vllm.v1.executor.multiproc_executor import MultiprocExecutor\n\n\n"
            "class AeonExecutor(MultiprocExecutor):\n"
            "    def get_kv_cache_spec(self):\n"
            "        # AEON: drop the draft model's layers from the spec the scheduler sizes\n"
            "        spec = super().get_kv_cache_spec()\n"
            '        return {k: v for k, v in spec.items() if not k.startswith("draft.")}\n',
            "spec = super().get_kv_cache_spec()",
        ),
    ),
    (
        "#12996 method renamed",
        "twin: determine_available_memory kept",
        K(
            "#12996",
            KS,
            KSW,
            "vllm/aeon/ks3.py",
            EXE + "def aeon_free_bytes(executor: Executor) -> int:\n    return executor.determine_available_memory()\n",
            "return executor.determine_available_memory()",
        ),
    ),
]

# --- #13642 (eb24dc4a45): Executor.initialize -> initialize_from_config
IN = "eb24dc4a45"
INW = "Executor.initialize renamed initialize_from_config"
CASES += [
    (
        "#13642 method renamed",
        "a subclass's self. call",
        K(
            "#13642",
            IN,
            INW,
            "vllm/aeon/in1.py",
            "from vllm.v1.executor.multiproc_executor import MultiprocExecutor\n\n\n"
            "class AeonExecutor(MultiprocExecutor):\n"
            "    def aeon_reinit(self, kv_cache_configs) -> None:\n"
            "        # AEON: rebuild the KV cache after the Spark's memory rebalance\n"
            "        self.initialize(kv_cache_configs)\n",
            "self.initialize(kv_cache_configs)",
        ),
    ),
    (
        "#13642 method renamed",
        "a call on a receiver typed as the class",
        K(
            "#13642",
            IN,
            INW,
            "vllm/aeon/in2.py",
            EXE + "def aeon_setup(executor: Executor, kv_cache_configs) -> None:\n"
            "    executor.initialize(kv_cache_configs)\n",
            "executor.initialize(kv_cache_configs)",
        ),
    ),
    (
        "#13642 method renamed",
        "twin: get_kv_cache_specs kept",
        K(
            "#13642",
            IN,
            INW,
            "vllm/aeon/in3.py",
            EXE + "def aeon_specs(executor: Executor) -> list:\n    return executor.get_kv_cache_specs()\n",
            "return executor.get_kv_cache_specs()",
        ),
    ),
]

# --- #11737 (2b05b8ce69): MultiprocExecutor._ensure_worker_termination(self) -> a static method of the processes
ET = "2b05b8ce69"
ETW = "_ensure_worker_termination made static, given worker_procs"
MPE = "from vllm.v1.executor.multiproc_executor import MultiprocExecutor\n\n\n"
CASES += [
    (
        "#11737 parameter inserted",
        "a subclass's self. call",
        K(
            "#11737",
            ET,
            ETW,
            "vllm/aeon/et1.py",
            MPE + "class AeonExecutor(MultiprocExecutor):\n"
            "    def aeon_hard_stop(self) -> None:\n"
            "        # AEON: a wedged GB10 worker must not outlive the engine\n"
            "        self._ensure_worker_termination()\n",
            "self._ensure_worker_termination()",
        ),
    ),
    (
        "#11737 parameter inserted",
        "twin: shutdown kept",
        K(
            "#11737",
            ET,
            ETW,
            "vllm/aeon/et2.py",
            MPE + "class AeonExecutor(MultiprocExecutor):\n    def aeon_stop(self) -> None:\n        self.shutdown()\n",
            "self.shutdown()",
        ),
    ),
]

# --- #21072 (9f414a12ad): _aggregate_workers_output and the remaining counts removed; FutureWrapper(ref) -> (refs, ...)
AG = "9f414a12ad"
AGW = "MultiprocExecutor._aggregate_workers_output removed; FutureWrapper.ref -> refs"
CASES += [
    (
        "#21072 method removed",
        "a subclass's self. call",
        K(
            "#21072",
            AG,
            AGW,
            "vllm/aeon/ag1.py",
            MPE + "class AeonExecutor(MultiprocExecutor):\n"
            "    def aeon_merge(self, outputs):\n"
            "        # AEON: the Spark's disaggregated prefill merges finished transfers itself\n"
            "        return self._aggregate_workers_output(outputs)\n",
            "return self._aggregate_workers_output(outputs)",
        ),
    ),
    (
        "#21072 attribute removed",
        "a subclass's self. read",
        K(
            "#21072",
            AG,
            AGW,
            "vllm/aeon/ag2.py",
            MPE + "class AeonExecutor(MultiprocExecutor):\n"
            "    def aeon_pending_recv(self) -> int:\n"
            "        return len(self._recv_remaining_count)\n",
            "return len(self._recv_remaining_count)",
        ),
    ),
    (
        "#21072 attribute renamed",
        "a FutureWrapper subclass's self.ref",
        K(
            "#21072",
            AG,
            AGW,
            "vllm/aeon/ag3.py",
            "from vllm.v1.executor.ray_distributed_executor import FutureWrapper\n\n\n"
            "class AeonFuture(FutureWrapper):\n"
            "    def result(self, timeout=None):\n"
            "        # AEON: the Spark's Ray cluster honours a timeout\n"
            "        return self.ref.get(timeout=timeout)\n",
            "return self.ref.get(timeout=timeout)",
        ),
    ),
    (
        "#21072 method removed",
        "twin: collective_rpc kept",
        K(
            "#21072",
            AG,
            AGW,
            "vllm/aeon/ag4.py",
            MPE + "class AeonExecutor(MultiprocExecutor):\n"
            "    def aeon_ping(self) -> list:\n"
            '        return self.collective_rpc("check_health")\n',
            'return self.collective_rpc("check_health")',
        ),
    ),
]

# --- #23917 (8de261b04a): kv_output_aggregator no longer built in _init_executor (the engine core builds it later)
KA = "8de261b04a"
KAW = "self.kv_output_aggregator no longer set in _init_executor"
CASES += [
    (
        "#23917 attribute set later",
        "a subclass's _init_executor read after super()",
        K(
            "#23917",
            KA,
            KAW,
            "vllm/aeon/ka1.py",
            MPE + "class AeonExecutor(MultiprocExecutor):\n"
            "    def _init_executor(self) -> None:\n"
            "        super()._init_executor()\n"
            "        # AEON: keep a handle for the Spark's transfer metrics\n"
            "        self.aeon_aggregator = self.kv_output_aggregator\n",
            "self.aeon_aggregator = self.kv_output_aggregator",
        ),
    ),
    (
        "#23917 attribute set later",
        "twin: output_rank kept",
        K(
            "#23917",
            KA,
            KAW,
            "vllm/aeon/ka2.py",
            MPE + "class AeonExecutor(MultiprocExecutor):\n"
            "    def _init_executor(self) -> None:\n"
            "        super()._init_executor()\n"
            "        self.aeon_rank = self.output_rank\n",
            "self.aeon_rank = self.output_rank",
        ),
    ),
]

# --- #28319 (67a2da890e): MultiprocExecutor.io_thread_pool removed; collective_rpc(unique_reply_rank=) one reply
IO = "67a2da890e"
IOW = "MultiprocExecutor.io_thread_pool removed; unique_reply_rank returns one reply"
CASES += [
    (
        "#28319 attribute removed",
        "a subclass's self. call",
        K(
            "#28319",
            IO,
            IOW,
            "vllm/aeon/io1.py",
            MPE + "class AeonExecutor(MultiprocExecutor):\n"
            "    def aeon_async(self, fn):\n"
            "        # AEON: the Spark's stats poll rides the executor's IO thread\n"
            "        return self.io_thread_pool.submit(fn)\n",
            "return self.io_thread_pool.submit(fn)",
        ),
    ),
    (
        "#28319 return shape changed",
        "a one-element unpack of the reply list",
        K(
            "#28319",
            IO,
            IOW,
            "vllm/aeon/io2.py",
            MPE + "class AeonExecutor(MultiprocExecutor):\n"
            "    def aeon_driver_stats(self) -> dict:\n"
            '        (stats,) = self.collective_rpc("aeon_stats", unique_reply_rank=self.output_rank)\n'
            "        return stats\n",
            '(stats,) = self.collective_rpc("aeon_stats", unique_reply_rank=self.output_rank)',
        ),
    ),
    (
        "#28319 attribute removed",
        "twin: shutdown_event kept",
        K(
            "#28319",
            IO,
            IOW,
            "vllm/aeon/io3.py",
            MPE + "class AeonExecutor(MultiprocExecutor):\n"
            "    def aeon_stopping(self) -> bool:\n"
            "        return self.shutdown_event.is_set()\n",
            "return self.shutdown_event.is_set()",
        ),
    ),
]

# --- #28506 (484e22bc18): WorkerProc.make_worker_process / WorkerProc.__init__ given a required is_driver_worker
DW = "484e22bc18"
DWW = "WorkerProc gained a required is_driver_worker"
WP = "from vllm.v1.executor.multiproc_executor import WorkerProc\n\n\n"
CASES += [
    (
        "#28506 parameter inserted",
        "a keyword call on the class",
        K(
            "#28506",
            DW,
            DWW,
            "vllm/aeon/dw1.py",
            WP + "def aeon_spawn(vllm_config, local_rank, rank, init_method, shm_handle, lock):\n"
            "    # AEON: the Spark's spare GPU gets a worker started outside the executor\n"
            "    return WorkerProc.make_worker_process(\n"
            "        vllm_config=vllm_config,\n"
            "        local_rank=local_rank,\n"
            "        rank=rank,\n"
            "        distributed_init_method=init_method,\n"
            "        input_shm_handle=shm_handle,\n"
            "        shared_worker_lock=lock,\n"
            "    )\n",
            "return WorkerProc.make_worker_process(",
        ),
    ),
    (
        "#28506 parameter inserted",
        "a subclass's super().__init__",
        K(
            "#28506",
            DW,
            DWW,
            "vllm/aeon/dw2.py",
            WP + "class AeonWorkerProc(WorkerProc):\n"
            "    def __init__(self, vllm_config, local_rank, rank, distributed_init_method, input_shm_handle, lock):\n"
            "        super().__init__(vllm_config, local_rank, rank, distributed_init_method, input_shm_handle, lock)\n"
            "        self.aeon_started = True\n",
            "super().__init__(vllm_config, local_rank, rank, distributed_init_method, input_shm_handle, lock)",
        ),
    ),
    (
        "#28506 parameter inserted",
        "twin: world_size still set (now by a helper)",
        K(
            "#28506",
            DW,
            DWW,
            "vllm/aeon/dw3.py",
            MPE + "class AeonExecutor(MultiprocExecutor):\n"
            "    def aeon_ranks(self) -> range:\n"
            "        return range(self.world_size)\n",
            "return range(self.world_size)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-rayexec-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
