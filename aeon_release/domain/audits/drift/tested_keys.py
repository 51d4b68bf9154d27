"""Keys a model's validator only tests on the way to a raise: not a key it carries into a field.

A pydantic model whose field upstream removed may still spell the key in a validator: to move it to the new
field (``data["new"] = data.pop("old")``), or only to refuse a combination (#10551 kept
``EmbeddingChatRequest``'s ``if data.get("continue_final_message") and data.get("add_generation_prompt"):
raise ValueError(...)`` after it dropped both fields) or to reject the key outright (#48984's ``if "normalize"
in data: raise ValidationError(...)``).  The first carries the fork's value on; the others never do: a
fork's ``continue_final_message=True`` is kept as an unread extra (or refused).  Symbol drift's dropped model
field (``_model_field_dropped``) reads the key as spelled only where some spelling is not such a test; a
spelling in the test whose value goes on (a walrus, a call other than a lookup) carries it all the same.

Pure: a syntax tree in, string constants out.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from aeon_release.domain.audits.source import parent_map

# a key handed to these is only looked at: ``data.get("k")``, ``data.pop("k")`` (its value then only tested),
# ``isinstance(data.get("k"), str)``
_LOOKS = frozenset({"get", "pop", "isinstance", "bool", "len"})


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
    func = parent.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    return name not in _LOOKS


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
