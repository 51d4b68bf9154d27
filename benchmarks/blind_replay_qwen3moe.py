"""A blind replay of the Qwen3-MoE and Qwen3-Next models a Spark fork subclasses, remaps and reads.

9 first-parent commits on ``vllm/model_executor/models/{qwen3_moe,qwen3_next}.py`` -- the models a fork that
serves NVFP4 Qwen3 MoE checkpoints on sm_121a subclasses (decoder layers, MoE blocks, GDN layers), remaps in
``load_weights`` and reads (config fields, the expert mapping, packed modules): the ``gdn_in_proj`` custom
op, ``_forward_in_proj``, ``events`` and ``aux_stream`` removed (#38152), ``Qwen3NextAttention.forward`` and
``QwenGatedDeltaNetAttention.forward`` lost their ``output`` buffer and return the result (#46998),
``fused_recurrent_gated_delta_rule`` no longer imported into nor called from ``qwen3_next`` (#35777),
``fi_chunk_gated_delta_rule`` returning its output unsqueezed to 4-D (#34219), ``in_proj_ba`` one output shard
where it was two (#36242), ``A_log`` allocated float32 (#37810), ``Qwen3MoeSparseMoeBlock.experts`` a
``SharedFusedMoE`` returning ``(shared_out, fused_out)`` and ``FusedMoE`` no longer imported into
``qwen3_moe`` (#32082), the state-dtype hooks passing ``mamba_ssm_cache_dtype`` (#34489) and
``packed_modules_mapping`` gaining ``in_proj_qkvz``/``in_proj_ba`` (#35413) -- picked by scanning those paths'
diffs (``git log --first-parent -p``), avoiding the commits every other replay uses.  Each is replayed under
2-3 fork spellings (an override of a hook no longer called, a ``torch.ops`` call of a dropped op, a read of a
dropped attribute, overrides and calls with the old parameters, a monkeypatch by assignment and by ``setattr``,
an import, an unsqueeze and a dimension-0 read of a result now 4-D, a loader feeding shard 1 and a read of
``output_sizes[1]``, a dtype test and a 16-bit view of a float32 parameter, a forward copy and a helper using a
result now a pair, a module attribute, copies of a base body and of a class dict, a test of the old key set),
with twins (the projections called directly, overrides and calls with the new parameters, the kernel from its
own package, a monkeypatch of a name the module still calls, the result passed through, the total size, a
cast, the pair unpacked, a delegating override, the base's dict extended).  The merge base is the commit's
first parent, upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a
warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 15c9aeb7): 10 caught, 2 warned, 10 missed of 22 (twins: 12
quiet, 0 false errors).  Symbol drift caught #38152's three (the override of the removed hook, the
``torch.ops`` op, ``self.events``), #46998's three (two overrides and a call with the old parameters),
#35777's assignment and import, #32082's module attribute and #35413's subclass copy of the class dict; it
warned #34489's two copies of the base's old call.  The misses: #35777's ``setattr`` with a literal on a module
bound by ``importlib.import_module``, #34219's two (an unsqueeze, a dimension-0 read of a result now 4-D),
#36242's two (a loader feeding shard 1, ``output_sizes[1]``), #37810's two (a dtype test, a 16-bit view),
#32082's two (a forward copy and a helper using a result now a pair) and #35413's test of the old key set.
After the killers222 widenings: 12 caught, 4 warned, 6 missed of 22 (twins: 12 quiet, 0 false errors).  Caught
now: #35777's ``setattr`` (``drift/symbols.py``: ``setattr(owner, "name", value)`` with a literal name is judged as
the store ``owner.name = value``; a gap filled under ``if not hasattr`` stays quiet) and #35413's test of the old
key set (``drift/stale_value_tests.py``, new, under symbol drift: a fork equality test of a class attribute's
literal value, or its keys, length or order, with a literal the base's value gave and upstream's does not).
Warned now: #37810's two (``drift/dtypes.py``: torch's floating makers said no dtype hold the default dtype, the
model's; upstream saying one there makes a test of another floating dtype drift -- a warning here, as other
upstream layers assign an ``A_log`` too -- and a view of another width a warning).  Left missed: #34219's two
(the output's rank changed through an ``unsqueeze`` inside the function: no check models tensor ranks, and the
fork's own ``unsqueeze``/``shape[0]`` read the value right at the merge base), #36242's two (the layer's shard
count is the length of ``output_sizes=[n] * 2`` made ``[n * 2]``, now built by a factory method
``create_ba_proj``; a shard id handed to a weight loader, and ``output_sizes[1]``, would need the list's length
evaluated through the factory upstream added) and #32082's two (``self.experts`` is now built as
``SharedFusedMoE``, whose ``forward`` returns a pair, where it was ``FusedMoE``: no def's return changed, the
base's ``__init__`` bound the field to another class; return drift reads a callee's defs at both commits, and
a call through an inherited field whose class upstream swapped would need the base's field class at both
commits and both classes' ``forward`` shapes).  Regression set at the widenings' head: killer_replay 26/26
blocked, kind_change_replay 12/12 (5 quiet), dtype_replay 15 of 16 reported (8 errors), 0 of 19 near misses,
blind_replay_eagle2 12 caught, 5 warned, 2 missed of 19 (11 quiet, 0 false): each as before.  Unit tests:
test_default_dtypes 13, test_setattr_patches 8, test_stale_value_tests 12 (new); test_dtype_drift +
test_numpy_dtypes + test_patch_drift + test_symbol_drift + test_symbol_probe_strings + test_lazy_patterns +
test_fleet_profile with them 423 passed (1 skipped: no Docker); the 27 test files whose fork texts spell a
``setattr``: 995 passed, 1 failed on the first version (test_dead_knobs's setattr patch of a module's function,
reported twice), passed since the knobs shape is left to knobs.py (test_dead_knobs + test_setattr_patches +
test_patch_drift + test_stale_value_tests 76 passed).  Speed (drift_speed's 150-commit window, this machine
shared by 8 helpers): symbol_drift 11.75 s against 12.26 s on main (the setattr and value-test hooks inside
it: within the noise), dtype_drift 0.000 s either way (the window's fork carries name no dtype: gated first).

Mend78 (branch mend78, main at 38ff2e7e): 15 caught, 4 warned, 3 missed of 22 (twins: 12 quiet, 0 false errors).
Caught now: #34219's two (``drift/ranked_returns.py``, new, under return drift: a def whose every return now
applies ``x.unsqueeze(d)``/``torch.unsqueeze``/``x[None]``/``x.squeeze(d)`` to one name at one position, no
return reshaped at the base; a fork caller binding that position and unsqueezing it again, or reading
``shape[i]``/``size(i)`` at or past the axis, is an error) and #36242's ``output_sizes[1]``
(``drift/handed_literals.py`` widened: a list keyword handed shorter -- ``[n] * 2`` made ``[n * 2]`` -- also
through a factory method of the class whose one return builds the member, ``self.create_ba_proj(...)``; an index
past the new end is an error where the member's class stores the parameter as handed, as
``MergedColumnParallelLinear`` does).  Left missed: #36242's loader (the shard id handed to
``param.weight_loader`` lands in ``self.output_sizes`` of the layer two calls away, through the parameter's
loader attribute; nothing ties ``param`` to the layer's method statically) and #32082's two (``self.experts``
built as ``SharedFusedMoE``, whose ``forward`` is annotated a pair, where it was ``FusedMoE``, whose CustomOp
``forward_*`` are annotated ``Tensor | tuple[Tensor, Tensor]``: the base's class could already answer a pair,
so a field's class swap proves no change of the call's result kind on every path).
Regression set at mend78's head: killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet),
blind_replay_dsv2 15 caught, 5 warned of 20 (10 quiet), review101_twins 3 caught, 6 warned of 9 (0 false of 41, 3
warned), blind_replay_tfconfig 24/24 (0 false of 14, 1 warned), blind_replay_hfconfig 18 caught, 4 warned of 22
(12 quiet, 1 warned), blind_replay_kernels 15 caught, 1 warned, 1 missed of 17 (4 quiet), review17_twins 11
caught, 1 warned of 12 (0 false of 23, 2 warned; it stopped on a staticmethod defaulting every parameter in
``drift/dropped_kwargs.py``, on main's engine too, mended here): each as recorded.  Unit tests:
test_ranked_return_drift 15, test_narrowed_dispatch 11, test_shifted_joins 9 (new), test_handed_literals 26 (11
new), test_layout_drift 42 (8 new), test_dropped_kwarg_drift 13 (1 new), with test_lazy_patterns and
test_fleet_profile 137 passed (1 skipped: no Docker).  Speed (drift_speed's 150-commit window, medians of 5, this
machine shared): ranked_return_drift, narrowed_dispatch_drift, shifted_join_drift 0.000 s each (gated on the
fork's lines first), handed_literal_drift 0.045 s against 0.040 s on main (within the noise: 0.062 s against
0.121 s in another pair), layout_drift 0.000 s either way.

Mend80 (branch mend80, main at f6e62e3f): on main's engine 15 caught, 4 warned, 3 missed (as recorded above); now 15
caught, 7 warned, 0 missed of 22 (twins: 12 quiet, 0 false errors). Warned now: #36242's loader
(``drift/handed_literals.py`` widened: a literal shard id handed to a method of the member's class that indexes its
list by that parameter, ``self.output_sizes[loaded_shard_id]``, or bounds it by the list's length -- through the
member's parameter, ``param = layer.in_proj_ba.weight; param.weight_loader(param, w, 1)``, tied to the layer's
method by name, so a warning) and #32082's two (``drift/unpacked_fields.py``, new, under return drift: upstream's
class now unpacks ``shared_out, fused_out = self.experts(...)`` where it bound ``final_hidden_states =
self.experts(...)`` and binds it to one name nowhere; a fork subclass's, or a block-typed parameter's, one-name
binding of the field's call is a warning, since ``FusedMoE`` could already answer a pair). Regression set at
mend80's head: killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet), blind_replay_kvutils2 11 caught, 4
warned of 15 (8 quiet), blind_replay_dsv2 15 caught, 5 warned of 20 (10 quiet), blind_replay_tfconfig2 19 caught, 1
warned of 20 (12 quiet), blind_replay_cfgparts 19 caught, 2 warned of 21 (12 quiet, 1 warned),
blind_replay_coreclient 18 caught, 3 warned of 21 (10 quiet, 1 warned), blind_replay_kvutils 14 caught, 3 missed of
17 (8 quiet), blind_replay_mtpmodels 16 caught, 5 warned, 1 missed of 22 (11 quiet), review105_twins 6 caught, 1
warned of 7 (0 false of 32, 1 warned), review134_twins 14 caught, 1 warned of 15 (0 false of 37, 5 warned),
review101_twins 3 caught, 6 warned of 9 (0 false of 41, 3 warned), review118_twins 5 caught, 6 warned of 11 (0 false
of 24, 4 warned), review122_twins 4 caught, 7 warned of 11 (0 false of 29, 3 warned), review81_twins 5 caught, 3
warned of 8 (0 false of 30, 2 warned), review85_twins 10 caught, 1 warned of 11 (0 false of 42, 7 warned): each as
recorded, 0 false errors. Unit tests: test_gated_callers 5, test_dropped_limits 8, test_switched_operands 7,
test_unpacked_fields 7 (new), test_handed_literals 40 (6 new), test_stale_copies 39 (4 new), test_retuned_copies 19,
the device-gate files (test_device_gates, test_device_gate_literals, test_device_gate_keys, test_held_gates,
test_native_gates, test_line_map_cost, hostile/test_sweep14) 178 passed, with test_lazy_patterns and
test_fleet_profile. Speed (drift_speed's 150-commit window, one run of 5 audits each, this machine shared):
retuned_copy_drift 0.116 s (dropped_limit_drift 0.084 s and switched_operand_drift 0.000 s inside it) against 0.079
s on main, handed_literal_drift 0.132 s against 0.221 s, stale_copy_drift 0.278 s against 0.490 s (the noise of the
shared machine: audit 26.7 s against 40.6 s), unpacked_field_drift and gated_caller_findings 0.000 s (gated on the
fork's lines and on a raising device gate).

  python benchmarks/blind_replay_qwen3moe.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

QN = "vllm.model_executor.models.qwen3_next"
QM = "vllm.model_executor.models.qwen3_moe"
GDN = "vllm.model_executor.layers.mamba.gdn.qwen_gdn_linear_attn"
HEAD = f"import torch\n\nfrom {QN} import Qwen3NextGatedDeltaNet\n\n\n"

# --- #38152 (9704a5c310): the gdn_in_proj custom op, _forward_in_proj, events and aux_stream removed
GI = "9704a5c310"
GIW = "gdn_in_proj op, Qwen3NextGatedDeltaNet._forward_in_proj, .events and .aux_stream removed"
CASES += [
    (
        "#38152 dual-stream input projection removed",
        "an override of the hook the op called",
        K(
            "#38152",
            GI,
            GIW,
            "vllm/aeon/gi1.py",
            HEAD + "class AeonGDN(Qwen3NextGatedDeltaNet):\n"
            "    def _forward_in_proj(self, hidden_states: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:\n"
            "        # AEON: the Spark's NVFP4 in_proj runs both projections on the main stream\n"
            "        qkvz, _ = self.in_proj_qkvz(hidden_states)\n"
            "        ba, _ = self.in_proj_ba(hidden_states)\n"
            "        return qkvz, ba\n",
            "def _forward_in_proj(self, hidden_states: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:",
        ),
    ),
    (
        "#38152 dual-stream input projection removed",
        "a call of the registered op through torch.ops",
        K(
            "#38152",
            GI,
            GIW,
            "vllm/aeon/gi2.py",
            HEAD + "class AeonGDN2(Qwen3NextGatedDeltaNet):\n"
            "    def aeon_project(self, hidden_states: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:\n"
            "        # AEON: GB10 warm-up reuses the op so the graph capture sees the same node\n"
            "        qkvz, ba = torch.ops.vllm.gdn_in_proj(hidden_states, 8, 2, self.prefix)\n"
            "        return qkvz, ba\n",
            "qkvz, ba = torch.ops.vllm.gdn_in_proj(hidden_states, 8, 2, self.prefix)",
        ),
    ),
    (
        "#38152 dual-stream input projection removed",
        "a read of the events the base no longer assigns",
        K(
            "#38152",
            GI,
            GIW,
            "vllm/aeon/gi3.py",
            HEAD + "class AeonGDN3(Qwen3NextGatedDeltaNet):\n"
            "    def aeon_sync(self) -> None:\n"
            "        # AEON: the Spark's profiler waits on the projection stream\n"
            "        self.events[1].synchronize()\n",
            "self.events[1].synchronize()",
        ),
    ),
    (
        "#38152 dual-stream input projection removed",
        "twin: the projections called directly",
        K(
            "#38152",
            GI,
            GIW,
            "vllm/aeon/gi4.py",
            HEAD + "class AeonGDN4(Qwen3NextGatedDeltaNet):\n"
            "    def aeon_project(self, hidden_states: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:\n"
            "        qkvz, _ = self.in_proj_qkvz(hidden_states)\n"
            "        ba, _ = self.in_proj_ba(hidden_states)\n"
            "        return qkvz, ba\n",
            "qkvz, _ = self.in_proj_qkvz(hidden_states)",
        ),
    ),
]

# --- #46998 (300e33797f): attention forwards lost their output= buffer and return their result
OP = "300e33797f"
OPW = "Qwen3NextAttention.forward / QwenGatedDeltaNetAttention.forward lost output=; they return the result"
CASES += [
    (
        "#46998 output buffer parameter removed",
        "an override with the old parameters",
        K(
            "#46998",
            OP,
            OPW,
            "vllm/aeon/op1.py",
            f"import torch\n\nfrom {QN} import Qwen3NextAttention\n\n\n"
            "class AeonAttention(Qwen3NextAttention):\n"
            "    def forward(self, positions: torch.Tensor, output: torch.Tensor, hidden_states: torch.Tensor):\n"
            "        # AEON: the Spark keeps the gate in bf16 before the o_proj\n"
            "        qkv, _ = self.qkv_proj(hidden_states)\n"
            "        q, k, v, gate = self._project_qkv_gate(qkv, positions)\n"
            "        attn_output = self.attn(q, k, v)\n"
            "        if gate is not None:\n"
            "            attn_output = attn_output * torch.sigmoid(gate.to(torch.bfloat16))\n"
            "        output[:], _ = self.o_proj(attn_output)\n",
            "def forward(self, positions: torch.Tensor, output: torch.Tensor, hidden_states: torch.Tensor):",
        ),
    ),
    (
        "#46998 output buffer parameter removed",
        "a call passing the buffer by keyword",
        K(
            "#46998",
            OP,
            OPW,
            "vllm/aeon/op2.py",
            f"import torch\n\nfrom {QN} import Qwen3NextDecoderLayer\n\n\n"
            "class AeonDecoderLayer(Qwen3NextDecoderLayer):\n"
            "    def aeon_attend(self, positions: torch.Tensor, hidden_states: torch.Tensor) -> torch.Tensor:\n"
            "        # AEON: the Spark's eager path reuses one buffer per layer\n"
            "        out = torch.empty_like(hidden_states)\n"
            "        self.self_attn(hidden_states=hidden_states, output=out, positions=positions)\n"
            "        return out\n",
            "self.self_attn(hidden_states=hidden_states, output=out, positions=positions)",
        ),
    ),
    (
        "#46998 output buffer parameter removed",
        "an override of the output projection with the old parameters",
        K(
            "#46998",
            OP,
            OPW,
            "vllm/aeon/op3.py",
            f"import torch\n\nfrom {GDN} import QwenGatedDeltaNetAttention\n\n\n"
            "class AeonGDNAttention(QwenGatedDeltaNetAttention):\n"
            "    def _output_projection(self, core_attn_out, z, output, num_tokens):\n"
            "        # AEON: NVFP4 out_proj wants a contiguous input on sm_121a\n"
            "        core_attn_out = self.norm(core_attn_out.contiguous(), z)\n"
            "        output[:num_tokens], _ = self.out_proj(core_attn_out.flatten(-2))\n",
            "def _output_projection(self, core_attn_out, z, output, num_tokens):",
        ),
    ),
    (
        "#46998 output buffer parameter removed",
        "twin: an override with the new parameters",
        K(
            "#46998",
            OP,
            OPW,
            "vllm/aeon/op4.py",
            f"import torch\n\nfrom {QN} import Qwen3NextAttention\n\n\n"
            "class AeonAttention2(Qwen3NextAttention):\n"
            "    def forward(self, positions: torch.Tensor, hidden_states: torch.Tensor) -> torch.Tensor:\n"
            "        return super().forward(positions, hidden_states)\n",
            "def forward(self, positions: torch.Tensor, hidden_states: torch.Tensor) -> torch.Tensor:",
        ),
    ),
    (
        "#46998 output buffer parameter removed",
        "twin: a call that keeps the result",
        K(
            "#46998",
            OP,
            OPW,
            "vllm/aeon/op5.py",
            f"import torch\n\nfrom {QN} import Qwen3NextDecoderLayer\n\n\n"
            "class AeonDecoderLayer2(Qwen3NextDecoderLayer):\n"
            "    def aeon_attend(self, positions: torch.Tensor, hidden_states: torch.Tensor) -> torch.Tensor:\n"
            "        out = self.self_attn(hidden_states=hidden_states, positions=positions)\n"
            "        return out\n",
            "out = self.self_attn(hidden_states=hidden_states, positions=positions)",
        ),
    ),
]

# --- #35777 (dc6b578466): qwen3_next no longer imports (nor calls) fused_recurrent_gated_delta_rule
FR = "dc6b578466"
FRW = "fused_recurrent_gated_delta_rule no longer imported into nor called from qwen3_next"
CASES += [
    (
        "#35777 module-level kernel no longer used by the module",
        "a monkeypatch by assignment",
        K(
            "#35777",
            FR,
            FRW,
            "vllm/aeon/fr1.py",
            "from vllm.model_executor.models import qwen3_next\n\n\n"
            "def aeon_recurrent(*args, **kwargs):\n"
            "    return None\n\n\n"
            "def aeon_patch() -> None:\n"
            "    # AEON: route the GDN decode through the Spark's recurrent kernel\n"
            "    qwen3_next.fused_recurrent_gated_delta_rule = aeon_recurrent\n",
            "qwen3_next.fused_recurrent_gated_delta_rule = aeon_recurrent",
        ),
    ),
    (
        "#35777 module-level kernel no longer used by the module",
        "a monkeypatch by setattr with a literal",
        K(
            "#35777",
            FR,
            FRW,
            "vllm/aeon/fr2.py",
            "import importlib\n\n\n"
            "def aeon_patch2(kernel) -> None:\n"
            "    # AEON: GB10's recurrent kernel, installed at plugin load\n"
            f'    mod = importlib.import_module("{QN}")\n'
            '    setattr(mod, "fused_recurrent_gated_delta_rule", kernel)\n',
            'setattr(mod, "fused_recurrent_gated_delta_rule", kernel)',
        ),
    ),
    (
        "#35777 module-level kernel no longer used by the module",
        "an import from the model module",
        K(
            "#35777",
            FR,
            FRW,
            "vllm/aeon/fr3.py",
            f"from {QN} import fused_recurrent_gated_delta_rule\n\n\n"
            "def aeon_decode(q, k, v, g, beta, state):\n"
            "    return fused_recurrent_gated_delta_rule(q=q, k=k, v=v, g=g, beta=beta, initial_state=state)\n",
            f"from {QN} import fused_recurrent_gated_delta_rule",
        ),
    ),
    (
        "#35777 module-level kernel no longer used by the module",
        "twin: the kernel from its own package",
        K(
            "#35777",
            FR,
            FRW,
            "vllm/aeon/fr4.py",
            "from vllm.model_executor.layers.fla.ops import fused_recurrent_gated_delta_rule\n\n\n"
            "def aeon_decode2(q, k, v, g, beta, state):\n"
            "    return fused_recurrent_gated_delta_rule(q=q, k=k, v=v, g=g, beta=beta, initial_state=state)\n",
            "from vllm.model_executor.layers.fla.ops import fused_recurrent_gated_delta_rule",
        ),
    ),
    (
        "#35777 module-level kernel no longer used by the module",
        "twin: a monkeypatch of a name the module still calls",
        K(
            "#35777",
            FR,
            FRW,
            "vllm/aeon/fr5.py",
            "from vllm.model_executor.models import qwen3_next\n\n\n"
            "def aeon_gating(A_log, a, b, dt_bias):\n"
            "    return None\n\n\n"
            "def aeon_patch3() -> None:\n"
            "    qwen3_next.fused_gdn_gating = aeon_gating\n",
            "qwen3_next.fused_gdn_gating = aeon_gating",
        ),
    ),
]

# --- #34219 (ae4e280602): fi_chunk_gated_delta_rule's output now (1, L, H, D): the function unsqueezes it
FI = "ae4e280602"
FIW = "fi_chunk_gated_delta_rule now returns output.unsqueeze(0) (4-D, like the FLA path)"
CASES += [
    (
        "#34219 return value gained a leading dimension",
        "a caller that unsqueezes the output itself",
        K(
            "#34219",
            FI,
            FIW,
            "vllm/aeon/fi1.py",
            f"from {QN} import fi_chunk_gated_delta_rule\n\n\n"
            "def aeon_prefill(q, k, v, g, beta, state, cu_seqlens):\n"
            "    # AEON: the Spark's prefill takes FlashInfer's kernel and restores FLA's layout\n"
            "    o, final_state = fi_chunk_gated_delta_rule(q, k, v, g, beta, state, True, cu_seqlens)\n"
            "    return o.unsqueeze(0), final_state\n",
            "return o.unsqueeze(0), final_state",
        ),
    ),
    (
        "#34219 return value gained a leading dimension",
        "a caller reading the token count from dimension 0",
        K(
            "#34219",
            FI,
            FIW,
            "vllm/aeon/fi2.py",
            f"from {QN} import fi_chunk_gated_delta_rule\n\n\n"
            "def aeon_prefill_tokens(q, k, v, g, beta, state, cu_seqlens) -> int:\n"
            "    # AEON: GB10's prefill counter\n"
            "    o, _ = fi_chunk_gated_delta_rule(q, k, v, g, beta, state, True, cu_seqlens)\n"
            "    return o.shape[0]\n",
            "return o.shape[0]",
        ),
    ),
    (
        "#34219 return value gained a leading dimension",
        "twin: a caller passing the output through",
        K(
            "#34219",
            FI,
            FIW,
            "vllm/aeon/fi3.py",
            f"from {QN} import fi_chunk_gated_delta_rule\n\n\n"
            "def aeon_prefill2(q, k, v, g, beta, state, cu_seqlens):\n"
            "    o, final_state = fi_chunk_gated_delta_rule(q, k, v, g, beta, state, True, cu_seqlens)\n"
            "    return o, final_state\n",
            "return o, final_state",
        ),
    ),
]

# --- #36242 (4e95ec111c): in_proj_ba one output shard [2 * num_v_heads] (was [num_v_heads] * 2), via create_ba_proj
BA = "4e95ec111c"
BAW = "Qwen3NextGatedDeltaNet.in_proj_ba output_sizes [num_v_heads * 2] (one shard), was [num_v_heads] * 2"
CASES += [
    (
        "#36242 merged projection's shards collapsed to one",
        "a loader feeding shard 1",
        K(
            "#36242",
            BA,
            BAW,
            "vllm/aeon/ba1.py",
            HEAD
            + "def aeon_load_ba(layer: Qwen3NextGatedDeltaNet, b_weight: torch.Tensor, a_weight: torch.Tensor) -> None:\n"
            "    # AEON: the Spark's NVFP4 checkpoints store in_proj_b and in_proj_a apart\n"
            "    param = layer.in_proj_ba.weight\n"
            "    param.weight_loader(param, b_weight, 0)\n"
            "    param.weight_loader(param, a_weight, 1)\n",
            "param.weight_loader(param, a_weight, 1)",
        ),
    ),
    (
        "#36242 merged projection's shards collapsed to one",
        "a read of the second shard's size",
        K(
            "#36242",
            BA,
            BAW,
            "vllm/aeon/ba2.py",
            HEAD + "class AeonGDNBa(Qwen3NextGatedDeltaNet):\n"
            "    def aeon_split_ba(self, ba: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:\n"
            "        # AEON: split b and a for the Spark's gating kernel\n"
            "        a_size = self.in_proj_ba.output_sizes[1]\n"
            "        return ba[..., :-a_size], ba[..., -a_size:]\n",
            "a_size = self.in_proj_ba.output_sizes[1]",
        ),
    ),
    (
        "#36242 merged projection's shards collapsed to one",
        "twin: the total size",
        K(
            "#36242",
            BA,
            BAW,
            "vllm/aeon/ba3.py",
            HEAD + "class AeonGDNBa2(Qwen3NextGatedDeltaNet):\n"
            "    def aeon_ba_width(self) -> int:\n"
            "        return sum(self.in_proj_ba.output_sizes)\n",
            "return sum(self.in_proj_ba.output_sizes)",
        ),
    ),
]

# --- #37810 (54ab804e87): A_log allocated float32
AL = "54ab804e87"
ALW = "Qwen3NextGatedDeltaNet.A_log now torch.empty(..., dtype=torch.float32)"
CASES += [
    (
        "#37810 parameter's dtype pinned to float32",
        "a dtype test of the old default",
        K(
            "#37810",
            AL,
            ALW,
            "vllm/aeon/al1.py",
            HEAD + "def aeon_check(layer: Qwen3NextGatedDeltaNet) -> None:\n"
            "    # AEON: the Spark's gating kernel takes A_log in the model dtype\n"
            "    assert layer.A_log.dtype == torch.bfloat16\n",
            "assert layer.A_log.dtype == torch.bfloat16",
        ),
    ),
    (
        "#37810 parameter's dtype pinned to float32",
        "a reinterpreting view of 16-bit elements",
        K(
            "#37810",
            AL,
            ALW,
            "vllm/aeon/al2.py",
            HEAD + "class AeonGDNAlog(Qwen3NextGatedDeltaNet):\n"
            "    def aeon_a_log_bits(self) -> torch.Tensor:\n"
            "        # AEON: GB10's kernel reads the raw bf16 bits\n"
            "        return self.A_log.data.view(torch.int16)\n",
            "return self.A_log.data.view(torch.int16)",
        ),
    ),
    (
        "#37810 parameter's dtype pinned to float32",
        "twin: an explicit cast",
        K(
            "#37810",
            AL,
            ALW,
            "vllm/aeon/al3.py",
            HEAD + "def aeon_a(layer: Qwen3NextGatedDeltaNet) -> torch.Tensor:\n"
            "    return -torch.exp(layer.A_log.float())\n",
            "return -torch.exp(layer.A_log.float())",
        ),
    ),
]

# --- #32082 (8edaf38570): Qwen3MoeSparseMoeBlock.experts a SharedFusedMoE returning (shared, fused); FusedMoE not imported
SF = "8edaf38570"
SFW = "Qwen3MoeSparseMoeBlock.experts now SharedFusedMoE: returns (shared_out, fused_out); qwen3_moe drops FusedMoE"
CASES += [
    (
        "#32082 call now returns a pair",
        "a subclass's copy of forward",
        K(
            "#32082",
            SF,
            SFW,
            "vllm/aeon/sf1.py",
            f"import torch\n\nfrom {QM} import Qwen3MoeSparseMoeBlock\n\n\n"
            "class AeonMoeBlock(Qwen3MoeSparseMoeBlock):\n"
            "    def forward(self, hidden_states: torch.Tensor) -> torch.Tensor:\n"
            "        # AEON: the Spark's NVFP4 experts take fp32 router logits\n"
            "        num_tokens, hidden_dim = hidden_states.shape\n"
            "        router_logits, _ = self.gate(hidden_states)\n"
            "        final_hidden_states = self.experts(hidden_states=hidden_states, router_logits=router_logits.float())\n"
            "        return final_hidden_states.view(num_tokens, hidden_dim)\n",
            "final_hidden_states = self.experts(hidden_states=hidden_states, router_logits=router_logits.float())",
        ),
    ),
    (
        "#32082 call now returns a pair",
        "a helper calling a block's experts",
        K(
            "#32082",
            SF,
            SFW,
            "vllm/aeon/sf2.py",
            f"import torch\n\nfrom {QM} import Qwen3MoeSparseMoeBlock\n\n\n"
            "def aeon_experts_only(block: Qwen3MoeSparseMoeBlock, hidden_states: torch.Tensor) -> torch.Tensor:\n"
            "    # AEON: the Spark's expert profiler\n"
            "    router_logits, _ = block.gate(hidden_states)\n"
            "    out = block.experts(hidden_states=hidden_states, router_logits=router_logits)\n"
            "    return out.float()\n",
            "return out.float()",
        ),
    ),
    (
        "#32082 re-exported name dropped",
        "a module attribute",
        K(
            "#32082",
            SF,
            SFW,
            "vllm/aeon/sf3.py",
            "from vllm.model_executor.models import qwen3_moe\n\n\n"
            "def aeon_is_moe(module) -> bool:\n"
            "    # AEON: the Spark's NVFP4 loader finds the expert layers\n"
            "    return isinstance(module, qwen3_moe.FusedMoE)\n",
            "return isinstance(module, qwen3_moe.FusedMoE)",
        ),
    ),
    (
        "#32082 call now returns a pair",
        "twin: the pair unpacked",
        K(
            "#32082",
            SF,
            SFW,
            "vllm/aeon/sf4.py",
            f"import torch\n\nfrom {QM} import Qwen3MoeSparseMoeBlock\n\n\n"
            "def aeon_experts_only2(block: Qwen3MoeSparseMoeBlock, hidden_states: torch.Tensor) -> torch.Tensor:\n"
            "    router_logits, _ = block.gate(hidden_states)\n"
            "    shared_out, fused_out = block.experts(hidden_states=hidden_states, router_logits=router_logits)\n"
            "    return fused_out if shared_out is None else shared_out + fused_out\n",
            "shared_out, fused_out = block.experts(hidden_states=hidden_states, router_logits=router_logits)",
        ),
    ),
    (
        "#32082 re-exported name dropped",
        "twin: the class from its own package",
        K(
            "#32082",
            SF,
            SFW,
            "vllm/aeon/sf5.py",
            "from vllm.model_executor.layers.fused_moe import FusedMoE\n\n\n"
            "def aeon_is_moe2(module) -> bool:\n"
            "    return isinstance(module, FusedMoE)\n",
            "return isinstance(module, FusedMoE)",
        ),
    ),
]

# --- #34489 (eea3024f43): the state-dtype hooks pass mamba_ssm_cache_dtype (a new defaulted parameter)
SD = "eea3024f43"
SDW = "gated_delta_net_state_dtype(model_dtype, mamba_cache_dtype, mamba_ssm_cache_dtype='auto'): the bases pass the third"
CASES += [
    (
        "#34489 base's call gained an argument its fork copy lacks",
        "a classmethod override copying the old body",
        K(
            "#34489",
            SD,
            SDW,
            "vllm/aeon/sd1.py",
            "from vllm.model_executor.layers.mamba.mamba_utils import MambaStateDtypeCalculator\n"
            f"from {QN} import Qwen3NextForCausalLM\n\n\n"
            "class AeonQwen3Next(Qwen3NextForCausalLM):\n"
            "    @classmethod\n"
            "    def get_mamba_state_dtype_from_config(cls, vllm_config):\n"
            "        # AEON: the Spark logs the state dtype it picks\n"
            "        return MambaStateDtypeCalculator.gated_delta_net_state_dtype(\n"
            "            vllm_config.model_config.dtype, vllm_config.cache_config.mamba_cache_dtype\n"
            "        )\n",
            "return MambaStateDtypeCalculator.gated_delta_net_state_dtype(",
        ),
    ),
    (
        "#34489 base's call gained an argument its fork copy lacks",
        "a layer's override copying the old body",
        K(
            "#34489",
            SD,
            SDW,
            "vllm/aeon/sd2.py",
            "from vllm.model_executor.layers.mamba.mamba_utils import MambaStateDtypeCalculator\n"
            f"from {QN} import Qwen3NextGatedDeltaNet\n\n\n"
            "class AeonGDNState(Qwen3NextGatedDeltaNet):\n"
            "    def get_state_dtype(self):\n"
            "        # AEON: GB10 keeps the conv state in the model dtype\n"
            "        return MambaStateDtypeCalculator.gated_delta_net_state_dtype(\n"
            "            self.model_config.dtype, self.cache_config.mamba_cache_dtype\n"
            "        )\n",
            "return MambaStateDtypeCalculator.gated_delta_net_state_dtype(",
        ),
    ),
    (
        "#34489 base's call gained an argument its fork copy lacks",
        "twin: a delegating override",
        K(
            "#34489",
            SD,
            SDW,
            "vllm/aeon/sd3.py",
            f"from {QN} import Qwen3NextForCausalLM\n\n\n"
            "class AeonQwen3Next2(Qwen3NextForCausalLM):\n"
            "    @classmethod\n"
            "    def get_mamba_state_dtype_from_config(cls, vllm_config):\n"
            "        dtypes = super().get_mamba_state_dtype_from_config(vllm_config)\n"
            "        return dtypes\n",
            "dtypes = super().get_mamba_state_dtype_from_config(vllm_config)",
        ),
    ),
]

# --- #35413 (1e5ad9b74f): Qwen3NextForCausalLM.packed_modules_mapping gained in_proj_qkvz and in_proj_ba
PM = "1e5ad9b74f"
PMW = "Qwen3NextForCausalLM.packed_modules_mapping gained in_proj_qkvz and in_proj_ba"
CASES += [
    (
        "#35413 class dict gained keys a fork copy lacks",
        "a subclass's copy of the mapping",
        K(
            "#35413",
            PM,
            PMW,
            "vllm/aeon/pm1.py",
            f"from {QN} import Qwen3NextForCausalLM\n\n\n"
            "class AeonQwen3NextLoRA(Qwen3NextForCausalLM):\n"
            "    # AEON: the Spark's NVFP4 LoRA adapters pack the same modules\n"
            "    packed_modules_mapping = {\n"
            '        "qkv_proj": ["q_proj", "k_proj", "v_proj"],\n'
            '        "gate_up_proj": ["gate_proj", "up_proj"],\n'
            "    }\n",
            "packed_modules_mapping = {",
        ),
    ),
    (
        "#35413 class dict gained keys a fork copy lacks",
        "a test of the old key set",
        K(
            "#35413",
            PM,
            PMW,
            "vllm/aeon/pm2.py",
            f"from {QN} import Qwen3NextForCausalLM\n\n\n"
            "def aeon_check_packed() -> None:\n"
            "    # AEON: GB10's adapter packer knows two packed modules\n"
            '    assert set(Qwen3NextForCausalLM.packed_modules_mapping) == {"qkv_proj", "gate_up_proj"}\n',
            'assert set(Qwen3NextForCausalLM.packed_modules_mapping) == {"qkv_proj", "gate_up_proj"}',
        ),
    ),
    (
        "#35413 class dict gained keys a fork copy lacks",
        "twin: the base's mapping extended",
        K(
            "#35413",
            PM,
            PMW,
            "vllm/aeon/pm3.py",
            f"from {QN} import Qwen3NextForCausalLM\n\n\n"
            "class AeonQwen3NextLoRA2(Qwen3NextForCausalLM):\n"
            '    packed_modules_mapping = {**Qwen3NextForCausalLM.packed_modules_mapping, "aeon_proj": ["aeon_proj"]}\n',
            'packed_modules_mapping = {**Qwen3NextForCausalLM.packed_modules_mapping, "aeon_proj": ["aeon_proj"]}',
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-qwen3moe-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
