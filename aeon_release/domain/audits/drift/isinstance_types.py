"""The class an ``isinstance`` test narrows a local to, where the test decides what the name holds.

#35309 removed ``DefaultModelLoader.track_weights_loading`` (a revert).  A fork's check spelt::

    loader = get_model_loader(load_config)
    if isinstance(loader, DefaultModelLoader):
        loader.track_weights_loading(model, loaded)

types ``loader`` by the factory's return annotation (``-> BaseModelLoader``), which never had the method: the
call looked unknown and the gone member went unseen.  In the test's true branch the local holds a
``DefaultModelLoader`` (or a subclass), so its members are looked up there.

A narrowing is read only where it is certain: the body of an ``if`` whose test is ``isinstance(x, C)`` (alone or
and-ed), the statements after an ``assert isinstance(x, C)`` in its block, and those after an ``if not
isinstance(x, C):`` whose body exits (``return``, ``raise``, ``continue``, ``break``).  ``C`` is one class (a
name or a dotted name): a tuple of classes does not say which one the local holds.  A region that rebinds the
local (an assignment, a loop, a ``with``, a walrus) is not narrowed, for the name may hold anything there; nor
is the body of a lambda or nested def that takes a parameter of the name.  A local already typed as a subclass
of ``C`` (a parameter annotated with the fork's own subclass) keeps its class: a test narrows down, never up
(symbol drift's ``_narrowed_class``).
"""

from __future__ import annotations

import ast
import functools

from aeon_release.domain.audits.source import parameter_names

_EXITS = (ast.Return, ast.Raise, ast.Continue, ast.Break)


@functools.lru_cache(maxsize=4096)
def narrowings(func: ast.AST) -> dict[int, dict[str, ast.expr]]:
    """For each node of ``func`` (by id) that runs where an ``isinstance`` test narrowed a local, the class
    expression each such local holds there (the innermost test wins)."""
    found: dict[int, dict[str, ast.expr]] = {}
    for node in ast.walk(func):
        if isinstance(node, ast.If):
            for name, cls in _asked(node.test):
                _mark(found, node.body, name, cls)
            if _exits(node.body):
                for name, cls in _denied(node.test):
                    _mark_after(found, func, node, name, cls)
        elif isinstance(node, ast.Assert):
            for name, cls in _asked(node.test):
                _mark_after(found, func, node, name, cls)
    return found


def _asked(test: ast.expr) -> list[tuple[str, ast.expr]]:
    """The ``(local, class)`` pairs a test holds for when true: ``isinstance(x, C)``, alone or and-ed."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return [pair for value in test.values for pair in _asked(value)]
    if not (
        isinstance(test, ast.Call)
        and isinstance(test.func, ast.Name)
        and test.func.id == "isinstance"
        and len(test.args) == 2
        and not test.keywords
        and isinstance(test.args[0], ast.Name)
        and _one_class(test.args[1])
    ):
        return []
    return [(test.args[0].id, test.args[1])]


def _denied(test: ast.expr) -> list[tuple[str, ast.expr]]:
    """The pairs a test refutes when true: ``not isinstance(x, C)`` (its body exiting narrows what follows)."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        operand = test.operand
        if isinstance(operand, ast.BoolOp):  # ``not (isinstance(x, A) and ...)``: either part may fail
            return []
        return _asked(operand)
    return []


def _one_class(node: ast.expr) -> bool:
    """A single class spelt by name (``C``, ``mod.C``): not a tuple, a call, or a subscript."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return isinstance(node, ast.Name)


def _exits(body: list[ast.stmt]) -> bool:
    return bool(body) and isinstance(body[-1], _EXITS)


def _mark(found: dict[int, dict[str, ast.expr]], region: list[ast.stmt], name: str, cls: ast.expr) -> None:
    """Narrow ``name`` to ``cls`` over ``region`` unless the region rebinds it."""
    if any(_rebinds(stmt, name) for stmt in region):
        return
    for stmt in region:
        for sub in _outside_own_parameters(stmt, name):
            found.setdefault(id(sub), {})[name] = cls


def _outside_own_parameters(stmt: ast.stmt, name: str) -> list[ast.AST]:
    """The nodes of ``stmt``, less the bodies of a lambda or nested def that takes a parameter ``name``
    (``lambda loader: loader.track(...)`` in the narrowed body names its own argument, not the local)."""
    nodes: list[ast.AST] = []
    stack: list[ast.AST] = [stmt]
    while stack:
        node = stack.pop()
        nodes.append(node)
        if isinstance(node, (ast.Lambda, ast.FunctionDef, ast.AsyncFunctionDef)) and name in parameter_names(node.args):
            continue
        stack.extend(ast.iter_child_nodes(node))
    return nodes


def _mark_after(found: dict[int, dict[str, ast.expr]], func: ast.AST, stmt: ast.stmt, name: str, cls: ast.expr) -> None:
    """Narrow ``name`` over the statements after ``stmt`` in the block that holds it."""
    for block in _blocks(func):
        for at, sibling in enumerate(block):
            if sibling is stmt:
                _mark(found, block[at + 1 :], name, cls)
                return


def _blocks(func: ast.AST) -> list[list[ast.stmt]]:
    """Every statement list of ``func`` (bodies, ``else`` and ``finally`` blocks, handlers' bodies)."""
    blocks: list[list[ast.stmt]] = []
    for node in ast.walk(func):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                blocks.append(block)
    return blocks


def _rebinds(stmt: ast.stmt, name: str) -> bool:
    """``stmt`` binds ``name`` anywhere in it (a target, a loop or ``with`` variable, a walrus, an import, a
    nested def's name, a ``del``)."""
    for sub in ast.walk(stmt):
        if isinstance(sub, ast.Name) and sub.id == name and isinstance(sub.ctx, (ast.Store, ast.Del)):
            return True
        if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and sub.name == name:
            return True
        if isinstance(sub, (ast.Import, ast.ImportFrom)) and any(
            (alias.asname or alias.name.split(".")[0]) == name for alias in sub.names
        ):
            return True
    return False
