"""A fork test of a class attribute's literal value (or its keys, length, order) against the value upstream changed.

A class-body attribute bound to a literal (``packed_modules_mapping = {"qkv_proj": [...], "gate_up_proj":
[...]}``) is upstream's to change; a fork line that compares it, or what it is made of, with a literal equal to
the merge base's value (``set(Model.packed_modules_mapping) == {"qkv_proj", "gate_up_proj"}``) no longer holds
once upstream changed it (killers222, #35413: ``Qwen3NextForCausalLM.packed_modules_mapping`` gained
``in_proj_qkvz`` and ``in_proj_ba``).  The comparisons read: ``X == lit`` / ``!=``, and of ``set(X)``,
``frozenset(X)``, ``X.keys()`` (a set literal), ``sorted(X)``, ``list(X)``, ``tuple(X)``, ``len(X)``.  Drift
when the literal equals what the old value gives and not what the new one does: the test has the other
outcome on every path (symbol drift's error).  A test naming the new value, an order or subset test, a value
no literal, are left.

Not on every path (review128): a test the fork branches on -- the test of an ``if``, a conditional expression or
a ``while``, or one arm of an ``or`` (``len(X) == 2 or len(X) == 4``) -- takes the other branch now, which the
fork wrote for it: a warning (``branched``).  And a test of an attribute the fork's module itself sets
anywhere (``self.X = {...}``, ``Cls.X = ...``, ``setattr(obj, "X", ...)``) may test the fork's own value, not
upstream's: left (``stored_names``).

Pure: a read's node and its module's parents in, the literal test out; the values are compared here.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

# what a call of these on the attribute gives: the comparison is of that (the values are literals: any of
# them may raise TypeError, which ``flipped`` takes as no finding)
_MADE: dict[str, Callable[[Any], object]] = {
    "set": set,
    "frozenset": frozenset,
    "sorted": sorted,
    "list": list,
    "tuple": tuple,
    "len": len,
}
_NOT_LITERAL = object()


@dataclass(frozen=True)
class LiteralTest:
    """``made(X) == literal`` (or ``!=``): ``made`` names what the test takes of the attribute."""

    made: str  # "" (the value itself), "keys", or a key of _MADE
    literal: object
    compare: ast.Compare


def literal_test(node: ast.Attribute, parents: dict[int, ast.AST]) -> LiteralTest | None:
    """The equality test ``node`` (a read of an attribute) is compared in, with a literal on the other side."""
    made, inner, parent = "", cast(ast.expr, node), parents.get(id(node))
    if (
        isinstance(parent, ast.Call)
        and isinstance(parent.func, ast.Name)
        and parent.func.id in _MADE
        and parent.args == [node]
        and not parent.keywords
    ):
        made, inner, parent = parent.func.id, parent, parents.get(id(parent))
    elif isinstance(parent, ast.Attribute) and parent.attr == "keys":
        call = parents.get(id(parent))
        if not (isinstance(call, ast.Call) and call.func is parent and not call.args and not call.keywords):
            return None
        made, inner, parent = "keys", call, parents.get(id(call))
    if not (isinstance(parent, ast.Compare) and len(parent.ops) == 1 and isinstance(parent.ops[0], ast.Eq | ast.NotEq)):
        return None
    other = parent.comparators[0] if parent.left is inner else parent.left if parent.comparators[0] is inner else None
    literal = _literal(other) if other is not None else _NOT_LITERAL
    if literal is _NOT_LITERAL or (made == "keys" and not isinstance(literal, set | frozenset)):
        return None
    return LiteralTest(made, literal, parent)


def branched(compare: ast.Compare, parents: dict[int, ast.AST]) -> bool:
    """The test decides a branch the fork wrote for each outcome: it is (under ``not`` and ``and``) the test of
    an ``if``, a conditional expression or a ``while``, or an operand of an ``or``."""
    node: ast.AST = compare
    while (parent := parents.get(id(node))) is not None:
        if isinstance(parent, ast.BoolOp) and isinstance(parent.op, ast.Or):
            return True
        if isinstance(parent, ast.If | ast.IfExp | ast.While):
            return parent.test is node
        if not (isinstance(parent, ast.UnaryOp | ast.BoolOp) and isinstance(parent.op, ast.Not | ast.And)):
            return False
        node = parent
    return False


_KEY_SETTERS = frozenset({"setdefault", "setenv", "putenv"})


def stored_names(tree: ast.AST) -> frozenset[str]:
    """The attribute names a module sets: ``x.name = ...`` (or augmented, annotated, deleted),
    ``setattr(x, "name", ...)`` with a literal name, and a mapping key of the name stored
    (``os.environ["NAME"] = ...``, ``.setdefault("NAME", ...)``, ``monkeypatch.setenv("NAME", ...)``): a
    module of settings read lazily from the environment (``envs.NAME``) answers the value the fork stored."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store | ast.Del):
            names.add(node.attr)
        elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store | ast.Del):
            if isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str):
                names.add(node.slice.value)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in _KEY_SETTERS
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            names.add(node.args[0].value)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "setattr"
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and isinstance(node.args[1].value, str)
        ):
            names.add(node.args[1].value)
    return frozenset(names)


def flipped(test: LiteralTest, old: ast.AST | None, new: ast.AST | None) -> bool:
    """Whether the test held on the base's value ``old`` and fails on upstream's ``new`` (both literals)."""
    was, now = _literal(old), _literal(new)
    if _NOT_LITERAL in (was, now):
        return False
    try:
        return _made(test.made, was) == test.literal and _made(test.made, now) != test.literal
    except (TypeError, ValueError):
        return False


def _made(made: str, value: object) -> object:
    if made == "keys":
        return set(cast(Any, value))
    return _MADE[made](value) if made else value


def _literal(node: ast.AST | None) -> object:
    if not isinstance(node, ast.expr):
        return _NOT_LITERAL
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return _NOT_LITERAL
