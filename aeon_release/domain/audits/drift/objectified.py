"""A tuple made an object: upstream annotated a field or a return as one of its own classes where it was a tuple.

#40881 made ``NixlEPAll2AllManager._buffer: tuple[Any, int] | None`` (the buffer and the EP size it was
connected for) a ``_NixlEPBufferState | None``, a dataclass of the same file with named fields.  A fork line
``_, ep_size = NixlEPAll2AllManager._buffer`` merges cleanly and raises TypeError on first use: a dataclass
does not unpack, index, size or iterate.  Container drift (``retyped.py``) reads builtin kinds on both sides;
a class on the new side is read here, only where the class's text says it has none of a tuple's shape: a
class of upstream's file (at module level) whose bases are all the file's own such classes (or ``object``),
with no ``__iter__``, ``__getitem__`` or ``__len__``, no metaclass and no decorator but ``dataclass``.  A ``NamedTuple``, a subclass of
``tuple`` or of a class from elsewhere may still unpack: not read.

Upstream's side: the Python files whose diff removed a line annotating a name as a tuple (``name: tuple[...]``,
``-> tuple[...]``) and added none annotating it as another builtin kind, among the names the fork's lines read
(``.name``); those are parsed at both revisions and the name's annotation compared.  The fork's side, on lines
it wrote: the value unpacked (``a, b = x.name``), subscripted, handed to ``len()`` or iterated (``for``, a
comprehension, ``*x.name``), read off a receiver typed as the owning class (``self`` in a subclass, an annotated
parameter, a local built by the class), off the class's own name (a class attribute), or through a local bound
once to such a read.  Quiet under an ``isinstance`` test of the old kind (or against the new class), a handler
catching ``TypeError``, a class of the fork's own that declares the name, a new class a line the fork added patches
a tuple's shape onto (``m._NixlEPBufferState.__iter__ = ...``, ``setattr(C, "__len__", ...)``, in any fork
file: a shim of its own); a use under a version test warns.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.fallbacks import isinstance_refuted, version_gated
from aeon_release.domain.audits.drift.own_fields import ForkTypes, base_names, enclosing
from aeon_release.domain.audits.drift.pyindex import file_imports
from aeon_release.domain.audits.drift.returned_members import fork_patched
from aeon_release.domain.audits.drift.returns import attribute_readers, attributes_read
from aeon_release.domain.audits.drift.retyped import (
    _CONTAINER_LINE,
    _CONTAINERS,
    Recontained,
    _class_called,
    _held_kind,
    _kind_tested,
    _line_kinds,
    _subjects,
    _unwrapped,
    names_bound_once,
    or_empty,
    reannotated,
    recontained_held,
)
from aeon_release.domain.audits.drift.sides import ThreeTrees, fork_added, parsed_versions
from aeon_release.domain.audits.merge_rules import TYPE_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, parent_map, parse_python, walk_spanning

# the dunders that would give a class a tuple's shape (unpacking and ``for`` need ``__iter__`` or
# ``__getitem__``, ``len()`` needs ``__len__``)
_SHAPED = frozenset({"__iter__", "__getitem__", "__len__"})
_TUPLES = frozenset({"tuple", "Tuple"})
# the builtin container kinds (``_held_kind``) a field made a class's instance no longer serves
_BUILTIN_KINDS = frozenset({"list", "tuple", "dict", "set", "frozenset", "deque"})


@dataclass(frozen=True)
class _Use:
    line: int
    hit: Recontained
    how: str  # what the line does
    sure: bool  # False under a version test: an older release's path, which may no longer run


def tuple_object_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    wanted = attributes_read(trees)
    diffs = {p: trees.upstream.raw(p) for p in trees.upstream.matching(_CONTAINER_LINE, ".py")}
    paths = [p for p, diff in diffs.items() if _untupled(diff) & wanted]
    found = _objectified(trees, paths, wanted) if paths else {}
    rebuilt = [p for p, diff in diffs.items() if _uncontained(diff) & wanted]
    for name, hits in (_rebuilt(trees, rebuilt, wanted) if rebuilt else {}).items():
        found.setdefault(name, []).extend(hits)
    found = _unshimmed(trees, found) if found else {}
    if not found:
        return []
    return [
        _finding(trees, path, use, pr_pattern)
        for path, module, owned in attribute_readers(trees, found)
        for use in _uses(trees, path, module, owned, found)
    ]


def _untupled(diff: str) -> set[str]:
    """The names a removed line annotates as a tuple and no added line annotates as another builtin kind
    (only those files are parsed; most tuple annotations that change stay tuples)."""
    was: set[str] = set()
    kept: set[str] = set()
    for sign, name, kind in _line_kinds(diff):
        if sign == "-" and kind in _TUPLES:
            was.add(name)
        elif sign == "+":
            kept.add(name)
    return was - kept - {")"}


def _uncontained(diff: str) -> set[str]:
    """The fields a removed line annotates as a builtin container and no added line annotates at all (#13973:
    ``self.block_pool: List[KVCacheBlock] = [...]`` became ``self.block_pool = BlockPool(...)``)."""
    was: set[str] = set()
    kept: set[str] = set()
    for sign, name, kind in _line_kinds(diff):
        if sign == "-" and _CONTAINERS.get(kind) in _BUILTIN_KINDS:
            was.add(name)
        elif sign == "+":
            kept.add(name)
    return was - kept - {")"}


def _rebuilt(trees: ThreeTrees, paths: list[str], wanted: set[str]) -> dict[str, list[Recontained]]:
    """The fields of ``paths`` a class annotated as a builtin container at the base and binds, unannotated, only
    to a build of one shapeless class at upstream (of the file, or of the tree's module it imports it from)."""
    found: dict[str, list[Recontained]] = {}
    for path, old, new in parsed_versions(trees, paths):
        before = {c.name: c for c in old.body if isinstance(c, ast.ClassDef)}
        for cls in (c for c in new.body if isinstance(c, ast.ClassDef) and c.name in before):
            was = _field_annotations(before[cls.name])
            for name in sorted(wanted.intersection(was)):
                built = _built_class(cls, name)
                kind = _held_kind(was[name])
                if built is None or kind not in _BUILTIN_KINDS or not _shapeless_anywhere(trees, path, new, built):
                    continue
                hit = Recontained(name, cls.name, path, ast.unparse(was[name]), built, kind, built, False)
                found.setdefault(name, []).append(hit)
    return found


def _field_annotations(cls: ast.ClassDef) -> dict[str, ast.expr]:
    """``self.name: T = ...`` in the class's methods: name -> T."""
    return {
        node.target.attr: node.annotation
        for node in ast.walk(cls)
        if isinstance(node, ast.AnnAssign)
        and isinstance(node.target, ast.Attribute)
        and isinstance(node.target.value, ast.Name)
        and node.target.value.id == "self"
    }


def _built_class(cls: ast.ClassDef, name: str) -> str | None:
    """The one class every binding of ``self.name`` in the class builds (``self.name = Cls(...)``), none
    annotated."""
    values: list[ast.expr] = []
    for node in ast.walk(cls):
        if isinstance(node, ast.AnnAssign) and _is_self_field(node.target, name):
            return None
        if isinstance(node, ast.Assign) and any(_is_self_field(t, name) for t in node.targets):
            values.append(node.value)
    called = {last_name(v.func) if isinstance(v, ast.Call) else "" for v in values}
    built = called.pop() if len(called) == 1 else ""
    return built if built[:1].isupper() and built.isidentifier() else None


def _is_self_field(target: ast.expr, name: str) -> bool:
    return (
        isinstance(target, ast.Attribute)
        and target.attr == name
        and isinstance(target.value, ast.Name)
        and target.value.id == "self"
    )


def _shapeless_anywhere(trees: ThreeTrees, path: str, module: ast.Module, name: str) -> bool:
    """``name`` is a shapeless class of ``module`` (``_shapeless``), or of the tree's module ``module`` imports it
    from (read at upstream)."""
    if any(isinstance(s, ast.ClassDef) and s.name == name for s in module.body):
        return _shapeless(module, name)
    origin = file_imports(module, path).get(name)
    if origin is None:
        return False
    home = origin[0].replace(".", "/") + ".py"
    there = parse_python(trees.blobs(trees.theirs, [home]).get(home) or "")
    return there is not None and _shapeless(there, origin[1])


def _objectified(trees: ThreeTrees, paths: list[str], wanted: set[str]) -> dict[str, list[Recontained]]:
    """The fields and returns of ``paths`` upstream annotated as a shapeless class of the file, once a tuple."""
    found: dict[str, list[Recontained]] = {}
    for pair in reannotated(trees, paths, wanted):
        if pair.name not in wanted or _held_kind(pair.was) != "tuple":
            continue
        now = _unwrapped(pair.now)
        cls = last_name(now) if isinstance(now, ast.Name) else None
        if cls is None or not _shapeless(pair.module, cls):
            continue
        shown = ast.unparse(pair.was), ast.unparse(pair.now)
        hit = Recontained(pair.name, pair.owner, pair.path, *shown, "tuple", cls, pair.is_return)
        found.setdefault(hit.name, []).append(hit)
    return found


def _unshimmed(trees: ThreeTrees, found: dict[str, list[Recontained]]) -> dict[str, list[Recontained]]:
    """``found`` less the classes a line the fork added patches a tuple's shape onto (``all2all.
    _NixlEPBufferState.__iter__ = lambda self: ...``): the fork's shim keeps its unpacks working."""
    lines = fork_added(trees)
    shimmed = set().union(*(fork_patched(lines, dunder) for dunder in _SHAPED))
    return {name: kept for name, hits in found.items() if (kept := [h for h in hits if h.new not in shimmed])}


def _shapeless(module: ast.Module, name: str, depth: int = 0) -> bool:
    """``name`` is a class of the module with none of a tuple's shape: no ``__iter__``/``__getitem__``/
    ``__len__``, no metaclass, no decorator but ``dataclass`` (another may add them), and bases only of the
    module's own such classes (``object`` aside)."""
    cls = next((s for s in module.body if isinstance(s, ast.ClassDef) and s.name == name), None)
    if (
        cls is None
        or depth > 8
        or cls.keywords
        or any(last_name(_called(d)) != "dataclass" for d in cls.decorator_list)
    ):
        return False
    if any(isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef) and s.name in _SHAPED for s in cls.body):
        return False
    if any(isinstance(s, ast.Assign | ast.AnnAssign) and _SHAPED & _stored_names(s) for s in cls.body):
        return False
    return all(_shapeless(module, base, depth + 1) for base in base_names(cls) - {"object"})


