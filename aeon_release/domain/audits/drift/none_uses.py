"""Where a name that may now be None goes: a use that fails on None, one handed on, or one that passes it back.

Raised-to-None drift (``raised_nones``) asks this of the name a fork's ``try`` binds to a call that used to
raise: the handler never runs again, so what matters is what the function does with the None.  A use that
fails on None (an attribute read, a subscript of it or by it, a call of it, arithmetic, iteration, an order
comparison) is ``FAILS``; handing it to a callee (whose parameter may well be Optional) is ``HANDED``; returning
it as is, or looking it up with ``.get()``, is ``PASSED`` (the same None the handler's ``return None`` gave).
"""

from __future__ import annotations

import ast
import enum

from aeon_release.domain.audits.drift.fallbacks import LOG_CALLS
from aeon_release.domain.audits.drift.returns import own_nodes

__all__ = ["FAILING_BUILTINS", "Use", "first_failing", "shielded", "tested_before", "told_apart", "uses"]

_Def = ast.FunctionDef | ast.AsyncFunctionDef
# callees that take anything, None included: they neither fail nor hand the value on
_HARMLESS = frozenset({"print", "repr", "str", "format", "id", "type", "bool", "hash"})
# builtins that raise TypeError on None
_FAILING = frozenset(
    {"len", "iter", "next", "list", "tuple", "set", "dict", "sorted", "enumerate", "zip", "sum", "max", "min"}
    | {"int", "float", "abs", "round", "vars"}
)
# the builtins above, for a check asking whether a call of one fails on a None argument (nulled attributes)
FAILING_BUILTINS = _FAILING
# of those, the builtins every positional argument of which fails on None (compared, or iterated)
_EVERY_POSITIONAL = frozenset({"max", "min", "zip"})
_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
# callees that say nothing of a value's kind when a test hands it to them (``hasattr``, ``type``, a ``TypeGuard``
# helper do): they fail on None, or answer for any value alike
_UNTELLING = _FAILING | {"print", "repr", "str", "format", "id", "hash", "bool"}
# the kinds a failing use of None raises, and the classes above them
_NONE_RAISES = frozenset({"AttributeError", "TypeError", "Exception", "BaseException"})
_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)


class Use(enum.Enum):
    FAILS = "fails"
    HANDED = "handed"
    PASSED = "passed"


def uses(func: _Def, name: str, after: int) -> list[tuple[int, Use]]:
    """(line, kind) of each read of ``name`` in ``func`` past line ``after`` (a read that neither fails nor
    goes anywhere, such as a log argument or a test, is left out, and so is a failing one inside a ``try`` or
    ``suppress`` that catches what None raises there)."""
    parents = {id(c): n for n in own_nodes(func.body) for c in ast.iter_child_nodes(n)}
    caught = shielded(func, _NONE_RAISES)
    found = []
    for node in own_nodes(func.body):
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load) and node.lineno > after:
            if _rebound(node, parents):
                continue
            kind = _kind(node, parents.get(id(node)), parents)
            if kind is Use.FAILS and id(node) in caught:
                continue  # a try (or suppress) around it catches what None raises there
            if kind is not None:
                found.append((node.lineno, kind))
    return found


def shielded(func: _Def, kinds: frozenset[str] | None = None) -> set[int]:
    """ids of the nodes inside a ``try`` body with a handler of one of ``kinds`` (a bare one too) that raises
    nothing itself (one that logs and re-raises lets the failure out), or a ``with suppress(...)`` of one;
    ``kinds`` None: any such handler, any ``suppress``.  What fails there is caught."""
    found: set[int] = set()
    for node in own_nodes(func.body):
        if isinstance(node, ast.Try) and any(_catches(h.type, kinds) and not _raises(h) for h in node.handlers):
            found |= {id(n) for s in node.body for n in ast.walk(s)}
        elif isinstance(node, (ast.With, ast.AsyncWith)) and any(
            _suppresses(i.context_expr, kinds) for i in node.items
        ):
            found |= {id(n) for s in node.body for n in ast.walk(s)}
    return found


def _raises(handler: ast.ExceptHandler) -> bool:
    return any(isinstance(n, ast.Raise) for n in own_nodes(handler.body))


def _catches(kind: ast.expr | None, kinds: frozenset[str] | None) -> bool:
    if kind is None or kinds is None:
        return True
    types = kind.elts if isinstance(kind, ast.Tuple) else [kind]
    return any(ast.unparse(t).rsplit(".", 1)[-1] in kinds for t in types)


def _suppresses(expr: ast.expr, kinds: frozenset[str] | None) -> bool:
    if not isinstance(expr, ast.Call) or ast.unparse(expr.func).rsplit(".", 1)[-1] != "suppress":
        return False
    return kinds is None or any(_catches(a, kinds) for a in expr.args)


def told_apart(test: ast.expr, name: str) -> bool:
    """``test`` hands ``name`` to a call that answers by its kind or surface: ``hasattr(name, ...)``,
    ``type(name)``, ``callable(getattr(name, ...))``, a ``TypeGuard`` helper of the fork's."""
    return any(
        isinstance(n, ast.Call)
        and not (isinstance(n.func, ast.Name) and n.func.id in _UNTELLING)
        and any(_named(a, name) for a in n.args)
        for n in ast.walk(test)
    )


