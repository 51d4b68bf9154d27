"""A blind replay of the multimodal processing helpers and vision utilities a fork's multimodal model calls.

10 first-parent commits on ``vllm/multimodal/{utils,evs}.py``, ``vllm/multimodal/processing/`` and
``vllm/model_executor/models/vision.py`` -- the functions a fork's vision model, processor or runner
carries code against: the ViT data-parallel helpers (``run_dp_sharded_vision_model`` and
``run_dp_sharded_mrope_vision_model`` moved off ``vllm.multimodal.utils`` into ``vision.py``; the mrope one
given a required keyword-only ``rope_type``), ``vllm.multimodal.evs`` moved into ``video_prune/``, the
module's ``global_media_connector`` removed (``fetch_image`` made a function), ``conv3d_to_linear_weight``
removed from ``vision.py``, ``scatter_patch_features`` losing its ``num_embeds`` parameter and then, with
``select_patch_features``, removed, the placeholder-padding helpers removed from ``vllm.multimodal.utils``,
``group_mm_kwargs_by_modality`` yielding several batches per modality run, and the prompt-update matcher
``_find_matches`` removed -- picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding
the commits the other replays use (``blind_replay_multimodal``, ``blind_replay_mminputs``,
``blind_replay_mmmedia``, ``blind_replay_vlmodels``, ``blind_replay_processor``).  Each is replayed under
1-2 fork spellings written the way fork code is written (an import, a module-attribute call, a positional or
keyword call, a chained attribute, a dict built from a generator), with twins (fork code the commit does
not break: the kept function, a guarded import, the still-accepted arguments).  The merge base is the
commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on its line,
*warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at d4f4dc09): 17 caught, 0 warned, 1 missed of 18 (twins: 9
quiet, 1 false error).  The miss: #33817's dict keyed by modality (``group_mm_kwargs_by_modality`` now
yields several batches for one run of a modality; a ``{modality: kw for modality, _, kw in ...}`` keeps only
the last batch of each).  The false error: #47750's twin, an import of the old ``vllm.multimodal.evs`` path
in the ``except ImportError:`` branch of a ``try`` that imports the same name from the new
``video_prune.evs`` path first (the fallback never runs on the merged tree).

After the killers155 widening: 17 caught, 0 warned, 1 missed of 18 (twins: 10 quiet, 0 false errors).  Quiet
now: the old import path kept as the fallback of the new one (symbol drift, ``drift/fallback_imports.py``:
a ``try`` body that only imports names the merged tree resolves never reaches its ``except ImportError``
handler, so a handler import that only rebinds those names is dead on the merged tree).  Left missed:
#33817's dict -- how many batches a generator yields per modality is a run-time count, not a name, a
signature or a kind the trees spell; before the commit ``groupby`` over consecutive runs could already
yield one modality twice (interleaved items), so no "one per key" promise was broken that the text shows.
Written after the blind run (``LATER``, not blind): six more spellings of the same commits.  On the engine
before the widenings the star import re-exporting the moved ``evs`` (``from vllm.multimodal.evs import *``)
had no error on its line (star imports were skipped: a use of a starred name was the only thing reported,
and a re-exporting module has none); caught now (symbol drift: a star import of a module upstream moved or
removed is an error on its line).  The module-level alias of ``global_media_connector.fetch_image`` was
already caught; the four twins (a hasattr-guarded call, keywords handed on by ``**kwargs``, the old home
tried first with the new as the fallback, a star fallback) stay quiet.  All together: 19 caught, 0 warned,
1 missed of 20 (twins: 14 quiet, 0 false errors).
Regression set at the widening's head: killer_replay 26/26, kind_change_replay 12/12, review15/16/17_twins 0
false errors (40, 30, 23 twins), blind_replay_multimodal 28 caught, 4 warned of 32 (14 quiet, 0 false),
blind_replay_mminputs 19/19 (13 quiet), blind_replay_mmmedia 23/23 (9 quiet), blind_replay_vlmodels 18
caught, 2 warned of 20 (12 quiet), the twins replays with ``except ImportError`` fallbacks (review12, 21, 24,
41, 45, 50, 51) 0 false errors and no miss, blind_replay_rayexec (its star imports) 16 caught, 1 warned, 1
missed of 18 as before (9 quiet), ``symbol_precision.py --windows 1``: 0 false errors (5 broken overrides, 4
caught), ``drift_fuzz.py --commits 3 --only corpus star_excepts`` 0 crashes; all rerun after the star-import
widening with the same numbers.

  python benchmarks/blind_replay_mmproc.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #25459 (babad6e5dd): the ViT data-parallel helpers moved off vllm.multimodal.utils into vision.py
DP = "babad6e5dd"
DPW = "run_dp_sharded_*vision_model moved to models/vision.py"
CASES += [
    (
        "#25459 functions moved",
        "an import of the moved helper",
        K(
            "#25459",
            DP,
            DPW,
            "vllm/aeon/dp1.py",
            "import torch\n\n"
            "from vllm.multimodal.utils import run_dp_sharded_vision_model\n\n\n"
            "def aeon_encode(pixel_values: torch.Tensor, vision_model: torch.nn.Module) -> torch.Tensor:\n"
            "    # AEON: the Spark shards the ViT by images, not heads\n"
            "    return run_dp_sharded_vision_model(pixel_values, vision_model)\n",
            "from vllm.multimodal.utils import run_dp_sharded_vision_model",
        ),
    ),
    (
        "#25459 functions moved",
        "a module-attribute call",
        K(
            "#25459",
            DP,
            DPW,
            "vllm/aeon/dp2.py",
            "import torch\n\n"
            "from vllm.multimodal import utils as mm_utils\n\n\n"
            "class AeonVisionTower(torch.nn.Module):\n"
            "    def __init__(self, visual: torch.nn.Module) -> None:\n"
            "        super().__init__()\n"
            "        self.visual = visual\n\n"
            "    def forward(self, pixel_values: torch.Tensor, grid_thw: list[list[int]]):\n"
            "        return mm_utils.run_dp_sharded_mrope_vision_model(self.visual, pixel_values, grid_thw, rope_type='rope_3d')\n",
            "return mm_utils.run_dp_sharded_mrope_vision_model(self.visual, pixel_values, grid_thw, rope_type='rope_3d')",
        ),
    ),
    (
        "#25459 functions moved",
        "twin: a kept helper of the module",
        K(
            "#25459",
            DP,
            DPW,
            "vllm/aeon/dp3.py",
            "from vllm.multimodal.utils import argsort_mm_positions\n\n\n"
            "def aeon_order(mm_positions):\n"
            "    return argsort_mm_positions(mm_positions)\n",
            "return argsort_mm_positions(mm_positions)",
        ),
    ),
]

# --- #23817 (a0e0efd6bd): run_dp_sharded_mrope_vision_model takes a required keyword-only rope_type
RT = "a0e0efd6bd"
RTW = "run_dp_sharded_mrope_vision_model(..., *, rope_type) required"
DPU = "import torch\n\nfrom vllm.multimodal.utils import run_dp_sharded_mrope_vision_model, run_dp_sharded_vision_model\n\n\n"
CASES += [
    (
        "#23817 required keyword inserted",
        "a positional call",
        K(
            "#23817",
            RT,
            RTW,
            "vllm/aeon/rt1.py",
            DPU + "def aeon_vit(visual: torch.nn.Module, pixel_values: torch.Tensor, grid_thw: list[list[int]]):\n"
            "    # AEON: Qwen2.5-VL's tower runs image-parallel on the Spark\n"
            "    return run_dp_sharded_mrope_vision_model(visual, pixel_values, grid_thw)\n",
            "return run_dp_sharded_mrope_vision_model(visual, pixel_values, grid_thw)",
        ),
    ),
    (
        "#23817 required keyword inserted",
        "a keyword call",
        K(
            "#23817",
            RT,
            RTW,
            "vllm/aeon/rt2.py",
            DPU + "def aeon_vit2(visual: torch.nn.Module, pixel_values: torch.Tensor, grid_thw: list[list[int]]):\n"
            "    embeds = run_dp_sharded_mrope_vision_model(vision_model=visual, pixel_values=pixel_values, grid_thw_list=grid_thw)\n"
            "    return torch.cat(embeds)\n",
            "embeds = run_dp_sharded_mrope_vision_model(vision_model=visual, pixel_values=pixel_values, grid_thw_list=grid_thw)",
        ),
    ),
    (
        "#23817 required keyword inserted",
        "twin: the plain helper keeps its parameters",
        K(
            "#23817",
            RT,
            RTW,
            "vllm/aeon/rt3.py",
            DPU + "def aeon_vit3(visual: torch.nn.Module, pixel_values: torch.Tensor) -> torch.Tensor:\n"
            "    return run_dp_sharded_vision_model(pixel_values, visual)\n",
            "return run_dp_sharded_vision_model(pixel_values, visual)",
        ),
    ),
]

# --- #47750 (60915c972c): vllm/multimodal/evs.py moved to vllm/multimodal/video_prune/evs.py
EV = "60915c972c"
EVW = "vllm.multimodal.evs moved into video_prune/"
CASES += [
    (
        "#47750 module moved",
        "a from-import of a function",
        K(
            "#47750",
            EV,
            EVW,
            "vllm/aeon/ev1.py",
            "import torch\n\n"
            "from vllm.multimodal.evs import compute_retention_mask\n\n\n"
            "def aeon_prune(video_embeds: torch.Tensor, thw: torch.Tensor, rate: float) -> torch.Tensor:\n"
            "    # AEON: prune video tokens harder on the Spark's memory budget\n"
            "    return video_embeds[compute_retention_mask(video_embeds, thw, spatial_merge_size=2, q=rate)]\n",
            "from vllm.multimodal.evs import compute_retention_mask",
        ),
    ),
    (
        "#47750 module moved",
        "an import of the module from its package",
        K(
            "#47750",
            EV,
            EVW,
            "vllm/aeon/ev2.py",
            "from vllm.multimodal import evs\n\n\n"
            "def aeon_kept(tokens_per_frame: int, num_frames: int, rate: float) -> int:\n"
            "    return evs.compute_retained_tokens_count(tokens_per_frame, num_frames, q=rate)\n",
            "from vllm.multimodal import evs",
        ),
    ),
    (
        "#47750 module moved",
        "twin: the old path only as a fallback",
        K(
            "#47750",
            EV,
            EVW,
            "vllm/aeon/ev3.py",
            "try:\n"
            "    from vllm.multimodal.video_prune.evs import compute_retained_tokens_count\n"
            "except ImportError:\n"
            "    from vllm.multimodal.evs import compute_retained_tokens_count\n\n\n"
            "def aeon_kept2(tokens_per_frame: int, num_frames: int, rate: float) -> int:\n"
            "    return compute_retained_tokens_count(tokens_per_frame, num_frames, q=rate)\n",
            "    from vllm.multimodal.evs import compute_retained_tokens_count",
        ),
    ),
]

# --- #20395 (ffe00ef77a): the module's global_media_connector removed; fetch_* made functions
GM = "ffe00ef77a"
GMW = "vllm.multimodal.utils.global_media_connector removed"
CASES += [
    (
        "#20395 module attribute removed",
        "an import of the instance",
        K(
            "#20395",
            GM,
            GMW,
            "vllm/aeon/gm1.py",
            "from vllm.multimodal.utils import global_media_connector\n\n\n"
            "async def aeon_fetch(url: str):\n"
            "    # AEON: the Spark's gateway prefetches images on the shared connector\n"
            "    return await global_media_connector.fetch_image_async(url)\n",
            "from vllm.multimodal.utils import global_media_connector",
        ),
    ),
    (
        "#20395 module attribute removed",
        "a chained module-attribute call",
        K(
            "#20395",
            GM,
            GMW,
            "vllm/aeon/gm2.py",
            "import vllm.multimodal.utils as mm_utils\n\n\n"
            "def aeon_fetch_video(url: str):\n"
            "    return mm_utils.global_media_connector.fetch_video(url)\n",
            "return mm_utils.global_media_connector.fetch_video(url)",
        ),
    ),
    (
        "#20395 module attribute removed",
        "twin: fetch_image kept as a function",
        K(
            "#20395",
            GM,
            GMW,
            "vllm/aeon/gm3.py",
            "from vllm.multimodal.utils import fetch_image\n\n\n"
            "def aeon_image(url: str):\n"
            "    return fetch_image(url)\n",
            "return fetch_image(url)",
        ),
    ),
]

# --- #28455 (41b92f7d38): conv3d_to_linear_weight removed from models/vision.py
CW = "41b92f7d38"
CWW = "vision.conv3d_to_linear_weight removed"
CASES += [
    (
        "#28455 function removed",
        "an import of the removed helper",
        K(
            "#28455",
            CW,
            CWW,
            "vllm/aeon/cw1.py",
            "import torch\n\n"
            "from vllm.model_executor.models.vision import conv3d_to_linear_weight\n\n\n"
            "def aeon_load_patch_embed(weight: torch.Tensor) -> torch.Tensor:\n"
            "    # AEON: the Spark's checkpoint keeps the Conv3D patch embed\n"
            "    return conv3d_to_linear_weight(weight)\n",
            "from vllm.model_executor.models.vision import conv3d_to_linear_weight",
        ),
    ),
    (
        "#28455 function removed",
        "a module-attribute call",
        K(
            "#28455",
            CW,
            CWW,
            "vllm/aeon/cw2.py",
            "import torch\n\n"
            "from vllm.model_executor.models import vision\n\n\n"
            "def aeon_linear_weight(weight: torch.Tensor) -> torch.Tensor:\n"
            "    return vision.conv3d_to_linear_weight(weight).contiguous()\n",
            "return vision.conv3d_to_linear_weight(weight).contiguous()",
        ),
    ),
    (
        "#28455 function removed",
        "twin: a kept helper of the module",
        K(
            "#28455",
            CW,
            CWW,
            "vllm/aeon/cw3.py",
            "from vllm.model_executor.models.vision import get_vit_attn_backend\n\n\n"
            "def aeon_backend(head_size: int, dtype):\n"
            "    return get_vit_attn_backend(head_size, dtype)\n",
            "return get_vit_attn_backend(head_size, dtype)",
        ),
    ),
]

# --- #15443 (5994430b84): scatter_patch_features(features, num_embeds, embed_is_patch) -> (features, embed_is_patch)
NE = "5994430b84"
NEW = "scatter_patch_features lost num_embeds"
SPF = (
    "import torch\n\nfrom vllm.model_executor.models.vision import scatter_patch_features, select_patch_features\n\n\n"
)
CASES += [
    (
        "#15443 parameter removed",
        "a positional call with the removed argument",
        K(
            "#15443",
            NE,
            NEW,
            "vllm/aeon/ne1.py",
            SPF + "def aeon_scatter(features: torch.Tensor, num_embeds: torch.Tensor, embed_is_patch: torch.Tensor):\n"
            "    # AEON: the Spark's tiler scatters patches itself\n"
            "    return scatter_patch_features(features, num_embeds, embed_is_patch)\n",
            "return scatter_patch_features(features, num_embeds, embed_is_patch)",
        ),
    ),
    (
        "#15443 parameter removed",
        "the removed keyword",
        K(
            "#15443",
            NE,
            NEW,
            "vllm/aeon/ne2.py",
            SPF + "def aeon_scatter2(features: torch.Tensor, counts: torch.Tensor, mask: torch.Tensor):\n"
            "    return scatter_patch_features(features=features, num_embeds=counts, embed_is_patch=mask)\n",
            "return scatter_patch_features(features=features, num_embeds=counts, embed_is_patch=mask)",
        ),
    ),
    (
        "#15443 parameter removed",
        "twin: select_patch_features unchanged",
        K(
            "#15443",
            NE,
            NEW,
            "vllm/aeon/ne3.py",
            SPF + "def aeon_select(embeds):\n    return select_patch_features(embeds)\n",
            "return select_patch_features(embeds)",
        ),
    ),
]

# --- #16076 (f2ebb6f541): scatter_patch_features/select_patch_features removed from models/vision.py
SP = "f2ebb6f541"
SPW = "scatter/select_patch_features removed"
CASES += [
    (
        "#16076 functions removed",
        "an import of a removed function",
        K(
            "#16076",
            SP,
            SPW,
            "vllm/aeon/sp1.py",
            "from vllm.model_executor.models.vision import select_patch_features\n\n\n"
            "def aeon_patches(embeds):\n"
            "    # AEON: the Spark's runner drops the NaN padding before the LM\n"
            "    return select_patch_features(embeds)\n",
            "from vllm.model_executor.models.vision import select_patch_features",
        ),
    ),
    (
        "#16076 functions removed",
        "a module-attribute call",
        K(
            "#16076",
            SP,
            SPW,
            "vllm/aeon/sp2.py",
            "from vllm.model_executor.models import vision\n\n\n"
            "def aeon_scatter3(patches, embed_is_patch):\n"
            "    return vision.scatter_patch_features(patches, embed_is_patch)\n",
            "return vision.scatter_patch_features(patches, embed_is_patch)",
        ),
    ),
    (
        "#16076 functions removed",
        "twin: resolve_visual_encoder_outputs kept",
        K(
            "#16076",
            SP,
            SPW,
            "vllm/aeon/sp3.py",
            "from vllm.model_executor.models import vision\n\n\n"
            "def aeon_features(outputs, layers, norm, n: int):\n"
            "    return vision.resolve_visual_encoder_outputs(outputs, layers, norm, n)\n",
            "return vision.resolve_visual_encoder_outputs(outputs, layers, norm, n)",
        ),
    ),
]

# --- #15708 (c6bc0034d0): the placeholder-padding helpers removed from vllm.multimodal.utils
RP = "c6bc0034d0"
RPW = "repeat_and_pad_placeholder_tokens/consecutive_placeholder_ranges removed"
CASES += [
    (
        "#15708 functions removed",
        "an import of a removed helper",
        K(
            "#15708",
            RP,
            RPW,
            "vllm/aeon/rp1.py",
            "from vllm.multimodal.utils import repeat_and_pad_placeholder_tokens\n\n\n"
            "def aeon_expand(tokenizer, prompt, prompt_token_ids, image_token_id: int, n: int):\n"
            "    # AEON: the Spark's legacy input mapper expands image tokens itself\n"
            "    return repeat_and_pad_placeholder_tokens(\n"
            "        tokenizer, prompt, prompt_token_ids, placeholder_token_id=image_token_id, repeat_count=n\n"
            "    )\n",
            "from vllm.multimodal.utils import repeat_and_pad_placeholder_tokens",
        ),
    ),
    (
        "#15708 functions removed",
        "a module-attribute call",
        K(
            "#15708",
            RP,
            RPW,
            "vllm/aeon/rp2.py",
            "from vllm.multimodal import utils as mm_utils\n\n\n"
            "def aeon_ranges(num_items: int, num_tokens: int):\n"
            "    return mm_utils.consecutive_placeholder_ranges(num_items=num_items, item_size=num_tokens)\n",
            "return mm_utils.consecutive_placeholder_ranges(num_items=num_items, item_size=num_tokens)",
        ),
    ),
    (
        "#15708 functions removed",
        "twin: an encoder of the module kept",
        K(
            "#15708",
            RP,
            RPW,
            "vllm/aeon/rp3.py",
            "from vllm.multimodal import utils as mm_utils\n\n\n"
            "def aeon_b64(image) -> str:\n"
            "    return mm_utils.encode_image_base64(image)\n",
            "return mm_utils.encode_image_base64(image)",
        ),
    ),
]

# --- #33817 (116880a5a0): group_mm_kwargs_by_modality may yield several batches for one modality run
GB = "116880a5a0"
GBW = "group_mm_kwargs_by_modality splits a modality run into batches"
GMK = "from vllm.multimodal.utils import group_mm_kwargs_by_modality\n\n\n"
CASES += [
    (
        "#33817 yields split",
        "a dict keyed by modality",
        K(
            "#33817",
            GB,
            GBW,
            "vllm/aeon/gb1.py",
            GMK + "def aeon_batches(mm_kwargs, device):\n"
            "    # AEON: the Spark's encoder runs one batch per modality\n"
            "    return {modality: kw for modality, _, kw in group_mm_kwargs_by_modality(mm_kwargs, device=device)}\n",
            "return {modality: kw for modality, _, kw in group_mm_kwargs_by_modality(mm_kwargs, device=device)}",
        ),
    ),
    (
        "#33817 yields split",
        "twin: every batch kept in order",
        K(
            "#33817",
            GB,
            GBW,
            "vllm/aeon/gb2.py",
            GMK + "def aeon_batches2(mm_kwargs, device):\n"
            "    return [(modality, n, kw) for modality, n, kw in group_mm_kwargs_by_modality(mm_kwargs, device=device)]\n",
            "return [(modality, n, kw) for modality, n, kw in group_mm_kwargs_by_modality(mm_kwargs, device=device)]",
        ),
    ),
]

# --- #51774 (3fb7bb46d6): the prompt-update matcher _find_matches removed (queues planned instead)
FM = "3fb7bb46d6"
FMW = "processing.processor._find_matches removed"
CASES += [
    (
        "#51774 function removed",
        "an import of the removed matcher",
        K(
            "#51774",
            FM,
            FMW,
            "vllm/aeon/fm1.py",
            "from vllm.multimodal.processing.processor import _find_matches\n\n\n"
            "def aeon_first_mode(prompt, mm_prompt_updates, tokenizer, result):\n"
            "    # AEON: the Spark's processor checks which update mode a prompt takes\n"
            "    return _find_matches(prompt, mm_prompt_updates, tokenizer, current_result=result)[0]\n",
            "from vllm.multimodal.processing.processor import _find_matches",
        ),
    ),
    (
        "#51774 function removed",
        "twin: apply_token_matches kept",
        K(
            "#51774",
            FM,
            FMW,
            "vllm/aeon/fm2.py",
            "from vllm.multimodal.processing.processor import apply_token_matches\n\n\n"
            "def aeon_apply(prompt, mm_prompt_updates, tokenizer):\n"
            "    return apply_token_matches(prompt, mm_prompt_updates, tokenizer)\n",
            "return apply_token_matches(prompt, mm_prompt_updates, tokenizer)",
        ),
    ),
]

# --- written after the blind run, probing the same commits with more spellings (not blind)
LATER: list[tuple[str, str, Killer]] = [
    (
        "#47750 module moved (later)",
        "a star import re-exporting the module",
        K(
            "#47750",
            EV,
            EVW,
            "vllm/aeon/ev4.py",
            "# AEON: the Spark's pruning helpers, re-exported in one place\n"
            "from vllm.multimodal.evs import *  # noqa: F403\n",
            "from vllm.multimodal.evs import *  # noqa: F403",
        ),
    ),
    (
        "#20395 module attribute removed (later)",
        "a module-level alias of a bound method",
        K(
            "#20395",
            GM,
            GMW,
            "vllm/aeon/gm4.py",
            "from vllm.multimodal import utils as mm_utils\n\naeon_fetch = mm_utils.global_media_connector.fetch_image\n",
            "aeon_fetch = mm_utils.global_media_connector.fetch_image",
        ),
    ),
    (
        "#16076 functions removed (later)",
        "twin: a hasattr-guarded call",
        K(
            "#16076",
            SP,
            SPW,
            "vllm/aeon/sp4.py",
            "from vllm.model_executor.models import vision\n\n\ndef aeon_select2(embeds):\n"
            "    if hasattr(vision, 'select_patch_features'):\n"
            "        return vision.select_patch_features(embeds)\n"
            "    return embeds\n",
            "        return vision.select_patch_features(embeds)",
        ),
    ),
    (
        "#23817 required keyword inserted (later)",
        "twin: keywords handed on by **kwargs",
        K(
            "#23817",
            RT,
            RTW,
            "vllm/aeon/rt4.py",
            DPU + "def aeon_vit4(visual, pixel_values, grid_thw, **kw):\n"
            "    return run_dp_sharded_mrope_vision_model(visual, pixel_values, grid_thw, **kw)\n",
            "return run_dp_sharded_mrope_vision_model(visual, pixel_values, grid_thw, **kw)",
        ),
    ),
    (
        "#25459 functions moved (later)",
        "twin: the old home tried first, the new one as the fallback",
        K(
            "#25459",
            DP,
            DPW,
            "vllm/aeon/dp4.py",
            "try:\n    from vllm.multimodal.utils import run_dp_sharded_vision_model\n"
            "except ImportError:\n    from vllm.model_executor.models.vision import run_dp_sharded_vision_model\n",
            "    from vllm.multimodal.utils import run_dp_sharded_vision_model",
        ),
    ),
    (
        "#47750 module moved (later)",
        "twin: a star import of the new home with the old as the fallback",
        K(
            "#47750",
            EV,
            EVW,
            "vllm/aeon/ev5.py",
            "try:\n    from vllm.multimodal.video_prune.evs import *  # noqa: F403\n"
            "except ImportError:\n    from vllm.multimodal.evs import *  # noqa: F403\n",
            "    from vllm.multimodal.evs import *  # noqa: F403",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES + LATER, prefix="aeon-blind-mmproc-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
