"""Read-only drift: upstream made an attribute a read-only property, the fork still assigns it.

#26737 made ``Request.use_structured_output`` (a flag ``__init__`` set) a ``@property`` answering whether
the request has a structured-output request; #34435 made ``Request.eos_token_id`` (a constructor
parameter stored on the request) a deprecated ``@property`` reading the sampling params.  Reads keep
working, so a fork line ``request.use_structured_output = True`` or ``request.eos_token_id = eos`` merges
cleanly -- and raises ``AttributeError: property ... has no setter`` the first time it runs, in the
scheduler, for the whole engine.

Upstream's side: the Python files whose diff adds a ``@property`` line; parsed at the base and at upstream,
a class whose upstream body defines ``name`` as a ``property`` with no setter (no ``@name.setter``, no
``__setattr__`` of its own) where the base's class of that name set it as a plain attribute (``self.name
= ...`` in a method, or a field of its body), or as a property with a setter upstream dropped.  The fork's side, on lines it wrote: an
assignment to ``x.name`` (``=``, ``+=``, annotated, ``setattr(x, "name", ...)``) with ``x`` typed as that
class (a parameter's annotation, a call it was bound to) -- not where the class of that name is the
fork's own, nor where a fork subclass on the way declares the name itself (``ForkTypes``).
A deletion is read as the store is (mend70): ``del x.name`` or ``delattr(x, "name")`` raises AttributeError on a
property without a ``@name.deleter`` (the usual way a fork dropped a ``cached_property``'s value, or reset a
plain attribute) and FrozenInstanceError on a frozen dataclass's field.

A ``cached_property`` upstream made a plain ``property`` closes its name too (#40701 made
``ModelConfig.is_mm_prefix_lm`` a property reading the architecture config): the cached value lived in the
instance's ``__dict__``, so ``config.is_mm_prefix_lm = True`` overrode it, and now raises.  The fork's other
spellings of that override go silent instead: a property is a data descriptor, so a value seeded into the
instance's dict (``config.__dict__["is_mm_prefix_lm"] = True``, ``vars(config)[...] = ...``) is never read
back (an error), and dropping the cached value (``config.__dict__.pop("is_mm_prefix_lm", None)``, ``del
vars(config)[...]``) to have it computed afresh from what the fork patched drops nothing: the property computes
on every read, but from what it reads now, which the fork did not patch there (a warning: it may still read it).
A write kept for the old tree stays quiet: under a test finding the descriptor still a ``cached_property``, or
gated on the absence of what upstream's getter now reads (``hasattr(config.model_arch_config, "is_mm_prefix_lm")``;
revDF, benchmarks/review98_twins.py).

A dataclass upstream made frozen closes every field the same way (#21791 made the KV-cache specs
``@dataclass(frozen=True)`` so they hash: a fork's ``spec.sliding_window = window`` on a ``FullAttentionSpec``
now raises ``FrozenInstanceError``).  Upstream's side: the Python files whose diff adds a ``frozen=True``
line, parsed only when a field the fork assigns is annotated in the upstream text; a class frozen there (its
own ``@dataclass(frozen=True)`` or a frozen ancestor of its file) that was not at the base, with no
``__setattr__`` of its own or its ancestors', closes the fields (its own and its file's ancestors') it had
at the base too.  ``object.__setattr__(x, ...)``, the frozen class's own escape hatch, is no store here; a
write under a ``try`` catching what it raises now (``AttributeError``, ``FrozenInstanceError``) is a fork's
attempt with a fallback, and a fork class of its own ``__setattr__`` on the receiver's way routes it.  A
fork-owned ``@dataclass`` left unfrozen over such a class (its base imported from upstream's module) fails
sooner: ``dataclass`` refuses a non-frozen subclass of a frozen one when the fork's module is imported.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.callees import Callee, Scope, reaches, scope_of
from aeon_release.domain.audits.drift.frozen_receivers import Lookup, chain_typed, loop_typed, with_bases
from aeon_release.domain.audits.drift.own_fields import ForkTypes, defines, enclosing, file_classes
from aeon_release.domain.audits.drift.presence import presence_refuting
from aeon_release.domain.audits.drift.returns import name_users
from aeon_release.domain.audits.drift.retyped import typed_as
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, parent_map, parsed_expression, walk_spanning

_PROPERTY_LINE = lazy_pattern(r"\n\+[ \t]+@(?:builtins\.)?property\b")
_SETTER_GONE = lazy_pattern(r"\n-[ \t]+@(\w+)\.setter\b")
_PROPERTY_DEF = lazy_pattern(
    r"\n\+[ \t]+@(?:builtins\.)?property\b[^\n]*(?:\n\+(?![ \t]*(?:async[ \t]+)?def\b)[^\n]*){0,12}"
    r"\n\+[ \t]+(?:async[ \t]+)?def[ \t]+(\w+)"
)
# a ``@cached_property`` line replaced by ``@property`` (#40701): the ``-U0`` hunk holds no def, so no name
_CACHED_SWAP = lazy_pattern(r"\n-[ \t]+@(?:functools\.)?cached_property\b[^\n]*\n\+[ \t]+@(?:builtins\.)?property\b")
# a fork line assigning an attribute (``x.name = v``, ``x.name += v``, ``x.name: T = v``) or ``setattr``
_STORE = lazy_pattern(r"\.(\w+)[ \t]*(?::[^=\n]*)?(?:[-+*/%&|^@]|//|\*\*|<<|>>)?=(?!=)")
# what a write to a closed attribute raises, caught by these (``FrozenInstanceError`` subclasses the first)
_WRITE_ERRORS = frozenset({"AttributeError", "Exception", "BaseException"})
_SETATTR = lazy_pattern(r"\bsetattr\([^,\n]+,[ \t]*[\"'](\w+)[\"']")
# a fork line deleting an attribute (mend70): ``del x.name`` (its targets' dotted names), ``delattr(x, "name")``
_DELETE = lazy_pattern(r"\bdel[ \t]+([^\n#]+)")
_DELATTR = lazy_pattern(r"\bdelattr\([^,\n]+,[ \t]*[\"'](\w+)[\"']")
_DOTTED = lazy_pattern(r"\.(\w+)")
# a fork line seeding or dropping an instance-dict slot: ``x.__dict__["name"]``, ``vars(x)["name"]``, ``.pop("name"``
_DICT_SLOT = lazy_pattern(r"(?:\.__dict__|\bvars\([^()\n]*\))(?:\[[ \t]*|\.pop\([ \t]*)[\"'](\w+)[\"']")
# ``frozen=True`` (a dataclass decorator's, on its line or a continuation of it): an added line holding it is
# ``\n\+[^\n]*\bfrozen[ \t]*=[ \t]*True\b``, asked as ``_frozen_added`` does (the engine scans for a leading literal)
_FROZEN = lazy_pattern(r"frozen(?<!\wfrozen)[ \t]*=[ \t]*True\b")
# a fork line decorating a class ``@dataclass`` / ``@dataclass(...)`` without ``frozen=True`` on the line
_DATACLASS_LINE = lazy_pattern(r"^[ \t]*@(?:dataclasses\.)?dataclass\b(?![^\n]*\bfrozen[ \t]*=[ \t]*True)")


def _frozen_added(diff: str) -> bool:
    """Whether a line the diff adds (``+`` after a line break) holds ``frozen=True``: each ``frozen=True`` found
    (its ``\\b`` asked after the word) and then its line's first character read.  The one pattern of both, with
    ``[^\\n]*`` before the word, read every added line's characters twice: 50 ms of 2.8 MB of diffs at 500 commits."""
    for match in _FROZEN.finditer(diff):
        start = diff.rfind("\n", 0, match.start())
        if start >= 0 and diff.startswith("+", start + 1):
            return True
    return False


