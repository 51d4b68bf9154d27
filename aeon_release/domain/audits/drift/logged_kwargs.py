"""Logged keyword drift: a keyword upstream stopped naming lands in a ``**kwargs`` the body only logs.

#42434 (the routing-replay revert) removed ``RequestOutput.__init__``'s ``prompt_routed_experts``.  The
constructor keeps a forward-compatibility ``**kwargs`` (#18513) whose only use is ``if kwargs:
logger.warning_once("RequestOutput: Ignoring extra arguments: %s", str(kwargs))``.  A fork line
``RequestOutput(..., prompt_routed_experts=experts)`` merges cleanly and runs; the value is dropped, a log
line says so once per process.  Such a body does with the key exactly what a body that never names its
kwargs does: nothing.

The shape: a function whose every use of its ``**kwargs`` name is a truth test of it (``if kwargs:``,
``if not kwargs``) or sits in the arguments of a logging call (``logger.warning(...)``, ``warning_once``,
``warnings.warn``, ``print``), with at least one such call.  A body that also hands them on, reads a key,
iterates them into a store, or raises on them (``if kwargs: raise TypeError``: loud already) is not one.
"""

from __future__ import annotations

import ast

from aeon_release.domain.audits.source import last_name, parent_map

# the calls a body reports unknown keywords through (``logger.*``, ``warnings.warn``, ``print``)
_LOGGING = frozenset(
    {
        "debug",
        "info",
        "warning",
        "warn",
        "error",
        "exception",
        "critical",
        "log",
        "print",
        "warning_once",
        "info_once",
        "debug_once",
    }
)
_TESTS = (ast.If, ast.While, ast.IfExp, ast.Assert)


def only_logged(func: ast.FunctionDef | ast.AsyncFunctionDef, kwargs: str) -> bool:
    """Every use of ``kwargs`` in the body tests its truth or is logged, and one is logged."""
    parents = parent_map(func)
    uses = [n for stmt in func.body for n in ast.walk(stmt) if isinstance(n, ast.Name) and n.id == kwargs]
    logged = [n for n in uses if _logged(n, parents, func)]
    return bool(logged) and all(n in logged or _tested(n, parents) for n in uses)


def _logged(node: ast.AST, parents: dict[int, ast.AST], func: ast.AST) -> bool:
    """``node`` sits in the arguments of a logging call (``str(kwargs)`` and f-strings in it too)."""
    child, up = node, parents.get(id(node))
    while up is not None and up is not func and not isinstance(up, ast.stmt):
        if isinstance(up, ast.Call) and child is not up.func and last_name(up.func) in _LOGGING:
            return True
        child, up = up, parents.get(id(up))
    return False


def _tested(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """``node`` is (under ``not``, ``and``/``or``) the test of an ``if``, ``while``, conditional or assert."""
    child, up = node, parents.get(id(node))
    while isinstance(up, ast.BoolOp) or (isinstance(up, ast.UnaryOp) and isinstance(up.op, ast.Not)):
        child, up = up, parents.get(id(up))
    return isinstance(up, _TESTS) and up.test is child
