"""Table parameter drift: every function a module's table holds gained a required parameter; a fork function
put into the same table lacks it.

#21981 gave each of the serving benchmark's request functions a shared HTTP session: ``async_request_openai_
completions(request_func_input, pbar=None)`` became ``(request_func_input, session, pbar=None)``, and so did
every other value of ``ASYNC_REQUEST_FUNCS = {"openai": ..., "openai-chat": ..., ...}``; the caller, which finds the
function by the backend's name, now passes ``session=``.  A fork's ``ASYNC_REQUEST_FUNCS["aeon"] =
aeon_request`` with ``async def aeon_request(request_func_input, pbar=None)`` merges cleanly and raises
TypeError on the first request.  No override or call ties the fork's function to upstream's: only the table.

Upstream's side: a changed Python file whose diff removed a ``def`` line; parsed at both ends, a module-level
dict display bound to a name the fork writes into, whose values name at least two of the file's top-level
functions, each present at both ends; a parameter none of them had at the base and all of them require at
upstream (no default), so whoever calls the table's entries must pass it.  A parameter with a default says
nothing of the caller, and one function's change is not the table's.  The fork's side: a fork-owned
``T[key] = func`` (or ``T.update({key: func})``) into that table (imported from the file, or written through
the module), ``func`` a function of the fork's file without that parameter, ``**kwargs`` or (for a positional
one) ``*args``: an error on its ``def``.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.pyindex import dotted_name, import_base
from aeon_release.domain.audits.drift.registered_params import _imports
from aeon_release.domain.audits.drift.sides import ThreeTrees, both_texts, fork_found
from aeon_release.domain.audits.drift.signatures import Sig, signature
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import TEST_PATH, lazy_pattern, parent_map, parse_python

_DEF_REMOVED = lazy_pattern(r"\n-[ \t]*(?:async[ \t]+)?def[ \t]+\w+[ \t]*\(")
# a fork line writing a function into a table: ``T["key"] = func``, ``mod.T[k] = func``, ``T.update({``
_WRITTEN = lazy_pattern(r"(\w+)[ \t]*(?:\[[^\]\n]+\][ \t]*=[ \t]*\w+[ \t]*$|\.update[ \t]*\([ \t]*\{)")


@dataclass(frozen=True)
class Gained:
    """The functions table ``table`` of ``module`` (``path``) holds all gained required ``param``."""

    table: str
    module: str
    path: str
    param: str
    positional: bool
    sibling: str  # one of the table's functions, for the message
    slot: int = -1  # the positional index every function gave it (-1: none shared)
    known: frozenset[str] = frozenset()  # the parameters the table's functions take at upstream
    width: int = 0  # the fewest positional parameters any of them takes at upstream


def table_param_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    tables = fork_found(trees, _WRITTEN)
    paths = [p for p in trees.upstream.matching(_DEF_REMOVED, ".py") if not TEST_PATH.search(p)] if tables else []
    paths = sorted(trees.upstream_files_with(tuple(sorted(tables)), paths)) if paths else []  # the table's file
    gained = _gained(trees, paths, tables) if paths else []
    if not gained:
        return []
    findings: list[Finding] = []
    for path in sorted(p for p in trees.mine if p.endswith(".py") and not TEST_PATH.search(p)):
        added = " ".join(trees.mine[path].added.values())
        mine = [g for g in gained if g.table in added]
        module = trees.merged_module(path) if mine else None
        if module is not None:
            findings += [
                _finding(trees, path, line, g, pr_pattern) for line, g in _fork_defs(trees, path, module, mine)
            ]
    return findings


# -- upstream's side ------------------------------------------------------------------------------
def _gained(trees: ThreeTrees, paths: list[str], tables: set[str]) -> list[Gained]:
    before, after = both_texts(trees, paths)
    found: list[Gained] = []
    for path in paths:
        if not any(t in (after[path] or "") for t in tables):
            continue
        old = parse_python(before[path] or "", path) if before[path] else None
        new = parse_python(after[path] or "", path) if after[path] else None
        if old is not None and new is not None:
            found += _file_gains(path, old, new, tables)
    return found


def _file_gains(path: str, old: ast.Module, new: ast.Module, tables: set[str]) -> Iterator[Gained]:
    was, now = _functions(old), _functions(new)
    for table, names in _tables(new, tables).items():
        members = sorted(n for n in names if n in was and n in now)
        if len(members) < 2:
            continue
        sigs = [(signature(was[n], bound=False), signature(now[n], bound=False)) for n in members]
        if any(b is None or a is None for b, a in sigs):
            continue
        after = [a for _, a in sigs if a is not None]
        known = frozenset(n for a in after for n in _names(a))
        for param in _gained_by_all([(b, a) for b, a in sigs if b is not None and a is not None]):
            positional = all(param in a.positional for a in after)
            slots = {a.positional.index(param) for a in after} if positional else set()
            slot = slots.pop() if len(slots) == 1 else -1
            width = min(len(a.positional) for a in after)
            module = dotted_name(path, roots=("",))
            yield Gained(table, module, path, param, positional, members[0], slot, known, width)


def _functions(module: ast.Module) -> dict[str, ast.FunctionDef | ast.AsyncFunctionDef]:
    return {s.name: s for s in module.body if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef)}


def _tables(module: ast.Module, wanted: set[str]) -> dict[str, set[str]]:
    """Module-level ``NAME = {key: func, ...}`` (annotated too) for the wanted names: the function names held."""
    found: dict[str, set[str]] = {}
    for stmt in module.body:
        if not isinstance(stmt, ast.Assign | ast.AnnAssign):
            continue
        target = stmt.target if isinstance(stmt, ast.AnnAssign) else stmt.targets[0]
        if isinstance(target, ast.Name) and target.id in wanted and isinstance(stmt.value, ast.Dict):
            found[target.id] = {v.id for v in stmt.value.values if isinstance(v, ast.Name)}
    return found


def _gained_by_all(pairs: list[tuple[Sig, Sig]]) -> set[str]:
    """The parameters none of the functions had at the base and all of them require at upstream."""
    common: set[str] | None = None
    for before, after in pairs:
        new = {p for p in (*after.positional, *after.kwonly) if after.required(p)} - _names(before)
        common = new if common is None else common & new
    return common or set()


def _names(sig: Sig) -> set[str]:
    return {*sig.positional, *sig.kwonly}


# -- the fork's side ------------------------------------------------------------------------------
def _fork_defs(trees: ThreeTrees, path: str, module: ast.Module, gained: list[Gained]) -> Iterator[tuple[int, Gained]]:
    owned = trees.owned_lines(path)
    sources = module_sources(module, path)
    parents = parent_map(module)
    for node in ast.walk(module):
        if getattr(node, "lineno", 0) not in owned:
            continue
        for table, value in _writes(node):
            func = _resolved(value, node, parents)
            sig = signature(func, bound=False) if func is not None else None
            if func is None or sig is None:
                continue
            for g in gained:
                if g.table == _last(table) and read_from_module(table, g.module, sources) and _lacks(sig, g):
                    if not _version_checked(node, g.param, parents) and not _overwritten(node, parents):
                        yield func.lineno, g


def _resolved(name: str, node: ast.AST, parents: dict[int, ast.AST]) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The ``def`` the name written at ``node`` is, looked up from the innermost scope out (a local ``def``
    of a ``register()`` shadows a top-level one); None where the scope binds it otherwise too (``f =
    wrap(f)``: an adapter's signature is not the def's) or decorates it (a decorator may add the parameter)."""
    scope, first = parents.get(id(node)), True
    while scope is not None:
        # a class body's names are seen from that body only, not from the defs it holds
        if isinstance(scope, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef) or (
            first and isinstance(scope, ast.ClassDef)
        ):
            first = False
            bound = _bindings(scope, name)
            if bound:
                only = bound[0] if len(bound) == 1 else None
                if isinstance(only, ast.FunctionDef | ast.AsyncFunctionDef) and _plain(only):
                    return only
                return None
        scope = parents.get(id(scope))
    return None


