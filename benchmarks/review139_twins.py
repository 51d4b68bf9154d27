"""Adversarial twins of killers232's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what a widened check catches, but right
after the merge (the merge base is the commit's first parent, upstream the commit); the commits are
``blind_replay_tfconfigs``' own (no other real commit of these shapes turned up: ``git log --first-parent
-G'^\\s+model_type\\s*='`` on the configs package shows #49727 the one model_type changed rather than added;
#43132's second guarded updater, ``update_peagle``, is used for a case):

- a literal paired with a class, equal to the old value of a string it declares (``drift/paired_values.py``, new;
  an error for ``AutoConfig.register`` of a ``model_type``; #49727 ``AXK1Config.model_type`` "AXK1" -> "axk1"):
  the fork's own subclass registered under its own (old) model_type, the new value, the old value paired with the
  fork's alias class, the registration under ``if AXK1Config.model_type == "AXK1"``, in a ``try`` catching
  ValueError, after ``setattr(AXK1Config, "model_type", "AXK1")``, a key chosen at run time;
- a key of a returned dict upstream rewrites (``drift/rewritten_keys.py``, new, an error; #41826 ``method``
  "peagle" -> "eagle3"): the new value, the old value on another dict's key, a display holding both, the old
  value ``or`` the new flag, ``assert spec["method"] != "peagle"``, the result rebound by the fork's normaliser,
  the fork storing the old value back into the result;
- a quoted key the upstream updater stopped writing (``drift/stopped_arg_writes.py``, widened; #48639
  ``dspark_bonus_anchor``): the key in a comment and a log string, the fork storing it before the call, by ``|=``
  after it, by a computed key from its defaults after it, a read under ``"k" in pre``, in a ``try`` catching
  KeyError, the key off the other argument, the dict handed to the fork's own filler;
- a key of a dict parameter a guard reads (``drift/refused_args.py``, widened; #43132 ``update_eagle3`` refusing a
  ``model_type`` other than llama/qwen3): the key absent (the default answers), a refused value rewritten
  before the call, ``pytest.raises(ValueError)``, the call under the fork's own test of the key, the dict
  ``update``-d first, a ``try`` catching ValueError, the refused value under a key the guard does not read;
- a submodule read off a package gone lazy (``drift/unbound_submodules.py``, new, a warning; #29716): the
  submodule imported by the file, imported in the function, ``importlib.import_module``-ed, a ``getattr`` with a
  default, a read under ``hasattr``.

Every error on a twin's line is a false one (a warning is counted apart).

Round 1 (killers232 at be0fda4b, the file as first written: 7 cases, 34 twins): 6 caught, 1 warned of 7 (the
unbound submodule: a warning by design); 8 false errors of 34 twins (2 warned).  paired_values 3: a
registration under a test of ``AXK1Config.model_type`` (never reached now), one in a ``try`` catching ValueError,
one after a ``setattr`` shim.  rewritten_keys 3: ``== "peagle" or spec.get("parallel_drafting")``, ``assert
spec["method"] != "peagle"`` (holds now), the fork writing ``"peagle"`` back into the result before the test.
stopped_arg_writes 1: the fork filling absent keys by ``pre[key] = value`` after the call.  refused_args 1: the
call under ``if pre["model_type"] in ("llama", "qwen3")``.  unbound_submodules: none (a warning only; the
``import_module`` twin warned).
Round 2 (this branch): paired_values reads ``setattr(Class, "attr", ...)`` as a shim, leaves a pairing in a
branch (``if``/``while``/conditional expression) whose test reads ``Class.attr``, and makes a strict
registration in a ``try`` catching ValueError (``Exception``, bare) a warning; rewritten_keys makes a comparison
under an ``or`` a warning, leaves ``assert x["k"] != "old"`` (``not in``, also under ``and``), and drops a
result the fork's function writes into (the key or a computed key stored, ``update``/``setdefault``/``|=``, the
dict handed to a call that is no reader's); stopped_arg_writes counts a store by a computed key (and ``|=``) into
the dict holding the key as a reset; refused_args leaves a dict whose handed name a branch around the call tests;
unbound_submodules counts ``importlib.import_module("pkg.sub")`` / ``__import__`` as the file importing it (the
warned twin now quiet).  Unit tests that failed before: test_paired_values ``in a try catching
ValueError``/``setattr shim``/``under a test``/``conditional``, test_rewritten_keys ``key stored``/``update``/
``helper``/``assert !=`` and the ``or`` warning, test_stopped_arg_keys ``computed key``, test_refused_arg_keys
``under a test of the dict``, test_unbound_submodules ``import_module``.
Round 3 (written after the mends, cases they must not swallow): a registration in a ``try`` catching ImportError
only, one under ``hasattr(AXK1Config, "model_type")``, ``== "peagle" and ...`` (an ``and``), ``assert
spec["method"] == "peagle"`` after logging the result and storing another key into it, a computed key stored
into another dict after the call, the call under a test of the other argument, another submodule
``import_module``-ed (a warning): all caught (the last warned), on be0fda4b and on this branch.
The whole file at be0fda4b (``AEON_SRC``): 12 caught, 2 warned, 0 missed of 14; 8 false errors of 34 (2 warned).
This branch: 12 caught, 2 warned, 0 missed of 14; 0 false errors of 34 twins (4 warned: symbol drift's
stale-value warning on the ``if AXK1Config.model_type == "AXK1"`` line, the ValueError-caught registration,
the ``or`` comparison, return drift on the ``pytest.raises`` test).
Regression set at this branch: killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet),
blind_replay_tfconfigs 12 caught, 6 warned, 0 missed of 18 (9 quiet), blind_replay_tfconfig 24 caught of 24 (14
quiet, 1 warned), blind_replay_modelcfg 14 caught, 8 warned, 2 missed of 24 (11 quiet), blind_replay_punica 9
caught, 2 warned of 11 (7 quiet), blind_replay_runnerv2 21 caught, 1 warned of 22 (13 quiet),
blind_replay_quantutils 20 caught, 2 warned of 22 (10 quiet, 1 warned), blind_replay_pstate 21 caught, 1 warned
of 22 (11 quiet, 1 warned), review80_twins 12 caught, 2 warned of 14 (32 quiet, 5 warned), review115_twins 11 of
11 (33 quiet): each as killers232 recorded, none lost a catch or gained a false error.  Unit tests:
test_paired_values 16, test_rewritten_keys 17, test_stopped_arg_keys 15, test_refused_arg_keys 13,
test_unbound_submodules 9; with test_stopped_arg_writes(+_functions, _shapes), test_refused_args, sweep22,
test_lazy_patterns and test_fleet_profile 199 passed (1 skipped: no Docker), test_fallback_dropped 14.
Speed (drift_speed's 150-commit window with these five checks timed, the thread's CPU, median of 3, the machine
shared): this branch paired_value_drift 0.05 ms, rewritten_key_drift 0.03 ms, unbound_submodule_drift 0.71 ms,
refused_arg_drift 90.3 ms, stopped_arg_write_drift 233 ms; be0fda4b 0.06, 0.03, 0.78, 90.7, 238 ms: the mends
run only past the checks' gates, where a finding is already in hand (or on the handful of nodes around it).

  PYTHONPATH=.. python review139_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

CFG = "vllm.transformers_utils.configs"
ALG = "vllm.transformers_utils.configs.speculators.algos"

# --- #49727 (e222c33f2f): AXK1Config.model_type "AXK1" -> "axk1" (drift/paired_values.py: an error for
# AutoConfig.register of a model_type, a warning for another pairing)
AX = ("#49727", "e222c33f2f", 'AXK1Config.model_type changed from "AXK1" to "axk1"')
AXH = f"from transformers import AutoConfig\n\nfrom {CFG}.AXK1 import AXK1Config\n\n\n"


def _ax(name: str, body: str, line: str, head: str = AXH) -> Killer:
    return K(*AX, f"vllm/aeon/r139{name}.py", head + body, line)


CASES += [
    (
        "#49727 paired value",
        "AutoConfig.register under the old model_type, the class imported under an alias",
        _ax(
            "ax0",
            "def aeon_register_ax0() -> None:\n"
            "    # AEON: the Spark loads A.X-K1 checkpoints through AutoConfig\n"
            '    AutoConfig.register("AXK1", AX)\n',
            '    AutoConfig.register("AXK1", AX)',
            head=f"from transformers import AutoConfig\n\nfrom {CFG}.AXK1 import AXK1Config as AX\n\n\n",
        ),
    ),
    (
        "#49727 paired value",
        "transformers.AutoConfig.register at module level",
        _ax(
            "ax00",
            '# AEON: the Spark loads A.X-K1 checkpoints through AutoConfig\ntransformers.AutoConfig.register("AXK1", AXK1Config)\n',
            'transformers.AutoConfig.register("AXK1", AXK1Config)',
            head=f"import transformers\n\nfrom {CFG}.AXK1 import AXK1Config\n\n",
        ),
    ),
]
TWINS += [
    (
        "#49727 paired value",
        "twin: the fork's own subclass registered under its own model_type (the old value)",
        _ax(
            "ax1",
            "class AeonAXK1Config(AXK1Config):\n"
            '    model_type = "AXK1"  # AEON: the Spark\'s A.X-K1 checkpoints still say AXK1\n\n\n'
            'AutoConfig.register("AXK1", AeonAXK1Config, exist_ok=True)\n',
            'AutoConfig.register("AXK1", AeonAXK1Config, exist_ok=True)',
        ),
    ),
    (
        "#49727 paired value",
        "twin: the new value",
        _ax(
            "ax2",
            'def aeon_register_ax2() -> None:\n    AutoConfig.register("axk1", AXK1Config, exist_ok=True)\n',
            '    AutoConfig.register("axk1", AXK1Config, exist_ok=True)',
        ),
    ),
    (
        "#49727 paired value",
        "twin: the old value paired with another class (the fork's alias config)",
        _ax(
            "ax3",
            "class AeonLegacyAXK1Config(AXK1Config):\n"
            '    model_type = "AXK1"\n\n\n'
            "def aeon_register_ax3() -> None:\n"
            '    AutoConfig.register("AXK1", AeonLegacyAXK1Config, exist_ok=True)\n'
            "    AutoConfig.register(AXK1Config.model_type, AXK1Config, exist_ok=True)\n",
            '    AutoConfig.register("AXK1", AeonLegacyAXK1Config, exist_ok=True)',
        ),
    ),
    (
        "#49727 paired value",
        "twin: the registration under a test of the class's model_type (never reached now)",
        _ax(
            "ax4",
            "def aeon_register_ax4() -> None:\n"
            '    if AXK1Config.model_type == "AXK1":\n'
            '        AutoConfig.register("AXK1", AXK1Config, exist_ok=True)\n',
            '        AutoConfig.register("AXK1", AXK1Config, exist_ok=True)',
        ),
    ),
    (
        "#49727 paired value",
        "twin: the registration in a try catching ValueError",
        _ax(
            "ax5",
            "def aeon_register_ax5() -> None:\n"
            "    try:\n"
            '        AutoConfig.register("AXK1", AXK1Config)\n'
            "    except ValueError:\n"
            "        pass  # AEON: upstream's config registers itself under its own model_type\n",
            '        AutoConfig.register("AXK1", AXK1Config)',
        ),
    ),
    (
        "#49727 paired value",
        "twin: the fork sets the class's model_type back first (setattr)",
        _ax(
            "ax6",
            "def aeon_register_ax6() -> None:\n"
            '    setattr(AXK1Config, "model_type", "AXK1")  # AEON: the Spark\'s checkpoints say AXK1\n'
            '    AutoConfig.register("AXK1", AXK1Config, exist_ok=True)\n',
            '    AutoConfig.register("AXK1", AXK1Config, exist_ok=True)',
        ),
    ),
    (
        "#49727 paired value",
        "twin: a registration keyed by the class's value or the old one, chosen at run time",
        _ax(
            "ax7",
            "def aeon_register_ax7(legacy: bool) -> None:\n"
            '    AutoConfig.register("AXK1" if legacy else AXK1Config.model_type, AXK1Config, exist_ok=True)\n',
            '    AutoConfig.register("AXK1" if legacy else AXK1Config.model_type, AXK1Config, exist_ok=True)',
        ),
    ),
]

# --- #41826 (6ccb10d794): build_vllm_speculative_config rewrites method "peagle" to "eagle3"
# (drift/rewritten_keys.py: an error)
PE = ("#41826", "6ccb10d794", 'build_vllm_speculative_config maps method "peagle" to "eagle3"')
PEH = f"from {CFG}.speculators.base import SpeculatorsConfig\n\n\n"


def _pe(name: str, body: str, line: str, head: str = PEH) -> Killer:
    return K(*PE, f"vllm/aeon/r139{name}.py", head + body, line)


CASES += [
    (
        "#41826 rewritten key",
        "a .get of the call's result tested in a display",
        _pe(
            "pe0",
            "def aeon_parallel_pe0(cd: dict) -> bool:\n"
            "    # AEON: the Spark runs P-EAGLE drafts in one pass\n"
            '    return SpeculatorsConfig.build_vllm_speculative_config(config_dict=cd).get("method") in ("peagle", "mtp")\n',
            '    return SpeculatorsConfig.build_vllm_speculative_config(config_dict=cd).get("method") in ("peagle", "mtp")',
        ),
    ),
    (
        "#41826 rewritten key",
        "a != test in an if of the result",
        _pe(
            "pe00",
            "def aeon_drafts_pe00(cd: dict) -> int:\n"
            "    vllm_spec = SpeculatorsConfig.build_vllm_speculative_config(config_dict=cd)\n"
            "    if vllm_spec['method'] != 'peagle':\n"
            "        return 1\n"
            "    return vllm_spec['num_speculative_tokens']\n",
            "    if vllm_spec['method'] != 'peagle':",
        ),
    ),
]
TWINS += [
    (
        "#41826 rewritten key",
        "twin: the new value",
        _pe(
            "pe1",
            "def aeon_eagle_pe1(cd: dict) -> bool:\n"
            "    spec = SpeculatorsConfig.build_vllm_speculative_config(config_dict=cd)\n"
            '    return spec["method"] == "eagle3"\n',
            '    return spec["method"] == "eagle3"',
        ),
    ),
    (
        "#41826 rewritten key",
        "twin: the old value tested on the key of another dict (the checkpoint's own)",
        _pe(
            "pe2",
            "def aeon_parallel_pe2(cd: dict) -> bool:\n"
            "    spec = SpeculatorsConfig.build_vllm_speculative_config(config_dict=cd)\n"
            '    return cd["speculators_model_type"] == "peagle" and spec["method"] == "eagle3"\n',
            '    return cd["speculators_model_type"] == "peagle" and spec["method"] == "eagle3"',
        ),
    ),
    (
        "#41826 rewritten key",
        "twin: a test in a display holding the old and the new value",
        _pe(
            "pe3",
            "def aeon_eagle_pe3(cd: dict) -> bool:\n"
            "    spec = SpeculatorsConfig.build_vllm_speculative_config(config_dict=cd)\n"
            '    return spec["method"] in ("peagle", "eagle3")\n',
            '    return spec["method"] in ("peagle", "eagle3")',
        ),
    ),
    (
        "#41826 rewritten key",
        "twin: the old value or the new flag (a test that checks both)",
        _pe(
            "pe4",
            "def aeon_parallel_pe4(cd: dict) -> bool:\n"
            "    spec = SpeculatorsConfig.build_vllm_speculative_config(config_dict=cd)\n"
            '    return spec["method"] == "peagle" or bool(spec.get("parallel_drafting"))\n',
            '    return spec["method"] == "peagle" or bool(spec.get("parallel_drafting"))',
        ),
    ),
    (
        "#41826 rewritten key",
        "twin: a test asserting the old value is gone",
        _pe(
            "pe5",
            "def test_aeon_peagle_maps_pe5():\n"
            '    spec = SpeculatorsConfig.build_vllm_speculative_config(config_dict={"speculators_model_type": "peagle"})\n'
            '    assert spec["method"] != "peagle"\n',
            '    assert spec["method"] != "peagle"',
        ),
    ),
    (
        "#41826 rewritten key",
        "twin: the result rebound by the fork's own normaliser",
        _pe(
            "pe6",
            "def _aeon_restore(spec: dict) -> dict:\n"
            '    if spec.get("parallel_drafting"):\n'
            '        spec["method"] = "peagle"\n'
            "    return spec\n\n\n"
            "def aeon_parallel_pe6(cd: dict) -> bool:\n"
            "    spec = SpeculatorsConfig.build_vllm_speculative_config(config_dict=cd)\n"
            "    spec = _aeon_restore(spec)\n"
            '    return spec["method"] == "peagle"\n',
            '    return spec["method"] == "peagle"',
        ),
    ),
    (
        "#41826 rewritten key",
        "twin: the fork writes the old value back into the result before testing it",
        _pe(
            "pe7",
            "def aeon_parallel_pe7(cd: dict) -> bool:\n"
            "    spec = SpeculatorsConfig.build_vllm_speculative_config(config_dict=cd)\n"
            '    if spec.pop("parallel_drafting", False):\n'
            '        spec["method"] = "peagle"  # AEON: the Spark\'s runner keys P-EAGLE by its own name\n'
            '    return spec["method"] == "peagle"\n',
            '    return spec["method"] == "peagle"',
        ),
    ),
]

# --- #48639 (642076d26c): update_dspark no longer writes pre_trained_config["dspark_bonus_anchor"]
# (drift/stopped_arg_writes.py: a subscript an error, a .get a warning)
BA = ("#48639", "642076d26c", 'update_dspark writes "sample_from_anchor" instead of "dspark_bonus_anchor"')
BAH = f"from {ALG} import update_dspark\n\n\n"


def _ba(name: str, body: str, line: str, head: str = BAH) -> Killer:
    return K(*BA, f"vllm/aeon/r139{name}.py", head + body, line)


CASES += [
    (
        "#48639 stopped key",
        "the key read into a local after the call, the dict a keyword argument",
        _ba(
            "ba0",
            "def aeon_draft_ba0(cd: dict, pre: dict) -> int:\n"
            "    update_dspark(config_dict=cd, pre_trained_config=pre)\n"
            "    # AEON: the Spark drafts block_size - 1 tokens when the anchor is a bonus token\n"
            "    bonus = pre['dspark_bonus_anchor']\n"
            '    return cd["block_size"] - int(bonus)\n',
            "    bonus = pre['dspark_bonus_anchor']",
        ),
    ),
]
TWINS += [
    (
        "#48639 stopped key",
        "twin: the old key in a comment and a log string, the new key read",
        _ba(
            "ba1",
            "import logging\n\nlogger = logging.getLogger(__name__)\n\n\n"
            "def aeon_draft_ba1(cd: dict, pre: dict) -> int:\n"
            "    update_dspark(cd, pre)\n"
            '    # AEON: pre["dspark_bonus_anchor"] became pre["sample_from_anchor"] (inverted)\n'
            '    logger.debug("dspark_bonus_anchor -> sample_from_anchor")\n'
            '    return cd["block_size"] - (0 if pre["sample_from_anchor"] else 1)\n',
            '    return cd["block_size"] - (0 if pre["sample_from_anchor"] else 1)',
        ),
    ),
    (
        "#48639 stopped key",
        "twin: the fork writes the key itself before the call",
        _ba(
            "ba2",
            "def aeon_draft_ba2(cd: dict, pre: dict) -> int:\n"
            '    pre["dspark_bonus_anchor"] = not cd.get("sample_from_anchor", False)\n'
            "    update_dspark(cd, pre)\n"
            '    return cd["block_size"] - int(pre["dspark_bonus_anchor"])\n',
            '    return cd["block_size"] - int(pre["dspark_bonus_anchor"])',
        ),
    ),
    (
        "#48639 stopped key",
        "twin: the fork writes the key by |= after the call",
        _ba(
            "ba3",
            "def aeon_draft_ba3(cd: dict, pre: dict) -> int:\n"
            "    update_dspark(cd, pre)\n"
            '    pre |= {"dspark_bonus_anchor": not pre["sample_from_anchor"]}\n'
            '    return cd["block_size"] - int(pre["dspark_bonus_anchor"])\n',
            '    return cd["block_size"] - int(pre["dspark_bonus_anchor"])',
        ),
    ),
    (
        "#48639 stopped key",
        "twin: the fork fills absent keys from its defaults by a computed key after the call",
        _ba(
            "ba4",
            'AEON_DEFAULTS = {"dspark_bonus_anchor": True}\n\n\n'
            "def aeon_draft_ba4(cd: dict, pre: dict) -> int:\n"
            "    update_dspark(cd, pre)\n"
            "    for key, value in AEON_DEFAULTS.items():\n"
            "        if key not in pre:\n"
            "            pre[key] = value\n"
            '    return cd["block_size"] - int(pre["dspark_bonus_anchor"])\n',
            '    return cd["block_size"] - int(pre["dspark_bonus_anchor"])',
        ),
    ),
    (
        "#48639 stopped key",
        "twin: the read asks for the key first",
        _ba(
            "ba5",
            "def aeon_draft_ba5(cd: dict, pre: dict) -> int:\n"
            "    update_dspark(cd, pre)\n"
            '    bonus = pre["dspark_bonus_anchor"] if "dspark_bonus_anchor" in pre else not pre["sample_from_anchor"]\n'
            '    return cd["block_size"] - int(bonus)\n',
            '    bonus = pre["dspark_bonus_anchor"] if "dspark_bonus_anchor" in pre else not pre["sample_from_anchor"]',
        ),
    ),
    (
        "#48639 stopped key",
        "twin: the read in a try catching KeyError",
        _ba(
            "ba6",
            "def aeon_draft_ba6(cd: dict, pre: dict) -> int:\n"
            "    update_dspark(cd, pre)\n"
            "    try:\n"
            '        bonus = pre["dspark_bonus_anchor"]\n'
            "    except KeyError:\n"
            '        bonus = not pre["sample_from_anchor"]\n'
            '    return cd["block_size"] - int(bonus)\n',
            '        bonus = pre["dspark_bonus_anchor"]',
        ),
    ),
    (
        "#48639 stopped key",
        "twin: the old key read off the other argument (the checkpoint's config)",
        _ba(
            "ba7",
            "def aeon_draft_ba7(cd: dict, pre: dict) -> bool:\n"
            "    update_dspark(cd, pre)\n"
            '    return bool(cd["dspark_bonus_anchor"])\n',
            '    return bool(cd["dspark_bonus_anchor"])',
        ),
    ),
    (
        "#48639 stopped key",
        "twin: the fork's handed-on dict written by its own helper after the call",
        _ba(
            "ba8",
            "def _aeon_fill(pre: dict) -> None:\n"
            '    pre["dspark_bonus_anchor"] = not pre.get("sample_from_anchor", False)\n\n\n'
            "def aeon_draft_ba8(cd: dict, pre: dict) -> int:\n"
            "    update_dspark(cd, pre)\n"
            "    _aeon_fill(pre)\n"
            '    return cd["block_size"] - int(pre["dspark_bonus_anchor"])\n',
            '    return cd["block_size"] - int(pre["dspark_bonus_anchor"])',
        ),
    ),
]

# --- #43132 (89bd2c14d3): update_eagle3 / update_peagle raise ValueError unless model_type is llama or qwen3
# (drift/refused_args.py's keyed guards: an error)
EG = (
    "#43132",
    "89bd2c14d3",
    "update_eagle3/update_peagle raise unless pre_trained_config's model_type is llama or qwen3",
)
EGH = f"from {ALG} import update_eagle3, update_peagle\n\n\n"


def _eg(name: str, body: str, line: str, head: str = EGH) -> Killer:
    return K(*EG, f"tests/aeon/test_r139{name}.py", head + body, line)


CASES += [
    (
        "#43132 keyed guard",
        "update_peagle by keyword, the dict filled by stores",
        _eg(
            "eg0",
            "def test_aeon_peagle_gemma_eg0():\n"
            "    pre: dict = {}\n"
            '    pre["model_type"] = "gemma3"\n'
            '    update_peagle(config_dict={"mask_token_id": 5}, pre_trained_config=pre)\n'
            '    assert pre["pard_token"] == 5\n',
            '    update_peagle(config_dict={"mask_token_id": 5}, pre_trained_config=pre)',
        ),
    ),
]
TWINS += [
    (
        "#43132 keyed guard",
        "twin: the key absent (the default llama answers)",
        _eg(
            "eg1",
            "def test_aeon_eagle3_default_eg1():\n"
            "    pre: dict = {}\n"
            '    update_eagle3({"draft_vocab_size": 32000}, pre)\n'
            '    assert pre["architectures"] == ["Eagle3LlamaForCausalLM"]\n',
            '    update_eagle3({"draft_vocab_size": 32000}, pre)',
        ),
    ),
    (
        "#43132 keyed guard",
        "twin: a refused value rewritten to an accepted one before the call",
        _eg(
            "eg2",
            "def test_aeon_eagle3_mistral_eg2():\n"
            '    pre = {"model_type": "mistral"}\n'
            '    pre["model_type"] = "llama"  # AEON: Mistral drafters use the Llama head\n'
            '    update_eagle3({"draft_vocab_size": 32000}, pre)\n'
            '    assert pre["architectures"] == ["Eagle3LlamaForCausalLM"]\n',
            '    update_eagle3({"draft_vocab_size": 32000}, pre)',
        ),
    ),
    (
        "#43132 keyed guard",
        "twin: a test expecting the refusal",
        _eg(
            "eg3",
            "import pytest\n\n\n"
            "def test_aeon_eagle3_refuses_eg3():\n"
            "    with pytest.raises(ValueError):\n"
            '        update_eagle3({"draft_vocab_size": 32000}, {"model_type": "mistral"})\n',
            '        update_eagle3({"draft_vocab_size": 32000}, {"model_type": "mistral"})',
        ),
    ),
    (
        "#43132 keyed guard",
        "twin: the call under the fork's own test of the key (never reached for mistral)",
        _eg(
            "eg4",
            "def test_aeon_eagle3_supported_eg4():\n"
            '    pre = {"model_type": "mistral"}\n'
            '    if pre["model_type"] in ("llama", "qwen3"):\n'
            '        update_eagle3({"draft_vocab_size": 32000}, pre)\n',
            '        update_eagle3({"draft_vocab_size": 32000}, pre)',
        ),
    ),
    (
        "#43132 keyed guard",
        "twin: the dict written through a method before the call",
        _eg(
            "eg5",
            "def test_aeon_eagle3_update_eg5():\n"
            '    pre = {"model_type": "mistral"}\n'
            '    pre.update(model_type="qwen3")\n'
            '    update_eagle3({"draft_vocab_size": 32000}, pre)\n',
            '    update_eagle3({"draft_vocab_size": 32000}, pre)',
        ),
    ),
    (
        "#43132 keyed guard",
        "twin: the call in a try catching ValueError",
        _eg(
            "eg6",
            "def aeon_try_eagle3_eg6(cd: dict) -> bool:\n"
            '    pre = {"model_type": "mistral"}\n'
            "    try:\n"
            "        update_eagle3(cd, pre)\n"
            "    except ValueError:\n"
            "        return False\n"
            "    return True\n",
            "        update_eagle3(cd, pre)",
        ),
    ),
    (
        "#43132 keyed guard",
        "twin: the refused value in a key the guard does not read",
        _eg(
            "eg7",
            "def test_aeon_eagle3_arch_eg7():\n"
            '    pre = {"model_type": "qwen3", "aeon_base_model_type": "mistral"}\n'
            '    update_eagle3({"draft_vocab_size": 32000}, pre)\n',
            '    update_eagle3({"draft_vocab_size": 32000}, pre)',
        ),
    ),
]

# --- #29716 (a49d813fa8): the configs package imports its submodules lazily (drift/unbound_submodules.py: a
# warning)
LZ = ("#29716", "a49d813fa8", "vllm.transformers_utils.configs: eager submodule imports replaced by a lazy __getattr__")


def _lz(name: str, body: str, line: str) -> Killer:
    return K(*LZ, f"vllm/aeon/r139{name}.py", body, line)


CASES += [
    (
        "#29716 unbound submodule",
        "a submodule read off the package inside a function",
        _lz(
            "lz0",
            "from vllm.transformers_utils import configs\n\n\n"
            "def aeon_eagle_base_lz0() -> type:\n"
            "    return configs.eagle.EAGLEConfig\n",
            "    return configs.eagle.EAGLEConfig",
        ),
    ),
]
TWINS += [
    (
        "#29716 unbound submodule",
        "twin: the submodule imported by the file itself",
        _lz(
            "lz1",
            "import vllm.transformers_utils.configs.eagle\n"
            "from vllm.transformers_utils import configs\n\n"
            "_AEON_EAGLE_LZ1 = configs.eagle.EAGLEConfig\n",
            "_AEON_EAGLE_LZ1 = configs.eagle.EAGLEConfig",
        ),
    ),
    (
        "#29716 unbound submodule",
        "twin: the submodule imported in the function before the read",
        _lz(
            "lz2",
            "from vllm.transformers_utils import configs\n\n\n"
            "def aeon_eagle_base_lz2() -> type:\n"
            "    from vllm.transformers_utils.configs import eagle  # noqa: F401\n\n"
            "    return configs.eagle.EAGLEConfig\n",
            "    return configs.eagle.EAGLEConfig",
        ),
    ),
    (
        "#29716 unbound submodule",
        "twin: importlib.import_module of the submodule first",
        _lz(
            "lz3",
            "import importlib\n\n"
            "from vllm.transformers_utils import configs\n\n"
            'importlib.import_module("vllm.transformers_utils.configs.eagle")\n'
            "_AEON_EAGLE_LZ3 = configs.eagle.EAGLEConfig\n",
            "_AEON_EAGLE_LZ3 = configs.eagle.EAGLEConfig",
        ),
    ),
    (
        "#29716 unbound submodule",
        "twin: a getattr with a default",
        _lz(
            "lz4",
            'from vllm.transformers_utils import configs\n\n_AEON_EAGLE_LZ4 = getattr(configs, "eagle", None)\n',
            '_AEON_EAGLE_LZ4 = getattr(configs, "eagle", None)',
        ),
    ),
    (
        "#29716 unbound submodule",
        "twin: the read under hasattr",
        _lz(
            "lz5",
            "from vllm.transformers_utils import configs\n\n\n"
            "def aeon_eagle_base_lz5() -> type | None:\n"
            '    if hasattr(configs, "eagle"):\n'
            "        return configs.eagle.EAGLEConfig\n"
            "    return None\n",
            "        return configs.eagle.EAGLEConfig",
        ),
    ),
]


# --- round 3: cases the mends must not swallow
CASES += [
    (
        "#49727 paired value",
        "round 3: the registration in a try catching ImportError only",
        _ax(
            "ax8",
            "def aeon_register_ax8() -> None:\n"
            "    try:\n"
            '        AutoConfig.register("AXK1", AXK1Config)\n'
            "    except ImportError:\n"
            "        pass\n",
            '        AutoConfig.register("AXK1", AXK1Config)',
        ),
    ),
    (
        "#49727 paired value",
        "round 3: the registration under hasattr of the class (not its value)",
        _ax(
            "ax9",
            "def aeon_register_ax9() -> None:\n"
            '    if hasattr(AXK1Config, "model_type"):\n'
            '        AutoConfig.register("AXK1", AXK1Config, exist_ok=True)\n',
            '        AutoConfig.register("AXK1", AXK1Config, exist_ok=True)',
        ),
    ),
    (
        "#41826 rewritten key",
        "round 3: the old value and another test (an and, not an or)",
        _pe(
            "pe8",
            "def aeon_parallel_pe8(cd: dict) -> bool:\n"
            "    spec = SpeculatorsConfig.build_vllm_speculative_config(config_dict=cd)\n"
            '    return spec["method"] == "peagle" and spec["num_speculative_tokens"] > 1\n',
            '    return spec["method"] == "peagle" and spec["num_speculative_tokens"] > 1',
        ),
    ),
    (
        "#41826 rewritten key",
        "round 3: a test asserting the old value, the result logged and another key written first",
        _pe(
            "pe9",
            "import logging\n\nlogger = logging.getLogger(__name__)\n\n\n"
            "def test_aeon_peagle_pe9():\n"
            '    spec = SpeculatorsConfig.build_vllm_speculative_config(config_dict={"speculators_model_type": "peagle"})\n'
            '    logger.info("spec %s", spec)\n'
            '    spec["aeon_checked"] = True\n'
            '    assert spec["method"] == "peagle"\n',
            '    assert spec["method"] == "peagle"',
        ),
    ),
    (
        "#48639 stopped key",
        "round 3: a computed key stored into another dict after the call",
        _ba(
            "ba9",
            "def aeon_draft_ba9(cd: dict, pre: dict) -> dict:\n"
            "    update_dspark(cd, pre)\n"
            "    seen = {}\n"
            "    for key in cd:\n"
            "        seen[key] = True\n"
            '    seen["bonus"] = pre["dspark_bonus_anchor"]\n'
            "    return seen\n",
            '    seen["bonus"] = pre["dspark_bonus_anchor"]',
        ),
    ),
    (
        "#43132 keyed guard",
        "round 3: the call under a test of the other argument",
        _eg(
            "eg8",
            "def test_aeon_eagle3_mistral_eg8():\n"
            '    cd = {"draft_vocab_size": 32000}\n'
            '    pre = {"model_type": "mistral"}\n'
            '    if cd["draft_vocab_size"]:\n'
            "        update_eagle3(cd, pre)\n",
            "        update_eagle3(cd, pre)",
        ),
    ),
    (
        "#29716 unbound submodule",
        "round 3: another submodule imported by name (a warning)",
        _lz(
            "lz6",
            "import importlib\n\n"
            "from vllm.transformers_utils import configs\n\n"
            'importlib.import_module("vllm.transformers_utils.configs.medusa")\n'
            "_AEON_EAGLE_LZ6 = configs.eagle.EAGLEConfig\n",
            "_AEON_EAGLE_LZ6 = configs.eagle.EAGLEConfig",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review139-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
