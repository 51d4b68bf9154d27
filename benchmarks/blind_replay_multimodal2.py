"""A blind replay of the multimodal core a fork's vision-model processor subclasses, calls or imports (second pass).

10 first-parent commits on ``vllm/multimodal/{inputs,processing,profiling,registry,video}.py`` -- the core a fork
that carries a processor for a vision model it serves writes code against: ``PlaceholderRange`` turned from a
``TypedDict`` into a frozen dataclass (a subscript of a range now fails) and ``PromptUpdateDetails.features``
removed, ``BaseProcessingInfo.get_mm_max_tokens_per_item`` given a required ``mm_counts`` that the profiler and
the registry now pass, ``MultiModalProfiler.get_dummy_data`` split into ``get_encoder_dummy_data`` and
``get_decoder_dummy_data``, the dummy-input and limit helpers moved off ``BaseMultiModalProcessor`` (with
``ProcessorInputs`` moved to ``profiling``), the registry's ``MM_CACHE_SIZE`` removed for an environment
variable, ``MultiModalProfiler.get_mm_max_tokens`` made private, ``PromptReplacementDetails`` and
``_hf_processor_applies_repl`` renamed to their ``Update`` spellings (with a shim for ``_get_prompt_replacements``
only), ``VideoLoaderRegistry`` replaced by a generic ``ExtensionManager``, ``BaseMultiModalProcessor``'s
``enable_sanity_checks`` removed, and ``MultiModalInputsV2`` renamed ``MultiModalInputs`` -- picked by scanning
``git log --first-parent -p -- vllm/multimodal`` and avoiding the commits ``blind_replay_multimodal``,
``_mminputs``, ``_mmmedia`` and ``_mmproc`` use.  Each is replayed under 1-3 fork spellings written the way fork
code is written (a subscript of a value the fork reads, a keyword build, an attribute read, a subclass override
the base now calls with more arguments, an override the base no longer calls, a ``super()`` call, a ``self.``
call of a removed helper, an import, a module attribute, a table of callables, a static call), with twins (fork
code the commit does not break: the kept build, the override the shim still reaches, the new spelling, a kept
helper, a keyword call that still fits).  The merge base is the commit's first parent, upstream is the commit; a
spelling is *caught* when an error lands on its line, *warned* when a warning lands in its file.  Twins must stay
*quiet*: no error on their line.

Blind, on the engine before any widening (main at be1a91ef): 22 caught, 0 warned, 2 missed of 24 (twins: 9
quiet, 1 false error).  Symbol drift caught every import, module attribute and call of a removed or renamed
name, the overrides of methods the base dropped or re-signatured, the removed keyword in ``super().__init__``,
the removed field in a keyword build and a read.  The misses: #15712's two subscripts of a ``PlaceholderRange``
(``first["offset"]`` of ``first = ranges[0]``, and ``rng["length"]`` of a loop over a loop variable walking a
``dict[str, list[PlaceholderRange]]``'s values): the TypedDict-key check only knew keys a TypedDict lost, not a
TypedDict turned into a class that cannot be subscripted, and neither local was typed (a local bound to a
container's element, a loop over a loop variable).  The false error: #13964's twin, an override of
``_get_prompt_replacements``, which the base no longer defines but still looks up on ``self`` by string in its
constructor and installs as ``_get_prompt_updates`` (a shim): the override still runs.
After the killers210 widenings: 24 caught, 0 warned, 0 missed of 24 (twins: 10 quiet, 4 of them warned, 0 false
errors).  Caught now: a key read (``x["k"]``) of a TypedDict upstream turned into a class of its own that defines
no ``__getitem__`` (symbol drift's ``_typed_key``, the subscript test of ``drift/wrapped_fields.py``), with a
local bound once to one element of a container (``first = ranges[0]``) and the inner variable of a loop over a
loop variable (``loop_types.walked_container``) now typed for every typed read.  Quiet now: an override of a
method upstream removed where a class along the fork class's bases still looks the old name up on ``self`` by a
string (``drift/shimmed_hooks.py``): a warning, the shim may go.
Regression set at the widenings' head: killer_replay 26/26, kind_change_replay 12/12 (5 quiet),
blind_replay_multimodal 28 caught, 4 warned of 32 (14 quiet, as before), blind_replay_mmproc 19 caught, 1 missed
of 20 (14 quiet; the miss as before), blind_replay_mminputs 19/19 (13 quiet), blind_replay_mmmedia 23/23 (9
quiet), review80_twins 12 caught, 2 warned of 14, 0 false of 32, review81_twins 5 caught, 3 warned of 8, 0 false
of 30, review83_twins 8/8, 0 false of 42, review48_twins 7/7, 0 false of 41, blind_replay_asyncsched 20 caught, 1
missed of 21 (14 quiet; as before), review69_twins 8/8, 0 false of 37, review73_twins 6/6, 0 false of 34,
blind_replay_sampleops 15 caught, 2 warned of 17 (9 quiet), blind_replay_mtpmodels 16 caught, 5 warned, 1 missed
of 22 (11 quiet; as before), ``symbol_precision.py --windows 1``: 0 false errors (window 0: 5
broken overrides, 4 caught, 8 warnings, as before).

  python benchmarks/blind_replay_multimodal2.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #15712 (f5722a5052): PlaceholderRange a frozen dataclass; PromptUpdateDetails.features removed
PR = "f5722a5052"
PRW = "PlaceholderRange TypedDict -> dataclass; PromptUpdateDetails.features removed"
IN = "from vllm.multimodal.inputs import PlaceholderRange\n\n\n"
PD = "from vllm.multimodal.processing import PromptUpdateDetails\n\n\n"
CASES += [
    (
        "#15712 TypedDict made a dataclass",
        "a subscript of a range the fork reads",
        K(
            "#15712",
            PR,
            PRW,
            "vllm/aeon/pr1.py",
            IN + "def aeon_image_span(ranges: list[PlaceholderRange]) -> tuple[int, int]:\n"
            "    # AEON: the Spark's NVFP4 vision tower caches the first image's span\n"
            "    first = ranges[0]\n"
            '    return first["offset"], first["offset"] + first["length"]\n',
            'return first["offset"], first["offset"] + first["length"]',
        ),
    ),
    (
        "#15712 TypedDict made a dataclass",
        "a subscript of a loop variable over the placeholders",
        K(
            "#15712",
            PR,
            PRW,
            "vllm/aeon/pr2.py",
            IN + "def aeon_total_placeholders(mm_placeholders: dict[str, list[PlaceholderRange]]) -> int:\n"
            "    total = 0\n"
            "    for ranges in mm_placeholders.values():\n"
            "        for rng in ranges:\n"
            '            total += rng["length"]\n'
            "    return total\n",
            'total += rng["length"]',
        ),
    ),
    (
        "#15712 field removed",
        "a keyword build with the removed field",
        K(
            "#15712",
            PR,
            PRW,
            "vllm/aeon/pr3.py",
            PD + "def aeon_image_details(full: str, image_token: str) -> PromptUpdateDetails:\n"
            "    # AEON: the served vision model's prompt keeps a row break around the image tokens\n"
            "    return PromptUpdateDetails(full=full, features=image_token)\n",
            "return PromptUpdateDetails(full=full, features=image_token)",
        ),
    ),
    (
        "#15712 field removed",
        "a read of the removed field",
        K(
            "#15712",
            PR,
            PRW,
            "vllm/aeon/pr4.py",
            PD + "def aeon_feature_len(details: PromptUpdateDetails) -> int:\n    return len(details.features)\n",
            "return len(details.features)",
        ),
    ),
    (
        "#15712 TypedDict made a dataclass",
        "twin: a keyword build of the range and from_seq",
        K(
            "#15712",
            PR,
            PRW,
            "vllm/aeon/pr5.py",
            "from vllm.multimodal.inputs import PlaceholderRange\n"
            "from vllm.multimodal.processing import PromptUpdateDetails\n\n\n"
            "def aeon_range(offset: int, length: int) -> PlaceholderRange:\n"
            "    return PlaceholderRange(offset=offset, length=length)\n\n\n"
            "def aeon_details(seq: str) -> PromptUpdateDetails:\n"
            "    return PromptUpdateDetails.from_seq(seq)\n",
            "return PlaceholderRange(offset=offset, length=length)",
        ),
    ),
]

# --- #12553 (d1ca7df84d): BaseProcessingInfo.get_mm_max_tokens_per_item(seq_len, mm_counts)
MT = "d1ca7df84d"
MTW = "get_mm_max_tokens_per_item given a required mm_counts, passed by the profiler and registry"
PI = "from collections.abc import Mapping\n\nfrom vllm.multimodal.processing import BaseProcessingInfo\n\n\n"
CASES += [
    (
        "#12553 parameter added to an abstract method",
        "an override with the old signature",
        K(
            "#12553",
            MT,
            MTW,
            "vllm/aeon/mt1.py",
            PI + "class AeonVisionInfo(BaseProcessingInfo):\n"
            "    # AEON: the vision model the Spark serves (one 448px tile per image)\n"
            "    def get_supported_mm_limits(self) -> Mapping[str, int | None]:\n"
            '        return {"image": 4}\n\n'
            "    def get_mm_max_tokens_per_item(self, seq_len: int) -> Mapping[str, int]:\n"
            '        return {"image": 256}\n',
            "def get_mm_max_tokens_per_item(self, seq_len: int) -> Mapping[str, int]:",
        ),
    ),
    (
        "#12553 parameter added to an abstract method",
        "a call with the old arity on a receiver typed as the base",
        K(
            "#12553",
            MT,
            MTW,
            "vllm/aeon/mt2.py",
            PI + "def aeon_image_budget(info: BaseProcessingInfo, seq_len: int) -> int:\n"
            '    return info.get_mm_max_tokens_per_item(seq_len).get("image", 0)\n',
            'return info.get_mm_max_tokens_per_item(seq_len).get("image", 0)',
        ),
    ),
    (
        "#12553 parameter added to an abstract method",
        "twin: the other abstract method's override",
        K(
            "#12553",
            MT,
            MTW,
            "vllm/aeon/mt3.py",
            PI + "class AeonAudioInfo(BaseProcessingInfo):\n"
            "    def get_supported_mm_limits(self) -> Mapping[str, int | None]:\n"
            '        return {"audio": 1}\n',
            "def get_supported_mm_limits(self) -> Mapping[str, int | None]:",
        ),
    ),
]

# --- #14361 (609ef61fea): MultiModalProfiler.get_dummy_data split into encoder/decoder halves
DD = "609ef61fea"
DDW = "MultiModalProfiler.get_dummy_data removed (get_encoder_dummy_data / get_decoder_dummy_data)"
MP = "from vllm.multimodal.profiling import MultiModalProfiler\n\n\n"
CASES += [
    (
        "#14361 method removed",
        "a call of the removed method",
        K(
            "#14361",
            DD,
            DDW,
            "vllm/aeon/dd1.py",
            MP + "def aeon_profile_dummy(profiler: MultiModalProfiler, seq_len: int):\n"
            "    # AEON: the Spark profiles the vision tower at its own max_model_len\n"
            "    return profiler.get_dummy_data(seq_len)\n",
            "return profiler.get_dummy_data(seq_len)",
        ),
    ),
    (
        "#14361 method removed",
        "a subclass's super() call of the removed method",
        K(
            "#14361",
            DD,
            DDW,
            "vllm/aeon/dd2.py",
            MP + "class AeonProfiler(MultiModalProfiler):\n"
            "    def get_dummy_data(self, seq_len: int, is_encoder_data: bool = False):\n"
            "        data = super().get_dummy_data(seq_len, is_encoder_data)\n"
            "        return data\n",
            "data = super().get_dummy_data(seq_len, is_encoder_data)",
        ),
    ),
    (
        "#14361 method removed",
        "twin: the kept limits call",
        K(
            "#14361",
            DD,
            DDW,
            "vllm/aeon/dd3.py",
            MP + "def aeon_limits(profiler: MultiModalProfiler) -> dict[str, int]:\n"
            "    return dict(profiler.get_mm_limits())\n",
            "return dict(profiler.get_mm_limits())",
        ),
    ),
]

# --- #11746 (996357e480): profiling split out of BaseMultiModalProcessor; ProcessorInputs moved
PF = "996357e480"
PFW = "dummy-input helpers and limits moved off BaseMultiModalProcessor; ProcessorInputs to profiling"
BP = "from vllm.multimodal.processing import BaseMultiModalProcessor\n\n\n"
CASES += [
    (
        "#11746 class moved",
        "an import from the old module",
        K(
            "#11746",
            PF,
            PFW,
            "vllm/aeon/pf1.py",
            "from vllm.multimodal.processing import ProcessorInputs\n\n\n"
            "def aeon_dummy_inputs(text: str, images: list) -> ProcessorInputs:\n"
            '    return ProcessorInputs(prompt_text=text, mm_data={"image": images})\n',
            "from vllm.multimodal.processing import ProcessorInputs",
        ),
    ),
    (
        "#11746 method removed",
        "a subclass's self. call of the removed helper",
        K(
            "#11746",
            PF,
            PFW,
            "vllm/aeon/pf2.py",
            BP + "class AeonVisionProcessor(BaseMultiModalProcessor):\n"
            "    def aeon_warmup_images(self, n: int) -> list:\n"
            "        # AEON: the Spark warms its NVFP4 vision tower with 448px tiles\n"
            "        return self._get_dummy_images(width=448, height=448, num_images=n)\n",
            "return self._get_dummy_images(width=448, height=448, num_images=n)",
        ),
    ),
    (
        "#11746 method removed",
        "an override the base no longer calls",
        K(
            "#11746",
            PF,
            PFW,
            "vllm/aeon/pf3.py",
            "from collections.abc import Mapping\n\n" + BP + "class AeonLimitProcessor(BaseMultiModalProcessor):\n"
            "    def get_supported_mm_limits(self) -> Mapping[str, int | None]:\n"
            "        # AEON: GB10's unified memory holds at most two images per prompt\n"
            '        return {"image": 2}\n',
            "def get_supported_mm_limits(self) -> Mapping[str, int | None]:",
        ),
    ),
    (
        "#11746 method removed",
        "twin: the kept processor helpers",
        K(
            "#11746",
            PF,
            PFW,
            "vllm/aeon/pf4.py",
            BP + "class AeonTokProcessor(BaseMultiModalProcessor):\n"
            "    def aeon_vocab(self) -> int:\n"
            "        return len(self._get_tokenizer())\n\n"
            "    def aeon_hf(self):\n"
            "        return self._get_hf_processor()\n",
            "return len(self._get_tokenizer())",
        ),
    ),
]

# --- #13239 (dd5ede4440): the registry's MM_CACHE_SIZE removed for VLLM_MM_INPUT_CACHE_SIZE
CS = "dd5ede4440"
CSW = "MM_CACHE_SIZE removed from the registry"
CASES += [
    (
        "#13239 constant removed",
        "an import of the removed constant",
        K(
            "#13239",
            CS,
            CSW,
            "vllm/aeon/cs1.py",
            "from vllm.multimodal.processing import ProcessingCache\n"
            "from vllm.multimodal.registry import MM_CACHE_SIZE\n\n\n"
            "def aeon_small_cache() -> ProcessingCache:\n"
            "    # AEON: the Spark shares 128 GB between the CPU and the GPU: halve the cache\n"
            "    return ProcessingCache(MM_CACHE_SIZE // 2)\n",
            "from vllm.multimodal.registry import MM_CACHE_SIZE",
        ),
    ),
    (
        "#13239 constant removed",
        "a module attribute read",
        K(
            "#13239",
            CS,
            CSW,
            "vllm/aeon/cs2.py",
            "import vllm.multimodal.registry as mm_registry\n\n\n"
            "def aeon_cache_entries() -> int:\n"
            "    return mm_registry.MM_CACHE_SIZE\n",
            "return mm_registry.MM_CACHE_SIZE",
        ),
    ),
    (
        "#13239 constant removed",
        "twin: the kept registry class",
        K(
            "#13239",
            CS,
            CSW,
            "vllm/aeon/cs3.py",
            "from vllm.multimodal.registry import MultiModalRegistry\n\n\n"
            "def aeon_registry() -> MultiModalRegistry:\n"
            "    return MultiModalRegistry()\n",
            "return MultiModalRegistry()",
        ),
    ),
]

# --- #21798 (0e36abf993): MultiModalProfiler.get_mm_max_tokens made private
MX = "0e36abf993"
MXW = "MultiModalProfiler.get_mm_max_tokens renamed _get_mm_max_tokens"
CASES += [
    (
        "#21798 method made private",
        "a call of the renamed method",
        K(
            "#21798",
            MX,
            MXW,
            "vllm/aeon/mx1.py",
            MP + "def aeon_encoder_budget(profiler: MultiModalProfiler, seq_len: int) -> int:\n"
            "    # AEON: the Spark sizes its encoder cache from the vision tower's worst case\n"
            "    return max(profiler.get_mm_max_tokens(seq_len).values())\n",
            "return max(profiler.get_mm_max_tokens(seq_len).values())",
        ),
    ),
    (
        "#21798 method made private",
        "a table of unbound methods",
        K(
            "#21798",
            MX,
            MXW,
            "vllm/aeon/mx2.py",
            MP + "AEON_PROFILE_STEPS = {\n"
            '    "limits": MultiModalProfiler.get_mm_limits,\n'
            '    "max_tokens": MultiModalProfiler.get_mm_max_tokens,\n'
            "}\n",
            '"max_tokens": MultiModalProfiler.get_mm_max_tokens,',
        ),
    ),
    (
        "#21798 method made private",
        "twin: the kept decoder dummy data",
        K(
            "#21798",
            MX,
            MXW,
            "vllm/aeon/mx3.py",
            MP + "def aeon_decoder_dummy(profiler: MultiModalProfiler, seq_len: int):\n"
            "    return profiler.get_decoder_dummy_data(seq_len)\n",
            "return profiler.get_decoder_dummy_data(seq_len)",
        ),
    ),
]

# --- #13964 (f1579b229d): prompt replacements generalised into prompt updates
PU = "f1579b229d"
PUW = "PromptReplacementDetails -> PromptUpdateDetails; _hf_processor_applies_repl -> _applies_updates"
CASES += [
    (
        "#13964 class renamed",
        "an import of the old class",
        K(
            "#13964",
            PU,
            PUW,
            "vllm/aeon/pu1.py",
            "from vllm.multimodal.processing import PromptReplacementDetails\n\n\n"
            "def aeon_tile_details(tile: str, n: int) -> PromptReplacementDetails:\n"
            "    # AEON: the served model's image tiles end with a newline token\n"
            '    return PromptReplacementDetails(full=tile * n + "\\n", features=tile * n)\n',
            "from vllm.multimodal.processing import PromptReplacementDetails",
        ),
    ),
    (
        "#13964 hook renamed",
        "an override the base no longer calls",
        K(
            "#13964",
            PU,
            PUW,
            "vllm/aeon/pu2.py",
            "from collections.abc import Mapping\n\n"
            "from vllm.multimodal.parse import MultiModalDataItems\n"
            "from vllm.multimodal.processing import BaseMultiModalProcessor\n\n\n"
            "class AeonNoReplProcessor(BaseMultiModalProcessor):\n"
            "    def _hf_processor_applies_repl(\n"
            "        self,\n"
            "        prompt_text: str,\n"
            "        mm_items: MultiModalDataItems,\n"
            "        hf_processor_mm_kwargs: Mapping[str, object],\n"
            "    ) -> bool:\n"
            "        # AEON: the fork's HF processor leaves the placeholders unexpanded\n"
            "        return False\n",
            "def _hf_processor_applies_repl(",
        ),
    ),
    (
        "#13964 function renamed",
        "an import of the renamed function",
        K(
            "#13964",
            PU,
            PUW,
            "vllm/aeon/pu3.py",
            "from vllm.multimodal.processing import replace_token_matches\n\n\n"
            "def aeon_expand(prompt: list[int], matches) -> list[int]:\n"
            "    return replace_token_matches(prompt, matches, {})\n",
            "from vllm.multimodal.processing import replace_token_matches",
        ),
    ),
    (
        "#13964 hook renamed",
        "twin: the override a shim still reaches",
        K(
            "#13964",
            PU,
            PUW,
            "vllm/aeon/pu4.py",
            "from collections.abc import Mapping\n\n"
            "from vllm.multimodal.inputs import MultiModalKwargs\n"
            "from vllm.multimodal.parse import MultiModalDataItems\n"
            "from vllm.multimodal.processing import BaseMultiModalProcessor, PromptReplacement\n\n\n"
            "class AeonReplProcessor(BaseMultiModalProcessor):\n"
            "    def _get_prompt_replacements(\n"
            "        self,\n"
            "        mm_items: MultiModalDataItems,\n"
            "        hf_processor_mm_kwargs: Mapping[str, object],\n"
            "        out_mm_kwargs: MultiModalKwargs,\n"
            "    ) -> list[PromptReplacement]:\n"
            '        return [PromptReplacement(modality="image", target="<image>", replacement="<image>" * 64)]\n',
            "def _get_prompt_replacements(",
        ),
    ),
]

# --- #27759 (1fb4217a05): VideoLoaderRegistry replaced by ExtensionManager
VL = "1fb4217a05"
VLW = "VideoLoaderRegistry removed (VIDEO_LOADER_REGISTRY an ExtensionManager)"
CASES += [
    (
        "#27759 class removed",
        "an import and a static load",
        K(
            "#27759",
            VL,
            VLW,
            "vllm/aeon/vl1.py",
            "from vllm.multimodal.video import VideoLoader, VideoLoaderRegistry\n\n\n"
            "def aeon_loader(name: str) -> VideoLoader:\n"
            "    # AEON: the Spark's aarch64 image decodes video with its own backend\n"
            "    return VideoLoaderRegistry.load(name)\n",
            "from vllm.multimodal.video import VideoLoader, VideoLoaderRegistry",
        ),
    ),
    (
        "#27759 class removed",
        "a module attribute build",
        K(
            "#27759",
            VL,
            VLW,
            "vllm/aeon/vl2.py",
            "import vllm.multimodal.video as mm_video\n\nAEON_LOADERS = mm_video.VideoLoaderRegistry()\n",
            "AEON_LOADERS = mm_video.VideoLoaderRegistry()",
        ),
    ),
    (
        "#27759 class removed",
        "twin: a registration on the kept registry instance",
        K(
            "#27759",
            VL,
            VLW,
            "vllm/aeon/vl3.py",
            "from vllm.multimodal.video import VIDEO_LOADER_REGISTRY, VideoLoader\n\n\n"
            '@VIDEO_LOADER_REGISTRY.register("aeon_nvdec")\n'
            "class AeonNvdecLoader(VideoLoader):\n"
            '    """The Spark\'s hardware decoder."""\n\n\n'
            "def aeon_load() -> VideoLoader:\n"
            '    return VIDEO_LOADER_REGISTRY.load("aeon_nvdec")\n',
            'return VIDEO_LOADER_REGISTRY.load("aeon_nvdec")',
        ),
    ),
]

