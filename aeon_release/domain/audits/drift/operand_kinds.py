"""Which builtin container kinds an operator combines: the operator uses of container drift.

A value upstream made another kind of container breaks a fork's operator as surely as a method the new kind
lacks: ``table |= {AeonLayer}`` widens a set in place and raises TypeError once the table is a tuple
(#35077 made the LoRA utils' ``_all_lora_classes`` an ordered tuple), and ``modules + ["gate"]`` concatenates
a list and raises once the value is a set (#29322 handed ``from_local_checkpoint`` its modules as a set).  The
builtins combine only within a family: ``+`` a list with a list, a tuple with a tuple; ``|``/``&``/``^``/``-``
a set or frozenset with either, ``|`` a dict with a dict.  An operand whose kind the line does not show is
taken to be one the old kind combined with (the line worked at the base), so the use fails when the new kind
combines with none of those.
"""

from __future__ import annotations

import ast

_SETS = frozenset({"set", "frozenset"})
_ACCEPTS: dict[type[ast.operator], dict[str, frozenset[str]]] = {
    ast.Add: {k: frozenset({k}) for k in ("list", "tuple", "deque", "str", "bytes")},
    ast.BitOr: {"set": _SETS, "frozenset": _SETS, "dict": frozenset({"dict"})},
    ast.BitAnd: {"set": _SETS, "frozenset": _SETS},
    ast.BitXor: {"set": _SETS, "frozenset": _SETS},
    ast.Sub: {"set": _SETS, "frozenset": _SETS},
}
# an augmented assignment's in-place forms take more: a list's or a deque's ``+=`` extends with any iterable, a
# dict's ``|=`` updates from any mapping or pairs (a set's ``|=`` still wants a set, a tuple's ``+=`` a tuple)
_ANY = frozenset({"list", "tuple", "deque", "set", "frozenset", "dict", "str", "bytes"})
_IN_PLACE: dict[type[ast.operator], dict[str, frozenset[str]]] = {
    ast.Add: {"list": _ANY, "deque": _ANY},
    ast.BitOr: {"dict": frozenset({"dict", "list", "tuple"})},
}
_SYMBOLS: dict[type[ast.operator], str] = {ast.Add: "+", ast.BitOr: "|", ast.BitAnd: "&", ast.BitXor: "^", ast.Sub: "-"}
_DISPLAYS: dict[type[ast.expr], str] = {
    ast.List: "list",
    ast.ListComp: "list",
    ast.Tuple: "tuple",
    ast.Set: "set",
    ast.SetComp: "set",
    ast.Dict: "dict",
    ast.DictComp: "dict",
    ast.JoinedStr: "str",
}
_BUILT = frozenset({"list", "tuple", "set", "frozenset", "dict", "sorted"})


def operand_kind(expr: ast.expr, scope: ast.AST | None = None) -> str | None:
    """The builtin kind an operand visibly is: a display, a comprehension, a literal string, or a builtin
    container's constructor (``sorted(...)`` a list, ``deque(...)`` or ``collections.deque(...)`` a deque); with
    ``scope`` (the enclosing function), a local it binds once to one of those (``extra = deque([g])``: the fork
    already hands the new kind).  None for anything else (a name bound otherwise, a call)."""
    if isinstance(expr, ast.Name) and scope is not None:
        value = _bound_once(scope, expr.id)
        return operand_kind(value) if value is not None else None
    if isinstance(expr, ast.Constant):
        return "str" if isinstance(expr.value, str) else "bytes" if isinstance(expr.value, bytes) else None
    kind = _DISPLAYS.get(type(expr))
    if kind is not None:
        return kind
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id in _BUILT:
        return "list" if expr.func.id == "sorted" else expr.func.id
    if isinstance(expr, ast.Call) and _is_deque(expr.func):
        return "deque"
    return None


def _is_deque(func: ast.expr) -> bool:
    """``deque`` or ``collections.deque``: the one container constructor outside the builtins the kinds know."""
    if isinstance(func, ast.Attribute):
        return func.attr == "deque" and isinstance(func.value, ast.Name) and func.value.id == "collections"
    return isinstance(func, ast.Name) and func.id == "deque"


def _bound_once(scope: ast.AST, name: str) -> ast.expr | None:
    """The value ``scope`` binds ``name`` to, when one plain assignment is its only binding there (a parameter,
    a loop target, an augmented assignment or a second assignment may hold another kind)."""
    nodes = list(ast.walk(scope))
    stores = [n for n in nodes if isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load)]
    if len(stores) != 1 or any(isinstance(n, ast.arg) and n.arg == name for n in nodes):
        return None
    for node in nodes:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and node.targets[0] is stores[0]:
            return node.value
        if isinstance(node, ast.AnnAssign) and node.target is stores[0]:
            return node.value
    return None


def operands(node: ast.AST) -> list[tuple[ast.expr, ast.expr, ast.operator, bool]]:
    """(an operand, the other, the operator, in place) of a binary operation or an augmented assignment (``x |=
    y`` combines ``x`` with ``y`` in place where the kind has the in-place form, as ``x | y`` does otherwise)."""
    if isinstance(node, ast.AugAssign) and type(node.op) in _ACCEPTS:
        return [(node.target, node.value, node.op, True)]
    if isinstance(node, ast.BinOp) and type(node.op) in _ACCEPTS:
        return [(node.left, node.right, node.op, False), (node.right, node.left, node.op, False)]
    return []


def refused(
    old: str,
    new: str,
    op: ast.operator,
    other: ast.expr,
    in_place: bool = False,
    kind: str | None = None,
    scope: ast.AST | None = None,
) -> str | None:
    """Why combining a value of the ``new`` kind with ``other`` by ``op`` raises where the ``old`` kind's did not
    (None when it does not, or when the old kind never took the operator: then the line failed before too).
    ``kind`` is the other operand's kind when the caller knows it (another value of the same drift: two fields
    made deques together still add); else it is read off the operand, through a local ``scope`` binds once."""
    was, now = _accepts(old, op, in_place), _accepts(new, op, in_place)
    kind = kind if kind is not None else operand_kind(other, scope)
    if kind is not None and (kind not in was or kind in now):
        return None
    if kind is None and (not was or was & now):
        return None
    symbol = _SYMBOLS[type(op)]
    with_what = f"{_article(kind)} {kind}" if kind is not None else f"what {_article(old)} {old} took"
    return f"{_article(new)} {new} does not combine with {with_what} by {symbol}: TypeError"


def _accepts(kind: str, op: ast.operator, in_place: bool) -> frozenset[str]:
    taken = _IN_PLACE.get(type(op), {}).get(kind) if in_place else None
    return taken if taken is not None else _ACCEPTS.get(type(op), {}).get(kind, frozenset())


def _article(kind: str) -> str:
    return "an" if kind[:1] in "aeiou" else "a"
