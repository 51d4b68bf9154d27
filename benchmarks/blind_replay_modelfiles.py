"""A blind replay of the model files a fork patches for its MoE and hybrid models.

12 first-parent commits on ``vllm/model_executor/models/{deepseek_v2,qwen3_next,gpt_oss,nemotron_h}.py`` -- the
classes and functions a fork's MoE or hybrid model carries code against: ``OAIAttention.qkv`` renamed
``qkv_proj`` (gpt-oss), ``NemotronHModel``/``NemotronHForCausalLM.make_empty_intmd_tensors`` renamed
``make_empty_intermediate_tensors``, ``NemotronHModel.load_weights`` removed (the causal LM's
``AutoWeightsLoader`` loads it), ``NemotronHForCausalLM._get_mamba_cache_shape`` removed (a classmethod
``get_mamba_state_shape_from_config`` instead), ``Qwen3NextGatedDeltaNet.in_proj`` split into
``in_proj_qkvz``/``in_proj_ba``, its ``_forward`` renamed ``_forward_core`` and the ``gdn_attention`` custom op
function ``gdn_attention_core``, ``fused_gdn_gating`` given a ``b`` parameter before ``dt_bias`` and a
``(g, beta)`` return, its ``__init__``'s ``model_config``/``cache_config``/``quant_config``/``speculative_config``
folded into a required ``vllm_config`` (and ``self.quant_config`` no longer set), the gated delta net, its
``ChunkGatedDeltaRule`` and ``fused_gdn_gating`` moved off ``qwen3_next`` into a shared layer, and
``cp_gather_indexer_k_quant_cache`` removed from ``deepseek_v2`` (a custom op instead), ``NemotronHMLP``'s second
parameter ``layer_idx`` made ``intermediate_size``, and ``GatedDeltaNetAttention`` renamed
``QwenGatedDeltaNetAttention`` with its module moved under ``mamba/gdn/`` -- picked by scanning
those paths' diffs (``git log --first-parent -p``), avoiding the commits any other replay uses (the moves of
``DeepseekV2MixtureOfExperts`` and ``get_spec_layer_idx_from_weight_name`` were looked at and left: the names
stay importable).  Each is replayed under 1-3 fork spellings written the way fork code is written (a subclass's
``self.`` read or ``super()`` call, a read off a receiver typed as the class, an import, a module-attribute call,
a positional or keyword call, a chained ``self.model.`` call), with twins (fork code the commit does not break:
the kept attribute or method, the new spelling, a kept name of the module).  The merge base is the commit's
first parent, upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a
warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, in three batches each committed before the engine ran on it: the first 10 commits (engine at d4f4dc09):
19 caught, 0 warned, 0 missed of 19 (twins: 10 quiet, 0 false errors; the ``getattr`` twin of #20840 as first
written handed back None on the path without the member, and drew an error on its ``getattr`` line, which it
did not mark -- by design, the default taken silently -- so the second batch re-spelt it as a bridge that builds
its own value).  The second batch (harder spellings, #25863, #41126; same engine): 10 caught, 1 warned, 0 missed
of 11 (twins: 3 quiet); the warned one #25863's positional ``super().__init__(config, layer_idx, quant_config)``
into the slot renamed ``intermediate_size`` (a rename's warning: both ``int``).  The third batch (positional
calls that still bind, partials, bridges; engine at 73f84cbd, after the first widening): 7 caught, 0 warned, 1
missed of 8 (twins: 2 quiet, 2 false errors); the miss #25863's ``functools.partial(NemotronHMLP, config,
layer_idx)``, the false errors a ``hasattr(Qwen3NextGatedDeltaNet, "_forward_core")`` gate that returns before
the old ``self._forward(*args)`` and ``factory if factory is not None else model.make_empty_intmd_tensors``
after ``factory = getattr(model, "make_empty_intermediate_tensors", None)``.  All blind: 36 caught, 1 warned, 1
missed of 38; twins 14 quiet, 2 false errors of 16.

After the killers151 widenings: 38 caught, 0 warned, 0 missed of 38 (twins: 16 quiet, 2 of them warned, 0 false
errors of 16).  Caught now: a parameter renamed in place within one kind whose upstream caller still holds the
old name and passes the new parameter another value (symbol drift's renamed slot, ``drift/repurposed_slots.py``:
an error, was a warning), also read through a ``functools.partial``'s positional arguments (skipped before).
Quiet now (warned): a line on the path a probe of a member upstream adds leaves behind (``drift/probed_members.py``,
every merge check: the probe answers True after the merge, so the other path is the old release's).  Regression
set at the widenings' head: killer_replay 26/26, kind_change_replay 12/12, review15/16/17_twins 0 false errors
(40, 30, 23 twins; 1, 0, 1 warned killers as on main), review34_twins 0 false of 35 (8 warned, as on main),
review44_twins 0 false of 32 (14 warned), blind_replay_models 16/16 (11 quiet), blind_replay_moemodels 18 caught
2 warned of 20 (12 quiet; as on main), blind_replay_llamamodels 27 caught 1 missed of 28 (15 quiet; as on main),
blind_replay_ubatch 31/31 (11 quiet), ``symbol_precision.py --windows 1``: 0 false errors (5 broken overrides, 4
caught, 8 warnings).

  python benchmarks/blind_replay_modelfiles.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #28536 (a9d18b5107): gpt-oss OAIAttention.qkv renamed qkv_proj (packed_modules_mapping fix)
QK = "a9d18b5107"
QKW = "OAIAttention.qkv -> qkv_proj"
OAI = "import torch\n\nfrom vllm.model_executor.models.gpt_oss import OAIAttention\n\n\n"
CASES += [
    (
        "#28536 attribute renamed",
        "a subclass's self. call",
        K(
            "#28536",
            QK,
            QKW,
            "vllm/aeon/qk1.py",
            OAI + "class AeonOAIAttention(OAIAttention):\n"
            "    def aeon_qkv(self, hidden_states: torch.Tensor) -> torch.Tensor:\n"
            "        # AEON: the Spark's sink-aware decode reads q, k and v before the attention\n"
            "        qkv, _ = self.qkv(hidden_states)\n"
            "        return qkv\n",
            "qkv, _ = self.qkv(hidden_states)",
        ),
    ),
    (
        "#28536 attribute renamed",
        "a chained read off a typed receiver",
        K(
            "#28536",
            QK,
            QKW,
            "vllm/aeon/qk2.py",
            OAI + "def aeon_qkv_dtype(attn: OAIAttention) -> torch.dtype:\n    return attn.qkv.weight.dtype\n",
            "return attn.qkv.weight.dtype",
        ),
    ),
    (
        "#28536 attribute renamed",
        "twin: o_proj and sinks kept",
        K(
            "#28536",
            QK,
            QKW,
            "vllm/aeon/qk3.py",
            OAI + "def aeon_out_dtype(attn: OAIAttention) -> tuple[torch.dtype, torch.dtype]:\n"
            "    return attn.o_proj.weight.dtype, attn.sinks.dtype\n",
            "return attn.o_proj.weight.dtype, attn.sinks.dtype",
        ),
    ),
]

# --- #27968 (77f8001f53): NemotronH make_empty_intmd_tensors -> make_empty_intermediate_tensors
MI = "77f8001f53"
MIW = "NemotronH make_empty_intmd_tensors renamed"
NH = "import torch\n\nfrom vllm.model_executor.models.nemotron_h import NemotronHForCausalLM, NemotronHModel\n\n\n"
CASES += [
    (
        "#27968 attribute renamed",
        "a subclass's self.model. call",
        K(
            "#27968",
            MI,
            MIW,
            "vllm/aeon/mi1.py",
            NH + "class AeonNemotronH(NemotronHForCausalLM):\n"
            "    def aeon_empty(self, batch_size: int, dtype: torch.dtype, device: torch.device):\n"
            "        # AEON: the Spark's PP stage 1 preallocates its receive buffers\n"
            "        return self.model.make_empty_intmd_tensors(batch_size, dtype, device)\n",
            "return self.model.make_empty_intmd_tensors(batch_size, dtype, device)",
        ),
    ),
    (
        "#27968 attribute renamed",
        "a read off a typed model",
        K(
            "#27968",
            MI,
            MIW,
            "vllm/aeon/mi2.py",
            NH + "def aeon_factory(model: NemotronHModel):\n    return model.make_empty_intmd_tensors\n",
            "return model.make_empty_intmd_tensors",
        ),
    ),
    (
        "#27968 attribute renamed",
        "twin: the layers and norm kept",
        K(
            "#27968",
            MI,
            MIW,
            "vllm/aeon/mi3.py",
            NH + "def aeon_depth(model: NemotronHModel) -> tuple[int, int]:\n"
            "    return len(model.layers), model.norm_f.weight.numel()\n",
            "return len(model.layers), model.norm_f.weight.numel()",
        ),
    ),
]

# --- #48496 (c233d90aa8): NemotronHModel.load_weights removed (the causal LM's AutoWeightsLoader loads it)
LW = "c233d90aa8"
LWW = "NemotronHModel.load_weights removed"
NHW = (
    "from collections.abc import Iterable\n\nimport torch\n\n"
    "from vllm.model_executor.models.nemotron_h import NemotronHForCausalLM, NemotronHModel\n\n\n"
)
CASES += [
    (
        "#48496 method removed",
        "a subclass's super() call",
        K(
            "#48496",
            LW,
            LWW,
            "vllm/aeon/lw1.py",
            NHW + "class AeonNemotronHModel(NemotronHModel):\n"
            "    def load_weights(self, weights: Iterable[tuple[str, torch.Tensor]]) -> set[str]:\n"
            "        # AEON: the Spark's checkpoints carry an extra router bias the model ignores\n"
            "        kept = ((n, w) for n, w in weights if not n.endswith('router.aeon_bias'))\n"
            "        return super().load_weights(kept)\n",
            "return super().load_weights(kept)",
        ),
    ),
    (
        "#48496 method removed",
        "a chained self.model. call",
        K(
            "#48496",
            LW,
            LWW,
            "vllm/aeon/lw2.py",
            NHW + "class AeonNemotronH(NemotronHForCausalLM):\n"
            "    def aeon_load_backbone(self, weights: Iterable[tuple[str, torch.Tensor]]) -> set[str]:\n"
            "        return self.model.load_weights(weights)\n",
            "return self.model.load_weights(weights)",
        ),
    ),
    (
        "#48496 method removed",
        "twin: the causal LM's load_weights and the expert mapping kept",
        K(
            "#48496",
            LW,
            LWW,
            "vllm/aeon/lw3.py",
            NHW + "class AeonNemotronH2(NemotronHForCausalLM):\n"
            "    def load_weights(self, weights: Iterable[tuple[str, torch.Tensor]]) -> set[str]:\n"
            "        loaded = super().load_weights(weights)\n"
            "        return loaded | {e[0] for e in self.model.get_expert_mapping()}\n",
            "return loaded | {e[0] for e in self.model.get_expert_mapping()}",
        ),
    ),
]

# --- #20840 (3534c39a20): NemotronHForCausalLM._get_mamba_cache_shape removed
MS = "3534c39a20"
MSW = "NemotronHForCausalLM._get_mamba_cache_shape removed"
CASES += [
    (
        "#20840 method removed",
        "a subclass's self. call",
        K(
            "#20840",
            MS,
            MSW,
            "vllm/aeon/ms1.py",
            "from vllm.model_executor.models.nemotron_h import NemotronHForCausalLM\n\n\n"
            "class AeonNemotronH(NemotronHForCausalLM):\n"
            "    def aeon_state_bytes(self) -> int:\n"
            "        # AEON: the Spark's unified memory budget counts the mamba state per request\n"
            "        conv, ssm = self._get_mamba_cache_shape()\n"
            "        return 2 * (conv[0] * conv[1] + ssm[0] * ssm[1] * ssm[2])\n",
            "conv, ssm = self._get_mamba_cache_shape()",
        ),
    ),
    (
        "#20840 method removed",
        "twin: a getattr bridging both releases",
        K(
            "#20840",
            MS,
            MSW,
            "vllm/aeon/ms2.py",
            "from vllm.model_executor.models.nemotron_h import NemotronHForCausalLM\n\n\n"
            "class AeonNemotronH2(NemotronHForCausalLM):\n"
            "    def aeon_shapes(self):\n"
            "        shape_fn = getattr(self, '_get_mamba_cache_shape', None)\n"
            "        if shape_fn is None:\n"
            "            return type(self).get_mamba_state_shape_from_config(self.vllm_config)\n"
            "        return shape_fn()\n",
            "shape_fn = getattr(self, '_get_mamba_cache_shape', None)",
        ),
    ),
]

# --- #25079 (ef7eefe17a): Qwen3NextGatedDeltaNet.in_proj split into in_proj_qkvz and in_proj_ba
IP = "ef7eefe17a"
IPW = "Qwen3NextGatedDeltaNet.in_proj split"
GDN = "import torch\n\nfrom vllm.model_executor.models.qwen3_next import Qwen3NextGatedDeltaNet\n\n\n"
CASES += [
    (
        "#25079 attribute removed",
        "a subclass's self. call",
        K(
            "#25079",
            IP,
            IPW,
            "vllm/aeon/ip1.py",
            GDN + "class AeonGatedDeltaNet(Qwen3NextGatedDeltaNet):\n"
            "    def aeon_project(self, hidden_states: torch.Tensor) -> torch.Tensor:\n"
            "        # AEON: project once for the Spark's fused conv kernel\n"
            "        projected, _ = self.in_proj(hidden_states)\n"
            "        return projected\n",
            "projected, _ = self.in_proj(hidden_states)",
        ),
    ),
    (
        "#25079 attribute removed",
        "a chained read off a typed receiver",
        K(
            "#25079",
            IP,
            IPW,
            "vllm/aeon/ip2.py",
            GDN + "def aeon_proj_width(layer: Qwen3NextGatedDeltaNet) -> int:\n"
            "    return layer.in_proj.weight.shape[0]\n",
            "return layer.in_proj.weight.shape[0]",
        ),
    ),
    (
        "#25079 attribute removed",
        "twin: out_proj and conv1d kept",
        K(
            "#25079",
            IP,
            IPW,
            "vllm/aeon/ip3.py",
            GDN + "def aeon_widths(layer: Qwen3NextGatedDeltaNet) -> tuple[int, int]:\n"
            "    return layer.out_proj.weight.shape[1], layer.conv1d.weight.shape[0]\n",
            "return layer.out_proj.weight.shape[1], layer.conv1d.weight.shape[0]",
        ),
    ),
]

# --- #28083 (b6a248bdd7): Qwen3NextGatedDeltaNet._forward -> _forward_core; gdn_attention -> gdn_attention_core
FC = "b6a248bdd7"
FCW = "GatedDeltaNet._forward and gdn_attention renamed"
CASES += [
    (
        "#28083 method renamed",
        "a subclass override calling super()",
        K(
            "#28083",
            FC,
            FCW,
            "vllm/aeon/fc1.py",
            GDN + "class AeonGatedDeltaNet(Qwen3NextGatedDeltaNet):\n"
            "    def _forward(self, hidden_states: torch.Tensor, output: torch.Tensor):\n"
            "        # AEON: the Spark's GDN keeps its state in unified memory; pin the output first\n"
            "        output.zero_()\n"
            "        return super()._forward(hidden_states, output)\n",
            "return super()._forward(hidden_states, output)",
        ),
    ),
    (
        "#28083 method renamed",
        "an import of the op function",
        K(
            "#28083",
            FC,
            FCW,
            "vllm/aeon/fc2.py",
            "import torch\n\nfrom vllm.model_executor.models.qwen3_next import gdn_attention\n\n\n"
            "def aeon_gdn(hidden_states: torch.Tensor, output: torch.Tensor, layer_name: str) -> None:\n"
            "    gdn_attention(hidden_states, output, layer_name)\n",
            "from vllm.model_executor.models.qwen3_next import gdn_attention",
        ),
    ),
    (
        "#28083 method renamed",
        "twin: forward kept",
        K(
            "#28083",
            FC,
            FCW,
            "vllm/aeon/fc3.py",
            GDN + "class AeonGatedDeltaNet2(Qwen3NextGatedDeltaNet):\n"
            "    def forward(self, hidden_states: torch.Tensor, output: torch.Tensor):\n"
            "        return super().forward(hidden_states, output)\n",
            "return super().forward(hidden_states, output)",
        ),
    ),
]

# --- #28095 (c18f88c6ca): fused_gdn_gating(A_log, a, dt_bias) -> (A_log, a, b, dt_bias) returning (g, beta)
GG = "c18f88c6ca"
GGW = "fused_gdn_gating gains b, returns (g, beta)"
FG = "import torch\n\nfrom vllm.model_executor.models.qwen3_next import fused_gdn_gating\n\n\n"
CASES += [
    (
        "#28095 parameter inserted",
        "a positional call",
        K(
            "#28095",
            GG,
            GGW,
            "vllm/aeon/gg1.py",
            FG + "def aeon_gate(A_log: torch.Tensor, a: torch.Tensor, dt_bias: torch.Tensor) -> torch.Tensor:\n"
            "    # AEON: the Spark's decode graph computes the decay once per step\n"
            "    return fused_gdn_gating(A_log, a, dt_bias)\n",
            "return fused_gdn_gating(A_log, a, dt_bias)",
        ),
    ),
    (
        "#28095 parameter inserted",
        "a keyword call",
        K(
            "#28095",
            GG,
            GGW,
            "vllm/aeon/gg2.py",
            FG + "def aeon_gate2(A_log: torch.Tensor, a: torch.Tensor, dt_bias: torch.Tensor) -> torch.Tensor:\n"
            "    g = fused_gdn_gating(A_log, a, dt_bias=dt_bias, threshold=10.0)\n"
            "    return g.float()\n",
            "g = fused_gdn_gating(A_log, a, dt_bias=dt_bias, threshold=10.0)",
        ),
    ),
    (
        "#28095 parameter inserted",
        "twin: the new call",
        K(
            "#28095",
            GG,
            GGW,
            "vllm/aeon/gg3.py",
            FG + "def aeon_gate3(A_log, a, b, dt_bias) -> tuple[torch.Tensor, torch.Tensor]:\n"
            "    g, beta = fused_gdn_gating(A_log, a, b, dt_bias)\n"
            "    return g, beta\n",
            "g, beta = fused_gdn_gating(A_log, a, b, dt_bias)",
        ),
    ),
]

# --- #36976 (8fbe3f303f): Qwen3NextGatedDeltaNet.__init__(config, model_config=, cache_config=, quant_config=,
#     speculative_config=, prefix=) -> (config, vllm_config, prefix=, create_in_proj_qkvz=); self.quant_config gone
IN = "8fbe3f303f"
INW = "Qwen3NextGatedDeltaNet.__init__ takes vllm_config"
CASES += [
    (
        "#36976 parameters folded",
        "a subclass's super().__init__ with keywords",
        K(
            "#36976",
            IN,
            INW,
            "vllm/aeon/in1.py",
            GDN + "class AeonGatedDeltaNet(Qwen3NextGatedDeltaNet):\n"
            "    def __init__(self, config, model_config, cache_config, quant_config, prefix: str = '') -> None:\n"
            "        # AEON: the Spark's GDN layer keeps a flag for its fused conv kernel\n"
            "        super().__init__(config, model_config=model_config, cache_config=cache_config, quant_config=quant_config)\n"
            "        self.aeon_fused = True\n",
            "super().__init__(config, model_config=model_config, cache_config=cache_config, quant_config=quant_config)",
        ),
    ),
    (
        "#36976 parameters folded",
        "a subclass's self. read of an attribute no longer set",
        K(
            "#36976",
            IN,
            INW,
            "vllm/aeon/in2.py",
            GDN + "class AeonGatedDeltaNet2(Qwen3NextGatedDeltaNet):\n"
            "    def aeon_quantized(self) -> bool:\n"
            "        return self.quant_config is not None\n",
            "return self.quant_config is not None",
        ),
    ),
    (
        "#36976 parameters folded",
        "twin: cache_config still set",
        K(
            "#36976",
            IN,
            INW,
            "vllm/aeon/in3.py",
            GDN + "class AeonGatedDeltaNet3(Qwen3NextGatedDeltaNet):\n"
            "    def aeon_block_size(self) -> int:\n"
            "        return self.cache_config.block_size\n",
            "return self.cache_config.block_size",
        ),
    ),
]

# --- #37975 (a8eab8f30d): the gated delta net moved off qwen3_next into a shared layer
GM = "a8eab8f30d"
GMW = "Qwen3NextGatedDeltaNet, ChunkGatedDeltaRule, fused_gdn_gating moved off qwen3_next"
CASES += [
    (
        "#37975 classes moved",
        "an import of the class a fork subclasses",
        K(
            "#37975",
            GM,
            GMW,
            "vllm/aeon/gm1.py",
            "from vllm.model_executor.models.qwen3_next import Qwen3NextGatedDeltaNet\n\n\n"
            "class AeonGatedDeltaNet(Qwen3NextGatedDeltaNet):\n"
            "    aeon_fused = True\n",
            "from vllm.model_executor.models.qwen3_next import Qwen3NextGatedDeltaNet",
        ),
    ),
    (
        "#37975 classes moved",
        "a module-attribute call",
        K(
            "#37975",
            GM,
            GMW,
            "vllm/aeon/gm2.py",
            "from vllm.model_executor.models import qwen3_next\n\n\n"
            "def aeon_chunk_rule():\n"
            "    # AEON: the Spark's prefill picks its own chunked delta-rule kernel\n"
            "    return qwen3_next.ChunkGatedDeltaRule()\n",
            "return qwen3_next.ChunkGatedDeltaRule()",
        ),
    ),
    (
        "#37975 classes moved",
        "twin: the MoE block and attention kept",
        K(
            "#37975",
            GM,
            GMW,
            "vllm/aeon/gm3.py",
            "from vllm.model_executor.models.qwen3_next import Qwen3NextAttention, Qwen3NextSparseMoeBlock\n\n\n"
            "AEON_BLOCKS = (Qwen3NextAttention, Qwen3NextSparseMoeBlock)\n",
            "from vllm.model_executor.models.qwen3_next import Qwen3NextAttention, Qwen3NextSparseMoeBlock",
        ),
    ),
]

# --- #26456 (f5ed68ef63): cp_gather_indexer_k_quant_cache removed from deepseek_v2 (a CUDA op instead)
CG = "f5ed68ef63"
CGW = "deepseek_v2.cp_gather_indexer_k_quant_cache removed"
CASES += [
    (
        "#26456 function removed",
        "an import",
        K(
            "#26456",
            CG,
            CGW,
            "vllm/aeon/cg1.py",
            "from vllm.model_executor.models.deepseek_v2 import cp_gather_indexer_k_quant_cache\n\n\n"
            "def aeon_gather(kv_cache, dst_value, dst_scale, block_table, cu_seq_lens, num_reqs):\n"
            "    # AEON: the Spark's prefill gathers the indexer keys itself\n"
            "    cp_gather_indexer_k_quant_cache(kv_cache, dst_value, dst_scale, block_table, cu_seq_lens, num_reqs)\n",
            "from vllm.model_executor.models.deepseek_v2 import cp_gather_indexer_k_quant_cache",
        ),
    ),
    (
        "#26456 function removed",
        "a module-attribute call",
        K(
            "#26456",
            CG,
            CGW,
            "vllm/aeon/cg2.py",
            "from vllm.model_executor.models import deepseek_v2 as dsv2\n\n\n"
            "def aeon_gather2(kv_cache, dst_value, dst_scale, block_table, cu_seq_lens, num_reqs):\n"
            "    dsv2.cp_gather_indexer_k_quant_cache(kv_cache, dst_value, dst_scale, block_table, cu_seq_lens, num_reqs)\n",
            "dsv2.cp_gather_indexer_k_quant_cache(kv_cache, dst_value, dst_scale, block_table, cu_seq_lens, num_reqs)",
        ),
    ),
    (
        "#26456 function removed",
        "twin: yarn_get_mscale and sparse_attn_indexer kept",
        K(
            "#26456",
            CG,
            CGW,
            "vllm/aeon/cg3.py",
            "from vllm.model_executor.models.deepseek_v2 import sparse_attn_indexer, yarn_get_mscale\n\n\n"
            "AEON_MSCALE = yarn_get_mscale(40.0, 1.0)\n"
            "AEON_INDEXER = sparse_attn_indexer\n",
            "AEON_MSCALE = yarn_get_mscale(40.0, 1.0)",
        ),
    ),
]


# --- the second blind batch (committed before the engine ran on it, after the first batch's run): harder
#     spellings of the commits above, and two more commits
CASES += [
    (
        "#28536 attribute renamed",
        "a read through the decoder block's attn",
        K(
            "#28536",
            QK,
            QKW,
            "vllm/aeon/qk4.py",
            "import torch\n\nfrom vllm.model_executor.models.gpt_oss import TransformerBlock\n\n\n"
            "def aeon_qkv_bias(block: TransformerBlock) -> torch.Tensor | None:\n"
            "    return block.attn.qkv.bias\n",
            "return block.attn.qkv.bias",
        ),
    ),
    (
        "#27968 attribute renamed",
        "a getattr with a literal and no default",
        K(
            "#27968",
            MI,
            MIW,
            "vllm/aeon/mi4.py",
            NH + "class AeonNemotronH3(NemotronHForCausalLM):\n"
            "    def aeon_empty2(self, batch_size: int, dtype: torch.dtype, device: torch.device):\n"
            "        return getattr(self.model, 'make_empty_intmd_tensors')(batch_size, dtype, device)\n",
            "return getattr(self.model, 'make_empty_intmd_tensors')(batch_size, dtype, device)",
        ),
    ),
    (
        "#48496 method removed",
        "a call on the class",
        K(
            "#48496",
            LW,
            LWW,
            "vllm/aeon/lw4.py",
            NHW
            + "def aeon_load(model: NemotronHForCausalLM, weights: Iterable[tuple[str, torch.Tensor]]) -> set[str]:\n"
            "    return NemotronHModel.load_weights(model.model, weights)\n",
            "return NemotronHModel.load_weights(model.model, weights)",
        ),
    ),
    (
        "#20840 method removed",
        "a call off a typed receiver",
        K(
            "#20840",
            MS,
            MSW,
            "vllm/aeon/ms3.py",
            "from vllm.model_executor.models.nemotron_h import NemotronHForCausalLM\n\n\n"
            "def aeon_conv_shape(model: NemotronHForCausalLM) -> tuple[int, int]:\n"
            "    return model._get_mamba_cache_shape()[0]\n",
            "return model._get_mamba_cache_shape()[0]",
        ),
    ),
    (
        "#28083 method renamed",
        "the custom op called through torch.ops",
        K(
            "#28083",
            FC,
            FCW,
            "vllm/aeon/fc4.py",
            GDN + "class AeonGatedDeltaNet3(Qwen3NextGatedDeltaNet):\n"
            "    def aeon_run(self, hidden_states: torch.Tensor, output: torch.Tensor) -> None:\n"
            "        # AEON: the Spark's graph capture calls the op directly\n"
            "        torch.ops.vllm.gdn_attention(hidden_states, output, self.prefix)\n",
            "torch.ops.vllm.gdn_attention(hidden_states, output, self.prefix)",
        ),
    ),
    (
        "#36976 parameters folded",
        "a functools.partial of the class with a dropped keyword",
        K(
            "#36976",
            IN,
            INW,
            "vllm/aeon/in4.py",
            "import functools\n\n" + GDN + "def aeon_gdn_factory(config, quant_config):\n"
            "    return functools.partial(Qwen3NextGatedDeltaNet, config, quant_config=quant_config)\n",
            "return functools.partial(Qwen3NextGatedDeltaNet, config, quant_config=quant_config)",
        ),
    ),
    (
        "#26456 function removed",
        "a getattr with a literal off the module",
        K(
            "#26456",
            CG,
            CGW,
            "vllm/aeon/cg4.py",
            "from vllm.model_executor.models import deepseek_v2\n\n"
            "AEON_GATHER = getattr(deepseek_v2, 'cp_gather_indexer_k_quant_cache')\n",
            "AEON_GATHER = getattr(deepseek_v2, 'cp_gather_indexer_k_quant_cache')",
        ),
    ),
]

# --- #25863 (61089465a6): NemotronHMLP.__init__(config, layer_idx, ...) -> (config, intermediate_size, ...)
ML = "61089465a6"
MLW = "NemotronHMLP's second parameter layer_idx -> intermediate_size"
NMLP = "from vllm.model_executor.models.nemotron_h import NemotronHMLP\n\n\n"
CASES += [
    (
        "#25863 parameter renamed",
        "a keyword call",
        K(
            "#25863",
            ML,
            MLW,
            "vllm/aeon/ml1.py",
            NMLP + "def aeon_mlp(config, layer_idx: int, quant_config, prefix: str) -> NemotronHMLP:\n"
            "    # AEON: the Spark's draft head reuses the target's MLP block\n"
            "    return NemotronHMLP(config, layer_idx=layer_idx, quant_config=quant_config, prefix=prefix)\n",
            "return NemotronHMLP(config, layer_idx=layer_idx, quant_config=quant_config, prefix=prefix)",
        ),
    ),
    (
        "#25863 parameter renamed",
        "a subclass's positional super().__init__",
        K(
            "#25863",
            ML,
            MLW,
            "vllm/aeon/ml2.py",
            NMLP + "class AeonNemotronHMLP(NemotronHMLP):\n"
            "    def __init__(self, config, layer_idx: int, quant_config=None, prefix: str = '') -> None:\n"
            "        super().__init__(config, layer_idx, quant_config, prefix=prefix)\n"
            "        self.aeon_layer_idx = layer_idx\n",
            "super().__init__(config, layer_idx, quant_config, prefix=prefix)",
        ),
    ),
    (
        "#25863 parameter renamed",
        "twin: the new keyword",
        K(
            "#25863",
            ML,
            MLW,
            "vllm/aeon/ml3.py",
            NMLP + "def aeon_mlp2(config, quant_config, prefix: str) -> NemotronHMLP:\n"
            "    return NemotronHMLP(config, intermediate_size=config.intermediate_size, quant_config=quant_config, prefix=prefix)\n",
            "return NemotronHMLP(config, intermediate_size=config.intermediate_size, quant_config=quant_config, prefix=prefix)",
        ),
    ),
]

# --- #41126 (7e1b45a092): GatedDeltaNetAttention renamed QwenGatedDeltaNetAttention, its module moved under gdn/
GA = "7e1b45a092"
GAW = "mamba.gdn_linear_attn.GatedDeltaNetAttention -> mamba.gdn.qwen_gdn_linear_attn.QwenGatedDeltaNetAttention"
CASES += [
    (
        "#41126 class renamed and moved",
        "an import off the old module",
        K(
            "#41126",
            GA,
            GAW,
            "vllm/aeon/ga1.py",
            "from vllm.model_executor.layers.mamba.gdn_linear_attn import GatedDeltaNetAttention\n\n\n"
            "class AeonGatedDeltaNetAttention(GatedDeltaNetAttention):\n"
            "    aeon_fused = True\n",
            "from vllm.model_executor.layers.mamba.gdn_linear_attn import GatedDeltaNetAttention",
        ),
    ),
    (
        "#41126 class renamed and moved",
        "an import through the model module",
        K(
            "#41126",
            GA,
            GAW,
            "vllm/aeon/ga2.py",
            "from vllm.model_executor.models.qwen3_next import GatedDeltaNetAttention, Qwen3NextDecoderLayer\n\n\n"
            "def aeon_is_linear(layer: Qwen3NextDecoderLayer) -> bool:\n"
            "    return isinstance(layer.linear_attn, GatedDeltaNetAttention)\n",
            "from vllm.model_executor.models.qwen3_next import GatedDeltaNetAttention, Qwen3NextDecoderLayer",
        ),
    ),
    (
        "#41126 class renamed and moved",
        "twin: the decoder layer kept",
        K(
            "#41126",
            GA,
            GAW,
            "vllm/aeon/ga3.py",
            "from vllm.model_executor.models.qwen3_next import Qwen3NextDecoderLayer\n\n\n"
            "def aeon_kind(layer: Qwen3NextDecoderLayer) -> str:\n"
            "    return layer.layer_type\n",
            "return layer.layer_type",
        ),
    ),
]


# --- the third blind batch (committed before the engine ran on it, after the widening for the second): positional
#     calls whose slots moved, partials, a getattr off a typed receiver, and twins of the ways a fork bridges
CASES += [
    (
        "#36976 parameters folded",
        "a positional construction that still binds",
        K(
            "#36976",
            IN,
            INW,
            "vllm/aeon/in5.py",
            GDN + "def aeon_gdn(config, model_config, cache_config, quant_config) -> Qwen3NextGatedDeltaNet:\n"
            "    # AEON: the Spark's draft model builds one linear-attention layer of its own\n"
            "    return Qwen3NextGatedDeltaNet(config, model_config, cache_config, quant_config)\n",
            "return Qwen3NextGatedDeltaNet(config, model_config, cache_config, quant_config)",
        ),
    ),
    (
        "#28095 parameter inserted",
        "a positional call that still binds",
        K(
            "#28095",
            GG,
            GGW,
            "vllm/aeon/gg4.py",
            FG + "class AeonGate:\n"
            "    def __init__(self, A_log: torch.Tensor, dt_bias: torch.Tensor) -> None:\n"
            "        self.A_log, self.dt_bias = A_log, dt_bias\n\n"
            "    def aeon_decay(self, a: torch.Tensor) -> torch.Tensor:\n"
            "        return fused_gdn_gating(self.A_log, a, self.dt_bias, 1.0)\n",
            "return fused_gdn_gating(self.A_log, a, self.dt_bias, 1.0)",
        ),
    ),
    (
        "#20840 method removed",
        "a functools.partial of the unbound method",
        K(
            "#20840",
            MS,
            MSW,
            "vllm/aeon/ms4.py",
            "import functools\n\nfrom vllm.model_executor.models.nemotron_h import NemotronHForCausalLM\n\n\n"
            "def aeon_shape_fn(model: NemotronHForCausalLM):\n"
            "    return functools.partial(NemotronHForCausalLM._get_mamba_cache_shape, model)\n",
            "return functools.partial(NemotronHForCausalLM._get_mamba_cache_shape, model)",
        ),
    ),
    (
        "#25079 attribute removed",
        "a getattr with a literal off a typed receiver",
        K(
            "#25079",
            IP,
            IPW,
            "vllm/aeon/ip4.py",
            GDN + "def aeon_proj(layer: Qwen3NextGatedDeltaNet):\n    return getattr(layer, 'in_proj')\n",
            "return getattr(layer, 'in_proj')",
        ),
    ),
    (
        "#28083 method renamed",
        "an override that never runs now",
        K(
            "#28083",
            FC,
            FCW,
            "vllm/aeon/fc5.py",
            GDN + "class AeonGatedDeltaNet4(Qwen3NextGatedDeltaNet):\n"
            "    def _forward(self, hidden_states: torch.Tensor, output: torch.Tensor):\n"
            "        # AEON: the Spark's own chunked kernel for the whole layer\n"
            "        output.copy_(hidden_states)\n",
            "def _forward(self, hidden_states: torch.Tensor, output: torch.Tensor):",
        ),
    ),
    (
        "#26456 function removed",
        "an aliased import",
        K(
            "#26456",
            CG,
            CGW,
            "vllm/aeon/cg5.py",
            "from vllm.model_executor.models.deepseek_v2 import cp_gather_indexer_k_quant_cache as aeon_gather\n\n"
            "AEON_GATHERS = (aeon_gather,)\n",
            "from vllm.model_executor.models.deepseek_v2 import cp_gather_indexer_k_quant_cache as aeon_gather",
        ),
    ),
    (
        "#25863 parameter renamed",
        "a functools.partial with the old value in the slot",
        K(
            "#25863",
            ML,
            MLW,
            "vllm/aeon/ml4.py",
            "import functools\n\n" + NMLP + "def aeon_mlp_factory(config, layer_idx: int):\n"
            "    return functools.partial(NemotronHMLP, config, layer_idx)\n",
            "return functools.partial(NemotronHMLP, config, layer_idx)",
        ),
    ),
    (
        "#41126 class renamed and moved",
        "an import of the old module",
        K(
            "#41126",
            GA,
            GAW,
            "vllm/aeon/ga4.py",
            "from vllm.model_executor.layers.mamba import gdn_linear_attn\n\n\n"
            "def aeon_is_gdn(layer) -> bool:\n"
            "    return isinstance(layer, gdn_linear_attn.GatedDeltaNetAttention)\n",
            "from vllm.model_executor.layers.mamba import gdn_linear_attn",
        ),
    ),
    (
        "#37975 classes moved",
        "twin: an import guarded for both releases",
        K(
            "#37975",
            GM,
            GMW,
            "vllm/aeon/gm4.py",
            "try:\n"
            "    from vllm.model_executor.models.qwen3_next import Qwen3NextGatedDeltaNet\n"
            "except ImportError:\n"
            "    from vllm.model_executor.layers.mamba.gdn_linear_attn import (\n"
            "        GatedDeltaNetAttention as Qwen3NextGatedDeltaNet,\n"
            "    )\n\n\n"
            "class AeonGatedDeltaNet5(Qwen3NextGatedDeltaNet):\n"
            "    aeon_fused = True\n",
            "from vllm.model_executor.models.qwen3_next import Qwen3NextGatedDeltaNet",
        ),
    ),
    (
        "#28083 method renamed",
        "twin: a hasattr gate calling the new name or the old",
        K(
            "#28083",
            FC,
            FCW,
            "vllm/aeon/fc6.py",
            GDN + "class AeonGatedDeltaNet5(Qwen3NextGatedDeltaNet):\n"
            "    def aeon_core(self, *args):\n"
            "        if hasattr(Qwen3NextGatedDeltaNet, '_forward_core'):\n"
            "            return self._forward_core(*args)\n"
            "        return self._forward(*args)\n",
            "return self._forward(*args)",
        ),
    ),
    (
        "#25079 attribute removed",
        "twin: a fork-defined namesake",
        K(
            "#25079",
            IP,
            IPW,
            "vllm/aeon/ip5.py",
            GDN + "class AeonGatedDeltaNet6(Qwen3NextGatedDeltaNet):\n"
            "    def __init__(self, *args, **kwargs) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.in_proj = torch.nn.Identity()\n\n"
            "    def aeon_project(self, hidden_states: torch.Tensor) -> torch.Tensor:\n"
            "        return self.in_proj(hidden_states)\n",
            "return self.in_proj(hidden_states)",
        ),
    ),
    (
        "#27968 attribute renamed",
        "twin: the new name first, the old as a fallback",
        K(
            "#27968",
            MI,
            MIW,
            "vllm/aeon/mi5.py",
            NH + "def aeon_factory2(model: NemotronHModel):\n"
            "    factory = getattr(model, 'make_empty_intermediate_tensors', None)\n"
            "    return factory if factory is not None else model.make_empty_intmd_tensors\n",
            "return factory if factory is not None else model.make_empty_intmd_tensors",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-modelfiles-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
