"""A fork line written for an option's old default is an error; a read of the option stays a warning.

The upstream changes are shaped like real vLLM ones: #38284 raised ``CacheConfig.gpu_memory_utilization``
0.9 -> 0.92, #5312 ``max_logprobs`` 5 -> 20, #34896 ``kv_load_failure_policy`` "recompute" -> "fail",
#38562 flipped a bool, #15724 made a backend's default conditional (one branch still the old value);
#25056 moved ``VLLM_NIXL_SIDE_CHANNEL_PORT`` 5557 -> 5600, #11074 ``VLLM_ENABLE_V1_MULTIPROCESSING``
"0" -> "1".  The fork compares the option with the old default (``== 0.9``, ``!= 5``, through a local,
``getattr(..., "recompute") == "recompute"``) or reads the variable repeating its old default: after
the merge an unset option no longer equals it, and the fork's own "left at the default" branch stops
running.  Twins: the fork compares with the new default, with both, tests a bool, reads the value
only, or sets the option itself.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

CONFIG = "vllm/config/cache.py"
CONFIG_BASE = """from dataclasses import field

from pydantic.dataclasses import dataclass

from vllm import envs


@dataclass
class CacheConfig:
    gpu_memory_utilization: float = 0.9
    max_logprobs: int = 5
    kv_load_failure_policy: str = "recompute"
    use_trtllm_prefill: bool = False
    guided_backend: str = "xgrammar"
"""
CONFIG_AFTER = (
    CONFIG_BASE.replace("= 0.9\n", "= 0.92\n")
    .replace("int = 5", "int = 20")
    .replace('"recompute"', '"fail"')
    .replace("bool = False", "bool = True")
    .replace('str = "xgrammar"', 'str = "auto" if envs.USE_V1 else "xgrammar"')
)
FORK = "vllm/aeon/cache_policy.py"
HEAD = "from vllm.config.cache import CacheConfig\n\n\n"


def field_rows(repo: GitRepo, config: Path, body: str, extra: dict[str, str] | None = None) -> list[tuple[int, str]]:
    sides = s.merge_case(
        repo,
        {CONFIG: CONFIG_BASE},
        {FORK: HEAD + body, **(extra or {})},
        [("[Core] Raise the default gpu_memory_utilization (#38284)", {CONFIG: CONFIG_AFTER})],
    )
    return [(line - 3, severity) for path, line, severity, _ in s.rule_rows(repo, config, sides, DEFAULT_DRIFT)]


OLD_DEFAULTS = [
    (
        "def aeon_gmu(cache_config) -> float:\n    if cache_config.gpu_memory_utilization == 0.9:\n"
        "        return 0.8  # left at the default: the fork's own\n    return cache_config.gpu_memory_utilization\n",
        2,
    ),
    ("def aeon_lp(cache_config) -> bool:\n    return cache_config.max_logprobs != 5\n", 2),
    ("def aeon_lp(cache_config) -> bool:\n    return 5 == cache_config.max_logprobs\n", 2),
    (
        "def aeon_recompute(kv: CacheConfig) -> bool:\n    policy = kv.kv_load_failure_policy\n"
        '    return policy == "recompute"\n',
        2,
    ),
    (
        'def aeon_recompute(cache_config) -> bool:\n    return getattr(cache_config, "kv_load_failure_policy", '
        '"recompute") == "recompute"\n',
        2,
    ),
]


@pytest.mark.parametrize(
    ("body", "line"),
    OLD_DEFAULTS,
    ids=["== old", "!= old", "old == (reversed)", "through a local", "getattr == old"],
)
def test_a_field_compared_with_its_old_default_is_an_error(
    git_repo: GitRepo, no_rules: Path, body: str, line: int
) -> None:
    # the rows' modules side by side, one merge and one audit a process (suitespeed12)
    bodies = [HEAD + text for text, _ in OLD_DEFAULTS]
    upstream: list[tuple[str, dict[str, str | None]]] = [
        ("[Core] Raise the default gpu_memory_utilization (#38284)", {CONFIG: CONFIG_AFTER})
    ]
    _, rows = s.audited_row(
        git_repo, no_rules, {CONFIG: CONFIG_BASE}, bodies, HEAD + body, upstream, DEFAULT_DRIFT, "vllm/aeon"
    )
    assert (line, "error") in [(f.line - 3, f.severity.value) for f in rows]


@pytest.mark.parametrize(
    "body",
    [
        # the new default, or both: written for upstream's value
        "def aeon_gmu(cache_config) -> bool:\n    return cache_config.gpu_memory_utilization == 0.92\n",
        "def aeon_gmu(cache_config) -> bool:\n    x = cache_config.gpu_memory_utilization\n    return x == 0.9 or x == 0.92\n",
        # a bool compared is the truth test spelt long: its meaning moved, as ``not x``'s does
        "def aeon_trt(cache_config) -> bool:\n    return cache_config.use_trtllm_prefill is False\n",
        # getattr's default applies only where the field is missing: the value read is upstream's
        'def aeon_gmu(cache_config) -> float:\n    return 1.0 - getattr(cache_config, "gpu_memory_utilization", 0.9)\n',
        # a conditional default one branch of which still gives the old value
        'def aeon_xg(cache_config) -> bool:\n    return cache_config.guided_backend == "xgrammar"\n',
        # another value than the old default
        "def aeon_gmu(cache_config) -> bool:\n    return cache_config.gpu_memory_utilization == 0.5\n",
    ],
    ids=["new default", "both", "bool", "getattr default", "conditional default", "another value"],
)
def test_twins_stay_warnings(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    rows = field_rows(git_repo, no_rules, body)
    assert rows and all(severity == "warning" for _, severity in rows)


def test_the_fork_setting_the_option_itself_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    body = "def aeon_gmu(cache_config) -> float:\n    return cache_config.gpu_memory_utilization == 0.9\n"
    pinned = {"examples/aeon/serve.sh": "#!/bin/sh\nvllm serve $MODEL --gpu-memory-utilization 0.9\n"}
    assert field_rows(git_repo, no_rules, body, pinned) == []


ENVS = "vllm/envs.py"
ENVS_BASE = """import os

