"""None sentinels: a fork override sets a field to None so that the base's method skips it, and upstream's method
no longer asks ``is not None``.

#22499 (d411df0296) changed ``GroupCoordinator.destroy`` from ``if self.cpu_group is not None:
torch.distributed.destroy_process_group(self.cpu_group)`` to ``if hasattr(self, "cpu_group"): ...``.  A fork
subclass whose ``destroy`` sets ``self.cpu_group = None`` before ``super().destroy()`` (the gloo group is shared
with the world and must outlive this one) merges cleanly; the None now passes the ``hasattr`` test and reaches
``destroy_process_group(None)``, which tears down the default group.  No name moved and no signature changed:
only the question the base asks of the field.

Upstream's side: a class of a changed module whose method, at the base, tested ``self.F is not None`` (or
``self.F`` for truth, or ``self.F is None`` to leave) and, at upstream, tests it no longer in any of those ways
while it still reads ``self.F``.  The fork's side, on lines it owns: a class deriving from that class (imported
from its module) whose override of the method sets ``self.F = None`` in a statement of its body before one that
calls ``super().<method>(...)``.  An error on the store: the sentinel no longer stops the base.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.deferred_inits import is_super_call
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_texts
from aeon_release.domain.audits.drift.stopped_writes import _deletes
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity

_MOST_FILES = 32
_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)


@dataclass(frozen=True)
class Unasked:
    """Upstream's ``cls.method`` (file ``path``) no longer asks whether ``self.field`` is None."""

    path: str
    cls: str
    method: str
    field: str


def none_sentinel_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork overrides setting a field to None before ``super()``, where upstream's method stopped asking for None."""
    fields = _nulled_fields(trees)
    if not fields:
        return []
    unasked = _unasked(trees, fields)
    if not unasked:  # no method stopped asking: no fork file to parse (readD #23)
        return []
    findings: list[Finding] = []
    for path, module, owned in fork_modules(trees, lambda line: "super()." in line or "= None" in line):
        for line, item in _sentinels(path, module, owned, unasked):
            findings.append(_finding(trees, path, line, item, pr_pattern))
    return findings


def _nulled_fields(trees: ThreeTrees) -> set[str]:
    """The fields a fork line sets to None (``self.F = None``): a text gate before any parse."""
    found: set[str] = set()
    for change in trees.mine.values():
        for line in change.added.values():
            text = line.strip()
            if text.startswith("self.") and text.replace(" ", "").endswith("=None"):
                found.add(text[5:].split("=", 1)[0].strip())
    return {f for f in found if f.isidentifier()}


def _unasked(trees: ThreeTrees, fields: set[str]) -> dict[tuple[str, str, str], list[Unasked]]:
    """(module, class, method) -> each field its method stopped asking for None, of the fields the fork nulls."""
    paths = [
        p
        for p in sorted(trees.upstream)
        if p.endswith(".py") and any(f"self.{f}" in line for line in trees.upstream[p].removed for f in fields)
    ][:_MOST_FILES]
    found: dict[tuple[str, str, str], list[Unasked]] = {}
    for both in parsed_texts(trees, paths):
        module = dotted_name(both.path, roots=("",))
        olds, news = _methods(both.old), _methods(both.new)
        for key in sorted(olds.keys() & news.keys()):
            for field in sorted(fields):
                if _asks_none(olds[key], field) and not _guards_none(news[key], field) and _reads(news[key], field):
                    found.setdefault((module, *key), []).append(Unasked(both.path, key[0], key[1], field))
    return found


def _methods(module: ast.Module) -> dict[tuple[str, str], ast.FunctionDef | ast.AsyncFunctionDef]:
    return {
        (c.name, m.name): m for c in module.body if isinstance(c, ast.ClassDef) for m in c.body if isinstance(m, _FUNCS)
    }


