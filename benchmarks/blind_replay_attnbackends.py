"""A blind replay of the v1 attention backends' records, builders and abstract contracts a fork patches.

10 first-parent commits on the surface a fork that carries its own attention backend, metadata builder or
MLA kernel writes code against -- vllm/v1/attention/backends/ (flash_attn.py, flashinfer.py, utils.py's
``CommonAttentionMetadata``, ``AttentionMetadataBuilder`` and ``AttentionCGSupport``, mla/common.py,
mla/cutlass_mla.py), vllm/attention/backends/abstract.py and the backend enum's home -- picked by scanning
those paths' diffs (``git log --first-parent -p``), avoiding the commits the other replays use.  The commits:
#17193 (the metadata records' ``num_input_tokens`` removed), #20466 (the metadata builders constructed as
``(kv_cache_spec, vllm_config, device)``, not ``(runner, kv_cache_spec, block_table)``; ``self.runner`` and
FlashAttention's ``self.kv_cache_spec`` gone), #23183 (``MLACommonMetadataBuilder.chunked_prefill_enabled``
removed), #23585 (``FlashInferMetadata``'s plan inputs and the builder's ``_plan`` removed), #23961 (the old
CUTLASS MLA: ``ops.cutlass_mla_decode``, ``CutlassMLAImpl._sm100_forward_decode`` and the
``FORCE_OLD_CUTLASS_MLA`` switch removed), #25541 (``AttentionState`` and abstract.py's
``AttentionMetadataBuilder`` removed), #25893 (``_Backend`` moved to the registry: ``vllm.platforms``'
re-export dropped, ``vllm.platforms.interface`` binding it to None outside type checking,
``DUAL_CHUNK_FLASH_ATTN`` gone), #26534 (``AttentionBackend.supports_quant_query_input`` made an
``AttentionImpl`` method), #29624 (``CommonAttentionMetadata``'s ``seq_lens_cpu``/``num_computed_tokens_cpu``
init fields made ``_``-prefixed, the names kept as properties), #32054 (the builder classes moved from
utils.py to backend.py, re-imported there, ``AttentionCGSupport`` not).  Each is replayed under 1-3 fork
spellings written the way fork code is written (a read off a typed metadata record, a read off ``self`` in a
builder subclass, an override ``__init__`` under the old positionals, a knob assigned on ``self`` after
``super().__init__``, a ``super()`` call of a removed hook, a module-attribute call of a removed op, an
``os.environ`` switch, an import of a removed or moved name, a member read off a name now bound to None, a
class attribute on a backend subclass, a read off a ``type[AttentionBackend]``, a keyword build of a record,
``dataclasses.replace``), with twins (fork code the commit does not break).  The merge base is the commit's
first parent, upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a
warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 946d1817): 18 caught, 1 warned, 4 missed of 23 (twins: 10
quiet, 0 false errors).  The misses: #20466's ``self.kv_cache_spec`` in a FlashAttention builder subclass (the
line setting it dropped from ``FlashAttentionMetadataBuilder.__init__``, which calls no base's; the base's new
``__init__`` sets it, and symbol drift found it there), #25893's ``_Backend.FLASHINFER`` off ``from
vllm.platforms.interface import _Backend`` (upstream binds it there under ``TYPE_CHECKING`` only, ``None`` at
run time; symbol drift read the type checker's import), #29624's ``dataclasses.replace(cm,
seq_lens_cpu=...)`` (the field made a property: the name still reads, ``replace`` takes init fields only) and
#32054's class-level ``_cudagraph_support = attn_utils.AttentionCGSupport.UNIFORM_SINGLE_TOKEN_DECODE``
(a class body's names were never resolved).  Warned: #26534's ``supports_quant_query_input: bool = False`` on
a FlashAttention backend subclass (an override of a class attribute upstream removed from the backends and
made an ``AttentionImpl`` method: the fork's opt-out is dead; left a warning, as an override of a removed
attribute is not always a loss).
After the killers108 widenings: 22 caught, 1 warned, 0 missed of 23 (twins: 10 quiet, 0 false errors).  Caught
now: a fork's read of an attribute upstream's unchained ``__init__`` stopped setting while only a base's
never-run ``__init__`` sets it (``drift/unchained_inits.py``); a runtime use of a name upstream binds only
under ``TYPE_CHECKING`` (``drift/checking_only.py``); a field made a property passed to ``dataclasses.replace``
and a class body's read of a module name it does not bind itself (symbol drift).

  python benchmarks/blind_replay_attnbackends.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #17193 (24e6ad3f16): num_input_tokens removed from FlashAttentionMetadata, FlashInferMetadata, MLACommonMetadata
NI = "24e6ad3f16"
NIW = "attention metadata num_input_tokens removed"
CASES += [
    (
        "#17193 record field removed",
        "a read off a typed FlashAttention metadata record",
        K(
            "#17193",
            NI,
            NIW,
            "vllm/aeon/ni1.py",
            "from vllm.v1.attention.backends.flash_attn import FlashAttentionMetadata\n\n\n"
            "def aeon_padded_tokens(attn_metadata: FlashAttentionMetadata) -> int:\n"
            "    # AEON: the Spark's step logger counts CUDA-graph padding\n"
            "    return attn_metadata.num_input_tokens - attn_metadata.num_actual_tokens\n",
            "return attn_metadata.num_input_tokens - attn_metadata.num_actual_tokens",
        ),
    ),
    (
        "#17193 record field removed",
        "a read in an MLA impl subclass's forward",
        K(
            "#17193",
            NI,
            NIW,
            "vllm/aeon/ni2.py",
            "from vllm.v1.attention.backends.mla.common import MLACommonMetadata\n"
            "from vllm.v1.attention.backends.mla.triton_mla import TritonMLAImpl\n\n\n"
            "class AeonTritonMLAImpl(TritonMLAImpl):\n"
            "    def aeon_tokens(self, attn_metadata: MLACommonMetadata) -> int:\n"
            "        n = attn_metadata.num_input_tokens\n"
            "        return n\n",
            "n = attn_metadata.num_input_tokens",
        ),
    ),
    (
        "#17193 record field removed",
        "twin: num_actual_tokens kept",
        K(
            "#17193",
            NI,
            NIW,
            "vllm/aeon/ni3.py",
            "from vllm.v1.attention.backends.flash_attn import FlashAttentionMetadata\n\n\n"
            "def aeon_tokens(attn_metadata: FlashAttentionMetadata) -> int:\n"
            "    return attn_metadata.num_actual_tokens\n",
            "return attn_metadata.num_actual_tokens",
        ),
    ),
]

# --- #20466 (76b494444f): metadata builders built as (kv_cache_spec, vllm_config, device); self.runner gone
MB = "76b494444f"
MBW = "AttentionMetadataBuilder constructor and runner attribute replaced"
FAB = "from vllm.v1.attention.backends.flash_attn import FlashAttentionMetadataBuilder\n\n\n"
CASES += [
    (
        "#20466 builder attribute removed",
        "a read of self.runner in a builder subclass",
        K(
            "#20466",
            MB,
            MBW,
            "vllm/aeon/mb1.py",
            FAB + "class AeonFlashBuilder(FlashAttentionMetadataBuilder):\n"
            "    def aeon_device(self):\n"
            "        # AEON: the Spark's unified memory pins the scheduler metadata on the runner's device\n"
            "        return self.runner.device\n",
            "return self.runner.device",
        ),
    ),
    (
        "#20466 builder constructor reordered",
        "an __init__ override under the old positionals",
        K(
            "#20466",
            MB,
            MBW,
            "vllm/aeon/mb2.py",
            "from vllm.v1.attention.backends.triton_attn import TritonAttentionMetadataBuilder\n\n\n"
            "class AeonTritonBuilder(TritonAttentionMetadataBuilder):\n"
            "    def __init__(self, runner, kv_cache_spec, block_table):\n"
            "        super().__init__(runner, kv_cache_spec, block_table)\n"
            "        self.aeon_page = kv_cache_spec.block_size\n",
            "def __init__(self, runner, kv_cache_spec, block_table):",
        ),
    ),
    (
        "#20466 builder attribute removed",
        "a read of self.kv_cache_spec the FlashAttention builder stopped setting",
        K(
            "#20466",
            MB,
            MBW,
            "vllm/aeon/mb3.py",
            FAB + "class AeonFlashBuilder2(FlashAttentionMetadataBuilder):\n"
            "    def aeon_sliding(self) -> bool:\n"
            "        return getattr(self.kv_cache_spec, 'sliding_window', None) is not None\n",
            "return getattr(self.kv_cache_spec, 'sliding_window', None) is not None",
        ),
    ),
    (
        "#20466 builder attribute removed",
        "twin: self.block_size kept",
        K(
            "#20466",
            MB,
            MBW,
            "vllm/aeon/mb4.py",
            FAB + "class AeonFlashBuilder3(FlashAttentionMetadataBuilder):\n"
            "    def aeon_page(self) -> int:\n"
            "        return self.block_size * self.num_heads_kv\n",
            "return self.block_size * self.num_heads_kv",
        ),
    ),
]

# --- #23183 (a4fbb32fab): MLACommonMetadataBuilder.chunked_prefill_enabled removed (chunked context always on)
CP = "a4fbb32fab"
CPW = "MLACommonMetadataBuilder.chunked_prefill_enabled removed"
MCB = "from vllm.v1.attention.backends.mla.common import MLACommonMetadataBuilder\n\n\n"
CASES += [
    (
        "#23183 builder attribute removed",
        "a read of self.chunked_prefill_enabled in a builder subclass",
        K(
            "#23183",
            CP,
            CPW,
            "vllm/aeon/cp1.py",
            MCB + "class AeonMLABuilder(MLACommonMetadataBuilder):\n"
            "    def aeon_workspace_bytes(self) -> int:\n"
            "        if not self.chunked_prefill_enabled:\n"
            "            return 0\n"
            "        return self.chunked_prefill_workspace.numel() * 2\n",
            "if not self.chunked_prefill_enabled:",
        ),
    ),
    (
        "#23183 builder knob retired",
        "the knob assigned on self after super().__init__",
        K(
            "#23183",
            CP,
            CPW,
            "vllm/aeon/cp2.py",
            MCB + "class AeonMLABuilder2(MLACommonMetadataBuilder):\n"
            "    def __init__(self, *args, **kwargs):\n"
            "        super().__init__(*args, **kwargs)\n"
            "        # AEON: GB10's 128 GB is shared: no chunked-context workspace\n"
            "        self.chunked_prefill_enabled = False\n",
            "self.chunked_prefill_enabled = False",
        ),
    ),
    (
        "#23183 builder attribute removed",
        "twin: chunked_prefill_workspace_size kept",
        K(
            "#23183",
            CP,
            CPW,
            "vllm/aeon/cp3.py",
            MCB + "class AeonMLABuilder3(MLACommonMetadataBuilder):\n"
            "    def aeon_workspace_tokens(self) -> int:\n"
            "        return self.chunked_prefill_workspace_size\n",
            "return self.chunked_prefill_workspace_size",
        ),
    ),
]

# --- #23585 (efc88cf64a): FlashInferMetadata's plan inputs (paged_kv_indices, qo_indptr_cpu, ...) and _plan removed
FI = "efc88cf64a"
FIW = "FlashInferMetadata plan fields and FlashInferMetadataBuilder._plan removed"
CASES += [
    (
        "#23585 record field removed",
        "a read off a typed FlashInfer metadata record",
        K(
            "#23585",
            FI,
            FIW,
            "vllm/aeon/fi1.py",
            "from vllm.v1.attention.backends.flashinfer import FlashInferMetadata\n\n\n"
            "def aeon_pages(attn_metadata: FlashInferMetadata) -> int:\n"
            "    return attn_metadata.paged_kv_indices.numel()\n",
            "return attn_metadata.paged_kv_indices.numel()",
        ),
    ),
    (
        "#23585 builder hook removed",
        "an override calling super()._plan",
        K(
            "#23585",
            FI,
            FIW,
            "vllm/aeon/fi2.py",
            "from vllm.v1.attention.backends.flashinfer import FlashInferMetadata, FlashInferMetadataBuilder\n\n\n"
            "class AeonFlashInferBuilder(FlashInferMetadataBuilder):\n"
            "    def _plan(self, attn_metadata: FlashInferMetadata):\n"
            "        # AEON: GB10 plans decode on the host once per step\n"
            "        super()._plan(attn_metadata)\n",
            "super()._plan(attn_metadata)",
        ),
    ),
    (
        "#23585 record field removed",
        "twin: num_decodes kept",
        K(
            "#23585",
            FI,
            FIW,
            "vllm/aeon/fi3.py",
            "from vllm.v1.attention.backends.flashinfer import FlashInferMetadata\n\n\n"
            "def aeon_decodes(attn_metadata: FlashInferMetadata) -> int:\n"
            "    return attn_metadata.num_decodes\n",
            "return attn_metadata.num_decodes",
        ),
    ),
]

# --- #23961 (8f3616f422): the old CUTLASS MLA kernel removed (op, impl method, env switch)
CM = "8f3616f422"
CMW = "old cutlass mla removed"
CASES += [
    (
        "#23961 op removed",
        "a module-attribute call of the removed op",
        K(
            "#23961",
            CM,
            CMW,
            "vllm/aeon/cm1.py",
            "from vllm import _custom_ops as ops\n\n\n"
            "def aeon_decode(out, q_nope, q_pe, kv_cache, seq_lens, page_table, scale):\n"
            "    return ops.cutlass_mla_decode(out, q_nope, q_pe, kv_cache, seq_lens, page_table, scale)\n",
            "return ops.cutlass_mla_decode(out, q_nope, q_pe, kv_cache, seq_lens, page_table, scale)",
        ),
    ),
    (
        "#23961 impl method renamed",
        "a self call of the renamed decode in an impl subclass",
        K(
            "#23961",
            CM,
            CMW,
            "vllm/aeon/cm2.py",
            "from vllm.v1.attention.backends.mla.cutlass_mla import CutlassMLAImpl\n\n\n"
            "class AeonCutlassMLAImpl(CutlassMLAImpl):\n"
            "    def aeon_decode(self, q_nope, q_pe, kv_cache, attn_metadata):\n"
            "        return self._sm100_forward_decode(q_nope, q_pe, kv_cache, attn_metadata)\n",
            "return self._sm100_forward_decode(q_nope, q_pe, kv_cache, attn_metadata)",
        ),
    ),
    (
        "#23961 env switch removed",
        "an os.environ switch nothing reads any more",
        K(
            "#23961",
            CM,
            CMW,
            "vllm/aeon/cm3.py",
            "import os\n\n\n"
            "def aeon_env() -> None:\n"
            "    # AEON: the SM100 kernel hangs on GB10's early firmware\n"
            '    os.environ.setdefault("FORCE_OLD_CUTLASS_MLA", "1")\n',
            'os.environ.setdefault("FORCE_OLD_CUTLASS_MLA", "1")',
        ),
    ),
    (
        "#23961 op removed",
        "twin: the sm100 op and the splits switch kept",
        K(
            "#23961",
            CM,
            CMW,
            "vllm/aeon/cm4.py",
            "import os\n\nfrom vllm import _custom_ops as ops\n\n\n"
            "def aeon_decode(out, lse, q_nope, q_pe, kv_cache, seq_lens, page_table, workspace, scale, splits):\n"
            '    os.environ.setdefault("FORCE_NUM_KV_SPLITS", "1")\n'
            "    return ops.sm100_cutlass_mla_decode(out, lse, q_nope, q_pe, kv_cache, seq_lens, page_table, workspace, scale, splits)\n",
            'os.environ.setdefault("FORCE_NUM_KV_SPLITS", "1")',
        ),
    ),
]

# --- #25541 (e6750d0b18): AttentionState and abstract.py's AttentionMetadataBuilder removed
AS = "e6750d0b18"
ASW = "unused v0 attention classes removed"
CASES += [
    (
        "#25541 class removed",
        "an import of AttentionState from the package",
        K(
            "#25541",
            AS,
            ASW,
            "vllm/aeon/as1.py",
            "from vllm.attention import AttentionState\n\n\nclass AeonState(AttentionState):\n    pass\n",
            "from vllm.attention import AttentionState",
        ),
    ),
    (
        "#25541 class removed",
        "an import of abstract.py's builder base",
        K(
            "#25541",
            AS,
            ASW,
            "vllm/aeon/as2.py",
            "from vllm.attention.backends.abstract import AttentionMetadataBuilder\n\n\n"
            "def aeon_is_builder(obj) -> bool:\n"
            "    return isinstance(obj, AttentionMetadataBuilder)\n",
            "from vllm.attention.backends.abstract import AttentionMetadataBuilder",
        ),
    ),
    (
        "#25541 class removed",
        "twin: AttentionMetadata and AttentionType kept",
        K(
            "#25541",
            AS,
            ASW,
            "vllm/aeon/as3.py",
            "from vllm.attention import AttentionMetadata, AttentionType\n\n\n"
            "def aeon_decoder(kind: str) -> bool:\n"
            "    return kind == AttentionType.DECODER and AttentionMetadata is not None\n",
            "from vllm.attention import AttentionMetadata, AttentionType",
        ),
    ),
]

# --- #25893 (2aaa423842): _Backend moved to vllm/attention/backends/registry.py
BE = "2aaa423842"
BEW = "_Backend moved into the attention registry"
CASES += [
    (
        "#25893 re-export dropped",
        "an import of _Backend from vllm.platforms",
        K(
            "#25893",
            BE,
            BEW,
            "vllm/aeon/be1.py",
            "from vllm.platforms import _Backend\n\n\n"
            "def aeon_default() -> _Backend:\n"
            "    return _Backend.FLASHINFER\n",
            "from vllm.platforms import _Backend",
        ),
    ),
    (
        "#25893 name bound to None",
        "a member read off _Backend imported from vllm.platforms.interface",
        K(
            "#25893",
            BE,
            BEW,
            "vllm/aeon/be2.py",
            "from vllm.platforms.interface import _Backend\n\n\n"
            "def aeon_default():\n"
            "    # AEON: FlashInfer is the only backend with GB10's fp8 KV path\n"
            "    return _Backend.FLASHINFER\n",
            "return _Backend.FLASHINFER",
        ),
    ),
    (
        "#25893 enum member removed",
        "a removed member in a priority list",
        K(
            "#25893",
            BE,
            BEW,
            "vllm/aeon/be3.py",
            "from vllm.platforms import interface\n\n"
            "AEON_ORDER = [interface._Backend.DUAL_CHUNK_FLASH_ATTN, interface._Backend.FLASH_ATTN]\n",
            "AEON_ORDER = [interface._Backend.DUAL_CHUNK_FLASH_ATTN, interface._Backend.FLASH_ATTN]",
        ),
    ),
    (
        "#25893 name bound to None",
        "twin: _Backend imported under TYPE_CHECKING for an annotation",
        K(
            "#25893",
            BE,
            BEW,
            "vllm/aeon/be4.py",
            "from __future__ import annotations\n\n"
            "from typing import TYPE_CHECKING\n\n"
            "if TYPE_CHECKING:\n"
            "    from vllm.platforms.interface import _Backend\n\n\n"
            "def aeon_name(backend: _Backend) -> str:\n"
            "    return backend.name\n",
            "return backend.name",
        ),
    ),
]

# --- #26534 (0a9ef0cfce): AttentionBackend.supports_quant_query_input made an AttentionImpl method
QQ = "0a9ef0cfce"
QQW = "supports_quant_query_input moved from the backend to the impl"
CASES += [
    (
        "#26534 backend knob retired",
        "a backend subclass opting out by class attribute",
        K(
            "#26534",
            QQ,
            QQW,
            "vllm/aeon/qq1.py",
            "from vllm.v1.attention.backends.flash_attn import FlashAttentionBackend\n\n\n"
            "class AeonFlashBackend(FlashAttentionBackend):\n"
            "    # AEON: GB10's FA build mis-scales an fp8 query: keep it in the model dtype\n"
            "    supports_quant_query_input: bool = False\n",
            "supports_quant_query_input: bool = False",
        ),
    ),
    (
        "#26534 backend attribute removed",
        "a read off a type[AttentionBackend]",
        K(
            "#26534",
            QQ,
            QQW,
            "vllm/aeon/qq2.py",
            "from vllm.attention.backends.abstract import AttentionBackend\n\n\n"
            "def aeon_quant_query(backend: type[AttentionBackend]) -> bool:\n"
            "    return backend.supports_quant_query_input\n",
            "return backend.supports_quant_query_input",
        ),
    ),
    (
        "#26534 backend knob retired",
        "twin: accept_output_buffer kept",
        K(
            "#26534",
            QQ,
            QQW,
            "vllm/aeon/qq3.py",
            "from vllm.attention.backends.abstract import AttentionBackend\n\n\n"
            "def aeon_out_buffer(backend: type[AttentionBackend]) -> bool:\n"
            "    return backend.accept_output_buffer\n",
            "return backend.accept_output_buffer",
        ),
    ),
]

# --- #29624 (abe93bce59): CommonAttentionMetadata's seq_lens_cpu/num_computed_tokens_cpu init fields made private
SL = "abe93bce59"
SLW = "CommonAttentionMetadata seq_lens_cpu init field -> _seq_lens_cpu (property kept)"
CAM = "from vllm.v1.attention.backends.utils import CommonAttentionMetadata\n\n\n"
CASES += [
    (
        "#29624 init keyword renamed",
        "a keyword build of the record",
        K(
            "#29624",
            SL,
            SLW,
            "vllm/aeon/sl1.py",
            CAM + "def aeon_meta(qsl, qsl_cpu, seq_lens, seq_lens_cpu, computed_cpu, n, t, q, s, bt, sm):\n"
            "    return CommonAttentionMetadata(\n"
            "        query_start_loc=qsl, query_start_loc_cpu=qsl_cpu, seq_lens=seq_lens, seq_lens_cpu=seq_lens_cpu,\n"
            "        num_computed_tokens_cpu=computed_cpu, num_reqs=n, num_actual_tokens=t, max_query_len=q,\n"
            "        max_seq_len=s, block_table_tensor=bt, slot_mapping=sm,\n"
            "    )\n",
            "query_start_loc=qsl, query_start_loc_cpu=qsl_cpu, seq_lens=seq_lens, seq_lens_cpu=seq_lens_cpu,",
        ),
    ),
    (
        "#29624 init keyword renamed",
        "dataclasses.replace with the old field",
        K(
            "#29624",
            SL,
            SLW,
            "vllm/aeon/sl2.py",
            "import dataclasses\n\n"
            + CAM
            + "def aeon_trim(cm: CommonAttentionMetadata, n: int) -> CommonAttentionMetadata:\n"
            "    return dataclasses.replace(cm, num_reqs=n, seq_lens_cpu=cm.seq_lens_cpu[:n])\n",
            "return dataclasses.replace(cm, num_reqs=n, seq_lens_cpu=cm.seq_lens_cpu[:n])",
        ),
    ),
    (
        "#29624 init keyword renamed",
        "twin: a read of the kept property",
        K(
            "#29624",
            SL,
            SLW,
            "vllm/aeon/sl3.py",
            CAM + "def aeon_longest(cm: CommonAttentionMetadata) -> int:\n    return int(cm.seq_lens_cpu.max())\n",
            "return int(cm.seq_lens_cpu.max())",
        ),
    ),
]

# --- #32054 (20228cb851): the builder classes moved from backends/utils.py to backend.py; AttentionCGSupport not re-imported
MV = "20228cb851"
MVW = "AttentionCGSupport moved to vllm/v1/attention/backend.py"
CASES += [
    (
        "#32054 moved, not re-imported",
        "an import of AttentionCGSupport from utils",
        K(
            "#32054",
            MV,
            MVW,
            "vllm/aeon/mv1.py",
            "from vllm.v1.attention.backends.utils import AttentionCGSupport\n\n\n"
            "def aeon_full_graphs(support: AttentionCGSupport) -> bool:\n"
            "    return support == AttentionCGSupport.UNIFORM_BATCH\n",
            "from vllm.v1.attention.backends.utils import AttentionCGSupport",
        ),
    ),
    (
        "#32054 moved, not re-imported",
        "a module-attribute class knob on a builder subclass",
        K(
            "#32054",
            MV,
            MVW,
            "vllm/aeon/mv2.py",
            "from vllm.v1.attention.backends import utils as attn_utils\n"
            "from vllm.v1.attention.backends.triton_attn import TritonAttentionMetadataBuilder\n\n\n"
            "class AeonTritonBuilder(TritonAttentionMetadataBuilder):\n"
            "    _cudagraph_support = attn_utils.AttentionCGSupport.UNIFORM_SINGLE_TOKEN_DECODE\n",
            "_cudagraph_support = attn_utils.AttentionCGSupport.UNIFORM_SINGLE_TOKEN_DECODE",
        ),
    ),
    (
        "#32054 moved, not re-imported",
        "twin: the re-imported builder and record",
        K(
            "#32054",
            MV,
            MVW,
            "vllm/aeon/mv3.py",
            "from vllm.v1.attention.backends.utils import AttentionMetadataBuilder, CommonAttentionMetadata\n\n\n"
            "def aeon_is_builder(obj, cm: CommonAttentionMetadata) -> bool:\n"
            "    return isinstance(obj, AttentionMetadataBuilder) and cm.num_reqs > 0\n",
            "from vllm.v1.attention.backends.utils import AttentionMetadataBuilder, CommonAttentionMetadata",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-attnbackends-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