@dataclass(frozen=True)
class Closed:
    """An attribute of ``owner`` (upstream's ``path``) that upstream made a property without a setter."""

    name: str
    owner: str
    path: str
    frozen: bool = False  # the owner was made a frozen dataclass (else: the name a read-only property)
    cached: bool = False  # the name was a ``cached_property`` at the base (its value lived in the instance dict)


def read_only_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork lines that assign an attribute upstream made a read-only property, or a field of a dataclass
    upstream made frozen."""
    paths = sorted({*trees.upstream.matching(_PROPERTY_LINE, ".py"), *trees.upstream.matching(_SETTER_GONE, ".py")})
    frozen = [p for p in sorted(trees.upstream) if p.endswith(".py") and _frozen_added(trees.upstream.raw(p))]
    wanted = _assigned_names(trees) if paths or frozen else set()
    # only a file whose added property (or removed setter) is a name the fork assigns is parsed
    paths = [p for p in paths if _closes_wanted(trees.upstream.raw(p), wanted)]
    known: dict[str, ast.ClassDef] = {}  # upstream's classes of the files parsed: a chain's links are typed off them
    found = _closed(trees, paths, wanted, known=known) if paths else {}
    # a file made frozen elsewhere is parsed only when its upstream text annotates a name the fork assigns
    rest = [p for p in frozen if p not in paths] if wanted else []
    if rest:
        annotated = re.compile(r"\n[ \t]+(?:" + "|".join(sorted(map(re.escape, wanted))) + r")[ \t]*:")
        for name, hits in _closed(trees, rest, wanted, lambda _, new: annotated.search(new) is not None, known).items():
            found.setdefault(name, []).extend(hits)
    subclassing = _subclassing(trees, frozen, pr_pattern) if frozen else []
    if not found:
        return subclassing
    return subclassing + [
        _finding(trees, path, line, hit, shown, pr_pattern, kind)
        for path, module, owned in name_users(trees, found)
        for line, hit, shown, kind in _assignments(trees, path, module, owned, found, known)
    ]


def _subclassing(trees: ThreeTrees, frozen: list[str], pr_pattern: str) -> list[Finding]:
    """A fork-owned dataclass left unfrozen over a class upstream made frozen: ``dataclass`` refuses to build it
    (``TypeError: cannot inherit non-frozen dataclass from a frozen one``) when its module is imported."""
    forks = _unfrozen_forks(trees)
    bases = {last_name(b) for _, _, cls in forks for b in cls.bases} - {None}
    if not bases:
        return []
    named = re.compile(r"\bclass[ \t]+(?:" + "|".join(sorted(map(re.escape, bases))) + r")\b")
    made: dict[str, list[str]] = {}
    for path, before, after in parsed_versions(trees, frozen, lambda _, new: named.search(new) is not None):
        old = {c.name: c for c in file_classes(before.body)}
        new = {c.name: c for c in file_classes(after.body)}
        for name in bases & new.keys() & old.keys():
            if _frozen(new[name], new) and _was_writable(old[name], old):
                made.setdefault(name, []).append(path)
    return [
        _subclass_finding(trees, path, cls, base, home, pr_pattern)
        for path, scope, cls in forks
        for base in (last_name(b) for b in cls.bases)
        if base is not None
        for home in made.get(base, ())
        if _imported_from(trees, scope, base, home)
    ]


def _unfrozen_forks(trees: ThreeTrees) -> list[tuple[str, Scope, ast.ClassDef]]:
    """(path, its file's scope, class) of each fork-owned class under ``@dataclass`` without ``frozen=True``."""
    found = []
    for path in sorted(p for p in trees.mine if p.endswith(".py")):
        if not any(_DATACLASS_LINE.search(line) for line in trees.mine[path].added.values()):
            continue
        module, owned = trees.merged_module(path), trees.owned_lines(path)
        if module is None:
            continue
        scope = scope_of(module)
        for cls in file_classes(module.body):
            if cls.lineno in owned and cls.bases and _unfrozen_dataclass(cls):
                found.append((path, scope, cls))
    return found


def _unfrozen_dataclass(cls: ast.ClassDef) -> bool:
    """``@dataclass`` with no ``frozen`` keyword, or ``frozen=False``; a ``frozen`` computed (a version check
    matching the base) or keywords from a mapping (``**kw``) may freeze it: not judged."""
    for d in cls.decorator_list:
        if isinstance(d, ast.Call) and last_name(d.func) == "dataclass":
            if any(k.arg is None or (k.arg == "frozen" and not isinstance(k.value, ast.Constant)) for k in d.keywords):
                return False
            return not _frozen_keyword(d.keywords)
        if last_name(d) == "dataclass":
            return True
    return False


def _imported_from(trees: ThreeTrees, scope: Scope, name: str, home: str) -> bool:
    """The fork file binds ``name`` by an import that reaches upstream's module ``home`` (not its own class)."""
    source, original = scope.imported.get(name, ("", ""))
    return bool(source) and original == name and reaches(trees, Callee(name, source=source), home)


def _subclass_finding(
    trees: ThreeTrees, path: str, cls: ast.ClassDef, base: str, home: str, pr_pattern: str
) -> Finding:
    commit = trees.upstream_commit(home, r"frozen\s*=\s*True", pr_pattern)
    message = (
        f"fork-owned dataclass {cls.name} subclasses {base}, which upstream made a frozen dataclass ({home}{commit}): "
        "dataclass refuses a non-frozen subclass of a frozen one (TypeError when the module is imported); "
        "declare it @dataclass(frozen=True)"
    )
    return Finding(RULE, "merge", Severity.ERROR, path, cls.lineno, message)


def _closes_wanted(diff: str, wanted: set[str]) -> bool:
    """The diff adds a property of (or drops the setter of) a name the fork assigns, or swaps a
    ``cached_property`` for a ``property`` (its name is read off the parsed class)."""
    return bool(wanted) and (bool(wanted.intersection(_closing_names(diff))) or _CACHED_SWAP.search(diff) is not None)


def _closing_names(diff: str) -> set[str]:
    """The names a diff adds a property of, or removes the setter of."""
    return {*_PROPERTY_DEF.findall(diff), *_SETTER_GONE.findall(diff)}


def _assigned_names(trees: ThreeTrees) -> set[str]:
    """The attribute names the fork's added lines assign."""
    return {
        name
        for p in trees.mine
        if p.endswith(".py")
        for line in trees.mine[p].added.values()
        for name in (*_STORE.findall(line), *_SETATTR.findall(line), *_DICT_SLOT.findall(line), *_deleted_names(line))
    }


def _deleted_names(line: str) -> list[str]:
    """The attribute names a fork line deletes: each dotted name of a ``del``'s targets, ``delattr``'s literal."""
    return [*(n for m in _DELETE.findall(line) for n in _DOTTED.findall(m)), *_DELATTR.findall(line)]


def _closed(
    trees: ThreeTrees,
    paths: list[str],
    wanted: set[str],
    keep: Callable[[str, str], bool] | None = None,
    known: dict[str, ast.ClassDef] | None = None,
) -> dict[str, list[Closed]]:
    found: dict[str, list[Closed]] = {}
    for path, before, after in parsed_versions(trees, paths, keep):
        old = {cls.name: cls for cls in file_classes(before.body)}
        new = {cls.name: cls for cls in file_classes(after.body)}
        if known is not None:
            known.update(new)
        for cls in new.values():
            was = old.get(cls.name)
            if was is None:
                continue
            for name in _read_only(cls) & wanted:
                if _settable(was, name):
                    found.setdefault(name, []).append(Closed(name, cls.name, path, cached=name in _cached(was)))
            if _frozen(cls, new) and _was_writable(was, old) and not _routes(cls, new):
                for name in _fields(cls, new) & _fields(was, old) & wanted:
                    found.setdefault(name, []).append(Closed(name, cls.name, path, frozen=True))
    return found


def _lineage(cls: ast.ClassDef, classes: dict[str, ast.ClassDef]) -> list[ast.ClassDef]:
    """The class and its ancestors defined in the same file (by a base's last name), nearest first."""
    line: list[ast.ClassDef] = []
    todo = [cls]
    while todo:
        node = todo.pop(0)
        if any(node is seen for seen in line):
            continue
        line.append(node)
        todo.extend(classes[n] for b in node.bases if (n := last_name(b)) in classes)
    return line


def _frozen(cls: ast.ClassDef, classes: dict[str, ast.ClassDef]) -> bool:
    """``@dataclass(frozen=True)`` (any module's ``dataclass``), or a ``frozen=True`` class keyword (a msgspec
    ``Struct``), on the class or an ancestor of its file: a frozen ancestor refuses a subclass's fields too."""
    return any(
        _frozen_keyword(d.keywords) if isinstance(d, ast.Call) and last_name(d.func) == "dataclass" else False
        for node in _lineage(cls, classes)
        for d in node.decorator_list
    ) or any(_frozen_keyword(node.keywords) for node in _lineage(cls, classes))


def _frozen_keyword(keywords: list[ast.keyword]) -> bool:
    return any(k.arg == "frozen" and isinstance(k.value, ast.Constant) and k.value.value is True for k in keywords)


def _was_writable(cls: ast.ClassDef, classes: dict[str, ast.ClassDef]) -> bool:
    """The base's class let a caller write its fields: not frozen, no ``__setattr__`` on the way, not a
    ``NamedTuple`` (its fields never took a write)."""
    return (
        not _frozen(cls, classes)
        and not _routes(cls, classes)
        and not any(last_name(b) == "NamedTuple" for node in _lineage(cls, classes) for b in node.bases)
    )


def _routes(cls: ast.ClassDef, classes: dict[str, ast.ClassDef]) -> bool:
    """The class or an ancestor of its file defines ``__setattr__`` (it may let a write through)."""
    return any(
        isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) and s.name == "__setattr__"
        for node in _lineage(cls, classes)
        for s in node.body
    )


