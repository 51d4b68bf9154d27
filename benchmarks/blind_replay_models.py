"""A blind replay of the multimodal-processor hooks and model-file hooks a fork's own models implement.

8 first-parent commits on the surface a fork that carries its own multimodal model (or subclasses upstream's)
writes code against -- the multimodal processor's hooks (``BaseMultiModalProcessor._get_data_parser``
removed, then its override refused; ``BaseDummyInputsBuilder.get_dummy_mm_data`` given, then stripped of, a
``mm_processor_kwargs`` keyword, ``mm_options`` made required; ``PromptUpdate.resolve`` lost its ``tokenizer``
parameter) and the model file's hooks (``compute_logits`` lost ``sampling_metadata`` and
``LogitsProcessor.forward`` with it, so a positional third argument now lands in ``embedding_bias``;
``get_input_embeddings`` lost ``attn_metadata`` and ``merge_multimodal_embeddings_from_map`` went away;
``embed_input_ids``'s fallback to a model's ``get_input_embeddings`` removed) -- picked by scanning those paths'
diffs (``git log --first-parent -p``), avoiding the commits the other replays use.  Each is replayed under 1-3
fork spellings written the way fork code is written (a subclass override with the old parameters, ``super()``
of a removed hook, a call with a removed keyword or one positional too many, an import of a removed helper),
with twins (fork code the commit does not break).  The merge base is the commit's first parent, upstream is
the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in its
file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at e81eef60): 12 caught, 0 warned, 4 missed of 16 (twins: 10
quiet, 0 false errors).  Cases 1-8 ran first (12/0/1 of 13); #30181 and #48563 were written after that run
and run blind on main's engine (0/0/3 of 3).  The misses: #30469's fork model defining only
``get_input_embeddings(self, input_ids)``, which ``VllmModel.embed_input_ids`` no longer falls back to -- the
fallback check saw upstream still calling ``model.get_input_embeddings()`` by name (Hugging Face's
argument-less accessor, another protocol's method of the same name) and took it for a caller that may reach
the fork's method; #30181's two (a fork model still setting ``multimodal_cpu_fields``, which
``supports_multimodal()`` now refuses with ValueError: the guard asks by string, ``getattr(model,
"multimodal_cpu_fields", None)``, and no check read a raising guard on a quoted name); #48563's fork
subclass re-declaring Gemma4's ``hf_to_vllm_mapper`` from a copy of the old one (upstream composed an
experts-parent regex in front of the base's mapper; the fork's copy loses it).
After the killers47 widenings: 16 caught, 0 warned, 0 missed of 16 (twins: 11 quiet, 0 false errors; one
twin added after the blind run: a fork model's HF-style ``get_input_embeddings()`` that upstream's by-name
calls do reach).  Caught now: a fallback hook nothing calls any more, where the only calls by name elsewhere
pass arguments the fork's method cannot take (symbol drift); a fork class member a module of one of its
upstream bases now refuses by its quoted name, a new ``hasattr``/``getattr`` guard that raises (symbol
drift; #33757's override, caught blind as a dropped fallback, now names the raise); a fork class attribute
holding every entry of the base's old value, which upstream changed, lacking what upstream added (symbol
drift: a stale copy).

  python benchmarks/blind_replay_models.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

MMP = "from vllm.multimodal.processing import BaseMultiModalProcessor, BaseProcessingInfo\n"

# --- #33260 (51550179fc): BaseMultiModalProcessor._get_data_parser removed (the parser now comes from
#     BaseProcessingInfo.build_data_parser; a subclass's own _get_data_parser is still honoured, with a warning)
DP = "51550179fc"
DPW = "BaseMultiModalProcessor._get_data_parser removed"
CASES += [
    (
        "#33260 processor hook removed",
        "super() of the removed hook in an override",
        K(
            "#33260",
            DP,
            DPW,
            "vllm/aeon/dp1.py",
            MMP + "\n\nclass AeonProcessor(BaseMultiModalProcessor[BaseProcessingInfo]):\n"
            "    def _get_data_parser(self):\n"
            "        parser = super()._get_data_parser()\n"
            "        # AEON: GB10 decodes video on the host; keep the parser's video fps\n"
            "        parser.aeon_video_fps = 2\n"
            "        return parser\n",
            "parser = super()._get_data_parser()",
        ),
    ),
    (
        "#33260 processor hook removed",
        "a call of the removed hook off self in a fork processor",
        K(
            "#33260",
            DP,
            DPW,
            "vllm/aeon/dp2.py",
            MMP + "\n\nclass AeonAudioProcessor(BaseMultiModalProcessor[BaseProcessingInfo]):\n"
            "    def aeon_parse(self, mm_data):\n"
            "        return self._get_data_parser().parse_mm_data(mm_data)\n",
            "return self._get_data_parser().parse_mm_data(mm_data)",
        ),
    ),
    (
        "#33260 processor hook removed",
        "twin: the parser the constructor still sets",
        K(
            "#33260",
            DP,
            DPW,
            "vllm/aeon/dp3.py",
            MMP + "\n\nclass AeonAudioProcessor2(BaseMultiModalProcessor[BaseProcessingInfo]):\n"
            "    def aeon_parse(self, mm_data):\n"
            "        return self.data_parser.parse_mm_data(mm_data)\n",
            "return self.data_parser.parse_mm_data(mm_data)",
        ),
    ),
]

# --- #33757 (90d74ebaa4): a processor subclass that still defines _get_data_parser now raises ValueError in
#     BaseMultiModalProcessor.__init__ (hasattr(self, "_get_data_parser"))
RP = "90d74ebaa4"
RPW = "a subclass's _get_data_parser now refused (ValueError)"
CASES += [
    (
        "#33757 override refused by the base",
        "the fork's override of the refused hook",
        K(
            "#33757",
            RP,
            RPW,
            "vllm/aeon/rp1.py",
            "from vllm.multimodal.parse import MultiModalDataParser\n" + MMP + "\n\n"
            "class AeonVideoProcessor(BaseMultiModalProcessor[BaseProcessingInfo]):\n"
            "    def _get_data_parser(self) -> MultiModalDataParser:\n"
            "        # AEON: host-side video decode on GB10\n"
            "        return MultiModalDataParser(video_needs_metadata=True)\n",
            "def _get_data_parser(self) -> MultiModalDataParser:",
        ),
    ),
    (
        "#33757 override refused by the base",
        "twin: the info's build_data_parser override",
        K(
            "#33757",
            RP,
            RPW,
            "vllm/aeon/rp2.py",
            "from vllm.multimodal.parse import MultiModalDataParser\n" + MMP + "\n\n"
            "class AeonVideoInfo(BaseProcessingInfo):\n"
            "    def build_data_parser(self) -> MultiModalDataParser:\n"
            "        return MultiModalDataParser(video_needs_metadata=True)\n",
            "def build_data_parser(self) -> MultiModalDataParser:",
        ),
    ),
]

# --- #34330 (0ab06100f4): BaseDummyInputsBuilder.get_dummy_processor_inputs now calls
#     self.get_dummy_mm_data(seq_len, mm_counts, mm_options, mm_processor_kwargs=...)
DK = "0ab06100f4"
DKW = "get_dummy_mm_data now called with mm_processor_kwargs="
DIB = (
    "from collections.abc import Mapping\n\n"
    "from vllm.multimodal.processing import BaseDummyInputsBuilder, BaseProcessingInfo\n\n\n"
)
CASES += [
    (
        "#34330 hook now called with a new keyword",
        "an override without the keyword the base now passes",
        K(
            "#34330",
            DK,
            DKW,
            "vllm/aeon/dk1.py",
            DIB + "class AeonDummyInputs(BaseDummyInputsBuilder[BaseProcessingInfo]):\n"
            "    def get_dummy_mm_data(self, seq_len: int, mm_counts: Mapping[str, int], mm_options=None):\n"
            "        # AEON: profile with one 1024x1024 image, GB10's largest tile\n"
            "        return {'image': self._get_dummy_images(width=1024, height=1024, num_images=mm_counts.get('image', 0))}\n",
            "def get_dummy_mm_data(self, seq_len: int, mm_counts: Mapping[str, int], mm_options=None):",
        ),
    ),
    (
        "#34330 hook now called with a new keyword",
        "twin: an override of get_dummy_text (called as before)",
        K(
            "#34330",
            DK,
            DKW,
            "vllm/aeon/dk2.py",
            DIB + "class AeonDummyText(BaseDummyInputsBuilder[BaseProcessingInfo]):\n"
            "    def get_dummy_text(self, mm_counts: Mapping[str, int]) -> str:\n"
            "        return '<image>' * mm_counts.get('image', 0)\n",
            "def get_dummy_text(self, mm_counts: Mapping[str, int]) -> str:",
        ),
    ),
]

# --- #35025 (987506bca6): get_dummy_mm_data / get_dummy_processor_inputs: mm_options required,
#     mm_processor_kwargs removed again
SD = "987506bca6"
SDW = "dummy builders: mm_options required, mm_processor_kwargs removed"
CASES += [
    (
        "#35025 parameter removed, default dropped",
        "super() passing the removed keyword",
        K(
            "#35025",
            SD,
            SDW,
            "vllm/aeon/sd1.py",
            DIB + "class AeonDummy(BaseDummyInputsBuilder[BaseProcessingInfo]):\n"
            "    def get_dummy_mm_data(self, seq_len, mm_counts, mm_options=None, mm_processor_kwargs=None):\n"
            "        data = super().get_dummy_mm_data(seq_len, mm_counts, mm_options, mm_processor_kwargs=mm_processor_kwargs)\n"
            "        return data\n",
            "data = super().get_dummy_mm_data(seq_len, mm_counts, mm_options, mm_processor_kwargs=mm_processor_kwargs)",
        ),
    ),
    (
        "#35025 parameter removed, default dropped",
        "a call leaving out the now-required mm_options",
        K(
            "#35025",
            SD,
            SDW,
            "vllm/aeon/sd2.py",
            "from vllm.multimodal.processing import BaseDummyInputsBuilder\n\n\n"
            "def aeon_profile_inputs(builder: BaseDummyInputsBuilder, seq_len: int):\n"
            "    # AEON: profile the encoder budget with one image\n"
            "    return builder.get_dummy_processor_inputs(seq_len, {'image': 1})\n",
            "return builder.get_dummy_processor_inputs(seq_len, {'image': 1})",
        ),
    ),
    (
        "#35025 parameter removed, default dropped",
        "twin: a call passing all three",
        K(
            "#35025",
            SD,
            SDW,
            "vllm/aeon/sd3.py",
            "from vllm.multimodal.processing import BaseDummyInputsBuilder\n\n\n"
            "def aeon_profile_inputs2(builder: BaseDummyInputsBuilder, seq_len: int):\n"
            "    return builder.get_dummy_processor_inputs(seq_len, {'image': 1}, {})\n",
            "return builder.get_dummy_processor_inputs(seq_len, {'image': 1}, {})",
        ),
    ),
]

# --- #25345 (1c3ffdbecc): compute_logits(hidden_states, sampling_metadata) -> compute_logits(hidden_states);
#     LogitsProcessor.forward(lm_head, hidden_states, sampling_metadata=None, embedding_bias=None) lost
#     sampling_metadata; vllm/model_executor/sampling_metadata.py deleted
SM = "1c3ffdbecc"
SMW = "sampling_metadata removed from compute_logits / LogitsProcessor"
LL = "import torch\n\nfrom vllm.model_executor.models.llama import LlamaForCausalLM\n\n\n"
CASES += [
    (
        "#25345 hook parameter removed",
        "an override keeping the removed parameter, passing it to super()",
        K(
            "#25345",
            SM,
            SMW,
            "vllm/aeon/sm1.py",
            LL + "class AeonLlama(LlamaForCausalLM):\n"
            "    def compute_logits(self, hidden_states: torch.Tensor, sampling_metadata) -> torch.Tensor | None:\n"
            "        # AEON: GB10 keeps the lm_head in bf16; upcast before the softmax\n"
            "        return super().compute_logits(hidden_states.float(), sampling_metadata)\n",
            "return super().compute_logits(hidden_states.float(), sampling_metadata)",
        ),
    ),
    (
        "#25345 hook parameter removed",
        "a positional third argument that now lands in embedding_bias",
        K(
            "#25345",
            SM,
            SMW,
            "vllm/aeon/sm2.py",
            LL + "class AeonLlama2(LlamaForCausalLM):\n"
            "    def compute_logits(self, hidden_states: torch.Tensor, sampling_metadata=None) -> torch.Tensor | None:\n"
            "        return self.logits_processor(self.lm_head, hidden_states.float(), sampling_metadata)\n",
            "return self.logits_processor(self.lm_head, hidden_states.float(), sampling_metadata)",
        ),
    ),
    (
        "#25345 hook parameter removed",
        "twin: the two-argument call",
        K(
            "#25345",
            SM,
            SMW,
            "vllm/aeon/sm3.py",
            LL + "class AeonLlama3(LlamaForCausalLM):\n"
            "    def aeon_logits(self, hidden_states: torch.Tensor) -> torch.Tensor | None:\n"
            "        return self.logits_processor(self.lm_head, hidden_states.float())\n",
            "return self.logits_processor(self.lm_head, hidden_states.float())",
        ),
    ),
]

# --- #25242 (5089fd749c): SupportsMultiModal.get_input_embeddings lost attn_metadata;
#     utils.merge_multimodal_embeddings_from_map removed
GE = "5089fd749c"
GEW = "get_input_embeddings' attn_metadata and merge_multimodal_embeddings_from_map removed"
CASES += [
    (
        "#25242 interface parameter and helper removed",
        "a call with the removed keyword off a model typed as the interface",
        K(
            "#25242",
            GE,
            GEW,
            "vllm/aeon/ge1.py",
            "from vllm.model_executor.models.interfaces import SupportsMultiModal\n\n\n"
            "def aeon_embed(model: SupportsMultiModal, input_ids, mm_embeds, attn_metadata):\n"
            "    return model.get_input_embeddings(input_ids, mm_embeds, attn_metadata=attn_metadata)\n",
            "return model.get_input_embeddings(input_ids, mm_embeds, attn_metadata=attn_metadata)",
        ),
    ),
    (
        "#25242 interface parameter and helper removed",
        "an import of the removed merge helper",
        K(
            "#25242",
            GE,
            GEW,
            "vllm/aeon/ge2.py",
            "from vllm.model_executor.models.utils import merge_multimodal_embeddings_from_map\n\n"
            "AEON_MERGE = merge_multimodal_embeddings_from_map\n",
            "from vllm.model_executor.models.utils import merge_multimodal_embeddings_from_map",
        ),
    ),
    (
        "#25242 interface parameter and helper removed",
        "twin: the kept merge helper",
        K(
            "#25242",
            GE,
            GEW,
            "vllm/aeon/ge3.py",
            "from vllm.model_executor.models.utils import merge_multimodal_embeddings\n\n"
            "AEON_MERGE = merge_multimodal_embeddings\n",
            "from vllm.model_executor.models.utils import merge_multimodal_embeddings",
        ),
    ),
]

# --- #23542 (6879cd80ae): PromptUpdate.resolve(tokenizer, item_idx) -> resolve(item_idx);
#     PromptUpdateDetails.is_embed now called with (tokenizer, full)
PU = "6879cd80ae"
PUW = "PromptUpdate.resolve lost tokenizer; is_embed called with (tokenizer, seq)"
CASES += [
    (
        "#23542 prompt-update parameters changed",
        "a call of resolve with the removed tokenizer",
        K(
            "#23542",
            PU,
            PUW,
            "vllm/aeon/pu1.py",
            "from vllm.multimodal.processing import PromptUpdate\n\n\n"
            "def aeon_first_target(update: PromptUpdate, tokenizer):\n"
            "    return update.resolve(tokenizer, 0).target\n",
            "return update.resolve(tokenizer, 0).target",
        ),
    ),
    (
        "#23542 prompt-update parameters changed",
        "super() of _resolve_content with the removed tokenizer",
        K(
            "#23542",
            PU,
            PUW,
            "vllm/aeon/pu2.py",
            "from vllm.multimodal.processing import PromptReplacement\n\n\n"
            "class AeonReplacement(PromptReplacement):\n"
            "    def _resolve_content(self, tokenizer, item_idx):\n"
            "        # AEON: log the tile count the GB10 encoder will see\n"
            "        return super()._resolve_content(tokenizer, item_idx)\n",
            "return super()._resolve_content(tokenizer, item_idx)",
        ),
    ),
    (
        "#23542 prompt-update parameters changed",
        "twin: a PromptReplacement built by keyword",
        K(
            "#23542",
            PU,
            PUW,
            "vllm/aeon/pu3.py",
            "from vllm.multimodal.processing import PromptReplacement\n\n\n"
            "def aeon_image_update(image_token_id: int, n: int) -> PromptReplacement:\n"
            "    return PromptReplacement(modality='image', target=[image_token_id], replacement=[image_token_id] * n)\n",
            "return PromptReplacement(modality='image', target=[image_token_id], replacement=[image_token_id] * n)",
        ),
    ),
]

# --- #30469 (13d63b65e0): VllmModel.embed_input_ids no longer falls back to a model's get_input_embeddings
EI = "13d63b65e0"
EIW = "embed_input_ids' fallback to get_input_embeddings removed"
VM = "import torch\nfrom torch import nn\n\nfrom vllm.model_executor.models.interfaces_base import VllmModel\n\n\n"
CASES += [
    (
        "#30469 fallback to the old hook name removed",
        "a fork model implementing only the old hook name",
        K(
            "#30469",
            EI,
            EIW,
            "vllm/aeon/ei1.py",
            VM + "class AeonTinyLM(nn.Module, VllmModel):\n"
            "    def get_input_embeddings(self, input_ids: torch.Tensor) -> torch.Tensor:\n"
            "        return self.embed_tokens(input_ids)\n",
            "def get_input_embeddings(self, input_ids: torch.Tensor) -> torch.Tensor:",
        ),
    ),
    (
        "#30469 fallback to the old hook name removed",
        "twin: a fork model implementing embed_input_ids",
        K(
            "#30469",
            EI,
            EIW,
            "vllm/aeon/ei2.py",
            VM + "class AeonTinyLM2(nn.Module, VllmModel):\n"
            "    def embed_input_ids(self, input_ids: torch.Tensor) -> torch.Tensor:\n"
            "        return self.embed_tokens(input_ids)\n",
            "def embed_input_ids(self, input_ids: torch.Tensor) -> torch.Tensor:",
        ),
    ),
    (
        "#30469 fallback to the old hook name removed",
        "twin: an HF-style get_input_embeddings() still called by name (added after the blind run)",
        K(
            "#30469",
            EI,
            EIW,
            "vllm/aeon/ei3.py",
            VM + "class AeonTinyLM3(nn.Module, VllmModel):\n"
            "    def embed_input_ids(self, input_ids: torch.Tensor) -> torch.Tensor:\n"
            "        return self.embed_tokens(input_ids)\n\n"
            "    def get_input_embeddings(self) -> nn.Module:\n"
            "        return self.embed_tokens\n",
            "def get_input_embeddings(self) -> nn.Module:",
        ),
    ),
]

# --- cases 9-10 written after the first blind run and before running the engine on them (blind too)

# --- #30181 (671427efbf): SupportsMultiModal.multimodal_cpu_fields deprecated: supports_multimodal() raises
#     ValueError for a model that still sets it (keep_on_cpu=True in MultiModalFieldConfig instead);
#     Qwen2VLForConditionalGeneration dropped its own
CF = "671427efbf"
CFW = "multimodal_cpu_fields refused (ValueError); keep_on_cpu in MultiModalFieldConfig instead"
CASES += [
    (
        "#30181 class attribute refused by the interface",
        "a fork model setting the refused attribute",
        K(
            "#30181",
            CF,
            CFW,
            "vllm/aeon/cf1.py",
            "from torch import nn\n\n"
            "from vllm.model_executor.models.interfaces import SupportsMultiModal\n\n\n"
            "class AeonSparkVL(nn.Module, SupportsMultiModal):\n"
            "    # AEON: the grid sizes drive host-side tiling on GB10\n"
            "    multimodal_cpu_fields = {'image_grid_thw'}\n",
            "multimodal_cpu_fields = {'image_grid_thw'}",
        ),
    ),
    (
        "#30181 class attribute refused by the interface",
        "a subclass widening the base's set",
        K(
            "#30181",
            CF,
            CFW,
            "vllm/aeon/cf2.py",
            "from vllm.model_executor.models.qwen2_vl import Qwen2VLForConditionalGeneration\n\n\n"
            "class AeonQwen2VL(Qwen2VLForConditionalGeneration):\n"
            "    multimodal_cpu_fields = {'image_grid_thw', 'video_grid_thw', 'aeon_tiles'}\n",
            "multimodal_cpu_fields = {'image_grid_thw', 'video_grid_thw', 'aeon_tiles'}",
        ),
    ),
    (
        "#30181 class attribute refused by the interface",
        "twin: a batched field config",
        K(
            "#30181",
            CF,
            CFW,
            "vllm/aeon/cf3.py",
            "from vllm.multimodal.inputs import MultiModalFieldConfig\n\n\n"
            "def aeon_fields() -> dict:\n"
            "    return dict(pixel_values=MultiModalFieldConfig.batched('image'))\n",
            "return dict(pixel_values=MultiModalFieldConfig.batched('image'))",
        ),
    ),
]

# --- #48563 (0a5069e4e3): Gemma4's hf_to_vllm_mapper gained an experts-parent regex (composed in front
#     with ``|``): a fork subclass that re-declares the mapper from a copy of the old one loses it
GM = "0a5069e4e3"
GMW = "Gemma4 hf_to_vllm_mapper gained _GEMMA4_EXPERT_PARENT_MAPPER"
GMH = (
    "from vllm.model_executor.models.gemma4_mm import Gemma4ForConditionalGeneration\n"
    "from vllm.model_executor.models.utils import WeightsMapper\n\n\n"
)
CASES += [
    (
        "#48563 base mapper changed under a fork's copy",
        "a subclass re-declaring the mapper from the old copy",
        K(
            "#48563",
            GM,
            GMW,
            "vllm/aeon/gm1.py",
            GMH + "class AeonGemma4(Gemma4ForConditionalGeneration):\n"
            "    # AEON: the Spark checkpoints ship the vision tower under 'aeon_vision.'\n"
            "    hf_to_vllm_mapper = WeightsMapper(\n"
            "        orig_to_new_prefix={\n"
            "            'aeon_vision.': 'vision_tower.',\n"
            "            'model.vision_tower': 'vision_tower',\n"
            "            'model.embed_vision': 'embed_vision',\n"
            "            'model.audio_tower.': 'audio_tower.',\n"
            "            'model.embed_audio.': 'embed_audio.',\n"
            "            'model.language_model.': 'language_model.model.',\n"
            "            'lm_head.': 'language_model.lm_head.',\n"
            "            'model': 'language_model.model',\n"
            "        }\n"
            "    )\n",
            "hf_to_vllm_mapper = WeightsMapper(",
        ),
    ),
    (
        "#48563 base mapper changed under a fork's copy",
        "twin: a subclass composing onto the base's mapper",
        K(
            "#48563",
            GM,
            GMW,
            "vllm/aeon/gm2.py",
            GMH + "class AeonGemma4b(Gemma4ForConditionalGeneration):\n"
            "    hf_to_vllm_mapper = WeightsMapper(\n"
            "        orig_to_new_prefix={'aeon_vision.': 'vision_tower.'}\n"
            "    ) | Gemma4ForConditionalGeneration.hf_to_vllm_mapper\n",
            "hf_to_vllm_mapper = WeightsMapper(",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-models-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
