"""Reads of a gone member that the fork wrote for both sides of the removal, or that read back its own value.

Symbol drift reports ``getattr(x, "name", default)`` and ``hasattr(x, "name")`` when upstream removed
``name``: the default is taken, or the test is False, silently.  Two spellings are correct all the same:

- a ``hasattr`` that gates a path per release: the test of an ``if`` with an ``else`` of substance, of one
  whose body leaves the block with more after it, of a conditional expression, or negated with a body of
  substance (``if not hasattr(Worker, "old"): Worker.old = Worker.new``, the fork's shim for the new
  release): the fork handles the object with and without the member, so the test's answer changing is
  what the fork wrote it for.  A path without the member that only hands back a default (``return []``,
  ``tasks = []``, ``... else True``) is no such path: it is ``getattr(x, "name", [])`` spelt as a branch, the
  default taken silently once the member is gone, and stays reported;
- a read off a local the same function built from a pydantic model passing the key (``request =
  Model(..., old=v)``) where the model keeps unknown keys (``extra="allow"``): pydantic answers an extra as
  an attribute, so ``request.old``, ``getattr(request, "old", d)`` and ``hasattr(request, "old")`` see the
  fork's own value after upstream dropped the field.  With the default ``extra="ignore"`` the value is gone
  and the read is still reported.

Pure: syntax trees in, answers out.
"""

from __future__ import annotations

import ast

from aeon_release.domain.audits.drift.fallbacks import _exits, _holds, _idle, _later
from aeon_release.domain.audits.source import str_value


def gates_both_ways(call: ast.expr, parents: dict[int, ast.AST]) -> bool:
    """``call`` (a ``hasattr``) decides between the fork's path for the object with the member and one
    without it (``parents``: each node's parent)."""
    test: ast.AST = call
    parent: ast.AST | None = parents.get(id(call))
    negated = isinstance(parent, ast.UnaryOp) and isinstance(parent.op, ast.Not)
    if negated and parent is not None:
        test, parent = parent, parents.get(id(parent))
    while isinstance(parent, ast.BoolOp) and isinstance(parent.op, ast.And):
        test, parent = parent, parents.get(id(parent))
    if isinstance(parent, ast.IfExp):
        return parent.test is test and not _default(parent.body if negated else parent.orelse)
    if not isinstance(parent, ast.If) or parent.test is not test:
        return False
    if negated:
        return _of_substance(parent.body)  # the body is the fork's path without the member: a shim, the new call
    if parent.orelse:
        return _of_substance(parent.orelse)
    # ``if hasattr(W, "old"): return old_path()`` and the new path after it
    return _exits(parent.body) and _of_substance(_later(parent, parents))


def held_both_ways(call: ast.Call, parents: dict[int, ast.AST]) -> bool:
    """``call`` is ``v = getattr(x, "name", None)`` (or another default) whose first test of ``v`` decides
    between the member and the fork's path without it: ``if v is not None: return v(...)`` with more after it
    or an ``else`` of substance, or ``if v is None:`` / ``if not v:`` with a body of substance -- the ``hasattr``
    gate's twin (``gates_both_ways``), the member bound once before the test.  The path without the member
    must build something of its own: handing back what it was given is giving up, the default taken."""
    parent = parents.get(id(call))
    if not (
        isinstance(call.func, ast.Name)
        and call.func.id == "getattr"
        and len(call.args) == 3
        and _default(call.args[2])
        and isinstance(parent, ast.Assign)
        and len(parent.targets) == 1
        and isinstance(held := parent.targets[0], ast.Name)
    ):
        return False
    guard = next((s for s in _later(parent, parents) if isinstance(s, ast.If) and _names_held(s.test, held.id)), None)
    if guard is None:
        return False
    if _holds(guard.test, held.id):
        without = guard.orelse or (_later(guard, parents) if _exits(guard.body) else [])
    elif _lacks(guard.test, held.id):
        without = guard.body
    else:
        return False
    return _of_substance(without) and _builds(without)


def _builds(path: list[ast.stmt]) -> bool:
    """The path computes something of its own (a call, a value built of parts, arithmetic, a comparison): not
    only handing back a name it already held (``if pad is None: return input_ids``, the fork giving up)."""
    built = (ast.Call, ast.BinOp, ast.Compare, ast.JoinedStr, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)
    return any(
        isinstance(n, built)
        or (isinstance(n, ast.Dict) and n.keys)
        or (isinstance(n, ast.List | ast.Tuple | ast.Set) and n.elts)
        for stmt in path
        for n in ast.walk(stmt)
    )


def _names_held(test: ast.expr, name: str) -> bool:
    return any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(test))


