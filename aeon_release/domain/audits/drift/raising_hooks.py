"""A hook upstream added to a base raising ``NotImplementedError``, filled in its own subclasses, and now called.

#51633 replaced a gate in ``bind_kv_cache`` (``is_cuda_alike() or is_xpu() or is_cpu()``: let through, else
raise) with ``current_platform.check_runner_kv_caches_multi_layer()``, a classmethod ``Platform`` gained raising
``NotImplementedError`` and each of upstream's platforms defined as ``pass``.  A fork's own platform deriving
from ``Platform`` answered the old gate (its ``_enum``) and merges cleanly; now it inherits the raise where
upstream calls the hook.  A base's new method that only raises is mostly an optional hook that only some
callers use (symbol drift leaves those alone); it is a required one when upstream itself filled it in three or
more of its own subclasses in the same change (``symbols.py``'s ``_opted_in`` counts them, as for a capability
added refusing) and calls it on a line it added, outside its tests, where nothing catches what it raises: no ``try`` (or
``except*``) around the call, no ``with suppress(...)``, and not every caller of the function holding it
inside such a guard (a helper ``_check(p)`` its one caller wraps).  A call on ``self`` inside a base's
method reaches only the classes that inherit that method: a fork class overriding it is not asked.  A call behind
a flag asked of the same object (#24254: ``if not pf.supports_async(): pf.finalize(...) else:
pf.finalize_async(...)``, the base's ``supports_async()`` answering False) reaches only the classes whose flag
answers the way the branch needs: a fork class keeping the base's False (or answering False itself) is never
asked, one answering True is; a flag that is not a constant answer is not read (the call reaches it).  The
``else`` of an ``or`` needs each operand False (#23273: ``prepare_async()`` in the ``else`` of ``if (not
pf.supports_async() or self.shared_experts is None):`` runs only for a class answering True), and a flag an
override hands on to ``super()`` answers as the next definer does (review86).

Pure helpers over the hook's def and upstream's calling files; finding both is symbol drift's.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass, replace

from aeon_release.domain.audits.drift.interposed import is_super
from aeon_release.domain.audits.drift.own_fields import enclosing
from aeon_release.domain.audits.drift.returns import own_returns
from aeon_release.domain.audits.source import parent_map

__all__ = ["HookCall", "flag_answer", "hands_up", "raises_only", "uncaught_calls"]

# what a handler names that catches NotImplementedError (a bare ``except`` does too)
_CATCHING = frozenset({"NotImplementedError", "RuntimeError", "Exception", "BaseException"})
_CALLERS_DEEP = 3  # how many callers up a helper's guard is looked for
_FUNCTION = (ast.FunctionDef, ast.AsyncFunctionDef)


@dataclass(frozen=True)
class HookCall:
    """A call of the hook upstream added: its line, and when it is ``self.name()`` (or ``cls.name()``) in a
    method, the class holding the method and the method's name (only classes inheriting it are asked)."""

    line: int
    owner: str | None = None
    method: str | None = None
    flag: str | None = None  # a member of the receiver the call's branch asks first (``if x.flag():``)
    when: bool = True  # the flag's answer that lets the call run


def raises_only(stmt: ast.stmt) -> bool:
    """A method whose body (past a docstring) is one ``raise NotImplementedError`` (a class or a call of it)."""
    if not isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
        return False
    body = stmt.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    if len(body) != 1 or not isinstance(body[0], ast.Raise) or body[0].exc is None:
        return False
    exc = body[0].exc.func if isinstance(body[0].exc, ast.Call) else body[0].exc
    return isinstance(exc, ast.Name) and exc.id == "NotImplementedError"


def uncaught_calls(tree: ast.Module, lines: list[str], name: str, added: frozenset[str]) -> Iterator[HookCall]:
    """The calls ``x.name(...)`` (not through ``super()``: an override handing on) ``tree`` makes on a line
    its side added (``added``: stripped lines), where nothing catches what the hook raises."""
    parents: dict[int, ast.AST] | None = None
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not _called(node, name) or lines[node.lineno - 1].strip() not in added:
            continue
        parents = parents if parents is not None else parent_map(tree)
        if not _caught(node, tree, parents, 0):
            call, guard = _hook_call(node, parents), _flag_guard(node, parents)
            yield replace(call, flag=guard[0], when=guard[1]) if guard is not None else call


def _called(node: ast.Call, name: str) -> bool:
    if not isinstance(node.func, ast.Attribute) or node.func.attr != name:
        return False
    receiver = node.func.value
    return not (isinstance(receiver, ast.Call) and isinstance(receiver.func, ast.Name) and receiver.func.id == "super")


def _hook_call(node: ast.Call, parents: dict[int, ast.AST]) -> HookCall:
    """The call, with the method and class holding it when its receiver is the method's first parameter."""
    function = enclosing(node, parents)
    owner = parents.get(id(function)) if function is not None else None
    receiver = node.func.value if isinstance(node.func, ast.Attribute) else None
    if not isinstance(owner, ast.ClassDef) or function is None or not isinstance(receiver, ast.Name):
        return HookCall(node.lineno)
    first = function.args.posonlyargs + function.args.args
    static = any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in function.decorator_list)
    if not first or first[0].arg != receiver.id or static:  # a static method's first parameter is any object
        return HookCall(node.lineno)
    return HookCall(node.lineno, _qualname(owner, parents), function.name)


def _qualname(cls: ast.ClassDef, parents: dict[int, ast.AST]) -> str:
    names, node = [cls.name], parents.get(id(cls))
    while node is not None:
        if isinstance(node, ast.ClassDef):
            names.append(node.name)
        node = parents.get(id(node))
    return ".".join(reversed(names))


