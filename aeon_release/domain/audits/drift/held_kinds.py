"""Slot kinds below the outer name: what a renamed parameter's container holds, and what a literal is.

The renamed-slot check of ``symbols.py`` compares a parameter's kind before and after upstream renamed it in
place, by the annotation's outer name (``parameter_kind``: ``list`` for ``list[AttentionGroup]``).  Two
spellings of real fork code slip past that name:

- a container kept, its elements changed: ``select_common_block_size(kv_manager_block_size, attn_groups:
  list[AttentionGroup])`` became ``(kv_manager_block_size, backends: list[type[AttentionBackend]])`` (#35752).
  Both are lists; the fork's ``select_common_block_size(64, groups)`` still binds and hands the callee groups
  where it now calls class methods of backends.  ``held_kinds`` reads the element's kind on both sides.
- a literal of the old kind: ``ubatch_split(max_num_scheduled_tokens: int, ...)`` became
  ``(num_scheduled_tokens_per_request: np.ndarray, ...)`` (#24845).  The fork's ``ubatch_split(1, n, ...)``
  names no variable the check could match by spelling or annotation, but the literal says what it is as
  plainly as an annotation would, as does ``int(counts.max())`` or a local bound only to such values.
  ``evident_kind`` and ``bound_kind`` read them.

Both only feed the renamed-slot check, which still asks whether the new kind takes the old one's values
(a wider number, a protocol, a base class, a type renamed) before it calls the value the wrong kind.
"""

from __future__ import annotations

import ast

from aeon_release.domain.audits.drift.returned_members import outer_name
from aeon_release.domain.audits.source import unquoted

# containers whose one subscript is the element every item is (``tuple[X, ...]`` too, not a fixed tuple)
_CONTAINERS = frozenset(
    {"list", "set", "frozenset", "deque", "type", "Sequence", "MutableSequence", "Iterable", "Iterator"}
    | {"Collection", "AbstractSet", "MutableSet", "List", "Set", "FrozenSet", "Deque", "Type", "tuple", "Tuple"}
)
_BUILTIN_KINDS = frozenset({"list", "dict", "set", "frozenset", "tuple", "type"})
_ANY = frozenset({"Any", "object"})
# the literal kinds an argument's value shows; ``None`` and ``...`` say nothing about a slot's kind
_LITERALS = (bool, int, float, complex, str, bytes)
_SCALARS = frozenset(t.__name__ for t in _LITERALS)


def held_kinds(before: ast.AST, was: str, after: ast.AST, now: str) -> tuple[str, str] | None:
    """The element kinds (old, new) of parameter ``was`` of ``before`` and ``now`` of ``after``, when both
    are annotated as the same container of a named kind and the element kinds differ; else None."""
    old, new = _element(_annotation(before, was)), _element(_annotation(after, now))
    return (old, new) if old and new and old != new else None


def element_kind(func: ast.AST, name: str) -> str:
    """The element kind parameter ``name`` of ``func`` is annotated with (``AttentionGroup`` for
    ``list[AttentionGroup]``); "" when it is no container of one named kind."""
    return _element(_annotation(func, name))


def peeled_element(annotation: ast.expr | None, peel: int) -> str:
    """The element kind of what ``annotation`` declares after ``peel`` indexings (``attn_groups[0]`` of
    ``list[list[AttentionGroup]]``: ``AttentionGroup``); "" when a level is no one-kind container."""
    node = _one(annotation)
    for _ in range(peel):
        if not isinstance(node, ast.Subscript) or not _element(node):
            return ""
        node = _one(node.slice)
    return _element(node)


def declared(cls: ast.ClassDef, name: str) -> ast.expr | None:
    """The one annotation the methods of ``cls`` declare ``self.name`` with (``self.attn_groups:
    list[list[AttentionGroup]] = []``); None when none does, or two disagree."""
    found = {
        ast.unparse(node.annotation): node.annotation
        for method in cls.body
        if isinstance(method, ast.FunctionDef | ast.AsyncFunctionDef) and method.args.args
        for node in ast.walk(method)
        if isinstance(node, ast.AnnAssign)
        and isinstance(node.target, ast.Attribute)
        and node.target.attr == name
        and isinstance(node.target.value, ast.Name)
        and node.target.value.id == method.args.args[0].arg
    }
    return next(iter(found.values())) if len(found) == 1 else None


