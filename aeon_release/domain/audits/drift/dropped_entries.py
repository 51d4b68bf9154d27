"""Dropped entries: a fork finds an entry by value in one of upstream's module-level lists, and upstream took it out.

#23071 (7be5d113d8) replaced ``CutlassScaledMMLinearKernel`` in the CPU list of the scaled-mm kernels'
``_POSSIBLE_KERNELS`` (a dict of per-platform lists) with ``CPUScaledMMLinearKernel``.  A fork module that
slots its own kernel in ahead of Cutlass (``cpu = _POSSIBLE_KERNELS[PlatformEnum.CPU]``, then
``cpu.insert(cpu.index(CutlassScaledMMLinearKernel), AeonKernel)``) merges cleanly and raises ValueError when
it is imported.  Position drift (``list_positions.py``) leaves a position found by ``.index(x)`` alone,
rightly for an entry upstream moved; an entry upstream removed is this check's.

Upstream's side: a module the fork's list comes from, changed upstream, whose top-level statement binds the
name once to a list or tuple display, or to a dict display whose values are list or tuple displays (each
key spelt as written, ``PlatformEnum.CPU``); an entry (by its last name: ``CutlassScaledMMLinearKernel``,
``cutlass.CutlassScaledMMLinearKernel``) the list held at the base and holds neither at upstream nor in the
merged module (a fork that kept it in its copy of the module keeps it).

The fork's side, on a line it owns: ``L.index(E)`` or ``L.remove(E)`` -- both raise ValueError for an entry
not there -- where ``L`` is the list (imported, read off its module, or a top-level name of a fork edit of
the module), the dict's list under a key (``NAME[KEY]``), or a name bound exactly once in the file to
either.  An error.  Quiet: a call in a ``try`` catching ValueError (or any exception), one under an ``if``
or a conditional expression whose test names the entry (``if E in L:``, ``if L.count(E):``), and an entry the
fork's file puts back itself (``L.append(E)``, ``L.insert(k, E)``, ``L.extend([E])``).  A string entry is left
to ``dropped_table_keys`` (a list of strings is its table of accepted strings, #31716's ``.remove("auto-round")``).
Since review84 quiet too: a call under ``contextlib.suppress(ValueError)``, a list the file stores itself
(``NAME[KEY] = [...]``, ``NAME[KEY] += [...]``), an entry a fork edit of upstream's module puts back at its top
level (``NAME[KEY].append(E)``), and a find off a function's parameter sharing an alias's name.

Pure but for reading the three trees: findings out.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.dropped_table_keys import single_binding
from aeon_release.domain.audits.drift.fallbacks import runs_tested
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_texts
from aeon_release.domain.audits.merge_rules import NAME_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import parent_map

__all__ = ["dropped_entry_drift"]

_FINDS = frozenset({"index", "remove"})
_PUTS = frozenset({"append", "insert", "extend"})
_CATCHING = frozenset({"ValueError", "Exception", "BaseException"})
_MOST_FILES = 32
# (module, list name, key spelt or "") -> the entries' last names
_Lists = dict[tuple[str, str, str], frozenset[str]]


@dataclass(frozen=True)
class _Find:
    """A fork line finding ``entry`` (its last name) by value in ``(module, name, key)``'s list."""

    call: ast.Call
    origin: tuple[str, str, str]
    entry: str


def dropped_entry_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork ``L.index(E)``/``L.remove(E)`` of an entry upstream took out of a module-level list."""
    finds = [
        (path, find)
        for path, module, owned in fork_modules(trees, lambda line: ".index(" in line or ".remove(" in line)
        for find in _finds(path, module, owned)
    ]
    if not finds:
        return []
    dropped = _dropped(trees, {find.origin for _, find in finds})
    return [
        _finding(trees, path, find, dropped[find.origin][1], pr_pattern)
        for path, find in finds
        if find.origin in dropped and find.entry in dropped[find.origin][0]
    ]


def _finds(path: str, module: ast.Module, owned: set[int]) -> Iterator[_Find]:
    """Each owned, unguarded ``L.index(E)``/``L.remove(E)`` whose list resolves to an upstream module's."""
    own = _own_lists(module, dotted_name(path, roots=("",)))
    imports = {**own, **file_imports(module, path)}
    aliases = _bound_once(module)
    parents = parent_map(module)
    put_back = _put_back(module)
    reset = _reset(module, imports, aliases)
    for node in ast.walk(module):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _FINDS):
            continue
        if node.lineno not in owned or len(node.args) != 1 or node.keywords:
            continue
        if isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
            continue  # a string dropped from a list of accepted strings: dropped_table_keys' (#31716)
        entry = _last_name(node.args[0])
        shadowed = _parameters_around(node, parents)
        visible = {n: o for n, o in imports.items() if n not in shadowed or o != own.get(n)}
        origin = _origin(node.func.value, visible, {n: v for n, v in aliases.items() if n not in shadowed}, set())
        if origin is None or origin in reset or entry in put_back or _guarded(node, entry, parents):
            continue
        yield _Find(node, origin, entry)


