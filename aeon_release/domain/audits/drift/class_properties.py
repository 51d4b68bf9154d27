"""Class-read properties: upstream turned a class variable into a property, the fork reads it off the class.

#30761 (b89443b8d9) turned ``KVConnectorBase_V1.prefer_cross_layer_blocks: ClassVar[bool] = False`` into a
``@property`` (``MultiConnector`` asks its sub-connectors' instances now).  Read off an instance nothing changed,
so no symbol moved; read off the class -- ``connector_cls.prefer_cross_layer_blocks`` with ``connector_cls:
type[KVConnectorBase_V1]``, ``getattr(connector_cls, "prefer_cross_layer_blocks", False)``, ``Base.flag`` -- it is
the ``property`` object now, always truthy: a fork's "does this connector want cross-layer blocks" answers yes
for every connector, silently.  (Read-only drift, ``read_only.py``, catches the same change's stores.)

Upstream's side: the Python files whose diff adds a ``@property`` def, parsed at the base and upstream; a class
that defines ``name`` as a property (``@property`` or ``@functools.cached_property``) upstream where its base
body bound ``name`` to a value (``name = v``, ``name: T = v``).  The fork's side, on lines it owns: a load of
``X.name`` (or ``getattr(X, "name", ...)``) where ``X`` is the class itself -- imported from upstream's module (a
module alias too), a parameter annotated ``type[C]``, or a class of the fork's file whose lookup of ``name``
reaches it before any binding (its own body, then its bases of the file left to right).  An error: the read is
never the value.

Quiet: a read off an instance (``self.name``, ``conn.name``); a subclass binding the name itself (``name = True``
in its body, or ``C.name = v``/``setattr(C, "name", v)`` past it: the subclass's value shadows the property), or
a base of the fork's file binding it ahead of upstream's class in the bases (review107: ``class C(Mixin, Base)``,
the mixin's value wins the lookup); a read of the descriptor's own parts (``X.name.fget``, ``.__doc__``), one asked
``isinstance(X.name, property)``, a read in the true branch of ``isinstance(X.name, K)`` (``K`` not ``property``),
or a local bound to the read that its function asks ``isinstance`` of; the fork's own namesake class.

Second kind (killers206, ``descriptor_kind_drift``): a def upstream moved between ``@property`` and
``@cached_property`` (#35099, 80d93fd6da: ``ModelConfig.is_encoder_decoder``, a property made a cached one).  Off
an instance nothing changed; off the class the descriptor is another kind, and the old kind's own parts are gone:
a fork's ``ModelConfig.is_encoder_decoder.fget(cfg)`` (to read the flag fresh past the cache) or a subclass's
``@Base.name.setter`` raises AttributeError -- a ``cached_property`` has no ``fget``/``fset``/``fdel``/``setter``/
``getter``/``deleter``, a ``property`` no ``func``/``attrname``.  An error on the fork's line reading such a part off
the class (resolved as above).  Quiet: a part both kinds have (``__doc__``, ``__get__``), the new kind's parts, a
read under ``hasattr(X.name, "part")`` or in a ``try`` catching AttributeError, ``getattr(X.name, "fget", None)``,
a fork subclass defining the name itself, the fork's own namesake class.

Pure but for reading the three trees: findings out.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.deferred_inits import class_named_by
from aeon_release.domain.audits.drift.fallbacks import (
    caught_around,
    hasattr_held,
    isinstance_asked,
    isinstance_guarded,
)
from aeon_release.domain.audits.drift.own_fields import enclosing, file_classes
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, own_scope_nodes, parent_map, str_value

# an added ``@property`` (or ``cached_property``) line followed, within a few added lines, by the def it decorates
_PROPERTY_DEF = lazy_pattern(
    r"\n\+[ \t]+@(?:builtins\.|functools\.)?(?:cached_)?property\b[^\n]*(?:\n\+(?![ \t]*(?:async[ \t]+)?def\b)"
    r"[^\n]*){0,12}\n\+[ \t]+(?:async[ \t]+)?def[ \t]+(\w+)"
)
_PROPERTIES = frozenset({"property", "cached_property"})
# reads of the descriptor itself, not its value: deliberate
_DESCRIPTOR_PARTS = frozenset({"fget", "fset", "fdel", "__doc__", "__get__", "__set__", "__isabstractmethod__"})
_TYPE_NAMES = frozenset({"type", "Type"})
_Def = ast.FunctionDef | ast.AsyncFunctionDef
_Comprehension = ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp


@dataclass(frozen=True)
class Made:
    """``cls.name`` (upstream's ``path``, module ``module``) is a property now, a class variable at the base."""

    path: str
    module: str
    cls: str
    name: str


def class_property_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork lines reading, off a class, a name upstream turned from a class variable into a property."""
    named: dict[str, set[str]] = {}
    for path in trees.upstream.matching(_PROPERTY_DEF, ".py"):
        named[path] = {m.group(1) for m in _PROPERTY_DEF.finditer(trees.upstream.raw(path))} & trees.fork_words()
    made = [
        m for path, old, new in parsed_versions(trees, [p for p in named if named[p]]) for m in _made(path, old, new)
    ]
    made = [m for m in made if m.name in named[m.path]]
    if not made:
        return []
    names = {m.name for m in made}
    mentioned = re.compile(r"\.(?:" + "|".join(sorted(names)) + r")\b|[\"'](?:" + "|".join(sorted(names)) + r")[\"']")
    return [
        _finding(trees, path, line, item, shown, pr_pattern)
        for path, module, owned in fork_modules(trees, mentioned.search)
        for line, item, shown in _class_reads(path, module, owned, made)
    ]


def _made(path: str, old: ast.Module, new: ast.Module) -> Iterator[Made]:
    before = {c.name: c for c in file_classes(old.body)}
    for cls in file_classes(new.body):
        was = before.get(cls.name)
        if was is None:
            continue
        bound = _bound_names(was)
        for stmt in cls.body:
            if isinstance(stmt, _Def) and stmt.name in bound and _is_property(stmt):
                yield Made(path, dotted_name(path), cls.name, stmt.name)


def _is_property(func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any(last_name(d) in _PROPERTIES for d in func.decorator_list)


def _bound_names(cls: ast.ClassDef) -> set[str]:
    """The names a class body binds to a value (``name = v``, ``name: T = v``), not defs."""
    names: set[str] = set()
    for stmt in cls.body:
        if isinstance(stmt, ast.Assign):
            names.update(t.id for t in stmt.targets if isinstance(t, ast.Name))
        elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None and isinstance(stmt.target, ast.Name):
            names.add(stmt.target.id)
    return names


@dataclass(frozen=True)
class _File:
    """What a fork file's reads are judged against: its imports, parents, classes and class-level stores."""

    imports: dict[str, tuple[str, str]]
    parents: dict[int, ast.AST]
    local: dict[str, ast.ClassDef]
    # (class, name) for each ``C.name = v`` (or ``setattr(C, "name", v)``) of the file: a binding past the body
    stored: frozenset[tuple[str, str]]


def _class_reads(path: str, module: ast.Module, owned: set[int], made: list[Made]) -> Iterator[tuple[int, Made, str]]:
    parents = parent_map(module)
    file = _File(file_imports(module, path), parents, {c.name: c for c in file_classes(module.body)}, _stores(module))
    for node in ast.walk(module):
        read = _read(node) if isinstance(node, ast.Attribute | ast.Call) else None
        if (
            read is None
            or not isinstance(node, ast.Attribute | ast.Call)
            or node.lineno not in owned
            or _descriptor_use(node, parents)
        ):
            continue
        receiver, name = read
        for item in (m for m in made if m.name == name):
            if _is_class(receiver, item, node, file):
                yield node.lineno, item, f"{ast.unparse(receiver)}.{name}"


def _stores(module: ast.Module) -> frozenset[tuple[str, str]]:
    """(class, name) for each ``C.name = v`` or ``setattr(C, "name", v)`` off a plain name in the module: a value
    bound on the class after its body shadows an inherited property as a body's binding does (review107)."""
    found: set[tuple[str, str]] = set()
    for node in ast.walk(module):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and isinstance(node.value, ast.Name):
            found.add((node.value.id, node.attr))
        elif isinstance(node, ast.Call) and last_name(node.func) == "setattr" and len(node.args) == 3:
            receiver, name = node.args[0], str_value(node.args[1])
            if isinstance(receiver, ast.Name) and name:
                found.add((receiver.id, name))
    return frozenset(found)


def _read(node: ast.AST) -> tuple[ast.expr, str] | None:
    """(receiver, name) of a load ``X.name`` or a ``getattr(X, "name"[, default])``."""
    if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
        return node.value, node.attr
    if isinstance(node, ast.Call) and last_name(node.func) == "getattr" and len(node.args) >= 2:
        name = str_value(node.args[1])
        return (node.args[0], name) if name else None
    return None


def _descriptor_use(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """``X.name.fget`` and the like, or ``isinstance(X.name, property)``: the fork asks after the descriptor.  So
    too a local bound to the read that its function asks ``isinstance`` of (review107: ``flag = X.name`` then
    ``False if isinstance(flag, property) else bool(flag)`` tells the property from a value)."""
    up = parents.get(id(node))
    if isinstance(up, ast.Attribute) and up.attr in _DESCRIPTOR_PARTS:
        return True
    if isinstance(up, ast.Call) and last_name(up.func) == "isinstance":
        return True
    if isinstance_guarded(node, ast.unparse(node), lambda kind: kind != "property", parents):
        return True  # ``X.name if isinstance(X.name, str) else d``: runs only where the read is a value (review107)
    if not (isinstance(up, ast.Assign) and len(up.targets) == 1 and isinstance(up.targets[0], ast.Name)):
        return False
    scope = enclosing(up, parents)
    return scope is not None and isinstance_asked(scope, up.targets[0].id)


def _is_class(receiver: ast.expr, item: Made, node: ast.AST, file: _File) -> bool:
    """``receiver`` is ``item``'s class itself: imported from its module, a parameter annotated ``type[C]``, or a
    class of the fork's file deriving from it without binding the name on its way."""
    if isinstance(receiver, ast.Name) and receiver.id in file.local:
        return _lookup(file.local[receiver.id], item, file, set()) is True
    if _names_class(imported_origin(receiver, file.imports), item):
        return True
    if not isinstance(receiver, ast.Name):
        return False
    annotation = _annotation(receiver.id, node, file.parents)
    if isinstance(annotation, ast.Subscript) and last_name(annotation.value) in _TYPE_NAMES:
        return _names_class(imported_origin(annotation.slice, file.imports), item)
    return False


def _names_class(origin: tuple[str, str] | None, item: Made) -> bool:
    """The import names ``item``'s class, from its module or a package above it (killers206: #35099's fork imported
    ``ModelConfig`` from the package that re-exports it)."""
    return origin is not None and class_named_by(origin, item.path, item.cls)


def _lookup(cls: ast.ClassDef, item: Made, file: _File, seen: set[str]) -> bool | None:
    """Where the name's lookup through a fork class of the file ends, bases left to right as Python's order walks
    them: True at ``item``'s class, False at a binding of the name (its own body or a store on it past the body, a
    base of the file: review107's ``class C(Mixin, Base)``, ``Mixin`` binding the name, reads ``Mixin``'s value),
    None when neither is reached."""
    if cls.name in seen:
        return None
    if item.name in _bound_names(cls) or (cls.name, item.name) in file.stored:
        return False
    if any(_defines(s, item.name) for s in cls.body):
        return False
    seen.add(cls.name)
    for base in cls.bases:
        if isinstance(base, ast.Name) and base.id in file.local:
            found = _lookup(file.local[base.id], item, file, seen)
            if found is not None:
                return found
        elif _names_class(imported_origin(base, file.imports), item):
            return True
    return None


def _defines(stmt: ast.stmt, name: str) -> bool:
    return isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef) and stmt.name == name


def _annotation(name: str, node: ast.AST, parents: dict[int, ast.AST]) -> ast.expr | None:
    """The annotation of the enclosing functions' parameter ``name``, innermost first; None where a scope on the
    way binds ``name`` otherwise (readG: ``[c.name for c in conns]``, ``lambda c: c.name``, ``c = c()`` hold no
    class, or not surely: the parameter's ``type[C]`` no longer says what is read)."""
    up = parents.get(id(node))
    while up is not None:
        if isinstance(up, _Def | ast.Lambda | _Comprehension):
            spec = None if isinstance(up, _Comprehension) else up.args
            args = [a for a in ast.walk(spec) if isinstance(a, ast.arg)] if spec is not None else []
            param = next((a for a in args if a.arg == name), None)
            if any(isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store) for n in _own(up)):
                return None
            if param is not None and spec is not None:  # ``*c: type[C]`` annotates a tuple's items: no class read
                return None if param in (spec.vararg, spec.kwarg) else param.annotation
        up = parents.get(id(up))
    return None


