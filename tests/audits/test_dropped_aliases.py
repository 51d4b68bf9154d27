"""A deprecated value's alias dropped (drift/dropped_aliases.py): #37861 removed ``PoolingParams.verify``'s
``if self.task == "score": ... self.task = "classify"``, and a fork's ``PoolingParams(task="score")`` is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.names import RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

FORK = "vllm/aeon/pool.py"
PARAMS = "vllm/pooling_params.py"
PARAMS_BASE = """from dataclasses import dataclass


@dataclass
class PoolingParams:
    task: str | None = None
    dimensions: int | None = None
    mode: str | None = None

    def verify(self) -> None:
        if self.task == "score":
            self.task = "classify"
        if self.mode == "cosine":
            self.mode = "unit"
        if self.task not in ("embed", "classify"):
            raise ValueError(f"Unknown pooling task: {self.task!r}")


@dataclass
class RerankConfig:
    task: str | None = None
"""
NO_MODE_ALIAS = PARAMS_BASE.replace('        if self.mode == "cosine":\n            self.mode = "unit"\n', "")
PARAMS_37861 = NO_MODE_ALIAS.replace('        if self.task == "score":\n            self.task = "classify"\n', "")
# the word lives on elsewhere, as "score" does in vLLM (an endpoint's prefix): name drift's "gone" is silent
ELSEWHERE = {"vllm/entrypoints/score.py": 'request_id_prefix = "score"\nNORMS = ("cosine", "max")\n'}
SUBJECT_37861 = "[Frontend] Remove frontend pooling multi task support. (#37861)"
FORK_TEXT = """from vllm.pooling_params import PoolingParams, RerankConfig


def aeon_rerank() -> PoolingParams:
    return PoolingParams(task="score")


def aeon_classify() -> PoolingParams:
    return PoolingParams(task="classify")


def aeon_is_score(params: PoolingParams) -> bool:
    return params.task == "score"


def aeon_rerank_config() -> RerankConfig:
    return RerankConfig(task="score")


def aeon_cosine() -> PoolingParams:
    return PoolingParams(mode="cosine")
"""


def alias_case(git_repo: GitRepo, no_rules: Path, upstream: dict[str, str]) -> list[tuple[int, str, str]]:
    sides = s.merge_case(git_repo, {PARAMS: PARAMS_BASE, **ELSEWHERE}, {FORK: FORK_TEXT}, [(SUBJECT_37861, upstream)])
    report = git_repo.audit(no_rules, merge=sides)
    return [(f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == RULE and f.path == FORK]


def test_a_value_whose_alias_upstream_removed_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """The keyword passing the old value to the class whose method mapped it is an error; the new value, a
    comparison (dead before the change too: the class rewrote the value first) and another class's keyword
    of the same name are not."""
    rows = alias_case(git_repo, no_rules, {PARAMS: PARAMS_37861})
    assert [(line, severity) for line, severity, _ in rows] == [(5, "error"), (21, "error")]
    assert "means task = 'score', which upstream no longer accepts" in rows[0][2]
    assert "PoolingParams.verify mapped it onto 'classify' and that branch went (vllm/pooling_params.py" in rows[0][2]
    assert "#37861" in rows[0][2]


REWRITTEN = NO_MODE_ALIAS.replace('if self.task == "score":', 'if self.task in ("score", "rerank"):')
VALIDATOR = 'def check(params) -> None:\n    if params.task == "score":\n        params.task = "classify"\n'
RENAMES = 'RENAMED_TASKS = {"score": "classify"}\n'
# the value made a task of its own (#37861's real shape): verify tests the field against a tuple holding it
FIRST_CLASS = PARAMS_37861.replace(
    'if self.task not in ("embed", "classify"):', "if self.task not in POOLING_TASKS:"
).replace(
    "from dataclasses import dataclass\n", "from dataclasses import dataclass\n\nfrom vllm.tasks import POOLING_TASKS\n"
)
TASKS = 'POOLING_TASKS = ("embed", "classify", "score")\n'


@pytest.mark.parametrize(
    "upstream",
    [
        {PARAMS: REWRITTEN},
        {PARAMS: PARAMS_37861, "vllm/tasks.py": VALIDATOR},
        {PARAMS: PARAMS_37861, "vllm/tasks.py": RENAMES},
        {PARAMS: FIRST_CLASS, "vllm/tasks.py": TASKS},
    ],
    ids=["rewritten", "moved-to-a-validator", "a-table-of-renames", "made-a-value-of-its-own"],
)
def test_an_alias_kept_or_moved_is_silent(git_repo: GitRepo, no_rules: Path, upstream: dict[str, str]) -> None:
    """The branch rewritten in the file (it still quotes the value), moved to a validator of another file, or
    kept as a dict display of renames elsewhere: the old value is still accepted (the other field's alias,
    gone in each, is the one error)."""
    assert [(line, severity) for line, severity, _ in alias_case(git_repo, no_rules, upstream)] == [(21, "error")]
