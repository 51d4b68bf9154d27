"""Return drift (drift/returns.py), read-back B: ``"loaded %s" % value`` formats the value -- None prints as
well as anything -- so it is no operation that fails on None; ``f() % 2`` and ``"%d" % value`` still are."""

from __future__ import annotations

import ast

import pytest

from aeon_release.domain.audits.drift import returns
from aeon_release.domain.audits.source import parent_map


def uses(text: str) -> list[tuple[str, str]]:
    module = ast.parse(text)
    return [(u.how, u.call) for n in ast.walk(module) if (u := returns._value_use("p.py", n)) is not None]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ('print("%s" % self.load(w))', []),
        ('print("%r and %%" % self.load(w))', []),
        ("x = f() % 2", [("operates", "f")]),
        ('print("%d" % self.load(w))', [("operates", "self.load")]),
        ('print("%5.2f" % self.load(w))', [("operates", "self.load")]),
    ],
    ids=["%s", "%r", "a number", "%d", "%f"],
)
def test_formatting_a_value_is_no_operation_on_it(text: str, found: list[tuple[str, str]]) -> None:
    assert uses(text) == found


@pytest.mark.parametrize(
    ("expr", "fails"),
    [('"loaded %s" % value', False), ('"%d" % value', True), ("value % 2", True), ("value + 1", True)],
)
def test_a_none_read_formatted_by_percent_s_stays_quiet(expr: str, fails: bool) -> None:
    module = ast.parse(f"x = {expr}")
    parents = parent_map(module)
    load = next(n for n in ast.walk(module) if isinstance(n, ast.Name) and n.id == "value")
    assert returns._fails_on_none(load, parents.get(id(load))) is fails
