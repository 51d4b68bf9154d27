"""Adversarial twins of killers196's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a display spreading a table of known keys, and a keyword-keyed ``dict``/dict-subclass call, read as tables of
  known keys (``drift/keys.py``; #21891 took ``"exaone"``, ``"solar"`` ... out of ``_CONFIG_REGISTRY``, a
  display spreading ``**_CONFIG_REGISTRY_OVERRIDE_HF``; #47143 dropped ``tarsier2=`` from the
  ``LazyConfigDict(...)`` call): a key the spread table holds, the key registered by the fork before the read,
  a ``.get`` with the fork's own default, the fork's own table of the name, a local copy with the key added, a
  kept keyword key, the key of the call's own ``**{...}`` spread, the fork's own ``dict(k=...)`` table;
- a module-level function's ``NotImplementedError`` in place of a None answer (``drift/raised_empties.py``;
  #21618 ``get_pooling_config_name``): an ``except Exception`` round the None test, the fork's own function of
  the name, a method of the fork's class of the name, the call only reached for a supported name;
- an assert made a raise of a kind the def raised already (``drift/raised_kinds.py``; #29872
  ``patch_rope_parameters_dict``; and #44593's ``get_seq_pooling_type``, a kind new to it): ``except
  ValueError``, ``except`` of both kinds, the fork's own assert first in the ``try`` (the handler alive for
  it), the fork's own patcher of the name, the missing key filled first under ``except Exception``, the field
  tested before the call;
- a keyword handed to an override through a local receiver typed by a factory's annotation
  (``drift/symbols.py``, ``drift/handed_keys.py``; #29872 ``config_parser.parse(..., hf_overrides=...,
  **kwargs)``): a parser naming ``hf_overrides``, one taking ``**kw`` under its own name, a subclass of
  ``HFConfigParser`` handing ``**kwargs`` to ``super()``, the fork's own class with a ``parse`` of its own;
- a keyword a def now passes itself beside the ``**kwargs`` it forwards (new ``drift/forwarded_keywords.py``;
  #37920 ``maybe_override_with_speculators``'s ``token=``, #19992 ``get_config``'s
  ``has_no_defaults_at_init=``): the new parameter by name, the old spelling under a probe of the signature or
  in ``except TypeError``, the fork's own function and method of the name, the keyword straight to the
  callee, another keyword.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's catches
of these widenings, kept to show the reach stays, and the same shapes on #47143 and #19992.

Round 1 (main at 88c34b38), 9 cases and 32 twins as first written: 9 caught of 9; 3 false errors of 32:
``_CONFIG_REGISTRY.get("solar", AeonSolarConfig)`` (a dropped key read with a default of the fork's own: its
fallback answers now, maybe as meant), ``get_pooling_config_name(name) or "MEAN"`` after ``if name.upper() not
in (...): return`` (the fork screened the argument by upstream's own list first: the raise cannot fire), and
``try: f(..., hf_token=t)`` / ``except TypeError: f(..., token=t)`` (the fork's two spellings: the new one runs
after the merge).  All three truly correct after the merge; none moved to the CASES.
Round 2 (this branch): forwarded-keyword drift reads a call one spelling of a fallback (``fallbacks.call_guarded``:
a ``try`` whose ``except TypeError`` tries another spelling, such a handler, a probe of the signature) as a
warning; a dropped key's ``.get``/``.pop`` with a name or attribute as default is a warning (``drift/keys.py``);
empty-to-raise drift warns where the fork tests the argument for membership before the call and upstream's raise
waits on a membership test of that parameter (or a local bound from it: ``drift/raised_empties.py``).  9 caught
of 9; 0 false errors of 32 (4 warned: the three above and the signature probe, warned on main already).
Round 3 (written after the mends, on their edges): 2 cases (the old spelling in a ``try`` whose ``except
TypeError`` only logs and raises on: no fallback; a screen ``if not name: return`` that is no membership test)
and 2 twins (the old spelling tried first, ``except TypeError`` trying ``hf_token=``; the call only in the ``if
name.upper() in SUPPORTED:`` branch).  Main (88c34b38): 2 caught, 2 false errors of 2.  This branch: 2 caught,
0 false (2 warned).
All rounds, main (88c34b38): 11 caught of 11; 5 false errors of 34 twins (1 warned).  This branch: 11 caught
of 11; 0 false errors of 34 twins (6 warned).  Regression set on this branch: blind_replay_tfconfig2 17 caught,
0 warned, 3 missed of 20 (12 quiet, 0 false), killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet),
review82_twins 11/11, 0 false of 29 (4 warned), review16_twins 6/6, 0 false of 30 (4 warned),
blind_replay_weights 19 caught, 2 warned of 21 (5 quiet), all as on main.

  PYTHONPATH=.. python review103_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- 2ca5f82c2a (#21891): classes taken out of _CONFIG_REGISTRY, a display spreading **_CONFIG_REGISTRY_OVERRIDE_HF
RC = ("#21891", "2ca5f82c2a", "ExaoneConfig/SolarConfig ... no longer keys of _CONFIG_REGISTRY")
REG = "from vllm.transformers_utils.config import _CONFIG_REGISTRY\n\n\n"
CASES += [
    (
        "#21891 spread display key removed",
        "a registry read with a literal key",
        K(
            *RC,
            "vllm/aeon/r103rc0.py",
            REG + 'def aeon_exaone() -> type:\n    return _CONFIG_REGISTRY["exaone"]\n',
            '    return _CONFIG_REGISTRY["exaone"]',
        ),
    ),
    (
        "#21891 spread display key removed",
        "a registry read off the module",
        K(
            *RC,
            "vllm/aeon/r103rc1.py",
            "import vllm.transformers_utils.config as tfc\n\n\n"
            'def aeon_solar() -> type:\n    return tfc._CONFIG_REGISTRY["solar"]\n',
            '    return tfc._CONFIG_REGISTRY["solar"]',
        ),
    ),
]
TWINS += [
    (
        "#21891 spread display key removed",
        "twin: a key the spread table holds (mllama, from _CONFIG_REGISTRY_OVERRIDE_HF)",
        K(
            *RC,
            "vllm/aeon/r103rc2.py",
            REG + 'def aeon_mllama() -> type:\n    return _CONFIG_REGISTRY["mllama"]\n',
            '    return _CONFIG_REGISTRY["mllama"]',
        ),
    ),
    (
        "#21891 spread display key removed",
        "twin: the fork registers the key itself before reading it",
        K(
            *RC,
            "vllm/aeon/r103rc3.py",
            "from transformers import PretrainedConfig\n\n"
            + REG
            + "class AeonExaoneConfig(PretrainedConfig):\n    model_type = 'exaone'\n\n\n"
            '_CONFIG_REGISTRY["exaone"] = AeonExaoneConfig  # AEON: the Spark keeps its own EXAONE config\n\n\n'
            'def aeon_exaone() -> type:\n    return _CONFIG_REGISTRY["exaone"]\n',
            '    return _CONFIG_REGISTRY["exaone"]',
        ),
    ),
    (
        "#21891 spread display key removed",
        "twin: a .get with the fork's own class as default",
        K(
            *RC,
            "vllm/aeon/r103rc4.py",
            "from transformers import PretrainedConfig\n\n"
            + REG
            + "class AeonSolarConfig(PretrainedConfig):\n    model_type = 'solar'\n\n\n"
            'def aeon_solar() -> type:\n    return _CONFIG_REGISTRY.get("solar", AeonSolarConfig)\n',
            '    return _CONFIG_REGISTRY.get("solar", AeonSolarConfig)',
        ),
    ),
    (
        "#21891 spread display key removed",
        "twin: the fork's own table of the name, spreading its own overrides",
        K(
            *RC,
            "vllm/aeon/r103rc5.py",
            "from vllm.transformers_utils.configs import MllamaConfig\n\n"
            "_AEON_OVERRIDES = {'mllama': MllamaConfig}\n"
            "_CONFIG_REGISTRY = {'exaone': MllamaConfig, **_AEON_OVERRIDES}  # AEON: the Spark's own table\n\n\n"
            'def aeon_exaone() -> type:\n    return _CONFIG_REGISTRY["exaone"]\n',
            '    return _CONFIG_REGISTRY["exaone"]',
        ),
    ),
    (
        "#21891 spread display key removed",
        "twin: a local copy with the key added",
        K(
            *RC,
            "vllm/aeon/r103rc6.py",
            "from transformers import PretrainedConfig\n\n"
            + REG
            + "def aeon_exaone(cls: type[PretrainedConfig]) -> type:\n"
            '    registry = {**_CONFIG_REGISTRY, "exaone": cls}\n'
            '    return registry["exaone"]\n',
            '    return registry["exaone"]',
        ),
    ),
]

# --- 5dc36a4fa5 (#47143): tarsier2= dropped from the keyword-keyed LazyConfigDict(...) _CONFIG_REGISTRY
TS = ("#47143", "5dc36a4fa5", "tarsier2 no longer a key of LazyConfigDict _CONFIG_REGISTRY")
CASES += [
    (
        "#47143 keyword-keyed dict key removed",
        "a registry read of the dropped keyword key",
        K(
            *TS,
            "vllm/aeon/r103ts0.py",
            REG + 'def aeon_tarsier() -> type:\n    return _CONFIG_REGISTRY["tarsier2"]\n',
            '    return _CONFIG_REGISTRY["tarsier2"]',
        ),
    ),
]
TWINS += [
    (
        "#47143 keyword-keyed dict key removed",
        "twin: a kept keyword key",
        K(
            *TS,
            "vllm/aeon/r103ts1.py",
            REG + 'def aeon_lfm() -> type:\n    return _CONFIG_REGISTRY["lfm2_moe"]\n',
            '    return _CONFIG_REGISTRY["lfm2_moe"]',
        ),
    ),
    (
        "#47143 keyword-keyed dict key removed",
        'twin: the key of the call\'s own **{"unlimited-ocr": ...} spread',
        K(
            *TS,
            "vllm/aeon/r103ts2.py",
            REG + 'def aeon_ocr() -> type:\n    return _CONFIG_REGISTRY["unlimited-ocr"]\n',
            '    return _CONFIG_REGISTRY["unlimited-ocr"]',
        ),
    ),
    (
        "#47143 keyword-keyed dict key removed",
        "twin: the fork's own dict(tarsier2=...) table",
        K(
            *TS,
            "vllm/aeon/r103ts3.py",
            "AEON_TABLE = dict(tarsier2='AeonTarsierConfig', laguna='LagunaConfig')\n\n\n"
            'def aeon_tarsier() -> str:\n    return AEON_TABLE["tarsier2"]\n',
            '    return AEON_TABLE["tarsier2"]',
        ),
    ),
]

# --- 05c1126f29 (#21618): get_pooling_config_name raises NotImplementedError where it returned None
PN = ("#21618", "05c1126f29", "get_pooling_config_name raises NotImplementedError instead of returning None")
GP = "from vllm.transformers_utils.config import get_pooling_config_name\n\n\n"
CASES += [
    (
        "#21618 module function's None now raises",
        "a comparison of the result with None",
        K(
            *PN,
            "vllm/aeon/r103pn0.py",
            GP + "def aeon_pooling(name: str) -> str:\n    if get_pooling_config_name(name) is None:\n"
            '        return "MEAN"\n    return name.upper()\n',
            "    if get_pooling_config_name(name) is None:",
        ),
    ),
    (
        "#21618 module function's None now raises",
        "an or default",
        K(
            *PN,
            "vllm/aeon/r103pn1.py",
            GP + 'def aeon_pooling(name: str) -> str:\n    return get_pooling_config_name(name) or "LAST"\n',
            '    return get_pooling_config_name(name) or "LAST"',
        ),
    ),
]
TWINS += [
    (
        "#21618 module function's None now raises",
        "twin: an except Exception round the None test",
        K(
            *PN,
            "vllm/aeon/r103pn2.py",
            GP + "def aeon_pooling(name: str) -> str:\n    try:\n"
            "        if get_pooling_config_name(name) is None:\n"
            '            return "MEAN"\n    except Exception:  # AEON: newer upstreams refuse an unknown name\n'
            '        return "MEAN"\n    return name.upper()\n',
            "        if get_pooling_config_name(name) is None:",
        ),
    ),
    (
        "#21618 module function's None now raises",
        "twin: the fork's own module function of the name",
        K(
            *PN,
            "vllm/aeon/r103pn3.py",
            "def get_pooling_config_name(name: str) -> str | None:\n"
            '    return name.upper() if name.upper() in ("LAST", "MEAN") else None  # AEON: the Spark\'s two\n\n\n'
            "def aeon_pooling(name: str) -> str:\n"
            '    return get_pooling_config_name(name) or "LAST"\n',
            '    return get_pooling_config_name(name) or "LAST"',
        ),
    ),
    (
        "#21618 module function's None now raises",
        "twin: a method of the fork's own class of the name",
        K(
            *PN,
            "vllm/aeon/r103pn4.py",
            "class AeonPooling:\n"
            "    def get_pooling_config_name(self, name: str) -> str | None:\n"
            '        return None if name == "none" else name.upper()\n\n'
            "    def pick(self, name: str) -> str:\n"
            "        if self.get_pooling_config_name(name) is None:\n"
            '            return "MEAN"\n'
            "        return name.upper()\n",
            "        if self.get_pooling_config_name(name) is None:",
        ),
    ),
    (
        "#21618 module function's None now raises",
        "twin: the None test only reached for a name the supported list holds",
        K(
            *PN,
            "vllm/aeon/r103pn5.py",
            GP + "def aeon_pooling(name: str) -> str:\n"
            '    if name.upper() not in ("LAST", "ALL", "CLS", "STEP", "MEAN"):\n'
            '        return "MEAN"\n'
            '    return get_pooling_config_name(name) or "MEAN"\n',
            '    return get_pooling_config_name(name) or "MEAN"',
        ),
    ),
]

# --- 6fc5841db1 (#29872): patch_rope_parameters_dict's assert became a ValueError (a kind it raised already);
# get_config hands hf_overrides= to config_parser.parse through a local typed by get_config_parser's annotation
TX = ("#29872", "6fc5841db1", "patch_rope_parameters_dict raises ValueError not AssertionError; parse(hf_overrides=)")
PR = "from vllm.transformers_utils.config import patch_rope_parameters_dict\n\n\n"
CP = (
    "from pathlib import Path\n\n"
    "from transformers import PretrainedConfig\n\n"
    "from vllm.transformers_utils.config import HFConfigParser, register_config_parser\n"
    "from vllm.transformers_utils.config_parser_base import ConfigParserBase\n\n\n"
)
SIG = (
    "        self,\n"
    "        model: str | Path,\n"
    "        trust_remote_code: bool,\n"
    "        revision: str | None = None,\n"
    "        code_revision: str | None = None,\n"
)
RET = '        config_dict = {"model_type": "llama"}\n        return config_dict, PretrainedConfig(**config_dict)\n'
CASES += [
    (
        "#29872 assert made a raise of a kind already raised",
        "an except AssertionError round patch_rope_parameters_dict",
        K(
            *TX,
            "vllm/aeon/r103tx0.py",
            PR + "def aeon_rope(rope: dict) -> dict:\n    try:\n        patch_rope_parameters_dict(rope)\n"
            '    except AssertionError:\n        rope["rope_type"] = "default"\n    return rope\n',
            "    except AssertionError:",
        ),
    ),
    (
        "#29872 keyword handed through a local receiver",
        "a registered parser whose parse takes no **kwargs",
        K(
            *TX,
            "vllm/aeon/r103tx1.py",
            CP
            + '@register_config_parser("aeon_r103a")\nclass AeonParserA(ConfigParserBase):\n    def parse(\n'
            + SIG
            + "    ) -> tuple[dict, PretrainedConfig]:\n"
            + RET,
            "    def parse(",
        ),
    ),
]
TWINS += [
    (
        "#29872 assert made a raise of a kind already raised",
        "twin: an except ValueError (the new kind)",
        K(
            *TX,
            "vllm/aeon/r103tx2.py",
            PR + "def aeon_rope(rope: dict) -> dict:\n    try:\n        patch_rope_parameters_dict(rope)\n"
            '    except ValueError:\n        rope["rope_type"] = "default"\n    return rope\n',
            "    except ValueError:",
        ),
    ),
    (
        "#29872 assert made a raise of a kind already raised",
        "twin: an except of both kinds",
        K(
            *TX,
            "vllm/aeon/r103tx3.py",
            PR + "def aeon_rope(rope: dict) -> dict:\n    try:\n        patch_rope_parameters_dict(rope)\n"
            '    except (AssertionError, ValueError):\n        rope["rope_type"] = "default"\n    return rope\n',
            "    except (AssertionError, ValueError):",
        ),
    ),
    (
        "#29872 assert made a raise of a kind already raised",
        "twin: the fork's own assert first in the try, the handler alive for it",
        K(
            *TX,
            "vllm/aeon/r103tx4.py",
            PR + "def aeon_rope(rope: dict) -> dict:\n    try:\n"
            '        assert rope.get("rope_type") != "mrope" or "mrope_section" in rope\n'
            "        patch_rope_parameters_dict(rope)\n"
            "    except AssertionError:  # AEON: legacy mrope without sections is read as default\n"
            '        rope["rope_type"] = "default"\n    return rope\n',
            "    except AssertionError:  # AEON: legacy mrope without sections is read as default",
        ),
    ),
    (
        "#29872 assert made a raise of a kind already raised",
        "twin: the fork's own patch_rope_parameters_dict, still asserting",
        K(
            *TX,
            "vllm/aeon/r103tx5.py",
            "def patch_rope_parameters_dict(rope: dict) -> None:\n"
            '    assert "mrope_section" in rope  # AEON: the Spark\'s own patcher\n\n\n'
            "def aeon_rope(rope: dict) -> dict:\n    try:\n        patch_rope_parameters_dict(rope)\n"
            '    except AssertionError:\n        rope["rope_type"] = "default"\n    return rope\n',
            "    except AssertionError:",
        ),
    ),
    (
        "#29872 assert made a raise of a kind already raised",
        "twin: the missing section filled before the call, except Exception round it",
        K(
            *TX,
            "vllm/aeon/r103tx6.py",
            PR + "def aeon_rope(rope: dict) -> dict:\n"
            '    rope.setdefault("mrope_section", [16, 24, 24])\n'
            "    try:\n        patch_rope_parameters_dict(rope)\n"
            '    except Exception:\n        rope["rope_type"] = "default"\n    return rope\n',
            "    except Exception:",
        ),
    ),
    (
        "#29872 keyword handed through a local receiver",
        "twin: a registered parser naming hf_overrides",
        K(
            *TX,
            "vllm/aeon/r103tx7.py",
            CP
            + '@register_config_parser("aeon_r103b")\nclass AeonParserB(ConfigParserBase):\n    def parse(\n'
            + SIG
            + "        hf_overrides: dict | None = None,\n    ) -> tuple[dict, PretrainedConfig]:\n"
            + RET,
            "    def parse(",
        ),
    ),
    (
        "#29872 keyword handed through a local receiver",
        "twin: a registered parser taking **kw under its own name",
        K(
            *TX,
            "vllm/aeon/r103tx8.py",
            CP
            + '@register_config_parser("aeon_r103c")\nclass AeonParserC(ConfigParserBase):\n    def parse(\n'
            + SIG
            + "        **_unused,\n    ) -> tuple[dict, PretrainedConfig]:\n"
            + RET,
            "    def parse(",
        ),
    ),
    (
        "#29872 keyword handed through a local receiver",
        "twin: a subclass of HFConfigParser handing **kwargs to super()",
        K(
            *TX,
            "vllm/aeon/r103tx9.py",
            CP
            + '@register_config_parser("aeon_r103d")\nclass AeonParserD(HFConfigParser):\n    def parse(\n'
            + SIG
            + "        **kwargs,\n    ) -> tuple[dict, PretrainedConfig]:\n"
            "        return super().parse(model, trust_remote_code, revision, code_revision, **kwargs)\n",
            "    def parse(",
        ),
    ),
    (
        "#29872 keyword handed through a local receiver",
        "twin: the fork's own class with a parse of its own (no ConfigParserBase)",
        K(
            *TX,
            "vllm/aeon/r103tx10.py",
            "import json\n\n\n"
            "class AeonManifestParser:\n"
            "    def parse(self, model: str, trust_remote_code: bool) -> dict:\n"
            "        with open(model) as f:  # AEON: the Spark's checkpoint manifest\n"
            "            return json.load(f)\n",
            "    def parse(self, model: str, trust_remote_code: bool) -> dict:",
        ),
    ),
]

# --- eafbb06331 (#44593): PoolerConfig.get_seq_pooling_type's assert made a ValueError (a kind new to it)
PO = ("#44593", "eafbb06331", "PoolerConfig.get_seq_pooling_type raises ValueError where it asserted")
PC = "from vllm.config.pooler import PoolerConfig\n\n\n"
TWINS += [
    (
        "#44593 assert made a raise",
        "twin: an except of both kinds round a typed receiver's call",
        K(
            *PO,
            "vllm/aeon/r103po0.py",
            PC + "def aeon_seq(pooler: PoolerConfig) -> str:\n    try:\n        return pooler.get_seq_pooling_type()\n"
            '    except (AssertionError, ValueError):\n        return "LAST"\n',
            "    except (AssertionError, ValueError):",
        ),
    ),
    (
        "#44593 assert made a raise",
        "twin: the field tested first, no handler",
        K(
            *PO,
            "vllm/aeon/r103po1.py",
            PC + "def aeon_seq(pooler: PoolerConfig) -> str:\n    if pooler.seq_pooling_type is None:\n"
            '        return "LAST"\n    return pooler.get_seq_pooling_type()\n',
            "    return pooler.get_seq_pooling_type()",
        ),
    ),
]

# --- 54b0578ada (#37920): maybe_override_with_speculators passes token= itself beside **kwargs
HT = ("#37920", "54b0578ada", "maybe_override_with_speculators gained hf_token and passes token= beside **kwargs")
MS = "from vllm.transformers_utils.config import maybe_override_with_speculators\n\n\n"
CASES += [
    (
        "#37920 keyword now passed beside **kwargs",
        "a keyword call passing token= through **kwargs",
        K(
            *HT,
            "vllm/aeon/r103ht0.py",
            MS + "def aeon_draft(model: str, token: str | None):\n"
            "    return maybe_override_with_speculators(model=model, tokenizer=model, trust_remote_code=False, token=token)\n",
            "    return maybe_override_with_speculators(model=model, tokenizer=model, trust_remote_code=False, token=token)",
        ),
    ),
]
TWINS += [
    (
        "#37920 keyword now passed beside **kwargs",
        "twin: hf_token= (the new spelling)",
        K(
            *HT,
            "vllm/aeon/r103ht1.py",
            MS + "def aeon_draft(model: str, token: str | None):\n"
            "    return maybe_override_with_speculators(model=model, tokenizer=model, trust_remote_code=False, hf_token=token)\n",
            "    return maybe_override_with_speculators(model=model, tokenizer=model, trust_remote_code=False, hf_token=token)",
        ),
    ),
    (
        "#37920 keyword now passed beside **kwargs",
        "twin: the old spelling under a probe of the signature",
        K(
            *HT,
            "vllm/aeon/r103ht2.py",
            "import inspect\n\n" + MS + "def aeon_draft(model: str, token: str | None):\n"
            '    if "hf_token" in inspect.signature(maybe_override_with_speculators).parameters:\n'
            "        return maybe_override_with_speculators(model, model, False, hf_token=token)\n"
            "    return maybe_override_with_speculators(model, model, False, token=token)\n",
            "    return maybe_override_with_speculators(model, model, False, token=token)",
        ),
    ),
    (
        "#37920 keyword now passed beside **kwargs",
        "twin: the old spelling in except TypeError, the new one tried first",
        K(
            *HT,
            "vllm/aeon/r103ht3.py",
            MS + "def aeon_draft(model: str, token: str | None):\n    try:\n"
            "        return maybe_override_with_speculators(model, model, False, hf_token=token)\n"
            "    except TypeError:  # AEON: upstreams before #37920 take the token through **kwargs\n"
            "        return maybe_override_with_speculators(model, model, False, token=token)\n",
            "        return maybe_override_with_speculators(model, model, False, token=token)",
        ),
    ),
    (
        "#37920 keyword now passed beside **kwargs",
        "twin: the fork's own function of the name",
        K(
            *HT,
            "vllm/aeon/r103ht4.py",
            "def maybe_override_with_speculators(model: str, tokenizer: str, trust_remote_code: bool, **kwargs):\n"
            "    return model, tokenizer, kwargs or None  # AEON: the Spark resolves its own drafts\n\n\n"
            "def aeon_draft(model: str, token: str | None):\n"
            "    return maybe_override_with_speculators(model, model, False, token=token)\n",
            "    return maybe_override_with_speculators(model, model, False, token=token)",
        ),
    ),
    (
        "#37920 keyword now passed beside **kwargs",
        "twin: a method of the fork's own class of the name",
        K(
            *HT,
            "vllm/aeon/r103ht5.py",
            "class AeonDrafts:\n"
            "    def maybe_override_with_speculators(self, model: str, **kwargs) -> str:\n"
            "        return model\n\n"
            "    def resolve(self, model: str, token: str) -> str:\n"
            "        return self.maybe_override_with_speculators(model, token=token)\n",
            "        return self.maybe_override_with_speculators(model, token=token)",
        ),
    ),
    (
        "#37920 keyword now passed beside **kwargs",
        "twin: token= straight to PretrainedConfig.get_config_dict",
        K(
            *HT,
            "vllm/aeon/r103ht6.py",
            "from transformers import PretrainedConfig\n\n\n"
            "def aeon_draft_dict(model: str, token: str | None) -> dict:\n"
            "    return PretrainedConfig.get_config_dict(model, token=token)[0]\n",
            "    return PretrainedConfig.get_config_dict(model, token=token)[0]",
        ),
    ),
    (
        "#37920 keyword now passed beside **kwargs",
        "twin: token= to try_get_generation_config's hf_token (no **kwargs there)",
        K(
            *HT,
            "vllm/aeon/r103ht7.py",
            "from vllm.transformers_utils.config import try_get_generation_config\n\n\n"
            "def aeon_gen(model: str, token: str | None):\n"
            "    return try_get_generation_config(model, trust_remote_code=False, hf_token=token)\n",
            "    return try_get_generation_config(model, trust_remote_code=False, hf_token=token)",
        ),
    ),
]

# --- 71d6de3a26 (#19992): get_config passes has_no_defaults_at_init= to AutoConfig.from_pretrained beside **kwargs
ND = ("#19992", "71d6de3a26", "get_config passes has_no_defaults_at_init= beside **kwargs")
GC = "from vllm.transformers_utils.config import get_config\n\n\n"
CASES += [
    (
        "#19992 keyword now passed beside **kwargs",
        "the fork passing has_no_defaults_at_init= to get_config",
        K(
            *ND,
            "vllm/aeon/r103nd0.py",
            GC + "def aeon_old_custom(model: str):\n"
            "    return get_config(model, trust_remote_code=True, has_no_defaults_at_init=True)\n",
            "    return get_config(model, trust_remote_code=True, has_no_defaults_at_init=True)",
        ),
    ),
]
TWINS += [
    (
        "#19992 keyword now passed beside **kwargs",
        "twin: another keyword through **kwargs",
        K(
            *ND,
            "vllm/aeon/r103nd1.py",
            GC + "def aeon_local(model: str):\n"
            "    return get_config(model, trust_remote_code=True, local_files_only=True)\n",
            "    return get_config(model, trust_remote_code=True, local_files_only=True)",
        ),
    ),
    (
        "#19992 keyword now passed beside **kwargs",
        "twin: has_no_defaults_at_init= straight to AutoConfig.from_pretrained",
        K(
            *ND,
            "vllm/aeon/r103nd2.py",
            "from transformers import AutoConfig\n\n\n"
            "def aeon_old_custom(model: str):\n"
            "    return AutoConfig.from_pretrained(model, trust_remote_code=True, has_no_defaults_at_init=True)\n",
            "    return AutoConfig.from_pretrained(model, trust_remote_code=True, has_no_defaults_at_init=True)",
        ),
    ),
]


# --- round 3 (written after the mends, on their edges)
CASES += [
    (
        "#37920 keyword now passed beside **kwargs",
        "(round 3) the old spelling in a try whose except TypeError only logs and raises on",
        K(
            *HT,
            "vllm/aeon/r103e0.py",
            "import logging\n\n" + MS + "def aeon_draft(model: str, token: str | None):\n    try:\n"
            "        return maybe_override_with_speculators(model, model, False, token=token)\n"
            "    except TypeError:\n"
            "        logging.getLogger(__name__).warning('draft resolution failed for %s', model)\n"
            "        raise\n",
            "        return maybe_override_with_speculators(model, model, False, token=token)",
        ),
    ),
    (
        "#21618 module function's None now raises",
        "(round 3) a screen of the argument that is no membership test",
        K(
            *PN,
            "vllm/aeon/r103e1.py",
            GP + "def aeon_pooling(name: str) -> str:\n"
            "    if not name:\n"
            '        return "MEAN"\n'
            '    return get_pooling_config_name(name) or "LAST"\n',
            '    return get_pooling_config_name(name) or "LAST"',
        ),
    ),
]
TWINS += [
    (
        "#37920 keyword now passed beside **kwargs",
        "twin (round 3): the old spelling tried first, except TypeError tries the new one",
        K(
            *HT,
            "vllm/aeon/r103e2.py",
            MS + "def aeon_draft(model: str, token: str | None):\n    try:\n"
            "        return maybe_override_with_speculators(model, model, False, token=token)\n"
            "    except TypeError:  # AEON: #37920 passes token= itself; hand it hf_token= then\n"
            "        return maybe_override_with_speculators(model, model, False, hf_token=token)\n",
            "        return maybe_override_with_speculators(model, model, False, token=token)",
        ),
    ),
    (
        "#21618 module function's None now raises",
        "twin (round 3): the call only in the branch where the name is a supported one",
        K(
            *PN,
            "vllm/aeon/r103e3.py",
            GP + "SUPPORTED = ('LAST', 'ALL', 'CLS', 'STEP', 'MEAN')\n\n\n"
            "def aeon_pooling(name: str) -> str:\n"
            "    if name.upper() in SUPPORTED:\n"
            '        return get_pooling_config_name(name) or "MEAN"\n'
            '    return "MEAN"\n',
            '        return get_pooling_config_name(name) or "MEAN"',
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review103-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
