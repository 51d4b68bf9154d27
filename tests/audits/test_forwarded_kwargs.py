"""Symbol drift through a pass-through ``**kwargs``: a keyword handed on to a callable that no longer takes it.

Shaped like the offline ``LLM`` class, whose ``__init__`` names a few parameters and hands the rest to
``EngineArgs(..., **kwargs)``: #30397 removed ``EngineArgs.disable_mm_preprocessor_cache``, #29402 removed
``override_pooler_config`` from both, #48549 dropped the shim that popped ``swap_space`` from the kwargs.  A
fork's ``LLM(model=m, <that keyword>=...)`` merges cleanly and raises TypeError in ``EngineArgs``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

ARGS = "vllm/engine/arg_utils.py"
ARGS_BASE = """from dataclasses import dataclass


@dataclass
class EngineArgs:
    model: str = "m"
    seed: int = 0
    disable_log_stats: bool = False
    enforce_eager: bool = False
    disable_mm_preprocessor_cache: bool = False
    pooler_config: dict | None = None
    override_pooler_config: dict | None = None
"""
LLM = "vllm/entrypoints/llm.py"
LLM_BASE = """from vllm.engine.arg_utils import EngineArgs


class LLM:
    def __init__(self, model: str, *, seed: int = 0, override_pooler_config: dict | None = None, **kwargs) -> None:
        kwargs.pop("swap_space", None)
        if "disable_log_stats" not in kwargs:
            kwargs["disable_log_stats"] = True
        self.engine_args = EngineArgs(model=model, seed=seed, override_pooler_config=override_pooler_config, **kwargs)
"""
LLM_NEW = (
    LLM_BASE.replace('        kwargs.pop("swap_space", None)\n', "")
    .replace(", override_pooler_config: dict | None = None", "")
    .replace(", override_pooler_config=override_pooler_config", "")
)
ARGS_NEW = ARGS_BASE.replace("    disable_mm_preprocessor_cache: bool = False\n", "").replace(
    "    override_pooler_config: dict | None = None\n", ""
)
FORK = "vllm/aeon/offline.py"
HEAD = "from vllm.entrypoints.llm import LLM\n\n\n"
TREE = {"vllm/__init__.py": "", "vllm/engine/__init__.py": "", "vllm/entrypoints/__init__.py": ""}


def rows(git_repo: GitRepo, no_rules: Path, body: str, llm: str = LLM_NEW, args: str = ARGS_NEW) -> list:
    sides = s.merge_case(
        git_repo,
        {**TREE, ARGS: ARGS_BASE, LLM: LLM_BASE},
        {FORK: HEAD + body, "vllm/aeon/__init__.py": ""},
        [("[Deprecation] Remove deprecated settings (#30397)", {ARGS: args, LLM: llm})],
    )
    return [r[1:] for r in s.rule_rows(git_repo, no_rules, sides, DRIFT) if r[0] == FORK]


@pytest.mark.parametrize(
    "keyword",
    ["disable_mm_preprocessor_cache=True", "override_pooler_config={}", "swap_space=0"],
    ids=["the target's field removed", "the callee's parameter removed with it", "the callee's shim removed"],
)
def test_a_keyword_handed_on_to_a_callable_that_no_longer_takes_it(
    git_repo: GitRepo, no_rules: Path, keyword: str
) -> None:
    body = f"def aeon_llm(model: str) -> LLM:\n    return LLM(model=model, {keyword})\n"
    [(line, severity, message)] = rows(git_repo, no_rules, body)
    assert (line, severity) == (5, "error")
    assert "hands its **kwargs on to EngineArgs" in message and f"{keyword.split('=')[0]}=" in message


@pytest.mark.parametrize(
    ("body", "llm"),
    [
        # a field the target kept
        ("def f(model: str) -> LLM:\n    return LLM(model=model, enforce_eager=True)\n", LLM_NEW),
        # the body still reads the key itself
        (
            "def f(model: str) -> LLM:\n    return LLM(model=model, disable_mm_preprocessor_cache=True)\n",
            LLM_NEW.replace("        if ", '        kwargs.pop("disable_mm_preprocessor_cache", None)\n        if ', 1),
        ),
        # the body filters its kwargs before handing them on: what reaches the target is unknown
        (
            "def f(model: str) -> LLM:\n    return LLM(model=model, disable_mm_preprocessor_cache=True)\n",
            LLM_NEW.replace("**kwargs)\n", "**{k: v for k, v in kwargs.items() if v is not None})\n"),
        ),
        # the kwargs handed to a method of the instance: not resolved, not judged
        (
            "def f(model: str) -> LLM:\n    return LLM(model=model, disable_mm_preprocessor_cache=True)\n",
            LLM_NEW.replace("EngineArgs(model=model, seed=seed, **kwargs)", "self._args(model, seed, **kwargs)"),
        ),
    ],
    ids=["a kept field", "still read", "filtered", "a method"],
)
def test_forwarded_keyword_twins(git_repo: GitRepo, no_rules: Path, body: str, llm: str) -> None:
    assert [r for r in rows(git_repo, no_rules, body, llm) if r[1] == "error"] == []


def test_a_target_that_takes_any_keyword_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    args = ARGS_NEW.replace(
        "@dataclass\nclass EngineArgs:",
        "class EngineArgs:\n    def __init__(self, **kw):\n        pass\n\n\nclass Unused:",
    )
    body = "def f(model: str) -> LLM:\n    return LLM(model=model, disable_mm_preprocessor_cache=True)\n"
    assert [r for r in rows(git_repo, no_rules, body, LLM_NEW, args) if r[1] == "error"] == []
