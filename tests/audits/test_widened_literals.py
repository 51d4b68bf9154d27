"""Widened literals (drift/widened_literals.py): #40982 widened ``ChatCompletionRequest.reasoning_effort``'s
``Literal`` with "max"; a fork table covering every old choice, indexed by the field, raises KeyError on it."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import KEY_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

PROTOCOL = "vllm/entrypoints/openai/chat_completion/protocol.py"
BASE_TEXT = """from typing import Literal, Optional

Effort = Literal["low", "high"]


class ChatCompletionRequest:
    reasoning_effort: Literal["none", "low", "medium", "high"] | None = None
    verbosity: Optional[Effort] = None
    role: str = "user"
"""
UPSTREAM_TEXT = """from typing import Literal, Optional

Effort = Literal["low", "high", "max"]


class ChatCompletionRequest:
    reasoning_effort: Literal["none", "low", "medium", "high", "max"] | None = None
    verbosity: Optional[Effort] = None
    role: str = "user"
"""
SUBJECT = "[DSV4] Support `max` reasoning effort (#40982)"
FORK = "vllm/aeon/budgets.py"
TABLE = '_BUDGETS = {"none": 0, "low": 1024, "medium": 4096, "high": 16384}\n_LOUD = {"low": 1, "high": 2}\n\n\n'


def rows(git_repo: GitRepo, no_rules: Path, body: str) -> list[tuple[int, str, str]]:
    sides = s.merge_case(git_repo, {PROTOCOL: BASE_TEXT}, {FORK: TABLE + body}, [(SUBJECT, {PROTOCOL: UPSTREAM_TEXT})])
    found = s.rule_rows(git_repo, no_rules, sides, KEY_DRIFT)
    return [(line, severity, message) for path, line, severity, message in found if path == FORK]


@pytest.mark.parametrize(
    "body",
    [
        "def aeon_budget(request) -> int:\n    return _BUDGETS[request.reasoning_effort]\n",
        "def aeon_loud(request) -> int:\n    return _LOUD[request.verbosity]\n",
        "def aeon_budget(self) -> int:\n    return _BUDGETS[self.request.reasoning_effort] + 1\n",
    ],
    ids=["inline Literal", "an alias of the file under Optional", "a chained receiver"],
)
def test_a_fork_table_covering_the_old_choices_is_an_error(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    [(line, severity, message)] = rows(git_repo, no_rules, body)
    assert (line, severity) == (6, "error")
    assert "'max'" in message and "#40982" in message


@pytest.mark.parametrize(
    "body",
    [
        # .get with a default
        "def aeon_budget(request) -> int:\n    return _BUDGETS.get(request.reasoning_effort, 0)\n",
        # a membership test first
        "def aeon_budget(request) -> int:\n    if request.reasoning_effort not in _BUDGETS:\n        return 0\n"
        "    return _BUDGETS[request.reasoning_effort]\n",
        # KeyError caught
        "def aeon_budget(request) -> int:\n    try:\n        return _BUDGETS[request.reasoning_effort]\n"
        "    except KeyError:\n        return 0\n",
        # a table that never covered the field (no "none")
        '_PART = {"low": 1, "medium": 2, "high": 3}\n\n\n'
        "def aeon_budget(request) -> int:\n    return _PART[request.reasoning_effort]\n",
        # a table the fork grows itself
        '_BUDGETS["max"] = 65536\n\n\n'
        "def aeon_budget(request) -> int:\n    return _BUDGETS[request.reasoning_effort]\n",
        # a field upstream did not widen
        '_ROLES = {"user": 1}\n\n\ndef aeon_role(request) -> int:\n    return _ROLES[request.role]\n',
    ],
    ids=[".get", "membership tested", "KeyError caught", "old choices not covered", "grown by the fork", "kept"],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


MATCH = (
    "def aeon_budget(request) -> int:\n"
    "    match request.reasoning_effort:\n"
    '        case "none" | "low":\n'
    "            return 0\n"
    '        case "medium" | "high":\n'
    "            return 1\n"
    "        case _:\n"
    '            raise ValueError("unknown effort")\n'
)
CHAIN = (
    "def aeon_budget(request) -> int:\n"
    "    effort = request.reasoning_effort\n"
    '    if effort == "none":\n'
    "        return 0\n"
    '    elif effort in ("low", "medium") or effort == "high":\n'
    "        return 1\n"
    "    else:\n"
    "        raise NotImplementedError(effort)\n"
)


@pytest.mark.parametrize(
    ("body", "line"),
    [
        (MATCH, 12),
        (CHAIN, 12),
        (
            'def aeon_check(request) -> None:\n    assert request.reasoning_effort in ("none", "low", "medium", "high")\n',
            6,
        ),
    ],
    ids=["a match whose default raises", "an if/elif chain on a local whose else raises", "an assert of membership"],
)
def test_a_dispatch_naming_every_old_choice_that_fails_on_others_is_an_error(
    git_repo: GitRepo, no_rules: Path, body: str, line: int
) -> None:
    [(at, severity, message)] = rows(git_repo, no_rules, body)
    assert (at, severity) == (line, "error")
    assert "'max'" in message and "#40982" in message


@pytest.mark.parametrize(
    "body",
    [
        # the default answers
        MATCH.replace('raise ValueError("unknown effort")', "return 2"),
        CHAIN.replace("raise NotImplementedError(effort)", "return 2"),
        # an old choice not named: the dispatch never covered the field
        MATCH.replace('"none" | "low"', '"low"'),
        CHAIN.replace('effort == "none"', 'effort == "minimal"'),
        # the new choice already named
        'def aeon_check(request) -> None:\n    assert request.reasoning_effort in ("none", "low", "medium", "high", "max")\n',
        # a chain testing two subjects
        CHAIN.replace('or effort == "high"', 'or request.role == "high"'),
    ],
    ids=[
        "match default answers",
        "chain else answers",
        "match misses an old choice",
        "chain misses one",
        "assert has it",
        "two subjects",
    ],
)
def test_dispatches_that_handle_the_new_choices_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


def _in_try(dispatch: str, caught: str) -> str:
    """The dispatch's body moved into a ``try`` whose handler answers."""
    head, body = dispatch.split("\n", 1)
    inner = "".join("    " + line + "\n" for line in body.splitlines())
    return f"{head}\n    try:\n{inner}    except {caught}:\n        return 3\n"


