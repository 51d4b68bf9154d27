"""A blind replay of the weight-loading killers over vLLM's whole history: the model loads, wrong weights.

15 first-parent commits touching the paths a fork that loads NVFP4/FP8 checkpoints and patches model
files and quantization methods lives on -- the model loader (vllm/model_executor/model_loader/), the
quantization methods (modelopt, compressed-tensors, bitsandbytes, the base config), FusedMoE's weight
loader, the model files' mappings and WeightsMapper (vllm/model_executor/models/), the hf config keys --
picked by scanning those paths' diffs (``git log --first-parent -p``), not from the engine's tests or
the other replays: a quantization method's name string renamed ("nvfp4" -> "modelopt_fp4"), a
parameter registered under a new name (bitsandbytes' qweight -> weight), attributes a post-load hook
set no longer set (the NVFP4 "*_swizzled" scales now live in weight_scale, input_scale_inv ->
input_global_scale_inv), class attributes the loader no longer reads (bitsandbytes_stacked_params_mapping,
weight_mapper -> hf_to_vllm_mapper), overridable loader methods renamed or removed (FusedMoE's
_load_w13_weight_scale, DefaultModelLoader's _get_all_weights and _maybe_download_from_modelscope, the
quant config's get_cache_scale, weight_utils' _init_fastsafetensors_loader), an hf config key read from
a new place (partial_rotary_factor -> rope_parameters), a packed_modules_mapping key renamed ("qkv" ->
"qkv_proj"), a WeightsMapper field renamed, a getattr default on a config key changed (None -> 1.0).
Each is replayed under 1-3 fork spellings written the way fork code is written, with 5 twins (fork code
the commit does not break).  The merge base is the commit's first parent, upstream is the commit; a
spelling is *caught* when an error lands on its line, *warned* when a warning lands in its file.  Twins
must stay *quiet*: no error on their line.

Blind, on the engine before any widening (671b682): 10 caught, 2 warned, 9 missed of 21 (twins: 5 quiet,
0 false errors).  The misses: #9997's getattr and hasattr of the parameter bitsandbytes registers
under a new name, #23379's getattr and hasattr of the swizzled scales no longer set, #29966's write and
setattr of partial_rotary_factor (read from rope_parameters now), #27334's .get and ``in`` with the
renamed packed_modules_mapping key, #28069's ``is None`` test of a field whose getattr default went
None -> 1.0.  Warned, not caught: #18356's table keyed by the old method name, #11924's override of
the class attribute the bitsandbytes loader no longer reads.
After the killers34 widenings: 14 caught, 3 warned, 4 missed of 21 (twins: 5 quiet, 0 false errors).
Caught now: a getattr or hasattr of an attribute upstream no longer sets on anything, though its word
lives on as a local or as the keyword a function's own parameter takes (name drift, #23379); a lookup
under a string key upstream dropped from a class's or a module's dict display, where the line names the
declaring class (key drift, #27334; a warning where the receiver's class is not shown).  Warned now: a
subclass's ``is None`` test of a field ``__init__`` stores from ``getattr(config, "key", None)`` whose
default became 1.0 (default drift, #28069: a warning, as for any field the fleet may set).  Still
missed, by design: #9997's ``qweight`` is still an attribute other quantization methods set (the read
cannot tell a bitsandbytes layer from a GPTQ one), and #29966's write of ``partial_rotary_factor``
(still read, by transformers_utils at config load: too early for a write at model init, which no check
orders).  Still warnings: #18356's table keyed by the old method name and #11924's override of the
retired bitsandbytes_stacked_params_mapping (symbol drift's "the fork's value is dead").
After the killers38 widenings: 16 caught, 5 warned, 0 missed of 21 (twins: 5 quiet, 0 false errors).
#9997's getattr and hasattr are warnings (name drift: a parameter one file now registers under a new name
while GPTQ's still registers ``qweight``; an error only where the fork's file imports the renaming module);
#29966's write and setattr are errors (moved writes: upstream rewrote its own same write into
``rope_parameters["partial_rotary_factor"]`` and no upstream code reads the attribute any more).

  python benchmarks/blind_replay_weights.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

QC = "from vllm.model_executor.layers.quantization.base_config import QuantizationConfig\n\n\n"

# --- #18356 (f4a8a37465): ModelOptNvFp4Config.get_name() "nvfp4" -> "modelopt_fp4"
QN = "f4a8a37465"
QNW = 'quantization method "nvfp4" -> "modelopt_fp4"'
CASES += [
    (
        "#18356 quant method name renamed",
        "get_name() compared with the old string",
        K(
            "#18356",
            QN,
            QNW,
            "vllm/aeon/qn1.py",
            QC + "def aeon_is_nvfp4(quant_config: QuantizationConfig | None) -> bool:\n"
            "    # AEON: NVFP4 checkpoints take the fork's GB10 FP4 GEMM\n"
            '    return quant_config is not None and quant_config.get_name() == "nvfp4"\n',
            'return quant_config is not None and quant_config.get_name() == "nvfp4"',
        ),
    ),
    (
        "#18356 quant method name renamed",
        "a table keyed by method name",
        K(
            "#18356",
            QN,
            QNW,
            "vllm/aeon/qn2.py",
            "from vllm.config import ModelConfig\n\n"
            'AEON_GEMM_BY_QUANT = {"nvfp4": "aeon_fp4_gemm", "fp8": "aeon_fp8_gemm"}\n\n\n'
            "def aeon_gemm(model_config: ModelConfig) -> str | None:\n"
            '    return AEON_GEMM_BY_QUANT.get(model_config.quantization or "")\n',
            'AEON_GEMM_BY_QUANT = {"nvfp4": "aeon_fp4_gemm", "fp8": "aeon_fp8_gemm"}',
        ),
    ),
    (
        "#18356 quant method name renamed",
        "twin: another method's name",
        K(
            "#18356",
            QN,
            QNW,
            "vllm/aeon/qn3.py",
            QC + "def aeon_is_fp8(quant_config: QuantizationConfig | None) -> bool:\n"
            '    return quant_config is not None and quant_config.get_name() == "fp8"\n',
            'return quant_config is not None and quant_config.get_name() == "fp8"',
        ),
    ),
]

# --- #9997 (b9c64c0ca7): BitsAndBytesLinearMethod registers "weight", no longer "qweight"
BN = "b9c64c0ca7"
BNW = 'bitsandbytes parameter "qweight" -> "weight"'
CASES += [
    (
        "#9997 parameter registered under a new name",
        "getattr with a literal",
        K(
            "#9997",
            BN,
            BNW,
            "vllm/aeon/bn1.py",
            "import torch\n\n\n"
            "def aeon_bnb_weight(layer: torch.nn.Module) -> torch.Tensor | None:\n"
            "    # AEON: the fork dequantizes the 4-bit weight once for its GB10 GEMV\n"
            '    qweight = getattr(layer, "qweight", None)\n'
            "    return None if qweight is None else qweight.data\n",
            'qweight = getattr(layer, "qweight", None)',
        ),
    ),
    (
        "#9997 parameter registered under a new name",
        "hasattr gate",
        K(
            "#9997",
            BN,
            BNW,
            "vllm/aeon/bn2.py",
            "import torch\n\n\n"
            "def aeon_is_bnb(layer: torch.nn.Module) -> bool:\n"
            '    return hasattr(layer, "qweight")\n',
            'return hasattr(layer, "qweight")',
        ),
    ),
]

# --- #11924 (a3a3ee4e6f): the bitsandbytes loader reads packed_modules_mapping, not
#     bitsandbytes_stacked_params_mapping
BS = "a3a3ee4e6f"
BSW = "bitsandbytes_stacked_params_mapping no longer read (packed_modules_mapping is)"
CASES += [
    (
        "#11924 class attribute no longer read",
        "a fork model's own mapping",
        K(
            "#11924",
            BS,
            BSW,
            "vllm/aeon/bs1.py",
            "from vllm.model_executor.models.llama import LlamaForCausalLM\n\n\n"
            "class AeonLlamaForCausalLM(LlamaForCausalLM):\n"
            "    # AEON: the fork fuses gate/up/down into one checkpoint tensor for bitsandbytes\n"
            "    bitsandbytes_stacked_params_mapping = {\n"
            '        "q_proj": ("qkv_proj", 0),\n'
            '        "k_proj": ("qkv_proj", 1),\n'
            '        "v_proj": ("qkv_proj", 2),\n'
            '        "gate_proj": ("gate_up_proj", 1),\n'
            '        "up_proj": ("gate_up_proj", 0),\n'
            "    }\n",
            "bitsandbytes_stacked_params_mapping = {",
        ),
    ),
]

# --- #23379 (d52358c1e0): NVFP4 "*_blockscale_swizzled" / "weight_scale_swizzled" gone; weight_scale is swizzled
SW = "d52358c1e0"
SWW = "weight_scale_swizzled / w13_blockscale_swizzled no longer set (weight_scale holds the swizzled scale)"
CASES += [
    (
        "#23379 post-load attribute no longer set",
        "getattr with a fallback",
        K(
            "#23379",
            SW,
            SWW,
            "vllm/aeon/sw1.py",
            "import torch\n\n\n"
            "def aeon_fp4_scale(layer: torch.nn.Module) -> torch.Tensor:\n"
            "    # AEON: the GB10 FP4 GEMM wants the swizzled block scale; fall back to the raw one\n"
            '    scale = getattr(layer, "weight_scale_swizzled", None)\n'
            "    return layer.weight_scale if scale is None else scale\n",
            'scale = getattr(layer, "weight_scale_swizzled", None)',
        ),
    ),
    (
        "#23379 post-load attribute no longer set",
        "hasattr gate on the MoE scale",
        K(
            "#23379",
            SW,
            SWW,
            "vllm/aeon/sw2.py",
            "import torch\n\n\n"
            "def aeon_moe_scales_ready(layer: torch.nn.Module) -> bool:\n"
            '    return hasattr(layer, "w13_blockscale_swizzled")\n',
            'return hasattr(layer, "w13_blockscale_swizzled")',
        ),
    ),
    (
        "#23379 post-load attribute no longer set",
        "twin: an attribute still set",
        K(
            "#23379",
            SW,
            SWW,
            "vllm/aeon/sw3.py",
            "import torch\n\n\n"
            "def aeon_global_scale(layer: torch.nn.Module) -> torch.Tensor | None:\n"
            '    return getattr(layer, "weight_scale_2", None)\n',
            'return getattr(layer, "weight_scale_2", None)',
        ),
    ),
]

# --- #22073 (bdcb42e45d): FusedMoE._load_w13_weight_scale -> _load_combined_w13_weight_scale
WS = "bdcb42e45d"
WSW = "FusedMoE._load_w13_weight_scale renamed (a subclass override is never called)"
FM = "import torch\n\nfrom vllm.model_executor.layers.fused_moe.layer import FusedMoE\n\n\n"
CASES += [
    (
        "#22073 overridden loader method renamed",
        "subclass override",
        K(
            "#22073",
            WS,
            WSW,
            "vllm/aeon/ws1.py",
            FM + "class AeonFusedMoE(FusedMoE):\n"
            "    # AEON: the fork's checkpoints store w1/w3 scales interleaved\n"
            "    def _load_w13_weight_scale(\n"
            "        self, shard_dim: int, loaded_weight: torch.Tensor, param: torch.Tensor, tp_rank: int\n"
            "    ) -> None:\n"
            "        shard_size = param.shape[shard_dim]\n"
            "        param.data.copy_(loaded_weight.narrow(shard_dim, shard_size * tp_rank, shard_size))\n",
            "def _load_w13_weight_scale(",
        ),
    ),
    (
        "#22073 overridden loader method renamed",
        "twin: override of a method still called",
        K(
            "#22073",
            WS,
            WSW,
            "vllm/aeon/ws2.py",
            FM + "class AeonFusedMoE2(FusedMoE):\n"
            "    def weight_loader(self, param, loaded_weight, weight_name, shard_id, expert_id):  # type: ignore\n"
            "        return super().weight_loader(param, loaded_weight, weight_name, shard_id, expert_id)\n",
            "def weight_loader(self, param, loaded_weight, weight_name, shard_id, expert_id):  # type: ignore",
        ),
    ),
]

# --- #16035 (e8224f3dca): DefaultModelLoader._get_all_weights -> get_all_weights
AW = "e8224f3dca"
AWW = "DefaultModelLoader._get_all_weights -> get_all_weights"
DL = "from vllm.model_executor.model_loader.loader import DefaultModelLoader\n\n\n"
CASES += [
    (
        "#16035 overridden loader method renamed",
        "subclass override",
        K(
            "#16035",
            AW,
            AWW,
            "vllm/aeon/aw1.py",
            DL + "class AeonModelLoader(DefaultModelLoader):\n"
            "    # AEON: drop the checkpoint's unused MTP head before it reaches load_weights\n"
            "    def _get_all_weights(self, model_config, model):  # type: ignore[no-untyped-def]\n"
            "        for name, tensor in super()._get_all_weights(model_config, model):\n"
            '            if not name.startswith("mtp."):\n'
            "                yield name, tensor\n",
            "def _get_all_weights(self, model_config, model):  # type: ignore[no-untyped-def]",
        ),
    ),
    (
        "#16035 overridden loader method renamed",
        "monkeypatch of the method",
        K(
            "#16035",
            AW,
            AWW,
            "vllm/aeon/aw2.py",
            DL + "_upstream_all_weights = DefaultModelLoader._get_all_weights\n\n\n"
            "def _aeon_all_weights(self, model_config, model):  # type: ignore[no-untyped-def]\n"
            "    for name, tensor in _upstream_all_weights(self, model_config, model):\n"
            '        yield name.replace("model.mtp.", "model.layers.61."), tensor\n\n\n'
            "DefaultModelLoader._get_all_weights = _aeon_all_weights\n",
            "DefaultModelLoader._get_all_weights = _aeon_all_weights",
        ),
    ),
]

# --- #24421 (5e537f45b4): DefaultModelLoader._maybe_download_from_modelscope -> a module function
MS = "5e537f45b4"
MSW = "DefaultModelLoader._maybe_download_from_modelscope removed (module function now)"
CASES += [
    (
        "#24421 overridden loader method removed",
        "subclass override",
        K(
            "#24421",
            MS,
            MSW,
            "vllm/aeon/ms1.py",
            "from vllm.model_executor.model_loader.default_loader import DefaultModelLoader\n\n\n"
            "class AeonMirrorLoader(DefaultModelLoader):\n"
            "    # AEON: the lab pulls checkpoints from its own mirror, never from a hub\n"
            "    def _maybe_download_from_modelscope(self, model, revision):  # type: ignore[no-untyped-def]\n"
            '        return f"/mnt/aeon-mirror/{model}"\n',
            "def _maybe_download_from_modelscope(self, model, revision):  # type: ignore[no-untyped-def]",
        ),
    ),
]

# --- #43167 (62215e72c6): QuantizationConfig.get_cache_scale -> get_cache_scale_mapper
CS = "62215e72c6"
CSW = "QuantizationConfig.get_cache_scale -> get_cache_scale_mapper (an override is never called)"
F8 = "from vllm.model_executor.layers.quantization.fp8 import Fp8Config\n\n\n"
CASES += [
    (
        "#43167 overridden quant config method renamed",
        "subclass override",
        K(
            "#43167",
            CS,
            CSW,
            "vllm/aeon/cs1.py",
            F8 + "class AeonFp8Config(Fp8Config):\n"
            "    # AEON: the fork's FP8 checkpoints name their KV scales k_proj.kv_scale\n"
            "    def get_cache_scale(self, name: str) -> str | None:\n"
            '        if name.endswith(".k_proj.kv_scale"):\n'
            '            return name.replace(".k_proj.kv_scale", ".attn.k_scale")\n'
            "        return super().get_cache_scale(name)\n",
            "def get_cache_scale(self, name: str) -> str | None:",
        ),
    ),
    (
        "#43167 overridden quant config method renamed",
        "twin: override of a method still called",
        K(
            "#43167",
            CS,
            CSW,
            "vllm/aeon/cs2.py",
            F8 + "class AeonFp8Config2(Fp8Config):\n"
            "    def get_name(self):  # type: ignore[no-untyped-def]\n"
            "        return super().get_name()\n",
            "def get_name(self):  # type: ignore[no-untyped-def]",
        ),
    ),
]

# --- #29966 (e10c84e06a): get_rope reads partial_rotary_factor from rope_parameters, not the config attribute
PR = "e10c84e06a"
PRW = "hf_config.partial_rotary_factor no longer read (rope_parameters['partial_rotary_factor'] is)"
LM = "from vllm.config import VllmConfig\nfrom vllm.model_executor.models.llama import LlamaForCausalLM\n\n\n"
CASES += [
    (
        "#29966 hf config key read from a new place",
        "attribute set before the model is built",
        K(
            "#29966",
            PR,
            PRW,
            "vllm/aeon/pr1.py",
            LM + "class AeonGlmForCausalLM(LlamaForCausalLM):\n"
            '    def __init__(self, *, vllm_config: VllmConfig, prefix: str = "") -> None:\n'
            "        # AEON: the fork's GLM variant rotates half of each head\n"
            "        vllm_config.model_config.hf_config.partial_rotary_factor = 0.5\n"
            "        super().__init__(vllm_config=vllm_config, prefix=prefix)\n",
            "vllm_config.model_config.hf_config.partial_rotary_factor = 0.5",
        ),
    ),
    (
        "#29966 hf config key read from a new place",
        "setattr with a literal",
        K(
            "#29966",
            PR,
            PRW,
            "vllm/aeon/pr2.py",
            "from vllm.config import ModelConfig\n\n\n"
            "def aeon_partial_rope(model_config: ModelConfig) -> None:\n"
            '    setattr(model_config.hf_config, "partial_rotary_factor", 0.25)\n',
            'setattr(model_config.hf_config, "partial_rotary_factor", 0.25)',
        ),
    ),
]

# --- #33201 (67ebaff528): ModelOpt NVFP4 layer.input_scale_inv -> layer.input_global_scale_inv
IS = "67ebaff528"
ISW = "layer.input_scale_inv -> layer.input_global_scale_inv"
CASES += [
    (
        "#33201 post-load attribute renamed",
        "getattr with a literal",
        K(
            "#33201",
            IS,
            ISW,
            "vllm/aeon/is1.py",
            "import torch\n\n\n"
            "def aeon_fp4_input_scale(layer: torch.nn.Module) -> torch.Tensor:\n"
            "    # AEON: the fork's FP4 activation quant takes the inverse global scale when there is one\n"
            '    inv = getattr(layer, "input_scale_inv", None)\n'
            "    return 1.0 / layer.input_scale if inv is None else inv\n",
            'inv = getattr(layer, "input_scale_inv", None)',
        ),
    ),
]

# --- #27334 (5a1271d83a): GptOssForCausalLM.packed_modules_mapping key "qkv" -> "qkv_proj"
PM = "5a1271d83a"
PMW = 'gpt-oss packed_modules_mapping "qkv" -> "qkv_proj"'
GO = "from vllm.model_executor.models.gpt_oss import GptOssForCausalLM\n\n\n"
CASES += [
    (
        "#27334 packed_modules_mapping key renamed",
        ".get with the old key",
        K(
            "#27334",
            PM,
            PMW,
            "vllm/aeon/pm1.py",
            GO + "def aeon_qkv_parts() -> list[str]:\n"
            "    # AEON: the fork's FP8 attention scales are loaded per q/k/v part\n"
            '    return GptOssForCausalLM.packed_modules_mapping.get("qkv", [])\n',
            'return GptOssForCausalLM.packed_modules_mapping.get("qkv", [])',
        ),
    ),
    (
        "#27334 packed_modules_mapping key renamed",
        "membership test with the old key",
        K(
            "#27334",
            PM,
            PMW,
            "vllm/aeon/pm2.py",
            GO + 'def aeon_fused_qkv() -> bool:\n    return "qkv" in GptOssForCausalLM.packed_modules_mapping\n',
            'return "qkv" in GptOssForCausalLM.packed_modules_mapping',
        ),
    ),
    (
        "#27334 packed_modules_mapping key renamed",
        "twin: the new key",
        K(
            "#27334",
            PM,
            PMW,
            "vllm/aeon/pm3.py",
            "from vllm.model_executor.models.llama import LlamaForCausalLM\n\n\n"
            "def aeon_llama_qkv_parts() -> list[str]:\n"
            '    return LlamaForCausalLM.packed_modules_mapping.get("qkv_proj", [])\n',
            'return LlamaForCausalLM.packed_modules_mapping.get("qkv_proj", [])',
        ),
    ),
]

# --- #28069 (5031cd5d55): OpenPanguDecoderLayer.routed_scaling_factor defaults to 1.0, not None
RS = "5031cd5d55"
RSW = 'getattr(config, "routed_scaling_factor", None) -> 1.0'
CASES += [
    (
        "#28069 config key's getattr default changed",
        "is None test in a subclass",
        K(
            "#28069",
            RS,
            RSW,
            "vllm/aeon/rs1.py",
            "from vllm.model_executor.models.openpangu import OpenPanguDecoderLayer\n\n\n"
            "class AeonPanguLayer(OpenPanguDecoderLayer):\n"
            "    def aeon_scale(self) -> float:\n"
            "        # AEON: configs without the factor take the fork's calibrated 2.5\n"
            "        if self.routed_scaling_factor is None:\n"
            "            return 2.5\n"
            "        return self.routed_scaling_factor\n",
            "if self.routed_scaling_factor is None:",
        ),
    ),
]

# --- #41359 (dd94484577): WeightsMapper.orig_to_new_renamings -> orig_to_new_renaming
WM = "dd94484577"
WMW = "WeightsMapper.orig_to_new_renamings -> orig_to_new_renaming"
CASES += [
    (
        "#41359 WeightsMapper field renamed",
        "getattr with a default",
        K(
            "#41359",
            WM,
            WMW,
            "vllm/aeon/wm1.py",
            "from vllm.model_executor.models.utils import WeightsMapper\n\n\n"
            "def aeon_has_renamings(mapper: WeightsMapper) -> bool:\n"
            "    # AEON: a mapper with renamings bypasses the fork's prefix fast path\n"
            '    return bool(getattr(mapper, "orig_to_new_renamings", []))\n',
            'return bool(getattr(mapper, "orig_to_new_renamings", []))',
        ),
    ),
]

# --- #43581 (4ec2817313): LlamaNemotronVLForEmbedding loads with hf_to_vllm_mapper, not weight_mapper
NM = "4ec2817313"
NMW = "weight_mapper -> hf_to_vllm_mapper (a subclass's weight_mapper is ignored)"
CASES += [
    (
        "#43581 class attribute no longer read",
        "a subclass's own mapper",
        K(
            "#43581",
            NM,
            NMW,
            "vllm/aeon/nm1.py",
            "from vllm.model_executor.models.nemotron_vl import LlamaNemotronVLForEmbedding\n"
            "from vllm.model_executor.models.utils import WeightsMapper\n\n\n"
            "class AeonNemotronEmbed(LlamaNemotronVLForEmbedding):\n"
            "    # AEON: the fork's distilled embedder keeps its tower under encoder.*\n"
            "    weight_mapper = WeightsMapper(\n"
            '        orig_to_new_prefix={"encoder.": "vision_model.", "language_model.layers.": "language_model.model.layers."}\n'
            "    )\n",
            "weight_mapper = WeightsMapper(",
        ),
    ),
]

# --- #40183 (9d808e2309): weight_utils._init_fastsafetensors_loader removed (a nested _make_loader now)
FL = "9d808e2309"
FLW = "weight_utils._init_fastsafetensors_loader removed"
CASES += [
    (
        "#40183 patched loader function removed",
        "monkeypatch of the module function",
        K(
            "#40183",
            FL,
            FLW,
            "vllm/aeon/fl1.py",
            "from vllm.model_executor.model_loader import weight_utils\n\n"
            "_upstream_init = weight_utils._init_fastsafetensors_loader\n\n\n"
            "def _aeon_init(pg, device, f_list, *, nogds=False):  # type: ignore[no-untyped-def]\n"
            "    # AEON: GB10 has no GPUDirect Storage; never try it\n"
            "    return _upstream_init(pg, device, f_list, nogds=True)\n\n\n"
            "weight_utils._init_fastsafetensors_loader = _aeon_init\n",
            "weight_utils._init_fastsafetensors_loader = _aeon_init",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-weights-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