def _fields(cls: ast.ClassDef, classes: dict[str, ast.ClassDef]) -> set[str]:
    """The names the class and its file's ancestors annotate in their bodies, ``ClassVar``s aside."""
    return {
        s.target.id
        for node in _lineage(cls, classes)
        for s in node.body
        if isinstance(s, ast.AnnAssign)
        and isinstance(s.target, ast.Name)
        and "ClassVar" not in ast.unparse(s.annotation)
    }


def _settable(cls: ast.ClassDef, name: str) -> bool:
    """The base's class let a caller assign ``name``: a property with a setter, a plain attribute, or a name
    its body never spelt (#50297 added ``KVConnectorBase_V1.requires_kv_delivery``: a fork subclass's own
    ``self.requires_kv_delivery = False`` was an instance attribute, and now hits the property)."""
    if name in _properties(cls):
        return name not in _read_only(cls)
    # a ``cached_property`` keeps its value in the instance dict: a store there overrode it (#40701)
    return name in _cached(cls) or _plain_attribute(cls, name) or not _spelt(cls, name)


def _spelt(cls: ast.ClassDef, name: str) -> bool:
    """The class body names ``name`` anywhere (a method, a field, an attribute read or set): a name it only
    reads may come from a base of its own (a read-only one there refused the fork's write before too)."""
    return any(
        (isinstance(node, ast.Attribute) and node.attr == name)
        or (isinstance(node, ast.Name) and node.id == name)
        or (isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name)
        for node in ast.walk(cls)
    )


