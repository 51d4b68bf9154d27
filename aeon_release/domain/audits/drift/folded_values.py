"""Folded value drift: upstream now rewrites a field's old values into one new value when the object is built;
a fork line still compares the field with an old one.

#25232 folded the per-model MTP method names into one: ``SpeculativeConfig.__post_init__`` gained ``if
self.method in MTP_MODEL_TYPES: self.method = "mtp"``, and upstream's own tests moved to ``== "mtp"``.  A
fork line ``if self.method == "deepseek_mtp":`` (in a proposer subclass, a helper reading
``speculative_config.method``) merges cleanly and is never true again: the name is still accepted (the
``Literal`` keeps it), it just never survives construction.

A value is *folded* when a method that runs on every instance (``__init__``, ``__post_init__``, a pydantic
validator) of one of upstream's changed files holds, at upstream and not at the base, an ``if`` testing
``self.<field>`` against it (``==`` a string, ``in`` a display of strings or a module-level tuple of them)
whose body assigns ``self.<field>`` another string literal; a value the class assigns the field itself
anywhere is a state it returns to, not folded.  A fork-owned comparison (``==``, ``!=``,
``in``/``not in`` a display) of ``<anything>.<field>`` with a folded value is an error, unless the same
comparison also names the new value (written for both sides), or it sits in the file that folds (code
there may run before the fold).

Cheap first: only upstream diffs adding a ``self.<field> = "..."`` line are parsed; only fork files whose
added lines read ``.<field>`` and hold a folded value's text are.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_texts
from aeon_release.domain.audits.merge_rules import NAME_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity

# an added line giving an instance field a string literal: where a fold may have been written
_SET_STRING = re.compile(r"^\+[ \t]*self\.(\w+)[ \t]*=[ \t]*[\"']", re.M)
_EVERY_INSTANCE = frozenset({"__init__", "__post_init__"})


@dataclass(frozen=True)
class Fold:
    """Upstream's rewrite of ``owner.field``'s ``old`` values into ``new`` (in ``path``, at ``line``)."""

    field: str
    old: frozenset[str]
    new: str
    owner: str
    path: str
    line: int


def folded_value_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    folds = _folds(trees)
    if not folds:
        return []
    findings: list[Finding] = []
    for path in sorted(p for p in trees.mine if p.endswith(".py")):
        added = "\n".join(trees.mine[path].added.values())
        wanted = [f for f in folds if f".{f.field}" in added and any(v in added for v in f.old) and f.path != path]
        module = trees.merged_module(path) if wanted else None
        owned = trees.owned_lines(path) if module is not None else set()
        for node in ast.walk(module) if module is not None and owned else ():
            if isinstance(node, ast.Compare) and node.lineno in owned:
                for fold, value, shown in _compared(node, wanted):
                    findings.append(_finding(trees, path, node.lineno, fold, value, shown, pr_pattern))
    return findings


def _folds(trees: ThreeTrees) -> list[Fold]:
    paths = trees.upstream.matching(_SET_STRING, ".py")
    found: list[Fold] = []
    for both in parsed_texts(trees, paths):
        fields = set(_SET_STRING.findall(trees.upstream.raw(both.path)))
        before = {(f.field, f.owner, v) for f in _folds_in(both.old, fields, both.path) for v in f.old}
        for fold in _folds_in(both.new, fields, both.path):
            old = frozenset(v for v in fold.old if (fold.field, fold.owner, v) not in before)
            if old:
                found.append(Fold(fold.field, old, fold.new, fold.owner, fold.path, fold.line))
    return found


def _folds_in(module: ast.Module, fields: set[str], path: str) -> Iterator[Fold]:
    tuples = _module_strings(module)
    for cls in (n for n in ast.walk(module) if isinstance(n, ast.ClassDef)):
        states = _assigned_strings(cls)
        for method in cls.body:
            if not isinstance(method, ast.FunctionDef | ast.AsyncFunctionDef) or not _every_instance(method):
                continue
            for node in ast.walk(method):
                if isinstance(node, ast.If):
                    fold = _fold(node, fields, tuples)
                    old = fold[1] - states.get(fold[0], frozenset()) if fold is not None else frozenset()
                    if fold is not None and old:
                        yield Fold(fold[0], old, fold[2], cls.name, path, node.lineno)


def _assigned_strings(cls: ast.ClassDef) -> dict[str, frozenset[str]]:
    """field -> the strings the class's code assigns it (``self.f = "idle"``): a value the class sets again is a
    state the field holds between steps (#20625's parser returns to "idle"), not a rewrite."""
    found: dict[str, set[str]] = {}
    for node in ast.walk(cls):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            for target in node.targets:
                if field := _self_field(target):
                    found.setdefault(field, set()).add(node.value.value)
    return {field: frozenset(values) for field, values in found.items()}


def _every_instance(method: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A method that runs on every instance built: the constructor, a dataclass's post-init, a validator."""
    if method.name in _EVERY_INSTANCE:
        return True
    for decorator in method.decorator_list:
        head = decorator.func if isinstance(decorator, ast.Call) else decorator
        if "validator" in ast.unparse(head).rsplit(".", 1)[-1]:
            return True
    return False


def _fold(node: ast.If, fields: set[str], tuples: dict[str, frozenset[str]]) -> tuple[str, frozenset[str], str] | None:
    """(field, the values tested, the string assigned) of ``if self.f in (...): ... self.f = "new"``."""
    test = node.test
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and _self_field(test.left) in fields):
        return None
    field = _self_field(test.left)
    right = test.comparators[0]
    if isinstance(test.ops[0], ast.Eq):
        values = _strings(right, {})
    elif isinstance(test.ops[0], ast.In):
        values = _strings(right, tuples)
    else:
        return None
    for stmt in node.body:
        if (
            isinstance(stmt, ast.Assign)
            and len(stmt.targets) == 1
            and _self_field(stmt.targets[0]) == field
            and isinstance(stmt.value, ast.Constant)
            and isinstance(stmt.value.value, str)
            and values
            and stmt.value.value not in values
        ):
            return field, values, stmt.value.value
    return None


def _self_field(node: ast.expr) -> str:
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
        return node.attr
    return ""


def _strings(node: ast.expr, tuples: dict[str, frozenset[str]]) -> frozenset[str]:
    """The strings a literal, a display of literals, or a module-level name bound to one holds."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return frozenset({node.value})
    if isinstance(node, ast.Name):
        return tuples.get(node.id, frozenset())
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("frozenset", "set"):
        return _strings(node.args[0], tuples) if len(node.args) == 1 else frozenset()
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        if all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts):
            return frozenset(str(e.value) for e in node.elts if isinstance(e, ast.Constant))
    return frozenset()


def _module_strings(module: ast.Module) -> dict[str, frozenset[str]]:
    """Module-level names bound once to a display of strings (``MTP_MODEL_TYPES = ("deepseek_mtp", ...)``)."""
    bound: dict[str, list[ast.expr]] = {}
    for stmt in module.body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            bound.setdefault(stmt.targets[0].id, []).append(stmt.value)
        elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.value is not None:
            bound.setdefault(stmt.target.id, []).append(stmt.value)
    return {name: _strings(values[0], {}) for name, values in bound.items() if len(values) == 1}


def _compared(node: ast.Compare, folds: list[Fold]) -> Iterator[tuple[Fold, str, str]]:
    """(fold, the folded value, the read shown) of a comparison of ``x.<field>`` with a folded value."""
    if len(node.ops) != 1 or not isinstance(node.ops[0], ast.Eq | ast.NotEq | ast.In | ast.NotIn):
        return
    for read, other in ((node.left, node.comparators[0]), (node.comparators[0], node.left)):
        if not isinstance(read, ast.Attribute):
            continue
        values = _strings(other, {})
        for fold in folds:
            hit = sorted(values & fold.old)
            if read.attr == fold.field and hit and fold.new not in values:
                yield fold, hit[0], ast.unparse(read)
        return


def _finding(trees: ThreeTrees, path: str, line: int, fold: Fold, value: str, shown: str, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(
        fold.path, rf"self\.{re.escape(fold.field)} *= *[\"']{re.escape(fold.new)}", pr_pattern
    )
    message = (
        f"fork-owned line compares {shown} with {value!r}, but upstream now rewrites {fold.owner}.{fold.field} "
        f"{value!r} to {fold.new!r} when it is built ({fold.path}:{fold.line}{commit}): the comparison is never "
        f"true again; compare with {fold.new!r}"
    )
    return Finding(RULE, "merge", Severity.ERROR, path, line, message)
