"""A blind replay of the model-layer killers: linear, rotary, norms, activations, MoE routing, kernels' Python side.

First-parent commits touching surfaces no other replay covers -- the linear layers' constructors
(vllm/model_executor/layers/linear.py), get_rope and the rotary embedding classes
(vllm/model_executor/layers/rotary_embedding/), the RMSNorm dispatch (layernorm.py), the activation
classes (activation.py), the vocab embedding (vocab_parallel_embedding.py), fused MoE's routing functions
(grouped_topk, FusedMoE.select_experts), the custom ops' Python wrappers (vllm/_custom_ops.py), the
quantization utils (quantization/utils/), the model-parallel initialisers (vllm/distributed/parallel_state.py)
and the sampled token ids the v1 runner hands out (vllm/v1/outputs.py) -- picked by scanning those paths'
diffs (``git log --first-parent -p``, each touched file's signatures parsed at both ends), not from the
engine's tests or the other replays: a parameter removed from the front or the middle of a signature
(get_rope's ``rotary_dim``, its ``base`` with ``rope_scaling`` renamed, the rotary ``offsets``,
dispatch_rocm_rmsnorm_func's ``with_fused_add``, cp_gather_and_upconvert_fp8_kv_cache's ``seq_lens``,
dequantize_to_dtype's ``device``), a parameter inserted before others (the model-parallel initialisers'
context-parallel sizes, twice; LinearBase's ``bias``; grouped_topk's ``routed_scaling_factor``; the dynamic
NTK rope's ``max_trained_positions``), a static method made an instance method with its routing parameters
moved to the layer (FusedMoE.select_experts), a hook's return contract changed (None -> the cache the
caller uses), a CustomOp made a PluggableLayer (forward_cuda no longer dispatched to), a method made a
staticmethod, and the sampled token ids made numpy arrays (``+ [x]`` now adds elementwise).
Each is replayed under 1-3 fork spellings written the way fork model code is written, with a twin for each
commit (fork code the commit does not break).  The merge base is the commit's first parent, upstream is the
commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in its file.
Twins must stay *quiet*: no error on their line.

A second batch, committed before its own first run: 8 commits whose returned values changed kind or length
(RejectionSampler.parse_output's list made a pair, ref_nvfp4_quant_dequant's pair made a tensor,
map_mxfp4_backend's member made a list, SharedFusedMoE.forward's pair made a tensor, FusedMoE.select_experts'
triple made a pair, determine_expert_map's pair made a triple, backend_to_kernel_cls' class made a list,
prepare_fp8_moe_layer_for_fi's triple made a quadruple), 15 spellings and 8 twins.

Blind, on the engine before any widening (main at dbf0a1a), first batch: 25 caught, 0 warned, 5 missed of 30
(twins: 16 quiet, 0 false errors).  Three of those misses were this file's spelling: #30389's and #48642's
keyword calls named the call's first line where the engine reports the keyword's own line, and #23274's
``from vllm.model_executor.layers.fused_moe import fused_moe as fm`` binds the package's re-exported
``fused_moe`` function, so ``fm.grouped_topk`` never existed; re-spelled, all three are caught on the same
engine (28 caught, 2 missed).  Second batch, blind on the same engine: 3 caught, 0 warned, 12 missed of 15
(twins: 8 quiet, 0 false errors); one of the misses, #29223's loop over a local, has its error on the line
binding the local (``parsed = ...parse_output(...)``, "uses the value as one value"), now the expected line.
After the killers42 widenings: 42 caught, 0 warned, 3 missed of 45 (twins: 24 quiet, 0 false errors).
Caught now: an element of a container upstream kept but made an array (``list[list[int]]`` ->
``list[np.ndarray]``) grown in place or concatenated with a list (element drift); a call on a receiver
typed as one class resolved as that class's method (``layer.select_experts`` with ``layer: FusedMoE``, where
other classes define the name with other shapes); ``f()[k]`` of a tuple upstream made one value; a loop over
a call whose one value upstream made a tuple; ``-> X`` made ``-> list[X]`` under an equality, identity or
membership test with named values, a call, or an attribute a list lacks (result kind drift).  Missed then:
#35949's two (``self.experts(...)`` is a module call the engine did not resolve to ``forward``, and
``experts.forward(...)``'s callers upstream were module calls, so no caller evidence of the narrowing), and
#24097's ``[-1]`` (determine_expert_map's early ``return (global_num_experts, None)`` hid the returned
names' order).
After the killers44 widenings: 45 caught, 0 warned, 0 missed of 45 (twins: 24 quiet, 0 false errors).
Caught now: a module called as a function (a field or parameter typed as one class) reaches that class's
``forward``, with upstream's callers' evidence read off the attribute they call it through, ``-> tuple[A,
B]`` gives a returned name its length and ``-> torch.Tensor`` makes ``return super().forward(...)`` one
value (#35949); an early return of placeholders no longer hides the returned names' order (#24097).

  python benchmarks/blind_replay_layers.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #30389 (cf3eacfe58): get_rope(head_size, rotary_dim, max_position, ...) loses rotary_dim (read from
#     rope_parameters["partial_rotary_factor"] now): every later positional value shifts one place left
GR = "cf3eacfe58"
GRW = "get_rope's rotary_dim removed (second parameter)"
GRI = "from vllm.model_executor.layers.rotary_embedding import get_rope\n\n\n"
CASES += [
    (
        "#30389 parameter removed from the front",
        "a positional call in a fork attention",
        K(
            "#30389",
            GR,
            GRW,
            "vllm/aeon/gr1.py",
            GRI + "class AeonAttention:\n"
            "    def __init__(self, head_dim: int, max_position: int, rope_parameters: dict) -> None:\n"
            "        self.rotary_dim = head_dim // 2\n"
            "        # AEON: partial rotary for the GB10 checkpoint\n"
            "        self.rotary_emb = get_rope(head_dim, self.rotary_dim, max_position, True, rope_parameters)\n",
            "self.rotary_emb = get_rope(head_dim, self.rotary_dim, max_position, True, rope_parameters)",
        ),
    ),
    (
        "#30389 parameter removed from the front",
        "a keyword call",
        K(
            "#30389",
            GR,
            GRW,
            "vllm/aeon/gr2.py",
            GRI + "def aeon_rope(head_dim: int, max_position: int, rope_parameters: dict):\n"
            "    return get_rope(\n"
            "        head_size=head_dim, rotary_dim=head_dim, max_position=max_position, rope_parameters=rope_parameters\n"
            "    )\n",
            "head_size=head_dim, rotary_dim=head_dim, max_position=max_position, rope_parameters=rope_parameters",
        ),
    ),
    (
        "#30389 parameter removed from the front",
        "twin: the rotary class built directly (its rotary_dim kept)",
        K(
            "#30389",
            GR,
            GRW,
            "vllm/aeon/gr3.py",
            "import torch\n\nfrom vllm.model_executor.layers.rotary_embedding.base import RotaryEmbedding\n\n\n"
            "def aeon_rope(head_dim: int, max_position: int, theta: float) -> RotaryEmbedding:\n"
            "    return RotaryEmbedding(head_dim, head_dim, max_position, theta, True, torch.bfloat16)\n",
            "return RotaryEmbedding(head_dim, head_dim, max_position, theta, True, torch.bfloat16)",
        ),
    ),
]

# --- #28542 (a8b70304d6): get_rope's base removed (read from rope_parameters) and rope_scaling renamed
#     rope_parameters: a positional base lands in is_neox_style
RP = "a8b70304d6"
RPW = "get_rope(head_size, rotary_dim, max_position, base, is_neox_style, rope_scaling, ...) loses base"
RPI = "from vllm.model_executor.layers.rotary_embedding import get_rope\n\n\n"
CASES += [
    (
        "#28542 parameter removed, keyword renamed",
        "a positional call with the base",
        K(
            "#28542",
            RP,
            RPW,
            "vllm/aeon/rp1.py",
            RPI + "class AeonMTPAttention:\n"
            "    def __init__(self, head_dim: int, max_position: int, rope_theta: float, rope_scaling: dict) -> None:\n"
            "        self.rotary_emb = get_rope(head_dim, head_dim, max_position, rope_theta, True, rope_scaling)\n",
            "self.rotary_emb = get_rope(head_dim, head_dim, max_position, rope_theta, True, rope_scaling)",
        ),
    ),
    (
        "#28542 parameter removed, keyword renamed",
        "keywords base= and rope_scaling=",
        K(
            "#28542",
            RP,
            RPW,
            "vllm/aeon/rp2.py",
            RPI + "def aeon_rope(head_dim: int, max_position: int, theta: float, scaling: dict | None):\n"
            "    rope = get_rope(head_dim, rotary_dim=head_dim, max_position=max_position, base=theta, rope_scaling=scaling)\n"
            "    return rope\n",
            "rope = get_rope(head_dim, rotary_dim=head_dim, max_position=max_position, base=theta, rope_scaling=scaling)",
        ),
    ),
    (
        "#28542 parameter removed, keyword renamed",
        "twin: the rotary class built directly",
        K(
            "#28542",
            RP,
            RPW,
            "vllm/aeon/rp3.py",
            "import torch\n\nfrom vllm.model_executor.layers.rotary_embedding import RotaryEmbedding\n\n\n"
            "def aeon_rope(head_dim: int, max_position: int, theta: float) -> RotaryEmbedding:\n"
            "    return RotaryEmbedding(head_dim, head_dim, max_position, theta, True, torch.bfloat16)\n",
            "return RotaryEmbedding(head_dim, head_dim, max_position, theta, True, torch.bfloat16)",
        ),
    ),
]

# --- #24789 (5febdc8750): the rotary forward methods lose their trailing offsets parameter
OF = "5febdc8750"
OFW = "RotaryEmbedding.forward_native/forward_cuda(positions, query, key, offsets) lose offsets"
OFI = "import torch\n\nfrom vllm.model_executor.layers.rotary_embedding.base import RotaryEmbedding\n\n\n"
CASES += [
    (
        "#24789 trailing parameter removed",
        "a call through a typed attribute",
        K(
            "#24789",
            OF,
            OFW,
            "vllm/aeon/of1.py",
            OFI + "class AeonDraftHead:\n"
            "    def __init__(self, rotary_emb: RotaryEmbedding) -> None:\n"
            "        self.rotary_emb = rotary_emb\n\n"
            "    def rope(self, positions: torch.Tensor, q: torch.Tensor, k: torch.Tensor, offsets: torch.Tensor):\n"
            "        return self.rotary_emb.forward_native(positions, q, k, offsets)\n",
            "return self.rotary_emb.forward_native(positions, q, k, offsets)",
        ),
    ),
    (
        "#24789 trailing parameter removed",
        "a subclass's super() call with offsets",
        K(
            "#24789",
            OF,
            OFW,
            "vllm/aeon/of2.py",
            OFI + "class AeonRotaryEmbedding(RotaryEmbedding):\n"
            "    def forward_cuda(self, positions, query, key=None, offsets=None):\n"
            "        query = query.contiguous()\n"
            "        return super().forward_cuda(positions, query, key, offsets)\n",
            "return super().forward_cuda(positions, query, key, offsets)",
        ),
    ),
    (
        "#24789 trailing parameter removed",
        "twin: the call without offsets",
        K(
            "#24789",
            OF,
            OFW,
            "vllm/aeon/of3.py",
            OFI + "class AeonDraftHead:\n"
            "    def __init__(self, rotary_emb: RotaryEmbedding) -> None:\n"
            "        self.rotary_emb = rotary_emb\n\n"
            "    def rope(self, positions: torch.Tensor, q: torch.Tensor, k: torch.Tensor):\n"
            "        return self.rotary_emb.forward_native(positions, q, k)\n",
            "return self.rotary_emb.forward_native(positions, q, k)",
        ),
    ),
]

# --- #28718 (2fd893b4ce): prefill_context_model_parallel_size inserted before decode_context_model_parallel_size
PC = "2fd893b4ce"
PCW = "initialize_model_parallel/ensure_model_parallel_initialized gain the PCP size third"
PCI = "from vllm.distributed import parallel_state as ps\nfrom vllm.config import ParallelConfig\n\n\n"
CASES += [
    (
        "#28718 parameter inserted before the one passed",
        "a positional initialise with the DCP size",
        K(
            "#28718",
            PC,
            PCW,
            "vllm/aeon/pc1.py",
            PCI + "def aeon_init_groups(pc: ParallelConfig) -> None:\n"
            "    ps.initialize_model_parallel(pc.tensor_parallel_size, pc.pipeline_parallel_size, pc.decode_context_parallel_size)\n",
            "ps.initialize_model_parallel(pc.tensor_parallel_size, pc.pipeline_parallel_size, pc.decode_context_parallel_size)",
        ),
    ),
    (
        "#28718 parameter inserted before the one passed",
        "a positional ensure, imported by name",
        K(
            "#28718",
            PC,
            PCW,
            "vllm/aeon/pc2.py",
            "from vllm.distributed.parallel_state import ensure_model_parallel_initialized\n\n\n"
            "def aeon_worker_groups(tp: int, pp: int, dcp: int) -> None:\n"
            "    ensure_model_parallel_initialized(tp, pp, dcp)\n",
            "ensure_model_parallel_initialized(tp, pp, dcp)",
        ),
    ),
    (
        "#28718 parameter inserted before the one passed",
        "twin: the DCP size by keyword",
        K(
            "#28718",
            PC,
            PCW,
            "vllm/aeon/pc3.py",
            "from vllm.distributed.parallel_state import ensure_model_parallel_initialized\n\n\n"
            "def aeon_worker_groups(tp: int, pp: int, dcp: int) -> None:\n"
            "    ensure_model_parallel_initialized(tp, pp, decode_context_model_parallel_size=dcp)\n",
            "ensure_model_parallel_initialized(tp, pp, decode_context_model_parallel_size=dcp)",
        ),
    ),
]

# --- #23734 (ac201a0eaf): decode_context_model_parallel_size inserted before backend
DC = "ac201a0eaf"
DCW = "initialize_model_parallel(tp, pp, backend) gains the DCP size third"
CASES += [
    (
        "#23734 parameter inserted before the one passed",
        "a positional backend literal",
        K(
            "#23734",
            DC,
            DCW,
            "vllm/aeon/dc1.py",
            "from vllm.distributed.parallel_state import initialize_model_parallel\n\n\n"
            "def aeon_cpu_groups(tp: int, pp: int) -> None:\n"
            '    initialize_model_parallel(tp, pp, "gloo")\n',
            'initialize_model_parallel(tp, pp, "gloo")',
        ),
    ),
    (
        "#23734 parameter inserted before the one passed",
        "a positional backend name off a module alias",
        K(
            "#23734",
            DC,
            DCW,
            "vllm/aeon/dc2.py",
            "import vllm.distributed.parallel_state as mp\n\n\n"
            "def aeon_groups(tp: int, pp: int, backend: str) -> None:\n"
            "    mp.ensure_model_parallel_initialized(tp, pp, backend)\n",
            "mp.ensure_model_parallel_initialized(tp, pp, backend)",
        ),
    ),
    (
        "#23734 parameter inserted before the one passed",
        "twin: backend by keyword",
        K(
            "#23734",
            DC,
            DCW,
            "vllm/aeon/dc3.py",
            "from vllm.distributed.parallel_state import initialize_model_parallel\n\n\n"
            "def aeon_cpu_groups(tp: int, pp: int) -> None:\n"
            '    initialize_model_parallel(tp, pp, backend="gloo")\n',
            'initialize_model_parallel(tp, pp, backend="gloo")',
        ),
    ),
]

# --- #34556 (9f771b3ab9): LinearBase.__init__ gains bias third (before skip_bias_add)
LB = "9f771b3ab9"
LBW = "LinearBase(input_size, output_size, skip_bias_add, ...) gains bias third"
LBI = "import torch\n\nfrom vllm.model_executor.layers.linear import LinearBase\n\n\n"
CASES += [
    (
        "#34556 parameter inserted in a base constructor",
        "a subclass's positional super().__init__",
        K(
            "#34556",
            LB,
            LBW,
            "vllm/aeon/lb1.py",
            LBI + "class AeonNvfp4Linear(LinearBase):\n"
            "    def __init__(self, input_size, output_size, skip_bias_add=False, params_dtype=None, quant_config=None, prefix=''):\n"
            "        super().__init__(input_size, output_size, skip_bias_add, params_dtype, quant_config, prefix)\n"
            "        self.aeon_swizzled = True\n",
            "super().__init__(input_size, output_size, skip_bias_add, params_dtype, quant_config, prefix)",
        ),
    ),
    (
        "#34556 parameter inserted in a base constructor",
        "an explicit base __init__ call",
        K(
            "#34556",
            LB,
            LBW,
            "vllm/aeon/lb2.py",
            LBI + "class AeonGateLinear(LinearBase):\n"
            "    def __init__(self, input_size: int, output_size: int, params_dtype: torch.dtype, prefix: str = '') -> None:\n"
            "        LinearBase.__init__(self, input_size, output_size, False, params_dtype, None, prefix=prefix)\n",
            "LinearBase.__init__(self, input_size, output_size, False, params_dtype, None, prefix=prefix)",
        ),
    ),
    (
        "#34556 parameter inserted in a base constructor",
        "twin: keywords after the sizes",
        K(
            "#34556",
            LB,
            LBW,
            "vllm/aeon/lb3.py",
            LBI + "class AeonNvfp4Linear(LinearBase):\n"
            "    def __init__(self, input_size, output_size, skip_bias_add=False, params_dtype=None, quant_config=None, prefix=''):\n"
            "        super().__init__(input_size, output_size, skip_bias_add=skip_bias_add, params_dtype=params_dtype, quant_config=quant_config, prefix=prefix)\n",
            "super().__init__(input_size, output_size, skip_bias_add=skip_bias_add, params_dtype=params_dtype, quant_config=quant_config, prefix=prefix)",
        ),
    ),
]

# --- #23274 (8a3cd90af5): grouped_topk gains routed_scaling_factor before e_score_correction_bias
GT = "8a3cd90af5"
GTW = "grouped_topk(..., scoring_func, e_score_correction_bias) gains routed_scaling_factor before the bias"
CASES += [
    (
        "#23274 parameter inserted before the last",
        "a positional call with the correction bias",
        K(
            "#23274",
            GT,
            GTW,
            "vllm/aeon/gt1.py",
            "import torch\n\nfrom vllm.model_executor.layers.fused_moe.fused_moe import grouped_topk\n\n\n"
            "def aeon_route(h: torch.Tensor, logits: torch.Tensor, bias: torch.Tensor, top_k: int, groups: int, tg: int):\n"
            "    # AEON: DeepSeek-style routing on the fork's NVFP4 experts\n"
            '    return grouped_topk(h, logits, top_k, True, groups, tg, "sigmoid", bias)\n',
            'return grouped_topk(h, logits, top_k, True, groups, tg, "sigmoid", bias)',
        ),
    ),
    (
        "#23274 parameter inserted before the last",
        "off a module alias, through self",
        K(
            "#23274",
            GT,
            GTW,
            "vllm/aeon/gt2.py",
            "import vllm.model_executor.layers.fused_moe.fused_moe as fm\n\n\n"
            "class AeonRouter:\n"
            "    def __init__(self, bias, top_k: int, groups: int, tg: int) -> None:\n"
            "        self.bias, self.top_k, self.groups, self.tg = bias, top_k, groups, tg\n\n"
            "    def route(self, h, logits):\n"
            '        return fm.grouped_topk(h, logits, self.top_k, True, self.groups, self.tg, "sigmoid", self.bias)\n',
            'return fm.grouped_topk(h, logits, self.top_k, True, self.groups, self.tg, "sigmoid", self.bias)',
        ),
    ),
    (
        "#23274 parameter inserted before the last",
        "twin: the bias by keyword",
        K(
            "#23274",
            GT,
            GTW,
            "vllm/aeon/gt3.py",
            "import torch\n\nfrom vllm.model_executor.layers.fused_moe.fused_moe import grouped_topk\n\n\n"
            "def aeon_route(h: torch.Tensor, logits: torch.Tensor, bias: torch.Tensor, top_k: int, groups: int, tg: int):\n"
            '    return grouped_topk(h, logits, top_k, True, groups, tg, scoring_func="sigmoid", e_score_correction_bias=bias)\n',
            'return grouped_topk(h, logits, top_k, True, groups, tg, scoring_func="sigmoid", e_score_correction_bias=bias)',
        ),
    ),
]

# --- #33825 (40bb175027): dispatch_rocm_rmsnorm_func loses its leading with_fused_add (it always hands out
#     the fused-add function now)
RN = "40bb175027"
RNW = "dispatch_rocm_rmsnorm_func(with_fused_add, dtype, use_aiter) -> (dtype, use_aiter)"
RNI = "import torch\n\nfrom vllm.model_executor.layers.layernorm import dispatch_rocm_rmsnorm_func\n\n\n"
CASES += [
    (
        "#33825 leading parameter removed",
        "a positional call (the flag lands in dtype)",
        K(
            "#33825",
            RN,
            RNW,
            "vllm/aeon/rn1.py",
            RNI + "class AeonRocmNorm:\n"
            "    def __init__(self, dtype: torch.dtype, use_aiter: bool) -> None:\n"
            "        self.norm_fn = dispatch_rocm_rmsnorm_func(False, dtype, use_aiter)\n",
            "self.norm_fn = dispatch_rocm_rmsnorm_func(False, dtype, use_aiter)",
        ),
    ),
    (
        "#33825 leading parameter removed",
        "the flag by keyword",
        K(
            "#33825",
            RN,
            RNW,
            "vllm/aeon/rn2.py",
            RNI + "def aeon_norm_with_add(dtype: torch.dtype):\n"
            "    return dispatch_rocm_rmsnorm_func(with_fused_add=True, dtype=dtype, use_aiter=True)\n",
            "return dispatch_rocm_rmsnorm_func(with_fused_add=True, dtype=dtype, use_aiter=True)",
        ),
    ),
    (
        "#33825 leading parameter removed",
        "twin: the norm layer built",
        K(
            "#33825",
            RN,
            RNW,
            "vllm/aeon/rn3.py",
            "from vllm.model_executor.layers.layernorm import RMSNorm\n\n\n"
            "def aeon_norm(hidden: int, eps: float) -> RMSNorm:\n"
            "    return RMSNorm(hidden, eps=eps)\n",
            "return RMSNorm(hidden, eps=eps)",
        ),
    ),
]

# --- #41277 (117afeea46): DynamicNTKScalingRotaryEmbedding gains max_trained_positions before base
NT = "117afeea46"
NTW = "DynamicNTKScalingRotaryEmbedding(head, rot, max_pos, base, ...) gains max_trained_positions fourth"
NTI = "from vllm.model_executor.layers.rotary_embedding.dynamic_ntk_scaling_rope import DynamicNTKScalingRotaryEmbedding\n\n\n"
CASES += [
    (
        "#41277 parameter inserted in a constructor",
        "a positional construction",
        K(
            "#41277",
            NT,
            NTW,
            "vllm/aeon/nt1.py",
            NTI + "def aeon_long_rope(head: int, max_pos: int, theta: float, factor: float, dtype):\n"
            "    return DynamicNTKScalingRotaryEmbedding(head, head, max_pos, theta, True, factor, dtype)\n",
            "return DynamicNTKScalingRotaryEmbedding(head, head, max_pos, theta, True, factor, dtype)",
        ),
    ),
    (
        "#41277 parameter inserted in a constructor",
        "a subclass's positional super().__init__",
        K(
            "#41277",
            NT,
            NTW,
            "vllm/aeon/nt2.py",
            NTI + "class AeonNTKRope(DynamicNTKScalingRotaryEmbedding):\n"
            "    def __init__(self, head_size, rotary_dim, max_position_embeddings, base, is_neox_style, scaling_factor, dtype):\n"
            "        super().__init__(head_size, rotary_dim, max_position_embeddings, base, is_neox_style, scaling_factor, dtype)\n",
            "super().__init__(head_size, rotary_dim, max_position_embeddings, base, is_neox_style, scaling_factor, dtype)",
        ),
    ),
    (
        "#41277 parameter inserted in a constructor",
        "twin: the scaling factor read off the layer",
        K(
            "#41277",
            NT,
            NTW,
            "vllm/aeon/nt3.py",
            NTI + "def aeon_factor(rope: DynamicNTKScalingRotaryEmbedding) -> float:\n    return rope.scaling_factor\n",
            "return rope.scaling_factor",
        ),
    ),
]

# --- #29067 (8f066146c3): FusedMoE.select_experts made an instance method taking only
#     (hidden_states, router_logits): the routing parameters live on the layer now
SE = "8f066146c3"
SEW = "FusedMoE.select_experts: staticmethod with routing keywords -> method(hidden_states, router_logits)"
SEI = "import torch\n\nfrom vllm.model_executor.layers.fused_moe.layer import FusedMoE\n\n\n"
CASES += [
    (
        "#29067 static method made a method, keywords moved to the layer",
        "a static call in a fork quant method",
        K(
            "#29067",
            SE,
            SEW,
            "vllm/aeon/se1.py",
            SEI + "class AeonNvfp4MoEMethod:\n"
            "    def apply(self, layer: torch.nn.Module, x: torch.Tensor, router_logits: torch.Tensor, top_k: int, renormalize: bool):\n"
            "        topk_weights, topk_ids, _ = FusedMoE.select_experts(hidden_states=x, router_logits=router_logits, use_grouped_topk=False, top_k=top_k, renormalize=renormalize)\n"
            "        return topk_weights, topk_ids\n",
            "topk_weights, topk_ids, _ = FusedMoE.select_experts(hidden_states=x, router_logits=router_logits, use_grouped_topk=False, top_k=top_k, renormalize=renormalize)",
        ),
    ),
    (
        "#29067 static method made a method, keywords moved to the layer",
        "a call on a typed layer with the routing keywords",
        K(
            "#29067",
            SE,
            SEW,
            "vllm/aeon/se2.py",
            SEI + "def aeon_route(layer: FusedMoE, x: torch.Tensor, router_logits: torch.Tensor):\n"
            "    return layer.select_experts(hidden_states=x, router_logits=router_logits, top_k=layer.top_k, use_grouped_topk=False, renormalize=True)\n",
            "return layer.select_experts(hidden_states=x, router_logits=router_logits, top_k=layer.top_k, use_grouped_topk=False, renormalize=True)",
        ),
    ),
    (
        "#29067 static method made a method, keywords moved to the layer",
        "twin: the layer's top_k read",
        K(
            "#29067",
            SE,
            SEW,
            "vllm/aeon/se3.py",
            SEI + "def aeon_top_k(layer: FusedMoE) -> int:\n    return layer.top_k\n",
            "return layer.top_k",
        ),
    ),
]

# --- #48642 (67f9046e4a): cp_gather_and_upconvert_fp8_kv_cache loses seq_lens (fourth) and gains seq_starts last
CG = "67f9046e4a"
CGW = "ops.cp_gather_and_upconvert_fp8_kv_cache(src, dst, block_table, seq_lens, workspace_starts, batch_size) loses seq_lens"
CGI = "import torch\n\nfrom vllm import _custom_ops as ops\n\n\n"
CASES += [
    (
        "#48642 middle parameter removed, one appended",
        "a positional call of the wrapper",
        K(
            "#48642",
            CG,
            CGW,
            "vllm/aeon/cg1.py",
            CGI + "def aeon_gather(kv_cache, workspace, block_table, seq_lens, starts, num_reqs: int) -> None:\n"
            "    ops.cp_gather_and_upconvert_fp8_kv_cache(kv_cache, workspace, block_table, seq_lens, starts, num_reqs)\n",
            "ops.cp_gather_and_upconvert_fp8_kv_cache(kv_cache, workspace, block_table, seq_lens, starts, num_reqs)",
        ),
    ),
    (
        "#48642 middle parameter removed, one appended",
        "the removed one by keyword",
        K(
            "#48642",
            CG,
            CGW,
            "vllm/aeon/cg2.py",
            CGI + "def aeon_gather(kv_cache, workspace, block_table, seq_lens, starts, num_reqs: int) -> None:\n"
            "    ops.cp_gather_and_upconvert_fp8_kv_cache(\n"
            "        src_cache=kv_cache, dst=workspace, block_table=block_table, seq_lens=seq_lens, workspace_starts=starts, batch_size=num_reqs\n"
            "    )\n",
            "src_cache=kv_cache, dst=workspace, block_table=block_table, seq_lens=seq_lens, workspace_starts=starts, batch_size=num_reqs",
        ),
    ),
    (
        "#48642 middle parameter removed, one appended",
        "twin: the neighbouring gather wrapper",
        K(
            "#48642",
            CG,
            CGW,
            "vllm/aeon/cg3.py",
            CGI + "def aeon_gather(kv_cache, workspace, block_table, cu_seq_lens, num_reqs: int) -> None:\n"
            "    ops.cp_gather_cache(kv_cache, workspace, block_table, cu_seq_lens, num_reqs)\n",
            "ops.cp_gather_cache(kv_cache, workspace, block_table, cu_seq_lens, num_reqs)",
        ),
    ),
]

# --- #35733 (00d7b497b3): dequantize_to_dtype(fp4, sf, global_scale, dtype, device, block_size=16) loses device
DQ = "00d7b497b3"
DQW = "nvfp4 dequantize_to_dtype loses device (fifth); block_size moves up, swizzle appended"
DQI = "import torch\n\nfrom vllm.model_executor.layers.quantization.utils.nvfp4_emulation_utils import dequantize_to_dtype\n\n\n"
CASES += [
    (
        "#35733 middle parameter removed",
        "a positional call with the device",
        K(
            "#35733",
            DQ,
            DQW,
            "vllm/aeon/dq1.py",
            DQI + "def aeon_reference_weight(w: torch.Tensor, sf: torch.Tensor, gs: torch.Tensor) -> torch.Tensor:\n"
            "    # AEON: the GB10 parity check dequantizes the NVFP4 weight once\n"
            "    return dequantize_to_dtype(w, sf, gs, torch.bfloat16, w.device, 16)\n",
            "return dequantize_to_dtype(w, sf, gs, torch.bfloat16, w.device, 16)",
        ),
    ),
    (
        "#35733 middle parameter removed",
        "device by keyword",
        K(
            "#35733",
            DQ,
            DQW,
            "vllm/aeon/dq2.py",
            DQI + "def aeon_reference_weight(w: torch.Tensor, sf: torch.Tensor, gs: torch.Tensor) -> torch.Tensor:\n"
            "    return dequantize_to_dtype(w, sf, gs, dtype=torch.bfloat16, device=w.device)\n",
            "return dequantize_to_dtype(w, sf, gs, dtype=torch.bfloat16, device=w.device)",
        ),
    ),
    (
        "#35733 middle parameter removed",
        "twin: the byte splitter kept",
        K(
            "#35733",
            DQ,
            DQW,
            "vllm/aeon/dq3.py",
            "import torch\n\nfrom vllm.model_executor.layers.quantization.utils.nvfp4_emulation_utils import break_fp4_bytes\n\n\n"
            "def aeon_unpack(w: torch.Tensor) -> torch.Tensor:\n"
            "    return break_fp4_bytes(w, torch.float32)\n",
            "return break_fp4_bytes(w, torch.float32)",
        ),
    ),
]

# --- #33800 (4292c90a2a): RotaryEmbedding._match_cos_sin_cache_dtype returns the cache now, and the
#     forward methods use what it returns
MC = "4292c90a2a"
MCW = "_match_cos_sin_cache_dtype: None -> the cache its callers pass to the kernel"
MCI = "import torch\n\nfrom vllm.model_executor.layers.rotary_embedding.base import RotaryEmbedding\n\n\n"
CASES += [
    (
        "#33800 hook's return contract: None -> value used",
        "an override returning nothing",
        K(
            "#33800",
            MC,
            MCW,
            "vllm/aeon/mc1.py",
            MCI + "class AeonRotaryEmbedding(RotaryEmbedding):\n"
            "    def _match_cos_sin_cache_dtype(self, query: torch.Tensor) -> None:\n"
            "        # AEON: keep the cache in fp32 on GB10, cast on the fly\n"
            "        if self.cos_sin_cache.device != query.device:\n"
            "            self.cos_sin_cache = self.cos_sin_cache.to(query.device)\n",
            "def _match_cos_sin_cache_dtype(self, query: torch.Tensor) -> None:",
        ),
    ),
    (
        "#33800 hook's return contract: None -> value used",
        "twin: an override returning the base's result",
        K(
            "#33800",
            MC,
            MCW,
            "vllm/aeon/mc2.py",
            MCI + "class AeonRotaryEmbedding(RotaryEmbedding):\n"
            "    def _match_cos_sin_cache_dtype(self, query: torch.Tensor):\n"
            "        query = query.contiguous()\n"
            "        return super()._match_cos_sin_cache_dtype(query)\n",
            "return super()._match_cos_sin_cache_dtype(query)",
        ),
    ),
]

# --- #33465 (1dfd64c1cc): VocabParallelEmbedding a PluggableLayer: forward_native renamed forward,
#     forward_cuda removed (nothing dispatches to it any more)
VE = "1dfd64c1cc"
VEW = "VocabParallelEmbedding: CustomOp -> PluggableLayer; forward_native -> forward, forward_cuda gone"
VEI = "import torch\n\nfrom vllm.model_executor.layers.vocab_parallel_embedding import VocabParallelEmbedding\n\n\n"
CASES += [
    (
        "#33465 dispatch hooks removed under fork overrides",
        "an override of forward_cuda",
        K(
            "#33465",
            VE,
            VEW,
            "vllm/aeon/ve1.py",
            VEI + "class AeonScaledEmbedding(VocabParallelEmbedding):\n"
            "    def forward_cuda(self, input_: torch.Tensor) -> torch.Tensor:\n"
            "        # AEON: Gemma-style embedding scale on the fork's CUDA path\n"
            "        return super().forward_cuda(input_) * self.aeon_scale\n",
            "def forward_cuda(self, input_: torch.Tensor) -> torch.Tensor:",
        ),
    ),
    (
        "#33465 dispatch hooks removed under fork overrides",
        "a call of the base's forward_native",
        K(
            "#33465",
            VE,
            VEW,
            "vllm/aeon/ve2.py",
            VEI + "class AeonScaledEmbedding(VocabParallelEmbedding):\n"
            "    def forward(self, input_: torch.Tensor) -> torch.Tensor:\n"
            "        return super().forward_native(input_) * self.aeon_scale\n",
            "return super().forward_native(input_) * self.aeon_scale",
        ),
    ),
    (
        "#33465 dispatch hooks removed under fork overrides",
        "twin: an override of forward",
        K(
            "#33465",
            VE,
            VEW,
            "vllm/aeon/ve3.py",
            VEI + "class AeonScaledEmbedding(VocabParallelEmbedding):\n"
            "    def forward(self, input_: torch.Tensor) -> torch.Tensor:\n"
            "        return super().forward(input_) * self.aeon_scale\n",
            "return super().forward(input_) * self.aeon_scale",
        ),
    ),
]

# --- #27146 (ab3e80042e): SiluAndMul.forward_native made a staticmethod
SM = "ab3e80042e"
SMW = "SiluAndMul.forward_native(self, x) -> @staticmethod forward_native(x)"
SMI = "import torch\n\nfrom vllm.model_executor.layers.activation import SiluAndMul\n\n\n"
CASES += [
    (
        "#27146 method made a staticmethod",
        "an explicit base call passing self",
        K(
            "#27146",
            SM,
            SMW,
            "vllm/aeon/sm1.py",
            SMI + "class AeonClampedSiluAndMul(SiluAndMul):\n"
            "    def forward_native(self, x: torch.Tensor) -> torch.Tensor:\n"
            "        return SiluAndMul.forward_native(self, x).clamp(-448.0, 448.0)\n",
            "return SiluAndMul.forward_native(self, x).clamp(-448.0, 448.0)",
        ),
    ),
    (
        "#27146 method made a staticmethod",
        "twin: super() without self",
        K(
            "#27146",
            SM,
            SMW,
            "vllm/aeon/sm2.py",
            SMI + "class AeonClampedSiluAndMul(SiluAndMul):\n"
            "    def forward_native(self, x: torch.Tensor) -> torch.Tensor:\n"
            "        return super().forward_native(x).clamp(-448.0, 448.0)\n",
            "return super().forward_native(x).clamp(-448.0, 448.0)",
        ),
    ),
]

# --- #28771 (98b4d389ed): ModelRunnerOutput.sampled_token_ids list[list[int]] -> list[np.ndarray]
ST = "98b4d389ed"
STW = "sampled_token_ids: list[list[int]] -> list[np.ndarray]"
STI = "from vllm.v1.outputs import ModelRunnerOutput\n\n\n"
CASES += [
    (
        "#28771 element made an ndarray",
        "a list concatenation (now an elementwise add)",
        K(
            "#28771",
            ST,
            STW,
            "vllm/aeon/st1.py",
            STI + "def aeon_with_bonus(output: ModelRunnerOutput, i: int, bonus: int) -> list[int]:\n"
            "    tokens = output.sampled_token_ids[i] + [bonus]\n"
            "    return tokens\n",
            "tokens = output.sampled_token_ids[i] + [bonus]",
        ),
    ),
    (
        "#28771 element made an ndarray",
        "append to an element in a loop",
        K(
            "#28771",
            ST,
            STW,
            "vllm/aeon/st2.py",
            STI + "def aeon_pad(output: ModelRunnerOutput, pad: int) -> None:\n"
            "    for ids in output.sampled_token_ids:\n"
            "        ids.append(pad)\n",
            "ids.append(pad)",
        ),
    ),
    (
        "#28771 element made an ndarray",
        "twin: the length of an element",
        K(
            "#28771",
            ST,
            STW,
            "vllm/aeon/st3.py",
            STI + "def aeon_count(output: ModelRunnerOutput, i: int) -> int:\n"
            "    return len(output.sampled_token_ids[i])\n",
            "return len(output.sampled_token_ids[i])",
        ),
    ),
]

# ---- second batch (committed before its own first run): returned values whose kind or length changed ----

# --- #29223 (4e57c6587f): RejectionSampler.parse_output returns (token ids, cumulative counts | None), not
#     the list of per-request token ids
PO = "4e57c6587f"
POW = "RejectionSampler.parse_output: list[list[int]] -> tuple[list[list[int]], list[int] | None]"
POI = "from vllm.v1.sample.rejection_sampler import PLACEHOLDER_TOKEN_ID, RejectionSampler\n\n\n"
CASES += [
    (
        "#29223 returned list made a pair",
        "a comprehension over the static call",
        K(
            "#29223",
            PO,
            POW,
            "vllm/aeon/po1.py",
            POI + "def aeon_accepted_counts(output_token_ids, vocab_size: int) -> list[int]:\n"
            "    return [len(ids) for ids in RejectionSampler.parse_output(output_token_ids, vocab_size)]\n",
            "return [len(ids) for ids in RejectionSampler.parse_output(output_token_ids, vocab_size)]",
        ),
    ),
    (
        "#29223 returned list made a pair",
        "a loop over a local through a typed attribute",
        K(
            "#29223",
            PO,
            POW,
            "vllm/aeon/po2.py",
            POI + "class AeonDrafterStats:\n"
            "    def __init__(self, sampler: RejectionSampler, vocab_size: int) -> None:\n"
            "        self.rejection_sampler = sampler\n"
            "        self.vocab_size = vocab_size\n"
            "        self.accepted: dict[int, int] = {}\n\n"
            "    def record(self, output_token_ids) -> None:\n"
            "        parsed = self.rejection_sampler.parse_output(output_token_ids, self.vocab_size)\n"
            "        for req_index, ids in enumerate(parsed):\n"
            "            self.accepted[req_index] = len(ids)\n",
            "parsed = self.rejection_sampler.parse_output(output_token_ids, self.vocab_size)",
        ),
    ),
    (
        "#29223 returned list made a pair",
        "twin: the placeholder id compared",
        K(
            "#29223",
            PO,
            POW,
            "vllm/aeon/po3.py",
            POI + "def aeon_rejected(token: int) -> bool:\n    return token == PLACEHOLDER_TOKEN_ID\n",
            "return token == PLACEHOLDER_TOKEN_ID",
        ),
    ),
]

# --- #40033 (2917d6363a): ref_nvfp4_quant_dequant returns the tensor, not (tensor, None)
QD = "2917d6363a"
QDW = "ref_nvfp4_quant_dequant: tuple[torch.Tensor, None] -> torch.Tensor"
QDI = (
    "import torch\n\nfrom vllm.model_executor.layers.quantization.utils.nvfp4_emulation_utils import "
    "break_fp4_bytes, ref_nvfp4_quant_dequant\n\n\n"
)
CASES += [
    (
        "#40033 returned pair made one value",
        "an unpacking of the pair",
        K(
            "#40033",
            QD,
            QDW,
            "vllm/aeon/qd1.py",
            QDI + "def aeon_fake_quant(x: torch.Tensor, global_scale: torch.Tensor) -> torch.Tensor:\n"
            "    # AEON: the GB10 parity check runs activations through NVFP4 and back\n"
            "    x_dq, _ = ref_nvfp4_quant_dequant(x, global_scale, block_size=16)\n"
            "    return x_dq\n",
            "x_dq, _ = ref_nvfp4_quant_dequant(x, global_scale, block_size=16)",
        ),
    ),
    (
        "#40033 returned pair made one value",
        "the first element indexed",
        K(
            "#40033",
            QD,
            QDW,
            "vllm/aeon/qd2.py",
            QDI + "def aeon_fake_quant(x: torch.Tensor, global_scale: torch.Tensor) -> torch.Tensor:\n"
            "    return ref_nvfp4_quant_dequant(x, global_scale, 16)[0]\n",
            "return ref_nvfp4_quant_dequant(x, global_scale, 16)[0]",
        ),
    ),
    (
        "#40033 returned pair made one value",
        "twin: the byte splitter",
        K(
            "#40033",
            QD,
            QDW,
            "vllm/aeon/qd3.py",
            QDI + "def aeon_unpack(w: torch.Tensor) -> torch.Tensor:\n    return break_fp4_bytes(w, torch.float32)\n",
            "return break_fp4_bytes(w, torch.float32)",
        ),
    ),
]

# --- #41566 (8efd508204): map_mxfp4_backend returns a list of candidate backends, not one backend
MX = "8efd508204"
MXW = "map_mxfp4_backend: Mxfp4MoeBackend -> list[Mxfp4MoeBackend]"
MXI = "from vllm.model_executor.layers.fused_moe.oracle.mxfp4 import Mxfp4MoeBackend, map_mxfp4_backend\n\n\n"
CASES += [
    (
        "#41566 returned member made a list",
        "an equality test with a member",
        K(
            "#41566",
            MX,
            MXW,
            "vllm/aeon/mx1.py",
            MXI + "def aeon_wants_marlin(runner_backend) -> bool:\n"
            "    # AEON: GB10 runs MXFP4 MoE on Marlin only\n"
            "    return map_mxfp4_backend(runner_backend) == Mxfp4MoeBackend.MARLIN\n",
            "return map_mxfp4_backend(runner_backend) == Mxfp4MoeBackend.MARLIN",
        ),
    ),
    (
        "#41566 returned member made a list",
        "a membership test of a local",
        K(
            "#41566",
            MX,
            MXW,
            "vllm/aeon/mx2.py",
            MXI + "def aeon_unfused_ok(runner_backend) -> bool:\n"
            "    backend = map_mxfp4_backend(runner_backend)\n"
            "    if backend in (Mxfp4MoeBackend.TRITON, Mxfp4MoeBackend.MARLIN):\n"
            "        return True\n"
            "    return False\n",
            "if backend in (Mxfp4MoeBackend.TRITON, Mxfp4MoeBackend.MARLIN):",
        ),
    ),
    (
        "#41566 returned member made a list",
        "twin: a member compared by identity",
        K(
            "#41566",
            MX,
            MXW,
            "vllm/aeon/mx3.py",
            MXI
            + "def aeon_is_marlin(backend: Mxfp4MoeBackend) -> bool:\n    return backend is Mxfp4MoeBackend.MARLIN\n",
            "return backend is Mxfp4MoeBackend.MARLIN",
        ),
    ),
]

# --- #35949 (726efe177b): SharedFusedMoE.forward returns the summed output, not (shared, routed)
SF = "726efe177b"
SFW = "SharedFusedMoE.forward: tuple[shared, routed] -> one tensor (the sum moved into the runner)"
SFI = "import torch\n\nfrom vllm.model_executor.layers.fused_moe.shared_fused_moe import SharedFusedMoE\n\n\n"
CASES += [
    (
        "#35949 returned pair made one value",
        "an unpacking of the module's call",
        K(
            "#35949",
            SF,
            SFW,
            "vllm/aeon/sf1.py",
            SFI + "class AeonMoEBlock(torch.nn.Module):\n"
            "    def __init__(self, experts: SharedFusedMoE, scale: float) -> None:\n"
            "        super().__init__()\n"
            "        self.experts = experts\n"
            "        self.scale = scale\n\n"
            "    def forward(self, hidden_states: torch.Tensor, router_logits: torch.Tensor) -> torch.Tensor:\n"
            "        shared_out, routed_out = self.experts(hidden_states=hidden_states, router_logits=router_logits)\n"
            "        return (routed_out + shared_out) * self.scale\n",
            "shared_out, routed_out = self.experts(hidden_states=hidden_states, router_logits=router_logits)",
        ),
    ),
    (
        "#35949 returned pair made one value",
        "the forward's elements indexed",
        K(
            "#35949",
            SF,
            SFW,
            "vllm/aeon/sf2.py",
            SFI + "def aeon_moe(experts: SharedFusedMoE, hidden_states: torch.Tensor, router_logits: torch.Tensor):\n"
            "    out = experts.forward(hidden_states, router_logits)\n"
            "    return out[0] + out[1]\n",
            "return out[0] + out[1]",
        ),
    ),
    (
        "#35949 returned pair made one value",
        "twin: the shared experts read",
        K(
            "#35949",
            SF,
            SFW,
            "vllm/aeon/sf3.py",
            SFI
            + "def aeon_has_shared(experts: SharedFusedMoE) -> bool:\n    return experts.shared_experts is not None\n",
            "return experts.shared_experts is not None",
        ),
    ),
]

# --- #28891 (54c8924384): FusedMoE.select_experts returns (weights, ids), the zero-expert result dropped
ZE = "54c8924384"
ZEW = "FusedMoE.select_experts: 3-tuple -> (topk_weights, topk_ids)"
ZEI = "import torch\n\nfrom vllm.model_executor.layers.fused_moe.layer import FusedMoE\n\n\n"
CASES += [
    (
        "#28891 returned triple made a pair",
        "a three-name unpacking",
        K(
            "#28891",
            ZE,
            ZEW,
            "vllm/aeon/ze1.py",
            ZEI + "def aeon_route(layer: FusedMoE, x: torch.Tensor, router_logits: torch.Tensor):\n"
            "    topk_weights, topk_ids, zero_expert_result = layer.select_experts(x, router_logits)\n"
            "    return topk_weights, topk_ids, zero_expert_result\n",
            "topk_weights, topk_ids, zero_expert_result = layer.select_experts(x, router_logits)",
        ),
    ),
    (
        "#28891 returned triple made a pair",
        "the third element indexed",
        K(
            "#28891",
            ZE,
            ZEW,
            "vllm/aeon/ze2.py",
            ZEI + "def aeon_zero(layer: FusedMoE, x: torch.Tensor, router_logits: torch.Tensor):\n"
            "    return layer.select_experts(x, router_logits)[2]\n",
            "return layer.select_experts(x, router_logits)[2]",
        ),
    ),
    (
        "#28891 returned triple made a pair",
        "twin: the first element indexed",
        K(
            "#28891",
            ZE,
            ZEW,
            "vllm/aeon/ze3.py",
            ZEI + "def aeon_weights(layer: FusedMoE, x: torch.Tensor, router_logits: torch.Tensor):\n"
            "    return layer.select_experts(x, router_logits)[0]\n",
            "return layer.select_experts(x, router_logits)[0]",
        ),
    ),
]

# --- #24097 (1317034379): determine_expert_map returns a third value (the AITER expert mask)
EM = "1317034379"
EMW = "determine_expert_map: (local_num_experts, expert_map) -> (..., expert_map, expert_mask)"
EMI = "from vllm.model_executor.layers.fused_moe.layer import determine_expert_map\n\n\n"
CASES += [
    (
        "#24097 returned pair made a triple",
        "a two-name unpacking",
        K(
            "#24097",
            EM,
            EMW,
            "vllm/aeon/em1.py",
            EMI + "def aeon_local_experts(ep_size: int, ep_rank: int, num_experts: int):\n"
            "    local_num_experts, expert_map = determine_expert_map(ep_size, ep_rank, num_experts)\n"
            "    return local_num_experts, expert_map\n",
            "local_num_experts, expert_map = determine_expert_map(ep_size, ep_rank, num_experts)",
        ),
    ),
    (
        "#24097 returned pair made a triple",
        "the last element indexed",
        K(
            "#24097",
            EM,
            EMW,
            "vllm/aeon/em2.py",
            EMI + "def aeon_expert_map(ep_size: int, ep_rank: int, num_experts: int):\n"
            "    return determine_expert_map(ep_size, ep_rank, num_experts)[-1]\n",
            "return determine_expert_map(ep_size, ep_rank, num_experts)[-1]",
        ),
    ),
    (
        "#24097 returned pair made a triple",
        "twin: the second element indexed",
        K(
            "#24097",
            EM,
            EMW,
            "vllm/aeon/em3.py",
            EMI + "def aeon_expert_map(ep_size: int, ep_rank: int, num_experts: int):\n"
            "    return determine_expert_map(ep_size, ep_rank, num_experts)[1]\n",
            "return determine_expert_map(ep_size, ep_rank, num_experts)[1]",
        ),
    ),
]

# --- #45182 (089e412878): backend_to_kernel_cls returns a list of expert classes, not one class
BK = "089e412878"
BKW = "oracle.unquantized.backend_to_kernel_cls: type[FusedMoEExperts] -> list[type[FusedMoEExperts]]"
BKI = "from vllm.model_executor.layers.fused_moe.oracle.unquantized import UnquantizedMoeBackend, backend_to_kernel_cls\n\n\n"
CASES += [
    (
        "#45182 returned class made a list",
        "the returned class called",
        K(
            "#45182",
            BK,
            BKW,
            "vllm/aeon/bk1.py",
            BKI + "def aeon_experts(backend: UnquantizedMoeBackend, moe_config, quant_config):\n"
            "    experts_cls = backend_to_kernel_cls(backend)\n"
            "    return experts_cls(moe_config, quant_config)\n",
            "return experts_cls(moe_config, quant_config)",
        ),
    ),
    (
        "#45182 returned class made a list",
        "the returned class's name read",
        K(
            "#45182",
            BK,
            BKW,
            "vllm/aeon/bk2.py",
            BKI + "def aeon_kernel_name(backend: UnquantizedMoeBackend) -> str:\n"
            "    return backend_to_kernel_cls(backend).__name__\n",
            "return backend_to_kernel_cls(backend).__name__",
        ),
    ),
    (
        "#45182 returned class made a list",
        "twin: the backend compared",
        K(
            "#45182",
            BK,
            BKW,
            "vllm/aeon/bk3.py",
            BKI + "def aeon_triton(backend: UnquantizedMoeBackend) -> bool:\n"
            "    return backend == UnquantizedMoeBackend.TRITON\n",
            "return backend == UnquantizedMoeBackend.TRITON",
        ),
    ),
]

# --- #35448 (e5b807607c): prepare_fp8_moe_layer_for_fi returns w2_scale too (a triple made a quadruple)
FI = "e5b807607c"
FIW = "prepare_fp8_moe_layer_for_fi: (w13, w2, w13_scale) -> (w13, w2, w13_scale, w2_scale)"
FII = "from vllm.model_executor.layers.quantization.utils.flashinfer_utils import prepare_fp8_moe_layer_for_fi\n\n\n"
CASES += [
    (
        "#35448 returned triple made a quadruple",
        "a three-name unpacking",
        K(
            "#35448",
            FI,
            FIW,
            "vllm/aeon/fi1.py",
            FII + "def aeon_fi_weights(layer, w13, w2, w13_scale, a13_scale, w2_scale, a2_scale):\n"
            "    w13, w2, w13_scale = prepare_fp8_moe_layer_for_fi(layer, w13, w2, w13_scale, a13_scale, w2_scale, a2_scale)\n"
            "    return w13, w2, w13_scale\n",
            "w13, w2, w13_scale = prepare_fp8_moe_layer_for_fi(layer, w13, w2, w13_scale, a13_scale, w2_scale, a2_scale)",
        ),
    ),
    (
        "#35448 returned triple made a quadruple",
        "twin: the first element indexed",
        K(
            "#35448",
            FI,
            FIW,
            "vllm/aeon/fi2.py",
            FII + "def aeon_fi_w13(layer, w13, w2, w13_scale, a13_scale, w2_scale, a2_scale):\n"
            "    return prepare_fp8_moe_layer_for_fi(layer, w13, w2, w13_scale, a13_scale, w2_scale, a2_scale)[0]\n",
            "return prepare_fp8_moe_layer_for_fi(layer, w13, w2, w13_scale, a13_scale, w2_scale, a2_scale)[0]",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-layers-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
