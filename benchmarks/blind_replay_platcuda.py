"""A blind replay of the platform classes a fork's platform plugin, worker or kernel glue carries code against.

10 first-parent commits on ``vllm/platforms/{cuda,interface,rocm,cpu,__init__}.py`` -- the classes and helpers a
fork's out-of-tree platform, worker or kernel loader calls: ``Platform.seed_everything`` removed (#33362),
``CpuPlatform.mem_get_info`` removed (#44825's ``torch.accelerator`` move), the CPU platform's OpenMP manager,
``LogicalCPUInfo`` and the cache config's ``cpu_kvcache_space_bytes`` moved or dropped (#39781), the ROCm arch
helpers' ``@cache`` dropped and ``_get_gcn_arch_via_amdsmi`` renamed (#34108), ``import_core_kernels`` renamed
``import_kernels`` and ``try_import_moe_kernels`` removed (#26286), ``is_kv_cache_dtype_supported`` given a
required ``model_config`` (#22668) and later removed (#26982), ``get_vit_attn_backend(support_fa)`` made
``(head_size, dtype)`` (#24347), the module-level ``device_id_to_physical_device_id`` made a ``Platform``
classmethod (#17245), and ``supports_structured_output`` removed for ``validate_request`` (#16291) -- picked by
scanning those paths' diffs (``git log --first-parent -p``), avoiding the commits the other replays use
(``blind_replay_platform.py`` among them).  Each is replayed under 1-3 fork spellings written the way fork code
is written (a call through ``current_platform``, a subclass's ``cls.`` call or override of the old signature, a
call on the conditional ``CudaPlatform`` alias, an import, a module-attribute call, a decorator's attribute,
a keyword call, a config field read), with twins (fork code the commit does not break: the kept helper, the
replacement that exists on both sides, an override forwarding ``*args, **kwargs``).  The merge base is the
commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on its line,
*warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (killers144's base, main at d0aa7738): 18 caught, 0 warned, 3 missed
of 21 (twins: 10 quiet, 0 false errors).  The misses: #44825's two (``CpuPlatform.mem_get_info`` removed, called
on the class with its tuple unpacked, and through a ``CpuPlatform`` subclass's ``cls.mem_get_info()[0]``) and
#26982's call on the ``CudaPlatform`` alias (``CudaPlatform.is_kv_cache_dtype_supported(...)``, where
``CudaPlatform`` is upstream's ``NvmlCudaPlatform if nvml_available else NonNvmlCudaPlatform``).
After the killers144 widenings: 21 caught, 0 warned, 0 missed of 21 (twins: 10 quiet, 0 false errors).  Caught
now: a member upstream removed from a class whose ``__getattr__`` makes names up, when upstream names it only in
a string or a comment (#44825 added a pre-commit rule whose regex forbids ``current_platform.mem_get_info()``;
that line had counted as upstream still reading the name: ``drift/quoted.py`` blanks a line's plain strings and
comment before the read is looked for, in every by-word question of whether upstream still reads or calls a
name; ``getattr(x, "name")`` with no default is read as ``x.name`` is; and where the ``__getattr__`` answers every
name, an instance's ``hasattr`` or ``except AttributeError`` guard excuses nothing), and a member read or called off a
module-level conditional alias of two
classes (``CudaPlatform``): the member both classes answer with, MISSING when neither has it (symbol drift's
``_attribute``).  Regression set at the widening's head: killer_replay 26/26, kind_change_replay 12/12,
review15/16/17_twins 0 false errors (40, 30, 23 twins), blind_replay_platform 34 caught of 34 (16 quiet, 0
false), blind_replay_executor 19/19 (11 quiet), blind_replay_moves 25/25 (16 quiet), blind_replay_tokenizer 15
caught, 1 warned of 16 (11 quiet; the warning is #32975's, as on main), blind_replay_modelifaces 15 caught, 1
warned of 16 (11 quiet), blind_replay_workerinputs 34 caught, 1 warned of 35 (19 quiet), blind_replay_modelapi 21
caught, 3 warned of 24 (14 quiet), blind_replay_compiler 23 caught, 2 warned of 25 (11 quiet), as documented
there, all with 0 false errors; ``symbol_precision.py --windows 1`` at the last widening: 0 false errors (window
0: 5 broken overrides, 4 caught, 8 warnings, as before; symbol drift + duplicates 1.10 s on the 500-commit
window, as before).  Probed after the blind run (not counted above): 14 of 16 further spellings
caught (``functools.partial``, a typed ``Platform`` parameter, ``cache_info()`` on an uncached helper, class
attributes dropped...); ``getattr(current_platform, "seed_everything")(seed)`` was missed and is caught now, as are
two more probes written after it: the call under ``if hasattr(current_platform, "seed_everything"):`` (missed:
``hasattr`` is always True there) and under ``try``/``except AttributeError`` (warned: None is called, TypeError),
while ``getattr(current_platform, "seed_everything", None)`` tested for None stays quiet.
Left: ``current_platform.mem_get_info()`` under #44825, where only the CPU platform defined the method and the
base ``Platform`` never did: on CUDA the ``__getattr__`` still answers with ``torch.cuda.mem_get_info``, so
whether the call breaks depends on the platform picked at run time.

  python benchmarks/blind_replay_platcuda.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

CP = "from vllm.platforms import current_platform\n\n\n"
CUDA = "from vllm.platforms.cuda import CudaPlatform\n\n\n"

# --- #33362 (010ec0c30e): Platform.seed_everything removed (deprecated for vllm.utils.torch_utils.set_random_seed)
SE = "010ec0c30e"
SEW = "Platform.seed_everything removed"
CASES += [
    (
        "#33362 platform classmethod removed",
        "a call through current_platform",
        K(
            "#33362",
            SE,
            SEW,
            "vllm/aeon/se1.py",
            CP + "def aeon_reseed(seed: int) -> None:\n"
            "    # AEON: every Spark worker reseeds after the UMA warm-up allocation\n"
            "    current_platform.seed_everything(seed)\n",
            "current_platform.seed_everything(seed)",
        ),
    ),
    (
        "#33362 platform classmethod removed",
        "a subclass's cls. call",
        K(
            "#33362",
            SE,
            SEW,
            "vllm/aeon/se2.py",
            CUDA + "class AeonSparkPlatform(CudaPlatform):\n"
            "    @classmethod\n"
            "    def aeon_deterministic(cls, seed: int) -> None:\n"
            "        cls.seed_everything(seed)\n",
            "cls.seed_everything(seed)",
        ),
    ),
    (
        "#33362 platform classmethod removed",
        "twin: the replacement function",
        K(
            "#33362",
            SE,
            SEW,
            "vllm/aeon/se3.py",
            "from vllm.utils.torch_utils import set_random_seed\n\n\n"
            "def aeon_reseed(seed: int) -> None:\n"
            "    set_random_seed(seed)\n",
            "set_random_seed(seed)",
        ),
    ),
]

# --- #44825 (fb42e5219e): CpuPlatform.mem_get_info removed (callers use torch.accelerator's)
MG = "fb42e5219e"
MGW = "CpuPlatform.mem_get_info removed"
CPU = "from vllm.platforms.cpu import CpuPlatform\n\n\n"
CASES += [
    (
        "#44825 platform classmethod removed",
        "a call on the class, tuple unpacked",
        K(
            "#44825",
            MG,
            MGW,
            "vllm/aeon/mg1.py",
            CPU + "def aeon_free_ratio() -> float:\n"
            "    free, total = CpuPlatform.mem_get_info()\n"
            "    return free / total\n",
            "free, total = CpuPlatform.mem_get_info()",
        ),
    ),
    (
        "#44825 platform classmethod removed",
        "a subclass's cls. call",
        K(
            "#44825",
            MG,
            MGW,
            "vllm/aeon/mg2.py",
            CPU + "class AeonGraceCpuPlatform(CpuPlatform):\n"
            "    @classmethod\n"
            "    def aeon_free_bytes(cls) -> int:\n"
            "        # AEON: the Grace host shares its memory with the GPU; size the swap space by what is free\n"
            "        return cls.mem_get_info()[0]\n",
            "return cls.mem_get_info()[0]",
        ),
    ),
    (
        "#44825 platform classmethod removed",
        "twin: a kept memory helper",
        K(
            "#44825",
            MG,
            MGW,
            "vllm/aeon/mg3.py",
            CPU + "def aeon_total() -> int:\n    return CpuPlatform.get_device_total_memory()\n",
            "return CpuPlatform.get_device_total_memory()",
        ),
    ),
]

# --- #39781 (d02421a7db): the CPU platform's OpenMP manager and LogicalCPUInfo moved out, the cache config's
#     cpu_kvcache_space_bytes dropped
OM = "d02421a7db"
OMW = "CpuPlatform.get_omp_manager, LogicalCPUInfo, CacheConfig.cpu_kvcache_space_bytes removed"
CASES += [
    (
        "#39781 CPU platform refactor",
        "an import of a moved class",
        K(
            "#39781",
            OM,
            OMW,
            "vllm/aeon/om1.py",
            "from vllm.platforms.cpu import CpuPlatform, LogicalCPUInfo\n\n\n"
            "def aeon_cores(cpus: list[LogicalCPUInfo]) -> set[int]:\n"
            "    return {cpu.physical_core for cpu in cpus if cpu.numa_node == 0}\n",
            "from vllm.platforms.cpu import CpuPlatform, LogicalCPUInfo",
        ),
    ),
    (
        "#39781 CPU platform refactor",
        "a call on the class",
        K(
            "#39781",
            OM,
            OMW,
            "vllm/aeon/om2.py",
            CPU + "def aeon_omp_manager():\n"
            "    # AEON: the Grace host pins the OpenMP threads of each rank to its own cores\n"
            "    return CpuPlatform.get_omp_manager()\n",
            "return CpuPlatform.get_omp_manager()",
        ),
    ),
    (
        "#39781 CPU platform refactor",
        "a config field read",
        K(
            "#39781",
            OM,
            OMW,
            "vllm/aeon/om3.py",
            "from vllm.config import VllmConfig\n\n\n"
            "def aeon_kv_gib(vllm_config: VllmConfig) -> float:\n"
            "    return vllm_config.cache_config.cpu_kvcache_space_bytes / (1 << 30)\n",
            "return vllm_config.cache_config.cpu_kvcache_space_bytes / (1 << 30)",
        ),
    ),
    (
        "#39781 CPU platform refactor",
        "twin: a kept class attribute",
        K(
            "#39781",
            OM,
            OMW,
            "vllm/aeon/om4.py",
            "import os\n\n" + CPU + "def aeon_visible_nodes() -> str:\n"
            '    return os.environ.get(CpuPlatform.device_control_env_var, "")\n',
            'return os.environ.get(CpuPlatform.device_control_env_var, "")',
        ),
    ),
]

# --- #34108 (4cde2e0159): the ROCm arch helpers lose @cache (read once at import), _get_gcn_arch_via_amdsmi renamed
GA = "4cde2e0159"
GAW = "rocm on_gfx* lose @cache; _get_gcn_arch_via_amdsmi -> _get_gcn_arch"
CASES += [
    (
        "#34108 decorator dropped, helper renamed",
        "a cache_clear on a module attribute",
        K(
            "#34108",
            GA,
            GAW,
            "vllm/aeon/ga1.py",
            "from vllm.platforms import rocm as rocm_platform\n\n\n"
            "def aeon_redetect() -> bool:\n"
            "    # AEON: the arch probe runs before HIP_VISIBLE_DEVICES is narrowed; forget the first answer\n"
            "    rocm_platform.on_gfx9.cache_clear()\n"
            "    return rocm_platform.on_gfx9()\n",
            "rocm_platform.on_gfx9.cache_clear()",
        ),
    ),
    (
        "#34108 decorator dropped, helper renamed",
        "an import of a renamed private helper",
        K(
            "#34108",
            GA,
            GAW,
            "vllm/aeon/ga2.py",
            "from vllm.platforms.rocm import _get_gcn_arch_via_amdsmi\n\n\n"
            "def aeon_arch() -> str:\n"
            "    return _get_gcn_arch_via_amdsmi()\n",
            "from vllm.platforms.rocm import _get_gcn_arch_via_amdsmi",
        ),
    ),
    (
        "#34108 decorator dropped, helper renamed",
        "twin: a still-cached helper",
        K(
            "#34108",
            GA,
            GAW,
            "vllm/aeon/ga3.py",
            "from vllm.platforms.rocm import on_gfx9, use_rocm_custom_paged_attention\n\n\n"
            "def aeon_reset() -> bool:\n"
            "    use_rocm_custom_paged_attention.cache_clear()\n"
            "    return on_gfx9()\n",
            "use_rocm_custom_paged_attention.cache_clear()",
        ),
    ),
]

# --- #26286 (4ebc9108a7): Platform.import_core_kernels renamed import_kernels; try_import_moe_kernels removed
IK = "4ebc9108a7"
IKW = "import_core_kernels -> import_kernels; try_import_moe_kernels removed"
CASES += [
    (
        "#26286 platform hook renamed",
        "an override upstream no longer calls",
        K(
            "#26286",
            IK,
            IKW,
            "vllm/aeon/ik1.py",
            CUDA + "class AeonSparkPlatform(CudaPlatform):\n"
            "    @classmethod\n"
            "    def import_core_kernels(cls) -> None:\n"
            "        super().import_core_kernels()\n"
            "        # AEON: the sm_121 NVFP4 kernels live in their own extension\n"
            "        import vllm.aeon._C  # noqa: F401\n",
            "def import_core_kernels(cls) -> None:",
        ),
    ),
    (
        "#26286 platform hook renamed",
        "a call through current_platform",
        K(
            "#26286",
            IK,
            IKW,
            "vllm/aeon/ik2.py",
            CP + "def aeon_has_moe_ops() -> bool:\n    return current_platform.try_import_moe_kernels()\n",
            "return current_platform.try_import_moe_kernels()",
        ),
    ),
    (
        "#26286 platform hook renamed",
        "twin: a kept capability query",
        K(
            "#26286",
            IK,
            IKW,
            "vllm/aeon/ik3.py",
            CP + "def aeon_blackwell() -> bool:\n    return current_platform.has_device_capability(100)\n",
            "return current_platform.has_device_capability(100)",
        ),
    ),
]

# --- #22668 (19fe1a0510): Platform.is_kv_cache_dtype_supported(kv_cache_dtype) gains a required model_config
KD = "19fe1a0510"
KDW = "is_kv_cache_dtype_supported gains a required model_config"
CASES += [
    (
        "#22668 required parameter added",
        "a one-argument call through current_platform",
        K(
            "#22668",
            KD,
            KDW,
            "vllm/aeon/kd1.py",
            CP + "def aeon_fp8_kv_ok() -> bool:\n"
            "    # AEON: GB10 serves an fp8 KV cache when the platform says it can\n"
            '    return current_platform.is_kv_cache_dtype_supported("fp8_e4m3")\n',
            'return current_platform.is_kv_cache_dtype_supported("fp8_e4m3")',
        ),
    ),
    (
        "#22668 required parameter added",
        "an override of the old signature",
        K(
            "#22668",
            KD,
            KDW,
            "vllm/aeon/kd2.py",
            CUDA + "class AeonSparkPlatform(CudaPlatform):\n"
            "    @classmethod\n"
            "    def is_kv_cache_dtype_supported(cls, kv_cache_dtype: str) -> bool:\n"
            '        return kv_cache_dtype in ("auto", "fp8", "fp8_e4m3")\n',
            "def is_kv_cache_dtype_supported(cls, kv_cache_dtype: str) -> bool:",
        ),
    ),
    (
        "#22668 required parameter added",
        "twin: a kept capability query",
        K(
            "#22668",
            KD,
            KDW,
            "vllm/aeon/kd3.py",
            CP + "def aeon_fp8() -> bool:\n    return current_platform.supports_fp8()\n",
            "return current_platform.supports_fp8()",
        ),
    ),
]

# --- #26982 (f6027b2855): Platform.is_kv_cache_dtype_supported removed (unused upstream)
KR = "f6027b2855"
KRW = "is_kv_cache_dtype_supported removed"
CASES += [
    (
        "#26982 platform classmethod removed",
        "a call on the CudaPlatform alias",
        K(
            "#26982",
            KR,
            KRW,
            "vllm/aeon/kr1.py",
            CUDA + "def aeon_fp8_kv_ok(model_config) -> bool:\n"
            '    return CudaPlatform.is_kv_cache_dtype_supported("fp8", model_config)\n',
            'return CudaPlatform.is_kv_cache_dtype_supported("fp8", model_config)',
        ),
    ),
    (
        "#26982 platform classmethod removed",
        "a keyword call through current_platform",
        K(
            "#26982",
            KR,
            KRW,
            "vllm/aeon/kr2.py",
            CP + "def aeon_kv_dtype(model_config) -> str:\n"
            '    if current_platform.is_kv_cache_dtype_supported(kv_cache_dtype="fp8", model_config=model_config):\n'
            '        return "fp8"\n'
            '    return "auto"\n',
            'if current_platform.is_kv_cache_dtype_supported(kv_cache_dtype="fp8", model_config=model_config):',
        ),
    ),
    (
        "#26982 platform classmethod removed",
        "twin: a kept device query",
        K(
            "#26982",
            KR,
            KRW,
            "vllm/aeon/kr3.py",
            CP + 'def aeon_is_spark() -> bool:\n    return "GB10" in current_platform.get_device_name()\n',
            'return "GB10" in current_platform.get_device_name()',
        ),
    ),
]

# --- #24347 (72fc8aa412): Platform.get_vit_attn_backend(support_fa=False) -> (head_size, dtype)
VB = "72fc8aa412"
VBW = "get_vit_attn_backend(support_fa) -> get_vit_attn_backend(head_size, dtype)"
CASES += [
    (
        "#24347 parameters replaced",
        "a keyword call through current_platform",
        K(
            "#24347",
            VB,
            VBW,
            "vllm/aeon/vb1.py",
            CP + "def aeon_vit_backend():\n"
            "    # AEON: the Spark's vision towers use FlashAttention when it is there\n"
            "    return current_platform.get_vit_attn_backend(support_fa=True)\n",
            "return current_platform.get_vit_attn_backend(support_fa=True)",
        ),
    ),
    (
        "#24347 parameters replaced",
        "an override of the old signature",
        K(
            "#24347",
            VB,
            VBW,
            "vllm/aeon/vb2.py",
            "from vllm.platforms.cuda import CudaPlatform\nfrom vllm.platforms.interface import _Backend\n\n\n"
            "class AeonSparkPlatform(CudaPlatform):\n"
            "    @classmethod\n"
            "    def get_vit_attn_backend(cls, support_fa: bool = False) -> _Backend:\n"
            "        return _Backend.TORCH_SDPA\n",
            "def get_vit_attn_backend(cls, support_fa: bool = False) -> _Backend:",
        ),
    ),
    (
        "#24347 parameters replaced",
        "twin: an override forwarding everything",
        K(
            "#24347",
            VB,
            VBW,
            "vllm/aeon/vb3.py",
            CUDA + "class AeonSparkPlatform(CudaPlatform):\n"
            "    @classmethod\n"
            "    def get_vit_attn_backend(cls, *args, **kwargs):\n"
            "        return super().get_vit_attn_backend(*args, **kwargs)\n",
            "def get_vit_attn_backend(cls, *args, **kwargs):",
        ),
    ),
]

# --- #17245 (289199feb6): the module-level device_id_to_physical_device_id (cuda.py, rocm.py) made a
#     Platform classmethod
DP = "289199feb6"
DPW = "device_id_to_physical_device_id moved onto Platform"
CASES += [
    (
        "#17245 module function moved onto the class",
        "an import from the module",
        K(
            "#17245",
            DP,
            DPW,
            "vllm/aeon/dp1.py",
            "from vllm.platforms.cuda import device_id_to_physical_device_id\n\n\n"
            "def aeon_physical(local_rank: int) -> int:\n"
            "    return device_id_to_physical_device_id(local_rank)\n",
            "from vllm.platforms.cuda import device_id_to_physical_device_id",
        ),
    ),
    (
        "#17245 module function moved onto the class",
        "a module-attribute call",
        K(
            "#17245",
            DP,
            DPW,
            "vllm/aeon/dp2.py",
            "import vllm.platforms.rocm as rocm_platform\n\n\n"
            "def aeon_physical(local_rank: int) -> int:\n"
            "    return rocm_platform.device_id_to_physical_device_id(local_rank)\n",
            "return rocm_platform.device_id_to_physical_device_id(local_rank)",
        ),
    ),
    (
        "#17245 module function moved onto the class",
        "twin: a kept module function",
        K(
            "#17245",
            DP,
            DPW,
            "vllm/aeon/dp3.py",
            "from vllm.platforms.cuda import CudaPlatform, with_nvml_context\n\n\n"
            "@with_nvml_context\n"
            "def aeon_name() -> str:\n"
            "    return CudaPlatform.get_device_name(0)\n",
            "return CudaPlatform.get_device_name(0)",
        ),
    ),
]

# --- #16291 (cb391d85dc): Platform.supports_structured_output removed for validate_request
SO = "cb391d85dc"
SOW = "supports_structured_output removed"
CASES += [
    (
        "#16291 platform classmethod removed",
        "a guard through current_platform",
        K(
            "#16291",
            SO,
            SOW,
            "vllm/aeon/so1.py",
            CP + "def aeon_check_guided(params) -> None:\n"
            "    if params.guided_decoding is not None and not current_platform.supports_structured_output():\n"
            '        raise ValueError("structured output is not supported on this platform")\n',
            "if params.guided_decoding is not None and not current_platform.supports_structured_output():",
        ),
    ),
    (
        "#16291 platform classmethod removed",
        "a subclass's cls. call",
        K(
            "#16291",
            SO,
            SOW,
            "vllm/aeon/so2.py",
            CUDA + "class AeonSparkPlatform(CudaPlatform):\n"
            "    @classmethod\n"
            "    def aeon_guided_ok(cls) -> bool:\n"
            "        return cls.supports_structured_output() and cls.has_device_capability(80)\n",
            "return cls.supports_structured_output() and cls.has_device_capability(80)",
        ),
    ),
    (
        "#16291 platform classmethod removed",
        "twin: a kept platform query",
        K(
            "#16291",
            SO,
            SOW,
            "vllm/aeon/so3.py",
            CP + "def aeon_pin() -> bool:\n    return current_platform.is_pin_memory_available()\n",
            "return current_platform.is_pin_memory_available()",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-platcuda-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
