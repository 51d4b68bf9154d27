"""Reordered inputs: upstream's def now sorts a list it is handed, which the fork built in an order of its own.

#33491 (42d5d705f9) made ``safetensors_weights_iterator(hf_weights_files, ...)`` read its files as
``sorted(hf_weights_files, key=_natural_sort_key)``, and #34190 (8d48d0a9d9) made
``fastsafetensors_weights_iterator`` rebind ``hf_weights_files = sorted(hf_weights_files, ...)``.  A fork that
puts its draft's file first (``[draft_file, *shards]``) so that the draft's tensors come before the target's
merges cleanly and now gets them in the files' name order: nothing was removed, renamed or retyped.

Upstream's side: a def of a file upstream changed whose upstream body hands a parameter to ``sorted(...)`` or
calls ``param.sort(...)``, where the base's body of the def does neither (a def that sorted already is no
change).  The fork's side, on lines it wrote: a call read through the file's imports as ``callees.resolve``
reads it, reaching the def surely (handed needs' reach), that hands at the parameter's slot (by position or
keyword, the same parameter at the base) a list the fork built in an order: a list display of two or more
items one of them starred (``[draft, *shards]``), or a concatenation with a list display (``[draft] + shards``,
``shards + [extra]``), spelled in the call or bound once to a local of the function.  A warning: the fork may
not depend on the order (``dict(iterator)`` keyed by name), which the engine cannot tell; a list already
sorted (``sorted(shards)``), a name handed on unbuilt or a comprehension is quiet.

Pure but for reading the three trees: findings out.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.callees import Callee, resolve, scope_of
from aeon_release.domain.audits.drift.grown_tuples import _bound_once, _is_parameter
from aeon_release.domain.audits.drift.handed_needs import Upstream, _reached, _unbound, _upstream_defs, slot_param
from aeon_release.domain.audits.drift.returns import fork_modules, own_nodes
from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern

__all__ = ["reordered_input_drift"]

_Def = ast.FunctionDef | ast.AsyncFunctionDef
# a fork line building a list in an order: ``[a, *rest]``, ``[a] + rest``, ``rest + [a]``
_ORDERED = lazy_pattern(r"\[[^\]\n]*\*[A-Za-z_]|\][ \t]*\+|\+[ \t]*\[")


@dataclass(frozen=True)
class Handed:
    """A fork call at ``line`` handing an ordered list at ``position`` or as ``keyword`` to ``callee``."""

    line: int
    call: ast.Call
    callee: Callee
    position: int | None
    keyword: str | None


def reordered_input_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork calls handing a list in an order of their own to a def that now sorts it."""
    handed = {path: [h for h in _handed(module) if h.line in owned] for path, module, owned in _forks(trees)}
    names = {h.callee.name for found in handed.values() for h in found}
    defs = _upstream_defs(trees, names) if names else {}
    if not defs:
        return []
    findings = []
    for path, found in handed.items():
        for hand in found:
            sorted_at = _newly_sorted(trees, hand, defs)
            if sorted_at is not None:
                findings.append(_finding(trees, path, hand, *sorted_at, pr_pattern))
    return findings


def _forks(trees: ThreeTrees) -> Iterator[tuple[str, ast.Module, set[int]]]:
    return fork_modules(trees, _ORDERED.search)


def _handed(module: ast.Module) -> Iterator[Handed]:
    """Each call of a function of the file handing an ordered list, read through the file's imports."""
    scope = scope_of(module)
    for func in (n for n in ast.walk(module) if isinstance(n, _Def)):
        for call in (n for n in own_nodes(func.body) if isinstance(n, ast.Call)):
            places: list[tuple[int | None, str | None, ast.expr]] = [(i, None, a) for i, a in enumerate(call.args)]
            places += [(None, k.arg, k.value) for k in call.keywords if k.arg]
            ordered = [(at, key) for at, key, arg in places if _ordered(arg, func)]
            if not ordered or (isinstance(call.func, ast.Name) and call.func.id in _local_names(func)):
                continue  # the function's own def (or a local) of the name, no import
            callee = resolve(call.func, scope, func)
            if callee is None or callee.capped:
                continue
            for position, keyword in ordered:
                yield Handed(call.lineno, call, callee, position, keyword)


def _local_names(func: _Def) -> set[str]:
    """The names the function binds itself: its parameters, its locals, its nested defs and classes."""
    nested = {n.name for n in ast.walk(func) if isinstance(n, _Def | ast.ClassDef) and n is not func}
    stored = {n.id for n in ast.walk(func) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    return nested | stored | {a.arg for a in ast.walk(func.args) if isinstance(a, ast.arg)}


def _ordered(arg: ast.expr, func: _Def) -> bool:
    """A list built in an order (``[a, *rest]``, ``[a] + rest``), in place or bound once to a local."""
    if isinstance(arg, ast.Name) and not _is_parameter(func, arg.id):
        bound = _bound_once(arg.id, func)
        return bound is not None and not isinstance(bound, ast.Name) and _ordered(bound, func)
    if isinstance(arg, ast.List):
        return len(arg.elts) >= 2 and any(isinstance(e, ast.Starred) for e in arg.elts)
    return isinstance(arg, ast.BinOp) and isinstance(arg.op, ast.Add) and ast.List in (type(arg.left), type(arg.right))


def _newly_sorted(trees: ThreeTrees, hand: Handed, defs: dict[str, list[Upstream]]) -> tuple[Upstream, str, int] | None:
    """The def the call reaches, its parameter and the line sorting it, when upstream sorts it and the base
    did not."""
    found = _reached(trees, hand.callee, defs)
    if found is None or found.old is None:
        return None
    unbound = _unbound(hand.call.func)
    param = slot_param(found.new, hand.position, hand.keyword, unbound)
    if param is None or slot_param(found.old, hand.position, hand.keyword, unbound) != param:
        return None
    line = _sorts(found.new, param)
    return (found, param, line) if line and not _sorts(found.old, param) else None


def _sorts(func: _Def, param: str) -> int:
    """The first line handing ``param`` to ``sorted(...)`` or calling ``param.sort(...)`` (0: none)."""
    for node in ast.walk(func):
        if not isinstance(node, ast.Call):
            continue
        head = node.func
        if isinstance(head, ast.Name) and head.id == "sorted" and node.args and _named(node.args[0], param):
            return node.lineno
        if isinstance(head, ast.Attribute) and head.attr == "sort" and _named(head.value, param):
            return node.lineno
    return 0


def _named(node: ast.expr, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _finding(
    trees: ThreeTrees, path: str, hand: Handed, found: Upstream, param: str, line: int, pr_pattern: str
) -> Finding:
    name = re.escape(param)
    commit = trees.upstream_commit(found.path, rf"sorted\([ \t]*{name}([^A-Za-z0-9_]|$)|{name}\.sort\(", pr_pattern)
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        hand.line,
        f"hands a list built in an order of its own to {found.qualname}, which upstream now sorts ({param} at "
        f"{found.path}:{line}{commit}): the order the fork put its items in is lost; if the order matters "
        "(an item read first), order the items after the call instead (a warning: the fork may not need it)",
    )
