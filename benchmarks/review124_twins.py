"""Adversarial twins of killers218's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- an override taking the base's parameters keyword-only when the base now requires one more (symbol drift's
  override check, ``_named_alike``; #23958 ``_build_decode`` gained ``num_decode_tokens``, and #25049, another
  real commit of the shape, ``dcp_tot_seq_lens_device``, both passed by keyword from ``build``): the new
  parameter taken with a default, the rest in ``**kwargs``, positional-or-keyword with a default, a namesake
  on the fork's own builder, a decorated override, a keyword-only helper of another name, the leading
  parameter positional and the rest keyword-only;
- a step moved into another class's new method, and the module's wrappers of the method
  (``drift/moved_effects.py`` abroad; #34627 the MLA KV-cache write out of ``MLAAttention.forward_impl`` into
  ``impl.do_kv_cache_update``): the update run first, upstream's update op first, a helper method, the impl
  aliased, a guard, a try, a keyword call, a nested def, a lambda, a namesake layer of the fork's own, a typed
  function, the two ops in upstream's order, the functions imported by name (one aliased), a fork function of
  the op's name, the update in the fork's own ``forward_impl`` override;
- a dead knob's literal that upstream's fold of the read into a constant no longer gives
  (``drift/folded_reads.py`` through ``drift/knobs.py``; #42555 ``not getattr(self, "_use_fi_prefill", False)``
  now ``True``): ``None``, an annotated ``False``, ``0``, a ``self.`` store of ``False``, namesake flags on
  the fork's own classes that the fork reads itself (an attribute, ``getattr`` in a function, a subclass),
  ``False`` stored on a typed layer under a guard, ``setattr``.  No second real commit of the folded shape was
  found (``git log --first-parent -G 'getattr\\(self, "_[a-z_]+", (False|True)\\)'`` on the model and attention
  code since 2025-06: #42555 alone folds the read into a literal).

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replays' catches
by these widenings (blind_replay_mla2's, and #25049's keyword-only override), kept to show the reach stays.

Round 1 (main at 599010b3), 6 cases and 33 twins as first written: 6 caught of 6; 1 false error of 33 twins
(6 warned): #34627's ``write = lambda: self.impl.do_kv_cache_update(...)`` then ``write()`` before
``self.forward_impl(...)`` -- the update runs first, but the step was looked for in the function's own calls,
its nested defs and the module's functions by name; a lambda is no def, so its call ``write()`` ran nothing.  The
keyword-only override (9 twins over #23958 and #25049) and the folded read (9 twins) held: 0 false of 18.
Round 2 (this branch): ``_runs_step`` in ``drift/moved_effects.py`` takes a name the module binds to a callable
running the step (``_bound_runners``: a lambda whose body calls it, a ``partial`` of it, the bound method
aliased) as a runner, counted when the name is called, as a nested def's is (unit tests: three such twins that
failed before, quiet now).  6 caught of 6; 0 false errors of 33 twins (6 warned).
Round 3 (written after the mend): a case the mend must not swallow, ``later = lambda:
self.impl.do_kv_cache_update(...)`` stored on ``self`` for a deferral the fork never runs, then
``self.forward_impl(...)``: the lambda is bound but never called, so the cache is never written: caught.  All
rounds, this branch: 7 caught of 7; 0 false errors of 33 twins (6 warned).
After round 2, three more twins (at 89633d11): 2 false errors of 3 -- #23958's keyword-only ``_build_decode``
reached only from the fork's own ``build`` override (which never calls ``super().build``: upstream's new
``num_decode_tokens=`` never reaches it), and #42555's ``self._use_fi_prefill = True`` on an ``MLACommonImpl``
subclass (the layer's ``getattr(self, ...)`` never read the impl's attribute; nothing changed for it).  Mended
(bb79d446): symbol drift's keyword-only override branch warns instead where the fork class replaces every
method of upstream's class that calls the hook on ``self`` (``_self_callers``, ``_replaced_methods``: a
replacement handing on to ``super().<name>`` does not count); dead knobs' fold needs, for a read off ``self``,
the store's class (a class body's or a ``self.`` store's) to hold one of the base's classes whose body held the
read in its merged-tree order (``_read_by``; a base outside the tree named as the reader, or an order cut or
unresolved, counts as holding it).  Their round 3: a fork ``build`` handing on to ``super().build`` beside the
keyword-only override, and the layer second behind a fork mixin with ``self._use_fi_prefill = True``: both caught.
Final, this branch: 9 caught of 9 (6 cases, 3 round-3 cases); 0 false errors of 36 twins (8 warned).
Noticed, not mended: a ``_use_fi_prefill = True`` on a subclass of a fork subclass of the layer gets no fold
error (as before this branch; ``tests/audits/test_folded_reads.py`` keeps no row for it).
Regression set at bb79d446, each as its docstring last states: killer_replay 26/26 blocked, kind_change_replay
12/12 (5 quiet), blind_replay_mla2 21 caught, 1 missed of 22 (10 quiet, 2 warned; #34627's op call in a fork
importing nothing of the layer, left as before), blind_replay_mla 32/32 (17 quiet, 1 warned),
blind_replay_eagleprop 19 caught, 2 warned of 21 (12 quiet), blind_replay_attnmeta 29 caught, 1 warned of 30
(14 quiet), review69_twins 8/8 (0 false of 37).  Unit tests: test_moved_effects_abroad 23 (3 failed before the
first mend), test_folded_reads 17 (2 failed before the second), test_keyword_only_overrides 8 (1 failed before),
with test_moved_effects, dead/replaced knobs, the override suites, test_symbol_drift, fleet profile, lazy
patterns: 181 + 358 passed.

  PYTHONPATH=.. python review124_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

MC = "vllm.v1.attention.backends.mla.common"
MA = "vllm.model_executor.layers.attention.mla_attention"

# --- 620db1fc58 (#23958): _build_decode gained num_decode_tokens, passed by keyword from the base's build
ND = (
    "#23958",
    "620db1fc58",
    "MLACommonMetadataBuilder._build_decode gained num_decode_tokens (build passes it by keyword)",
)
NH = f"import torch\n\nfrom {MC} import MLACommonMetadataBuilder\n\n\n"
KW5 = "block_table_tensor, seq_lens_cpu, seq_lens_device, query_start_loc_cpu, query_start_loc_device"
SUP5 = (
    "block_table_tensor=block_table_tensor.contiguous(), seq_lens_cpu=seq_lens_cpu, seq_lens_device=seq_lens_device, "
    "query_start_loc_cpu=query_start_loc_cpu, query_start_loc_device=query_start_loc_device"
)


def _nd(
    name: str,
    body: str,
    line: str,
    head: str = NH,
    base: str = "MLACommonMetadataBuilder",
    sha: tuple[str, str, str] = ND,
) -> Killer:
    return K(*sha, f"vllm/aeon/r124{name}.py", head + f"class AeonR124{name}({base}):\n" + body, line)


CASES += [
    (
        "#23958 keyword-only override",
        "an override taking the base's parameters keyword-only (the replay's)",
        _nd(
            "nd0",
            f"    def _build_decode(self, *, {KW5}):\n        return super()._build_decode({SUP5})\n",
            f"    def _build_decode(self, *, {KW5}):",
        ),
    ),
]
TWINS += [
    (
        "#23958 keyword-only override",
        "twin: keyword-only, num_decode_tokens taken with a default",
        _nd(
            "nd1",
            f"    def _build_decode(self, *, {KW5}, num_decode_tokens: int = 0):\n"
            "        # AEON: upstream's #23958 passes the decode token count; older builds did not\n"
            f"        return super()._build_decode({SUP5}, **({{'num_decode_tokens': num_decode_tokens}} if num_decode_tokens else {{}}))\n",
            f"    def _build_decode(self, *, {KW5}, num_decode_tokens: int = 0):",
        ),
    ),
    (
        "#23958 keyword-only override",
        "twin: keyword-only, the rest in **kwargs handed on",
        _nd(
            "nd2",
            "    def _build_decode(self, *, block_table_tensor, seq_lens_device, **kwargs):\n"
            "        return super()._build_decode(block_table_tensor=block_table_tensor.contiguous(), "
            "seq_lens_device=seq_lens_device, **kwargs)\n",
            "    def _build_decode(self, *, block_table_tensor, seq_lens_device, **kwargs):",
        ),
    ),
    (
        "#23958 keyword-only override",
        "twin: positional-or-keyword, num_decode_tokens defaulted",
        _nd(
            "nd3",
            f"    def _build_decode(self, {KW5}, num_decode_tokens=None):\n"
            f"        kw = {{}} if num_decode_tokens is None else {{'num_decode_tokens': num_decode_tokens}}\n"
            f"        return super()._build_decode({SUP5}, **kw)\n",
            f"    def _build_decode(self, {KW5}, num_decode_tokens=None):",
        ),
    ),
    (
        "#23958 keyword-only override",
        "twin: a namesake on the fork's own builder (no MLA base), keyword-only",
        _nd(
            "nd4",
            f"    def _build_decode(self, *, {KW5}):\n        return (block_table_tensor, seq_lens_device)\n",
            f"    def _build_decode(self, *, {KW5}):",
            head="import torch\n\n\nclass AeonR124Base:\n    def _build_decode(self, block_table_tensor, seq_lens_cpu, seq_lens_device, query_start_loc_cpu, query_start_loc_device):\n        return None\n\n\n",
            base="AeonR124Base",
        ),
    ),
    (
        "#23958 keyword-only override",
        "twin: keyword-only under a decorator, taking num_decode_tokens too (typed, defaulted)",
        _nd(
            "nd5",
            "    @torch.no_grad()\n"
            f"    def _build_decode(self, *, {KW5}, num_decode_tokens: int | None = None, **extra):\n"
            f"        return super()._build_decode({SUP5}, **extra)\n",
            f"    def _build_decode(self, *, {KW5}, num_decode_tokens: int | None = None, **extra):",
        ),
    ),
    (
        "#23958 keyword-only override",
        "twin: a keyword-only helper of another name calling _build_decode by keyword",
        _nd(
            "nd6",
            f"    def aeon_decode(self, *, {KW5}):\n"
            f"        return self._build_decode({SUP5}, num_decode_tokens=int(seq_lens_cpu.numel()))\n",
            f"    def aeon_decode(self, *, {KW5}):",
        ),
    ),
]

# added after round 2: the fork's own build calling its own keyword-only _build_decode
TWINS += [
    (
        "#23958 keyword-only override",
        "twin (after round 2): keyword-only, reached only from the fork's own build override",
        _nd(
            "nd7",
            "    def build(self, common_prefix_len, common_attn_metadata, fast_build=False):\n"
            "        # AEON: the Spark's decode-only builder never runs upstream's build\n"
            "        lens = common_attn_metadata.seq_lens\n"
            "        return self._build_decode(block_table_tensor=common_attn_metadata.block_table_tensor, "
            "seq_lens_cpu=lens.cpu(), seq_lens_device=lens, "
            "query_start_loc_cpu=common_attn_metadata.query_start_loc_cpu, "
            "query_start_loc_device=common_attn_metadata.query_start_loc)\n\n"
            f"    def _build_decode(self, *, {KW5}):\n"
            "        return (block_table_tensor, seq_lens_device)\n",
            f"    def _build_decode(self, *, {KW5}):",
        ),
    ),
]

# round 3 (after the second mend): the fork's build overridden but handing on to super().build, which calls the hook
CASES += [
    (
        "#23958 keyword-only override",
        "round 3: keyword-only, the fork's build handing on to super().build",
        _nd(
            "nd30",
            "    def build(self, common_prefix_len, common_attn_metadata, fast_build=False):\n"
            "        # AEON: the Spark pads the prefix before upstream's build\n"
            "        return super().build(common_prefix_len, common_attn_metadata, fast_build)\n\n"
            f"    def _build_decode(self, *, {KW5}):\n"
            f"        return super()._build_decode({SUP5})\n",
            f"    def _build_decode(self, *, {KW5}):",
        ),
    ),
]

# --- 3b736e1c38 (#25049): _build_decode gained a required dcp_tot_seq_lens_device (passed by keyword from build)
DT = ("#25049", "3b736e1c38", "_build_decode gained dcp_tot_seq_lens_device (build passes it by keyword)")
KW6 = KW5 + ", num_decode_tokens"
SUP6 = SUP5 + ", num_decode_tokens=num_decode_tokens"
CASES += [
    (
        "#25049 keyword-only override",
        "an override taking the base's six parameters keyword-only (another commit of #23958's shape)",
        _nd(
            "dt0",
            f"    def _build_decode(self, *, {KW6}):\n        return super()._build_decode({SUP6})\n",
            f"    def _build_decode(self, *, {KW6}):",
            sha=DT,
        ),
    ),
]
TWINS += [
    (
        "#25049 keyword-only override",
        "twin: keyword-only, dcp_tot_seq_lens_device taken with a None default",
        _nd(
            "dt1",
            f"    def _build_decode(self, *, {KW6}, dcp_tot_seq_lens_device=None):\n"
            f"        extra = {{}} if dcp_tot_seq_lens_device is None else {{'dcp_tot_seq_lens_device': dcp_tot_seq_lens_device}}\n"
            f"        return super()._build_decode({SUP6}, **extra)\n",
            f"    def _build_decode(self, *, {KW6}, dcp_tot_seq_lens_device=None):",
            sha=DT,
        ),
    ),
    (
        "#25049 keyword-only override",
        "twin: keyword-only, the rest in **rest handed on",
        _nd(
            "dt2",
            f"    def _build_decode(self, *, {KW6}, **rest):\n        return super()._build_decode({SUP6}, **rest)\n",
            f"    def _build_decode(self, *, {KW6}, **rest):",
            sha=DT,
        ),
    ),
    (
        "#25049 keyword-only override",
        "twin: the leading parameter positional, the rest keyword-only, **kwargs handed on",
        _nd(
            "dt3",
            "    def _build_decode(self, block_table_tensor, *, seq_lens_cpu, seq_lens_device, query_start_loc_cpu, "
            "query_start_loc_device, num_decode_tokens, **kwargs):\n"
            f"        return super()._build_decode({SUP6}, **kwargs)\n",
            "    def _build_decode(self, block_table_tensor, *, seq_lens_cpu, seq_lens_device, query_start_loc_cpu, "
            "query_start_loc_device, num_decode_tokens, **kwargs):",
            sha=DT,
        ),
    ),
]

# --- d9c7730877 (#34627): the KV-cache write moved out of MLAAttention.forward_impl into impl.do_kv_cache_update
KV = (
    "#34627",
    "d9c7730877",
    "MLAAttention.forward_impl no longer writes the KV cache; forward runs impl.do_kv_cache_update first",
)
KH = f"import torch\n\nfrom vllm.forward_context import get_forward_context\nfrom {MA} import MLAAttention\n\n\n"
FWD = "    def forward(self, q, kv_c_normed, k_pe, output_shape=None):\n"
CTX = (
    "        ctx = get_forward_context()\n"
    "        kv_cache = self.kv_cache[ctx.virtual_engine]\n"
    "        slots = ctx.slot_mapping.get(self.layer_name)\n"
    "        output = torch.empty(output_shape, dtype=q.dtype, device=q.device)\n"
)
UPD = "self.impl.do_kv_cache_update(kv_c_normed, k_pe, kv_cache, slots, self.kv_cache_dtype, self._k_scale)"
CALL = "        self.forward_impl(q, kv_c_normed, k_pe, kv_cache, ctx.attn_metadata, output=output)\n"
RET = "        return output\n"


def _kv(name: str, body: str, line: str, head: str = KH, base: str = "MLAAttention") -> Killer:
    return K(*KV, f"vllm/aeon/r124{name}.py", head + f"class AeonR124{name}({base}):\n" + body, line)


CASES += [
    (
        "#34627 step moved abroad",
        "a layer subclass's forward calling forward_impl itself (the replay's)",
        _kv("kv0", FWD + CTX + CALL + RET, CALL.rstrip("\n")),
    ),
    (
        "#34627 step moved abroad",
        "the layer's custom op called directly, in a module importing the layer",
        K(
            *KV,
            "vllm/aeon/r124kv00.py",
            f"import torch\n\nfrom {MA} import MLAAttention\n\n\n"
            "def aeon_mla_op(layer: MLAAttention, q, kv_c_normed, k_pe, output):\n"
            "    torch.ops.vllm.unified_mla_attention_with_output(q, kv_c_normed, k_pe, output, layer.layer_name)\n"
            "    return output\n",
            "    torch.ops.vllm.unified_mla_attention_with_output(q, kv_c_normed, k_pe, output, layer.layer_name)",
        ),
    ),
]
TWINS += [
    (
        "#34627 step moved abroad",
        "twin: the update run first, as upstream's forward does",
        _kv("kv1", FWD + CTX + f"        {UPD}\n" + CALL + RET, CALL.rstrip("\n")),
    ),
    (
        "#34627 step moved abroad",
        "twin: upstream's update op run first",
        _kv(
            "kv2",
            FWD
            + CTX
            + "        torch.ops.vllm.unified_mla_kv_cache_update(kv_c_normed, k_pe, self.layer_name, self.kv_cache_dtype, self._k_scale)\n"
            + CALL
            + RET,
            CALL.rstrip("\n"),
        ),
    ),
    (
        "#34627 step moved abroad",
        "twin: a helper method of the class running the update",
        _kv(
            "kv3",
            "    def _aeon_write_kv(self, kv_c_normed, k_pe, kv_cache, slots):\n"
            "        if slots is not None:\n"
            f"            {UPD}\n\n"
            + FWD
            + CTX
            + "        self._aeon_write_kv(kv_c_normed, k_pe, kv_cache, slots)\n"
            + CALL
            + RET,
            CALL.rstrip("\n"),
        ),
    ),
    (
        "#34627 step moved abroad",
        "twin: the impl aliased to a local",
        _kv(
            "kv4",
            FWD + CTX + "        impl = self.impl\n"
            "        impl.do_kv_cache_update(kv_c_normed, k_pe, kv_cache, slots, self.kv_cache_dtype, self._k_scale)\n"
            + CALL
            + RET,
            CALL.rstrip("\n"),
        ),
    ),
    (
        "#34627 step moved abroad",
        "twin: the update under a guard (a shared KV layer skips it)",
        _kv(
            "kv5",
            FWD + CTX + "        if self.kv_sharing_target_layer_name is None and slots is not None:\n"
            f"            {UPD}\n" + CALL + RET,
            CALL.rstrip("\n"),
        ),
    ),
    (
        "#34627 step moved abroad",
        "twin: the update in a try, logged and re-raised",
        _kv(
            "kv6",
            FWD + CTX + "        try:\n"
            f"            {UPD}\n"
            "        except RuntimeError:\n"
            "            raise\n" + CALL + RET,
            CALL.rstrip("\n"),
        ),
    ),
    (
        "#34627 step moved abroad",
        "twin: the update called by keyword",
        _kv(
            "kv7",
            FWD + CTX + "        self.impl.do_kv_cache_update(kv_c_normed=kv_c_normed, k_pe=k_pe, kv_cache=kv_cache, "
            "slot_mapping=slots, kv_cache_dtype=self.kv_cache_dtype, k_scale=self._k_scale)\n" + CALL + RET,
            CALL.rstrip("\n"),
        ),
    ),
    (
        "#34627 step moved abroad",
        "twin: a nested def running the update, called first",
        _kv(
            "kv8",
            FWD + CTX + f"\n        def write():\n            {UPD}\n\n        write()\n" + CALL + RET,
            CALL.rstrip("\n"),
        ),
    ),
    (
        "#34627 step moved abroad",
        "twin: a lambda running the update, called first",
        _kv(
            "kv9",
            FWD + CTX + f"        write = lambda: {UPD}  # noqa: E731\n        write()\n" + CALL + RET,
            CALL.rstrip("\n"),
        ),
    ),
    (
        "#34627 step moved abroad",
        "twin: a namesake layer of the fork's own (no MLA base) with its own forward_impl",
        _kv(
            "kv10",
            "    def forward_impl(self, q, kv_c_normed, k_pe, kv_cache, attn_metadata, output=None):\n"
            "        return output\n\n" + FWD + CTX + CALL + RET,
            CALL.rstrip("\n"),
            head="import torch\nfrom torch import nn\n\nfrom vllm.forward_context import get_forward_context\n\n\n",
            base="nn.Module",
        ),
    ),
    (
        "#34627 step moved abroad",
        "twin: a function of a typed layer running the impl's update, then forward_impl",
        K(
            *KV,
            "vllm/aeon/r124kv11.py",
            KH + "def aeon_eager_mla(layer: MLAAttention, q, kv_c_normed, k_pe, output):\n"
            "    ctx = get_forward_context()\n"
            "    kv_cache = layer.kv_cache[ctx.virtual_engine]\n"
            "    layer.impl.do_kv_cache_update(kv_c_normed, k_pe, kv_cache, ctx.slot_mapping[layer.layer_name], "
            "layer.kv_cache_dtype, layer._k_scale)\n"
            "    layer.forward_impl(q, kv_c_normed, k_pe, kv_cache, ctx.attn_metadata, output=output)\n"
            "    return output\n",
            "    layer.forward_impl(q, kv_c_normed, k_pe, kv_cache, ctx.attn_metadata, output=output)",
        ),
    ),
    (
        "#34627 step moved abroad",
        "twin: the two custom ops called in upstream's order, the dummy dependency handed on",
        K(
            *KV,
            "vllm/aeon/r124kv12.py",
            f"import torch\n\nfrom {MA} import MLAAttention\n\n\n"
            "def aeon_mla_op(layer: MLAAttention, q, kv_c_normed, k_pe, output):\n"
            "    dep = torch.ops.vllm.unified_mla_kv_cache_update(kv_c_normed, k_pe, layer.layer_name, "
            "layer.kv_cache_dtype, layer._k_scale)\n"
            "    torch.ops.vllm.unified_mla_attention_with_output(q, kv_c_normed, k_pe, output, layer.layer_name, "
            "kv_cache_dummy_dep=dep)\n"
            "    return output\n",
            "    torch.ops.vllm.unified_mla_attention_with_output(q, kv_c_normed, k_pe, output, layer.layer_name, "
            "kv_cache_dummy_dep=dep)",
        ),
    ),
    (
        "#34627 step moved abroad",
        "twin: the module's functions imported by name, the update first",
        K(
            *KV,
            "vllm/aeon/r124kv13.py",
            f"from {MA} import unified_mla_attention_with_output, unified_mla_kv_cache_update as write_kv\n\n\n"
            "def aeon_mla_call(layer, q, kv_c_normed, k_pe, output):\n"
            "    dep = write_kv(kv_c_normed, k_pe, layer.layer_name, layer.kv_cache_dtype, layer._k_scale)\n"
            "    unified_mla_attention_with_output(q, kv_c_normed, k_pe, output, layer.layer_name, kv_cache_dummy_dep=dep)\n"
            "    return output\n",
            "    unified_mla_attention_with_output(q, kv_c_normed, k_pe, output, layer.layer_name, kv_cache_dummy_dep=dep)",
        ),
    ),
    (
        "#34627 step moved abroad",
        "twin: a fork function of the op's name, defined and called in the fork's own module",
        K(
            *KV,
            "vllm/aeon/r124kv14.py",
            f"import torch\n\nfrom {MA} import MLAAttention\n\n\n"
            "def unified_mla_attention_with_output(q, kv_c_normed, k_pe, output, layer_name):\n"
            "    output.copy_(q[..., : output.shape[-1]])  # AEON: the Spark's stub layer for profiling\n\n\n"
            "def aeon_profile(layer: MLAAttention, q, kv_c_normed, k_pe, output):\n"
            "    unified_mla_attention_with_output(q, kv_c_normed, k_pe, output, layer.layer_name)\n"
            "    return output\n",
            "    unified_mla_attention_with_output(q, kv_c_normed, k_pe, output, layer.layer_name)",
        ),
    ),
    (
        "#34627 step moved abroad",
        "twin: the update written in the fork's own forward_impl override, the fork's forward calling it",
        _kv(
            "kv15",
            "    def forward_impl(self, q, kv_c_normed, k_pe, kv_cache, attn_metadata, output=None, **kwargs):\n"
            "        slots = get_forward_context().slot_mapping.get(self.layer_name)\n"
            f"        {UPD}\n"
            "        return super().forward_impl(q, kv_c_normed, k_pe, kv_cache, attn_metadata, output=output, **kwargs)\n\n"
            + FWD
            + CTX
            + CALL
            + RET,
            CALL.rstrip("\n"),
        ),
    ),
]

# round 3 (after the mend): a lambda bound to run the update, handed to the fork's own deferral and never called
CASES += [
    (
        "#34627 step moved abroad",
        "round 3: a lambda bound to run the update, never called before forward_impl",
        _kv(
            "kv30",
            FWD
            + CTX
            + f"        later = lambda: {UPD}  # noqa: E731\n"
            + "        self._aeon_deferred = later  # AEON: run by the draft loop (it never is)\n"
            + CALL
            + RET,
            CALL.rstrip("\n"),
        ),
    ),
]

# --- 9898f94abe (#42555): the layer's getattr(self, "_use_fi_prefill", False) folded to True
FI = ("#42555", "9898f94abe", "MLAAttention no longer reads _use_fi_prefill: the DCP LSE merge takes base e always")
FH = f"from {MA} import MLAAttention\n\n\n"


def _fi(name: str, body: str, line: str, head: str = FH, base: str = "MLAAttention") -> Killer:
    return K(*FI, f"vllm/aeon/r124{name}.py", head + f"class AeonR124{name}({base}):\n" + body, line)


CASES += [
    (
        "#42555 folded read",
        "a layer subclass's class attribute True (the replay's)",
        _fi("fi0", "    _use_fi_prefill = True\n", "    _use_fi_prefill = True"),
    ),
    (
        "#42555 folded read",
        "a layer subclass's self store True in __init__ (the replay's)",
        _fi(
            "fi00",
            "    def __init__(self, *args, **kwargs):\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self._use_fi_prefill = True\n",
            "        self._use_fi_prefill = True",
        ),
    ),
]
TWINS += [
    (
        "#42555 folded read",
        "twin: None (not None is what upstream now assumes)",
        _fi(
            "fi1",
            "    _use_fi_prefill = None  # AEON: let the layer decide\n",
            "    _use_fi_prefill = None  # AEON: let the layer decide",
        ),
    ),
    (
        "#42555 folded read",
        "twin: an annotated class attribute False",
        _fi("fi2", "    _use_fi_prefill: bool = False\n", "    _use_fi_prefill: bool = False"),
    ),
    (
        "#42555 folded read",
        "twin: 0 written for False",
        _fi("fi3", "    _use_fi_prefill = 0\n", "    _use_fi_prefill = 0"),
    ),
    (
        "#42555 folded read",
        "twin: a self store False in __init__",
        _fi(
            "fi4",
            "    def __init__(self, *args, **kwargs):\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self._use_fi_prefill = False  # AEON: cuDNN prefill gives a base-e LSE\n",
            "        self._use_fi_prefill = False  # AEON: cuDNN prefill gives a base-e LSE",
        ),
    ),
    (
        "#42555 folded read",
        "twin: a namesake flag on the fork's own plan class, which the fork reads itself",
        _fi(
            "fi5",
            "    _use_fi_prefill = True\n\n"
            "    def aeon_lse_base_two(self) -> bool:\n"
            "        return self._use_fi_prefill\n",
            "    _use_fi_prefill = True",
            head="",
            base="object",
        ),
    ),
    (
        "#42555 folded read",
        "twin: a namesake flag of a fork dataclass, read by getattr in the fork",
        _fi(
            "fi6",
            "    _use_fi_prefill: bool = True\n\n\n"
            "def aeon_lse_scale(plan: AeonR124fi6) -> float:\n"
            "    return 0.6931471805599453 if getattr(plan, '_use_fi_prefill', False) else 1.0\n",
            "    _use_fi_prefill: bool = True",
            head="from dataclasses import dataclass\n\n\n@dataclass\n",
            base="object",
        ),
    ),
    (
        "#42555 folded read",
        "twin: a store False on a layer in a fork function, under a guard",
        K(
            *FI,
            "vllm/aeon/r124fi7.py",
            FH + "def aeon_prepare(layer: MLAAttention, use_cudnn: bool) -> None:\n"
            "    if use_cudnn:\n"
            "        layer._use_fi_prefill = False\n",
            "        layer._use_fi_prefill = False",
        ),
    ),
    (
        "#42555 folded read",
        "twin: setattr with False",
        _fi(
            "fi8",
            "    def __init__(self, *args, **kwargs):\n"
            "        super().__init__(*args, **kwargs)\n"
            "        setattr(self, '_use_fi_prefill', False)\n",
            "        setattr(self, '_use_fi_prefill', False)",
        ),
    ),
    (
        "#42555 folded read",
        "twin: True on a subclass of the fork's own layer class, which reads the flag itself",
        _fi(
            "fi9",
            "    _use_fi_prefill = True\n",
            "    _use_fi_prefill = True",
            head="class AeonR124Lse:\n"
            "    _use_fi_prefill = False\n\n"
            "    def aeon_lse(self, lse):\n"
            "        return lse * 0.6931471805599453 if self._use_fi_prefill else lse\n\n\n",
            base="AeonR124Lse",
        ),
    ),
]

# added after round 2: a value the layer's read never saw (an unrelated record's, the impl's)
TWINS += [
    (
        "#42555 folded read",
        "twin (after round 2): True on a fork record of no layer, read by no one",
        _fi(
            "fi10",
            "    _use_fi_prefill = True  # AEON: shown in the bench report\n",
            "    _use_fi_prefill = True  # AEON: shown in the bench report",
            head="",
            base="object",
        ),
    ),
    (
        "#42555 folded read",
        "twin (after round 2): True stored on an impl subclass (the layer read its own attribute, never the impl's)",
        _fi(
            "fi11",
            "    def __init__(self, *args, **kwargs):\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self._use_fi_prefill = True  # AEON: the impl's own prefill choice, logged\n",
            "        self._use_fi_prefill = True  # AEON: the impl's own prefill choice, logged",
            head=f"from {MA} import MLACommonImpl\n\n\n",
            base="MLACommonImpl",
        ),
    ),
]

# round 3 (after the second mend): the layer second among the fork class's bases, behind a mixin of the fork's
CASES += [
    (
        "#42555 folded read",
        "round 3: a self store True on a class taking the layer second, behind a mixin",
        _fi(
            "fi30",
            "    def __init__(self, *args, **kwargs):\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self._use_fi_prefill = True\n",
            "        self._use_fi_prefill = True",
            head=FH + "class AeonR124Logged:\n    aeon_log = True\n\n\n",
            base="AeonR124Logged, MLAAttention",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review124-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
