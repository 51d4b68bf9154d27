"""A ``functools.partial`` built in one place of a fork file and called in another.

Symbol drift judges a partial where it is built as the call it prepares, with what it leaves out passed
later (``partial(Cls, a, k=v)`` cannot miss a parameter), and a name its scope binds once to a partial,
called in that scope or the module's, with the partial's arguments merged in.  A fork's factory hides the
partial one step further: ``make = chat_factory(client, models)`` then ``make(template=None)``, or
``self.make = functools.partial(Cls, config)`` in ``__init__`` then ``self.make(x)`` in another method.
When upstream made a parameter of ``Cls`` required, neither the partial (its later call may pass it) nor the
later call (it calls a name, not ``Cls``) says so: the later call is the one that breaks.

The rule here: a partial a file binds where one value is known gives its call sites the partial's bound
arguments.  Known means an undecorated module function (or method of the class, called on the method's
receiver) whose one ``return`` hands back a partial; a local or module name bound once to a call of such a factory;
and an attribute stored once in the whole file, inside a method of the class, on the method's receiver,
to a partial or a factory's call.  Anything rebound (a second store, a ``setattr`` by name, a ``global``,
a parameter of the name) has an unknown value and is left alone.  An argument the partial binds from the
factory's own locals (its parameters) is masked: it is a value of another scope, so the checks that read
an argument's type must not resolve its name in the caller's scope.  The keys handed back are the
spellings of the callee: ``name``, ``me.attr``, ``factory()`` and ``me.method()``.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from aeon_release.domain.audits.source import last_name, own_scope_nodes

_Func = ast.FunctionDef | ast.AsyncFunctionDef
# the stand-in for an argument the partial took from its factory's scope: a name no code can bind
MASK = "__held_argument__"


def held_key(func: ast.expr) -> str | None:
    """The spelling a call's callee is filed under: ``name``, ``me.attr``, ``factory()``, ``me.method()``."""
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        return f"{func.value.id}.{func.attr}"
    if isinstance(func, ast.Call) and (inner := held_key(func.func)) is not None and "(" not in inner:
        return f"{inner}()"
    return None


class HeldPartials:
    """The partials of one merge's fork files, worked out once per module and once per class (a class of
    fifty methods asks for its stored attributes fifty times)."""

    def __init__(self) -> None:
        self._modules: dict[int, tuple[dict[str, ast.Call], dict[str, ast.Call]]] = {}
        self._classes: dict[int, tuple[dict[str, ast.Call], dict[str, ast.Call]]] = {}

    def at(
        self, tree: ast.Module, text: str, cls: ast.ClassDef | None, function: ast.AST | None
    ) -> dict[str, ast.Call]:
        """The partials a call in ``function`` (a method of ``cls`` when given) reaches by a callee spelling,
        keyed by :func:`held_key`.  Empty when the file never names ``partial`` (the cheap test)."""
        if "partial" not in text:
            return {}
        factories, held = self._module(tree)
        if isinstance(function, _Func):
            mine = local_names(function)
            held = {key: made for key, made in held.items() if key.removesuffix("()") not in mine}
        me = _receiver(function) if cls is not None and function in cls.body else None
        if cls is not None and me is not None:
            methods, stored = self._class(tree, text, cls, factories)
            held = {
                **held,
                **{f"{me}.{name}()": made for name, made in methods.items()},
                **{f"{me}.{attr}": made for attr, made in stored.items()},
            }
        if isinstance(function, _Func):
            held = {**held, **_bound_to_factory_calls(function, held)}
        return held

    def _module(self, tree: ast.Module) -> tuple[dict[str, ast.Call], dict[str, ast.Call]]:
        if id(tree) not in self._modules:
            factories = _factories(tree)
            held = {f"{name}()": made for name, made in factories.items()}
            self._modules[id(tree)] = factories, {**held, **_bound_to_factory_calls(tree, held)}
        return self._modules[id(tree)]

    def _class(
        self, tree: ast.Module, text: str, cls: ast.ClassDef, factories: dict[str, ast.Call]
    ) -> tuple[dict[str, ast.Call], dict[str, ast.Call]]:
        if id(cls) not in self._classes:
            methods = _method_factories(cls)
            self._classes[id(cls)] = methods, _stored_once(tree, text, cls, factories, methods)
        return self._classes[id(cls)]


