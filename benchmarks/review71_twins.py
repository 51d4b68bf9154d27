"""Adversarial twins of killers158's four widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a positional shift under a decorator whose wrapper keeps the positions (``drift/passed_args.py``; #38361
  inserted ``chunk_indices`` before ``chunk_local_cumsum``'s ``head_first`` and ``solve_tril``'s
  ``output_dtype``, both under FLA's ``@input_guard``): a call passing only the positions before the insert,
  the fork's own namesake under the same guard, a method of the fork's own class of the name, a branch on
  ``inspect.signature``'s parameters, a ``*args`` call, a keyword call of the moved parameter;
- return drift's unpack of a local bound once to a call (``drift/returns.py``; #44539 made KDA's
  ``kda_state_shape`` / ``kda_state_dtype`` return two entries, not four): a nested function unpacking its own
  parameter of the local's name, the new two-way unpack, a length test first, a ``try`` catching the misfit,
  the fork's own calculator subclass and own method of the name;
- a ``*args`` splat beside a keyword no parameter takes (``drift/signatures.py``; #29352 renamed
  ``split_batch_to_prefill_and_decode``'s ``num_padded_decodes``, #28587 removed ``MambaMixer2.forward``'s
  ``output``): the fork's own namesake function, a branch on ``inspect.signature``, a ``try`` falling back on
  TypeError, the new keyword, a layer of the fork's own subclass that keeps the keyword, a receiver of the
  fork's own class;
- a read off what ``super().method(...)`` returns, typed by the base's return annotation (``drift/symbols.py``;
  #28133 removed ``Mamba2AttentionMetadata.seq_lens``, #29352 ``Mamba1AttentionMetadata.num_padded_decodes``):
  a ``hasattr`` test, the field stored back on the dataclass first, the fork's own intermediate builder or
  mixin returning its own metadata class, the local rebound to the fork's own wrapper, an ``isinstance``
  narrowing to the fork's class, a ``try`` catching AttributeError, a fork class of its own with a ``build``.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of the
same commits and of #24331/#21467 (a ``*args`` splat beside ``prepare_mamba2_metadata``'s removed
``mamba2_metadata`` and ``_state_passing_fwd``'s removed ``chunk_size``), kept to show the reach stays.
Beside the replay's commits, three other real commits of the same kinds: #26437 (785d8b6410,
``GDNAttentionMetadata.spec_token_masks`` removed) and #50294 (66b3c0e61f, ``FlashAttentionMetadata
.mm_prefix_range_tensor`` renamed), both read off ``super().build(...)`` in a builder subclass, and #44455
(51878e5b6e, ``FlashAttentionBackend.get_kv_cache_shape`` five entries -> four) unpacked off a local.

Main's engine (08958ce0), round 1 (9 cases, 38 twins): 9 caught of 9; 5 false errors of 38, all of the
``super()`` typing: a read after the fork stored the field back on the metadata itself (``md.seq_lens = ...``
then ``md.seq_lens.max()``; #28133 and #26437: 2), a read under ``isinstance(md, <the fork's own class>)``
(#28133 and #50294: 2), ``getattr(md, "old", None)`` in the else of a conditional on the new field's
``getattr`` (#50294: 1).  5 twins warned (the ``inspect.signature`` branches and the ``try`` fallbacks).
Errors of other checks on the twins' carries, off the twins' lines (not counted): a fork override's own
signature or return shape (#28587's ``forward`` keeping ``output``, #44539's four-shape override: by design),
a metadata subclass re-declaring the removed field (#28133, and the call check's ``AeonMetadata(...,
seq_lens=...)`` of it), offset drift on ``shape[-1] // 2`` under the rank test (#44455).
Round 2 (this branch): a rule for each false one, none by a name or a commit -- a removed field the same
function stored on the same name first is the fork's value (the read quiet, the store a warning: a shim read
back; ``drift/stored_back.py``); a read, or a call through it, under ``isinstance`` of a class declaring the
field by annotation alone is narrowed as one storing it was (``symbols._binds``); a gone member read only
where a probe of another member held in a name failed is a version gate, by a string too
(``fallbacks.held_refuting``, ``version_gates``).  Then 7 more spellings (the fork's calculator, guarded
namesake, split and builder in a second fork module, the imported name rebound to the fork's wrapper,
``self.forward(*args, output=...)`` in a subclass keeping ``output``, and the case ``super().forward(*args,
output=...)`` over the base that dropped it).
All rounds, main (08958ce0): 10 caught of 10; 5 false errors of 44 twins.  This branch: 10 caught of 10; 0
false errors of 44 (8 warned: the two ``inspect.signature`` branches, the two ``try`` fallbacks, the two
stores read back, #26437's ``hasattr`` gate and #50294's held probe -- the last two warn because the gate's
new name is a dataclass field, which the version gate's definition search does not count as a definition).
Regression set at this branch's head: killer_replay 26/26, kind_change_replay 12/12 (5 twins quiet),
review15/16/17_twins 0 false errors (40, 30, 23 twins), blind_replay_mambaops 26/1/0 of 27 (13 twins quiet),
blind_replay_attnmeta 29/1/0 of 30 (14 quiet), blind_replay_specdec2 24/1/0 of 25 (15 quiet) -- all as on
08958ce0 --, ``symbol_precision.py --windows 1``: 0 false errors.

  PYTHONPATH=.. python review71_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- cb10b7e80b (#38361): chunk_indices inserted before chunk_local_cumsum's head_first and solve_tril's
#     output_dtype, both under FLA's @input_guard (a wrapper that maps each argument in its place)
CI = ("#38361", "cb10b7e80b", "chunk_indices inserted before head_first / output_dtype under @input_guard")
CU = "from vllm.model_executor.layers.fla.ops.cumsum import chunk_local_cumsum\n"
ST = "import torch\n\nfrom vllm.model_executor.layers.fla.ops.solve_tril import solve_tril\n\n\n"
CASES += [
    (
        "#38361 positional shift",
        "solve_tril's output_dtype passed by position",
        K(
            *CI,
            "vllm/aeon/r71ci0.py",
            ST + "def aeon_inverse(A: torch.Tensor, cu_seqlens: torch.Tensor | None) -> torch.Tensor:\n"
            "    return solve_tril(A, cu_seqlens, torch.bfloat16)  # AEON: the bf16 inverse feeds our GB10 kernel\n",
            "    return solve_tril(A, cu_seqlens, torch.bfloat16)  # AEON: the bf16 inverse feeds our GB10 kernel",
        ),
    ),
]
TWINS += [
    (
        "#38361 positional shift",
        "twin: only the positions before the inserted parameter",
        K(
            *CI,
            "vllm/aeon/r71ci1.py",
            CU + "\n\ndef aeon_gate_cumsum(g, cu_seqlens):\n    return chunk_local_cumsum(g, 64, False, cu_seqlens)\n",
            "    return chunk_local_cumsum(g, 64, False, cu_seqlens)",
        ),
    ),
    (
        "#38361 positional shift",
        "twin: the fork's own namesake under the same guard",
        K(
            *CI,
            "vllm/aeon/r71ci2.py",
            "from vllm.model_executor.layers.fla.ops.cumsum import chunk_local_cumsum_scalar\n"
            "from vllm.model_executor.layers.fla.ops.utils import input_guard\n\n\n"
            "@input_guard\n"
            "def chunk_local_cumsum(g, chunk_size, reverse=False, cu_seqlens=None, head_first=False):\n"
            "    # AEON: our KDA variant's own cumsum entry point, heads first when asked\n"
            "    g = g.transpose(1, 2) if head_first else g\n"
            "    return chunk_local_cumsum_scalar(g, chunk_size, reverse, cu_seqlens=cu_seqlens)\n\n\n"
            "def aeon_gate_cumsum(g, cu_seqlens, head_first: bool):\n"
            "    return chunk_local_cumsum(g, 64, False, cu_seqlens, head_first)\n",
            "    return chunk_local_cumsum(g, 64, False, cu_seqlens, head_first)",
        ),
    ),
    (
        "#38361 positional shift",
        "twin: a method of the fork's own class of the name",
        K(
            *CI,
            "vllm/aeon/r71ci3.py",
            CU + "\n\nclass AeonGate:\n"
            "    def chunk_local_cumsum(self, g, chunk_size, reverse, cu_seqlens, head_first):\n"
            "        g = g.transpose(1, 2) if head_first else g\n"
            "        return chunk_local_cumsum(g, chunk_size, reverse=reverse, cu_seqlens=cu_seqlens)\n\n"
            "    def forward(self, g, cu_seqlens, head_first: bool):\n"
            "        return self.chunk_local_cumsum(g, 64, False, cu_seqlens, head_first)\n",
            "        return self.chunk_local_cumsum(g, 64, False, cu_seqlens, head_first)",
        ),
    ),
    (
        "#38361 positional shift",
        "twin: the old positions in the branch inspect.signature picks for older upstreams",
        K(
            *CI,
            "vllm/aeon/r71ci4.py",
            "import inspect\n\n"
            + CU
            + "\n_TAKES_INDICES = 'chunk_indices' in inspect.signature(chunk_local_cumsum).parameters\n\n\n"
            "def aeon_gate_cumsum(g, cu_seqlens, head_first: bool):\n"
            "    if _TAKES_INDICES:\n"
            "        return chunk_local_cumsum(g, 64, False, cu_seqlens, None, head_first)\n"
            "    return chunk_local_cumsum(g, 64, False, cu_seqlens, head_first)\n",
            "    return chunk_local_cumsum(g, 64, False, cu_seqlens, head_first)",
        ),
    ),
    (
        "#38361 positional shift",
        "twin: a *args call handing on what its own caller passed",
        K(
            *CI,
            "vllm/aeon/r71ci5.py",
            CU + "\n\ndef aeon_gate_cumsum(*args, **kwargs):\n"
            "    # AEON: timing hook around upstream's cumsum\n"
            "    return chunk_local_cumsum(*args, **kwargs)\n",
            "    return chunk_local_cumsum(*args, **kwargs)",
        ),
    ),
    (
        "#38361 positional shift",
        "twin: solve_tril's output_dtype passed by keyword",
        K(
            *CI,
            "vllm/aeon/r71ci6.py",
            ST + "def aeon_inverse(A: torch.Tensor, cu_seqlens: torch.Tensor | None) -> torch.Tensor:\n"
            "    return solve_tril(A, cu_seqlens, output_dtype=torch.bfloat16)\n",
            "    return solve_tril(A, cu_seqlens, output_dtype=torch.bfloat16)",
        ),
    ),
    (
        "#38361 positional shift",
        "twin: the old positions under a try that falls back to keywords on the old upstream's TypeError",
        K(
            *CI,
            "vllm/aeon/r71ci7.py",
            ST + "def aeon_inverse(A: torch.Tensor, cu_seqlens, chunk_indices) -> torch.Tensor:\n"
            "    try:\n"
            "        return solve_tril(A, cu_seqlens, chunk_indices, torch.bfloat16)\n"
            "    except TypeError:  # AEON: older upstreams take no chunk_indices\n"
            "        return solve_tril(A, cu_seqlens, output_dtype=torch.bfloat16)\n",
            "        return solve_tril(A, cu_seqlens, output_dtype=torch.bfloat16)",
        ),
    ),
]

# --- a55fccfc7c (#44539): KDA's state calculators return two entries instead of four
KD = ("#44539", "a55fccfc7c", "KDA state calculators: four states -> two")
MU = "from vllm.model_executor.layers.mamba.mamba_utils import MambaStateDtypeCalculator, MambaStateShapeCalculator\n\n\n"
CASES += [
    (
        "#44539 local unpacked",
        "a method unpacking the dtypes' local four ways",
        K(
            *KD,
            "vllm/aeon/r71kd0.py",
            MU + "class AeonKDAState:\n"
            "    def __init__(self, model_dtype, cache_dtype) -> None:\n"
            "        dtypes = MambaStateDtypeCalculator.kda_state_dtype(model_dtype, cache_dtype)\n"
            "        self.conv_dtype, _, _, self.recurrent_dtype = dtypes\n",
            "        self.conv_dtype, _, _, self.recurrent_dtype = dtypes",
        ),
    ),
]
TWINS += [
    (
        "#44539 local unpacked",
        "twin: a nested function unpacking its own parameter of the local's name",
        K(
            *KD,
            "vllm/aeon/r71kd1.py",
            MU + "def aeon_state_report(tp: int, heads: int, head_dim: int, legacy: tuple) -> list[str]:\n"
            "    shapes = MambaStateShapeCalculator.kda_state_shape(tp, heads, head_dim)\n\n"
            "    def legacy_names(shapes: tuple) -> list[str]:\n"
            "        # AEON: checkpoints of our old KDA port carry four separate conv states\n"
            "        q, k, v, r = shapes\n"
            "        return [str(q), str(k), str(v), str(r)]\n\n"
            "    return [str(s) for s in shapes] + legacy_names(legacy)\n",
            "        q, k, v, r = shapes",
        ),
    ),
    (
        "#44539 local unpacked",
        "twin: a lambda over the local's name",
        K(
            *KD,
            "vllm/aeon/r71kd2.py",
            MU + "def aeon_recurrent_shapes(tp: int, heads: int, head_dim: int, legacy: list[tuple]) -> list:\n"
            "    shapes = MambaStateShapeCalculator.kda_state_shape(tp, heads, head_dim)\n"
            "    pick = lambda shapes: shapes[-1]  # noqa: E731\n"
            "    return [pick(shapes)] + [pick(s) for s in legacy]\n",
            "    pick = lambda shapes: shapes[-1]  # noqa: E731",
        ),
    ),
    (
        "#44539 local unpacked",
        "twin: a comprehension's own loop variable of the local's name unpacked",
        K(
            *KD,
            "vllm/aeon/r71kd3.py",
            MU + "def aeon_conv_widths(tp: int, heads: int, head_dim: int, layers: list[tuple]) -> list[int]:\n"
            "    shapes = MambaStateShapeCalculator.kda_state_shape(tp, heads, head_dim)\n\n"
            "    def width(shapes: tuple) -> int:\n"
            "        conv, _recurrent = shapes\n"
            "        return conv[0]\n\n"
            "    return [width(shapes)] + [width(pair) for pair in layers]\n",
            "        conv, _recurrent = shapes",
        ),
    ),
    (
        "#44539 local unpacked",
        "twin: the unpack under a test of the local's length",
        K(
            *KD,
            "vllm/aeon/r71kd4.py",
            MU + "def aeon_recurrent(tp: int, heads: int, head_dim: int):\n"
            "    shapes = MambaStateShapeCalculator.kda_state_shape(tp, heads, head_dim)\n"
            "    if len(shapes) == 2:\n"
            "        return shapes[1]\n"
            "    q, k, v, r = shapes  # AEON: upstreams before the unified conv state\n"
            "    return r\n",
            "    q, k, v, r = shapes  # AEON: upstreams before the unified conv state",
        ),
    ),
    (
        "#44539 local unpacked",
        "twin: the unpack in a try catching the misfit",
        K(
            *KD,
            "vllm/aeon/r71kd5.py",
            MU + "def aeon_recurrent(tp: int, heads: int, head_dim: int):\n"
            "    shapes = MambaStateShapeCalculator.kda_state_shape(tp, heads, head_dim)\n"
            "    try:\n"
            "        _q, _k, _v, recurrent = shapes\n"
            "    except ValueError:  # AEON: the unified conv state of newer upstreams\n"
            "        _conv, recurrent = shapes\n"
            "    return recurrent\n",
            "        _q, _k, _v, recurrent = shapes",
        ),
    ),
    (
        "#44539 local unpacked",
        "twin: the fork's own calculator subclass keeping four shapes",
        K(
            *KD,
            "vllm/aeon/r71kd6.py",
            MU + "class AeonShapes(MambaStateShapeCalculator):\n"
            "    @classmethod\n"
            "    def kda_state_shape(cls, tp_world_size: int, num_heads: int, head_dim: int, **kw):  # type: ignore[override]\n"
            "        # AEON: our KDA port keeps q, k, v conv states apart\n"
            "        conv = (head_dim * num_heads // tp_world_size, 3)\n"
            "        return conv, conv, conv, (num_heads // tp_world_size, head_dim, head_dim)\n\n\n"
            "def aeon_recurrent(tp: int, heads: int, head_dim: int):\n"
            "    shapes = AeonShapes.kda_state_shape(tp, heads, head_dim)\n"
            "    q, k, v, r = shapes\n"
            "    return r\n",
            "    q, k, v, r = shapes",
        ),
    ),
    (
        "#44539 local unpacked",
        "twin: a method of the fork's own class of the name",
        K(
            *KD,
            "vllm/aeon/r71kd7.py",
            MU + "class AeonKDALayer:\n"
            "    def kda_state_shape(self) -> tuple:\n"
            "        base = MambaStateShapeCalculator.kda_state_shape(1, 8, 64)\n"
            "        return base[0], base[0], base[0], base[-1]\n\n"
            "    def aeon_recurrent(self):\n"
            "        shapes = self.kda_state_shape()\n"
            "        q, k, v, r = shapes\n"
            "        return r\n",
            "        q, k, v, r = shapes",
        ),
    ),
    (
        "#44539 local unpacked",
        "twin: the new two-way unpack of the local",
        K(
            *KD,
            "vllm/aeon/r71kd8.py",
            MU + "def aeon_recurrent(model_dtype, cache_dtype):\n"
            "    dtypes = MambaStateDtypeCalculator.kda_state_dtype(model_dtype, cache_dtype)\n"
            "    conv_dtype, recurrent_dtype = dtypes\n"
            "    return recurrent_dtype\n",
            "    conv_dtype, recurrent_dtype = dtypes",
        ),
    ),
]

# --- 1d93f11675 (#29352): split_batch_to_prefill_and_decode's num_padded_decodes -> num_decode_tokens;
#     Mamba1AttentionMetadata.num_padded_decodes removed
PD = ("#29352", "1d93f11675", "num_padded_decodes removed / renamed num_decode_tokens")
SB = "from vllm.model_executor.layers.mamba import mamba_mixer\n"
M1 = "from vllm.v1.attention.backends.mamba1_attn import Mamba1AttentionMetadataBuilder\n\n\n"
CASES += [
    (
        "#29352 field removed",
        "a read off what a Mamba1 builder's super().build returns",
        K(
            *PD,
            "vllm/aeon/r71pd0.py",
            M1 + "class AeonMamba1Builder(Mamba1AttentionMetadataBuilder):\n"
            "    def build(self, common_prefix_len, common_attn_metadata, fast_build=False):\n"
            "        md = super().build(common_prefix_len, common_attn_metadata, fast_build)\n"
            "        self.aeon_padded = md.num_padded_decodes  # AEON: our graph pool sizes by it\n"
            "        return md\n",
            "        self.aeon_padded = md.num_padded_decodes  # AEON: our graph pool sizes by it",
        ),
    ),
]
TWINS += [
    (
        "#29352 keyword renamed",
        "twin: the fork's own namesake taking the old keyword",
        K(
            *PD,
            "vllm/aeon/r71pd1.py",
            SB + "\n\ndef split_batch_to_prefill_and_decode(*args, num_padded_decodes: int):\n"
            "    # AEON: our spelling of the split, kept across the rename\n"
            "    return mamba_mixer.split_batch_to_prefill_and_decode(*args, num_padded_decodes)\n\n\n"
            "def aeon_split(*args, n: int):\n"
            "    return split_batch_to_prefill_and_decode(*args, num_padded_decodes=n)\n",
            "    return split_batch_to_prefill_and_decode(*args, num_padded_decodes=n)",
        ),
    ),
    (
        "#29352 keyword renamed",
        "twin: the old keyword in the branch inspect.signature picks for older upstreams",
        K(
            *PD,
            "vllm/aeon/r71pd2.py",
            "import inspect\n\n" + SB + "\n\ndef aeon_split(*args, n: int):\n"
            "    split = mamba_mixer.split_batch_to_prefill_and_decode\n"
            "    if 'num_decode_tokens' in inspect.signature(split).parameters:\n"
            "        return mamba_mixer.split_batch_to_prefill_and_decode(*args, num_decode_tokens=n)\n"
            "    return mamba_mixer.split_batch_to_prefill_and_decode(*args, num_padded_decodes=n)\n",
            "    return mamba_mixer.split_batch_to_prefill_and_decode(*args, num_padded_decodes=n)",
        ),
    ),
    (
        "#29352 keyword renamed",
        "twin: the old keyword in a try falling back on TypeError",
        K(
            *PD,
            "vllm/aeon/r71pd3.py",
            SB + "\n\ndef aeon_split(*args, n: int):\n"
            "    try:\n"
            "        return mamba_mixer.split_batch_to_prefill_and_decode(*args, num_padded_decodes=n)\n"
            "    except TypeError:  # AEON: renamed num_decode_tokens upstream\n"
            "        return mamba_mixer.split_batch_to_prefill_and_decode(*args, num_decode_tokens=n)\n",
            "        return mamba_mixer.split_batch_to_prefill_and_decode(*args, num_padded_decodes=n)",
        ),
    ),
    (
        "#29352 keyword renamed",
        "twin: a receiver of the fork's own class with a method of the name",
        K(
            *PD,
            "vllm/aeon/r71pd4.py",
            SB + "\n\nclass AeonSplitter:\n"
            "    def split_batch_to_prefill_and_decode(self, *args, num_padded_decodes: int = 0):\n"
            "        return mamba_mixer.split_batch_to_prefill_and_decode(*args, num_padded_decodes)\n\n\n"
            "class AeonMixer:\n"
            "    def __init__(self) -> None:\n"
            "        self.splitter = AeonSplitter()\n\n"
            "    def aeon_split(self, *args, n: int):\n"
            "        return self.splitter.split_batch_to_prefill_and_decode(*args, num_padded_decodes=n)\n",
            "        return self.splitter.split_batch_to_prefill_and_decode(*args, num_padded_decodes=n)",
        ),
    ),
    (
        "#29352 keyword renamed",
        "twin: a splat of keywords built by the fork",
        K(
            *PD,
            "vllm/aeon/r71pd5.py",
            "import inspect\n\n" + SB + "\n\ndef aeon_split(*args, n: int):\n"
            "    params = inspect.signature(mamba_mixer.split_batch_to_prefill_and_decode).parameters\n"
            "    key = 'num_decode_tokens' if 'num_decode_tokens' in params else 'num_padded_decodes'\n"
            "    return mamba_mixer.split_batch_to_prefill_and_decode(*args, **{key: n})\n",
            "    return mamba_mixer.split_batch_to_prefill_and_decode(*args, **{key: n})",
        ),
    ),
]

# --- 1395461f5f (#28587): MambaMixer2.forward(hidden_states, output, mup_vector) -> forward(hidden_states, mup_vector)
MF = ("#28587", "1395461f5f", "MambaMixer2.forward loses output")
MX = "import torch\nfrom torch import nn\n\nfrom vllm.model_executor.layers.mamba.mamba_mixer2 import MambaMixer2\n\n\n"
TWINS += [
    (
        "#28587 keyword removed",
        "twin: a layer of the fork's own subclass that keeps output, called with *args",
        K(
            *MF,
            "vllm/aeon/r71mf1.py",
            MX + "class AeonMixer2(MambaMixer2):\n"
            "    def forward(self, hidden_states: torch.Tensor, output: torch.Tensor | None = None, mup_vector=None):\n"
            "        # AEON: our hybrid blocks hand in the output buffer\n"
            "        out = super().forward(hidden_states, mup_vector)\n"
            "        if output is not None:\n"
            "            output.copy_(out)\n"
            "        return out\n\n\n"
            "class AeonHybridBlock(nn.Module):\n"
            "    def __init__(self, mixer: AeonMixer2) -> None:\n"
            "        super().__init__()\n"
            "        self.mixer = mixer\n\n"
            "    def forward(self, *args, output: torch.Tensor) -> torch.Tensor:\n"
            "        self.mixer.forward(*args, output=output)\n"
            "        return output\n",
            "        self.mixer.forward(*args, output=output)",
        ),
    ),
]

# --- 73cfb3c5ee (#24331) and 2b6b1d7809 (#21467): keywords removed beside a *args splat (true catches)
M2 = ("#24331", "73cfb3c5ee", "prepare_mamba2_metadata(mamba2_metadata=) removed")
VL = ("#21467", "2b6b1d7809", "_state_passing_fwd loses chunk_size")
CASES += [
    (
        "#24331 keyword removed",
        "a *args splat beside the removed keyword",
        K(
            *M2,
            "vllm/aeon/r71m20.py",
            "from vllm.model_executor.layers.mamba.mamba2_metadata import prepare_mamba2_metadata\n\n\n"
            "def aeon_refresh(*args, cached):\n"
            "    return prepare_mamba2_metadata(*args, mamba2_metadata=cached)\n",
            "    return prepare_mamba2_metadata(*args, mamba2_metadata=cached)",
        ),
    ),
    (
        "#21467 keyword removed",
        "a *args splat beside the removed keyword",
        K(
            *VL,
            "vllm/aeon/r71vl0.py",
            "from vllm.model_executor.layers.mamba.ops import ssd_state_passing as sp\n\n\n"
            "def aeon_pass_states(*args, chunk_size: int):\n"
            "    return sp._state_passing_fwd(*args, chunk_size=chunk_size)\n",
            "    return sp._state_passing_fwd(*args, chunk_size=chunk_size)",
        ),
    ),
]

# --- 34916ae37f (#28133): Mamba2AttentionMetadata.seq_lens removed (Mamba2 builder's build -> Mamba2AttentionMetadata)
MC = ("#28133", "34916ae37f", "Mamba2AttentionMetadata.seq_lens removed")
B2 = "import torch\n\nfrom vllm.v1.attention.backends.mamba2_attn import Mamba2AttentionMetadata, Mamba2AttentionMetadataBuilder\n\n\n"
B2D = "import dataclasses\n\n" + B2
BUILD = "    def build(self, common_prefix_len, common_attn_metadata, fast_build=False):\n"
SUPER = "        md = super().build(common_prefix_len, common_attn_metadata, fast_build)\n"
TWINS += [
    (
        "#28133 field via super()",
        "twin: the read under hasattr",
        K(
            *MC,
            "vllm/aeon/r71mc1.py",
            B2
            + "class AeonBuilder(Mamba2AttentionMetadataBuilder):\n"
            + BUILD
            + SUPER
            + "        if hasattr(md, 'seq_lens'):  # AEON: older upstreams\n"
            "            self.aeon_longest = int(md.seq_lens.max())\n"
            "        else:\n"
            "            self.aeon_longest = int(common_attn_metadata.seq_lens.max())\n"
            "        return md\n",
            "            self.aeon_longest = int(md.seq_lens.max())",
        ),
    ),
    (
        "#28133 field via super()",
        "twin: the field stored back on the dataclass, then read",
        K(
            *MC,
            "vllm/aeon/r71mc2.py",
            B2
            + "class AeonBuilder(Mamba2AttentionMetadataBuilder):\n"
            + BUILD
            + SUPER
            + "        md.seq_lens = common_attn_metadata.seq_lens  # AEON: our prefill planner reads it off the metadata\n"
            "        self.aeon_longest = int(md.seq_lens.max())\n"
            "        return md\n",
            "        self.aeon_longest = int(md.seq_lens.max())",
        ),
    ),
    (
        "#28133 field via super()",
        "twin: the fork's own intermediate builder returning its own metadata",
        K(
            *MC,
            "vllm/aeon/r71mc3.py",
            B2D + "@dataclasses.dataclass\n"
            "class AeonMetadata:\n"
            "    mamba: Mamba2AttentionMetadata\n"
            "    seq_lens: torch.Tensor\n\n\n"
            "class AeonBaseBuilder(Mamba2AttentionMetadataBuilder):\n"
            "    def build(self, common_prefix_len, common_attn_metadata, fast_build=False) -> AeonMetadata:\n"
            "        md = Mamba2AttentionMetadataBuilder.build(self, common_prefix_len, common_attn_metadata, fast_build)\n"
            "        return AeonMetadata(md, common_attn_metadata.seq_lens)\n\n\n"
            "class AeonBuilder(AeonBaseBuilder):\n"
            + BUILD
            + SUPER
            + "        self.aeon_longest = int(md.seq_lens.max())\n"
            "        return md\n",
            "        self.aeon_longest = int(md.seq_lens.max())",
        ),
    ),
    (
        "#28133 field via super()",
        "twin: a fork mixin ahead of the upstream builder returning its own metadata",
        K(
            *MC,
            "vllm/aeon/r71mc4.py",
            B2D + "@dataclasses.dataclass\n"
            "class AeonMetadata:\n"
            "    mamba: Mamba2AttentionMetadata\n"
            "    seq_lens: torch.Tensor\n\n\n"
            "class AeonSeqLensMixin:\n"
            "    def build(self, common_prefix_len, common_attn_metadata, fast_build=False) -> AeonMetadata:\n"
            "        md = Mamba2AttentionMetadataBuilder.build(self, common_prefix_len, common_attn_metadata, fast_build)  # type: ignore[arg-type]\n"
            "        return AeonMetadata(md, common_attn_metadata.seq_lens)\n\n\n"
            "class AeonBuilder(AeonSeqLensMixin, Mamba2AttentionMetadataBuilder):\n"
            + BUILD
            + SUPER
            + "        self.aeon_longest = int(md.seq_lens.max())\n"
            "        return md\n",
            "        self.aeon_longest = int(md.seq_lens.max())",
        ),
    ),
    (
        "#28133 field via super()",
        "twin: the local rebound to the fork's own wrapper of the metadata",
        K(
            *MC,
            "vllm/aeon/r71mc5.py",
            B2D + "@dataclasses.dataclass\n"
            "class AeonMetadata:\n"
            "    mamba: Mamba2AttentionMetadata\n"
            "    seq_lens: torch.Tensor\n\n\n"
            "class AeonBuilder(Mamba2AttentionMetadataBuilder):\n"
            + BUILD
            + SUPER
            + "        md = AeonMetadata(md, common_attn_metadata.seq_lens)\n"
            "        self.aeon_longest = int(md.seq_lens.max())\n"
            "        return md\n",
            "        self.aeon_longest = int(md.seq_lens.max())",
        ),
    ),
    (
        "#28133 field via super()",
        "twin: the read under isinstance of the fork's own metadata",
        K(
            *MC,
            "vllm/aeon/r71mc6.py",
            B2 + "class AeonMetadata(Mamba2AttentionMetadata):\n"
            "    seq_lens: torch.Tensor | None = None\n\n\n"
            "class AeonBuilder(Mamba2AttentionMetadataBuilder):\n"
            + BUILD
            + SUPER
            + "        if isinstance(md, AeonMetadata) and md.seq_lens is not None:\n"
            "            self.aeon_longest = int(md.seq_lens.max())\n"
            "        return md\n",
            "        if isinstance(md, AeonMetadata) and md.seq_lens is not None:",
        ),
    ),
    (
        "#28133 field via super()",
        "twin: the read in a try catching AttributeError",
        K(
            *MC,
            "vllm/aeon/r71mc7.py",
            B2 + "class AeonBuilder(Mamba2AttentionMetadataBuilder):\n" + BUILD + SUPER + "        try:\n"
            "            self.aeon_longest = int(md.seq_lens.max())\n"
            "        except AttributeError:  # AEON: newer upstreams keep seq_lens on the common metadata only\n"
            "            self.aeon_longest = int(common_attn_metadata.seq_lens.max())\n"
            "        return md\n",
            "            self.aeon_longest = int(md.seq_lens.max())",
        ),
    ),
    (
        "#28133 field via super()",
        "twin: a fork class of its own with a build, subclassed",
        K(
            *MC,
            "vllm/aeon/r71mc8.py",
            "import dataclasses\n\nimport torch\n\n\n"
            "@dataclasses.dataclass\n"
            "class AeonPrefillPlan:\n"
            "    seq_lens: torch.Tensor\n\n\n"
            "class AeonPlanner:\n"
            "    def build(self, seq_lens: torch.Tensor) -> AeonPrefillPlan:\n"
            "        return AeonPrefillPlan(seq_lens)\n\n\n"
            "class AeonClampedPlanner(AeonPlanner):\n"
            "    def build(self, seq_lens: torch.Tensor) -> AeonPrefillPlan:\n"
            "        md = super().build(seq_lens)\n"
            "        return AeonPrefillPlan(md.seq_lens.clamp(max=4096))\n",
            "        return AeonPrefillPlan(md.seq_lens.clamp(max=4096))",
        ),
    ),
    (
        "#28133 field via super()",
        "twin: super() naming a class further up (skips the Mamba2 builder)",
        K(
            *MC,
            "vllm/aeon/r71mc9.py",
            B2D + "@dataclasses.dataclass\n"
            "class AeonMetadata:\n"
            "    mamba: Mamba2AttentionMetadata\n"
            "    seq_lens: torch.Tensor\n\n\n"
            "class AeonBaseBuilder(Mamba2AttentionMetadataBuilder):\n"
            "    def build(self, common_prefix_len, common_attn_metadata, fast_build=False) -> AeonMetadata:\n"
            "        md = Mamba2AttentionMetadataBuilder.build(self, common_prefix_len, common_attn_metadata, fast_build)\n"
            "        return AeonMetadata(md, common_attn_metadata.seq_lens)\n\n\n"
            "class AeonBuilder(AeonBaseBuilder):\n"
            + BUILD
            + "        md = super(AeonBuilder, self).build(common_prefix_len, common_attn_metadata, fast_build)\n"
            "        self.aeon_longest = int(md.seq_lens.max())\n"
            "        return md\n",
            "        self.aeon_longest = int(md.seq_lens.max())",
        ),
    ),
]
CASES += [
    (
        "#28133 field via super()",
        "a read off super().build(...) directly",
        K(
            *MC,
            "vllm/aeon/r71mc0.py",
            B2
            + "class AeonBuilder(Mamba2AttentionMetadataBuilder):\n"
            + BUILD
            + "        self.aeon_longest = int(super().build(common_prefix_len, common_attn_metadata, fast_build).seq_lens.max())\n"
            "        return None\n",
            "        self.aeon_longest = int(super().build(common_prefix_len, common_attn_metadata, fast_build).seq_lens.max())",
        ),
    ),
]


# --- other real commits of the same kinds (not in blind_replay_mambaops)
# 785d8b6410 (#26437): GDNAttentionMetadata.spec_token_masks -> spec_token_indx / non_spec_token_indx
GD = ("#26437", "785d8b6410", "GDNAttentionMetadata.spec_token_masks removed")
GB = "import torch\n\nfrom vllm.v1.attention.backends.gdn_attn import GDNAttentionMetadataBuilder\n\n\n"
GBUILD = "    def build(self, common_prefix_len, common_attn_metadata, num_accepted_tokens=None, num_decode_draft_tokens_cpu=None, fast_build=False):\n"
GSUPER = "        md = super().build(common_prefix_len, common_attn_metadata, num_accepted_tokens, num_decode_draft_tokens_cpu, fast_build)\n"
CASES += [
    (
        "#26437 field via super()",
        "a read off what a GDN builder's super().build returns",
        K(
            *GD,
            "vllm/aeon/r71gd0.py",
            GB
            + "class AeonGDNBuilder(GDNAttentionMetadataBuilder):\n"
            + GBUILD
            + GSUPER
            + "        self.aeon_spec_tokens = int(md.spec_token_masks.sum()) if md.spec_token_masks is not None else 0\n"
            "        return md\n",
            "        self.aeon_spec_tokens = int(md.spec_token_masks.sum()) if md.spec_token_masks is not None else 0",
        ),
    ),
]
TWINS += [
    (
        "#26437 field via super()",
        "twin: the new field off what super().build returns",
        K(
            *GD,
            "vllm/aeon/r71gd1.py",
            GB
            + "class AeonGDNBuilder(GDNAttentionMetadataBuilder):\n"
            + GBUILD
            + GSUPER
            + "        self.aeon_spec_tokens = 0 if md.spec_token_indx is None else md.spec_token_indx.numel()\n"
            "        return md\n",
            "        self.aeon_spec_tokens = 0 if md.spec_token_indx is None else md.spec_token_indx.numel()",
        ),
    ),
    (
        "#26437 field via super()",
        "twin: the old field in the else of a hasattr test of the new one",
        K(
            *GD,
            "vllm/aeon/r71gd2.py",
            GB
            + "class AeonGDNBuilder(GDNAttentionMetadataBuilder):\n"
            + GBUILD
            + GSUPER
            + "        if hasattr(md, 'spec_token_indx'):\n"
            "            self.aeon_spec_tokens = 0 if md.spec_token_indx is None else md.spec_token_indx.numel()\n"
            "        else:  # AEON: upstreams before #26437\n"
            "            self.aeon_spec_tokens = 0 if md.spec_token_masks is None else int(md.spec_token_masks.sum())\n"
            "        return md\n",
            "            self.aeon_spec_tokens = 0 if md.spec_token_masks is None else int(md.spec_token_masks.sum())",
        ),
    ),
    (
        "#26437 field via super()",
        "twin: the field stored on the metadata by the fork and read back",
        K(
            *GD,
            "vllm/aeon/r71gd3.py",
            GB
            + "class AeonGDNBuilder(GDNAttentionMetadataBuilder):\n"
            + GBUILD
            + GSUPER
            + "        if md.spec_token_indx is not None:\n"
            "            md.spec_token_masks = torch.zeros(md.num_actual_tokens, dtype=torch.bool, device=md.spec_token_indx.device)\n"
            "            md.spec_token_masks[md.spec_token_indx] = True  # AEON: our MTP verifier reads the mask\n"
            "        return md\n",
            "            md.spec_token_masks[md.spec_token_indx] = True  # AEON: our MTP verifier reads the mask",
        ),
    ),
]

# 66b3c0e61f (#50294): FlashAttentionMetadata.mm_prefix_range_tensor -> mm_prefix_query_range_tensor
MM = ("#50294", "66b3c0e61f", "FlashAttentionMetadata.mm_prefix_range_tensor renamed")
FB = "import torch\n\nfrom vllm.v1.attention.backends.flash_attn import FlashAttentionMetadataBuilder\n\n\n"
CASES += [
    (
        "#50294 field via super()",
        "a read off what a FlashAttention builder's super().build returns",
        K(
            *MM,
            "vllm/aeon/r71mm0.py",
            FB
            + "class AeonFlashBuilder(FlashAttentionMetadataBuilder):\n"
            + BUILD
            + SUPER
            + "        self.aeon_mm = md.mm_prefix_range_tensor is not None  # AEON: our Gemma carry's image spans\n"
            "        return md\n",
            "        self.aeon_mm = md.mm_prefix_range_tensor is not None  # AEON: our Gemma carry's image spans",
        ),
    ),
]
TWINS += [
    (
        "#50294 field via super()",
        "twin: the old field read by getattr with a default",
        K(
            *MM,
            "vllm/aeon/r71mm1.py",
            FB
            + "class AeonFlashBuilder(FlashAttentionMetadataBuilder):\n"
            + BUILD
            + SUPER
            + "        ranges = getattr(md, 'mm_prefix_query_range_tensor', None)\n"
            "        self.aeon_mm = (ranges if ranges is not None else getattr(md, 'mm_prefix_range_tensor', None)) is not None\n"
            "        return md\n",
            "        self.aeon_mm = (ranges if ranges is not None else getattr(md, 'mm_prefix_range_tensor', None)) is not None",
        ),
    ),
    (
        "#50294 field via super()",
        "twin: the read under isinstance of the fork's own metadata class",
        K(
            *MM,
            "vllm/aeon/r71mm2.py",
            "import dataclasses\n\n" + FB + "@dataclasses.dataclass\n"
            "class AeonSpanMetadata:  # AEON: the metadata our Gemma span builder hands on\n"
            "    mm_prefix_range_tensor: torch.Tensor | None = None\n\n\n"
            "class AeonFlashBuilder(FlashAttentionMetadataBuilder):\n"
            + BUILD
            + SUPER
            + "        if isinstance(md, AeonSpanMetadata):\n"
            "            self.aeon_mm = md.mm_prefix_range_tensor is not None\n"
            "        return md\n",
            "            self.aeon_mm = md.mm_prefix_range_tensor is not None",
        ),
    ),
]

# 51878e5b6e (#44455): FlashAttentionBackend.get_kv_cache_shape five entries -> four
KS = (
    "#44455",
    "51878e5b6e",
    "FlashAttention kv cache shape (blocks, 2, block, heads, dim) -> (blocks, heads, block, 2 * dim)",
)
FA = "from vllm.v1.attention.backends.flash_attn import FlashAttentionBackend\n\n\n"
CASES += [
    (
        "#44455 local unpacked",
        "a five-way unpack of the shape's local",
        K(
            *KS,
            "vllm/aeon/r71ks0.py",
            FA + "def aeon_block_bytes(num_blocks: int, heads: int, head_size: int) -> int:\n"
            "    shape = FlashAttentionBackend.get_kv_cache_shape(num_blocks, 16, heads, head_size)\n"
            "    _blocks, planes, block_size, kv_heads, dim = shape\n"
            "    return planes * block_size * kv_heads * dim\n",
            "    _blocks, planes, block_size, kv_heads, dim = shape",
        ),
    ),
]
TWINS += [
    (
        "#44455 local unpacked",
        "twin: a star unpack of the shape's local",
        K(
            *KS,
            "vllm/aeon/r71ks1.py",
            FA + "def aeon_block_count(num_blocks: int, heads: int, head_size: int) -> int:\n"
            "    shape = FlashAttentionBackend.get_kv_cache_shape(num_blocks, 16, heads, head_size)\n"
            "    blocks, *_rest = shape\n"
            "    return blocks\n",
            "    blocks, *_rest = shape",
        ),
    ),
    (
        "#44455 local unpacked",
        "twin: the unpack under a test of the shape's rank",
        K(
            *KS,
            "vllm/aeon/r71ks2.py",
            FA + "def aeon_head_dim(num_blocks: int, heads: int, head_size: int) -> int:\n"
            "    shape = FlashAttentionBackend.get_kv_cache_shape(num_blocks, 16, heads, head_size)\n"
            "    if len(shape) == 4:\n"
            "        return shape[-1] // 2\n"
            "    _blocks, _planes, _block_size, _kv_heads, dim = shape  # AEON: planes-apart layouts\n"
            "    return dim\n",
            "    _blocks, _planes, _block_size, _kv_heads, dim = shape  # AEON: planes-apart layouts",
        ),
    ),
    (
        "#44455 local unpacked",
        "twin: the local's name unpacked in a nested function over the fork's own buffer shape",
        K(
            *KS,
            "vllm/aeon/r71ks3.py",
            FA + "def aeon_offload_plan(num_blocks: int, heads: int, head_size: int, host_shape: tuple) -> int:\n"
            "    shape = FlashAttentionBackend.get_kv_cache_shape(num_blocks, 16, heads, head_size)\n\n"
            "    def host_bytes(shape: tuple) -> int:\n"
            "        blocks, planes, block_size, kv_heads, dim = shape  # AEON: the host buffer keeps planes apart\n"
            "        return blocks * planes * block_size * kv_heads * dim\n\n"
            "    return host_bytes(host_shape) + shape[0]\n",
            "        blocks, planes, block_size, kv_heads, dim = shape  # AEON: the host buffer keeps planes apart",
        ),
    ),
]


# --- round 2: harder spellings (fork code in two modules, the imported name rebound, super() of the removed
#     keyword's method from a fork override)


def K2(pr: str, sha: str, what: str, helper: tuple[str, str], path: str, text: str, line: str) -> Killer:  # noqa: N802
    """A carry of two fork modules: ``helper`` (path, text) beside the module holding the twin's line."""
    return Killer(pr, sha, what, (Edit(*helper), Edit(path, text)), ((path, line),))


