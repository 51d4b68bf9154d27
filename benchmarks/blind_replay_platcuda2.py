"""A blind replay of the CUDA platform and the platform interface a fork's Spark platform subclasses (second pass).

8 first-parent commits on ``vllm/platforms/{cuda,interface}.py`` -- the classes a fork that serves on a DGX
Spark (GB10, sm_121a, aarch64) subclasses, overrides, patches and calls: ``Platform.get_default_attn_backend``
removed for the ``get_attn_backend_cls(selected_backend, head_size, dtype, kv_cache_dtype, block_size, use_v1)``
hook (#11609), ``device_id_to_physical_device_id`` no longer raising ``RuntimeError`` on an empty
``CUDA_VISIBLE_DEVICES`` (#18979), ``NvmlCudaPlatform.get_device_capability`` mapping through
``visible_device_id_to_physical_device_id`` instead of ``device_id_to_physical_device_id`` (#47892),
``CudaPlatformBase`` given its own ``is_pin_memory_available`` (#41496), the new hooks upstream now calls on the
current platform -- ``use_custom_op_collectives()`` (#34760), ``supports_v1(model_config=...)`` (#15417),
``manual_seed_all(seed)`` (#38468) -- and ``num_heads`` now passed by keyword to ``get_valid_backends`` and
``get_attn_backend_cls`` and positionally to ``_get_backend_priorities`` (#33451) -- picked by scanning those
paths' diffs (``git log --first-parent -p``), avoiding the commits the other replays use
(``blind_replay_platcuda``, ``_platform``, ``_platiface`` cover parts of this surface).  Each is replayed under
1-4 fork spellings written the way fork code is written (a subclass override of a removed or newly called hook,
a namesake class attribute or method the new hook call lands on, a class call, a table of callables, an
``except`` of an exception no longer raised, a ``contextlib.suppress``, a monkeypatch of the base class's
method, a ``setattr``, a replacement of a module function now called with one more argument), with twins (fork
code the commit does not break: the kept name, an override that fits the new call, a ``**kwargs`` forwarder, a
patch on the class that still wins).  The merge base is the commit's first parent, upstream is the commit; a
spelling is *caught* when an error lands on its line, *warned* when a warning lands in its file.  Twins must
stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at be1a91ef): 7 caught, 5 warned, 6 missed of 18 (twins: 10
quiet, 0 false errors).  Symbol drift caught #11609's four (the removed hook's override, class call and table
entry, the namesake ``get_attn_backend_cls`` the selector's six-argument call lands on) and #33451's three (the
overrides without ``num_heads``, the two-parameter function installed over ``_get_backend_priorities``).  The
misses: #18979's two (``except RuntimeError:`` and ``contextlib.suppress(RuntimeError)`` around
``CudaPlatform.device_id_to_physical_device_id``: the call off a subclass, or the conditional alias of two, did
not reach the def they inherit from ``Platform``), #47892's override of ``device_id_to_physical_device_id``
(``get_device_capability``, a classmethod, called it on ``cls`` under ``try`` and now calls ``Platform``'s
``visible_device_id_to_physical_device_id``, another file's), #41496's two (``Platform.is_pin_memory_available =
classmethod(...)`` and its ``setattr`` spelling, shadowed on CUDA by ``CudaPlatformBase``'s new def), and
#34760's flag ``use_custom_op_collectives = False``.  The five warned are the namesakes of #34760, #15417 and
#38468 that cannot serve upstream's call (a required parameter, a renamed keyword, no parameters): each caller
imports ``current_platform`` inside the function, so the receiver was untyped and the namesake only warned.
After the killers209 widenings: 13 caught, 5 warned, 0 missed of 18 (twins: 10 quiet, 3 of them warned, 0 false
errors).  Caught now: a hook called off a name the calling function imports late is typed by its declaration in
the module it is imported from (``drift/new_hooks.py`` ``imported_receiver``): the six namesakes.  Warned now:
#18979's two (raised-kind drift follows a call off a subclass or alias to the def it inherits,
``drift/raised_kinds.py``; a stop with nothing raised in its place is a warning by that check's policy, as
upstream may accept the case now -- it does: an empty ``CUDA_VISIBLE_DEVICES`` reads as unset), #41496's two (a
fork patch of a base's method a subclass now overrides, ``drift/patched_bases.py``: a warning, as the patch still
reaches the base's other subclasses) and #47892's (bypassed hooks read ``cls.`` calls, follow a method inherited
from another file's base, and take a ``try`` body as run on every run, ``drift/bypassed_hooks.py``: the every-run
warning, as upstream may have made the hook needless there).  The three warned twins are the fitting hook
overrides (the new-hook warning asks for a look).
Regression set at the widenings' head: killer_replay 26/26, kind_change_replay 12/12 (5 quiet),
blind_replay_platiface 23/23 (12 quiet, 2 warned), blind_replay_platcuda 21/21 (10 quiet), blind_replay_pstate 21
caught, 1 warned of 22 (11 quiet), blind_replay_loramgr 17 caught, 1 warned of 18 (11 quiet),
blind_replay_specconf 32 caught, 1 warned of 33 (16 quiet; its one false error the contested ``hasattr`` gate,
as documented there), blind_replay_basiclayers 15/15 (11 quiet), blind_replay_rope 20 caught, 1 warned of 21
(11 quiet), blind_replay_modelifaces 15 caught, 1 warned of 16 (11 quiet), review72_twins 5/5, 0 false of 28,
review99_twins 10/10, 0 false of 37, review104_twins 5 caught, 1 warned of 6, 0 false of 27: all as documented
there; ``symbol_precision.py --windows 1``: 0 false errors (symbol drift + duplicates 1.29 s on the 500-commit
window).  (The bypassed-hooks replays -- rope, basiclayers, modelifaces, review72 -- and this one and
killer_replay were run again after the last change, a delegation re-pointed to an inherited method made the
sibling warning: the same.)  #47892's override is still called by ``get_device_name`` and the other NVML helpers, so the fork's map is
half-dead, not dead: the warning says which caller dropped it.

  python benchmarks/blind_replay_platcuda2.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #11609 (405eb8e396): Platform.get_default_attn_backend removed; get_attn_backend_cls(6 args) the new hook
AB = "405eb8e396"
ABW = "get_default_attn_backend removed; get_attn_backend_cls(selected_backend, head_size, ...) now called"
NV = "from vllm.platforms.cuda import NvmlCudaPlatform\nfrom vllm.platforms.interface import _Backend\n\n\n"
CASES += [
    (
        "#11609 hook removed",
        "a subclass override of the removed hook",
        K(
            "#11609",
            AB,
            ABW,
            "vllm/aeon/ab1.py",
            NV + "class AeonSparkPlatform(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def get_default_attn_backend(cls, selected_backend: _Backend):\n"
            "        # AEON: GB10 (sm_121a) has no FA3 build: default the Spark to FlashInfer\n"
            "        if selected_backend is None:\n"
            "            return _Backend.FLASHINFER\n"
            "        return selected_backend\n",
            "def get_default_attn_backend(cls, selected_backend: _Backend):",
        ),
    ),
    (
        "#11609 hook removed",
        "a call on the class",
        K(
            "#11609",
            AB,
            ABW,
            "vllm/aeon/ab2.py",
            NV + "def aeon_default_backend() -> _Backend:\n"
            "    # AEON: the Spark's launcher logs the backend it expects before the engine starts\n"
            "    return NvmlCudaPlatform.get_default_attn_backend(_Backend.FLASH_ATTN)\n",
            "return NvmlCudaPlatform.get_default_attn_backend(_Backend.FLASH_ATTN)",
        ),
    ),
    (
        "#11609 hook removed",
        "a namesake method the new hook call lands on",
        K(
            "#11609",
            AB,
            ABW,
            "vllm/aeon/ab3.py",
            NV + "_AEON_PATHS = {_Backend.FLASHINFER: 'vllm.attention.backends.flashinfer.FlashInferBackend'}\n\n\n"
            "class AeonSparkPlatform2(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def get_attn_backend_cls(cls, selected_backend: _Backend) -> str:\n"
            "        # AEON: the Spark's model runner maps its pinned backend to a class path\n"
            "        return _AEON_PATHS[selected_backend]\n",
            "def get_attn_backend_cls(cls, selected_backend: _Backend) -> str:",
        ),
    ),
    (
        "#11609 hook removed",
        "a table of callables",
        K(
            "#11609",
            AB,
            ABW,
            "vllm/aeon/ab4.py",
            NV + "_AEON_PLATFORM_HOOKS = {\n"
            "    # AEON: the Spark's health check prints what each platform hook answers\n"
            "    'attn': NvmlCudaPlatform.get_default_attn_backend,\n"
            "    'fp8': NvmlCudaPlatform.has_device_capability,\n"
            "}\n",
            "'attn': NvmlCudaPlatform.get_default_attn_backend,",
        ),
    ),
    (
        "#11609 hook removed",
        "twin: the kept capability check and enum member",
        K(
            "#11609",
            AB,
            ABW,
            "vllm/aeon/ab5.py",
            NV + "def aeon_spark_backend() -> _Backend:\n"
            "    # AEON: sm_121a answers 80 and 90 but not 100\n"
            "    if NvmlCudaPlatform.has_device_capability(90):\n"
            "        return _Backend.FLASHINFER\n"
            "    return _Backend.XFORMERS\n",
            "if NvmlCudaPlatform.has_device_capability(90):",
        ),
    ),
]

# --- #18979 (65397e40f5): device_id_to_physical_device_id no longer raises RuntimeError on an empty env var
EV = "65397e40f5"
EVW = "device_id_to_physical_device_id: the RuntimeError on CUDA_VISIBLE_DEVICES='' removed"
CP = "import contextlib\n\nfrom vllm.platforms.cuda import CudaPlatform\n\n\n"
CASES += [
    (
        "#18979 raise removed",
        "an except of the exception no longer raised",
        K(
            "#18979",
            EV,
            EVW,
            "vllm/aeon/ev1.py",
            CP + "def aeon_physical_gpu(local_rank: int) -> int | None:\n"
            "    # AEON: the Spark's Ray head sits in a CPU-only placement group (CUDA_VISIBLE_DEVICES='')\n"
            "    try:\n"
            "        return CudaPlatform.device_id_to_physical_device_id(local_rank)\n"
            "    except RuntimeError:\n"
            "        return None\n",
            "except RuntimeError:",
        ),
    ),
    (
        "#18979 raise removed",
        "a contextlib.suppress of it",
        K(
            "#18979",
            EV,
            EVW,
            "vllm/aeon/ev2.py",
            CP + "def aeon_gpu_or_cpu(local_rank: int) -> str:\n"
            "    # AEON: a CPU-only Ray actor on the Spark falls back to the host\n"
            "    with contextlib.suppress(RuntimeError):\n"
            "        return f'cuda:{CudaPlatform.device_id_to_physical_device_id(local_rank)}'\n"
            "    return 'cpu'\n",
            "with contextlib.suppress(RuntimeError):",
        ),
    ),
    (
        "#18979 raise removed",
        "twin: an except of the IndexError still raised",
        K(
            "#18979",
            EV,
            EVW,
            "vllm/aeon/ev3.py",
            CP + "def aeon_physical_gpu2(local_rank: int) -> int | None:\n"
            "    # AEON: the Spark has one GPU: a second local rank has none\n"
            "    try:\n"
            "        return CudaPlatform.device_id_to_physical_device_id(local_rank)\n"
            "    except IndexError:\n"
            "        return None\n",
            "except IndexError:",
        ),
    ),
]

# --- #47892 (68b4a1d582): get_device_capability maps through visible_device_id_to_physical_device_id
VD = "68b4a1d582"
VDW = "NvmlCudaPlatform.get_device_capability no longer calls device_id_to_physical_device_id"
NVC = "from vllm.platforms.cuda import NvmlCudaPlatform\n\n\n"
CASES += [
    (
        "#47892 override no longer reached",
        "an override the capability lookup no longer calls",
        K(
            "#47892",
            VD,
            VDW,
            "vllm/aeon/vd1.py",
            NVC + "class AeonSparkNvmlPlatform(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def device_id_to_physical_device_id(cls, device_id: int) -> int:\n"
            "        # AEON: the GB10's one GPU is NVML index 0 whatever the rank; get_device_capability\n"
            "        # reads sm_121 through this map\n"
            "        return 0\n",
            "def device_id_to_physical_device_id(cls, device_id: int) -> int:",
        ),
    ),
    (
        "#47892 override no longer reached",
        "twin: an override of the visible-id map (now called)",
        K(
            "#47892",
            VD,
            VDW,
            "vllm/aeon/vd2.py",
            NVC + "class AeonSparkNvmlPlatform2(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def visible_device_id_to_physical_device_id(cls, device_id: int) -> int:\n"
            "        # AEON: the GB10's one GPU is NVML index 0\n"
            "        return 0\n",
            "def visible_device_id_to_physical_device_id(cls, device_id: int) -> int:",
        ),
    ),
]

# --- #41496 (8bf374955f): CudaPlatformBase given its own is_pin_memory_available
PM = "8bf374955f"
PMW = "CudaPlatformBase.is_pin_memory_available added (shadows Platform's)"
CASES += [
    (
        "#41496 base method now overridden",
        "a monkeypatch of the base class's method",
        K(
            "#41496",
            PM,
            PMW,
            "vllm/aeon/pm1.py",
            "from vllm.platforms.interface import Platform\n\n\n"
            "def _aeon_pin_memory(cls) -> bool:\n"
            "    # AEON: the GB10 shares one LPDDR5X pool with the CPU: pinning is always on, WSL or not\n"
            "    return True\n\n\n"
            "Platform.is_pin_memory_available = classmethod(_aeon_pin_memory)\n",
            "Platform.is_pin_memory_available = classmethod(_aeon_pin_memory)",
        ),
    ),
    (
        "#41496 base method now overridden",
        "a setattr on the base class",
        K(
            "#41496",
            PM,
            PMW,
            "vllm/aeon/pm2.py",
            "from vllm.platforms import interface\n\n\n"
            "def _aeon_pin_memory2(cls) -> bool:\n"
            "    # AEON: the Spark's unified memory makes pinning free\n"
            "    return True\n\n\n"
            "setattr(interface.Platform, 'is_pin_memory_available', classmethod(_aeon_pin_memory2))\n",
            "setattr(interface.Platform, 'is_pin_memory_available', classmethod(_aeon_pin_memory2))",
        ),
    ),
    (
        "#41496 base method now overridden",
        "twin: the patch on the CUDA class (still wins)",
        K(
            "#41496",
            PM,
            PMW,
            "vllm/aeon/pm3.py",
            "from vllm.platforms.cuda import CudaPlatformBase\n\n\n"
            "def _aeon_pin_memory3(cls) -> bool:\n"
            "    # AEON: the Spark's unified memory makes pinning free\n"
            "    return True\n\n\n"
            "CudaPlatformBase.is_pin_memory_available = classmethod(_aeon_pin_memory3)\n",
            "CudaPlatformBase.is_pin_memory_available = classmethod(_aeon_pin_memory3)",
        ),
    ),
    (
        "#41496 base method now overridden",
        "twin: a subclass override (still wins)",
        K(
            "#41496",
            PM,
            PMW,
            "vllm/aeon/pm4.py",
            "from vllm.platforms.cuda import NvmlCudaPlatform\n\n\n"
            "class AeonSparkPinPlatform(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def is_pin_memory_available(cls) -> bool:\n"
            "        # AEON: the GB10 shares one memory pool with the CPU\n"
            "        return True\n",
            "def is_pin_memory_available(cls) -> bool:",
        ),
    ),
]

# --- #34760 (792cbd64ca): Platform.use_custom_op_collectives() added and called on the current platform
CC = "792cbd64ca"
CCW = "use_custom_op_collectives() now a Platform hook upstream calls"
CASES += [
    (
        "#34760 new hook called",
        "a namesake class attribute (a bool, now called)",
        K(
            "#34760",
            CC,
            CCW,
            "vllm/aeon/cc1.py",
            NVC + "class AeonSparkCollPlatform(NvmlCudaPlatform):\n"
            "    # AEON: the single-GPU Spark never registers its own collective ops\n"
            "    use_custom_op_collectives = False\n",
            "use_custom_op_collectives = False",
        ),
    ),
    (
        "#34760 new hook called",
        "a namesake method with a required parameter",
        K(
            "#34760",
            CC,
            CCW,
            "vllm/aeon/cc2.py",
            NVC + "class AeonSparkCollPlatform2(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def use_custom_op_collectives(cls, world_size: int) -> bool:\n"
            "        # AEON: two linked Sparks use the fork's collectives over ConnectX-7\n"
            "        return world_size > 1\n",
            "def use_custom_op_collectives(cls, world_size: int) -> bool:",
        ),
    ),
    (
        "#34760 new hook called",
        "twin: an override fitting the hook",
        K(
            "#34760",
            CC,
            CCW,
            "vllm/aeon/cc3.py",
            NVC + "class AeonSparkCollPlatform3(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def use_custom_op_collectives(cls) -> bool:\n"
            "        # AEON: the single-GPU Spark never registers its own collective ops\n"
            "        return False\n",
            "def use_custom_op_collectives(cls) -> bool:",
        ),
    ),
]

# --- #33451 (f2c47886fd): num_heads passed to get_valid_backends / get_attn_backend_cls / _get_backend_priorities
NH = "f2c47886fd"
NHW = "num_heads now passed by keyword to get_valid_backends and get_attn_backend_cls, positionally to priorities"
CB = (
    "from vllm.platforms import cuda\n"
    "from vllm.platforms.cuda import CudaPlatformBase, NvmlCudaPlatform\n"
    "from vllm.platforms.interface import DeviceCapability\n"
    "from vllm.v1.attention.backends.registry import AttentionBackendEnum\n\n\n"
)
CASES += [
    (
        "#33451 keyword now passed to an override",
        "a subclass override of get_valid_backends without num_heads",
        K(
            "#33451",
            NH,
            NHW,
            "vllm/aeon/nh1.py",
            CB + "class AeonSparkAttnPlatform(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def get_valid_backends(cls, device_capability, attn_selector_config):\n"
            "        # AEON: FlashMLA has no sm_121a kernels: drop it on the Spark\n"
            "        valid, invalid = super().get_valid_backends(device_capability, attn_selector_config)\n"
            "        valid = [(b, p) for b, p in valid if b != AttentionBackendEnum.FLASHMLA]\n"
            "        return valid, invalid\n",
            "def get_valid_backends(cls, device_capability, attn_selector_config):",
        ),
    ),
    (
        "#33451 keyword now passed to an override",
        "a subclass override of get_attn_backend_cls without num_heads",
        K(
            "#33451",
            NH,
            NHW,
            "vllm/aeon/nh2.py",
            CB + "class AeonSparkAttnPlatform2(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def get_attn_backend_cls(cls, selected_backend, attn_selector_config) -> str:\n"
            "        # AEON: the Spark pins TRITON_ATTN for NVFP4 KV caches\n"
            "        if attn_selector_config.kv_cache_dtype == 'nvfp4':\n"
            "            return AttentionBackendEnum.TRITON_ATTN.get_path()\n"
            "        return super().get_attn_backend_cls(selected_backend, attn_selector_config)\n",
            "def get_attn_backend_cls(cls, selected_backend, attn_selector_config) -> str:",
        ),
    ),
    (
        "#33451 keyword now passed to an override",
        "a replacement of the module function (now called with three arguments)",
        K(
            "#33451",
            NH,
            NHW,
            "vllm/aeon/nh3.py",
            CB + "_aeon_upstream_priorities = cuda._get_backend_priorities\n\n\n"
            "def _aeon_priorities(use_mla: bool, device_capability: DeviceCapability):\n"
            "    # AEON: sm_121a reports major 12: rank FlashInfer first on the Spark\n"
            "    order = _aeon_upstream_priorities(use_mla, device_capability)\n"
            "    if device_capability.major == 12 and AttentionBackendEnum.FLASHINFER in order:\n"
            "        order.remove(AttentionBackendEnum.FLASHINFER)\n"
            "        order.insert(0, AttentionBackendEnum.FLASHINFER)\n"
            "    return order\n\n\n"
            "cuda._get_backend_priorities = _aeon_priorities\n",
            "cuda._get_backend_priorities = _aeon_priorities",
        ),
    ),
    (
        "#33451 keyword now passed to an override",
        "twin: an override forwarding **kwargs",
        K(
            "#33451",
            NH,
            NHW,
            "vllm/aeon/nh4.py",
            CB + "class AeonSparkAttnPlatform4(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def get_valid_backends(cls, device_capability, attn_selector_config, **kwargs):\n"
            "        # AEON: FlashMLA has no sm_121a kernels: drop it on the Spark\n"
            "        valid, invalid = super().get_valid_backends(device_capability, attn_selector_config, **kwargs)\n"
            "        return [(b, p) for b, p in valid if b != AttentionBackendEnum.FLASHMLA], invalid\n",
            "def get_valid_backends(cls, device_capability, attn_selector_config, **kwargs):",
        ),
    ),
    (
        "#33451 keyword now passed to an override",
        "twin: a two-argument call of the priorities (the new parameter defaults)",
        K(
            "#33451",
            NH,
            NHW,
            "vllm/aeon/nh5.py",
            CB + "def aeon_spark_priorities() -> list[AttentionBackendEnum]:\n"
            "    # AEON: the Spark's health check prints the order for sm_121\n"
            "    return cuda._get_backend_priorities(False, DeviceCapability(12, 1))\n\n\n"
            "def aeon_base() -> type[CudaPlatformBase]:\n"
            "    return CudaPlatformBase\n",
            "return cuda._get_backend_priorities(False, DeviceCapability(12, 1))",
        ),
    ),
]

# --- #15417 (5f063a80bd): Platform.supports_v1(model_config) added, called with model_config= by keyword
SV = "5f063a80bd"
SVW = "supports_v1(model_config) now a Platform hook called by keyword"
CASES += [
    (
        "#15417 new hook called by keyword",
        "a namesake method whose parameter has another name",
        K(
            "#15417",
            SV,
            SVW,
            "vllm/aeon/sv1.py",
            NVC + "class AeonSparkV1Platform(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def supports_v1(cls, config) -> bool:\n"
            "        # AEON: the Spark runs V1 only for the models its NVFP4 kernels cover\n"
            "        return getattr(config, 'quantization', None) in (None, 'modelopt_fp4')\n",
            "def supports_v1(cls, config) -> bool:",
        ),
    ),
    (
        "#15417 new hook called by keyword",
        "a namesake static method without parameters",
        K(
            "#15417",
            SV,
            SVW,
            "vllm/aeon/sv2.py",
            NVC + "class AeonSparkV1Platform2(NvmlCudaPlatform):\n"
            "    @staticmethod\n"
            "    def supports_v1() -> bool:\n"
            "        # AEON: the Spark's launcher asks whether to set VLLM_USE_V1\n"
            "        return True\n",
            "def supports_v1() -> bool:",
        ),
    ),
    (
        "#15417 new hook called by keyword",
        "twin: an override fitting the hook",
        K(
            "#15417",
            SV,
            SVW,
            "vllm/aeon/sv3.py",
            NVC + "class AeonSparkV1Platform3(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def supports_v1(cls, model_config) -> bool:\n"
            "        # AEON: the Spark runs V1 for every model\n"
            "        return True\n",
            "def supports_v1(cls, model_config) -> bool:",
        ),
    ),
]

# --- #38468 (ec68d53b2b): Platform.manual_seed_all(seed) added, called by set_random_seed
MS = "ec68d53b2b"
MSW = "manual_seed_all(seed) now a Platform hook set_random_seed calls"
CASES += [
    (
        "#38468 new hook called",
        "a namesake method with a required second parameter",
        K(
            "#38468",
            MS,
            MSW,
            "vllm/aeon/ms1.py",
            "import torch\n\n" + NVC + "class AeonSparkSeedPlatform(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def manual_seed_all(cls, seed: int, streams: list[torch.cuda.Stream]) -> None:\n"
            "        # AEON: the Spark's speculative-decoding drafter runs on its own streams\n"
            "        for stream in streams:\n"
            "            with torch.cuda.stream(stream):\n"
            "                torch.cuda.manual_seed(seed)\n",
            "def manual_seed_all(cls, seed: int, streams: list[torch.cuda.Stream]) -> None:",
        ),
    ),
    (
        "#38468 new hook called",
        "a namesake method without the seed",
        K(
            "#38468",
            MS,
            MSW,
            "vllm/aeon/ms2.py",
            "import torch\n\n" + NVC + "class AeonSparkSeedPlatform2(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def manual_seed_all(cls) -> None:\n"
            "        # AEON: the Spark's benchmark harness reseeds with the fork's fixed seed\n"
            "        torch.cuda.manual_seed_all(1234)\n",
            "def manual_seed_all(cls) -> None:",
        ),
    ),
    (
        "#38468 new hook called",
        "twin: an override fitting the hook",
        K(
            "#38468",
            MS,
            MSW,
            "vllm/aeon/ms3.py",
            "import torch\n\n" + NVC + "class AeonSparkSeedPlatform3(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def manual_seed_all(cls, seed: int) -> None:\n"
            "        # AEON: the Spark seeds the drafter's generator too\n"
            "        torch.cuda.manual_seed_all(seed)\n",
            "def manual_seed_all(cls, seed: int) -> None:",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-platcuda2-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
