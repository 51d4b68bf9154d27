"""Nulled setups: a method that built an attribute now sets it to ``None``, and a fork override uses it after ``super()``.

#14575 (04421dff8a) turned ``StructuredOutputManager._delayed_init``'s ``self._grammar_bitmask =
xgr.allocate_token_bitmask(...)`` into ``self._grammar_bitmask: Optional[torch.Tensor] = None`` (allocated on the
first ``grammar_bitmask`` call).  A fork override of ``_delayed_init`` that calls ``super()._delayed_init()`` and
then reads ``self._grammar_bitmask.shape`` merges cleanly and raises ``AttributeError: 'NoneType' object has no
attribute 'shape'``.

Upstream's side: a method of a class of a changed file whose body (or a method it calls on ``self``) stored a
value other than ``None`` in ``self.X`` at the base, and now stores only ``None`` there (every store of it, by
that route, the literal; no ``setattr`` nor string ``"X"``, no ``self`` handed to a call).  Whatever held ``X`` before, the method resets it.

The fork's side, on a line it owns: an override of that method, in a class deriving the upstream one (imported;
no base the module defines), that calls ``super().M(...)`` and then calls, reads an attribute off or indexes
``self.X`` in the override itself (not a callback), with no call on ``self`` nor call handed ``self`` between (it
may set ``X``), no base from elsewhere ahead of upstream's, no store of ``self.X`` in any method of the class, no test
of it (``if``, ``is None``, ``and``/``or``, ``getattr``/``hasattr``), outside a ``try`` catching what None raises.
An error.

Since killers157 the constructor's case errs where ``__init__`` hands ``self`` to a call too, when every call
that could set the attribute runs above its last store, a top-level ``self.X = None``: #27220 left
``FusedMoE.__init__`` ending in ``self.batched_hidden_states = None`` after ``create_weights(layer=self)``.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.deferred_inits import (
    derived_classes,
    hands_self,
    is_super_call,
    method_named,
    reached_methods,
    runs_in,
    self_touched_between,
)
from aeon_release.domain.audits.drift.fallbacks import caught_around
from aeon_release.domain.audits.drift.nulled_attributes import (
    SELF_SET,
    assigned_targets,
    is_self_attribute,
    mentions_attr,
)
from aeon_release.domain.audits.drift.own_fields import file_classes
from aeon_release.domain.audits.drift.pyindex import file_imports
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, fork_found, parsed_versions
from aeon_release.domain.audits.merge_rules import TYPE_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, parent_map

# a fork line calling, reading off or indexing ``self.X``
_USED = lazy_pattern(r"\bself\.(\w+)\s*[(.\[]")
_NULLED = lazy_pattern(r"^\s+self\.(\w+)\s*(?::[^=]*)?=\s*None\s*$")
_MOST_FILES = 32
_NONE_RAISES = frozenset({"TypeError", "AttributeError", "Exception", "BaseException"})


@dataclass(frozen=True)
class NulledSetup:
    """``cls.method`` (of ``path``) now leaves ``self.attr`` at ``None``."""

    path: str
    cls: str
    method: str
    attr: str
    # the constructor's case: upstream's other methods that build it now, and the hooks of the class that
    # neither build it nor use it (a fork override of one of those used the constructor's value)
    built_in: tuple[str, ...] = ()
    hooks: frozenset[str] = frozenset()
    # False: the constructor hands ``self`` to a call (which may set it), so only the moved build is judged
    direct: bool = True


def nulled_setup_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    used = fork_found(trees, _USED, tests=True)
    if not used:
        return []
    touched = {p: _candidate(trees, p, used) for p in sorted(trees.upstream) if p.endswith(".py")}
    paths = [p for p, attrs in touched.items() if attrs][:_MOST_FILES]
    wanted = {a for p in paths for a in touched[p]}
    keep = functools.partial(_keep, wanted)
    nulled = [n for path, old, new in parsed_versions(trees, paths, keep) for n in _nulled(path, old, new, used)]
    if not nulled:
        return []
    attrs = {n.attr for n in nulled}
    return [
        _finding(trees, path, line, item, pr_pattern, hook)
        for path, module, owned in fork_modules(trees, lambda line: any(f"self.{a}" in line for a in attrs))
        for item, line, hook in _fork_uses(path, module, owned, nulled)
    ]


def _candidate(trees: ThreeTrees, path: str, used: set[str]) -> set[str]:
    """The attributes a fork line uses of which upstream's diff added a ``self.X = None``, or removed a store of a
    value (``self.X = torch.zeros(...)``: the ``None`` the constructor kept above it may be all that is left)."""
    diff = trees.upstream[path]
    added = {m.group(1) for line in diff.added.values() if (m := _NULLED.match(line))}
    removed = {m.group(1) for line in diff.removed if (m := SELF_SET.match(line)) and not _NULLED.match(line)}
    return (added | removed) & used


def _keep(attrs: set[str], old_text: str, new_text: str) -> bool:
    """Upstream's text stores ``None`` in one of ``attrs``: without one nothing is nulled (a gate before the parse)."""
    return any((m := _NULLED.match(line)) and m.group(1) in attrs for line in new_text.splitlines() if "None" in line)


