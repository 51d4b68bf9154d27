"""A blind replay of the linear-kernel selection layer and the quantization method registry a fork's kernels register in.

10 first-parent commits on ``vllm/model_executor/kernels/linear/``, the older
``vllm/model_executor/layers/quantization/kernels/``, ``layers/quantization/__init__.py`` and
``quantization/utils/quant_utils.py`` -- the surface a fork that registers its own NVFP4/FP8 kernels and quant
methods carries code against: ``ScaledMMLinearKernel.get_min_capability`` replaced by an abstract
``is_supported`` (and ``TritonScaledMMLinearKernel`` no longer a ``CutlassScaledMMLinearKernel``),
``CutlassFp8BlockScaledMMKernel``'s ``is_hopper``/``weight_group_shape`` and the ``padded_cutlass`` custom ops
removed, ``input_quant_key()`` added to the kernel bases and called from their ``apply_weights``, ``auto-round``
folded into ``inc`` (its module deleted, its name dropped from the method list), ``quantization/mxfp8.py`` moved
under ``online/``, ``platform_utils.get_cu_count`` replaced by ``num_compute_units``,
``CutlassFP8ScaledMMLinearKernel`` padding its weights in ``process_weights_after_loading`` and reading the
logical width that sets in ``apply_scaled_mm``, the choose-kernel functions' platform lookup turned from an
index (``KeyError``) into ``.get(..., [])`` (``ValueError``), ``MxFp4LinearLayerConfig`` given a defaulted field
and an always-available emulation kernel at the end of the MXFP4 list, and ``MarlinFP8ScaledMMLinearKernel`` (not
a block kernel) put in the block-scaled list -- picked by scanning those paths' diffs (``git log --first-parent
-p``), avoiding the commits every other replay uses (``blind_replay_nvfp4``, ``_fp8utils``, ``_kernelutils``,
``_quant``, ``_quantext``, ``_awqgptq``, ``_ctquant``, ``_fp8meth`` cover parts of this surface).  Each is replayed
under 2-4 fork spellings written the way fork code is written (a subclass of the ABC, a classmethod call, an
``issubclass`` test, a subclass's ``self.`` read, a read off a typed receiver, a ``torch.ops`` call, an import, a
module attribute, a ``getattr`` with a literal, a class attribute or instance attribute of a name the base now
calls, a namesake method, a string literal argument, a ``list.remove`` of a literal, an override without
``super()``, a direct build and call, an ``except`` clause, a dataclass subclass's field, an ``append`` to a
priority list, a build and a class-attribute read of a list's elements), with twins (fork code the commit does not
break: the kept name, the new spelling, a namesake of the same shape, a ``super()`` call, the unchanged list).
The merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error lands
on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 78011715): 12 caught, 1 warned, 13 missed of 26 (twins: 10
quiet, 0 false errors).  One label was wrong: #44572's read of ``kernel.weight_group_shape`` off a receiver typed
``CutlassFp8BlockScaledMMKernel`` is fine after the merge -- ``Fp8BlockScaledMMLinearKernel.__init__``, the
block base, still sets it (only the cutlass kernel's own copy went) -- and the engine stayed quiet on it; it is a
twin now, so the blind line reads 12 caught, 1 warned, 12 missed of 25 (twins: 11 quiet, 0 false errors).
Symbol drift caught the removed hook's override and call, the new abstract ``is_supported`` the fork kernel
lacks, the removed ``self.is_hopper``, the dropped custom op, the removed helper, config, modules and function
(import, module attribute, ``getattr`` with a literal), and name drift the dropped ``"auto-round"`` handed to
``get_quantization_config``.  Warned: #44260's namesake ``input_quant_key(self, layer)`` (the fork's own method
now overriding the new hook; the calls that decide the error sit in the kernel base, typed as a base of the
hook's class, which the check did not count).  The misses: #26668's ``issubclass(kernel,
CutlassScaledMMLinearKernel)`` over a kernel class the fork is handed (the triton kernel no longer derives it:
the answer flips for one class the text cannot name); #44260's two values of the new hook's name (a class
attribute, an instance attribute: the base's ``self.input_quant_key()`` calls them, TypeError); #31716's
``DEPRECATED_QUANTIZATION_METHODS.remove("auto-round")`` (a list with no getter, so no table); #42651's two
(an override of ``process_weights_after_loading`` without ``super()``, and a direct build and
``apply_weights``: ``apply_scaled_mm`` now asserts the ``logical_output_size`` the base's processing sets);
#47516's two ``except KeyError`` clauses (the platform lookup is ``.get(..., [])`` now, and the empty list ends
in ``raise ValueError``: the handler is dead and the ValueError escapes); #48949's two (a fork dataclass field
without a default behind the base's new defaulted field: TypeError at import; an ``append`` of the fork's
fallback kernel behind the new always-supported emulation kernel: never chosen); #40105's two (a build of each
element of the block-scaled list with the block constructor, and a read of the block-only ``apply_input_quant``:
the Marlin kernel now in the list is no block kernel).
After the killers167 widenings: 20 caught, 3 warned, 2 missed of 25 (twins: 11 quiet, 2 of them warned, 0 false
errors).  Caught now: a fork value (class attribute, ``self.`` attribute) of the name of a method upstream added
to a base and calls, and a namesake method that cannot take a call a base of the hook's class makes on ``self``
(``drift/symbols.py`` ``_shadowed_hook``, ``_hook_family``); ``NAME.remove("key")`` of a string upstream dropped
from a module list (``drift/dropped_table_keys.py``); an override that never calls the base's method upstream
made store what a sibling method now reads (``drift/skipped_setups.py``); a fork dataclass field without a
default behind a defaulted field upstream gave the base (``_misordered``); a loop building, or reading a class
attribute off, each class of a module list upstream added a class of another shape to (``_listed_classes``).
Warned now: #47516's two ``except KeyError`` (``drift/raised_kinds.py`` counts a lookup on a dict parameter or a
module dict: the KeyError is gone, and the ValueError the def raised on another path already is nothing new in
its place, so the module's warning, not its error); #26668's ``issubclass`` over a ``type[ScaledMMLinearKernel]``
(``drift/unbased.py``: the answer flips for the rebased triton kernel, which the text cannot tell is passed).
The twin ``except (KeyError, ValueError)`` gets #47516's warning too (its KeyError is dead as well), and #44260's
fitting namesake keeps the "now overrides" warning.  Left missed: #42651's direct build and ``apply_weights`` (the
fork's function skips the lifecycle step that now sets the state: the order of calls in a fork function is not
modelled); #48949's ``append`` behind the new always-supported emulation kernel (telling an unconditional
fallback from another entry needs the kernel's ``is_supported``/``can_implement`` answers, not modelled).
Regression set at the widenings' head: killer_replay 26/26, kind_change_replay 12/12 (5 twins quiet),
blind_replay_toolparsers 18/18 (12 quiet, 1 warned), blind_replay_quantext 17 caught, 1 warned, 1 missed of 19
(13 quiet; as recorded), review32_twins 9/9, 0 false of 39 (3 warned), blind_replay_kvconnect 16/16 (11 quiet, 1
warned), blind_replay_quant 27/27 (14 quiet), blind_replay_lora2 17 caught, 1 warned of 18 (10 quiet; as
recorded), blind_replay_compwrap 22/22 (12 quiet), blind_replay_fp8meth 21 caught, 1 warned of 22 (10 quiet; as
recorded), blind_replay_rope 20 caught, 1 warned of 21 (11 quiet; as recorded), review72_twins 5/5, 0 false of 28
(2 warned), review16_twins 6/6, 0 false of 30 (4 warned; its docstring records 5 caught, 1 warned).

  python benchmarks/blind_replay_linkern.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #26668 (cd7740ac5c): ScaledMMLinearKernel.get_min_capability replaced by an abstract is_supported;
# TritonScaledMMLinearKernel no longer subclasses CutlassScaledMMLinearKernel
IS = "cd7740ac5c"
ISW = "ScaledMMLinearKernel.get_min_capability -> abstract is_supported; Triton kernel rebased"
SMK = "vllm.model_executor.layers.quantization.kernels.scaled_mm"
CASES += [
    (
        "#26668 abstract hook swapped",
        "a fork kernel on the ABC with the old hook",
        K(
            "#26668",
            IS,
            ISW,
            "vllm/aeon/is1.py",
            "import torch\n\n"
            f"from {SMK}.ScaledMMLinearKernel import (\n"
            "    ScaledMMLinearKernel,\n"
            "    ScaledMMLinearLayerConfig,\n"
            ")\n\n\n"
            "class AeonInt8Kernel(ScaledMMLinearKernel):\n"
            "    # AEON: the Spark's int8 GEMM for sm_121a\n"
            "    @classmethod\n"
            "    def get_min_capability(cls) -> int:\n"
            "        return 121\n\n"
            "    @classmethod\n"
            "    def can_implement(cls, c: ScaledMMLinearLayerConfig) -> tuple[bool, str | None]:\n"
            "        return c.input_symmetric, None\n\n"
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:\n"
            "        return None\n\n"
            "    def apply_weights(self, layer: torch.nn.Module, x: torch.Tensor, bias: torch.Tensor | None = None) -> torch.Tensor:\n"
            "        return x\n\n\n"
            "def aeon_int8_kernel(c: ScaledMMLinearLayerConfig) -> AeonInt8Kernel:\n"
            '    return AeonInt8Kernel(c, "weight", "weight_scale", "input_scale", "input_zero_point", "azp_adj")\n',
            "class AeonInt8Kernel(ScaledMMLinearKernel):",
        ),
    ),
    (
        "#26668 classmethod removed",
        "a call of the removed classmethod",
        K(
            "#26668",
            IS,
            ISW,
            "vllm/aeon/is2.py",
            f"from {SMK}.cutlass import CutlassScaledMMLinearKernel\n\n\n"
            "def aeon_cutlass_ok(capability: int) -> bool:\n"
            "    # AEON: the Spark reports 121; the int8 path asks the kernel its floor\n"
            "    return capability >= CutlassScaledMMLinearKernel.get_min_capability()\n",
            "return capability >= CutlassScaledMMLinearKernel.get_min_capability()",
        ),
    ),
    (
        "#26668 base class changed",
        "an issubclass test against the dropped base",
        K(
            "#26668",
            IS,
            ISW,
            "vllm/aeon/is3.py",
            f"from {SMK}.cutlass import CutlassScaledMMLinearKernel\n"
            f"from {SMK}.ScaledMMLinearKernel import ScaledMMLinearKernel\n\n\n"
            "def aeon_weight_is_transposed(kernel: type[ScaledMMLinearKernel]) -> bool:\n"
            "    # AEON: the Spark's weight dump reads [K, N] for the cutlass family (triton included)\n"
            "    return issubclass(kernel, CutlassScaledMMLinearKernel)\n",
            "return issubclass(kernel, CutlassScaledMMLinearKernel)",
        ),
    ),
    (
        "#26668 abstract hook swapped",
        "twin: a subclass of the concrete cutlass kernel with super().can_implement",
        K(
            "#26668",
            IS,
            ISW,
            "vllm/aeon/is4.py",
            f"from {SMK}.cutlass import CutlassScaledMMLinearKernel\n"
            f"from {SMK}.ScaledMMLinearKernel import ScaledMMLinearLayerConfig\n\n\n"
            "class AeonCutlassKernel(CutlassScaledMMLinearKernel):\n"
            "    @classmethod\n"
            "    def can_implement(cls, c: ScaledMMLinearLayerConfig) -> tuple[bool, str | None]:\n"
            "        ok, reason = super().can_implement(c)\n"
            "        return ok and c.input_symmetric, reason\n",
            "ok, reason = super().can_implement(c)",
        ),
    ),
]

# --- #44572 (71b961dd35): CutlassFp8BlockScaledMMKernel's is_hopper / weight_group_shape and the padded_cutlass ops removed
PH = "71b961dd35"
PHW = "CutlassFp8BlockScaledMMKernel.is_hopper/weight_group_shape, padded_cutlass ops removed"
CB = "from vllm.model_executor.kernels.linear.scaled_mm.cutlass import CutlassFp8BlockScaledMMKernel\n\n\n"
CASES += [
    (
        "#44572 attribute removed",
        "a subclass's self. read",
        K(
            "#44572",
            PH,
            PHW,
            "vllm/aeon/ph1.py",
            CB + "class AeonCutlassBlockKernel(CutlassFp8BlockScaledMMKernel):\n"
            "    def aeon_uses_padded_path(self) -> bool:\n"
            "        # AEON: the Spark (sm_121a) is never Hopper; the padded path is logged per layer\n"
            "        return self.is_hopper\n",
            "return self.is_hopper",
        ),
    ),
    (
        "#44572 attribute removed",
        "twin: weight_group_shape, which the block base still sets (a killer before the blind run)",
        K(
            "#44572",
            PH,
            PHW,
            "vllm/aeon/ph2.py",
            CB + "def aeon_block_shape(kernel: CutlassFp8BlockScaledMMKernel) -> list[int]:\n"
            "    return list(kernel.weight_group_shape)\n",
            "return list(kernel.weight_group_shape)",
        ),
    ),
    (
        "#44572 custom op removed",
        "a torch.ops call of the removed op",
        K(
            "#44572",
            PH,
            PHW,
            "vllm/aeon/ph3.py",
            "import torch\n\n"
            "import vllm.model_executor.kernels.linear.scaled_mm.cutlass  # noqa: F401\n\n\n"
            "def aeon_padded_mm(a, b, a_s, b_s, block: list[int], dtype: torch.dtype) -> torch.Tensor:\n"
            "    # AEON: the Spark's odd-M decode batches go through the padded op\n"
            "    return torch.ops.vllm.dynamic_padded_cutlass(a, b, a_s, b_s, block, dtype)\n",
            "return torch.ops.vllm.dynamic_padded_cutlass(a, b, a_s, b_s, block, dtype)",
        ),
    ),
    (
        "#44572 function removed",
        "an import of a removed helper",
        K(
            "#44572",
            PH,
            PHW,
            "vllm/aeon/ph4.py",
            "from vllm.model_executor.kernels.linear.scaled_mm.cutlass import _padded_cutlass\n\n\n"
            "def aeon_pad_then_mm(qx, w, x_s, w_s, block: list[int], dtype):\n"
            "    return _padded_cutlass(qx, w, x_s, w_s, block, dtype)\n",
            "from vllm.model_executor.kernels.linear.scaled_mm.cutlass import _padded_cutlass",
        ),
    ),
    (
        "#44572 attribute removed",
        "twin: the kept quant_fp8 and cutlass_scaled_mm",
        K(
            "#44572",
            PH,
            PHW,
            "vllm/aeon/ph5.py",
            "from vllm.model_executor.kernels.linear.scaled_mm.cutlass import (\n"
            "    CutlassFp8BlockScaledMMKernel,\n"
            "    cutlass_scaled_mm,\n"
            ")\n\n\n"
            "class AeonCutlassBlockKernel2(CutlassFp8BlockScaledMMKernel):\n"
            "    def aeon_quant(self, x):\n"
            "        return self.quant_fp8(x)\n\n\n"
            "def aeon_mm(qx, w, x_s, w_s, block: list[int], dtype):\n"
            "    return cutlass_scaled_mm(qx, w, x_s, w_s, block, dtype)\n",
            "return self.quant_fp8(x)",
        ),
    ),
]

# --- #44260 (c90650088d): input_quant_key() added to the kernel bases and called from their apply_weights
QK = "c90650088d"
QKW = "ScaledMMLinearKernel/NvFp4LinearKernel.input_quant_key() added, called by apply_weights"
QU = "from vllm.model_executor.layers.quantization.utils.quant_utils import QuantKey, kFp8StaticTensorSym, kNvfp4Dynamic\n"
CASES += [
    (
        "#44260 base now calls a fork namesake",
        "a class attribute of the name the base now calls",
        K(
            "#44260",
            QK,
            QKW,
            "vllm/aeon/qk1.py",
            "from vllm.model_executor.kernels.linear.scaled_mm.cutlass import CutlassFP8ScaledMMLinearKernel\n"
            + QU
            + "\n\n"
            "class AeonStaticFp8Kernel(CutlassFP8ScaledMMLinearKernel):\n"
            "    # AEON: the Spark's fused norm+quant feeds this kernel static per-tensor fp8\n"
            "    input_quant_key = kFp8StaticTensorSym\n",
            "input_quant_key = kFp8StaticTensorSym",
        ),
    ),
    (
        "#44260 base now calls a fork namesake",
        "an instance attribute of the name the base now calls",
        K(
            "#44260",
            QK,
            QKW,
            "vllm/aeon/qk2.py",
            "from vllm.model_executor.kernels.linear.nvfp4.base import NvFp4LinearLayerConfig\n"
            "from vllm.model_executor.kernels.linear.nvfp4.flashinfer import FlashInferCutlassNvFp4LinearKernel\n"
            + QU
            + "\n\n"
            "class AeonNvFp4Kernel(FlashInferCutlassNvFp4LinearKernel):\n"
            "    def __init__(self, config: NvFp4LinearLayerConfig) -> None:\n"
            "        super().__init__(config)\n"
            "        # AEON: the Spark's NVFP4 path records which activation key it quantizes to\n"
            "        self.input_quant_key = kNvfp4Dynamic\n",
            "self.input_quant_key = kNvfp4Dynamic",
        ),
    ),
    (
        "#44260 base now calls a fork namesake",
        "a namesake method with a parameter the base's call does not pass",
        K(
            "#44260",
            QK,
            QKW,
            "vllm/aeon/qk3.py",
            "import torch\n\n"
            "from vllm.model_executor.kernels.linear.scaled_mm.cutlass import CutlassFP8ScaledMMLinearKernel\n"
            + QU
            + "\n\n"
            "class AeonLayerKeyedKernel(CutlassFP8ScaledMMLinearKernel):\n"
            "    def input_quant_key(self, layer: torch.nn.Module) -> QuantKey:\n"
            "        # AEON: the Spark keys static scales per layer\n"
            "        return kFp8StaticTensorSym\n",
            "def input_quant_key(self, layer: torch.nn.Module) -> QuantKey:",
        ),
    ),
    (
        "#44260 base now calls a fork namesake",
        "twin: a namesake method of the base's shape",
        K(
            "#44260",
            QK,
            QKW,
            "vllm/aeon/qk4.py",
            "from vllm.model_executor.kernels.linear.scaled_mm.cutlass import CutlassFP8ScaledMMLinearKernel\n"
            + QU
            + "\n\n"
            "class AeonUnfusedKernel(CutlassFP8ScaledMMLinearKernel):\n"
            "    def input_quant_key(self) -> QuantKey | None:\n"
            "        return None\n",
            "def input_quant_key(self) -> QuantKey | None:",
        ),
    ),
]

# --- #31716 (50632adc58): auto-round folded into inc: auto_round.py deleted, "auto-round" dropped from the method list
AR = "50632adc58"
ARW = "auto_round.AutoRoundConfig removed; 'auto-round' no longer a quantization method"
QI = "vllm.model_executor.layers.quantization"
CASES += [
    (
        "#31716 module removed",
        "an import of the removed config",
        K(
            "#31716",
            AR,
            ARW,
            "vllm/aeon/ar1.py",
            f"from {QI}.auto_round import AutoRoundConfig\n\n\n"
            "def aeon_autoround_bits(cfg: AutoRoundConfig) -> int:\n"
            "    return cfg.weight_bits\n",
            f"from {QI}.auto_round import AutoRoundConfig",
        ),
    ),
    (
        "#31716 method name removed",
        "a string literal argument to the registry",
        K(
            "#31716",
            AR,
            ARW,
            "vllm/aeon/ar2.py",
            f"from {QI} import get_quantization_config\n\n\n"
            "def aeon_autoround_config():\n"
            "    # AEON: the Spark serves AutoRound int4 checkpoints\n"
            '    return get_quantization_config("auto-round")\n',
            'return get_quantization_config("auto-round")',
        ),
    ),
    (
        "#31716 method name removed",
        "a list.remove of the literal",
        K(
            "#31716",
            AR,
            ARW,
            "vllm/aeon/ar3.py",
            f"from {QI} import DEPRECATED_QUANTIZATION_METHODS\n\n"
            "# AEON: AutoRound stays supported on the Spark; silence its deprecation\n"
            'DEPRECATED_QUANTIZATION_METHODS.remove("auto-round")\n',
            'DEPRECATED_QUANTIZATION_METHODS.remove("auto-round")',
        ),
    ),
    (
        "#31716 method name removed",
        "twin: the kept inc method and config",
        K(
            "#31716",
            AR,
            ARW,
            "vllm/aeon/ar4.py",
            f"from {QI} import get_quantization_config\n"
            f"from {QI}.inc import INCConfig\n\n\n"
            "def aeon_inc_config() -> type[INCConfig]:\n"
            '    return get_quantization_config("inc")\n',
            'return get_quantization_config("inc")',
        ),
    ),
]

# --- #40152 (38fa87caca): quantization/mxfp8.py moved to online/mxfp8.py, Mxfp8Config removed
MX = "38fa87caca"
MXW = "quantization.mxfp8 moved under online/, Mxfp8Config removed"
CASES += [
    (
        "#40152 module moved",
        "an import of the removed config",
        K(
            "#40152",
            MX,
            MXW,
            "vllm/aeon/mx1.py",
            f"from {QI}.mxfp8 import Mxfp8Config\n\n\n"
            "class AeonMxfp8Config(Mxfp8Config):\n"
            "    # AEON: the Spark's MXFP8 online quant keeps lm_head in bf16\n"
            "    @classmethod\n"
            "    def get_name(cls) -> str:\n"
            '        return "aeon_mxfp8"\n',
            f"from {QI}.mxfp8 import Mxfp8Config",
        ),
    ),
    (
        "#40152 module moved",
        "a module import and an attribute of it",
        K(
            "#40152",
            MX,
            MXW,
            "vllm/aeon/mx2.py",
            f"import {QI}.mxfp8 as aeon_mx\n\n\n"
            "def aeon_mxfp8_linear_method():\n"
            "    return aeon_mx.Mxfp8OnlineLinearMethod\n",
            f"import {QI}.mxfp8 as aeon_mx",
        ),
    ),
    (
        "#40152 module moved",
        "twin: the method name, still served",
        K(
            "#40152",
            MX,
            MXW,
            "vllm/aeon/mx3.py",
            f"from {QI} import QUANTIZATION_METHODS, get_quantization_config\n\n\n"
            "def aeon_mxfp8_config():\n"
            '    assert "mxfp8" in QUANTIZATION_METHODS\n'
            '    return get_quantization_config("mxfp8")\n',
            'return get_quantization_config("mxfp8")',
        ),
    ),
]

# --- #35042 (8ad54a991b): platform_utils.get_cu_count replaced by num_compute_units
CU = "8ad54a991b"
CUW = "platform_utils.get_cu_count removed (num_compute_units)"
CASES += [
    (
        "#35042 function removed",
        "an import of the removed function",
        K(
            "#35042",
            CU,
            CUW,
            "vllm/aeon/cu1.py",
            "from vllm.utils.platform_utils import get_cu_count\n\n\n"
            "def aeon_split_k(device_id: int) -> int:\n"
            "    # AEON: the GB10 has 48 SMs; split-K scales with them\n"
            "    return max(1, get_cu_count(device_id) // 12)\n",
            "from vllm.utils.platform_utils import get_cu_count",
        ),
    ),
    (
        "#35042 function removed",
        "a module attribute call",
        K(
            "#35042",
            CU,
            CUW,
            "vllm/aeon/cu2.py",
            "from vllm.utils import platform_utils\n\n\n"
            "def aeon_sm_count(device_id: int = 0) -> int:\n"
            "    return platform_utils.get_cu_count(device_id)\n",
            "return platform_utils.get_cu_count(device_id)",
        ),
    ),
    (
        "#35042 function removed",
        "a getattr with a literal",
        K(
            "#35042",
            CU,
            CUW,
            "vllm/aeon/cu3.py",
            'from vllm.utils import platform_utils\n\naeon_count_sms = getattr(platform_utils, "get_cu_count")\n',
            'aeon_count_sms = getattr(platform_utils, "get_cu_count")',
        ),
    ),
    (
        "#35042 function removed",
        "twin: the kept neighbours",
        K(
            "#35042",
            CU,
            CUW,
            "vllm/aeon/cu4.py",
            "from vllm.utils.platform_utils import cuda_get_device_properties, is_uva_available\n\n\n"
            "def aeon_props(device: int):\n"
            '    return cuda_get_device_properties(device, ("multi_processor_count",)), is_uva_available()\n',
            'return cuda_get_device_properties(device, ("multi_processor_count",)), is_uva_available()',
        ),
    ),
]

# --- #42651 (53ff50fcd3): CutlassFP8ScaledMMLinearKernel pads in process_weights_after_loading and
# apply_scaled_mm asserts the logical width that sets
PW = "53ff50fcd3"
PWW = "CutlassFP8ScaledMMLinearKernel.apply_scaled_mm needs logical_output_size from process_weights_after_loading"
CF = "import torch\n\nfrom vllm.model_executor.kernels.linear.scaled_mm.cutlass import CutlassFP8ScaledMMLinearKernel\n\n\n"
CASES += [
    (
        "#42651 state now set by an overridden method",
        "an override without super()",
        K(
            "#42651",
            PW,
            PWW,
            "vllm/aeon/pw1.py",
            CF + "class AeonPrepackedFp8Kernel(CutlassFP8ScaledMMLinearKernel):\n"
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:\n"
            "        # AEON: the Spark's checkpoints ship the fp8 weight pre-transposed; nothing to do\n"
            "        layer.aeon_prepacked = True\n",
            "def process_weights_after_loading(self, layer: torch.nn.Module) -> None:",
        ),
    ),
    (
        "#42651 state now set by an overridden method",
        "a direct build and apply without processing",
        K(
            "#42651",
            PW,
            PWW,
            "vllm/aeon/pw2.py",
            CF + "def aeon_microbench(config, layer: torch.nn.Module, x: torch.Tensor) -> torch.Tensor:\n"
            "    # AEON: the Spark's GEMM sweep times the kernel on already-prepared layers\n"
            '    kernel = CutlassFP8ScaledMMLinearKernel(config, ["weight", "weight_scale", "input_scale", "input_scale_ub"])\n'
            "    return kernel.apply_weights(layer, x)\n",
            "return kernel.apply_weights(layer, x)",
        ),
    ),
    (
        "#42651 state now set by an overridden method",
        "twin: an override that calls super() first",
        K(
            "#42651",
            PW,
            PWW,
            "vllm/aeon/pw3.py",
            CF + "class AeonLoggedFp8Kernel(CutlassFP8ScaledMMLinearKernel):\n"
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:\n"
            "        super().process_weights_after_loading(layer)\n"
            "        layer.aeon_processed = True\n",
            "def process_weights_after_loading(self, layer: torch.nn.Module) -> None:",
        ),
    ),
]

# --- #47516 (4c6e2e4b30): the choose-kernel functions' platform lookup .get(..., []) -- a missing platform
# now raises ValueError (no kernel) instead of KeyError
PK = "4c6e2e4b30"
PKW = "choose_*_linear_kernel: possible_kernels[platform] -> .get(platform, []) (KeyError -> ValueError)"
LK = "vllm.model_executor.kernels.linear"
CASES += [
    (
        "#47516 raised exception changed",
        "an except clause for the old exception",
        K(
            "#47516",
            PK,
            PKW,
            "vllm/aeon/pk1.py",
            f"from {LK} import _POSSIBLE_FP8_KERNELS, choose_scaled_mm_linear_kernel\n\n\n"
            "def aeon_fp8_kernel(config):\n"
            "    try:\n"
            "        return choose_scaled_mm_linear_kernel(config, _POSSIBLE_FP8_KERNELS)\n"
            "    except KeyError:\n"
            "        # AEON: a platform with no FP8 table (the Spark's CPU-only smoke runs) serves unquantized\n"
            "        return None\n",
            "except KeyError:",
        ),
    ),
    (
        "#47516 raised exception changed",
        "an except clause binding the old exception",
        K(
            "#47516",
            PK,
            PKW,
            "vllm/aeon/pk2.py",
            f"from {LK} import choose_mp_linear_kernel\n\n\n"
            "def aeon_mp_kernel(config):\n"
            "    try:\n"
            "        return choose_mp_linear_kernel(config)\n"
            "    except KeyError as exc:\n"
            '        raise RuntimeError(f"aeon: no mixed-precision table for {exc}") from exc\n',
            "except KeyError as exc:",
        ),
    ),
    (
        "#47516 raised exception changed",
        "twin: an except clause for both",
        K(
            "#47516",
            PK,
            PKW,
            "vllm/aeon/pk3.py",
            f"from {LK} import _POSSIBLE_INT8_KERNELS, choose_scaled_mm_linear_kernel\n\n\n"
            "def aeon_int8_kernel(config):\n"
            "    try:\n"
            "        return choose_scaled_mm_linear_kernel(config, _POSSIBLE_INT8_KERNELS)\n"
            "    except (KeyError, ValueError):\n"
            "        return None\n",
            "except (KeyError, ValueError):",
        ),
    ),
]

# --- #48949 (e67a2e0a56): MxFp4LinearLayerConfig given a defaulted field; an always-supported emulation kernel
# appended to the MXFP4 priority list
M4 = "e67a2e0a56"
M4W = "MxFp4LinearLayerConfig.activation_quant_key (defaulted) added; EmulationMxfp4LinearKernel ends the list"
MK = (
    "import torch\n\n"
    "from vllm.model_executor.kernels.linear.mxfp4.base import MxFp4LinearKernel, MxFp4LinearLayerConfig\n\n\n"
    "class AeonMxFp4Kernel(MxFp4LinearKernel):\n"
    "    # AEON: the Spark's sm_121a MXFP4 GEMM, the fallback when no upstream kernel serves\n"
    "    @classmethod\n"
    "    def is_supported(cls, compute_capability: int | None = None) -> tuple[bool, str | None]:\n"
    "        return True, None\n\n"
    "    @classmethod\n"
    "    def can_implement(cls, config: MxFp4LinearLayerConfig) -> tuple[bool, str | None]:\n"
    "        return True, None\n\n"
    "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:\n"
    "        return None\n\n"
    "    def apply_weights(self, layer: torch.nn.Module, x: torch.Tensor, bias: torch.Tensor | None = None) -> torch.Tensor:\n"
    "        return x\n"
)
CASES += [
    (
        "#48949 defaulted field added to a dataclass base",
        "a dataclass subclass's field without a default",
        K(
            "#48949",
            M4,
            M4W,
            "vllm/aeon/m41.py",
            "from dataclasses import dataclass\n\n"
            "from vllm.model_executor.kernels.linear.mxfp4 import MxFp4LinearLayerConfig\n\n\n"
            "@dataclass\n"
            "class AeonMxFp4LayerConfig(MxFp4LinearLayerConfig):\n"
            "    # AEON: the Spark's MXFP4 GEMM tiles N by this\n"
            "    aeon_tile_n: int\n",
            "aeon_tile_n: int",
        ),
    ),
    (
        "#48949 catch-all added before the fork's entry",
        "an append to the priority list",
        K(
            "#48949",
            M4,
            M4W,
            "vllm/aeon/m42.py",
            MK + "\n\n"
            f"from {LK} import _POSSIBLE_MXFP4_KERNELS  # noqa: E402\n"
            "from vllm.platforms import PlatformEnum  # noqa: E402\n\n"
            "_POSSIBLE_MXFP4_KERNELS[PlatformEnum.CUDA].append(AeonMxFp4Kernel)\n",
            "_POSSIBLE_MXFP4_KERNELS[PlatformEnum.CUDA].append(AeonMxFp4Kernel)",
        ),
    ),
    (
        "#48949 defaulted field added to a dataclass base",
        "twin: a defaulted field and an insert at the head",
        K(
            "#48949",
            M4,
            M4W,
            "vllm/aeon/m43.py",
            MK + "\n\n"
            "from dataclasses import dataclass  # noqa: E402\n\n"
            f"from {LK} import _POSSIBLE_MXFP4_KERNELS  # noqa: E402\n"
            "from vllm.platforms import PlatformEnum  # noqa: E402\n\n"
            "_POSSIBLE_MXFP4_KERNELS[PlatformEnum.CUDA].insert(0, AeonMxFp4Kernel)\n\n\n"
            "@dataclass\n"
            "class AeonMxFp4LayerConfig2(MxFp4LinearLayerConfig):\n"
            "    aeon_tile_n: int = 128\n",
            "aeon_tile_n: int = 128",
        ),
    ),
]

# --- #40105 (c0c98b8b9a): MarlinFP8ScaledMMLinearKernel (an FP8ScaledMMLinearKernel, not a block kernel) put in
# the CUDA block-scaled list
BL = "c0c98b8b9a"
BLW = "_POSSIBLE_FP8_BLOCK_KERNELS[CUDA] holds MarlinFP8ScaledMMLinearKernel"
BK = f"from {LK} import _POSSIBLE_FP8_BLOCK_KERNELS\nfrom vllm.platforms import PlatformEnum\n\n\n"
CASES += [
    (
        "#40105 list element type widened",
        "a build of each element with the block constructor",
        K(
            "#40105",
            BL,
            BLW,
            "vllm/aeon/bl1.py",
            BK + "def aeon_block_candidates(config) -> list:\n"
            "    # AEON: the Spark's kernel sweep builds every block-scaled candidate to time it\n"
            "    built = []\n"
            "    for kernel_cls in _POSSIBLE_FP8_BLOCK_KERNELS[PlatformEnum.CUDA]:\n"
            "        if kernel_cls.is_supported()[0] and kernel_cls.can_implement(config)[0]:\n"
            "            built.append(kernel_cls(config))\n"
            "    return built\n",
            "built.append(kernel_cls(config))",
        ),
    ),
    (
        "#40105 list element type widened",
        "a read of a block-only class attribute off each element",
        K(
            "#40105",
            BL,
            BLW,
            "vllm/aeon/bl2.py",
            BK + "def aeon_bf16_input_kernels() -> list:\n"
            "    return [k for k in _POSSIBLE_FP8_BLOCK_KERNELS[PlatformEnum.CUDA] if not k.apply_input_quant]\n",
            "return [k for k in _POSSIBLE_FP8_BLOCK_KERNELS[PlatformEnum.CUDA] if not k.apply_input_quant]",
        ),
    ),
    (
        "#40105 list element type widened",
        "twin: the unchanged ROCm list",
        K(
            "#40105",
            BL,
            BLW,
            "vllm/aeon/bl3.py",
            BK + "def aeon_rocm_block_candidates(config) -> list:\n"
            "    return [k(config) for k in _POSSIBLE_FP8_BLOCK_KERNELS[PlatformEnum.ROCM]]\n",
            "return [k(config) for k in _POSSIBLE_FP8_BLOCK_KERNELS[PlatformEnum.ROCM]]",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-linkern-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
