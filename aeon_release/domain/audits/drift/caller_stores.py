"""Caller stores: a method's store of its own result moved out to its callers.

#29570 (0aeb698b77) tidied the v2 runner's drafting: ``GPUModelRunner.propose_draft`` ended with
``self.req_states.draft_tokens[input_batch.idx_mapping] = draft_tokens`` and ``return draft_tokens``; now it only
returns them, and ``execute_model`` does ``draft_tokens = self.propose_draft(...)`` and the store itself.  A fork
subclass that calls ``self.propose_draft(...)`` for what it does (a re-draft after evicting blocks), dropping the
result, merges cleanly and no longer stores the drafts: the next step reads the stale ones, with no error.
Upstream does this whenever it makes a method pure and hands the bookkeeping to its callers.

Upstream's side: a method of a class of a changed file that, at the base, stored a name it returns into a path off
``self`` (``self.a.b[i] = r`` / ``self.a = r`` with ``return r``), and at upstream keeps its name but stores that
target no more, while a function of the same file binds a call of the method (``v = ....method(...)``) and stores
``v`` into that very target: the store moved to the caller.  The fork's side, on a line it owns: in a subclass of
that class (a base of the last name), a call ``self.method(...)`` (the subclass not defining the method) or
``super().method(...)`` whose result is dropped -- a statement of its own, or bound to ``_`` -- in a function that
does not store the target itself.  A warning: whether the fork needs the state is its own business; the call no
longer keeps it.  A call off another receiver (a parameter, a local) is left: which class it reaches is not read.

Cheap first: the fork's added lines must hold such a call (``self.m(`` or ``super().m(`` opening a statement, or
``_ = ...``), and upstream's removed lines a store of a bare name off ``self``; only then are the few upstream
files with such a removed store parsed (both versions) and the fork's files with such a call.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.own_fields import file_classes
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern

_MOST_FILES = 16
# a fork line calling a method of its own object for what it does: ``self.m(...)``, ``_ = super().m(...)``
_DROPPED = lazy_pattern(r"^\s+(?:_\s*=\s*)?(?:self|super\(\))\.(\w+)\(")
# an upstream line it removed: a store of a bare name into a path off ``self`` (``self.a.b[i] = r``)
_STORE = lazy_pattern(r"^\s+self\.[\w.]+(?:\[[^\]=]*\])?\s*=\s*\w+\s*$")
_Def = ast.FunctionDef | ast.AsyncFunctionDef


@dataclass(frozen=True)
class Moved:
    """``cls.method`` stored its result into ``target`` (text, off ``self``); upstream's caller at ``path:line``
    does now."""

    cls: str
    method: str
    target: str
    path: str
    line: int


def caller_store_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    if not trees.upstream:
        return []
    called = {
        m.group(1)
        for path, change in trees.mine.items()
        if path.endswith(".py")
        for text in change.added.values()
        if (m := _DROPPED.match(text)) is not None
    }
    if not called:
        return []
    changed = [
        path
        for path, change in sorted(trees.upstream.items())
        if path.endswith(".py") and any(_STORE.match(text) for text in change.removed)
    ]
    if not changed:
        return []
    moved = [m for path, old, new in parsed_versions(trees, changed[:_MOST_FILES]) for m in _moved(path, old, new)]
    moved = [m for m in moved if m.method in called]
    if not moved:
        return []
    return [
        _finding(trees, path, line, m, pr_pattern)
        for path, module, owned in fork_modules(trees, _DROPPED.match)
        for line, m in _dropped(module, owned, moved)
    ]


# -- upstream's side ---------------------------------------------------------------------------------
def _moved(path: str, old: ast.Module, new: ast.Module) -> Iterator[Moved]:
    now = {cls.name: _methods(cls) for cls in file_classes(new.body)}
    for cls in file_classes(old.body):
        for name, method in _methods(cls).items():
            kept = now.get(cls.name, {}).get(name)
            if kept is None:
                continue
            stored = {_text(t) for t, _ in _self_stores(kept)}
            for target, _ in _self_stores(method, _returned(method)):
                if target not in stored and (line := _caller_store(new, name, target)) is not None:
                    yield Moved(cls.name, name, target, path, line)


def _methods(cls: ast.ClassDef) -> dict[str, _Def]:
    return {s.name: s for s in cls.body if isinstance(s, _Def)}


def _returned(func: _Def) -> set[str]:
    """The bare names the function returns (``return r``)."""
    return {n.value.id for n in ast.walk(func) if isinstance(n, ast.Return) and isinstance(n.value, ast.Name)}


def _self_stores(func: _Def, names: set[str] | None = None) -> Iterator[tuple[str, str]]:
    """(target's text, stored name) of each ``self.<path> = name`` in the function (``names``: those only)."""
    for node in ast.walk(func):
        if not isinstance(node, ast.Assign) or len(node.targets) != 1 or not isinstance(node.value, ast.Name):
            continue
        target = node.targets[0]
        if _rooted_at_self(target) and (names is None or node.value.id in names):
            yield _text(target), node.value.id


def _rooted_at_self(node: ast.expr) -> bool:
    if not isinstance(node, ast.Attribute | ast.Subscript):
        return False
    while isinstance(node, ast.Attribute | ast.Subscript):
        node = node.value
    return isinstance(node, ast.Name) and node.id == "self"


def _text(node: ast.AST | str) -> str:
    return node if isinstance(node, str) else ast.unparse(node)


def _caller_store(module: ast.Module, method: str, target: str) -> int | None:
    """The line of a store of ``target`` with a name a function of ``module`` bound to a call of ``.method(``."""
    for func in (n for n in ast.walk(module) if isinstance(n, _Def)):
        bound = {
            t.id
            for n in ast.walk(func)
            if isinstance(n, ast.Assign)
            and isinstance(n.value, ast.Call)
            and isinstance(n.value.func, ast.Attribute)
            and n.value.func.attr == method
            for t in n.targets
            if isinstance(t, ast.Name)
        }
        if not bound:
            continue
        for node in ast.walk(func):
            if (
                isinstance(node, ast.Assign)
                and len(node.targets) == 1
                and isinstance(node.value, ast.Name)
                and node.value.id in bound
                and _text(node.targets[0]) == target
            ):
                return node.lineno
    return None


# -- the fork's side ---------------------------------------------------------------------------------
def _dropped(module: ast.Module, owned: set[int], moved: list[Moved]) -> Iterator[tuple[int, Moved]]:
    for cls in file_classes(module.body):
        bases = {_last(b) for b in cls.bases}
        mine = _methods(cls)
        for m in (m for m in moved if m.cls in bases):
            for func in mine.values():
                if any(t == m.target for t, _ in _self_stores(func)):
                    continue  # the fork stores it itself
                for line, recv in _dropped_calls(func, m.method):
                    if line in owned and (recv == "super()" or m.method not in mine):
                        yield line, m


def _dropped_calls(func: _Def, method: str) -> Iterator[tuple[int, str]]:
    """(line, receiver's text) of each ``self.method(...)``/``super().method(...)`` whose result is dropped."""
    for node in ast.walk(func):
        if isinstance(node, ast.Expr):
            call = node.value
        elif (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and node.targets[0].id == "_"
        ):
            call = node.value
        else:
            continue
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == method:
            recv = ast.unparse(call.func.value)
            if recv in ("self", "super()"):
                yield node.lineno, recv


def _last(node: ast.expr) -> str:
    return node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else ""


def _finding(trees: ThreeTrees, path: str, line: int, m: Moved, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(m.path, re.escape(m.target), pr_pattern)
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        line,
        f"fork-owned call of {m.method}() drops its result: upstream's {m.cls}.{m.method} no longer stores it "
        f"into {m.target}, its callers do ({m.path}:{m.line}{commit}); this call leaves {m.target} stale -- "
        f"bind the result and store it as upstream's callers now do",
    )
