"""A blind replay of the MLA and FlashInfer attention backends a fork that tunes them carries code against.

10 first-parent commits (and 7 and 4 more in a second and a third blind batch, below) on the surface a fork
that tunes the MLA and FlashInfer backends writes code against --
vllm/v1/attention/backends/mla/ (common.py's builders and workspace, the MLA prefill backends' class knobs and
selector record, the module moved to the model executor), vllm/v1/attention/backends/flashinfer.py (the
metadata record's fields, the impl's attributes, the decode metadata classes, the plan helper's parameters,
the backend's hooks and block-size knob, the workspace constant) and vllm/v1/attention/backends/utils.py (a
head-count helper) -- picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding the
commits the other replays use.  The commits: #43525 (the prefill backends' ``requires_r1_mla_dimensions``
knob, ``MLAPrefillSelectorConfig.is_r1_compatible`` and ``is_deepseek_r1_mla_compatible`` replaced by
``supported_mla_dimensions``), #43241 (``get_num_attention_heads_from_layers`` removed), #34687
(``fast_plan_decode``'s ``seq_lens_cpu`` parameter removed from the middle of its positionals), #43232
(``TRTLLMDecode`` renamed, ``FlashInferImpl.support_trtllm_attn`` renamed), #28269
(``FLASHINFER_WORKSPACE_BUFFER_SIZE`` removed for an env var), #28370 (``get_metadata_cls`` removed from
every backend), #26541 (``supports_uniform_spec_as_decode`` replaced by ``query_len_support``), #29084
(``supported_kernel_block_sizes`` made the hook ``get_supported_kernel_block_sizes()``), #32060 (mla/common.py
moved to the model executor), #21137 (``FlashInferMetadata.qo_indptr`` and friends renamed ``*_cpu``, its
``query_start_loc`` property removed).  The second batch: #50613 (``run_prefill_context_chunk``'s ``chunk_idx`` now
``chunk``), #47485 (``get_q_data_type`` made an instance method), #21367 (``full_cudagraph_supported`` replaced
by ``attn_cudagraph_support``), #25274 (``_DEFAULT_MAX_NUM_SPLITS_FOR_CUDA_GRAPH`` removed), #32215 (the
``subclass_attention_backend`` helpers moved to backend.py), #22703 (``fused_output_quant_supported`` takes a
``QuantKey``), #21188 (``FlashInferImpl``'s ``use_irope`` removed).  The third: #26541 again (its base's
new assertion on ``reorder_batch_threshold``), #42175 (``supports_combination`` gained ``use_mm_prefix``),
#23147 (``fast_plan_decode`` gained ``seq_lens_cpu``), #47451 (the CuTeDSL warmup hook renamed).  Each is
replayed under 1-3 fork spellings
written the way fork code is written (a class-attribute knob on a subclass, a keyword to a record, an import of
a removed or moved name, a positional call, a module-attribute assignment, a read off ``self`` in an impl
subclass, a classmethod call off a backend, a read off a typed metadata record, an override of a hook whose
parameters changed, a keyword handed on to ``super().__init__``), with twins (fork code the commit does not
break).  The merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an
error lands on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on
their line.

Blind, on the engine before any widening (main at bfa20111): 18 caught, 2 warned, 0 missed of 20 (twins: 10
quiet, 0 false errors).  Warned: #43525's ``requires_r1_mla_dimensions = False`` under FlashInfer's prefill
backend and #26541's ``supports_uniform_spec_as_decode = True`` under the MLA builder (a knob upstream dropped
from the base and every class of its own that set it: "the fork's value is dead; drop it"; but upstream set a
new attribute in its stead in each of them, and the fork's class inherits its base's choice, the one it opted
out of).  After the killers67 widening: 20 caught, 0 warned, 0 missed of 20 (twins: 10 quiet, 0 false errors).
Caught now: a knob replaced by an attribute every class that set it gained, set by a fork class to a value
other than the one it inherited (symbol drift, ``drift/replaced_knobs.py``).

The second blind batch (7 commits, written after that widening and run on it, at 750e7c76): 7 caught, 0
warned, 1 missed of 8 (twins: 2 quiet, 1 false error).  The miss was no killer: #32215 moved
``subclass_attention_backend`` to backend.py and utils.py imports it back, so the fork's import still
resolves (relabelled a twin; a spelling of ``subclass_attention_backend_with_overrides``, which utils.py no
longer imports, added after the run).  The false error: #21367's ``full_cudagraph_supported = True`` under
FlashMLA's builder, the value the class inherited, read nowhere after the merge (one ROCm backend of
upstream's still sets it, so it was not judged retired): an override that changed nothing and reaches
nothing, a warning now.
After (931fbe47): 28 caught, 0 warned, 0 missed of 28 (twins: 14 quiet, 1 of them warned, 0 false errors).
The third blind batch (4 commits, written after that fix and run on it, at 931fbe47): 3 caught, 0 warned, 1
missed of 4 (twins: 2 quiet, 0 false errors).  The miss: #26541's ``reorder_batch_threshold = 4`` on an MLA
builder subclass, a value the ``assert self.reorder_batch_threshold == 1`` upstream added to the base's
``__init__`` (under ``query_len_support == SINGLE_ONLY``, the class's inherited value) now fails.  Caught now:
a fork class body's literal that an assertion upstream added to a reached base method refuses, under guards
that hold for the class (symbol drift, ``drift/asserted_values.py``; a guard-false twin, a FlashMLA builder,
added after the run).
All, after (273529ca; 15ec8a43 only splits its code): 32 caught, 0 warned, 0 missed of 32 (twins: 17 quiet, 1
of them warned, 0 false errors).

  python benchmarks/blind_replay_mla.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #43525 (9d4dc4ca2f): the MLA prefill backends' R1-dimension gate generalised to supported_mla_dimensions
R1 = "9d4dc4ca2f"
R1W = "requires_r1_mla_dimensions / is_r1_compatible / is_deepseek_r1_mla_compatible replaced"
CASES += [
    (
        "#43525 class knob replaced",
        "a subclass opting out through the retired class attribute",
        K(
            "#43525",
            R1,
            R1W,
            "vllm/aeon/r1a.py",
            "from vllm.v1.attention.backends.mla.prefill.flashinfer import FlashInferPrefillBackend\n\n\n"
            "class AeonFlashInferPrefillBackend(FlashInferPrefillBackend):\n"
            "    # AEON: GB10 runs FlashInfer's ragged prefill for the non-R1 MLA shapes too\n"
            "    requires_r1_mla_dimensions = False\n",
            "requires_r1_mla_dimensions = False",
        ),
    ),
    (
        "#43525 record field removed",
        "a keyword to the selector record",
        K(
            "#43525",
            R1,
            R1W,
            "vllm/aeon/r1b.py",
            "import torch\n\n"
            "from vllm.v1.attention.backends.mla.prefill.selector import MLAPrefillSelectorConfig\n\n\n"
            "def aeon_selector_config() -> MLAPrefillSelectorConfig:\n"
            "    return MLAPrefillSelectorConfig(dtype=torch.bfloat16, is_r1_compatible=True)\n",
            "return MLAPrefillSelectorConfig(dtype=torch.bfloat16, is_r1_compatible=True)",
        ),
    ),
    (
        "#43525 helper removed",
        "an import of the removed helper",
        K(
            "#43525",
            R1,
            R1W,
            "vllm/aeon/r1c.py",
            "from vllm.config import VllmConfig\n"
            "from vllm.v1.attention.backends.mla.prefill.selector import is_deepseek_r1_mla_compatible\n\n\n"
            "def aeon_use_trtllm_ragged(vllm_config: VllmConfig) -> bool:\n"
            "    return is_deepseek_r1_mla_compatible(vllm_config)\n",
            "from vllm.v1.attention.backends.mla.prefill.selector import is_deepseek_r1_mla_compatible",
        ),
    ),
    (
        "#43525 class knob replaced",
        "twin: a read of the record's dtype",
        K(
            "#43525",
            R1,
            R1W,
            "vllm/aeon/r1d.py",
            "import torch\n\n"
            "from vllm.v1.attention.backends.mla.prefill.selector import MLAPrefillSelectorConfig\n\n\n"
            "def aeon_is_bf16(config: MLAPrefillSelectorConfig) -> bool:\n"
            "    return config.dtype == torch.bfloat16\n",
            "return config.dtype == torch.bfloat16",
        ),
    ),
]

# --- #43241 (ceb0111a90): utils.get_num_attention_heads_from_layers removed
NH = "ceb0111a90"
NHW = "get_num_attention_heads_from_layers removed"
CASES += [
    (
        "#43241 helper removed",
        "a module-attribute call of the removed helper",
        K(
            "#43241",
            NH,
            NHW,
            "vllm/aeon/nh1.py",
            "from vllm.config import VllmConfig\n"
            "from vllm.v1.attention.backends import utils as attn_utils\n\n\n"
            "def aeon_num_qo_heads(vllm_config: VllmConfig, layer_names: list[str]) -> int | None:\n"
            "    # AEON: the Spark's hybrid models mix head counts per layer group\n"
            "    return attn_utils.get_num_attention_heads_from_layers(vllm_config, layer_names)\n",
            "return attn_utils.get_num_attention_heads_from_layers(vllm_config, layer_names)",
        ),
    ),
    (
        "#43241 helper removed",
        "twin: the per-layer parameters helper kept",
        K(
            "#43241",
            NH,
            NHW,
            "vllm/aeon/nh2.py",
            "from vllm.v1.attention.backends.utils import get_per_layer_parameters\n\n\n"
            "def aeon_params(vllm_config, impl_cls):\n"
            "    return get_per_layer_parameters(vllm_config, impl_cls)\n",
            "from vllm.v1.attention.backends.utils import get_per_layer_parameters",
        ),
    ),
]

# --- #34687 (56a6371706): fast_plan_decode's seq_lens_cpu parameter removed (the fifth positional)
FP = "56a6371706"
FPW = "fast_plan_decode seq_lens_cpu removed"
FPI = "from vllm.v1.attention.backends.flashinfer import fast_plan_decode\n\n\n"
CASES += [
    (
        "#34687 positional parameter removed",
        "a positional call that still passes it",
        K(
            "#34687",
            FP,
            FPW,
            "vllm/aeon/fp1.py",
            FPI + "def aeon_replan(wrapper, indptr, indices, last_page_len, seq_lens_cpu, heads, kv_heads, head_dim):\n"
            "    # AEON: GB10 replans the captured decode wrapper with a 64-token page\n"
            "    fast_plan_decode(wrapper, indptr, indices, last_page_len, seq_lens_cpu, heads, kv_heads, head_dim, 64)\n",
            "fast_plan_decode(wrapper, indptr, indices, last_page_len, seq_lens_cpu, heads, kv_heads, head_dim, 64)",
        ),
    ),
    (
        "#34687 positional parameter removed",
        "a keyword of the removed parameter",
        K(
            "#34687",
            FP,
            FPW,
            "vllm/aeon/fp2.py",
            FPI + "def aeon_replan2(wrapper, indptr, indices, last, seq_lens, heads, kv_heads, head_dim):\n"
            "    fast_plan_decode(wrapper, indptr, indices, last, seq_lens_cpu=seq_lens, num_qo_heads=heads, num_kv_heads=kv_heads, head_dim=head_dim, page_size=64)\n",
            "fast_plan_decode(wrapper, indptr, indices, last, seq_lens_cpu=seq_lens, num_qo_heads=heads, num_kv_heads=kv_heads, head_dim=head_dim, page_size=64)",
        ),
    ),
    (
        "#34687 positional parameter removed",
        "twin: a partial on a trailing keyword",
        K(
            "#34687",
            FP,
            FPW,
            "vllm/aeon/fp3.py",
            "import functools\n\n" + FPI + "aeon_plan = functools.partial(fast_plan_decode, window_left=-1)\n",
            "aeon_plan = functools.partial(fast_plan_decode, window_left=-1)",
        ),
    ),
]

# --- #43232 (d29125c085): XQA decode; TRTLLMDecode renamed, FlashInferImpl.support_trtllm_attn renamed
XQ = "d29125c085"
XQW = "TRTLLMDecode -> FlashInferTrtllmAPIDecode, support_trtllm_attn -> supports_xqa_or_trtllm_gen_decode"
FI = "from vllm.v1.attention.backends.flashinfer import FlashInferImpl\n\n\n"
CASES += [
    (
        "#43232 impl attribute renamed",
        "a read off self in an impl subclass",
        K(
            "#43232",
            XQ,
            XQW,
            "vllm/aeon/xq1.py",
            FI + "class AeonFlashInferImpl(FlashInferImpl):\n"
            "    def aeon_can_fuse_fp8_out(self) -> bool:\n"
            "        # AEON: fuse the output quant only where trtllm-gen runs\n"
            "        return self.support_trtllm_attn and self.kv_cache_dtype.startswith('fp8')\n",
            "return self.support_trtllm_attn and self.kv_cache_dtype.startswith('fp8')",
        ),
    ),
    (
        "#43232 decode metadata class renamed",
        "an import for an isinstance check",
        K(
            "#43232",
            XQ,
            XQW,
            "vllm/aeon/xq2.py",
            "from vllm.v1.attention.backends.flashinfer import FlashInferMetadata, TRTLLMDecode\n\n\n"
            "def aeon_decodes_on_trtllm(metadata: FlashInferMetadata) -> bool:\n"
            "    return isinstance(metadata.decode, TRTLLMDecode)\n",
            "from vllm.v1.attention.backends.flashinfer import FlashInferMetadata, TRTLLMDecode",
        ),
    ),
    (
        "#43232 impl attribute renamed",
        "twin: a kept impl attribute",
        K(
            "#43232",
            XQ,
            XQW,
            "vllm/aeon/xq3.py",
            FI + "class AeonFlashInferImpl2(FlashInferImpl):\n"
            "    def aeon_quant_query(self) -> bool:\n"
            "        return self.supports_quant_query_input\n",
            "return self.supports_quant_query_input",
        ),
    ),
]

# --- #28269 (412e153df5): FLASHINFER_WORKSPACE_BUFFER_SIZE removed (flashinfer.py, mla/common.py) for an env var
WS = "412e153df5"
WSW = "FLASHINFER_WORKSPACE_BUFFER_SIZE -> VLLM_FLASHINFER_WORKSPACE_BUFFER_SIZE"
CASES += [
    (
        "#28269 module constant removed",
        "a module-attribute assignment tuning the workspace",
        K(
            "#28269",
            WS,
            WSW,
            "vllm/aeon/ws1.py",
            "from vllm.v1.attention.backends import flashinfer as fi_backend\n\n\n"
            "def aeon_tune_workspace() -> None:\n"
            "    # AEON: GB10's unified memory takes a 512 MiB FlashInfer workspace\n"
            "    fi_backend.FLASHINFER_WORKSPACE_BUFFER_SIZE = 512 * 1024 * 1024\n",
            "fi_backend.FLASHINFER_WORKSPACE_BUFFER_SIZE = 512 * 1024 * 1024",
        ),
    ),
    (
        "#28269 module constant removed",
        "an import of the MLA workspace size",
        K(
            "#28269",
            WS,
            WSW,
            "vllm/aeon/ws2.py",
            "from vllm.v1.attention.backends.mla.common import FLASHINFER_WORKSPACE_BUFFER_SIZE\n\n"
            "AEON_WORKSPACE_MIB = FLASHINFER_WORKSPACE_BUFFER_SIZE // (1024 * 1024)\n",
            "from vllm.v1.attention.backends.mla.common import FLASHINFER_WORKSPACE_BUFFER_SIZE",
        ),
    ),
    (
        "#28269 module constant removed",
        "twin: the MLA builder import kept",
        K(
            "#28269",
            WS,
            WSW,
            "vllm/aeon/ws3.py",
            "from vllm.v1.attention.backends.mla.common import MLACommonMetadataBuilder\n\n"
            "AEON_BUILDER = MLACommonMetadataBuilder\n",
            "from vllm.v1.attention.backends.mla.common import MLACommonMetadataBuilder",
        ),
    ),
]

# --- #28370 (e8697faf03): get_metadata_cls removed from AttentionBackend and every backend
MC = "e8697faf03"
MCW = "get_metadata_cls removed"
CASES += [
    (
        "#28370 backend hook removed",
        "a call off a backend class",
        K(
            "#28370",
            MC,
            MCW,
            "vllm/aeon/mc1.py",
            "from vllm.v1.attention.backends.flashinfer import FlashInferBackend\n\n\n"
            "def aeon_metadata_fields() -> list[str]:\n"
            "    return list(FlashInferBackend.get_metadata_cls().__dataclass_fields__)\n",
            "return list(FlashInferBackend.get_metadata_cls().__dataclass_fields__)",
        ),
    ),
    (
        "#28370 backend hook removed",
        "a call off an MLA backend's subclass",
        K(
            "#28370",
            MC,
            MCW,
            "vllm/aeon/mc2.py",
            "from vllm.v1.attention.backends.mla.flashmla import FlashMLABackend\n\n\n"
            "class AeonFlashMLABackend(FlashMLABackend):\n"
            "    @classmethod\n"
            "    def aeon_metadata_name(cls) -> str:\n"
            "        return cls.get_metadata_cls().__name__\n",
            "return cls.get_metadata_cls().__name__",
        ),
    ),
    (
        "#28370 backend hook removed",
        "twin: the builder hook kept",
        K(
            "#28370",
            MC,
            MCW,
            "vllm/aeon/mc3.py",
            "from vllm.v1.attention.backends.flashinfer import FlashInferBackend\n\n\n"
            "def aeon_builder_name() -> str:\n"
            "    return FlashInferBackend.get_builder_cls().__name__\n",
            "return FlashInferBackend.get_builder_cls().__name__",
        ),
    ),
]

# --- #26541 (82af928c41): MLACommonMetadataBuilder.supports_uniform_spec_as_decode -> query_len_support
SD = "82af928c41"
SDW = "supports_uniform_spec_as_decode -> query_len_support"
MB = "from vllm.v1.attention.backends.mla.common import MLACommonMetadata, MLACommonMetadataBuilder\n\n\n"
CASES += [
    (
        "#26541 class knob replaced",
        "a builder subclass opting in through the retired knob",
        K(
            "#26541",
            SD,
            SDW,
            "vllm/aeon/sd1.py",
            MB + "class AeonTritonMLAMetadataBuilder(MLACommonMetadataBuilder[MLACommonMetadata]):\n"
            "    # AEON: MTP verification runs as decode on the Spark's Triton MLA path\n"
            "    supports_uniform_spec_as_decode = True\n",
            "supports_uniform_spec_as_decode = True",
        ),
    ),
    (
        "#26541 class knob replaced",
        "a read off a builder class parameter",
        K(
            "#26541",
            SD,
            SDW,
            "vllm/aeon/sd2.py",
            MB + "def aeon_spec_as_decode(builder_cls: type[MLACommonMetadataBuilder]) -> bool:\n"
            "    return builder_cls.supports_uniform_spec_as_decode\n",
            "return builder_cls.supports_uniform_spec_as_decode",
        ),
    ),
    (
        "#26541 class knob replaced",
        "twin: the decode threshold read",
        K(
            "#26541",
            SD,
            SDW,
            "vllm/aeon/sd3.py",
            MB + "class AeonBuilder3(MLACommonMetadataBuilder[MLACommonMetadata]):\n"
            "    def aeon_threshold(self) -> int | None:\n"
            "        return self.reorder_batch_threshold\n",
            "return self.reorder_batch_threshold",
        ),
    ),
]

# --- #29084 (066209a045): supported_kernel_block_sizes class attribute -> get_supported_kernel_block_sizes()
KB = "066209a045"
KBW = "supported_kernel_block_sizes -> get_supported_kernel_block_sizes()"
FB = "from vllm.v1.attention.backends.flashinfer import FlashInferBackend\n\n\n"
CASES += [
    (
        "#29084 class knob made a hook",
        "a backend subclass widening the retired attribute",
        K(
            "#29084",
            KB,
            KBW,
            "vllm/aeon/kb1.py",
            FB + "class AeonFlashInferBackend(FlashInferBackend):\n"
            "    # AEON: GB10's FlashInfer build runs 128-token pages too\n"
            "    supported_kernel_block_sizes = [16, 32, 64, 128]\n",
            "supported_kernel_block_sizes = [16, 32, 64, 128]",
        ),
    ),
    (
        "#29084 class knob made a hook",
        "a read off the backend class",
        K(
            "#29084",
            KB,
            KBW,
            "vllm/aeon/kb2.py",
            FB + "def aeon_page_ok(block_size: int) -> bool:\n"
            "    return block_size in FlashInferBackend.supported_kernel_block_sizes\n",
            "return block_size in FlashInferBackend.supported_kernel_block_sizes",
        ),
    ),
    (
        "#29084 class knob made a hook",
        "twin: a kept class knob widened",
        K(
            "#29084",
            KB,
            KBW,
            "vllm/aeon/kb3.py",
            FB + "class AeonFlashInferBackend3(FlashInferBackend):\n"
            "    supported_kv_cache_dtypes = ['auto', 'fp8', 'fp8_e4m3']\n",
            "supported_kv_cache_dtypes = ['auto', 'fp8', 'fp8_e4m3']",
        ),
    ),
]

# --- #32060 (2263d44b68): vllm/v1/attention/backends/mla/common.py moved to the model executor
MV = "2263d44b68"
MVW = "mla/common.py -> model_executor/layers/attention/mla_attention.py"
CASES += [
    (
        "#32060 module moved",
        "an import of the impl base from the old module",
        K(
            "#32060",
            MV,
            MVW,
            "vllm/aeon/mv1.py",
            "from vllm.v1.attention.backends.mla.common import MLACommonImpl, MLACommonMetadata\n\n\n"
            "class AeonMLAImpl(MLACommonImpl[MLACommonMetadata]):\n"
            "    pass\n",
            "from vllm.v1.attention.backends.mla.common import MLACommonImpl, MLACommonMetadata",
        ),
    ),
    (
        "#32060 module moved",
        "a module import of the old path",
        K(
            "#32060",
            MV,
            MVW,
            "vllm/aeon/mv2.py",
            "import vllm.v1.attention.backends.mla.common as mla_common\n\n\n"
            "def aeon_is_mla_builder(builder) -> bool:\n"
            "    return isinstance(builder, mla_common.MLACommonMetadataBuilder)\n",
            "import vllm.v1.attention.backends.mla.common as mla_common",
        ),
    ),
    (
        "#32060 module moved",
        "twin: a backend module that stayed",
        K(
            "#32060",
            MV,
            MVW,
            "vllm/aeon/mv3.py",
            "from vllm.v1.attention.backends.mla.flashmla import FlashMLAImpl\n\n\n"
            "class AeonFlashMLAImpl(FlashMLAImpl):\n"
            "    pass\n",
            "from vllm.v1.attention.backends.mla.flashmla import FlashMLAImpl",
        ),
    ),
]

# --- #21137 (61b8cea3b4): FlashInferMetadata's indptr fields renamed *_cpu, its query_start_loc property removed
QI = "61b8cea3b4"
QIW = "FlashInferMetadata.qo_indptr -> qo_indptr_cpu, query_start_loc removed"
FM = "from vllm.v1.attention.backends.flashinfer import FlashInferMetadata\n\n\n"
CASES += [
    (
        "#21137 record field renamed",
        "a read off a typed metadata record",
        K(
            "#21137",
            QI,
            QIW,
            "vllm/aeon/qi1.py",
            FM + "def aeon_num_tokens(metadata: FlashInferMetadata) -> int:\n    return int(metadata.qo_indptr[-1])\n",
            "return int(metadata.qo_indptr[-1])",
        ),
    ),
    (
        "#21137 property removed",
        "a read of the removed property",
        K(
            "#21137",
            QI,
            QIW,
            "vllm/aeon/qi2.py",
            FM + "def aeon_query_starts(metadata: FlashInferMetadata):\n"
            "    # AEON: the Spark's sampler offsets read the query starts off the metadata\n"
            "    return metadata.query_start_loc\n",
            "return metadata.query_start_loc",
        ),
    ),
    (
        "#21137 record field renamed",
        "twin: the kept page indices",
        K(
            "#21137",
            QI,
            QIW,
            "vllm/aeon/qi3.py",
            FM + "def aeon_num_pages(metadata: FlashInferMetadata) -> int:\n"
            "    return metadata.paged_kv_indices.numel()\n",
            "return metadata.paged_kv_indices.numel()",
        ),
    ),
]

# ---- the second blind batch (killers67, written after the first's widening, before running the engine on it) ----

# --- #50613 (b38e111d3e): MLAPrefillBackend.run_prefill_context_chunk(chunk_idx, ...) -> (chunk, ...), called by keyword
CC = "b38e111d3e"
CCW = "run_prefill_context_chunk chunk_idx -> chunk"
PB = "from vllm.v1.attention.backends.mla.prefill.flashinfer import FlashInferPrefillBackend\n\n\n"
CASES += [
    (
        "#50613 hook parameter renamed",
        "an override with the old parameter",
        K(
            "#50613",
            CC,
            CCW,
            "vllm/aeon/cc1.py",
            PB + "class AeonPrefillBackend(FlashInferPrefillBackend):\n"
            "    def run_prefill_context_chunk(self, chunk_idx, q, k, v):\n"
            "        # AEON: the Spark's context chunks go through the ragged kernel one by one\n"
            "        return super().run_prefill_context_chunk(chunk_idx, q, k, v)\n",
            "def run_prefill_context_chunk(self, chunk_idx, q, k, v):",
        ),
    ),
    (
        "#50613 hook parameter renamed",
        "a keyword call with the old name",
        K(
            "#50613",
            CC,
            CCW,
            "vllm/aeon/cc2.py",
            PB + "def aeon_first_chunk(backend: FlashInferPrefillBackend, q, k, v):\n"
            "    return backend.run_prefill_context_chunk(chunk_idx=0, q=q, k=k, v=v)\n",
            "return backend.run_prefill_context_chunk(chunk_idx=0, q=q, k=k, v=v)",
        ),
    ),
    (
        "#50613 hook parameter renamed",
        "twin: a pass-through override",
        K(
            "#50613",
            CC,
            CCW,
            "vllm/aeon/cc3.py",
            PB + "class AeonPrefillBackend3(FlashInferPrefillBackend):\n"
            "    def run_prefill_context_chunk(self, *args, **kwargs):\n"
            "        return super().run_prefill_context_chunk(*args, **kwargs)\n",
            "def run_prefill_context_chunk(self, *args, **kwargs):",
        ),
    ),
]

# --- #47485 (41de1380c2): FlashInferMetadataBuilder.get_q_data_type made an instance method of is_prefill alone
QD = "41de1380c2"
QDW = "get_q_data_type(cls, vllm_config, kv_cache_spec, is_prefill) -> (self, is_prefill)"
CASES += [
    (
        "#47485 classmethod made an instance method",
        "a call off the builder class",
        K(
            "#47485",
            QD,
            QDW,
            "vllm/aeon/qd1.py",
            "from vllm.v1.attention.backends.flashinfer import FlashInferMetadataBuilder\n\n\n"
            "def aeon_prefill_q_dtype(vllm_config, kv_cache_spec):\n"
            "    # AEON: the Spark's FP8 prefill path needs the query dtype before the builder exists\n"
            "    return FlashInferMetadataBuilder.get_q_data_type(vllm_config, kv_cache_spec, True)\n",
            "return FlashInferMetadataBuilder.get_q_data_type(vllm_config, kv_cache_spec, True)",
        ),
    ),
]

# --- #21367 (23322431c8): AttentionMetadataBuilder.full_cudagraph_supported -> attn_cudagraph_support (an enum)
CG = "23322431c8"
CGW = "full_cudagraph_supported -> attn_cudagraph_support"
FMB = "from vllm.v1.attention.backends.mla.flashmla import FlashMLAMetadataBuilder\n\n\n"
CASES += [
    (
        "#21367 class knob replaced",
        "a builder subclass opting out of full cudagraphs",
        K(
            "#21367",
            CG,
            CGW,
            "vllm/aeon/cg1.py",
            FMB + "class AeonFlashMLAMetadataBuilder(FlashMLAMetadataBuilder):\n"
            "    # AEON: the sm_12x FlashMLA port is not graph-safe yet\n"
            "    full_cudagraph_supported = False\n",
            "full_cudagraph_supported = False",
        ),
    ),
    (
        "#21367 class knob replaced",
        "twin: the inherited value restated",
        K(
            "#21367",
            CG,
            CGW,
            "vllm/aeon/cg2.py",
            FMB + "class AeonFlashMLAMetadataBuilder2(FlashMLAMetadataBuilder):\n    full_cudagraph_supported = True\n",
            "full_cudagraph_supported = True",
        ),
    ),
]

# --- #25274 (cfbee3d0e7): _DEFAULT_MAX_NUM_SPLITS_FOR_CUDA_GRAPH removed (flash_attn, flashattn_mla) for an env var
NS = "cfbee3d0e7"
NSW = "_DEFAULT_MAX_NUM_SPLITS_FOR_CUDA_GRAPH -> VLLM_FLASH_ATTN_MAX_NUM_SPLITS_FOR_CUDA_GRAPH"
CASES += [
    (
        "#25274 module constant removed",
        "a module-attribute assignment tuning the splits",
        K(
            "#25274",
            NS,
            NSW,
            "vllm/aeon/ns1.py",
            "from vllm.v1.attention.backends.mla import flashattn_mla\n\n\n"
            "def aeon_tune_splits() -> None:\n"
            "    # AEON: GB10's 48 SMs want more splits under cudagraphs\n"
            "    flashattn_mla._DEFAULT_MAX_NUM_SPLITS_FOR_CUDA_GRAPH = 32\n",
            "flashattn_mla._DEFAULT_MAX_NUM_SPLITS_FOR_CUDA_GRAPH = 32",
        ),
    ),
]

# --- #32215 (98f60e5acb): subclass_attention_backend and friends moved from backends/utils.py to backend.py
SB = "98f60e5acb"
SBW = "subclass_attention_backend moved to vllm.v1.attention.backend"
CASES += [
    (
        "#32215 helper moved",
        "twin: a moved helper the old module still imports (blind, a spelling counted missed: utils.py imports it back)",
        K(
            "#32215",
            SB,
            SBW,
            "vllm/aeon/sb1.py",
            "from vllm.v1.attention.backends.flashinfer import FlashInferBackend\n"
            "from vllm.v1.attention.backends.utils import subclass_attention_backend\n\n\n"
            "def aeon_backend(builder_cls):\n"
            "    return subclass_attention_backend('AEON_', FlashInferBackend, builder_cls)\n",
            "from vllm.v1.attention.backends.utils import subclass_attention_backend",
        ),
    ),
    (
        "#32215 helper moved",
        "an import from the old module of one it no longer imports (added after the blind run)",
        K(
            "#32215",
            SB,
            SBW,
            "vllm/aeon/sb3.py",
            "from vllm.v1.attention.backends.flashinfer import FlashInferBackend\n"
            "from vllm.v1.attention.backends.utils import subclass_attention_backend_with_overrides\n\n\n"
            "def aeon_backend():\n"
            "    return subclass_attention_backend_with_overrides('AEON_', FlashInferBackend, {'accept_output_buffer': True})\n",
            "from vllm.v1.attention.backends.utils import subclass_attention_backend_with_overrides",
        ),
    ),
    (
        "#32215 helper moved",
        "twin: a helper that stayed",
        K(
            "#32215",
            SB,
            SBW,
            "vllm/aeon/sb2.py",
            "from vllm.v1.attention.backends.utils import get_kv_cache_layout\n\n\n"
            "def aeon_is_hnd() -> bool:\n"
            "    return get_kv_cache_layout() == 'HND'\n",
            "from vllm.v1.attention.backends.utils import get_kv_cache_layout",
        ),
    ),
]

# --- #22703 (24d0c9e6ed): AttentionImpl.fused_output_quant_supported(dtype, static, group_shape) -> (quant_key)
OQ = "24d0c9e6ed"
OQW = "fused_output_quant_supported takes a QuantKey"
CASES += [
    (
        "#22703 hook parameters replaced",
        "an impl subclass override with the old parameters",
        K(
            "#22703",
            OQ,
            OQW,
            "vllm/aeon/oq1.py",
            "from vllm.v1.attention.backends.flashinfer import FlashInferImpl\n\n\n"
            "class AeonFlashInferImpl(FlashInferImpl):\n"
            "    def fused_output_quant_supported(self, dtype, static, group_shape):\n"
            "        # AEON: no fused output quant on the Spark's FlashInfer build\n"
            "        return False\n",
            "def fused_output_quant_supported(self, dtype, static, group_shape):",
        ),
    ),
]

# --- #21188 (304dce7ec0): FlashInferImpl.__init__'s use_irope removed
IR = "304dce7ec0"
IRW = "FlashInferImpl(use_irope=) removed"
CASES += [
    (
        "#21188 constructor keyword removed",
        "a subclass handing the keyword on to super()",
        K(
            "#21188",
            IR,
            IRW,
            "vllm/aeon/ir1.py",
            "from vllm.v1.attention.backends.flashinfer import FlashInferImpl\n\n\n"
            "class AeonFlashInferImpl(FlashInferImpl):\n"
            "    def __init__(self, num_heads, head_size, scale, num_kv_heads, alibi_slopes, sliding_window,\n"
            "                 kv_cache_dtype, logits_soft_cap=None, attn_type='decoder',\n"
            "                 kv_sharing_target_layer_name=None, use_irope=False):\n"
            "        super().__init__(num_heads, head_size, scale, num_kv_heads, alibi_slopes, sliding_window, kv_cache_dtype, logits_soft_cap, attn_type, kv_sharing_target_layer_name, use_irope=use_irope)\n",
            "super().__init__(num_heads, head_size, scale, num_kv_heads, alibi_slopes, sliding_window, kv_cache_dtype, logits_soft_cap, attn_type, kv_sharing_target_layer_name, use_irope=use_irope)",
        ),
    ),
]

# ---- the third blind batch (killers67, written after the second's fix, before running the engine on it) ----

# --- #26541 (82af928c41) again: MLACommonMetadataBuilder now asserts reorder_batch_threshold == 1 under SINGLE_ONLY
RB = "82af928c41"
RBW = "reorder_batch_threshold asserted 1 unless query_len_support says otherwise"
CASES += [
    (
        "#26541 class value now asserted",
        "a builder subclass widening the decode threshold",
        K(
            "#26541",
            RB,
            RBW,
            "vllm/aeon/rb1.py",
            MB + "class AeonTritonMLABuilder(MLACommonMetadataBuilder[MLACommonMetadata]):\n"
            "    # AEON: the Spark's Triton MLA decode kernel takes short prefills too\n"
            "    reorder_batch_threshold = 4\n",
            "reorder_batch_threshold = 4",
        ),
    ),
    (
        "#26541 class value now asserted",
        "twin: the asserted value restated",
        K(
            "#26541",
            RB,
            RBW,
            "vllm/aeon/rb2.py",
            MB
            + "class AeonTritonMLABuilder2(MLACommonMetadataBuilder[MLACommonMetadata]):\n    reorder_batch_threshold = 1\n",
            "reorder_batch_threshold = 1",
        ),
    ),
]

CASES += [
    (
        "#26541 class value now asserted",
        "twin: a builder whose base takes uniform queries, the guard false (added after the blind run)",
        K(
            "#26541",
            RB,
            RBW,
            "vllm/aeon/rb3.py",
            "from vllm.v1.attention.backends.mla.flashmla import FlashMLAMetadataBuilder\n\n\n"
            "class AeonFlashMLABuilder3(FlashMLAMetadataBuilder):\n    reorder_batch_threshold = 4\n",
            "reorder_batch_threshold = 4",
        ),
    ),
]

# --- #42175 (6deb05e0e4): AttentionBackend.supports_combination gained use_mm_prefix before device_capability
MM = "6deb05e0e4"
MMW = "supports_combination gained use_mm_prefix (positional)"
FMBK = "from vllm.v1.attention.backends.mla.flashmla import FlashMLABackend\n\n\n"
CASES += [
    (
        "#42175 hook gained a positional parameter",
        "an override with the old parameters",
        K(
            "#42175",
            MM,
            MMW,
            "vllm/aeon/mm1.py",
            FMBK + "class AeonFlashMLABackend(FlashMLABackend):\n"
            "    @classmethod\n"
            "    def supports_combination(cls, head_size, dtype, kv_cache_dtype, block_size, use_mla, has_sink, use_sparse, device_capability):\n"
            "        # AEON: no sparse FlashMLA on sm_12x\n"
            "        return 'no sparse MLA on the Spark' if use_sparse else None\n",
            "def supports_combination(cls, head_size, dtype, kv_cache_dtype, block_size, use_mla, has_sink, use_sparse, device_capability):",
        ),
    ),
    (
        "#42175 hook gained a positional parameter",
        "twin: a pass-through override",
        K(
            "#42175",
            MM,
            MMW,
            "vllm/aeon/mm2.py",
            FMBK + "class AeonFlashMLABackend2(FlashMLABackend):\n"
            "    @classmethod\n"
            "    def supports_combination(cls, *args, **kwargs):\n"
            "        return super().supports_combination(*args, **kwargs)\n",
            "def supports_combination(cls, *args, **kwargs):",
        ),
    ),
]

# --- #23147 (e61bac87ee): fast_plan_decode gained seq_lens_cpu as its fifth positional
SL = "e61bac87ee"
SLW = "fast_plan_decode gained seq_lens_cpu"
CASES += [
    (
        "#23147 positional parameter inserted",
        "a positional call with the old arguments",
        K(
            "#23147",
            SL,
            SLW,
            "vllm/aeon/sl1.py",
            FPI + "def aeon_replan(wrapper, indptr, indices, last_page_len, heads, kv_heads, head_dim):\n"
            "    fast_plan_decode(wrapper, indptr, indices, last_page_len, heads, kv_heads, head_dim, 64)\n",
            "fast_plan_decode(wrapper, indptr, indices, last_page_len, heads, kv_heads, head_dim, 64)",
        ),
    ),
]

# --- #47451 (7ca017778f): the CuTeDSL warmup hook get_cutedsl_warmup_compile_units -> get_warmup_keys(vllm_config)
WU = "7ca017778f"
WUW = "get_cutedsl_warmup_compile_units -> get_warmup_keys"
CASES += [
    (
        "#47451 duck-typed hook renamed",
        "a prefill backend subclass overriding the old hook",
        K(
            "#47451",
            WU,
            WUW,
            "vllm/aeon/wu1.py",
            "from vllm.v1.attention.backends.mla.prefill.flash_attn import FlashAttnPrefillBackend\n\n\n"
            "class AeonFlashAttnPrefillBackend(FlashAttnPrefillBackend):\n"
            "    def get_cutedsl_warmup_compile_units(self):\n"
            "        # AEON: skip the FA4 CuTeDSL warmup on sm_12x (no FA4 kernels there)\n"
            "        return ()\n",
            "def get_cutedsl_warmup_compile_units(self):",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-mla-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
