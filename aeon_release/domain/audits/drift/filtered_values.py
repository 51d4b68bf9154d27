"""Filtered values: a fork tests an attribute equal to what it was built from, which upstream now filters.

#29221 (e9056056fb) capped ``CudaGraphManager``'s capture sizes by the decode batch size:
``self.cudagraph_sizes = sorted(self.compilation_config.cudagraph_capture_sizes)`` became ``cudagraph_sizes =
sorted(...)`` and ``self.cudagraph_sizes = [x for x in cudagraph_sizes if x <= self.max_num_reqs]``.  A fork
launcher asserting ``manager.cudagraph_sizes == sorted(manager.compilation_config.cudagraph_capture_sizes)``
merges cleanly and now fails wherever a configured size exceeds the cap (blind_replay_cgutils).  Nothing was
renamed or removed: the attribute keeps its name and type, only fewer elements.

Upstream's side: a method of a class of a changed module that assigned ``self.X = V`` at the base and assigns
``self.X`` a comprehension with an ``if`` over ``V`` upstream (``V`` itself, or a local the method binds to
``V``).  Gated before parsing: an added line of the file holding `` for `` and `` if `` and a removed line
assigning ``self.``.  The fork's side, on a line it owns: ``recv.X == E`` or ``!=`` (either order) where ``E``
is ``V`` with ``self`` spelled ``recv`` -- written out, or a local the function binds once to it.  A warning on
the comparison: wherever nothing is filtered out (every size under the cap) the test still holds, so no path is
wrong for sure.  Quiet: the comparison with upstream's filtered value, another attribute, another source, a
filter the base already applied.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_texts
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern

_SELF_STORE = lazy_pattern(r"^\s*self\.(\w+)\s*=")
_Def = ast.FunctionDef | ast.AsyncFunctionDef


@dataclass(frozen=True)
class Filtered:
    """In ``path``, ``cls``'s ``self.attr`` was ``old`` (as spelt, off ``self``) and is a filter of it now."""

    path: str
    cls: str
    attr: str
    old: str


def filtered_value_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork tests of an attribute equal to its old source, which upstream now filters (see the docstring)."""
    forked = {p: "\n".join(trees.mine[p].added.values()) for p in trees.mine if p.endswith(".py")}
    tested = {p: t for p, t in forked.items() if "==" in t or "!=" in t}
    paths = [p for p in _candidate_paths(trees) if any(f".{a}" in t for t in tested.values() for a in p[1])]
    if not paths:
        return []
    items = list(_filtered(trees, [p for p, _ in paths]))
    findings: list[Finding] = []
    for path, text in sorted(tested.items()):
        mine = [i for i in items if i.path != path and f".{i.attr}" in text]
        module = trees.merged_module(path) if mine else None
        if module is None:
            continue
        owned = trees.owned_lines(path)
        for item, line in _fork_tests(module, owned, mine):
            findings.append(_finding(trees, path, line, item, pr_pattern))
    return findings


def _candidate_paths(trees: ThreeTrees) -> list[tuple[str, set[str]]]:
    """(path, attributes a removed line stored off self) of upstream's files whose diff added a filter."""
    found = []
    for path, change in trees.upstream.items():
        if not path.endswith(".py") or not change.removed:
            continue
        if not any(" for " in a and " if " in a for a in change.added.values()):
            continue
        stored = {m[1] for r in change.removed if (m := _SELF_STORE.match(r)) is not None}
        if stored:
            found.append((path, stored))
    return found


def _filtered(trees: ThreeTrees, paths: list[str]) -> Iterator[Filtered]:
    for versions in parsed_texts(trees, sorted(paths)):
        old = _stores(versions.old)
        for (cls, attr), values in _stores(versions.new).items():
            before = {ast.unparse(v) for v, _ in old.get((cls, attr), [])}
            kept = {ast.unparse(v) for v, _ in values}
            for value, func in values:
                gens = value.generators if isinstance(value, ast.ListComp | ast.SetComp) else []
                gen = gens[0] if len(gens) == 1 else None
                if gen is None or not gen.ifs:
                    continue
                source = _source(gen.iter, func)
                if source in before and source not in kept:
                    yield Filtered(versions.path, cls, attr, source)


def _stores(module: ast.Module) -> dict[tuple[str, str], list[tuple[ast.expr, _Def]]]:
    """(class, attr) -> (value, method) of each ``self.attr = value`` a class's methods make."""
    found: dict[tuple[str, str], list[tuple[ast.expr, _Def]]] = {}
    for cls in (n for n in module.body if isinstance(n, ast.ClassDef)):
        for func in (f for f in cls.body if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)):
            for node in ast.walk(func):
                if isinstance(node, ast.Assign) and len(node.targets) == 1:
                    target = node.targets[0]
                    if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name):
                        if target.value.id == "self":
                            found.setdefault((cls.name, target.attr), []).append((node.value, func))
    return found


def _source(node: ast.expr, func: _Def) -> str:
    """``node``'s text, a local the function binds once read as what it binds."""
    if isinstance(node, ast.Name):
        bound = _bound_once(func, node.id)
        if bound is not None:
            return ast.unparse(bound)
    return ast.unparse(node)


def _bound_once(func: _Def, name: str) -> ast.expr | None:
    values = [
        n.value
        for n in ast.walk(func)
        if isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in n.targets)
    ]
    return values[0] if len(values) == 1 else None


def _fork_tests(module: ast.Module, owned: set[int], items: list[Filtered]) -> Iterator[tuple[Filtered, int]]:
    by_attr = {i.attr: i for i in items}
    for func in (n for n in ast.walk(module) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)):
        for node in ast.walk(func):
            if not isinstance(node, ast.Compare) or node.lineno not in owned or len(node.ops) != 1:
                continue
            if not isinstance(node.ops[0], ast.Eq | ast.NotEq):
                continue
            pair = (node.left, node.comparators[0])
            for side, other in (pair, pair[::-1]):
                item = by_attr.get(side.attr) if isinstance(side, ast.Attribute) else None
                if item is not None and isinstance(side, ast.Attribute) and _same(side.value, other, func, item):
                    yield item, node.lineno
                    break


def _same(recv: ast.expr, other: ast.expr, func: _Def, item: Filtered) -> bool:
    """``other`` (or what the local it names is bound to) is the old value with ``self`` spelt ``recv``."""
    if not isinstance(recv, ast.Name):
        return False
    text = _source(other, func)
    return text == item.old.replace("self.", f"{recv.id}.") or (recv.id == "self" and text == item.old)


def _finding(trees: ThreeTrees, path: str, line: int, item: Filtered, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(item.path, rf"self\.{item.attr}\b", pr_pattern)
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        line,
        f"fork tests `{item.cls}.{item.attr}` equal to `{item.old}`, which upstream now filters before storing it "
        f"({item.path}{commit}): the test fails wherever the filter drops an element; compare with what the filter "
        "keeps, or say why nothing is dropped here",
    )
