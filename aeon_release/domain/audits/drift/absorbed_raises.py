"""Absorbed-raise drift: upstream now catches, inside a function, the exception a fork catches around it.

#35976 (ed81d5edd1) kept the RunAI streamer alive on S3 paths: ``repo_utils.get_hf_file_bytes`` called
``hf_hub_download`` bare, so a file the repo lacks raised huggingface_hub's ``EntryNotFoundError`` out of it;
upstream moved the download into ``_try_download_from_hf_hub``, whose handlers catch that kind (and four
others) and return None, and ``get_hf_file_bytes -> bytes | None`` answers None for the missing file.  A fork's
``try: raw = get_hf_file_bytes("LICENSE", model)`` / ``except EntryNotFoundError: return ""`` / ``return
raw.decode()`` merges cleanly; the handler never runs again and ``None.decode()`` raises AttributeError on the
first model without the file.

Raised-to-None drift (``raised_nones``) reads a builtin kind the def raised itself; here the kind is often a
library's and the def never named it at the base: a call it made let it through.  The evidence is upstream's
own handler.  A def *absorbs* ``K`` when, upstream, its body or a def of its file it calls by name (three calls
deep) holds a handler naming ``K`` (the last part of a dotted name) whose body returns None (``return None``,
a bare ``return``), while at the base no handler of that reach named ``K``, caught everything, or returned None
from a handler, and the reach did not raise ``K`` itself (then it is raised-to-None drift's); upstream's return
annotation admits None, and the reach raises no kind it did not at the base (a None turned into another
exception is no None the fork sees).  ``Exception``/``BaseException`` are never judged: a fork handler of those
catches far more than the one call's kind.

A fork-owned handler naming ``K`` of a ``try`` (or ``with suppress(K)``) whose body is one statement binding or
returning the value of one call reaching that def (see ``raised_nones``: receivers, imports, another def of
the name) is judged as raised-to-None drift judges its handlers: an error where the bound name reaches a use
that fails on None with no test of it before -- reported on that use, the line that raises now, naming the
handler -- or where the call is returned while the handler answered something else than None; a warning where
the value is handed on or the body discards it; quiet where the function tests the name, the handler does
what the None does now, or a handler of the ``try`` catches all.

Cheap first: only when a line the fork added is an ``except`` (or a ``suppress(``) and an upstream diff added
an ``except`` line; then only the upstream files whose diff added a line naming a kind those fork files may
catch and whose base text defines a name they call are parsed, and the fork's files only when one of those
defs absorbs a kind.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.callees import Callee, reaches, scope_of
from aeon_release.domain.audits.drift.none_uses import first_failing, tested_before, uses
from aeon_release.domain.audits.drift.raised_kinds import _CATCH_ALL, _EXCEPT, _raised, _reach, _suppressed
from aeon_release.domain.audits.drift.raised_nones import (
    Nulled,
    _admits_none,
    _capped,
    _functions,
    _Guarded,
    _one_call,
    _resolved,
    _returns_none,
    _severity,
    defining_texts,
)
from aeon_release.domain.audits.drift.returns import own_nodes
from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, method_defs, parse_python

__all__ = ["absorbed_raise_drift"]

# from a newline: fast; an upstream diff that added a handler
_EXCEPT_ADDED = lazy_pattern(r"\n\+[ \t]*except\b")
_Def = ast.FunctionDef | ast.AsyncFunctionDef
_CALLED = lazy_pattern(r"\b(\w+)[ \t]*\(")  # from a word's start only: linear on a long identifier
_KIND_WORD = lazy_pattern(r"\b\w*(?:Error|Exception)\b")
_WORD = lazy_pattern(r"\w+")


@dataclass(frozen=True)
class _Fork:
    """A fork file and its guards."""

    path: str
    guards: list[_Guarded]


def absorbed_raise_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    paths = _handler_paths(trees) if trees.upstream.matching(_EXCEPT_ADDED, ".py") else []
    if not paths:
        return []
    # the upstream side first, from the fork's text alone: most merges stop here, no fork file parsed
    added = [text for path in paths for text in trees.mine[path].added.values()]
    names = {m.group(1) for text in added for m in _CALLED.finditer(text)}
    kinds = {w for text in added for w in _kind_words(text)} - _CATCH_ALL
    absorbed = _absorbed(trees, names, kinds)
    findings = []
    for fork in _fork_guards(trees, paths) if absorbed else ():
        for guard in fork.guards:
            hit = _dead(trees, guard, absorbed)
            severity = _capped(guard, hit, _severity(guard)) if hit is not None else None
            if hit is not None and severity is not None:
                findings.append(_finding(trees, fork.path, guard, hit, severity, pr_pattern))
    return findings


def _handler_paths(trees: ThreeTrees) -> list[str]:
    """The fork's Python files whose added lines hold an ``except`` (or a ``suppress(``)."""
    return [
        path
        for path in sorted(p for p in trees.mine if p.endswith(".py"))
        if any(_EXCEPT.search(text) for text in trees.mine[path].added.values())
    ]


