"""A class a factory function makes, read off the factory's text: its bases and the names it gives it.

#45701 and #46610 replaced reasoning parser classes with ones a factory builds (``(ReasoningAdapter,
ToolAdapter) = make_adapters(Engine)``, the factory calling ``type(name, (ParserEngineReasoningAdapter,),
{"_parser_engine_cls": engine})``) and derived or aliased the old names from them.  A name bound by a call
is no class statement: the index saw a base it could not read and took every member past it for missing,
so a fork parser's ``self.model_tokenizer`` (the root class's, still there) or ``super().extract_reasoning``
(the adapter's) read as removed.  The factory's text says what the class is: the one ``return`` of the
function hands back a name the function binds once, by ``type(name, bases, {literal keys})`` or by a class
statement of its own.  That class is built here as a class statement would write it (its bases, a member
per key); a factory read no other way gives nothing, and the index then knows nothing past that base.

Pure: statements in, a class statement (or None) out.
"""

from __future__ import annotations

import ast

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
        return _typed(value, "made")
    if not isinstance(value, ast.Name):
        return None
    binders = [s for s in factory.body if value.id in _bound(s)]
    if len(binders) != 1:
        return None  # bound twice (or under a branch): which class is handed back is the run's
    stmt = binders[0]
    if isinstance(stmt, ast.ClassDef):
        return stmt
    if isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Call):
        return _typed(stmt.value, value.id)
    return None


def _typed(call: ast.Call, name: str) -> ast.ClassDef | None:
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
    body: list[ast.stmt] = [
        ast.Assign(targets=[ast.Name(id=k, ctx=ast.Store())], value=v, lineno=call.lineno, col_offset=0)
        for k, v in zip(keys, namespace.values, strict=True)
        if k is not None
    ]
    node = ast.ClassDef(name=name, bases=list(bases.elts), keywords=[], body=body or [ast.Pass()], decorator_list=[])
    return ast.fix_missing_locations(ast.copy_location(node, call))


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
