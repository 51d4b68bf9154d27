"""Deferred attributes: upstream's constructor no longer sets an attribute a fork subclass reads right after it.

#14630 (8a4a2efc6f) moved ``self.vocab_size = ...`` out of ``StructuredOutputManager.__init__`` into
``_delayed_init``, which runs on the first grammar.  A fork subclass whose ``__init__`` calls
``super().__init__(config)`` and then reads ``self.vocab_size`` merges cleanly and raises
``AttributeError`` when the engine builds the manager.  No name is gone (the attribute is still set, later), so
symbol drift stays quiet.  Upstream defers work out of constructors often (lazy tokenizers, compilers, pools).

Upstream's side: a class of a changed file whose ``__init__`` at the base set ``self.X`` (itself, or a method it
calls on ``self``), and at upstream does not, by any route: no ``self.X =`` or ``setattr``/string ``"X"`` in
``__init__`` or any method it calls on ``self``, no ``super().__init__`` call (a base might set it), no class-level
``X`` (a default, a property, a slot's descriptor), no ``__getattr__``, no ``self`` handed to a call (a helper outside
the class may set it) and no decorator (a dataclass makes its own
constructor).  Nothing else can have run on a fresh instance between the constructor and the fork's line.

The fork's side, on a line it owns: the ``__init__`` of a class deriving the upstream class (imported from its
module or a package above it), no base the module defines itself nor one from elsewhere listed ahead of it (a
mixin may set it), that calls ``super().__init__(...)`` and loads ``self.X`` below that call in ``__init__`` itself
(not a callback it builds), with no call on ``self`` nor call handed ``self`` between, no store of ``self.X`` (nor
``setattr``) in the class and no ``hasattr``/``getattr`` of it, outside a ``try`` catching ``AttributeError``.
An error.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from aeon_release.domain.audits.drift.fallbacks import caught_around
from aeon_release.domain.audits.drift.interposed import reached
from aeon_release.domain.audits.drift.nulled_attributes import assigned_targets, is_self_attribute, local_bases
from aeon_release.domain.audits.drift.own_fields import file_classes
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, fork_found, parsed_versions
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, parent_map, str_value

# a fork line reading ``self.X`` (not calling it)
_READ = lazy_pattern(r"\bself\.(\w+)\b(?!\s*\()")
_SET = lazy_pattern(r"^\s+self\.(\w+)\s*(?::[^=]*)?=[^=]")
_MOST_FILES = 32
_RAISES = frozenset({"AttributeError", "Exception", "BaseException"})
# bases that define no instance attribute
EMPTY_BASES = frozenset({"object", "ABC", "Generic", "Protocol"})


@dataclass(frozen=True)
class Deferred:
    """``cls`` (of ``path``) no longer sets ``self.attr`` in its constructor."""

    path: str
    cls: str
    attr: str


def deferred_init_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    read = fork_found(trees, _READ, tests=True)
    if not read:
        return []
    paths = [p for p in sorted(trees.upstream) if p.endswith(".py") and _candidate(trees, p, read)][:_MOST_FILES]
    deferred = [d for path, old, new in parsed_versions(trees, paths) for d in _deferred(path, old, new, read)]
    if not deferred:
        return []
    attrs = {d.attr for d in deferred}
    return [
        _finding(trees, path, line, item, pr_pattern)
        for path, module, owned in fork_modules(trees, lambda line: any(f"self.{a}" in line for a in attrs))
        for item, line in _fork_reads(path, module, owned, deferred)
    ]


def _candidate(trees: ThreeTrees, path: str, read: set[str]) -> bool:
    """Upstream's diff took out a ``self.X = ...`` of an attribute a fork line reads."""
    return any((m := _SET.match(line)) and m.group(1) in read for line in trees.upstream[path].removed)


def _deferred(path: str, old: ast.Module, new: ast.Module, read: set[str]) -> Iterator[Deferred]:
    before = {c.name: c for c in file_classes(old.body)}
    local = {c.name: c for c in new.body if isinstance(c, ast.ClassDef)}
    for cls in file_classes(new.body):
        was = before.get(cls.name)
        if was is None or cls.decorator_list or method_named(cls, "__getattr__") is not None:
            continue
        init = method_named(cls, "__init__")
        if init is None or _calls_super_init(init) or hands_self(cls, init):
            continue
        now = _constructed(cls, init, strings=True)
        old_init = method_named(was, "__init__")
        then = _constructed(was, old_init, strings=False) if old_init is not None else set()
        for attr in sorted((then - now) & read):
            if not binds_at_class_level(cls, attr, local):
                yield Deferred(path, cls.name, attr)


def method_named(cls: ast.ClassDef, name: str) -> ast.FunctionDef | None:
    return next((s for s in cls.body if isinstance(s, ast.FunctionDef) and s.name == name), None)


def _calls_super_init(func: ast.FunctionDef) -> bool:
    return any(isinstance(n, ast.Call) and last_name(n.func) == "__init__" for n in ast.walk(func))