def _kind_words(text: str) -> set[str]:
    """The names a fork line may catch: the words of an ``except``/``suppress(`` line, and any word ending in
    ``Error`` or ``Exception`` (a kind an ``except (`` lists on the lines below)."""
    found = set(_KIND_WORD.findall(text))
    if (m := _EXCEPT.search(text)) is not None:
        found |= set(_WORD.findall(m.group(1) or m.group(2) or ""))
    return found


def _kinds(handler: ast.ExceptHandler) -> list[str]:
    """The last parts of the names a handler catches (``hub.errors.EntryNotFoundError`` is
    ``EntryNotFoundError``); empty when one is neither a name nor a dotted name, or it catches all."""
    if handler.type is None:
        return []
    types = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    names = [t.id if isinstance(t, ast.Name) else t.attr if isinstance(t, ast.Attribute) else None for t in types]
    if None in names or _CATCH_ALL & set(names):
        return []
    return [n for n in names if n is not None]


def _fork_guards(trees: ThreeTrees, paths: list[str]) -> Iterator[_Fork]:
    """Of ``paths``, the files with guards: a fork-owned handler of a ``try`` of one statement around one
    call of a def upstream has."""
    for path in paths:
        module, owned = trees.merged_module(path), trees.owned_lines(path)
        if module is None or not owned:
            continue
        scope = scope_of(module)
        guards = [r for func in _functions(module) for g in _guards(func, owned) if (r := _resolved(g, scope))]
        if guards:
            yield _Fork(path, guards)


def _guards(func: _Def, owned: set[int]) -> list[_Guarded]:
    """The function's own ``try`` (or ``with suppress``) statements of one call, with a fork-owned handler
    of a named kind; none where a handler of the statement catches all (bare, ``Exception``)."""
    found = []
    for node in own_nodes(func.body):
        if not isinstance(node, (ast.Try, ast.With)) or len(node.body) != 1:
            continue
        handlers = node.handlers if isinstance(node, ast.Try) else _suppressed(node)
        call = _one_call(node.body[0])
        if not handlers or call is None or not all(_kinds(h) for h in handlers):
            continue
        found += [_Guarded(h, Callee(*call), node.body[0], func, stmt=node) for h in handlers if h.lineno in owned]
    return found


def _absorbed(trees: ThreeTrees, names: set[str], kinds: set[str]) -> dict[str, list[Nulled]]:
    """name -> the defs of it whose reach upstream catches a kind of ``kinds`` into None, as the module
    docstring says (``Nulled.old``: the kinds absorbed)."""
    if not names or not kinds:
        return {}
    words = re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, kinds))) + r")\b")
    paths = [
        p
        for p in trees.upstream.matching(_EXCEPT_ADDED, ".py")
        if words.search("\n".join(_added(trees, p)))  # ``except (`` may list its kinds on the lines below
    ]
    if not paths:
        return {}
    paths, before, after = defining_texts(trees, paths, names)
    found: dict[str, list[Nulled]] = {}
    for path in paths:
        old, new = _catching(before[path], names), _catching(after[path], names)
        raised_old, raised_new = _raised(before[path], names), _raised(after[path], names)
        for qualname, now in new.items():
            was = old.get(qualname)
            if was is None or was.catch_all or now.admits_none is not True:
                continue
            every_old = raised_old.get(qualname, (frozenset(), frozenset()))[0]
            if raised_new.get(qualname, (frozenset(), frozenset()))[0] - every_old:
                continue  # the reach raises a kind it did not: the None may be turned into it
            gone = frozenset(k for k in now.into_none & kinds if k not in was.named and k not in every_old)
            if gone:
                found.setdefault(qualname.rsplit(".", 1)[-1], []).append(Nulled(qualname, path, gone))
    return found


