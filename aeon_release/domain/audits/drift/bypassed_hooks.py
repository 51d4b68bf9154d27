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
owns, overriding neither ``N`` nor ``A`` (a method or a class-level alias), nor a class of its file listed
before it among the bases (a mixin ahead in the MRO).  An error on the override's ``def`` line; a warning when
a base listed before it comes from elsewhere (it may override ``A``).

Pure but for reading the three trees: findings out.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.own_fields import file_classes
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import name_users
from aeon_release.domain.audits.drift.sides import ThreeTrees, declared, parsed_versions, whole_word
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
    words = trees.fork_words() if paths else frozenset()
    kept = functools.partial(_may_bypass, words)
    found = [
        b for path, old, new in parsed_versions(trees, paths[:_MOST_FILES], kept) for b in _bypasses(path, old, new)
    ]
    if not found:
        return []
    findings = []
    for path, module, owned in name_users(trees, {b.cls for b in found}):
        for line, bypass, sure in _overrides(path, module, owned, found):
            findings.append(_finding(trees, path, line, bypass, sure, pr_pattern))
    return findings


def _may_bypass(words: frozenset[str], old_text: str, new_text: str) -> bool:
    """Whether upstream's new version may hold a bypass the fork can override, before either is parsed: a
    finding needs a fork line naming the class (``name_users``) and the override's ``def`` on a line the
    fork owns, so both names are fork words and both are declared in the new text (at 80 commits this
    skips the ~40 parses the check made, 0.3-0.5 s of CPU, when the fork's lines name none of them)."""
    return not words.isdisjoint(declared(new_text, "class")) and not words.isdisjoint(declared(new_text, "def"))


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
        # ``mapper = self._map_name; mapper(name)``: a bound method read off self is still called
        if old in was and old not in _self_loads(now[caller]) and new in calls:
            yield Bypass(path, cls, old, new, caller)


def _self_loads(func: ast.FunctionDef) -> set[str]:
    """Names ``func`` reads off its first parameter (``self.m``, called or not)."""
    if not func.args.args:
        return set()
    me = func.args.args[0].arg
    return {
        n.attr
        for n in ast.walk(func)
        if isinstance(n, ast.Attribute)
        and isinstance(n.ctx, ast.Load)
        and isinstance(n.value, ast.Name)
        and n.value.id == me
    }


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


def _overrides(
    path: str, module: ast.Module, owned: set[int], found: list[Bypass]
) -> Iterator[tuple[int, Bypass, bool]]:
    """(line, bypass, sure) for each owned override of a wrapped method its class's callers bypass."""
    imports = file_imports(module, path)
    local = {c.name: c for c in file_classes(module.body)}
    for cls in file_classes(module.body):
        origins = [imported_origin(b, imports) for b in cls.bases]
        defined = _defined(cls)
        for bypass in found:
            hit = next((i for i, o in enumerate(origins) if o is not None and _names(o, bypass)), None)
            hook = defined.get(bypass.old)
            if hit is None or hook is None or hook.lineno not in owned:
                continue
            before = _earlier_bases(cls.bases[:hit], local)  # in the MRO ahead of the upstream class
            if not (defined.keys() | before[0]) & {bypass.new, bypass.caller}:
                yield hook.lineno, bypass, before[1]


def _defined(cls: ast.ClassDef) -> dict[str, ast.stmt]:
    """The names the class body binds: its methods and class-level assignments (``_m_with_shard = _mine``)."""
    found: dict[str, ast.stmt] = {}
    for stmt in cls.body:
        if isinstance(stmt, _FUNCTIONS):
            found[stmt.name] = stmt
        elif isinstance(stmt, ast.Assign | ast.AnnAssign):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            found |= {t.id: stmt for t in targets if isinstance(t, ast.Name)}
    return found


def _earlier_bases(
    bases: list[ast.expr], local: dict[str, ast.ClassDef], seen: frozenset[str] = frozenset()
) -> tuple[set[str], bool]:
    """(names the file's own classes among ``bases`` define, sure): a base defined elsewhere (a mixin
    imported) may override the caller too, so the finding is no longer sure."""
    names: set[str] = set()
    sure = True
    for base in bases:
        name = base.id if isinstance(base, ast.Name) else None
        if name in ("object", "ABC", "Generic", "Protocol") or isinstance(base, ast.Subscript):
            continue
        if name is None or name not in local or name in seen:
            sure = False
            continue
        inner, inner_sure = _earlier_bases(local[name].bases, local, seen | {name})
        names |= _defined(local[name]).keys() | inner
        sure = sure and inner_sure
    return names, sure


def _names(origin: tuple[str, str], bypass: Bypass) -> bool:
    """The import names the class's module or a package above it (a re-export)."""
    module = dotted_name(bypass.path, roots=("",))
    return origin[1] == bypass.cls and (module == origin[0] or module.startswith(origin[0] + "."))


def _finding(trees: ThreeTrees, path: str, line: int, b: Bypass, sure: bool, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(b.path, whole_word(b.new), pr_pattern)
    maybe = "" if sure else " (unless a base listed before it, defined elsewhere, overrides one of them)"
    return Finding(
        RULE,
        "merge",
        Severity.ERROR if sure else Severity.WARNING,
        path,
        line,
        f"fork-owned override of {b.cls}.{b.old}, which upstream made a wrapper of a new {b.new} "
        f"({b.path}{commit}): {b.cls}.{b.caller} now calls {b.new} and no longer {b.old}, so the override "
        f"does not run on that path; override {b.new} instead (or as well){maybe}",
    )
