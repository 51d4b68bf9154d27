"""A second blind replay of the MLA attention common code a DeepSeek-class NVFP4 fork subclasses and calls.

10 first-parent commits on ``vllm/v1/attention/backends/mla/common.py`` and its successor
``vllm/model_executor/layers/attention/mla_attention.py`` -- the MLA metadata records, their builder,
``MLACommonImpl`` and the ``MLAAttention`` layer a DeepSeek-class NVFP4 fork subclasses, constructs and calls --
picked by scanning those paths' diffs (``git log --first-parent -p --since 2025-01-01``), avoiding the commits
every other replay uses (``blind_replay_mla``, ``_mlasparse``, ``_attnmeta``, ``_attnbackends`` cover parts of
this surface).  The commits: #17483 (the builder's ``__init__`` given required ``kv_cache_spec`` and
``block_table`` before ``metadata_cls``; ``_build_decode``'s ``block_table`` renamed ``block_table_tensor``, which
the base's ``build`` passes by keyword), #23958 (``_build_decode`` given ``num_decode_tokens``, passed by keyword),
#25049 (``MLACommonDecodeMetadata`` given a required ``dcp_tot_seq_lens``; ``_build_decode`` given
``dcp_tot_seq_lens_device``), #25184 (``_v_up_proj(x)`` made ``_v_up_proj(x, out)``, writing into ``out`` and
returning None), #27457 (``_forward_prefill`` given a required ``output``, returning None), #20769
(``MLACommonMetadata`` given required ``num_reqs`` and ``max_query_len`` ahead of its fields), #49294
(``ChunkedContextMetadata`` given a required ``has_empty_context`` ahead of its DCP fields), #45964
(``MLAAttention.__init__`` given ``dcp_q_replicate`` between ``kv_b_proj`` and ``cache_config``), #34627 (the
KV-cache write taken out of ``MLAAttention.forward_impl`` into the impl's new ``do_kv_cache_update``, which the
layer's ``forward`` and a new custom op now run first) and #42555 (the layer's ``getattr(self,
"_use_fi_prefill", False)`` gone: the DCP LSE merge takes base e always).  Each is replayed under 2-3 fork
spellings written the way fork code is written (a builder subclass's positional and keyword
``super().__init__``, an override of a hook under its old parameters, positional and keyword-only, a call of a
hook for the value it no longer returns, keyword and positional constructions of a record upstream gave a
required field, a positional construction that shifts silently into a DCP field, a model's positional
construction of the layer, a layer subclass's ``forward`` calling ``forward_impl`` itself, a direct call of the
custom op, a class attribute and a ``self.`` store of a flag no longer read), with a twin per commit (fork code
the commit does not break: a positional call, an override taking the rest as ``**kwargs``, a pass-through
override, a dataclass subclass adding a defaulted field, ``dataclasses.replace`` of a built record, a keyword
construction, an override handing on to ``super().forward``, the flag set to the value upstream now assumes).
The merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error lands
on its line, *warned* when a warning (or an error on another line) lands in its file.  Twins must stay *quiet*:
no error on their line.

Blind, on the engine before any widening (main at cbb8da63): 17 caught, 3 warned, 2 missed of 22 (twins: 10
quiet, 2 of them warned, 0 false errors).  Caught: every required parameter or field inserted (constructions
and ``super().__init__`` calls, keyword and positional, the silent DCP shift included), every override under a
hook's old parameters but one, both calls of a hook for a value it no longer returns, both positional
constructions of the layer.  Warned: #23958's override with keyword-only parameters (its ``super()`` call,
on the next line, is an error; its ``def`` line, which upstream's keyword ``num_decode_tokens=`` breaks, is
not), #42555's class attribute and ``self.`` store of ``_use_fi_prefill = True`` (a field nothing reads any
more: "the fork's value is dead"; the twin's ``= False`` is warned alike, though upstream's constant is what
that value gave).  Missed: #34627's two (a layer subclass's ``forward`` calling ``self.forward_impl(...)``, and
a direct ``torch.ops.vllm.unified_mla_attention_with_output(...)``: the KV cache is never written).

After the killers218 widenings (749e1889): 22 caught, 0 warned, 0 missed of 22 (twins: 10 quiet, 2 of them
warned, 0 false errors); at HEAD, once the abroad search was gated for speed (it read every changed module's diff
whole: ~0.6 s at 500 commits of drift_speed's window; now only modules a fork line imports from, ~3 ms): 21
caught, 0 warned, 1 missed of 22 (twins as before).  Caught now: a step moved into *another* class's new method
that the class's own callers now run first, and a fork call of the module's wrapper of the method (its custom
op, through ``torch.ops.<ns>.name``, an import or the module's attribute) -- ``drift/moved_effects.py``
widened, #34627's layer subclass (and its op call, before the gate); a literal a dead knob's fork store holds that the removed expression, folded by upstream into a constant,
no longer gives (``not True`` is not ``True``) -- ``drift/folded_reads.py``, new, through ``drift/knobs.py``,
#42555's two; an override taking the base's parameters keyword-only when the base now requires one it does not
take by name -- symbol drift's override check widened (``_named_alike``), #23958's keyword-only override.  The
twins' two warnings are as blind: #42555's ``_use_fi_prefill = False`` (the dead knob's warning: nothing reads
it; its value is what upstream assumes, so no error) and #23958's ``**kwargs`` override (its ``super()`` call,
quiet on its line).  Left: #34627's direct ``torch.ops.vllm.unified_mla_attention_with_output(...)`` in a
fork file that imports nothing of the layer's module (the replay's spelling is alone in its fork): the gate asks
only modules the fork imports from; a fork that subclasses or imports the layer anywhere gets the op call caught
(the wrapper calls are looked for in every fork module; ``tests/audits/test_moved_effects_abroad.py``); after the
gate, blind_replay_attnmeta 29 caught, 1 warned of 30 (14 quiet) and review69_twins 8/8 (0 false of 37), as
before.  Noticed: an override taking the base's parameters keyword-only stays quiet where the
only new parameter is optional, though upstream's caller may pass it (no call site is weighed there).
Regression set at 749e1889: killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet),
blind_replay_attnmeta 29 caught, 1 warned of 30 (14 quiet), review69_twins 8/8 (0 false of 37),
blind_replay_mla 32/32 (17 quiet, 1 warned), blind_replay_openai 17 caught, 1 warned of 18 (10 quiet, 1
warned), review55_twins 5/5 (0 false of 29, 1 warned), blind_replay_eagleprop 19 caught, 2 warned of 21 (12
quiet), blind_replay_flashattn 12 caught, 4 warned, 3 missed of 19 (9 quiet): each as before.  Unit tests:
test_moved_effects_abroad 19, test_folded_reads 14, test_keyword_only_overrides 6 (new), test_moved_effects 29,
test_dead_knobs, test_dead_patches, test_patched_methods, test_fleet_profile, test_lazy_patterns (158 passed, 1
skipped with the new files), test_symbol_drift 329 passed; the override suites (renamed, mixin, validated,
post-init, dispatched) 53 passed.

After mend77: 21 caught, 0 warned, 1 missed -> 22 caught, 0 warned, 0 missed of 22 (twins: 10 -> 12 quiet, 2 of
them warned as before, 0 false errors).  Caught now: #34627's lone ``torch.ops.vllm.
unified_mla_attention_with_output(...)`` (``drift/moved_effects.py`` ``_op_homes``: the gate also asks a changed
module defining a function a fork line calls as a custom op, found by one ``git grep`` of ``def`` lines, only where
a fork line calls ``torch.ops.<ns>.name(``).  Two twins added (mend77, quiet): the update op run before the lone
op call, a lone call of the fork's own op.

  python benchmarks/blind_replay_mla2.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

MC = "vllm.v1.attention.backends.mla.common"
MA = "vllm.model_executor.layers.attention.mla_attention"

# --- #17483 (950751a987): the builder's __init__ takes kv_cache_spec and block_table before metadata_cls;
# _build_decode's block_table parameter renamed block_table_tensor (the base's build passes it by keyword)
BT = "950751a987"
BTW = "MLACommonMetadataBuilder.__init__ gained kv_cache_spec, block_table; _build_decode(block_table=) renamed"
CASES += [
    (
        "#17483 required parameters inserted",
        "a builder subclass's positional super().__init__",
        K(
            "#17483",
            BT,
            BTW,
            "vllm/aeon/bt1.py",
            f"from {MC} import MLACommonMetadata, MLACommonMetadataBuilder\n\n\n"
            "class AeonMLABuilder(MLACommonMetadataBuilder[MLACommonMetadata]):\n"
            "    def __init__(self, runner):\n"
            "        # AEON: the Spark's NVFP4 MLA builder keeps the common metadata class\n"
            "        super().__init__(runner, MLACommonMetadata)\n"
            "        self.aeon_nvfp4 = True\n",
            "super().__init__(runner, MLACommonMetadata)",
        ),
    ),
    (
        "#17483 required parameters inserted",
        "a builder subclass's keyword super().__init__",
        K(
            "#17483",
            BT,
            BTW,
            "vllm/aeon/bt2.py",
            f"from {MC} import MLACommonMetadata, MLACommonMetadataBuilder\n\n\n"
            "class AeonMLABuilder2(MLACommonMetadataBuilder[MLACommonMetadata]):\n"
            "    def __init__(self, runner, metadata_cls=None):\n"
            "        super().__init__(runner=runner, metadata_cls=metadata_cls or MLACommonMetadata)\n",
            "super().__init__(runner=runner, metadata_cls=metadata_cls or MLACommonMetadata)",
        ),
    ),
    (
        "#17483 keyword the base passes renamed",
        "an override of _build_decode under the old parameter name",
        K(
            "#17483",
            BT,
            BTW,
            "vllm/aeon/bt3.py",
            f"import torch\n\nfrom {MC} import MLACommonDecodeMetadata, MLACommonMetadataBuilder\n\n\n"
            "class AeonDecodeBuilder(MLACommonMetadataBuilder):\n"
            "    def _build_decode(self, block_table: torch.Tensor, seq_lens: torch.Tensor):\n"
            "        # AEON: the Spark pads the decode block table to its NVFP4 page multiple\n"
            "        return MLACommonDecodeMetadata(block_table=block_table, seq_lens=seq_lens)\n",
            "def _build_decode(self, block_table: torch.Tensor, seq_lens: torch.Tensor):",
        ),
    ),
    (
        "#17483 keyword the base passes renamed",
        "twin: a positional call of _build_decode",
        K(
            "#17483",
            BT,
            BTW,
            "vllm/aeon/bt4.py",
            f"from {MC} import MLACommonMetadataBuilder\n\n\n"
            "class AeonDecodeBuilder2(MLACommonMetadataBuilder):\n"
            "    def aeon_decode_only(self, table, lens):\n"
            "        return self._build_decode(table, lens)\n",
            "return self._build_decode(table, lens)",
        ),
    ),
]

# --- #23958 (620db1fc58): _build_decode gained num_decode_tokens, passed by keyword from the base's build
ND = "620db1fc58"
NDW = "MLACommonMetadataBuilder._build_decode gained num_decode_tokens (the base's build passes it by keyword)"
CASES += [
    (
        "#23958 keyword the base passes added",
        "an override of _build_decode with the base's old parameters",
        K(
            "#23958",
            ND,
            NDW,
            "vllm/aeon/nd1.py",
            f"from {MC} import MLACommonMetadataBuilder\n\n\n"
            "class AeonGraphDecodeBuilder(MLACommonMetadataBuilder):\n"
            "    def _build_decode(self, block_table_tensor, seq_lens_cpu, seq_lens_device, query_start_loc_cpu, query_start_loc_device):\n"
            "        # AEON: the Spark's decode graph keeps the device lengths contiguous\n"
            "        return super()._build_decode(block_table_tensor, seq_lens_cpu, seq_lens_device.contiguous(), query_start_loc_cpu, query_start_loc_device)\n",
            "def _build_decode(self, block_table_tensor, seq_lens_cpu, seq_lens_device, query_start_loc_cpu, query_start_loc_device):",
        ),
    ),
    (
        "#23958 keyword the base passes added",
        "an override with keyword-only parameters",
        K(
            "#23958",
            ND,
            NDW,
            "vllm/aeon/nd2.py",
            f"from {MC} import MLACommonMetadataBuilder\n\n\n"
            "class AeonGraphDecodeBuilder2(MLACommonMetadataBuilder):\n"
            "    def _build_decode(self, *, block_table_tensor, seq_lens_cpu, seq_lens_device, query_start_loc_cpu, query_start_loc_device):\n"
            "        return super()._build_decode(block_table_tensor=block_table_tensor.contiguous(), seq_lens_cpu=seq_lens_cpu, seq_lens_device=seq_lens_device, query_start_loc_cpu=query_start_loc_cpu, query_start_loc_device=query_start_loc_device)\n",
            "def _build_decode(self, *, block_table_tensor, seq_lens_cpu, seq_lens_device, query_start_loc_cpu, query_start_loc_device):",
        ),
    ),
    (
        "#23958 keyword the base passes added",
        "twin: an override taking the rest as **kwargs",
        K(
            "#23958",
            ND,
            NDW,
            "vllm/aeon/nd3.py",
            f"from {MC} import MLACommonMetadataBuilder\n\n\n"
            "class AeonGraphDecodeBuilder3(MLACommonMetadataBuilder):\n"
            "    def _build_decode(self, block_table_tensor, **kwargs):\n"
            "        return super()._build_decode(block_table_tensor=block_table_tensor.contiguous(), **kwargs)\n",
            "def _build_decode(self, block_table_tensor, **kwargs):",
        ),
    ),
]

# --- #25049 (3b736e1c38): MLACommonDecodeMetadata gained a required dcp_tot_seq_lens; _build_decode gained
# dcp_tot_seq_lens_device (passed by keyword)
DT = "3b736e1c38"
DTW = "MLACommonDecodeMetadata.dcp_tot_seq_lens required; _build_decode gained dcp_tot_seq_lens_device"
CASES += [
    (
        "#25049 required field added",
        "a keyword construction of the decode record",
        K(
            "#25049",
            DT,
            DTW,
            "vllm/aeon/dt1.py",
            f"import torch\n\nfrom {MC} import MLACommonDecodeMetadata\n\n\n"
            "def aeon_dummy_decode(table: torch.Tensor, lens: torch.Tensor) -> MLACommonDecodeMetadata:\n"
            "    # AEON: the Spark's MTP warmup builds a decode record of its own\n"
            "    return MLACommonDecodeMetadata(block_table=table, seq_lens=lens)\n",
            "return MLACommonDecodeMetadata(block_table=table, seq_lens=lens)",
        ),
    ),
    (
        "#25049 required field added",
        "a positional construction of the decode record",
        K(
            "#25049",
            DT,
            DTW,
            "vllm/aeon/dt2.py",
            f"from {MC} import MLACommonDecodeMetadata as DecodeMeta\n\n\n"
            "def aeon_dummy_decode2(table, lens):\n"
            "    meta = DecodeMeta(table, lens)\n"
            "    return meta\n",
            "meta = DecodeMeta(table, lens)",
        ),
    ),
    (
        "#25049 keyword the base passes added",
        "an override of _build_decode with the base's parameters",
        K(
            "#25049",
            DT,
            DTW,
            "vllm/aeon/dt3.py",
            f"from {MC} import MLACommonMetadataBuilder\n\n\n"
            "class AeonSpecDecodeBuilder(MLACommonMetadataBuilder):\n"
            "    def _build_decode(self, block_table_tensor, seq_lens_cpu, seq_lens_device, query_start_loc_cpu, query_start_loc_device, num_decode_tokens):\n"
            "        # AEON: the Spark's MTP verify keeps its decode lengths on the host too\n"
            "        meta = super()._build_decode(block_table_tensor, seq_lens_cpu, seq_lens_device, query_start_loc_cpu, query_start_loc_device, num_decode_tokens)\n"
            "        return meta\n",
            "def _build_decode(self, block_table_tensor, seq_lens_cpu, seq_lens_device, query_start_loc_cpu, query_start_loc_device, num_decode_tokens):",
        ),
    ),
    (
        "#25049 required field added",
        "twin: a dataclass subclass adding a defaulted field",
        K(
            "#25049",
            DT,
            DTW,
            "vllm/aeon/dt4.py",
            f"from dataclasses import dataclass\n\nimport torch\n\nfrom {MC} import MLACommonDecodeMetadata\n\n\n"
            "@dataclass\n"
            "class AeonDecodeMetadata(MLACommonDecodeMetadata):\n"
            "    aeon_scale: torch.Tensor | None = None\n",
            "aeon_scale: torch.Tensor | None = None",
        ),
    ),
]

# --- #25184 (0b7bed9c38): _v_up_proj(x) now _v_up_proj(x, out), writes into out and returns None
VU = "0b7bed9c38"
VUW = "MLACommonImpl._v_up_proj gained a required out and returns None (the base passes out= by keyword)"
CASES += [
    (
        "#25184 hook's parameters and return changed",
        "an override of _v_up_proj returning its product",
        K(
            "#25184",
            VU,
            VUW,
            "vllm/aeon/vu1.py",
            f"import torch\n\nfrom {MC} import MLACommonImpl\n\n\n"
            "class AeonNvfp4MLAImpl(MLACommonImpl):\n"
            "    def _v_up_proj(self, x):\n"
            "        # AEON: the Spark's W_UV is dequantized from NVFP4 per call\n"
            "        x = x.view(-1, self.num_heads, self.kv_lora_rank).transpose(0, 1)\n"
            "        return torch.bmm(x, self.W_UV).transpose(0, 1).reshape(-1, self.num_heads * self.v_head_dim)\n",
            "def _v_up_proj(self, x):",
        ),
    ),
    (
        "#25184 hook's parameters and return changed",
        "a call of _v_up_proj for its result",
        K(
            "#25184",
            VU,
            VUW,
            "vllm/aeon/vu2.py",
            f"from {MC} import MLACommonImpl\n\n\n"
            "class AeonNvfp4MLAImpl2(MLACommonImpl):\n"
            "    def aeon_decode_out(self, attn_out):\n"
            "        return self._v_up_proj(attn_out)\n",
            "return self._v_up_proj(attn_out)",
        ),
    ),
    (
        "#25184 hook's parameters and return changed",
        "twin: a pass-through override",
        K(
            "#25184",
            VU,
            VUW,
            "vllm/aeon/vu3.py",
            f"from {MC} import MLACommonImpl\n\n\n"
            "class AeonNvfp4MLAImpl3(MLACommonImpl):\n"
            "    def _v_up_proj(self, x, *args, **kwargs):\n"
            "        return super()._v_up_proj(x.contiguous(), *args, **kwargs)\n",
            "def _v_up_proj(self, x, *args, **kwargs):",
        ),
    ),
]

# --- #27457 (d9d342d214): _forward_prefill gained a required output and returns None
FP = "d9d342d214"
FPW = "MLACommonImpl._forward_prefill gained a required output (passed by keyword) and returns None"
CASES += [
    (
        "#27457 hook's parameters and return changed",
        "a call of _forward_prefill for its result",
        K(
            "#27457",
            FP,
            FPW,
            "vllm/aeon/fp1.py",
            f"from {MC} import MLACommonImpl\n\n\n"
            "class AeonPrefillImpl(MLACommonImpl):\n"
            "    def aeon_prefill(self, q, kv_c_normed, k_pe, kv_cache, attn_metadata, k_scale):\n"
            "        # AEON: the Spark re-runs the prefill after its NVFP4 cache repack\n"
            "        out = self._forward_prefill(q, kv_c_normed, k_pe, kv_cache, attn_metadata, k_scale)\n"
            "        return out\n",
            "out = self._forward_prefill(q, kv_c_normed, k_pe, kv_cache, attn_metadata, k_scale)",
        ),
    ),
    (
        "#27457 hook's parameters and return changed",
        "an override of _forward_prefill with the base's old parameters",
        K(
            "#27457",
            FP,
            FPW,
            "vllm/aeon/fp2.py",
            f"from {MC} import MLACommonImpl\n\n\n"
            "class AeonPrefillImpl2(MLACommonImpl):\n"
            "    def _forward_prefill(self, q, kv_c_normed, k_pe, kv_c_and_k_pe_cache, attn_metadata, k_scale):\n"
            "        out = super()._forward_prefill(q, kv_c_normed, k_pe, kv_c_and_k_pe_cache, attn_metadata, k_scale)\n"
            "        return out.contiguous()\n",
            "def _forward_prefill(self, q, kv_c_normed, k_pe, kv_c_and_k_pe_cache, attn_metadata, k_scale):",
        ),
    ),
    (
        "#27457 hook's parameters and return changed",
        "twin: a read of the kept padding flag",
        K(
            "#27457",
            FP,
            FPW,
            "vllm/aeon/fp3.py",
            f"from {MC} import MLACommonImpl\n\n\n"
            "class AeonPrefillImpl3(MLACommonImpl):\n"
            "    def aeon_padded(self) -> bool:\n"
            "        return bool(self._pad_v)\n",
            "return bool(self._pad_v)",
        ),
    ),
]

# --- #20769 (8cdc371217): MLACommonMetadata gained required num_reqs and max_query_len, first
MR = "8cdc371217"
MRW = "MLACommonMetadata gained required num_reqs, max_query_len before num_actual_tokens"
CASES += [
    (
        "#20769 required fields inserted first",
        "a keyword construction of the metadata record",
        K(
            "#20769",
            MR,
            MRW,
            "vllm/aeon/mr1.py",
            f"from {MC} import MLACommonMetadata\n\n\n"
            "def aeon_decode_only(n, qsl, slots, decode):\n"
            "    # AEON: the Spark's CUDA-graph warmup builds a decode-only record\n"
            "    return MLACommonMetadata(num_actual_tokens=n, query_start_loc=qsl, slot_mapping=slots, num_decodes=n, num_decode_tokens=n, num_prefills=0, decode=decode)\n",
            "return MLACommonMetadata(num_actual_tokens=n, query_start_loc=qsl, slot_mapping=slots, num_decodes=n, num_decode_tokens=n, num_prefills=0, decode=decode)",
        ),
    ),
    (
        "#20769 required fields inserted first",
        "a positional construction of the metadata record",
        K(
            "#20769",
            MR,
            MRW,
            "vllm/aeon/mr2.py",
            f"from {MC} import MLACommonMetadata\n\n\n"
            "def aeon_decode_only2(n, qsl, slots):\n"
            "    meta = MLACommonMetadata(n, qsl, slots, n, n, 0)\n"
            "    return meta\n",
            "meta = MLACommonMetadata(n, qsl, slots, n, n, 0)",
        ),
    ),
    (
        "#20769 required fields inserted first",
        "twin: a dataclasses.replace of a built record",
        K(
            "#20769",
            MR,
            MRW,
            "vllm/aeon/mr3.py",
            f"import dataclasses\n\nfrom {MC} import MLACommonMetadata\n\n\n"
            "def aeon_trim(meta: MLACommonMetadata, n: int) -> MLACommonMetadata:\n"
            "    return dataclasses.replace(meta, num_actual_tokens=n)\n",
            "return dataclasses.replace(meta, num_actual_tokens=n)",
        ),
    ),
]

# --- #49294 (060b5f61dc): ChunkedContextMetadata gained a required has_empty_context after chunk_total_token
EC = "060b5f61dc"
ECW = "MLACommonPrefillMetadata.ChunkedContextMetadata gained a required has_empty_context before the DCP fields"
CASES += [
    (
        "#49294 required field inserted",
        "a keyword construction of the chunked-context record",
        K(
            "#49294",
            EC,
            ECW,
            "vllm/aeon/ec1.py",
            f"from {MA} import MLACommonPrefillMetadata\n\n\n"
            "def aeon_one_chunk(cu, starts, tot, mx, lens, ws, t2s, total):\n"
            "    # AEON: the Spark gathers a long context in one NVFP4 chunk\n"
            "    return MLACommonPrefillMetadata.ChunkedContextMetadata(cu_seq_lens=cu, starts=starts, seq_tot=tot, max_seq_lens=mx, seq_lens=lens, workspace=ws, token_to_seq=t2s, chunk_total_token=total)\n",
            "return MLACommonPrefillMetadata.ChunkedContextMetadata(cu_seq_lens=cu, starts=starts, seq_tot=tot, max_seq_lens=mx, seq_lens=lens, workspace=ws, token_to_seq=t2s, chunk_total_token=total)",
        ),
    ),
    (
        "#49294 required field inserted",
        "a positional construction reaching a DCP field (shifted, no TypeError)",
        K(
            "#49294",
            EC,
            ECW,
            "vllm/aeon/ec2.py",
            f"from {MA} import MLACommonPrefillMetadata\n\nChunked = MLACommonPrefillMetadata.ChunkedContextMetadata\n\n\n"
            "def aeon_dcp_chunk(cu, starts, tot, mx, lens, ws, t2s, total, padded):\n"
            "    return Chunked(cu, starts, tot, mx, lens, ws, t2s, total, padded)\n",
            "return Chunked(cu, starts, tot, mx, lens, ws, t2s, total, padded)",
        ),
    ),
    (
        "#49294 required field inserted",
        "twin: a dataclasses.replace of a built record",
        K(
            "#49294",
            EC,
            ECW,
            "vllm/aeon/ec3.py",
            f"import dataclasses\n\nfrom {MA} import MLACommonPrefillMetadata\n\n\n"
            "def aeon_rebind(chunked: MLACommonPrefillMetadata.ChunkedContextMetadata, ws):\n"
            "    return dataclasses.replace(chunked, workspace=ws)\n",
            "return dataclasses.replace(chunked, workspace=ws)",
        ),
    ),
]

# --- #45964 (2396a61108): MLAAttention.__init__ gained dcp_q_replicate before cache_config
QR = "2396a61108"
QRW = "MLAAttention.__init__ gained dcp_q_replicate: bool = False between kv_b_proj and cache_config"
CASES += [
    (
        "#45964 optional parameter inserted",
        "a model's positional construction through cache_config",
        K(
            "#45964",
            QR,
            QRW,
            "vllm/aeon/qr1.py",
            f"from {MA} import MLAAttention\n\n\n"
            "def aeon_mla(n, scale, nope, rope, v, q_rank, kv_rank, kv_b_proj, cache_config, quant_config, prefix):\n"
            "    # AEON: the Spark's DeepSeek NVFP4 attention layer\n"
            "    return MLAAttention(n, scale, nope, rope, v, q_rank, kv_rank, kv_b_proj, cache_config, quant_config, prefix)\n",
            "return MLAAttention(n, scale, nope, rope, v, q_rank, kv_rank, kv_b_proj, cache_config, quant_config, prefix)",
        ),
    ),
    (
        "#45964 optional parameter inserted",
        "a layer subclass's positional super().__init__",
        K(
            "#45964",
            QR,
            QRW,
            "vllm/aeon/qr2.py",
            f"from {MA} import MLAAttention\n\n\n"
            "class AeonMLAAttention(MLAAttention):\n"
            "    def __init__(self, num_heads, scale, nope, rope, v, q_rank, kv_rank, kv_b_proj, cache_config=None):\n"
            "        super().__init__(num_heads, scale, nope, rope, v, q_rank, kv_rank, kv_b_proj, cache_config)\n",
            "super().__init__(num_heads, scale, nope, rope, v, q_rank, kv_rank, kv_b_proj, cache_config)",
        ),
    ),
    (
        "#45964 optional parameter inserted",
        "twin: a keyword construction",
        K(
            "#45964",
            QR,
            QRW,
            "vllm/aeon/qr3.py",
            f"from {MA} import MLAAttention\n\n\n"
            "def aeon_mla2(n, scale, nope, rope, v, q_rank, kv_rank, kv_b_proj, cache_config, quant_config, prefix):\n"
            "    return MLAAttention(n, scale, nope, rope, v, q_rank, kv_rank, kv_b_proj=kv_b_proj, cache_config=cache_config, quant_config=quant_config, prefix=prefix)\n",
            "return MLAAttention(n, scale, nope, rope, v, q_rank, kv_rank, kv_b_proj=kv_b_proj, cache_config=cache_config, quant_config=quant_config, prefix=prefix)",
        ),
    ),
]

# --- #34627 (d9c7730877): the KV-cache write moved out of forward_impl (and the custom ops) into
# impl.do_kv_cache_update, called by forward before them
KV = "d9c7730877"
KVW = "MLAAttention.forward_impl no longer writes the KV cache; forward calls impl.do_kv_cache_update first"
CASES += [
    (
        "#34627 duty moved out of a called method",
        "a layer subclass's forward calling forward_impl directly",
        K(
            "#34627",
            KV,
            KVW,
            "vllm/aeon/kv1.py",
            f"import torch\n\nfrom vllm.forward_context import get_forward_context\nfrom {MA} import MLAAttention\n\n\n"
            "class AeonEagerMLA(MLAAttention):\n"
            "    def forward(self, q, kv_c_normed, k_pe, output_shape=None):\n"
            "        # AEON: the Spark's eager MTP draft runs the layer without the custom op\n"
            "        ctx = get_forward_context()\n"
            "        output = torch.empty(output_shape, dtype=q.dtype, device=q.device)\n"
            "        self.forward_impl(q, kv_c_normed, k_pe, self.kv_cache[ctx.virtual_engine], ctx.attn_metadata, output=output)\n"
            "        return output\n",
            "self.forward_impl(q, kv_c_normed, k_pe, self.kv_cache[ctx.virtual_engine], ctx.attn_metadata, output=output)",
        ),
    ),
    (
        "#34627 duty moved out of a called method",
        "a direct call of the custom op",
        K(
            "#34627",
            KV,
            KVW,
            "vllm/aeon/kv2.py",
            "import torch\n\n\n"
            "def aeon_mla_op(layer, q, kv_c_normed, k_pe, output):\n"
            "    # AEON: the Spark's piecewise graph calls the op itself\n"
            "    torch.ops.vllm.unified_mla_attention_with_output(q, kv_c_normed, k_pe, output, layer.layer_name)\n"
            "    return output\n",
            "torch.ops.vllm.unified_mla_attention_with_output(q, kv_c_normed, k_pe, output, layer.layer_name)",
        ),
    ),
    (
        "#34627 duty moved out of a called method",
        "twin: the update op run before the lone op call (mend77)",
        K(
            "#34627",
            KV,
            KVW,
            "vllm/aeon/kv4.py",
            "import torch\n\n\n"
            "def aeon_mla_op4(layer, q, kv_c_normed, k_pe, output):\n"
            "    torch.ops.vllm.unified_mla_kv_cache_update(kv_c_normed, k_pe, layer.layer_name)\n"
            "    torch.ops.vllm.unified_mla_attention_with_output(q, kv_c_normed, k_pe, output, layer.layer_name)\n"
            "    return output\n",
            "torch.ops.vllm.unified_mla_attention_with_output(q, kv_c_normed, k_pe, output, layer.layer_name)",
        ),
    ),
    (
        "#34627 duty moved out of a called method",
        "twin: a lone call of the fork's own op (mend77)",
        K(
            "#34627",
            KV,
            KVW,
            "vllm/aeon/kv5.py",
            "import torch\n\n\n"
            "def aeon_mla_op5(q, kv_c_normed, k_pe, output):\n"
            "    torch.ops.aeon.mla_fp4_attention(q, kv_c_normed, k_pe, output)\n"
            "    return output\n",
            "torch.ops.aeon.mla_fp4_attention(q, kv_c_normed, k_pe, output)",
        ),
    ),
    (
        "#34627 duty moved out of a called method",
        "twin: an override handing on to super().forward",
        K(
            "#34627",
            KV,
            KVW,
            "vllm/aeon/kv3.py",
            f"from {MA} import MLAAttention\n\n\n"
            "class AeonEagerMLA2(MLAAttention):\n"
            "    def forward(self, q, kv_c_normed, k_pe, output_shape=None):\n"
            "        return super().forward(q.contiguous(), kv_c_normed, k_pe, output_shape)\n",
            "return super().forward(q.contiguous(), kv_c_normed, k_pe, output_shape)",
        ),
    ),
]

# --- #42555 (9898f94abe): the layer's getattr(self, "_use_fi_prefill", False) gone (LSE base e always)
FI = "9898f94abe"
FIW = "MLAAttention no longer reads _use_fi_prefill: the DCP LSE merge takes base e always"
CASES += [
    (
        "#42555 flag no longer read",
        "a layer subclass's class attribute",
        K(
            "#42555",
            FI,
            FIW,
            "vllm/aeon/fi1.py",
            f"from {MA} import MLAAttention\n\n\n"
            "class AeonFIPrefillMLA(MLAAttention):\n"
            "    # AEON: the Spark's FlashInfer prefill returns a base-2 LSE\n"
            "    _use_fi_prefill = True\n",
            "_use_fi_prefill = True",
        ),
    ),
    (
        "#42555 flag no longer read",
        "a layer subclass's self store in __init__",
        K(
            "#42555",
            FI,
            FIW,
            "vllm/aeon/fi2.py",
            f"from {MA} import MLAAttention\n\n\n"
            "class AeonFIPrefillMLA2(MLAAttention):\n"
            "    def __init__(self, *args, **kwargs):\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self._use_fi_prefill = True\n",
            "self._use_fi_prefill = True",
        ),
    ),
    (
        "#42555 flag no longer read",
        "twin: the flag set to the value upstream now assumes",
        K(
            "#42555",
            FI,
            FIW,
            "vllm/aeon/fi3.py",
            f"from {MA} import MLAAttention\n\n\nclass AeonFIPrefillMLA3(MLAAttention):\n    _use_fi_prefill = False\n",
            "_use_fi_prefill = False",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-mla2-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