def _nulled(path: str, old: ast.Module, new: ast.Module, used: set[str]) -> Iterator[NulledSetup]:
    before = {c.name: c for c in file_classes(old.body)}
    for cls in file_classes(new.body):
        was = before.get(cls.name)
        for func in (s for s in cls.body if isinstance(s, ast.FunctionDef)) if was is not None else ():
            old_func = method_named(was, func.name) if was is not None else None
            if old_func is None or was is None:
                continue
            direct = not hands_self(cls, func)
            if not direct and func.name != "__init__":
                continue
            then, now = _stores(was, old_func), _stores(cls, func)
            for attr in sorted(used & set(now)):
                if all(_is_none(v) for v in now[attr]) and any(not _is_none(v) for v in then.get(attr, [])):
                    # a call handed ``self`` may set it; where upstream says which method builds it now
                    # (the moved build), the fork's hooks are judged all the same (a warning)
                    moved = _moved_build(was, cls, attr) if func.name == "__init__" else None
                    # no call that could set it runs after the constructor's last store, its None
                    settled = direct or (moved is not None and _left_none(func, attr))
                    if settled or moved is not None:
                        yield NulledSetup(path, cls.name, func.name, attr, *(moved or ((), frozenset())), settled)


def _left_none(func: ast.FunctionDef, attr: str) -> bool:
    """The function's last top-level statement that stores ``self.X`` stores None, and no statement below it
    calls a method on ``self``, on ``super()`` or hands ``self`` to a call: whatever a helper handed ``self``
    set above it, the constructor returns with ``X`` None (#27220: ``FusedMoE.__init__`` ends with
    ``self.batched_hidden_states = None``, built by ``ensure_dp_chunking_init`` on the first forward)."""
    stores = [i for i, stmt in enumerate(func.body) if _mentions_store(stmt, attr)]
    if not stores:
        return False
    last = func.body[stores[-1]]
    if not isinstance(last, ast.Assign | ast.AnnAssign) or not _is_none(last.value):
        return False
    below = (n for stmt in func.body[stores[-1] + 1 :] for n in ast.walk(stmt))
    return not any(isinstance(n, ast.Call) and _may_set(n) for n in below)


def _mentions_store(stmt: ast.stmt, attr: str) -> bool:
    """The statement, or one inside it, stores ``self.X`` (or names it in a string: ``setattr``)."""
    for node in ast.walk(stmt):
        if isinstance(node, ast.stmt) and any(_is_attr(t, attr) for t in assigned_targets(node)):
            return True
        if isinstance(node, ast.Constant) and node.value == attr:
            return True
    return False


def _may_set(call: ast.Call) -> bool:
    """A call on ``self`` or ``super()``, or one handed ``self``: it may store anything on the instance."""
    func = call.func
    if isinstance(func, ast.Attribute) and (
        (isinstance(func.value, ast.Name) and func.value.id == "self")
        or (isinstance(func.value, ast.Call) and last_name(func.value.func) == "super")
    ):
        return True
    handed = [*call.args, *(k.value for k in call.keywords)]
    return any(isinstance(a, ast.Name) and a.id == "self" for a in handed)


def _moved_build(was: ast.ClassDef, cls: ast.ClassDef, attr: str) -> tuple[tuple[str, ...], frozenset[str]] | None:
    """The methods of upstream's class other than ``__init__`` that build ``self.X`` now (a value not None)
    and did not at the base, and the class's other methods: none of them reaching a builder or reached from
    one, nor mentioning ``self.X`` (upstream's own use of it says it runs once it is built)."""
    methods = {s.name: s for s in cls.body if isinstance(s, ast.FunctionDef)}
    builders = tuple(
        name
        for name, func in methods.items()
        if name != "__init__"
        and any(not _is_none(v) for v in _stores(cls, func).get(attr, []))
        and not (
            (old := method_named(was, name)) is not None
            and any(not _is_none(v) for v in _stores(was, old).get(attr, []))
        )
    )
    if not builders:
        return None
    near = {n for b in builders for n in _reached(cls, methods[b])}
    hooks = frozenset(
        name
        for name, func in methods.items()
        if name not in near
        and not name.startswith("__")
        and not mentions_attr(func, attr)
        and not near & _reached(cls, func)
    )
    return builders, hooks


def _reached(cls: ast.ClassDef, func: ast.FunctionDef) -> set[str]:
    """The method and those it calls on ``self``, transitively."""
    return {method.name for method in reached_methods(cls, func)}


def _is_none(value: ast.expr | None) -> bool:
    return isinstance(value, ast.Constant) and value.value is None


def _stores(cls: ast.ClassDef, func: ast.FunctionDef) -> dict[str, list[ast.expr | None]]:
    """attribute -> the values the method and those it calls on ``self`` (transitively) store in ``self.X``; a
    string naming it (``setattr(self, "X", ...)``) or an unpacking stores an unknown value (``None`` here)."""
    found: dict[str, list[ast.expr | None]] = {}
    for method in reached_methods(cls, func):
        for node in ast.walk(method):
            _record(node, found)
    return found


def _record(node: ast.AST, found: dict[str, list[ast.expr | None]]) -> None:
    if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
        direct = isinstance(node, ast.AnnAssign) or len(node.targets) == 1
        for target in (t for t in assigned_targets(node) if is_self_attribute(t)):
            assert isinstance(target, ast.Attribute)
            found.setdefault(target.attr, []).append(node.value if direct and target in _plain(node) else None)
    elif isinstance(node, ast.AugAssign) and is_self_attribute(node.target):
        found.setdefault(node.target.attr, []).append(None)
    elif isinstance(node, ast.Constant) and isinstance(node.value, str):
        found.setdefault(node.value, []).append(None)


def _plain(node: ast.Assign | ast.AnnAssign) -> list[ast.expr]:
    return [node.target] if isinstance(node, ast.AnnAssign) else list(node.targets)


def _fork_uses(
    path: str, module: ast.Module, owned: set[int], nulled: list[NulledSetup]
) -> Iterator[tuple[NulledSetup, int, str | None]]:
    """(the nulled setup, the line, and the fork hook that uses it where the constructor's build moved to
    another method, else None)."""
    parents = parent_map(module)
    for cls, matched in derived_classes(module, file_imports(module, path), nulled):
        for item in matched:
            if _class_stores(cls, item.attr):
                continue
            func = method_named(cls, item.method) if item.direct else None
            line = _use_after_super(func, item, parents) if func is not None else None
            if line is not None and line in owned:
                yield item, line, None
            for hook in (s for s in cls.body if isinstance(s, ast.FunctionDef) and s.name in item.hooks):
                line = _use_in(hook, item.attr, parents)
                if line is not None and line in owned:
                    yield item, line, hook.name


