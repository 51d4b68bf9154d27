"""A blind replay of the attention layer classes, their selector and utils a fork that adds a layer or a backend carries code against.

11 first-parent commits on the surface a fork writes attention layers and backend plugins against --
vllm/attention/layer.py and vllm/model_executor/layers/attention/ (``Attention``'s constructor keywords and
attributes, ``AttentionLayerBase``'s abstract hooks, the KV-transfer helpers beside the custom ops,
``MMEncoderAttention``'s hooks and classmethods, the ViT flash-attention helper, the chunked-local backend
factory), vllm/attention/selector.py (``get_attn_backend``'s positionals, the forced-backend context manager,
``is_attn_backend_supported``, the platform hook it calls) and vllm/attention/utils/ -- picked by scanning
those paths' diffs (``git log --first-parent -p``), avoiding the commits the other replays use.  The commits:
#27816 (``wait_for_kv_layer_from_connector``/``maybe_save_kv_layer_to_connector`` folded into a decorator),
#26315 (``AttentionImpl.supports_quant_query_input()`` made a class attribute the layer reads,
``global_force_attn_backend_context_manager`` removed), #24794 (``register_attn_backend`` and
``backend_name_to_enum`` removed, ``_Backend`` kept as a deprecated alias class), #29342 (``vllm.attention``'s
package re-exports removed), #26587 (``get_kv_cache_spec`` added to ``AttentionLayerBase`` as abstract), #25103
(``Attention``'s ``use_mla``/``use_sparse`` keywords and attributes removed for ``MLAAttention``), #29471
(``maybe_get_vit_flash_attn_backend``'s ``use_upstream_fa`` positional and ``check_upstream_fa_availability``
removed), #30396 (the ``use_v1`` shim in front of a platform's ``get_attn_backend_cls`` removed), #33732
(``MMEncoderAttention.maybe_reshape_qkv_to_4d`` renamed ``view_qkv_to_4d``), #36605 (its
``maybe_recompute_cu_seqlens`` gained ``device``, ``maybe_compute_sequence_lengths`` renamed), #35122
(``get_attn_backend``'s ``block_size`` positional and ``create_chunked_local_attention_backend``'s removed).
Each is replayed under 1-3 fork spellings (21 in all, and 10 twins) written the way fork code is written (an
import of a removed name, a module-attribute call, a call of what is now a bool, an override of a method upstream made an attribute, a
subclass of an ABC that gained an abstract hook, a keyword to a constructor, a read off a typed layer, a
positional argument that now lands one slot over, an override of a platform hook under the old positionals,
an override of a renamed hook, a classmethod call without the new argument), with twins (fork code the
commit does not break).  The merge base is the commit's first parent, upstream is the commit; a spelling is
*caught* when an error lands on its line, *warned* when a warning lands in its file.  Twins must stay
*quiet*: no error on their line.

Blind, on the engine before any widening (main at 972980f2): 18 caught, 2 warned, 1 missed of 21 (twins: 9
quiet, 1 false error of 10).  The miss: #30396's platform override still taking ``use_v1`` in sixth place
(upstream deleted the selector's ``"use_v1" in inspect.signature(...).parameters`` branch that called it the
old way; the new positionals shift by one, silently).  The false error: #24794's ``_Backend.FLASH_ATTN``, a
read off the deprecated alias class whose metaclass's ``__getattribute__`` answers every name ("upstream
removed _Backend.FLASH_ATTN").  Warned, by design: #26587's fork layer on ``AttentionLayerBase`` without the
new abstract ``get_kv_cache_spec`` (nothing in the tree builds the class: the engine cannot tell dead code from
a class built outside the tree), and #25103's ``Attention(..., use_mla=True)`` (``**kwargs`` takes the keyword
and hands it to ``impl_cls(...)``, a backend chosen at run time the engine cannot follow).
After the killers102 widenings: 19 caught, 2 warned, 0 missed of 21 (twins: 10 quiet, 0 false errors).
Caught now: an override under the parameters a removed signature shim still served, which upstream's
remaining call misfills (``drift/signature_shims.py``); quiet now: a member read off a class its tree
metaclass answers for (``drift/metaclasses.py``).  Regression set on the branch: killer_replay 26/26,
kind_change_replay 12/12 (5 twins quiet), review16_twins 6 caught, 0 false of 30, review17_twins 11 caught,
1 warned, 0 false of 23, blind_replay_attention 21/21, blind_replay_mla 32/32, blind_replay_platform 34/34 (0
false errors in each), symbol_precision window 0: 0 false errors (windows 1-2 did not fit the session).

  python benchmarks/blind_replay_attnlayer.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #27816 (728a9eb70e): the KV-transfer helpers beside the custom ops folded into a decorator
KT = "728a9eb70e"
KTW = "wait_for_kv_layer_from_connector / maybe_save_kv_layer_to_connector removed"
CASES += [
    (
        "#27816 helper removed",
        "an import of the helpers in a fork custom op",
        K(
            "#27816",
            KT,
            KTW,
            "vllm/aeon/kt1.py",
            "import torch\n\n"
            "from vllm.attention.layer import maybe_save_kv_layer_to_connector, wait_for_kv_layer_from_connector\n\n\n"
            "def aeon_sparse_attention(query: torch.Tensor, kv_cache: torch.Tensor, layer_name: str) -> torch.Tensor:\n"
            "    # AEON: the Spark's sparse decode op keeps the KV connector contract of unified_attention\n"
            "    wait_for_kv_layer_from_connector(layer_name)\n"
            "    out = query.clone()\n"
            "    maybe_save_kv_layer_to_connector(layer_name, [kv_cache])\n"
            "    return out\n",
            "from vllm.attention.layer import maybe_save_kv_layer_to_connector, wait_for_kv_layer_from_connector",
        ),
    ),
    (
        "#27816 helper removed",
        "a module-attribute call",
        K(
            "#27816",
            KT,
            KTW,
            "vllm/aeon/kt2.py",
            "from vllm.attention import layer as attn_layer\n\n\n"
            "def aeon_before_layer(layer_name: str) -> None:\n"
            "    attn_layer.wait_for_kv_layer_from_connector(layer_name)\n",
            "attn_layer.wait_for_kv_layer_from_connector(layer_name)",
        ),
    ),
    (
        "#27816 helper removed",
        "twin: unified_attention called as before",
        K(
            "#27816",
            KT,
            KTW,
            "vllm/aeon/kt3.py",
            "import torch\n\n"
            "from vllm.attention.layer import unified_attention\n\n\n"
            "def aeon_attend(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, layer_name: str) -> torch.Tensor:\n"
            "    return unified_attention(q, k, v, layer_name)\n",
            "return unified_attention(q, k, v, layer_name)",
        ),
    ),
]

# --- #26315 (66e674cdd5): supports_quant_query_input() a bool class attribute; the forced-backend helpers removed
AC = "66e674cdd5"
ACW = "supports_quant_query_input method -> attribute; global_force_attn_backend_context_manager removed"
CASES += [
    (
        "#26315 method made an attribute",
        "a call of the hook off a typed impl",
        K(
            "#26315",
            AC,
            ACW,
            "vllm/aeon/ac1.py",
            "from vllm.attention.backends.abstract import AttentionImpl\n\n\n"
            "def aeon_quantizes_query(impl: AttentionImpl) -> bool:\n"
            "    # AEON: the FP8 KV path on GB10 wants the query quantized in the layer\n"
            "    return impl.supports_quant_query_input()\n",
            "return impl.supports_quant_query_input()",
        ),
    ),
    (
        "#26315 method made an attribute",
        "an impl subclass overriding the hook as a method",
        K(
            "#26315",
            AC,
            ACW,
            "vllm/aeon/ac2.py",
            "from vllm.v1.attention.backends.triton_attn import TritonAttentionImpl\n\n\n"
            "class AeonTritonImpl(TritonAttentionImpl):\n"
            "    def supports_quant_query_input(self) -> bool:\n"
            "        # AEON: the Spark's triton kernel takes an FP8 query only with an FP8 cache\n"
            "        return self.kv_cache_dtype.startswith('fp8')\n",
            "def supports_quant_query_input(self) -> bool:",
        ),
    ),
    (
        "#26315 method made an attribute",
        "an import of the removed context manager",
        K(
            "#26315",
            AC,
            ACW,
            "vllm/aeon/ac3.py",
            "from vllm.attention.backends.registry import AttentionBackendEnum\n"
            "from vllm.attention.selector import global_force_attn_backend_context_manager\n\n\n"
            "def aeon_force_triton():\n"
            "    return global_force_attn_backend_context_manager(AttentionBackendEnum.TRITON_ATTN)\n",
            "from vllm.attention.selector import global_force_attn_backend_context_manager",
        ),
    ),
    (
        "#26315 method made an attribute",
        "twin: get_attn_backend by keyword",
        K(
            "#26315",
            AC,
            ACW,
            "vllm/aeon/ac4.py",
            "import torch\n\n"
            "from vllm.attention.selector import get_attn_backend\n\n\n"
            "def aeon_backend(head_size: int):\n"
            "    return get_attn_backend(head_size=head_size, dtype=torch.bfloat16, kv_cache_dtype='auto', block_size=16)\n",
            "return get_attn_backend(head_size=head_size, dtype=torch.bfloat16, kv_cache_dtype='auto', block_size=16)",
        ),
    ),
]

# --- #24794 (b30dfa03c5): register_attn_backend / backend_name_to_enum removed; _Backend a deprecated alias
RB = "b30dfa03c5"
RBW = "register_attn_backend and backend_name_to_enum removed"
CASES += [
    (
        "#24794 registry function removed",
        "a fork backend registered through the old helper",
        K(
            "#24794",
            RB,
            RBW,
            "vllm/aeon/rb1.py",
            "from vllm.attention.backends.registry import _Backend, register_attn_backend\n\n\n"
            "def aeon_register() -> None:\n"
            "    # AEON: the GB10 flash backend replaces FLASH_ATTN's class\n"
            "    register_attn_backend(_Backend.FLASH_ATTN, 'vllm.aeon.flash.AeonFlashBackend')\n",
            "from vllm.attention.backends.registry import _Backend, register_attn_backend",
        ),
    ),
    (
        "#24794 registry function removed",
        "a module-attribute call of the name lookup",
        K(
            "#24794",
            RB,
            RBW,
            "vllm/aeon/rb2.py",
            "from vllm.attention.backends import registry\n\n\n"
            "def aeon_backend_of(name: str):\n"
            "    return registry.backend_name_to_enum(name)\n",
            "return registry.backend_name_to_enum(name)",
        ),
    ),
    (
        "#24794 registry function removed",
        "twin: a member read off the deprecated _Backend alias",
        K(
            "#24794",
            RB,
            RBW,
            "vllm/aeon/rb3.py",
            "from vllm.attention.backends.registry import _Backend\n\n\n"
            "def aeon_is_flash(backend) -> bool:\n"
            "    return backend == _Backend.FLASH_ATTN\n",
            "return backend == _Backend.FLASH_ATTN",
        ),
    ),
]

# --- #29342 (430dd4d9eb): vllm.attention's package re-exports removed
PI = "430dd4d9eb"
PIW = "vllm/attention/__init__.py emptied"
CASES += [
    (
        "#29342 package re-export removed",
        "an import of the layer from the package",
        K(
            "#29342",
            PI,
            PIW,
            "vllm/aeon/pi1.py",
            "from vllm.attention import Attention, AttentionType\n\n\n"
            "class AeonEncoderAttention(Attention):\n"
            "    def aeon_is_encoder(self) -> bool:\n"
            "        return self.attn_type == AttentionType.ENCODER_ONLY\n",
            "from vllm.attention import Attention, AttentionType",
        ),
    ),
    (
        "#29342 package re-export removed",
        "a read off the package alias",
        K(
            "#29342",
            PI,
            PIW,
            "vllm/aeon/pi2.py",
            "import vllm.attention as vattn\n\n\n"
            "def aeon_decoder_type() -> str:\n"
            "    return vattn.AttentionType.DECODER\n",
            "return vattn.AttentionType.DECODER",
        ),
    ),
    (
        "#29342 package re-export removed",
        "twin: the layer imported from its module",
        K(
            "#29342",
            PI,
            PIW,
            "vllm/aeon/pi3.py",
            "from vllm.attention.backends.abstract import AttentionType\n"
            "from vllm.attention.layer import Attention\n\n\n"
            "def aeon_is_decoder(layer: Attention) -> bool:\n"
            "    return layer.attn_type == AttentionType.DECODER\n",
            "return layer.attn_type == AttentionType.DECODER",
        ),
    ),
]

# --- #26587 (b26b70bec4): get_kv_cache_spec added to AttentionLayerBase as an abstract method
KS = "b26b70bec4"
KSW = "AttentionLayerBase.get_kv_cache_spec abstract"
CASES += [
    (
        "#26587 abstract hook added",
        "a fork layer on the ABC without the hook",
        K(
            "#26587",
            KS,
            KSW,
            "vllm/aeon/ks1.py",
            "import torch.nn as nn\n\n"
            "from vllm.attention.backends.abstract import AttentionBackend\n"
            "from vllm.model_executor.layers.attention_layer_base import AttentionLayerBase\n\n\n"
            "class AeonLinearAttention(nn.Module, AttentionLayerBase):\n"
            "    # AEON: the Spark's linear-attention layer owns its state; the runner asks it for a backend\n"
            "    def __init__(self, backend: type[AttentionBackend]) -> None:\n"
            "        super().__init__()\n"
            "        self.backend = backend\n\n"
            "    def get_attn_backend(self) -> type[AttentionBackend]:\n"
            "        return self.backend\n",
            "class AeonLinearAttention(nn.Module, AttentionLayerBase):",
        ),
    ),
    (
        "#26587 abstract hook added",
        "twin: a subclass of the concrete Attention",
        K(
            "#26587",
            KS,
            KSW,
            "vllm/aeon/ks2.py",
            "from vllm.attention.layer import Attention\n\n\n"
            "class AeonTaggedAttention(Attention):\n"
            "    def aeon_tag(self) -> str:\n"
            "        return self.layer_name\n",
            "class AeonTaggedAttention(Attention):",
        ),
    ),
]

# --- #25103 (e614ab7806): Attention's use_mla / use_sparse keywords and attributes removed (MLAAttention split)
MS = "e614ab7806"
MSW = "Attention(use_mla=, use_sparse=) and .use_mla removed"
CASES += [
    (
        "#25103 constructor keyword removed",
        "a keyword to the layer's constructor",
        K(
            "#25103",
            MS,
            MSW,
            "vllm/aeon/ms1.py",
            "from vllm.attention.layer import Attention\n"
            "from vllm.config import CacheConfig\n\n\n"
            "def aeon_latent_attention(num_heads: int, head_size: int, scale: float, cache_config: CacheConfig, prefix: str) -> Attention:\n"
            "    # AEON: the Spark's latent-attention variant reuses the MLA path of the layer\n"
            "    return Attention(num_heads, head_size, scale, num_kv_heads=1, cache_config=cache_config, use_mla=True, prefix=prefix)\n",
            "return Attention(num_heads, head_size, scale, num_kv_heads=1, cache_config=cache_config, use_mla=True, prefix=prefix)",
        ),
    ),
    (
        "#25103 constructor keyword removed",
        "a read of the attribute off a typed layer",
        K(
            "#25103",
            MS,
            MSW,
            "vllm/aeon/ms2.py",
            "from vllm.attention.layer import Attention\n\n\n"
            "def aeon_latent_layers(layers: list[Attention]) -> list[str]:\n"
            "    return [layer.layer_name for layer in layers if layer.use_mla]\n",
            "return [layer.layer_name for layer in layers if layer.use_mla]",
        ),
    ),
    (
        "#25103 constructor keyword removed",
        "twin: the kept keywords",
        K(
            "#25103",
            MS,
            MSW,
            "vllm/aeon/ms3.py",
            "from vllm.attention.layer import Attention\n"
            "from vllm.config import CacheConfig\n\n\n"
            "def aeon_swa_attention(num_heads: int, head_size: int, scale: float, cache_config: CacheConfig, prefix: str) -> Attention:\n"
            "    return Attention(num_heads, head_size, scale, cache_config=cache_config, per_layer_sliding_window=4096, prefix=prefix)\n",
            "return Attention(num_heads, head_size, scale, cache_config=cache_config, per_layer_sliding_window=4096, prefix=prefix)",
        ),
    ),
]

# --- #29471 (460d8bbf2d): maybe_get_vit_flash_attn_backend's use_upstream_fa positional removed
VF = "460d8bbf2d"
VFW = "use_upstream_fa removed from maybe_get_vit_flash_attn_backend"
VFI = "from vllm.attention.layer import maybe_get_vit_flash_attn_backend\n\n\n"
CASES += [
    (
        "#29471 positional parameter removed",
        "a positional that now lands in attn_backend_override",
        K(
            "#29471",
            VF,
            VFW,
            "vllm/aeon/vf1.py",
            VFI + "def aeon_vit_backend(attn_backend):\n"
            "    # AEON: the Spark's ViT runs vLLM's own flash-attention, never the upstream wheel\n"
            "    backend, _fn = maybe_get_vit_flash_attn_backend(attn_backend, False)\n"
            "    return backend\n",
            "backend, _fn = maybe_get_vit_flash_attn_backend(attn_backend, False)",
        ),
    ),
    (
        "#29471 positional parameter removed",
        "a keyword of the removed parameter",
        K(
            "#29471",
            VF,
            VFW,
            "vllm/aeon/vf2.py",
            VFI + "def aeon_vit_fn(attn_backend, override):\n"
            "    return maybe_get_vit_flash_attn_backend(attn_backend, use_upstream_fa=False, attn_backend_override=override)[1]\n",
            "return maybe_get_vit_flash_attn_backend(attn_backend, use_upstream_fa=False, attn_backend_override=override)[1]",
        ),
    ),
    (
        "#29471 positional parameter removed",
        "an import of the removed availability check",
        K(
            "#29471",
            VF,
            VFW,
            "vllm/aeon/vf3.py",
            "import torch\n\n"
            "from vllm.attention.layer import check_upstream_fa_availability\n\n\n"
            "def aeon_has_fa() -> bool:\n"
            "    return check_upstream_fa_availability(torch.bfloat16)\n",
            "from vllm.attention.layer import check_upstream_fa_availability",
        ),
    ),
]

# --- #30396 (5a87d8b9b1): the use_v1 shim in front of Platform.get_attn_backend_cls removed
PV = "5a87d8b9b1"
PVW = "get_attn_backend_cls called without the use_v1 shim"
CASES += [
    (
        "#30396 compat shim removed",
        "a platform override still taking use_v1",
        K(
            "#30396",
            PV,
            PVW,
            "vllm/aeon/pv1.py",
            "from vllm.platforms.cuda import CudaPlatformBase\n\n\n"
            "class AeonPlatform(CudaPlatformBase):\n"
            "    @classmethod\n"
            "    def get_attn_backend_cls(cls, selected_backend, head_size, dtype, kv_cache_dtype, block_size, use_v1, use_mla, has_sink, use_sparse, use_mm_prefix, attn_type=None) -> str:\n"
            "        # AEON: GB10 serves MLA through the Spark's triton build\n"
            "        if use_mla:\n"
            "            return 'vllm.aeon.mla.AeonTritonMLABackend'\n"
            "        return super().get_attn_backend_cls(selected_backend, head_size, dtype, kv_cache_dtype, block_size, use_mla, has_sink, use_sparse, use_mm_prefix, attn_type)\n",
            "def get_attn_backend_cls(cls, selected_backend, head_size, dtype, kv_cache_dtype, block_size, use_v1, use_mla, has_sink, use_sparse, use_mm_prefix, attn_type=None) -> str:",
        ),
    ),
    (
        "#30396 compat shim removed",
        "twin: an override under the current positionals",
        K(
            "#30396",
            PV,
            PVW,
            "vllm/aeon/pv2.py",
            "from vllm.platforms.cuda import CudaPlatformBase\n\n\n"
            "class AeonPlatform2(CudaPlatformBase):\n"
            "    @classmethod\n"
            "    def get_attn_backend_cls(cls, selected_backend, head_size, dtype, kv_cache_dtype, block_size, use_mla, has_sink, use_sparse, use_mm_prefix, attn_type=None) -> str:\n"
            "        return super().get_attn_backend_cls(selected_backend, head_size, dtype, kv_cache_dtype, block_size, use_mla, has_sink, use_sparse, use_mm_prefix, attn_type)\n",
            "def get_attn_backend_cls(cls, selected_backend, head_size, dtype, kv_cache_dtype, block_size, use_mla, has_sink, use_sparse, use_mm_prefix, attn_type=None) -> str:",
        ),
    ),
]

# --- #33732 (6e98f6d8b6): MMEncoderAttention.maybe_reshape_qkv_to_4d renamed view_qkv_to_4d (no GQA repeat)
QV = "6e98f6d8b6"
QVW = "maybe_reshape_qkv_to_4d renamed view_qkv_to_4d"
MMA = "import torch\n\nfrom vllm.model_executor.layers.attention.mm_encoder_attention import MMEncoderAttention\n\n\n"
CASES += [
    (
        "#33732 hook renamed",
        "an override of the renamed hook",
        K(
            "#33732",
            QV,
            QVW,
            "vllm/aeon/qv1.py",
            MMA + "class AeonMMEncoderAttention(MMEncoderAttention):\n"
            "    def maybe_reshape_qkv_to_4d(self, query, key, value, bsz, q_len, kv_len):\n"
            "        # AEON: the Spark's SDPA wants contiguous K/V after the GQA repeat\n"
            "        query, key, value = super().maybe_reshape_qkv_to_4d(query, key, value, bsz, q_len, kv_len)\n"
            "        return query, key.contiguous(), value.contiguous()\n",
            "def maybe_reshape_qkv_to_4d(self, query, key, value, bsz, q_len, kv_len):",
        ),
    ),
    (
        "#33732 hook renamed",
        "twin: an override of forward_native",
        K(
            "#33732",
            QV,
            QVW,
            "vllm/aeon/qv2.py",
            MMA + "class AeonMMEncoderAttention2(MMEncoderAttention):\n"
            "    def forward_native(self, query, key, value, cu_seqlens=None, max_seqlen=None) -> torch.Tensor:\n"
            "        return super().forward_native(query.contiguous(), key, value, cu_seqlens, max_seqlen)\n",
            "return super().forward_native(query.contiguous(), key, value, cu_seqlens, max_seqlen)",
        ),
    ),
]

# --- #36605 (f0d3658c0f): MMEncoderAttention's seqlen classmethods take a device; one renamed
SQ = "f0d3658c0f"
SQW = "maybe_recompute_cu_seqlens(device=) added; maybe_compute_sequence_lengths renamed"
MMB = "from vllm.model_executor.layers.attention.mm_encoder_attention import MMEncoderAttention\n\n\n"
CASES += [
    (
        "#36605 parameter added",
        "a classmethod call without the new argument",
        K(
            "#36605",
            SQ,
            SQW,
            "vllm/aeon/sq1.py",
            MMB + "def aeon_cu_seqlens(attn_backend, cu_seqlens, hidden_size: int, tp_size: int):\n"
            "    # AEON: the Spark's vision tower builds its own cu_seqlens\n"
            "    return MMEncoderAttention.maybe_recompute_cu_seqlens(attn_backend, cu_seqlens, hidden_size, tp_size)\n",
            "return MMEncoderAttention.maybe_recompute_cu_seqlens(attn_backend, cu_seqlens, hidden_size, tp_size)",
        ),
    ),
    (
        "#36605 parameter added",
        "a call of the renamed classmethod",
        K(
            "#36605",
            SQ,
            SQW,
            "vllm/aeon/sq2.py",
            MMB + "def aeon_seq_lens(attn_backend, cu_seqlens):\n"
            "    return MMEncoderAttention.maybe_compute_sequence_lengths(attn_backend, cu_seqlens)\n",
            "return MMEncoderAttention.maybe_compute_sequence_lengths(attn_backend, cu_seqlens)",
        ),
    ),
    (
        "#36605 parameter added",
        "twin: compute_max_seqlen as before",
        K(
            "#36605",
            SQ,
            SQW,
            "vllm/aeon/sq3.py",
            MMB + "def aeon_max_seqlen(attn_backend, cu_seqlens):\n"
            "    return MMEncoderAttention.compute_max_seqlen(attn_backend, cu_seqlens)\n",
            "return MMEncoderAttention.compute_max_seqlen(attn_backend, cu_seqlens)",
        ),
    ),
]

# --- #35122 (77a73458e3): get_attn_backend's block_size positional removed; the chunked-local factory's too
BS = "77a73458e3"
BSW = "block_size removed from get_attn_backend and create_chunked_local_attention_backend"
CASES += [
    (
        "#35122 positional parameter removed",
        "block_size positional that now lands in use_mla",
        K(
            "#35122",
            BS,
            BSW,
            "vllm/aeon/bs1.py",
            "import torch\n\n"
            "from vllm.v1.attention.selector import get_attn_backend\n\n\n"
            "def aeon_decoder_backend(head_size: int, kv_cache_dtype: str):\n"
            "    # AEON: GB10 pins 16-token blocks for its decode kernels\n"
            "    return get_attn_backend(head_size, torch.bfloat16, kv_cache_dtype, 16)\n",
            "return get_attn_backend(head_size, torch.bfloat16, kv_cache_dtype, 16)",
        ),
    ),
    (
        "#35122 positional parameter removed",
        "the chunked-local factory with its old third positional",
        K(
            "#35122",
            BS,
            BSW,
            "vllm/aeon/bs2.py",
            "from vllm.model_executor.layers.attention.chunked_local_attention import create_chunked_local_attention_backend\n\n\n"
            "def aeon_local_backend(underlying, chunk: int):\n"
            "    return create_chunked_local_attention_backend(underlying, chunk, 16)\n",
            "return create_chunked_local_attention_backend(underlying, chunk, 16)",
        ),
    ),
    (
        "#35122 positional parameter removed",
        "twin: EncoderOnlyAttention built as before",
        K(
            "#35122",
            BS,
            BSW,
            "vllm/aeon/bs3.py",
            "from vllm.config import CacheConfig\n"
            "from vllm.model_executor.layers.attention.encoder_only_attention import EncoderOnlyAttention\n\n\n"
            "def aeon_encoder_attention(num_heads: int, head_size: int, scale: float, cache_config: CacheConfig):\n"
            "    return EncoderOnlyAttention(num_heads, head_size, scale, cache_config=cache_config, prefix='aeon.enc')\n",
            "return EncoderOnlyAttention(num_heads, head_size, scale, cache_config=cache_config, prefix='aeon.enc')",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-attnlayer-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
