"""Forbidden extras: upstream made a class refuse extra keywords, and a fork build passes one naming no field.

Shaped like #30708 (a450c64a30), which turned ``PassConfig``'s and ``CompilationConfig``'s ``@dataclass`` into
``@dataclass(config=ConfigDict(extra="forbid"))``: a fork's ``PassConfig(enable_fusion=True)`` -- a keyword an
older release took, ignored since -- merges cleanly and now raises ``ValidationError`` at construction.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

CFG = "pkg/compilation.py"
CFG_BASE = """from pydantic import ConfigDict, Field
from pydantic.dataclasses import dataclass


@dataclass
class Base:
    mode: int = 0


@dataclass
class PassConfig(Base):
    fuse_norm_quant: bool = False
    sp_threshold: int = Field(default=0, alias="sp_min")


@dataclass
class Loose:
    level: int = 0


@dataclass
class Elsewhere(Foreign):
    level: int = 0
"""
CFG_NEW = (
    CFG_BASE.replace("@dataclass\nclass PassConfig", '@dataclass(config=ConfigDict(extra="forbid"))\nclass PassConfig')
    .replace("@dataclass\nclass Elsewhere", '@dataclass(config=ConfigDict(extra="forbid"))\nclass Elsewhere')
    .replace("class Loose:\n", 'class Loose:\n    model_config = ConfigDict(extra="allow")\n')
)
FORK = "pkg/aeon_passes.py"
HEAD = "import pytest\n\nfrom pkg.compilation import Elsewhere, Loose, PassConfig\n\n\n"


def run(git_repo: GitRepo, no_rules: Path, text: str, new: str = CFG_NEW) -> list[tuple[str, int, str, str]]:
    sides = s.merge_case(
        git_repo,
        {CFG: CFG_BASE, "pkg/__init__.py": ""},
        {FORK: HEAD + text},
        [("[Bugfix] Fail instead of ignoring invalid args (#30708)", {CFG: new})],
    )
    return [r for r in s.rule_rows(git_repo, no_rules, sides, RULE) if "refuse extra keywords" in r[3]]


@pytest.mark.parametrize(
    ("text", "line", "names"),
    [
        # a keyword naming no field, beside one that does
        ("def a():\n    return PassConfig(fuse_norm_quant=True, enable_fusion=True)\n", 7, "enable_fusion="),
        # two stale keywords on one line: one finding
        ("def a():\n    return PassConfig(enable_fusion=True, enable_noop=True)\n", 7, "enable_fusion=, enable_noop="),
        # a ** dict display's constant key
        ('def a():\n    return PassConfig(**{"mode": 1, "use_cudagraph": True})\n', 7, "use_cudagraph="),
        # a keyword on its own line of a call spread over lines
        (
            "def a():\n    return PassConfig(\n        mode=1,\n        full_cuda_graph=True,\n    )\n",
            9,
            "full_cuda_graph=",
        ),
        # through a module alias
        ("import pkg.compilation as cc\n\n\ndef a():\n    return cc.PassConfig(level=3)\n", 10, "level="),
    ],
)
def test_a_keyword_naming_no_field_of_a_newly_strict_class_is_an_error(
    git_repo: GitRepo, no_rules: Path, text: str, line: int, names: str
) -> None:
    [(path, at, severity, message)] = run(git_repo, no_rules, text)
    assert (path, at, severity) == (FORK, line, "error")
    assert f"passes {names}, which" in message and "#30708" in message and "ValidationError" in message


@pytest.mark.parametrize(
    "text",
    [
        # twins: the class's own fields, a base's field, an alias
        "def a():\n    return PassConfig(fuse_norm_quant=True, mode=1, sp_threshold=2)\n",
        "def a():\n    return PassConfig(sp_min=2)\n",
        # a class whose base comes from elsewhere may take any keyword
        "def a():\n    return Elsewhere(level=1, aeon_x=2)\n",
        # a class upstream did not make strict
        "def a():\n    return Loose(level=1, aeon_x=2)\n",
        # a test of the refusal, a build that falls back
        "def test_a():\n    with pytest.raises(ValueError):\n        PassConfig(enable_fusion=True)\n",
        "def a():\n    try:\n        return PassConfig(enable_fusion=True)\n    except TypeError:\n        return None\n",
        # a mapping not spelt out decides nothing
        "def a(extra):\n    return PassConfig(**extra)\n",
    ],
)
def test_fields_aliases_unknown_bases_and_expected_refusals_stay_quiet(
    git_repo: GitRepo, no_rules: Path, text: str
) -> None:
    assert run(git_repo, no_rules, text) == []


def test_a_class_already_strict_at_the_base_is_not_this_merges_doing(git_repo: GitRepo, no_rules: Path) -> None:
    sides = s.merge_case(
        git_repo,
        {CFG: CFG_NEW, "pkg/__init__.py": ""},
        {FORK: HEAD + "def a():\n    return PassConfig(enable_fusion=True)\n"},
        [("[Misc] touch (#1)", {CFG: CFG_NEW + "\n\nX = 1\n"})],
    )
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, RULE) if "refuse extra keywords" in r[3]] == []


@pytest.mark.parametrize(
    "spelling",
    [
        "    model_config = ConfigDict(extra='forbid')\n",
        "    class Config:\n        extra = Extra.forbid\n",
    ],
)
def test_a_model_config_or_an_inner_config_class_makes_the_class_strict(
    git_repo: GitRepo, no_rules: Path, spelling: str
) -> None:
    new = CFG_BASE.replace("class PassConfig(Base):\n", "class PassConfig(Base):\n" + spelling)
    [(_, line, severity, _)] = run(git_repo, no_rules, "def a():\n    return PassConfig(enable_fusion=True)\n", new)
    assert (line, severity) == (7, "error")


def test_a_field_the_forks_carry_adds_to_the_strict_class_is_a_keyword_it_takes(
    git_repo: GitRepo, no_rules: Path
) -> None:
    # review135: the fork's carry adds ``aeon_nvfp4`` to upstream's PassConfig; its build passing it is right
    mine = CFG_BASE.replace(
        "    fuse_norm_quant: bool = False\n", "    fuse_norm_quant: bool = False\n    aeon_nvfp4: bool = False\n"
    )
    build = "def a():\n    return PassConfig(aeon_nvfp4=True, enable_fusion=True)\n"
    sides = s.merge_case(
        git_repo,
        {CFG: CFG_BASE, "pkg/__init__.py": ""},
        {CFG: mine, FORK: HEAD + build},
        [("[Bugfix] Fail instead of ignoring invalid args (#30708)", {CFG: CFG_NEW})],
    )
    rows = [r for r in s.rule_rows(git_repo, no_rules, sides, RULE) if "refuse extra keywords" in r[3]]
    assert [(r[0], r[1], r[2]) for r in rows] == [(FORK, 7, "error")]
    assert "passes enable_fusion=, which" in rows[0][3]


def test_each_alias_choice_is_a_keyword_the_class_takes(git_repo: GitRepo, no_rules: Path) -> None:
    choices = 'Field(default=0, validation_alias=AliasChoices("sp_min", "sp_floor"))'
    base = CFG_BASE.replace('Field(default=0, alias="sp_min")', choices)
    new = CFG_NEW.replace('Field(default=0, alias="sp_min")', choices)
    sides = s.merge_case(
        git_repo,
        {CFG: base, "pkg/__init__.py": ""},
        {FORK: HEAD + "def a():\n    return PassConfig(sp_floor=2)\n"},
        [("[Bugfix] Fail instead of ignoring invalid args (#30708)", {CFG: new})],
    )
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, RULE) if "refuse extra keywords" in r[3]] == []


STRICT_BASE = """from pydantic import BaseModel, ConfigDict


