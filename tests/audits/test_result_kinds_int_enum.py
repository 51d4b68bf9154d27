"""A function whose string result upstream made an int enum's member (#12579, 233df6f5c4): ``get_finished_reason()``
returned ``"stop"``/``"length"``/``"abort"`` out of a module table and now returns ``RequestFinishedReason`` members
out of the same table, its body unchanged.  A member equals and hashes as its number: a fork's comparison with a
string never matches, a string key finds nothing, a ``str`` method raises (drift/result_kinds.py, ``int_enum``,
``retabled``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

MOD = "pkg/status.py"
PACKAGES = {"pkg/__init__.py": ""}
BASE = """import enum
from typing import Optional, Union


class Status(enum.IntEnum):
    DONE = 1
    CUT = 2

    @staticmethod
    def reason(status: "Status") -> Union[str, None]:
        return _REASONS.get(status)


class Job:
    def __init__(self) -> None:
        self.status = Status.DONE

    def reason(self) -> Optional[str]:
        return Status.reason(self.status)


_REASONS = {Status.DONE: "done", Status.CUT: "cut"}
"""
REASON = "class Reason(enum.IntEnum):\n    DONE = 0\n    CUT = 1\n\n    def __str__(self):\n        return self.name.lower()\n\n\n"
NUMBERED = (
    BASE.replace("class Status(", REASON + "class Status(")
    .replace("Union[str, None]", "Union[Reason, None]")
    .replace("Optional[str]", "Optional[Reason]")
    .replace('{Status.DONE: "done", Status.CUT: "cut"}', "{Status.DONE: Reason.DONE, Status.CUT: Reason.CUT}")
)
HEAD = "from pkg.status import Job, Status\n\n\n"
USE = "pkg/aeon_use.py"


def _found(git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str = NUMBERED) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {MOD: BASE, **PACKAGES}, {USE: fork}, {MOD: theirs})
    return found(audit(git_repo, sides, tmp_path), RULE)


# The rows of the test below each put one fork module beside the same base and upstream and ask for that module's
# error: no row's module imports another's, so one merge and one audit of the five modules side by side answers each
# of them (5 merges and audits became one per process; suitespeed10, as suitespeed8 and 9 did for other files).  The
# quiet rows keep a merge each: there a row's module could be quiet for something another row's module declared.
_BATCHED: dict[str, list[tuple[str, int, str]]] = {}


def _found_among_rows(git_repo: GitRepo, tmp_path: Path, forks: list[str], fork: str) -> list[tuple[str, int, str]]:
    """``_found``'s rows of one row's own module (named USE), from one audit of every row's module side by side."""
    if not _BATCHED:
        paths = {text: USE.replace(".py", f"_{number}.py") for number, text in enumerate(forks)}
        sides = three_way(
            git_repo, {MOD: BASE, **PACKAGES}, {path: text for text, path in paths.items()}, {MOD: NUMBERED}
        )
        every = found(audit(git_repo, sides, tmp_path), RULE)
        for text, path in paths.items():
            _BATCHED[text] = [(USE, *row[1:]) for row in every if row[0] == path]
    return _BATCHED[fork]


MEMBER_USES = [
    ('def cut(job: Job) -> bool:\n    return job.reason() != "cut"\n', '!= "cut"'),
    ('def over(job: Job) -> bool:\n    reason = job.reason()\n    return reason in ("done", "cut")\n', "in ("),
    ('def tag(job: Job) -> str:\n    return "reason-" + job.reason()\n', '"reason-" +'),
    (
        '_RANK = {"done": 0, "cut": 1}\n\n\ndef rank(job: Job) -> int:\n    return _RANK.get(job.reason(), 9)\n',
        "_RANK.get",
    ),
    ("def low(status: Status) -> str:\n    return Status.reason(status).lower()\n", ".lower()"),
]