def _properties(cls: ast.ClassDef) -> set[str]:
    """The names the class body defines as a ``property`` (a getter; a setter's name alike)."""
    return {
        stmt.name
        for stmt in cls.body
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef))
        and any(last_name(d) == "property" or _accessor(d) is not None for d in stmt.decorator_list)
    }


def _cached(cls: ast.ClassDef) -> set[str]:
    """The names the class body defines as a ``cached_property`` (``functools.cached_property`` alike)."""
    return {
        stmt.name
        for stmt in cls.body
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef))
        and any(last_name(d) == "cached_property" for d in stmt.decorator_list)
    }


def _accessor(decorator: ast.expr) -> str | None:
    """``name`` of ``@name.setter`` / ``@name.deleter``."""
    if isinstance(decorator, ast.Attribute) and decorator.attr in ("setter", "deleter"):
        return decorator.value.id if isinstance(decorator.value, ast.Name) else None
    return None


def self_stores(func: ast.FunctionDef | ast.AsyncFunctionDef, owned: set[int]) -> Iterator[tuple[int, str]]:
    """(line, name) of each ``self.name = ...`` (``+=``, annotated) a method writes on one of ``owned``: not in
    a nested def or lambda whose own ``self`` is another object (``class _Opts: def __init__(self): self.x = ...``
    inside a fork method sets an option object's attribute); a closure's ``self`` is the method's."""
    for node in _own_scope(func):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.ctx, ast.Store)
            and isinstance(node.value, ast.Name)
            and node.value.id == "self"
            and node.lineno in owned
        ):
            yield node.lineno, node.attr


def _own_scope(func: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[ast.AST]:
    """The nodes of ``func`` where ``self`` is still its ``self``: a nested def or lambda taking a parameter
    of that name (a nested class's method) is left out; a closure, or a class body, sees the method's."""
    stack: list[ast.AST] = list(ast.iter_child_nodes(func))
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) and _binds_self(node.args):
            continue
        yield node
        stack.extend(ast.iter_child_nodes(node))


def _binds_self(args: ast.arguments) -> bool:
    every = [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]
    return any(a is not None and a.arg == "self" for a in every)


def slot_names(stmt: ast.stmt) -> list[str]:
    """The names a class body's ``__slots__ = ("a", "b")`` (a tuple, list, set or one string) declares."""
    targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target] if isinstance(stmt, ast.AnnAssign) else []
    value = getattr(stmt, "value", None)
    if not any(isinstance(t, ast.Name) and t.id == "__slots__" for t in targets) or value is None:
        return []
    items = value.elts if isinstance(value, (ast.Tuple, ast.List, ast.Set)) else [value]
    return [i.value for i in items if isinstance(i, ast.Constant) and isinstance(i.value, str)]


def read_only_names(cls: ast.ClassDef) -> set[str]:
    """The class's properties with no setter (public spelling of ``_read_only``, for symbol drift)."""
    return _read_only(cls)


def _read_only(cls: ast.ClassDef) -> set[str]:
    """The class's properties with no setter; none when the class defines ``__setattr__`` (it may route)."""
    methods = [s for s in cls.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))]
    if any(m.name == "__setattr__" for m in methods):
        return set()
    getters = {m.name for m in methods if any(last_name(d) == "property" for d in m.decorator_list)}
    setters = {
        name
        for m in methods
        for d in m.decorator_list
        if isinstance(d, ast.Attribute) and d.attr == "setter" and (name := _accessor(d)) is not None
    }
    return getters - setters


