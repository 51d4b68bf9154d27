"""The names a module-level ``__getattr__`` answers, when it answers a finite set of them.

Upstream keeps old names alive through a module ``__getattr__`` (a deprecation shim) and drops them later:
#35441 removed ``multimodal/utils.py``'s ``__getattr__``, which answered only ``MEDIA_CONNECTOR_REGISTRY``,
and #27588 moved ``Device`` and ``Counter`` out of the ``utils`` package's ``__init__``, whose ``__getattr__``
answers only the keys of ``_DEPRECATED_MAPPINGS``.  A module with a ``__getattr__`` used to count as answering any
name, so a fork import of a name the module stopped binding stayed UNKNOWN.  A ``__getattr__`` whose every
``return`` sits under a test of the name against string constants (``name == "X"``, ``name in {...}``,
``name in MAPPING`` of a module-level literal) and which raises for any other name answers exactly those
names; any other name is gone.  Anything this cannot read (a ``startswith``, a call, a fall-through
``return None``) keeps the module open.  A hook defined inside an ``if`` (``if sys.version_info >= ...:``,
``if not TYPE_CHECKING:``) or a ``try`` is read the same way; a module with one in each branch answers the
names of both (killers46: such a hook used to keep the module open to every name).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from aeon_release.domain.audits import source

_Guard = frozenset[str] | None  # the names a statement runs for; None: any name


def _hooks(tree: ast.Module) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """The module's ``__getattr__`` definitions: at its top level or in its ``if``/``try`` blocks."""
    return [
        s
        for s in source.flat_statements(tree.body, deep=True)
        if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) and s.name == "__getattr__"
    ]


def served_names(tree: ast.Module) -> frozenset[str] | None:
    """The names the module's ``__getattr__`` answers; None when it may answer any name (or is absent)."""
    hooks = _hooks(tree)
    if not hooks or _binds_at_run_time(tree, hooks):
        return None  # ``globals()[name] = ...``: the module binds names no statement spells
    constants = _constant_tables(tree)
    served: set[str] = set()
    for hook in hooks:
        if not hook.args.args or not hook.body or not isinstance(hook.body[-1], (ast.Raise, ast.Return)):
            return None  # a body that can fall through returns None for any name (a final return is guarded below)
        for guard in _return_guards(hook.body, None, hook.args.args[0].arg, constants):
            if guard is None:
                return None
            served |= guard
    return frozenset(served)


def _binds_at_run_time(tree: ast.Module, hooks: list[ast.FunctionDef | ast.AsyncFunctionDef]) -> bool:
    """The module binds names its text does not spell: ``globals()[k] = ...``, ``globals().update(...)``,
    ``vars()`` alike, ``setattr(sys.modules[__name__], ...)`` outside the hook.  Reading ``globals()`` binds
    nothing: the upstream shim's own ``__dir__`` lists ``globals().keys()`` (killers43: counted as a write,
    it reopened the very module #27658 and #31285 changed)."""
    inside = {id(node) for hook in hooks for node in ast.walk(hook)}
    for stmt in tree.body:
        for node in ast.walk(stmt):
            if id(node) in inside:
                continue
            if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store) and _namespace(node.value):
                return True
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and _namespace(node.func.value):
                if node.func.attr in _GROWERS | {"pop", "clear"}:
                    return True
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr":
                if node.args and "sys.modules" in ast.unparse(node.args[0]):
                    return True
    return False


def _namespace(node: ast.expr) -> bool:
    """``globals()`` or ``vars()``: the module's own namespace."""
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("globals", "vars")


def table_value(tree: ast.Module, name: str) -> ast.expr | None:
    """The value a module-level dict display of string keys holds for ``name`` (a shim's table: ``{"get_open_port":
    "network_utils"}`` says where the name lives); None when no such table holds it."""
    for stmt in tree.body:
        value = stmt.value if isinstance(stmt, (ast.Assign, ast.AnnAssign)) else None
        if isinstance(value, ast.Dict):
            for key, item in zip(value.keys, value.values, strict=True):
                if isinstance(key, ast.Constant) and key.value == name:
                    return item
    return None


def _constant_tables(tree: ast.Module) -> dict[str, frozenset[str]]:
    """Module-level names bound once to a literal dict/set/list/tuple of string keys or items."""
    tables: dict[str, frozenset[str]] = {}
    for stmt in source.flat_statements(tree.body, deep=True):
        targets = (
            stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target] if isinstance(stmt, ast.AnnAssign) else []
        )
        value = stmt.value if isinstance(stmt, (ast.Assign, ast.AnnAssign)) else None
        keys = (
            _strings(value.keys if isinstance(value, ast.Dict) else value.elts)
            if isinstance(value, (ast.Dict, ast.Set, ast.List, ast.Tuple))
            else None
        )
        for target in targets:
            if isinstance(target, ast.Name):
                tables[target.id] = keys if keys is not None and target.id not in tables else frozenset()
    mutated = _mutated(tree)
    return {k: v for k, v in tables.items() if v and k not in mutated}


