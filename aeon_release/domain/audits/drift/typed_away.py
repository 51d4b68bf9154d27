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
from types import UnionType

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
    """The classes the receiver of ``call`` is built as, in its class: ``self.field.name(...)`` where every
    ``self.field = ...`` builds it with a call of a dotted name (``self.kv_cache_manager =
    KVCacheManager(...)``; a ``None`` reset or a conditional's ``None`` branch builds nothing), a local
    alias of such a field (``mgr = self.kv_cache_manager``), or a method of the class annotated to return
    a class (``def manager(self) -> KVCacheManager``); else nothing."""
    receiver = call.func.value if isinstance(call.func, ast.Attribute) else None
    cls = _enclosing(call, parents, ast.ClassDef)
    if receiver is None or not isinstance(cls, ast.ClassDef):
        return []
    if isinstance(receiver, ast.Name):
        receiver = _alias(receiver, parents)
    if _is_self_attr(receiver):
        assert isinstance(receiver, ast.Attribute)
        return _field_builds(cls, receiver.attr)
    if isinstance(receiver, ast.Call) and _is_self_attr(receiver.func) and not receiver.args:
        assert isinstance(receiver.func, ast.Attribute)
        return _returned_class(cls, receiver.func.attr)
    return []


def _enclosing(node: ast.AST, parents: dict[int, ast.AST], kind: type | UnionType) -> ast.AST | None:
    up = parents.get(id(node))
    while up is not None and not isinstance(up, kind):
        up = parents.get(id(up))
    return up


def _alias(name: ast.Name, parents: dict[int, ast.AST]) -> ast.expr | None:
    """What the one assignment of ``name`` in its function binds (``mgr = self.kv_cache_manager``)."""
    fn = _enclosing(name, parents, ast.FunctionDef | ast.AsyncFunctionDef)
    if fn is None:
        return None
    values = [
        node.value
        for node in ast.walk(fn)
        if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign)
        and any(isinstance(t, ast.Name) and t.id == name.id for t in _targets(node))
    ]
    return values[0] if len(values) == 1 else None


def _targets(node: ast.Assign | ast.AugAssign | ast.AnnAssign) -> list[ast.expr]:
    return node.targets if isinstance(node, ast.Assign) else [node.target]


def _field_builds(cls: ast.ClassDef, attr: str) -> list[ast.expr]:
    values = [
        node.value
        for node in ast.walk(cls)
        if isinstance(node, ast.Assign) and any(_is_field(t, attr) for t in node.targets)
    ]
    built = [v for value in values for v in _branches(value) if not _is_none(v)]
    if not built or not all(isinstance(v, ast.Call) and isinstance(v.func, ast.Name | ast.Attribute) for v in built):
        return []
    return [v.func for v in built if isinstance(v, ast.Call)]


def _branches(value: ast.expr) -> list[ast.expr]:
    """Both branches of a conditional expression (``KVCacheManager() if cfg else None``), nested too."""
    if isinstance(value, ast.IfExp):
        return _branches(value.body) + _branches(value.orelse)
    return [value]


def _is_none(value: ast.expr) -> bool:
    return isinstance(value, ast.Constant) and value.value is None


def _returned_class(cls: ast.ClassDef, method: str) -> list[ast.expr]:
    """The return annotation of ``cls``'s own ``method`` when it names one class (``-> KVCacheManager``)."""
    for stmt in cls.body:
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef) and stmt.name == method:
            returns = stmt.returns
            return [returns] if isinstance(returns, ast.Name | ast.Attribute) else []
    return []


def _is_self_attr(node: ast.expr | None) -> bool:
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"


def _is_field(target: ast.expr, name: str) -> bool:
    return (
        isinstance(target, ast.Attribute)
        and target.attr == name
        and isinstance(target.value, ast.Name)
        and target.value.id == "self"
    )