def _plain(func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Undecorated, or only ``@staticmethod`` (its signature is the def's)."""
    return all(isinstance(d, ast.Name) and d.id == "staticmethod" for d in func.decorator_list)


def _overwritten(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """A later statement of the same block writes the same constant key of the same table (``T["k"] = old``
    then ``T["k"] = new``): the last write wins, the earlier one is never called through the table."""
    if not (isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Subscript)):
        return False
    if not isinstance(node.targets[0].slice, ast.Constant):
        return False
    where = ast.unparse(node.targets[0])
    block = next((b for b in _blocks(parents.get(id(node))) if node in b), [])
    later = block[block.index(node) + 1 :] if block else []
    return any(isinstance(s, ast.Assign) and any(ast.unparse(t) == where for t in s.targets) for s in later)


def _blocks(owner: ast.AST | None) -> list[list[ast.stmt]]:
    return [getattr(owner, f) for f in ("body", "orelse", "finalbody") if isinstance(getattr(owner, f, None), list)]


def _bindings(scope: ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef, name: str) -> list[ast.AST]:
    """What binds ``name`` in ``scope`` itself (not in the functions and classes it holds): defs, classes,
    assignments, parameters, imports."""
    found: list[ast.AST] = []
    params = list(ast.iter_child_nodes(scope.args)) if isinstance(scope, ast.FunctionDef | ast.AsyncFunctionDef) else []
    todo = list(scope.body) + params
    while todo:
        node = todo.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            found += [node] if getattr(node, "name", None) == name else []
            continue
        if _binds(node, name):
            found.append(node)
        todo.extend(ast.iter_child_nodes(node))
    return found


def _binds(node: ast.AST, name: str) -> bool:
    if isinstance(node, ast.Name):
        return node.id == name and isinstance(node.ctx, ast.Store)
    if isinstance(node, ast.alias):
        return (node.asname or node.name.split(".")[0]) == name
    return isinstance(node, ast.arg) and node.arg == name


# a test that asks what a function takes: ``"session" in inspect.signature(f).parameters``, ``hasattr(...)``,
# or which release of the library runs (``Version(lib.__version__) < Version("x.y")``, ``sys.version_info``)
_INTROSPECTION = frozenset(
    {"signature", "getfullargspec", "getargspec", "hasattr", "parameters", "co_varnames"}
    | {"__version__", "Version", "version", "version_info"}
)


def _version_checked(node: ast.AST, param: str, parents: dict[int, ast.AST]) -> bool:
    """The write sits under an ``if`` (either branch) whose test names the parameter or asks a function's
    signature: the fork registers each function where upstream's side takes it."""
    up = parents.get(id(node))
    while up is not None:
        if isinstance(up, ast.If | ast.IfExp) and any(_asks(n, param) for n in ast.walk(up.test)):
            return True
        up = parents.get(id(up))
    return False


def _asks(node: ast.AST, param: str) -> bool:
    if isinstance(node, ast.Constant):
        return node.value == param
    if isinstance(node, ast.Name):
        return node.id == param or node.id in _INTROSPECTION
    return isinstance(node, ast.Attribute) and (node.attr == param or node.attr in _INTROSPECTION)


def _writes(node: ast.AST) -> Iterator[tuple[ast.expr, str]]:
    """(table, function name) a statement writes: ``T[k] = f``, ``T.update({k: f})``."""
    if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Subscript):
        if isinstance(node.value, ast.Name):
            yield node.targets[0].value, node.value.id
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "update":
        for arg in node.args[:1]:
            if isinstance(arg, ast.Dict):
                yield from ((node.func.value, v.id) for v in arg.values if isinstance(v, ast.Name))


def _last(node: ast.expr) -> str:
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""


def read_from_module(table: ast.expr, module: str, sources: dict[str, str]) -> bool:
    """The fork's table is ``module``'s: imported from it (``sources``: local name -> the module it comes
    from), or read off the module itself (``mod.T``: ``sources["mod."]`` is the module ``mod`` is)."""
    if isinstance(table, ast.Name):
        return sources.get(table.id) == module
    if isinstance(table, ast.Attribute) and isinstance(table.value, ast.Name):
        return sources.get(f"{table.value.id}.") == module
    return False


def module_sources(tree: ast.Module, path: str) -> dict[str, str]:
    """``_imports`` (a name -> the module it is imported from) plus, under ``name.``, the module a local name
    is (``from a.b import c as m``: ``m.`` -> ``a.b.c``; ``import a.b as m``: ``a.b``)."""
    sources = _imports(tree, path)
    here = dotted_name(path, roots=("",))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            sources |= {f"{a.asname or a.name}.": f"{import_base(node, here, path)}.{a.name}" for a in node.names}
        elif isinstance(node, ast.Import):
            sources |= {
                f"{a.asname or a.name.split('.')[0]}.": a.name if a.asname else a.name.split(".")[0] for a in node.names
            }
    return sources


def _lacks(sig: Sig, g: Gained) -> bool:
    """The fork's function cannot take the parameter the table's caller now passes."""
    if g.param in _names(sig) or sig.varkw:
        return False
    return not (g.positional and (sig.varargs or _slot_taken(sig, g)))


def _slot_taken(sig: Sig, g: Gained) -> bool:
    """The fork's function fills the parameter's positional slot under a name of its own (``sess`` for
    ``session``; the base's ``request_func_input`` where upstream renamed it): a caller passing by position
    fills it.  A name upstream's functions use elsewhere (``pbar`` where ``session`` now goes) is not that,
    nor a def with fewer positional slots than upstream's (a positional caller passes one too many)."""
    return (
        0 <= g.slot < len(sig.positional) and sig.positional[g.slot] not in g.known and len(sig.positional) >= g.width
    )


def _finding(trees: ThreeTrees, path: str, line: int, g: Gained, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(g.path, rf"\b{re.escape(g.param)}\b", pr_pattern, most=5)
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        path,
        line,
        f"fork-owned function put into {g.table} takes no {g.param}, but upstream made every function of that "
        f"table require it ({g.sibling} in {g.path}{commit}), so the table's caller passes it: this def raises "
        f"TypeError when called; add the parameter (or **kwargs)",
    )
