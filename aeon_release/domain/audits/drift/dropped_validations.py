"""Dropped validations: a class's validator no longer refuses a case the fork's build hands it; the fork's handler
round the build no longer runs for it.

#30050 (a11f4a81e0) took ``if self.prefill_context_parallel_size > 1: raise ValueError(...)`` out of
``ParallelConfig``'s ``@model_validator(mode="after")`` (the check moved to the top config).  A fork's ``try:
ParallelConfig(..., prefill_context_parallel_size=2)`` / ``except ValueError: return ParallelConfig(...)`` (try
prefill CP, fall back to plain TP when refused) merges cleanly; the build no longer raises, the fallback never
runs, and the fork runs with the setting it meant to try.  ``drift/raised_kinds.py`` reads a call's own defs (a
dataclass's ``__post_init__`` too); a validator runs at the build without being called by name.

Upstream's side (cheap first: only when a fork-owned handler's ``try`` builds something by keyword, and then only
upstream files whose removed lines ``raise`` a builtin kind and that define a class of a name so built): a method
of a top-level class decorated with a name ending in ``validator`` (``model_validator``, ``field_validator``,
``validator``, ``root_validator``: each runs when the class is built) that, at the base, held a top-level ``if T:
raise K(...)``, ``T`` reading fields off ``self``, ``K`` a builtin kind, where upstream no validator (nor
``__post_init__``) of the class raises under a test spelt ``T`` any more.

The fork's side: a fork-owned handler catching ``K`` (or a builtin base of it) of a ``try`` whose body builds the
class by name (``C(...)``, ``mod.C(...)``) handing every field ``T`` reads by keyword (one left to its default may
never have met the test); when each is handed a constant, ``T`` is evaluated with them, and a build ``T`` is false
for stays quiet (the base never refused it either).  A warning: the validator's other raises keep the handler
alive for other cases, and the case may be accepted now on purpose or refused elsewhere.  Quiet: a build leaving
a field of the test out, a test the fork's constants make false, a test upstream still raises under (moved to
another validator or the ``__post_init__`` of the class), a handler catching another kind or every kind
(``Exception``), the fork's own class of the name (``tests/audits/test_dropped_validations.py``).
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from aeon_release.domain.audits.drift.raised_kinds import _RAISE_REMOVED, builtin_error, builtin_subclass, handler_files
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions
from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern

__all__ = ["dropped_validation_drift"]

_RAISE = lazy_pattern(r"^\s*raise\s+(\w+)\b")
_HOOKS = ("__post_init__",)
_CATCH_ALL = frozenset({"Exception", "BaseException"})
_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)
_COMPARED: dict[type[ast.cmpop], Callable[[Any, Any], object]] = {
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Is: operator.is_,
    ast.IsNot: operator.is_not,
}


@dataclass(frozen=True)
class Dropped:
    """``cls.method`` (in ``path``) no longer raises ``kind`` under the test ``shown`` (reading ``fields``)."""

    path: str
    cls: str
    method: str
    kind: str
    shown: str
    fields: frozenset[str]


def dropped_validation_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork handlers round a build of a class whose validator no longer raises for the fields the build hands."""
    forks = [
        (path, module, owned, tries) for path, module, owned in handler_files(trees) if (tries := _tries(module, owned))
    ]
    if not forks:
        return []
    built = {last_name(call.func) for *_, tries in forks for _, calls in tries for call in calls} - {""}
    # raised_kinds' own pattern: its diff search is cached per pattern; then only files defining a class built
    paths = [p for p in trees.upstream.matching(_RAISE_REMOVED, ".py") if _raise_removed(trees.upstream[p].removed)]
    paths = sorted(trees.upstream_files_with(tuple(f"class {name}" for name in sorted(built)), paths)) if paths else []
    dropped = [d for path, old, new in parsed_versions(trees, paths) for d in _dropped(path, old, new)]
    if not dropped:
        return []
    return [
        _finding(trees, path, handler, call, item, pr_pattern)
        for path, module, _, tries in forks
        for handler, call, item in _fork_handlers(module, tries, dropped)
    ]


_Try = tuple[list[ast.ExceptHandler], list[ast.Call]]


def _raise_removed(removed: list[str]) -> bool:
    return any("raise" in line and (m := _RAISE.match(line)) and builtin_error(m.group(1)) for line in removed)


def _tries(module: ast.Module, owned: set[int]) -> list[_Try]:
    """The fork-owned handlers of each ``try`` that has some, and the keyword builds of its body (``C(k=...)``)."""
    found = []
    for node in (n for n in ast.walk(module) if isinstance(n, ast.Try)):
        handlers = [h for h in node.handlers if h.lineno in owned]
        calls = (
            [n for s in node.body for n in ast.walk(s) if isinstance(n, ast.Call) and n.keywords] if handlers else []
        )
        found += [(handlers, calls)] if calls else []
    return found


