"""A callable the fork hands to a builtin that calls it, read as the call the builtin makes.

#38442 gave ``materialize_layer(layer)`` a required ``info``.  A fork's ``list(map(materialize_layer,
layers))`` never writes the call: ``map`` makes it, with one positional argument per iterable, and it now
raises TypeError on the first layer.  The builtins whose calls are fixed by the spelling are read so:
``map(f, a, b)`` calls ``f`` with as many positional arguments as it walks iterables, ``filter(f, xs)`` and a
``key=f`` of ``sorted``/``min``/``max`` with one, and ``functools.reduce(f, xs)`` with two.  The call is then
checked as if the fork had written it (symbol drift's call check: a required parameter not passed, a
positional argument that fills another parameter now).

Only a callable spelt as a name or a dotted name (a lambda is the fork's own; a ``functools.partial`` binds
arguments this does not count), only with no ``*iterables`` (their number is not known), and only where the
builtin is the builtin (the module or an enclosing function does not bind the name).
"""

from __future__ import annotations

import ast
from collections.abc import Container

# the placeholder each made call passes: no module binds it, so nothing is read off it
_ELEMENT = "_mapped_element"
_KEYED = frozenset({"sorted", "min", "max"})
_BUILTINS = _KEYED | {"map", "filter"}


def made_call(call: ast.Call, *shadowing: Container[str]) -> ast.Call | None:
    """The call a builtin ``call`` makes of the callable it was handed, or None when it makes none this reads;
    ``shadowing`` holds the names the enclosing scopes bind (the module's, the functions')."""
    name = _builtin(call.func, shadowing)
    if name is None or any(isinstance(a, ast.Starred) for a in call.args):
        return None
    if any(k.arg is None for k in call.keywords):
        return None
    handed, count = _handed(name, call)
    if handed is None or not _plain(handed):
        return None
    args: list[ast.expr] = [ast.Name(id=_ELEMENT, ctx=ast.Load()) for _ in range(count)]
    return ast.copy_location(ast.Call(func=handed, args=args, keywords=[]), call)


def _builtin(func: ast.expr, shadowing: tuple[Container[str], ...]) -> str | None:
    """``map``/``filter``/``sorted``/``min``/``max`` not rebound, or ``functools.reduce``."""
    if isinstance(func, ast.Name) and func.id in _BUILTINS and not any(func.id in names for names in shadowing):
        return func.id
    if (
        isinstance(func, ast.Attribute)
        and func.attr == "reduce"
        and isinstance(func.value, ast.Name)
        and func.value.id == "functools"
    ):
        return "reduce"
    return None


def _handed(name: str, call: ast.Call) -> tuple[ast.expr | None, int]:
    """The callable handed and how many positional arguments each call of it gets."""
    if name == "map" and len(call.args) >= 2 and not call.keywords:
        return call.args[0], len(call.args) - 1
    if name == "filter" and len(call.args) == 2 and not call.keywords:
        return call.args[0], 1
    if name == "reduce" and len(call.args) in (2, 3) and not call.keywords:
        return call.args[0], 2
    if name in _KEYED:
        keys = [k.value for k in call.keywords if k.arg == "key"]
        return (keys[0], 1) if keys else (None, 0)
    return None, 0


def _plain(handed: ast.expr) -> bool:
    """A name or a dotted name (``f``, ``mod.f``, ``self.f``)."""
    while isinstance(handed, ast.Attribute):
        handed = handed.value
    return isinstance(handed, ast.Name) and handed.id != "None"