def _own_lists(module: ast.Module, here: str) -> dict[str, tuple[str, str]]:
    """The file's own top-level list, tuple or dict displays, as if imported from ``here``: in a fork edit of
    upstream's module, ``NAME.index(E)`` reads that module's list (mend67: ``here`` was computed, never used)."""
    found: dict[str, tuple[str, str]] = {}
    for stmt in module.body:
        name, value = single_binding(stmt)
        if name is not None and isinstance(value, ast.List | ast.Tuple | ast.Dict):
            found[name] = (here, name)
    return found


def _parameters_around(node: ast.AST, parents: dict[int, ast.AST]) -> set[str]:
    """The parameters of the functions and lambdas around ``node``: there a name of the file's alias is the
    caller's list (review84's r84cp5, ``def rank(kernels: list = _AEON_TIERS)`` beside a module-level
    ``kernels = _POSSIBLE_KERNELS[...]``)."""
    found: set[str] = set()
    up = parents.get(id(node))
    while up is not None:
        if isinstance(up, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            found.update(a.arg for a in ast.walk(up.args) if isinstance(a, ast.arg))
        up = parents.get(id(up))
    return found


def _reset(
    module: ast.Module, imports: dict[str, tuple[str, str]], aliases: dict[str, ast.expr]
) -> set[tuple[str, str, str]]:
    """The lists the file stores itself (``NAME[KEY] = [...]``, ``mod.NAME = [...]``, ``NAME[KEY] += [...]``): what
    it then finds in them is its own entries (review84's r84cp2)."""
    found: set[tuple[str, str, str]] = set()
    for node in ast.walk(module):
        targets = (
            node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AugAssign) else []
        )
        for target in (t for t in targets if isinstance(t, ast.Subscript | ast.Attribute)):
            if (origin := _origin(target, imports, aliases, set())) is not None:
                found.add(origin)
    return found


def _bound_once(module: ast.Module) -> dict[str, ast.expr]:
    """Names the file binds exactly once (anywhere), to the value they are bound to."""
    counts: dict[str, int] = {}
    values: dict[str, ast.expr] = {}
    for node in ast.walk(module):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            counts[node.id] = counts.get(node.id, 0) + 1
        if isinstance(node, ast.Assign | ast.AnnAssign):
            name, value = single_binding(node)
            if name is not None and value is not None:
                values[name] = value
    return {n: v for n, v in values.items() if counts.get(n) == 1}


def _origin(
    expr: ast.expr, imports: dict[str, tuple[str, str]], aliases: dict[str, ast.expr], seen: set[str]
) -> tuple[str, str, str] | None:
    """(module, name, key spelt or "") of the list ``expr`` names; None when it is not read as one.  A chain of
    aliases is followed in a loop, not by recursion (mend62: a file of a thousand ``a2 = a1`` lines raised
    RecursionError)."""
    key, seen = "", set(seen)
    if isinstance(expr, ast.Subscript):
        key, expr = ast.unparse(expr.slice), expr.value
    while isinstance(expr, ast.Name) and expr.id in aliases and expr.id not in imports and expr.id not in seen:
        if key:
            return None  # a local list subscripted: not one of upstream's tables read
        seen.add(expr.id)
        expr = aliases[expr.id]
        if isinstance(expr, ast.Subscript):
            key, expr = ast.unparse(expr.slice), expr.value
    if isinstance(expr, ast.Name) and expr.id in imports:
        origin = imports[expr.id]
    elif isinstance(expr, ast.Attribute):
        origin = imported_origin(expr, imports) or ("", "")
    else:
        return None
    return (origin[0], origin[1], key) if origin[0] and origin[1] else None


def _last_name(expr: ast.expr) -> str:
    if isinstance(expr, ast.Attribute):
        return expr.attr
    return expr.id if isinstance(expr, ast.Name) else ast.unparse(expr)


def _put_back(module: ast.Module) -> set[str]:
    """The last names the file's own ``x.append(E)``/``x.insert(k, E)``/``x.extend([E, ...])`` add to a list."""
    found: set[str] = set()
    for node in ast.walk(module):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _PUTS:
            for arg in node.args:
                items = arg.elts if isinstance(arg, ast.List | ast.Tuple) else [arg]
                found.update(_last_name(item) for item in items)
    return found


def _guarded(node: ast.AST, entry: str, parents: dict[int, ast.AST]) -> bool:
    """In a ``try`` catching ValueError (or any exception), under a test naming the entry, or past an ``if`` naming
    it whose body leaves (mend62: ``if E not in L: return``, then ``L.index(E)``)."""
    child, up = node, parents.get(id(node))
    while up is not None and not isinstance(up, ast.Module):
        if isinstance(up, ast.Try | ast.TryStar) and any(child is s for s in up.body):
            if any(_catches(h.type) for h in up.handlers):
                return True
        if isinstance(up, ast.With | ast.AsyncWith) and any(_suppresses(i.context_expr) for i in up.items):
            return True  # ``with contextlib.suppress(ValueError):`` (review84's r84cp1, r84ub2)
        if isinstance(up, ast.If | ast.IfExp | ast.While) and child is not up.test and _names_entry(up.test, entry):
            return True
        child, up = up, parents.get(id(up))
    return runs_tested(node, parents, lambda _: False, lambda test: _names_entry(test, entry))


