"""Raised-to-None drift: upstream made a function return None where it raised; a fork ``except`` waits in vain.

#41965 (c1819ca283) let compressed-tensors configs leave ignores implicit: ``find_matched_target`` went from
``-> str`` with ``raise ValueError("Unable to find matching target ...")`` to ``-> str | None``, returning None
for a layer no target matches.  A fork's ``try: target = find_matched_target(...)`` / ``except ValueError:
return None`` / ``return config.target_scheme_map[target]`` merges cleanly; the handler never runs again and
the None reaches the lookup (KeyError), or whatever the fork does with the target, on the first unmatched layer.

A def *stopped raising into None* when, at the merge base, its own body raised a builtin kind ``K`` (``raise
K(...)``; an ``assert`` raises ``AssertionError``) under a return annotation that does not admit None, and,
upstream, it raises neither ``K`` nor a subclass of it, raises no kind it did not, and its return annotation
now admits None (``X | None``, ``Optional[X]``): the None is the answer that replaced the raise.  A fork-owned
handler (``except K:``, ``with suppress(K):``) is an error when its ``try`` body is one statement binding the
call's value to a name (``target = f(...)``) or returning it, the call is the body's only call besides a
container view (``.keys()``, ``.values()``, ``.items()``), no handler of the ``try`` catches all, and the value
goes on untested: quiet when the enclosing function tests the bound name (``is None``, ``if target``,
``not target``, ``target or ...``), when the handler does what the None now does (binds the name to None,
or returns None where the body returns the call), when another def of the name upstream still raises ``K``
(a call off a class named as the receiver reads that class's def only, ``super().f()`` the class's outside
base's), and when the kind is a project's own.
A call whose value the body discards (``f(x)`` run as a check) is a warning: the check no longer fires, but
what the fork does without it is not read here.

Cheap first: only when a line the fork added is an ``except`` (or ``suppress``) naming a builtin kind and an
upstream diff took out an ``assert`` or ``raise`` line; then only the files defining a called name are parsed.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, replace

from aeon_release.domain.audits.drift.callees import Callee, Scope, is_super, loose, reaches, resolve, scope_of
from aeon_release.domain.audits.drift.none_uses import Use, first_failing, tested_before, uses
from aeon_release.domain.audits.drift.raised_kinds import (
    _CATCH_ALL,
    _RAISE_REMOVED,
    _caught,
    _raised,
    _suppressed,
    builtin_error,
    builtin_subclass,
    fork_raised,
    handler_files,
)
from aeon_release.domain.audits.drift.returns import own_nodes
from aeon_release.domain.audits.drift.sides import ThreeTrees, owner_class
from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import method_defs, parse_python

__all__ = ["raised_none_drift"]

_Def = ast.FunctionDef | ast.AsyncFunctionDef
# calls a try body may hold beside the judged one: a view of a mapping raises nothing a handler waits for
_VIEWS = frozenset({"keys", "values", "items"})


@dataclass(frozen=True)
class Nulled:
    """``qualname`` (in ``path``) raised ``old`` at the base; upstream it returns None instead."""

    qualname: str
    path: str
    old: frozenset[str]

    @property
    def owner(self) -> str:
        return owner_class(self.qualname)


@dataclass(frozen=True)
class _Guarded:
    """A fork-owned handler, the one call its ``try`` body makes, and how the body takes its value."""

    handler: ast.ExceptHandler
    callee: Callee
    taken: ast.stmt  # the body's one statement
    func: _Def
    stmt: ast.stmt | None = None  # the ``try`` (or ``with``)


def raised_none_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    forks = _fork_guards(trees)
    if not forks:
        return []
    nulled = _nulled(trees, {g.callee.name for _, guards in forks for g in guards})
    findings = []
    for path, guards in forks:
        for guard in guards:
            hit = _dead(trees, guard, nulled)
            severity = _capped(guard, hit, _severity(guard)) if hit is not None else None
            if hit is not None and severity is not None:
                findings.append(_finding(trees, path, guard, hit, severity, pr_pattern))
    return findings


def _fork_guards(trees: ThreeTrees) -> list[tuple[str, list[_Guarded]]]:
    """(path, guards) for the fork's files whose added lines hold an except of a builtin kind."""
    found = []
    for path, module, owned in handler_files(trees):
        scope = scope_of(module)
        guards = [r for func in _functions(module) for g in _guards(func, owned) if (r := _resolved(g, scope))]
        if guards:
            found.append((path, guards))
    return found


def _resolved(guard: _Guarded, scope: Scope) -> _Guarded | None:
    """The guard with its call read in its file (see ``callees.resolve``); None: not a def upstream has."""
    func = _called(guard.taken)
    callee = resolve(func, scope, guard.func) if func is not None else None
    return replace(guard, callee=callee) if callee is not None else None


