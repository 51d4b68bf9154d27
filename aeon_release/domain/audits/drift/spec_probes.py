"""A branch chosen by whether a module can be found: ``if importlib.util.find_spec("pkg.new") is not None:``.

Fork code written for both sides of a module move may ask the import system where the module lives
instead of trying the import: ``if find_spec("pkg.mm.prune") is not None: from pkg.mm.prune.evs import f``
/ ``else: from pkg.mm.evs import f``.  On the merged tree the answer is fixed by the tree itself: the
module is there or it is not, so one branch never runs, and a gone name in that branch breaks nothing.
A ``find_spec`` of a submodule imports its parent package first and raises ``ModuleNotFoundError`` when
the parent is gone too; it answers None only where the parent is there.  The caller reads the tree; this
module only says what a test asks.

The test is spelled ``find_spec("m")`` (the call's truth), ``find_spec("m") is not None`` or ``is None``
(``!=``/``==`` too), ``not`` of one of those, or a module-level name bound once to one of those
(``_HAS_NEW = find_spec("pkg.new") is not None``; ``if _HAS_NEW:``); and-ed or or-ed with other tests, a
probe the tree answers False (True) decides an ``and`` (an ``or``) alone.  A conditional expression's test
is read the same way (``import_module("pkg.new" if find_spec("pkg.new") else "pkg.old")``: the arm it never
takes).  A relative name, a ``package=`` argument or a name that is no string is not read.
"""

from __future__ import annotations

import ast
from collections.abc import Callable

_PROBES = frozenset({"find_spec"})


def spec_value(test: ast.expr, flags: dict[str, ast.expr], found: Callable[[str], bool | None]) -> bool | None:
    """What an ``if`` test (or a conditional expression's) comes to on a tree where ``found`` says whether a
    module is there (None: the tree cannot say): True, False, or None when a part of it is no probe."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        value = spec_value(test.operand, flags, found)
        return None if value is None else not value
    if isinstance(test, ast.BoolOp):
        values = [spec_value(v, flags, found) for v in test.values]
        decisive = isinstance(test.op, ast.Or)  # ``or`` is True once one part is, ``and`` False once one part is
        if decisive in values:
            return decisive
        return None if None in values else not decisive
    if isinstance(test, ast.Name) and test.id in flags:
        return spec_value(flags[test.id], {}, found)
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and _is_none(test.comparators[0]):
        dotted = _probed(test.left)
        there = found(dotted) if dotted else None
        if there is None or not isinstance(test.ops[0], ast.IsNot | ast.NotEq | ast.Is | ast.Eq):
            return None
        return there if isinstance(test.ops[0], ast.IsNot | ast.NotEq) else not there
    dotted = _probed(test)
    return found(dotted) if dotted else None


def spec_flags(tree: ast.Module) -> dict[str, ast.expr]:
    """The module's names bound once, at its top level, to a probe of a module (``_HAS_NEW = find_spec(...)
    is not None``): an ``if`` of the name asks what the probe asks."""
    values: dict[str, ast.expr] = {}
    bound: dict[str, int] = {}
    for stmt in tree.body:
        value: ast.expr | None
        if isinstance(stmt, ast.Assign):
            targets, value = stmt.targets, stmt.value
        elif isinstance(stmt, ast.AnnAssign):
            targets, value = [stmt.target], stmt.value
        else:
            continue
        for target in targets:
            if isinstance(target, ast.Name):
                bound[target.id] = bound.get(target.id, 0) + 1
                if value is not None:
                    values[target.id] = value
    return {name: value for name, value in values.items() if bound[name] == 1 and _probes_alone(value)}


def _probes_alone(value: ast.expr) -> bool:
    """The value is a test of probes alone: the tree decides it whichever modules are there."""
    return spec_value(value, {}, lambda _: True) is not None and spec_value(value, {}, lambda _: False) is not None


def _probed(node: ast.expr) -> str | None:
    """``importlib.util.find_spec("pkg.mod")`` (or ``util.find_spec``, ``find_spec``): the absolute name it asks."""
    if not isinstance(node, ast.Call) or len(node.args) != 1 or node.keywords:
        return None
    func = node.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
    arg = node.args[0]
    if name not in _PROBES or not isinstance(arg, ast.Constant) or not isinstance(arg.value, str):
        return None
    dotted = arg.value
    return dotted if dotted and all(part.isidentifier() for part in dotted.split(".")) else None


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None
