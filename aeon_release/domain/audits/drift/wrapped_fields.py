"""Wrapped field drift: upstream now sets an attribute to one of its own classes that cannot be subscripted.

#23515 (0ff902f3b4) folded GPUModelRunner's persistent buffers into one class: ``self.positions =
torch.zeros(...)`` became ``self.positions = self._make_buffer(...)`` (``-> CpuGpuBuffer``, which holds
``.cpu``, ``.gpu`` and ``.np`` and defines no ``__getitem__``).  A fork runner subclass's
``self.positions[:num_tokens]`` merges cleanly and raises ``TypeError: 'CpuGpuBuffer' object is not
subscriptable`` on the first step.

The attribute's every assignment in the holder's class and its bases of the tree (``self.attr = ...``, the
fork's own class first) is read on both sides: each value is a call of a class of the tree, or of a def
(``self._make_buffer``, a module's factory) annotated to return one, or else unknown (``torch.zeros``, a
display, a name).  Upstream's side must assign one class only, every one of its bases a class of the tree
(an outside base may subscript) and none of them defining ``__getitem__`` (``__setitem__`` for a store);
the fork's side must never have assigned that class nor another class that cannot be subscripted (then the
fork's line was already broken, or reads another attribute).  A fork class that assigns the attribute itself
keeps an unknown value in the set: quiet.
"""

from __future__ import annotations

import ast

from aeon_release.domain.audits.drift import pyindex as px
from aeon_release.domain.audits.drift.pyindex import DefSym, Index
from aeon_release.domain.audits.source import last_name, parsed_expression

_Def = ast.FunctionDef | ast.AsyncFunctionDef


def wrapped_now(
    before: tuple[Index, px.ClassInfo | None], after: tuple[Index, px.ClassInfo | None], attr: str, dunder: str
) -> str | None:
    """The class upstream now always sets ``attr`` to, which lacks ``dunder`` along its bases, where the
    fork's side never set a class lacking it; None otherwise."""
    (old_ix, old_cls), (new_ix, new_cls) = before, after
    if old_cls is None or new_cls is None:
        return None
    now = assigned_classes(new_ix, new_cls, attr)
    if not now or None in now or len({_key(c) for c in now if c is not None}) != 1:
        return None
    wrapper = now[0]
    if wrapper is None or not _lacks(new_ix, wrapper, dunder):
        return None
    was = assigned_classes(old_ix, old_cls, attr)
    if not was or any(c is not None and _lacks(old_ix, c, dunder) for c in was):
        return None
    return wrapper.qualname


def assigned_classes(ix: Index, cls: px.ClassInfo, attr: str) -> list[px.ClassInfo | None]:
    """The class each ``self.attr = value`` in the class and its bases of the tree makes (None: unknown)."""
    found: list[px.ClassInfo | None] = []
    for item in ix.mro(cls):
        if isinstance(item, px.External):
            continue
        for node in ast.walk(item.node):
            target, value = _assigned(node)
            if isinstance(target, ast.Attribute) and target.attr == attr and _is_self(target.value):
                found.append(_made_class(ix, item, value))
    return found


def _assigned(node: ast.AST) -> tuple[ast.expr | None, ast.expr | None]:
    if isinstance(node, ast.AnnAssign):
        return node.target, node.value
    if isinstance(node, ast.Assign) and len(node.targets) == 1:
        return node.targets[0], node.value
    return None, None


def _made_class(ix: Index, item: px.ClassInfo, value: ast.expr | None) -> px.ClassInfo | None:
    """The tree class a call makes: the class called, or the annotated return of the def called
    (``self._make_buffer(...)`` resolved along the class's bases)."""
    if not isinstance(value, ast.Call):
        return None
    func = value.func
    if isinstance(func, ast.Attribute) and _is_self(func.value):
        sym = ix.member(ix.mro(item), func.attr)
    elif isinstance(func, ast.Name | ast.Attribute):
        sym = ix.resolve_expr(item.module, func)
    else:
        return None
    if not isinstance(sym, DefSym):
        return None
    made = ix.class_of(sym)
    if made is not None:
        return made
    return _returned_class(ix, sym)


def _returned_class(ix: Index, sym: DefSym) -> px.ClassInfo | None:
    """The one tree class a def's return annotation names (``-> CpuGpuBuffer``, quoted too)."""
    node = sym.node
    if not isinstance(node, _Def) or node.returns is None:
        return None
    returns = node.returns
    if isinstance(returns, ast.Constant) and isinstance(returns.value, str):
        parsed = parsed_expression(returns.value)
        if parsed is None:
            return None
        returns = parsed
    home = ix.module_at(sym.path)
    if home is None or not isinstance(returns, ast.Name | ast.Attribute):
        return None
    return ix.class_of(ix.resolve_expr(home, returns))


def cannot_subscript(ix: Index, cls: px.ClassInfo) -> bool:
    """``cls``'s instances raise TypeError under ``x[k]``: every class along its bases is the tree's and none
    defines ``__getitem__`` (symbol drift's read of a TypedDict upstream turned into such a class, #15712)."""
    return _lacks(ix, cls, "__getitem__")


def _lacks(ix: Index, cls: px.ClassInfo, dunder: str) -> bool:
    """Every class along ``cls``'s bases is the tree's and none defines ``dunder`` (nor makes members up)."""
    for item in ix.mro(cls):
        if isinstance(item, px.External):
            if item.name not in ("object", "ABC", "abc.ABC"):
                return False
            continue
        if dunder in item.members or "__getattr__" in item.members or _subscripted_base(item):
            return False
    return True


def _subscripted_base(item: px.ClassInfo) -> bool:
    """A base written ``Generic[T]``/``NamedTuple``/``dict[...]``: a kind this module does not judge."""
    return any(isinstance(b, ast.Subscript) or last_name(b) in ("NamedTuple", "TypedDict") for b in item.node.bases)


def _key(cls: px.ClassInfo) -> tuple[str, str]:
    return cls.module.path, cls.qualname


def _is_self(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id == "self"