def _own(scope: ast.AST) -> Iterator[ast.AST]:
    """A comprehension's targets, or a def's or lambda's own scope (``own_scope_nodes``) but for its
    comprehensions' targets (a comprehension's names are its own: ``[c.x for c in cs]`` leaves the def's ``c``)."""
    if isinstance(scope, _Comprehension):
        return (n for g in scope.generators for n in ast.walk(g.target))
    own = list(own_scope_nodes(scope))
    inner = {id(n) for c in own if isinstance(c, _Comprehension) for n in _own(c)}
    return (n for n in own if id(n) not in inner)


def _finding(trees: ThreeTrees, path: str, line: int, item: Made, shown: str, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(item.path, r"@property|def " + re.escape(item.name) + r"\b", pr_pattern)
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        path,
        line,
        f"fork-owned line reads {shown} off a class, but upstream made {item.cls}.{item.name} a property "
        f"({item.path}{commit}), a class variable before: off the class the read is the property object itself "
        "(always truthy), not a value; read it off an instance, or ask upstream's new way",
    )


# a decorator line upstream added that makes a def a property or a cached one (the def itself may be context)
_KIND_LINE = lazy_pattern(r"\n\+[ \t]+@(?:builtins\.|functools\.)?(?:cached_)?property\b")
# each descriptor kind's own parts: reading one off the other kind raises AttributeError
_KIND_PARTS = {
    "property": frozenset({"fget", "fset", "fdel", "setter", "getter", "deleter"}),
    "cached_property": frozenset({"func", "attrname", "lock"}),
}
_ALL_PARTS = _KIND_PARTS["property"] | _KIND_PARTS["cached_property"]
_ATTRIBUTE_ERROR = frozenset({"AttributeError"})