environment_variables = {
    "VLLM_NIXL_SIDE_CHANNEL_PORT": lambda: int(os.getenv("VLLM_NIXL_SIDE_CHANNEL_PORT", "5557")),
    "VLLM_ENABLE_V1_MULTIPROCESSING": lambda: bool(int(os.getenv("VLLM_ENABLE_V1_MULTIPROCESSING", "0"))),
}


def __getattr__(name: str):
    return environment_variables[name]()
"""
ENVS_AFTER = ENVS_BASE.replace('"5557"', '"5600"').replace('MULTIPROCESSING", "0"', 'MULTIPROCESSING", "1"')
ENV_FORK = "vllm/aeon/side_channel.py"
ENV_HEAD = "import os\n\nimport vllm.envs as envs\n\n\n"


def env_rows(repo: GitRepo, config: Path, body: str) -> list[tuple[int, str]]:
    sides = s.merge_case(
        repo,
        {ENVS: ENVS_BASE},
        {ENV_FORK: ENV_HEAD + body},
        [("[P/D] Move the NIXL side channel port (#25056)", {ENVS: ENVS_AFTER})],
    )
    return [(line - 5, severity) for path, line, severity, _ in s.rule_rows(repo, config, sides, DEFAULT_DRIFT)]


@pytest.mark.parametrize(
    "body",
    [
        'def aeon_port(rank: int) -> int:\n    return int(os.getenv("VLLM_NIXL_SIDE_CHANNEL_PORT", "5557")) + rank\n',
        'def aeon_mp() -> bool:\n    return bool(int(os.environ.get("VLLM_ENABLE_V1_MULTIPROCESSING", "0")))\n',
        "def aeon_default_port() -> bool:\n    return envs.VLLM_NIXL_SIDE_CHANNEL_PORT == 5557\n",
    ],
    ids=["own read, old default", "own flag read, old default", "compared with the old default"],
)
def test_a_variable_read_or_compared_with_its_old_default_is_an_error(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    assert env_rows(git_repo, no_rules, body) == [(2, "error")]


@pytest.mark.parametrize(
    "body",
    [
        "def aeon_default_port() -> bool:\n    return envs.VLLM_NIXL_SIDE_CHANNEL_PORT == 5600\n",
        "def aeon_port(rank: int) -> int:\n    return envs.VLLM_NIXL_SIDE_CHANNEL_PORT + rank\n",
        # a flag compared with 0 is a test of its truth
        "def aeon_mp() -> bool:\n    return envs.VLLM_ENABLE_V1_MULTIPROCESSING == 0\n",
    ],
    ids=["new default", "a read", "flag"],
)
def test_variable_twins_stay_warnings(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert env_rows(git_repo, no_rules, body) == [(2, "warning")]


def test_a_read_with_the_new_default_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    body = 'def aeon_port(rank: int) -> int:\n    return int(os.getenv("VLLM_NIXL_SIDE_CHANNEL_PORT", "5600")) + rank\n'
    assert env_rows(git_repo, no_rules, body) == []
