"""Error drift: upstream hands back an exception where it handed back the value; the fork calls on it.

Shaped like #47312 (12213c6795): ``StructuredOutputRequest.grammar`` went ``-> StructuredOutputGrammar |
None`` to ``-> StructuredOutputGrammar | Exception | None`` (a failed compile is kept, not raised), and
upstream's callers test ``isinstance`` now.  A fork line that tests only ``None`` and calls a method of the
grammar merges cleanly and raises AttributeError on the first grammar that fails to compile.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import TYPE_DRIFT
from aeon_release.domain.audits.model import MergeSides
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

REQUEST = "vllm/v1/structured_output/request.py"
REQUEST_BASE = """from concurrent.futures import Future


class StructuredOutputGrammar:
    def accept_tokens(self, request_id: str, tokens: list[int]) -> bool:
        return True


class StructuredOutputRequest:
    _grammar: Future[StructuredOutputGrammar] | StructuredOutputGrammar | None = None
    reasoning_ended: bool | None = None

    @property
    def grammar(self) -> StructuredOutputGrammar | None:
        return self._grammar if not isinstance(self._grammar, Future) else None

    @grammar.setter
    def grammar(self, grammar: StructuredOutputGrammar | None) -> None:
        self._grammar = grammar

    def backend(self) -> str | None:
        return None
"""
REQUEST_KEPT = (
    REQUEST_BASE.replace("StructuredOutputGrammar | None = None", "StructuredOutputGrammar | Exception | None = None")
    .replace(
        "def grammar(self) -> StructuredOutputGrammar | None:",
        "def grammar(self) -> StructuredOutputGrammar | Exception | None:",
    )
    .replace("def backend(self) -> str | None:", "def backend(self) -> str | int | None:")
)
USER = "vllm/v1/structured_output/aeon_feed.py"
HEAD = "from vllm.v1.structured_output.request import StructuredOutputGrammar, StructuredOutputRequest\n\n\n"


def grammar_kept(git_repo: GitRepo, body: str) -> MergeSides:
    """#47312's change merged under a fork function ``aeon_feed(so)`` whose body is ``body``."""
    user = HEAD + f"def aeon_feed(so: StructuredOutputRequest) -> bool:\n{body}"
    return s.merge_case(
        git_repo,
        {"vllm/v1/__init__.py": "", "vllm/v1/structured_output/__init__.py": "", REQUEST: REQUEST_BASE},
        {USER: user},
        [("[Bugfix] handle grammar compilation failures to avoid engine crash (#47312)", {REQUEST: REQUEST_KEPT})],
    )


@pytest.mark.parametrize(
    ("body", "line"),
    [
        (
            "    grammar = so.grammar\n    if grammar is None:\n        return False\n    return grammar.accept_tokens('r', [1])\n",
            8,
        ),
        ("    return so.grammar.accept_tokens('r', [1])\n", 5),
        (  # twin: the fork tests the type, as upstream's callers do
            "    grammar = so.grammar\n    if not isinstance(grammar, StructuredOutputGrammar):\n        return False\n"
            "    return grammar.accept_tokens('r', [1])\n",
            None,
        ),
        (
            "    try:\n        return so.grammar.accept_tokens('r', [1])\n    except AttributeError:\n        return False\n",
            None,
        ),
        (
            "    grammar = so.grammar\n    return grammar is not None and bool(grammar.args)\n",
            None,
        ),  # twin: what an exception has
        ("    return so.backend().upper() == 'X'\n", None),  # twin: a union that gained no exception
        ("    return so.reasoning_ended is True\n", None),  # twin: a field upstream left alone
        (
            "    grammar = so.grammar\n    match grammar:\n        case StructuredOutputGrammar():\n"
            "            return grammar.accept_tokens('r', [1])\n        case _:\n            return False\n",
            None,
        ),  # twin: a match case's class pattern tests it
        (
            "    if not isinstance(so.grammar, StructuredOutputGrammar):\n        return False\n"
            "    grammar = so.grammar\n    return grammar.accept_tokens('r', [1])\n",
            None,
        ),  # twin: the type tested on what the local is bound from
    ],
    ids=[
        "bound, None-tested",
        "read through",
        "twin: isinstance",
        "twin: try",
        "twin: .args",
        "twin: not an error",
        "twin: kept",
        "twin: match class",
        "twin: source tested",
    ],
)
def test_a_call_on_a_value_upstream_may_now_hand_back_as_an_exception(
    git_repo: GitRepo, no_rules: Path, body: str, line: int | None
) -> None:
    sides = grammar_kept(git_repo, body)
    rows = [(path, at, message) for path, at, _, message in s.rule_rows(git_repo, no_rules, sides, TYPE_DRIFT)]
    if line is None:
        assert rows == []
    else:
        [(path, at, message)] = rows
        assert (path, at) == (USER, line), message
        assert "StructuredOutputRequest.grammar" in message and "Exception" in message and "#47312" in message
