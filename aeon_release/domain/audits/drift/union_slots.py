"""Symbol drift: a parameter renamed and retyped from a union of classes to a plain scalar.

#34036 turned ``get_max_tokens(max_model_len, request: "CompletionRequest | ChatCompletionRequest |
ResponsesRequest", ...)`` into ``get_max_tokens(max_model_len, max_tokens: int | None, ...)``: the
function used to read the limit off the request itself, the caller now reads it.  A fork call
``get_max_tokens(max_model_len, request, n, defaults)`` still binds, and hands a request object to a slot
that compares it with ints: TypeError on the first request.

A single old class is already a retyped slot (``parameter_kind`` names it); a union of several has no one
kind, so it is read here member by member.  The slot is retyped away when every member is a class of the
tree (not an alias, a type variable, a builtin or ``Any``) whose base chain is classes of the tree,
``object`` or pydantic's ``BaseModel``, none a protocol or an ABC (an ``IntFlag`` value is an int, an int
satisfies a protocol with ``__int__``), and the new kind is a plain scalar none of them is.  Only for an argument spelled
as the old parameter (``request`` for ``request``): the fork's own name says it is the old kind of value.
"""

from __future__ import annotations

import ast

from aeon_release.domain.audits.drift.result_kinds import unoptional, unquoted_expr

SCALARS = frozenset({"int", "float", "complex", "bool", "str", "bytes"})
_BUILTINS = SCALARS | frozenset({"list", "dict", "set", "frozenset", "tuple", "type", "object", "Any", "None"})


def union_members(func: ast.AST, name: str) -> tuple[str, ...]:
    """The class names of parameter ``name``'s annotation when it is a union of two or more plain names
    (``A | B | None``, ``Union[A, B]``, quoted or not); () for anything else."""
    if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
        return ()
    args = func.args
    found = next((a for a in (*args.posonlyargs, *args.args, *args.kwonlyargs) if a.arg == name), None)
    node = unquoted_expr(found.annotation) if found is not None else None
    if node is None:
        return ()
    sides = _sides(unoptional(node))
    names = tuple(_name(s) for s in sides if not (isinstance(s, ast.Constant) and s.value is None))
    return names if len(names) >= 2 and all(n and n not in _BUILTINS for n in names) else ()


def _sides(node: ast.expr) -> list[ast.expr]:
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return _sides(node.left) + _sides(node.right)
    if isinstance(node, ast.Subscript) and _name(node.value) == "Union":
        inner = node.slice
        return list(inner.elts) if isinstance(inner, ast.Tuple) else [inner]
    return [node]


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else ""
