"""A blind replay of the env-var registry and the config dataclasses a fork reads.

12 first-parent commits on the surface a fork reads its knobs from -- ``vllm/envs.py`` (``VLLM_RPC_TIMEOUT``
removed, the profiler variables' parsers changed from ``bool``/``int`` to the raw string or None,
``VLLM_FLASHINFER_ALLREDUCE_BACKEND``'s default ``"auto"`` -> ``"trtllm"``, the batch-invariance switch and
its variable renamed) and the config dataclasses in ``vllm/config/`` (``ModelConfig.max_seq_len_to_capture``,
``ModelConfig.hidden_size``, ``rope_scaling``/``rope_theta`` and ``ParallelConfig``'s direct EPLB fields
removed, ``set_splitting_ops_for_v1``'s ``all2all_backend`` made required, ``CacheConfig.kv_offloading_backend``
defaulting to ``"native"`` rather than None, ``SchedulerConfig.scheduler_cls``' default path changed, and
``chunked_prefill_enabled`` renamed behind a deprecated alias: twins only) -- picked by scanning those paths'
diffs (``git log --first-parent -p``), avoiding the commits the other replays use.  Each is replayed under 1-3
fork spellings written the way fork code is written (a read off a typed config, a keyword to ``EngineArgs`` or
a config's constructor, an ``envs.`` read compared or branched on, an import of a renamed function, an
``os.environ`` key set for upstream to read, a call on a method's old defaults, a comparison against an old
default literal), with twins (fork code the commit does not break).  The merge base is the commit's first
parent, upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a
warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at bfa20111): 13 caught, 0 warned, 4 missed of 17 (twins: 13
quiet, 2 of them warned, 0 false errors).  The misses: #26758's ``scheduler_config.scheduler_cls ==
"vllm.core.scheduler.Scheduler"`` guarding the fork's own ``scheduler_cls = ...`` (the fork's set of the field
counted as the fleet pinning it, so the comparison with the old default went unreported), #29912's two
(``envs.VLLM_PROFILER_MAX_ITERS > 0`` and a read of ``envs.VLLM_TORCH_PROFILER_WITH_STACK``: upstream's reader
became the bare ``os.getenv(NAME)``, which gave no default to compare), and #26855's
``os.environ["VLLM_KERNEL_OVERRIDE_BATCH_INVARIANT"] = "1"`` (upstream read the variable through a local,
``env_key = "..."`` then ``os.getenv(env_key, "0")``: no removed line quoted it inside ``getenv``).
After the killers66 widenings: 16 caught, 1 warned, 0 missed of 17 (twins: 13 quiet, 2 of them warned, 0
false errors).  Caught now: a set of a field the fork makes only under a test of it against a default (old or
new) pins nothing, so the comparison with the old default is the error (default drift, ``filled_in_only``); a
variable upstream reads bare (``os.getenv(NAME)``) defaults to None, and a registry read of one whose default
became None that the fork orders or computes with is an error (env default drift); a removed ``name =
"VAR"`` in a file whose base reads the environment by that name is a read of the variable (name drift).
Warned, by design: ``envs.VLLM_TORCH_PROFILER_WITH_STACK`` read plainly (a True default made None; the fleet
may set it).  The two warned twins are default drift's warnings on plain reads of a field and a variable
whose default changed (``scheduler_cls`` compared with the async path, the all-reduce backend with
``"mnnvl"``).

  python benchmarks/blind_replay_config.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

MC = "from vllm.config import ModelConfig\n\n\n"

# --- #25543 (2e19a848d4): ModelConfig.max_seq_len_to_capture removed (and EngineArgs', LLM's keyword)
SL = "2e19a848d4"
SLW = "max_seq_len_to_capture removed"
CASES += [
    (
        "#25543 config field removed",
        "a read off a typed ModelConfig",
        K(
            "#25543",
            SL,
            SLW,
            "vllm/aeon/sl1.py",
            MC + "def aeon_graph_limit(model_config: ModelConfig) -> int:\n"
            "    # AEON: GB10 captures graphs up to the model's capture length only\n"
            "    return min(model_config.max_seq_len_to_capture, 4096)\n",
            "return min(model_config.max_seq_len_to_capture, 4096)",
        ),
    ),
    (
        "#25543 config field removed",
        "a keyword to EngineArgs",
        K(
            "#25543",
            SL,
            SLW,
            "vllm/aeon/sl2.py",
            "from vllm.engine.arg_utils import EngineArgs\n\n\n"
            "def aeon_engine_args(model: str) -> EngineArgs:\n"
            "    return EngineArgs(model=model, max_seq_len_to_capture=4096)\n",
            "return EngineArgs(model=model, max_seq_len_to_capture=4096)",
        ),
    ),
    (
        "#25543 config field removed",
        "twin: max_model_len kept",
        K(
            "#25543",
            SL,
            SLW,
            "vllm/aeon/sl3.py",
            MC + "def aeon_graph_limit2(model_config: ModelConfig) -> int:\n"
            "    return min(model_config.max_model_len, 4096)\n",
            "return min(model_config.max_model_len, 4096)",
        ),
    ),
]

# --- #29749 (21c2627934): the ModelConfig.hidden_size property removed (get_hidden_size() kept)
HS = "21c2627934"
HSW = "ModelConfig.hidden_size property removed"
VC = "from vllm.config import VllmConfig\n\n\n"
CASES += [
    (
        "#29749 config property removed",
        "a read through VllmConfig.model_config",
        K(
            "#29749",
            HS,
            HSW,
            "vllm/aeon/hs1.py",
            VC + "class AeonProbe:\n"
            "    def __init__(self, vllm_config: VllmConfig) -> None:\n"
            "        # AEON: the Spark's activation probe sizes its buffer by the hidden size\n"
            "        self.width = vllm_config.model_config.hidden_size\n",
            "self.width = vllm_config.model_config.hidden_size",
        ),
    ),
    (
        "#29749 config property removed",
        "twin: get_hidden_size() kept",
        K(
            "#29749",
            HS,
            HSW,
            "vllm/aeon/hs2.py",
            VC + "class AeonProbe2:\n"
            "    def __init__(self, vllm_config: VllmConfig) -> None:\n"
            "        self.width = vllm_config.model_config.get_hidden_size()\n",
            "self.width = vllm_config.model_config.get_hidden_size()",
        ),
    ),
]

# --- #29324 (a4ad43ad5a): ParallelConfig's direct EPLB fields (num_redundant_experts, eplb_window_size...) removed
EP = "a4ad43ad5a"
EPW = "ParallelConfig's direct EPLB fields removed"
PC = "from vllm.config import ParallelConfig\n\n\n"
CASES += [
    (
        "#29324 config fields removed",
        "a keyword to ParallelConfig",
        K(
            "#29324",
            EP,
            EPW,
            "vllm/aeon/ep1.py",
            PC + "def aeon_parallel() -> ParallelConfig:\n"
            "    return ParallelConfig(enable_expert_parallel=True, enable_eplb=True, num_redundant_experts=32)\n",
            "return ParallelConfig(enable_expert_parallel=True, enable_eplb=True, num_redundant_experts=32)",
        ),
    ),
    (
        "#29324 config fields removed",
        "a read off a typed ParallelConfig",
        K(
            "#29324",
            EP,
            EPW,
            "vllm/aeon/ep2.py",
            PC + "def aeon_window(parallel_config: ParallelConfig) -> int:\n"
            "    return parallel_config.eplb_window_size or parallel_config.eplb_config.window_size\n",
            "return parallel_config.eplb_window_size or parallel_config.eplb_config.window_size",
        ),
    ),
    (
        "#29324 config fields removed",
        "twin: eplb_config.window_size kept",
        K(
            "#29324",
            EP,
            EPW,
            "vllm/aeon/ep3.py",
            PC + "def aeon_window2(parallel_config: ParallelConfig) -> int:\n"
            "    return parallel_config.eplb_config.window_size\n",
            "return parallel_config.eplb_config.window_size",
        ),
    ),
]

# --- #28006 (2f1cc8cef1): ModelConfig.rope_scaling / rope_theta and --rope-scaling / --rope-theta removed
RP = "2f1cc8cef1"
RPW = "rope_scaling / rope_theta removed"
CASES += [
    (
        "#28006 config fields removed",
        "a keyword to EngineArgs",
        K(
            "#28006",
            RP,
            RPW,
            "vllm/aeon/rp1.py",
            "from vllm.engine.arg_utils import EngineArgs\n\n\n"
            "def aeon_long_context(model: str) -> EngineArgs:\n"
            "    return EngineArgs(model=model, rope_theta=1000000.0)\n",
            "return EngineArgs(model=model, rope_theta=1000000.0)",
        ),
    ),
    (
        "#28006 config fields removed",
        "a read off a typed ModelConfig",
        K(
            "#28006",
            RP,
            RPW,
            "vllm/aeon/rp2.py",
            MC + "def aeon_is_scaled(model_config: ModelConfig) -> bool:\n    return bool(model_config.rope_scaling)\n",
            "return bool(model_config.rope_scaling)",
        ),
    ),
    (
        "#28006 config fields removed",
        "twin: hf_overrides kept",
        K(
            "#28006",
            RP,
            RPW,
            "vllm/aeon/rp3.py",
            "from vllm.engine.arg_utils import EngineArgs\n\n\n"
            "def aeon_long_context2(model: str) -> EngineArgs:\n"
            "    return EngineArgs(model=model, hf_overrides={'rope_theta': 1000000.0})\n",
            "return EngineArgs(model=model, hf_overrides={'rope_theta': 1000000.0})",
        ),
    ),
]

# --- #30363 (41b6f9200f): set_splitting_ops_for_v1's all2all_backend made required (the env fallback removed)
AB = "41b6f9200f"
ABW = "set_splitting_ops_for_v1(all2all_backend) required"
CC = "from vllm.config import CompilationConfig\n\n\n"
CASES += [
    (
        "#30363 parameter default removed",
        "a call on the old defaults",
        K(
            "#30363",
            AB,
            ABW,
            "vllm/aeon/ab1.py",
            CC + "def aeon_eager_splits(compilation_config: CompilationConfig) -> list[str]:\n"
            "    # AEON: the Spark's piecewise graphs split as upstream's default does\n"
            "    compilation_config.set_splitting_ops_for_v1()\n"
            "    return list(compilation_config.splitting_ops or [])\n",
            "compilation_config.set_splitting_ops_for_v1()",
        ),
    ),
    (
        "#30363 parameter default removed",
        "a call with the other keyword only",
        K(
            "#30363",
            AB,
            ABW,
            "vllm/aeon/ab2.py",
            CC + "def aeon_dp_splits(compilation_config: CompilationConfig, dp: int) -> None:\n"
            "    compilation_config.set_splitting_ops_for_v1(data_parallel_size=dp)\n",
            "compilation_config.set_splitting_ops_for_v1(data_parallel_size=dp)",
        ),
    ),
    (
        "#30363 parameter default removed",
        "twin: both keywords passed",
        K(
            "#30363",
            AB,
            ABW,
            "vllm/aeon/ab3.py",
            "from vllm.config import CompilationConfig, ParallelConfig\n\n\n"
            "def aeon_splits(compilation_config: CompilationConfig, parallel_config: ParallelConfig) -> None:\n"
            "    compilation_config.set_splitting_ops_for_v1(\n"
            "        all2all_backend=parallel_config.all2all_backend, data_parallel_size=parallel_config.data_parallel_size\n"
            "    )\n",
            "all2all_backend=parallel_config.all2all_backend, data_parallel_size=parallel_config.data_parallel_size",
        ),
    ),
]

# --- #32421 (1be5a73571): CacheConfig.kv_offloading_backend defaults to "native", not None
KO = "1be5a73571"
KOW = "kv_offloading_backend default None -> 'native'"
CAC = "from vllm.config import CacheConfig\n\n\n"
CASES += [
    (
        "#32421 default None -> value",
        "an is-not-None test of the field",
        K(
            "#32421",
            KO,
            KOW,
            "vllm/aeon/ko1.py",
            CAC + "def aeon_offloads(cache_config: CacheConfig) -> bool:\n"
            "    # AEON: the Spark's unified memory makes CPU offload a no-op; the launcher warns\n"
            "    return cache_config.kv_offloading_backend is not None\n",
            "return cache_config.kv_offloading_backend is not None",
        ),
    ),
    (
        "#32421 default None -> value",
        "twin: the size tested",
        K(
            "#32421",
            KO,
            KOW,
            "vllm/aeon/ko2.py",
            CAC + "def aeon_offloads2(cache_config: CacheConfig) -> bool:\n"
            "    return cache_config.kv_offloading_size is not None\n",
            "return cache_config.kv_offloading_size is not None",
        ),
    ),
]

# --- #26758 (481545b397): SchedulerConfig.scheduler_cls' default path "vllm.core..." -> "vllm.v1.core.sched..."
SC = "481545b397"
SCW = "scheduler_cls default path changed"
SCH = "from vllm.config import SchedulerConfig\n\n\n"
CASES += [
    (
        "#26758 default literal changed",
        "a comparison against the old default",
        K(
            "#26758",
            SC,
            SCW,
            "vllm/aeon/sc1.py",
            SCH + "def aeon_install(scheduler_config: SchedulerConfig) -> None:\n"
            "    # AEON: our scheduler replaces upstream's default, never a user's own\n"
            '    if scheduler_config.scheduler_cls == "vllm.core.scheduler.Scheduler":\n'
            '        scheduler_config.scheduler_cls = "vllm.aeon.sched.AeonScheduler"\n',
            'if scheduler_config.scheduler_cls == "vllm.core.scheduler.Scheduler":',
        ),
    ),
    (
        "#26758 default literal changed",
        "twin: the async scheduler path compared",
        K(
            "#26758",
            SC,
            SCW,
            "vllm/aeon/sc2.py",
            SCH + "def aeon_is_async(scheduler_config: SchedulerConfig) -> bool:\n"
            '    return scheduler_config.scheduler_cls == "vllm.v1.core.sched.async_scheduler.AsyncScheduler"\n',
            'return scheduler_config.scheduler_cls == "vllm.v1.core.sched.async_scheduler.AsyncScheduler"',
        ),
    ),
]

# --- #28735 (e2741f6cbc): SchedulerConfig.chunked_prefill_enabled renamed enable_chunked_prefill, the old
#     name kept as a deprecated property: nothing breaks yet (twins only)
CP = "e2741f6cbc"
CPW = "chunked_prefill_enabled renamed behind a deprecated alias"
CASES += [
    (
        "#28735 renamed, alias kept",
        "twin: a read of the deprecated alias",
        K(
            "#28735",
            CP,
            CPW,
            "vllm/aeon/cp1.py",
            SCH + "def aeon_chunked(scheduler_config: SchedulerConfig) -> bool:\n"
            "    return scheduler_config.chunked_prefill_enabled\n",
            "return scheduler_config.chunked_prefill_enabled",
        ),
    ),
    (
        "#28735 renamed, alias kept",
        "twin: a read of the new name",
        K(
            "#28735",
            CP,
            CPW,
            "vllm/aeon/cp2.py",
            SCH + "def aeon_chunked2(scheduler_config: SchedulerConfig) -> bool:\n"
            "    return scheduler_config.enable_chunked_prefill\n",
            "return scheduler_config.enable_chunked_prefill",
        ),
    ),
]

ENVS = "import vllm.envs as envs\n\n\n"

# --- #44128 (bd98e97557): VLLM_RPC_TIMEOUT removed from the registry
RT = "bd98e97557"
RTW = "VLLM_RPC_TIMEOUT removed"
CASES += [
    (
        "#44128 env var removed",
        "an envs. read",
        K(
            "#44128",
            RT,
            RTW,
            "vllm/aeon/rt1.py",
            ENVS + "def aeon_rpc_timeout_s() -> float:\n"
            "    # AEON: the Spark's first RPC waits for the unified-memory warm-up\n"
            "    return envs.VLLM_RPC_TIMEOUT / 1000.0\n",
            "return envs.VLLM_RPC_TIMEOUT / 1000.0",
        ),
    ),
    (
        "#44128 env var removed",
        "twin: VLLM_ENGINE_ITERATION_TIMEOUT_S kept",
        K(
            "#44128",
            RT,
            RTW,
            "vllm/aeon/rt2.py",
            ENVS + "def aeon_iteration_timeout_s() -> float:\n    return float(envs.VLLM_ENGINE_ITERATION_TIMEOUT_S)\n",
            "return float(envs.VLLM_ENGINE_ITERATION_TIMEOUT_S)",
        ),
    ),
]

# --- #29912 (e858bfe051): the profiler variables' parsers return the raw string or None (profiler_config
#     reads them); VLLM_TORCH_PROFILER_WITH_STACK's True default is now None, VLLM_PROFILER_MAX_ITERS' 0 is None
PF = "e858bfe051"
PFW = "profiler env parsers bool/int -> str | None"
CASES += [
    (
        "#29912 env parser changed",
        "an int comparison of a variable now None when unset",
        K(
            "#29912",
            PF,
            PFW,
            "vllm/aeon/pf1.py",
            ENVS + "def aeon_profile_capped() -> bool:\n    return envs.VLLM_PROFILER_MAX_ITERS > 0\n",
            "return envs.VLLM_PROFILER_MAX_ITERS > 0",
        ),
    ),
    (
        "#29912 env parser changed",
        "a branch on a variable whose True default is now None",
        K(
            "#29912",
            PF,
            PFW,
            "vllm/aeon/pf2.py",
            ENVS + "def aeon_profiler_kwargs() -> dict[str, bool]:\n"
            "    # AEON: stacks are what the Spark's perf triage reads\n"
            "    return {'with_stack': envs.VLLM_TORCH_PROFILER_WITH_STACK, 'record_shapes': False}\n",
            "return {'with_stack': envs.VLLM_TORCH_PROFILER_WITH_STACK, 'record_shapes': False}",
        ),
    ),
    (
        "#29912 env parser changed",
        "twin: a None-safe read of the directory",
        K(
            "#29912",
            PF,
            PFW,
            "vllm/aeon/pf3.py",
            ENVS + "def aeon_profiling() -> bool:\n    return envs.VLLM_TORCH_PROFILER_DIR is not None\n",
            "return envs.VLLM_TORCH_PROFILER_DIR is not None",
        ),
    ),
]

# --- #35793 (96fc09503a): VLLM_FLASHINFER_ALLREDUCE_BACKEND's default "auto" -> "trtllm"
AR = "96fc09503a"
ARW = "VLLM_FLASHINFER_ALLREDUCE_BACKEND default auto -> trtllm"
CASES += [
    (
        "#35793 env default changed",
        "a comparison against the old default",
        K(
            "#35793",
            AR,
            ARW,
            "vllm/aeon/ar1.py",
            ENVS + "def aeon_fuse_quant() -> bool:\n"
            "    # AEON: 'auto' picks mnnvl, which cannot fuse quant; the Spark then skips the fusion\n"
            '    return envs.VLLM_FLASHINFER_ALLREDUCE_BACKEND != "auto"\n',
            'return envs.VLLM_FLASHINFER_ALLREDUCE_BACKEND != "auto"',
        ),
    ),
    (
        "#35793 env default changed",
        "twin: a comparison against a value no default touched",
        K(
            "#35793",
            AR,
            ARW,
            "vllm/aeon/ar2.py",
            ENVS + 'def aeon_mnnvl() -> bool:\n    return envs.VLLM_FLASHINFER_ALLREDUCE_BACKEND == "mnnvl"\n',
            'return envs.VLLM_FLASHINFER_ALLREDUCE_BACKEND == "mnnvl"',
        ),
    ),
]

# --- #26855 (b2f78cbad4): vllm_kernel_override_batch_invariant() -> vllm_is_batch_invariant(), and its
#     variable VLLM_KERNEL_OVERRIDE_BATCH_INVARIANT -> VLLM_BATCH_INVARIANT (model.py and parallel.py read it)
BI = "b2f78cbad4"
BIW = "batch-invariance switch and variable renamed"
CASES += [
    (
        "#26855 function and env var renamed",
        "an import of the renamed function",
        K(
            "#26855",
            BI,
            BIW,
            "vllm/aeon/bi1.py",
            "from vllm.model_executor.layers.batch_invariant import vllm_kernel_override_batch_invariant\n\n\n"
            "def aeon_deterministic() -> bool:\n"
            "    return vllm_kernel_override_batch_invariant()\n",
            "from vllm.model_executor.layers.batch_invariant import vllm_kernel_override_batch_invariant",
        ),
    ),
    (
        "#26855 function and env var renamed",
        "an os.environ key set for upstream to read",
        K(
            "#26855",
            BI,
            BIW,
            "vllm/aeon/bi2.py",
            "import os\n\n\n"
            "def aeon_force_deterministic() -> None:\n"
            "    # AEON: the Spark's eval lane must be bit-reproducible\n"
            '    os.environ["VLLM_KERNEL_OVERRIDE_BATCH_INVARIANT"] = "1"\n',
            'os.environ["VLLM_KERNEL_OVERRIDE_BATCH_INVARIANT"] = "1"',
        ),
    ),
    (
        "#26855 function and env var renamed",
        "twin: an import of a function kept",
        K(
            "#26855",
            BI,
            BIW,
            "vllm/aeon/bi3.py",
            "from vllm.model_executor.layers.batch_invariant import init_batch_invariance\n\n\n"
            "def aeon_init() -> None:\n"
            "    init_batch_invariance()\n",
            "from vllm.model_executor.layers.batch_invariant import init_batch_invariance",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-config-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
