"""Adversarial twins of the tfconfig landing: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the landed classes catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a module's table whose values upstream made names (``drift/named_entries.py``; #23651 made
  ``config._CONFIG_REGISTRY`` a ``LazyConfigDict`` of class names): a name written in through a fork helper's
  ``str`` parameter, a loop over the fork's own table of names, a local bound to a string, a class's
  ``__name__``, a string constant imported from a fork module, an object written only on the branch a test
  of the resolver's presence leaves for older upstreams, the fork's own table of the name in a fork module;
  a walk of ``.values()`` that resolves a name before reading the class, or reads it under ``hasattr`` or
  ``isinstance`` or a ``try``/``except AttributeError``, a string's own method, a walk of a dict the fork
  resolved through ``T[key]``;
- a ``getattr`` with a default probing the module whose file deleted the name, a warning (``drift/names.py``;
  #49803 deleted ``config.is_interleaved``, #32688 ``_custom_ops.gptq_marlin_24_gemm``): a config
  object's attribute of the same name, a ``hasattr`` guard, an import under ``try``/``except ImportError``,
  the fork's own function of the name;
- a lockstep-left-behind ``__init__`` taking ``**kwargs``, a warning (``drift/symbols.py``; #51446 gave the
  arch-config convertors ``revision``, which ``ModelConfig`` passes by keyword): an override taking the new
  parameter (positional or keyword-only), one taking ``*args, **kwargs``, a fork convertor the fork
  constructs itself and never registers.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of the
same commits, kept to show the reach stays.

Main's engine (07405d57), round 1 (5 cases, 24 twins): 4 caught, 1 warned of 5 (#38029's override taking
``**kwargs`` warned, by the landing's design: the tools are passed by position, a TypeError); 13 false errors
of 24: the named entries' write of a name through a fork helper's ``str`` parameter, a loop over the fork's own
table of names, a local bound to a string, a class's ``__name__``, a string constant imported from a fork
module (5), an object written only on the branch of a test of the resolver's presence or of the table's kind
(2), its walk resolving the name first, reading under ``hasattr``, under ``isinstance``, under ``try``/``except
AttributeError`` (4); name drift's ``getattr(hf_config, "is_interleaved", False)`` on a config object (1, as
before the landing); the lockstep constructor on a convertor the fork constructs itself and never registers
(1, as before the landing).  2 warnings on twins (the ``hasattr`` and ``getattr`` probes of the modules).
Round 2 (this branch): named entries quiet for a value that holds a string (a ``str`` parameter, a local, a
loop's target over a table of strings, ``__name__``, a string constant imported from a module of the tree), a
write in a branch of a test telling the table's shapes apart, a walk testing or rebinding the value or reading
it under ``except AttributeError``; a lockstep ``__init__`` of a class the fork constructs itself and hands
nowhere quiet; a ``getattr`` default that reads a value where the deleted name was only a function a warning;
a ``**kwargs`` override left behind an error again where no upstream line passes the parameter by keyword
(#38029's ``tool_parser_cls(tokenizer, request.tools)``), a warning where one does (#51446).  Round 3 (more
spellings): an entry's raw name copied through ``get`` (dict's own read, which the resolver does not
define), a walk handing each name to the package, a table alias, an entry of the fork's table of names, a
call of a function annotated ``-> str``, a fork test's fake convertor built directly (twins); a resolved entry
copied back, a class through a table alias, a convertor the fork both builds and registers (cases).
All rounds, main (07405d57): 7 caught, 1 warned of 8; 17 false errors of 30 twins (the 13 above, the raw
``get``, the entry of the fork's table of names, the ``-> str`` call, the fork test's fake convertor).
This branch: 8 caught of 8; 0 false errors of 30 (3 warned: the ``hasattr`` and ``getattr`` probes of the
modules, the config's ``is_interleaved`` read with a ``False`` default).

  PYTHONPATH=.. python review45_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

TFC = "from vllm.transformers_utils import config as tfc\n\n\n"
PC = "from transformers import PretrainedConfig\n\n"

# --- 379f828fba (#23651): _CONFIG_REGISTRY {"chatglm": ChatGLMConfig, ...} -> LazyConfigDict(chatglm="ChatGLMConfig")
LZ = ("#23651", "379f828fba", "_CONFIG_REGISTRY's values class -> class name (LazyConfigDict.__getitem__ resolves)")
CASES += [
    (
        "#23651 table's values made names",
        "a class written through a fork helper's parameter annotated as a class",
        K(
            *LZ,
            "vllm/aeon/r45lz0.py",
            PC + TFC + "def aeon_register(model_type: str, config_cls: type[PretrainedConfig]) -> None:\n"
            "    tfc._CONFIG_REGISTRY[model_type] = config_cls\n",
            "    tfc._CONFIG_REGISTRY[model_type] = config_cls",
        ),
    ),
    (
        "#23651 table's values made names",
        "a class's attribute read off the walked items",
        K(
            *LZ,
            "vllm/aeon/r45lz1.py",
            "from vllm.transformers_utils.config import _CONFIG_REGISTRY\n\n\n"
            "def aeon_config_classes() -> dict[str, str]:\n"
            "    return {model_type: cls.__module__ for model_type, cls in _CONFIG_REGISTRY.items()}\n",
            "    return {model_type: cls.__module__ for model_type, cls in _CONFIG_REGISTRY.items()}",
        ),
    ),
]
TWINS += [
    (
        "#23651 table's values made names",
        "twin: a name written through a fork helper's str parameter",
        K(
            *LZ,
            "vllm/aeon/r45lz2.py",
            TFC + "def aeon_register(model_type: str, class_name: str) -> None:\n"
            "    # AEON: the Spark's configs live in the configs package, registered by name\n"
            "    tfc._CONFIG_REGISTRY[model_type] = class_name\n",
            "    tfc._CONFIG_REGISTRY[model_type] = class_name",
        ),
    ),
    (
        "#23651 table's values made names",
        "twin: a loop over the fork's own table of names",
        K(
            *LZ,
            "vllm/aeon/r45lz3.py",
            TFC + '_AEON_CONFIGS = {"aeon_spark": "AeonSparkConfig", "aeon_spark_vl": "AeonSparkVLConfig"}\n\n'
            "for _model_type, _class_name in _AEON_CONFIGS.items():\n"
            "    tfc._CONFIG_REGISTRY[_model_type] = _class_name\n",
            "    tfc._CONFIG_REGISTRY[_model_type] = _class_name",
        ),
    ),
    (
        "#23651 table's values made names",
        "twin: a local bound to a string",
        K(
            *LZ,
            "vllm/aeon/r45lz4.py",
            TFC + "def aeon_register_spark(vision: bool) -> None:\n"
            '    class_name = "AeonSparkVLConfig" if vision else "AeonSparkConfig"\n'
            '    tfc._CONFIG_REGISTRY["aeon_spark"] = class_name\n',
            '    tfc._CONFIG_REGISTRY["aeon_spark"] = class_name',
        ),
    ),
    (
        "#23651 table's values made names",
        "twin: a class's __name__",
        K(
            *LZ,
            "vllm/aeon/r45lz5.py",
            PC + TFC + "class AeonSparkConfig(PretrainedConfig):\n"
            '    model_type = "aeon_spark"\n\n\n'
            "# AEON: the configs package re-exports AeonSparkConfig; the table takes its name\n"
            "tfc._CONFIG_REGISTRY[AeonSparkConfig.model_type] = AeonSparkConfig.__name__\n",
            "tfc._CONFIG_REGISTRY[AeonSparkConfig.model_type] = AeonSparkConfig.__name__",
        ),
    ),
    (
        "#23651 table's values made names",
        "twin: a string constant imported from a fork module",
        Killer(
            *LZ,
            (
                Edit(
                    "vllm/aeon/r45names.py",
                    '"""The Spark\'s config names."""\n\nAEON_SPARK_CONFIG = "AeonSparkConfig"\n',
                ),
                Edit(
                    "vllm/aeon/r45lz6.py",
                    "from vllm.aeon.r45names import AEON_SPARK_CONFIG\n"
                    + TFC
                    + 'tfc._CONFIG_REGISTRY["aeon_spark"] = AEON_SPARK_CONFIG\n',
                ),
            ),
            (("vllm/aeon/r45lz6.py", 'tfc._CONFIG_REGISTRY["aeon_spark"] = AEON_SPARK_CONFIG'),),
        ),
    ),
    (
        "#23651 table's values made names",
        "twin: the class written only where the resolver is absent (older upstreams)",
        K(
            *LZ,
            "vllm/aeon/r45lz7.py",
            PC + TFC + "class AeonSparkConfig(PretrainedConfig):\n"
            '    model_type = "aeon_spark"\n\n\n'
            'if hasattr(tfc, "LazyConfigDict"):\n'
            '    tfc._CONFIG_REGISTRY["aeon_spark"] = "AeonSparkConfig"\n'
            "else:  # AEON: before #23651 the table held the classes\n"
            '    tfc._CONFIG_REGISTRY["aeon_spark"] = AeonSparkConfig\n',
            '    tfc._CONFIG_REGISTRY["aeon_spark"] = AeonSparkConfig',
        ),
    ),
    (
        "#23651 table's values made names",
        "twin: the class written only when the table is a plain dict",
        K(
            *LZ,
            "vllm/aeon/r45lz8.py",
            PC + TFC + "class AeonSparkConfig(PretrainedConfig):\n"
            '    model_type = "aeon_spark"\n\n\n'
            "if type(tfc._CONFIG_REGISTRY) is dict:\n"
            '    tfc._CONFIG_REGISTRY["aeon_spark"] = AeonSparkConfig\n'
            "else:\n"
            '    tfc._CONFIG_REGISTRY["aeon_spark"] = "AeonSparkConfig"\n',
            '    tfc._CONFIG_REGISTRY["aeon_spark"] = AeonSparkConfig',
        ),
    ),
    (
        "#23651 table's values made names",
        "twin: the fork's own table of the name in a fork module",
        Killer(
            *LZ,
            (
                Edit(
                    "vllm/aeon/r45registry.py",
                    "from transformers import PretrainedConfig\n\n"
                    "# AEON: the Spark's own config classes, looked up before upstream's table\n"
                    "_CONFIG_REGISTRY: dict[str, type[PretrainedConfig]] = {}\n",
                ),
                Edit(
                    "vllm/aeon/r45lz9.py",
                    PC + "from vllm.aeon import r45registry\n\n\n"
                    "class AeonSparkConfig(PretrainedConfig):\n"
                    '    model_type = "aeon_spark"\n\n\n'
                    'r45registry._CONFIG_REGISTRY["aeon_spark"] = AeonSparkConfig\n',
                ),
            ),
            (("vllm/aeon/r45lz9.py", 'r45registry._CONFIG_REGISTRY["aeon_spark"] = AeonSparkConfig'),),
        ),
    ),
    (
        "#23651 table's values made names",
        "twin: a walk resolving the name before reading the class",
        K(
            *LZ,
            "vllm/aeon/r45lz10.py",
            "from vllm.transformers_utils import configs\n"
            "from vllm.transformers_utils.config import _CONFIG_REGISTRY\n\n\n"
            "def aeon_model_types() -> set[str]:\n"
            "    types = set()\n"
            "    for cls in _CONFIG_REGISTRY.values():\n"
            "        if isinstance(cls, str):  # AEON: names since #23651\n"
            "            cls = getattr(configs, cls)\n"
            "        types.add(cls.model_type)\n"
            "    return types\n",
            "        types.add(cls.model_type)",
        ),
    ),
    (
        "#23651 table's values made names",
        "twin: a walk reading the class under hasattr",
        K(
            *LZ,
            "vllm/aeon/r45lz11.py",
            "from vllm.transformers_utils.config import _CONFIG_REGISTRY\n\n\n"
            "def aeon_model_types() -> list[str]:\n"
            '    return [cls.model_type for cls in _CONFIG_REGISTRY.values() if hasattr(cls, "model_type")]\n',
            '    return [cls.model_type for cls in _CONFIG_REGISTRY.values() if hasattr(cls, "model_type")]',
        ),
    ),
    (
        "#23651 table's values made names",
        "twin: a walk reading the class only when it is not a str",
        K(
            *LZ,
            "vllm/aeon/r45lz12.py",
            "from vllm.transformers_utils.config import _CONFIG_REGISTRY\n\n\n"
            "def aeon_class_names() -> list[str]:\n"
            "    return [v if isinstance(v, str) else v.__name__ for v in _CONFIG_REGISTRY.values()]\n",
            "    return [v if isinstance(v, str) else v.__name__ for v in _CONFIG_REGISTRY.values()]",
        ),
    ),
    (
        "#23651 table's values made names",
        "twin: a walk reading the class under try/except AttributeError",
        K(
            *LZ,
            "vllm/aeon/r45lz13.py",
            "from vllm.transformers_utils.config import _CONFIG_REGISTRY\n\n\n"
            "def aeon_model_types() -> dict[str, str]:\n"
            "    found = {}\n"
            "    for key, cls in _CONFIG_REGISTRY.items():\n"
            "        try:\n"
            "            found[key] = cls.model_type\n"
            "        except AttributeError:  # AEON: a name since #23651; the lookup resolves it\n"
            "            found[key] = _CONFIG_REGISTRY[key].model_type\n"
            "    return found\n",
            "            found[key] = cls.model_type",
        ),
    ),
    (
        "#23651 table's values made names",
        "twin: a walk of the names with a string's own methods",
        K(
            *LZ,
            "vllm/aeon/r45lz14.py",
            "from vllm.transformers_utils.config import _CONFIG_REGISTRY\n\n\n"
            "def aeon_short_names() -> set[str]:\n"
            '    return {name.removesuffix("Config").lower() for name in _CONFIG_REGISTRY.values()}\n',
            '    return {name.removesuffix("Config").lower() for name in _CONFIG_REGISTRY.values()}',
        ),
    ),
    (
        "#23651 table's values made names",
        "twin: a walk of a dict the fork resolved through the lookup",
        K(
            *LZ,
            "vllm/aeon/r45lz15.py",
            TFC + "def aeon_model_types() -> set[str]:\n"
            "    resolved = {key: tfc._CONFIG_REGISTRY[key] for key in tfc._CONFIG_REGISTRY}\n"
            "    return {cls.model_type for cls in resolved.values()}\n",
            "    return {cls.model_type for cls in resolved.values()}",
        ),
    ),
    (
        "#23651 table's values made names",
        "twin: an object written into a table of the module whose values stayed",
        K(
            *LZ,
            "vllm/aeon/r45lz16.py",
            TFC + '# AEON: the Spark\'s checkpoints spell the layer count "n_layers"\n'
            'tfc._AUTO_CONFIG_KWARGS_OVERRIDES["aeon_spark"] = {"num_hidden_layers": 48}\n',
            'tfc._AUTO_CONFIG_KWARGS_OVERRIDES["aeon_spark"] = {"num_hidden_layers": 48}',
        ),
    ),
]

