"""Init-only fields (drift/init_only.py): #28733 re-annotated ``SchedulerConfig.max_model_len`` as an
``InitVar``; a fork read off the config then gets the class default (or AttributeError where none is left)."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

SCHEDULER = "vllm/config/scheduler.py"
BASE_TEXT = """from dataclasses import InitVar, dataclass


@dataclass
class SchedulerConfig:
    max_num_seqs: int = 128
    max_model_len: int = 8192
    is_encoder_decoder: bool = False
    runner_type: str = "generate"
    policy: InitVar[str] = "fcfs"

    def __post_init__(self, policy: str) -> None:
        self.max_num_batched_tokens = 2048
"""
UPSTREAM_TEXT = """from dataclasses import InitVar, dataclass


@dataclass
class SchedulerConfig:
    is_encoder_decoder: InitVar[bool]
    max_num_seqs: int = 128
    max_model_len: InitVar[int] = 8192
    runner_type: InitVar[str] = "generate"
    policy: InitVar[str] = "priority"

    def __post_init__(self, is_encoder_decoder: bool, max_model_len: int, runner_type: str, policy: str) -> None:
        self.max_num_batched_tokens = 2048
        self.runner_type = runner_type
"""
SUBJECT = "[Misc] Make `SchedulerConfig.max_model_len` init-only (#28733)"
FORK = "vllm/aeon/sched.py"
IMPORT = "from vllm.config.scheduler import SchedulerConfig\n\n\n"


def rows(git_repo: GitRepo, no_rules: Path, body: str) -> list[tuple[int, str, str]]:
    sides = s.merge_case(
        git_repo, {SCHEDULER: BASE_TEXT}, {FORK: IMPORT + body}, [(SUBJECT, {SCHEDULER: UPSTREAM_TEXT})]
    )
    found = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    return [(line, severity, message) for path, line, severity, message in found if path == FORK]


INIT_ONLY_READS = [
    ("def aeon_chunk(scheduler_config) -> int:\n    return scheduler_config.max_model_len // 4\n", "8192"),
    ("def aeon_chunk(vllm_config) -> int:\n    return vllm_config.scheduler_config.max_model_len // 4\n", "8192"),
    ("def aeon_encdec(config: SchedulerConfig) -> bool:\n    return config.is_encoder_decoder\n", "AttributeError"),
    (
        "def aeon_chunk(config: SchedulerConfig) -> int:\n    return getattr(config, 'max_model_len', 4096)\n",
        "8192",
    ),
    (
        "class AeonScheduler(SchedulerConfig):\n    def aeon_chunk(self) -> int:\n        return self.max_model_len\n",
        "8192",
    ),
    (
        "def aeon_long(vllm_config, n: int) -> bool:\n    sc = vllm_config.scheduler_config\n"
        "    return n > sc.max_model_len\n",
        "8192",
    ),
]
# The rows' modules side by side: one merge and one audit of the six a process (suitespeed11).
INIT_ONLY_FORKS = {FORK.replace(".py", f"_{n}.py"): IMPORT + body for n, (body, _) in enumerate(INIT_ONLY_READS)}


@pytest.mark.parametrize(
    ("body", "answer"),
    INIT_ONLY_READS,
    ids=[
        "a config-named receiver",
        "a chained read",
        "a typed receiver, no default",
        "getattr",
        "a subclass's self",
        "a local bound to the config",
    ],
)
def test_a_read_of_a_field_made_init_only_is_an_error(
    git_repo: GitRepo, no_rules: Path, body: str, answer: str
) -> None:
    upstream: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {SCHEDULER: UPSTREAM_TEXT})]
    found = s.audited_side_by_side(git_repo, no_rules, {SCHEDULER: BASE_TEXT}, INIT_ONLY_FORKS, upstream, SYMBOL_DRIFT)
    path = next(p for p, text in INIT_ONLY_FORKS.items() if text == IMPORT + body)
    [(line, severity, message)] = [(f.line, f.severity.value, f.message) for f in found[path]]
    assert (line, severity) == (body.count("\n") + 3, "error")
    assert "InitVar" in message and answer in message and "#28733" in message


@pytest.mark.parametrize(
    "body",
    [
        # the class stores the value back itself
        "def aeon_runner(scheduler_config) -> str:\n    return scheduler_config.runner_type\n",
        # a keyword: the constructor still takes it
        "def aeon_config() -> SchedulerConfig:\n    return SchedulerConfig(max_model_len=4096, is_encoder_decoder=False)\n",
        # another object's field of the same name
        "def aeon_len(model_config) -> int:\n    return model_config.max_model_len\n",
        # the fork stores the attribute itself
        "def aeon_len(scheduler_config) -> int:\n    scheduler_config.max_model_len = 4096\n"
        "    return scheduler_config.max_model_len\n",
        # AttributeError caught
        "def aeon_encdec(config: SchedulerConfig) -> bool:\n    try:\n        return config.is_encoder_decoder\n"
        "    except AttributeError:\n        return False\n",
        # getattr's own fallback where no class default is left
        "def aeon_encdec(config: SchedulerConfig) -> bool:\n    return getattr(config, 'is_encoder_decoder', False)\n",
        # a local bound to another config
        "def aeon_long(vllm_config, n: int) -> bool:\n    mc = vllm_config.model_config\n    return n > mc.max_model_len\n",
        # a field upstream left stored
        "def aeon_seqs(scheduler_config) -> int:\n    return scheduler_config.max_num_seqs\n",
        # an InitVar at the base already
        "def aeon_policy(scheduler_config) -> str:\n    return scheduler_config.policy\n",
    ],
    ids=[
        "stored back by __post_init__",
        "a keyword",
        "another receiver",
        "a local bound to another config",
        "the fork stores it",
        "AttributeError caught",
        "getattr with a fallback, no default",
        "a field kept",
        "init-only at the base",
    ],
)
def test_reads_the_change_does_not_break_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


def test_a_fork_defined_namesake_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    sides = s.merge_case(
        git_repo,
        {SCHEDULER: BASE_TEXT},
        {
            FORK: "class SchedulerConfig:\n    max_model_len: int = 4096\n\n\n"
            "def aeon_len(scheduler_config: SchedulerConfig) -> int:\n    return scheduler_config.max_model_len\n"
        },
        [(SUBJECT, {SCHEDULER: UPSTREAM_TEXT})],
    )
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == FORK] == []


@pytest.mark.parametrize(
    "body",
    [
        # a fork subclass that declares the field again: a stored field once more
        "from dataclasses import dataclass\n\n\n@dataclass\nclass AeonSchedulerConfig(SchedulerConfig):\n"
        "    max_model_len: int = 8192\n\n    def aeon_chunk(self) -> int:\n        return self.max_model_len // 4\n",
        # a subclass whose __post_init__ keeps the value by object.__setattr__
        "class AeonSchedulerConfig(SchedulerConfig):\n"
        "    def __post_init__(self, *args: object) -> None:\n"
        "        object.__setattr__(self, 'max_model_len', args[1])\n\n"
        "    def aeon_chunk(self) -> int:\n        return self.max_model_len // 4\n",
        # a parameter of the class's snake name typed as the fork's own class
        "from typing import NamedTuple\n\n\nclass AeonLimits(NamedTuple):\n    max_model_len: int\n\n\n"
        "def aeon_chunk(scheduler_config: AeonLimits) -> int:\n    return scheduler_config.max_model_len // 4\n",
        # ... or as a class imported from a fork module
        "from vllm.aeon.limits import AeonLimits\n\n\n"
        "def aeon_chunk(scheduler_config: AeonLimits) -> int:\n    return scheduler_config.max_model_len // 4\n",
        # a local of the name bound to a namespace a test builds
        "from types import SimpleNamespace\n\n\ndef test_chunk() -> None:\n"
        "    scheduler_config = SimpleNamespace(max_model_len=4096)\n"
        "    assert scheduler_config.max_model_len // 4 == 1024\n",
        # self.scheduler_config set to the fork's own object
        "from vllm.aeon.limits import AeonLimits\n\n\nclass AeonPlanner:\n"
        "    def __init__(self, n: int) -> None:\n        self.scheduler_config = AeonLimits(n)\n\n"
        "    def chunk(self) -> int:\n        return self.scheduler_config.max_model_len // 4\n",
    ],
    ids=[
        "field declared again",
        "setattr in __post_init__",
        "typed as own class",
        "typed as imported class",
        "local bound to a namespace",
        "self attribute built as own class",
    ],
)
def test_a_receiver_holding_the_forks_own_object_stays_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    "body",
    [
        # a subclass that only inherits the field
        "class AeonSchedulerConfig(SchedulerConfig):\n    def aeon_chunk(self) -> int:\n"
        "        return self.max_model_len // 4\n",
        # a config the function builds, read back
        "def aeon_limit(n: int) -> int:\n    scheduler_config = SchedulerConfig(max_model_len=n)\n"
        "    return scheduler_config.max_model_len\n",
        # a parameter typed as the class or None
        "def aeon_limit(config: SchedulerConfig | None) -> int:\n    assert config is not None\n"
        "    return config.max_model_len\n",
        # self.scheduler_config built as the class itself
        "class AeonPlanner:\n    def __init__(self, n: int) -> None:\n"
        "        self.scheduler_config = SchedulerConfig(max_model_len=n)\n\n"
        "    def chunk(self) -> int:\n        return self.scheduler_config.max_model_len // 4\n",
    ],
)
def test_a_receiver_holding_the_class_is_still_an_error(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    found = rows(git_repo, no_rules, body)
    assert found[-1][:2] == (body.count("\n") + 3, "error"), found
