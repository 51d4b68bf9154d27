"""A blind replay of the DeepSeek-V2/V3 model file a fork serving DeepSeek-class MoE/MLA checkpoints carries code against.

10 first-parent commits on ``vllm/model_executor/models/deepseek_v2.py`` -- the classes a fork that serves
DeepSeek-class checkpoints in NVFP4 with MTP speculative decoding subclasses, builds and reads:
``DeepseekV2MLAAttention.q_a_proj`` folded into ``fused_qkv_a_proj`` with ``kv_a_proj_with_mqa`` now built only
without a q LoRA (#21116), ``llama_4_scaling`` threaded through the decoder layer's call and made a required
parameter of the attentions' ``forward`` (#29757), ``FusedMoE`` no longer imported by the model module and the
``layers.shared_fused_moe`` package moved under ``fused_moe`` (#26145), the indexer's ``wk``/``weights_proj`` always
fused and ``is_fp4_ckpt`` removed from ``Indexer`` and the model (#38928), the model's
``make_empty_intermediate_tensors`` method removed while its constructor keeps the instance attribute (#21903),
``DeepseekV2DecoderLayer.__init__`` given ``config`` before ``topk_indices_buffer`` (#25987), ``PretrainedConfig``
no longer imported by the module (#21913), ``update_physical_experts_metadata`` added to the model and called by
the worker on an elastic scale-up (#20775), the experts built with ``routed_scaling_factor=1.0`` (#24119) and
``lm_head`` a ``PPMissingLayer`` off the last pipeline rank (#13833) -- picked by scanning the file's diffs
(``git log --first-parent -p``), avoiding the commits other replays use (``blind_replay_mla``, ``_moemodels``,
``_mtpmodels``, ``_models`` cover parts of this surface).  Each is replayed under 1-3 fork spellings written the
way fork code is written (a subclass's ``self.`` read or call, a read off a receiver typed as the class, an
override the base's caller no longer fits, a direct ``forward`` call, an import of a name the module no longer
imports, an import from a removed package, a module attribute, a ``getattr`` with a literal, an unbound call
through the class, a ``super()`` call, a positional build and ``super().__init__()``, a namesake of a new base
method, a read of a value the base now stores as a literal), with twins (fork code the commit does not break: the
kept projection, the fused projection, a pass-through override, the kept re-export, the instance attribute, a
keyword argument, the fork's own method name, the MoE's own factor, an attribute built on every rank).  The merge
base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on its line,
*warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 8485ae9c): 15 caught, 3 warned, 2 missed of 20 (twins: 10
quiet, 0 false errors; one twin, #21903's instance attribute, warned).  Symbol drift caught the removed attributes
(``q_a_proj`` read off ``self`` and off a typed receiver, the indexer's ``wk``, ``is_fp4_ckpt`` off a typed
receiver and through ``getattr``), the removed method (an unbound call, a ``super()`` call), the imports of names
the module no longer imports and of the removed package, the module attribute, the MLA ``forward`` override and
the direct ``forward`` call meeting the new required ``llama_4_scaling``, and the positional third argument of
``DeepseekV2DecoderLayer`` now landing on ``config`` (a build and a ``super().__init__()``).  Warned: #21116's
``kv_a_proj_with_mqa`` (built now only without a q LoRA: right as a warning, the attribute exists on the other
path), #29757's decoder-layer ``forward`` override (the base's new parameter is optional, but upstream's model now
passes it positionally: TypeError), #20775's namesake of the new ``update_physical_experts_metadata`` (the
worker calls it by keyword on an untyped receiver: TypeError on scale-up).  The misses: #24119 (a read of
``moe.experts.routed_scaling_factor``, the value the experts store from the argument upstream now passes as the
literal ``1.0``: the fork's scaling silently becomes a no-op) and #13833 (``self.lm_head.weight`` on an attribute
now built as a bare ``PPMissingLayer()`` off the last pipeline rank: AttributeError there).
The labels hold: #29757's decoder-layer override breaks only where the fork's class sits in upstream's model's
``self.layers`` (nothing in the spelling installs it), and #20775's namesake only where the fork's class is the
model the worker holds, so a warning is the right verdict for both; #21116's ``kv_a_proj_with_mqa`` exists on the
other path.  Those three stay warnings.
After the killers192 widenings: 15 caught, 5 warned, 0 missed of 20 (twins: 10 quiet, none warned, 0 false
errors).  Warned now: a member read off an attribute upstream now builds as a bare stand-in on one side of an
``if`` (``drift/gated_attributes.py``, #13833's ``lm_head``), and a read of a held member's attribute whose value
upstream now hands the member's constructor as a literal (``drift/handed_literals.py``, new, #24119).  Quiet now:
the twin calling ``model.make_empty_intermediate_tensors(...)`` off an instance whose class's constructor still
binds the name (``symbols.py``'s ``_instance_binds``, #21903; the unbound and ``super()`` calls stay errors).
Regression set at the widenings' head: killer_replay 26/26 BLOCKED, kind_change_replay 12/12 (5 quiet),
blind_replay_telemetry 12 caught, 2 warned of 14 (7 quiet), blind_replay_mtpmodels 16 caught, 5 warned, 1 missed
of 22 (11 quiet), blind_replay_soutmgr 6 caught, 6 warned, 5 missed of 17 (8 quiet, 1 warned), blind_replay_fmlayer
19 caught, 2 warned of 21 (12 quiet), blind_replay_moemodels 18 caught, 2 warned of 20 (12 quiet), blind_replay_mla
32/32 (17 quiet, 1 warned): each as recorded, 0 false errors.

  python benchmarks/blind_replay_dsv2.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #21116 (4fb56914c5): MLA's q_a_proj folded into fused_qkv_a_proj; kv_a_proj_with_mqa built only without q_lora
QA = "4fb56914c5"
QAW = "DeepseekV2MLAAttention.q_a_proj removed, kv_a_proj_with_mqa only built when q_lora_rank is None"
MLA = "import torch\n\nfrom vllm.model_executor.models.deepseek_v2 import DeepseekV2MLAAttention\n\n\n"
CASES += [
    (
        "#21116 attribute removed",
        "a subclass's self. read",
        K(
            "#21116",
            QA,
            QAW,
            "vllm/aeon/qa1.py",
            MLA + "class AeonMLAAttention(DeepseekV2MLAAttention):\n"
            "    def aeon_q_latent(self, hidden_states: torch.Tensor) -> torch.Tensor:\n"
            "        # AEON: the Spark's NVFP4 draft path reads the q latent on its own\n"
            "        q_c = self.q_a_proj(hidden_states)[0]\n"
            "        return self.q_a_layernorm(q_c)\n",
            "q_c = self.q_a_proj(hidden_states)[0]",
        ),
    ),
    (
        "#21116 attribute removed",
        "a read off a receiver typed as the class",
        K(
            "#21116",
            QA,
            QAW,
            "vllm/aeon/qa2.py",
            MLA + "def aeon_q_a_dtype(attn: DeepseekV2MLAAttention) -> torch.dtype:\n"
            "    # AEON: NVFP4 checkpoints keep q_a_proj in BF16 on the Spark\n"
            "    return attn.q_a_proj.weight.dtype\n",
            "return attn.q_a_proj.weight.dtype",
        ),
    ),
    (
        "#21116 attribute made conditional",
        "a subclass's call of the kv projection built only without q_lora now",
        K(
            "#21116",
            QA,
            QAW,
            "vllm/aeon/qa3.py",
            MLA + "class AeonLatentCache(DeepseekV2MLAAttention):\n"
            "    def aeon_kv_latent(self, hidden_states: torch.Tensor) -> torch.Tensor:\n"
            "        # AEON: the Spark's MTP head reuses the kv latent of the last layer\n"
            "        latent = self.kv_a_proj_with_mqa(hidden_states)[0]\n"
            "        return latent[..., : self.kv_lora_rank]\n",
            "latent = self.kv_a_proj_with_mqa(hidden_states)[0]",
        ),
    ),
    (
        "#21116 attribute removed",
        "twin: the kept projections and norms",
        K(
            "#21116",
            QA,
            QAW,
            "vllm/aeon/qa4.py",
            MLA + "class AeonMLAKept(DeepseekV2MLAAttention):\n"
            "    def aeon_kv_up(self, kv_c: torch.Tensor) -> torch.Tensor:\n"
            "        return self.kv_b_proj(self.kv_a_layernorm(kv_c))[0]\n",
            "return self.kv_b_proj(self.kv_a_layernorm(kv_c))[0]",
        ),
    ),
]

# --- #29757 (d8c6210eea): llama_4_scaling threaded through the decoder layer and the attention forwards
LS = "d8c6210eea"
LSW = "DeepseekV2DecoderLayer called with llama_4_scaling; the attentions' forward given a required llama_4_scaling"
DL = "import torch\n\nfrom vllm.model_executor.models.deepseek_v2 import DeepseekV2DecoderLayer, DeepseekV2MLAAttention\n\n\n"
CASES += [
    (
        "#29757 override no longer fits the base's caller",
        "a decoder layer subclass's forward without the new argument",
        K(
            "#29757",
            LS,
            LSW,
            "vllm/aeon/ls1.py",
            DL + "class AeonDecoderLayer(DeepseekV2DecoderLayer):\n"
            "    # AEON: the Spark swaps these in for the target model's layers to tap hidden states for MTP\n"
            "    def forward(self, positions: torch.Tensor, hidden_states: torch.Tensor, residual):\n"
            "        hidden_states, residual = super().forward(positions, hidden_states, residual)\n"
            "        self.aeon_last = hidden_states\n"
            "        return hidden_states, residual\n",
            "def forward(self, positions: torch.Tensor, hidden_states: torch.Tensor, residual):",
        ),
    ),
    (
        "#29757 override no longer fits the base's caller",
        "an MLA attention subclass's forward without the new argument",
        K(
            "#29757",
            LS,
            LSW,
            "vllm/aeon/ls2.py",
            DL + "class AeonMLAForward(DeepseekV2MLAAttention):\n"
            "    def forward(self, positions: torch.Tensor, hidden_states: torch.Tensor) -> torch.Tensor:\n"
            "        # AEON: the Spark's sm_121a build pins the MLA inputs contiguous\n"
            "        return self.mla_attn(positions, hidden_states.contiguous())\n",
            "def forward(self, positions: torch.Tensor, hidden_states: torch.Tensor) -> torch.Tensor:",
        ),
    ),
    (
        "#29757 required parameter added",
        "a direct call of the attention's forward",
        K(
            "#29757",
            LS,
            LSW,
            "vllm/aeon/ls3.py",
            DL + "def aeon_attend(attn: DeepseekV2MLAAttention, positions: torch.Tensor, h: torch.Tensor):\n"
            "    # AEON: the Spark's draft head runs one target attention on its own\n"
            "    return attn.forward(positions, h)\n",
            "return attn.forward(positions, h)",
        ),
    ),
    (
        "#29757 override no longer fits the base's caller",
        "twin: an override passing everything through",
        K(
            "#29757",
            LS,
            LSW,
            "vllm/aeon/ls4.py",
            DL + "class AeonPassLayer(DeepseekV2DecoderLayer):\n"
            "    def forward(self, *args, **kwargs):\n"
            "        out = super().forward(*args, **kwargs)\n"
            "        self.aeon_last = out[0]\n"
            "        return out\n",
            "out = super().forward(*args, **kwargs)",
        ),
    ),
]

# --- #26145 (47e66c24e2): FusedMoE no longer imported by deepseek_v2; layers/shared_fused_moe moved under fused_moe
SE = "47e66c24e2"
SEW = "deepseek_v2 stops importing FusedMoE; vllm.model_executor.layers.shared_fused_moe removed"
CASES += [
    (
        "#26145 re-export removed",
        "an import of a name the model module no longer imports",
        K(
            "#26145",
            SE,
            SEW,
            "vllm/aeon/se1.py",
            "from vllm.model_executor.models.deepseek_v2 import DeepseekV2MoE, FusedMoE\n\n\n"
            "def aeon_routed_experts(moe: DeepseekV2MoE) -> FusedMoE:\n"
            "    # AEON: the Spark's NVFP4 expert repack walks the routed experts\n"
            "    return moe.experts\n",
            "from vllm.model_executor.models.deepseek_v2 import DeepseekV2MoE, FusedMoE",
        ),
    ),
    (
        "#26145 module removed",
        "an import from the removed package",
        K(
            "#26145",
            SE,
            SEW,
            "vllm/aeon/se2.py",
            "from vllm.model_executor.layers.shared_fused_moe import SharedFusedMoE\n\n\n"
            "def aeon_has_shared(layer) -> bool:\n"
            "    return isinstance(layer, SharedFusedMoE)\n",
            "from vllm.model_executor.layers.shared_fused_moe import SharedFusedMoE",
        ),
    ),
    (
        "#26145 re-export removed",
        "twin: the kept re-export and the layer's own package",
        K(
            "#26145",
            SE,
            SEW,
            "vllm/aeon/se3.py",
            "from vllm.model_executor.layers.fused_moe import FusedMoE\n"
            "from vllm.model_executor.models.deepseek_v2 import SharedFusedMoE\n\n\n"
            "def aeon_is_moe(layer) -> bool:\n"
            "    return isinstance(layer, (FusedMoE, SharedFusedMoE))\n",
            "return isinstance(layer, (FusedMoE, SharedFusedMoE))",
        ),
    ),
]

# --- #38928 (ac3dac545b): the indexer's wk/weights_proj always fused; is_fp4_ckpt removed from Indexer and the model
WK = "ac3dac545b"
WKW = "Indexer.wk/weights_proj/is_fp4_ckpt and DeepseekV2ForCausalLM.is_fp4_ckpt removed"
IX = "import torch\n\nfrom vllm.model_executor.models.deepseek_v2 import DeepseekV2ForCausalLM, Indexer\n\n\n"
CASES += [
    (
        "#38928 attribute removed",
        "an indexer subclass's self. call of the removed projection",
        K(
            "#38928",
            WK,
            WKW,
            "vllm/aeon/wk1.py",
            IX + "class AeonIndexer(Indexer):\n"
            "    def aeon_keys(self, hidden_states: torch.Tensor) -> torch.Tensor:\n"
            "        # AEON: the Spark's sparse-attention probe recomputes the indexer keys\n"
            "        k, _ = self.wk(hidden_states)\n"
            "        return self.k_norm(k)\n",
            "k, _ = self.wk(hidden_states)",
        ),
    ),
    (
        "#38928 attribute removed",
        "a read of the model's flag off a typed receiver",
        K(
            "#38928",
            WK,
            WKW,
            "vllm/aeon/wk2.py",
            IX + "def aeon_fp4_model(model: DeepseekV2ForCausalLM) -> bool:\n"
            "    # AEON: the Spark serves NVFP4 checkpoints and picks its MTP loader by this flag\n"
            "    return bool(model.is_fp4_ckpt)\n",
            "return bool(model.is_fp4_ckpt)",
        ),
    ),
    (
        "#38928 attribute removed",
        "a getattr with a literal on an indexer subclass",
        K(
            "#38928",
            WK,
            WKW,
            "vllm/aeon/wk3.py",
            IX + "class AeonIndexerProbe(Indexer):\n"
            "    def aeon_fused(self) -> bool:\n"
            '        return getattr(self, "is_fp4_ckpt")\n',
            'return getattr(self, "is_fp4_ckpt")',
        ),
    ),
    (
        "#38928 attribute removed",
        "twin: the fused projection and the kept norm",
        K(
            "#38928",
            WK,
            WKW,
            "vllm/aeon/wk4.py",
            IX + "class AeonIndexerFused(Indexer):\n"
            "    def aeon_keys(self, hidden_states: torch.Tensor) -> torch.Tensor:\n"
            "        kw, _ = self.wk_weights_proj(hidden_states)\n"
            "        return self.k_norm(kw[:, : self.head_dim])\n",
            "kw, _ = self.wk_weights_proj(hidden_states)",
        ),
    ),
]

# --- #21903 (fc91da5499): DeepseekV2ForCausalLM.make_empty_intermediate_tensors (the method) removed
ME = "fc91da5499"
MEW = "DeepseekV2ForCausalLM.make_empty_intermediate_tensors method removed (the instance attribute stays)"
CL = "import torch\n\nfrom vllm.model_executor.models.deepseek_v2 import DeepseekV2ForCausalLM\n\n\n"
CASES += [
    (
        "#21903 method removed",
        "an unbound call through the class",
        K(
            "#21903",
            ME,
            MEW,
            "vllm/aeon/me1.py",
            CL + "def aeon_pp_buffers(model, n: int, dtype: torch.dtype):\n"
            "    # AEON: the Spark pair's PP warm-up sizes its buffers off the class\n"
            '    return DeepseekV2ForCausalLM.make_empty_intermediate_tensors(model, n, dtype, "cuda")\n',
            'return DeepseekV2ForCausalLM.make_empty_intermediate_tensors(model, n, dtype, "cuda")',
        ),
    ),
    (
        "#21903 method removed",
        "a subclass's super() call",
        K(
            "#21903",
            ME,
            MEW,
            "vllm/aeon/me2.py",
            CL + "class AeonDeepseek(DeepseekV2ForCausalLM):\n"
            "    def aeon_empty(self, n: int, dtype: torch.dtype):\n"
            '        return super().make_empty_intermediate_tensors(n, dtype, torch.device("cuda"))\n',
            'return super().make_empty_intermediate_tensors(n, dtype, torch.device("cuda"))',
        ),
    ),
    (
        "#21903 method removed",
        "twin: the instance's attribute the constructor still sets",
        K(
            "#21903",
            ME,
            MEW,
            "vllm/aeon/me3.py",
            CL + "def aeon_pp_buffers2(model: DeepseekV2ForCausalLM, n: int, dtype: torch.dtype):\n"
            '    return model.make_empty_intermediate_tensors(n, dtype, torch.device("cuda"))\n',
            'return model.make_empty_intermediate_tensors(n, dtype, torch.device("cuda"))',
        ),
    ),
]

# --- #25987 (2161efe978): DeepseekV2DecoderLayer.__init__ given config before topk_indices_buffer
DC = "2161efe978"
DCW = "DeepseekV2DecoderLayer(vllm_config, prefix, config=None, topk_indices_buffer=None)"
DD = "import torch\n\nfrom vllm.model_executor.models.deepseek_v2 import DeepseekV2DecoderLayer\n\n\n"
CASES += [
    (
        "#25987 parameter inserted",
        "a positional build whose third argument now lands on config",
        K(
            "#25987",
            DC,
            DCW,
            "vllm/aeon/dc1.py",
            DD + "def aeon_mtp_layer(vllm_config, prefix: str, buf: torch.Tensor) -> DeepseekV2DecoderLayer:\n"
            "    # AEON: the Spark's MTP block shares the target's top-k buffer\n"
            "    return DeepseekV2DecoderLayer(vllm_config, prefix, buf)\n",
            "return DeepseekV2DecoderLayer(vllm_config, prefix, buf)",
        ),
    ),
    (
        "#25987 parameter inserted",
        "a subclass's positional super().__init__()",
        K(
            "#25987",
            DC,
            DCW,
            "vllm/aeon/dc2.py",
            DD + "class AeonMTPLayer(DeepseekV2DecoderLayer):\n"
            "    def __init__(self, vllm_config, prefix: str, buf: torch.Tensor | None = None) -> None:\n"
            "        super().__init__(vllm_config, prefix, buf)\n"
            "        self.aeon_shared = buf is not None\n",
            "super().__init__(vllm_config, prefix, buf)",
        ),
    ),
    (
        "#25987 parameter inserted",
        "twin: the buffer passed by keyword",
        K(
            "#25987",
            DC,
            DCW,
            "vllm/aeon/dc3.py",
            DD + "def aeon_mtp_layer2(vllm_config, prefix: str, buf: torch.Tensor) -> DeepseekV2DecoderLayer:\n"
            "    return DeepseekV2DecoderLayer(vllm_config, prefix, topk_indices_buffer=buf)\n",
            "return DeepseekV2DecoderLayer(vllm_config, prefix, topk_indices_buffer=buf)",
        ),
    ),
]

# --- #21913 (65552b476b): deepseek_v2 stops importing transformers' PretrainedConfig
PC = "65552b476b"
PCW = "PretrainedConfig no longer imported by deepseek_v2"
CASES += [
    (
        "#21913 re-export removed",
        "an import of the config base through the model module",
        K(
            "#21913",
            PC,
            PCW,
            "vllm/aeon/pc1.py",
            "from vllm.model_executor.models.deepseek_v2 import DeepseekV2MoE, PretrainedConfig\n\n\n"
            "def aeon_moe_config(config: PretrainedConfig) -> bool:\n"
            "    # AEON: the Spark's NVFP4 loader checks the MoE layout first\n"
            '    return getattr(config, "n_routed_experts", None) is not None\n',
            "from vllm.model_executor.models.deepseek_v2 import DeepseekV2MoE, PretrainedConfig",
        ),
    ),
    (
        "#21913 re-export removed",
        "a module attribute read of the dropped import",
        K(
            "#21913",
            PC,
            PCW,
            "vllm/aeon/pc2.py",
            "import vllm.model_executor.models.deepseek_v2 as dsv2\n\n\n"
            "def aeon_is_hf_config(obj) -> bool:\n"
            "    return isinstance(obj, dsv2.PretrainedConfig)\n",
            "return isinstance(obj, dsv2.PretrainedConfig)",
        ),
    ),
    (
        "#21913 re-export removed",
        "twin: the config base from its own package and a kept helper",
        K(
            "#21913",
            PC,
            PCW,
            "vllm/aeon/pc3.py",
            "from transformers import PretrainedConfig\n\n"
            "from vllm.model_executor.models.deepseek_v2 import get_spec_layer_idx_from_weight_name\n\n\n"
            "def aeon_spec_idx(config: PretrainedConfig, name: str):\n"
            "    return get_spec_layer_idx_from_weight_name(config, name)\n",
            "return get_spec_layer_idx_from_weight_name(config, name)",
        ),
    ),
]

# --- #20775 (217937221b): update_physical_experts_metadata added to the model, called by the worker on scale-up
UP = "217937221b"
UPW = "DeepseekV2ForCausalLM.update_physical_experts_metadata(num_physical_experts, num_local_physical_experts) added"
CASES += [
    (
        "#20775 new base method a fork namesake overrides",
        "a subclass's namesake with its own arguments",
        K(
            "#20775",
            UP,
            UPW,
            "vllm/aeon/up1.py",
            CL + "class AeonEPModel(DeepseekV2ForCausalLM):\n"
            "    # AEON: the Spark pair's own expert table refresh (two GB10s, EP=2)\n"
            "    def update_physical_experts_metadata(self, table: torch.Tensor) -> None:\n"
            "        self.aeon_table = table\n",
            "def update_physical_experts_metadata(self, table: torch.Tensor) -> None:",
        ),
    ),
    (
        "#20775 new base method a fork namesake overrides",
        "twin: a fork method under its own name",
        K(
            "#20775",
            UP,
            UPW,
            "vllm/aeon/up2.py",
            CL + "class AeonEPModel2(DeepseekV2ForCausalLM):\n"
            "    def aeon_update_expert_table(self, table: torch.Tensor) -> None:\n"
            "        self.aeon_table = table\n",
            "self.aeon_table = table",
        ),
    ),
]


# --- #24119 (930a24144c): DeepseekV2MoE builds its experts with routed_scaling_factor=1.0 (it scales outside)
RS = "930a24144c"
RSW = "FusedMoE built with routed_scaling_factor=1.0 instead of the MoE's factor"
MO = "import torch\n\nfrom vllm.model_executor.models.deepseek_v2 import DeepseekV2MoE\n\n\n"
CASES += [
    (
        "#24119 value passed to a constructor changed",
        "a read of the factor the experts store",
        K(
            "#24119",
            RS,
            RSW,
            "vllm/aeon/rs1.py",
            MO + "def aeon_scale_routed(moe: DeepseekV2MoE, routed_out: torch.Tensor) -> torch.Tensor:\n"
            "    # AEON: the Spark's NVFP4 grouped GEMM returns unscaled routed outputs\n"
            "    return routed_out * moe.experts.routed_scaling_factor\n",
            "return routed_out * moe.experts.routed_scaling_factor",
        ),
    ),
    (
        "#24119 value passed to a constructor changed",
        "twin: the MoE's own factor",
        K(
            "#24119",
            RS,
            RSW,
            "vllm/aeon/rs2.py",
            MO + "def aeon_scale_routed2(moe: DeepseekV2MoE, routed_out: torch.Tensor) -> torch.Tensor:\n"
            "    return routed_out * moe.routed_scaling_factor\n",
            "return routed_out * moe.routed_scaling_factor",
        ),
    ),
]

# --- #13833 (24679788ed): lm_head a PPMissingLayer off the last pipeline rank
LH = "24679788ed"
LHW = "DeepseekV2ForCausalLM.lm_head built only on the last PP rank (PPMissingLayer elsewhere)"
CASES += [
    (
        "#13833 attribute's type made conditional",
        "a subclass's read of the head's weight",
        K(
            "#13833",
            LH,
            LHW,
            "vllm/aeon/lh1.py",
            CL + "class AeonTiedHead(DeepseekV2ForCausalLM):\n"
            "    def aeon_head_dtype(self) -> torch.dtype:\n"
            "        # AEON: the Spark pair (PP=2) ties the MTP head to the target's lm_head\n"
            "        return self.lm_head.weight.dtype\n",
            "return self.lm_head.weight.dtype",
        ),
    ),
    (
        "#13833 attribute's type made conditional",
        "twin: the logits processor built on every rank",
        K(
            "#13833",
            LH,
            LHW,
            "vllm/aeon/lh2.py",
            CL + "class AeonLogits(DeepseekV2ForCausalLM):\n"
            "    def aeon_vocab(self) -> int:\n"
            "        return self.logits_processor.vocab_size\n",
            "return self.logits_processor.vocab_size",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-dsv2-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
