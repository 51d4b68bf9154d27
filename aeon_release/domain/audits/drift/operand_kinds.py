"""Which builtin container kinds an operator combines: the operator uses of container drift.

A value upstream made another kind of container breaks a fork's operator as surely as a method the new kind
lacks: ``table |= {AeonLayer}`` widens a set in place and raises TypeError once the table is a tuple
(#35077 made the LoRA utils' ``_all_lora_classes`` an ordered tuple), and ``modules + ["gate"]`` concatenates
a list and raises once the value is a set (#29322 handed ``from_local_checkpoint`` its modules as a set).  The
builtins combine only within a family: ``+`` a list with a list, a tuple with a tuple; ``|``/``&``/``^``/``-``
a set or frozenset with either, ``|`` a dict with a dict.  An operand whose kind the line does not show is
taken to be one the old kind combined with (the line worked at the base), so the use fails when the new kind
combines with none of those.
"""

from __future__ import annotations

import ast

_SETS = frozenset({"set", "frozenset"})
_ACCEPTS: dict[type[ast.operator], dict[str, frozenset[str]]] = {
    ast.Add: {k: frozenset({k}) for k in ("list", "tuple", "deque", "str", "bytes")},
    ast.BitOr: {"set": _SETS, "frozenset": _SETS, "dict": frozenset({"dict"})},
    ast.BitAnd: {"set": _SETS, "frozenset": _SETS},
    ast.BitXor: {"set": _SETS, "frozenset": _SETS},
    ast.Sub: {"set": _SETS, "frozenset": _SETS},
}
# an augmented assignment's in-place forms take more: a list's or a deque's ``+=`` extends with any iterable, a
# dict's ``|=`` updates from any mapping or pairs (a set's ``|=`` still wants a set, a tuple's ``+=`` a tuple)
_ANY = frozenset({"list", "tuple", "deque", "set", "frozenset", "dict", "str", "bytes"})
_IN_PLACE: dict[type[ast.operator], dict[str, frozenset[str]]] = {
    ast.Add: {"list": _ANY, "deque": _ANY},
    ast.BitOr: {"dict": frozenset({"dict", "list", "tuple"})},
}
_SYMBOLS: dict[type[ast.operator], str] = {ast.Add: "+", ast.BitOr: "|", ast.BitAnd: "&", ast.BitXor: "^", ast.Sub: "-"}
_DISPLAYS: dict[type[ast.expr], str] = {
    ast.List: "list",
    ast.ListComp: "list",
    ast.Tuple: "tuple",
    ast.Set: "set",
    ast.SetComp: "set",
    ast.Dict: "dict",
    ast.DictComp: "dict",
    ast.JoinedStr: "str",
}
_BUILT = frozenset({"list", "tuple", "set", "frozenset", "dict", "sorted"})


def operand_kind(expr: ast.expr, parents: dict[int, ast.AST] | None = None) -> str | None:
    """The builtin kind an operand visibly is: a display, a comprehension, a literal string, or a builtin
    container's constructor (``sorted(...)`` a list, ``deque(...)`` or ``collections.deque(...)`` a deque).
    With ``parents`` (the file's parent map), what the file states of a name or a field: a parameter or a local
    annotated as a kind, a local or a module constant bound once to one (``extra = deque([g])``), a ``self.x``
    the class binds only to one kind (the fork already hands the new kind).  None for anything else."""
    if parents is not None and isinstance(expr, ast.Name):
        return _name_kind(expr, parents)
    if parents is not None and isinstance(expr, ast.Attribute):
        return _field_kind(expr, parents)
    if isinstance(expr, ast.Constant):
        return "str" if isinstance(expr.value, str) else "bytes" if isinstance(expr.value, bytes) else None
    kind = _DISPLAYS.get(type(expr))
    if kind is not None:
        return kind
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id in _BUILT:
        return "list" if expr.func.id == "sorted" else expr.func.id
    if isinstance(expr, ast.Call) and _is_deque(expr.func):
        return "deque"
    return None


def _is_deque(func: ast.expr) -> bool:
    """``deque`` or ``collections.deque``: the one container constructor outside the builtins the kinds know."""
    if isinstance(func, ast.Attribute):
        return func.attr == "deque" and isinstance(func.value, ast.Name) and func.value.id == "collections"
    return isinstance(func, ast.Name) and func.id == "deque"


_Scope = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.Module


def _name_kind(name: ast.Name, parents: dict[int, ast.AST]) -> str | None:
    """The kind the innermost function binding ``name`` (else the module) states of it: a parameter's
    annotation, or the one binding there (an annotation, else the value's visible kind)."""
    for scope in _scopes(name, parents):
        if not isinstance(scope, ast.Module):
            arg = next((a for a in every_arg(scope) if a.arg == name.id), None)
            if arg is not None and arg is scope.args.vararg:
                return "tuple"  # ``*extra`` is a tuple whatever its elements are annotated as
            if arg is not None and arg is scope.args.kwarg:
                return "dict"
            if arg is not None:
                return annotated_kind(arg.annotation) if arg.annotation is not None else None
        stores = [n for n in ast.walk(scope) if isinstance(n, ast.Name) and n.id == name.id and _stores(n)]
        if stores:
            return _bound_kind(scope, stores[0]) if len(stores) == 1 else None
    return None


