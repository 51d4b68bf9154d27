"""An override of a hook upstream renamed, that a base's code still looks up on ``self`` by its old name.

#13964 renamed ``BaseMultiModalProcessor._get_prompt_replacements`` to ``_get_prompt_updates`` and kept a
shim in the base's constructor: ``if get_repls := getattr(self, "_get_prompt_replacements", None): ...
self._get_prompt_updates = get_repls``.  A fork subclass overriding the old name is still reached, through the
string, though the base no longer defines it: an error saying nothing calls the override any more is false.
The override still leans on a shim upstream means to drop, so it stays a warning.

Only a ``getattr``/``hasattr`` of ``self``, ``cls`` or ``type(self)`` with the name as a string literal, in
a method of a class along the fork class's bases in the merged tree, that the fork class still runs: no class
before it in the fork class's order (the fork class included) defines that method without calling
``super().<method>(...)``.  #27583 renamed ``get_multimodal_embeddings`` to ``embed_multimodal`` with a
``hasattr(self, "get_multimodal_embeddings")`` shim in ``SupportsMultiModal.embed_multimodal``, but every model
of the tree defines its own ``embed_multimodal``: a fork subclass of one overriding the old name is never
reached (review113), and stays an error.  Pure: syntax trees in, answers out.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence

from aeon_release.domain.audits.drift.deferred_inits import method_named
from aeon_release.domain.audits.drift.repeated_hooks import super_calls

_LOOKUPS = frozenset({"getattr", "hasattr"})


def shim_reached(order: Sequence[ast.ClassDef], index: int, name: str) -> bool:
    """``order[index]`` (a class along ``order``, the fork class's order, itself first) has a method that looks
    ``name`` up on the instance by a string literal, and no class before it in ``order`` overrides that method
    without handing on to ``super()`` (the shim still runs for the fork class's instances)."""
    return any(all(_passes_on(c, host) for c in order[:index]) for host in _lookup_hosts(order[index], name))


def _lookup_hosts(node: ast.ClassDef, name: str) -> list[str]:
    """The methods of ``node`` whose body looks ``name`` up on the instance (or its class) by a string literal."""
    return [
        m.name
        for m in node.body
        if isinstance(m, ast.FunctionDef | ast.AsyncFunctionDef) and any(_self_lookup(s, name) for s in ast.walk(m))
    ]


def _passes_on(node: ast.ClassDef, method: str) -> bool:
    """``node`` defines no ``method``, or its own calls ``super().method(...)``."""
    own = method_named(node, method)
    return own is None or method in super_calls(own)


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
