"""A name upstream now refuses: a guard on a class carrying it, by string, that raises.

#30181 retired ``SupportsMultiModal.multimodal_cpu_fields`` (``keep_on_cpu=True`` in the field config
instead) and made ``supports_multimodal()`` raise for a model that still sets it::

    multimodal_cpu_fields = getattr(model, "multimodal_cpu_fields", None)
    if multimodal_cpu_fields is not None:
        raise ValueError("`multimodal_cpu_fields` is no longer effective, ...")

#33757 did the same to a processor's own ``_get_data_parser`` (``if hasattr(self, "_get_data_parser"):
raise ValueError(...)``, a warning the release before).  A fork model that still sets the name merges
cleanly and fails to load.  The guard names the attribute by string, so no symbol check sees it.

A refusing guard is an ``if`` whose body raises at its top level and whose test asks after the quoted
name: ``hasattr(x, "n")``, or ``getattr(x, "n", d)`` (inline, or bound to a local first) tested for
truth, ``is not None``, or ``is``/``==`` a constant.  ``refuses`` says whether a class member's
value (a def, or an assigned expression) meets the test; a test it cannot read refuses nothing.

Also a stale copy: a fork class attribute holding every leaf of the base's old value where upstream
changed it (#48563: Gemma4's checkpoint-name mapper gained an experts-parent regex); ``stale_copy`` says
what the copy lacks.

Pure: module trees in, lines out.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from aeon_release.domain.audits.source import FUNCTION_DEFS

_ANY = object()  # the fork's value is not a constant (a def, a call, a set): truthy, not None


@dataclass(frozen=True)
class Guard:
    """An ``if`` that raises for a class carrying the name: its line and what it asks of the value."""

    line: int
    test: str  # "present" (hasattr), "truthy", "not-none", "equals"
    constant: object = None


def refusing_guards(tree: ast.Module, name: str) -> list[Guard]:
    """The raising guards on ``name`` anywhere in the module, in line order."""
    found: list[Guard] = []
    for func in ast.walk(tree):
        if isinstance(func, FUNCTION_DEFS):
            bound = _getattr_locals(func, name)
            found += [g for node in ast.walk(func) if (g := _guard(node, name, bound)) is not None]
    return sorted(set(found), key=lambda g: g.line)


def refuses(guard: Guard, value: ast.AST) -> bool:
    """Whether the guard raises for a class member bound to ``value`` (a def or an assigned expression)."""
    if guard.test == "present":
        return True
    held = value.value if isinstance(value, ast.Constant) else _ANY
    if guard.test == "not-none":
        return held is not None
    if guard.test == "truthy":
        return held is _ANY or bool(held)
    return held is not _ANY and held == guard.constant and type(held) is type(guard.constant)


def member_value(stmt: ast.stmt) -> ast.AST | None:
    """What a class-body statement binds its name to: the def itself, or the assigned expression."""
    if isinstance(stmt, FUNCTION_DEFS):
        return stmt
    if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and stmt.value is not None:
        return stmt.value
    return None


def _guard(node: ast.AST, name: str, bound: set[str]) -> Guard | None:
    if not isinstance(node, ast.If) or not any(isinstance(s, ast.Raise) for s in node.body):
        return None
    test = node.test
    if _asks(test, name, "hasattr"):
        return Guard(node.lineno, "present")
    if _read(test, name, bound):
        return Guard(node.lineno, "truthy")
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and _read(test.left, name, bound):
        right, op = test.comparators[0], test.ops[0]
        if isinstance(right, ast.Constant) and right.value is None and isinstance(op, ast.IsNot):
            return Guard(node.lineno, "not-none")
        if isinstance(right, ast.Constant) and isinstance(op, (ast.Is, ast.Eq)):
            return Guard(node.lineno, "equals", right.value)
    return None


def _read(expr: ast.expr, name: str, bound: set[str]) -> bool:
    """The value of ``name`` read by ``getattr(x, "name", ...)`` here, or a local bound to one."""
    return (isinstance(expr, ast.Name) and expr.id in bound) or _asks(expr, name, "getattr")


def _asks(expr: ast.expr, name: str, fn: str) -> bool:
    """``fn(x, "name", ...)``: ``hasattr``/``getattr`` by the quoted name."""
    return (
        isinstance(expr, ast.Call)
        and isinstance(expr.func, ast.Name)
        and expr.func.id == fn
        and len(expr.args) >= 2
        and isinstance(expr.args[1], ast.Constant)
        and expr.args[1].value == name
    )


def _getattr_locals(func: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> set[str]:
    """Locals the function binds to ``getattr(x, "name", ...)``."""
    return {
        target.id
        for node in ast.walk(func)
        if isinstance(node, ast.Assign) and _asks(node.value, name, "getattr")
        for target in node.targets
        if isinstance(target, ast.Name)
    }


# -- a stale copy: a fork's class attribute built from the base's old value ---------------------------------
_MIN_COPIED = 3  # a copy, not a coincidence: the base's old value has at least this many leaves


def member_value_of(node: ast.AST) -> ast.AST | None:
    """What a base's member statement binds (``member_value`` for a node of another tree): None for a def."""
    return member_value(node) if isinstance(node, ast.stmt) and not isinstance(node, FUNCTION_DEFS) else None


def stale_copy(mine: ast.AST, old: ast.AST, new: ast.AST) -> list[str]:
    """What upstream's new value has that the fork's copy lacks, when the fork's value holds every leaf
    (constant, name, attribute) of the base's old value and upstream changed it; else []."""
    if isinstance(mine, FUNCTION_DEFS) or ast.dump(old) == ast.dump(new):
        return []
    have, was = _leaves(mine), _leaves(old)
    if len(was) < _MIN_COPIED or not was <= have:
        return []
    return sorted(_leaves(new) - have)


def _leaves(node: ast.AST) -> set[str]:
    """The constants, names and attribute names of an expression, as source-like text."""
    found: set[str] = set()
    for item in ast.walk(node):
        if isinstance(item, ast.Constant) and item.value is not None:
            found.add(repr(item.value))
        elif isinstance(item, ast.Name):
            found.add(item.id)
        elif isinstance(item, ast.Attribute):
            found.add(f".{item.attr}")
    return found


def refuses_subject(tree: ast.Module, hook: str) -> bool:
    """Whether the module refuses what a capability hook names itself (``supports_sliding_window`` ->
    ``sliding_window``): an ``assert`` naming it, or an ``if`` naming it whose body raises at its top level
    (``if sliding_window is not None: raise NotImplementedError(...)``).  A class of such a module truly
    lacks the capability: upstream's refusal of it now is the same answer, earlier."""
    subject = hook.removeprefix("supports_").removeprefix("support_")
    if subject == hook or len(subject) < 4:
        return False
    for node in ast.walk(tree):
        if isinstance(node, ast.Assert) and subject in ast.unparse(node.test):
            return True
        if isinstance(node, ast.If) and subject in ast.unparse(node.test):
            if any(isinstance(stmt, ast.Raise) for stmt in node.body):
                return True
    return False