def _use_in(func: ast.FunctionDef, attr: str, parents: dict[int, ast.AST]) -> int | None:
    """The first line of ``func`` calling, reading off or indexing ``self.X``, in a function that never stores or
    tests it, outside a handler of what None raises."""
    if _stored_or_tested(func, attr):
        return None
    uses = sorted(
        n.lineno
        for n in ast.walk(func)
        if isinstance(n, ast.Call | ast.Attribute | ast.Subscript)
        and _is_attr(n.func if isinstance(n, ast.Call) else n.value, attr)
        and runs_in(n, func, parents)
        and not caught_around(n, _NONE_RAISES, parents)
    )
    return uses[0] if uses else None


def _use_after_super(func: ast.FunctionDef, item: NulledSetup, parents: dict[int, ast.AST]) -> int | None:
    """The first line below ``super().M(...)`` calling, reading off or indexing ``self.X``, in a function that
    never stores or tests it, with no call on ``self`` between."""
    supers = [n.lineno for n in ast.walk(func) if isinstance(n, ast.Call) and is_super_call(n, item.method)]
    if not supers or _stored_or_tested(func, item.attr):
        return None
    after = min(supers)
    uses = sorted(
        n.lineno
        for n in ast.walk(func)
        if isinstance(n, ast.Call | ast.Attribute | ast.Subscript)
        and _is_attr(n.func if isinstance(n, ast.Call) else n.value, item.attr)
        and n.lineno > after
        and runs_in(n, func, parents)
        and not caught_around(n, _NONE_RAISES, parents)
    )
    if not uses or self_touched_between(func, after, uses[0]):
        return None
    return uses[0]


def _is_attr(node: object, attr: str) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == attr and is_self_attribute(node)


def _stored_or_tested(func: ast.FunctionDef, attr: str) -> bool:
    for node in ast.walk(func):
        if isinstance(node, ast.stmt) and any(_is_attr(t, attr) for t in assigned_targets(node)):
            return True
        if isinstance(node, ast.If | ast.IfExp | ast.While | ast.Assert) and mentions_attr(node.test, attr):
            return True
        if isinstance(node, ast.BoolOp | ast.Compare) and mentions_attr(node, attr):
            return True
        if isinstance(node, ast.Call) and last_name(node.func) in {"getattr", "hasattr", "setattr", "callable"}:
            return True
    return False


def _class_stores(cls: ast.ClassDef, attr: str) -> bool:
    """A method of the fork's class stores ``self.X``: a hook upstream's method calls (``self._post_init()``),
    overridden, may build it."""
    return any(isinstance(n, ast.stmt) and any(_is_attr(t, attr) for t in assigned_targets(n)) for n in ast.walk(cls))


def _finding(
    trees: ThreeTrees, path: str, line: int, item: NulledSetup, pr_pattern: str, hook: str | None = None
) -> Finding:
    commit = trees.upstream_commit(item.path, rf"self\.{item.attr}", pr_pattern)
    if hook is not None:
        # the order upstream's callers run the class's hooks in is not read here: a warning
        built = ", ".join(f"{item.cls}.{b}" for b in item.built_in)
        return Finding(
            RULE,
            "merge",
            Severity.WARNING,
            path,
            line,
            f"fork-owned use of self.{item.attr} in an override of {hook}, but upstream's {item.cls}.__init__ "
            f"({item.path}{commit}) now leaves {item.attr} None and {built} builds it: if {hook} runs before "
            f"that, the use meets None; use it where upstream builds it, or test it for None",
        )
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        path,
        line,
        f"fork-owned use of self.{item.attr} after super().{item.method}(), but upstream's {item.cls}.{item.method} "
        f"({item.path}{commit}) now sets {item.attr} to None (built later, on first use): the use meets None; "
        f"use it where upstream builds it, or test it for None",
    )
