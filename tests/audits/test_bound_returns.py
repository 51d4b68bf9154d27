"""The readers ranked returns and shifted joins share (``drift/bound_returns.py``): a def's returns column by
column, and the name an assignment binds to the value at one position."""

from __future__ import annotations

import ast

import pytest

from aeon_release.domain.audits.drift.bound_returns import returned_columns, stores, taken


def _def(text: str) -> ast.FunctionDef:
    func = ast.parse(text).body[0]
    assert isinstance(func, ast.FunctionDef)
    return func


@pytest.mark.parametrize(
    ("text", "columns"),
    [
        ("def f(x):\n    if x:\n        return a, b\n    return c, d\n", [(0, ["a", "c"]), (1, ["b", "d"])]),
        ("def f(x):\n    return x.unsqueeze(0)\n", [(None, ["x.unsqueeze(0)"])]),
        ("def f(x):\n    if x:\n        return a, b\n    return c\n", []),  # a tuple and a value
        ("def f(x):\n    if x:\n        return a, b\n    return c, d, e\n", []),  # two widths
        ("def f(x):\n    yield x\n    return a\n", []),  # a generator
        ("def f(x):\n    def g():\n        return a, b\n    return c\n", [(None, ["c"])]),  # a nested def's own
    ],
)
def test_returned_columns(text: str, columns: list[tuple[int | None, list[str]]]) -> None:
    found = [(k, sorted(ast.unparse(e) for e in column)) for k, column in returned_columns(_def(text))]
    assert found == columns  # (each column's values in the walk's order, not the source's)


@pytest.mark.parametrize(
    ("line", "position", "name"),
    [
        ("o, s = f()", 0, "o"),
        ("o, s = f()", 1, "s"),
        ("o = f()", None, "o"),
        ("o = f()", 0, ""),  # the whole tuple, not its first value
        ("*o, s = f()", 1, ""),  # a starred target before: the position is not read
        ("o = f()[1]", 1, "o"),
        ("o = f()[0]", 1, ""),
    ],
)
def test_taken(line: str, position: int | None, name: str) -> None:
    assign = ast.parse(line).body[0]
    assert isinstance(assign, ast.Assign)
    value = assign.value
    index = value.slice.value if isinstance(value, ast.Subscript) and isinstance(value.slice, ast.Constant) else None
    assert taken(assign.targets[0], position, index) == name


def test_stores_counts_each_binding() -> None:
    nodes = list(ast.walk(_def("def f():\n    o = 1\n    o += 2\n    p = o\n")))
    assert (stores(nodes, "o"), stores(nodes, "p"), stores(nodes, "q")) == (2, 1, 0)
