"""A blind replay of the rotary-embedding, state-space (Mamba / GDN) and flash-linear-attention surface a fork patches.

10 first-parent commits on the surface a fork that carries hybrid or long-context models writes code against --
the rotary package (``rotary_embedding.py`` split into a package whose ``__init__`` re-exports the classes only,
``common.py``'s ``dispatch_rotary_emb_function`` / ``apply_rotary_emb_torch`` folded into ``ApplyRotaryEmb``,
``MRotaryEmbedding.get_input_positions`` removed), the Mamba layers (``MambaMixer.forward_cuda`` /
``forward_native`` replaced by ``forward_impl`` when the layer became a ``PluggableLayer``,
``MambaMixer2.get_state_dtype`` / ``get_state_shape`` widened from a pair to a variadic tuple, V0's
``models/mamba_cache.py`` deleted), ``Mamba2AttentionMetadata``'s prefix-caching fields renamed
(``current_last_idx`` -> ``block_idx_last_scheduled_token`` ...), and the FLA ops (``chunk_gated_delta_rule``'s
``head_first`` keyword removed, ``LayerNormGated`` deleted, ``layers/fla`` moved to
``vllm/third_party/flash_linear_attention``) -- picked by scanning those paths' diffs (``git log --first-parent
-p``), avoiding the commits the other replays use.  Each is replayed under 1-3 fork spellings written the way
fork code is written (an import of a moved or deleted name, a keyword, a classmethod call, a subclass override
calling ``super()``, a read off metadata typed as the dataclass, a tuple unpacked off a widened return), with
twins (fork code the commit does not break).  The merge base is the commit's first parent, upstream is the
commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in its file.
Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at d78eabcd): 15 caught, 0 warned, 2 missed of 17 (twins: 10
quiet, 0 false errors).  The misses: #48018's two (``MambaMixer2.get_state_dtype`` / ``get_state_shape``
annotated ``tuple[X, X]`` -> ``tuple[X, ...]``, five states under ``--use-replayssm``; a fork's
``_, ssm_dtype = self.get_state_dtype()`` in a subclass and ``conv_shape, ssm_shape = layer.get_state_shape()``
off a typed layer unpack a fixed pair; upstream rewrote its own unpack to ``[1]``).
After the killers74 widening: 17 caught, 0 warned, 0 missed of 17 (twins: 10 quiet, 0 false errors).  Caught
now: a fixed tuple made ``tuple[X, ...]`` whose upstream callers dropped their fixed unpacks (return drift,
``drift/returns.py``).  Regression set on the same engine: killer_replay 26/26, kind_change_replay 12/12,
blind_replay_runner 24 caught, 2 warned, 1 missed of 27 (16 twins quiet, 0 false: unchanged),
blind_replay_layers 45/45 (24 twins, 0 false), review15/16/17_twins 0 false errors (40, 30, 23 twins),
symbol_precision --windows 3: 0 false errors (layers and review15/16 ran before the two one-value fixes, which
only take findings away).

  python benchmarks/blind_replay_ropemamba.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #22192 (6ad6b8e115): rotary_embedding.py split into a package; __init__ re-exports get_rope and the
#     RotaryEmbedding classes only (the helpers moved to .common, yarn_get_mscale(scale, mscale) gone)
RS = "6ad6b8e115"
RSW = "rotary_embedding.py split into a package"
CASES += [
    (
        "#22192 module split",
        "an import of a helper the package no longer exports",
        K(
            "#22192",
            RS,
            RSW,
            "vllm/aeon/rs1.py",
            "from vllm.model_executor.layers.rotary_embedding import yarn_get_mscale\n\n\n"
            "def aeon_mscale(factor: float, mscale_all_dim: float) -> float:\n"
            "    # AEON: our long-context MLA fine-tune scales softmax like DeepSeek-V2\n"
            "    return yarn_get_mscale(factor, mscale_all_dim)\n",
            "from vllm.model_executor.layers.rotary_embedding import yarn_get_mscale",
        ),
    ),
    (
        "#22192 module split",
        "a module attribute of a private helper",
        K(
            "#22192",
            RS,
            RSW,
            "vllm/aeon/rs2.py",
            "import torch\n\nfrom vllm.model_executor.layers import rotary_embedding as rope\n\n\n"
            "def aeon_rotate(x: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> torch.Tensor:\n"
            "    return rope._apply_rotary_emb_torch(x, cos, sin, True)\n",
            "return rope._apply_rotary_emb_torch(x, cos, sin, True)",
        ),
    ),
    (
        "#22192 module split",
        "twin: get_rope and a class the package re-exports",
        K(
            "#22192",
            RS,
            RSW,
            "vllm/aeon/rs3.py",
            "from vllm.model_executor.layers.rotary_embedding import DeepseekScalingRotaryEmbedding, get_rope\n\n\n"
            "def aeon_is_deepseek(rope: object) -> bool:\n"
            "    return isinstance(rope, DeepseekScalingRotaryEmbedding) and get_rope is not None\n",
            "from vllm.model_executor.layers.rotary_embedding import DeepseekScalingRotaryEmbedding, get_rope",
        ),
    ),
]

# --- #29873 (3bd9c49158): ApplyRotaryEmb CustomOp; common.py's apply_rotary_emb_torch,
#     apply_rotary_emb_dispatch and dispatch_rotary_emb_function removed
AR = "3bd9c49158"
ARW = "rotary dispatch helpers folded into ApplyRotaryEmb"
CASES += [
    (
        "#29873 helper removed",
        "an import of the removed dispatcher",
        K(
            "#29873",
            AR,
            ARW,
            "vllm/aeon/ar1.py",
            "from vllm.model_executor.layers.rotary_embedding.common import dispatch_rotary_emb_function\n\n"
            "# AEON: the vision tower's rotary picks the flash-attn kernel when it is built for the Spark\n"
            "AEON_ROTARY = dispatch_rotary_emb_function()\n",
            "from vllm.model_executor.layers.rotary_embedding.common import dispatch_rotary_emb_function",
        ),
    ),
    (
        "#29873 helper removed",
        "a call through the module alias",
        K(
            "#29873",
            AR,
            ARW,
            "vllm/aeon/ar2.py",
            "import torch\n\nfrom vllm.model_executor.layers.rotary_embedding import common as rope_common\n\n\n"
            "def aeon_apply(x: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> torch.Tensor:\n"
            "    return rope_common.apply_rotary_emb_torch(x, cos, sin, True)\n",
            "return rope_common.apply_rotary_emb_torch(x, cos, sin, True)",
        ),
    ),
    (
        "#29873 helper removed",
        "twin: rotate_neox kept",
        K(
            "#29873",
            AR,
            ARW,
            "vllm/aeon/ar3.py",
            "import torch\n\nfrom vllm.model_executor.layers.rotary_embedding.common import rotate_neox\n\n\n"
            "def aeon_rot(x: torch.Tensor) -> torch.Tensor:\n"
            "    return rotate_neox(x)\n",
            "return rotate_neox(x)",
        ),
    ),
]

# --- #27088 (e20eba753b): MRotaryEmbedding.get_input_positions removed
MR = "e20eba753b"
MRW = "MRotaryEmbedding.get_input_positions removed"
MRI = "from vllm.model_executor.layers.rotary_embedding import MRotaryEmbedding\n\n\n"
CASES += [
    (
        "#27088 classmethod removed",
        "a classmethod call with keywords",
        K(
            "#27088",
            MR,
            MRW,
            "vllm/aeon/mr1.py",
            MRI + "def aeon_positions(tokens: list[int], hf_config, grid) -> list[list[int]]:\n"
            "    # AEON: the video router precomputes M-RoPE positions on the CPU\n"
            "    positions, _ = MRotaryEmbedding.get_input_positions(input_tokens=tokens, hf_config=hf_config, "
            "image_grid_thw=grid, video_grid_thw=None, second_per_grid_ts=None)\n"
            "    return positions\n",
            "positions, _ = MRotaryEmbedding.get_input_positions(input_tokens=tokens, hf_config=hf_config, "
            "image_grid_thw=grid, video_grid_thw=None, second_per_grid_ts=None)",
        ),
    ),
    (
        "#27088 classmethod removed",
        "a subclass override calling super()",
        K(
            "#27088",
            MR,
            MRW,
            "vllm/aeon/mr2.py",
            MRI + "class AeonMRotaryEmbedding(MRotaryEmbedding):\n"
            "    @classmethod\n"
            "    def get_input_positions(cls, input_tokens, hf_config, image_grid_thw, video_grid_thw, "
            "second_per_grid_ts, **kwargs):\n"
            "        return super().get_input_positions(input_tokens, hf_config, image_grid_thw, video_grid_thw, "
            "second_per_grid_ts, **kwargs)\n",
            "return super().get_input_positions(input_tokens, hf_config, image_grid_thw, video_grid_thw, "
            "second_per_grid_ts, **kwargs)",
        ),
    ),
    (
        "#27088 classmethod removed",
        "twin: get_next_input_positions kept",
        K(
            "#27088",
            MR,
            MRW,
            "vllm/aeon/mr3.py",
            MRI + "def aeon_next(delta: int, start: int, end: int) -> list[list[int]]:\n"
            "    return MRotaryEmbedding.get_next_input_positions(delta, start, end)\n",
            "return MRotaryEmbedding.get_next_input_positions(delta, start, end)",
        ),
    ),
]

# --- #33660 (ce9b3cd3e9): MambaMixer became a PluggableLayer; forward_native / forward_cuda -> forward_impl
PL = "ce9b3cd3e9"
PLW = "MambaMixer.forward_cuda -> forward_impl"
MM = "import torch\n\nfrom vllm.model_executor.layers.mamba.mamba_mixer import MambaMixer\n\n\n"
CASES += [
    (
        "#33660 hook renamed",
        "a subclass override calling super().forward_cuda",
        K(
            "#33660",
            PL,
            PLW,
            "vllm/aeon/pl1.py",
            MM + "class AeonMambaMixer(MambaMixer):\n"
            "    def forward_cuda(self, hidden_states: torch.Tensor, output: torch.Tensor):\n"
            "        # AEON: GB10's selective-scan is faster on contiguous inputs\n"
            "        super().forward_cuda(hidden_states.contiguous(), output)\n",
            "super().forward_cuda(hidden_states.contiguous(), output)",
        ),
    ),
    (
        "#33660 hook renamed",
        "a call of the hook off a typed layer",
        K(
            "#33660",
            PL,
            PLW,
            "vllm/aeon/pl2.py",
            MM + "def aeon_eager(layer: MambaMixer, hidden_states: torch.Tensor, output: torch.Tensor) -> None:\n"
            "    layer.forward_native(hidden_states, output)\n",
            "layer.forward_native(hidden_states, output)",
        ),
    ),
    (
        "#33660 hook renamed",
        "twin: forward kept",
        K(
            "#33660",
            PL,
            PLW,
            "vllm/aeon/pl3.py",
            MM + "def aeon_run(layer: MambaMixer, hidden_states: torch.Tensor, output: torch.Tensor) -> None:\n"
            "    layer.forward(hidden_states, output)\n",
            "layer.forward(hidden_states, output)",
        ),
    ),
]

# --- #48018 (866fea2b99): MambaMixer2.get_state_dtype / get_state_shape return a variadic tuple (5 states
#     under --use-replayssm); upstream's own `_, ssm_state_dtype = self.get_state_dtype()` became `[1]`
RP = "866fea2b99"
RPW = "MambaMixer2 state tuple widened"
M2 = "from vllm.model_executor.layers.mamba.mamba_mixer2 import MambaMixer2\n\n\n"
CASES += [
    (
        "#48018 return widened",
        "a pair unpacked off the widened return in a subclass",
        K(
            "#48018",
            RP,
            RPW,
            "vllm/aeon/rp1.py",
            M2 + "class AeonMambaMixer2(MambaMixer2):\n"
            "    def aeon_ssm_dtype(self):\n"
            "        # AEON: the Spark keeps the SSM state in fp32\n"
            "        _, ssm_dtype = self.get_state_dtype()\n"
            "        return ssm_dtype\n",
            "_, ssm_dtype = self.get_state_dtype()",
        ),
    ),
    (
        "#48018 return widened",
        "a pair unpacked off a typed layer",
        K(
            "#48018",
            RP,
            RPW,
            "vllm/aeon/rp2.py",
            M2 + "def aeon_state_bytes(layer: MambaMixer2) -> int:\n"
            "    conv_shape, ssm_shape = layer.get_state_shape()\n"
            "    return len(conv_shape) + len(ssm_shape)\n",
            "conv_shape, ssm_shape = layer.get_state_shape()",
        ),
    ),
    (
        "#48018 return widened",
        "twin: an index into the return",
        K(
            "#48018",
            RP,
            RPW,
            "vllm/aeon/rp3.py",
            M2 + "def aeon_ssm_dtype2(layer: MambaMixer2):\n    return layer.get_state_dtype()[1]\n",
            "return layer.get_state_dtype()[1]",
        ),
    ),
]

# --- #25400 (a903669e10): V0 hybrid paths removed; models/mamba_cache.py (MambaCacheParams) deleted
MC = "a903669e10"
MCW = "models/mamba_cache.py deleted"
CASES += [
    (
        "#25400 module deleted",
        "an import of the deleted module's class",
        K(
            "#25400",
            MC,
            MCW,
            "vllm/aeon/mc1.py",
            "from vllm.model_executor.models.mamba_cache import MambaCacheParams\n\n\n"
            "def aeon_slots(params: MambaCacheParams):\n"
            "    return params.state_indices_tensor\n",
            "from vllm.model_executor.models.mamba_cache import MambaCacheParams",
        ),
    ),
    (
        "#25400 module deleted",
        "twin: the state-shape calculator kept",
        K(
            "#25400",
            MC,
            MCW,
            "vllm/aeon/mc2.py",
            "from vllm.model_executor.layers.mamba.mamba_utils import MambaStateShapeCalculator\n\n\n"
            "def aeon_calc():\n"
            "    return MambaStateShapeCalculator\n",
            "from vllm.model_executor.layers.mamba.mamba_utils import MambaStateShapeCalculator",
        ),
    ),
]

# --- #26222 (778f554157): Mamba2AttentionMetadata's prefix-caching fields renamed
#     (current_last_idx -> block_idx_last_scheduled_token, last_state_idx -> block_idx_last_computed_token ...)
PC = "778f554157"
PCW = "Mamba2AttentionMetadata prefix-caching fields renamed"
M2M = "import torch\n\nfrom vllm.v1.attention.backends.mamba2_attn import Mamba2AttentionMetadata\n\n\n"
CASES += [
    (
        "#26222 metadata field renamed",
        "a read off metadata typed as the dataclass",
        K(
            "#26222",
            PC,
            PCW,
            "vllm/aeon/pc1.py",
            M2M + "def aeon_last_block(meta: Mamba2AttentionMetadata) -> torch.Tensor:\n"
            "    # AEON: the Spark's prefix cache dumps the last block it wrote\n"
            "    return meta.current_last_idx\n",
            "return meta.current_last_idx",
        ),
    ),
    (
        "#26222 metadata field renamed",
        "a getattr with a literal",
        K(
            "#26222",
            PC,
            PCW,
            "vllm/aeon/pc2.py",
            M2M + "def aeon_last_state(meta: Mamba2AttentionMetadata) -> torch.Tensor:\n"
            "    return getattr(meta, 'last_state_idx')\n",
            "return getattr(meta, 'last_state_idx')",
        ),
    ),
    (
        "#26222 metadata field renamed",
        "twin: state_indices_tensor kept",
        K(
            "#26222",
            PC,
            PCW,
            "vllm/aeon/pc3.py",
            M2M + "def aeon_slots(meta: Mamba2AttentionMetadata) -> torch.Tensor:\n"
            "    return meta.state_indices_tensor\n",
            "return meta.state_indices_tensor",
        ),
    ),
]

# --- #34263 (c683d11c94): chunk_gated_delta_rule's head_first keyword removed
HF = "c683d11c94"
HFW = "chunk_gated_delta_rule head_first removed"
CG = "import torch\n\nfrom vllm.model_executor.layers.fla.ops import chunk_gated_delta_rule\n\n\n"
CASES += [
    (
        "#34263 keyword removed",
        "a keyword call",
        K(
            "#34263",
            HF,
            HFW,
            "vllm/aeon/hf1.py",
            CG + "def aeon_gdn(q, k, v, g, beta, state, cu):\n"
            "    # AEON: explicit layout, our GDN port once ran head-first\n"
            "    return chunk_gated_delta_rule(q, k, v, g=g, beta=beta, initial_state=state, "
            "output_final_state=True, cu_seqlens=cu, head_first=False)\n",
            "return chunk_gated_delta_rule(q, k, v, g=g, beta=beta, initial_state=state, "
            "output_final_state=True, cu_seqlens=cu, head_first=False)",
        ),
    ),
    (
        "#34263 keyword removed",
        "twin: use_qk_l2norm_in_kernel kept",
        K(
            "#34263",
            HF,
            HFW,
            "vllm/aeon/hf2.py",
            CG + "def aeon_gdn2(q, k, v, g, beta, state, cu):\n"
            "    return chunk_gated_delta_rule(q, k, v, g=g, beta=beta, initial_state=state, "
            "output_final_state=True, cu_seqlens=cu, use_qk_l2norm_in_kernel=True)\n",
            "return chunk_gated_delta_rule(q, k, v, g=g, beta=beta, initial_state=state, "
            "output_final_state=True, cu_seqlens=cu, use_qk_l2norm_in_kernel=True)",
        ),
    ),
]

# --- #47329 (b1c6dba558): dead code removed; fla/ops/layernorm_guard.py's LayerNormGated deleted
LG = "b1c6dba558"
LGW = "LayerNormGated deleted"
CASES += [
    (
        "#47329 class deleted",
        "an import of the deleted class",
        K(
            "#47329",
            LG,
            LGW,
            "vllm/aeon/lg1.py",
            "from vllm.model_executor.layers.fla.ops.layernorm_guard import LayerNormGated\n\n\n"
            "def aeon_norm(hidden: int) -> LayerNormGated:\n"
            "    return LayerNormGated(hidden, group_size=hidden // 8)\n",
            "from vllm.model_executor.layers.fla.ops.layernorm_guard import LayerNormGated",
        ),
    ),
    (
        "#47329 class deleted",
        "twin: RMSNormGated kept",
        K(
            "#47329",
            LG,
            LGW,
            "vllm/aeon/lg2.py",
            "from vllm.model_executor.layers.fla.ops.layernorm_guard import RMSNormGated\n\n\n"
            "def aeon_rms(hidden: int) -> RMSNormGated:\n"
            "    return RMSNormGated(hidden)\n",
            "from vllm.model_executor.layers.fla.ops.layernorm_guard import RMSNormGated",
        ),
    ),
]

# --- #48500 (626c90b2d5): vllm/model_executor/layers/fla moved to vllm/third_party/flash_linear_attention
FL = "626c90b2d5"
FLW = "layers/fla moved to third_party"
CASES += [
    (
        "#48500 package moved",
        "an import of the package's op",
        K(
            "#48500",
            FL,
            FLW,
            "vllm/aeon/fl1.py",
            "from vllm.model_executor.layers.fla.ops import fused_recurrent_gated_delta_rule\n\n\n"
            "def aeon_decode(*args, **kwargs):\n"
            "    # AEON: the Spark's GDN decode calls the recurrent kernel directly\n"
            "    return fused_recurrent_gated_delta_rule(*args, **kwargs)\n",
            "from vllm.model_executor.layers.fla.ops import fused_recurrent_gated_delta_rule",
        ),
    ),
    (
        "#48500 package moved",
        "an import of a submodule's function",
        K(
            "#48500",
            FL,
            FLW,
            "vllm/aeon/fl2.py",
            "from vllm.model_executor.layers.fla.ops.layernorm_guard import rmsnorm_fn\n\n\n"
            "def aeon_gated(x, weight, z):\n"
            "    return rmsnorm_fn(x, weight, None, z=z)\n",
            "from vllm.model_executor.layers.fla.ops.layernorm_guard import rmsnorm_fn",
        ),
    ),
    (
        "#48500 package moved",
        "twin: RMSNormGated from layernorm",
        K(
            "#48500",
            FL,
            FLW,
            "vllm/aeon/fl3.py",
            "from vllm.model_executor.layers.layernorm import RMSNormGated\n\n\n"
            "def aeon_rms2(hidden: int) -> RMSNormGated:\n"
            "    return RMSNormGated(hidden)\n",
            "from vllm.model_executor.layers.layernorm import RMSNormGated",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-ropemamba-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
