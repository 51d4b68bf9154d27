"""A fork override that now hides a method upstream put between its class and the one it used to override.

#44120 (ec59c1579f) gave ``MoeWNA16Method`` a ``process_weights_after_loading`` that converts the weights and
builds the method's kernel; before it, the name resolved to ``QuantizeMethodBase``'s, which does nothing.  A
fork subclass of ``MoeWNA16Method`` that overrode the hook (to pin or reorder its weights) had no reason to
call ``super()``: it replaced a no-op.  After the merge the same override replaces upstream's new body, the
kernel is never built, and the first forward fails (``assert self.moe_kernel is not None``).  Git merges it
cleanly, the signatures match, and symbol drift's override checks see the same method name on a base.

Evidence, all needed: the fork's override resolved, at the merge base, to a def of another class (further
up the order) than the one it resolves to now -- upstream defined the method on a class between them; that
new def does work (not a stub: nothing, a constant, a parameter handed back, one ``raise``); and the
override never reaches it -- no ``super().name`` (called or read, ``getattr(super(), "name")`` too) and no
``Base.name(self, ...)`` off a class name.  An error when the def the override used to replace was itself
a stub (the override owed it nothing; upstream's new work is lost); a warning when it did work too (the
fork had already taken that work on itself and may do upstream's new part as well).  Quiet for an abstract
override (``@abstractmethod``: the fork's own subclasses fill it).

Pure: the fork's def and the two resolved members in, the finding's severity and wording out.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from aeon_release.domain.audits.drift.deferred_inits import method_named, reached_methods, reads_self, self_stored
from aeon_release.domain.audits.drift.pyindex import DefSym
from aeon_release.domain.audits.drift.renamed_overrides import stub_answer
from aeon_release.domain.audits.source import last_name

_Def = ast.FunctionDef | ast.AsyncFunctionDef


@dataclass(frozen=True)
class Hidden:
    """Upstream's new def the override hides; ``certain`` when the def it used to replace did nothing."""

    certain: bool
    message: str


def hidden_work(
    fork: _Def, before: DefSym, after: DefSym, cls: ast.ClassDef | None = None, owner: ast.ClassDef | None = None
) -> Hidden | None:
    """The new upstream def ``fork`` now hides without reaching it, or None (same owner as before, a
    stub, an override that hands on, itself or through a method of its class ``cls`` it calls on ``self``, an
    abstract override).  A warning, not an error, when ``cls`` also overrides a method of upstream's class
    ``owner`` that reads what the new def stores on ``self`` (every one): the fork replaced the pair (revCK: #42651's
    ``process_weights_after_loading`` stores the ``logical_output_size`` ``apply_scaled_mm`` reads; a fork
    kernel overriding both runs neither)."""
    if (before.path, before.owner) == (after.path, after.owner) or before.owner is None or after.owner is None:
        return None
    if not isinstance(before.node, _Def) or not isinstance(after.node, _Def):
        return None
    if stub_answer(after.node) is not None or is_abstract(fork) or _reaches_next(fork, cls):
        return None
    certain = stub_answer(before.node) is not None and not _reader_replaced(after.node, cls, owner)
    replaced = "a stub the override owed nothing" if certain else "whose work the override had taken on"
    if stub_answer(before.node) is not None and not certain:
        replaced = "a stub; the fork's class overrides the methods that read what the new def stores, too"
    return Hidden(
        certain,
        f"which upstream now defines on {after.owner} ({after.path}), between the fork's class and "
        f"{before.label} ({replaced}); the override never calls super().{fork.name}(), so upstream's new body "
        f"never runs on the fork's class: call super().{fork.name}(...) from the override",
    )


def hands_on(func: _Def, name: str) -> bool:
    """The def reaches the next ``name`` along the order: ``super().name`` (called or read), ``getattr(super(),
    "name")``, or ``Base.name(self, ...)`` / ``Base.name(cls, ...)`` off a class named in the source."""
    for node in ast.walk(func):
        if isinstance(node, ast.Attribute) and node.attr == name and _is_super(node.value):
            return True
        if isinstance(node, ast.Call) and _explicit_base_call(node, name):
            return True
        if (
            isinstance(node, ast.Call)
            and last_name(node.func) == "getattr"
            and len(node.args) >= 2
            and _is_super(node.args[0])
            and isinstance(node.args[1], ast.Constant)
            and node.args[1].value == name
        ):
            return True
    return False


def _reaches_next(fork: _Def, cls: ast.ClassDef | None) -> bool:
    """``hands_on`` of the override, or of a method of ``cls`` it calls on ``self``, transitively."""
    if hands_on(fork, fork.name):
        return True
    if cls is None or not isinstance(fork, ast.FunctionDef):
        return False
    return any(hands_on(m, fork.name) for m in reached_methods(cls, fork) if m is not fork)


def _reader_replaced(new: _Def, cls: ast.ClassDef | None, owner: ast.ClassDef | None) -> bool:
    """``cls`` overrides every method of ``owner`` (not ``__init__``) that reads a ``self`` attribute ``new``
    stores, and there is one: nothing on the fork's class reads what the hidden def would have set."""
    if cls is None or owner is None or not isinstance(new, ast.FunctionDef):
        return False
    stored = self_stored(new)
    readers = [
        m.name
        for m in owner.body
        if isinstance(m, ast.FunctionDef)
        and m.name not in (new.name, "__init__")
        and any(reads_self(m, attr) for attr in stored)
    ]
    return bool(readers) and all(method_named(cls, name) is not None for name in readers)


def _is_super(expr: ast.expr) -> bool:
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


def is_abstract(func: _Def) -> bool:
    """The def is an ``@abstractmethod``."""
    return any(last_name(d) == "abstractmethod" for d in func.decorator_list)
