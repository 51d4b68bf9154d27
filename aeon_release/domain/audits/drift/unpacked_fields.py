"""Unpacked fields: upstream's class now unpacks what its field's call answers, where it bound one name; a fork
subclass (or a function handed the class) still binds one.

#32082 (8edaf38570) made ``Qwen3MoeSparseMoeBlock.experts`` a ``SharedFusedMoE`` (it was a ``FusedMoE``), whose
call answers ``(shared_out, fused_out)``; the block's ``forward`` followed: ``final_hidden_states =
self.experts(...)`` became ``shared_out, fused_out = self.experts(...)``.  A fork subclass's copy of the old
``forward`` (``final_hidden_states = self.experts(...)`` then ``.view(...)``), or a helper handed a block
(``out = block.experts(...)``), merges cleanly and now holds a tuple where it holds a tensor.  No def's return
changed: the field was bound to another class, and the old class's ``forward`` was already annotated
``Tensor | tuple[Tensor, Tensor]``, so return drift proves nothing; upstream's own call is what says the answer's
shape changed.

Upstream's side (cheap first: a hunk that removes ``name = self.F(`` and adds ``a, b = self.F(``): the class of the
merged file whose methods unpack ``self.F(...)`` into a tuple and bind it to one name nowhere.  The fork's side, on a
line it owns, in a file naming upstream's module: ``x = self.F(...)`` in a method of a class deriving from that
class (by name) that sets no ``self.F`` of its own, or ``x = p.F(...)`` for ``p`` a parameter annotated with the
class.  A warning on the line: the field's old class may already have answered a tuple on some path, and the fork
may mean its own field.  Quiet: an unpack, a fork class setting the field itself, a
receiver of another class, a member upstream's class defines as a method or never stores (return drift judges a
method's answer, with its own guards).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.gated_callers import names_module
from aeon_release.domain.audits.drift.pyindex import dotted_name
from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern

_ONE = lazy_pattern(r"^\s*[A-Za-z_]\w*\s*(?::[^=]+)?=\s*self\.([A-Za-z_]\w*)\(")
_MANY = lazy_pattern(r"^\s*\(?\s*[A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)+\s*\)?\s*=\s*self\.([A-Za-z_]\w*)\(")

# a removed line of a diff binding ``self.F(...)`` to one name: the files whose hunks are parsed
_REMOVED_ONE = lazy_pattern(r"^-[ \t]*[A-Za-z_]\w*[ \t]*(?::[^=\n]+)?=[ \t]*self\.\w+\(", re.M)
# a fork line binding a call of a receiver's member: ``out = block.experts(``
_BINDS_A_CALL = lazy_pattern(r"=\s*[A-Za-z_]\w*\.([A-Za-z_]\w*)\(")

_Def = ast.FunctionDef | ast.AsyncFunctionDef


@dataclass(frozen=True)
class Unpacked:
    """``owner`` (a class of ``path``) now unpacks ``self.field(...)`` into ``count`` names."""

    path: str
    owner: str
    field: str
    count: int
    line: str  # upstream's added line, for the commit lookup


def unpacked_field_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork calls of a field binding one name where upstream's class now unpacks it (see the module's docstring)."""
    forked = {p: "\n".join(trees.mine[p].added.values()) for p in trees.mine if p.endswith(".py")}
    fields = {m[1] for t in forked.values() for m in _BINDS_A_CALL.finditer(t)}
    if not fields:
        return []
    items = list(_unpacked(trees, forked, fields))
    findings: list[Finding] = []
    for path, added in sorted(forked.items()):
        mine = [u for u in items if u.path != path and f".{u.field}(" in added and u.owner in added]
        text = trees.merged_text(path) if mine else None
        mine = [u for u in mine if text is not None and names_module(text, dotted_name(u.path))]
        module = trees.merged_module(path) if mine else None
        if module is None:
            continue
        owned = trees.owned_lines(path)
        for node, item in _fork_binds(module, mine):
            if node.lineno in owned:
                findings.append(_finding(trees, path, node, item, pr_pattern))
    return findings


