"""Coerced returns: a result upstream made never None, tested against None by the fork.

Shaped like #28652 (b230286fbc), which turned ``ModelConfig.get_num_experts``'s ``return num_experts`` into
``return num_experts or 0``: a fork's ``get_num_experts() is None`` branch is dead.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import RETURN_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

BASE_PATH = "vllm/cfg/model.py"
BASE = """class ModelConfig:
    def __init__(self, hf) -> None:
        self.hf = hf

    def get_num_experts(self) -> int:
        n = getattr(self.hf, "num_experts", 0)
        if isinstance(n, list):
            return n[0]
        return n

    def get_window(self):
        return getattr(self.hf, "window", None)

    def get_dim(self):
        d = self.hf.dim
        if self.hf.split:
            return self.hf.other
        return d


def top_k(hf):
    k = getattr(hf, "top_k", None)
    return k
"""
UPSTREAM = (
    BASE.replace("        return n\n", "        return n or 0\n")
    .replace("        return d\n", "        return d or 1\n")
    .replace("    return k\n", "    return k if k is not None else 1\n")
)
SUBJECT = "Fix `get_num_experts` when config sets it explicitly to `None` (#28652)"
FORK = "vllm/aeon/coerced.py"
HEAD = "from vllm.cfg.model import ModelConfig, top_k\n\n\n"


def rows(git_repo: GitRepo, no_rules: Path, body: str, head: str = HEAD) -> list:
    sides = s.merge_case(
        git_repo,
        {BASE_PATH: BASE, "vllm/cfg/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: head + body},
        [(SUBJECT, {BASE_PATH: UPSTREAM})],
    )
    found = s.rule_rows(git_repo, no_rules, sides, RETURN_DRIFT)
    return [r for r in found if r[0] == FORK and "coerced away from None" in r[3]]


NONE_TEST_ROWS = [
    ("def dense(cfg: ModelConfig) -> bool:\n    return cfg.get_num_experts() is None\n", 5, HEAD),
    ("def moe(cfg: ModelConfig) -> bool:\n    n = cfg.get_num_experts()\n    return n is not None\n", 6, HEAD),
    ("def k(hf) -> int:\n    if top_k(hf) == None:\n        return 8\n    return 1\n", 5, HEAD),
    ("def k(hf) -> int:\n    return None is m.top_k(hf)\n", 5, "from vllm.cfg import model as m\n\n\n"),
    (
        "def moe(cfg) -> bool:\n    return cfg.get_num_experts() is not None\n",
        5,
        "from vllm.cfg import ModelConfig\n\n\n",
    ),
]


@pytest.mark.parametrize(
    ("body", "line", "head"),
    NONE_TEST_ROWS,
    ids=["a method's result is None", "a local bound once", "a function == None", "a module alias", "a re-export"],
)
def test_a_none_test_is_an_error(git_repo: GitRepo, no_rules: Path, body: str, line: int, head: str) -> None:
    # the rows' modules side by side, one merge and one audit a process (``s.audited_row``, suitespeed15)
    base = {BASE_PATH: BASE, "vllm/cfg/__init__.py": "", "vllm/__init__.py": ""}
    bodies = [h + b for b, _, h in NONE_TEST_ROWS]
    upstream: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {BASE_PATH: UPSTREAM})]
    _, rows_ = s.audited_row(git_repo, no_rules, base, bodies, head + body, upstream, RETURN_DRIFT, "vllm/aeon")
    [(found, severity)] = [(f.line, f.severity.value) for f in rows_ if "coerced away from None" in f.message]
    assert (found, severity) == (line, "error")


def test_another_return_that_may_be_none_makes_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    [(_, found, severity, message)] = rows(
        git_repo, no_rules, "def f(cfg: ModelConfig):\n    return cfg.get_dim() is None\n"
    )
    assert (found, severity) == (5, "warning")
    assert "review it" in message


@pytest.mark.parametrize(
    "body",
    [
        "def dense(cfg: ModelConfig) -> bool:\n    return not cfg.get_num_experts()\n",
        "def dense(cfg: ModelConfig) -> bool:\n    return cfg.get_num_experts() == 0\n",
        "def w(cfg: ModelConfig) -> bool:\n    return cfg.get_window() is None\n",
        "def moe(cfg: ModelConfig) -> bool:\n    n = cfg.get_num_experts()\n    n = n or None\n    return n is not None\n",
        "def get_num_experts():\n    return None\n\n\ndef mine() -> bool:\n    return get_num_experts() is None\n",
        "def other(x) -> bool:\n    return x.get_num_experts() is None\n",
    ],
    ids=[
        "a falsy test",
        "a comparison with 0",
        "a function upstream did not coerce",
        "a local bound again",
        "the fork's own def of the name",
        "no import of the class",
    ],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    head = HEAD if "other" not in body else ""
    assert rows(git_repo, no_rules, body, head) == []


@pytest.mark.parametrize(
    ("body", "parses"),
    [
        ("def dense(cfg: ModelConfig) -> bool:\n    return cfg.hf is None\n", False),
        ("def dense(cfg: ModelConfig) -> bool:\n    return cfg.get_num_experts() is None\n", True),
    ],
    ids=["calls no def", "calls a def"],
)
def test_a_fork_calling_no_def_of_a_candidate_parses_nothing(
    git_repo: GitRepo, no_rules: Path, monkeypatch: pytest.MonkeyPatch, body: str, parses: bool
) -> None:
    """perf37's gate: every finding's fork line calls ``name(``, a def both versions of the candidate keep; a fork
    whose added lines call none parses nothing, one calling it still errs."""
    from aeon_release.domain.audits.drift import coerced_returns, sides

    parsed: list[str] = []

    def recording(*args: object) -> Iterator[tuple[str, object, object]]:
        for both in sides.parsed_versions(*args):  # type: ignore[arg-type]
            parsed.append(both[0])
            yield both

    monkeypatch.setattr(coerced_returns, "parsed_versions", recording)
    found = rows(git_repo, no_rules, body)
    assert [r[1] for r in found] == ([5] if parses else [])
    assert bool(parsed) is parses
