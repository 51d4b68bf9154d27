"""Nesting drift: a parameter upstream made one level of container more or less deep, the fork's display
built for the old depth.

#30166 made ``BlockPool.touch(blocks: tuple[Sequence[KVCacheBlock], ...])`` (one sequence of blocks per
KV cache group) ``touch(blocks: Sequence[KVCacheBlock])`` (one group's blocks).  A fork's
``pool.touch((blocks,))`` still fits the call and the top-level kind (a tuple is a sequence), and the
body now walks the tuple, reading ``ref_cnt`` off a list: AttributeError.  The same when a flat
parameter is made nested: each block is iterated as a group.

Only where the fork passes a display (a tuple, list or set display, or a comprehension): fork code was
written against the merge base, so the display has the old depth, whatever its elements are named.
Both annotations must be containers of one element type down to the same class (``tuple[X, ...]``,
``list[X]``, ``Sequence[X]``, ``Iterable[X]`` ...; ``| None`` set aside), their depths different.
A union of depths, a heterogeneous tuple or an unknown head says nothing: quiet.

Quiet as well when the new body asks the kind of the parameter, of an element of it (``blocks[0]``,
``next(iter(blocks))``) or of a loop variable over it (``isinstance``, ``hasattr``, ``type()``): a body
written to take either depth (``if blocks and not isinstance(blocks[0], KVCacheBlock): blocks = [b for g in
blocks for b in g]``).  A warning, not an error, when upstream changed only annotations (the body, which
read the value all along, is the same): the old annotation may have been the wrong one, the display right.
"""

from __future__ import annotations

import ast

from aeon_release.domain.audits.source import last_name, parsed_expression

# the containers of one element type a display of the old depth may be handed to
_ONE_ELEMENT = frozenset(
    {"tuple", "Tuple", "list", "List", "set", "Set", "frozenset", "FrozenSet", "Sequence", "MutableSequence"}
    | {"Iterable", "Collection", "Iterator", "deque", "Deque", "AbstractSet", "MutableSet"}
)

# a bottom that holds any depth itself: ``list[Any]`` may already hold lists, so may a type variable's
_ANY = frozenset({"Any", "object", "Self"})


def _any(name: str) -> bool:
    return name in _ANY or len(name) <= 2 or name.endswith(("_co", "_contra"))


def nesting_drift(was: str, now: str, before: ast.expr, after: ast.expr) -> str | None:
    """The problem of a display passed for ``was`` (annotated ``before``), now ``now`` (``after``), when the
    two annotations nest one element class at different depths; None otherwise."""
    old, new = _depth(before), _depth(after)
    if old is None or new is None or old[1] != new[1] or old[0] == new[0] or min(old[0], new[0]) < 1:
        return None
    how = "flattened" if new[0] < old[0] else "nested"
    return (
        f"passes a display built for {was}: {ast.unparse(before)}, which upstream {how} to "
        f"{now}: {ast.unparse(after)} (containers of {new[1]} {new[0]} deep, not {old[0]}): the body reads "
        f"each element at the wrong depth"
    )


_ASKS_KIND = frozenset({"isinstance", "hasattr", "type"})
# calls that hand on an element of their argument (``next(iter(blocks))``) or the argument itself
_ELEMENT_OF = frozenset({"next", "iter", "list", "tuple"})


def takes_either(func: ast.AST, name: str, module: ast.Module | None = None) -> bool:
    """``func``'s body asks the kind of parameter ``name``, of an element of it or of a loop variable over
    it: it tells the depths apart (a shim for the old one).  So does a function of ``module`` that the body
    hands ``name`` whole and that asks the kind of its own parameter there (``for block in _flat(blocks)``,
    ``_flat`` checking ``isinstance(blocks[0], KVCacheBlock)``): one step, not a chain."""
    if _asks_kind(func, name):
        return True
    helpers = {f.name: f for f in module.body if isinstance(f, ast.FunctionDef)} if module is not None else {}
    for call in (n for n in ast.walk(func) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)):
        helper = helpers.get(call.func.id) if isinstance(call.func, ast.Name) else None
        if helper is None or helper is func:
            continue
        params = [a.arg for a in helper.args.posonlyargs + helper.args.args]
        handed = [params[i] for i, a in enumerate(call.args[: len(params)]) if isinstance(a, ast.Name) and a.id == name]
        if any(_asks_kind(helper, p) for p in handed):
            return True
    return False