def _called(stmt: ast.stmt) -> ast.expr | None:
    calls = [n for n in ast.walk(stmt) if isinstance(n, ast.Call) and not _view(n)]
    return calls[0].func if len(calls) == 1 else None


def _view(call: ast.Call) -> bool:
    """A container view (``.keys()``), or the ``super()`` that only names the base a call goes to."""
    return (isinstance(call.func, ast.Attribute) and call.func.attr in _VIEWS and not call.args) or is_super(call)


def _functions(module: ast.Module) -> list[_Def]:
    return [n for n in ast.walk(module) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]


def _guards(func: _Def, owned: set[int]) -> list[_Guarded]:
    """The function's own ``try`` (or ``with suppress``) statements of one call, with a fork-owned handler."""
    found = []
    for node in own_nodes(func.body):
        if not isinstance(node, (ast.Try, ast.With)) or len(node.body) != 1:
            continue
        handlers = node.handlers if isinstance(node, ast.Try) else _suppressed(node)
        call = _one_call(node.body[0])
        if (
            not handlers
            or call is None
            or any(_caught(h) is None or _CATCH_ALL & set(_caught(h) or ()) for h in handlers)
        ):
            continue
        found += [_Guarded(h, Callee(*call), node.body[0], func, stmt=node) for h in handlers if h.lineno in owned]
    return found


def _one_call(stmt: ast.stmt) -> tuple[str, str | None] | None:
    """(name, receiver class) of the statement's one call, views of a mapping aside; None otherwise."""
    judged = [n for n in ast.walk(stmt) if isinstance(n, ast.Call) and not _view(n)]
    if len(judged) != 1 or any(isinstance(n, (ast.Raise, ast.Assert)) for n in ast.walk(stmt)):
        return None
    func = judged[0].func
    if isinstance(func, ast.Name):
        return func.id, None
    if isinstance(func, ast.Attribute):
        receiver = func.value.id if isinstance(func.value, ast.Name) and func.value.id[:1].isupper() else None
        return func.attr, receiver
    return None


def defining_texts(
    trees: ThreeTrees, paths: list[str], names: set[str]
) -> tuple[list[str], dict[str, str | None], dict[str, str | None]]:
    """Of ``paths``, those whose base text has a ``def`` of one of ``names`` (no other can hold a def whose
    answer changed), with the texts of those at the base and at upstream."""
    defines = re.compile(r"\bdef[ \t]+(" + "|".join(sorted(map(re.escape, names))) + r")[ \t]*\(")
    before = trees.blobs(trees.base, paths)
    paths = [p for p in paths if defines.search(before[p] or "")]
    return paths, before, trees.blobs(trees.theirs, paths)


def _nulled(trees: ThreeTrees, names: set[str]) -> dict[str, list[Nulled]]:
    """name -> the defs of it upstream made return None where they raised."""
    paths = trees.upstream.matching(_RAISE_REMOVED, ".py")
    if not paths or not names:
        return {}
    paths, before, after = defining_texts(trees, paths, names)
    found: dict[str, list[Nulled]] = {}
    for path in paths:
        old, new = _defs(before[path], names), _defs(after[path], names)
        for qualname, (kinds, was_none) in old.items():
            now, none_now = new.get(qualname, (None, None))
            if now is None or was_none is not False or none_now is not True or now - kinds:
                continue
            # ``now`` holds what the same-file helpers the def still calls raise: a raise that only moved is not gone
            gone = frozenset(
                k for k in kinds - now if builtin_error(k) and not any(builtin_subclass(n, k) for n in now)
            )
            if gone:
                found.setdefault(qualname.rsplit(".", 1)[-1], []).append(Nulled(qualname, path, gone))
    return _alone(trees, found)


def _defs(text: str | None, names: set[str]) -> dict[str, tuple[set[str], bool | None]]:
    """qualname -> (the kinds a def of ``names`` and the defs of its file it calls raise, whether its return
    annotation admits None)."""
    module = parse_python(text, "<nulled>") if text else None
    if module is None:
        return {}
    kinds = {q: set(every) for q, (every, _) in _raised(text, names).items()}  # a helper's raise counts too
    return {q: (kinds.get(q, set()), _admits_none(f.returns)) for q, f in method_defs(module.body) if f.name in names}


def _admits_none(returns: ast.expr | None) -> bool | None:
    """The annotation names None (``X | None``, ``Optional[X]``, ``None``); no annotation: None, not judged
    (upstream dropping an annotation says nothing of a None)."""
    if returns is None:
        return None
    text = ast.unparse(returns)
    return bool(re.search(r"\bNone\b|\bOptional\[", text))


