"""A dict handed to a parameter upstream retyped from a mapping to a class of the tree.

#33408 moved multi-modal data parsing out of the processor: ``BaseMultiModalProcessor.apply(prompt, mm_data:
MultiModalDataDict, ...)`` (a ``Mapping`` alias) became ``apply(prompt, mm_items: MultiModalDataItems, ...)``,
a class with methods of its own (``get_count``, ``get_all_counts``...).  A fork's ``processor.apply(prompt,
{"image": images}, {})`` still binds, and the dict reaches code that calls those methods: ``AttributeError``.

A finding needs all of: the argument is a dict display, comprehension or ``dict(...)`` call; the parameter it
fills was annotated, at the merge base, as something a dict is (``dict``/``Mapping``..., an alias of one, a
``TypedDict``); upstream annotates it now as a class of the tree that is none of those, defines a method of
its own (a bare ``dict`` subclass a dict stands in for), and the callee's body does not test the parameter
with ``isinstance`` (a conversion of the old kind).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from aeon_release.domain.audits.drift import pyindex as px
from aeon_release.domain.audits.drift.loop_types import MAPPINGS
from aeon_release.domain.audits.drift.signatures import Sig
from aeon_release.domain.audits.source import last_name, unquoted

_DICT_LIKE = frozenset({*MAPPINGS, "TypedDict"})


def dict_arguments(call: ast.Call, old: Sig, new: Sig) -> Iterator[tuple[ast.expr, str, str]]:
    """(argument, old parameter, new parameter) of each dict the call passes, by position or keyword."""
    for i, arg in enumerate(call.args):
        if isinstance(arg, ast.Starred):
            return
        if _a_dict(arg) and i < len(old.positional) and i < len(new.positional):
            yield arg, old.positional[i], new.positional[i]
    for keyword in call.keywords:
        if keyword.arg is not None and _a_dict(keyword.value):
            yield keyword.value, keyword.arg, keyword.arg


def _a_dict(arg: ast.expr) -> bool:
    return isinstance(arg, (ast.Dict, ast.DictComp)) or (
        isinstance(arg, ast.Call) and isinstance(arg.func, ast.Name) and arg.func.id == "dict"
    )


def annotation_of(func: ast.AST, name: str) -> ast.expr | None:
    if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    args = func.args
    found = next((a for a in (*args.posonlyargs, *args.args, *args.kwonlyargs) if a.arg == name), None)
    return found.annotation if found is not None else None


def takes_a_dict(ix: px.Index, mod: px.ModuleInfo | None, annotation: ast.expr | None) -> bool:
    """The annotation names a mapping (``dict[str, X]``, ``Mapping``), an alias of one, or a TypedDict."""
    if annotation is None or mod is None:
        return False
    if last_name(_outer(annotation)) in _DICT_LIKE:
        return True
    sym = ix.resolve_expr(mod, _outer(annotation))
    node = sym.node if isinstance(sym, px.DefSym) else None
    if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
        return last_name(_outer(node.value)) in MAPPINGS
    return isinstance(node, ast.ClassDef) and any(last_name(_outer(b)) == "TypedDict" for b in node.bases)


def needs_a_class(ix: px.Index, mod: px.ModuleInfo | None, annotation: ast.expr | None) -> px.ClassInfo | None:
    """The tree's class the annotation names, when a dict cannot stand in for it: no mapping alias, no
    TypedDict, and a method of its own (a bare subclass of ``dict`` is one)."""
    if annotation is None or mod is None or takes_a_dict(ix, mod, annotation):
        return None
    cls = ix.class_of(ix.resolve_expr(mod, _outer(annotation)))
    if cls is None:
        return None
    own = [n for n in cls.node.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    return cls if any(not f.name.startswith("__") for f in own) else None


def converted(func: ast.AST, name: str) -> bool:
    """The callee's body tests the parameter's kind (``isinstance(name, ...)``), or rebinds it from a call
    handed it (``name = Items(name)``, ``name = self._items(name)``): it may convert a dict."""
    return any(_kind_tested(node, name) or _rebuilt(node, name) for node in ast.walk(func))


def _kind_tested(node: ast.AST, name: str) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "isinstance"
        and bool(node.args)
        and _is_name(node.args[0], name)
    )


def _rebuilt(node: ast.AST, name: str) -> bool:
    """``name = f(..., name, ...)``: the parameter replaced by what a call makes of it."""
    if not isinstance(node, ast.Assign) or not isinstance(node.value, ast.Call):
        return False
    handed = [*node.value.args, *(k.value for k in node.value.keywords)]
    return any(_is_name(t, name) for t in node.targets) and any(_is_name(a, name) for a in handed)


def _is_name(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _outer(annotation: ast.expr) -> ast.expr:
    """``Foo`` of ``Foo[...]`` or ``"Foo"``; the annotation itself otherwise."""
    annotation = unquoted(annotation)
    return annotation.value if isinstance(annotation, ast.Subscript) else annotation
