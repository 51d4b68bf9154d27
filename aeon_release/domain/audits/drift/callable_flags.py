"""A flag made a function: a module's value (a bool, a comparison) that upstream now binds to a def.

#20187 (4d36693687) took ``has_deep_gemm = importlib.util.find_spec("deep_gemm") is not None`` out of
``fp8_utils`` and imported the function ``has_deep_gemm()`` from the package's ``utils`` in its place, calling it in
its own test.  A fork's ``from ...fp8_utils import has_deep_gemm`` still resolves, so nothing reads as gone;
but its ``if has_deep_gemm and ...:``, ``enabled and fp8_utils.has_deep_gemm`` or ``"dg" if
fp8_utils.has_deep_gemm else "cutlass"`` now tests a function object, which is always true: the fork takes
the path for the package being there on every machine, with no error until the kernel is missing.  A class made
a function (``unclassed.py``) fails loudly; this is its quiet cousin.

Upstream's side: the name, read off its module at the merge base, is a top-level assignment of an evident
non-callable value (a literal, a comparison, a ``not``, an ``and``/``or`` of them) in a module upstream changed,
and at upstream resolves (through the module's imports) to a top-level def with no decorator but a cache's
(``functools.cache``/``lru_cache`` hand back a callable).  The fork's side, on a line it owns: the name (or
``module.name``) tested for its truth -- the test of an ``if``/``while``/conditional expression/``assert``, an
operand of ``and``/``or``/``not``, the argument of ``bool()``.  An error.  Quiet: a call of it (the new
spelling), a test the function asks ``callable()`` of the name in, a fork module binding the name more than
once (an ``ImportError`` fallback) or setting the module attribute itself (``unclassed.fork_binding``); a
version test around the use warns.
"""

from __future__ import annotations

import ast

from aeon_release.domain.audits.drift.fallbacks import version_gated
from aeon_release.domain.audits.drift.pyindex import DefSym, Sym
from aeon_release.domain.audits.drift.unclassed import fork_binding

_CACHES = frozenset({"cache", "lru_cache", "functools.cache", "functools.lru_cache"})
_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)


def made_callable(before: Sym, after: Sym) -> bool:
    """``before`` was a module's non-callable value and ``after`` is a plain (or cached) top-level def."""
    if not isinstance(before, DefSym) or not isinstance(after, DefSym) or before.owner or after.owner:
        return False
    stmt = before.node
    value = stmt.value if isinstance(stmt, ast.Assign | ast.AnnAssign) else None
    if value is None or not _evident_value(value):
        return False
    now = after.node
    return isinstance(now, _FUNCS) and all(_cache(d) for d in now.decorator_list)


def _evident_value(value: ast.expr) -> bool:
    """A literal, a comparison, a ``not``, or an ``and``/``or`` of such: never a callable."""
    if isinstance(value, ast.Constant | ast.Compare):
        return True
    if isinstance(value, ast.UnaryOp):
        return isinstance(value.op, ast.Not)
    return isinstance(value, ast.BoolOp) and all(_evident_value(v) for v in value.values)


def _cache(decorator: ast.expr) -> bool:
    func = decorator.func if isinstance(decorator, ast.Call) else decorator
    return ast.unparse(func) in _CACHES


def truth_tested(node: ast.expr, parents: dict[int, ast.AST]) -> bool:
    """``node`` is tested for its truth where it stands (not called, compared or handed on)."""
    parent = parents.get(id(node))
    if isinstance(parent, ast.If | ast.While | ast.IfExp | ast.Assert):
        return parent.test is node
    if isinstance(parent, ast.BoolOp):
        return True
    if isinstance(parent, ast.UnaryOp):
        return isinstance(parent.op, ast.Not)
    if isinstance(parent, ast.Call) and isinstance(parent.func, ast.Name) and parent.func.id == "bool":
        return node in parent.args
    return False


def spared(tree: ast.Module, expr: ast.expr, parents: dict[int, ast.AST]) -> str | None:
    """ "quiet" when the fork copes with the name being a function (``callable(name)`` asked in the function
    around the use, the name bound twice or set by the fork), "warn" under a version test, None for an error."""
    shown = ast.unparse(expr)
    up: ast.AST | None = parents.get(id(expr))
    while up is not None and not isinstance(up, _FUNCS):
        up = parents.get(id(up))
    scope = up if up is not None else tree
    if any(_asks_callable(n, shown) for n in ast.walk(scope)):
        return "quiet"
    bound = fork_binding(tree, expr, shown)
    if bound is not None:
        return bound
    return "warn" if version_gated(expr, parents) else None


def _asks_callable(node: ast.AST, shown: str) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "callable"
        and len(node.args) == 1
        and ast.unparse(node.args[0]) == shown
    )
