"""A false default made ``None``: a fork line testing the old one by identity is an error (default drift).

#18879 (ba5111f237) turned ``StructuredOutputRequest.reasoning_ended: bool = False`` into ``Optional[bool] =
None`` ("not decided yet").  The truth of the default is unchanged, so ``not so_request.reasoning_ended`` reads
the same; but a fork line ``so_request.reasoning_ended is False`` (written to tell "left at the default")
answers False now for every request that has not been decided.  The same for ``0`` -> ``None`` under ``== 0``.
Twins (no error): a test of truth, a test of the new ``None``, a test of both, another value.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

REQUEST = "vllm/v1/structured_output/request.py"
REQUEST_BASE = """import dataclasses


@dataclasses.dataclass
class StructuredOutputRequest:
    params: object
    reasoning_ended: bool = False
    grammar_rows: int = 0
"""
REQUEST_AFTER = REQUEST_BASE.replace("bool = False", "bool | None = None").replace("int = 0", "int | None = None")
FORK = "vllm/aeon/so_state.py"
HEAD = "from vllm.v1.structured_output.request import StructuredOutputRequest\n\n\n"


def rows(repo: GitRepo, config: Path, body: str) -> list[tuple[int, str]]:
    sides = s.merge_case(
        repo,
        {REQUEST: REQUEST_BASE},
        {FORK: HEAD + body},
        [("[Bugfix] Structured outputs when thinking is disabled (#18879)", {REQUEST: REQUEST_AFTER})],
    )
    return [(line - 3, severity) for path, line, severity, _ in s.rule_rows(repo, config, sides, DEFAULT_DRIFT)]


FALSE_BY_IDENTITY = [
    "def aeon_thinking(r: StructuredOutputRequest) -> bool:\n    return r.reasoning_ended is False\n",
    "def aeon_thinking(r: StructuredOutputRequest) -> bool:\n    return r.reasoning_ended == False  # noqa\n",
    "def aeon_thinking(r: StructuredOutputRequest) -> bool:\n    return False is not r.reasoning_ended\n",
    "def aeon_rows(r: StructuredOutputRequest) -> bool:\n    return r.grammar_rows == 0\n",
]


@pytest.mark.parametrize(
    "body",
    FALSE_BY_IDENTITY,
    ids=["is False", "== False", "reversed is not", "== 0"],
)
def test_the_old_false_default_tested_by_identity_is_an_error(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    # the rows' modules side by side, one merge and one audit a process (suitespeed12)
    bodies = [HEAD + text for text in FALSE_BY_IDENTITY]
    upstream: list[tuple[str, dict[str, str | None]]] = [
        ("[Bugfix] Structured outputs when thinking is disabled (#18879)", {REQUEST: REQUEST_AFTER})
    ]
    base = {REQUEST: REQUEST_BASE}
    _, found = s.audited_row(git_repo, no_rules, base, bodies, HEAD + body, upstream, DEFAULT_DRIFT, "vllm/aeon")
    assert [(f.line - 3, f.severity.value) for f in found] == [(2, "error")]


@pytest.mark.parametrize(
    "body",
    [
        # a test of truth: False and None are one to it
        "def aeon_thinking(r: StructuredOutputRequest) -> bool:\n    return not r.reasoning_ended\n",
        # another value than the old default
        "def aeon_thinking(r: StructuredOutputRequest) -> bool:\n    return r.reasoning_ended is True\n",
    ],
    ids=["truth", "is True"],
)
def test_truth_tests_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    "body",
    [
        # the new default, or both: written for upstream's value
        "def aeon_thinking(r: StructuredOutputRequest) -> bool:\n    return r.reasoning_ended is None\n",
        "def aeon_thinking(r: StructuredOutputRequest) -> bool:\n"
        "    return r.reasoning_ended is False or r.reasoning_ended is None\n",
    ],
    ids=["is None", "both"],
)
def test_a_test_of_the_new_none_is_no_error(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert all(severity != "error" for _, severity in rows(git_repo, no_rules, body))


# review of killers110: upstream fills None back in __post_init__; a getattr spelling tested both ways
CFG = "vllm/config/scheduler.py"
CFG_BASE = """import dataclasses


@dataclasses.dataclass
class SchedulerConfig:
    max_num_seqs: int = 128
    async_scheduling: bool = False
"""
CFG_AFTER = CFG_BASE.replace("async_scheduling: bool = False", "async_scheduling: bool | None = None")
CFG_RESOLVED = (
    CFG_AFTER
    + """
    def __post_init__(self):
        if self.async_scheduling is None:
            self.async_scheduling = False