def _factories(tree: ast.Module) -> dict[str, ast.Call]:
    """Undecorated module functions whose one ``return`` is a partial, by a name the module binds only there (a
    decorator's wrapper is what callers get, and may hand back anything: bind more, or build another way)."""
    counts: dict[str, int] = {}
    for stmt in tree.body:
        for name in _bound_names(stmt):
            counts[name] = counts.get(name, 0) + 1
    rebound = {name for node in ast.walk(tree) if isinstance(node, ast.Global) for name in node.names}
    return {
        stmt.name: made
        for stmt in tree.body
        if isinstance(stmt, ast.FunctionDef)
        and not stmt.decorator_list
        and counts.get(stmt.name) == 1
        and stmt.name not in rebound
        and (made := returned_partial(stmt)) is not None
    }


def _method_factories(cls: ast.ClassDef) -> dict[str, ast.Call]:
    """Plain methods of the class (no decorator: a property or staticmethod is called otherwise) whose one
    ``return`` is a partial."""
    names = [n for stmt in cls.body for n in _bound_names(stmt)]
    return {
        stmt.name: made
        for stmt in cls.body
        if isinstance(stmt, ast.FunctionDef)
        and not stmt.decorator_list
        and names.count(stmt.name) == 1
        and _receiver(stmt) is not None
        and (made := returned_partial(stmt)) is not None
    }


def returned_partial(func: ast.FunctionDef) -> ast.Call | None:
    """The partial ``func``'s only ``return`` hands back (its own locals masked), or None: more returns, a
    generator, or a partial of a callable only the function's scope knows."""
    returns: list[ast.Return] = []
    for node in _own_nodes(func):
        if isinstance(node, (ast.Yield, ast.YieldFrom)):
            return None
        if isinstance(node, ast.Return):
            returns.append(node)
    if len(returns) != 1 or returns[0].value is None:
        return None
    return _masked(returns[0].value, local_names(func))


def _stored_once(
    tree: ast.Module, text: str, cls: ast.ClassDef, factories: dict[str, ast.Call], methods: dict[str, ast.Call]
) -> dict[str, ast.Call]:
    """Attributes the file stores exactly once, in a method of ``cls`` on that method's receiver, to a
    partial or a factory's call; never deleted, and never quoted (``setattr(obj, "attr", ...)`` may set it)."""
    stores: dict[str, list[ast.Attribute]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, (ast.Store, ast.Del)):
            stores.setdefault(node.attr, []).append(node)
    found: dict[str, ast.Call] = {}
    for method in cls.body:
        receiver = _receiver(method)
        if receiver is None or not isinstance(method, _Func):
            continue
        for node in _own_nodes(method):
            target = node.targets[0] if isinstance(node, ast.Assign) and len(node.targets) == 1 else None
            if not (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name)):
                continue
            if target.value.id != receiver or stores.get(target.attr) != [target]:
                continue
            value = node.value  # type: ignore[attr-defined]
            made = _masked(value, local_names(method)) or _factory_call(value, receiver, factories, methods)
            if made is not None and not re.search(rf"""["']{re.escape(target.attr)}["']""", text):
                found[target.attr] = made
    return found


def _factory_call(
    value: ast.expr, receiver: str, factories: dict[str, ast.Call], methods: dict[str, ast.Call]
) -> ast.Call | None:
    """The partial a call of a module factory (``factory(...)``) or of the class's own (``self.make()``)
    hands back, or None."""
    if not isinstance(value, ast.Call):
        return None
    if isinstance(value.func, ast.Name):
        return factories.get(value.func.id)
    if isinstance(value.func, ast.Attribute) and isinstance(value.func.value, ast.Name):
        return methods.get(value.func.attr) if value.func.value.id == receiver else None
    return None


