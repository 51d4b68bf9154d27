"""Narrowed dispatch: upstream now calls a method of what its table holds only for a few listed keys; a fork
class set into the table under another key overrides that method.

#38247 (f73bcb1c51) made ``HFConfigParser.parse`` call ``_CONFIG_REGISTRY[model_type].from_pretrained(...)``
only ``if model_type in _SPECULATIVE_DECODING_CONFIGS`` (``{"eagle", "speculators"}``) where it did so ``if
model_type in _CONFIG_REGISTRY``: every other registered class is now registered with ``AutoConfig`` and built
through ``AutoConfig.from_pretrained``, which builds it by ``from_dict``.  A fork config class set into
``_CONFIG_REGISTRY["aeon_nvfp4"]`` whose ``from_pretrained`` override marks its checkpoints' layout merges
cleanly: the class is still registered, still built, and the override silently never runs.

Upstream's side: a function of a changed file (a text gate first: a removed line testing ``in T:`` and an added
one testing ``in`` another name) that, at the base, under ``if K in T:``, reads ``T[K]`` (directly, or through a
local bound to it) and calls a method ``M`` on it, and at upstream makes that call only under ``if K in S:``,
``S`` a display of string literals (or a module-level name bound once to one, ``frozenset(...)``/``set(...)``
of one too); no other call of ``M`` on a read of ``T`` is left in the file.  The fork's side, on its own line:
a class of the fork's file defining ``M`` in its body (or in a base class of the file), set into ``T`` (read
through the file's imports of upstream's module or a module attribute) under a literal key not in ``S``
(``T["k"] = C``, ``T.update({"k": C})``, ``T.update(k=C)``, ``T.setdefault("k", C)``): an error on the
override's ``def``.  A warning where the fork's file calls ``C.M`` (or ``T["k"].M``) itself (the override runs
there).  Quiet: a key in ``S`` or one the fork's files add to it (``S.add("k")``, ``S |= {...}``), a class
overriding other methods only (``__init__`` still runs), a key that is no literal, a table of the fork's own
bound under the same name.

Cheap first: nothing is read unless a fork line stores into a table by a literal key or updates one; then only
upstream files whose diff removed a membership test of such a table are parsed, and only the defs holding an
added membership test are walked.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass, replace

from aeon_release.domain.audits.drift import bound_returns as bound
from aeon_release.domain.audits.drift.callees import scope_of
from aeon_release.domain.audits.drift.pyindex import dotted_name
from aeon_release.domain.audits.drift.returns import own_nodes
from aeon_release.domain.audits.drift.sides import FileChange, ThreeTrees
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, method_defs

__all__ = ["RULE", "narrowed_dispatch_drift"]

_Def = ast.FunctionDef | ast.AsyncFunctionDef
# a line testing membership in a name: ``if model_type in _CONFIG_REGISTRY:``
_MEMBERSHIP = lazy_pattern(r"\bif\b.*\bin\s+([A-Za-z_][\w.]*)\s*:\s*(?:#.*)?$")
# a fork line storing into a table by a literal key, or updating one: ``REG["k"] = C``, ``REG.update(``
_STORES = lazy_pattern(r"(\w+)\s*(?:\[\s*[\"'][^\"']*[\"']\s*\]\s*=(?!=)|\.(?:update|setdefault)\()")


@dataclass(frozen=True)
class Narrowed:
    """``func`` (in ``path``) now calls ``table[key].method(...)`` only for ``keys``."""

    path: str
    func: str
    table: str
    method: str
    keys: frozenset[str]
    guard: str = ""  # the tested set's name: ``_SPECULATIVE_DECODING_CONFIGS``


def narrowed_dispatch_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork overrides of a method upstream's dispatch now calls on a table's classes only for listed keys."""
    stored = {
        m.group(1)
        for path, change in trees.mine.items()
        if path.endswith(".py")
        for line in change.added.values()
        if "[" in line or "update(" in line or "setdefault(" in line
        for m in _STORES.finditer(line)
    }
    if not stored:
        return []
    lines = {path: _retested(change, stored) for path, change in trees.upstream.items() if path.endswith(".py")}
    lines = {path: found for path, found in lines.items() if found}
    narrowed = _narrowed(trees, lines) if lines else []
    if not narrowed:
        return []
    narrowed = _widened_by_fork(trees, narrowed)
    tables = {n.table for n in narrowed}
    findings = []
    for path, change in sorted(trees.mine.items()):
        if path.endswith(".py") and any(t in line for line in change.added.values() for t in tables):
            module = trees.merged_module(path)
            if module is not None:
                findings += _overrides(trees, path, module, narrowed, pr_pattern)
    return findings