def _names_entry(test: ast.expr, entry: str) -> bool:
    """The test names the entry (``E in L``, ``L.count(E)``): the fork asked about it."""
    named = (n for n in ast.walk(test) if isinstance(n, ast.Name | ast.Attribute | ast.Constant))
    return any(_last_name(n) == entry for n in named)


def _suppresses(expr: ast.expr) -> bool:
    """``suppress(ValueError)`` / ``contextlib.suppress(Exception, ...)``."""
    return isinstance(expr, ast.Call) and _last_name(expr.func) == "suppress" and any(_catches(a) for a in expr.args)


def _catches(kind: ast.expr | None) -> bool:
    if kind is None:
        return True
    kinds = kind.elts if isinstance(kind, ast.Tuple) else [kind]
    return any(_last_name(k) in _CATCHING for k in kinds)


def _dropped(trees: ThreeTrees, origins: set[tuple[str, str, str]]) -> dict[tuple[str, str, str], tuple[set[str], str]]:
    """origin -> (entries the base's list held and neither upstream's nor the merged one does, the file)."""
    paths: dict[str, str] = {}
    for module, _name, _key in origins:
        for path in (module.replace(".", "/") + ".py", module.replace(".", "/") + "/__init__.py"):
            if path in trees.upstream:
                paths[path] = module
    names = {name for _, name, _ in origins}
    found: dict[tuple[str, str, str], tuple[set[str], str]] = {}
    for both in parsed_texts(trees, sorted(paths)[:_MOST_FILES], lambda old, new: any(n in old for n in names)):
        merged = trees.merged_module(both.path)
        module = paths[both.path]
        old, new = _lists(both.old, module, names), _lists(both.new, module, names)
        kept = _with_put_back(_lists(merged, module, names), merged, module) if merged is not None else new
        for origin, entries in old.items():
            if origin in origins and origin in new:
                gone = set(entries - new[origin] - kept.get(origin, frozenset()))
                if gone:
                    found[origin] = (gone, both.path)
    return found


def _with_put_back(lists: _Lists, tree: ast.Module, module: str) -> _Lists:
    """``lists`` with what the module's own top-level ``NAME.append(E)``/``NAME[KEY].insert(k, E)``/``.extend([E])``
    adds: a fork edit of upstream's module that puts the entry back keeps it (review84's r84cp4)."""
    added: dict[tuple[str, str, str], set[str]] = {}
    for stmt in tree.body:
        call = stmt.value if isinstance(stmt, ast.Expr) else None
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr in _PUTS):
            continue
        target, key = call.func.value, ""
        if isinstance(call.func.value, ast.Subscript):
            key = ast.unparse(call.func.value.slice)
            target = call.func.value.value
        if isinstance(target, ast.Name):
            items = [i for a in call.args for i in (a.elts if isinstance(a, ast.List | ast.Tuple) else [a])]
            added.setdefault((module, target.id, key), set()).update(_last_name(i) for i in items)
    return {origin: entries | added.get(origin, set()) for origin, entries in lists.items()}


def _lists(tree: ast.Module, module: str, names: set[str]) -> _Lists:
    """The module's top-level lists among ``names``: a list or tuple display, or each list or tuple value of a
    dict display under its key spelt."""
    found: _Lists = {}
    for stmt in tree.body:
        name, value = single_binding(stmt)
        if name not in names or value is None:
            continue
        if isinstance(value, ast.List | ast.Tuple):
            found[(module, name, "")] = frozenset(_last_name(e) for e in value.elts)
        elif isinstance(value, ast.Dict):
            for key, item in zip(value.keys, value.values, strict=True):
                if key is not None and isinstance(item, ast.List | ast.Tuple):
                    found[(module, name, ast.unparse(key))] = frozenset(_last_name(e) for e in item.elts)
    return found


def _finding(trees: ThreeTrees, path: str, find: _Find, where: str, pr_pattern: str) -> Finding:
    module, name, key = find.origin
    listed = f"{name}[{key}]" if key else name
    commit = trees.upstream_commit(where, re.escape(find.entry), pr_pattern)
    method = find.call.func.attr if isinstance(find.call.func, ast.Attribute) else "index"
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        path,
        find.call.lineno,
        f"finds {find.entry} in {module}.{listed} with .{method}(), and upstream took it out of that list "
        f"({where}{commit}): ValueError; find the entry that replaced it, or test `{find.entry} in ...` first",
    )
