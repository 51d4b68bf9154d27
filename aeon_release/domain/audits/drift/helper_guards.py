"""A guard written as a call of the fork's own one-line helper, read as the test the helper returns.

A fork that asks the same question of a model in several places names it once: ``def _has_experts(m): return
hasattr(m, "get_expert_mapping")`` and then ``if not _has_experts(model): return``.  The guard readers of
drift/fallbacks.py (``hasattr``, ``isinstance``, ``type(x) is K``, the presence spellings of drift/presence.py)
see a call of a name where they look for the test itself, so a correct guard read as none.  ``inlined`` reads
such a call through one level: a function of the same module, defined once at its top level, undecorated, whose
body is a single ``return`` (a docstring before it aside) of an expression over its parameters, with the call's
arguments put in place of the parameters.  A helper with any other statement (a side effect, a second test, a
loop), a helper the module binds twice, a call that does not fill each parameter, and a helper whose answer reads
none of its parameters are left as they are: what they answer for the argument cannot be read from one line.
"""

from __future__ import annotations

import ast
import copy

__all__ = ["inlined", "module_of"]

_Helper = tuple[list[str], dict[str, ast.expr], ast.expr]  # parameters, their defaults, the returned expression


def module_of(node: ast.AST, parents: dict[int, ast.AST]) -> ast.Module | None:
    """The module ``node`` sits in (the last of its parents), or None for a node the map does not reach."""
    at: ast.AST | None = node
    while at is not None and not isinstance(at, ast.Module):
        at = parents.get(id(at))
    return at


def inlined(test: ast.expr, module: ast.Module | None) -> ast.expr:
    """``test`` with each call of a one-return helper of ``module`` replaced by what the helper returns for the
    call's arguments; ``test`` itself (the same object) when it calls none."""
    if module is None:
        return test
    helpers = _helpers(module)
    if not helpers or not any(
        isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in helpers for n in ast.walk(test)
    ):
        return test
    replaced = _Inliner(helpers).visit(copy.deepcopy(test))
    return replaced if isinstance(replaced, ast.expr) else test


# module id -> (the module, its helpers): the guard readers ask of every enclosing test, the table is read once per
# module; the entry holds the module so its id names no other while it is kept
_TABLES: dict[int, tuple[ast.Module, dict[str, _Helper]]] = {}
_KEPT = 64


def _helpers(module: ast.Module) -> dict[str, _Helper]:
    kept = _TABLES.get(id(module))
    if kept is not None and kept[0] is module:
        return kept[1]
    if len(_TABLES) >= _KEPT:
        _TABLES.clear()  # one step, safe beside another reader: the tables are cheap to read again
    table = _read_helpers(module)
    _TABLES[id(module)] = (module, table)
    return table


def _read_helpers(module: ast.Module) -> dict[str, _Helper]:
    """The one-return helpers the module's top level defines (each bound there once)."""
    bound: dict[str, int] = {}
    defs: dict[str, ast.FunctionDef] = {}
    for stmt in module.body:
        for name in _top_names(stmt):
            bound[name] = bound.get(name, 0) + 1
        if isinstance(stmt, ast.FunctionDef):
            defs[stmt.name] = stmt
    found: dict[str, _Helper] = {}
    for name, func in defs.items():
        helper = _one_return(func) if bound.get(name) == 1 else None
        if helper is not None:
            found[name] = helper
    return found


def _top_names(stmt: ast.stmt) -> list[str]:
    """The names a top-level statement binds (a def, a class, an assignment, an import)."""
    if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return [stmt.name]
    if isinstance(stmt, ast.Import | ast.ImportFrom):
        return [(a.asname or a.name).split(".", 1)[0] for a in stmt.names]
    targets = (
        stmt.targets
        if isinstance(stmt, ast.Assign)
        else [stmt.target]
        if isinstance(stmt, ast.AnnAssign | ast.AugAssign)
        else []
    )
    return [n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)]


def _one_return(func: ast.FunctionDef) -> _Helper | None:
    """(parameters, defaults, returned expression) of a helper whose body is one ``return`` over its
    parameters; None for anything else."""
    args = func.args
    if func.decorator_list or args.vararg or args.kwarg or args.kwonlyargs:
        return None
    body = func.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]  # a docstring
    if len(body) != 1 or not isinstance(body[0], ast.Return) or body[0].value is None:
        return None
    params = [a.arg for a in args.posonlyargs + args.args]
    value = body[0].value
    if not params or any(_rebinds(value, p) for p in params):
        return None
    if not any(isinstance(n, ast.Name) and n.id in params for n in ast.walk(value)):
        return None  # an answer about something else than what it is handed
    defaults = dict(zip(params[len(params) - len(args.defaults) :], args.defaults, strict=True))
    return params, defaults, value


def _rebinds(value: ast.expr, param: str) -> bool:
    """``value`` binds ``param`` itself (a comprehension's target, a walrus, a lambda's argument): a read of the
    name there is not the parameter."""
    for node in ast.walk(value):
        if isinstance(node, ast.Name) and node.id == param and not isinstance(node.ctx, ast.Load):
            return True
        if isinstance(node, ast.Lambda) and param in {a.arg for a in ast.walk(node.args) if isinstance(a, ast.arg)}:
            return True
    return False


class _Inliner(ast.NodeTransformer):
    """Replaces each call of a helper whose arguments fill its parameters by the helper's answer for them."""

    def __init__(self, helpers: dict[str, _Helper]) -> None:
        self.helpers = helpers

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        helper = self.helpers.get(node.func.id) if isinstance(node.func, ast.Name) else None
        filled = _filled(node, helper) if helper is not None else None
        if helper is None or filled is None:
            return node
        answer: ast.AST = _Substituted(filled).visit(copy.deepcopy(helper[2]))
        return answer


def _filled(call: ast.Call, helper: _Helper) -> dict[str, ast.expr] | None:
    """parameter -> the argument the call hands it (or its default); None when a ``*``/``**`` argument, an
    extra argument or an unfilled parameter leaves one unknown."""
    params, defaults, _ = helper
    if len(call.args) > len(params) or any(isinstance(a, ast.Starred) for a in call.args):
        return None
    filled = dict(zip(params, call.args, strict=False))
    for keyword in call.keywords:
        if keyword.arg is None or keyword.arg not in params or keyword.arg in filled:
            return None
        filled[keyword.arg] = keyword.value
    for param in params:
        if param not in filled and param not in defaults:
            return None
        filled.setdefault(param, defaults.get(param, ast.Constant(None)))
    return filled


class _Substituted(ast.NodeTransformer):
    """Puts each argument in place of its parameter's reads."""

    def __init__(self, filled: dict[str, ast.expr]) -> None:
        self.filled = filled

    def visit_Name(self, node: ast.Name) -> ast.AST:
        value = self.filled.get(node.id)
        return copy.deepcopy(value) if value is not None and isinstance(node.ctx, ast.Load) else node