@pytest.mark.parametrize(
    "body",
    [
        # the new choice answered by an earlier test that leaves the block
        CHAIN.replace("    if effort ==", '    if effort == "max":\n        return 3\n    if effort ==', 1),
        # choices the fork does not know turned away before the match
        MATCH.replace(
            "    match",
            '    if request.reasoning_effort not in ("none", "low", "medium", "high"):\n        return 3\n    match',
        ),
        # a method of the value tested first (a new family by its prefix)
        CHAIN.replace("    if effort ==", '    if effort.startswith("ma"):\n        return 3\n    if effort ==', 1),
        # the failure caught around the dispatch
        _in_try(MATCH, "ValueError"),
        _in_try(CHAIN, "Exception"),
        # another object's field of the name: typed as the fork's own class, or self of its own class
        MATCH.replace("def aeon_budget(request)", "def aeon_budget(request: AeonPlan)"),
        "class AeonPlan:\n    reasoning_effort: str = 'low'\n\n"
        "    def check(self) -> None:\n"
        '        assert self.reasoning_effort in ("none", "low", "medium", "high")\n',
        # the value the function stored itself
        "def aeon_pin(request, fast: bool) -> None:\n"
        '    request.reasoning_effort = "low" if fast else "high"\n'
        '    assert request.reasoning_effort in ("none", "low", "medium", "high")\n',
    ],
    ids=[
        "new choice answered first",
        "not in turned away first",
        "prefix tested first",
        "match in a try",
        "chain in a try catching Exception",
        "typed as the fork's class",
        "self of the fork's class",
        "value stored first",
    ],
)
def test_dispatches_that_never_fail_on_a_new_choice_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    "body",
    [
        # an earlier test that answers no new choice
        CHAIN.replace("    if effort ==", "    if effort is None:\n        return 0\n    if effort ==", 1),
        CHAIN.replace(
            "    if effort ==", '    if effort == "low" and not request.role:\n        return 0\n    if effort ==', 1
        ),
        # a try catching another failure
        _in_try(MATCH, "KeyError"),
        # a parameter typed as the class the field widened on
        MATCH.replace("def aeon_budget(request)", "def aeon_budget(request: ChatCompletionRequest | None)"),
    ],
    ids=["a None test first", "an old choice tested first", "a try catching KeyError", "typed as the class"],
)
def test_dispatches_still_failing_on_a_new_choice_stay_errors(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    found = rows(git_repo, no_rules, body)
    assert [severity for _, severity, _ in found] == ["error"] and "'max'" in found[0][2]


def test_a_dispatch_on_the_field_a_fork_class_copied_onto_itself_stays_an_error(
    git_repo: GitRepo, no_rules: Path
) -> None:
    body = (
        "class AeonLayer:\n"
        "    def __init__(self, request) -> None:\n"
        "        self.reasoning_effort = request.reasoning_effort\n\n"
        "    def check(self) -> None:\n"
        '        assert self.reasoning_effort in ("none", "low", "medium", "high")\n'
    )
    assert [severity for _, severity, _ in rows(git_repo, no_rules, body)] == ["error"]