def _lacks(test: ast.expr, name: str) -> bool:
    """``test`` is true where ``name`` holds no member: ``not name``, ``name is None``."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return isinstance(test.operand, ast.Name) and test.operand.id == name
    return (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], ast.Is)
        and isinstance(test.left, ast.Name)
        and test.left.id == name
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value is None
    )


def flag_gates_both_ways(call: ast.Call, parents: dict[int, ast.AST]) -> bool:
    """``call`` (a ``hasattr``) is bound, alone, to a flag its function (or the module) binds once, and a test
    of that flag gates both ways (``HAS_COUNT = hasattr(SendThread, "add_stored_request")`` then ``if
    HAS_COUNT: <old path>`` and the new one after it): the inline test spelt in two lines."""
    bound = parents.get(id(call))
    if not (isinstance(bound, ast.Assign) and len(bound.targets) == 1 and isinstance(bound.targets[0], ast.Name)):
        return False
    scope: ast.AST = bound
    while (above := parents.get(id(scope))) is not None and not isinstance(
        scope, ast.FunctionDef | ast.AsyncFunctionDef
    ):
        scope = above
    flag, stores, tests = bound.targets[0].id, 0, []
    for node in ast.walk(scope):
        if isinstance(node, ast.Name) and node.id == flag:
            stores += isinstance(node.ctx, ast.Store | ast.Del)
            tests += [node] if isinstance(node.ctx, ast.Load) else []
        elif isinstance(node, ast.arg) and node.arg == flag:
            stores += 2  # a parameter of the name: another binding
        elif isinstance(node, ast.Global | ast.Nonlocal) and flag in node.names:
            stores += 2  # rebound from a function
    return stores == 1 and any(gates_both_ways(test, parents) for test in tests)


def _of_substance(path: list[ast.stmt]) -> bool:
    """The fork's path without the member does something: not idle, and not only binding or returning a
    default (``return []``, ``tasks = ()``, ``return False``)."""
    return bool(path) and not _idle(path) and not all(_idle([s]) or _hands_default(s) for s in path)


def _hands_default(stmt: ast.stmt) -> bool:
    """``return d`` or ``name = d`` (``name: T = d``) of a default ``d``."""
    if isinstance(stmt, ast.Return | ast.AnnAssign | ast.Assign):
        return stmt.value is None or _default(stmt.value)
    return False


def _default(expr: ast.expr) -> bool:
    """A value standing in for the member's answer: None, a bool, a number, an empty string or container
    (``[]``, ``()``, ``{}``, ``list()``...).  A non-empty string is not (it names the new spelling, a path)."""
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.operand, ast.Constant):
        expr = expr.operand
    if isinstance(expr, ast.Constant):
        return not isinstance(expr.value, str | bytes) or not expr.value
    if isinstance(expr, ast.Tuple | ast.List | ast.Set):
        return not expr.elts
    if isinstance(expr, ast.Dict):
        return not expr.keys
    return (
        isinstance(expr, ast.Call)
        and isinstance(expr.func, ast.Name)
        and expr.func.id in ("list", "dict", "tuple", "set", "frozenset", "str")
        and not expr.args
        and not expr.keywords
    )


def built_with(function: ast.AST, name: str, keyword: str, line: int) -> ast.Call | None:
    """The call ``name = Cls(..., keyword=...)`` in ``function`` above ``line`` (the last such), else None."""
    found: ast.Call | None = None
    for node in ast.walk(function):
        if (
            isinstance(node, ast.Assign)
            and node.lineno < line
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and node.targets[0].id == name
            and isinstance(node.value, ast.Call)
            and any(k.arg == keyword for k in node.value.keywords)
            and (found is None or node.lineno > found.lineno)
        ):
            found = node.value
    return found


def allows_extras(classes: list[ast.ClassDef]) -> bool:
    """One of a pydantic model's classes (the model and its tree's bases) keeps unknown keys:
    ``model_config = ConfigDict(extra="allow")`` (or a dict of it), ``class Config: extra = "allow"``, or the
    class keyword ``extra="allow"``."""
    return any(_says_allow(node) for node in classes)


def _says_allow(node: ast.ClassDef) -> bool:
    if any(k.arg == "extra" and _allow(k.value) for k in node.keywords):
        return True
    for stmt in node.body:
        if isinstance(stmt, ast.ClassDef) and stmt.name == "Config":
            if any(_assigns(s, "extra") is not None and _allow(_assigns(s, "extra")) for s in stmt.body):
                return True
        value = _assigns(stmt, "model_config")
        if isinstance(value, ast.Call) and any(k.arg == "extra" and _allow(k.value) for k in value.keywords):
            return True
        if isinstance(value, ast.Dict) and any(
            str_value(k) == "extra" and _allow(v) for k, v in zip(value.keys, value.values, strict=True) if k
        ):
            return True
    return False


def _assigns(stmt: ast.stmt, name: str) -> ast.expr | None:
    """The value ``stmt`` binds to ``name`` (``name = v`` or ``name: T = v``), else None."""
    if isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in stmt.targets):
        return stmt.value
    if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.target.id == name:
        return stmt.value
    return None


def _allow(value: ast.expr | None) -> bool:
    """``"allow"``, or ``Extra.allow`` (pydantic v1's enum)."""
    return str_value(value) == "allow" if not isinstance(value, ast.Attribute) else value.attr == "allow"
