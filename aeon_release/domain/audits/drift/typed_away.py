"""A call of a method's name whose receiver upstream's code types as an unrelated class.

Checks that ask "does any upstream call pass this parameter by keyword?" match calls by the method's
name.  Two classes often share a method name across a layer: #30166 renamed the per-type KV managers'
``remove_skipped_blocks(request_id, num_computed_tokens)`` parameter ``total_computed_tokens``, and the
scheduler's ``self.kv_cache_manager.remove_skipped_blocks(total_computed_tokens=...)`` calls the facade
class of the same method name (``self.kv_cache_manager = KVCacheManager(...)``), not the managers the
fork's override derives from.  Such a call says nothing about the override: it is skipped when the
receiver is typed (an annotation, ``self``'s class, a field built by a class) and every class it is
typed as is fully known and neither derives from the method's class nor is one of its bases.

A class typed so still counts when it is a ``Protocol`` (typing is structural: the fork's manager is one),
or when no class along its order defines the method (a mixin calling what its partner class supplies:
``class SlidingWindowManager(TrimMixin, SingleTypeKVCacheManager)``, ``self`` typed ``TrimMixin``).
"""

from __future__ import annotations

import ast

from aeon_release.domain.audits.drift import pyindex as px
from aeon_release.domain.audits.drift.new_hooks import receiver_types
from aeon_release.domain.audits.source import last_name


def typed_away(
    ix: px.Index, mod: px.ModuleInfo, call: ast.Call, parents: dict[int, ast.AST], owner: tuple[str, str]
) -> bool:
    """``owner``: (path, qualname) of the class defining the method; True when the receiver of ``call``
    (``x.name(...)``) is typed, in ``mod`` of ``ix``, only as classes unrelated to it."""
    types = receiver_types(call, parents) or _built_field(call, parents)
    classes = [ix.class_of(ix.resolve_expr(mod, expr)) for expr in types]
    if not classes or any(cls is None for cls in classes):
        return False
    name = call.func.attr if isinstance(call.func, ast.Attribute) else ""
    if any(_structural(cls) or not _defines(ix, cls, name) for cls in classes if cls is not None):
        return False
    hook_mod = ix.module_at(owner[0])
    hook = ix.class_info(hook_mod, owner[1]) if hook_mod is not None else None
    if hook is None:
        return False
    return not any(_related(ix, cls, hook) for cls in classes if cls is not None)


def _structural(cls: px.ClassInfo) -> bool:
    """A ``Protocol`` (``class SkipsBlocks(Protocol)``, ``Protocol[T]``): any class with the methods is one."""
    bases = [b.value if isinstance(b, ast.Subscript) else b for b in cls.node.bases]
    return any(isinstance(b, ast.Name | ast.Attribute) and last_name(b) == "Protocol" for b in bases)


def _defines(ix: px.Index, cls: px.ClassInfo, name: str) -> bool:
    """A class of the tree along ``cls``'s order has a member ``name`` (a def, or a value assigned)."""
    return any(isinstance(seen, px.ClassInfo) and name in seen.members for seen in ix.mro(cls))


def _related(ix: px.Index, cls: px.ClassInfo, hook: px.ClassInfo) -> bool:
    """One derives from the other, or a base along either's order is not known (it may be either)."""
    return _reaches(ix, cls, hook) or _reaches(ix, hook, cls)


def _reaches(ix: px.Index, cls: px.ClassInfo, target: px.ClassInfo) -> bool:
    """``target`` is along ``cls``'s order, or may be: a base names the tree but does not resolve there
    (broken), or is a value no class statement binds (opaque); a base outside the tree (``ABC``) is not."""
    key = (target.module.path, target.qualname)
    for seen in ix.mro(cls):
        if isinstance(seen, px.External) and (seen.broken or seen.opaque):
            return True
        if isinstance(seen, px.ClassInfo) and (seen.module.path, seen.qualname) == key:
            return True
    return False


def _built_field(call: ast.Call, parents: dict[int, ast.AST]) -> list[ast.expr]:
    """``self.field.name(...)`` in a class whose every ``self.field = ...`` builds it with a call of a
    dotted name (``self.kv_cache_manager = KVCacheManager(...)``): those callees; else nothing."""
    receiver = call.func.value if isinstance(call.func, ast.Attribute) else None
    if not (
        isinstance(receiver, ast.Attribute) and isinstance(receiver.value, ast.Name) and receiver.value.id == "self"
    ):
        return []
    cls = parents.get(id(call))
    while cls is not None and not isinstance(cls, ast.ClassDef):
        cls = parents.get(id(cls))
    if cls is None:
        return []
    values = [
        node.value
        for node in ast.walk(cls)
        if isinstance(node, ast.Assign) and any(_is_field(t, receiver.attr) for t in node.targets)
    ]
    if not values or not all(isinstance(v, ast.Call) and isinstance(v.func, ast.Name | ast.Attribute) for v in values):
        return []
    return [v.func for v in values if isinstance(v, ast.Call)]


def _is_field(target: ast.expr, name: str) -> bool:
    return (
        isinstance(target, ast.Attribute)
        and target.attr == name
        and isinstance(target.value, ast.Name)
        and target.value.id == "self"
    )
