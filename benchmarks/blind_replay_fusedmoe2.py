"""A blind replay of the Triton fused-MoE kernel module a Spark fork calls, launches and subclasses (second pass).

9 first-parent commits on ``vllm/model_executor/layers/fused_moe/fused_moe.py`` -- the Triton entry points a fork
that runs its own NVFP4/MX MoE kernels on sm_121a calls (``fused_experts``, ``invoke_fused_moe_kernel``,
``get_default_config``/``try_get_optimal_moe_config``), launches (``fused_moe_kernel[grid](...)``, copied from
upstream's own launcher) and subclasses (``TritonExperts``): ``fused_moe_kernel`` given ``b_bias_ptr`` after
``c_ptr`` and two bias strides (#22508), ``flashinfer_fused_moe_per_tensor_scale_fp8``'s weight-scale slots
replaced by three output-scale scalars at the same count (#22812), ``TritonExperts.apply`` given ``a2_scale``
before ``workspace13`` (#25264), ``is_marlin`` removed from ``get_default_config`` (a required slot before
``block_shape``) and ``try_get_optimal_moe_config`` (#23006), ``use_mxfp4_w4a4`` inserted before
``per_channel_quant`` in ``fused_experts`` (#17888), ``use_int8_w8a8`` and ``per_channel_quant`` inserted into
``invoke_fused_moe_kernel`` and ``fused_experts`` (#16366), ``dequant_mxfp4``/``dequant_mxfp6`` no longer
imported into the module (#35737, the NVFP4 emulation fallback), ``get_default_config``'s general branch now
returning ``num_warps``/``num_stages`` (#34846), and ``fused_experts``' ``inplace=True`` no longer honoured on
torch >= 2.9 (#26497) -- picked by scanning the path's diffs (``git log --first-parent -p``, an AST diff of each
commit's module-level signatures), avoiding the commits every other replay uses (``blind_replay_moe``, ``_moe2``,
``_fmlayer*``, ``_fmexperts``, ``_moeutils``, ``_fusedlayer`` cover parts of this module).  Each is replayed under
1-2 fork spellings written the way fork code is written (a positional kernel launch copied from upstream, a
positional call, a keyword call, a subclass override with the old parameter list, a positional call through a
typed receiver, an import of a name the module only imported, a module attribute, a config dict spread into a
launch beside an explicit launch option, a call whose in-place result is discarded), with twins (fork code the
commit does not break: a call whose extra slot has a default, a transparent forwarder, a ``*args`` override, a
keyword call, the name from its own module, a dict merge, a call whose result is used, a bare import).  The merge
base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on its
line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at cbb8da63): 12 caught, 0 warned, 2 missed of 14 (twins: 10
quiet, 0 false errors) -- as relabelled: the first blind run read 8 caught, 6 missed, but four of its misses
(#22508's launch, #22812's keyword call, #23006's positional call, #16366's launcher call) were spelt through
``from vllm.model_executor.layers.fused_moe import fused_moe as fm``, and at those four commits the package's
``__init__`` binds ``fused_moe`` to the *function* (``from .fused_moe import fused_moe``), not the module: ``fm.X``
was broken at the merge base already, so the engine's silence was right.  The four now import the names from
the module itself (the spellings' class unchanged: a positional launch, a keyword call through an ``as`` alias, a
positional call, a positional launcher call); the module alias stays where the package binds the module
(#35737, #34846).  Symbol drift caught the kernel launch through ``fused_moe_kernel[grid](...)`` (its positional
``A_scale`` now on ``b_bias_ptr``), the per-tensor FlashInfer call by position and by the old keywords, the
``TritonExperts.apply`` override and the positional call through a typed receiver, ``is_marlin`` by keyword and
by position, the positional calls shifted by ``use_mxfp4_w4a4``/``use_int8_w8a8`` and the launcher call missing
``per_channel_quant``, and the dropped ``dequant_mxfp4``/``dequant_mxfp6`` (an import, a module attribute).  The
misses: #34846's ``_aeon_nvfp4_moe[grid](a, b, c, **config, num_warps=4)`` (``get_default_config``'s general
branch now returns ``num_warps``: the spread and the explicit keyword collide, TypeError) and #26497's
``fused_experts(x, ..., inplace=True)`` whose result is dropped (on torch >= 2.9 the call writes a fresh tensor
and the fork returns its unchanged input).
After the killers214 widenings: 12 caught, 2 warned, 0 missed of 14 (twins: 10 quiet, 0 false errors).  Warned
now, by design: #34846's spread (``drift/spread_keys.py``, new: a key upstream's def now puts into the dict it
returns, spread by a fork call beside a keyword of its name or into a plain fork def that does not take it; an
error only when every returned display now carries the key, and ``get_default_config``'s batch-invariant and WNA16
branches still leave ``num_warps`` out, so the fork's arguments may keep to those) and #26497's dropped call
(``drift/narrowed_flags.py``, new: a flag whose tests upstream's def, or the def it hands the flag to, now joins
with a new condition by ``and``, set True by a fork call statement that drops the result; a warning since
``disable_inplace()`` reads the torch build the fork runs on, which the engine cannot know).
Regression set at the widenings' head: killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet),
blind_replay_moe 30 caught, 1 warned of 31 (13 quiet), blind_replay_fmexperts 19 caught, 2 warned of 21 (11 quiet, 1
of them warned by an older check, none by these two), blind_replay_moeutils 19 caught, 1 warned of 20 (11 quiet),
review103_twins 11/11 (0 false of 34, 6 warned): each as before.  Unit tests: test_spread_keys 15,
test_narrowed_flags 12, test_callee_homes 5 (new), test_fleet_profile and test_lazy_patterns 21 passed.  drift_speed
(150 and 500 commits, 3 runs, the fork module given a spread beside ``num_warps=`` and ``inplace=True``):
spread_key_drift 14 ms and 1 ms, narrowed_flag_drift 0 ms and 0 ms, once both read upstream only for the fork's
calls, in the modules their defs can live in (before that gate: 185/552 ms and 37/189 ms).

  python benchmarks/blind_replay_fusedmoe2.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

FM = "vllm.model_executor.layers.fused_moe.fused_moe"
FMM = "from vllm.model_executor.layers.fused_moe import fused_moe as fm\n"

# --- #22508 (0c5254b82a): fused_moe_kernel given b_bias_ptr after c_ptr (and stride_bbe/stride_bbn, HAS_BIAS)
BB = "0c5254b82a"
BBW = "fused_moe_kernel's b_bias_ptr inserted after c_ptr; invoke_fused_moe_kernel's B_bias appended"
LAUNCH = (
    "    fused_moe_kernel[grid](\n"
    "        A,\n"
    "        B,\n"
    "        C,\n"
    "        A_scale,\n"
    "        B_scale,\n"
    "        topk_weights,\n"
    "        sorted_token_ids,\n"
    "        expert_ids,\n"
    "        num_tokens_post_padded,\n"
    "        B.size(1),\n"
    "        B.size(2),\n"
    "        EM,\n"
    "        topk_ids.numel(),\n"
    "        A.stride(0),\n"
    "        A.stride(1),\n"
    "        B.stride(0),\n"
    "        B.stride(2),\n"
    "        B.stride(1),\n"
    "        C.stride(1),\n"
    "        C.stride(2),\n"
    "        0,\n"
    "        0,\n"
    "        B_scale.stride(0),\n"
    "        B_scale.stride(2),\n"
    "        B_scale.stride(1),\n"
    "        16,\n"
    "        16,\n"
    "        MUL_ROUTED_WEIGHT=False,\n"
    "        top_k=top_k,\n"
    "        compute_type=tl.bfloat16,\n"
    "        use_fp8_w8a8=True,\n"
    "        use_int8_w8a8=False,\n"
    "        use_int8_w8a16=False,\n"
    "        per_channel_quant=False,\n"
    "        **config,\n"
    "    )\n"
)
CASES += [
    (
        "#22508 kernel parameter inserted",
        "a positional kernel launch copied from upstream's launcher",
        K(
            "#22508",
            BB,
            BBW,
            "vllm/aeon/bb1.py",
            "import triton\nimport triton.language as tl\n\n"
            f"from {FM} import fused_moe_kernel\n\n\n"
            "def aeon_nvfp4_launch(A, B, C, A_scale, B_scale, topk_weights, topk_ids, sorted_token_ids, expert_ids,"
            " num_tokens_post_padded, EM, top_k, config):\n"
            "    # AEON: GB10 launches the Triton MoE kernel on its dequantized NVFP4 blocks (16-wide groups)\n"
            '    grid = (triton.cdiv(EM, config["BLOCK_SIZE_M"]) * triton.cdiv(B.size(1), config["BLOCK_SIZE_N"]),)\n'
            + LAUNCH,
            "    fused_moe_kernel[grid](",
        ),
    ),
    (
        "#22508 kernel parameter inserted",
        "twin: a positional call of the launcher, whose new slot is appended with a default",
        K(
            "#22508",
            BB,
            BBW,
            "vllm/aeon/bb2.py",
            "import triton.language as tl\n\n"
            f"from {FM} import invoke_fused_moe_kernel\n\n\n"
            "def aeon_invoke(A, B, C, A_scale, B_scale, tw, sorted_ids, expert_ids, num_post, top_k, config, bs):\n"
            "    invoke_fused_moe_kernel(A, B, C, A_scale, B_scale, None, tw, sorted_ids, expert_ids, num_post, False, top_k, config, tl.bfloat16, True, False, False, False, False, bs)\n",
            "    invoke_fused_moe_kernel(A, B, C, A_scale, B_scale, None, tw, sorted_ids, expert_ids, num_post, False, top_k, config, tl.bfloat16, True, False, False, False, False, bs)",
        ),
    ),
    (
        "#22508 kernel parameter inserted",
        "twin: an import of the kernel",
        K(
            "#22508",
            BB,
            BBW,
            "vllm/aeon/bb3.py",
            f"from {FM} import fused_moe_kernel\n\nAEON_KERNELS = {{'triton': fused_moe_kernel}}\n",
            f"from {FM} import fused_moe_kernel",
        ),
    ),
]

# --- #22812 (b4cef5e6c7): per-tensor fp8 FlashInfer MoE's scale slots replaced at the same count
FI = "b4cef5e6c7"
FIW = "flashinfer_fused_moe_per_tensor_scale_fp8: gemm1_weights_scale/activation_scale/gemm2_weights_scale -> output scalars"
CASES += [
    (
        "#22812 parameters replaced in place",
        "a positional call with the old slots",
        K(
            "#22812",
            FI,
            FIW,
            "vllm/aeon/fi1.py",
            f"from {FM} import flashinfer_fused_moe_per_tensor_scale_fp8\n\n\n"
            "def aeon_fp8_moe(layer, x, logits, top_k):\n"
            "    # AEON: the Spark's fp8 MoE reuses FlashInfer's per-tensor path\n"
            "    return flashinfer_fused_moe_per_tensor_scale_fp8(logits, None, x, layer.w13_input_scale, layer.w13_weight, layer.w13_weight_scale, layer.w2_input_scale, layer.w2_weight, layer.w2_weight_scale, layer.global_num_experts, top_k, None, None, layer.intermediate_size_per_partition, 0, layer.local_num_experts, False, 3)\n",
            "    return flashinfer_fused_moe_per_tensor_scale_fp8(logits, None, x, layer.w13_input_scale, layer.w13_weight, layer.w13_weight_scale, layer.w2_input_scale, layer.w2_weight, layer.w2_weight_scale, layer.global_num_experts, top_k, None, None, layer.intermediate_size_per_partition, 0, layer.local_num_experts, False, 3)",
        ),
    ),
    (
        "#22812 parameters replaced in place",
        "a keyword call with the old names",
        K(
            "#22812",
            FI,
            FIW,
            "vllm/aeon/fi2.py",
            f"from {FM} import flashinfer_fused_moe_per_tensor_scale_fp8 as fi_fp8_moe\n\n\n"
            "def aeon_fp8_moe2(layer, x, logits, top_k):\n"
            "    # AEON: the Spark's fp8 MoE reuses FlashInfer's per-tensor path\n"
            "    return fi_fp8_moe(\n"
            "        routing_logits=logits,\n"
            "        routing_bias=None,\n"
            "        hidden_states=x,\n"
            "        input_scale=layer.w13_input_scale,\n"
            "        gemm1_weights=layer.w13_weight,\n"
            "        gemm1_weights_scale=layer.w13_weight_scale,\n"
            "        activation_scale=layer.w2_input_scale,\n"
            "        gemm2_weights=layer.w2_weight,\n"
            "        gemm2_weights_scale=layer.w2_weight_scale,\n"
            "        num_experts=layer.global_num_experts,\n"
            "        top_k=top_k,\n"
            "        num_expert_group=None,\n"
            "        topk_group=None,\n"
            "        intermediate_size=layer.intermediate_size_per_partition,\n"
            "        local_expert_offset=0,\n"
            "        local_num_experts=layer.local_num_experts,\n"
            "        use_routing_scales_on_input=False,\n"
            "        routing_method_type=3,\n"
            "    )\n",
            "        gemm1_weights_scale=layer.w13_weight_scale,",
        ),
    ),
    (
        "#22812 parameters replaced in place",
        "twin: a transparent forwarder",
        K(
            "#22812",
            FI,
            FIW,
            "vllm/aeon/fi3.py",
            f"from {FM} import flashinfer_fused_moe_per_tensor_scale_fp8\n\n\n"
            "def aeon_fp8_moe3(*args, **kwargs):\n"
            "    return flashinfer_fused_moe_per_tensor_scale_fp8(*args, **kwargs)\n",
            "    return flashinfer_fused_moe_per_tensor_scale_fp8(*args, **kwargs)",
        ),
    ),
]

# --- #25264 (4bdf400218): TritonExperts.apply given a2_scale before workspace13 (the kernel passes it by keyword)
A2 = "4bdf400218"
A2W = "TritonExperts.apply (and the experts' base) given a2_scale after a1q_scale"
CASES += [
    (
        "#25264 hook parameter inserted",
        "a subclass override with the old parameter list",
        K(
            "#25264",
            A2,
            A2W,
            "vllm/aeon/a21.py",
            f"from {FM} import TritonExperts\n\n\n"
            "class AeonTritonExperts(TritonExperts):\n"
            "    # AEON: the Spark's experts dequantize NVFP4 weights before the Triton GEMMs\n"
            "    def apply(self, output, hidden_states, w1, w2, topk_weights, topk_ids, activation, global_num_experts, expert_map, a1q_scale, workspace13, workspace2, expert_tokens_meta, apply_router_weight_on_input):\n"
            "        super().apply(output, hidden_states, w1, w2, topk_weights, topk_ids, activation, global_num_experts, expert_map, a1q_scale, workspace13, workspace2, expert_tokens_meta, apply_router_weight_on_input)\n",
            "    def apply(self, output, hidden_states, w1, w2, topk_weights, topk_ids, activation, global_num_experts, expert_map, a1q_scale, workspace13, workspace2, expert_tokens_meta, apply_router_weight_on_input):",
        ),
    ),
    (
        "#25264 hook parameter inserted",
        "a positional call through a receiver typed as the class",
        K(
            "#25264",
            A2,
            A2W,
            "vllm/aeon/a22.py",
            f"from {FM} import TritonExperts\n\n\n"
            "def aeon_run(experts: TritonExperts, out, x, w1, w2, tw, ti, ws13, ws2, a1q_scale):\n"
            "    # AEON: the Spark's speculative decode calls the experts directly, outside the modular kernel\n"
            '    experts.apply(out, x, w1, w2, tw, ti, "silu", w1.size(0), None, a1q_scale, ws13, ws2, None, False)\n',
            '    experts.apply(out, x, w1, w2, tw, ti, "silu", w1.size(0), None, a1q_scale, ws13, ws2, None, False)',
        ),
    ),
    (
        "#25264 hook parameter inserted",
        "twin: an override handing everything on",
        K(
            "#25264",
            A2,
            A2W,
            "vllm/aeon/a23.py",
            f"from {FM} import TritonExperts\n\n\n"
            "class AeonTritonExperts3(TritonExperts):\n"
            "    def apply(self, *args, **kwargs):\n"
            "        return super().apply(*args, **kwargs)\n",
            "        return super().apply(*args, **kwargs)",
        ),
    ),
]

# --- #23006 (94096a47c9): is_marlin removed from get_default_config and try_get_optimal_moe_config
MR = "94096a47c9"
MRW = "is_marlin removed from get_default_config (required, before block_shape) and try_get_optimal_moe_config"
CASES += [
    (
        "#23006 parameter removed",
        "a keyword call with the removed flag",
        K(
            "#23006",
            MR,
            MRW,
            "vllm/aeon/mr1.py",
            f"from {FM} import try_get_optimal_moe_config\n\n\n"
            "def aeon_marlin_config(w1, w2, top_k, M):\n"
            "    # AEON: the Spark's W4A16 MoE runs Marlin on sm_121a\n"
            '    return try_get_optimal_moe_config(w1.shape, w2.shape, top_k, "int4_w4a16", M, is_marlin=True)\n',
            '    return try_get_optimal_moe_config(w1.shape, w2.shape, top_k, "int4_w4a16", M, is_marlin=True)',
        ),
    ),
    (
        "#23006 parameter removed",
        "a positional call whose flag now lands on block_shape",
        K(
            "#23006",
            MR,
            MRW,
            "vllm/aeon/mr2.py",
            f"from {FM} import get_default_config\n\n\n"
            "def aeon_default(M, E, N, K, top_k):\n"
            "    # AEON: the Spark's W4A16 MoE runs Marlin on sm_121a\n"
            '    return get_default_config(M, E, N, K, top_k, "int4_w4a16", True)\n',
            '    return get_default_config(M, E, N, K, top_k, "int4_w4a16", True)',
        ),
    ),
    (
        "#23006 parameter removed",
        "twin: a keyword call of the kept block_shape",
        K(
            "#23006",
            MR,
            MRW,
            "vllm/aeon/mr3.py",
            f"from {FM} import try_get_optimal_moe_config\n\n\n"
            "def aeon_block_config(w1, w2, top_k, M):\n"
            '    return try_get_optimal_moe_config(w1.shape, w2.shape, top_k, "fp8_w8a8", M, block_shape=[128, 128])\n',
            '    return try_get_optimal_moe_config(w1.shape, w2.shape, top_k, "fp8_w8a8", M, block_shape=[128, 128])',
        ),
    ),
]

# --- #17888 (332d4cb17b): use_mxfp4_w4a4 inserted before per_channel_quant in fused_experts
MX = "332d4cb17b"
MXW = "fused_experts' use_mxfp4_w4a4 inserted after use_int4_w4a16, before per_channel_quant"
CASES += [
    (
        "#17888 parameter inserted",
        "a positional call through per_channel_quant",
        K(
            "#17888",
            MX,
            MXW,
            "vllm/aeon/mx1.py",
            f"from {FM} import fused_experts\n\n\n"
            "def aeon_w8a8(x, w1, w2, tw, ti):\n"
            "    # AEON: the Spark's int8 channel-wise MoE\n"
            '    return fused_experts(x, w1, w2, tw, ti, False, "silu", False, False, True, False, False, True)\n',
            '    return fused_experts(x, w1, w2, tw, ti, False, "silu", False, False, True, False, False, True)',
        ),
    ),
    (
        "#17888 parameter inserted",
        "twin: a keyword call",
        K(
            "#17888",
            MX,
            MXW,
            "vllm/aeon/mx2.py",
            f"from {FM} import fused_experts\n\n\n"
            "def aeon_w8a8b(x, w1, w2, tw, ti):\n"
            "    return fused_experts(x, w1, w2, tw, ti, use_int8_w8a8=True, per_channel_quant=True)\n",
            "    return fused_experts(x, w1, w2, tw, ti, use_int8_w8a8=True, per_channel_quant=True)",
        ),
    ),
]

# --- #16366 (f41647ee6b): use_int8_w8a8 inserted before use_int8_w8a16; per_channel_quant before block_shape
I8 = "f41647ee6b"
I8W = "use_int8_w8a8 inserted before use_int8_w8a16 (fused_experts, invoke_fused_moe_kernel); per_channel_quant too"
CASES += [
    (
        "#16366 parameters inserted",
        "a fork's positional call of the kernel launcher",
        K(
            "#16366",
            I8,
            I8W,
            "vllm/aeon/i81.py",
            "import triton.language as tl\n\n"
            f"from {FM} import invoke_fused_moe_kernel\n\n\n"
            "def aeon_w8a16(A, B, C, B_scale, tw, sorted_ids, expert_ids, num_post, top_k, config):\n"
            "    # AEON: the Spark's int8 weight-only MoE\n"
            "    invoke_fused_moe_kernel(A, B, C, None, B_scale, None, tw, sorted_ids, expert_ids, num_post, False, top_k, config, tl.bfloat16, False, True, False, None)\n",
            "    invoke_fused_moe_kernel(A, B, C, None, B_scale, None, tw, sorted_ids, expert_ids, num_post, False, top_k, config, tl.bfloat16, False, True, False, None)",
        ),
    ),
    (
        "#16366 parameters inserted",
        "a positional call whose int8 flag now lands on the new slot",
        K(
            "#16366",
            I8,
            I8W,
            "vllm/aeon/i82.py",
            f"from {FM} import fused_experts\n\n\n"
            "def aeon_w8a16b(x, w1, w2, tw, ti):\n"
            "    # AEON: the Spark's int8 weight-only MoE\n"
            '    return fused_experts(x, w1, w2, tw, ti, False, "silu", False, False, True)\n',
            '    return fused_experts(x, w1, w2, tw, ti, False, "silu", False, False, True)',
        ),
    ),
    (
        "#16366 parameters inserted",
        "twin: a keyword call",
        K(
            "#16366",
            I8,
            I8W,
            "vllm/aeon/i83.py",
            f"from {FM} import fused_experts\n\n\n"
            "def aeon_w8a16c(x, w1, w2, tw, ti):\n"
            "    return fused_experts(x, w1, w2, tw, ti, use_int8_w8a16=True)\n",
            "    return fused_experts(x, w1, w2, tw, ti, use_int8_w8a16=True)",
        ),
    ),
]

# --- #35737 (d622e27d2b): dequant_mxfp4 / dequant_mxfp6 no longer imported into fused_moe.py
DQ = "d622e27d2b"
DQW = "dequant_mxfp4 and dequant_mxfp6 no longer imported into fused_moe (OCP MX emulation moved to its experts)"
CASES += [
    (
        "#35737 re-exported name dropped",
        "an import from the kernel module",
        K(
            "#35737",
            DQ,
            DQW,
            "vllm/aeon/dq1.py",
            f"from {FM} import dequant_mxfp4, fused_experts\n\n\n"
            "def aeon_mx_emulate(x, w1, w1s, w2, w2s, tw, ti):\n"
            "    # AEON: the Spark emulates MXFP4 MoE in bf16 until its native kernel lands\n"
            "    w1 = dequant_mxfp4(w1, w1s, x.dtype)\n"
            "    w2 = dequant_mxfp4(w2, w2s, x.dtype)\n"
            "    return fused_experts(x, w1, w2, tw, ti)\n",
            f"from {FM} import dequant_mxfp4, fused_experts",
        ),
    ),
    (
        "#35737 re-exported name dropped",
        "a module attribute",
        K(
            "#35737",
            DQ,
            DQW,
            "vllm/aeon/dq2.py",
            FMM + "\n\n"
            "def aeon_mx6_emulate(w, ws, dtype):\n"
            "    # AEON: the Spark emulates MXFP6 MoE in bf16\n"
            '    return fm.dequant_mxfp6(w, ws, quant_dtype="fp6_e3m2", float_dtype=dtype)\n',
            '    return fm.dequant_mxfp6(w, ws, quant_dtype="fp6_e3m2", float_dtype=dtype)',
        ),
    ),
    (
        "#35737 re-exported name dropped",
        "twin: the helper from its own module",
        K(
            "#35737",
            DQ,
            DQW,
            "vllm/aeon/dq3.py",
            "from vllm.model_executor.layers.quantization.utils.mxfp4_utils import dequant_mxfp4\n\n\n"
            "def aeon_mx_w(w, ws, dtype):\n"
            "    return dequant_mxfp4(w, ws, dtype)\n",
            "from vllm.model_executor.layers.quantization.utils.mxfp4_utils import dequant_mxfp4",
        ),
    ),
]

# --- #34846 (22a97e6613): get_default_config's general branch now returns num_warps and num_stages
DC = "22a97e6613"
DCW = "get_default_config's bf16/fp8-per-tensor branch now returns num_warps and num_stages"
CASES += [
    (
        "#34846 returned dict gains keys",
        "a config spread into a launch beside an explicit launch option",
        K(
            "#34846",
            DC,
            DCW,
            "vllm/aeon/dc1.py",
            "import triton\nimport triton.language as tl\n\n" + FMM + "\n\n"
            "@triton.jit\n"
            "def _aeon_nvfp4_moe(a_ptr, b_ptr, c_ptr, BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr,"
            " BLOCK_SIZE_K: tl.constexpr, GROUP_SIZE_M: tl.constexpr, SPLIT_K: tl.constexpr):\n"
            "    pass\n\n\n"
            "def aeon_nvfp4_moe(a, b, c, M, E, N, K, top_k):\n"
            "    # AEON: GB10's NVFP4 MoE kernel takes upstream's default tiles, with its own warp count\n"
            "    config = fm.get_default_config(M, E, N, K, top_k, None)\n"
            "    grid = (triton.cdiv(M, config['BLOCK_SIZE_M']),)\n"
            "    _aeon_nvfp4_moe[grid](a, b, c, **config, num_warps=4)\n",
            "    _aeon_nvfp4_moe[grid](a, b, c, **config, num_warps=4)",
        ),
    ),
    (
        "#34846 returned dict gains keys",
        "twin: a dict merge letting the fork's option win",
        K(
            "#34846",
            DC,
            DCW,
            "vllm/aeon/dc2.py",
            "import triton\nimport triton.language as tl\n\n" + FMM + "\n\n"
            "@triton.jit\n"
            "def _aeon_nvfp4_moe2(a_ptr, b_ptr, c_ptr, BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr,"
            " BLOCK_SIZE_K: tl.constexpr, GROUP_SIZE_M: tl.constexpr, SPLIT_K: tl.constexpr):\n"
            "    pass\n\n\n"
            "def aeon_nvfp4_moe2(a, b, c, M, E, N, K, top_k):\n"
            "    config = fm.get_default_config(M, E, N, K, top_k, None)\n"
            "    grid = (triton.cdiv(M, config['BLOCK_SIZE_M']),)\n"
            '    _aeon_nvfp4_moe2[grid](a, b, c, **{**config, "num_warps": 4})\n',
            '    _aeon_nvfp4_moe2[grid](a, b, c, **{**config, "num_warps": 4})',
        ),
    ),
]

# --- #26497 (a462331e36): fused_experts' inplace=True no longer writes in place on torch >= 2.9
IP = "a462331e36"
IPW = "fused_experts(inplace=True) allocates its output when disable_inplace() (torch >= 2.9)"
CASES += [
    (
        "#26497 in-place flag no longer honoured",
        "a call whose in-place result is discarded",
        K(
            "#26497",
            IP,
            IPW,
            "vllm/aeon/ip1.py",
            f"from {FM} import fused_experts\n\n\n"
            "def aeon_moe_inplace(x, w1, w2, tw, ti):\n"
            "    # AEON: the Spark's draft model reuses the hidden-state buffer (no second allocation on GB10)\n"
            "    fused_experts(x, w1, w2, tw, ti, inplace=True)\n"
            "    return x\n",
            "    fused_experts(x, w1, w2, tw, ti, inplace=True)",
        ),
    ),
    (
        "#26497 in-place flag no longer honoured",
        "twin: a call whose result is used",
        K(
            "#26497",
            IP,
            IPW,
            "vllm/aeon/ip2.py",
            f"from {FM} import fused_experts\n\n\n"
            "def aeon_moe_inplace2(x, w1, w2, tw, ti):\n"
            "    return fused_experts(x, w1, w2, tw, ti, inplace=True)\n",
            "    return fused_experts(x, w1, w2, tw, ti, inplace=True)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-fusedmoe2-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
