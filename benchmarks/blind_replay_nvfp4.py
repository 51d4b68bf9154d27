"""A blind replay of the NVFP4/FP8 quantization paths a GB10 fork carries code against.

13 first-parent commits on the surface a fork that serves NVFP4 and FP8 checkpoints patches -- ModelOpt's
NVFP4 fused-MoE method (``maybe_make_prepare_finalize`` now called with ``routing_tables=``), the
``quantization/utils`` helpers (``fp8_utils``' ``cutlass_scaled_mm(is_hopper=)`` and
``maybe_post_process_fp8_weight_block``'s ``cutlass_block_fp8_supported`` removed, the
``triton_per_token_group_quant_fp8`` custom op unregistered, ``quant_utils.is_layer_skipped``'s
``skip_with_substr`` keyword replaced by ``match_mode``, ``flashinfer_utils.align_fp8_moe_weights_for_fi``
renamed, ``nvfp4_moe_support`` deleted with ``flashinfer_fp4_moe``'s availability probes), the kernel
selection (``mixed_precision._POSSIBLE_KERNELS`` made a dict keyed by platform, the whole
``quantization/kernels`` package moved to ``model_executor/kernels/linear``), compressed-tensors' schemes
(``CompressedTensors24`` and ``quantization/schema.py`` deleted), and the FlashInfer MoE backend knob
(``VLLM_FLASHINFER_MOE_BACKEND`` defaulting to ``latency``), plus an additive keyword
(``marlin_make_workspace_new(existing=)``, twin only) -- picked by scanning those paths' diffs (``git log
--first-parent -p``), avoiding the commits the other replays use.  Each is replayed under 1-3 fork spellings
written the way fork code is written (a subclass override, a keyword, a positional argument, an import of a
renamed or deleted name, a ``torch.ops`` call, a list method on a table, a copied env default), with twins
(fork code the commit does not break).  The merge base is the commit's first parent, upstream is the commit; a
spelling is *caught* when an error lands on its line, *warned* when a warning lands in its file.  Twins must
stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 3d9dbb8f): 13 caught, 0 warned, 3 missed of 16 (twins: 10
quiet, 1 of them warned, 0 false errors).  The misses: #49621's ``torch.ops.vllm.triton_per_token_group_quant_fp8
(x, 128)`` (the op was registered positionally, ``direct_register_custom_op("name", impl, ...)``, a form the
custom-op reader did not know, so its dropping went unseen), and #33130's two (``_POSSIBLE_KERNELS``, a module's
global, made a dict: ``.insert(0, ...)`` on it, and a comprehension over it that now walks platforms).  The
warned twin is #27439's ``envs.VLLM_FLASHINFER_MOE_BACKEND == "latency"`` (default drift's warning, by design).
After the killers94 widenings: 15 caught, 1 warned, 0 missed of 16 (twins: 10 quiet, 1 of them warned, 0 false
errors).  Caught now: a call of an op whose positional registration upstream dropped (symbol drift,
``custom_ops.py``); a method the old kind has and the new one lacks, or a slice, on a module-level table upstream
made another kind of container (type drift, ``drift/module_tables.py``).  Warned: the walk over the table made a
dict (it yields keys now, which may be what the elements were: not certain enough for an error).

  python benchmarks/blind_replay_nvfp4.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #28449 (da2f6800e0): FusedMoE now calls quant_method.maybe_make_prepare_finalize(routing_tables=...)
RT = "da2f6800e0"
RTW = "maybe_make_prepare_finalize called with routing_tables="
NVMOE = "from vllm.model_executor.layers.quantization.modelopt import ModelOptNvFp4FusedMoE\n\n\n"
CASES += [
    (
        "#28449 override misses the keyword the caller now passes",
        "a subclass override without the new parameter",
        K(
            "#28449",
            RT,
            RTW,
            "vllm/aeon/rt1.py",
            NVMOE + "class AeonNvFp4FusedMoE(ModelOptNvFp4FusedMoE):\n"
            "    def maybe_make_prepare_finalize(self):\n"
            "        # AEON: GB10 is one GPU, no all2all; keep the TRT-LLM path\n"
            "        return None\n",
            "def maybe_make_prepare_finalize(self):",
        ),
    ),
    (
        "#28449 override misses the keyword the caller now passes",
        "twin: an override of select_gemm_impl, whose call is unchanged",
        K(
            "#28449",
            RT,
            RTW,
            "vllm/aeon/rt2.py",
            NVMOE + "class AeonNvFp4FusedMoE2(ModelOptNvFp4FusedMoE):\n"
            "    def select_gemm_impl(self, prepare_finalize, layer):\n"
            "        return super().select_gemm_impl(prepare_finalize, layer)\n",
            "def select_gemm_impl(self, prepare_finalize, layer):",
        ),
    ),
]

# --- #28431 (f9a4087182): cutlass_scaled_mm's is_hopper and maybe_post_process_fp8_weight_block's
#     cutlass_block_fp8_supported removed
SH = "f9a4087182"
SHW = "fp8_utils: is_hopper / cutlass_block_fp8_supported parameters removed"
FU = "from vllm.model_executor.layers.quantization.utils import fp8_utils\n\n\n"
CASES += [
    (
        "#28431 parameter removed",
        "a keyword to cutlass_scaled_mm",
        K(
            "#28431",
            SH,
            SHW,
            "vllm/aeon/sh1.py",
            FU + "def aeon_block_mm(qx, w, xs, ws, out_dtype):\n"
            "    # AEON: GB10 is not Hopper; skip the row-major scale path\n"
            "    return fp8_utils.cutlass_scaled_mm(qx, w, xs, ws, [128, 128], out_dtype, is_hopper=False)\n",
            "return fp8_utils.cutlass_scaled_mm(qx, w, xs, ws, [128, 128], out_dtype, is_hopper=False)",
        ),
    ),
    (
        "#28431 parameter removed",
        "a positional argument past the new arity",
        K(
            "#28431",
            SH,
            SHW,
            "vllm/aeon/sh2.py",
            "from vllm.model_executor.layers.quantization.utils.fp8_utils import maybe_post_process_fp8_weight_block\n\n\n"
            "def aeon_after_load(layer) -> None:\n"
            "    maybe_post_process_fp8_weight_block(layer, False)\n",
            "maybe_post_process_fp8_weight_block(layer, False)",
        ),
    ),
    (
        "#28431 parameter removed",
        "twin: the six kept arguments",
        K(
            "#28431",
            SH,
            SHW,
            "vllm/aeon/sh3.py",
            FU + "def aeon_block_mm2(qx, w, xs, ws, out_dtype):\n"
            "    return fp8_utils.cutlass_scaled_mm(qx, w, xs, ws, [128, 128], out_dtype)\n",
            "return fp8_utils.cutlass_scaled_mm(qx, w, xs, ws, [128, 128], out_dtype)",
        ),
    ),
]

# --- #49621 (f472ab0a4c): the triton_per_token_group_quant_fp8 custom op unregistered
TQ = "f472ab0a4c"
TQW = "torch.ops.vllm.triton_per_token_group_quant_fp8 removed"
CASES += [
    (
        "#49621 custom op unregistered",
        "a torch.ops call",
        K(
            "#49621",
            TQ,
            TQW,
            "vllm/aeon/tq1.py",
            "import torch\n\n\n"
            "def aeon_group_quant(x: torch.Tensor):\n"
            "    # AEON: the triton group quant compiles under torch.compile on the Spark\n"
            "    return torch.ops.vllm.triton_per_token_group_quant_fp8(x, 128)\n",
            "return torch.ops.vllm.triton_per_token_group_quant_fp8(x, 128)",
        ),
    ),
    (
        "#49621 custom op unregistered",
        "twin: the python function kept",
        K(
            "#49621",
            TQ,
            TQW,
            "vllm/aeon/tq2.py",
            "import torch\n\n"
            "from vllm.model_executor.layers.quantization.utils.fp8_utils import per_token_group_quant_fp8\n\n\n"
            "def aeon_group_quant2(x: torch.Tensor):\n"
            "    return per_token_group_quant_fp8(x, 128)\n",
            "return per_token_group_quant_fp8(x, 128)",
        ),
    ),
]

# --- #51265 (ba1cdcfcf0): is_layer_skipped's skip_with_substr replaced by match_mode
LS = "ba1cdcfcf0"
LSW = "is_layer_skipped(skip_with_substr=) -> match_mode="
CASES += [
    (
        "#51265 keyword renamed",
        "a keyword to is_layer_skipped",
        K(
            "#51265",
            LS,
            LSW,
            "vllm/aeon/ls1.py",
            "from vllm.model_executor.layers.quantization.utils.quant_utils import is_layer_skipped\n\n\n"
            "def aeon_skip(prefix: str, ignored: list[str]) -> bool:\n"
            "    # AEON: the GB10 NVFP4 checkpoints list ignored modules by substring\n"
            "    return is_layer_skipped(prefix, ignored, skip_with_substr=True)\n",
            "return is_layer_skipped(prefix, ignored, skip_with_substr=True)",
        ),
    ),
    (
        "#51265 keyword renamed",
        "twin: the fused_mapping keyword kept",
        K(
            "#51265",
            LS,
            LSW,
            "vllm/aeon/ls2.py",
            "from vllm.model_executor.layers.quantization.utils import quant_utils\n\n\n"
            "def aeon_skip2(prefix: str, ignored: list[str], mapping) -> bool:\n"
            "    return quant_utils.is_layer_skipped(prefix, ignored, fused_mapping=mapping)\n",
            "return quant_utils.is_layer_skipped(prefix, ignored, fused_mapping=mapping)",
        ),
    ),
]

# --- #43853 (8b2b566ea7): flashinfer_utils.align_fp8_moe_weights_for_fi renamed align_moe_weights_for_fi
AL = "8b2b566ea7"
ALW = "align_fp8_moe_weights_for_fi renamed"
CASES += [
    (
        "#43853 function renamed",
        "a module attribute call",
        K(
            "#43853",
            AL,
            ALW,
            "vllm/aeon/al1.py",
            "from vllm.model_executor.layers.quantization.utils import flashinfer_utils as fiu\n\n\n"
            "def aeon_pad(w13, w2):\n"
            "    # AEON: TP=1 on the Spark still needs the 128 alignment for the TRT-LLM kernels\n"
            "    return fiu.align_fp8_moe_weights_for_fi(w13, w2, True, min_alignment=128)\n",
            "return fiu.align_fp8_moe_weights_for_fi(w13, w2, True, min_alignment=128)",
        ),
    ),
    (
        "#43853 function renamed",
        "twin: prepare_fp8_moe_layer_for_fi imported",
        K(
            "#43853",
            AL,
            ALW,
            "vllm/aeon/al2.py",
            "from vllm.model_executor.layers.quantization.utils.flashinfer_utils import prepare_fp8_moe_layer_for_fi\n\n"
            "AEON_PREPARE = prepare_fp8_moe_layer_for_fi\n",
            "from vllm.model_executor.layers.quantization.utils.flashinfer_utils import prepare_fp8_moe_layer_for_fi",
        ),
    ),
]

# --- #33417 (079781177a): nvfp4_moe_support deleted; flashinfer_fp4_moe's availability probes removed
NS = "079781177a"
NSW = "nvfp4_moe_support deleted, is_flashinfer_fp4_cutlass_moe_available removed"
CASES += [
    (
        "#33417 module deleted",
        "an import of the deleted module's function",
        K(
            "#33417",
            NS,
            NSW,
            "vllm/aeon/ns1.py",
            "from vllm.model_executor.layers.quantization.utils.nvfp4_moe_support import detect_nvfp4_moe_support\n\n\n"
            "def aeon_use_marlin() -> bool:\n"
            "    return detect_nvfp4_moe_support('AeonNvFp4').use_marlin\n",
            "from vllm.model_executor.layers.quantization.utils.nvfp4_moe_support import detect_nvfp4_moe_support",
        ),
    ),
    (
        "#33417 module deleted",
        "a module attribute call of a removed probe",
        K(
            "#33417",
            NS,
            NSW,
            "vllm/aeon/ns2.py",
            "from vllm.model_executor.layers.quantization.utils import flashinfer_fp4_moe\n\n\n"
            "def aeon_fi_cutlass() -> bool:\n"
            "    # AEON: SM121 takes the CUTLASS FP4 MoE when FlashInfer has it\n"
            "    return flashinfer_fp4_moe.is_flashinfer_fp4_cutlass_moe_available()\n",
            "return flashinfer_fp4_moe.is_flashinfer_fp4_cutlass_moe_available()",
        ),
    ),
    (
        "#33417 module deleted",
        "twin: reorder_w1w3_to_w3w1 kept",
        K(
            "#33417",
            NS,
            NSW,
            "vllm/aeon/ns3.py",
            "from vllm.model_executor.layers.quantization.utils.flashinfer_fp4_moe import reorder_w1w3_to_w3w1\n\n\n"
            "def aeon_reorder(w, s):\n"
            "    return reorder_w1w3_to_w3w1(w, s)\n",
            "return reorder_w1w3_to_w3w1(w, s)",
        ),
    ),
]

# --- #33130 (a5aa4d5c0f): mixed_precision._POSSIBLE_KERNELS list -> dict keyed by PlatformEnum
PK = "a5aa4d5c0f"
PKW = "_POSSIBLE_KERNELS made a dict keyed by platform"
MP = "from vllm.model_executor.layers.quantization.kernels import mixed_precision\n"
CASES += [
    (
        "#33130 table's type changed",
        "a list method on the table",
        K(
            "#33130",
            PK,
            PKW,
            "vllm/aeon/pk1.py",
            MP
            + "from vllm.model_executor.layers.quantization.kernels.mixed_precision.marlin import MarlinLinearKernel\n\n\n"
            "def aeon_prefer_marlin() -> None:\n"
            "    # AEON: Machete does not run on SM121; Marlin first\n"
            "    mixed_precision._POSSIBLE_KERNELS.insert(0, MarlinLinearKernel)\n",
            "mixed_precision._POSSIBLE_KERNELS.insert(0, MarlinLinearKernel)",
        ),
    ),
    (
        "#33130 table's type changed",
        "iterating the table for kernel classes",
        K(
            "#33130",
            PK,
            PKW,
            "vllm/aeon/pk2.py",
            MP + "\n\ndef aeon_kernel_names() -> list[str]:\n"
            "    return [k.__name__ for k in mixed_precision._POSSIBLE_KERNELS]\n",
            "return [k.__name__ for k in mixed_precision._POSSIBLE_KERNELS]",
        ),
    ),
    (
        "#33130 table's type changed",
        "twin: choose_mp_linear_kernel called",
        K(
            "#33130",
            PK,
            PKW,
            "vllm/aeon/pk3.py",
            MP + "\n\ndef aeon_choose(config):\n    return mixed_precision.choose_mp_linear_kernel(config)\n",
            "return mixed_precision.choose_mp_linear_kernel(config)",
        ),
    ),
]

# --- #34055 (6af03f2394): quantization/kernels moved to model_executor/kernels/linear
KM = "6af03f2394"
KMW = "quantization/kernels package moved"
CASES += [
    (
        "#34055 package moved",
        "an import from the old package",
        K(
            "#34055",
            KM,
            KMW,
            "vllm/aeon/km1.py",
            "from vllm.model_executor.layers.quantization.kernels.scaled_mm import choose_scaled_mm_linear_kernel\n\n"
            "AEON_CHOOSE = choose_scaled_mm_linear_kernel\n",
            "from vllm.model_executor.layers.quantization.kernels.scaled_mm import choose_scaled_mm_linear_kernel",
        ),
    ),
    (
        "#34055 package moved",
        "a subclass of a moved kernel",
        K(
            "#34055",
            KM,
            KMW,
            "vllm/aeon/km2.py",
            "from vllm.model_executor.layers.quantization.kernels.mixed_precision.marlin import MarlinLinearKernel\n\n\n"
            "class AeonMarlinLinearKernel(MarlinLinearKernel):\n"
            "    @classmethod\n"
            "    def get_min_capability(cls) -> int:\n"
            "        return 80\n",
            "from vllm.model_executor.layers.quantization.kernels.mixed_precision.marlin import MarlinLinearKernel",
        ),
    ),
]

# --- #42889 (cd49a05d5a): CompressedTensors24 and quantization/schema.py deleted
DC = "cd49a05d5a"
DCW = "CompressedTensors24 scheme and quantization.schema deleted"
CASES += [
    (
        "#42889 scheme deleted",
        "an import of the scheme from the package",
        K(
            "#42889",
            DC,
            DCW,
            "vllm/aeon/dc1.py",
            "from vllm.model_executor.layers.quantization.compressed_tensors.schemes import CompressedTensors24\n\n\n"
            "def aeon_sparse_scheme(weight_quant, input_quant):\n"
            "    return CompressedTensors24(quantized=True, weight_quant=weight_quant, input_quant=input_quant)\n",
            "from vllm.model_executor.layers.quantization.compressed_tensors.schemes import CompressedTensors24",
        ),
    ),
    (
        "#42889 scheme deleted",
        "an import of a deleted module's model",
        K(
            "#42889",
            DC,
            DCW,
            "vllm/aeon/dc2.py",
            "from vllm.model_executor.layers.quantization.schema import QuantParamSchema\n\n\n"
            "def aeon_kv_scales(blob: dict) -> QuantParamSchema:\n"
            "    return QuantParamSchema.model_validate(blob)\n",
            "from vllm.model_executor.layers.quantization.schema import QuantParamSchema",
        ),
    ),
    (
        "#42889 scheme deleted",
        "twin: the NVFP4 scheme kept",
        K(
            "#42889",
            DC,
            DCW,
            "vllm/aeon/dc3.py",
            "from vllm.model_executor.layers.quantization.compressed_tensors.schemes import CompressedTensorsW4A4Fp4\n\n"
            "AEON_NVFP4 = CompressedTensorsW4A4Fp4\n",
            "from vllm.model_executor.layers.quantization.compressed_tensors.schemes import CompressedTensorsW4A4Fp4",
        ),
    ),
]

# --- #27439 (72b1c2ae2c): VLLM_FLASHINFER_MOE_BACKEND defaults to "latency", not "throughput"
FB = "72b1c2ae2c"
FBW = "VLLM_FLASHINFER_MOE_BACKEND default throughput -> latency"
CASES += [
    (
        "#27439 env default flipped",
        "a copied default in os.environ.get",
        K(
            "#27439",
            FB,
            FBW,
            "vllm/aeon/fb1.py",
            "import os\n\n\n"
            "def aeon_fi_throughput() -> bool:\n"
            "    # AEON: the Spark's batch lane wants the CUTLASS throughput kernels\n"
            '    return os.environ.get("VLLM_FLASHINFER_MOE_BACKEND", "throughput") == "throughput"\n',
            'return os.environ.get("VLLM_FLASHINFER_MOE_BACKEND", "throughput") == "throughput"',
        ),
    ),
    (
        "#27439 env default flipped",
        "twin: the value read through envs",
        K(
            "#27439",
            FB,
            FBW,
            "vllm/aeon/fb2.py",
            "import vllm.envs as envs\n\n\n"
            "def aeon_fi_latency() -> bool:\n"
            '    return envs.VLLM_FLASHINFER_MOE_BACKEND == "latency"\n',
            'return envs.VLLM_FLASHINFER_MOE_BACKEND == "latency"',
        ),
    ),
]

# --- #31294 (506eb0f454): fp8_utils.block_quant_to_tensor_quant removed
BQ = "506eb0f454"
BQW = "block_quant_to_tensor_quant removed"
CASES += [
    (
        "#31294 function removed",
        "an aliased import",
        K(
            "#31294",
            BQ,
            BQW,
            "vllm/aeon/bq1.py",
            "from vllm.model_executor.layers.quantization.utils.fp8_utils import block_quant_to_tensor_quant as _b2t\n\n\n"
            "def aeon_dequant_block(w, s):\n"
            "    # AEON: the GB10 fallback runs per-tensor FP8\n"
            "    return _b2t(w, s)\n",
            "from vllm.model_executor.layers.quantization.utils.fp8_utils import block_quant_to_tensor_quant as _b2t",
        ),
    ),
]

# --- #48438 (68fb303a41): marlin_make_workspace_new gains an ``existing`` keyword (additive)
MW = "68fb303a41"
MWW = "marlin_make_workspace_new(existing=) added"
CASES += [
    (
        "#48438 keyword added",
        "twin: the two old positionals",
        K(
            "#48438",
            MW,
            MWW,
            "vllm/aeon/mw1.py",
            "from vllm.model_executor.layers.quantization.utils.marlin_utils import marlin_make_workspace_new\n\n\n"
            "def aeon_workspace(device):\n"
            "    return marlin_make_workspace_new(device, 4)\n",
            "return marlin_make_workspace_new(device, 4)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-nvfp4-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
