"""A blind replay of the fused-MoE layer a fork's NVFP4 and expert carries call into.

11 first-parent commits on ``vllm/model_executor/layers/fused_moe/{layer,fused_moe,config,fused_moe_method_base,
routed_experts_capturer}.py`` and ``router/`` -- the layer, kernels, configs and routers a fork's quantized MoE
method, expert loader or router carries code against: ``FusedMoE`` (``forward_cuda``/``forward_native`` gone when
it became a pluggable layer; ``ensure_moe_quant_config`` renamed; ``enable_eplb`` and the EPLB views
``logical_to_physical_map``/... no longer set on the layer; ``make_expert_params_mapping`` given a required
leading ``model``), ``FusedMoEMethodBase`` (``init_prepare_finalize``/``select_gemm_impl`` given a required
``layer``), ``fused_moe.py`` (``invoke_fused_moe_kernel`` split in three; ``fused_topk``/``grouped_topk`` moved to
``router/``, ``fused_moe_router`` moved under ``router/``), ``FusedMoEParallelConfig`` (a required
``all2all_backend`` field; ``use_flashinfer_cutlass_kernels`` moved to ``FusedMoEConfig``), the routers
(``dispatch_topk_func`` renamed, ``FusedTopKBiasRouter`` given a required ``scoring_func`` before
``renormalize``, ``create_fused_moe_router``'s ``enable_eplb`` removed) and ``RoutedExpertsCapturer``
(``get_instance`` and ``RoutedExpertsReader`` removed) -- picked by scanning those paths' diffs (``git log
--first-parent -p`` and a signature diff of each commit's files), avoiding the commits the other replays use
(``blind_replay_moe2``, ``_fmexperts``, ``_mxoracle``, ``_eplbops`` among them).  Each is replayed under 1-3 fork
spellings written the way fork code is written (a subclass's ``super()``/``self.`` use, a read off a receiver
typed as the class, a call on the class, a keyword call, a positional call, an import, a module-attribute call,
an override of a hook upstream calls with one more argument), with twins (fork code the commit does not break:
the kept method, the package's re-export, the still-accepted keyword, the member on the class that keeps it).
The merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error lands
on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at ecca8e89): 23 caught, 0 warned, 0 missed of 23 (twins: 11
quiet, 0 false errors).  Every spelling here is a name removed, renamed, moved or given a required parameter, which
symbol drift (``drift/symbols.py``, ``drift/signatures.py``) already reads whole: the removed member off a typed
receiver or a subclass's ``self.``, the module move, the override whose base now takes one more argument.
Round two (written blind after that, the silent kinds: a returned tuple grown, an enum renumbered, an attribute now
None unless a feature is on, a buffer allocated lazily), on the same engine: 2 caught, 0 warned, 5 missed of 7
(twins: 5 quiet, 0 false errors).  The misses: #14568's unpack of a fork helper that returns ``fused_topk(...)``
(the two direct unpacks are caught by return drift), #30623's two ``RoutingMethodType.Unspecified`` spellings
(``6.0`` -> ``8.0``, with ``Custom = (6,)`` inserted: an int compare on a typed parameter and
``RoutingMethodType(6)``), #41055's ``self.eplb_state.expert_load_view`` (the attribute is None unless EPLB is
on) and #27220's ``self.batched_hidden_states.size(-2)`` after ``super().__init__`` (allocated on first forward).

After the killers157 widenings: 29 caught, 1 warned, 0 missed of 30 (twins: 16 quiet, 0 false errors).  Caught
now: an int enum's member spelt as an integral float (``Unspecified = 6.0``, enum drift, ``drift/enums.py``); a
constructor that ends with ``self.X = None`` below every call that hands ``self`` on, the build moved to a later
method (nulled setups, ``drift/nulled_setups.py``; its gate now takes a removed store of a value too, since the kept
None line is in no diff); an unpack of the fork's own wrapper that hands one call's tuple back whole (return drift,
``drift/returns.py``).  Warned now (the class's severity by design: whether the layer is built with the flag is a
guess about its callers): #41055's ``self.eplb_state.expert_load_view``, the attribute built always at the base and
now only under ``if enable_eplb:`` (nulled attributes' opt-in, ``drift/nulled_attributes.py``, widened to the
statement form and to an old flag that now decides what the base built regardless).  Regression set at the
widenings' head: killer_replay 26/26, kind_change_replay 12/12, review15/16/17_twins 0 false errors (40, 30, 23
twins; 8/1, 6/0, 11/1 caught/warned as before), blind_replay_moe2 16/16 (10 quiet), blind_replay_fmexperts 19
caught 2 warned of 21 (11 quiet), blind_replay_eplbops 25/25 (14 quiet), blind_replay_gpuworker 26/2 of 28 (14
quiet), blind_replay_vlmodels 18/2 of 20 (12 quiet), blind_replay_structout 9/9 (7 quiet), blind_replay 52/9 of
61, spelling_replay 31/31, and the twins of the classes widened (review28 6/6, 24 quiet; review37 2 caught 2 warned
of 4, 21 quiet; review40 8/8, 30 quiet) -- each as on ecca8e89 -- and ``symbol_precision.py --windows 1``: 0 false
errors.

  python benchmarks/blind_replay_fusedlayer.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

FM = "vllm.model_executor.layers.fused_moe"
LAYER = f"import torch\n\nfrom {FM}.layer import FusedMoE\n\n\n"

# --- #31050 (5a468ff7c7): invoke_fused_moe_kernel split into the wna16 cuda/triton and triton invokers
IK = "5a468ff7c7"
IKW = "fused_moe.invoke_fused_moe_kernel removed (split in three)"
CASES += [
    (
        "#31050 function removed",
        "an import of the removed invoker",
        K(
            "#31050",
            IK,
            IKW,
            "vllm/aeon/ik1.py",
            f"from {FM}.fused_moe import invoke_fused_moe_kernel\n\n\n"
            "def aeon_gemm(a, b, c, a_scale, b_scale, topk_weights, sorted_ids, expert_ids, num_post, top_k, config):\n"
            "    # AEON: the Spark's NVFP4 fallback reuses the triton grouped GEMM\n"
            "    invoke_fused_moe_kernel(a, b, c, a_scale, b_scale, None, topk_weights, sorted_ids, expert_ids,\n"
            "                            num_post, False, top_k, config, compute_type=None, use_fp8_w8a8=False,\n"
            "                            use_int8_w8a8=False, use_int8_w8a16=False, use_int4_w4a16=False,\n"
            "                            per_channel_quant=False)\n",
            f"from {FM}.fused_moe import invoke_fused_moe_kernel",
        ),
    ),
    (
        "#31050 function removed",
        "a module-attribute call",
        K(
            "#31050",
            IK,
            IKW,
            "vllm/aeon/ik2.py",
            f"from {FM} import fused_moe as fm\n\n\n"
            "def aeon_gemm2(a, b, c, b_scale, topk_weights, sorted_ids, expert_ids, num_post, top_k, config, dt):\n"
            "    return fm.invoke_fused_moe_kernel(a, b, c, None, b_scale, None, topk_weights, sorted_ids, expert_ids, num_post, True, top_k, config, compute_type=dt, use_fp8_w8a8=False, use_int8_w8a8=False, use_int8_w8a16=False, use_int4_w4a16=False, per_channel_quant=False)\n",
            "return fm.invoke_fused_moe_kernel(a, b, c, None, b_scale, None, topk_weights, sorted_ids, expert_ids, num_post, True, top_k, config, compute_type=dt, use_fp8_w8a8=False, use_int8_w8a8=False, use_int8_w8a16=False, use_int4_w4a16=False, per_channel_quant=False)",
        ),
    ),
    (
        "#31050 function removed",
        "twin: fused_experts kept",
        K(
            "#31050",
            IK,
            IKW,
            "vllm/aeon/ik3.py",
            f"from {FM} import fused_moe as fm\n\n\n"
            "def aeon_experts(x, w1, w2, topk_weights, topk_ids):\n"
            "    return fm.fused_experts(x, w1, w2, topk_weights, topk_ids, inplace=False)\n",
            "return fm.fused_experts(x, w1, w2, topk_weights, topk_ids, inplace=False)",
        ),
    ),
]

# --- #30623 (327a02d8db): the router split into classes: fused_topk/grouped_topk off fused_moe.py, the
#     fused_moe_router module moved under router/, the layer's EPLB views moved onto its eplb_state
RT = "327a02d8db"
RTW = "fused_topk off fused_moe.py; FusedMoE.logical_to_physical_map no longer set"
CASES += [
    (
        "#30623 function moved",
        "an import off the old module",
        K(
            "#30623",
            RT,
            RTW,
            "vllm/aeon/rt1.py",
            f"from {FM}.fused_moe import fused_topk\n\n\n"
            "def aeon_route(hidden_states, gating_output, top_k: int):\n"
            "    # AEON: the Spark's router replay recomputes the top-k itself\n"
            "    return fused_topk(hidden_states, gating_output, top_k, renormalize=True)\n",
            f"from {FM}.fused_moe import fused_topk",
        ),
    ),
    (
        "#30623 module moved",
        "an import of the moved router base",
        K(
            "#30623",
            RT,
            RTW,
            "vllm/aeon/rt2.py",
            f"from {FM}.fused_moe_router import FusedMoERouter\n\n\n"
            "def aeon_is_router(obj: object) -> bool:\n"
            "    return isinstance(obj, FusedMoERouter)\n",
            f"from {FM}.fused_moe_router import FusedMoERouter",
        ),
    ),
    (
        "#30623 attribute no longer set",
        "a subclass's self. read",
        K(
            "#30623",
            RT,
            RTW,
            "vllm/aeon/rt3.py",
            LAYER + "class AeonFusedMoE(FusedMoE):\n"
            "    def aeon_physical(self, logical_ids: torch.Tensor) -> torch.Tensor:\n"
            "        # AEON: the Spark's expert trace logs physical slots\n"
            "        return self.logical_to_physical_map[logical_ids, 0]\n",
            "return self.logical_to_physical_map[logical_ids, 0]",
        ),
    ),
    (
        "#30623 function moved",
        "twin: the package's re-export",
        K(
            "#30623",
            RT,
            RTW,
            "vllm/aeon/rt4.py",
            f"from {FM} import fused_topk\n\n\n"
            "def aeon_route2(hidden_states, gating_output, top_k: int):\n"
            "    return fused_topk(hidden_states, gating_output, top_k, renormalize=False)\n",
            "return fused_topk(hidden_states, gating_output, top_k, renormalize=False)",
        ),
    ),
]

# --- #31246 (63227accf5): dispatch_topk_func -> dispatch_topk_softmax_func; FusedTopKBiasRouter takes a
#     required scoring_func before renormalize
TS = "63227accf5"
TSW = "dispatch_topk_func renamed; FusedTopKBiasRouter(scoring_func) required"
BIAS = (
    "from vllm.distributed.eplb.eplb_state import EplbLayerState\n"
    f"from {FM}.router.fused_topk_bias_router import FusedTopKBiasRouter\n\n\n"
)
CASES += [
    (
        "#31246 function renamed",
        "an import of the old name",
        K(
            "#31246",
            TS,
            TSW,
            "vllm/aeon/ts1.py",
            f"from {FM}.router.fused_topk_router import dispatch_topk_func\n\n\n"
            "def aeon_topk_fn():\n"
            "    return dispatch_topk_func(use_rocm_aiter=False)\n",
            f"from {FM}.router.fused_topk_router import dispatch_topk_func",
        ),
    ),
    (
        "#31246 required parameter inserted",
        "a keyword construction without it",
        K(
            "#31246",
            TS,
            TSW,
            "vllm/aeon/ts2.py",
            BIAS + "def aeon_bias_router(top_k: int, n: int, state: EplbLayerState, bias) -> FusedTopKBiasRouter:\n"
            "    # AEON: the Spark's DeepSeek carry routes with its own correction bias\n"
            "    return FusedTopKBiasRouter(top_k=top_k, global_num_experts=n, eplb_state=state, e_score_correction_bias=bias, renormalize=True)\n",
            "return FusedTopKBiasRouter(top_k=top_k, global_num_experts=n, eplb_state=state, e_score_correction_bias=bias, renormalize=True)",
        ),
    ),
    (
        "#31246 required parameter inserted",
        "a positional construction",
        K(
            "#31246",
            TS,
            TSW,
            "vllm/aeon/ts3.py",
            BIAS + "def aeon_bias_router2(top_k: int, n: int, state: EplbLayerState, bias) -> FusedTopKBiasRouter:\n"
            "    return FusedTopKBiasRouter(top_k, n, state, bias, False)\n",
            "return FusedTopKBiasRouter(top_k, n, state, bias, False)",
        ),
    ),
    (
        "#31246 function renamed",
        "twin: vllm_topk_softmax kept",
        K(
            "#31246",
            TS,
            TSW,
            "vllm/aeon/ts4.py",
            f"from {FM}.router import fused_topk_router\n\n\n"
            "def aeon_softmax(w, ids, token_ids, gating):\n"
            "    return fused_topk_router.vllm_topk_softmax(w, ids, token_ids, gating, True)\n",
            "return fused_topk_router.vllm_topk_softmax(w, ids, token_ids, gating, True)",
        ),
    ),
]

# --- #33556 (f02b3269e7): FusedMoE a PluggableLayer: forward_native -> forward, forward_cuda removed
PL = "f02b3269e7"
PLW = "FusedMoE.forward_cuda/forward_native removed"
CASES += [
    (
        "#33556 methods removed",
        "a subclass's super() call",
        K(
            "#33556",
            PL,
            PLW,
            "vllm/aeon/pl1.py",
            LAYER + "class AeonTracedMoE(FusedMoE):\n"
            "    def forward_cuda(self, hidden_states: torch.Tensor, router_logits: torch.Tensor):\n"
            "        # AEON: the Spark's NVTX range around each MoE layer\n"
            "        torch.cuda.nvtx.range_push('aeon-moe')\n"
            "        try:\n"
            "            return super().forward_cuda(hidden_states, router_logits)\n"
            "        finally:\n"
            "            torch.cuda.nvtx.range_pop()\n",
            "return super().forward_cuda(hidden_states, router_logits)",
        ),
    ),
    (
        "#33556 methods removed",
        "a call off a typed receiver",
        K(
            "#33556",
            PL,
            PLW,
            "vllm/aeon/pl2.py",
            LAYER + "def aeon_eager_moe(layer: FusedMoE, hidden_states: torch.Tensor, logits: torch.Tensor):\n"
            "    return layer.forward_native(hidden_states, logits)\n",
            "return layer.forward_native(hidden_states, logits)",
        ),
    ),
    (
        "#33556 methods removed",
        "twin: the module call",
        K(
            "#33556",
            PL,
            PLW,
            "vllm/aeon/pl3.py",
            LAYER + "def aeon_moe(layer: FusedMoE, hidden_states: torch.Tensor, logits: torch.Tensor):\n"
            "    return layer(hidden_states, logits)\n",
            "return layer(hidden_states, logits)",
        ),
    ),
]

# --- #27220 (9ef3d5b875): FusedMoE.ensure_moe_quant_config -> ensure_moe_quant_config_init
EQ = "9ef3d5b875"
EQW = "FusedMoE.ensure_moe_quant_config renamed"
CASES += [
    (
        "#27220 method renamed",
        "a subclass's self. call",
        K(
            "#27220",
            EQ,
            EQW,
            "vllm/aeon/eq1.py",
            LAYER + "class AeonNvfp4MoE(FusedMoE):\n"
            "    def aeon_quant_config(self):\n"
            "        # AEON: the Spark's NVFP4 path reads the quant config before the first forward\n"
            "        self.ensure_moe_quant_config()\n"
            "        return self.quant_method.moe_quant_config\n",
            "self.ensure_moe_quant_config()",
        ),
    ),
    (
        "#27220 method renamed",
        "a call off a typed receiver",
        K(
            "#27220",
            EQ,
            EQW,
            "vllm/aeon/eq2.py",
            LAYER + "def aeon_warm(layers: list[FusedMoE]) -> None:\n"
            "    for layer in layers:\n"
            "        layer.ensure_moe_quant_config()\n",
            "layer.ensure_moe_quant_config()",
        ),
    ),
    (
        "#27220 method renamed",
        "twin: the kept property",
        K(
            "#27220",
            EQ,
            EQW,
            "vllm/aeon/eq3.py",
            LAYER + "def aeon_chunked(layer: FusedMoE) -> bool:\n    return layer.use_dp_chunking\n",
            "return layer.use_dp_chunking",
        ),
    ),
]

# --- #31104 (482914849c): FusedMoE.make_expert_params_mapping takes a required leading model
EM = "482914849c"
EMW = "make_expert_params_mapping(model, ...) required"
CASES += [
    (
        "#31104 required parameter inserted",
        "a keyword call on the class",
        K(
            "#31104",
            EM,
            EMW,
            "vllm/aeon/em1.py",
            LAYER + "def aeon_expert_mapping(num_experts: int):\n"
            "    # AEON: the Spark's NVFP4 checkpoints name experts the HF way\n"
            "    return FusedMoE.make_expert_params_mapping(ckpt_gate_proj_name='gate_proj', ckpt_down_proj_name='down_proj', ckpt_up_proj_name='up_proj', num_experts=num_experts)\n",
            "return FusedMoE.make_expert_params_mapping(ckpt_gate_proj_name='gate_proj', ckpt_down_proj_name='down_proj', ckpt_up_proj_name='up_proj', num_experts=num_experts)",
        ),
    ),
    (
        "#31104 required parameter inserted",
        "a positional call in a model's loader",
        K(
            "#31104",
            EM,
            EMW,
            "vllm/aeon/em2.py",
            LAYER + "class AeonMoEModel(torch.nn.Module):\n"
            "    def aeon_mapping(self, n_routed_experts: int):\n"
            "        return FusedMoE.make_expert_params_mapping('gate_proj', 'down_proj', 'up_proj', n_routed_experts)\n",
            "return FusedMoE.make_expert_params_mapping('gate_proj', 'down_proj', 'up_proj', n_routed_experts)",
        ),
    ),
    (
        "#31104 required parameter inserted",
        "twin: the kept weight loader",
        K(
            "#31104",
            EM,
            EMW,
            "vllm/aeon/em3.py",
            LAYER + "def aeon_load(layer: FusedMoE, param, weight, name: str, expert_id: int) -> None:\n"
            "    layer.weight_loader(param, weight, name, shard_id='w1', expert_id=expert_id)\n",
            "layer.weight_loader(param, weight, name, shard_id='w1', expert_id=expert_id)",
        ),
    ),
]

# --- #23608 (082cc07ef8): FusedMoEMethodBase.init_prepare_finalize(layer) and select_gemm_impl(..., layer)
PF = "082cc07ef8"
PFW = "init_prepare_finalize/select_gemm_impl gained a required layer"
METHOD = (
    f"from {FM}.layer import FusedMoEMethodBase, UnquantizedFusedMoEMethod\n"
    f"from {FM}.config import FusedMoEConfig\n\n\n"
)
CASES += [
    (
        "#23608 hook given an argument",
        "an override upstream now calls with one more",
        K(
            "#23608",
            PF,
            PFW,
            "vllm/aeon/pf1.py",
            METHOD + "class AeonUnquantizedMoE(UnquantizedFusedMoEMethod):\n"
            "    def select_gemm_impl(self, prepare_finalize, moe: FusedMoEConfig):\n"
            "        # AEON: the Spark's batched experts for the low-latency all2all\n"
            "        return super().select_gemm_impl(prepare_finalize, moe)\n",
            "def select_gemm_impl(self, prepare_finalize, moe: FusedMoEConfig):",
        ),
    ),
    (
        "#23608 required parameter inserted",
        "a call off a typed receiver",
        K(
            "#23608",
            PF,
            PFW,
            "vllm/aeon/pf2.py",
            METHOD + "def aeon_init_all2all(method: FusedMoEMethodBase) -> None:\n    method.init_prepare_finalize()\n",
            "method.init_prepare_finalize()",
        ),
    ),
    (
        "#23608 hook given an argument",
        "twin: an unchanged hook overridden",
        K(
            "#23608",
            PF,
            PFW,
            "vllm/aeon/pf3.py",
            METHOD + "class AeonUnquantizedMoE2(UnquantizedFusedMoEMethod):\n"
            "    def maybe_make_prepare_finalize(self, moe: FusedMoEConfig):\n"
            "        return super().maybe_make_prepare_finalize(moe)\n",
            "return super().maybe_make_prepare_finalize(moe)",
        ),
    ),
]

# --- #23819 (95089607fa): use_flashinfer_cutlass_kernels moved from FusedMoEParallelConfig to FusedMoEConfig
FC = "95089607fa"
FCW = "FusedMoEParallelConfig.use_flashinfer_cutlass_kernels removed"
CFG = f"from {FM}.config import FusedMoEConfig, FusedMoEParallelConfig\n\n\n"
CASES += [
    (
        "#23819 property moved",
        "a read off a typed receiver",
        K(
            "#23819",
            FC,
            FCW,
            "vllm/aeon/fc1.py",
            CFG + "def aeon_nvfp4_cutlass(cfg: FusedMoEParallelConfig) -> bool:\n"
            "    # AEON: the Spark's NVFP4 MoE goes through the FlashInfer CUTLASS kernels\n"
            "    return cfg.use_flashinfer_cutlass_kernels\n",
            "return cfg.use_flashinfer_cutlass_kernels",
        ),
    ),
    (
        "#23819 property moved",
        "a chained read off a subclass's self.",
        K(
            "#23819",
            FC,
            FCW,
            "vllm/aeon/fc2.py",
            LAYER + "class AeonCutlassMoE(FusedMoE):\n"
            "    def aeon_cutlass(self) -> bool:\n"
            "        return self.moe_parallel_config.use_flashinfer_cutlass_kernels\n",
            "return self.moe_parallel_config.use_flashinfer_cutlass_kernels",
        ),
    ),
    (
        "#23819 property moved",
        "twin: the class that keeps it",
        K(
            "#23819",
            FC,
            FCW,
            "vllm/aeon/fc3.py",
            CFG + "def aeon_nvfp4_cutlass2(moe: FusedMoEConfig) -> bool:\n"
            "    return moe.use_flashinfer_cutlass_kernels\n",
            "return moe.use_flashinfer_cutlass_kernels",
        ),
    ),
]

# --- #26732 (3e051bda82): FusedMoEParallelConfig gained a required all2all_backend field
AB = "3e051bda82"
ABW = "FusedMoEParallelConfig.all2all_backend required"
CASES += [
    (
        "#26732 required field added",
        "a keyword construction",
        K(
            "#26732",
            AB,
            ABW,
            "vllm/aeon/ab1.py",
            f"from {FM}.config import FusedMoEParallelConfig\n\n\n"
            "def aeon_single_gpu() -> FusedMoEParallelConfig:\n"
            "    # AEON: one Spark, no all2all\n"
            "    return FusedMoEParallelConfig(tp_size=1, dp_size=1, ep_size=1, tp_rank=0, dp_rank=0, ep_rank=0, use_ep=False)\n",
            "return FusedMoEParallelConfig(tp_size=1, dp_size=1, ep_size=1, tp_rank=0, dp_rank=0, ep_rank=0, use_ep=False)",
        ),
    ),
    (
        "#26732 required field added",
        "twin: the make factory",
        K(
            "#26732",
            AB,
            ABW,
            "vllm/aeon/ab2.py",
            f"from {FM}.config import FusedMoEParallelConfig\n\n\n"
            "def aeon_parallel(tp: int, dp: int, parallel_config) -> FusedMoEParallelConfig:\n"
            "    return FusedMoEParallelConfig.make(tp_size_=tp, dp_size_=dp, vllm_parallel_config=parallel_config)\n",
            "return FusedMoEParallelConfig.make(tp_size_=tp, dp_size_=dp, vllm_parallel_config=parallel_config)",
        ),
    ),
]

# --- #41055 (d9b4990783): FusedMoE.enable_eplb no longer set; the routers' enable_eplb keyword removed
EP = "d9b4990783"
EPW = "FusedMoE.enable_eplb removed; create_fused_moe_router(enable_eplb=) removed"
ROUTER = f"from {FM}.router.router_factory import create_fused_moe_router\n\n\n"
CASES += [
    (
        "#41055 attribute no longer set",
        "a subclass's self. read",
        K(
            "#41055",
            EP,
            EPW,
            "vllm/aeon/ep1.py",
            LAYER + "class AeonEplbMoE(FusedMoE):\n"
            "    def aeon_balanced(self) -> bool:\n"
            "        # AEON: the Spark's two-node EP rebalances only when EPLB is on\n"
            "        return bool(self.enable_eplb)\n",
            "return bool(self.enable_eplb)",
        ),
    ),
    (
        "#41055 keyword removed",
        "a keyword to the factory",
        K(
            "#41055",
            EP,
            EPW,
            "vllm/aeon/ep2.py",
            ROUTER + "def aeon_router(top_k: int, n: int, state):\n"
            "    return create_fused_moe_router(top_k=top_k, global_num_experts=n, enable_eplb=True, eplb_state=state)\n",
            "return create_fused_moe_router(top_k=top_k, global_num_experts=n, enable_eplb=True, eplb_state=state)",
        ),
    ),
    (
        "#41055 keyword removed",
        "twin: a kept keyword",
        K(
            "#41055",
            EP,
            EPW,
            "vllm/aeon/ep3.py",
            ROUTER + "def aeon_router2(top_k: int, n: int):\n"
            "    return create_fused_moe_router(top_k=top_k, global_num_experts=n, renormalize=False)\n",
            "return create_fused_moe_router(top_k=top_k, global_num_experts=n, renormalize=False)",
        ),
    ),
]

# --- #39917 (8189a15914): the routing replay rebuilt on a device cache: RoutedExpertsCapturer.get_instance and
#     RoutedExpertsReader removed
RC = "8189a15914"
RCW = "RoutedExpertsCapturer.get_instance / RoutedExpertsReader removed"
CAP = f"import torch\n\nfrom {FM}.routed_experts_capturer import RoutedExpertsCapturer\n\n\n"
CASES += [
    (
        "#39917 staticmethod removed",
        "a call on the class",
        K(
            "#39917",
            RC,
            RCW,
            "vllm/aeon/rc1.py",
            CAP + "def aeon_capture(layer_id: int, topk_ids: torch.Tensor) -> None:\n"
            "    # AEON: the Spark's router trace rides the upstream capturer\n"
            "    capturer = RoutedExpertsCapturer.get_instance()\n"
            "    if capturer is not None:\n"
            "        capturer.capture(layer_id, topk_ids)\n",
            "capturer = RoutedExpertsCapturer.get_instance()",
        ),
    ),
    (
        "#39917 class removed",
        "an import of the removed reader",
        K(
            "#39917",
            RC,
            RCW,
            "vllm/aeon/rc2.py",
            f"from {FM}.routed_experts_capturer import RoutedExpertsReader\n\n\n"
            "def aeon_reader():\n"
            "    return RoutedExpertsReader.create()\n",
            f"from {FM}.routed_experts_capturer import RoutedExpertsReader",
        ),
    ),
    (
        "#39917 staticmethod removed",
        "twin: capture kept on a typed receiver",
        K(
            "#39917",
            RC,
            RCW,
            "vllm/aeon/rc3.py",
            CAP + "def aeon_capture2(capturer: RoutedExpertsCapturer, layer_id: int, topk_ids: torch.Tensor) -> None:\n"
            "    capturer.capture(layer_id, topk_ids)\n",
            "capturer.capture(layer_id, topk_ids)",
        ),
    ),
]


# Round two, written blind after round one was all caught: the silent kinds a clean merge hides -- a tuple that
# grew, an enum value renumbered, an attribute now None unless a feature is on, a buffer now allocated lazily.

# --- #14568 (3e887d2e0c): fused_topk returns (weights, ids, token_expert_indices) instead of (weights, ids)
TK = "3e887d2e0c"
TKW = "fused_topk returns three values"
CASES += [
    (
        "#14568 return tuple grown",
        "a two-name unpack of an imported call",
        K(
            "#14568",
            TK,
            TKW,
            "vllm/aeon/tk1.py",
            f"import torch\n\nfrom {FM}.fused_moe import fused_topk\n\n\n"
            "def aeon_route(hidden_states: torch.Tensor, logits: torch.Tensor, top_k: int):\n"
            "    # AEON: the Spark's router trace wants the ids before the experts run\n"
            "    topk_weights, topk_ids = fused_topk(hidden_states, logits, top_k, renormalize=True)\n"
            "    return topk_weights, topk_ids.to(torch.int64)\n",
            "topk_weights, topk_ids = fused_topk(hidden_states, logits, top_k, renormalize=True)",
        ),
    ),
    (
        "#14568 return tuple grown",
        "a module-attribute call unpacked in a method",
        K(
            "#14568",
            TK,
            TKW,
            "vllm/aeon/tk2.py",
            f"import torch\n\nfrom {FM} import fused_moe as fm\n\n\n"
            "class AeonRouter(torch.nn.Module):\n"
            "    def __init__(self, top_k: int):\n"
            "        super().__init__()\n"
            "        self.top_k = top_k\n\n"
            "    def forward(self, hidden_states: torch.Tensor, logits: torch.Tensor):\n"
            "        weights, ids = fm.fused_topk(hidden_states, logits, self.top_k, False)\n"
            "        return weights, ids\n",
            "weights, ids = fm.fused_topk(hidden_states, logits, self.top_k, False)",
        ),
    ),
    (
        "#14568 return tuple grown",
        "an unpack of a helper that passes the tuple on",
        K(
            "#14568",
            TK,
            TKW,
            "vllm/aeon/tk3.py",
            f"import torch\n\nfrom {FM}.fused_moe import fused_topk\n\n\n"
            "def _aeon_topk(hidden_states: torch.Tensor, logits: torch.Tensor, top_k: int):\n"
            "    return fused_topk(hidden_states, logits, top_k, True)\n\n\n"
            "def aeon_ids(hidden_states: torch.Tensor, logits: torch.Tensor, top_k: int) -> torch.Tensor:\n"
            "    _, ids = _aeon_topk(hidden_states, logits, top_k)\n"
            "    return ids\n",
            "_, ids = _aeon_topk(hidden_states, logits, top_k)",
        ),
    ),
    (
        "#14568 return tuple grown",
        "twin: an index read",
        K(
            "#14568",
            TK,
            TKW,
            "vllm/aeon/tk4.py",
            f"import torch\n\nfrom {FM}.fused_moe import fused_topk\n\n\n"
            "def aeon_weights(hidden_states: torch.Tensor, logits: torch.Tensor, top_k: int) -> torch.Tensor:\n"
            "    return fused_topk(hidden_states, logits, top_k, True)[0]\n",
            "return fused_topk(hidden_states, logits, top_k, True)[0]",
        ),
    ),
]

# --- #30623 (327a02d8db), again: RoutingMethodType.Unspecified 6 -> 8 (Custom = 6, Simulated = 7 inserted)
RM = f"from {FM}.config import RoutingMethodType\n\n\n"
CASES += [
    (
        "#30623 enum renumbered",
        "an int compare on a typed parameter",
        K(
            "#30623",
            RT,
            "RoutingMethodType.Unspecified 6 -> 8",
            "vllm/aeon/rm1.py",
            RM + "def aeon_unspecified(kind: RoutingMethodType) -> bool:\n"
            "    # AEON: the Spark's FlashInfer path falls back when the model names no routing\n"
            "    return kind == 6  # RoutingMethodType.Unspecified\n",
            "return kind == 6  # RoutingMethodType.Unspecified",
        ),
    ),
    (
        "#30623 enum renumbered",
        "an enum built from a literal",
        K(
            "#30623",
            RT,
            "RoutingMethodType.Unspecified 6 -> 8",
            "vllm/aeon/rm2.py",
            RM + "AEON_DEFAULT_ROUTING = RoutingMethodType(6)\n",
            "AEON_DEFAULT_ROUTING = RoutingMethodType(6)",
        ),
    ),
    (
        "#30623 enum renumbered",
        "twin: the member by name",
        K(
            "#30623",
            RT,
            "RoutingMethodType.Unspecified 6 -> 8",
            "vllm/aeon/rm3.py",
            RM + "def aeon_unspecified2(kind: RoutingMethodType) -> bool:\n"
            "    return kind == RoutingMethodType.Unspecified\n",
            "return kind == RoutingMethodType.Unspecified",
        ),
    ),
    (
        "#30623 enum renumbered",
        "twin: an unchanged value",
        K(
            "#30623",
            RT,
            "RoutingMethodType.Unspecified 6 -> 8",
            "vllm/aeon/rm4.py",
            RM + "def aeon_plain_topk(kind: RoutingMethodType) -> bool:\n"
            "    return kind == 5  # RoutingMethodType.TopK\n",
            "return kind == 5  # RoutingMethodType.TopK",
        ),
    ),
]

# --- #41055 (d9b4990783), again: FusedMoE.eplb_state is None unless EPLB is on
CASES += [
    (
        "#41055 attribute made None",
        "a subclass's chained read",
        K(
            "#41055",
            EP,
            "FusedMoE.eplb_state None unless EPLB",
            "vllm/aeon/es1.py",
            LAYER + "class AeonLoadMoE(FusedMoE):\n"
            "    def aeon_expert_load(self) -> torch.Tensor | None:\n"
            "        # AEON: the Spark's dashboard reads each layer's expert load\n"
            "        return self.eplb_state.expert_load_view\n",
            "return self.eplb_state.expert_load_view",
        ),
    ),
    (
        "#41055 attribute made None",
        "twin: a guarded read",
        K(
            "#41055",
            EP,
            "FusedMoE.eplb_state None unless EPLB",
            "vllm/aeon/es2.py",
            LAYER + "class AeonLoadMoE2(FusedMoE):\n"
            "    def aeon_expert_load(self) -> torch.Tensor | None:\n"
            "        state = self.eplb_state\n"
            "        return None if state is None else state.expert_load_view\n",
            "return None if state is None else state.expert_load_view",
        ),
    ),
]

# --- #27220 (9ef3d5b875), again: FusedMoE.batched_hidden_states no longer allocated in __init__
CASES += [
    (
        "#27220 buffer allocated lazily",
        "a read after super().__init__",
        K(
            "#27220",
            EQ,
            "FusedMoE.batched_hidden_states allocated on first forward",
            "vllm/aeon/bh1.py",
            LAYER + "class AeonChunkedMoE(FusedMoE):\n"
            "    def __init__(self, *args, **kwargs):\n"
            "        super().__init__(*args, **kwargs)\n"
            "        # AEON: the Spark's DP chunk size follows the staging buffer\n"
            "        self.aeon_chunk = self.batched_hidden_states.size(-2) if self.use_dp_chunking else 0\n",
            "self.aeon_chunk = self.batched_hidden_states.size(-2) if self.use_dp_chunking else 0",
        ),
    ),
    (
        "#27220 buffer allocated lazily",
        "twin: a None-guarded read",
        K(
            "#27220",
            EQ,
            "FusedMoE.batched_hidden_states allocated on first forward",
            "vllm/aeon/bh2.py",
            LAYER + "def aeon_staged_rows(layer: FusedMoE) -> int:\n"
            "    buf = layer.batched_hidden_states\n"
            "    return 0 if buf is None else buf.size(-2)\n",
            "return 0 if buf is None else buf.size(-2)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-fusedlayer-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
