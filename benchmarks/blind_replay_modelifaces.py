"""A blind replay of the model interfaces and helpers every model definition (and a fork's own models) uses.

10 first-parent commits on the surface a fork that carries its own model classes, mappers and registrations
codes against -- ``vllm/model_executor/models/interfaces.py`` and ``interfaces_base.py`` (the names
``interfaces`` re-exported moved under ``TYPE_CHECKING``, ``SupportsTranscription`` growing an
``__init_subclass__`` that needs ``supported_languages`` and a ``validate_language`` that returns the language,
``get_generation_prompt`` called with a new ``to_language=``, the ``sample`` hook dropped from the text
generation interface), ``utils.py`` (``WeightsMapper.apply`` no longer going through ``_map_name``,
``merge_multimodal_embeddings`` removed, CPU offloading no longer setting ``_vllm_offloaded_cpu_data``),
``registry.py`` (the ``ModelRegistry`` queries taking a required ``model_config``, the ``XverseForCausalLM``
key gone) and ``adapters.py`` (``as_classification_model`` renamed ``as_seq_cls_model``) -- picked by scanning
those paths' diffs (``git log --first-parent -p``), avoiding the commits the other replays use.  Each is
replayed under 1-3 fork spellings written the way fork code is written (an import, a module attribute, a
subclass override of a hook, a keyword call, an attribute read off a parameter, a registry query on the
shared instance, an architecture name in ``hf_overrides``, a protocol implemented by a fork class), with twins
(fork code the commit does not break).  The merge base is the commit's first parent, upstream is the commit;
a spelling is *caught* when an error lands on its line, *warned* when a warning lands in its file.  Twins
must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 946d1817): 9 caught, 1 warned, 6 missed of 16 (twins: 10
quiet, 0 false errors).  The misses: #46820's two (a name ``interfaces`` bound at run time, by its own import,
now imported only under ``if TYPE_CHECKING:``: a fork's ``from ...interfaces import VllmModel`` and
``interfaces.TokensPrompt(...)`` fail), #44589's ``_map_name`` override (upstream moved the body into a new
``_map_name_with_shard``, kept ``_map_name`` as a wrapper of it, and ``apply`` now calls the new one: the
override no longer runs on the weight-loading path), #32993's ``param._vllm_offloaded_cpu_data`` (an ad-hoc
attribute upstream stored on parameters and stores nowhere now), and #21833's two (``SupportsTranscription``
grew an ``__init_subclass__`` reading ``cls.supported_languages``, a fork implementer without it fails at import;
a fork ``validate_language`` override still returning a bool where the caller now uses the returned language).
#45638's ``hf_overrides={'architectures': ['XverseForCausalLM']}`` (a registry key removed) is a warning.
After the killers109 widenings (one twin of #21833 added): 15 caught, 1 warned, 0 missed of 16 (twins: 11
quiet, 0 false errors).  Caught now: a name its module binds at run time at the base and imports only under
``if TYPE_CHECKING:`` upstream (``drift/type_only_names.py``); a private tag upstream stored on other objects
and stores nowhere now (``drift/dropped_tags.py``); a base's new ``__init_subclass__`` reading a class
attribute it declares without a value (``drift/subclass_needs.py``); an override of a method upstream made a
wrapper of a new one its class's callers now call (``drift/bypassed_hooks.py``); an override still answering
True/False where the base's ``-> bool`` became ``-> str | None`` and upstream's new caller takes the value
(``drift/answer_values.py``).  Left: #45638's architecture string (key drift's warning, by design: a string
naming a key, not a lookup of the table).  Regression (same engine): killer_replay 26/26, kind_change_replay
12/12, review15/16/17_twins 0 false errors (of 40/30/23), blind_replay_models 16/0/0, modelapi 21/3/0,
weights 19/2/0, openai 17/1/0, all 0 false errors.

  python benchmarks/blind_replay_modelifaces.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #46820 (d8eb734d94): interfaces.py imports ModelConfig, SpeechToTextConfig, PromptType, TokensPrompt,
#     VllmModel, ScoreType, MambaStateCopyFunc only under TYPE_CHECKING (and drops its ``else:`` stand-ins)
TC = "d8eb734d94"
TCW = "names interfaces.py re-exported now imported only under TYPE_CHECKING"
CASES += [
    (
        "#46820 re-export gone (TYPE_CHECKING)",
        "an import of a re-exported name from the interfaces module",
        K(
            "#46820",
            TC,
            TCW,
            "vllm/aeon/tc1.py",
            "from torch import nn\n\n"
            "from vllm.model_executor.models.interfaces import SupportsMultiModal, VllmModel\n\n\n"
            "def aeon_text_model(model: nn.Module) -> VllmModel:\n"
            "    # AEON: the Spark's prefix warmup runs the language model alone\n"
            "    if isinstance(model, SupportsMultiModal):\n"
            "        return model.get_language_model()\n"
            "    return model\n",
            "from vllm.model_executor.models.interfaces import SupportsMultiModal, VllmModel",
        ),
    ),
    (
        "#46820 re-export gone (TYPE_CHECKING)",
        "a module attribute of a re-exported name",
        K(
            "#46820",
            TC,
            TCW,
            "vllm/aeon/tc2.py",
            "from vllm.model_executor.models import interfaces\n\n\n"
            "def aeon_prompt(ids: list[int]):\n"
            "    return interfaces.TokensPrompt(prompt_token_ids=ids)\n",
            "return interfaces.TokensPrompt(prompt_token_ids=ids)",
        ),
    ),
    (
        "#46820 re-export gone (TYPE_CHECKING)",
        "twin: the same name imported under the fork's own TYPE_CHECKING",
        K(
            "#46820",
            TC,
            TCW,
            "vllm/aeon/tc3.py",
            "from typing import TYPE_CHECKING\n\n"
            "from vllm.model_executor.models.interfaces import SupportsPP\n\n"
            "if TYPE_CHECKING:\n"
            "    from vllm.model_executor.models.interfaces import VllmModel\n\n\n"
            "def aeon_pp(model: 'VllmModel') -> bool:\n"
            "    return isinstance(model, SupportsPP)\n",
            "    from vllm.model_executor.models.interfaces import VllmModel",
        ),
    ),
]

# --- #44589 (5051698e41): WeightsMapper.apply maps names through _map_name_with_shard, no longer _map_name
WM = "5051698e41"
WMW = "WeightsMapper.apply no longer calls _map_name"
CASES += [
    (
        "#44589 overridden hook no longer called",
        "a mapper subclass overriding _map_name",
        K(
            "#44589",
            WM,
            WMW,
            "vllm/aeon/wm1.py",
            "from vllm.model_executor.models.utils import WeightsMapper\n\n\n"
            "class AeonWeightsMapper(WeightsMapper):\n"
            "    def _map_name(self, key: str) -> str | None:\n"
            "        # AEON: the Spark's re-quantized checkpoints prefix every weight with 'aeon.'\n"
            "        return super()._map_name(key.removeprefix('aeon.'))\n",
            "def _map_name(self, key: str) -> str | None:",
        ),
    ),
    (
        "#44589 overridden hook no longer called",
        "twin: a mapper subclass overriding apply",
        K(
            "#44589",
            WM,
            WMW,
            "vllm/aeon/wm2.py",
            "from collections.abc import Iterable\n\n"
            "import torch\n\n"
            "from vllm.model_executor.models.utils import WeightsMapper\n\n\n"
            "class AeonWeightsMapper2(WeightsMapper):\n"
            "    def apply(self, weights: Iterable[tuple[str, torch.Tensor]]) -> Iterable[tuple[str, torch.Tensor]]:\n"
            "        return super().apply((name.removeprefix('aeon.'), w) for name, w in weights)\n",
            "def apply(self, weights: Iterable[tuple[str, torch.Tensor]]) -> Iterable[tuple[str, torch.Tensor]]:",
        ),
    ),
]

# --- #29617 (a24ea5414b): the deprecated utils.merge_multimodal_embeddings removed
MM = "a24ea5414b"
MMW = "merge_multimodal_embeddings removed"
CASES += [
    (
        "#29617 helper removed",
        "an import of the removed helper",
        K(
            "#29617",
            MM,
            MMW,
            "vllm/aeon/mm1.py",
            "import torch\n\n"
            "from vllm.model_executor.models.utils import merge_multimodal_embeddings\n\n\n"
            "def aeon_merge(input_ids: torch.Tensor, embeds: torch.Tensor, mm: list, image_id: int) -> torch.Tensor:\n"
            "    return merge_multimodal_embeddings(input_ids, embeds, mm, image_id)\n",
            "from vllm.model_executor.models.utils import merge_multimodal_embeddings",
        ),
    ),
    (
        "#29617 helper removed",
        "a module attribute call",
        K(
            "#29617",
            MM,
            MMW,
            "vllm/aeon/mm2.py",
            "import torch\n\n"
            "from vllm.model_executor.models import utils as mutils\n\n\n"
            "def aeon_merge2(input_ids: torch.Tensor, embeds: torch.Tensor, mm: list) -> torch.Tensor:\n"
            "    # AEON: our VL fork interleaves image-break tokens\n"
            "    return mutils.merge_multimodal_embeddings(input_ids, embeds, mm, [151655, 151656])\n",
            "return mutils.merge_multimodal_embeddings(input_ids, embeds, mm, [151655, 151656])",
        ),
    ),
    (
        "#29617 helper removed",
        "twin: the kept helpers",
        K(
            "#29617",
            MM,
            MMW,
            "vllm/aeon/mm3.py",
            "import torch\n\n"
            "from vllm.model_executor.models.utils import _merge_multimodal_embeddings, isin_list\n\n\n"
            "def aeon_merge3(input_ids: torch.Tensor, embeds: torch.Tensor, mm: list) -> torch.Tensor:\n"
            "    return _merge_multimodal_embeddings(embeds, mm, isin_list(input_ids, [151655, 151656]))\n",
            "from vllm.model_executor.models.utils import _merge_multimodal_embeddings, isin_list",
        ),
    ),
]

# --- #32993 (59d53066d8): maybe_offload_to_cpu keeps no _vllm_offloaded_cpu_data on a parameter any more
OF = "59d53066d8"
OFW = "_vllm_offloaded_cpu_data no longer set on offloaded parameters"
CASES += [
    (
        "#32993 attribute no longer set",
        "a read of the attribute off a parameter",
        K(
            "#32993",
            OF,
            OFW,
            "vllm/aeon/of1.py",
            "import torch\n\n\n"
            "def aeon_host_copy(param: torch.nn.Parameter) -> torch.Tensor:\n"
            "    # AEON: the Spark's weight refresh writes into the pinned host copy\n"
            "    return param._vllm_offloaded_cpu_data\n",
            "return param._vllm_offloaded_cpu_data",
        ),
    ),
    (
        "#32993 attribute no longer set",
        "twin: the fork's own attribute on the parameter",
        K(
            "#32993",
            OF,
            OFW,
            "vllm/aeon/of2.py",
            "import torch\n\n\n"
            "def aeon_mark(param: torch.nn.Parameter) -> bool:\n"
            "    param._aeon_refreshed = True\n"
            "    return param._aeon_refreshed\n",
            "return param._aeon_refreshed",
        ),
    ),
]

# --- #45638 (7df4fe1bd7): XverseForCausalLM removed from the registry (now in _PREVIOUSLY_SUPPORTED_MODELS)
XV = "7df4fe1bd7"
XVW = "XverseForCausalLM registry key removed"
CASES += [
    (
        "#45638 registry key gone",
        "an architecture override naming the removed key",
        K(
            "#45638",
            XV,
            XVW,
            "vllm/aeon/xv1.py",
            "from vllm.engine.arg_utils import EngineArgs\n\n\n"
            "def aeon_xverse_args(model: str) -> EngineArgs:\n"
            "    # AEON: our Xverse fine-tune ships a config without architectures\n"
            "    return EngineArgs(model=model, hf_overrides={'architectures': ['XverseForCausalLM']})\n",
            "return EngineArgs(model=model, hf_overrides={'architectures': ['XverseForCausalLM']})",
        ),
    ),
    (
        "#45638 registry key gone",
        "a lookup in the registry's table",
        K(
            "#45638",
            XV,
            XVW,
            "vllm/aeon/xv2.py",
            "from vllm.model_executor.models.registry import _TEXT_GENERATION_MODELS\n\n"
            "AEON_XVERSE_MODULE, AEON_XVERSE_CLASS = _TEXT_GENERATION_MODELS['XverseForCausalLM']\n",
            "AEON_XVERSE_MODULE, AEON_XVERSE_CLASS = _TEXT_GENERATION_MODELS['XverseForCausalLM']",
        ),
    ),
    (
        "#45638 registry key gone",
        "twin: the key it mapped to kept",
        K(
            "#45638",
            XV,
            XVW,
            "vllm/aeon/xv3.py",
            "from vllm.model_executor.models.registry import _TEXT_GENERATION_MODELS\n\n"
            "AEON_LLAMA_MODULE, AEON_LLAMA_CLASS = _TEXT_GENERATION_MODELS['LlamaForCausalLM']\n",
            "AEON_LLAMA_MODULE, AEON_LLAMA_CLASS = _TEXT_GENERATION_MODELS['LlamaForCausalLM']",
        ),
    ),
]

# --- #21470 (86ae693f20): ModelRegistry's queries (inspect/resolve_model_cls, is_*_model) take a required
#     model_config
MR = "86ae693f20"
MRW = "ModelRegistry queries take a required model_config"
CASES += [
    (
        "#21470 required parameter added",
        "a query on the shared registry instance",
        K(
            "#21470",
            MR,
            MRW,
            "vllm/aeon/mr1.py",
            "from vllm.model_executor.models import ModelRegistry\n\n\n"
            "def aeon_is_vl(architectures: list[str]) -> bool:\n"
            "    # AEON: VL models get the Spark's larger encoder cache\n"
            "    return ModelRegistry.is_multimodal_model(architectures)\n",
            "return ModelRegistry.is_multimodal_model(architectures)",
        ),
    ),
    (
        "#21470 required parameter added",
        "a tuple unpacked from resolve_model_cls",
        K(
            "#21470",
            MR,
            MRW,
            "vllm/aeon/mr2.py",
            "from vllm.model_executor.models.registry import ModelRegistry\n\n\n"
            "def aeon_model_class(arch: str) -> type:\n"
            "    model_cls, _ = ModelRegistry.resolve_model_cls(arch)\n"
            "    return model_cls\n",
            "model_cls, _ = ModelRegistry.resolve_model_cls(arch)",
        ),
    ),
    (
        "#21470 required parameter added",
        "twin: the unchanged listing",
        K(
            "#21470",
            MR,
            MRW,
            "vllm/aeon/mr3.py",
            "from vllm.model_executor.models import ModelRegistry\n\n\n"
            "def aeon_known(arch: str) -> bool:\n"
            "    return arch in ModelRegistry.get_supported_archs()\n",
            "return arch in ModelRegistry.get_supported_archs()",
        ),
    ),
]

# --- #23735 (d46934b229): the transcription path calls get_generation_prompt(..., to_language=...)
TL = "d46934b229"
TLW = "get_generation_prompt called with to_language="
WH = "from vllm.model_executor.models.whisper import WhisperForConditionalGeneration\n\n\n"
CASES += [
    (
        "#23735 new keyword to an override",
        "a model's classmethod override without the new keyword",
        K(
            "#23735",
            TL,
            TLW,
            "vllm/aeon/tl1.py",
            WH + "class AeonWhisper(WhisperForConditionalGeneration):\n"
            "    @classmethod\n"
            "    def get_generation_prompt(cls, audio, model_config, stt_config, language, task_type, request_prompt):\n"
            "        # AEON: the call-centre fine-tune always gets an English hint\n"
            "        return super().get_generation_prompt(audio, model_config, stt_config, language or 'en', task_type, request_prompt)\n",
            "def get_generation_prompt(cls, audio, model_config, stt_config, language, task_type, request_prompt):",
        ),
    ),
    (
        "#23735 new keyword to an override",
        "twin: an override of an unchanged hook",
        K(
            "#23735",
            TL,
            TLW,
            "vllm/aeon/tl2.py",
            WH + "class AeonWhisper2(WhisperForConditionalGeneration):\n"
            "    @classmethod\n"
            "    def get_num_audio_tokens(cls, audio_duration_s, stt_config, model_config):\n"
            "        return int(audio_duration_s * 50)\n",
            "def get_num_audio_tokens(cls, audio_duration_s, stt_config, model_config):",
        ),
    ),
]

# --- #21833 (ec02e536df): SupportsTranscription's __init_subclass__ reads cls.supported_languages;
#     validate_language returns the language (or None), the caller uses that value
SL = "ec02e536df"
SLW = "supported_languages required; validate_language returns the language"
ST = "from torch import nn\n\nfrom vllm.model_executor.models.interfaces import SupportsTranscription\n\n\n"
CASES += [
    (
        "#21833 base's new class-attribute need",
        "a fork model implementing the protocol without supported_languages",
        K(
            "#21833",
            SL,
            SLW,
            "vllm/aeon/sl1.py",
            ST + "class AeonAsr(nn.Module, SupportsTranscription):\n"
            "    @classmethod\n"
            "    def validate_language(cls, language: str) -> bool:\n"
            "        return language == 'en'\n",
            "class AeonAsr(nn.Module, SupportsTranscription):",
        ),
    ),
    (
        "#21833 override's returned kind changed",
        "an override still returning a bool",
        K(
            "#21833",
            SL,
            SLW,
            "vllm/aeon/sl2.py",
            WH + "class AeonWhisperLang(WhisperForConditionalGeneration):\n"
            "    @classmethod\n"
            "    def validate_language(cls, language: str) -> bool:\n"
            "        # AEON: the call-centre fine-tune only serves English and German\n"
            "        return language in ('en', 'de')\n",
            "return language in ('en', 'de')",
        ),
    ),
    (
        "#21833 base's new class-attribute need",
        "twin: a fork model that declares supported_languages",
        K(
            "#21833",
            SL,
            SLW,
            "vllm/aeon/sl3.py",
            ST + "class AeonAsr2(nn.Module, SupportsTranscription):\n    supported_languages = {'en': 'English'}\n",
            "class AeonAsr2(nn.Module, SupportsTranscription):",
        ),
    ),
]

CASES += [
    (
        "#21833 override's returned kind changed",
        "twin: an override handing on the base's value",
        K(
            "#21833",
            SL,
            SLW,
            "vllm/aeon/sl4.py",
            WH + "class AeonWhisperLang2(WhisperForConditionalGeneration):\n"
            "    @classmethod\n"
            "    def validate_language(cls, language):\n"
            "        # AEON: our clients send 'english'\n"
            "        return super().validate_language('en' if language == 'english' else language)\n",
            "return super().validate_language('en' if language == 'english' else language)",
        ),
    ),
]

# --- #17084 (b411418ff0): the sample hook removed from the model interface and every model; runners sample
SA = "b411418ff0"
SAW = "model.sample removed; no runner calls it"
LL = "from vllm.model_executor.models.llama import LlamaForCausalLM\n\n\n"
CASES += [
    (
        "#17084 overridden hook no longer called",
        "a model override of sample calling super()",
        K(
            "#17084",
            SA,
            SAW,
            "vllm/aeon/sa1.py",
            LL + "class AeonLlama(LlamaForCausalLM):\n"
            "    def sample(self, logits, sampling_metadata):\n"
            "        # AEON: clamp before sampling, the Spark's fp16 logits overflow\n"
            "        return super().sample(logits.clamp(-1e4, 1e4), sampling_metadata)\n",
            "def sample(self, logits, sampling_metadata):",
        ),
    ),
    (
        "#17084 overridden hook no longer called",
        "twin: an override of compute_logits",
        K(
            "#17084",
            SA,
            SAW,
            "vllm/aeon/sa2.py",
            LL + "class AeonLlama2(LlamaForCausalLM):\n"
            "    def compute_logits(self, hidden_states, sampling_metadata):\n"
            "        logits = super().compute_logits(hidden_states, sampling_metadata)\n"
            "        return None if logits is None else logits.clamp(-1e4, 1e4)\n",
            "def compute_logits(self, hidden_states, sampling_metadata):",
        ),
    ),
]

# --- #19978 (6f1229f91d): adapters.as_classification_model renamed as_seq_cls_model
AC = "6f1229f91d"
ACW = "as_classification_model renamed as_seq_cls_model"
CASES += [
    (
        "#19978 adapter renamed",
        "an import of the old adapter",
        K(
            "#19978",
            AC,
            ACW,
            "vllm/aeon/ac1.py",
            "from vllm.model_executor.models.adapters import as_classification_model\n"
            "from vllm.model_executor.models.qwen2 import Qwen2ForCausalLM\n\n"
            "AeonQwen2Classifier = as_classification_model(Qwen2ForCausalLM)\n",
            "from vllm.model_executor.models.adapters import as_classification_model",
        ),
    ),
    (
        "#19978 adapter renamed",
        "a module attribute call",
        K(
            "#19978",
            AC,
            ACW,
            "vllm/aeon/ac2.py",
            "from vllm.model_executor.models import adapters\n"
            "from vllm.model_executor.models.llama import LlamaForCausalLM\n\n"
            "AeonLlamaClassifier = adapters.as_classification_model(LlamaForCausalLM)\n",
            "AeonLlamaClassifier = adapters.as_classification_model(LlamaForCausalLM)",
        ),
    ),
    (
        "#19978 adapter renamed",
        "twin: the kept embedding adapter",
        K(
            "#19978",
            AC,
            ACW,
            "vllm/aeon/ac3.py",
            "from vllm.model_executor.models.adapters import as_embedding_model\n"
            "from vllm.model_executor.models.llama import LlamaForCausalLM\n\n"
            "AeonLlamaEmbedder = as_embedding_model(LlamaForCausalLM)\n",
            "from vllm.model_executor.models.adapters import as_embedding_model",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-modelifaces-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
