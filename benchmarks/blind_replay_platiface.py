"""A blind replay of the platform interface and the CUDA platform a fork's own platform subclasses or calls.

10 first-parent commits on ``vllm/platforms/{interface,cuda}.py`` -- the surface a fork that subclasses the CUDA
platform for its own board (its own backend choice, its own capability tests, its own NVLink and memory probes)
carries code against: ``is_full_nvlink`` renamed ``is_fully_connected``, the ``lru_cache`` taken off
``NvmlCudaPlatform``'s probes, ``get_attn_backend_cls`` given a required ``has_sink``, ``get_valid_backends``
given a required ``attn_type`` (and ``get_attn_backend_cls`` an optional one the selector passes by position),
``use_mm_prefix`` inserted before ``device_capability``/``attn_type``, ``get_vit_attn_backend`` now called with a
``backend=`` keyword, ``_update_block_size_for_backend`` replaced (and ``check_and_update_config`` no longer
defaulting ``block_size``), ``is_integrated_gpu`` and ``is_device_capability_family`` added to the base and called
by upstream code (colliding with a fork's namesakes), and ``get_valid_backends``' entries turned from
``(backend, priority)`` pairs into a three-field ``_BackendCandidate`` -- picked by scanning those paths' diffs
(``git log --first-parent -p``), avoiding the commits every other replay uses (``blind_replay_platform`` and
``_platcuda`` cover other parts of this surface).  Each is replayed under 1-3 fork spellings written the way fork
code is written (a subclass override upstream no longer calls or now calls with more arguments, a ``super()``
call followed by a read, a positional call, a keyword call, a call through the class, an attribute read off a
method, a class attribute shadowing a new base method, an unpacking and an index of a returned list's entries),
with twins (fork code the commit does not break: a ``*args`` forwarder, a call the new default still fits, a
namesake with the new contract, the kept outer pair).  The merge base is the commit's first parent, upstream is
the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in its file.
Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at eb141937): 15 caught, 0 warned, 8 missed of 23 (twins: 12
quiet, 0 false errors).  Symbol drift caught the renamed ``is_full_nvlink`` (the dead override and the call),
every override and call the inserted or required parameters of ``get_attn_backend_cls``/``get_valid_backends``/
``get_vit_attn_backend`` no longer fit, the replaced ``_update_block_size_for_backend`` override, and a
``block_size`` read after ``super().check_and_update_config()`` that is None now.  The misses: #14156's two (a
``cache_clear()``/``cache_info()`` off a classmethod whose ``@lru_cache`` upstream removed: cache drift read
module-level functions only), #35356's two and #30484's one (a fork namesake -- a class value, a method taking
no device index, a method taking a family *name* -- of a method upstream added to ``Platform`` and calls off
``current_platform``: ``Platform``'s ``__getattr__`` made the fork's name look served before the merge, the
receiver ``current_platform`` is a package global only a ``TYPE_CHECKING`` declaration types, and a literal
``100`` for a ``str`` parameter fits the call's arity), and #43477's three (entries of a returned list turned
from ``(backend, priority)`` pairs into a three-field NamedTuple: an unpacking by two, an index of the old
priority's place, an override re-pairing the entries; no check read a returned list's entry layout).
After the killers181 widenings: 23 caught, 0 warned, 0 missed of 23 (twins: 12 quiet, 2 of them warned, 0 false
errors; the two warnings are symbol drift's "the fork's own method now overrides" on the namesakes that fit).
Caught now: a cache method read off a top-level class's method whose cache decorator upstream removed
(``drift/dropped_caches.py``); a fork namesake of a method upstream added to a base with a ``__getattr__``,
called off a global typed by its declaration elsewhere, or handed a literal of another scalar kind than the
fork's annotation (``drift/symbols.py``, ``drift/new_hooks.py``); entries of a returned list whose layout
upstream changed, unpacked by the old count or indexed at a position whose kind moved (``drift/element_shapes.py``).
Regression set at the widenings' head (1e136540): killer_replay 26/26, kind_change_replay 12/12 (5 twins quiet),
blind_replay_platcuda 21/21 (10 quiet), blind_replay_platform 34/34 (16 quiet, 1 warned), blind_replay_toolparsers
18/18 (12 quiet, 1 warned), blind_replay_sampleops 15 caught, 2 warned of 17 (9 quiet; the two warned as before),
blind_replay_kvmgr 24 caught, 1 missed of 25 (12 quiet; the miss as before), blind_replay_enginecore 12/12 (9
quiet), review52_twins 0 false errors of 31, review77_twins 0 false errors of 39 (7 caught, 2 warned of 9, as on
main at eb141937), review48_twins 0 false errors of 41, ``symbol_precision.py --windows 1``: 0 false errors (window
0: 5 broken overrides, 4 caught, 8 warnings, as before).  The last commit (ade03b8a, a ``self.f()`` in a fork class
overriding ``f`` made quiet) only narrows element shapes, whose one reach is this replay's #43477: 3/3 there after it.

  python benchmarks/blind_replay_platiface.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #14125 (b7b7676d67): CudaPlatformBase.is_full_nvlink renamed is_fully_connected
NV = "b7b7676d67"
NVW = "is_full_nvlink renamed is_fully_connected (the custom all-reduce now calls the new name)"
NVI = "from vllm.platforms.cuda import NvmlCudaPlatform\n\n\n"
CASES += [
    (
        "#14125 method renamed",
        "a subclass override upstream no longer calls",
        K(
            "#14125",
            NV,
            NVW,
            "vllm/aeon/nv1.py",
            NVI + "class AeonSparkPlatform(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def is_full_nvlink(cls, physical_device_ids: list[int]) -> bool:\n"
            "        # AEON: a GB10 board has one GPU and no NVLink peer; never take the P2P all-reduce\n"
            "        return len(physical_device_ids) <= 1\n",
            "def is_full_nvlink(cls, physical_device_ids: list[int]) -> bool:",
        ),
    ),
    (
        "#14125 method renamed",
        "a call through the class",
        K(
            "#14125",
            NV,
            NVW,
            "vllm/aeon/nv2.py",
            NVI + "def aeon_pair_linked(ids: list[int]) -> bool:\n"
            "    # AEON: the two-Spark stack links over ConnectX, not NVLink; log what NVML says\n"
            "    return NvmlCudaPlatform.is_full_nvlink(ids)\n",
            "return NvmlCudaPlatform.is_full_nvlink(ids)",
        ),
    ),
    (
        "#14125 method renamed",
        "twin: the kept memory probe, overridden and called",
        K(
            "#14125",
            NV,
            NVW,
            "vllm/aeon/nv3.py",
            NVI + "class AeonUmaPlatform(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def get_device_total_memory(cls, device_id: int = 0) -> int:\n"
            "        # AEON: GB10 shares its 128 GiB with the CPU; report what NVML reports\n"
            "        return super().get_device_total_memory(device_id)\n",
            "return super().get_device_total_memory(device_id)",
        ),
    ),
]

# --- #14156 (989f4f430c): the lru_cache taken off NvmlCudaPlatform's probes
LC = "989f4f430c"
LCW = "lru_cache removed from NvmlCudaPlatform.get_device_capability/get_device_name/..."
CASES += [
    (
        "#14156 decorator removed",
        "cache_clear() off the probe",
        K(
            "#14156",
            LC,
            LCW,
            "vllm/aeon/lc1.py",
            NVI + "def aeon_reprobe() -> None:\n"
            "    # AEON: after the Spark's MIG-less reset the capability must be read again\n"
            "    NvmlCudaPlatform.get_device_capability.cache_clear()\n",
            "NvmlCudaPlatform.get_device_capability.cache_clear()",
        ),
    ),
    (
        "#14156 decorator removed",
        "cache_info() read off the probe",
        K(
            "#14156",
            LC,
            LCW,
            "vllm/aeon/lc2.py",
            NVI + "def aeon_name_probes() -> int:\n"
            "    # AEON: the board bring-up script counts NVML round trips\n"
            "    return NvmlCudaPlatform.get_device_name.cache_info().misses\n",
            "return NvmlCudaPlatform.get_device_name.cache_info().misses",
        ),
    ),
    (
        "#14156 decorator removed",
        "twin: the probe called",
        K(
            "#14156",
            LC,
            LCW,
            "vllm/aeon/lc3.py",
            NVI + "def aeon_is_sm121() -> bool:\n"
            "    cap = NvmlCudaPlatform.get_device_capability(0)\n"
            "    return cap is not None and cap.to_int() == 121\n",
            "cap = NvmlCudaPlatform.get_device_capability(0)",
        ),
    ),
]

# --- #22714 (007dd90859): get_attn_backend_cls given a required has_sink, passed by the selector by position
HS = "007dd90859"
HSW = "get_attn_backend_cls(..., use_v1, use_mla) -> (..., use_v1, use_mla, has_sink)"
HSI = "import torch\n\nfrom vllm.platforms import current_platform\nfrom vllm.platforms.cuda import CudaPlatformBase\n\n\n"
CASES += [
    (
        "#22714 required parameter added",
        "a subclass override the selector now calls with one more argument",
        K(
            "#22714",
            HS,
            HSW,
            "vllm/aeon/hs1.py",
            HSI + "class AeonSparkCuda(CudaPlatformBase):\n"
            "    @classmethod\n"
            "    def get_attn_backend_cls(cls, selected_backend, head_size, dtype, kv_cache_dtype, block_size, use_v1, use_mla):\n"
            "        # AEON: sm_121a has no FA3; take FlashInfer for every non-MLA model\n"
            "        if not use_mla:\n"
            '            return "vllm.v1.attention.backends.flashinfer.FlashInferBackend"\n'
            "        return super().get_attn_backend_cls(\n"
            "            selected_backend, head_size, dtype, kv_cache_dtype, block_size, use_v1, use_mla\n"
            "        )\n",
            "def get_attn_backend_cls(cls, selected_backend, head_size, dtype, kv_cache_dtype, block_size, use_v1, use_mla):",
        ),
    ),
    (
        "#22714 required parameter added",
        "a positional call",
        K(
            "#22714",
            HS,
            HSW,
            "vllm/aeon/hs2.py",
            HSI + "def aeon_draft_backend(head_size: int) -> str:\n"
            "    # AEON: the EAGLE drafter picks its own backend before the target's layers exist\n"
            '    return current_platform.get_attn_backend_cls(None, head_size, torch.bfloat16, "auto", 16, True, False)\n',
            'return current_platform.get_attn_backend_cls(None, head_size, torch.bfloat16, "auto", 16, True, False)',
        ),
    ),
    (
        "#22714 required parameter added",
        "a keyword call",
        K(
            "#22714",
            HS,
            HSW,
            "vllm/aeon/hs3.py",
            HSI + "def aeon_mla_backend(head_size: int) -> str:\n"
            "    return CudaPlatformBase.get_attn_backend_cls(\n"
            "        selected_backend=None,\n"
            "        head_size=head_size,\n"
            "        dtype=torch.bfloat16,\n"
            '        kv_cache_dtype="fp8",\n'
            "        block_size=64,\n"
            "        use_v1=True,\n"
            "        use_mla=True,\n"
            "    )\n",
            "return CudaPlatformBase.get_attn_backend_cls(",
        ),
    ),
    (
        "#22714 required parameter added",
        "twin: an override forwarding *args/**kwargs",
        K(
            "#22714",
            HS,
            HSW,
            "vllm/aeon/hs4.py",
            HSI + "class AeonLoggedCuda(CudaPlatformBase):\n"
            "    @classmethod\n"
            "    def get_attn_backend_cls(cls, *args, **kwargs):\n"
            "        # AEON: the Spark's bring-up logs every backend choice\n"
            "        path = super().get_attn_backend_cls(*args, **kwargs)\n"
            "        print(path)\n"
            "        return path\n",
            "path = super().get_attn_backend_cls(*args, **kwargs)",
        ),
    ),
]

# --- #28534 (07a606aa7e): get_valid_backends given a required attn_type; the selector passes attn_type by position
AT = "07a606aa7e"
ATW = "get_valid_backends(..., device_capability) -> (..., device_capability, attn_type); get_attn_backend_cls(..., attn_type=None)"
ATI = "import torch\n\nfrom vllm.platforms import current_platform\nfrom vllm.platforms.cuda import CudaPlatformBase\n\n\n"
CASES += [
    (
        "#28534 required parameter added",
        "a subclass override of get_valid_backends the base now calls with attn_type",
        K(
            "#28534",
            AT,
            ATW,
            "vllm/aeon/at1.py",
            ATI + "class AeonSparkCuda(CudaPlatformBase):\n"
            "    @classmethod\n"
            "    def get_valid_backends(\n"
            "        cls, head_size, dtype, kv_cache_dtype, block_size, use_mla, has_sink, use_sparse, device_capability\n"
            "    ):\n"
            "        # AEON: drop the FA backends sm_121a cannot run before the priority pick\n"
            "        valid, invalid = super().get_valid_backends(\n"
            "            head_size, dtype, kv_cache_dtype, block_size, use_mla, has_sink, use_sparse, device_capability\n"
            "        )\n"
            '        return [(b, p) for b, p in valid if not b.name.startswith("FLASH_ATTN")], invalid\n',
            "valid, invalid = super().get_valid_backends(",
        ),
    ),
    (
        "#28534 required parameter added",
        "a subclass override of get_attn_backend_cls the selector now calls with one more argument",
        K(
            "#28534",
            AT,
            ATW,
            "vllm/aeon/at2.py",
            ATI + "class AeonSparkCuda2(CudaPlatformBase):\n"
            "    @classmethod\n"
            "    def get_attn_backend_cls(\n"
            "        cls, selected_backend, head_size, dtype, kv_cache_dtype, block_size, use_mla, has_sink, use_sparse\n"
            "    ):\n"
            "        # AEON: NVFP4 KV on GB10 only runs under FlashInfer\n"
            '        if kv_cache_dtype == "nvfp4":\n'
            '            return "vllm.v1.attention.backends.flashinfer.FlashInferBackend"\n'
            "        return super().get_attn_backend_cls(\n"
            "            selected_backend, head_size, dtype, kv_cache_dtype, block_size, use_mla, has_sink, use_sparse\n"
            "        )\n",
            "def get_attn_backend_cls(",
        ),
    ),
    (
        "#28534 required parameter added",
        "a positional call of get_valid_backends",
        K(
            "#28534",
            AT,
            ATW,
            "vllm/aeon/at3.py",
            ATI + "def aeon_valid_names(head_size: int) -> list[str]:\n"
            "    # AEON: the Spark's doctor command lists the backends this board can take\n"
            "    cap = current_platform.get_device_capability()\n"
            '    valid, _ = CudaPlatformBase.get_valid_backends(head_size, torch.bfloat16, "auto", 16, False, False, False, cap)\n'
            "    return [b.name for b, _ in valid]\n",
            'valid, _ = CudaPlatformBase.get_valid_backends(head_size, torch.bfloat16, "auto", 16, False, False, False, cap)',
        ),
    ),
    (
        "#28534 required parameter added",
        "twin: a positional call of get_attn_backend_cls the new default still fits",
        K(
            "#28534",
            AT,
            ATW,
            "vllm/aeon/at4.py",
            ATI + "def aeon_target_backend(head_size: int) -> str:\n"
            '    return current_platform.get_attn_backend_cls(None, head_size, torch.bfloat16, "auto", 16, False, False, False)\n',
            'return current_platform.get_attn_backend_cls(None, head_size, torch.bfloat16, "auto", 16, False, False, False)',
        ),
    ),
]

# --- #27938 (b952f4d3c3): use_mm_prefix inserted before device_capability/attn_type
MM = "b952f4d3c3"
MMW = "get_valid_backends/get_attn_backend_cls given use_mm_prefix before device_capability/attn_type"
CASES += [
    (
        "#27938 parameter inserted",
        "a positional call of get_valid_backends (the capability lands on use_mm_prefix)",
        K(
            "#27938",
            MM,
            MMW,
            "vllm/aeon/mm1.py",
            ATI + "def aeon_valid_decoder(head_size: int) -> list[str]:\n"
            "    # AEON: the Spark's doctor command lists the backends this board can take\n"
            "    cap = current_platform.get_device_capability()\n"
            "    valid, _ = CudaPlatformBase.get_valid_backends(\n"
            '        head_size, torch.bfloat16, "auto", 16, False, False, False, cap, "decoder"\n'
            "    )\n"
            "    return [b.name for b, _ in valid]\n",
            "valid, _ = CudaPlatformBase.get_valid_backends(",
        ),
    ),
    (
        "#27938 parameter inserted",
        "a subclass override of get_attn_backend_cls the selector now calls with one more argument",
        K(
            "#27938",
            MM,
            MMW,
            "vllm/aeon/mm2.py",
            ATI + "class AeonSparkCuda3(CudaPlatformBase):\n"
            "    @classmethod\n"
            "    def get_attn_backend_cls(\n"
            "        cls,\n"
            "        selected_backend,\n"
            "        head_size,\n"
            "        dtype,\n"
            "        kv_cache_dtype,\n"
            "        block_size,\n"
            "        use_mla,\n"
            "        has_sink,\n"
            "        use_sparse,\n"
            "        attn_type=None,\n"
            "    ):\n"
            "        # AEON: NVFP4 KV on GB10 only runs under FlashInfer\n"
            '        if kv_cache_dtype == "nvfp4":\n'
            '            return "vllm.v1.attention.backends.flashinfer.FlashInferBackend"\n'
            "        return super().get_attn_backend_cls(\n"
            "            selected_backend, head_size, dtype, kv_cache_dtype, block_size, use_mla, has_sink, use_sparse, attn_type\n"
            "        )\n",
            "def get_attn_backend_cls(",
        ),
    ),
    (
        "#27938 parameter inserted",
        "a keyword call of get_attn_backend_cls",
        K(
            "#27938",
            MM,
            MMW,
            "vllm/aeon/mm3.py",
            ATI + "def aeon_encoder_backend(head_size: int) -> str:\n"
            "    return current_platform.get_attn_backend_cls(\n"
            "        selected_backend=None,\n"
            "        head_size=head_size,\n"
            "        dtype=torch.bfloat16,\n"
            '        kv_cache_dtype="auto",\n'
            "        block_size=16,\n"
            "        use_mla=False,\n"
            "        has_sink=False,\n"
            "        use_sparse=False,\n"
            '        attn_type="encoder_only",\n'
            "    )\n",
            "return current_platform.get_attn_backend_cls(",
        ),
    ),
    (
        "#27938 parameter inserted",
        "twin: an override forwarding *args and a capability read",
        K(
            "#27938",
            MM,
            MMW,
            "vllm/aeon/mm4.py",
            ATI + "class AeonLoggedCuda2(CudaPlatformBase):\n"
            "    @classmethod\n"
            "    def get_valid_backends(cls, *args, **kwargs):\n"
            "        # AEON: the Spark's bring-up logs the capability every choice is made for\n"
            "        print(cls.get_device_capability())\n"
            "        return super().get_valid_backends(*args, **kwargs)\n",
            "return super().get_valid_backends(*args, **kwargs)",
        ),
    ),
]

# --- #30125 (87b4d1557d): get_vit_attn_backend given backend=..., which upstream's vision helper now passes
VT = "87b4d1557d"
VTW = "get_vit_attn_backend(head_size, dtype) -> (head_size, dtype, backend=None), called with backend="
VTI = (
    "import torch\n\nfrom vllm.attention.backends.registry import AttentionBackendEnum\n"
    "from vllm.platforms import current_platform\nfrom vllm.platforms.cuda import NonNvmlCudaPlatform, NvmlCudaPlatform\n\n\n"
)
CASES += [
    (
        "#30125 keyword now passed",
        "a subclass override without the new keyword",
        K(
            "#30125",
            VT,
            VTW,
            "vllm/aeon/vt1.py",
            VTI + "class AeonSparkPlatform(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def get_vit_attn_backend(cls, head_size: int, dtype: torch.dtype) -> AttentionBackendEnum:\n"
            "        # AEON: the FA2 wheel for sm_121a miscomputes ViT heads of 80; use SDPA for those\n"
            "        if head_size == 80:\n"
            "            return AttentionBackendEnum.TORCH_SDPA\n"
            "        return super().get_vit_attn_backend(head_size, dtype)\n",
            "def get_vit_attn_backend(cls, head_size: int, dtype: torch.dtype) -> AttentionBackendEnum:",
        ),
    ),
    (
        "#30125 keyword now passed",
        "the no-NVML board's override",
        K(
            "#30125",
            VT,
            VTW,
            "vllm/aeon/vt2.py",
            VTI + "class AeonSparkNoNvml(NonNvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def get_vit_attn_backend(cls, head_size, dtype):\n"
            "        # AEON: boards without NVML cannot tell FA2 apart; SDPA always\n"
            "        return AttentionBackendEnum.TORCH_SDPA\n",
            "def get_vit_attn_backend(cls, head_size, dtype):",
        ),
    ),
    (
        "#30125 keyword now passed",
        "twin: a positional call the new default still fits",
        K(
            "#30125",
            VT,
            VTW,
            "vllm/aeon/vt3.py",
            VTI + "def aeon_vit_backend(head_size: int) -> AttentionBackendEnum:\n"
            "    return current_platform.get_vit_attn_backend(head_size, torch.bfloat16)\n",
            "return current_platform.get_vit_attn_backend(head_size, torch.bfloat16)",
        ),
    ),
    (
        "#30125 keyword now passed",
        "twin: an override taking **kwargs",
        K(
            "#30125",
            VT,
            VTW,
            "vllm/aeon/vt4.py",
            VTI + "class AeonSparkPlatform2(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def get_vit_attn_backend(cls, head_size: int, dtype: torch.dtype, **kwargs) -> AttentionBackendEnum:\n"
            "        # AEON: the Spark's bring-up logs the ViT backend\n"
            "        return super().get_vit_attn_backend(head_size, dtype, **kwargs)\n",
            "def get_vit_attn_backend(cls, head_size: int, dtype: torch.dtype, **kwargs) -> AttentionBackendEnum:",
        ),
    ),
]

# --- #34818 (662205d34e): _update_block_size_for_backend replaced by a public hook called from the executors;
# check_and_update_config no longer defaults block_size to 16
BS = "662205d34e"
BSW = "CudaPlatformBase._update_block_size_for_backend removed; block_size left None by check_and_update_config"
BSI = "from vllm.config import VllmConfig\nfrom vllm.platforms.cuda import CudaPlatformBase\n\n\n"
CASES += [
    (
        "#34818 hook replaced",
        "a subclass override upstream no longer calls",
        K(
            "#34818",
            BS,
            BSW,
            "vllm/aeon/bs1.py",
            BSI + "class AeonSparkCuda(CudaPlatformBase):\n"
            "    @classmethod\n"
            "    def _update_block_size_for_backend(cls, vllm_config: VllmConfig, user_specified_block_size: bool) -> None:\n"
            "        # AEON: NVFP4 KV on GB10 needs 64-token blocks whatever the backend prefers\n"
            "        super()._update_block_size_for_backend(vllm_config, user_specified_block_size)\n"
            '        if vllm_config.cache_config.cache_dtype == "nvfp4":\n'
            "            vllm_config.cache_config.block_size = 64\n",
            "def _update_block_size_for_backend(cls, vllm_config: VllmConfig, user_specified_block_size: bool) -> None:",
        ),
    ),
    (
        "#34818 hook replaced",
        "a read of the block size after super().check_and_update_config()",
        K(
            "#34818",
            BS,
            BSW,
            "vllm/aeon/bs2.py",
            BSI + "class AeonSparkCuda2(CudaPlatformBase):\n"
            "    @classmethod\n"
            "    def check_and_update_config(cls, vllm_config: VllmConfig) -> None:\n"
            "        super().check_and_update_config(vllm_config)\n"
            "        # AEON: GB10's unified memory pages badly under blocks past 64 tokens\n"
            "        if vllm_config.cache_config.block_size > 64:\n"
            "            vllm_config.cache_config.block_size = 64\n",
            "if vllm_config.cache_config.block_size > 64:",
        ),
    ),
    (
        "#34818 hook replaced",
        "twin: a read of the worker class after super().check_and_update_config()",
        K(
            "#34818",
            BS,
            BSW,
            "vllm/aeon/bs3.py",
            BSI + "class AeonSparkCuda3(CudaPlatformBase):\n"
            "    @classmethod\n"
            "    def check_and_update_config(cls, vllm_config: VllmConfig) -> None:\n"
            "        super().check_and_update_config(vllm_config)\n"
            "        # AEON: the Spark runs its own worker subclass\n"
            '        if vllm_config.parallel_config.worker_cls == "vllm.v1.worker.gpu_worker.Worker":\n'
            '            vllm_config.parallel_config.worker_cls = "vllm.aeon.worker.AeonWorker"\n',
            'if vllm_config.parallel_config.worker_cls == "vllm.v1.worker.gpu_worker.Worker":',
        ),
    ),
]

# --- #35356 (995e9a209e): Platform.is_integrated_gpu(device_id) added; mem_utils now calls it
IG = "995e9a209e"
IGW = "Platform.is_integrated_gpu(cls, device_id=0) added and called by mem_utils with the device index"
IGI = "from vllm.platforms.cuda import NvmlCudaPlatform\n\n\n"
CASES += [
    (
        "#35356 base method added over a fork namesake",
        "a class attribute shadowing the new method",
        K(
            "#35356",
            IG,
            IGW,
            "vllm/aeon/ig1.py",
            IGI + "class AeonSparkPlatform(NvmlCudaPlatform):\n"
            "    # AEON: GB10 is a UMA part; the fork's memory report reads this flag\n"
            "    is_integrated_gpu: bool = True\n",
            "is_integrated_gpu: bool = True",
        ),
    ),
    (
        "#35356 base method added over a fork namesake",
        "a namesake classmethod without the device index",
        K(
            "#35356",
            IG,
            IGW,
            "vllm/aeon/ig2.py",
            IGI + "class AeonSparkPlatform2(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def is_integrated_gpu(cls) -> bool:\n"
            "        # AEON: GB10 is a UMA part\n"
            '        return "GB10" in cls.get_device_name()\n',
            "def is_integrated_gpu(cls) -> bool:",
        ),
    ),
    (
        "#35356 base method added over a fork namesake",
        "twin: a namesake with the new contract",
        K(
            "#35356",
            IG,
            IGW,
            "vllm/aeon/ig3.py",
            IGI + "class AeonSparkPlatform3(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def is_integrated_gpu(cls, device_id: int = 0) -> bool:\n"
            "        # AEON: GB10 is a UMA part\n"
            '        return "GB10" in cls.get_device_name(device_id)\n',
            "def is_integrated_gpu(cls, device_id: int = 0) -> bool:",
        ),
    ),
]

# --- #30484 (4fa7ce46f3): Platform.is_device_capability_family(capability: int) added; upstream calls it with 100
CF = "4fa7ce46f3"
CFW = "Platform.is_device_capability_family(capability: int, device_id=0) added, called with 100 across the kernels"
CFI = "from vllm.platforms.cuda import NvmlCudaPlatform\n\n"
CASES += [
    (
        "#30484 base method added over a fork namesake",
        "a namesake taking a family name",
        K(
            "#30484",
            CF,
            CFW,
            "vllm/aeon/cf1.py",
            CFI + '_AEON_FAMILIES = {"blackwell": (10, 12), "hopper": (9,)}\n\n\n'
            "class AeonSparkPlatform(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def is_device_capability_family(cls, family: str) -> bool:\n"
            "        # AEON: sm_121a is a Blackwell part for the fork's kernel gates\n"
            "        cap = cls.get_device_capability()\n"
            "        return cap is not None and cap.major in _AEON_FAMILIES[family]\n",
            "def is_device_capability_family(cls, family: str) -> bool:",
        ),
    ),
    (
        "#30484 base method added over a fork namesake",
        "twin: a namesake with the new contract",
        K(
            "#30484",
            CF,
            CFW,
            "vllm/aeon/cf2.py",
            CFI + "\nclass AeonSparkPlatform2(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def is_device_capability_family(cls, capability: int, device_id: int = 0) -> bool:\n"
            "        cap = cls.get_device_capability(device_id)\n"
            "        return cap is not None and cap.to_int() // 10 == capability // 10\n",
            "def is_device_capability_family(cls, capability: int, device_id: int = 0) -> bool:",
        ),
    ),
]

# --- #43477 (44d95069e9): get_valid_backends' entries turned from (backend, priority) into _BackendCandidate
# (backend_class, backend, priority); the base now reads .priority/.backend_class off each entry
BC = "44d95069e9"
BCW = "get_valid_backends -> list[_BackendCandidate(backend_class, backend, priority)] instead of (backend, priority)"
BCI = (
    "from vllm.platforms import current_platform\nfrom vllm.platforms.cuda import CudaPlatformBase\n"
    "from vllm.v1.attention.selector import AttentionSelectorConfig\n\n\n"
)
CASES += [
    (
        "#43477 entry shape changed",
        "an unpacking of each entry as a pair",
        K(
            "#43477",
            BC,
            BCW,
            "vllm/aeon/bc1.py",
            BCI + "def aeon_ranked(config: AttentionSelectorConfig) -> list[str]:\n"
            "    # AEON: the Spark's doctor command prints the ranked backends\n"
            "    cap = current_platform.get_device_capability()\n"
            "    valid, _ = CudaPlatformBase.get_valid_backends(cap, config)\n"
            '    return [f"{backend.name}:{priority}" for backend, priority in valid]\n',
            'return [f"{backend.name}:{priority}" for backend, priority in valid]',
        ),
    ),
    (
        "#43477 entry shape changed",
        "an index of each entry by position",
        K(
            "#43477",
            BC,
            BCW,
            "vllm/aeon/bc2.py",
            BCI + "def aeon_best(config: AttentionSelectorConfig):\n"
            "    cap = current_platform.get_device_capability()\n"
            "    valid, _ = CudaPlatformBase.get_valid_backends(cap, config)\n"
            "    # AEON: the drafter takes the target's best backend\n"
            "    return min(valid, key=lambda entry: entry[1])[0]\n",
            "return min(valid, key=lambda entry: entry[1])[0]",
        ),
    ),
    (
        "#43477 entry shape changed",
        "a subclass override returning pairs the base now reads fields off",
        K(
            "#43477",
            BC,
            BCW,
            "vllm/aeon/bc3.py",
            BCI + "class AeonSparkCuda(CudaPlatformBase):\n"
            "    @classmethod\n"
            "    def get_valid_backends(cls, device_capability, attn_selector_config, num_heads=None):\n"
            "        valid, invalid = super().get_valid_backends(device_capability, attn_selector_config, num_heads)\n"
            "        # AEON: FlashInfer first on sm_121a\n"
            '        return [(b, 0 if b.name == "FLASHINFER" else p + 1) for b, p in valid], invalid\n',
            'return [(b, 0 if b.name == "FLASHINFER" else p + 1) for b, p in valid], invalid',
        ),
    ),
    (
        "#43477 entry shape changed",
        "twin: the outer pair kept, its lengths read",
        K(
            "#43477",
            BC,
            BCW,
            "vllm/aeon/bc4.py",
            BCI + "def aeon_choice_count(config: AttentionSelectorConfig) -> tuple[int, int]:\n"
            "    cap = current_platform.get_device_capability()\n"
            "    valid, invalid = CudaPlatformBase.get_valid_backends(cap, config)\n"
            "    return len(valid), len(invalid)\n",
            "valid, invalid = CudaPlatformBase.get_valid_backends(cap, config)",
        ),
    ),
    (
        "#43477 entry shape changed",
        "twin: the priority read off the last slot",
        K(
            "#43477",
            BC,
            BCW,
            "vllm/aeon/bc5.py",
            BCI + "def aeon_priorities(config: AttentionSelectorConfig) -> list[int]:\n"
            "    cap = current_platform.get_device_capability()\n"
            "    valid, _ = CudaPlatformBase.get_valid_backends(cap, config)\n"
            "    return sorted(entry[-1] for entry in valid)\n",
            "return sorted(entry[-1] for entry in valid)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-platiface-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
