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


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-llamamodels-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
