"""Absent keys: upstream now calls a hook from a place that never called it, and the fork's override looks its
argument up in a table of the fork's own without a guard (symbol drift, a warning).

#31326 (12dab78f49): ``LRUCacheWorkerLoRAManager.add_adapter`` now calls ``self._adapter_manager.remove_adapter(
lora.id)`` right after loading every adapter, loaded before or not (an in-place reload's clean-up).  A fork model
manager whose ``remove_adapter`` override frees its own per-adapter state with ``del self._scales[adapter_id]``
raises KeyError on every fresh adapter; one whose ``deactivate_adapter`` reads ``self._slot_of[adapter_id]``
does too, since the base's ``remove_adapter`` hands the key on to it.

Upstream's side: a call of the hook (or of a method of the hook's class whose body calls ``self.hook(...)``)
starting on a line upstream added, in a function whose merge-base version never called it, off a receiver that
may hold the fork's class (``self``, a ``self.`` attribute or a local typed as the class or a base).  The fork's
side: an override whose body looks its first parameter up in a ``self.`` table with ``del t[k]``, ``t[k]`` or
``t.pop(k)`` as a statement of its own body, with no ``try`` in the function and no earlier ``if`` testing the
key.  A warning: the new call may hand only keys the table holds; ``.pop(k, None)``, ``.get(k)``, ``if k in t``
are quiet.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

_Def = ast.FunctionDef | ast.AsyncFunctionDef


def unguarded_lookups(func: _Def) -> list[ast.expr]:
    """The top-level lookups of the function's first parameter (after ``self``) in a ``self.`` table that raise
    on an absent key (see the module's docstring); empty when a ``try`` or an earlier test of the key guards it."""
    params = [a.arg for a in (*func.args.posonlyargs, *func.args.args)]
    if len(params) < 2 or any(isinstance(n, ast.Try) for n in ast.walk(func)):
        return []
    key = params[1]
    found: list[ast.expr] = []
    for stmt in func.body:
        if isinstance(stmt, ast.If | ast.While | ast.Assert) and _names(stmt.test, key):
            break  # a test of the key before the lookup: guarded from here on
        found += [n for n in _statement_lookups(stmt) if _on_key(n, key)]
    return found


def _statement_lookups(stmt: ast.stmt) -> Iterator[ast.expr]:
    """The subscripts and ``.pop(...)`` calls a simple statement makes (not those in a nested block)."""
    if isinstance(stmt, ast.Delete):
        yield from stmt.targets
    values = [stmt.value] if isinstance(stmt, ast.Assign | ast.AnnAssign | ast.Expr | ast.Return) else []
    for value in values:
        for node in ast.walk(value) if value is not None else ():
            if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load):
                yield node
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "pop":
                yield node


def _on_key(node: ast.expr, key: str) -> bool:
    """``self.t[key]`` or ``self.t.pop(key)`` (one argument: no default)."""
    if isinstance(node, ast.Subscript):
        table, index = node.value, node.slice
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and len(node.args) == 1:
        table, index = node.func.value, node.args[0]
        if node.keywords:
            return False
    else:
        return False
    owned = isinstance(table, ast.Attribute) and isinstance(table.value, ast.Name) and table.value.id == "self"
    return owned and isinstance(index, ast.Name) and index.id == key


def _names(expr: ast.expr, key: str) -> bool:
    return any(isinstance(n, ast.Name) and n.id == key for n in ast.walk(expr))


def self_callers(cls: ast.ClassDef, name: str) -> list[str]:
    """The methods of the class whose body calls ``self.name(...)``: a new call of one of them reaches the hook."""
    return [
        m.name
        for m in cls.body
        if isinstance(m, ast.FunctionDef | ast.AsyncFunctionDef)
        and m.name != name
        and any(
            isinstance(n, ast.Call)
            and isinstance(n.func, ast.Attribute)
            and n.func.attr == name
            and isinstance(n.func.value, ast.Name)
            and n.func.value.id == "self"
            for n in ast.walk(m)
        )
    ]
