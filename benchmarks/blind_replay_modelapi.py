"""A blind replay of the model-side contracts every fork model file leans on.

9 first-parent commits on ``vllm/model_executor/models/{interfaces,interfaces_base,utils,registry,
module_mapping,vision}.py``: the ``SupportsMultiModal`` protocol's hooks (``handle_oov_mm_token`` dropped
from ``embed_input_ids`` and from the ``_embed_text_input_ids`` hook it calls, ``get_language_model_spec``
no longer asked for, ``supports_mm_encoder_only`` gone), the weight-loading helpers (the ``WeightsMapping``
alias removed), the missing-layer placeholders (``LMMissingLayer``/``TowerMissingLayer`` replaced by
``StageMissingLayer``), the LoRA module mapping (``ModelKeys`` removed, ``MultiModelKeys`` no longer its
subclass), the vision helpers (``get_vit_attn_backend``'s ``attn_backend_override=`` removed,
``resolve_visual_encoder_outputs``' ``feature_sample_layers`` renamed ``select_layers`` and made
keyword-only, ``should_torch_compile_mm_vit`` renamed) and the registry (``Plamo2ForCausalLM`` and its
module removed) -- picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding every
commit another replay uses.  Each is replayed under 1-3 fork spellings written the way fork model code is
written (an override of a protocol hook, a ``super()`` call with a keyword, an import, a read off a typed
receiver, a positional call, a classmethod override), with twins (fork code the commit does not break).
The merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error
lands on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*.

Blind, on the engine before any widening (main at 8c197800): 14 caught, 1 warned, 0 missed of 15 (twins: 9
quiet, 0 false errors of 9).  The one warned is #34858's hook override still requiring
``handle_oov_mm_token``: symbol drift errs on it, naming the override and the base's new parameters, but on the
override's ``def`` line, not the parameter line the replay marks.
Batch 2 (8 more commits -- a protocol's class default flipped, flags and class attributes nobody reads, hooks
renamed or re-parametered, a registry table key gone -- written after batch 1's run and before the engine saw
them), blind on the same engine: 6 caught, 2 warned, 1 missed of 9 (twins: 5 quiet, 0 false errors); both
batches 20 caught, 3 warned, 1 missed of 24 (twins: 14 quiet, 0 false errors of 14).  The miss: #23749's
``supports_multimodal_raw_input = True`` in a fork model class's body, a flag upstream renamed
``supports_multimodal_raw_input_only`` (its ``getattr`` read went with it).  Warned, by design: #30035's
``self.merge_by_field_config`` read in a subclass inheriting the flipped default (the read follows the flag,
which is how a model adapts to it: default drift's warning), and #13166's ``supported_lora_modules`` in a
LoRA model (upstream still spells the name on its LoRA manager: symbol drift's override warning).
After killers83 (a fork class's literal class attribute, the class deriving from the project's own, setting
a name upstream's diff took the last read of and no served upstream file spells any more: an error, dead
knobs in ``drift/knobs.py``): 21 caught, 3 warned, 0 missed of 24 (twins: 14 quiet, 0 false errors of 14).
Regression set with it (2026-12-05): killer_replay 26/26, kind_change_replay 12/12, blind_replay_openai 17
caught, 1 warned, 0 missed of 18 (0 false of 10), review15/16/17_twins 0 false (40, 30, 23 twins),
symbol_precision --windows 3: 0 false errors.
After fixW (the flag an error only where upstream's base declared a class's flag -- ClassVar or an unannotated
literal -- in the base's module; a pydantic/dataclass field or a fork-owned base a warning; a keyword build or a
getattr of an f-string prefix quiet): 21 caught, 3 warned, 0 missed of 24 (twins: 14 quiet, 0 false errors of 14).

  python benchmarks/blind_replay_modelapi.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #34858 (bd2659a566): handle_oov_mm_token removed from embed_input_ids and _embed_text_input_ids
OOV = "bd2659a566"
OOVW = "handle_oov_mm_token keyword removed from SupportsMultiModal.embed_input_ids / _embed_text_input_ids"
SMM = (
    "from collections.abc import Callable\n\nimport torch\n\n"
    "from vllm.model_executor.models.interfaces import SupportsMultiModal\n\n\n"
)
CASES += [
    (
        "#34858 keyword removed",
        "a super() call with the removed keyword",
        K(
            "#34858",
            OOV,
            OOVW,
            "vllm/aeon/oov1.py",
            SMM + "class AeonVLM(torch.nn.Module, SupportsMultiModal):\n"
            "    def embed_input_ids(self, input_ids, multimodal_embeddings=None, *, is_multimodal=None):\n"
            "        # AEON: our image tokens sit past the text vocab on the Spark build\n"
            "        return super().embed_input_ids(\n"
            "            input_ids, multimodal_embeddings, is_multimodal=is_multimodal, handle_oov_mm_token=True\n"
            "        )\n",
            "input_ids, multimodal_embeddings, is_multimodal=is_multimodal, handle_oov_mm_token=True",
        ),
    ),
    (
        "#34858 keyword removed",
        "a hook override requiring the keyword the base stops passing",
        K(
            "#34858",
            OOV,
            OOVW,
            "vllm/aeon/oov2.py",
            SMM + "class AeonVLM2(torch.nn.Module, SupportsMultiModal):\n"
            "    def _embed_text_input_ids(\n"
            "        self,\n"
            "        input_ids: torch.Tensor,\n"
            "        embed_input_ids: Callable[[torch.Tensor], torch.Tensor],\n"
            "        *,\n"
            "        is_multimodal: torch.Tensor | None,\n"
            "        handle_oov_mm_token: bool,\n"
            "    ) -> torch.Tensor:\n"
            "        # AEON: scale text embeddings the way our projector expects\n"
            "        return embed_input_ids(input_ids) * 2.0\n",
            "handle_oov_mm_token: bool,",
        ),
    ),
    (
        "#34858 keyword removed",
        "twin: a super() call without the keyword",
        K(
            "#34858",
            OOV,
            OOVW,
            "vllm/aeon/oov3.py",
            SMM + "class AeonVLM3(torch.nn.Module, SupportsMultiModal):\n"
            "    def embed_input_ids(self, input_ids, multimodal_embeddings=None, *, is_multimodal=None):\n"
            "        return super().embed_input_ids(input_ids, multimodal_embeddings, is_multimodal=is_multimodal)\n",
            "return super().embed_input_ids(input_ids, multimodal_embeddings, is_multimodal=is_multimodal)",
        ),
    ),
]

# --- #31545 (0005d2a3c9): the WeightsMapping alias removed from models/utils
WM = "0005d2a3c9"
WMW = "WeightsMapping type alias removed from models/utils"
CASES += [
    (
        "#31545 alias removed",
        "an import of the removed alias",
        K(
            "#31545",
            WM,
            WMW,
            "vllm/aeon/wm1.py",
            "from vllm.model_executor.models.utils import WeightsMapper, WeightsMapping\n\n"
            'AEON_PREFIXES: WeightsMapping = {"model.vision_tower.": "vision_tower."}\n'
            "AEON_MAPPER = WeightsMapper(orig_to_new_prefix=AEON_PREFIXES)\n",
            "from vllm.model_executor.models.utils import WeightsMapper, WeightsMapping",
        ),
    ),
    (
        "#31545 alias removed",
        "twin: WeightsMapper built with keywords it keeps",
        K(
            "#31545",
            WM,
            WMW,
            "vllm/aeon/wm2.py",
            "from vllm.model_executor.models.utils import WeightsMapper\n\n"
            'AEON_MAPPER2 = WeightsMapper(orig_to_new_prefix={"model.": ""}, orig_to_new_suffix={".w": ".weight"})\n',
            'AEON_MAPPER2 = WeightsMapper(orig_to_new_prefix={"model.": ""}, orig_to_new_suffix={".w": ".weight"})',
        ),
    ),
]

# --- #31972 (9ad7f89f55): get_vit_attn_backend lost its attn_backend_override= keyword
VA = "9ad7f89f55"
VAW = "get_vit_attn_backend(head_size, dtype, *, attn_backend_override=None) -> (head_size, dtype)"
VIS = "import torch\n\nfrom vllm.model_executor.models.vision import get_vit_attn_backend\n\n\n"
CASES += [
    (
        "#31972 keyword removed",
        "a keyword call",
        K(
            "#31972",
            VA,
            VAW,
            "vllm/aeon/va1.py",
            VIS + "def aeon_vit_backend(head_size: int, override):\n"
            "    # AEON: GB10 forces the SDPA ViT path\n"
            "    return get_vit_attn_backend(head_size, torch.bfloat16, attn_backend_override=override)\n",
            "return get_vit_attn_backend(head_size, torch.bfloat16, attn_backend_override=override)",
        ),
    ),
    (
        "#31972 keyword removed",
        "twin: the two positionals it keeps",
        K(
            "#31972",
            VA,
            VAW,
            "vllm/aeon/va2.py",
            VIS
            + "def aeon_vit_backend2(head_size: int):\n    return get_vit_attn_backend(head_size, torch.bfloat16)\n",
            "return get_vit_attn_backend(head_size, torch.bfloat16)",
        ),
    ),
]

# --- #25938 (d7e34b4210): resolve_visual_encoder_outputs' feature_sample_layers -> select_layers, keyword-only
RV = "d7e34b4210"
RVW = (
    "resolve_visual_encoder_outputs(outs, feature_sample_layers, post_layer_norm, max) -> (outs, *, select_layers=...)"
)
RVI = "from vllm.model_executor.models.vision import resolve_visual_encoder_outputs\n\n\n"
CASES += [
    (
        "#25938 keyword renamed",
        "the old keyword",
        K(
            "#25938",
            RV,
            RVW,
            "vllm/aeon/rv1.py",
            RVI + "def aeon_select(outs, norm, layers, n: int):\n"
            "    return resolve_visual_encoder_outputs(\n"
            "        outs, feature_sample_layers=layers, post_layer_norm=norm, max_possible_layers=n\n"
            "    )\n",
            "outs, feature_sample_layers=layers, post_layer_norm=norm, max_possible_layers=n",
        ),
    ),
    (
        "#25938 keyword renamed",
        "positional arguments past the new '*'",
        K(
            "#25938",
            RV,
            RVW,
            "vllm/aeon/rv2.py",
            RVI + "def aeon_select2(outs, norm, n: int):\n"
            "    # AEON: the last two layers feed our projector\n"
            "    return resolve_visual_encoder_outputs(outs, [-2, -1], norm, n)\n",
            "return resolve_visual_encoder_outputs(outs, [-2, -1], norm, n)",
        ),
    ),
    (
        "#25938 keyword renamed",
        "twin: keywords it keeps",
        K(
            "#25938",
            RV,
            RVW,
            "vllm/aeon/rv3.py",
            RVI + "def aeon_select3(outs, norm, n: int):\n"
            "    return resolve_visual_encoder_outputs(outs, post_layer_norm=norm, max_possible_layers=n)\n",
            "return resolve_visual_encoder_outputs(outs, post_layer_norm=norm, max_possible_layers=n)",
        ),
    ),
]

# --- #32757 (2b8a38b6d6): LMMissingLayer / TowerMissingLayer replaced by StageMissingLayer
ML = "2b8a38b6d6"
MLW = "LMMissingLayer and TowerMissingLayer removed (StageMissingLayer instead)"
CASES += [
    (
        "#32757 class removed",
        "an import through models.utils",
        K(
            "#32757",
            ML,
            MLW,
            "vllm/aeon/ml1.py",
            "import torch\n\n"
            "from vllm.model_executor.models.utils import PPMissingLayer, TowerMissingLayer\n\n\n"
            "def aeon_is_placeholder(module: torch.nn.Module) -> bool:\n"
            "    # AEON: skip placeholders when we pin the Spark's unified memory\n"
            "    return isinstance(module, (PPMissingLayer, TowerMissingLayer))\n",
            "from vllm.model_executor.models.utils import PPMissingLayer, TowerMissingLayer",
        ),
    ),
    (
        "#32757 class removed",
        "a module attribute off interfaces",
        K(
            "#32757",
            ML,
            MLW,
            "vllm/aeon/ml2.py",
            "import torch\n\n"
            "from vllm.model_executor.models import interfaces\n\n\n"
            "def aeon_lm_missing(module: torch.nn.Module) -> bool:\n"
            "    return isinstance(module, interfaces.LMMissingLayer)\n",
            "return isinstance(module, interfaces.LMMissingLayer)",
        ),
    ),
    (
        "#32757 class removed",
        "twin: PPMissingLayer it keeps",
        K(
            "#32757",
            ML,
            MLW,
            "vllm/aeon/ml3.py",
            "import torch\n\n"
            "from vllm.model_executor.models.utils import PPMissingLayer\n\n\n"
            "def aeon_pp_missing(module: torch.nn.Module) -> bool:\n"
            "    return isinstance(module, PPMissingLayer)\n",
            "return isinstance(module, PPMissingLayer)",
        ),
    ),
]

# --- #32608 (2636d76257): ModelKeys removed; MultiModelKeys no longer its subclass
MK = "2636d76257"
MKW = "ModelKeys removed from module_mapping; MultiModelKeys loses its fields"
CASES += [
    (
        "#32608 class removed",
        "an import of the removed class",
        K(
            "#32608",
            MK,
            MKW,
            "vllm/aeon/mk1.py",
            "from vllm.model_executor.models.module_mapping import ModelKeys\n\n"
            'AEON_KEYS = ModelKeys(model_type="aeon", module_list="model.layers")\n',
            "from vllm.model_executor.models.module_mapping import ModelKeys",
        ),
    ),
    (
        "#32608 class removed",
        "a read of an inherited field off a typed receiver",
        K(
            "#32608",
            MK,
            MKW,
            "vllm/aeon/mk2.py",
            "from vllm.model_executor.models.module_mapping import MultiModelKeys\n\n\n"
            "def aeon_lora_embedding(keys: MultiModelKeys) -> str | None:\n"
            "    # AEON: our LoRA packer skips the embedding module\n"
            "    return keys.embedding\n",
            "return keys.embedding",
        ),
    ),
    (
        "#32608 class removed",
        "twin: a field MultiModelKeys keeps",
        K(
            "#32608",
            MK,
            MKW,
            "vllm/aeon/mk3.py",
            "from vllm.model_executor.models.module_mapping import MultiModelKeys\n\n\n"
            "def aeon_lora_towers(keys: MultiModelKeys) -> list[str]:\n"
            "    return keys.tower_model\n",
            "return keys.tower_model",
        ),
    ),
]

# --- #36281 (3fd03f1ec2): should_torch_compile_mm_vit renamed should_torch_compile_mm_encoder
SC = "3fd03f1ec2"
SCW = "should_torch_compile_mm_vit renamed should_torch_compile_mm_encoder"
CASES += [
    (
        "#36281 function renamed",
        "an enable_if callable passed by module attribute",
        K(
            "#36281",
            SC,
            SCW,
            "vllm/aeon/sc1.py",
            "from vllm.model_executor.models import vision\n\n\n"
            "def aeon_compile_vit(vllm_config) -> bool:\n"
            "    # AEON: compiling the ViT on GB10 costs more than it saves below 4 images\n"
            "    return vision.should_torch_compile_mm_vit(vllm_config) and vllm_config.aeon_min_images > 4\n",
            "return vision.should_torch_compile_mm_vit(vllm_config) and vllm_config.aeon_min_images > 4",
        ),
    ),
    (
        "#36281 function renamed",
        "twin: another vision helper it keeps",
        K(
            "#36281",
            SC,
            SCW,
            "vllm/aeon/sc2.py",
            "from vllm.model_executor.models.vision import get_vision_encoder_info\n\n\n"
            "def aeon_info(hf_config):\n    return get_vision_encoder_info(hf_config)\n",
            "def aeon_info(hf_config):",
        ),
    ),
]

# --- #32605 (4753f3bf69): get_language_model_spec no longer asked for; supports_mm_encoder_only removed
LS = "4753f3bf69"
LSW = "SupportsMultiModal.get_language_model_spec and supports_mm_encoder_only removed"
CASES += [
    (
        "#32605 hook removed",
        "a classmethod override nobody calls any more",
        K(
            "#32605",
            LS,
            LSW,
            "vllm/aeon/ls1.py",
            "import torch\n\n"
            "from vllm.model_executor.models.interfaces import SupportsMultiModal\n"
            "from vllm.model_executor.models.llama import LlamaForCausalLM\n\n\n"
            "class AeonVL(torch.nn.Module, SupportsMultiModal):\n"
            "    @classmethod\n"
            "    def get_language_model_spec(cls):\n"
            "        # AEON: the text-only pooling adapter wraps our decoder\n"
            '        return LlamaForCausalLM, "language_model"\n',
            "def get_language_model_spec(cls):",
        ),
    ),
    (
        "#32605 hook removed",
        "an import of the removed predicate",
        K(
            "#32605",
            LS,
            LSW,
            "vllm/aeon/ls2.py",
            "from vllm.model_executor.models.interfaces import supports_mm_encoder_only\n\n\n"
            "def aeon_encoder_only(model) -> bool:\n    return supports_mm_encoder_only(model)\n",
            "from vllm.model_executor.models.interfaces import supports_mm_encoder_only",
        ),
    ),
    (
        "#32605 hook removed",
        "twin: an override of get_language_model, still called",
        K(
            "#32605",
            LS,
            LSW,
            "vllm/aeon/ls3.py",
            "import torch\n\n"
            "from vllm.model_executor.models.interfaces import SupportsMultiModal\n\n\n"
            "class AeonVL3(torch.nn.Module, SupportsMultiModal):\n"
            "    def get_language_model(self) -> torch.nn.Module:\n"
            "        return self.language_model\n",
            "def get_language_model(self) -> torch.nn.Module:",
        ),
    ),
]

# --- #49729 (84d26b9ee3): Plamo2ForCausalLM removed from the registry, its module deleted
PL = "84d26b9ee3"
PLW = "Plamo2ForCausalLM registry key and vllm/model_executor/models/plamo2.py removed"
CASES += [
    (
        "#49729 registry key removed",
        "a subclass of the deleted model",
        K(
            "#49729",
            PL,
            PLW,
            "vllm/aeon/pl1.py",
            "from vllm.model_executor.models.plamo2 import Plamo2ForCausalLM\n\n\n"
            "class AeonPlamo2(Plamo2ForCausalLM):\n"
            "    aeon_fused_mamba = True\n",
            "from vllm.model_executor.models.plamo2 import Plamo2ForCausalLM",
        ),
    ),
    (
        "#49729 registry key removed",
        "a register_model pointing at the deleted module",
        K(
            "#49729",
            PL,
            PLW,
            "vllm/aeon/pl2.py",
            "from vllm import ModelRegistry\n\n\n"
            "def aeon_register() -> None:\n"
            "    # AEON: serve Plamo2 checkpoints under our own arch name\n"
            '    ModelRegistry.register_model("AeonPlamo2ForCausalLM", "vllm.model_executor.models.plamo2:Plamo2ForCausalLM")\n',
            'ModelRegistry.register_model("AeonPlamo2ForCausalLM", "vllm.model_executor.models.plamo2:Plamo2ForCausalLM")',
        ),
    ),
    (
        "#49729 registry key removed",
        "twin: a register_model pointing at a module it keeps",
        K(
            "#49729",
            PL,
            PLW,
            "vllm/aeon/pl3.py",
            "from vllm import ModelRegistry\n\n\n"
            "def aeon_register3() -> None:\n"
            '    ModelRegistry.register_model("AeonLlamaForCausalLM", "vllm.model_executor.models.llama:LlamaForCausalLM")\n',
            'ModelRegistry.register_model("AeonLlamaForCausalLM", "vllm.model_executor.models.llama:LlamaForCausalLM")',
        ),
    ),
]

# ===== Batch 2 (written after batch 1's blind run, before the engine saw it): the harder shapes on the
# same surface -- a protocol's class default flipped, a flag or class attribute nobody reads any more, a
# protocol hook renamed or its parameters replaced, a registry table key gone.

# --- #30035 (b286a311c2): SupportsMultiModal.merge_by_field_config default False -> True
MB = "b286a311c2"
MBW = "SupportsMultiModal.merge_by_field_config default False -> True"
MBI = "import torch\n\nfrom vllm.model_executor.models.interfaces import SupportsMultiModal\n\n\n"
CASES += [
    (
        "#30035 class default flipped",
        "a read off self in a subclass that inherits the default",
        K(
            "#30035",
            MB,
            MBW,
            "vllm/aeon/mb1.py",
            MBI + "class AeonVLM4(torch.nn.Module, SupportsMultiModal):\n"
            "    def aeon_pixels(self, pixel_values):\n"
            "        # AEON: our processor hands per-image lists; flatten them unless batched by field\n"
            "        if not self.merge_by_field_config:\n"
            "            return torch.cat(pixel_values)\n"
            "        return pixel_values\n",
            "if not self.merge_by_field_config:",
        ),
    ),
    (
        "#30035 class default flipped",
        "twin: a subclass that sets the flag itself",
        K(
            "#30035",
            MB,
            MBW,
            "vllm/aeon/mb2.py",
            MBI + "class AeonVLM5(torch.nn.Module, SupportsMultiModal):\n"
            "    merge_by_field_config = False\n\n"
            "    def aeon_pixels(self, pixel_values):\n"
            "        if not self.merge_by_field_config:\n"
            "            return torch.cat(pixel_values)\n"
            "        return pixel_values\n",
            "if not self.merge_by_field_config:",
        ),
    ),
]

# --- #23749 (52883ed084): SupportsMultiModalWithRawInput merged; supports_multimodal_raw_input -> _raw_input_only
RI = "52883ed084"
RIW = (
    "supports_multimodal_raw_input flag and SupportsMultiModalWithRawInput removed (supports_multimodal_raw_input_only)"
)
CASES += [
    (
        "#23749 flag renamed",
        "a subclass setting the flag nobody reads any more",
        K(
            "#23749",
            RI,
            RIW,
            "vllm/aeon/ri1.py",
            "import torch\n\n"
            "from vllm.model_executor.models.interfaces import SupportsMultiModal\n\n\n"
            "class AeonRawVLM(torch.nn.Module, SupportsMultiModal):\n"
            "    # AEON: our geospatial model wants the raw pixel tensors, not embeddings\n"
            "    supports_multimodal_raw_input = True\n",
            "supports_multimodal_raw_input = True",
        ),
    ),
    (
        "#23749 flag renamed",
        "an import of the merged protocol",
        K(
            "#23749",
            RI,
            RIW,
            "vllm/aeon/ri2.py",
            "import torch\n\n"
            "from vllm.model_executor.models.interfaces import SupportsMultiModalWithRawInput\n\n\n"
            "class AeonRawVLM2(torch.nn.Module, SupportsMultiModalWithRawInput):\n"
            "    pass\n",
            "from vllm.model_executor.models.interfaces import SupportsMultiModalWithRawInput",
        ),
    ),
    (
        "#23749 flag renamed",
        "twin: a subclass setting a flag still read",
        K(
            "#23749",
            RI,
            RIW,
            "vllm/aeon/ri3.py",
            "import torch\n\n"
            "from vllm.model_executor.models.interfaces import SupportsMultiModal\n\n\n"
            "class AeonRawVLM3(torch.nn.Module, SupportsMultiModal):\n"
            "    supports_encoder_tp_data = True\n",
            "supports_encoder_tp_data = True",
        ),
    ),
]

# --- #13166 (105b8ce4c0): SupportsLoRA.supported_lora_modules removed (LoRA finds the modules itself)
SL = "105b8ce4c0"
SLW = "SupportsLoRA.supported_lora_modules removed; LoRA targets every supported linear it finds"
CASES += [
    (
        "#13166 class attribute dropped",
        "a LoRA model narrowing its modules through the dropped attribute",
        K(
            "#13166",
            SL,
            SLW,
            "vllm/aeon/sl1.py",
            "from vllm.model_executor.models.llama import LlamaForCausalLM\n\n\n"
            "class AeonLlama(LlamaForCausalLM):\n"
            "    # AEON: only attention adapters fit the Spark's LoRA budget\n"
            '    supported_lora_modules = ["qkv_proj", "o_proj"]\n',
            'supported_lora_modules = ["qkv_proj", "o_proj"]',
        ),
    ),
    (
        "#13166 class attribute dropped",
        "twin: packed_modules_mapping, still read",
        K(
            "#13166",
            SL,
            SLW,
            "vllm/aeon/sl2.py",
            "from vllm.model_executor.models.llama import LlamaForCausalLM\n\n\n"
            "class AeonLlama2(LlamaForCausalLM):\n"
            '    packed_modules_mapping = {"qkv_proj": ["q_proj", "k_proj", "v_proj"]}\n',
            'packed_modules_mapping = {"qkv_proj": ["q_proj", "k_proj", "v_proj"]}',
        ),
    ),
]

# --- #20637 (3c7d942da8): SupportsTranscription.get_decoder_prompt replaced by get_generation_prompt
DP = "3c7d942da8"
DPW = "SupportsTranscription.get_decoder_prompt(language, task_type, prompt) -> get_generation_prompt(...)"
CASES += [
    (
        "#20637 hook renamed",
        "an override of the hook no caller asks for any more",
        K(
            "#20637",
            DP,
            DPW,
            "vllm/aeon/dp1.py",
            "import torch\n\n"
            "from vllm.model_executor.models.interfaces import SupportsTranscription\n\n\n"
            "class AeonASR(torch.nn.Module, SupportsTranscription):\n"
            "    @classmethod\n"
            "    def get_decoder_prompt(cls, language: str, task_type: str, prompt: str) -> str:\n"
            '        return f"<|{language}|><|{task_type}|>{prompt}"\n',
            "def get_decoder_prompt(cls, language: str, task_type: str, prompt: str) -> str:",
        ),
    ),
]

# --- #42288 (dfe8ba7c80): SupportsEncoderCudaGraph.encoder_cudagraph_forward(mm_kwargs, buffers) -> (inputs)
EC = "dfe8ba7c80"
ECW = "encoder_cudagraph_forward(self, mm_kwargs, buffers) -> (self, inputs)"
CASES += [
    (
        "#42288 hook parameters replaced",
        "an override with the old parameters",
        K(
            "#42288",
            EC,
            ECW,
            "vllm/aeon/ec1.py",
            "import torch\n\n"
            "from vllm.model_executor.models.interfaces import SupportsEncoderCudaGraph\n\n\n"
            "class AeonViT(torch.nn.Module, SupportsEncoderCudaGraph):\n"
            "    def encoder_cudagraph_forward(self, mm_kwargs, buffers) -> torch.Tensor:\n"
            '        return self.visual(mm_kwargs["pixel_values"], buffers["pos_embeds"])\n',
            "def encoder_cudagraph_forward(self, mm_kwargs, buffers) -> torch.Tensor:",
        ),
    ),
]

# --- #47263 (a22e0dfc69): AyaVision removed from the registry's _MULTIMODAL_MODELS
AY = "a22e0dfc69"
AYW = "AyaVisionForConditionalGeneration removed from _MULTIMODAL_MODELS"
AYI = "from vllm.model_executor.models.registry import _MULTIMODAL_MODELS\n\n"
CASES += [
    (
        "#47263 registry key removed",
        "a subscript of the registry table with the removed key",
        K(
            "#47263",
            AY,
            AYW,
            "vllm/aeon/ay1.py",
            AYI + "# AEON: our Aya fine-tune reuses upstream's module under its own arch name\n"
            'AEON_AYA = _MULTIMODAL_MODELS["AyaVisionForConditionalGeneration"]\n',
            'AEON_AYA = _MULTIMODAL_MODELS["AyaVisionForConditionalGeneration"]',
        ),
    ),
    (
        "#47263 registry key removed",
        "twin: a key the table keeps",
        K(
            "#47263",
            AY,
            AYW,
            "vllm/aeon/ay2.py",
            AYI + 'AEON_LLAVA = _MULTIMODAL_MODELS["LlavaForConditionalGeneration"]\n',
            'AEON_LLAVA = _MULTIMODAL_MODELS["LlavaForConditionalGeneration"]',
        ),
    ),
]

# --- #25817 (767c3ab869): get_model_hidden_size removed from models/utils
GH = "767c3ab869"
GHW = "get_model_hidden_size removed from models/utils"
CASES += [
    (
        "#25817 function removed",
        "a module attribute call",
        K(
            "#25817",
            GH,
            GHW,
            "vllm/aeon/gh1.py",
            "from vllm.model_executor.models import utils as model_utils\n\n\n"
            "def aeon_head_width(hf_config) -> int:\n"
            "    return model_utils.get_model_hidden_size(hf_config)\n",
            "return model_utils.get_model_hidden_size(hf_config)",
        ),
    ),
]

# --- #29941 (6831650c40): the v1 CPU-offload setters removed from models/utils
CO = "6831650c40"
COW = "set_cpu_offload_max_bytes / set_cpu_offload_params removed from models/utils"
CASES += [
    (
        "#29941 function removed",
        "an import of the removed setter",
        K(
            "#29941",
            CO,
            COW,
            "vllm/aeon/co1.py",
            "from vllm.model_executor.models.utils import set_cpu_offload_max_bytes\n\n\n"
            "def aeon_offload(gib: int) -> None:\n"
            "    # AEON: the Spark's unified memory wants a smaller offload pool\n"
            "    set_cpu_offload_max_bytes(gib << 30)\n",
            "from vllm.model_executor.models.utils import set_cpu_offload_max_bytes",
        ),
    ),
    (
        "#29941 function removed",
        "twin: a utils helper it keeps",
        K(
            "#29941",
            CO,
            COW,
            "vllm/aeon/co2.py",
            "from vllm.model_executor.models.utils import maybe_prefix\n\n\n"
            "def aeon_name(prefix: str) -> str:\n"
            '    return maybe_prefix(prefix, "aeon_head")\n',
            'return maybe_prefix(prefix, "aeon_head")',
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-modelapi-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
