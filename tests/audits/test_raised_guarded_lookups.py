"""Raised-kind drift through a lookup upstream now guards: the base's ``d[k]`` raised KeyError for a key it lacked.

Shaped like #36243 (c4d859c274), which guarded ``get_layers_from_vllm_config``'s
``forward_context[layer_name]`` (a local bound to a config's attribute: no dict the body builds, no annotated
parameter) with ``layer_name in forward_context``: a layer outside the pipeline stage is skipped where it
raised KeyError, and a fork's ``except KeyError`` round the call never runs again.  Upstream's own new test of
that very key is the evidence the lookup could miss; nothing is raised in its place, so a warning.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits import AuditReport
from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

LIB = "pkg/layers.py"
LIB_BASE = """class Holder:
    def __init__(self) -> None:
        self.table: dict[str, object] = {}


def layers_of(holder: Holder, names: list[str]) -> dict[str, object]:
    table = holder.table
    return {name: table[name] for name in names}


def layer_of(holder: Holder, name: str) -> object:
    table = holder.table
    return table[name]
"""
GUARDED = LIB_BASE.replace(
    "{name: table[name] for name in names}", "{name: table[name] for name in names if name in table}"
)
SUBJECT = "[Bugfix] Skip out-of-stage layers (#36243)"
FORK = "pkg/aeon_layers.py"


def fork(body: str) -> str:
    return (
        "# AEON: a pipeline stage on the second node lacks some layers\nfrom pkg.layers import Holder, layer_of, layers_of\n\n\n"
        + body
    )


def run(git_repo: GitRepo, no_rules: Path, text: str, new: str = GUARDED) -> list[tuple[int, str, str]]:
    sides = s.merge_case(git_repo, {LIB: LIB_BASE, "pkg/__init__.py": ""}, {FORK: fork(text)}, [(SUBJECT, {LIB: new})])
    report: AuditReport = git_repo.audit(no_rules, merge=sides)
    return [(f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == RULE]


CATCH = (
    "def aeon_stage(h: Holder, names: list[str]) -> dict[str, object]:\n"
    "    try:\n        return layers_of(h, names)\n    except {}:\n        return {{}}\n"
)
ONE = "def aeon_one(h: Holder, name: str) -> object:\n    try:\n        return layer_of(h, name)\n    except KeyError:\n        return None\n"


@pytest.mark.parametrize(
    ("text", "new", "line"),
    [
        (CATCH.format("KeyError"), GUARDED, 8),
        (CATCH.format("LookupError"), GUARDED, 8),
        # a ``.get`` with a default in the lookup's place
        (ONE, LIB_BASE.replace("    return table[name]\n", "    return table.get(name, holder)\n"), 8),
        # a guard by ``not in`` on the lookup's own line (a guard added above an untouched line is not read:
        # the cheap filter wants a lookup line taken out)
        (
            ONE,
            LIB_BASE.replace("    return table[name]\n", "    return holder if name not in table else table[name]\n"),
            8,
        ),
    ],
)
def test_a_lookup_upstream_guards_leaves_the_handler_dead(
    git_repo: GitRepo, no_rules: Path, text: str, new: str, line: int
) -> None:
    [(at, severity, message)] = run(git_repo, no_rules, text, new)
    assert (at, severity) == (line, "warning")
    assert "nor anything in its place" in message


@pytest.mark.parametrize(
    ("text", "new"),
    [
        # upstream tests another key: the lookup may still miss
        (CATCH.format("KeyError"), LIB_BASE.replace("for name in names}", "for name in names if names in table}")),
        # upstream's guard on another def of the file than the one called
        (ONE, GUARDED),
        # the fork's own namesake, not upstream's
        (
            "def layers_of(h: object, names: list[str]) -> dict[str, object]:\n    return {}\n\n\n"
            "def aeon_mine(h: Holder, names: list[str]) -> dict[str, object]:\n"
            "    try:\n        return layers_of(h, names)\n    except KeyError:\n        return {}\n",
            GUARDED,
        ),
        # the try's body can raise KeyError on its own
        (
            "def aeon_stage2(h: Holder, names: list[str], seen: dict[str, int]) -> object:\n"
            "    try:\n        return layers_of(h, names)[names[0]], seen[names[0]]\n    except KeyError:\n        return None\n",
            GUARDED,
        ),
        # the base tested the key already: nothing changed for the handler
        (
            CATCH.format("KeyError"),
            LIB_BASE.replace(
                "    table = holder.table\n    return {",
                "    table = holder.table\n    assert all(n in table for n in names)\n    return {",
                1,
            ),
        ),
    ],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, text: str, new: str) -> None:
    assert run(git_repo, no_rules, text, new) == []
