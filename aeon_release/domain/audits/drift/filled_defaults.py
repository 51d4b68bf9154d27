"""A field's default made ``None`` and filled in ``__post_init__`` from another field: the value a build gets.

#26915 turned ``KVEventsConfig.publisher: str = "null"`` into ``Field(default=None)`` and added
``if self.publisher is None: self.publisher = "zmq" if self.enable_kv_cache_events else "null"``.  A fork's
``KVEventsConfig(enable_kv_cache_events=True)`` (events drained in process, nothing published) left the
publisher to its default, "null"; it now gets "zmq" and binds a socket.  The literal default alone says
``None`` (and a class storing the field itself was no plain default to handed-default drift): the fill says
what the instance holds, and for a build that passes the other field as a literal (or leaves it to its own
literal default) it is one literal again.

A fill is read only in this shape, the class's one store of the field: ``__post_init__`` (or ``__init__``)
holding ``if self.F is None:`` whose body is the one statement ``self.F = <literal>`` or ``self.F = <literal>
if <test> else <literal>``, the test ``self.G``, ``not self.G``, ``self.G is (not) None`` or ``self.G ==`` /
``!= <literal>``, with no store of ``self.G`` in the class (one may change the flag before the fill reads it).
Anything else (a call, a second store, an ``else``) is not read: the field stays what the class computes.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from aeon_release.domain.audits.drift.field_defaults import Either, literal_default
from aeon_release.domain.audits.source import NOT_LITERAL, literal_value

_FILLERS = frozenset({"__post_init__", "__init__"})


@dataclass(frozen=True)
class Fill:
    """``field`` is filled with ``then`` when ``test`` holds of ``other``'s value, else with ``otherwise``."""

    field: str
    other: str  # "" for a fill of one literal
    test: ast.expr | None
    then: object
    otherwise: object
    other_default: object  # ``other``'s literal default in the class (NOT_LITERAL: none known)

    def value(self, call: ast.Call) -> object:
        """What a build by ``call`` holds in the field (it leaves the field itself to its default); NOT_LITERAL
        when the call hands ``other`` something that is no literal, or by ``**``/position."""
        if not self.other:
            return self.then
        if call.args or any(k.arg is None for k in call.keywords):
            return NOT_LITERAL
        given = next((k.value for k in call.keywords if k.arg == self.other), None)
        seen = self.other_default if given is None else literal_value(given)
        if seen is NOT_LITERAL:
            return NOT_LITERAL
        held = _holds(self.test, seen)
        return NOT_LITERAL if held is None else self.then if held else self.otherwise


def fill_of(cls: ast.ClassDef, field: str) -> Fill | None:
    """The class's fill of ``field`` in the shape the module's docstring names, else None."""
    stores = [
        n
        for n in ast.walk(cls)
        if isinstance(n, ast.Attribute) and n.attr == field and isinstance(n.ctx, ast.Store) and _is_self(n.value)
    ]
    if len(stores) != 1:
        return None
    for method in (s for s in cls.body if isinstance(s, ast.FunctionDef) and s.name in _FILLERS):
        for stmt in method.body:
            fill = _filled(stmt, field, cls)
            if fill is not None:
                return fill
    return None


def _filled(stmt: ast.stmt, field: str, cls: ast.ClassDef) -> Fill | None:
    if not (isinstance(stmt, ast.If) and not stmt.orelse and len(stmt.body) == 1 and _is_none_test(stmt.test, field)):
        return None
    store = stmt.body[0]
    if not (isinstance(store, ast.Assign) and len(store.targets) == 1 and _is_self_attr(store.targets[0], field)):
        return None
    value = store.value
    if isinstance(value, ast.IfExp):
        then, otherwise = literal_value(value.body), literal_value(value.orelse)
        other = _tested(value.test)
        if then is NOT_LITERAL or otherwise is NOT_LITERAL or not other or other == field or _stores(cls, other):
            return None  # a class storing the other field itself may change it before the fill reads it
        return Fill(field, other, value.test, then, otherwise, _default_of(cls, other))
    literal = literal_value(value)
    return None if literal is NOT_LITERAL else Fill(field, "", None, literal, literal, NOT_LITERAL)


def _is_none_test(test: ast.expr, field: str) -> bool:
    return (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], ast.Is)
        and _is_self_attr(test.left, field)
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value is None
    )


def _tested(test: ast.expr) -> str:
    """The field a fill's test reads: ``self.G``, ``not self.G``, ``self.G is None``, ``self.G == lit``."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test = test.operand
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        if literal_value(test.comparators[0]) is NOT_LITERAL:
            return ""
        test = test.left
    return test.attr if isinstance(test, ast.Attribute) and _is_self(test.value) else ""


def _holds(test: ast.expr | None, seen: object) -> bool | None:
    """The test's truth for the other field holding ``seen``; None where it cannot be told."""
    if test is None:
        return True
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _holds(test.operand, seen)
        return None if inner is None else not inner
    if isinstance(test, ast.Attribute):
        return bool(seen)
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        other = literal_value(test.comparators[0])
        op = test.ops[0]
        if isinstance(op, ast.Is | ast.IsNot) and other is None:
            return (seen is None) == isinstance(op, ast.Is)
        if isinstance(op, ast.Eq | ast.NotEq):
            return (seen == other) == isinstance(op, ast.Eq)
    return None


def _default_of(cls: ast.ClassDef, name: str) -> object:
    """``name``'s literal default in the class body (``G: bool = False``, ``Field(default=False)``)."""
    for stmt in cls.body:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.target.id == name:
            found = literal_default(stmt.value) if stmt.value is not None else None
            return NOT_LITERAL if found is None or isinstance(found[1], Either) else found[1]
    return NOT_LITERAL


def _stores(cls: ast.ClassDef, name: str) -> bool:
    """The class stores ``self.name`` somewhere: the value its fill tests is then not the build's literal."""
    return any(
        isinstance(n, ast.Attribute) and n.attr == name and isinstance(n.ctx, ast.Store) and _is_self(n.value)
        for n in ast.walk(cls)
    )


def _is_self(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id == "self"


def _is_self_attr(node: ast.expr, name: str) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == name and _is_self(node.value)