def reached_methods(cls: ast.ClassDef, func: ast.FunctionDef) -> list[ast.FunctionDef]:
    """The method and those of the class it calls on ``self``, transitively, each once by name (the first
    plain def of a name; ``func`` stands for its own, a property's setter too)."""
    helpers: dict[str, ast.FunctionDef] = {}
    for stmt in cls.body:
        if isinstance(stmt, ast.FunctionDef):
            helpers.setdefault(stmt.name, stmt)
    return [d for d in reached(func, {**helpers, func.name: func}, "self") if isinstance(d, ast.FunctionDef)]


def hands_self(cls: ast.ClassDef, func: ast.FunctionDef) -> bool:
    """The method, or one it calls on ``self`` (transitively), hands ``self`` to a call (``init_helper(self)``,
    ``vars(self).update(...)``): code outside the class may set anything on it."""
    return any(
        isinstance(node, ast.Call) and _hands_self(node)
        for method in reached_methods(cls, func)
        for node in ast.walk(method)
    )


def _constructed(cls: ast.ClassDef, init: ast.FunctionDef, strings: bool) -> set[str]:
    """The attributes ``__init__`` and the methods it calls on ``self`` (transitively) set by store; with
    ``strings``, any string too (``setattr(self, "x", ...)``, ``register_buffer("x", ...)``: may set it)."""
    found: set[str] = set()
    for func in reached_methods(cls, init):
        for node in ast.walk(func):
            if isinstance(node, ast.stmt):
                found |= {t.attr for t in assigned_targets(node) if is_self_attribute(t)}
            elif strings and isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.add(node.value)
    return found


def binds_at_class_level(cls: ast.ClassDef, attr: str, local: dict[str, ast.ClassDef] | None = None) -> bool:
    """The class body binds the name (a default, a method or property, an annotated slot), or a base might: one
    of ``local`` (the module's classes) that binds it, or any base the module does not define."""
    for stmt in cls.body:
        names = [t for t in assigned_targets(stmt) if isinstance(t, ast.Name)]
        if any(n.id == attr for n in names) or getattr(stmt, "name", None) == attr:
            return True
        if isinstance(stmt, ast.AnnAssign) and stmt.value is not None and ast.unparse(stmt.target) == attr:
            return True
    return any(_base_binds(b, attr, local) for b in cls.bases) if local is not None else False


def _base_binds(base: ast.expr, attr: str, local: dict[str, ast.ClassDef]) -> bool:
    name = last_name(base.value if isinstance(base, ast.Subscript) else base)
    if name in EMPTY_BASES:
        return False
    home = local.get(name) if isinstance(base, ast.Name) else None
    # an imported base is not read here: it may define the name (a property, a default)
    return home is None or binds_at_class_level(home, attr, {k: v for k, v in local.items() if k != name})


def _fork_reads(
    path: str, module: ast.Module, owned: set[int], deferred: list[Deferred]
) -> Iterator[tuple[Deferred, int]]:
    parents = parent_map(module)
    for cls, matched in derived_classes(module, file_imports(module, path), deferred):
        init = method_named(cls, "__init__")
        if init is None:
            continue
        for item in matched:
            line = _read_after_super(cls, init, item.attr, parents)
            if line is not None and line in owned:
                yield item, line


class Homed(Protocol):
    """An upstream class a check found changed: its file and name."""

    @property
    def path(self) -> str: ...

    @property
    def cls(self) -> str: ...


H = TypeVar("H", bound=Homed)


def derived_classes(
    module: ast.Module, imports: dict[str, tuple[str, str]], items: Sequence[H]
) -> Iterator[tuple[ast.ClassDef, list[H]]]:
    """Each top-level class of a fork file with no base of its own file that derives first (``derives_first``)
    from the upstream class of some of ``items``, with those items: the fork subclasses the constructor-order
    checks (deferred inits, early and late hooks, dropped slots, nulled setups, repeated hooks) read."""
    local = {c.name: c for c in module.body if isinstance(c, ast.ClassDef)}
    for cls in file_classes(module.body):
        matched = [] if local_bases(cls, local) else [i for i in items if derives_first(cls, imports, i.path, i.cls)]
        if matched:
            yield cls, matched


def derives_first(cls: ast.ClassDef, imports: dict[str, tuple[str, str]], path: str, name: str) -> bool:
    """``cls`` derives the class ``name`` of ``path`` and lists no base before it from elsewhere: a base ahead of
    it in the MRO (a fork mixin imported from another module) may set anything its ``__init__`` leaves out."""
    module = dotted_name(path, roots=("",))
    for base in cls.bases:
        if last_name(base.value if isinstance(base, ast.Subscript) else base) in EMPTY_BASES:
            continue
        origin = imported_origin(base, imports)
        if origin is not None and class_named_by(origin, path, name):
            return True
        if origin is None or not (module == origin[0] or module.startswith(origin[0] + ".")):
            return False
    return False