def _caught(node: ast.AST, tree: ast.Module, parents: dict[int, ast.AST], depth: int) -> bool:
    """Guarded where it runs, or inside a function every caller of which (in the module; a few callers up)
    is: ``_check(p)`` wrapped in ``try/except NotImplementedError`` by its one caller."""
    if _guarded(node, parents):
        return True
    function = enclosing(node, parents)
    if function is None or depth >= _CALLERS_DEEP:
        return False
    callers = [c for c in ast.walk(tree) if isinstance(c, ast.Call) and _names(c, function.name)]
    callers = [c for c in callers if enclosing(c, parents) is not function]  # recursion is not a guard
    return bool(callers) and all(_caught(c, tree, parents, depth + 1) for c in callers)


def _names(call: ast.Call, name: str) -> bool:
    func = call.func
    return (isinstance(func, ast.Name) and func.id == name) or (isinstance(func, ast.Attribute) and func.attr == name)


def _guarded(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """``node`` runs in the body of a ``try`` (or ``try``/``except*``) one of whose handlers catches what the
    hook raises, or of a ``with suppress(...)`` naming it, within its own function."""
    child, parent = node, parents.get(id(node))
    while parent is not None and not isinstance(parent, (*_FUNCTION, ast.Lambda)):
        if isinstance(parent, ast.Try | ast.TryStar) and any(s is child for s in parent.body):
            if any(_catches(h.type) for h in parent.handlers):
                return True
        if isinstance(parent, ast.With | ast.AsyncWith) and any(_suppresses(i.context_expr) for i in parent.items):
            return True
        child, parent = parent, parents.get(id(parent))
    return False


def _catches(caught: ast.expr | None) -> bool:
    classes = caught.elts if isinstance(caught, ast.Tuple) else [caught]
    return any(c is None or ast.unparse(c).rsplit(".", 1)[-1] in _CATCHING for c in classes)


def _suppresses(expr: ast.expr) -> bool:
    """``suppress(NotImplementedError)`` or ``contextlib.suppress(Exception, ...)``."""
    if not isinstance(expr, ast.Call) or ast.unparse(expr.func).rsplit(".", 1)[-1] != "suppress":
        return False
    return any(_catches(a) for a in expr.args if not isinstance(a, ast.Starred))


def _flag_guard(node: ast.Call, parents: dict[int, ast.AST]) -> tuple[str, bool] | None:
    """The flag the innermost ``if`` around the call asks of the call's own receiver, and the answer the
    call's branch needs: ``if x.flag():`` (True in its body), ``if not x.flag():`` (True in its ``else``),
    or one operand of an ``and`` test (its body); None when no such ``if`` holds the call."""
    receiver = ast.unparse(node.func.value) if isinstance(node.func, ast.Attribute) else None
    child: ast.AST = node
    parent = parents.get(id(node))
    while receiver is not None and parent is not None and not isinstance(parent, (*_FUNCTION, ast.Lambda)):
        if isinstance(parent, ast.If):
            in_body = any(s is child for s in parent.body)
            asked = _asked(parent.test, receiver, in_body)
            if asked is not None and (in_body or any(s is child for s in parent.orelse)):
                return asked
        child, parent = parent, parents.get(id(parent))
    return None


def _asked(test: ast.expr, receiver: str, in_body: bool) -> tuple[str, bool] | None:
    """``(flag, answer needed)`` when ``test`` asks ``receiver.flag()`` (or ``receiver.flag``) straight, negated,
    or as one operand of an ``and`` (for the body, where each operand is True) or of an ``or`` (for the
    ``else``, where each is False: #23273's ``if (not pf.supports_async() or ...): ... else:``)."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = None if isinstance(test.operand, ast.BoolOp) else _asked(test.operand, receiver, in_body)
        return (inner[0], not inner[1]) if inner is not None else None
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And if in_body else ast.Or):
        found = [a for a in (_asked(v, receiver, in_body) for v in test.values) if a is not None]
        return found[0] if found else None
    target = test.func if isinstance(test, ast.Call) and not test.args and not test.keywords else test
    if isinstance(target, ast.Attribute) and ast.unparse(target.value) == receiver:
        return target.attr, in_body
    return None


def flag_answer(member: ast.AST) -> bool | None:
    """The constant a flag member answers: a method (or property) every ``return`` of which gives the same
    ``True``/``False``, or a class attribute set to one; None for anything else (the answer is not known)."""
    if isinstance(member, ast.Assign | ast.AnnAssign):
        value = member.value
        return value.value if isinstance(value, ast.Constant) and isinstance(value.value, bool) else None
    if not isinstance(member, _FUNCTION):
        return None
    answers = {r.value if isinstance(r, ast.Constant) else None for r in own_returns(member)}
    answer = answers.pop() if len(answers) == 1 else None
    return answer if isinstance(answer, bool) else None


def hands_up(member: ast.AST, name: str) -> bool:
    """A method every ``return`` of which is ``super().name()`` (no arguments): it answers as the next
    definer of ``name`` along the class's order does (an override keeping upstream's answer, review86)."""
    if not isinstance(member, _FUNCTION):
        return False
    answers = list(own_returns(member))
    return bool(answers) and all(
        isinstance(r, ast.Call)
        and not r.args
        and not r.keywords
        and isinstance(r.func, ast.Attribute)
        and r.func.attr == name
        and is_super(r.func.value)
        for r in answers
    )
