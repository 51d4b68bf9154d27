"""A blind replay of the AWQ/GPTQ/Marlin/bitsandbytes/GGUF quantization methods a fork's quantized model carries.

10 first-parent commits on ``vllm/model_executor/layers/quantization/{awq,awq_marlin,gptq,gptq_marlin,gguf}.py``,
``quantization/utils/marlin_utils*.py`` and the mixed-precision linear kernels -- the classes and helpers a
fork's quantized serving path carries code against: ``awq.py`` folded into ``awq_marlin.py`` renamed
``auto_awq.py`` (``AWQConfig``/``AWQMarlinConfig``/``AWQLinearMethod`` gone), ``GPTQMarlinMoEMethod.quant_type``
no longer set, RTN removed (``apply_rtn_marlin_linear`` and ``quantization/rtn.py``), ``is_layer_skipped_awq``
removed for the shared ``is_layer_skipped``, the FP4 Marlin helpers renamed ``fp4_* -> nvfp4_*``,
``CutlassW4A8LinearKernel.w_ch_s`` no longer set (the channel scales became a layer parameter),
``query_marlin_supported_quant_types`` given an ``include_fp_type`` inserted before ``device_capability``,
GGUF's ``_fuse_mul_mat`` renamed, ``GGUFMoEMethod.act`` and ``GGUFUninitializedParameter.materialize_nested``
dropped, ``ops.gptq_gemm`` given a required ``use_v2_format`` before ``bit``, and the CPU WNA16 kernel's
``_process_gptq_weights`` renamed with ``quantization/cpu_wna16.py`` removed -- picked by scanning those paths'
diffs (``git log --first-parent -p``), avoiding the commits the other replays use.  Each is replayed under 1-3
fork spellings written the way fork code is written (an import of the removed name or module, a local import,
a module-attribute call, a subclass's ``self.`` read or ``super()`` call, a read off a receiver typed as the
class, a positional call whose slot moved, a keyword call missing a new required parameter), with twins (fork
code the commit does not break: the kept method, the kept helper, the still-registered method name, the
keyword spelling).  The merge base is the commit's first parent, upstream is the commit; a spelling is
*caught* when an error lands on its line, *warned* when a warning lands in its file.  Twins must stay
*quiet*: no error on their line.

Blind, on the engine before any widening (main at 2aa1f4ed): 19 caught, 0 warned, 0 missed of 19 (twins: 11
quiet, 0 false errors).  Every one of these is a name upstream removed, renamed or stopped setting, or a
parameter upstream inserted -- symbol drift's home ground (imports, calls, ``self.``/typed reads, overrides,
positional shifts, required parameters).

A second blind batch, committed before the engine ran on it, takes 5 more commits of the same surface for the
subtler classes: ``get_min_capability`` of the AWQ/GPTQ Marlin configs lowered 80 -> 75 (#29901), a new guard
of ``prepare_fp8_layer_for_marlin`` refusing a one-byte ``input_dtype`` (#31061), ``AWQMarlinMoEMethod.
select_gemm_impl`` raising ``ValueError`` where it raised ``NotImplementedError`` under a fork handler (#42483),
``prepare_moe_fp8_layer_for_marlin`` made a pure function (#31499) and ``CutlassW4A8LinearKernel`` inserted
at the head of the mixed-precision kernels' priority list under a fork's slice and fixed-index insert (#23198).
Blind, on the same engine: 3 caught, 1 warned, 5 missed of 9 (twins: 5 quiet, 0 false errors); in all 22
caught, 1 warned, 5 missed of 28 (16 twins quiet).  The misses: #29901's two (a fork's ``== 80`` on
``GPTQMarlinConfig.get_min_capability()``, and a ``>= 80`` whose comment names ``AWQMarlinConfig.
get_min_capability()``), #31061's one (``input_dtype=torch.float8_e4m3fn``, a one-byte dtype the new
``input_dtype.itemsize == 1`` guard refuses) and #23198's two (``_POSSIBLE_KERNELS[1:]`` and
``_POSSIBLE_KERNELS.insert(2, ...)`` after upstream put a kernel at the head).  #42483's override is warned: its
``super().select_gemm_impl`` call is an error (the method was emptied) but not the dead ``except
NotImplementedError`` handler, which raised-kind drift judges only off a named receiver.

After the killers122 widenings: 27 caught, 1 warned, 0 missed of 28 (twins: 16 quiet, 0 false errors).  Caught
now: a handler round ``super().f()`` in a fork override (raised-kind drift, ``drift/callees.py``: ``super()``
reads as a call off the class's outside base), a literal standing for a value a method returns
(constant drift, ``drift/constants.py``: a def returning only a literal, taking nothing a caller chooses, is a
constant; its call compared with the old value, or a comment naming ``Owner.method``), a ``torch.<dtype>`` a
new guard refuses by its ``itemsize`` (refused arguments, ``drift/refused_args.py``), and a constant position
in an upstream module-level list its insert gave to another entry (``drift/list_positions.py``, new: an error
inside the list).  Left warned: #23198's ``_POSSIBLE_KERNELS[1:]``, an end's position -- "all but the first"
may mean whatever upstream now puts first, so the new class warns there by design.  Regression set at the
widenings' head: killer_replay 26/26, kind_change_replay 12/12, review15/16/17_twins 0 false errors (40, 30,
23 twins), blind_replay_quant 27/27 (14 quiet), blind_replay_kernelutils 20 caught 1 warned of 21,
blind_replay_nvfp4 15 caught 1 warned of 16, blind_replay_compile 12/12, blind_replay_runnerv2 21 caught 1
warned of 22, blind_replay_speed 23 caught 4 warned of 27 (all as on the branch's base, 0 false errors);
``symbol_precision.py --windows 1``: 0 false errors (5 broken overrides, 4 caught), at the branch's last head.

  python benchmarks/blind_replay_awqgptq.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
Q = "vllm.model_executor.layers.quantization"

# --- #42727 (8d4f54966c): awq.py removed, awq_marlin.py renamed auto_awq.py, AWQMarlinConfig -> AutoAWQConfig
AA = "8d4f54966c"
AAW = "awq.py removed, awq_marlin.py -> auto_awq.py"
CASES += [
    (
        "#42727 module renamed",
        "a subclass of a class from the renamed module",
        K(
            "#42727",
            AA,
            AAW,
            "vllm/aeon/aa1.py",
            f"from {Q}.awq_marlin import AWQMarlinConfig\n\n\n"
            "class AeonAWQMarlinConfig(AWQMarlinConfig):\n"
            "    # AEON: GB10 keeps the lm_head unquantized under AWQ\n"
            "    def is_lm_head_quantized(self) -> bool:\n"
            "        return False\n",
            f"from {Q}.awq_marlin import AWQMarlinConfig",
        ),
    ),
    (
        "#42727 module removed",
        "a local import of the removed module's method",
        K(
            "#42727",
            AA,
            AAW,
            "vllm/aeon/aa2.py",
            "def aeon_awq_method(quant_config):\n"
            "    # AEON: the Spark falls back to the plain AWQ GEMM on small layers\n"
            f"    from {Q}.awq import AWQLinearMethod\n\n"
            "    return AWQLinearMethod(quant_config)\n",
            f"from {Q}.awq import AWQLinearMethod",
        ),
    ),
    (
        "#42727 module renamed",
        "twin: the method name still registered",
        K(
            "#42727",
            AA,
            AAW,
            "vllm/aeon/aa3.py",
            f"from {Q} import get_quantization_config\n\n\n"
            "def aeon_awq_config_cls():\n"
            '    return get_quantization_config("awq_marlin")\n',
            'return get_quantization_config("awq_marlin")',
        ),
    ),
    (
        "#42727 module renamed",
        "twin: the kept Marlin helper",
        K(
            "#42727",
            AA,
            AAW,
            "vllm/aeon/aa4.py",
            f"from {Q}.utils.marlin_utils import apply_awq_marlin_linear\n\n\n"
            "AEON_AWQ_GEMM = apply_awq_marlin_linear\n",
            f"from {Q}.utils.marlin_utils import apply_awq_marlin_linear",
        ),
    ),
]

# --- #37990 (e4ee48da2d): GPTQMarlinMoEMethod no longer sets self.quant_type (a local now)
GM = "e4ee48da2d"
GMW = "GPTQMarlinMoEMethod.quant_type no longer set"
GMI = f"from {Q}.gptq_marlin import GPTQMarlinMoEMethod\n\n\n"
CASES += [
    (
        "#37990 attribute no longer set",
        "a subclass's self. read",
        K(
            "#37990",
            GM,
            GMW,
            "vllm/aeon/gm1.py",
            GMI + "class AeonGPTQMarlinMoEMethod(GPTQMarlinMoEMethod):\n"
            "    def aeon_quant_type_id(self) -> int:\n"
            "        # AEON: the Spark's fused MoE kernel takes the scalar type id directly\n"
            "        return self.quant_type.id\n",
            "return self.quant_type.id",
        ),
    ),
    (
        "#37990 attribute no longer set",
        "a read off a receiver typed as the class",
        K(
            "#37990",
            GM,
            GMW,
            "vllm/aeon/gm2.py",
            GMI + "def aeon_is_int4(method: GPTQMarlinMoEMethod) -> bool:\n"
            "    return method.quant_type.size_bits == 4\n",
            "return method.quant_type.size_bits == 4",
        ),
    ),
    (
        "#37990 attribute no longer set",
        "twin: the config's quant_type kept",
        K(
            "#37990",
            GM,
            GMW,
            "vllm/aeon/gm3.py",
            GMI + "class AeonGPTQMarlinMoEMethod2(GPTQMarlinMoEMethod):\n"
            "    def aeon_quant_type_id(self) -> int:\n"
            "        return self.quant_config.quant_type.id\n",
            "return self.quant_config.quant_type.id",
        ),
    ),
]

# --- #32697 (4e31b7f228): RTN removed: apply_rtn_marlin_linear and quantization/rtn.py
RT = "4e31b7f228"
RTW = "apply_rtn_marlin_linear and rtn.py removed"
CASES += [
    (
        "#32697 function removed",
        "an import of the removed helper",
        K(
            "#32697",
            RT,
            RTW,
            "vllm/aeon/rt1.py",
            f"from {Q}.utils.marlin_utils import apply_rtn_marlin_linear\n\n\n"
            "def aeon_rtn_linear(x, layer, workspace, quant_type):\n"
            "    # AEON: calibration-free RTN weights on the Spark\n"
            "    return apply_rtn_marlin_linear(\n"
            "        x, layer.weight, layer.scale, workspace, quant_type, layer.output_size_per_partition, layer.input_size_per_partition\n"
            "    )\n",
            f"from {Q}.utils.marlin_utils import apply_rtn_marlin_linear",
        ),
    ),
    (
        "#32697 module removed",
        "a module-attribute read off the removed module",
        K(
            "#32697",
            RT,
            RTW,
            "vllm/aeon/rt2.py",
            f"from {Q} import rtn\n\n\ndef aeon_rtn_config_cls():\n    return rtn.RTNConfig\n",
            f"from {Q} import rtn",
        ),
    ),
    (
        "#32697 function removed",
        "twin: the GPTQ Marlin GEMM kept",
        K(
            "#32697",
            RT,
            RTW,
            "vllm/aeon/rt3.py",
            f"from {Q}.utils import marlin_utils\n\n\nAEON_GPTQ_GEMM = marlin_utils.apply_gptq_marlin_linear\n",
            "AEON_GPTQ_GEMM = marlin_utils.apply_gptq_marlin_linear",
        ),
    ),
]

# --- #26909 (352c0c8a28): is_layer_skipped_awq removed (the shared is_layer_skipped serves AWQ)
LS = "352c0c8a28"
LSW = "is_layer_skipped_awq removed"
CASES += [
    (
        "#26909 function removed",
        "an import of the removed function",
        K(
            "#26909",
            LS,
            LSW,
            "vllm/aeon/ls1.py",
            f"from {Q}.awq import is_layer_skipped_awq\n\n\n"
            "def aeon_keep_fp16(prefix: str) -> bool:\n"
            "    # AEON: the Spark keeps the vision tower in fp16\n"
            '    return is_layer_skipped_awq(prefix, ["visual", "vision_tower"])\n',
            f"from {Q}.awq import is_layer_skipped_awq",
        ),
    ),
    (
        "#26909 function removed",
        "a module-attribute call through the module that re-imported it",
        K(
            "#26909",
            LS,
            LSW,
            "vllm/aeon/ls2.py",
            f"from {Q} import awq_marlin\n\n\n"
            "def aeon_skipped(prefix: str, modules: list[str]) -> bool:\n"
            "    return awq_marlin.is_layer_skipped_awq(prefix, modules)\n",
            "return awq_marlin.is_layer_skipped_awq(prefix, modules)",
        ),
    ),
    (
        "#26909 function removed",
        "twin: the shared is_layer_skipped",
        K(
            "#26909",
            LS,
            LSW,
            "vllm/aeon/ls3.py",
            f"from {Q}.utils.quant_utils import is_layer_skipped\n\n\n"
            "def aeon_skipped2(prefix: str, modules: list[str]) -> bool:\n"
            "    return is_layer_skipped(prefix, modules)\n",
            "return is_layer_skipped(prefix, modules)",
        ),
    ),
]

# --- #22428 (33c63e9547): the FP4 Marlin helpers renamed fp4_* -> nvfp4_* (MXFP4 got its own)
FP = "33c63e9547"
FPW = "fp4_marlin_process_scales/global_scale renamed nvfp4_*"
CASES += [
    (
        "#22428 functions renamed",
        "an import of a renamed helper",
        K(
            "#22428",
            FP,
            FPW,
            "vllm/aeon/fp1.py",
            f"from {Q}.utils.marlin_utils_fp4 import fp4_marlin_process_global_scale\n\n\n"
            "def aeon_global_scale(layer):\n"
            "    # AEON: GB10 re-derives the global scale after its own scale fusion\n"
            "    return fp4_marlin_process_global_scale(layer.weight_scale_2)\n",
            f"from {Q}.utils.marlin_utils_fp4 import fp4_marlin_process_global_scale",
        ),
    ),
    (
        "#22428 functions renamed",
        "a call through a module alias",
        K(
            "#22428",
            FP,
            FPW,
            "vllm/aeon/fp2.py",
            f"from {Q}.utils import marlin_utils_fp4 as mfp4\n\n\n"
            "def aeon_marlin_scales(scales):\n"
            "    return mfp4.fp4_marlin_process_scales(scales)\n",
            "return mfp4.fp4_marlin_process_scales(scales)",
        ),
    ),
    (
        "#22428 functions renamed",
        "twin: the kept layer preparation",
        K(
            "#22428",
            FP,
            FPW,
            "vllm/aeon/fp3.py",
            f"from {Q}.utils.marlin_utils_fp4 import prepare_fp4_layer_for_marlin\n\n\n"
            "def aeon_prepare(layer) -> None:\n"
            "    prepare_fp4_layer_for_marlin(layer)\n",
            "prepare_fp4_layer_for_marlin(layer)",
        ),
    ),
]

# --- #23570 (2c2b140ae8): CutlassW4A8LinearKernel.w_ch_s no longer set (a layer parameter now)
CS = "2c2b140ae8"
CSW = "CutlassW4A8LinearKernel.w_ch_s no longer set"
CUT = f"import torch\n\nfrom {Q}.kernels.mixed_precision.cutlass import CutlassW4A8LinearKernel\n\n\n"
CASES += [
    (
        "#23570 attribute no longer set",
        "a subclass's self. read",
        K(
            "#23570",
            CS,
            CSW,
            "vllm/aeon/cs1.py",
            CUT + "class AeonW4A8Kernel(CutlassW4A8LinearKernel):\n"
            "    def aeon_channel_scales(self) -> torch.Tensor:\n"
            "        # AEON: the Spark folds per-channel scales into the output\n"
            "        return self.w_ch_s\n",
            "return self.w_ch_s",
        ),
    ),
    (
        "#23570 attribute no longer set",
        "twin: the kept config",
        K(
            "#23570",
            CS,
            CSW,
            "vllm/aeon/cs2.py",
            CUT + "class AeonW4A8Kernel2(CutlassW4A8LinearKernel):\n"
            "    def aeon_group_size(self) -> int:\n"
            "        return self.config.group_size\n",
            "return self.config.group_size",
        ),
    ),
]

# --- #16850 (1d0c9d6b2d): query_marlin_supported_quant_types(has_zp, include_fp_type=True, device_capability=None)
QM = "1d0c9d6b2d"
QMW = "include_fp_type inserted before device_capability"
QMI = f"from {Q}.utils.marlin_utils import query_marlin_supported_quant_types\n\n\n"
CASES += [
    (
        "#16850 parameter inserted",
        "a positional capability",
        K(
            "#16850",
            QM,
            QMW,
            "vllm/aeon/qm1.py",
            QMI + "def aeon_gb10_types():\n"
            "    # AEON: GB10 is sm_121; ask Marlin for the Ampere-level types\n"
            "    return query_marlin_supported_quant_types(False, 80)\n",
            "return query_marlin_supported_quant_types(False, 80)",
        ),
    ),
    (
        "#16850 parameter inserted",
        "twin: the keyword capability",
        K(
            "#16850",
            QM,
            QMW,
            "vllm/aeon/qm2.py",
            QMI + "def aeon_gb10_types2():\n"
            "    return query_marlin_supported_quant_types(False, device_capability=80)\n",
            "return query_marlin_supported_quant_types(False, device_capability=80)",
        ),
    ),
]

# --- #18646 (1f1b1bc03b): GGUF's _fuse_mul_mat renamed, GGUFMoEMethod.act and materialize_nested dropped
GG = "1f1b1bc03b"
GGW = "_fuse_mul_mat renamed, GGUFMoEMethod.act dropped"
CASES += [
    (
        "#18646 function renamed",
        "an import of the renamed private helper",
        K(
            "#18646",
            GG,
            GGW,
            "vllm/aeon/gg1.py",
            f"from {Q}.gguf import _fuse_mul_mat\n\n\n"
            "def aeon_gguf_matmul(x, qweight, qweight_type: int):\n"
            "    # AEON: the Spark's lm_head stays GGUF-quantized\n"
            "    return _fuse_mul_mat(x, qweight, qweight_type)\n",
            f"from {Q}.gguf import _fuse_mul_mat",
        ),
    ),
    (
        "#18646 attribute no longer set",
        "a subclass's self. read",
        K(
            "#18646",
            GG,
            GGW,
            "vllm/aeon/gg2.py",
            f"from {Q}.gguf import GGUFMoEMethod\n\n\n"
            "class AeonGGUFMoEMethod(GGUFMoEMethod):\n"
            "    def aeon_activate(self, x):\n"
            "        return self.act(x)\n",
            "return self.act(x)",
        ),
    ),
    (
        "#18646 method removed",
        "a call on a receiver typed as the class",
        K(
            "#18646",
            GG,
            GGW,
            "vllm/aeon/gg3.py",
            f"from {Q}.gguf import GGUFUninitializedParameter\n\n\n"
            "def aeon_materialize(param: GGUFUninitializedParameter):\n"
            "    return param.materialize_nested()\n",
            "return param.materialize_nested()",
        ),
    ),
    (
        "#18646 function renamed",
        "twin: the kept linear method",
        K(
            "#18646",
            GG,
            GGW,
            "vllm/aeon/gg4.py",
            f"from {Q}.gguf import GGUFLinearMethod\n\n\n"
            "class AeonGGUFLinearMethod(GGUFLinearMethod):\n"
            "    def apply(self, layer, x, bias=None):\n"
            "        return super().apply(layer, x, bias)\n",
            "return super().apply(layer, x, bias)",
        ),
    ),
]

# --- #26092 (5cc6bddb6e): ops.gptq_gemm(..., use_exllama, use_v2_format, bit): a required parameter inserted
GE = "5cc6bddb6e"
GEW = "gptq_gemm gained a required use_v2_format"
OPS = "from vllm import _custom_ops as ops\n\n\n"
CASES += [
    (
        "#26092 required parameter inserted",
        "a positional call",
        K(
            "#26092",
            GE,
            GEW,
            "vllm/aeon/ge1.py",
            OPS + "def aeon_gptq_gemm(x, layer, use_exllama: bool):\n"
            "    # AEON: the Spark's 3-bit GPTQ experts go through the exllama GEMM\n"
            "    return ops.gptq_gemm(x, layer.qweight, layer.qzeros, layer.scales, layer.g_idx, use_exllama, 3)\n",
            "return ops.gptq_gemm(x, layer.qweight, layer.qzeros, layer.scales, layer.g_idx, use_exllama, 3)",
        ),
    ),
    (
        "#26092 required parameter inserted",
        "a keyword bit",
        K(
            "#26092",
            GE,
            GEW,
            "vllm/aeon/ge2.py",
            OPS + "def aeon_gptq_gemm2(x, layer):\n"
            "    return ops.gptq_gemm(x, layer.qweight, layer.qzeros, layer.scales, layer.g_idx, use_exllama=True, bit=4)\n",
            "return ops.gptq_gemm(x, layer.qweight, layer.qzeros, layer.scales, layer.g_idx, use_exllama=True, bit=4)",
        ),
    ),
    (
        "#26092 required parameter inserted",
        "twin: the kept shuffle",
        K(
            "#26092",
            GE,
            GEW,
            "vllm/aeon/ge3.py",
            OPS + "def aeon_shuffle(layer) -> None:\n    ops.gptq_shuffle(layer.qweight, layer.g_idx, 4)\n",
            "ops.gptq_shuffle(layer.qweight, layer.g_idx, 4)",
        ),
    ),
]

# --- #43841 (20d69d100a): CPUWNA16LinearKernel._process_gptq_weights renamed; cpu_wna16.py removed
CP = "20d69d100a"
CPW = "_process_gptq_weights -> _process_gptq_weights_w4a16; CPUAWQConfig removed"
CPK = "from vllm.model_executor.kernels.linear.mixed_precision.cpu import CPUWNA16LinearKernel\n\n\n"
CASES += [
    (
        "#43841 method renamed",
        "a subclass's super() call",
        K(
            "#43841",
            CP,
            CPW,
            "vllm/aeon/cp1.py",
            CPK + "class AeonCPUWNA16Kernel(CPUWNA16LinearKernel):\n"
            "    def _process_gptq_weights(self, layer) -> None:\n"
            "        # AEON: the Grace CPU keeps a bf16 copy of the bias\n"
            "        super()._process_gptq_weights(layer)\n"
            "        layer.aeon_bias_bf16 = layer.bias\n",
            "super()._process_gptq_weights(layer)",
        ),
    ),
    (
        "#43841 module removed",
        "an import of the removed config",
        K(
            "#43841",
            CP,
            CPW,
            "vllm/aeon/cp2.py",
            f"from {Q}.cpu_wna16 import CPUAWQConfig\n\n\n"
            "def aeon_cpu_awq(config: dict):\n"
            "    return CPUAWQConfig.from_config(config)\n",
            f"from {Q}.cpu_wna16 import CPUAWQConfig",
        ),
    ),
    (
        "#43841 method renamed",
        "twin: the kept weight hook",
        K(
            "#43841",
            CP,
            CPW,
            "vllm/aeon/cp3.py",
            CPK + "class AeonCPUWNA16Kernel2(CPUWNA16LinearKernel):\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            "        super().process_weights_after_loading(layer)\n",
            "super().process_weights_after_loading(layer)",
        ),
    ),
]


# --- A second blind batch (committed before the engine ran on it): the subtler classes of the same surface --
# a returned floor lowered, a new guard refusing an argument, an exception kind changed under a fork handler, a
# priority list entry inserted ahead of a fork's slice or index, a function made pure.

# --- #29901 (ce96857fdd): AWQMarlinConfig/GPTQMarlinConfig.get_min_capability() 80 -> 75 (Turing)
MC = "ce96857fdd"
MCW = "get_min_capability 80 -> 75"
CASES += [
    (
        "#29901 returned constant",
        "a comparison of the call with the old value",
        K(
            "#29901",
            MC,
            MCW,
            "vllm/aeon/mc1.py",
            f"from {Q}.gptq_marlin import GPTQMarlinConfig\n\n\n"
            "def aeon_needs_ampere() -> bool:\n"
            "    # AEON: the image drops its Turing kernels only while Marlin itself needs Ampere\n"
            "    return GPTQMarlinConfig.get_min_capability() == 80\n",
            "return GPTQMarlinConfig.get_min_capability() == 80",
        ),
    ),
    (
        "#29901 returned constant",
        "an inlined literal named in a comment",
        K(
            "#29901",
            MC,
            MCW,
            "vllm/aeon/mc2.py",
            "def aeon_awq_marlin_ok(capability: int) -> bool:\n"
            "    return capability >= 80  # AWQMarlinConfig.get_min_capability()\n",
            "return capability >= 80  # AWQMarlinConfig.get_min_capability()",
        ),
    ),
    (
        "#29901 returned constant",
        "twin: the call compared, no literal",
        K(
            "#29901",
            MC,
            MCW,
            "vllm/aeon/mc3.py",
            f"from {Q}.awq_marlin import AWQMarlinConfig\n\n\n"
            "def aeon_awq_marlin_ok2(capability: int) -> bool:\n"
            "    return capability >= AWQMarlinConfig.get_min_capability()\n",
            "return capability >= AWQMarlinConfig.get_min_capability()",
        ),
    ),
]

# --- #31061 (7c73ceb581): prepare_fp8_layer_for_marlin now refuses a one-byte input_dtype (RuntimeError)
MG = "7c73ceb581"
MGW = "a new guard: Marlin W8A8 not supported"
FP8M = f"import torch\n\nfrom {Q}.utils.marlin_utils_fp8 import prepare_fp8_layer_for_marlin\n\n\n"
CASES += [
    (
        "#31061 new guard",
        "a keyword the guard refuses",
        K(
            "#31061",
            MG,
            MGW,
            "vllm/aeon/mg1.py",
            FP8M + "def aeon_prepare_w8a8(layer) -> None:\n"
            "    # AEON: GB10 runs FP8 activations through Marlin's FP8 path\n"
            "    prepare_fp8_layer_for_marlin(layer, size_k_first=False, input_dtype=torch.float8_e4m3fn)\n",
            "prepare_fp8_layer_for_marlin(layer, size_k_first=False, input_dtype=torch.float8_e4m3fn)",
        ),
    ),
    (
        "#31061 new guard",
        "twin: the weight-only call",
        K(
            "#31061",
            MG,
            MGW,
            "vllm/aeon/mg2.py",
            FP8M + "def aeon_prepare_w8a16(layer) -> None:\n"
            "    prepare_fp8_layer_for_marlin(layer, size_k_first=False)\n",
            "prepare_fp8_layer_for_marlin(layer, size_k_first=False)",
        ),
    ),
]

# --- #42483 (78e7a7b9b0): AWQMarlinMoEMethod.select_gemm_impl raised NotImplementedError without LoRA; now
#     it always raises ValueError
SG = "78e7a7b9b0"
SGW = "select_gemm_impl NotImplementedError -> ValueError"
AMM = f"from {Q}.awq_marlin import AWQMarlinMoEMethod\n\n\n"
CASES += [
    (
        "#42483 exception kind changed",
        "an override's handler around super()",
        K(
            "#42483",
            SG,
            SGW,
            "vllm/aeon/sg1.py",
            AMM + "class AeonAWQMarlinMoEMethod(AWQMarlinMoEMethod):\n"
            "    def select_gemm_impl(self, prepare_finalize, layer):\n"
            "        try:\n"
            "            return super().select_gemm_impl(prepare_finalize, layer)\n"
            "        except NotImplementedError:\n"
            "            # AEON: without LoRA the Spark still builds its own AWQ experts\n"
            "            return self.aeon_experts(layer)\n\n"
            "    def aeon_experts(self, layer):\n"
            "        return None\n",
            "except NotImplementedError:",
        ),
    ),
    (
        "#42483 exception kind changed",
        "a handler around a call on a typed receiver",
        K(
            "#42483",
            SG,
            SGW,
            "vllm/aeon/sg2.py",
            AMM + "def aeon_lora_experts(method: AWQMarlinMoEMethod, prepare_finalize, layer):\n"
            "    try:\n"
            "        return method.select_gemm_impl(prepare_finalize, layer)\n"
            "    except NotImplementedError:\n"
            "        return None\n",
            "except NotImplementedError:",
        ),
    ),
    (
        "#42483 exception kind changed",
        "twin: a handler of both kinds",
        K(
            "#42483",
            SG,
            SGW,
            "vllm/aeon/sg3.py",
            AMM + "def aeon_lora_experts2(method: AWQMarlinMoEMethod, prepare_finalize, layer):\n"
            "    try:\n"
            "        return method.select_gemm_impl(prepare_finalize, layer)\n"
            "    except (NotImplementedError, ValueError):\n"
            "        return None\n",
            "except (NotImplementedError, ValueError):",
        ),
    ),
]

# --- #31499 (9152a30d8f): prepare_moe_fp8_layer_for_marlin made pure: size_k_first removed, the weights and
#     scales required, the repacked tensors returned instead of set on the layer
PM = "9152a30d8f"
PMW = "prepare_moe_fp8_layer_for_marlin made a pure function"
CASES += [
    (
        "#31499 signature replaced",
        "the removed keyword",
        K(
            "#31499",
            PM,
            PMW,
            "vllm/aeon/pm1.py",
            f"from {Q}.utils.marlin_utils_fp8 import prepare_moe_fp8_layer_for_marlin\n\n\n"
            "def aeon_prepare_experts(layer) -> None:\n"
            "    # AEON: the Spark's FP8 experts are stored N-major\n"
            "    prepare_moe_fp8_layer_for_marlin(layer, size_k_first=False)\n",
            "prepare_moe_fp8_layer_for_marlin(layer, size_k_first=False)",
        ),
    ),
    (
        "#31499 signature replaced",
        "a module-attribute call, positional",
        K(
            "#31499",
            PM,
            PMW,
            "vllm/aeon/pm2.py",
            f"from {Q}.utils import marlin_utils_fp8\n\n\n"
            "def aeon_prepare_experts2(layer) -> None:\n"
            "    marlin_utils_fp8.prepare_moe_fp8_layer_for_marlin(layer, False)\n",
            "marlin_utils_fp8.prepare_moe_fp8_layer_for_marlin(layer, False)",
        ),
    ),
    (
        "#31499 signature replaced",
        "twin: the dense preparation kept",
        K(
            "#31499",
            PM,
            PMW,
            "vllm/aeon/pm3.py",
            f"from {Q}.utils import marlin_utils_fp8\n\n\n"
            "def aeon_prepare_dense(layer) -> None:\n"
            "    marlin_utils_fp8.prepare_fp8_layer_for_marlin(layer, False)\n",
            "marlin_utils_fp8.prepare_fp8_layer_for_marlin(layer, False)",
        ),
    ),
]

# --- #23198 (e76e233540): CutlassW4A8LinearKernel inserted at the head of _POSSIBLE_KERNELS
PK = "e76e233540"
PKW = "CutlassW4A8LinearKernel inserted first in _POSSIBLE_KERNELS"
MPK = f"from {Q}.kernels import mixed_precision as mpk\n"
CASES += [
    (
        "#23198 priority entry inserted",
        "a slice that skips the old head",
        K(
            "#23198",
            PK,
            PKW,
            "vllm/aeon/pk1.py",
            MPK + "\n# AEON: GB10 has no Machete (Hopper only): try every kernel after it\n"
            "AEON_GB10_KERNELS = mpk._POSSIBLE_KERNELS[1:]\n",
            "AEON_GB10_KERNELS = mpk._POSSIBLE_KERNELS[1:]",
        ),
    ),
    (
        "#23198 priority entry inserted",
        "an insert at a fixed index",
        K(
            "#23198",
            PK,
            PKW,
            "vllm/aeon/pk2.py",
            MPK + f"from {Q}.kernels.mixed_precision.marlin import MarlinLinearKernel\n\n\n"
            "class AeonGB10LinearKernel(MarlinLinearKernel):\n"
            "    pass\n\n\n"
            "# AEON: the Spark's kernel goes just ahead of Marlin\n"
            "mpk._POSSIBLE_KERNELS.insert(2, AeonGB10LinearKernel)\n",
            "mpk._POSSIBLE_KERNELS.insert(2, AeonGB10LinearKernel)",
        ),
    ),
    (
        "#23198 priority entry inserted",
        "twin: an insert at the looked-up index",
        K(
            "#23198",
            PK,
            PKW,
            "vllm/aeon/pk3.py",
            MPK + f"from {Q}.kernels.mixed_precision.marlin import MarlinLinearKernel\n\n\n"
            "class AeonGB10LinearKernel2(MarlinLinearKernel):\n"
            "    pass\n\n\n"
            "mpk._POSSIBLE_KERNELS.insert(mpk._POSSIBLE_KERNELS.index(MarlinLinearKernel), AeonGB10LinearKernel2)\n",
            "mpk._POSSIBLE_KERNELS.insert(mpk._POSSIBLE_KERNELS.index(MarlinLinearKernel), AeonGB10LinearKernel2)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-awqgptq-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
