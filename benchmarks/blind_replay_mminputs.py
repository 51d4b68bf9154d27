"""A blind replay of the multimodal inputs, hasher, cache and registry surface a fork's model or processor uses.

11 first-parent commits on ``vllm/multimodal/{inputs,parse,hasher,cache,registry,profiling,utils}.py`` -- the
classes and functions a fork's multimodal model, processor or cache carries code against: ``PlaceholderRange``
(``get_num_embeds`` made a plain method, ``embeds_cumsum`` a list instead of a tensor), ``MultiModalKwargsItem``
(``is_empty``/``require_data``/``without_data`` removed), ``MultiModalKwargs`` (``from_items`` removed and the
constructor's first parameter made the items; then ``get_items``/``modalities`` removed), ``MultiModalHasher``
(``hash_prompt_mm_data`` removed; ``hash_kwargs`` given a required positional-only ``algorithm``),
``MultiModalCache.get_leaf_size``'s ``debug`` keyword removed, ``MultiModalRegistry._processing_cache``
replaced by a lazily built ``_processor_cache``, the cache factories moved off ``vllm.multimodal.cache``, and
``global_thread_pool`` moved off ``vllm.multimodal.utils`` -- picked by scanning those paths' diffs (``git log
--first-parent -p``), avoiding the commits the other replays use.  Each is replayed under 1-3 fork spellings
written the way fork code is written (a read off a receiver typed as the class, a chained attribute, a call on
the class, a keyword, a subclass's ``self.``/``cls.`` use, an import, a module-attribute call), with twins (fork
code the commit does not break: the kept method, the shimmed name, the still-accepted keyword).  The merge base
is the commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on its line,
*warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 9f1f9f8c): 16 caught, 0 warned, 3 missed of 19 (twins: 13
quiet, 0 false errors).  The misses: #40143's two (``PlaceholderRange.embeds_cumsum`` annotated
``torch.Tensor | None`` -> ``list[int] | None``, and the fork calls a tensor method the list lacks: ``.to(...)``
on the value, ``.item()`` on an element) and #49686's one (``MultiModalHasher.hash_kwargs`` gained a required
positional-only ``algorithm`` before its ``**kwargs``; a fork call passing only keywords now raises TypeError).
After the killers118 widenings: 19 caught, 0 warned, 0 missed of 19 (twins: 13 quiet, 0 false errors).  Caught
now: an array made a builtin kind (container drift, ``drift/retyped.py``: a ``property``/``cached_property``'s
return is read as a field; a tensor or ndarray method no builtin kind has, called on the value or on an
element of a sequence of numbers, raises) and a required positional-only parameter no ``**mapping`` fills
(symbol drift's call check, ``drift/signatures.py``).  Regression set at the widening's head: killer_replay
26/26, kind_change_replay 12/12, blind_replay_inputs 22/22 (13 twins quiet), blind_replay_scheddata 18/18
(11 quiet), blind_replay_multimodal 28 caught, 4 warned of 32 (14 quiet, 0 false; #18796's two are warned on
main too), review15/16/17_twins 0 false errors (40, 30, 23 twins), ``symbol_precision.py --windows 3``: windows 0
and 1 0 false errors (5 and 1 broken overrides, 4 and 1 caught; the third window did not finish before the
helper's stop under load 8).

  python benchmarks/blind_replay_mminputs.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #19422 (96ada386b7): MultiModalHasher.hash_prompt_mm_data removed
HP = "96ada386b7"
HPW = "MultiModalHasher.hash_prompt_mm_data removed"
HASHER = "from vllm.multimodal.hasher import MultiModalHasher\n\n\n"
CASES += [
    (
        "#19422 classmethod removed",
        "a call on the class",
        K(
            "#19422",
            HP,
            HPW,
            "vllm/aeon/hp1.py",
            HASHER + "def aeon_prompt_hashes(prompt: dict) -> dict:\n"
            "    # AEON: the Spark's router pins a prompt's images to one replica by their hashes\n"
            "    return MultiModalHasher.hash_prompt_mm_data(prompt) or {}\n",
            "return MultiModalHasher.hash_prompt_mm_data(prompt) or {}",
        ),
    ),
    (
        "#19422 classmethod removed",
        "a subclass's cls. call",
        K(
            "#19422",
            HP,
            HPW,
            "vllm/aeon/hp2.py",
            HASHER + "class AeonHasher(MultiModalHasher):\n"
            "    @classmethod\n"
            "    def aeon_first_hash(cls, prompt: dict) -> str | None:\n"
            "        hashes = cls.hash_prompt_mm_data(prompt)\n"
            "        return next(iter(hashes.values()))[0] if hashes else None\n",
            "hashes = cls.hash_prompt_mm_data(prompt)",
        ),
    ),
    (
        "#19422 classmethod removed",
        "twin: hash_kwargs kept",
        K(
            "#19422",
            HP,
            HPW,
            "vllm/aeon/hp3.py",
            HASHER + "def aeon_image_hash(model_id: str, image: object) -> str:\n"
            "    return MultiModalHasher.hash_kwargs(model_id=model_id, image=image)\n",
            "return MultiModalHasher.hash_kwargs(model_id=model_id, image=image)",
        ),
    ),
]

# --- #34035 (48312e579a): PlaceholderRange.get_num_embeds a cached_property -> a plain method
NE = "48312e579a"
NEW = "PlaceholderRange.get_num_embeds made a method"
PR = "from vllm.multimodal.inputs import MultiModalFeatureSpec, PlaceholderRange\n\n\n"
CASES += [
    (
        "#34035 property made a method",
        "a comparison on a typed receiver's read",
        K(
            "#34035",
            NE,
            NEW,
            "vllm/aeon/ne1.py",
            PR + "def aeon_fits(pos: PlaceholderRange, budget: int) -> bool:\n"
            "    # AEON: GB10's encoder cache budget counts embeddings, not placeholder tokens\n"
            "    return pos.get_num_embeds <= budget\n",
            "return pos.get_num_embeds <= budget",
        ),
    ),
    (
        "#34035 property made a method",
        "a chained read off a feature spec",
        K(
            "#34035",
            NE,
            NEW,
            "vllm/aeon/ne2.py",
            PR + "def aeon_total_embeds(features: list[MultiModalFeatureSpec]) -> int:\n"
            "    total = 0\n"
            "    for feature in features:\n"
            "        total += feature.mm_position.get_num_embeds\n"
            "    return total\n",
            "total += feature.mm_position.get_num_embeds",
        ),
    ),
    (
        "#34035 property made a method",
        "twin: a kept field and method",
        K(
            "#34035",
            NE,
            NEW,
            "vllm/aeon/ne3.py",
            PR + "def aeon_span(pos: PlaceholderRange) -> tuple[int, int]:\n"
            "    return pos.get_embeds_indices_in_range(0, pos.length)\n",
            "return pos.get_embeds_indices_in_range(0, pos.length)",
        ),
    ),
]

# --- #40143 (b0755523dc): PlaceholderRange.embeds_cumsum a tensor -> a python list
EC = "b0755523dc"
ECW = "PlaceholderRange.embeds_cumsum torch.Tensor -> list[int]"
PRO = "import torch\n\nfrom vllm.multimodal.inputs import PlaceholderRange\n\n\n"
CASES += [
    (
        "#40143 return type changed",
        "a tensor method on an element",
        K(
            "#40143",
            EC,
            ECW,
            "vllm/aeon/ec1.py",
            PRO + "def aeon_last_embed(pos: PlaceholderRange) -> int:\n"
            "    if pos.embeds_cumsum is None:\n"
            "        return pos.length\n"
            "    return pos.embeds_cumsum[-1].item()\n",
            "return pos.embeds_cumsum[-1].item()",
        ),
    ),
    (
        "#40143 return type changed",
        "a tensor method on the value",
        K(
            "#40143",
            EC,
            ECW,
            "vllm/aeon/ec2.py",
            PRO + "def aeon_cumsum_on(pos: PlaceholderRange, device: torch.device) -> torch.Tensor | None:\n"
            "    # AEON: the Spark's unified memory lets the scheduler index this on-device\n"
            "    cumsum = pos.embeds_cumsum\n"
            "    return None if cumsum is None else cumsum.to(device, non_blocking=True)\n",
            "return None if cumsum is None else cumsum.to(device, non_blocking=True)",
        ),
    ),
    (
        "#40143 return type changed",
        "twin: an int() of an element",
        K(
            "#40143",
            EC,
            ECW,
            "vllm/aeon/ec3.py",
            PRO + "def aeon_last_embed2(pos: PlaceholderRange) -> int:\n"
            "    cumsum = pos.embeds_cumsum\n"
            "    return pos.length if cumsum is None else int(cumsum[-1])\n",
            "return pos.length if cumsum is None else int(cumsum[-1])",
        ),
    ),
]

# --- #25006 (b98219670f): MultiModalCache.get_leaf_size's debug keyword removed
LS = "b98219670f"
LSW = "MultiModalCache.get_leaf_size(debug=) removed"
MMC = "from vllm.multimodal.cache import MultiModalCache\n\n\n"
CASES += [
    (
        "#25006 keyword removed",
        "a keyword to a classmethod",
        K(
            "#25006",
            LS,
            LSW,
            "vllm/aeon/ls1.py",
            MMC + "def aeon_leaf_bytes(leaf: object) -> int:\n"
            "    # AEON: log what a leaf costs in the Spark's shared cache\n"
            "    return MultiModalCache.get_leaf_size(leaf, debug=True)\n",
            "return MultiModalCache.get_leaf_size(leaf, debug=True)",
        ),
    ),
    (
        "#25006 keyword removed",
        "twin: get_item_size keeps debug",
        K(
            "#25006",
            LS,
            LSW,
            "vllm/aeon/ls2.py",
            MMC + "def aeon_item_bytes(value: object) -> int:\n"
            "    return MultiModalCache.get_item_size(value, debug=True)\n",
            "return MultiModalCache.get_item_size(value, debug=True)",
        ),
    ),
]

# --- #22441 (139d155781): MultiModalRegistry._processing_cache -> a lazily built _processor_cache
RC = "139d155781"
RCW = "MultiModalRegistry._processing_cache removed"
CASES += [
    (
        "#22441 attribute removed",
        "a subclass's self. read",
        K(
            "#22441",
            RC,
            RCW,
            "vllm/aeon/rc1.py",
            "from vllm.multimodal.registry import MultiModalRegistry\n\n\n"
            "class AeonRegistry(MultiModalRegistry):\n"
            "    def aeon_drop_cache(self) -> None:\n"
            "        # AEON: drop the processor cache when the Spark swaps models\n"
            "        self._processing_cache.reset()\n",
            "self._processing_cache.reset()",
        ),
    ),
    (
        "#22441 attribute removed",
        "a read off the module's registry instance",
        K(
            "#22441",
            RC,
            RCW,
            "vllm/aeon/rc2.py",
            "from vllm.multimodal import MULTIMODAL_REGISTRY\n\n\n"
            "def aeon_processing_cache():\n"
            "    return MULTIMODAL_REGISTRY._processing_cache\n",
            "return MULTIMODAL_REGISTRY._processing_cache",
        ),
    ),
    (
        "#22441 attribute removed",
        "twin: the kept reset method",
        K(
            "#22441",
            RC,
            RCW,
            "vllm/aeon/rc3.py",
            "from vllm.multimodal import MULTIMODAL_REGISTRY\n\n\n"
            "def aeon_reset() -> bool:\n"
            "    return MULTIMODAL_REGISTRY.reset_processor_cache()\n",
            "return MULTIMODAL_REGISTRY.reset_processor_cache()",
        ),
    ),
]

# --- #23022 (4dff91c93d): MultiModalKwargsItem.is_empty/require_data/with_data/without_data removed
KI = "4dff91c93d"
KIW = "MultiModalKwargsItem.is_empty/require_data/without_data removed"
ITEM = "from vllm.multimodal.inputs import MultiModalKwargsItem\n\n\n"
CASES += [
    (
        "#23022 members removed",
        "a property read off a typed receiver",
        K(
            "#23022",
            KI,
            KIW,
            "vllm/aeon/ki1.py",
            ITEM + "def aeon_cached_only(item: MultiModalKwargsItem) -> bool:\n"
            "    # AEON: the Spark's P0 keeps only keys; an empty item came from its cache\n"
            "    return item.is_empty\n",
            "return item.is_empty",
        ),
    ),
    (
        "#23022 members removed",
        "a method call off a typed receiver",
        K(
            "#23022",
            KI,
            KIW,
            "vllm/aeon/ki2.py",
            ITEM + "def aeon_pixel_values(item: MultiModalKwargsItem):\n"
            "    return item.require_data()['pixel_values']\n",
            "return item.require_data()['pixel_values']",
        ),
    ),
    (
        "#23022 members removed",
        "twin: get_data and modality kept",
        K(
            "#23022",
            KI,
            KIW,
            "vllm/aeon/ki3.py",
            ITEM + "def aeon_keys(item: MultiModalKwargsItem) -> tuple[str, list[str]]:\n"
            "    return item.modality, sorted(item.get_data())\n",
            "return item.modality, sorted(item.get_data())",
        ),
    ),
]

# --- #23030 (5c32143b9d): MultiModalKwargs.from_items removed; the constructor now takes the items
FI = "5c32143b9d"
FIW = "MultiModalKwargs.from_items removed, __init__(data) -> __init__(items)"
MMK = "from vllm.multimodal.inputs import MultiModalKwargs, MultiModalKwargsItem\n\n\n"
CASES += [
    (
        "#23030 staticmethod removed",
        "a call on the class",
        K(
            "#23030",
            FI,
            FIW,
            "vllm/aeon/fi1.py",
            MMK + "def aeon_batch(items: list[MultiModalKwargsItem]) -> MultiModalKwargs:\n"
            "    # AEON: the Spark's encoder batches items itself\n"
            "    return MultiModalKwargs.from_items(items)\n",
            "return MultiModalKwargs.from_items(items)",
        ),
    ),
    (
        "#23030 staticmethod removed",
        "a constructor fed a data dict",
        K(
            "#23030",
            FI,
            FIW,
            "vllm/aeon/fi2.py",
            MMK + "def aeon_kwargs(pixel_values) -> MultiModalKwargs:\n"
            "    return MultiModalKwargs({'pixel_values': pixel_values})\n",
            "return MultiModalKwargs({'pixel_values': pixel_values})",
        ),
    ),
    (
        "#23030 staticmethod removed",
        "twin: batch kept",
        K(
            "#23030",
            FI,
            FIW,
            "vllm/aeon/fi3.py",
            MMK + "def aeon_stack(kwargs: list[MultiModalKwargs]):\n"
            "    return MultiModalKwargs.batch(kwargs, pin_memory=True)\n",
            "return MultiModalKwargs.batch(kwargs, pin_memory=True)",
        ),
    ),
]

# --- #23053 (27e8d1ea3e): MultiModalKwargs.get_items/get_item_count/modalities removed (moved to
#     the new MultiModalKwargsItems)
GI = "27e8d1ea3e"
GIW = "MultiModalKwargs.get_items/modalities removed"
MMK2 = "from vllm.multimodal.inputs import MultiModalKwargs\n\n\n"
CASES += [
    (
        "#23053 methods removed",
        "a method call off a typed receiver",
        K(
            "#23053",
            GI,
            GIW,
            "vllm/aeon/gi1.py",
            MMK2 + "def aeon_images(mm_kwargs: MultiModalKwargs) -> list:\n"
            "    return list(mm_kwargs.get_items('image'))\n",
            "return list(mm_kwargs.get_items('image'))",
        ),
    ),
    (
        "#23053 methods removed",
        "a property read in a membership test",
        K(
            "#23053",
            GI,
            GIW,
            "vllm/aeon/gi2.py",
            MMK2 + "class AeonVisionRunner:\n"
            "    def aeon_has_video(self, mm_kwargs: MultiModalKwargs) -> bool:\n"
            "        # AEON: video goes to the Spark's second encoder stream\n"
            "        return 'video' in mm_kwargs.modalities\n",
            "return 'video' in mm_kwargs.modalities",
        ),
    ),
    (
        "#23053 methods removed",
        "twin: a key read and batch kept",
        K(
            "#23053",
            GI,
            GIW,
            "vllm/aeon/gi3.py",
            MMK2 + "def aeon_pixels(mm_kwargs: MultiModalKwargs):\n"
            "    return MultiModalKwargs.batch([mm_kwargs])['pixel_values']\n",
            "return MultiModalKwargs.batch([mm_kwargs])['pixel_values']",
        ),
    ),
]

# --- #33324 (831453fcef): MediaConnector and its thread pool moved to vllm.multimodal.media
MC = "831453fcef"
MCW = "global_thread_pool moved off vllm.multimodal.utils"
CASES += [
    (
        "#33324 module attribute moved",
        "an import of the moved name",
        K(
            "#33324",
            MC,
            MCW,
            "vllm/aeon/mc1.py",
            "from vllm.multimodal.utils import global_thread_pool\n\n\n"
            "def aeon_decode_async(fn, *args):\n"
            "    # AEON: decode on the same pool the connector loads media on\n"
            "    return global_thread_pool.submit(fn, *args)\n",
            "from vllm.multimodal.utils import global_thread_pool",
        ),
    ),
    (
        "#33324 module attribute moved",
        "twin: a name the module's __getattr__ still serves",
        K(
            "#33324",
            MC,
            MCW,
            "vllm/aeon/mc2.py",
            "from vllm.multimodal.utils import MEDIA_CONNECTOR_REGISTRY\n\n\n"
            "def aeon_connector(name: str):\n"
            "    return MEDIA_CONNECTOR_REGISTRY.load(name)\n",
            "from vllm.multimodal.utils import MEDIA_CONNECTOR_REGISTRY",
        ),
    ),
    (
        "#33324 module attribute moved",
        "twin: a class the module re-imports",
        K(
            "#33324",
            MC,
            MCW,
            "vllm/aeon/mc3.py",
            "from vllm.multimodal.utils import MediaConnector\n\n\n"
            "class AeonMediaConnector(MediaConnector):\n"
            "    pass\n",
            "from vllm.multimodal.utils import MediaConnector",
        ),
    ),
]

# --- #49686 (1180b604f8): MultiModalHasher.hash_kwargs takes a required positional-only algorithm
HK = "1180b604f8"
HKW = "hash_kwargs(algorithm, /, **kwargs)"
CASES += [
    (
        "#49686 required parameter inserted",
        "keywords only to the classmethod",
        K(
            "#49686",
            HK,
            HKW,
            "vllm/aeon/hk1.py",
            HASHER + "def aeon_item_hash(model_id: str, modality: str, item: object) -> str:\n"
            "    # AEON: the Spark's embedding cache keys on the processor's own hash\n"
            "    return MultiModalHasher.hash_kwargs(model_id=model_id, **{modality: item})\n",
            "return MultiModalHasher.hash_kwargs(model_id=model_id, **{modality: item})",
        ),
    ),
    (
        "#49686 required parameter inserted",
        "twin: the byte iterator kept",
        K(
            "#49686",
            HK,
            HKW,
            "vllm/aeon/hk2.py",
            HASHER + "def aeon_item_bytes(item: object) -> bytes:\n"
            "    return b''.join(bytes(b) for b in MultiModalHasher.iter_item_to_bytes('image', item))\n",
            "return b''.join(bytes(b) for b in MultiModalHasher.iter_item_to_bytes('image', item))",
        ),
    ),
    (
        "#49686 required parameter inserted",
        "twin: a defaulted parameter added",
        K(
            "#49686",
            HK,
            HKW,
            "vllm/aeon/hk3.py",
            "from vllm.multimodal.inputs import nested_tensors_equal\n\n\n"
            "def aeon_same(a, b) -> bool:\n"
            "    return nested_tensors_equal(a, b)\n",
            "return nested_tensors_equal(a, b)",
        ),
    ),
]

# --- #32382 (cbbae38f93): the processor/receiver cache factories moved off vllm.multimodal.cache onto the registry
CF = "cbbae38f93"
CFW = "cache factories removed from vllm.multimodal.cache"
CASES += [
    (
        "#32382 functions moved",
        "an import of a removed factory",
        K(
            "#32382",
            CF,
            CFW,
            "vllm/aeon/cf1.py",
            "from vllm.multimodal import MULTIMODAL_REGISTRY\n"
            "from vllm.multimodal.cache import processor_cache_from_config\n\n\n"
            "def aeon_cache(vllm_config):\n"
            "    return processor_cache_from_config(vllm_config, MULTIMODAL_REGISTRY)\n",
            "from vllm.multimodal.cache import processor_cache_from_config",
        ),
    ),
    (
        "#32382 functions moved",
        "a module-attribute call",
        K(
            "#32382",
            CF,
            CFW,
            "vllm/aeon/cf2.py",
            "from vllm.multimodal import MULTIMODAL_REGISTRY\n"
            "from vllm.multimodal import cache as mm_cache\n\n\n"
            "def aeon_receiver(vllm_config):\n"
            "    # AEON: the Spark's engine core owns the receiver cache\n"
            "    return mm_cache.engine_receiver_cache_from_config(vllm_config, MULTIMODAL_REGISTRY)\n",
            "return mm_cache.engine_receiver_cache_from_config(vllm_config, MULTIMODAL_REGISTRY)",
        ),
    ),
    (
        "#32382 functions moved",
        "twin: a cache class kept",
        K(
            "#32382",
            CF,
            CFW,
            "vllm/aeon/cf3.py",
            "from vllm.multimodal.cache import MultiModalProcessorOnlyCache\n\n\n"
            "def aeon_local_cache(model_config):\n"
            "    return MultiModalProcessorOnlyCache(model_config)\n",
            "return MultiModalProcessorOnlyCache(model_config)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-mminputs-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
