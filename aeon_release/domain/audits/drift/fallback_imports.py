"""An old import path or name kept only as the fallback of a new one: ``try: from new import f`` / ``except
ImportError: from old import f``, or ``try: from m import New`` / ``except ImportError: from m import Old``
then ``New = Old``; or its module-attribute spelling, ``try: X = mod.New`` / ``except AttributeError: X =
mod.Old``.

Fork code written to run on both sides of a module move or a rename imports the name from its new home
(or by its new name) first and falls back to the old one.  When upstream moves or renames it, the old path
is gone from the merged tree, but the handler that names it runs only when the ``try`` body raised
``ImportError``, and that body imports names the merged tree has: the fallback never runs, so the gone
path on its line breaks nothing.  What the handler binds that the ``try`` does not is unbound after a good
``try``: such a name counts (its import stays a finding) unless the handler itself reads it and nothing
else in the module does -- the old name fetched only to build the stand-in (``New = Old``); a name read
after the ``try``, or bound and never read (the module's API, imported by others), breaks where the
``try`` succeeds.  A ``try`` body that does more than import (a call, an assignment) may raise
``ImportError`` for other reasons: not read as a fallback.  Whether the ``try`` body's imports all resolve
on the merged tree is the caller's to say (``fallback_lines`` hands them back): an import the tree never
had (an optional package, a name no side defines) makes the handler run.

Since review62 the fork's other spellings of the same fallback count too: a ``try`` that also records which
home answered (``HAS_NEW = True``: binding a constant raises nothing), a handler that reaches the old home
by ``importlib.import_module("old")`` or through a helper name of its own (``from pkg import old as
_old`` then ``f = _old.f``; a local of the function, or a private module name, read nowhere outside the
handler), and any other statement of a handler that binds nothing the ``try`` does not: the handler never
runs, so no gone name on its lines breaks.  A public module name the handler alone binds is still the
module's export (another module may import it), so the fallback binding it still counts.
"""

from __future__ import annotations

import ast

from aeon_release.domain.audits.drift.fallbacks import IMPORT_ERRORS, handler_catches

_IMPORTS = ast.Import | ast.ImportFrom
_FALLBACK_ERRORS = IMPORT_ERRORS | {"AttributeError"}  # what a gone import or a gone attribute raises


def bound_names(stmt: ast.Import | ast.ImportFrom) -> set[str]:
    """The names an import statement binds in its scope (``import a.b`` binds ``a``; a star import ``*``,
    whatever its module defines: a star fallback stands in only for a star import)."""
    return {alias.asname or alias.name.split(".")[0] for alias in stmt.names}


def fallback_lines(stmt: ast.stmt, module: ast.Module, scope: ast.AST | None = None) -> tuple[list[ast.stmt], set[int]]:
    """For a ``try`` whose body only imports, binds names to dotted reads (``X = mod.New``) or binds constants
    (``HAS_NEW = True``), the body's imports and dotted reads, and the lines of what its handlers catching
    ``ImportError`` or ``AttributeError`` (a parent of either, or a bare ``except``) bind in its stead: each
    statement there binding only the body's names, names read in the handler and nowhere else in ``module``
    (``from m import Old`` then ``New = Old``), or names of the handler's own in ``scope`` (the function or
    module the ``try`` sits in: a function's local, or a private module name, read nowhere outside it); else
    nothing."""
    if not isinstance(stmt, ast.Try) or stmt.finalbody:
        return [], set()
    tried = [s for s in stmt.body if not _docstring(s)]
    if not tried or not all(
        isinstance(s, _IMPORTS) or dotted_read(s) is not None or _constant_binding(s) for s in tried
    ):
        return [], set()
    resolving: list[ast.stmt] = [s for s in tried if isinstance(s, _IMPORTS) or dotted_read(s) is not None]
    if not resolving:
        return [], set()
    names = set().union(*(_binds(s) for s in tried))
    lines: set[int] = set()
    for handler in stmt.handlers:
        if not handler_catches(handler.type, _FALLBACK_ERRORS):
            continue
        helpers = _helpers(handler, module) - names
        own = _own_names(handler, names, scope)
        for s in handler.body:
            if _binds(s) <= names | helpers | own:
                lines |= set(range(s.lineno, (s.end_lineno or s.lineno) + 1))
    return (resolving, lines) if lines else ([], set())


