"""A blind replay of the fork's own subsystems, over vLLM's whole history (2023 .. 2026-08).

16 first-parent commits touching only the paths a DGX Spark fork carries patches in (quantization,
speculative decoding, attention backends, the CUDA platform, the custom ops, the config classes),
picked by scanning those paths' diffs, not from the engine's tests or the other replays: an enum member
renumbered, an accepted string value renamed, a layer attribute
renamed under a checkpoint convention, a custom-op name renamed, a ``Literal`` of accepted values
rewritten with its default, an env var split and renamed, a method renamed under a subclass override,
a static predicate removed, a capability hook replaced by another (the override no longer consulted),
a config default flipped, a constructor default changed, a parameter inserted before a defaulted one,
a parameter inserted first in an overridden method, a parameter inserted in a hook the base calls, a
static method renamed, a module constant's value changed.  Each is replayed under 2-3 fork spellings
written the way fork code is written, with 5 twins (fork code the commit does not break).  The merge
base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error lands
on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (1c3ebb3): 18 caught, 8 warned, 11 missed of 37 (twins: 5 quiet,
1 of them warned, 0 false errors).
After the killers31 widenings: 26 caught, 9 warned, 2 missed (twins: 5 quiet, 1 of them warned, 0 false
errors).  The two misses are #9888's: the V0 backend still registers an op named
``unified_flash_attention``, so the fork's ``torch.ops.vllm.unified_flash_attention`` (and the op's name in a
splitting list) still resolve, to another op.
After the twenty-seventh landing: 29 caught, 6 warned, 2 missed (twins unchanged).  #22951's old activation
name passed to ``fused_experts`` (by keyword, off a module alias, through ``functools.partial``) is an error
now: the callee is defined in the very file that dropped its ``== "swiglu_oai"`` branch.
killers38: #9888's torch.ops call was spelled with 7 arguments, which fit neither the V1 op it was written
for (15 parameters) nor the V0 one before the merge: no silent killer.  Re-spelled as the V1 op took it
(upstream's own call, 15 arguments), it binds to the V0 op of the old name by count with each argument one
place off; main's engine (57e4b1c) misses that spelling, this one calls the arguments shifted: 30 caught,
6 warned, 1 missed (twins unchanged).  Left: the op's name in a splitting list (a string naming an op some
backend still registers; upstream's own list was as stale, fixed in #10166).
killers45: the op's name in the splitting list is an error now (a string naming an op in a list of ops, whose
definition the file that registered it renamed: the list now names the V0 backend's op of the old name): 32
caught, 5 warned, 0 missed (main at f0b8d9d9: 31, 5, 1; twins unchanged).

  python benchmarks/blind_replay_subsystems.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #9056 (343f8e0905): AttentionType gains ENCODER_ONLY = 3; ENCODER_DECODER moves 3 -> 4
ATY = "343f8e0905"
ATYPE = "from vllm.attention.backends.abstract import AttentionType\n\n\n"
CASES += [
    (
        "#9056 enum renumbered",
        ".value == a literal",
        K(
            "#9056",
            ATY,
            "ENCODER_DECODER 3 -> 4",
            "vllm/aeon/aty1.py",
            ATYPE + "def aeon_is_cross(attn_type: AttentionType) -> bool:\n"
            "    # AEON: cross-attention skips GB10's FP8 KV path\n"
            "    return attn_type.value == 3\n",
            "return attn_type.value == 3",
        ),
    ),
    (
        "#9056 enum renumbered",
        "Enum(int env)",
        K(
            "#9056",
            ATY,
            "ENCODER_DECODER 3 -> 4",
            "vllm/aeon/aty2.py",
            "import os\n\n" + ATYPE + "def aeon_forced_attn_type() -> AttentionType:\n"
            '    return AttentionType(int(os.environ.get("AEON_ATTN_TYPE", "3")))\n',
            'return AttentionType(int(os.environ.get("AEON_ATTN_TYPE", "3")))',
        ),
    ),
    (
        "#9056 enum renumbered",
        "table keyed by .value",
        K(
            "#9056",
            ATY,
            "ENCODER_DECODER 3 -> 4",
            "vllm/aeon/aty3.py",
            ATYPE + '_AEON_KIND = {1: "decoder", 2: "encoder", 3: "cross"}\n\n\n'
            "def aeon_kind(attn_type: AttentionType) -> str:\n"
            "    return _AEON_KIND[attn_type.value]\n",
            '_AEON_KIND = {1: "decoder", 2: "encoder", 3: "cross"}',
        ),
    ),
    (
        "#9056 enum renumbered",
        "twin: the member by name",
        K(
            "#9056",
            ATY,
            "ENCODER_DECODER 3 -> 4",
            "vllm/aeon/aty4.py",
            ATYPE + "def aeon_is_cross_by_name(attn_type: AttentionType) -> bool:\n"
            "    return attn_type == AttentionType.ENCODER_DECODER\n",
            "return attn_type == AttentionType.ENCODER_DECODER",
        ),
    ),
]

# --- #22951 (4d4061b6e7): the gpt-oss MoE activation "swiglu_oai" -> "swigluoai"
SWI = "4d4061b6e7"
CASES += [
    (
        "#22951 accepted string renamed",
        "keyword to fused_experts",
        K(
            "#22951",
            SWI,
            "swiglu_oai -> swigluoai",
            "vllm/aeon/swi1.py",
            "from vllm.model_executor.layers.fused_moe.fused_moe import fused_experts\n\n\n"
            "def aeon_gpt_oss_experts(x, w1, w2, topk_weights, topk_ids):\n"
            "    # AEON: the fleet's gpt-oss MoE goes through the Triton path on GB10\n"
            '    return fused_experts(x, w1, w2, topk_weights, topk_ids, activation="swiglu_oai")\n',
            'return fused_experts(x, w1, w2, topk_weights, topk_ids, activation="swiglu_oai")',
        ),
    ),
    (
        "#22951 accepted string renamed",
        "module alias, support predicate",
        K(
            "#22951",
            SWI,
            "swiglu_oai -> swigluoai",
            "vllm/aeon/swi2.py",
            "from vllm.model_executor.layers.quantization.utils import mxfp4_utils\n\n\n"
            "def aeon_mxfp4_ok() -> bool:\n"
            '    return mxfp4_utils._can_support_mxfp4(scoring_func="softmax", activation="swiglu_oai")\n',
            'return mxfp4_utils._can_support_mxfp4(scoring_func="softmax", activation="swiglu_oai")',
        ),
    ),
    (
        "#22951 accepted string renamed",
        "functools.partial",
        K(
            "#22951",
            SWI,
            "swiglu_oai -> swigluoai",
            "vllm/aeon/swi3.py",
            "import functools\n\n"
            "from vllm.model_executor.layers.fused_moe.fused_moe import fused_experts\n\n"
            'aeon_oai_experts = functools.partial(fused_experts, inplace=True, activation="swiglu_oai")\n',
            'aeon_oai_experts = functools.partial(fused_experts, inplace=True, activation="swiglu_oai")',
        ),
    ),
]

# --- #5353 (c09dade2a2): Fp8LinearMethod's layer attribute act_scale -> input_scale
ACT = "c09dade2a2"
FP8L = "from vllm.model_executor.layers.quantization.fp8 import Fp8LinearMethod\n\n\n"
CASES += [
    (
        "#5353 layer attribute renamed",
        "getattr with a literal in an override",
        K(
            "#5353",
            ACT,
            "act_scale -> input_scale",
            "vllm/aeon/act1.py",
            FP8L + "class AeonFp8LinearMethod(Fp8LinearMethod):\n"
            "    def aeon_static_scale(self, layer):\n"
            "        # AEON: static activation scales are clamped for GB10's FP8 range\n"
            '        scale = getattr(layer, "act_scale", None)\n'
            "        return None if scale is None else scale.clamp(min=1e-6)\n",
            'scale = getattr(layer, "act_scale", None)',
        ),
    ),
    (
        "#5353 layer attribute renamed",
        "checkpoint rename table",
        K(
            "#5353",
            ACT,
            "act_scale -> input_scale",
            "vllm/aeon/act2.py",
            "# AEON: the fleet's FP8 exports name the activation scale 'activation_scale'\n"
            '_AEON_FP8_RENAMES = {"activation_scale": "act_scale", "w_scale": "weight_scale"}\n\n\n'
            "def aeon_param_name(name: str) -> str:\n"
            "    for old, new in _AEON_FP8_RENAMES.items():\n"
            "        name = name.replace(old, new)\n"
            "    return name\n",
            '_AEON_FP8_RENAMES = {"activation_scale": "act_scale", "w_scale": "weight_scale"}',
        ),
    ),
    (
        "#5353 layer attribute renamed",
        "twin: the weight scale",
        K(
            "#5353",
            ACT,
            "act_scale -> input_scale",
            "vllm/aeon/act3.py",
            FP8L + "class AeonFp8WeightScale(Fp8LinearMethod):\n"
            "    def aeon_weight_scale(self, layer):\n"
            '        return getattr(layer, "weight_scale", None)\n',
            'return getattr(layer, "weight_scale", None)',
        ),
    ),
]

# --- #9888 (d58268c56a): the V1 flash-attention custom op unified_flash_attention -> unified_v1_flash_attention
OP = "d58268c56a"
CASES += [
    (
        "#9888 custom op renamed",
        "torch.ops call",
        K(
            "#9888",
            OP,
            "unified_flash_attention -> unified_v1_flash_attention",
            "vllm/aeon/op1.py",
            "import torch\n\n\n"
            "def aeon_attention(impl, query, key, value, output, kv_cache, k_scale, v_scale):\n"
            "    # AEON: call the V1 op directly so GB10's graphs capture it\n"
            "    torch.ops.vllm.unified_flash_attention(\n"
            "        output, query, key, value, impl.num_heads, impl.head_size, impl.num_kv_heads, kv_cache,\n"
            "        impl.kv_cache_dtype, k_scale, v_scale, impl.scale, impl.sliding_window, impl.alibi_slopes,\n"
            "        impl.logits_soft_cap,\n"
            "    )\n"
            "    return output\n",
            "torch.ops.vllm.unified_flash_attention(",
        ),
    ),
    (
        "#9888 custom op renamed",
        "from-import of the op's function",
        K(
            "#9888",
            OP,
            "unified_flash_attention -> unified_v1_flash_attention",
            "vllm/aeon/op2.py",
            "from vllm.v1.attention.backends.flash_attn import unified_flash_attention\n\n"
            "AEON_V1_ATTENTION = unified_flash_attention\n",
            "from vllm.v1.attention.backends.flash_attn import unified_flash_attention",
        ),
    ),
    (
        "#9888 custom op renamed",
        "op name in a splitting list",
        K(
            "#9888",
            OP,
            "unified_flash_attention -> unified_v1_flash_attention",
            "vllm/aeon/op3.py",
            "# AEON: piecewise graphs split at the V1 attention op\n"
            'AEON_SPLITTING_OPS = ["vllm.unified_flash_attention"]\n',
            'AEON_SPLITTING_OPS = ["vllm.unified_flash_attention"]',
        ),
    ),
]

# --- #40651 (f5f9878514): RejectionSampleMethod "strict"/"probabilistic" -> "standard", default "strict" -> "standard"
RSM = "f5f9878514"
SPEC = "from vllm.config.speculative import SpeculativeConfig\n\n\n"
CASES += [
    (
        "#40651 accepted values rewritten",
        "== a removed value",
        K(
            "#40651",
            RSM,
            "strict/probabilistic -> standard",
            "vllm/aeon/rsm1.py",
            SPEC + "def aeon_caches_draft_logits(spec: SpeculativeConfig) -> bool:\n"
            "    # AEON: probabilistic sampling keeps draft logits: budget GB10's shared memory for them\n"
            '    return spec.rejection_sample_method == "probabilistic"\n',
            'return spec.rejection_sample_method == "probabilistic"',
        ),
    ),
    (
        "#40651 accepted values rewritten",
        "table keyed by the values",
        K(
            "#40651",
            RSM,
            "strict/probabilistic -> standard",
            "vllm/aeon/rsm2.py",
            SPEC + '_AEON_MAL_FLOOR = {"strict": 1.8, "probabilistic": 2.2, "synthetic": 1.0}\n\n\n'
            "def aeon_mal_floor(spec: SpeculativeConfig) -> float:\n"
            "    return _AEON_MAL_FLOOR[spec.rejection_sample_method]\n",
            '_AEON_MAL_FLOOR = {"strict": 1.8, "probabilistic": 2.2, "synthetic": 1.0}',
        ),
    ),
    (
        "#40651 accepted values rewritten",
        "keyword to the constructor",
        K(
            "#40651",
            RSM,
            "strict/probabilistic -> standard",
            "vllm/aeon/rsm3.py",
            SPEC + "def aeon_spec_config(model: str, n: int) -> SpeculativeConfig:\n"
            '    return SpeculativeConfig(model=model, num_speculative_tokens=n, rejection_sample_method="strict")\n',
            'return SpeculativeConfig(model=model, num_speculative_tokens=n, rejection_sample_method="strict")',
        ),
    ),
    (
        "#40651 accepted values rewritten",
        "twin: a kept value",
        K(
            "#40651",
            RSM,
            "strict/probabilistic -> standard",
            "vllm/aeon/rsm4.py",
            SPEC + "def aeon_is_synthetic(spec: SpeculativeConfig) -> bool:\n"
            '    return spec.rejection_sample_method == "synthetic"\n',
            'return spec.rejection_sample_method == "synthetic"',
        ),
    ),
]

# --- #20645 (6d0734c562): VLLM_USE_FLASHINFER_MOE -> VLLM_USE_FLASHINFER_MOE_FP4 / _FP8
FIM = "6d0734c562"
CASES += [
    (
        "#20645 env var renamed",
        "envs attribute",
        K(
            "#20645",
            FIM,
            "VLLM_USE_FLASHINFER_MOE split",
            "vllm/aeon/fim1.py",
            "import vllm.envs as envs\n\n\n"
            "def aeon_nvfp4_moe_backend() -> str:\n"
            "    # AEON: GB10 runs NVFP4 MoE on FlashInfer's CUTLASS kernels when asked\n"
            '    return "flashinfer" if envs.VLLM_USE_FLASHINFER_MOE else "cutlass"\n',
            'return "flashinfer" if envs.VLLM_USE_FLASHINFER_MOE else "cutlass"',
        ),
    ),
    (
        "#20645 env var renamed",
        "the fork sets the old variable",
        K(
            "#20645",
            FIM,
            "VLLM_USE_FLASHINFER_MOE split",
            "vllm/aeon/fim2.py",
            'import os\n\n\ndef aeon_defaults() -> None:\n    os.environ.setdefault("VLLM_USE_FLASHINFER_MOE", "1")\n',
            'os.environ.setdefault("VLLM_USE_FLASHINFER_MOE", "1")',
        ),
    ),
    (
        "#20645 env var renamed",
        "getattr with a default",
        K(
            "#20645",
            FIM,
            "VLLM_USE_FLASHINFER_MOE split",
            "vllm/aeon/fim3.py",
            "from vllm import envs\n\n\n"
            "def aeon_fi_moe() -> bool:\n"
            '    return bool(getattr(envs, "VLLM_USE_FLASHINFER_MOE", False))\n',
            'return bool(getattr(envs, "VLLM_USE_FLASHINFER_MOE", False))',
        ),
    ),
]

# --- #25968 (a26917332f): ModelOptNvFp4FusedMoE.prepare_static_weight_layouts_for_trtllm_moe renamed
PSW = "a26917332f"
NVMOE = "from vllm.model_executor.layers.quantization.modelopt import ModelOptNvFp4FusedMoE\n\n\n"
CASES += [
    (
        "#25968 method renamed",
        "subclass override left dead",
        K(
            "#25968",
            PSW,
            "prepare_static_weight_layouts_for_trtllm_moe renamed",
            "vllm/aeon/psw1.py",
            NVMOE + "class AeonNvFp4FusedMoE(ModelOptNvFp4FusedMoE):\n"
            "    # AEON: GB10 keeps the gate/up halves in checkpoint order\n"
            "    def prepare_static_weight_layouts_for_trtllm_moe(self, gemm1_weights, gemm2_weights, *args):\n"
            "        return super().prepare_static_weight_layouts_for_trtllm_moe(gemm1_weights, gemm2_weights, *args)\n",
            "def prepare_static_weight_layouts_for_trtllm_moe(self, gemm1_weights, gemm2_weights, *args):",
        ),
    ),
    (
        "#25968 method renamed",
        "getattr with a literal",
        K(
            "#25968",
            PSW,
            "prepare_static_weight_layouts_for_trtllm_moe renamed",
            "vllm/aeon/psw2.py",
            "def aeon_has_trtllm_layouts(method) -> bool:\n"
            '    return getattr(method, "prepare_static_weight_layouts_for_trtllm_moe", None) is not None\n',
            'return getattr(method, "prepare_static_weight_layouts_for_trtllm_moe", None) is not None',
        ),
    ),
]

# --- #30881 (5d3b6097ad): CompressedTensorsConfig._is_fp4a4_nvfp4(w, i) -> _is_nvfp4_format(args)
NVF = "5d3b6097ad"
CTC = "from vllm.model_executor.layers.quantization.compressed_tensors.compressed_tensors import CompressedTensorsConfig\n\n\n"
CASES += [
    (
        "#30881 predicate removed",
        "subclass override left dead",
        K(
            "#30881",
            NVF,
            "_is_fp4a4_nvfp4 removed",
            "vllm/aeon/nvf1.py",
            CTC + "class AeonCompressedTensorsConfig(CompressedTensorsConfig):\n"
            "    @staticmethod\n"
            "    def _is_fp4a4_nvfp4(weight_quant, input_quant):\n"
            "        # AEON: the fleet's NVFP4 exports carry group size 16 without a strategy tag\n"
            "        return weight_quant is not None and input_quant is not None and weight_quant.num_bits == 4\n",
            "def _is_fp4a4_nvfp4(weight_quant, input_quant):",
        ),
    ),
    (
        "#30881 predicate removed",
        "call on the class",
        K(
            "#30881",
            NVF,
            "_is_fp4a4_nvfp4 removed",
            "vllm/aeon/nvf2.py",
            CTC + "def aeon_is_w4a4(weight_quant, input_quant) -> bool:\n"
            "    return CompressedTensorsConfig._is_fp4a4_nvfp4(weight_quant, input_quant)\n",
            "return CompressedTensorsConfig._is_fp4a4_nvfp4(weight_quant, input_quant)",
        ),
    ),
]

# --- #28763 (4c23690f43): FlashAttentionBackend answers supports_head_size itself; get_supported_head_sizes gone
HSZ = "4c23690f43"
FAB = "from vllm.v1.attention.backends.flash_attn import FlashAttentionBackend\n\n\n"
CASES += [
    (
        "#28763 hook replaced",
        "override no longer consulted",
        K(
            "#28763",
            HSZ,
            "get_supported_head_sizes -> supports_head_size",
            "vllm/aeon/hsz1.py",
            FAB + "class AeonFlashAttentionBackend(FlashAttentionBackend):\n"
            "    @classmethod\n"
            "    def get_supported_head_sizes(cls) -> list[int]:\n"
            "        # AEON: GB10's FA build has no head size 256 kernels\n"
            "        return [64, 128]\n",
            "def get_supported_head_sizes(cls) -> list[int]:",
        ),
    ),
    (
        "#28763 hook replaced",
        "call on the backend",
        K(
            "#28763",
            HSZ,
            "get_supported_head_sizes -> supports_head_size",
            "vllm/aeon/hsz2.py",
            FAB + "def aeon_max_head_size() -> int:\n"
            "    return max(FlashAttentionBackend.get_supported_head_sizes())\n",
            "return max(FlashAttentionBackend.get_supported_head_sizes())",
        ),
    ),
]

# --- #34732 (f444c05c32): AttentionConfig.disable_flashinfer_prefill default False -> True
DFP = "f444c05c32"
ATT = "from vllm.config.attention import AttentionConfig\n\n\n"
CASES += [
    (
        "#34732 config default",
        "getattr with the old default",
        K(
            "#34732",
            DFP,
            "disable_flashinfer_prefill False -> True",
            "vllm/aeon/dfp1.py",
            "def aeon_prefill_workspace_mb(attention_config) -> int:\n"
            "    # AEON: FlashInfer prefill needs a 256 MiB workspace on GB10\n"
            '    return 0 if getattr(attention_config, "disable_flashinfer_prefill", False) else 256\n',
            'return 0 if getattr(attention_config, "disable_flashinfer_prefill", False) else 256',
        ),
    ),
    (
        "#34732 config default",
        "a fork default mirroring the field",
        K(
            "#34732",
            DFP,
            "disable_flashinfer_prefill False -> True",
            "vllm/aeon/dfp2.py",
            ATT + "def aeon_attention_config(disable_flashinfer_prefill: bool = False) -> AttentionConfig:\n"
            "    return AttentionConfig(disable_flashinfer_prefill=disable_flashinfer_prefill)\n",
            "def aeon_attention_config(disable_flashinfer_prefill: bool = False) -> AttentionConfig:",
        ),
    ),
    (
        "#34732 config default",
        "twin: an unchanged field",
        K(
            "#34732",
            DFP,
            "disable_flashinfer_prefill False -> True",
            "vllm/aeon/dfp3.py",
            ATT + "def aeon_backend_forced(attention_config: AttentionConfig) -> bool:\n"
            "    return attention_config.backend is not None\n",
            "return attention_config.backend is not None",
        ),
    ),
]

# --- #10657 (cfb3bf25fb): BitsAndBytesConfig(llm_int8_threshold=0.0) default -> 6.0
BNB = "cfb3bf25fb"
CASES += [
    (
        "#10657 constructor default",
        "== the old default",
        K(
            "#10657",
            BNB,
            "llm_int8_threshold 0.0 -> 6.0",
            "vllm/aeon/bnb1.py",
            "from vllm.model_executor.layers.quantization.bitsandbytes import BitsAndBytesConfig\n\n\n"
            "def aeon_outliers_off(quant_config: BitsAndBytesConfig) -> bool:\n"
            "    # AEON: without outlier decomposition the int8 path fits GB10's cache\n"
            "    return quant_config.llm_int8_threshold == 0.0\n",
            "return quant_config.llm_int8_threshold == 0.0",
        ),
    ),
    (
        "#10657 constructor default",
        "getattr with the old default",
        K(
            "#10657",
            BNB,
            "llm_int8_threshold 0.0 -> 6.0",
            "vllm/aeon/bnb2.py",
            "def aeon_threshold(quant_config) -> float:\n"
            '    return float(getattr(quant_config, "llm_int8_threshold", 0.0))\n',
            'return float(getattr(quant_config, "llm_int8_threshold", 0.0))',
        ),
    ),
]

# --- #32520 (fcb9df99bd): scaled_fp4_quant(input, scale, backend) -> (input, scale, is_sf_swizzled_layout, backend)
FP4Q = "fcb9df99bd"
CASES += [
    (
        "#32520 param inserted",
        "module alias positional",
        K(
            "#32520",
            FP4Q,
            "is_sf_swizzled_layout inserted",
            "vllm/aeon/fp4q1.py",
            "from vllm import _custom_ops as ops\n\n\n"
            "def aeon_quant_nvfp4(x, global_scale):\n"
            "    # AEON: GB10 quantizes activations with the FlashInfer kernel\n"
            '    return ops.scaled_fp4_quant(x, global_scale, "flashinfer-cutlass")\n',
            'return ops.scaled_fp4_quant(x, global_scale, "flashinfer-cutlass")',
        ),
    ),
    (
        "#32520 param inserted",
        "from-import alias, attribute argument",
        K(
            "#32520",
            FP4Q,
            "is_sf_swizzled_layout inserted",
            "vllm/aeon/fp4q2.py",
            "from vllm._custom_ops import scaled_fp4_quant as fp4_quant\n\n\n"
            "class AeonNvfp4Act:\n"
            '    backend = "cutlass"\n\n'
            "    def quant(self, x, scale):\n"
            "        return fp4_quant(x, scale, self.backend)\n",
            "return fp4_quant(x, scale, self.backend)",
        ),
    ),
    (
        "#32520 param inserted",
        "twin: backend by keyword",
        K(
            "#32520",
            FP4Q,
            "is_sf_swizzled_layout inserted",
            "vllm/aeon/fp4q3.py",
            "from vllm import _custom_ops as ops\n\n\n"
            "def aeon_quant_kw(x, global_scale):\n"
            '    return ops.scaled_fp4_quant(x, global_scale, backend="cutlass")\n',
            'return ops.scaled_fp4_quant(x, global_scale, backend="cutlass")',
        ),
    ),
]

# --- #32374 (4ef4492e9b): NgramProposer.propose gains num_speculative_tokens as its first parameter
NGR = "4ef4492e9b"
NG = "from vllm.v1.spec_decode.ngram_proposer import NgramProposer\n\n\n"
CASES += [
    (
        "#32374 param inserted first",
        "positional call on a typed proposer",
        K(
            "#32374",
            NGR,
            "num_speculative_tokens inserted",
            "vllm/aeon/ngr1.py",
            NG + "def aeon_draft(proposer: NgramProposer, sampled, num_tokens_no_spec, token_ids_cpu):\n"
            "    # AEON: warm the n-gram drafter before the first request\n"
            "    return proposer.propose(sampled, num_tokens_no_spec, token_ids_cpu)\n",
            "return proposer.propose(sampled, num_tokens_no_spec, token_ids_cpu)",
        ),
    ),
    (
        "#32374 param inserted first",
        "subclass override with the old parameters",
        K(
            "#32374",
            NGR,
            "num_speculative_tokens inserted",
            "vllm/aeon/ngr2.py",
            NG + "class AeonNgramProposer(NgramProposer):\n"
            "    def propose(self, sampled_token_ids, num_tokens_no_spec, token_ids_cpu, slot_mappings=None):\n"
            "        drafts = super().propose(sampled_token_ids, num_tokens_no_spec, token_ids_cpu, slot_mappings)\n"
            "        return [d[:4] for d in drafts]\n",
            "def propose(self, sampled_token_ids, num_tokens_no_spec, token_ids_cpu, slot_mappings=None):",
        ),
    ),
]

# --- #14570 (a597a57595): Attention.calc_kv_scales(key, value) -> calc_kv_scales(query, key, value)
KVS = "a597a57595"
ATTN = "from vllm.attention.layer import Attention\n\n\n"
CASES += [
    (
        "#14570 hook param inserted",
        "subclass override the layer calls",
        K(
            "#14570",
            KVS,
            "query inserted",
            "vllm/aeon/kvs1.py",
            ATTN + "class AeonAttention(Attention):\n"
            "    def calc_kv_scales(self, key, value):\n"
            "        # AEON: GB10's FP8 KV cache wants 10 % headroom on the scales\n"
            "        super().calc_kv_scales(key, value)\n"
            "        self._k_scale.mul_(1.1)\n",
            "def calc_kv_scales(self, key, value):",
        ),
    ),
    (
        "#14570 hook param inserted",
        "call on a typed layer",
        K(
            "#14570",
            KVS,
            "query inserted",
            "vllm/aeon/kvs2.py",
            ATTN + "def aeon_calibrate(layer: Attention, key, value) -> None:\n    layer.calc_kv_scales(key, value)\n",
            "layer.calc_kv_scales(key, value)",
        ),
    ),
]

# --- #40177 (947138b6c2): FlashInferBackend.get_fp8_dtype_for_flashinfer -> get_dtype_for_flashinfer
FID = "947138b6c2"
FIB = "from vllm.v1.attention.backends.flashinfer import FlashInferBackend\n\n\n"
CASES += [
    (
        "#40177 static method renamed",
        "call on the class",
        K(
            "#40177",
            FID,
            "get_fp8_dtype_for_flashinfer renamed",
            "vllm/aeon/fid1.py",
            FIB + "def aeon_kv_dtype(kv_cache_dtype: str):\n"
            "    # AEON: the fleet's FP8 KV cache on GB10\n"
            "    return FlashInferBackend.get_fp8_dtype_for_flashinfer(kv_cache_dtype)\n",
            "return FlashInferBackend.get_fp8_dtype_for_flashinfer(kv_cache_dtype)",
        ),
    ),
    (
        "#40177 static method renamed",
        "subclass override left dead",
        K(
            "#40177",
            FID,
            "get_fp8_dtype_for_flashinfer renamed",
            "vllm/aeon/fid2.py",
            "import torch\n\n" + FIB + "class AeonFlashInferBackend(FlashInferBackend):\n"
            "    @staticmethod\n"
            "    def get_fp8_dtype_for_flashinfer(kv_cache_dtype: str) -> torch.dtype:\n"
            "        return torch.float8_e4m3fn\n",
            "def get_fp8_dtype_for_flashinfer(kv_cache_dtype: str) -> torch.dtype:",
        ),
    ),
]

# --- #12348 (848a6438ae): _PARTITION_SIZE_ROCM 512 -> 256
PRT = "848a6438ae"
CASES += [
    (
        "#12348 constant value",
        "a copy of the value",
        K(
            "#12348",
            PRT,
            "_PARTITION_SIZE_ROCM 512 -> 256",
            "vllm/aeon/prt1.py",
            "# AEON: must match vllm.attention.backends.rocm_flash_attn._PARTITION_SIZE_ROCM\n"
            "_AEON_PARTITION_SIZE = 512\n\n\n"
            "def aeon_num_partitions(max_seq_len: int) -> int:\n"
            "    return (max_seq_len + _AEON_PARTITION_SIZE - 1) // _AEON_PARTITION_SIZE\n",
            "_AEON_PARTITION_SIZE = 512",
        ),
    ),
    (
        "#12348 constant value",
        "== the old value",
        K(
            "#12348",
            PRT,
            "_PARTITION_SIZE_ROCM 512 -> 256",
            "vllm/aeon/prt2.py",
            "from vllm.attention.backends import rocm_flash_attn\n\n\n"
            "def aeon_big_partitions() -> bool:\n"
            "    return rocm_flash_attn._PARTITION_SIZE_ROCM == 512\n",
            "return rocm_flash_attn._PARTITION_SIZE_ROCM == 512",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-subsys-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