@dataclass(frozen=True)
class Rekinded:
    """``made``'s def was a ``was`` descriptor at the base and is a ``now`` one upstream."""

    made: Made
    was: str
    now: str


def descriptor_kind_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork lines reading, off a class, a part of a descriptor kind upstream switched (``property`` <->
    ``cached_property``) that the new kind lacks."""
    words = trees.fork_words()
    # perf37: every finding's fork line holds ``.name.part`` (``mentioned``), so the part is a word a fork-added
    # line holds: a fork naming none parses nothing (95.7 ms of the 80-commit bench, nine upstream files parsed)
    if not words & _ALL_PARTS:
        return []
    paths = list(trees.upstream.matching(_KIND_LINE, ".py"))
    found = [r for path, old, new in parsed_versions(trees, paths) for r in _rekinded(path, old, new)]
    found = [r for r in found if r.made.name in words]
    if not found:
        return []
    names = "|".join(sorted({r.made.name for r in found}))
    parts = "|".join(sorted(_ALL_PARTS))
    mentioned = re.compile(r"\.(?:" + names + r")\.(?:" + parts + r")\b")
    return [
        _kind_finding(trees, path, line, item, shown, pr_pattern)
        for path, module, owned in fork_modules(trees, mentioned.search)
        for line, item, shown in _part_reads(path, module, owned, found)
    ]


def _kind(func: ast.FunctionDef | ast.AsyncFunctionDef) -> str | None:
    return next((k for d in func.decorator_list if (k := last_name(d)) in _PROPERTIES), None)


def _rekinded(path: str, old: ast.Module, new: ast.Module) -> Iterator[Rekinded]:
    before = {c.name: c for c in file_classes(old.body)}
    for cls in file_classes(new.body):
        was_cls = before.get(cls.name)
        if was_cls is None:
            continue
        was_defs = {s.name: _kind(s) for s in was_cls.body if isinstance(s, _Def)}
        for stmt in (s for s in cls.body if isinstance(s, _Def)):
            now, was = _kind(stmt), was_defs.get(stmt.name)
            if now is not None and was is not None and was != now:
                yield Rekinded(Made(path, dotted_name(path), cls.name, stmt.name), was, now)


def _part_reads(
    path: str, module: ast.Module, owned: set[int], found: list[Rekinded]
) -> Iterator[tuple[int, Rekinded, str]]:
    parents = parent_map(module)
    file = _File(file_imports(module, path), parents, {c.name: c for c in file_classes(module.body)}, _stores(module))
    for node in ast.walk(module):
        if not (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load) and node.lineno in owned):
            continue
        inner = node.value
        if not (isinstance(inner, ast.Attribute) and isinstance(inner.ctx, ast.Load)):
            continue
        for item in (r for r in found if r.made.name == inner.attr and _lost(r, node.attr)):
            if _is_class(inner.value, item.made, node, file) and not _part_guarded(node, inner, parents):
                yield node.lineno, item, ast.unparse(node)


def _lost(item: Rekinded, part: str) -> bool:
    """``part`` belongs to the old kind and not to the new one."""
    return part in _KIND_PARTS[item.was] and part not in _KIND_PARTS[item.now]


def _part_guarded(node: ast.Attribute, descriptor: ast.expr, parents: dict[int, ast.AST]) -> bool:
    """The fork already tells the kinds apart: a ``hasattr`` of the part, or a ``try`` catching AttributeError."""
    held = hasattr_held(node, ast.unparse(descriptor), node.attr, parents)
    return held or caught_around(node, _ATTRIBUTE_ERROR, parents)


def _kind_finding(trees: ThreeTrees, path: str, line: int, item: Rekinded, shown: str, pr_pattern: str) -> Finding:
    made = item.made
    commit = trees.upstream_commit(made.path, r"property|def " + re.escape(made.name) + r"\b", pr_pattern)
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        path,
        line,
        f"fork-owned line reads {shown}, but upstream made {made.cls}.{made.name} a {item.now} "
        f"({made.path}{commit}), a {item.was} before: the new descriptor has no such part (AttributeError); "
        "read the value off an instance, or reach the function another way",
    )