def evident_kind(arg: ast.expr) -> str:
    """The builtin scalar kind an argument shows by itself: a literal (``int`` for ``1`` and ``-1``), a
    builtin's conversion (``int(counts.max())``) or a ``len(...)``; "" for anything else (``None`` and
    ``...`` say nothing about a slot's kind)."""
    if isinstance(arg, ast.UnaryOp) and isinstance(arg.op, ast.USub | ast.UAdd):
        arg = arg.operand
    if isinstance(arg, ast.Constant) and isinstance(arg.value, _LITERALS):
        return type(arg.value).__name__
    if isinstance(arg, ast.Call) and isinstance(arg.func, ast.Name) and not arg.keywords:
        name = arg.func.id
        return name if name in _SCALARS else "int" if name == "len" else ""
    return ""


def bound_kind(func: ast.AST, name: str) -> str:
    """The kind every binding of the local ``name`` in ``func`` evidently is (``longest = int(c.max())``,
    ``n: int = ...``); "" when any binding shows none or another, or ``func`` takes ``name`` as a parameter,
    loops or unpacks into it (the value is then whatever arrives)."""
    if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
        return ""
    args = func.args
    if name in {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg) if a}:
        return ""
    kinds: set[str] = set()
    for node in ast.walk(func):
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store | ast.Del):
            kinds.add(_binding_kind(func, node))
    return kinds.pop() if len(kinds) == 1 else ""


def mapped_binding(func: ast.AST, name: str) -> bool:
    """Whether ``func`` binds the name ``name`` to a comprehension mapping each item to another value
    (``groups = [g.backend for g in groups]``, ``list(g.backend for g in groups)``); one that only filters
    the items (``[g for g in groups if g.ok]``) keeps them what they were."""
    return any(
        isinstance(node, ast.Assign | ast.AnnAssign)
        and any(isinstance(t, ast.Name) and t.id == name for t in _targets(node))
        and node.value is not None
        and _maps_items(node.value)
        for node in ast.walk(func)
    )


def _targets(node: ast.Assign | ast.AnnAssign) -> list[ast.expr]:
    return list(node.targets) if isinstance(node, ast.Assign) else [node.target]


def _maps_items(value: ast.expr) -> bool:
    """A comprehension (or a call of one: ``list(...)``, ``tuple(...)``) whose element is not just one of its
    loop variables."""
    if isinstance(value, ast.Call) and len(value.args) == 1 and not value.keywords:
        value = value.args[0]
    if not isinstance(value, ast.ListComp | ast.SetComp | ast.GeneratorExp):
        return False
    looped = {n.id for gen in value.generators for n in ast.walk(gen.target) if isinstance(n, ast.Name)}
    return not (isinstance(value.elt, ast.Name) and value.elt.id in looped)


def _binding_kind(func: ast.AST, target: ast.Name) -> str:
    for node in ast.walk(func):
        if isinstance(node, ast.Assign) and node.targets == [target]:
            return evident_kind(node.value)
        if isinstance(node, ast.AnnAssign) and node.target is target:
            named = outer_name(node.annotation)
            return named if named in _SCALARS else evident_kind(node.value) if node.value is not None else ""
    return ""


def _annotation(func: ast.AST, name: str) -> ast.expr | None:
    if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
        return None
    args = func.args
    found = next((a for a in (*args.posonlyargs, *args.args, *args.kwonlyargs) if a.arg == name), None)
    return _one(found.annotation) if found is not None else None


def _one(annotation: ast.expr | None) -> ast.expr | None:
    """An annotation unquoted, ``X | None`` and ``Optional[X]`` taken as ``X``."""
    if annotation is None:
        return None
    node = unquoted(annotation)
    if isinstance(node, ast.Subscript) and outer_name(node.value) == "Optional":
        return node.slice
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        sides = [s for s in (node.left, node.right) if not (isinstance(s, ast.Constant) and s.value is None)]
        return sides[0] if len(sides) == 1 else node
    return node


def _element(node: ast.expr | None) -> str:
    """The kind every item of a one-kind container annotation is, as ``parameter_kind`` spells a kind."""
    if not isinstance(node, ast.Subscript) or outer_name(node.value) not in _CONTAINERS:
        return ""
    inner = node.slice
    if isinstance(inner, ast.Tuple):
        rest = inner.elts[1:]
        if outer_name(node.value).lower() != "tuple" or len(rest) != 1 or not _ellipsis(rest[0]):
            return ""  # a fixed tuple holds several kinds, a ``dict``-like two
        inner = inner.elts[0]
    kind = outer_name(inner)
    return "" if not kind or kind in _ANY else kind.lower() if kind.lower() in _BUILTIN_KINDS else kind


def _ellipsis(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is ...
