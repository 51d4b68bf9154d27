"""A blind replay of the quantization and weight-loading contracts an NVFP4 fork patches.

14 first-parent commits on the surface a fork that serves NVFP4/FP8 checkpoints carries code against --
the quantization config and method contracts (QuantizationConfig's hooks, FusedMoEMethodBase.apply's
parameters, compressed-tensors' scheme predicates made static, the NVFP4 linear method's backend moved into a
kernel object, Fp8LinearOp's keywords), the registry of quantization method names and load formats
(``petit_nvfp4``, ``bitsandbytes``, ``gptq_marlin``'s config renamed ``auto_gptq``), the Marlin op renamed
(``gptq_marlin_gemm`` -> ``marlin_gemm``), fused_moe's modular kernel (``inplace`` moved from forward to the
constructor, then removed with FusedMoEConfig.disable_inplace), and the attributes a post-load hook leaves
on the layer (``w13_weight_packed`` deleted after it is repacked, ``use_marlin`` no longer set) -- picked by
scanning those paths' diffs (``git log --first-parent -p``), avoiding the commits the other replays use.
Each is replayed under 1-3 fork spellings written the way fork code is written (a subclass override with the
old parameters, an instance override of a predicate now called off ``cls``, ``super()`` of a removed hook,
a read of an attribute the base no longer sets, a keyword, a kwargs dict, a positional flag, a
``dataclasses.replace`` of a removed field, a method name by string, a load format compared, an op named in
a list), with twins (fork code the commit does not break).  The merge base is the commit's first parent,
upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning
lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 8015097e): 16 caught, 0 warned, 11 missed of 27 (twins: 14
quiet, 0 false errors).  The misses: #32694's two and #43529's two (a quantization method name or a load format
upstream dropped from the ``Literal`` a parameter or field is typed with, and from the registry dict, passed
to the registry or compared with the field: no check read a string against a Literal alias), #28870's two (a
fork's instance override of a predicate upstream made ``@staticmethod`` and now calls off ``cls`` in a
classmethod: one argument short), #38288's ``quant_config.get_name() == 'gptq_marlin'`` (the config renamed,
its ``get_name`` returns ``'auto_gptq'``; the receiver is typed as the abstract base), #32952's op named by
string in a list of ops (``'_C::gptq_marlin_gemm'``), #43727's ``dataclasses.replace(moe_config,
disable_inplace=False)`` (a removed field passed to ``replace``), #26789's read of ``layer.w13_weight_packed``
after ``super().process_weights_after_loading`` (the base's hook now ``delattr``s it; other methods still
register the name), and #23725's kwargs dict (the error lands on the ``**`` call, three lines below the key).
After the killers45 widenings: 27 caught, 0 warned, 0 missed of 27 (twins: 14 quiet, 0 false errors).  Caught
now: a value an alias of another file's ``Literal`` lost, where a field or parameter annotated with the alias,
or the registry function of the alias's file checking its parameter against it, takes it (name drift);
a plain-method override of a method upstream made static and calls off ``cls`` (symbol drift); an op named by
string in a list of ops whose definition upstream renamed (symbol drift; also #9888's splitting list); a
removed field passed to ``dataclasses.replace`` (symbol drift); a removed keyword a ``**`` dict's key spells
(symbol drift, at the key too); a read after ``super().hook(layer)`` of what the hook now deletes (symbol
drift); a string the one def of the name in a file upstream renamed stopped returning (return drift).

  python benchmarks/blind_replay_quant.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #51793 (48825acc23): QuantizationConfig.is_mxfp4_quant removed (base, Mxfp4Config, Quark)
MX = "48825acc23"
MXW = "QuantizationConfig.is_mxfp4_quant removed"
CASES += [
    (
        "#51793 config hook removed",
        "a call off a config typed as the base",
        K(
            "#51793",
            MX,
            MXW,
            "vllm/aeon/mxq1.py",
            "import torch\n\n"
            "from vllm.model_executor.layers.quantization.base_config import QuantizationConfig\n\n\n"
            "def aeon_round_hidden(quant_config: QuantizationConfig, prefix: str, layer: torch.nn.Module, hidden: int) -> int:\n"
            "    # AEON: GB10's MXFP4 MoE kernels want the hidden size rounded to 256\n"
            "    if quant_config.is_mxfp4_quant(prefix, layer):\n"
            "        return (hidden + 255) // 256 * 256\n"
            "    return hidden\n",
            "if quant_config.is_mxfp4_quant(prefix, layer):",
        ),
    ),
    (
        "#51793 config hook removed",
        "super() of the removed hook in a subclass",
        K(
            "#51793",
            MX,
            MXW,
            "vllm/aeon/mxq2.py",
            "import torch\n\n"
            "from vllm.model_executor.layers.quantization.mxfp4 import Mxfp4Config\n\n\n"
            "class AeonMxfp4Config(Mxfp4Config):\n"
            "    def is_mxfp4_quant(self, prefix: str, layer: torch.nn.Module) -> bool:\n"
            "        # AEON: the router gate stays bf16 on the Spark\n"
            "        if prefix.endswith('.gate'):\n"
            "            return False\n"
            "        return super().is_mxfp4_quant(prefix, layer)\n",
            "return super().is_mxfp4_quant(prefix, layer)",
        ),
    ),
    (
        "#51793 config hook removed",
        "twin: a call of a kept config method",
        K(
            "#51793",
            MX,
            MXW,
            "vllm/aeon/mxq3.py",
            "from vllm.model_executor.layers.quantization.base_config import QuantizationConfig\n\n\n"
            "def aeon_is_mxfp4(quant_config: QuantizationConfig) -> bool:\n"
            "    return quant_config.get_name() == 'mxfp4'\n",
            "return quant_config.get_name() == 'mxfp4'",
        ),
    ),
]

# --- #31549 (1f43c121d5): Mxfp4MoEMethod.__init__ no longer sets self.use_marlin
UM = "1f43c121d5"
UMW = "Mxfp4MoEMethod.use_marlin no longer set"
MXM = "from vllm.model_executor.layers.quantization.mxfp4 import Mxfp4Backend, Mxfp4MoEMethod\n\n\n"
CASES += [
    (
        "#31549 attribute no longer set",
        "a subclass reading self.use_marlin",
        K(
            "#31549",
            UM,
            UMW,
            "vllm/aeon/um1.py",
            "import torch\n\n" + MXM + "class AeonMxfp4MoEMethod(Mxfp4MoEMethod):\n"
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:\n"
            "        super().process_weights_after_loading(layer)\n"
            "        # AEON: Marlin on GB10 wants the scales contiguous once more\n"
            "        if self.use_marlin:\n"
            "            layer.w13_weight_scale.data = layer.w13_weight_scale.data.contiguous()\n",
            "if self.use_marlin:",
        ),
    ),
    (
        "#31549 attribute no longer set",
        "a read off a parameter typed as the method",
        K(
            "#31549",
            UM,
            UMW,
            "vllm/aeon/um2.py",
            MXM + "def aeon_backend_label(method: Mxfp4MoEMethod) -> str:\n"
            "    return 'marlin' if method.use_marlin else method.mxfp4_backend.name.lower()\n",
            "return 'marlin' if method.use_marlin else method.mxfp4_backend.name.lower()",
        ),
    ),
    (
        "#31549 attribute no longer set",
        "twin: the backend the flag was derived from",
        K(
            "#31549",
            UM,
            UMW,
            "vllm/aeon/um3.py",
            MXM + "def aeon_is_marlin(method: Mxfp4MoEMethod) -> bool:\n"
            "    return method.mxfp4_backend == Mxfp4Backend.MARLIN\n",
            "return method.mxfp4_backend == Mxfp4Backend.MARLIN",
        ),
    ),
]

# --- #26789 (980de31ca0): CompressedTensorsW4A4MoeMethod.process_weights_after_loading deletes
#     w13_weight_packed / w2_weight_packed after moving them into w13_weight / w2_weight
WP = "980de31ca0"
WPW = "w13_weight_packed deleted by the post-load hook"
CTM = (
    "import torch\n\n"
    "from vllm.model_executor.layers.quantization.compressed_tensors.compressed_tensors_moe import (\n"
    "    CompressedTensorsW4A4MoeMethod,\n"
    ")\n\n\n"
)
CASES += [
    (
        "#26789 attribute deleted by the base's hook",
        "a read after super().process_weights_after_loading",
        K(
            "#26789",
            WP,
            WPW,
            "vllm/aeon/wp1.py",
            CTM + "class AeonNvfp4MoE(CompressedTensorsW4A4MoeMethod):\n"
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:\n"
            "        super().process_weights_after_loading(layer)\n"
            "        # AEON: remember the packed shape for the GB10 expert-offload planner\n"
            "        self.aeon_packed_shape = tuple(layer.w13_weight_packed.shape)\n",
            "self.aeon_packed_shape = tuple(layer.w13_weight_packed.shape)",
        ),
    ),
    (
        "#26789 attribute deleted by the base's hook",
        "twin: a read of the weight the hook keeps",
        K(
            "#26789",
            WP,
            WPW,
            "vllm/aeon/wp2.py",
            CTM + "class AeonNvfp4MoEShapes(CompressedTensorsW4A4MoeMethod):\n"
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:\n"
            "        super().process_weights_after_loading(layer)\n"
            "        self.aeon_shape = tuple(layer.w13_weight.shape)\n",
            "self.aeon_shape = tuple(layer.w13_weight.shape)",
        ),
    ),
]

# --- #45463 (3f53e2138f): fp8.Fp8OnlineLinearMethod removed (online/fp8.py's Fp8PerTensorOnlineLinearMethod)
FO = "3f53e2138f"
FOW = "Fp8OnlineLinearMethod removed"
CASES += [
    (
        "#45463 quant method class removed",
        "a subclass of the removed method",
        K(
            "#45463",
            FO,
            FOW,
            "vllm/aeon/fo1.py",
            "import torch\n\n"
            "from vllm.model_executor.layers.quantization.fp8 import Fp8OnlineLinearMethod\n\n\n"
            "class AeonFp8OnlineLinearMethod(Fp8OnlineLinearMethod):\n"
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:\n"
            "        super().process_weights_after_loading(layer)\n"
            "        layer.aeon_online = True\n",
            "from vllm.model_executor.layers.quantization.fp8 import Fp8OnlineLinearMethod",
        ),
    ),
    (
        "#45463 quant method class removed",
        "isinstance off a module alias",
        K(
            "#45463",
            FO,
            FOW,
            "vllm/aeon/fo2.py",
            "from vllm.model_executor.layers.quantization import fp8 as fp8q\n\n\n"
            "def aeon_is_online(method: object) -> bool:\n"
            "    return isinstance(method, fp8q.Fp8OnlineLinearMethod)\n",
            "return isinstance(method, fp8q.Fp8OnlineLinearMethod)",
        ),
    ),
    (
        "#45463 quant method class removed",
        "twin: isinstance of the kept method",
        K(
            "#45463",
            FO,
            FOW,
            "vllm/aeon/fo3.py",
            "from vllm.model_executor.layers.quantization import fp8 as fp8q\n\n\n"
            "def aeon_is_fp8(method: object) -> bool:\n"
            "    return isinstance(method, fp8q.Fp8LinearMethod)\n",
            "return isinstance(method, fp8q.Fp8LinearMethod)",
        ),
    ),
]

# --- #32694 (968ed02ace): the "petit_nvfp4" quantization method removed (registry, Literal, config)
PN = "968ed02ace"
PNW = "petit_nvfp4 method removed"
CASES += [
    (
        "#32694 quantization method name removed",
        "the registry asked for the removed name",
        K(
            "#32694",
            PN,
            PNW,
            "vllm/aeon/pn1.py",
            "from vllm.model_executor.layers.quantization import get_quantization_config\n\n\n"
            "def aeon_fp4_config_cls():\n"
            "    # AEON: the fleet's ROCm canaries fall back to Petit for NVFP4 checkpoints\n"
            "    return get_quantization_config('petit_nvfp4')\n",
            "return get_quantization_config('petit_nvfp4')",
        ),
    ),
    (
        "#32694 quantization method name removed",
        "the model config's method compared with the removed name",
        K(
            "#32694",
            PN,
            PNW,
            "vllm/aeon/pn2.py",
            "from vllm.config import ModelConfig\n\n\n"
            "def aeon_needs_fp4_padding(model_config: ModelConfig) -> bool:\n"
            "    return model_config.quantization == 'petit_nvfp4'\n",
            "return model_config.quantization == 'petit_nvfp4'",
        ),
    ),
    (
        "#32694 quantization method name removed",
        "twin: a kept method name",
        K(
            "#32694",
            PN,
            PNW,
            "vllm/aeon/pn3.py",
            "from vllm.model_executor.layers.quantization import get_quantization_config\n\n\n"
            "def aeon_fp4_config_cls():\n"
            "    return get_quantization_config('modelopt_fp4')\n",
            "return get_quantization_config('modelopt_fp4')",
        ),
    ),
]

# --- #32952 (4561f13985): the Marlin GEMM op and its wrapper renamed gptq_marlin_gemm -> marlin_gemm
MG = "4561f13985"
MGW = "gptq_marlin_gemm -> marlin_gemm"
CASES += [
    (
        "#32952 op and wrapper renamed",
        "the wrapper off the ops module",
        K(
            "#32952",
            MG,
            MGW,
            "vllm/aeon/mg1.py",
            "from vllm import _custom_ops as ops\n\n\n"
            "def aeon_marlin(a, b_q_weight, b_scales, workspace, b_q_type, m, n, k):\n"
            "    # AEON: the GB10 W4A16 path calls Marlin with the fleet's workspace\n"
            "    return ops.gptq_marlin_gemm(\n"
            "        a, None, b_q_weight, None, b_scales, None, None, None, None, None, workspace, b_q_type, m, n, k\n"
            "    )\n",
            "return ops.gptq_marlin_gemm(",
        ),
    ),
    (
        "#32952 op and wrapper renamed",
        "the op named in a list of ops",
        K(
            "#32952",
            MG,
            MGW,
            "vllm/aeon/mg2.py",
            "# AEON: ops the GB10 graph capture treats as opaque\n"
            "AEON_OPAQUE_OPS = [\n"
            "    '_C::gptq_marlin_gemm',\n"
            "    '_C::gptq_marlin_repack',\n"
            "]\n",
            "'_C::gptq_marlin_gemm',",
        ),
    ),
    (
        "#32952 op and wrapper renamed",
        "twin: the kept repack wrapper",
        K(
            "#32952",
            MG,
            MGW,
            "vllm/aeon/mg3.py",
            "from vllm import _custom_ops as ops\n\n\n"
            "def aeon_repack(b_q_weight, perm, size_k, size_n, num_bits):\n"
            "    return ops.gptq_marlin_repack(b_q_weight, perm, size_k, size_n, num_bits)\n",
            "return ops.gptq_marlin_repack(b_q_weight, perm, size_k, size_n, num_bits)",
        ),
    ),
]

# --- #23725 (37241077d5): Fp8LinearOp's force_fp8_e4m3fnuz parameter removed
FZ = "37241077d5"
FZW = "Fp8LinearOp(force_fp8_e4m3fnuz=) removed"
W8 = "from vllm.model_executor.layers.quantization.utils.w8a8_utils import Fp8LinearOp\n\n\n"
CASES += [
    (
        "#23725 keyword removed",
        "the removed keyword",
        K(
            "#23725",
            FZ,
            FZW,
            "vllm/aeon/fz1.py",
            W8 + "def aeon_fp8_op() -> Fp8LinearOp:\n"
            "    return Fp8LinearOp(act_quant_static=False, force_fp8_e4m3fnuz=True)\n",
            "return Fp8LinearOp(act_quant_static=False, force_fp8_e4m3fnuz=True)",
        ),
    ),
    (
        "#23725 keyword removed",
        "a kwargs dict",
        K(
            "#23725",
            FZ,
            FZW,
            "vllm/aeon/fz2.py",
            W8 + "AEON_FP8_OP_KWARGS = {'act_quant_static': False, 'force_fp8_e4m3fnuz': True}\n\n\n"
            "def aeon_fp8_op() -> Fp8LinearOp:\n"
            "    return Fp8LinearOp(**AEON_FP8_OP_KWARGS)\n",
            "AEON_FP8_OP_KWARGS = {'act_quant_static': False, 'force_fp8_e4m3fnuz': True}",
        ),
    ),
    (
        "#23725 keyword removed",
        "twin: kept keywords",
        K(
            "#23725",
            FZ,
            FZW,
            "vllm/aeon/fz3.py",
            W8
            + "def aeon_fp8_op() -> Fp8LinearOp:\n    return Fp8LinearOp(act_quant_static=False, pad_output=False)\n",
            "return Fp8LinearOp(act_quant_static=False, pad_output=False)",
        ),
    ),
]

# --- #28870 (e603129505): CompressedTensorsConfig's scheme predicates made static/class methods; the
#     classmethods call them off ``cls`` -- a fork's instance override is called unbound, one argument short
CS = "e603129505"
CSW = "CT scheme predicates made @staticmethod / @classmethod"
CTC = (
    "from compressed_tensors.quantization import QuantizationArgs\n\n"
    "from vllm.model_executor.layers.quantization.compressed_tensors.compressed_tensors import (\n"
    "    CompressedTensorsConfig,\n"
    ")\n\n\n"
)
CASES += [
    (
        "#28870 method made static",
        "an instance override of a predicate",
        K(
            "#28870",
            CS,
            CSW,
            "vllm/aeon/cs1.py",
            CTC + "class AeonCompressedTensorsConfig(CompressedTensorsConfig):\n"
            "    def _is_fp8_w8a8(self, weight_quant: QuantizationArgs, input_quant: QuantizationArgs) -> bool:\n"
            "        # AEON: GB10 takes static per-tensor activations only\n"
            "        return super()._is_fp8_w8a8(weight_quant, input_quant) and not input_quant.dynamic\n",
            "def _is_fp8_w8a8(self, weight_quant: QuantizationArgs, input_quant: QuantizationArgs) -> bool:",
        ),
    ),
    (
        "#28870 method made static",
        "an instance override of the capability check",
        K(
            "#28870",
            CS,
            CSW,
            "vllm/aeon/cs2.py",
            CTC + "class AeonCompressedTensorsCaps(CompressedTensorsConfig):\n"
            "    def _check_scheme_supported(self, min_capability: int, error: bool = True, match_exact: bool = False) -> bool:\n"
            "        # AEON: sm_121 reports 121; treat it as Blackwell for every scheme\n"
            "        return super()._check_scheme_supported(min(min_capability, 100), error, match_exact)\n",
            "def _check_scheme_supported(self, min_capability: int, error: bool = True, match_exact: bool = False) -> bool:",
        ),
    ),
    (
        "#28870 method made static",
        "twin: a static override",
        K(
            "#28870",
            CS,
            CSW,
            "vllm/aeon/cs3.py",
            CTC + "class AeonCompressedTensorsStatic(CompressedTensorsConfig):\n"
            "    @staticmethod\n"
            "    def _is_fp8_w8a8(weight_quant: QuantizationArgs, input_quant: QuantizationArgs) -> bool:\n"
            "        return weight_quant is not None and input_quant is not None and not input_quant.dynamic\n",
            "def _is_fp8_w8a8(weight_quant: QuantizationArgs, input_quant: QuantizationArgs) -> bool:",
        ),
    ),
]

# --- #33375 (a57c8228ff): FusedMoEModularKernel.forward's ``inplace`` moved to the constructor
IP = "a57c8228ff"
IPW = "forward(inplace=) moved to FusedMoEModularKernel(inplace=)"
MK = "import torch\n\nfrom vllm.model_executor.layers.fused_moe.modular_kernel import FusedMoEModularKernel\n\n\n"
CASES += [
    (
        "#33375 parameter moved to the constructor",
        "forward's removed keyword",
        K(
            "#33375",
            IP,
            IPW,
            "vllm/aeon/ip1.py",
            MK + "def aeon_experts(kernel: FusedMoEModularKernel, x, w1, w2, topk_weights, topk_ids) -> torch.Tensor:\n"
            "    # AEON: GB10's unified memory makes the in-place variant cheaper\n"
            "    return kernel(x, w1, w2, topk_weights, topk_ids, inplace=True, activation='silu')\n",
            "return kernel(x, w1, w2, topk_weights, topk_ids, inplace=True, activation='silu')",
        ),
    ),
    (
        "#33375 parameter moved to the constructor",
        "the flag passed by position",
        K(
            "#33375",
            IP,
            IPW,
            "vllm/aeon/ip2.py",
            MK + "class AeonMoE(torch.nn.Module):\n"
            "    def __init__(self, kernel: FusedMoEModularKernel) -> None:\n"
            "        super().__init__()\n"
            "        self.kernel = kernel\n\n"
            "    def forward(self, x, w1, w2, topk_weights, topk_ids):\n"
            "        return self.kernel.forward(x, w1, w2, topk_weights, topk_ids, False, 'silu')\n",
            "return self.kernel.forward(x, w1, w2, topk_weights, topk_ids, False, 'silu')",
        ),
    ),
    (
        "#33375 parameter moved to the constructor",
        "twin: kept keywords",
        K(
            "#33375",
            IP,
            IPW,
            "vllm/aeon/ip3.py",
            MK + "def aeon_experts(kernel: FusedMoEModularKernel, x, w1, w2, topk_weights, topk_ids) -> torch.Tensor:\n"
            "    return kernel(x, w1, w2, topk_weights, topk_ids, activation='silu', global_num_experts=-1)\n",
            "return kernel(x, w1, w2, topk_weights, topk_ids, activation='silu', global_num_experts=-1)",
        ),
    ),
]

# --- #43727 (2d2c660104): the in-place fused experts mechanism removed: FusedMoEConfig.disable_inplace,
#     FusedMoEKernel(inplace=) and its ``inplace`` property, fused_moe.utils.disable_inplace
DI = "2d2c660104"
DIW = "in-place MoE removed (FusedMoEConfig.disable_inplace, FusedMoEKernel.inplace)"
CASES += [
    (
        "#43727 field and property removed",
        "dataclasses.replace of the removed field",
        K(
            "#43727",
            DI,
            DIW,
            "vllm/aeon/di1.py",
            "import dataclasses\n\n"
            "from vllm.model_executor.layers.fused_moe.config import FusedMoEConfig\n\n\n"
            "def aeon_moe_config(moe_config: FusedMoEConfig) -> FusedMoEConfig:\n"
            "    # AEON: torch 2.9 on aarch64 is fine with in-place MoE outputs\n"
            "    return dataclasses.replace(moe_config, disable_inplace=False)\n",
            "return dataclasses.replace(moe_config, disable_inplace=False)",
        ),
    ),
    (
        "#43727 field and property removed",
        "the kernel's removed property",
        K(
            "#43727",
            DI,
            DIW,
            "vllm/aeon/di2.py",
            "from vllm.model_executor.layers.fused_moe.modular_kernel import FusedMoEKernel\n\n\n"
            "def aeon_output_aliases_input(kernel: FusedMoEKernel) -> bool:\n"
            "    return kernel.inplace\n",
            "return kernel.inplace",
        ),
    ),
    (
        "#43727 field and property removed",
        "twin: dataclasses.replace of a kept field",
        K(
            "#43727",
            DI,
            DIW,
            "vllm/aeon/di3.py",
            "import dataclasses\n\n"
            "from vllm.model_executor.layers.fused_moe.config import FusedMoEConfig\n\n\n"
            "def aeon_moe_config(moe_config: FusedMoEConfig) -> FusedMoEConfig:\n"
            "    return dataclasses.replace(moe_config, max_num_tokens=256)\n",
            "return dataclasses.replace(moe_config, max_num_tokens=256)",
        ),
    ),
]

# --- #31996 (dc917cceb8): FusedMoEMethodBase.apply(layer, router, x, router_logits) ->
#     apply(layer, x, topk_weights, topk_ids): the layer selects the experts and calls apply by keyword
SE = "dc917cceb8"
SEW = "FusedMoEMethodBase.apply takes topk_weights/topk_ids, not router/router_logits"
FMB = "import torch\n\nfrom vllm.model_executor.layers.fused_moe.fused_moe_method_base import FusedMoEMethodBase\n\n\n"
CASES += [
    (
        "#31996 hook parameters replaced",
        "a subclass override with the old parameters",
        K(
            "#31996",
            SE,
            SEW,
            "vllm/aeon/se1.py",
            FMB + "class AeonNvfp4MoEMethod(FusedMoEMethodBase):\n"
            "    def get_fused_moe_quant_config(self, layer: torch.nn.Module):\n"
            "        return None\n\n"
            "    def apply(self, layer, router, x: torch.Tensor, router_logits: torch.Tensor) -> torch.Tensor:\n"
            "        # AEON: the fleet's own grouped GEMM for NVFP4 experts on GB10\n"
            "        topk_weights, topk_ids = router.select_experts(hidden_states=x, router_logits=router_logits)\n"
            "        return torch.ops.aeon.nvfp4_moe(x, layer.w13_weight, layer.w2_weight, topk_weights, topk_ids)\n",
            "def apply(self, layer, router, x: torch.Tensor, router_logits: torch.Tensor) -> torch.Tensor:",
        ),
    ),
    (
        "#31996 hook parameters replaced",
        "twin: an override of a kept hook",
        K(
            "#31996",
            SE,
            SEW,
            "vllm/aeon/se2.py",
            FMB + "class AeonQuietMoEMethod(FusedMoEMethodBase):\n"
            "    def get_fused_moe_quant_config(self, layer: torch.nn.Module):\n"
            "        return None\n",
            "return None",
        ),
    ),
]

# --- #43529 (073c510c91): bitsandbytes moved to an out-of-tree plugin: the "bitsandbytes" load format and
#     quantization method are no longer registered in-tree
BB = "073c510c91"
BBW = "bitsandbytes load format / method moved out of tree"
CASES += [
    (
        "#43529 load format removed",
        "the load format compared",
        K(
            "#43529",
            BB,
            BBW,
            "vllm/aeon/bb1.py",
            "from vllm.config.load import LoadConfig\n\n\n"
            "def aeon_prequantized(load_config: LoadConfig) -> bool:\n"
            "    # AEON: bnb checkpoints skip the fleet's NVFP4 repack\n"
            "    return load_config.load_format == 'bitsandbytes'\n",
            "return load_config.load_format == 'bitsandbytes'",
        ),
    ),
    (
        "#43529 load format removed",
        "a LoadConfig built with the removed format",
        K(
            "#43529",
            BB,
            BBW,
            "vllm/aeon/bb2.py",
            "from vllm.config.load import LoadConfig\n"
            "from vllm.model_executor.model_loader import get_model_loader\n\n\n"
            "def aeon_bnb_loader():\n"
            "    return get_model_loader(LoadConfig(load_format='bitsandbytes'))\n",
            "return get_model_loader(LoadConfig(load_format='bitsandbytes'))",
        ),
    ),
    (
        "#43529 load format removed",
        "twin: a kept load format",
        K(
            "#43529",
            BB,
            BBW,
            "vllm/aeon/bb3.py",
            "from vllm.config.load import LoadConfig\n"
            "from vllm.model_executor.model_loader import get_model_loader\n\n\n"
            "def aeon_loader():\n"
            "    return get_model_loader(LoadConfig(load_format='safetensors'))\n",
            "return get_model_loader(LoadConfig(load_format='safetensors'))",
        ),
    ),
]

# --- #38288 (fa2a33b893): gptq_marlin.py -> auto_gptq.py, GPTQMarlinConfig -> AutoGPTQConfig whose get_name()
#     is "auto_gptq" ("gptq" and "gptq_marlin" still map to it in the registry)
AG = "fa2a33b893"
AGW = "GPTQMarlinConfig -> AutoGPTQConfig (get_name 'gptq_marlin' -> 'auto_gptq')"
CASES += [
    (
        "#38288 config renamed, name string changed",
        "an import from the renamed module",
        K(
            "#38288",
            AG,
            AGW,
            "vllm/aeon/ag1.py",
            "from vllm.model_executor.layers.quantization.gptq_marlin import GPTQMarlinConfig\n\n\n"
            "class AeonGPTQMarlinConfig(GPTQMarlinConfig):\n"
            "    pass\n",
            "from vllm.model_executor.layers.quantization.gptq_marlin import GPTQMarlinConfig",
        ),
    ),
    (
        "#38288 config renamed, name string changed",
        "the config's name compared with the old string",
        K(
            "#38288",
            AG,
            AGW,
            "vllm/aeon/ag2.py",
            "from vllm.model_executor.layers.quantization.base_config import QuantizationConfig\n\n\n"
            "def aeon_is_int4_marlin(quant_config: QuantizationConfig) -> bool:\n"
            "    # AEON: int4 Marlin layers get the GB10 workspace\n"
            "    return quant_config.get_name() == 'gptq_marlin'\n",
            "return quant_config.get_name() == 'gptq_marlin'",
        ),
    ),
    (
        "#38288 config renamed, name string changed",
        "twin: the registry still maps the old name",
        K(
            "#38288",
            AG,
            AGW,
            "vllm/aeon/ag3.py",
            "from vllm.model_executor.layers.quantization import get_quantization_config\n\n\n"
            "def aeon_gptq_cls():\n"
            "    return get_quantization_config('gptq_marlin')\n",
            "return get_quantization_config('gptq_marlin')",
        ),
    ),
]

# --- #39129 (2800706f06): ModelOptNvFp4LinearMethod's backend/swizzle replaced by an NvFp4LinearKernel
#     (self.kernel); nvfp4_utils' select/convert/apply helpers moved into the kernels
NK = "2800706f06"
NKW = "NVFP4 linear backend -> NvFp4LinearKernel (self.backend, self.swizzle gone)"
MO = "import torch\n\nfrom vllm.model_executor.layers.quantization.modelopt import ModelOptNvFp4LinearMethod\n\n\n"
CASES += [
    (
        "#39129 method state moved into a kernel",
        "a subclass reading self.backend",
        K(
            "#39129",
            NK,
            NKW,
            "vllm/aeon/nk1.py",
            MO + "class AeonNvFp4LinearMethod(ModelOptNvFp4LinearMethod):\n"
            "    def apply(self, layer: torch.nn.Module, x: torch.Tensor, bias: torch.Tensor | None = None) -> torch.Tensor:\n"
            "        # AEON: GB10's Marlin fallback wants contiguous activations\n"
            "        if self.backend.name == 'MARLIN':\n"
            "            x = x.contiguous()\n"
            "        return super().apply(layer, x, bias)\n",
            "if self.backend.name == 'MARLIN':",
        ),
    ),
    (
        "#39129 method state moved into a kernel",
        "an import of a moved helper",
        K(
            "#39129",
            NK,
            NKW,
            "vllm/aeon/nk2.py",
            "from vllm.model_executor.layers.quantization.utils.nvfp4_utils import apply_nvfp4_linear\n\n"
            "AEON_NVFP4_APPLY = apply_nvfp4_linear\n",
            "from vllm.model_executor.layers.quantization.utils.nvfp4_utils import apply_nvfp4_linear",
        ),
    ),
    (
        "#39129 method state moved into a kernel",
        "a subclass reading self.swizzle",
        K(
            "#39129",
            NK,
            NKW,
            "vllm/aeon/nk3.py",
            MO + "class AeonNvFp4Swizzle(ModelOptNvFp4LinearMethod):\n"
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:\n"
            "        super().process_weights_after_loading(layer)\n"
            "        layer.aeon_swizzled = self.swizzle is not False\n",
            "layer.aeon_swizzled = self.swizzle is not False",
        ),
    ),
    (
        "#39129 method state moved into a kernel",
        "twin: an override through super().apply",
        K(
            "#39129",
            NK,
            NKW,
            "vllm/aeon/nk4.py",
            MO + "class AeonNvFp4Contig(ModelOptNvFp4LinearMethod):\n"
            "    def apply(self, layer: torch.nn.Module, x: torch.Tensor, bias: torch.Tensor | None = None) -> torch.Tensor:\n"
            "        return super().apply(layer, x.contiguous(), bias)\n",
            "return super().apply(layer, x.contiguous(), bias)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-quant-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