def _field_kind(read: ast.Attribute, parents: dict[int, ast.AST]) -> str | None:
    """The one kind a class's methods bind ``self.x`` to (an annotation, else the value's visible kind), for a
    ``self.x`` read in a method of that class; None when a binding says nothing or another kind."""
    func = next((s for s in _scopes(read, parents) if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef)), None)
    owner = parents.get(id(func)) if func is not None else None
    this = func.args.args[0].arg if func is not None and func.args.args else None
    if not isinstance(owner, ast.ClassDef) or not (isinstance(read.value, ast.Name) and read.value.id == this):
        return None
    kinds: set[str | None] = set()
    for node in ast.walk(owner):
        if isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Attribute) and t.attr == read.attr for t in targets):
                kinds.add(None if isinstance(node, ast.AugAssign) else _stated(node))
    return kinds.pop() if len(kinds) == 1 else None


def _scopes(node: ast.AST, parents: dict[int, ast.AST]) -> list[_Scope]:
    """The functions round ``node``, innermost first, then its module (a class body binds no name a method
    reads)."""
    found: list[_Scope] = []
    up = parents.get(id(node))
    while up is not None:
        if isinstance(up, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.Module):
            found.append(up)
        up = parents.get(id(up))
    return found


def _stores(node: ast.Name) -> bool:
    return not isinstance(node.ctx, ast.Load)


def _bound_kind(scope: ast.AST, store: ast.Name) -> str | None:
    """The kind the one binding ``store`` states: its annotation, else its value's visible kind (a loop target
    or a ``with ... as`` states none)."""
    for node in ast.walk(scope):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and node.targets[0] is store:
            return operand_kind(node.value)
        if isinstance(node, ast.AnnAssign) and node.target is store:
            return _stated(node)
    return None


def _stated(node: ast.Assign | ast.AnnAssign) -> str | None:
    if isinstance(node, ast.AnnAssign):
        kind = annotated_kind(node.annotation)
        if kind is not None or node.value is None:
            return kind
    return operand_kind(node.value) if node.value is not None else None


_ANNOTATED = {
    **dict.fromkeys(("list", "List"), "list"),
    **dict.fromkeys(("tuple", "Tuple"), "tuple"),
    **dict.fromkeys(("deque", "Deque"), "deque"),
    **dict.fromkeys(("set", "Set"), "set"),
    **dict.fromkeys(("frozenset", "FrozenSet"), "frozenset"),
    **dict.fromkeys(("dict", "Dict"), "dict"),
}


def annotated_kind(annotation: ast.expr) -> str | None:
    """The builtin container kind an annotation names exactly (``deque[int]``, ``typing.List[str]``); None for
    a union, an abstract type or a string."""
    node = annotation.value if isinstance(annotation, ast.Subscript) else annotation
    name = node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else None
    return _ANNOTATED.get(name) if name is not None else None


def every_arg(func: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> list[ast.arg]:
    """Every parameter a function or lambda takes (positional, keyword-only, ``*args``, ``**kwargs``)."""
    args = func.args
    rest = [a for a in (args.vararg, args.kwarg) if a is not None]
    return [*args.posonlyargs, *args.args, *args.kwonlyargs, *rest]


def operands(node: ast.AST) -> list[tuple[ast.expr, ast.expr, ast.operator, bool]]:
    """(an operand, the other, the operator, in place) of a binary operation or an augmented assignment (``x |=
    y`` combines ``x`` with ``y`` in place where the kind has the in-place form, as ``x | y`` does otherwise)."""
    if isinstance(node, ast.AugAssign) and type(node.op) in _ACCEPTS:
        return [(node.target, node.value, node.op, True)]
    if isinstance(node, ast.BinOp) and type(node.op) in _ACCEPTS:
        return [(node.left, node.right, node.op, False), (node.right, node.left, node.op, False)]
    return []


def refused(
    old: str,
    new: str,
    op: ast.operator,
    other: ast.expr,
    in_place: bool = False,
    kind: str | None = None,
    parents: dict[int, ast.AST] | None = None,
) -> str | None:
    """Why combining a value of the ``new`` kind with ``other`` by ``op`` raises where the ``old`` kind's did not
    (None when it does not, or when the old kind never took the operator: then the line failed before too).
    ``kind`` is the other operand's kind when the caller knows it (another value of the same drift: two fields
    made deques together still add); else it is read off the operand, through what the file states of it
    (``parents``: its parent map; see ``operand_kind``)."""
    was, now = _accepts(old, op, in_place), _accepts(new, op, in_place)
    kind = kind if kind is not None else operand_kind(other, parents)
    if kind is not None and (kind not in was or kind in now):
        return None
    if kind is None and (not was or was & now):
        return None
    symbol = _SYMBOLS[type(op)]
    with_what = f"{article(kind)} {kind}" if kind is not None else f"what {article(old)} {old} took"
    return f"{article(new)} {new} does not combine with {with_what} by {symbol}: TypeError"


def _accepts(kind: str, op: ast.operator, in_place: bool) -> frozenset[str]:
    taken = _IN_PLACE.get(type(op), {}).get(kind) if in_place else None
    return taken if taken is not None else _ACCEPTS.get(type(op), {}).get(kind, frozenset())


def article(kind: str) -> str:
    """``a`` or ``an`` before a kind's name, for the findings' messages."""
    return "an" if kind[:1] in "aeiou" else "a"
