"""A fork class's attribute value that an assertion upstream added to a base's method now fails.

#26541 made ``MLACommonMetadataBuilder.__init__`` check its knobs: ``if self.query_len_support ==
QueryLenSupport.SINGLE_ONLY: assert self.reorder_batch_threshold == 1``.  A fork builder subclass setting
``reorder_batch_threshold = 4`` (its decode kernel takes short prefills too) merges cleanly and raises
``AssertionError`` when the builder is built, on every model.

Upstream's side: an ``assert self.<name> <op> <literal>`` on a line upstream added, in a method of a class
along the fork class's bases that lookup on the fork class reaches (no nearer method of its name hides it),
the method not assigning ``self.<name>`` itself.  The fork's side: the class body's ``<name> = <literal>``,
on a line it wrote, that the comparison refuses.  The assertion's enclosing ``if``\\ s must hold for the fork
class: each a comparison ``self.<attr> == <expr>`` (or ``!=``) whose attribute resolves, along the fork class's
bases in the merged tree, to a class body's value that is ``<expr>``'s: the same literal, or the same definition
once both sides are followed through their modules' imports (the fork class inheriting ``query_len_support =
QueryLenSupport.SINGLE_ONLY``; a fork's ``common.QueryLenSupport.UNIFORM`` is upstream's ``UNIFORM`` however
spelt).  A side that resolves to neither leaves the guard unknown.  A guard of any other shape, an assertion
inside a loop or ``try``, or one whose comparison is no literal one, leaves the fork's value unjudged: quiet.
So does a ``self.<m>(...)`` the method calls before the assertion that reaches, on the fork class, a method
assigning ``self.<name>`` (a fork override of the base's ``_init_threshold`` setting the threshold to 1).

Pure helpers over one method; finding the methods and the lines upstream added is symbol drift's
(``symbols.py``).
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable, Iterator
from typing import Any

from aeon_release.domain.audits.drift.device_gates import COMPARE
from aeon_release.domain.audits.source import NOT_LITERAL, literal_value

__all__ = ["assigns_self", "failing_asserts", "self_calls_before"]

_OPS: dict[type[ast.cmpop], Callable[[Any, Any], object]] = {
    **COMPARE,  # the orderings device gates read capabilities with
    ast.In: lambda a, b: operator.contains(b, a),
    ast.NotIn: lambda a, b: not operator.contains(b, a),
}
# resolves ``self.<attr>`` for the fork class: what the class body's value is, its kind first (a literal's value,
# the definition its name resolves to...), or None when unknown
Resolve = Callable[[str], tuple[object, ...] | None]
# what an expression of the asserting method's module is, the same way; None when unknown
Identify = Callable[[ast.expr], tuple[object, ...] | None]


def failing_asserts(
    func: ast.FunctionDef | ast.AsyncFunctionDef,
    name: str,
    value: object,
    lines: set[int],
    sides: tuple[Resolve, Identify],
) -> Iterator[ast.Assert]:
    """The ``assert self.name <op> <literal>`` of ``func`` on ``lines`` that ``value`` fails, under guards that
    hold for the class ``sides`` answer for (its attributes' values, and the guards' own)."""
    parents = {id(child): node for node in ast.walk(func) for child in ast.iter_child_nodes(node)}
    for node in ast.walk(func):
        if isinstance(node, ast.Assert) and node.lineno in lines and _refuses(node.test, name, value) is True:
            if _guards_hold(node, func, parents, sides):
                yield node


def self_calls_before(func: ast.FunctionDef | ast.AsyncFunctionDef, node: ast.stmt | None = None) -> list[str]:
    """The ``m`` of each ``self.m(...)`` in ``func`` that starts before ``node`` (anywhere, without one): what
    runs first, and may set the asserted attribute on the instance, whatever the class body says."""
    end = (node.lineno, node.col_offset) if node is not None else (float("inf"), 0)
    return [
        call.func.attr
        for call in ast.walk(func)
        if isinstance(call, ast.Call)
        and isinstance(call.func, ast.Attribute)
        and _is_self(call.func.value)
        and (call.lineno, call.col_offset) < end
    ]


def assigns_self(func: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> bool:
    """``self.name = ...`` (or ``+=``...) in ``func``: the value asserted may not be the class body's."""
    for node in ast.walk(func):
        targets = node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]
        if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign) and any(_on_self(t, name) for t in targets):
            return True
    return False


def _refuses(test: ast.expr, name: str, value: object) -> bool | None:
    """Whether ``self.name <op> <literal>`` is false for ``value``; None for any other shape."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and _on_self(test.left, name)):
        return None
    bound, op = literal_value(test.comparators[0]), _OPS.get(type(test.ops[0]))
    if bound is NOT_LITERAL or op is None:
        return None
    try:
        return not op(value, bound)
    except TypeError:
        return None


def _guards_hold(node: ast.AST, func: ast.AST, parents: dict[int, ast.AST], sides: tuple[Resolve, Identify]) -> bool:
    """Every ``if`` around ``node`` in ``func`` takes the branch holding it for the fork class; False for a
    loop, ``try``, ``with`` or a guard of another shape on the way."""
    child, parent = node, parents.get(id(node))
    while parent is not None and parent is not func:
        if isinstance(parent, ast.If):
            held = _holds(parent.test, *sides)
            if held is None or held != any(child is s for s in parent.body):
                return False
        elif not isinstance(parent, ast.stmt) or isinstance(parent, ast.For | ast.While | ast.Try | ast.With):
            return False
        child, parent = parent, parents.get(id(parent))
    return parent is func


def _holds(test: ast.expr, resolve: Resolve, identify: Identify) -> bool | None:
    """``self.attr == expr`` / ``!=`` for the fork class: whether the class body's value is ``expr``'s, both
    resolved to what they name (a spelling is no value: ``common.QueryLenSupport.UNIFORM`` is ``UNIFORM``);
    None when either side resolves to nothing known, or the two to things of different kinds."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq | ast.NotEq)):
        return None
    left = test.left
    if not (isinstance(left, ast.Attribute) and _is_self(left.value)):
        return None
    found, wanted = resolve(left.attr), identify(test.comparators[0])
    if found is None or wanted is None or found[0] != wanted[0]:
        return None  # an enum member and a literal may still be equal (an ``IntEnum``'s): unknown
    same = found == wanted
    return same if isinstance(test.ops[0], ast.Eq) else not same


def _on_self(node: ast.AST | None, name: str) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == name and _is_self(node.value)


def _is_self(node: ast.AST) -> bool:
    return isinstance(node, ast.Name) and node.id == "self"
