"""The env-var registry and config dataclasses a fork reads: three classes blind_replay_config.py missed.

Each upstream change is shaped like a real vLLM one: #29912 made the profiler variables' readers the raw
``os.getenv(NAME)`` (``int(os.getenv("VLLM_PROFILER_MAX_ITERS", "0"))`` -> ``os.getenv(...)``: None where
unset), #26855 renamed the batch-invariance switch whose variable's name a local held (``env_key =
"VLLM_KERNEL_OVERRIDE_BATCH_INVARIANT"`` then ``os.getenv(env_key, "0")``), and #26758 moved
``SchedulerConfig.scheduler_cls``' default path, which a fork compares with before putting its own in.
Each has twins: fork code the same change does not break, which must stay quiet.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT, NAME_DRIFT
from aeon_release.domain.audits.model import Severity
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

ENVS = "vllm/envs.py"
ENVS_BASE = """import os
from typing import Any, Callable

environment_variables: dict[str, Callable[[], Any]] = {
    "VLLM_TORCH_PROFILER_DIR": lambda: os.getenv("VLLM_TORCH_PROFILER_DIR"),
    "VLLM_PROFILER_MAX_ITERS": lambda: int(os.getenv("VLLM_PROFILER_MAX_ITERS", "0")),
    "VLLM_PROFILER_DELAY_ITERS": lambda: int(os.getenv("VLLM_PROFILER_DELAY_ITERS") or "0"),
    "VLLM_TORCH_PROFILER_WITH_STACK": lambda: bool(os.getenv("VLLM_TORCH_PROFILER_WITH_STACK", "1") != "0"),
}


def __getattr__(name: str):
    if name in environment_variables:
        return environment_variables[name]()
    raise AttributeError(name)
"""
# #29912: the readers return the raw string, or None where unset (profiler_config parses them now)
ENVS_RAW = (
    ENVS_BASE.replace('int(os.getenv("VLLM_PROFILER_MAX_ITERS", "0"))', 'os.getenv("VLLM_PROFILER_MAX_ITERS")')
    .replace('int(os.getenv("VLLM_PROFILER_DELAY_ITERS") or "0")', 'int(os.getenv("VLLM_PROFILER_DELAY_ITERS") or 0)')
    .replace(
        'bool(os.getenv("VLLM_TORCH_PROFILER_WITH_STACK", "1") != "0")', 'os.getenv("VLLM_TORCH_PROFILER_WITH_STACK")'
    )
)
SUBJECT_29912 = "[Cleanup] Refactor profiling env vars into a CLI config (#29912)"
FORK = "vllm/aeon/profiling.py"


def _rows(repo: GitRepo, config: Path, sides: object, rule: str, path: str) -> dict[int, tuple[Severity, str]]:
    report = repo.audit(config, merge=sides)  # type: ignore[arg-type]
    return {f.line: (f.severity, f.message) for f in report.findings if f.rule_id == rule and f.path == path}


def test_a_variable_now_none_where_unset_computed_with_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """``envs.VLLM_PROFILER_MAX_ITERS > 0`` raises TypeError where the variable is unset (None > 0); a plain
    read of a variable whose True default became None is the default-drift warning.  Twins: a variable None at
    both sides (VLLM_TORCH_PROFILER_DIR), one whose ``or`` fallback only changed its spelling (``"0"`` ->
    ``0``), and a None-guarded read of the one made None: no error."""
    fork = (
        "import vllm.envs as envs\n\n\n"
        "def aeon_capped() -> bool:\n"
        "    return envs.VLLM_PROFILER_MAX_ITERS > 0\n\n\n"
        "def aeon_stack() -> bool:\n"
        "    return bool(envs.VLLM_TORCH_PROFILER_WITH_STACK)\n\n\n"
        "def aeon_profiling() -> bool:\n"
        "    return envs.VLLM_TORCH_PROFILER_DIR is not None\n\n\n"
        "def aeon_delay() -> int:\n"
        "    return envs.VLLM_PROFILER_DELAY_ITERS + 1\n\n\n"
        "def aeon_capped_safely() -> bool:\n"
        "    return envs.VLLM_PROFILER_MAX_ITERS is not None and int(envs.VLLM_PROFILER_MAX_ITERS) > 0\n"
    )
    sides = s.merge_case(git_repo, {ENVS: ENVS_BASE}, {FORK: fork}, [(SUBJECT_29912, {ENVS: ENVS_RAW})])
    rows = _rows(git_repo, no_rules, sides, DEFAULT_DRIFT, FORK)
    assert set(rows) == {5, 9, 21}
    assert rows[5][0] is Severity.ERROR
    assert "`envs.VLLM_PROFILER_MAX_ITERS > 0` computes with environment variable" in rows[5][1]
    assert "from '0' to None" in rows[5][1] and "raises TypeError" in rows[5][1] and "#29912" in rows[5][1]
    assert rows[9][0] is Severity.WARNING and "from '1' to None" in rows[9][1]
    assert rows[21][0] is Severity.WARNING, "a None-guarded read: the default-drift warning, no error"


BATCH = "vllm/model_executor/layers/batch_invariant.py"
BATCH_BASE = """import os


