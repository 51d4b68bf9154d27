"""Orphaned environment variables: upstream removed the last reader of a variable its registry still defines.

#33536 (ef248ff740) removed the profiler config's fallback that read ``VLLM_TORCH_PROFILER_DIR`` and its
siblings, and their ``TYPE_CHECKING`` stubs, but left the registry's lambdas: ``envs.VLLM_TORCH_PROFILER_DIR``
still answers, and a fork's ``os.environ["VLLM_TORCH_PROFILER_DIR"] = path`` silently turns nothing on.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.names import RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

ENVS = "vllm/envs.py"
ENVS_BASE = """import os
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    VLLM_LOGGING_LEVEL: str = "INFO"
    VLLM_PROFILER_DIR: str | None = None

environment_variables: dict[str, Callable[[], Any]] = {
    "VLLM_LOGGING_LEVEL": lambda: os.getenv("VLLM_LOGGING_LEVEL", "INFO").upper(),
    "VLLM_PROFILER_DIR": lambda: os.getenv("VLLM_PROFILER_DIR"),
}


def __getattr__(name: str):
    if name in environment_variables:
        return environment_variables[name]()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
"""
# upstream drops the stub's annotation, keeps the registry's lambda
ENVS_UP = ENVS_BASE.replace("    VLLM_PROFILER_DIR: str | None = None\n", "")
PROFILER = "vllm/config/profiler.py"
PROFILER_BASE = """import vllm.envs as envs


class ProfilerConfig:
    torch_profiler_dir: str = ""

    def __post_init__(self) -> None:
        if envs.is_set("VLLM_PROFILER_DIR"):
            self.torch_profiler_dir = envs.VLLM_PROFILER_DIR
"""
PROFILER_UP = """class ProfilerConfig:
    torch_profiler_dir: str = ""
"""
SUBJECT = "[Misc] Remove deprecated profiler environment variables (#33536)"
FORK = "vllm/v1/worker/aeon_trace.py"
FORK_TEXT = """import os

import vllm.envs as envs


def aeon_enable_tracing(path: str) -> None:
    os.environ["VLLM_PROFILER_DIR"] = path


def aeon_trace_dir() -> str | None:
    return envs.VLLM_PROFILER_DIR


def aeon_quiet() -> None:
    os.environ["VLLM_LOGGING_LEVEL"] = "WARNING"
"""


def rows(repo: GitRepo, config: Path, upstream: dict[str, str | None], fork: str = FORK_TEXT) -> list[tuple]:
    base = {ENVS: ENVS_BASE, PROFILER: PROFILER_BASE}
    sides = s.merge_case(repo, base, {FORK: fork}, [(SUBJECT, upstream)])
    return [(line, sev, msg) for path, line, sev, msg in s.rule_rows(repo, config, sides, RULE) if path == FORK]


def test_a_setting_of_a_variable_upstream_stopped_reading_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    found = rows(git_repo, no_rules, {ENVS: ENVS_UP, PROFILER: PROFILER_UP})
    assert [(line, sev) for line, sev, _ in found] == [(7, "error"), (11, "warning")]
    setting, read = found[0][2], found[1][2]
    assert 'os.environ["VLLM_PROFILER_DIR"] sets a variable upstream no longer acts on' in setting
    assert "removed the last reader of environment variable 'VLLM_PROFILER_DIR' (vllm/config/profiler.py" in setting
    assert "#33536" in setting and "the setting is silently ignored now" in setting
    assert "the read still gets the value, but nothing upstream does with it any more" in read


def test_a_setdefault_of_the_variable_is_a_setting_too(git_repo: GitRepo, no_rules: Path) -> None:
    fork = "import os\n\n\ndef aeon_trace(path: str) -> None:\n    os.environ.setdefault('VLLM_PROFILER_DIR', path)\n"
    found = rows(git_repo, no_rules, {ENVS: ENVS_UP, PROFILER: PROFILER_UP}, fork)
    assert [(line, sev) for line, sev, _ in found] == [(5, "error")]


@pytest.mark.parametrize(
    "upstream",
    [
        # the reader moved: another file reads the registry's attribute now
        {
            ENVS: ENVS_UP,
            PROFILER: PROFILER_UP,
            "vllm/profiler/wrapper.py": "import vllm.envs as envs\n\nTRACE_DIR = envs.VLLM_PROFILER_DIR\n",
        },
        # the reader moved to a plain environment read
        {
            ENVS: ENVS_UP,
            PROFILER: PROFILER_UP,
            "vllm/profiler/wrapper.py": "import os\n\nTRACE_DIR = os.getenv('VLLM_PROFILER_DIR')\n",
        },
        # only the stub's annotation went: the config still reads the variable
        {ENVS: ENVS_UP},
        # a file upstream's diff leaves alone still imports the variable by name
        {ENVS: ENVS_UP, PROFILER: "from vllm.envs import VLLM_PROFILER_DIR\n\nDIR = VLLM_PROFILER_DIR\n"},
        # the reader's removal left a deprecation notice that reads the variable's value
        {
            ENVS: ENVS_UP,
            PROFILER: PROFILER_UP + "\n\nOLD_VARIABLES = ['VLLM_PROFILER_DIR']\n",
        },
        # a native source reads it: ``getenv`` in C++ is no Python file's
        {
            ENVS: ENVS_UP,
            PROFILER: PROFILER_UP,
            "csrc/profiler.cpp": 'const char* dir = std::getenv("VLLM_PROFILER_DIR");\n',
        },
    ],
    ids=["moved attribute read", "moved getenv", "stub only", "imported", "quoted elsewhere", "native reader"],
)
def test_a_variable_upstream_still_reads_is_silent(
    git_repo: GitRepo, no_rules: Path, upstream: dict[str, str | None]
) -> None:
    assert rows(git_repo, no_rules, upstream) == []


def test_a_variable_whose_registry_entry_reads_nothing_is_not_orphaned(git_repo: GitRepo, no_rules: Path) -> None:
    """A registry entry that no longer reads the environment is a stub: name drift's own finding, not this one."""
    stubbed = ENVS_UP.replace('lambda: os.getenv("VLLM_PROFILER_DIR")', "lambda: None")
    found = rows(git_repo, no_rules, {ENVS: stubbed, PROFILER: PROFILER_UP})
    assert found and all("no longer acts on" not in message for _, _, message in found)