def _dropped(path: str, old: ast.Module, new: ast.Module) -> Iterator[Dropped]:
    after = {cls.name: cls for cls in new.body if isinstance(cls, ast.ClassDef)}
    for cls in (c for c in old.body if isinstance(c, ast.ClassDef) and c.name in after):
        kept = {shown for _, _, shown, _ in _guarded_raises(after[cls.name], every=True)}
        for method, kind, shown, fields in _guarded_raises(cls):
            if shown not in kept:
                yield Dropped(path, cls.name, method, kind, shown, fields)


def _guarded_raises(cls: ast.ClassDef, every: bool = False) -> Iterator[tuple[str, str, str, frozenset[str]]]:
    """(method, kind, test as spelt, fields the test reads off ``self``) of each top-level ``if T: raise K(...)``
    of the class's validators (``every``: of its ``__post_init__`` too, where the check may have moved)."""
    for method in (s for s in cls.body if isinstance(s, _FUNCS) and _validates(s, every)):
        for stmt in (s for s in method.body if isinstance(s, ast.If)):
            fields = frozenset(_self_fields(stmt.test))
            for kind in (_kind(s) for s in stmt.body if isinstance(s, ast.Raise)):
                if fields and kind is not None and builtin_error(kind):
                    yield method.name, kind, ast.unparse(stmt.test), fields


def _validates(method: ast.FunctionDef | ast.AsyncFunctionDef, every: bool) -> bool:
    if every and method.name in _HOOKS:
        return True
    return any(last_name(d.func if isinstance(d, ast.Call) else d).endswith("validator") for d in method.decorator_list)


def _self_fields(test: ast.expr) -> Iterator[str]:
    for node in ast.walk(test):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
            yield node.attr


def _kind(node: ast.Raise) -> str | None:
    exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
    return exc.id if isinstance(exc, ast.Name) else None


def _fork_handlers(
    module: ast.Module, tries: list[_Try], dropped: list[Dropped]
) -> Iterator[tuple[ast.ExceptHandler, ast.Call, Dropped]]:
    """(handler, build, dropped raise) of each fork-owned handler catching the kind round a build of the class
    handing every field the dropped test reads, the test not false for the build's constants."""
    own = {c.name for c in module.body if isinstance(c, ast.ClassDef)}
    items = [d for d in dropped if d.cls not in own]
    for handlers, builds in tries if items else ():
        for handler in handlers:
            caught = _caught(handler)
            if _CATCH_ALL & set(caught):
                continue  # a catch-all lives on for whatever else the build raises
            for item in (d for d in items if any(builtin_subclass(d.kind, c) for c in caught)):
                call = next((b for b in builds if _meets(b, item)), None)
                if call is not None:
                    yield handler, call, item
                    break


def _caught(handler: ast.ExceptHandler) -> list[str]:
    types = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type] if handler.type else []
    return [t.id for t in types if isinstance(t, ast.Name)]


def _meets(call: ast.Call, item: Dropped) -> bool:
    """``call`` builds ``item``'s class handing every field its test reads, and the test is not false for the
    build's constants."""
    if last_name(call.func) != item.cls:
        return False
    handed = {k.arg: k.value for k in call.keywords if k.arg is not None}
    if not item.fields <= set(handed):
        return False  # a field left to its default: the base's test may never have held for this build
    constants = {f: v.value for f, v in handed.items() if f in item.fields and isinstance(v, ast.Constant)}
    return len(constants) < len(item.fields) or _holds(ast.parse(item.shown, mode="eval").body, constants) is not False


def _holds(test: ast.expr, values: Mapping[str, object]) -> object:
    """The test's value with ``self.F`` read from ``values`` (comparisons, ``and``/``or``/``not`` of constants);
    None when it cannot be told."""
    if isinstance(test, ast.Constant):
        return test.value
    if isinstance(test, ast.Attribute) and isinstance(test.value, ast.Name) and test.value.id == "self":
        return values.get(test.attr)
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _holds(test.operand, values)
        return None if inner is None else not inner
    if isinstance(test, ast.BoolOp):
        parts = [_holds(v, values) for v in test.values]
        if None in parts:
            return None
        return all(parts) if isinstance(test.op, ast.And) else any(parts)
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and type(test.ops[0]) in _COMPARED:
        left, right = _holds(test.left, values), _holds(test.comparators[0], values)
        if left is None or right is None:
            return None
        try:
            return bool(_COMPARED[type(test.ops[0])](left, right))
        except TypeError:
            return None
    return None


def _finding(
    trees: ThreeTrees, path: str, handler: ast.ExceptHandler, call: ast.Call, item: Dropped, pr_pattern: str
) -> Finding:
    commit = trees.upstream_commit(item.path, rf"raise[[:space:]]+{item.kind}", pr_pattern)
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        handler.lineno,
        f"fork-owned `except` round `{ast.unparse(call)}`, but upstream's {item.cls}.{item.method} ({item.path}"
        f"{commit}) no longer raises {item.kind} when `{item.shown}`, which this build may meet: the handler no "
        f"longer runs for it (a warning: the validator's other raises keep it alive, and the case may be accepted "
        f"now or refused elsewhere)",
    )
