"""A hook upstream added to a base raising ``NotImplementedError``, filled in its own subclasses, and now called.

#51633 replaced a gate in ``bind_kv_cache`` (``is_cuda_alike() or is_xpu() or is_cpu()``: let through, else
raise) with ``current_platform.check_runner_kv_caches_multi_layer()``, a classmethod ``Platform`` gained raising
``NotImplementedError`` and each of upstream's platforms defined as ``pass``.  A fork's own platform deriving
from ``Platform`` answered the old gate (its ``_enum``) and merges cleanly; now it inherits the raise where
upstream calls the hook.  A base's new method that only raises is mostly an optional hook that only some
callers use (symbol drift leaves those alone); it is a required one when upstream itself filled it in three or
more of its own subclasses in the same change (``symbols.py``'s ``_opted_in`` counts them, as for a capability
added refusing) and calls it on a line it added, outside its tests, where no ``try`` around the call catches
what it raises.

Pure helpers over the hook's def and upstream's calling files; finding both is symbol drift's.
"""

from __future__ import annotations

import ast

from aeon_release.domain.audits.drift.fallbacks import caught_around
from aeon_release.domain.audits.source import parent_map

__all__ = ["raises_only", "uncaught_call"]

# what a handler names that catches NotImplementedError (a bare ``except`` does too)
_CATCHING = frozenset({"NotImplementedError", "RuntimeError", "Exception", "BaseException"})


def raises_only(stmt: ast.stmt) -> bool:
    """A method whose body (past a docstring) is one ``raise NotImplementedError`` (a class or a call of it)."""
    if not isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
        return False
    body = stmt.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    if len(body) != 1 or not isinstance(body[0], ast.Raise) or body[0].exc is None:
        return False
    exc = body[0].exc.func if isinstance(body[0].exc, ast.Call) else body[0].exc
    return isinstance(exc, ast.Name) and exc.id == "NotImplementedError"


def uncaught_call(tree: ast.Module, lines: list[str], name: str, added: frozenset[str]) -> int | None:
    """The first line where ``tree`` calls ``x.name(...)`` (not through ``super()``: an override handing on)
    on a line its side added (``added``: stripped lines), outside a ``try`` catching what the hook raises."""
    parents: dict[int, ast.AST] | None = None
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not _called(node, name) or lines[node.lineno - 1].strip() not in added:
            continue
        parents = parents if parents is not None else parent_map(tree)
        if not caught_around(node, _CATCHING, parents):
            return node.lineno
    return None


def _called(node: ast.Call, name: str) -> bool:
    if not isinstance(node.func, ast.Attribute) or node.func.attr != name:
        return False
    receiver = node.func.value
    return not (isinstance(receiver, ast.Call) and isinstance(receiver.func, ast.Name) and receiver.func.id == "super")
