"""A blind replay of the model helpers every model file uses, which a Spark fork's own models subclass and call.

8 first-parent commits on ``vllm/model_executor/models/utils.py`` and ``vllm/model_executor/models/interfaces.py``
-- the helpers a fork's own models and NVFP4 / speculative-decoding heads build on (``WeightsMapper``,
``AutoWeightsLoader``, ``init_vllm_registered_model``, ``get_pp_missing_layer_names``, the ``Supports*``
interfaces and their class attributes): ``WeightsMapper`` given a first dataclass field
``orig_to_new_renamings`` before ``orig_to_new_regex`` (#45478), ``SupportsMultiModal`` given
``get_mm_lora_token_counts`` that upstream calls with the keywords ``modality``, ``mm_kwargs``,
``num_mm_embeds`` (#42662), ``default_pooling_type`` and ``get_default_pooling_type`` moved from
``interfaces`` to ``interfaces_base`` (#23736), ``SupportsMultiModal.embed_input_ids``' ``assert`` made a
``ValueError`` (#30483), ``SupportsQuant.packed_modules_mapping``'s default ``{}`` made ``None`` (#20046),
``AutoWeightsLoader.load_weights`` returning a ``Set[str]`` (was a ``List[str]``, #10327),
``get_pp_missing_layer_names``' names given a trailing dot (#6446) and ``init_vllm_registered_model``'s
``cache_config, quant_config, *, lora_config, ...`` replaced by ``vllm_config, prefix`` (#9983) -- picked by
scanning those paths' diffs (``git log --first-parent -p``), avoiding the commits every other replay uses.
Each is replayed under 1-3 fork spellings (a positional ``WeightsMapper(...)`` in a class attribute and in a
helper, a subclass method of the name upstream's protocol now declares with other parameters, an import and
a module attribute of a moved function, a test ``pytest.raises`` and an ``except`` of the old exception, a
subclass reading or updating the inherited mapping, a list ``+``, ``.append`` and ``[0]`` on the loader's
names, an exact membership test against the missing layers' names, a positional call and a removed keyword),
with twins (keywords, the fork's own names, the new module, ``ValueError``, a subclass's own mapping,
``set()``, a prefix test, the new signature).  The merge base is the commit's first parent, upstream is the
commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in its file.
Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 38ff2e7e): 8 caught, 2 warned, 7 missed of 17 (twins: 9
quiet, 0 false errors).  Symbol drift caught #45478's two positional ``WeightsMapper`` calls, #23736's import
and module attribute, #9983's positional call and removed keyword, and warned #42662's two overriding
methods; return drift caught #30483's ``except AssertionError``; type drift caught #10327's list ``+``.  The
misses: #30483's test (``pytest.raises(AssertionError)`` around the call), #20046's two (a ``.get`` and an
``.update`` of the inherited mapping now ``None``), #10327's ``.append`` and ``[0]`` on a set, and #6446's two
(exact membership of a layer name in names that now end in a dot).
After the killers225 widenings: 14 caught, 3 warned, 0 missed of 17 (twins: 9 quiet, 0 false errors).  Caught
now: #10327's ``.append`` and ``[0]`` (``drift/retyped.py``: an index of a value made a set is an error as a
slice is, and a method's return is read off an instance the line builds, ``Cls(...).name(...)``), #20046's two
(``drift/nulled_defaults.py``: ``self.name`` / ``type(self).name`` in a fork subclass's method reads a
``ClassVar`` default no method of upstream's class stores, and an upstream mixin after a library base,
``class Head(nn.Module, SupportsQuant)``, is the base read), #42662's two overrides (``drift/symbols.py``'s new
hooks: where every def of the hook's name upstream is a method of the hook's class or a class deriving it,
upstream's calls decide the error off any receiver -- here ``self.model: SupportsLoRAModel`` and ``model:
Any``).  Warned now: #30483's test (``drift/raised_kinds.py``: ``pytest.raises(K)`` / ``assertRaises(K)``
round a call reads as a handler of ``K``; the receiver is the fork's own factory's, not read, so a warning) and
#6446's two (``drift/affixed_elements.py``, new: a function upstream made glue a literal on each string it
returns, tested exactly by the fork; a warning, as the fork's value may carry the affix already).  Left: nothing
missed; the three warnings stay warnings by design (an untyped receiver; a value the fork built).
Regression set at the widenings' head: killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet),
blind_replay_llmclass 23/23 (12 quiet, 1 warned), blind_replay_toolparsers 18/18 (12 quiet, 1 warned),
blind_replay_toolparsers2 20/20 (10 quiet, 1 warned), blind_replay_platiface 23/23 (12 quiet, 2 warned),
blind_replay_cfgmodel 21 caught, 1 warned of 22 (10 quiet), blind_replay_engargs 19 caught, 2 warned of 21 (12
quiet), blind_replay_loramgr 17 caught, 1 warned of 18 (11 quiet), review117_twins 8 caught, 7 warned of 15 (0
false of 38, 14 warned), blind_replay_asyncllm 19 caught, 1 warned of 20 (13 quiet, 2 warned),
review90_twins 8/8 (0 false of 30), review93_twins 16 caught, 1 warned of 17 (0 false of 42), review98_twins
14/14 (0 false of 36), review119_twins 5/5 (0 false of 28), review130_twins 9 caught, 1 warned of 10 (0 false of
38): none lost a catch or gained a false error.  Unit tests: test_type_drift 81 (+7),
test_raised_kind_drift 43 (+7), test_nulled_defaults 47 (+8), test_new_hooks 33 (+3) and test_new_hooks_typed 8
(a twin's other class now defines the name), test_affixed_element_drift 11 (new); their neighbours
(test_class_value_compared, test_guarded_defaults, the raised-kind, hook and container files) passed.
Speed (drift_speed's 150-commit window, the machine shared, medians of 3): affixed_element_drift 0.2 ms (103 ms
before its gate moved to the fork's tested calls), nulled_default_drift 0.1 ms; type_drift 50 ms,
raised_kind_drift 101 ms and symbol_drift 3.7 s against 54 ms, 123 ms and 5.8 s on main's engine in the same
conditions (audits 13.6 s and 23.4 s): no cost the widenings add is seen above the noise.

  python benchmarks/blind_replay_modelutils.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

MU = "vllm.model_executor.models.utils"
MI = "vllm.model_executor.models.interfaces"

# --- #45478 (96fa5cdd9e): WeightsMapper gained a first dataclass field, orig_to_new_renamings
WR = "96fa5cdd9e"
WRW = "WeightsMapper's first field is now orig_to_new_renamings (a list), before orig_to_new_regex"
CASES += [
    (
        "#45478 dataclass field inserted first",
        "a positional WeightsMapper(regex) in a class attribute",
        K(
            "#45478",
            WR,
            WRW,
            "vllm/aeon/wr1.py",
            f"import re\n\nfrom {MU} import WeightsMapper\n\n\n"
            "class AeonNvfp4Draft:\n"
            "    # AEON: the NVFP4 draft checkpoint names its layers mtp.N\n"
            '    hf_to_vllm_mapper = WeightsMapper({re.compile(r"^mtp\\.(\\d+)\\."): r"model.layers.\\1."})\n',
            '    hf_to_vllm_mapper = WeightsMapper({re.compile(r"^mtp\\.(\\d+)\\."): r"model.layers.\\1."})',
        ),
    ),
    (
        "#45478 dataclass field inserted first",
        "a positional regex and substr table handed to the constructor",
        K(
            "#45478",
            WR,
            WRW,
            "vllm/aeon/wr2.py",
            f"import re\n\nfrom {MU} import WeightsMapper\n\n"
            '_REGEX = {re.compile(r"\\.weight_packed$"): ".weight"}\n'
            '_SUBSTR = {"model.mtp.": "model.layers."}\n\n\n'
            "def aeon_mapper() -> WeightsMapper:\n"
            "    return WeightsMapper(_REGEX, _SUBSTR)\n",
            "return WeightsMapper(_REGEX, _SUBSTR)",
        ),
    ),
    (
        "#45478 dataclass field inserted first",
        "twin: the tables passed by keyword",
        K(
            "#45478",
            WR,
            WRW,
            "vllm/aeon/wr3.py",
            f"import re\n\nfrom {MU} import WeightsMapper\n\n\n"
            "def aeon_mapper3() -> WeightsMapper:\n"
            "    return WeightsMapper(\n"
            '        orig_to_new_regex={re.compile(r"\\.weight_packed$"): ".weight"},\n'
            '        orig_to_new_substr={"model.mtp.": "model.layers."},\n'
            "    )\n",
            "return WeightsMapper(",
        ),
    ),
]

# --- #42662 (95c9144424): SupportsMultiModal.get_mm_lora_token_counts(*, modality, mm_kwargs, num_mm_embeds)
ML = "95c9144424"
MLW = "SupportsMultiModal gained get_mm_lora_token_counts, called with keywords modality/mm_kwargs/num_mm_embeds"
MLH = f"from torch import nn\n\nfrom {MI} import SupportsMultiModal\n\n\n"
CASES += [
    (
        "#42662 protocol method added that a fork subclass already defines",
        "a subclass's own method of that name with other parameters",
        K(
            "#42662",
            ML,
            MLW,
            "vllm/aeon/ml1.py",
            MLH + "class AeonSparkVL(nn.Module, SupportsMultiModal):\n"
            "    # AEON: the Spark's LoRA budget counts tower and connector tokens per image\n"
            "    def get_mm_lora_token_counts(self, num_images: int) -> tuple[int, int]:\n"
            "        return num_images * 256, num_images * 64\n",
            "def get_mm_lora_token_counts(self, num_images: int) -> tuple[int, int]:",
        ),
    ),
    (
        "#42662 protocol method added that a fork subclass already defines",
        "a subclass's method of that name taking positional parameters",
        K(
            "#42662",
            ML,
            MLW,
            "vllm/aeon/ml2.py",
            MLH + "class AeonSparkAudio(nn.Module, SupportsMultiModal):\n"
            "    def get_mm_lora_token_counts(self, modality, num_embeds):\n"
            "        return num_embeds, None\n",
            "def get_mm_lora_token_counts(self, modality, num_embeds):",
        ),
    ),
    (
        "#42662 protocol method added that a fork subclass already defines",
        "twin: the fork's own method name",
        K(
            "#42662",
            ML,
            MLW,
            "vllm/aeon/ml3.py",
            MLH + "class AeonSparkVL3(nn.Module, SupportsMultiModal):\n"
            "    def aeon_lora_token_counts(self, num_images: int) -> tuple[int, int]:\n"
            "        return num_images * 256, num_images * 64\n",
            "def aeon_lora_token_counts(self, num_images: int) -> tuple[int, int]:",
        ),
    ),
]

# --- #23736 (5eeef1b908): default_pooling_type / get_default_pooling_type moved to interfaces_base
DP = "5eeef1b908"
DPW = "default_pooling_type and get_default_pooling_type left interfaces.py for interfaces_base.py"
CASES += [
    (
        "#23736 decorator moved to another module",
        "the decorator imported from its old module",
        K(
            "#23736",
            DP,
            DPW,
            "vllm/aeon/dp1.py",
            f"from torch import nn\n\nfrom {MI} import default_pooling_type\n\n\n"
            '@default_pooling_type("CLS")\n'
            "class AeonSparkReranker(nn.Module):\n"
            "    pass\n",
            f"from {MI} import default_pooling_type",
        ),
    ),
    (
        "#23736 decorator moved to another module",
        "the getter read as a module attribute",
        K(
            "#23736",
            DP,
            DPW,
            "vllm/aeon/dp2.py",
            "from vllm.model_executor.models import interfaces\n\n\n"
            "def aeon_pooling(model) -> str:\n"
            "    return interfaces.get_default_pooling_type(model)\n",
            "return interfaces.get_default_pooling_type(model)",
        ),
    ),
    (
        "#23736 decorator moved to another module",
        "twin: the decorator imported from its new module",
        K(
            "#23736",
            DP,
            DPW,
            "vllm/aeon/dp3.py",
            "from torch import nn\n\nfrom vllm.model_executor.models.interfaces_base import default_pooling_type\n\n\n"
            '@default_pooling_type("CLS")\n'
            "class AeonSparkReranker3(nn.Module):\n"
            "    pass\n",
            "from vllm.model_executor.models.interfaces_base import default_pooling_type",
        ),
    ),
]

# --- #30483 (3a3b06ee70): embed_input_ids' `assert is_multimodal is not None` became a ValueError
IM = "3a3b06ee70"
IMW = "SupportsMultiModal.embed_input_ids raises ValueError (was AssertionError) without is_multimodal"
CASES += [
    (
        "#30483 exception type of a guard changed",
        "a fork test expecting the old AssertionError",
        K(
            "#30483",
            IM,
            IMW,
            "tests/aeon/test_im1.py",
            "import pytest\nimport torch\n\n"
            "from vllm.aeon.spark_vl import AeonSparkVL\n\n\n"
            "def test_aeon_embed_requires_mask():\n"
            "    model = AeonSparkVL.for_test()\n"
            "    with pytest.raises(AssertionError):\n"
            "        model.embed_input_ids(torch.zeros(4, dtype=torch.long), [torch.zeros(2, 8)])\n",
            "with pytest.raises(AssertionError):",
        ),
    ),
    (
        "#30483 exception type of a guard changed",
        "a fallback catching the old AssertionError",
        K(
            "#30483",
            IM,
            IMW,
            "vllm/aeon/im2.py",
            f"from {MI} import SupportsMultiModal\n\n\n"
            "def aeon_embed(model: SupportsMultiModal, input_ids, mm_embeds, mask=None):\n"
            "    try:\n"
            "        return model.embed_input_ids(input_ids, mm_embeds, is_multimodal=mask)\n"
            "    except AssertionError:\n"
            "        # AEON: a text-only step on the Spark carries no mask\n"
            "        return model.embed_input_ids(input_ids)\n",
            "except AssertionError:",
        ),
    ),
    (
        "#30483 exception type of a guard changed",
        "twin: a test expecting ValueError",
        K(
            "#30483",
            IM,
            IMW,
            "tests/aeon/test_im3.py",
            "import pytest\nimport torch\n\n"
            "from vllm.aeon.spark_vl import AeonSparkVL\n\n\n"
            "def test_aeon_embed_requires_mask3():\n"
            "    model = AeonSparkVL.for_test()\n"
            "    with pytest.raises(ValueError):\n"
            "        model.embed_input_ids(torch.zeros(4, dtype=torch.long), [torch.zeros(2, 8)])\n",
            "with pytest.raises(ValueError):",
        ),
    ),
]

# --- #20046 (9025a9a705): SupportsQuant.packed_modules_mapping's default {} became None
PM = "9025a9a705"
PMW = "SupportsQuant.packed_modules_mapping defaults to None (was {})"
PMH = f"from torch import nn\n\nfrom {MI} import SupportsQuant\n\n\n"
CASES += [
    (
        "#20046 inherited class attribute's default made None",
        "a subclass reading the inherited mapping's .get",
        K(
            "#20046",
            PM,
            PMW,
            "vllm/aeon/pm1.py",
            PMH + "class AeonNvfp4Head(nn.Module, SupportsQuant):\n"
            "    def aeon_shards(self, name: str) -> list[str]:\n"
            "        # AEON: the NVFP4 head packs nothing; unpacked names map to themselves\n"
            "        return self.packed_modules_mapping.get(name, [name])\n",
            "return self.packed_modules_mapping.get(name, [name])",
        ),
    ),
    (
        "#20046 inherited class attribute's default made None",
        "the base's mapping updated through the class",
        K(
            "#20046",
            PM,
            PMW,
            "vllm/aeon/pm2.py",
            PMH + "class AeonDraftQuant(nn.Module, SupportsQuant):\n"
            "    def __init__(self):\n"
            "        super().__init__()\n"
            '        type(self).packed_modules_mapping.update({"fc": ["fc"]})\n',
            'type(self).packed_modules_mapping.update({"fc": ["fc"]})',
        ),
    ),
    (
        "#20046 inherited class attribute's default made None",
        "twin: a subclass declaring its own mapping",
        K(
            "#20046",
            PM,
            PMW,
            "vllm/aeon/pm3.py",
            PMH + "class AeonNvfp4Head3(nn.Module, SupportsQuant):\n"
            '    packed_modules_mapping = {"qkv_proj": ["q_proj", "k_proj", "v_proj"]}\n\n'
            "    def aeon_shards(self, name: str) -> list[str]:\n"
            "        return self.packed_modules_mapping.get(name, [name])\n",
            "return self.packed_modules_mapping.get(name, [name])",
        ),
    ),
]

# --- #10327 (c4e464333e): AutoWeightsLoader.load_weights returns a set (was a list)
LW = "c4e464333e"
LWW = "AutoWeightsLoader.load_weights returns Set[str] (was List[str])"
LWH = f"from torch import nn\n\nfrom {MU} import AutoWeightsLoader\n\n\n"
CASES += [
    (
        "#10327 return type list -> set",
        "a list concatenated to the returned names",
        K(
            "#10327",
            LW,
            LWW,
            "vllm/aeon/lw1.py",
            LWH + "class AeonSparkDraft(nn.Module):\n"
            "    def load_weights(self, weights):\n"
            "        loader = AutoWeightsLoader(self)\n"
            "        loaded = loader.load_weights(weights)\n"
            "        # AEON: the draft shares the target's lm_head\n"
            '        return loaded + ["lm_head.weight"]\n',
            'return loaded + ["lm_head.weight"]',
        ),
    ),
    (
        "#10327 return type list -> set",
        "an append on the returned names",
        K(
            "#10327",
            LW,
            LWW,
            "vllm/aeon/lw2.py",
            LWH + "def aeon_load(model: nn.Module, weights):\n"
            "    names = AutoWeightsLoader(model).load_weights(weights)\n"
            '    names.append("embed_tokens.weight")\n'
            "    return names\n",
            'names.append("embed_tokens.weight")',
        ),
    ),
    (
        "#10327 return type list -> set",
        "the first loaded name indexed",
        K(
            "#10327",
            LW,
            LWW,
            "vllm/aeon/lw4.py",
            LWH + "def aeon_first_loaded(model: nn.Module, weights) -> str:\n"
            "    return AutoWeightsLoader(model).load_weights(weights)[0]\n",
            "return AutoWeightsLoader(model).load_weights(weights)[0]",
        ),
    ),
    (
        "#10327 return type list -> set",
        "twin: the names read through set()",
        K(
            "#10327",
            LW,
            LWW,
            "vllm/aeon/lw3.py",
            LWH + "def aeon_load3(model: nn.Module, weights):\n"
            "    names = set(AutoWeightsLoader(model).load_weights(weights))\n"
            '    names.add("embed_tokens.weight")\n'
            "    return names\n",
            'names.add("embed_tokens.weight")',
        ),
    ),
]

# --- #6446 (4cf256ae7f): get_pp_missing_layer_names' names end in a dot
PP = "4cf256ae7f"
PPW = "get_pp_missing_layer_names returns 'name.' (a trailing dot) for each missing layer"
CASES += [
    (
        "#6446 returned strings gained a suffix",
        "an exact membership test of a layer's name",
        K(
            "#6446",
            PP,
            PPW,
            "vllm/aeon/pp1.py",
            f"from {MU} import get_pp_missing_layer_names\n\n\n"
            "def aeon_layer_here(model, layer_name: str) -> bool:\n"
            "    # AEON: the Spark's draft head skips layers another pipeline stage owns\n"
            "    return layer_name not in get_pp_missing_layer_names(model)\n",
            "return layer_name not in get_pp_missing_layer_names(model)",
        ),
    ),
    (
        "#6446 returned strings gained a suffix",
        "a set of the names filtered against module names",
        K(
            "#6446",
            PP,
            PPW,
            "vllm/aeon/pp3.py",
            f"from {MU} import get_pp_missing_layer_names\n\n\n"
            "def aeon_local_modules(model) -> list[str]:\n"
            "    missing = set(get_pp_missing_layer_names(model))\n"
            "    return [name for name, _ in model.named_modules() if name not in missing]\n",
            "return [name for name, _ in model.named_modules() if name not in missing]",
        ),
    ),
    (
        "#6446 returned strings gained a suffix",
        "twin: a prefix test",
        K(
            "#6446",
            PP,
            PPW,
            "vllm/aeon/pp2.py",
            f"from {MU} import get_pp_missing_layer_names\n\n\n"
            "def aeon_param_here(model, name: str) -> bool:\n"
            "    return not name.startswith(tuple(get_pp_missing_layer_names(model)))\n",
            "return not name.startswith(tuple(get_pp_missing_layer_names(model)))",
        ),
    ),
]

# --- #9983 (1a95f10ee7): init_vllm_registered_model(hf_config, vllm_config, prefix="")
IV = "1a95f10ee7"
IVW = "init_vllm_registered_model takes (hf_config, vllm_config, prefix) (was hf_config, cache_config, quant_config, *, lora_config, ...)"
CASES += [
    (
        "#9983 parameters replaced",
        "a positional call with the old configs",
        K(
            "#9983",
            IV,
            IVW,
            "vllm/aeon/iv1.py",
            f"from torch import nn\n\nfrom {MU} import init_vllm_registered_model\n\n\n"
            "class AeonSparkVLM(nn.Module):\n"
            "    def __init__(self, config, cache_config=None, quant_config=None):\n"
            "        super().__init__()\n"
            "        # AEON: the Spark's VLM wraps a registered text model\n"
            "        self.language_model = init_vllm_registered_model(config.text_config, cache_config, quant_config)\n",
            "self.language_model = init_vllm_registered_model(config.text_config, cache_config, quant_config)",
        ),
    ),
    (
        "#9983 parameters replaced",
        "a call with a removed keyword",
        K(
            "#9983",
            IV,
            IVW,
            "vllm/aeon/iv2.py",
            f"from {MU} import init_vllm_registered_model\n\n\n"
            "def aeon_text_model(hf_config, cache_config, quant_config, lora_config):\n"
            "    return init_vllm_registered_model(\n"
            "        hf_config,\n"
            "        cache_config,\n"
            "        quant_config,\n"
            "        lora_config=lora_config,\n"
            "    )\n",
            "lora_config=lora_config,",
        ),
    ),
    (
        "#9983 parameters replaced",
        "twin: the fork's own wrapper of another name",
        K(
            "#9983",
            IV,
            IVW,
            "vllm/aeon/iv3.py",
            "def aeon_init_registered(hf_config, cache_config, quant_config):\n"
            "    return (hf_config, cache_config, quant_config)\n\n\n"
            "def aeon_text_model3(hf_config, cache_config, quant_config):\n"
            "    return aeon_init_registered(hf_config, cache_config, quant_config)\n",
            "return aeon_init_registered(hf_config, cache_config, quant_config)",
        ),
    ),
]

CASES += [
    (
        "#9983 parameters replaced",
        "twin: the new signature's keywords",
        K(
            "#9983",
            IV,
            IVW,
            "vllm/aeon/iv4.py",
            f"from {MU} import init_vllm_registered_model\n\n\n"
            'def aeon_text_model4(vllm_config, prefix: str = ""):\n'
            "    hf_config = vllm_config.model_config.hf_config.text_config\n"
            "    return init_vllm_registered_model(hf_config, vllm_config=vllm_config, prefix=prefix)\n",
            "return init_vllm_registered_model(hf_config, vllm_config=vllm_config, prefix=prefix)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-modelutils-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
