"""Empty-to-raise drift of a module-level function made to raise ``NotImplementedError`` where it answered None.

Shaped like #21618 (05c1126f29), which made ``get_pooling_config_name`` raise ``NotImplementedError`` for a name it
does not know where it returned None: a fork's ``if get_pooling_config_name(name) is None:`` fallback never runs
and the raise escapes.  A method's ``NotImplementedError`` stays a hook made abstract (its subclasses answer); a
module-level function has none.  Killers: ``f(...) is None``, ``f(...) or default``, a name bound once to the call
and tested ``is not None``.  Twins: the method's ``NotImplementedError``, a ``try`` round the call catching the
kind (or ``Exception``), a def that still answers None on another path, a def that falls off its end, the fork's
own def of the name, and a None test of another call.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

LIB = "pkg/pooling.py"
BASE = """SUPPORTED = ("LAST", "MEAN")


def pooling_name(name: str) -> str | None:
    if name.upper() in SUPPORTED:
        return name.upper()
    return None


def other_name(name: str) -> str | None:
    if name.upper() in SUPPORTED:
        return name.upper()
    return None


class Pools:
    @staticmethod
    def lookup(name: str) -> str | None:
        if name in SUPPORTED:
            return name
        return None
"""
RAISES = BASE.replace(
    "        return name.upper()\n    return None\n\n\ndef other",
    "        return name.upper()\n    raise NotImplementedError(name)\n\n\ndef other",
).replace(
    "            return name\n        return None\n",
    "            return name\n        raise NotImplementedError(name)\n",
)
FORK = "pkg/aeon_pooling.py"
HEAD = "# AEON: the Spark's embedding drafts\nfrom pkg.pooling import Pools, other_name, pooling_name\n\n\n"


def run(git_repo: GitRepo, no_rules: Path, body: str, new: str = RAISES) -> list[tuple[int, str]]:
    sides = s.merge_case(
        git_repo,
        {LIB: BASE, "pkg/__init__.py": ""},
        {FORK: HEAD + body},
        [("[Misc] remove unused try-except in pooling config check (#21618)", {LIB: new})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    return [(f.line - 4, f.severity.value) for f in report.findings if f.rule_id == RULE and f.path == FORK]


@pytest.mark.parametrize(
    ("body", "line"),
    [
        (
            'def aeon_a(name: str) -> str:\n    if pooling_name(name) is None:\n        return "MEAN"\n    return name\n',
            2,
        ),
        ('def aeon_b(name: str) -> str:\n    return pooling_name(name) or "LAST"\n', 2),
        (
            'def aeon_c(name: str) -> str:\n    found = pooling_name(name)\n    return found if found is not None else "MEAN"\n',
            2,  # reported on the call the name is bound to
        ),
    ],
    ids=["is None", "or default", "bound name tested is not None"],
)
def test_a_none_test_of_a_function_that_raises_now(git_repo: GitRepo, no_rules: Path, body: str, line: int) -> None:
    assert run(git_repo, no_rules, body) == [(line, "error")]


def test_a_methods_not_implemented_stays_a_hook(git_repo: GitRepo, no_rules: Path) -> None:
    assert run(git_repo, no_rules, 'def aeon_d(name: str) -> str:\n    return Pools.lookup(name) or "MEAN"\n') == []


@pytest.mark.parametrize(
    ("body", "new"),
    [
        (
            "def aeon_a(name: str) -> str | None:\n    try:\n        return pooling_name(name) or 'MEAN'\n"
            "    except NotImplementedError:\n        return None\n",
            RAISES,
        ),
        (
            "def aeon_a(name: str) -> str | None:\n    try:\n        return pooling_name(name) or 'MEAN'\n"
            "    except Exception:\n        return None\n",
            RAISES,
        ),
        # another path still answers None
        (
            'def aeon_a(name: str) -> str:\n    return pooling_name(name) or "LAST"\n',
            RAISES.replace(
                "    raise NotImplementedError(name)\n",
                "    if not name:\n        return None\n    raise NotImplementedError(name)\n",
            ),
        ),
        # falls off its end: an implicit None
        (
            'def aeon_a(name: str) -> str:\n    return pooling_name(name) or "LAST"\n',
            RAISES.replace(
                "    raise NotImplementedError(name)\n", "    if not name:\n        raise NotImplementedError(name)\n"
            ),
        ),
        # a None test of another call
        ('def aeon_a(name: str) -> str:\n    return other_name(name) or "LAST"\n', RAISES),
    ],
    ids=["caught kind", "caught Exception", "None still answered", "falls off its end", "another call"],
)
def test_none_tests_the_change_does_not_strand_are_quiet(
    git_repo: GitRepo, no_rules: Path, body: str, new: str
) -> None:
    assert run(git_repo, no_rules, body, new) == []


def test_the_forks_own_def_of_the_name_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    body = (
        "def pooling_name(name: str) -> str | None:\n    return None\n\n\n"
        'def aeon_a(name: str) -> str:\n    return pooling_name(name) or "LAST"\n'
    )
    sides = s.merge_case(
        git_repo,
        {LIB: BASE, "pkg/__init__.py": ""},
        {FORK: "from pkg.pooling import Pools\n\n\n" + body},
        [("[Misc] remove unused try-except in pooling config check (#21618)", {LIB: RAISES})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    assert [f for f in report.findings if f.rule_id == RULE and f.path == FORK] == []


def test_a_call_after_a_membership_screen_of_its_argument_warns(git_repo: GitRepo, no_rules: Path) -> None:
    """review103: the fork returns early for a name outside its own list of supported ones, and upstream's raise
    waits on a membership test of that parameter: the fork may have screened out what upstream refuses."""
    body = (
        "def aeon_a(name: str) -> str:\n"
        '    if name.upper() not in ("LAST", "MEAN"):\n'
        '        return "MEAN"\n'
        '    return pooling_name(name) or "LAST"\n'
    )
    assert run(git_repo, no_rules, body) == [(4, "warning")]


def test_a_membership_screen_of_another_name_proves_nothing(git_repo: GitRepo, no_rules: Path) -> None:
    body = (
        "def aeon_a(name: str, other: str) -> str:\n"
        '    if other not in ("LAST", "MEAN"):\n'
        '        return "MEAN"\n'
        '    return pooling_name(name) or "LAST"\n'
    )
    assert run(git_repo, no_rules, body) == [(4, "error")]
