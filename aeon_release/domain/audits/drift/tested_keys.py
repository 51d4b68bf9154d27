"""Keys a model's validator only tests on the way to a raise: not a key it carries into a field.

A pydantic model whose field upstream removed may still spell the key in a validator: to move it to the new
field (``data["new"] = data.pop("old")``), or only to refuse a combination (#10551 kept
``EmbeddingChatRequest``'s ``if data.get("continue_final_message") and data.get("add_generation_prompt"):
raise ValueError(...)`` after it dropped both fields) or to reject the key outright (#48984's ``if "normalize"
in data: raise ValidationError(...)``).  The first carries the fork's value on; the others never do: a
fork's ``continue_final_message=True`` is kept as an unread extra (or refused).  Symbol drift's dropped model
field (``_model_field_dropped``) reads the key as spelled only where some spelling is not such a test; a
spelling in the test whose value goes on (a walrus, a call other than a lookup) carries it all the same.
Nor is the value lost where the fork's own function reads the key back off the object it made
(``(request.model_extra or {}).get("k")``, ``getattr(request, "k")``): the fork carries the extra itself.

Pure: a syntax tree in, string constants (or the keys read back) out.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from aeon_release.domain.audits.source import parent_map

# a key handed to these is only looked at: ``data.get("k")``, ``data.pop("k")`` (its value then only tested),
# ``isinstance(data.get("k"), str)``
_LOOKS = frozenset({"get", "pop", "isinstance", "bool", "len"})
# the calls that read a key's value back: ``extras.get("k")``, ``extras.pop("k")``, ``getattr(request, "k")``
_READS = frozenset({"get", "pop", "getattr"})
_BY_NAME = frozenset({"getattr", "hasattr"})  # the key is the second argument


def carried_strings(node: ast.AST) -> Iterator[ast.Constant]:
    """The string constants under ``node``, but those that sit only in the test of an ``if`` (without an
    ``else``) whose body ends by raising."""
    parents = parent_map(node)
    for sub in ast.walk(node):
        if isinstance(sub, ast.Constant) and isinstance(sub.value, str) and not _tested_to_raise(sub, parents):
            yield sub


def _carries(parent: ast.expr, child: ast.AST) -> bool:
    """The value goes on past the test: a walrus binds it (``if (v := data.pop("k")) and ...``), or a call
    other than a lookup or a pure predicate takes it (``data.setdefault("new", data.pop("k"))``)."""
    if isinstance(parent, ast.NamedExpr):
        return True
    if not isinstance(parent, ast.Call) or child is parent.func:
        return False
    return _called(parent.func) not in _LOOKS


def _tested_to_raise(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    child, parent = node, parents.get(id(node))
    while parent is not None and isinstance(parent, ast.expr):
        if _carries(parent, child):
            return False
        child, parent = parent, parents.get(id(parent))
    return (
        isinstance(parent, ast.If)
        and parent.test is child
        and not parent.orelse
        and bool(parent.body)
        and isinstance(parent.body[-1], ast.Raise)
    )


def read_back(call: ast.AST, parents: dict[int, ast.AST], extras: bool = False) -> set[str]:
    """The string keys the function holding ``call`` (or its module, at top level) reads back: a subscript
    ``x["k"]`` loaded, or ``x.get("k")``, ``x.pop("k")``, ``getattr(x, "k")``; with ``extras`` (the model
    keeps unknown keys, and answers them as attributes) ``hasattr(x, "k")`` and the attributes read off the
    name ``call`` is bound to (``request = M(k=v)``, ``request.k``) too."""
    scope = parents.get(id(call))
    while scope is not None and not isinstance(scope, ast.FunctionDef | ast.AsyncFunctionDef | ast.Module):
        scope = parents.get(id(scope))
    bound = parents.get(id(call))
    made = bound.targets[0] if extras and isinstance(bound, ast.Assign) and len(bound.targets) == 1 else None
    reads = _READS | {"hasattr"} if extras else _READS
    keys: set[str] = set()
    for node in ast.walk(scope) if scope is not None else ():
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load):
            keys.update(_key(node.slice))
        elif isinstance(node, ast.Call) and _called(node.func) in reads and node.args:
            keys.update(_key(node.args[1 if _called(node.func) in _BY_NAME and len(node.args) > 1 else 0]))
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.ctx, ast.Load)
            and isinstance(made, ast.Name)
            and isinstance(node.value, ast.Name)
            and node.value.id == made.id
        ):
            keys.add(node.attr)
    return keys


def _called(func: ast.expr) -> str:
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def _key(expr: ast.expr) -> list[str]:
    return [expr.value] if isinstance(expr, ast.Constant) and isinstance(expr.value, str) else []