def dotted_read(stmt: ast.stmt) -> ast.Attribute | None:
    """The read of ``X = mod.New`` (one name bound to a dotted attribute of a name), else None: the one
    statement besides an import a fallback's ``try`` may hold, since it raises only where the name is gone."""
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)):
        return None
    value = stmt.value
    node: ast.expr = value
    while isinstance(node, ast.Attribute):
        node = node.value
    return value if isinstance(value, ast.Attribute) and isinstance(node, ast.Name) else None


def _helpers(handler: ast.ExceptHandler, module: ast.Module) -> set[str]:
    """The names read inside ``handler`` and nowhere else in ``module``: what the handler fetches only to
    build its stand-in (``from m import Old`` then ``New = Old``)."""
    inside = {id(n) for s in handler.body for n in ast.walk(s)}
    read = {n.id for s in handler.body for n in ast.walk(s) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    outside = {
        n.id
        for n in ast.walk(module)
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and id(n) not in inside and n.id in read
    }
    return read - outside


def _constant_binding(stmt: ast.stmt) -> bool:
    """``HAS_NEW = True`` (a name, ``f = g``, or a display, ``__all__ = ["f"]``): a binding in the ``try``
    that cannot raise ``ImportError``."""
    if isinstance(stmt, ast.Assign):
        targets, value = stmt.targets, stmt.value
    elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
        targets, value = [stmt.target], stmt.value
    else:
        return False
    return all(isinstance(t, ast.Name) for t in targets) and _literal(value)


def _literal(value: ast.expr) -> bool:
    """A constant, a name, or a display of them (``__all__ = ["f"]``): nothing in it imports."""
    if isinstance(value, ast.List | ast.Tuple | ast.Set):
        return all(_literal(v) for v in value.elts)
    return isinstance(value, ast.Constant | ast.Name)


def _binds(stmt: ast.stmt) -> set[str]:
    """The names a statement binds in its own scope (not in a function, class or comprehension it holds)."""
    if isinstance(stmt, _IMPORTS):
        return bound_names(stmt)
    if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return {stmt.name}
    names: set[str] = set()
    for node in _own_nodes(stmt):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            names.add(node.id)
        elif isinstance(node, _IMPORTS):
            names |= bound_names(node)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
    return names


def _own_nodes(node: ast.AST) -> list[ast.AST]:
    """``node`` and what it holds, short of the bodies of inner functions, lambdas and comprehensions."""
    found = [node]
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.Lambda | ast.comprehension | ast.ListComp | ast.SetComp | ast.DictComp):
            continue
        if isinstance(child, ast.GeneratorExp | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            found.append(child)  # its name is bound here; its body is another scope
            continue
        found.extend(_own_nodes(child))
    return found


def _own_names(handler: ast.ExceptHandler, names: set[str], scope: ast.AST | None) -> set[str]:
    """The names the handler alone binds that are its own: read nowhere in ``scope`` outside it, and a local
    of a function or a private module name (a public module name is an export another module may import)."""
    extra = set().union(*(_binds(s) for s in handler.body)) - names
    if not extra or scope is None:
        return set()
    if isinstance(scope, ast.Module):
        extra = {n for n in extra if n.startswith("_")}
    inside = {id(n) for n in ast.walk(handler)}
    read = {
        n.id for n in ast.walk(scope) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and id(n) not in inside
    }
    return extra - read


def _docstring(stmt: ast.stmt) -> bool:
    """A string or ``pass`` in the ``try`` body: nothing there raises."""
    return (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)) or isinstance(stmt, ast.Pass)
