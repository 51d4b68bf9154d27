"""Switched clocks: a module's time stamp upstream now takes from another clock, mixed by the fork with the old one.

#34912 (f863994084) made ``monitor.torch_compile_start_time`` and ``backends.compilation_start_time`` stamps of
``time.perf_counter()`` where they were stamps of ``time.time()`` (the logged compile times disagreed).  A fork
line ``time.time() - monitor.torch_compile_start_time`` (a startup report's compile phase) merges cleanly and
now subtracts a counter of arbitrary origin from the epoch time: about 1.7e9 seconds, no error.  So does a fork
that stamps the global itself with ``time.time()`` for upstream's ``perf_counter() - start``.  The name, its
type (a float) and every signature stayed; only the clock moved.

Upstream's side: a module-level name of a changed file that every stamp (an assignment of a clock call: the
module's own binding, or a ``global`` one in a function) took from one clock of ``time`` at the base, and from
another at upstream.  The clocks are ``time``'s functions, each its own: ``time``/``time_ns`` (the epoch, in
seconds or nanoseconds), ``perf_counter``, ``monotonic``, ``process_time`` and their ``_ns`` kin.

The fork's side, on a line it owns: a subtraction (or comparison) of the name, read off the module
(``monitor.torch_compile_start_time``, a module alias, or the name imported from it), with a call of the old
clock or a local every assignment of which in the function is one; or a store of the old clock's call into the
module's name.  An error: the number is meaningless.  Quiet: the new clock, a clock of another module, a local
assigned from anything else, a name upstream stamps from two clocks (or none, or from what is not a clock's call
nor a local of one: a helper's clock is not read), a fork line under a comparison of the stamp with a bound that
tells an epoch stamp from a counter's (the fork reads both clocks).

Cheap first: only upstream files whose removed lines call a clock and whose added lines call another, and
only fork files naming one of the stamps.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.fallbacks import runs_tested
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parent_map

_CLOCKS = frozenset(
    {
        "time",
        "time_ns",
        "perf_counter",
        "perf_counter_ns",
        "monotonic",
        "monotonic_ns",
        "process_time",
        "process_time_ns",
    }
)
# a call of one of ``time``'s clocks on a changed line (``time.perf_counter()``, ``perf_counter()``)
_CLOCK_CALL = lazy_pattern(r"\b(time|time_ns|perf_counter(?:_ns)?|monotonic(?:_ns)?|process_time(?:_ns)?)\s*\(\s*\)")
_MOST_FILES = 32
# a bound a test of the stamp compares it with to tell an epoch stamp (about 1.7e9 s) from a counter's
_EPOCH_BOUND = 1e6


@dataclass(frozen=True)
class Switched:
    """``name`` of the module ``module`` (file ``path``) is now stamped by ``new`` where it was by ``old``."""

    path: str
    module: str
    name: str
    old: str
    new: str


def switched_clock_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    paths = [p for p in sorted(trees.upstream) if p.endswith(".py") and _candidate(trees, p)][:_MOST_FILES]
    if not paths:
        return []
    switched = [s for path, old, new in parsed_versions(trees, paths) for s in _switched(path, old, new)]
    if not switched:
        return []
    names = {s.name for s in switched}
    return [
        _finding(trees, path, line, item, pr_pattern)
        for path, module, owned in fork_modules(trees, lambda line: any(n in line for n in names))
        for item, line in _fork_mixes(path, module, switched)
        if line in owned
    ]


def _candidate(trees: ThreeTrees, path: str) -> bool:
    """The diff took a clock's call out and put another clock's in."""
    change = trees.upstream[path]
    gone = {c for line in change.removed if _clocky(line) for c in _CLOCK_CALL.findall(line)}
    if not gone:
        return False
    came = {c for line in change.added.values() if _clocky(line) for c in _CLOCK_CALL.findall(line)}
    return bool(came - gone)


def _clocky(line: str) -> bool:
    """A substring every clock call holds (a pattern opening with ``\\b`` is tried at every offset of a line)."""
    return "time" in line or "perf_counter" in line or "monotonic" in line


def _switched(path: str, old: ast.Module, new: ast.Module) -> Iterator[Switched]:
    before, after = _stamps(old, path), _stamps(new, path)
    for name in sorted(before.keys() & after.keys()):
        was, now = before[name], after[name]
        if len(was) == 1 and len(now) == 1 and was != now and "?" not in was | now:
            yield Switched(path, dotted_name(path, roots=("",)), name, next(iter(was)), next(iter(now)))


def _stamps(module: ast.Module, path: str) -> dict[str, set[str]]:
    """Module-level name -> the clocks its stamps call: assignments at module level and, in a function,
    to a name it declares ``global``.  A name also assigned from anything but a clock (other than a constant
    start such as ``0.0``) maps to a set holding ``?``: not a stamp of one clock."""
    imports = file_imports(module, path)
    found: dict[str, set[str]] = {}
    for scope, names in _global_scopes(module):
        for node in _own_statements(scope):
            if not isinstance(node, ast.Assign | ast.AnnAssign) or node.value is None:
                continue
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name) and (names is None or target.id in names):
                    clock = clock_of(node.value, imports) or _local_clock(scope, node.value, imports)
                    if clock is not None:
                        found.setdefault(target.id, set()).add(clock)
                    elif not isinstance(node.value, ast.Constant):
                        found.setdefault(target.id, set()).add("?")
    return found


def _local_clock(scope: ast.AST, value: ast.expr, imports: dict[str, tuple[str, str]]) -> str | None:
    """In a function, the clock of a local every assignment of which there is one clock's call (#11081:
    ``now = time.perf_counter()`` ... ``last_logging_time = now``); None for a parameter of the name (the
    caller's value) or a local also assigned otherwise."""
    if not isinstance(value, ast.Name) or not isinstance(scope, ast.FunctionDef | ast.AsyncFunctionDef):
        return None
    clocks: set[str | None] = set()
    for node in ast.walk(scope):
        if isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign | ast.NamedExpr) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == value.id for t in targets):
                clocks.add(clock_of(node.value, imports) if isinstance(node, ast.Assign | ast.AnnAssign) else None)
        elif isinstance(node, ast.arg) and node.arg == value.id:
            clocks.add(None)
    return next(iter(clocks)) if len(clocks) == 1 else None


