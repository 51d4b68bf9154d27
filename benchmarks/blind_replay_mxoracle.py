"""A blind replay of the MoE quantization oracle, the MXFP4 path and the flashinfer MoE helpers a fork carries code against.

12 first-parent commits on ``vllm/model_executor/layers/quantization/mxfp4.py``, ``fused_moe/oracle/``,
``fused_moe/config.py`` and ``quantization/utils/{mxfp4_utils,flashinfer_fp4_moe,flashinfer_utils}.py``:
``Mxfp4MoEMethod._route_and_experts`` removed, ``get_moe_scaling_factors``/``register_moe_scaling_factors``
removed, ``select_fp8_moe_backend``'s ``is_act_and_mul`` made required and ``flashinfer_trtllm_fp4_moe`` given a
required ``activation`` before ``global_num_experts``, ``calculate_tile_tokens_dim`` removed,
``IpexMxfp4MoEMethod`` renamed ``XpuMxfp4MoEMethod``, a required ``is_gated_activation`` appended to two flashinfer
weight helpers, ``get_routing_method_type`` given two required parameters, ``get_padding_alignment`` removed,
``select_unquantized_moe_backend``'s ``use_ep`` removed and then its ``use_dp`` removed with its return made a
``(backend, experts class)`` pair and ``UNSUPPORTED_BACKEND`` removed, ``select_mxfp4_moe_backend`` raising where
it returned ``(NONE, None)``, and the ROCm MXFP8 fallback selector removed -- picked by scanning those paths'
diffs (``git log --first-parent -p``), avoiding the commits the other replays use (``blind_replay_moe``,
``_moe2``, ``_fmexperts`` and ``_nvfp4`` cover the neighbouring surface).  Each is replayed under 1-2 fork
spellings written the way fork code is written (a subclass override calling ``super()``, a ``self.`` call, an
import at module top or in a function body, a module-attribute call, a ``functools.partial`` of a module
attribute, an ``isinstance`` on a module attribute, a keyword call, a positional call, a comparison with an enum
member the callee no longer returns), with twins (fork code the commit does not break: the kept method or
function, the new argument passed, a ``getattr`` with a fallback, a ``try/except`` around the call).  The merge
base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on its
line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at d4f4dc09): 21 caught, 0 warned, 1 missed of 22 (twins: 11
quiet, 1 false error of 12).  The miss: #46491's one (``select_mxfp4_moe_backend`` no longer returns
``(Mxfp4MoeBackend.NONE, None)`` where no backend fits: it raises NotImplementedError; the fork's ``if backend ==
Mxfp4MoeBackend.NONE:`` fallback never runs).  The false error: #33679's twin, ``getattr(mxfp4,
"XpuMxfp4MoEMethod", None) or getattr(mxfp4, "IpexMxfp4MoEMethod", None)`` (the new name probed first, the old
one read only where the new is absent) was reported by name drift as a read of the renamed name.

After the killers152 widenings: 22 caught, 0 warned, 0 missed of 22 (twins: 12 quiet, 0 false errors); with one
spelling and one twin added after the blind run for #46491 (an element read off the call, ``f(...)[0] is not
Mxfp4MoeBackend.NONE``; a comparison with a member still returned) and one more twin for #33679 (``try: from
... import XpuMxfp4MoEMethod`` / ``except ImportError: from ... import IpexMxfp4MoEMethod``, a false symbol-drift
error before), 23 caught of 23, 14 quiet, 0 false.  Caught
now: a member of the callee module's own enum that no path of the function returns any more (tuple value drift,
``drift/unreturned_members.py``: the module names ``Enum.MEMBER`` nowhere and reads the enum only as other
members, every return holds there a constant, a name or a call of the module's own functions, and no file of
upstream's tree returns the member; also for a member returned whole, ``return Backend.NONE``).  Quiet now: an
``or`` whose earlier operand probes the new name of the same object with a default (``drift/fallbacks.py``'s
``_probed_before``), and a gone name imported in the ``ImportError`` handler of a ``try`` that imports the new
name from the same module (``fallbacks.idle_fallback_imports``; review63 folded it into
``drift/fallback_imports.py``'s one reading).  Left: two more twins of #33679 probed by hand
stay false symbol/name-drift errors, ``getattr(mxfp4, "XpuMxfp4MoEMethod", None) or
mxfp4.IpexMxfp4MoEMethod`` (the attribute read short-circuited only where the new value is truthy, which the
engine would have to know is a class) and ``next(c for c in (getattr(m, "New", None), getattr(m, "Old", None))
if c)``; not in the replay (review63 made both quiet: ``benchmarks/review63_twins.py``).  Regression set at the widenings' head: killer_replay 26/26, kind_change_replay 12/12 (5
twins quiet), review15/16/17_twins 0 false errors (40, 30, 23 twins), blind_replay_moe 30 caught, 1 warned of 31
(13 quiet), blind_replay_moe2 16/16 (10 quiet), blind_replay_nvfp4 15 caught, 1 warned of 16 (10 quiet),
blind_replay_fmexperts 19 caught, 2 warned of 21 (11 quiet): each as on main, 0 false errors;
``symbol_precision.py --windows 1``: 0 false errors (5 broken overrides, 4 caught).

mend52 closed the two left twins (``benchmarks/review65_twins.py``: quiet now, with a probed name the merged module
does not define as a class or function still an error); this replay is unchanged: 23 caught of 23, 14 quiet.

  python benchmarks/blind_replay_mxoracle.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #27123 (938772af03): Mxfp4MoEMethod._route_and_experts removed (the modular-kernel path moved out)
RE = "938772af03"
REW = "Mxfp4MoEMethod._route_and_experts removed"
MX = "from vllm.model_executor.layers.quantization.mxfp4 import Mxfp4MoEMethod\n\n\n"
CASES += [
    (
        "#27123 method removed",
        "a subclass override calling super()",
        K(
            "#27123",
            RE,
            REW,
            "vllm/aeon/re1.py",
            MX + "class AeonMxfp4MoEMethod(Mxfp4MoEMethod):\n"
            "    def _route_and_experts(self, layer, x, router_logits, top_k, renormalize, **kwargs):\n"
            "        # AEON: GB10 keeps the router logits in fp32 before the modular kernel\n"
            "        router_logits = router_logits.float()\n"
            "        return super()._route_and_experts(layer, x, router_logits, top_k, renormalize, **kwargs)\n",
            "return super()._route_and_experts(layer, x, router_logits, top_k, renormalize, **kwargs)",
        ),
    ),
    (
        "#27123 method removed",
        "a self. call from a fork method",
        K(
            "#27123",
            RE,
            REW,
            "vllm/aeon/re2.py",
            MX + "class AeonMxfp4Eager(Mxfp4MoEMethod):\n"
            "    def aeon_forward_eager(self, layer, x, router_logits, top_k):\n"
            "        return self._route_and_experts(layer, x, router_logits, top_k, renormalize=True)\n",
            "return self._route_and_experts(layer, x, router_logits, top_k, renormalize=True)",
        ),
    ),
    (
        "#27123 method removed",
        "twin: get_fused_moe_quant_config kept",
        K(
            "#27123",
            RE,
            REW,
            "vllm/aeon/re3.py",
            MX + "class AeonMxfp4Quant(Mxfp4MoEMethod):\n"
            "    def get_fused_moe_quant_config(self, layer):\n"
            "        config = super().get_fused_moe_quant_config(layer)\n"
            "        return config\n",
            "config = super().get_fused_moe_quant_config(layer)",
        ),
    ),
]

# --- #31593 (af8fd73051): flashinfer_utils.get_moe_scaling_factors / register_moe_scaling_factors removed
SF = "af8fd73051"
SFW = "get_moe_scaling_factors and register_moe_scaling_factors removed"
FIU = "vllm.model_executor.layers.quantization.utils.flashinfer_utils"
CASES += [
    (
        "#31593 functions removed",
        "an import and a call",
        K(
            "#31593",
            SF,
            SFW,
            "vllm/aeon/sf1.py",
            f"from {FIU} import get_moe_scaling_factors\n\n\n"
            "def aeon_out_scales(layer):\n"
            "    # AEON: the Spark's fp8 MoE rescales after its own weight swap\n"
            "    return get_moe_scaling_factors(\n"
            "        layer.w13_input_scale, layer.w13_weight_scale, layer.w2_input_scale, layer.w2_weight_scale\n"
            "    )\n",
            f"from {FIU} import get_moe_scaling_factors",
        ),
    ),
    (
        "#31593 functions removed",
        "a module-attribute call",
        K(
            "#31593",
            SF,
            SFW,
            "vllm/aeon/sf2.py",
            "from vllm.model_executor.layers.quantization.utils import flashinfer_utils as fiu\n\n\n"
            "def aeon_after_swap(layer) -> None:\n"
            "    fiu.register_moe_scaling_factors(layer)\n",
            "fiu.register_moe_scaling_factors(layer)",
        ),
    ),
    (
        "#31593 functions removed",
        "twin: swap_w13_to_w31 kept",
        K(
            "#31593",
            SF,
            SFW,
            "vllm/aeon/sf3.py",
            "from vllm.model_executor.layers.quantization.utils import flashinfer_utils as fiu\n\n\n"
            "def aeon_swap(w13):\n"
            "    return fiu.swap_w13_to_w31(w13)\n",
            "return fiu.swap_w13_to_w31(w13)",
        ),
    ),
]

# --- #32257 (c277fbdf31): select_fp8_moe_backend's is_act_and_mul made required;
#     flashinfer_trtllm_fp4_moe gained a required ``activation`` before ``global_num_experts``
NG = "c277fbdf31"
NGW = "is_act_and_mul required; activation inserted"
CASES += [
    (
        "#32257 parameter required",
        "a keyword call without the now-required keyword",
        K(
            "#32257",
            NG,
            NGW,
            "vllm/aeon/ng1.py",
            "from vllm.model_executor.layers.fused_moe.oracle.fp8 import select_fp8_moe_backend\n\n\n"
            "def aeon_fp8_backend(tp_size: int):\n"
            "    # AEON: the Spark runs block-quantized fp8 experts without LoRA\n"
            "    return select_fp8_moe_backend(block_quant=True, tp_size=tp_size, with_lora_support=False)\n",
            "return select_fp8_moe_backend(block_quant=True, tp_size=tp_size, with_lora_support=False)",
        ),
    ),
    (
        "#32257 parameter inserted",
        "a positional call shifted by the new parameter",
        K(
            "#32257",
            NG,
            NGW,
            "vllm/aeon/ng2.py",
            "from vllm.model_executor.layers.quantization.utils.flashinfer_fp4_moe import flashinfer_trtllm_fp4_moe\n\n\n"
            "def aeon_fp4_moe(layer, x, router_logits, top_k: int, num_experts: int):\n"
            "    return flashinfer_trtllm_fp4_moe(layer, x, router_logits, top_k, num_experts, None, None, None, None)\n",
            "return flashinfer_trtllm_fp4_moe(layer, x, router_logits, top_k, num_experts, None, None, None, None)",
        ),
    ),
    (
        "#32257 parameter required",
        "twin: every argument passed by keyword",
        K(
            "#32257",
            NG,
            NGW,
            "vllm/aeon/ng3.py",
            "from vllm.model_executor.layers.fused_moe.oracle.fp8 import select_fp8_moe_backend\n\n\n"
            "def aeon_fp8_backend(tp_size: int):\n"
            "    return select_fp8_moe_backend(\n"
            "        block_quant=True, tp_size=tp_size, with_lora_support=False, is_act_and_mul=True\n"
            "    )\n",
            "block_quant=True, tp_size=tp_size, with_lora_support=False, is_act_and_mul=True",
        ),
    ),
]

# --- #30993 (808d6fd7b9): flashinfer_utils.calculate_tile_tokens_dim removed
TT = "808d6fd7b9"
TTW = "calculate_tile_tokens_dim removed"
CASES += [
    (
        "#30993 function removed",
        "an import in a function body",
        K(
            "#30993",
            TT,
            TTW,
            "vllm/aeon/tt1.py",
            "def aeon_tile(num_tokens: int, top_k: int, num_experts: int) -> int:\n"
            "    # AEON: the Spark's small batches want the narrowest tile\n"
            f"    from {FIU} import calculate_tile_tokens_dim\n\n"
            "    return calculate_tile_tokens_dim(num_tokens, top_k, num_experts)\n",
            f"from {FIU} import calculate_tile_tokens_dim",
        ),
    ),
    (
        "#30993 function removed",
        "a partial of the module attribute",
        K(
            "#30993",
            TT,
            TTW,
            "vllm/aeon/tt2.py",
            "import functools\n\n"
            "from vllm.model_executor.layers.quantization.utils import flashinfer_utils\n\n"
            "aeon_tile_for_8 = functools.partial(flashinfer_utils.calculate_tile_tokens_dim, top_k=8)\n",
            "aeon_tile_for_8 = functools.partial(flashinfer_utils.calculate_tile_tokens_dim, top_k=8)",
        ),
    ),
    (
        "#30993 function removed",
        "twin: FlashinferMoeBackend kept",
        K(
            "#30993",
            TT,
            TTW,
            "vllm/aeon/tt3.py",
            f"from {FIU} import FlashinferMoeBackend\n\n\n"
            "def aeon_is_latency(backend: FlashinferMoeBackend) -> bool:\n"
            "    return backend is FlashinferMoeBackend.TENSORRT_LLM\n",
            "return backend is FlashinferMoeBackend.TENSORRT_LLM",
        ),
    ),
]

# --- #33679 (7439e4f41b): IpexMxfp4MoEMethod renamed XpuMxfp4MoEMethod
IX = "7439e4f41b"
IXW = "IpexMxfp4MoEMethod -> XpuMxfp4MoEMethod"
CASES += [
    (
        "#33679 class renamed",
        "an import and a subclass",
        K(
            "#33679",
            IX,
            IXW,
            "vllm/aeon/ix1.py",
            "from vllm.model_executor.layers.quantization.mxfp4 import IpexMxfp4MoEMethod\n\n\n"
            "class AeonXpuMxfp4(IpexMxfp4MoEMethod):\n"
            "    pass\n",
            "from vllm.model_executor.layers.quantization.mxfp4 import IpexMxfp4MoEMethod",
        ),
    ),
    (
        "#33679 class renamed",
        "an isinstance on the module attribute",
        K(
            "#33679",
            IX,
            IXW,
            "vllm/aeon/ix2.py",
            "from vllm.model_executor.layers.quantization import mxfp4\n\n\n"
            "def aeon_on_xpu(method) -> bool:\n"
            "    return isinstance(method, mxfp4.IpexMxfp4MoEMethod)\n",
            "return isinstance(method, mxfp4.IpexMxfp4MoEMethod)",
        ),
    ),
    (
        "#33679 class renamed",
        "twin: a guarded getattr with a fallback",
        K(
            "#33679",
            IX,
            IXW,
            "vllm/aeon/ix3.py",
            "from vllm.model_executor.layers.quantization import mxfp4\n\n"
            'AEON_XPU_METHOD = getattr(mxfp4, "XpuMxfp4MoEMethod", None) or getattr(mxfp4, "IpexMxfp4MoEMethod", None)\n',
            'AEON_XPU_METHOD = getattr(mxfp4, "XpuMxfp4MoEMethod", None) or getattr(mxfp4, "IpexMxfp4MoEMethod", None)',
        ),
    ),
    (
        "#33679 class renamed",
        "twin: (added after the blind run) the old name imported where the new one is not",
        K(
            "#33679",
            IX,
            IXW,
            "vllm/aeon/ix4.py",
            "try:\n"
            "    from vllm.model_executor.layers.quantization.mxfp4 import XpuMxfp4MoEMethod as AeonXpuMethod\n"
            "except ImportError:\n"
            "    from vllm.model_executor.layers.quantization.mxfp4 import IpexMxfp4MoEMethod as AeonXpuMethod\n",
            "    from vllm.model_executor.layers.quantization.mxfp4 import IpexMxfp4MoEMethod as AeonXpuMethod",
        ),
    ),
]

# --- #33506 (f120bd42d3): a required is_gated_activation appended to two flashinfer weight helpers
GA = "f120bd42d3"
GAW = "is_gated_activation required"
CASES += [
    (
        "#33506 parameter required",
        "a positional call",
        K(
            "#33506",
            GA,
            GAW,
            "vllm/aeon/ga1.py",
            f"from {FIU} import rotate_weights_for_fi_trtllm_fp8_per_tensor_moe\n\n\n"
            "def aeon_rotate(layer) -> None:\n"
            "    # AEON: the Spark reloads fp8 experts after sleep mode and must shuffle again\n"
            "    rotate_weights_for_fi_trtllm_fp8_per_tensor_moe(layer.w13_weight, layer.w2_weight)\n",
            "rotate_weights_for_fi_trtllm_fp8_per_tensor_moe(layer.w13_weight, layer.w2_weight)",
        ),
    ),
    (
        "#33506 parameter required",
        "a keyword call on the module attribute",
        K(
            "#33506",
            GA,
            GAW,
            "vllm/aeon/ga2.py",
            "from vllm.model_executor.layers.quantization.utils import flashinfer_fp4_moe as fi4\n\n\n"
            "def aeon_prepare(w13, w2, s13, s2, hidden: int, inter: int, experts: int):\n"
            "    return fi4.prepare_static_weights_for_trtllm_fp4_moe(\n"
            "        gemm1_weights=w13,\n"
            "        gemm2_weights=w2,\n"
            "        gemm1_scales_linear_fp4_bytes=s13,\n"
            "        gemm2_scales_linear_fp4_bytes=s2,\n"
            "        hidden_size=hidden,\n"
            "        intermediate_size=inter,\n"
            "        num_experts=experts,\n"
            "    )\n",
            "return fi4.prepare_static_weights_for_trtllm_fp4_moe(",
        ),
    ),
    (
        "#33506 parameter required",
        "twin: the new argument passed",
        K(
            "#33506",
            GA,
            GAW,
            "vllm/aeon/ga3.py",
            f"from {FIU} import rotate_weights_for_fi_trtllm_fp8_per_tensor_moe\n\n\n"
            "def aeon_rotate(layer) -> None:\n"
            "    rotate_weights_for_fi_trtllm_fp8_per_tensor_moe(layer.w13_weight, layer.w2_weight, True)\n",
            "rotate_weights_for_fi_trtllm_fp8_per_tensor_moe(layer.w13_weight, layer.w2_weight, True)",
        ),
    ),
]

# --- #34673 (847a57cd12): get_routing_method_type gained required num_expert_group and has_e_score_bias
RM = "847a57cd12"
RMW = "get_routing_method_type: two required parameters appended"
CFG = "vllm.model_executor.layers.fused_moe.config"
CASES += [
    (
        "#34673 parameters required",
        "a positional call",
        K(
            "#34673",
            RM,
            RMW,
            "vllm/aeon/rm1.py",
            f"from {CFG} import RoutingMethodType, get_routing_method_type\n\n\n"
            "def aeon_is_deepseek(top_k: int) -> bool:\n"
            "    # AEON: the Spark's sigmoid-routed models take the DeepSeek routing kernel\n"
            '    return get_routing_method_type("sigmoid", top_k, True) == RoutingMethodType.DeepSeekV3\n',
            'return get_routing_method_type("sigmoid", top_k, True) == RoutingMethodType.DeepSeekV3',
        ),
    ),
    (
        "#34673 parameters required",
        "a keyword call on the module",
        K(
            "#34673",
            RM,
            RMW,
            "vllm/aeon/rm2.py",
            "from vllm.model_executor.layers.fused_moe import config as moe_cfg\n\n\n"
            "def aeon_routing(layer):\n"
            "    return moe_cfg.get_routing_method_type(\n"
            "        scoring_func=layer.scoring_func, top_k=layer.top_k, renormalize=layer.renormalize\n"
            "    )\n",
            "return moe_cfg.get_routing_method_type(",
        ),
    ),
    (
        "#34673 parameters required",
        "twin: an enum member read",
        K(
            "#34673",
            RM,
            RMW,
            "vllm/aeon/rm3.py",
            f"from {CFG} import RoutingMethodType\n\n\n"
            "def aeon_renormalizes(kind: RoutingMethodType) -> bool:\n"
            "    return kind == RoutingMethodType.Renormalize\n",
            "return kind == RoutingMethodType.Renormalize",
        ),
    ),
]

# --- #38043 (0e9358c11d): mxfp4_utils.get_padding_alignment removed
PA = "0e9358c11d"
PAW = "get_padding_alignment removed"
MXU = "vllm.model_executor.layers.quantization.utils.mxfp4_utils"
CASES += [
    (
        "#38043 function removed",
        "an import",
        K(
            "#38043",
            PA,
            PAW,
            "vllm/aeon/pa1.py",
            f"from {MXU} import get_padding_alignment\n"
            "from vllm.utils.math_utils import round_up\n\n\n"
            "def aeon_pad(hidden_size: int) -> int:\n"
            "    return round_up(hidden_size, get_padding_alignment())\n",
            f"from {MXU} import get_padding_alignment",
        ),
    ),
    (
        "#38043 function removed",
        "a module-attribute call",
        K(
            "#38043",
            PA,
            PAW,
            "vllm/aeon/pa2.py",
            "from vllm.model_executor.layers.quantization.utils import mxfp4_utils\n\n\n"
            "def aeon_alignment() -> int:\n"
            "    return mxfp4_utils.get_padding_alignment()\n",
            "return mxfp4_utils.get_padding_alignment()",
        ),
    ),
    (
        "#38043 function removed",
        "twin: _dequant_mxfp4 kept",
        K(
            "#38043",
            PA,
            PAW,
            "vllm/aeon/pa3.py",
            "import torch\n\n"
            "from vllm.model_executor.layers.quantization.utils import mxfp4_utils\n\n\n"
            "def aeon_dequant(x, scale):\n"
            "    return mxfp4_utils._dequant_mxfp4(x, scale, torch.bfloat16)\n",
            "return mxfp4_utils._dequant_mxfp4(x, scale, torch.bfloat16)",
        ),
    ),
]

# --- #38423 (b4a2f3ac36): select_unquantized_moe_backend's use_ep removed
UE = "b4a2f3ac36"
UEW = "select_unquantized_moe_backend(moe_config, use_ep, use_dp) -> (moe_config, use_dp)"
UNQ = "vllm.model_executor.layers.fused_moe.oracle.unquantized"
CASES += [
    (
        "#38423 parameter removed",
        "a keyword call",
        K(
            "#38423",
            UE,
            UEW,
            "vllm/aeon/ue1.py",
            f"from {UNQ} import select_unquantized_moe_backend\n\n\n"
            "def aeon_bf16_backend(moe_config):\n"
            "    # AEON: the Spark serves one GPU, no expert parallelism\n"
            "    return select_unquantized_moe_backend(moe_config, use_ep=False, use_dp=False)\n",
            "return select_unquantized_moe_backend(moe_config, use_ep=False, use_dp=False)",
        ),
    ),
    (
        "#38423 parameter removed",
        "a positional call from a config's fields",
        K(
            "#38423",
            UE,
            UEW,
            "vllm/aeon/ue2.py",
            "from vllm.model_executor.layers.fused_moe.oracle import unquantized as unq\n\n\n"
            "def aeon_backend(moe):\n"
            "    par = moe.moe_parallel_config\n"
            "    return unq.select_unquantized_moe_backend(moe, par.use_ep, par.dp_size > 1)\n",
            "return unq.select_unquantized_moe_backend(moe, par.use_ep, par.dp_size > 1)",
        ),
    ),
    (
        "#38423 parameter removed",
        "twin: map_unquantized_backend kept",
        K(
            "#38423",
            UE,
            UEW,
            "vllm/aeon/ue3.py",
            f"from {UNQ} import map_unquantized_backend\n\n\n"
            "def aeon_forced(name: str):\n"
            "    return map_unquantized_backend(name)\n",
            "return map_unquantized_backend(name)",
        ),
    ),
]

# --- #36286 (d9b90a07ac): select_unquantized_moe_backend returns (backend, experts class), its use_dp removed;
#     UNSUPPORTED_BACKEND removed
UO = "d9b90a07ac"
UOW = "select_unquantized_moe_backend -> tuple, use_dp removed; UNSUPPORTED_BACKEND removed"
CASES += [
    (
        "#36286 parameter removed",
        "a keyword call",
        K(
            "#36286",
            UO,
            UOW,
            "vllm/aeon/uo1.py",
            f"from {UNQ} import UnquantizedMoeBackend, select_unquantized_moe_backend\n\n\n"
            "def aeon_uses_triton(moe_config) -> bool:\n"
            "    backend = select_unquantized_moe_backend(moe_config, use_dp=False)\n"
            "    return backend == UnquantizedMoeBackend.TRITON\n",
            "backend = select_unquantized_moe_backend(moe_config, use_dp=False)",
        ),
    ),
    (
        "#36286 constant removed",
        "a module attribute",
        K(
            "#36286",
            UO,
            UOW,
            "vllm/aeon/uo2.py",
            "from vllm.model_executor.layers.fused_moe.oracle import unquantized as unq\n\n\n"
            "def aeon_needs_method(backend) -> bool:\n"
            "    # AEON: the fork keeps its own apply() for the backends with no modular kernel\n"
            "    return backend in unq.UNSUPPORTED_BACKEND\n",
            "return backend in unq.UNSUPPORTED_BACKEND",
        ),
    ),
    (
        "#36286 parameter removed",
        "twin: map_unquantized_backend kept",
        K(
            "#36286",
            UO,
            UOW,
            "vllm/aeon/uo3.py",
            f"from {UNQ} import UnquantizedMoeBackend, map_unquantized_backend\n\n\n"
            "def aeon_is_triton(name: str) -> bool:\n"
            "    return map_unquantized_backend(name) is UnquantizedMoeBackend.TRITON\n",
            "return map_unquantized_backend(name) is UnquantizedMoeBackend.TRITON",
        ),
    ),
]

# --- #46491 (33fe71a4d3): select_mxfp4_moe_backend no longer returns (NONE, None): it raises NotImplementedError
NO = "33fe71a4d3"
NOW = "select_mxfp4_moe_backend: (NONE, None) -> NotImplementedError"
MXO = "vllm.model_executor.layers.fused_moe.oracle.mxfp4"
CASES += [
    (
        "#46491 return made a raise",
        "a fallback on the NONE member",
        K(
            "#46491",
            NO,
            NOW,
            "vllm/aeon/no1.py",
            f"from {MXO} import Mxfp4MoeBackend, select_mxfp4_moe_backend\n\n\n"
            "def aeon_mxfp4_or_dequant(moe_config):\n"
            "    # AEON: no native MXFP4 kernel on this device: dequantize to bf16 at load\n"
            "    backend, experts_cls = select_mxfp4_moe_backend(moe_config)\n"
            "    if backend == Mxfp4MoeBackend.NONE:\n"
            "        return None\n"
            "    return experts_cls\n",
            "if backend == Mxfp4MoeBackend.NONE:",
        ),
    ),
    (
        "#46491 return made a raise",
        "(added after the blind run) an element read off the call",
        K(
            "#46491",
            NO,
            NOW,
            "vllm/aeon/no3.py",
            f"from {MXO} import Mxfp4MoeBackend, select_mxfp4_moe_backend\n\n\n"
            "def aeon_has_native_mxfp4(moe_config) -> bool:\n"
            "    return select_mxfp4_moe_backend(moe_config)[0] is not Mxfp4MoeBackend.NONE\n",
            "return select_mxfp4_moe_backend(moe_config)[0] is not Mxfp4MoeBackend.NONE",
        ),
    ),
    (
        "#46491 return made a raise",
        "twin: (added after the blind run) a member still returned",
        K(
            "#46491",
            NO,
            NOW,
            "vllm/aeon/no4.py",
            f"from {MXO} import Mxfp4MoeBackend, select_mxfp4_moe_backend\n\n\n"
            "def aeon_on_triton(moe_config) -> bool:\n"
            "    backend, _ = select_mxfp4_moe_backend(moe_config)\n"
            "    return backend == Mxfp4MoeBackend.TRITON\n",
            "return backend == Mxfp4MoeBackend.TRITON",
        ),
    ),
    (
        "#46491 return made a raise",
        "twin: a try/except around the call",
        K(
            "#46491",
            NO,
            NOW,
            "vllm/aeon/no2.py",
            f"from {MXO} import select_mxfp4_moe_backend\n\n\n"
            "def aeon_mxfp4_or_dequant(moe_config):\n"
            "    try:\n"
            "        _, experts_cls = select_mxfp4_moe_backend(moe_config)\n"
            "    except NotImplementedError:\n"
            "        return None\n"
            "    return experts_cls\n",
            "_, experts_cls = select_mxfp4_moe_backend(moe_config)",
        ),
    ),
]

# --- #49747 (5369f7b7b8): oracle/mxfp8._select_rocm_mxfp8_backend removed
RX = "5369f7b7b8"
RXW = "_select_rocm_mxfp8_backend removed"
CASES += [
    (
        "#49747 function removed",
        "a module-attribute call",
        K(
            "#49747",
            RX,
            RXW,
            "vllm/aeon/rx1.py",
            "from vllm.model_executor.layers.fused_moe.oracle import mxfp8 as mxfp8_oracle\n\n\n"
            "def aeon_rocm_fallback():\n"
            "    backend, experts_cls = mxfp8_oracle._select_rocm_mxfp8_backend()\n"
            "    return backend, experts_cls\n",
            "backend, experts_cls = mxfp8_oracle._select_rocm_mxfp8_backend()",
        ),
    ),
    (
        "#49747 function removed",
        "twin: select_mxfp8_moe_backend kept",
        K(
            "#49747",
            RX,
            RXW,
            "vllm/aeon/rx2.py",
            "from vllm.model_executor.layers.fused_moe.oracle import mxfp8 as mxfp8_oracle\n\n\n"
            "def aeon_backend(moe_config):\n"
            "    return mxfp8_oracle.select_mxfp8_moe_backend(moe_config)\n",
            "return mxfp8_oracle.select_mxfp8_moe_backend(moe_config)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-mxoracle-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
