"""A blind replay of the MLA and sparse-MLA attention backends and DeepSeek's sparse-attention indexer.

10 first-parent commits on ``vllm/v1/attention/backends/mla/`` (common MLA metadata and builders, FlashMLA,
FlashMLA-sparse, FlashInfer-MLA, the DSA indexer and its metadata) and ``vllm/model_executor/layers/mla.py`` --
the backends a fork serving DeepSeek-family models on the Spark subclasses, reads and builds:
``DeepseekV32IndexerMetadataBuilder``'s ``_cudagraph_support`` class variable replaced by its own
``get_cudagraph_support`` (a subclass's class variable no longer read, a read of the name now the base's
``NEVER``), ``is_deep_gemm_supported`` no longer imported by the indexer module, ``FlashMLAMetadataBuilder``'s
``reorder_batch_threshold`` lowered from 512 to 128, ``MLACommonPrefillMetadata`` given a ``workspace_buffer``
field before ``q_data_type``, the MLA impls' ``_forward_decode``/``_forward_prefill`` renamed ``forward_mqa``/
``forward_mha``, ``FlashMLADecodeMetadata``'s ``tile_scheduler_metadata``/``num_splits`` folded into one
``scheduler_metadata``, FlashInfer-MLA's module workspace ``g_fi_workspace`` and the impl's ``_workspace_buffer``
removed, ``AttentionConfig.indexer_kv_dtype``'s default moved from ``"bf16"`` to ``"auto"`` and
``use_fp4_indexer_cache``'s from ``False`` to ``None``, the indexer's ``decode_seq_lens_buffer`` made 1-D where
native MTP had it 2-D, and the DeepSeek-V4 C128A state (builder attributes, metadata fields, the top-k builder)
moved out of ``flashmla_sparse`` -- picked by scanning those paths' diffs (``git log --first-parent -p``),
avoiding the commits other replays use (``blind_replay_mla`` covers part of this surface).  Each is replayed
under 1-3 fork spellings written the way fork code is written (a subclass's class variable, a class attribute
read and compared, an import, a module attribute, a comparison with a literal, a positional build, a keyword
build, an override of a hook, a ``super()`` call, a ``self.`` read, a read off metadata, an ``is`` test of a
config default, a 2-D subscript of a buffer), with twins (fork code the commit does not break: the kept name,
the new spelling, a keyword build, a sibling class's unchanged value, a truthiness test).  The merge base is
the commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on its line,
*warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 78011715): 14 caught, 2 warned, 6 missed of 22 (twins: 9
quiet, 2 false errors of 11).  Both false errors were labels wrong, not the engine: #31173's keyword build
leaves ``workspace_buffer`` None, which upstream's TRT-LLM ragged prefill now asserts (asserted-field drift
said so), and #33284's ``process_weights_after_loading`` override over ``super()`` is dead (the MLA layer now
absorbs the weights itself and no longer calls the impl's; ``super()`` lands on the base's no-op): both are
killers now, caught, which makes the blind run 16 caught, 2 warned, 6 missed of 24 (twins: 9 quiet, 0 false
errors of 9); two twins were added after the run in their place.  Symbol drift caught the re-export dropped
from the indexer (import, module attribute), the positional builds landing on ``workspace_buffer``, the renamed
``_forward_decode``/``_forward_prefill`` (overrides and a ``super()`` call), the keyword build with the removed
``FlashMLADecodeMetadata`` fields, ``g_fi_workspace`` and the impl's ``_workspace_buffer``, and the C128A
builder attributes, metadata field and function moved out; default drift caught the comparison of
``indexer_kv_dtype`` with its old default ``"bf16"``.  Warned: #27777's ``self.reorder_batch_threshold >= 512``
(an ordering with the old value: read as a plain read) and #52550's ``use_fp4_indexer_cache is False`` (a
holder known by its name only).  The misses: #36519's two (a subclass's ``_cudagraph_support`` that the
indexer builder's own new ``get_cudagraph_support`` never reads, and the class's ``_cudagraph_support`` read
off it, now the base's ``NEVER``), #27777's class read ``FlashMLAMetadataBuilder.reorder_batch_threshold ==
512`` (a class attribute read off the class itself was not a read of the field), #32810's
``attn_metadata.decode.num_splits`` (a removed field read through an untyped parameter's attribute), and
#42135's two (a 2-D subscript and ``.size(1)`` of a buffer upstream now builds 1-D).
After the killers165 widenings: 23 caught, 0 warned, 1 missed of 24 (twins: 11 quiet, 1 of them warned, 0 false
errors; two twins added after the blind run).  Caught now: a class attribute read off the class itself and an
ordering with the old value whose answer the change moved (default drift, ``drift/field_defaults.py``,
``drift/old_defaults.py``), a ``False`` default made ``None`` tested ``is False`` off a holder named after its
class in snake case (``attention_config``, the same; on the landing's final engine this one is a warning
again, 22 caught, 1 warned, 1 missed: a holder known only by its name stays a warning, the policy
``test_false_made_none`` holds), a class-level setting upstream's class no longer consults
because it answers the hook itself (``drift/unread_settings.py``: the subclass's setting, the read compared with
the old value), a tensor field upstream now builds with fewer dims, indexed past them
(``drift/fewer_dims.py``).  Left missed: #32810's ``attn_metadata.decode.num_splits`` off an unannotated
parameter of the fork's own method: ``num_splits`` is still an attribute upstream stores and reads
(``scheduler_metadata.num_splits``), so the receiver's class is what decides, and nothing types it (typing
``attn_metadata`` through the generic ``MLACommonMetadata[FlashMLADecodeMetadata]``'s ``decode`` is the way;
not attempted).
Regression set at the widenings' head: killer_replay 26/26, kind_change_replay 12/12 (5 quiet),
field_default_replay 49/49 (0/16 falsy with a finding, 0/65 twins with a false error or warning), blind_replay_mla
32/32 (17 quiet), blind_replay_attnmeta 29/1/0 (14 quiet), review13_twins 0 false errors of 21 (4 warned),
blind_replay_config 16/1/0 (13 quiet), blind_replay_scheduler 13/1/0 (8 quiet), inherited_replay 51/51 (0 false
findings in 60), ``precision_bench.py --windows 2`` 0 false errors (3 device-gate warnings),
``symbol_precision.py --windows 1`` 0 false errors.

  python benchmarks/blind_replay_mlasparse.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #36519 (9095cbbfb6): the indexer builder's _cudagraph_support ClassVar replaced by its own classmethod
CG = "9095cbbfb6"
CGW = "DeepseekV32IndexerMetadataBuilder._cudagraph_support replaced by get_cudagraph_support"
IX = (
    "from vllm.v1.attention.backend import AttentionCGSupport\n"
    "from vllm.v1.attention.backends.mla.indexer import DeepseekV32IndexerMetadataBuilder\n\n\n"
)
CASES += [
    (
        "#36519 class variable no longer read",
        "a subclass's class variable override",
        K(
            "#36519",
            CG,
            CGW,
            "vllm/aeon/cg1.py",
            IX + "class AeonIndexerMetadataBuilder(DeepseekV32IndexerMetadataBuilder):\n"
            "    # AEON: the Spark's MTP drafts are captured one token at a time\n"
            "    _cudagraph_support = AttentionCGSupport.UNIFORM_SINGLE_TOKEN_DECODE\n",
            "_cudagraph_support = AttentionCGSupport.UNIFORM_SINGLE_TOKEN_DECODE",
        ),
    ),
    (
        "#36519 class variable no longer read",
        "a read of the class variable compared",
        K(
            "#36519",
            CG,
            CGW,
            "vllm/aeon/cg2.py",
            IX + "def aeon_indexer_graphs_uniform() -> bool:\n"
            "    # AEON: the Spark captures the indexer only for uniform batches\n"
            "    return DeepseekV32IndexerMetadataBuilder._cudagraph_support == AttentionCGSupport.UNIFORM_BATCH\n",
            "return DeepseekV32IndexerMetadataBuilder._cudagraph_support == AttentionCGSupport.UNIFORM_BATCH",
        ),
    ),
    (
        "#36519 class variable no longer read",
        "twin: the classmethod called",
        K(
            "#36519",
            CG,
            CGW,
            "vllm/aeon/cg3.py",
            IX + "def aeon_indexer_support(vllm_config, kv_cache_spec) -> AttentionCGSupport:\n"
            "    return DeepseekV32IndexerMetadataBuilder.get_cudagraph_support(vllm_config, kv_cache_spec)\n",
            "return DeepseekV32IndexerMetadataBuilder.get_cudagraph_support(vllm_config, kv_cache_spec)",
        ),
    ),
]

# --- #35075 (9fa5b25a23): the indexer module no longer imports is_deep_gemm_supported
DG = "9fa5b25a23"
DGW = "indexer no longer imports is_deep_gemm_supported"
CASES += [
    (
        "#35075 re-exported name dropped",
        "an import through the indexer module",
        K(
            "#35075",
            DG,
            DGW,
            "vllm/aeon/dg1.py",
            "from vllm.v1.attention.backends.mla.indexer import is_deep_gemm_supported\n\n\n"
            "def aeon_indexer_uses_deep_gemm() -> bool:\n"
            "    # AEON: sm_121a has no DeepGEMM wheel; the Spark falls back to the torch logits\n"
            "    return is_deep_gemm_supported()\n",
            "from vllm.v1.attention.backends.mla.indexer import is_deep_gemm_supported",
        ),
    ),
    (
        "#35075 re-exported name dropped",
        "a module attribute call",
        K(
            "#35075",
            DG,
            DGW,
            "vllm/aeon/dg2.py",
            "from vllm.v1.attention.backends.mla import indexer\n\n\n"
            "def aeon_indexer_uses_deep_gemm2() -> bool:\n"
            "    return indexer.is_deep_gemm_supported()\n",
            "return indexer.is_deep_gemm_supported()",
        ),
    ),
    (
        "#35075 re-exported name dropped",
        "twin: the name from its home module, a kept re-export",
        K(
            "#35075",
            DG,
            DGW,
            "vllm/aeon/dg3.py",
            "from vllm.utils.deep_gemm import is_deep_gemm_supported\n"
            "from vllm.v1.attention.backends.mla.indexer import get_paged_mqa_logits_metadata\n\n\n"
            "def aeon_indexer_uses_deep_gemm3() -> bool:\n"
            "    return is_deep_gemm_supported() and get_paged_mqa_logits_metadata is not None\n",
            "from vllm.v1.attention.backends.mla.indexer import get_paged_mqa_logits_metadata",
        ),
    ),
]

# --- #27777 (145c00a4d3): FlashMLAMetadataBuilder.reorder_batch_threshold 512 -> 128
RB = "145c00a4d3"
RBW = "FlashMLAMetadataBuilder.reorder_batch_threshold 512 -> 128"
FM = "from vllm.v1.attention.backends.mla.flashattn_mla import FlashAttnMLAMetadataBuilder\nfrom vllm.v1.attention.backends.mla.flashmla import FlashMLAMetadataBuilder\n\n\n"
CASES += [
    (
        "#27777 class value changed",
        "a class attribute compared with the old value",
        K(
            "#27777",
            RB,
            RBW,
            "vllm/aeon/rb1.py",
            FM + "def aeon_small_prefills_as_decode() -> bool:\n"
            "    # AEON: the Spark's short MTP verify prefills ride the FlashMLA decode kernel\n"
            "    return FlashMLAMetadataBuilder.reorder_batch_threshold == 512\n",
            "return FlashMLAMetadataBuilder.reorder_batch_threshold == 512",
        ),
    ),
    (
        "#27777 class value changed",
        "a subclass's self. read compared",
        K(
            "#27777",
            RB,
            RBW,
            "vllm/aeon/rb2.py",
            FM + "class AeonFlashMLAMetadataBuilder(FlashMLAMetadataBuilder):\n"
            "    def aeon_decode_cap(self, query_len: int) -> bool:\n"
            "        return query_len <= 512 and self.reorder_batch_threshold >= 512\n",
            "return query_len <= 512 and self.reorder_batch_threshold >= 512",
        ),
    ),
    (
        "#27777 class value changed",
        "twin: the FlashAttn-MLA builder's unchanged value",
        K(
            "#27777",
            RB,
            RBW,
            "vllm/aeon/rb3.py",
            FM + "def aeon_fa_small_prefills_as_decode() -> bool:\n"
            "    return FlashAttnMLAMetadataBuilder.reorder_batch_threshold == 512\n",
            "return FlashAttnMLAMetadataBuilder.reorder_batch_threshold == 512",
        ),
    ),
    (
        "#27777 class value changed",
        "twin: a subclass setting its own threshold",
        K(
            "#27777",
            RB,
            RBW,
            "vllm/aeon/rb4.py",
            FM + "class AeonWideFlashMLAMetadataBuilder(FlashMLAMetadataBuilder):\n"
            "    reorder_batch_threshold: int = 512\n\n"
            "    def aeon_wide(self) -> bool:\n"
            "        return self.reorder_batch_threshold == 512\n",
            "return self.reorder_batch_threshold == 512",
        ),
    ),
]

# --- #31173 (5312a7284e): MLACommonPrefillMetadata.workspace_buffer inserted before q_data_type
WB = "5312a7284e"
WBW = "MLACommonPrefillMetadata gains workspace_buffer before q_data_type"
PM = "import torch\n\nfrom vllm.v1.attention.backends.mla.common import FlashInferPrefillMetadata, MLACommonPrefillMetadata\n\n\n"
CASES += [
    (
        "#31173 dataclass field inserted",
        "a positional build reaching q_data_type",
        K(
            "#31173",
            WB,
            WBW,
            "vllm/aeon/wb1.py",
            PM + "def aeon_prefill_meta(block_table, query_start_loc, max_query_len, query_seq_lens):\n"
            "    # AEON: the Spark's NVFP4 prefill runs the kernel in bf16\n"
            "    return MLACommonPrefillMetadata(block_table, query_start_loc, max_query_len, None, query_seq_lens, torch.bfloat16)\n",
            "return MLACommonPrefillMetadata(block_table, query_start_loc, max_query_len, None, query_seq_lens, torch.bfloat16)",
        ),
    ),
    (
        "#31173 dataclass field inserted",
        "a subclass's positional build",
        K(
            "#31173",
            WB,
            WBW,
            "vllm/aeon/wb2.py",
            PM + "def aeon_fi_prefill_meta(block_table, query_start_loc, max_query_len):\n"
            "    return FlashInferPrefillMetadata(block_table, query_start_loc, max_query_len, None, None, torch.float16)\n",
            "return FlashInferPrefillMetadata(block_table, query_start_loc, max_query_len, None, None, torch.float16)",
        ),
    ),
    (
        "#31173 dataclass field inserted",
        "a keyword build leaving the new field None (a twin until the blind run: upstream's TRT-LLM ragged "
        "prefill now asserts prefill.workspace_buffer, which the fork's own build leaves None)",
        K(
            "#31173",
            WB,
            WBW,
            "vllm/aeon/wb3.py",
            PM + "def aeon_prefill_meta_kw(block_table, query_start_loc, max_query_len):\n"
            "    return MLACommonPrefillMetadata(block_table, query_start_loc, max_query_len, q_data_type=torch.bfloat16)\n",
            "return MLACommonPrefillMetadata(block_table, query_start_loc, max_query_len, q_data_type=torch.bfloat16)",
        ),
    ),
    (
        "#31173 dataclass field inserted",
        "twin: a replace() of upstream-built metadata (added after the blind run)",
        K(
            "#31173",
            WB,
            WBW,
            "vllm/aeon/wb4.py",
            "import dataclasses\n\n"
            + PM
            + "def aeon_prefill_in_bf16(prefill: MLACommonPrefillMetadata) -> MLACommonPrefillMetadata:\n"
            "    return dataclasses.replace(prefill, q_data_type=torch.bfloat16)\n",
            "return dataclasses.replace(prefill, q_data_type=torch.bfloat16)",
        ),
    ),
]

# --- #33284 (aaa901ad55): the MLA impls' _forward_decode/_forward_prefill renamed forward_mqa/forward_mha
FD = "aaa901ad55"
FDW = "MLA impl hooks _forward_decode -> forward_mqa, _forward_prefill -> forward_mha"
FI = (
    "import torch\n\n"
    "from vllm.model_executor.layers.attention.mla_attention import MLACommonImpl\n"
    "from vllm.v1.attention.backends.mla.flashmla import FlashMLAImpl\n\n\n"
)
CASES += [
    (
        "#33284 hook renamed",
        "a subclass's override of the old hook",
        K(
            "#33284",
            FD,
            FDW,
            "vllm/aeon/fd1.py",
            FI + "class AeonFlashMLAImpl(FlashMLAImpl):\n"
            "    def _forward_decode(self, q, kv_c_and_k_pe_cache, attn_metadata, layer):\n"
            "        # AEON: the Spark's NVFP4 KV cache is dequantized before the decode kernel\n"
            "        kv = kv_c_and_k_pe_cache.to(torch.bfloat16)\n"
            "        return FlashMLAImpl._forward_decode(self, q, kv, attn_metadata, layer)\n",
            "def _forward_decode(self, q, kv_c_and_k_pe_cache, attn_metadata, layer):",
        ),
    ),
    (
        "#33284 hook renamed",
        "a super() call of the old hook",
        K(
            "#33284",
            FD,
            FDW,
            "vllm/aeon/fd2.py",
            FI + "class AeonTimedFlashMLAImpl(FlashMLAImpl):\n"
            "    def aeon_decode(self, q, kv_c_and_k_pe_cache, attn_metadata, layer):\n"
            "        out, lse = super()._forward_decode(q, kv_c_and_k_pe_cache, attn_metadata, layer)\n"
            "        return out, lse\n",
            "out, lse = super()._forward_decode(q, kv_c_and_k_pe_cache, attn_metadata, layer)",
        ),
    ),
    (
        "#33284 hook renamed",
        "an override of the common prefill hook",
        K(
            "#33284",
            FD,
            FDW,
            "vllm/aeon/fd3.py",
            FI + "class AeonPrefillImpl(MLACommonImpl):\n"
            "    def _forward_prefill(self, q, kv_c_normed, k_pe, kv_c_and_k_pe_cache, attn_metadata, k_scale, output):\n"
            "        # AEON: the Spark chunks long prefills to fit GB10's unified memory\n"
            "        output.zero_()\n",
            "def _forward_prefill(self, q, kv_c_normed, k_pe, kv_c_and_k_pe_cache, attn_metadata, k_scale, output):",
        ),
    ),
    (
        "#33284 hook renamed",
        "an override of process_weights_after_loading over super() (a twin until the blind run: the MLA layer "
        "no longer calls the impl's, and super() now lands on the base's no-op)",
        K(
            "#33284",
            FD,
            FDW,
            "vllm/aeon/fd4.py",
            FI + "class AeonLoadedFlashMLAImpl(FlashMLAImpl):\n"
            "    def process_weights_after_loading(self, act_dtype: torch.dtype):\n"
            "        super().process_weights_after_loading(act_dtype)\n",
            "super().process_weights_after_loading(act_dtype)",
        ),
    ),
    (
        "#33284 hook renamed",
        "twin: a subclass's read of kept attributes (added after the blind run)",
        K(
            "#33284",
            FD,
            FDW,
            "vllm/aeon/fd5.py",
            FI + "class AeonDimsFlashMLAImpl(FlashMLAImpl):\n"
            "    def aeon_head_dim(self) -> int:\n"
            "        return self.kv_lora_rank + self.qk_rope_head_dim\n",
            "return self.kv_lora_rank + self.qk_rope_head_dim",
        ),
    ),
]

# --- #32810 (889722f3bf): FlashMLADecodeMetadata.tile_scheduler_metadata/num_splits -> scheduler_metadata
SM = "889722f3bf"
SMW = "FlashMLADecodeMetadata tile_scheduler_metadata/num_splits folded into scheduler_metadata"
FS = "from vllm.v1.attention.backends.mla.flashmla import FlashMLADecodeMetadata, FlashMLAImpl, FlashMLAMetadataBuilder\n\n\n"
CASES += [
    (
        "#32810 dataclass fields removed",
        "a read off the decode metadata",
        K(
            "#32810",
            SM,
            SMW,
            "vllm/aeon/sm1.py",
            FS + "class AeonSplitsFlashMLAImpl(FlashMLAImpl):\n"
            "    def aeon_num_splits(self, attn_metadata) -> int:\n"
            "        # AEON: the Spark's 48 SMs cap the decode splits\n"
            "        return int(attn_metadata.decode.num_splits.numel())\n",
            "return int(attn_metadata.decode.num_splits.numel())",
        ),
    ),
    (
        "#32810 dataclass fields removed",
        "a keyword build with the removed fields",
        K(
            "#32810",
            SM,
            SMW,
            "vllm/aeon/sm2.py",
            FS + "def aeon_decode_meta(block_table, seq_lens, tile_md, splits):\n"
            "    return FlashMLADecodeMetadata(block_table=block_table, seq_lens=seq_lens, tile_scheduler_metadata=tile_md, num_splits=splits, dcp_tot_seq_lens=None)\n",
            "return FlashMLADecodeMetadata(block_table=block_table, seq_lens=seq_lens, tile_scheduler_metadata=tile_md, num_splits=splits, dcp_tot_seq_lens=None)",
        ),
    ),
    (
        "#32810 dataclass fields removed",
        "twin: the kept fields and the builder's cudagraph buffers",
        K(
            "#32810",
            SM,
            SMW,
            "vllm/aeon/sm3.py",
            FS + "class AeonBufFlashMLAMetadataBuilder(FlashMLAMetadataBuilder):\n"
            "    def aeon_has_graph_buffers(self, decode) -> bool:\n"
            "        return self.cg_buf_num_splits is not None and decode.block_table is not None\n",
            "return self.cg_buf_num_splits is not None and decode.block_table is not None",
        ),
    ),
]

# --- #47074 (b153dd3f28): flashinfer_mla's g_fi_workspace and FlashInferMLAImpl._workspace_buffer removed
FW = "b153dd3f28"
FWW = "g_fi_workspace and FlashInferMLAImpl._workspace_buffer removed"
CASES += [
    (
        "#47074 module global removed",
        "an import of the module workspace",
        K(
            "#47074",
            FW,
            FWW,
            "vllm/aeon/fw1.py",
            "from vllm.v1.attention.backends.mla.flashinfer_mla import g_fi_workspace\n\n\n"
            "def aeon_fi_workspace_bytes() -> int:\n"
            "    # AEON: GB10's unified memory budget counts the FlashInfer workspace\n"
            "    return g_fi_workspace.numel()\n",
            "from vllm.v1.attention.backends.mla.flashinfer_mla import g_fi_workspace",
        ),
    ),
    (
        "#47074 module global removed",
        "a subclass's self. read of the impl's workspace",
        K(
            "#47074",
            FW,
            FWW,
            "vllm/aeon/fw2.py",
            "from vllm.v1.attention.backends.mla.flashinfer_mla import FlashInferMLAImpl\n\n\n"
            "class AeonFlashInferMLAImpl(FlashInferMLAImpl):\n"
            "    def aeon_reset_workspace(self) -> None:\n"
            "        self._workspace_buffer.zero_()\n",
            "self._workspace_buffer.zero_()",
        ),
    ),
    (
        "#47074 module global removed",
        "twin: the kept size constant",
        K(
            "#47074",
            FW,
            FWW,
            "vllm/aeon/fw3.py",
            "from vllm.v1.attention.backends.mla.flashinfer_mla import FLASHINFER_MLA_WORKSPACE_BUFFER_SIZE\n\n\n"
            "def aeon_fi_workspace_bytes2() -> int:\n"
            "    return FLASHINFER_MLA_WORKSPACE_BUFFER_SIZE\n",
            "from vllm.v1.attention.backends.mla.flashinfer_mla import FLASHINFER_MLA_WORKSPACE_BUFFER_SIZE",
        ),
    ),
]

# --- #52550 (967e104fad): indexer_kv_dtype default "bf16" -> "auto"; use_fp4_indexer_cache default False -> None
KV = "967e104fad"
KVW = 'AttentionConfig.indexer_kv_dtype default "bf16" -> "auto", use_fp4_indexer_cache False -> None'
AC = "from vllm.config import VllmConfig\n\n\n"
CASES += [
    (
        "#52550 config default changed",
        "a comparison with the old default",
        K(
            "#52550",
            KV,
            KVW,
            "vllm/aeon/kv1.py",
            AC + "def aeon_indexer_cache_unquantized(vllm_config: VllmConfig) -> bool:\n"
            "    # AEON: the Spark keeps the indexer K cache in bf16 unless the operator asked otherwise\n"
            '    return vllm_config.attention_config.indexer_kv_dtype == "bf16"\n',
            'return vllm_config.attention_config.indexer_kv_dtype == "bf16"',
        ),
    ),
    (
        "#52550 config default changed",
        "an is-test of the old default",
        K(
            "#52550",
            KV,
            KVW,
            "vllm/aeon/kv2.py",
            AC + "def aeon_fp4_indexer_off(vllm_config: VllmConfig) -> bool:\n"
            "    # AEON: sm_121a has no MXFP4 indexer kernel\n"
            "    return vllm_config.attention_config.use_fp4_indexer_cache is False\n",
            "return vllm_config.attention_config.use_fp4_indexer_cache is False",
        ),
    ),
    (
        "#52550 config default changed",
        "twin: a truthiness test and a non-default value",
        K(
            "#52550",
            KV,
            KVW,
            "vllm/aeon/kv3.py",
            AC + "def aeon_fp4_indexer_on(vllm_config: VllmConfig) -> bool:\n"
            "    cfg = vllm_config.attention_config\n"
            '    return bool(cfg.use_fp4_indexer_cache) or cfg.indexer_kv_dtype == "mxfp4"\n',
            'return bool(cfg.use_fp4_indexer_cache) or cfg.indexer_kv_dtype == "mxfp4"',
        ),
    ),
]

# --- #42135 (ee58665aac): the indexer's decode_seq_lens_buffer made 1-D (native MTP had it 2-D)
SL = "ee58665aac"
SLW = "DeepseekV32IndexerMetadataBuilder.decode_seq_lens_buffer 2-D -> 1-D"
CASES += [
    (
        "#42135 buffer rank changed",
        "a 2-D subscript of the buffer",
        K(
            "#42135",
            SL,
            SLW,
            "vllm/aeon/sl1.py",
            IX + "class AeonMtpIndexerMetadataBuilder(DeepseekV32IndexerMetadataBuilder):\n"
            "    def aeon_draft_seq_lens(self, num_decodes: int, next_n: int):\n"
            "        # AEON: the Spark's MTP drafter reads the per-token context lengths\n"
            "        return self.decode_seq_lens_buffer[:num_decodes, :next_n]\n",
            "return self.decode_seq_lens_buffer[:num_decodes, :next_n]",
        ),
    ),
    (
        "#42135 buffer rank changed",
        "the buffer's second dimension read",
        K(
            "#42135",
            SL,
            SLW,
            "vllm/aeon/sl2.py",
            IX + "class AeonMtpIndexerMetadataBuilder2(DeepseekV32IndexerMetadataBuilder):\n"
            "    def aeon_native_next_n(self) -> int:\n"
            "        return self.decode_seq_lens_buffer.size(1)\n",
            "return self.decode_seq_lens_buffer.size(1)",
        ),
    ),
    (
        "#42135 buffer rank changed",
        "twin: a 1-D slice of the buffer",
        K(
            "#42135",
            SL,
            SLW,
            "vllm/aeon/sl3.py",
            IX + "class AeonFlatIndexerMetadataBuilder(DeepseekV32IndexerMetadataBuilder):\n"
            "    def aeon_flat_seq_lens(self, n: int):\n"
            "        return self.decode_seq_lens_buffer.view(-1)[:n]\n",
            "return self.decode_seq_lens_buffer.view(-1)[:n]",
        ),
    ),
]

# --- #44699 (2a983c79ac): the DeepSeek-V4 C128A state moved out of flashmla_sparse
C1 = "2a983c79ac"
C1W = "FlashMLASparse C128A builder attributes, metadata fields and build_c128a_topk_metadata moved out"
FSP = "from vllm.v1.attention.backends.mla.flashmla_sparse import FlashMLASparseMetadata, FlashMLASparseMetadataBuilder\n\n\n"
CASES += [
    (
        "#44699 builder attribute removed",
        "a subclass's self. read",
        K(
            "#44699",
            C1,
            C1W,
            "vllm/aeon/c11.py",
            FSP + "class AeonSparseMetadataBuilder(FlashMLASparseMetadataBuilder):\n"
            "    def aeon_compressed(self) -> bool:\n"
            "        # AEON: the Spark serves DeepSeek-V4's compressed layers through FlashMLA-sparse\n"
            "        return self.is_deepseek_v4 and self.compress_ratio > 1\n",
            "return self.is_deepseek_v4 and self.compress_ratio > 1",
        ),
    ),
    (
        "#44699 builder attribute removed",
        "a read off the metadata",
        K(
            "#44699",
            C1,
            C1W,
            "vllm/aeon/c12.py",
            FSP + "def aeon_c128a_lens(md: FlashMLASparseMetadata):\n    return md.c128a_decode_topk_lens\n",
            "return md.c128a_decode_topk_lens",
        ),
    ),
    (
        "#44699 builder attribute removed",
        "an import of the moved function",
        K(
            "#44699",
            C1,
            C1W,
            "vllm/aeon/c13.py",
            "from vllm.v1.attention.backends.mla.flashmla_sparse import build_c128a_topk_metadata\n\n"
            "AEON_C128A = build_c128a_topk_metadata\n",
            "from vllm.v1.attention.backends.mla.flashmla_sparse import build_c128a_topk_metadata",
        ),
    ),
    (
        "#44699 builder attribute removed",
        "twin: the kept metadata fields",
        K(
            "#44699",
            C1,
            C1W,
            "vllm/aeon/c14.py",
            FSP + "def aeon_topk(md: FlashMLASparseMetadata) -> int:\n"
            "    return md.topk_tokens if md.fp8_use_mixed_batch else md.block_size\n",
            "return md.topk_tokens if md.fp8_use_mixed_batch else md.block_size",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-mlasparse-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
