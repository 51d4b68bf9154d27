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

from aeon_release.domain.audits.drift.fallbacks import caught_around, version_gated
from aeon_release.domain.audits.drift.pyindex import DefSym, Sym
from aeon_release.domain.audits.source import parent_map

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


# the fork's code already copes with the name being a function: it asks what kind the name is (a function
# answers False where a class answered True), or catches the TypeError
_KIND_TESTS = frozenset({"isinstance", "isclass", "hasattr", "issubclass"})
_CATCH = frozenset({"TypeError", "Exception", "BaseException"})


def spared(tree: ast.Module, expr: ast.expr) -> str | None:
    """ "quiet" when the fork's code copes with the name being a function (a TypeError caught, the name's
    kind asked, a lambda's own parameter, the name bound more than once or set by the fork), "warn" under a
    star import or a version test, None for an error."""
    parents = parent_map(tree)
    shown = ast.unparse(expr)
    if caught_around(expr, _CATCH, parents) or _kind_asked(expr, shown, parents, tree):
        return "quiet"
    bound = fork_binding(tree, expr, shown)
    if bound is not None:
        return bound
    return "warn" if version_gated(expr, parents) else None


def _kind_asked(expr: ast.expr, shown: str, parents: dict[int, ast.AST], tree: ast.Module) -> bool:
    """A lambda around ``expr`` takes the name as its own parameter, or the function around it (the module
    outside any) calls ``isinstance``/``isclass``/``hasattr``/``issubclass`` on the name itself."""
    up: ast.AST | None = parents.get(id(expr))
    while up is not None and not isinstance(up, ast.FunctionDef | ast.AsyncFunctionDef):
        if isinstance(up, ast.Lambda) and shown in {a.arg for a in (*up.args.args, *up.args.kwonlyargs)}:
            return True
        up = parents.get(id(up))
    test = parents.get(id(expr))
    return any(
        isinstance(node, ast.Call)
        and node is not test
        and node.args
        and ast.unparse(node.args[0]) == shown
        and ast.unparse(node.func).rsplit(".", 1)[-1] in _KIND_TESTS
        for node in ast.walk(up if up is not None else tree)
    )


def fork_binding(tree: ast.Module, expr: ast.expr, shown: str) -> str | None:
    """ "quiet" when the fork binds the name more than once (``try``/``except ImportError``, ``if``/``else``)
    or assigns the module attribute itself, "warn" under a star import that may rebind it."""
    binds = 0
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and any(a.name == "*" for a in node.names):
            return "warn"
        if isinstance(node, ast.Import | ast.ImportFrom):
            binds += sum((a.asname or a.name.split(".")[0]) == shown for a in node.names)
        elif isinstance(node, ast.Assign | ast.AnnAssign) and isinstance(expr, ast.Attribute):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(ast.unparse(t) == shown for t in targets):
                return "quiet"
        elif isinstance(node, ast.ClassDef) and node.name == shown:
            binds += 1
    return "quiet" if binds > 1 else None