def _widened_by_fork(trees: ThreeTrees, narrowed: list[Narrowed]) -> list[Narrowed]:
    """Each dispatch with the keys the fork's files add to its guarding set (``S.add("k")``, ``S.update(...)``,
    ``S |= {"k"}``, ``m.S = {...}``): upstream's call runs for them too (review134's twin added its key)."""
    guards = {n.guard for n in narrowed if n.guard}
    added: dict[str, set[str]] = {}
    for path, change in sorted(trees.mine.items()):
        if path.endswith(".py") and any(g in line for line in change.added.values() for g in guards):
            module = trees.merged_module(path)
            for guard, key in _keys_added(module, guards) if module is not None else ():
                added.setdefault(guard, set()).add(key)
    return [replace(n, keys=n.keys | added[n.guard]) if n.guard in added else n for n in narrowed]


def _keys_added(module: ast.Module, guards: set[str]) -> Iterator[tuple[str, str]]:
    """(set name, key) for each string literal a statement of the module adds to a set named in ``guards``."""
    for node in ast.walk(module):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("add", "update"):
            guard = _last(node.func.value)
            values: list[ast.expr] = list(node.args)
        elif isinstance(node, ast.AugAssign) and isinstance(node.op, ast.BitOr):
            guard, values = _last(node.target), [node.value]
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            guard, values = _last(node.targets[0]), [node.value]
        else:
            continue
        if guard in guards:
            for value in values:
                yield from (
                    (guard, n.value)
                    for n in ast.walk(value)
                    if isinstance(n, ast.Constant) and isinstance(n.value, str)
                )


def _last(node: ast.expr) -> str:
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""


def _retested(change: FileChange, stored: set[str]) -> set[int]:
    """The added lines testing membership in another name, where the diff removed a membership test of a table
    the fork stores into."""
    removed = {
        m.group(1)
        for line in change.removed
        if " in " in line and any(t in line for t in stored) and (m := _MEMBERSHIP.search(line))
    }
    if not removed & stored:
        return set()
    return {
        n
        for n, line in change.added.items()
        if " in " in line and (m := _MEMBERSHIP.search(line)) and m.group(1) not in removed
    }


def _narrowed(trees: ThreeTrees, lines: dict[str, set[int]]) -> list[Narrowed]:
    """The dispatches the defs holding ``lines`` narrowed (``changed_modules``: the defs of both versions around
    the added membership tests, with the upstream module whose literal sets and other calls are read)."""
    found: list[Narrowed] = []
    for path, module, defs in bound.changed_modules(trees, lines):
        sets = _literal_sets(module)
        for qualname, old, func in defs:
            found += _narrowed_in(path, qualname, old, func, sets, module)
    return found


def _narrowed_in(
    path: str, qualname: str, old: _Def, new: _Def, sets: dict[str, frozenset[str]], module: ast.Module
) -> Iterator[Narrowed]:
    """The (table, method) dispatches ``old`` made under a test of the table itself that ``new`` makes under a
    test of a literal set only, with no other call of the method on a read of the table left in the file."""
    wide = {(table, method) for test, table, method in _dispatches(old) if test == table}
    for test, table, method in _dispatches(new):
        keys = sets.get(test)
        if (table, method) in wide and keys is not None and _only_gated(module, table, method, test):
            yield Narrowed(path, qualname, table, method, keys, test.rpartition(".")[2])


def _dispatches(func: _Def) -> Iterator[tuple[str, str, str]]:
    """(tested name, table, method) for each ``if K in X:`` whose body calls a method on ``T[K]``."""
    for node in own_nodes(func.body):
        tested = _membership(node.test) if isinstance(node, ast.If) else None
        if isinstance(node, ast.If) and tested is not None:
            key, name = tested
            for table, method in _calls_on_reads(node.body, key):
                yield name, table, method


