"""Shared values: an attribute upstream now points at one object its class keeps, mutated in place by a fork override.

#33612 (711edaf0d0) made ``AsyncScheduler._update_after_schedule`` hand every scheduled request one placeholder
list its constructor builds once (``request.spec_token_ids = self._spec_token_placeholders``) where it built a
fresh one each time (``request.spec_token_ids = [-1] * self.num_spec_tokens``).  A fork subclass whose override
calls ``super()._update_after_schedule(...)`` and then writes into the list (``request.spec_token_ids[0] = tok``,
``request.spec_token_ids.clear()``) merges cleanly and now writes into every request's list at once: the last
request's token lands in all of them, or no request has placeholders left.  Nothing fails.

Upstream's side: a method of a class in a changed file that assigned ``<receiver>.<attr>`` a fresh value at the
base (a list, dict or set display or comprehension, a display repeated, a ``list()``/``dict()``/``set()`` call)
and assigns it ``self.<name>`` at upstream, a name the class's methods assign.  The fork's side, on a line it
owns: in a class deriving from that class by name, an override of that method that calls the super method, and
after that call changes ``<anything>.<attr>`` in place -- an item store or deletion, a mutating method of a list,
dict or set, an augmented assignment -- with no rebinding of the attribute between the two.  An error.  Quiet: a
rebinding (``request.spec_token_ids = [...]``), a copy bound first, a change under an ``if`` asking the
attribute's identity (``is not shared``), a change before the super call, a mutation
outside such an override (what it holds there is not known), a base the fork's file defines itself (its own
namesake of upstream's class).

Cheap first: only upstream files whose removed lines assign an attribute and whose added lines assign one
``self.`` of something, and only fork files naming one of the attributes.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern

_FRESH_ASSIGN = lazy_pattern(r"\.\w+\s*=\s*(?:\[|\{|list\(|dict\(|set\()")
_SHARED_ASSIGN = lazy_pattern(r"\.\w+\s*=\s*self\.\w+\s*$")
_MUTATORS = frozenset(
    {
        "append",
        "extend",
        "insert",
        "clear",
        "pop",
        "remove",
        "sort",
        "reverse",
        "update",
        "add",
        "discard",
        "setdefault",
    }
)
_MOST_FILES = 32
_Def = ast.FunctionDef | ast.AsyncFunctionDef


@dataclass(frozen=True)
class Shared:
    """``cls.method`` (``path``) now assigns ``.attr`` the one object ``self.held`` where it built a fresh one."""

    path: str
    cls: str
    method: str
    attr: str
    held: str


def shared_value_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """The fork overrides' in-place changes of an attribute upstream's super method now shares."""
    paths = [p for p in sorted(trees.upstream) if p.endswith(".py") and _candidate(trees, p)][:_MOST_FILES]
    shared = [s for path, old, new in parsed_versions(trees, paths) for s in _shared(path, old, new)] if paths else []
    if not shared:
        return []
    attrs = {s.attr for s in shared}
    return [
        _finding(trees, path, line, item, pr_pattern)
        for path, module, owned in fork_modules(trees, lambda text: any(a in text for a in attrs))
        for item, line in _fork_mutations(module, shared)
        if line in owned
    ]


def _candidate(trees: ThreeTrees, path: str) -> bool:
    change = trees.upstream[path]
    return any(_FRESH_ASSIGN.search(line) for line in change.removed) and any(
        _SHARED_ASSIGN.search(line) for line in change.added.values()
    )


def _shared(path: str, old: ast.Module, new: ast.Module) -> Iterator[Shared]:
    before = {(c.name, f.name): f for c in _classes(old) for f in _methods(c)}
    for cls in _classes(new):
        kept = {a for f in _methods(cls) for a in _self_assigned(f)}
        for func in _methods(cls):
            was = before.get((cls.name, func.name))
            fresh = {_target_text(n): n for n in _assigns(was) if _fresh(n.value)} if was is not None else {}
            for node in _assigns(func):
                held = node.value
                if (
                    isinstance(held, ast.Attribute)
                    and isinstance(held.value, ast.Name)
                    and held.value.id == "self"
                    and held.attr in kept
                    and _target_text(node) in fresh
                ):
                    yield Shared(path, cls.name, func.name, _target(node).attr, held.attr)


def _classes(module: ast.Module) -> list[ast.ClassDef]:
    return [n for n in module.body if isinstance(n, ast.ClassDef)]


def _methods(cls: ast.ClassDef) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    return [n for n in cls.body if isinstance(n, _Def)]


def _assigns(func: ast.AST) -> Iterator[ast.Assign]:
    """The assignments of one attribute of a receiver other than ``self`` (``request.spec_token_ids = ...``)."""
    for node in ast.walk(func):
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Attribute) and not (
                isinstance(target.value, ast.Name) and target.value.id == "self"
            ):
                yield node


def _target(node: ast.Assign) -> ast.Attribute:
    target = node.targets[0]
    assert isinstance(target, ast.Attribute)
    return target


def _target_text(node: ast.Assign) -> str:
    return ast.unparse(node.targets[0])


def _self_assigned(func: ast.AST) -> set[str]:
    return {
        t.attr
        for n in ast.walk(func)
        if isinstance(n, ast.Assign | ast.AnnAssign)
        for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
        if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"
    }


def _fresh(value: ast.expr) -> bool:
    """A value built anew each time: a display, a comprehension, a display repeated, a builtin container's call."""
    if isinstance(value, ast.List | ast.Dict | ast.Set | ast.ListComp | ast.DictComp | ast.SetComp):
        return True
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Mult):
        return isinstance(value.left, ast.List) or isinstance(value.right, ast.List)
    return isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in ("list", "dict", "set")


