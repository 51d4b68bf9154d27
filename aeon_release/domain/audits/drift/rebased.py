"""Upstream moved a class the fork's code leans on under another: the members the fork expects are not there.

Two shapes of one change, a class swapped under the fork's feet rather than a member removed from it:

- A base rebased (#39684): ``ActivationQuantPattern(ABC)``, whose one abstract hook was ``register()``, now
  derives from the pattern-replacement base, whose ``pattern``, ``replacement`` and ``get_inputs`` are abstract.
  The abstract members live in a file upstream did not touch in the change; the class that brings them into
  the fork's class's order is upstream's rebased one.  A fork pattern on the old contract (``get_inputs`` and
  ``register``) merges cleanly and raises TypeError where it is built.
- A holder retyped (#27041): the inductor pass base's ``__init__`` set ``self.compilation_config`` to a proxy of the
  whole ``CompilationConfig``; it now builds an ``InductorCompilationConfig`` with two of its fields.  A fork
  pass reading ``self.compilation_config.custom_ops`` merges cleanly and raises AttributeError.  Before, the
  holder's class was not known (a proxy), so no member was "removed": the new class, which upstream added in
  the change, is what decides.

Pure helpers over the index's classes; finding the fork's classes and reads is symbol drift's (``symbols.py``).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence

from aeon_release.domain.audits.drift import pyindex as px

__all__ = ["class_member_stored", "fills_dynamically", "rebased_between", "stored_anywhere"]


def _bases(node: ast.ClassDef) -> list[str]:
    return [ast.unparse(b) for b in node.bases] + [ast.unparse(k) for k in node.keywords]


def rebased_between(
    order: Sequence[px.ClassInfo | px.External],
    owner: str | None,
    base_ix: px.Index,
    upstream: Callable[[str], bool],
) -> px.ClassInfo | None:
    """The class of upstream's, before ``owner`` in the class order ``order`` (the fork's class first), whose
    bases upstream changed in a file it changed: the one that brought ``owner``'s members into the order.
    None when no such class stands between (the fork's own class, or a class upstream left alone)."""
    for item in order[1:]:
        if not isinstance(item, px.ClassInfo) or item.qualname == owner:
            return None
        if not upstream(item.module.path):
            continue
        old_mod = base_ix.module_at(item.module.path)
        old = base_ix.class_info(old_mod, item.qualname) if old_mod else None
        if old is not None and _bases(old.node) != _bases(item.node):
            return item
    return None


def stored_anywhere(tree: ast.AST, attr: str) -> bool:
    """The module stores ``<something>.attr`` (or ``setattr(<something>, "attr", ...)``): the fork may set the
    member on the holder itself."""
    return any(_stored(sub, attr, lambda _: True) for sub in ast.walk(tree))


def class_member_stored(tree: ast.AST, cls: str, attr: str) -> bool:
    """The module stores ``cls.attr`` (``InductorCompilationConfig.custom_ops = []`` in a fork shim, or its
    ``setattr``), spelled through any module path ending in ``cls``: every instance then has the member."""
    return any(_stored(sub, attr, lambda owner: ast.unparse(owner).rsplit(".", 1)[-1] == cls) for sub in ast.walk(tree))


def _stored(node: ast.AST, attr: str, owner: Callable[[ast.expr], bool]) -> bool:
    if isinstance(node, ast.Attribute):
        return node.attr == attr and isinstance(node.ctx, ast.Store) and owner(node.value)
    call = _setattr(node)
    return call is not None and _str(call.args[1]) == attr and owner(call.args[0])


def fills_dynamically(node: ast.ClassDef) -> bool:
    """The class makes its members by computed names (``setattr(self, k, v)`` over keyword arguments,
    ``self.__dict__.update(...)``, a ``__getattr__``): a member it does not spell may still be there."""
    for sub in ast.walk(node):
        if isinstance(sub, ast.FunctionDef | ast.AsyncFunctionDef) and sub.name in ("__getattr__", "__getattribute__"):
            return True
        call = _setattr(sub)
        if call is not None and _str(call.args[1]) is None:
            return True
        if _writes_dict(sub):
            return True
    return False


def _writes_dict(node: ast.AST) -> bool:
    """``x.__dict__.update(...)`` or ``x.__dict__[k] = v``."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "update":
        return isinstance(node.func.value, ast.Attribute) and node.func.value.attr == "__dict__"
    return (
        isinstance(node, ast.Subscript)
        and isinstance(node.ctx, ast.Store)
        and isinstance(node.value, ast.Attribute)
        and node.value.attr == "__dict__"
    )


def _setattr(node: ast.AST) -> ast.Call | None:
    """``setattr(obj, name, value)`` (or ``object.__setattr__(...)``): the call, else None."""
    if not isinstance(node, ast.Call) or len(node.args) != 3:
        return None
    spelled = ast.unparse(node.func)
    return node if spelled in ("setattr", "object.__setattr__") else None


def _str(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None