def class_named_by(origin: tuple[str, str], path: str, cls: str) -> bool:
    """The import names the class ``cls`` of ``path``'s module or of a package above it (a re-export)."""
    module = dotted_name(path, roots=("",))
    return origin[1] == cls and (module == origin[0] or module.startswith(origin[0] + "."))


def _read_after_super(cls: ast.ClassDef, init: ast.FunctionDef, attr: str, parents: dict[int, ast.AST]) -> int | None:
    """The first line below ``super().__init__(...)`` loading ``self.attr`` in ``__init__`` itself (not a callback
    it builds), where the class never sets it, never asks ``hasattr``/``getattr`` of it and defines no class-level
    name of it, and nothing between the two calls a method on ``self`` or hands ``self`` away (either may set it)."""
    if binds_at_class_level(cls, attr) or _set_or_asked(cls, attr) or answers_any_name(cls):
        return None
    supers = [n.lineno for n in ast.walk(init) if isinstance(n, ast.Call) and is_super_call(n, "__init__")]
    if not supers:
        return None
    reads = [
        n.lineno
        for n in ast.walk(init)
        if isinstance(n, ast.Attribute)
        and isinstance(n.ctx, ast.Load)
        and n.attr == attr
        and is_self_attribute(n)
        and n.lineno > min(supers)
        and runs_in(n, init, parents)
        and not caught_around(n, _RAISES, parents)
    ]
    if not reads or self_touched_between(init, min(supers), min(reads)):
        return None
    return min(reads)


def answers_any_name(cls: ast.ClassDef) -> bool:
    """The fork class answers any missing name itself (``__getattr__``): the read never meets AttributeError."""
    return any(method_named(cls, name) is not None for name in ("__getattr__", "__getattribute__"))


def runs_in(node: ast.AST, func: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """``node``'s nearest function or lambda is ``func``: a callback built there runs later, if at all."""
    parent = parents.get(id(node))
    while parent is not None and not isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
        parent = parents.get(id(parent))
    return parent is func


def self_stored(func: ast.FunctionDef) -> set[str]:
    """The attributes ``func`` stores on ``self`` in its own body with a value other than ``None``."""
    parents = parent_map(func)
    found: set[str] = set()
    for node in ast.walk(func):
        if isinstance(node, ast.Assign | ast.AnnAssign) and runs_in(node, func, parents):
            if node.value is None or (isinstance(node.value, ast.Constant) and node.value.value is None):
                continue
            found |= {t.attr for t in assigned_targets(node) if is_self_attribute(t)}
    return found


def reads_self(func: ast.FunctionDef | None, attr: str) -> bool:
    """``func`` loads ``self.attr`` in its own body."""
    if func is None:
        return False
    parents = parent_map(func)
    return any(
        isinstance(n, ast.Attribute)
        and isinstance(n.ctx, ast.Load)
        and n.attr == attr
        and is_self_attribute(n)
        and runs_in(n, func, parents)
        for n in ast.walk(func)
    )


def self_touched_between(func: ast.FunctionDef, start: int, end: int) -> bool:
    """On the lines from ``start`` (the super call) to ``end`` (the use), a call of a method on ``self`` (not the
    super call) or a call handed ``self`` (``init_helper(self)``): either may set the attribute."""
    return any(
        isinstance(n, ast.Call)
        and start <= n.lineno < end
        and (is_self_attribute(n.func) or (_hands_self(n) and last_name(n.func) != "super"))
        for n in ast.walk(func)
    )


def _hands_self(call: ast.Call) -> bool:
    return any(isinstance(a, ast.Name) and a.id == "self" for a in [*call.args, *(k.value for k in call.keywords)])


def is_super_call(call: ast.Call, method: str) -> bool:
    """``super().method(...)``, ``super(Cls, self).method(...)``."""
    func = call.func
    return (
        isinstance(func, ast.Attribute)
        and func.attr == method
        and isinstance(func.value, ast.Call)
        and last_name(func.value.func) == "super"
    )


def _set_or_asked(cls: ast.ClassDef, attr: str) -> bool:
    for node in ast.walk(cls):
        if isinstance(node, ast.stmt) and any(is_self_attribute(t) and t.attr == attr for t in assigned_targets(node)):
            return True
        if isinstance(node, ast.Call) and last_name(node.func) in {"setattr", "hasattr", "getattr"}:
            if len(node.args) >= 2 and str_value(node.args[1]) == attr:
                return True
    return False


def _finding(trees: ThreeTrees, path: str, line: int, item: Deferred, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(item.path, rf"self\.{item.attr}[[:space:]]*=", pr_pattern)
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        path,
        line,
        f"fork-owned read of self.{item.attr} after super().__init__(), but upstream's {item.cls}.__init__ "
        f"({item.path}{commit}) no longer sets {item.attr} (it is set later, or not at all): the fork's "
        f"constructor raises AttributeError; read it where upstream sets it, or set it in the fork's __init__",
    )
