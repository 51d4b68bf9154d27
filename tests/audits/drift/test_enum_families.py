"""A member upstream added to a family of an enum's members (#35451, 25e02647c2: ``RequestStatus.FINISHED_REPETITION``
after ``FINISHED_STOPPED`` .. ``FINISHED_ERROR``, with no list of upstream's own naming them): the fork's copy of
the family misses it (drift/enum_drift.py, ``_families``); a value of the enum -- a typed parameter, a field
upstream's file types as the enum read off a parameter typed as its class, a local bound once to either -- tested
against the copy is an error; an if-chain over the family that raises on the rest raises for it (``_chains``)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from aeon_release.domain.audits.drift import enum_drift
from aeon_release.domain.audits.merge_rules import ENUM_DRIFT as DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, side_by_side, three_way

MOD = "pkg/job.py"
BASE = """import enum


class Status(enum.IntEnum):
    WAITING = enum.auto()
    RUNNING = enum.auto()
    FINISHED_STOPPED = enum.auto()
    FINISHED_CAPPED = enum.auto()
    FINISHED_ABORTED = enum.auto()

    @staticmethod
    def is_finished(status: "Status") -> bool:
        return status > Status.RUNNING


class Kind(enum.Enum):
    FINISHED_STOPPED = 1
    FINISHED_CAPPED = 2
    FINISHED_ABORTED = 3


class Job:
    def __init__(self) -> None:
        self.status = Status.WAITING
        self.kind = Kind.FINISHED_STOPPED