def _fork_mutations(module: ast.Module, shared: list[Shared]) -> Iterator[tuple[Shared, int]]:
    classes = [n for n in ast.walk(module) if isinstance(n, ast.ClassDef)]
    own = {c.name for c in classes}  # a class of the file named like upstream's is the fork's own namesake
    for cls in classes:
        bases = {last_name(b) for b in cls.bases}
        for item in (s for s in shared if s.cls in bases and s.cls not in own):
            for func in (f for f in _methods(cls) if f.name == item.method):
                called = _super_called(func, item.method)
                if called is not None:
                    yield from ((item, line) for line in _mutated_after(func, item.attr, called))


def _super_called(func: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> int | None:
    """The line of the method's first ``super().name(...)`` call."""
    lines = [
        n.lineno
        for n in ast.walk(func)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and n.func.attr == name
        and isinstance(n.func.value, ast.Call)
        and isinstance(n.func.value.func, ast.Name)
        and n.func.value.func.id == "super"
    ]
    return min(lines) if lines else None


def _mutated_after(func: ast.FunctionDef | ast.AsyncFunctionDef, attr: str, after: int) -> Iterator[int]:
    """The lines below ``after`` that change ``<x>.attr`` in place, unless the method rebinds that receiver's
    attribute first (through a tuple target or an annotated assignment too; another receiver's rebinding leaves
    the shared value in ``x.attr``: read-back B)."""
    augmented = {id(n.target) for n in ast.walk(func) if isinstance(n, ast.AugAssign)}
    rebound = [
        (n.lineno, ast.unparse(n.value))
        for n in ast.walk(func)
        if isinstance(n, ast.Attribute)
        and n.attr == attr
        and isinstance(n.ctx, ast.Store)
        and id(n) not in augmented
        and n.lineno > after
    ]
    asked = _identity_tested(func, attr)
    for node in ast.walk(func):
        found = _in_place(node, attr)
        if found is None or found[0] <= after:
            continue
        line, receiver = found
        if not any(after < r < line and text == receiver for r, text in rebound):
            if not any(first <= line <= last for first, last in asked):
                yield line


def _identity_tested(func: ast.AST, attr: str) -> list[tuple[int, int]]:
    """The line spans of ``if`` bodies whose test asks ``x.attr is (not) y``: a change made only where the
    attribute is (not) a named object, e.g. not the shared one (``is not None`` is no such test; review79: ``request.spec_token_ids is not
    shared``)."""
    return [
        (node.body[0].lineno, node.body[-1].end_lineno or node.body[-1].lineno)
        for node in ast.walk(func)
        if isinstance(node, ast.If)
        and any(
            isinstance(t, ast.Compare)
            and any(isinstance(op, ast.Is | ast.IsNot) for op in t.ops)
            and any(_is_attr(side, attr) for side in [t.left, *t.comparators])
            and not any(isinstance(side, ast.Constant) for side in [t.left, *t.comparators])  # ``is not None``
            for t in ast.walk(node.test)
        )
    ]


def _in_place(node: ast.AST, attr: str) -> tuple[int, str] | None:
    """The line of ``x.attr[i] = v``, ``del x.attr[i]``, ``x.attr += v`` or ``x.attr.append(v)`` with the
    receiver ``x`` spelt, else None."""
    changed: ast.expr | None = None
    if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store | ast.Del):
        changed = node.value
    elif isinstance(node, ast.AugAssign):
        changed = node.target
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _MUTATORS:
        changed = node.func.value
    if isinstance(changed, ast.Attribute) and changed.attr == attr:
        return changed.lineno, ast.unparse(changed.value)
    return None


def _is_attr(node: ast.expr, attr: str) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == attr


def _finding(trees: ThreeTrees, path: str, line: int, item: Shared, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(item.path, re.escape(f"= self.{item.held}"), pr_pattern, most=5)
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        path,
        line,
        f"this override changes .{item.attr} in place after super().{item.method}(), and upstream's "
        f"{item.cls}.{item.method} now assigns it self.{item.held}, one object the {item.cls} keeps for every "
        f"receiver, where it built a fresh one ({item.path}{commit}): the change lands in every receiver's "
        f".{item.attr} at once; rebind it to a copy first",
    )