def _bound_to_factory_calls(scope: ast.AST, held: dict[str, ast.Call]) -> dict[str, ast.Call]:
    """Names ``scope`` binds exactly once, by a plain assignment, to a call of a known factory, and never
    otherwise (no parameter of the name, no loop or ``with`` target, no ``global`` or ``nonlocal``)."""
    values: dict[str, list[ast.expr | None]] = {}
    nodes = list(_own_nodes(scope)) if isinstance(scope, _Func) else list(own_scope_nodes(scope))
    plain = {
        id(node.targets[0])
        for node in nodes
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
    }
    for node in nodes:
        if isinstance(node, ast.Assign) and id(node.targets[0]) in plain:
            values.setdefault(node.targets[0].id, []).append(node.value)  # type: ignore[attr-defined]
        elif isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)) and id(node) not in plain:
            values.setdefault(node.id, []).append(None)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Import, ast.ImportFrom)):
            for name in _bound_names(node):
                values.setdefault(name, []).append(None)
    params = {a.arg for a in ast.walk(scope.args) if isinstance(a, ast.arg)} if isinstance(scope, _Func) else set()
    declared = {n for node in ast.walk(scope) if isinstance(node, (ast.Global, ast.Nonlocal)) for n in node.names}
    found: dict[str, ast.Call] = {}
    for name, bound in values.items():
        value = bound[0] if len(bound) == 1 and name not in params | declared else None
        key = held_key(value) if isinstance(value, ast.Call) else None
        if key is not None and key in held:
            found[name] = held[key]
    return found


def _masked(value: ast.expr, local: set[str]) -> ast.Call | None:
    """A plain ``partial(f, ...)`` whose callable names no local of its scope, its arguments that do
    masked; None for anything else."""
    if not (isinstance(value, ast.Call) and last_name(value.func) == "partial" and value.args):
        return None
    if any(isinstance(a, ast.Starred) for a in value.args) or any(kw.arg is None for kw in value.keywords):
        return None
    if _names(value.args[0]) & local:
        return None
    args = [value.args[0], *(_mask(a, local) for a in value.args[1:])]
    keywords = [ast.keyword(arg=kw.arg, value=_mask(kw.value, local)) for kw in value.keywords]
    return ast.copy_location(ast.Call(func=value.func, args=args, keywords=keywords), value)


def _mask(arg: ast.expr, local: set[str]) -> ast.expr:
    if not _names(arg) & local:
        return arg
    return ast.copy_location(ast.Name(id=MASK, ctx=ast.Load()), arg)


def _names(expr: ast.expr) -> set[str]:
    return {n.id for n in ast.walk(expr) if isinstance(n, ast.Name)}


def local_names(func: ast.AST) -> set[str]:
    """The names a function binds: its parameters and every name stored in its own scope."""
    if not isinstance(func, _Func):
        return set()
    names = {a.arg for a in ast.walk(func.args) if isinstance(a, ast.arg)}
    for node in _own_nodes(func):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Import, ast.ImportFrom)):
            names.update(_bound_names(node))
    return names


def _receiver(func: ast.AST | None) -> str | None:
    """The first parameter of a plain method (``self``), None for a static or class method or a bare def."""
    if not isinstance(func, _Func) or any(last_name(d) in {"staticmethod", "classmethod"} for d in func.decorator_list):
        return None
    params = [*func.args.posonlyargs, *func.args.args]
    return params[0].arg if params else None


def _own_nodes(func: _Func) -> Iterator[ast.AST]:
    """The nodes of ``func``'s own scope: nested functions and classes appear, their insides do not."""
    todo: list[ast.AST] = list(func.body)
    while todo:
        node = todo.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            todo.extend(ast.iter_child_nodes(node))


def _bound_names(stmt: ast.AST) -> Iterator[str]:
    """The names a statement binds at its own level (a def, a class, an import, a plain assignment)."""
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        yield stmt.name
    elif isinstance(stmt, (ast.Import, ast.ImportFrom)):
        for alias in stmt.names:
            yield (alias.asname or alias.name).split(".")[0]
    elif isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
        for target in targets:
            yield from (n.id for n in ast.walk(target) if isinstance(n, ast.Name))
