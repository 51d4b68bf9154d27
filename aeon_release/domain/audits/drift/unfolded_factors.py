"""Unfolded factors: upstream stopped multiplying a field by another field of its class; the fork divides it out.

#29487 (d698bb382d) took the decode-context-parallel world size out of the FlashInfer builder's head count:
``self.num_qo_heads = heads * self.dcp_world_size`` became ``self.num_qo_heads = heads``.  A fork subclass that
took the rank-local count back out of the product (``self.num_qo_heads // self.dcp_world_size``) merges cleanly
and now divides a factor that is no longer in: a head count a world size too small, no error
(blind_replay_flashattn).  The mirror of ``drift/folded_factors.py`` (a fold upstream added, multiplied in again
by the fork), where a quotient is the fork reading the new meaning.

Upstream's side: a class of a changed file one of whose methods, at the base, assigned one ``self.`` field a
product holding another (``self.a = x * self.b``, ``self.a *= self.b``), where no method of the class does at
upstream although one still assigns the field (a field no longer assigned is symbol drift's).  The fork's side,
on a line it owns: a quotient (``//`` or ``/``) of ``x.a`` by ``x.b`` off one receiver typed as that class (an
annotation, a build, ``self`` in a subclass).  An error where the base's fold was unconditional; a warning where
it sat under a test (the fork's quotient may have run on the other path, where the field was left alone).
Quiet: a receiver the engine cannot type or the fork's own class of that name, a product (the fork multiplying
the factor in itself now reads right), a quotient by another field, a fold upstream only moved to another
method or statement of the class, and a field the fork's function stores itself.

Cheap first: only upstream files a run of whose removed lines multiplies by a ``self.`` field, and only fork
files a run of whose added lines names both fields.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.folded_factors import _factors, _runs, _self_field, _tests_above
from aeon_release.domain.audits.drift.own_fields import ForkTypes, enclosing, file_classes, set_in
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.retyped import typed_as
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions
from aeon_release.domain.audits.merge_rules import OFFSET_TWICE as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parent_map

__all__ = ["unfolded_factor_drift"]

# a removed line multiplying by a ``self.`` field: ``* self.b`` or ``self.b *``
_TIMES_FIELD = lazy_pattern(r"\*\s*self\.\w+|\bself\.\w+\s*\*[^*=]")
_MOST_FILES = 32
_QUOTIENTS = (ast.FloorDiv, ast.Div)


@dataclass(frozen=True)
class Unfold:
    """``owner.field`` (in ``path``) held ``owner.factor`` multiplied in at the base (under ``tests``), no more."""

    path: str
    owner: str
    field: str
    factor: str
    tests: tuple[str, ...]


def unfolded_factor_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork quotients of a field by a factor upstream no longer multiplies into that field."""
    paths = [p for p in sorted(trees.upstream) if p.endswith(".py") and _candidate(trees, p)][:_MOST_FILES]
    unfolds = [u for path, old, new in parsed_versions(trees, paths) for u in _unfolds(path, old, new)] if paths else []
    if not unfolds:
        return []
    naming = {
        line
        for change in (c for p, c in trees.mine.items() if p.endswith(".py"))
        for run in _runs(change.added)
        if any(f".{u.field}" in " ".join(run) and f".{u.factor}" in " ".join(run) for u in unfolds)
        for line in run
    }
    return [
        _finding(trees, path, node, unfold, pr_pattern)
        for path, module, owned in fork_modules(trees, naming.__contains__)
        for node, unfold in _quotients(trees, path, module, owned, unfolds)
    ]


def _candidate(trees: ThreeTrees, path: str) -> bool:
    """A removed line multiplies by a ``self.`` field (the fold upstream took out); brackets dropped: a gate only."""
    return any(
        "self." in t and _TIMES_FIELD.search(t.replace("(", " ").replace(")", " "))
        for t in trees.upstream[path].removed
    )


def _unfolds(path: str, old: ast.Module, new: ast.Module) -> Iterator[Unfold]:
    now = {(owner, field, factor) for owner, field, factor, _ in _folds(new)}
    assigned = {(owner, field) for owner, field in _assigned(new)}
    for owner, field, factor, tests in _folds(old):
        if (owner, field, factor) not in now and (owner, field) in assigned:
            yield Unfold(path, owner, field, factor, tests)


