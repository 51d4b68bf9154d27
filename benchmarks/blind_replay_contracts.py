"""A blind replay of the contracts fork model and engine code is written against: interfaces, registries, plug-ins.

First-parent commits touching surfaces no other replay covers -- the model interfaces a fork's own models
implement (SupportsMultiModal's embedding hook and its ``hasattr`` fallback, SupportsMRoPE's
``get_mrope_input_positions``, SupportsTranscription's ``get_generation_prompt``), the model registry (a
model module upstream consolidated away, named by string in a lazy registration and in the registry's
table), the v1 attention metadata builders' constructor contract, the structured-output ABCs a fork's own
grammar backend subclasses (abstract methods added), the logits-processor batch-update tuples (an element
made Optional), the sampler's metadata dataclass (a field inserted), the pooling methods (the hook the base
called renamed into ``forward``; the pooling-type enum retired into a Literal), and ``vllm.utils`` split
(a deprecated re-export dropped, an enum turned into a Literal and moved) -- picked by scanning those
paths' diffs (``git log --first-parent -p``), not from the engine's tests or the other replays.
Each is replayed under 1-3 fork spellings written the way fork code is written (a fork model's hook, a
class-attribute alias of a hook, a subclass override with the old parameters, a positional dataclass
construction, a ``super().__init__`` of the old shape, a lazy registration by ``"module:Class"``, a table
entry by module name, an import of a dropped re-export, a keyword of a removed msgspec field, ``len()``
of a tuple element made Optional), with twins (fork code the commit does not break).  The merge base is
the commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on its
line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 60422449): 16 caught, 0 warned, 6 missed of 22 (twins: 13
quiet, 0 false errors).  The misses: #30458's two (a fork model's ``get_multimodal_embeddings``, and a
class-attribute alias of it, which ``SupportsMultiModal.embed_multimodal`` no longer falls back to: nothing
the fork's model says reaches the engine; no base defines the name, so no override check looked), #31285's
``from vllm.utils import get_open_port`` and #27658's two uses of ``LayerBlockType`` (vllm/utils has a
module ``__getattr__``, a deprecation shim serving three names from a table; the engine read it as serving
any name, so nothing missing from vllm.utils was ever reported), #24278's ``len(prompt_tok_ids)`` (the
tuple alias's element made Optional: no check compared a tuple alias's elements).
After the killers43 widenings: 22 caught, 0 warned, 0 missed of 22, and 23 of 23 with the one spelling added
with them (#24278's ``len(req.prompt_token_ids)`` off ``NewRequestData``, whose field the same commit made
Optional; main's engine misses it too) (twins: 13 quiet, 0 false errors).  Caught now: a name a module's
closed ``__getattr__`` does not serve (symbol drift: the shim serves a fixed table and raises for the rest;
a name it served is looked up where its table says, and gone when the shim goes); a fork's own method or
class attribute a base's method called on ``self`` as a fallback and no longer calls (symbol drift); an
element of a tuple alias, a class field or a method's return upstream made Optional, used as a value with
no None test (type drift).

  python benchmarks/blind_replay_contracts.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #30458 (979f50efd0): SupportsMultiModal.embed_multimodal no longer falls back to a model's
#     get_multimodal_embeddings (the hasattr fallback #27583 kept is gone): a fork model that only defines
#     the old hook is never asked for its embeddings (the protocol's body is ``...``: None).
EM = "979f50efd0"
EMW = "embed_multimodal's fallback to get_multimodal_embeddings removed"
MMI = (
    "import torch\nfrom torch import nn\n\n"
    "from vllm.model_executor.models.interfaces import MultiModalEmbeddings, SupportsMultiModal\n\n\n"
)
CASES += [
    (
        "#30458 interface hook fallback removed",
        "a fork model defining the old hook",
        K(
            "#30458",
            EM,
            EMW,
            "vllm/aeon/mm1.py",
            MMI + "class AeonSparkVision(nn.Module, SupportsMultiModal):\n"
            "    # AEON: the fork's own small VLM for the Spark demo\n"
            "    def __init__(self, tower: nn.Module) -> None:\n"
            "        super().__init__()\n"
            "        self.tower = tower\n\n"
            "    def get_multimodal_embeddings(self, **kwargs: object) -> MultiModalEmbeddings:\n"
            "        pixel_values = kwargs['pixel_values']\n"
            "        return [self.tower(pixel_values)]\n",
            "def get_multimodal_embeddings(self, **kwargs: object) -> MultiModalEmbeddings:",
        ),
    ),
    (
        "#30458 interface hook fallback removed",
        "a class-attribute alias of the old hook",
        K(
            "#30458",
            EM,
            EMW,
            "vllm/aeon/mm2.py",
            MMI + "class AeonSparkAudio(nn.Module, SupportsMultiModal):\n"
            "    def __init__(self, encoder: nn.Module) -> None:\n"
            "        super().__init__()\n"
            "        self.encoder = encoder\n\n"
            "    def _embed_audio(self, **kwargs: object) -> MultiModalEmbeddings:\n"
            "        return [self.encoder(kwargs['input_features'])]\n\n"
            "    get_multimodal_embeddings = _embed_audio\n",
            "get_multimodal_embeddings = _embed_audio",
        ),
    ),
    (
        "#30458 interface hook fallback removed",
        "twin: a fork model defining the new hook",
        K(
            "#30458",
            EM,
            EMW,
            "vllm/aeon/mm3.py",
            MMI + "class AeonSparkDepth(nn.Module, SupportsMultiModal):\n"
            "    def __init__(self, tower: nn.Module) -> None:\n"
            "        super().__init__()\n"
            "        self.tower = tower\n\n"
            "    def embed_multimodal(self, **kwargs: object) -> MultiModalEmbeddings:\n"
            "        return [self.tower(kwargs['pixel_values'])]\n",
            "def embed_multimodal(self, **kwargs: object) -> MultiModalEmbeddings:",
        ),
    ),
]

# --- #28399 (afffd3cc8a): get_mrope_input_positions(input_tokens, hf_config, image_grid_thw, video_grid_thw,
#     ...) -> (input_tokens, mm_features); the runner now calls it with the request's mm_features.
MR = "afffd3cc8a"
MRW = "get_mrope_input_positions takes mm_features instead of the grids"
CASES += [
    (
        "#28399 interface method parameters replaced",
        "a subclass override with the old parameters",
        K(
            "#28399",
            MR,
            MRW,
            "vllm/aeon/mr1.py",
            "import torch\nfrom transformers import PretrainedConfig\n\n"
            "from vllm.model_executor.models.qwen2_vl import Qwen2VLForConditionalGeneration\n\n\n"
            "class AeonQwen2VL(Qwen2VLForConditionalGeneration):\n"
            "    # AEON: the Spark camera samples frames at a fixed stride; stretch the temporal positions\n"
            "    def get_mrope_input_positions(\n"
            "        self,\n"
            "        input_tokens: list[int],\n"
            "        hf_config: PretrainedConfig,\n"
            "        image_grid_thw: list[list[int]] | torch.Tensor | None,\n"
            "        video_grid_thw: list[list[int]] | torch.Tensor | None,\n"
            "        second_per_grid_ts: list[float] | None = None,\n"
            "        audio_feature_lengths: torch.Tensor | None = None,\n"
            "        use_audio_in_video: bool = False,\n"
            "    ) -> tuple[torch.Tensor, int]:\n"
            "        positions, delta = super().get_mrope_input_positions(\n"
            "            input_tokens, hf_config, image_grid_thw, video_grid_thw, second_per_grid_ts\n"
            "        )\n"
            "        return positions * 2, delta\n",
            "def get_mrope_input_positions(",
        ),
    ),
    (
        "#28399 interface method parameters replaced",
        "a fork call by the old keywords",
        K(
            "#28399",
            MR,
            MRW,
            "vllm/aeon/mr2.py",
            "from vllm.model_executor.models.qwen2_vl import Qwen2VLForConditionalGeneration\n\n\n"
            "def aeon_positions(model: Qwen2VLForConditionalGeneration, tokens: list[int], hf_config, grid):\n"
            "    # AEON: the offline planner precomputes M-RoPE positions for cached prompts\n"
            "    return model.get_mrope_input_positions(tokens, hf_config=hf_config, image_grid_thw=grid, video_grid_thw=None)\n",
            "return model.get_mrope_input_positions(tokens, hf_config=hf_config, image_grid_thw=grid, video_grid_thw=None)",
        ),
    ),
    (
        "#28399 interface method parameters replaced",
        "twin: an override of a method the commit left alone",
        K(
            "#28399",
            MR,
            MRW,
            "vllm/aeon/mr3.py",
            "import torch\n\nfrom vllm.model_executor.models.qwen2_vl import Qwen2VLForConditionalGeneration\n\n\n"
            "class AeonQwen2VLLogged(Qwen2VLForConditionalGeneration):\n"
            "    def compute_logits(self, hidden_states: torch.Tensor) -> torch.Tensor | None:\n"
            "        return super().compute_logits(hidden_states)\n",
            "return super().compute_logits(hidden_states)",
        ),
    ),
]

# --- #36268 (4eafc72928): SupportsTranscription.get_generation_prompt(audio, model_config, stt_config,
#     language, task_type, request_prompt, to_language) -> (stt_params: SpeechToTextParams)
GP = "4eafc72928"
GPW = "get_generation_prompt's seven parameters bundled into SpeechToTextParams"
WH = "import numpy as np\n\nfrom vllm.model_executor.models.whisper import WhisperForConditionalGeneration\n\n\n"
CASES += [
    (
        "#36268 interface classmethod parameters bundled",
        "a subclass override with the old parameters",
        K(
            "#36268",
            GP,
            GPW,
            "vllm/aeon/gp1.py",
            WH + "class AeonWhisper(WhisperForConditionalGeneration):\n"
            "    @classmethod\n"
            "    def get_generation_prompt(cls, audio, model_config, stt_config, language, task_type, request_prompt, to_language):\n"
            "        # AEON: the fleet's call-centre prompt is prepended to every transcription\n"
            "        prompt = 'aeon: ' + request_prompt\n"
            "        return super().get_generation_prompt(\n"
            "            audio, model_config, stt_config, language, task_type, prompt, to_language\n"
            "        )\n",
            "def get_generation_prompt(cls, audio, model_config, stt_config, language, task_type, request_prompt, to_language):",
        ),
    ),
    (
        "#36268 interface classmethod parameters bundled",
        "a positional call off the class",
        K(
            "#36268",
            GP,
            GPW,
            "vllm/aeon/gp2.py",
            WH + "def aeon_warmup_prompt(audio: np.ndarray, model_config, stt_config):\n"
            "    # AEON: warm the encoder with one silent clip before the first request\n"
            "    return WhisperForConditionalGeneration.get_generation_prompt(audio, model_config, stt_config, 'en', 'transcribe', '', None)\n",
            "return WhisperForConditionalGeneration.get_generation_prompt(audio, model_config, stt_config, 'en', 'transcribe', '', None)",
        ),
    ),
    (
        "#36268 interface classmethod parameters bundled",
        "twin: a call of a classmethod the commit left alone",
        K(
            "#36268",
            GP,
            GPW,
            "vllm/aeon/gp3.py",
            WH + "def aeon_clip_seconds(model_config) -> float:\n"
            "    return WhisperForConditionalGeneration.get_speech_to_text_config(model_config, 'transcribe').max_audio_clip_s\n",
            "return WhisperForConditionalGeneration.get_speech_to_text_config(model_config, 'transcribe').max_audio_clip_s",
        ),
    ),
]

# --- #34539 (2e56975657): SamplingMetadata gains ``logprob_token_ids`` in front of ``spec_token_ids``
SM = "2e56975657"
SMW = "SamplingMetadata.logprob_token_ids inserted before spec_token_ids"
SMI = "from vllm.v1.sample.metadata import SamplingMetadata\n\n\n"
CASES += [
    (
        "#34539 sampler metadata field inserted",
        "a positional construction passing the draft ids last",
        K(
            "#34539",
            SM,
            SMW,
            "vllm/aeon/sm1.py",
            SMI + "def aeon_draft_metadata(b: SamplingMetadata, draft_ids: list[list[int]]) -> SamplingMetadata:\n"
            "    # AEON: the DFlash verifier re-samples with the drafter's ids attached\n"
            "    return SamplingMetadata(b.temperature, b.all_greedy, b.all_random, b.top_p, b.top_k, b.generators, b.max_num_logprobs, b.no_penalties, b.prompt_token_ids, b.frequency_penalties, b.presence_penalties, b.repetition_penalties, b.output_token_ids, b.allowed_token_ids_mask, b.bad_words_token_ids, b.logitsprocs, draft_ids)\n",
            "return SamplingMetadata(b.temperature, b.all_greedy, b.all_random, b.top_p, b.top_k, b.generators, b.max_num_logprobs, b.no_penalties, b.prompt_token_ids, b.frequency_penalties, b.presence_penalties, b.repetition_penalties, b.output_token_ids, b.allowed_token_ids_mask, b.bad_words_token_ids, b.logitsprocs, draft_ids)",
        ),
    ),
    (
        "#34539 sampler metadata field inserted",
        "twin: dataclasses.replace by keyword",
        K(
            "#34539",
            SM,
            SMW,
            "vllm/aeon/sm2.py",
            "import dataclasses\n\n"
            + SMI
            + "def aeon_with_drafts(b: SamplingMetadata, draft_ids: list[list[int]]) -> SamplingMetadata:\n"
            "    return dataclasses.replace(b, spec_token_ids=draft_ids)\n",
            "return dataclasses.replace(b, spec_token_ids=draft_ids)",
        ),
    ),
]

# --- #21412 (555e7225bc): AttentionMetadataBuilder.__init__(kv_cache_spec, vllm_config, device) gains
#     ``layer_names`` second; the runner constructs every builder as (spec, layer_names, vllm_config, device)
AB = "555e7225bc"
ABW = "attention metadata builders' constructor gains layer_names in second place"
FAB = (
    "import torch\n\nfrom vllm.config import VllmConfig\n"
    "from vllm.v1.attention.backends.flash_attn import FlashAttentionMetadataBuilder\n"
    "from vllm.v1.attention.backends.utils import CommonAttentionMetadata\n"
    "from vllm.v1.kv_cache_interface import AttentionSpec\n\n\n"
)
CASES += [
    (
        "#21412 builder constructor parameter inserted",
        "a builder subclass's __init__ of the old shape",
        K(
            "#21412",
            AB,
            ABW,
            "vllm/aeon/ab1.py",
            FAB + "class AeonSparkFlashBuilder(FlashAttentionMetadataBuilder):\n"
            "    # AEON: GB10 prefers fewer split-KV chunks\n"
            "    def __init__(self, kv_cache_spec: AttentionSpec, vllm_config: VllmConfig, device: torch.device):\n"
            "        super().__init__(kv_cache_spec, vllm_config, device)\n"
            "        self.aeon_max_splits = 4\n",
            "def __init__(self, kv_cache_spec: AttentionSpec, vllm_config: VllmConfig, device: torch.device):",
        ),
    ),
    (
        "#21412 builder constructor parameter inserted",
        "a positional construction of an upstream builder",
        K(
            "#21412",
            AB,
            ABW,
            "vllm/aeon/ab2.py",
            FAB + "def aeon_probe_builder(spec: AttentionSpec, vllm_config: VllmConfig, device: torch.device):\n"
            "    # AEON: the capture-size probe builds metadata outside the runner\n"
            "    return FlashAttentionMetadataBuilder(spec, vllm_config, device)\n",
            "return FlashAttentionMetadataBuilder(spec, vllm_config, device)",
        ),
    ),
    (
        "#21412 builder constructor parameter inserted",
        "twin: a builder subclass overriding build only",
        K(
            "#21412",
            AB,
            ABW,
            "vllm/aeon/ab3.py",
            FAB + "class AeonTracedFlashBuilder(FlashAttentionMetadataBuilder):\n"
            "    def build(self, common_prefix_len: int, common_attn_metadata: CommonAttentionMetadata, fast_build: bool = False):\n"
            "        return super().build(common_prefix_len, common_attn_metadata, fast_build)\n",
            "return super().build(common_prefix_len, common_attn_metadata, fast_build)",
        ),
    ),
]

# --- #14702 (34120f5acd): StructuredOutputGrammar gains abstract validate_tokens and rollback
SG = "34120f5acd"
SGW = "StructuredOutputGrammar gains abstract validate_tokens / rollback"
SGI = (
    "import torch\n\n"
    "from vllm.v1.structured_output.backend_types import StructuredOutputGrammar\n"
    "from vllm.v1.structured_output.backend_xgrammar import XgrammarGrammar\n\n\n"
)
CASES += [
    (
        "#14702 ABC gains abstract methods",
        "a fork grammar implementing the old abstract set",
        K(
            "#14702",
            SG,
            SGW,
            "vllm/aeon/sg1.py",
            SGI + "class AeonRegexGrammar(StructuredOutputGrammar):\n"
            "    # AEON: the fleet's log-line grammar, a compiled DFA\n"
            "    def __init__(self, dfa) -> None:\n"
            "        self.dfa = dfa\n"
            "        self.state = dfa.start\n\n"
            "    def accept_tokens(self, request_id: str, tokens: list[int]) -> bool:\n"
            "        for t in tokens:\n"
            "            self.state = self.dfa.step(self.state, t)\n"
            "        return self.state is not None\n\n"
            "    def fill_bitmask(self, bitmask: torch.Tensor, batch_index: int) -> None:\n"
            "        bitmask[batch_index] = self.dfa.mask(self.state)\n\n"
            "    def is_terminated(self) -> bool:\n"
            "        return self.dfa.final(self.state)\n\n"
            "    def reset(self):\n"
            "        self.state = self.dfa.start\n",
            "class AeonRegexGrammar(StructuredOutputGrammar):",
        ),
    ),
    (
        "#14702 ABC gains abstract methods",
        "twin: a subclass of the concrete upstream grammar",
        K(
            "#14702",
            SG,
            SGW,
            "vllm/aeon/sg2.py",
            SGI + "class AeonTracedGrammar(XgrammarGrammar):\n"
            "    def accept_tokens(self, request_id: str, tokens: list[int]) -> bool:\n"
            "        return super().accept_tokens(request_id, tokens)\n",
            "class AeonTracedGrammar(XgrammarGrammar):",
        ),
    ),
]

# --- #16954 (b724afe343): StructuredOutputBackend gains abstract destroy()
SB = "b724afe343"
SBW = "StructuredOutputBackend gains abstract destroy"
SBI = (
    "from vllm.v1.structured_output.backend_types import StructuredOutputBackend, StructuredOutputOptions\n"
    "from vllm.v1.structured_output.backend_xgrammar import XgrammarBackend\n\n\n"
)
CASES += [
    (
        "#16954 ABC gains an abstract method",
        "a fork backend implementing the old abstract set",
        K(
            "#16954",
            SB,
            SBW,
            "vllm/aeon/sb1.py",
            SBI + "class AeonDfaBackend(StructuredOutputBackend):\n"
            "    def __init__(self, vllm_config) -> None:\n"
            "        self.vllm_config = vllm_config\n\n"
            "    def compile_grammar(self, request_type: StructuredOutputOptions, grammar_spec: str):\n"
            "        return None\n\n"
            "    def allocate_token_bitmask(self, max_num_seqs: int):\n"
            "        return None\n",
            "class AeonDfaBackend(StructuredOutputBackend):",
        ),
    ),
    (
        "#16954 ABC gains an abstract method",
        "twin: a subclass of the concrete upstream backend",
        K(
            "#16954",
            SB,
            SBW,
            "vllm/aeon/sb2.py",
            SBI + "class AeonXgrammarBackend(XgrammarBackend):\n"
            "    def allocate_token_bitmask(self, max_num_seqs: int):\n"
            "        return super().allocate_token_bitmask(max_num_seqs)\n",
            "class AeonXgrammarBackend(XgrammarBackend):",
        ),
    ),
]

# --- #28101 (934a9c3b79): the Deepseek-MoE model file (models/deepseek.py) consolidated into deepseek_v2.py
DS = "934a9c3b79"
DSW = "models/deepseek.py removed; DeepseekForCausalLM lives in deepseek_v2"
REG = "vllm/model_executor/models/registry.py"
CASES += [
    (
        "#28101 model module consolidated away",
        "a lazy registration by 'module:Class'",
        K(
            "#28101",
            DS,
            DSW,
            "vllm/aeon/ds1.py",
            "from vllm import ModelRegistry\n\n\n"
            "def aeon_register() -> None:\n"
            "    # AEON: the fleet's Deepseek-MoE finetune keeps its own architecture name\n"
            "    ModelRegistry.register_model('AeonDeepseekMoE', 'vllm.model_executor.models.deepseek:DeepseekForCausalLM')\n",
            "ModelRegistry.register_model('AeonDeepseekMoE', 'vllm.model_executor.models.deepseek:DeepseekForCausalLM')",
        ),
    ),
    (
        "#28101 model module consolidated away",
        "an entry in the registry's table by module name",
        Killer(
            "#28101",
            DS,
            DSW,
            (
                Edit(
                    REG,
                    '    "AeonDeepseekMoEForCausalLM": ("deepseek", "DeepseekForCausalLM"),  # AEON\n',
                    anchor='    "LlamaForCausalLM": ("llama", "LlamaForCausalLM"),',
                ),
            ),
            ((REG, '"AeonDeepseekMoEForCausalLM": ("deepseek", "DeepseekForCausalLM"),  # AEON'),),
        ),
    ),
    (
        "#28101 model module consolidated away",
        "twin: a lazy registration naming the module that stays",
        K(
            "#28101",
            DS,
            DSW,
            "vllm/aeon/ds3.py",
            "from vllm import ModelRegistry\n\n\n"
            "def aeon_register_v2() -> None:\n"
            "    ModelRegistry.register_model('AeonDeepseekV2', 'vllm.model_executor.models.deepseek_v2:DeepseekV2ForCausalLM')\n",
            "ModelRegistry.register_model('AeonDeepseekV2', 'vllm.model_executor.models.deepseek_v2:DeepseekV2ForCausalLM')",
        ),
    ),
]

# --- #31285 (09dc7c690c): v0.14 deprecations dropped: vllm.utils' module __getattr__ that served
#     get_open_port, LoRARequest.lora_local_path (a msgspec field) and its local_path property
DP = "09dc7c690c"
DPW = "deprecated re-export and LoRARequest fields dropped"
CASES += [
    (
        "#31285 deprecated re-export dropped",
        "an import served by the module __getattr__",
        K(
            "#31285",
            DP,
            DPW,
            "vllm/aeon/dp1.py",
            "from vllm.utils import get_open_port\n\n\n"
            "def aeon_side_port() -> int:\n"
            "    # AEON: the metrics sidecar binds a free port next to the server\n"
            "    return get_open_port()\n",
            "from vllm.utils import get_open_port",
        ),
    ),
    (
        "#31285 deprecated re-export dropped",
        "a keyword of the removed msgspec field",
        K(
            "#31285",
            DP,
            DPW,
            "vllm/aeon/dp2.py",
            "from vllm.lora.request import LoRARequest\n\n\n"
            "def aeon_adapter(name: str, lora_id: int, path: str) -> LoRARequest:\n"
            "    return LoRARequest(name, lora_id, lora_local_path=path)\n",
            "return LoRARequest(name, lora_id, lora_local_path=path)",
        ),
    ),
    (
        "#31285 deprecated re-export dropped",
        "a read of the removed property",
        K(
            "#31285",
            DP,
            DPW,
            "vllm/aeon/dp3.py",
            "from vllm.lora.request import LoRARequest\n\n\n"
            "def aeon_adapter_dir(request: LoRARequest) -> str:\n"
            "    return request.local_path\n",
            "return request.local_path",
        ),
    ),
    (
        "#31285 deprecated re-export dropped",
        "twin: the import from the module it moved to",
        K(
            "#31285",
            DP,
            DPW,
            "vllm/aeon/dp4.py",
            "from vllm.utils.network_utils import get_open_port\n\n\n"
            "def aeon_side_port() -> int:\n"
            "    return get_open_port()\n",
            "from vllm.utils.network_utils import get_open_port",
        ),
    ),
]

# --- #27658 (f5710ef02a): vllm.utils.LayerBlockType (an Enum) -> a Literal in vllm.config.model
LB = "f5710ef02a"
LBW = "LayerBlockType Enum removed from vllm.utils (a Literal of strings now)"
CASES += [
    (
        "#27658 enum made a Literal and moved",
        "an enum member passed to the config",
        K(
            "#27658",
            LB,
            LBW,
            "vllm/aeon/lb1.py",
            "from vllm.config import ModelConfig, ParallelConfig\nfrom vllm.utils import LayerBlockType\n\n\n"
            "def aeon_mamba_layers(model_config: ModelConfig, parallel_config: ParallelConfig) -> int:\n"
            "    # AEON: size the Nemotron-H state pool by the mamba layer count\n"
            "    return model_config.get_num_layers_by_block_type(parallel_config, LayerBlockType.mamba)\n",
            "from vllm.utils import LayerBlockType",
        ),
    ),
    (
        "#27658 enum made a Literal and moved",
        "a member off a module alias",
        K(
            "#27658",
            LB,
            LBW,
            "vllm/aeon/lb2.py",
            "import vllm.utils as vu\nfrom vllm.config import ModelConfig, ParallelConfig\n\n\n"
            "def aeon_attn_layers(model_config: ModelConfig, parallel_config: ParallelConfig) -> int:\n"
            "    return model_config.get_num_layers_by_block_type(parallel_config, vu.LayerBlockType.attention)\n",
            "return model_config.get_num_layers_by_block_type(parallel_config, vu.LayerBlockType.attention)",
        ),
    ),
    (
        "#27658 enum made a Literal and moved",
        "twin: the default block type",
        K(
            "#27658",
            LB,
            LBW,
            "vllm/aeon/lb3.py",
            "from vllm.config import ModelConfig, ParallelConfig\n\n\n"
            "def aeon_default_layers(model_config: ModelConfig, parallel_config: ParallelConfig) -> int:\n"
            "    return model_config.get_num_layers_by_block_type(parallel_config)\n",
            "return model_config.get_num_layers_by_block_type(parallel_config)",
        ),
    ),
]

# --- #24278 (9a4600e4dc): AddedRequest = tuple[int, SamplingParams, list[int], list[int]]
#     -> tuple[int, SamplingParams, Optional[list[int]], list[int]] (prompt-embeds requests have no ids)
LP = "9a4600e4dc"
LPW = "logits processors' AddedRequest prompt ids made Optional"
LPI = "from typing import Optional\n\nfrom vllm.v1.sample.logits_processor import BatchUpdate, LogitsProcessor\n\n\n"
CASES += [
    (
        "#24278 batch-update tuple element made Optional",
        "len() of the prompt ids in a fork processor",
        K(
            "#24278",
            LP,
            LPW,
            "vllm/aeon/lp1.py",
            LPI + "class AeonPromptLenProcessor(LogitsProcessor):\n"
            "    # AEON: damp EOS for short prompts on the Spark chat fleet\n"
            "    def update_state(self, batch_update: Optional[BatchUpdate]) -> None:\n"
            "        if not batch_update:\n"
            "            return\n"
            "        for index, params, prompt_tok_ids, output_tok_ids in batch_update.added:\n"
            "            self.prompt_lens[index] = len(prompt_tok_ids)\n",
            "self.prompt_lens[index] = len(prompt_tok_ids)",
        ),
    ),
    (
        "#24278 batch-update tuple element made Optional",
        "len() of a request field made Optional (added with the widening)",
        K(
            "#24278",
            LP,
            LPW,
            "vllm/aeon/lp3.py",
            "from vllm.v1.core.sched.output import NewRequestData\n\n\n"
            "def aeon_prompt_len(req: NewRequestData) -> int:\n"
            "    # AEON: the DFlash drafter sizes its prefill by the prompt\n"
            "    return len(req.prompt_token_ids)\n",
            "return len(req.prompt_token_ids)",
        ),
    ),
    (
        "#24278 batch-update tuple element made Optional",
        "twin: len() of the output ids",
        K(
            "#24278",
            LP,
            LPW,
            "vllm/aeon/lp2.py",
            LPI + "class AeonOutputLenProcessor(LogitsProcessor):\n"
            "    def update_state(self, batch_update: Optional[BatchUpdate]) -> None:\n"
            "        if not batch_update:\n"
            "            return\n"
            "        for index, params, _, output_tok_ids in batch_update.added:\n"
            "            self.output_lens[index] = len(output_tok_ids)\n",
            "self.output_lens[index] = len(output_tok_ids)",
        ),
    ),
]

# --- #31897 (b7036c87a1): PoolingMethod.forward no longer calls forward_all(hidden_states, cursor);
#     every pooling method implements forward(hidden_states, pooling_metadata) itself
PM = "b7036c87a1"
PMW = "pooling methods' forward_all hook folded into forward"
PMI = (
    "import torch\n\n"
    "from vllm.model_executor.layers.pooler import LastPool, PoolingMethod\n"
    "from vllm.v1.pool.metadata import PoolingCursor\n\n\n"
)
CASES += [
    (
        "#31897 template hook folded into the caller",
        "a subclass override of the old hook",
        K(
            "#31897",
            PM,
            PMW,
            "vllm/aeon/pm1.py",
            PMI + "class AeonNormLastPool(LastPool):\n"
            "    # AEON: the retrieval fleet wants unit-norm last-token embeddings\n"
            "    def forward_all(self, hidden_states: torch.Tensor, pooling_cursor: PoolingCursor):\n"
            "        pooled = super().forward_all(hidden_states, pooling_cursor)\n"
            "        return torch.nn.functional.normalize(pooled, dim=-1)\n",
            "def forward_all(self, hidden_states: torch.Tensor, pooling_cursor: PoolingCursor):",
        ),
    ),
    (
        "#31897 template hook folded into the caller",
        "a fork pooling method implementing only the old hook",
        K(
            "#31897",
            PM,
            PMW,
            "vllm/aeon/pm2.py",
            PMI + "class AeonWeightedMeanPool(PoolingMethod):\n"
            "    def get_supported_tasks(self):\n"
            "        return {'embed'}\n\n"
            "    def forward_all(self, hidden_states: torch.Tensor, pooling_cursor: PoolingCursor):\n"
            "        return hidden_states[pooling_cursor.last_token_indices_gpu]\n",
            "def forward_all(self, hidden_states: torch.Tensor, pooling_cursor: PoolingCursor):",
        ),
    ),
    (
        "#31897 template hook folded into the caller",
        "twin: an override of the supported tasks only",
        K(
            "#31897",
            PM,
            PMW,
            "vllm/aeon/pm3.py",
            PMI + "class AeonEmbedOnlyLastPool(LastPool):\n"
            "    def get_supported_tasks(self):\n"
            "        return {'embed'}\n",
            "return {'embed'}",
        ),
    ),
]

# --- #31951 (d1b6fe007f): pooler.PoolingType (IntEnum) removed; from_pooling_type takes a PoolingTypeStr
PT = "d1b6fe007f"
PTW = "PoolingType IntEnum removed (a Literal of strings in config.pooler)"
CASES += [
    (
        "#31951 enum removed for a Literal",
        "an enum member handed to the factory",
        K(
            "#31951",
            PT,
            PTW,
            "vllm/aeon/pt1.py",
            "from vllm.model_executor.layers.pooler import PoolingMethod, PoolingType\n\n\n"
            "def aeon_pool() -> PoolingMethod:\n"
            "    return PoolingMethod.from_pooling_type(PoolingType.MEAN)\n",
            "from vllm.model_executor.layers.pooler import PoolingMethod, PoolingType",
        ),
    ),
    (
        "#31951 enum removed for a Literal",
        "twin: the factory by another kept class",
        K(
            "#31951",
            PT,
            PTW,
            "vllm/aeon/pt2.py",
            "from vllm.model_executor.layers.pooler import PoolingMethod\n\n\n"
            "def aeon_is_pool(obj: object) -> bool:\n"
            "    return isinstance(obj, PoolingMethod)\n",
            "return isinstance(obj, PoolingMethod)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-contracts-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