# --- #17314 (506475de5f): BaseMultiModalProcessor's enable_sanity_checks removed
SC = "506475de5f"
SCW = "enable_sanity_checks parameter and attribute removed"
CASES += [
    (
        "#17314 parameter removed",
        "a subclass's super().__init__ with the removed keyword",
        K(
            "#17314",
            SC,
            SCW,
            "vllm/aeon/sc1.py",
            BP + "class AeonFastProcessor(BaseMultiModalProcessor):\n"
            "    def __init__(self, info, dummy_inputs, *, cache=None) -> None:\n"
            "        # AEON: the Spark's serving path skips the sanity checks for latency\n"
            "        super().__init__(info, dummy_inputs, cache=cache, enable_sanity_checks=False)\n",
            "super().__init__(info, dummy_inputs, cache=cache, enable_sanity_checks=False)",
        ),
    ),
    (
        "#17314 attribute removed",
        "a subclass's self. read of the removed attribute",
        K(
            "#17314",
            SC,
            SCW,
            "vllm/aeon/sc2.py",
            BP + "class AeonCheckedProcessor(BaseMultiModalProcessor):\n"
            "    def aeon_checks_on(self) -> bool:\n"
            "        return bool(self.enable_sanity_checks)\n",
            "return bool(self.enable_sanity_checks)",
        ),
    ),
    (
        "#17314 parameter removed",
        "twin: super().__init__ with the kept keyword",
        K(
            "#17314",
            SC,
            SCW,
            "vllm/aeon/sc3.py",
            BP + "class AeonCachedProcessor(BaseMultiModalProcessor):\n"
            "    def __init__(self, info, dummy_inputs, *, cache=None) -> None:\n"
            "        super().__init__(info, dummy_inputs, cache=cache)\n",
            "super().__init__(info, dummy_inputs, cache=cache)",
        ),
    ),
]