def _plain_attribute(cls: ast.ClassDef, name: str) -> bool:
    """The class sets ``name`` as a plain attribute: a field of its body, or ``self.name = ...``."""
    for stmt in cls.body:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.target.id == name:
            return True
        if isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in stmt.targets):
            return True
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for node in ast.walk(stmt):
                if (
                    isinstance(node, ast.Attribute)
                    and isinstance(node.ctx, ast.Store)
                    and node.attr == name
                    and isinstance(node.value, ast.Name)
                    and node.value.id == "self"
                ):
                    return True
    return False


def _assignments(
    trees: ThreeTrees,
    path: str,
    module: ast.Module,
    owned: set[int],
    found: dict[str, list[Closed]],
    known: dict[str, ast.ClassDef],
) -> Iterator[tuple[int, Closed, str, str]]:
    parents = parent_map(module)
    fork = ForkTypes.of(trees, path, module)
    classes = {**known, **fork.classes}
    lookup = _imported_classes(trees, module)
    returned = _returned_classes(trees, module)
    for node in walk_spanning(module, owned):
        line: int = getattr(node, "lineno", 0)
        if line not in owned:
            continue
        target, deleting = stored(node), False
        if target is None:
            target = deleted(node)
            deleting = target is not None
        slot = dict_slot(node) if target is None else None
        if slot is not None:
            target = slot[0], slot[1]
        if target is None:
            continue
        receiver, name = target
        func = enclosing(node, parents)
        typed = _typed(receiver, func, parents, fork.classes, classes, lookup, returned)
        hit = next((h for h in found.get(name, ()) if h.owner in typed and not _shadowed(fork, h, typed)), None)
        if hit is None or (slot is not None and (hit.frozen or (slot[2] == "drop" and not hit.cached))):
            continue  # the dict write bypasses a freeze; a dropped slot of a name never cached was never a cache
        if deleting and not hit.frozen and _has_deleter(known.get(hit.owner), name):
            continue  # upstream's property lets ``del`` through
        if (slot is None and _tolerated(node, hit, parents)) or (hit.cached and _asks_cache(node, parents, hit.name)):
            continue
        if not _gated(node, receiver, hit, parents, known.get(hit.owner)):
            kind = "delete" if deleting else ""
            if slot is not None:
                kind = _slot_kind(slot[2], node, func, receiver, known.get(hit.owner), name)
            yield line, hit, f"{ast.unparse(receiver)}.{name}", kind


def _slot_kind(
    kind: str,
    node: ast.AST,
    func: ast.FunctionDef | ast.AsyncFunctionDef | None,
    receiver: ast.expr,
    owner: ast.ClassDef | None,
    name: str,
) -> str:
    """``kind``, or "stale" for a drop after the fork patched a member of the receiver (``config.hf_config.x =
    ...``) that upstream's property no longer reads (#40701's reads the architecture config built at init): the
    fork's patch never reaches the value."""
    if kind != "drop" or func is None or owner is None:
        return kind
    spelt, line = ast.unparse(receiver), getattr(node, "lineno", 0)
    patched = {
        chain.attr
        for sub in ast.walk(func)
        if isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Store) and sub.lineno < line
        for chain in _chain(sub.value)
        if ast.unparse(chain.value) == spelt
    }
    getter = _getter(owner, name)
    if not patched or getter is None:
        return kind
    reads = {a.attr for a in ast.walk(getter) if isinstance(a, ast.Attribute) and ast.unparse(a.value) == "self"}
    return "stale" if not patched & reads else kind