def _global_scopes(module: ast.Module) -> Iterator[tuple[ast.AST, set[str] | None]]:
    """The module (every name its own) and each function declaring names ``global`` (those names)."""
    yield module, None
    for node in ast.walk(module):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            declared = {n for g in ast.walk(node) if isinstance(g, ast.Global) for n in g.names}
            if declared:
                yield node, declared


def _own_statements(scope: ast.AST) -> Iterator[ast.AST]:
    """The statements of ``scope`` outside the functions and classes it defines (a module's top level with its
    ``if``/``try`` blocks; a function's body)."""
    todo = list(getattr(scope, "body", []))
    while todo:
        node = todo.pop()
        yield node
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            continue
        todo.extend(n for n in ast.iter_child_nodes(node) if isinstance(n, ast.stmt))


def clock_of(expr: ast.expr, imports: dict[str, tuple[str, str]]) -> str | None:
    """The clock of ``time`` a call reads (``time.time()``, ``perf_counter()`` imported from ``time``)."""
    if not isinstance(expr, ast.Call) or expr.args or expr.keywords:
        return None
    origin = imported_origin(expr.func, imports)
    if origin is not None and origin[0] == "time" and origin[1] in _CLOCKS:
        return origin[1]
    return None


def _fork_mixes(path: str, module: ast.Module, switched: list[Switched]) -> Iterator[tuple[Switched, int]]:
    imports = file_imports(module, path)
    parents = parent_map(module)
    by_origin = {(s.module, s.name): s for s in switched}
    for node in ast.walk(module):
        if isinstance(node, ast.BinOp | ast.Compare):
            pair = [node.left, node.right] if isinstance(node, ast.BinOp) else [node.left, *node.comparators]
            if isinstance(node, ast.BinOp) and not isinstance(node.op, ast.Sub):
                continue
            for stamp in pair:
                item = _stamp_read(stamp, imports, by_origin)
                if item is None:
                    continue
                others = [o for o in pair if o is not stamp]
                if any(_clock_here(o, imports, parents) == item.old for o in others):
                    if not _magnitude_tested(node, item, imports, by_origin, parents):
                        yield item, node.lineno
        elif isinstance(node, ast.Assign):
            # a store through the module (``monitor.start = time.time()``); a name imported from it is a copy
            for target in (t for t in node.targets if isinstance(t, ast.Attribute)):
                item = _stamp_read(target, imports, by_origin)
                if item is not None and clock_of(node.value, imports) == item.old:
                    yield item, node.lineno


def _magnitude_tested(
    node: ast.AST,
    item: Switched,
    imports: dict[str, tuple[str, str]],
    by_origin: dict[tuple[str, str], Switched],
    parents: dict[int, ast.AST],
) -> bool:
    """``node`` runs under (or past an exiting, or in the other branch of) a comparison of the stamp with a bound
    that tells an epoch stamp from a counter's (``if monitor.start > 1e9:``): the fork reads both clocks."""

    def asks(test: ast.expr) -> bool:
        for compare in (n for n in ast.walk(test) if isinstance(n, ast.Compare)):
            sides = [compare.left, *compare.comparators]
            if any(_stamp_read(x, imports, by_origin) is item for x in sides) and any(
                isinstance(x, ast.Constant) and isinstance(x.value, int | float) and x.value >= _EPOCH_BOUND
                for x in sides
            ):
                return True
        return False

    return runs_tested(node, parents, asks, asks)


def _stamp_read(
    expr: ast.expr, imports: dict[str, tuple[str, str]], by_origin: dict[tuple[str, str], Switched]
) -> Switched | None:
    """The switched stamp ``expr`` names: ``mod.name`` off an imported module, or a name imported from it."""
    if not isinstance(expr, ast.Attribute | ast.Name):
        return None
    origin = imported_origin(expr, imports)
    if origin is None and isinstance(expr, ast.Name):
        origin = imports.get(expr.id)
    return by_origin.get(origin) if origin is not None else None


def _clock_here(expr: ast.expr, imports: dict[str, tuple[str, str]], parents: dict[int, ast.AST]) -> str | None:
    """The clock ``expr`` reads: a clock's call, or a local name every assignment of which in the enclosing
    function is one clock's call."""
    clock = clock_of(expr, imports)
    if clock is not None or not isinstance(expr, ast.Name):
        return clock
    func = parents.get(id(expr))
    while func is not None and not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
        func = parents.get(id(func))
    return None if func is None else _local_clock(func, expr, imports)


def _finding(trees: ThreeTrees, path: str, line: int, item: Switched, pr_pattern: str) -> Finding:
    # the stamp's own line names the clock, or a local stamped by it (``last_logging_time = now``)
    commit = trees.upstream_commit(item.path, rf"{item.name}[[:space:]]*=.*{item.new}", pr_pattern)
    commit = commit or trees.upstream_commit(item.path, rf"{item.name}[[:space:]]*=", pr_pattern)
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        path,
        line,
        f"fork-owned use of {item.module}.{item.name} with time.{item.old}(), but upstream ({item.path}{commit}) "
        f"now stamps {item.name} with time.{item.new}(): the two clocks do not share an origin, so the number is "
        f"meaningless; use time.{item.new}() here",
    )
