"""A blind replay of the FP8 quantization utilities a fork's linear methods, quant configs and kernels use.

11 first-parent commits on ``vllm/model_executor/layers/quantization/{utils/fp8_utils,utils/quant_utils,
utils/w8a8_utils,input_quant_fp8}.py`` and ``quantization/quark/`` -- the helpers a fork's FP8 linear method,
Quark scheme or tuned kernel carries code against: ``FUSED_LAYER_NAME_MAPPING`` removed from ``quant_utils``
(the fused names now come from the model's ``packed_modules_mapping``), ``w8a8_utils.TORCH_DEVICE_IDENTITY``
made ``None`` until ``maybe_create_device_identity()`` builds it, ``Fp8LinearGenericOp`` removed from
``fp8_utils`` together with its re-imports of ``cutlass_fp8_supported``/``Fp8LinearOp``, ``fp8_utils.
should_use_deepgemm`` moved to ``vllm.utils.deep_gemm`` under a new name, ``Fp8LinearOp``'s
``cutlass_fp8_supported`` parameter and attribute removed (a positional call now lands its group shape on
``act_quant_group_shape``'s slot), the ``input_2d`` keyword removed from the torch/ROCm scaled-mm helpers,
``apply_w8a8_block_fp8_linear`` made the ``W8A8BlockFp8LinearOp`` class and ``w8a8_block_fp8_matmul`` renamed
``w8a8_triton_block_scaled_mm``, Quark's MXFP4 scheme and MoE method renamed to OCP MX ones (with
``QuarkConfig._is_mx_fp4``), ``input_quant_fp8._FP8_FINFO`` removed, ``QuarkConfig.maybe_update_config``
removed (an override's ``super()`` call now lands on the base's no-op) with its model-type table, and Quark's
``is_rocm_aiter_fp4_asm_gemm_enabled`` moved onto ``rocm_aiter_ops`` -- picked by scanning those paths' diffs
(``git log --first-parent -p``), avoiding the commits the other replays use.  Each is replayed under 1-3 fork
spellings written the way fork code is written (an import, a module-attribute read or call, a keyword call, a
positional call, a subclass's ``self.`` read or ``super()`` call, a read off an imported value), with twins
(fork code the commit does not break: the kept name, the new spelling, a guarded use).  The merge base is the
commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on its line,
*warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 340cb80b): 22 caught, 0 warned, 2 missed of 24 (twins: 11
quiet, 1 false error of 12).  The misses: #13425's two (``w8a8_utils.TORCH_DEVICE_IDENTITY`` assigned
``torch.ones(...)`` -> ``None`` at module level, built later by ``maybe_create_device_identity()``; a fork's
``.to(device)`` on the module attribute and ``.device`` on the name imported from it now raise
AttributeError on ``None``).  The false error: #19767's per-token twin, a ``functools.partial`` of
``torch_per_token_w8a8_scaled_mm`` handing ``input_2d=``, which its ``**kwargs`` still takes after the
keyword was removed (symbol drift's call check erred, saying ``**kwargs`` swallows it unused).

On review that error is right, and the twin was mislabeled: after #19767 the helper narrows its output to
``qinput.shape[0]`` and no longer to the ``input_2d`` the fork hands it, so a fork passing a padded ``qinput``
with its unpadded ``input_2d`` now gets padded rows (and ``view(*output_shape)`` raises).  It is counted as a
killer spelling now, and a twin that is right after the commit (the per-tensor helper called without
``input_2d``) was added: 25 killer spellings, 12 twins.

After the fp8utils widening: 24 caught, 1 warned, 0 missed of 25 (twins: 12 quiet, 0 false errors).  Caught
now: a module value made None, built later (type drift, ``drift/nulled_globals.py``): a name upstream's module
bound to a value at the base and binds to ``None`` now, rebuilt by a function declaring it ``global``; the fork's
name imported at its module's top level keeps the import-time None (an error); a read off the module
(``w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)``) is a warning, since upstream's FP8 methods build the value
in ``create_weights`` and whether one ran first is not read.  Regression set at the widening: killer_replay
26/26, kind_change_replay 12/12, review15/16/17_twins 0 false errors (40, 30, 23 twins), blind_replay_fp8meth
21 caught, 1 warned of 22 (10 quiet), blind_replay_quant 27/27 (14 quiet), blind_replay_nvfp4 15 caught, 1
warned of 16 (10 quiet, 1 warned), 0 false errors each, as on main.  Widened since to a ``getattr(m, "X")``
off the module and the bare global in a function the fork added to upstream's module itself, and the gate made
a literal-headed search of upstream's raw diff (45-65 -> 2-14 ms over a 500-commit release's Python diff); the
regression set rerun at the helper's head: the same numbers, and ``symbol_precision.py --windows 1``: 0 false
errors (window 0: 5 broken overrides, 4 caught, 8 warnings).  Left: the warned spelling (a read off the module
whose builder upstream's FP8 methods run in ``create_weights``: whether one ran first is the caller's order,
not read here).

  python benchmarks/blind_replay_fp8utils.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

QU = "vllm.model_executor.layers.quantization.utils.quant_utils"
W8 = "vllm.model_executor.layers.quantization.utils.w8a8_utils"
FU = "vllm.model_executor.layers.quantization.utils.fp8_utils"

# --- #12634 (7ff7a638b6): quant_utils.FUSED_LAYER_NAME_MAPPING removed; is_layer_skipped takes fused_mapping
FL = "7ff7a638b6"
FLW = "quant_utils.FUSED_LAYER_NAME_MAPPING removed"
CASES += [
    (
        "#12634 module constant removed",
        "an import of the table",
        K(
            "#12634",
            FL,
            FLW,
            "vllm/aeon/fl1.py",
            f"from {QU} import FUSED_LAYER_NAME_MAPPING\n\n\n"
            "def aeon_shards(proj_name: str) -> list[str]:\n"
            "    # AEON: the Spark's FP8 checkpoints skip q/k/v one by one\n"
            "    return FUSED_LAYER_NAME_MAPPING.get(proj_name, [proj_name])\n",
            f"from {QU} import FUSED_LAYER_NAME_MAPPING",
        ),
    ),
    (
        "#12634 module constant removed",
        "a module-attribute read",
        K(
            "#12634",
            FL,
            FLW,
            "vllm/aeon/fl2.py",
            "from vllm.model_executor.layers.quantization.utils import quant_utils\n\n\n"
            "def aeon_is_fused(proj_name: str) -> bool:\n"
            "    return proj_name in quant_utils.FUSED_LAYER_NAME_MAPPING\n",
            "return proj_name in quant_utils.FUSED_LAYER_NAME_MAPPING",
        ),
    ),
    (
        "#12634 module constant removed",
        "twin: is_layer_skipped with two arguments",
        K(
            "#12634",
            FL,
            FLW,
            "vllm/aeon/fl3.py",
            f"from {QU} import is_layer_skipped\n\n\n"
            "def aeon_skipped(prefix: str, ignored: list[str]) -> bool:\n"
            "    return is_layer_skipped(prefix, ignored)\n",
            "return is_layer_skipped(prefix, ignored)",
        ),
    ),
]

# --- #13425 (b3942e157e): w8a8_utils.TORCH_DEVICE_IDENTITY a tensor -> None until maybe_create_device_identity()
DI = "b3942e157e"
DIW = "TORCH_DEVICE_IDENTITY = None (built lazily)"
CASES += [
    (
        "#13425 module value made None",
        "a tensor method on the module attribute",
        K(
            "#13425",
            DI,
            DIW,
            "vllm/aeon/di1.py",
            "import torch\n\n"
            "from vllm.model_executor.layers.quantization.utils import w8a8_utils\n\n\n"
            "def aeon_identity_on(device: torch.device) -> torch.Tensor:\n"
            "    # AEON: the Spark's scaled-mm fallback wants the unit scale on its device\n"
            "    return w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)\n",
            "return w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)",
        ),
    ),
    (
        "#13425 module value made None",
        "a tensor attribute on the imported value",
        K(
            "#13425",
            DI,
            DIW,
            "vllm/aeon/di2.py",
            "import torch\n\n"
            f"from {W8} import TORCH_DEVICE_IDENTITY\n\n\n"
            "def aeon_identity_device() -> torch.device:\n"
            "    return TORCH_DEVICE_IDENTITY.device\n",
            "return TORCH_DEVICE_IDENTITY.device",
        ),
    ),
    (
        "#13425 module value made None",
        "twin: a guarded read",
        K(
            "#13425",
            DI,
            DIW,
            "vllm/aeon/di3.py",
            "import torch\n\n"
            "from vllm.model_executor.layers.quantization.utils import w8a8_utils\n\n\n"
            "def aeon_identity_on(device: torch.device) -> torch.Tensor:\n"
            "    identity = w8a8_utils.TORCH_DEVICE_IDENTITY\n"
            "    if identity is None:\n"
            "        identity = torch.ones(1, dtype=torch.float32)\n"
            "    return identity.to(device)\n",
            "return identity.to(device)",
        ),
    ),
]

# --- #14770 (9532c49836): Fp8LinearGenericOp removed; fp8_utils no longer re-imports cutlass_fp8_supported
GO = "9532c49836"
GOW = "Fp8LinearGenericOp removed, fp8_utils's w8a8_utils re-imports dropped"
CASES += [
    (
        "#14770 class removed",
        "an import of the removed class",
        K(
            "#14770",
            GO,
            GOW,
            "vllm/aeon/go1.py",
            f"from {FU} import Fp8LinearGenericOp\n\n\n"
            "def aeon_generic_op() -> Fp8LinearGenericOp:\n"
            "    # AEON: the Spark's MLA up-projection runs through the generic op\n"
            "    return Fp8LinearGenericOp(cutlass_fp8_supported=True)\n",
            f"from {FU} import Fp8LinearGenericOp",
        ),
    ),
    (
        "#14770 class removed",
        "an import of a name the module only re-imported",
        K(
            "#14770",
            GO,
            GOW,
            "vllm/aeon/go2.py",
            f"from {FU} import cutlass_fp8_supported, per_token_group_quant_fp8\n\n\n"
            "def aeon_quant(x, group_size: int):\n"
            "    return per_token_group_quant_fp8(x, group_size) if cutlass_fp8_supported() else None\n",
            f"from {FU} import cutlass_fp8_supported, per_token_group_quant_fp8",
        ),
    ),
    (
        "#14770 class removed",
        "twin: the name from its own module",
        K(
            "#14770",
            GO,
            GOW,
            "vllm/aeon/go3.py",
            f"from {FU} import CUTLASS_BLOCK_FP8_SUPPORTED\n"
            f"from {W8} import cutlass_fp8_supported\n\n\n"
            "def aeon_cutlass() -> bool:\n"
            "    return cutlass_fp8_supported() and CUTLASS_BLOCK_FP8_SUPPORTED\n",
            "return cutlass_fp8_supported() and CUTLASS_BLOCK_FP8_SUPPORTED",
        ),
    ),
]

# --- #23351 (394591e343): fp8_utils.should_use_deepgemm -> vllm.utils.deep_gemm.should_use_deepgemm_for_fp8_linear
DG = "394591e343"
DGW = "fp8_utils.should_use_deepgemm removed"
CASES += [
    (
        "#23351 function moved and renamed",
        "an import of the removed function",
        K(
            "#23351",
            DG,
            DGW,
            "vllm/aeon/dg1.py",
            "import torch\n\n"
            f"from {FU} import should_use_deepgemm\n\n\n"
            "def aeon_deepgemm(weight: torch.Tensor) -> bool:\n"
            "    # AEON: GB10 has no DeepGEMM; log which layers would have used it\n"
            "    return should_use_deepgemm(torch.bfloat16, weight)\n",
            f"from {FU} import should_use_deepgemm",
        ),
    ),
    (
        "#23351 function moved and renamed",
        "a module-attribute call",
        K(
            "#23351",
            DG,
            DGW,
            "vllm/aeon/dg2.py",
            "import torch\n\n"
            "from vllm.model_executor.layers.quantization.utils import fp8_utils\n\n\n"
            "def aeon_deepgemm(weight: torch.Tensor, dtype: torch.dtype) -> bool:\n"
            "    return fp8_utils.should_use_deepgemm(output_dtype=dtype, weight=weight)\n",
            "return fp8_utils.should_use_deepgemm(output_dtype=dtype, weight=weight)",
        ),
    ),
    (
        "#23351 function moved and renamed",
        "twin: the new name from its new module",
        K(
            "#23351",
            DG,
            DGW,
            "vllm/aeon/dg3.py",
            "import torch\n\n"
            "from vllm.utils.deep_gemm import should_use_deepgemm_for_fp8_linear\n\n\n"
            "def aeon_deepgemm(weight: torch.Tensor) -> bool:\n"
            "    return should_use_deepgemm_for_fp8_linear(torch.bfloat16, weight)\n",
            "return should_use_deepgemm_for_fp8_linear(torch.bfloat16, weight)",
        ),
    ),
]

# --- #22895 (f66673a39d): Fp8LinearOp(act_quant_static, cutlass_fp8_supported, act_quant_group_shape, pad_output)
#     -> (act_quant_static, act_quant_group_shape, pad_output, force_fp8_e4m3fnuz); self.cutlass_fp8_supported gone
CS = "f66673a39d"
CSW = "Fp8LinearOp's cutlass_fp8_supported parameter and attribute removed"
OP = f"from {QU} import GroupShape\nfrom {W8} import Fp8LinearOp, cutlass_fp8_supported\n\n\n"
CASES += [
    (
        "#22895 parameter removed",
        "a keyword call",
        K(
            "#22895",
            CS,
            CSW,
            "vllm/aeon/cs1.py",
            OP + "def aeon_fp8_op() -> Fp8LinearOp:\n"
            "    # AEON: GB10's CUTLASS lacks the sm_12x scaled-mm tiles: force the torch path\n"
            "    return Fp8LinearOp(act_quant_static=False, cutlass_fp8_supported=False)\n",
            "return Fp8LinearOp(act_quant_static=False, cutlass_fp8_supported=False)",
        ),
    ),
    (
        "#22895 parameter removed",
        "a positional call (the group shape slides onto pad_output)",
        K(
            "#22895",
            CS,
            CSW,
            "vllm/aeon/cs2.py",
            OP + "def aeon_per_token_op() -> Fp8LinearOp:\n"
            "    return Fp8LinearOp(False, cutlass_fp8_supported(), GroupShape.PER_TOKEN)\n",
            "return Fp8LinearOp(False, cutlass_fp8_supported(), GroupShape.PER_TOKEN)",
        ),
    ),
    (
        "#22895 parameter removed",
        "a subclass's self. read of the attribute",
        K(
            "#22895",
            CS,
            CSW,
            "vllm/aeon/cs3.py",
            OP + "class AeonFp8LinearOp(Fp8LinearOp):\n"
            "    def aeon_backend(self) -> str:\n"
            "        return 'cutlass' if self.cutlass_fp8_supported else 'torch'\n",
            "return 'cutlass' if self.cutlass_fp8_supported else 'torch'",
        ),
    ),
    (
        "#22895 parameter removed",
        "twin: keywords the constructor keeps",
        K(
            "#22895",
            CS,
            CSW,
            "vllm/aeon/cs4.py",
            OP + "def aeon_fp8_op() -> Fp8LinearOp:\n"
            "    return Fp8LinearOp(act_quant_static=False, act_quant_group_shape=GroupShape.PER_TOKEN)\n",
            "return Fp8LinearOp(act_quant_static=False, act_quant_group_shape=GroupShape.PER_TOKEN)",
        ),
    ),
]

# --- #19767 (9a161307f5): the torch/ROCm w8a8 scaled-mm helpers lose their input_2d keyword
I2 = "9a161307f5"
I2W = "input_2d keyword removed from the scaled-mm helpers"
CASES += [
    (
        "#19767 keyword removed",
        "a keyword call of the per-tensor helper",
        K(
            "#19767",
            I2,
            I2W,
            "vllm/aeon/i21.py",
            "import torch\n\n"
            f"from {W8} import torch_per_tensor_w8a8_scaled_mm\n\n\n"
            "def aeon_scaled_mm(q, w, sa, sb, x2d: torch.Tensor, shape: list) -> torch.Tensor:\n"
            "    # AEON: the Spark's fallback GEMM when CUTLASS has no sm_12x kernel\n"
            "    return torch_per_tensor_w8a8_scaled_mm(\n"
            "        qinput=q, weight=w, out_dtype=torch.bfloat16, scale_a=sa, scale_b=sb, bias=None, input_2d=x2d, output_shape=shape\n"
            "    )\n",
            "qinput=q, weight=w, out_dtype=torch.bfloat16, scale_a=sa, scale_b=sb, bias=None, input_2d=x2d, output_shape=shape",
        ),
    ),
    (
        "#19767 keyword removed",
        "a functools.partial of the ROCm per-tensor helper",
        K(
            "#19767",
            I2,
            I2W,
            "vllm/aeon/i22.py",
            "import functools\n\n"
            "from vllm.model_executor.layers.quantization.utils import w8a8_utils\n\n\n"
            "def aeon_bound_mm(x2d, shape: list):\n"
            "    return functools.partial(w8a8_utils.rocm_per_tensor_w8a8_scaled_mm, input_2d=x2d, output_shape=shape)\n",
            "return functools.partial(w8a8_utils.rocm_per_tensor_w8a8_scaled_mm, input_2d=x2d, output_shape=shape)",
        ),
    ),
    (
        "#19767 keyword removed",
        "a functools.partial of the per-token helper, whose **kwargs now drops input_2d",
        K(
            "#19767",
            I2,
            I2W,
            "vllm/aeon/i24.py",
            "import functools\n\n"
            "from vllm.model_executor.layers.quantization.utils import w8a8_utils\n\n\n"
            "def aeon_bound_mm(x2d, shape: list):\n"
            "    return functools.partial(w8a8_utils.torch_per_token_w8a8_scaled_mm, input_2d=x2d, output_shape=shape)\n",
            "return functools.partial(w8a8_utils.torch_per_token_w8a8_scaled_mm, input_2d=x2d, output_shape=shape)",
        ),
    ),
    (
        "#19767 keyword removed",
        "twin: the cutlass helper's **kwargs takes it",
        K(
            "#19767",
            I2,
            I2W,
            "vllm/aeon/i23.py",
            "import torch\n\n"
            f"from {W8} import cutlass_w8a8_scaled_mm\n\n\n"
            "def aeon_cutlass_mm(q, w, sa, sb, x2d: torch.Tensor, shape: list) -> torch.Tensor:\n"
            "    return cutlass_w8a8_scaled_mm(\n"
            "        qinput=q, weight=w, out_dtype=torch.bfloat16, scale_a=sa, scale_b=sb, bias=None, input_2d=x2d, output_shape=shape\n"
            "    )\n",
            "return cutlass_w8a8_scaled_mm(",
        ),
    ),
]

CASES += [
    (
        "#19767 keyword removed",
        "twin: the per-tensor helper without input_2d",
        K(
            "#19767",
            I2,
            I2W,
            "vllm/aeon/i25.py",
            "import torch\n\n"
            f"from {W8} import torch_per_tensor_w8a8_scaled_mm\n\n\n"
            "def aeon_scaled_mm(q, w, sa, sb, shape: list) -> torch.Tensor:\n"
            "    return torch_per_tensor_w8a8_scaled_mm(\n"
            "        qinput=q, weight=w, out_dtype=torch.bfloat16, scale_a=sa, scale_b=sb, bias=None, output_shape=shape\n"
            "    )\n",
            "qinput=q, weight=w, out_dtype=torch.bfloat16, scale_a=sa, scale_b=sb, bias=None, output_shape=shape",
        ),
    ),
]

# --- #24666 (63400259d0): apply_w8a8_block_fp8_linear -> W8A8BlockFp8LinearOp; w8a8_block_fp8_matmul renamed
BL = "63400259d0"
BLW = "apply_w8a8_block_fp8_linear made a class, w8a8_block_fp8_matmul -> w8a8_triton_block_scaled_mm"
CASES += [
    (
        "#24666 function removed",
        "an import of the removed function",
        K(
            "#24666",
            BL,
            BLW,
            "vllm/aeon/bl1.py",
            f"from {FU} import apply_w8a8_block_fp8_linear\n\n\n"
            "def aeon_block_linear(x, layer):\n"
            "    # AEON: the Spark's tuned block sizes\n"
            "    return apply_w8a8_block_fp8_linear(x, layer.weight, [128, 128], layer.weight_scale_inv)\n",
            f"from {FU} import apply_w8a8_block_fp8_linear",
        ),
    ),
    (
        "#24666 function removed",
        "a module-attribute call of the renamed kernel",
        K(
            "#24666",
            BL,
            BLW,
            "vllm/aeon/bl2.py",
            "import torch\n\n"
            "from vllm.model_executor.layers.quantization.utils import fp8_utils\n\n\n"
            "def aeon_block_mm(a, b, a_s, b_s) -> torch.Tensor:\n"
            "    return fp8_utils.w8a8_block_fp8_matmul(a, b, a_s, b_s, [128, 128], output_dtype=torch.bfloat16)\n",
            "return fp8_utils.w8a8_block_fp8_matmul(a, b, a_s, b_s, [128, 128], output_dtype=torch.bfloat16)",
        ),
    ),
    (
        "#24666 function removed",
        "twin: per_token_group_quant_fp8 kept",
        K(
            "#24666",
            BL,
            BLW,
            "vllm/aeon/bl3.py",
            "from vllm.model_executor.layers.quantization.utils import fp8_utils\n\n\n"
            "def aeon_group_quant(x):\n"
            "    return fp8_utils.per_token_group_quant_fp8(x, 128, column_major_scales=True)\n",
            "return fp8_utils.per_token_group_quant_fp8(x, 128, column_major_scales=True)",
        ),
    ),
]

# --- #21166 (41f1cf38f2): QuarkW4A4MXFP4 -> QuarkOCP_MX, QuarkW4A4MXFp4MoEMethod -> QuarkOCP_MX_MoEMethod,
#     QuarkConfig._is_mx_fp4 -> _is_ocp_mx
MX = "41f1cf38f2"
MXW = "Quark MXFP4 scheme, MoE method and check renamed to OCP MX"
CASES += [
    (
        "#21166 classes renamed",
        "an import of the scheme from the package",
        K(
            "#21166",
            MX,
            MXW,
            "vllm/aeon/mx1.py",
            "from vllm.model_executor.layers.quantization.quark.schemes import QuarkW4A4MXFP4\n\n\n"
            "def aeon_is_mxfp4(scheme: object) -> bool:\n"
            "    return isinstance(scheme, QuarkW4A4MXFP4)\n",
            "from vllm.model_executor.layers.quantization.quark.schemes import QuarkW4A4MXFP4",
        ),
    ),
    (
        "#21166 classes renamed",
        "a subclass of the MoE method",
        K(
            "#21166",
            MX,
            MXW,
            "vllm/aeon/mx2.py",
            "from vllm.model_executor.layers.quantization.quark.quark_moe import QuarkW4A4MXFp4MoEMethod\n\n\n"
            "class AeonMXFp4MoEMethod(QuarkW4A4MXFp4MoEMethod):\n"
            "    # AEON: the Spark emulates MXFP4 experts\n"
            "    pass\n",
            "from vllm.model_executor.layers.quantization.quark.quark_moe import QuarkW4A4MXFp4MoEMethod",
        ),
    ),
    (
        "#21166 classes renamed",
        "a config subclass's self. call of the renamed check",
        K(
            "#21166",
            MX,
            MXW,
            "vllm/aeon/mx3.py",
            "from vllm.model_executor.layers.quantization.quark.quark import QuarkConfig\n\n\n"
            "class AeonQuarkConfig(QuarkConfig):\n"
            "    def aeon_mxfp4(self, weight_quant: dict, input_quant: dict) -> bool:\n"
            "        return self._is_mx_fp4(weight_quant, input_quant)\n",
            "return self._is_mx_fp4(weight_quant, input_quant)",
        ),
    ),
    (
        "#21166 classes renamed",
        "twin: the fp8 scheme and check kept",
        K(
            "#21166",
            MX,
            MXW,
            "vllm/aeon/mx4.py",
            "from vllm.model_executor.layers.quantization.quark.quark import QuarkConfig\n"
            "from vllm.model_executor.layers.quantization.quark.schemes import QuarkW8A8Fp8\n\n\n"
            "class AeonQuarkConfig2(QuarkConfig):\n"
            "    def aeon_fp8(self, weight_quant: dict, input_quant: dict) -> bool:\n"
            "        return self._is_fp8_w8a8(weight_quant, input_quant) and QuarkW8A8Fp8 is not None\n",
            "return self._is_fp8_w8a8(weight_quant, input_quant) and QuarkW8A8Fp8 is not None",
        ),
    ),
]

# --- #31106 (4614c5a539): input_quant_fp8._FP8_FINFO removed (get_fp8_min_max in quant_utils)
FI = "4614c5a539"
FIW = "input_quant_fp8._FP8_FINFO removed"
CASES += [
    (
        "#31106 module constant removed",
        "an import of the private constant",
        K(
            "#31106",
            FI,
            FIW,
            "vllm/aeon/fi1.py",
            "from vllm.model_executor.layers.quantization.input_quant_fp8 import _FP8_FINFO\n\n\n"
            "def aeon_fp8_eps() -> float:\n"
            "    return float(_FP8_FINFO.eps)\n",
            "from vllm.model_executor.layers.quantization.input_quant_fp8 import _FP8_FINFO",
        ),
    ),
    (
        "#31106 module constant removed",
        "a module-attribute read",
        K(
            "#31106",
            FI,
            FIW,
            "vllm/aeon/fi2.py",
            "from vllm.model_executor.layers.quantization import input_quant_fp8\n\n\n"
            "def aeon_fp8_tiny() -> float:\n"
            "    # AEON: the Spark's KV scales clamp at the format's smallest normal\n"
            "    return float(input_quant_fp8._FP8_FINFO.tiny)\n",
            "return float(input_quant_fp8._FP8_FINFO.tiny)",
        ),
    ),
    (
        "#31106 module constant removed",
        "twin: the kept bounds",
        K(
            "#31106",
            FI,
            FIW,
            "vllm/aeon/fi3.py",
            "from vllm.model_executor.layers.quantization.input_quant_fp8 import _FP8_MAX, _FP8_MIN\n\n\n"
            "def aeon_fp8_range() -> float:\n"
            "    return _FP8_MAX - _FP8_MIN\n",
            "return _FP8_MAX - _FP8_MIN",
        ),
    ),
]

# --- #39987 (6841f5dc77): QuarkConfig.maybe_update_config and _DEEPSEEK_V3_FAMILY_MODEL_TYPES removed
UC = "6841f5dc77"
UCW = "QuarkConfig.maybe_update_config removed (the base's no-op remains)"
CASES += [
    (
        "#39987 override removed",
        "an import of the removed table",
        K(
            "#39987",
            UC,
            UCW,
            "vllm/aeon/uc1.py",
            "from vllm.model_executor.layers.quantization.quark.quark import _DEEPSEEK_V3_FAMILY_MODEL_TYPES\n\n"
            'AEON_DYNAMIC_MXFP4_MODEL_TYPES = _DEEPSEEK_V3_FAMILY_MODEL_TYPES | {"deepseek_v32"}\n',
            "from vllm.model_executor.layers.quantization.quark.quark import _DEEPSEEK_V3_FAMILY_MODEL_TYPES",
        ),
    ),
    (
        "#39987 override removed",
        "a subclass's super() call now landing on the base's no-op",
        K(
            "#39987",
            UC,
            UCW,
            "vllm/aeon/uc2.py",
            "from vllm.model_executor.layers.quantization.quark.quark import QuarkConfig\n\n\n"
            "class AeonQuarkConfig(QuarkConfig):\n"
            "    def maybe_update_config(self, model_name, hf_config=None, revision=None):\n"
            "        # AEON: upstream turns dynamic MXFP4 on for DeepSeek-V3 fp4 checkpoints; the Spark then emulates their MoE\n"
            "        super().maybe_update_config(model_name, hf_config=hf_config, revision=revision)\n"
            "        self.aeon_emulate_moe = self.dynamic_mxfp4_quant\n",
            "super().maybe_update_config(model_name, hf_config=hf_config, revision=revision)",
        ),
    ),
    (
        "#39987 override removed",
        "twin: the kept attribute read",
        K(
            "#39987",
            UC,
            UCW,
            "vllm/aeon/uc3.py",
            "from vllm.model_executor.layers.quantization.quark.quark import QuarkConfig\n\n\n"
            "def aeon_dynamic(config: QuarkConfig) -> bool:\n"
            '    return getattr(config, "dynamic_mxfp4_quant", False)\n',
            'return getattr(config, "dynamic_mxfp4_quant", False)',
        ),
    ),
]

# --- #36100 (e99fb98867): quark_ocp_mx.is_rocm_aiter_fp4_asm_gemm_enabled -> rocm_aiter_ops.is_asm_fp4_gemm_dynamic_quant_enabled
AS = "e99fb98867"
ASW = "is_rocm_aiter_fp4_asm_gemm_enabled removed from quark_ocp_mx"
CASES += [
    (
        "#36100 function removed",
        "an import of the removed function",
        K(
            "#36100",
            AS,
            ASW,
            "vllm/aeon/as1.py",
            "from vllm.model_executor.layers.quantization.quark.schemes.quark_ocp_mx import is_rocm_aiter_fp4_asm_gemm_enabled\n\n\n"
            "def aeon_asm_gemm() -> bool:\n"
            "    return is_rocm_aiter_fp4_asm_gemm_enabled()\n",
            "from vllm.model_executor.layers.quantization.quark.schemes.quark_ocp_mx import is_rocm_aiter_fp4_asm_gemm_enabled",
        ),
    ),
    (
        "#36100 function removed",
        "a module-attribute call",
        K(
            "#36100",
            AS,
            ASW,
            "vllm/aeon/as2.py",
            "from vllm.model_executor.layers.quantization.quark.schemes import quark_ocp_mx\n\n\n"
            "def aeon_asm_gemm() -> bool:\n"
            "    return quark_ocp_mx.is_rocm_aiter_fp4_asm_gemm_enabled()\n",
            "return quark_ocp_mx.is_rocm_aiter_fp4_asm_gemm_enabled()",
        ),
    ),
    (
        "#36100 function removed",
        "twin: the ops class's new method",
        K(
            "#36100",
            AS,
            ASW,
            "vllm/aeon/as3.py",
            "from vllm._aiter_ops import rocm_aiter_ops\n\n\n"
            "def aeon_asm_gemm() -> bool:\n"
            "    return rocm_aiter_ops.is_asm_fp4_gemm_dynamic_quant_enabled()\n",
            "return rocm_aiter_ops.is_asm_fp4_gemm_dynamic_quant_enabled()",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-fp8utils-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
