"""A ``getattr`` with a default that probes for a callable: the fork's bridge across a removal, not a use.

``check = getattr(Platform, "is_dtype_supported", None)`` then ``True if check is None else check("fp8")``
(or ``if check is not None: check(...)``, ``if not check: return ...`` and the call after it, ``callable(check)
and check(...)``): the fork asks whether the member is there and calls it only where it is.  Once upstream
removes the member everywhere, the default path runs, and that path is the fork's own answer, written for the
release without it: name drift's "the default is taken silently" is no loss here, the fork chose it.

Two spellings stay uses: a ``getattr`` with no default (it raises), and a value called where no test of it
runs first (the default is called).  A value that is only tested and never called (``if getattr(cfg, "flag",
False):``, a flag read) is no probe for a callable either: the default silently turns the fork's feature off.

Pure: syntax trees in, answers out.
"""

from __future__ import annotations

import ast

from aeon_release.domain.audits.drift.fallbacks import _around, _exits, _holds
from aeon_release.domain.audits.drift.guarded_reads import _lacks


def probes_callable(call: ast.Call, parents: dict[int, ast.AST]) -> bool:
    """``call`` is ``v = getattr(x, "name", default)`` bound once in its scope, and every read of ``v`` is a
    test of its presence or a call of it under such a test, with at least one call (``parents``: each node's
    parent)."""
    bound = parents.get(id(call))
    if not (
        isinstance(call.func, ast.Name)
        and call.func.id == "getattr"
        and len(call.args) == 3
        and not call.keywords
        and isinstance(bound, ast.Assign)
        and len(bound.targets) == 1
        and isinstance(bound.targets[0], ast.Name)
    ):
        return False
    held = bound.targets[0].id
    reads = _reads_in_scope(bound, held, parents)
    if reads is None:
        return False
    calls = [r for r in reads if isinstance(up := parents.get(id(r)), ast.Call) and up.func is r]
    return bool(calls) and all(
        _tested(r, held, parents) or (r in calls and _runs_held(r, held, parents)) for r in reads
    )


def _reads_in_scope(bound: ast.Assign, held: str, parents: dict[int, ast.AST]) -> list[ast.Name] | None:
    """The loads of ``held`` in the function (or module) that binds it; None where it is bound again (a
    store, a parameter, a ``global``), so the value read may not be the probe's."""
    scope: ast.AST = bound
    while (above := parents.get(id(scope))) is not None and not isinstance(
        scope, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
    ):
        scope = above
    stores, reads = 0, []
    for node in ast.walk(scope):
        if isinstance(node, ast.Name) and node.id == held:
            stores += isinstance(node.ctx, ast.Store | ast.Del)
            reads += [node] if isinstance(node.ctx, ast.Load) else []
        elif isinstance(node, ast.arg) and node.arg == held:
            stores += 2
        elif isinstance(node, ast.Global | ast.Nonlocal) and held in node.names:
            stores += 2
    return reads if stores == 1 else None


def _presence(test: ast.expr, held: str) -> bool:
    return _holds(test, held) or _refuted(test, held)


def _refuted(test: ast.expr, held: str) -> bool:
    """``test`` is true where ``held`` holds no member: ``not v``, ``v is None``, ``not callable(v)``."""
    negated = isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not)
    return _lacks(test, held) or (negated and isinstance(test, ast.UnaryOp) and _holds(test.operand, held))


def _tested(read: ast.Name, held: str, parents: dict[int, ast.AST]) -> bool:
    """``read`` is (part of) a presence test: ``v``, ``not v``, ``v is None``, ``v is not None``,
    ``callable(v)``, standing as the test of an ``if``, a conditional expression or an ``and``/``or``'s
    operand."""
    node: ast.AST = read
    parent = parents.get(id(node))
    while isinstance(parent, ast.Compare | ast.UnaryOp) or (
        isinstance(parent, ast.Call) and isinstance(parent.func, ast.Name) and parent.func.id == "callable"
    ):
        node, parent = parent, parents.get(id(parent))
    if not isinstance(node, ast.expr) or not _presence(node, held):
        return False
    return isinstance(parent, ast.BoolOp) or (
        isinstance(parent, ast.If | ast.IfExp | ast.While) and parent.test is node
    )


def _runs_held(read: ast.AST, held: str, parents: dict[int, ast.AST]) -> bool:
    """The call of ``read`` runs only where ``held`` holds the member: in the branch of a presence test that
    says so, after an ``and`` operand that does (an ``or`` operand that says it lacks it), or after an ``if`` that leaves the block where it lacks it."""
    child, parent = read, parents.get(id(read))
    while parent is not None and not isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
        if isinstance(parent, ast.If | ast.IfExp) and child is not parent.test:
            in_body = child is parent.body or (isinstance(parent, ast.If) and child in parent.body)
            if (_holds(parent.test, held) and in_body) or (_lacks(parent.test, held) and not in_body):
                return True
        if isinstance(parent, ast.BoolOp):
            before = parent.values[: next(i for i, v in enumerate(parent.values) if v is child)]
            # ``v and v()``; ``not callable(v) or v()``, ``v is None or v()``: run only past a test it holds
            if any(_holds(v, held) if isinstance(parent.op, ast.And) else _refuted(v, held) for v in before):
                return True
        if isinstance(child, ast.stmt) and any(
            isinstance(s, ast.If) and _lacks(s.test, held) and _exits(s.body) for s in _around(child, parents)[0]
        ):
            return True
        child, parent = parent, parents.get(id(parent))
    return False
