"""Presence tests of an attribute spelt other than ``hasattr(x, "name")``, for the guards that read them.

A fork that asks whether an object has a member writes ``hasattr(x, "name")`` as often as it writes
``getattr(x, "name", None) is not None``, ``callable(getattr(x, "name", None))``, a bare ``getattr(x, "name",
None)`` in a test, a local bound from one (``fn = getattr(x, "name", None)`` then ``if fn is not None:``) or a
module-level flag (``HAS_NEW = hasattr(Cls, "name")`` then ``if HAS_NEW:``).  Each holds only where ``x`` has
``name``; ``... is None``, ``not ...`` and a false flag only where it may lack it.  ``fallbacks.hasattr_ensured``
and ``fallbacks.hasattr_refuting`` read the first spelling; ``presence_ensured`` and ``presence_refuting`` read
them all, for the guards of empty-to-raise drift (drift/raised_empties.py) and of stores through a property
that lost its setter (drift/read_only.py).
"""

from __future__ import annotations

import ast
from collections.abc import Iterable

from aeon_release.domain.audits.drift.fallbacks import hasattr_ensured, hasattr_refuting, runs_tested
from aeon_release.domain.audits.source import str_value

__all__ = ["absent", "presence_ensured", "presence_refuting", "present"]

Bound = dict[str, ast.expr]
Asked = tuple[str, str]  # (the subject as written, the attribute)


def presence_ensured(node: ast.AST, subject: str, name: str, parents: dict[int, ast.AST]) -> bool:
    """``node`` runs only where ``subject`` has ``name``: under a presence test of it (any spelling above), in
    the ``else`` of an absence test, or after an absence test whose body exits."""
    if hasattr_ensured(node, subject, name, parents):
        return True
    bound = _bindings(node, parents)
    wanted = (subject, name)
    return runs_tested(
        node, parents, lambda test: wanted in present(test, bound), lambda test: wanted in absent(test, bound)
    )


def presence_refuting(node: ast.AST, subject: str, parents: dict[int, ast.AST]) -> set[str]:
    """The attributes of ``subject`` whose presence tests must fail for ``node`` to run (a version gate: the
    old spelling in the ``else`` of ``if getattr(x, "new", None) is not None:``)."""
    names = hasattr_refuting(node, subject, parents)
    bound = _bindings(node, parents)

    def collect(asked: set[Asked]) -> bool:
        names.update(attr for of, attr in asked if of == subject)
        return False  # walk every enclosing test

    runs_tested(node, parents, lambda test: collect(absent(test, bound)), lambda test: collect(present(test, bound)))
    return names


def present(test: ast.expr, bound: Bound, depth: int = 0) -> set[Asked]:
    """What ``test`` being true says is present: ``hasattr(x, "a")``, ``callable(f)``, ``f is not None``, a bare
    ``f`` (``f`` a ``getattr(x, "a", ...)``, a walrus of one, or a name bound to one), a name bound to a presence
    test, a walrus of one; every operand of an ``and``."""
    if depth > 3:
        return set()
    if isinstance(test, ast.NamedExpr):  # ``if moe := hasattr(model, "experts"):``
        test = test.value
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return {a for value in test.values for a in present(value, bound, depth + 1)}
    if isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and len(test.args) == 2:
        if test.func.id == "hasattr" and (name := str_value(test.args[1])) is not None:
            return {(ast.unparse(test.args[0]), name)}
    if isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "callable":
        return _fetched(test.args[0], bound) if len(test.args) == 1 else set()
    if _compares_none(test, ast.IsNot) and isinstance(test, ast.Compare):
        return _fetched(test.left, bound)
    if isinstance(test, ast.Name) and test.id in bound and not _fetched(test, bound):
        return present(bound[test.id], {}, depth + 1)  # ``HAS_NEW = hasattr(Cls, "new")``
    return _fetched(test, bound)


def absent(test: ast.expr, bound: Bound) -> set[Asked]:
    """What ``test`` being true says may be missing: ``not <presence>``, ``f is None`` of a fetched member."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return present(test.operand, bound)
    if _compares_none(test, ast.Is) and isinstance(test, ast.Compare):
        return _fetched(test.left, bound)
    return set()


def _compares_none(test: ast.expr, op: type[ast.cmpop]) -> bool:
    return (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], op)
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value is None
    )


def _fetched(value: ast.expr, bound: Bound) -> set[Asked]:
    """``getattr(x, "a")``/``getattr(x, "a", None)`` (a walrus of one, a name bound to one): (x, a)."""
    if isinstance(value, ast.NamedExpr):
        value = value.value
    elif isinstance(value, ast.Name) and value.id in bound:
        value = bound[value.id]
    if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "getattr"):
        return set()
    args = value.args
    name = str_value(args[1]) if len(args) in (2, 3) else None
    if name is None or (len(args) == 3 and not (isinstance(args[2], ast.Constant) and args[2].value is None)):
        return set()  # a default other than None may stand in for the member
    return {(ast.unparse(args[0]), name)}


def _bindings(node: ast.AST, parents: dict[int, ast.AST]) -> Bound:
    """The names bound exactly once, by a plain assignment, in ``node``'s function, and the module's names bound
    once at its top level (a function's own binding first)."""
    found: Bound = {}
    scope: ast.AST | None = parents.get(id(node))
    while scope is not None:
        if isinstance(scope, ast.FunctionDef | ast.AsyncFunctionDef):
            _bind_once(found, ast.walk(scope))
        elif isinstance(scope, ast.Module):
            _bind_once(found, scope.body)
        scope = parents.get(id(scope))
    return found


def _bind_once(found: Bound, nodes: Iterable[ast.AST]) -> None:
    """Add to ``found`` (where it holds no such name yet) each name one assignment among ``nodes`` binds when no
    other store among them binds it too."""
    values: dict[str, list[ast.expr | None]] = {}
    for node in nodes:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                for name in _stored(target):
                    values.setdefault(name, []).append(node.value if isinstance(target, ast.Name) else None)
            continue
        targets = (
            [item.optional_vars for item in node.items if item.optional_vars is not None]
            if isinstance(node, ast.With | ast.AsyncWith)
            else [node.target]
            if isinstance(node, ast.AnnAssign | ast.AugAssign | ast.For | ast.AsyncFor | ast.NamedExpr)
            else []
        )
        for target in targets:
            for name in _stored(target):
                values.setdefault(name, []).append(None)
    for name, seen in values.items():
        if name not in found and len(seen) == 1 and seen[0] is not None:
            found[name] = seen[0]


def _stored(target: ast.expr) -> list[str]:
    return [n.id for n in ast.walk(target) if isinstance(n, ast.Name)]