def vllm_kernel_override_batch_invariant():
    env_key = "VLLM_KERNEL_OVERRIDE_BATCH_INVARIANT"
    is_overridden = False
    val = os.getenv(env_key, "0")
    try:
        is_overridden = int(val) != 0
    except ValueError:
        is_overridden = False
    return is_overridden


def aeon_label():
    label_key = "VLLM_BATCH_LABEL"
    return label_key.lower()
"""
BATCH_RENAMED = BATCH_BASE.replace("def vllm_kernel_override_batch_invariant", "def vllm_is_batch_invariant").replace(
    '"VLLM_KERNEL_OVERRIDE_BATCH_INVARIANT"', '"VLLM_BATCH_INVARIANT"'
)
SUBJECT_26855 = "[small][batch invariance] Rename the env and internal flags to simplify usage (#26855)"
FORK_ENV = "vllm/aeon/deterministic.py"


def test_a_variable_whose_name_a_local_held_renamed(git_repo: GitRepo, no_rules: Path) -> None:
    """The fork sets the old variable for upstream to read; upstream's reader held the name in a local
    (``os.getenv(env_key, "0")``) and now reads another name: the fork's setting is silently ignored.  Twins:
    the local ``label_key`` held a string no ``getenv`` read (upstream dropping it says nothing of a variable),
    and the fork's variable of its own: quiet."""
    theirs = BATCH_RENAMED.replace(
        '    label_key = "VLLM_BATCH_LABEL"\n    return label_key.lower()\n', '    return "x"\n'
    )
    fork = (
        "import os\n\n\ndef aeon_force() -> None:\n"
        '    os.environ["VLLM_KERNEL_OVERRIDE_BATCH_INVARIANT"] = "1"\n'
        '    os.environ["VLLM_BATCH_LABEL"] = "1"\n'
        '    os.environ["AEON_SPARK_LANE"] = "eval"\n'
    )
    sides = s.merge_case(git_repo, {BATCH: BATCH_BASE}, {FORK_ENV: fork}, [(SUBJECT_26855, {BATCH: theirs})])
    rows = _rows(git_repo, no_rules, sides, NAME_DRIFT, FORK_ENV)
    assert set(rows) == {5}
    assert rows[5][0] is Severity.ERROR
    assert "renamed environment variable 'VLLM_KERNEL_OVERRIDE_BATCH_INVARIANT' to 'VLLM_BATCH_INVARIANT'" in rows[5][1]


