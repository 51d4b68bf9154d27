"""Gone sentinels of a None-default parameter: a constructor stored ``self.tools = tools`` (``tools=None``), and
upstream now stores a list always (killers212: #38189 made ``ToolParser.__init__`` store a filtered list or
``[]``); a fork's ``self.tools is None`` never holds again, off a subclass of an upstream subclass too."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of

BASE_PY = "vllm/parsers/base.py"
HERMES = "vllm/parsers/hermes.py"
BASE_TEXT = (
    "class ToolParser:\n"
    "    def __init__(self, tokenizer: object, tools: list[object] | None = None) -> None:\n"
    "        self.tokenizer = tokenizer\n"
    "        self.tools = tools\n"
)
LISTED = BASE_TEXT.replace(
    "        self.tools = tools\n",
    "        if tools:\n            self.tools = [t for t in tools if t is not None]\n        else:\n"
    "            self.tools = []\n",
)
HERMES_TEXT = (
    "from vllm.parsers.base import ToolParser\n\n\n"
    "class Hermes(ToolParser):\n"
    "    def __init__(self, tokenizer: object, tools: list[object] | None = None) -> None:\n"
    "        super().__init__(tokenizer, tools)\n"
)
REBOUND = BASE_TEXT.replace("self.tokenizer = tokenizer\n", "self.tokenizer = tokenizer\n        tools = tools or []\n")
FORK = "vllm/aeon/parsers.py"
HEAD = "from vllm.parsers.base import ToolParser\nfrom vllm.parsers.hermes import Hermes\n\n\n"


def rows(
    git_repo: GitRepo,
    no_rules: Path,
    body: str,
    upstream: str = LISTED,
    hermes: str = HERMES_TEXT,
    base: str = BASE_TEXT,
) -> list[tuple[int, str]]:
    sides = s.merge_case(
        git_repo,
        {BASE_PY: base, HERMES: hermes, "vllm/parsers/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: body},
        [("[Tool Parser] Use self.tools instead of request.tools (#38189)", {BASE_PY: upstream})],
    )
    found = s.rule_rows(git_repo, no_rules, sides, DEFAULT_DRIFT)
    return [(r[1], r[2]) for r in found if r[0] == FORK and "no longer stores" in r[3]]


@pytest.mark.parametrize(
    ("body", "upstream", "needle"),
    [
        # through an upstream subclass of another file, which hands the parameter on
        (
            HEAD + "class Mine(Hermes):\n    def given(self) -> bool:\n        if self.tools is None:\n"
            "            return False  # AEON\n        return True\n",
            LISTED,
            "if self.tools is None:",
        ),
        # a direct subclass, upstream's store a builtin's build
        (
            HEAD + "class Mine(ToolParser):\n    def given(self) -> bool:\n        return None != self.tools\n",
            BASE_TEXT.replace("self.tools = tools\n", "self.tools = list(tools or ())\n"),
            "None != self.tools",
        ),
        # off a parameter typed as the class
        (
            HEAD + "def given(parser: ToolParser) -> bool:\n    return parser.tools is not None\n",
            LISTED,
            "is not None",
        ),
    ],
    ids=["through Hermes", "list()", "typed parameter"],
)
def test_a_none_test_of_a_parameter_upstream_now_always_fills(
    git_repo: GitRepo, no_rules: Path, body: str, upstream: str, needle: str
) -> None:
    assert rows(git_repo, no_rules, body, upstream) == [(line_of(body, needle), "error")]


def test_an_unknown_fill_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    body = HEAD + "class Mine(Hermes):\n    def given(self) -> bool:\n        return self.tools is not None\n"
    upstream = BASE_TEXT.replace("self.tools = tools\n", "self.tools = tools or default_tools()\n")
    assert rows(git_repo, no_rules, body, upstream) == [(line_of(body, "is not None"), "warning")]


TEST = HEAD + "class Mine(Hermes):\n    def given(self) -> bool:\n        return self.tools is not None\n"


@pytest.mark.parametrize(
    ("body", "upstream", "base"),
    [
        # the parameter rebound before the store: never None at the base either
        (TEST, REBOUND.replace("self.tools = tools\n", "self.tools = list(tools)\n"), REBOUND),
        # the store unchanged (upstream changed something else)
        (TEST, BASE_TEXT.replace("self.tokenizer = tokenizer", "self.tokenizer = tokenizer or None"), BASE_TEXT),
        # a truth test: the new spelling, and what an empty list answers as None did
        (
            HEAD + "class Mine(Hermes):\n    def given(self) -> bool:\n        return bool(self.tools)\n",
            LISTED,
            BASE_TEXT,
        ),
        # the fork's class stores the attribute itself
        (
            TEST.replace("    def given", "    def reset(self) -> None:\n        self.tools = None\n\n    def given"),
            LISTED,
            BASE_TEXT,
        ),
        # a namesake: a class of the fork's own deriving nothing of upstream's
        (
            "class Hermes:\n    def __init__(self) -> None:\n        self.tools = None\n\n"
            "    def given(self) -> bool:\n        return self.tools is not None\n",
            LISTED,
            BASE_TEXT,
        ),
        # review119: an empty default in the None branch, the spelling of ``self.tools or []``
        (
            HEAD + "class Mine(Hermes):\n    def names(self) -> list[object]:\n"
            "        return self.tools if self.tools is not None else []\n",
            LISTED,
            BASE_TEXT,
        ),
        # review119: an early return of an empty value the next return gives a falsy field too
        (
            HEAD + "class Mine(Hermes):\n    def first(self) -> object:\n        if self.tools is None:\n"
            "            return ''\n        return self.tools[0] if self.tools else ''\n",
            LISTED,
            BASE_TEXT,
        ),
    ],
    ids=["rebound", "unchanged", "truth", "own store", "namesake", "empty default", "answered again"],
)
def test_quiet(git_repo: GitRepo, no_rules: Path, body: str, upstream: str, base: str) -> None:
    assert rows(git_repo, no_rules, body, upstream, base=base) == []


def test_quiet_when_the_upstream_subclass_between_stores_it(git_repo: GitRepo, no_rules: Path) -> None:
    assert rows(git_repo, no_rules, TEST, LISTED, HERMES_TEXT + "        self.tools = tools\n") == []


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        # a non-empty default: the fork's own tools were what it wanted when none were given
        (
            HEAD + "class Mine(Hermes):\n    def names(self) -> list[object]:\n"
            "        return self.tools if self.tools is not None else [0]\n",
            "is not None",
        ),
        # the early return's answer is not the one an empty field gets below
        (
            HEAD + "class Mine(Hermes):\n    def first(self) -> object:\n        if self.tools is None:\n"
            "            return ''\n        return self.tools[0] if self.tools else 'none'\n",
            "if self.tools is None:",
        ),
    ],
    ids=["non-empty default", "other answer"],
)
def test_review119_near_twins_stay_errors(git_repo: GitRepo, no_rules: Path, body: str, needle: str) -> None:
    assert rows(git_repo, no_rules, body, LISTED) == [(line_of(body, needle), "error")]
