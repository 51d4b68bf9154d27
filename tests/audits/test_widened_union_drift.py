"""Type drift of a kind widened to a union: upstream let a field or a return hold another kind too.

Shaped like #22534 (65a7917be4): ``RequestFuncInput.multi_modal_content: Optional[dict]`` became
``Optional[dict | list[dict]]`` so that a request can carry several images.  A fork line
``request_func_input.multi_modal_content.get("type")`` merges cleanly and raises AttributeError on the first
request whose content is a list.  Twins: a use both kinds offer, a use under a test of its kind, a union of
the same kind, a union with a class of the tree (it may offer the method), a field upstream left alone.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import TYPE_DRIFT
from aeon_release.domain.audits.model import Severity
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

ERF = "vllm/benchmarks/lib/endpoint_request_func.py"
ERF_BASE = """from dataclasses import dataclass
from typing import Optional


class Parts:
    def get(self, key: str) -> str:
        return key


@dataclass
class RequestFuncInput:
    prompt: str
    multi_modal_content: Optional[dict] = None
    extra_body: Optional[dict] = None

    def content(self) -> Optional[dict]:
        return self.multi_modal_content
"""
WIDENED = ERF_BASE.replace(
    "    multi_modal_content: Optional[dict] = None", "    multi_modal_content: Optional[dict | list[dict]] = None"
).replace("def content(self) -> Optional[dict]:", "def content(self) -> dict | list[dict] | None:")
FORK = "vllm/aeon/bench_mm.py"
HEAD = "from vllm.benchmarks.lib.endpoint_request_func import RequestFuncInput\n\n\n"
SUBJECT = "Fix(benchmarks): allow multiple mm contents in OpenAI Chat Completion Benchmarks (#22534)"


def widened(repo: GitRepo, config: Path, body: str, upstream: str = WIDENED) -> list[tuple[int, str]]:
    sides = s.merge_case(repo, {ERF: ERF_BASE}, {FORK: HEAD + body}, [(SUBJECT, {ERF: upstream})])
    report = repo.audit(config, merge=sides)
    return [(f.line, f.message) for f in report.findings if f.rule_id == TYPE_DRIFT and f.path == FORK]


@pytest.mark.parametrize(
    ("body", "said"),
    [
        (
            "def aeon_is_image(rfi: RequestFuncInput) -> bool:\n"
            "    return rfi.multi_modal_content.get('type') == 'image_url'\n",
            "RequestFuncInput.multi_modal_content a Optional[dict | list[dict]] (was Optional[dict])",
        ),
        (
            "def aeon_kinds(rfi: RequestFuncInput) -> list:\n    content = rfi.multi_modal_content\n"
            "    return list(content.keys())\n",
            "a list has no keys()",
        ),
        (
            "def aeon_kinds(rfi: RequestFuncInput) -> list:\n    return list(rfi.content().items())\n",
            "RequestFuncInput.content() a dict | list[dict] | None",
        ),
    ],
    ids=["field get()", "through a local", "a method's return"],
)
def test_a_use_of_the_old_kind_fails_on_the_added_kind(git_repo: GitRepo, no_rules: Path, body: str, said: str) -> None:
    [(line, message)] = widened(git_repo, no_rules, body)
    assert line == HEAD.count("\n") + body.count("\n")  # the body's last line
    assert said in message and "#22534" in message and "when it holds a list" in message


@pytest.mark.parametrize(
    ("body", "upstream"),
    [
        # what both kinds offer
        ("def aeon(rfi: RequestFuncInput) -> int:\n    return len(rfi.multi_modal_content or [])\n", WIDENED),
        ("def aeon(rfi: RequestFuncInput) -> dict:\n    return rfi.multi_modal_content.copy()\n", WIDENED),
        # written for both kinds
        (
            "def aeon(rfi: RequestFuncInput):\n    content = rfi.multi_modal_content\n"
            "    return content.get('type') if isinstance(content, dict) else None\n",
            WIDENED,
        ),
        # a field upstream did not widen
        ("def aeon(rfi: RequestFuncInput):\n    return rfi.extra_body.get('top_k')\n", WIDENED),
        # a union of the same kind; a union with a class of the tree
        (
            "def aeon(rfi: RequestFuncInput):\n    return rfi.multi_modal_content.get('type')\n",
            ERF_BASE.replace("Optional[dict] = None\n    extra", "Optional[dict | dict[str, str]] = None\n    extra"),
        ),
        (
            "def aeon(rfi: RequestFuncInput):\n    return rfi.multi_modal_content.get('type')\n",
            ERF_BASE.replace("Optional[dict] = None\n    extra", "Optional[dict | Parts] = None\n    extra"),
        ),
        # upstream kept the annotation
        (
            "def aeon(rfi: RequestFuncInput):\n    return rfi.multi_modal_content.get('type')\n",
            ERF_BASE + "\n# docs\n",
        ),
    ],
    ids=["len", "copy()", "isinstance", "another field", "same kind", "a class", "unchanged"],
)
def test_widened_union_twins_are_quiet(git_repo: GitRepo, no_rules: Path, body: str, upstream: str) -> None:
    assert widened(git_repo, no_rules, body, upstream) == []


LOCAL = "def aeon(rfi: RequestFuncInput):\n    content = rfi.multi_modal_content\n"


@pytest.mark.parametrize(
    "body",
    [
        LOCAL + "    if not isinstance(content, dict):\n        return None\n    return content.get('type')\n",
        LOCAL + "    assert isinstance(content, dict)\n    return content.get('type')\n",
        LOCAL + "    if type(content) is dict:\n        return content.get('type')\n    return None\n",
        LOCAL + "    if type(content) is not dict:\n        raise TypeError(content)\n    return content.get('type')\n",
        "def aeon(rfi: RequestFuncInput):\n    try:\n        return rfi.multi_modal_content.get('type')\n"
        "    except AttributeError:\n        return None\n",
        "def aeon() -> str:\n    rfi = RequestFuncInput(prompt='p', multi_modal_content={'type': 'image_url'})\n"
        "    return rfi.multi_modal_content.get('type')\n",
    ],
    ids=["exits unless dict", "assert isinstance", "type is dict", "raises unless type is dict", "caught", "built"],
)
def test_widened_union_kind_kept_by_the_fork_is_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert widened(git_repo, no_rules, body) == []


def test_widened_union_a_kind_test_not_read_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    body = (
        LOCAL
        + "    if isinstance(content, list) and len(content) > 1:\n        return None\n    return content.get('type')\n"
    )
    sides = s.merge_case(git_repo, {ERF: ERF_BASE}, {FORK: HEAD + body}, [(SUBJECT, {ERF: WIDENED})])
    report = git_repo.audit(no_rules, merge=sides)
    [found] = [f for f in report.findings if f.rule_id == TYPE_DRIFT and f.path == FORK]
    assert found.severity is Severity.WARNING and "when it holds a list" in found.message
    assert found.line == HEAD.count("\n") + body.count("\n")


def test_widened_union_built_of_the_new_kind_is_caught(git_repo: GitRepo, no_rules: Path) -> None:
    body = (
        "def aeon() -> str:\n    rfi = RequestFuncInput(prompt='p', multi_modal_content=[{'type': 'image_url'}])\n"
        "    return rfi.multi_modal_content.get('type')\n"
    )
    [(line, message)] = widened(git_repo, no_rules, body)
    assert line == HEAD.count("\n") + body.count("\n") and "a list has no get()" in message


# revG (second pass): false errors mended by fixAG
REVG_CASES = {
    "built from a local dict": "def aeon() -> str:\n    mm = {'type': 'image_url'}\n    rfi = RequestFuncInput(prompt='p', multi_modal_content=mm)\n    return rfi.multi_modal_content.get('type')\n",
    "built positionally": "def aeon() -> str:\n    rfi = RequestFuncInput('p', {'type': 'image_url'})\n    return rfi.multi_modal_content.get('type')\n",
    "match dict": "def aeon(rfi: RequestFuncInput):\n    content = rfi.multi_modal_content\n    match content:\n        case dict():\n            return content.get('type')\n        case _:\n            return None\n",
}


@pytest.mark.parametrize("name", list(REVG_CASES))
def test_revg_widened(git_repo: GitRepo, no_rules: Path, name: str) -> None:
    sides = s.merge_case(git_repo, {ERF: ERF_BASE}, {FORK: HEAD + REVG_CASES[name]}, [(SUBJECT, {ERF: WIDENED})])
    report = git_repo.audit(no_rules, merge=sides)
    rows = [(f.line, f.severity.value) for f in report.findings if f.rule_id == TYPE_DRIFT and f.path == FORK]
    assert [r for r in rows if r[1] == "error"] == [], rows
