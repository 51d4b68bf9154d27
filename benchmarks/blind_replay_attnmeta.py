"""A blind replay of the attention layer and the v1 attention metadata builders a fork's attention subclasses.

13 first-parent commits on ``vllm/attention/{layer,selector}.py``, ``vllm/v1/attention/backend.py`` and
``vllm/v1/attention/backends/{utils,flash_attn,flashinfer,tree_attn}.py`` -- the surface a fork's own attention backend, metadata
builder or attention layer carries code against: ``AttentionMetadataBuilder.reorder_batch`` removed (the
runner reads ``reorder_batch_threshold`` instead), ``get_attn_backend``'s ``is_attention_free`` removed,
``KV_SHARING_FAST_PREFILL_METADATA_FIELDS`` removed, ``subclass_attention_metadata_builder`` removed,
``make_local_attention_virtual_batches`` given a ``CommonAttentionMetadata`` in place of three arrays (and
returning one in place of a 4-tuple), ``UbatchSlice`` moved off the builders' utils as ``UBatchSlice``,
``AttentionBackend.get_preferred_block_size`` removed, ``FlashInferMetadataBuilder``'s ``paged_kv_*`` tensors
made ``CpuGpuBuffer``s (the ``_cpu``/``_np`` twins dropped), ``Attention.use_irope`` no longer set, and
``_init_kv_cache_quant`` losing its ``kv_cache_dtype``/``calculate_kv_scales`` parameters, ``get_kv_cache_stride_order``
given an ``include_num_layers_dimension`` the KV-connector runner now passes, and three impls' ``forward`` no
longer writing the KV cache (``do_kv_cache_update`` does, called first by the layer) -- picked by
scanning those paths' diffs (``git log --first-parent -p``), avoiding the commits the other replays use
(``blind_replay_attnbackends.py``, ``blind_replay_attnlayer.py``, ``blind_replay_mla.py`` among them).  Each is
replayed under 1-3 fork spellings written the way fork code is written (a subclass override calling
``super()``, a ``self.`` read, a call on a receiver typed as the class, a keyword call, an import, a
positional call, a tuple unpacking of a return), with twins (fork code the commit does not break: the kept
method, the kept attribute, the still-accepted keyword).  The merge base is the commit's first parent,
upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands
in its file.  Twins must stay *quiet*: no error on their line.

Blind, in three rounds each committed before the engine ran on it (branch killers161 off main at ecca8e89):
25 caught, 1 warned, 4 missed of 30 (twins: 14 quiet, 0 false errors).  Round one (10 commits, 20 spellings):
19 caught, 1 warned -- #21093's keyword call, whose error lands on the ``query_start_loc_np=`` line of the
statement rather than the call's first line the replay names; round two (getattr with a literal,
functools.partial, a ``**`` mapping, #27743's override without the parameter now passed): 6 of 6 caught (the
hasattr twin's own ``hasattr`` line gets an error by design: its only fallback is a number, the
``getattr(x, "gone", 16)`` rule of ``drift/guarded_reads.py``; the twin's line stays quiet); round three: the 4
misses, all of one class -- a side effect moved out of a method: #25954, #35422 and #35384 took the
``reshape_and_cache_flash`` write out of FlashAttention's, FlashInfer's and TreeAttention's impl ``forward`` into
a new ``do_kv_cache_update`` that the attention layer calls first, and a fork's own call of ``impl.forward(...)``
(on a parameter typed as the impl, on ``self.impl`` built from the class) now attends over a cache the new
tokens never reached.

After the killers161 widening: 29 caught, 1 warned, 0 missed of 30 (twins: 14 quiet, 0 false errors).  Caught
now: a step moved out of a method the fork calls (symbol drift, ``drift/moved_effects.py``): a statement call of a
module's function handing on the method's parameters, gone from the method and run by a method the class gained,
which upstream calls outside the class; the fork's ``recv.method(...)`` on a typed parameter, a ``Cls(...)``
local or ``self.attr``, or ``self`` in a subclass is an error unless the function runs the step or the new method
itself.  Its upstream side, unseen, finds the rest of the series too (#36263 flex, #33681 AITER, #40470 CPU,
#33106 Triton and ROCm; the DiffKV and AITER-unified impls' ``forward`` calls a member the class does not define
and stays quiet), and on 400 other first-parent commits adding a method (2025-10..2026-08) nothing once the step
must be a module's function and the method reaches no member the class lacks (three candidates there: steps on
the object itself, or a method calling a held method: quiet).  The one warned is unchanged (the error sits on the keyword's line).  Regression set at the
widening's head: killer_replay 26/26, kind_change_replay 12/12, review15/16/17_twins 0 false errors (40, 30, 23
twins), blind_replay_attnbackends 22/1/0 (10 quiet), blind_replay_attnlayer 19/2/0 (10 quiet), blind_replay_mla
32/0/0 (17 quiet), ``symbol_precision.py --windows 1`` 0 false errors, ``precision_bench.py --windows 4`` 0 false
errors (the new check 0.60 s over the 4 merges, no finding).

  python benchmarks/blind_replay_attnmeta.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #21557 (4abfd8796f): AttentionMetadataBuilder.reorder_batch removed (reorder_batch_threshold instead)
RB = "4abfd8796f"
RBW = "AttentionMetadataBuilder.reorder_batch removed"
CASES += [
    (
        "#21557 method removed",
        "a subclass override calling super()",
        K(
            "#21557",
            RB,
            RBW,
            "vllm/aeon/rb1.py",
            "from vllm.v1.attention.backends.flash_attn import FlashAttentionMetadataBuilder\n\n\n"
            "class AeonFlashBuilder(FlashAttentionMetadataBuilder):\n"
            "    def reorder_batch(self, input_batch, scheduler_output) -> bool:\n"
            "        # AEON: the GB10 kernel wants decodes first; fall back to upstream's order otherwise\n"
            "        if getattr(input_batch, 'aeon_decodes_first', False):\n"
            "            return True\n"
            "        return super().reorder_batch(input_batch, scheduler_output)\n",
            "return super().reorder_batch(input_batch, scheduler_output)",
        ),
    ),
    (
        "#21557 method removed",
        "a call on a receiver typed as the base",
        K(
            "#21557",
            RB,
            RBW,
            "vllm/aeon/rb2.py",
            "from vllm.v1.attention.backends.utils import AttentionMetadataBuilder\n\n\n"
            "def aeon_reorder_all(builders: list[AttentionMetadataBuilder], input_batch, scheduler_output) -> bool:\n"
            "    changed = False\n"
            "    for builder in builders:\n"
            "        changed = builder.reorder_batch(input_batch, scheduler_output) or changed\n"
            "    return changed\n",
            "changed = builder.reorder_batch(input_batch, scheduler_output) or changed",
        ),
    ),
    (
        "#21557 method removed",
        "twin: a build override calling super()",
        K(
            "#21557",
            RB,
            RBW,
            "vllm/aeon/rb3.py",
            "from vllm.v1.attention.backends.flash_attn import FlashAttentionMetadataBuilder\n\n\n"
            "class AeonFlashBuilder2(FlashAttentionMetadataBuilder):\n"
            "    def build(self, common_prefix_len, common_attn_metadata, fast_build=False):\n"
            "        return super().build(common_prefix_len, common_attn_metadata, fast_build)\n",
            "return super().build(common_prefix_len, common_attn_metadata, fast_build)",
        ),
    ),
]

# --- #25510 (969b4da3a6): get_attn_backend's is_attention_free removed
AF = "969b4da3a6"
AFW = "get_attn_backend(is_attention_free=) removed"
SEL = "import torch\n\nfrom vllm.attention.selector import get_attn_backend\n\n\n"
CASES += [
    (
        "#25510 parameter removed",
        "a keyword call",
        K(
            "#25510",
            AF,
            AFW,
            "vllm/aeon/af1.py",
            SEL + "def aeon_backend(head_size: int, dtype: torch.dtype, block_size: int):\n"
            "    # AEON: the Spark's hybrid models select a backend for their attention layers only\n"
            "    return get_attn_backend(head_size, dtype, None, block_size, is_attention_free=False)\n",
            "return get_attn_backend(head_size, dtype, None, block_size, is_attention_free=False)",
        ),
    ),
    (
        "#25510 parameter removed",
        "a positional call (use_mla shifted into the slot)",
        K(
            "#25510",
            AF,
            AFW,
            "vllm/aeon/af2.py",
            SEL + "def aeon_mla_backend(head_size: int, dtype: torch.dtype, block_size: int):\n"
            "    return get_attn_backend(head_size, dtype, 'auto', block_size, False, True)\n",
            "return get_attn_backend(head_size, dtype, 'auto', block_size, False, True)",
        ),
    ),
    (
        "#25510 parameter removed",
        "twin: the kept use_mla keyword",
        K(
            "#25510",
            AF,
            AFW,
            "vllm/aeon/af3.py",
            SEL + "def aeon_mla_backend2(head_size: int, dtype: torch.dtype, block_size: int):\n"
            "    return get_attn_backend(head_size, dtype, 'auto', block_size, use_mla=True)\n",
            "return get_attn_backend(head_size, dtype, 'auto', block_size, use_mla=True)",
        ),
    ),
]

# --- #28537 (9324e10275): KV_SHARING_FAST_PREFILL_METADATA_FIELDS removed
FP = "9324e10275"
FPW = "KV_SHARING_FAST_PREFILL_METADATA_FIELDS removed"
CASES += [
    (
        "#28537 constant removed",
        "an import",
        K(
            "#28537",
            FP,
            FPW,
            "vllm/aeon/fp1.py",
            "from dataclasses import make_dataclass\n\n"
            "from vllm.v1.attention.backends.utils import KV_SHARING_FAST_PREFILL_METADATA_FIELDS\n\n\n"
            "def aeon_fast_prefill_metadata(base: type) -> type:\n"
            "    # AEON: the Spark's fork backend carries the fast-prefill fields too\n"
            "    return make_dataclass('AeonFastPrefill', KV_SHARING_FAST_PREFILL_METADATA_FIELDS, bases=(base,))\n",
            "from vllm.v1.attention.backends.utils import KV_SHARING_FAST_PREFILL_METADATA_FIELDS",
        ),
    ),
    (
        "#28537 constant removed",
        "a module attribute",
        K(
            "#28537",
            FP,
            FPW,
            "vllm/aeon/fp2.py",
            "from vllm.v1.attention.backends import utils as attn_utils\n\n\n"
            "def aeon_fast_prefill_names() -> list[str]:\n"
            "    return [name for name, _, _ in attn_utils.KV_SHARING_FAST_PREFILL_METADATA_FIELDS]\n",
            "return [name for name, _, _ in attn_utils.KV_SHARING_FAST_PREFILL_METADATA_FIELDS]",
        ),
    ),
    (
        "#28537 constant removed",
        "twin: the kept protocol and factory",
        K(
            "#28537",
            FP,
            FPW,
            "vllm/aeon/fp3.py",
            "from vllm.v1.attention.backends.utils import create_fast_prefill_custom_backend\n\n\n"
            "def aeon_fast_prefill_backend(prefix: str, backend):\n"
            "    return create_fast_prefill_custom_backend(prefix, backend)\n",
            "return create_fast_prefill_custom_backend(prefix, backend)",
        ),
    ),
]

# --- #23154 (17373dcd93): subclass_attention_metadata_builder removed
SB = "17373dcd93"
SBW = "subclass_attention_metadata_builder removed"
CASES += [
    (
        "#23154 function removed",
        "an import and a call",
        K(
            "#23154",
            SB,
            SBW,
            "vllm/aeon/sb1.py",
            "from vllm.v1.attention.backends.utils import subclass_attention_metadata_builder\n\n\n"
            "def aeon_wrap_builder(builder_cls: type, preprocess) -> type:\n"
            "    # AEON: the Spark's encoder path rewrites the metadata before the builder sees it\n"
            "    return subclass_attention_metadata_builder('Aeon', builder_cls, preprocess)\n",
            "from vllm.v1.attention.backends.utils import subclass_attention_metadata_builder",
        ),
    ),
    (
        "#23154 function removed",
        "a module attribute call",
        K(
            "#23154",
            SB,
            SBW,
            "vllm/aeon/sb2.py",
            "from vllm.v1.attention.backends import utils as attn_utils\n\n\n"
            "def aeon_wrap_builder2(builder_cls: type, preprocess) -> type:\n"
            "    return attn_utils.subclass_attention_metadata_builder('Aeon', builder_cls, preprocess)\n",
            "return attn_utils.subclass_attention_metadata_builder('Aeon', builder_cls, preprocess)",
        ),
    ),
    (
        "#23154 function removed",
        "twin: the kept subclass_attention_backend",
        K(
            "#23154",
            SB,
            SBW,
            "vllm/aeon/sb3.py",
            "from vllm.v1.attention.backends.utils import subclass_attention_backend\n\n\n"
            "def aeon_wrap_backend(backend_cls: type, builder_cls: type) -> type:\n"
            "    return subclass_attention_backend('Aeon', backend_cls, builder_cls)\n",
            "return subclass_attention_backend('Aeon', backend_cls, builder_cls)",
        ),
    ),
]

# --- #21093 (89cab4d01f): make_local_attention_virtual_batches takes and returns CommonAttentionMetadata
LV = "89cab4d01f"
LVW = "make_local_attention_virtual_batches(arrays) -> (CommonAttentionMetadata)"
LOC = "from vllm.v1.attention.backends.utils import CommonAttentionMetadata, make_local_attention_virtual_batches\n\n\n"
CASES += [
    (
        "#21093 parameters replaced",
        "a positional call with the old arrays",
        K(
            "#21093",
            LV,
            LVW,
            "vllm/aeon/lv1.py",
            LOC + "def aeon_local_batches(chunk: int, meta: CommonAttentionMetadata, block_size: int):\n"
            "    # AEON: the GB10 builder keeps local attention on its own kernel\n"
            "    return make_local_attention_virtual_batches(\n"
            "        chunk, meta.query_start_loc_cpu.numpy(), meta.seq_lens_cpu.numpy(), meta.block_table_tensor, block_size\n"
            "    )\n",
            "return make_local_attention_virtual_batches(",
        ),
    ),
    (
        "#21093 parameters replaced",
        "keywords of the old parameters",
        K(
            "#21093",
            LV,
            LVW,
            "vllm/aeon/lv2.py",
            LOC + "def aeon_local_seqlens(chunk: int, meta: CommonAttentionMetadata):\n"
            "    seqlens_q, cu_seqlens_q, seqlens_k, block_table = make_local_attention_virtual_batches(\n"
            "        chunk,\n"
            "        query_start_loc_np=meta.query_start_loc_cpu.numpy(),\n"
            "        seq_lens_np=meta.seq_lens_cpu.numpy(),\n"
            "        block_table=meta.block_table_tensor,\n"
            "    )\n"
            "    return seqlens_q, seqlens_k\n",
            "seqlens_q, cu_seqlens_q, seqlens_k, block_table = make_local_attention_virtual_batches(",
        ),
    ),
    (
        "#21093 parameters replaced",
        "twin: a kept dataclass field",
        K(
            "#21093",
            LV,
            LVW,
            "vllm/aeon/lv3.py",
            LOC + "def aeon_tokens(meta: CommonAttentionMetadata) -> int:\n    return meta.num_actual_tokens\n",
            "return meta.num_actual_tokens",
        ),
    ),
]

# --- #23693 (567939953b): UbatchSlice moved to vllm.v1.worker.ubatch_utils as UBatchSlice
US = "567939953b"
USW = "utils.UbatchSlice -> ubatch_utils.UBatchSlice"
CASES += [
    (
        "#23693 class moved and renamed",
        "an import",
        K(
            "#23693",
            US,
            USW,
            "vllm/aeon/us1.py",
            "from vllm.v1.attention.backends.utils import UbatchSlice, split_attn_metadata\n\n\n"
            "def aeon_halves(meta, num_reqs: int, num_tokens: int):\n"
            "    # AEON: the Spark overlaps two micro-batches of one step\n"
            "    half_r, half_t = num_reqs // 2, num_tokens // 2\n"
            "    slices = [UbatchSlice(slice(0, half_r), slice(0, half_t)), UbatchSlice(slice(half_r, num_reqs), slice(half_t, num_tokens))]\n"
            "    return split_attn_metadata(slices, meta)\n",
            "from vllm.v1.attention.backends.utils import UbatchSlice, split_attn_metadata",
        ),
    ),
    (
        "#23693 class moved and renamed",
        "twin: the kept split_attn_metadata",
        K(
            "#23693",
            US,
            USW,
            "vllm/aeon/us2.py",
            "from vllm.v1.attention.backends.utils import split_attn_metadata\n\n\n"
            "def aeon_split(slices: list, meta):\n"
            "    return split_attn_metadata(slices, meta)\n",
            "return split_attn_metadata(slices, meta)",
        ),
    ),
]

# --- #34979 (aaefc58ee0): AttentionBackend.get_preferred_block_size removed (a revert)
PB = "aaefc58ee0"
PBW = "AttentionBackend.get_preferred_block_size removed"
BK = "from vllm.v1.attention.backend import AttentionBackend\n\n\n"
CASES += [
    (
        "#34979 classmethod removed",
        "a subclass's cls. call",
        K(
            "#34979",
            PB,
            PBW,
            "vllm/aeon/pb1.py",
            BK + "class AeonBackendMixin(AttentionBackend):\n"
            "    @classmethod\n"
            "    def aeon_block_size(cls, requested: int) -> int:\n"
            "        # AEON: the sm_12x kernel's tile wants its own preferred size\n"
            "        return requested if cls.supports_block_size(requested) else cls.get_preferred_block_size(requested)\n",
            "return requested if cls.supports_block_size(requested) else cls.get_preferred_block_size(requested)",
        ),
    ),
    (
        "#34979 classmethod removed",
        "a call on a type[AttentionBackend] parameter",
        K(
            "#34979",
            PB,
            PBW,
            "vllm/aeon/pb2.py",
            BK + "def aeon_pick_block(backend: type[AttentionBackend]) -> int:\n"
            "    return backend.get_preferred_block_size(16)\n",
            "return backend.get_preferred_block_size(16)",
        ),
    ),
    (
        "#34979 classmethod removed",
        "twin: the kept supports_block_size",
        K(
            "#34979",
            PB,
            PBW,
            "vllm/aeon/pb3.py",
            BK + "def aeon_fits(backend: type[AttentionBackend], size: int) -> bool:\n"
            "    return backend.supports_block_size(size)\n",
            "return backend.supports_block_size(size)",
        ),
    ),
]

# --- #29128 (d6b3d39b6d): FlashInferMetadataBuilder's paged_kv_* tensors made CpuGpuBuffers
PK = "d6b3d39b6d"
PKW = "FlashInferMetadataBuilder.paged_kv_indptr_np/_cpu dropped, paged_kv_* made CpuGpuBuffer"
FIB = "from vllm.v1.attention.backends.flashinfer import FlashInferMetadataBuilder\n\n\n"
CASES += [
    (
        "#29128 attribute no longer set",
        "a subclass's self. read of the numpy view",
        K(
            "#29128",
            PK,
            PKW,
            "vllm/aeon/pk1.py",
            FIB + "class AeonFlashInferBuilder(FlashInferMetadataBuilder):\n"
            "    def aeon_pages_of(self, num_reqs: int) -> int:\n"
            "        # AEON: the Spark's unified memory lets the builder read the host indptr directly\n"
            "        return int(self.paged_kv_indptr_np[num_reqs])\n",
            "return int(self.paged_kv_indptr_np[num_reqs])",
        ),
    ),
    (
        "#29128 attribute no longer set",
        "a read off a receiver typed as the builder",
        K(
            "#29128",
            PK,
            PKW,
            "vllm/aeon/pk2.py",
            FIB + "def aeon_last_page_lens(builder: FlashInferMetadataBuilder, num_reqs: int):\n"
            "    return builder.paged_kv_last_page_len_cpu[:num_reqs]\n",
            "return builder.paged_kv_last_page_len_cpu[:num_reqs]",
        ),
    ),
    (
        "#29128 tensor made a buffer object",
        "a subclass's slice of the device tensor",
        K(
            "#29128",
            PK,
            PKW,
            "vllm/aeon/pk3.py",
            FIB + "class AeonFlashInferBuilder2(FlashInferMetadataBuilder):\n"
            "    def aeon_indptr(self, num_reqs: int):\n"
            "        return self.paged_kv_indptr[: num_reqs + 1].clone()\n",
            "return self.paged_kv_indptr[: num_reqs + 1].clone()",
        ),
    ),
    (
        "#29128 attribute no longer set",
        "twin: a kept attribute",
        K(
            "#29128",
            PK,
            PKW,
            "vllm/aeon/pk4.py",
            FIB + "class AeonFlashInferBuilder3(FlashInferMetadataBuilder):\n"
            "    def aeon_page_bytes(self) -> int:\n"
            "        return self.page_size * self.head_dim\n",
            "return self.page_size * self.head_dim",
        ),
    ),
]

# --- #21588 (1dc8a70b6d): Attention.use_irope no longer set
IR = "1dc8a70b6d"
IRW = "Attention.use_irope no longer set"
ATT = "from vllm.attention import Attention\n\n\n"
CASES += [
    (
        "#21588 attribute no longer set",
        "a read off a receiver typed as the layer",
        K(
            "#21588",
            IR,
            IRW,
            "vllm/aeon/ir1.py",
            ATT + "def aeon_is_chunked_local(layer: Attention) -> bool:\n"
            "    # AEON: the Spark's KV spec gives chunked-local layers their own pool\n"
            "    return layer.use_irope\n",
            "return layer.use_irope",
        ),
    ),
    (
        "#21588 attribute no longer set",
        "a subclass's self. read",
        K(
            "#21588",
            IR,
            IRW,
            "vllm/aeon/ir2.py",
            ATT + "class AeonAttention(Attention):\n"
            "    def aeon_window(self) -> int | None:\n"
            "        if self.use_irope:\n"
            "            return None\n"
            "        return self.sliding_window\n",
            "if self.use_irope:",
        ),
    ),
    (
        "#21588 attribute no longer set",
        "twin: a kept attribute",
        K(
            "#21588",
            IR,
            IRW,
            "vllm/aeon/ir3.py",
            ATT + "def aeon_window2(layer: Attention) -> int | None:\n    return layer.sliding_window\n",
            "return layer.sliding_window",
        ),
    ),
]

# --- #30141 (44f08af3a7): _init_kv_cache_quant loses kv_cache_dtype and calculate_kv_scales
KQ = "44f08af3a7"
KQW = "_init_kv_cache_quant(layer, qc, prefix, kv_cache_dtype, calculate_kv_scales) -> (layer, qc, prefix)"
LAY = "import torch.nn as nn\n\nfrom vllm.attention.layer import _init_kv_cache_quant\n\n\n"
CASES += [
    (
        "#30141 parameters removed",
        "a positional call in a fork layer",
        K(
            "#30141",
            KQ,
            KQW,
            "vllm/aeon/kq1.py",
            LAY + "class AeonSparseAttention(nn.Module):\n"
            "    def __init__(self, quant_config, prefix: str, kv_cache_dtype: str = 'auto') -> None:\n"
            "        super().__init__()\n"
            "        # AEON: the fork's own attention layer takes the same fp8 KV scales as upstream's\n"
            "        _init_kv_cache_quant(self, quant_config, prefix, kv_cache_dtype, False)\n",
            "_init_kv_cache_quant(self, quant_config, prefix, kv_cache_dtype, False)",
        ),
    ),
    (
        "#30141 parameters removed",
        "keywords",
        K(
            "#30141",
            KQ,
            KQW,
            "vllm/aeon/kq2.py",
            LAY + "def aeon_init_scales(layer: nn.Module, quant_config, prefix: str) -> None:\n"
            "    _init_kv_cache_quant(layer, quant_config, prefix, kv_cache_dtype='fp8', calculate_kv_scales=True)\n",
            "_init_kv_cache_quant(layer, quant_config, prefix, kv_cache_dtype='fp8', calculate_kv_scales=True)",
        ),
    ),
    (
        "#30141 parameters removed",
        "twin: the kept set_default_quant_scales",
        K(
            "#30141",
            KQ,
            KQW,
            "vllm/aeon/kq3.py",
            "import torch.nn as nn\n\nfrom vllm.attention.layer import set_default_quant_scales\n\n\n"
            "def aeon_reset_scales(layer: nn.Module) -> None:\n"
            "    set_default_quant_scales(layer, register_buffer=False)\n",
            "set_default_quant_scales(layer, register_buffer=False)",
        ),
    ),
]


# --- A second blind round (committed before the engine ran on it): harder spellings of the commits above -- a
# getattr with a literal, a functools.partial, a **mapping of the old keywords -- a guarded twin, and one more
# commit whose break is an override's signature rather than a use.
CASES += [
    (
        "#21557 method removed",
        "a getattr with a literal on a typed receiver",
        K(
            "#21557",
            RB,
            RBW,
            "vllm/aeon/rb4.py",
            "from vllm.v1.attention.backends.utils import AttentionMetadataBuilder\n\n\n"
            "def aeon_reorder(builder: AttentionMetadataBuilder, input_batch, scheduler_output) -> bool:\n"
            '    return getattr(builder, "reorder_batch")(input_batch, scheduler_output)\n',
            'return getattr(builder, "reorder_batch")(input_batch, scheduler_output)',
        ),
    ),
    (
        "#25510 parameter removed",
        "a functools.partial with the removed keyword",
        K(
            "#25510",
            AF,
            AFW,
            "vllm/aeon/af4.py",
            "import functools\n\n" + SEL + "# AEON: the Spark's attention layers never run attention-free\n"
            "aeon_get_backend = functools.partial(get_attn_backend, is_attention_free=False)\n",
            "aeon_get_backend = functools.partial(get_attn_backend, is_attention_free=False)",
        ),
    ),
    (
        "#21093 parameters replaced",
        "a **mapping of the old keywords",
        K(
            "#21093",
            LV,
            LVW,
            "vllm/aeon/lv4.py",
            LOC + "def aeon_local_from(chunk: int, meta: CommonAttentionMetadata):\n"
            "    arrays = {\n"
            '        "query_start_loc_np": meta.query_start_loc_cpu.numpy(),\n'
            '        "seq_lens_np": meta.seq_lens_cpu.numpy(),\n'
            '        "block_table": meta.block_table_tensor,\n'
            "    }\n"
            "    return make_local_attention_virtual_batches(chunk, **arrays)\n",
            "return make_local_attention_virtual_batches(chunk, **arrays)",
        ),
    ),
    (
        "#34979 classmethod removed",
        "a getattr with a literal on a type[...] parameter",
        K(
            "#34979",
            PB,
            PBW,
            "vllm/aeon/pb4.py",
            BK + "def aeon_pick_block2(backend: type[AttentionBackend], default: int) -> int:\n"
            '    return getattr(backend, "get_preferred_block_size")(default)\n',
            'return getattr(backend, "get_preferred_block_size")(default)',
        ),
    ),
    (
        "#34979 classmethod removed",
        "twin: a hasattr guard with a fallback",
        K(
            "#34979",
            PB,
            PBW,
            "vllm/aeon/pb5.py",
            BK + "def aeon_pick_block3(backend: type[AttentionBackend]) -> int:\n"
            '    if hasattr(backend, "get_preferred_block_size"):\n'
            "        return backend.get_preferred_block_size(16)\n"
            "    return 16\n",
            "return backend.get_preferred_block_size(16)",
        ),
    ),
    (
        "#30141 parameters removed",
        "a functools.partial with the removed keywords",
        K(
            "#30141",
            KQ,
            KQW,
            "vllm/aeon/kq4.py",
            "import functools\n\n" + LAY + "# AEON: every fork attention layer on the Spark keeps an fp8 KV cache\n"
            'aeon_init_fp8_scales = functools.partial(_init_kv_cache_quant, kv_cache_dtype="fp8", calculate_kv_scales=False)\n',
            'aeon_init_fp8_scales = functools.partial(_init_kv_cache_quant, kv_cache_dtype="fp8", calculate_kv_scales=False)',
        ),
    ),
]

# --- #27743 (647464719b): get_kv_cache_stride_order gains include_num_layers_dimension, which the KV connector
# runner now passes (not in a try that catches TypeError): a fork override without it raises.
SO = "647464719b"
SOW = "get_kv_cache_stride_order() -> get_kv_cache_stride_order(include_num_layers_dimension=False), passed =True"
FAB = "from vllm.v1.attention.backends.flash_attn import FlashAttentionBackend\n\n\n"
CASES += [
    (
        "#27743 parameter now passed",
        "a subclass's static override without it",
        K(
            "#27743",
            SO,
            SOW,
            "vllm/aeon/so1.py",
            FAB + "class AeonFlashBackend(FlashAttentionBackend):\n"
            "    @staticmethod\n"
            "    def get_kv_cache_stride_order() -> tuple[int, ...]:\n"
            "        # AEON: the sm_12x kernel wants heads before tokens in the page\n"
            "        return (0, 1, 3, 2, 4)\n",
            "def get_kv_cache_stride_order() -> tuple[int, ...]:",
        ),
    ),
    (
        "#27743 parameter now passed",
        "twin: an override of the unchanged get_kv_cache_shape",
        K(
            "#27743",
            SO,
            SOW,
            "vllm/aeon/so2.py",
            FAB + "class AeonFlashBackend2(FlashAttentionBackend):\n"
            "    @staticmethod\n"
            "    def get_kv_cache_shape(num_blocks, block_size, num_kv_heads, head_size, cache_dtype_str='auto'):\n"
            "        return (2, num_blocks, block_size, num_kv_heads, head_size)\n",
            "def get_kv_cache_shape(num_blocks, block_size, num_kv_heads, head_size, cache_dtype_str='auto'):",
        ),
    ),
]


# --- A third blind round (committed before the engine ran on it): a side effect moved out of a method.  Three
# commits of one upstream series took the KV-cache write (``reshape_and_cache_flash``) out of an attention impl's
# ``forward`` into a new ``do_kv_cache_update``, which the attention layer now calls first: a fork that calls the
# impl's ``forward`` itself (its own layer, a drafter) merges cleanly and attends over a cache the new tokens never
# reached.
FA = "a28b94e6ef"
FAW = "FlashAttentionImpl.forward no longer writes the KV cache (do_kv_cache_update does)"
FAI = "import torch\n\nfrom vllm.v1.attention.backends.flash_attn import FlashAttentionImpl\n\n\n"
FI = "98217b09f9"
FIW = "FlashInferImpl.forward no longer writes the KV cache (do_kv_cache_update does)"
FII = "import torch\n\nfrom vllm.v1.attention.backends.flashinfer import FlashInferImpl\n\n\n"
TA = "ebed80a7c8"
TAW = "TreeAttentionImpl.forward no longer writes the KV cache (do_kv_cache_update does)"
CASES += [
    (
        "#25954 side effect moved out",
        "a call on a parameter typed as the impl",
        K(
            "#25954",
            FA,
            FAW,
            "vllm/aeon/fa1.py",
            FAI + "def aeon_attend(impl: FlashAttentionImpl, layer, query, key, value, kv_cache, meta, output):\n"
            "    # AEON: the Spark's drafter runs the target's attention impl directly on its own layer\n"
            "    return impl.forward(layer, query, key, value, kv_cache, meta, output=output)\n",
            "return impl.forward(layer, query, key, value, kv_cache, meta, output=output)",
        ),
    ),
    (
        "#25954 side effect moved out",
        "a fork layer's self.impl built from the class",
        K(
            "#25954",
            FA,
            FAW,
            "vllm/aeon/fa2.py",
            FAI + "class AeonLocalAttention(torch.nn.Module):\n"
            "    def __init__(self, num_heads: int, head_size: int, scale: float) -> None:\n"
            "        super().__init__()\n"
            "        self.impl = FlashAttentionImpl(num_heads, head_size, scale, num_heads, None, None, 'auto')\n"
            "\n"
            "    def forward(self, query, key, value, kv_cache, meta, output):\n"
            "        return self.impl.forward(self, query, key, value, kv_cache, meta, output=output)\n",
            "return self.impl.forward(self, query, key, value, kv_cache, meta, output=output)",
        ),
    ),
    (
        "#25954 side effect moved out",
        "twin: the fork writes the cache itself first",
        K(
            "#25954",
            FA,
            FAW,
            "vllm/aeon/fa3.py",
            "import torch\n\nfrom vllm.v1.attention.backends.fa_utils import reshape_and_cache_flash\n"
            "from vllm.v1.attention.backends.flash_attn import FlashAttentionImpl\n\n\n"
            "def aeon_attend2(impl: FlashAttentionImpl, layer, query, key, value, kv_cache, meta, output):\n"
            "    key_cache, value_cache = kv_cache.unbind(0)\n"
            "    reshape_and_cache_flash(key, value, key_cache, value_cache, meta.slot_mapping, 'auto', layer._k_scale, layer._v_scale)\n"
            "    return impl.forward(layer, query, key, value, kv_cache, meta, output=output)\n",
            "return impl.forward(layer, query, key, value, kv_cache, meta, output=output)",
        ),
    ),
    (
        "#35422 side effect moved out",
        "a call on a parameter typed as the impl",
        K(
            "#35422",
            FI,
            FIW,
            "vllm/aeon/fi1.py",
            FII
            + "def aeon_flashinfer_attend(impl: FlashInferImpl, layer, query, key, value, kv_cache, meta, output):\n"
            "    return impl.forward(layer, query, key, value, kv_cache, meta, output=output)\n",
            "return impl.forward(layer, query, key, value, kv_cache, meta, output=output)",
        ),
    ),
    (
        "#35422 side effect moved out",
        "twin: a kept method of the impl",
        K(
            "#35422",
            FI,
            FIW,
            "vllm/aeon/fi2.py",
            FII + "def aeon_finish_loading(impl: FlashInferImpl, dtype: torch.dtype) -> None:\n"
            "    impl.process_weights_after_loading(dtype)\n",
            "impl.process_weights_after_loading(dtype)",
        ),
    ),
    (
        "#35384 side effect moved out",
        "a call on a parameter typed as the impl",
        K(
            "#35384",
            TA,
            TAW,
            "vllm/aeon/ta1.py",
            "from vllm.v1.attention.backends.tree_attn import TreeAttentionImpl\n\n\n"
            "def aeon_tree_attend(impl: TreeAttentionImpl, layer, query, key, value, kv_cache, meta, output):\n"
            "    # AEON: the Spark's tree drafter scores its candidates with the target's impl\n"
            "    return impl.forward(layer, query, key, value, kv_cache, meta, output=output)\n",
            "return impl.forward(layer, query, key, value, kv_cache, meta, output=output)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-attnmeta-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
