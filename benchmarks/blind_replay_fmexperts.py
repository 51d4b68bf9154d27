"""A blind replay of the fused-MoE modular kernels: experts, prepare/finalize, the kernel and the quant config.

12 first-parent commits on ``vllm/model_executor/layers/fused_moe/`` -- ``modular_kernel.py``
(``FusedMoEPrepareAndFinalize``, ``FusedMoEPermuteExpertsUnpermute``/``FusedMoEExpertsModular``,
``FusedMoEModularKernel``, ``ExpertTokensMetadata``), the ``experts/`` package and its earlier flat modules,
and ``config.py``'s ``FusedMoEQuantConfig`` and ``RoutingMethodType`` -- the classes a fork's own experts,
prepare/finalize or quantization method carries code against: ``experts.apply``'s ``expert_num_tokens`` made
an ``ExpertTokensMetadata`` (#20332), ``finalize`` given a required ``weight_and_reduce_impl`` and the experts
a ``finalize_weight_and_reduce_impl`` the kernel calls (#20648), the kernel's shared resizable buffers
removed (#27532), ``workspace_shapes`` given a required ``activation`` (#31528), ``RoutingMethodType``
renumbered (#39141), ``CutlassExpertsW4A8Fp8``'s constructor cut to the config and ``cutlass_moe_w4a8_fp8``
removed (#42680), ``FusedMoEQuantConfig.is_nvfp4_scale_swizzled`` renamed ``is_scale_swizzled`` (#42089), the
batched/fallback/LoRA-context modules moved into ``experts/`` (#42334), two XPU experts classes renamed
(#44771), the Marlin ``activation_func`` called with ``topk_ids``/``expert_map`` keywords (#48287) and
Marlin's ``moe_sum`` called with two more positionals (#48385) -- picked by scanning those paths' diffs
(``git log --first-parent -p``, an AST diff of each commit's public names and signatures), avoiding the
commits the other replays use (``blind_replay_moe.py``, ``blind_replay_moe2.py``, ``blind_replay_eplbops.py``
and the rest).  Each is replayed under 1-3 fork spellings written the way fork code is written (a subclass
override the kernel calls with the new arguments, a ``super()`` call, a ``self.`` read, a keyword or
positional constructor call, an import, a module attribute, an enum built from an int, a set of raw enum
values, a callback passed to a kernel helper, a tuple unpacked from ``prepare``), with twins (fork code the
commit does not break: the kept method, the package re-export, a tolerant override, the still-set field).
The merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error
lands on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their
line.

Blind, on the engine before any widening (main at d0aa7738): 17 caught, 2 warned, 2 missed of 21 (twins: 11
quiet, 0 false errors).  The misses: #20332's tuple read (``prepare``'s third result annotated ``Tensor |
None`` -> ``ExpertTokensMetadata | None``; the fork unpacks it and calls a tensor method the dataclass lacks)
and #48287's callback (``fused_marlin_moe(activation_func=...)`` now calls its callback with ``topk_ids=`` and
``expert_map=``; a fork function passed there without those keywords raises TypeError).  The warned: #20332's
override (errors on the override's ``def`` line and its ``super().apply`` call, not on the parameter line the
spelling names) and #20648's experts class (a warning: it inherits ``finalize_weight_and_reduce_impl``, which
upstream added raising NotImplementedError and the kernel now calls on every forward).

After the killers147 widenings: 19 caught, 2 warned, 0 missed of 21 (twins: 11 quiet, 0 false errors).  Caught
now: a member the newly returned class lacks, read off an entry unpacked from a returned tuple, and on an
abstract hook whose annotation alone changed (symbol drift, ``drift/returned_members.py``); a callable the fork
hands an upstream function's parameter that the function, or one it hands the parameter on to, now calls with
a new keyword or more positionals (parameter callback drift, ``drift/param_callbacks.py``).  The two warned are
left: #20332's override is an error on its ``def`` line (the spelling names the signature's last line), and
#20648's experts class is a warning by design (a fork class nothing in the merged tree builds; killers75's
required-hook rule).  Regression set at the widenings' head: killer_replay 26/26, kind_change_replay 12/12,
review15/16/17_twins 0 false errors (40, 30, 23 twins), blind_replay_moe 30 caught, 1 warned of 31 (13 quiet),
blind_replay_moe2 16/16 (10 quiet), blind_replay_eplbops 25/25 (14 quiet), blind_replay_engfront 26/26 (22
quiet), blind_replay_devcomms 20 caught, 1 warned of 21 and blind_replay_processor 28 caught, 1 missed of 29
(as on d0aa7738), ``symbol_precision.py --windows 1``: 0 false errors (5 broken overrides, 4 caught).  The
upstream side of parameter callback drift, scanned over the first-parent commits back to 2026-06-04: 8 grown
parameters, each a real callback change (#48287, #48385, Kimi K3's and MiniMax M3's Marlin ``activation_func``,
a Kimi-K2.5 ``vision_tower`` under an ``if``).

  python benchmarks/blind_replay_fmexperts.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

MK = "import vllm.model_executor.layers.fused_moe.modular_kernel as mk\n"

# --- #20332 (805d62ca88): experts.apply(expert_num_tokens=) -> apply(expert_tokens_meta=), and prepare's
#     third result a tensor -> an ExpertTokensMetadata
ET = "805d62ca88"
ETW = "apply(expert_num_tokens) -> apply(expert_tokens_meta: ExpertTokensMetadata)"
TRITON_OLD = "import torch\n\n" + MK + "from vllm.model_executor.layers.fused_moe.fused_moe import TritonExperts\n\n\n"
CASES += [
    (
        "#20332 parameter renamed",
        "a subclass override the kernel calls by keyword",
        K(
            "#20332",
            ET,
            ETW,
            "vllm/aeon/et1.py",
            TRITON_OLD + "class AeonTritonExperts(TritonExperts):\n"
            "    # AEON: skip the GEMMs when no token reached a local expert\n"
            "    def apply(self, output, hidden_states, w1, w2, topk_ids, activation, global_num_experts,\n"
            "              expert_map, w1_scale, w2_scale, w1_zp, w2_zp, a1q_scale, a2_scale,\n"
            "              workspace13, workspace2, expert_num_tokens):\n"
            "        if expert_num_tokens is not None and int(expert_num_tokens.sum()) == 0:\n"
            "            output.zero_()\n"
            "            return\n"
            "        super().apply(output, hidden_states, w1, w2, topk_ids, activation, global_num_experts,\n"
            "                      expert_map, w1_scale, w2_scale, w1_zp, w2_zp, a1q_scale, a2_scale,\n"
            "                      workspace13, workspace2, expert_num_tokens)\n",
            "workspace13, workspace2, expert_num_tokens):",
        ),
    ),
    (
        "#20332 parameter renamed",
        "a tensor method on prepare's third result",
        K(
            "#20332",
            ET,
            ETW,
            "vllm/aeon/et2.py",
            "import torch\n\n" + MK + "\n\n"
            "def aeon_busiest_expert(pf: mk.FusedMoEPrepareAndFinalize, a1, topk_weights, topk_ids, quant_config) -> int:\n"
            "    # AEON: the Spark's EPLB probe reads the dispatch counts before the experts run\n"
            "    _, _, expert_num_tokens, _, _ = pf.prepare(a1, None, None, topk_weights, topk_ids, 64, None, False, quant_config)\n"
            "    return -1 if expert_num_tokens is None else int(expert_num_tokens.argmax())\n",
            "return -1 if expert_num_tokens is None else int(expert_num_tokens.argmax())",
        ),
    ),
    (
        "#20332 parameter renamed",
        "twin: a kept supports_expert_map override",
        K(
            "#20332",
            ET,
            ETW,
            "vllm/aeon/et3.py",
            TRITON_OLD + "class AeonNoMapExperts(TritonExperts):\n"
            "    def supports_expert_map(self) -> bool:\n"
            "        return False\n",
            "    def supports_expert_map(self) -> bool:",
        ),
    ),
]

# --- #20648 (f0c98cae27): finalize(..., weight_and_reduce_impl) and experts.finalize_weight_and_reduce_impl()
WR = "f0c98cae27"
WRW = "finalize gains a required weight_and_reduce_impl"
PF_OLD = (
    "import torch\n\n"
    + MK
    + "from vllm.model_executor.layers.fused_moe.prepare_finalize import MoEPrepareAndFinalizeNoEP\n\n\n"
)
CASES += [
    (
        "#20648 required parameter inserted",
        "a finalize override the kernel calls with one more argument",
        K(
            "#20648",
            WR,
            WRW,
            "vllm/aeon/wr1.py",
            PF_OLD + "class AeonPrepareAndFinalize(MoEPrepareAndFinalizeNoEP):\n"
            "    # AEON: the Spark reduces in fp32 and casts once\n"
            "    def finalize(self, output, fused_expert_output, topk_weights, topk_ids, apply_router_weight_on_input):\n"
            "        super().finalize(output, fused_expert_output.float(), topk_weights, topk_ids,\n"
            "                         apply_router_weight_on_input)\n",
            "    def finalize(self, output, fused_expert_output, topk_weights, topk_ids, apply_router_weight_on_input):",
        ),
    ),
    (
        "#20648 required parameter inserted",
        "a fork experts class the kernel now asks for its reducer",
        K(
            "#20648",
            WR,
            WRW,
            "vllm/aeon/wr2.py",
            "import torch\n\n" + MK + "\n\n"
            "class AeonDenseExperts(mk.FusedMoEPermuteExpertsUnpermute):\n"
            "    # AEON: a dense per-expert loop for the Spark's debug builds\n"
            "    @property\n"
            "    def activation_formats(self):\n"
            "        return (mk.FusedMoEActivationFormat.Standard, mk.FusedMoEActivationFormat.Standard)\n\n"
            "    def supports_chunking(self) -> bool:\n"
            "        return False\n\n"
            "    def supports_expert_map(self) -> bool:\n"
            "        return False\n\n"
            "    def workspace_shapes(self, a, aq, M, N, K, topk, global_num_experts, local_num_experts):\n"
            "        return ((M, topk, N), (M, topk, K), (M, K), a.dtype)\n\n"
            "    def apply(self, output, hidden_states, w1, w2, topk_ids, activation, global_num_experts,\n"
            "              expert_map, w1_scale, w2_scale, w1_zp, w2_zp, a1q_scale, a2_scale,\n"
            "              workspace13, workspace2, expert_tokens_meta):\n"
            "        for e in range(w1.size(0)):\n"
            "            rows = (topk_ids == e).any(dim=1)\n"
            "            output[rows] += torch.relu(hidden_states[rows] @ w1[e].t()) @ w2[e].t()\n",
            "class AeonDenseExperts(mk.FusedMoEPermuteExpertsUnpermute):",
        ),
    ),
    (
        "#20648 required parameter inserted",
        "twin: a prepare-side override",
        K(
            "#20648",
            WR,
            WRW,
            "vllm/aeon/wr3.py",
            PF_OLD + "class AeonCappedPrepareAndFinalize(MoEPrepareAndFinalizeNoEP):\n"
            "    def max_num_tokens_per_rank(self):\n"
            "        return 8192\n",
            "    def max_num_tokens_per_rank(self):",
        ),
    ),
]

# --- #27532 (3e41992fec): SharedResizableBuffer and FusedMoEModularKernel.shared_buffers removed (workspace manager)
SB = "3e41992fec"
SBW = "FusedMoEModularKernel.shared_buffers / SharedResizableBuffer removed"
CASES += [
    (
        "#27532 class attribute removed",
        "a read of the class's shared buffers",
        K(
            "#27532",
            SB,
            SBW,
            "vllm/aeon/sb1.py",
            MK + "\n\n"
            "def aeon_release_moe_workspaces() -> None:\n"
            "    # AEON: hand the MoE scratch back to the Spark's unified memory between requests\n"
            "    for buffers in mk.FusedMoEModularKernel.shared_buffers:\n"
            "        buffers.fused_out.buffer = None\n"
            "        buffers.workspace13.buffer = None\n"
            "        buffers.workspace2.buffer = None\n",
            "for buffers in mk.FusedMoEModularKernel.shared_buffers:",
        ),
    ),
    (
        "#27532 class removed",
        "an import of the buffer class",
        K(
            "#27532",
            SB,
            SBW,
            "vllm/aeon/sb2.py",
            "from vllm.model_executor.layers.fused_moe.modular_kernel import SharedResizableBuffer\n\n"
            "AEON_LORA_SCRATCH = SharedResizableBuffer()\n",
            "from vllm.model_executor.layers.fused_moe.modular_kernel import SharedResizableBuffer",
        ),
    ),
    (
        "#27532 class removed",
        "twin: ExpertTokensMetadata.make_from_list kept",
        K(
            "#27532",
            SB,
            SBW,
            "vllm/aeon/sb3.py",
            MK + "\n\n"
            "def aeon_meta(counts: list[int]) -> mk.ExpertTokensMetadata:\n"
            "    return mk.ExpertTokensMetadata.make_from_list(counts, device='cuda')\n",
            "return mk.ExpertTokensMetadata.make_from_list(counts, device='cuda')",
        ),
    ),
]

# --- #31528 (3f72639d36): workspace_shapes(..., expert_tokens_meta) gains a required activation
WS = "3f72639d36"
WSW = "workspace_shapes gains a required activation"
TRITON_WS = "from vllm.model_executor.layers.fused_moe.fused_moe import TritonExperts\n\n\n"
CASES += [
    (
        "#31528 required parameter inserted",
        "an override the kernel calls with one more argument",
        K(
            "#31528",
            WS,
            WSW,
            "vllm/aeon/ws1.py",
            TRITON_WS + "class AeonPaddedTritonExperts(TritonExperts):\n"
            "    # AEON: pad the first workspace so GB10's TMA loads stay 128-byte aligned\n"
            "    def workspace_shapes(self, M, N, K, topk, global_num_experts, local_num_experts, expert_tokens_meta):\n"
            "        ws1, ws2, out = super().workspace_shapes(\n"
            "            M, N, K, topk, global_num_experts, local_num_experts, expert_tokens_meta\n"
            "        )\n"
            "        return (ws1[0], ws1[1], (ws1[2] + 63) // 64 * 64), ws2, out\n",
            "    def workspace_shapes(self, M, N, K, topk, global_num_experts, local_num_experts, expert_tokens_meta):",
        ),
    ),
    (
        "#31528 required parameter inserted",
        "a direct call on an experts instance",
        K(
            "#31528",
            WS,
            WSW,
            "vllm/aeon/ws2.py",
            TRITON_WS
            + "def aeon_workspace_bytes(experts: TritonExperts, M: int, N: int, K: int, topk: int, E: int) -> int:\n"
            "    # AEON: size the Spark's MoE arena up front\n"
            "    ws13, ws2, _ = experts.workspace_shapes(M, N, K, topk, E, E, None)\n"
            "    return 2 * (ws13[0] * ws13[1] * ws13[2] + ws2[0] * ws2[1] * ws2[2])\n",
            "ws13, ws2, _ = experts.workspace_shapes(M, N, K, topk, E, E, None)",
        ),
    ),
    (
        "#31528 required parameter inserted",
        "twin: a pass-through override",
        K(
            "#31528",
            WS,
            WSW,
            "vllm/aeon/ws3.py",
            TRITON_WS + "class AeonLoggedTritonExperts(TritonExperts):\n"
            "    def workspace_shapes(self, *args, **kwargs):\n"
            "        shapes = super().workspace_shapes(*args, **kwargs)\n"
            "        return shapes\n",
            "shapes = super().workspace_shapes(*args, **kwargs)",
        ),
    ),
]

# --- #39141 (c8bbe05189): RoutingMethodType renumbered (Custom 6->101, Simulated 7->102, DeepseekV4 8->100,
#     Unspecified 9->8; SigmoidRenorm=6 and MiniMax2=7 new)
RM = "c8bbe05189"
RMW = "RoutingMethodType renumbered"
RMT = "from vllm.model_executor.layers.fused_moe.config import RoutingMethodType\n\n\n"
CASES += [
    (
        "#39141 enum renumbered",
        "an enum built from a raw int",
        K(
            "#39141",
            RM,
            RMW,
            "vllm/aeon/rm1.py",
            "import os\n\n" + RMT + "def aeon_forced_routing() -> RoutingMethodType:\n"
            "    # AEON: the Spark's MoE bring-up forces the custom router (6) unless told otherwise\n"
            "    return RoutingMethodType(int(os.environ.get('AEON_MOE_ROUTING', '6')))\n",
            "return RoutingMethodType(int(os.environ.get('AEON_MOE_ROUTING', '6')))",
        ),
    ),
    (
        "#39141 enum renumbered",
        "a set of raw values the fork keeps off the kernel",
        K(
            "#39141",
            RM,
            RMW,
            "vllm/aeon/rm2.py",
            RMT + "_AEON_NOT_FOR_TRTLLM = {6, 7, 8}  # Custom, Simulated, DeepseekV4\n\n\n"
            "def aeon_trtllm_ok(routing: RoutingMethodType) -> bool:\n"
            "    return int(routing) not in _AEON_NOT_FOR_TRTLLM\n",
            "_AEON_NOT_FOR_TRTLLM = {6, 7, 8}  # Custom, Simulated, DeepseekV4",
        ),
    ),
    (
        "#39141 enum renumbered",
        "twin: members by name",
        K(
            "#39141",
            RM,
            RMW,
            "vllm/aeon/rm3.py",
            RMT + "def aeon_is_custom(routing: RoutingMethodType) -> bool:\n"
            "    return routing in (RoutingMethodType.Custom, RoutingMethodType.Simulated)\n",
            "return routing in (RoutingMethodType.Custom, RoutingMethodType.Simulated)",
        ),
    ),
]

# --- #42680 (4438b6e7dc): CutlassExpertsW4A8Fp8(out_dtype, a/c/s strides, ...) -> (moe_config, quant_config,
#     b_strides1, b_strides2, group_size); cutlass_moe_w4a8_fp8 removed
W4 = "4438b6e7dc"
W4W = "CutlassExpertsW4A8Fp8 constructor cut; cutlass_moe_w4a8_fp8 removed"
CUT = "vllm.model_executor.layers.fused_moe.experts.cutlass_moe"
CASES += [
    (
        "#42680 constructor parameters removed",
        "a keyword constructor call",
        K(
            "#42680",
            W4,
            W4W,
            "vllm/aeon/w41.py",
            f"from {CUT} import CutlassExpertsW4A8Fp8\n\n\n"
            "def aeon_w4a8_experts(layer, moe_config, quant_config):\n"
            "    # AEON: the Spark's W4A8 checkpoints build their experts from the layer's strides\n"
            "    return CutlassExpertsW4A8Fp8(\n"
            "        out_dtype=moe_config.in_dtype,\n"
            "        a_strides1=layer.a_strides1,\n"
            "        a_strides2=layer.a_strides2,\n"
            "        b_strides1=layer.b_strides1,\n"
            "        b_strides2=layer.b_strides2,\n"
            "        c_strides1=layer.c_strides1,\n"
            "        c_strides2=layer.c_strides2,\n"
            "        s_strides1=layer.s_strides1,\n"
            "        s_strides2=layer.s_strides2,\n"
            "        moe_config=moe_config,\n"
            "        quant_config=quant_config,\n"
            "        group_size=128,\n"
            "    )\n",
            "out_dtype=moe_config.in_dtype,",
        ),
    ),
    (
        "#42680 function removed",
        "an import of the removed entry point",
        K(
            "#42680",
            W4,
            W4W,
            "vllm/aeon/w42.py",
            f"from {CUT} import cutlass_moe_w4a8_fp8\n\n\n"
            "def aeon_w4a8_moe(*args, **kwargs):\n"
            "    return cutlass_moe_w4a8_fp8(*args, **kwargs)\n",
            f"from {CUT} import cutlass_moe_w4a8_fp8",
        ),
    ),
    (
        "#42680 constructor parameters removed",
        "twin: a subclass reading fields still set",
        K(
            "#42680",
            W4,
            W4W,
            "vllm/aeon/w43.py",
            f"from {CUT} import CutlassExpertsW4A8Fp8\n\n\n"
            "class AeonW4A8Experts(CutlassExpertsW4A8Fp8):\n"
            "    def aeon_strides(self):\n"
            "        return self.a_strides1, self.c_strides2, self.out_dtype\n",
            "return self.a_strides1, self.c_strides2, self.out_dtype",
        ),
    ),
]

# --- #42089 (8bcd8a260c): FusedMoEQuantConfig.is_nvfp4_scale_swizzled -> is_scale_swizzled (field and keywords)
SW = "8bcd8a260c"
SWW = "is_nvfp4_scale_swizzled renamed is_scale_swizzled"
QC = "from vllm.model_executor.layers.fused_moe.config import FusedMoEQuantConfig, nvfp4_moe_quant_config\n\n\n"
CASES += [
    (
        "#42089 field renamed",
        "a read off a receiver typed as the config",
        K(
            "#42089",
            SW,
            SWW,
            "vllm/aeon/sw1.py",
            QC + "def aeon_fp4_layout(quant_config: FusedMoEQuantConfig) -> str:\n"
            "    # AEON: the Spark's NVFP4 dispatch sends linear scales\n"
            "    return 'swizzled' if quant_config.is_nvfp4_scale_swizzled else 'linear'\n",
            "return 'swizzled' if quant_config.is_nvfp4_scale_swizzled else 'linear'",
        ),
    ),
    (
        "#42089 keyword renamed",
        "a keyword to the config factory",
        K(
            "#42089",
            SW,
            SWW,
            "vllm/aeon/sw2.py",
            QC + "def aeon_nvfp4_config(layer) -> FusedMoEQuantConfig:\n"
            "    return nvfp4_moe_quant_config(\n"
            "        g1_alphas=layer.g1_alphas,\n"
            "        g2_alphas=layer.g2_alphas,\n"
            "        a1_gscale=layer.w13_input_scale_quant,\n"
            "        a2_gscale=layer.w2_input_scale_quant,\n"
            "        w1_scale=layer.w13_weight_scale,\n"
            "        w2_scale=layer.w2_weight_scale,\n"
            "        is_nvfp4_scale_swizzled=False,\n"
            "    )\n",
            "is_nvfp4_scale_swizzled=False,",
        ),
    ),
    (
        "#42089 field renamed",
        "twin: a kept field",
        K(
            "#42089",
            SW,
            SWW,
            "vllm/aeon/sw3.py",
            QC + "def aeon_is_nvfp4(quant_config: FusedMoEQuantConfig) -> bool:\n"
            "    return quant_config.quant_dtype == 'nvfp4' and quant_config.gemm1_alpha is None\n",
            "return quant_config.quant_dtype == 'nvfp4' and quant_config.gemm1_alpha is None",
        ),
    ),
]

# --- #42334 (6427603ae8): fused_batched_moe, fallback, lora_context, triton_deep_gemm_moe... moved into experts/
MV = "6427603ae8"
MVW = "experts modules moved into fused_moe/experts/"
CASES += [
    (
        "#42334 module moved",
        "an import from the old module",
        K(
            "#42334",
            MV,
            MVW,
            "vllm/aeon/mv1.py",
            "from vllm.model_executor.layers.fused_moe.fused_batched_moe import BatchedTritonExperts\n\n\n"
            "class AeonBatchedExperts(BatchedTritonExperts):\n"
            "    pass\n",
            "from vllm.model_executor.layers.fused_moe.fused_batched_moe import BatchedTritonExperts",
        ),
    ),
    (
        "#42334 module moved",
        "a submodule imported off the package",
        K(
            "#42334",
            MV,
            MVW,
            "vllm/aeon/mv2.py",
            "from vllm.model_executor.layers.fused_moe import lora_context\n\n\n"
            "def aeon_lora_ctx(**kwargs):\n"
            "    # AEON: the Spark's MoE LoRA path builds its context itself\n"
            "    return lora_context.MoELoRAContext(**kwargs)\n",
            "from vllm.model_executor.layers.fused_moe import lora_context",
        ),
    ),
    (
        "#42334 module moved",
        "twin: the package's re-export",
        K(
            "#42334",
            MV,
            MVW,
            "vllm/aeon/mv3.py",
            "from vllm.model_executor.layers.fused_moe import BatchedTritonExperts\n\n\n"
            "class AeonBatchedExperts2(BatchedTritonExperts):\n"
            "    pass\n",
            "from vllm.model_executor.layers.fused_moe import BatchedTritonExperts",
        ),
    ),
]

# --- #44771 (54c660c3a6): XPUExpertsMxfp8 -> XPUExpertsMxFp8, XPUExpertsMXFp4 -> XPUExpertsMxFp4
XP = "54c660c3a6"
XPW = "XPU experts classes renamed"
CASES += [
    (
        "#44771 class renamed",
        "a module attribute in a table",
        K(
            "#44771",
            XP,
            XPW,
            "vllm/aeon/xp1.py",
            "from vllm.model_executor.layers.fused_moe.experts import xpu_moe\n\n"
            "AEON_XPU_EXPERTS = {\n"
            "    'fp8': xpu_moe.XPUExpertsFp8,\n"
            "    'mxfp8': xpu_moe.XPUExpertsMxfp8,\n"
            "    'mxfp4': xpu_moe.XPUExpertsMXFp4,\n"
            "}\n",
            "'mxfp8': xpu_moe.XPUExpertsMxfp8,",
        ),
    ),
    (
        "#44771 class renamed",
        "twin: a kept class imported",
        K(
            "#44771",
            XP,
            XPW,
            "vllm/aeon/xp2.py",
            "from vllm.model_executor.layers.fused_moe.experts.xpu_moe import XPUExpertsFp8\n\n\n"
            "class AeonXPUExperts(XPUExpertsFp8):\n"
            "    pass\n",
            "from vllm.model_executor.layers.fused_moe.experts.xpu_moe import XPUExpertsFp8",
        ),
    ),
]

# --- #48287 (21472f32ea): the Marlin path calls activation_func(..., topk_ids=, expert_map=); MarlinExperts
#     passes self.activation as that callback
AF = "21472f32ea"
AFW = "Marlin activation_func called with topk_ids/expert_map"
MARLIN = "import torch\n\nfrom vllm.model_executor.layers.fused_moe.experts.marlin_moe import MarlinExperts, fused_marlin_moe\n"
CASES += [
    (
        "#48287 keywords passed to a callback",
        "an activation override Marlin passes on as its callback",
        K(
            "#48287",
            AF,
            AFW,
            "vllm/aeon/af1.py",
            MARLIN + "from vllm.model_executor.layers.fused_moe.activation import apply_moe_activation\n\n\n"
            "class AeonMarlinExperts(MarlinExperts):\n"
            "    # AEON: clamp the gate before the activation on the Spark's FP4 checkpoints\n"
            "    def activation(self, activation, output, input, *, clamp_limit=None, alpha=1.0, beta=0.0):\n"
            "        apply_moe_activation(activation, output, input.clamp_(-448.0, 448.0),\n"
            "                             clamp_limit=clamp_limit, alpha=alpha, beta=beta)\n",
            "    def activation(self, activation, output, input, *, clamp_limit=None, alpha=1.0, beta=0.0):",
        ),
    ),
    (
        "#48287 keywords passed to a callback",
        "a fork callback passed to fused_marlin_moe",
        K(
            "#48287",
            AF,
            AFW,
            "vllm/aeon/af2.py",
            MARLIN + "\n\n"
            "def aeon_act(activation, output, input, *, clamp_limit=None, alpha=1.0, beta=0.0):\n"
            "    torch.ops._C.silu_and_mul(output, input)\n\n\n"
            "def aeon_marlin(hidden_states, w1, w2, topk_weights, topk_ids, **kwargs):\n"
            "    return fused_marlin_moe(hidden_states=hidden_states, w1=w1, w2=w2, topk_weights=topk_weights,\n"
            "                            topk_ids=topk_ids, activation_func=aeon_act, **kwargs)\n",
            "def aeon_act(activation, output, input, *, clamp_limit=None, alpha=1.0, beta=0.0):",
        ),
    ),
    (
        "#48287 keywords passed to a callback",
        "twin: the same override on Triton experts, called positionally",
        K(
            "#48287",
            AF,
            AFW,
            "vllm/aeon/af3.py",
            "from vllm.model_executor.layers.fused_moe.activation import apply_moe_activation\n"
            "from vllm.model_executor.layers.fused_moe.experts.triton_moe import TritonExperts\n\n\n"
            "class AeonTritonExperts(TritonExperts):\n"
            "    def activation(self, activation, output, input, *, clamp_limit=None, alpha=1.0, beta=0.0):\n"
            "        apply_moe_activation(activation, output, input.clamp_(-448.0, 448.0),\n"
            "                             clamp_limit=clamp_limit, alpha=alpha, beta=beta)\n",
            "    def activation(self, activation, output, input, *, clamp_limit=None, alpha=1.0, beta=0.0):",
        ),
    ),
]

# --- #48385 (f7aadae5e5): MarlinExperts.moe_sum(input, output) -> moe_sum(input, output, topk_ids, expert_map),
#     and fused_marlin_moe calls its moe_sum callback with four positionals
MS = "f7aadae5e5"
MSW = "Marlin moe_sum gains topk_ids/expert_map"
MARLIN2 = "import torch\n\nfrom vllm.model_executor.layers.fused_moe.experts.marlin_moe import MarlinExperts\n\n\n"
CASES += [
    (
        "#48385 required parameters inserted",
        "a moe_sum override Marlin calls with four arguments",
        K(
            "#48385",
            MS,
            MSW,
            "vllm/aeon/ms1.py",
            MARLIN2 + "class AeonMarlinSumExperts(MarlinExperts):\n"
            "    # AEON: reduce the top-k outputs in fp32 on the Spark\n"
            "    def moe_sum(self, input: torch.Tensor, output: torch.Tensor) -> None:\n"
            "        output.copy_(input.float().sum(dim=1).to(output.dtype))\n",
            "    def moe_sum(self, input: torch.Tensor, output: torch.Tensor) -> None:",
        ),
    ),
    (
        "#48385 required parameters inserted",
        "a subclass's self. call with the old arity",
        K(
            "#48385",
            MS,
            MSW,
            "vllm/aeon/ms2.py",
            MARLIN2 + "class AeonMarlinDebugExperts(MarlinExperts):\n"
            "    def aeon_reduce(self, moe_out: torch.Tensor, out: torch.Tensor) -> torch.Tensor:\n"
            "        self.moe_sum(moe_out, out)\n"
            "        return out\n",
            "self.moe_sum(moe_out, out)",
        ),
    ),
    (
        "#48385 required parameters inserted",
        "twin: an override that takes the new arguments as optional",
        K(
            "#48385",
            MS,
            MSW,
            "vllm/aeon/ms3.py",
            MARLIN2 + "class AeonMarlinSumExperts2(MarlinExperts):\n"
            "    def moe_sum(self, input, output, topk_ids=None, expert_map=None) -> None:\n"
            "        torch.sum(input, dim=1, out=output)\n",
            "    def moe_sum(self, input, output, topk_ids=None, expert_map=None) -> None:",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-fmexperts-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
