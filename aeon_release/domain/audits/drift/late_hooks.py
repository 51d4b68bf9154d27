"""Late hooks: upstream's constructor no longer calls a method that filled what a fork subclass reads right
after ``super().__init__()``.

#37733 (1fa1e53a73) reverted #35216: the compilation backend's ``__init__`` no longer calls
``self.configure_post_pass()`` (``__call__`` runs it again).  That hook put the pass manager into the backend's
``inductor_config`` under ``self.pass_key`` and configured the manager's passes.  A fork backend whose
``__init__`` calls ``super().__init__(...)`` and then reads ``self.inductor_config[self.pass_key]`` merges
cleanly and raises KeyError when the backend is built; one reading ``self.pass_manager.passes`` there gets the
passes before any are configured.  No name is gone and every attribute is still set by the constructor, so
symbol drift and deferred attributes (``drift/deferred_inits.py``) stay quiet; early hooks
(``drift/early_hooks.py``) judge the opposite move.

Upstream's side: a class of a changed file, in both versions, whose ``__init__`` at the base called
``self.M(...)`` in its own body and at upstream calls it nowhere in ``__init__`` nor in a method that calls on
``self`` (transitively), ``M`` a method of the base's class.  What ``M`` did there (itself and what it calls on
``self``): a slot stored (``self.A[k] = ...``), a field stored (``self.A.x = ...``), an attribute stored
(``self.X = ...``), a method called on ``self.A`` -- less what upstream's constructor now does itself.

The fork's side, on a line it owns: the ``__init__`` of a class deriving the upstream class first
(``derives_first``; no base the module defines itself, no ``__getattr__``), calling ``super().__init__(...)`` and
then, in its own body, with no call on ``self`` nor one handed ``self`` between, outside a ``try`` catching the
look-up's error: a load of ``self.A[k]`` (``k`` as written) -- an error (KeyError); of ``self.A.x`` for a field
the hook stored, or ``self.X`` for an attribute only the hook stored -- an error (AttributeError or a stale
value); of ``self.A.x`` of an ``A`` the hook only called methods on -- a warning (the hook configured ``A``; what
``x`` holds before it runs the engine cannot tell).  A method of ``A`` called (``self.A.add(...)``) is no read.

Cheap first: only fork files whose added lines call ``super(...).__init__(``, and only upstream files whose
removed lines call a method on ``self``.

The same drift without a constructor (``dropped_slot_drift``): a method that stops filling a slot a fork override
reads after its own ``super().M()`` call.  #29340 (e7d776273d) made the backend's ``configure_post_pass`` put the
pass manager into the backend's own ``self.inductor_config`` copy, no longer into
``self.compilation_config.inductor_compile_config[self.pass_key]`` (through the locals ``config`` and
``inductor_config``); a fork override calling ``super().configure_post_pass()`` and then reading
``self.compilation_config.inductor_compile_config[self.pass_key]`` to add its own pass merges cleanly and raises
KeyError (or reads the user's pass, which has no ``add``).  Upstream's side: a method of a class of a changed file
that, with its locals bound once to a chain off ``self`` resolved, stored a slot ``self.<chain>[k]`` at the base,
which no method of the class stores at upstream (nor hands ``self`` to a helper that might).  The fork's side:
an override of that method in a class deriving the upstream class first, loading the same slot as written below
its ``super().M(...)`` call, with no call on ``self`` between, outside a ``try`` catching the miss -- an error.  Gated on upstream removed lines storing a
subscript and fork lines calling ``super(``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.deferred_inits import (
    answers_any_name,
    binds_at_class_level,
    derived_classes,
    hands_self,
    is_super_call,
    method_named,
    reached_methods,
    runs_in,
    self_touched_between,
)
from aeon_release.domain.audits.drift.early_hooks import self_calls
from aeon_release.domain.audits.drift.fallbacks import caught_around
from aeon_release.domain.audits.drift.nulled_attributes import assigned_targets, is_self_attribute
from aeon_release.domain.audits.drift.own_fields import file_classes
from aeon_release.domain.audits.drift.pyindex import file_imports
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, fork_found, parsed_versions
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parent_map

_SUPER_INIT = lazy_pattern(r"super\([^()\n]*\)\.__init__\(")
_REMOVED_CALL = lazy_pattern(r"^\s+self\.\w+\s*\(")
_MOST_FILES = 32
_MISSES = frozenset({"KeyError", "LookupError", "AttributeError", "Exception", "BaseException"})
# what a hook did: a slot ``self.A[k]`` stored, a field ``self.A.x`` stored, ``self.X`` stored, ``self.A`` configured
SLOT, FIELD, ATTR, CONFIGURED = "slot", "field", "attribute", "configured"


@dataclass(frozen=True)
class Effect:
    """One thing a hook did on ``self``: ``kind`` on ``root`` (``key``: the slot's text or the field's name)."""

    kind: str
    root: str
    key: str = ""

    def shown(self) -> str:
        if self.kind == SLOT:
            return f"self.{self.root}[{self.key}]"
        return f"self.{self.root}.{self.key}" if self.key else f"self.{self.root}"


@dataclass(frozen=True)
class LateHook:
    """``cls`` (of ``path``) no longer calls ``self.method()`` from its ``__init__``, whose ``effects`` upstream's
    constructor no longer has."""

    path: str
    cls: str
    method: str
    effects: frozenset[Effect]


def late_hook_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork subclass constructors reading, after ``super().__init__()``, what a hook the base no longer calls there
    filled."""
    if not fork_found(trees, _SUPER_INIT, tests=True):
        return []
    paths = [p for p in sorted(trees.upstream) if p.endswith(".py") and _candidate(trees, p)][:_MOST_FILES]
    hooks = [h for path, old, new in parsed_versions(trees, paths) for h in _late_hooks(path, old, new)]
    if not hooks:
        return []
    return [
        _finding(trees, path, line, hook, effect, pr_pattern)
        for path, module, owned in fork_modules(trees, lambda line: "super(" in line)
        for hook, effect, line in _fork_reads(path, module, owned, hooks)
    ]


