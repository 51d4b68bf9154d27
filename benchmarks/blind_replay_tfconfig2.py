"""A blind replay of the transformers config helpers a fork's config classes, parsers and draft resolution lean on.

9 first-parent commits on ``vllm/transformers_utils/config.py`` -- the helpers a fork that registers its own
config classes and config parser, reads rope and text-config fields for its NVFP4 checkpoints and resolves its
speculative drafts carries code against: the config classes ``config`` no longer imports (nor registers) after
transformers took them over, ``get_pooling_config_name`` raising ``NotImplementedError`` where it returned
``None``, the ``mllama`` entry dropped from ``_AUTO_CONFIG_KWARGS_OVERRIDES``, ``get_hf_text_config`` and
``patch_rope_parameters_dict`` raising ``ValueError`` where they asserted, ``get_config`` now passing
``hf_overrides=`` to every config parser, ``getattr_iter`` and ``ALLOWED_LAYER_TYPES`` no longer module names of
``config``, ``maybe_override_with_speculators`` now passing ``token=`` itself next to its ``**kwargs``, the
registry's classes (but the speculative ones) now built through ``AutoConfig.from_pretrained`` rather than their
own ``from_pretrained``, and ``get_config`` only warning where it raised ``ValueError`` on a config without
architectures -- picked by scanning that path's diff (``git log --first-parent -p``), avoiding the commits
``blind_replay_tfconfig``, ``_hfconfig`` and ``_cfgmodel`` use.  Each is replayed under 1-3 fork spellings
written the way fork code is written (an import, a module attribute, a ``getattr`` with a literal, a dict key of
a module table, a membership test, a comparison of a call's result with ``None``, an ``or`` default, an ``except``
clause, a registered parser's override, a keyword call, a classmethod override of a registered class), with
twins (fork code the commit does not break: the kept name or key, the defining module's import, a wider
``except``, a parser taking ``**kwargs``, another keyword, the speculative key, an ``__init__`` override).  The
merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on
its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 8485ae9c): 9 caught, 1 warned, 10 missed of 20 (twins: 12
quiet, 0 false errors).  Symbol drift caught the dropped re-exports (``Telechat2Config``, ``getattr_iter`` by
import, module attribute and literal ``getattr``, ``ALLOWED_LAYER_TYPES``); key drift and name drift caught
``_AUTO_CONFIG_KWARGS_OVERRIDES["mllama"]`` and its membership test; raised-kind drift caught the ``except
AssertionError`` round ``get_hf_text_config``.  Warned: the ``except AssertionError`` round
``patch_rope_parameters_dict`` (its assert became a ValueError, a kind the def already raised for a rope-type
conflict, so the handler read as dead with nothing raised in its place).  The misses: #21891's two registry reads
(``_CONFIG_REGISTRY`` a display spreading ``**_CONFIG_REGISTRY_OVERRIDE_HF``: not read as a table of known keys),
#21618's two (a module-level function's None answer made a ``NotImplementedError``, set aside as a hook made
abstract), #29872's parser without ``**kwargs`` (``get_config``'s ``config_parser.parse(..., hf_overrides=...,
**kwargs)`` goes through a local bound to ``get_config_parser(...) -> ConfigParserBase``, beside a spread of the
caller's own ``**kwargs``), #37920's two (``token=`` now passed by the def itself beside the ``**kwargs`` it
forwards: no check), #38247's two (the registry's classes but ``eagle``/``speculators`` now built through
``AutoConfig.from_pretrained``, which builds them by ``from_dict``: a fork class's ``from_pretrained`` override,
registered under its own key, silently never runs) and #27610's one (``get_config`` now warns and returns a config
without architectures where it raised ValueError: the fork's ``except ValueError`` fallback, written for that
case, no longer runs for it).  No label was wrong.
After the killers196 widenings: 17 caught, 0 warned, 3 missed of 20 (twins: 12 quiet, 0 false errors).  Caught
now: a display spreading a table of known keys, and a keyword-keyed ``dict``/dict-subclass call, read as tables
of known keys (``drift/keys.py``); a module-level function's ``NotImplementedError`` in place of a None answer
(``drift/raised_empties.py``); an assert made a raise of a kind the def already raised, told by the ``if``
negating its test (``drift/raised_kinds.py``); a keyword handed to an override through a local typed as the base
(a factory's return annotation, a parameter's or a local's), beside a spread of the caller's own ``**kwargs``
(``drift/symbols.py``, ``drift/handed_keys.py``); a keyword a def now passes itself beside the ``**kwargs`` it
forwards, passed by the fork (new ``drift/forwarded_keywords.py``).  Left missed: #38247's two (an override
upstream's dispatch now reaches only for other keys of the table: the call is kept, under a key test the
engine would have to read against the fork's own registration) and #27610's one (an exception a callee stops
raising for one of several cases, the handler still alive for the others: no sure verdict on the text).
Regression set at the widenings' head (5b444b49): killer_replay 26/26 BLOCKED, kind_change_replay 12/12 (5
quiet), blind_replay_fmlayer2 20 caught, 1 missed of 21 (11 quiet, 1 warned), blind_replay_engargs 19 caught, 2
warned of 21 (12 quiet), blind_replay_enginecore 12/12 (9 quiet), review16_twins 6/6, 0 false of 30 (4 warned),
review38_twins 6/6, 0 false of 20 (6 warned), review44_twins 8/8, 0 false of 32 (14 warned), all as recorded;
blind_replay_tfconfig 24/24, 0 false of 14 (one twin's warning fewer: 1 warned where 2 were);
``symbol_precision.py --windows 1``: 0 false errors (window 0: 5 broken overrides, 4 caught, 8 warnings).
After mend75: 17 caught, 1 warned, 2 missed of 20 (twins: 12 quiet, 0 false errors).  Warned now: #27610's handler
(``drift/raised_kinds.py``'s ``_answered_raises``: one of a def's raises of the caught kind dropped with nothing
raised or returned in its place, the others kept -- the handler lives on for them, so a warning).  #38247's two
still missed.

Mend78 (branch mend78, main at 38ff2e7e): 19 caught, 1 warned, 0 missed of 20 (twins: 12 quiet, 0 false errors).
Caught now: #38247's two (``drift/narrowed_dispatch.py``, new, under symbol drift: a function that called
``T[K].M(...)`` under ``if K in T:`` at the base and now does so only under ``if K in S:``, ``S`` a literal set
of strings, no other call of ``M`` on a read of ``T`` left in the file; a fork class set into ``T`` under a
literal key not in ``S`` -- by subscript, ``update`` of a dict or of keywords, ``setdefault`` -- whose body (or
a base class of its file) overrides ``M`` is an error on the override's ``def``, a warning where the fork's file
calls ``C.M`` itself).  The speculative-key twin and the ``__init__`` twin stay quiet.
Regression set at mend78's head: killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet),
blind_replay_dsv2 15 caught, 5 warned of 20 (10 quiet), review101_twins 3 caught, 6 warned of 9 (0 false of 41, 3
warned), blind_replay_tfconfig 24/24 (0 false of 14, 1 warned), blind_replay_hfconfig 18 caught, 4 warned of 22
(12 quiet, 1 warned), blind_replay_kernels 15 caught, 1 warned, 1 missed of 17 (4 quiet), review17_twins 11
caught, 1 warned of 12 (0 false of 23, 2 warned; it stopped on a staticmethod defaulting every parameter in
``drift/dropped_kwargs.py``, on main's engine too, mended here): each as recorded.  Unit tests:
test_ranked_return_drift 15, test_narrowed_dispatch 11, test_shifted_joins 9 (new), test_handed_literals 26 (11
new), test_layout_drift 42 (8 new), test_dropped_kwarg_drift 13 (1 new), with test_lazy_patterns and
test_fleet_profile 137 passed (1 skipped: no Docker).  Speed (drift_speed's 150-commit window, medians of 5, this
machine shared): ranked_return_drift, narrowed_dispatch_drift, shifted_join_drift 0.000 s each (gated on the
fork's lines first), handed_literal_drift 0.045 s against 0.040 s on main (within the noise: 0.062 s against
0.121 s in another pair), layout_drift 0.000 s either way.

  python benchmarks/blind_replay_tfconfig2.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #21891 (2ca5f82c2a): config no longer imports (nor registers) the classes transformers took over
RC = "2ca5f82c2a"
RCW = "Telechat2Config/ExaoneConfig/SolarConfig ... no longer imported by config nor keys of _CONFIG_REGISTRY"
CASES += [
    (
        "#21891 re-exported name removed",
        "an import of a config class from config",
        K(
            "#21891",
            RC,
            RCW,
            "vllm/aeon/rc1.py",
            "from vllm.transformers_utils.config import Telechat2Config\n\n\n"
            "def aeon_telechat_config(**kw) -> Telechat2Config:\n"
            "    # AEON: the Spark's NVFP4 TeleChat2 checkpoint is built from its own fields\n"
            "    return Telechat2Config(**kw)\n",
            "from vllm.transformers_utils.config import Telechat2Config",
        ),
    ),
    (
        "#21891 dict key removed",
        "a registry read with a literal key",
        K(
            "#21891",
            RC,
            RCW,
            "vllm/aeon/rc2.py",
            "from vllm.transformers_utils.config import _CONFIG_REGISTRY\n\n\n"
            "def aeon_exaone_class() -> type:\n"
            "    # AEON: the NVFP4 EXAONE draft reuses the registered class\n"
            '    return _CONFIG_REGISTRY["exaone"]\n',
            'return _CONFIG_REGISTRY["exaone"]',
        ),
    ),
    (
        "#21891 dict key removed",
        "a registry read off the module",
        K(
            "#21891",
            RC,
            RCW,
            "vllm/aeon/rc3.py",
            "import vllm.transformers_utils.config as tfc\n\n\n"
            "def aeon_solar_fields() -> list[str]:\n"
            "    # AEON: the Spark's checkpoint audit lists the Solar config's fields\n"
            '    cls = tfc._CONFIG_REGISTRY["solar"]\n'
            "    return sorted(vars(cls()))\n",
            'cls = tfc._CONFIG_REGISTRY["solar"]',
        ),
    ),
    (
        "#21891 dict key removed",
        "twin: the kept class and key",
        K(
            "#21891",
            RC,
            RCW,
            "vllm/aeon/rc4.py",
            "from vllm.transformers_utils.config import _CONFIG_REGISTRY, EAGLEConfig\n\n\n"
            "def aeon_eagle_class() -> type:\n"
            '    assert _CONFIG_REGISTRY["eagle"] is EAGLEConfig\n'
            '    return _CONFIG_REGISTRY["eagle"]\n',
            'return _CONFIG_REGISTRY["eagle"]',
        ),
    ),
]

# --- #21618 (05c1126f29): get_pooling_config_name raises NotImplementedError where it returned None
PN = "05c1126f29"
PNW = "get_pooling_config_name raises NotImplementedError for an unsupported name instead of returning None"
GP = "from vllm.transformers_utils.config import get_pooling_config_name\n\n\n"
CASES += [
    (
        "#21618 None return now raises",
        "a comparison of the result with None",
        K(
            "#21618",
            PN,
            PNW,
            "vllm/aeon/pn1.py",
            GP + "def aeon_pooling(name: str) -> str:\n"
            "    # AEON: the Spark's embedding drafts fall back to MEAN pooling\n"
            "    if get_pooling_config_name(name) is None:\n"
            '        return "MEAN"\n'
            "    return name.upper()\n",
            "if get_pooling_config_name(name) is None:",
        ),
    ),
    (
        "#21618 None return now raises",
        "an or default",
        K(
            "#21618",
            PN,
            PNW,
            "vllm/aeon/pn2.py",
            GP + "def aeon_pooling2(name: str) -> str:\n"
            "    # AEON: the Spark's embedding drafts fall back to LAST pooling\n"
            '    return get_pooling_config_name(name) or "LAST"\n',
            'return get_pooling_config_name(name) or "LAST"',
        ),
    ),
    (
        "#21618 None return now raises",
        "twin: a call guarded by try/except NotImplementedError",
        K(
            "#21618",
            PN,
            PNW,
            "vllm/aeon/pn3.py",
            GP + "def aeon_pooling3(name: str) -> str | None:\n"
            "    try:\n"
            "        return get_pooling_config_name(name)\n"
            "    except NotImplementedError:\n"
            "        return None\n",
            "return get_pooling_config_name(name)",
        ),
    ),
]

# --- #24907 (759ef49b15): the mllama entry dropped from _AUTO_CONFIG_KWARGS_OVERRIDES
AO = "759ef49b15"
AOW = "_AUTO_CONFIG_KWARGS_OVERRIDES['mllama'] removed"
AK = "from vllm.transformers_utils.config import _AUTO_CONFIG_KWARGS_OVERRIDES\n\n\n"
CASES += [
    (
        "#24907 dict key removed",
        "a read of the removed key",
        K(
            "#24907",
            AO,
            AOW,
            "vllm/aeon/ao1.py",
            AK + "def aeon_mllama_kwargs() -> dict:\n"
            "    # AEON: the Spark's Mllama draft needs the same cross-attention flag\n"
            '    return dict(_AUTO_CONFIG_KWARGS_OVERRIDES["mllama"])\n',
            'return dict(_AUTO_CONFIG_KWARGS_OVERRIDES["mllama"])',
        ),
    ),
    (
        "#24907 dict key removed",
        "a membership test of the removed key",
        K(
            "#24907",
            AO,
            AOW,
            "vllm/aeon/ao2.py",
            AK + "def aeon_mllama_is_encdec() -> bool:\n"
            "    # AEON: the Spark's scheduler keeps Mllama on the encoder-decoder path\n"
            '    return "mllama" in _AUTO_CONFIG_KWARGS_OVERRIDES\n',
            'return "mllama" in _AUTO_CONFIG_KWARGS_OVERRIDES',
        ),
    ),
    (
        "#24907 dict key removed",
        "twin: a kept key",
        K(
            "#24907",
            AO,
            AOW,
            "vllm/aeon/ao3.py",
            AK + 'def aeon_nvlm_kwargs() -> dict:\n    return dict(_AUTO_CONFIG_KWARGS_OVERRIDES["NVLM_D"])\n',
            'return dict(_AUTO_CONFIG_KWARGS_OVERRIDES["NVLM_D"])',
        ),
    ),
]

# --- #29872 (6fc5841db1): asserts turned into ValueError; get_config passes hf_overrides= to the parser
TX = "6fc5841db1"
TXW = "get_hf_text_config/patch_rope_parameters_dict raise ValueError not AssertionError; parse(hf_overrides=)"
CP = (
    "from pathlib import Path\n\n"
    "from transformers import PretrainedConfig\n\n"
    "from vllm.transformers_utils.config import register_config_parser\n"
    "from vllm.transformers_utils.config_parser_base import ConfigParserBase\n\n\n"
)
CASES += [
    (
        "#29872 exception type changed",
        "an except AssertionError around get_hf_text_config",
        K(
            "#29872",
            TX,
            TXW,
            "vllm/aeon/tx1.py",
            "from transformers import PretrainedConfig\n\n"
            "from vllm.transformers_utils.config import get_hf_text_config\n\n\n"
            "def aeon_text_config(config: PretrainedConfig) -> PretrainedConfig:\n"
            "    # AEON: the Spark's NVFP4 VLM drafts ship a text_config without heads\n"
            "    try:\n"
            "        return get_hf_text_config(config)\n"
            "    except AssertionError:\n"
            "        return config\n",
            "except AssertionError:",
        ),
    ),
    (
        "#29872 exception type changed",
        "an except AssertionError around patch_rope_parameters_dict",
        K(
            "#29872",
            TX,
            TXW,
            "vllm/aeon/tx2.py",
            "from vllm.transformers_utils.config import patch_rope_parameters_dict\n\n\n"
            "def aeon_patch_rope(rope: dict) -> dict:\n"
            "    # AEON: the Spark's legacy mrope checkpoints lack mrope_section\n"
            "    try:\n"
            "        patch_rope_parameters_dict(rope)\n"
            "    except AssertionError:\n"
            '        rope["rope_type"] = "default"\n'
            "    return rope\n",
            "except AssertionError:",
        ),
    ),
    (
        "#29872 keyword now passed to overrides",
        "a registered parser whose parse takes no **kwargs",
        K(
            "#29872",
            TX,
            TXW,
            "vllm/aeon/tx3.py",
            CP + '@register_config_parser("aeon_nvfp4")\n'
            "class AeonNvfp4Parser(ConfigParserBase):\n"
            "    # AEON: the Spark's NVFP4 checkpoints keep their config in aeon.json\n"
            "    def parse(\n"
            "        self,\n"
            "        model: str | Path,\n"
            "        trust_remote_code: bool,\n"
            "        revision: str | None = None,\n"
            "        code_revision: str | None = None,\n"
            "    ) -> tuple[dict, PretrainedConfig]:\n"
            '        config_dict = {"model_type": "llama"}\n'
            "        return config_dict, PretrainedConfig(**config_dict)\n",
            "    def parse(",
        ),
    ),
    (
        "#29872 exception type changed",
        "twin: an except of both exception types",
        K(
            "#29872",
            TX,
            TXW,
            "vllm/aeon/tx4.py",
            "from transformers import PretrainedConfig\n\n"
            "from vllm.transformers_utils.config import get_hf_text_config\n\n\n"
            "def aeon_text_config2(config: PretrainedConfig) -> PretrainedConfig:\n"
            "    try:\n"
            "        return get_hf_text_config(config)\n"
            "    except (AssertionError, ValueError):\n"
            "        return config\n",
            "except (AssertionError, ValueError):",
        ),
    ),
    (
        "#29872 keyword now passed to overrides",
        "twin: a registered parser taking **kwargs",
        K(
            "#29872",
            TX,
            TXW,
            "vllm/aeon/tx5.py",
            CP + '@register_config_parser("aeon_nvfp4b")\n'
            "class AeonNvfp4ParserB(ConfigParserBase):\n"
            "    def parse(\n"
            "        self,\n"
            "        model: str | Path,\n"
            "        trust_remote_code: bool,\n"
            "        revision: str | None = None,\n"
            "        code_revision: str | None = None,\n"
            "        **kwargs,\n"
            "    ) -> tuple[dict, PretrainedConfig]:\n"
            '        config_dict = {"model_type": "llama"}\n'
            "        return config_dict, PretrainedConfig(**config_dict)\n",
            "    def parse(",
        ),
    ),
]

# --- #30179 (92c35abb24): getattr_iter imported inside patch_rope_parameters, no longer a module name
GI = "92c35abb24"
GIW = "getattr_iter no longer a module-level name of vllm.transformers_utils.config"
CASES += [
    (
        "#30179 re-exported name removed",
        "an import from config",
        K(
            "#30179",
            GI,
            GIW,
            "vllm/aeon/gi1.py",
            "from vllm.transformers_utils.config import getattr_iter\n\n\n"
            "def aeon_rope_theta(config) -> float | None:\n"
            "    # AEON: the Spark's NVFP4 drafts name the base rotary_emb_base\n"
            '    return getattr_iter(config, ("rope_theta", "rotary_emb_base"), None)\n',
            "from vllm.transformers_utils.config import getattr_iter",
        ),
    ),
    (
        "#30179 re-exported name removed",
        "a module attribute",
        K(
            "#30179",
            GI,
            GIW,
            "vllm/aeon/gi2.py",
            "import vllm.transformers_utils.config as tfc\n\n\n"
            "def aeon_rotary_pct(config) -> float | None:\n"
            "    # AEON: the Spark's drafts carry a partial rotary factor under old names\n"
            '    return tfc.getattr_iter(config, ("partial_rotary_factor", "rotary_pct"), None)\n',
            'return tfc.getattr_iter(config, ("partial_rotary_factor", "rotary_pct"), None)',
        ),
    ),
    (
        "#30179 re-exported name removed",
        "a getattr with a literal",
        K(
            "#30179",
            GI,
            GIW,
            "vllm/aeon/gi3.py",
            "import vllm.transformers_utils.config as tfc\n\n\n"
            "def aeon_lookup():\n"
            "    # AEON: the Spark's loader picks the shared attribute walker\n"
            '    return getattr(tfc, "getattr_iter")\n',
            'return getattr(tfc, "getattr_iter")',
        ),
    ),
    (
        "#30179 re-exported name removed",
        "twin: the defining module's import",
        K(
            "#30179",
            GI,
            GIW,
            "vllm/aeon/gi4.py",
            "from vllm.config.utils import getattr_iter\n\n\n"
            "def aeon_rope_theta2(config) -> float | None:\n"
            '    return getattr_iter(config, ("rope_theta", "rotary_emb_base"), None)\n',
            "from vllm.config.utils import getattr_iter",
        ),
    ),
]

# --- #31146 (b10d47e0e0): ALLOWED_LAYER_TYPES no longer imported by config
AL = "b10d47e0e0"
ALW = "ALLOWED_LAYER_TYPES no longer a module-level name of vllm.transformers_utils.config"
CASES += [
    (
        "#31146 re-exported name removed",
        "an import from config",
        K(
            "#31146",
            AL,
            ALW,
            "vllm/aeon/al1.py",
            "from vllm.transformers_utils.config import ALLOWED_LAYER_TYPES\n\n\n"
            "def aeon_rope_nested(rope: dict) -> bool:\n"
            "    # AEON: the Spark's interleaved NVFP4 checkpoints nest rope by layer type\n"
            "    return bool(rope) and set(rope).issubset(ALLOWED_LAYER_TYPES)\n",
            "from vllm.transformers_utils.config import ALLOWED_LAYER_TYPES",
        ),
    ),
    (
        "#31146 re-exported name removed",
        "a module attribute",
        K(
            "#31146",
            AL,
            ALW,
            "vllm/aeon/al2.py",
            "from vllm.transformers_utils import config as tfc\n\n\n"
            "def aeon_layer_kinds() -> tuple[str, ...]:\n"
            "    # AEON: the Spark's draft builder checks its layer_types\n"
            "    return tuple(tfc.ALLOWED_LAYER_TYPES)\n",
            "return tuple(tfc.ALLOWED_LAYER_TYPES)",
        ),
    ),
    (
        "#31146 re-exported name removed",
        "twin: the defining module's import",
        K(
            "#31146",
            AL,
            ALW,
            "vllm/aeon/al3.py",
            "from transformers.configuration_utils import ALLOWED_LAYER_TYPES\n\n\n"
            "def aeon_rope_nested2(rope: dict) -> bool:\n"
            "    return bool(rope) and set(rope).issubset(ALLOWED_LAYER_TYPES)\n",
            "from transformers.configuration_utils import ALLOWED_LAYER_TYPES",
        ),
    ),
]

# --- #37920 (54b0578ada): maybe_override_with_speculators passes token= itself beside **kwargs
HT = "54b0578ada"
HTW = "maybe_override_with_speculators gained hf_token and passes token= next to its **kwargs"
MS = "from vllm.transformers_utils.config import maybe_override_with_speculators\n\n\n"
CASES += [
    (
        "#37920 keyword now passed beside **kwargs",
        "a keyword call passing token= through **kwargs",
        K(
            "#37920",
            HT,
            HTW,
            "vllm/aeon/ht1.py",
            MS + "def aeon_resolve_draft(model: str, token: str | None):\n"
            "    # AEON: the Spark's gated NVFP4 drafts need the fleet's token\n"
            "    return maybe_override_with_speculators(\n"
            "        model=model, tokenizer=model, trust_remote_code=False, token=token\n"
            "    )\n",
            "model=model, tokenizer=model, trust_remote_code=False, token=token",
        ),
    ),
    (
        "#37920 keyword now passed beside **kwargs",
        "a positional call with token=",
        K(
            "#37920",
            HT,
            HTW,
            "vllm/aeon/ht2.py",
            MS + "def aeon_resolve_draft2(model: str, spec: dict, token: str):\n"
            "    # AEON: the Spark's speculative config is resolved with the fleet's token\n"
            "    return maybe_override_with_speculators(model, None, True, None, spec, token=token)\n",
            "return maybe_override_with_speculators(model, None, True, None, spec, token=token)",
        ),
    ),
    (
        "#37920 keyword now passed beside **kwargs",
        "twin: another keyword through **kwargs",
        K(
            "#37920",
            HT,
            HTW,
            "vllm/aeon/ht3.py",
            MS + "def aeon_resolve_draft3(model: str, cache_dir: str):\n"
            "    return maybe_override_with_speculators(\n"
            "        model=model, tokenizer=model, trust_remote_code=False, cache_dir=cache_dir\n"
            "    )\n",
            "model=model, tokenizer=model, trust_remote_code=False, cache_dir=cache_dir",
        ),
    ),
    (
        "#37920 keyword now passed beside **kwargs",
        "twin: try_get_generation_config called positionally",
        K(
            "#37920",
            HT,
            HTW,
            "vllm/aeon/ht4.py",
            "from vllm.transformers_utils.config import try_get_generation_config\n\n\n"
            "def aeon_gen_config(model: str):\n"
            '    return try_get_generation_config(model, False, None, "hf")\n',
            'return try_get_generation_config(model, False, None, "hf")',
        ),
    ),
]

# --- #38247 (f73bcb1c51): only the speculative registry classes are still built by their own from_pretrained
FP = "f73bcb1c51"
FPW = "HFConfigParser builds _CONFIG_REGISTRY classes (but eagle/speculators) via AutoConfig.from_pretrained"
PC = "from transformers import PretrainedConfig\n\nfrom vllm.transformers_utils.config import _CONFIG_REGISTRY\n\n\n"
CASES += [
    (
        "#38247 override no longer called",
        "a from_pretrained override of a class set into the registry",
        K(
            "#38247",
            FP,
            FPW,
            "vllm/aeon/fp1.py",
            PC + "class AeonNvfp4Config(PretrainedConfig):\n"
            '    model_type = "aeon_nvfp4"\n\n'
            "    @classmethod\n"
            "    def from_pretrained(cls, *args, **kwargs):\n"
            "        # AEON: the Spark's NVFP4 checkpoints mark their scales' layout here\n"
            "        config = super().from_pretrained(*args, **kwargs)\n"
            '        config.aeon_scale_layout = "swizzled"\n'
            "        return config\n\n\n"
            '_CONFIG_REGISTRY["aeon_nvfp4"] = AeonNvfp4Config\n',
            "    def from_pretrained(cls, *args, **kwargs):",
        ),
    ),
    (
        "#38247 override no longer called",
        "a from_pretrained override of a class added by update",
        K(
            "#38247",
            FP,
            FPW,
            "vllm/aeon/fp2.py",
            PC + "class AeonDraftConfig(PretrainedConfig):\n"
            '    model_type = "aeon_draft"\n\n'
            "    @classmethod\n"
            "    def from_pretrained(cls, model, **kwargs):\n"
            "        # AEON: the Spark's drafts share the target's vocabulary file\n"
            '        kwargs.setdefault("vocab_size", 151936)\n'
            "        return super().from_pretrained(model, **kwargs)\n\n\n"
            '_CONFIG_REGISTRY.update({"aeon_draft": AeonDraftConfig})\n',
            "    def from_pretrained(cls, model, **kwargs):",
        ),
    ),
    (
        "#38247 override no longer called",
        "twin: the override under the speculative key",
        K(
            "#38247",
            FP,
            FPW,
            "vllm/aeon/fp3.py",
            "from vllm.transformers_utils.config import _CONFIG_REGISTRY\n"
            "from vllm.transformers_utils.configs import EAGLEConfig\n\n\n"
            "class AeonEagleConfig(EAGLEConfig):\n"
            "    @classmethod\n"
            "    def from_pretrained(cls, *args, **kwargs):\n"
            "        config = super().from_pretrained(*args, **kwargs)\n"
            "        config.aeon_draft = True\n"
            "        return config\n\n\n"
            '_CONFIG_REGISTRY["eagle"] = AeonEagleConfig\n',
            "    def from_pretrained(cls, *args, **kwargs):",
        ),
    ),
    (
        "#38247 override no longer called",
        "twin: an __init__ override of a registered class",
        K(
            "#38247",
            FP,
            FPW,
            "vllm/aeon/fp4.py",
            PC + "class AeonNvfp4ConfigB(PretrainedConfig):\n"
            '    model_type = "aeon_nvfp4b"\n\n'
            '    def __init__(self, aeon_scale_layout: str = "swizzled", **kwargs):\n'
            "        self.aeon_scale_layout = aeon_scale_layout\n"
            "        super().__init__(**kwargs)\n\n\n"
            '_CONFIG_REGISTRY["aeon_nvfp4b"] = AeonNvfp4ConfigB\n',
            '    def __init__(self, aeon_scale_layout: str = "swizzled", **kwargs):',
        ),
    ),
]

# --- #27610 (a8d2e326ec): get_config warns where it raised ValueError on a config without architectures
NA = "a8d2e326ec"
NAW = "get_config no longer raises ValueError for a config without architectures (warns, returns it)"
CASES += [
    (
        "#27610 exception no longer raised",
        "an except ValueError fallback around get_config",
        K(
            "#27610",
            NA,
            NAW,
            "vllm/aeon/na1.py",
            "from vllm.transformers_utils.config import get_config\n\n\n"
            "def aeon_draft_config(model: str):\n"
            "    try:\n"
            "        return get_config(model, trust_remote_code=False)\n"
            "    except ValueError:\n"
            "        # AEON: the Spark's NVFP4 drafts ship no architectures: name the draft head\n"
            '        return get_config(model, trust_remote_code=False, hf_overrides_kw={"architectures": ["AeonDraft"]})\n',
            "except ValueError:",
        ),
    ),
    (
        "#27610 exception no longer raised",
        "twin: an except ValueError around get_config_parser",
        K(
            "#27610",
            NA,
            NAW,
            "vllm/aeon/na2.py",
            "from vllm.transformers_utils.config import get_config_parser\n\n\n"
            "def aeon_parser(fmt: str):\n"
            "    try:\n"
            "        return get_config_parser(fmt)\n"
            "    except ValueError:\n"
            '        return get_config_parser("hf")\n',
            "except ValueError:",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-tfconfig2-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
