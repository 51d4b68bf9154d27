"""Module instances: a field upstream made Optional, read off the instance an upstream module builds once.

#31584 gave ``ModelRunnerOutput``'s fields defaults, ``pooler_output: list[...] | None = None``, and rebuilt
``EMPTY_MODEL_RUNNER_OUTPUT = ModelRunnerOutput(req_ids=[], req_id_to_index={})`` on them: its
``pooler_output`` was ``[]`` and is None now.  A fork line ``len(EMPTY_MODEL_RUNNER_OUTPUT.pooler_output)``
merges cleanly and raises TypeError.  The optional-field check types a receiver by a parameter's
annotation or a local's constructor call; this one types a name the fork file imports from an upstream
module that binds it once, at module level, to a call of the class -- and only when that call leaves the
field to its default (names no keyword of it, passes no positional argument, spreads no ``**``): a
constant built with the field set holds what it was given, not None.
"""

from __future__ import annotations

import ast

from aeon_release.domain.audits.drift.own_fields import ForkTypes, assigned
from aeon_release.domain.audits.drift.pyindex import dotted_name, import_base
from aeon_release.domain.audits.drift.retyped import Recontained
from aeon_release.domain.audits.source import last_name


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
    return values[0] if len(values) == 1 and isinstance(values[0], ast.Call) else None


def _targets(stmt: ast.Assign | ast.AnnAssign) -> list[ast.expr]:
    return list(stmt.targets) if isinstance(stmt, ast.Assign) else [stmt.target]


def _parameters(func: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    args = func.args
    every = [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]
    return {a.arg for a in every if a is not None}
