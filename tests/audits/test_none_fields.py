"""None passed to a config field upstream made non-optional (default drift).

Shaped like #29165 (d7219bcda3): ``ModelConfig.seed: int | None = None``, whose ``__post_init__`` turned a
``None`` seed into 0, became ``seed: int = 0`` with the defaulting moved to ``EngineArgs``; a fork's
``ModelConfig(model=path, seed=None)`` keeps its ``None`` from then on.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

MODEL = "vllm/config/model.py"
MODEL_BASE = """from dataclasses import dataclass
from typing import Optional


@dataclass
class ModelConfig:
    model: str = "Qwen/Qwen3-0.6B"
    seed: int | None = None
    revision: Optional[str] = None

    def __post_init__(self) -> None:
        if self.seed is None:
            self.seed = 0
"""
MODEL_UPSTREAM = MODEL_BASE.replace("    seed: int | None = None\n", "    seed: int = 0\n").replace(
    "        if self.seed is None:\n            self.seed = 0\n", "        pass\n"
)
SUBJECT = "[Misc] Move dynamic seed initialization to `EngineArgs` (#29165)"
FORK = "vllm/aeon/probe.py"
HEAD = "from vllm.config.model import ModelConfig\n\n\n"


def rows(git_repo: GitRepo, no_rules: Path, body: str, upstream: str = MODEL_UPSTREAM) -> list:
    sides = s.merge_case(
        git_repo,
        {MODEL: MODEL_BASE, "vllm/config/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: HEAD + body},
        [(SUBJECT, {MODEL: upstream})],
    )
    return [r for r in s.rule_rows(git_repo, no_rules, sides, DEFAULT_DRIFT) if r[0] == FORK]


def test_none_passed_to_a_field_upstream_made_non_optional_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    body = "def aeon_probe(path: str) -> ModelConfig:\n    return ModelConfig(model=path, seed=None)\n"
    [(_, line, severity, message)] = rows(git_repo, no_rules, body)
    assert (line, severity) == (5, "error")
    assert "passes seed=None to ModelConfig" in message and "#29165" in message


@pytest.mark.parametrize(
    ("body", "upstream"),
    [
        ("def aeon_probe(path: str) -> ModelConfig:\n    return ModelConfig(model=path, seed=0)\n", MODEL_UPSTREAM),
        # a field still optional
        (
            "def aeon_probe(path: str) -> ModelConfig:\n    return ModelConfig(model=path, revision=None)\n",
            MODEL_UPSTREAM,
        ),
        # upstream left the field optional
        (
            "def aeon_probe(path: str) -> ModelConfig:\n    return ModelConfig(model=path, seed=None)\n",
            MODEL_BASE.replace('"Qwen/Qwen3-0.6B"', '"Qwen/Qwen3-8B"'),
        ),
        # another class of the field's name
        (
            "class Probe:\n    def __init__(self, seed=None):\n        self.seed = seed\n\n\nP = Probe(seed=None)\n",
            MODEL_UPSTREAM,
        ),
    ],
    ids=["a value", "still optional", "unchanged", "another class"],
)
def test_none_field_twins(git_repo: GitRepo, no_rules: Path, body: str, upstream: str) -> None:
    assert rows(git_repo, no_rules, body, upstream) == []


LLM = "vllm/entrypoints/llm.py"
LLM_BASE = """from typing import Optional


class LLM:
    def __init__(
        self, model: str, seed: int | None = None, revision: Optional[str] = None, tokenizer: Optional[str] = None
    ) -> None:
        self.seed = seed
"""
LLM_UPSTREAM = LLM_BASE.replace("seed: int | None = None", "seed: int = 0")


@pytest.mark.parametrize(
    ("body", "upstream", "line"),
    [
        # #30397's shape: ``LLM(model=m, seed=None)`` once the parameter became ``seed: int = 0``
        ("P = LLM(model='m', seed=None)\n", LLM_UPSTREAM, 4),
        # twins: a value; a parameter still optional; the annotation narrowed, the default still None
        ("P = LLM(model='m', seed=3)\n", LLM_UPSTREAM, None),
        ("P = LLM(model='m', revision=None)\n", LLM_UPSTREAM, None),
        ("P = LLM(model='m', seed=None)\n", LLM_BASE.replace("seed: int | None = None", "seed: int = None"), None),
    ],
    ids=["narrowed", "a value", "still optional", "default still None"],
)
def test_none_passed_to_a_constructor_parameter_upstream_made_non_optional(
    git_repo: GitRepo, no_rules: Path, body: str, upstream: str, line: int | None
) -> None:
    sides = s.merge_case(
        git_repo,
        {LLM: LLM_BASE, "vllm/entrypoints/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: "from vllm.entrypoints.llm import LLM\n\n\n" + body},
        [("[Deprecation] Remove deprecated task, seed and MM settings (#30397)", {LLM: upstream})],
    )
    found = [r for r in s.rule_rows(git_repo, no_rules, sides, DEFAULT_DRIFT) if r[0] == FORK and r[2] == "error"]
    assert [r[1] for r in found] == ([line] if line else [])
