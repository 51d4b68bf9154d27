"""A class attribute's default upstream made None, computed with off the class (default drift).

Shaped like #14274 (cc10281498): ``EngineArgs.seed: int = 0`` became ``seed: Optional[int] = None``; a fork's
``AEON_CANARY_SEED = EngineArgs.seed + 1000`` reads the class's own default and raises TypeError on import.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

ARGS = "vllm/engine/arg_utils.py"
ARGS_BASE = """from dataclasses import dataclass, field
from typing import Optional


@dataclass
class EngineArgs:
    model: str = "facebook/opt-125m"
    seed: int = 0
    max_model_len: int = field(default=2048)
    revision: Optional[str] = None
    dtype: str = "auto"
"""
NULLED = ARGS_BASE.replace("    seed: int = 0\n", "    seed: Optional[int] = None\n").replace(
    "field(default=2048)", "field(default=None)"
)
SUBJECT = "[Misc] Set default value of seed to None (#14274)"
FORK = "vllm/aeon/probe.py"
HEAD = "from vllm.engine.arg_utils import EngineArgs\n\n\n"


def errors(git_repo: GitRepo, no_rules: Path, body: str, upstream: str = NULLED, extra: str = "") -> list:
    fork = {FORK: HEAD + body, **({"vllm/aeon/patch.py": extra} if extra else {})}
    sides = s.merge_case(
        git_repo, {ARGS: ARGS_BASE, "vllm/engine/__init__.py": ""}, fork, [(SUBJECT, {ARGS: upstream})]
    )
    found = s.rule_rows(git_repo, no_rules, sides, DEFAULT_DRIFT)
    return [r for r in found if r[0] == FORK and r[2] == "error"]


@pytest.mark.parametrize(
    ("body", "line", "how"),
    [
        ("AEON_CANARY_SEED = EngineArgs.seed + 1000\n", 4, "computes with EngineArgs.seed"),
        ("def aeon_window() -> int:\n    return min(EngineArgs.max_model_len, 4096)\n", 5, "passes"),
        ("from vllm.engine.arg_utils import EngineArgs as EA\n\nLIMIT = EA.max_model_len // 2\n", 6, "computes"),
    ],
    ids=["module constant", "min() in a function", "an alias, a field(default=)"],
)
def test_a_class_default_made_none_computed_with_is_an_error(
    git_repo: GitRepo, no_rules: Path, body: str, line: int, how: str
) -> None:
    [(_, found_line, _, message)] = errors(git_repo, no_rules, body)
    assert found_line == line
    assert how in message and "upstream made None" in message and "#14274" in message


@pytest.mark.parametrize(
    ("body", "upstream", "extra"),
    [
        # tested for None (an ``or`` fallback, an ``is None``)
        ("AEON_CANARY_SEED = (EngineArgs.seed or 0) + 1000\n", NULLED, ""),
        (
            "def aeon_seed() -> int:\n    if EngineArgs.seed is None:\n        return 0\n    return EngineArgs.seed + 1\n",
            NULLED,
            "",
        ),
        # handed on, not used as a value
        ("import random\n\nrandom.seed(EngineArgs.seed)\n", NULLED, ""),
        # read off an instance (type drift's) -- not the class
        ("def aeon_seed(args: EngineArgs) -> int:\n    return (args.seed or 0) + 1\n", NULLED, ""),
        # the default moved to another value, not None
        ("AEON_CANARY_SEED = EngineArgs.seed + 1000\n", ARGS_BASE.replace("seed: int = 0", "seed: int = 7"), ""),
        # an unchanged None default
        ("AEON_REV = EngineArgs.revision.upper()\n", NULLED, ""),
        # inside a try
        (
            "try:\n    AEON_CANARY_SEED = EngineArgs.seed + 1000\nexcept TypeError:\n    AEON_CANARY_SEED = 1000\n",
            NULLED,
            "",
        ),
        # the fork patches the default back
        ("AEON_CANARY_SEED = EngineArgs.seed + 1000\n", NULLED, HEAD + "EngineArgs.seed = 0\n"),
        # a class of the fork's own of the same name
        ("class EngineArgs:\n    seed = 0\n\n\nAEON_CANARY_SEED = EngineArgs.seed + 1000\n", NULLED, ""),
    ],
    ids=["or", "is None", "handed on", "instance", "another value", "None before", "try", "patched", "own class"],
)
def test_nulled_default_twins(git_repo: GitRepo, no_rules: Path, body: str, upstream: str, extra: str) -> None:
    assert errors(git_repo, no_rules, body, upstream, extra) == []


def test_a_same_named_class_from_another_package_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    body = "from other.args import EngineArgs as OA\n\nAEON_CANARY_SEED = OA.seed + 1000\n"
    assert errors(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    ("body", "line"),
    [
        # a fork subclass that inherits the default, read off the subclass or off ``cls`` in a classmethod
        ("class AeonArgs(EngineArgs):\n    pass\n\n\nAEON_CANARY_SEED = AeonArgs.seed + 1000\n", 8),
        (
            "class AeonArgs(EngineArgs):\n    @classmethod\n    def aeon_seed(cls) -> int:\n        return cls.seed + 1\n",
            7,
        ),
        # quiet: the subclass binds the attribute itself (in its body or, left alone, in a method); ``cls``
        # of a method that is no classmethod
        ("class AeonArgs(EngineArgs):\n    seed: int = 3\n\n\nAEON_CANARY_SEED = AeonArgs.seed + 1000\n", None),
        (
            "class AeonArgs(EngineArgs):\n    @staticmethod\n    def aeon_seed(cls) -> int:\n        return cls.seed + 1\n",
            None,
        ),
        (
            "class AeonArgs(EngineArgs):\n    def __post_init__(self) -> None:\n        self.seed = 0\n\n\n"
            "AEON_CANARY_SEED = AeonArgs.seed + 1000\n",
            None,
        ),
    ],
    ids=["subclass", "cls in a classmethod", "twin: rebound", "twin: staticmethod", "left: set in a method"],
)
def test_a_fork_subclass_inheriting_the_nulled_default(
    git_repo: GitRepo, no_rules: Path, body: str, line: int | None
) -> None:
    assert [r[1] for r in errors(git_repo, no_rules, body)] == ([line] if line else [])
