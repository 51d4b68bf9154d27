"""A table entry upstream now builds as another class, read by the fork for what the old class was.

#37469 made ``activation._ACTIVATION_REGISTRY["gelu"]`` (a ``LazyDict`` of factories) build the project's own
``GELU()`` CustomOp where it built ``nn.GELU()``.  A fork's ``get_act_fn("gelu").approximate`` merges cleanly
and raises AttributeError (the new class has no ``approximate``); ``isinstance(get_act_fn("gelu"), nn.GELU)``
turns False, silently.  The key is still there, so no key check speaks.

Upstream's side: ``dropped_table_keys``' tables (a module-level dict display, or a call wrapping one, and the
module's functions that look a parameter up in it) whose diff removed and re-added an entry the fork quotes,
the entry's value building another class at upstream (and in the merged file) than at the base -- ``lambda:
Cls(...)`` or the class itself.  The fork's side, on lines it wrote: a getter's result for that key (the key a
literal, passed as the looked-up parameter; or ``NAME["key"]``), directly or through a local bound once, read
for an attribute the new class does not define itself (a method, a class attribute or a ``self.x =`` of the
module's own class; a class of another module is not read), or tested with ``isinstance`` against the old
class: a warning, as the new class may inherit what the line wants.  A key left as it was, and a call of the
result (``act(x)``), are quiet.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.dropped_caches import named_origin
from aeon_release.domain.audits.drift.dropped_table_keys import _QUOTED, _getters, table_versions
from aeon_release.domain.audits.drift.module_tables import _bound_names
from aeon_release.domain.audits.drift.own_fields import enclosing
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, self_writes
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.retyped import names_bound_once
from aeon_release.domain.audits.drift.sides import ThreeTrees, fork_added
from aeon_release.domain.audits.merge_rules import TYPE_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import parent_map, str_value, walk_spanning

_Def = ast.FunctionDef | ast.AsyncFunctionDef


@dataclass(frozen=True)
class Rebuilt:
    """Keys of ``module.name`` whose entry builds another class: key -> (old class, new class, new's own names)."""

    module: str
    path: str
    name: str
    entries: dict[str, tuple[str, str, frozenset[str] | None]]
    getters: dict[str, tuple[int, str, bool]]


def rebuilt_entry_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork lines reading a table entry's product for what its old class had."""
    lines = fork_added(trees)
    quoted = {k for line in lines for k in _QUOTED.findall(line)}
    tables = _rebuilt(trees, quoted) if quoted else []
    if not tables:
        return []
    keys = {k for t in tables for k in t.entries}
    return [
        _finding(trees, path, line, how, key, table, pr_pattern)
        for path, module, owned in fork_modules(trees, lambda text: any(k in text for k in keys))
        for line, how, key, table in _uses(path, module, owned, tables)
    ]


def _rebuilt(trees: ThreeTrees, quoted: set[str]) -> list[Rebuilt]:
    found: list[Rebuilt] = []
    for both, old, new, kept in table_versions(trees, quoted):
        for name in sorted(old.keys() & new.keys() & kept.keys()):
            before, after, now = _built(old[name]), _built(new[name]), _built(kept[name])
            entries = {
                k: (before[k], after[k], _own_names(both.new, after[k]))
                for k in sorted(quoted & before.keys() & after.keys())
                if before[k] != after[k] and now.get(k) == after[k]
            }
            getters = _getters(both.new, name)
            if entries and getters:
                found.append(Rebuilt(dotted_name(both.path, roots=("",)), both.path, name, entries, getters))
    return found


def _built(display: ast.Dict) -> dict[str, str]:
    """key -> the class its entry builds (``lambda: Cls(...)``'s ``Cls``, or the class itself), as spelt."""
    found: dict[str, str] = {}
    for key, value in zip(display.keys, display.values, strict=True):
        k = str_value(key)
        body = value.body if isinstance(value, ast.Lambda) else value
        made = body.func if isinstance(body, ast.Call) and isinstance(value, ast.Lambda) else body
        if k is not None and isinstance(made, ast.Name | ast.Attribute):
            found[k] = ast.unparse(made)
    return found


def _own_names(module: ast.Module, cls: str) -> frozenset[str] | None:
    """The names the module's own class ``cls`` defines (members, ``self.x =``), or None for another's."""
    node = next((s for s in module.body if isinstance(s, ast.ClassDef) and s.name == cls), None)
    if node is None:
        return None
    names: set[str] = set()
    for stmt in node.body:
        if isinstance(stmt, _Def):
            names.add(stmt.name)
            names |= set(self_writes(stmt))
        elif isinstance(stmt, ast.Assign | ast.AnnAssign):
            names |= {
                t.id
                for t in (stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target])
                if isinstance(t, ast.Name)
            }
    return frozenset(names)


