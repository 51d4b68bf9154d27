"""Reshaped collections read by position (drift/grown_sets.py, ``_reshaped_reads``; mend75).

Shaped like #37808 (45bd5c8e75), which dropped ``"reward"`` from ``_RUNNER_CONVERTS["pooling"]``: a fork's
``_RUNNER_CONVERTS["pooling"][2]`` raises IndexError at import; an index into a list upstream reordered or grew
at its front reads another string.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import CONSTANT_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

BASE_PATH = "vllm/cfg/model.py"
BASE = """CONVERTS = {
    "generate": [],
    "pooling": ["embed", "classify", "reward"],
}
BACKENDS = ("flash", "triton", "xformers")
ORDER = ["fp8", "int8", "nvfp4"]
KINDS = {"a", "b", "c"}
"""
UPSTREAM = (
    BASE.replace(', "reward"]', "]")
    .replace(', "xformers")', ")")
    .replace('["fp8", "int8", "nvfp4"]', '["nvfp4", "fp8", "int8"]')
    .replace('{"a", "b", "c"}', '{"c", "a"}')
)
SUBJECT = "[Mypy] Fix mypy for `vllm/config` (#37808)"
FORK = "vllm/aeon/reshaped.py"
HEAD = "from vllm.cfg.model import BACKENDS, CONVERTS, KINDS, ORDER\n\n\n"


def rows(git_repo: GitRepo, no_rules: Path, body: str, head: str = HEAD) -> list[tuple[int, str, str]]:
    sides = s.merge_case(
        git_repo,
        {BASE_PATH: BASE, "vllm/cfg/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: head + body},
        [(SUBJECT, {BASE_PATH: UPSTREAM})],
    )
    found = s.rule_rows(git_repo, no_rules, sides, CONSTANT_DRIFT)
    return [(line, sev, message) for path, line, sev, message in found if path == FORK and "[" in message]


@pytest.mark.parametrize(
    ("body", "line", "needle", "head", "severity"),
    [
        # the replay's spelling: a dict's list under a key, past its new end
        ("REWARD = CONVERTS['pooling'][2]\n", 4, "IndexError", HEAD, "error"),
        # a negative index of a shrunk tuple: another string now, the old one gone
        ("def last() -> str:\n    return BACKENDS[-1]\n", 5, "'triton' there now", HEAD, "error"),
        # a list upstream reordered (no string taken out), read off the module: the fork may mean the position
        (
            "def first() -> str:\n    return m.ORDER[0]\n",
            5,
            "only moved",
            "from vllm.cfg import model as m\n\n\n",
            "warning",
        ),
    ],
    ids=["past the new end", "negative index", "reordered, module alias"],
)
def test_a_position_upstream_reshaped_is_flagged(
    git_repo: GitRepo, no_rules: Path, body: str, line: int, needle: str, head: str, severity: str
) -> None:
    [(found, got, message)] = rows(git_repo, no_rules, body, head)
    assert (found, got) == (line, severity)
    assert needle in message


@pytest.mark.parametrize(
    ("body", "head"),
    [
        # a position holding the same string at both sides
        ("EMBED = CONVERTS['pooling'][0]\nFLASH = BACKENDS[0]\n", HEAD),
        # past the base's end too: not written for a string there
        ("def g():\n    return CONVERTS['generate'][0]\n", HEAD),
        # a store into the slot
        ("def g():\n    ORDER[0] = 'fp8'\n", HEAD),
        # the fork's own table of the name
        ("ORDER = ['fp8', 'int8']\nFIRST = ORDER[1]\n", "import os\n\n\n"),
        # a fork file adding to the collection
        ("CONVERTS['pooling'].append('reward')\nREWARD = CONVERTS['pooling'][2]\n", HEAD),
        # a variable index: not one position
        ("def g(i: int) -> str:\n    return ORDER[i]\n", HEAD),
    ],
    ids=["same string", "past the base's end", "store", "own table", "appended", "variable index"],
)
def test_positions_the_change_leaves_right_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str, head: str) -> None:
    assert rows(git_repo, no_rules, body, head) == []


def test_a_fork_that_made_upstreams_change_itself_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """The fork's own version of upstream's file reorders ``ORDER`` as upstream does: its reads were written for it."""
    sides = s.merge_case(
        git_repo,
        {BASE_PATH: BASE, "vllm/cfg/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: HEAD + "FIRST = ORDER[0]\n", BASE_PATH: UPSTREAM},
        [(SUBJECT, {BASE_PATH: UPSTREAM})],
    )
    found = s.rule_rows(git_repo, no_rules, sides, CONSTANT_DRIFT)
    assert [r for r in found if r[0] == FORK and "ORDER[0]" in r[3]] == []


def test_a_function_local_table_of_the_name_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """review114_twins: a function's own table reusing the imported name is not the module's (false on main)."""
    body = 'def f() -> str:\n    CONVERTS = {"pooling": ["embed", "classify", "reward"]}\n    return CONVERTS["pooling"][2]\n'
    assert rows(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    ("body", "line"),
    [
        ('REWARD = CONVERTS["pooling"][2] if len(CONVERTS["pooling"]) > 2 else None\n', 4),
        ('try:\n    REWARD = CONVERTS["pooling"][2]\nexcept IndexError:\n    REWARD = None\n', 5),
    ],
    ids=["len guard", "except IndexError"],
)
def test_a_read_guarded_against_a_shorter_collection_warns(
    git_repo: GitRepo, no_rules: Path, body: str, line: int
) -> None:
    """review114_twins: the fork wrote a way out for a shorter collection; it runs now (a warning, not an error)."""
    found = rows(git_repo, no_rules, body)
    assert [(ln, sev) for ln, sev, _ in found] == [(line, "warning")]
    assert "guarded" in found[0][2]


def test_a_guard_does_not_answer_another_string_at_the_position(git_repo: GitRepo, no_rules: Path) -> None:
    """A length guard answers only the IndexError: ``BACKENDS[-1]`` is "triton" now, where it was "xformers"."""
    body = "LAST = BACKENDS[-1] if len(BACKENDS) > 0 else None\n"
    assert [sev for _, sev, _ in rows(git_repo, no_rules, body)] == ["error"]
