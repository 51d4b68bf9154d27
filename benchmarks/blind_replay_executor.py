"""A blind replay of the executor, the workers and the platform interface a fork subclasses or overrides.

11 first-parent commits on the surface a fork that runs its own device carries code against -- the v1
executor (``Executor.start_profile``/``stop_profile`` removed, ``profile`` now handed ``profile_prefix``),
the older executor (``ExecutorBase.apply_model`` removed), the v1 workers (``compile_or_warm_up_model``
returning a ``CompilationTimes`` pair, not a float; ``warn_for_unimplemented_methods`` gone from
``vllm.utils``; ``CpuPlatform.get_allowed_cpu_memory_node_list`` renamed), the Ray backend's compatibility
module ``ray_distributed_executor`` deleted, and the ``Platform`` class a fork subclasses (``set_device``
emptied to ``raise NotImplementedError``; ``supports_v1``/``default_v1`` removed; ``use_v1`` dropped from
``get_attn_backend_cls``; ``get_attn_backend_cls`` now called with ``attn_selector_config=``) -- picked by
scanning those paths' diffs (``git log --first-parent -p``), avoiding the commits the other replays use.
Each is replayed under 1-3 fork spellings written the way fork code is written (a call off a typed receiver,
a call through ``self`` in a subclass, an import of a deleted module or a removed helper, a qualname string,
an override with the old signature, a ``super()`` call into an emptied base, arithmetic on a return value
that became a tuple, a positional call with a removed argument), with twins (fork code the commit does not
break).  The merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when
an error lands on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on
their line.

Blind, on the engine before any widening (main at 493419a7): 17 caught, 0 warned, 2 missed of 19 (twins: 9
quiet, 2 false errors of 11).  The misses: #39240's two (``compile_or_warm_up_model() -> float`` became ``->
CompilationTimes``, a NamedTuple: a fork override's ``return super().compile_or_warm_up_model() + start`` and
an eager override's ``return 0.0``, which the executor now reads ``.language_model`` off).  The false errors:
#28112's override keeping ``use_v1`` (upstream's selector asks ``"use_v1" in sig.parameters`` and still calls
the old way: deprecated, not broken) and #30212's ``get_attn_backend_cls(cls, selected_backend, *args,
**kwargs)`` returning a constant (it ignored the per-field arguments before; it ignores the config folding them
now).
After the killers59 widenings: 19 caught, 0 warned, 0 missed of 19 (twins: 11 quiet, 1 of them warned, 0 false
errors).  Caught now: a number made a record (a ``NamedTuple`` or a class with no base but ``object`` and none
of a number's operators) under a fork's arithmetic on the result, and under a fork override still returning a
number where a call upstream wrote uses the value (result kind drift).  Quiet now: an override keeping a
parameter upstream dropped but still asks a signature for by name (``"use_v1" in sig.parameters``: a
warning, deprecated), and an override ignoring its ``*args, **kwargs`` when upstream folded parameters it
ignored into one.  Regression set on the same tree: killer_replay 26/26, kind_change_replay 12/12,
blind_replay_platform 34/34 (16 twins, 0 false), blind_replay_runtime 33 caught + 2 warned of 35,
blind_replay_kvcache 15/15 (0 false), review15/16/17_twins 0 false errors, symbol_precision --windows 3: 1, 0, 0 false errors (window 0's is
main's too: a synthetic EngineCoreClient carry lacking the abstract shutdown()).

  python benchmarks/blind_replay_executor.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #26215 (7c2e91c4e0): ExecutorBase.apply_model removed (the v1 Executor then still derived from it)
AM = "7c2e91c4e0"
AMW = "ExecutorBase.apply_model removed"
CASES += [
    (
        "#26215 method removed",
        "a call off a receiver typed as the base executor",
        K(
            "#26215",
            AM,
            AMW,
            "vllm/aeon/am1.py",
            "from vllm.executor.executor_base import ExecutorBase\n\n\n"
            "def aeon_param_counts(executor: ExecutorBase) -> list[int]:\n"
            "    # AEON: the Spark's unified memory budget is checked against the loaded weights\n"
            "    return executor.apply_model(lambda model: sum(p.numel() for p in model.parameters()))\n",
            "return executor.apply_model(lambda model: sum(p.numel() for p in model.parameters()))",
        ),
    ),
    (
        "#26215 method removed",
        "a call through self in a v1 executor subclass",
        K(
            "#26215",
            AM,
            AMW,
            "vllm/aeon/am2.py",
            "from vllm.v1.executor.multiproc_executor import MultiprocExecutor\n\n\n"
            "class AeonMultiprocExecutor(MultiprocExecutor):\n"
            "    def aeon_dtypes(self) -> list[str]:\n"
            "        return self.apply_model(lambda model: str(next(model.parameters()).dtype))\n",
            "return self.apply_model(lambda model: str(next(model.parameters()).dtype))",
        ),
    ),
    (
        "#26215 method removed",
        "twin: the kept collective_rpc",
        K(
            "#26215",
            AM,
            AMW,
            "vllm/aeon/am3.py",
            "from vllm.executor.executor_base import ExecutorBase\n\n\n"
            "def aeon_ranks(executor: ExecutorBase) -> list[int]:\n"
            "    return executor.collective_rpc('get_rank')\n",
            "return executor.collective_rpc('get_rank')",
        ),
    ),
]

# --- #28441 (d4902ba56d): Executor.start_profile / stop_profile removed (profile(is_start) kept)
SP = "d4902ba56d"
SPW = "Executor.start_profile/stop_profile removed"
EX = "from vllm.v1.executor.abstract import Executor\n\n\n"
CASES += [
    (
        "#28441 method removed",
        "a call off a receiver typed as the executor",
        K(
            "#28441",
            SP,
            SPW,
            "vllm/aeon/sp1.py",
            EX + "def aeon_trace_window(executor: Executor) -> None:\n"
            "    # AEON: nsys on the Spark wants one bounded window per benchmark step\n"
            "    executor.start_profile()\n",
            "executor.start_profile()",
        ),
    ),
    (
        "#28441 method removed",
        "a call through self in a subclass",
        K(
            "#28441",
            SP,
            SPW,
            "vllm/aeon/sp2.py",
            "from vllm.v1.executor.uniproc_executor import UniProcExecutor\n\n\n"
            "class AeonUniProcExecutor(UniProcExecutor):\n"
            "    def shutdown(self) -> None:\n"
            "        self.stop_profile()\n"
            "        super().shutdown()\n",
            "self.stop_profile()",
        ),
    ),
    (
        "#28441 method removed",
        "twin: the kept profile(is_start=...)",
        K(
            "#28441",
            SP,
            SPW,
            "vllm/aeon/sp3.py",
            EX + "def aeon_trace_stop(executor: Executor) -> None:\n    executor.profile(is_start=False)\n",
            "executor.profile(is_start=False)",
        ),
    ),
]

# --- #33198 (4453ba8d9e): EngineCore/Executor.profile now pass profile_prefix on (to the executor, and through
#     collective_rpc("profile", args=(is_start, profile_prefix)) to every worker)
PP = "4453ba8d9e"
PPW = "profile(is_start, profile_prefix) handed on"
CASES += [
    (
        "#33198 new argument to an override",
        "an executor override without the new parameter",
        K(
            "#33198",
            PP,
            PPW,
            "vllm/aeon/pp1.py",
            "from vllm.v1.executor.multiproc_executor import MultiprocExecutor\n\n\n"
            "class AeonProfExecutor(MultiprocExecutor):\n"
            "    def profile(self, is_start: bool = True):\n"
            "        # AEON: the Spark's power logger brackets every trace\n"
            "        super().profile(is_start)\n",
            "def profile(self, is_start: bool = True):",
        ),
    ),
    (
        "#33198 new argument to an override",
        "a worker override without the new parameter",
        K(
            "#33198",
            PP,
            PPW,
            "vllm/aeon/pp2.py",
            "from vllm.v1.worker.gpu_worker import Worker\n\n\n"
            "class AeonProfWorker(Worker):\n"
            "    def profile(self, is_start: bool = True):\n"
            "        super().profile(is_start)\n",
            "def profile(self, is_start: bool = True):",
        ),
    ),
    (
        "#33198 new argument to an override",
        "twin: a caller of profile with its one argument",
        K(
            "#33198",
            PP,
            PPW,
            "vllm/aeon/pp3.py",
            "from vllm.v1.executor.multiproc_executor import MultiprocExecutor\n\n\n"
            "class AeonProfExecutor2(MultiprocExecutor):\n"
            "    def aeon_stop(self) -> None:\n"
            "        self.profile(False)\n",
            "self.profile(False)",
        ),
    ),
]

# --- #39240 (c08f3b2a62): Worker(Base).compile_or_warm_up_model returns CompilationTimes(language_model,
#     encoder), no longer a float; the executor reads t.language_model / t.encoder off each worker's
CT = "c08f3b2a62"
CTW = "compile_or_warm_up_model -> CompilationTimes, not float"
GW = "from vllm.v1.worker.gpu_worker import Worker\n\n\n"
CASES += [
    (
        "#39240 return shape changed",
        "arithmetic on the super() call's result",
        K(
            "#39240",
            CT,
            CTW,
            "vllm/aeon/ct1.py",
            GW + "class AeonWarmWorker(Worker):\n"
            "    def compile_or_warm_up_model(self) -> float:\n"
            "        # AEON: the Spark warms its NVFP4 GEMM tables after compile and counts it\n"
            "        start = self.aeon_warm_gemms()\n"
            "        return super().compile_or_warm_up_model() + start\n\n"
            "    def aeon_warm_gemms(self) -> float:\n"
            "        return 0.0\n",
            "return super().compile_or_warm_up_model() + start",
        ),
    ),
    (
        "#39240 return shape changed",
        "an override returning the old float",
        K(
            "#39240",
            CT,
            CTW,
            "vllm/aeon/ct2.py",
            GW + "class AeonEagerWorker(Worker):\n"
            "    def compile_or_warm_up_model(self) -> float:\n"
            "        # AEON: eager-only on the Spark: no compile, no warm-up\n"
            "        return 0.0\n",
            "return 0.0",
        ),
    ),
    (
        "#39240 return shape changed",
        "twin: an override passing super()'s result on",
        K(
            "#39240",
            CT,
            CTW,
            "vllm/aeon/ct3.py",
            GW + "class AeonLogWorker(Worker):\n"
            "    def compile_or_warm_up_model(self):\n"
            "        times = super().compile_or_warm_up_model()\n"
            "        print('aeon warm-up', times)\n"
            "        return times\n",
            "times = super().compile_or_warm_up_model()",
        ),
    ),
]

# --- #28613 (01bea115c4): vllm.utils.warn_for_unimplemented_methods removed
WU = "01bea115c4"
WUW = "warn_for_unimplemented_methods removed"
CASES += [
    (
        "#28613 helper removed",
        "an import of the removed decorator",
        K(
            "#28613",
            WU,
            WUW,
            "vllm/aeon/wu1.py",
            "from vllm.utils import warn_for_unimplemented_methods\n"
            "from vllm.v1.worker.worker_base import WorkerBase\n\n\n"
            "@warn_for_unimplemented_methods\n"
            "class AeonWorkerBase(WorkerBase):\n"
            "    pass\n",
            "from vllm.utils import warn_for_unimplemented_methods",
        ),
    ),
    (
        "#28613 helper removed",
        "twin: a kept helper of the same module",
        K(
            "#28613",
            WU,
            WUW,
            "vllm/aeon/wu2.py",
            "from vllm.utils import random_uuid\n\n\n"
            "def aeon_request_id() -> str:\n"
            "    return 'aeon-' + random_uuid()\n",
            "from vllm.utils import random_uuid",
        ),
    ),
]

# --- #23029 (08d5f7113a): CpuPlatform.get_allowed_cpu_memory_node_list -> get_allowed_cpu_core_node_list
CN = "08d5f7113a"
CNW = "get_allowed_cpu_memory_node_list renamed"
CASES += [
    (
        "#23029 classmethod renamed",
        "a call off the platform class in a worker subclass",
        K(
            "#23029",
            CN,
            CNW,
            "vllm/aeon/cn1.py",
            "from vllm.platforms.cpu import CpuPlatform\n"
            "from vllm.v1.worker.cpu_worker import CPUWorker\n\n\n"
            "class AeonCPUWorker(CPUWorker):\n"
            "    def aeon_numa_nodes(self) -> list[int]:\n"
            "        # AEON: the Grace side of the Spark pins the tokenizer pool per NUMA node\n"
            "        nodes, _cpus = CpuPlatform.get_allowed_cpu_memory_node_list()\n"
            "        return nodes\n",
            "nodes, _cpus = CpuPlatform.get_allowed_cpu_memory_node_list()",
        ),
    ),
    (
        "#23029 classmethod renamed",
        "twin: a kept classmethod",
        K(
            "#23029",
            CN,
            CNW,
            "vllm/aeon/cn2.py",
            "from vllm.platforms.cpu import CpuPlatform\n\n\n"
            "def aeon_host_memory() -> int:\n"
            "    return CpuPlatform.get_device_total_memory()\n",
            "return CpuPlatform.get_device_total_memory()",
        ),
    ),
]

# --- #38842 (4ae218c122): the compatibility module vllm/v1/executor/ray_distributed_executor.py deleted
RD = "4ae218c122"
RDW = "ray_distributed_executor compatibility module deleted"
CASES += [
    (
        "#38842 module deleted",
        "an import of the deleted module",
        K(
            "#38842",
            RD,
            RDW,
            "vllm/aeon/rd1.py",
            "from vllm.v1.executor.ray_distributed_executor import RayDistributedExecutor\n\n\n"
            "class AeonRayExecutor(RayDistributedExecutor):\n"
            "    # AEON: two Sparks over ConnectX-7 run one Ray placement group\n"
            "    uses_ray: bool = True\n",
            "from vllm.v1.executor.ray_distributed_executor import RayDistributedExecutor",
        ),
    ),
    (
        "#38842 module deleted",
        "a qualname string naming the deleted module",
        K(
            "#38842",
            RD,
            RDW,
            "vllm/aeon/rd2.py",
            "from vllm.utils.import_utils import resolve_obj_by_qualname\n\n\n"
            "def aeon_ray_executor_cls() -> type:\n"
            "    return resolve_obj_by_qualname('vllm.v1.executor.ray_distributed_executor.RayDistributedExecutor')\n",
            "return resolve_obj_by_qualname('vllm.v1.executor.ray_distributed_executor.RayDistributedExecutor')",
        ),
    ),
    (
        "#38842 module deleted",
        "twin: the module it re-exported",
        K(
            "#38842",
            RD,
            RDW,
            "vllm/aeon/rd3.py",
            "from vllm.v1.executor.ray_executor import RayDistributedExecutor\n\n\n"
            "class AeonRayExecutor2(RayDistributedExecutor):\n"
            "    uses_ray: bool = True\n",
            "from vllm.v1.executor.ray_executor import RayDistributedExecutor",
        ),
    ),
]

# --- #20262 (0b407479ef): Platform.set_device emptied to raise NotImplementedError (each shipped platform
#     now defines its own); the workers now call current_platform.set_device
SD = "0b407479ef"
SDW = "Platform.set_device -> raise NotImplementedError"
PLAT = "import torch\n\nfrom vllm.platforms.interface import Platform, PlatformEnum\n\n\n"
CASES += [
    (
        "#20262 base method emptied",
        "an override handing on to the emptied base",
        K(
            "#20262",
            SD,
            SDW,
            "vllm/aeon/sd1.py",
            PLAT + "class AeonPlatform(Platform):\n"
            "    _enum = PlatformEnum.OOT\n"
            "    device_name: str = 'aeon'\n"
            "    device_type: str = 'cuda'\n\n"
            "    @classmethod\n"
            "    def set_device(cls, device: torch.device) -> None:\n"
            "        # AEON: the Spark's driver wants a sync before switching context\n"
            "        torch.cuda.synchronize()\n"
            "        super().set_device(device)\n",
            "super().set_device(device)",
        ),
    ),
    (
        "#20262 base method emptied",
        "twin: an override that sets the device itself",
        K(
            "#20262",
            SD,
            SDW,
            "vllm/aeon/sd2.py",
            PLAT + "class AeonPlatform2(Platform):\n"
            "    _enum = PlatformEnum.OOT\n"
            "    device_name: str = 'aeon'\n\n"
            "    @classmethod\n"
            "    def set_device(cls, device: torch.device) -> None:\n"
            "        torch.cuda.set_device(device)\n",
            "torch.cuda.set_device(device)",
        ),
    ),
]

# --- #25410 (6fa78d8f23): Platform.supports_v1 / default_v1 removed
V1 = "6fa78d8f23"
V1W = "Platform.supports_v1/default_v1 removed"
CASES += [
    (
        "#25410 classmethod removed",
        "a call off current_platform",
        K(
            "#25410",
            V1,
            V1W,
            "vllm/aeon/v11.py",
            "from vllm.config import ModelConfig\n"
            "from vllm.platforms import current_platform\n\n\n"
            "def aeon_check(model_config: ModelConfig) -> None:\n"
            "    # AEON: fail fast at launch rather than in the engine\n"
            "    if not current_platform.supports_v1(model_config):\n"
            "        raise RuntimeError('aeon: this platform cannot run the v1 engine')\n",
            "if not current_platform.supports_v1(model_config):",
        ),
    ),
    (
        "#25410 classmethod removed",
        "a call through cls in a platform subclass",
        K(
            "#25410",
            V1,
            V1W,
            "vllm/aeon/v12.py",
            "from vllm.platforms.cuda import CudaPlatformBase\n\n\n"
            "class AeonCudaPlatform(CudaPlatformBase):\n"
            "    @classmethod\n"
            "    def aeon_v1_default(cls, model_config) -> bool:\n"
            "        return cls.default_v1(model_config) and not model_config.enforce_eager\n",
            "return cls.default_v1(model_config) and not model_config.enforce_eager",
        ),
    ),
    (
        "#25410 classmethod removed",
        "twin: a kept capability query",
        K(
            "#25410",
            V1,
            V1W,
            "vllm/aeon/v13.py",
            "from vllm.platforms import current_platform\n\n\n"
            "def aeon_structured() -> bool:\n"
            "    return current_platform.supports_structured_output()\n",
            "return current_platform.supports_structured_output()",
        ),
    ),
]

# --- #28112 (10138c92a5): use_v1 dropped from Platform.get_attn_backend_cls (the selector still calls an
#     override that keeps it, through inspect.signature)
UV = "10138c92a5"
UVW = "use_v1 dropped from get_attn_backend_cls"
CUDA = "from vllm.platforms.cuda import CudaPlatformBase\n\n\n"
CASES += [
    (
        "#28112 parameter removed",
        "a positional super() call still passing use_v1",
        K(
            "#28112",
            UV,
            UVW,
            "vllm/aeon/uv1.py",
            CUDA + "class AeonAttnPlatform(CudaPlatformBase):\n"
            "    @classmethod\n"
            "    def get_attn_backend_cls(cls, selected_backend, head_size, dtype, kv_cache_dtype, block_size, use_v1, use_mla, has_sink, use_sparse):\n"
            "        # AEON: FlashInfer is the only backend built for sm_121 on the Spark\n"
            "        return super().get_attn_backend_cls(selected_backend, head_size, dtype, kv_cache_dtype, block_size, use_v1, use_mla, has_sink, use_sparse)\n",
            "return super().get_attn_backend_cls(selected_backend, head_size, dtype, kv_cache_dtype, block_size, use_v1, use_mla, has_sink, use_sparse)",
        ),
    ),
    (
        "#28112 parameter removed",
        "a keyword call naming use_v1",
        K(
            "#28112",
            UV,
            UVW,
            "vllm/aeon/uv2.py",
            "import torch\n\nfrom vllm.platforms import current_platform\n\n\n"
            "def aeon_backend_for(head_size: int) -> str:\n"
            "    return current_platform.get_attn_backend_cls(None, head_size, torch.bfloat16, None, 16, use_v1=True, use_mla=False, has_sink=False, use_sparse=False)\n",
            "return current_platform.get_attn_backend_cls(None, head_size, torch.bfloat16, None, 16, use_v1=True, use_mla=False, has_sink=False, use_sparse=False)",
        ),
    ),
    (
        "#28112 parameter removed",
        "twin: an override keeping use_v1 (the selector inspects it)",
        K(
            "#28112",
            UV,
            UVW,
            "vllm/aeon/uv3.py",
            "from vllm.platforms.interface import Platform\n\n\n"
            "class AeonOotPlatform(Platform):\n"
            "    @classmethod\n"
            "    def get_attn_backend_cls(cls, selected_backend, head_size, dtype, kv_cache_dtype, block_size, use_v1, use_mla, has_sink, use_sparse):\n"
            "        return 'aeon.attention.AeonBackend'\n",
            "def get_attn_backend_cls(cls, selected_backend, head_size, dtype, kv_cache_dtype, block_size, use_v1, use_mla, has_sink, use_sparse):",
        ),
    ),
]

# --- #30212 (ec154c36ee): the selector calls get_attn_backend_cls(backend, attn_selector_config=...), the
#     per-field parameters folded into AttentionSelectorConfig
AS = "ec154c36ee"
ASW = "get_attn_backend_cls(backend, attn_selector_config=...)"
CASES += [
    (
        "#30212 override's parameters folded",
        "an override with the old per-field parameters",
        K(
            "#30212",
            AS,
            ASW,
            "vllm/aeon/as1.py",
            "from vllm.platforms.interface import Platform\n\n\n"
            "class AeonSelPlatform(Platform):\n"
            "    @classmethod\n"
            "    def get_attn_backend_cls(cls, selected_backend, head_size, dtype, kv_cache_dtype, block_size, use_mla, has_sink, use_sparse, use_mm_prefix, attn_type=None):\n"
            "        # AEON: MLA models go to the Spark's Triton MLA build\n"
            "        return 'aeon.attention.TritonMLA' if use_mla else 'aeon.attention.FlashInfer'\n",
            "def get_attn_backend_cls(cls, selected_backend, head_size, dtype, kv_cache_dtype, block_size, use_mla, has_sink, use_sparse, use_mm_prefix, attn_type=None):",
        ),
    ),
    (
        "#30212 override's parameters folded",
        "a positional call with the old per-field arguments",
        K(
            "#30212",
            AS,
            ASW,
            "vllm/aeon/as2.py",
            "import torch\n\nfrom vllm.platforms import current_platform\n\n\n"
            "def aeon_backend_name(head_size: int) -> str:\n"
            "    return current_platform.get_attn_backend_cls(None, head_size, torch.bfloat16, None, 16, False, False, False, False)\n",
            "return current_platform.get_attn_backend_cls(None, head_size, torch.bfloat16, None, 16, False, False, False, False)",
        ),
    ),
    (
        "#30212 override's parameters folded",
        "twin: an override forwarding *args/**kwargs",
        K(
            "#30212",
            AS,
            ASW,
            "vllm/aeon/as3.py",
            "from vllm.platforms.interface import Platform\n\n\n"
            "class AeonSelPlatform2(Platform):\n"
            "    @classmethod\n"
            "    def get_attn_backend_cls(cls, selected_backend, *args, **kwargs):\n"
            "        return 'aeon.attention.FlashInfer'\n",
            "def get_attn_backend_cls(cls, selected_backend, *args, **kwargs):",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-executor-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
