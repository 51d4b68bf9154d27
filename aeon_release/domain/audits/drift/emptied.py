"""Emptied behaviour: upstream keeps a function's name and signature but makes its body do nothing.

``NCCLWeightTransferEngine.trainer_send_weights`` kept its name as a static method whose body only raises
``NotImplementedError`` (#50902: a trainer engine broadcasts now); ``NixlEplbCommunicator.add_send`` kept its
signature and became ``pass`` (#41633: the receiver reads the registered weights); CUDA's
``stateless_init_device_torch_dist_pg`` override went, so a call lands on the base's ``raise
NotImplementedError`` (#22243).  Every fork call still resolves and fits the signature, so the symbol and
signature checks stay quiet, and git merges it cleanly: the fork's call raises at run time, or its effect
silently never happens.

Pure helpers over two bodies and the fork's function around the call; the resolution of the call (which def
it reaches before and after the merge) is symbol drift's (``symbols.py``).
"""

from __future__ import annotations

import ast
import builtins
from dataclasses import dataclass

from aeon_release.domain.audits.drift.fallbacks import LOG_CALLS

__all__ = ["Emptied", "built_by", "emptied", "for_effect", "guarded", "trivial"]

# calls a body may keep beside its emptiness, named whole (``compute_logits`` or ``update_info`` is work):
# telling the reader it is gone does not do the work
_TELLS = LOG_CALLS | {"print", "warn_deprecated", "deprecated", "log"}


@dataclass(frozen=True)
class Emptied:
    """What the emptied body does now: ``raises`` a kind (``NotImplementedError``), or nothing (``returns``:
    the constant it returns, ``None`` for a bare body)."""

    raises: str | None = None
    returns: str | None = None

    @property
    def says(self) -> str:
        if self.raises is not None:
            return f"only raises {self.raises}"
        if self.returns == "a bare yield":
            return "does nothing around its yield"
        return "does nothing" if self.returns in (None, "None") else f"does nothing but return {self.returns}"


def _own_body(node: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.stmt]:
    """The statements past a docstring and calls that only tell (a logger's, ``warnings.warn``)."""
    body = list(node.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    return [s for s in body if not _tells(s)]


def _tells(stmt: ast.stmt) -> bool:
    if not (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)):
        return False
    func = stmt.value.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    return name in _TELLS


def trivial(node: ast.FunctionDef | ast.AsyncFunctionDef) -> Emptied | None:
    """The body's emptiness, or None when it does work: nothing (``pass``, ``...``, a ``del`` of its
    parameters), a constant or one of its parameters returned, or one ``raise`` (past a docstring and a
    warning); a first statement that returns or raises empties what follows it (a def disabled in place)."""
    params = {a.arg for a in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)}
    body = [stmt for stmt in _own_body(node) if not _idle(stmt, params)]
    if body and isinstance(body[0], ast.Return | ast.Raise):
        body = body[:1]  # what follows never runs
    if not body:
        return Emptied()
    if len(body) != 1:
        return None
    stmt = body[0]
    if isinstance(stmt, ast.Return):
        value = stmt.value
        if value is None or isinstance(value, ast.Constant):
            return Emptied(returns=None if value is None else repr(value.value))
        if isinstance(value, ast.Name) and value.id in params:
            return Emptied(returns=f"its {value.id} unchanged")
    if isinstance(stmt, ast.Raise) and stmt.exc is not None:
        exc = stmt.exc.func if isinstance(stmt.exc, ast.Call) else stmt.exc
        kind = exc.id if isinstance(exc, ast.Name) else exc.attr if isinstance(exc, ast.Attribute) else "an error"
        return Emptied(raises=kind)
    return None


def _idle(stmt: ast.stmt, params: set[str]) -> bool:
    """``pass``, ``...``, or ``del`` of parameters (an unused argument silenced): nothing done."""
    if isinstance(stmt, ast.Pass) or (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)):
        return True
    return isinstance(stmt, ast.Delete) and all(isinstance(t, ast.Name) and t.id in params for t in stmt.targets)


# decorators that leave the body the behaviour: any other may supply it (``singledispatch``'s registered
# implementations run, not the base's raise), so a def under one is never taken for emptied
_PLAIN = frozenset(
    {
        *("staticmethod", "classmethod", "override", "wraps", "cache", "lru_cache", "cached_property", "property"),
        *("contextmanager", "asynccontextmanager", "no_grad", "inference_mode", "deprecated"),
    }
)