TWINS += [
    (
        "#44539 local unpacked",
        "twin (round 2): the fork's own calculator in another fork module, its result unpacked off a local",
        K2(
            *KD,
            (
                "vllm/aeon/r71kd_calc.py",
                "class AeonKDAShapes:\n"
                "    @classmethod\n"
                "    def kda_state_shape(cls, tp: int, heads: int, head_dim: int) -> tuple:\n"
                "        conv = (head_dim * heads // tp, 3)\n"
                "        return conv, conv, conv, (heads // tp, head_dim, head_dim)\n",
            ),
            "vllm/aeon/r71kd9.py",
            "from vllm.aeon.r71kd_calc import AeonKDAShapes\n\n\n"
            "def aeon_recurrent(tp: int, heads: int, head_dim: int):\n"
            "    shapes = AeonKDAShapes.kda_state_shape(tp, heads, head_dim)\n"
            "    q, k, v, r = shapes\n"
            "    return r\n",
            "    q, k, v, r = shapes",
        ),
    ),
    (
        "#38361 positional shift",
        "twin (round 2): the imported name rebound by the fork to its own wrapper",
        K(
            *CI,
            "vllm/aeon/r71ci8.py",
            "from vllm.model_executor.layers.fla.ops import cumsum as fla_cumsum\n"
            "from vllm.model_executor.layers.fla.ops.cumsum import chunk_local_cumsum\n\n\n"
            "def _aeon_cumsum(g, chunk_size, reverse=False, cu_seqlens=None, head_first=False):\n"
            "    # AEON: keyword hand-on, whatever upstream inserts between\n"
            "    return fla_cumsum.chunk_local_cumsum(\n"
            "        g, chunk_size=chunk_size, reverse=reverse, cu_seqlens=cu_seqlens, head_first=head_first\n"
            "    )\n\n\n"
            "chunk_local_cumsum = _aeon_cumsum  # noqa: F811\n\n\n"
            "def aeon_gate_cumsum(g, cu_seqlens, head_first: bool):\n"
            "    return chunk_local_cumsum(g, 64, False, cu_seqlens, head_first)\n",
            "    return chunk_local_cumsum(g, 64, False, cu_seqlens, head_first)",
        ),
    ),
    (
        "#38361 positional shift",
        "twin (round 2): the fork's own guarded namesake in another fork module",
        K2(
            *CI,
            (
                "vllm/aeon/r71ci_ops.py",
                "from vllm.model_executor.layers.fla.ops.cumsum import chunk_local_cumsum_scalar\n"
                "from vllm.model_executor.layers.fla.ops.utils import input_guard\n\n\n"
                "@input_guard\n"
                "def chunk_local_cumsum(g, chunk_size, reverse=False, cu_seqlens=None, head_first=False):\n"
                "    g = g.transpose(1, 2) if head_first else g\n"
                "    return chunk_local_cumsum_scalar(g, chunk_size, reverse, cu_seqlens=cu_seqlens)\n",
            ),
            "vllm/aeon/r71ci9.py",
            "from vllm.aeon.r71ci_ops import chunk_local_cumsum\n\n\n"
            "def aeon_gate_cumsum(g, cu_seqlens, head_first: bool):\n"
            "    return chunk_local_cumsum(g, 64, False, cu_seqlens, head_first)\n",
            "    return chunk_local_cumsum(g, 64, False, cu_seqlens, head_first)",
        ),
    ),
    (
        "#29352 keyword renamed",
        "twin (round 2): the fork's own split in another fork module, called with *args and its keyword",
        K2(
            *PD,
            (
                "vllm/aeon/r71pd_ops.py",
                SB + "\n\ndef split_batch_to_prefill_and_decode(*args, num_padded_decodes: int):\n"
                "    return mamba_mixer.split_batch_to_prefill_and_decode(*args, num_padded_decodes)\n",
            ),
            "vllm/aeon/r71pd6.py",
            "from vllm.aeon import r71pd_ops\n\n\n"
            "def aeon_split(*args, n: int):\n"
            "    return r71pd_ops.split_batch_to_prefill_and_decode(*args, num_padded_decodes=n)\n",
            "    return r71pd_ops.split_batch_to_prefill_and_decode(*args, num_padded_decodes=n)",
        ),
    ),
    (
        "#28587 keyword removed",
        "twin (round 2): self.forward(*args, output=...) in the fork's own subclass keeping output",
        K(
            *MF,
            "vllm/aeon/r71mf2.py",
            MX + "class AeonMixer2(MambaMixer2):\n"
            "    def forward(self, hidden_states: torch.Tensor, output: torch.Tensor | None = None, mup_vector=None):\n"
            "        out = super().forward(hidden_states, mup_vector)\n"
            "        if output is not None:\n"
            "            output.copy_(out)\n"
            "        return out\n\n"
            "    def aeon_forward_into(self, *args, output: torch.Tensor) -> torch.Tensor:\n"
            "        self.forward(*args, output=output)\n"
            "        return output\n",
            "        self.forward(*args, output=output)",
        ),
    ),
    (
        "#28133 field via super()",
        "twin (round 2): the fork's own builder in another fork module returning its own metadata",
        K2(
            *MC,
            (
                "vllm/aeon/r71mc_base.py",
                "import dataclasses\n\nimport torch\n\n"
                "from vllm.v1.attention.backends.mamba2_attn import Mamba2AttentionMetadata, Mamba2AttentionMetadataBuilder\n\n\n"
                "@dataclasses.dataclass\n"
                "class AeonMetadata:\n"
                "    mamba: Mamba2AttentionMetadata\n"
                "    seq_lens: torch.Tensor\n\n\n"
                "class AeonBaseBuilder(Mamba2AttentionMetadataBuilder):\n"
                "    def build(self, common_prefix_len, common_attn_metadata, fast_build=False) -> AeonMetadata:  # type: ignore[override]\n"
                "        md = Mamba2AttentionMetadataBuilder.build(self, common_prefix_len, common_attn_metadata, fast_build)\n"
                "        return AeonMetadata(md, common_attn_metadata.seq_lens)\n",
            ),
            "vllm/aeon/r71mc10.py",
            "from vllm.aeon.r71mc_base import AeonBaseBuilder\n\n\n"
            "class AeonBuilder(AeonBaseBuilder):\n"
            + BUILD
            + SUPER
            + "        self.aeon_longest = int(md.seq_lens.max())\n"
            "        return md\n",
            "        self.aeon_longest = int(md.seq_lens.max())",
        ),
    ),
]
CASES += [
    (
        "#28587 keyword removed",
        "round 2: super().forward(*args, output=...) in a fork override",
        K(
            *MF,
            "vllm/aeon/r71mf0.py",
            MX + "class AeonMixer2(MambaMixer2):\n"
            "    def aeon_forward_into(self, *args, output: torch.Tensor) -> torch.Tensor:\n"
            "        super().forward(*args, output=output)\n"
            "        return output\n",
            "        super().forward(*args, output=output)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review71-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