def _alone(trees: ThreeTrees, found: dict[str, list[Nulled]]) -> dict[str, list[Nulled]]:
    """Drop a name another def of which, in any upstream file, still raises the kind: it may be the one called."""
    if not found:
        return {}
    holders = trees.python_files_with(tuple(f"def {name}(" for name in sorted(found)))
    still: dict[str, set[str]] = {}
    for text in trees.blobs(trees.theirs, sorted(holders)).values():
        for qualname, (kinds, _) in _raised(text, set(found)).items():
            still.setdefault(qualname, set()).update(kinds)
    forks = fork_raised(trees, set(found))
    return {
        name: [
            n
            for n in hits
            if not any(q != n.qualname and q.rsplit(".", 1)[-1] == name and k & n.old for q, k in still.items())
            and not forks.get(name, set()) & n.old
        ]
        for name, hits in found.items()
    }


def _dead(trees: ThreeTrees, guard: _Guarded, nulled: dict[str, list[Nulled]]) -> Nulled | None:
    """The def the guard's call reaches that stopped raising what the handler catches."""
    name, receiver = guard.callee.name, guard.callee.receiver
    caught = _caught(guard.handler) or []
    if not caught or not all(builtin_error(c) for c in caught):
        return None
    for hit in nulled.get(name, []):
        if (receiver and hit.owner != receiver) or not reaches(trees, guard.callee, hit.path):
            continue
        if any(builtin_subclass(old, c) for old in hit.old for c in caught):
            return hit
    return None


def _severity(guard: _Guarded) -> Severity | None:
    """An error where the None goes on untested; a warning where the body discards the value; None: quiet."""
    taken = guard.taken
    if isinstance(taken, ast.Expr):
        return Severity.WARNING
    if isinstance(taken, ast.Return):
        return None if _returns_none(guard.handler.body) else Severity.ERROR
    if isinstance(taken, (ast.Assign, ast.AnnAssign)):
        targets = taken.targets if isinstance(taken, ast.Assign) else [taken.target]
        if len(targets) != 1 or not isinstance(targets[0], ast.Name):
            return None
        name = targets[0].id
        if _binds_none(guard.handler.body, name) or _preset_none(guard, name):
            return None
        return _bound_severity(guard, name)
    return None


def _capped(guard: _Guarded, hit: Nulled, severity: Severity | None) -> Severity | None:
    """A receiver not read (or a module the def's is imported from): a warning at most."""
    return Severity.WARNING if loose(guard.callee, hit.path) and severity is Severity.ERROR else severity


def _bound_severity(guard: _Guarded, name: str) -> Severity | None:
    """An error where the name reaches a use that fails on None untested; a warning where it is handed on (a
    callee's parameter may be Optional), or passed back where the handler answered something else."""
    stmt = guard.stmt or guard.taken
    found = uses(guard.func, name, stmt.end_lineno or stmt.lineno)
    fails = first_failing(found)
    if fails is not None and not tested_before(guard.func, name, fails):
        return Severity.ERROR
    if fails is not None or tested_before(guard.func, name, 1 << 30):
        return None
    kinds = {kind for _, kind in found}
    if Use.HANDED in kinds or (Use.PASSED in kinds and not _returns_none(guard.handler.body)):
        return Severity.WARNING
    return None


def _preset_none(guard: _Guarded, name: str) -> bool:
    """``name = None`` before the ``try`` whose handler does nothing (``pass``, a ``suppress``): the handler
    left the None the call now returns."""
    stmt = guard.stmt
    if stmt is None or not all(isinstance(s, ast.Pass) for s in guard.handler.body):
        return False
    return any(
        isinstance(node, ast.Assign) and node.lineno < stmt.lineno and _binds_none([node], name)
        for node in own_nodes(guard.func.body)
    )


def _returns_none(body: list[ast.stmt]) -> bool:
    return any(isinstance(s, ast.Return) and (s.value is None or _is_none(s.value)) for s in body)


def _binds_none(body: list[ast.stmt], name: str) -> bool:
    return any(
        isinstance(s, ast.Assign)
        and _is_none(s.value)
        and any(isinstance(t, ast.Name) and t.id == name for t in s.targets)
        for s in body
    )


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _finding(
    trees: ThreeTrees, path: str, guard: _Guarded, hit: Nulled, severity: Severity, pr_pattern: str
) -> Finding:
    old = " or ".join(sorted(hit.old))
    commit = trees.upstream_commit(hit.path, f"raise[[:space:]]+{sorted(hit.old)[0]}", pr_pattern, most=5)
    tail = (
        "this except never runs and the None goes on; test the result for None"
        if severity is Severity.ERROR
        else "this except never runs: the check it made no longer fires; test the result for None"
    )
    return Finding(
        RULE,
        "merge",
        severity,
        path,
        guard.handler.lineno,
        f"fork-side handler catches {old} from {hit.qualname}(), which upstream made return None instead "
        f"({hit.path}{commit}): {tail}",
    )
