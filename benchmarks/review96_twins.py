"""Adversarial twins of killers187's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a setting the registry's new parsing refuses (``drift/env_parsing.py``; #24761 ``env_with_choices``, #30428's
  replaced choices, #28159's ``bool(int(...))``): a kept or new choice, the setting in one arm of a version test
  whose other arm sets a value both parsings take, a ``try``/``except ValueError`` around the first read that
  falls back to a kept choice, a child's environment for the fork's own CMake (no registry reads it), a commented
  example, the settings of #8256833fe6 (``forkserver`` added) and #31585 (#30428 reverted): values the base refused
  and upstream takes;
- a comparison with strings of a read that is no string now (#28159): the raw ``os.getenv`` read (still a string),
  the comparison under an ``isinstance(..., str)`` test, the fork's own registry module of the name, a function's
  parameter named ``envs`` (the fork's snapshot of strings) shadowing the module;
- ``str()``/an f-string of a read that turned from int into bool (#28671): ``str(int(...))``, a conditional
  ``"1"``/``"0"``, a local re-read through ``int()``, a log line's ``NAME={...}`` f-string, a diagnostic report's
  ``{"NAME": str(...)}`` dumped to JSON;
- a default on a line of its own (``env_defaults._quoting``; #38136 ``"trtllm"`` -> ``"auto"``): the new default,
  the variable pinned before the read, another variable of the same file whose default stayed;
- an identity test of a flag whose default is None now (``env_defaults._flag_identity``; #39337, and #11394 which
  made ``VLLM_USE_FLASHINFER_SAMPLER``'s ``"0"`` a None the same way): ``is True`` (None answers as False did),
  ``bool(...) is False`` (a truth test), a scope that settles ``is None`` first, a local resolving None to the
  fork's choice, the variable pinned before the test, a parameter named ``envs`` (the fork's resolved flags).

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's catches of
these widenings, kept to show the reach stays, and three more real commits of the same shapes: #3975eb6de6's
revert of ``forkserver`` (a fork's ``"forkserver"`` setting raises again), #6837's ``bool(int(...))`` of
``VLLM_USE_RAY_COMPILED_DAG`` (a fork's ``"true"``), #11394's ``== False`` of a flag made None.

Round 1 (main at d7bae14e), 12 cases and 29 twins as first written: 12 caught of 12; 6 false errors of 29: the
refused setting before or inside a ``try`` whose ``except ValueError`` sets a kept choice (2: ``_settings`` looked
at the setting's line alone; the version test's two arms were a warning already, by the merge's reading of version
gates), a comparison under ``isinstance(v, str)`` of a local bound to the read (1), a parameter named ``envs``
holding the fork's snapshot of strings (1: the import's alias was taken for the module in every scope), a ``NAME=``
f-string in ``logger.info`` and a flat ``{"NAME": str(...)}`` handed to ``json.dumps`` (2: every variable-named key
or ``NAME=`` text counted as an environment).  On reflection every twin is correct after the merge; none moved.
(The file as first committed watched 15 lines that carried a trailing comment, which the replay's whole-line match
never finds: its first run counted those wrong; the comments moved above the lines and round 1 was rerun.)
Round 2 (this branch): a refused setting is a warning where the file sets the variable again, to a value upstream's
parsing takes, in another arm of an ``if``/``try`` or in a handler of ``ValueError`` (``_fallback``, reusing
env-value drift's ``_apart``); a comparison under ``isinstance(..., str)`` of the read or of a local bound to it is
quiet (``fallbacks.isinstance_guarded``); a read through a name an enclosing function binds itself is no read of
the module (``raised_kinds._bound_locally``); a ``NAME=`` f-string or a flat dict handed straight to a logging call,
``print`` without ``file=`` or ``json.dumps`` is a display, a warning (``logged_kwargs._logging_call``).  12 caught
of 12; 0 false errors of 29 (10 warned).
Round 3 (written after the mends, the mends' edges): two cases that must stay errors (an f-string ``print``-ed into
an environment file, a Ray runtime environment's ``env_vars`` dumped to JSON) and four twins (#3975eb6de6's revert
under a version test, ``isinstance(read, str)`` as an ``if`` before the comparison, a local ``envs`` bound to a
namespace of the raw environment, a console ``print`` of the ``NAME=`` text).  Main: 2 caught, 3 false errors of
4 (all but the version test).  This branch: 2 caught, 0 false errors of 4 (2 warned).
Round 4: the parameter-named-``envs`` shape on env-default drift's widened identity test (#39337: the launcher's
flags resolved to bools, ``envs.VLLM_USE_V2_MODEL_RUNNER is False`` through the parameter): a false error on main
and on round 2's engine (``env_defaults._fork_reads`` took the alias for the module in every scope too); the
shadow test moved to ``env_defaults.module_shadowed``, shared by both checks: quiet.
All rounds, main (d7bae14e): 14 caught of 14; 10 false errors of 34 twins.  This branch: 14 caught of 14; 0 false
errors of 34 twins (12 warned).
Regression set at this branch's head: ``blind_replay_envvars.py`` 19 caught, 2 warned, 0 missed of 21 (11 twins
quiet, 1 warned, 0 false), ``killer_replay.py`` 26/26, ``kind_change_replay.py`` 12/12 (5 quiet),
``blind_replay_config.py`` 16 caught, 1 warned of 17 (13 quiet, 2 of them warned, 0 false), ``env_replay.py --limit
40`` gone 38/40, default 37/37, default-raw 37/37, respelled 0/4 with a false finding, twins 0/81 false errors
(1/81 false warning); after round 2's mend also ``review88_twins.py`` 7/7 (1 false error of 26, recorded there):
all as recorded.

  PYTHONPATH=.. python review96_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

OS = "import os\n\n\n"
OSE = "import os\n\nimport vllm.envs as envs\n\n\n"
EV = "import vllm.envs as envs\n\n\n"

# --- dd83a157f1 (#24761): env_with_choices: a value outside the choice list raises at the first read
CH = ("#24761", "dd83a157f1", "VLLM_WORKER_MULTIPROC_METHOD and CMAKE_BUILD_TYPE validated against a choice list")
CASES += [
    (
        "#24761 choice list enforced",
        "a setting outside the new choices",
        K(
            *CH,
            "vllm/aeon/r96ch0.py",
            OS + "def aeon_mp() -> None:\n"
            "    # AEON: the Spark's aarch64 image forks CUDA badly\n"
            '    os.environ["VLLM_WORKER_MULTIPROC_METHOD"] = "forkserver"\n',
            'os.environ["VLLM_WORKER_MULTIPROC_METHOD"] = "forkserver"',
        ),
    ),
    (
        "#24761 choice list enforced",
        "a setdefault outside the new choices",
        K(
            *CH,
            "vllm/aeon/r96ch1.py",
            OS + "def aeon_build() -> None:\n"
            "    # AEON: the image builds the kernels small\n"
            '    os.environ.setdefault("CMAKE_BUILD_TYPE", "MinSizeRel")\n',
            'os.environ.setdefault("CMAKE_BUILD_TYPE", "MinSizeRel")',
        ),
    ),
]
TWINS += [
    (
        "#24761 choice list enforced",
        "twin: a setdefault of a kept choice",
        K(
            *CH,
            "vllm/aeon/r96ch2.py",
            OS + "def aeon_build() -> None:\n"
            "    # AEON: the image keeps symbols for the crash dumps\n"
            '    os.environ.setdefault("CMAKE_BUILD_TYPE", "RelWithDebInfo")\n',
            'os.environ.setdefault("CMAKE_BUILD_TYPE", "RelWithDebInfo")',
        ),
    ),
    (
        "#24761 choice list enforced",
        "twin: the old value in one arm of a version test, a kept choice in the other",
        K(
            *CH,
            "vllm/aeon/r96ch3.py",
            "import os\n\nfrom packaging.version import Version\n\nimport vllm\n\n\n"
            "def aeon_mp() -> None:\n"
            '    if Version(vllm.__version__) < Version("0.10.2"):\n'
            "        # AEON: older upstreams took the forkserver, which starts workers cleanly\n"
            '        os.environ["VLLM_WORKER_MULTIPROC_METHOD"] = "forkserver"\n'
            "    else:\n"
            '        os.environ["VLLM_WORKER_MULTIPROC_METHOD"] = "spawn"\n',
            '        os.environ["VLLM_WORKER_MULTIPROC_METHOD"] = "forkserver"',
        ),
    ),
    (
        "#24761 choice list enforced",
        "twin: the first read validates it, except ValueError falls back to a kept choice",
        K(
            *CH,
            "vllm/aeon/r96ch4.py",
            OSE + "def aeon_mp() -> str:\n"
            '    os.environ["VLLM_WORKER_MULTIPROC_METHOD"] = "forkserver"\n'
            "    try:\n"
            "        return envs.VLLM_WORKER_MULTIPROC_METHOD\n"
            "    except ValueError:\n"
            "        # AEON: newer upstreams validate the method; spawn is the safe one\n"
            '        os.environ["VLLM_WORKER_MULTIPROC_METHOD"] = "spawn"\n'
            "        return envs.VLLM_WORKER_MULTIPROC_METHOD\n",
            '    os.environ["VLLM_WORKER_MULTIPROC_METHOD"] = "forkserver"',
        ),
    ),
    (
        "#24761 choice list enforced",
        "twin: the fork's own CMake child's environment (no registry reads it)",
        K(
            *CH,
            "vllm/aeon/r96ch5.py",
            "import os\nimport subprocess\n\n\n"
            "def aeon_build_kernels(src: str) -> None:\n"
            "    # AEON: the fork's own extension builds small; CMake itself reads CMAKE_BUILD_TYPE\n"
            '    env = {**os.environ, "CMAKE_BUILD_TYPE": "MinSizeRel"}\n'
            '    subprocess.run(["cmake", "-S", src, "-B", "build"], env=env, check=True)\n',
            '    env = {**os.environ, "CMAKE_BUILD_TYPE": "MinSizeRel"}',
        ),
    ),
    (
        "#24761 choice list enforced",
        "twin: a commented example of the old setting",
        K(
            *CH,
            "vllm/aeon/r96ch6.py",
            OS + "def aeon_mp() -> None:\n"
            '    # AEON: was os.environ["VLLM_WORKER_MULTIPROC_METHOD"] = "forkserver" before upstream validated it\n'
            '    os.environ["VLLM_WORKER_MULTIPROC_METHOD"] = "spawn"\n',
            '    # AEON: was os.environ["VLLM_WORKER_MULTIPROC_METHOD"] = "forkserver" before upstream validated it',
        ),
    ),
]

# --- 8256833fe6 / 3975eb6de6: forkserver added to the choices, then the addition reverted
FS = ("#8256833fe6", "8256833fe6", "VLLM_WORKER_MULTIPROC_METHOD's choices gain forkserver")
RV = ("#3975eb6de6", "3975eb6de6", "forkserver taken out of VLLM_WORKER_MULTIPROC_METHOD's choices again (a revert)")
FORKSERVER = (
    OS + "def aeon_mp() -> None:\n"
    "    # AEON: the forkserver starts workers cleanly on the Spark\n"
    '    os.environ["VLLM_WORKER_MULTIPROC_METHOD"] = "forkserver"\n'
)
TWINS += [
    (
        "#8256833fe6 choice added",
        "twin: a setting the base refused and upstream takes",
        K(*FS, "vllm/aeon/r96fs1.py", FORKSERVER, 'os.environ["VLLM_WORKER_MULTIPROC_METHOD"] = "forkserver"'),
    ),
]
CASES += [
    (
        "#3975eb6de6 choice taken out",
        "a setting of the choice the revert took out",
        K(*RV, "vllm/aeon/r96rv0.py", FORKSERVER, 'os.environ["VLLM_WORKER_MULTIPROC_METHOD"] = "forkserver"'),
    ),
]

# --- d6464f2679 (#30428) / af9a7ec255 (#31585): VLLM_FLOAT32_MATMUL_PRECISION's choices replaced, then back
FP = ("#30428", "d6464f2679", "VLLM_FLOAT32_MATMUL_PRECISION's choices highest/high/medium -> ieee/tf32")
FB = ("#31585", "af9a7ec255", "#30428 reverted: ieee/tf32 -> highest/high/medium")
CASES += [
    (
        "#30428 choices replaced",
        "a setting of an old choice",
        K(
            *FP,
            "vllm/aeon/r96fp0.py",
            OS + "def aeon_tf32() -> None:\n"
            "    # AEON: fp32 GEMMs on TF32 cores\n"
            '    os.environ["VLLM_FLOAT32_MATMUL_PRECISION"] = "high"\n',
            'os.environ["VLLM_FLOAT32_MATMUL_PRECISION"] = "high"',
        ),
    ),
]
TWINS += [
    (
        "#30428 choices replaced",
        "twin: a setting of the new spelling, upper-cased (the list is case-insensitive)",
        K(
            *FP,
            "vllm/aeon/r96fp1.py",
            OS + "def aeon_tf32() -> None:\n"
            "    # AEON: fp32 GEMMs on TF32 cores\n"
            '    os.environ["VLLM_FLOAT32_MATMUL_PRECISION"] = "TF32"\n',
            'os.environ["VLLM_FLOAT32_MATMUL_PRECISION"] = "TF32"',
        ),
    ),
    (
        "#30428 choices replaced",
        "twin: the old choice in a try, the new one where the first read refuses it",
        K(
            *FP,
            "vllm/aeon/r96fp2.py",
            OSE + "def aeon_tf32() -> None:\n"
            "    try:\n"
            '        os.environ["VLLM_FLOAT32_MATMUL_PRECISION"] = "high"\n'
            "        # AEON: validate now, not in a worker\n"
            "        envs.VLLM_FLOAT32_MATMUL_PRECISION\n"
            "    except ValueError:\n"
            '        os.environ["VLLM_FLOAT32_MATMUL_PRECISION"] = "tf32"\n',
            '        os.environ["VLLM_FLOAT32_MATMUL_PRECISION"] = "high"',
        ),
    ),
    (
        "#30428 choices replaced",
        "twin: torch's own precision setter given the old word",
        K(
            *FP,
            "vllm/aeon/r96fp3.py",
            "import torch\n\n\n"
            "def aeon_tf32() -> None:\n"
            "    # AEON: torch still spells it so\n"
            '    torch.set_float32_matmul_precision("high")\n',
            '    torch.set_float32_matmul_precision("high")',
        ),
    ),
    (
        "#31585 choices restored",
        "twin: a setting the base refused and the revert takes again",
        K(
            *FB,
            "vllm/aeon/r96fb1.py",
            OS + "def aeon_tf32() -> None:\n"
            "    # AEON: fp32 GEMMs on TF32 cores\n"
            '    os.environ["VLLM_FLOAT32_MATMUL_PRECISION"] = "high"\n',
            'os.environ["VLLM_FLOAT32_MATMUL_PRECISION"] = "high"',
        ),
    ),
]

# --- 90189c71a9 (#28159): VLLM_HAS_FLASHINFER_CUBIN and friends: raw string / bool(raw) -> bool(int(...))
CB = ("#28159", "90189c71a9", "VLLM_HAS_FLASHINFER_CUBIN, VLLM_KEEP_ALIVE_ON_ENGINE_DEATH parsed by bool(int(...))")
CASES += [
    (
        "#28159 string turned bool",
        "a comparison of the read with a string",
        K(
            *CB,
            "vllm/aeon/r96cb0.py",
            EV + 'def aeon_cubins() -> bool:\n    return envs.VLLM_HAS_FLASHINFER_CUBIN == "1"\n',
            'return envs.VLLM_HAS_FLASHINFER_CUBIN == "1"',
        ),
    ),
    (
        "#28159 string turned bool",
        "a setting to a word int() refuses (bool() of it took anything)",
        K(
            *CB,
            "vllm/aeon/r96cb1.py",
            OS + "def aeon_keep_alive() -> None:\n"
            "    # AEON: the supervisor restarts it\n"
            '    os.environ["VLLM_KEEP_ALIVE_ON_ENGINE_DEATH"] = "true"\n',
            'os.environ["VLLM_KEEP_ALIVE_ON_ENGINE_DEATH"] = "true"',
        ),
    ),
]
TWINS += [
    (
        "#28159 string turned bool",
        "twin: the raw os.getenv read compared with a string (still a string)",
        K(
            *CB,
            "vllm/aeon/r96cb2.py",
            OS + "def aeon_cubins() -> bool:\n"
            "    # AEON: the image sets it to 1\n"
            '    return os.getenv("VLLM_HAS_FLASHINFER_CUBIN", "0") == "1"\n',
            'return os.getenv("VLLM_HAS_FLASHINFER_CUBIN", "0") == "1"',
        ),
    ),
    (
        "#28159 string turned bool",
        "twin: the comparison under an isinstance(..., str) test",
        K(
            *CB,
            "vllm/aeon/r96cb3.py",
            EV + "def aeon_cubins() -> bool:\n"
            "    cubin = envs.VLLM_HAS_FLASHINFER_CUBIN\n"
            "    return (\n"
            '        envs.VLLM_HAS_FLASHINFER_CUBIN == "1"\n'
            "        # AEON: older upstreams hand back the raw string\n"
            "        if isinstance(cubin, str)\n"
            "        else bool(cubin)\n"
            "    )\n",
            '        envs.VLLM_HAS_FLASHINFER_CUBIN == "1"',
        ),
    ),
    (
        "#28159 string turned bool",
        "twin: the fork's own registry module of the name",
        K(
            *CB,
            "vllm/aeon/r96cb4.py",
            "import vllm.aeon.spark_envs as envs\n\n\n"
            "def aeon_cubins() -> bool:\n"
            "    # AEON: the fork's own table keeps raw strings\n"
            '    return envs.VLLM_HAS_FLASHINFER_CUBIN == "1"\n',
            'return envs.VLLM_HAS_FLASHINFER_CUBIN == "1"',
        ),
    ),
    (
        "#28159 string turned bool",
        "twin: a parameter named envs (a snapshot of strings) shadowing the module",
        K(
            *CB,
            "vllm/aeon/r96cb5.py",
            "from types import SimpleNamespace\n\nimport vllm.envs as envs\n\n\n"
            "def aeon_snapshot() -> SimpleNamespace:\n"
            "    return SimpleNamespace(LEVEL=envs.VLLM_LOGGING_LEVEL)\n\n\n"
            "def aeon_child_cubins(envs: SimpleNamespace) -> bool:\n"
            "    # AEON: a child's environment as the launcher recorded it, raw strings\n"
            '    return envs.VLLM_HAS_FLASHINFER_CUBIN == "1"\n',
            'return envs.VLLM_HAS_FLASHINFER_CUBIN == "1"',
        ),
    ),
    (
        "#28159 string turned bool",
        "twin: a setting to 1 (both parsings take it)",
        K(
            *CB,
            "vllm/aeon/r96cb6.py",
            OS + "def aeon_keep_alive() -> None:\n"
            "    # AEON: the supervisor restarts it\n"
            '    os.environ.setdefault("VLLM_KEEP_ALIVE_ON_ENGINE_DEATH", "1")\n',
            'os.environ.setdefault("VLLM_KEEP_ALIVE_ON_ENGINE_DEATH", "1")',
        ),
    ),
]

# --- 05308891e2 (#6837): VLLM_USE_RAY_COMPILED_DAG: bool(os.getenv(..., 0)) -> bool(int(os.getenv(..., "0")))
RD = ("#6837", "05308891e2", "VLLM_USE_RAY_COMPILED_DAG parsed by bool(int(...))")
CASES += [
    (
        "#6837 bool(raw) turned bool(int)",
        "a setting to a word int() refuses",
        K(
            *RD,
            "vllm/aeon/r96rd0.py",
            OS + "def aeon_dag() -> None:\n"
            "    # AEON: the two-node pipeline\n"
            '    os.environ["VLLM_USE_RAY_COMPILED_DAG"] = "true"\n',
            'os.environ["VLLM_USE_RAY_COMPILED_DAG"] = "true"',
        ),
    ),
]

# --- b5407869c8 (#28671): VLLM_CONFIGURE_LOGGING int -> bool
CL = ("#28671", "b5407869c8", "VLLM_CONFIGURE_LOGGING: int(...) -> bool(int(...))")
CASES += [
    (
        "#28671 int turned bool",
        "str() of the read handed to a child's environment",
        K(
            *CL,
            "vllm/aeon/r96cl0.py",
            OSE + "def aeon_child_env() -> dict[str, str]:\n"
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
            *CL,
            "vllm/aeon/r96cl1.py",
            EV + "def aeon_docker_args() -> list[str]:\n"
            '    return ["-e", f"VLLM_CONFIGURE_LOGGING={envs.VLLM_CONFIGURE_LOGGING}"]\n',
            'return ["-e", f"VLLM_CONFIGURE_LOGGING={envs.VLLM_CONFIGURE_LOGGING}"]',
        ),
    ),
]
TWINS += [
    (
        "#28671 int turned bool",
        "twin: str(int(...)) handed to the child",
        K(
            *CL,
            "vllm/aeon/r96cl2.py",
            OSE + "def aeon_child_env() -> dict[str, str]:\n"
            "    env = dict(os.environ)\n"
            '    env["VLLM_CONFIGURE_LOGGING"] = str(int(envs.VLLM_CONFIGURE_LOGGING))\n'
            "    return env\n",
            'env["VLLM_CONFIGURE_LOGGING"] = str(int(envs.VLLM_CONFIGURE_LOGGING))',
        ),
    ),
    (
        "#28671 int turned bool",
        'twin: a conditional "1"/"0" handed to the child',
        K(
            *CL,
            "vllm/aeon/r96cl3.py",
            OSE + "def aeon_child_env() -> dict[str, str]:\n"
            "    env = dict(os.environ)\n"
            '    env["VLLM_CONFIGURE_LOGGING"] = "1" if envs.VLLM_CONFIGURE_LOGGING else "0"\n'
            "    return env\n",
            'env["VLLM_CONFIGURE_LOGGING"] = "1" if envs.VLLM_CONFIGURE_LOGGING else "0"',
        ),
    ),
    (
        "#28671 int turned bool",
        "twin: a local re-read through int(), stringified",
        K(
            *CL,
            "vllm/aeon/r96cl4.py",
            OSE + "def aeon_child_env() -> dict[str, str]:\n"
            "    configure = int(envs.VLLM_CONFIGURE_LOGGING)\n"
            '    return {**os.environ, "VLLM_CONFIGURE_LOGGING": str(configure)}\n',
            'return {**os.environ, "VLLM_CONFIGURE_LOGGING": str(configure)}',
        ),
    ),
    (
        "#28671 int turned bool",
        "twin: a log line's NAME={...} f-string",
        K(
            *CL,
            "vllm/aeon/r96cl5.py",
            "import logging\n\nimport vllm.envs as envs\n\nlogger = logging.getLogger(__name__)\n\n\n"
            "def aeon_log_setup() -> None:\n"
            "    # AEON: launch log\n"
            '    logger.info(f"VLLM_CONFIGURE_LOGGING={envs.VLLM_CONFIGURE_LOGGING}")\n',
            'logger.info(f"VLLM_CONFIGURE_LOGGING={envs.VLLM_CONFIGURE_LOGGING}")',
        ),
    ),
    (
        "#28671 int turned bool",
        "twin: a diagnostic report's item dumped to JSON",
        K(
            *CL,
            "vllm/aeon/r96cl6.py",
            "import json\n\nimport vllm.envs as envs\n\n\n"
            "def aeon_bug_report() -> str:\n"
            "    # AEON: the Spark's bug report lists the logging switches as text\n"
            '    return json.dumps({"VLLM_CONFIGURE_LOGGING": str(envs.VLLM_CONFIGURE_LOGGING)})\n',
            'return json.dumps({"VLLM_CONFIGURE_LOGGING": str(envs.VLLM_CONFIGURE_LOGGING)})',
        ),
    ),
]

# --- 0904b6550d (#38136): VLLM_FLASHINFER_ALLREDUCE_BACKEND's default, alone on its line, trtllm -> auto
AR = ("#38136", "0904b6550d", "VLLM_FLASHINFER_ALLREDUCE_BACKEND's default trtllm -> auto")
CASES += [
    (
        "#38136 lone default changed",
        "an os.getenv repeating the old default",
        K(
            *AR,
            "vllm/aeon/r96ar0.py",
            OS + "def aeon_backend() -> str:\n"
            "    # AEON: logged at launch\n"
            '    return os.getenv("VLLM_FLASHINFER_ALLREDUCE_BACKEND", "trtllm")\n',
            'return os.getenv("VLLM_FLASHINFER_ALLREDUCE_BACKEND", "trtllm")',
        ),
    ),
]
TWINS += [
    (
        "#38136 lone default changed",
        "twin: an os.getenv with the new default",
        K(
            *AR,
            "vllm/aeon/r96ar1.py",
            OS + "def aeon_backend() -> str:\n"
            "    # AEON: logged at launch\n"
            '    return os.getenv("VLLM_FLASHINFER_ALLREDUCE_BACKEND", "auto")\n',
            'return os.getenv("VLLM_FLASHINFER_ALLREDUCE_BACKEND", "auto")',
        ),
    ),
    (
        "#38136 lone default changed",
        "twin: the variable pinned before the read",
        K(
            *AR,
            "vllm/aeon/r96ar2.py",
            OS + "def aeon_backend() -> str:\n"
            "    # AEON: fuses the quant\n"
            '    os.environ.setdefault("VLLM_FLASHINFER_ALLREDUCE_BACKEND", "trtllm")\n'
            '    return os.getenv("VLLM_FLASHINFER_ALLREDUCE_BACKEND", "trtllm")\n',
            'return os.getenv("VLLM_FLASHINFER_ALLREDUCE_BACKEND", "trtllm")',
        ),
    ),
    (
        "#38136 lone default changed",
        "twin: another variable of the file, its default kept",
        K(
            *AR,
            "vllm/aeon/r96ar3.py",
            OS + "def aeon_moe_backend() -> str:\n"
            "    # AEON: logged at launch\n"
            '    return os.getenv("VLLM_FLASHINFER_MOE_BACKEND", "latency")\n',
            'return os.getenv("VLLM_FLASHINFER_MOE_BACKEND", "latency")',
        ),
    ),
]

# --- ae4f59f0ec (#39337): VLLM_USE_V2_MODEL_RUNNER "0" -> None unless set (an oracle picks the runner)
V2 = ("#39337", "ae4f59f0ec", "VLLM_USE_V2_MODEL_RUNNER: False when unset -> None")
CASES += [
    (
        "#39337 flag made None",
        "an is False test of the read",
        K(
            *V2,
            "vllm/aeon/r96v20.py",
            EV + "def aeon_v1() -> bool:\n    return envs.VLLM_USE_V2_MODEL_RUNNER is False\n",
            "return envs.VLLM_USE_V2_MODEL_RUNNER is False",
        ),
    ),
]
TWINS += [
    (
        "#39337 flag made None",
        "twin: bool() of the read is False (a truth test)",
        K(
            *V2,
            "vllm/aeon/r96v21.py",
            EV + "def aeon_not_forced_v2() -> bool:\n"
            "    # AEON: the fleet forces v2 only by setting the variable\n"
            "    return bool(envs.VLLM_USE_V2_MODEL_RUNNER) is False\n",
            "return bool(envs.VLLM_USE_V2_MODEL_RUNNER) is False",
        ),
    ),
    (
        "#39337 flag made None",
        "twin: a scope that settles is None first",
        K(
            *V2,
            "vllm/aeon/r96v22.py",
            EV + "def aeon_v1(config_says_v2: bool) -> bool:\n"
            "    if envs.VLLM_USE_V2_MODEL_RUNNER is None:\n"
            "        # AEON: unset, the config's oracle decides\n"
            "        return not config_says_v2\n"
            "    return envs.VLLM_USE_V2_MODEL_RUNNER is False\n",
            "    return envs.VLLM_USE_V2_MODEL_RUNNER is False",
        ),
    ),
    (
        "#39337 flag made None",
        "twin: a local resolving None to the fork's choice, then tested",
        K(
            *V2,
            "vllm/aeon/r96v23.py",
            EV + "def aeon_v1() -> bool:\n"
            "    use_v2 = envs.VLLM_USE_V2_MODEL_RUNNER\n"
            "    if use_v2 is None:\n"
            "        # AEON: the Spark pins v1 unless the fleet says otherwise\n"
            "        use_v2 = False\n"
            "    return use_v2 is False\n",
            "    return use_v2 is False",
        ),
    ),
    (
        "#39337 flag made None",
        "twin: the variable pinned before the test",
        K(
            *V2,
            "vllm/aeon/r96v24.py",
            OSE + "def aeon_v1() -> bool:\n"
            "    # AEON: the hooks patch v1 only\n"
            '    os.environ.setdefault("VLLM_USE_V2_MODEL_RUNNER", "0")\n'
            "    return envs.VLLM_USE_V2_MODEL_RUNNER is False\n",
            "    return envs.VLLM_USE_V2_MODEL_RUNNER is False",
        ),
    ),
]

# --- 371d04d39b (#11394): VLLM_USE_FLASHINFER_SAMPLER "0" -> None unless set
FI = ("#11394", "371d04d39b", "VLLM_USE_FLASHINFER_SAMPLER: False when unset -> None")
CASES += [
    (
        "#11394 flag made None",
        "an == False test of the read",
        K(
            *FI,
            "vllm/aeon/r96fi0.py",
            EV + "def aeon_torch_sampler() -> bool:\n    return envs.VLLM_USE_FLASHINFER_SAMPLER == False\n",
            "return envs.VLLM_USE_FLASHINFER_SAMPLER == False",
        ),
    ),
]
TWINS += [
    (
        "#11394 flag made None",
        "twin: is True (None answers as False did)",
        K(
            *FI,
            "vllm/aeon/r96fi1.py",
            EV + "def aeon_forced_flashinfer() -> bool:\n"
            "    # AEON: the fleet forces the FlashInfer sampler only by setting the variable\n"
            "    return envs.VLLM_USE_FLASHINFER_SAMPLER is True\n",
            "return envs.VLLM_USE_FLASHINFER_SAMPLER is True",
        ),
    ),
    (
        "#11394 flag made None",
        "twin: explicitly off (is not None and falsy)",
        K(
            *FI,
            "vllm/aeon/r96fi2.py",
            EV + "def aeon_opted_out() -> bool:\n"
            "    flag = envs.VLLM_USE_FLASHINFER_SAMPLER\n"
            "    # AEON: only an explicit 0 opts out\n"
            "    return flag is not None and flag is False\n",
            "return flag is not None and flag is False",
        ),
    ),
]


# --- round 3, written after the mends: the mends' edges on the same commits (and #3975eb6de6's revert)
CASES += [
    (
        "#28671 int turned bool",
        "an f-string printed into an environment file",
        K(
            *CL,
            "vllm/aeon/r96cl7.py",
            EV + "def aeon_env_file(path: str) -> None:\n"
            "    # AEON: the sidecar container reads the server's logging switch from an env file\n"
            "    with open(path, 'a') as env_file:\n"
            '        print(f"VLLM_CONFIGURE_LOGGING={envs.VLLM_CONFIGURE_LOGGING}", file=env_file)\n',
            'print(f"VLLM_CONFIGURE_LOGGING={envs.VLLM_CONFIGURE_LOGGING}", file=env_file)',
        ),
    ),
    (
        "#28671 int turned bool",
        "a Ray runtime environment's env_vars dumped to JSON",
        K(
            *CL,
            "vllm/aeon/r96cl8.py",
            "import json\n\nimport vllm.envs as envs\n\n\n"
            "def aeon_runtime_env_json() -> str:\n"
            "    # AEON: the Ray job's workers log as the server does\n"
            '    return json.dumps({"env_vars": {"VLLM_CONFIGURE_LOGGING": str(envs.VLLM_CONFIGURE_LOGGING)}})\n',
            'return json.dumps({"env_vars": {"VLLM_CONFIGURE_LOGGING": str(envs.VLLM_CONFIGURE_LOGGING)}})',
        ),
    ),
]
TWINS += [
    (
        "#3975eb6de6 choice taken out",
        "twin: forkserver in one arm of a version test, spawn in the other",
        K(
            *RV,
            "vllm/aeon/r96rv1.py",
            "import os\n\nfrom packaging.version import Version\n\nimport vllm\n\n\n"
            "def aeon_mp() -> None:\n"
            "    # AEON: the forkserver starts workers cleanly where upstream takes it\n"
            '    if Version(vllm.__version__) >= Version("0.21"):\n'
            '        os.environ["VLLM_WORKER_MULTIPROC_METHOD"] = "spawn"\n'
            "    else:\n"
            '        os.environ["VLLM_WORKER_MULTIPROC_METHOD"] = "forkserver"\n',
            '        os.environ["VLLM_WORKER_MULTIPROC_METHOD"] = "forkserver"',
        ),
    ),
    (
        "#28159 string turned bool",
        "twin: isinstance(read, str) and-ed before the comparison",
        K(
            *CB,
            "vllm/aeon/r96cb7.py",
            EV + "def aeon_cubins() -> bool:\n"
            "    # AEON: older upstreams hand back the raw string, newer a bool\n"
            "    if isinstance(envs.VLLM_HAS_FLASHINFER_CUBIN, str):\n"
            '        return envs.VLLM_HAS_FLASHINFER_CUBIN == "1"\n'
            "    return bool(envs.VLLM_HAS_FLASHINFER_CUBIN)\n",
            'return envs.VLLM_HAS_FLASHINFER_CUBIN == "1"',
        ),
    ),
    (
        "#28159 string turned bool",
        "twin: a local named envs bound to a namespace of the raw environment",
        K(
            *CB,
            "vllm/aeon/r96cb8.py",
            "import os\nfrom types import SimpleNamespace\n\nimport vllm.envs as envs\n\n\n"
            "def aeon_level() -> str:\n"
            "    return envs.VLLM_LOGGING_LEVEL\n\n\n"
            "def aeon_raw_cubins() -> bool:\n"
            "    # AEON: the raw strings, as a child launched with this environment sees them\n"
            "    envs = SimpleNamespace(**os.environ)\n"
            '    return getattr(envs, "VLLM_HAS_FLASHINFER_CUBIN", "0") == "1"\n',
            'return getattr(envs, "VLLM_HAS_FLASHINFER_CUBIN", "0") == "1"',
        ),
    ),
    (
        "#28671 int turned bool",
        "twin: a console print of the NAME={...} text",
        K(
            *CL,
            "vllm/aeon/r96cl9.py",
            EV + "def aeon_show_setup() -> None:\n"
            "    # AEON: the launch script echoes the logging switch\n"
            '    print(f"VLLM_CONFIGURE_LOGGING={envs.VLLM_CONFIGURE_LOGGING}")\n',
            'print(f"VLLM_CONFIGURE_LOGGING={envs.VLLM_CONFIGURE_LOGGING}")',
        ),
    ),
]

TWINS += [
    (
        "#39337 flag made None",
        "twin: a parameter named envs (the fork's resolved flags) tested is False",
        K(
            *V2,
            "vllm/aeon/r96v25.py",
            "from types import SimpleNamespace\n\nimport vllm.envs as envs\n\n\n"
            "def aeon_level() -> str:\n"
            "    return envs.VLLM_LOGGING_LEVEL\n\n\n"
            "def aeon_v1(envs: SimpleNamespace) -> bool:\n"
            "    # AEON: the launcher's flags, resolved to bools before the workers start\n"
            "    return envs.VLLM_USE_V2_MODEL_RUNNER is False\n",
            "return envs.VLLM_USE_V2_MODEL_RUNNER is False",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review96-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
