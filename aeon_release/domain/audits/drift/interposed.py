"""A fork override that now hides a method upstream put between its class and the one it used to override.

#44120 (ec59c1579f) gave ``MoeWNA16Method`` a ``process_weights_after_loading`` that converts the weights and
builds the method's kernel; before it, the name resolved to ``QuantizeMethodBase``'s, which does nothing.  A
fork subclass of ``MoeWNA16Method`` that overrode the hook (to pin or reorder its weights) had no reason to
call ``super()``: it replaced a no-op.  After the merge the same override replaces upstream's new body, the
kernel is never built, and the first forward fails (``assert self.moe_kernel is not None``).  Git merges it
cleanly, the signatures match, and symbol drift's override checks see the same method name on a base.

Evidence, all needed: the fork's override resolved, at the merge base, to a def of another class (further
up the order) than the one it resolves to now -- upstream defined the method on a class between them; that
new def does work (not a stub: nothing, a constant, a parameter handed back, one ``raise``; nor a pure
answer: it stores on an object, deletes, or calls for effect); and the override never reaches it -- no ``super().name`` (called or read, ``getattr(super(), "name")`` too) and no
``Base.name(self, ...)`` off a class name -- one nearer than the new def's, or its own: since killers223,
``Base.name(self, ...)`` off a class past it (#29387: a fork ``MambaManager`` subclass's ``cache_blocks``
calling ``SingleTypeKVCacheManager.cache_blocks(self, ...)``, which it used to reach, skips the new
``MambaManager.cache_blocks`` recording the step's cached blocks) skips it as surely.  An error when the def
the override used to replace was itself
a stub (the override owed it nothing; upstream's new work is lost); a warning when it did work too (the
fork had already taken that work on itself and may do upstream's new part as well).  Quiet for an abstract
override (``@abstractmethod``: the fork's own subclasses fill it).

review76's twins: ``super()`` bound to a local (``parent = super()``) and a helper of the fork's own class
calling ``super().name(...)`` for the override hand on too (quiet).  A warning, not an error, when the new
def keeps state on ``self`` (``logical_output_size``, #42651 53ff50fcd3; ``moe_kernel`` through
``self._setup_kernel``, #44120) and no method the fork's class runs reads it -- the fork replaced every
reader (its own ``apply_scaled_mm``), directly or through ``super().m``; what the new def does to its
argument (the weights' padding) is still skipped, which only the fork can judge.

Pure: the fork's def and the two resolved members in, the finding's severity and wording out.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from aeon_release.domain.audits.drift.pyindex import DefSym, self_writes
from aeon_release.domain.audits.drift.renamed_overrides import stub_answer
from aeon_release.domain.audits.drift.signatures import decorator_names
from aeon_release.domain.audits.source import LOG_METHODS, last_name

_Def = ast.FunctionDef | ast.AsyncFunctionDef
_SAYS = LOG_METHODS | {"warn"}


@dataclass(frozen=True)
class Hidden:
    """Upstream's new def the override hides; ``certain`` when the def it used to replace did nothing."""

    certain: bool
    message: str


@dataclass(frozen=True)
class Along:
    """A class along the fork class's merged order (the fork's own class first): its file, name and body."""

    path: str
    qualname: str
    node: ast.ClassDef


def hidden_work(fork: _Def, before: DefSym, after: DefSym, order: Sequence[Along]) -> Hidden | None:
    """The new upstream def ``fork`` now hides without reaching it, or None (same owner as before, a
    stub, an override that hands on, an abstract override, a hook moved up the order)."""
    if (before.path, before.owner) == (after.path, after.owner) or before.owner is None or after.owner is None:
        return None
    if not isinstance(before.node, _Def) or not isinstance(after.node, _Def) or not _nearer(order, before, after):
        return None
    if stub_answer(after.node) is not None or not _has_effects(after.node):
        return None
    methods = _resolved(order)
    # a helper of a fork class nearer than the new def's (the fork's own, or a fork base between: mend56), whose
    # ``super().name`` continues along the order from its own class and so reaches the new def
    near = [(a.path, a.qualname) for a in order].index((after.path, after.owner))
    helpers = {name: d for name, (d, at) in methods.items() if at < near}
    # killers223: ``Base.name(self, ...)`` off a class past the new def's (the one the override used to reach)
    # skips the new def as surely as no call at all
    past = {a.qualname.rsplit(".", 1)[-1] for a in order[near + 1 :]} - {
        a.qualname.rsplit(".", 1)[-1] for a in order[: near + 1]
    }
    if is_abstract(fork) or hands_on(fork, fork.name, helpers, past):
        return None
    skipped = _named_past(fork, fork.name, past)
    kept = _kept_on_self(after.node, methods)
    unread = bool(kept) and not runs_a_reader(order, kept, fork.name)
    # an override storing all the new def keeps on self may do its work itself (mend56): a warning, not certain
    does_it = bool(kept) and kept <= _kept_on_self(fork, methods)
    certain = stub_answer(before.node) is not None and not unread and not does_it
    replaced = (
        "a stub the override owed nothing"
        if stub_answer(before.node) is not None
        else "whose work the override had taken on"
    )
    calls = f"calls {skipped}.{fork.name}(...) by name, past it" if skipped else f"never calls super().{fork.name}()"
    said = (
        f"which upstream now defines on {after.owner} ({after.path}), between the fork's class and "
        f"{before.label} ({replaced}); the override {calls}, so upstream's new body "
        f"never runs on the fork's class: call super().{fork.name}(...) from the override"
    )
    if does_it:
        said += f", unless the override does the new def's work itself (it stores {', '.join(sorted(kept))} too)"
    if unread:  # a fork class that also replaced every reader of the new def's state (#42651's apply_scaled_mm)
        said += (
            f", unless the fork's class owes it nothing: no method it runs reads what the new def keeps on self "
            f"({', '.join(sorted(kept))}), but the new def's work on its argument is skipped"
        )
    return Hidden(certain, said)


