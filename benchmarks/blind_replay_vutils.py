"""A blind replay of the utility package split, the v1 utilities, the environment-variable table and the logger.

12 first-parent commits on the surface every fork imports from without thinking about it -- the old
``vllm.utils`` monolith carved into ``vllm/utils/*.py`` submodules during 2025 with its re-exports dropped
later (``FlexibleArgumentParser``/``cdiv`` no longer re-exported and ``is_pin_memory_available`` gone from
``vllm.utils``, ``get_mp_context``/``kill_process_tree`` moved to ``system_utils``, the duplicate ``has_*``
probes removed, ``prev_power_of_2``/``deprecate_kwargs`` removed, ``vllm.utils.profiling`` deleted,
``AsyncMicrobatchTokenizer`` removed), ``vllm/v1/utils.py`` (``bind_kv_cache`` moved to the worker's
utils), ``vllm/envs.py`` (``VLLM_USE_V1`` and ``set_vllm_use_v1`` removed, the ``VLLM_TORCH_PROFILER_*``
variables removed, ``AITER_SITUV2_A8W4`` renamed, ``VLLM_USE_RAY_V2_EXECUTOR_BACKEND`` defaulting to on) and
``vllm/logger.py`` (``*_once`` logging once per node by default) -- picked by scanning those paths' diffs
(``git log --first-parent -p``), avoiding the commits the other replays use.  Each is replayed under 1-3 fork
spellings written the way fork code is written (a ``from`` import of a dropped re-export, a module attribute
read off ``import vllm.utils as ...``, a decorator, a subclass of a removed class, a read of a removed
environment variable off ``envs``, an ``os.environ`` write of a variable nothing reads any more, a branch on
a flipped default), with twins (fork code the commit does not break).  The merge base is the commit's first
parent, upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a
warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 9bdf94ca): 14 caught, 3 warned, 2 missed of 19 (twins: 13
quiet, 0 false errors).  The misses: #33536's two (``envs.VLLM_TORCH_PROFILER_DIR`` read, and
``os.environ['VLLM_TORCH_PROFILER_DIR'] = path``): upstream removed the config's fallback that read the
variables and their ``TYPE_CHECKING`` stubs but kept the registry's lambdas, so the name lives on in
``vllm/envs.py`` and name drift, which asks that it be gone, said nothing; the fork's setting turns nothing on.
Warned by design: #41421's branch on ``VLLM_USE_RAY_V2_EXECUTOR_BACKEND`` (env default drift: the fleet may
set it) and #37568's ``logger.warning_once(...)`` without ``scope=`` (default drift: the call still logs, once a
node).  #45759's subclass counts as warned only because its error lands on the import line (line 1), not the
``class`` line the spelling names: the merge is stopped there all the same.
After killers92: 15 caught, 4 warned, 0 missed of 19 (twins: 13 quiet, 0 false errors).  Caught now: a
fork's ``os.environ[NAME] =`` / ``setdefault`` of a variable upstream still registers with a lambda that reads
it, whose last reader upstream's diff removed (name drift, ``drift/orphaned_envs.py``); its read off ``envs``
is a warning (the value still comes back; upstream no longer acts on it).
After fixAH (a setting the fork's own non-Python reader names, a C++ ``getenv`` or a script's ``"$NAME"``, a
warning): unchanged, 15 caught, 4 warned, 0 missed of 19 (twins: 13 quiet, 0 false errors).

  python benchmarks/blind_replay_vutils.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #27552 (7c2bdb83dc): vllm.utils drops its argparse/math re-exports; is_pin_memory_available, weak_bind,
#     get_exception_traceback and bind_kv_cache removed from vllm.utils
CU = "7c2bdb83dc"
CUW = "vllm.utils re-exports dropped, helpers removed"
CASES += [
    (
        "#27552 re-export dropped",
        "a from-import of the dropped re-export",
        K(
            "#27552",
            CU,
            CUW,
            "vllm/aeon/cu1.py",
            "from vllm.utils import FlexibleArgumentParser\n\n\n"
            "def aeon_parser() -> FlexibleArgumentParser:\n"
            "    # AEON: the Spark launcher adds its own flags before the server's\n"
            "    parser = FlexibleArgumentParser(prog='spark-serve')\n"
            "    parser.add_argument('--aeon-node', default='spark-0')\n"
            "    return parser\n",
            "from vllm.utils import FlexibleArgumentParser",
        ),
    ),
    (
        "#27552 re-export dropped",
        "a module attribute off import vllm.utils",
        K(
            "#27552",
            CU,
            CUW,
            "vllm/aeon/cu2.py",
            "import vllm.utils as vutils\n\n\n"
            "def aeon_num_blocks(num_tokens: int, block_size: int) -> int:\n"
            "    return vutils.cdiv(num_tokens, block_size)\n",
            "return vutils.cdiv(num_tokens, block_size)",
        ),
    ),
    (
        "#27552 helper removed",
        "a from-import of a removed helper",
        K(
            "#27552",
            CU,
            CUW,
            "vllm/aeon/cu3.py",
            "import torch\n\nfrom vllm.utils import is_pin_memory_available\n\n\n"
            "def aeon_staging(n: int) -> torch.Tensor:\n"
            "    # AEON: unified memory on GB10 -- pin only where the platform can\n"
            "    return torch.empty(n, pin_memory=is_pin_memory_available())\n",
            "from vllm.utils import is_pin_memory_available",
        ),
    ),
    (
        "#27552 re-export dropped",
        "twin: a name vllm.utils keeps",
        K(
            "#27552",
            CU,
            CUW,
            "vllm/aeon/cu4.py",
            "from vllm.utils import random_uuid\n\n\n"
            "def aeon_request_id() -> str:\n"
            "    return 'aeon-' + random_uuid()\n",
            "from vllm.utils import random_uuid",
        ),
    ),
    (
        "#27552 re-export dropped",
        "twin: the submodule's own spelling",
        K(
            "#27552",
            CU,
            CUW,
            "vllm/aeon/cu5.py",
            "from vllm.utils.math_utils import cdiv\n\n\n"
            "def aeon_num_blocks2(num_tokens: int, block_size: int) -> int:\n"
            "    return cdiv(num_tokens, block_size)\n",
            "return cdiv(num_tokens, block_size)",
        ),
    ),
]

# --- #27567 (6ebffafbb6): get_mp_context, kill_process_tree, set_ulimit, run_method... moved out of vllm.utils
MP = "6ebffafbb6"
MPW = "process helpers moved out of vllm.utils"
CASES += [
    (
        "#27567 helper moved",
        "a call through import vllm.utils",
        K(
            "#27567",
            MP,
            MPW,
            "vllm/aeon/mp1.py",
            "import vllm.utils\n\n\n"
            "def aeon_reap(pid: int) -> None:\n"
            "    # AEON: the Spark's watchdog reaps a hung engine core\n"
            "    vllm.utils.kill_process_tree(pid)\n",
            "vllm.utils.kill_process_tree(pid)",
        ),
    ),
    (
        "#27567 helper moved",
        "a from-import with a kept name beside it",
        K(
            "#27567",
            MP,
            MPW,
            "vllm/aeon/mp2.py",
            "from vllm.utils import Counter, get_mp_context\n\n\n"
            "def aeon_spawn(target) -> object:\n"
            "    ctx = get_mp_context()\n"
            "    return ctx.Process(target=target, name=f'aeon-{next(Counter())}')\n",
            "from vllm.utils import Counter, get_mp_context",
        ),
    ),
    (
        "#27567 helper moved",
        "twin: a name vllm.utils keeps",
        K(
            "#27567",
            MP,
            MPW,
            "vllm/aeon/mp3.py",
            "from vllm.utils import AtomicCounter\n\n_INFLIGHT = AtomicCounter()\n\n\n"
            "def aeon_enter() -> int:\n"
            "    return _INFLIGHT.inc()\n",
            "from vllm.utils import AtomicCounter",
        ),
    ),
]

# --- #27372 (e255d92990): the duplicate has_* probes removed from vllm.utils (kept in import_utils)
HD = "e255d92990"
HDW = "vllm.utils.has_deep_gemm and friends removed"
CASES += [
    (
        "#27372 duplicate probe removed",
        "a from-import of the removed probe",
        K(
            "#27372",
            HD,
            HDW,
            "vllm/aeon/hd1.py",
            "from vllm.utils import has_deep_gemm\n\n\n"
            "def aeon_fp8_backend() -> str:\n"
            "    # AEON: no DeepGEMM wheel for aarch64 yet; fall back to cutlass\n"
            "    return 'deepgemm' if has_deep_gemm() else 'cutlass'\n",
            "from vllm.utils import has_deep_gemm",
        ),
    ),
    (
        "#27372 duplicate probe removed",
        "twin: the import_utils probe",
        K(
            "#27372",
            HD,
            HDW,
            "vllm/aeon/hd2.py",
            "from vllm.utils.import_utils import has_deep_gemm\n\n\n"
            "def aeon_fp8_backend2() -> str:\n"
            "    return 'deepgemm' if has_deep_gemm() else 'cutlass'\n",
            "return 'deepgemm' if has_deep_gemm() else 'cutlass'",
        ),
    ),
]

# --- #38153 (bf5eec638d): deprecate_args/deprecate_kwargs and prev_power_of_2 removed
DK = "bf5eec638d"
DKW = "deprecate_kwargs and prev_power_of_2 removed"
CASES += [
    (
        "#38153 helper removed",
        "a decorator from the removed helper",
        K(
            "#38153",
            DK,
            DKW,
            "vllm/aeon/dk1.py",
            "from vllm.utils.func_utils import deprecate_kwargs\n\n\n"
            "@deprecate_kwargs('spark_node', additional_message='use aeon_node')\n"
            "def aeon_place(aeon_node: str = 'spark-0', spark_node: str | None = None) -> str:\n"
            "    return spark_node or aeon_node\n",
            "from vllm.utils.func_utils import deprecate_kwargs",
        ),
    ),
    (
        "#38153 helper removed",
        "a module attribute off the math module",
        K(
            "#38153",
            DK,
            DKW,
            "vllm/aeon/dk2.py",
            "from vllm.utils import math_utils\n\n\n"
            "def aeon_bucket(n: int) -> int:\n"
            "    # AEON: capture sizes snap down to a power of two on the Spark\n"
            "    return math_utils.prev_power_of_2(n)\n",
            "return math_utils.prev_power_of_2(n)",
        ),
    ),
    (
        "#38153 helper removed",
        "twin: a kept sibling of the removed helper",
        K(
            "#38153",
            DK,
            DKW,
            "vllm/aeon/dk3.py",
            "from vllm.utils import math_utils\n\n\n"
            "def aeon_bucket_up(n: int) -> int:\n"
            "    return math_utils.next_power_of_2(n)\n",
            "return math_utils.next_power_of_2(n)",
        ),
    ),
]

# --- #43358 (c02c758ea4): vllm.utils.profiling (cprofile, cprofile_context) deleted
CP = "c02c758ea4"
CPW = "vllm.utils.profiling deleted"
CASES += [
    (
        "#43358 module deleted",
        "a with-block from the deleted module",
        K(
            "#43358",
            CP,
            CPW,
            "vllm/aeon/cp1.py",
            "from vllm.utils.profiling import cprofile_context\n\n\n"
            "def aeon_profiled_step(step) -> None:\n"
            "    with cprofile_context('/tmp/aeon-step.prof'):\n"
            "        step()\n",
            "from vllm.utils.profiling import cprofile_context",
        ),
    ),
    (
        "#43358 module deleted",
        "twin: a kept utils submodule",
        K(
            "#43358",
            CP,
            CPW,
            "vllm/aeon/cp2.py",
            "from vllm.utils.func_utils import run_once\n\n\n"
            "@run_once\n"
            "def aeon_banner() -> None:\n"
            "    print('aeon')\n",
            "from vllm.utils.func_utils import run_once",
        ),
    ),
]

# --- #45759 (c4fd9794e9): AsyncMicrobatchTokenizer removed from vllm.utils.async_utils
MT = "c4fd9794e9"
MTW = "AsyncMicrobatchTokenizer removed"
AU = "from vllm.utils.async_utils import AsyncMicrobatchTokenizer\n\n\n"
CASES += [
    (
        "#45759 class removed",
        "a subclass of the removed class",
        K(
            "#45759",
            MT,
            MTW,
            "vllm/aeon/mt1.py",
            AU + "class AeonMicrobatchTokenizer(AsyncMicrobatchTokenizer):\n"
            "    # AEON: a smaller batch window for the Spark's single CPU socket\n"
            "    def __init__(self, tokenizer) -> None:\n"
            "        super().__init__(tokenizer, max_batch_size=8, batch_wait_timeout_s=0.001)\n",
            "class AeonMicrobatchTokenizer(AsyncMicrobatchTokenizer):",
        ),
    ),
    (
        "#45759 class removed",
        "twin: a kept async helper",
        K(
            "#45759",
            MT,
            MTW,
            "vllm/aeon/mt2.py",
            "from vllm.utils.async_utils import make_async\n\n\n"
            "def aeon_async_encode(tokenizer):\n"
            "    return make_async(tokenizer.encode)\n",
            "return make_async(tokenizer.encode)",
        ),
    ),
]

# --- #20900 (1e9438e0b0): bind_kv_cache moved from vllm.v1.utils to vllm.v1.worker.utils
BK = "1e9438e0b0"
BKW = "bind_kv_cache moved out of vllm.v1.utils"
CASES += [
    (
        "#20900 function moved",
        "a from-import off the old module",
        K(
            "#20900",
            BK,
            BKW,
            "vllm/aeon/bk1.py",
            "from vllm.v1.utils import bind_kv_cache\n\n\n"
            "def aeon_bind(kv_caches, forward_context, runner_kv_caches) -> None:\n"
            "    # AEON: the Spark runner binds its unified-memory caches itself\n"
            "    bind_kv_cache(kv_caches, forward_context, runner_kv_caches)\n",
            "from vllm.v1.utils import bind_kv_cache",
        ),
    ),
    (
        "#20900 function moved",
        "a module attribute off the old module",
        K(
            "#20900",
            BK,
            BKW,
            "vllm/aeon/bk2.py",
            "from vllm.v1 import utils as v1_utils\n\n\n"
            "def aeon_bind2(kv_caches, forward_context, runner_kv_caches) -> None:\n"
            "    v1_utils.bind_kv_cache(kv_caches, forward_context, runner_kv_caches)\n",
            "v1_utils.bind_kv_cache(kv_caches, forward_context, runner_kv_caches)",
        ),
    ),
    (
        "#20900 function moved",
        "twin: a kept v1 utility",
        K(
            "#20900",
            BK,
            BKW,
            "vllm/aeon/bk3.py",
            "from vllm.v1.utils import ConstantList\n\n\n"
            "def aeon_frozen(ids: list[int]) -> ConstantList:\n"
            "    return ConstantList(ids)\n",
            "from vllm.v1.utils import ConstantList",
        ),
    ),
]

# --- #28204 (e1710393c4): VLLM_USE_V1 and envs.set_vllm_use_v1 removed
V1 = "e1710393c4"
V1W = "VLLM_USE_V1 removed"
ENVS = "import vllm.envs as envs\n\n\n"
CASES += [
    (
        "#28204 env var removed",
        "a read off envs",
        K(
            "#28204",
            V1,
            V1W,
            "vllm/aeon/v11.py",
            ENVS + "def aeon_runner_kind() -> str:\n"
            "    # AEON: the Spark runner patches only the V1 path\n"
            "    return 'v1' if envs.VLLM_USE_V1 else 'v0'\n",
            "return 'v1' if envs.VLLM_USE_V1 else 'v0'",
        ),
    ),
    (
        "#28204 env var removed",
        "a call of the removed setter",
        K(
            "#28204",
            V1,
            V1W,
            "vllm/aeon/v12.py",
            ENVS + "def aeon_force_v1() -> None:\n"
            "    if not envs.is_set('VLLM_USE_V1'):\n"
            "        envs.set_vllm_use_v1(True)\n",
            "envs.set_vllm_use_v1(True)",
        ),
    ),
    (
        "#28204 env var removed",
        "twin: a kept variable off envs",
        K(
            "#28204",
            V1,
            V1W,
            "vllm/aeon/v13.py",
            ENVS + "def aeon_host_ip() -> str:\n    return envs.VLLM_HOST_IP or '127.0.0.1'\n",
            "return envs.VLLM_HOST_IP or '127.0.0.1'",
        ),
    ),
]

# --- #33536 (ef248ff740): the deprecated VLLM_TORCH_PROFILER_* variables removed (--profiler-config now)
PR = "ef248ff740"
PRW = "VLLM_TORCH_PROFILER_* env vars removed"
CASES += [
    (
        "#33536 env var removed",
        "a read off envs imported from vllm",
        K(
            "#33536",
            PR,
            PRW,
            "vllm/aeon/pr1.py",
            "from vllm import envs\n\n\n"
            "def aeon_trace_dir() -> str | None:\n"
            "    # AEON: the Spark's nsys wrapper writes next to torch's traces\n"
            "    return envs.VLLM_TORCH_PROFILER_DIR\n",
            "return envs.VLLM_TORCH_PROFILER_DIR",
        ),
    ),
    (
        "#33536 env var removed",
        "an os.environ write nothing reads any more",
        K(
            "#33536",
            PR,
            PRW,
            "vllm/aeon/pr2.py",
            "import os\n\n\n"
            "def aeon_enable_tracing(path: str) -> None:\n"
            "    os.environ['VLLM_TORCH_PROFILER_DIR'] = path\n",
            "os.environ['VLLM_TORCH_PROFILER_DIR'] = path",
        ),
    ),
    (
        "#33536 env var removed",
        "twin: a kept variable written",
        K(
            "#33536",
            PR,
            PRW,
            "vllm/aeon/pr3.py",
            "import os\n\n\ndef aeon_quiet() -> None:\n    os.environ['VLLM_LOGGING_LEVEL'] = 'WARNING'\n",
            "os.environ['VLLM_LOGGING_LEVEL'] = 'WARNING'",
        ),
    ),
]

# --- #50582 (8f50685c48): AITER_SITUV2_A8W4 renamed VLLM_ROCM_USE_AITER_MOE_SITUV2_A8W4
SI = "8f50685c48"
SIW = "AITER_SITUV2_A8W4 renamed"
CASES += [
    (
        "#50582 env var renamed",
        "a read off envs",
        K(
            "#50582",
            SI,
            SIW,
            "vllm/aeon/si1.py",
            ENVS + "def aeon_use_a8w4() -> bool:\n    return envs.VLLM_ROCM_USE_AITER_MOE and envs.AITER_SITUV2_A8W4\n",
            "return envs.VLLM_ROCM_USE_AITER_MOE and envs.AITER_SITUV2_A8W4",
        ),
    ),
    (
        "#50582 env var renamed",
        "twin: the kept sibling alone",
        K(
            "#50582",
            SI,
            SIW,
            "vllm/aeon/si2.py",
            ENVS + "def aeon_use_aiter_moe() -> bool:\n    return envs.VLLM_ROCM_USE_AITER_MOE\n",
            "return envs.VLLM_ROCM_USE_AITER_MOE",
        ),
    ),
]

# --- #41421 (f04fd1677b): VLLM_USE_RAY_V2_EXECUTOR_BACKEND defaults to on
RV = "f04fd1677b"
RVW = "VLLM_USE_RAY_V2_EXECUTOR_BACKEND default 0 -> 1"
CASES += [
    (
        "#41421 env default flipped",
        "a branch on the flipped default",
        K(
            "#41421",
            RV,
            RVW,
            "vllm/aeon/rv1.py",
            ENVS + "def aeon_ray_patch_needed() -> bool:\n"
            "    # AEON: the compiled-graph executor needs the Spark's NCCL patch; V2 does not\n"
            "    return not envs.VLLM_USE_RAY_V2_EXECUTOR_BACKEND\n",
            "return not envs.VLLM_USE_RAY_V2_EXECUTOR_BACKEND",
        ),
    ),
    (
        "#41421 env default flipped",
        "twin: the variable pinned by the fork before the read",
        K(
            "#41421",
            RV,
            RVW,
            "vllm/aeon/rv2.py",
            "import os\n\n" + ENVS + "def aeon_ray_v2() -> bool:\n"
            "    os.environ.setdefault('VLLM_USE_RAY_V2_EXECUTOR_BACKEND', '1')\n"
            "    return bool(envs.VLLM_USE_RAY_V2_EXECUTOR_BACKEND)\n",
            "return bool(envs.VLLM_USE_RAY_V2_EXECUTOR_BACKEND)",
        ),
    ),
]

# --- #37568 (7454096199): logger.*_once default scope "process" -> "local" (once per node)
LO = "7454096199"
LOW = "*_once logs once per node by default"
CASES += [
    (
        "#37568 logger default flipped",
        "a per-rank warning_once on the default scope",
        K(
            "#37568",
            LO,
            LOW,
            "vllm/aeon/lo1.py",
            "from vllm.logger import init_logger\n\nlogger = init_logger(__name__)\n\n\n"
            "def aeon_report_rank(rank: int, free_gib: float) -> None:\n"
            "    # AEON: each rank reports its own free unified memory once\n"
            "    logger.warning_once('rank %d: %.1f GiB free', rank, free_gib)\n",
            "logger.warning_once('rank %d: %.1f GiB free', rank, free_gib)",
        ),
    ),
    (
        "#37568 logger default flipped",
        "twin: an explicit scope",
        K(
            "#37568",
            LO,
            LOW,
            "vllm/aeon/lo2.py",
            "from vllm.logger import init_logger\n\nlogger = init_logger(__name__)\n\n\n"
            "def aeon_report_rank2(rank: int, free_gib: float) -> None:\n"
            "    logger.warning_once('rank %d: %.1f GiB free', rank, free_gib, scope='process')\n",
            "logger.warning_once('rank %d: %.1f GiB free', rank, free_gib, scope='process')",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-vutils-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
