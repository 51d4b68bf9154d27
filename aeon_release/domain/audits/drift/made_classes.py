"""A class a factory function makes, read off the factory's text: its bases and the names it gives it.

#45701 and #46610 replaced reasoning parser classes with ones a factory builds (``(ReasoningAdapter,
ToolAdapter) = make_adapters(Engine)``, the factory calling ``type(name, (ParserEngineReasoningAdapter,),
{"_parser_engine_cls": engine})``) and derived or aliased the old names from them.  A name bound by a call
is no class statement: the index saw a base it could not read and took every member past it for missing,
so a fork parser's ``self.model_tokenizer`` (the root class's, still there) or ``super().extract_reasoning``
(the adapter's) read as removed.  The factory's text says what the class is: the one ``return`` of the
function hands back a name the function binds once, by ``type(name, bases, {literal keys})`` or by a class
statement of its own.  That class is built here as a class statement would write it (its bases, a member
per key, a key naming a def of the factory's own standing as that def, so an ``__init__`` handed in by
name writes its fields); members the factory adds after the class is made (``setattr(Made, "k", v)``)
are read as keys too.  A factory read no other way -- the product handed to any
other call, a computed ``setattr`` -- gives nothing, and the index then knows nothing past that base.

Pure: statements in, a class statement (or None) out.
"""

from __future__ import annotations

import ast
import copy
from collections.abc import Mapping

FUNCTION_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)


def made_class(assign: ast.stmt, name: str, factory: ast.AST) -> ast.ClassDef | None:
    """The class ``name`` holds after ``assign`` (``A = make()``, ``A, B = make()``) where ``factory`` is
    the def the call names; None where the factory's text does not say."""
    if not isinstance(assign, ast.Assign) or len(assign.targets) != 1 or not isinstance(factory, FUNCTION_DEFS):
        return None
    if not isinstance(assign.value, ast.Call):
        return None
    returned = _returned(factory, _position(assign.targets[0], name))
    return _built(factory, returned) if returned is not None else None


def _position(target: ast.expr, name: str) -> int | None:
    """-1 for a plain ``name = ...``, the index of ``name`` in an unpacked tuple, None otherwise."""
    if isinstance(target, ast.Name):
        return -1 if target.id == name else None
    if isinstance(target, (ast.Tuple, ast.List)):
        names = [e.id if isinstance(e, ast.Name) else None for e in target.elts]
        return names.index(name) if names.count(name) == 1 else None
    return None


def _returned(factory: ast.FunctionDef | ast.AsyncFunctionDef, position: int | None) -> ast.expr | None:
    """What the factory's one ``return`` hands back at ``position`` (the whole value for -1)."""
    returns = [n for n in _own_nodes(factory) if isinstance(n, ast.Return)]
    if position is None or len(returns) != 1 or returns[0].value is None:
        return None
    value = returns[0].value
    if position == -1:
        return value
    if isinstance(value, ast.Tuple) and len(value.elts) > position:
        return value.elts[position]
    return None


def _built(factory: ast.FunctionDef | ast.AsyncFunctionDef, value: ast.expr) -> ast.ClassDef | None:
    if isinstance(value, ast.Call):
        return _typed(factory, value, "made")
    if not isinstance(value, ast.Name):
        return None
    binders = [s for s in factory.body if value.id in _bound(s)]
    if len(binders) != 1:
        return None  # bound twice (or under a branch): which class is handed back is the run's
    stmt = binders[0]
    made: ast.ClassDef | None = None
    if isinstance(stmt, ast.ClassDef):
        made = stmt
    elif isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Call):
        made = _typed(factory, stmt.value, value.id)
    added = _added_later(factory, value.id) if made is not None else None
    if made is None or added is None:
        return None
    return _with(made, added) if added else made


