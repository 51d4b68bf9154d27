"""A blind replay of the v1 GPU worker and the worker bases a fork's worker subclass or RL glue carries code against.

10 first-parent commits on ``vllm/v1/worker/gpu_worker.py`` (and the classes its lifecycle hooks call into) -- the
worker a fork subclasses to add a device hook, a memory cap, a profiler dump or a weight-sync path:
``Worker.determine_num_available_blocks`` replaced by ``determine_available_memory`` and ``initialize_cache``'s
``num_gpu_blocks`` made a ``kv_cache_config`` (#11960), the module's ``_get_cache_block_size`` removed (#12214),
``Worker.get_supported_pooling_tasks`` replaced by ``get_supported_tasks`` (#21585), the module's
``_check_if_gpu_supports_dtype`` moved onto the platform (#22979), ``EplbState.rearrange``'s leading ``model``
removed and its ``global_expert_load`` renamed (#25311), ``Worker.profiler`` made a ``TorchProfilerWrapper``
instead of a ``torch.profiler.profile`` (#28987), ``GPUModelRunner.save_tensorized_model`` moved onto the worker
(#35825), ``WeightTransferUpdateInfo.is_checkpoint_format`` removed (#39212), ``WeightTransferEngine`` and its
factory given a required ``model`` (#42922), and ``Worker.non_torch_memory`` no longer set by
``determine_available_memory`` (#49208) -- picked by scanning those paths' diffs (``git log --first-parent -p``),
avoiding the commits the other replays use.  Each is replayed under 1-3 fork spellings written the way fork code
is written (a subclass override calling ``super()``, a ``self.`` read in a subclass, a call on a receiver typed as
the class, a keyword call, an import, a module-attribute call, ``collective_rpc`` with a literal, a subclass's
``super().__init__``), with twins (fork code the commit does not break: the kept method, the kept function, a
positional call that still binds, the runner's kept namesake).  The merge base is the commit's first parent,
upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in
its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 2aa1f4ed): 19 caught, 0 warned, 3 missed of 22 (twins: 9
quiet, 1 false error of 10).  The misses: #21585's ``collective_rpc("get_supported_pooling_tasks")`` (the
worker's method is gone, the runners keep a namesake, so no string-read check sees a name upstream no longer
mentions), and #28987's two (``self.profiler.key_averages()`` on a holder upstream now builds as its own
``TorchProfilerWrapper``, and an ``isinstance(self.profiler, torch.profiler.profile)`` guard that no branch
can take now).  The false error, #25311's "twin" ``self._eplb_after_scale_up(old_ep_size, new_ep_size,
load)``, is a twin misjudged when the replay was written: ``load`` is the ``torch.Tensor`` the method took
before, and upstream's body now indexes ``global_expert_loads[0].shape[1]`` of a list; the engine's error
(a positional argument for a parameter renamed and retyped from ``Tensor`` to ``list``) is right.  It is
counted as a killer spelling since ("a positional call passing the old Tensor"), and a twin of the kept
``_eplb_before_scale_down`` stands in its place; #21585 and #28987 gained a twin each with the widenings.

After the killers119 widenings: 23 caught, 0 warned, 0 missed of 23 (twins: 12 quiet, 0 false errors); with
five spellings written after the widenings to measure their reach (a fork executor's ``self.collective_rpc``,
a ``functools.partial`` of ``collective_rpc``, a local bound to the holder, an ``isinstance`` off a receiver
typed as the worker, and a twin calling a kept method off it): 26 caught, 1 warned, 0 missed of 27 (twins: 13
quiet, 0 false errors).  The warned one is the ``isinstance`` off ``worker: Worker``: upstream's
``CPUWorker(Worker)`` still builds ``self.profiler = torch.profiler.profile(...)``, so on a CPU worker the test
is still true; only ``self`` in the fork's own subclass of the GPU worker is sure.  Caught now: a call of a member the retyped holder lacks (symbol drift's read of a
holder upstream builds as a class it added, ``drift/rebased.py``'s holder case, now for calls too, with every
branch that builds the holder weighed), a fork's ``isinstance`` test of a holder against the class upstream
no longer builds it as (``symbols.py``'s ``_dead_test``), and a method upstream removed with its own by-name
calls of it, still called by name through a dispatcher while a namesake lives on (``drift/undispatched.py``).
Regression set at the widenings' head: killer_replay 26/26, kind_change_replay 12/12, review15/16/17_twins 0
false errors (40, 30, 23 twins), blind_replay_passes 21/21 (12 quiet), blind_replay_executor 19/19 (11
quiet), blind_replay_runner 25 caught, 1 warned, 1 missed of 27 (16 quiet; the same on the branch's base),
blind_replay_distributed 20/20 (9 quiet), ``symbol_precision.py --windows 1``: 0 false errors (5 broken
overrides, 4 caught).

mend45 (after the forty-fourth landing's note named it missed): #42922 also moved the engine's build out of
``Worker.__init__`` into ``load_model``, which upstream's executor runs after ``init_device``; a spelling of a
fork worker's ``init_device`` using the engine, and a twin of its ``init_weight_transfer_engine`` (a hook
upstream's own body uses the engine in) were added after the widening (nulled setups' moved build,
``drift/nulled_setups.py``): the spelling warned (the hook order is not read, so a warning by design), the twin
quiet.

  python benchmarks/blind_replay_gpuworker.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #11960 (69d765f5a5): Worker.determine_num_available_blocks -> determine_available_memory (an int, not a
# tuple); initialize_cache(num_gpu_blocks: int) -> initialize_cache(kv_cache_config: KVCacheConfig)
NB = "69d765f5a5"
NBW = "determine_num_available_blocks replaced; initialize_cache re-parametered"
W0 = "from vllm.v1.worker.gpu_worker import Worker\n\n"
CASES += [
    (
        "#11960 method replaced",
        "a subclass override calling super()",
        K(
            "#11960",
            NB,
            NBW,
            "vllm/aeon/nb1.py",
            W0 + "AEON_MAX_BLOCKS = 1 << 16\n\n\n"
            "class AeonWorker(Worker):\n"
            "    def determine_num_available_blocks(self) -> tuple[int, int]:\n"
            "        # AEON: GB10's unified memory over-reports; cap the KV blocks the profiler grants\n"
            "        num_gpu_blocks, num_cpu_blocks = super().determine_num_available_blocks()\n"
            "        return min(num_gpu_blocks, AEON_MAX_BLOCKS), num_cpu_blocks\n",
            "num_gpu_blocks, num_cpu_blocks = super().determine_num_available_blocks()",
        ),
    ),
    (
        "#11960 method replaced",
        "a call on a receiver typed as the class",
        K(
            "#11960",
            NB,
            NBW,
            "vllm/aeon/nb2.py",
            W0 + "\ndef aeon_report_blocks(worker: Worker) -> int:\n"
            "    gpu_blocks, _ = worker.determine_num_available_blocks()\n"
            "    return gpu_blocks\n",
            "gpu_blocks, _ = worker.determine_num_available_blocks()",
        ),
    ),
    (
        "#11960 method replaced",
        "a keyword call of the renamed parameter",
        K(
            "#11960",
            NB,
            NBW,
            "vllm/aeon/nb3.py",
            W0 + "\ndef aeon_init_cache(worker: Worker, blocks: int) -> None:\n"
            "    worker.initialize_cache(num_gpu_blocks=blocks)\n",
            "worker.initialize_cache(num_gpu_blocks=blocks)",
        ),
    ),
    (
        "#11960 method replaced",
        "twin: compile_or_warm_up_model kept",
        K(
            "#11960",
            NB,
            NBW,
            "vllm/aeon/nb4.py",
            W0 + "\ndef aeon_warm(worker: Worker) -> None:\n"
            "    worker.load_model()\n"
            "    worker.compile_or_warm_up_model()\n",
            "worker.compile_or_warm_up_model()",
        ),
    ),
]

# --- #12214 (5f0ec3935a): vllm.v1.worker.gpu_worker._get_cache_block_size removed
CB = "5f0ec3935a"
CBW = "_get_cache_block_size removed"
CASES += [
    (
        "#12214 function removed",
        "an import of the removed function",
        K(
            "#12214",
            CB,
            CBW,
            "vllm/aeon/cb1.py",
            "from vllm.v1.worker.gpu_worker import _get_cache_block_size\n\n\n"
            "def aeon_block_bytes(vllm_config) -> int:\n"
            "    return _get_cache_block_size(\n"
            "        vllm_config.cache_config, vllm_config.model_config, vllm_config.parallel_config\n"
            "    )\n",
            "from vllm.v1.worker.gpu_worker import _get_cache_block_size",
        ),
    ),
    (
        "#12214 function removed",
        "a module-attribute call",
        K(
            "#12214",
            CB,
            CBW,
            "vllm/aeon/cb2.py",
            "from vllm.v1.worker import gpu_worker\n\n\n"
            "def aeon_blocks(vllm_config, free_bytes: int) -> int:\n"
            "    size = gpu_worker._get_cache_block_size(vllm_config.cache_config, vllm_config.model_config, vllm_config.parallel_config)\n"
            "    return free_bytes // size\n",
            "size = gpu_worker._get_cache_block_size(vllm_config.cache_config, vllm_config.model_config, vllm_config.parallel_config)",
        ),
    ),
    (
        "#12214 function removed",
        "twin: the dtype check kept",
        K(
            "#12214",
            CB,
            CBW,
            "vllm/aeon/cb3.py",
            "import torch\n\nfrom vllm.v1.worker.gpu_worker import _check_if_gpu_supports_dtype\n\n\n"
            "def aeon_check() -> None:\n"
            "    _check_if_gpu_supports_dtype(torch.bfloat16)\n",
            "_check_if_gpu_supports_dtype(torch.bfloat16)",
        ),
    ),
]

# --- #21585 (46d81d6951): Worker.get_supported_pooling_tasks replaced by get_supported_tasks
PT = "46d81d6951"
PTW = "Worker.get_supported_pooling_tasks removed"
CASES += [
    (
        "#21585 method replaced",
        "collective_rpc with the old name",
        K(
            "#21585",
            PT,
            PTW,
            "vllm/aeon/pt1.py",
            "from vllm.executor.executor_base import ExecutorBase\n\n\n"
            "def aeon_pooling_tasks(executor: ExecutorBase) -> list:\n"
            "    # AEON: the Spark's router asks rank 0 which pooling tasks the model serves\n"
            '    return executor.collective_rpc("get_supported_pooling_tasks")[0]\n',
            'return executor.collective_rpc("get_supported_pooling_tasks")[0]',
        ),
    ),
    (
        "#21585 method replaced",
        "a subclass override calling super()",
        K(
            "#21585",
            PT,
            PTW,
            "vllm/aeon/pt2.py",
            "from vllm.v1.worker.gpu_worker import Worker\n\n\n"
            "class AeonWorker(Worker):\n"
            "    def get_supported_pooling_tasks(self) -> list:\n"
            "        tasks = super().get_supported_pooling_tasks()\n"
            '        return [t for t in tasks if t != "encode"]\n',
            "tasks = super().get_supported_pooling_tasks()",
        ),
    ),
    (
        "#21585 method replaced",
        "twin: collective_rpc of a kept method",
        K(
            "#21585",
            PT,
            PTW,
            "vllm/aeon/pt4.py",
            "from vllm.executor.executor_base import ExecutorBase\n\n\n"
            "def aeon_warm(executor: ExecutorBase) -> None:\n"
            '    executor.collective_rpc("compile_or_warm_up_model")\n',
            'executor.collective_rpc("compile_or_warm_up_model")',
        ),
    ),
    (
        "#21585 method replaced",
        "twin: the runner's method kept",
        K(
            "#21585",
            PT,
            PTW,
            "vllm/aeon/pt3.py",
            "from vllm.v1.worker.gpu_worker import Worker\n\n\n"
            "class AeonPoolWorker(Worker):\n"
            "    def aeon_pooling(self) -> list:\n"
            "        return list(self.model_runner.get_supported_pooling_tasks())\n",
            "return list(self.model_runner.get_supported_pooling_tasks())",
        ),
    ),
]

# --- #22979 (8a044754bd): vllm.v1.worker.gpu_worker._check_if_gpu_supports_dtype moved onto the platform
DT = "8a044754bd"
DTW = "_check_if_gpu_supports_dtype removed"
CASES += [
    (
        "#22979 function moved",
        "an import of the moved function",
        K(
            "#22979",
            DT,
            DTW,
            "vllm/aeon/dt1.py",
            "import torch\n\nfrom vllm.v1.worker.gpu_worker import _check_if_gpu_supports_dtype\n\n\n"
            "def aeon_check_bf16() -> None:\n"
            "    # AEON: refuse bf16 early on the fleet's pre-Ampere canaries\n"
            "    _check_if_gpu_supports_dtype(torch.bfloat16)\n",
            "from vllm.v1.worker.gpu_worker import _check_if_gpu_supports_dtype",
        ),
    ),
    (
        "#22979 function moved",
        "a module-attribute call",
        K(
            "#22979",
            DT,
            DTW,
            "vllm/aeon/dt2.py",
            "import torch\n\nimport vllm.v1.worker.gpu_worker as gw\n\n\n"
            "def aeon_check(dtype: torch.dtype) -> None:\n"
            "    gw._check_if_gpu_supports_dtype(dtype)\n",
            "gw._check_if_gpu_supports_dtype(dtype)",
        ),
    ),
    (
        "#22979 function moved",
        "twin: init_worker_distributed_environment kept",
        K(
            "#22979",
            DT,
            DTW,
            "vllm/aeon/dt3.py",
            "from vllm.v1.worker.gpu_worker import init_worker_distributed_environment\n\n\n"
            "def aeon_dist(vllm_config, rank: int, method: str, local_rank: int) -> None:\n"
            "    init_worker_distributed_environment(vllm_config, rank, method, local_rank)\n",
            "init_worker_distributed_environment(vllm_config, rank, method, local_rank)",
        ),
    ),
]

# --- #25311 (e50c454672): EplbState.rearrange's leading model removed, global_expert_load -> global_expert_loads
# (a list); Worker._eplb_after_scale_up's parameter renamed alike
EP = "e50c454672"
EPW = "EplbState.rearrange lost model; global_expert_load renamed"
EPS = "from vllm.distributed.eplb.eplb_state import EplbState\n\n\n"
CASES += [
    (
        "#25311 parameter removed",
        "a positional model that now binds is_profile",
        K(
            "#25311",
            EP,
            EPW,
            "vllm/aeon/ep1.py",
            EPS + "def aeon_rebalance(state: EplbState, model) -> None:\n"
            "    # AEON: the Spark rebalances experts on demand from its admin endpoint\n"
            "    state.rearrange(model, execute_shuffle=True)\n",
            "state.rearrange(model, execute_shuffle=True)",
        ),
    ),
    (
        "#25311 parameter removed",
        "the old keyword",
        K(
            "#25311",
            EP,
            EPW,
            "vllm/aeon/ep2.py",
            EPS + "def aeon_replay_load(state: EplbState, model, load) -> None:\n"
            "    state.rearrange(model=model, execute_shuffle=False, global_expert_load=load)\n",
            "state.rearrange(model=model, execute_shuffle=False, global_expert_load=load)",
        ),
    ),
    (
        "#25311 parameter removed",
        "a subclass's super() call with the old keyword",
        K(
            "#25311",
            EP,
            EPW,
            "vllm/aeon/ep3.py",
            "from vllm.v1.worker.gpu_worker import Worker\n\n\n"
            "class AeonEPWorker(Worker):\n"
            "    def _eplb_after_scale_up(self, old_ep_size, new_ep_size, global_expert_load) -> None:\n"
            "        super()._eplb_after_scale_up(old_ep_size, new_ep_size, global_expert_load=global_expert_load)\n",
            "super()._eplb_after_scale_up(old_ep_size, new_ep_size, global_expert_load=global_expert_load)",
        ),
    ),
    (
        # written as a twin, blind; it is a killer: ``load`` is the Tensor the parameter took before, and upstream's
        # body now reads ``global_expert_loads[0].shape[1]`` off a list
        "#25311 parameter removed",
        "a positional call passing the old Tensor",
        K(
            "#25311",
            EP,
            EPW,
            "vllm/aeon/ep4.py",
            "from vllm.v1.worker.gpu_worker import Worker\n\n\n"
            "class AeonScaleWorker(Worker):\n"
            "    def aeon_after_scale_up(self, old_ep_size, new_ep_size, load) -> None:\n"
            "        self._eplb_after_scale_up(old_ep_size, new_ep_size, load)\n",
            "self._eplb_after_scale_up(old_ep_size, new_ep_size, load)",
        ),
    ),
    (
        "#25311 parameter removed",
        "twin: the scale-down hook kept",
        K(
            "#25311",
            EP,
            EPW,
            "vllm/aeon/ep5.py",
            "from vllm.v1.worker.gpu_worker import Worker\n\n\n"
            "class AeonShrinkWorker(Worker):\n"
            "    def aeon_before_scale_down(self, old_ep_size, new_ep_size) -> None:\n"
            "        self._eplb_before_scale_down(old_ep_size, new_ep_size)\n",
            "self._eplb_before_scale_down(old_ep_size, new_ep_size)",
        ),
    ),
]

# --- #28987 (fcbcba6c70): Worker.profiler a torch.profiler.profile -> a TorchProfilerWrapper (no key_averages)
PF = "fcbcba6c70"
PFW = "Worker.profiler made a TorchProfilerWrapper"
PFH = "import torch\n\nfrom vllm.v1.worker.gpu_worker import Worker\n\n\n"
CASES += [
    (
        "#28987 attribute retyped",
        "a subclass's self. read of a torch profiler method",
        K(
            "#28987",
            PF,
            PFW,
            "vllm/aeon/pf1.py",
            PFH + "class AeonProfWorker(Worker):\n"
            "    def aeon_profile_table(self) -> str:\n"
            "        # AEON: the Spark's /profile endpoint returns the kernel table inline\n"
            '        return self.profiler.key_averages().table(sort_by="self_cuda_time_total")\n',
            'return self.profiler.key_averages().table(sort_by="self_cuda_time_total")',
        ),
    ),
    (
        "#28987 attribute retyped",
        "an isinstance guard that goes dead",
        K(
            "#28987",
            PF,
            PFW,
            "vllm/aeon/pf2.py",
            PFH + "class AeonDumpWorker(Worker):\n"
            "    def aeon_dump(self, path: str) -> None:\n"
            "        if isinstance(self.profiler, torch.profiler.profile):\n"
            "            self.profiler.export_chrome_trace(path)\n",
            "if isinstance(self.profiler, torch.profiler.profile):",
        ),
    ),
    (
        "#28987 attribute retyped",
        "twin: an isinstance with an else for the wrapper",
        K(
            "#28987",
            PF,
            PFW,
            "vllm/aeon/pf4.py",
            PFH + "class AeonBothWorker(Worker):\n"
            "    def aeon_stop(self, path: str) -> None:\n"
            "        if isinstance(self.profiler, torch.profiler.profile):\n"
            "            self.profiler.export_chrome_trace(path)\n"
            "        else:\n"
            "            self.profiler.stop()\n",
            "if isinstance(self.profiler, torch.profiler.profile):",
        ),
    ),
    (
        "#28987 attribute retyped",
        "twin: start/stop kept on the wrapper",
        K(
            "#28987",
            PF,
            PFW,
            "vllm/aeon/pf3.py",
            PFH + "class AeonWindowWorker(Worker):\n"
            "    def aeon_window(self, steps) -> None:\n"
            "        if self.profiler is None:\n"
            "            return\n"
            "        self.profiler.start()\n"
            "        steps()\n"
            "        self.profiler.stop()\n",
            "self.profiler.start()",
        ),
    ),
]

# --- #35825 (d15c3b90fc): GPUModelRunner.save_tensorized_model removed (the Worker's kept, doing it itself)
ST = "d15c3b90fc"
STW = "GPUModelRunner.save_tensorized_model removed"
CASES += [
    (
        "#35825 method moved",
        "a subclass's self.model_runner call",
        K(
            "#35825",
            ST,
            STW,
            "vllm/aeon/st1.py",
            "from vllm.v1.worker.gpu_worker import Worker\n\n\n"
            "class AeonSaveWorker(Worker):\n"
            "    def aeon_snapshot(self, tensorizer_config) -> None:\n"
            "        # AEON: snapshot the fine-tuned weights to the fleet's NVMe cache before serving\n"
            "        self.model_runner.save_tensorized_model(tensorizer_config)\n",
            "self.model_runner.save_tensorized_model(tensorizer_config)",
        ),
    ),
    (
        "#35825 method moved",
        "a keyword call on a receiver typed as the runner",
        K(
            "#35825",
            ST,
            STW,
            "vllm/aeon/st2.py",
            "from vllm.v1.worker.gpu_model_runner import GPUModelRunner\n\n\n"
            "def aeon_save(runner: GPUModelRunner, cfg) -> None:\n"
            "    runner.save_tensorized_model(tensorizer_config=cfg)\n",
            "runner.save_tensorized_model(tensorizer_config=cfg)",
        ),
    ),
    (
        "#35825 method moved",
        "twin: the worker's method kept",
        K(
            "#35825",
            ST,
            STW,
            "vllm/aeon/st3.py",
            "from vllm.v1.worker.gpu_worker import Worker\n\n\n"
            "def aeon_save_worker(worker: Worker, cfg) -> None:\n"
            "    worker.save_tensorized_model(cfg)\n",
            "worker.save_tensorized_model(cfg)",
        ),
    ),
]

# --- #39212 (e3b65a5ba0): WeightTransferUpdateInfo.is_checkpoint_format removed (start_weight_update takes it)
CF = "e3b65a5ba0"
CFW = "WeightTransferUpdateInfo.is_checkpoint_format removed"
CASES += [
    (
        "#39212 field removed",
        "a read off a receiver typed as the base",
        K(
            "#39212",
            CF,
            CFW,
            "vllm/aeon/cf1.py",
            "from vllm.distributed.weight_transfer.base import WeightTransferUpdateInfo\n\n\n"
            "def aeon_needs_reload(info: WeightTransferUpdateInfo) -> bool:\n"
            "    # AEON: the Spark's trainer ships kernel-format weights; skip the layerwise reload\n"
            "    return info.is_checkpoint_format\n",
            "return info.is_checkpoint_format",
        ),
    ),
    (
        "#39212 field removed",
        "a keyword to a subclass's constructor",
        K(
            "#39212",
            CF,
            CFW,
            "vllm/aeon/cf2.py",
            "from vllm.distributed.weight_transfer.nccl_engine import NCCLWeightTransferUpdateInfo\n\n\n"
            "def aeon_kernel_update(names, dtypes, shapes) -> NCCLWeightTransferUpdateInfo:\n"
            "    return NCCLWeightTransferUpdateInfo(names=names, dtype_names=dtypes, shapes=shapes, is_checkpoint_format=False)\n",
            "return NCCLWeightTransferUpdateInfo(names=names, dtype_names=dtypes, shapes=shapes, is_checkpoint_format=False)",
        ),
    ),
    (
        "#39212 field removed",
        "twin: a kept field",
        K(
            "#39212",
            CF,
            CFW,
            "vllm/aeon/cf3.py",
            "from vllm.distributed.weight_transfer.nccl_engine import NCCLWeightTransferUpdateInfo\n\n\n"
            "def aeon_count(info: NCCLWeightTransferUpdateInfo) -> int:\n"
            "    return len(info.names) if info.packed else len(info.shapes)\n",
            "return len(info.names) if info.packed else len(info.shapes)",
        ),
    ),
]

# --- #42922 (3cb83c9592): WeightTransferEngineFactory.create_engine and WeightTransferEngine.__init__ need a model
WT = "3cb83c9592"
WTW = "weight transfer engines take a required model"
CASES += [
    (
        "#42922 required parameter appended",
        "a factory call without the model",
        K(
            "#42922",
            WT,
            WTW,
            "vllm/aeon/wt1.py",
            "from vllm.distributed.weight_transfer import WeightTransferEngineFactory\n\n\n"
            "def aeon_engine(vllm_config):\n"
            "    # AEON: the Spark's sidecar owns its own transfer engine for the draft model\n"
            "    return WeightTransferEngineFactory.create_engine(vllm_config.weight_transfer_config, vllm_config.parallel_config)\n",
            "return WeightTransferEngineFactory.create_engine(vllm_config.weight_transfer_config, vllm_config.parallel_config)",
        ),
    ),
    (
        "#42922 required parameter appended",
        "a subclass's super().__init__ without the model",
        K(
            "#42922",
            WT,
            WTW,
            "vllm/aeon/wt2.py",
            "from vllm.distributed.weight_transfer.nccl_engine import NCCLWeightTransferEngine\n\n\n"
            "class AeonNCCLEngine(NCCLWeightTransferEngine):\n"
            "    def __init__(self, config, parallel_config) -> None:\n"
            "        super().__init__(config, parallel_config)\n"
            "        self.aeon_bytes_seen = 0\n",
            "super().__init__(config, parallel_config)",
        ),
    ),
    (
        "#42922 built in load_model now",
        "a worker subclass's init_device using the engine (added by mend45, after the widening)",
        K(
            "#42922",
            WT,
            "Worker.weight_transfer_engine built in load_model, no longer in __init__",
            "vllm/aeon/wt4.py",
            "from vllm.v1.worker.gpu_worker import Worker\n\n\n"
            "class AeonWorker(Worker):\n"
            "    def init_device(self) -> None:\n"
            "        super().init_device()\n"
            "        # AEON: pin the transfer engine's staging buffers on the worker's device\n"
            "        self.weight_transfer_engine.aeon_pin(self.device)\n",
            "self.weight_transfer_engine.aeon_pin(self.device)",
        ),
    ),
    (
        "#42922 built in load_model now",
        "twin: a worker subclass's init_weight_transfer_engine using the engine (added by mend45)",
        K(
            "#42922",
            WT,
            "Worker.weight_transfer_engine built in load_model, no longer in __init__",
            "vllm/aeon/wt5.py",
            "from vllm.v1.worker.gpu_worker import Worker\n\n\n"
            "class AeonWorker(Worker):\n"
            "    def init_weight_transfer_engine(self, init_info: dict) -> None:\n"
            "        super().init_weight_transfer_engine(init_info)\n"
            "        # AEON: log the engine the trainer connected\n"
            "        self.aeon_engine_kind = type(self.weight_transfer_engine).__name__\n",
            "self.aeon_engine_kind = type(self.weight_transfer_engine).__name__",
        ),
    ),
    (
        "#42922 required parameter appended",
        "twin: the registry call kept",
        K(
            "#42922",
            WT,
            WTW,
            "vllm/aeon/wt3.py",
            "from vllm.distributed.weight_transfer import WeightTransferEngineFactory\n\n\n"
            "def aeon_register() -> None:\n"
            '    WeightTransferEngineFactory.register_engine("aeon", "vllm.aeon.wt_engine", "AeonEngine")\n',
            'WeightTransferEngineFactory.register_engine("aeon", "vllm.aeon.wt_engine", "AeonEngine")',
        ),
    ),
]

# --- #49208 (58b2012aa2): Worker.non_torch_memory no longer set (total_consumed instead)
NT = "58b2012aa2"
NTW = "Worker.non_torch_memory no longer set"
CASES += [
    (
        "#49208 attribute no longer set",
        "a subclass's self. read",
        K(
            "#49208",
            NT,
            NTW,
            "vllm/aeon/nt1.py",
            "from vllm.v1.worker.gpu_worker import Worker\n\n\n"
            "class AeonMemWorker(Worker):\n"
            "    def determine_available_memory(self) -> int:\n"
            "        available = super().determine_available_memory()\n"
            "        # AEON: GB10 counts the NCCL buffers twice; hand half the non-torch slack back\n"
            "        return available + self.non_torch_memory // 2\n",
            "return available + self.non_torch_memory // 2",
        ),
    ),
    (
        "#49208 attribute no longer set",
        "a read off a receiver typed as the class",
        K(
            "#49208",
            NT,
            NTW,
            "vllm/aeon/nt2.py",
            "from vllm.v1.worker.gpu_worker import Worker\n\n\n"
            "def aeon_mem_report(worker: Worker) -> dict[str, int]:\n"
            '    return {"non_torch": worker.non_torch_memory, "activation": worker.peak_activation_memory}\n',
            'return {"non_torch": worker.non_torch_memory, "activation": worker.peak_activation_memory}',
        ),
    ),
    (
        "#49208 attribute no longer set",
        "twin: peak_activation_memory kept",
        K(
            "#49208",
            NT,
            NTW,
            "vllm/aeon/nt3.py",
            "from vllm.v1.worker.gpu_worker import Worker\n\n\n"
            "def aeon_activation(worker: Worker) -> int:\n"
            "    return worker.peak_activation_memory\n",
            "return worker.peak_activation_memory",
        ),
    ),
]

# --- written after the widenings (not blind): further spellings of #21585 and #28987, to measure the widenings'
# reach beyond the spellings they were built on
CASES += [
    (
        "#21585 method replaced",
        "after: a fork executor's self.collective_rpc",
        K(
            "#21585",
            PT,
            PTW,
            "vllm/aeon/pt5.py",
            "from vllm.v1.executor.uniproc_executor import UniProcExecutor\n\n\n"
            "class AeonExecutor(UniProcExecutor):\n"
            "    def aeon_tasks(self) -> list:\n"
            '        return self.collective_rpc("get_supported_pooling_tasks")[0]\n',
            'return self.collective_rpc("get_supported_pooling_tasks")[0]',
        ),
    ),
    (
        "#21585 method replaced",
        "after: a functools.partial of collective_rpc",
        K(
            "#21585",
            PT,
            PTW,
            "vllm/aeon/pt6.py",
            "import functools\n\nfrom vllm.executor.executor_base import ExecutorBase\n\n\n"
            "def aeon_tasks(executor: ExecutorBase) -> list:\n"
            '    ask = functools.partial(executor.collective_rpc, "get_supported_pooling_tasks")\n'
            "    return ask()[0]\n",
            'ask = functools.partial(executor.collective_rpc, "get_supported_pooling_tasks")',
        ),
    ),
    (
        "#28987 attribute retyped",
        "after: a local bound to the holder",
        K(
            "#28987",
            PF,
            PFW,
            "vllm/aeon/pf5.py",
            PFH + "class AeonLocalWorker(Worker):\n"
            "    def aeon_table(self) -> str:\n"
            "        prof = self.profiler\n"
            "        return prof.key_averages().table()\n",
            "return prof.key_averages().table()",
        ),
    ),
    (
        "#28987 attribute retyped",
        "after: an isinstance off a typed worker",
        K(
            "#28987",
            PF,
            PFW,
            "vllm/aeon/pf6.py",
            PFH + "def aeon_dump(worker: Worker, path: str) -> None:\n"
            "    if isinstance(worker.profiler, torch.profiler.profile):\n"
            "        worker.profiler.export_chrome_trace(path)\n",
            "if isinstance(worker.profiler, torch.profiler.profile):",
        ),
    ),
    (
        "#28987 attribute retyped",
        "twin after: a kept method off a typed worker",
        K(
            "#28987",
            PF,
            PFW,
            "vllm/aeon/pf7.py",
            PFH + "def aeon_stop(worker: Worker) -> None:\n"
            "    if worker.profiler is not None:\n"
            "        worker.profiler.stop()\n",
            "worker.profiler.stop()",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-gpuworker-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
