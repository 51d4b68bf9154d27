"""Copied fallbacks: a fork ``getattr`` spelling upstream's fallback for an attribute, which upstream changed.

#39032 made NemotronH's SSM cache dtype, when the checkpoint's config names none, ``float32``:
``getattr(hf_config, "mamba_ssm_cache_dtype", "float16")`` in ``NemotronHForCausalLMConfig.verify_and_update_config``
became ``getattr(hf_config, "mamba_ssm_cache_dtype", cls.DEFAULT_MAMBA_SSM_CACHE_DTYPE)`` with the class constant
``"float32"``.  A fork's memory planner that mirrors the choice, ``getattr(hf_config, "mamba_ssm_cache_dtype",
"float16")``, merges cleanly and now sizes the SSM state at half what upstream allocates.

Upstream's side: a top-level function or class (its methods together) of a changed module whose body at the base
called ``getattr(x, "name", <literal>)`` and, as merged, calls ``getattr(..., "name", ...)`` with another fallback: a
literal, or a constant of the class (``cls.X``/``self.X``/``Class.X``) or of the module bound once to a literal.  The
fallback counts when it is a string or a number (``None`` and the booleans are everyone's fallbacks).  The fork's side,
on a line it owns: ``getattr(..., "name", <the old literal>)``.  A warning: the fork may have picked the value for
itself, but where it mirrors upstream's choice it now disagrees with what upstream computes.

Pure but for reading the three trees: findings out.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, fork_added, parsed_texts
from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern

_MOST_FILES = 32
_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)
_NONE = object()
_LITERAL = lazy_pattern(r"""["'][^"'\n]*["']|\b\d""")


@dataclass(frozen=True)
class Changed:
    path: str
    where: str  # the function or class holding the getattr
    name: str  # the attribute read
    old: object
    new: object


def copied_fallback_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork ``getattr`` calls spelling an old fallback upstream changed for the same attribute."""
    # perf28: a finding lies in a module ``fork_modules`` lets in, one of whose added lines holds ``getattr(``;
    # with no such line the test below passes no module, so upstream's candidates are not read nor parsed
    if not any("getattr(" in line for line in fork_added(trees)):
        return []
    changed = _changed(trees)
    if not changed:
        return []
    by_name = {(c.name, type(c.old), c.old): c for c in changed}
    findings = []
    for path, module, owned in fork_modules(trees, lambda line: "getattr(" in line):
        for call in ast.walk(module):
            got = _fallback(call)
            if got is None or call.lineno not in owned:  # type: ignore[attr-defined]
                continue
            name, value = got
            hit = by_name.get((name, type(value), value))
            if hit is not None:
                findings.append(_finding(trees, path, call.lineno, hit, pr_pattern))  # type: ignore[attr-defined]
    return findings


def _changed(trees: ThreeTrees) -> list[Changed]:
    # a fallback spelt on its own line below ``getattr(`` (#39032's) is a removed line holding a literal: such files
    # are read after the ones removing a ``getattr(`` line, and only where the base's text calls getattr
    removed = {p: trees.upstream[p].removed for p in sorted(trees.upstream) if p.endswith(".py")}
    first = [p for p, lines in removed.items() if any("getattr(" in line for line in lines)]
    paths = first + [p for p, lines in removed.items() if p not in first and any(map(_LITERAL.search, lines))]
    words = trees.fork_words()
    found: list[Changed] = []
    for both in parsed_texts(trees, paths[:_MOST_FILES], lambda old, new: "getattr(" in old):
        olds, news = dict(_scopes(both.old)), dict(_scopes(both.new))
        for qual in sorted(olds.keys() & news.keys()):
            old_cls, old_func = olds[qual]
            new_cls, new_func = news[qual]
            before = _fallbacks(old_func, old_cls, both.old)
            after = _fallbacks(new_func, new_cls, both.new)
            for name, old in sorted(before.items()):
                new = after.get(name, _NONE)
                if name in words and new is not _NONE and _telling(old) and (type(new), new) != (type(old), old):
                    found.append(Changed(both.path, qual, name, old, new))
    return found


def _telling(value: object) -> bool:
    """A fallback someone chose: a string or a number (not None, not a boolean)."""
    return isinstance(value, str | int | float) and not isinstance(value, bool)


def _scopes(module: ast.Module) -> Iterator[tuple[str, tuple[ast.ClassDef | None, ast.AST]]]:
    """Each top-level function, and each top-level class (its methods together: a fallback moves between a
    class's methods, #39032's into a new helper), by name."""
    for stmt in module.body:
        if isinstance(stmt, _FUNCS):
            yield stmt.name, (None, stmt)
        elif isinstance(stmt, ast.ClassDef):
            yield stmt.name, (stmt, stmt)


def _fallbacks(func: ast.AST, cls: ast.ClassDef | None, module: ast.Module) -> dict[str, object]:
    """attribute -> the one fallback the function's ``getattr(x, "attribute", fallback)`` calls give it, resolved
    to a literal (through a class or module constant); an attribute given two fallbacks, or one not resolved, is out."""
    seen: dict[str, set[tuple[type, object]]] = {}
    for node in ast.walk(func):
        got = _fallback(node, cls, module)
        if got is not None:
            seen.setdefault(got[0], set()).add((type(got[1]), got[1]))
    return {name: next(iter(values))[1] for name, values in seen.items() if len(values) == 1}


def _fallback(
    node: ast.AST, cls: ast.ClassDef | None = None, module: ast.Module | None = None
) -> tuple[str, object] | None:
    """(attribute, fallback) of ``getattr(x, "attribute", fallback)``, the fallback a literal or a constant."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr"):
        return None
    if len(node.args) != 3 or node.keywords or not isinstance(node.args[1], ast.Constant):
        return None
    name, value = node.args[1].value, _literal(node.args[2], cls, module)
    return (name, value) if isinstance(name, str) and value is not _NONE else None


def _literal(expr: ast.expr, cls: ast.ClassDef | None, module: ast.Module | None) -> object:
    if isinstance(expr, ast.Constant):
        return expr.value
    if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and cls is not None:
        if expr.value.id in ("cls", "self", cls.name):
            return _bound_once(cls.body, expr.attr)
    if isinstance(expr, ast.Name) and module is not None:
        return _bound_once(module.body, expr.id)
    return _NONE


def _bound_once(body: list[ast.stmt], name: str) -> object:
    """The literal a block binds ``name`` to, when it binds it once."""
    values = [
        s.value
        for s in body
        if (isinstance(s, ast.Assign) and [ast.unparse(t) for t in s.targets] == [name])
        or (isinstance(s, ast.AnnAssign) and ast.unparse(s.target) == name and s.value is not None)
    ]
    if len(values) != 1 or not isinstance(values[0], ast.Constant):
        return _NONE
    return values[0].value


def _finding(trees: ThreeTrees, path: str, line: int, hit: Changed, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(hit.path, rf"[\"']{hit.name}[\"']", pr_pattern)
    said = (
        f"fork-owned getattr(..., {hit.name!r}, {hit.old!r}) spells the fallback upstream's {hit.where} gave "
        f"{hit.name!r}, which upstream changed to {hit.new!r} ({hit.path}{commit}): where the fork mirrors "
        "upstream's choice it now disagrees with what upstream computes; take the new value, or say it is the fork's own"
    )
    return Finding(RULE, "merge", Severity.WARNING, path, line, said)
