"""Bypassed hooks: upstream moved a method's body into a new method, kept the old one as its wrapper, and sent
the class's own callers to the new one; a fork override of the old method no longer runs on their path.

#44589 taught ``WeightsMapper`` stacked-shard names: ``_map_name(key)``'s body became
``_map_name_with_shard(key)`` (returning the shard id too), ``_map_name`` a backward-compatible wrapper
(``result = self._map_name_with_shard(key); return result[0] ...``), and ``apply`` -- the weight-loading path
-- now calls ``self._map_name_with_shard(name)``.  A fork mapper overriding ``_map_name`` (a checkpoint prefix
stripped) merges cleanly; ``apply_list``/``apply_dict`` still call it, but the weights themselves are mapped
without it, and loading fails on names the override would have fixed (or loads them under the wrong name).
Nothing was removed, renamed or re-signed, so symbol drift and override drift stay quiet.

Upstream's side: a class of a changed file, in both versions, with a method ``M`` that now calls a method
``N`` the class did not have, and another method ``A`` that called ``self.M(...)`` at the base and now calls
``self.N(...)`` and no longer ``self.M``.  The fork's side: a class whose ``class`` statement names that class
(imported from its module or a package above it) among its bases and that overrides ``M`` on a line the fork
owns, overriding neither ``N`` nor ``A``.  An error on the override's ``def`` line.

Pure but for reading the three trees: findings out.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.own_fields import file_classes
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import name_users
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions, whole_word
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity

_MOST_FILES = 32
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


@dataclass(frozen=True)
class Bypass:
    """In ``cls`` (of ``path``), ``caller`` now calls ``new`` where it called ``old``, ``old`` a wrapper of ``new``."""

    path: str
    cls: str
    old: str
    new: str
    caller: str


def bypassed_hook_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    paths = [
        p
        for p in sorted(trees.upstream)
        if p.endswith(".py") and any("def " in t for t in trees.upstream[p].added.values())
    ]
    found = [b for path, old, new in parsed_versions(trees, paths[:_MOST_FILES]) for b in _bypasses(path, old, new)]
    if not found:
        return []
    findings = []
    for path, module, owned in name_users(trees, {b.cls for b in found}):
        for line, bypass in _overrides(path, module, owned, found):
            findings.append(_finding(trees, path, line, bypass, pr_pattern))
    return findings


def _bypasses(path: str, old: ast.Module, new: ast.Module) -> Iterator[Bypass]:
    before = {c.name: c for c in file_classes(old.body)}
    for cls in file_classes(new.body):
        was = before.get(cls.name)
        if was is None:
            continue
        then, now = _methods(was), _methods(cls)
        added = now.keys() - then.keys()
        for name in then.keys() & now.keys():
            for inner in _self_calls(now[name]) & added:
                yield from _callers(path, cls.name, name, inner, then, now)


def _callers(
    path: str, cls: str, old: str, new: str, then: dict[str, ast.FunctionDef], now: dict[str, ast.FunctionDef]
) -> Iterator[Bypass]:
    for caller in sorted(then.keys() & now.keys() - {old}):
        was, calls = _self_calls(then[caller]), _self_calls(now[caller])
        if old in was and old not in calls and new in calls:
            yield Bypass(path, cls, old, new, caller)


def _methods(cls: ast.ClassDef) -> dict[str, ast.FunctionDef]:
    return {s.name: s for s in cls.body if isinstance(s, ast.FunctionDef)}


def _self_calls(func: ast.FunctionDef) -> set[str]:
    """Names of the methods ``func`` calls on its first parameter (``self.m(...)``)."""
    if not func.args.args:
        return set()
    me = func.args.args[0].arg
    return {
        n.func.attr
        for n in ast.walk(func)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and isinstance(n.func.value, ast.Name)
        and n.func.value.id == me
    }


def _overrides(path: str, module: ast.Module, owned: set[int], found: list[Bypass]) -> Iterator[tuple[int, Bypass]]:
    imports = file_imports(module, path)
    for cls in file_classes(module.body):
        origins = [o for b in cls.bases if (o := imported_origin(b, imports)) is not None]
        defined = {s.name: s for s in cls.body if isinstance(s, _FUNCTIONS)}
        for bypass in found:
            if not any(_names(o, bypass) for o in origins):
                continue
            hook = defined.get(bypass.old)
            if hook is not None and hook.lineno in owned and not defined.keys() & {bypass.new, bypass.caller}:
                yield hook.lineno, bypass


def _names(origin: tuple[str, str], bypass: Bypass) -> bool:
    """The import names the class's module or a package above it (a re-export)."""
    module = dotted_name(bypass.path, roots=("",))
    return origin[1] == bypass.cls and (module == origin[0] or module.startswith(origin[0] + "."))


def _finding(trees: ThreeTrees, path: str, line: int, b: Bypass, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(b.path, whole_word(b.new), pr_pattern)
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        path,
        line,
        f"fork-owned override of {b.cls}.{b.old}, which upstream made a wrapper of a new {b.new} "
        f"({b.path}{commit}): {b.cls}.{b.caller} now calls {b.new} and no longer {b.old}, so the override "
        f"does not run on that path; override {b.new} instead (or as well)",
    )