def _called(decorator: ast.expr) -> ast.expr:
    return decorator.func if isinstance(decorator, ast.Call) else decorator


def _stored_names(stmt: ast.Assign | ast.AnnAssign) -> set[str]:
    targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
    return {t.id for t in targets if isinstance(t, ast.Name)}


def _uses(
    trees: ThreeTrees, path: str, module: ast.Module, owned: set[int], found: dict[str, list[Recontained]]
) -> Iterator[_Use]:
    parents = parent_map(module)
    reader = _Reader(parents, ForkTypes.of(trees, path, module), found, {})
    for node in walk_spanning(module, owned):
        if getattr(node, "lineno", 0) not in owned:
            continue
        shaped = _shaped(node)
        hit = reader.hit(shaped[0], node) if shaped is not None else None
        if shaped is not None and hit is not None and not reader.tested(node, shaped[0], hit):
            yield _Use(getattr(node, "lineno", 0), hit, shaped[1], not version_gated(node, parents))


def _shaped(node: ast.AST) -> tuple[ast.expr, str] | None:
    """(the value, what the line does with it) where the line needs the value to be a tuple; through an empty
    default (``for a in x._buffer or ():``, ``len(x or [])``), which stands in only for a falsy value: an
    object of the new class is truthy and met as it is."""
    shaped = _shaped_as_is(node)
    return (or_empty(shaped[0]), shaped[1]) if shaped is not None else None