@pytest.mark.parametrize(
    ("body", "needle"),
    MEMBER_USES,
    ids=["not-equal", "membership", "concatenation", "string-keyed .get", "static method's str method"],
)
def test_a_string_result_made_an_int_enum_member(git_repo: GitRepo, tmp_path: Path, body: str, needle: str) -> None:
    fork = HEAD + body
    # a string-keyed table's keys may be said dead too (their key gone from upstream's code): the use is this one's
    forks = [HEAD + text for text, _ in MEMBER_USES]
    assert (USE, line_of(fork, needle), "error") in _found_among_rows(git_repo, tmp_path, forks, fork)


@pytest.mark.parametrize(
    ("body", "theirs"),
    [
        # str() of the member is its name (the new class's own __str__): the fork's twin spelling
        ('def done(job: Job) -> bool:\n    return str(job.reason()) == "done"\n', NUMBERED),
        # a class's test: the fork tells the kinds apart
        (
            "def up(job: Job) -> str:\n    r = job.reason()\n    if isinstance(r, str):\n        return r.upper()\n"
            "    return str(r)\n",
            NUMBERED,
        ),
        # a table keyed by something else than strings
        ("_BY = {0: 'a', 1: 'b'}\n\n\ndef by(job: Job) -> str:\n    return _BY[job.reason()]\n", NUMBERED),
        # a str-mixin enum still equals its string
        (
            'def cut(job: Job) -> bool:\n    return job.reason() == "cut"\n',
            NUMBERED.replace("class Reason(enum.IntEnum):", "class Reason(str, enum.Enum):")
            .replace("DONE = 0", 'DONE = "done"')
            .replace("CUT = 1", 'CUT = "cut"'),
        ),
        # the new spelling
        ("def cut(job: Job) -> bool:\n    return job.reason() == 1\n", NUMBERED),
    ],
    ids=["str() of it", "isinstance guard", "number-keyed table", "str enum", "the number"],
)
def test_uses_the_member_survives_stay_quiet(git_repo: GitRepo, tmp_path: Path, body: str, theirs: str) -> None:
    assert [f for f in _found(git_repo, tmp_path, HEAD + body, theirs) if f[2] == "error"] == []


def test_an_annotation_alone_without_the_table_is_a_doubt(git_repo: GitRepo, tmp_path: Path) -> None:
    """Upstream retyped the functions but the table still holds strings: the body returns what a call gives, and
    the annotation alone proves nothing -- a warning, not an error."""
    theirs = NUMBERED.replace(
        "{Status.DONE: Reason.DONE, Status.CUT: Reason.CUT}", '{Status.DONE: "done", Status.CUT: "cut"}'
    )
    fork = HEAD + 'def cut(job: Job) -> bool:\n    return job.reason() == "cut"\n'
    assert [f[2] for f in _found(git_repo, tmp_path, fork, theirs)] in ([], ["warning"])


def test_a_function_of_the_module_not_reading_the_table_keeps_its_annotation_alone(
    git_repo: GitRepo, tmp_path: Path
) -> None:
    """mend59: ``retabled`` said the whole module changed where one table did; a function whose body reads no
    changed table (neither itself nor through the module's function it calls) only had its annotation changed,
    its value what it was (#4006's rule): quiet, while the table's reader still errs."""
    note = "    def note(self) -> Optional[str]:\n        return self.label\n\n"
    base = BASE.replace("    def reason(self) -> Optional[str]:", note + "    def reason(self) -> Optional[str]:")
    theirs = NUMBERED.replace(
        "    def reason(self) -> Optional[Reason]:",
        note.replace("[str]", "[Reason]") + "    def reason(self) -> Optional[Reason]:",
    )
    fork = (
        HEAD
        + 'def noted(job: Job) -> bool:\n    return job.note() != "cut"\n\n\ndef cut(job: Job) -> bool:\n    return job.reason() != "cut"\n'
    )
    sides = three_way(git_repo, {MOD: base, **PACKAGES}, {USE: fork}, {MOD: theirs})
    assert found(audit(git_repo, sides, tmp_path), RULE) == [(USE, line_of(fork, 'reason() != "cut"'), "error")]
