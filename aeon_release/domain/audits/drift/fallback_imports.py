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
"""

from __future__ import annotations

import ast

_IMPORTS = ast.Import | ast.ImportFrom
_IMPORT_ERRORS = frozenset({"ImportError", "ModuleNotFoundError", "Exception", "BaseException"})
_FALLBACK_ERRORS = _IMPORT_ERRORS | {"AttributeError"}  # what a gone import or a gone attribute raises


def bound_names(stmt: ast.Import | ast.ImportFrom) -> set[str]:
    """The names an import statement binds in its scope (``import a.b`` binds ``a``; a star import ``*``,
    whatever its module defines: a star fallback stands in only for a star import)."""
    return {alias.asname or alias.name.split(".")[0] for alias in stmt.names}


def fallback_lines(stmt: ast.stmt, module: ast.Module) -> tuple[list[ast.stmt], set[int]]:
    """For a ``try`` whose body only imports or binds names to dotted reads (``X = mod.New``), that body's
    statements and the lines of what its handlers catching ``ImportError`` or ``AttributeError`` (a parent
    of either, or a bare ``except``) bind in its stead: each import there (every line of a parenthesised
    one) and each assignment of only the body's names (``New = Old``, ``X = mod.Old``), when each name they
    bind is one the body binds or one read in the handler and nowhere else in ``module``; else nothing."""
    if not isinstance(stmt, ast.Try) or stmt.finalbody:
        return [], set()
    tried = [s for s in stmt.body if not _docstring(s)]
    if not tried or not all(isinstance(s, _IMPORTS) or dotted_read(s) is not None for s in tried):
        return [], set()
    names: set[str] = set()
    for s in tried:
        names |= bound_names(s) if isinstance(s, _IMPORTS) else {t.id for t in getattr(s, "targets", ())}
    lines: set[int] = set()
    for handler in stmt.handlers:
        if handler.type is not None and not _caught(handler.type) & _FALLBACK_ERRORS:
            continue
        helpers = _helpers(handler, module) - names
        for s in handler.body:
            stands_in = (isinstance(s, _IMPORTS) and bound_names(s) <= names | helpers) or (
                isinstance(s, ast.Assign) and all(isinstance(t, ast.Name) and t.id in names for t in s.targets)
            )
            if stands_in:
                lines |= set(range(s.lineno, (s.end_lineno or s.lineno) + 1))
    return (tried, lines) if lines else ([], set())


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


def _caught(expr: ast.expr) -> set[str]:
    """The class names a handler catches (``except (ImportError, AttributeError):`` names two)."""
    classes = expr.elts if isinstance(expr, ast.Tuple) else [expr]
    return {ast.unparse(c).rsplit(".", 1)[-1] for c in classes}


def _docstring(stmt: ast.stmt) -> bool:
    """A string or ``pass`` in the ``try`` body: nothing there raises."""
    return (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)) or isinstance(stmt, ast.Pass)
