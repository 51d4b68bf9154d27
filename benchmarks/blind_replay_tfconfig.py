"""A blind replay of the transformers config layer a fork's model, loader or server carries code against.

11 first-parent commits on ``vllm/transformers_utils/{config,utils,repo_utils,model_arch_config_convertor}.py``
and ``vllm/transformers_utils/configs/`` -- the functions, constants, registries and classes a fork imports to
load, patch or classify a checkpoint's config: ``maybe_override_with_speculators_target_model`` renamed
``maybe_override_with_speculators`` (and its pair made a triple), the module constant ``HF_TOKEN`` removed,
``uses_custom_attention_masks`` and ``is_interleaved`` removed, the cross-encoder and classification activation
helpers removed, ``load_params_config`` removed, the ``_CONFIG_REGISTRY_OVERRIDE_HF`` table and
``MllamaConfig`` export removed, ``Nemotron_Nano_VL_Config`` (eager export and module) and ``Tarsier2Config``
(a lazy ``__getattr__`` export) removed, ``ModelArchConfigConvertorBase.is_mm_prefix_lm``/``convert`` given a
``supports_multimodal`` parameter the upstream caller passes, and the convertor's constructor given a
``revision`` keyword the upstream caller passes -- picked by scanning those paths' diffs (``git log
--first-parent -p``), avoiding the commits the other replays use.  Each is replayed under 1-2 fork spellings
written the way fork code is written (an import, a module-attribute read or call, ``getattr`` with a literal, a
subclass override the upstream caller now calls with one argument more, a constructor override of a registered
subclass), with twins (fork code the commit does not break: the kept function, a guarded ``getattr``, an
override that takes the new parameter).  The merge base is the commit's first parent, upstream is the commit; a
spelling is *caught* when an error lands on its line, *warned* when a warning lands in its file.  Twins must
stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at bb956a08): 19 caught, 0 warned, 0 missed of 19 (twins: 10
quiet, 2 false errors).  The false errors: #49803's guarded probe (``getattr(tfc, "is_interleaved", None)``,
called only when present: name drift's error "reads a name upstream no longer has anywhere", where the same
probe spelt ``hasattr`` is a warning) and #51446's convertor ``__init__`` taking ``**kwargs`` and handing them
to ``super().__init__`` (symbol drift's lockstep-constructor error, though the upstream caller passes
``revision=`` by keyword, which the ``**kwargs`` take).
After the tfconfig widenings: 19 caught of 19, twins 12 quiet (2 of them warned), 0 false errors: a
``getattr`` with a default probing the module whose file deleted the name is ``hasattr``'s availability probe,
a warning (name drift, ``drift/names.py``); a lockstep-left-behind ``__init__`` taking ``**kwargs`` is a
warning, as a keyword-passing caller reaches the base through them (symbol drift, ``drift/symbols.py``).

Probes after the blind run (three more commits, below the blind cases; not part of the blind record):
#23651 (``_CONFIG_REGISTRY`` made a ``LazyConfigDict`` of class names, the config classes no longer
imported into ``config.py``), #37104 (``_maybe_patch_hf_hub_constants`` renamed) and #41734
(``patch_rope_parameters_dict`` removed): 3 caught, 2 missed of 5 at f8cc844f, both misses #23651's (a class
written into the table, a class attribute read off ``.values()``); caught now by a new class, a module's
table whose values upstream made names (type drift, ``drift/named_entries.py``).  The whole replay: 24 caught,
0 warned, 0 missed of 24; twins 14 quiet (2 of them warned), 0 false errors.

Regression set at the widenings' head (112206c0): killer_replay 26/26, kind_change_replay 12/12,
review15/16/17_twins 0 false errors (40, 30, 23 twins; 8 of 9, 6 of 6, 11 of 12 caught, the rest warned as
before), blind_replay_tfutils 18 caught, 1 warned of 19 (13 quiet), blind_replay_wire 32/32 (20 quiet, 1
warned), blind_replay_loader 9 caught, 4 warned, 1 missed of 14 (8 quiet; #45196 missed as before),
blind_replay_nvfp4 15 caught, 1 warned of 16 (10 quiet), blind_replay_devcomms 20 caught, 1 warned of 21 (12
quiet), all as before; ``symbol_precision.py --windows 1``: 0 false errors.  Rerun at d48e5059 (the named-entries
twins narrowed): killer, kind_change, review15/16/17, tfutils, wire and nvfp4 unchanged.
On the sixtieth and sixty-first landings' engines (d414862a, 055daebb): 24 of 24 caught; twins 14 quiet, 1 of
them warned (2 above: one twin's warning gone since), 0 false errors.

  python benchmarks/blind_replay_tfconfig.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #25250 (c438b2951c): maybe_override_with_speculators_target_model renamed, its pair made a triple
SP = "c438b2951c"
SPW = "maybe_override_with_speculators_target_model -> maybe_override_with_speculators"
CASES += [
    (
        "#25250 function renamed",
        "an import",
        K(
            "#25250",
            SP,
            SPW,
            "vllm/aeon/sp1.py",
            "from vllm.transformers_utils.config import maybe_override_with_speculators_target_model\n\n\n"
            "def aeon_target(model: str) -> str:\n"
            "    # AEON: the Spark serves the verifier of a speculators checkpoint\n"
            "    return maybe_override_with_speculators_target_model(model, model, False)[0]\n",
            "from vllm.transformers_utils.config import maybe_override_with_speculators_target_model",
        ),
    ),
    (
        "#25250 function renamed",
        "a module-attribute call",
        K(
            "#25250",
            SP,
            SPW,
            "vllm/aeon/sp2.py",
            "from vllm.transformers_utils import config as tfc\n\n\n"
            "def aeon_resolve(model: str, tokenizer: str) -> tuple[str, str]:\n"
            "    model, tokenizer = tfc.maybe_override_with_speculators_target_model(model, tokenizer, True)\n"
            "    return model, tokenizer\n",
            "model, tokenizer = tfc.maybe_override_with_speculators_target_model(model, tokenizer, True)",
        ),
    ),
    (
        "#25250 function renamed",
        "twin: get_config kept",
        K(
            "#25250",
            SP,
            SPW,
            "vllm/aeon/sp3.py",
            "from vllm.transformers_utils import config as tfc\n\n\n"
            "def aeon_config(model: str):\n"
            "    return tfc.get_config(model, trust_remote_code=False)\n",
            "return tfc.get_config(model, trust_remote_code=False)",
        ),
    ),
]

# --- #18655 (6ab681bcbe): the module constant HF_TOKEN removed (read from the environment at each call)
HT = "6ab681bcbe"
HTW = "vllm.transformers_utils.config.HF_TOKEN removed"
CASES += [
    (
        "#18655 constant removed",
        "an import",
        K(
            "#18655",
            HT,
            HTW,
            "vllm/aeon/ht1.py",
            "from huggingface_hub import hf_hub_download\n\n"
            "from vllm.transformers_utils.config import HF_TOKEN\n\n\n"
            "def aeon_fetch(model: str, name: str) -> str:\n"
            "    return hf_hub_download(model, name, token=HF_TOKEN)\n",
            "from vllm.transformers_utils.config import HF_TOKEN",
        ),
    ),
    (
        "#18655 constant removed",
        "a module-attribute read",
        K(
            "#18655",
            HT,
            HTW,
            "vllm/aeon/ht2.py",
            "from vllm.transformers_utils import config as tfc\n\n\n"
            "def aeon_has_token() -> bool:\n"
            "    # AEON: the air-gapped Spark has no token; skip the hub probe\n"
            "    return tfc.HF_TOKEN is not None\n",
            "return tfc.HF_TOKEN is not None",
        ),
    ),
    (
        "#18655 constant removed",
        "twin: get_hf_file_to_dict kept",
        K(
            "#18655",
            HT,
            HTW,
            "vllm/aeon/ht3.py",
            "from vllm.transformers_utils import config as tfc\n\n\n"
            "def aeon_params(model: str) -> dict | None:\n"
            '    return tfc.get_hf_file_to_dict("params.json", model)\n',
            'return tfc.get_hf_file_to_dict("params.json", model)',
        ),
    ),
]

# --- #28995 (64192d5624): uses_custom_attention_masks removed
CM = "64192d5624"
CMW = "uses_custom_attention_masks removed"
CASES += [
    (
        "#28995 function removed",
        "an import",
        K(
            "#28995",
            CM,
            CMW,
            "vllm/aeon/cm1.py",
            "from vllm.transformers_utils.config import uses_custom_attention_masks\n\n\n"
            "def aeon_bidirectional(hf_config) -> bool:\n"
            "    return uses_custom_attention_masks(hf_config)\n",
            "from vllm.transformers_utils.config import uses_custom_attention_masks",
        ),
    ),
    (
        "#28995 function removed",
        "twin: uses_mrope kept",
        K(
            "#28995",
            CM,
            CMW,
            "vllm/aeon/cm2.py",
            "from vllm.transformers_utils.config import uses_mrope\n\n\n"
            "def aeon_mrope(hf_config) -> bool:\n"
            "    return uses_mrope(hf_config)\n",
            "from vllm.transformers_utils.config import uses_mrope",
        ),
    ),
]

# --- #49803 (26d725c334): is_interleaved removed
IL = "26d725c334"
ILW = "is_interleaved removed"
TFC = "from vllm.transformers_utils import config as tfc\n\n\n"
CASES += [
    (
        "#49803 function removed",
        "a module-attribute call",
        K(
            "#49803",
            IL,
            ILW,
            "vllm/aeon/il1.py",
            TFC + "def aeon_sliding(hf_config) -> bool:\n"
            "    # AEON: GB10's attention backend choice depends on mixed layer types\n"
            "    return tfc.is_interleaved(hf_config)\n",
            "return tfc.is_interleaved(hf_config)",
        ),
    ),
    (
        "#49803 function removed",
        "getattr with a literal",
        K(
            "#49803",
            IL,
            ILW,
            "vllm/aeon/il2.py",
            TFC + 'def aeon_sliding2(hf_config) -> bool:\n    return getattr(tfc, "is_interleaved")(hf_config)\n',
            'return getattr(tfc, "is_interleaved")(hf_config)',
        ),
    ),
    (
        "#49803 function removed",
        "twin: a guarded getattr",
        K(
            "#49803",
            IL,
            ILW,
            "vllm/aeon/il3.py",
            TFC + "def aeon_sliding3(hf_config) -> bool:\n"
            '    check = getattr(tfc, "is_interleaved", None)\n'
            "    return bool(check and check(hf_config))\n",
            'check = getattr(tfc, "is_interleaved", None)',
        ),
    ),
]

# --- #48796 (fe5145765f): is_mm_prefix_lm/convert given supports_multimodal, which the upstream caller passes
MP = "fe5145765f"
MPW = "ModelArchConfigConvertorBase.is_mm_prefix_lm(supports_multimodal) / convert(supports_multimodal=)"
CONV = (
    "from vllm.transformers_utils.model_arch_config_convertor import (\n"
    "    MODEL_ARCH_CONFIG_CONVERTORS,\n"
    "    ModelArchConfigConvertorBase,\n"
    ")\n\n\n"
)
CASES += [
    (
        "#48796 parameter the caller passes",
        "an is_mm_prefix_lm override",
        K(
            "#48796",
            MP,
            MPW,
            "vllm/aeon/mp1.py",
            CONV + "class AeonPrefixConvertor(ModelArchConfigConvertorBase):\n"
            "    def is_mm_prefix_lm(self) -> bool:\n"
            "        # AEON: the Spark's PaliGemma fork always attends bidirectionally to images\n"
            "        return True\n\n\n"
            'MODEL_ARCH_CONFIG_CONVERTORS["aeon_prefix"] = AeonPrefixConvertor\n',
            "def is_mm_prefix_lm(self) -> bool:",
        ),
    ),
    (
        "#48796 parameter the caller passes",
        "a convert override calling super()",
        K(
            "#48796",
            MP,
            MPW,
            "vllm/aeon/mp2.py",
            CONV + "class AeonConvertConvertor(ModelArchConfigConvertorBase):\n"
            "    def convert(self):\n"
            "        arch = super().convert()\n"
            "        return arch\n\n\n"
            'MODEL_ARCH_CONFIG_CONVERTORS["aeon_convert"] = AeonConvertConvertor\n',
            "def convert(self):",
        ),
    ),
    (
        "#48796 parameter the caller passes",
        "twin: an override taking the parameter",
        K(
            "#48796",
            MP,
            MPW,
            "vllm/aeon/mp3.py",
            CONV + "class AeonPrefixConvertor2(ModelArchConfigConvertorBase):\n"
            "    def is_mm_prefix_lm(self, supports_multimodal: bool = True) -> bool:\n"
            "        return supports_multimodal\n\n\n"
            'MODEL_ARCH_CONFIG_CONVERTORS["aeon_prefix2"] = AeonPrefixConvertor2\n',
            "def is_mm_prefix_lm(self, supports_multimodal: bool = True) -> bool:",
        ),
    ),
    (
        "#48796 parameter the caller passes",
        "twin: a call with the default",
        K(
            "#48796",
            MP,
            MPW,
            "vllm/aeon/mp4.py",
            CONV + "def aeon_prefix(convertor: ModelArchConfigConvertorBase) -> bool:\n"
            "    return convertor.is_mm_prefix_lm()\n",
            "return convertor.is_mm_prefix_lm()",
        ),
    ),
]

# --- #51446 (90fd4a333f): the convertor's constructor given revision=, which the upstream caller passes
RV = "90fd4a333f"
RVW = "convertor_cls(hf_config, hf_text_config, revision=...)"
CASES += [
    (
        "#51446 keyword the caller passes",
        "a registered subclass's __init__",
        K(
            "#51446",
            RV,
            RVW,
            "vllm/aeon/rv1.py",
            "from transformers import PretrainedConfig\n\n"
            + CONV
            + "class AeonSparkConvertor(ModelArchConfigConvertorBase):\n"
            "    def __init__(self, hf_config: PretrainedConfig, hf_text_config: PretrainedConfig):\n"
            "        super().__init__(hf_config, hf_text_config)\n"
            "        # AEON: the Spark's checkpoints carry their head size in a side field\n"
            '        self.aeon_head_size = getattr(hf_text_config, "aeon_head_size", None)\n\n\n'
            'MODEL_ARCH_CONFIG_CONVERTORS["aeon_spark"] = AeonSparkConvertor\n',
            "def __init__(self, hf_config: PretrainedConfig, hf_text_config: PretrainedConfig):",
        ),
    ),
    (
        "#51446 keyword the caller passes",
        "twin: an __init__ passing **kwargs on",
        K(
            "#51446",
            RV,
            RVW,
            "vllm/aeon/rv2.py",
            "from transformers import PretrainedConfig\n\n"
            + CONV
            + "class AeonSparkConvertor2(ModelArchConfigConvertorBase):\n"
            "    def __init__(self, hf_config: PretrainedConfig, hf_text_config: PretrainedConfig, **kwargs):\n"
            "        super().__init__(hf_config, hf_text_config, **kwargs)\n"
            '        self.aeon_head_size = getattr(hf_text_config, "aeon_head_size", None)\n\n\n'
            'MODEL_ARCH_CONFIG_CONVERTORS["aeon_spark2"] = AeonSparkConvertor2\n',
            "def __init__(self, hf_config: PretrainedConfig, hf_text_config: PretrainedConfig, **kwargs):",
        ),
    ),
]

# --- #20927 (1c3198b6c4): the cross-encoder and classification activation helpers removed
AF = "1c3198b6c4"
AFW = "get_cross_encoder_activation_function / get_classification_activation_function removed"
CASES += [
    (
        "#20927 functions removed",
        "an import",
        K(
            "#20927",
            AF,
            AFW,
            "vllm/aeon/af1.py",
            "from vllm.transformers_utils.config import get_cross_encoder_activation_function\n\n\n"
            "def aeon_activation(hf_config):\n"
            "    return get_cross_encoder_activation_function(hf_config)\n",
            "from vllm.transformers_utils.config import get_cross_encoder_activation_function",
        ),
    ),
    (
        "#20927 functions removed",
        "a module-attribute call",
        K(
            "#20927",
            AF,
            AFW,
            "vllm/aeon/af2.py",
            TFC + "def aeon_classifier_act(hf_config):\n"
            "    # AEON: the Spark's reranker keeps the sigmoid/softmax of a classifier head\n"
            "    return tfc.get_classification_activation_function(hf_config)\n",
            "return tfc.get_classification_activation_function(hf_config)",
        ),
    ),
    (
        "#20927 functions removed",
        "twin: get_pooling_config kept",
        K(
            "#20927",
            AF,
            AFW,
            "vllm/aeon/af3.py",
            TFC + "def aeon_pooling(model: str):\n    return tfc.get_pooling_config(model)\n",
            "return tfc.get_pooling_config(model)",
        ),
    ),
]

# --- #20570 (14601f5fba): load_params_config removed (mistral configs adapted elsewhere)
LP = "14601f5fba"
LPW = "load_params_config removed"
CASES += [
    (
        "#20570 function removed",
        "an import",
        K(
            "#20570",
            LP,
            LPW,
            "vllm/aeon/lp1.py",
            "from vllm.transformers_utils.config import load_params_config\n\n\n"
            "def aeon_mistral(model: str):\n"
            "    return load_params_config(model, None)\n",
            "from vllm.transformers_utils.config import load_params_config",
        ),
    ),
    (
        "#20570 function removed",
        "twin: get_hf_file_to_dict kept",
        K(
            "#20570",
            LP,
            LPW,
            "vllm/aeon/lp2.py",
            "from vllm.transformers_utils.config import get_hf_file_to_dict\n\n\n"
            "def aeon_mistral2(model: str):\n"
            '    return get_hf_file_to_dict("params.json", model, None)\n',
            "from vllm.transformers_utils.config import get_hf_file_to_dict",
        ),
    ),
]

# --- #28126 (ffb08379d8): Nemotron_Nano_VL_Config removed (its export and its module)
NV = "ffb08379d8"
NVW = "Nemotron_Nano_VL_Config removed"
CASES += [
    (
        "#28126 config class removed",
        "an import off the package",
        K(
            "#28126",
            NV,
            NVW,
            "vllm/aeon/nv1.py",
            "from vllm.transformers_utils.configs import Nemotron_Nano_VL_Config\n\n\n"
            "def aeon_is_nano(hf_config) -> bool:\n"
            "    return isinstance(hf_config, Nemotron_Nano_VL_Config)\n",
            "from vllm.transformers_utils.configs import Nemotron_Nano_VL_Config",
        ),
    ),
    (
        "#28126 config class removed",
        "an import off the deleted module",
        K(
            "#28126",
            NV,
            NVW,
            "vllm/aeon/nv2.py",
            "from vllm.transformers_utils.configs.nemotron_vl import Nemotron_Nano_VL_Config\n\n\n"
            "class AeonNanoConfig(Nemotron_Nano_VL_Config):\n"
            '    model_type = "aeon_nano_vl"\n',
            "from vllm.transformers_utils.configs.nemotron_vl import Nemotron_Nano_VL_Config",
        ),
    ),
    (
        "#28126 config class removed",
        "twin: NemotronConfig kept",
        K(
            "#28126",
            NV,
            NVW,
            "vllm/aeon/nv3.py",
            "from vllm.transformers_utils.configs import NemotronConfig\n\n\n"
            "def aeon_is_nemotron(hf_config) -> bool:\n"
            "    return isinstance(hf_config, NemotronConfig)\n",
            "from vllm.transformers_utils.configs import NemotronConfig",
        ),
    ),
]

# --- #47143 (5dc36a4fa5): Tarsier2Config removed from the package's lazy exports
TS = "5dc36a4fa5"
TSW = "Tarsier2Config removed from configs' lazy __getattr__ table"
CASES += [
    (
        "#47143 lazy export removed",
        "an import off the package",
        K(
            "#47143",
            TS,
            TSW,
            "vllm/aeon/ts1.py",
            "from vllm.transformers_utils.configs import Tarsier2Config\n\n\n"
            "def aeon_tarsier(hf_config) -> bool:\n"
            "    return isinstance(hf_config, Tarsier2Config)\n",
            "from vllm.transformers_utils.configs import Tarsier2Config",
        ),
    ),
    (
        "#47143 lazy export removed",
        "a module-attribute read",
        K(
            "#47143",
            TS,
            TSW,
            "vllm/aeon/ts2.py",
            "from vllm.transformers_utils import configs\n\n\n"
            "def aeon_tarsier_type() -> str:\n"
            "    return configs.Tarsier2Config.model_type\n",
            "return configs.Tarsier2Config.model_type",
        ),
    ),
    (
        "#47143 lazy export removed",
        "twin: a kept lazy export",
        K(
            "#47143",
            TS,
            TSW,
            "vllm/aeon/ts3.py",
            "from vllm.transformers_utils.configs import AfmoeConfig\n\n\n"
            "def aeon_afmoe(hf_config) -> bool:\n"
            "    return isinstance(hf_config, AfmoeConfig)\n",
            "from vllm.transformers_utils.configs import AfmoeConfig",
        ),
    ),
]

# --- #22649 (8e13d9fe6d): MllamaConfig's export and the _CONFIG_REGISTRY_OVERRIDE_HF table removed
ML = "8e13d9fe6d"
MLW = "MllamaConfig export / _CONFIG_REGISTRY_OVERRIDE_HF removed"
CASES += [
    (
        "#22649 export and table removed",
        "an import of the config class",
        K(
            "#22649",
            ML,
            MLW,
            "vllm/aeon/ml1.py",
            "from vllm.transformers_utils.configs import MllamaConfig\n\n\n"
            "def aeon_is_mllama(hf_config) -> bool:\n"
            "    return isinstance(hf_config, MllamaConfig)\n",
            "from vllm.transformers_utils.configs import MllamaConfig",
        ),
    ),
    (
        "#22649 export and table removed",
        "a module-attribute table write",
        K(
            "#22649",
            ML,
            MLW,
            "vllm/aeon/ml2.py",
            "from transformers import PretrainedConfig\n\n" + TFC + "class AeonVisionConfig(PretrainedConfig):\n"
            '    model_type = "aeon_vision"\n\n\n'
            "# AEON: the Spark's vision tower overrides the HF config class\n"
            'tfc._CONFIG_REGISTRY_OVERRIDE_HF["aeon_vision"] = AeonVisionConfig\n',
            'tfc._CONFIG_REGISTRY_OVERRIDE_HF["aeon_vision"] = AeonVisionConfig',
        ),
    ),
    (
        "#22649 export and table removed",
        "twin: _CONFIG_REGISTRY kept",
        K(
            "#22649",
            ML,
            MLW,
            "vllm/aeon/ml3.py",
            "from transformers import PretrainedConfig\n\n" + TFC + "class AeonVisionConfig2(PretrainedConfig):\n"
            '    model_type = "aeon_vision2"\n\n\n'
            'tfc._CONFIG_REGISTRY["aeon_vision2"] = AeonVisionConfig2\n',
            'tfc._CONFIG_REGISTRY["aeon_vision2"] = AeonVisionConfig2',
        ),
    ),
]

# --- probes after the blind run (the blind record is the cases above): three more commits of the surface

# --- #23651 (379f828fba): _CONFIG_REGISTRY made a LazyConfigDict of class *names* (resolved by __getitem__
# through the configs package), and the config classes no longer imported into config.py
LZ = "379f828fba"
LZW = "_CONFIG_REGISTRY's values class -> name (LazyConfigDict); config classes no longer re-exported"
CASES += [
    (
        "#23651 table's values retyped",
        "a class registered into the table",
        K(
            "#23651",
            LZ,
            LZW,
            "vllm/aeon/lz1.py",
            "from transformers import PretrainedConfig\n\n" + TFC + "class AeonSparkConfig(PretrainedConfig):\n"
            '    model_type = "aeon_spark"\n\n\n'
            "# AEON: get_config builds the Spark's checkpoints with the fork's config class\n"
            'tfc._CONFIG_REGISTRY["aeon_spark"] = AeonSparkConfig\n',
            'tfc._CONFIG_REGISTRY["aeon_spark"] = AeonSparkConfig',
        ),
    ),
    (
        "#23651 table's values retyped",
        "a class attribute read off the table's values",
        K(
            "#23651",
            LZ,
            LZW,
            "vllm/aeon/lz2.py",
            "from vllm.transformers_utils.config import _CONFIG_REGISTRY\n\n\n"
            "def aeon_model_types() -> set[str]:\n"
            "    return {cls.model_type for cls in _CONFIG_REGISTRY.values()}\n",
            "return {cls.model_type for cls in _CONFIG_REGISTRY.values()}",
        ),
    ),
    (
        "#23651 table's values retyped",
        "a config class imported through config.py",
        K(
            "#23651",
            LZ,
            LZW,
            "vllm/aeon/lz3.py",
            "from vllm.transformers_utils.config import RWConfig\n\n\n"
            "def aeon_is_falcon(hf_config) -> bool:\n"
            "    return isinstance(hf_config, RWConfig)\n",
            "from vllm.transformers_utils.config import RWConfig",
        ),
    ),
    (
        "#23651 table's values retyped",
        "twin: a key read through __getitem__",
        K(
            "#23651",
            LZ,
            LZW,
            "vllm/aeon/lz4.py",
            TFC + 'def aeon_falcon_class():\n    return tfc._CONFIG_REGISTRY["RefinedWeb"]\n',
            'return tfc._CONFIG_REGISTRY["RefinedWeb"]',
        ),
    ),
]

# --- #37104 (ffbc2e5bdb): _maybe_patch_hf_hub_constants(config_format) -> _mistral_patch_hf_hub_constants()
MH = "ffbc2e5bdb"
MHW = "_maybe_patch_hf_hub_constants renamed _mistral_patch_hf_hub_constants, its parameter dropped"
CASES += [
    (
        "#37104 context manager renamed",
        "a with on the module attribute",
        K(
            "#37104",
            MH,
            MHW,
            "vllm/aeon/mh1.py",
            "from vllm.transformers_utils import model_arch_config_convertor as mac\n\n\n"
            "def aeon_mistral_dtype(model: str, config_format) -> object:\n"
            "    # AEON: the Spark reads a Mistral-format checkpoint's dtype with the hub constants patched\n"
            "    with mac._maybe_patch_hf_hub_constants(config_format):\n"
            "        return mac.get_safetensors_params_metadata(model)\n",
            "with mac._maybe_patch_hf_hub_constants(config_format):",
        ),
    ),
]

# --- #41734 (d8deb5b7ad): patch_rope_parameters_dict removed (patch_legacy_rope_type in its place)
RP = "d8deb5b7ad"
RPW = "patch_rope_parameters_dict removed"
CASES += [
    (
        "#41734 function removed",
        "an import",
        K(
            "#41734",
            RP,
            RPW,
            "vllm/aeon/rp1.py",
            "from vllm.transformers_utils.config import patch_rope_parameters_dict\n\n\n"
            "def aeon_patch(rope: dict) -> dict:\n"
            "    patch_rope_parameters_dict(rope)\n"
            "    return rope\n",
            "from vllm.transformers_utils.config import patch_rope_parameters_dict",
        ),
    ),
    (
        "#41734 function removed",
        "twin: patch_rope_parameters kept",
        K(
            "#41734",
            RP,
            RPW,
            "vllm/aeon/rp2.py",
            TFC + "def aeon_patch_config(hf_config) -> None:\n    tfc.patch_rope_parameters(hf_config)\n",
            "tfc.patch_rope_parameters(hf_config)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-tfconfig-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