def _folds(module: ast.Module) -> Iterator[tuple[str, str, str, tuple[str, ...]]]:
    """(class, field, factor, tests) of each ``self.field = ... * self.factor ...`` or ``self.field *=
    self.factor`` in a method of a top-level class."""
    for cls, method, node in _method_statements(module):
        for field, factor in _folded_in(node):
            yield cls.name, field, factor, _tests_above(node, method, parent_map(method))


_Store = ast.Assign | ast.AugAssign | ast.AnnAssign


def _assigned(module: ast.Module) -> Iterator[tuple[str, str]]:
    """(class, field) of each ``self.field`` a method of a top-level class stores."""
    for cls, _, node in _method_statements(module):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        yield from ((cls.name, f) for t in targets if (f := _self_field(t)) is not None)


def _method_statements(
    module: ast.Module,
) -> Iterator[tuple[ast.ClassDef, ast.FunctionDef | ast.AsyncFunctionDef, _Store]]:
    """(class, method, store) of each assignment in a method of a top-level class."""
    for cls in file_classes(module.body):
        for method in (s for s in cls.body if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef)):
            yield from ((cls, method, n) for n in ast.walk(method) if isinstance(n, _Store))


def _folded_in(node: _Store) -> Iterator[tuple[str, str]]:
    """(field, factor) pairs the statement folds: ``self.f *= self.g``, or ``self.f = <a product holding
    self.g>`` (the factor another field than the one stored)."""
    if isinstance(node, ast.AugAssign):
        field, factor = _self_field(node.target), _self_field(node.value)
        if isinstance(node.op, ast.Mult) and field and factor and field != factor:
            yield field, factor
        return
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    field = _self_field(targets[0]) if len(targets) == 1 else None
    value = node.value
    if field is None or value is None or not (isinstance(value, ast.BinOp) and isinstance(value.op, ast.Mult)):
        return
    yield from ((field, f) for f in {_self_field(x) for x in _factors(value)} - {None, field} if f is not None)


def _quotients(
    trees: ThreeTrees, path: str, module: ast.Module, owned: set[int], unfolds: list[Unfold]
) -> Iterator[tuple[ast.BinOp, Unfold]]:
    """(the quotient, the unfold it misreads) of each fork-owned ``x.field // x.factor`` (or ``/``) off one
    receiver typed as the unfold's class."""
    parents = parent_map(module)
    fork = ForkTypes.of(trees, path, module)
    for node in ast.walk(module):
        if not (isinstance(node, ast.BinOp) and isinstance(node.op, _QUOTIENTS)) or node.lineno not in owned:
            continue
        left, right = node.left, node.right
        if not (isinstance(left, ast.Attribute) and isinstance(right, ast.Attribute)):
            continue
        if not (isinstance(left.value, ast.Name) and ast.dump(left.value) == ast.dump(right.value)):
            continue
        func = enclosing(node, parents)
        for unfold in (u for u in unfolds if (u.field, u.factor) == (left.attr, right.attr)):
            typed = typed_as(left.value, func, parents, fork.classes)
            if unfold.owner in typed and not fork.holds(unfold.owner, unfold.field, typed, unfold.path):
                if not set_in(left, func):
                    yield node, unfold


def _finding(trees: ThreeTrees, path: str, node: ast.BinOp, unfold: Unfold, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(unfold.path, rf"self\.{unfold.factor}", pr_pattern)
    where = f" when {' and '.join(unfold.tests)}" if unfold.tests else ""
    said = (
        f"fork-owned line divides {unfold.field} by {unfold.factor} ({ast.unparse(node)}), but upstream's "
        f"{unfold.owner} no longer multiplies {unfold.factor} into {unfold.field}{where} ({unfold.path}{commit})"
    )
    if not unfold.tests:
        return Finding(
            RULE,
            "merge",
            Severity.ERROR,
            path,
            node.lineno,
            f"{said}: the quotient divides out a factor that is not in; read {unfold.field} alone",
        )
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        node.lineno,
        f"{said}: where that held the factor is now divided out though it is not in; check which path this line took",
    )