# --- #12244 (96912550c8): MultiModalInputsV2 renamed MultiModalInputs
IV = "96912550c8"
IVW = "MultiModalInputsV2 renamed MultiModalInputs"
CASES += [
    (
        "#12244 class renamed",
        "an import of the old name",
        K(
            "#12244",
            IV,
            IVW,
            "vllm/aeon/iv1.py",
            "from vllm.multimodal.inputs import MultiModalInputsV2\n\n\n"
            "def aeon_prompt_len(inputs: MultiModalInputsV2) -> int:\n"
            '    return len(inputs["prompt_token_ids"])\n',
            "from vllm.multimodal.inputs import MultiModalInputsV2",
        ),
    ),
    (
        "#12244 class renamed",
        "a module attribute in an isinstance-free cast",
        K(
            "#12244",
            IV,
            IVW,
            "vllm/aeon/iv2.py",
            "from typing import cast\n\n"
            "from vllm.multimodal import inputs as mm_inputs\n\n\n"
            "def aeon_as_inputs(obj: object):\n"
            "    return cast(mm_inputs.MultiModalInputsV2, obj)\n",
            "return cast(mm_inputs.MultiModalInputsV2, obj)",
        ),
    ),
    (
        "#12244 class renamed",
        "twin: the kept kwargs class",
        K(
            "#12244",
            IV,
            IVW,
            "vllm/aeon/iv3.py",
            "from vllm.multimodal.inputs import MultiModalKwargs\n\n\n"
            "def aeon_kwargs() -> MultiModalKwargs:\n"
            "    return MultiModalKwargs({})\n",
            "return MultiModalKwargs({})",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-multimodal2-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