def _nearer(order: Sequence[Along], before: DefSym, after: DefSym) -> bool:
    """``after``'s class comes before ``before``'s along the merged order: a def put between them, not a hook
    moved up the hierarchy (that is ``_unconsulted``'s)."""
    at = [(a.path, a.qualname) for a in order]
    near, far = (after.path, after.owner), (before.path, before.owner)
    return near in at and far in at and at.index(near) < at.index(far)


def _resolved(order: Sequence[Along], start: int = 0) -> dict[str, tuple[_Def, int]]:
    """Each method name -> the def an instance of ``order[start]`` runs, and the place of its class along
    ``order`` (0: the fork's own class)."""
    found: dict[str, tuple[_Def, int]] = {}
    for at, along in enumerate(order[start:], start):
        for stmt in along.node.body:
            if isinstance(stmt, _Def):
                found.setdefault(stmt.name, (stmt, at))
    return found


def _kept_on_self(func: _Def, methods: Mapping[str, tuple[_Def, int]]) -> set[str]:
    """What ``func`` stores on ``self``, directly or through ``self.helper(...)`` as the instance resolves it
    (#44120's def stores its kernel in ``_setup_kernel``)."""
    kept: set[str] = set()
    for d in reached(func, {n: d for n, (d, _) in methods.items()}):
        kept |= set(self_writes(d))
    return kept


def runs_a_reader(order: Sequence[Along], names: set[str], skip: str) -> bool:
    """A method an instance of ``order[0]`` runs (but ``skip``) loads ``self.X`` for one of ``names``; a def
    of an upstream class only upstream's own methods call, all of which the fork's classes replaced, never runs
    (a fork ``apply_weights`` that no longer calls ``apply_scaled_mm``: mend56)."""
    methods = _resolved(order)
    return any(
        _reads(order, d, at, names)
        for name, (d, at) in methods.items()
        if name != skip and not _shut_out(order, methods, name)
    )


def _shut_out(order: Sequence[Along], methods: Mapping[str, tuple[_Def, int]], name: str) -> bool:
    """``name`` resolves to a def of an upstream class that some def of those classes calls as ``self.name``,
    and no def the instance runs does (the fork replaced every caller)."""
    func, at = methods[name]
    if at == 0:
        return False
    called = any(calls_self(d, name) for a in order[1:] for d in a.node.body if isinstance(d, _Def) and d is not func)
    return called and not any(calls_self(d, name) for d, _ in methods.values() if d is not func)


def first_param(func: _Def) -> str | None:
    """The name of the def's first positional parameter (``self``, whatever it is spelt; a positional-only one
    too), or None."""
    first = [*func.args.posonlyargs, *func.args.args][:1]
    return first[0].arg if first else None


def calls_self(func: _Def, name: str) -> bool:
    """The function calls ``<its first parameter>.name(...)``: a by-name call that dispatches to an override."""
    me = first_param(func)
    return any(
        isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and n.func.attr == name
        and isinstance(n.func.value, ast.Name)
        and n.func.value.id == me
        for n in ast.walk(func)
    )


def _reads(order: Sequence[Along], func: _Def, at: int, names: set[str], depth: int = 0) -> bool:
    """The method (of ``order[at]``) loads ``self.X`` for one of ``names``, or reaches a def that does through
    ``super().m`` (the next ``m`` along the order: a fork ``apply`` handing on to upstream's still reads it)."""
    me = first_param(func)
    if me is None or depth > 8:
        return me is not None
    for n in ast.walk(func):
        if not isinstance(n, ast.Attribute):
            continue
        if isinstance(n.ctx, ast.Load) and n.attr in names and isinstance(n.value, ast.Name) and n.value.id == me:
            return True
        nxt = _resolved(order, at + 1).get(n.attr) if is_super(n.value) else None
        if nxt is not None and _reads(order, nxt[0], nxt[1], names, depth + 1):
            return True
    return False


