"""A second blind replay of the v1 GPU worker a fork's Spark worker subclasses, overrides, calls and reads.

10 first-parent commits on ``vllm/v1/worker/gpu_worker.py`` the first gpuworker replay, the runner and the
cgwarmup replays leave alone -- the worker a fork subclasses for GB10 unified-memory accounting, its MTP
drafter's sleep path, its NIXL handshake and its own teardown: ``Worker.initialize`` renamed ``init_device``
(#11256), ``Worker.wake_up`` given ``tags`` the executor now passes by keyword (#15500), ``Worker.init_gpu_memory``
replaced by an ``init_snapshot`` (#19312), ``Worker.shutdown`` added and called by the worker wrapper's
shutdown (#22699), ``execute_model`` now returning an ``AsyncModelRunnerOutput`` under async scheduling
(#23569), ``MemorySnapshot``/``memory_profiling``/``GiB_bytes`` moved out of ``vllm.utils`` (#27143),
``GPUModelRunner`` no longer imported by ``gpu_worker`` at run time (#29987), the handshake metadata keyed by
``(pp_rank, tp_rank)`` instead of ``tp_rank`` (#43720), ``Worker._uses_pynvvideocodec_video_backend`` renamed
``_uses_gpu_video_backend`` (#47259) and ``Worker._sleep_rebuild_draft_metadata_buffers`` removed (#49774) --
picked by scanning the path's diff (``git log --first-parent -p``), avoiding the commits every other replay
uses.  Each is replayed under 1-3 fork spellings written the way fork code is written (a subclass override
calling ``super()``, a ``self.`` read, a ``self.`` write of a flag upstream no longer reads, a read off a
receiver typed as the worker, an import, a module attribute, a ``getattr`` with a literal, an override with
a narrower signature than upstream's new call, a namesake method upstream's base now defines and calls, an
index and a comparison of a dict's keys, a read off a return now a union), with twins (fork code the commit
does not break: the kept attribute or method, the new home of a moved name, a kept name of the same module,
a guard, an unrelated class's namesake).  The merge base is the commit's first parent, upstream is the
commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in its file.
Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 8485ae9c): 17 caught, 1 warned, 4 missed of 22 (twins: 11
quiet, 0 false errors).  The warned one is #22699's namesake ``shutdown(self)`` that fits upstream's new no-argument
call but does not run the new base's body (the KV connector's shutdown): symbol drift warns on a fork method the
new base method now routes through, an error only when the call cannot bind.  The misses: #23569's two (a field
``sampled_token_ids``/``req_ids`` read off ``execute_model``'s return, which upstream's annotation widened to a
union with ``AsyncModelRunnerOutput``, a class that has neither: AttributeError under async scheduling), and
#43720's two (``get_kv_connector_handshake_metadata``'s dict now keyed by a ``(pp_rank, tp_rank)`` tuple: an int
index raises KeyError, an ``== 0`` test of a key is silently never true).
After the killers195 widenings: 21 caught, 1 warned, 0 missed of 22 (twins: 11 quiet, 0 false errors).  Caught
now: a return union that gained a project's class whose whole surface is read and lacks the member the fork reads
off the result, upstream's own code telling the members apart with ``isinstance`` (confirmed-union drift,
``drift/confirmed_unions.py``, with the class read by ``drift/tree_surfaces.py``; the ``Union[...]`` spelling
counted as ``|`` is), and a def's returned dict upstream re-keyed by tuples, looked up or compared by a single key
(``drift/rekeyed_returns.py``: the base's own key expression or a literal an error, a key of unshown kind a
warning).  The warned one stays a warning by design (#22699's namesake that fits the new call).
Regression set at the widenings' head: killer_replay 26/26, kind_change_replay 12/12 (5 twins quiet),
blind_replay_tfutils 18 caught, 1 warned of 19 (13 quiet, as before), review21_twins 5/5 and 0 false errors of 30,
key_replay 6/7 re-keyings and 5/5 literal lookups caught, 0/12 twins with a false finding (the #17996 miss as
before), review9_twins 0/55 false, blind_replay_gpuworker 26 caught, 2 warned of 28 (14 quiet, as before),
blind_replay_asyncsched 20 caught, 1 missed of 21 (14 quiet, as before), blind_replay_runner 25 caught, 1 warned, 1
missed of 27 (16 quiet, as before).

  python benchmarks/blind_replay_gpuworker2.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

W0 = "from vllm.v1.worker.gpu_worker import Worker\n\n\n"

# --- #11256 (ad34c0df0f): Worker.initialize renamed init_device (the executors now call init_device)
IN = "ad34c0df0f"
INW = "Worker.initialize renamed init_device"
CASES += [
    (
        "#11256 method renamed",
        "a subclass override calling super()",
        K(
            "#11256",
            IN,
            INW,
            "vllm/aeon/in1.py",
            W0 + "class AeonSparkWorker(Worker):\n"
            "    def initialize(self) -> None:\n"
            "        # AEON: the Spark binds the worker to the Grace cores next to the GB10 before CUDA init\n"
            "        super().initialize()\n"
            "        self.aeon_numa_bound = True\n",
            "super().initialize()",
        ),
    ),
    (
        "#11256 method renamed",
        "a call off a receiver typed as the worker",
        K(
            "#11256",
            IN,
            INW,
            "vllm/aeon/in2.py",
            W0 + "def aeon_bring_up(worker: Worker) -> None:\n"
            "    # AEON: the Spark's single-GPU launcher drives the worker itself\n"
            "    worker.initialize()\n"
            "    worker.load_model()\n",
            "worker.initialize()",
        ),
    ),
    (
        "#11256 method renamed",
        "twin: a kept method's override",
        K(
            "#11256",
            IN,
            INW,
            "vllm/aeon/in3.py",
            W0 + "class AeonLoadWorker(Worker):\n"
            "    def load_model(self) -> None:\n"
            "        super().load_model()\n"
            "        self.aeon_loaded = True\n",
            "super().load_model()",
        ),
    ),
    (
        "#11256 method renamed",
        "twin: the fork's own namesake on a helper class",
        K(
            "#11256",
            IN,
            INW,
            "vllm/aeon/in4.py",
            "class AeonNuma:\n"
            "    def initialize(self) -> None:\n"
            "        self.bound = True\n\n\n"
            "def aeon_numa() -> AeonNuma:\n"
            "    numa = AeonNuma()\n"
            "    numa.initialize()\n"
            "    return numa\n",
            "numa.initialize()",
        ),
    ),
]

# --- #15500 (ddb94c2605): Worker.wake_up(tags=None); the executor now calls collective_rpc("wake_up", kwargs=dict(tags=tags))
WU = "ddb94c2605"
WUW = "wake_up given tags, passed by keyword"
CASES += [
    (
        "#15500 override narrower than the new call",
        "an override calling super()",
        K(
            "#15500",
            WU,
            WUW,
            "vllm/aeon/wu1.py",
            W0 + "class AeonSleepWorker(Worker):\n"
            "    def wake_up(self) -> None:\n"
            "        # AEON: the Spark re-pins the unified-memory weights after wake-up\n"
            "        super().wake_up()\n"
            "        self.aeon_repinned = True\n",
            "def wake_up(self) -> None:",
        ),
    ),
    (
        "#15500 override narrower than the new call",
        "an override driving the allocator itself",
        K(
            "#15500",
            WU,
            WUW,
            "vllm/aeon/wu2.py",
            "from vllm.device_allocator.cumem import CuMemAllocator\n" + W0 + "class AeonWakeWorker(Worker):\n"
            "    def wake_up(self):\n"
            "        allocator = CuMemAllocator.get_instance()\n"
            "        allocator.wake_up()\n"
            "        self.aeon_awake = True\n",
            "def wake_up(self):",
        ),
    ),
    (
        "#15500 override narrower than the new call",
        "twin: the kept sleep(level) override",
        K(
            "#15500",
            WU,
            WUW,
            "vllm/aeon/wu3.py",
            W0 + "class AeonNapWorker(Worker):\n"
            "    def sleep(self, level: int = 1) -> None:\n"
            "        super().sleep(level)\n"
            "        self.aeon_level = level\n",
            "def sleep(self, level: int = 1) -> None:",
        ),
    ),
]

# --- #19312 (cc867be19c): Worker.init_gpu_memory replaced by init_snapshot (a MemorySnapshot)
GM = "cc867be19c"
GMW = "init_gpu_memory replaced by init_snapshot"
CASES += [
    (
        "#19312 attribute removed",
        "a subclass override's self. read",
        K(
            "#19312",
            GM,
            GMW,
            "vllm/aeon/gm1.py",
            W0 + "class AeonUnifiedWorker(Worker):\n"
            "    def determine_available_memory(self) -> int:\n"
            "        # AEON: GB10's unified memory: cap the KV cache by what was free at start-up\n"
            "        available = super().determine_available_memory()\n"
            "        free_at_start = self.init_gpu_memory\n"
            "        return min(available, int(free_at_start * 0.8))\n",
            "free_at_start = self.init_gpu_memory",
        ),
    ),
    (
        "#19312 attribute removed",
        "a read off a receiver typed as the worker",
        K(
            "#19312",
            GM,
            GMW,
            "vllm/aeon/gm2.py",
            W0 + "def aeon_startup_free_gib(worker: Worker) -> float:\n    return worker.init_gpu_memory / (1 << 30)\n",
            "return worker.init_gpu_memory / (1 << 30)",
        ),
    ),
    (
        "#19312 attribute removed",
        "twin: kept attributes read in the same override",
        K(
            "#19312",
            GM,
            GMW,
            "vllm/aeon/gm3.py",
            W0 + "class AeonCappedWorker(Worker):\n"
            "    def determine_available_memory(self) -> int:\n"
            "        available = super().determine_available_memory()\n"
            "        util = self.cache_config.gpu_memory_utilization\n"
            "        return int(available * min(util, 0.9) / util)\n",
            "util = self.cache_config.gpu_memory_utilization",
        ),
    ),
]

# --- #22699 (61aa4b2901): Worker.shutdown added (shuts the KV connector down); the worker wrapper's shutdown calls it
SD = "61aa4b2901"
SDW = "Worker.shutdown added and called with no argument"
CASES += [
    (
        "#22699 base method added over a fork namesake",
        "a namesake with a required parameter",
        K(
            "#22699",
            SD,
            SDW,
            "vllm/aeon/sd1.py",
            W0 + "class AeonTraceWorker(Worker):\n"
            "    def shutdown(self, reason: str) -> None:\n"
            "        # AEON: the Spark's watchdog tears the worker down and logs why\n"
            "        self.aeon_reason = reason\n",
            "def shutdown(self, reason: str) -> None:",
        ),
    ),
    (
        "#22699 base method added over a fork namesake",
        "a namesake that does not call the new base",
        K(
            "#22699",
            SD,
            SDW,
            "vllm/aeon/sd2.py",
            W0 + "class AeonFlushWorker(Worker):\n"
            "    def shutdown(self) -> None:\n"
            "        # AEON: flush the Spark's power trace on exit\n"
            "        self.aeon_flushed = True\n",
            "def shutdown(self) -> None:",
        ),
    ),
    (
        "#22699 base method added over a fork namesake",
        "twin: an unrelated class's namesake",
        K(
            "#22699",
            SD,
            SDW,
            "vllm/aeon/sd3.py",
            "class AeonPowerTrace:\n    def shutdown(self, reason: str) -> None:\n        self.reason = reason\n",
            "def shutdown(self, reason: str) -> None:",
        ),
    ),
]

# --- #23569 (cee182b297): Worker.execute_model may return an AsyncModelRunnerOutput (async scheduling)
AS = "cee182b297"
ASW = "execute_model returns ModelRunnerOutput | AsyncModelRunnerOutput"
CASES += [
    (
        "#23569 return widened to a union",
        "a field read off super()'s return",
        K(
            "#23569",
            AS,
            ASW,
            "vllm/aeon/as1.py",
            W0 + "class AeonCountingWorker(Worker):\n"
            "    aeon_tokens = 0\n\n"
            "    def execute_model(self, scheduler_output):\n"
            "        # AEON: the Spark's throughput meter counts sampled tokens per step\n"
            "        output = super().execute_model(scheduler_output)\n"
            "        if output is not None:\n"
            "            self.aeon_tokens += sum(len(t) for t in output.sampled_token_ids)\n"
            "        return output\n",
            "self.aeon_tokens += sum(len(t) for t in output.sampled_token_ids)",
        ),
    ),
    (
        "#23569 return widened to a union",
        "a field read off a typed receiver's return",
        K(
            "#23569",
            AS,
            ASW,
            "vllm/aeon/as2.py",
            W0 + "def aeon_step_req_ids(worker: Worker, scheduler_output) -> list[str]:\n"
            "    out = worker.execute_model(scheduler_output)\n"
            "    return out.req_ids if out is not None else []\n",
            "return out.req_ids if out is not None else []",
        ),
    ),
    (
        "#23569 return widened to a union",
        "twin: the read behind an isinstance guard",
        K(
            "#23569",
            AS,
            ASW,
            "vllm/aeon/as3.py",
            "from vllm.v1.outputs import ModelRunnerOutput\n" + W0 + "class AeonGuardedWorker(Worker):\n"
            "    aeon_tokens = 0\n\n"
            "    def execute_model(self, scheduler_output):\n"
            "        output = super().execute_model(scheduler_output)\n"
            "        if isinstance(output, ModelRunnerOutput):\n"
            "            self.aeon_tokens += len(output.req_ids)\n"
            "        return output\n",
            "self.aeon_tokens += len(output.req_ids)",
        ),
    ),
]

# --- #27143 (1d165d6d85): MemorySnapshot/memory_profiling -> vllm.utils.mem_utils, GiB_bytes -> mem_constants
MU = "1d165d6d85"
MUW = "memory helpers moved out of vllm.utils"
CASES += [
    (
        "#27143 names moved out of a package",
        "an import of the moved names",
        K(
            "#27143",
            MU,
            MUW,
            "vllm/aeon/mu1.py",
            "from vllm.utils import GiB_bytes, MemorySnapshot\n\n\n"
            "def aeon_free_gib() -> float:\n"
            "    # AEON: the Spark's health endpoint reports unified memory left\n"
            "    return MemorySnapshot().free_memory / GiB_bytes\n",
            "from vllm.utils import GiB_bytes, MemorySnapshot",
        ),
    ),
    (
        "#27143 names moved out of a package",
        "a module attribute call",
        K(
            "#27143",
            MU,
            MUW,
            "vllm/aeon/mu2.py",
            "import vllm.utils as vu\n\n\n"
            "def aeon_profile(fn, weights: int) -> int:\n"
            "    with vu.memory_profiling(vu.MemorySnapshot(), weights_memory=weights) as res:\n"
            "        fn()\n"
            "    return res.non_kv_cache_memory\n",
            "with vu.memory_profiling(vu.MemorySnapshot(), weights_memory=weights) as res:",
        ),
    ),
    (
        "#27143 names moved out of a package",
        "a dotted module attribute read",
        K(
            "#27143",
            MU,
            MUW,
            "vllm/aeon/mu3.py",
            "import vllm.utils\n\n\ndef aeon_gib(nbytes: int) -> float:\n    return nbytes / vllm.utils.GiB_bytes\n",
            "return nbytes / vllm.utils.GiB_bytes",
        ),
    ),
    (
        "#27143 names moved out of a package",
        "twin: kept names of the same package",
        K(
            "#27143",
            MU,
            MUW,
            "vllm/aeon/mu4.py",
            "from vllm.utils import cdiv, get_open_port\n\n\n"
            "def aeon_blocks(tokens: int, block: int) -> tuple[int, int]:\n"
            "    return cdiv(tokens, block), get_open_port()\n",
            "from vllm.utils import cdiv, get_open_port",
        ),
    ),
]

# --- #29987 (dc264bcea1): gpu_worker imports GPUModelRunner only under TYPE_CHECKING (a local import builds it)
MR = "dc264bcea1"
MRW = "GPUModelRunner no longer a run-time name of gpu_worker"
CASES += [
    (
        "#29987 re-exported name dropped",
        "an import through the worker module",
        K(
            "#29987",
            MR,
            MRW,
            "vllm/aeon/mr1.py",
            "from vllm.v1.worker.gpu_worker import GPUModelRunner, Worker\n\n\n"
            "class AeonRunnerWorker(Worker):\n"
            "    def aeon_runner(self) -> GPUModelRunner:\n"
            "        return self.model_runner\n",
            "from vllm.v1.worker.gpu_worker import GPUModelRunner, Worker",
        ),
    ),
    (
        "#29987 re-exported name dropped",
        "a module attribute in an isinstance test",
        K(
            "#29987",
            MR,
            MRW,
            "vllm/aeon/mr2.py",
            "from vllm.v1.worker import gpu_worker\n\n\n"
            "def aeon_is_v1_runner(runner: object) -> bool:\n"
            "    # AEON: the Spark's speculative path patches only the v1 runner\n"
            "    return isinstance(runner, gpu_worker.GPUModelRunner)\n",
            "return isinstance(runner, gpu_worker.GPUModelRunner)",
        ),
    ),
    (
        "#29987 re-exported name dropped",
        "twin: the runner from its own module",
        K(
            "#29987",
            MR,
            MRW,
            "vllm/aeon/mr3.py",
            "from vllm.v1.worker.gpu_model_runner import GPUModelRunner\n"
            "from vllm.v1.worker.gpu_worker import Worker\n\n\n"
            "def aeon_v1(worker: Worker) -> bool:\n"
            "    return isinstance(worker.model_runner, GPUModelRunner)\n",
            "return isinstance(worker.model_runner, GPUModelRunner)",
        ),
    ),
]

# --- #43720 (96229fa99e): get_kv_connector_handshake_metadata keyed by (pp_rank, tp_rank), not tp_rank
HS = "96229fa99e"
HSW = "handshake metadata keyed by (pp_rank, tp_rank)"
GT = "from vllm.distributed.parallel_state import get_tp_group\n"
CASES += [
    (
        "#43720 dict keys retyped",
        "an int index of super()'s dict",
        K(
            "#43720",
            HS,
            HSW,
            "vllm/aeon/hs1.py",
            GT + W0 + "class AeonNixlWorker(Worker):\n"
            "    def get_kv_connector_handshake_metadata(self):\n"
            "        meta = super().get_kv_connector_handshake_metadata()\n"
            "        if meta is None:\n"
            "            return None\n"
            "        # AEON: the Spark's NIXL side channel advertises its own host\n"
            "        md = meta[get_tp_group().rank_in_group]\n"
            "        self.aeon_handshake = md\n"
            "        return meta\n",
            "md = meta[get_tp_group().rank_in_group]",
        ),
    ),
    (
        "#43720 dict keys retyped",
        "a key compared with an int literal",
        K(
            "#43720",
            HS,
            HSW,
            "vllm/aeon/hs2.py",
            W0 + "def aeon_leader_metadata(worker: Worker):\n"
            "    meta = worker.get_kv_connector_handshake_metadata() or {}\n"
            "    for tp_rank, md in meta.items():\n"
            "        if tp_rank == 0:\n"
            "            return md\n"
            "    return None\n",
            "if tp_rank == 0:",
        ),
    ),
    (
        "#43720 dict keys retyped",
        "twin: the values only",
        K(
            "#43720",
            HS,
            HSW,
            "vllm/aeon/hs3.py",
            W0 + "def aeon_all_metadata(worker: Worker) -> list:\n"
            "    meta = worker.get_kv_connector_handshake_metadata() or {}\n"
            "    return list(meta.values())\n",
            "return list(meta.values())",
        ),
    ),
]

# --- #47259 (ba22152096): Worker._uses_pynvvideocodec_video_backend renamed _uses_gpu_video_backend
VB = "ba22152096"
VBW = "_uses_pynvvideocodec_video_backend renamed _uses_gpu_video_backend"
CASES += [
    (
        "#47259 hook renamed",
        "a subclass override of the old name",
        K(
            "#47259",
            VB,
            VBW,
            "vllm/aeon/vb1.py",
            W0 + "class AeonVideoWorker(Worker):\n"
            "    @staticmethod\n"
            "    def _uses_pynvvideocodec_video_backend(mm_config) -> bool:\n"
            "        # AEON: GB10 decodes video in unified memory: no separate decoder reservation\n"
            "        return False\n",
            "def _uses_pynvvideocodec_video_backend(mm_config) -> bool:",
        ),
    ),
    (
        "#47259 hook renamed",
        "a call off the class",
        K(
            "#47259",
            VB,
            VBW,
            "vllm/aeon/vb2.py",
            W0 + "def aeon_gpu_video(mm_config) -> bool:\n"
            "    return Worker._uses_pynvvideocodec_video_backend(mm_config)\n",
            "return Worker._uses_pynvvideocodec_video_backend(mm_config)",
        ),
    ),
    (
        "#47259 hook renamed",
        "a getattr with a literal",
        K(
            "#47259",
            VB,
            VBW,
            "vllm/aeon/vb3.py",
            W0 + 'def aeon_video_probe():\n    return getattr(Worker, "_uses_pynvvideocodec_video_backend")\n',
            'return getattr(Worker, "_uses_pynvvideocodec_video_backend")',
        ),
    ),
    (
        "#47259 hook renamed",
        "twin: a kept hook's override",
        K(
            "#47259",
            VB,
            VBW,
            "vllm/aeon/vb4.py",
            W0 + "class AeonIpcWorker(Worker):\n"
            "    def _reserve_mm_ipc_gpu_memory(self, available_kv_cache_memory_bytes: int) -> int:\n"
            "        left = super()._reserve_mm_ipc_gpu_memory(available_kv_cache_memory_bytes)\n"
            "        return max(left, 0)\n",
            "left = super()._reserve_mm_ipc_gpu_memory(available_kv_cache_memory_bytes)",
        ),
    ),
]

# --- #49774 (b09688a6e7): Worker._sleep_rebuild_draft_metadata_buffers removed (draft buffers saved instead)
DR = "b09688a6e7"
DRW = "_sleep_rebuild_draft_metadata_buffers removed"
CASES += [
    (
        "#49774 attribute removed",
        "a self. read in a wake_up override",
        K(
            "#49774",
            DR,
            DRW,
            "vllm/aeon/dr1.py",
            W0 + "class AeonMtpWorker(Worker):\n"
            "    def wake_up(self, tags: list[str] | None = None) -> None:\n"
            "        # AEON: the Spark's MTP drafter keeps fused KV buffers a level-2 sleep drops\n"
            "        rebuild = self._sleep_rebuild_draft_metadata_buffers\n"
            "        super().wake_up(tags)\n"
            "        if rebuild:\n"
            "            self.aeon_drafter_rebuilt = True\n",
            "rebuild = self._sleep_rebuild_draft_metadata_buffers",
        ),
    ),
    (
        "#49774 attribute removed",
        "a self. write of a flag upstream no longer reads",
        K(
            "#49774",
            DR,
            DRW,
            "vllm/aeon/dr2.py",
            W0 + "class AeonDraftSleepWorker(Worker):\n"
            "    def sleep(self, level: int = 1) -> None:\n"
            "        super().sleep(level)\n"
            "        # AEON: the Spark's drafter always needs its fused buffers rebuilt after sleep\n"
            "        self._sleep_rebuild_draft_metadata_buffers = True\n",
            "self._sleep_rebuild_draft_metadata_buffers = True",
        ),
    ),
    (
        "#49774 attribute removed",
        "twin: the kept saved-buffers dict",
        K(
            "#49774",
            DR,
            DRW,
            "vllm/aeon/dr3.py",
            W0 + "class AeonBufWorker(Worker):\n"
            "    def sleep(self, level: int = 1) -> None:\n"
            "        super().sleep(level)\n"
            "        self.aeon_saved = len(self._sleep_saved_buffers)\n",
            "self.aeon_saved = len(self._sleep_saved_buffers)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-gpuworker2-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
