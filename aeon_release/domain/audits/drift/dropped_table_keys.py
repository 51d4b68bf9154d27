"""A key upstream dropped from a module's table, passed by the fork to the function that looks it up there.

#17986 renamed the ``"gelu_and_mul"`` entry of ``activation._ACTIVATION_AND_MUL_REGISTRY`` (a
``LazyDict({...})``) to ``"geglu"``.  A fork's ``get_act_and_mul_fn("gelu_and_mul")`` merges cleanly and
raises ValueError when the model is built: the getter checks its argument against the table.  Name drift
asks that a name be gone from every file, and this one lives on (``@CustomOp.register("gelu_and_mul")``
names a class); a choices ``Literal`` (``dropped_choices.py``) is not involved.

Upstream's side: the Python files whose diff removed a ``"key":`` line the fork quotes; in them, a
module-level table -- ``NAME = {...}``, or a call wrapping one display (``LazyDict({...})``) -- whose
string keys at the base hold the key and at upstream, and in the merged file, do not.  Its getters are the
module's functions that look a parameter up in it (``NAME[param]``, ``NAME.get(param)``, ``param in NAME``).
The fork's side, on lines it wrote: the key passed as that parameter (by position or keyword) to a getter,
or subscripting the table (``NAME["key"]``), each resolved to upstream's module (imported, off the imported
module, or on the module's own lines).  An error where the getter raises or subscripts unguarded (the
lookup fails), a warning where it only reads ``.get``, or tests ``param in NAME`` and raises nothing (it
falls back, silently, or takes another way).  Quiet: a key the fork puts back
(``NAME["key"] = ...`` or ``NAME.update(...)`` on a fork line), a name the fork binds itself.  The finding
names the key that now holds the dropped key's value, where one does (a rename).  A key no upstream Python
file spells any more is name drift's (``names.py``), which says it already.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.dropped_caches import named_origin
from aeon_release.domain.audits.drift.module_tables import _bound_names
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_texts
from aeon_release.domain.audits.merge_rules import NAME_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import str_value, walk_spanning

_QUOTED = re.compile(r"""["']([A-Za-z_][\w.-]{2,})["']""")
# a diff's removed dict entry line: ``-    "gelu_and_mul": lambda: GeluAndMul(),``
_REMOVED_KEY = re.compile(r"""\n-[ \t]*["']([A-Za-z_][\w.-]{2,})["'][ \t]*:""")
_Def = ast.FunctionDef | ast.AsyncFunctionDef


@dataclass(frozen=True)
class Table:
    """A module-level table of upstream's ``path`` that lost ``dropped`` keys (each -> its new key, or "")."""

    module: str  # dotted
    path: str
    name: str
    dropped: dict[str, str]
    getters: dict[str, tuple[int, str, bool]]  # function -> (position, parameter, refuses a missing key)


def dropped_table_key_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork lines handing a getter (or subscripting the table with) a key upstream dropped from the table."""
    quoted = {
        k
        for p in trees.mine
        if p.endswith(".py")
        for line in trees.mine[p].added.values()
        for k in _QUOTED.findall(line)
    }
    tables = _tables(trees, quoted) if quoted else []
    if not tables:
        return []
    keys = {k for t in tables for k in t.dropped}
    put_back = _put_back(trees, tables)
    return [
        _finding(trees, path, line, how, key, table, severity, pr_pattern)
        for path, module, owned in fork_modules(trees, lambda line: any(k in line for k in keys))
        for line, how, key, table, severity in _uses(path, module, owned, tables)
        if (table.name, key) not in put_back
    ]


def _tables(trees: ThreeTrees, quoted: set[str]) -> list[Table]:
    paths = sorted(
        p for p in trees.upstream if p.endswith(".py") and set(_REMOVED_KEY.findall(trees.upstream.raw(p))) & quoted
    )
    found: list[Table] = []
    for both in parsed_texts(trees, paths):
        merged = trees.merged_module(both.path)
        old, new = _displays(both.old), _displays(both.new)
        kept = _displays(merged) if merged is not None else {}
        for name, before in old.items():
            if name not in new or name not in kept:
                continue
            gone = {k for k in _keys(before) if k in quoted} - _keys(new[name]) - _keys(kept[name])
            gone = {k for k in gone if trees.python_files_with((k,))}  # a word gone everywhere: name drift's
            getters = _getters(both.new, name)
            if gone and getters:
                dropped = {k: _renamed(before, new[name], k) for k in sorted(gone)}
                found.append(Table(dotted_name(both.path, roots=("",)), both.path, name, dropped, getters))
    return found


def _displays(module: ast.Module) -> dict[str, ast.Dict]:
    """Module-level ``NAME = {...}`` or ``NAME = Wrapper({...})`` (one binding of the name), by name."""
    found: dict[str, ast.Dict] = {}
    seen: set[str] = set()
    for stmt in module.body:
        target, value = _bound(stmt)
        if target is None:
            continue
        if isinstance(value, ast.Call) and len(value.args) == 1 and not value.keywords:
            value = value.args[0]
        if isinstance(value, ast.Dict) and target not in seen:
            found[target] = value
        else:
            found.pop(target, None)
        seen.add(target)
    return found


def _bound(stmt: ast.stmt) -> tuple[str | None, ast.expr | None]:
    if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
        return stmt.target.id, stmt.value
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
        return stmt.targets[0].id, stmt.value
    return None, None


def _keys(display: ast.Dict) -> set[str]:
    return {k for key in display.keys if (k := str_value(key)) is not None}


def _renamed(before: ast.Dict, after: ast.Dict, key: str) -> str:
    """The new key whose value is spelt as the dropped key's was (a rename), else ""."""
    old = {str_value(k): ast.dump(v) for k, v in zip(before.keys, before.values, strict=True) if k is not None}
    new_keys = _keys(after) - set(old)
    return next(
        (
            k
            for kn, v in zip(after.keys, after.values, strict=True)
            if (k := str_value(kn)) in new_keys and ast.dump(v) == old[key]
        ),
        "",
    )


def _getters(module: ast.Module, table: str) -> dict[str, tuple[int, str, bool]]:
    """The module's functions that look one of their parameters up in ``table``."""
    found: dict[str, tuple[int, str, bool]] = {}
    for func in (s for s in module.body if isinstance(s, _Def)):
        params = [a.arg for a in (*func.args.posonlyargs, *func.args.args)]
        looked = [p for p in params if _looks_up(func, table, p)]
        if len(looked) == 1:
            # it raises, or subscripts unguarded; one that tests ``p in NAME`` and raises nothing has another way
            param = looked[0]
            raises = any(isinstance(n, ast.Raise) for n in ast.walk(func))
            refuses = raises or (_subscripts(func, table, param) and not _tests(func, table, param))
            found[func.name] = (params.index(param), param, refuses)
    return found


def _tests(func: _Def, table: str, param: str) -> bool:
    """``param in table`` (or ``not in``) somewhere in the function."""
    return any(
        isinstance(n, ast.Compare)
        and len(n.ops) == 1
        and isinstance(n.ops[0], ast.In | ast.NotIn)
        and _is(n.left, param)
        and _is(n.comparators[0], table)
        for n in ast.walk(func)
    )


def _looks_up(func: _Def, table: str, param: str) -> bool:
    if _tests(func, table, param):
        return True
    for node in ast.walk(func):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
            if _is(node.func.value, table) and node.args and _is(node.args[0], param):
                return True
    return _subscripts(func, table, param)


def _subscripts(func: _Def, table: str, param: str) -> bool:
    return any(
        isinstance(n, ast.Subscript) and _is(n.value, table) and _is(n.slice, param) and isinstance(n.ctx, ast.Load)
        for n in ast.walk(func)
    )


def _is(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _put_back(trees: ThreeTrees, tables: list[Table]) -> set[tuple[str, str]]:
    """(table, key) pairs a fork line stores back: ``NAME["key"] = ...``, or any key on ``NAME.update(``."""
    found: set[tuple[str, str]] = set()
    lines = [line for p in trees.mine if p.endswith(".py") for line in trees.mine[p].added.values()]
    for table in tables:
        word = re.escape(table.name)
        for key in table.dropped:
            stored = re.compile(
                rf"""\b{word}\s*\[\s*["']{re.escape(key)}["']\s*\]\s*=(?!=)|\b{word}\.(?:update|setdefault)\("""
            )
            if any(stored.search(line) for line in lines):
                found.add((table.name, key))
    return found


def _uses(
    path: str, module: ast.Module, owned: set[int], tables: list[Table]
) -> Iterator[tuple[int, str, str, Table, Severity]]:
    imports, here = file_imports(module, path), dotted_name(path, roots=("",))
    nested, top = _bound_names(module)
    bound = nested | top
    for node in walk_spanning(module, owned):
        if getattr(node, "lineno", 0) not in owned:
            continue
        if isinstance(node, ast.Call):
            yield from _getter_call(node, imports, here, bound, tables)
        elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load):
            origin = named_origin(node.value, imports, here, bound)
            key = str_value(node.slice)
            for table in tables:
                if origin == (table.module, table.name) and key in table.dropped:
                    yield node.lineno, f"reads {ast.unparse(node)}", key, table, Severity.ERROR


def _getter_call(
    call: ast.Call, imports: dict[str, tuple[str, str]], here: str, bound: set[str], tables: list[Table]
) -> Iterator[tuple[int, str, str, Table, Severity]]:
    origin = named_origin(call.func, imports, here, bound)
    for table in tables:
        if origin is None or origin[0] != table.module or origin[1] not in table.getters:
            continue
        position, param, refuses = table.getters[origin[1]]
        passed = call.args[position] if position < len(call.args) else None
        passed = next((k.value for k in call.keywords if k.arg == param), passed)
        key = str_value(passed)
        if key in table.dropped:
            how = f'passes "{key}" to {ast.unparse(call.func)}()'
            yield call.lineno, how, key, table, Severity.ERROR if refuses else Severity.WARNING


def _finding(
    trees: ThreeTrees, path: str, line: int, how: str, key: str, table: Table, severity: Severity, pr_pattern: str
) -> Finding:
    commit = trees.upstream_commit(table.path, rf"""["']{re.escape(key)}["'][[:space:]]*:""", pr_pattern)
    now = f' (its entry is "{table.dropped[key]}" now)' if table.dropped[key] else ""
    tail = "so the lookup fails" if severity is Severity.ERROR else "so the lookup falls back, silently"
    message = (
        f"fork-owned line {how}, but upstream dropped the key from {table.module}.{table.name}{now} "
        f"({table.path}{commit}): {tail}; use the key upstream has now, or put the entry back in the fork"
    )
    return Finding(RULE, "merge", severity, path, line, message)