SCHED = "vllm/config/scheduler.py"
SCHED_BASE = """from dataclasses import dataclass


@dataclass
class SchedulerConfig:
    max_num_seqs: int = 128
    scheduler_cls: str | type[object] = "vllm.core.scheduler.Scheduler"
    policy: str = "fcfs"
"""
SCHED_MOVED = SCHED_BASE.replace('"vllm.core.scheduler.Scheduler"', '"vllm.v1.core.sched.scheduler.Scheduler"')
SUBJECT_26758 = "scheduler.py: Update the name of the default scheduler. (#26758)"
FORK_SCHED = "vllm/aeon/sched.py"
FILL_IN = """from vllm.config.scheduler import SchedulerConfig


def aeon_install(scheduler_config: SchedulerConfig) -> None:
    if scheduler_config.scheduler_cls == "{default}":
        scheduler_config.scheduler_cls = "vllm.aeon.sched.AeonScheduler"
"""


def test_a_fill_in_of_the_old_default_does_not_pin_the_field(git_repo: GitRepo, no_rules: Path) -> None:
    """The fork puts its scheduler in only where it finds upstream's default: that set pins nothing, and the
    comparison with the old default, now never true, is the error.  A twin: the same fill-in written against
    the new default (another file) stays quiet.  A set the fork makes whatever the field holds still pins it
    (test_field_default_drift.py)."""
    fork = FILL_IN.format(default="vllm.core.scheduler.Scheduler")
    twin = FILL_IN.format(default="vllm.v1.core.sched.scheduler.Scheduler")
    sides = s.merge_case(
        git_repo,
        {SCHED: SCHED_BASE},
        {FORK_SCHED: fork, "vllm/aeon/sched_new.py": twin},
        [(SUBJECT_26758, {SCHED: SCHED_MOVED})],
    )
    rows = _rows(git_repo, no_rules, sides, DEFAULT_DRIFT, FORK_SCHED)
    assert set(rows) == {5}
    assert rows[5][0] is Severity.ERROR and "compares SchedulerConfig.scheduler_cls" in rows[5][1]
    quiet = _rows(git_repo, no_rules, sides, DEFAULT_DRIFT, "vllm/aeon/sched_new.py")
    assert not any(severity is Severity.ERROR for severity, _ in quiet.values()), quiet


MAX_ITERS_0 = 'int(os.getenv("VLLM_PROFILER_MAX_ITERS", "0"))'
CAPPED = "import vllm.envs as envs\n\n\ndef aeon_capped() -> bool:\n    return envs.VLLM_PROFILER_MAX_ITERS > 0\n"


