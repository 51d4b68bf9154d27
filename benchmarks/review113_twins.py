"""Adversarial twins of killers210's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a key read of a TypedDict upstream turned into a class that cannot be subscripted (symbol drift's
  ``_typed_key``/``_record_key``; #15712 made ``PlaceholderRange`` a frozen dataclass, and #16076 again): the
  attribute read (the new spelling), the fork's own namesake TypedDict, a read under ``isinstance(rng, dict)``
  (an ``if``, a conditional expression in a comprehension) or ``isinstance(rng, Mapping)``, in a ``try``
  catching ``(KeyError, TypeError)`` or ``Exception``, under a ``hasattr`` test (an ``else``, a conditional
  expression), after ``dataclasses.is_dataclass`` returns, off a parameter rebound to a dict of itself; and the
  same shape on classes that can still be subscripted: #23473 and #21232 turned model inputs from TypedDicts
  into ``TensorSchema`` classes (which define ``__getitem__``), #32863 moved ``TokensPrompt``'s and
  ``TextPrompt``'s shared keys into a TypedDict base;
- a local bound once to one element of a container (``first = ranges[0]``, now typed for every typed read):
  a kept field read off it, the fork's own class as the element, a slice (a list, not an element), a
  mapping's value keeping the field, the fork's own namesake class as the value;
- the inner variable of a loop over a loop variable (``loop_types.walked_container``): the attribute read, a
  nest of the fork's own dicts, a loop over the mapping's keys, a nest of ``TensorSchema`` inputs;
- an override a base's string lookup still reaches (``drift/shimmed_hooks.py``; #13964's
  ``_get_prompt_replacements``, #27583's ``get_multimodal_embeddings`` and ``get_input_embeddings`` reached by
  ``hasattr(self, ...)`` in ``SupportsMultiModal.embed_multimodal`` and ``VllmModel.embed_input_ids``): the
  fork's model on the protocol itself, a subclass whose own ``__init__`` calls ``super().__init__()`` (the shim
  still runs).

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's catches
of these widenings, kept to show the reach stays (a key read off an element-bound local, off a loop over a loop
variable, off an annotated parameter), #16076's re-landing (a key read in a comprehension), a removed field read
off a local bound to a mapping's value, and #27583's override on a model that defines the new hook itself (the
shim in the protocol never runs: every model of the tree overrides ``embed_multimodal``, the override is dead).

Round 1 (main at ba75d3fc), 6 cases and 27 twins as written (22 first, 5 more before any mend ran on them):
5 caught, 1 warned of 6; 4 false errors of 27 twins: the key read in the ``else`` of ``hasattr(rng,
"length")``, in a conditional expression on ``hasattr(rng, "offset")``, after ``if is_dataclass(rng): return
rng.offset``, and off the parameter rebound by ``rng = rng if isinstance(rng, dict) else asdict(rng)`` (its
annotation still typed it).  The warned case: #27583's ``AeonLlava.get_multimodal_embeddings``, an override
the protocol's shim was taken to reach, though ``LlavaForConditionalGeneration.embed_multimodal`` overrides the
method hosting it (the widening had turned the old error into a warning: reach lost).
Round 2 (this branch): a record's key read is the fork's for both shapes where a presence test of the value must
have failed (``presence.presence_refuting``), beside a dataclass test (``fallbacks.dataclass_tested``), or off a
parameter the function rebinds (symbol drift's ``_both_shapes``, with the ``except TypeError`` rule it joins); a
shim reaches an override only through a method no class before it in the fork class's order overrides without
``super().<method>(...)`` (``shimmed_hooks.shim_reached``).  6 caught of 6; 0 false errors of 27 twins (3
warned: the three overrides shims still reach).
Regression set at this branch's head: blind_replay_multimodal2 24/24 (10 twins quiet, 4 warned, 0 false),
killer_replay 26/26, kind_change_replay 12/12 (5 quiet), blind_replay_mminputs 19/19 (13 quiet),
blind_replay_mmproc 19 caught, 1 missed of 20 (14 quiet; the miss as before), blind_replay_multimodal 28 caught,
4 warned of 32 (14 quiet), ``symbol_precision.py --windows 1``: 0 false errors (window 0: 5 broken overrides, 4
caught, 8 warnings, as before).

  PYTHONPATH=.. python review113_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- f5722a5052 (#15712): PlaceholderRange a TypedDict -> a frozen dataclass; PromptUpdateDetails.features removed
PR = ("#15712", "f5722a5052", "PlaceholderRange TypedDict -> dataclass")
IN = "from vllm.multimodal.inputs import PlaceholderRange\n\n\n"
CASES += [
    (
        "#15712 TypedDict made a dataclass",
        "a key read off a local bound to an element",
        K(
            *PR,
            "vllm/aeon/r113pr0.py",
            IN + "def aeon_image_span(ranges: list[PlaceholderRange]) -> int:\n"
            "    first = ranges[0]\n"
            '    return first["offset"]\n',
            '    return first["offset"]',
        ),
    ),
    (
        "#15712 TypedDict made a dataclass",
        "a key read off a loop over a loop variable",
        K(
            *PR,
            "vllm/aeon/r113pr1.py",
            IN + "def aeon_total(mm_placeholders: dict[str, list[PlaceholderRange]]) -> int:\n"
            "    total = 0\n"
            "    for ranges in mm_placeholders.values():\n"
            "        for rng in ranges:\n"
            '            total += rng["length"]\n'
            "    return total\n",
            '            total += rng["length"]',
        ),
    ),
    (
        "#15712 TypedDict made a dataclass",
        "a key read off an annotated parameter",
        K(
            *PR,
            "vllm/aeon/r113pr2.py",
            IN + 'def aeon_end(rng: PlaceholderRange) -> int:\n    return rng["offset"] + rng["length"]\n',
            '    return rng["offset"] + rng["length"]',
        ),
    ),
    (
        "#15712 field removed",
        "a removed field read off a local bound to a mapping's value",
        K(
            *PR,
            "vllm/aeon/r113pr3.py",
            "from vllm.multimodal.processing import PromptUpdateDetails\n\n\n"
            "def aeon_features(by_modality: dict[str, PromptUpdateDetails]) -> object:\n"
            '    details = by_modality["image"]\n'
            "    return details.features\n",
            "    return details.features",
        ),
    ),
]
TWINS += [
    (
        "#15712 TypedDict made a dataclass",
        "twin: the attribute read off a loop over a loop variable (the new spelling)",
        K(
            *PR,
            "vllm/aeon/r113pt1.py",
            IN + "def aeon_total(mm_placeholders: dict[str, list[PlaceholderRange]]) -> int:\n"
            "    total = 0\n"
            "    for ranges in mm_placeholders.values():\n"
            "        for rng in ranges:\n"
            "            total += rng.length\n"
            "    return total\n",
            "            total += rng.length",
        ),
    ),
    (
        "#15712 TypedDict made a dataclass",
        "twin: the fork's own namesake TypedDict",
        K(
            *PR,
            "vllm/aeon/r113pt2.py",
            "from typing import TypedDict\n\n\n"
            "class PlaceholderRange(TypedDict):\n"
            "    offset: int\n"
            "    length: int\n\n\n"
            "def aeon_end(rng: PlaceholderRange) -> int:\n"
            '    return rng["offset"] + rng["length"]\n',
            '    return rng["offset"] + rng["length"]',
        ),
    ),
    (
        "#15712 TypedDict made a dataclass",
        "twin: the key read under isinstance(rng, dict)",
        K(
            *PR,
            "vllm/aeon/r113pt3.py",
            IN + "def aeon_end(rng: PlaceholderRange) -> int:\n"
            "    if isinstance(rng, dict):  # AEON: both shapes of a range\n"
            '        return rng["offset"] + rng["length"]\n'
            "    return rng.offset + rng.length\n",
            '        return rng["offset"] + rng["length"]',
        ),
    ),
    (
        "#15712 TypedDict made a dataclass",
        "twin: the key read under isinstance(rng, Mapping)",
        K(
            *PR,
            "vllm/aeon/r113pt4.py",
            "from collections.abc import Mapping\n\n" + IN + "def aeon_end(rng: PlaceholderRange) -> int:\n"
            "    if not isinstance(rng, Mapping):\n"
            "        return rng.offset + rng.length\n"
            '    return rng["offset"] + rng["length"]\n',
            '    return rng["offset"] + rng["length"]',
        ),
    ),
    (
        "#15712 TypedDict made a dataclass",
        "twin: the key read in a try catching (KeyError, TypeError)",
        K(
            *PR,
            "vllm/aeon/r113pt5.py",
            IN + "def aeon_offset(rng: PlaceholderRange) -> int:\n"
            "    try:\n"
            '        return rng["offset"]\n'
            "    except (KeyError, TypeError):  # AEON: newer upstreams made the range a dataclass\n"
            "        return rng.offset\n",
            '        return rng["offset"]',
        ),
    ),
    (
        "#15712 TypedDict made a dataclass",
        "twin: the key read in the else of a hasattr test",
        K(
            *PR,
            "vllm/aeon/r113pt6.py",
            IN + "def aeon_length(rng: PlaceholderRange) -> int:\n"
            '    if hasattr(rng, "length"):\n'
            "        return rng.length\n"
            "    else:\n"
            '        return rng["length"]\n',
            '        return rng["length"]',
        ),
    ),
    (
        "#15712 TypedDict made a dataclass",
        "twin: the key read in a conditional expression on hasattr",
        K(
            *PR,
            "vllm/aeon/r113pt7.py",
            IN + "def aeon_offset(rng: PlaceholderRange) -> int:\n"
            '    return rng.offset if hasattr(rng, "offset") else rng["offset"]\n',
            '    return rng.offset if hasattr(rng, "offset") else rng["offset"]',
        ),
    ),
    (
        "#15712 TypedDict made a dataclass",
        "twin: the key read after dataclasses.is_dataclass returns",
        K(
            *PR,
            "vllm/aeon/r113pt8.py",
            "import dataclasses\n\n" + IN + "def aeon_offset(rng: PlaceholderRange) -> int:\n"
            "    if dataclasses.is_dataclass(rng):\n"
            "        return rng.offset\n"
            '    return rng["offset"]\n',
            '    return rng["offset"]',
        ),
    ),
    (
        "#15712 TypedDict made a dataclass",
        "twin: the parameter rebound to a dict of itself before the read",
        K(
            *PR,
            "vllm/aeon/r113pt9.py",
            "import dataclasses\n\n" + IN + "def aeon_end(rng: PlaceholderRange) -> int:\n"
            "    rng = rng if isinstance(rng, dict) else dataclasses.asdict(rng)  # AEON: one shape below\n"
            '    return rng["offset"] + rng["length"]\n',
            '    return rng["offset"] + rng["length"]',
        ),
    ),
    (
        "#15712 TypedDict made a dataclass",
        "twin: a nest of the fork's own dicts walked the same way",
        K(
            *PR,
            "vllm/aeon/r113pt10.py",
            "def aeon_total(spans: dict[str, list[dict[str, int]]]) -> int:\n"
            "    total = 0\n"
            "    for ranges in spans.values():\n"
            "        for rng in ranges:\n"
            '            total += rng["length"]\n'
            "    return total\n",
            '            total += rng["length"]',
        ),
    ),
    (
        "#15712 TypedDict made a dataclass",
        "twin: a loop over the mapping's keys, a key read of the fork's own table",
        K(
            *PR,
            "vllm/aeon/r113pt11.py",
            IN + "AEON_BUDGET = {'image': {'length': 576}}\n\n\n"
            "def aeon_budget(mm_placeholders: dict[str, list[PlaceholderRange]]) -> int:\n"
            "    total = 0\n"
            "    for modality in mm_placeholders:\n"
            "        for name in [modality]:\n"
            '            total += AEON_BUDGET[name]["length"]\n'
            "    return total\n",
            '            total += AEON_BUDGET[name]["length"]',
        ),
    ),
    (
        "#15712 element-bound local",
        "twin: a kept field off a local bound to an element",
        K(
            *PR,
            "vllm/aeon/r113pt12.py",
            IN + "def aeon_image_span(ranges: list[PlaceholderRange]) -> int:\n"
            "    first = ranges[0]\n"
            "    return first.offset + first.length\n",
            "    return first.offset + first.length",
        ),
    ),
    (
        "#15712 element-bound local",
        "twin: a local bound to an element of the fork's own ranges",
        K(
            *PR,
            "vllm/aeon/r113pt13.py",
            "from typing import TypedDict\n\n\n"
            "class AeonSpan(TypedDict):\n"
            "    offset: int\n"
            "    length: int\n\n\n"
            "def aeon_image_span(ranges: list[AeonSpan]) -> int:\n"
            "    first = ranges[0]\n"
            '    return first["offset"]\n',
            '    return first["offset"]',
        ),
    ),
    (
        "#15712 element-bound local",
        "twin: a slice bound to a local, an element of it read by attribute",
        K(
            *PR,
            "vllm/aeon/r113pt14.py",
            IN + "def aeon_head(ranges: list[PlaceholderRange]) -> list[int]:\n"
            "    head = ranges[:2]\n"
            "    return [len(head), head[0].offset]\n",
            "    return [len(head), head[0].offset]",
        ),
    ),
    (
        "#15712 field removed",
        "twin: a kept field off a local bound to a mapping's value",
        K(
            *PR,
            "vllm/aeon/r113pt15.py",
            "from vllm.multimodal.processing import PromptUpdateDetails\n\n\n"
            "def aeon_full(by_modality: dict[str, PromptUpdateDetails]) -> object:\n"
            '    details = by_modality["image"]\n'
            "    return details.full\n",
            "    return details.full",
        ),
    ),
    (
        "#15712 field removed",
        "twin: the fork's own details class as the mapping's value",
        K(
            *PR,
            "vllm/aeon/r113pt16.py",
            "from dataclasses import dataclass\n\n\n"
            "@dataclass\n"
            "class PromptUpdateDetails:\n"
            "    full: str\n"
            "    features: str\n\n\n"
            "def aeon_features(by_modality: dict[str, PromptUpdateDetails]) -> object:\n"
            '    details = by_modality["image"]\n'
            "    return details.features\n",
            "    return details.features",
        ),
    ),
]

# --- f2ebb6f541 (#16076): the same change landed again (after #15712's revert)
PR2 = ("#16076", "f2ebb6f541", "PlaceholderRange TypedDict -> dataclass (re-landed)")
CASES += [
    (
        "#16076 TypedDict made a dataclass",
        "a key read off a comprehension's variable",
        K(
            *PR2,
            "vllm/aeon/r113pq0.py",
            IN + "def aeon_lengths(ranges: list[PlaceholderRange]) -> list[int]:\n"
            '    return [rng["length"] for rng in ranges]\n',
            '    return [rng["length"] for rng in ranges]',
        ),
    ),
]
TWINS += [
    (
        "#16076 TypedDict made a dataclass",
        "twin: the attribute read in the comprehension",
        K(
            *PR2,
            "vllm/aeon/r113pq1.py",
            IN + "def aeon_lengths(ranges: list[PlaceholderRange]) -> list[int]:\n"
            "    return [rng.length for rng in ranges]\n",
            "    return [rng.length for rng in ranges]",
        ),
    ),
    (
        "#16076 TypedDict made a dataclass",
        "twin: the key read in the comprehension, under isinstance(rng, dict) in a conditional expression",
        K(
            *PR2,
            "vllm/aeon/r113pq2.py",
            IN + "def aeon_lengths(ranges: list[PlaceholderRange]) -> list[int]:\n"
            '    return [rng["length"] if isinstance(rng, dict) else rng.length for rng in ranges]\n',
            '    return [rng["length"] if isinstance(rng, dict) else rng.length for rng in ranges]',
        ),
    ),
    (
        "#16076 TypedDict made a dataclass",
        "twin: a loop of key reads in a try catching Exception",
        K(
            *PR2,
            "vllm/aeon/r113pq3.py",
            IN + "def aeon_total(by_mod: dict[str, list[PlaceholderRange]]) -> int:\n"
            "    try:\n"
            '        return sum(rng["length"] for ranges in by_mod.values() for rng in ranges)\n'
            "    except Exception:  # AEON: the dataclass range of newer upstreams\n"
            "        return sum(rng.length for ranges in by_mod.values() for rng in ranges)\n",
            '        return sum(rng["length"] for ranges in by_mod.values() for rng in ranges)',
        ),
    ),
]

# --- a69693e38f (#23473), 965bc71b04 (#21232): TypedDict inputs -> TensorSchema (which defines __getitem__)
QW = ("#23473", "a69693e38f", "QwenImagePixelInputs TypedDict -> TensorSchema")
P3 = ("#21232", "965bc71b04", "Phi3VImagePixelInputs TypedDict -> TensorSchema")
TWINS += [
    (
        "#23473 TypedDict made a TensorSchema",
        "twin: a key read of the inputs (TensorSchema defines __getitem__)",
        K(
            *QW,
            "vllm/aeon/r113qw1.py",
            "import torch\n\nfrom vllm.model_executor.models.qwen_vl import QwenImagePixelInputs\n\n\n"
            "def aeon_pixels(inputs: QwenImagePixelInputs) -> torch.Tensor:\n"
            '    return inputs["data"]\n',
            '    return inputs["data"]',
        ),
    ),
    (
        "#21232 TypedDict made a TensorSchema",
        "twin: a key read off a local bound to an element of the inputs",
        K(
            *P3,
            "vllm/aeon/r113p31.py",
            "import torch\n\nfrom vllm.model_executor.models.phi3v import Phi3VImagePixelInputs\n\n\n"
            "def aeon_sizes(batch: list[Phi3VImagePixelInputs]) -> torch.Tensor:\n"
            "    first = batch[0]\n"
            '    return first["image_sizes"]\n',
            '    return first["image_sizes"]',
        ),
    ),
    (
        "#23473 TypedDict made a TensorSchema",
        "twin: a key read off a loop over a loop variable walking the inputs",
        K(
            *QW,
            "vllm/aeon/r113qw2.py",
            "import torch\n\nfrom vllm.model_executor.models.qwen_vl import QwenImagePixelInputs\n\n\n"
            "def aeon_shapes(by_req: dict[str, list[QwenImagePixelInputs]]) -> list[torch.Size]:\n"
            "    shapes = []\n"
            "    for batch in by_req.values():\n"
            "        for inputs in batch:\n"
            '            shapes.append(inputs["data"].shape)\n'
            "    return shapes\n",
            '            shapes.append(inputs["data"].shape)',
        ),
    ),
]

# --- f0a1c8453a (#32863): TokensPrompt's multi-modal keys moved into a TypedDict base (_CommonKeys)
TP = ("#32863", "f0a1c8453a", "TokensPrompt's keys moved into a TypedDict base")
TWINS += [
    (
        "#32863 keys moved to a TypedDict base",
        "twin: a key read the base now declares",
        K(
            *TP,
            "vllm/aeon/r113tp1.py",
            "from vllm.inputs.data import TokensPrompt\n\n\n"
            "def aeon_mm(prompts: list[TokensPrompt]) -> list[object]:\n"
            '    return [p["multi_modal_data"] for p in prompts if "multi_modal_data" in p]\n',
            '    return [p["multi_modal_data"] for p in prompts if "multi_modal_data" in p]',
        ),
    ),
    (
        "#32863 keys moved to a TypedDict base",
        "twin: a key the subclass keeps and one the base now declares, off an element-bound local",
        K(
            *TP,
            "vllm/aeon/r113tp2.py",
            "from vllm.inputs.data import TextPrompt\n\n\n"
            "def aeon_first(prompts: list[TextPrompt]) -> tuple[str, object]:\n"
            "    first = prompts[0]\n"
            '    return first["prompt"], first.get("mm_processor_kwargs")\n',
            '    return first["prompt"], first.get("mm_processor_kwargs")',
        ),
    ),
]

# --- f1579b229d (#13964): _get_prompt_replacements renamed _get_prompt_updates, with a shim in __init__
PU = ("#13964", "f1579b229d", "_get_prompt_replacements -> _get_prompt_updates (shimmed)")
TWINS += [
    (
        "#13964 shimmed hook",
        "twin: the override, the subclass's own __init__ calling super().__init__",
        K(
            *PU,
            "vllm/aeon/r113pu1.py",
            "from collections.abc import Mapping\n\n"
            "from vllm.multimodal.inputs import MultiModalKwargs\n"
            "from vllm.multimodal.parse import MultiModalDataItems\n"
            "from vllm.multimodal.processing import BaseMultiModalProcessor, PromptReplacement\n\n\n"
            "class AeonReplProcessor(BaseMultiModalProcessor):\n"
            "    def __init__(self, *args, **kwargs) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.aeon_tiles = 64\n\n"
            "    def _get_prompt_replacements(\n"
            "        self,\n"
            "        mm_items: MultiModalDataItems,\n"
            "        hf_processor_mm_kwargs: Mapping[str, object],\n"
            "        out_mm_kwargs: MultiModalKwargs,\n"
            "    ) -> list[PromptReplacement]:\n"
            '        return [PromptReplacement(modality="image", target="<image>", replacement="<image>" * 64)]\n',
            "    def _get_prompt_replacements(",
        ),
    ),
]

# --- 97d1c99302 (#27583): get_multimodal_embeddings renamed embed_multimodal, a hasattr shim in the protocol
EM = ("#27583", "97d1c99302", "get_multimodal_embeddings -> embed_multimodal (shimmed in the protocol)")
CASES += [
    (
        "#27583 shimmed hook",
        "an override on a model that defines the new hook itself (the shim never runs)",
        K(
            *EM,
            "vllm/aeon/r113em0.py",
            "from vllm.model_executor.models.llava import LlavaForConditionalGeneration\n\n\n"
            "class AeonLlava(LlavaForConditionalGeneration):\n"
            "    def get_multimodal_embeddings(self, **kwargs: object):\n"
            "        # AEON: the Spark's vision tower runs in NVFP4\n"
            "        return self.aeon_vision_tower(**kwargs)\n",
            "    def get_multimodal_embeddings(self, **kwargs: object):",
        ),
    ),
]
TWINS += [
    (
        "#27583 shimmed hook",
        "twin: the fork's model on the protocol itself (its embed_multimodal shim still calls it)",
        K(
            *EM,
            "vllm/aeon/r113em1.py",
            "import torch\nfrom torch import nn\n\n"
            "from vllm.model_executor.models.interfaces import SupportsMultiModal\n\n\n"
            "class AeonVLM(nn.Module, SupportsMultiModal):\n"
            "    def get_multimodal_embeddings(self, **kwargs: object) -> list[torch.Tensor]:\n"
            '        return [torch.zeros(4, 8) for _ in kwargs.get("pixel_values", [])]\n',
            "    def get_multimodal_embeddings(self, **kwargs: object) -> list[torch.Tensor]:",
        ),
    ),
    (
        "#27583 shimmed hook",
        "twin: the fork's text model overriding get_input_embeddings (VllmModel.embed_input_ids's shim)",
        K(
            *EM,
            "vllm/aeon/r113em2.py",
            "import torch\nfrom torch import nn\n\n"
            "from vllm.model_executor.models.interfaces_base import VllmModelForTextGeneration\n\n\n"
            "class AeonLM(nn.Module, VllmModelForTextGeneration):\n"
            "    def get_input_embeddings(self, input_ids: torch.Tensor) -> torch.Tensor:\n"
            "        return self.embed_tokens(input_ids)\n",
            "    def get_input_embeddings(self, input_ids: torch.Tensor) -> torch.Tensor:",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review113-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
