"""Refused receivers: a classmethod upstream made raise when called off its own class (``if cls is C: raise``).

Shaped like #22734 (0933f9d518), which opened ``KVConnectorBase_V1.get_required_kvcache_layout`` with ``if cls is
KVConnectorBase_V1: raise TypeError(...)``: a fork's ``KVConnectorBase_V1.get_required_kvcache_layout(cfg)``
merges cleanly and raises at startup, while the same call off a subclass is fine.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

BASE_PATH = "vllm/kv/base.py"
BASE = """class Connector:
    @classmethod
    def layout(cls, config) -> str | None:
        return None

    @classmethod
    def describe(cls) -> str:
        return cls.__name__

    def name(self) -> str:
        return "connector"
"""
UPSTREAM = """class Connector:
    @classmethod
    def layout(cls, config) -> str | None:
        if cls is Connector:
            raise TypeError("layout should not be called on the abstract base class")
        return None

    @classmethod
    def describe(cls) -> str:
        assert cls != Connector, "describe a connector, not the base"
        return cls.__name__

    def name(self) -> str:
        return "connector"
"""
SUBJECT = "[BugFix][KVConn] Fix use of `get_required_kvcache_layout` (#22734)"
FORK = "vllm/aeon/own.py"
HEAD = "from vllm.kv.base import Connector\n\n\n"


def errors(git_repo: GitRepo, no_rules: Path, body: str, head: str = HEAD) -> list:
    sides = s.merge_case(
        git_repo,
        {BASE_PATH: BASE, "vllm/kv/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: head + body},
        [(SUBJECT, {BASE_PATH: UPSTREAM})],
    )
    found = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    return [r for r in found if r[0] == FORK and r[2] == "error" and "now refuses" in r[3]]


REFUSED_ROWS = [
    ("LAYOUT = Connector.layout(None)\n", 4, HEAD),
    ("def aeon_name() -> str:\n    return Connector.describe()\n", 5, HEAD),
    (
        "def aeon_layout(cfg):\n    return kv.Connector.layout(config=cfg)\n",
        5,
        "from vllm.kv import base as kv\n\n\n",
    ),
]


@pytest.mark.parametrize(
    ("body", "line", "head"),
    REFUSED_ROWS,
    ids=["a module constant", "an assert, no arguments", "off a module alias, by keyword"],
)
def test_a_classmethod_called_off_the_class_it_now_refuses_is_an_error(
    git_repo: GitRepo, no_rules: Path, body: str, line: int, head: str
) -> None:
    # the rows' modules side by side, one merge and one audit a process (``s.audited_row``, suitespeed15)
    base = {BASE_PATH: BASE, "vllm/kv/__init__.py": "", "vllm/__init__.py": ""}
    bodies = [h + b for b, _, h in REFUSED_ROWS]
    upstream: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {BASE_PATH: UPSTREAM})]
    _, rows = s.audited_row(git_repo, no_rules, base, bodies, head + body, upstream, SYMBOL_DRIFT, "vllm/aeon")
    [(found, message)] = [
        (f.line, f.message) for f in rows if f.severity.value == "error" and "now refuses" in f.message
    ]
    assert found == line
    assert "off Connector" in message and "call it off the subclass it means" in message


@pytest.mark.parametrize(
    "body",
    [
        "class AeonConnector(Connector):\n    pass\n\n\nLAYOUT = AeonConnector.layout(None)\n",
        "class AeonConnector(Connector):\n    @classmethod\n    def layout(cls, config):\n"
        "        return super().layout(config) or 'HND'\n",
        "class AeonConnector(Connector):\n    @classmethod\n    def aeon(cls):\n        return cls.describe()\n",
        "def aeon_layout(cfg):\n    try:\n        return Connector.layout(cfg)\n    except TypeError:\n        return None\n",
        "def aeon_name(conn: Connector) -> str:\n    return Connector.name(conn)\n",
    ],
    ids=["a subclass's call", "super() in a subclass", "cls.", "under try/except TypeError", "an instance method"],
)
def test_a_call_off_another_class_or_answered_is_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert errors(git_repo, no_rules, body) == []


def test_the_forks_own_namesake_class_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    body = "class Connector:\n    @classmethod\n    def layout(cls, config):\n        return 'HND'\n\n\n"
    body += "LAYOUT = Connector.layout(None)\n"
    assert errors(git_repo, no_rules, body, head="") == []
