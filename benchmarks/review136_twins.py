"""Adversarial twins of killers231's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what a widened check catches, but right
after the merge (the merge base is the commit's first parent, upstream the commit):

- a fork function patched over a name upstream now defines and calls from ANOTHER module
  (``drift/patched_functions.py``'s ``_home_calls``, killers231): through the module an error, a bare call of a
  name a top-level ``from home import`` bound a warning.  On the replay's #28406 (69d0e90313, ``aux_stream()``
  added to ``torch_utils``, called by name from the MoE layer) and on two more real commits of the shape where
  the call goes through the module: #33581 (f0ca0671c7) ``envs.validate_environ(self.fail_on_environ_validation)``
  from ``EngineArgs.create_engine_config``, #29289 (9f042ba26b) ``envs.disable_envs_cache()`` from
  ``cleanup_dist_env_and_memory``.  Twins: a replacement with a defaulted parameter, ``*args, **kwargs``, a
  lambda taking the call, a patch under ``hasattr``, the caller replaced by the same fork file, a namesake of
  another module, ``*args`` with the flag keyword-only;
- a table's bulk write whose keys sit below ``update(``/``|=`` (``drift/registrations.py``, killers231, a
  warning): on the replay's #38479 (f4b42df048, ``STR_DTYPE_TO_TORCH_DTYPE`` given the ``turboquant_*``
  dtypes) and #29978 (6038b1b04b, the same table given ``"float16"``).  Twins: the fork's own table's update,
  a local copy's update in a function, the fork's own key by ``|=``, a write under ``if key not in table``,
  a ``setdefault``.

Every error on a twin's line is a false one (a warning is counted apart).

Round 1 (killers231's head a174741a, the file as first written, 6 cases and 18 twins): 3 caught, 2 warned, 1
missed of 6; 2 false errors of 18 twins (5 warned).  Both false errors are one class: a fork file replacing the
caller upstream's new call sits in (``arg_utils.EngineArgs.create_engine_config = aeon_...`` beside #33581's
``envs.validate_environ = aeon_validate_environ4`` of no parameter; ``parallel_state.cleanup_dist_env_and_memory
= aeon_cleanup`` beside #29289's ``envs.disable_envs_cache``): a same-module call there was already left out
(review82), a call of another module's name was keyed at the module's top, so its caller was never asked (and
the rebuilt hit would have dropped ``at_import``).  The miss: #29978's keyword on its own line below ``update(``
(the cheap gate took a keyword only after ``(`` or ``,``, and a fork file quoting no key was never parsed).
The warned twins: the two patches under ``hasattr`` (by design), the fork's own ``AEON_KV_CACHE_DTYPES`` table
(a word shared with ``STR_DTYPE_TO_TORCH_DTYPE``), a write under ``if key not in`` and a ``setdefault``.
Round 2 (this branch): ``patched_functions`` gives every new call of another module's name (through the module,
bound at import, imported in a function) the caller it sits in, asked against the calling module (``_live``:
the caller's module, not the name's home; ``at_import`` kept); "defined at the base" for a bound name is any
top-level binding of the home module (``_home_binds``: a ``def``, class, assignment or import, under
``if``/``try`` too -- the killer author's note; no free real commit of the shape was found, a unit test holds
it); ``registrations`` reads a keyword opening an added line below ``update(``, parses a fork file naming a key
only as a keyword, and leaves a table the fork file binds itself to a fresh dict (``_own_tables``).  Unit tests
that failed before: test_patched_functions ``a_new_call_in_a_caller_the_fork_replaces_too_is_quiet`` (2),
``a_name_the_home_module_bound_at_the_base_by_assignment_counts_as_defined`` (2 of 3), test_registration_drift
``a_keyword_on_its_own_line_below_update_is_read``, ``the_fork_files_own_table_is_not_upstreams``.  Left as
warnings on twins: ``hasattr`` (the engine cannot run the look), ``setdefault`` and ``if key not in`` (upstream's
entry now wins and the fork's value silently stops applying: a warning is right).
Round 3 (written after the mends, cases they must not swallow): the caller replaced but kept by the file and
called by the fork's, another method of the caller's class replaced, another function of the caller's module
replaced, an alias of upstream's table (no fresh dict) updated by keyword, keywords below ``update(`` in a file
quoting no key.  Whole file on a174741a (``AEON_SRC``): 6 caught, 2 warned, 3 missed of 11; 2 false errors of
18 (5 warned).  This branch: 6 caught, 5 warned, 0 missed of 11 (the bulk writes warn by design: the fork's
value may be the one it keeps); 0 false errors of 18 twins (4 warned).
Regression set at this branch: killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet),
blind_replay_torchutils 11 caught, 4 warned, 2 missed of 17 (9 quiet), review82_twins 11/11 (29 quiet, 4
warned), review112_twins 5/5 (23 quiet, 3 warned), review126_twins 7 caught, 1 warned of 8 (34 quiet, 2 warned),
registry_replay 38/40 (0 false errors, 0 false warnings of 40), blind_replay_compbackends 9 caught, 1 warned, 2
missed of 12 (10 quiet), blind_replay_fiutils 10 caught, 6 warned, 2 missed of 18 (9 quiet, 1 warned),
blind_replay_fmlayer3 12 caught, 1 warned of 13 (8 quiet), blind_replay_pstate 21 caught, 1 warned of 22 (11
quiet, 1 warned), blind_replay_scoring 22/22 (10 quiet), blind_replay_tfbackend 24 caught, 2 warned of 26 (11
quiet), blind_replay_wutils 11 caught, 6 warned, 3 missed of 20 (12 quiet, 1 warned), blind_replay_modelcfg 14
caught, 8 warned, 2 missed of 24 (11 quiet), blind_replay_modelifaces 15 caught, 1 warned of 16 (11 quiet): each
as recorded, 0 false errors.  Unit tests: test_patched_functions 75 (+7), test_registration_drift 9 (+2),
test_symbol_drift_cost + test_patched_methods + test_dead_patches 25, test_lazy_patterns + test_fleet_profile 21
passed (1 skipped: no Docker).
Speed (drift_speed's 150-commit window, the two checks put in its list for the run, 3 audits, medians, the
machine shared): patched_function_drift 0.50/0.49 ms on this branch against 0.14 ms on a174741a (``AEON_SRC``),
registration_drift 0.12-0.13 ms on both; audit 12.9-14.8 s.  Both under the 2 ms budget.

  PYTHONPATH=.. python review136_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

TU = "vllm.utils.torch_utils"

# --- #28406 (69d0e90313): torch_utils.aux_stream() added, called by name (a top-level from-import) by the MoE
# layer: a warning (the import order decides whether the fork's patch ran first)
AX = ("#28406", "69d0e90313", "torch_utils gained aux_stream() -> Stream | None, called with no arguments")
AXH = "import torch\n\nfrom vllm.utils import torch_utils\n\n\n"


def _ax(name: str, body: str, line: str, head: str = AXH) -> Killer:
    return K(*AX, f"vllm/aeon/r136{name}.py", head + body, line)


CASES += [
    (
        "#28406 home call by name",
        "an aliased module, a def of two required parameters",
        _ax(
            "ax0",
            "def aeon_side_stream(device: torch.device, priority: int) -> torch.cuda.Stream:\n"
            "    # AEON: the Spark's drafter overlaps on a high-priority side stream\n"
            "    return torch.cuda.Stream(device=device, priority=priority)\n\n\n"
            "tu.aux_stream = aeon_side_stream\n",
            "tu.aux_stream = aeon_side_stream",
            head=f"import torch\n\nimport {TU} as tu\n\n\n",
        ),
    ),
]
TWINS += [
    (
        "#28406 home call by name",
        "twin: the replacement's parameter defaulted",
        _ax(
            "ax1",
            "def aeon_aux_stream1(device: torch.device | None = None) -> torch.cuda.Stream:\n"
            "    return torch.cuda.Stream(device=device, priority=-1)\n\n\n"
            "torch_utils.aux_stream = aeon_aux_stream1\n",
            "torch_utils.aux_stream = aeon_aux_stream1",
        ),
    ),
    (
        "#28406 home call by name",
        "twin: a lambda taking the call, the device its own",
        _ax(
            "ax2",
            "def aeon_stream_for(device: torch.device) -> torch.cuda.Stream:\n"
            "    return torch.cuda.Stream(device=device, priority=-1)\n\n\n"
            'torch_utils.aux_stream = lambda: aeon_stream_for(torch.device("cuda"))\n',
            'torch_utils.aux_stream = lambda: aeon_stream_for(torch.device("cuda"))',
        ),
    ),
    (
        "#28406 home call by name",
        "twin: the patch under hasattr (upstream's def now wins: never installed)",
        _ax(
            "ax3",
            "def aeon_aux_stream3(device: torch.device) -> torch.cuda.Stream:\n"
            "    return torch.cuda.Stream(device=device)\n\n\n"
            'if not hasattr(torch_utils, "aux_stream"):\n'
            "    torch_utils.aux_stream = aeon_aux_stream3\n",
            "    torch_utils.aux_stream = aeon_aux_stream3",
        ),
    ),
]

# --- #33581 (f0ca0671c7): envs.validate_environ(hard_fail) added, called through the module by
# EngineArgs.create_engine_config (an error: looked up at run time, it finds the patch)
VE = ("#33581", "f0ca0671c7", "envs.validate_environ(hard_fail) added, called through the module")
VEH = "import vllm.envs as envs\n\n\n"


def _ve(name: str, body: str, line: str, head: str = VEH) -> Killer:
    return K(*VE, f"vllm/aeon/r136{name}.py", head + body, line)


CASES += [
    (
        "#33581 home call through the module",
        "a replacement taking no parameter",
        _ve(
            "ve0",
            "def aeon_validate_environ() -> None:\n"
            "    # AEON: the Spark's launcher sets VLLM_AEON_* itself; nothing to check\n"
            "    return None\n\n\n"
            "envs.validate_environ = aeon_validate_environ\n",
            "envs.validate_environ = aeon_validate_environ",
        ),
    ),
    (
        "#33581 home call through the module",
        "setattr of a keyword-only replacement",
        _ve(
            "ve00",
            "def _aeon_check(*, hard_fail: bool = False) -> None:\n"
            "    return None\n\n\n"
            "def aeon_install() -> None:\n"
            '    setattr(envs, "validate_environ", _aeon_check)\n',
            '    setattr(envs, "validate_environ", _aeon_check)',
        ),
    ),
]
CASES += [
    (
        "#33581 home call through the module",
        "round 3: the caller replaced, upstream's kept and called by the fork's",
        _ve(
            "ve01",
            "_upstream_create = arg_utils.EngineArgs.create_engine_config\n\n\n"
            "def aeon_validate_environ01() -> None:\n"
            "    return None\n\n\n"
            "def aeon_create_engine_config01(self, *args, **kwargs):\n"
            "    # AEON: tag the Spark's config, then upstream's\n"
            "    return _upstream_create(self, *args, **kwargs)\n\n\n"
            "envs.validate_environ = aeon_validate_environ01\n"
            "arg_utils.EngineArgs.create_engine_config = aeon_create_engine_config01\n",
            "envs.validate_environ = aeon_validate_environ01",
            head="import vllm.envs as envs\nfrom vllm.engine import arg_utils\n\n\n",
        ),
    ),
    (
        "#33581 home call through the module",
        "round 3: another method of the caller's class replaced",
        _ve(
            "ve02",
            "def aeon_validate_environ02() -> None:\n"
            "    return None\n\n\n"
            "def aeon_create_model_config(self, *args, **kwargs):\n"
            "    raise NotImplementedError\n\n\n"
            "envs.validate_environ = aeon_validate_environ02\n"
            "arg_utils.EngineArgs.create_model_config = aeon_create_model_config\n",
            "envs.validate_environ = aeon_validate_environ02",
            head="import vllm.envs as envs\nfrom vllm.engine import arg_utils\n\n\n",
        ),
    ),
]
TWINS += [
    (
        "#33581 home call through the module",
        "twin: the parameter defaulted",
        _ve(
            "ve1",
            "def aeon_validate_environ1(hard_fail: bool = False) -> None:\n"
            "    return None\n\n\n"
            "envs.validate_environ = aeon_validate_environ1\n",
            "envs.validate_environ = aeon_validate_environ1",
        ),
    ),
    (
        "#33581 home call through the module",
        "twin: *args and **kwargs",
        _ve(
            "ve2",
            "def aeon_validate_environ2(*args, **kwargs) -> None:\n"
            "    return None\n\n\n"
            "envs.validate_environ = aeon_validate_environ2\n",
            "envs.validate_environ = aeon_validate_environ2",
        ),
    ),
    (
        "#33581 home call through the module",
        "twin: a lambda of one parameter",
        _ve(
            "ve3",
            "envs.validate_environ = lambda hard_fail: None\n",
            "envs.validate_environ = lambda hard_fail: None",
        ),
    ),
    (
        "#33581 home call through the module",
        "twin: the caller replaced by the same file (upstream's new call never runs)",
        _ve(
            "ve4",
            "def aeon_validate_environ4() -> None:\n"
            "    return None\n\n\n"
            "def aeon_create_engine_config(self, *args, **kwargs):\n"
            "    # AEON: the Spark's launcher builds its own config; validate_environ() is its own\n"
            "    aeon_validate_environ4()\n"
            "    raise NotImplementedError\n\n\n"
            "envs.validate_environ = aeon_validate_environ4\n"
            "arg_utils.EngineArgs.create_engine_config = aeon_create_engine_config\n",
            "envs.validate_environ = aeon_validate_environ4",
            head="import vllm.envs as envs\nfrom vllm.engine import arg_utils\n\n\n",
        ),
    ),
    (
        "#33581 home call through the module",
        "twin: a namesake patched on another module",
        _ve(
            "ve5",
            "def aeon_validate_environ5() -> None:\n"
            "    return None\n\n\n"
            "aeon_env_utils.validate_environ = aeon_validate_environ5\n",
            "aeon_env_utils.validate_environ = aeon_validate_environ5",
            head="from vllm.config import utils as aeon_env_utils\n\n\n",
        ),
    ),
    (
        "#33581 home call through the module",
        "twin: *args with the flag keyword-only",
        _ve(
            "ve6",
            "def aeon_validate_environ6(*args, strict: bool = False) -> None:\n"
            "    return None\n\n\n"
            "envs.validate_environ = aeon_validate_environ6\n",
            "envs.validate_environ = aeon_validate_environ6",
        ),
    ),
    (
        "#33581 home call through the module",
        "twin: the patch under hasattr",
        _ve(
            "ve7",
            "def aeon_validate_environ7() -> None:\n"
            "    return None\n\n\n"
            'if not hasattr(envs, "validate_environ"):\n'
            "    envs.validate_environ = aeon_validate_environ7\n",
            "    envs.validate_environ = aeon_validate_environ7",
        ),
    ),
]

# --- #29289 (9f042ba26b): envs.disable_envs_cache() added, called through the module by
# parallel_state.cleanup_dist_env_and_memory
DC = ("#29289", "9f042ba26b", "envs.disable_envs_cache() added, called through the module")


def _dc(name: str, body: str, line: str, head: str = VEH) -> Killer:
    return K(*DC, f"vllm/aeon/r136{name}.py", head + body, line)


CASES += [
    (
        "#29289 home call through the module",
        "a replacement with a required parameter, installed in a function",
        _dc(
            "dc0",
            "def aeon_disable_envs_cache(flush: bool) -> None:\n"
            "    # AEON: the Spark keeps its pinned VLLM_AEON_* values across restarts\n"
            "    return None\n\n\n"
            "def aeon_install() -> None:\n"
            "    envs.disable_envs_cache = aeon_disable_envs_cache\n",
            "    envs.disable_envs_cache = aeon_disable_envs_cache",
        ),
    ),
]
CASES += [
    (
        "#29289 home call through the module",
        "round 3: another function of the caller's module replaced",
        _dc(
            "dc01",
            "def aeon_disable_envs_cache01(flush: bool) -> None:\n"
            "    return None\n\n\n"
            "def aeon_destroy_distributed_environment() -> None:\n"
            "    return None\n\n\n"
            "envs.disable_envs_cache = aeon_disable_envs_cache01\n"
            "parallel_state.destroy_distributed_environment = aeon_destroy_distributed_environment\n",
            "envs.disable_envs_cache = aeon_disable_envs_cache01",
            head="import vllm.envs as envs\nfrom vllm.distributed import parallel_state\n\n\n",
        ),
    ),
]
TWINS += [
    (
        "#29289 home call through the module",
        "twin: the caller replaced by the same file",
        _dc(
            "dc1",
            "def aeon_disable_envs_cache1(flush: bool) -> None:\n"
            "    return None\n\n\n"
            "def aeon_cleanup(shutdown_ray: bool = False) -> None:\n"
            "    aeon_disable_envs_cache1(True)\n\n\n"
            "envs.disable_envs_cache = aeon_disable_envs_cache1\n"
            "parallel_state.cleanup_dist_env_and_memory = aeon_cleanup\n",
            "envs.disable_envs_cache = aeon_disable_envs_cache1",
            head="import vllm.envs as envs\nfrom vllm.distributed import parallel_state\n\n\n",
        ),
    ),
    (
        "#29289 home call through the module",
        "twin: the flag defaulted",
        _dc(
            "dc2",
            "def aeon_disable_envs_cache2(flush: bool = True) -> None:\n"
            "    return None\n\n\n"
            "envs.disable_envs_cache = aeon_disable_envs_cache2\n",
            "envs.disable_envs_cache = aeon_disable_envs_cache2",
        ),
    ),
]

# --- #38479 (f4b42df048): STR_DTYPE_TO_TORCH_DTYPE gains the turboquant_* cache dtypes (torch.uint8)
TQ = ("#38479", "f4b42df048", "STR_DTYPE_TO_TORCH_DTYPE gained turboquant_* -> torch.uint8")
TQH = f"import torch\n\nfrom {TU} import STR_DTYPE_TO_TORCH_DTYPE\n\n"


def _tq(name: str, body: str, line: str, head: str = TQH) -> Killer:
    return K(*TQ, f"vllm/aeon/r136{name}.py", head + body, line)


CASES += [
    (
        "#38479 bulk table write",
        "|= a display opening on its line, the key below",
        _tq(
            "tq0",
            "# AEON: the Spark's TurboQuant port keeps 3-bit codes in int8 pages\n"
            "STR_DTYPE_TO_TORCH_DTYPE |= {\n"
            '    "turboquant_3bit_nc": torch.int8,\n'
            "}\n",
            '    "turboquant_3bit_nc": torch.int8,',
        ),
    ),
]
TWINS += [
    (
        "#38479 bulk table write",
        "twin: the fork's own table's update",
        _tq(
            "tq1",
            "AEON_KV_CACHE_DTYPES: dict[str, torch.dtype] = {}\n"
            "AEON_KV_CACHE_DTYPES.update(\n"
            '    {"turboquant_k8v4": torch.int8, "aeon_nvfp4_kv": torch.uint8}\n'
            ")\n",
            '    {"turboquant_k8v4": torch.int8, "aeon_nvfp4_kv": torch.uint8}',
        ),
    ),
    (
        "#38479 bulk table write",
        "twin: a local copy's update in a function",
        _tq(
            "tq2",
            "def aeon_dtypes() -> dict[str, torch.dtype]:\n"
            "    dtypes = dict(STR_DTYPE_TO_TORCH_DTYPE)\n"
            "    dtypes.update(\n"
            '        {"turboquant_k8v4": torch.int8}\n'
            "    )\n"
            "    return dtypes\n",
            '        {"turboquant_k8v4": torch.int8}',
        ),
    ),
    (
        "#38479 bulk table write",
        "twin: the fork's own key by |=",
        _tq(
            "tq3",
            'STR_DTYPE_TO_TORCH_DTYPE |= {\n    "aeon_nvfp4_kv": torch.uint8,\n}\n',
            '    "aeon_nvfp4_kv": torch.uint8,',
        ),
    ),
    (
        "#38479 bulk table write",
        "twin: the write under `if key not in table` (upstream's entry wins)",
        _tq(
            "tq4",
            'if "turboquant_k8v4" not in STR_DTYPE_TO_TORCH_DTYPE:\n'
            "    STR_DTYPE_TO_TORCH_DTYPE.update(\n"
            '        {"turboquant_k8v4": torch.int8}\n'
            "    )\n",
            '        {"turboquant_k8v4": torch.int8}',
        ),
    ),
    (
        "#38479 bulk table write",
        "twin: setdefault (upstream's entry wins)",
        _tq(
            "tq5",
            'STR_DTYPE_TO_TORCH_DTYPE.setdefault("turboquant_k8v4", torch.int8)\n',
            'STR_DTYPE_TO_TORCH_DTYPE.setdefault("turboquant_k8v4", torch.int8)',
        ),
    ),
]

# --- #29978 (6038b1b04b): STR_DTYPE_TO_TORCH_DTYPE gains "float16" -> torch.float16
FH = ("#29978", "6038b1b04b", 'STR_DTYPE_TO_TORCH_DTYPE gained "float16" -> torch.float16')


def _fh(name: str, body: str, line: str, head: str = TQH) -> Killer:
    return K(*FH, f"vllm/aeon/r136{name}.py", head + body, line)


CASES += [
    (
        "#29978 bulk table write",
        "a keyword update, the keyword on its own line",
        _fh(
            "fh0",
            "# AEON: the Spark's Mamba state in bf16 under the float16 name\n"
            "STR_DTYPE_TO_TORCH_DTYPE.update(\n"
            "    float16=torch.bfloat16,\n"
            ")\n",
            "    float16=torch.bfloat16,",
        ),
    ),
]
CASES += [
    (
        "#29978 bulk table write",
        "round 3: the fork file's alias of upstream's table (no fresh dict)",
        _fh(
            "fh01",
            "AEON_DTYPES = STR_DTYPE_TO_TORCH_DTYPE\nAEON_DTYPES.update(\n    float16=torch.bfloat16,\n)\n",
            "    float16=torch.bfloat16,",
        ),
    ),
    (
        "#38479 bulk table write",
        "round 3: keywords below update(, a fork file quoting no key",
        K(
            *TQ,
            "vllm/aeon/r136tq01.py",
            f"import torch\n\nfrom {TU.rsplit('.', 1)[0]} import torch_utils\n\n"
            "torch_utils.STR_DTYPE_TO_TORCH_DTYPE.update(\n"
            "    aeon_nvfp4_kv=torch.uint8,\n"
            "    turboquant_k8v4=torch.float8_e4m3fn,\n"
            ")\n",
            "    turboquant_k8v4=torch.float8_e4m3fn,",
        ),
    ),
]
TWINS += [
    (
        "#29978 bulk table write",
        "twin: the fork's own table by dict(...)",
        _fh(
            "fh1",
            "AEON_MAMBA_DTYPES: dict[str, torch.dtype] = {}\n"
            "AEON_MAMBA_DTYPES |= dict(\n"
            "    float16=torch.bfloat16,\n"
            ")\n",
            "    float16=torch.bfloat16,",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review136-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