def _rebound(node: ast.Name, parents: dict[int, ast.AST]) -> bool:
    """The read is of a comprehension's own variable of the name (``[t.upper() for t in xs]``), not the
    function's: the first ``for``'s iterable aside, which the enclosing scope evaluates."""
    child: ast.AST = node
    while (parent := parents.get(id(child))) is not None:
        if isinstance(parent, _COMPREHENSIONS) and child is not parent.generators[0].iter:
            if any(node.id in _bound(g.target) for g in parent.generators):
                return True
        child = parent
    return False


def _bound(target: ast.expr) -> set[str]:
    return {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}


def _kind(node: ast.Name, parent: ast.AST | None, parents: dict[int, ast.AST]) -> Use | None:
    if _formatted(node, parent, parents):
        return None
    if isinstance(parent, (ast.Attribute, ast.Subscript, ast.BinOp, ast.AugAssign, ast.Starred)):
        return Use.FAILS
    if isinstance(parent, (ast.For, ast.AsyncFor, ast.comprehension)):
        return Use.FAILS if parent.iter is node else None
    if isinstance(parent, ast.UnaryOp):
        return None if isinstance(parent.op, ast.Not) else Use.FAILS
    if isinstance(parent, ast.Compare):
        return _compared(node, parent)
    if isinstance(parent, ast.Call):
        return Use.FAILS if parent.func is node else _argument(parent, node)
    if isinstance(parent, ast.keyword):
        call = parents.get(id(parent))
        return _argument(call, None) if isinstance(call, ast.Call) else Use.HANDED
    if isinstance(parent, ast.Return):
        return Use.PASSED
    if isinstance(parent, (ast.FormattedValue, ast.BoolOp, ast.If, ast.IfExp, ast.While, ast.Assert, ast.Expr)):
        return None
    return Use.HANDED  # stored elsewhere, put in a container: where it fails is not read here


def _compared(node: ast.Name, compare: ast.Compare) -> Use | None:
    """``x < 3`` fails on None; ``3 in x`` iterates it; ``x in d``, ``x == y``, ``x is None`` do not fail."""
    if any(isinstance(op, _ORDER) for op in compare.ops):
        return Use.FAILS
    if compare.left is not node and any(isinstance(op, (ast.In, ast.NotIn)) for op in compare.ops):
        return Use.FAILS
    return None


def _formatted(node: ast.Name, parent: ast.AST | None, parents: dict[int, ast.AST]) -> bool:
    """``'layer.%s' % name`` (or ``% (a, name)``): printf formatting takes None (``'layer.None'``)."""
    if isinstance(parent, ast.Tuple):
        parent = parents.get(id(parent))
    return (
        isinstance(parent, ast.BinOp)
        and isinstance(parent.op, ast.Mod)
        and parent.left is not node
        and (isinstance(parent.left, ast.JoinedStr) or _is_str(parent.left))
    )


def _is_str(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _argument(call: ast.Call, arg: ast.expr | None) -> Use | None:
    """``arg`` a positional argument of ``call`` (None: a keyword one).  A failing builtin fails on its first
    positional argument only (any for ``max``/``min``/``zip``): ``next(it, None)``, ``max(xs, default=None)``,
    ``sorted(xs, key=None)``, ``round(x, None)`` all take None."""
    func = call.func
    if isinstance(func, ast.Name) and func.id in _HARMLESS:
        return None
    if isinstance(func, ast.Name) and func.id in _FAILING:
        first = bool(call.args) and call.args[0] is arg
        return Use.FAILS if first or (arg is not None and func.id in _EVERY_POSITIONAL) else None
    if isinstance(func, ast.Attribute) and func.attr in LOG_CALLS:
        return None
    if isinstance(func, ast.Attribute) and func.attr == "get":
        return Use.PASSED  # ``d.get(None)``: None, as the handler's
    return Use.HANDED


def first_failing(found: list[tuple[int, Use]]) -> int | None:
    return min((line for line, kind in found if kind is Use.FAILS), default=None)


def tested_before(func: _Def, name: str, line: int) -> bool:
    """The function tests ``name`` on or before ``line``: ``is None``, ``== None``, truth (``if name``,
    ``not name``, ``name or x``, ``assert name``), ``isinstance(name, ...)``, ``name in ...``, a test handing it
    to a call that tells kinds apart (``told_apart``), a ``match`` on it."""
    return any(_tests(node, name) for node in own_nodes(func.body) if getattr(node, "lineno", line + 1) <= line)


def _tests(node: ast.AST, name: str) -> bool:
    if isinstance(node, (ast.If, ast.IfExp, ast.While, ast.Assert)) and told_apart(node.test, name):
        return True
    if isinstance(node, ast.Match) and _named(node.subject, name):
        return True  # its cases tell the values apart
    if isinstance(node, ast.Compare) and _named(node.left, name):
        if any(isinstance(op, (ast.Is, ast.IsNot, ast.In, ast.NotIn)) for op in node.ops):
            return True
        return any(isinstance(c, ast.Constant) and c.value is None for c in node.comparators)
    if isinstance(node, (ast.If, ast.IfExp, ast.While, ast.Assert)) and _named(node.test, name):
        return True
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not) and _named(node.operand, name):
        return True
    if isinstance(node, ast.BoolOp) and any(_named(v, name) for v in node.values):
        return True
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "isinstance"
        and bool(node.args)
        and _named(node.args[0], name)
    )


def _named(node: ast.expr, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name
