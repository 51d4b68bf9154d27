"""An override of a hook upstream renamed, that a base's code still looks up on ``self`` by its old name.

#13964 renamed ``BaseMultiModalProcessor._get_prompt_replacements`` to ``_get_prompt_updates`` and kept a
shim in the base's constructor: ``if get_repls := getattr(self, "_get_prompt_replacements", None): ...
self._get_prompt_updates = get_repls``.  A fork subclass overriding the old name is still reached, through the
string, though the base no longer defines it: an error saying nothing calls the override any more is false.
The override still leans on a shim upstream means to drop, so it stays a warning.

Only a ``getattr``/``hasattr`` of ``self``, ``cls`` or ``type(self)`` with the name as a string literal, in
the body of a class along the fork class's bases in the merged tree.  Pure: syntax trees in, answers out.
"""

from __future__ import annotations

import ast

_LOOKUPS = frozenset({"getattr", "hasattr"})


def looks_up_by_string(node: ast.ClassDef, name: str) -> bool:
    """``node``'s body looks ``name`` up on the instance (or its class) by a string literal."""
    return any(_self_lookup(sub, name) for sub in ast.walk(node))


def _self_lookup(node: ast.AST, name: str) -> bool:
    """``getattr(self, "name", ...)`` / ``hasattr(cls, "name")`` / ``getattr(type(self), "name")``."""
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name) or node.func.id not in _LOOKUPS:
        return False
    if len(node.args) < 2 or not _is_instance(node.args[0]):
        return False
    key = node.args[1]
    return isinstance(key, ast.Constant) and key.value == name


def _is_instance(node: ast.expr) -> bool:
    """``self``, ``cls`` or ``type(self)``: the object whose class is the fork's subclass."""
    if isinstance(node, ast.Name):
        return node.id in ("self", "cls")
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "type"
        and len(node.args) == 1
        and _is_instance(node.args[0])
    )