class ErrorResponse(BaseModel):
    message: str
    code: int


class Loose(BaseModel):
    message: str
"""
STRICT_NEW = """from pydantic import BaseModel, ConfigDict


class OpenAIBaseModel(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ErrorResponse(OpenAIBaseModel):
    message: str
    code: int


class Loose(OpenAIBaseModel):
    model_config = ConfigDict(extra="allow")
    message: str
"""


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # a class made to inherit the refusal from a new base of the file (#4355's OpenAIBaseModel)
        ('def a():\n    return ErrorResponse(message="x", code=1, aeon_hint="y")\n', [(FORK, 5, "error")]),
        # its fields; a class that spells extra="allow" over the base's
        ('def a():\n    return ErrorResponse(message="x", code=1)\n', []),
        ('def a():\n    return Loose(message="x", aeon_hint="y")\n', []),
    ],
)
def test_a_class_inherits_the_refusal_from_a_base_of_the_file_unless_it_spells_its_own(
    git_repo: GitRepo, no_rules: Path, text: str, found: list[tuple[str, int, str]]
) -> None:
    sides = s.merge_case(
        git_repo,
        {CFG: STRICT_BASE, "pkg/__init__.py": ""},
        {FORK: "from pkg.compilation import ErrorResponse, Loose\n\n\n" + text},
        [("[Frontend][Bugfix] Disallow extra fields in OpenAI API (#4355)", {CFG: STRICT_NEW})],
    )
    rows = [r for r in s.rule_rows(git_repo, no_rules, sides, RULE) if "refuse extra keywords" in r[3]]
    assert [(r[0], r[1], r[2]) for r in rows] == found
