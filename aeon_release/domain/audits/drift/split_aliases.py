"""Split aliases: a module-level ``A = B`` that upstream turned into a function of its own, compared by identity.

#22494 (43c4f3d77c) began the deprecation of ``parallel_state``'s ``get_tensor_model_parallel_group = get_tp_group``
(and ``get_pipeline_model_parallel_group = get_pp_group``): each became a ``def`` under ``@deprecated`` that calls
the getter.  The old name still imports and still answers the same group when called, so no symbol check minds;
but it is no longer the same object.  A fork's table keyed by the getters (``{get_tp_group: "tp", get_pp_group:
"pp"}``) read with the alias raises KeyError, and ``getter is get_pipeline_model_parallel_group`` is False for
the getter the fork's callers hand it.  Deprecations split aliases this way whenever they add a warning.

Upstream's side: a changed module that binds ``A`` once at its top level, at the base to the bare name ``B`` of
another of its top-level bindings (a def, a class, an import), and at upstream and in the merged tree (the fork did
not restore it) to a ``def``, a class or a ``lambda`` of its own, ``B`` still bound. The fork's side, on a line it
owns, with ``A`` imported from the module or read off it: a comparison ``is``/``is not``/``==``/``!=`` with ``A`` on
one side; a subscript or ``.get`` of ``A`` off a name bound once (in the scope it is read in: readD #8) to a dict
display keyed by ``B`` (not by ``A``); ``A in`` such a display (or a set, list or tuple display holding ``B``). An
error for the look-up in a display keyed by ``B`` (it misses every time) and for a comparison in a file that also
names ``B`` (the fork took the two for one object); a warning for a comparison in a file that never names ``B`` (its
callers may hand it the alias itself). Quiet: a call of ``A`` (it still answers), a comparison of ``A`` with ``B``
but in an ``assert`` (an ``if`` test, a flag: the fork asks whether they are one object, and adapts), a comparison
of ``x`` with ``A`` in an ``and``/``or`` that also compares ``x`` with ``B`` (the fork takes both; review93), a file
that binds ``A`` itself.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_texts, whole_word
from aeon_release.domain.audits.drift.subscripted_aliases import _bound_once, _rebound
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, own_scope_nodes, parameter_names, parent_map

_MOST_FILES = 32
_ALIAS_LINE = lazy_pattern(r"^(\w+)[ \t]*=[ \t]*(\w+)[ \t]*(?:#.*)?$")  # a removed top-level ``A = B``
_IDENTITY = (ast.Is, ast.IsNot, ast.Eq, ast.NotEq)
_DISPLAYS = (ast.Set, ast.List, ast.Tuple)


@dataclass(frozen=True)
class Split:
    """Upstream's ``module`` (file ``path``) turned its alias ``alias = canonical`` into a value of its own."""

    path: str
    module: str
    alias: str
    canonical: str