def _asks_kind(func: ast.AST, name: str) -> bool:
    subjects = {name} | _loop_names(func, name)
    return any(
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in _ASKS_KIND
        and bool(node.args)
        and _root(node.args[0]) in subjects
        for node in ast.walk(func)
    )


def _loop_names(func: ast.AST, name: str) -> set[str]:
    """The names a ``for`` loop or a comprehension binds to the elements of ``name``."""
    loops = [n for n in ast.walk(func) if isinstance(n, ast.For | ast.AsyncFor | ast.comprehension)]
    return {loop.target.id for loop in loops if isinstance(loop.target, ast.Name) and _root(loop.iter) == name}


def _root(expr: ast.expr) -> str | None:
    """``blocks`` of ``blocks``, ``blocks[0]``, ``next(iter(blocks))``; None for anything else."""
    while True:
        if isinstance(expr, ast.Subscript):
            expr = expr.value
        elif isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id in _ELEMENT_OF:
            if len(expr.args) != 1:
                return None
            expr = expr.args[0]
        else:
            return expr.id if isinstance(expr, ast.Name) else None


def annotations_only(old: ast.AST, new: ast.AST) -> bool:
    """The two defs are the same apart from their annotations (and docstrings)."""
    return _bare(old) == _bare(new)


def _bare(func: ast.AST) -> str:
    """``func`` dumped without its annotations, its docstrings or its name."""
    # a copy to strip, parsed from the unparse of a def already parsed: ``ast.unparse`` runs out of stack before
    # any text too deep for the parser comes out (the audit's cut rerun then hands a cut def), and it writes a
    # NUL as an escape, so this parse cannot fail where parse_python would not
    copy = ast.parse(ast.unparse(func)).body[0]
    for node in ast.walk(copy):
        if isinstance(node, ast.arg):
            node.annotation = None
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            node.returns, node.name = None, ""
            node.body = _undocumented(node.body)
        if isinstance(node, ast.AnnAssign):
            node.annotation = ast.Constant(None)
    return ast.dump(copy)


def _undocumented(body: list[ast.stmt]) -> list[ast.stmt]:
    first = body[0] if body else None
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
        return body[1:] or [ast.Pass()]
    return body


def _depth(annotation: ast.expr) -> tuple[int, str] | None:
    """(how many one-element containers wrap it, the class at the bottom), or None when unknown."""
    node = _without_none(annotation)
    if node is None:
        return None
    if isinstance(node, ast.Name | ast.Attribute):
        name = last_name(node)
        return None if name in _ONE_ELEMENT or _any(name) else (0, name)
    if not isinstance(node, ast.Subscript) or not isinstance(node.value, ast.Name | ast.Attribute):
        return None
    if last_name(node.value) not in _ONE_ELEMENT:
        return None
    element = _element(node)
    inner = _depth(element) if element is not None else None
    return None if inner is None else (inner[0] + 1, inner[1])


def _element(node: ast.Subscript) -> ast.expr | None:
    """``X`` of ``list[X]``, ``tuple[X, ...]``; None for a tuple of fixed, mixed or several slots."""
    index = node.slice
    if not isinstance(index, ast.Tuple):
        return index
    if len(index.elts) == 2 and isinstance(index.elts[1], ast.Constant) and index.elts[1].value is Ellipsis:
        return index.elts[0]
    return None


def _without_none(annotation: ast.expr) -> ast.expr | None:
    """``X | None`` and ``Optional[X]`` -> X; another union -> None (its depth is not one)."""
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        parsed = parsed_expression(annotation.value)
        if parsed is None:
            return None
        annotation = parsed
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        sides = [s for s in (annotation.left, annotation.right) if not _is_none(s)]
        return _without_none(sides[0]) if len(sides) == 1 else None
    if isinstance(annotation, ast.Subscript) and isinstance(annotation.value, ast.Name | ast.Attribute):
        if last_name(annotation.value) == "Optional":
            return _without_none(annotation.slice)
        if last_name(annotation.value) == "Union":
            return None
    return annotation


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None
