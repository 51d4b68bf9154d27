"""A class upstream turned into a function: fork code that derives from it, or tests against it, fails.

#41184 made ``FusedMoE`` (``fused_moe/layer.py``) a factory function that builds the class now named
``RoutedExperts``.  Every call ``FusedMoE(...)`` still builds the layer, and the import still resolves, so
nothing the fork wrote reads as gone; but a fork's ``class Mine(FusedMoE)`` raises TypeError when its
module is imported, and ``isinstance(layer, FusedMoE)`` raises TypeError where it runs.

A name was unclassed when, at the merge base, it resolved to a module's class statement of that very name,
and upstream's module now binds it once, by a def with no decorator: a decorator may hand back a class, an
assignment may alias one, and a name bound twice (``if``/``else``) holds whichever ran.  A call of it, or an
annotation, is left alone: the function answers both.

Pure: symbols in, a verdict out.
"""

from __future__ import annotations

import ast

from aeon_release.domain.audits.drift.pyindex import DefSym, Sym

_TESTS = frozenset({"isinstance", "issubclass"})


def unclassed(before: Sym, after: Sym, bound_once: frozenset[str]) -> bool:
    """``before`` was a top-level class and ``after`` is a plain top-level def of the same name."""
    if not isinstance(before, DefSym) or not isinstance(after, DefSym) or before.owner or after.owner:
        return False
    if not isinstance(before.node, ast.ClassDef) or before.node.name != before.name:
        return False
    now = after.node
    if not isinstance(now, (ast.FunctionDef, ast.AsyncFunctionDef)) or now.name != after.name:
        return False
    return not now.decorator_list and after.name in bound_once


def tested_classes(call: ast.Call, shadowed: frozenset[str] | set[str]) -> list[ast.expr]:
    """The class operands of an ``isinstance``/``issubclass`` call (a tuple's items each), when the name is
    the builtin (``shadowed`` holds the names the module binds)."""
    func = call.func
    if not isinstance(func, ast.Name) or func.id not in _TESTS or func.id in shadowed or len(call.args) != 2:
        return []
    second = call.args[1]
    items = second.elts if isinstance(second, ast.Tuple) else [second]
    return [item for item in items if isinstance(item, (ast.Name, ast.Attribute))]
