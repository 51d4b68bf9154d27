"""A local the fork's own function builds from a class without one field's keyword, then reads that field.

``eplb = EPLBConfig(num_redundant_experts=n)`` then ``if not eplb.use_async:`` in the same function: nothing
but the class's default reaches the read, so a flipped default (#43219 made ``EPLBConfig.use_async`` True)
changes what the fork's line sees on every run, as a read off ``EPLBConfig()`` does.  Anything that could set
the field between the two (a second binding, a parameter of that name, a positional argument, a ``**``
splat, the field's keyword, a store of the field, a method called on the local, the local handed to a call
or bound elsewhere before the read, or anywhere when the read sits in a loop) leaves the read a plain one.
"""

from __future__ import annotations

import ast
import functools
from dataclasses import dataclass, field

from aeon_release.domain.audits.drift.own_fields import enclosing
from aeon_release.domain.audits.source import last_name

_LOOPS = (ast.For, ast.AsyncFor, ast.While)


@dataclass
class NameIndex:
    """One walk of a function: per name, its binding stores, its ``name = ...`` assigns and its loads."""

    stores: dict[str, int] = field(default_factory=dict)
    assigns: dict[str, list[ast.Assign]] = field(default_factory=dict)
    loads: dict[str, list[ast.Name]] = field(default_factory=dict)


@functools.lru_cache(maxsize=4096)
def name_index(func: ast.AST) -> NameIndex:
    """Built once per function: ``built_here`` runs per read, and walking the function per read is quadratic."""
    found = NameIndex()
    for node in ast.walk(func):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            found.loads.setdefault(node.id, []).append(node)
        elif isinstance(node, ast.Name):
            found.stores[node.id] = found.stores.get(node.id, 0) + 1
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            found.assigns.setdefault(node.targets[0].id, []).append(node)
    return found


def built_here(holder: ast.expr, read: ast.AST, parents: dict[int, ast.AST], owner: str, field: str) -> bool:
    """The read's holder is a local its function binds once, to ``owner(...)`` without ``field``'s value,
    and nothing touches it before the read (see the module's docstring)."""
    func = enclosing(read, parents)
    if not isinstance(holder, ast.Name) or func is None or holder.id in _parameters(func):
        return False
    made = _single_binding(func, holder.id)
    if made is None or made.lineno >= getattr(read, "lineno", 0) or not _made_without(made, owner, field):
        return False
    last = None if _in_loop(read, func, parents) else getattr(read, "lineno", 0)
    return not any(_touches(use, parents, field) for use in _uses(func, holder, last))


def _parameters(func: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    args = func.args
    every = [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]
    return {a.arg for a in every if a is not None}


def _single_binding(func: ast.AST, name: str) -> ast.Call | None:
    """The call the name's one binding in the function assigns (``name = Owner(...)``), if that is its only one."""
    index = name_index(func)
    assigns = index.assigns.get(name, [])
    if index.stores.get(name, 0) != 1 or len(assigns) != 1 or not isinstance(assigns[0].value, ast.Call):
        return None
    return assigns[0].value


def _made_without(call: ast.Call, owner: str, field: str) -> bool:
    """``Owner(k=v, ...)``: keywords only, none of them ``field`` nor a ``**`` splat."""
    return (
        last_name(call.func) == owner
        and not call.args
        and all(k.arg is not None and k.arg != field for k in call.keywords)
    )


def _in_loop(read: ast.AST, func: ast.AST, parents: dict[int, ast.AST]) -> bool:
    found = parents.get(id(read))
    while found is not None and found is not func:
        if isinstance(found, _LOOPS):
            return True
        found = parents.get(id(found))
    return False


def _uses(func: ast.AST, holder: ast.Name, last: int | None) -> list[ast.Name]:
    """The name's loads in the function other than the read's own holder (before line ``last`` if given)."""
    loads = name_index(func).loads.get(holder.id, [])
    return [n for n in loads if n is not holder and (last is None or n.lineno < last)]


def _touches(use: ast.Name, parents: dict[int, ast.AST], field: str) -> bool:
    """A use that may set the field: anything but a plain read of another attribute, or of the field."""
    parent = parents.get(id(use))
    if not isinstance(parent, ast.Attribute) or parent.value is not use:
        return True  # handed on, aliased, ``getattr``/``setattr``'d: it may come back changed
    if not isinstance(parent.ctx, ast.Load):
        return parent.attr == field
    call = parents.get(id(parent))
    return isinstance(call, ast.Call) and call.func is parent  # a method of its own may set the field
