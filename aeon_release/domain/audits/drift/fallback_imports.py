"""An old import path kept only as the fallback of a new one: ``try: from new import f`` / ``except
ImportError: from old import f``.

Fork code written to run on both sides of a module move imports the name from its new home first and
falls back to the old one.  When upstream moves the module, the old path is gone from the merged tree,
but the handler that names it runs only when the ``try`` body raised ``ImportError``, and that body
imports names the merged tree has: the fallback never runs, so the gone path on its line breaks nothing.
A handler import that binds a name the ``try`` body does not (``except ImportError: from old import f,
g``) still leaves ``g`` unbound after a good ``try``, and a ``try`` body that does more than import (a
call, an assignment) may raise ``ImportError`` for other reasons: neither is read as a fallback.
Whether the ``try`` body's imports all resolve on the merged tree is the caller's to say
(``fallback_lines`` hands them back).
"""

from __future__ import annotations

import ast

_IMPORTS = ast.Import | ast.ImportFrom
_IMPORT_ERRORS = frozenset({"ImportError", "ModuleNotFoundError", "Exception", "BaseException"})


def bound_names(stmt: ast.Import | ast.ImportFrom) -> set[str]:
    """The names an import statement binds in its scope (``import a.b`` binds ``a``; a star import ``*``,
    whatever its module defines: a star fallback stands in only for a star import)."""
    return {alias.asname or alias.name.split(".")[0] for alias in stmt.names}


def fallback_lines(stmt: ast.stmt) -> tuple[list[ast.Import | ast.ImportFrom], set[int]]:
    """For a ``try`` whose body only imports and whose handler catching ``ImportError`` (a parent of it,
    or a bare ``except``) only rebinds the names that body binds, the body's imports and the lines of
    the handler's imports (every line of a parenthesised one); else nothing."""
    if not isinstance(stmt, ast.Try) or stmt.finalbody:
        return [], set()
    tried = [s for s in stmt.body if not _docstring(s)]
    if not tried or not all(isinstance(s, _IMPORTS) for s in tried):
        return [], set()
    imports: list[ast.Import | ast.ImportFrom] = [s for s in tried if isinstance(s, _IMPORTS)]
    names = set().union(*(bound_names(s) for s in imports))
    lines: set[int] = set()
    for handler in stmt.handlers:
        if handler.type is not None and not _caught(handler.type) & _IMPORT_ERRORS:
            continue
        kept = [s for s in handler.body if isinstance(s, _IMPORTS) and bound_names(s) <= names]
        lines |= {n for s in kept for n in range(s.lineno, (s.end_lineno or s.lineno) + 1)}
    return (imports, lines) if lines else ([], set())


def _caught(expr: ast.expr) -> set[str]:
    """The class names a handler catches (``except (ImportError, AttributeError):`` names two)."""
    classes = expr.elts if isinstance(expr, ast.Tuple) else [expr]
    return {ast.unparse(c).rsplit(".", 1)[-1] for c in classes}


def _docstring(stmt: ast.stmt) -> bool:
    """A string or ``pass`` in the ``try`` body: nothing there raises."""
    return (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)) or isinstance(stmt, ast.Pass)