def _membership(test: ast.expr) -> tuple[str, str] | None:
    """(key text, tested name) of ``K in X`` (``X`` a name, a dotted name, or a literal display as its text)."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.In)):
        return None
    right = test.comparators[0]
    return ast.unparse(test.left), ast.unparse(right)


def _calls_on_reads(body: list[ast.stmt], key: str) -> Iterator[tuple[str, str]]:
    """(table, method) for each ``T[key].M(...)`` in ``body``, or ``c.M(...)`` of a local ``c = T[key]``."""
    locals_: dict[str, str] = {}
    nodes = list(own_nodes(body))
    for node in nodes:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            table = _read(node.value, key)
            if table:
                locals_[node.targets[0].id] = table
    for node in nodes:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            receiver = node.func.value
            table = _read(receiver, key) or (locals_.get(receiver.id, "") if isinstance(receiver, ast.Name) else "")
            if table:
                yield table, node.func.attr


def _read(node: ast.expr, key: str) -> str:
    """``T`` of ``T[key]`` ("" for anything else)."""
    if isinstance(node, ast.Subscript) and ast.unparse(node.slice) == key:
        return ast.unparse(node.value)
    return ""


def _literal_sets(module: ast.Module) -> dict[str, frozenset[str]]:
    """Module-level names bound once to a display of string literals (``frozenset``/``set`` of one too)."""
    bound: dict[str, list[ast.expr | None]] = {}
    for node in module.body:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    bound.setdefault(target.id, []).append(node.value)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            bound.setdefault(node.target.id, []).append(node.value)
    found = {}
    for name, values in bound.items():
        keys = _strings(values[0]) if len(values) == 1 and values[0] is not None else None
        if keys is not None:
            found[name] = keys
    return found


def _strings(value: ast.expr) -> frozenset[str] | None:
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in ("frozenset", "set"):
        value = value.args[0] if len(value.args) == 1 and not value.keywords else value
    if isinstance(value, (ast.Set, ast.Tuple, ast.List)) and value.elts:
        if all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in value.elts):
            return frozenset(str(e.value) for e in value.elts if isinstance(e, ast.Constant))
    return None


def _only_gated(module: ast.Module, table: str, method: str, test: str) -> bool:
    """Every call of ``method`` on a read of ``table`` in the module sits under ``if K in test:``."""
    gated: set[int] = set()
    for node in ast.walk(module):
        tested = _membership(node.test) if isinstance(node, ast.If) else None
        if isinstance(node, ast.If) and tested is not None and tested[1] == test:
            gated |= {id(n) for stmt in node.body for n in ast.walk(stmt)}
    for _, func in method_defs(module.body):
        for node in own_nodes(func.body):
            if isinstance(node, ast.If) and (tested := _membership(node.test)) is not None:
                for t, m in _calls_on_reads(node.body, tested[0]):
                    if (t, m) == (table, method) and tested[1] != test:
                        return False
            if _direct_call(node, table, method) and id(node) not in gated:
                return False
    return True


def _direct_call(node: ast.AST, table: str, method: str) -> bool:
    """``T[...].M(...)`` outside any key test."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == method:
        receiver = node.func.value
        return isinstance(receiver, ast.Subscript) and ast.unparse(receiver.value) == table
    return False


def _overrides(
    trees: ThreeTrees, path: str, module: ast.Module, narrowed: list[Narrowed], pr_pattern: str
) -> list[Finding]:
    owned, text = trees.owned_lines(path), trees.merged_text(path) or ""
    classes = {n.name: n for n in module.body if isinstance(n, ast.ClassDef)}
    findings = []
    for hit in narrowed:
        if not _table_of(module, hit):
            continue
        for key, cls_name in _registrations(module, hit.table.rpartition(".")[2], _upstreams(module, hit)):
            if key in hit.keys or cls_name not in classes:
                continue
            override = _defined(classes, cls_name, hit.method)
            if override is not None and override.lineno in owned:
                called = f"{cls_name}.{hit.method}(" in text or _called_through(module, hit, key)
                findings.append(_finding(trees, path, override, hit, key, cls_name, called, pr_pattern))
    return findings


def _table_of(module: ast.Module, hit: Narrowed) -> bool:
    """The fork's file reads upstream's table: imported by name from its module, or that module imported."""
    scope, name, source = scope_of(module), hit.table.rpartition(".")[2], dotted_name(hit.path)
    return scope.imported.get(name, ("", ""))[0] == source or source in scope.modules.values()


