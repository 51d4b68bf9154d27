"""The fork's added lines gate what the merge-aware checks read of upstream.

A check whose finding is a fork line reading (``.name``) or naming (a class) what upstream changed need not
parse upstream's files when no line the fork added reads or names anything of theirs: on a 2,000-commit
release those parses were half the checks' time.  And a line pattern is tried only from the start of the lines
holding a word it needs (``sides.line_matches``), the same matches as a search of the whole text.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from aeon_release.domain.audits.drift import returned_errors
from aeon_release.domain.audits.drift.sides import ThreeTrees, line_matches
from aeon_release.domain.audits.merge_rules import TYPE_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.test_returned_errors import REQUEST, grammar_kept

LINE = re.compile(r"^\+[^\n]*(?:\|[^\S\n]*\w*(?:Exception|Error)\b|\b\w*(?:Exception|Error)[^\S\n]*\|)", re.M)
TEXTS = [
    "+    grammar: G | Exception | None\n-    grammar: G | None\n+x = 1\n",
    "@@ -1 +1 @@\n+    def f(self) -> A | ValueError:\n+ Error | B\n-    e: Error | B\n+ nothing here\n+|Error",
    "+a = Error\n+b = 'Error' | c\n+MyError|x ValueError|y\n",
    "",
    "no newline at all Error |",
]


@pytest.mark.parametrize("text", TEXTS)
def test_line_matches_finds_what_a_search_of_the_whole_text_finds(text: str) -> None:
    expected = [(m.start(), m.group()) for m in LINE.finditer(text)]
    got = [(m.start(), m.group()) for m in line_matches(LINE, text, re.compile(r"(?:Exception|Error)\b"))]
    assert got == expected


@pytest.mark.parametrize(
    ("body", "parsed"),
    [
        ("    return so is not None\n", False),  # reads no attribute: upstream's request module is not parsed
        ("    return so.aeon_only is None\n", False),  # reads a name upstream's module does not hold
        ("    return so.grammar.accept_tokens('r', [1])\n", True),  # reads the member made to hold an error
    ],
    ids=["reads nothing", "reads a name the module lacks", "reads the member"],
)
def test_upstream_modules_are_parsed_only_for_a_fork_that_reads_what_they_changed(
    git_repo: GitRepo, no_rules: Path, monkeypatch: pytest.MonkeyPatch, body: str, parsed: bool
) -> None:
    sides = grammar_kept(git_repo, body)
    asked: list[str] = []
    real = returned_errors.parsed_versions

    def recorded(trees: ThreeTrees, paths: list[str]) -> Iterator[tuple[str, ast.Module, ast.Module]]:
        asked.extend(paths)
        return real(trees, paths)

    monkeypatch.setattr(returned_errors, "parsed_versions", recorded)
    rows = s.rule_rows(git_repo, no_rules, sides, TYPE_DRIFT)
    assert (REQUEST in asked) is parsed
    assert bool(rows) is parsed  # and the finding stands where the fork reads the member


GRAMMAR = "vllm/v1/structured_output/grammar.py"
GRAMMAR_TEXT = "class StructuredOutputGrammar:\n    def accept_tokens(self, request_id: str, tokens: list[int]) -> bool:\n        return True\n"
PRE = "from vllm.v1.structured_output.grammar import StructuredOutputGrammar\n\n\nclass StructuredOutputRequest:\n"
# (the base's member, upstream's, the fork's use): a union whose line does not name its member
SPLIT = {
    "a field in parentheses": (
        "    grammar: (\n        StructuredOutputGrammar | None\n    ) = None\n",
        "    grammar: (\n        StructuredOutputGrammar | Exception | None\n    ) = None\n",
        "so.grammar.accept_tokens('r', [1])",
    ),
    "a union one member a line": (
        "    grammar: (\n        StructuredOutputGrammar\n        | None\n    ) = None\n",
        "    grammar: (\n        StructuredOutputGrammar\n        | Exception\n        | None\n    ) = None\n",
        "so.grammar.accept_tokens('r', [1])",
    ),
    "a signature's last line names a parameter": (
        "    def compile(self, spec: str,\n                strict: bool = False) -> StructuredOutputGrammar | None:\n"
        "        return None\n",
        "    def compile(self, spec: str,\n                strict: bool = False) -> StructuredOutputGrammar | Exception | None:\n"
        "        return None\n",
        "so.compile('x').accept_tokens('r', [1])",
    ),
}


@pytest.mark.parametrize("case", list(SPLIT))
def test_a_union_whose_line_names_no_member_is_still_read(git_repo: GitRepo, no_rules: Path, case: str) -> None:
    """A gate that took the union's line for the member's (its name, or none) dropped these files: the
    member is named lines above the union, or the line names a parameter."""
    base, new, use = SPLIT[case]
    user = (
        "from vllm.v1.structured_output.request import StructuredOutputRequest\n\n\n"
        f"def aeon_feed(so: StructuredOutputRequest) -> bool:\n    return {use}\n"
    )
    sides = s.merge_case(
        git_repo,
        {
            "vllm/v1/__init__.py": "",
            "vllm/v1/structured_output/__init__.py": "",
            REQUEST: PRE + base,
            GRAMMAR: GRAMMAR_TEXT,
        },
        {"vllm/v1/structured_output/aeon_feed.py": user},
        [("[Bugfix] handle grammar failures (#47312)", {REQUEST: PRE + new})],
    )
    rows = s.rule_rows(git_repo, no_rules, sides, TYPE_DRIFT)
    assert [(path, line) for path, line, _, _ in rows] == [("vllm/v1/structured_output/aeon_feed.py", 5)], rows
