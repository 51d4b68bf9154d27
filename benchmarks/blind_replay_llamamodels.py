"""A blind replay of the Llama/Qwen/Mixtral model files and ``models/utils.py`` a fork subclasses and imports from.

9 first-parent commits on ``vllm/model_executor/models/{llama,qwen2,qwen3,mixtral,utils}.py`` -- the classes a
fork's own model subclasses and the helpers it imports: ``LlamaAttention``/``LlamaDecoderLayer``/``LlamaModel``/
``LlamaForCausalLM.forward`` lost their ``kv_cache``/``attn_metadata`` parameters, ``LlamaModel``/``Qwen2Model``
stopped setting ``padding_idx``, ``MixtralAttention`` gained a required ``config`` first parameter,
``LlamaAttention`` stopped setting ``rotary_dim``, ``get_vit_attn_backend`` moved off ``models.utils``,
``Qwen2ForCausalLM``/``Qwen3ForCausalLM`` stopped setting ``lora_config``, ``LlamaForCausalLM`` lost
``maybe_remap_mistral``/``mistral_mapping`` and ``LlamaAttention`` its Llama-4 scaling attributes (moved to the
Mistral file), ``get_cuda_view_from_cpu_tensor`` was renamed (and with it the name ``models.utils`` imported),
and ``models.utils`` stopped importing ``is_pin_memory_available`` -- picked by scanning those paths' diffs
(``git log --first-parent -p``), avoiding the commits the other replays use.  Each is replayed under 1-3 fork
spellings written the way fork code is written (a subclass override calling ``super()``, a subclass's ``self.``
read, a read off a receiver typed as the class, a keyword or positional call of the class, a class-attribute
read, an import, a module-attribute call), with twins (fork code the commit does not break: the kept attribute,
the kept method, the name's new home).  The merge base is the commit's first parent, upstream is the commit; a
spelling is *caught* when an error lands on its line, *warned* when a warning lands in its file.  Twins must
stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at bb638821): 18 caught, 0 warned, 1 missed of 19 (twins: 9
quiet, 0 false errors).  The miss: #13555's call of the model attribute (``self.model(input_ids, positions,
kv_caches, attn_metadata, None, None)`` in a ``LlamaForCausalLM`` subclass): the base builds ``self.model`` by
its own method (``self.model = self._init_model(...)``, which returns ``LlamaModel(...)`` unannotated), so the
attribute's class was unknown and the instance call (``LlamaModel.forward``, which lost two parameters) went
unchecked.

Batch 2 (written after the first widening, committed before the engine ran on it): 6 more commits --
``Qwen2EmbeddingModel`` removed (#18913), ``Qwen3ForSequenceClassification`` made ``as_seq_cls_model(...)`` and
its ``load_weights_from_original_qwen3_reranker`` gone (#20168), ``Qwen2Attention.forward``'s ``attn_type``
moved to ``__init__`` and ``Qwen2DecoderLayer._attn_type`` gone (#11690), ``Qwen2Model`` no longer mapping
``decoder_layer_type=None`` to its default (#31760), ``Qwen2Model``'s partial sliding window check made an
``assert`` instead of ``raise ValueError`` (#17772), ``LlamaAttention`` no longer reading
``config.interleaved_sliding_window`` (#21927): 9 killer spellings, 6 twins.  Blind, on the engine after the first widening (a9c8908a): 5 caught, 0 warned,
4 missed of 9 (twins: 6 quiet, 0 false errors).  The misses: #31760's two (``decoder_layer_type=None`` passed
where the old body fell back on the default by ``decoder_layer_type or Qwen2DecoderLayer``; the new body calls
the None), #17772's ``except ValueError:`` round ``Qwen2Model(...)`` (the constructor's ``raise ValueError``
made an ``assert``), and #21927's write of ``config.interleaved_sliding_window`` (nothing in the tree but one
other model reads the name after the commit).

After the widenings (both batches): 27 caught, 0 warned, 1 missed of 28 (twins: 15 quiet, 0 false errors of 15).
Caught now: an attribute its class builds by its own method (``self.model = self._init_model(...)``: typed by
the method along the fork class's order, its return annotation or the one class its returns construct;
``drift/symbols.py``), a None passed where the old body fell back on a default and the new body uses the value
(``narrowed._fallback_dropped``), and a constructor whose ``raise ValueError`` became an ``assert`` (raised-kind
drift: a class call reaches its ``__init__``, an added ``assert`` is a new kind, and ``super().f()`` in a def's
reach follows only the file's base class named; ``drift/raised_kinds.py``).  Left missed: #21927's write of
``config.interleaved_sliding_window`` -- the fork sets an attribute on a transformers config, which only the
attribute's name ties to the Llama attention upstream stopped reading it in, and another model of the tree
still reads that name after the commit: no line of the fork can be shown dead.  Regression set at the
widenings' head: killer_replay 26/26, kind_change_replay 12/12 (5 twins quiet), review15/16/17_twins 0 false
errors (40, 30, 23 twins), review21/22_twins 0 false errors (30, 41 twins), blind_replay_models 16/16 (11
quiet), blind_replay_modelapi 21 caught 3 warned of 24 (14 quiet; as on main), blind_replay_modelifaces 15
caught 1 warned of 16 (11 quiet; as on main), blind_replay_compile 12/12 (9 quiet), blind_replay_eplbops 25/25
(14 quiet), blind_replay_awqgptq 27 caught 1 warned of 28 (16 quiet; as on main), blind_replay_kvconnect 16/16
(11 quiet), blind_replay_runner 25 caught 1 warned 1 missed of 27 (16 quiet; as on main), blind_replay_layers
45/45 (24 quiet), ``symbol_precision.py --windows 1``: 0 false errors (5 broken overrides, 4 caught, 8
warnings, as on main); 0 false errors throughout.

  python benchmarks/blind_replay_llamamodels.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #13555 (cdc1fa12eb): kv_cache/attn_metadata removed from the Llama layers' and model's forward
KV = "cdc1fa12eb"
KVW = "Llama forward(kv_cache, attn_metadata) removed"
LL = "from vllm.model_executor.models.llama import LlamaAttention, LlamaDecoderLayer, LlamaForCausalLM\n\n\n"
CASES += [
    (
        "#13555 parameters removed",
        "a subclass's super().forward",
        K(
            "#13555",
            KV,
            KVW,
            "vllm/aeon/kv1.py",
            LL + "class AeonDecoderLayer(LlamaDecoderLayer):\n"
            "    # AEON: GB10 keeps the residual in bf16 across layers\n"
            "    def forward(self, positions, hidden_states, kv_cache, attn_metadata, residual):\n"
            "        hidden_states, residual = super().forward(positions, hidden_states, kv_cache, attn_metadata, residual)\n"
            "        return hidden_states, residual.to(hidden_states.dtype)\n",
            "hidden_states, residual = super().forward(positions, hidden_states, kv_cache, attn_metadata, residual)",
        ),
    ),
    (
        "#13555 parameters removed",
        "a call of the model attribute",
        K(
            "#13555",
            KV,
            KVW,
            "vllm/aeon/kv2.py",
            LL + "class AeonLlama(LlamaForCausalLM):\n"
            "    def aeon_hidden(self, input_ids, positions, kv_caches, attn_metadata):\n"
            "        # AEON: the Spark's prefill probe reads hidden states without the logits\n"
            "        return self.model(input_ids, positions, kv_caches, attn_metadata, None, None)\n",
            "return self.model(input_ids, positions, kv_caches, attn_metadata, None, None)",
        ),
    ),
    (
        "#13555 parameters removed",
        "twin: a subclass's kept projection",
        K(
            "#13555",
            KV,
            KVW,
            "vllm/aeon/kv3.py",
            LL + "class AeonAttention(LlamaAttention):\n"
            "    def aeon_qkv(self, hidden_states):\n"
            "        qkv, _ = self.qkv_proj(hidden_states)\n"
            "        return qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)\n",
            "qkv, _ = self.qkv_proj(hidden_states)",
        ),
    ),
]

# --- #13240 (4f5b059f14): LlamaModel / Qwen2Model / MixtralModel no longer set padding_idx
PI = "4f5b059f14"
PIW = "Llama/Qwen2 model padding_idx no longer set"
CASES += [
    (
        "#13240 attribute no longer set",
        "a subclass's self. read",
        K(
            "#13240",
            PI,
            PIW,
            "vllm/aeon/pi1.py",
            "from vllm.model_executor.models.llama import LlamaModel\n\n\n"
            "class AeonLlamaModel(LlamaModel):\n"
            "    def aeon_pad_mask(self, input_ids):\n"
            "        # AEON: the Spark's packed batches pad with the model's pad token\n"
            "        return input_ids != self.padding_idx\n",
            "return input_ids != self.padding_idx",
        ),
    ),
    (
        "#13240 attribute no longer set",
        "a read off a typed receiver",
        K(
            "#13240",
            PI,
            PIW,
            "vllm/aeon/pi2.py",
            "from vllm.model_executor.models.qwen2 import Qwen2Model\n\n\n"
            "def aeon_pad_id(model: Qwen2Model) -> int:\n"
            "    return model.padding_idx\n",
            "return model.padding_idx",
        ),
    ),
    (
        "#13240 attribute no longer set",
        "twin: a kept attribute",
        K(
            "#13240",
            PI,
            PIW,
            "vllm/aeon/pi3.py",
            "from vllm.model_executor.models.qwen2 import Qwen2Model\n\n\n"
            "def aeon_vocab(model: Qwen2Model) -> int:\n"
            "    return model.vocab_size\n",
            "return model.vocab_size",
        ),
    ),
]

# --- #14961 (aaaec52ad9): MixtralAttention gains a required `config` first parameter
MA = "aaaec52ad9"
MAW = "MixtralAttention(config, ...) inserted first"
MX = "from vllm.model_executor.models.mixtral import MixtralAttention, MixtralDecoderLayer\n\n\n"
CASES += [
    (
        "#14961 parameter inserted",
        "a keyword call without it",
        K(
            "#14961",
            MA,
            MAW,
            "vllm/aeon/ma1.py",
            MX + "def aeon_attention(hidden_size: int, prefix: str):\n"
            "    # AEON: the Spark's draft layer reuses Mixtral attention with 8 KV heads\n"
            "    return MixtralAttention(hidden_size=hidden_size, num_heads=32, num_kv_heads=8, prefix=prefix)\n",
            "return MixtralAttention(hidden_size=hidden_size, num_heads=32, num_kv_heads=8, prefix=prefix)",
        ),
    ),
    (
        "#14961 parameter inserted",
        "a positional call",
        K(
            "#14961",
            MA,
            MAW,
            "vllm/aeon/ma2.py",
            MX + "def aeon_attention2(hidden_size: int, cache_config, quant_config):\n"
            "    return MixtralAttention(hidden_size, 32, 8, 32768, 1e6, cache_config, quant_config)\n",
            "return MixtralAttention(hidden_size, 32, 8, 32768, 1e6, cache_config, quant_config)",
        ),
    ),
    (
        "#14961 parameter inserted",
        "twin: the decoder layer's kept signature",
        K(
            "#14961",
            MA,
            MAW,
            "vllm/aeon/ma3.py",
            MX + "def aeon_layer(config, cache_config, quant_config, prefix: str):\n"
            "    return MixtralDecoderLayer(config, cache_config, quant_config=quant_config, prefix=prefix)\n",
            "return MixtralDecoderLayer(config, cache_config, quant_config=quant_config, prefix=prefix)",
        ),
    ),
]

# --- #17266 (7fcc4223dc): LlamaAttention.rotary_dim no longer set (partial_rotary_factor passed to rope)
RD = "7fcc4223dc"
RDW = "LlamaAttention.rotary_dim no longer set"
LA = "from vllm.model_executor.models.llama import LlamaAttention\n\n\n"
CASES += [
    (
        "#17266 attribute no longer set",
        "a subclass's self. read",
        K(
            "#17266",
            RD,
            RDW,
            "vllm/aeon/rd1.py",
            LA + "class AeonAttention(LlamaAttention):\n"
            "    def aeon_rotated(self, q):\n"
            "        # AEON: the Spark's fused rope kernel wants the rotated slice only\n"
            "        return q[..., : self.rotary_dim]\n",
            "return q[..., : self.rotary_dim]",
        ),
    ),
    (
        "#17266 attribute no longer set",
        "a read off a typed receiver",
        K(
            "#17266",
            RD,
            RDW,
            "vllm/aeon/rd2.py",
            LA + "def aeon_rope_width(attn: LlamaAttention) -> int:\n    return attn.rotary_dim\n",
            "return attn.rotary_dim",
        ),
    ),
    (
        "#17266 attribute no longer set",
        "twin: a kept attribute",
        K(
            "#17266",
            RD,
            RDW,
            "vllm/aeon/rd3.py",
            LA + "def aeon_head_width(attn: LlamaAttention) -> int:\n    return attn.head_dim\n",
            "return attn.head_dim",
        ),
    ),
]

# --- #11848 (ca47e176af): get_vit_attn_backend moved from models.utils to models.vision
VB = "ca47e176af"
VBW = "models.utils.get_vit_attn_backend moved to models.vision"
CASES += [
    (
        "#11848 function moved",
        "an import",
        K(
            "#11848",
            VB,
            VBW,
            "vllm/aeon/vb1.py",
            "from vllm.model_executor.models.utils import get_vit_attn_backend\n\n\n"
            "def aeon_vit_backend():\n"
            "    # AEON: GB10's vision tower takes flash attention when it can\n"
            "    return get_vit_attn_backend(support_fa=True)\n",
            "from vllm.model_executor.models.utils import get_vit_attn_backend",
        ),
    ),
    (
        "#11848 function moved",
        "a module-attribute call",
        K(
            "#11848",
            VB,
            VBW,
            "vllm/aeon/vb2.py",
            "from vllm.model_executor.models import utils as model_utils\n\n\n"
            "def aeon_vit_backend2():\n"
            "    return model_utils.get_vit_attn_backend(support_fa=False)\n",
            "return model_utils.get_vit_attn_backend(support_fa=False)",
        ),
    ),
    (
        "#11848 function moved",
        "twin: a kept helper",
        K(
            "#11848",
            VB,
            VBW,
            "vllm/aeon/vb3.py",
            "from vllm.model_executor.models.utils import maybe_prefix\n\n\n"
            "def aeon_vit_prefix(prefix: str) -> str:\n"
            '    return maybe_prefix(prefix, "vision_tower")\n',
            'return maybe_prefix(prefix, "vision_tower")',
        ),
    ),
]

# --- #28382 (9d1c474704): Qwen2ForCausalLM / Qwen3ForCausalLM no longer set lora_config
LC = "9d1c474704"
LCW = "Qwen2/Qwen3ForCausalLM.lora_config no longer set"
CASES += [
    (
        "#28382 attribute no longer set",
        "a subclass's self. read",
        K(
            "#28382",
            LC,
            LCW,
            "vllm/aeon/lc1.py",
            "from vllm.model_executor.models.qwen2 import Qwen2ForCausalLM\n\n\n"
            "class AeonQwen2(Qwen2ForCausalLM):\n"
            "    def aeon_max_loras(self) -> int:\n"
            "        # AEON: the Spark serves at most a few adapters at once\n"
            "        return self.lora_config.max_loras if self.lora_config else 0\n",
            "return self.lora_config.max_loras if self.lora_config else 0",
        ),
    ),
    (
        "#28382 attribute no longer set",
        "a read off a typed receiver",
        K(
            "#28382",
            LC,
            LCW,
            "vllm/aeon/lc2.py",
            "from vllm.model_executor.models.qwen3 import Qwen3ForCausalLM\n\n\n"
            "def aeon_lora_rank(model: Qwen3ForCausalLM) -> int:\n"
            "    config = model.lora_config\n"
            "    return config.max_lora_rank if config is not None else 0\n",
            "config = model.lora_config",
        ),
    ),
    (
        "#28382 attribute no longer set",
        "twin: a kept attribute",
        K(
            "#28382",
            LC,
            LCW,
            "vllm/aeon/lc3.py",
            "from vllm.model_executor.models.qwen2 import Qwen2ForCausalLM\n\n\n"
            "class AeonQwen2Quant(Qwen2ForCausalLM):\n"
            "    def aeon_quantized(self) -> bool:\n"
            "        return self.quant_config is not None\n",
            "return self.quant_config is not None",
        ),
    ),
]

# --- #32780 (1579c9b5fd): LlamaForCausalLM's Mistral remapping and LlamaAttention's Llama-4 scaling moved out
MR = "1579c9b5fd"
MRW = "LlamaForCausalLM.maybe_remap_mistral/mistral_mapping, LlamaAttention.do_llama_4_scaling removed"
CASES += [
    (
        "#32780 method removed",
        "a subclass's self. call",
        K(
            "#32780",
            MR,
            MRW,
            "vllm/aeon/mr1.py",
            "from vllm.model_executor.models.llama import LlamaForCausalLM\n\n\n"
            "class AeonLlamaLoader(LlamaForCausalLM):\n"
            "    def aeon_remapped(self, weights):\n"
            "        # AEON: the Spark's checkpoints come in the consolidated format\n"
            "        return [self.maybe_remap_mistral(name, w) for name, w in weights]\n",
            "return [self.maybe_remap_mistral(name, w) for name, w in weights]",
        ),
    ),
    (
        "#32780 class attribute removed",
        "a read on the class",
        K(
            "#32780",
            MR,
            MRW,
            "vllm/aeon/mr2.py",
            "from vllm.model_executor.models.llama import LlamaForCausalLM\n\n"
            'AEON_MAPPING = {**LlamaForCausalLM.mistral_mapping, "aeon_scale": "input_scale"}\n',
            'AEON_MAPPING = {**LlamaForCausalLM.mistral_mapping, "aeon_scale": "input_scale"}',
        ),
    ),
    (
        "#32780 attribute no longer set",
        "a subclass's self. read",
        K(
            "#32780",
            MR,
            MRW,
            "vllm/aeon/mr3.py",
            LA + "class AeonScaledAttention(LlamaAttention):\n"
            "    def aeon_scales(self) -> bool:\n"
            "        return self.do_llama_4_scaling\n",
            "return self.do_llama_4_scaling",
        ),
    ),
    (
        "#32780 method removed",
        "twin: the kept load_weights",
        K(
            "#32780",
            MR,
            MRW,
            "vllm/aeon/mr4.py",
            "from vllm.model_executor.models.llama import LlamaForCausalLM\n\n\n"
            "class AeonLlamaLoader2(LlamaForCausalLM):\n"
            "    def load_weights(self, weights):\n"
            "        return super().load_weights(weights)\n",
            "return super().load_weights(weights)",
        ),
    ),
]

# --- #33868 (e969a169ef): get_cuda_view_from_cpu_tensor renamed get_accelerator_view_from_cpu_tensor
CV = "e969a169ef"
CVW = "get_cuda_view_from_cpu_tensor renamed"
CASES += [
    (
        "#33868 function renamed",
        "an import from its module",
        K(
            "#33868",
            CV,
            CVW,
            "vllm/aeon/cv1.py",
            "from vllm.utils.torch_utils import get_cuda_view_from_cpu_tensor\n\n\n"
            "def aeon_view(cpu_tensor):\n"
            "    # AEON: the Spark's unified memory lets the GPU read host tensors in place\n"
            "    return get_cuda_view_from_cpu_tensor(cpu_tensor)\n",
            "from vllm.utils.torch_utils import get_cuda_view_from_cpu_tensor",
        ),
    ),
    (
        "#33868 function renamed",
        "an import through models.utils",
        K(
            "#33868",
            CV,
            CVW,
            "vllm/aeon/cv2.py",
            "from vllm.model_executor.models.utils import get_cuda_view_from_cpu_tensor, maybe_offload_to_cpu\n\n\n"
            "def aeon_offload(module):\n"
            "    return maybe_offload_to_cpu(module), get_cuda_view_from_cpu_tensor\n",
            "from vllm.model_executor.models.utils import get_cuda_view_from_cpu_tensor, maybe_offload_to_cpu",
        ),
    ),
    (
        "#33868 function renamed",
        "twin: the kept offload helper",
        K(
            "#33868",
            CV,
            CVW,
            "vllm/aeon/cv3.py",
            "from vllm.model_executor.models import utils as model_utils\n\n\n"
            "def aeon_offload2(module):\n"
            "    return model_utils.maybe_offload_to_cpu(module)\n",
            "return model_utils.maybe_offload_to_cpu(module)",
        ),
    ),
]

# --- #42347 (b82e908b4c): models.utils no longer imports is_pin_memory_available
PM = "b82e908b4c"
PMW = "models.utils.is_pin_memory_available no longer imported"
CASES += [
    (
        "#42347 re-exported name dropped",
        "an import through models.utils",
        K(
            "#42347",
            PM,
            PMW,
            "vllm/aeon/pm1.py",
            "import torch\n\n"
            "from vllm.model_executor.models.utils import is_pin_memory_available\n\n\n"
            "def aeon_staging(n: int) -> torch.Tensor:\n"
            "    # AEON: the Spark stages token ids in pinned memory when it can\n"
            "    return torch.empty(n, dtype=torch.int64, pin_memory=is_pin_memory_available())\n",
            "from vllm.model_executor.models.utils import is_pin_memory_available",
        ),
    ),
    (
        "#42347 re-exported name dropped",
        "a module-attribute call",
        K(
            "#42347",
            PM,
            PMW,
            "vllm/aeon/pm2.py",
            "from vllm.model_executor.models import utils as model_utils\n\n\n"
            "def aeon_pinned() -> bool:\n"
            "    return model_utils.is_pin_memory_available()\n",
            "return model_utils.is_pin_memory_available()",
        ),
    ),
    (
        "#42347 re-exported name dropped",
        "twin: a kept helper",
        K(
            "#42347",
            PM,
            PMW,
            "vllm/aeon/pm3.py",
            "from vllm.model_executor.models.utils import isin_list\n\n\n"
            "def aeon_is_special(input_ids, special: list[int]):\n"
            "    return isin_list(input_ids, special)\n",
            "return isin_list(input_ids, special)",
        ),
    ),
]


# --- batch 2 (written after the first widening, committed before the engine ran on it) -----------------------

# --- #18913 (4f4a6b844a): Qwen2EmbeddingModel removed (as_embedding_model(Qwen2ForCausalLM) serves it)
EM = "4f4a6b844a"
EMW = "qwen2.Qwen2EmbeddingModel removed"
CASES += [
    (
        "#18913 class removed",
        "an import",
        K(
            "#18913",
            EM,
            EMW,
            "vllm/aeon/em1.py",
            "from vllm.model_executor.models.qwen2 import Qwen2EmbeddingModel\n\n\n"
            "class AeonQwen2Embedding(Qwen2EmbeddingModel):\n"
            "    # AEON: the Spark's retrieval service pools the last token\n"
            "    pass\n",
            "from vllm.model_executor.models.qwen2 import Qwen2EmbeddingModel",
        ),
    ),
    (
        "#18913 class removed",
        "a module attribute in a table",
        K(
            "#18913",
            EM,
            EMW,
            "vllm/aeon/em2.py",
            "from vllm.model_executor.models import qwen2\n\n"
            'AEON_ARCHS = {"AeonQwen2Embed": qwen2.Qwen2EmbeddingModel, "AeonQwen2": qwen2.Qwen2ForCausalLM}\n',
            'AEON_ARCHS = {"AeonQwen2Embed": qwen2.Qwen2EmbeddingModel, "AeonQwen2": qwen2.Qwen2ForCausalLM}',
        ),
    ),
    (
        "#18913 class removed",
        "twin: the kept causal LM",
        K(
            "#18913",
            EM,
            EMW,
            "vllm/aeon/em3.py",
            'from vllm.model_executor.models import qwen2\n\nAEON_ARCHS2 = {"AeonQwen2": qwen2.Qwen2ForCausalLM}\n',
            'AEON_ARCHS2 = {"AeonQwen2": qwen2.Qwen2ForCausalLM}',
        ),
    ),
]

# --- #20168 (2e26f9156a): Qwen3ForSequenceClassification made as_seq_cls_model(Qwen3ForCausalLM)
SC = "2e26f9156a"
SCW = "Qwen3ForSequenceClassification.load_weights_from_original_qwen3_reranker removed"
CASES += [
    (
        "#20168 method removed",
        "a subclass's self. call",
        K(
            "#20168",
            SC,
            SCW,
            "vllm/aeon/sc1.py",
            "from vllm.model_executor.models.qwen3 import Qwen3ForSequenceClassification\n\n\n"
            "class AeonReranker(Qwen3ForSequenceClassification):\n"
            "    def load_weights(self, weights):\n"
            "        # AEON: the Spark's reranker ships the original two-token head\n"
            "        return self.load_weights_from_original_qwen3_reranker(weights)\n",
            "return self.load_weights_from_original_qwen3_reranker(weights)",
        ),
    ),
    (
        "#20168 method removed",
        "twin: super().load_weights",
        K(
            "#20168",
            SC,
            SCW,
            "vllm/aeon/sc2.py",
            "from vllm.model_executor.models.qwen3 import Qwen3ForSequenceClassification\n\n\n"
            "class AeonReranker2(Qwen3ForSequenceClassification):\n"
            "    def load_weights(self, weights):\n"
            "        return super().load_weights(weights)\n",
            "return super().load_weights(weights)",
        ),
    ),
]

# --- #11690 (e20c92bb61): Qwen2Attention.forward's attn_type moved to __init__; Qwen2DecoderLayer._attn_type gone
AT = "e20c92bb61"
ATW = "Qwen2Attention.forward(attn_type=) removed, Qwen2DecoderLayer._attn_type no longer set"
QL = "from vllm.model_executor.models.qwen2 import Qwen2DecoderLayer\n\n\n"
CASES += [
    (
        "#11690 keyword removed",
        "a keyword call of the attention attribute",
        K(
            "#11690",
            AT,
            ATW,
            "vllm/aeon/at1.py",
            QL + "class AeonQwen2Layer(Qwen2DecoderLayer):\n"
            "    def aeon_attend(self, positions, hidden_states, kv_cache, attn_metadata):\n"
            "        # AEON: the Spark's embedding variant attends both ways\n"
            '        return self.self_attn(positions, hidden_states, kv_cache, attn_metadata, attn_type="encoder_only")\n',
            'return self.self_attn(positions, hidden_states, kv_cache, attn_metadata, attn_type="encoder_only")',
        ),
    ),
    (
        "#11690 attribute no longer set",
        "a subclass's self. read",
        K(
            "#11690",
            AT,
            ATW,
            "vllm/aeon/at2.py",
            QL + "class AeonQwen2Layer2(Qwen2DecoderLayer):\n"
            "    def aeon_is_causal(self) -> bool:\n"
            '        return self._attn_type == "decoder"\n',
            'return self._attn_type == "decoder"',
        ),
    ),
    (
        "#11690 keyword removed",
        "twin: the kept rotary embedding",
        K(
            "#11690",
            AT,
            ATW,
            "vllm/aeon/at3.py",
            QL + "class AeonQwen2Layer3(Qwen2DecoderLayer):\n"
            "    def aeon_rotate(self, positions, q, k):\n"
            "        return self.self_attn.rotary_emb(positions, q, k)\n",
            "return self.self_attn.rotary_emb(positions, q, k)",
        ),
    ),
]

# --- #31760 (cd1245a184): Qwen2Model no longer maps decoder_layer_type=None to Qwen2DecoderLayer
DL = "cd1245a184"
DLW = "Qwen2Model(decoder_layer_type=None) no longer defaulted"
CASES += [
    (
        "#31760 None no longer accepted",
        "a subclass's super().__init__ with None",
        K(
            "#31760",
            DL,
            DLW,
            "vllm/aeon/dl1.py",
            "from vllm.model_executor.models.qwen2 import Qwen2Model\n\n\n"
            "class AeonQwen2Model(Qwen2Model):\n"
            '    def __init__(self, *, vllm_config, prefix: str = ""):\n'
            "        # AEON: upstream's decoder layer; the Spark only swaps the norm afterwards\n"
            "        super().__init__(vllm_config=vllm_config, prefix=prefix, decoder_layer_type=None)\n",
            "super().__init__(vllm_config=vllm_config, prefix=prefix, decoder_layer_type=None)",
        ),
    ),
    (
        "#31760 None no longer accepted",
        "a keyword call with None",
        K(
            "#31760",
            DL,
            DLW,
            "vllm/aeon/dl2.py",
            "from vllm.model_executor.models.qwen2 import Qwen2Model\n\n\n"
            "def aeon_backbone(vllm_config, prefix: str):\n"
            "    return Qwen2Model(vllm_config=vllm_config, prefix=prefix, decoder_layer_type=None)\n",
            "return Qwen2Model(vllm_config=vllm_config, prefix=prefix, decoder_layer_type=None)",
        ),
    ),
    (
        "#31760 None no longer accepted",
        "twin: a layer class passed",
        K(
            "#31760",
            DL,
            DLW,
            "vllm/aeon/dl3.py",
            "from vllm.model_executor.models.qwen2 import Qwen2DecoderLayer, Qwen2Model\n\n\n"
            "def aeon_backbone2(vllm_config, prefix: str):\n"
            "    return Qwen2Model(vllm_config=vllm_config, prefix=prefix, decoder_layer_type=Qwen2DecoderLayer)\n",
            "return Qwen2Model(vllm_config=vllm_config, prefix=prefix, decoder_layer_type=Qwen2DecoderLayer)",
        ),
    ),
]

# --- #17772 (dd2a94596a): Qwen2Model's partial sliding window check raises AssertionError, not ValueError
SW = "dd2a94596a"
SWW = "Qwen2Model.__init__ ValueError -> assert"
CASES += [
    (
        "#17772 exception kind changed",
        "an except round the constructor",
        K(
            "#17772",
            SW,
            SWW,
            "vllm/aeon/sw1.py",
            "from vllm.model_executor.models.qwen2 import Qwen2Model\n\n\n"
            "def aeon_build(vllm_config, prefix: str):\n"
            "    try:\n"
            "        return Qwen2Model(vllm_config=vllm_config, prefix=prefix)\n"
            "    except ValueError:\n"
            "        # AEON: partial sliding windows: the Spark's own model serves them\n"
            "        return None\n",
            "except ValueError:",
        ),
    ),
    (
        "#17772 exception kind changed",
        "twin: both kinds caught",
        K(
            "#17772",
            SW,
            SWW,
            "vllm/aeon/sw2.py",
            "from vllm.model_executor.models.qwen2 import Qwen2Model\n\n\n"
            "def aeon_build2(vllm_config, prefix: str):\n"
            "    try:\n"
            "        return Qwen2Model(vllm_config=vllm_config, prefix=prefix)\n"
            "    except (ValueError, AssertionError):\n"
            "        return None\n",
            "except (ValueError, AssertionError):",
        ),
    ),
]

# --- #21927 (c49848396d): LlamaAttention reads layer_types/sliding_window, no longer interleaved_sliding_window
IS = "c49848396d"
ISW = "config.interleaved_sliding_window no longer read by LlamaAttention"
CASES += [
    (
        "#21927 config attribute no longer read",
        "a write on the config",
        K(
            "#21927",
            IS,
            ISW,
            "vllm/aeon/is1.py",
            "from transformers import LlamaConfig\n\n\n"
            "def aeon_windowed(config: LlamaConfig, window: int) -> LlamaConfig:\n"
            "    # AEON: GB10 serves long prompts with a sliding window on every layer\n"
            "    config.interleaved_sliding_window = window\n"
            "    return config\n",
            "config.interleaved_sliding_window = window",
        ),
    ),
    (
        "#21927 config attribute no longer read",
        "twin: the new layer types",
        K(
            "#21927",
            IS,
            ISW,
            "vllm/aeon/is2.py",
            "from transformers import LlamaConfig\n\n\n"
            "def aeon_windowed2(config: LlamaConfig, window: int) -> LlamaConfig:\n"
            '    config.layer_types = ["sliding_attention"] * config.num_hidden_layers\n'
            "    config.sliding_window = window\n"
            "    return config\n",
            "config.sliding_window = window",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-llamamodels-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