def _getter(owner: ast.ClassDef, name: str) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The class body's def of ``name`` (a property's getter), if any."""
    return next(
        (s for s in owner.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) and s.name == name), None
    )


def _chain(expr: ast.expr) -> Iterator[ast.Attribute]:
    """The attribute links of ``a.b.c`` outermost first (``a.b.c``, then ``a.b``)."""
    while isinstance(expr, ast.Attribute):
        yield expr
        expr = expr.value


def _typed(
    receiver: ast.expr,
    func: ast.FunctionDef | ast.AsyncFunctionDef | None,
    parents: dict[int, ast.AST],
    mine: dict[str, ast.ClassDef],
    classes: dict[str, ast.ClassDef],
    lookup: Lookup | None = None,
    returned: Callable[[str], set[str]] | None = None,
) -> set[str]:
    """The classes a written receiver holds: a typed name (``typed_as``; a name bound to a call of a function
    is typed by the function's return annotation too, ``returned``), a loop variable over a typed container
    (a parameter, or a field of a typed holder: ``for blk in pool.blocks``), or a chain of annotated fields off
    either (drift/frozen_receivers.py)."""

    def named(name: ast.expr) -> set[str]:
        found = typed_as(name, func, parents, mine)
        callee = _builder(name, func) if returned is not None else None
        built = returned(callee) if returned is not None and callee is not None else set()
        return found | with_bases(built, classes) if built else found

    def root(name: ast.expr) -> set[str]:
        return named(name) or loop_typed(name, func, classes, named, lookup)

    return root(receiver) if isinstance(receiver, ast.Name) else chain_typed(receiver, root, classes)


def _builder(name: ast.expr, func: ast.FunctionDef | ast.AsyncFunctionDef | None) -> str | None:
    """The function ``name`` holds what a call of returned: its one binding in ``func`` is ``name = f(...)``,
    ``f`` a bare name ``func`` does not bind itself (review132: a parameter or a local of the builder's name is
    another callable; a name bound again, even to another call, may hold that one at the store)."""
    if not isinstance(name, ast.Name) or func is None:
        return None
    args = func.args
    params = {a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg] if a}
    stores = [n for n in ast.walk(func) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store) and n.id == name.id]
    if name.id in params or len(stores) != 1:
        return None
    bound = next(
        (
            n.value
            for n in ast.walk(func)
            if isinstance(n, ast.Assign | ast.AnnAssign)
            and any(t is stores[0] for t in (n.targets if isinstance(n, ast.Assign) else [n.target]))
        ),
        None,
    )
    if isinstance(bound, ast.Call) and isinstance(bound.func, ast.Name) and bound.func.id not in params | _locals(func):
        return bound.func.id
    return None


def _locals(func: ast.AST) -> set[str]:
    """The names a function binds in its body: stores, imports, nested defs and classes."""
    found: set[str] = set()
    for node in ast.walk(func):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            found.add(node.id)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            found |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and node is not func:
            found.add(node.name)
    return found


def _value_classes(annotation: ast.expr) -> list[ast.expr]:
    """The classes a value annotated so is an instance of: ``X``, ``"X"``, ``X | None``, ``Optional[X]``,
    ``Union[X, Y]``; a generic's parameters are not (review132: ``-> type[X]`` returns a class, a store on it
    replaces the property; ``-> Callable[..., X]`` a function, whose attributes are free)."""
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        parsed = parsed_expression(annotation.value)
        return _value_classes(parsed) if parsed is not None else []
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        return _value_classes(annotation.left) + _value_classes(annotation.right)
    if isinstance(annotation, ast.Subscript) and last_name(annotation.value) in ("Optional", "Union"):
        inner = annotation.slice
        return [c for e in (inner.elts if isinstance(inner, ast.Tuple) else [inner]) for c in _value_classes(e)]
    return [annotation] if isinstance(annotation, ast.Name | ast.Attribute) else []


def _imported_classes(trees: ThreeTrees, module: ast.Module) -> Lookup:
    """A class the fork file imports by name (``from pkg.pool import BlockPool``), read off the merged tree's
    module when first asked (a loop over ``pool.blocks`` wants what ``BlockPool`` annotates ``blocks`` as)."""
    imported = {
        alias.asname or alias.name: (stmt.module, alias.name)
        for stmt in module.body
        if isinstance(stmt, ast.ImportFrom) and stmt.module and not stmt.level
        for alias in stmt.names
    }

    def lookup(name: str) -> ast.ClassDef | None:
        where = imported.get(name)
        if where is None:
            return None
        stem = where[0].replace(".", "/")
        for path in (f"{stem}.py", f"{stem}/__init__.py"):
            tree = trees.merged_module(path)
            if tree is not None:
                return next((c for c in file_classes(tree.body) if c.name == where[1]), None)
        return None

    return lookup


def _returned_classes(trees: ThreeTrees, module: ast.Module) -> Callable[[str], set[str]]:
    """The classes a function's return annotation names (``-> FusedMoEQuantConfig``, ``-> "X | None"``), for a
    function the fork file defines at its top level or imports by name (``from pkg.config import
    nvfp4_moe_quant_config``), read off the merged tree's module when first asked: ``qc = builder(...)`` holds
    one (killers228: #34542 made ``FusedMoEQuantConfig.weight_quant_dtype`` a read-only property; a fork's
    ``qc.weight_quant_dtype = torch.uint8`` on what ``nvfp4_moe_quant_config`` returned now raises)."""
    own = {n.name: n for n in module.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    imported = {
        alias.asname or alias.name: (stmt.module, alias.name)
        for stmt in module.body
        if isinstance(stmt, ast.ImportFrom) and stmt.module and not stmt.level
        for alias in stmt.names
    }
    cache: dict[str, set[str]] = {}

    def defined(name: str) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
        if name in own:
            return own[name]
        where = imported.get(name)
        stem = where[0].replace(".", "/") if where is not None else None
        for path in (f"{stem}.py", f"{stem}/__init__.py") if where is not None else ():
            tree = trees.merged_module(path)
            if tree is not None:
                assert where is not None
                return next(
                    (
                        n
                        for n in tree.body
                        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == where[1]
                    ),
                    None,
                )
        return None

    def returned(name: str) -> set[str]:
        if name not in cache:
            func = defined(name)
            annotation = func.returns if func is not None else None
            cache[name] = {last_name(e) or "" for e in _value_classes(annotation)} - {""} if annotation else set()
        return cache[name]

    return returned


def _tolerated(node: ast.AST, hit: Closed, parents: dict[int, ast.AST]) -> bool:
    """A ``try`` of the write's function (or ``with suppress``) catches what the write raises now: an
    ``AttributeError`` (a property with no setter), or ``FrozenInstanceError`` too (a frozen dataclass); a
    bare ``except`` or ``Exception`` alike.  The fork tried the write and kept a fallback for a closed one."""
    kinds = _WRITE_ERRORS | ({"FrozenInstanceError"} if hit.frozen else set())
    child, parent = node, parents.get(id(node))
    while parent is not None and not isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        if hit.frozen and isinstance(parent, (ast.If, ast.IfExp)) and _reads_frozen(parent.test):
            return True  # ``if not type(spec).__dataclass_params__.frozen:``: the fork checks the freeze first
        if isinstance(parent, ast.Try) and any(child is s for s in parent.body):
            if any(h.type is None or _handler_names(h.type) & kinds for h in parent.handlers):
                return True
        if isinstance(parent, ast.With) and any(
            isinstance(i.context_expr, ast.Call)
            and last_name(i.context_expr.func) == "suppress"
            and any(_handler_names(a) & kinds for a in i.context_expr.args)
            for i in parent.items
        ):
            return True
        child, parent = parent, parents.get(id(parent))
    return False


def _gated(
    node: ast.AST, receiver: ast.expr, hit: Closed, parents: dict[int, ast.AST], owner: ast.ClassDef | None
) -> bool:
    """The write runs only where ``hasattr`` (on the receiver or on the class) of a name upstream's class defines
    now is false: a version gate (``if hasattr(block, "set_block_hash"): block.set_block_hash(h) else:
    block.block_hash = h``) that takes upstream's new spelling where it exists, the write kept for the old tree;
    any presence spelling of drift/presence.py counts (``getattr(block, "set_block_hash", None) is not None``, a
    local bound from it, a module flag ``HAS_SETTER = hasattr(KVCacheBlock, "set_block_hash")``).  A name
    upstream's class does not define leaves the write to run on the merged tree."""
    if owner is None:
        return False
    refuted = {n for subject in (ast.unparse(receiver), hit.owner) for n in presence_refuting(node, subject, parents)}
    if any(defines(owner, name) for name in refuted - {hit.name}):
        return True
    return any(
        name in presence_refuting(node, subject, parents) for subject, name in _getter_reads(owner, hit.name, receiver)
    )


