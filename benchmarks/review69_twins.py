"""Adversarial twins of the killers160/161 classes: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the new checks catch, but right
after the merge (the merge base is the commit's first parent, upstream the commit):

- a step moved out of a method the fork calls (``drift/moved_effects.py``; #25954 FlashAttentionImpl, #35422
  FlashInferImpl, #36263 FlexAttentionImpl, #40470 CPUAttentionBackendImpl: the KV-cache write left ``forward``
  for a new ``do_kv_cache_update``): the new method reached through ``getattr(impl, "...", None)``, under a
  ``hasattr`` test, in a ``try`` catching AttributeError, behind the backend's ``forward_includes_kv_cache_update``
  flag; upstream's own ``unified_kv_cache_update`` op run first; a fork helper (a module function, a method of
  the same class) that calls the new method; a fork layer whose own update method calls it (its callers run the
  two apart, as upstream's layer does); a wrapper delegating both methods; a subclass whose other method runs
  the update; a fork class of the same name overriding ``forward``;
- a field annotated as the other array flavour (``drift/array_flavours.py``; #29268
  ``CommonAttentionMetadata.encoder_seq_lens: np.ndarray | None`` -> ``torch.Tensor | None``): the new
  ``encoder_seq_lens_cpu`` field, the tensor brought back with ``.cpu().numpy()`` first, an ``isinstance``
  rebinding, a ``hasattr`` test, a ``try``, a fork dataclass of its own with the field, ``np.asarray`` around it;
- a return annotated as the other array flavour (``drift/result_kinds.py``; #30697
  ``DefaultEplbPolicy.replicate_experts`` / ``balanced_packing`` -> ``np.ndarray``): ``torch.from_numpy`` rebinding,
  ``torch.as_tensor`` inline, the array's ``axis=``, an ``isinstance`` rebinding, a ``hasattr`` test, a ``try``,
  a fork subclass overriding the method with its own tensors, a fork function of the same name.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of the
same commits, kept to show the reach stays.

Main's engine (9aa687ed), round 1 (6 cases, 29 twins): 6 caught of 6; 9 false errors of 29, all moved effects
on the fork's ``forward`` call where the update runs but not as ``.do_kv_cache_update(`` in the same function:
through ``getattr(impl, "do_kv_cache_update", None)`` (1), upstream's ``unified_kv_cache_update`` op run first
(2: ``torch.ops.vllm.``'s and the imported function), a fork helper calling the new method run first (a module
function, a method of another class: 2), a method of the same fork class calling it (the layer's ``_write``
called first, an ``update_kv`` its callers run apart, a wrapper delegating both methods, a subclass's
``aeon_prepare``: 4).  The annotated field (6 twins) and the return flavours (8 twins) stay quiet.
Round 2 (2 cases, 8 twins, on main's engine as on this branch's): a version test choosing the new method, a
subclass keeping the old forward that writes the cache itself, a lambda table running the two steps in order, a
fork subclass of the metadata re-declaring the field, members both flavours have, a fork function of the same
name returning tensors, the array's positional axis, a tensor's ``dim=`` on a tensor built from the element: all
quiet; #30697's ``sum(dim=0)`` on an unpacked element and #40470's CPU impl on a typed parameter: caught.
This branch (revCC): 8 caught of 8; 0 false errors of 37.  The mend: moved effects counts the step as run where
the function names the new method (``getattr``), calls a helper of the fork's module or an upstream function that
calls ``.new(`` (the layer's update op), or where another method of its class calls it.

  PYTHONPATH=.. python review69_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- a28b94e6ef (#25954): FlashAttentionImpl.forward no longer writes the KV cache; do_kv_cache_update does
FA = ("#25954", "a28b94e6ef", "FlashAttentionImpl.forward no longer writes the KV cache (do_kv_cache_update does)")
FAI = "import torch\n\nfrom vllm.v1.attention.backends.flash_attn import FlashAttentionImpl\n\n\n"
CALL = "    return impl.forward(layer, query, key, value, kv_cache, meta, output=output)\n"
SIG = "(impl: FlashAttentionImpl, layer, query, key, value, kv_cache, meta, output):\n"
CASES += [
    (
        "#25954 step moved out",
        "a call on a parameter typed as the impl, in a drafter",
        K(*FA, "vllm/aeon/r69fa0.py", FAI + "def aeon_draft_attend" + SIG + CALL, CALL),
    ),
]
TWINS += [
    (
        "#25954 step moved out",
        "twin: the new method reached through getattr(impl, name, None)",
        K(
            *FA,
            "vllm/aeon/r69fa1.py",
            FAI + "def aeon_draft_attend" + SIG + "    update = getattr(impl, 'do_kv_cache_update', None)\n"
            "    if update is not None:  # AEON: older upstreams write the cache inside forward\n"
            "        update(layer, key, value, kv_cache, meta.slot_mapping)\n" + CALL,
            CALL,
        ),
    ),
    (
        "#25954 step moved out",
        "twin: the new method under a hasattr test",
        K(
            *FA,
            "vllm/aeon/r69fa2.py",
            FAI + "def aeon_draft_attend" + SIG + "    if hasattr(impl, 'do_kv_cache_update'):\n"
            "        impl.do_kv_cache_update(layer, key, value, kv_cache, meta.slot_mapping)\n" + CALL,
            CALL,
        ),
    ),
    (
        "#25954 step moved out",
        "twin: the new method in a try catching AttributeError",
        K(
            *FA,
            "vllm/aeon/r69fa3.py",
            FAI + "def aeon_draft_attend" + SIG + "    try:\n"
            "        impl.do_kv_cache_update(layer, key, value, kv_cache, meta.slot_mapping)\n"
            "    except AttributeError:  # AEON: older upstreams write the cache inside forward\n"
            "        pass\n" + CALL,
            CALL,
        ),
    ),
    (
        "#25954 step moved out",
        "twin: upstream's own unified_kv_cache_update op run first",
        K(
            *FA,
            "vllm/aeon/r69fa4.py",
            FAI
            + "def aeon_draft_attend"
            + SIG
            + "    # AEON: the layer's own op writes the cache, as upstream's layer does\n"
            "    torch.ops.vllm.unified_kv_cache_update(key, value, layer.layer_name)\n" + CALL,
            CALL,
        ),
    ),
    (
        "#25954 step moved out",
        "twin: a fork helper function that calls the new method, run first",
        K(
            *FA,
            "vllm/aeon/r69fa5.py",
            FAI + "def aeon_write_kv(impl: FlashAttentionImpl, layer, key, value, kv_cache, slots) -> None:\n"
            "    impl.do_kv_cache_update(layer, key, value, kv_cache, slots)\n\n\n"
            "def aeon_draft_attend"
            + SIG
            + "    aeon_write_kv(impl, layer, key, value, kv_cache, meta.slot_mapping)\n"
            + CALL,
            CALL,
        ),
    ),
    (
        "#25954 step moved out",
        "twin: a fork layer's own update method calling the new one, its forward calling that first",
        K(
            *FA,
            "vllm/aeon/r69fa6.py",
            FAI + "class AeonLocalAttention(torch.nn.Module):\n"
            "    def __init__(self, num_heads: int, head_size: int, scale: float) -> None:\n"
            "        super().__init__()\n"
            "        self.impl = FlashAttentionImpl(num_heads, head_size, scale, num_heads, None, None, 'auto')\n\n"
            "    def _write(self, key, value, kv_cache, meta) -> None:\n"
            "        self.impl.do_kv_cache_update(self, key, value, kv_cache, meta.slot_mapping)\n\n"
            "    def forward(self, query, key, value, kv_cache, meta, output):\n"
            "        self._write(key, value, kv_cache, meta)\n"
            "        return self.impl.forward(self, query, key, value, kv_cache, meta, output=output)\n",
            "        return self.impl.forward(self, query, key, value, kv_cache, meta, output=output)",
        ),
    ),
    (
        "#25954 step moved out",
        "twin: a fork layer running update and attention apart, as upstream's layer does",
        K(
            *FA,
            "vllm/aeon/r69fa7.py",
            FAI + "class AeonLocalAttention(torch.nn.Module):\n"
            "    def __init__(self, num_heads: int, head_size: int, scale: float) -> None:\n"
            "        super().__init__()\n"
            "        self.impl = FlashAttentionImpl(num_heads, head_size, scale, num_heads, None, None, 'auto')\n\n"
            "    def update_kv(self, key, value, kv_cache, slot_mapping) -> None:\n"
            "        # AEON: the fork's runner calls update_kv, then attend, as upstream's layer splits them\n"
            "        self.impl.do_kv_cache_update(self, key, value, kv_cache, slot_mapping)\n\n"
            "    def attend(self, query, key, value, kv_cache, meta, output):\n"
            "        return self.impl.forward(self, query, key, value, kv_cache, meta, output=output)\n",
            "        return self.impl.forward(self, query, key, value, kv_cache, meta, output=output)",
        ),
    ),
    (
        "#25954 step moved out",
        "twin: a wrapper delegating both forward and do_kv_cache_update to the impl it holds",
        K(
            *FA,
            "vllm/aeon/r69fa8.py",
            FAI + "class AeonTracedImpl:\n"
            "    # AEON: times each call of the wrapped impl; the layer calls it in the impl's place\n"
            "    def __init__(self, num_heads: int, head_size: int, scale: float) -> None:\n"
            "        self.inner = FlashAttentionImpl(num_heads, head_size, scale, num_heads, None, None, 'auto')\n\n"
            "    def do_kv_cache_update(self, layer, key, value, kv_cache, slot_mapping) -> None:\n"
            "        self.inner.do_kv_cache_update(layer, key, value, kv_cache, slot_mapping)\n\n"
            "    def forward(self, layer, query, key, value, kv_cache, meta, output=None):\n"
            "        return self.inner.forward(layer, query, key, value, kv_cache, meta, output=output)\n",
            "        return self.inner.forward(layer, query, key, value, kv_cache, meta, output=output)",
        ),
    ),
    (
        "#25954 step moved out",
        "twin: a subclass whose other method runs the update, called by the fork's drafter first",
        K(
            *FA,
            "vllm/aeon/r69fa9.py",
            FAI + "class AeonDraftImpl(FlashAttentionImpl):\n"
            "    def aeon_prepare(self, layer, key, value, kv_cache, meta) -> None:\n"
            "        self.do_kv_cache_update(layer, key, value, kv_cache, meta.slot_mapping)\n\n"
            "    def aeon_score(self, layer, query, key, value, kv_cache, meta, output):\n"
            "        self.aeon_prepare(layer, key, value, kv_cache, meta)\n"
            "        return self.forward(layer, query, key, value, kv_cache, meta, output=output)\n",
            "        return self.forward(layer, query, key, value, kv_cache, meta, output=output)",
        ),
    ),
    (
        "#25954 step moved out",
        "twin: the backend's forward_includes_kv_cache_update flag tested first",
        K(
            *FA,
            "vllm/aeon/r69fa10.py",
            "import torch\n\nfrom vllm.v1.attention.backends.flash_attn import FlashAttentionBackend, FlashAttentionImpl\n\n\n"
            "def aeon_draft_attend"
            + SIG
            + "    if not getattr(FlashAttentionBackend, 'forward_includes_kv_cache_update', True):\n"
            "        impl.do_kv_cache_update(layer, key, value, kv_cache, meta.slot_mapping)\n" + CALL,
            CALL,
        ),
    ),
    (
        "#25954 step moved out",
        "twin: a fork class of the same name whose forward writes the cache itself",
        K(
            *FA,
            "vllm/aeon/r69fa11.py",
            "import torch\n\nfrom vllm.v1.attention.backends import flash_attn as fa\n"
            "from vllm.v1.attention.backends.fa_utils import reshape_and_cache_flash\n\n\n"
            "class FlashAttentionImpl(fa.FlashAttentionImpl):\n"
            "    def forward(self, layer, query, key, value, kv_cache, meta, output=None, **kw):\n"
            "        key_cache, value_cache = kv_cache.unbind(0)  # AEON: the fork writes before attending\n"
            "        reshape_and_cache_flash(key, value, key_cache, value_cache, meta.slot_mapping, 'auto', layer._k_scale, layer._v_scale)\n"
            "        return super().forward(layer, query, key, value, kv_cache, meta, output=output, **kw)\n\n\n"
            "def aeon_draft_attend" + SIG + CALL,
            CALL,
        ),
    ),
]

# --- 98217b09f9 (#35422): FlashInferImpl.forward no longer writes the KV cache
FI = ("#35422", "98217b09f9", "FlashInferImpl.forward no longer writes the KV cache (do_kv_cache_update does)")
FII = "import torch\n\nfrom vllm.v1.attention.backends.flashinfer import FlashInferImpl\n\n\n"
FSIG = "(impl: FlashInferImpl, layer, query, key, value, kv_cache, meta, output):\n"
TWINS += [
    (
        "#35422 step moved out",
        "twin: a **kwargs call after the update with the same keywords",
        K(
            *FI,
            "vllm/aeon/r69fi1.py",
            FII + "def aeon_attend" + FSIG + "    kw = dict(layer=layer, key=key, value=value, kv_cache=kv_cache)\n"
            "    impl.do_kv_cache_update(slot_mapping=meta.slot_mapping, **kw)\n"
            "    return impl.forward(query=query, attn_metadata=meta, output=output, **kw)\n",
            "    return impl.forward(query=query, attn_metadata=meta, output=output, **kw)",
        ),
    ),
    (
        "#35422 step moved out",
        "twin: the update run by a fork helper method of another class, handed the impl",
        K(
            *FI,
            "vllm/aeon/r69fi2.py",
            FII + "class AeonKVWriter:\n"
            "    def write(self, impl: FlashInferImpl, layer, key, value, kv_cache, slots) -> None:\n"
            "        impl.do_kv_cache_update(layer, key, value, kv_cache, slots)\n\n\n"
            "_WRITER = AeonKVWriter()\n\n\n"
            "def aeon_attend" + FSIG + "    _WRITER.write(impl, layer, key, value, kv_cache, meta.slot_mapping)\n"
            "    return impl.forward(layer, query, key, value, kv_cache, meta, output=output)\n",
            "    return impl.forward(layer, query, key, value, kv_cache, meta, output=output)",
        ),
    ),
]
CASES += [
    (
        "#35422 step moved out",
        "a local built from the class",
        K(
            *FI,
            "vllm/aeon/r69fi0.py",
            FII + "def aeon_attend(layer, query, key, value, kv_cache, meta, output):\n"
            "    impl = FlashInferImpl(8, 128, 0.1, 8, None, None, 'auto')\n"
            "    return impl.forward(layer, query, key, value, kv_cache, meta, output=output)\n",
            "    return impl.forward(layer, query, key, value, kv_cache, meta, output=output)",
        ),
    ),
]

# --- 747431044d (#36263): FlexAttentionImpl.forward no longer writes the KV cache
FX = ("#36263", "747431044d", "FlexAttentionImpl.forward no longer writes the KV cache (do_kv_cache_update does)")
FXI = "import torch\n\nfrom vllm.v1.attention.backends.flex_attention import FlexAttentionImpl\n\n\n"
CASES += [
    (
        "#36263 step moved out",
        "self in a fork subclass, from another method",
        K(
            *FX,
            "vllm/aeon/r69fx0.py",
            FXI + "class AeonFlexImpl(FlexAttentionImpl):\n"
            "    def aeon_score(self, layer, query, key, value, kv_cache, meta, output):\n"
            "        return self.forward(layer, query, key, value, kv_cache, meta, output=output)\n",
            "        return self.forward(layer, query, key, value, kv_cache, meta, output=output)",
        ),
    ),
]
TWINS += [
    (
        "#36263 step moved out",
        "twin: a subclass override of forward running the update, then super()",
        K(
            *FX,
            "vllm/aeon/r69fx1.py",
            FXI + "class AeonFlexImpl(FlexAttentionImpl):\n"
            "    def forward(self, layer, query, key, value, kv_cache, meta, output=None, **kw):\n"
            "        self.do_kv_cache_update(layer, key, value, kv_cache, meta.slot_mapping)\n"
            "        return super().forward(layer, query, key, value, kv_cache, meta, output=output, **kw)\n\n"
            "    def aeon_score(self, layer, query, key, value, kv_cache, meta, output):\n"
            "        return self.forward(layer, query, key, value, kv_cache, meta, output=output)\n",
            "        return self.forward(layer, query, key, value, kv_cache, meta, output=output)",
        ),
    ),
]

# --- ba94a3b998 (#40470): CPUAttentionBackendImpl.forward no longer writes the KV cache
CP = ("#40470", "ba94a3b998", "CPUAttentionBackendImpl.forward no longer writes the KV cache (do_kv_cache_update does)")
CPI = "import torch\n\nfrom vllm.v1.attention.backends.cpu_attn import CPUAttentionBackendImpl\n\n\n"
TWINS += [
    (
        "#40470 step moved out",
        "twin: the layer's update op run by name through the forward context's layer, first",
        K(
            *CP,
            "vllm/aeon/r69cp1.py",
            CPI + "from vllm.attention.layer import unified_kv_cache_update\n\n\n"
            "def aeon_cpu_attend(impl: CPUAttentionBackendImpl, layer, query, key, value, kv_cache, meta, output):\n"
            "    unified_kv_cache_update(key, value, layer.layer_name)  # AEON: upstream's own write, first\n"
            "    return impl.forward(layer, query, key, value, kv_cache, meta, output=output)\n",
            "    return impl.forward(layer, query, key, value, kv_cache, meta, output=output)",
        ),
    ),
]

# --- 798e87db5c (#29268): CommonAttentionMetadata.encoder_seq_lens np.ndarray | None -> torch.Tensor | None
EN = ("#29268", "798e87db5c", "encoder_seq_lens made a tensor (the array is encoder_seq_lens_cpu)")
CAM = "import numpy as np\nimport torch\n\nfrom vllm.v1.attention.backends.utils import CommonAttentionMetadata\n\n\n"
CASES += [
    (
        "#29268 field reflavoured",
        "an array's astype on the field of a typed parameter",
        K(
            *EN,
            "vllm/aeon/r69en0.py",
            CAM + "def aeon_encoder_lens(meta: CommonAttentionMetadata) -> np.ndarray:\n"
            "    assert meta.encoder_seq_lens is not None\n"
            "    return meta.encoder_seq_lens.astype(np.int32)\n",
            "    return meta.encoder_seq_lens.astype(np.int32)",
        ),
    ),
]
TWINS += [
    (
        "#29268 field reflavoured",
        "twin: the new encoder_seq_lens_cpu field",
        K(
            *EN,
            "vllm/aeon/r69en1.py",
            CAM + "def aeon_encoder_lens(meta: CommonAttentionMetadata) -> np.ndarray:\n"
            "    assert meta.encoder_seq_lens_cpu is not None\n"
            "    return meta.encoder_seq_lens_cpu.astype(np.int32)\n",
            "    return meta.encoder_seq_lens_cpu.astype(np.int32)",
        ),
    ),
    (
        "#29268 field reflavoured",
        "twin: the tensor brought back with .cpu().numpy() first",
        K(
            *EN,
            "vllm/aeon/r69en2.py",
            CAM + "def aeon_encoder_lens(meta: CommonAttentionMetadata) -> np.ndarray:\n"
            "    assert meta.encoder_seq_lens is not None\n"
            "    return meta.encoder_seq_lens.cpu().numpy().astype(np.int32)\n",
            "    return meta.encoder_seq_lens.cpu().numpy().astype(np.int32)",
        ),
    ),
    (
        "#29268 field reflavoured",
        "twin: an isinstance test rebinding a tensor to an array",
        K(
            *EN,
            "vllm/aeon/r69en3.py",
            CAM + "def aeon_encoder_lens(meta: CommonAttentionMetadata) -> np.ndarray:\n"
            "    lens = meta.encoder_seq_lens\n"
            "    assert lens is not None\n"
            "    if isinstance(lens, torch.Tensor):  # AEON: a tensor since upstream's #29268\n"
            "        lens = lens.cpu().numpy()\n"
            "    return lens.astype(np.int32)\n",
            "    return lens.astype(np.int32)",
        ),
    ),
    (
        "#29268 field reflavoured",
        "twin: np.asarray around the field",
        K(
            *EN,
            "vllm/aeon/r69en4.py",
            CAM + "def aeon_encoder_lens(meta: CommonAttentionMetadata) -> np.ndarray:\n"
            "    assert meta.encoder_seq_lens is not None\n"
            "    return np.asarray(meta.encoder_seq_lens.cpu()).astype(np.int32)\n",
            "    return np.asarray(meta.encoder_seq_lens.cpu()).astype(np.int32)",
        ),
    ),
    (
        "#29268 field reflavoured",
        "twin: a fork dataclass of its own annotating the field as an array",
        K(
            *EN,
            "vllm/aeon/r69en5.py",
            "from dataclasses import dataclass\n\nimport numpy as np\n\n\n"
            "@dataclass\nclass AeonEncoderBatch:\n    encoder_seq_lens: np.ndarray\n\n\n"
            "def aeon_encoder_lens(batch: AeonEncoderBatch) -> np.ndarray:\n"
            "    return batch.encoder_seq_lens.astype(np.int32)\n",
            "    return batch.encoder_seq_lens.astype(np.int32)",
        ),
    ),
    (
        "#29268 field reflavoured",
        "twin: the array's method under a hasattr test",
        K(
            *EN,
            "vllm/aeon/r69en6.py",
            CAM + "def aeon_encoder_lens(meta: CommonAttentionMetadata) -> np.ndarray:\n"
            "    lens = meta.encoder_seq_lens\n"
            "    if hasattr(lens, 'astype'):\n"
            "        return lens.astype(np.int32)\n"
            "    return lens.cpu().numpy().astype(np.int32)\n",
            "        return lens.astype(np.int32)",
        ),
    ),
]

# --- 1eb61ab34b (#30697): DefaultEplbPolicy.replicate_experts / balanced_packing return np.ndarray
NP = ("#30697", "1eb61ab34b", "the policy's helpers take and return NumPy arrays")
POL = "import numpy as np\nimport torch\n\nfrom vllm.distributed.eplb.policy.default import DefaultEplbPolicy\n\n\n"
CASES += [
    (
        "#30697 return reflavoured",
        "a tensor's cuda() on an indexed element of the result",
        K(
            *NP,
            "vllm/aeon/r69np0.py",
            POL + "def aeon_replica_counts(load: torch.Tensor, num_physical: int) -> torch.Tensor:\n"
            "    return DefaultEplbPolicy.replicate_experts(load.float(), num_physical)[2].cuda()\n",
            "    return DefaultEplbPolicy.replicate_experts(load.float(), num_physical)[2].cuda()",
        ),
    ),
    (
        "#30697 return reflavoured",
        "a tensor's keepdim= on an unpacked element",
        K(
            *NP,
            "vllm/aeon/r69np1.py",
            POL + "def aeon_heaviest(load: torch.Tensor, num_ranks: int) -> torch.Tensor:\n"
            "    pack_index, _ = DefaultEplbPolicy.balanced_packing(load, num_ranks)\n"
            "    return pack_index.amax(1, keepdim=True)\n",
            "    return pack_index.amax(1, keepdim=True)",
        ),
    ),
]
TWINS += [
    (
        "#30697 return reflavoured",
        "twin: the result rebound through torch.from_numpy",
        K(
            *NP,
            "vllm/aeon/r69np2.py",
            POL + "def aeon_replica_counts(load: torch.Tensor, num_physical: int) -> torch.Tensor:\n"
            "    _, _, logcnt = DefaultEplbPolicy.replicate_experts(load.float().numpy(), num_physical)\n"
            "    logcnt = torch.from_numpy(logcnt)\n"
            "    return logcnt.to(load.device)\n",
            "    return logcnt.to(load.device)",
        ),
    ),
    (
        "#30697 return reflavoured",
        "twin: torch.as_tensor around the element",
        K(
            *NP,
            "vllm/aeon/r69np3.py",
            POL + "def aeon_replica_counts(load: torch.Tensor, num_physical: int) -> torch.Tensor:\n"
            "    _, _, logcnt = DefaultEplbPolicy.replicate_experts(load.float().numpy(), num_physical)\n"
            "    return torch.as_tensor(logcnt).to(load.device)\n",
            "    return torch.as_tensor(logcnt).to(load.device)",
        ),
    ),
    (
        "#30697 return reflavoured",
        "twin: the array's axis= keyword",
        K(
            *NP,
            "vllm/aeon/r69np4.py",
            POL + "def aeon_heaviest(load: np.ndarray, num_ranks: int) -> np.ndarray:\n"
            "    pack_index, _ = DefaultEplbPolicy.balanced_packing(load, num_ranks)\n"
            "    return pack_index.max(axis=-1)\n",
            "    return pack_index.max(axis=-1)",
        ),
    ),
    (
        "#30697 return reflavoured",
        "twin: an isinstance test rebinding an array to a tensor",
        K(
            *NP,
            "vllm/aeon/r69np5.py",
            POL + "def aeon_replica_counts(load: torch.Tensor, num_physical: int) -> torch.Tensor:\n"
            "    _, _, logcnt = DefaultEplbPolicy.replicate_experts(load.float(), num_physical)\n"
            "    if isinstance(logcnt, np.ndarray):  # AEON: NumPy since upstream's #30697\n"
            "        logcnt = torch.from_numpy(logcnt)\n"
            "    return logcnt.to(load.device)\n",
            "    return logcnt.to(load.device)",
        ),
    ),
    (
        "#30697 return reflavoured",
        "twin: the tensor's method under a hasattr test",
        K(
            *NP,
            "vllm/aeon/r69np6.py",
            POL + "def aeon_replica_counts(load: torch.Tensor, num_physical: int) -> torch.Tensor:\n"
            "    _, _, logcnt = DefaultEplbPolicy.replicate_experts(load.float(), num_physical)\n"
            "    if hasattr(logcnt, 'to'):\n"
            "        return logcnt.to(load.device)\n"
            "    return torch.from_numpy(logcnt).to(load.device)\n",
            "        return logcnt.to(load.device)",
        ),
    ),
    (
        "#30697 return reflavoured",
        "twin: a fork subclass overriding replicate_experts with its own tensors",
        K(
            *NP,
            "vllm/aeon/r69np7.py",
            POL + "class AeonEplbPolicy(DefaultEplbPolicy):\n"
            "    @classmethod\n"
            "    def replicate_experts(\n"
            "        cls, weight: torch.Tensor, num_phy: int\n"
            "    ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:\n"
            "        # AEON: the Spark keeps the torch policy: its loads live on the GPU\n"
            "        n = weight.shape[-1]\n"
            "        phy2log = torch.arange(num_phy).remainder(n).expand(weight.shape[0], -1)\n"
            "        return phy2log, torch.zeros_like(phy2log), torch.ones_like(weight, dtype=torch.int64)\n\n\n"
            "def aeon_replica_counts(load: torch.Tensor, num_physical: int) -> torch.Tensor:\n"
            "    _, _, logcnt = AeonEplbPolicy.replicate_experts(load.float(), num_physical)\n"
            "    return logcnt.to(load.device)\n",
            "    return logcnt.to(load.device)",
        ),
    ),
    (
        "#30697 return reflavoured",
        "twin: self's override in a fork subclass",
        K(
            *NP,
            "vllm/aeon/r69np8.py",
            POL + "class AeonEplbPolicy(DefaultEplbPolicy):\n"
            "    @classmethod\n"
            "    def balanced_packing(cls, weight: torch.Tensor, num_packs: int) -> tuple[torch.Tensor, torch.Tensor]:\n"
            "        # AEON: round-robin packing, tensors kept\n"
            "        idx = torch.arange(weight.shape[-1]).expand_as(weight)\n"
            "        return idx % num_packs, idx // num_packs\n\n"
            "    @classmethod\n"
            "    def aeon_heaviest(cls, load: torch.Tensor, num_ranks: int) -> torch.Tensor:\n"
            "        pack_index, _ = cls.balanced_packing(load, num_ranks)\n"
            "        return pack_index.max(dim=-1).values\n",
            "        return pack_index.max(dim=-1).values",
        ),
    ),
    (
        "#30697 return reflavoured",
        "twin: the tensor's method in a try catching AttributeError",
        K(
            *NP,
            "vllm/aeon/r69np9.py",
            POL + "def aeon_replica_counts(load: torch.Tensor, num_physical: int) -> torch.Tensor:\n"
            "    _, _, logcnt = DefaultEplbPolicy.replicate_experts(load.float(), num_physical)\n"
            "    try:\n"
            "        return logcnt.to(load.device)\n"
            "    except AttributeError:  # AEON: NumPy since upstream's #30697\n"
            "        return torch.from_numpy(logcnt).to(load.device)\n",
            "        return logcnt.to(load.device)",
        ),
    ),
]


# --- round 2: more spellings of the same commits
TWINS += [
    (
        "#25954 step moved out",
        "twin: a version test choosing the new method",
        K(
            *FA,
            "vllm/aeon/r69fa12.py",
            "from packaging.version import Version\n\nimport vllm\n\n"
            + FAI
            + "def aeon_draft_attend"
            + SIG
            + "    if Version(vllm.__version__) >= Version('0.14'):\n"
            "        impl.do_kv_cache_update(layer, key, value, kv_cache, meta.slot_mapping)\n" + CALL,
            CALL,
        ),
    ),
    (
        "#25954 step moved out",
        "twin: a subclass that keeps the old forward, writing the cache itself",
        K(
            *FA,
            "vllm/aeon/r69fa13.py",
            FAI + "from vllm.v1.attention.backends.fa_utils import reshape_and_cache_flash\n\n\n"
            "class AeonWritingImpl(FlashAttentionImpl):\n"
            "    def forward(self, layer, query, key, value, kv_cache, meta, output=None, **kw):\n"
            "        key_cache, value_cache = kv_cache.unbind(0)\n"
            "        reshape_and_cache_flash(key, value, key_cache, value_cache, meta.slot_mapping, 'auto', layer._k_scale, layer._v_scale)\n"
            "        return super().forward(layer, query, key, value, kv_cache, meta, output=output, **kw)\n\n\n"
            "class AeonDrafter:\n"
            "    def __init__(self) -> None:\n"
            "        self.impl = AeonWritingImpl(8, 128, 0.1, 8, None, None, 'auto')\n\n"
            "    def score(self, layer, query, key, value, kv_cache, meta, output):\n"
            "        return self.impl.forward(layer, query, key, value, kv_cache, meta, output=output)\n",
            "        return self.impl.forward(layer, query, key, value, kv_cache, meta, output=output)",
        ),
    ),
    (
        "#35422 step moved out",
        "twin: a lambda table of the two steps run in order",
        K(
            *FI,
            "vllm/aeon/r69fi3.py",
            FII + "def aeon_attend" + FSIG + "    steps = (\n"
            "        lambda: impl.do_kv_cache_update(layer, key, value, kv_cache, meta.slot_mapping),\n"
            "        lambda: impl.forward(layer, query, key, value, kv_cache, meta, output=output),\n"
            "    )\n"
            "    return [step() for step in steps][-1]\n",
            "        lambda: impl.forward(layer, query, key, value, kv_cache, meta, output=output),",
        ),
    ),
    (
        "#29268 field reflavoured",
        "twin: a fork subclass of the metadata re-declaring the field as an array",
        K(
            *EN,
            "vllm/aeon/r69en7.py",
            "from dataclasses import dataclass\n\n" + CAM + "@dataclass\n"
            "class AeonCommonMetadata(CommonAttentionMetadata):\n"
            "    encoder_seq_lens: np.ndarray | None = None  # AEON: the fork's builder keeps the host array\n\n"
            "    def aeon_encoder_lens(self) -> np.ndarray:\n"
            "        assert self.encoder_seq_lens is not None\n"
            "        return self.encoder_seq_lens.astype(np.int32)\n",
            "        return self.encoder_seq_lens.astype(np.int32)",
        ),
    ),
    (
        "#29268 field reflavoured",
        "twin: a method both flavours have (max, tolist)",
        K(
            *EN,
            "vllm/aeon/r69en8.py",
            CAM + "def aeon_longest(meta: CommonAttentionMetadata) -> int:\n"
            "    assert meta.encoder_seq_lens is not None\n"
            "    return int(meta.encoder_seq_lens.max()) + len(meta.encoder_seq_lens.tolist())\n",
            "    return int(meta.encoder_seq_lens.max()) + len(meta.encoder_seq_lens.tolist())",
        ),
    ),
    (
        "#30697 return reflavoured",
        "twin: a fork function of the same name returning tensors",
        K(
            *NP,
            "vllm/aeon/r69np10.py",
            POL
            + "def replicate_experts(weight: torch.Tensor, num_phy: int) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:\n"
            "    # AEON: the Spark's own torch replication, beside upstream's policy\n"
            "    n = weight.shape[-1]\n"
            "    phy2log = torch.arange(num_phy).remainder(n).expand(weight.shape[0], -1)\n"
            "    return phy2log, torch.zeros_like(phy2log), torch.ones_like(weight, dtype=torch.int64)\n\n\n"
            "def aeon_replica_counts(load: torch.Tensor, num_physical: int) -> torch.Tensor:\n"
            "    _, _, logcnt = replicate_experts(load.float(), num_physical)\n"
            "    return logcnt.to(load.device)\n",
            "    return logcnt.to(load.device)",
        ),
    ),
    (
        "#30697 return reflavoured",
        "twin: the array's positional axis and a member both flavours have",
        K(
            *NP,
            "vllm/aeon/r69np11.py",
            POL + "def aeon_heaviest(load: np.ndarray, num_ranks: int) -> list[int]:\n"
            "    pack_index, rank_in_pack = DefaultEplbPolicy.balanced_packing(load, num_ranks)\n"
            "    return pack_index.max(-1).tolist() + [int(rank_in_pack.sum()), rank_in_pack.shape[0]]\n",
            "    return pack_index.max(-1).tolist() + [int(rank_in_pack.sum()), rank_in_pack.shape[0]]",
        ),
    ),
    (
        "#30697 return reflavoured",
        "twin: the tensor's dim= on a tensor the fork built from the element",
        K(
            *NP,
            "vllm/aeon/r69np12.py",
            POL + "def aeon_heaviest(load: torch.Tensor, num_ranks: int) -> torch.Tensor:\n"
            "    pack_index, _ = DefaultEplbPolicy.balanced_packing(load.numpy(), num_ranks)\n"
            "    return torch.from_numpy(pack_index).max(dim=-1).values\n",
            "    return torch.from_numpy(pack_index).max(dim=-1).values",
        ),
    ),
]
CASES += [
    (
        "#30697 return reflavoured",
        "a tensor's sum(dim=) on the unpacked element",
        K(
            *NP,
            "vllm/aeon/r69np13.py",
            POL + "def aeon_ranks_used(load: torch.Tensor, num_ranks: int) -> torch.Tensor:\n"
            "    _, rank_in_pack = DefaultEplbPolicy.balanced_packing(load, num_ranks)\n"
            "    return rank_in_pack.sum(dim=0)\n",
            "    return rank_in_pack.sum(dim=0)",
        ),
    ),
    (
        "#40470 step moved out",
        "a call on a parameter typed as the CPU impl",
        K(
            *CP,
            "vllm/aeon/r69cp0.py",
            CPI
            + "def aeon_cpu_attend(impl: CPUAttentionBackendImpl, layer, query, key, value, kv_cache, meta, output):\n"
            "    return impl.forward(layer, query, key, value, kv_cache, meta, output=output)\n",
            "    return impl.forward(layer, query, key, value, kv_cache, meta, output=output)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review69-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
