"""Constant stores: a field upstream passed a value through into now holds a fixed string on a path; the fork tests
it for another.

#39002 (e816a8811f) made the FlashInfer builder store ``self.cache_dtype = "auto"`` for an unquantized cache where
it had stored ``self.cache_config.cache_dtype`` on every path.  A fork subclass's ``self.cache_dtype ==
"bfloat16"`` (a bf16 cache kept for a draft model's layers) merges cleanly and no longer holds on that
path: the fork's branch is dead there, silently (blind_replay_flashattn).  ``drift/rewritten_values.py`` reads
the kin where a method upstream rewrites one named value into another; here the field stops carrying whatever
it was handed.

Upstream's side (cheap first: only files whose added lines store a string constant into a ``self.`` field): a
method of a top-level class that, at the base, stored the field only from expressions that are no string
constant, and at upstream stores a string constant ``"new"`` into it too.  The fork's side, on lines it owns: a
comparison of ``x.field`` with strings (``==``, ``!=``, ``in``/``not in`` a display of strings) none of which is
``"new"``, ``x`` typed as the class or a fork subclass (``self``); not the fork's own class of that name nor a
subclass declaring the field.  A warning where upstream still passes the value through on another path (the
fork's value may still arrive there); an error where every store of the method is now the constant (the
comparison is constant).  Quiet: a test naming ``"new"`` (written for both), the constant the base already
stored, a field read off a receiver the engine cannot type.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.fallbacks import caught_around
from aeon_release.domain.audits.drift.own_fields import ForkTypes, enclosing, file_classes
from aeon_release.domain.audits.drift.returns import name_users
from aeon_release.domain.audits.drift.retyped import typed_as
from aeon_release.domain.audits.drift.rewritten_values import _field_read, _tests_of
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions
from aeon_release.domain.audits.drift.stale_copies import self_stores
from aeon_release.domain.audits.drift.type_only_names import locally_bound
from aeon_release.domain.audits.drift.widened_literals import _CAUGHT, _membership_tested, _tables
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parent_map, str_value, walk_spanning

__all__ = ["constant_store_drift"]

_STORES_STRING = lazy_pattern(r"""^\s*self\.\w+\s*(?::[^=]+)?=\s*["'][^"'\s]{1,80}["']\s*(?:#.*)?$""")
_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)


@dataclass(frozen=True)
class Pinned:
    """``owner.method`` now stores the string ``new`` into ``field`` (``only``: on every path)."""

    owner: str
    method: str
    field: str
    new: str
    only: bool
    path: str


def constant_store_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """The fork's comparisons of a field with strings other than the constant upstream now stores into it."""
    paths = [
        p
        for p in sorted(trees.upstream)
        if p.endswith(".py") and any(_STORES_STRING.search(t) for t in trees.upstream[p].added.values())
    ]
    found = [pin for path, before, after in parsed_versions(trees, paths) for pin in _pinned(path, before, after)]
    if not found:
        return []
    by_field: dict[str, list[Pinned]] = {}
    for pin in found:
        by_field.setdefault(pin.field, []).append(pin)
    return [
        _finding(trees, path, line, pin, shown, pr_pattern)
        for path, module, owned in name_users(trees, by_field)
        for line, pin, shown in [
            *_compared(trees, path, module, owned, by_field),
            *_looked_up(trees, path, module, owned, by_field),
        ]
    ]


def _pinned(path: str, before: ast.Module, after: ast.Module) -> Iterator[Pinned]:
    old = {(cls.name, m.name): _stores(m) for cls, m in _methods(before)}
    for cls, method in _methods(after):
        was = old.get((cls.name, method.name), {})
        for field, values in _stores(method).items():
            constants = {v for v in values if isinstance(v, str)}
            if not was.get(field) or any(isinstance(v, str) for v in was[field]):
                continue  # a field the base's method did not store, or stored a constant into already
            for new in sorted(constants):
                yield Pinned(cls.name, method.name, field, new, len(constants) == len(values), path)


def _methods(module: ast.Module) -> Iterator[tuple[ast.ClassDef, ast.FunctionDef | ast.AsyncFunctionDef]]:
    for cls in file_classes(module.body):
        yield from ((cls, s) for s in cls.body if isinstance(s, _FUNCS))


def _stores(method: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, list[str | ast.expr]]:
    """field -> what each ``self.field = value`` of the method stores: the string of a string constant, else the
    expression."""
    return {
        field: [text if (text := str_value(value)) is not None else value for value in values]
        for field, values in self_stores(method).items()
    }


def _compared(
    trees: ThreeTrees, path: str, module: ast.Module, owned: set[int], by_field: dict[str, list[Pinned]]
) -> Iterator[tuple[int, Pinned, str]]:
    parents = parent_map(module)
    fork = ForkTypes.of(trees, path, module)
    bound: dict[ast.AST, dict[str, ast.expr]] = {}
    for node in walk_spanning(module, owned):
        for line, side, (_, written), shown in _tests_of(node, owned):
            func = enclosing(node, parents)
            read = _field_read(side, func or module, bound)
            if read is None or read.attr not in by_field:
                continue
            typed = typed_as(read.value, func, parents, fork.classes)
            for pin in by_field[read.attr]:
                if (
                    pin.new not in written
                    and pin.owner in typed
                    and not fork.holds(pin.owner, pin.field, typed, pin.path)
                ):
                    yield line, pin, f"compares {shown}, but"
                    break


def _looked_up(
    trees: ThreeTrees, path: str, module: ast.Module, owned: set[int], by_field: dict[str, list[Pinned]]
) -> Iterator[tuple[int, Pinned, str]]:
    """A lookup ``TABLE[x.field]`` of a fork table of constant string keys (``widened_literals``' tables) that has
    no key for the constant upstream now stores: a KeyError on that path."""
    tables = _tables(module)
    parents = parent_map(module)
    fork = ForkTypes.of(trees, path, module)
    for node in ast.walk(module):
        if not isinstance(node, ast.Subscript) or not isinstance(node.ctx, ast.Load) or node.lineno not in owned:
            continue
        key, table = node.slice, node.value
        if not (isinstance(key, ast.Attribute) and key.attr in by_field and isinstance(table, ast.Name)):
            continue
        keys = tables.get(table.id)
        if not keys or caught_around(node, _CAUGHT, parents) or _membership_tested(node, table.id, parents):
            continue
        if locally_bound(node, table.id, parents):
            continue
        typed = typed_as(key.value, enclosing(node, parents), parents, fork.classes)
        for pin in by_field[key.attr]:
            if pin.new not in keys and pin.owner in typed and not fork.holds(pin.owner, pin.field, typed, pin.path):
                yield node.lineno, pin, f"looks {ast.unparse(key)} up in {table.id} (no key {pin.new!r}), and"
                break


def _finding(trees: ThreeTrees, path: str, line: int, pin: Pinned, shown: str, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(pin.path, rf"self\.{pin.field}[[:space:]]*(:[^=]*)?=[[:space:]]*[\"']", pr_pattern)
    said = (
        f"fork-owned line {shown} upstream's {pin.owner}.{pin.method} now stores {pin.new!r} into "
        f"{pin.field} ({pin.path}{commit}) where it stored the value it was handed"
    )
    if pin.only:
        return Finding(
            RULE, "merge", Severity.ERROR, path, line, f"{said}, on every path: the comparison is constant now"
        )
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        line,
        f"{said}, on one path: there the field no longer holds the value the fork tests for; test the source the "
        f"value came from (or {pin.new!r} too)",
    )