def _shaped_as_is(node: ast.AST) -> tuple[ast.expr, str] | None:
    if isinstance(node, ast.Assign) and any(isinstance(t, ast.Tuple | ast.List) for t in node.targets):
        return node.value, "unpacks"
    if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load):
        return node.value, "subscripts"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "len" and node.args:
        return node.args[0], "takes len() of"
    if isinstance(node, ast.For | ast.AsyncFor):
        return node.iter, "iterates over"
    if isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp):
        return node.generators[0].iter, "iterates over"
    if isinstance(node, ast.Starred) and isinstance(node.ctx, ast.Load):
        return node.value, "unpacks"
    return None


@dataclass
class _Reader:
    parents: dict[int, ast.AST]
    fork: ForkTypes
    found: dict[str, list[Recontained]]
    bound: dict[int, dict[str, ast.expr]]

    def hit(self, expr: ast.expr, node: ast.AST) -> Recontained | None:
        """The objectified field or return ``expr`` holds: as container drift reads it (a typed receiver, a
        local bound once), or a class attribute read off the class's own name (``Owner.name``)."""
        func = enclosing(node, self.parents)
        hit = recontained_held(expr, func, self.parents, self.fork, self.found, self.bound)
        if hit is not None or func is None:
            return hit
        if isinstance(expr, ast.Name):
            if id(func) not in self.bound:
                self.bound[id(func)] = names_bound_once(func)
            expr = self.bound[id(func)].get(expr.id, expr)
        if not isinstance(expr, ast.Attribute) or expr.attr not in self.found:
            return None
        hits = [h for h in self.found[expr.attr] if not h.returned]
        packages = {h.path.split("/", 1)[0] for h in hits}
        typed = _class_called(expr.value, func, self.parents, self.fork.classes, packages) if hits else set()
        return next((h for h in hits if h.owner in typed and not self.fork.holds(h.owner, h.name, typed, h.path)), None)

    def tested(self, node: ast.AST, receiver: ast.expr, hit: Recontained) -> bool:
        """Written for both kinds: container drift's tests of the old kind, or ``isinstance`` of the new class."""
        if _kind_tested(node, receiver, hit, self.parents, self.bound):
            return True
        return any(
            isinstance_refuted(node, subject, lambda name: name == hit.new, self.parents)
            for subject in _subjects(node, receiver, self.parents, self.bound)
        )


def _finding(trees: ThreeTrees, path: str, use: _Use, pr_pattern: str) -> Finding:
    hit = use.hit
    commit = trees.upstream_commit(hit.path, rf"\b{re.escape(hit.name)}\b.*\b{re.escape(hit.new)}\b", pr_pattern)
    what = f"{hit.owner}.{hit.name}{'()' if hit.returned else ''}"
    message = (
        f"fork-owned line {use.how} {what}, but upstream made it a {hit.now} (was {hit.was}) ({hit.path}{commit}): "
        f"a {hit.new} is a class with no __iter__, __getitem__ or __len__, so the line raises "
        "TypeError on first use; read its fields by name"
    )
    if not use.sure:
        return Finding(RULE, "merge", Severity.WARNING, path, use.line, f"{message} (unless the version test keeps it)")
    return Finding(RULE, "merge", Severity.ERROR, path, use.line, message)
