"""Element drift through a method called off its class by name: a static method's return.

#26368 made ``RejectionSampler.parse_output`` (a static method) return ``list[np.ndarray]``, not
``list[list[int]]``.  A fork calls it off the class, ``RejectionSampler.parse_output(ids, vocab)``, with no
instance to type: ``row.append(eos)`` over its rows raises, ``[bos] + row`` adds elementwise.  Twins: what
an array does too, a class of the fork's own of that name, and the name bound to something else.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import TYPE_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.test_element_drift import FORK, HEAD, OUTPUTS, OUTPUTS_ARRAY, OUTPUTS_BASE, SUBJECT, drift

CALL = "RejectionSampler.parse_output(t, 10)"


ROW_USES = [
    (
        f"def aeon(t, eos: int):\n    rows = {CALL}\n    for row in rows:\n        row.append(eos)\n",
        "calls row.append()",
    ),
    (f"def aeon(t, bos: int):\n    return [[bos] + row for row in {CALL}]\n", "concatenates row with a list"),
    (f"def aeon(t, bonus: int):\n    return {CALL}[0] + [bonus]\n", "RejectionSampler.parse_output() np.ndarray"),
]


@pytest.mark.parametrize(
    ("body", "said"),
    ROW_USES,
    ids=["append in a loop over a local", "a comprehension's concatenation", "an indexed element"],
)
def test_a_list_use_of_a_row_of_a_static_call_fails(git_repo: GitRepo, no_rules: Path, body: str, said: str) -> None:
    # the rows' modules side by side, one merge and one audit a process (``s.audited_row``, suitespeed15)
    bodies = [HEAD + text for text, _ in ROW_USES]
    upstream: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {OUTPUTS: OUTPUTS_ARRAY})]
    folder = FORK.rsplit("/", 1)[0]
    _, rows = s.audited_row(
        git_repo, no_rules, {OUTPUTS: OUTPUTS_BASE}, bodies, HEAD + body, upstream, TYPE_DRIFT, folder
    )
    [(line, message)] = [(f.line, f.message) for f in rows]
    assert line == HEAD.count("\n") + next(i for i, t in enumerate(body.splitlines(), 1) if "eos)" in t or "+ " in t)
    assert said in message and "#28771" in message


@pytest.mark.parametrize(
    "body",
    [
        f"def aeon(t):\n    return [len(row) for row in {CALL}]\n",
        f"def aeon(t, eos: int, RejectionSampler):\n    for row in {CALL}:\n        row.append(eos)\n",
        f"def aeon(t, eos: int, other):\n    RejectionSampler = other\n    for row in {CALL}:\n        row.append(eos)\n",
    ],
    ids=["len", "a parameter of the name", "a local of the name"],
)
def test_twins_are_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert drift(git_repo, no_rules, body) == []


def test_a_fork_class_of_that_name_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    body = (
        "class RejectionSampler:\n    @staticmethod\n    def parse_output(t, n) -> list[list[int]]:\n        return []\n\n\n"
        f"def aeon(t, eos: int):\n    for row in {CALL}:\n        row.append(eos)\n"
    )
    assert drift(git_repo, no_rules, body) == []


LOOP = f"    for row in {CALL}:\n        row.append(eos)\n"


@pytest.mark.parametrize(
    "body",
    [
        "def outer(RejectionSampler):\n    def aeon(t, eos: int):\n"
        f"        for row in {CALL}:\n            row.append(eos)\n    return aeon\n",
        "def aeon(t, eos: int):\n    class RejectionSampler:\n        @staticmethod\n"
        "        def parse_output(t, n) -> list[list[int]]:\n            return []\n\n" + LOOP,
        "class AeonSampler(RejectionSampler):\n    @staticmethod\n    def parse_output(t, n) -> list[list[int]]:\n"
        "        return []\n\n\nRejectionSampler = AeonSampler  # noqa: F811\n\n\ndef aeon(t, eos: int):\n" + LOOP,
        "def setup(other):\n    global RejectionSampler\n    RejectionSampler = other\n\n\ndef aeon(t, eos: int):\n"
        + LOOP,
        "def _as_lists(t, n) -> list[list[int]]:\n    return []\n\n\n"
        "RejectionSampler.parse_output = staticmethod(_as_lists)\n\n\ndef aeon(t, eos: int):\n" + LOOP,
    ],
    ids=[
        "an enclosing function's parameter",
        "a local class",
        "rebound to a fork subclass",
        "set by global",
        "patched",
    ],
)
def test_the_name_standing_for_something_else_is_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    """Twins (a review's false errors): the name bound by an enclosing scope or a local class, rebound or set
    through ``global`` at module level, or its method patched by the fork may call the fork's own code."""
    assert drift(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    "head",
    [
        "from aeon_ext.sampling import RejectionSampler\n\n\n",
        "import aeon_ext.sampling.RejectionSampler as RejectionSampler\n\n\n",
        "try:\n    from aeon_ext.sampling import RejectionSampler\nexcept ImportError:\n    RejectionSampler = None\n\n\n",
    ],
    ids=["from a library", "import as", "a guarded import"],
)
def test_a_namesake_class_from_outside_the_package_is_quiet(git_repo: GitRepo, no_rules: Path, head: str) -> None:
    """Twins (a second pass's false errors): a class of that name imported from a library is not upstream's."""
    body = f"def aeon(t, eos: int):\n    for row in {CALL}:\n        row.append(eos)\n"
    sides = s.merge_case(git_repo, {OUTPUTS: OUTPUTS_BASE}, {FORK: head + body}, [(SUBJECT, {OUTPUTS: OUTPUTS_ARRAY})])
    report = git_repo.audit(no_rules, merge=sides)
    assert [f.line for f in report.findings if f.rule_id == TYPE_DRIFT and f.path == FORK] == []
