"""Unjsoned renderings: upstream's ``__repr__`` stopped returning JSON; a fork parses ``str(cfg)`` as JSON.

Shaped like #25868 (43227236ec), which turned ``CompilationConfig.__repr__`` from ``dump_json(...).decode()`` into
``str(dump_python(...))``: a fork's ``json.loads(str(cfg))`` raises JSONDecodeError on every call.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

CFG = "pkg/compilation.py"
CFG_BASE = """import json


class CompilationConfig:
    mode: int = 0

    def __repr__(self) -> str:
        return json.dumps({"mode": self.mode})

    __str__ = __repr__


class Other:
    def __repr__(self) -> str:
        return json.dumps({})
"""
CFG_NEW = CFG_BASE.replace('        return json.dumps({"mode": self.mode})', '        return str({"mode": self.mode})')
FORK = "pkg/aeon_record.py"
HEAD = "import json\n\nfrom pkg.compilation import CompilationConfig, Other\n\n\n"


def run(git_repo: GitRepo, no_rules: Path, text: str) -> list[tuple[int, str]]:
    sides = s.merge_case(
        git_repo,
        {CFG: CFG_BASE, "pkg/__init__.py": ""},
        {FORK: HEAD + text},
        [("[torch.compile] serialize cudagraph_mode as its enum name (#25868)", {CFG: CFG_NEW})],
    )
    return [(r[1], r[2]) for r in s.rule_rows(git_repo, no_rules, sides, RULE) if "as JSON" in r[3]]


@pytest.mark.parametrize(
    "text",
    [
        "def a(cfg: CompilationConfig) -> dict:\n    return json.loads(str(cfg))\n",
        "def a(cfg: 'CompilationConfig') -> dict:\n    return json.loads(repr(cfg))\n",
        'def a(cfg: CompilationConfig) -> dict:\n    return json.loads(f"{cfg}")\n',
        "def a() -> dict:\n    cfg = CompilationConfig()\n    return json.loads(str(cfg))\n",
    ],
)
def test_a_json_parse_of_a_rendering_that_stopped_being_json_is_an_error(
    git_repo: GitRepo, no_rules: Path, text: str
) -> None:
    [(line, severity)] = run(git_repo, no_rules, text)
    assert severity == "error" and line in (7, 8)


@pytest.mark.parametrize(
    "text",
    [
        # twins: a class whose rendering stays JSON, an untyped value, a fallback, another parse
        "def a(o: Other) -> dict:\n    return json.loads(str(o))\n",
        "def a(cfg) -> dict:\n    return json.loads(str(cfg))\n",
        "def a(cfg: CompilationConfig):\n    try:\n        return json.loads(str(cfg))\n    except ValueError:\n"
        "        return None\n",
        "def a(cfg: CompilationConfig) -> dict:\n    return json.loads(cfg.to_json())\n",
    ],
)
def test_json_renderings_untyped_values_and_fallbacks_stay_quiet(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    assert run(git_repo, no_rules, text) == []


@pytest.mark.parametrize(
    "text",
    [
        # review135 twins: the parameter rebound to a JSON text before the parse; a local bound twice
        "def a(cfg: CompilationConfig) -> dict:\n    cfg = cfg.to_json()\n    return json.loads(str(cfg))\n",
        "def a(raw: str) -> dict:\n    cfg = CompilationConfig()\n    cfg = raw\n    return json.loads(str(cfg))\n",
        "def a(cfg: CompilationConfig) -> dict:\n    for cfg in ('{}',):\n        return json.loads(str(cfg))\n    return {}\n",
    ],
)
def test_a_name_rebound_in_the_function_is_not_typed_by_its_first_binding(
    git_repo: GitRepo, no_rules: Path, text: str
) -> None:
    assert run(git_repo, no_rules, text) == []


def test_a_store_elsewhere_than_the_name_keeps_the_parameter_typed(git_repo: GitRepo, no_rules: Path) -> None:
    # round 3: an attribute store and another local's binding are no rebinding of ``cfg``
    text = "def a(cfg: CompilationConfig) -> dict:\n    cfg.mode = 1\n    out = str(cfg)\n    return json.loads(str(cfg))\n"
    assert run(git_repo, no_rules, text) == [(9, "error")]
