"""A blind replay of the bundled transformers config classes a Spark fork registers beside, subclasses and reads.

9 first-parent commits on ``vllm/transformers_utils/configs/`` -- the package a fork registers its own config
classes beside (the lazy ``__getattr__`` export table, the speculators ``SUPPORTED_SPECULATORS_TYPES``
registry), whose config classes it subclasses for its drafting and NVFP4 models (``NemotronHConfig``,
``Qwen3NextConfig``, ``AXK1Config``), whose ``model_type`` strings it registers with ``AutoConfig``, and whose
speculators updaters it wraps: ``AXK1Config.model_type`` changed from ``"AXK1"`` to ``"axk1"`` (#49727),
``NemotronHConfig.__init__`` given ``mtp_hybrid_override_pattern`` before ``num_attention_heads`` (#33726) and
a ``moe_latent_size`` it now assigns itself (#30203), ``update_dspark`` writing ``sample_from_anchor`` where
it wrote ``dspark_bonus_anchor`` (#48639), ``update_eagle3`` refusing a ``model_type`` other than llama or
qwen3 (#43132), ``peagle`` registered upstream with its speculative method mapped to ``eagle3`` (#41826),
``dspark`` registered upstream (#47093), the package's eager submodule imports replaced by a lazy
``__getattr__`` (#29716), and ``layer_type_validation`` no longer imported by the Qwen3-Next / Qwen3.5 config
modules (#37398) -- picked by scanning that path's diffs (``git log --first-parent -p``), avoiding the
commits every other replay uses (``blind_replay_tfconfig`` covers the removals and renames of this surface).
Each is replayed under 1-2 fork spellings (``AutoConfig.register`` under the old model_type, a subclass
comparing ``self.model_type`` with the old literal, a subclass's positional ``super().__init__`` and a
positional construction in a test, a subclass storing a field before ``super().__init__`` and a class-level
default the base's ``__init__`` now shadows, a subscript and a ``.get`` of a key the upstream updater no
longer writes, a fork updater and a test handing ``update_eagle3`` a refused ``model_type``, a comparison of
the returned method, the fork's own registration of a key upstream now registers -- decorator and subscript
store --, a submodule read off the package, an import and a module-attribute call of a dropped re-export),
with twins (the class attribute itself, keywords, a field stored after ``super().__init__``, the new key, an
accepted model_type, the new flag, the fork's own registry key, the class read off the package, the class
alone).  The merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an
error lands on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on
their line.

Blind, on the engine before any widening (main at f6e62e3f): 7 caught, 3 warned, 8 missed of 18 (twins: 9
quiet, 0 false errors).  Caught blind: #33726's positional ``super().__init__`` and positional construction
(symbol drift's signature check), #30203's field stored before ``super().__init__`` and class-level default
(shadowed-attribute drift), #37398's import and module-attribute call of the dropped re-export (symbol drift),
#49727's ``self.model_type == "AXK1"`` (symbol drift's stale-value test).  Warned blind: the fork's own
registrations of ``"peagle"`` and ``"dspark"`` (decorator and subscript store; duplicate-definition's
registrations, ``drift/registrations.py``).  The misses: #49727's ``AutoConfig.register("AXK1", AXK1Config)``,
#48639's two reads of ``dspark_bonus_anchor``, #43132's two calls handing ``update_eagle3`` a refused
``model_type``, #41826's comparison of the returned method with ``"peagle"``, and #29716's two submodules read off
the package.
After the killers232 widenings: 12 caught, 6 warned, 0 missed of 18 (twins: 9 quiet, 0 false errors).  Caught
now: #49727's registration (``drift/paired_values.py``, new: a literal paired with a class -- adjacent call
arguments, a dict entry, a subscript store -- equal to the old value of a string the class body declares; an
error for ``AutoConfig.register`` of a ``model_type``, whose registrar compares the two, a warning otherwise),
#48639's subscript read (``drift/stopped_arg_writes.py``, widened: a quoted key an upstream function stopped
writing into the dict handed to it, read by the fork after the call), #43132's two (``drift/refused_args.py``,
widened: a guard reading a key of a dict parameter through a local -- ``x = p.get("k", d)``, a display of
constants read as its keys -- and the fork's dict shown by a display or top-level ``d["k"] = constant`` stores),
#41826's comparison (``drift/rewritten_keys.py``, new: a key of a returned local dict rewritten from ``"old"``
to ``"new"`` before the return).  Warned now: #48639's ``.get`` with a default (stopped_arg_writes: the default
is the fork's answer for an absent key) and #29716's two (``drift/unbound_submodules.py``, new: a package whose
``__init__`` stopped importing from a submodule; a warning, as any earlier import of the submodule binds it).
Left: nothing missed; the registrations stay warnings (which write wins is the import order's) and so do the
unbound submodules and the ``.get``.

Regression set at the widenings' head: killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet),
blind_replay_tfconfig 24 caught of 24 (14 quiet, 1 of them warned: as main's engine gives today; its docstring's
2 warned predate this branch), blind_replay_modelcfg 14 caught, 8 warned, 2 missed of 24 (11 quiet),
blind_replay_punica 9 caught, 2 warned of 11 (7 quiet), blind_replay_runnerv2 21 caught, 1 warned of 22 (13
quiet), blind_replay_quantutils 20 caught, 2 warned of 22 (10 quiet, 1 warned), blind_replay_pstate 21 caught, 1
warned of 22 (11 quiet, 1 warned), review80_twins 12 caught, 2 warned of 14 (32 quiet, 5 warned),
review115_twins 11 of 11 (33 quiet): none lost a catch or gained a false error (killer_replay,
kind_change_replay, runnerv2 and modelcfg rerun after the last gate).  Unit tests: test_stopped_arg_keys 11,
test_refused_arg_keys 11, test_unbound_submodules 7, test_paired_values 10, test_rewritten_keys 8 (new);
test_stopped_arg_writes(+_functions, _shapes) + test_refused_args + test_fallback_dropped + sweep22 144 passed,
test_type_only_names + the parse-gate tests 39, test_lazy_patterns + test_fleet_profile passed.
Speed (drift_speed's 150-commit window, the thread's CPU, median of 3, this machine at load ~20):
unbound_submodule_drift 0.7 ms, paired_value_drift 0.05 ms, rewritten_key_drift 0.03 ms (new);
refused_arg_drift 94 ms against main's 93, stopped_arg_write_drift 249 ms against main's 225 (both checks'
cost on main is most of it; the widenings' walks run only where a key can be read).

  python benchmarks/blind_replay_tfconfigs.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

CFG = "vllm.transformers_utils.configs"
ALG = "vllm.transformers_utils.configs.speculators.algos"
NH = f"from {CFG}.nemotron_h import NemotronHConfig\n\n\n"

# --- #49727 (e222c33f2f): AXK1Config.model_type "AXK1" -> "axk1"
AX = "e222c33f2f"
AXW = 'AXK1Config.model_type changed from "AXK1" to "axk1"'
AXH = f"from transformers import AutoConfig\n\nfrom {CFG}.AXK1 import AXK1Config\n\n"
CASES += [
    (
        "#49727 class attribute value changed",
        "AutoConfig.register under the old model_type",
        K(
            "#49727",
            AX,
            AXW,
            "vllm/aeon/ax1.py",
            AXH + "\n"
            "def aeon_register_axk1() -> None:\n"
            "    # AEON: the Spark loads A.X-K1 checkpoints through AutoConfig\n"
            '    AutoConfig.register("AXK1", AXK1Config, exist_ok=True)\n',
            'AutoConfig.register("AXK1", AXK1Config, exist_ok=True)',
        ),
    ),
    (
        "#49727 class attribute value changed",
        "a subclass comparing its model_type with the old literal",
        K(
            "#49727",
            AX,
            AXW,
            "vllm/aeon/ax2.py",
            AXH + "\n"
            "class AeonAXK1Config(AXK1Config):\n"
            "    def aeon_uses_mtp(self) -> bool:\n"
            '        return self.model_type == "AXK1" and getattr(self, "num_nextn_predict_layers", 0) > 0\n',
            'return self.model_type == "AXK1" and getattr(self, "num_nextn_predict_layers", 0) > 0',
        ),
    ),
    (
        "#49727 class attribute value changed",
        "twin: the class attribute itself",
        K(
            "#49727",
            AX,
            AXW,
            "vllm/aeon/ax3.py",
            AXH + "\n"
            "def aeon_register_axk1_3() -> None:\n"
            "    AutoConfig.register(AXK1Config.model_type, AXK1Config, exist_ok=True)\n",
            "AutoConfig.register(AXK1Config.model_type, AXK1Config, exist_ok=True)",
        ),
    ),
]

# --- #33726 (f5972a872f): NemotronHConfig.__init__ gained mtp_hybrid_override_pattern after hybrid_override_pattern
MT = "f5972a872f"
MTW = "NemotronHConfig.__init__ gained mtp_hybrid_override_pattern before num_attention_heads"
CASES += [
    (
        "#33726 parameter inserted",
        "a subclass's positional super().__init__",
        K(
            "#33726",
            MT,
            MTW,
            "vllm/aeon/mt1.py",
            NH + "class AeonNemotronHConfig(NemotronHConfig):\n"
            "    def __init__(\n"
            "        self,\n"
            "        vocab_size=131072,\n"
            "        tie_word_embeddings=False,\n"
            "        hidden_size=4096,\n"
            "        intermediate_size=21504,\n"
            "        num_hidden_layers=52,\n"
            '        hybrid_override_pattern="M-M-M-M*-M-M-M-M-M*-M-M-M-M-M*-M-M-M-M-M*-M-M-M-M-M-",\n'
            "        num_attention_heads=32,\n"
            "        **kwargs,\n"
            "    ):\n"
            "        # AEON: the Spark's NVFP4 Nemotron-H keeps its own defaults\n"
            "        super().__init__(\n"
            "            vocab_size, tie_word_embeddings, hidden_size, intermediate_size,"
            " num_hidden_layers, hybrid_override_pattern, num_attention_heads, **kwargs\n"
            "        )\n",
            "super().__init__(",
        ),
    ),
    (
        "#33726 parameter inserted",
        "a positional construction of a tiny config",
        K(
            "#33726",
            MT,
            MTW,
            "tests/aeon/test_mt2.py",
            NH + "def test_aeon_tiny_nemotron_h():\n"
            '    cfg = NemotronHConfig(1024, False, 256, 512, 4, "M*M-", 4)\n'
            "    assert cfg.num_attention_heads == 4\n",
            'cfg = NemotronHConfig(1024, False, 256, 512, 4, "M*M-", 4)',
        ),
    ),
    (
        "#33726 parameter inserted",
        "twin: the same construction by keyword",
        K(
            "#33726",
            MT,
            MTW,
            "tests/aeon/test_mt3.py",
            NH + "def test_aeon_tiny_nemotron_h3():\n"
            "    cfg = NemotronHConfig(\n"
            "        vocab_size=1024, hidden_size=256, intermediate_size=512, num_hidden_layers=4,\n"
            '        hybrid_override_pattern="M*M-", num_attention_heads=4,\n'
            "    )\n"
            "    assert cfg.num_attention_heads == 4\n",
            "cfg = NemotronHConfig(",
        ),
    ),
]

# --- #30203 (fcd5306f65): NemotronHConfig.__init__ now assigns self.moe_latent_size (default None)
ML = "fcd5306f65"
MLW = "NemotronHConfig.__init__ gained moe_latent_size=None and assigns self.moe_latent_size"
CASES += [
    (
        "#30203 field the base's __init__ now assigns",
        "a subclass storing the field before super().__init__",
        K(
            "#30203",
            ML,
            MLW,
            "vllm/aeon/ml1.py",
            NH + "class AeonLatentNemotronHConfig(NemotronHConfig):\n"
            "    def __init__(self, moe_latent_size=None, **kwargs):\n"
            "        # AEON: the Spark's latent-MoE Nemotron-H projects experts to a smaller width\n"
            "        self.moe_latent_size = moe_latent_size\n"
            "        super().__init__(**kwargs)\n",
            "self.moe_latent_size = moe_latent_size",
        ),
    ),
    (
        "#30203 field the base's __init__ now assigns",
        "a subclass's class-level default",
        K(
            "#30203",
            ML,
            MLW,
            "vllm/aeon/ml2.py",
            NH + "class AeonLatentNemotronHConfig2(NemotronHConfig):\n"
            "    # AEON: every Spark Nemotron-H checkpoint is latent-MoE at 1024\n"
            "    moe_latent_size: int | None = 1024\n",
            "moe_latent_size: int | None = 1024",
        ),
    ),
    (
        "#30203 field the base's __init__ now assigns",
        "twin: the field stored after super().__init__",
        K(
            "#30203",
            ML,
            MLW,
            "vllm/aeon/ml3.py",
            NH + "class AeonLatentNemotronHConfig3(NemotronHConfig):\n"
            "    def __init__(self, aeon_latent_size=None, **kwargs):\n"
            "        super().__init__(**kwargs)\n"
            "        self.aeon_latent_size = aeon_latent_size\n",
            "self.aeon_latent_size = aeon_latent_size",
        ),
    ),
]

# --- #48639 (642076d26c): update_dspark no longer writes pre_trained_config["dspark_bonus_anchor"]
BA = "642076d26c"
BAW = 'update_dspark writes "sample_from_anchor" instead of "dspark_bonus_anchor"'
CASES += [
    (
        "#48639 key the upstream function writes removed",
        "a subscript read after calling the function",
        K(
            "#48639",
            BA,
            BAW,
            "vllm/aeon/ba1.py",
            f"from {ALG} import update_dspark\n\n\n"
            "def aeon_update_dspark(config_dict: dict, pre_trained_config: dict) -> None:\n"
            "    update_dspark(config_dict, pre_trained_config)\n"
            "    # AEON: the Spark drafts block_size - 1 tokens when the anchor is a bonus token\n"
            '    if pre_trained_config["dspark_bonus_anchor"]:\n'
            '        pre_trained_config["aeon_num_draft"] = config_dict["block_size"] - 1\n',
            'if pre_trained_config["dspark_bonus_anchor"]:',
        ),
    ),
    (
        "#48639 key the upstream function writes removed",
        "a .get of the key on the dict the function filled",
        K(
            "#48639",
            BA,
            BAW,
            "vllm/aeon/ba2.py",
            f"from {ALG} import update_dspark\n\n\n"
            "def aeon_dspark_bonus(config_dict: dict) -> bool:\n"
            "    pre_trained: dict = {}\n"
            "    update_dspark(config_dict, pre_trained)\n"
            '    return bool(pre_trained.get("dspark_bonus_anchor", False))\n',
            'return bool(pre_trained.get("dspark_bonus_anchor", False))',
        ),
    ),
    (
        "#48639 key the upstream function writes removed",
        "twin: the new key",
        K(
            "#48639",
            BA,
            BAW,
            "vllm/aeon/ba3.py",
            f"from {ALG} import update_dspark\n\n\n"
            "def aeon_dspark_anchor(config_dict: dict) -> bool:\n"
            "    pre_trained: dict = {}\n"
            "    update_dspark(config_dict, pre_trained)\n"
            '    return not pre_trained.get("sample_from_anchor", False)\n',
            'return not pre_trained.get("sample_from_anchor", False)',
        ),
    ),
]

# --- #43132 (89bd2c14d3): update_eagle3 now raises ValueError for a model_type other than llama/qwen3
EG = "89bd2c14d3"
EGW = "update_eagle3 raises ValueError unless pre_trained_config's model_type is llama or qwen3"
CASES += [
    (
        "#43132 guard added on an argument's value",
        "a fork updater delegating after setting its model_type",
        K(
            "#43132",
            EG,
            EGW,
            "vllm/aeon/eg1.py",
            f"from {ALG} import register_speculator, update_eagle3\n\n\n"
            '@register_speculator("aeon_eagle3_mla")\n'
            "def aeon_update_eagle3_mla(config_dict: dict, pre_trained_config: dict) -> None:\n"
            "    # AEON: the Spark's MLA drafter is an Eagle-3 head on a DeepSeek layer\n"
            '    pre_trained_config["model_type"] = "deepseek_v3"\n'
            "    update_eagle3(config_dict, pre_trained_config)\n",
            "update_eagle3(config_dict, pre_trained_config)",
        ),
    ),
    (
        "#43132 guard added on an argument's value",
        "a fork test handing a literal dict",
        K(
            "#43132",
            EG,
            EGW,
            "tests/aeon/test_eg2.py",
            f"from {ALG} import update_eagle3\n\n\n"
            "def test_aeon_eagle3_mistral_arch():\n"
            '    pre_trained = {"model_type": "mistral"}\n'
            '    update_eagle3({"draft_vocab_size": 32000}, pre_trained)\n'
            '    assert pre_trained["architectures"] == ["Eagle3LlamaForCausalLM"]\n',
            'update_eagle3({"draft_vocab_size": 32000}, pre_trained)',
        ),
    ),
    (
        "#43132 guard added on an argument's value",
        "twin: a model_type the guard accepts",
        K(
            "#43132",
            EG,
            EGW,
            "tests/aeon/test_eg3.py",
            f"from {ALG} import update_eagle3\n\n\n"
            "def test_aeon_eagle3_llama_arch():\n"
            '    pre_trained = {"model_type": "llama"}\n'
            '    update_eagle3({"draft_vocab_size": 32000}, pre_trained)\n'
            '    assert pre_trained["architectures"] == ["Eagle3LlamaForCausalLM"]\n',
            'update_eagle3({"draft_vocab_size": 32000}, pre_trained)',
        ),
    ),
]

# --- #41826 (6ccb10d794): peagle registered upstream; its speculative config's method is now "eagle3"
PE = "6ccb10d794"
PEW = 'register_speculator("peagle") upstream; build_vllm_speculative_config maps method "peagle" to "eagle3"'
CASES += [
    (
        "#41826 returned value changed",
        "a comparison of the returned method with the old value",
        K(
            "#41826",
            PE,
            PEW,
            "vllm/aeon/pe1.py",
            f"from {CFG}.speculators.base import SpeculatorsConfig\n\n\n"
            "def aeon_is_parallel_draft(config_dict: dict) -> bool:\n"
            "    spec = SpeculatorsConfig.build_vllm_speculative_config(config_dict=config_dict)\n"
            "    # AEON: the Spark runs P-EAGLE drafts in one pass\n"
            '    return spec["method"] == "peagle"\n',
            'return spec["method"] == "peagle"',
        ),
    ),
    (
        "#41826 registry key now registered upstream",
        "the fork's own registration of the same key",
        K(
            "#41826",
            PE,
            PEW,
            "vllm/aeon/pe2.py",
            f"from {ALG} import register_speculator\n\n\n"
            '@register_speculator("peagle")\n'
            "def aeon_update_peagle(config_dict: dict, pre_trained_config: dict) -> None:\n"
            '    pre_trained_config["architectures"] = ["PeagleLlamaForCausalLM"]\n'
            '    pre_trained_config["pard_token"] = config_dict["mask_token_id"]\n',
            '@register_speculator("peagle")',
        ),
    ),
    (
        "#41826 returned value changed",
        "twin: the flag the new config carries",
        K(
            "#41826",
            PE,
            PEW,
            "vllm/aeon/pe3.py",
            f"from {CFG}.speculators.base import SpeculatorsConfig\n\n\n"
            "def aeon_is_parallel_draft3(config_dict: dict) -> bool:\n"
            "    spec = SpeculatorsConfig.build_vllm_speculative_config(config_dict=config_dict)\n"
            '    return bool(spec.get("parallel_drafting", False))\n',
            'return bool(spec.get("parallel_drafting", False))',
        ),
    ),
]

# --- #47093 (2b753ad200): register_speculator("dspark") upstream
DS = "2b753ad200"
DSW = 'register_speculator("dspark"): SUPPORTED_SPECULATORS_TYPES gained "dspark"'
CASES += [
    (
        "#47093 registry key now registered upstream",
        "the fork's decorator on the same key",
        K(
            "#47093",
            DS,
            DSW,
            "vllm/aeon/ds1.py",
            f"from {ALG} import register_speculator\n\n\n"
            "# AEON: the Spark's DSpark drafters predate upstream's loader\n"
            '@register_speculator("dspark")\n'
            "def aeon_update_dspark(config_dict: dict, pre_trained_config: dict) -> None:\n"
            '    pre_trained_config["architectures"] = ["AeonDSparkModel"]\n'
            '    pre_trained_config["mask_token_id"] = config_dict["mask_token_id"]\n',
            '@register_speculator("dspark")',
        ),
    ),
    (
        "#47093 registry key now registered upstream",
        "a subscript store into the table",
        K(
            "#47093",
            DS,
            DSW,
            "vllm/aeon/ds2.py",
            f"from {ALG} import SUPPORTED_SPECULATORS_TYPES\n\n\n"
            "def aeon_update_dspark2(config_dict: dict, pre_trained_config: dict) -> None:\n"
            '    pre_trained_config["architectures"] = ["AeonDSparkModel"]\n\n\n'
            'SUPPORTED_SPECULATORS_TYPES["dspark"] = aeon_update_dspark2\n',
            'SUPPORTED_SPECULATORS_TYPES["dspark"] = aeon_update_dspark2',
        ),
    ),
    (
        "#47093 registry key now registered upstream",
        "twin: the fork's own key",
        K(
            "#47093",
            DS,
            DSW,
            "vllm/aeon/ds3.py",
            f"from {ALG} import register_speculator\n\n\n"
            '@register_speculator("aeon_dspark")\n'
            "def aeon_update_dspark3(config_dict: dict, pre_trained_config: dict) -> None:\n"
            '    pre_trained_config["architectures"] = ["AeonDSparkModel"]\n',
            '@register_speculator("aeon_dspark")',
        ),
    ),
]

# --- #29716 (a49d813fa8): the configs package imports its modules lazily (submodules no longer bound)
LZ = "a49d813fa8"
LZW = "vllm.transformers_utils.configs: eager submodule imports replaced by a lazy __getattr__"
CASES += [
    (
        "#29716 package attribute no longer bound",
        "a submodule read off the package",
        K(
            "#29716",
            LZ,
            LZW,
            "vllm/aeon/lz1.py",
            "from vllm.transformers_utils import configs\n\n"
            "# AEON: the Spark's drafter configs subclass upstream's EAGLE config\n"
            "_AEON_EAGLE_BASE = configs.eagle.EAGLEConfig\n",
            "_AEON_EAGLE_BASE = configs.eagle.EAGLEConfig",
        ),
    ),
    (
        "#29716 package attribute no longer bound",
        "a submodule read off an aliased package import",
        K(
            "#29716",
            LZ,
            LZW,
            "vllm/aeon/lz2.py",
            "import vllm.transformers_utils.configs as hf_configs\n\n\n"
            "def aeon_nemotron_h_type() -> str:\n"
            "    return hf_configs.nemotron_h.NemotronHConfig.model_type\n",
            "return hf_configs.nemotron_h.NemotronHConfig.model_type",
        ),
    ),
    (
        "#29716 package attribute no longer bound",
        "twin: the class read off the package",
        K(
            "#29716",
            LZ,
            LZW,
            "vllm/aeon/lz3.py",
            "from vllm.transformers_utils import configs\n\n_AEON_EAGLE_BASE3 = configs.EAGLEConfig\n",
            "_AEON_EAGLE_BASE3 = configs.EAGLEConfig",
        ),
    ),
]

# --- #37398 (5ce2d10e4a): qwen3_next / qwen3_5 no longer import layer_type_validation at module level
LT = "5ce2d10e4a"
LTW = "layer_type_validation no longer imported by vllm.transformers_utils.configs.qwen3_next (v4-only, in __init__)"
CASES += [
    (
        "#37398 re-export dropped",
        "an import of the helper through the config module",
        K(
            "#37398",
            LT,
            LTW,
            "vllm/aeon/lt1.py",
            f"from {CFG}.qwen3_next import Qwen3NextConfig, layer_type_validation\n\n\n"
            "class AeonQwen3NextConfig(Qwen3NextConfig):\n"
            "    def __init__(self, **kwargs):\n"
            "        super().__init__(**kwargs)\n"
            "        # AEON: the Spark's pruned Qwen3-Next drops every fourth full-attention layer\n"
            "        layer_type_validation(self.layer_types)\n",
            f"from {CFG}.qwen3_next import Qwen3NextConfig, layer_type_validation",
        ),
    ),
    (
        "#37398 re-export dropped",
        "a module attribute call",
        K(
            "#37398",
            LT,
            LTW,
            "vllm/aeon/lt2.py",
            f"from {CFG} import qwen3_5\n\n\n"
            "def aeon_check_layers(layer_types: list[str], n: int) -> None:\n"
            "    qwen3_5.layer_type_validation(layer_types, n)\n",
            "qwen3_5.layer_type_validation(layer_types, n)",
        ),
    ),
    (
        "#37398 re-export dropped",
        "twin: the class alone",
        K(
            "#37398",
            LT,
            LTW,
            "vllm/aeon/lt3.py",
            f"from {CFG}.qwen3_next import Qwen3NextConfig\n\n\n"
            "class AeonQwen3NextConfig3(Qwen3NextConfig):\n"
            "    aeon_pruned = True\n",
            "aeon_pruned = True",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-tfconfigs-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