"""
)


def cfg_rows(repo, config, files_base, fork, upstream):
    sides = s.merge_case(repo, files_base, fork, [("[Core] auto async scheduling (#99999)", upstream)])
    return [(p, line, sev) for p, line, sev, _ in s.rule_rows(repo, config, sides, DEFAULT_DRIFT)]


def test_upstream_resolves_none_in_post_init(git_repo: GitRepo, no_rules: Path) -> None:
    body = (
        "from vllm.config.scheduler import SchedulerConfig\n\n\n"
        "def aeon_sync(sched: SchedulerConfig) -> bool:\n    return sched.async_scheduling is False\n"
    )
    assert cfg_rows(git_repo, no_rules, {CFG: CFG_BASE}, {"vllm/aeon/cfg.py": body}, {CFG: CFG_RESOLVED}) == []


F_THINK = "def aeon_thinking(r: StructuredOutputRequest) -> bool:\n"


@pytest.mark.parametrize(
    "body",
    [
        F_THINK + "    return getattr(r, 'reasoning_ended', False) is False or r.reasoning_ended is None\n",
    ],
    ids=["getattr+None"],
)
def test_review_getattr_and_none_twin(git_repo, no_rules: Path, body: str) -> None:
    assert [r for r in rows(git_repo, no_rules, body) if r[1] == "error"] == []


SPEC = "vllm/config/speculative.py"
SPEC_TEXT = (
    "import dataclasses\n\n\n@dataclasses.dataclass\nclass SpeculativeConfig:\n    async_scheduling: bool = False\n"
)


def test_a_same_named_field_of_another_annotated_class_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Twin: upstream made SchedulerConfig.async_scheduling None; the fork's ``spec_config`` (a holder name the
    class knows) is annotated as SpeculativeConfig, which declares its own unchanged field: quiet."""
    body = (
        "from vllm.config.speculative import SpeculativeConfig\n\n\n"
        "def aeon_sync(spec_config: SpeculativeConfig) -> bool:\n    return spec_config.async_scheduling is False\n"
    )
    got = cfg_rows(git_repo, no_rules, {CFG: CFG_BASE, SPEC: SPEC_TEXT}, {"vllm/aeon/cfg.py": body}, {CFG: CFG_AFTER})
    assert got == []


def test_a_holder_known_by_its_name_only_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    """An untyped holder named like a config (``scheduler_config``) may be another class's same-named field:
    its ``is False`` is a warning, while the annotated holder stays an error."""
    body = (
        "from vllm.config.scheduler import SchedulerConfig\n\n\n"
        "def aeon_sync(scheduler_config) -> bool:\n    return scheduler_config.async_scheduling is False\n\n\n"
        "def aeon_typed(sched: SchedulerConfig) -> bool:\n    return sched.async_scheduling is False\n"
    )
    got = cfg_rows(git_repo, no_rules, {CFG: CFG_BASE}, {"vllm/aeon/cfg.py": body}, {CFG: CFG_AFTER})
    assert [(line, sev) for _, line, sev in got] == [(5, "warning"), (9, "error")]


# -- #29185 (ceca060501): ``EngineArgs.seed: int | None = None`` -> ``= 0``, and ``create_model_config`` keeps its
# ``if self.seed is None: self.seed = 0``: a store of the new default brings the old ``None`` back nowhere
ARGS = "vllm/engine/arg_utils.py"
ARGS_BASE = """import dataclasses


@dataclasses.dataclass
class EngineArgs:
    model: str = "m"
    seed: int | None = None

    def create_model_config(self) -> None:
        if self.seed is None:
            self.seed = 0  # a comment
"""
ARGS_AFTER = ARGS_BASE.replace("seed: int | None = None", "seed: int | None = 0")
ARGS_HEAD = "from vllm.engine.arg_utils import EngineArgs\n\n\n"


def seed_rows(repo: GitRepo, config: Path, body: str, after: str = ARGS_AFTER) -> list[tuple[int, str]]:
    got = cfg_rows(repo, config, {ARGS: ARGS_BASE}, {"vllm/aeon/seed.py": ARGS_HEAD + body}, {ARGS: after})
    return [(line - 3, sev) for _, line, sev in got]


@pytest.mark.parametrize(
    ("body", "line"),
    [
        (
            "def aeon_seed(args: EngineArgs) -> int:\n    if args.seed is None:\n        return 7\n    return args.seed\n",
            2,
        ),
        ("class AeonArgs(EngineArgs):\n    def aeon_unset(self) -> bool:\n        return None is self.seed\n", 3),
        ("def aeon_seed(args: EngineArgs) -> bool:\n    return args.seed == None  # noqa: E711\n", 2),
    ],
    ids=["if is None", "subclass reversed", "== None"],
)
def test_upstream_storing_the_new_default_keeps_the_none_test_an_error(
    git_repo: GitRepo, no_rules: Path, body: str, line: int
) -> None:
    """The store in ``create_model_config`` writes 0, the new default: an unset instance never holds None now."""
    assert seed_rows(git_repo, no_rules, body) == [(line, "error")]


@pytest.mark.parametrize(
    ("after", "why"),
    [
        (ARGS_AFTER + "\n    def reset(self) -> None:\n        self.seed = None\n", "a store of the old None"),
        (ARGS_AFTER.replace("self.seed = 0  # a comment", "self.seed = pick()"), "a store of an unknown value"),
        (ARGS_AFTER.replace("self.seed = 0  # a comment", "self.seed = 0.0"), "a store of another kind"),
    ],
    ids=["old None", "unknown", "another kind"],
)
def test_upstream_storing_anything_else_stays_quiet(git_repo: GitRepo, no_rules: Path, after: str, why: str) -> None:
    body = "def aeon_seed(args: EngineArgs) -> bool:\n    return args.seed is None\n"
    assert seed_rows(git_repo, no_rules, body, after) == [], why


def test_a_seed_tested_for_both_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    body = "def aeon_seed(args: EngineArgs) -> bool:\n    return args.seed is None or args.seed == 0\n"
    assert seed_rows(git_repo, no_rules, body) == []