_GROWERS = frozenset({"update", "setdefault", "add", "append", "extend", "insert", "__setitem__"})


def _mutated(tree: ast.Module) -> frozenset[str]:
    """Names the module grows after binding them (``X[k] = ...``, ``X.update(...)``, ``X |= ...``): a
    table filled at import time (a registering decorator) answers more than its literal's keys."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store) and isinstance(node.value, ast.Name):
            out.add(node.value.id)
        elif isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
            out.add(node.target.id)
        elif isinstance(node, ast.Attribute) and node.attr in _GROWERS and isinstance(node.value, ast.Name):
            out.add(node.value.id)
    return frozenset(out)


def _strings(nodes: list[ast.expr | None] | list[ast.expr]) -> frozenset[str] | None:
    out = [s for n in nodes if (s := source.str_value(n)) is not None]
    return frozenset(out) if len(out) == len(nodes) else None


def _return_guards(
    body: list[ast.stmt], guard: _Guard, param: str, tables: dict[str, frozenset[str]]
) -> Iterator[_Guard]:
    """The guard of every ``return`` in ``body`` (None: a return any name reaches)."""
    for stmt in body:
        if isinstance(stmt, ast.Return):
            yield guard
        elif isinstance(stmt, ast.If):
            positive, negative = _test(stmt.test, param, tables)
            if positive is not None:
                yield from _return_guards(stmt.body, _narrow(guard, positive), param, tables)
                yield from _return_guards(stmt.orelse, guard, param, tables)
            elif negative is not None and stmt.body and isinstance(stmt.body[-1], ast.Raise):
                yield from _return_guards(stmt.orelse, guard, param, tables)
                guard = _narrow(guard, negative)  # ``if name not in X: raise``: what follows runs for X only
            else:
                yield from _return_guards(stmt.body, guard, param, tables)
                yield from _return_guards(stmt.orelse, guard, param, tables)
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue  # a nested def's returns are its own
        else:
            for field in ("body", "orelse", "finalbody", "handlers", "cases"):
                inner = getattr(stmt, field, None)
                if isinstance(inner, list):
                    for sub in inner:
                        blocks = sub.body if isinstance(sub, (ast.ExceptHandler, ast.match_case)) else [sub]
                        yield from _return_guards(blocks, None if field == "cases" else guard, param, tables)


def _narrow(guard: _Guard, names: frozenset[str]) -> frozenset[str]:
    return names if guard is None else guard & names


def _test(
    test: ast.expr, param: str, tables: dict[str, frozenset[str]]
) -> tuple[frozenset[str] | None, frozenset[str] | None]:
    """(names the test holds for, names its negation holds for): one of them, or neither when unread."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or):
        parts = [_test(v, param, tables)[0] for v in test.values]
        known = [p for p in parts if p is not None]
        return (frozenset().union(*known), None) if len(known) == len(parts) else (None, None)
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.left, ast.Name)):
        return None, None
    if test.left.id != param:
        return None, None
    op, right = test.ops[0], test.comparators[0]
    if isinstance(op, (ast.Eq, ast.NotEq)):
        names = _strings([right])
    elif isinstance(op, (ast.In, ast.NotIn)):
        names = _members(right, tables)
    else:
        return None, None
    if names is None:
        return None, None
    return (names, None) if isinstance(op, (ast.Eq, ast.In)) else (None, names)


def _members(node: ast.expr, tables: dict[str, frozenset[str]]) -> frozenset[str] | None:
    if isinstance(node, (ast.Set, ast.List, ast.Tuple)):
        return _strings(node.elts)
    if isinstance(node, ast.Dict):
        return _strings(node.keys)
    if isinstance(node, ast.Name):
        return tables.get(node.id)
    return None


def shim_returns(tree: ast.Module) -> dict[str, tuple[ast.expr, list[ast.ImportFrom]]]:
    """For each name a closed ``__getattr__`` answers on its own (``if name == "X": return Y``), the
    returned expression and the imports the hook makes, so the shim's name resolves to what it hands out."""
    out: dict[str, tuple[ast.expr, list[ast.ImportFrom]]] = {}
    for hook in _hooks(tree):
        out.update(_shim_returns(hook))
    return out


def _shim_returns(hook: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, tuple[ast.expr, list[ast.ImportFrom]]]:
    if not hook.args.args:
        return {}
    imports = [n for n in ast.walk(hook) if isinstance(n, ast.ImportFrom)]
    out: dict[str, tuple[ast.expr, list[ast.ImportFrom]]] = {}
    for stmt in ast.walk(hook):
        if not isinstance(stmt, ast.If):
            continue
        positive = _test(stmt.test, hook.args.args[0].arg, {})[0]
        if positive is None or len(positive) != 1:
            continue
        value = next((s.value for s in stmt.body if isinstance(s, ast.Return) and s.value is not None), None)
        if value is not None:
            out[next(iter(positive))] = (value, imports)
    return out