def _typed(factory: ast.FunctionDef | ast.AsyncFunctionDef, call: ast.Call, name: str) -> ast.ClassDef | None:
    """``type(name, (A, B), {"k": v})`` as the class statement it stands for; None for any other call, or
    a namespace whose keys are not all written out."""
    if not (isinstance(call.func, ast.Name) and call.func.id == "type" and len(call.args) == 3 and not call.keywords):
        return None
    bases, namespace = call.args[1], call.args[2]
    if not isinstance(bases, ast.Tuple) or not isinstance(namespace, ast.Dict):
        return None
    keys = [k.value if isinstance(k, ast.Constant) and isinstance(k.value, str) else None for k in namespace.keys]
    if any(k is None for k in keys):
        return None  # a ``**spread`` or a computed key: the names are the run's
    local = {s.name: s for s in factory.body if isinstance(s, FUNCTION_DEFS)}
    body = [_member(k, v, local, call) for k, v in zip(keys, namespace.values, strict=True) if k is not None]
    node = ast.ClassDef(name=name, bases=list(bases.elts), keywords=[], body=body or [ast.Pass()], decorator_list=[])
    return ast.fix_missing_locations(ast.copy_location(node, call))


def _member(key: str, value: ast.expr, local: Mapping[str, ast.stmt], at: ast.AST) -> ast.stmt:
    """The class body statement a namespace entry stands for: a def of the factory's own handed in by name
    is that def under the key (its ``self.x = ...`` writes are the class's fields), anything else a value."""
    if isinstance(value, ast.Name) and value.id in local:
        return _renamed(local[value.id], key)
    return _assign(key, value, at)


def _renamed(func: ast.stmt, name: str) -> ast.stmt:
    out = copy.copy(func)
    if isinstance(out, FUNCTION_DEFS):
        out.name = name
    return out


def _added_later(factory: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> list[ast.stmt] | None:
    """Members the factory adds to the class it binds to ``name`` after making it (``setattr(name, "k", v)``;
    a ``name.k = v`` store the index reads as a write already); None where it hands the class to any other
    call (a decorator, a computed ``setattr``): what that call adds is the run's.  Storing the class somewhere
    else adds nothing (#46610 records the adapters on the engine class)."""
    added: list[ast.stmt] = []
    for node in _own_nodes(factory):
        if isinstance(node, ast.Call) and any(_names(a, name) for a in [*node.args, *(k.value for k in node.keywords)]):
            key = _set_key(node)
            if key is None:
                return None
            added.append(_assign(key, node.args[2], node))
    return added


def _set_key(call: ast.Call) -> str | None:
    """The constant key of ``setattr(C, "k", v)``; None for any other call."""
    if not (isinstance(call.func, ast.Name) and call.func.id == "setattr" and len(call.args) == 3):
        return None
    key = call.args[1]
    return key.value if isinstance(key, ast.Constant) and isinstance(key.value, str) else None


def _names(node: ast.expr, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _assign(key: str, value: ast.expr, at: ast.AST) -> ast.stmt:
    node = ast.Assign(targets=[ast.Name(id=key, ctx=ast.Store())], value=value)
    return ast.fix_missing_locations(ast.copy_location(node, at))


def _with(made: ast.ClassDef, added: list[ast.stmt]) -> ast.ClassDef:
    """A copy of ``made`` whose body also holds ``added`` (the factory's own class statement stays as it is)."""
    out = copy.copy(made)
    out.body = [*made.body, *added]
    return out


def _bound(stmt: ast.stmt) -> set[str]:
    if isinstance(stmt, ast.ClassDef):
        return {stmt.name}
    if isinstance(stmt, ast.Assign):
        return {n.id for t in stmt.targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    return set()


def _own_nodes(func: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.AST]:
    """The function's nodes, not those of defs or classes nested in it."""
    out: list[ast.AST] = []
    pending: list[ast.AST] = list(func.body)
    while pending:
        node = pending.pop()
        out.append(node)
        if not isinstance(node, (*FUNCTION_DEFS, ast.ClassDef, ast.Lambda)):
            pending.extend(ast.iter_child_nodes(node))
    return out
