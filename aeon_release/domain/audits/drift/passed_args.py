"""A decorator's wrapper that hands its ``*args`` on in place: each argument keeps its position.

Symbol drift's call check (``drift/symbols.py``) turns a call that no longer fits its callee into a warning when
the def is wrapped by a decorator of the tree whose wrapper reads its ``*args`` other than handing them on
whole: such a wrapper may move arguments between the caller and the def (a compat shim taking ``args[0]`` as
a keyword).  A guard that only looks at the arguments, or maps each one to one in its place, cannot mend a
call whose argument now lands on another parameter: FLA's ``@input_guard`` makes each tensor contiguous
(``fn(*(i.contiguous() if isinstance(i, Tensor) else i for i in args), **kwargs)``) and looks for a device
in a ``for`` loop; #38361 inserted ``chunk_indices`` before ``chunk_local_cumsum``'s ``head_first`` under it,
and a fork's positional ``head_first`` now fills ``chunk_indices`` whatever the guard does.

In place means: every read of the ``*args`` name is handed on whole (``*args``) or is the iterable of a ``for``
statement or a comprehension (an inspection: what it makes of them reaches the def only through a splat); and
every ``*`` splat in the wrapper, of which there is one at least, hands on ``args`` itself, a comprehension
over it alone with no ``if`` (one element out per element in, in order), or a name the wrapper binds once to
one (``tuple(...)``/``list(...)`` of it included).  Anything else -- a subscript, a slice, ``len``, a
rebinding, a filtered or loop-built list handed on -- is read as a reshape, as before.
"""

from __future__ import annotations

import ast

_COMPREHENSIONS = (ast.ListComp, ast.GeneratorExp)


def kept_in_place(wrapper: ast.FunctionDef | ast.AsyncFunctionDef, rest: str) -> bool:
    """Whether ``wrapper`` (whose ``*args`` is named ``rest``) hands each positional argument on in its place."""
    nodes = list(ast.walk(wrapper))
    parents = {id(child): node for node in nodes for child in ast.iter_child_nodes(node)}
    reads = [n for n in nodes if isinstance(n, ast.Name) and n.id == rest]
    if not all(_inspected(read, parents) for read in reads):
        return False
    maps = _position_maps(nodes, rest)
    splats = [n.value for n in nodes if isinstance(n, ast.Starred)]
    return bool(splats) and all(_splat_in_place(value, rest, maps) for value in splats)


def _position_maps(nodes: list[ast.AST], rest: str) -> set[str]:
    """Names the wrapper binds exactly once, by ``name = <an in-place map of rest>``."""
    stores: dict[str, int] = {}
    for node in nodes:
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            stores[node.id] = stores.get(node.id, 0) + 1
    return {
        node.targets[0].id
        for node in nodes
        if isinstance(node, ast.Assign)
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Name)
        and stores.get(node.targets[0].id) == 1
        and _maps_in_place(node.value, rest)
    }


def _maps_in_place(value: ast.expr, rest: str) -> bool:
    """``(f(i) for i in args)``, ``[f(i) for i in args]``, or ``tuple(...)``/``list(...)`` of one."""
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in ("tuple", "list"):
        if len(value.args) != 1 or value.keywords:
            return False
        value = value.args[0]
    if not isinstance(value, _COMPREHENSIONS) or len(value.generators) != 1:
        return False
    loop = value.generators[0]
    return not loop.ifs and not loop.is_async and isinstance(loop.iter, ast.Name) and loop.iter.id == rest


def _inspected(read: ast.Name, parents: dict[int, ast.AST]) -> bool:
    """A read of the ``*args`` name that leaves the positions as they are: handed on whole, or looped over
    (what a loop or comprehension makes of them is handed on only through a splat, checked apart)."""
    parent = parents.get(id(read))
    if isinstance(parent, ast.Starred):
        return True
    return isinstance(parent, ast.For | ast.AsyncFor | ast.comprehension) and parent.iter is read


def _splat_in_place(value: ast.expr, rest: str, maps: set[str]) -> bool:
    """A ``*`` splat that hands on ``rest`` itself or an in-place map of it."""
    if isinstance(value, ast.Name):
        return value.id == rest or value.id in maps
    return _maps_in_place(value, rest)