# round 3: an entry's raw name copied through dict.get (the resolver overrides only __getitem__), a walk that
# hands each name to the resolver, a table alias bound once, and a fork test's fake convertor built directly
TWINS += [
    (
        "#23651 table's values made names",
        "twin: an entry's raw name copied through get",
        K(
            *LZ,
            "vllm/aeon/r45lz17.py",
            TFC + "# AEON: the Spark's GLM variant loads with ChatGLM's config class\n"
            'tfc._CONFIG_REGISTRY["aeon_glm"] = tfc._CONFIG_REGISTRY.get("chatglm", "ChatGLMConfig")\n',
            'tfc._CONFIG_REGISTRY["aeon_glm"] = tfc._CONFIG_REGISTRY.get("chatglm", "ChatGLMConfig")',
        ),
    ),
    (
        "#23651 table's values made names",
        "twin: a walk handing each name to the configs package",
        K(
            *LZ,
            "vllm/aeon/r45lz18.py",
            "from vllm.transformers_utils import configs\n"
            "from vllm.transformers_utils.config import _CONFIG_REGISTRY\n\n\n"
            "def aeon_model_types() -> set[str]:\n"
            "    return {getattr(configs, name).model_type for name in _CONFIG_REGISTRY.values()}\n",
            "    return {getattr(configs, name).model_type for name in _CONFIG_REGISTRY.values()}",
        ),
    ),
    (
        "#23651 table's values made names",
        "twin: a name written through a local alias of the table",
        K(
            *LZ,
            "vllm/aeon/r45lz19.py",
            TFC + "def aeon_register() -> None:\n"
            "    registry = tfc._CONFIG_REGISTRY\n"
            '    registry["aeon_spark"] = "AeonSparkConfig"\n',
            '    registry["aeon_spark"] = "AeonSparkConfig"',
        ),
    ),
]
TWINS += [
    (
        "#23651 table's values made names",
        "twin: an entry of the fork's own table of names",
        K(
            *LZ,
            "vllm/aeon/r45lz22.py",
            TFC + '_AEON_CONFIGS = {"aeon_spark": "AeonSparkConfig", "aeon_spark_vl": "AeonSparkVLConfig"}\n\n\n'
            "def aeon_register(model_type: str) -> None:\n"
            "    tfc._CONFIG_REGISTRY[model_type] = _AEON_CONFIGS[model_type]\n",
            "    tfc._CONFIG_REGISTRY[model_type] = _AEON_CONFIGS[model_type]",
        ),
    ),
    (
        "#23651 table's values made names",
        "twin: a call of the fork's function annotated to return a str",
        K(
            *LZ,
            "vllm/aeon/r45lz23.py",
            TFC + "def _aeon_class_name(vision: bool) -> str:\n"
            '    return "AeonSparkVLConfig" if vision else "AeonSparkConfig"\n\n\n'
            'tfc._CONFIG_REGISTRY["aeon_spark"] = _aeon_class_name(vision=False)\n',
            'tfc._CONFIG_REGISTRY["aeon_spark"] = _aeon_class_name(vision=False)',
        ),
    ),
]
CASES += [
    (
        "#23651 table's values made names",
        "an entry's class copied through the lookup, written back",
        K(
            *LZ,
            "vllm/aeon/r45lz20.py",
            TFC + 'tfc._CONFIG_REGISTRY["aeon_glm"] = tfc._CONFIG_REGISTRY["chatglm"]\n',
            'tfc._CONFIG_REGISTRY["aeon_glm"] = tfc._CONFIG_REGISTRY["chatglm"]',
        ),
    ),
    (
        "#23651 table's values made names",
        "a class written through a local alias of the table",
        K(
            *LZ,
            "vllm/aeon/r45lz21.py",
            PC + TFC + "class AeonSparkConfig(PretrainedConfig):\n"
            '    model_type = "aeon_spark"\n\n\n'
            "def aeon_register() -> None:\n"
            "    registry = tfc._CONFIG_REGISTRY\n"
            '    registry["aeon_spark"] = AeonSparkConfig\n',
            '    registry["aeon_spark"] = AeonSparkConfig',
        ),
    ),
]