def _added(trees: ThreeTrees, path: str) -> Iterator[str]:
    """The stripped lines upstream's diff of ``path`` added."""
    for line in trees.upstream.raw(path).splitlines():
        if line.startswith("+") and not line.startswith("+++"):
            yield line[1:].strip()


@dataclass(frozen=True)
class _Reach:
    """What the handlers of a def's reach (the def and the defs of its file it calls by name) catch."""

    into_none: frozenset[str]  # kinds a handler names and answers None for
    named: frozenset[str]  # kinds any handler names
    catch_all: bool  # a bare handler, or one of ``Exception``/``BaseException``
    admits_none: bool | None  # the def's return annotation admits None (None: no annotation)


def _catching(text: str | None, names: set[str]) -> dict[str, _Reach]:
    """qualname -> what the handlers of its reach catch, for each def of ``names`` in ``text``."""
    module = parse_python(text, "<absorbed>") if text else None
    if module is None:
        return {}
    defs = list(method_defs(module.body))
    by_name: dict[str, list[_Def]] = {}
    for _, func in defs:
        by_name.setdefault(func.name, []).append(func)
    found = {}
    for qualname, func in defs:
        if func.name in names:
            handlers = [h for f in _reach(by_name, func) for h in _handlers(f)]
            found[qualname] = _Reach(
                frozenset(k for h in handlers if _returns_none(h.body) for k in _kinds(h)),
                frozenset(k for h in handlers for k in _names(h)),
                any(h.type is None or _CATCH_ALL & set(_names(h)) for h in handlers),
                _admits_none(func.returns),
            )
    return found


def _handlers(func: _Def) -> Iterator[ast.ExceptHandler]:
    for node in own_nodes(func.body):
        if isinstance(node, ast.Try):
            yield from node.handlers


def _names(handler: ast.ExceptHandler) -> list[str]:
    if handler.type is None:
        return []
    types = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return [ast.unparse(t).rsplit(".", 1)[-1] for t in types]


def _dead(trees: ThreeTrees, guard: _Guarded, absorbed: dict[str, list[Nulled]]) -> Nulled | None:
    """The def the guard's call reaches that now catches, into None, every kind the handler names."""
    caught = set(_kinds(guard.handler))
    name, receiver = guard.callee.name, guard.callee.receiver
    for hit in absorbed.get(name, []):
        if (receiver and hit.owner != receiver) or not reaches(trees, guard.callee, hit.path):
            continue
        if caught and caught <= hit.old:
            return hit
    return None


def _failing_line(guard: _Guarded) -> int | None:
    """The first line past the ``try`` where the bound name meets a use that fails on None, untested."""
    taken = guard.taken
    if not isinstance(taken, (ast.Assign, ast.AnnAssign)):
        return None
    targets = taken.targets if isinstance(taken, ast.Assign) else [taken.target]
    if len(targets) != 1 or not isinstance(targets[0], ast.Name):
        return None
    stmt = guard.stmt or taken
    fails = first_failing(uses(guard.func, targets[0].id, stmt.end_lineno or stmt.lineno))
    return fails if fails is not None and not tested_before(guard.func, targets[0].id, fails) else None


def _finding(
    trees: ThreeTrees, path: str, guard: _Guarded, hit: Nulled, severity: Severity, pr_pattern: str
) -> Finding:
    kinds = " or ".join(sorted(hit.old))
    commit = trees.upstream_commit(hit.path, rf"\b{sorted(hit.old)[0]}\b", pr_pattern, most=5)
    fails = _failing_line(guard) if severity is Severity.ERROR else None
    where = f"the None reaches line {fails}" if fails is not None else "the None goes on"
    tail = (
        f"the except on line {guard.handler.lineno} never runs and {where}; test the result for None"
        if severity is Severity.ERROR
        else f"the except on line {guard.handler.lineno} never runs: the check it made no longer fires; test "
        "the result for None"
    )
    return Finding(
        RULE,
        "merge",
        severity,
        path,
        fails or guard.handler.lineno,
        f"fork-side handler catches {kinds} from {hit.qualname}(), which upstream now catches itself and "
        f"answers None ({hit.path}{commit}): {tail}",
    )
