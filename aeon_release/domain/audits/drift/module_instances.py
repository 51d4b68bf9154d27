"""Module instances: a field upstream made Optional, read off the instance an upstream module builds once.

#31584 gave ``ModelRunnerOutput``'s fields defaults, ``pooler_output: list[...] | None = None``, and rebuilt
``EMPTY_MODEL_RUNNER_OUTPUT = ModelRunnerOutput(req_ids=[], req_id_to_index={})`` on them: its
``pooler_output`` was ``[]`` and is None now.  A fork line ``len(EMPTY_MODEL_RUNNER_OUTPUT.pooler_output)``
merges cleanly and raises TypeError.  The optional-field check types a receiver by a parameter's
annotation or a local's constructor call; this one types a name the fork file imports from an upstream
module that binds it once, at module level, to a call of the class -- and only when that call leaves the
field to its default (names no keyword of it, passes no positional argument, spreads no ``**``): a
constant built with the field set holds what it was given, not None.

Either side may change what the name holds after that call, and then the call says nothing: the fork file
binding the name anywhere besides its import (a module-level shim ``EMPTY = replace(EMPTY, ...)``, a
``global`` rebinding, any scope's parameter, a comprehension, lambda, ``for``/``with``/``except`` target),
or the upstream module setting an attribute of it (``EMPTY.pooler_output = []``, ``setattr(EMPTY, ...)``).
"""

from __future__ import annotations

import ast

from aeon_release.domain.audits.drift.own_fields import ForkTypes, assigned
from aeon_release.domain.audits.drift.pyindex import dotted_name, import_base
from aeon_release.domain.audits.drift.retyped import Recontained
from aeon_release.domain.audits.source import last_name

# statements and handlers that bind their ``name`` (``def EMPTY``, ``except E as EMPTY``)
_NAMED = (ast.ExceptHandler, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def held_instance(
    read: ast.expr,
    func: ast.FunctionDef | ast.AsyncFunctionDef | None,
    fork: ForkTypes,
    found: dict[str, list[Recontained]],
) -> Recontained | None:
    """The loosened field ``NAME.field`` reads, ``NAME`` an upstream module's instance built on the
    field's default (see the module's docstring), when the function does not bind ``NAME`` itself."""
    if not isinstance(read, ast.Attribute) or not isinstance(read.value, ast.Name) or read.attr not in found:
        return None
    name = read.value.id
    if func is not None and (name in assigned(func) or name in _parameters(func)):
        return None
    if _rebinds(fork.module, name):
        return None
    built = instance_of(fork, name)
    if built is None or built.args or any(kw.arg in (None, read.attr) for kw in built.keywords):
        return None
    owner = last_name(built.func)
    return next(
        (
            h
            for h in found[read.attr]
            if h.owner == owner and not h.returned and not fork.holds(h.owner, h.name, {owner}, h.path)
        ),
        None,
    )


def instance_of(fork: ForkTypes, name: str) -> ast.Call | None:
    """The call ``name`` is bound to once at module level in the upstream module the fork file imports
    it from (``from m import NAME``), as the merged tree has it."""
    dotted = dotted_name(fork.path)
    for stmt in fork.module.body:
        if not isinstance(stmt, ast.ImportFrom):
            continue
        for alias in stmt.names:
            if (alias.asname or alias.name) != name:
                continue
            stem = import_base(stmt, dotted, fork.path).replace(".", "/")
            for path in (f"{stem}.py", f"{stem}/__init__.py"):
                module = fork.trees.merged_module(path)
                if module is not None:
                    return _bound_once(module, alias.name)
    return None


def _bound_once(module: ast.Module, name: str) -> ast.Call | None:
    values = [
        stmt.value
        for stmt in module.body
        if isinstance(stmt, ast.Assign | ast.AnnAssign)
        and any(isinstance(t, ast.Name) and t.id == name for t in _targets(stmt))
    ]
    if len(values) != 1 or not isinstance(values[0], ast.Call) or _fills(module, name):
        return None
    return values[0]


def _fills(module: ast.Module, name: str) -> bool:
    """``name.attr = ...`` (or ``+=``, ``setattr(name, ...)``) anywhere in ``module``: set after the call."""
    for node in ast.walk(module):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store | ast.Del) and _is(node.value, name):
            return True
        if isinstance(node, ast.Call) and last_name(node.func) == "setattr" and node.args and _is(node.args[0], name):
            return True
    return False


def _rebinds(module: ast.Module, name: str) -> bool:
    """The fork file binds ``name`` somewhere besides importing it: assigned, ``global``, a parameter of any
    function or lambda, a loop, comprehension, ``with`` or ``except`` target, a def or class of that name."""
    for node in ast.walk(module):
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store | ast.Del):
            return True
        if isinstance(node, ast.arg) and node.arg == name:
            return True
        if isinstance(node, ast.Global | ast.Nonlocal) and name in node.names:
            return True
        if isinstance(node, _NAMED) and node.name == name:
            return True
    return False


def _is(expr: ast.expr, name: str) -> bool:
    return isinstance(expr, ast.Name) and expr.id == name


def _targets(stmt: ast.Assign | ast.AnnAssign) -> list[ast.expr]:
    return list(stmt.targets) if isinstance(stmt, ast.Assign) else [stmt.target]


def _parameters(func: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    args = func.args
    every = [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]
    return {a.arg for a in every if a is not None}