def split_alias_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork comparisons and look-ups that took an alias upstream split off for the object it named."""
    splits = _splits(trees)
    if not splits:
        return []
    words = {s.alias for s in splits.values()}
    findings: list[Finding] = []
    for path, module, owned in fork_modules(trees, lambda line: any(w in line for w in words)):
        for line, split, severity, how in _fork_uses(path, module, owned, splits):
            findings.append(_finding(trees, path, line, split, severity, how, pr_pattern))
    return findings


def _splits(trees: ThreeTrees) -> dict[tuple[str, str], Split]:
    """(module, alias) -> its split, for the top-level aliases upstream removed and bound to a value of its own."""
    words = trees.fork_words()
    removed = {
        p: {m.group(1) for line in trees.upstream[p].removed if (m := _ALIAS_LINE.match(line))} & words
        for p in sorted(trees.upstream)
        if p.endswith(".py")
    }
    paths = [p for p, names in removed.items() if names][:_MOST_FILES]
    found: dict[tuple[str, str], Split] = {}
    for both in parsed_texts(trees, paths):
        old, new = _bound_once(both.old), _bound_once(both.new)
        merged = _bound_once(trees.merged_module(both.path) or ast.Module(body=[], type_ignores=[]))
        module = dotted_name(both.path, roots=("",))
        for alias in sorted(removed[both.path]):
            was = old.get(alias)
            if (
                isinstance(was, ast.Name)
                and was.id in old
                and was.id in new
                and _own(new.get(alias), merged.get(alias))
            ):
                found[(module, alias)] = Split(both.path, module, alias, was.id)
    return found


def _own(now: ast.AST | None, merged: ast.AST | None) -> bool:
    """Upstream and the merged tree bind the name to an object of its own (a def, a class, a lambda)."""
    kinds = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)
    return isinstance(now, kinds) and isinstance(merged, kinds)


def _fork_uses(
    path: str, module: ast.Module, owned: set[int], splits: dict[tuple[str, str], Split]
) -> Iterator[tuple[int, Split, Severity, str]]:
    """(line, split, severity, what the fork does) for each owned identity use of a split alias."""
    imports = file_imports(module, path)
    rebound = _rebound(module)
    parents = parent_map(module)

    def split_of(expr: ast.expr) -> Split | None:
        if isinstance(expr, ast.Name) and expr.id in rebound:
            return None
        origin = (
            imported_origin(expr, imports) if isinstance(expr, ast.Attribute) else imports.get(getattr(expr, "id", ""))
        )
        return splits.get(origin) if origin is not None else None

    tables: dict[int, dict[str, ast.expr | None]] = {}  # each scope's own, by the scope's id
    for node in ast.walk(module):
        line = getattr(node, "lineno", None)
        if line not in owned:
            continue
        if isinstance(node, ast.Compare):
            yield from _compared(node, split_of, module, imports, parents)
        for key, table in _looked_up(node):
            split = split_of(key)
            held = _keys(table, _seen_tables(node, parents, tables))
            if split is not None and held is not None and _names(held, split, imports, True):
                if not _names(held, split, imports, False):
                    yield (
                        int(line),
                        split,
                        Severity.ERROR,
                        f"looks {split.alias} up in a table keyed by {split.canonical}",
                    )


def _compared(
    node: ast.Compare,
    split_of: Callable[[ast.expr], Split | None],
    module: ast.Module,
    imports: dict[str, tuple[str, str]],
    parents: dict[int, ast.AST],
) -> Iterator[tuple[int, Split, Severity, str]]:
    """An ``is``/``==`` comparison with the alias on one side (the other side may be anything)."""
    if len(node.ops) != 1 or not isinstance(node.ops[0], _IDENTITY):
        return
    sides = [node.left, node.comparators[0]]
    for at, side in enumerate(sides):
        split = split_of(side)
        if split is None:
            continue
        other = sides[1 - at]
        if _canonical(other, split, imports) and not _asserted(node, parents):
            return  # ``if A is B:``, ``same = A is B``: the fork asks whether the two are one object
        if _either(node, other, split, imports, parents):
            return  # ``x is A or x is B``: the fork takes both objects
        named = (split.module, split.canonical) in imports.values() or any(
            _canonical(n, split, imports) for n in ast.walk(module) if isinstance(n, ast.Attribute)
        )
        severity = Severity.ERROR if named else Severity.WARNING
        yield node.lineno, split, severity, f"compares {split.alias} by identity"
        return


def _asserted(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """``node`` sits in an ``assert``'s test: ``assert A is B`` now fails, where any other use of ``A is B`` asks
    the question (review93: ``_ONE = A is B`` recorded in a module flag)."""
    at = parents.get(id(node))
    while at is not None and not isinstance(at, ast.stmt):
        at = parents.get(id(at))
    return isinstance(at, ast.Assert)


def _either(
    node: ast.Compare,
    other: ast.expr,
    split: Split,
    imports: dict[str, tuple[str, str]],
    parents: dict[int, ast.AST],
) -> bool:
    """An ``and``/``or`` holding ``node`` also compares ``other`` with the canonical object (review93: ``getter is
    A or getter is B``, the fork's callers hand either)."""
    text = ast.unparse(other)
    at = parents.get(id(node))
    while isinstance(at, ast.BoolOp | ast.UnaryOp):
        for n in ast.walk(at) if isinstance(at, ast.BoolOp) else ():
            if isinstance(n, ast.Compare) and len(n.ops) == 1 and isinstance(n.ops[0], _IDENTITY):
                pair = [n.left, n.comparators[0]]
                if any(ast.unparse(s) == text for s in pair) and any(_canonical(s, split, imports) for s in pair):
                    return True
        at = parents.get(id(at))
    return False


def _looked_up(node: ast.AST) -> Iterator[tuple[ast.expr, ast.expr]]:
    """(key, table) of ``table[key]``, ``table.get(key, ...)`` and ``key in table``."""
    if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load):
        yield node.slice, node.value
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" and node.args:
        yield node.args[0], node.func.value
    elif isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], ast.In | ast.NotIn):
        yield node.left, node.comparators[0]