def _getter_reads(owner: ast.ClassDef, name: str, receiver: ast.expr) -> Iterator[tuple[str, str]]:
    """(subject, attribute) of each ``self.a.b`` upstream's getter of ``name`` reads, ``self`` spelt as the fork's
    receiver: ``("config.model_arch_config", "is_mm_prefix_lm")`` for #40701's ``return
    self.model_arch_config.is_mm_prefix_lm``.  A write gated on that being absent runs only on the old tree."""
    getter = _getter(owner, name)
    spelt = ast.unparse(receiver)
    for node in ast.walk(getter) if getter is not None else ():
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute):
            text = ast.unparse(node.value)
            if text.startswith("self."):
                yield spelt + text[len("self") :], node.attr


def _asks_cache(node: ast.AST, parents: dict[int, ast.AST], name: str) -> bool:
    """The write runs only where the name's descriptor is still a ``cached_property`` (an enclosing ``if`` of its
    function asks the class which release it runs on): a store or a seed kept for the old tree."""
    child, parent = node, parents.get(id(node))
    while parent is not None and not isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        if isinstance(parent, ast.If) and _runs_cached(parent, child, name):
            return True
        child, parent = parent, parents.get(id(parent))
    return False


def _runs_cached(branch: ast.If, child: ast.AST, name: str) -> bool:
    """``child`` runs only where the name's descriptor is still a ``cached_property``: the body of ``if
    isinstance(getattr(type(c), "x", None), cached_property):`` (or of ``not isinstance(..., property)``), the
    ``else`` of the opposite test.  The fork asked the class which release it runs on (#40701's swap)."""
    test, negated = branch.test, False
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test, negated = test.operand, True
    if not (isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "isinstance"):
        return False
    kind = last_name(test.args[1]) if len(test.args) == 2 else None
    if kind not in ("cached_property", "property") or not _names(test.args[0], name):
        return False
    in_body = any(child is s for s in branch.body)
    return in_body == ((kind == "cached_property") != negated)


def _names(expr: ast.expr, name: str) -> bool:
    """``expr`` spells ``name``: ``getattr(type(c), "name", None)``, ``type(c).__dict__["name"]``, ``C.name``."""
    return any(
        (isinstance(n, ast.Attribute) and n.attr == name) or (isinstance(n, ast.Constant) and n.value == name)
        for n in ast.walk(expr)
    )


def _reads_frozen(test: ast.expr) -> bool:
    """A condition that reads whether a class is frozen: a name or attribute spelling ``frozen`` (a dataclass's
    ``__dataclass_params__.frozen``, a fork's ``SPECS_FROZEN`` version flag) or ``__dataclass_params__``."""
    return any(
        "frozen" in word.lower() or word == "__dataclass_params__"
        for node in ast.walk(test)
        if (word := node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else "")
    )


def _handler_names(kind: ast.expr) -> set[str]:
    """The last names an ``except`` clause's kind (a name, ``dataclasses.FrozenInstanceError``, a tuple) holds."""
    kinds = kind.elts if isinstance(kind, ast.Tuple) else [kind]
    return {n for k in kinds if (n := last_name(k))}


def _shadowed(fork: ForkTypes, hit: Closed, typed: set[str]) -> bool:
    """The class of the name is the fork's own, or a fork class on the receiver's way defines the name in
    its body (a class attribute, a property of its own): that, not upstream's property, takes the write.
    A fork subclass's ``self.name = ...`` in a method declares nothing: it hits upstream's property."""
    if fork.path == hit.path:
        return False
    # a fork class of its own ``__setattr__`` over a frozen dataclass routes the write past the freeze
    return fork.owns(hit.owner) or any(
        defines(fork.classes[n], hit.name)
        or any(hit.name in slot_names(s) for s in fork.classes[n].body)
        or (hit.frozen and defines(fork.classes[n], "__setattr__"))
        for n in typed - {hit.owner}
        if n in fork.classes
    )


def stored(node: ast.AST) -> tuple[ast.expr, str] | None:
    """(receiver, name) of a store ``receiver.name = ...``, or of ``setattr(receiver, "name", ...)``."""
    if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
        return node.value, node.attr
    if (
        isinstance(node, ast.Call)
        and last_name(node.func) == "setattr"
        and len(node.args) >= 2
        and isinstance(node.args[1], ast.Constant)
        and isinstance(node.args[1].value, str)
    ):
        return node.args[0], node.args[1].value
    return None