"""
AFTER = BASE.replace(
    "    FINISHED_ABORTED = enum.auto()\n", "    FINISHED_ABORTED = enum.auto()\n    FINISHED_REPEATED = enum.auto()\n"
)
USE = "pkg/aeon_job.py"
HEAD = "from pkg.job import Job, Kind, Status\n\n"
DONE = "DONE = (Status.FINISHED_STOPPED, Status.FINISHED_CAPPED, Status.FINISHED_ABORTED)\n"
CODES = "CODES = {Status.FINISHED_STOPPED: 0, Status.FINISHED_CAPPED: 1, Status.FINISHED_ABORTED: 2}\n"


def _found(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {"pkg/__init__.py": "", MOD: BASE}, {USE: fork}, {MOD: AFTER})
    return found(audit(git_repo, sides, tmp_path), DRIFT)


FAMILY_ERRORS = [
    (DONE + "\n\ndef live(job: Job) -> bool:\n    return job.status not in DONE\n", "not in DONE"),
    (CODES + "\n\ndef code(job: 'Job') -> int:\n    s = job.status\n    return CODES[s]\n", "CODES[s]"),
    (
        "def code(status: Status) -> int:\n    if status == Status.FINISHED_STOPPED:\n        return 0\n"
        "    elif status in (Status.FINISHED_CAPPED, Status.FINISHED_ABORTED):\n        return 1\n"
        "    else:\n        raise ValueError(status)\n",
        "raise ValueError",
    ),
    (
        "def code(job: Job) -> int:\n    if job.status is Status.FINISHED_STOPPED:\n        return 0\n"
        "    if job.status is Status.FINISHED_CAPPED:\n        return 1\n"
        "    if job.status is Status.FINISHED_ABORTED:\n        return 2\n    raise AssertionError(job.status)\n",
        "raise AssertionError",
    ),
]
# The rows' modules side by side: one merge and one audit of the four a process (suitespeed11).
FAMILY_ERROR_FORKS = {USE.replace(".py", f"_{n}.py"): HEAD + body for n, (body, _) in enumerate(FAMILY_ERRORS)}


@pytest.mark.parametrize(
    ("body", "needle"),
    FAMILY_ERRORS,
    ids=["field not in the copy", "a local bound to the field keys the copy", "elif chain", "if chain on a field"],
)
def test_a_value_of_the_enum_against_the_family_copy_is_an_error(
    git_repo: GitRepo, tmp_path: Path, body: str, needle: str
) -> None:
    fork = HEAD + body
    path = next(p for p, text in FAMILY_ERROR_FORKS.items() if text == fork)
    base = {"pkg/__init__.py": "", MOD: BASE}
    drift = side_by_side(git_repo, tmp_path, base, FAMILY_ERROR_FORKS, {MOD: AFTER}, DRIFT)[path]
    errors = [(f.path, f.line) for f in drift if f.severity.value == "error"]
    assert errors == [(path, line_of(fork, needle))]


def test_the_family_copy_alone_is_a_warning(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = HEAD + DONE
    assert _found(git_repo, tmp_path, fork) == [(USE, line_of(fork, "DONE ="), "warning")]


def test_a_chain_on_an_untyped_value_is_a_warning(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = HEAD + (
        "def code(status) -> int:\n    if status == Status.FINISHED_STOPPED:\n        return 0\n"
        "    if status in (Status.FINISHED_CAPPED, Status.FINISHED_ABORTED):\n        return 1\n    raise ValueError(status)\n"
    )
    assert _found(git_repo, tmp_path, fork) == [(USE, line_of(fork, "raise ValueError"), "warning")]


@pytest.mark.parametrize(
    "body",
    [
        # a part of the family: the fork's own choice
        "CUT = (Status.FINISHED_STOPPED, Status.FINISHED_CAPPED)\n\n\ndef cut(job: Job) -> bool:\n    return job.status in CUT\n",
        # the chain's rest returns: a default decides the new member
        "def code(status: Status) -> int:\n    if status == Status.FINISHED_STOPPED:\n        return 0\n"
        "    if status in (Status.FINISHED_CAPPED, Status.FINISHED_ABORTED):\n        return 1\n    return 9\n",
        # the copy already holds the new member
        "DONE = (Status.FINISHED_STOPPED, Status.FINISHED_CAPPED, Status.FINISHED_ABORTED, Status.FINISHED_REPEATED)\n"
        "\n\ndef done(job: Job) -> bool:\n    return job.status in DONE\n",
        # another enum's family, read off a field of that other enum
        "OVER = (Kind.FINISHED_STOPPED, Kind.FINISHED_CAPPED, Kind.FINISHED_ABORTED)\n\n\n"
        "def over(job: Job) -> bool:\n    return job.kind in OVER\n",
        # upstream's own predicate
        "def done(job: Job) -> bool:\n    return Status.is_finished(job.status)\n",
    ],
    ids=["sub-family", "chain with a default", "complete copy", "another enum", "upstream's predicate"],
)
def test_family_twins_stay_quiet(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    assert _found(git_repo, tmp_path, HEAD + body) == []


def test_a_chain_whose_function_tests_the_new_member_first_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    """review79: the fork tests the new member through ``getattr`` before its chain: handled on purpose."""
    fork = HEAD + (
        "def code(job: Job) -> int:\n    s = job.status\n"
        '    if s == getattr(Status, "FINISHED_REPEATED", None):\n        return 3\n'
        "    if s == Status.FINISHED_STOPPED:\n        return 0\n"
        "    if s in (Status.FINISHED_CAPPED, Status.FINISHED_ABORTED):\n        return 1\n    raise ValueError(s)\n"
    )
    assert _found(git_repo, tmp_path, fork) == []


PAIR = BASE.replace(
    "    WAITING = enum.auto()\n", "    WAITING = enum.auto()\n    WAIT_FSM = enum.auto()\n    WAIT_KVS = enum.auto()\n"
)


def test_a_family_of_two_is_a_warning(git_repo: GitRepo, tmp_path: Path) -> None:
    """review79: #28973 added ``WAITING_FOR_STREAMING_REQ`` after ``WAITING_FOR_FSM`` and
    ``WAITING_FOR_REMOTE_KVS``; a fork naming that pair may mean just those two (the waits it polls)."""
    after = PAIR.replace("    WAIT_KVS = enum.auto()\n", "    WAIT_KVS = enum.auto()\n    WAIT_STREAM = enum.auto()\n")
    fork = (
        HEAD
        + "POLLED = (Status.WAIT_FSM, Status.WAIT_KVS)\n\n\ndef polled(job: Job) -> bool:\n    return job.status in POLLED\n"
    )
    sides = three_way(git_repo, {"pkg/__init__.py": "", MOD: PAIR}, {USE: fork}, {MOD: after})
    findings = found(audit(git_repo, sides, tmp_path), DRIFT)
    assert findings and {severity for _, _, severity in findings} == {"warning"}


def test_a_chain_in_a_nested_def_is_found_once() -> None:
    """Read-back B: a chain inside a nested def was found once per enclosing function (two findings on one line);
    each function's own scope only."""
    module = ast.parse(
        "def outer(status: Status):\n    def inner(s: Status):\n        if s == Status.FINISHED_STOPPED:\n"
        "            return 1\n        if s == Status.FINISHED_ABORTED:\n            return 2\n"
        "        raise ValueError(s)\n    return inner\n"
    )
    assert [(c.func.name, c.raised.lineno) for c in enum_drift._chains(module)] == [("inner", 7)]
