"""Adversarial twins of killers165's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a class setting upstream's class no longer consults (``drift/unread_settings.py``; #36519
  ``DeepseekV32IndexerMetadataBuilder._cudagraph_support`` dropped for its own ``get_cudagraph_support``): the
  fork's subclass overriding the hook to read its own setting, a fork mixin first in the bases defining the
  reader, the base builder's unchanged value read, the fork's own namesake class, ``self._cudagraph_support``
  in a subclass overriding the hook, a name upstream's class still sets; #33164 (1f3a2c2944: the FlashAttention
  builder's new ``get_cudagraph_support`` returns ``cls._cudagraph_support``, the setting still read);
- a class attribute read off the class itself and an ordering with the old value (``drift/field_defaults.py``,
  ``drift/old_defaults.py``; #27777 ``FlashMLAMetadataBuilder.reorder_batch_threshold`` 512 -> 128): the fork's
  own namesake class, the fork's subclass with its own value read off it, the subclass's ``__init__`` storing
  its own threshold, the new value, orderings whose answer stayed, both values compared through a local, the
  fork's own module-level setting of the class's value; #21069 (6e672daf62:
  ``PassConfig.fi_allreduce_fusion_max_token_num`` 1024 -> 16384): orderings that hold at both;
- a ``False`` default made ``None`` tested off a holder named after its class (``held_as`` in
  ``drift/field_defaults.py``; #52550 ``AttentionConfig.use_fp4_indexer_cache`` ``False`` -> ``None``): an
  ``is not True``, a local of the name bound to the fork's own options class, a parameter of the name
  annotated with it, both ``None`` and ``False`` tested, the indexer builder's own bool attribute of the name;
  #18879 (ba5111f237: ``StructuredOutputRequest.reasoning_ended`` ``False`` -> ``None``): ``None`` tested first;
- a tensor field upstream now builds with fewer dims (``drift/fewer_dims.py``; #42135 the indexer's
  ``decode_seq_lens_buffer`` 2-D -> 1-D): an early return on the buffer's rank, a ``try``/``except
  IndexError``, a view taken first, dims within the rank, a ``None`` axis, the fork's own 2-D buffer stored in
  its ``__init__``, a local view, a conditional expression on ``ndim``.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the blind replay's
seven catches by these widenings (``blind_replay_mlasparse.py``), kept to show the reach stays, and #21069's
ordering whose answer moved.

Round 1 (main at bf21e4c0), 8 cases and 32 twins as first written: 8 caught of 8; 3 false errors of 32, all
fewer dims (#42135): the 2-D subscript after ``if self.decode_seq_lens_buffer.dim() == 1: return ...view(n, k)``
(only a use inside a branch of the rank test counted as guarded, not the rest of the block after one that
exits), the 2-D subscript in a ``try`` whose ``except IndexError`` views the flat buffer, and the subscript in a
conditional expression testing ``buf.ndim == 2`` of a local ``buf = self.decode_seq_lens_buffer`` (the guard
was keyed on the text ``self.decode_seq_lens_buffer``).  The other widenings held: the unread setting (a fork
mixin first defining the reader, an override of the hook, the fork's own namesake class, #33164's hook still
reading the setting), the class value (a subclass's own value, both values compared, the fork's own setting
at import, orderings whose answer stayed on #27777 and #21069) and the holder named after its class (a local
or a parameter of the fork's own options class, ``is not True``, ``None`` tested too) stayed quiet.
Round 2 (this branch): ``drift/fewer_dims.py`` reads the guards through ``runs_tested`` (the rest of a block
after an ``if`` on the rank that exits, either branch) with the locals the method binds to the field alone,
and ``caught_around`` for ``IndexError``/``LookupError`` (not ``Exception``: a broad handler may only log it
away).  8 caught of 8; 0 false errors of 32.  ``blind_replay_mlasparse.py`` as before: 23 caught, 0 warned, 1
missed of 24, 11 twins quiet.
Round 3 (written after the round 2 mends): the fork's namesake stand-ins imported from its own module (the
class value, the unread setting), a loop variable named ``attention_config`` over the fork's own options, and a
subclass setting its threshold through upstream's own ``self._init_reorder_batch_threshold(512)`` then
ordering it ``>= 512``: 1 false error of 4, the last (only ``.name =``, ``name=``, ``name:`` pinned a field).
Mended in ``drift/field_defaults.py``: a fork-added call of a setter named after the field handed a value
(``._init_name(v)``, ``.set_name(v)``, ``.update_name(v)``) pins it as ``.name =`` does; a getter of the name
or the setter called bare does not.
All rounds, main (bf21e4c0): 8 caught of 8; 4 false errors of 36 twins.  This branch: 8 caught of 8; 0 false
errors of 36 twins (9 warned: default drift's warnings on reads of the changed values, symbol drift's warning on
an override of the hook upstream's class now defines).
Regression set after the mends: blind_replay_mlasparse 23 caught, 0 warned, 1 missed of 24 (11 quiet, 0 false),
killer_replay 26/26, kind_change_replay 12/12 (5 quiet), review17_twins 11/1/0 (23 quiet, 0 false),
blind_replay_mla 32/32 (17 quiet), field_default_replay 49/49 (0/16 falsy, 0/65 twins with a finding).

  PYTHONPATH=.. python review78_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- 9095cbbfb6 (#36519): the indexer builder's _cudagraph_support replaced by its own get_cudagraph_support
CG = ("#36519", "9095cbbfb6", "DeepseekV32IndexerMetadataBuilder._cudagraph_support replaced by get_cudagraph_support")
IX = (
    "from vllm.v1.attention.backend import AttentionCGSupport\n"
    "from vllm.v1.attention.backends.mla.indexer import DeepseekV32IndexerMetadataBuilder\n\n\n"
)
CASES += [
    (
        "#36519 unread class setting",
        "a subclass's class variable override",
        K(
            *CG,
            "vllm/aeon/r78cg0.py",
            IX + "class AeonIndexerMetadataBuilder(DeepseekV32IndexerMetadataBuilder):\n"
            "    # AEON: the Spark's MTP drafts are captured one token at a time\n"
            "    _cudagraph_support = AttentionCGSupport.UNIFORM_SINGLE_TOKEN_DECODE\n",
            "    _cudagraph_support = AttentionCGSupport.UNIFORM_SINGLE_TOKEN_DECODE",
        ),
    ),
    (
        "#36519 unread class setting",
        "a read of the class variable compared with its old value",
        K(
            *CG,
            "vllm/aeon/r78cg1.py",
            IX + "def aeon_indexer_graphs_uniform() -> bool:\n"
            "    return DeepseekV32IndexerMetadataBuilder._cudagraph_support == AttentionCGSupport.UNIFORM_BATCH\n",
            "    return DeepseekV32IndexerMetadataBuilder._cudagraph_support == AttentionCGSupport.UNIFORM_BATCH",
        ),
    ),
]
TWINS += [
    (
        "#36519 unread class setting",
        "twin: the subclass's setting read by its own override of the hook",
        K(
            *CG,
            "vllm/aeon/r78cg2.py",
            IX + "class AeonIndexerMetadataBuilder2(DeepseekV32IndexerMetadataBuilder):\n"
            "    _cudagraph_support = AttentionCGSupport.UNIFORM_SINGLE_TOKEN_DECODE\n\n"
            "    @classmethod\n"
            "    def get_cudagraph_support(cls, vllm_config, kv_cache_spec) -> AttentionCGSupport:\n"
            "        return cls._cudagraph_support  # AEON: the Spark's own capture mode\n",
            "    _cudagraph_support = AttentionCGSupport.UNIFORM_SINGLE_TOKEN_DECODE",
        ),
    ),
    (
        "#36519 unread class setting",
        "twin: a fork mixin first in the bases defines the reader",
        K(
            *CG,
            "vllm/aeon/r78cg3.py",
            IX + "class AeonSettingSupport:\n"
            "    @classmethod\n"
            "    def get_cudagraph_support(cls, vllm_config, kv_cache_spec) -> AttentionCGSupport:\n"
            "        return cls._cudagraph_support\n\n\n"
            "class AeonIndexerMetadataBuilder3(AeonSettingSupport, DeepseekV32IndexerMetadataBuilder):\n"
            "    _cudagraph_support = AttentionCGSupport.UNIFORM_SINGLE_TOKEN_DECODE\n",
            "    _cudagraph_support = AttentionCGSupport.UNIFORM_SINGLE_TOKEN_DECODE",
        ),
    ),
    (
        "#36519 unread class setting",
        "twin: the base builder's unchanged value read off it",
        K(
            *CG,
            "vllm/aeon/r78cg4.py",
            "from vllm.v1.attention.backend import AttentionCGSupport, AttentionMetadataBuilder\n\n\n"
            "def aeon_default_never() -> bool:\n"
            "    return AttentionMetadataBuilder._cudagraph_support == AttentionCGSupport.NEVER\n",
            "    return AttentionMetadataBuilder._cudagraph_support == AttentionCGSupport.NEVER",
        ),
    ),
    (
        "#36519 unread class setting",
        "twin: the fork's own namesake class (a test double) and its subclass's setting",
        K(
            *CG,
            "vllm/aeon/r78cg5.py",
            "from vllm.v1.attention.backend import AttentionCGSupport\n\n\n"
            "class DeepseekV32IndexerMetadataBuilder:  # AEON: a CPU stand-in for the Spark's unit tests\n"
            "    _cudagraph_support = AttentionCGSupport.NEVER\n\n"
            "    @classmethod\n"
            "    def get_cudagraph_support(cls, vllm_config, kv_cache_spec) -> AttentionCGSupport:\n"
            "        return cls._cudagraph_support\n\n\n"
            "class AeonFakeIndexerBuilder(DeepseekV32IndexerMetadataBuilder):\n"
            "    _cudagraph_support = AttentionCGSupport.UNIFORM_BATCH\n",
            "    _cudagraph_support = AttentionCGSupport.UNIFORM_BATCH",
        ),
    ),
    (
        "#36519 unread class setting",
        "twin: self._cudagraph_support in a subclass overriding the hook",
        K(
            *CG,
            "vllm/aeon/r78cg6.py",
            IX + "class AeonIndexerMetadataBuilder6(DeepseekV32IndexerMetadataBuilder):\n"
            "    @classmethod\n"
            "    def get_cudagraph_support(cls, vllm_config, kv_cache_spec) -> AttentionCGSupport:\n"
            "        return AttentionCGSupport.UNIFORM_BATCH\n\n"
            "    def aeon_support(self) -> AttentionCGSupport:\n"
            "        return self._cudagraph_support\n",
            "        return self._cudagraph_support",
        ),
    ),
    (
        "#36519 unread class setting",
        "twin: a subclass's setting of a name upstream's class still sets",
        K(
            *CG,
            "vllm/aeon/r78cg7.py",
            IX + "class AeonIndexerMetadataBuilder7(DeepseekV32IndexerMetadataBuilder):\n"
            "    reorder_batch_threshold: int = 2  # AEON: one MTP draft token rides the decode path\n",
            "    reorder_batch_threshold: int = 2  # AEON: one MTP draft token rides the decode path",
        ),
    ),
]

# --- 1f3a2c2944 (#33164): FlashAttentionMetadataBuilder gains get_cudagraph_support returning cls._cudagraph_support
FA = ("#33164", "1f3a2c2944", "FlashAttentionMetadataBuilder answers get_cudagraph_support itself, reading the setting")
FAI = (
    "from vllm.v1.attention.backend import AttentionCGSupport\n"
    "from vllm.v1.attention.backends.flash_attn import FlashAttentionMetadataBuilder\n\n\n"
)
TWINS += [
    (
        "#33164 hook still reads the setting",
        "twin: a subclass's setting, read by upstream's new hook",
        K(
            *FA,
            "vllm/aeon/r78fa1.py",
            FAI + "class AeonFlashAttentionMetadataBuilder(FlashAttentionMetadataBuilder):\n"
            "    _cudagraph_support = AttentionCGSupport.UNIFORM_BATCH  # AEON: FA2 on the Spark, full graphs\n",
            "    _cudagraph_support = AttentionCGSupport.UNIFORM_BATCH  # AEON: FA2 on the Spark, full graphs",
        ),
    ),
    (
        "#33164 hook still reads the setting",
        "twin: the class's setting read off it",
        K(
            *FA,
            "vllm/aeon/r78fa2.py",
            FAI + "def aeon_fa_uniform() -> bool:\n"
            "    return FlashAttentionMetadataBuilder._cudagraph_support == AttentionCGSupport.UNIFORM_BATCH\n",
            "    return FlashAttentionMetadataBuilder._cudagraph_support == AttentionCGSupport.UNIFORM_BATCH",
        ),
    ),
]

# --- 145c00a4d3 (#27777): FlashMLAMetadataBuilder.reorder_batch_threshold 512 -> 128
RB = ("#27777", "145c00a4d3", "FlashMLAMetadataBuilder.reorder_batch_threshold 512 -> 128")
FM = "from vllm.v1.attention.backends.mla.flashmla import FlashMLAMetadataBuilder\n\n\n"
CASES += [
    (
        "#27777 class value read",
        "a class attribute compared with the old value",
        K(
            *RB,
            "vllm/aeon/r78rb0.py",
            FM + "def aeon_small_prefills_as_decode() -> bool:\n"
            "    return FlashMLAMetadataBuilder.reorder_batch_threshold == 512\n",
            "    return FlashMLAMetadataBuilder.reorder_batch_threshold == 512",
        ),
    ),
    (
        "#27777 class value read",
        "a subclass's self. read ordered against the old value",
        K(
            *RB,
            "vllm/aeon/r78rb1.py",
            FM + "class AeonFlashMLAMetadataBuilder(FlashMLAMetadataBuilder):\n"
            "    def aeon_decode_cap(self, query_len: int) -> bool:\n"
            "        return query_len <= 512 and self.reorder_batch_threshold >= 512\n",
            "        return query_len <= 512 and self.reorder_batch_threshold >= 512",
        ),
    ),
]
TWINS += [
    (
        "#27777 class value read",
        "twin: the fork's own namesake class (a test double) read off itself",
        K(
            *RB,
            "vllm/aeon/r78rb2.py",
            "class FlashMLAMetadataBuilder:  # AEON: a CPU stand-in for the Spark's unit tests\n"
            "    reorder_batch_threshold: int = 512\n\n\n"
            "def aeon_stand_in_wide() -> bool:\n"
            "    return FlashMLAMetadataBuilder.reorder_batch_threshold == 512\n",
            "    return FlashMLAMetadataBuilder.reorder_batch_threshold == 512",
        ),
    ),
    (
        "#27777 class value read",
        "twin: the fork's subclass with its own value, read off the subclass",
        K(
            *RB,
            "vllm/aeon/r78rb3.py",
            FM + "class AeonWideFlashMLAMetadataBuilder(FlashMLAMetadataBuilder):\n"
            "    reorder_batch_threshold: int = 512  # AEON: the Spark keeps wide decode batches\n\n\n"
            "def aeon_wide() -> bool:\n"
            "    return AeonWideFlashMLAMetadataBuilder.reorder_batch_threshold == 512\n",
            "    return AeonWideFlashMLAMetadataBuilder.reorder_batch_threshold == 512",
        ),
    ),
    (
        "#27777 class value read",
        "twin: the subclass's __init__ stores its own threshold, another method orders it",
        K(
            *RB,
            "vllm/aeon/r78rb4.py",
            FM + "class AeonInitFlashMLAMetadataBuilder(FlashMLAMetadataBuilder):\n"
            "    def __init__(self, *args, **kwargs):\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.reorder_batch_threshold = 512  # AEON: the Spark keeps wide decode batches\n\n"
            "    def aeon_wide(self) -> bool:\n"
            "        return self.reorder_batch_threshold >= 512\n",
            "        return self.reorder_batch_threshold >= 512",
        ),
    ),
    (
        "#27777 class value read",
        "twin: the class read compared with the new value",
        K(
            *RB,
            "vllm/aeon/r78rb5.py",
            FM
            + "def aeon_narrow_decode() -> bool:\n    return FlashMLAMetadataBuilder.reorder_batch_threshold == 128\n",
            "    return FlashMLAMetadataBuilder.reorder_batch_threshold == 128",
        ),
    ),
    (
        "#27777 class value read",
        "twin: an ordering whose answer stayed (> 100)",
        K(
            *RB,
            "vllm/aeon/r78rb6.py",
            FM + "def aeon_decode_batches_prefills() -> bool:\n"
            "    return FlashMLAMetadataBuilder.reorder_batch_threshold > 100\n",
            "    return FlashMLAMetadataBuilder.reorder_batch_threshold > 100",
        ),
    ),
    (
        "#27777 class value read",
        "twin: an ordering whose answer stayed (<= 512)",
        K(
            *RB,
            "vllm/aeon/r78rb9.py",
            FM + "def aeon_fits_graph() -> bool:\n    return FlashMLAMetadataBuilder.reorder_batch_threshold <= 512\n",
            "    return FlashMLAMetadataBuilder.reorder_batch_threshold <= 512",
        ),
    ),
    (
        "#27777 class value read",
        "twin: both values compared through a local",
        K(
            *RB,
            "vllm/aeon/r78rb7.py",
            FM + "def aeon_decode_tokens() -> int:\n"
            "    threshold = FlashMLAMetadataBuilder.reorder_batch_threshold\n"
            "    if threshold == 512:  # AEON: before upstream's #27777\n"
            "        return 4\n"
            "    if threshold == 128:\n"
            "        return 1\n"
            "    return 0\n",
            "    threshold = FlashMLAMetadataBuilder.reorder_batch_threshold",
        ),
    ),
    (
        "#27777 class value read",
        "twin: the fork sets the class's value itself at import",
        K(
            *RB,
            "vllm/aeon/r78rb8.py",
            FM
            + "FlashMLAMetadataBuilder.reorder_batch_threshold = 512  # AEON: the Spark keeps wide decode batches\n\n\n"
            "def aeon_wide_kept() -> bool:\n"
            "    return FlashMLAMetadataBuilder.reorder_batch_threshold == 512\n",
            "    return FlashMLAMetadataBuilder.reorder_batch_threshold == 512",
        ),
    ),
]

# --- 6e672daf62 (#21069): PassConfig.fi_allreduce_fusion_max_token_num 1024 -> 16384
FT = ("#21069", "6e672daf62", "PassConfig.fi_allreduce_fusion_max_token_num 1024 -> 16384")
VC = "from vllm.config import PassConfig, VllmConfig\n\n\n"
CASES += [
    (
        "#21069 ordering with the old value",
        "an ordering whose answer moved",
        K(
            *FT,
            "vllm/aeon/r78ft0.py",
            VC + "def aeon_small_fusion(vllm_config: VllmConfig) -> bool:\n"
            "    # AEON: GB10's unified memory fits the fusion workspace only for small token counts\n"
            "    return vllm_config.compilation_config.pass_config.fi_allreduce_fusion_max_token_num <= 1024\n",
            "    return vllm_config.compilation_config.pass_config.fi_allreduce_fusion_max_token_num <= 1024",
        ),
    ),
]
TWINS += [
    (
        "#21069 ordering with the old value",
        "twin: an ordering that holds at both values",
        K(
            *FT,
            "vllm/aeon/r78ft1.py",
            VC + "def aeon_fusion_covers_decode(vllm_config: VllmConfig) -> bool:\n"
            "    return vllm_config.compilation_config.pass_config.fi_allreduce_fusion_max_token_num >= 1024\n",
            "    return vllm_config.compilation_config.pass_config.fi_allreduce_fusion_max_token_num >= 1024",
        ),
    ),
    (
        "#21069 ordering with the old value",
        "twin: the class read ordered, holding at both",
        K(
            *FT,
            "vllm/aeon/r78ft2.py",
            VC + "def aeon_default_fusion_big() -> bool:\n"
            "    return PassConfig.fi_allreduce_fusion_max_token_num > 512\n",
            "    return PassConfig.fi_allreduce_fusion_max_token_num > 512",
        ),
    ),
]

# --- 967e104fad (#52550): AttentionConfig.use_fp4_indexer_cache False -> None
KV = ("#52550", "967e104fad", "AttentionConfig.use_fp4_indexer_cache default False -> None")
AC = "import dataclasses\n\nfrom vllm.config import VllmConfig\n\n\n"
OPTS = (
    "@dataclasses.dataclass\n"
    "class AeonIndexerOptions:\n"
    "    use_fp4_indexer_cache: bool = False  # AEON: the Spark's own switch\n\n\n"
)
CASES += [
    (
        "#52550 False made None, a holder named after its class",
        "an is-False test off attention_config",
        K(
            *KV,
            "vllm/aeon/r78kv0.py",
            AC + "def aeon_fp4_indexer_off(vllm_config: VllmConfig) -> bool:\n"
            "    attention_config = vllm_config.attention_config\n"
            "    return attention_config.use_fp4_indexer_cache is False\n",
            "    return attention_config.use_fp4_indexer_cache is False",
        ),
    ),
]
TWINS += [
    (
        "#52550 False made None, a holder named after its class",
        "twin: is not True (the new None and False both pass)",
        K(
            *KV,
            "vllm/aeon/r78kv1.py",
            AC + "def aeon_fp4_indexer_off(vllm_config: VllmConfig) -> bool:\n"
            "    attention_config = vllm_config.attention_config\n"
            "    return attention_config.use_fp4_indexer_cache is not True\n",
            "    return attention_config.use_fp4_indexer_cache is not True",
        ),
    ),
    (
        "#52550 False made None, a holder named after its class",
        "twin: a local of the name bound to the fork's own options",
        K(
            *KV,
            "vllm/aeon/r78kv2.py",
            AC + OPTS + "def aeon_fp4_indexer_off() -> bool:\n"
            "    attention_config = AeonIndexerOptions()\n"
            "    return attention_config.use_fp4_indexer_cache is False\n",
            "    return attention_config.use_fp4_indexer_cache is False",
        ),
    ),
    (
        "#52550 False made None, a holder named after its class",
        "twin: a parameter of the name annotated with the fork's own options",
        K(
            *KV,
            "vllm/aeon/r78kv3.py",
            AC + OPTS + "def aeon_fp4_indexer_off(attention_config: AeonIndexerOptions) -> bool:\n"
            "    return attention_config.use_fp4_indexer_cache is False\n",
            "    return attention_config.use_fp4_indexer_cache is False",
        ),
    ),
    (
        "#52550 False made None, a holder named after its class",
        "twin: None and False both tested",
        K(
            *KV,
            "vllm/aeon/r78kv4.py",
            AC + "def aeon_fp4_indexer_off(vllm_config: VllmConfig) -> bool:\n"
            "    attention_config = vllm_config.attention_config\n"
            "    return attention_config.use_fp4_indexer_cache is None or attention_config.use_fp4_indexer_cache is False\n",
            "    return attention_config.use_fp4_indexer_cache is None or attention_config.use_fp4_indexer_cache is False",
        ),
    ),
    (
        "#52550 False made None, a holder named after its class",
        "twin: the indexer builder's own bool of the name, in a subclass",
        K(
            *KV,
            "vllm/aeon/r78kv5.py",
            "from vllm.v1.attention.backends.mla.indexer import DeepseekV32IndexerMetadataBuilder\n\n\n"
            "class AeonIndexerMetadataBuilder5(DeepseekV32IndexerMetadataBuilder):\n"
            "    def aeon_bf16_logits(self) -> bool:\n"
            "        return self.use_fp4_indexer_cache is False\n",
            "        return self.use_fp4_indexer_cache is False",
        ),
    ),
]

# --- ba5111f237 (#18879): StructuredOutputRequest.reasoning_ended False -> None
RE = ("#18879", "ba5111f237", "StructuredOutputRequest.reasoning_ended default False -> None")
TWINS += [
    (
        "#18879 False made None, a holder named after its class",
        "twin: None tested before False",
        K(
            *RE,
            "vllm/aeon/r78re1.py",
            "def aeon_still_thinking(structured_output_request) -> bool:\n"
            "    if structured_output_request.reasoning_ended is None:\n"
            "        return True  # AEON: not decided yet, the grammar waits\n"
            "    return structured_output_request.reasoning_ended is False\n",
            "    return structured_output_request.reasoning_ended is False",
        ),
    ),
]

# --- ee58665aac (#42135): the indexer's decode_seq_lens_buffer made 1-D (native MTP had it 2-D)
SL = ("#42135", "ee58665aac", "DeepseekV32IndexerMetadataBuilder.decode_seq_lens_buffer 2-D -> 1-D")
IXB = "import torch\n\nfrom vllm.v1.attention.backends.mla.indexer import DeepseekV32IndexerMetadataBuilder\n\n\n"
CASES += [
    (
        "#42135 fewer dims",
        "a 2-D subscript of the buffer",
        K(
            *SL,
            "vllm/aeon/r78sl0.py",
            IXB + "class AeonMtpIndexer0(DeepseekV32IndexerMetadataBuilder):\n"
            "    def aeon_draft_seq_lens(self, num_decodes: int, next_n: int):\n"
            "        return self.decode_seq_lens_buffer[:num_decodes, :next_n]\n",
            "        return self.decode_seq_lens_buffer[:num_decodes, :next_n]",
        ),
    ),
    (
        "#42135 fewer dims",
        "the buffer's second dimension read",
        K(
            *SL,
            "vllm/aeon/r78sl1.py",
            IXB + "class AeonMtpIndexer1(DeepseekV32IndexerMetadataBuilder):\n"
            "    def aeon_native_next_n(self) -> int:\n"
            "        return self.decode_seq_lens_buffer.size(1)\n",
            "        return self.decode_seq_lens_buffer.size(1)",
        ),
    ),
]
TWINS += [
    (
        "#42135 fewer dims",
        "twin: an early return on the buffer's rank",
        K(
            *SL,
            "vllm/aeon/r78sl2.py",
            IXB + "class AeonMtpIndexer2(DeepseekV32IndexerMetadataBuilder):\n"
            "    def aeon_draft_seq_lens(self, num_decodes: int, next_n: int):\n"
            "        if self.decode_seq_lens_buffer.dim() == 1:  # AEON: upstream's flat workspace\n"
            "            return self.decode_seq_lens_buffer[: num_decodes * next_n].view(num_decodes, next_n)\n"
            "        return self.decode_seq_lens_buffer[:num_decodes, :next_n]\n",
            "        return self.decode_seq_lens_buffer[:num_decodes, :next_n]",
        ),
    ),
    (
        "#42135 fewer dims",
        "twin: a try/except IndexError around the 2-D subscript",
        K(
            *SL,
            "vllm/aeon/r78sl3.py",
            IXB + "class AeonMtpIndexer3(DeepseekV32IndexerMetadataBuilder):\n"
            "    def aeon_draft_seq_lens(self, num_decodes: int, next_n: int):\n"
            "        try:\n"
            "            return self.decode_seq_lens_buffer[:num_decodes, :next_n]\n"
            "        except IndexError:  # AEON: newer upstreams keep one flat workspace\n"
            "            return self.decode_seq_lens_buffer[: num_decodes * next_n].view(num_decodes, next_n)\n",
            "            return self.decode_seq_lens_buffer[:num_decodes, :next_n]",
        ),
    ),
    (
        "#42135 fewer dims",
        "twin: a view taken first, then two dims",
        K(
            *SL,
            "vllm/aeon/r78sl4.py",
            IXB + "class AeonMtpIndexer4(DeepseekV32IndexerMetadataBuilder):\n"
            "    def aeon_draft_seq_lens(self, num_decodes: int, next_n: int):\n"
            "        return self.decode_seq_lens_buffer[: num_decodes * next_n].view(num_decodes, next_n)[:, :next_n]\n",
            "        return self.decode_seq_lens_buffer[: num_decodes * next_n].view(num_decodes, next_n)[:, :next_n]",
        ),
    ),
    (
        "#42135 fewer dims",
        "twin: dims within the rank (size(0), shape[-1])",
        K(
            *SL,
            "vllm/aeon/r78sl5.py",
            IXB + "class AeonMtpIndexer5(DeepseekV32IndexerMetadataBuilder):\n"
            "    def aeon_capacity(self) -> int:\n"
            "        return self.decode_seq_lens_buffer.size(0) + self.decode_seq_lens_buffer.shape[-1]\n",
            "        return self.decode_seq_lens_buffer.size(0) + self.decode_seq_lens_buffer.shape[-1]",
        ),
    ),
    (
        "#42135 fewer dims",
        "twin: a None axis beside one index",
        K(
            *SL,
            "vllm/aeon/r78sl6.py",
            IXB + "class AeonMtpIndexer6(DeepseekV32IndexerMetadataBuilder):\n"
            "    def aeon_column(self, n: int):\n"
            "        return self.decode_seq_lens_buffer[:n, None]\n",
            "        return self.decode_seq_lens_buffer[:n, None]",
        ),
    ),
    (
        "#42135 fewer dims",
        "twin: the fork's own 2-D buffer stored in its __init__",
        K(
            *SL,
            "vllm/aeon/r78sl7.py",
            IXB + "class AeonMtpIndexer7(DeepseekV32IndexerMetadataBuilder):\n"
            "    def __init__(self, *args, **kwargs):\n"
            "        super().__init__(*args, **kwargs)\n"
            "        # AEON: the Spark's drafter keeps its own per-token lengths\n"
            "        self.decode_seq_lens_buffer = torch.zeros((256, 4), dtype=torch.int32, device=self.device)\n\n"
            "    def aeon_draft_seq_lens(self, num_decodes: int, next_n: int):\n"
            "        return self.decode_seq_lens_buffer[:num_decodes, :next_n]\n",
            "        return self.decode_seq_lens_buffer[:num_decodes, :next_n]",
        ),
    ),
    (
        "#42135 fewer dims",
        "twin: a local view indexed with two dims",
        K(
            *SL,
            "vllm/aeon/r78sl8.py",
            IXB + "class AeonMtpIndexer8(DeepseekV32IndexerMetadataBuilder):\n"
            "    def aeon_draft_seq_lens(self, num_decodes: int, next_n: int):\n"
            "        buf = self.decode_seq_lens_buffer[: num_decodes * next_n].view(num_decodes, next_n)\n"
            "        return buf[:, :next_n]\n",
            "        return buf[:, :next_n]",
        ),
    ),
    (
        "#42135 fewer dims",
        "twin: a conditional expression on ndim",
        K(
            *SL,
            "vllm/aeon/r78sl9.py",
            IXB + "class AeonMtpIndexer9(DeepseekV32IndexerMetadataBuilder):\n"
            "    def aeon_draft_seq_lens(self, n: int, k: int):\n"
            "        buf = self.decode_seq_lens_buffer\n"
            "        return self.decode_seq_lens_buffer[:n, :k] if buf.ndim == 2 else buf[: n * k].view(n, k)\n",
            "        return self.decode_seq_lens_buffer[:n, :k] if buf.ndim == 2 else buf[: n * k].view(n, k)",
        ),
    ),
]


# --- round 3, written after the round 2 mends: more namesakes, a threshold set through upstream's own hook, a loop
FAKES = (
    "from vllm.v1.attention.backend import AttentionCGSupport\n\n\n"
    "class FlashMLAMetadataBuilder:  # AEON: CPU stand-ins for the Spark's unit tests\n"
    "    reorder_batch_threshold: int = 512\n\n\n"
    "class DeepseekV32IndexerMetadataBuilder:\n"
    "    _cudagraph_support = AttentionCGSupport.UNIFORM_BATCH\n"
)


def _with_fakes(pr: tuple[str, str, str], path: str, text: str, line: str) -> Killer:
    return Killer(*pr, (Edit("vllm/aeon/r78fakes.py", FAKES), Edit(path, text)), ((path, line),))


TWINS += [
    (
        "#27777 class value read",
        "twin: the fork's namesake stand-in imported from its own module",
        _with_fakes(
            RB,
            "vllm/aeon/r78rb10.py",
            "from vllm.aeon.r78fakes import FlashMLAMetadataBuilder\n\n\n"
            "def aeon_stand_in_wide() -> bool:\n"
            "    return FlashMLAMetadataBuilder.reorder_batch_threshold == 512\n",
            "    return FlashMLAMetadataBuilder.reorder_batch_threshold == 512",
        ),
    ),
    (
        "#27777 class value read",
        "twin: the subclass sets its threshold through upstream's _init_reorder_batch_threshold",
        K(
            *RB,
            "vllm/aeon/r78rb11.py",
            FM + "class AeonHookFlashMLAMetadataBuilder(FlashMLAMetadataBuilder):\n"
            "    def __init__(self, *args, **kwargs):\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self._init_reorder_batch_threshold(512)  # AEON: the Spark keeps wide decode batches\n\n"
            "    def aeon_wide(self) -> bool:\n"
            "        return self.reorder_batch_threshold >= 512\n",
            "        return self.reorder_batch_threshold >= 512",
        ),
    ),
    (
        "#36519 unread class setting",
        "twin: the fork's namesake stand-in imported from its own module, its setting compared",
        _with_fakes(
            CG,
            "vllm/aeon/r78cg8.py",
            "from vllm.aeon.r78fakes import DeepseekV32IndexerMetadataBuilder\n"
            "from vllm.v1.attention.backend import AttentionCGSupport\n\n\n"
            "def aeon_stand_in_uniform() -> bool:\n"
            "    return DeepseekV32IndexerMetadataBuilder._cudagraph_support == AttentionCGSupport.UNIFORM_BATCH\n",
            "    return DeepseekV32IndexerMetadataBuilder._cudagraph_support == AttentionCGSupport.UNIFORM_BATCH",
        ),
    ),
    (
        "#52550 False made None, a holder named after its class",
        "twin: a loop over the fork's own options, its variable of the name",
        K(
            *KV,
            "vllm/aeon/r78kv6.py",
            AC + OPTS + "def aeon_all_fp4_off(options: list[AeonIndexerOptions]) -> bool:\n"
            "    for attention_config in options:\n"
            "        if attention_config.use_fp4_indexer_cache is False:\n"
            "            return True\n"
            "    return False\n",
            "        if attention_config.use_fp4_indexer_cache is False:",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review78-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
