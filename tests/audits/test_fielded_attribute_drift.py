"""Fielded attributes: upstream annotated a dataclass's plain class attribute; a fork subclass overrides it bare.

Shaped like #33735 (4df841fe75), which turned ``CompilationConfig``'s ``fast_moe_cold_start = True`` into
``fast_moe_cold_start: bool | None = None``: a fork subclass's ``fast_moe_cold_start = False`` is hidden by the
instance attribute the inherited ``__init__`` now stores.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

CFG = "pkg/compilation.py"
CFG_BASE = """from dataclasses import dataclass
from typing import ClassVar

from pkg.utils import config


@dataclass
class CompilationConfig:
    mode: int = 0
    fast_moe_cold_start = True
    table_size = 4


@config
class Wrapped:
    level: int = 0
    fast_path = True


class Plain:
    fast_path = True
"""
CFG_NEW = (
    CFG_BASE.replace("    fast_moe_cold_start = True\n", "    fast_moe_cold_start: bool | None = None\n")
    .replace("    table_size = 4\n", "    table_size: ClassVar[int] = 4\n")
    .replace("    level: int = 0\n    fast_path = True\n", "    level: int = 0\n    fast_path: bool = True\n")
    .replace("class Plain:\n    fast_path = True\n", "class Plain:\n    fast_path: bool = True\n")
)
UTILS = "from pydantic.dataclasses import dataclass\n\n\ndef config(cls):\n    return dataclass(cls)\n"
FORK = "pkg/aeon_config.py"
HEAD = "from pkg.compilation import CompilationConfig, Plain, Wrapped\n\n\n"


def run(git_repo: GitRepo, no_rules: Path, text: str) -> list[tuple[str, int, str, str]]:
    sides = s.merge_case(
        git_repo,
        {CFG: CFG_BASE, "pkg/__init__.py": "", "pkg/utils.py": UTILS},
        {FORK: HEAD + text},
        [("[torch.compile] force-enable the MOE cold start optimization (#33735)", {CFG: CFG_NEW})],
    )
    return [r for r in s.rule_rows(git_repo, no_rules, sides, RULE) if "upstream made a field" in r[3]]


@pytest.mark.parametrize(
    "text",
    [
        "class AeonConfig(CompilationConfig):\n    fast_moe_cold_start = False\n",
        # a decorator of upstream's tree that builds a dataclass (vLLM's @config)
        "class AeonWrapped(Wrapped):\n    fast_path = False\n",
        # through a module alias
        "import pkg.compilation as cc\n\n\nclass AeonConfig(cc.CompilationConfig):\n    fast_moe_cold_start = False\n",
    ],
)
def test_a_bare_override_of_an_attribute_made_a_field_is_an_error(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    [(path, line, severity, message)] = run(git_repo, no_rules, text)
    assert (path, severity) == (FORK, "error") and line in (5, 8)
    assert "the override is dead on every path" in message and "#33735" in message


def test_a_subclass_with_its_own_init_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    text = "class AeonConfig(CompilationConfig):\n    fast_moe_cold_start = False\n\n    def __init__(self):\n        pass\n"
    [(_, line, severity, _)] = run(git_repo, no_rules, text)
    assert (line, severity) == (5, "warning")


@pytest.mark.parametrize(
    "text",
    [
        # twins: an annotated override (a field of the subclass), an instance store, the fork's own name
        "class AeonConfig(CompilationConfig):\n    fast_moe_cold_start: bool | None = False\n",
        "def aeon(cfg):\n    cfg.fast_moe_cold_start = False\n",
        "class AeonConfig(CompilationConfig):\n    aeon_cold_start = False\n",
        # a ClassVar annotation makes no field
        "class AeonConfig(CompilationConfig):\n    table_size = 8\n",
        # a plain class: an annotation makes no field
        "class AeonPlain(Plain):\n    fast_path = False\n",
    ],
)
def test_fields_classvars_plain_classes_and_instance_stores_stay_quiet(
    git_repo: GitRepo, no_rules: Path, text: str
) -> None:
    assert run(git_repo, no_rules, text) == []
