"""A blind replay of the rotary position embeddings a fork's long-context and multimodal carries call.

10 first-parent commits on ``vllm/model_executor/layers/rotary_embedding/`` (and, before the split, on
``rotary_embedding.py``) -- the classes and helpers a fork's long-context or multimodal carry calls or
subclasses: ``MRotaryEmbedding.get_next_input_positions_tensor`` given an output array and a token count in
place of ``seq_len`` (#19939), ``triton_mrope`` given a required ``rotary_dim`` (#22593) and then a required
``mrope_interleaved`` with its kernel renamed (#25055), the AITER rope support reverted (#22956:
``common.yarn_get_mscale``'s ``mscale`` dropped, ``RotaryEmbedding.is_rocm_aiter_enabled`` and
``forward_hip_rocm_aiter`` gone, ``rocm_aiter_rope_ops`` deleted), ``MRotaryEmbedding.use_triton`` no longer set
(#24444), the Qwen3-Omni and then every model-specific M-RoPE position helper moved off ``MRotaryEmbedding``
(#26608, #24172), ``MRotaryEmbedding`` and ``DeepseekScalingRotaryEmbedding`` rebased off ``RotaryEmbedding``
onto a new ``RotaryEmbeddingBase`` (#25145), ``RotaryEmbeddingBase.is_rocm_triton_rotary_embed_enabled``
replaced by ``use_aiter`` (#35180), and ``DeepseekScalingRotaryEmbedding.forward_native`` no longer matching
its cache through ``_match_cos_sin_cache_dtype`` (#40392) -- picked by scanning those paths' diffs (``git log
--first-parent -p``), avoiding the commits ``blind_replay_ropemamba.py``, ``blind_replay_layers.py``,
``blind_replay_runtime.py`` and the other replays use.  Each is replayed under 1-4 fork spellings written the
way fork code is written (a call on the class, a keyword call, a subclass's ``self.``/``cls.`` use, a read off
a receiver typed as the class, a ``getattr`` with a literal, an import, an ``isinstance`` on an attribute the
class builds, an override of a hook), with twins (fork code the commit does not break: the kept method, a
namesake in another module, a guarded read, the still-accepted keyword).  The merge base is the commit's first
parent, upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a
warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at ecca8e89): 18 caught, 0 warned, 2 missed of 20 (twins: 11
quiet, 1 false error of 12).  The misses: #25145's (``isinstance(self.rotary_emb, RotaryEmbedding)`` where the
class built ``self.rotary_emb = MRotaryEmbedding(...)``: the test held at the base and fails now, silently) and
#40392's (a ``DeepseekScalingRotaryEmbedding`` subclass's ``_match_cos_sin_cache_dtype`` override, skipped by
the class's ``forward_native`` now).  The false error was this replay's own misjudged twin: #35180's
``bool(getattr(rope, "is_rocm_triton_rotary_embed_enabled", False))`` is a flag read whose default is always
taken after the merge (upstream replaced the flag by ``use_aiter``, so the fork reports no AITER kernel where
one runs) -- symbol drift's documented rule for a getattr default that turns the fork's feature off; it is
counted as a killer spelling from here on ("a getattr with a default"), so the blind record reads 19 caught,
2 missed of 21 with 11 twins quiet, 0 false.

After the killers159 widenings: 20 caught, 1 warned, 0 missed of 21 (twins: 11 quiet, 0 false errors). Caught now:
an ``isinstance``/``issubclass`` against a base upstream took out of a class's bases, of a value known to hold the
class (type drift, ``drift/unbased.py``: the new bases followed through the tree's files; a base that cannot be
followed, or an old base kept only as an alias of a renamed class, keeps it quiet). Warned now: an override of a
hook whose answer a caller used on every run (a statement of its own body computing with it; a bare call run for
its effect stays dead-knob drift's) and now does without (``drift/bypassed_hooks.py``, widened from a delegation
alone; a warning, as upstream may have made the hook needless there; a static helper is followed no further, and
the hook may be inherited from a file the change left alone). Regression set at the widening's head: killer_replay
26/26, kind_change_replay 12/12 (5 twins quiet), review15/16/17_twins 0 false errors (40, 30, 23 twins; 0, 4, 2 of
them warned, none by these checks), blind_replay_ropemamba 17/17 (10 quiet), blind_replay_basiclayers 15/15 (11
quiet), blind_replay_layers 45/45 (24 quiet), blind_replay_modelifaces 15 caught, 1 warned of 16 (11 quiet; the
warning by design), blind_replay_runtime 33 caught, 2 warned of 35 (5 quiet), ``symbol_precision.py --windows 1``:
0 false errors (window 0: 5 broken overrides, 4 caught, 8 warnings).  The numbers hold at the branch's head (the
every-run shape narrowed to a hook's answer used, an aliased old base quiet: both only take findings away; the
regression set rerun after them, ``blind_replay_layers`` not).

  python benchmarks/blind_replay_rope.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

ROPE = "vllm.model_executor.layers.rotary_embedding"

# --- #19939 (9a3b88328f): MRotaryEmbedding.get_next_input_positions_tensor(delta, context_len, seq_len)
#     -> (out, out_offset, delta, context_len, num_new_tokens), writing into ``out`` and returning None
NP = "9a3b88328f"
NPW = "get_next_input_positions_tensor given out/out_offset, seq_len -> num_new_tokens"
MR1 = f"import torch\n\nfrom {ROPE} import MRotaryEmbedding\n\n\n"
CASES += [
    (
        "#19939 parameters inserted",
        "a positional call on the class",
        K(
            "#19939",
            NP,
            NPW,
            "vllm/aeon/np1.py",
            MR1 + "def aeon_draft_positions(delta: int, context_len: int, seq_len: int) -> torch.Tensor:\n"
            "    # AEON: the Spark's drafter builds a whole draft's M-RoPE positions at once\n"
            "    return MRotaryEmbedding.get_next_input_positions_tensor(delta, context_len, seq_len)\n",
            "return MRotaryEmbedding.get_next_input_positions_tensor(delta, context_len, seq_len)",
        ),
    ),
    (
        "#19939 parameters inserted",
        "a keyword call",
        K(
            "#19939",
            NP,
            NPW,
            "vllm/aeon/np2.py",
            MR1 + "def aeon_decode_positions(delta: int, done: int, new: int) -> torch.Tensor:\n"
            "    positions = MRotaryEmbedding.get_next_input_positions_tensor(\n"
            "        mrope_position_delta=delta, context_len=done, seq_len=done + new\n"
            "    )\n"
            "    return positions\n",
            "mrope_position_delta=delta, context_len=done, seq_len=done + new",
        ),
    ),
    (
        "#19939 parameters inserted",
        "twin: get_next_input_positions kept",
        K(
            "#19939",
            NP,
            NPW,
            "vllm/aeon/np3.py",
            MR1 + "def aeon_decode_lists(delta: int, done: int, total: int) -> list[list[int]]:\n"
            "    return MRotaryEmbedding.get_next_input_positions(delta, done, total)\n",
            "return MRotaryEmbedding.get_next_input_positions(delta, done, total)",
        ),
    ),
]

# --- #22593 (b76753f0b5): triton_mrope(q, k, cos, sin, mrope_section, head_size) gained a required rotary_dim
TM = "b76753f0b5"
TMW = "triton_mrope gained a required rotary_dim"
MRO = f"import torch\n\nfrom {ROPE}.mrope import MRotaryEmbedding, triton_mrope\n\n\n"
CASES += [
    (
        "#22593 required parameter appended",
        "a subclass's positional call",
        K(
            "#22593",
            TM,
            TMW,
            "vllm/aeon/tm1.py",
            MRO + "class AeonMRotaryEmbedding(MRotaryEmbedding):\n"
            "    def aeon_rotate(self, q: torch.Tensor, k: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor):\n"
            "        # AEON: GB10 runs the Triton kernel on pre-gathered cos/sin for long videos\n"
            "        q, k = triton_mrope(q, k, cos, sin, self.mrope_section, self.head_size)\n"
            "        return q, k\n",
            "q, k = triton_mrope(q, k, cos, sin, self.mrope_section, self.head_size)",
        ),
    ),
    (
        "#22593 required parameter appended",
        "a keyword call",
        K(
            "#22593",
            TM,
            TMW,
            "vllm/aeon/tm2.py",
            MRO + "def aeon_mrope(q: torch.Tensor, k: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor):\n"
            "    return triton_mrope(q, k, cos, sin, mrope_section=[16, 24, 24], head_size=128)\n",
            "return triton_mrope(q, k, cos, sin, mrope_section=[16, 24, 24], head_size=128)",
        ),
    ),
    (
        "#22593 required parameter appended",
        "twin: a method kept",
        K(
            "#22593",
            TM,
            TMW,
            "vllm/aeon/tm3.py",
            MRO
            + "def aeon_native(rope: MRotaryEmbedding, positions: torch.Tensor, q: torch.Tensor, k: torch.Tensor):\n"
            "    return rope.forward_native(positions, q, k)\n",
            "return rope.forward_native(positions, q, k)",
        ),
    ),
]

# --- #22956 (b2f6c247a9): the AITER rope support reverted: common.yarn_get_mscale's mscale dropped,
#     RotaryEmbedding.is_rocm_aiter_enabled / forward_hip_rocm_aiter gone, rocm_aiter_rope_ops deleted
RV = "b2f6c247a9"
RVW = "AITER rope reverted"
CASES += [
    (
        "#22956 parameter removed",
        "a positional call of the common helper",
        K(
            "#22956",
            RV,
            RVW,
            "vllm/aeon/rv1.py",
            f"from {ROPE}.common import yarn_get_mscale\n\n\n"
            "def aeon_attention_scale(factor: float, mscale_all_dim: float) -> float:\n"
            "    # AEON: the long-context carry scales the softmax the DeepSeek way\n"
            "    return yarn_get_mscale(factor, mscale_all_dim) ** 2\n",
            "return yarn_get_mscale(factor, mscale_all_dim) ** 2",
        ),
    ),
    (
        "#22956 attribute removed",
        "a subclass's self. read",
        K(
            "#22956",
            RV,
            RVW,
            "vllm/aeon/rv2.py",
            f"import torch\n\nfrom {ROPE}.base import RotaryEmbedding\n\n\n"
            "class AeonRotaryEmbedding(RotaryEmbedding):\n"
            "    def aeon_backend(self) -> str:\n"
            '        return "aiter" if self.is_rocm_aiter_enabled else "native"\n',
            'return "aiter" if self.is_rocm_aiter_enabled else "native"',
        ),
    ),
    (
        "#22956 method removed",
        "a subclass's self. call",
        K(
            "#22956",
            RV,
            RVW,
            "vllm/aeon/rv3.py",
            f"import torch\n\nfrom {ROPE}.base import RotaryEmbedding\n\n\n"
            "class AeonNopeFirstRope(RotaryEmbedding):\n"
            "    def aeon_nope_first(self, positions: torch.Tensor, query: torch.Tensor, key: torch.Tensor):\n"
            "        return self.forward_hip_rocm_aiter(positions, query, key, None, is_nope_first=True)\n",
            "return self.forward_hip_rocm_aiter(positions, query, key, None, is_nope_first=True)",
        ),
    ),
    (
        "#22956 module removed",
        "an import",
        K(
            "#22956",
            RV,
            RVW,
            "vllm/aeon/rv4.py",
            f"from {ROPE}.rocm_aiter_rope_ops import is_rocm_rotary_embedding_enabled\n\n\n"
            "def aeon_rope_report() -> dict[str, bool]:\n"
            '    return {"aiter": is_rocm_rotary_embedding_enabled()}\n',
            f"from {ROPE}.rocm_aiter_rope_ops import is_rocm_rotary_embedding_enabled",
        ),
    ),
    (
        "#22956 parameter removed",
        "twin: the DeepSeek namesake keeps mscale",
        K(
            "#22956",
            RV,
            RVW,
            "vllm/aeon/rv5.py",
            f"from {ROPE}.deepseek_scaling_rope import yarn_get_mscale\n\n\n"
            "def aeon_deepseek_scale(factor: float, mscale: float) -> float:\n"
            "    return yarn_get_mscale(factor, mscale)\n",
            "return yarn_get_mscale(factor, mscale)",
        ),
    ),
    (
        "#22956 parameter removed",
        "twin: one argument to the common helper",
        K(
            "#22956",
            RV,
            RVW,
            "vllm/aeon/rv6.py",
            f"from {ROPE}.common import yarn_get_mscale\n\n\n"
            "def aeon_yarn_scale(factor: float) -> float:\n"
            "    return yarn_get_mscale(factor)\n",
            "return yarn_get_mscale(factor)",
        ),
    ),
]

# --- #24444 (4aa23892d6): MRotaryEmbedding.forward and its use_triton attribute removed (CustomOp dispatches)
UT = "4aa23892d6"
UTW = "MRotaryEmbedding.use_triton no longer set"
MRU = f"import torch\n\nfrom {ROPE}.mrope import MRotaryEmbedding\n\n\n"
CASES += [
    (
        "#24444 attribute no longer set",
        "a subclass's self. read",
        K(
            "#24444",
            UT,
            UTW,
            "vllm/aeon/ut1.py",
            MRU + "class AeonMRope(MRotaryEmbedding):\n"
            "    def aeon_forward(self, positions: torch.Tensor, query: torch.Tensor, key: torch.Tensor):\n"
            "        # AEON: the Spark keeps the Triton path for text-only decode too\n"
            "        if self.use_triton:\n"
            "            return self.forward_cuda(positions, query, key)\n"
            "        return self.forward_native(positions, query, key)\n",
            "if self.use_triton:",
        ),
    ),
    (
        "#24444 attribute no longer set",
        "a read off a typed receiver",
        K(
            "#24444",
            UT,
            UTW,
            "vllm/aeon/ut2.py",
            MRU + "def aeon_mrope_path(rope: MRotaryEmbedding) -> str:\n"
            '    return "triton" if rope.use_triton else "torch"\n',
            'return "triton" if rope.use_triton else "torch"',
        ),
    ),
    (
        "#24444 attribute no longer set",
        "twin: mrope_section kept",
        K(
            "#24444",
            UT,
            UTW,
            "vllm/aeon/ut3.py",
            MRU + "def aeon_sections(rope: MRotaryEmbedding) -> list[int]:\n"
            "    return list(rope.mrope_section or [])\n",
            "return list(rope.mrope_section or [])",
        ),
    ),
]

# --- #25055 (cea91a32f2): _triton_qwen2vl_mrope_forward renamed _triton_mrope_forward; triton_mrope gained a
#     required mrope_interleaved
TI = "cea91a32f2"
TIW = "mrope kernel renamed, triton_mrope gained mrope_interleaved"
CASES += [
    (
        "#25055 kernel renamed",
        "an import of the kernel",
        K(
            "#25055",
            TI,
            TIW,
            "vllm/aeon/ti1.py",
            f"from {ROPE}.mrope import _triton_qwen2vl_mrope_forward\n\n"
            "# AEON: the Spark's fused vision block launches the kernel on its own grid\n"
            "AEON_MROPE_KERNEL = _triton_qwen2vl_mrope_forward\n",
            f"from {ROPE}.mrope import _triton_qwen2vl_mrope_forward",
        ),
    ),
    (
        "#25055 required parameter appended",
        "a subclass's positional call",
        K(
            "#25055",
            TI,
            TIW,
            "vllm/aeon/ti2.py",
            MRO + "class AeonPartialMRope(MRotaryEmbedding):\n"
            "    def aeon_rotate(self, q: torch.Tensor, k: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor):\n"
            "        return triton_mrope(q, k, cos, sin, self.mrope_section, self.head_size, self.rotary_dim)\n",
            "return triton_mrope(q, k, cos, sin, self.mrope_section, self.head_size, self.rotary_dim)",
        ),
    ),
    (
        "#25055 required parameter appended",
        "twin: the constructor's mrope_interleaved kept",
        K(
            "#25055",
            TI,
            TIW,
            "vllm/aeon/ti3.py",
            MRO + "def aeon_interleaved_rope() -> MRotaryEmbedding:\n"
            "    return MRotaryEmbedding(\n"
            "        128, 128, 4096, 5000000.0, True, torch.bfloat16, mrope_section=[24, 20, 20], mrope_interleaved=True\n"
            "    )\n",
            "128, 128, 4096, 5000000.0, True, torch.bfloat16, mrope_section=[24, 20, 20], mrope_interleaved=True",
        ),
    ),
]

# --- #26608 (ddaff2938e): MRotaryEmbedding._omni3_get_input_positions_tensor moved to the model file
O3 = "ddaff2938e"
O3W = "MRotaryEmbedding._omni3_get_input_positions_tensor removed"
CASES += [
    (
        "#26608 classmethod removed",
        "a subclass's cls. call",
        K(
            "#26608",
            O3,
            O3W,
            "vllm/aeon/o31.py",
            MRU + "class AeonOmniMRope(MRotaryEmbedding):\n"
            "    @classmethod\n"
            "    def aeon_omni_positions(cls, config, input_ids: torch.Tensor, image_grid_thw, video_grid_thw):\n"
            "        # AEON: the Spark's speech front end asks for Qwen3-Omni positions without audio\n"
            "        return cls._omni3_get_input_positions_tensor(config, input_ids, image_grid_thw, video_grid_thw)\n",
            "return cls._omni3_get_input_positions_tensor(config, input_ids, image_grid_thw, video_grid_thw)",
        ),
    ),
    (
        "#26608 classmethod removed",
        "twin: _vl_get_input_positions_tensor kept",
        K(
            "#26608",
            O3,
            O3W,
            "vllm/aeon/o32.py",
            MRU + "class AeonVLMRope(MRotaryEmbedding):\n"
            "    @classmethod\n"
            "    def aeon_vl_positions(cls, **kwargs):\n"
            "        return cls._vl_get_input_positions_tensor(**kwargs)\n",
            "return cls._vl_get_input_positions_tensor(**kwargs)",
        ),
    ),
]

# --- #24172 (727144bed1): MRotaryEmbedding.get_input_positions_tensor and the model-specific helpers removed
#     (each model computes its own positions through the M-RoPE interface)
GP = "727144bed1"
GPW = "MRotaryEmbedding.get_input_positions_tensor and helpers removed"
CASES += [
    (
        "#24172 classmethod removed",
        "a keyword call on the class",
        K(
            "#24172",
            GP,
            GPW,
            "vllm/aeon/gp1.py",
            MRU + "def aeon_prompt_positions(tokens: list[int], hf_config, image_grid_thw, video_grid_thw):\n"
            "    # AEON: the Spark's prefix cache keys on a prompt's M-RoPE positions\n"
            "    positions, delta = MRotaryEmbedding.get_input_positions_tensor(\n"
            "        input_tokens=tokens,\n"
            "        hf_config=hf_config,\n"
            "        image_grid_thw=image_grid_thw,\n"
            "        video_grid_thw=video_grid_thw,\n"
            "        second_per_grid_ts=[],\n"
            "    )\n"
            "    return positions, delta\n",
            "positions, delta = MRotaryEmbedding.get_input_positions_tensor(",
        ),
    ),
    (
        "#24172 staticmethod removed",
        "a subclass's self. call",
        K(
            "#24172",
            GP,
            GPW,
            "vllm/aeon/gp2.py",
            MRU + "class AeonVisionPositions(MRotaryEmbedding):\n"
            "    def aeon_vision_ids(self, start: int, t_index: list[int], grid_hs: torch.Tensor, grid_ws: torch.Tensor):\n"
            "        return self._get_llm_pos_ids_for_vision(start, 0, 2, t_index, grid_hs, grid_ws)\n",
            "return self._get_llm_pos_ids_for_vision(start, 0, 2, t_index, grid_hs, grid_ws)",
        ),
    ),
    (
        "#24172 classmethod removed",
        "twin: get_next_input_positions_tensor kept",
        K(
            "#24172",
            GP,
            GPW,
            "vllm/aeon/gp3.py",
            "import numpy as np\n\n"
            + MRU
            + "def aeon_fill_decode(out: np.ndarray, offset: int, delta: int, done: int, new: int) -> None:\n"
            "    MRotaryEmbedding.get_next_input_positions_tensor(out, offset, delta, done, new)\n",
            "MRotaryEmbedding.get_next_input_positions_tensor(out, offset, delta, done, new)",
        ),
    ),
]

# --- #25145 (b798e39f93): MRotaryEmbedding, DeepseekScalingRotaryEmbedding and Llama4VisionRotaryEmbedding
#     derive from a new RotaryEmbeddingBase, no longer from RotaryEmbedding
RB = "b798e39f93"
RBW = "MRotaryEmbedding rebased off RotaryEmbedding"
CASES += [
    (
        "#25145 base class changed",
        "an isinstance on an attribute the class builds",
        K(
            "#25145",
            RB,
            RBW,
            "vllm/aeon/rb1.py",
            "import torch\nfrom torch import nn\n\n"
            f"from {ROPE}.base import RotaryEmbedding\nfrom {ROPE}.mrope import MRotaryEmbedding\n\n\n"
            "class AeonVisionAttention(nn.Module):\n"
            "    def __init__(self, head_size: int) -> None:\n"
            "        super().__init__()\n"
            "        self.rotary_emb = MRotaryEmbedding(\n"
            "            head_size, head_size, 32768, 1000000.0, True, torch.bfloat16, mrope_section=[16, 24, 24]\n"
            "        )\n\n"
            "    def aeon_refresh_cache(self) -> None:\n"
            "        # AEON: GB10's fp32 cos/sin cache, rebuilt for every rope that keeps one\n"
            "        if isinstance(self.rotary_emb, RotaryEmbedding):\n"
            "            self.rotary_emb.cos_sin_cache = self.rotary_emb._compute_cos_sin_cache()\n",
            "if isinstance(self.rotary_emb, RotaryEmbedding):",
        ),
    ),
    (
        "#25145 base class changed",
        "twin: an isinstance on the class itself",
        K(
            "#25145",
            RB,
            RBW,
            "vllm/aeon/rb2.py",
            "import torch\nfrom torch import nn\n\n"
            f"from {ROPE}.mrope import MRotaryEmbedding\n\n\n"
            "class AeonVisionAttention2(nn.Module):\n"
            "    def __init__(self, head_size: int) -> None:\n"
            "        super().__init__()\n"
            "        self.rotary_emb = MRotaryEmbedding(\n"
            "            head_size, head_size, 32768, 1000000.0, True, torch.bfloat16, mrope_section=[16, 24, 24]\n"
            "        )\n\n"
            "    def aeon_is_mrope(self) -> bool:\n"
            "        return isinstance(self.rotary_emb, MRotaryEmbedding)\n",
            "return isinstance(self.rotary_emb, MRotaryEmbedding)",
        ),
    ),
]

# --- #35180 (f38f8c9742): RotaryEmbeddingBase.is_rocm_triton_rotary_embed_enabled replaced by use_aiter
RA = "f38f8c9742"
RAW = "is_rocm_triton_rotary_embed_enabled no longer set"
BASE = f"import torch\n\nfrom {ROPE}.base import RotaryEmbedding, RotaryEmbeddingBase\n\n\n"
CASES += [
    (
        "#35180 attribute no longer set",
        "a subclass's self. read",
        K(
            "#35180",
            RA,
            RAW,
            "vllm/aeon/ra1.py",
            BASE + "class AeonRope(RotaryEmbedding):\n"
            "    def forward_hip(self, positions: torch.Tensor, query: torch.Tensor, key: torch.Tensor | None = None):\n"
            "        if self.is_rocm_triton_rotary_embed_enabled:\n"
            "            return super().forward_hip(positions, query, key)\n"
            "        return self.forward_native(positions, query, key)\n",
            "if self.is_rocm_triton_rotary_embed_enabled:",
        ),
    ),
    (
        "#35180 attribute no longer set",
        "a read off a typed receiver",
        K(
            "#35180",
            RA,
            RAW,
            "vllm/aeon/ra2.py",
            BASE + "def aeon_uses_aiter(rope: RotaryEmbeddingBase) -> bool:\n"
            "    # AEON: the fleet report lists which rope kernel each layer runs\n"
            "    return bool(rope.is_rocm_triton_rotary_embed_enabled)\n",
            "return bool(rope.is_rocm_triton_rotary_embed_enabled)",
        ),
    ),
    (
        "#35180 attribute no longer set",
        "a getattr with a literal",
        K(
            "#35180",
            RA,
            RAW,
            "vllm/aeon/ra3.py",
            BASE + "def aeon_rope_flags(rope: RotaryEmbedding) -> tuple[bool, bool]:\n"
            '    return rope.use_flashinfer, getattr(rope, "is_rocm_triton_rotary_embed_enabled")\n',
            'return rope.use_flashinfer, getattr(rope, "is_rocm_triton_rotary_embed_enabled")',
        ),
    ),
    (
        "#35180 attribute no longer set",
        "twin: use_flashinfer kept",
        K(
            "#35180",
            RA,
            RAW,
            "vllm/aeon/ra4.py",
            BASE + "def aeon_uses_flashinfer(rope: RotaryEmbeddingBase) -> bool:\n    return rope.use_flashinfer\n",
            "return rope.use_flashinfer",
        ),
    ),
    (
        "#35180 attribute no longer set",
        "a getattr with a default, the default always taken now",
        K(
            "#35180",
            RA,
            RAW,
            "vllm/aeon/ra5.py",
            BASE + "def aeon_triton_rope(rope: RotaryEmbeddingBase) -> bool:\n"
            '    return bool(getattr(rope, "is_rocm_triton_rotary_embed_enabled", False))\n',
            'return bool(getattr(rope, "is_rocm_triton_rotary_embed_enabled", False))',
        ),
    ),
]

# --- #40392 (a51376b3f0): DeepseekScalingRotaryEmbedding.forward_native hands self.cos_sin_cache to a new
#     forward_static; it no longer calls _match_cos_sin_cache_dtype, so a subclass's override of it is skipped
MC = "a51376b3f0"
MCW = "DeepseekScalingRotaryEmbedding.forward_native no longer calls _match_cos_sin_cache_dtype"
CASES += [
    (
        "#40392 hook no longer called",
        "a subclass's override of the hook",
        K(
            "#40392",
            MC,
            MCW,
            "vllm/aeon/mc1.py",
            f"import torch\n\nfrom {ROPE}.deepseek_scaling_rope import DeepseekScalingRotaryEmbedding\n\n\n"
            "class AeonFp32DeepseekRope(DeepseekScalingRotaryEmbedding):\n"
            "    # AEON: the long-context carry keeps the cos/sin cache in fp32 on GB10 and casts per call\n"
            "    def _match_cos_sin_cache_dtype(self, query: torch.Tensor) -> torch.Tensor:\n"
            "        return self.cos_sin_cache.to(query.device, dtype=torch.float32)\n",
            "def _match_cos_sin_cache_dtype(self, query: torch.Tensor) -> torch.Tensor:",
        ),
    ),
    (
        "#40392 hook no longer called",
        "twin: the same override on the plain rope, still called",
        K(
            "#40392",
            MC,
            MCW,
            "vllm/aeon/mc2.py",
            f"import torch\n\nfrom {ROPE}.base import RotaryEmbedding\n\n\n"
            "class AeonFp32Rope(RotaryEmbedding):\n"
            "    def _match_cos_sin_cache_dtype(self, query: torch.Tensor) -> torch.Tensor:\n"
            "        return self.cos_sin_cache.to(query.device, dtype=torch.float32)\n",
            "def _match_cos_sin_cache_dtype(self, query: torch.Tensor) -> torch.Tensor:",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES)
    return 0


if __name__ == "__main__":
    sys.exit(main())