def reached(func: _Def, helpers: Mapping[str, _Def], me: str | None = None) -> list[_Def]:
    """``func`` and the ``helpers`` it calls as ``self.name(...)``, transitively, each once.  The instance is
    ``me`` in every def, or (None) each def's own first parameter, whatever it is spelt (deferred_inits'
    ``reached_methods`` joined here, mend59)."""
    seen: list[_Def] = [func]
    for d in seen:
        this = me or first_param(d)
        for node in ast.walk(d):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == this
                and (h := helpers.get(node.func.attr)) is not None
                and h not in seen
            ):
                seen.append(h)
    return seen


def hands_on(
    func: _Def, name: str, helpers: Mapping[str, _Def] | None = None, past: frozenset[str] | set[str] = frozenset()
) -> bool:
    """The def, or a helper of its own class it calls as ``self.helper(...)``, reaches the next ``name``
    along the order: ``super().name`` (called or read, ``super()`` bound to a local first too),
    ``getattr(super(), "name")``, or ``Base.name(self, ...)`` / ``Base.name(cls, ...)`` off a class named in
    the source -- but a class of ``past`` (classes further along the order than the def to reach: the call
    skips it)."""
    return any(_hands_on_here(d, name, past) for d in reached(func, helpers or {}))


def _named_past(func: _Def, name: str, past: frozenset[str] | set[str]) -> str:
    """The class of ``past`` the def calls ``name`` off by name (``Base.name(self, ...)``), or ""."""
    for node in ast.walk(func):
        if isinstance(node, ast.Call) and _explicit_base_call(node, name) and _base_named(node) in past:
            return _base_named(node)
    return ""


def _base_named(call: ast.Call) -> str:
    """``Base`` of ``Base.name(self, ...)`` (or of ``mod.Base.name(...)``)."""
    return last_name(call.func.value) if isinstance(call.func, ast.Attribute) else ""


def _hands_on_here(func: _Def, name: str, past: frozenset[str] | set[str] = frozenset()) -> bool:
    supers = _super_locals(func)
    for node in ast.walk(func):
        if isinstance(node, ast.Attribute) and node.attr == name and is_super(node.value, supers):
            return True
        if isinstance(node, ast.Call) and _explicit_base_call(node, name):
            if _base_named(node) not in past:
                return True
        if (
            isinstance(node, ast.Call)
            and last_name(node.func) == "getattr"
            and len(node.args) >= 2
            and is_super(node.args[0], supers)
            and isinstance(node.args[1], ast.Constant)
            and node.args[1].value == name
        ):
            return True
    return False


def _super_locals(func: _Def) -> set[str]:
    """Names the def binds to ``super()`` (``parent = super()``: #48334's twin reads the hook off it; also
    ``parent: Any = super()`` and ``(parent := super())``: mend56)."""
    found: set[str] = set()
    for node in ast.walk(func):
        if isinstance(node, ast.Assign) and is_super(node.value):
            found.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign | ast.NamedExpr) and node.value is not None and is_super(node.value):
            found.update([node.target.id] if isinstance(node.target, ast.Name) else [])
    return found


def is_super(expr: ast.expr, locals_: set[str] | frozenset[str] = frozenset()) -> bool:
    """``super()`` (or ``(p := super())``), or a name of ``locals_`` the def bound to it (symbols' copy joined
    here, mend56)."""
    if isinstance(expr, ast.NamedExpr):  # ``(parent := super()).name``
        return is_super(expr.value, locals_)
    if isinstance(expr, ast.Name):
        return expr.id in locals_
    return isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id == "super"


def _explicit_base_call(call: ast.Call, name: str) -> bool:
    """``Base.name(self, ...)``: a method called off a class name with the instance handed first."""
    func = call.func
    return (
        isinstance(func, ast.Attribute)
        and func.attr == name
        and isinstance(func.value, ast.Name | ast.Attribute)
        and bool(call.args)
        and isinstance(call.args[0], ast.Name)
        and call.args[0].id in ("self", "cls")
    )


def _has_effects(func: _Def) -> bool:
    """``func`` does something beyond answering: stores on an object (an attribute or item), deletes, or calls
    for effect (a call whose value it drops).  A pure answer (branches, locals, returns) is a query the fork's
    override answers for itself: hiding it loses nothing upstream set up (#36519's ``get_cudagraph_support``)."""
    for node in ast.walk(func):
        if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Attribute | ast.Subscript) for t in targets):
                return True
        if isinstance(node, ast.Delete) or (
            isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) and not _says(node.value)
        ):
            return True
    return False


def _says(call: ast.Call) -> bool:
    """A call that only logs or warns (``logger.debug(...)``, ``warnings.warn(...)``): no work a skipped def
    owed anyone (mend56; the set ``stale_copies._calls`` filters too)."""
    return last_name(call.func) in _SAYS


def is_abstract(node: ast.AST) -> bool:
    """``node`` is a def decorated ``@abstractmethod`` (or ``@abstractproperty``): the fork's own subclasses
    fill it.  The one reader of it (symbols' copy joined here, mend56)."""
    return isinstance(node, _Def) and bool(decorator_names(node) & {"abstractmethod", "abstractproperty"})
