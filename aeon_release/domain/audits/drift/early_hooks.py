"""Early hooks: upstream's constructor now calls a method a fork subclass overrides, before the subclass's own
``__init__`` has set what the override reads.

#35216 (12fd17eb51) moved ``self.configure_post_pass()`` from the compilation backend's ``__call__`` to the end
of its ``__init__`` (the pass set-up was counted as compile time).  A fork backend whose ``__init__`` calls
``super().__init__(...)`` and then sets ``self.aeon_passes``, and whose ``configure_post_pass`` override adds
them to the pass manager, merges cleanly and raises ``AttributeError`` when the backend is built: the base's
constructor now runs the override before the fork's lines below ``super().__init__()``.  Nothing was removed,
renamed or re-signed, so symbol drift stays quiet.

Upstream's side: a class of a changed file, in both versions, whose ``__init__`` at upstream calls ``self.M(...)``
in its own body (not a callback it builds) where at the base it did not, for a method ``M`` the class defines.
The fork's side, on a line it owns: a class deriving the upstream class first (``derives_first``; no base the
module defines itself), overriding ``M``, whose ``__init__`` calls ``super().__init__(...)`` and stores
``self.X`` only below that call (nowhere above it, in no other method, not at class level; no
``setattr``/``hasattr``/``getattr`` of it, no ``__getattr__``); the override loads ``self.X`` in its own body
above any store of it there, outside a ``try`` catching AttributeError and outside a test telling the early
call apart (a readiness flag the fork binds before the base constructs and turns below the super call; ``X``
named in a string: ``"X" in self.__dict__``), and upstream's class never stores ``X`` (its constructor may set it
before the call).  A fork class listing a base of another module besides upstream's is left alone: a mixin's
class-level default answers the read.  An error on the read.

Cheap first: only fork files whose added lines call ``super(...).__init__(`` are read, for overrides reading an
attribute set below that call; only upstream files whose added lines call one of those names on ``self`` are
parsed.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.deferred_inits import (
    EMPTY_BASES,
    answers_any_name,
    binds_at_class_level,
    class_named_by,
    derived_classes,
    is_super_call,
    method_named,
    runs_in,
)
from aeon_release.domain.audits.drift.fallbacks import caught_around, runs_tested
from aeon_release.domain.audits.drift.nulled_attributes import assigned_targets, is_self_attribute
from aeon_release.domain.audits.drift.own_fields import file_classes
from aeon_release.domain.audits.drift.pyindex import file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, fork_found, parsed_versions
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, parent_map, str_value

# a method the fork defines (an override candidate), and a call of a method on ``self`` upstream added
_DEF = lazy_pattern(r"^\s+(?:async\s+)?def\s+(\w+)\s*\(\s*self\b")
_SELF_CALL = lazy_pattern(r"\bself\.(\w+)\s*\(")
_SUPER_INIT = lazy_pattern(r"super\([^()\n]*\)\.__init__\(")
_MOST_FILES = 32
_RAISES = frozenset({"AttributeError", "Exception", "BaseException"})


@dataclass(frozen=True)
class EarlyHook:
    """``cls`` (of ``path``) now calls ``self.method()`` from its ``__init__``; ``stored``: the attributes the
    class stores anywhere (a fork read of one of them may be set by upstream's constructor first)."""

    path: str
    cls: str
    method: str
    stored: frozenset[str]


def early_hook_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    if not fork_found(trees, _SUPER_INIT, tests=True):
        return []
    defined = _fork_overrides(trees, fork_found(trees, _DEF, tests=True))
    if not defined:
        return []
    paths = [p for p in sorted(trees.upstream) if p.endswith(".py") and _candidate(trees, p, defined)][:_MOST_FILES]
    hooks = [h for path, old, new in parsed_versions(trees, paths) for h in _early_hooks(path, old, new, defined)]
    if not hooks:
        return []
    methods = {h.method for h in hooks}
    return [
        _finding(trees, path, line, hook, attr, pr_pattern)
        for path, module, owned in fork_modules(trees, lambda line: _defines(line, methods))
        for hook, attr, line in _fork_reads(path, module, owned, hooks)
    ]


def _fork_overrides(trees: ThreeTrees, defined: set[str]) -> set[str]:
    """The methods of fork classes that read, in their own body, an attribute their class's ``__init__`` sets only
    below ``super().__init__(...)``: the only overrides an early call can break (read first, so that upstream's
    files are parsed only where their added lines call one of these on ``self``)."""
    found: set[str] = set()
    for _, module, _ in fork_modules(trees, lambda line: "super(" in line):
        parents = parent_map(module)
        for cls in file_classes(module.body):
            init = method_named(cls, "__init__")
            late = _set_after_super(cls, init) if init is not None else set()
            for method in cls.body if late else []:
                if isinstance(method, ast.FunctionDef) and method.name in defined and method is not init:
                    if any(_early_read(method, attr, parents) is not None for attr in late):
                        found.add(method.name)
    return found


def _defines(line: str, methods: set[str]) -> bool:
    found = _DEF.match(line)
    return found is not None and found[1] in methods


def _candidate(trees: ThreeTrees, path: str, defined: set[str]) -> bool:
    """Upstream's diff added a call on ``self`` of a method name the fork defines (the substring test first: a
    pattern opening with ``\\b`` is tried at every offset of every line)."""
    return any(
        name in defined
        for line in trees.upstream[path].added.values()
        if "self." in line
        for name in _SELF_CALL.findall(line)
    )


def _early_hooks(path: str, old: ast.Module, new: ast.Module, defined: set[str]) -> Iterator[EarlyHook]:
    before = {c.name: c for c in file_classes(old.body)}
    for cls in file_classes(new.body):
        was = before.get(cls.name)
        init = method_named(cls, "__init__")
        if was is None or init is None:
            continue
        old_init = method_named(was, "__init__")
        then = self_calls(old_init) if old_init is not None else set()
        for name in sorted((self_calls(init) - then) & defined):
            if method_named(cls, name) is not None:
                yield EarlyHook(path, cls.name, name, frozenset(_stored(cls)))


def self_calls(func: ast.FunctionDef) -> set[str]:
    """The methods ``func`` calls on ``self`` in its own body (a callback it builds runs later, if at all)."""
    parents = parent_map(func)
    return {
        node.func.attr
        for node in ast.walk(func)
        if isinstance(node, ast.Call) and is_self_attribute(node.func) and runs_in(node, func, parents)
    }


def _stored(cls: ast.ClassDef) -> set[str]:
    """Every attribute the class stores on ``self`` or names in a string (``setattr(self, "x", ...)``)."""
    found: set[str] = set()
    for node in ast.walk(cls):
        if isinstance(node, ast.stmt):
            found |= {t.attr for t in assigned_targets(node) if is_self_attribute(t)}
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.add(node.value)
    return found


def _fork_reads(
    path: str, module: ast.Module, owned: set[int], hooks: list[EarlyHook]
) -> Iterator[tuple[EarlyHook, str, int]]:
    imports = file_imports(module, path)
    parents = parent_map(module)
    for cls, matched in derived_classes(module, imports, hooks):
        init = method_named(cls, "__init__")
        if init is None or answers_any_name(cls):
            continue
        flags, late = _readiness_flags(cls, init), _set_after_super(cls, init)  # the class's, whichever hook
        for hook in matched:
            override = method_named(cls, hook.method)
            if override is None or _other_bases(cls, imports, hook):
                continue
            for attr in sorted(late - hook.stored):
                line = _early_read(override, attr, parents, flags)
                if line is not None and line in owned:
                    yield hook, attr, line


def _other_bases(cls: ast.ClassDef, imports: dict[str, tuple[str, str]], hook: EarlyHook) -> bool:
    """``cls`` lists a base of another module besides upstream's class (a fork mixin after it): a class-level
    default there answers the read while the base constructs, and that module is not read here."""
    for base in cls.bases:
        if last_name(base.value if isinstance(base, ast.Subscript) else base) in EMPTY_BASES:
            continue
        origin = imported_origin(base, imports)
        if origin is None or not class_named_by(origin, hook.path, hook.cls):
            return True
    return False


def _stores_around_super(init: ast.FunctionDef) -> tuple[int | None, list[tuple[str, int]]]:
    """The line of ``__init__``'s first ``super().__init__(...)`` call (None: it makes none), and each store on
    ``self`` in ``__init__`` as (attribute, line)."""
    supers = [n.lineno for n in ast.walk(init) if isinstance(n, ast.Call) and is_super_call(n, "__init__")]
    if not supers:
        return None, []
    stores = [
        (t.attr, n.lineno)
        for n in ast.walk(init)
        if isinstance(n, ast.stmt)
        for t in assigned_targets(n)
        if is_self_attribute(t)
    ]
    return min(supers), stores


def _readiness_flags(cls: ast.ClassDef, init: ast.FunctionDef) -> frozenset[str]:
    """The attributes bound before the base constructs (stored above ``super().__init__(...)`` or a class-level
    default) that ``__init__`` stores again below it: a flag the fork turns once its own fields are set
    (``self._ready = False``, the super call, ``self._ready = True``)."""
    first, stores = _stores_around_super(init)
    if first is None:
        return frozenset()
    below = {attr for attr, line in stores if line > first}
    early = {attr for attr, line in stores if line < first}
    return frozenset(a for a in below if a in early or binds_at_class_level(cls, a))


def _set_after_super(cls: ast.ClassDef, init: ast.FunctionDef) -> set[str]:
    """The attributes the fork's ``__init__`` stores on ``self`` only below its ``super().__init__(...)`` call, and
    no other method of the class nor its body stores or asks about (``setattr``/``hasattr``/``getattr``)."""
    first, stores = _stores_around_super(init)
    if first is None:
        return set()
    below = {attr for attr, line in stores if line > first}
    above = {attr for attr, line in stores if line <= first}
    elsewhere = {
        t.attr
        for m in cls.body
        if isinstance(m, ast.FunctionDef | ast.AsyncFunctionDef) and m is not init
        for n in ast.walk(m)
        if isinstance(n, ast.stmt)
        for t in assigned_targets(n)
        if is_self_attribute(t)
    }
    return {a for a in below - above - elsewhere if not binds_at_class_level(cls, a) and not _asked(cls, a)}


def _asked(cls: ast.ClassDef, attr: str) -> bool:
    """``hasattr``/``getattr``/``setattr`` of the name anywhere in the class (the stores are counted apart)."""
    return any(
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in {"setattr", "hasattr", "getattr"}
        and len(node.args) >= 2
        and str_value(node.args[1]) == attr
        for node in ast.walk(cls)
    )


def _early_read(
    override: ast.FunctionDef, attr: str, parents: dict[int, ast.AST], flags: frozenset[str] = frozenset()
) -> int | None:
    """The first line loading ``self.attr`` in the override's own body, above any store of it there, outside a
    ``try`` catching AttributeError and outside a test that tells the early call apart: one reading a readiness
    flag of ``flags``, or naming ``attr`` in a string (``"attr" in self.__dict__``, ``vars(self)``)."""

    def tells(test: ast.expr) -> bool:
        return any(
            (isinstance(n, ast.Attribute) and is_self_attribute(n) and n.attr in flags) or str_value(n) == attr
            for n in ast.walk(test)
            if isinstance(n, ast.Attribute | ast.Constant)
        )

    stores = [
        n.lineno
        for n in ast.walk(override)
        if isinstance(n, ast.stmt)
        for t in assigned_targets(n)
        if is_self_attribute(t) and t.attr == attr
    ]
    reads = [
        n.lineno
        for n in ast.walk(override)
        if isinstance(n, ast.Attribute)
        and isinstance(n.ctx, ast.Load)
        and n.attr == attr
        and is_self_attribute(n)
        and runs_in(n, override, parents)
        and not caught_around(n, _RAISES, parents)
        and not runs_tested(n, parents, tells, tells)
    ]
    first = min(reads, default=None)
    if first is None or any(line <= first for line in stores):
        return None
    return first


def _finding(trees: ThreeTrees, path: str, line: int, hook: EarlyHook, attr: str, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(hook.path, rf"self\.{hook.method}[[:space:]]*\(", pr_pattern)
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        path,
        line,
        f"fork-owned read of self.{attr} in an override of {hook.method}, which upstream's {hook.cls}.__init__ "
        f"({hook.path}{commit}) now calls, before the fork's __init__ sets {attr} below super().__init__(): the "
        f"fork's constructor raises AttributeError; set {attr} before super().__init__(), or read it with a fallback",
    )