def _uses(
    path: str, module: ast.Module, owned: set[int], tables: list[Rebuilt]
) -> Iterator[tuple[int, str, str, Rebuilt]]:
    imports, here = file_imports(module, path), dotted_name(path, roots=("",))
    nested, top = _bound_names(module)
    parents = parent_map(module)
    for node in walk_spanning(module, owned):
        if getattr(node, "lineno", 0) not in owned or not isinstance(node, ast.Call | ast.Subscript):
            continue
        got = _entry(node, imports, here, nested | top, tables)
        if got is not None:
            key, table = got
            for line, how in _reads(node, parents, table.entries[key]):
                if line in owned:
                    yield line, how, key, table


def _entry(
    node: ast.Call | ast.Subscript,
    imports: dict[str, tuple[str, str]],
    here: str,
    bound: set[str],
    tables: list[Rebuilt],
) -> tuple[str, Rebuilt] | None:
    for table in tables:
        if isinstance(node, ast.Subscript):
            if named_origin(node.value, imports, here, bound) == (table.module, table.name):
                key = str_value(node.slice)
                return (key, table) if key in table.entries else None
            continue
        origin = named_origin(node.func, imports, here, bound)
        if origin is None or origin[0] != table.module or origin[1] not in table.getters:
            continue
        position, param, _ = table.getters[origin[1]]
        passed = node.args[position] if position < len(node.args) else None
        key = str_value(next((k.value for k in node.keywords if k.arg == param), passed))
        if key in table.entries:
            return key, table
    return None


def _reads(
    node: ast.expr, parents: dict[int, ast.AST], entry: tuple[str, str, frozenset[str] | None]
) -> Iterator[tuple[int, str]]:
    """The reads of ``node``'s value (itself, or a local bound once to it) for what the old class was."""
    values: list[ast.expr] = [node]
    parent = parents.get(id(node))
    scope = enclosing(node, parents)
    if isinstance(parent, ast.Assign) and len(parent.targets) == 1 and isinstance(parent.targets[0], ast.Name):
        name = parent.targets[0].id
        if isinstance(scope, _Def) and names_bound_once(scope).get(name) is node:
            values = [
                n for n in ast.walk(scope) if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)
            ]
    old, _, own = entry
    for value in values:
        up = parents.get(id(value))
        if isinstance(up, ast.Attribute) and up.value is value and own is not None and up.attr not in own:
            yield up.lineno, f"reads .{up.attr} off {ast.unparse(value)}"
        elif _isinstance_of(up, value, old):
            yield value.lineno, f"tests {ast.unparse(value)} with isinstance against {old}"


def _isinstance_of(call: ast.AST | None, value: ast.expr, old: str) -> bool:
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "isinstance"):
        return False
    if len(call.args) != 2 or call.args[0] is not value:
        return False
    kinds = call.args[1].elts if isinstance(call.args[1], ast.Tuple) else [call.args[1]]
    last = old.rsplit(".", 1)[-1]
    return any(ast.unparse(k).rsplit(".", 1)[-1] == last for k in kinds)


def _finding(trees: ThreeTrees, path: str, line: int, how: str, key: str, table: Rebuilt, pr_pattern: str) -> Finding:
    old, new, _ = table.entries[key]
    commit = trees.upstream_commit(table.path, rf"""["']{re.escape(key)}["'][[:space:]]*:""", pr_pattern)
    message = (
        f'fork-owned line {how}, but upstream made {table.module}.{table.name}["{key}"] build {new} '
        f"(was {old}; {table.path}{commit}): check that {new} has what the line expects of {old}"
    )
    return Finding(RULE, "merge", Severity.WARNING, path, line, message)