def _candidate(trees: ThreeTrees, path: str) -> bool:
    """Upstream's diff took out a call of a method on ``self``."""
    return any("self." in line and _REMOVED_CALL.match(line) for line in trees.upstream[path].removed)


def _late_hooks(path: str, old: ast.Module, new: ast.Module) -> Iterator[LateHook]:
    before = {c.name: c for c in file_classes(old.body)}
    for cls in file_classes(new.body):
        was = before.get(cls.name)
        old_init = method_named(was, "__init__") if was is not None else None
        init = method_named(cls, "__init__")
        if was is None or old_init is None or init is None:
            continue
        now = {name for method in reached_methods(cls, init) for name in self_calls(method)}
        for name in sorted(self_calls(old_init) - now):
            hook = method_named(was, name)
            effects = _effects(was, hook) - _effects(cls, init) if hook is not None else set()
            kept = {e for e in effects if e.kind != ATTR or not binds_at_class_level(cls, e.root)}
            if kept:
                yield LateHook(path, cls.name, name, frozenset(kept))


def _effects(cls: ast.ClassDef, func: ast.FunctionDef) -> set[Effect]:
    """What ``func`` and the methods it calls on ``self`` (transitively) store on ``self`` or configure there."""
    found: set[Effect] = set()
    for method in reached_methods(cls, func):
        for node in ast.walk(method):
            if isinstance(node, ast.stmt):
                found |= {e for t in assigned_targets(node) if (e := _stored(t)) is not None}
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and is_self_attribute(node.func.value)
            ):
                found.add(Effect(CONFIGURED, node.func.value.attr))
    return found


def _stored(target: ast.expr) -> Effect | None:
    if isinstance(target, ast.Subscript) and is_self_attribute(target.value):
        return Effect(SLOT, target.value.attr, ast.unparse(target.slice))
    if isinstance(target, ast.Attribute) and is_self_attribute(target.value):
        return Effect(FIELD, target.value.attr, target.attr)
    return Effect(ATTR, target.attr) if is_self_attribute(target) else None


def _fork_reads(
    path: str, module: ast.Module, owned: set[int], hooks: list[LateHook]
) -> Iterator[tuple[LateHook, Effect, int]]:
    parents = parent_map(module)
    for cls, matched in derived_classes(module, file_imports(module, path), hooks):
        init = method_named(cls, "__init__")
        if init is None or answers_any_name(cls):
            continue
        for hook in matched:
            seen: set[int] = set()
            for effect, line in _reads_after_super(init, hook.effects, parents):
                if line in owned and line not in seen:
                    seen.add(line)
                    yield hook, effect, line


def _reads_after_super(
    init: ast.FunctionDef, effects: frozenset[Effect], parents: dict[int, ast.AST]
) -> Iterator[tuple[Effect, int]]:
    """The loads in ``__init__``'s own body below its first ``super().__init__(...)`` of what a hook's effect
    filled, nothing between calling on ``self`` or handing it away, outside a ``try`` catching the miss."""
    supers = [n.lineno for n in ast.walk(init) if isinstance(n, ast.Call) and is_super_call(n, "__init__")]
    if not supers:
        return
    first = min(supers)
    for node in ast.walk(init):
        if not isinstance(node, ast.Subscript | ast.Attribute) or node.lineno <= first:
            continue
        effect = _read_effect(node, effects, parents)
        if effect is None or not runs_in(node, init, parents) or caught_around(node, _MISSES, parents):
            continue
        if not self_touched_between(init, first, node.lineno):
            yield effect, node.lineno


def _read_effect(
    node: ast.Subscript | ast.Attribute, effects: frozenset[Effect], parents: dict[int, ast.AST]
) -> Effect | None:
    """The effect ``node`` (a load) reads: ``self.A[k]``, ``self.A.x`` (not a method of ``A`` called), ``self.X``."""
    if not isinstance(node.ctx, ast.Load):
        return None
    if isinstance(node, ast.Subscript):
        slot = Effect(SLOT, node.value.attr, ast.unparse(node.slice)) if is_self_attribute(node.value) else None
        return slot if slot in effects else None
    parent = parents.get(id(node))
    if isinstance(parent, ast.Call) and parent.func is node:
        return None
    if is_self_attribute(node.value):
        field = Effect(FIELD, node.value.attr, node.attr)
        configured = Effect(CONFIGURED, node.value.attr)
        return (
            field
            if field in effects
            else Effect(CONFIGURED, node.value.attr, node.attr)
            if configured in effects
            else None
        )
    attr = Effect(ATTR, node.attr) if is_self_attribute(node) else None
    return attr if attr in effects else None


def _finding(trees: ThreeTrees, path: str, line: int, hook: LateHook, effect: Effect, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(hook.path, rf"self\.{hook.method}[[:space:]]*\(", pr_pattern)
    head = (
        f"fork-owned read of {effect.shown()} after super().__init__(), but upstream's {hook.cls}.__init__ "
        f"({hook.path}{commit}) no longer calls self.{hook.method}()"
    )
    if effect.kind == CONFIGURED:
        return Finding(
            RULE,
            "merge",
            Severity.WARNING,
            path,
            line,
            f"{head}, which configured self.{effect.root} (it runs later now): what the fork reads of it may not be "
            f"set up yet -- the engine cannot tell what {effect.key} holds before {hook.method} runs",
        )
    miss = "KeyError" if effect.kind == SLOT else "AttributeError or a stale value"
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        path,
        line,
        f"{head}, which filled it (it runs later now): the fork's constructor meets {miss}; move the fork's "
        f"step into an override of {hook.method} (after its super call)",
    )


_SLOT_STORE = lazy_pattern(r"^\s+[\w.]+\[[^\]]+\]\s*=[^=]")


@dataclass(frozen=True)
class DroppedSlot:
    """``cls.method`` (of ``path``) stored the slot ``slot`` (a text off ``self``) at the base; no method does now."""

    path: str
    cls: str
    method: str
    slot: str


def dropped_slot_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork overrides reading, after their ``super().M()`` call, a slot upstream's ``M`` no longer stores."""
    if not fork_found(trees, lazy_pattern(r"super\([^()\n]*\)\.\w+\("), tests=True):
        return []
    paths = [
        p
        for p in sorted(trees.upstream)
        if p.endswith(".py") and any(_SLOT_STORE.match(line) for line in trees.upstream[p].removed)
    ][:_MOST_FILES]
    dropped = [d for path, old, new in parsed_versions(trees, paths) for d in _dropped_slots(path, old, new)]
    if not dropped:
        return []
    return [
        _slot_finding(trees, path, line, item, pr_pattern)
        for path, module, owned in fork_modules(trees, lambda line: "super(" in line)
        for item, line in _slot_reads(path, module, owned, dropped)
    ]


