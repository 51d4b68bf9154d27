"""Grown format drift (drift/grown_formats.py; mend83): #21715 (a6c050286a) made ``MambaSpec.type_id`` return
``f"mamba_{self.shapes}_{self.dtype}_{self.mamba_type}"``; a fork comparing ``spec.type_id`` with
``f"mamba_{spec.shapes}_{spec.dtype}"`` is never true again: the same fields now format a longer value."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import RETURN_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

SPEC = "vllm/spec.py"
BASE = """class Spec:
    @property
    def type_id(self) -> str:
        return f"mamba_{self.shapes}_{self.dtype}"

    def label(self) -> str:
        return f"L{self.a}"

    def key(self) -> str:
        return f"{self.a}{self.b}"

    def kept(self) -> str:
        return f"k{self.a}"
"""
UPSTREAM = (
    BASE.replace('f"mamba_{self.shapes}_{self.dtype}"', 'f"mamba_{self.shapes}_{self.dtype}_{self.mamba_type}"')
    .replace('f"L{self.a}"', 'f"L{self.a}-{self.b}"')
    .replace('f"{self.a}{self.b}"', 'f"{self.a}{self.b}{self.c}"')
)
SUBJECT = "[V1] Mamba type in the spec's type id (#21715)"
FORK = "vllm/aeon/spec.py"
HEAD = "from vllm.spec import Spec\n\n\n"


def rows(git_repo: GitRepo, no_rules: Path, body: str) -> list[tuple[int, str, str]]:
    sides = s.merge_case(git_repo, {SPEC: BASE}, {FORK: HEAD + body}, [(SUBJECT, {SPEC: UPSTREAM})])
    found = s.rule_rows(git_repo, no_rules, sides, RETURN_DRIFT)
    return [(line, sev, message) for path, line, sev, message in found if path == FORK]


@pytest.mark.parametrize(
    "body",
    [
        # the replay's spelling: a property read compared with its old value rebuilt from the same fields
        'def f(spec: Spec) -> bool:\n    return spec.type_id == f"mamba_{spec.shapes}_{spec.dtype}"\n',
        # reversed, with !=
        'def f(s) -> bool:\n    return f"mamba_{s.shapes}_{s.dtype}" != s.type_id\n',
        # a method's call, grown by a literal and a field
        'def f(spec) -> bool:\n    return spec.label() == f"L{spec.a}"\n',
    ],
    ids=["property ==", "reversed !=", "method call"],
)
def test_the_old_shape_rebuilt_from_the_same_fields_is_an_error(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    found = rows(git_repo, no_rules, body)
    assert [(ln, sev) for ln, sev, _ in found] == [(5, "error")]
    assert "never matches" in found[0][2]


@pytest.mark.parametrize(
    "body",
    [
        # the fields read off another object: their text may differ
        'def f(spec, other) -> bool:\n    return spec.type_id == f"mamba_{other.shapes}_{other.dtype}"\n',
        # only a formatted part inserted: it may format empty
        'def f(spec) -> bool:\n    return spec.key() == f"{spec.a}{spec.b}"\n',
    ],
    ids=["other receiver", "placeholder only"],
)
def test_a_shape_not_longer_on_every_path_is_a_warning(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert [(ln, sev) for ln, sev, _ in rows(git_repo, no_rules, body)] == [(5, "warning")]


@pytest.mark.parametrize(
    "body",
    [
        # the new shape
        'def f(spec) -> bool:\n    return spec.type_id == f"mamba_{spec.shapes}_{spec.dtype}_{spec.mamba_type}"\n',
        # another shape altogether
        'def f(spec) -> bool:\n    return spec.type_id == f"attn_{spec.shapes}"\n',
        # a def upstream left alone
        'def f(spec) -> bool:\n    return spec.kept() == f"k{spec.a}"\n',
        # the read used as a key, not compared
        "def f(spec, table) -> bool:\n    table[spec.type_id] = 1\n    return spec.type_id in table\n",
    ],
    ids=["new shape", "other shape", "kept def", "key"],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []
