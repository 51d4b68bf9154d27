"""Dict elements: the values a class keeps in a container attribute upstream now stores as dict displays, and a
fork line unpacks one or indexes it by position.

#35921 (dd6dbd93f8) made ``CompilerManager.cache``'s values ``{"graph_handle": handle, "cache_key": cache_key}``
where each was the compiler's handle, a ``(key, path)`` pair.  A fork manager's ``_key, path = entry`` of an
entry read back merges cleanly and silently binds the two keys' names (unpacking a dict yields its keys), and
``handle[1]`` raises KeyError.  The attribute, its annotation (``dict[..., Any]``) and every signature stayed.

Upstream's side: a class of a changed file whose methods store into ``self.A[...]`` only dict displays with
string keys, where at the base they stored something else there (and no dict display).  The fork's side, on a
line it owns: an element of ``R.A`` -- ``R.A[k]``, ``R.A.get(k)``, a loop or comprehension variable over
``R.A.values()`` -- or a local bound once to one, unpacked into a tuple of names (without a star) or indexed by
an integer, where ``R`` is ``self`` in a class deriving upstream's first (no base the module defines) that stores
no ``self.A`` itself, or a parameter annotated with upstream's class.  An error.  Quiet: a read under a test of
the element's type (the fork reads both shapes), an index in a ``try`` catching KeyError, a slice of the
container (its elements, not one).

Cheap first: only upstream files whose added lines store a dict display into a subscript of ``self`` under a name
a fork line holds are parsed, and only fork files naming one of the attributes.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from aeon_release.domain.audits.drift.deferred_inits import class_named_by, derives_first
from aeon_release.domain.audits.drift.fallbacks import caught_around, runs_tested
from aeon_release.domain.audits.drift.nulled_attributes import assigned_targets, is_self_attribute, local_bases
from aeon_release.domain.audits.drift.own_fields import file_classes
from aeon_release.domain.audits.drift.pyindex import file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import added_words, fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parent_map

# ``self.A[...] = {`` on an added line: a dict display stored into a container attribute
_DICT_STORE = lazy_pattern(r"^\s*self\.(\w+)\[[^\n]*\]\s*=\s*\{")
_MOST_FILES = 32
# what a positional index of a dict raises, caught by a fork fallback that reads the key
_KEY_ERRORS = frozenset({"KeyError", "LookupError", "Exception", "BaseException"})


@dataclass(frozen=True)
class Dicted:
    """``cls`` (of ``path``) now keeps dicts with ``keys`` in ``self.attr[...]``."""

    path: str
    cls: str
    attr: str
    keys: tuple[str, ...]


def dict_element_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    words = added_words(trees)  # a fork line must name the attribute: no upstream file is parsed otherwise
    stored = {
        p: {m[1] for line in trees.upstream[p].added.values() if (m := _DICT_STORE.match(line)) and m[1] in words}
        for p in sorted(trees.upstream)
        if p.endswith(".py")
    }
    paths = [p for p, attrs in stored.items() if attrs][:_MOST_FILES]
    if not paths:
        return []
    dicted = [d for path, old, new in parsed_versions(trees, paths) for d in _dicted(path, old, new, stored[path])]
    if not dicted:
        return []
    attrs = {d.attr for d in dicted}
    return [
        _finding(trees, path, line, item, pr_pattern)
        for path, module, owned in fork_modules(trees, lambda line: any(f".{a}" in line for a in attrs))
        for item, line in _fork_uses(path, module, dicted)
        if line in owned
    ]


def _dicted(path: str, old: ast.Module, new: ast.Module, attrs: set[str]) -> Iterator[Dicted]:
    before = {c.name: c for c in file_classes(old.body)}
    for cls in file_classes(new.body):
        was = before.get(cls.name)
        if was is None:
            continue
        for attr in sorted(attrs):
            now, then = _element_stores(cls, attr), _element_stores(was, attr)
            if not now or not then or not all(_string_keyed(v) for v in now):
                continue
            if any(isinstance(v, ast.Dict) for v in then):
                continue
            yield Dicted(path, cls.name, attr, tuple(sorted({k for v in now for k in _keys(v)})))


def _element_stores(cls: ast.ClassDef, attr: str) -> list[ast.expr]:
    """The values the class's methods store into ``self.attr[...]``."""
    return [
        node.value
        for node in ast.walk(cls)
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Subscript) and is_self_attribute(target.value) and target.value.attr == attr
    ]


def _keys(value: ast.expr) -> Iterator[str]:
    for key in value.keys if isinstance(value, ast.Dict) else []:
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            yield key.value


def _string_keyed(value: ast.expr) -> bool:
    return (
        isinstance(value, ast.Dict)
        and bool(value.keys)
        and all(isinstance(k, ast.Constant) and isinstance(k.value, str) for k in value.keys)
    )


class OfAttribute(Protocol):
    """An attribute ``attr`` of upstream's class ``cls`` of ``path``."""

    @property
    def path(self) -> str: ...
    @property
    def cls(self) -> str: ...
    @property
    def attr(self) -> str: ...


_Item = TypeVar("_Item", bound=OfAttribute)


def _fork_uses(path: str, module: ast.Module, dicted: list[Dicted]) -> Iterator[tuple[Dicted, int]]:
    for func, item, receivers, parents in tied_functions(path, module, dicted):
        yield from ((item, line) for line in _misreads(func, item.attr, receivers, parents))


def tied_functions(
    path: str, module: ast.Module, items: Sequence[_Item]
) -> Iterator[tuple[ast.FunctionDef | ast.AsyncFunctionDef, _Item, set[str], dict[int, ast.AST]]]:
    """Each function of the fork's module holding names tied to one of upstream's classes (``receivers_of``),
    with the item, those names and the module's parent map: the walk dict elements and undefaulted dicts share."""
    imports = file_imports(module, path)
    local = {c.name: c for c in module.body if isinstance(c, ast.ClassDef)}
    parents = parent_map(module)
    for func, cls in module_functions(module):
        for item in items:
            receivers = receivers_of(func, cls, item, imports, local)
            if receivers:
                yield func, item, receivers, parents


def module_functions(
    module: ast.Module,
) -> Iterator[tuple[ast.FunctionDef | ast.AsyncFunctionDef, ast.ClassDef | None]]:
    """Each module-level function and each method of a module-level class, with its class."""
    for node in module.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield node, None
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                    yield item, node


def receivers_of(
    func: ast.FunctionDef | ast.AsyncFunctionDef,
    cls: ast.ClassDef | None,
    item: OfAttribute,
    imports: dict[str, tuple[str, str]],
    local: dict[str, ast.ClassDef],
) -> set[str]:
    """The names in ``func`` tied to upstream's class: ``self`` in a class deriving it first that stores no
    ``self.attr`` of its own, and each parameter annotated with it."""
    found: set[str] = set()
    if (
        cls is not None
        and not local_bases(cls, local)
        and derives_first(cls, imports, item.path, item.cls)
        and not _stores_own(cls, item.attr)
    ):
        found.add("self")
    for arg in [*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs]:
        origin = imported_origin(arg.annotation, imports) if arg.annotation is not None else None
        if origin is not None and class_named_by(origin, item.path, item.cls):
            found.add(arg.arg)
    return found


def _stores_own(cls: ast.ClassDef, attr: str) -> bool:
    """The fork class stores ``self.attr`` or into it: its own values may be anything."""
    for node in ast.walk(cls):
        if isinstance(node, ast.stmt):
            for target in assigned_targets(node):
                if is_self_attribute(target) and target.attr == attr:
                    return True
                if isinstance(target, ast.Subscript) and is_self_attribute(target.value) and target.value.attr == attr:
                    return True
    return False


def _misreads(func: ast.AST, attr: str, receivers: set[str], parents: dict[int, ast.AST]) -> Iterator[int]:
    """The lines unpacking an element of ``R.attr`` into names or indexing one by an integer, outside a test of
    the element's type (the fork reads both shapes) and, for an index, outside a ``try`` catching KeyError."""
    elements = _element_names(func, attr, receivers)
    for node in ast.walk(func):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Tuple):
            names = node.targets[0].elts
            if len(names) > 1 and not any(isinstance(n, ast.Starred) for n in names):
                if _is_element(node.value, attr, receivers, elements) and not _kind_tested(node, node.value, parents):
                    yield node.lineno
        elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load):
            index = node.slice
            if isinstance(index, ast.Constant) and type(index.value) is int:
                if _is_element(node.value, attr, receivers, elements) and not _kind_tested(node, node.value, parents):
                    if not caught_around(node, _KEY_ERRORS, parents):
                        yield node.lineno


def _kind_tested(node: ast.AST, element: ast.expr, parents: dict[int, ast.AST]) -> bool:
    """``node`` runs under (or past an exiting) test of ``element``'s type -- ``isinstance(entry, tuple)``,
    ``type(entry) is dict`` -- on either side: the fork wrote the read for both shapes of the value."""
    subject = ast.dump(element)

    def asks(test: ast.expr) -> bool:
        return any(
            isinstance(n, ast.Call)
            and isinstance(n.func, ast.Name)
            and n.func.id in {"isinstance", "type"}
            and bool(n.args)
            and ast.dump(n.args[0]) == subject
            for n in ast.walk(test)
        )

    return runs_tested(node, parents, asks, asks)


def _element_names(func: ast.AST, attr: str, receivers: set[str]) -> set[str]:
    """Locals bound once in ``func``, to an element of ``R.attr``, or as the variable of a loop or comprehension
    over ``R.attr.values()``."""
    bound: dict[str, list[ast.expr | None]] = {}
    for node in ast.walk(func):
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for name in ast.walk(target):
                    if isinstance(name, ast.Name):
                        bound.setdefault(name.id, []).append(node.value if target is name else None)
        elif isinstance(node, ast.For | ast.AsyncFor | ast.comprehension):
            for name in ast.walk(node.target):
                if isinstance(name, ast.Name):
                    over = node.iter if node.target is name and _values_of(node.iter, attr, receivers) else None
                    bound.setdefault(name.id, []).append(over)
        elif isinstance(node, ast.arg):
            bound.setdefault(node.arg, []).append(None)
        elif isinstance(node, ast.AugAssign | ast.NamedExpr) and isinstance(node.target, ast.Name):
            bound.setdefault(node.target.id, []).append(None)
    return {
        name
        for name, values in bound.items()
        if len(values) == 1
        and values[0] is not None
        and (_values_of(values[0], attr, receivers) or _is_element(values[0], attr, receivers, set()))
    }


def _is_element(expr: ast.expr, attr: str, receivers: set[str], elements: set[str]) -> bool:
    """``R.attr[k]``, ``R.attr.get(k)``, or a local bound to an element."""
    if isinstance(expr, ast.Name):
        return expr.id in elements
    if isinstance(expr, ast.Subscript):  # a slice of a list container holds elements, it is none
        return not isinstance(expr.slice, ast.Slice) and _is_attr(expr.value, attr, receivers)
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and expr.func.attr == "get":
        return _is_attr(expr.func.value, attr, receivers) and len(expr.args) == 1
    return False


def _values_of(expr: ast.expr, attr: str, receivers: set[str]) -> bool:
    """``R.attr.values()``."""
    return (
        isinstance(expr, ast.Call)
        and isinstance(expr.func, ast.Attribute)
        and expr.func.attr == "values"
        and _is_attr(expr.func.value, attr, receivers)
    )


def _is_attr(expr: ast.expr, attr: str, receivers: set[str]) -> bool:
    return (
        isinstance(expr, ast.Attribute)
        and expr.attr == attr
        and isinstance(expr.value, ast.Name)
        and expr.value.id in receivers
    )


def _finding(trees: ThreeTrees, path: str, line: int, item: Dicted, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(item.path, rf"self\.{item.attr}\[", pr_pattern)
    keys = ", ".join(repr(k) for k in item.keys)
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        path,
        line,
        f"fork-owned unpacking or positional index of a value of {item.cls}.{item.attr}, but upstream ({item.path}"
        f"{commit}) now stores dicts there (keys {keys}): unpacking one yields its keys, an index raises KeyError; "
        f"read the value by key",
    )
