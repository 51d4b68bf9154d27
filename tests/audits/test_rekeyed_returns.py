"""Rekeyed returns: a def upstream made return a dict keyed by tuples where it keyed it by single values.

Shaped like #43720 (96229fa99e): ``Worker.get_kv_connector_handshake_metadata`` went from ``{tp_rank: metadata}``
to ``{(pp_rank, tp_rank): metadata}``.  A fork's ``meta[get_tp_group().rank_in_group]`` raises KeyError; its
``if tp_rank == 0`` over the keys is never true again.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import KEY_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

RANKS = "pkg/ranks.py"
BASE = """def tp_rank() -> int:
    return 0


def pp_rank() -> int:
    return 0


class Worker:
    def handshake(self) -> dict | None:
        rank = tp_rank()
        return {rank: "meta"}


def table(names: list[str]) -> dict[int, str]:
    return {i: n for i, n in enumerate(names)}


def kept(names: list[str]) -> dict[int, str]:
    return {i: n for i, n in enumerate(names)}
"""
NEW = BASE.replace(
    '    def handshake(self) -> dict | None:\n        rank = tp_rank()\n        return {rank: "meta"}\n',
    "    def handshake(self) -> dict[tuple[int, int], str] | None:\n        rank = tp_rank()\n"
    '        return {(pp_rank(), rank): "meta"}\n',
).replace(
    "def table(names: list[str]) -> dict[int, str]:\n    return {i: n for i, n in enumerate(names)}\n",
    "def table(names: list[str]) -> dict[tuple[int, int], str]:\n    return {(0, i): n for i, n in enumerate(names)}\n",
)
SUBJECT = "[KVConnector] PP-aware handshake aggregation (#43720)"
FORK = "pkg/aeon_nixl.py"
UPSTREAM: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {RANKS: NEW})]
HEAD = "# AEON: the Spark's NIXL side channel\nfrom pkg.ranks import Worker, kept, table, tp_rank\n\n\n"


def run(git_repo: GitRepo, no_rules: Path, text: str) -> list[tuple[int, str, str]]:
    sides = s.merge_case(git_repo, {RANKS: BASE}, {FORK: HEAD + text}, [(SUBJECT, {RANKS: NEW})])
    report = git_repo.audit(no_rules, merge=sides)
    return [(f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == RULE]


def test_the_base_key_through_super_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    text = (
        "class AeonWorker(Worker):\n"
        "    def handshake(self):\n"
        "        meta = super().handshake()\n"
        "        return meta[tp_rank()] if meta else None\n"
    )
    [(line, severity, message)] = run(git_repo, no_rules, text)
    assert (line, severity) == (8, "error")
    assert "indexes the dict Worker.handshake() returns" in message
    assert "(pp_rank(), rank)" in message and "(was tp_rank())" in message


# The rows below each put one def beside the same base and upstream, none importing another's: one merge and one
# audit of all their modules side by side answers each row (4 merges and audits became one per process; suitespeed14,
# through ``drift_shapes.audited_row``).
OTHER_SPELLINGS = [
    # a module function's comprehension, .get() with an int literal
    ("def a(names):\n    got = table(names)\n    return got.get(0)\n", 7),
    # membership of a literal
    ("def a(names):\n    got = table(names)\n    return 3 in got\n", 7),
    # a loop over the keys compared with literals, the call defaulted to a display
    (
        "def a(w: Worker):\n    meta = w.handshake() or {}\n    for k, v in meta.items():\n        if k in (0, 1):\n            return v\n    return None\n",
        8,
    ),
    ("def a(names):\n    got = table(names)\n    return [n for k, n in got.items() if k == 0]\n", 7),
]


@pytest.mark.parametrize(
    ("text", "line"),
    OTHER_SPELLINGS,
)
def test_other_spellings_are_errors(git_repo: GitRepo, no_rules: Path, text: str, line: int) -> None:
    bodies = [HEAD + body for body, _ in OTHER_SPELLINGS]
    _, found = s.audited_row(git_repo, no_rules, {RANKS: BASE}, bodies, HEAD + text, UPSTREAM, RULE, "pkg")
    [(got, severity)] = [(f.line, f.severity.value) for f in found]
    assert (got, severity) == (line, "error")


def test_a_base_that_keyed_by_a_tuple_local_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """``key = (pp_rank(), rank)`` / ``return {key: ...}`` made ``return {(pp_rank(), rank): ...}``: the same keys."""
    base = BASE.replace(
        '        return {rank: "meta"}\n', '        key = (pp_rank(), rank)\n        return {key: "meta"}\n'
    )
    sides = s.merge_case(
        git_repo,
        {RANKS: base},
        {FORK: HEAD + "def a(w: Worker):\n    meta = w.handshake()\n    return meta[0]\n"},
        [(SUBJECT, {RANKS: NEW})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    assert [f for f in report.findings if f.rule_id == RULE] == []


def test_a_key_whose_kind_is_not_shown_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    [(line, severity, message)] = run(
        git_repo, no_rules, "def a(names, rank):\n    got = table(names)\n    return got[rank]\n"
    )
    assert (line, severity) == (7, "warning")
    assert "it may be a tuple already" in message


@pytest.mark.parametrize(
    "text",
    [
        # the new spelling
        "def a(names):\n    got = table(names)\n    return got[(0, 1)]\n",
        # a pair made by adding tuples: arithmetic, but a tuple (readF)
        "def a(names, head):\n    got = table(names)\n    return got[head + (1,)]\n",
        "def a(names):\n    got = table(names)\n    return got.get((0, 1))\n",
        # the loop unpacks the pair
        "def a(names):\n    got = table(names)\n    for (pp, tp), n in got.items():\n        if tp == 0:\n            return n\n    return None\n",
        # the values only
        "def a(w: Worker):\n    meta = w.handshake() or {}\n    return list(meta.values())\n",
        # the kinds told apart
        "def a(names):\n    got = table(names)\n    k = next(iter(got))\n    return got[0] if isinstance(k, int) else got[(0, 0)]\n",
        # the lookup handled
        "def a(names):\n    got = table(names)\n    try:\n        return got[0]\n    except KeyError:\n        return None\n",
        # a def upstream did not re-key
        "def a(names):\n    got = kept(names)\n    return got[0]\n",
        # the fork's own def of the name
        "def table(names):\n    return dict(enumerate(names))\n\n\ndef a(names):\n    got = table(names)\n    return got[0]\n",
        # a receiver not read
        "def a(w):\n    meta = w.handshake()\n    return meta[0]\n",
        # review102: a key the loop over the same dict hands back, whatever its kind
        "def a(names):\n    got = table(names)\n    for key in got:\n        if got[key]:\n            return got[key]\n    return None\n",
        "def a(names):\n    got = table(names)\n    return [got.get(k) for k, _ in got.items()]\n",
        # review102: the pair bound to a local first
        "def a(names):\n    got = table(names)\n    own = (0, 1)\n    return got[own] if own in got else None\n",
    ],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    assert run(git_repo, no_rules, text) == []


def test_a_local_bound_to_a_single_key_still_warns(git_repo: GitRepo, no_rules: Path) -> None:
    """review102's read-back quiets a local bound to a tuple display only: one bound to an int is still not shown
    to be a tuple (a warning), and a loop over another dict hands back no key of this one."""
    text = (
        "def a(names, other: dict):\n    got = table(names)\n    own = len(names)\n"
        "    for key in other:\n        return got[key], got[own]\n"
    )
    assert [(line, severity) for line, severity, _ in run(git_repo, no_rules, text)] == [(9, "warning"), (9, "warning")]
