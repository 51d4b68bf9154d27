"""A use of a call's value written for one shape, beside a path written for the other: compatibility code.

A fork that must run on releases before and after upstream changed what a function returns keeps a path
per shape: ``try: pairs = f(...).items()`` / ``except AttributeError: pairs = f(...)[0].items()``;
``if SPLIT: mixed, _ = f(...)`` before ``return f(...).copy()``; ``return f(...)[1] if OLD else f(...)[0]``.
Return drift sees the old-shape path and would report it, though the fork ran correctly before the merge and
the path for the new shape sits right beside it; which of the two runs after the merge is not read here.
The other paths are the code that runs in a use's stead: the other arm of each enclosing ``if`` or
conditional expression, a ``try``'s handlers (for a use in its body) or its body (for one in a handler),
each earlier ``if`` of an enclosing block whose body leaves the block (``if new: return ...`` then the old
path), and, for a use in such an ``if`` with no ``else``, the rest of the block after it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from aeon_release.domain.audits.source import child_blocks

_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.Module)
# an unpack of the value in another path (``a, b = f(...)``): every position is read there
UNPACKED = -(2**31)


def other_paths(node: ast.AST, parents: dict[int, ast.AST]) -> Iterator[ast.AST]:
    """The code that runs in ``node``'s stead, up to its function (see the module's docstring)."""
    child, up = node, parents.get(id(node))
    while up is not None:
        if isinstance(up, ast.IfExp) and child is not up.test:
            yield up.orelse if child is up.body else up.body
        elif isinstance(up, ast.If) and child is not up.test:
            yield from up.orelse if any(s is child for s in up.body) else up.body
            if not up.orelse and _leaves(up.body) and isinstance(holder := parents.get(id(up)), ast.stmt):
                yield from _around(up, holder)[1]  # ``if OLD: return ...``: the rest of the block is the new path
        elif isinstance(up, ast.Try) and any(s is child for s in up.body):
            yield from up.handlers
        elif isinstance(up, ast.ExceptHandler) and isinstance(tried := parents.get(id(up)), ast.Try):
            yield from tried.body
        if isinstance(child, ast.stmt) and isinstance(up, ast.stmt):
            yield from (s for s in _around(child, up)[0] if isinstance(s, ast.If) and _leaves(s.body))
        if isinstance(up, _SCOPES):
            return
        child, up = up, parents.get(id(up))


def positions_read(paths: list[ast.AST], callee: str, bound: dict[str, ast.expr]) -> set[int]:
    """The positions at which ``paths`` read the value of a call of ``callee`` (``f(...)[k]``, or ``out[k]``
    where ``out`` is bound to such a call there or in ``bound``); ``UNPACKED`` for an unpack of it."""
    names = {n for n, value in bound.items() if _calls(value, callee)}
    names |= {
        t.id
        for path in paths
        for n in ast.walk(path)
        if isinstance(n, ast.Assign) and _calls(n.value, callee)
        for t in n.targets
        if isinstance(t, ast.Name)
    }
    found: set[int] = set()
    for path in paths:
        for n in ast.walk(path):
            if isinstance(n, ast.Assign) and isinstance(n.targets[0], ast.Tuple | ast.List) and _calls(n.value, callee):
                found.add(UNPACKED)
            elif isinstance(n, ast.Subscript) and (position := _constant(n.slice)) is not None:
                value = n.value
                if _calls(value, callee) or (isinstance(value, ast.Name) and value.id in names):
                    found.add(position)
    return found


def _calls(value: ast.expr, callee: str) -> bool:
    """``f(...)``, ``obj.f(...)`` or ``await`` of one, for ``callee`` f."""
    value = value.value if isinstance(value, ast.Await) else value
    if not isinstance(value, ast.Call):
        return False
    func = value.func
    return (isinstance(func, ast.Name) and func.id == callee) or (
        isinstance(func, ast.Attribute) and func.attr == callee
    )


def _constant(index: ast.expr) -> int | None:
    if isinstance(index, ast.UnaryOp) and isinstance(index.op, ast.USub) and isinstance(index.operand, ast.Constant):
        value = index.operand.value
        return -value if type(value) is int else None
    value = index.value if isinstance(index, ast.Constant) else None
    return value if type(value) is int else None


def _around(stmt: ast.stmt, holder: ast.stmt) -> tuple[list[ast.stmt], list[ast.stmt]]:
    """The statements before and after ``stmt`` in the block of ``holder`` that holds it."""
    for block in child_blocks(holder):
        for at, sibling in enumerate(block):
            if sibling is stmt:
                return block[:at], block[at + 1 :]
    return [], []


def _leaves(body: list[ast.stmt]) -> bool:
    """The block ends in a return or a raise: the code after its ``if`` runs only where the test failed."""
    return bool(body) and isinstance(body[-1], ast.Return | ast.Raise)


def names_shape_tested(func: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The names whose shape the function asks: a length compared (``if len(out) == 4:``) or an element's
    kind (``isinstance(out[0], dict)``): a read of ``out[k]`` there is written for either release's tuple."""
    found: set[str] = set()
    for node in ast.walk(func):
        if isinstance(node, ast.Compare):
            found |= {name for side in [node.left, *node.comparators] if (name := _measured(side))}
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance":
            first = node.args[0] if node.args else None
            if isinstance(first, ast.Subscript) and isinstance(first.value, ast.Name):
                found.add(first.value.id)
    return found


def _measured(node: ast.expr) -> str:
    """``out`` for ``len(out)``, else ""."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "len"):
        return ""
    return node.args[0].id if len(node.args) == 1 and isinstance(node.args[0], ast.Name) else ""