def _abstract(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A declaration another def fills (``@abstractmethod``, ``@overload``), or a def under a decorator that may
    do the work itself (``@singledispatch``, a registry's)."""
    names = {ast.unparse(d.func if isinstance(d, ast.Call) else d).rsplit(".", 1)[-1] for d in node.decorator_list}
    return not names <= _PLAIN


def _generator(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any(isinstance(n, (ast.Yield, ast.YieldFrom)) for n in ast.walk(node))


def emptied(old: ast.FunctionDef | ast.AsyncFunctionDef, new: ast.FunctionDef | ast.AsyncFunctionDef) -> Emptied | None:
    """How ``new`` is an emptied ``old``: ``old`` did work (not a stub), ``new`` does none and is no
    declaration an override fills (``@abstractmethod``, ``@overload``).  A generator (a context manager's)
    is emptied when all it does now is one bare ``yield``."""
    if _abstract(new) or trivial(old) is not None:
        return None
    if _generator(old):
        return _bare_yield(old, new)
    return trivial(new)


def _bare_yield(
    old: ast.FunctionDef | ast.AsyncFunctionDef, new: ast.FunctionDef | ast.AsyncFunctionDef
) -> Emptied | None:
    """A generator that did work around its ``yield`` and now only yields (a patching context made a no-op)."""
    body = _own_body(new)
    if len(body) == 1 and _is_bare_yield(body[0]) and not all(_is_bare_yield(s) for s in _own_body(old)):
        return Emptied(returns="a bare yield")
    return None


def _is_bare_yield(stmt: ast.stmt) -> bool:
    return (
        isinstance(stmt, ast.Expr)
        and isinstance(stmt.value, ast.Yield)
        and (stmt.value.value is None or isinstance(stmt.value.value, ast.Constant))
    )


def _catches(handler: ast.ExceptHandler, kind: str) -> bool:
    """Whether the handler catches ``kind`` (a builtin's bases known; a project's own kind: any handler)."""
    if handler.type is None:
        return True
    names = [ast.unparse(t).rsplit(".", 1)[-1] for t in _kinds(handler.type)]
    raised = getattr(builtins, kind, None)
    if not (isinstance(raised, type) and issubclass(raised, BaseException)):
        return True  # the project's own exception: it may subclass what the handler names
    for name in names:
        caught = getattr(builtins, name, None)
        if not (isinstance(caught, type) and issubclass(caught, BaseException)) or issubclass(raised, caught):
            return True
    return False


def _kinds(node: ast.expr) -> list[ast.expr]:
    return list(node.elts) if isinstance(node, ast.Tuple) else [node]


def guarded(around: ast.AST, call: ast.Call, kind: str, reraising: bool = True) -> bool:
    """Whether the call sits in a ``try`` of ``around`` a handler of which catches ``kind`` (or under
    ``contextlib.suppress`` of it): the fork expected the raise.  Unless ``reraising``, a handler that raises
    on (``except ValueError: log(...); raise``) does not count: the call still fails for its caller."""
    for node in ast.walk(around):
        if isinstance(node, ast.Try | ast.TryStar) and any(call in ast.walk(stmt) for stmt in node.body):
            if any(_catches(h, kind) and (reraising or not _raises_on(h)) for h in node.handlers):
                return True
        if isinstance(node, (ast.With, ast.AsyncWith)) and any(call in ast.walk(stmt) for stmt in node.body):
            for item in node.items:
                ctx = item.context_expr
                if isinstance(ctx, ast.Call) and ast.unparse(ctx.func).rsplit(".", 1)[-1] == "suppress":
                    if any(_catches(ast.ExceptHandler(type=a, name=None, body=[]), kind) for a in ctx.args):
                        return True
    return False


def _raises_on(handler: ast.ExceptHandler) -> bool:
    """The handler's own statements (not a nested def's) end in a ``raise``: it hands the error on."""
    return any(isinstance(stmt, ast.Raise) for stmt in handler.body)


def for_effect(around: ast.AST, call: ast.Call, now: Emptied) -> bool:
    """Whether the call is made for what it does, not what it answers: a statement of its own (awaited or
    not), a ``with`` item (a context manager entered for its effect), or the ``return`` of a body that now
    returns nothing anyway (an override handing on ``super()``'s None)."""
    for node in ast.walk(around):
        if isinstance(node, ast.Expr) and (
            node.value is call or (isinstance(node.value, ast.Await) and node.value.value is call)
        ):
            return True
        if isinstance(node, (ast.With, ast.AsyncWith)) and any(i.context_expr is call for i in node.items):
            return True
        if isinstance(node, ast.Return) and node.value is call and now.returns is None:
            return True
    return False


def built_by(receiver: ast.expr, func: ast.AST | None, cls: ast.ClassDef | None, me: str | None) -> ast.expr | None:
    """The callee of the one constructor call the receiver holds, when nothing else binds it: a local bound
    once, unannotated, to a call (``comm = Communicator(...)``; no parameter, loop or ``with`` rebinding it),
    or ``self.attr`` every method of the class assigns only by calls of that callee (``self.comm =
    Communicator(...)`` in ``__init__``).  An instance built so is of that very class, not a subclass that
    may do the work an annotation's class no longer does."""
    if isinstance(receiver, ast.Name) and isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return _one_call(_local_values(func, receiver.id))
    if isinstance(receiver, ast.Attribute) and isinstance(receiver.value, ast.Name) and receiver.value.id == me:
        return _one_call(_self_values(cls, receiver.attr)) if cls is not None else None
    return None


def _local_values(func: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> list[ast.expr | None]:
    """What the function binds ``name`` to (None for a parameter, a loop, a ``with``, an annotated target)."""
    args = (*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs, func.args.vararg, func.args.kwarg)
    found: list[ast.expr | None] = [None for a in args if a is not None and a.arg == name]
    for node in ast.walk(func):
        if isinstance(node, ast.Assign):
            found += [node.value if t.id == name and len(node.targets) == 1 else None for t in _names(node.targets)]
        elif isinstance(node, (ast.For, ast.AsyncFor, ast.AnnAssign, ast.AugAssign, ast.NamedExpr, ast.comprehension)):
            found += [None for t in _names([node.target]) if t.id == name]
        elif isinstance(node, (ast.With, ast.AsyncWith)):
            found += [None for t in _names([i.optional_vars for i in node.items if i.optional_vars]) if t.id == name]
    return found


def _self_values(cls: ast.ClassDef, attr: str) -> list[ast.expr | None]:
    """What the class's methods assign ``self.attr`` (None for an annotated or augmented assignment)."""
    found: list[ast.expr | None] = []
    for stmt in cls.body:
        if not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) or not stmt.args.args:
            continue
        me = stmt.args.args[0].arg
        for node in ast.walk(stmt):
            found += [_self_value(node, t) for t in _self_targets(node, me, attr)]
    return found


def _self_targets(node: ast.AST, me: str, attr: str) -> list[ast.Attribute]:
    """The ``me.attr`` targets a statement assigns (in a tuple target too)."""
    if isinstance(node, ast.Assign):
        targets = node.targets
    elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
        targets = [node.target]
    else:
        return []
    return [
        t
        for tgt in targets
        for t in ast.walk(tgt)
        if isinstance(t, ast.Attribute) and t.attr == attr and isinstance(t.value, ast.Name) and t.value.id == me
    ]


def _self_value(node: ast.AST, target: ast.Attribute) -> ast.expr | None:
    """The value a plain ``me.attr = value`` binds; None for a tuple, annotated or augmented target."""
    plain = isinstance(node, ast.Assign) and len(node.targets) == 1 and node.targets[0] is target
    return node.value if plain and isinstance(node, ast.Assign) else None


def _names(targets: list[ast.expr]) -> list[ast.Name]:
    return [n for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)]


def _one_call(values: list[ast.expr | None]) -> ast.expr | None:
    """The callee when every value is a call of the same plain callee (``Cls``, ``mod.Cls``)."""
    calls = [v for v in values if isinstance(v, ast.Call) and isinstance(v.func, (ast.Name, ast.Attribute))]
    if not values or len(calls) != len(values) or len({ast.unparse(c.func) for c in calls}) != 1:
        return None
    return calls[0].func