def _unpacked(trees: ThreeTrees, forked: dict[str, str], fields: set[str]) -> Iterator[Unpacked]:
    every = "\n".join(forked.values())
    calls = [f"self.{f}(" for f in fields]
    for path in trees.upstream:
        raw = trees.upstream.raw(path) if path.endswith(".py") else ""
        if not any(c in raw for c in calls) or not _REMOVED_ONE.search(raw):
            continue
        change = trees.upstream[path]
        for _start, _count, added, removed, _new in change.hunks:
            was = {m[1] for r in removed if "self." in r and (m := _ONE.match(r)) is not None}
            now = {m[1]: a.strip() for a in added if "self." in a and (m := _MANY.match(a)) is not None}
            for field in was & set(now):
                if f".{field}(" in every:
                    yield from _owners(trees, path, field, now[field])


def _owners(trees: ThreeTrees, path: str, field: str, line: str) -> Iterator[Unpacked]:
    """The merged file's classes that unpack ``self.field(...)`` and bind it to one name nowhere, ``field`` a field
    the class stores (``self.field = ...``), not a method it defines: a method's answer is return drift's to judge
    (its returns are what changed), with that check's guards (a probe of the kind, the fork's own def)."""
    module = trees.merged_module(path)
    if module is None:
        return
    for cls in (n for n in ast.walk(module) if isinstance(n, ast.ClassDef)):
        if _defines(cls, field) or not _sets(cls, field):
            continue
        counts = {_bound(node, "self", field) for node in ast.walk(cls)} - {None}
        if counts and 1 not in counts and len(counts) == 1:
            yield Unpacked(path, cls.name, field, counts.pop() or 0, line)


def _bound(node: ast.AST, receiver: str, field: str) -> int | None:
    """How many names ``node`` binds ``receiver.field(...)`` to (an assignment of that call), else None."""
    if not isinstance(node, ast.Assign | ast.AnnAssign) or node.value is None:
        return None
    call = node.value
    if not (
        isinstance(call, ast.Call)
        and isinstance(call.func, ast.Attribute)
        and call.func.attr == field
        and isinstance(call.func.value, ast.Name)
        and call.func.value.id == receiver
    ):
        return None
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    if len(targets) != 1:
        return None
    target = targets[0]
    if isinstance(target, ast.Tuple | ast.List):
        return len(target.elts) if not any(isinstance(e, ast.Starred) for e in target.elts) else None
    return 1 if isinstance(target, ast.Name) else None


def _fork_binds(module: ast.Module, items: list[Unpacked]) -> Iterator[tuple[ast.stmt, Unpacked]]:
    """Each one-name binding of an item's field call off ``self`` in a subclass, or off a parameter of its class."""
    for cls in (n for n in ast.walk(module) if isinstance(n, ast.ClassDef)):
        bases = {_last(b) for b in cls.bases}
        for item in items:
            if item.owner in bases and not _sets(cls, item.field):
                yield from _binds(cls, "self", item)
    for func in (n for n in ast.walk(module) if isinstance(n, _Def)):
        for arg in (*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs):
            for item in items:
                if arg.annotation is not None and _names_class(arg.annotation, item.owner):
                    yield from _binds(func, arg.arg, item)


def _binds(scope: ast.AST, receiver: str, item: Unpacked) -> Iterator[tuple[ast.stmt, Unpacked]]:
    for node in ast.walk(scope):
        if isinstance(node, ast.Assign | ast.AnnAssign) and _bound(node, receiver, item.field) == 1:
            yield node, item


def _sets(cls: ast.ClassDef, field: str) -> bool:
    """Whether the class stores ``self.field`` itself (its own field, of its own class)."""
    for node in ast.walk(cls):
        targets = (
            node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        )
        for t in targets:
            if (
                isinstance(t, ast.Attribute)
                and t.attr == field
                and isinstance(t.value, ast.Name)
                and t.value.id == "self"
            ):
                return True
    return False


def _defines(cls: ast.ClassDef, name: str) -> bool:
    """Whether the class's body defines ``name`` as a method (its own def, not a field)."""
    return any(isinstance(n, _Def) and n.name == name for n in cls.body)


def _names_class(annotation: ast.expr, owner: str) -> bool:
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        return annotation.value.rpartition(".")[2] == owner
    return _last(annotation) == owner


def _last(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Subscript):
        return _last(node.value)
    return None


def _finding(trees: ThreeTrees, path: str, node: ast.stmt, item: Unpacked, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(item.path, re.escape(item.line), pr_pattern)
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        node.lineno,
        f"upstream's `{item.owner}` now unpacks `self.{item.field}(...)` into {item.count} names where it bound one "
        f"(`{item.line}`, {item.path}{commit}): the field's call now answers a tuple, and the fork binds it to one "
        "name; unpack it as upstream does",
    )
