"""A blind replay of vLLM's environment-variable registry, whose variables a fork sets and reads.

10 first-parent commits on ``vllm/envs.py`` -- the registry a fork's launch code, config hooks and tests set
(``os.environ["VLLM_X"] = "1"``, a Ray ``runtime_env``'s ``env_vars``, a child's environment) and read
(``envs.VLLM_X``, ``getattr(envs, "VLLM_X")``, ``os.getenv("VLLM_X", default)``): ``env_with_choices``
introduced (``VLLM_WORKER_MULTIPROC_METHOD`` now ``fork``/``spawn`` only, ``CMAKE_BUILD_TYPE`` three build
types), ``VLLM_FLOAT32_MATMUL_PRECISION``'s choices replaced (``highest``/``high``/``medium`` ->
``ieee``/``tf32``), ``VLLM_HAS_FLASHINFER_CUBIN`` and ``VLLM_DISABLE_SHARED_EXPERTS_STREAM`` turned from the
raw string into ``bool(int(...))``, ``VLLM_FLASHINFER_ALLREDUCE_BACKEND``'s default moved from ``trtllm`` to
``auto``, ``compute_hash`` replaced by ``compile_factors``, ``VLLM_SKIP_DEEP_GEMM_WARMUP`` replaced by the
``VLLM_DEEP_GEMM_WARMUP`` choice, ``VLLM_USE_RAY_COMPILED_DAG_NCCL_CHANNEL`` replaced by
``VLLM_USE_RAY_COMPILED_DAG_CHANNEL_TYPE``, ``VLLM_USE_V2_MODEL_RUNNER`` turned from a ``bool`` into ``None``
unless set (an oracle then picks the runner), and ``VLLM_CONFIGURE_LOGGING`` from an ``int`` into a ``bool``
-- picked by scanning the path's diffs (``git log --first-parent -p``), avoiding the commits every other replay
uses (``blind_replay_config``, ``_kvconnect``, ``_vutils`` and ``env_replay`` cover parts of this surface).
Each is replayed under 1-3 fork spellings written the way fork code is written (a setting of the process
environment, a ``setdefault``, a Ray ``runtime_env`` dict key, an ``envs.`` read, a ``getattr`` with a literal,
a comparison with a literal, an ``is False`` test, a ``str()`` of the value handed to a child, an import, a
module function call, an ``os.getenv`` repeating the old default), with twins (fork code the commit does not
break: a kept choice, a kept variable, a truth test, an explicit pin of the variable, a log line).  The merge
base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on its
line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 6b4f6ff3): 9 caught, 3 warned, 9 missed of 21 (twins: 11 quiet,
0 false errors; one quiet twin warned: the log line of ``VLLM_FLOAT32_MATMUL_PRECISION``, whose default changed).
Name and symbol drift caught the removed ``compute_hash`` (call, import, ``getattr``), the replaced variables'
settings and reads, and env-default drift the comparisons with the old default and the old choice.  The misses:
#24761's two and #30428's one (a setting outside the choice list upstream now validates the value against: the
first read raises ValueError), #28159's three (``"true"``/``"yes"``, which the new ``int()`` refuses, and
``envs.VLLM_HAS_FLASHINFER_CUBIN == "1"``, a bool compared with a string now: never true), #28671's two (``str()``
and an f-string of a read that was an int and is a bool: ``"True"``, which the child's ``int()`` refuses) and
#38136's ``os.getenv(NAME, "trtllm")`` (the fork names no registry module, and the diff's hunk holds the
default's line of a multi-line ``env_with_choices`` entry, not the quoted name: env-default drift never reads the
file).  Warned by design: #15831's Ray ``runtime_env`` key (symbol drift: a dict's key may be no setting of the
environment) and #39337's two (a default made None: the fleet may set the variable).
After the killers187 widenings: 19 caught, 2 warned, 0 missed of 21 (twins: 11 quiet, 1 of them warned, 0 false
errors).  Caught now: a setting the registry's new choice list or numeric parse refuses, a comparison with strings
of a read that is no string now, a stringified read that turned from int into bool handed to an environment
(``drift/env_parsing.py``); a fork ``os.getenv`` repeating a default that sits alone on its line in a multi-line
registry entry, and an ``is False`` test of a flag whose default is None now (``drift/env_defaults.py``).  Still
warned, by design: #15831's ``runtime_env`` key and #39337's truth test (``not envs.X`` holds of None as of False;
only the oracle's choice moved, which the fleet may pin).
Regression set at the widenings' head: killer_replay 26/26, kind_change_replay 12/12 (5 quiet), review88_twins 7/7
(1 false error of 26: "only the copy stored", shadowed-attribute's, recorded there as before), review15_twins 8 caught,
1 warned of 9 (0 false of 40), review42_twins 6 caught, 1 warned of 7 (0 false of 31, 5 warned), blind_replay_config
16 caught, 1 warned of 17 (13 quiet, 0 false), blind_replay_flashinfer 21 caught, 1 warned of 22 (11 quiet),
blind_replay_runnerv2 21 caught, 1 warned of 22 (13 quiet), blind_replay_compiler 23 caught, 2 warned of 25 (11
quiet), blind_replay_vutils 15 caught, 4 warned of 19 (13 quiet): all as recorded; ``env_replay.py --limit 40``
the same at main (6b4f6ff3) and here: gone 38/40, default 37/37, default-raw 37/37, respelled 0/4 with a false
finding, twins 0/81 false errors (1/81 false warning).

The sixtieth landing's start sweep (main at 38ff2e7e): 19 caught, 2 warned of 21, 1 false error of 11 twins --
the fifty-ninth landing's ``drift/stale_value_tests.py`` took the ar3 twin's ``envs.VLLM_FLASHINFER_ALLREDUCE_BACKEND ==
"trtllm"`` for a test of the old default, though the fork stores ``os.environ[...]`` of the name first.  Mended:
a mapping key of the name stored (``os.environ["X"] = ...``, ``setdefault``, ``setenv``) counts as the fork's own
store: 19 caught, 2 warned of 21 (11 quiet, 1 of them warned, 0 false errors).

  python benchmarks/blind_replay_envvars.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

OS = "import os\n\n\n"
OSE = "import os\n\nimport vllm.envs as envs\n\n\n"
EV = "import vllm.envs as envs\n\n\n"

# --- #24761 (dd83a157f1): env_with_choices: values outside a choice list now raise at the read
CH = "dd83a157f1"
CHW = "VLLM_WORKER_MULTIPROC_METHOD and CMAKE_BUILD_TYPE validated against a choice list"
CASES += [
    (
        "#24761 choice list enforced",
        "a setting of the process environment outside the new choices",
        K(
            "#24761",
            CH,
            CHW,
            "vllm/aeon/ch1.py",
            OS + "def aeon_spark_mp_method() -> None:\n"
            "    # AEON: the Spark's aarch64 image forks CUDA badly; the forkserver starts workers cleanly\n"
            '    os.environ["VLLM_WORKER_MULTIPROC_METHOD"] = "forkserver"\n',
            'os.environ["VLLM_WORKER_MULTIPROC_METHOD"] = "forkserver"',
        ),
    ),
    (
        "#24761 choice list enforced",
        "a setdefault outside the new choices",
        K(
            "#24761",
            CH,
            CHW,
            "vllm/aeon/ch2.py",
            OS + "def aeon_spark_build_env() -> None:\n"
            "    # AEON: the GB10 image builds the sm_121a kernels small\n"
            '    os.environ.setdefault("CMAKE_BUILD_TYPE", "MinSizeRel")\n',
            'os.environ.setdefault("CMAKE_BUILD_TYPE", "MinSizeRel")',
        ),
    ),
    (
        "#24761 choice list enforced",
        "twin: a setting of a kept choice",
        K(
            "#24761",
            CH,
            CHW,
            "vllm/aeon/ch3.py",
            OS + "def aeon_spark_mp_spawn() -> None:\n"
            "    # AEON: the Spark's aarch64 image forks CUDA badly\n"
            '    os.environ["VLLM_WORKER_MULTIPROC_METHOD"] = "spawn"\n',
            'os.environ["VLLM_WORKER_MULTIPROC_METHOD"] = "spawn"',
        ),
    ),
    (
        "#24761 choice list enforced",
        "twin: a comparison of the read with a kept choice",
        K(
            "#24761",
            CH,
            CHW,
            "vllm/aeon/ch4.py",
            EV + "def aeon_workers_spawned() -> bool:\n"
            "    # AEON: spawned workers on the Spark re-import the NVFP4 kernels\n"
            '    return envs.VLLM_WORKER_MULTIPROC_METHOD == "spawn"\n',
            'return envs.VLLM_WORKER_MULTIPROC_METHOD == "spawn"',
        ),
    ),
]

# --- #30428 (d6464f2679): VLLM_FLOAT32_MATMUL_PRECISION's choices highest/high/medium -> ieee/tf32
FP = "d6464f2679"
FPW = "VLLM_FLOAT32_MATMUL_PRECISION's choices replaced, default highest -> ieee"
CASES += [
    (
        "#30428 choices replaced",
        "a setting of an old choice",
        K(
            "#30428",
            FP,
            FPW,
            "vllm/aeon/fp1.py",
            OS + "def aeon_spark_tf32() -> None:\n"
            "    # AEON: GB10's fp32 GEMMs run on TF32 tensor cores\n"
            '    os.environ["VLLM_FLOAT32_MATMUL_PRECISION"] = "high"\n',
            'os.environ["VLLM_FLOAT32_MATMUL_PRECISION"] = "high"',
        ),
    ),
    (
        "#30428 choices replaced",
        "a comparison of the read with an old choice",
        K(
            "#30428",
            FP,
            FPW,
            "vllm/aeon/fp2.py",
            EV + "def aeon_exact_fp32() -> bool:\n"
            "    # AEON: the NVFP4 calibration needs exact fp32 matmuls\n"
            '    return envs.VLLM_FLOAT32_MATMUL_PRECISION == "highest"\n',
            'return envs.VLLM_FLOAT32_MATMUL_PRECISION == "highest"',
        ),
    ),
    (
        "#30428 choices replaced",
        "twin: a log line of the value",
        K(
            "#30428",
            FP,
            FPW,
            "vllm/aeon/fp3.py",
            "import logging\n\nimport vllm.envs as envs\n\nlogger = logging.getLogger(__name__)\n\n\n"
            "def aeon_log_precision() -> None:\n"
            "    # AEON: the Spark's launch log records the fp32 matmul precision\n"
            '    logger.info("fp32 matmul precision: %s", envs.VLLM_FLOAT32_MATMUL_PRECISION)\n',
            'logger.info("fp32 matmul precision: %s", envs.VLLM_FLOAT32_MATMUL_PRECISION)',
        ),
    ),
]

# --- #28159 (90189c71a9): VLLM_HAS_FLASHINFER_CUBIN / VLLM_DISABLE_SHARED_EXPERTS_STREAM: raw string -> bool(int())
CB = "90189c71a9"
CBW = "VLLM_HAS_FLASHINFER_CUBIN and VLLM_DISABLE_SHARED_EXPERTS_STREAM parsed by bool(int(...))"
CASES += [
    (
        "#28159 string turned bool",
        "a setting to a word int() refuses",
        K(
            "#28159",
            CB,
            CBW,
            "vllm/aeon/cb1.py",
            OS + "def aeon_spark_cubins() -> None:\n"
            "    # AEON: the Spark image ships FlashInfer's sm_121a cubins pre-downloaded\n"
            '    os.environ["VLLM_HAS_FLASHINFER_CUBIN"] = "true"\n',
            'os.environ["VLLM_HAS_FLASHINFER_CUBIN"] = "true"',
        ),
    ),
    (
        "#28159 string turned bool",
        "a comparison of the read with a string",
        K(
            "#28159",
            CB,
            CBW,
            "vllm/aeon/cb2.py",
            EV + "def aeon_cubins_local() -> bool:\n"
            "    # AEON: the Spark image's cubins skip FlashInfer's download\n"
            '    return envs.VLLM_HAS_FLASHINFER_CUBIN == "1"\n',
            'return envs.VLLM_HAS_FLASHINFER_CUBIN == "1"',
        ),
    ),
    (
        "#28159 string turned bool",
        "a setdefault to a word int() refuses",
        K(
            "#28159",
            CB,
            CBW,
            "vllm/aeon/cb3.py",
            OS + "def aeon_spark_one_stream() -> None:\n"
            "    # AEON: GB10 has too few SMs to run the shared experts on a side stream\n"
            '    os.environ.setdefault("VLLM_DISABLE_SHARED_EXPERTS_STREAM", "yes")\n',
            'os.environ.setdefault("VLLM_DISABLE_SHARED_EXPERTS_STREAM", "yes")',
        ),
    ),
    (
        "#28159 string turned bool",
        "twin: a setting to 1 and a truth test",
        K(
            "#28159",
            CB,
            CBW,
            "vllm/aeon/cb4.py",
            OSE + "def aeon_spark_cubins_on() -> bool:\n"
            "    # AEON: the Spark image ships FlashInfer's sm_121a cubins pre-downloaded\n"
            '    os.environ["VLLM_HAS_FLASHINFER_CUBIN"] = "1"\n'
            "    return bool(envs.VLLM_HAS_FLASHINFER_CUBIN)\n",
            "return bool(envs.VLLM_HAS_FLASHINFER_CUBIN)",
        ),
    ),
]

# --- #38136 (0904b6550d): VLLM_FLASHINFER_ALLREDUCE_BACKEND's default trtllm -> auto (an env_with_choices default)
AR = "0904b6550d"
ARW = "VLLM_FLASHINFER_ALLREDUCE_BACKEND's default trtllm -> auto"
CASES += [
    (
        "#38136 choice default changed",
        "a comparison of the read with the old default",
        K(
            "#38136",
            AR,
            ARW,
            "vllm/aeon/ar1.py",
            EV + "def aeon_fuse_nvfp4_allreduce() -> bool:\n"
            "    # AEON: only the trtllm allreduce fuses the NVFP4 quant on the Spark pair\n"
            '    return envs.VLLM_FLASHINFER_ALLREDUCE_BACKEND == "trtllm"\n',
            'return envs.VLLM_FLASHINFER_ALLREDUCE_BACKEND == "trtllm"',
        ),
    ),
    (
        "#38136 choice default changed",
        "an os.getenv repeating the old default",
        K(
            "#38136",
            AR,
            ARW,
            "vllm/aeon/ar2.py",
            OS + "def aeon_allreduce_backend() -> str:\n"
            "    # AEON: the Spark pair's launch logs the allreduce backend upstream picks\n"
            '    return os.getenv("VLLM_FLASHINFER_ALLREDUCE_BACKEND", "trtllm")\n',
            'return os.getenv("VLLM_FLASHINFER_ALLREDUCE_BACKEND", "trtllm")',
        ),
    ),
    (
        "#38136 choice default changed",
        "twin: the fork pins the variable before reading it",
        K(
            "#38136",
            AR,
            ARW,
            "vllm/aeon/ar3.py",
            OSE + "def aeon_pinned_allreduce() -> bool:\n"
            "    # AEON: the Spark pair pins the trtllm allreduce, which fuses the NVFP4 quant\n"
            '    os.environ["VLLM_FLASHINFER_ALLREDUCE_BACKEND"] = "trtllm"\n'
            '    return envs.VLLM_FLASHINFER_ALLREDUCE_BACKEND == "trtllm"\n',
            'return envs.VLLM_FLASHINFER_ALLREDUCE_BACKEND == "trtllm"',
        ),
    ),
]

# --- #26468 (1ffe934c8a): envs.compute_hash() removed (compile_factors returns a dict of factors instead)
CF = "1ffe934c8a"
CFW = "envs.compute_hash removed for compile_factors"
CASES += [
    (
        "#26468 function removed",
        "a module function call",
        K(
            "#26468",
            CF,
            CFW,
            "vllm/aeon/cf1.py",
            EV + "def aeon_cache_key(model_tag: str) -> str:\n"
            "    # AEON: the Spark's compile cache is keyed on the env hash and the NVFP4 checkpoint\n"
            '    return f"{model_tag}-{envs.compute_hash()}"\n',
            'return f"{model_tag}-{envs.compute_hash()}"',
        ),
    ),
    (
        "#26468 function removed",
        "an import of the function",
        K(
            "#26468",
            CF,
            CFW,
            "vllm/aeon/cf2.py",
            "from vllm.envs import compute_hash\n\n\n"
            "def aeon_env_stamp() -> str:\n"
            "    # AEON: the Spark's compile-cache manifest records the env hash\n"
            "    return compute_hash()\n",
            "from vllm.envs import compute_hash",
        ),
    ),
    (
        "#26468 function removed",
        "a getattr of the function with a literal, called",
        K(
            "#26468",
            CF,
            CFW,
            "vllm/aeon/cf4.py",
            EV + "def aeon_env_digest() -> str:\n"
            "    # AEON: the Spark's compile-cache manifest records the env hash\n"
            '    return str(getattr(envs, "compute_hash")())\n',
            'return str(getattr(envs, "compute_hash")())',
        ),
    ),
    (
        "#26468 function removed",
        "twin: the registry table indexed by a kept key",
        K(
            "#26468",
            CF,
            CFW,
            "vllm/aeon/cf5.py",
            EV + "def aeon_backend_now() -> object:\n"
            "    # AEON: the Spark launch re-reads the attention backend after its own overrides\n"
            '    return envs.environment_variables["VLLM_ATTENTION_BACKEND"]()\n',
            'return envs.environment_variables["VLLM_ATTENTION_BACKEND"]()',
        ),
    ),
    (
        "#26468 function removed",
        "twin: is_set, kept",
        K(
            "#26468",
            CF,
            CFW,
            "vllm/aeon/cf3.py",
            EV + "def aeon_backend_forced() -> bool:\n"
            "    # AEON: the Spark launch leaves the attention backend to the fleet unless set\n"
            '    return envs.is_set("VLLM_ATTENTION_BACKEND")\n',
            'return envs.is_set("VLLM_ATTENTION_BACKEND")',
        ),
    ),
]

# --- #25619 (0d21b9b51e): VLLM_SKIP_DEEP_GEMM_WARMUP replaced by the VLLM_DEEP_GEMM_WARMUP choice
DG = "0d21b9b51e"
DGW = "VLLM_SKIP_DEEP_GEMM_WARMUP replaced by VLLM_DEEP_GEMM_WARMUP (skip/full/relax)"
CASES += [
    (
        "#25619 variable replaced",
        "a setting of the old variable",
        K(
            "#25619",
            DG,
            DGW,
            "vllm/aeon/dg1.py",
            OS + "def aeon_spark_no_deepgemm_warmup() -> None:\n"
            "    # AEON: DeepGEMM has no sm_121a kernels; its warmup only costs the Spark minutes\n"
            '    os.environ["VLLM_SKIP_DEEP_GEMM_WARMUP"] = "1"\n',
            'os.environ["VLLM_SKIP_DEEP_GEMM_WARMUP"] = "1"',
        ),
    ),
    (
        "#25619 variable replaced",
        "an envs. read of the old variable",
        K(
            "#25619",
            DG,
            DGW,
            "vllm/aeon/dg2.py",
            EV + "def aeon_warmup_budget_s() -> int:\n"
            "    # AEON: the Spark's health check waits out the DeepGEMM warmup\n"
            "    if envs.VLLM_SKIP_DEEP_GEMM_WARMUP:\n"
            "        return 60\n"
            "    return 600\n",
            "if envs.VLLM_SKIP_DEEP_GEMM_WARMUP:",
        ),
    ),
    (
        "#25619 variable replaced",
        "twin: a setting of a kept variable",
        K(
            "#25619",
            DG,
            DGW,
            "vllm/aeon/dg3.py",
            OS + "def aeon_spark_no_deepgemm() -> None:\n"
            "    # AEON: DeepGEMM has no sm_121a kernels\n"
            '    os.environ["VLLM_USE_DEEP_GEMM"] = "0"\n',
            'os.environ["VLLM_USE_DEEP_GEMM"] = "0"',
        ),
    ),
]

# --- #15831 (8dd41d6bcc): VLLM_USE_RAY_COMPILED_DAG_NCCL_CHANNEL replaced by ..._CHANNEL_TYPE (auto/nccl/shm)
RC = "8dd41d6bcc"
RCW = "VLLM_USE_RAY_COMPILED_DAG_NCCL_CHANNEL replaced by VLLM_USE_RAY_COMPILED_DAG_CHANNEL_TYPE"
CASES += [
    (
        "#15831 variable replaced",
        "a Ray runtime_env's env_vars key",
        K(
            "#15831",
            RC,
            RCW,
            "vllm/aeon/rc1.py",
            "def aeon_ray_runtime_env() -> dict[str, dict[str, str]]:\n"
            "    # AEON: the two-Spark pipeline talks over shared memory, not NCCL, between stages\n"
            "    return {\n"
            '        "env_vars": {\n'
            '            "VLLM_USE_RAY_COMPILED_DAG_NCCL_CHANNEL": "0",\n'
            '            "VLLM_USE_RAY_COMPILED_DAG_OVERLAP_COMM": "0",\n'
            "        }\n"
            "    }\n",
            '"VLLM_USE_RAY_COMPILED_DAG_NCCL_CHANNEL": "0",',
        ),
    ),
    (
        "#15831 variable replaced",
        "a getattr with a literal",
        K(
            "#15831",
            RC,
            RCW,
            "vllm/aeon/rc2.py",
            EV + "def aeon_stages_use_nccl() -> bool:\n"
            "    # AEON: the two-Spark pipeline sizes its NCCL buffers only when stages use NCCL\n"
            '    return bool(getattr(envs, "VLLM_USE_RAY_COMPILED_DAG_NCCL_CHANNEL"))\n',
            'return bool(getattr(envs, "VLLM_USE_RAY_COMPILED_DAG_NCCL_CHANNEL"))',
        ),
    ),
    (
        "#15831 variable replaced",
        "a setdefault of the old variable",
        K(
            "#15831",
            RC,
            RCW,
            "vllm/aeon/rc4.py",
            OS + "def aeon_spark_pp_shm() -> None:\n"
            "    # AEON: the two-Spark pipeline talks over shared memory, not NCCL, between stages\n"
            '    os.environ.setdefault("VLLM_USE_RAY_COMPILED_DAG_NCCL_CHANNEL", "0")\n',
            'os.environ.setdefault("VLLM_USE_RAY_COMPILED_DAG_NCCL_CHANNEL", "0")',
        ),
    ),
    (
        "#15831 variable replaced",
        "twin: a Ray runtime_env's key of a kept variable",
        K(
            "#15831",
            RC,
            RCW,
            "vllm/aeon/rc3.py",
            "def aeon_ray_overlap_env() -> dict[str, dict[str, str]]:\n"
            "    # AEON: the two-Spark pipeline keeps communication off the compute stream\n"
            '    return {"env_vars": {"VLLM_USE_RAY_COMPILED_DAG_OVERLAP_COMM": "0"}}\n',
            'return {"env_vars": {"VLLM_USE_RAY_COMPILED_DAG_OVERLAP_COMM": "0"}}',
        ),
    ),
]

# --- #39337 (ae4f59f0ec): VLLM_USE_V2_MODEL_RUNNER bool (default "0") -> None unless set; an oracle picks
V2 = "ae4f59f0ec"
V2W = "VLLM_USE_V2_MODEL_RUNNER: False when unset -> None (the config's oracle picks the runner)"
CASES += [
    (
        "#39337 bool turned optional",
        "an is False test of the read",
        K(
            "#39337",
            V2,
            V2W,
            "vllm/aeon/v21.py",
            EV + "def aeon_v1_runner() -> bool:\n"
            "    # AEON: the Spark's spec-decode hooks patch the v1 model runner only\n"
            "    return envs.VLLM_USE_V2_MODEL_RUNNER is False\n",
            "return envs.VLLM_USE_V2_MODEL_RUNNER is False",
        ),
    ),
    (
        "#39337 bool turned optional",
        "a not test of the read (unset: the oracle may now pick v2)",
        K(
            "#39337",
            V2,
            V2W,
            "vllm/aeon/v22.py",
            EV + "def aeon_runner_name() -> str:\n"
            "    # AEON: the Spark's spec-decode hooks patch the v1 model runner only\n"
            "    if not envs.VLLM_USE_V2_MODEL_RUNNER:\n"
            '        return "v1"\n'
            '    return "v2"\n',
            "if not envs.VLLM_USE_V2_MODEL_RUNNER:",
        ),
    ),
    (
        "#39337 bool turned optional",
        "twin: the fork pins the v1 runner",
        K(
            "#39337",
            V2,
            V2W,
            "vllm/aeon/v23.py",
            OS + "def aeon_spark_pin_v1() -> None:\n"
            "    # AEON: the Spark's spec-decode hooks patch the v1 model runner only\n"
            '    os.environ["VLLM_USE_V2_MODEL_RUNNER"] = "0"\n',
            'os.environ["VLLM_USE_V2_MODEL_RUNNER"] = "0"',
        ),
    ),
]

# --- #28671 (b5407869c8): VLLM_CONFIGURE_LOGGING int -> bool (str() of it is "True", which int() refuses)
CL = "b5407869c8"
CLW = "VLLM_CONFIGURE_LOGGING: int(...) -> bool(int(...))"
CASES += [
    (
        "#28671 int turned bool",
        "str() of the read handed to a child's environment",
        K(
            "#28671",
            CL,
            CLW,
            "vllm/aeon/cl1.py",
            OSE + "def aeon_child_env() -> dict[str, str]:\n"
            "    # AEON: the Spark's sidecar (the NVFP4 calibrator) logs as the server does\n"
            "    env = dict(os.environ)\n"
            '    env["VLLM_CONFIGURE_LOGGING"] = str(envs.VLLM_CONFIGURE_LOGGING)\n'
            "    return env\n",
            'env["VLLM_CONFIGURE_LOGGING"] = str(envs.VLLM_CONFIGURE_LOGGING)',
        ),
    ),
    (
        "#28671 int turned bool",
        "an f-string of the read in a child's command line",
        K(
            "#28671",
            CL,
            CLW,
            "vllm/aeon/cl2.py",
            EV + "def aeon_docker_env_args() -> list[str]:\n"
            "    # AEON: the Spark's sidecar container logs as the server does\n"
            '    return ["-e", f"VLLM_CONFIGURE_LOGGING={envs.VLLM_CONFIGURE_LOGGING}"]\n',
            'return ["-e", f"VLLM_CONFIGURE_LOGGING={envs.VLLM_CONFIGURE_LOGGING}"]',
        ),
    ),
    (
        "#28671 int turned bool",
        "twin: a comparison with 1 (True == 1)",
        K(
            "#28671",
            CL,
            CLW,
            "vllm/aeon/cl3.py",
            EV + "def aeon_logging_configured() -> bool:\n"
            "    # AEON: the Spark's launch adds its own handler only when vLLM configures none\n"
            "    return envs.VLLM_CONFIGURE_LOGGING == 1\n",
            "return envs.VLLM_CONFIGURE_LOGGING == 1",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-envvars-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
