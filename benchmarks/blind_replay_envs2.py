"""A blind replay of vLLM's environment-variable registry (second pass): parses, defaults and factors moved.

10 first-parent commits on ``vllm/envs.py`` -- the registry a fork's launch code, kernel pickers and cache tools
set (``os.environ["VLLM_X"] = ...``, ``setdefault``) and read (``envs.VLLM_X``, ``envs.is_set("VLLM_X")``,
``os.getenv("VLLM_X", default)``, ``envs.compile_factors()[...]``):
``VLLM_OPENVINO_ENABLE_QUANTIZED_WEIGHTS`` turned from ``bool(os.getenv(...))`` (any non-empty value on) into
membership of ``("on", "true", "1")``, ``VLLM_CPU_KVCACHE_SPACE`` and ``VLLM_CPU_NUM_OF_RESERVED_CPU`` turned
from an ``int`` defaulting to 0 into ``None`` unless set, ``VLLM_HUMMING_MOE_GEMM_TYPE`` from
``maybe_convert_bool`` (None/True/False) into the raw string, ``VLLM_OBJECT_STORAGE_SHM_BUFFER_NAME``'s
default from a fixed name into a per-process-tree uuid name, the twelve profiler variables removed (the
profiler config took them over), ``VLLM_FORCE_AOT_LOAD`` dropped from ``compile_factors()``'s keys,
``VLLM_USE_MEGA_AOT_ARTIFACT``'s default from ``"0"`` into one that follows the torch version,
``VLLM_TEST_STANDALONE_COMPILE`` replaced by ``VLLM_USE_STANDALONE_COMPILE`` and
``VLLM_USE_PACKED_HMA_KV_CACHE`` removed -- picked by scanning the path's diffs (``git log --first-parent -p``),
avoiding the commits every other replay uses (``blind_replay_envvars`` and ``env_replay`` cover parts of this
surface).  Each is replayed under 1-3 fork spellings written the way fork code is written (a setting of the
process environment, a ``setdefault``, an ``envs.`` read in arithmetic, a comparison with a literal, an ``is
False`` test, a truth test, an ``is_set`` with a literal, an index of a returned dict with a literal key, an
``os.getenv`` repeating the old default, a ``range()`` of the read), with twins (fork code the commit does not
break: a kept spelling of the value, an ``or`` fallback, an ``is None`` test, a ``.get``, a kept variable).
The merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error lands
on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 769e0cfd): 6 caught, 0 warned, 14 missed of 20 (twins: 10
quiet, 0 false errors).  Name and symbol drift caught the removed and replaced variables (#33722's ``envs.`` read
and setting, #18846's two, #46252's two).  The misses: #13615's two (``"yes"``/``"enabled"``, on for the base's
``bool()`` of the raw string, off for the new ``("on", "true", "1")``: the base's truthy read was no reading, and
the new literals sat on the line after the ``in``), #21289's two and #21032's two (an ``int`` defaulting to
``"0"`` made None unless set: the guarded read's own ``"0"`` was taken for a second default, so no default was
seen to change; ``range()`` of a None was read as no compute), #41083's three (a ``maybe_convert_bool`` read
turned raw string: ``is True``/``is False`` never hold, and ``"0"`` is truthy; the helper's bool was no known
kind), #32429's two and #37198's one (an ``os.getenv`` repeating an old literal default upstream now computes,
by a uuid factory or from the torch version: a computed default was dropped as no default; and the second
spelling's name sits on the line after ``os.environ.get(``), #33722's ``envs.is_set("VLLM_TORCH_PROFILER_WITH_
STACK")`` (a removed variable named to the registry's lookup function: a passed string was read as a choice
only) and #30809's ``envs.compile_factors()["VLLM_FORCE_AOT_LOAD"]`` (a key the function now skips through its
``ignored_factors`` set).  No label was wrong.
After the killers201 widenings: 16 caught, 4 warned, 0 missed of 20 (twins: 10 quiet, 3 of them warned, 0 false
errors).  Caught now: a setting the base's ``bool()`` of the raw string took as on and a narrowed set of on
spellings reads as off (``drift/env_values.py``); an ``int`` made None unless set, computed with, handed to
``range()``/``int()``/``float()``, or compared with the old default (``drift/env_defaults.py``: a read in the set
branch of a presence test has no default of its own); a bool helper's read turned raw string, tested by identity
with a bool or by truth (``drift/env_parsing.py``).  Warned now, by design: an ``os.getenv`` repeating a literal
default upstream now computes (the computed value may still be the old one: ``drift/env_defaults.py``), and an
environment variable's name handed to a module's function (``envs.is_set``: the callee may read the name
otherwise, ``drift/names.py``).  Caught too: #30809's index, a key a function's filling loop now skips through
its exclusion set (``drift/dropped_keys.py``).  The twins warned: #21289's ``or`` fallback and #21032's ``is
None`` guard (the read's plain warning of a default made None), #30809's ``.get`` (dropped-key drift's warning:
a default may be what the fork wants).
Regression set at the widenings' head: killer_replay 26/26, kind_change_replay 12/12 (5 quiet), blind_replay_envvars
19 caught, 2 warned of 21 (11 quiet, 1 warned), review96_twins 14/14 (0 false of 34, 12 warned), review88_twins 7/7
(1 false error of 26: "only the copy stored", recorded there as before), review15_twins 8 caught, 1 warned of 9 (0
false of 40), blind_replay_config 16 caught, 1 warned of 17 (13 quiet), blind_replay_flashinfer 21 caught, 1 warned
of 22 (11 quiet), blind_replay_hfconfig 18 caught, 4 warned of 22 (12 quiet, 1 warned): all as recorded;
``env_replay.py --limit 40`` as recorded: gone 38/40, default 37/37, default-raw 37/37, respelled 0/4 with a false
finding, twins 0/81 false errors (1/81 false warning).

  python benchmarks/blind_replay_envs2.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

EV = "import os\n\nimport vllm.envs as envs\n\n\n"
OS = "import os\n\n\n"

# --- #13615 (382f66fb08): VLLM_OPENVINO_ENABLE_QUANTIZED_WEIGHTS parsed as "on"/"true"/"1" only
OV = "382f66fb08"
OVW = "VLLM_OPENVINO_ENABLE_QUANTIZED_WEIGHTS: bool(os.getenv(...)) -> .lower() in ('on', 'true', '1')"
CASES += [
    (
        "#13615 parse narrowed",
        "a setting the new parse reads as off",
        K(
            "#13615",
            OV,
            OVW,
            "vllm/aeon/ov1.py",
            OS + "def aeon_openvino_env() -> None:\n"
            "    # AEON: the Spark's CPU-side export path compresses the weights\n"
            '    os.environ["VLLM_OPENVINO_ENABLE_QUANTIZED_WEIGHTS"] = "yes"\n',
            'os.environ["VLLM_OPENVINO_ENABLE_QUANTIZED_WEIGHTS"] = "yes"',
        ),
    ),
    (
        "#13615 parse narrowed",
        "a setdefault the new parse reads as off",
        K(
            "#13615",
            OV,
            OVW,
            "vllm/aeon/ov2.py",
            OS + "def aeon_openvino_defaults() -> None:\n"
            "    # AEON: compress by default unless the launch script says otherwise\n"
            '    os.environ.setdefault("VLLM_OPENVINO_ENABLE_QUANTIZED_WEIGHTS", "enabled")\n',
            'os.environ.setdefault("VLLM_OPENVINO_ENABLE_QUANTIZED_WEIGHTS", "enabled")',
        ),
    ),
    (
        "#13615 parse narrowed",
        "twin: a setting both parses read as on",
        K(
            "#13615",
            OV,
            OVW,
            "vllm/aeon/ov3.py",
            OS + 'def aeon_openvino_env2() -> None:\n    os.environ["VLLM_OPENVINO_ENABLE_QUANTIZED_WEIGHTS"] = "1"\n',
            'os.environ["VLLM_OPENVINO_ENABLE_QUANTIZED_WEIGHTS"] = "1"',
        ),
    ),
]

# --- #21289 (a15a50fc17): VLLM_CPU_KVCACHE_SPACE None unless set (was int, 0)
KS = "a15a50fc17"
KSW = "VLLM_CPU_KVCACHE_SPACE: int(getenv(.., '0')) -> None unless set"
CASES += [
    (
        "#21289 int made optional",
        "arithmetic on the read",
        K(
            "#21289",
            KS,
            KSW,
            "vllm/aeon/ks1.py",
            EV + "def aeon_cpu_offload_bytes() -> int:\n"
            "    # AEON: the Spark's Grace memory holds the CPU-side KV offload\n"
            "    return envs.VLLM_CPU_KVCACHE_SPACE * (1 << 30)\n",
            "return envs.VLLM_CPU_KVCACHE_SPACE * (1 << 30)",
        ),
    ),
    (
        "#21289 int made optional",
        "a comparison with the old default",
        K(
            "#21289",
            KS,
            KSW,
            "vllm/aeon/ks2.py",
            EV + "def aeon_cpu_kv_unset() -> bool:\n"
            "    # AEON: size the CPU KV cache from the Spark's unified memory when unset\n"
            "    return envs.VLLM_CPU_KVCACHE_SPACE == 0\n",
            "return envs.VLLM_CPU_KVCACHE_SPACE == 0",
        ),
    ),
    (
        "#21289 int made optional",
        "twin: an or fallback",
        K(
            "#21289",
            KS,
            KSW,
            "vllm/aeon/ks3.py",
            EV + "def aeon_cpu_offload_gib() -> int:\n    return (envs.VLLM_CPU_KVCACHE_SPACE or 4) * (1 << 30)\n",
            "return (envs.VLLM_CPU_KVCACHE_SPACE or 4) * (1 << 30)",
        ),
    ),
]

# --- #21032 (e3a0e43d7f): VLLM_CPU_NUM_OF_RESERVED_CPU None unless set (was int, 0)
RC = "e3a0e43d7f"
RCW = "VLLM_CPU_NUM_OF_RESERVED_CPU: int(getenv(.., '0')) -> None unless set"
CASES += [
    (
        "#21032 int made optional",
        "a subtraction of the read",
        K(
            "#21032",
            RC,
            RCW,
            "vllm/aeon/rc1.py",
            EV + "def aeon_omp_threads() -> int:\n"
            "    # AEON: the Spark's 20 Grace cores leave some to the tokenizer\n"
            "    return (os.cpu_count() or 1) - envs.VLLM_CPU_NUM_OF_RESERVED_CPU\n",
            "return (os.cpu_count() or 1) - envs.VLLM_CPU_NUM_OF_RESERVED_CPU",
        ),
    ),
    (
        "#21032 int made optional",
        "a range() of the read",
        K(
            "#21032",
            RC,
            RCW,
            "vllm/aeon/rc2.py",
            EV + "def aeon_reserved_cores() -> list[int]:\n"
            "    # AEON: pin the reserved cores to the frontend\n"
            "    return list(range(envs.VLLM_CPU_NUM_OF_RESERVED_CPU))\n",
            "return list(range(envs.VLLM_CPU_NUM_OF_RESERVED_CPU))",
        ),
    ),
    (
        "#21032 int made optional",
        "twin: an is None guard",
        K(
            "#21032",
            RC,
            RCW,
            "vllm/aeon/rc3.py",
            EV + "def aeon_reserved() -> int:\n"
            "    reserved = envs.VLLM_CPU_NUM_OF_RESERVED_CPU\n"
            "    return 0 if reserved is None else reserved\n",
            "return 0 if reserved is None else reserved",
        ),
    ),
]

# --- #41083 (08834cc3ce): VLLM_HUMMING_MOE_GEMM_TYPE from maybe_convert_bool to the raw string
HM = "08834cc3ce"
HMW = "VLLM_HUMMING_MOE_GEMM_TYPE: maybe_convert_bool(getenv) -> getenv (a string: '0' is truthy)"
CASES += [
    (
        "#41083 bool made string",
        "an is False test of the read",
        K(
            "#41083",
            HM,
            HMW,
            "vllm/aeon/hm1.py",
            EV + "def aeon_forced_grouped() -> bool:\n"
            "    # AEON: sm_121a has no TMA multicast; the fork honours a forced grouped gemm\n"
            "    return envs.VLLM_HUMMING_MOE_GEMM_TYPE is False\n",
            "return envs.VLLM_HUMMING_MOE_GEMM_TYPE is False",
        ),
    ),
    (
        "#41083 bool made string",
        "a truth test of the read",
        K(
            "#41083",
            HM,
            HMW,
            "vllm/aeon/hm2.py",
            EV + "def aeon_pick_gemm() -> str:\n"
            "    # AEON: 1 forces the indexed gemm on the Spark\n"
            "    if envs.VLLM_HUMMING_MOE_GEMM_TYPE:\n"
            '        return "indexed"\n'
            '    return "grouped"\n',
            "if envs.VLLM_HUMMING_MOE_GEMM_TYPE:",
        ),
    ),
    (
        "#41083 bool made string",
        "an is True test of the read",
        K(
            "#41083",
            HM,
            HMW,
            "vllm/aeon/hm3.py",
            EV + "def aeon_forced_indexed() -> bool:\n    return envs.VLLM_HUMMING_MOE_GEMM_TYPE is True\n",
            "return envs.VLLM_HUMMING_MOE_GEMM_TYPE is True",
        ),
    ),
    (
        "#41083 bool made string",
        "twin: an is None test",
        K(
            "#41083",
            HM,
            HMW,
            "vllm/aeon/hm4.py",
            EV + "def aeon_gemm_auto() -> bool:\n    return envs.VLLM_HUMMING_MOE_GEMM_TYPE is None\n",
            "return envs.VLLM_HUMMING_MOE_GEMM_TYPE is None",
        ),
    ),
]

# --- #32429 (8be263c3fb): VLLM_OBJECT_STORAGE_SHM_BUFFER_NAME's default a fixed name -> a uuid name set on read
SH = "8be263c3fb"
SHW = "VLLM_OBJECT_STORAGE_SHM_BUFFER_NAME default 'VLLM_OBJECT_STORAGE_SHM_BUFFER' -> a per-tree uuid name"
CASES += [
    (
        "#32429 default made unique",
        "an os.getenv repeating the old default",
        K(
            "#32429",
            SH,
            SHW,
            "vllm/aeon/sh1.py",
            OS + "def aeon_mm_shm_name() -> str:\n"
            "    # AEON: the Spark's media sidecar attaches to the engine's multimodal shm store\n"
            '    return os.getenv("VLLM_OBJECT_STORAGE_SHM_BUFFER_NAME", "VLLM_OBJECT_STORAGE_SHM_BUFFER")\n',
            'return os.getenv("VLLM_OBJECT_STORAGE_SHM_BUFFER_NAME", "VLLM_OBJECT_STORAGE_SHM_BUFFER")',
        ),
    ),
    (
        "#32429 default made unique",
        "an os.environ.get repeating the old default",
        K(
            "#32429",
            SH,
            SHW,
            "vllm/aeon/sh2.py",
            OS + "from multiprocessing import shared_memory\n\n\n"
            "def aeon_attach_mm_store() -> shared_memory.SharedMemory:\n"
            "    name = os.environ.get(\n"
            '        "VLLM_OBJECT_STORAGE_SHM_BUFFER_NAME", "VLLM_OBJECT_STORAGE_SHM_BUFFER"\n'
            "    )\n"
            "    return shared_memory.SharedMemory(name=name)\n",
            '"VLLM_OBJECT_STORAGE_SHM_BUFFER_NAME", "VLLM_OBJECT_STORAGE_SHM_BUFFER"',
        ),
    ),
    (
        "#32429 default made unique",
        "twin: the registry's read",
        K(
            "#32429",
            SH,
            SHW,
            "vllm/aeon/sh3.py",
            "import vllm.envs as envs\n\n\n"
            "def aeon_mm_shm_name2() -> str:\n"
            "    return envs.VLLM_OBJECT_STORAGE_SHM_BUFFER_NAME\n",
            "return envs.VLLM_OBJECT_STORAGE_SHM_BUFFER_NAME",
        ),
    ),
]

# --- #33722 (d88a1df699): the profiler variables removed from the registry (the profiler config reads them)
PR = "d88a1df699"
PRW = "VLLM_TORCH_PROFILER_* / VLLM_TORCH_CUDA_PROFILE / VLLM_PROFILER_* removed from environment_variables"
CASES += [
    (
        "#33722 variables removed",
        "an envs. read",
        K(
            "#33722",
            PR,
            PRW,
            "vllm/aeon/pr1.py",
            EV + "def aeon_trace_dir() -> str | None:\n"
            "    # AEON: the Spark's nsys wrapper collects the torch traces beside its own\n"
            "    return envs.VLLM_TORCH_PROFILER_DIR\n",
            "return envs.VLLM_TORCH_PROFILER_DIR",
        ),
    ),
    (
        "#33722 variables removed",
        "an is_set with a literal",
        K(
            "#33722",
            PR,
            PRW,
            "vllm/aeon/pr2.py",
            EV + 'def aeon_stacks_on() -> bool:\n    return envs.is_set("VLLM_TORCH_PROFILER_WITH_STACK")\n',
            'return envs.is_set("VLLM_TORCH_PROFILER_WITH_STACK")',
        ),
    ),
    (
        "#33722 variables removed",
        "a setting of the process environment",
        K(
            "#33722",
            PR,
            PRW,
            "vllm/aeon/pr3.py",
            OS + "def aeon_profile_env(trace_dir: str) -> None:\n"
            "    # AEON: the Spark's bench harness turns the torch profiler on\n"
            '    os.environ["VLLM_TORCH_PROFILER_DIR"] = trace_dir\n',
            'os.environ["VLLM_TORCH_PROFILER_DIR"] = trace_dir',
        ),
    ),
    (
        "#33722 variables removed",
        "twin: is_set of a kept variable",
        K(
            "#33722",
            PR,
            PRW,
            "vllm/aeon/pr4.py",
            EV + 'def aeon_awq_on() -> bool:\n    return envs.is_set("VLLM_USE_TRITON_AWQ")\n',
            'return envs.is_set("VLLM_USE_TRITON_AWQ")',
        ),
    ),
]

# --- #30809 (9db1db5949): VLLM_FORCE_AOT_LOAD dropped from compile_factors()'s keys
CF = "9db1db5949"
CFW = "compile_factors(): VLLM_FORCE_AOT_LOAD added to ignored_factors (no longer a key)"
CASES += [
    (
        "#30809 returned dict lost a key",
        "an index of the returned dict with a literal key",
        K(
            "#30809",
            CF,
            CFW,
            "vllm/aeon/cf1.py",
            EV + "def aeon_cache_forced_aot() -> object:\n"
            "    # AEON: the Spark's cache pruner keeps the AOT-forced compiles apart\n"
            '    return envs.compile_factors()["VLLM_FORCE_AOT_LOAD"]\n',
            'return envs.compile_factors()["VLLM_FORCE_AOT_LOAD"]',
        ),
    ),
    (
        "#30809 returned dict lost a key",
        "twin: a .get of the key",
        K(
            "#30809",
            CF,
            CFW,
            "vllm/aeon/cf2.py",
            EV + "def aeon_cache_forced_aot2() -> object:\n"
            '    return envs.compile_factors().get("VLLM_FORCE_AOT_LOAD")\n',
            'return envs.compile_factors().get("VLLM_FORCE_AOT_LOAD")',
        ),
    ),
]

# --- #37198 (e6ae4b1be1): VLLM_USE_MEGA_AOT_ARTIFACT's default "0" -> "1" on torch >= 2.12 with AOT compile
MA = "e6ae4b1be1"
MAW = "VLLM_USE_MEGA_AOT_ARTIFACT default '0' -> use_mega_aot_artifact() ('1' on torch >= 2.12 with AOT)"
CASES += [
    (
        "#37198 default made computed",
        "an os.getenv repeating the old default",
        K(
            "#37198",
            MA,
            MAW,
            "vllm/aeon/ma1.py",
            OS + "def aeon_cache_is_mega() -> bool:\n"
            "    # AEON: the Spark's compile-cache shipper packs mega artifacts differently\n"
            '    return os.getenv("VLLM_USE_MEGA_AOT_ARTIFACT", "0") == "1"\n',
            'return os.getenv("VLLM_USE_MEGA_AOT_ARTIFACT", "0") == "1"',
        ),
    ),
    (
        "#37198 default made computed",
        "twin: the registry's read",
        K(
            "#37198",
            MA,
            MAW,
            "vllm/aeon/ma2.py",
            "import vllm.envs as envs\n\n\n"
            "def aeon_cache_is_mega2() -> bool:\n"
            "    return bool(envs.VLLM_USE_MEGA_AOT_ARTIFACT)\n",
            "return bool(envs.VLLM_USE_MEGA_AOT_ARTIFACT)",
        ),
    ),
]

# --- #18846 (a521ef06e5): VLLM_TEST_STANDALONE_COMPILE replaced by VLLM_USE_STANDALONE_COMPILE
SC = "a521ef06e5"
SCW = "VLLM_TEST_STANDALONE_COMPILE removed; VLLM_USE_STANDALONE_COMPILE (default on) added"
CASES += [
    (
        "#18846 variable replaced",
        "a setting of the process environment",
        K(
            "#18846",
            SC,
            SCW,
            "vllm/aeon/sc1.py",
            OS + "def aeon_standalone_env() -> None:\n"
            "    # AEON: the Spark's image ships a torch with standalone_compile\n"
            '    os.environ["VLLM_TEST_STANDALONE_COMPILE"] = "1"\n',
            'os.environ["VLLM_TEST_STANDALONE_COMPILE"] = "1"',
        ),
    ),
    (
        "#18846 variable replaced",
        "an envs. read",
        K(
            "#18846",
            SC,
            SCW,
            "vllm/aeon/sc2.py",
            EV + "def aeon_standalone_on() -> bool:\n    return envs.VLLM_TEST_STANDALONE_COMPILE\n",
            "return envs.VLLM_TEST_STANDALONE_COMPILE",
        ),
    ),
    (
        "#18846 variable replaced",
        "twin: a kept variable",
        K(
            "#18846",
            SC,
            SCW,
            "vllm/aeon/sc3.py",
            EV + "def aeon_fullgraph() -> bool:\n    return envs.VLLM_TEST_DYNAMO_FULLGRAPH_CAPTURE\n",
            "return envs.VLLM_TEST_DYNAMO_FULLGRAPH_CAPTURE",
        ),
    ),
]

# --- #46252 (e7df232288): VLLM_USE_PACKED_HMA_KV_CACHE removed (the cross-layer config gates it)
PH = "e7df232288"
PHW = "VLLM_USE_PACKED_HMA_KV_CACHE removed from environment_variables"
CASES += [
    (
        "#46252 variable removed",
        "a setdefault of the process environment",
        K(
            "#46252",
            PH,
            PHW,
            "vllm/aeon/ph1.py",
            OS + "def aeon_gptoss_env() -> None:\n"
            "    # AEON: gpt-oss on the Spark needs the packed HMA layout to fit 128 GB\n"
            '    os.environ.setdefault("VLLM_USE_PACKED_HMA_KV_CACHE", "1")\n',
            'os.environ.setdefault("VLLM_USE_PACKED_HMA_KV_CACHE", "1")',
        ),
    ),
    (
        "#46252 variable removed",
        "a truth test of an envs. read",
        K(
            "#46252",
            PH,
            PHW,
            "vllm/aeon/ph2.py",
            EV + "def aeon_packed_kv() -> bool:\n"
            "    if envs.VLLM_USE_PACKED_HMA_KV_CACHE:\n"
            "        return True\n"
            "    return False\n",
            "if envs.VLLM_USE_PACKED_HMA_KV_CACHE:",
        ),
    ),
    (
        "#46252 variable removed",
        "twin: a kept variable",
        K(
            "#46252",
            PH,
            PHW,
            "vllm/aeon/ph3.py",
            EV + "def aeon_kv_layout() -> str | None:\n    return envs.VLLM_KV_CACHE_LAYOUT\n",
            "return envs.VLLM_KV_CACHE_LAYOUT",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-envs2-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
