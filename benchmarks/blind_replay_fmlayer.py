"""A blind replay of the FusedMoE layer and the modular kernel a fork's NVFP4 MoE methods and prepare/finalize carry code against.

10 first-parent commits on ``vllm/model_executor/layers/fused_moe/{layer,modular_kernel}.py`` -- the
``FusedMoE`` layer (its attributes, ``select_experts``, ``determine_expert_map``), the ``FusedMoEMethodBase``
it drives (``select_gemm_impl``, ``apply``, ``maybe_init_modular_kernel``) and the modular kernel's
``FusedMoEPrepareAndFinalize``/``FusedMoEPermuteExpertsUnpermute`` hooks, which a fork with its own NVFP4 MoE
methods and an aarch64 prepare/finalize subclasses and calls: ``FusedMoE.num_experts`` removed for
``global_num_experts``/``local_num_experts``, ``select_gemm_impl`` given a required ``moe`` and
``workspace_shapes`` an ``aq`` after ``a``, activation chunking (``supports_chunking`` made abstract,
``workspace_shapes`` returning four values, ``apply`` writing into a leading ``output``), ``num_dispatchers``
made abstract, the experts' ``apply`` given ``topk_weights=``/``apply_router_weight_on_input=``,
``routed_scaling_factor`` inserted before ``e_score_correction_bias`` in ``select_experts`` and passed to every
method's ``apply``, ``_moe_problem_size`` made a method, ``supports_async()`` now also promising
``finalize_async``, ``determine_expert_map``'s balanced sharding, and ``layer.py``'s split moving
``maybe_init_modular_kernel`` and ``_maybe_make_prepare_finalize`` off the method base -- picked by scanning
those paths' diffs (``git log --first-parent -p``), avoiding the commits every other replay uses
(``blind_replay_moe``, ``_moe2``, ``_fmexperts``, ``_moeutils``, ``_fusedlayer`` cover parts of this surface).
Each is replayed under 1-3 fork spellings written the way fork code is written (a subclass's ``self.`` read, a
read off a receiver typed as the class, a ``getattr`` with a literal, a hook override with the old parameters,
a subclass missing a hook made abstract, an override returning the old tuple, a positional call, an import, a
module attribute call, a static helper's call, a flag override, the fork's own arithmetic on upstream's
layout), with twins (fork code the commit does not break: the kept attribute or helper, a ``**kwargs``
override, a keyword call, a class whose hooks did not change, the value read off the map itself).  The merge
base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on its
line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 387be72d): 19 caught, 1 warned, 1 missed of 21 (twins: 11
quiet, 0 false errors) -- as relabelled: the blind run found one false error of 12 twins, #20725's ``apply(self,
output, hidden_states, w1, w2, topk_ids, **kwargs)`` handing on ``super().apply(output, hidden_states, w1, w2,
topk_ids, **kwargs)``, and the engine was right: ``TritonExperts.apply`` now takes ``topk_weights`` before
``topk_ids``, so the positional ``topk_ids`` lands on ``topk_weights`` while the kernel's ``topk_weights=`` sits
in ``kwargs`` (TypeError, multiple values); it is a killer now, and a twin handing on ``*args, **kwargs`` was
added after the blind run.  Symbol drift caught the removed attribute (a subclass's ``self.`` read, a typed
receiver, ``getattr`` with a literal), the overrides whose base's parameters changed (``select_gemm_impl``,
``workspace_shapes``, both experts' ``apply``, a method's ``apply`` without ``routed_scaling_factor``), the
classes missing a hook made abstract (``supports_chunking``, ``num_dispatchers``), the override returning the
old three values, the positional ``select_experts`` call whose bias now lands on ``routed_scaling_factor``,
the removed ``_moe_problem_size`` (import and module attribute) and the hooks ``layer.py``'s split moved off
the method base.  The warned: #24254's prepare/finalize answering ``supports_async()`` True without
``finalize_async`` -- a warning because nothing in the tree builds the class (``_unimplemented``'s rule: dead,
or built from outside), and the synchronous twin had the very same warning: the engine did not read the
``if not ...supports_async():`` guard around upstream's call.  The miss: #21497's fork arithmetic
``first = ep_rank * (num_experts // ep_size)`` beside ``determine_expert_map``, whose sharding now spreads the
remainder over the first ranks: the fork's line names nothing upstream changed (it re-derives the layout from
the inputs), so no check relates it to the function's body.
After the killers172 widenings: 19 caught, 2 warned, 0 missed of 21 (twins: 12 quiet, 0 false errors; one
twin added after the blind run).  A raising hook upstream calls behind a flag asked of the same object now
reaches only the classes whose flag may answer as the branch needs (``drift/raising_hooks.py``,
``symbols.py``'s ``_hook_called``): the synchronous twin (``supports_async()`` False) is quiet, not warned, and
would no longer be a false error were it built; the asynchronous killer stays a warning while nothing builds
it (built, it is an error: ``tests/audits/test_flagged_hooks.py``).  #21497's re-derived first expert is
warned now (``drift/rederived.py``): a fork function's ``//`` or ``%`` over two or more of the arguments it hands
an upstream function whose arithmetic on them changed -- a warning, since the fork's formula may agree with
the new one.
Regression set at the widenings' head: killer_replay 26/26, kind_change_replay 12/12 (5 quiet), blind_replay_fmexperts
19 caught, 2 warned of 21 (11 quiet; as recorded), blind_replay_attention 21/21 (10 quiet), blind_replay_quantext
17 caught, 1 warned, 1 missed of 19 (13 quiet; as recorded), blind_replay_workerinputs 34 caught, 1 warned of 35
(19 quiet; as recorded), blind_replay_moe 30 caught, 1 warned of 31 (13 quiet), blind_replay_fusedlayer 29
caught, 1 warned of 30 (16 quiet), blind_replay_compwrap 22/22 (12 quiet): no drop, no false error.
Mend61 (from eb141937): the twin mk4 (``maybe_make_prepare_finalize`` called through the re-exported
``FusedMoEMethodBase``) was warned "another body" -- #28064 moved the class to ``fused_moe_method_base.py``, with
its method, and rewrote the body; symbol drift read the class's move as the method's removal with a base's
answering.  A call reaching the very class, moved to a module the old one re-exports, is quiet now
(``symbols.py``'s ``_moved_with_its_class``): 19 caught, 2 warned, 0 missed of 21 (twins: 12 quiet, none warned,
0 false errors).

  python benchmarks/blind_replay_fmlayer.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #13784 (1e15aaef56): FusedMoE.num_experts removed (global_num_experts, local_num_experts)
NE = "1e15aaef56"
NEW = "FusedMoE.num_experts removed for global_num_experts/local_num_experts"
FM = "from vllm.model_executor.layers.fused_moe.layer import FusedMoE\n\n\n"
CASES += [
    (
        "#13784 attribute removed",
        "a subclass's self. read",
        K(
            "#13784",
            NE,
            NEW,
            "vllm/aeon/ne1.py",
            FM + "class AeonSparkMoE(FusedMoE):\n"
            "    def aeon_expert_bytes(self) -> int:\n"
            "        # AEON: the Spark's unified memory budget counts every expert's weights\n"
            "        return self.num_experts * self.w13_weight[0].numel() * 2\n",
            "return self.num_experts * self.w13_weight[0].numel() * 2",
        ),
    ),
    (
        "#13784 attribute removed",
        "a read off a receiver typed as the class",
        K(
            "#13784",
            NE,
            NEW,
            "vllm/aeon/ne2.py",
            FM + "def aeon_router_width(layer: FusedMoE) -> int:\n"
            "    # AEON: the NVFP4 router kernel on sm_121a is sized by the global expert count\n"
            "    return layer.num_experts\n",
            "return layer.num_experts",
        ),
    ),
    (
        "#13784 attribute removed",
        "a getattr with a literal",
        K(
            "#13784",
            NE,
            NEW,
            "vllm/aeon/ne3.py",
            FM + "def aeon_describe(layer: FusedMoE) -> str:\n"
            '    experts = getattr(layer, "num_experts")\n'
            '    return f"{experts}x{layer.top_k}"\n',
            'experts = getattr(layer, "num_experts")',
        ),
    ),
    (
        "#13784 attribute removed",
        "twin: kept attributes",
        K(
            "#13784",
            NE,
            NEW,
            "vllm/aeon/ne4.py",
            FM + "def aeon_shard_info(layer: FusedMoE) -> tuple[int, int, int]:\n"
            "    return layer.top_k, layer.ep_size, layer.tp_size\n",
            "return layer.top_k, layer.ep_size, layer.tp_size",
        ),
    ),
]

# --- #18762 (84166fee97): select_gemm_impl given a required moe; workspace_shapes given aq after a
SG = "84166fee97"
SGW = "FusedMoEMethodBase.select_gemm_impl(prepare_finalize, moe); workspace_shapes(a, aq, M, ...)"
SGH = (
    "from typing import Optional\n\nimport torch\n\n"
    "from vllm.model_executor.layers.fused_moe.layer import UnquantizedFusedMoEMethod\n"
    "from vllm.model_executor.layers.fused_moe.modular_kernel import (\n"
    "    FusedMoEPermuteExpertsUnpermute,\n"
    "    FusedMoEPrepareAndFinalize,\n"
    ")\n\n\n"
)
CASES += [
    (
        "#18762 parameter added to an overridden hook",
        "a method's override of select_gemm_impl",
        K(
            "#18762",
            SG,
            SGW,
            "vllm/aeon/sg1.py",
            SGH + "class AeonSparkMoEMethod(UnquantizedFusedMoEMethod):\n"
            "    def select_gemm_impl(self, prepare_finalize: FusedMoEPrepareAndFinalize) -> FusedMoEPermuteExpertsUnpermute:\n"
            "        # AEON: the aarch64 path picks its own grouped GEMM\n"
            "        experts = super().select_gemm_impl(prepare_finalize)\n"
            '        experts.aeon_tag = "spark"\n'
            "        return experts\n",
            "def select_gemm_impl(self, prepare_finalize: FusedMoEPrepareAndFinalize) -> FusedMoEPermuteExpertsUnpermute:",
        ),
    ),
    (
        "#18762 parameter inserted in an abstract method",
        "an experts class's workspace_shapes override",
        K(
            "#18762",
            SG,
            SGW,
            "vllm/aeon/sg2.py",
            SGH + "class AeonSparkExperts(FusedMoEPermuteExpertsUnpermute):\n"
            "    def workspace_shapes(self, a: torch.Tensor, M: int, N: int, K: int, topk: int, num_experts: int) -> tuple[int, int, torch.dtype]:\n"
            "        # AEON: the NVFP4 grouped GEMM on GB10 packs two values a byte\n"
            "        return (M * topk * max(N, K), M * topk * N // 2, a.dtype)\n\n"
            "    def apply(self, hidden_states: torch.Tensor, w1: torch.Tensor, w2: torch.Tensor, topk_ids: torch.Tensor, **kwargs) -> torch.Tensor:\n"
            "        return torch.ops.aeon.nvfp4_grouped_gemm(hidden_states, w1, w2, topk_ids)\n",
            "def workspace_shapes(self, a: torch.Tensor, M: int, N: int, K: int, topk: int, num_experts: int) -> tuple[int, int, torch.dtype]:",
        ),
    ),
    (
        "#18762 parameter added to an overridden hook",
        "twin: overrides of prepare/finalize's kept hooks",
        K(
            "#18762",
            SG,
            SGW,
            "vllm/aeon/sg3.py",
            SGH + "class AeonQuietMethod(UnquantizedFusedMoEMethod):\n"
            "    def init_prepare_finalize(self, moe, quant_config) -> None:\n"
            "        super().init_prepare_finalize(moe, quant_config)\n"
            "        self.aeon_ready = True\n",
            "super().init_prepare_finalize(moe, quant_config)",
        ),
    ),
]

# --- #19168 (29fa5cac1c): activation chunking -- supports_chunking made abstract, workspace_shapes returns
# four values (shapes and the output's), apply() writes into a leading output and returns nothing
CH = "29fa5cac1c"
CHW = "supports_chunking abstract; workspace_shapes a 4-tuple; apply(output, hidden_states, ...) -> None"
CHH = (
    "import torch\n\n"
    "from vllm.model_executor.layers.fused_moe.modular_kernel import (\n"
    "    FusedMoEPermuteExpertsUnpermute,\n"
    "    FusedMoEPrepareAndFinalize,\n"
    ")\n\n\n"
)
CASES += [
    (
        "#19168 method made abstract",
        "an experts class without the new hook",
        K(
            "#19168",
            CH,
            CHW,
            "vllm/aeon/ch1.py",
            CHH + "class AeonCutlassFp4Experts(FusedMoEPermuteExpertsUnpermute):\n"
            "    # AEON: the Spark's NVFP4 CUTLASS grouped GEMM (sm_121a)\n"
            "    def __init__(self, inner: FusedMoEPermuteExpertsUnpermute) -> None:\n"
            "        super().__init__()\n"
            "        self.inner = inner\n\n"
            "    def workspace_shapes(self, *args, **kwargs):\n"
            "        return self.inner.workspace_shapes(*args, **kwargs)\n\n"
            "    def apply(self, *args, **kwargs):\n"
            "        return self.inner.apply(*args, **kwargs)\n\n\n"
            "def aeon_wrap(inner: FusedMoEPermuteExpertsUnpermute) -> FusedMoEPermuteExpertsUnpermute:\n"
            "    return AeonCutlassFp4Experts(inner)\n",
            "class AeonCutlassFp4Experts(FusedMoEPermuteExpertsUnpermute):",
        ),
    ),
    (
        "#19168 return tuple widened",
        "an override returning the old three values",
        K(
            "#19168",
            CH,
            CHW,
            "vllm/aeon/ch2.py",
            CHH + "class AeonPackedExperts(FusedMoEPermuteExpertsUnpermute):\n"
            "    def workspace_shapes(self, a, aq, M, N, K, topk, num_experts):\n"
            "        # AEON: packed NVFP4 workspaces on GB10\n"
            "        return (M * topk * max(N, K), M * topk * N // 2, a.dtype)\n\n"
            "    def apply(self, *args, **kwargs):\n"
            "        return None\n",
            "return (M * topk * max(N, K), M * topk * N // 2, a.dtype)",
        ),
    ),
    (
        "#19168 parameter inserted first, result dropped",
        "an apply override with the old parameters",
        K(
            "#19168",
            CH,
            CHW,
            "vllm/aeon/ch3.py",
            CHH + "class AeonMarlinFp4Experts(FusedMoEPermuteExpertsUnpermute):\n"
            "    def workspace_shapes(self, a, aq, M, N, K, topk, num_experts):\n"
            "        return self.aeon_sizes(M, N, K, topk, a.dtype)\n\n"
            "    def aeon_sizes(self, M, N, K, topk, dtype):\n"
            "        return (M * topk * max(N, K), M * topk * N, dtype)\n\n"
            "    def apply(self, hidden_states, w1, w2, topk_ids, activation, global_num_experts, expert_map, w1_scale, w2_scale, w1_zp, w2_zp, a1q_scale, a2_scale, workspace13, workspace2, expert_num_tokens):\n"
            "        # AEON: the aarch64 Marlin FP4 path returns its own output\n"
            "        return torch.ops.aeon.marlin_fp4_moe(hidden_states, w1, w2, topk_ids, w1_scale, w2_scale)\n",
            "def apply(self, hidden_states, w1, w2, topk_ids, activation, global_num_experts, expert_map, w1_scale, w2_scale, w1_zp, w2_zp, a1q_scale, a2_scale, workspace13, workspace2, expert_num_tokens):",
        ),
    ),
    (
        "#19168 method made abstract",
        "twin: a prepare/finalize with its whole (unchanged) set of hooks",
        K(
            "#19168",
            CH,
            CHW,
            "vllm/aeon/ch4.py",
            CHH + "class AeonNoopPrepareAndFinalize(FusedMoEPrepareAndFinalize):\n"
            "    def prepare(self, a1, a1_scale, a2_scale, topk_weights, topk_ids, num_experts, expert_map, apply_router_weight_on_input):\n"
            "        return a1, a1_scale, None\n\n"
            "    def finalize(self, output, fused_expert_output, topk_weights, topk_ids, apply_router_weight_on_input):\n"
            "        output.copy_(fused_expert_output)\n\n"
            "    def topk_indices_dtype(self):\n"
            "        return None\n\n"
            "    def max_num_tokens_per_rank(self):\n"
            "        return None\n\n\n"
            "AEON_PF = AeonNoopPrepareAndFinalize()\n",
            "AEON_PF = AeonNoopPrepareAndFinalize()",
        ),
    ),
]

# --- #18864 (78fe77534b): FusedMoEPrepareAndFinalize.num_dispatchers() made abstract
ND = "78fe77534b"
NDW = "FusedMoEPrepareAndFinalize.num_dispatchers abstract"
NDH = "import torch\n\nimport vllm.model_executor.layers.fused_moe.modular_kernel as mk\n\n\n"
CASES += [
    (
        "#18864 method made abstract",
        "a prepare/finalize reached through the module",
        K(
            "#18864",
            ND,
            NDW,
            "vllm/aeon/nd1.py",
            NDH + "class AeonSparkPrepareAndFinalize(mk.FusedMoEPrepareAndFinalize):\n"
            "    # AEON: the Spark's single-node aarch64 path quantizes to NVFP4 before the experts\n"
            "    def prepare(self, a1, a1_scale, a2_scale, topk_weights, topk_ids, num_experts, expert_map, apply_router_weight_on_input, quant_config):\n"
            "        return torch.ops.aeon.nvfp4_quant(a1), a1_scale, None, None, None\n\n"
            "    def finalize(self, output, fused_expert_output, topk_weights, topk_ids, apply_router_weight_on_input):\n"
            "        output.copy_(fused_expert_output)\n\n"
            "    @property\n"
            "    def activation_format(self) -> mk.FusedMoEActivationFormat:\n"
            "        return mk.FusedMoEActivationFormat.Standard\n\n"
            "    def topk_indices_dtype(self):\n"
            "        return torch.int32\n\n"
            "    def max_num_tokens_per_rank(self):\n"
            "        return None\n\n\n"
            'AEON_SPARK_PF = {"spark": AeonSparkPrepareAndFinalize}\n',
            "class AeonSparkPrepareAndFinalize(mk.FusedMoEPrepareAndFinalize):",
        ),
    ),
    (
        "#18864 method made abstract",
        "twin: an experts class (its hooks unchanged)",
        K(
            "#18864",
            ND,
            NDW,
            "vllm/aeon/nd2.py",
            NDH + "class AeonSparkTritonExperts(mk.FusedMoEPermuteExpertsUnpermute):\n"
            "    @property\n"
            "    def activation_formats(self):\n"
            "        return (mk.FusedMoEActivationFormat.Standard, mk.FusedMoEActivationFormat.Standard)\n\n"
            "    def supports_chunking(self) -> bool:\n"
            "        return True\n\n"
            "    def supports_expert_map(self) -> bool:\n"
            "        return True\n\n"
            "    def workspace_shapes(self, *args, **kwargs):\n"
            "        return torch.ops.aeon.shapes(*args)\n\n"
            "    def apply(self, *args, **kwargs):\n"
            "        torch.ops.aeon.triton_moe(*args)\n\n\n"
            "AEON_EXPERTS = AeonSparkTritonExperts()\n",
            "AEON_EXPERTS = AeonSparkTritonExperts()",
        ),
    ),
]

# --- #20725 (c0569dbc82): the experts' apply() now given topk_weights= and apply_router_weight_on_input=
TW = "c0569dbc82"
TWW = "FusedMoEPermuteExpertsUnpermute.apply given topk_weights and apply_router_weight_on_input"
TWH = (
    "import torch\n\n"
    "from vllm.model_executor.layers.fused_moe.fused_moe import TritonExperts\n"
    "from vllm.model_executor.layers.fused_moe.modular_kernel import FusedMoEPermuteExpertsUnpermute\n\n\n"
)
CASES += [
    (
        "#20725 keyword added to a hook's call",
        "an experts class's apply with the old parameters",
        K(
            "#20725",
            TW,
            TWW,
            "vllm/aeon/tw1.py",
            TWH + "class AeonFp4Experts(FusedMoEPermuteExpertsUnpermute):\n"
            "    def apply(\n"
            "        self, output, hidden_states, w1, w2, topk_ids, activation, global_num_experts, expert_map,\n"
            "        w1_scale, w2_scale, w1_zp, w2_zp, a1q_scale, a2_scale, workspace13, workspace2, expert_tokens_meta,\n"
            "    ):\n"
            "        # AEON: the GB10 NVFP4 grouped GEMM writes into the kernel's output\n"
            "        torch.ops.aeon.nvfp4_moe(output, hidden_states, w1, w2, topk_ids, w1_scale, w2_scale)\n",
            "def apply(",
        ),
    ),
    (
        "#20725 keyword added to a hook's call",
        "a subclass of upstream's experts overriding apply with super()",
        K(
            "#20725",
            TW,
            TWW,
            "vllm/aeon/tw2.py",
            TWH + "class AeonTritonExperts(TritonExperts):\n"
            "    def apply(self, output, hidden_states, w1, w2, topk_ids, activation, global_num_experts, expert_map, w1_scale, w2_scale, w1_zp, w2_zp, a1q_scale, a2_scale, workspace13, workspace2, expert_tokens_meta):\n"
            "        # AEON: count the Spark's expert launches\n"
            '        self.aeon_calls = getattr(self, "aeon_calls", 0) + 1\n'
            "        super().apply(output, hidden_states, w1, w2, topk_ids, activation, global_num_experts, expert_map, w1_scale, w2_scale, w1_zp, w2_zp, a1q_scale, a2_scale, workspace13, workspace2, expert_tokens_meta)\n",
            "def apply(self, output, hidden_states, w1, w2, topk_ids, activation, global_num_experts, expert_map, w1_scale, w2_scale, w1_zp, w2_zp, a1q_scale, a2_scale, workspace13, workspace2, expert_tokens_meta):",
        ),
    ),
    (
        "#20725 keyword added to a hook's call",
        "an apply override taking **kwargs, handing topk_ids on by position (a twin before the blind run)",
        K(
            "#20725",
            TW,
            TWW,
            "vllm/aeon/tw3.py",
            TWH + "class AeonLoggedExperts(TritonExperts):\n"
            "    def apply(self, output, hidden_states, w1, w2, topk_ids, **kwargs):\n"
            "        super().apply(output, hidden_states, w1, w2, topk_ids, **kwargs)\n",
            "super().apply(output, hidden_states, w1, w2, topk_ids, **kwargs)",
        ),
    ),
    (
        "#20725 keyword added to a hook's call",
        "twin: an apply override handing everything on (added after the blind run)",
        K(
            "#20725",
            TW,
            TWW,
            "vllm/aeon/tw4.py",
            TWH + "class AeonCountedExperts(TritonExperts):\n"
            "    def apply(self, *args, **kwargs):\n"
            '        self.aeon_calls = getattr(self, "aeon_calls", 0) + 1\n'
            "        super().apply(*args, **kwargs)\n",
            "super().apply(*args, **kwargs)",
        ),
    ),
]

# --- #23123 (8fb85b7bb6): routed_scaling_factor inserted before e_score_correction_bias in select_experts,
# and passed by keyword to every FusedMoEMethodBase.apply()
RS = "8fb85b7bb6"
RSW = "select_experts(..., scoring_func, routed_scaling_factor, e_score_correction_bias, ...); apply(routed_scaling_factor=)"
RSH = "import torch\n\nfrom vllm.model_executor.layers.fused_moe.layer import FusedMoE, UnquantizedFusedMoEMethod\n\n\n"
CASES += [
    (
        "#23123 parameter inserted",
        "a positional call of select_experts passing the bias",
        K(
            "#23123",
            RS,
            RSW,
            "vllm/aeon/rs1.py",
            RSH + "def aeon_route(x: torch.Tensor, logits: torch.Tensor, bias: torch.Tensor):\n"
            "    # AEON: the Spark's draft model routes with the target's grouped top-k\n"
            '    return FusedMoE.select_experts(x, logits, 8, True, True, 4, 8, None, "sigmoid", bias)\n',
            'return FusedMoE.select_experts(x, logits, 8, True, True, 4, 8, None, "sigmoid", bias)',
        ),
    ),
    (
        "#23123 keyword added to a hook's call",
        "a method's apply override without the new keyword",
        K(
            "#23123",
            RS,
            RSW,
            "vllm/aeon/rs2.py",
            RSH + "class AeonNvFp4MoEMethod(UnquantizedFusedMoEMethod):\n"
            "    def apply(\n"
            "        self, layer, x, router_logits, top_k, renormalize, use_grouped_topk=False, topk_group=None,\n"
            "        num_expert_group=None, global_num_experts=-1, expert_map=None, custom_routing_function=None,\n"
            '        scoring_func="softmax", e_score_correction_bias=None, apply_router_weight_on_input=False,\n'
            '        activation="silu", enable_eplb=False, expert_load_view=None, logical_to_physical_map=None,\n'
            "        logical_replica_count=None,\n"
            "    ):\n"
            "        # AEON: NVFP4 experts on GB10\n"
            "        topk_weights, topk_ids = FusedMoE.select_experts(\n"
            "            hidden_states=x, router_logits=router_logits, top_k=top_k, use_grouped_topk=use_grouped_topk,\n"
            "            renormalize=renormalize, topk_group=topk_group, num_expert_group=num_expert_group,\n"
            "            scoring_func=scoring_func, e_score_correction_bias=e_score_correction_bias,\n"
            "        )\n"
            "        return torch.ops.aeon.nvfp4_moe(x, layer.w13_weight, layer.w2_weight, topk_weights, topk_ids)\n",
            "def apply(",
        ),
    ),
    (
        "#23123 parameter inserted",
        "twin: a keyword call of select_experts",
        K(
            "#23123",
            RS,
            RSW,
            "vllm/aeon/rs3.py",
            RSH + "def aeon_route2(x: torch.Tensor, logits: torch.Tensor, bias: torch.Tensor):\n"
            "    return FusedMoE.select_experts(\n"
            '        x, logits, 8, True, True, 4, 8, None, "sigmoid", e_score_correction_bias=bias\n'
            "    )\n",
            'x, logits, 8, True, True, 4, 8, None, "sigmoid", e_score_correction_bias=bias',
        ),
    ),
    (
        "#23123 keyword added to a hook's call",
        "twin: an apply override taking **kwargs",
        K(
            "#23123",
            RS,
            RSW,
            "vllm/aeon/rs4.py",
            RSH + "class AeonPassMoEMethod(UnquantizedFusedMoEMethod):\n"
            "    def apply(self, layer, x, router_logits, top_k, renormalize, **kwargs):\n"
            "        return super().apply(layer, x, router_logits, top_k, renormalize, **kwargs)\n",
            "return super().apply(layer, x, router_logits, top_k, renormalize, **kwargs)",
        ),
    ),
]

# --- #25488 (7ef40bb983): modular_kernel._moe_problem_size made FusedMoEPermuteExpertsUnpermute.moe_problem_size
PS = "7ef40bb983"
PSW = "_moe_problem_size removed (now a method of FusedMoEPermuteExpertsUnpermute)"
CASES += [
    (
        "#25488 function removed",
        "an import of the removed helper",
        K(
            "#25488",
            PS,
            PSW,
            "vllm/aeon/ps1.py",
            "import torch\n\n"
            "from vllm.model_executor.layers.fused_moe.modular_kernel import _moe_problem_size\n\n\n"
            "def aeon_tokens(a1: torch.Tensor, w1: torch.Tensor, w2: torch.Tensor, topk_ids: torch.Tensor) -> int:\n"
            "    # AEON: the Spark's MoE tuner keys its configs by M\n"
            "    _, M, _, _, _ = _moe_problem_size(a1, w1, w2, topk_ids)\n"
            "    return M\n",
            "from vllm.model_executor.layers.fused_moe.modular_kernel import _moe_problem_size",
        ),
    ),
    (
        "#25488 function removed",
        "a module attribute call",
        K(
            "#25488",
            PS,
            PSW,
            "vllm/aeon/ps2.py",
            "import vllm.model_executor.layers.fused_moe.modular_kernel as mk\n\n\n"
            "def aeon_shape_key(a1, w1, w2, topk_ids) -> str:\n"
            "    E, M, N, K, topk = mk._moe_problem_size(a1, w1, w2, topk_ids)\n"
            '    return f"E={E},N={N},K={K}"\n',
            "E, M, N, K, topk = mk._moe_problem_size(a1, w1, w2, topk_ids)",
        ),
    ),
    (
        "#25488 function removed",
        "twin: the kept chunking helper",
        K(
            "#25488",
            PS,
            PSW,
            "vllm/aeon/ps3.py",
            "from vllm.model_executor.layers.fused_moe.modular_kernel import _chunk_scales\n\n\n"
            "def aeon_chunk(scales, start: int, end: int):\n"
            "    return _chunk_scales(scales, start, end)\n",
            "return _chunk_scales(scales, start, end)",
        ),
    ),
]

# --- #24254 (dc2979c585): supports_async() now also promises finalize_async(), which the kernel calls
FA = "dc2979c585"
FAW = "supports_async() True now makes the kernel call finalize_async (base raises NotImplementedError)"
FAH = "import torch\n\nimport vllm.model_executor.layers.fused_moe.modular_kernel as mk\n\n\n"
FAB = (
    "    def prepare(self, a1, topk_weights, topk_ids, num_experts, expert_map, apply_router_weight_on_input, quant_config):\n"
    "        return torch.ops.aeon.dispatch(a1, topk_ids), None, None, None, None\n\n"
    "    def finalize(self, output, fused_expert_output, topk_weights, topk_ids, apply_router_weight_on_input, weight_and_reduce_impl):\n"
    "        torch.ops.aeon.combine(output, fused_expert_output)\n\n"
    "    @property\n"
    "    def activation_format(self):\n"
    "        return mk.FusedMoEActivationFormat.Standard\n\n"
    "    def topk_indices_dtype(self):\n"
    "        return None\n\n"
    "    def max_num_tokens_per_rank(self):\n"
    "        return None\n\n"
    "    def num_dispatchers(self) -> int:\n"
    "        return 1\n"
)
CASES += [
    (
        "#24254 flag now promises a second hook",
        "a prepare/finalize answering supports_async() True without finalize_async",
        K(
            "#24254",
            FA,
            FAW,
            "vllm/aeon/fa1.py",
            FAH + "class AeonOverlapPrepareAndFinalize(mk.FusedMoEPrepareAndFinalize):\n"
            "    # AEON: the Spark overlaps its NVLink-C2C dispatch with the shared experts\n"
            + FAB
            + "\n    def supports_async(self) -> bool:\n"
            "        return True\n\n"
            "    def prepare_async(self, a1, topk_weights, topk_ids, num_experts, expert_map, apply_router_weight_on_input, quant_config):\n"
            "        handle = torch.ops.aeon.dispatch_async(a1, topk_ids)\n"
            "        return handle.wait, lambda: (handle.out, None, None, None, None)\n",
            "class AeonOverlapPrepareAndFinalize(mk.FusedMoEPrepareAndFinalize):",
        ),
    ),
    (
        "#24254 flag now promises a second hook",
        "twin: a prepare/finalize that stays synchronous",
        K(
            "#24254",
            FA,
            FAW,
            "vllm/aeon/fa2.py",
            FAH
            + "class AeonSyncPrepareAndFinalize(mk.FusedMoEPrepareAndFinalize):\n"
            + FAB
            + "\n    def supports_async(self) -> bool:\n"
            "        return False\n",
            "class AeonSyncPrepareAndFinalize(mk.FusedMoEPrepareAndFinalize):",
        ),
    ),
]

# --- #21497 (fe56180c7f): determine_expert_map spreads the remainder over the first ranks, not the last
EM = "fe56180c7f"
EMW = "determine_expert_map: balanced sharding (rank r starts at r*base + min(r, remainder))"
EMH = "from vllm.model_executor.layers.fused_moe.layer import determine_expert_map\n\n\n"
CASES += [
    (
        "#21497 layout changed",
        "the fork's own first-expert arithmetic",
        K(
            "#21497",
            EM,
            EMW,
            "vllm/aeon/em1.py",
            EMH + "def aeon_local_range(ep_size: int, ep_rank: int, num_experts: int) -> range:\n"
            "    # AEON: the Spark's NVFP4 checkpoint loader reads only this rank's experts\n"
            "    local, _ = determine_expert_map(ep_size, ep_rank, num_experts)\n"
            "    first = ep_rank * (num_experts // ep_size)\n"
            "    return range(first, first + local)\n",
            "first = ep_rank * (num_experts // ep_size)",
        ),
    ),
    (
        "#21497 layout changed",
        "twin: the range read off the map itself",
        K(
            "#21497",
            EM,
            EMW,
            "vllm/aeon/em2.py",
            EMH + "def aeon_local_ids(ep_size: int, ep_rank: int, num_experts: int) -> list[int]:\n"
            "    _, expert_map = determine_expert_map(ep_size, ep_rank, num_experts)\n"
            "    if expert_map is None:\n"
            "        return list(range(num_experts))\n"
            "    return (expert_map >= 0).nonzero().flatten().tolist()\n",
            "return (expert_map >= 0).nonzero().flatten().tolist()",
        ),
    ),
]

# --- #28064 (a1448b4b69): layer.py split; FusedMoEMethodBase.maybe_init_modular_kernel and
# _maybe_make_prepare_finalize moved out (FusedMoE.maybe_init_modular_kernel, all2all_utils)
MK = "a1448b4b69"
MKW = "FusedMoEMethodBase.maybe_init_modular_kernel/_maybe_make_prepare_finalize removed"
MKH = "from vllm.model_executor.layers.fused_moe.layer import FusedMoE, FusedMoEMethodBase, UnquantizedFusedMoEMethod\n\n\n"
CASES += [
    (
        "#28064 overridden hook no longer called",
        "a method's override of maybe_init_modular_kernel",
        K(
            "#28064",
            MK,
            MKW,
            "vllm/aeon/mk1.py",
            MKH + "class AeonSparkUnquantizedMethod(UnquantizedFusedMoEMethod):\n"
            "    def maybe_init_modular_kernel(self, layer):\n"
            "        # AEON: the Spark's single-node path keeps the plain kernel (no all2all)\n"
            "        if layer.ep_size == 1:\n"
            "            return None\n"
            "        return super().maybe_init_modular_kernel(layer)\n",
            "def maybe_init_modular_kernel(self, layer):",
        ),
    ),
    (
        "#28064 method removed",
        "a call through a layer's quant_method",
        K(
            "#28064",
            MK,
            MKW,
            "vllm/aeon/mk2.py",
            MKH + "def aeon_late_kernel(layer: FusedMoE):\n"
            "    # AEON: the EAGLE draft's MoE layer is set up after the target's\n"
            "    method: FusedMoEMethodBase = layer.quant_method\n"
            "    return method.maybe_init_modular_kernel(layer)\n",
            "return method.maybe_init_modular_kernel(layer)",
        ),
    ),
    (
        "#28064 staticmethod removed",
        "a call of the base's static helper",
        K(
            "#28064",
            MK,
            MKW,
            "vllm/aeon/mk3.py",
            MKH + "def aeon_prepare_finalize(layer: FusedMoE):\n"
            "    return FusedMoEMethodBase._maybe_make_prepare_finalize(layer.moe_config, layer.quant_method.moe_quant_config)\n",
            "return FusedMoEMethodBase._maybe_make_prepare_finalize(layer.moe_config, layer.quant_method.moe_quant_config)",
        ),
    ),
    (
        "#28064 method removed",
        "twin: the kept maybe_make_prepare_finalize, through the re-exported base",
        K(
            "#28064",
            MK,
            MKW,
            "vllm/aeon/mk4.py",
            MKH + "def aeon_pf(layer: FusedMoE):\n"
            "    method: FusedMoEMethodBase = layer.quant_method\n"
            "    return method.maybe_make_prepare_finalize()\n",
            "return method.maybe_make_prepare_finalize()",
        ),
    ),
    (
        "#28064 overridden hook no longer called",
        "twin: an override of the kept maybe_make_prepare_finalize",
        K(
            "#28064",
            MK,
            MKW,
            "vllm/aeon/mk5.py",
            MKH + "class AeonNoA2AMethod(UnquantizedFusedMoEMethod):\n"
            "    def maybe_make_prepare_finalize(self):\n"
            "        return None\n",
            "def maybe_make_prepare_finalize(self):",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-fmlayer-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