def deleted(node: ast.AST) -> tuple[ast.expr, str] | None:
    """(receiver, name) of ``del receiver.name``, or of ``delattr(receiver, "name")``: a property without a
    deleter, or a frozen dataclass, refuses it as it refuses a store (mend70)."""
    if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Del):
        return node.value, node.attr
    if (
        isinstance(node, ast.Call)
        and last_name(node.func) == "delattr"
        and len(node.args) == 2
        and isinstance(node.args[1], ast.Constant)
        and isinstance(node.args[1].value, str)
    ):
        return node.args[0], node.args[1].value
    return None


def _has_deleter(owner: ast.ClassDef | None, name: str) -> bool:
    """Upstream's class gives the property ``name`` a ``@name.deleter``."""
    return owner is not None and any(
        isinstance(d, ast.Attribute) and d.attr == "deleter" and _accessor(d) == name
        for stmt in owner.body
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef))
        for d in stmt.decorator_list
    )


def dict_slot(node: ast.AST) -> tuple[ast.expr, str, str] | None:
    """(receiver, name, "seed" or "drop") of a write to an instance's dict slot: ``receiver.__dict__["name"] =
    ...`` or ``vars(receiver)["name"] = ...`` (seed); ``del`` of that slot, or ``.pop("name", ...)`` off it (drop)."""
    if isinstance(node, ast.Subscript) and isinstance(node.ctx, (ast.Store, ast.Del)):
        receiver, key = _instance_dict(node.value), node.slice
        kind = "seed" if isinstance(node.ctx, ast.Store) else "drop"
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "pop" and node.args:
        receiver, key, kind = _instance_dict(node.func.value), node.args[0], "drop"
    else:
        return None
    if receiver is None or not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
        return None
    return receiver, key.value, kind


def _instance_dict(expr: ast.expr) -> ast.expr | None:
    """``x`` of ``x.__dict__`` or of ``vars(x)``."""
    if isinstance(expr, ast.Attribute) and expr.attr == "__dict__":
        return expr.value
    if (
        isinstance(expr, ast.Call)
        and isinstance(expr.func, ast.Name)
        and expr.func.id == "vars"
        and len(expr.args) == 1
    ):
        return expr.args[0]
    return None


def _finding(
    trees: ThreeTrees, path: str, line: int, hit: Closed, shown: str, pr_pattern: str, kind: str = ""
) -> Finding:
    """The finding of a closed name's write: ``kind`` "seed"/"drop" for an instance-dict slot, "delete" for a
    ``del``/``delattr``, else a store."""
    verb, act = ("deletes", "deletion") if kind == "delete" else ("assigns", "assignment")
    if hit.frozen:
        commit = trees.upstream_commit(hit.path, r"frozen\s*=\s*True", pr_pattern)
        message = (
            f"fork-owned line {verb} {shown}, but upstream made {hit.owner} a frozen dataclass ({hit.path}{commit}): "
            f"the {act} raises dataclasses.FrozenInstanceError; build a changed copy with dataclasses.replace(...)"
        )
        return Finding(RULE, "merge", Severity.ERROR, path, line, message)
    commit = trees.upstream_commit(hit.path, r"@property|def " + re.escape(hit.name) + r"\b", pr_pattern)
    if kind == "delete":
        message = (
            f"fork-owned line deletes {shown}, but upstream made {hit.owner}.{hit.name} a property without a "
            f"deleter ({hit.path}{commit}): the deletion raises AttributeError; there is no cached or stored value "
            "to drop -- reset what the property reads instead"
        )
        return Finding(RULE, "merge", Severity.ERROR, path, line, message)
    if kind:
        return _slot_finding(path, line, hit, shown, kind, commit)
    message = (
        f"fork-owned line assigns {shown}, but upstream made {hit.owner}.{hit.name} a read-only property "
        f"({hit.path}{commit}): the assignment raises AttributeError (the property has no setter); set what "
        "the property reads instead"
    )
    return Finding(RULE, "merge", Severity.ERROR, path, line, message)


def _slot_finding(path: str, line: int, hit: Closed, shown: str, kind: str, commit: str) -> Finding:
    """A seed of the instance-dict slot of a name upstream made a property is never read back (an error); a
    drop of its cached value drops nothing, and the property computes from what it reads now (a warning; an
    error when the fork patched, just before, a member the property no longer reads: "stale")."""
    was = "a cached_property" if hit.cached else "an attribute"
    if kind == "seed":
        message = (
            f"fork-owned line seeds {shown} in the instance's __dict__, but upstream made {hit.owner}.{hit.name} "
            f"(was {was}) a property ({hit.path}{commit}): a property takes precedence over the instance dict, so "
            "the seeded value is never read back; set what the property reads instead"
        )
        return Finding(RULE, "merge", Severity.ERROR, path, line, message)
    if kind == "stale":
        message = (
            f"fork-owned line drops the cached {shown} from the instance's __dict__ after patching what it was "
            f"computed from, but upstream made {hit.owner}.{hit.name} a property ({hit.path}{commit}) that no "
            "longer reads what the fork patched: the drop is a no-op and the patch never reaches the value; "
            "patch what the property reads now"
        )
        return Finding(RULE, "merge", Severity.ERROR, path, line, message)
    message = (
        f"fork-owned line drops the cached {shown} from the instance's __dict__, but upstream made "
        f"{hit.owner}.{hit.name} a property that caches nothing ({hit.path}{commit}): the drop is a no-op and the "
        "property computes from what it reads now -- check that what the fork patched before dropping it is "
        "still what the property reads"
    )
    return Finding(RULE, "merge", Severity.WARNING, path, line, message)
