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
Nor is a "log" call that is not a logger's: the receiver must be a bare logger-like name (``logger``,
``log``, ``logging``, ``warnings``) or the call a bare ``print``/``warn`` -- ``self.tracer.log(...)`` and
``self.info(kwargs)`` may store what they are given.  A ``**kwargs`` spread into any call hands the keys
on, and a body that calls ``locals()`` or ``vars()`` may reach them by another name.
"""

from __future__ import annotations

import ast

from aeon_release.domain.audits.source import LOG_METHODS, parent_map

# the calls a body reports unknown keywords through (``logger.*``, ``warnings.warn``, ``print``)
_LOGGING = LOG_METHODS | {"warn", "log", "print", "debug_once"}
_TESTS = (ast.If, ast.While, ast.IfExp, ast.Assert)
# receivers of a logging method (``logger.warning``), and the bare calls that log (``print``)
_LOGGERS = frozenset({"logger", "_logger", "LOGGER", "log", "_log", "logging", "warnings"})
_BARE = frozenset({"print", "warn"})
# calls that reach a body's locals by name: ``locals()["kwargs"]`` escapes the name check
_INTROSPECT = frozenset({"locals", "vars"})


def only_logged(func: ast.FunctionDef | ast.AsyncFunctionDef, kwargs: str) -> bool:
    """Every use of ``kwargs`` in the body tests its truth or is logged, and one is logged."""
    if _introspects(func):
        return False
    parents = parent_map(func)
    uses = [n for stmt in func.body for n in ast.walk(stmt) if isinstance(n, ast.Name) and n.id == kwargs]
    logged = [n for n in uses if _logged(n, parents, func)]
    return bool(logged) and all(n in logged or _tested(n, parents) for n in uses)


def _logged(node: ast.AST, parents: dict[int, ast.AST], func: ast.AST) -> bool:
    """``node`` sits in the arguments of a logging call (``str(kwargs)`` and f-strings in it too)."""
    child, up = node, parents.get(id(node))
    if isinstance(up, ast.keyword) and up.arg is None:
        return False  # ``f(**kwargs)`` hands the keys on, whatever ``f`` is
    while up is not None and up is not func and not isinstance(up, ast.stmt):
        if isinstance(up, ast.Call) and child is not up.func and _logging_call(up):
            return True
        child, up = up, parents.get(id(up))
    return False


def _logging_call(call: ast.Call) -> bool:
    """``logger.warning(...)``, ``warnings.warn(...)``, ``print(...)``: never ``self.tracer.log(...)``."""
    func = call.func
    if isinstance(func, ast.Name):
        return func.id in _BARE
    return (
        isinstance(func, ast.Attribute)
        and func.attr in _LOGGING
        and isinstance(func.value, ast.Name)
        and func.value.id in _LOGGERS
    )


def _introspects(func: ast.AST) -> bool:
    """The body calls ``locals()`` or ``vars()``: it may reach its kwargs without naming them."""
    return any(
        isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in _INTROSPECT for n in ast.walk(func)
    )


def _tested(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """``node`` is (under ``not``, ``and``/``or``) the test of an ``if``, ``while``, conditional or assert."""
    child, up = node, parents.get(id(node))
    while isinstance(up, ast.BoolOp) or (isinstance(up, ast.UnaryOp) and isinstance(up.op, ast.Not)):
        child, up = up, parents.get(id(up))
    return isinstance(up, _TESTS) and up.test is child