def _dropped_slots(path: str, old: ast.Module, new: ast.Module) -> Iterator[DroppedSlot]:
    after = {c.name: c for c in file_classes(new.body)}
    for was in file_classes(old.body):
        cls = after.get(was.name)
        if cls is None:
            continue
        # the base's methods storing a slot first: upstream's class is walked only for a class with one (perf40)
        storing = [
            (m, stored)
            for m in was.body
            if isinstance(m, ast.FunctionDef) and m.name != "__init__" and (stored := _slots_stored(m))
        ]
        now = (
            {slot for m in cls.body if isinstance(m, ast.FunctionDef) for slot in _slots_stored(m)}
            if storing
            else set()
        )
        for method, stored in storing:
            kept = method_named(cls, method.name)
            if kept is None or hands_self(cls, kept):
                continue  # a helper handed ``self`` may store the slot now
            for slot in sorted(stored - now):
                yield DroppedSlot(path, cls.name, method.name, slot)


def _slots_stored(func: ast.FunctionDef) -> set[str]:
    """The slots ``func`` stores off ``self`` (``self.a.b[k] = v``), its locals bound once to a chain off ``self``
    read through (``config = self.c``; ``config.d[k] = v`` is ``self.c.d[k]``)."""
    aliases = _chain_aliases(func)
    found: set[str] = set()
    for node in ast.walk(func):
        for target in assigned_targets(node) if isinstance(node, ast.stmt) else []:
            if isinstance(target, ast.Subscript):
                text = _resolved(target, aliases)
                if text is not None:
                    found.add(text)
    return found


def _chain_aliases(func: ast.FunctionDef) -> dict[str, str]:
    """Local name -> the text of the attribute chain it is bound to, for names assigned exactly once."""
    binds: dict[str, list[ast.expr]] = {}
    for node in ast.walk(func):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            binds.setdefault(node.targets[0].id, []).append(node.value)
    return {
        name: ast.unparse(values[0])
        for name, values in binds.items()
        if len(values) == 1 and isinstance(values[0], ast.Attribute) and _chain_root(values[0]) is not None
    }


def _chain_root(expr: ast.expr) -> str | None:
    while isinstance(expr, ast.Attribute):
        expr = expr.value
    return expr.id if isinstance(expr, ast.Name) else None


def _resolved(target: ast.Subscript, aliases: dict[str, str]) -> str | None:
    """The slot's text with its root local replaced by what it is bound to (repeatedly), rooted at ``self``."""
    text = ast.unparse(target)
    root = _chain_root(target.value)
    for _ in range(len(aliases) + 1):
        if root == "self" or root is None:
            break
        if root not in aliases:
            return None
        text = aliases[root] + text[len(root) :]
        root = text.split(".", 1)[0].split("[", 1)[0]
    return text if root == "self" and "." in text.split("[", 1)[0] else None


def _slot_reads(
    path: str, module: ast.Module, owned: set[int], dropped: list[DroppedSlot]
) -> Iterator[tuple[DroppedSlot, int]]:
    parents = parent_map(module)
    for cls, matched in derived_classes(module, file_imports(module, path), dropped):
        for item in matched:
            override = method_named(cls, item.method)
            line = _slot_read_after_super(override, item, parents) if override is not None else None
            if line is not None and line in owned:
                yield item, line


def _slot_read_after_super(override: ast.FunctionDef, item: DroppedSlot, parents: dict[int, ast.AST]) -> int | None:
    supers = [n.lineno for n in ast.walk(override) if isinstance(n, ast.Call) and is_super_call(n, item.method)]
    if not supers:
        return None
    first = min(supers)
    reads = [
        n.lineno
        for n in ast.walk(override)
        if isinstance(n, ast.Subscript)
        and isinstance(n.ctx, ast.Load)
        and n.lineno > first
        and ast.unparse(n) == item.slot
        and runs_in(n, override, parents)
        and not caught_around(n, _MISSES, parents)
    ]
    if not reads or self_touched_between(override, first + 1, min(reads)):
        return None
    return min(reads)


def _slot_finding(trees: ThreeTrees, path: str, line: int, item: DroppedSlot, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(item.path, rf"def {item.method}[[:space:]]*\(", pr_pattern)
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        path,
        line,
        f"fork-owned read of {item.slot} after super().{item.method}(), but upstream's {item.cls}.{item.method} "
        f"({item.path}{commit}) no longer stores that slot (no method of the class does): the read meets KeyError "
        "or a value the base no longer put there; read where upstream now keeps it",
    )
