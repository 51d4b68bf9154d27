"""Collided fields: upstream added a field to a base class whose name a fork subclass already declares.

Shaped like #28672 (9d37941017), which added ``PassConfig.sp_min_token_num: int | None = None`` (a token
count): a fork subclass's own ``sp_min_token_num: float = 0.25`` (a fraction) now feeds upstream's reads of
the field on the fork's class.  Symbol drift warns (the fork may mean what upstream does).
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


@dataclass
class PassConfig:
    fuse_norm_quant: bool = False
"""
CFG_NEW = CFG_BASE.replace(
    "    fuse_norm_quant: bool = False\n",
    "    fuse_norm_quant: bool = False\n    sp_min_token_num: int | None = None\n    table: ClassVar[int] = 1\n",
)
FORK = "pkg/aeon_passes.py"
HEAD = "from dataclasses import dataclass\n\nfrom pkg.compilation import PassConfig\n\n\n@dataclass\n"


def run(git_repo: GitRepo, no_rules: Path, text: str) -> list[tuple[int, str]]:
    sides = s.merge_case(
        git_repo,
        {CFG: CFG_BASE, "pkg/__init__.py": ""},
        {FORK: HEAD + text},
        [("[torch.compile] Sequence Parallelism threshold compile ranges (#28672)", {CFG: CFG_NEW})],
    )
    return [(r[1], r[2]) for r in s.rule_rows(git_repo, no_rules, sides, RULE) if "the fork's own field" in r[3]]


def test_a_subclass_field_of_a_name_upstream_added_to_the_base_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    text = "class AeonPassConfig(PassConfig):\n    sp_min_token_num: float = 0.25\n"
    assert run(git_repo, no_rules, text) == [(8, "warning")]


@pytest.mark.parametrize(
    "text",
    [
        # twins: the fork's own name, an override of a field the base had, a ClassVar upstream added
        "class AeonPassConfig(PassConfig):\n    aeon_sp_min_fraction: float = 0.25\n",
        "class AeonPassConfig(PassConfig):\n    fuse_norm_quant: bool = True\n",
        "class AeonPassConfig(PassConfig):\n    table: ClassVar[int] = 2\n",
    ],
)
def test_own_names_old_fields_and_class_vars_stay_quiet(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    assert run(git_repo, no_rules, text) == []