def test_a_fork_that_never_names_the_variable_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    fork = "import os\n\n\ndef aeon_quiet() -> None:\n    os.environ['VLLM_LOGGING_LEVEL'] = 'WARNING'\n"
    assert rows(git_repo, no_rules, {ENVS: ENVS_UP, PROFILER: PROFILER_UP}, fork) == []


# twins: a setting that may still act is a warning at most (a false error blocks a correct fork's merge)
SHIM = "vllm/aeon/profiler_shim.py"
SHIM_TEXT = """import os


def aeon_maybe_profile():
    trace_dir = os.getenv("VLLM_PROFILER_DIR")
    return trace_dir or None
"""
SETTER = "import os\n\n\ndef aeon_enable_tracing(path: str) -> None:\n    os.environ['VLLM_PROFILER_DIR'] = path\n"
RECORD = """import vllm.envs as envs


def aeon_report() -> dict:
    report: dict[str, str | None] = {}
    report["VLLM_PROFILER_DIR"] = envs.VLLM_PROFILER_DIR
    return report
"""
PREFIX_READER = """import os


class ProfilerConfig:
    torch_profiler_dir: str = ""

    def __post_init__(self) -> None:
        for key, value in os.environ.items():
            if key.startswith("VLLM_PROFILER_"):
                setattr(self, "torch_profiler_dir", value)
"""


def errors_of(repo: GitRepo, config: Path, fork: dict[str, str], upstream: dict[str, str | None], base=None) -> list:
    base = base or {ENVS: ENVS_BASE, PROFILER: PROFILER_BASE}
    sides = s.merge_case(repo, base, fork, [(SUBJECT, upstream)])
    return [row for row in s.rule_rows(repo, config, sides, RULE) if row[2] == "error"]


NATIVE_READER = 'const char* dir = std::getenv("VLLM_PROFILER_DIR");\n'
SCRIPT_READER = 'exec python -m aeon.trace --dir "$VLLM_PROFILER_DIR"\n'
CONSTANT_READER = "import os\n\n_VAR = 'VLLM_PROFILER_DIR'\n\n\ndef aeon_dir():\n    return os.environ.get(_VAR)\n"


@pytest.mark.parametrize(
    ("fork", "upstream"),
    [
        # the fork's own shim reads the variable straight off the environment: its setting still acts
        ({FORK: SETTER, SHIM: SHIM_TEXT}, {ENVS: ENVS_UP, PROFILER: PROFILER_UP}),
        # a plain dict keyed by the variable's name (a diagnostics record) is not the environment
        ({FORK: RECORD}, {ENVS: ENVS_UP, PROFILER: PROFILER_UP}),
        # upstream's new reader takes the family by its prefix: it still consumes the variable
        ({FORK: SETTER}, {ENVS: ENVS_UP, PROFILER: PREFIX_READER}),
        # fixAH: the fork's own reader outside Python's reads: native code, a script, a shim's constant
        ({FORK: SETTER, "csrc/aeon_trace.cpp": NATIVE_READER}, {ENVS: ENVS_UP, PROFILER: PROFILER_UP}),
        ({FORK: SETTER, "scripts/aeon_run.sh": SCRIPT_READER}, {ENVS: ENVS_UP, PROFILER: PROFILER_UP}),
        ({FORK: SETTER, SHIM: CONSTANT_READER}, {ENVS: ENVS_UP, PROFILER: PROFILER_UP}),
    ],
    ids=["fork's own reader", "plain dict", "prefix reader", "native reader", "script reader", "constant reader"],
)
def test_a_setting_that_may_still_act_is_no_error(
    git_repo: GitRepo, no_rules: Path, fork: dict[str, str], upstream: dict[str, str | None]
) -> None:
    assert errors_of(git_repo, no_rules, fork, upstream) == []


def test_a_variable_outside_the_registrys_family_is_no_error(git_repo: GitRepo, no_rules: Path) -> None:
    """``CUDA_VISIBLE_DEVICES``: the driver and child processes read it, whatever upstream's Python does."""
    entry = '    "VLLM_PROFILER_DIR": lambda: os.getenv("VLLM_PROFILER_DIR"),\n'
    registry = ENVS_BASE.replace(
        entry, entry + '    "CUDA_VISIBLE_DEVICES": lambda: os.getenv("CUDA_VISIBLE_DEVICES"),\n'
    )
    platform = "vllm/platforms/cuda.py"
    reader = "import vllm.envs as envs\n\n\ndef device_ids():\n    return envs.CUDA_VISIBLE_DEVICES.split(',')\n"
    fork = {FORK: "import os\n\n\ndef aeon_pin() -> None:\n    os.environ['CUDA_VISIBLE_DEVICES'] = '0,1'\n"}
    upstream = {platform: "import torch\n\n\ndef device_ids():\n    return range(torch.cuda.device_count())\n"}
    found = errors_of(git_repo, no_rules, fork, upstream, {ENVS: registry, PROFILER: PROFILER_BASE, platform: reader})
    assert found == []
