"""Shrunk collections: a string upstream took out of a module-level collection, tested by the fork with it.

Shaped like #37808 (45bd5c8e75), which dropped ``"reward"`` from ``_RUNNER_CONVERTS["pooling"]``: a fork's
``"reward" in _RUNNER_CONVERTS["pooling"]`` is False for good.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import CONSTANT_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

BASE_PATH = "vllm/cfg/model.py"
BASE = """CONVERTS = {
    "generate": [],
    "pooling": ["embed", "classify", "reward"],
}
BACKENDS = ("flash", "triton", "xformers")
KEPT = {"a", "b"}
"""
UPSTREAM = BASE.replace(', "reward"]', "]").replace(', "xformers")', ")")
SUBJECT = "[Mypy] Fix mypy for `vllm/config` (#37808)"
FORK = "vllm/aeon/shrunk.py"
HEAD = "from vllm.cfg.model import BACKENDS, CONVERTS, KEPT\n\n\n"


def errors(git_repo: GitRepo, no_rules: Path, body: str, head: str = HEAD) -> list:
    sides = s.merge_case(
        git_repo,
        {BASE_PATH: BASE, "vllm/cfg/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: head + body},
        [(SUBJECT, {BASE_PATH: UPSTREAM})],
    )
    found = s.rule_rows(git_repo, no_rules, sides, CONSTANT_DRIFT)
    return [r for r in found if r[0] == FORK and r[2] == "error" and "took it out" in r[3]]


DROPPED_ROWS = [
    ("REWARD = 'reward' in CONVERTS['pooling']\n", 4, HEAD),
    ("def xf() -> bool:\n    return 'xformers' not in BACKENDS\n", 5, HEAD),
    (
        "def xf() -> bool:\n    if 'xformers' in m.BACKENDS:\n        return True\n    return False\n",
        5,
        "from vllm.cfg import model as m\n\n\n",
    ),
]


@pytest.mark.parametrize(
    ("body", "line", "head"),
    DROPPED_ROWS,
    ids=["a dict's list under a key", "a tuple, not in", "a module alias"],
)
def test_a_dropped_literal_is_an_error(git_repo: GitRepo, no_rules: Path, body: str, line: int, head: str) -> None:
    # the rows' modules side by side, one merge and one audit a process (``s.audited_row``, suitespeed15)
    base = {BASE_PATH: BASE, "vllm/cfg/__init__.py": "", "vllm/__init__.py": ""}
    bodies = [h + b for b, _, h in DROPPED_ROWS]
    upstream: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {BASE_PATH: UPSTREAM})]
    _, rows = s.audited_row(git_repo, no_rules, base, bodies, head + body, upstream, CONSTANT_DRIFT, "vllm/aeon")
    [found] = [f.line for f in rows if f.severity.value == "error" and "took it out" in f.message]
    assert found == line


@pytest.mark.parametrize(
    "body",
    [
        "OK = 'classify' in CONVERTS['pooling']\n",
        "OK = 'reward' in CONVERTS['generate']\n",
        "def f(name: str) -> bool:\n    return name in BACKENDS\n",
        "OK = 'a' in KEPT\n",
        "CONVERTS['pooling'].append('reward')\nOK = 'reward' in CONVERTS['pooling']\n",
        "MINE = ('xformers',)\nOK = 'xformers' in MINE\n",
    ],
    ids=["a kept string", "another key's list", "a non-literal key", "a kept set", "the fork adds it back", "own"],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert errors(git_repo, no_rules, body) == []