@pytest.mark.parametrize(
    ("new", "error"),
    [
        ('int(os.environ["VLLM_PROFILER_MAX_ITERS"]) if os.getenv("VLLM_PROFILER_MAX_ITERS") else 0', False),
        ('int(v) if (v := os.getenv("VLLM_PROFILER_MAX_ITERS")) else 0', False),
        (
            'int(os.getenv("VLLM_PROFILER_MAX_ITERS")) if os.getenv("VLLM_PROFILER_MAX_ITERS") is not None else 0',
            False,
        ),
        ('0 if os.getenv("VLLM_PROFILER_MAX_ITERS") is None else int(os.getenv("VLLM_PROFILER_MAX_ITERS"))', False),
        ('0 if not os.environ.get("VLLM_PROFILER_MAX_ITERS") else int(os.environ["VLLM_PROFILER_MAX_ITERS"])', False),
        # the killers: unset is None still, whatever tests the reader makes
        ('int(os.environ["VLLM_PROFILER_MAX_ITERS"]) if os.getenv("VLLM_PROFILER_MAX_ITERS") else None', True),
        ('os.getenv("VLLM_PROFILER_MAX_ITERS") if os.getenv("VLLM_PROFILER_DIR") else 0', True),
    ],
    ids=["getenv-as-test", "walrus", "is-not-None", "is-None", "not-get", "else-None", "other-variable-tested"],
)
def test_a_bare_read_under_a_presence_test_is_no_none_default(
    git_repo: GitRepo, no_rules: Path, new: str, error: bool
) -> None:
    """A reader that tests the variable's presence (``X if os.getenv(NAME) else 0``, a walrus of it, ``is (not)
    None``) chooses what unset gives: its bare ``os.getenv(NAME)`` is no None default, and the branch unset takes
    is.  The fork's ``envs.VLLM_PROFILER_MAX_ITERS > 0`` is safe (0 unset, as before).  Killers: that branch is
    None, or the test is of another variable: unset is None, the comparison raises."""
    theirs = ENVS_BASE.replace(MAX_ITERS_0, new)
    sides = s.merge_case(git_repo, {ENVS: ENVS_BASE}, {FORK: CAPPED}, [(SUBJECT_29912, {ENVS: theirs})])
    rows = _rows(git_repo, no_rules, sides, DEFAULT_DRIFT, FORK)
    assert [line for line, (severity, _) in rows.items() if severity is Severity.ERROR] == ([5] if error else [])


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ("return envs.VLLM_PROFILER_MAX_ITERS is not None and envs.VLLM_PROFILER_MAX_ITERS > 0", False),
        ("return bool(envs.VLLM_PROFILER_MAX_ITERS) and envs.VLLM_PROFILER_MAX_ITERS > 0", False),
        ("return envs.VLLM_PROFILER_MAX_ITERS is None or envs.VLLM_PROFILER_MAX_ITERS > 0", False),
        ("return envs.VLLM_PROFILER_MAX_ITERS > 0 if envs.VLLM_PROFILER_MAX_ITERS else False", False),
        (
            "if envs.VLLM_PROFILER_MAX_ITERS is None:\n        return False\n    return envs.VLLM_PROFILER_MAX_ITERS > 0",
            False,
        ),
        (
            "if not envs.VLLM_PROFILER_MAX_ITERS:\n        raise ValueError\n    return envs.VLLM_PROFILER_MAX_ITERS > 0",
            False,
        ),
        ("assert envs.VLLM_PROFILER_MAX_ITERS is not None\n    return envs.VLLM_PROFILER_MAX_ITERS > 0", False),
        (
            "if envs.VLLM_PROFILER_MAX_ITERS is not None:\n        return envs.VLLM_PROFILER_MAX_ITERS > 0\n    return False",
            False,
        ),
        # the killers: the test is of something else, comes after the use, or does not leave the body
        ("return envs.VLLM_TORCH_PROFILER_DIR is not None and envs.VLLM_PROFILER_MAX_ITERS > 0", True),
        ("return envs.VLLM_PROFILER_MAX_ITERS > 0 and envs.VLLM_PROFILER_MAX_ITERS is not None", True),
        (
            "if envs.VLLM_PROFILER_MAX_ITERS is None:\n        print('unset')\n    return envs.VLLM_PROFILER_MAX_ITERS > 0",
            True,
        ),
        (
            "if envs.VLLM_PROFILER_MAX_ITERS is None:\n        return envs.VLLM_PROFILER_MAX_ITERS > 0\n    return False",
            True,
        ),
    ],
    ids=[
        "and-is-not-None",
        "and-truth",
        "or-is-None",
        "conditional",
        "early-return",
        "early-raise",
        "assert",
        "if-body",
        "other-tested",
        "tested-after",
        "no-exit",
        "wrong-branch",
    ],
)
def test_a_compute_the_fork_tested_for_none_first_is_no_error(
    git_repo: GitRepo, no_rules: Path, body: str, error: bool
) -> None:
    """The error says "test it for None first": a fork that did (an earlier ``and`` operand, ``or`` after ``is
    None``, a conditional, an enclosing ``if``, an earlier ``if ... is None: return``/``raise`` or ``assert``) is
    left the default-drift warning.  Killers: a test of another variable, a test after the use, an early branch
    that does not leave, the use inside the None branch: still the error."""
    fork = "import vllm.envs as envs\n\n\ndef aeon_capped() -> bool:\n    " + body + "\n"
    sides = s.merge_case(git_repo, {ENVS: ENVS_BASE}, {FORK: fork}, [(SUBJECT_29912, {ENVS: ENVS_RAW})])
    rows = _rows(git_repo, no_rules, sides, DEFAULT_DRIFT, FORK)
    errors = [line for line, (severity, _) in rows.items() if severity is Severity.ERROR]
    assert bool(errors) is error, rows
