"""Dropped fix-ups: upstream's class no longer stores a constant member into one of its fields; a fork tests for it.

#34523 (87789c8364) stopped the top config's ``__post_init__`` lowering ``self.optimization_level =
OptimizationLevel.O0`` when the model runs eager; it sets the compile mode and the CUDA-graph mode to NONE
instead.  A fork line ``config.optimization_level == OptimizationLevel.O0`` (its "is the engine eager"
test: skip its own graph warm-up) merges cleanly and is now false for every eager engine but one started with
``-O0``: the fork's path silently never runs, no error.  Nothing the fork names is gone (the field and the
member stay), so symbol drift stays quiet.  Upstream drops such fix-ups whenever a mode is re-expressed through
other fields.

Upstream's side: a class of a changed file some method of which, at the base, stored ``self.F = A.M`` (a
dotted constant: an enum member, a class constant) on a line the diff took out, while no method of the class
upstream stores that value into ``F`` any more (the store moved within the class keeps it), and the class still
has ``F`` (declared in its body or stored by a method: a field gone is symbol drift's).

The fork's side, on a line it owns, in a file naming the class: a comparison of an attribute ``F`` (off any
receiver but a parameter annotated without naming the class) with ``A.M`` (spelt with the same last two names).  A warning: the value can still come from the
user's own setting, so the test is not dead, only blind to the case the dropped fix-up put there.  Quiet: a
comparison with another member, a store that moved to another method of the class, a file that never names the
class, a parameter annotated with another class (the fork's own namesake field).

Cheap first: only upstream files whose removed lines store a dotted constant on ``self``, parsed only when some
line the fork added holds one of those members, and only fork files whose added lines name one of the members.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, fork_added, parsed_versions
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern

_MOST_FILES = 32
# a removed line storing a dotted constant on ``self``: ``self.optimization_level = OptimizationLevel.O0``
_STORE = lazy_pattern(r"^\s*self\.(\w+)\s*(?::[^=]+)?=\s*([A-Za-z_]\w*\.[A-Za-z_]\w*)\s*$")


@dataclass(frozen=True)
class Dropped:
    """``cls`` (in ``path``) no longer stores ``value`` (``A.M``) into its field ``field``."""

    path: str
    cls: str
    field: str
    value: str


def dropped_fixup_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork comparisons of a field with the constant upstream's class no longer stores into it."""
    removed = {p: _removed_stores(trees, p) for p in sorted(trees.upstream) if p.endswith(".py")}
    paths = [p for p, pairs in removed.items() if pairs][:_MOST_FILES]
    # every finding is a fork file one of whose added lines holds the member (fork_modules' own test below):
    # none such, and no upstream file need be parsed (perf30: 31 ms on the 80-commit bench)
    if not _fork_names({value.rpartition(".")[2] for p in paths for _, value in removed[p]}, trees):
        return []
    dropped = [d for path, old, new in parsed_versions(trees, paths) for d in _dropped(path, old, new, removed[path])]
    if not dropped:
        return []
    members = {d.value.rpartition(".")[2] for d in dropped}
    return [
        _finding(trees, path, line, item, text, pr_pattern)
        for path, module, owned in fork_modules(trees, lambda line: any(m in line for m in members))
        for item, line, text in _fork_tests(module, dropped)
        if line in owned
    ]


def _fork_names(members: set[str], trees: ThreeTrees) -> bool:
    """Some line the fork added holds one of ``members`` (as ``fork_modules`` tests a line: a substring)."""
    return any(m in line for line in fork_added(trees) for m in members)


def _removed_stores(trees: ThreeTrees, path: str) -> set[tuple[str, str]]:
    """(field, constant) of the removed lines storing a dotted constant on ``self``."""
    found = set()
    for line in trees.upstream[path].removed:
        if "self." in line and (m := _STORE.match(line)):
            found.add((m.group(1), m.group(2)))
    return found


