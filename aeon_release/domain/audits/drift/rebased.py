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

__all__ = ["rebased_between", "stored_anywhere"]


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
    """The module stores ``<something>.attr``: the fork may set the member on the holder itself."""
    return any(
        isinstance(sub, ast.Attribute) and sub.attr == attr and isinstance(sub.ctx, ast.Store) for sub in ast.walk(tree)
    )
