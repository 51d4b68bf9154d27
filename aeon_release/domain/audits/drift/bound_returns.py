"""Bound returns: a fork function's names bound to the value an upstream def returns (at one position of the tuple
it returns, or whole), through a call that reaches that def; and the defs of upstream's changed files around the
lines a check's gate kept.

Ranked returns (an axis added to a returned tensor) and shifted joins (a returned join now starting elsewhere)
read a def's returns the same way, column by column, and a fork caller the same way: ``o, s = f(...)``,
``o = f(...)`` (the whole value), ``o = f(...)[k]``, ``f`` read through the file's imports, a module attribute,
or a class named as the receiver (``drift/callees.py``).  Forwarded keywords reach their defs the same way.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Protocol, TypeVar

from aeon_release.domain.audits.drift.callees import Callee, Scope, reaches, resolve, scope_of
from aeon_release.domain.audits.drift.returns import fork_modules, own_nodes, own_returns
from aeon_release.domain.audits.drift.sides import ThreeTrees, owner_class, parsed_versions
from aeon_release.domain.audits.source import method_defs

__all__ = [
    "Reachable",
    "Returned",
    "bound_once",
    "bound_returns",
    "changed_defs",
    "changed_modules",
    "naming_modules",
    "reached",
    "returned_columns",
    "stores",
    "taken",
]

_Def = ast.FunctionDef | ast.AsyncFunctionDef


class Reachable(Protocol):
    """An upstream def a fork call may reach: ``qualname`` (``Cls.m`` or ``f``) in ``path``."""

    @property
    def path(self) -> str: ...

    @property
    def qualname(self) -> str: ...

    @property
    def name(self) -> str: ...


@dataclass(frozen=True)
class Returned:
    """``qualname`` (in ``path``) returns a value that changed at ``position`` (None: the whole value)."""

    path: str
    qualname: str
    position: int | None

    @property
    def name(self) -> str:
        return self.qualname.rpartition(".")[2]


_R = TypeVar("_R", bound=Reachable)
_T = TypeVar("_T", bound=Returned)


def changed_defs(trees: ThreeTrees, lines: dict[str, set[int]]) -> Iterator[tuple[str, str, _Def, _Def]]:
    """(path, qualname, def at the base, def at upstream) for each def of both versions of each of ``lines``'
    files whose upstream span holds one of that file's lines (a file with none is not read)."""
    for path, _, defs in changed_modules(trees, lines):
        for qualname, old, func in defs:
            yield path, qualname, old, func


def changed_modules(
    trees: ThreeTrees, lines: dict[str, set[int]]
) -> Iterator[tuple[str, ast.Module, list[tuple[str, _Def, _Def]]]]:
    """(path, its upstream module, ``changed_defs``' (qualname, def at the base, def at upstream) there) for each
    of ``lines``' files that parses at both versions: for a check that reads the module around the defs too
    (narrowed dispatch's literal sets and other calls of the method)."""
    for path, old_module, new_module in parsed_versions(trees, sorted(path for path, found in lines.items() if found)):
        old = dict(method_defs(old_module.body))  # (an absent file: no def, at either commit)
        defs = []
        for qualname, func in method_defs(new_module.body):
            span = range(func.lineno, (func.end_lineno or func.lineno) + 1)
            if qualname in old and any(n in span for n in lines[path]):
                defs.append((qualname, old[qualname], func))
        yield path, new_module, defs


def naming_modules(trees: ThreeTrees, defs: list[_R]) -> Iterator[tuple[str, ast.Module, set[int]]]:
    """The merged fork files (parsed) with an added line naming one of ``defs``, and the lines the fork wrote."""
    names = {d.name for d in defs}
    return fork_modules(trees, lambda line: any(n in line for n in names)) if names else iter(())


def returned_columns(func: _Def) -> Iterator[tuple[int | None, list[ast.expr]]]:
    """(position, the values there) of every return of ``func``: each position of the tuples all its returns
    give, of one length; else (None, every value).  Nothing when one returns nothing, or some a tuple and some
    not, or tuples of two lengths."""
    values = list(own_returns(func))
    if not values or any(v is None for v in values):
        return
    tuples = [v for v in values if isinstance(v, ast.Tuple)]
    if not tuples:
        yield None, [v for v in values if v]
        return
    if len(tuples) != len(values) or len({len(t.elts) for t in tuples}) != 1:
        return
    for k in range(len(tuples[0].elts)):
        yield k, [t.elts[k] for t in tuples]


def bound_once(trees: ThreeTrees, module: ast.Module, defs: list[_T]) -> Iterator[tuple[list[ast.AST], str, _T]]:
    """(a function's own nodes, name, def) for each name a function of ``module`` binds once, and to the value
    a call of one of ``defs`` returns at that def's position (``bound_returns``)."""
    scope = scope_of(module)
    for _, func in method_defs(module.body):
        nodes = list(own_nodes(func.body))
        for name, hit in bound_returns(trees, func, nodes, scope, defs):
            if stores(nodes, name) == 1:
                yield nodes, name, hit


def bound_returns(
    trees: ThreeTrees, func: _Def, nodes: list[ast.AST], scope: Scope, defs: list[_T]
) -> Iterator[tuple[str, _T]]:
    """(name, def) for each assignment in ``nodes`` (``func``'s own) binding a name to the value a call of one of
    ``defs`` returns at that def's position: ``o, s = f(...)``, ``o = f(...)`` (the whole value), ``o = f(...)[k]``."""
    for node in nodes:
        if not isinstance(node, ast.Assign) or len(node.targets) != 1:
            continue
        value: ast.expr = node.value
        index: object = None
        if isinstance(value, ast.Subscript) and isinstance(value.slice, ast.Constant):
            index, value = value.slice.value, value.value
        if not isinstance(value, ast.Call):
            continue
        callee = resolve(value.func, scope, func)
        for hit in reached(trees, callee, defs) if callee is not None else ():
            name = taken(node.targets[0], hit.position, index)
            if name:
                yield name, hit


def reached(trees: ThreeTrees, callee: Callee, defs: Iterable[_R]) -> Iterator[_R]:
    """The defs a call reaches: off a class named as the receiver, that class's def; else a module function of
    the module the name is imported from."""
    for hit in defs:
        if hit.name != callee.name:
            continue
        if callee.receiver is not None and owner_class(hit.qualname) == callee.receiver:
            yield hit
        elif callee.receiver is None and "." not in hit.qualname and reaches(trees, callee, hit.path):
            yield hit


def taken(target: ast.expr, position: int | None, index: object) -> str:
    """The name ``target`` binds to the value at ``position`` ("" when it binds another)."""
    if index is not None:
        return target.id if isinstance(target, ast.Name) and index == position else ""
    if isinstance(target, ast.Tuple) and position is not None and position < len(target.elts):
        elt = target.elts[position]
        starred = any(isinstance(e, ast.Starred) for e in target.elts[: position + 1])
        return elt.id if isinstance(elt, ast.Name) and not starred else ""
    return target.id if isinstance(target, ast.Name) and position is None else ""


def stores(nodes: list[ast.AST], name: str) -> int:
    """How many times ``nodes`` store ``name``."""
    return sum(1 for n in nodes if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store))
