"""Filled-field drift: a field upstream added and fills at each build of its own, left to its default by the fork.

#44613 (f87df1df9e) added ``FusedMoEConfig.max_capture_size: int = 0``; upstream's layer now passes
``max_capture_size=compilation_config.max_cudagraph_capture_size`` and the experts read
``moe_config.max_capture_size`` where they read the compilation config themselves.  A fork line that builds
``FusedMoEConfig(...)`` itself (every field the class had) merges cleanly and hands on a config whose
experts now see 0: a default upstream's own code never takes, a placeholder.

Upstream's side: a field with a literal default (``field_defaults.class_defaults``) of a class a file upstream
changed declares, which the class did not have at the base (it did exist); each build of the class in
upstream's served Python files (not its tests, benchmarks, examples) passes it by keyword (one build at least; a build spreading ``*``
or ``**`` may or may not pass it: it counts against); and an upstream file outside its tests loads
``.field``.  The fork's side is ``handed_defaults``': a fork-owned call of the class, resolved to upstream's
module, that passes nothing positionally or by ``**`` and not the field, whose instance escapes the
function.

A warning: the default may be what the fork's build means (a feature it does not use); upstream filling the
field at each of its builds says only that upstream never relies on it.
"""

from __future__ import annotations

import ast

from aeon_release.domain.audits.drift.field_defaults import Changed, class_defaults, fork_pinned
from aeon_release.domain.audits.drift.handed_defaults import (
    ASSIGNED_NAME,
    DECLARING_MOST,
    Handed,
    fork_built,
    handed,
    read_upstream,
)
from aeon_release.domain.audits.drift.own_fields import file_classes
from aeon_release.domain.audits.drift.sides import ThreeTrees, both_texts, whole_word
from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import TEST_PATH, last_name, not_served, parse_python, simple_assignment

_BUILDERS_READ = 30  # upstream files read for a class's builds, at most: past it, "each build" is not checked


def filled_field_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork lines that build upstream's class without a field upstream added and fills at each of its builds."""
    classes = fork_built(trees)
    added = _added(trees, classes) if classes else []
    filled = [c for c in added if _filled_everywhere(trees, c)]
    if not filled:
        return []
    read = read_upstream(trees, filled)
    filled = [c for c in filled if c.name in read]
    return [
        _finding(hit, trees.upstream_commit(hit.change.path, whole_word(hit.change.name), pr_pattern, most=5), read)
        for hit in handed(trees, filled)
    ]


def _added(trees: ThreeTrees, classes: set[str]) -> list[Changed]:
    """The fields with a literal default that upstream added to a class of ``classes`` the base had."""
    paths = [p for p in trees.declaring(classes, DECLARING_MOST) if p in trees.upstream]
    names = {n for p in paths for n in ASSIGNED_NAME.findall(trees.upstream.raw(p))} if paths else set()
    before, after = both_texts(trees, paths) if names else ({}, {})
    found: list[Changed] = []
    for path in paths:
        had = _members(before.get(path), classes)
        for (owner, name), (text, value) in class_defaults(after.get(path), names).items():
            if owner in classes and owner in had and name not in had[owner]:
                found.append(Changed(name, owner, path, "", text, False, None, value))
    pinned = fork_pinned(trees, {c.name for c in found})
    return [c for c in found if c.name not in pinned]


def _members(text: str | None, classes: set[str]) -> dict[str, set[str]]:
    """Class -> every name its body assigns or annotates, and its ``__init__``'s parameters (at the base)."""
    module = parse_python(text) if text else None
    members: dict[str, set[str]] = {}
    for cls in file_classes(module.body) if module is not None else ():
        if cls.name in classes:
            members.setdefault(cls.name, set()).update(_names(cls))
    return members


def _names(cls: ast.ClassDef) -> set[str]:
    names = {n for stmt in cls.body if (n := simple_assignment(stmt, bare=True)[0]) is not None}
    for stmt in cls.body:
        if isinstance(stmt, ast.FunctionDef) and stmt.name == "__init__":
            names |= {a.arg for a in (*stmt.args.args, *stmt.args.kwonlyargs)}
    return names


def _filled_everywhere(trees: ThreeTrees, change: Changed) -> bool:
    """Each build of ``change.owner`` in upstream's files outside its tests passes ``change.name`` by keyword
    (one build at least, and no more files than ``_BUILDERS_READ`` to read)."""
    paths = sorted(
        p for p in trees.python_files_with((f"{change.owner}(",)) if not TEST_PATH.search(p) and not not_served(p)
    )
    if not paths or len(paths) > _BUILDERS_READ:
        return False
    texts = trees.blobs(trees.theirs, paths)
    builds = [call for p in paths for call in _builds(texts.get(p), change.owner)]
    return bool(builds) and all(_passes(call, change.name) for call in builds)


def _builds(text: str | None, owner: str) -> list[ast.Call]:
    module = parse_python(text) if text else None
    if module is None:
        return []
    return [n for n in ast.walk(module) if isinstance(n, ast.Call) and last_name(n.func) == owner]


def _passes(call: ast.Call, field: str) -> bool:
    """The build names ``field`` by keyword and spreads nothing that might hold it instead."""
    spread = any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords)
    return not spread and any(k.arg == field for k in call.keywords)


def _finding(hit: Handed, commit: str, read: dict[str, str]) -> Finding:
    change = hit.change
    message = (
        f"fork-owned `{hit.shown}` builds {change.owner} without {change.name}, which upstream added "
        f"({change.path}{commit}) with the default {change.new} and passes at each build of its own; upstream's "
        f"{read[change.name]} reads it, so the fork's instance carries {change.new}, a value upstream's code never "
        f"takes; pass {change.name}= as upstream's builds do, or confirm the default"
    )
    return Finding(RULE, "merge", Severity.WARNING, hit.path, hit.line, message)
