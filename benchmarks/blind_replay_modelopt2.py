"""A blind replay of ModelOpt's FP8 and NVFP4 quantization methods a Spark fork subclasses, overrides and calls (2nd).

10 first-parent commits on ``vllm/model_executor/layers/quantization/modelopt.py`` -- the configs and linear/MoE
methods a fork that serves NVFP4 checkpoints on sm_121a subclasses (its own kernels' weight preparation, its own
``get_quant_method`` for draft layers, its own MoE quant config), picked by scanning that path's diffs
(``git log --first-parent -p``), avoiding the commits every other replay uses (``blind_replay_modelopt``,
``_nvfp4``, ``_quant``, ``_quantutils`` cover parts of this surface): ``ModelOptFp8LinearMethod.out_dtype`` now
the model's dtype instead of torch's default, the NVFP4 linear weight padded for CUTLASS (``layer.weight.shape[0]``
no longer the output size), ``g1_alphas``/``g2_alphas``/``a1_gscale``/``a2_gscale`` now passed to the FP8 MoE
quant config, ``ModelOptMixedPrecisionConfig.get_min_capability`` 89 -> 80, ``MLAAttention`` given the KV-cache
method, ``_resolve_quant_algo`` now raising ``ValueError`` on a fused layer's mixed shards (it returned ``None``),
the NVFP4 MoE's ``NotImplementedError`` under EPLB gone, ``layer.input_scale_inv`` set in
``process_weights_after_loading`` and read by ``apply``, ``swiglu_limit`` passed to the NVFP4 MoE quant config,
and ``apply_vllm_mapper`` splitting a ``module_path*`` exclusion before mapping it.  Each is replayed under 1-2
fork spellings written the way fork code is written (an ``__init__`` override without ``super()``, a
re-assignment after ``super().__init__()``, an ``apply`` override with the old output shape, a
``get_fused_moe_quant_config`` override with the old keywords, a comparison of a classmethod's return with a
literal, a ``get_quant_method`` override with the old ``isinstance`` test, a call whose ``None`` the fork relies
on, a handler of an exception upstream stopped raising, a ``process_weights_after_loading`` override without
``super()``, an ``apply_vllm_mapper`` override with the old body), with twins (fork code the commit does not
break: a ``super()`` call, a kept field, an unchanged sibling's classmethod).  The merge base is the commit's
first parent, upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a
warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at cbb8da63): 2 caught, 3 warned, 8 missed of 13 (twins: 10
quiet, 0 false errors).  Caught: #45306's two comparisons with the classmethod's old return.  Warned: #48861's
re-assignment after ``super().__init__()``, #27255's ``get_fused_moe_quant_config`` override with the old
keywords, #30164's ``apply_vllm_mapper`` override with the old body.  Missed: #48861's ``__init__`` without
``super()``, #31099's two output shapes from the padded weight, #35430's old ``isinstance`` test, #47318's
``None`` a new raise replaced, #29804's dead ``except NotImplementedError``, #23671's override without
``super()`` that never sets the field the inherited ``apply`` reads, #42209's override without the new keyword.
After the killers216 widenings: 2 caught, 10 warned, 1 missed of 13 (twins: 10 quiet, 0 false errors).  Warned
now, all by class (a warning each: the fork may keep the old body, or upstream's answer may be what its fallback
did): #48861's ``__init__`` without ``super()`` (``drift/stale_copies.py``: a ``self`` store copied word for
word from the base's old body), #42209's override (a call with the base's old keywords and values of its own),
#31099's two (a local's old binding copied; a dimension of a parameter's tensor, ``.size(0)`` for
``.shape[0]``, that upstream's method no longer reads), #35430's (the old test in a branch that leaves before an
override that hands on only on some paths reaches the base), #23671's (``drift/skipped_setups.py``: the skipped
setup is a parameter's field, ``layer.input_scale_inv``; a warning since ``apply`` returns on the Marlin path
first, an error where the read cannot be skipped), #29804's (``drift/raised_kinds.py``: a
``NotImplementedError`` an answer replaced, a refusal upstream implemented).  Left missed: #47318's
(``_resolve_quant_algo`` raised ``ValueError`` at the base already, for a packed layer's mixed shards: the kind
is not new to the def, only the path -- a fused projection's shards, now checked -- and which of its ``None``
answers the fork's test waits for is the prefix's content at runtime; a warning on every ``is None`` test of a
def gaining a raise of a kind it raised already would flood, and a partial-``None`` widening of
``drift/raised_empties.py`` was tried and reverted).
Regression set at the widenings' head (dbdaea01; the skipped-setup and raised-kind replays at 8d26cdbc, before
the last two stale-copy commits): killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet),
blind_replay_cfgparts 19 caught, 2 warned of 21 (12 quiet, 1 warned), blind_replay_coreclient 18 caught, 3
warned of 21 (10 quiet, 1 warned), blind_replay_mtpmodels 16 caught, 5 warned, 1 missed of 22 (11 quiet),
blind_replay_lora3 9 caught, 6 warned, 4 missed of 19 (10 quiet), blind_replay_linkern 20 caught, 3 warned, 2
missed of 25 (11 quiet, 2 warned), blind_replay_soutmgr 6 caught, 6 warned, 5 missed of 17 (8 quiet, 1 warned),
blind_replay_quantext 17 caught, 1 warned, 1 missed of 19 (13 quiet), blind_replay_tfconfig2 17 caught, 1 warned,
2 missed of 20 (12 quiet), review81_twins 5 caught, 3 warned of 8, 0 false of 30 (2 warned), review77_twins 7
caught, 2 warned of 9, 0 false of 39 (4 warned), review105_twins 6 caught, 1 warned of 7, 0 false of 32 (1
warned): each as recorded, 0 false errors.  Unit tests: test_stale_copy_shapes 23, test_skipped_param_setups 11,
test_raised_not_implemented_answered 6 (new); test_stale_copies + test_stale_tests 44, test_skipped_setups 18,
the raised-kind and absorbed-raise tests 315, test_fleet_profile + test_lazy_patterns 21 passed.
Mend81 (branch mend81, main at f6e62e3f): unchanged, 2 caught, 10 warned, 1 missed of 13 (twins: 10 quiet, 0
false errors).  #47318 looked at again for another owner: not the raised-kind checks (the ``ValueError`` is a kind
``_resolve_quant_algo`` raised at the base already -- no kind moved), not raised-to-None (the def still returns
``None`` on the unfused path, so the fork's ``is None`` test still holds there), and not a warning on an ``is
None`` test of a def that gained a raise site of an old kind (every such def in a window would warn: the
flood the earlier round reverted).  Left missed: which of the answers the fork's test waits for is the prefix's
content at run time.  The raised-kind widening of this mend (a method off an annotated getter) changes no line
here.

  python benchmarks/blind_replay_modelopt2.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

MO = "vllm.model_executor.layers.quantization.modelopt"

# --- #48861 (0b37d8389f): ModelOpt FP8 linear methods' out_dtype now the model dtype, not torch's default
OD = "0b37d8389f"
ODW = "ModelOptFp8*LinearMethod.out_dtype = model_config.dtype (was torch.get_default_dtype())"
CASES += [
    (
        "#48861 field's source changed",
        "an __init__ override without super() keeping the old expression",
        K(
            "#48861",
            OD,
            ODW,
            "vllm/aeon/od1.py",
            "import torch\n\nfrom vllm.config import get_current_vllm_config\n"
            f"from {MO} import ModelOptFp8Config, ModelOptFp8LinearMethod\n\n\n"
            "class AeonFp8LinearMethod(ModelOptFp8LinearMethod):\n"
            "    def __init__(self, quant_config: ModelOptFp8Config) -> None:\n"
            "        # AEON: the Spark's fp8 GEMM is built lazily, not in the base constructor\n"
            "        self.quant_config = quant_config\n"
            "        self.out_dtype = torch.get_default_dtype()\n"
            "        self.input_dtype = get_current_vllm_config().model_config.dtype\n"
            "        self.aeon_gemm = None\n",
            "self.out_dtype = torch.get_default_dtype()",
        ),
    ),
    (
        "#48861 field's source changed",
        "a re-assignment after super().__init__()",
        K(
            "#48861",
            OD,
            ODW,
            "vllm/aeon/od2.py",
            "import torch\n\n"
            f"from {MO} import ModelOptFp8Config, ModelOptFp8PcPtLinearMethod\n\n\n"
            "class AeonFp8PcPtMethod(ModelOptFp8PcPtLinearMethod):\n"
            "    def __init__(self, quant_config: ModelOptFp8Config) -> None:\n"
            "        super().__init__(quant_config)\n"
            "        # AEON: GB10's per-channel epilogue writes the default dtype\n"
            "        self.out_dtype = torch.get_default_dtype()\n",
            "self.out_dtype = torch.get_default_dtype()",
        ),
    ),
    (
        "#48861 field's source changed",
        "twin: super().__init__() and a read of the field",
        K(
            "#48861",
            OD,
            ODW,
            "vllm/aeon/od3.py",
            f"from {MO} import ModelOptFp8Config, ModelOptFp8LinearMethod\n\n\n"
            "class AeonFp8LinearMethod3(ModelOptFp8LinearMethod):\n"
            "    def __init__(self, quant_config: ModelOptFp8Config) -> None:\n"
            "        super().__init__(quant_config)\n"
            "        self.aeon_out_dtype = self.out_dtype\n",
            "self.aeon_out_dtype = self.out_dtype",
        ),
    ),
]

# --- #31099 (67fe677c53): the NVFP4 linear weight padded for CUTLASS; the output size read from the layer
PD = "67fe677c53"
PDW = "ModelOptNvFp4LinearMethod pads layer.weight (N and K); apply takes output_size_per_partition, slices the output"
CASES += [
    (
        "#31099 weight padded",
        "an apply override's output shape from layer.weight.shape[0]",
        K(
            "#31099",
            PD,
            PDW,
            "vllm/aeon/pd1.py",
            "import torch\n\nfrom vllm._custom_ops import cutlass_scaled_fp4_mm, scaled_fp4_quant\n"
            f"from {MO} import ModelOptNvFp4LinearMethod\n\n\n"
            "class AeonNvFp4LinearMethod(ModelOptNvFp4LinearMethod):\n"
            "    def apply(self, layer: torch.nn.Module, x: torch.Tensor, bias: torch.Tensor | None = None) -> torch.Tensor:\n"
            "        # AEON: the Spark always runs the CUTLASS sm_121a GEMM\n"
            "        output_shape = [x.shape[0], layer.weight.shape[0]]\n"
            "        x_fp4, x_blockscale = scaled_fp4_quant(x, layer.input_scale_inv)\n"
            "        out = cutlass_scaled_fp4_mm(x_fp4, layer.weight, x_blockscale, layer.weight_scale, layer.alpha, x.dtype)\n"
            "        if bias is not None:\n"
            "            out = out + bias\n"
            "        return out.view(*output_shape)\n",
            "output_shape = [x.shape[0], layer.weight.shape[0]]",
        ),
    ),
    (
        "#31099 weight padded",
        "an apply override's view by the weight's first dimension",
        K(
            "#31099",
            PD,
            PDW,
            "vllm/aeon/pd2.py",
            "import torch\n\nfrom vllm._custom_ops import cutlass_scaled_fp4_mm, scaled_fp4_quant\n"
            f"from {MO} import ModelOptNvFp4LinearMethod\n\n\n"
            "class AeonNvFp4LinearMethod2(ModelOptNvFp4LinearMethod):\n"
            "    def apply(self, layer, x, bias=None):\n"
            "        # AEON: the Spark's decode GEMM, no bias on its draft layers\n"
            "        x_fp4, x_scale = scaled_fp4_quant(x, layer.input_scale_inv)\n"
            "        out = cutlass_scaled_fp4_mm(x_fp4, layer.weight, x_scale, layer.weight_scale, layer.alpha, x.dtype)\n"
            "        return out.view(x.shape[0], layer.weight.size(0))\n",
            "return out.view(x.shape[0], layer.weight.size(0))",
        ),
    ),
    (
        "#31099 weight padded",
        "twin: the output size read from the layer's partition size",
        K(
            "#31099",
            PD,
            PDW,
            "vllm/aeon/pd3.py",
            "import torch\n\n"
            f"from {MO} import ModelOptNvFp4LinearMethod\n\n\n"
            "class AeonNvFp4LinearMethod3(ModelOptNvFp4LinearMethod):\n"
            "    def aeon_out_features(self, layer: torch.nn.Module) -> int:\n"
            "        return layer.output_size_per_partition\n",
            "return layer.output_size_per_partition",
        ),
    ),
]

# --- #27255 (6b7a81185d): the FP8 MoE quant config now given g1/g2 alphas and a1/a2 global scales
FA = "6b7a81185d"
FAW = "ModelOptFp8MoEMethod.get_fused_moe_quant_config passes g1_alphas, g2_alphas, a1_gscale, a2_gscale"
CASES += [
    (
        "#27255 keywords added to the base's call",
        "an override building the config with the old keywords",
        K(
            "#27255",
            FA,
            FAW,
            "vllm/aeon/fa1.py",
            "import torch\n\nfrom vllm.model_executor.layers.fused_moe.config import fp8_w8a8_moe_quant_config\n"
            f"from {MO} import ModelOptFp8MoEMethod\n\n\n"
            "class AeonFp8MoEMethod(ModelOptFp8MoEMethod):\n"
            "    def get_fused_moe_quant_config(self, layer: torch.nn.Module):\n"
            "        # AEON: the Spark's CUTLASS fp8 MoE always builds a config, TRT-LLM included\n"
            "        return fp8_w8a8_moe_quant_config(\n"
            "            w1_scale=layer.w13_weight_scale,\n"
            "            w2_scale=layer.w2_weight_scale,\n"
            "            a1_scale=layer.w13_input_scale,\n"
            "            a2_scale=layer.w2_input_scale,\n"
            "            per_act_token_quant=False,\n"
            "        )\n",
            "return fp8_w8a8_moe_quant_config(",
        ),
    ),
    (
        "#27255 keywords added to the base's call",
        "twin: an override deferring to super()",
        K(
            "#27255",
            FA,
            FAW,
            "vllm/aeon/fa2.py",
            "import torch\n\n"
            f"from {MO} import ModelOptFp8MoEMethod\n\n\n"
            "class AeonFp8MoEMethod2(ModelOptFp8MoEMethod):\n"
            "    def get_fused_moe_quant_config(self, layer: torch.nn.Module):\n"
            "        cfg = super().get_fused_moe_quant_config(layer)\n"
            "        return cfg\n",
            "cfg = super().get_fused_moe_quant_config(layer)",
        ),
    ),
]

# --- #45306 (a8c86eeb16): ModelOptMixedPrecisionConfig.get_min_capability 89 -> 80
MC = "a8c86eeb16"
MCW = "ModelOptMixedPrecisionConfig.get_min_capability() 89 -> 80 (Ampere via Marlin)"
CASES += [
    (
        "#45306 classmethod's returned constant changed",
        "a comparison of the class's return with the old literal",
        K(
            "#45306",
            MC,
            MCW,
            "vllm/aeon/mc1.py",
            f"from {MO} import ModelOptMixedPrecisionConfig\n\n\n"
            "def aeon_mixed_has_native_fp8() -> bool:\n"
            "    # AEON: the Spark's launcher reads the mixed config's floor as 'native fp8 cores'\n"
            "    return ModelOptMixedPrecisionConfig.get_min_capability() >= 89\n",
            "return ModelOptMixedPrecisionConfig.get_min_capability() >= 89",
        ),
    ),
    (
        "#45306 classmethod's returned constant changed",
        "a subclass's self. call compared for equality",
        K(
            "#45306",
            MC,
            MCW,
            "vllm/aeon/mc2.py",
            f"from {MO} import ModelOptMixedPrecisionConfig\n\n\n"
            "class AeonMixedConfig(ModelOptMixedPrecisionConfig):\n"
            "    def aeon_fp8_dense(self) -> bool:\n"
            "        # AEON: dense fp8 layers run natively when the floor is Ada's\n"
            "        return self.get_min_capability() == 89\n",
            "return self.get_min_capability() == 89",
        ),
    ),
    (
        "#45306 classmethod's returned constant changed",
        "twin: the unchanged FP8 config's floor",
        K(
            "#45306",
            MC,
            MCW,
            "vllm/aeon/mc3.py",
            f"from {MO} import ModelOptFp8Config\n\n\n"
            "def aeon_fp8_has_native_fp8() -> bool:\n"
            "    return ModelOptFp8Config.get_min_capability() >= 89\n",
            "return ModelOptFp8Config.get_min_capability() >= 89",
        ),
    ),
]

# --- #35430 (6283021142): get_quant_method gives MLAAttention the KV-cache method too
ML = "6283021142"
MLW = "ModelOptQuantConfigBase.get_quant_method: isinstance(layer, (Attention, MLAAttention)) -> KV-cache method"
CASES += [
    (
        "#35430 isinstance test widened in the base",
        "a get_quant_method override with the old test and no fall-through",
        K(
            "#35430",
            ML,
            MLW,
            "vllm/aeon/ml1.py",
            "import torch\n\nfrom vllm.model_executor.layers.attention import Attention\n"
            "from vllm.model_executor.layers.linear import LinearBase\n"
            f"from {MO} import ModelOptNvFp4Config\n\n\n"
            "class AeonNvFp4Config(ModelOptNvFp4Config):\n"
            "    def get_quant_method(self, layer: torch.nn.Module, prefix: str):\n"
            "        # AEON: only attention and linear layers are quantized on the Spark's draft model\n"
            "        if isinstance(layer, Attention):\n"
            "            return self.KVCacheMethodCls(self)\n"
            "        if isinstance(layer, LinearBase):\n"
            "            return super().get_quant_method(layer, prefix)\n"
            "        return None\n",
            "if isinstance(layer, Attention):",
        ),
    ),
    (
        "#35430 isinstance test widened in the base",
        "twin: an override that falls through to super()",
        K(
            "#35430",
            ML,
            MLW,
            "vllm/aeon/ml2.py",
            "import torch\n\nfrom vllm.model_executor.layers.linear import UnquantizedLinearMethod\n"
            f"from {MO} import ModelOptNvFp4Config\n\n\n"
            "class AeonNvFp4Config2(ModelOptNvFp4Config):\n"
            "    def get_quant_method(self, layer: torch.nn.Module, prefix: str):\n"
            '        if prefix.startswith("aeon_draft."):\n'
            "            return UnquantizedLinearMethod()\n"
            "        return super().get_quant_method(layer, prefix)\n",
            "return super().get_quant_method(layer, prefix)",
        ),
    ),
]

# --- #47318 (0a2965b1b3): _resolve_quant_algo raises ValueError on a fused layer's mixed shards (was None)
RQ = "0a2965b1b3"
RQW = "ModelOptMixedPrecisionConfig._resolve_quant_algo raises ValueError for mixed shard algos (returned None)"
CASES += [
    (
        "#47318 call now raises where it returned None",
        "a subclass relying on None for mixed shards",
        K(
            "#47318",
            RQ,
            RQW,
            "vllm/aeon/rq1.py",
            "import torch\n\nfrom vllm.model_executor.layers.linear import UnquantizedLinearMethod\n"
            f"from {MO} import ModelOptMixedPrecisionConfig\n\n\n"
            "class AeonMixedConfig2(ModelOptMixedPrecisionConfig):\n"
            "    def get_quant_method(self, layer: torch.nn.Module, prefix: str):\n"
            "        algo = self._resolve_quant_algo(prefix)\n"
            "        if algo is None:\n"
            "            # AEON: fused layers whose shards disagree stay in bf16 on the Spark\n"
            "            return UnquantizedLinearMethod()\n"
            "        return super().get_quant_method(layer, prefix)\n",
            "algo = self._resolve_quant_algo(prefix)",
        ),
    ),
    (
        "#47318 call now raises where it returned None",
        "twin: the kept exclusion test",
        K(
            "#47318",
            RQ,
            RQW,
            "vllm/aeon/rq2.py",
            f"from {MO} import ModelOptMixedPrecisionConfig\n\n\n"
            "class AeonMixedConfig3(ModelOptMixedPrecisionConfig):\n"
            "    def aeon_skipped(self, prefix: str) -> bool:\n"
            "        return self.is_layer_excluded(prefix)\n",
            "return self.is_layer_excluded(prefix)",
        ),
    ),
]

# --- #29804 (a00d88973d): the NVFP4 MoE no longer raises NotImplementedError under EPLB (routed TRT-LLM path)
EP = "a00d88973d"
EPW = "ModelOptNvFp4FusedMoE.apply: EPLB's NotImplementedError gone (routed path); supports_eplb = True"
CASES += [
    (
        "#29804 exception no longer raised",
        "a handler of the exception upstream stopped raising",
        K(
            "#29804",
            EP,
            EPW,
            "vllm/aeon/ep1.py",
            f"from {MO} import ModelOptNvFp4FusedMoE\n\n\n"
            "class AeonNvFp4MoE(ModelOptNvFp4FusedMoE):\n"
            "    def apply(self, layer, x, router_logits):\n"
            "        try:\n"
            "            return super().apply(layer, x, router_logits)\n"
            "        except NotImplementedError:\n"
            "            # AEON: the Spark's own EPLB path, with its load counters\n"
            "            return self.aeon_eplb_apply(layer, x, router_logits)\n\n"
            "    def aeon_eplb_apply(self, layer, x, router_logits):\n"
            "        raise RuntimeError\n",
            "except NotImplementedError:",
        ),
    ),
    (
        "#29804 exception no longer raised",
        "twin: a plain super().apply()",
        K(
            "#29804",
            EP,
            EPW,
            "vllm/aeon/ep2.py",
            f"from {MO} import ModelOptNvFp4FusedMoE\n\n\n"
            "class AeonNvFp4MoE2(ModelOptNvFp4FusedMoE):\n"
            "    def apply(self, layer, x, router_logits):\n"
            "        out = super().apply(layer, x, router_logits)\n"
            "        return out\n",
            "out = super().apply(layer, x, router_logits)",
        ),
    ),
]

# --- #23671 (16a45b3a28): layer.input_scale_inv set in process_weights_after_loading, read by apply
IS = "16a45b3a28"
ISW = "ModelOptNvFp4LinearMethod.process_weights_after_loading sets layer.input_scale_inv; apply reads it"
CASES += [
    (
        "#23671 new layer field set by one base method, read by another",
        "a process_weights_after_loading override without super(), apply inherited",
        K(
            "#23671",
            IS,
            ISW,
            "vllm/aeon/is1.py",
            "import torch\nfrom torch.nn import Module, Parameter\n\n"
            "from vllm.model_executor.layers.quantization.utils.quant_utils import swizzle_blockscale\n"
            f"from {MO} import ModelOptNvFp4LinearMethod\n\n\n"
            "class AeonNvFp4Prep(ModelOptNvFp4LinearMethod):\n"
            "    def process_weights_after_loading(self, layer: Module) -> None:\n"
            "        # AEON: the Spark's CUTLASS path: global scales and swizzle only\n"
            "        layer.input_scale = Parameter(layer.input_scale.max().to(torch.float32), requires_grad=False)\n"
            "        layer.weight_scale_2 = Parameter(layer.weight_scale_2.max().to(torch.float32), requires_grad=False)\n"
            "        layer.alpha = Parameter(layer.input_scale * layer.weight_scale_2, requires_grad=False)\n"
            "        layer.weight_scale = Parameter(swizzle_blockscale(layer.weight_scale), requires_grad=False)\n",
            "def process_weights_after_loading(self, layer: Module) -> None:",
        ),
    ),
    (
        "#23671 new layer field set by one base method, read by another",
        "twin: an override calling super() first",
        K(
            "#23671",
            IS,
            ISW,
            "vllm/aeon/is2.py",
            "from torch.nn import Module\n\n"
            f"from {MO} import ModelOptNvFp4LinearMethod\n\n\n"
            "class AeonNvFp4Prep2(ModelOptNvFp4LinearMethod):\n"
            "    def process_weights_after_loading(self, layer: Module) -> None:\n"
            "        super().process_weights_after_loading(layer)\n"
            "        layer.aeon_ready = True\n",
            "super().process_weights_after_loading(layer)",
        ),
    ),
]

# --- #42209 (fb21d8b4f9): swiglu_limit passed to the NVFP4 MoE quant config
SW = "fb21d8b4f9"
SWW = 'ModelOptNvFp4FusedMoE.get_fused_moe_quant_config passes swiglu_limit=getattr(layer, "swiglu_limit", None)'
CASES += [
    (
        "#42209 keyword added to the base's call",
        "an override building the config with the old keywords",
        K(
            "#42209",
            SW,
            SWW,
            "vllm/aeon/sw1.py",
            "from vllm.model_executor.layers.fused_moe.oracle.nvfp4 import make_nvfp4_moe_quant_config\n"
            f"from {MO} import ModelOptNvFp4FusedMoE\n\n\n"
            "class AeonNvFp4MoE3(ModelOptNvFp4FusedMoE):\n"
            "    def get_fused_moe_quant_config(self, layer):\n"
            "        # AEON: the Spark's global input scales are per expert\n"
            "        return make_nvfp4_moe_quant_config(\n"
            "            backend=self.nvfp4_backend,\n"
            "            w13_scale=layer.w13_weight_scale,\n"
            "            w2_scale=layer.w2_weight_scale,\n"
            "            w13_scale_2=layer.w13_weight_scale_2,\n"
            "            w2_scale_2=layer.w2_weight_scale_2,\n"
            "            a13_scale=layer.w13_input_scale.max(),\n"
            "            a2_scale=layer.w2_input_scale.max(),\n"
            "        )\n",
            "return make_nvfp4_moe_quant_config(",
        ),
    ),
    (
        "#42209 keyword added to the base's call",
        "twin: a read of the kept backend",
        K(
            "#42209",
            SW,
            SWW,
            "vllm/aeon/sw2.py",
            f"from {MO} import ModelOptNvFp4FusedMoE\n\n\n"
            "class AeonNvFp4MoE4(ModelOptNvFp4FusedMoE):\n"
            "    def aeon_backend_name(self) -> str:\n"
            "        return str(self.nvfp4_backend)\n",
            "return str(self.nvfp4_backend)",
        ),
    ),
]

# --- #30164 (0bb0bae436): apply_vllm_mapper splits a "module_path*" exclusion before mapping it
VM = "0bb0bae436"
VMW = 'ModelOptQuantConfigBase.apply_vllm_mapper rewrites "path*" as "path" and "path.*" before apply_list'
CASES += [
    (
        "#30164 base method's body grew a step",
        "an apply_vllm_mapper override with the old body",
        K(
            "#30164",
            VM,
            VMW,
            "vllm/aeon/vm1.py",
            f"from {MO} import ModelOptNvFp4Config\n\n\n"
            "class AeonNvFp4Config3(ModelOptNvFp4Config):\n"
            "    def apply_vllm_mapper(self, hf_to_vllm_mapper):\n"
            "        # AEON: the Spark's draft heads are excluded by their own list too\n"
            "        if len(self.exclude_modules) > 0:\n"
            "            self.exclude_modules = hf_to_vllm_mapper.apply_list(self.exclude_modules)\n"
            '        self.aeon_draft_excludes = hf_to_vllm_mapper.apply_list(getattr(self, "aeon_draft_excludes", []))\n',
            "self.exclude_modules = hf_to_vllm_mapper.apply_list(self.exclude_modules)",
        ),
    ),
    (
        "#30164 base method's body grew a step",
        "twin: an override calling super() first",
        K(
            "#30164",
            VM,
            VMW,
            "vllm/aeon/vm2.py",
            f"from {MO} import ModelOptNvFp4Config\n\n\n"
            "class AeonNvFp4Config4(ModelOptNvFp4Config):\n"
            "    def apply_vllm_mapper(self, hf_to_vllm_mapper):\n"
            "        super().apply_vllm_mapper(hf_to_vllm_mapper)\n"
            '        self.aeon_draft_excludes = hf_to_vllm_mapper.apply_list(getattr(self, "aeon_draft_excludes", []))\n',
            "super().apply_vllm_mapper(hf_to_vllm_mapper)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-modelopt2-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
