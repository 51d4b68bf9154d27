"""Keywords a callee's ``**kwargs`` hands on to a callable that no longer takes them (symbol drift).

``LLM(model, **kwargs)`` names a few parameters and hands the rest to ``EngineArgs(..., **kwargs)``.  A fork's
``LLM(model=m, override_pooler_config=...)`` fits before the merge (``LLM`` named the keyword, #29402; or its
body popped it, #48549's ``swap_space`` shim; or ``EngineArgs`` still had the field, #30397's
``disable_mm_preprocessor_cache``) and raises TypeError after it: the keyword lands in ``**kwargs`` and the
one callable it is handed to takes it neither by name nor in a ``**kwargs`` of its own.

A hand-on to ``super().__init__(**kwargs)`` is followed along the instance's class order (C3), through each next
``__init__`` that hands its ``**kwargs`` whole to ``super()`` again, to the first that takes none: #32683 dropped
the packed weight parameter's ``bitblas_tile_size`` and a fork's keyword now travels through the column and row
parameters' ``__init__`` to the base parameter's ``__init__(data, weight_loader)``.  A class outside the tree on
the way, a decorated ``__init__`` or one that uses its ``**kwargs`` any other way leaves it unknown.

Only a body whose ``**kwargs`` is handed on whole (``f(..., **kwargs)``) and otherwise only looked into by key
(``kwargs["k"]``, ``kwargs.get("k")``, ``"k" in kwargs``, ``kwargs.update(...)``) is followed; a body that
copies, filters, loops over or passes the dict itself may do anything with the key, and stays a warning.
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from aeon_release.domain.audits.drift import pyindex as px
from aeon_release.domain.audits.drift.signatures import Sig, signature

_LOOKS = frozenset({"get", "pop", "setdefault", "update", "__contains__", "__getitem__", "__setitem__"})

# a hand-on call -> the signature of what it calls (None: unknown, or a callable that may take anything)
Target = Callable[[ast.Call], Sig | None]


def named(sig: Sig) -> set[str]:
    """The parameters a keyword can fill."""
    return set(sig.positional[sig.posonly :]) | set(sig.kwonly)


def handed_on(body: ast.AST | None) -> list[ast.Call] | None:
    """The calls a function hands its ``**kwargs`` to whole; None when it uses them any other way (or has
    none, or is a stub): what becomes of a key is then unknown."""
    if not isinstance(body, (ast.FunctionDef, ast.AsyncFunctionDef)) or body.args.kwarg is None:
        return None
    kwargs = body.args.kwarg.arg
    calls: list[ast.Call] = []
    parents = {id(child): node for node in ast.walk(body) for child in ast.iter_child_nodes(node)}
    for node in ast.walk(body):
        if not (isinstance(node, ast.Name) and node.id == kwargs):
            continue
        parent = parents.get(id(node))
        if isinstance(parent, ast.keyword) and parent.arg is None:
            calls.append(parents[id(parent)])  # type: ignore[arg-type]
        elif not _looked_into(node, parent, parents):
            return None
    return calls


def _looked_into(node: ast.Name, parent: ast.AST | None, parents: dict[int, ast.AST]) -> bool:
    """``kwargs["k"]`` (read or written), ``kwargs.get(...)`` and the like, ``"k" in kwargs``."""
    if isinstance(parent, ast.Subscript) and parent.value is node:
        return True
    if isinstance(parent, ast.Attribute) and parent.attr in _LOOKS:
        return isinstance(parents.get(id(parent)), ast.Call)
    return isinstance(parent, ast.Compare) and node in parent.comparators


def spells(body: ast.AST, key: str) -> bool:
    """The body spells the key as a string (``kwargs.pop("swap_space")``): it reads it itself."""
    return any(isinstance(n, ast.Constant) and n.value == key for n in ast.walk(body))


def fits(sig: Sig, body: ast.AST | None, target: Target, key: str) -> bool | None:
    """Whether a keyword ``key`` to a callable of signature ``sig`` and body ``body`` binds: True (named, read
    by the body, or handed on to a callable that takes it), False (handed on only to callables that take
    neither it nor ``**kwargs``: TypeError), None (unknown)."""
    if key in named(sig):
        return True
    if not sig.varkw or body is None:
        return None
    if spells(body, key):
        return True
    if _unspelt_keys(body):
        return None
    calls = handed_on(body)
    if not calls:
        return None
    sigs = [target(call) for call in calls]
    if any(s is not None and (s.varkw or key in named(s)) for s in sigs):
        return True
    return False if all(s is not None for s in sigs) else None


def super_chain(order: list[px.ClassInfo | px.External], owner: px.ClassInfo, name: str) -> Sig | None:
    """What ``super().name(**kwargs)`` in ``owner``'s method binds for an instance of class order ``order``:
    the parameters and spelt keys of the next ``name`` defs along it, up to the first without ``**kwargs``
    (no ``**kwargs`` then: a key none takes is a TypeError); None when the chain is not followed to its end."""
    if any(isinstance(i, px.ClassInfo) and any(k.arg == "metaclass" for k in i.node.keywords) for i in order):
        return None  # a metaclass's ``__call__`` may take or pop keywords before ``__init__`` runs
    at = next((i for i, item in enumerate(order) if item is owner), None)
    taken: set[str] = set()
    for item in order[at + 1 :] if at is not None else []:
        if isinstance(item, px.External):
            return None  # a method outside the tree may take anything
        node = item.members.get(name)
        if node is None:
            if item.node.decorator_list:
                return None  # ``@dataclass`` and the like make a method the class body does not spell
            continue
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or node.decorator_list:
            return None
        sig = signature(node, True)
        if sig is None:
            return None
        taken |= named(sig)
        if not sig.varkw:
            return Sig((), 0, 0, tuple(sorted(taken)), frozenset(), False, False)
        if not _hands_all_on(node, name, item.node.name):
            return None
        taken |= {n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    return None


def _hands_all_on(node: ast.FunctionDef | ast.AsyncFunctionDef, name: str, cls: str) -> bool:
    """The body hands its ``**kwargs`` on only through ``super().name``, and takes no key out of it by a
    name it does not spell (``kwargs.pop(_KEY)``, ``for k in _DEPRECATED: kwargs.pop(k)``: which key goes
    is unknown)."""
    calls = handed_on(node)
    if not calls or not all(is_super_call(call, name, cls) for call in calls):
        return False
    return not _unspelt_keys(node)


def _unspelt_keys(body: ast.AST) -> bool:
    """A def that takes a key out of its ``**kwargs`` by a name it does not spell."""
    kwarg = body.args.kwarg if isinstance(body, (ast.FunctionDef, ast.AsyncFunctionDef)) else None
    return kwarg is not None and any(_unspelt_key(n, kwarg.arg) for n in ast.walk(body))


def is_super_call(call: ast.Call, name: str, cls: str | None = None) -> bool:
    """``super().name(...)``; with ``cls`` the enclosing class, ``super(cls, self).name(...)`` too.  A
    ``super(Other, self)`` starts the search past ``Other``, skipping classes of the order: not followed."""
    func = call.func
    if not (
        isinstance(func, ast.Attribute)
        and func.attr == name
        and isinstance(func.value, ast.Call)
        and isinstance(func.value.func, ast.Name)
        and func.value.func.id == "super"
    ):
        return False
    args = func.value.args
    return not args or (cls is not None and isinstance(args[0], ast.Name) and args[0].id == cls)


def _unspelt_key(n: ast.AST, kw: str) -> bool:
    """``kwargs[k]`` / ``kwargs.pop(k)`` (``get``, ``setdefault``) with a key that is no string literal."""
    if isinstance(n, ast.Subscript) and isinstance(n.value, ast.Name) and n.value.id == kw:
        return not isinstance(n.slice, ast.Constant)
    if not isinstance(n, ast.Call) or not n.args or not isinstance(n.func, ast.Attribute):
        return False
    func = n.func
    reads = isinstance(func.value, ast.Name) and func.value.id == kw and func.attr in ("pop", "get", "setdefault")
    return reads and not isinstance(n.args[0], ast.Constant)
