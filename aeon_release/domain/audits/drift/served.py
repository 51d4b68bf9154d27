"""The names a module ``__getattr__`` serves, when it serves a closed set of them.

A module-level ``__getattr__`` lets any name be imported from the module, so the definition index
takes a name it cannot find there for UNKNOWN, never reported.  Most such hooks serve a fixed table
and raise AttributeError for anything else: upstream's ``utils/__init__.py`` deprecation shim served
``get_open_port`` (from ``network_utils``) and two profiling helpers by ``if name in
_DEPRECATED_MAPPINGS:``, raising otherwise.  Read as "any name", it hid #27658 (``LayerBlockType``
deleted from that module: the fork's ``from <pkg>.utils import LayerBlockType`` fails at import after the
merge), and with the shim dropped (#31285) the name it served (``from <pkg>.utils import get_open_port``,
lm-eval's spelling) was gone while the index had never seen it there.

A hook is closed when every ``return`` in it sits under a test of the asked name against string
literals (``name == "x"``, ``name in ("x", "y")``) or against the keys of a module-level display that
nothing in the module changes (``name in _TABLE``), or after an early ``if name not in _TABLE: raise``.
Anything else (a return no such test guards, ``globals()``, a computed table) leaves the hook open.

Pure: a parsed module in, the served names (each with the table value that says where it lives, or
None) out.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from aeon_release.domain.audits.source import display_strings, str_value

Served = dict[str, ast.expr | None]
_MUTATORS = frozenset({"update", "add", "setdefault", "append", "extend", "insert", "__setitem__", "pop"})


def served_names(module: ast.Module) -> Served | None:
    """The names the module's ``__getattr__`` serves (name -> the table's value for it, None for a
    literal test), or None when it has no hook, more than one, or an open one."""
    hooks = [
        s for s in module.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) and s.name == "__getattr__"
    ]
    if len(hooks) != 1:
        return None
    hook = hooks[0]
    positional = [*hook.args.posonlyargs, *hook.args.args]
    if not positional or _binds_at_run_time(module, hook):
        return None
    served: Served = {}
    closed = _block(hook.body, positional[0].arg, _tables(module), None, served)
    return served if closed else None


def _binds_at_run_time(module: ast.Module, hook: ast.stmt) -> bool:
    """The module binds names its text does not spell: ``globals()[k] = ...``, ``globals().update(...)``,
    ``vars()`` alike, ``setattr(sys.modules[__name__], ...)`` outside the hook (names a table may not list).
    Reading ``globals()`` (a ``__dir__`` listing it) binds nothing."""
    for stmt in module.body:
        if stmt is hook:
            continue
        for node in ast.walk(stmt):
            if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store) and _namespace(node.value):
                return True
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and _namespace(node.func.value):
                if node.func.attr in _MUTATORS:
                    return True
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr":
                if node.args and "sys.modules" in ast.unparse(node.args[0]):
                    return True
    return False


def _namespace(node: ast.expr) -> bool:
    """``globals()`` or ``vars()``: the module's own namespace."""
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("globals", "vars")


def _block(body: list[ast.stmt], asked: str, tables: dict[str, Served], guard: Served | None, out: Served) -> bool:
    """Walk ``body`` under ``guard`` (the names the enclosing tests let through; None: any); collect what
    each return serves into ``out``.  False when a return is unguarded or the hook does what is not read."""
    for stmt in body:
        if isinstance(stmt, ast.If):
            passed, negated = _test(stmt.test, asked, tables)
            if passed is not None and negated and _raises(stmt.body) and not stmt.orelse:
                guard = passed if guard is None else {k: v for k, v in guard.items() if k in passed}
                continue  # ``if name not in TABLE: raise AttributeError``: what follows serves TABLE
            inner = guard if passed is None or negated else _narrow(guard, passed)
            if not _block(stmt.body, asked, tables, inner, out) or not _block(stmt.orelse, asked, tables, guard, out):
                return False
        elif isinstance(stmt, ast.Return):
            if guard is None:
                return False
            out.update(guard)
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue  # a nested helper returns to its own caller
        else:
            for block in _blocks(stmt):
                if not _block(block, asked, tables, guard, out):
                    return False
    return True


