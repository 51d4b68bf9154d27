"""A blind replay of the multimodal inputs, registry and processor hooks a fork's multimodal model implements.

11 first-parent commits on ``vllm/multimodal/`` (registry, inputs, processing, profiling, utils) -- the surface a
fork adding a multimodal model carries code against: the hooks it overrides on ``BaseProcessingInfo``,
``BaseDummyInputsBuilder`` and ``BaseMultiModalProcessor`` (``get_dummy_text``/``get_dummy_mm_data`` made
abstract, ``get_max_tokens_per_item`` renamed ``get_mm_max_tokens_per_item``, ``pad_dummy_encoder_prompt``
removed, ``_cached_apply_hf_processor`` returning a ``MultiModalProcessingInfo`` instead of three values,
``_maybe_apply_prompt_updates`` now called with ``mm_prompt_updates=``, ``_to_mm_items`` removed and
``apply``/``ProcessorInputs`` taking ``mm_items`` rather than ``mm_data``), the registry it calls
(``get_max_tokens_per_item_by_nonzero_modality``, ``get_encoder_dummy_data``, ``_processor_factories`` and
``ClassRegistry`` removed, ``MultiModalProfiler`` removed), the processing context's timing helpers removed
(``timed_preprocessor_operation``, ``get_timing_stats``), ``MultiModalFieldElem`` losing ``modality``/``key``,
and ``encode_image_base64``'s default format JPEG -> PNG -- picked by scanning those paths' diffs (``git log
--first-parent -p``), avoiding the commits the other replays use.  Each is replayed under 1-3 fork spellings
written the way fork code is written (a subclass override, a keyword call, a read off a typed receiver, an
import, a positional call, a tuple unpacked, a default relied on), with twins (fork code the commit does not
break).  The merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an
error lands on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on
their line.

Blind, on the engine before any widening (main at 2683d68d): 21 caught, 2 warned, 0 missed of 23 (twins: 11
quiet, 0 false errors).  Round 2 (written after that run, committed before its own; #33396 added, 12 commits):
blind 6 caught, 0 warned, 3 missed of 9 (twins: 3 quiet, 0 false errors).  The misses: #20630's old hook in
a fork mixin its info class mixes in (``class Info(Mixin, BaseProcessingInfo)``), #33331's ``e.key`` off
``for e in item.values()`` with ``item: MultiModalKwargsItem`` (a ``UserDict[str, MultiModalFieldElem]``), and
#33408's ``processor.apply(prompt, {'image': images}, {})`` (a dict where ``mm_items: MultiModalDataItems``
now goes).  After the killers57 widenings (a mixin's override checked against what its host finds past it; a
loop variable typed by its iterable's element; a dict for a parameter retyped from a mapping to a class of
its own): 30 caught, 2 warned, 0 missed of 32 (twins: 14 quiet, 0 false errors).  Regression set at ec1ddb53:
killer_replay 26/26, kind_change_replay 12/12, blind_replay_openai 15/1/1 (as before), blind_replay_models
16/16, blind_replay_layers 45/45, review15/16/17_twins 0 false, ``symbol_precision.py --windows 3`` 1 error
(window 0's synthetic carry does not implement ``EngineCoreClient.shutdown``, which that window made
``@abstractmethod``: a true finding of the abstract-method check, which killers57 did not touch).  The two warned of round 1 are #33656's default flip (``encode_image_base64``'s ``format`` and
``ImageMediaIO.encode_base64``'s ``image_format``, None -> 'PNG'): default drift is a warning by design.
Re-run on mend61 (from eb141937): 28 caught, 4 warned, 0 missed of 32 (twins: 14 quiet, 0 false errors).  What
changed since the record above: e2c3e3c7 (symbol_precision window 0, #11659's ``shutdown``) made a missing
abstract method a warning, not an error, on a fork class nothing in the merged tree names (built from outside
the tree, or dead code: the engine cannot tell), and both #18796 spellings are such classes -- the replay's
builders are never registered (a real fork hands them to ``register_processor(..., dummy_inputs=...)``, which
would name them and make the finding an error again).  The reach is the same; the two are warned, not caught.

  python benchmarks/blind_replay_multimodal.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #18796 (7f2c1a87e9): BaseDummyInputsBuilder.get_dummy_text / get_dummy_mm_data made @abstractmethod (the
#     old fallback through get_dummy_processor_inputs dropped)
AB = "7f2c1a87e9"
ABW = "get_dummy_text / get_dummy_mm_data made abstract"
PROF = "from vllm.multimodal.profiling import BaseDummyInputsBuilder, ProcessorInputs\n\n\n"
CASES += [
    (
        "#18796 hook made abstract",
        "a builder overriding only the old combined hook",
        K(
            "#18796",
            AB,
            ABW,
            "vllm/aeon/ab1.py",
            PROF + "class AeonDummyInputsBuilder(BaseDummyInputsBuilder):\n"
            "    # AEON: one tiny image is enough to profile the Spark's unified memory\n"
            "    def get_dummy_processor_inputs(self, seq_len, mm_counts):\n"
            "        image = self._get_dummy_images(width=224, height=224, num_images=1)\n"
            "        return ProcessorInputs(prompt='<image>', mm_data={'image': image})\n",
            "class AeonDummyInputsBuilder(BaseDummyInputsBuilder):",
        ),
    ),
    (
        "#18796 hook made abstract",
        "a half-migrated builder without get_dummy_text",
        K(
            "#18796",
            AB,
            ABW,
            "vllm/aeon/ab2.py",
            PROF + "class AeonAudioDummyInputs(BaseDummyInputsBuilder):\n"
            "    # AEON: half-migrated: the text still comes from the combined hook\n"
            "    def get_dummy_processor_inputs(self, seq_len, mm_counts):\n"
            "        return ProcessorInputs(prompt='<audio>', mm_data=self.get_dummy_mm_data(seq_len, mm_counts))\n\n"
            "    def get_dummy_mm_data(self, seq_len, mm_counts):\n"
            "        return {'audio': self._get_dummy_audios(length=16000, num_audios=mm_counts.get('audio', 0))}\n",
            "class AeonAudioDummyInputs(BaseDummyInputsBuilder):",
        ),
    ),
    (
        "#18796 hook made abstract",
        "twin: a builder overriding both hooks",
        K(
            "#18796",
            AB,
            ABW,
            "vllm/aeon/ab3.py",
            PROF + "class AeonFullDummyInputs(BaseDummyInputsBuilder):\n"
            "    def get_dummy_text(self, mm_counts):\n"
            "        return '<image>' * mm_counts.get('image', 0)\n\n"
            "    def get_dummy_mm_data(self, seq_len, mm_counts):\n"
            "        return {'image': self._get_dummy_images(width=224, height=224, num_images=mm_counts.get('image', 0))}\n",
            "class AeonFullDummyInputs(BaseDummyInputsBuilder):",
        ),
    ),
]

# --- #20630 (32dffc2772): BaseProcessingInfo.get_max_tokens_per_item renamed get_mm_max_tokens_per_item (no shim)
MT = "32dffc2772"
MTW = "get_max_tokens_per_item renamed get_mm_max_tokens_per_item"
INFO = "from vllm.multimodal.processing import BaseProcessingInfo\n\n\n"
CASES += [
    (
        "#20630 hook renamed",
        "an info subclass overriding the old hook name",
        K(
            "#20630",
            MT,
            MTW,
            "vllm/aeon/mt1.py",
            INFO + "class AeonVLProcessingInfo(BaseProcessingInfo):\n"
            "    def get_supported_mm_limits(self):\n"
            "        return {'image': None}\n\n"
            "    # AEON: skip the dummy-image profiling pass, it OOMs the Spark at startup\n"
            "    def get_max_tokens_per_item(self, seq_len, mm_counts):\n"
            "        return {'image': 576}\n",
            "def get_max_tokens_per_item(self, seq_len, mm_counts):",
        ),
    ),
    (
        "#20630 hook renamed",
        "a call of the old name on a typed info",
        K(
            "#20630",
            MT,
            MTW,
            "vllm/aeon/mt2.py",
            INFO + "def aeon_image_tokens(info: BaseProcessingInfo, seq_len: int) -> int:\n"
            "    limits = info.get_max_tokens_per_item(seq_len, {'image': 1})\n"
            "    return 0 if limits is None else limits['image']\n",
            "limits = info.get_max_tokens_per_item(seq_len, {'image': 1})",
        ),
    ),
    (
        "#20630 hook renamed",
        "twin: an override of a kept hook",
        K(
            "#20630",
            MT,
            MTW,
            "vllm/aeon/mt3.py",
            INFO + "class AeonVLProcessingInfo2(BaseProcessingInfo):\n"
            "    def get_supported_mm_limits(self):\n"
            "        return {'image': 4}\n",
            "def get_supported_mm_limits(self):",
        ),
    ),
]

# --- #27500 (4c5f632165): MultiModalRegistry.get_max_tokens_per_item_by_nonzero_modality removed (folded into
#     get_max_tokens_per_item_by_modality)
NZ = "4c5f632165"
NZW = "get_max_tokens_per_item_by_nonzero_modality removed"
CASES += [
    (
        "#27500 registry method removed",
        "a call on the module-level registry",
        K(
            "#27500",
            NZ,
            NZW,
            "vllm/aeon/nz1.py",
            "from vllm.config import ModelConfig\n"
            "from vllm.multimodal import MULTIMODAL_REGISTRY\n\n\n"
            "def aeon_encoder_budget(model_config: ModelConfig) -> int:\n"
            "    # AEON: the Spark's encoder cache is sized off the largest item\n"
            "    per_item = MULTIMODAL_REGISTRY.get_max_tokens_per_item_by_nonzero_modality(model_config)\n"
            "    return max(per_item.values(), default=0)\n",
            "per_item = MULTIMODAL_REGISTRY.get_max_tokens_per_item_by_nonzero_modality(model_config)",
        ),
    ),
    (
        "#27500 registry method removed",
        "a call on a registry parameter",
        K(
            "#27500",
            NZ,
            NZW,
            "vllm/aeon/nz2.py",
            "from vllm.config import ModelConfig\n"
            "from vllm.multimodal.registry import MultiModalRegistry\n\n\n"
            "def aeon_modalities(mm_registry: MultiModalRegistry, model_config: ModelConfig) -> list[str]:\n"
            "    return sorted(mm_registry.get_max_tokens_per_item_by_nonzero_modality(model_config, cache=None))\n",
            "return sorted(mm_registry.get_max_tokens_per_item_by_nonzero_modality(model_config, cache=None))",
        ),
    ),
    (
        "#27500 registry method removed",
        "twin: the kept method",
        K(
            "#27500",
            NZ,
            NZW,
            "vllm/aeon/nz3.py",
            "from vllm.config import ModelConfig\n"
            "from vllm.multimodal import MULTIMODAL_REGISTRY\n\n\n"
            "def aeon_encoder_budget2(model_config: ModelConfig) -> int:\n"
            "    per_item = MULTIMODAL_REGISTRY.get_max_tokens_per_item_by_modality(model_config)\n"
            "    return max(per_item.values(), default=0)\n",
            "per_item = MULTIMODAL_REGISTRY.get_max_tokens_per_item_by_modality(model_config)",
        ),
    ),
]

# --- #29681 (7675ba30de): ClassRegistry removed (the registry keeps its factories on the model class as
#     _processor_factory; MultiModalRegistry._processor_factories gone)
CR = "7675ba30de"
CRW = "ClassRegistry and MultiModalRegistry._processor_factories removed"
CASES += [
    (
        "#29681 registry attribute removed",
        "a read of the registry's private table",
        K(
            "#29681",
            CR,
            CRW,
            "vllm/aeon/cr1.py",
            "from vllm.multimodal import MULTIMODAL_REGISTRY\n\n\n"
            "def aeon_has_processor(model_cls: type) -> bool:\n"
            "    # AEON: the loader falls back to the text-only path for unregistered forks' models\n"
            "    return MULTIMODAL_REGISTRY._processor_factories.contains(model_cls, strict=True)\n",
            "return MULTIMODAL_REGISTRY._processor_factories.contains(model_cls, strict=True)",
        ),
    ),
    (
        "#29681 registry attribute removed",
        "an import of the removed helper class",
        K(
            "#29681",
            CR,
            CRW,
            "vllm/aeon/cr2.py",
            "from vllm.utils.collection_utils import ClassRegistry\n\nAEON_KERNELS: ClassRegistry = ClassRegistry()\n",
            "from vllm.utils.collection_utils import ClassRegistry",
        ),
    ),
    (
        "#29681 registry attribute removed",
        "twin: a kept registry method",
        K(
            "#29681",
            CR,
            CRW,
            "vllm/aeon/cr3.py",
            "from vllm.config import ModelConfig\n"
            "from vllm.multimodal import MULTIMODAL_REGISTRY\n\n\n"
            "def aeon_is_mm(model_config: ModelConfig) -> bool:\n"
            "    return MULTIMODAL_REGISTRY.supports_multimodal_inputs(model_config)\n",
            "return MULTIMODAL_REGISTRY.supports_multimodal_inputs(model_config)",
        ),
    ),
]

# --- #32254 (252c011012): MultiModalProfiler removed (its methods folded into the builder and the registry)
MP = "252c011012"
MPW = "MultiModalProfiler removed"
CASES += [
    (
        "#32254 class removed",
        "an import of the removed profiler",
        K(
            "#32254",
            MP,
            MPW,
            "vllm/aeon/mp1.py",
            "from vllm.multimodal.profiling import MultiModalProfiler\n\n\n"
            "def aeon_max_tokens(processor, seq_len: int):\n"
            "    return MultiModalProfiler(processor).get_mm_max_tokens(seq_len)\n",
            "from vllm.multimodal.profiling import MultiModalProfiler",
        ),
    ),
    (
        "#32254 class removed",
        "the profiler read off its module",
        K(
            "#32254",
            MP,
            MPW,
            "vllm/aeon/mp2.py",
            "from vllm.multimodal import profiling\n\n\n"
            "def aeon_dummy(processor, seq_len: int):\n"
            "    # AEON: warm the Spark's vision tower on the profiler's dummy batch\n"
            "    return profiling.MultiModalProfiler(processor).get_decoder_dummy_data(seq_len)\n",
            "return profiling.MultiModalProfiler(processor).get_decoder_dummy_data(seq_len)",
        ),
    ),
    (
        "#32254 class removed",
        "twin: the kept builder and dummy-data names",
        K(
            "#32254",
            MP,
            MPW,
            "vllm/aeon/mp3.py",
            "from vllm.multimodal.profiling import BaseDummyInputsBuilder, DummyDecoderData\n\n"
            "AEON_PROFILING = (BaseDummyInputsBuilder, DummyDecoderData)\n",
            "from vllm.multimodal.profiling import BaseDummyInputsBuilder, DummyDecoderData",
        ),
    ),
]

# --- #32241 (eb28e8068d): MultiModalRegistry.get_encoder_dummy_data and
#     EncDecMultiModalProcessor.pad_dummy_encoder_prompt removed
ED = "eb28e8068d"
EDW = "get_encoder_dummy_data and pad_dummy_encoder_prompt removed"
ENC = "from vllm.multimodal.processing import EncDecMultiModalProcessor\n\n\n"
CASES += [
    (
        "#32241 hook removed",
        "an override of the removed property",
        K(
            "#32241",
            ED,
            EDW,
            "vllm/aeon/ed1.py",
            ENC + "class AeonWhisperProcessor(EncDecMultiModalProcessor):\n"
            "    # AEON: pad the encoder prompt so the Spark profiles the full 30 s window\n"
            "    @property\n"
            "    def pad_dummy_encoder_prompt(self) -> bool:\n"
            "        return True\n",
            "def pad_dummy_encoder_prompt(self) -> bool:",
        ),
    ),
    (
        "#32241 hook removed",
        "a call of the removed registry method",
        K(
            "#32241",
            ED,
            EDW,
            "vllm/aeon/ed2.py",
            "from vllm.config import ModelConfig\n"
            "from vllm.multimodal import MULTIMODAL_REGISTRY\n\n\n"
            "def aeon_encoder_len(model_config: ModelConfig, seq_len: int) -> int:\n"
            "    data = MULTIMODAL_REGISTRY.get_encoder_dummy_data(model_config, seq_len)\n"
            "    return len(data.prompt_token_ids)\n",
            "data = MULTIMODAL_REGISTRY.get_encoder_dummy_data(model_config, seq_len)",
        ),
    ),
    (
        "#32241 hook removed",
        "twin: an override of a kept hook",
        K(
            "#32241",
            ED,
            EDW,
            "vllm/aeon/ed3.py",
            ENC + "class AeonWhisperProcessor2(EncDecMultiModalProcessor):\n"
            "    def create_encoder_prompt(self, prompt, mm_data):\n"
            "        return [0]\n",
            "def create_encoder_prompt(self, prompt, mm_data):",
        ),
    ),
]

# --- #33656 (52683ccbe1): encode_image_base64 / ImageMediaIO.encode_base64 default format None (JPEG) -> "PNG"
B64 = "52683ccbe1"
B64W = "encode_image_base64 default JPEG -> PNG"
CASES += [
    (
        "#33656 default flipped",
        "a JPEG data URL built on the default",
        K(
            "#33656",
            B64,
            B64W,
            "vllm/aeon/b1.py",
            "from PIL import Image\n\n"
            "from vllm.multimodal.utils import encode_image_base64\n\n\n"
            "def aeon_image_url(image: Image.Image) -> str:\n"
            "    # AEON: the Spark's vision router forwards the image as a JPEG data URL\n"
            "    return f'data:image/jpeg;base64,{encode_image_base64(image)}'\n",
            "return f'data:image/jpeg;base64,{encode_image_base64(image)}'",
        ),
    ),
    (
        "#33656 default flipped",
        "the media IO's encoder on its default",
        K(
            "#33656",
            B64,
            B64W,
            "vllm/aeon/b2.py",
            "from PIL import Image\n\n"
            "from vllm.multimodal.media.image import ImageMediaIO\n\n\n"
            "def aeon_jpeg_b64(image: Image.Image) -> str:\n"
            "    return ImageMediaIO().encode_base64(image)\n",
            "return ImageMediaIO().encode_base64(image)",
        ),
    ),
    (
        "#33656 default flipped",
        "twin: the format passed explicitly",
        K(
            "#33656",
            B64,
            B64W,
            "vllm/aeon/b3.py",
            "from PIL import Image\n\n"
            "from vllm.multimodal.utils import encode_image_base64\n\n\n"
            "def aeon_image_url2(image: Image.Image) -> str:\n"
            "    return f\"data:image/jpeg;base64,{encode_image_base64(image, format='JPEG')}\"\n",
            "return f\"data:image/jpeg;base64,{encode_image_base64(image, format='JPEG')}\"",
        ),
    ),
]

# --- #33408 (88c3e114d8): MM data parsed before the processor: ProcessorInputs.mm_data -> mm_items,
#     BaseMultiModalProcessor.apply(prompt, mm_items, ...), _to_mm_items removed
PI = "88c3e114d8"
PIW = "ProcessorInputs.mm_data -> mm_items; _to_mm_items removed"
PROC = "from vllm.multimodal.processing import BaseDummyInputsBuilder, BaseMultiModalProcessor, ProcessorInputs\n\n\n"
CASES += [
    (
        "#33408 field renamed",
        "a builder constructing the inputs with the old keyword",
        K(
            "#33408",
            PI,
            PIW,
            "vllm/aeon/pi1.py",
            PROC + "class AeonDummyInputs3(BaseDummyInputsBuilder):\n"
            "    def get_dummy_text(self, mm_counts):\n"
            "        return '<image>'\n\n"
            "    def get_dummy_mm_data(self, seq_len, mm_counts, mm_options=None):\n"
            "        return {'image': self._get_dummy_images(width=448, height=448, num_images=1)}\n\n"
            "    def get_dummy_processor_inputs(self, seq_len, mm_counts, mm_options=None):\n"
            "        # AEON: the Spark profiles one fixed 448px tile\n"
            "        return ProcessorInputs(prompt='<image>', mm_data=self.get_dummy_mm_data(seq_len, mm_counts))\n",
            "return ProcessorInputs(prompt='<image>', mm_data=self.get_dummy_mm_data(seq_len, mm_counts))",
        ),
    ),
    (
        "#33408 field renamed",
        "a processor calling the removed normaliser",
        K(
            "#33408",
            PI,
            PIW,
            "vllm/aeon/pi2.py",
            PROC + "class AeonVLProcessor(BaseMultiModalProcessor):\n"
            "    def aeon_count_images(self, mm_data) -> int:\n"
            "        mm_items = self._to_mm_items(mm_data)\n"
            "        return mm_items.get_count('image', strict=False)\n",
            "mm_items = self._to_mm_items(mm_data)",
        ),
    ),
    (
        "#33408 field renamed",
        "a keyword call of apply's old parameter",
        K(
            "#33408",
            PI,
            PIW,
            "vllm/aeon/pi3.py",
            PROC + "def aeon_render(processor: BaseMultiModalProcessor, prompt: str, images: list):\n"
            "    return processor.apply(prompt, mm_data={'image': images}, hf_processor_mm_kwargs={})\n",
            "return processor.apply(prompt, mm_data={'image': images}, hf_processor_mm_kwargs={})",
        ),
    ),
    (
        "#33408 field renamed",
        "twin: a kept dummy helper",
        K(
            "#33408",
            PI,
            PIW,
            "vllm/aeon/pi4.py",
            PROC + "class AeonDummyInputs4(BaseDummyInputsBuilder):\n"
            "    def aeon_tiles(self, n: int):\n"
            "        return self._get_dummy_images(width=448, height=448, num_images=n)\n",
            "return self._get_dummy_images(width=448, height=448, num_images=n)",
        ),
    ),
]

# --- #35083 (392645454b): the processing context's per-request timing helpers removed
#     (timed_preprocessor_operation, MultiModalProcessorTimingStats, InputProcessingContext.get_timing_stats)
TC = "392645454b"
TCW = "per-request timing helpers removed from the processing context"
CTX = "from vllm.multimodal.processing.context import InputProcessingContext\n"
CASES += [
    (
        "#35083 helper removed",
        "an import of the removed timer",
        K(
            "#35083",
            TC,
            TCW,
            "vllm/aeon/tc1.py",
            CTX + "from vllm.multimodal.processing.context import timed_preprocessor_operation\n\n\n"
            "def aeon_resize(ctx: InputProcessingContext, images: list) -> list:\n"
            "    # AEON: the Spark's resize runs on the CPU; time it with the rest\n"
            "    with timed_preprocessor_operation(ctx, 'aeon_resize'):\n"
            "        return [im.resize((448, 448)) for im in images]\n",
            "from vllm.multimodal.processing.context import timed_preprocessor_operation",
        ),
    ),
    (
        "#35083 helper removed",
        "a removed method on a typed context",
        K(
            "#35083",
            TC,
            TCW,
            "vllm/aeon/tc2.py",
            CTX + "\n\ndef aeon_hf_seconds(ctx: InputProcessingContext, request_id: str) -> float:\n"
            "    stats = ctx.get_timing_stats(request_id)\n"
            "    return 0.0 if stats is None else stats.hf_processor_time\n",
            "stats = ctx.get_timing_stats(request_id)",
        ),
    ),
    (
        "#35083 helper removed",
        "twin: a kept context method",
        K(
            "#35083",
            TC,
            TCW,
            "vllm/aeon/tc3.py",
            CTX + "\n\ndef aeon_hf_config(ctx: InputProcessingContext):\n    return ctx.get_hf_config()\n",
            "return ctx.get_hf_config()",
        ),
    ),
]

# --- #23097 (d3f71f1224): _cached_apply_hf_processor / _apply_hf_processor return (prompt_ids, mm_info,
#     is_update_applied), no longer four values; _maybe_apply_prompt_updates now called with mm_prompt_updates=
PU = "d3f71f1224"
PUW = "_cached_apply_hf_processor returns 3 values; _maybe_apply_prompt_updates(mm_prompt_updates=)"
MMP = "from vllm.multimodal.processing import BaseMultiModalProcessor\n\n\n"
CASES += [
    (
        "#23097 return shape changed",
        "an override unpacking the super call four ways",
        K(
            "#23097",
            PU,
            PUW,
            "vllm/aeon/pu1.py",
            MMP + "class AeonCachedProcessor(BaseMultiModalProcessor):\n"
            "    def _cached_apply_hf_processor(self, prompt, mm_data_items, hf_processor_mm_kwargs, tokenization_kwargs, *, return_mm_hashes):\n"
            "        # AEON: count the Spark's processor-cache hits\n"
            "        prompt_ids, mm_kwargs, mm_hashes, applied = super()._cached_apply_hf_processor(prompt, mm_data_items, hf_processor_mm_kwargs, tokenization_kwargs, return_mm_hashes=return_mm_hashes)\n"
            "        self.aeon_hits = getattr(self, 'aeon_hits', 0) + 1\n"
            "        return prompt_ids, mm_kwargs, mm_hashes, applied\n",
            "prompt_ids, mm_kwargs, mm_hashes, applied = super()._cached_apply_hf_processor(prompt, mm_data_items, hf_processor_mm_kwargs, tokenization_kwargs, return_mm_hashes=return_mm_hashes)",
        ),
    ),
    (
        "#23097 return shape changed",
        "an override with the parameter the caller no longer passes",
        K(
            "#23097",
            PU,
            PUW,
            "vllm/aeon/pu2.py",
            MMP + "class AeonUpdatesProcessor(BaseMultiModalProcessor):\n"
            "    def _maybe_apply_prompt_updates(self, mm_items, hf_processor_mm_kwargs, prompt_ids, mm_kwargs, is_update_applied):\n"
            "        # AEON: our tokenizer already expands <image> into patches\n"
            "        return super()._maybe_apply_prompt_updates(mm_items, hf_processor_mm_kwargs, prompt_ids, mm_kwargs, True)\n",
            "def _maybe_apply_prompt_updates(self, mm_items, hf_processor_mm_kwargs, prompt_ids, mm_kwargs, is_update_applied):",
        ),
    ),
    (
        "#23097 return shape changed",
        "twin: an override passing the result through",
        K(
            "#23097",
            PU,
            PUW,
            "vllm/aeon/pu3.py",
            MMP + "class AeonCachedProcessor2(BaseMultiModalProcessor):\n"
            "    def _cached_apply_hf_processor(self, *args, **kwargs):\n"
            "        result = super()._cached_apply_hf_processor(*args, **kwargs)\n"
            "        self.aeon_calls = getattr(self, 'aeon_calls', 0) + 1\n"
            "        return result\n",
            "result = super()._cached_apply_hf_processor(*args, **kwargs)",
        ),
    ),
]

# --- #33331 (c6e7404cc5): MultiModalFieldElem loses its modality and key fields
FE = "c6e7404cc5"
FEW = "MultiModalFieldElem.modality / .key removed"
ELEM = "from vllm.multimodal.inputs import MultiModalBatchedField, MultiModalFieldElem\n\n\n"
CASES += [
    (
        "#33331 field removed",
        "a read of the removed field off a typed element",
        K(
            "#33331",
            FE,
            FEW,
            "vllm/aeon/fe1.py",
            ELEM + "def aeon_is_image(elem: MultiModalFieldElem) -> bool:\n"
            "    # AEON: the Spark pins image tensors, not audio ones\n"
            "    return elem.modality == 'image'\n",
            "return elem.modality == 'image'",
        ),
    ),
    (
        "#33331 field removed",
        "an element built with the removed keywords",
        K(
            "#33331",
            FE,
            FEW,
            "vllm/aeon/fe2.py",
            ELEM + "def aeon_elem(data) -> MultiModalFieldElem:\n"
            "    return MultiModalFieldElem(modality='image', key='pixel_values', data=data, field=MultiModalBatchedField())\n",
            "return MultiModalFieldElem(modality='image', key='pixel_values', data=data, field=MultiModalBatchedField())",
        ),
    ),
    (
        "#33331 field removed",
        "twin: a read of a kept field",
        K(
            "#33331",
            FE,
            FEW,
            "vllm/aeon/fe3.py",
            ELEM + "def aeon_elem_data(elem: MultiModalFieldElem):\n    return elem.data\n",
            "return elem.data",
        ),
    ),
]


# --- Round 2, written after the first blind run came back with no miss and committed before running it: harder
#     spellings of the commits above (a mixin's override, an override returning the old tuple, a read through a
#     mapping's values, a literal of the old type passed positionally, a bound method kept in a module global, a
#     read of a removed property off self, a removed dataclass field as a keyword), and one more commit.

# --- #33396 (c87eac18f7): BaseProcessingInfo.get_allowed_mm_limits() -> the allowed_mm_limits cached_property;
#     validate_num_items moved from the processor to the info
CL = "c87eac18f7"
CLW = "get_allowed_mm_limits -> allowed_mm_limits property; validate_num_items moved to the info"
CLI = "from vllm.multimodal.processing import BaseMultiModalProcessor, BaseProcessingInfo\n\n\n"
CASES += [
    (
        "#33396 method made a property",
        "an info override of the replaced method",
        K(
            "#33396",
            CL,
            CLW,
            "vllm/aeon/cl1.py",
            CLI + "class AeonCappedInfo(BaseProcessingInfo):\n"
            "    def get_supported_mm_limits(self):\n"
            "        return {'image': None}\n\n"
            "    # AEON: two images a prompt at most on the Spark, whatever --limit-mm-per-prompt says\n"
            "    def get_allowed_mm_limits(self):\n"
            "        return {'image': 2}\n",
            "def get_allowed_mm_limits(self):",
        ),
    ),
    (
        "#33396 method made a property",
        "a processor calling the moved validator on self",
        K(
            "#33396",
            CL,
            CLW,
            "vllm/aeon/cl2.py",
            CLI + "class AeonCheckedProcessor(BaseMultiModalProcessor):\n"
            "    def aeon_check(self, images: list) -> None:\n"
            "        self.validate_num_items('image', len(images))\n",
            "self.validate_num_items('image', len(images))",
        ),
    ),
    (
        "#33396 method made a property",
        "twin: the processor's kept (deprecated) property",
        K(
            "#33396",
            CL,
            CLW,
            "vllm/aeon/cl3.py",
            CLI + "class AeonLimitsProcessor(BaseMultiModalProcessor):\n"
            "    def aeon_max_images(self) -> int:\n"
            "        return self.allowed_mm_limits.get('image', 0)\n",
            "return self.allowed_mm_limits.get('image', 0)",
        ),
    ),
]

CASES += [
    (
        "#20630 hook renamed",
        "round 2: the old hook in a mixin the info class mixes in",
        K(
            "#20630",
            MT,
            MTW,
            "vllm/aeon/mt4.py",
            INFO + "class AeonFixedTokensMixin:\n"
            "    # AEON: skip the dummy-image profiling pass\n"
            "    def get_max_tokens_per_item(self, seq_len, mm_counts):\n"
            "        return {'image': 576}\n\n\n"
            "class AeonMixedInfo(AeonFixedTokensMixin, BaseProcessingInfo):\n"
            "    def get_supported_mm_limits(self):\n"
            "        return {'image': None}\n",
            "def get_max_tokens_per_item(self, seq_len, mm_counts):",
        ),
    ),
    (
        "#23097 return shape changed",
        "round 2: an override returning the old four values",
        K(
            "#23097",
            PU,
            PUW,
            "vllm/aeon/pu4.py",
            MMP + "class AeonNoHashProcessor(BaseMultiModalProcessor):\n"
            "    def _cached_apply_hf_processor(self, prompt, mm_data_items, hf_processor_mm_kwargs, tokenization_kwargs, *, return_mm_hashes):\n"
            "        # AEON: the Spark's processor cache is off; hashes are not needed\n"
            "        prompt_ids, mm_kwargs, applied = self._apply_hf_processor_main(prompt=prompt, mm_items=mm_data_items, hf_processor_mm_kwargs=hf_processor_mm_kwargs, tokenization_kwargs=tokenization_kwargs, enable_hf_prompt_update=True)\n"
            "        return prompt_ids, mm_kwargs, None, applied\n",
            "return prompt_ids, mm_kwargs, None, applied",
        ),
    ),
    (
        "#23097 return shape changed",
        "twin round 2: an override returning the uncached call",
        K(
            "#23097",
            PU,
            PUW,
            "vllm/aeon/pu5.py",
            MMP + "class AeonUncachedProcessor(BaseMultiModalProcessor):\n"
            "    def _cached_apply_hf_processor(self, prompt, mm_data_items, hf_processor_mm_kwargs, tokenization_kwargs, *, return_mm_hashes):\n"
            "        return self._apply_hf_processor(prompt, mm_data_items, hf_processor_mm_kwargs, tokenization_kwargs, return_mm_hashes=return_mm_hashes)\n",
            "return self._apply_hf_processor(prompt, mm_data_items, hf_processor_mm_kwargs, tokenization_kwargs, return_mm_hashes=return_mm_hashes)",
        ),
    ),
    (
        "#33331 field removed",
        "round 2: the removed field read off an item's values",
        K(
            "#33331",
            FE,
            FEW,
            "vllm/aeon/fe4.py",
            "from vllm.multimodal.inputs import MultiModalKwargsItem\n\n\n"
            "def aeon_pixel_elems(item: MultiModalKwargsItem) -> list:\n"
            "    # AEON: only pixel tensors go through the Spark's pinned pool\n"
            "    return [elem for elem in item.values() if elem.key == 'pixel_values']\n",
            "return [elem for elem in item.values() if elem.key == 'pixel_values']",
        ),
    ),
    (
        "#33408 field renamed",
        "round 2: a dict passed positionally where the parsed items go now",
        K(
            "#33408",
            PI,
            PIW,
            "vllm/aeon/pi5.py",
            PROC + "def aeon_render2(processor: BaseMultiModalProcessor, prompt: str, images: list):\n"
            "    return processor.apply(prompt, {'image': images}, {})\n",
            "return processor.apply(prompt, {'image': images}, {})",
        ),
    ),
    (
        "#35083 helper removed",
        "round 2: a context built with the removed field",
        K(
            "#35083",
            TC,
            TCW,
            "vllm/aeon/tc4.py",
            CTX + "\n\ndef aeon_ctx(model_config, tokenizer, observability_config) -> InputProcessingContext:\n"
            "    return InputProcessingContext(model_config, tokenizer, observability_config=observability_config)\n",
            "return InputProcessingContext(model_config, tokenizer, observability_config=observability_config)",
        ),
    ),
    (
        "#32241 hook removed",
        "round 2: the removed property read off self",
        K(
            "#32241",
            ED,
            EDW,
            "vllm/aeon/ed4.py",
            ENC + "class AeonWhisperProcessor3(EncDecMultiModalProcessor):\n"
            "    def aeon_pad(self, ids: list[int], seq_len: int) -> list[int]:\n"
            "        if self.pad_dummy_encoder_prompt:\n"
            "            ids = ids + [0] * max(0, seq_len - len(ids))\n"
            "        return ids\n",
            "if self.pad_dummy_encoder_prompt:",
        ),
    ),
    (
        "#27500 registry method removed",
        "round 2: the bound method kept in a module global",
        K(
            "#27500",
            NZ,
            NZW,
            "vllm/aeon/nz4.py",
            "from vllm.multimodal import MULTIMODAL_REGISTRY\n\n"
            "aeon_nonzero_tokens = MULTIMODAL_REGISTRY.get_max_tokens_per_item_by_nonzero_modality\n",
            "aeon_nonzero_tokens = MULTIMODAL_REGISTRY.get_max_tokens_per_item_by_nonzero_modality",
        ),
    ),
    (
        "#18796 hook made abstract",
        "twin round 2: a subclass of a shipped builder that defines both hooks",
        K(
            "#18796",
            AB,
            ABW,
            "vllm/aeon/ab4.py",
            "from vllm.model_executor.models.llava import LlavaDummyInputsBuilder\n\n\n"
            "class AeonLlavaDummyInputs(LlavaDummyInputsBuilder):\n"
            "    def get_dummy_processor_inputs(self, seq_len, mm_counts):\n"
            "        return super().get_dummy_processor_inputs(seq_len, {'image': 1})\n",
            "class AeonLlavaDummyInputs(LlavaDummyInputsBuilder):",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-multimodal-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
