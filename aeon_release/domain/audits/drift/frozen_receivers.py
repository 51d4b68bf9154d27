"""The classes a written receiver holds beyond a typed name: a loop variable, and a chain of annotated fields.

Read-only drift types a plain receiver (``spec.x = v`` with ``spec: FullAttentionSpec``, or bound to a call of
the class).  A fork also writes fields of objects it walks (``for spec in specs: spec.sliding_window = w``
with ``specs: list[FullAttentionSpec]``, or ``for g in cfg.groups.values()`` with a ``dict[str, Spec]``) and of
objects it reaches through fields (``self.cfg.spec.sliding_window = w``, where the fork's class annotates
``cfg: Holder`` and ``Holder`` annotates ``spec: FullAttentionSpec``).  The loop's element is read off the
iterated name's annotation (``loop_types``); each link of a chain off an annotated field of the class the
link before it holds, among the classes known here (the fork file's, and those of upstream's files the check
parsed): a link no class here annotates types nothing, so a guess never types a receiver.

Pure: syntax trees in, class names out.
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from aeon_release.domain.audits.drift.loop_types import element, values_of
from aeon_release.domain.audits.source import last_name, unquoted

Typed = Callable[[ast.expr], set[str]]


def loop_typed(
    receiver: ast.expr,
    func: ast.FunctionDef | ast.AsyncFunctionDef | None,
    classes: dict[str, ast.ClassDef],
    typed: Typed | None = None,
    lookup: Lookup | None = None,
) -> set[str]:
    """The element class (with its file's bases) of what the loop binding ``receiver`` walks: a parameter
    annotated as a container of one class (``list[Spec]``; ``dict[str, Spec]`` walked by ``.values()``); with
    ``typed`` (what types a chain's root name), also a field of a typed holder (``pool.blocks``,
    ``self.blocks[a:b]``, ``list(pool.blocks)``) or a comprehension over either; ``lookup`` finds a holder class
    the file imports."""
    if not isinstance(receiver, ast.Name) or func is None:
        return set()
    source = _walked(func, receiver.id)
    if source is None:
        return set()
    return with_bases(_elements(source, func, classes, typed, lookup), classes)


Lookup = Callable[[str], ast.ClassDef | None]
# calls that hand back the elements of their one argument, in some order
_SAME_ELEMENTS = frozenset({"list", "tuple", "sorted", "reversed", "iter"})


def _elements(
    source: ast.expr,
    func: ast.FunctionDef | ast.AsyncFunctionDef,
    classes: dict[str, ast.ClassDef],
    typed: Typed | None,
    lookup: Lookup | None,
    depth: int = 0,
) -> set[str]:
    """The element class names iterating ``source`` gives."""
    mapping = values_of(source)
    walked = mapping if mapping is not None else source
    values = mapping is not None
    while isinstance(walked, ast.Subscript) and isinstance(walked.slice, ast.Slice):
        walked = walked.value  # ``self.blocks[start:end]``: the same elements
    if depth > 4:
        return set()
    if isinstance(walked, ast.Call) and not values and last_name(walked.func) in _SAME_ELEMENTS:
        one = len(walked.args) == 1 and isinstance(walked.func, ast.Name)
        return _elements(walked.args[0], func, classes, typed, lookup, depth + 1) if one else set()
    if isinstance(walked, ast.ListComp | ast.GeneratorExp | ast.SetComp) and not values:
        return _comprehended(walked, func, classes, typed, lookup, depth)
    if isinstance(walked, ast.Name):
        args = [*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs]
        annotations = [a.annotation for a in args if a.arg == walked.id and a.annotation is not None]
        return {last_name(e) for a in annotations if (e := element(_present(a), values)) is not None} - {""}
    if isinstance(walked, ast.Attribute) and typed is not None:
        return _field_elements(walked, values, classes, typed, lookup)
    return set()


def _comprehended(
    comp: ast.ListComp | ast.GeneratorExp | ast.SetComp,
    func: ast.FunctionDef | ast.AsyncFunctionDef,
    classes: dict[str, ast.ClassDef],
    typed: Typed | None,
    lookup: Lookup | None,
    depth: int,
) -> set[str]:
    """What a comprehension gives: its one generator's elements (``[b for b in pool.blocks if b.free]``), or the
    item of a typed container it indexes (``[pool.blocks[i] for i in ids]``)."""
    elt = comp.elt
    if isinstance(elt, ast.Name):
        walks = [g.iter for g in comp.generators if isinstance(g.target, ast.Name) and g.target.id == elt.id]
        return _elements(walks[0], func, classes, typed, lookup, depth + 1) if len(walks) == 1 else set()
    if isinstance(elt, ast.Subscript) and not isinstance(elt.slice, ast.Slice):
        return _elements(elt.value, func, classes, typed, lookup, depth + 1)
    return set()


def _field_elements(
    field: ast.Attribute, values: bool, classes: dict[str, ast.ClassDef], typed: Typed, lookup: Lookup | None
) -> set[str]:
    """The element class of a container field off a typed holder, where every class of the holder's that binds
    the field agrees on one annotation (a fork subclass rebuilding ``self.blocks`` of its own kind, unannotated,
    leaves it unknown)."""
    holders = typed(field.value) if isinstance(field.value, ast.Name) else chain_typed(field.value, typed, classes)
    answers: set[str] = set()
    for holder in holders:
        node = classes.get(holder) or (lookup(holder) if lookup is not None else None)
        if node is None or not _binds(node, field.attr):
            continue
        annotation = _annotated(node, field.attr)
        found = element(_present(annotation), values) if annotation is not None else None
        answers.add(last_name(found) if found is not None else "")
    return answers if len(answers) == 1 and "" not in answers else set()


def _binds(cls: ast.ClassDef, name: str) -> bool:
    """The class body declares ``name``, or a method of it stores ``self.name``."""
    if any(isinstance(s, ast.AnnAssign | ast.Assign) and name in _targets(s) for s in cls.body):
        return True
    return any(
        isinstance(n, ast.AnnAssign | ast.Assign | ast.AugAssign) and any(_on_self(t, name) for t in _stored(n))
        for stmt in cls.body
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef)
        for n in ast.walk(stmt)
    )


def _stored(node: ast.AnnAssign | ast.Assign | ast.AugAssign) -> list[ast.expr]:
    return node.targets if isinstance(node, ast.Assign) else [node.target]


def _targets(stmt: ast.AnnAssign | ast.Assign) -> set[str]:
    return {t.id for t in _stored(stmt) if isinstance(t, ast.Name)}


def _walked(func: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> ast.expr | None:
    """What the one loop binding ``name`` walks, where nothing else binds it (``loop_types.loop_sources`` counts
    a store through the name, ``spec.x = v``, as a rebinding: here the store is what is judged)."""
    walked: list[ast.expr] = []
    stores = 0
    for node in ast.walk(func):
        if isinstance(node, ast.For | ast.AsyncFor | ast.comprehension):
            if isinstance(node.target, ast.Name) and node.target.id == name:
                walked.append(node.iter)
            elif (paired := _paired(node.target, node.iter, name)) is not None:
                walked.append(paired)
        elif isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store):
            stores += 1  # the loop's own target, or another binding (an assignment, a with, a tuple target)
        elif isinstance(node, ast.arg) and node.arg == name:
            return None
    return walked[0] if len(walked) == 1 and stores == 1 else None


def _paired(target: ast.expr, iterable: ast.expr, name: str) -> ast.expr | None:
    """What ``name`` walks in a tuple target over ``zip(a, b)`` (its argument at the name's place) or
    ``enumerate(a)`` (``a``, for the second name); None for anything else."""
    if not (isinstance(target, ast.Tuple) and isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Name)):
        return None
    at = next((i for i, e in enumerate(target.elts) if isinstance(e, ast.Name) and e.id == name), None)
    args = iterable.args
    if at is None or iterable.keywords or any(isinstance(a, ast.Starred) for a in args):
        return None
    if iterable.func.id == "zip" and len(args) == len(target.elts):
        return args[at]
    if iterable.func.id == "enumerate" and len(args) == 1 and len(target.elts) == 2 and at == 1:
        return args[0]
    return None


def chain_typed(receiver: ast.expr, typed: Typed, classes: dict[str, ast.ClassDef], depth: int = 0) -> set[str]:
    """The classes ``a.b.c`` holds: ``c`` annotated on a class ``a.b`` holds (``typed`` types the chain's root,
    a name), each link read off the class bodies here, an annotated ``self.c: T = ...`` in a method too."""
    if not isinstance(receiver, ast.Attribute) or depth > 6:
        return set()
    holders = (
        typed(receiver.value)
        if isinstance(receiver.value, ast.Name)
        else chain_typed(receiver.value, typed, classes, depth + 1)
    )
    found: set[str] = set()
    for holder in holders:
        node = classes.get(holder)
        annotation = _annotated(node, receiver.attr) if node is not None else None
        name = last_name(_present(annotation)) if annotation is not None else None
        if name:
            found.add(name)
    return with_bases(found, classes)


def with_bases(names: set[str], classes: dict[str, ast.ClassDef]) -> set[str]:
    """``names`` and the bases of those among ``classes``, transitively."""
    todo = list(names)
    while todo and len(names) < 64:
        node = classes.get(todo.pop())
        for base in {b for b in map(last_name, node.bases) if b} - names if node is not None else ():
            names.add(base)
            todo.append(base)
    return names


def _annotated(cls: ast.ClassDef, name: str) -> ast.expr | None:
    """The annotation ``cls`` gives ``name``: a field of its body, ``self.name: T = ...`` in a method, or
    ``self.name = param`` of a method's parameter annotated ``T`` (``def __init__(self, spec: T)``); None where
    the class gives it none, or stores it more ways than one such."""
    for stmt in cls.body:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.target.id == name:
            return stmt.annotation
    found: list[ast.expr | None] = []
    for stmt in cls.body:
        if not isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        params = {a.arg: a.annotation for a in (*stmt.args.posonlyargs, *stmt.args.args, *stmt.args.kwonlyargs)}
        for node in ast.walk(stmt):
            if isinstance(node, ast.AnnAssign) and _on_self(node.target, name):
                found.append(node.annotation)
            elif isinstance(node, ast.Assign) and any(_on_self(t, name) for t in node.targets):
                value = node.value
                found.append(params.get(value.id) if isinstance(value, ast.Name) else None)
    first = found[0] if found else None
    return first if first is not None and all(f is not None and ast.dump(f) == ast.dump(first) for f in found) else None


def held_class(cls: ast.ClassDef, name: str) -> str | None:
    """The class ``self.name`` holds in ``cls``, where every way the class gives it says the same: a field's
    annotation, ``self.name: T = ...`` in a method, ``self.name = param`` of a parameter annotated ``T``, or
    ``self.name = T(...)`` of a class-like name (capitalized); None where a store says nothing or they differ
    (``self.name: Base = Mine(...)`` says two classes: the annotation's and the one built)."""
    kinds: set[str] = set()
    for stmt in cls.body:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.target.id == name:
            kinds.add(last_name(_present(stmt.annotation)))
        if not isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        params = {a.arg: a.annotation for a in (*stmt.args.posonlyargs, *stmt.args.args, *stmt.args.kwonlyargs)}
        for node in ast.walk(stmt):
            if isinstance(node, ast.AnnAssign) and _on_self(node.target, name):
                kinds.add(last_name(_present(node.annotation)))
                if node.value is not None and (built := _built_kind(node.value, params)):
                    kinds.add(built)  # ``self.m: Base = Mine(...)``: the object is the fork's subclass
            elif isinstance(node, ast.Assign | ast.AugAssign) and any(_on_self(t, name) for t in _stored(node)):
                kinds.add(_built_kind(node.value, params) if isinstance(node, ast.Assign) else "")
    kind = kinds.pop() if len(kinds) == 1 else ""
    return kind or None


def _built_kind(value: ast.expr, params: dict[str, ast.expr | None]) -> str:
    """The class a stored value names: ``T(...)`` of a capitalized name, or a parameter annotated ``T``."""
    if isinstance(value, ast.Call) and last_name(value.func)[:1].isupper():
        return last_name(value.func)
    note = params.get(value.id) if isinstance(value, ast.Name) else None
    return last_name(_present(note)) if note is not None else ""


def _on_self(target: ast.expr, name: str) -> bool:
    return isinstance(target, ast.Attribute) and target.attr == name and isinstance(target.value, ast.Name)


def _present(annotation: ast.expr) -> ast.expr:
    """``T`` of ``T | None``, ``Optional[T]`` or ``"T"``; else the annotation as written."""
    annotation = unquoted(annotation)
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        for side, other in ((annotation.left, annotation.right), (annotation.right, annotation.left)):
            if isinstance(other, ast.Constant) and other.value is None:
                return side
    if isinstance(annotation, ast.Subscript) and last_name(annotation.value) == "Optional":
        return annotation.slice
    return annotation
