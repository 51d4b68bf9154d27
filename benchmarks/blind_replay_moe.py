"""A blind replay of the fused-MoE layer, its config and modular kernels a fork patches.

10 first-parent commits (18 spellings, 10 twins) on the surface a fork that carries MoE kernels or MoE models writes code against --
the layer (``FusedMoE`` renamed ``FusedMoEFactory``; its ``dp_size``/``pcp_size``/``dp_rank`` properties and
its ``has_shared_experts`` keyword removed when execution moved to the runner; ``determine_expert_map`` moved
out of ``layer.py``), its config (``FusedMoEParallelConfig.use_dp_chunking`` and the ``VLLM_MOE_DP_CHUNK_SIZE``
knob removed with DP chunking; ``RoutingMethodType.Unspecified`` 8 -> 9), the modular kernel
(``FusedMoEKernel``'s ``shared_experts`` parameter removed from between ``fused_experts`` and ``inplace``,
``owns_shared_experts`` renamed; ``supports_expert_map`` removed; ``activation``/``apply_moe_activation``'s
``clamp_limit`` keyword folded into an ``ApplyMoEActivationConfig``), and ``fused_moe.py`` (the experts classes
moved to ``fused_moe/experts/``, ``fused_marlin_moe.py`` renamed; ``_get_config_quant_dtype``'s
``ocp_mx_scheme`` removed) -- picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding
the commits the other replays use.  Each is replayed under 1-3 fork spellings written the way fork code is
written (an import, a keyword, a positional argument, an attribute read off a typed receiver, a subclass's
``self.`` read, an int compared with an enum-typed field, an environment key), with twins (fork code the
commit does not break).  The merge base is the commit's first parent, upstream is the commit; a spelling is
*caught* when an error lands on its line, *warned* when a warning lands in its file.  Twins must stay
*quiet*: no error on their line.

Blind, on the engine before any widening (main at 12e6b122): 17 caught, 0 warned, 1 missed of 18 (twins: 10
quiet, 0 false errors).  The miss: #44359's ``self.activation(activation, out, inp, clamp_limit=7.0)`` in a
fork subclass of ``TritonExperts`` -- the method is inherited two hops up, from ``mk.FusedMoEExpertsModular``
(a base spelt through a module alias, in another module), whose keyword-only ``clamp_limit`` upstream removed.
On reading it, no killer: ``TritonExperts`` overrides ``activation(self, activation, output, input, **kwargs)`` and
swallows the keyword both before and after the commit; the spelling is a twin now, so blind: 17 caught, 0 missed
of 17 (twins: 11 quiet, 0 false errors).
Added after the blind run (killers63), 14 spellings and 2 twins -- the same commits under harder spellings (an
override of a removed flag or of a hook whose parameters changed, an env knob a launcher sets, ``super()`` of a
removed method, a dict handed on with ``**``, a read off an attribute built as the layer, a module named by
string, ``getattr`` of the renamed factory, a partial, an int-keyed table), the fork's own experts class for
#44359, and #44613 (f87df1df9e: ``FusedMoEConfig.max_capture_size`` added with the default 0, which upstream's
layer passes and its experts now read): before the widenings 12 caught, 2 missed (``getattr(moe_layer,
"FusedMoE")``, #44613's fork-built config).
After killers63: 30 caught, 1 warned, 0 missed of 31 (twins: 13 quiet, 0 false errors).  Caught now: a module's
name read by ``getattr`` with no fallback, which upstream renamed or removed (symbol drift, as ``mod.Name``).
Warned: a field upstream added and passes at each served build of its own, which a fork build leaves to its
default and hands on (default drift, ``drift/filled_fields.py``; a warning by design: the default may be what
the fork means).  The regression set on the same snapshot: killer_replay 26 of 26, kind_change_replay 12 of 12,
blind_replay_openai 17 caught, 1 warned of 18, blind_replay_moves 25 of 25, blind_replay_layers 45 of 45,
review15/16/17_twins 0 false errors, symbol_precision --windows 3 0 false errors.

  python benchmarks/blind_replay_moe.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #44941 (6e311c6e20): the FusedMoE factory function renamed FusedMoEFactory (package export too)
FF = "6e311c6e20"
FFW = "FusedMoE renamed FusedMoEFactory"
CASES += [
    (
        "#44941 layer factory renamed",
        "an import from the package",
        K(
            "#44941",
            FF,
            FFW,
            "vllm/aeon/ff1.py",
            "import torch\n\nfrom vllm.model_executor.layers.fused_moe import FusedMoE\n\n\n"
            "class AeonSparseBlock(torch.nn.Module):\n"
            "    def __init__(self, num_experts: int, hidden: int, inter: int) -> None:\n"
            "        super().__init__()\n"
            "        self.experts = FusedMoE(num_experts=num_experts, top_k=2, hidden_size=hidden, intermediate_size=inter)\n",
            "from vllm.model_executor.layers.fused_moe import FusedMoE",
        ),
    ),
    (
        "#44941 layer factory renamed",
        "a module attribute off the layer module",
        K(
            "#44941",
            FF,
            FFW,
            "vllm/aeon/ff2.py",
            "from vllm.model_executor.layers.fused_moe import layer as moe_layer\n\n\n"
            "def aeon_experts(num_experts: int, hidden: int, inter: int):\n"
            "    return moe_layer.FusedMoE(num_experts=num_experts, top_k=2, hidden_size=hidden, intermediate_size=inter)\n",
            "return moe_layer.FusedMoE(num_experts=num_experts, top_k=2, hidden_size=hidden, intermediate_size=inter)",
        ),
    ),
    (
        "#44941 layer factory renamed",
        "twin: the mapping helper kept",
        K(
            "#44941",
            FF,
            FFW,
            "vllm/aeon/ff3.py",
            "from vllm.model_executor.layers.fused_moe import fused_moe_make_expert_params_mapping\n\n\n"
            "def aeon_mapping(n: int):\n"
            "    return fused_moe_make_expert_params_mapping(None, 'gate_proj', 'down_proj', 'up_proj', n)\n",
            "from vllm.model_executor.layers.fused_moe import fused_moe_make_expert_params_mapping",
        ),
    ),
]

# --- #32344 (d1481ba783): MoERunner takes FusedMoE's execution; FusedMoE.dp_size/pcp_size/dp_rank and the
#     has_shared_experts keyword removed
RN = "d1481ba783"
RNW = "FusedMoE.dp_size and has_shared_experts removed"
LAYER = "from vllm.model_executor.layers.fused_moe.layer import FusedMoE\n\n\n"
CASES += [
    (
        "#32344 layer property removed",
        "a subclass's self read",
        K(
            "#32344",
            RN,
            RNW,
            "vllm/aeon/rn1.py",
            LAYER + "class AeonFusedMoE(FusedMoE):\n"
            "    def aeon_gathers(self) -> bool:\n"
            "        # AEON: the Spark's single-GPU DP runs skip the all-gather\n"
            "        return self.dp_size > 1\n",
            "return self.dp_size > 1",
        ),
    ),
    (
        "#32344 layer property removed",
        "a keyword to the layer",
        K(
            "#32344",
            RN,
            RNW,
            "vllm/aeon/rn2.py",
            LAYER + "def aeon_experts(num_experts: int, hidden: int, inter: int) -> FusedMoE:\n"
            "    return FusedMoE(num_experts=num_experts, top_k=2, hidden_size=hidden, intermediate_size=inter, has_shared_experts=True)\n",
            "return FusedMoE(num_experts=num_experts, top_k=2, hidden_size=hidden, intermediate_size=inter, has_shared_experts=True)",
        ),
    ),
    (
        "#32344 layer property removed",
        "twin: tp_size kept",
        K(
            "#32344",
            RN,
            RNW,
            "vllm/aeon/rn3.py",
            LAYER + "def aeon_sharded(experts: FusedMoE) -> bool:\n    return experts.tp_size > 1\n",
            "return experts.tp_size > 1",
        ),
    ),
]

# --- #41046 (206eaed08d): expert-map code moved into ExpertMapManager (expert_map_manager.py)
EM = "206eaed08d"
EMW = "determine_expert_map moved out of layer.py"
CASES += [
    (
        "#41046 function moved",
        "an import from the old module",
        K(
            "#41046",
            EM,
            EMW,
            "vllm/aeon/em1.py",
            "from vllm.model_executor.layers.fused_moe.layer import determine_expert_map\n\n\n"
            "def aeon_local_experts(ep_size: int, ep_rank: int, n: int) -> int:\n"
            "    return determine_expert_map(ep_size, ep_rank, n)[0]\n",
            "from vllm.model_executor.layers.fused_moe.layer import determine_expert_map",
        ),
    ),
    (
        "#41046 function moved",
        "twin: the layer class imported from the same module",
        K(
            "#41046",
            EM,
            EMW,
            "vllm/aeon/em2.py",
            "from vllm.model_executor.layers.fused_moe.layer import FusedMoE\n\n\n"
            "def aeon_is_moe(module) -> bool:\n    return isinstance(module, FusedMoE)\n",
            "from vllm.model_executor.layers.fused_moe.layer import FusedMoE",
        ),
    ),
]

# --- #39107 (e1e318af01): MoE DP chunking removed (FusedMoEParallelConfig.use_dp_chunking, VLLM_MOE_DP_CHUNK_SIZE,
#     the chunking runner)
DC = "e1e318af01"
DCW = "DP chunking removed"
CASES += [
    (
        "#39107 config property removed",
        "a read off a typed config",
        K(
            "#39107",
            DC,
            DCW,
            "vllm/aeon/dc1.py",
            "from vllm.model_executor.layers.fused_moe.config import FusedMoEParallelConfig\n\n\n"
            "def aeon_chunked(cfg: FusedMoEParallelConfig) -> bool:\n"
            "    return cfg.use_dp_chunking\n",
            "return cfg.use_dp_chunking",
        ),
    ),
    (
        "#39107 config property removed",
        "an env knob read off vllm.envs",
        K(
            "#39107",
            DC,
            DCW,
            "vllm/aeon/dc2.py",
            "import vllm.envs as envs\n\n\n"
            "def aeon_chunk() -> int:\n"
            "    # AEON: the Spark's unified memory takes bigger chunks\n"
            "    return envs.VLLM_MOE_DP_CHUNK_SIZE * 2\n",
            "return envs.VLLM_MOE_DP_CHUNK_SIZE * 2",
        ),
    ),
    (
        "#39107 config property removed",
        "twin: is_sequence_parallel kept",
        K(
            "#39107",
            DC,
            DCW,
            "vllm/aeon/dc3.py",
            "from vllm.model_executor.layers.fused_moe.config import FusedMoEParallelConfig\n\n\n"
            "def aeon_sp(cfg: FusedMoEParallelConfig) -> bool:\n"
            "    return cfg.is_sequence_parallel\n",
            "return cfg.is_sequence_parallel",
        ),
    ),
]

# --- #44347 (ace95c9cf8): RoutingMethodType.Sigmoid inserted, Unspecified 8 -> 9
RM = "ace95c9cf8"
RMW = "RoutingMethodType.Unspecified 8->9"
RMT = "from vllm.model_executor.layers.fused_moe.config import FusedMoEConfig, RoutingMethodType\n\n\n"
CASES += [
    (
        "#44347 enum value shifted",
        "an int compared with the typed field",
        K(
            "#44347",
            RM,
            RMW,
            "vllm/aeon/rm1.py",
            RMT + "def aeon_unrouted(cfg: FusedMoEConfig) -> bool:\n"
            "    return cfg.routing_method == 8  # RoutingMethodType.Unspecified\n",
            "return cfg.routing_method == 8  # RoutingMethodType.Unspecified",
        ),
    ),
    (
        "#44347 enum value shifted",
        "the enum built from an int",
        K(
            "#44347",
            RM,
            RMW,
            "vllm/aeon/rm2.py",
            RMT + "AEON_FALLBACK_ROUTING = RoutingMethodType(8)\n",
            "AEON_FALLBACK_ROUTING = RoutingMethodType(8)",
        ),
    ),
    (
        "#44347 enum value shifted",
        "twin: the member by name",
        K(
            "#44347",
            RM,
            RMW,
            "vllm/aeon/rm3.py",
            RMT + "def aeon_unrouted2(cfg: FusedMoEConfig) -> bool:\n"
            "    return cfg.routing_method == RoutingMethodType.Unspecified\n",
            "return cfg.routing_method == RoutingMethodType.Unspecified",
        ),
    ),
]

# --- #40735 (4d591db470): FusedMoEKernel no longer takes shared_experts (between fused_experts and inplace);
#     owns_shared_experts renamed can_overlap_shared_experts
SE = "4d591db470"
SEW = "FusedMoEKernel shared_experts parameter removed"
MK = "from vllm.model_executor.layers.fused_moe.modular_kernel import FusedMoEKernel\n\n\n"
CASES += [
    (
        "#40735 parameter removed",
        "a keyword to the kernel",
        K(
            "#40735",
            SE,
            SEW,
            "vllm/aeon/se1.py",
            MK + "def aeon_kernel(prepare_finalize, experts, shared) -> FusedMoEKernel:\n"
            "    return FusedMoEKernel(prepare_finalize, experts, shared_experts=shared)\n",
            "return FusedMoEKernel(prepare_finalize, experts, shared_experts=shared)",
        ),
    ),
    (
        "#40735 parameter removed",
        "a third positional argument (now inplace)",
        K(
            "#40735",
            SE,
            SEW,
            "vllm/aeon/se2.py",
            MK + "def aeon_kernel2(prepare_finalize, experts, shared) -> FusedMoEKernel:\n"
            "    # AEON: overlap the shared experts on the Spark's second stream\n"
            "    return FusedMoEKernel(prepare_finalize, experts, shared)\n",
            "return FusedMoEKernel(prepare_finalize, experts, shared)",
        ),
    ),
    (
        "#40735 parameter removed",
        "a renamed property read",
        K(
            "#40735",
            SE,
            SEW,
            "vllm/aeon/se3.py",
            MK + "def aeon_overlaps(kernel: FusedMoEKernel) -> bool:\n    return kernel.owns_shared_experts\n",
            "return kernel.owns_shared_experts",
        ),
    ),
    (
        "#40735 parameter removed",
        "twin: inplace by keyword",
        K(
            "#40735",
            SE,
            SEW,
            "vllm/aeon/se4.py",
            MK + "def aeon_kernel3(prepare_finalize, experts) -> FusedMoEKernel:\n"
            "    return FusedMoEKernel(prepare_finalize, experts, inplace=False)\n",
            "return FusedMoEKernel(prepare_finalize, experts, inplace=False)",
        ),
    ),
]

# --- #43108 (7b98f498cd): supports_expert_map removed (FusedMoEExperts' abstract method, FusedMoEKernel's)
SX = "7b98f498cd"
SXW = "supports_expert_map removed"
CASES += [
    (
        "#43108 method removed",
        "a call on a typed kernel",
        K(
            "#43108",
            SX,
            SXW,
            "vllm/aeon/sx1.py",
            MK + "def aeon_needs_global_ids(kernel: FusedMoEKernel) -> bool:\n"
            "    return not kernel.supports_expert_map()\n",
            "return not kernel.supports_expert_map()",
        ),
    ),
    (
        "#43108 method removed",
        "twin: output_is_reduced kept",
        K(
            "#43108",
            SX,
            SXW,
            "vllm/aeon/sx2.py",
            MK + "def aeon_reduced(kernel: FusedMoEKernel) -> bool:\n    return kernel.output_is_reduced()\n",
            "return kernel.output_is_reduced()",
        ),
    ),
]

# --- #41979 (1b57eb41f2): experts classes moved to fused_moe/experts/ (fused_marlin_moe.py -> experts/marlin_moe.py)
MV = "1b57eb41f2"
MVW = "experts classes moved to fused_moe/experts/"
CASES += [
    (
        "#41979 module moved",
        "a class imported from fused_moe.py",
        K(
            "#41979",
            MV,
            MVW,
            "vllm/aeon/mv1.py",
            "from vllm.model_executor.layers.fused_moe.fused_moe import TritonExperts\n\n\n"
            "class AeonTritonExperts(TritonExperts):\n    pass\n",
            "from vllm.model_executor.layers.fused_moe.fused_moe import TritonExperts",
        ),
    ),
    (
        "#41979 module moved",
        "an import of the renamed module",
        K(
            "#41979",
            MV,
            MVW,
            "vllm/aeon/mv2.py",
            "from vllm.model_executor.layers.fused_moe.fused_marlin_moe import fused_marlin_moe\n\n\n"
            "AEON_MARLIN = fused_marlin_moe\n",
            "from vllm.model_executor.layers.fused_moe.fused_marlin_moe import fused_marlin_moe",
        ),
    ),
    (
        "#41979 module moved",
        "twin: the package re-export",
        K(
            "#41979",
            MV,
            MVW,
            "vllm/aeon/mv3.py",
            "from vllm.model_executor.layers.fused_moe import TritonExperts\n\n\n"
            "class AeonTritonExperts2(TritonExperts):\n    pass\n",
            "from vllm.model_executor.layers.fused_moe import TritonExperts",
        ),
    ),
]

# --- #44359 (8f158d0ee2): apply_moe_activation / FusedMoEExpertsModular.activation's clamp_limit, alpha, beta
#     keywords folded into ApplyMoEActivationConfig
AC = "8f158d0ee2"
ACW = "activation keywords folded into ApplyMoEActivationConfig"
CASES += [
    (
        "#44359 keyword removed",
        "a keyword to the module function",
        K(
            "#44359",
            AC,
            ACW,
            "vllm/aeon/ac1.py",
            "from vllm.model_executor.layers.fused_moe.activation import MoEActivation, apply_moe_activation\n\n\n"
            "def aeon_clamped_silu(out, inp):\n"
            "    return apply_moe_activation(MoEActivation.SILU, out, inp, clamp_limit=7.0)\n",
            "return apply_moe_activation(MoEActivation.SILU, out, inp, clamp_limit=7.0)",
        ),
    ),
    (
        "#44359 keyword removed",
        "twin: the keyword to an override that swallows **kwargs both before and after",
        K(
            "#44359",
            AC,
            ACW,
            "vllm/aeon/ac2.py",
            "from vllm.model_executor.layers.fused_moe.experts.triton_moe import TritonExperts\n\n\n"
            "class AeonClampedExperts(TritonExperts):\n"
            "    def aeon_act(self, activation, out, inp):\n"
            "        # AEON: GB10 overflows bf16 without the clamp\n"
            "        self.activation(activation, out, inp, clamp_limit=7.0)\n",
            "self.activation(activation, out, inp, clamp_limit=7.0)",
        ),
    ),
    (
        "#44359 keyword removed",
        "twin: topk_ids kept",
        K(
            "#44359",
            AC,
            ACW,
            "vllm/aeon/ac3.py",
            "from vllm.model_executor.layers.fused_moe.activation import MoEActivation, apply_moe_activation\n\n\n"
            "def aeon_silu(out, inp, ids):\n"
            "    return apply_moe_activation(MoEActivation.SILU, out, inp, topk_ids=ids)\n",
            "return apply_moe_activation(MoEActivation.SILU, out, inp, topk_ids=ids)",
        ),
    ),
]

# --- #43234 (710f077617): dead code removed; _get_config_quant_dtype's ocp_mx_scheme parameter gone
OC = "710f077617"
OCW = "_get_config_quant_dtype ocp_mx_scheme removed"
CASES += [
    (
        "#43234 parameter removed",
        "a keyword to a private helper",
        K(
            "#43234",
            OC,
            OCW,
            "vllm/aeon/oc1.py",
            "from vllm.model_executor.layers.fused_moe.fused_moe import _get_config_quant_dtype\n\n\n"
            "def aeon_mx_dtype():\n"
            "    return _get_config_quant_dtype(use_fp8_w8a8=False, use_int8_w8a8=False, ocp_mx_scheme='w_mxfp4_a_mxfp4')\n",
            "return _get_config_quant_dtype(use_fp8_w8a8=False, use_int8_w8a8=False, ocp_mx_scheme='w_mxfp4_a_mxfp4')",
        ),
    ),
    (
        "#43234 parameter removed",
        "twin: the kept keywords",
        K(
            "#43234",
            OC,
            OCW,
            "vllm/aeon/oc2.py",
            "from vllm.model_executor.layers.fused_moe.fused_moe import _get_config_quant_dtype\n\n\n"
            "def aeon_fp8_dtype():\n"
            "    return _get_config_quant_dtype(use_fp8_w8a8=True, use_int8_w8a8=False)\n",
            "return _get_config_quant_dtype(use_fp8_w8a8=True, use_int8_w8a8=False)",
        ),
    ),
]


# --- Spellings added after the blind run (killers63), each the way a fork that writes its own MoE kernel spells it
MKM = "import vllm.model_executor.layers.fused_moe.modular_kernel as mk\n\n\n"
CASES += [
    (
        "#44359 keyword removed",
        "(added) an inherited method called with the keyword in the fork's own experts class",
        K(
            "#44359",
            AC,
            ACW,
            "vllm/aeon/ac4.py",
            MKM + "class AeonSparkExperts(mk.FusedMoEExpertsModular):\n"
            "    def aeon_act(self, activation, out, inp):\n"
            "        # AEON: GB10 overflows bf16 without the clamp\n"
            "        self.activation(activation, out, inp, clamp_limit=7.0)\n",
            "self.activation(activation, out, inp, clamp_limit=7.0)",
        ),
    ),
    (
        "#43108 method removed",
        "(added) an override of the removed flag in the fork's experts",
        K(
            "#43108",
            SX,
            SXW,
            "vllm/aeon/sx3.py",
            MKM + "class AeonSparkExperts2(mk.FusedMoEExpertsModular):\n"
            "    def supports_expert_map(self) -> bool:\n"
            "        # AEON: the Spark kernel takes global expert ids only\n"
            "        return False\n",
            "def supports_expert_map(self) -> bool:",
        ),
    ),
    (
        "#43108 method removed",
        "twin: (added) an override of a kept flag",
        K(
            "#43108",
            SX,
            SXW,
            "vllm/aeon/sx4.py",
            MKM + "class AeonSparkExperts3(mk.FusedMoEExpertsModular):\n"
            "    def supports_packed_ue8m0_act_scales(self) -> bool:\n"
            "        return False\n",
            "def supports_packed_ue8m0_act_scales(self) -> bool:",
        ),
    ),
    (
        "#40735 parameter removed",
        "(added) an override of the hook upstream now calls with the shared experts",
        K(
            "#40735",
            SE,
            SEW,
            "vllm/aeon/se5.py",
            "from vllm.model_executor.layers.fused_moe.modular_kernel import FusedMoEKernelModularImpl\n\n\n"
            "class AeonKernelImpl(FusedMoEKernelModularImpl):\n"
            "    def _maybe_apply_shared_experts(self, shared_experts_input):\n"
            "        # AEON: the Spark runs the shared experts after the routed ones\n"
            "        return None\n",
            "def _maybe_apply_shared_experts(self, shared_experts_input):",
        ),
    ),
    (
        "#39107 config property removed",
        "(added) the removed env knob set by a launcher",
        K(
            "#39107",
            DC,
            DCW,
            "vllm/aeon/dc4.py",
            "import os\n\n\n"
            "def aeon_env() -> None:\n"
            "    # AEON: the Spark's unified memory takes bigger chunks\n"
            "    os.environ.setdefault('VLLM_MOE_DP_CHUNK_SIZE', '1024')\n",
            "os.environ.setdefault('VLLM_MOE_DP_CHUNK_SIZE', '1024')",
        ),
    ),
    (
        "#32344 layer property removed",
        "(added) an override of the removed forward_impl",
        K(
            "#32344",
            RN,
            RNW,
            "vllm/aeon/rn4.py",
            LAYER + "class AeonFusedMoE2(FusedMoE):\n"
            "    def forward_impl(self, hidden_states, router_logits):\n"
            "        # AEON: the Spark routes in fp32\n"
            "        return super().forward_impl(hidden_states, router_logits.float())\n",
            "return super().forward_impl(hidden_states, router_logits.float())",
        ),
    ),
    (
        "#44347 enum value shifted",
        "(added) a table keyed by the enum's ints",
        K(
            "#44347",
            RM,
            RMW,
            "vllm/aeon/rm4.py",
            RMT
            + "_AEON_ROUTING = {0: 'default', 1: 'renormalize', 2: 'deepseek_v3', 3: 'llama4', 4: 'renormalize_naive', "
            "5: 'topk', 6: 'sigmoid_renorm', 7: 'minimax2', 8: 'unspecified'}\n\n\n"
            "def aeon_routing_name(cfg: FusedMoEConfig) -> str:\n"
            "    return _AEON_ROUTING[cfg.routing_method.value]\n",
            "_AEON_ROUTING = {0: 'default', 1: 'renormalize', 2: 'deepseek_v3', 3: 'llama4', 4: 'renormalize_naive', 5: 'topk', 6: 'sigmoid_renorm', 7: 'minimax2', 8: 'unspecified'}",
        ),
    ),
]

CASES += [
    (
        "#32344 layer property removed",
        "(added) the removed keyword handed on in a dict",
        K(
            "#32344",
            RN,
            RNW,
            "vllm/aeon/rn5.py",
            LAYER + "def aeon_experts2(num_experts: int, hidden: int, inter: int) -> FusedMoE:\n"
            "    extra = {'has_shared_experts': True}\n"
            "    return FusedMoE(num_experts=num_experts, top_k=2, hidden_size=hidden, intermediate_size=inter, **extra)\n",
            "extra = {'has_shared_experts': True}",
        ),
    ),
    (
        "#32344 layer property removed",
        "(added) a read off an attribute the fork built as the layer",
        K(
            "#32344",
            RN,
            RNW,
            "vllm/aeon/rn6.py",
            "import torch\n\n" + LAYER + "class AeonSparseBlock2(torch.nn.Module):\n"
            "    def __init__(self, num_experts: int, hidden: int, inter: int) -> None:\n"
            "        super().__init__()\n"
            "        self.experts = FusedMoE(num_experts=num_experts, top_k=2, hidden_size=hidden, intermediate_size=inter)\n\n"
            "    def aeon_gathers(self) -> bool:\n"
            "        return self.experts.dp_size > 1\n",
            "return self.experts.dp_size > 1",
        ),
    ),
    (
        "#41979 module moved",
        "(added) the renamed module imported by string",
        K(
            "#41979",
            MV,
            MVW,
            "vllm/aeon/mv4.py",
            "import importlib\n\n\n"
            "def aeon_marlin():\n"
            "    return importlib.import_module('vllm.model_executor.layers.fused_moe.fused_marlin_moe').fused_marlin_moe\n",
            "return importlib.import_module('vllm.model_executor.layers.fused_moe.fused_marlin_moe').fused_marlin_moe",
        ),
    ),
    (
        "#44941 layer factory renamed",
        "(added) getattr with the old name",
        K(
            "#44941",
            FF,
            FFW,
            "vllm/aeon/ff4.py",
            "from vllm.model_executor.layers.fused_moe import layer as moe_layer\n\n"
            "AEON_MOE_CLS = getattr(moe_layer, 'FusedMoE')\n",
            "AEON_MOE_CLS = getattr(moe_layer, 'FusedMoE')",
        ),
    ),
    (
        "#40735 parameter removed",
        "(added) a partial with the shared experts third",
        K(
            "#40735",
            SE,
            SEW,
            "vllm/aeon/se6.py",
            "import functools\n\n" + MK + "def aeon_kernel_maker(prepare_finalize, experts, shared):\n"
            "    return functools.partial(FusedMoEKernel, prepare_finalize, experts, shared)\n",
            "return functools.partial(FusedMoEKernel, prepare_finalize, experts, shared)",
        ),
    ),
    (
        "#44359 keyword removed",
        "(added) the removed keyword in a dict handed on with **",
        K(
            "#44359",
            AC,
            ACW,
            "vllm/aeon/ac5.py",
            "from vllm.model_executor.layers.fused_moe.activation import MoEActivation, apply_moe_activation\n\n"
            "AEON_ACT_KW = {'clamp_limit': 7.0, 'alpha': 1.702}\n\n\n"
            "def aeon_clamped_silu2(out, inp):\n"
            "    return apply_moe_activation(MoEActivation.SILU, out, inp, **AEON_ACT_KW)\n",
            "AEON_ACT_KW = {'clamp_limit': 7.0, 'alpha': 1.702}",
        ),
    ),
    (
        "#41046 function moved",
        "(added) a removed method called on the typed layer",
        K(
            "#41046",
            EM,
            EMW,
            "vllm/aeon/em3.py",
            LAYER + "def aeon_rr_tables(experts: FusedMoE) -> None:\n"
            "    experts.ensure_round_robin_expert_routing_tables()\n",
            "experts.ensure_round_robin_expert_routing_tables()",
        ),
    ),
]

# --- #44613 (f87df1df9e): FusedMoEConfig.max_capture_size added (default 0), which the experts now read in place
#     of the compilation config's max_cudagraph_capture_size; upstream's layer passes it
MC = "f87df1df9e"
MCW = "FusedMoEConfig.max_capture_size added, default 0, read in place of the compilation config"
CFG = (
    "import torch\n\n"
    "from vllm.model_executor.layers.fused_moe.activation import MoEActivation\n"
    "from vllm.model_executor.layers.fused_moe.config import FusedMoEConfig, FusedMoEParallelConfig, RoutingMethodType\n\n\n"
)
CASES += [
    (
        "#44613 field added with a placeholder default",
        "(added) the fork's own config built without it",
        K(
            "#44613",
            MC,
            MCW,
            "vllm/aeon/mc1.py",
            CFG + "def aeon_moe_config(pc: FusedMoEParallelConfig, e: int, k: int, h: int, i: int) -> FusedMoEConfig:\n"
            "    # AEON: the Spark's MoE probe builds its own config\n"
            "    return FusedMoEConfig(num_experts=e, experts_per_token=k, hidden_dim=h, intermediate_size_per_partition=i, "
            "num_local_experts=e, num_logical_experts=e, activation=MoEActivation.SILU, device='cuda', "
            "routing_method=RoutingMethodType.Renormalize, moe_parallel_config=pc, in_dtype=torch.bfloat16)\n",
            "return FusedMoEConfig(num_experts=e, experts_per_token=k, hidden_dim=h, intermediate_size_per_partition=i, "
            "num_local_experts=e, num_logical_experts=e, activation=MoEActivation.SILU, device='cuda', "
            "routing_method=RoutingMethodType.Renormalize, moe_parallel_config=pc, in_dtype=torch.bfloat16)",
        ),
    ),
    (
        "#44613 field added with a placeholder default",
        "twin: (added) the fork's config read for a field upstream left alone",
        K(
            "#44613",
            MC,
            MCW,
            "vllm/aeon/mc2.py",
            CFG + "def aeon_tokens(cfg: FusedMoEConfig) -> int:\n    return cfg.max_num_tokens\n",
            "return cfg.max_num_tokens",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-moe-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
