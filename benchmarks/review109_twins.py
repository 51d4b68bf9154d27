"""Adversarial twins of killers201's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a truthy base parse narrowed to a set of on spellings (``drift/env_values.py``; #13615
  ``bool(os.getenv("VLLM_OPENVINO_ENABLE_QUANTIZED_WEIGHTS", False))`` -> ``.lower() in ("on", "true", "1")``):
  a setting of a new on spelling, a capitalized one the new parse folds, ``"0"`` meant as off (wrong at the
  base, right now), a conditional ``"true"``/``"false"`` setting, the same shape on a variable of the file
  upstream left truthy (``VLLM_KEEP_ALIVE_ON_ENGINE_DEATH``);
- an ``int`` made None unless set (``drift/env_defaults.py``; #21289 ``VLLM_CPU_KVCACHE_SPACE``, #21032
  ``VLLM_CPU_NUM_OF_RESERVED_CPU``): a local tested ``is None`` before the arithmetic, a conditional
  expression guarding it, a presence test of the process environment or ``envs.is_set`` around the read, a
  comparison with ``(None, 0)``, the fork's own class holding a namesake attribute, ``range()`` of an ``or``
  fallback, ``max()`` of one, a local defaulted by a conditional expression;
- a bool helper's read turned raw string (``drift/env_parsing.py``; #41083 ``VLLM_HUMMING_MOE_GEMM_TYPE``, now
  ``"indexed"``/``"grouped"``/``"auto"`` or None): a comparison with a new spelling, a truth test as a presence
  test whose body hands the string on, ``not`` of the read meaning unset, an ``or`` default, an ``is not None``
  and-ed with a string comparison, a truth test and-ed with a string comparison, a local compared with a string;
- a literal default upstream now computes (``drift/env_defaults.py``, a warning; #32429, #37198): a bare
  ``os.getenv`` compared with ``"1"``, an ``os.environ.get`` falling back on the registry's value, a
  ``setdefault`` of the old name (the fork sets it for both);
- an environment variable's name handed to a module's function (``drift/names.py``, a warning; #33722 removed
  the profiler's variables): ``os.getenv`` of the name (the process environment still holds what is set), the
  fork's own class's ``is_set``, a ``hasattr(envs, ...)`` probe;
- a key a function's filling loop now skips (``drift/dropped_keys.py``; #30809 ``VLLM_FORCE_AOT_LOAD``, and
  #47573 (149daf0d72) ``VLLM_CONFIG_ROOT``/``VLLM_XLA_CACHE_PATH``): a membership test, the fork's own
  ``compile_factors`` of the name, a kept key, a ``try``/``except KeyError``, the registry's own table indexed
  with the key, a store of the key into the returned dict.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are
``blind_replay_envs2.py``'s catches of these widenings (imported from it, kept to show the reach stays),
#47573's index of a key the loop now skips, and the two first-round twins found not to be twins (below).

Round 1 (main at bd434620), 15 cases and 35 twins as first written: 15 caught or warned of 15 (11 caught, 4
warned: the computed defaults and the ``is_set``, by design); 8 false errors of 35: a presence test of the
variable around a read #21289/#21032 made None unless set (3: ``if "NAME" in os.environ:``, an exiting ``if not
envs.is_set("NAME")``, ``range(envs.X) if envs.is_set("NAME") else ...``: only ``is not None`` and truth tests of
the read itself were guards), a truth test of #41083's read beside a string use of it (2: ``if X and
X.lower() == "grouped":``, ``if X: return X``), a ``hasattr(envs, "NAME")`` guarding ``envs.NAME`` (1: name
drift, false on main before killers201 too), and two that were not twins: ``not envs.X`` meaning unset (a
``"0"`` set for the old bool, grouped at the base, no longer answers True: the truth test's own case, moved to
the CASES) and ``os.getenv("VLLM_TORCH_PROFILER_DIR")`` (upstream no longer reads the variable: name drift's
designed catch, moved to the CASES).  So round 1 on the final set: 13 caught, 4 warned of 17; 6 false errors
of 33 twins.
Round 2 (this branch): a presence test of the variable itself (``"NAME" in os.environ``, ``envs.is_set("NAME")``,
negated, exiting) guards the read as ``is not None`` does (``drift/env_defaults.py``); a truth test beside a
string use of the same read (compared with a string, a method called on it) is a presence test of the string,
quiet, and a branch handing the read on as is a warning (``drift/env_parsing.py``); a module's read under a
``hasattr`` of the same name is written for both sides (``drift/names.py``).  13 caught, 4 warned of 17; 0
false errors of 33 twins (13 warned, the plain "default changed" warnings of the guarded reads among them).
``blind_replay_envs2.py`` as before: 16 caught, 4 warned, 0 missed of 20, 10 twins quiet (3 warned).
Round 3 (another real commit, written after the mends): #35721 (715681c127) reflowed ``VLLM_USE_PRECOMPILED``'s
entry (a removed ``bool(os.environ.get(`` line, ``in ("1", "true")`` on both sides: no change of meaning):
three twins (``"yes"``, off at the base too; a wheel path for the variable both sides read by ``bool()``; a
``setdefault`` of ``"true"``): quiet on both engines.
All rounds, main (bd434620): 13 caught, 4 warned of 17; 6 false errors of 36 twins.  This branch: 13 caught, 4
warned of 17; 0 false errors of 36 twins (13 warned).

  PYTHONPATH=.. python review109_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from blind_replay_envs2 import CASES as ENVS2
from killer_replay import Killer

# the replay's spellings of the widened checks' commits (its twins are its own)
_WIDENED = {"382f66fb08", "a15a50fc17", "e3a0e43d7f", "08834cc3ce", "8be263c3fb", "e6ae4b1be1", "d88a1df699"}
CASES: list[tuple[str, str, Killer]] = [
    c
    for c in ENVS2
    if c[2].sha in _WIDENED | {"9db1db5949"}
    and not c[1].startswith("twin")
    and (c[2].sha != "d88a1df699" or "is_set" in c[1])  # #33722's read and setting are name drift's, as before
]
TWINS: list[tuple[str, str, Killer]] = []

EV = "import os\n\nimport vllm.envs as envs\n\n\n"
OS = "import os\n\n\n"

# --- 382f66fb08 (#13615): bool(os.getenv(NAME, False)) -> .lower() in ("on", "true", "1")
OV = ("#13615", "382f66fb08", "VLLM_OPENVINO_ENABLE_QUANTIZED_WEIGHTS: bool(os.getenv) -> in ('on', 'true', '1')")
OVN = "VLLM_OPENVINO_ENABLE_QUANTIZED_WEIGHTS"
TWINS += [
    (
        "#13615 parse narrowed",
        "twin: a setting of a new on spelling",
        K(
            *OV,
            "vllm/aeon/r109ov1.py",
            OS + f'def aeon_ov() -> None:\n    os.environ["{OVN}"] = "on"\n',
            f'os.environ["{OVN}"] = "on"',
        ),
    ),
    (
        "#13615 parse narrowed",
        "twin: a capitalized on spelling the new parse folds",
        K(
            *OV,
            "vllm/aeon/r109ov2.py",
            OS + f'def aeon_ov() -> None:\n    os.environ.setdefault("{OVN}", "True")\n',
            f'os.environ.setdefault("{OVN}", "True")',
        ),
    ),
    (
        "#13615 parse narrowed",
        "twin: 0 meant as off (read as on at the base, off now)",
        K(
            *OV,
            "vllm/aeon/r109ov3.py",
            OS + f'def aeon_ov() -> None:\n    os.environ["{OVN}"] = "0"\n',
            f'os.environ["{OVN}"] = "0"',
        ),
    ),
    (
        "#13615 parse narrowed",
        "twin: a conditional true/false setting",
        K(
            *OV,
            "vllm/aeon/r109ov4.py",
            OS + f'def aeon_ov(quantize: bool) -> None:\n    os.environ["{OVN}"] = "true" if quantize else "false"\n',
            f'os.environ["{OVN}"] = "true" if quantize else "false"',
        ),
    ),
    (
        "#13615 parse narrowed",
        "twin: yes for a variable of the file upstream left truthy",
        K(
            *OV,
            "vllm/aeon/r109ov5.py",
            OS + 'def aeon_keep_alive() -> None:\n    os.environ["VLLM_KEEP_ALIVE_ON_ENGINE_DEATH"] = "yes"\n',
            'os.environ["VLLM_KEEP_ALIVE_ON_ENGINE_DEATH"] = "yes"',
        ),
    ),
]

# --- a15a50fc17 (#21289): VLLM_CPU_KVCACHE_SPACE None unless set (was int, "0")
KS = ("#21289", "a15a50fc17", "VLLM_CPU_KVCACHE_SPACE: int(getenv(.., '0')) -> None unless set")
KSN = "VLLM_CPU_KVCACHE_SPACE"
TWINS += [
    (
        "#21289 int made optional",
        "twin: a local tested is None before the arithmetic",
        K(
            *KS,
            "vllm/aeon/r109ks1.py",
            EV + f"def aeon_kv_bytes() -> int:\n    space = envs.{KSN}\n    if space is None:\n"
            "        return 4 << 30\n    return space * (1 << 30)\n",
            "    return space * (1 << 30)",
        ),
    ),
    (
        "#21289 int made optional",
        "twin: a conditional expression guarding the arithmetic",
        K(
            *KS,
            "vllm/aeon/r109ks2.py",
            EV + f"def aeon_kv_bytes() -> int:\n"
            f"    return envs.{KSN} * (1 << 30) if envs.{KSN} is not None else 4 << 30\n",
            f"    return envs.{KSN} * (1 << 30) if envs.{KSN} is not None else 4 << 30",
        ),
    ),
    (
        "#21289 int made optional",
        "twin: a presence test of the process environment around the read",
        K(
            *KS,
            "vllm/aeon/r109ks3.py",
            EV + f"def aeon_kv_bytes() -> int | None:\n"
            f'    if "{KSN}" in os.environ:\n'
            f"        return envs.{KSN} * (1 << 30)\n"
            "    return None\n",
            f"        return envs.{KSN} * (1 << 30)",
        ),
    ),
    (
        "#21289 int made optional",
        "twin: envs.is_set around the read",
        K(
            *KS,
            "vllm/aeon/r109ks4.py",
            EV + f"def aeon_kv_bytes() -> int:\n"
            f'    if not envs.is_set("{KSN}"):\n'
            "        return 4 << 30\n"
            f"    return envs.{KSN} * (1 << 30)\n",
            f"    return envs.{KSN} * (1 << 30)",
        ),
    ),
    (
        "#21289 int made optional",
        "twin: a comparison with (None, 0)",
        K(
            *KS,
            "vllm/aeon/r109ks5.py",
            EV + f"def aeon_kv_auto() -> bool:\n    return envs.{KSN} in (None, 0)\n",
            f"    return envs.{KSN} in (None, 0)",
        ),
    ),
    (
        "#21289 int made optional",
        "twin: the fork's own class holding a namesake attribute",
        K(
            *KS,
            "vllm/aeon/r109ks6.py",
            "class AeonSparkEnv:\n"
            f"    {KSN} = 16  # AEON: the Spark's Grace memory gives the CPU KV cache 16 GiB\n\n\n"
            f"def aeon_kv_bytes() -> int:\n    return AeonSparkEnv.{KSN} * (1 << 30)\n",
            f"    return AeonSparkEnv.{KSN} * (1 << 30)",
        ),
    ),
]

# --- e3a0e43d7f (#21032): VLLM_CPU_NUM_OF_RESERVED_CPU None unless set (was int, "0")
RC = ("#21032", "e3a0e43d7f", "VLLM_CPU_NUM_OF_RESERVED_CPU: int(getenv(.., '0')) -> None unless set")
RCN = "VLLM_CPU_NUM_OF_RESERVED_CPU"
TWINS += [
    (
        "#21032 int made optional",
        "twin: range() of an or fallback",
        K(
            *RC,
            "vllm/aeon/r109rc1.py",
            EV + f"def aeon_reserved() -> list[int]:\n    return list(range(envs.{RCN} or 0))\n",
            f"    return list(range(envs.{RCN} or 0))",
        ),
    ),
    (
        "#21032 int made optional",
        "twin: max() of an or fallback",
        K(
            *RC,
            "vllm/aeon/r109rc2.py",
            EV + f"def aeon_threads() -> int:\n    return max((os.cpu_count() or 1) - (envs.{RCN} or 0), 1)\n",
            f"    return max((os.cpu_count() or 1) - (envs.{RCN} or 0), 1)",
        ),
    ),
    (
        "#21032 int made optional",
        "twin: a local defaulted by a conditional expression, then range()",
        K(
            *RC,
            "vllm/aeon/r109rc3.py",
            EV + f"def aeon_reserved() -> list[int]:\n"
            f"    reserved = envs.{RCN} if envs.{RCN} is not None else 1\n"
            "    return list(range(reserved))\n",
            "    return list(range(reserved))",
        ),
    ),
    (
        "#21032 int made optional",
        "twin: range() in the set branch of is_set",
        K(
            *RC,
            "vllm/aeon/r109rc4.py",
            EV + f"def aeon_reserved() -> list[int]:\n"
            f'    return list(range(envs.{RCN})) if envs.is_set("{RCN}") else [0]\n',
            f'    return list(range(envs.{RCN})) if envs.is_set("{RCN}") else [0]',
        ),
    ),
]

# --- 08834cc3ce (#41083): VLLM_HUMMING_MOE_GEMM_TYPE from maybe_convert_bool to the raw string
HM = ("#41083", "08834cc3ce", "VLLM_HUMMING_MOE_GEMM_TYPE: maybe_convert_bool(getenv) -> getenv ('indexed', ...)")
HMN = "VLLM_HUMMING_MOE_GEMM_TYPE"
TWINS += [
    (
        "#41083 bool made string",
        "twin: a comparison with a new spelling",
        K(
            *HM,
            "vllm/aeon/r109hm1.py",
            EV + f'def aeon_indexed() -> bool:\n    return envs.{HMN} == "indexed"\n',
            f'    return envs.{HMN} == "indexed"',
        ),
    ),
    (
        "#41083 bool made string",
        "twin: a truth test as a presence test, the body handing the string on",
        K(
            *HM,
            "vllm/aeon/r109hm2.py",
            EV + f"def aeon_gemm() -> str:\n    if envs.{HMN}:\n        return envs.{HMN}\n"
            '    return "auto"  # AEON: let the kernel pick on the Spark\n',
            f"    if envs.{HMN}:",
        ),
    ),
    (
        "#41083 bool made string",
        "twin: an or default",
        K(
            *HM,
            "vllm/aeon/r109hm4.py",
            EV + f'def aeon_gemm() -> str:\n    return envs.{HMN} or "auto"\n',
            f'    return envs.{HMN} or "auto"',
        ),
    ),
    (
        "#41083 bool made string",
        "twin: is not None and-ed with a string comparison",
        K(
            *HM,
            "vllm/aeon/r109hm5.py",
            EV + f"def aeon_forced() -> bool:\n"
            f'    if envs.{HMN} is not None and envs.{HMN} != "auto":\n'
            "        return True\n    return False\n",
            f'    if envs.{HMN} is not None and envs.{HMN} != "auto":',
        ),
    ),
    (
        "#41083 bool made string",
        "twin: a truth test and-ed with a string comparison",
        K(
            *HM,
            "vllm/aeon/r109hm6.py",
            EV + f"def aeon_forced_grouped() -> bool:\n"
            f'    if envs.{HMN} and envs.{HMN}.lower() == "grouped":\n'
            "        return True\n    return False\n",
            f'    if envs.{HMN} and envs.{HMN}.lower() == "grouped":',
        ),
    ),
    (
        "#41083 bool made string",
        "twin: a local compared with a string",
        K(
            *HM,
            "vllm/aeon/r109hm7.py",
            EV + f'def aeon_grouped() -> bool:\n    gemm = envs.{HMN}\n    return gemm == "grouped"\n',
            '    return gemm == "grouped"',
        ),
    ),
]

# --- 8be263c3fb (#32429), e6ae4b1be1 (#37198): a literal default upstream now computes
SH = ("#32429", "8be263c3fb", "VLLM_OBJECT_STORAGE_SHM_BUFFER_NAME default a fixed name -> a per-tree uuid name")
SHN = "VLLM_OBJECT_STORAGE_SHM_BUFFER_NAME"
MA = ("#37198", "e6ae4b1be1", "VLLM_USE_MEGA_AOT_ARTIFACT default '0' -> use_mega_aot_artifact()")
TWINS += [
    (
        "#32429 default made unique",
        "twin: os.environ.get falling back on the registry's value",
        K(
            *SH,
            "vllm/aeon/r109sh1.py",
            EV + f'def aeon_shm() -> str:\n    return os.environ.get("{SHN}") or envs.{SHN}\n',
            f'    return os.environ.get("{SHN}") or envs.{SHN}',
        ),
    ),
    (
        "#32429 default made unique",
        "twin: a setdefault of the old name (set for both)",
        K(
            *SH,
            "vllm/aeon/r109sh2.py",
            OS + "def aeon_shm_env() -> None:\n"
            "    # AEON: the Spark's media sidecar and the engine agree on one store\n"
            f'    os.environ.setdefault("{SHN}", "VLLM_OBJECT_STORAGE_SHM_BUFFER")\n',
            f'    os.environ.setdefault("{SHN}", "VLLM_OBJECT_STORAGE_SHM_BUFFER")',
        ),
    ),
    (
        "#37198 default made computed",
        "twin: a bare os.getenv compared with 1",
        K(
            *MA,
            "vllm/aeon/r109ma1.py",
            OS + 'def aeon_mega_forced() -> bool:\n    return os.getenv("VLLM_USE_MEGA_AOT_ARTIFACT") == "1"\n',
            '    return os.getenv("VLLM_USE_MEGA_AOT_ARTIFACT") == "1"',
        ),
    ),
]

CASES += [
    (
        "#41083 bool made string",
        'not of the read (moved from the twins: a "0" set for grouped no longer answers True)',
        K(
            *HM,
            "vllm/aeon/r109hm3.py",
            EV + f"def aeon_gemm_unset() -> bool:\n    return not envs.{HMN}\n",
            f"    return not envs.{HMN}",
        ),
    ),
]

# --- d88a1df699 (#33722): the profiler variables removed from the registry
PR = ("#33722", "d88a1df699", "VLLM_TORCH_PROFILER_* removed from environment_variables")
TWINS += [
    (
        "#33722 variables removed",
        "twin: the fork's own class's is_set",
        K(
            *PR,
            "vllm/aeon/r109pr2.py",
            OS + "class AeonEnv:\n    @staticmethod\n    def is_set(name: str) -> bool:\n"
            "        return name in os.environ\n\n\n"
            'def aeon_stacks() -> bool:\n    return AeonEnv.is_set("VLLM_TORCH_PROFILER_WITH_STACK")\n',
            '    return AeonEnv.is_set("VLLM_TORCH_PROFILER_WITH_STACK")',
        ),
    ),
    (
        "#33722 variables removed",
        "twin: a hasattr(envs, ...) probe",
        K(
            *PR,
            "vllm/aeon/r109pr3.py",
            EV + "def aeon_trace_dir() -> str | None:\n"
            '    return envs.VLLM_TORCH_PROFILER_DIR if hasattr(envs, "VLLM_TORCH_PROFILER_DIR") else None\n',
            '    return envs.VLLM_TORCH_PROFILER_DIR if hasattr(envs, "VLLM_TORCH_PROFILER_DIR") else None',
        ),
    ),
]

CASES += [
    (
        "#33722 variables removed",
        "os.getenv of the name (moved from the twins: upstream no longer reads it, name drift as before)",
        K(
            *PR,
            "vllm/aeon/r109pr1.py",
            OS + 'def aeon_trace_dir() -> str | None:\n    return os.getenv("VLLM_TORCH_PROFILER_DIR")\n',
            '    return os.getenv("VLLM_TORCH_PROFILER_DIR")',
        ),
    ),
]

# --- 9db1db5949 (#30809): VLLM_FORCE_AOT_LOAD skipped by compile_factors()'s loop
CF = ("#30809", "9db1db5949", "compile_factors(): VLLM_FORCE_AOT_LOAD added to ignored_factors")
TWINS += [
    (
        "#30809 returned dict lost a key",
        "twin: a membership test",
        K(
            *CF,
            "vllm/aeon/r109cf1.py",
            EV + 'def aeon_aot_keyed() -> bool:\n    return "VLLM_FORCE_AOT_LOAD" in envs.compile_factors()\n',
            '    return "VLLM_FORCE_AOT_LOAD" in envs.compile_factors()',
        ),
    ),
    (
        "#30809 returned dict lost a key",
        "twin: the fork's own compile_factors",
        K(
            *CF,
            "vllm/aeon/r109cf2.py",
            OS + "def compile_factors() -> dict[str, object]:\n"
            '    return {"VLLM_FORCE_AOT_LOAD": os.getenv("VLLM_FORCE_AOT_LOAD", "0")}  # AEON: the shipper\'s key\n\n\n'
            'def aeon_aot() -> object:\n    return compile_factors()["VLLM_FORCE_AOT_LOAD"]\n',
            '    return compile_factors()["VLLM_FORCE_AOT_LOAD"]',
        ),
    ),
    (
        "#30809 returned dict lost a key",
        "twin: a kept key",
        K(
            *CF,
            "vllm/aeon/r109cf3.py",
            EV + 'def aeon_aot_compile() -> object:\n    return envs.compile_factors()["VLLM_USE_AOT_COMPILE"]\n',
            '    return envs.compile_factors()["VLLM_USE_AOT_COMPILE"]',
        ),
    ),
    (
        "#30809 returned dict lost a key",
        "twin: a try/except KeyError around the index",
        K(
            *CF,
            "vllm/aeon/r109cf4.py",
            EV + "def aeon_aot() -> object:\n    try:\n"
            '        return envs.compile_factors()["VLLM_FORCE_AOT_LOAD"]\n'
            "    except KeyError:  # AEON: newer upstreams leave it out of the cache key\n        return None\n",
            '        return envs.compile_factors()["VLLM_FORCE_AOT_LOAD"]',
        ),
    ),
]

# --- 149daf0d72 (#47573): VLLM_XLA_CACHE_PATH, VLLM_CONFIG_ROOT skipped by compile_factors()'s loop
XC = ("#47573", "149daf0d72", "compile_factors(): VLLM_XLA_CACHE_PATH, VLLM_CONFIG_ROOT added to ignored_factors")
CASES += [
    (
        "#47573 returned dict lost a key",
        "an index of the returned dict with a literal key",
        K(
            *XC,
            "vllm/aeon/r109xc0.py",
            EV + "def aeon_cache_config_root() -> object:\n"
            "    # AEON: the Spark's cache pruner groups compiles by config root\n"
            '    return envs.compile_factors()["VLLM_CONFIG_ROOT"]\n',
            '    return envs.compile_factors()["VLLM_CONFIG_ROOT"]',
        ),
    ),
]
TWINS += [
    (
        "#47573 returned dict lost a key",
        "twin: the registry's own table indexed with the key",
        K(
            *XC,
            "vllm/aeon/r109xc1.py",
            EV + 'def aeon_config_root() -> object:\n    return envs.environment_variables["VLLM_CONFIG_ROOT"]()\n',
            '    return envs.environment_variables["VLLM_CONFIG_ROOT"]()',
        ),
    ),
    (
        "#47573 returned dict lost a key",
        "twin: the key stored into the returned dict, then read",
        K(
            *XC,
            "vllm/aeon/r109xc2.py",
            EV + "def aeon_factors() -> dict[str, object]:\n"
            "    factors = envs.compile_factors()\n"
            '    factors["VLLM_XLA_CACHE_PATH"] = envs.VLLM_XLA_CACHE_PATH  # AEON: the TPU twin keys on it\n'
            '    assert factors["VLLM_XLA_CACHE_PATH"]\n'
            "    return factors\n",
            '    assert factors["VLLM_XLA_CACHE_PATH"]',
        ),
    ),
    (
        "#47573 returned dict lost a key",
        "twin: a .get of the key",
        K(
            *XC,
            "vllm/aeon/r109xc3.py",
            EV + 'def aeon_config_root() -> object:\n    return envs.compile_factors().get("VLLM_CONFIG_ROOT")\n',
            '    return envs.compile_factors().get("VLLM_CONFIG_ROOT")',
        ),
    ),
]


# --- 715681c127 (#35721, round 3): the VLLM_USE_PRECOMPILED entry reflowed (a removed ``bool(os.environ.get(``
# line and ``in ("1", "true")`` on both sides: the same parse, no change of meaning)
PC = ("#35721", "715681c127", "VLLM_USE_PRECOMPILED's entry reflowed (in ('1', 'true') or bool(...) both sides)")
TWINS += [
    (
        "#35721 parse reflowed",
        "twin: yes for the reflowed variable (off at the base too)",
        K(
            *PC,
            "vllm/aeon/r109pc1.py",
            OS + 'def aeon_pc() -> None:\n    os.environ["VLLM_USE_PRECOMPILED"] = "yes"\n',
            'os.environ["VLLM_USE_PRECOMPILED"] = "yes"',
        ),
    ),
    (
        "#35721 parse reflowed",
        "twin: a wheel path for the variable both sides read by bool()",
        K(
            *PC,
            "vllm/aeon/r109pc2.py",
            OS + "def aeon_pc() -> None:\n"
            '    os.environ["VLLM_PRECOMPILED_WHEEL_LOCATION"] = "/wheels/vllm.whl"  # AEON: the Spark\'s own wheel\n',
            'os.environ["VLLM_PRECOMPILED_WHEEL_LOCATION"] = "/wheels/vllm.whl"  # AEON: the Spark\'s own wheel',
        ),
    ),
    (
        "#35721 parse reflowed",
        "twin: a setdefault of an on spelling",
        K(
            *PC,
            "vllm/aeon/r109pc3.py",
            OS + 'def aeon_pc() -> None:\n    os.environ.setdefault("VLLM_USE_PRECOMPILED", "true")\n',
            'os.environ.setdefault("VLLM_USE_PRECOMPILED", "true")',
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review109-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