def _seen_tables(
    node: ast.AST, parents: dict[int, ast.AST], tables: dict[int, dict[str, ast.expr | None]]
) -> dict[str, ast.expr | None]:
    """The tables a name read at ``node`` may mean, its innermost scope's first: readD #8 read every binding of the
    file as the module's, so a function's own ``table`` (or a parameter of that name) was taken for another
    function's display, and a module table of a name some function also binds was read as none."""
    seen: dict[str, ast.expr | None] = {}
    for scope in _scopes(node, parents):
        if id(scope) not in tables:
            tables[id(scope)] = _tables(scope)
        seen = tables[id(scope)] | seen
    return seen


def _scopes(node: ast.AST, parents: dict[int, ast.AST]) -> Iterator[ast.AST]:
    """The scopes a name read at ``node`` resolves in, innermost first: its defs' and the module's, and its class
    body's only when no def lies between (a method does not see its class's names)."""
    inner = True
    at = parents.get(id(node))
    while at is not None:
        if isinstance(at, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.Module) or (
            isinstance(at, ast.ClassDef) and inner
        ):
            yield at
        inner = inner and not isinstance(at, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef)
        at = parents.get(id(at))


def _tables(scope: ast.AST) -> dict[str, ast.expr | None]:
    """name -> the display ``scope`` binds it to once in its own body (None when bound more than once, to anything
    else, or as a parameter)."""
    found: dict[str, ast.expr | None] = {}
    if isinstance(scope, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
        found = dict.fromkeys(parameter_names(scope.args))
    for node in own_scope_nodes(scope):
        targets = (
            node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        )
        for target in targets:
            if isinstance(target, ast.Name):
                value = getattr(node, "value", None)
                display = value if isinstance(value, (ast.Dict, *_DISPLAYS)) else None
                found[target.id] = display if target.id not in found else None
    return found


def _keys(table: ast.expr, tables: dict[str, ast.expr | None]) -> list[ast.expr] | None:
    """The keys (or members) of the display ``table`` is or names; None when not read."""
    display = tables.get(table.id) if isinstance(table, ast.Name) else table
    if isinstance(display, ast.Dict):
        return [k for k in display.keys if k is not None]
    return list(display.elts) if isinstance(display, _DISPLAYS) else None


def _names(held: list[ast.expr], split: Split, imports: dict[str, tuple[str, str]], canonical: bool) -> bool:
    """One of ``held`` is the canonical object (``canonical``) or the alias itself."""
    wanted = split.canonical if canonical else split.alias
    return any(_origin(k, imports) == (split.module, wanted) for k in held)


def _canonical(expr: ast.AST, split: Split, imports: dict[str, tuple[str, str]]) -> bool:
    return isinstance(expr, ast.expr) and _origin(expr, imports) == (split.module, split.canonical)


def _origin(expr: ast.expr, imports: dict[str, tuple[str, str]]) -> tuple[str, str] | None:
    if isinstance(expr, ast.Attribute):
        return imported_origin(expr, imports)
    return imports.get(expr.id) if isinstance(expr, ast.Name) else None


def _finding(
    trees: ThreeTrees, path: str, line: int, split: Split, severity: Severity, how: str, pr_pattern: str
) -> Finding:
    commit = trees.upstream_commit(split.path, whole_word(split.alias), pr_pattern)
    hedge = (
        ""
        if severity is Severity.ERROR
        else " (the file never names the canonical object: its callers may hand it the alias itself)"
    )
    return Finding(
        RULE,
        "merge",
        severity,
        path,
        line,
        f"fork-owned code {how}, but upstream's {split.module}.{split.alias} is no longer an alias of "
        f"{split.canonical} ({split.path}{commit}: now a function of its own), so it is another object than "
        f"{split.canonical}: the comparison or look-up no longer matches; use {split.canonical} itself{hedge}",
    )
