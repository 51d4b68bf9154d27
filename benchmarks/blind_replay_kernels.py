"""A blind replay of the kernel-interface and layout killers over vLLM's whole history: offsets, strides, shapes.

First-parent commits touching the paths a fork that carries its own attention kernels lives on -- the v1
attention backends and ops (vllm/v1/attention/), the older vllm/attention/, the KV cache specs and utils,
the block tables, the GPU model runner's attention utils, the spec-decode drafters, vllm/_custom_ops.py
-- picked by scanning those paths' diffs (``git log --first-parent -p``), not from the engine's tests or
the other replays: K and V packed into the content dim (the cache's leading ``2`` gone from
get_kv_cache_shape, ``kv_cache.unbind(1)`` no longer splits K from V), a Triton kernel's runtime
argument moved in front of its constexprs, the attention layer's ``kv_cache`` list made one tensor (a
``[0]`` now takes the first block), the drafter's ``block_size`` no longer set, a parameter inserted in
build_attn_metadata and a field in CommonAttentionMetadata, FlashAttention's supported kernel block
sizes made plain ints, a custom op's argument inserted (gptq_marlin_gemm's a_scales) or removed
(grouped_topk's scores_with_bias), and the KV cache layout no longer forced to HND by an env knob.
Each is replayed under 1-3 fork spellings written the way fork kernel-side code is written, with twins
(fork code the commit does not break).  The merge base is the commit's first parent, upstream is the
commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in its
file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (a2e7c03): 10 caught, 0 warned, 7 missed of 17 (twins: 3 quiet,
0 false errors).  (A first count named a call's argument line where the engine reports the call's
first line, and took #34167's keyword call for a twin: it omits the new required max_query_len.)
12 commits, short of the 15 aimed at: the scan found few more single silent changes in these paths
that fork code can reach.  The misses: #44455's ``kv_cache.unbind(1)`` in a FlashAttentionImpl
subclass, #37487's ``kv_cache[0]`` on the layer (self, and a layer from the forward context),
#27753's ``[0].base`` of the supported kernel block sizes, #22735's read of VLLM_USE_TRTLLM_ATTENTION
as the layout, #37332's dispatch on is_quantized_kv_cache before its nvfp4 branch, #51704's override
of real_page_size_bytes that page_size_bytes no longer reads.
After the killers35 widenings: 13 caught, 1 warned, 3 missed of 17 (twins: 4 quiet, 0 false errors; the
fourth twin, #37332's dispatch that takes its own branch first, was added with the widening).  Caught
now: a subclass's split or index of a value its upstream class stopped doing (layout drift: #44455's
``kv_cache.unbind(1)``, #37487's ``self.kv_cache[0]``); a predicate tested before the fork's own
branch for a string upstream made it accept (#37332).  Warned now: #37487's ``layer.kv_cache[0]`` off
a layer whose class the line does not show.  Still missed: #27753's ``[0].base`` (a returned list's
element made an int: a list of sizes grows and shrinks, its elements' kinds are not compared),
#22735's env knob (still read elsewhere: not gone), #51704's override (``real_page_size_bytes`` is
still read off other objects upstream: the override is still consulted there).
After the killers38 widenings: 15 caught, 1 warned, 1 missed of 17 (twins: 4 quiet, 0 false errors).
#27753's ``[0].base`` is an error (result kind drift: the element a call built is an int literal now, which
has no ``base``); #51704's override is an error (the base's own ``unpadded_page_size_bytes`` stopped
reading the property and upstream dropped all 5 of its own overrides: readers by name elsewhere no longer
save it).  Still missed: #22735 (the knob keeps its meaning; only the fork's comment ties it to the layout).

  python benchmarks/blind_replay_kernels.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #44455 (51878e5b6e): K/V packed into the content dim: (num_blocks, 2, block, heads, dim) ->
#     (num_blocks, heads, block, 2 * dim); FlashAttentionImpl splits with transpose+split, not unbind(1)
KV = "51878e5b6e"
KVW = "kv cache (num_blocks, 2, block_size, heads, dim) -> (num_blocks, heads, block_size, 2 * dim)"
FA = "import torch\n\nfrom vllm.v1.attention.backends.flash_attn import FlashAttentionBackend, FlashAttentionImpl\n\n\n"
CASES += [
    (
        "#44455 kv cache's leading 2 packed into the content dim",
        "unbind(1) in an Impl subclass",
        K(
            "#44455",
            KV,
            KVW,
            "vllm/aeon/kv1.py",
            FA + "class AeonNvfp4FlashAttentionImpl(FlashAttentionImpl):\n"
            "    def aeon_planes(self, kv_cache: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:\n"
            "        # AEON: the NVFP4 writer quantizes the K and V planes separately\n"
            "        key_cache, value_cache = kv_cache.unbind(1)\n"
            "        return key_cache, value_cache\n",
            "key_cache, value_cache = kv_cache.unbind(1)",
        ),
    ),
    (
        "#44455 kv cache's leading 2 packed into the content dim",
        "shape unpacked from get_kv_cache_shape",
        K(
            "#44455",
            KV,
            KVW,
            "vllm/aeon/kv2.py",
            FA + "def aeon_kv_bytes(num_blocks: int, block_size: int, heads: int, dim: int) -> int:\n"
            "    # AEON: the NVFP4 cache packs two values per byte plus one fp8 scale per 16\n"
            "    _, two, tokens, kv_heads, head_dim = FlashAttentionBackend.get_kv_cache_shape(\n"
            "        num_blocks, block_size, heads, dim\n"
            "    )\n"
            "    return two * tokens * kv_heads * (head_dim // 2 + head_dim // 16)\n",
            "_, two, tokens, kv_heads, head_dim = FlashAttentionBackend.get_kv_cache_shape(",
        ),
    ),
    (
        "#44455 kv cache's leading 2 packed into the content dim",
        "stride from the shape tuple's index",
        K(
            "#44455",
            KV,
            KVW,
            "vllm/aeon/kv3.py",
            FA + "def aeon_block_stride(block_size: int, heads: int, dim: int) -> int:\n"
            "    shape = FlashAttentionBackend.get_kv_cache_shape(1, block_size, heads, dim)\n"
            "    # AEON: the Triton NVFP4 kernel walks one block of tokens per program\n"
            "    return shape[2] * shape[3] * shape[4]\n",
            "return shape[2] * shape[3] * shape[4]",
        ),
    ),
    (
        "#44455 kv cache's leading 2 packed into the content dim",
        "twin: the number of blocks, still first",
        K(
            "#44455",
            KV,
            KVW,
            "vllm/aeon/kv4.py",
            FA + "def aeon_num_blocks(kv_cache_numel: int, block_size: int, heads: int, dim: int) -> int:\n"
            "    shape = FlashAttentionBackend.get_kv_cache_shape(7, block_size, heads, dim)\n"
            "    return shape[0]\n",
            "return shape[0]",
        ),
    ),
]

# --- #48739 (a89015c6df): merge_attn_states_kernel's prefill_tokens_with_context is a runtime argument now,
#     moved in front of HEAD_SIZE (a positional launch shifts every constexpr by one)
MK = "a89015c6df"
MKW = "merge_attn_states_kernel: prefill_tokens_with_context moved before HEAD_SIZE"
MA = "import torch\nimport triton\n\nfrom vllm.v1.attention.ops.triton_merge_attn_states import merge_attn_states_kernel\n\n\n"
CASES += [
    (
        "#48739 Triton kernel argument reordered",
        "positional launch",
        K(
            "#48739",
            MK,
            MKW,
            "vllm/aeon/mk1.py",
            MA
            + "def aeon_merge(out, lse, p_out, p_lse, s_out, s_lse, n_ctx: int) -> None:  # type: ignore[no-untyped-def]\n"
            "    # AEON: the drafter merges its context and suffix partials without the fp8 epilogue\n"
            "    tokens, heads, head_size = out.shape\n"
            "    merge_attn_states_kernel[(tokens, heads)](\n"
            "        out, lse, p_out, p_lse, s_out, s_lse, p_out.stride(1), out.stride(1), None,\n"
            "        head_size, triton.next_power_of_2(head_size), True, n_ctx, False,\n"
            "    )\n",
            "merge_attn_states_kernel[(tokens, heads)](",
        ),
    ),
    (
        "#48739 Triton kernel argument reordered",
        "twin: a keyword launch",
        K(
            "#48739",
            MK,
            MKW,
            "vllm/aeon/mk2.py",
            MA
            + "def aeon_merge_kw(out, lse, p_out, p_lse, s_out, s_lse, n_ctx: int) -> None:  # type: ignore[no-untyped-def]\n"
            "    tokens, heads, head_size = out.shape\n"
            "    merge_attn_states_kernel[(tokens, heads)](\n"
            "        out, lse, p_out, p_lse, s_out, s_lse, p_out.stride(1), out.stride(1), None,\n"
            "        HEAD_SIZE=head_size, PADDED_HEAD_SIZE=triton.next_power_of_2(head_size), OUTPUT_LSE=True,\n"
            "        prefill_tokens_with_context=n_ctx, USE_FP8=False,\n"
            "    )\n",
            "merge_attn_states_kernel[(tokens, heads)](",
        ),
    ),
]

# --- #37487 (c59a132f96): Attention.kv_cache is one tensor, no longer a list per virtual engine
KC = "c59a132f96"
KCW = "Attention.kv_cache: [tensor] -> tensor (a [0] takes the first block)"
CASES += [
    (
        "#37487 kv_cache list made one tensor",
        "self.kv_cache[0] in a layer subclass",
        K(
            "#37487",
            KC,
            KCW,
            "vllm/aeon/kc1.py",
            "import torch\n\nfrom vllm.model_executor.layers.attention.attention import Attention\n\n\n"
            "class AeonAttention(Attention):\n"
            "    def aeon_cache(self) -> torch.Tensor:\n"
            "        # AEON: the context-slot mask reads the layer's cache directly\n"
            "        return self.kv_cache[0]\n",
            "return self.kv_cache[0]",
        ),
    ),
    (
        "#37487 kv_cache list made one tensor",
        "a layer from the forward context",
        K(
            "#37487",
            KC,
            KCW,
            "vllm/aeon/kc2.py",
            "import torch\n\nfrom vllm.forward_context import get_forward_context\n\n\n"
            "def aeon_layer_cache(layer_name: str) -> torch.Tensor:\n"
            "    layer = get_forward_context().no_compile_layers[layer_name]\n"
            "    return layer.kv_cache[0]\n",
            "return layer.kv_cache[0]",
        ),
    ),
]

# --- #31540 (ea53ca5e85): EagleProposer no longer sets self.block_size (the draft group's spec has it)
EB = "ea53ca5e85"
EBW = "EagleProposer.block_size no longer set"
CASES += [
    (
        "#31540 drafter's block_size no longer set",
        "slot arithmetic in a subclass",
        K(
            "#31540",
            EB,
            EBW,
            "vllm/aeon/eb1.py",
            "import torch\n\nfrom vllm.v1.spec_decode.eagle import EagleProposer\n\n\n"
            "class AeonEagleProposer(EagleProposer):\n"
            "    def aeon_slots(self, positions: torch.Tensor, block_table: torch.Tensor) -> torch.Tensor:\n"
            "        # AEON: the unpadded drafter block table maps positions itself\n"
            "        block_ids = block_table.gather(1, (positions // self.block_size).view(-1, 1)).view(-1)\n"
            "        return block_ids * self.block_size + positions % self.block_size\n",
            "block_ids = block_table.gather(1, (positions // self.block_size).view(-1, 1)).view(-1)",
        ),
    ),
]

# --- #34167 (e7e52781ff): build_attn_metadata takes max_query_len after query_start_loc_cpu
BM = "e7e52781ff"
BMW = "build_attn_metadata: max_query_len inserted after query_start_loc_cpu"
BA = "from vllm.v1.worker.gpu.attn_utils import build_attn_metadata\n\n\n"
CASES += [
    (
        "#34167 parameter inserted",
        "positional call",
        K(
            "#34167",
            BM,
            BMW,
            "vllm/aeon/bm1.py",
            BA
            + "def aeon_capture_metadata(builders, n, qsl, qsl_cpu, seq_lens, max_len, tables, slots, cfg):  # type: ignore[no-untyped-def]\n"
            "    # AEON: the fork's CUDA-graph capture builds its own metadata\n"
            "    return build_attn_metadata(builders, n, n, qsl, qsl_cpu, seq_lens, max_len, tables, slots, cfg)\n",
            "return build_attn_metadata(builders, n, n, qsl, qsl_cpu, seq_lens, max_len, tables, slots, cfg)",
        ),
    ),
    (
        "#34167 parameter inserted",
        "keyword call without the new required parameter",
        K(
            "#34167",
            BM,
            BMW,
            "vllm/aeon/bm2.py",
            BA
            + "def aeon_capture_metadata_kw(builders, n, qsl, qsl_cpu, seq_lens, max_len, tables, slots, cfg):  # type: ignore[no-untyped-def]\n"
            "    return build_attn_metadata(\n"
            "        attn_metadata_builders=builders, num_reqs=n, num_tokens=n, query_start_loc_gpu=qsl,\n"
            "        query_start_loc_cpu=qsl_cpu, seq_lens=seq_lens, max_seq_len=max_len, block_tables=tables,\n"
            "        slot_mappings=slots, kv_cache_config=cfg,\n"
            "    )\n",
            "return build_attn_metadata(",
        ),
    ),
]

# --- #23216 (d6d13bd49e): CommonAttentionMetadata gains max_seq_len after max_query_len
CM = "d6d13bd49e"
CMW = "CommonAttentionMetadata: max_seq_len inserted after max_query_len"
CASES += [
    (
        "#23216 dataclass field inserted",
        "positional construction",
        K(
            "#23216",
            CM,
            CMW,
            "vllm/aeon/cm1.py",
            "from vllm.v1.attention.backends.utils import CommonAttentionMetadata\n\n\n"
            "def aeon_draft_metadata(qsl, qsl_cpu, seq_lens, seq_lens_cpu, computed, n, tokens, table, slots):  # type: ignore[no-untyped-def]\n"
            "    # AEON: the drafter's metadata for one decode step per request\n"
            "    return CommonAttentionMetadata(qsl, qsl_cpu, seq_lens, seq_lens_cpu, computed, n, tokens, 1, table, slots, True)\n",
            "return CommonAttentionMetadata(qsl, qsl_cpu, seq_lens, seq_lens_cpu, computed, n, tokens, 1, table, slots, True)",
        ),
    ),
]

# --- #27753 (18961c5ea6): FlashAttentionBackend's kernel block sizes [MultipleOf(16)] -> [16, 32, 64]
KB = "18961c5ea6"
KBW = "FlashAttentionBackend.get_supported_kernel_block_size(): [MultipleOf(16)] -> [16, 32, 64]"
CASES += [
    (
        "#27753 kernel block size contract changed",
        "the first entry's base",
        K(
            "#27753",
            KB,
            KBW,
            "vllm/aeon/kb1.py",
            "from vllm.v1.attention.backends.flash_attn import FlashAttentionBackend\n\n\n"
            "def aeon_kernel_block(block_size: int) -> int:\n"
            "    # AEON: GB10's NVFP4 kernel takes 128-token blocks when FA's alignment allows it\n"
            "    multiple = FlashAttentionBackend.get_supported_kernel_block_size()[0].base\n"
            "    return 128 if 128 % multiple == 0 else block_size\n",
            "multiple = FlashAttentionBackend.get_supported_kernel_block_size()[0].base",
        ),
    ),
]

# --- #24722 (1656ad3704): gptq_marlin_gemm takes a_scales after b_scales
GM = "1656ad3704"
GMW = "ops.gptq_marlin_gemm: a_scales inserted after b_scales"
CASES += [
    (
        "#24722 custom op argument inserted",
        "positional call",
        K(
            "#24722",
            GM,
            GMW,
            "vllm/aeon/gm1.py",
            "from vllm import _custom_ops as ops\nfrom vllm.scalar_type import scalar_types\n\n\n"
            "def aeon_fp4_marlin(x, w, scales, global_scale, workspace, m, n, k):  # type: ignore[no-untyped-def]\n"
            "    # AEON: NVFP4 weights on the fork's Marlin fallback\n"
            "    return ops.gptq_marlin_gemm(\n"
            "        x, None, w, None, scales, global_scale, None, None, None, workspace, scalar_types.float4_e2m1f, m, n, k, True\n"
            "    )\n",
            "return ops.gptq_marlin_gemm(",
        ),
    ),
]

# --- #28124 (0852527647): grouped_topk drops scores_with_bias (second) and takes bias last
GT = "0852527647"
GTW = "ops.grouped_topk(scores, scores_with_bias, ...) -> (scores, ..., bias, scoring_func=0)"
CASES += [
    (
        "#28124 custom op argument order changed",
        "positional call",
        K(
            "#28124",
            GT,
            GTW,
            "vllm/aeon/gt1.py",
            "import torch\n\nfrom vllm import _custom_ops as ops\n\n\n"
            "def aeon_route(scores: torch.Tensor, bias: torch.Tensor, groups: int, topk_groups: int, topk: int):  # type: ignore[no-untyped-def]\n"
            "    # AEON: the fork's router fuses the correction bias on GB10\n"
            "    return ops.grouped_topk(scores, scores + bias, groups, topk_groups, topk, True, 2.5)\n",
            "return ops.grouped_topk(scores, scores + bias, groups, topk_groups, topk, True, 2.5)",
        ),
    ),
]

# --- #22735 (070da660c1): VLLM_USE_TRTLLM_ATTENTION no longer forces the HND KV cache layout
TL = "070da660c1"
TLW = "get_kv_cache_layout() no longer reads VLLM_USE_TRTLLM_ATTENTION (NHD unless set otherwise)"
CASES += [
    (
        "#22735 layout no longer forced by an env knob",
        "the knob read as the layout",
        K(
            "#22735",
            TL,
            TLW,
            "vllm/aeon/tl1.py",
            "from vllm import envs\n\n\n"
            "def aeon_heads_first() -> bool:\n"
            "    # AEON: the NHD-safe splitter transposes when the cache is HND (TRT-LLM attention)\n"
            "    return bool(envs.VLLM_USE_TRTLLM_ATTENTION)\n",
            "return bool(envs.VLLM_USE_TRTLLM_ATTENTION)",
        ),
    ),
    (
        "#22735 layout no longer forced by an env knob",
        "twin: the layout asked of upstream",
        K(
            "#22735",
            TL,
            TLW,
            "vllm/aeon/tl2.py",
            "from vllm.v1.attention.backends.utils import get_kv_cache_layout\n\n\n"
            "def aeon_heads_first_asked() -> bool:\n"
            '    return get_kv_cache_layout() == "HND"\n',
            'return get_kv_cache_layout() == "HND"',
        ),
    ),
]

# --- #37332 (6b2b7bd0eb): is_quantized_kv_cache("nvfp4") is True now (was False)
QK = "6b2b7bd0eb"
QKW = 'is_quantized_kv_cache: "nvfp4" now counts as quantized'
CASES += [
    (
        "#37332 predicate widened to a new dtype",
        "a dispatch that tests the predicate first",
        K(
            "#37332",
            QK,
            QKW,
            "vllm/aeon/qk1.py",
            "from vllm.utils.torch_utils import is_quantized_kv_cache\n\n\n"
            "def aeon_cache_writer(kv_cache_dtype: str) -> str:\n"
            "    # AEON: fp8 caches take upstream's scaled writer; nvfp4 takes the fork's Triton kernel\n"
            "    if is_quantized_kv_cache(kv_cache_dtype):\n"
            '        return "fp8_scaled"\n'
            '    if kv_cache_dtype == "nvfp4":\n'
            '        return "aeon_triton_nvfp4"\n'
            '    return "native"\n',
            "if is_quantized_kv_cache(kv_cache_dtype):",
        ),
    ),
    (
        "#37332 predicate widened to a new dtype",
        "twin: the fork's own branch first",
        K(
            "#37332",
            QK,
            QKW,
            "vllm/aeon/qk2.py",
            "from vllm.utils.torch_utils import is_quantized_kv_cache\n\n\n"
            "def aeon_cache_writer_first(kv_cache_dtype: str) -> str:\n"
            '    if kv_cache_dtype == "nvfp4":\n'
            '        return "aeon_triton_nvfp4"\n'
            "    if is_quantized_kv_cache(kv_cache_dtype):\n"
            '        return "fp8_scaled"\n'
            '    return "native"\n',
            "if is_quantized_kv_cache(kv_cache_dtype):",
        ),
    ),
]

# --- #51704 (57bd0ed441): page_size_bytes no longer reads real_page_size_bytes (num_heads x storage_block_size
#     x state_content_size_bytes); KVQuantMode.TURBOQUANT split into four modes
PS = "57bd0ed441"
PSW = "AttentionSpec.unpadded_page_size_bytes no longer reads real_page_size_bytes; KVQuantMode.TURBOQUANT removed"
CASES += [
    (
        "#51704 overridden page size no longer consulted",
        "a spec subclass's real_page_size_bytes",
        K(
            "#51704",
            PS,
            PSW,
            "vllm/aeon/ps1.py",
            "from vllm.utils.torch_utils import get_dtype_size\nfrom vllm.v1.kv_cache_interface import FullAttentionSpec\n\n\n"
            "class AeonNvfp4AttentionSpec(FullAttentionSpec):\n"
            "    @property\n"
            "    def real_page_size_bytes(self) -> int:\n"
            "        # AEON: fp4 data (2 per byte) then one fp8 scale per 16 values, K and V\n"
            "        per_head = self.head_size // 2 + self.head_size // 16\n"
            "        return 2 * self.block_size * self.num_kv_heads * per_head * get_dtype_size(self.dtype)\n",
            "def real_page_size_bytes(self) -> int:",
        ),
    ),
    (
        "#51704 overridden page size no longer consulted",
        "an enum member removed",
        K(
            "#51704",
            PS,
            PSW,
            "vllm/aeon/ps2.py",
            "from vllm.v1.kv_cache_interface import AttentionSpec, KVQuantMode\n\n\n"
            "def aeon_packed_kv(spec: AttentionSpec) -> bool:\n"
            "    return spec.kv_quant_mode in (KVQuantMode.NVFP4, KVQuantMode.TURBOQUANT)\n",
            "return spec.kv_quant_mode in (KVQuantMode.NVFP4, KVQuantMode.TURBOQUANT)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-kernels-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