def _asks_none(method: ast.AST, field: str) -> bool:
    """A test of ``self.field`` against None, or for truth: ``is not None``, ``is None``, ``if self.field:``."""
    for node in ast.walk(method):
        if isinstance(node, ast.Compare) and _is_field(node.left, field) and len(node.ops) == 1:
            right = node.comparators[0]
            if isinstance(node.ops[0], ast.Is | ast.IsNot) and isinstance(right, ast.Constant) and right.value is None:
                return True
        if isinstance(node, ast.If | ast.IfExp | ast.While) and _is_field(node.test, field):
            return True
        if isinstance(node, ast.BoolOp) and any(_is_field(v, field) for v in node.values):
            return True
    return False


def _guards_none(method: ast.AST, field: str) -> bool:
    """``_asks_none``, or a None kept out another way upstream may spell it (readD): ``if not self.F: return``,
    ``(g := self.F) is not None``, ``isinstance(self.F, X)``, ``getattr(self, "F", None) is not None``: the
    sentinel still stops the method, so no error."""
    return _asks_none(method, field) or any(_other_guard(node, field) for node in ast.walk(method))


def _other_guard(node: ast.AST, field: str) -> bool:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not) and _is_field(node.operand, field):
        return True
    if isinstance(node, ast.NamedExpr) and _is_field(node.value, field):
        return True
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args:
        head = node.args[0]
        if node.func.id == "isinstance" and _is_field(head, field):
            return True
        rest = [a.value if isinstance(a, ast.Constant) else a for a in node.args[1:]]
        return node.func.id == "getattr" and isinstance(head, ast.Name) and head.id == "self" and rest == [field, None]
    return False


def _reads(method: ast.AST, field: str) -> bool:
    return any(
        _is_field(n, field) and isinstance(n.ctx, ast.Load) for n in ast.walk(method) if isinstance(n, ast.Attribute)
    )


def _is_field(node: ast.AST, field: str) -> bool:
    return (
        isinstance(node, ast.Attribute)
        and node.attr == field
        and isinstance(node.value, ast.Name)
        and node.value.id == "self"
    )


def _sentinels(
    path: str, module: ast.Module, owned: set[int], unasked: dict[tuple[str, str, str], list[Unasked]]
) -> Iterator[tuple[int, Unasked]]:
    """(line of the store, what upstream stopped asking) for each fork override nulling the field before super()."""
    imports = file_imports(module, path)
    for cls in (n for n in ast.walk(module) if isinstance(n, ast.ClassDef)):
        bases = [o for b in cls.bases if (o := imported_origin(b, imports)) is not None]
        for method in (m for m in cls.body if isinstance(m, _FUNCS)):
            for item in (i for origin in bases for i in unasked.get((origin[0], origin[1], method.name), [])):
                line = _nulled_before_super(method, item.field)
                if line is not None and line in owned:
                    yield line, item


def _nulled_before_super(method: ast.FunctionDef | ast.AsyncFunctionDef, field: str) -> int | None:
    """The line of a ``self.field = None`` among the body's statements that a later one calling
    ``super().<method>(...)`` follows, no statement between them deleting the field (review93: ``self.F = None``
    then ``if <base asks hasattr>: del self.F`` serves both bases)."""
    store: int | None = None
    for stmt in method.body:
        if (
            isinstance(stmt, ast.Assign)
            and any(_is_field(t, field) for t in stmt.targets)
            and isinstance(stmt.value, ast.Constant)
            and stmt.value.value is None
        ):
            store = stmt.lineno
        elif store is not None and _deletes(stmt, field):
            store = None  # ``del self.F`` after the None (under a version test or not): the base finds no field
        elif store is not None and any(
            isinstance(n, ast.Call) and is_super_call(n, method.name) for n in ast.walk(stmt)
        ):
            return store
    return None


def _finding(trees: ThreeTrees, path: str, line: int, item: Unasked, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(item.path, rf"self\.{item.field}", pr_pattern)
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        path,
        line,
        f"fork-owned self.{item.field} = None before super().{item.method}(), but upstream's {item.cls}.{item.method} "
        f"no longer asks whether self.{item.field} is None ({item.path}{commit}): the None no longer stops it and now "
        f"reaches what it does with the field; stop the base another way (override the step, or keep a reference)",
    )