def _narrow(guard: Served | None, passed: Served) -> Served:
    return passed if guard is None else {k: v for k, v in passed.items() if k in guard}


def _blocks(stmt: ast.stmt) -> Iterator[list[ast.stmt]]:
    """The statement blocks a compound statement holds (a ``try``'s handlers too)."""
    for name in ("body", "orelse", "finalbody"):
        block = getattr(stmt, name, None)
        if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
            yield block
    for handler in getattr(stmt, "handlers", []):
        yield handler.body
    for case in getattr(stmt, "cases", []):
        yield case.body


def _raises(body: list[ast.stmt]) -> bool:
    return bool(body) and isinstance(body[-1], ast.Raise)


def _test(test: ast.expr, asked: str, tables: dict[str, Served]) -> tuple[Served | None, bool]:
    """The names ``test`` lets through (name -> table value) and whether it is negated (``not in``,
    ``!=``); (None, False) for a test that is not of the asked name against known strings."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return None, False
    left, op, right = test.left, test.ops[0], test.comparators[0]
    if not (isinstance(left, ast.Name) and left.id == asked):
        return None, False
    negated = isinstance(op, (ast.NotIn, ast.NotEq))
    if isinstance(op, (ast.Eq, ast.NotEq)):
        strings = display_strings(right) if isinstance(right, ast.Constant) else []
        return ({s: None for s in strings} or None), negated
    if not isinstance(op, (ast.In, ast.NotIn)):
        return None, False
    if isinstance(right, ast.Name):
        return tables.get(right.id), negated
    strings = display_strings(right)
    return ({s: None for s in strings} or None), negated


def _tables(module: ast.Module) -> dict[str, Served]:
    """Module-level displays bound once and never changed: name -> their string keys (with values)."""
    found: dict[str, Served] = {}
    bound: dict[str, int] = {}
    for stmt in module.body:
        target, value = _assigned(stmt)
        if target is None:
            continue
        bound[target] = bound.get(target, 0) + 1
        keys = _keys(value) if value is not None else None
        if keys is not None:
            found[target] = keys
    changed = _changed(module)
    return {name: keys for name, keys in found.items() if bound[name] == 1 and name not in changed}


def _assigned(stmt: ast.stmt) -> tuple[str | None, ast.expr | None]:
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
        return stmt.targets[0].id, stmt.value
    if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
        return stmt.target.id, stmt.value
    return None, None


def _keys(value: ast.expr) -> Served | None:
    """A dict display's string keys (with their values), or a set/tuple/list display's strings; None
    for anything else or a display with a non-string key or a ``**`` spread."""
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in ("frozenset", "set"):
        value = value.args[0] if len(value.args) == 1 and not value.keywords else value
    if isinstance(value, ast.Dict):
        keys = [str_value(k) for k in value.keys]
        if any(k is None for k in keys):
            return None  # a ``**`` spread or a key that is not a string
        return {k: v for k, v in zip(keys, value.values, strict=True) if k is not None}
    if isinstance(value, (ast.Set, ast.Tuple, ast.List)):
        strings = display_strings(value)
        return {s: None for s in strings} if len(strings) == len(value.elts) else None
    return None


def _changed(module: ast.Module) -> set[str]:
    """Names the module changes after binding: ``T[k] = v``, ``T |= ...``, ``T.update(...)``, ``global T``."""
    changed: set[str] = set()
    for node in ast.walk(module):
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, (ast.Store, ast.Del)):
            if isinstance(node.value, ast.Name):
                changed.add(node.value.id)
        elif isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
            changed.add(node.target.id)
        elif isinstance(node, ast.Global):
            changed.update(node.names)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in _MUTATORS
            and isinstance(node.func.value, ast.Name)
        ):
            changed.add(node.func.value.id)
    return changed