# --- 26d725c334 (#49803): transformers_utils.config.is_interleaved removed
IL = ("#49803", "26d725c334", "is_interleaved removed")
CASES += [
    (
        "#49803 function removed",
        "getattr without a default",
        K(
            *IL,
            "vllm/aeon/r45il0.py",
            TFC + 'def aeon_sliding(hf_config) -> bool:\n    return bool(getattr(tfc, "is_interleaved")(hf_config))\n',
            '    return bool(getattr(tfc, "is_interleaved")(hf_config))',
        ),
    ),
]
TWINS += [
    (
        "#49803 function removed",
        "twin: a config object's attribute of the same name",
        K(
            *IL,
            "vllm/aeon/r45il1.py",
            "def aeon_sliding(hf_config) -> bool:\n"
            "    # AEON: the Spark's checkpoints flag mixed sliding-window layers in their config\n"
            '    return bool(getattr(hf_config, "is_interleaved", False))\n',
            '    return bool(getattr(hf_config, "is_interleaved", False))',
        ),
    ),
    (
        "#49803 function removed",
        "twin: the call under a hasattr guard",
        K(
            *IL,
            "vllm/aeon/r45il2.py",
            TFC + "def aeon_sliding(hf_config) -> bool:\n"
            '    if hasattr(tfc, "is_interleaved"):\n'
            "        return tfc.is_interleaved(hf_config)\n"
            '    return "sliding_attention" in (getattr(hf_config, "layer_types", None) or [])\n',
            "        return tfc.is_interleaved(hf_config)",
        ),
    ),
    (
        "#49803 function removed",
        "twin: an import under try/except ImportError",
        K(
            *IL,
            "vllm/aeon/r45il3.py",
            "try:\n"
            "    from vllm.transformers_utils.config import is_interleaved\n"
            "except ImportError:  # AEON: removed by #49803\n"
            "    def is_interleaved(config) -> bool:  # type: ignore[misc]\n"
            '        return "sliding_attention" in (getattr(config, "layer_types", None) or [])\n',
            "    from vllm.transformers_utils.config import is_interleaved",
        ),
    ),
    (
        "#49803 function removed",
        "twin: the fork's own function of the name",
        K(
            *IL,
            "vllm/aeon/r45il4.py",
            "def is_interleaved(config) -> bool:\n"
            '    return "sliding_attention" in (getattr(config, "layer_types", None) or [])\n\n\n'
            "def aeon_sliding(hf_config) -> bool:\n"
            "    return is_interleaved(hf_config)\n",
            "    return is_interleaved(hf_config)",
        ),
    ),
]

