"""Unbound module values: a module-level name upstream bound at import is now only annotated, bound later.

#20511 (66f6fbd393) turned ``kv_cache_utils``' ``NONE_HASH = int.from_bytes(os.urandom(32), ...)`` into a bare
``NONE_HASH: int``, bound by ``init_none_hash(hash_fn)`` (a function declaring it ``global``) when the engine
starts.  A fork module's top-level ``from ...kv_cache_utils import NONE_HASH`` merges cleanly and raises
ImportError when the fork's module is imported (an annotation binds nothing); a top-level ``AEON_SEED =
kv_cache_utils.NONE_HASH`` raises AttributeError there.  A read off the module inside a function runs once
the engine has bound it: quiet.

Upstream's side: a Python file upstream changed whose top level bound the name once, unconditionally, to a
value at the base and now only annotates it (``X: T``, no other top-level binding: no store, import, def or
class of the name), with no module ``__getattr__`` and no top-level call of a function of the module rebinding
it (``global X``).  The fork's side, on a line it owns, in a module importing the very file: an error for
``from m import X`` (an ``as`` alias, a relative import) at the module's top level, and for a read ``m.X`` in a
top-level statement that is no ``def``, ``class``, ``if``, ``try`` or ``with`` (a test or a handler around it is
the fork's guard); a warning for ``from m import X`` inside a function (it binds whatever the global holds when
the function runs: a copy, bound only once the builder ran).  Quiet: ``m.X`` read in a function,
``getattr(m, "X", default)``, a fork line storing the name (``m.X = ...``, ``global X``: the fork binds it), a
name still bound at the top level (``nulled_globals`` judges one now bound to None).

Pure but for reading the three trees: findings out.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from aeon_release.domain.audits.drift.nulled_defaults import _absolute, _runtime_imports
from aeon_release.domain.audits.drift.nulled_globals import (
    _CONDITIONAL,
    Nulled,
    _builders,
    _built_at_import,
    _dotted,
    _module_names,
    _stored,
    _top_bindings,
)
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_texts
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern

# a line upstream's diff adds annotating a module-level name with no value: column 0, nothing after the type
# but a comment
_BARE_LINE = lazy_pattern(r"^\+([A-Za-z_]\w*)[ \t]*:[^=\n]*$", re.MULTILINE)
_GUARDS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.If, ast.Try, ast.With)


def unbound_global_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork lines that need, at their module's import, a module-level name upstream now only annotates."""
    words = trees.fork_words()
    candidates = [p for p in trees.upstream if p.endswith(".py") and _bare_names(trees.upstream.raw(p)) & words]
    if not candidates:
        return []
    unbound = [
        hit
        for v in parsed_texts(trees, candidates)
        for hit in _unbound(v.path, v.old, v.new)
        if hit.name in words and not _stored(trees, hit.name)
    ]
    if not unbound:
        return []
    names = {hit.name for hit in unbound}
    findings = []
    for path, module, owned in fork_modules(trees, lambda line: any(n in line for n in names)):
        for line, hit, how, severity in _uses(path, module, owned, unbound):
            commit = trees.upstream_commit(hit.path, rf"^{hit.name}[[:space:]]*:", pr_pattern)
            findings.append(_finding(path, line, hit, how, commit, severity))
    return findings


def _bare_names(raw: str) -> set[str]:
    """The names a file's raw diff adds a bare module-level annotation line for."""
    return {m.group(1) for m in _BARE_LINE.finditer(raw)}


def _unbound(path: str, old: ast.Module, new: ast.Module) -> Iterator[Nulled]:
    """The names bound once, unconditionally, at the base's top level and only annotated at the new one's,
    with no module ``__getattr__`` and no builder run at import."""
    if any(isinstance(s, ast.FunctionDef) and s.name == "__getattr__" for s in new.body):
        return
    before = _top_bindings(old)
    bare = {name for s in new.body if (name := _bare(s))}
    after = _top_bindings(ast.Module(body=[s for s in new.body if not _bare(s)], type_ignores=[]))
    for name in sorted(bare - set(after)):
        was = before.get(name)
        if was is None or len(was) != 1 or was[0] is _CONDITIONAL:
            continue
        builders = _builders(new, name)
        if not _built_at_import(new, builders):
            yield Nulled(path, _dotted(path), name, ast.unparse(was[0])[:60], builders)


def _bare(stmt: ast.stmt) -> str:
    """The name a bare module-level annotation (``X: T``, no value) declares; empty for any other statement."""
    if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.value is None:
        return stmt.target.id
    return ""


def _uses(
    path: str, module: ast.Module, owned: set[int], unbound: list[Nulled]
) -> Iterator[tuple[int, Nulled, str, Severity]]:
    by_key = {(hit.module, hit.name): hit for hit in unbound}
    top = {id(s) for s in module.body}
    for stmt in _runtime_imports(module):
        source = _absolute(stmt, path)
        for alias in stmt.names:
            hit = by_key.get((source, alias.name))
            if hit is not None and stmt.lineno in owned:
                severity = Severity.ERROR if id(stmt) in top else Severity.WARNING
                yield stmt.lineno, hit, f"imports {alias.name}", severity
    yield from _top_reads(module, owned, _module_names(module, path, unbound), unbound)


def _top_reads(
    module: ast.Module, owned: set[int], modules: dict[str, str], unbound: list[Nulled]
) -> Iterator[tuple[int, Nulled, str, Severity]]:
    """``m.X`` loads in the module's unguarded top-level statements (run at import)."""
    for stmt in module.body:
        if isinstance(stmt, _GUARDS):
            continue
        for node in ast.walk(stmt):
            if not (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load) and node.lineno in owned):
                continue
            source = modules.get(ast.unparse(node.value))
            hit = next((h for h in unbound if h.module == source and h.name == node.attr), None)
            if hit is not None:
                yield node.lineno, hit, f"reads {ast.unparse(node)} at import", Severity.ERROR


def _finding(path: str, line: int, hit: Nulled, how: str, commit: str, severity: Severity) -> Finding:
    built = f"bound later by {', '.join(sorted(hit.builders))}()" if hit.builders else "bound by nothing in the module"
    tail = (
        "a copy taken in a function holds only what the global held when it ran"
        if severity is Severity.WARNING
        else "this raises when the fork's module is imported"
    )
    return Finding(
        RULE,
        "merge",
        severity,
        path,
        line,
        f"fork-owned line {how}, {hit.module}.{hit.name}, which upstream now only annotates at import (was "
        f"{hit.was}; {built}) ({hit.path}{commit}): {tail}; read it off the module, inside a function, once "
        "it is bound",
    )
