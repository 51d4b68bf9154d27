"""A blind replay of the forward context, the KV-cache interface, ``IntermediateTensors`` and the model-executor utils.

10 first-parent commits on ``vllm/forward_context.py``, ``vllm/v1/kv_cache_interface.py``, ``vllm/sequence.py``
and ``vllm/model_executor/utils.py`` -- the surface a fork's model runner, attention backend, MoE layer or
weight-processing code carries code against: ``ForwardContext`` (``attn_layers`` renamed ``no_compile_layers``,
``num_tokens_across_dp`` removed), ``DPMetadata`` (a required first field inserted), the KV-cache specs
(``bytes_for_tokens`` renamed ``max_memory_usage_bytes``; ``type_id`` and ``MambaSpec.num_elements`` removed and
the specs made frozen; the attention specs' fields made keyword-only), ``IntermediateTensors`` (its
``kv_connector_output`` field and keyword removed), and ``vllm.model_executor.utils`` (``_make_synced_weight_loader``
and ``set_random_seed`` removed, ``replace_parameter``'s ``new_data`` renamed ``new_tensor``,
``get_moe_expert_mapping`` raising where it returned an empty list) -- picked by scanning those paths' diffs
(``git log --first-parent -p``), avoiding the commits the other replays use.  Each is replayed under 1-3 fork
spellings written the way fork code is written (a read off a receiver typed as the class, a chained read off
``get_forward_context()``, a subclass override, a positional or keyword construction, a keyword call, a
``functools.partial``, an import, a package re-export, a write to a field), with twins (fork code the commit
does not break: the kept field, the new spelling, the still-accepted call, a guard).  The merge base is the
commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on its line, *warned*
when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (killers124's base, 2aa1f4ed): 17 caught, 0 warned, 2 missed of 19
(twins: 12 quiet, 0 false errors).  The misses: #21791's write to a field (the KV-cache specs made
``@dataclass(frozen=True)``; a fork's ``spec.sliding_window = window`` on a receiver typed ``FullAttentionSpec``
now raises ``FrozenInstanceError``) and #47058's truth test of a result (``get_moe_expert_mapping`` returned
``[]`` for a model with no ``get_expert_mapping`` and now raises ``ValueError`` there; a fork's
``bool(get_moe_expert_mapping(model))`` asking "is this model MoE?" now raises for every dense model).
After the killers124 widenings: 19 caught, 0 warned, 0 missed of 19 (twins: 12 quiet, 0 false errors).  Caught
now: a field of a dataclass upstream made frozen, written by the fork on a typed receiver (read-only drift,
``drift/read_only.py``, which also reports a fork ``@dataclass`` left unfrozen over such a class), and an empty
answer upstream made a raise, tested for emptiness by a fork call outside a handler of the new kind
(empty-to-raise drift, ``drift/raised_empties.py``).  Regression set at the widenings' head: killer_replay 26/26,
kind_change_replay 12/12 (5 twins quiet), review15/16/17_twins 0 false errors (40, 30, 23 twins; 4 and 2 of
them warned, as on the base), blind_replay_kvcache 17/17 (10 quiet), blind_replay_dpcoord 21/21 (10 quiet),
blind_replay_ctquant 15 caught, 1 warned of 16 (12 quiet; the warned one is warned on the base too),
blind_replay_2026 41 caught, 2 warned of 43 (2 quiet), ``symbol_precision.py --windows 1``: 0 false errors
(5 broken overrides, 4 caught).

  python benchmarks/blind_replay_fwdctx.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #13931 (72c62eae5f): ForwardContext.attn_layers -> no_compile_layers; num_tokens_across_dp -> dp_metadata
AL = "72c62eae5f"
ALW = "ForwardContext.attn_layers renamed, num_tokens_across_dp removed"
FC = "from vllm.forward_context import ForwardContext, get_forward_context\n\n\n"
CASES += [
    (
        "#13931 field renamed",
        "a chained read off get_forward_context()",
        K(
            "#13931",
            AL,
            ALW,
            "vllm/aeon/al1.py",
            FC + "def aeon_layer(layer_name: str):\n"
            "    # AEON: the Spark's fused decode kernel looks its attention layer up by name\n"
            "    return get_forward_context().attn_layers[layer_name]\n",
            "return get_forward_context().attn_layers[layer_name]",
        ),
    ),
    (
        "#13931 field removed",
        "a read off a receiver typed as the class",
        K(
            "#13931",
            AL,
            ALW,
            "vllm/aeon/al2.py",
            FC + "def aeon_max_dp_tokens(ctx: ForwardContext) -> int:\n"
            "    across = ctx.num_tokens_across_dp\n"
            "    return max(across) if across else 0\n",
            "across = ctx.num_tokens_across_dp",
        ),
    ),
    (
        "#13931 field renamed",
        "twin: the kept attn_metadata and virtual_engine",
        K(
            "#13931",
            AL,
            ALW,
            "vllm/aeon/al3.py",
            FC + "def aeon_engine_of(ctx: ForwardContext) -> int:\n"
            "    return ctx.virtual_engine if ctx.attn_metadata is not None else -1\n",
            "return ctx.virtual_engine if ctx.attn_metadata is not None else -1",
        ),
    ),
]

# --- #15956 (f9c069c85e): DPMetadata gains a required first field max_tokens_across_dp_cpu
DP = "f9c069c85e"
DPW = "DPMetadata(cu_tokens_across_dp_cpu) -> DPMetadata(max_tokens_across_dp_cpu, cu_tokens_across_dp_cpu)"
DPM = "import torch\n\nfrom vllm.forward_context import DPMetadata, get_forward_context\n\n\n"
CASES += [
    (
        "#15956 required field inserted",
        "a positional construction",
        K(
            "#15956",
            DP,
            DPW,
            "vllm/aeon/dp1.py",
            DPM + "def aeon_dp_metadata(num_tokens: torch.Tensor) -> DPMetadata:\n"
            "    # AEON: the Spark's dummy run builds its own DP metadata\n"
            "    return DPMetadata(torch.cumsum(num_tokens, dim=0))\n",
            "return DPMetadata(torch.cumsum(num_tokens, dim=0))",
        ),
    ),
    (
        "#15956 required field inserted",
        "a keyword construction",
        K(
            "#15956",
            DP,
            DPW,
            "vllm/aeon/dp2.py",
            DPM + "def aeon_single_rank(n: int) -> DPMetadata:\n"
            "    return DPMetadata(cu_tokens_across_dp_cpu=torch.tensor([n], dtype=torch.int32))\n",
            "return DPMetadata(cu_tokens_across_dp_cpu=torch.tensor([n], dtype=torch.int32))",
        ),
    ),
    (
        "#15956 required field inserted",
        "twin: the kept field read",
        K(
            "#15956",
            DP,
            DPW,
            "vllm/aeon/dp3.py",
            DPM + "def aeon_total_tokens() -> int:\n"
            "    dp_metadata = get_forward_context().dp_metadata\n"
            "    return 0 if dp_metadata is None else int(dp_metadata.cu_tokens_across_dp_cpu[-1])\n",
            "return 0 if dp_metadata is None else int(dp_metadata.cu_tokens_across_dp_cpu[-1])",
        ),
    ),
]

# --- #14097 (3a5f0afcd2): KVCacheSpec.bytes_for_tokens -> max_memory_usage_bytes(vllm_config)
BT = "3a5f0afcd2"
BTW = "KVCacheSpec.bytes_for_tokens renamed max_memory_usage_bytes"
KVI = "from vllm.v1.kv_cache_interface import FullAttentionSpec, KVCacheSpec\n\n\n"
CASES += [
    (
        "#14097 method renamed",
        "a call off a receiver typed as the class",
        K(
            "#14097",
            BT,
            BTW,
            "vllm/aeon/bt1.py",
            KVI + "def aeon_bytes_per_request(spec: KVCacheSpec, max_model_len: int) -> int:\n"
            "    # AEON: the Spark's unified memory budget sizes the pool per request\n"
            "    return spec.bytes_for_tokens(max_model_len)\n",
            "return spec.bytes_for_tokens(max_model_len)",
        ),
    ),
    (
        "#14097 method renamed",
        "a subclass override nobody calls now",
        K(
            "#14097",
            BT,
            BTW,
            "vllm/aeon/bt2.py",
            KVI + "class AeonPaddedSpec(FullAttentionSpec):\n"
            "    # AEON: GB10 pads every allocation to 2 MiB pages\n"
            "    def bytes_for_tokens(self, num_tokens: int) -> int:\n"
            "        raw = super().bytes_for_tokens(num_tokens)\n"
            "        return -(-raw // (2 << 20)) * (2 << 20)\n",
            "def bytes_for_tokens(self, num_tokens: int) -> int:",
        ),
    ),
    (
        "#14097 method renamed",
        "twin: the kept page size",
        K(
            "#14097",
            BT,
            BTW,
            "vllm/aeon/bt3.py",
            KVI + "def aeon_pages(spec: KVCacheSpec, budget: int) -> int:\n    return budget // spec.page_size_bytes\n",
            "return budget // spec.page_size_bytes",
        ),
    ),
]

# --- #21791 (755fa8b657): KVCacheSpec.type_id and MambaSpec.num_elements removed; the specs made frozen
TI = "755fa8b657"
TIW = "KVCacheSpec.type_id removed, specs frozen"
KVM = "from vllm.v1.kv_cache_interface import FullAttentionSpec, KVCacheSpec, MambaSpec\n\n\n"
CASES += [
    (
        "#21791 property removed",
        "a read off a receiver typed as the base class",
        K(
            "#21791",
            TI,
            TIW,
            "vllm/aeon/ti1.py",
            KVM + "def aeon_group_key(spec: KVCacheSpec) -> str:\n"
            "    # AEON: the Spark groups layers by the spec's identity\n"
            "    return spec.type_id\n",
            "return spec.type_id",
        ),
    ),
    (
        "#21791 attribute no longer set",
        "a read of a field __post_init__ stopped setting",
        K(
            "#21791",
            TI,
            TIW,
            "vllm/aeon/ti2.py",
            KVM + "def aeon_state_elements(spec: MambaSpec) -> int:\n    return spec.num_elements\n",
            "return spec.num_elements",
        ),
    ),
    (
        "#21791 dataclass made frozen",
        "a write to a field of a typed receiver",
        K(
            "#21791",
            TI,
            TIW,
            "vllm/aeon/ti3.py",
            KVM + "def aeon_cap_window(spec: FullAttentionSpec, window: int) -> FullAttentionSpec:\n"
            "    # AEON: the Spark caps the window its hybrid allocator reserves for\n"
            "    spec.sliding_window = window\n"
            "    return spec\n",
            "spec.sliding_window = window",
        ),
    ),
    (
        "#21791 dataclass made frozen",
        "twin: dataclasses.replace and the kept page size",
        K(
            "#21791",
            TI,
            TIW,
            "vllm/aeon/ti4.py",
            "import dataclasses\n\n"
            + KVM
            + "def aeon_capped(spec: FullAttentionSpec, window: int) -> FullAttentionSpec:\n"
            "    return dataclasses.replace(spec, sliding_window=min(window, spec.page_size_bytes))\n",
            "return dataclasses.replace(spec, sliding_window=min(window, spec.page_size_bytes))",
        ),
    ),
]

# --- #25126 (a6149aa587): _make_synced_weight_loader moved onto the platform
SW = "a6149aa587"
SWW = "_make_synced_weight_loader removed from vllm.model_executor.utils"
CASES += [
    (
        "#25126 function removed",
        "an import of the removed helper",
        K(
            "#25126",
            SW,
            SWW,
            "vllm/aeon/sw1.py",
            "from vllm.model_executor.utils import _make_synced_weight_loader\n\n\n"
            "def aeon_synced(loader):\n"
            "    # AEON: the Spark's unified memory wants the same sync TPUs get\n"
            "    return _make_synced_weight_loader(loader)\n",
            "from vllm.model_executor.utils import _make_synced_weight_loader",
        ),
    ),
    (
        "#25126 function removed",
        "twin: set_weight_attrs kept",
        K(
            "#25126",
            SW,
            SWW,
            "vllm/aeon/sw2.py",
            "from vllm.model_executor.utils import set_weight_attrs\n\n\n"
            "def aeon_mark(param, loader) -> None:\n"
            "    set_weight_attrs(param, {'weight_loader': loader})\n",
            "set_weight_attrs(param, {'weight_loader': loader})",
        ),
    ),
]

# --- #31635 (b634e619bb): the attention specs' fields made keyword-only
KW = "b634e619bb"
KWW = "AttentionSpec family kw_only=True"
KWS = "import torch\n\nfrom vllm.v1.kv_cache_interface import EncoderOnlyAttentionSpec, FullAttentionSpec, MambaSpec\n\n\n"
CASES += [
    (
        "#31635 fields made keyword-only",
        "a positional construction",
        K(
            "#31635",
            KW,
            KWW,
            "vllm/aeon/kw1.py",
            KWS + "def aeon_spec(block_size: int, heads: int, head_size: int) -> FullAttentionSpec:\n"
            "    # AEON: the Spark's draft model gets its own full-attention group\n"
            "    return FullAttentionSpec(block_size, heads, head_size, torch.bfloat16)\n",
            "return FullAttentionSpec(block_size, heads, head_size, torch.bfloat16)",
        ),
    ),
    (
        "#31635 fields made keyword-only",
        "a positional construction of a subclass left without kw_only",
        K(
            "#31635",
            KW,
            KWW,
            "vllm/aeon/kw2.py",
            KWS + "def aeon_encoder_spec(heads: int, head_size: int) -> EncoderOnlyAttentionSpec:\n"
            "    return EncoderOnlyAttentionSpec(16, heads, head_size, torch.float16)\n",
            "return EncoderOnlyAttentionSpec(16, heads, head_size, torch.float16)",
        ),
    ),
    (
        "#31635 fields made keyword-only",
        "twin: block_size positional, the rest by keyword",
        K(
            "#31635",
            KW,
            KWW,
            "vllm/aeon/kw3.py",
            KWS + "def aeon_spec2(block_size: int, heads: int, head_size: int) -> FullAttentionSpec:\n"
            "    return FullAttentionSpec(block_size, num_kv_heads=heads, head_size=head_size, dtype=torch.bfloat16)\n",
            "return FullAttentionSpec(block_size, num_kv_heads=heads, head_size=head_size, dtype=torch.bfloat16)",
        ),
    ),
    (
        "#31635 fields made keyword-only",
        "twin: MambaSpec stays positional",
        K(
            "#31635",
            KW,
            KWW,
            "vllm/aeon/kw4.py",
            KWS + "def aeon_state_spec(shapes: tuple) -> MambaSpec:\n"
            "    return MambaSpec(16, shapes, (torch.float32,) * len(shapes))\n",
            "return MambaSpec(16, shapes, (torch.float32,) * len(shapes))",
        ),
    ),
]

# --- #31659 (bb4337b34c): set_random_seed removed from vllm.model_executor(.utils) (now in vllm.utils.torch_utils)
RS = "bb4337b34c"
RSW = "set_random_seed removed from vllm.model_executor.utils"
CASES += [
    (
        "#31659 function moved",
        "an import off the package's re-export",
        K(
            "#31659",
            RS,
            RSW,
            "vllm/aeon/rs1.py",
            "from vllm.model_executor import set_random_seed\n\n\n"
            "def aeon_seed(seed: int) -> None:\n"
            "    # AEON: the Spark's canary replays a request bit for bit\n"
            "    set_random_seed(seed)\n",
            "from vllm.model_executor import set_random_seed",
        ),
    ),
    (
        "#31659 function moved",
        "a module-attribute call",
        K(
            "#31659",
            RS,
            RSW,
            "vllm/aeon/rs2.py",
            "from vllm.model_executor import utils as me_utils\n\n\n"
            "def aeon_reseed(seed: int) -> None:\n"
            "    me_utils.set_random_seed(seed)\n",
            "me_utils.set_random_seed(seed)",
        ),
    ),
    (
        "#31659 function moved",
        "twin: set_weight_attrs kept",
        K(
            "#31659",
            RS,
            RSW,
            "vllm/aeon/rs3.py",
            "from vllm.model_executor.utils import set_weight_attrs\n\n\n"
            "def aeon_tag(param) -> None:\n"
            "    set_weight_attrs(param, {'aeon_seeded': True})\n",
            "set_weight_attrs(param, {'aeon_seeded': True})",
        ),
    ),
]

CASES += [
    (
        "#31659 function moved",
        "twin: the new home",
        K(
            "#31659",
            RS,
            RSW,
            "vllm/aeon/rs4.py",
            "from vllm.utils.torch_utils import set_random_seed\n\n\n"
            "def aeon_seed2(seed: int) -> None:\n"
            "    set_random_seed(seed)\n",
            "from vllm.utils.torch_utils import set_random_seed",
        ),
    ),
]

# --- #43732 (7e53283b1c): IntermediateTensors.kv_connector_output removed (field and keyword)
IT = "7e53283b1c"
ITW = "IntermediateTensors.kv_connector_output removed"
ITS = "import torch\n\nfrom vllm.sequence import IntermediateTensors\n\n\n"
CASES += [
    (
        "#43732 keyword removed",
        "a keyword to the constructor",
        K(
            "#43732",
            IT,
            ITW,
            "vllm/aeon/it1.py",
            ITS + "def aeon_pp_output(hidden: torch.Tensor, residual: torch.Tensor, kv_out) -> IntermediateTensors:\n"
            "    # AEON: the Spark's PP stage hands its connector output on with the tensors\n"
            "    return IntermediateTensors({'hidden_states': hidden, 'residual': residual}, kv_connector_output=kv_out)\n",
            "return IntermediateTensors({'hidden_states': hidden, 'residual': residual}, kv_connector_output=kv_out)",
        ),
    ),
    (
        "#43732 field removed",
        "a read off a receiver typed as the class",
        K(
            "#43732",
            IT,
            ITW,
            "vllm/aeon/it2.py",
            ITS + "def aeon_connector_output(intermediate_tensors: IntermediateTensors):\n"
            "    return intermediate_tensors.kv_connector_output\n",
            "return intermediate_tensors.kv_connector_output",
        ),
    ),
    (
        "#43732 field removed",
        "twin: the kept tensors and empty_like",
        K(
            "#43732",
            IT,
            ITW,
            "vllm/aeon/it3.py",
            ITS + "def aeon_buffers(intermediate_tensors: IntermediateTensors) -> IntermediateTensors:\n"
            "    return IntermediateTensors.empty_like(intermediate_tensors) if intermediate_tensors.tensors else intermediate_tensors\n",
            "return IntermediateTensors.empty_like(intermediate_tensors) if intermediate_tensors.tensors else intermediate_tensors",
        ),
    ),
]

# --- #47058 (1ab9522935): get_moe_expert_mapping raises ValueError where it returned []
EM = "1ab9522935"
EMW = "get_moe_expert_mapping: [] -> raise ValueError"
CASES += [
    (
        "#47058 return made a raise",
        "an empty result read as 'not MoE'",
        K(
            "#47058",
            EM,
            EMW,
            "vllm/aeon/em1.py",
            "import torch\n\nfrom vllm.model_executor.utils import get_moe_expert_mapping\n\n\n"
            "def aeon_is_moe(model: torch.nn.Module) -> bool:\n"
            "    # AEON: the Spark's EPLB only runs for MoE models\n"
            "    return bool(get_moe_expert_mapping(model))\n",
            "return bool(get_moe_expert_mapping(model))",
        ),
    ),
    (
        "#47058 return made a raise",
        "twin: a guard for the new ValueError",
        K(
            "#47058",
            EM,
            EMW,
            "vllm/aeon/em2.py",
            "import torch\n\nfrom vllm.model_executor.utils import get_moe_expert_mapping\n\n\n"
            "def aeon_experts(model: torch.nn.Module) -> list:\n"
            "    try:\n"
            "        return get_moe_expert_mapping(model)\n"
            "    except ValueError:\n"
            "        return []\n",
            "return get_moe_expert_mapping(model)",
        ),
    ),
]

# --- #49601 (81be2e09ae): replace_parameter's new_data renamed new_tensor
RP = "81be2e09ae"
RPW = "replace_parameter(new_data=) -> replace_parameter(new_tensor=)"
RPI = "import functools\n\nimport torch\n\nfrom vllm.model_executor.utils import replace_parameter\n\n\n"
CASES += [
    (
        "#49601 keyword renamed",
        "a keyword call",
        K(
            "#49601",
            RP,
            RPW,
            "vllm/aeon/rp1.py",
            RPI + "def aeon_swap_weight(layer: torch.nn.Module, weight: torch.Tensor) -> None:\n"
            "    # AEON: the Spark repacks weights for its GEMM after loading\n"
            "    replace_parameter(layer, 'weight', new_data=weight.contiguous(), prefer_copy=True)\n",
            "replace_parameter(layer, 'weight', new_data=weight.contiguous(), prefer_copy=True)",
        ),
    ),
    (
        "#49601 keyword renamed",
        "a functools.partial binding the old keyword",
        K(
            "#49601",
            RP,
            RPW,
            "vllm/aeon/rp2.py",
            RPI + "aeon_drop_param = functools.partial(replace_parameter, new_data=None)\n\n\n"
            "def aeon_drop_bias(layer: torch.nn.Module) -> None:\n"
            "    aeon_drop_param(layer, 'bias')\n",
            "aeon_drop_param = functools.partial(replace_parameter, new_data=None)",
        ),
    ),
    (
        "#49601 keyword renamed",
        "twin: positional data and the kept prefer_copy",
        K(
            "#49601",
            RP,
            RPW,
            "vllm/aeon/rp3.py",
            RPI + "def aeon_swap_scale(layer: torch.nn.Module, scale: torch.Tensor) -> None:\n"
            "    replace_parameter(layer, 'weight_scale', scale, prefer_copy=True)\n",
            "replace_parameter(layer, 'weight_scale', scale, prefer_copy=True)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-fwdctx-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