# --- af9b69f977 (#32688): Marlin 24 removed -- _custom_ops.gptq_marlin_24_gemm gone
M24 = ("#32688", "af9b69f977", "gptq_marlin_24_gemm deleted")
TWINS += [
    (
        "#32688 op wrapper deleted",
        "twin: getattr with a default, the fallback taken when absent",
        K(
            *M24,
            "vllm/aeon/r45m1.py",
            "from vllm import _custom_ops as ops\n\n\n"
            "def aeon_marlin24_gemm():\n"
            '    return getattr(ops, "gptq_marlin_24_gemm", None)\n',
            '    return getattr(ops, "gptq_marlin_24_gemm", None)',
        ),
    ),
]

# --- 90fd4a333f (#51446): ModelArchConfigConvertorBase.__init__ given revision=, passed by ModelConfig by keyword
RV = ("#51446", "90fd4a333f", "convertor_cls(hf_config, hf_text_config, revision=...)")
CONV = (
    "from transformers import PretrainedConfig\n\n"
    "from vllm.transformers_utils.model_arch_config_convertor import (\n"
    "    MODEL_ARCH_CONFIG_CONVERTORS,\n"
    "    ModelArchConfigConvertorBase,\n"
    ")\n\n\n"
)
CASES += [
    (
        "#51446 keyword the caller passes",
        "a registered convertor's __init__ with a keyword of its own",
        K(
            *RV,
            "vllm/aeon/r45rv0.py",
            CONV + "class AeonSparkConvertor(ModelArchConfigConvertorBase):\n"
            "    def __init__(self, hf_config: PretrainedConfig, hf_text_config: PretrainedConfig, head_size: int = 0):\n"
            "        super().__init__(hf_config, hf_text_config)\n"
            "        self.aeon_head_size = head_size\n\n\n"
            'MODEL_ARCH_CONFIG_CONVERTORS["aeon_spark"] = AeonSparkConvertor\n',
            "    def __init__(self, hf_config: PretrainedConfig, hf_text_config: PretrainedConfig, head_size: int = 0):",
        ),
    ),
]
CASES += [
    (
        "#51446 keyword the caller passes",
        "a convertor the fork constructs itself and also registers",
        K(
            *RV,
            "vllm/aeon/r45rv5.py",
            CONV + "class AeonProbeConvertor(ModelArchConfigConvertorBase):\n"
            "    def __init__(self, hf_config: PretrainedConfig, hf_text_config: PretrainedConfig):\n"
            "        super().__init__(hf_config, hf_text_config)\n\n\n"
            "def aeon_head_size(hf_config: PretrainedConfig) -> int:\n"
            "    return AeonProbeConvertor(hf_config, hf_config.get_text_config()).get_head_size()\n\n\n"
            'MODEL_ARCH_CONFIG_CONVERTORS["aeon_probe"] = AeonProbeConvertor\n',
            "    def __init__(self, hf_config: PretrainedConfig, hf_text_config: PretrainedConfig):",
        ),
    ),
]
TWINS += [
    (
        "#51446 keyword the caller passes",
        "twin: an override taking revision and handing it on",
        K(
            *RV,
            "vllm/aeon/r45rv1.py",
            CONV + "class AeonSparkConvertor(ModelArchConfigConvertorBase):\n"
            "    def __init__(\n"
            "        self, hf_config: PretrainedConfig, hf_text_config: PretrainedConfig, revision: str | None = None\n"
            "    ):\n"
            "        super().__init__(hf_config, hf_text_config, revision)\n"
            '        self.aeon_head_size = getattr(hf_text_config, "aeon_head_size", None)\n\n\n'
            'MODEL_ARCH_CONFIG_CONVERTORS["aeon_spark"] = AeonSparkConvertor\n',
            "        self, hf_config: PretrainedConfig, hf_text_config: PretrainedConfig, revision: str | None = None",
        ),
    ),
    (
        "#51446 keyword the caller passes",
        "twin: an override taking revision keyword-only",
        K(
            *RV,
            "vllm/aeon/r45rv2.py",
            CONV + "class AeonSparkConvertor(ModelArchConfigConvertorBase):\n"
            "    def __init__(self, hf_config: PretrainedConfig, hf_text_config: PretrainedConfig, *, revision=None):\n"
            "        super().__init__(hf_config, hf_text_config, revision=revision)\n\n\n"
            'MODEL_ARCH_CONFIG_CONVERTORS["aeon_spark"] = AeonSparkConvertor\n',
            "    def __init__(self, hf_config: PretrainedConfig, hf_text_config: PretrainedConfig, *, revision=None):",
        ),
    ),
    (
        "#51446 keyword the caller passes",
        "twin: an override taking *args, **kwargs",
        K(
            *RV,
            "vllm/aeon/r45rv3.py",
            CONV + "class AeonSparkConvertor(ModelArchConfigConvertorBase):\n"
            "    def __init__(self, *args, **kwargs):\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.aeon_checked = False\n\n\n"
            'MODEL_ARCH_CONFIG_CONVERTORS["aeon_spark"] = AeonSparkConvertor\n',
            "    def __init__(self, *args, **kwargs):",
        ),
    ),
    (
        "#51446 keyword the caller passes",
        "twin: a convertor the fork constructs itself and never registers",
        K(
            *RV,
            "vllm/aeon/r45rv4.py",
            CONV + "class AeonProbeConvertor(ModelArchConfigConvertorBase):\n"
            "    def __init__(self, hf_config: PretrainedConfig, hf_text_config: PretrainedConfig):\n"
            "        super().__init__(hf_config, hf_text_config)\n"
            "        self.aeon_probe = True\n\n\n"
            "def aeon_head_size(hf_config: PretrainedConfig) -> int:\n"
            "    # AEON: the Spark's loader reads the head size before the model config exists\n"
            "    return AeonProbeConvertor(hf_config, hf_config.get_text_config()).get_head_size()\n",
            "    def __init__(self, hf_config: PretrainedConfig, hf_text_config: PretrainedConfig):",
        ),
    ),
]

