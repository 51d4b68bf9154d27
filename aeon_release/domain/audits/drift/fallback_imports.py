"""An old import path kept only as the fallback of a new one: ``try: from new import f`` / ``except
ImportError: from old import f``.

Fork code written to run on both sides of a module move imports the name from its new home first and
falls back to the old one.  When upstream moves the module, the old path is gone from the merged tree,
but the handler that names it runs only when the ``try`` body raised ``ImportError``, and that body
imports names the merged tree has: the fallback never runs, so the gone path on its line breaks nothing.
A handler import that binds a name the ``try`` body does not (``except ImportError: from old import f,
g``) still leaves ``g`` unbound after a good ``try``, and a ``try`` body that does more than import (a
call) may raise ``ImportError`` for other reasons: neither is read as a fallback.
Whether the ``try`` body's imports all resolve on the merged tree is the caller's to say
(``fallback_lines`` hands them back).

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

_IMPORTS = ast.Import | ast.ImportFrom
_IMPORT_ERRORS = frozenset({"ImportError", "ModuleNotFoundError", "Exception", "BaseException"})


def bound_names(stmt: ast.Import | ast.ImportFrom) -> set[str]:
    """The names an import statement binds in its scope (``import a.b`` binds ``a``; a star import ``*``,
    whatever its module defines: a star fallback stands in only for a star import)."""
    return {alias.asname or alias.name.split(".")[0] for alias in stmt.names}


def fallback_lines(stmt: ast.stmt, scope: ast.AST | None = None) -> tuple[list[ast.Import | ast.ImportFrom], set[int]]:
    """For a ``try`` whose body only imports (or binds a constant) and whose handler catching ``ImportError``
    (a parent of it, or a bare ``except``) binds only the names that body binds, or names of its own, the
    body's imports and the lines of the handler's statements that do (every line of a parenthesised one);
    else nothing.  ``scope`` is the function (or module) the ``try`` sits in: where a handler's own name
    would be read."""
    if not isinstance(stmt, ast.Try) or stmt.finalbody:
        return [], set()
    tried = [s for s in stmt.body if not _docstring(s)]
    if not tried or not all(isinstance(s, _IMPORTS) or _constant_binding(s) for s in tried):
        return [], set()
    imports: list[ast.Import | ast.ImportFrom] = [s for s in tried if isinstance(s, _IMPORTS)]
    if not imports:
        return [], set()
    names = set().union(*(_binds(s) for s in tried))
    lines: set[int] = set()
    for handler in stmt.handlers:
        if handler.type is not None and not _caught(handler.type) & _IMPORT_ERRORS:
            continue
        own = _own_names(handler, names, scope)
        kept = [s for s in handler.body if _binds(s) <= names | own]
        lines |= {n for s in kept for n in range(s.lineno, (s.end_lineno or s.lineno) + 1)}
    return (imports, lines) if lines else ([], set())


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


def _caught(expr: ast.expr) -> set[str]:
    """The class names a handler catches (``except (ImportError, AttributeError):`` names two)."""
    classes = expr.elts if isinstance(expr, ast.Tuple) else [expr]
    return {ast.unparse(c).rsplit(".", 1)[-1] for c in classes}


def _docstring(stmt: ast.stmt) -> bool:
    """A string or ``pass`` in the ``try`` body: nothing there raises."""
    return (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)) or isinstance(stmt, ast.Pass)
