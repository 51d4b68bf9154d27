"""A blind replay of the fused-MoE configuration and modular kernel a Spark fork builds, subclasses and reads.

9 first-parent commits on ``vllm/model_executor/layers/fused_moe/config.py`` and
``vllm/model_executor/layers/fused_moe/modular_kernel.py`` -- the configuration a fork's NVFP4 MoE path builds
(``FusedMoEConfig``, the ``*_moe_quant_config`` builders of ``FusedMoEQuantConfig``), the routing helper it
asks, and the modular kernel's bases it subclasses (``FusedMoEPermuteExpertsUnpermute``,
``FusedMoEModularKernel``): ``workspace_shapes`` given ``expert_tokens_meta`` (#20903) and its ``num_experts``
split into ``global_num_experts, local_num_experts`` (#19515) -- the kernel calls a fork override with
arguments it does not take --, ``get_routing_method_type`` answering ``RenormalizeNaive`` where it answered
``Renormalize`` (#43223), ``awq_marlin_moe_quant_config`` removed (#42553), ``w1_bias, w2_bias`` inserted
before ``block_shape`` in ``fp8_w8a16_moe_quant_config`` / ``int8_w8a16_moe_quant_config`` (#42768), the
dataclass field ``router_logits_dtype`` inserted before ``max_num_tokens`` in ``FusedMoEConfig`` (#31055),
``weight_quant_dtype`` added as a read-only property of the experts' base and of ``FusedMoEQuantConfig``
(#34542), ``FusedMoEModularKernel._finalize`` passed a new ``shared_experts_input=`` keyword (#34087), and
``enable_chunking()`` added to the experts' base and called by the kernel in place of ``supports_chunking()``
(#19642) -- picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding the commits every
other replay uses.  Each is replayed under 1-2 fork spellings (a subclass's ``workspace_shapes`` or
``_finalize`` of the old signature, a helper calling the hook without the new argument or with the old keyword,
a test pinning the old return and a dispatch on it, an import and a module attribute call of the removed
builder, positional calls past the inserted parameters, a positional construction and a subclass's positional
``super().__init__`` of the dataclass, a subclass storing the new property's name in ``__init__`` and a store on
the quant config a builder returned, a subclass's method and class attribute of the new hook's name), with
twins (the override with the new parameters, an unchanged branch's return, a builder that stays, the keyword
spellings, the fork's own attribute name, an override passing ``**kwargs`` through, an override of
``supports_chunking`` alone).  The merge base is the commit's first parent, upstream is the commit; a spelling
is *caught* when an error lands on its line, *warned* when a warning lands in its file.  Twins must stay
*quiet*: no error on their line.

Blind, on the engine before any widening (main at 38ff2e7e): 13 caught, 1 warned, 3 missed of 17 (twins: 9
quiet, 0 false errors).  Symbol drift caught both overrides of ``workspace_shapes`` and both calls of it
(#20903, #19515), the import and the module attribute call of the removed builder (#42553), both positional
calls past the inserted ``w1_bias, w2_bias`` (#42768), the positional construction and ``super().__init__``
of ``FusedMoEConfig`` (#31055), the subclass's ``self.weight_quant_dtype = ...`` (#34542) and the
``_finalize`` override (#34087); return drift (drift/tuple_values.py) caught the dispatch on a name bound to
``get_routing_method_type(...)`` (#43223); symbol drift warned on the subclass's ``enable_chunking(self,
enabled)`` (#19642: "the fork's own method now overrides", not read as a misfit: the kernel's call
``self.fused_experts.enable_chunking()`` was not typed).  The misses: #43223's test comparing the call itself
with ``RoutingMethodType.Renormalize``, #34542's store on a quant config a builder returned
(``qc = nvfp4_moe_quant_config(...)``, ``qc.weight_quant_dtype = ...``), and #19642's class attribute
``enable_chunking = False``.
After the killers228 widenings: 17 caught, 0 warned, 0 missed of 17 (twins: 12 quiet, 1 of them warned, 0 false
errors; three twins added after the blind run: a test taking ``RenormalizeNaive`` too, a read of the new
property off what a builder returned, and a subclass's ``enable_chunking(self) -> bool`` of the hook's shape,
the namesake warning).  Caught now: #43223's test (``drift/tuple_values.py``: a call compared whole with an
``Enum.MEMBER`` no path of it returns now is read as a name bound once to it, the member on either side of the
operator; a test also taking a member a path still returns stays quiet, for the bound name too), #34542's store
on the quant config (``drift/read_only.py``: a name bound to a call of a function is typed by the function's
return annotation, a function the fork file defines or imports by name, read off the merged tree), and #19642's
two (``drift/new_hooks.py``: a ``self`` field with no annotation is typed by the annotated parameters a method
stores in it unchanged, so the kernel's ``self.fused_experts.enable_chunking()`` is a typed hook call; the class
attribute is then symbol drift's ``_shadowed_hook`` error, TypeError, and ``enable_chunking(self, enabled)``
its misfit error).  Left: nothing missed.  Regression set at the widenings' head: killer_replay 26/26 blocked,
kind_change_replay 12/12 (5 quiet), blind_replay_linkern 20 caught, 3 warned, 2 missed of 25 (11 quiet, 2
warned), blind_replay_mxoracle 23/23 (14 quiet), blind_replay_platcuda2 13 caught, 5 warned of 18 (10 quiet, 3
warned), blind_replay_cfgmodel 21 caught, 1 warned of 22 (10 quiet), blind_replay_platiface 23/23 (12 quiet, 2
warned), blind_replay_fwdctx 19/19 (12 quiet), blind_replay_asyncllm 19 caught, 1 warned of 20 (13 quiet, 2
warned), review117_twins 8 caught, 7 warned of 15 (0 false of 38, 14 warned: main's engine the same),
review98_twins 14/14 (0 false of 36, 6 warned), review26_twins 9/9 (0 false of 36), review31_twins 5 caught, 1
warned of 6 (0 false of 41, 1 warned): each as before; ``symbol_precision.py --windows 1``: 0 false errors
(window 0: 5 broken overrides, 4 caught, 8 warnings, as before).  Unit tests: test_unreturned_members 35 (11 new),
test_returned_receivers 7 (new), test_shadowed_hooks 20 (6 new); with the other readers' files
(test_new_hooks, test_new_hooks_typed, test_typed_away, test_late_hooks, test_late_imported_hooks,
test_getattr_base_hooks, test_cached_made_property, test_frozen_gate, test_read_only_deletes,
test_frozen_fields, test_property_fields, test_return_drift, test_returned_members, test_lazy_patterns,
test_fleet_profile) 449 passed, 1 skipped (no Docker).  Speed (drift_speed's 150-commit window, CHECKS narrowed
to the touched checks, 5 audits' medians, this machine shared): tuple_value_drift 9 ms (main 11 ms),
read_only_drift 15 ms (main 10 ms), symbol_drift 4.63 s (main 5.21 s): within the noise of a shared machine,
the checks' own cost on main already over the 2 ms budget (audit 15.6 s, main 16.7 s).

  python benchmarks/blind_replay_fmconfig.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

MK = "vllm.model_executor.layers.fused_moe.modular_kernel"
CF = "vllm.model_executor.layers.fused_moe.config"
PEU = f"from {MK} import FusedMoEPermuteExpertsUnpermute\n\n\n"

# --- #20903 (11dfdf21bf): workspace_shapes(..., local_num_experts, expert_tokens_meta)
WT = "11dfdf21bf"
WTW = "FusedMoEPermuteExpertsUnpermute.workspace_shapes gained expert_tokens_meta (the kernel passes it)"
CASES += [
    (
        "#20903 parameter added to an overridden hook",
        "a subclass's workspace_shapes without the new parameter",
        K(
            "#20903",
            WT,
            WTW,
            "vllm/aeon/wt1.py",
            PEU + "class AeonNvfp4Experts(FusedMoEPermuteExpertsUnpermute):\n"
            "    # AEON: the Spark's NVFP4 grouped GEMM sizes its own workspaces\n"
            "    def workspace_shapes(self, a, aq, M, N, K, topk, global_num_experts, local_num_experts):\n"
            "        return (M * topk, max(N, K)), (M * topk, N // 2), (M, K), a.dtype\n",
            "def workspace_shapes(self, a, aq, M, N, K, topk, global_num_experts, local_num_experts):",
        ),
    ),
    (
        "#20903 parameter added to an overridden hook",
        "a fork helper calling the hook without the new argument",
        K(
            "#20903",
            WT,
            WTW,
            "vllm/aeon/wt2.py",
            PEU + "def aeon_workspace_bytes(experts: FusedMoEPermuteExpertsUnpermute, a1, a1q, M, N, K, topk, E):\n"
            "    ws13, ws2, out, dtype = experts.workspace_shapes(a1, a1q, M, N, K, topk, E, E)\n"
            "    return (ws13[0] * ws13[1] + ws2[0] * ws2[1]) * dtype.itemsize\n",
            "ws13, ws2, out, dtype = experts.workspace_shapes(a1, a1q, M, N, K, topk, E, E)",
        ),
    ),
    (
        "#20903 parameter added to an overridden hook",
        "twin: the override with the new parameter",
        K(
            "#20903",
            WT,
            WTW,
            "vllm/aeon/wt3.py",
            PEU + "class AeonNvfp4Experts3(FusedMoEPermuteExpertsUnpermute):\n"
            "    def workspace_shapes(\n"
            "        self, a, aq, M, N, K, topk, global_num_experts, local_num_experts, expert_tokens_meta\n"
            "    ):\n"
            "        return (M * topk, max(N, K)), (M * topk, N // 2), (M, K), a.dtype\n",
            "self, a, aq, M, N, K, topk, global_num_experts, local_num_experts, expert_tokens_meta",
        ),
    ),
]

# --- #19515 (e3b12667d4): workspace_shapes(..., num_experts) -> (..., global_num_experts, local_num_experts)
WE = "e3b12667d4"
WEW = "workspace_shapes's num_experts split into global_num_experts and local_num_experts"
CASES += [
    (
        "#19515 parameter split in an overridden hook",
        "a subclass's workspace_shapes with the old single parameter",
        K(
            "#19515",
            WE,
            WEW,
            "vllm/aeon/we1.py",
            PEU + "class AeonBatchedExperts(FusedMoEPermuteExpertsUnpermute):\n"
            "    def workspace_shapes(self, a, aq, M, N, K, topk, num_experts):\n"
            "        # AEON: one expert slab per local expert on the Spark\n"
            "        return (num_experts, M, max(N, K)), (num_experts, M, N // 2), (M, K), a.dtype\n",
            "def workspace_shapes(self, a, aq, M, N, K, topk, num_experts):",
        ),
    ),
    (
        "#19515 parameter split in an overridden hook",
        "a kernel subclass calling the hook with the old keyword",
        K(
            "#19515",
            WE,
            WEW,
            "vllm/aeon/we2.py",
            f"from {MK} import FusedMoEModularKernel\n\n\n"
            "class AeonModularKernel(FusedMoEModularKernel):\n"
            "    def aeon_out_shape(self, a1, a1q, M, N, K, top_k, E):\n"
            "        _, _, out, _ = self.fused_experts.workspace_shapes(a1, a1q, M, N, K, top_k, num_experts=E)\n"
            "        return out\n",
            "_, _, out, _ = self.fused_experts.workspace_shapes(a1, a1q, M, N, K, top_k, num_experts=E)",
        ),
    ),
    (
        "#19515 parameter split in an overridden hook",
        "twin: the override with both new parameters",
        K(
            "#19515",
            WE,
            WEW,
            "vllm/aeon/we3.py",
            PEU + "class AeonBatchedExperts3(FusedMoEPermuteExpertsUnpermute):\n"
            "    def workspace_shapes(self, a, aq, M, N, K, topk, global_num_experts, local_num_experts):\n"
            "        E = local_num_experts\n"
            "        return (E, M, max(N, K)), (E, M, N // 2), (M, K), a.dtype\n",
            "def workspace_shapes(self, a, aq, M, N, K, topk, global_num_experts, local_num_experts):",
        ),
    ),
]

# --- #43223 (edafea3555): get_routing_method_type("softmax", renormalize=True) -> RenormalizeNaive
RM = "edafea3555"
RMW = "get_routing_method_type returns RenormalizeNaive (not Renormalize) for softmax + renormalize"
RMH = f"from {CF} import RoutingMethodType, get_routing_method_type\n\n\n"
CASES += [
    (
        "#43223 function's return value changed",
        "a test pinning the old return",
        K(
            "#43223",
            RM,
            RMW,
            "vllm/aeon/tests/test_rm1.py",
            RMH + "def test_aeon_qwen3_routing():\n"
            '    assert get_routing_method_type("softmax", 8, True, None, False) == RoutingMethodType.Renormalize\n',
            'assert get_routing_method_type("softmax", 8, True, None, False) == RoutingMethodType.Renormalize',
        ),
    ),
    (
        "#43223 function's return value changed",
        "a fork dispatch on the returned member",
        K(
            "#43223",
            RM,
            RMW,
            "vllm/aeon/rm2.py",
            RMH + "def aeon_nvfp4_router_kernel(scoring_func: str, top_k: int, renormalize: bool) -> str:\n"
            "    method = get_routing_method_type(scoring_func, top_k, renormalize, None, False)\n"
            "    # AEON: the Spark's TRT-LLM NVFP4 path has a fused renormalize router\n"
            "    if method == RoutingMethodType.Renormalize:\n"
            '        return "aeon_fused_renorm"\n'
            '    return "generic"\n',
            "if method == RoutingMethodType.Renormalize:",
        ),
    ),
    (
        "#43223 function's return value changed",
        "twin: an unchanged branch's return",
        K(
            "#43223",
            RM,
            RMW,
            "vllm/aeon/tests/test_rm3.py",
            RMH + "def test_aeon_llama4_routing():\n"
            '    assert get_routing_method_type("sigmoid", 1, False, None, False) == RoutingMethodType.Llama4\n',
            'assert get_routing_method_type("sigmoid", 1, False, None, False) == RoutingMethodType.Llama4',
        ),
    ),
    (
        "#43223 function's return value changed",
        "twin: a test taking the new return too (added after the blind run)",
        K(
            "#43223",
            RM,
            RMW,
            "vllm/aeon/tests/test_rm4.py",
            RMH + "def test_aeon_qwen3_routing4():\n"
            '    assert get_routing_method_type("softmax", 8, True, None, False) in (\n'
            "        RoutingMethodType.Renormalize,\n"
            "        RoutingMethodType.RenormalizeNaive,\n"
            "    )\n",
            'assert get_routing_method_type("softmax", 8, True, None, False) in (',
        ),
    ),
]

# --- #42553 (84b2a8a7e7): awq_marlin_moe_quant_config removed
AW = "84b2a8a7e7"
AWW = "awq_marlin_moe_quant_config removed from fused_moe.config"
CASES += [
    (
        "#42553 builder removed",
        "an import of the removed builder",
        K(
            "#42553",
            AW,
            AWW,
            "vllm/aeon/aw1.py",
            f"from {CF} import awq_marlin_moe_quant_config\n\n\n"
            "def aeon_awq_quant_config(layer):\n"
            "    return awq_marlin_moe_quant_config(layer.w13_scales, layer.w2_scales, None, None, 4, 128)\n",
            f"from {CF} import awq_marlin_moe_quant_config",
        ),
    ),
    (
        "#42553 builder removed",
        "a module attribute call",
        K(
            "#42553",
            AW,
            AWW,
            "vllm/aeon/aw2.py",
            "import vllm.model_executor.layers.fused_moe.config as fmc\n\n\n"
            "def aeon_awq_quant_config2(layer, bits: int):\n"
            "    # AEON: AWQ checkpoints on the Spark run the Marlin MoE\n"
            "    return fmc.awq_marlin_moe_quant_config(\n"
            "        layer.w13_scales, layer.w2_scales, layer.w13_qzeros, layer.w2_qzeros, bits, 128\n"
            "    )\n",
            "return fmc.awq_marlin_moe_quant_config(",
        ),
    ),
    (
        "#42553 builder removed",
        "twin: a builder that stays, called by keyword",
        K(
            "#42553",
            AW,
            AWW,
            "vllm/aeon/aw3.py",
            "import vllm.model_executor.layers.fused_moe.config as fmc\n\n\n"
            "def aeon_int8_quant_config(layer):\n"
            "    return fmc.int8_w8a16_moe_quant_config(\n"
            "        w1_scale=layer.w13_scales, w2_scale=layer.w2_scales, w1_zp=None, w2_zp=None\n"
            "    )\n",
            "return fmc.int8_w8a16_moe_quant_config(",
        ),
    ),
]

# --- #42768 (b226ddacfd): w1_bias, w2_bias inserted before block_shape
FB = "b226ddacfd"
FBW = "fp8_w8a16_moe_quant_config / int8_w8a16_moe_quant_config gained w1_bias, w2_bias before block_shape"
CASES += [
    (
        "#42768 optional parameters inserted before a positional one",
        "a positional block_shape",
        K(
            "#42768",
            FB,
            FBW,
            "vllm/aeon/fb1.py",
            f"from {CF} import fp8_w8a16_moe_quant_config\n\n\n"
            "def aeon_fp8_marlin_config(layer):\n"
            "    # AEON: the Spark runs block-FP8 weights through Marlin\n"
            "    return fp8_w8a16_moe_quant_config(layer.w13_weight_scale, layer.w2_weight_scale, [128, 128])\n",
            "return fp8_w8a16_moe_quant_config(layer.w13_weight_scale, layer.w2_weight_scale, [128, 128])",
        ),
    ),
    (
        "#42768 optional parameters inserted before a positional one",
        "a positional block_shape after the zero points",
        K(
            "#42768",
            FB,
            FBW,
            "vllm/aeon/fb2.py",
            f"from {CF} import int8_w8a16_moe_quant_config\n\n\n"
            "def aeon_int8_config(w1s, w2s, block):\n"
            "    return int8_w8a16_moe_quant_config(w1s, w2s, None, None, block)\n",
            "return int8_w8a16_moe_quant_config(w1s, w2s, None, None, block)",
        ),
    ),
    (
        "#42768 optional parameters inserted before a positional one",
        "twin: block_shape by keyword",
        K(
            "#42768",
            FB,
            FBW,
            "vllm/aeon/fb3.py",
            f"from {CF} import fp8_w8a16_moe_quant_config\n\n\n"
            "def aeon_fp8_marlin_config3(layer):\n"
            "    return fp8_w8a16_moe_quant_config(layer.w13_weight_scale, layer.w2_weight_scale, block_shape=[128, 128])\n",
            "return fp8_w8a16_moe_quant_config(layer.w13_weight_scale, layer.w2_weight_scale, block_shape=[128, 128])",
        ),
    ),
]

# --- #31055 (4e67a8f616): FusedMoEConfig gained router_logits_dtype before max_num_tokens
RL = "4e67a8f616"
RLW = "FusedMoEConfig gained the field router_logits_dtype between in_dtype and max_num_tokens"
CASES += [
    (
        "#31055 dataclass field inserted before a positional one",
        "a positional construction passing max_num_tokens",
        K(
            "#31055",
            RL,
            RLW,
            "vllm/aeon/rl1.py",
            f"import torch\n\nfrom {CF} import FusedMoEConfig\n\n\n"
            "def aeon_moe_config(num_experts, top_k, hidden, local_experts, parallel_config):\n"
            "    # AEON: the Spark caps the MoE batch at 256 tokens\n"
            "    return FusedMoEConfig(num_experts, top_k, hidden, local_experts, parallel_config, torch.bfloat16, 256)\n",
            "return FusedMoEConfig(num_experts, top_k, hidden, local_experts, parallel_config, torch.bfloat16, 256)",
        ),
    ),
    (
        "#31055 dataclass field inserted before a positional one",
        "a subclass's positional super().__init__",
        K(
            "#31055",
            RL,
            RLW,
            "vllm/aeon/rl2.py",
            f"from {CF} import FusedMoEConfig\n\n\n"
            "class AeonMoEConfig(FusedMoEConfig):\n"
            "    def __init__(self, num_experts, experts_per_token, hidden_dim, num_local_experts, pcfg, in_dtype, max_tokens):\n"
            "        super().__init__(num_experts, experts_per_token, hidden_dim, num_local_experts, pcfg, in_dtype, max_tokens)\n"
            "        self.aeon_nvfp4 = True\n",
            "super().__init__(num_experts, experts_per_token, hidden_dim, num_local_experts, pcfg, in_dtype, max_tokens)",
        ),
    ),
    (
        "#31055 dataclass field inserted before a positional one",
        "twin: max_num_tokens by keyword",
        K(
            "#31055",
            RL,
            RLW,
            "vllm/aeon/rl3.py",
            f"import torch\n\nfrom {CF} import FusedMoEConfig\n\n\n"
            "def aeon_moe_config3(num_experts, top_k, hidden, local_experts, parallel_config):\n"
            "    return FusedMoEConfig(\n"
            "        num_experts, top_k, hidden, local_experts, parallel_config, torch.bfloat16, max_num_tokens=256\n"
            "    )\n",
            "num_experts, top_k, hidden, local_experts, parallel_config, torch.bfloat16, max_num_tokens=256",
        ),
    ),
]

# --- #34542 (1976356ee6): weight_quant_dtype became a read-only property of the experts and the quant config
WQ = "1976356ee6"
WQW = "FusedMoEPermuteExpertsUnpermute and FusedMoEQuantConfig gained a read-only weight_quant_dtype property"
CASES += [
    (
        "#34542 read-only property added that the fork stores",
        "a subclass storing the name in __init__",
        K(
            "#34542",
            WQ,
            WQW,
            "vllm/aeon/wq1.py",
            PEU + "class AeonCutlassNvfp4Experts(FusedMoEPermuteExpertsUnpermute):\n"
            "    def __init__(self, moe_config, quant_config):\n"
            "        super().__init__(moe_config, quant_config)\n"
            "        # AEON: the Spark's NVFP4 experts keep packed uint8 weights\n"
            '        self.weight_quant_dtype = "nvfp4"\n',
            'self.weight_quant_dtype = "nvfp4"',
        ),
    ),
    (
        "#34542 read-only property added that the fork stores",
        "a store on a quant config a builder returned",
        K(
            "#34542",
            WQ,
            WQW,
            "vllm/aeon/wq2.py",
            f"import torch\n\nfrom {CF} import nvfp4_moe_quant_config\n\n\n"
            "def aeon_nvfp4_config(g1_alphas, g2_alphas, a1_gscale, a2_gscale, w1_scale, w2_scale):\n"
            "    qc = nvfp4_moe_quant_config(g1_alphas, g2_alphas, a1_gscale, a2_gscale, w1_scale, w2_scale)\n"
            "    qc.weight_quant_dtype = torch.uint8\n"
            "    return qc\n",
            "qc.weight_quant_dtype = torch.uint8",
        ),
    ),
    (
        "#34542 read-only property added that the fork stores",
        "twin: the fork's own attribute name",
        K(
            "#34542",
            WQ,
            WQW,
            "vllm/aeon/wq3.py",
            PEU + "class AeonCutlassNvfp4Experts3(FusedMoEPermuteExpertsUnpermute):\n"
            "    def __init__(self, moe_config, quant_config):\n"
            "        super().__init__(moe_config, quant_config)\n"
            '        self.aeon_weight_dtype = "nvfp4"\n',
            'self.aeon_weight_dtype = "nvfp4"',
        ),
    ),
    (
        "#34542 read-only property added that the fork stores",
        "twin: a read of the new property off what a builder returned (added after the blind run)",
        K(
            "#34542",
            WQ,
            WQW,
            "vllm/aeon/wq4.py",
            f"from {CF} import nvfp4_moe_quant_config\n\n\n"
            "def aeon_nvfp4_weights(g1_alphas, g2_alphas, a1_gscale, a2_gscale, w1_scale, w2_scale):\n"
            "    qc = nvfp4_moe_quant_config(g1_alphas, g2_alphas, a1_gscale, a2_gscale, w1_scale, w2_scale)\n"
            "    qc.aeon_packed = qc.weight_quant_dtype is not None\n"
            "    return qc\n",
            "qc.aeon_packed = qc.weight_quant_dtype is not None",
        ),
    ),
]

# --- #34087 (995bbf38f1): the kernel calls self._finalize(..., shared_experts_input=...)
SE = "995bbf38f1"
SEW = "FusedMoEModularKernel._finalize gained shared_experts_input, passed by keyword by forward"
CASES += [
    (
        "#34087 keyword the caller now passes to an overridden method",
        "a subclass's _finalize without the new keyword",
        K(
            "#34087",
            SE,
            SEW,
            "vllm/aeon/se1.py",
            f"from {MK} import FusedMoEModularKernel\n\n\n"
            "class AeonOverlapKernel(FusedMoEModularKernel):\n"
            "    # AEON: the Spark overlaps the shared expert on a side stream\n"
            "    def _finalize(self, output, fused_out, hidden_states, topk_weights, topk_ids, apply_router_weight_on_input):\n"
            "        return super()._finalize(\n"
            "            output, fused_out, hidden_states, topk_weights, topk_ids, apply_router_weight_on_input\n"
            "        )\n",
            "def _finalize(self, output, fused_out, hidden_states, topk_weights, topk_ids, apply_router_weight_on_input):",
        ),
    ),
    (
        "#34087 keyword the caller now passes to an overridden method",
        "twin: an override passing **kwargs through",
        K(
            "#34087",
            SE,
            SEW,
            "vllm/aeon/se2.py",
            f"from {MK} import FusedMoEModularKernel\n\n\n"
            "class AeonOverlapKernel2(FusedMoEModularKernel):\n"
            "    def _finalize(self, output, fused_out, hidden_states, *args, **kwargs):\n"
            "        return super()._finalize(output, fused_out, hidden_states, *args, **kwargs)\n",
            "def _finalize(self, output, fused_out, hidden_states, *args, **kwargs):",
        ),
    ),
]

# --- #19642 (33d51f599e): the kernel calls self.fused_experts.enable_chunking() (a new base method)
EC = "33d51f599e"
ECW = "FusedMoEPermuteExpertsUnpermute gained enable_chunking(), which the modular kernel now calls"
CASES += [
    (
        "#19642 base method added that a subclass already defines",
        "a subclass's enable_chunking of another signature",
        K(
            "#19642",
            EC,
            ECW,
            "vllm/aeon/ec1.py",
            PEU + "class AeonChunkedExperts(FusedMoEPermuteExpertsUnpermute):\n"
            "    def supports_chunking(self) -> bool:\n"
            "        return self._aeon_chunking\n\n"
            "    def enable_chunking(self, enabled: bool) -> None:\n"
            "        # AEON: the Spark turns chunking off under CUDA graphs\n"
            "        self._aeon_chunking = enabled\n",
            "def enable_chunking(self, enabled: bool) -> None:",
        ),
    ),
    (
        "#19642 base method added that a subclass already defines",
        "a subclass's class attribute of the same name",
        K(
            "#19642",
            EC,
            ECW,
            "vllm/aeon/ec2.py",
            PEU + "class AeonChunkedExperts2(FusedMoEPermuteExpertsUnpermute):\n"
            "    enable_chunking = False\n\n"
            "    def supports_chunking(self) -> bool:\n"
            "        return self.enable_chunking\n",
            "enable_chunking = False",
        ),
    ),
    (
        "#19642 base method added that a subclass already defines",
        "twin: an override of supports_chunking alone",
        K(
            "#19642",
            EC,
            ECW,
            "vllm/aeon/ec3.py",
            PEU + "class AeonChunkedExperts3(FusedMoEPermuteExpertsUnpermute):\n"
            "    def supports_chunking(self) -> bool:\n"
            "        return False\n",
            "return False",
        ),
    ),
    (
        "#19642 base method added that a subclass already defines",
        "twin: a subclass's enable_chunking of the hook's shape (added after the blind run)",
        K(
            "#19642",
            EC,
            ECW,
            "vllm/aeon/ec4.py",
            PEU + "class AeonChunkedExperts4(FusedMoEPermuteExpertsUnpermute):\n"
            "    def supports_chunking(self) -> bool:\n"
            "        return True\n\n"
            "    def enable_chunking(self) -> bool:\n"
            "        # AEON: never chunk on the Spark's unified memory\n"
            "        return False\n",
            "def enable_chunking(self) -> bool:",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-fmconfig-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