def _dropped(path: str, old: ast.Module, new: ast.Module, removed: set[tuple[str, str]]) -> Iterator[Dropped]:
    before, after = _class_stores(old), _class_stores(new)
    for cls, pairs in sorted(before.items()):
        if cls not in after:
            continue  # a class gone is symbol drift's
        kept, fields = after[cls], {f for f, _ in after[cls]} | _declared(new, cls)
        for field, value in sorted(pairs & removed):
            if (field, value) not in kept and field in fields:
                yield Dropped(path, cls, field, value)


def _class_stores(module: ast.Module) -> dict[str, set[tuple[str, str]]]:
    """Class name -> (field, value as spelt) of every ``self.field = value`` in its methods (a value
    that is no dotted constant is kept as spelt: the field is still stored)."""
    found: dict[str, set[tuple[str, str]]] = {}
    for cls in (n for n in module.body if isinstance(n, ast.ClassDef)):
        stores = found.setdefault(cls.name, set())
        for node in ast.walk(cls):
            if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name):
                        if target.value.id == "self":
                            stores.add((target.attr, ast.unparse(node.value)))
    return found


def _declared(module: ast.Module, name: str) -> set[str]:
    """The fields the class's body declares (``field: T = ...``, ``field = ...``)."""
    for cls in (n for n in module.body if isinstance(n, ast.ClassDef) and n.name == name):
        return {
            t.id
            for stmt in cls.body
            if isinstance(stmt, ast.Assign | ast.AnnAssign)
            for t in (stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target])
            if isinstance(t, ast.Name)
        }
    return set()


def _fork_tests(module: ast.Module, dropped: list[Dropped]) -> Iterator[tuple[Dropped, int, str]]:
    """(dropped store, line, the comparison as spelt) of each comparison of the field with its constant, in a
    file naming the store's class."""
    named = {n.id for n in ast.walk(module) if isinstance(n, ast.Name)} | {
        a.asname or a.name for n in ast.walk(module) if isinstance(n, ast.ImportFrom) for a in n.names
    }
    items = [d for d in dropped if d.cls in named]
    typed = _annotated(module) if items else {}
    for node in (n for n in ast.walk(module) if isinstance(n, ast.Compare)) if items else ():
        sides = [node.left, *node.comparators]
        for item in items:
            reads = [x for x in sides if isinstance(x, ast.Attribute) and x.attr == item.field]
            # a parameter annotated with another class is not the class's object (``k: Knob``)
            if any(_may_be(x.value, item.cls, typed) for x in reads) and any(_spells(x, item.value) for x in sides):
                yield item, node.lineno, ast.unparse(node)


def _annotated(module: ast.Module) -> dict[str, set[str]]:
    """Parameter name -> the words of its annotations in the module's functions."""
    found: dict[str, set[str]] = {}
    for func in (n for n in ast.walk(module) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)):
        for arg in [*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs]:
            if arg.annotation is not None:
                found.setdefault(arg.arg, set()).update(re.findall(r"\w+", ast.unparse(arg.annotation)))
    return found


def _may_be(receiver: ast.expr, cls: str, typed: dict[str, set[str]]) -> bool:
    """The receiver may be an object of ``cls``: anything but a parameter annotated without naming it."""
    return not isinstance(receiver, ast.Name) or receiver.id not in typed or cls in typed[receiver.id]


def _spells(expr: ast.expr, value: str) -> bool:
    """``expr`` is the dotted constant ``value`` (its last two names: ``mod.OptimizationLevel.O0`` too)."""
    owner, _, member = value.partition(".")
    if not isinstance(expr, ast.Attribute) or expr.attr != member:
        return False
    base = expr.value
    return (isinstance(base, ast.Name) and base.id == owner) or (isinstance(base, ast.Attribute) and base.attr == owner)


def _finding(trees: ThreeTrees, path: str, line: int, item: Dropped, text: str, pr_pattern: str) -> Finding:
    field, value = re.escape(item.field), re.escape(item.value)
    commit = trees.upstream_commit(item.path, rf"self\.{field}[[:space:]]*=[[:space:]]*{value}", pr_pattern)
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        line,
        f"fork-owned test `{text}`, but upstream ({item.path}{commit}) no longer stores {item.value} into "
        f"{item.cls}.{item.field}: the fix-up that set it is gone, so this test no longer sees the case it put "
        f"there (a warning: the value may still come from a caller's own setting)",
    )
