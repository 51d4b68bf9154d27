"""A blind replay of the multimodal processor hooks, dummy-input builder, registry and HF-processor helpers a fork's model carries.

11 first-parent commits on ``vllm/multimodal/processing.py`` (later the ``processing/`` package),
``profiling.py``, ``registry.py``, ``parse.py`` and ``vllm/transformers_utils/processor.py`` -- the surface every
fork-carried multimodal model overrides or calls: ``PlaceholderInfo`` renamed ``PlaceholderFeaturesInfo``
(#12269), ``_apply_hf_processor_text_mm`` returning three values and ``_always_apply_prompt_replacements``
dropped (#13215), the registry's deprecated ``has_processor``/``init_mm_limits_per_prompt`` removed (#21907),
``ProcessingCache`` losing ``debug_cache_hit_ratio_steps``/``get_item``/``put_item``/``ProcessingCacheItem``
(#22457), ``PromptUpdate.bind``/``BoundPromptUpdate`` removed (#23411), ``get_dummy_mm_data`` now called with a
third positional ``mm_options`` (#25631), the decoder dummy data moved from the builder to the registry
(``DummyDecoderData``, ``get_decoder_dummy_data``, the builder's ``get_dummy_mm_inputs``; #32310),
``processing.py`` split into a package and ``profiling.py`` deleted (#32327), ``apply``'s ``mm_uuids=`` renamed
``mm_uuid_items=`` (#34711), ``get_processor_kwargs_from_processor`` removed (#35872) and the ``librosa``
audio resampling method dropped (#37058) -- picked by scanning those paths' diffs (``git log --first-parent
-p``), avoiding the commits the other replays use.  Each is replayed under 1-3 fork spellings written the way
fork code is written (a subclass override, a keyword call, a read off a typed receiver, an import, a tuple
unpacked, a literal choice), with twins (fork code the commit does not break).  The merge base is the
commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on its line,
*warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 9bdf94ca): 20 caught, 2 warned, 0 missed of 22 (twins: 10
quiet, 1 false error of 11).  The two warned are #37058's ``MultiModalDataParser(...,
audio_resample_method='librosa')`` and ``AudioResampler(..., method='librosa')``: a value a parameter's own
inline ``Literal`` lost, which dropped choice drift (aliases and class fields only) did not read, and which name
drift warned on as a word gone everywhere (setup.py's extra ``librosa`` renamed ``av``).  The false error was a
mis-written twin: #34711 also moved ``mm_uuid_items`` to the third positional slot of ``apply``, so
``processor.apply(prompt, mm_items, {}, tokenization_kwargs=...)`` hands its processor kwargs to the uuid slot
(harmless for ``{}`` by luck, wrong for any other dict); the engine's shifted-argument error is true.  That
spelling is a killer now with a non-empty dict, and a twin passing every argument past the items by keyword
took its place; #37058 gained a twin (the fork's own function taking ``method='librosa'``).

After the killers88 widenings (a value a parameter's own inline ``Literal`` lost, passed by keyword or at its
place, an error, ``drift/param_choices.py``, which replaces name drift's same-line warning): 23 caught, 0
warned, 0 missed of 23 (twins: 12 quiet, 1 of them warned, 0 false errors).  Round 2 (6 harder spellings, 4
twins; written after that widening, committed before its own run): blind 3 caught, 1 warned, 2 missed of 6
(twins: 4 quiet, 0 false errors).  The misses: #23411's ``PromptIndex(lambda tokenizer, prompt: 1)`` (a fork
callback upstream now calls with a third argument, ``start_idx``) and #22457's ``cache.get(model_id, 'image',
image, {})`` (``ProcessingCache.get`` now bound in ``__init__`` to the LRU cache's ``get(key)``); the warned one
#37058's ``super().__init__(..., audio_resample_method='librosa')`` in a fork subclass.  After the round-2
widenings (parameter choices through a fork subclass's ``super().__init__``; callback drift,
``drift/callbacks.py``: a ``lambda`` or module function handed to upstream's class for a field upstream now
calls with more positional arguments): 28 caught, 0 warned, 1 missed of 29 (twins: 16 quiet, 1 of them warned,
0 false errors).  Left: #22457's ``cache.get`` (a method replaced by an attribute bound to another library's
method in ``__init__``: its signature lives outside the tree).  The warned twin is #37058's fork function
``aeon_resample(c, method='librosa')``: name drift's warning for a word gone everywhere, as before.
Regression set at the final head (72c2933d): killer_replay 26/26, kind_change_replay 12/12, review16_twins 6/6
and review17_twins 11 caught, 1 warned (0 false errors each).  At 207cff8d (the first widening alone):
blind_replay_quant 27/27 (0 false), blind_replay 52 caught, 9 warned, blind_replay_multimodal 28 caught, 4
warned, 0 false (#18796's two warned are main's too), review15_twins 0 false, ``symbol_precision.py`` window 0
0 false errors (windows 1-2 cut: 373 s a window on a shared machine).

  python benchmarks/blind_replay_processor.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #12269 (df76e5af26): PlaceholderInfo renamed PlaceholderFeaturesInfo (replacement -> tokens)
PI = "df76e5af26"
PIW = "PlaceholderInfo renamed PlaceholderFeaturesInfo"
CASES += [
    (
        "#12269 class renamed",
        "an import of the old name",
        K(
            "#12269",
            PI,
            PIW,
            "vllm/aeon/pi1.py",
            "from vllm.multimodal.processing import PlaceholderInfo\n\n\n"
            "def aeon_placeholder_tokens(info: PlaceholderInfo) -> int:\n"
            "    # AEON: the Spark's encoder budget counts placeholder tokens per item\n"
            "    return info.length\n",
            "from vllm.multimodal.processing import PlaceholderInfo",
        ),
    ),
    (
        "#12269 class renamed",
        "twin: a kept class of the module",
        K(
            "#12269",
            PI,
            PIW,
            "vllm/aeon/pi2.py",
            "from vllm.multimodal.processing import PromptReplacement\n\n\n"
            "def aeon_image_repl(n: int) -> PromptReplacement:\n"
            "    return PromptReplacement(modality='image', target='<image>', replacement='<image>' * n)\n",
            "from vllm.multimodal.processing import PromptReplacement",
        ),
    ),
]

# --- #13215 (4da1f667e9): _apply_hf_processor_text_mm (and _apply_hf_processor_main, _cached_apply_hf_processor)
#     return (prompt_ids, mm_kwargs, is_repl_applied); the _always_apply_prompt_replacements hook removed
RA = "4da1f667e9"
RAW = "_apply_hf_processor_text_mm returns three values; _always_apply_prompt_replacements removed"
PROC = "from vllm.multimodal.processing import BaseMultiModalProcessor\n\n\n"
CASES += [
    (
        "#13215 returned tuple grew",
        "a two-name unpack of the hook's result",
        K(
            "#13215",
            RA,
            RAW,
            "vllm/aeon/ra1.py",
            PROC + "class AeonProcessor(BaseMultiModalProcessor):\n"
            "    def aeon_text_ids(self, prompt_text, mm_items):\n"
            "        # AEON: the router needs the token count before the encoder runs\n"
            "        prompt_ids, mm_kwargs = self._apply_hf_processor_text_mm(prompt_text, mm_items, {})\n"
            "        return prompt_ids\n",
            "prompt_ids, mm_kwargs = self._apply_hf_processor_text_mm(prompt_text, mm_items, {})",
        ),
    ),
    (
        "#13215 returned tuple grew",
        "an override returning the old two values",
        K(
            "#13215",
            RA,
            RAW,
            "vllm/aeon/ra2.py",
            PROC + "class AeonStripProcessor(BaseMultiModalProcessor):\n"
            "    def _apply_hf_processor_text_mm(self, prompt_text, mm_items, hf_processor_mm_kwargs):\n"
            "        # AEON: our tokenizer strips the BOS the HF processor adds\n"
            "        result = super()._apply_hf_processor_text_mm(prompt_text, mm_items, hf_processor_mm_kwargs)\n"
            "        return result[0][1:], result[1]\n",
            "return result[0][1:], result[1]",
        ),
    ),
    (
        "#13215 hook removed",
        "an override of the dropped hook",
        K(
            "#13215",
            RA,
            RAW,
            "vllm/aeon/ra3.py",
            PROC + "class AeonAlwaysProcessor(BaseMultiModalProcessor):\n"
            "    def _always_apply_prompt_replacements(self) -> bool:\n"
            "        # AEON: our HF processor inserts placeholders that look applied but are not\n"
            "        return True\n",
            "def _always_apply_prompt_replacements(self) -> bool:",
        ),
    ),
    (
        "#13215 returned tuple grew",
        "twin: the head of the result only",
        K(
            "#13215",
            RA,
            RAW,
            "vllm/aeon/ra4.py",
            PROC + "class AeonHeadProcessor(BaseMultiModalProcessor):\n"
            "    def aeon_text_ids(self, prompt_text, mm_items):\n"
            "        ids = self._apply_hf_processor_text_mm(prompt_text, mm_items, {})[0]\n"
            "        return ids\n",
            "ids = self._apply_hf_processor_text_mm(prompt_text, mm_items, {})[0]",
        ),
    ),
]

# --- #21907 (9532a6d563): MultiModalRegistry's deprecated create_input_mapper / init_mm_limits_per_prompt /
#     has_processor removed
RG = "9532a6d563"
RGW = "deprecated registry methods removed"
REG = "from vllm.config import ModelConfig\nfrom vllm.multimodal import MULTIMODAL_REGISTRY\n\n\n"
CASES += [
    (
        "#21907 method removed",
        "a call on the registry singleton",
        K(
            "#21907",
            RG,
            RGW,
            "vllm/aeon/rg1.py",
            REG + "def aeon_is_multimodal(model_config: ModelConfig) -> bool:\n"
            "    # AEON: text-only checkpoints skip the encoder cache on the Spark\n"
            "    return MULTIMODAL_REGISTRY.has_processor(model_config)\n",
            "return MULTIMODAL_REGISTRY.has_processor(model_config)",
        ),
    ),
    (
        "#21907 method removed",
        "a statement call of the no-op",
        K(
            "#21907",
            RG,
            RGW,
            "vllm/aeon/rg2.py",
            REG + "def aeon_prepare(model_config: ModelConfig) -> None:\n"
            "    MULTIMODAL_REGISTRY.init_mm_limits_per_prompt(model_config)\n",
            "MULTIMODAL_REGISTRY.init_mm_limits_per_prompt(model_config)",
        ),
    ),
    (
        "#21907 method removed",
        "twin: a kept registry method",
        K(
            "#21907",
            RG,
            RGW,
            "vllm/aeon/rg3.py",
            REG + "def aeon_limits(model_config: ModelConfig) -> dict:\n"
            "    return dict(MULTIMODAL_REGISTRY.get_mm_limits_per_prompt(model_config))\n",
            "return dict(MULTIMODAL_REGISTRY.get_mm_limits_per_prompt(model_config))",
        ),
    ),
]

# --- #22457 (8c9da6be22): ProcessingCache simplified -- __init__(capacity_gb) only, get_item/put_item and
#     ProcessingCacheItem removed, get/put now the LRU cache's own (by key)
PC = "8c9da6be22"
PCW = "ProcessingCache simplified"
CACHE = "from vllm.multimodal.processing import ProcessingCache\n\n\n"
CASES += [
    (
        "#22457 keyword removed",
        "a keyword to the constructor",
        K(
            "#22457",
            PC,
            PCW,
            "vllm/aeon/pc1.py",
            CACHE + "def aeon_cache(gb: float) -> ProcessingCache:\n"
            "    # AEON: log the hit ratio on the Spark every 100 requests\n"
            "    return ProcessingCache(gb, debug_cache_hit_ratio_steps=100)\n",
            "return ProcessingCache(gb, debug_cache_hit_ratio_steps=100)",
        ),
    ),
    (
        "#22457 method removed",
        "a call of a removed method off a typed receiver",
        K(
            "#22457",
            PC,
            PCW,
            "vllm/aeon/pc2.py",
            CACHE + "def aeon_lookup(cache: ProcessingCache, model_id: str, image: object):\n"
            "    return cache.get_item(model_id, 'image', image, {})\n",
            "return cache.get_item(model_id, 'image', image, {})",
        ),
    ),
    (
        "#22457 keyword removed",
        "twin: the capacity alone",
        K(
            "#22457",
            PC,
            PCW,
            "vllm/aeon/pc3.py",
            CACHE + "def aeon_cache2(gb: float) -> ProcessingCache:\n    return ProcessingCache(gb)\n",
            "return ProcessingCache(gb)",
        ),
    ),
]

# --- #23411 (712d0f88d8): PromptUpdate.bind(tokenizer) and BoundPromptUpdate removed (resolve(tokenizer, idx))
BP = "712d0f88d8"
BPW = "PromptUpdate.bind / BoundPromptUpdate removed"
CASES += [
    (
        "#23411 method removed",
        "a call of the removed method off a typed update",
        K(
            "#23411",
            BP,
            BPW,
            "vllm/aeon/bp1.py",
            "from vllm.multimodal.processing import PromptReplacement\n\n\n"
            "def aeon_target_ids(update: PromptReplacement, tokenizer) -> list[int]:\n"
            "    # AEON: the placeholder check runs on token ids\n"
            "    return update.bind(tokenizer).target.token_ids\n",
            "return update.bind(tokenizer).target.token_ids",
        ),
    ),
    (
        "#23411 class removed",
        "an import of the removed class",
        K(
            "#23411",
            BP,
            BPW,
            "vllm/aeon/bp2.py",
            "from vllm.multimodal.processing import BoundPromptUpdate\n\n\n"
            "def aeon_modality(update: BoundPromptUpdate) -> str:\n"
            "    return update.modality\n",
            "from vllm.multimodal.processing import BoundPromptUpdate",
        ),
    ),
    (
        "#23411 method removed",
        "twin: the update's kept field",
        K(
            "#23411",
            BP,
            BPW,
            "vllm/aeon/bp3.py",
            "from vllm.multimodal.processing import PromptReplacement\n\n\n"
            "def aeon_update_modality(update: PromptReplacement) -> str:\n"
            "    return update.modality\n",
            "return update.modality",
        ),
    ),
]

# --- #25631 (79aa244678): BaseDummyInputsBuilder.get_dummy_mm_data now called with a third positional
#     mm_options by get_dummy_processor_inputs
MO = "79aa244678"
MOW = "get_dummy_mm_data called with mm_options"
BLD = (
    "from collections.abc import Mapping\n\n"
    "from vllm.multimodal.inputs import MultiModalDataDict\n"
    "from vllm.multimodal.profiling import BaseDummyInputsBuilder\n\n\n"
)
CASES += [
    (
        "#25631 hook gained a parameter",
        "an override without the new parameter",
        K(
            "#25631",
            MO,
            MOW,
            "vllm/aeon/mo1.py",
            BLD + "class AeonDummyInputsBuilder(BaseDummyInputsBuilder):\n"
            "    def get_dummy_text(self, mm_counts: Mapping[str, int]) -> str:\n"
            "        return '<image>' * mm_counts.get('image', 0)\n\n"
            "    def get_dummy_mm_data(self, seq_len: int, mm_counts: Mapping[str, int]) -> MultiModalDataDict:\n"
            "        # AEON: profile with the Spark's largest tile\n"
            "        return {'image': self._get_dummy_images(width=448, height=448, num_images=mm_counts.get('image', 0))}\n",
            "def get_dummy_mm_data(self, seq_len: int, mm_counts: Mapping[str, int]) -> MultiModalDataDict:",
        ),
    ),
    (
        "#25631 hook gained a parameter",
        "twin: an override taking the new parameter",
        K(
            "#25631",
            MO,
            MOW,
            "vllm/aeon/mo2.py",
            BLD + "class AeonDummyInputsBuilder2(BaseDummyInputsBuilder):\n"
            "    def get_dummy_text(self, mm_counts: Mapping[str, int]) -> str:\n"
            "        return '<image>' * mm_counts.get('image', 0)\n\n"
            "    def get_dummy_mm_data(self, seq_len: int, mm_counts: Mapping[str, int], mm_options=None) -> MultiModalDataDict:\n"
            "        return {'image': self._get_dummy_images(width=448, height=448, num_images=mm_counts.get('image', 0))}\n",
            "def get_dummy_mm_data(self, seq_len: int, mm_counts: Mapping[str, int], mm_options=None) -> MultiModalDataDict:",
        ),
    ),
]

# --- #32310 (90db5b31e4): top-level dummy data moved to the registry -- DummyEncoderData/DummyDecoderData and the
#     builder's get_dummy_mm_inputs/get_decoder_dummy_data removed, the registry's get_decoder_dummy_data became
#     get_dummy_mm_inputs
DD = "90db5b31e4"
DDW = "dummy data generation moved to the registry"
CASES += [
    (
        "#32310 class removed",
        "an import of the removed named tuple",
        K(
            "#32310",
            DD,
            DDW,
            "vllm/aeon/dd1.py",
            "from vllm.multimodal.profiling import DummyDecoderData\n\n\n"
            "def aeon_dummy_len(data: DummyDecoderData) -> int:\n"
            "    return len(data.prompt_token_ids)\n",
            "from vllm.multimodal.profiling import DummyDecoderData",
        ),
    ),
    (
        "#32310 method removed",
        "a call on the registry singleton",
        K(
            "#32310",
            DD,
            DDW,
            "vllm/aeon/dd2.py",
            REG + "def aeon_profile_tokens(model_config: ModelConfig, seq_len: int) -> int:\n"
            "    # AEON: the Spark's memory profile runs with the fork's own seq_len\n"
            "    dummy = MULTIMODAL_REGISTRY.get_decoder_dummy_data(model_config, seq_len)\n"
            "    return len(dummy.prompt_token_ids)\n",
            "dummy = MULTIMODAL_REGISTRY.get_decoder_dummy_data(model_config, seq_len)",
        ),
    ),
    (
        "#32310 method removed",
        "a call of the builder's removed method off a typed receiver",
        K(
            "#32310",
            DD,
            DDW,
            "vllm/aeon/dd3.py",
            "from vllm.multimodal.processing import BaseMultiModalProcessor\n"
            "from vllm.multimodal.profiling import BaseDummyInputsBuilder\n\n\n"
            "def aeon_dummy_inputs(builder: BaseDummyInputsBuilder, processor: BaseMultiModalProcessor, seq_len: int):\n"
            "    return builder.get_dummy_mm_inputs(processor, seq_len)\n",
            "return builder.get_dummy_mm_inputs(processor, seq_len)",
        ),
    ),
    (
        "#32310 method removed",
        "twin: the builder's kept method",
        K(
            "#32310",
            DD,
            DDW,
            "vllm/aeon/dd4.py",
            "from vllm.multimodal.profiling import BaseDummyInputsBuilder\n\n\n"
            "def aeon_dummy_prompt(builder: BaseDummyInputsBuilder, seq_len: int):\n"
            "    return builder.get_dummy_processor_inputs(seq_len, {'image': 1}).prompt\n",
            "return builder.get_dummy_processor_inputs(seq_len, {'image': 1}).prompt",
        ),
    ),
]

# --- #32327 (9ea07b41da): processing.py split into the processing/ package (its __init__ exports 11 names);
#     profiling.py deleted (BaseDummyInputsBuilder now in processing/dummy_inputs.py)
PK = "9ea07b41da"
PKW = "processing.py split into a package, profiling.py deleted"
CASES += [
    (
        "#32327 module deleted",
        "an import from the deleted module",
        K(
            "#32327",
            PK,
            PKW,
            "vllm/aeon/pk1.py",
            "from vllm.multimodal.profiling import BaseDummyInputsBuilder\n\n\n"
            "class AeonBuilder(BaseDummyInputsBuilder):\n"
            "    def get_dummy_text(self, mm_counts):\n"
            "        return ''\n\n"
            "    def get_dummy_mm_data(self, seq_len, mm_counts, mm_options=None):\n"
            "        return {}\n",
            "from vllm.multimodal.profiling import BaseDummyInputsBuilder",
        ),
    ),
    (
        "#32327 re-exported name gone",
        "a name the old module imported, taken from it",
        K(
            "#32327",
            PK,
            PKW,
            "vllm/aeon/pk2.py",
            "from vllm.multimodal.processing import BaseMultiModalProcessor, MultiModalFieldConfig\n\n\n"
            "class AeonFieldsProcessor(BaseMultiModalProcessor):\n"
            "    def _get_mm_fields_config(self, hf_inputs, hf_processor_mm_kwargs):\n"
            "        return {'pixel_values': MultiModalFieldConfig.batched('image')}\n",
            "from vllm.multimodal.processing import BaseMultiModalProcessor, MultiModalFieldConfig",
        ),
    ),
    (
        "#32327 re-exported name gone",
        "twin: names the package exports",
        K(
            "#32327",
            PK,
            PKW,
            "vllm/aeon/pk3.py",
            "from vllm.multimodal.processing import BaseMultiModalProcessor, PromptReplacement\n\n\n"
            "class AeonUpdatesProcessor(BaseMultiModalProcessor):\n"
            "    def _get_prompt_updates(self, mm_items, hf_processor_mm_kwargs, out_mm_kwargs):\n"
            "        return [PromptReplacement(modality='image', target='<image>', replacement='<image>')]\n",
            "from vllm.multimodal.processing import BaseMultiModalProcessor, PromptReplacement",
        ),
    ),
]

# --- #34711 (a0d8d944e2): BaseMultiModalProcessor.apply / __call__'s keyword mm_uuids= renamed mm_uuid_items=
UU = "a0d8d944e2"
UUW = "apply's mm_uuids renamed mm_uuid_items"
APPLY = "from vllm.multimodal.parse import MultiModalDataItems\nfrom vllm.multimodal.processing import BaseMultiModalProcessor\n\n\n"
CASES += [
    (
        "#34711 keyword renamed",
        "a keyword call off a typed processor",
        K(
            "#34711",
            UU,
            UUW,
            "vllm/aeon/uu1.py",
            APPLY
            + "def aeon_apply(processor: BaseMultiModalProcessor, prompt: str, mm_items: MultiModalDataItems, uuids):\n"
            "    # AEON: the gateway hands us stable image ids\n"
            "    return processor.apply(prompt, mm_items, {}, mm_uuids=uuids)\n",
            "return processor.apply(prompt, mm_items, {}, mm_uuids=uuids)",
        ),
    ),
    (
        "#34711 keyword renamed",
        "an override taking the old keyword",
        K(
            "#34711",
            UU,
            UUW,
            "vllm/aeon/uu2.py",
            APPLY + "class AeonApplyProcessor(BaseMultiModalProcessor):\n"
            "    def apply(self, prompt, mm_items, hf_processor_mm_kwargs, tokenization_kwargs=None, *, mm_uuids=None):\n"
            "        # AEON: drop the truncation our tokenizer refuses\n"
            "        tokenization_kwargs = {k: v for k, v in (tokenization_kwargs or {}).items() if k != 'truncation'}\n"
            "        return super().apply(prompt, mm_items, hf_processor_mm_kwargs, tokenization_kwargs, mm_uuids=mm_uuids)\n",
            "def apply(self, prompt, mm_items, hf_processor_mm_kwargs, tokenization_kwargs=None, *, mm_uuids=None):",
        ),
    ),
    (
        "#34711 keyword renamed",
        "a positional hf_processor_mm_kwargs (its slot now mm_uuid_items)",
        K(
            "#34711",
            UU,
            UUW,
            "vllm/aeon/uu3.py",
            APPLY + "def aeon_apply2(processor: BaseMultiModalProcessor, prompt: str, mm_items: MultiModalDataItems):\n"
            "    return processor.apply(prompt, mm_items, {'max_pixels': 1 << 20}, tokenization_kwargs={'truncation': False})\n",
            "return processor.apply(prompt, mm_items, {'max_pixels': 1 << 20}, tokenization_kwargs={'truncation': False})",
        ),
    ),
    (
        "#34711 keyword renamed",
        "twin: every argument past the items by keyword",
        K(
            "#34711",
            UU,
            UUW,
            "vllm/aeon/uu4.py",
            APPLY + "def aeon_apply3(processor: BaseMultiModalProcessor, prompt: str, mm_items: MultiModalDataItems):\n"
            "    return processor.apply(prompt, mm_items, hf_processor_mm_kwargs={}, tokenization_kwargs={'truncation': False})\n",
            "return processor.apply(prompt, mm_items, hf_processor_mm_kwargs={}, tokenization_kwargs={'truncation': False})",
        ),
    ),
]

# --- #35872 (e379396167): get_processor_kwargs_from_processor (and _collect_dynamic_keys_from_processing_kwargs)
#     removed for get_processor_kwargs_type / get_processor_kwargs_keys
PK2 = "e379396167"
PK2W = "get_processor_kwargs_from_processor removed"
CASES += [
    (
        "#35872 function removed",
        "an import of the removed helper",
        K(
            "#35872",
            PK2,
            PK2W,
            "vllm/aeon/kw1.py",
            "from vllm.transformers_utils.processor import get_processor_kwargs_from_processor\n\n\n"
            "def aeon_accepts(processor, key: str) -> bool:\n"
            "    # AEON: only forward max_pixels when the processor reads it\n"
            "    return key in get_processor_kwargs_from_processor(processor)\n",
            "from vllm.transformers_utils.processor import get_processor_kwargs_from_processor",
        ),
    ),
    (
        "#35872 function removed",
        "twin: a kept helper of the module",
        K(
            "#35872",
            PK2,
            PK2W,
            "vllm/aeon/kw2.py",
            "from vllm.transformers_utils.processor import cached_get_processor\n\n\n"
            "def aeon_processor(name: str):\n"
            "    return cached_get_processor(name, trust_remote_code=True)\n",
            "from vllm.transformers_utils.processor import cached_get_processor",
        ),
    ),
]

# --- #37058 (c7f98b4d0a): the librosa resampling method dropped -- MultiModalDataParser's audio_resample_method
#     Literal["librosa", "scipy"] = "librosa" -> Literal["pyav", "scipy"] = "pyav"; AudioResampler raises on
#     an unknown method; resample_audio_librosa removed
AR = "c7f98b4d0a"
ARW = "librosa resampling dropped"
PARSE = "from vllm.multimodal.parse import MultiModalDataParser\n\n\n"
CASES += [
    (
        "#37058 literal choice removed",
        "a keyword naming the dropped choice",
        K(
            "#37058",
            AR,
            ARW,
            "vllm/aeon/ar1.py",
            PARSE + "def aeon_parser() -> MultiModalDataParser:\n"
            "    # AEON: librosa matches the fine-tune's training resampler\n"
            "    return MultiModalDataParser(target_sr=16000, audio_resample_method='librosa')\n",
            "return MultiModalDataParser(target_sr=16000, audio_resample_method='librosa')",
        ),
    ),
    (
        "#37058 literal choice removed",
        "the resampler built with the dropped choice",
        K(
            "#37058",
            AR,
            ARW,
            "vllm/aeon/ar2.py",
            "from vllm.multimodal.audio import AudioResampler\n\n\n"
            "AEON_RESAMPLER = AudioResampler(target_sr=16000, method='librosa')\n",
            "AEON_RESAMPLER = AudioResampler(target_sr=16000, method='librosa')",
        ),
    ),
    (
        "#37058 function removed",
        "an import of the removed resampler",
        K(
            "#37058",
            AR,
            ARW,
            "vllm/aeon/ar3.py",
            "from vllm.multimodal.audio import resample_audio_librosa\n\n\n"
            "def aeon_to_16k(audio, sr: float):\n"
            "    return resample_audio_librosa(audio, orig_sr=sr, target_sr=16000)\n",
            "from vllm.multimodal.audio import resample_audio_librosa",
        ),
    ),
    (
        "#37058 literal choice removed",
        "twin: the fork's own function taking the keyword",
        K(
            "#37058",
            AR,
            ARW,
            "vllm/aeon/ar5.py",
            "def aeon_resample(audio, method: str = 'librosa'):\n"
            "    return audio\n\n\n"
            "def aeon_resample_all(clips):\n"
            "    return [aeon_resample(c, method='librosa') for c in clips]\n",
            "return [aeon_resample(c, method='librosa') for c in clips]",
        ),
    ),
    (
        "#37058 literal choice removed",
        "twin: a kept choice",
        K(
            "#37058",
            AR,
            ARW,
            "vllm/aeon/ar4.py",
            PARSE + "def aeon_parser2() -> MultiModalDataParser:\n"
            "    return MultiModalDataParser(target_sr=16000, audio_resample_method='scipy')\n",
            "return MultiModalDataParser(target_sr=16000, audio_resample_method='scipy')",
        ),
    ),
]


# --- round 2 (written after the first run and its widening, committed before its own run): harder spellings of
#     the same commits
CASES += [
    (
        "#22457 method retyped",
        "the old four-argument get off a typed cache (now the LRU's get(key))",
        K(
            "#22457",
            PC,
            PCW,
            "vllm/aeon/pc4.py",
            CACHE + "def aeon_cached(cache: ProcessingCache, model_id: str, image: object):\n"
            "    # AEON: skip the HF processor for repeated tiles\n"
            "    return cache.get(model_id, 'image', image, {})\n",
            "return cache.get(model_id, 'image', image, {})",
        ),
    ),
    (
        "#22457 method retyped",
        "twin: reset, still the cache's",
        K(
            "#22457",
            PC,
            PCW,
            "vllm/aeon/pc5.py",
            CACHE + "def aeon_drop(cache: ProcessingCache) -> None:\n    cache.reset()\n",
            "cache.reset()",
        ),
    ),
    (
        "#23411 callback called with more arguments",
        "a fork PromptIndex callback of two parameters",
        K(
            "#23411",
            BP,
            BPW,
            "vllm/aeon/bp4.py",
            "from vllm.multimodal.processing import PromptIndex\n\n\n"
            "def aeon_after_bos() -> PromptIndex:\n"
            "    # AEON: insert image tokens right after our BOS\n"
            "    return PromptIndex(lambda tokenizer, prompt: 1)\n",
            "return PromptIndex(lambda tokenizer, prompt: 1)",
        ),
    ),
    (
        "#23411 callback called with more arguments",
        "twin: a callback taking start_idx too",
        K(
            "#23411",
            BP,
            BPW,
            "vllm/aeon/bp5.py",
            "from vllm.multimodal.processing import PromptIndex\n\n\n"
            "def aeon_after_bos2() -> PromptIndex:\n"
            "    return PromptIndex(lambda tokenizer, prompt, start_idx=0: 1)\n",
            "return PromptIndex(lambda tokenizer, prompt, start_idx=0: 1)",
        ),
    ),
    (
        "#32310 method removed",
        "a call through the processor's builder attribute",
        K(
            "#32310",
            DD,
            DDW,
            "vllm/aeon/dd5.py",
            "from vllm.multimodal.processing import BaseMultiModalProcessor\n\n\n"
            "def aeon_decoder_dummy(processor: BaseMultiModalProcessor, seq_len: int):\n"
            "    return processor.dummy_inputs.get_decoder_dummy_data(processor, seq_len)\n",
            "return processor.dummy_inputs.get_decoder_dummy_data(processor, seq_len)",
        ),
    ),
    (
        "#32327 re-exported name gone",
        "a class of the old module the package does not export",
        K(
            "#32327",
            PK,
            PKW,
            "vllm/aeon/pk4.py",
            "from vllm.multimodal.processing import PlaceholderFeaturesInfo\n\n\n"
            "def aeon_total(infos: list[PlaceholderFeaturesInfo]) -> int:\n"
            "    return sum(i.length for i in infos)\n",
            "from vllm.multimodal.processing import PlaceholderFeaturesInfo",
        ),
    ),
    (
        "#32327 re-exported name gone",
        "twin: another name the package exports",
        K(
            "#32327",
            PK,
            PKW,
            "vllm/aeon/pk5.py",
            "from vllm.multimodal.processing import BaseProcessingInfo\n\n\n"
            "class AeonInfo(BaseProcessingInfo):\n"
            "    def get_supported_mm_limits(self):\n"
            "        return {'image': 4}\n",
            "from vllm.multimodal.processing import BaseProcessingInfo",
        ),
    ),
    (
        "#34711 keyword renamed",
        "the old keyword through __call__",
        K(
            "#34711",
            UU,
            UUW,
            "vllm/aeon/uu5.py",
            APPLY
            + "def aeon_call(processor: BaseMultiModalProcessor, prompt: str, mm_items: MultiModalDataItems, uuids):\n"
            "    return processor(prompt, mm_items, {}, mm_uuids=uuids)\n",
            "return processor(prompt, mm_items, {}, mm_uuids=uuids)",
        ),
    ),
    (
        "#37058 literal choice removed",
        "a subclass passing the dropped choice to super().__init__",
        K(
            "#37058",
            AR,
            ARW,
            "vllm/aeon/ar6.py",
            PARSE + "class AeonAudioParser(MultiModalDataParser):\n"
            "    def __init__(self) -> None:\n"
            "        # AEON: librosa matches the fine-tune's training resampler\n"
            "        super().__init__(target_sr=16000, audio_resample_method='librosa')\n",
            "super().__init__(target_sr=16000, audio_resample_method='librosa')",
        ),
    ),
    (
        "#37058 literal choice removed",
        "twin: a subclass passing a kept choice to super().__init__",
        K(
            "#37058",
            AR,
            ARW,
            "vllm/aeon/ar7.py",
            PARSE + "class AeonAudioParser2(MultiModalDataParser):\n"
            "    def __init__(self) -> None:\n"
            "        super().__init__(target_sr=16000, audio_resample_method='scipy')\n",
            "super().__init__(target_sr=16000, audio_resample_method='scipy')",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-processor-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