TWINS += [
    (
        "#51446 keyword the caller passes",
        "twin: a fork test's fake convertor built directly",
        K(
            *RV,
            "tests/aeon/test_r45_convertor.py",
            CONV + "class FakeConvertor(ModelArchConfigConvertorBase):\n"
            "    def __init__(self, hf_config: PretrainedConfig, hf_text_config: PretrainedConfig):\n"
            "        super().__init__(hf_config, hf_text_config)\n\n\n"
            "def test_head_size() -> None:\n"
            "    cfg = PretrainedConfig(head_dim=64)\n"
            "    assert FakeConvertor(cfg, cfg).get_head_size() == 64\n",
            "    def __init__(self, hf_config: PretrainedConfig, hf_text_config: PretrainedConfig):",
        ),
    ),
]

# --- e2db2b4234 (#38029): ToolParser(tokenizer) -> ToolParser(tokenizer, tools), passed by position
TP = ("#38029", "e2db2b4234", "the serving code constructs tool parsers as cls(tokenizer, request.tools)")
TH = "from vllm.tokenizers import TokenizerLike\nfrom vllm.tool_parsers.hermes_tool_parser import Hermes2ProToolParser\n\n\n"
CASES += [
    (
        "#38029 constructor called with one more argument",
        "an override taking **kwargs, the tools passed by position",
        K(
            *TP,
            "vllm/aeon/r45tp0.py",
            TH + "class AeonHermesToolParser(Hermes2ProToolParser):\n"
            "    def __init__(self, tokenizer: TokenizerLike, **kwargs):  # type: ignore[no-untyped-def]\n"
            "        super().__init__(tokenizer, **kwargs)\n",
            "    def __init__(self, tokenizer: TokenizerLike, **kwargs):  # type: ignore[no-untyped-def]",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review45-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
