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
    receiver: ast.expr, func: ast.FunctionDef | ast.AsyncFunctionDef | None, classes: dict[str, ast.ClassDef]
) -> set[str]:
    """The element class (with its file's bases) of what the loop binding ``receiver`` walks: a parameter
    annotated as a container of one class (``list[Spec]``; ``dict[str, Spec]`` walked by ``.values()``)."""
    if not isinstance(receiver, ast.Name) or func is None:
        return set()
    source = _walked(func, receiver.id)
    if source is None:
        return set()
    mapping = values_of(source)
    walked = mapping if mapping is not None else source
    if not isinstance(walked, ast.Name):
        return set()
    args = [*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs]
    annotations = [a.annotation for a in args if a.arg == walked.id and a.annotation is not None]
    found = {last_name(e) for a in annotations if (e := element(_present(a), mapping is not None)) is not None}
    return with_bases({n for n in found if n}, classes)


def _walked(func: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> ast.expr | None:
    """What the one loop binding ``name`` walks, where nothing else binds it (``loop_types.loop_sources`` counts
    a store through the name, ``spec.x = v``, as a rebinding: here the store is what is judged)."""
    walked: list[ast.expr] = []
    stores = 0
    for node in ast.walk(func):
        if isinstance(node, ast.For | ast.AsyncFor | ast.comprehension):
            if isinstance(node.target, ast.Name) and node.target.id == name:
                walked.append(node.iter)
        elif isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store):
            stores += 1  # the loop's own target, or another binding (an assignment, a with, a tuple target)
        elif isinstance(node, ast.arg) and node.arg == name:
            return None
    return walked[0] if len(walked) == 1 and stores == 1 else None


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