def _upstreams(module: ast.Module, hit: Narrowed) -> tuple[bool, set[str]]:
    """How the file reaches upstream's table: by its bare name (imported from upstream's module and not bound by
    the file itself, review134: a fork table of the name beside an import of the module), and the texts naming
    upstream's module (an alias such as ``cfg``, or the dotted path itself)."""
    scope, name, source = scope_of(module), hit.table.rpartition(".")[2], dotted_name(hit.path)
    own = any(
        isinstance(t, ast.Name) and t.id == name
        for node in module.body
        if isinstance(node, ast.Assign | ast.AnnAssign)
        for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
    )
    bare = scope.imported.get(name, ("", ""))[0] == source and not own
    return bare, {alias for alias, dotted in scope.modules.items() if dotted == source} | {source}


def _registrations(module: ast.Module, table: str, reach: tuple[bool, set[str]]) -> Iterator[tuple[str, str]]:
    """(key, class name) of each store of a class into upstream's ``table`` under a literal key."""
    for node in ast.walk(module):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Name):
            for target in node.targets:
                if isinstance(target, ast.Subscript) and _names(target.value, table, reach):
                    key = target.slice
                    if isinstance(key, ast.Constant) and isinstance(key.value, str):
                        yield key.value, node.value.id
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and _names(node.func.value, table, reach)
        ):
            yield from _stored_by_call(node)


def _called_through(module: ast.Module, hit: Narrowed, key: str) -> bool:
    """The file calls the method on the table's entry itself: ``T["k"].M(...)``; it runs there."""
    for node in ast.walk(module):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == hit.method:
            entry = node.func.value
            if isinstance(entry, ast.Subscript) and isinstance(entry.slice, ast.Constant) and entry.slice.value == key:
                if _last(entry.value) == hit.table.rpartition(".")[2]:
                    return True
    return False


def _stored_by_call(call: ast.Call) -> Iterator[tuple[str, str]]:
    """``T.update({"k": C})``, ``T.update(k=C)``, ``T.setdefault("k", C)``."""
    attr = call.func.attr if isinstance(call.func, ast.Attribute) else ""
    if attr == "update":
        for arg in call.args:
            if isinstance(arg, ast.Dict):
                for k, v in zip(arg.keys, arg.values, strict=True):
                    if isinstance(k, ast.Constant) and isinstance(k.value, str) and isinstance(v, ast.Name):
                        yield k.value, v.id
        for kw in call.keywords:
            if kw.arg is not None and isinstance(kw.value, ast.Name):
                yield kw.arg, kw.value.id
    elif attr == "setdefault" and len(call.args) == 2:
        key, value = call.args
        if isinstance(key, ast.Constant) and isinstance(key.value, str) and isinstance(value, ast.Name):
            yield key.value, value.id


def _names(node: ast.expr, table: str, reach: tuple[bool, set[str]]) -> bool:
    """``node`` reads upstream's ``table``: its bare name where that is upstream's, or an attribute of a name
    (or a dotted path) standing for upstream's module."""
    bare, modules = reach
    if isinstance(node, ast.Name):
        return bare and node.id == table
    return isinstance(node, ast.Attribute) and node.attr == table and ast.unparse(node.value) in modules


def _defined(classes: dict[str, ast.ClassDef], name: str, method: str, depth: int = 0) -> _Def | None:
    """The def of ``method`` in class ``name``'s body, or in a base class of the file (a few steps up)."""
    cls = classes.get(name)
    if cls is None or depth > 4:
        return None
    for stmt in cls.body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.name == method:
            return stmt
    for base in cls.bases:
        if isinstance(base, ast.Name) and (found := _defined(classes, base.id, method, depth + 1)) is not None:
            return found
    return None


def _finding(
    trees: ThreeTrees,
    path: str,
    override: _Def,
    hit: Narrowed,
    key: str,
    cls_name: str,
    called: bool,
    pr_pattern: str,
) -> Finding:
    commit = trees.upstream_commit(hit.path, f"in {hit.table}", pr_pattern, most=5)
    listed = ", ".join(repr(k) for k in sorted(hit.keys))
    also = "; the file calls it itself, where it still runs" if called else ""
    return Finding(
        RULE,
        "merge",
        Severity.WARNING if called else Severity.ERROR,
        path,
        override.lineno,
        f"fork-owned override {cls_name}.{hit.method}() is set into {hit.table} under {key!r}, but upstream's "
        f"{hit.func}() now calls {hit.table}[key].{hit.method}() only for {listed} ({hit.path}{commit}): the "
        f"override no longer runs on that path{also}; do its work where upstream now builds the class",
    )
