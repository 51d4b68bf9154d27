"""Rekeyed returns: a def upstream made return a dict keyed by tuples where it keyed it by single values; a fork
lookup of the result by a single value.

#43720 (96229fa99e) made ``Worker.get_kv_connector_handshake_metadata`` return ``{(pp_rank, tp_rank): metadata}``
where it returned ``{tp_rank: metadata}`` (``-> dict | None`` made ``-> dict[tuple[int, int], ...] | None``) when
the handshake learnt pipeline ranks.  A fork's ``meta = super().get_kv_connector_handshake_metadata()`` /
``meta[get_tp_group().rank_in_group]`` merges cleanly and raises KeyError; its ``for tp_rank, md in meta.items():
if tp_rank == 0:`` is never true again.  Key drift (``keys.py``) reads tables an object or a module declares;
this is the dict a call hands back.

Upstream's side: the Python files whose diff added a line holding a dict display keyed by a tuple display
(``{(``) or an annotation keyed by a tuple (``dict[tuple[``), whose text defines a name a fork-added line calls;
parsed at the base and at upstream, a def (a module's function or a class's method) whose returned dict
displays and comprehensions are all keyed by tuple displays (or whose return annotation keys by ``tuple[...]``)
now, and were all keyed by something else at the base (and not so annotated).

The fork's side, on lines it wrote: a local its function binds once to a call of that def (``x = f()`` or ``x =
f() or {}``; read through the file's imports as ``callees.resolve`` reads a call, a method off a receiver typed as
its class or through ``super()``), then looked up by a key that is no tuple display -- ``x[k]``, ``x.get(k)``,
``x.pop(k)``, ``k in x`` -- or iterated (``for k in x``, ``for k, v in x.items()``, ``x.keys()``) with the key
compared (``==``, ``!=``, ``in``) with a literal that is no tuple.  An error when the key is a literal (no tuple),
an f-string, arithmetic, or the very expression the base keyed the dict by (``get_tp_group().rank_in_group``,
now one element of the pair); a warning when the key's kind is not shown (it may be a tuple already).  Quiet when
the function asks ``isinstance``/``type`` of the local or of the key, the lookup sits in a ``try`` with handlers,
or the loop unpacks the key (``for (pp, tp), md in x.items()``).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.callees import resolve, scope_of
from aeon_release.domain.audits.drift.confirmed_unions import bound_once, reached
from aeon_release.domain.audits.drift.none_uses import shielded
from aeon_release.domain.audits.drift.returns import own_nodes
from aeon_release.domain.audits.drift.sides import Qualified, ThreeTrees, parsed_texts, whole_word
from aeon_release.domain.audits.merge_rules import KEY_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, method_defs

__all__ = ["rekeyed_return_drift"]

_TUPLE_KEYED = lazy_pattern(
    r"^\+[^\n]*(?:\{[ \t]*\(|\b[Dd]ict\[[ \t]*[Tt]uple\[|\bMapping\[[ \t]*[Tt]uple\[)", re.MULTILINE
)
_CALLED = lazy_pattern(r"\b(\w+)[ \t]*\(")
_DEFINES = lazy_pattern(r"\bdef[ \t]+(\w+)[ \t]*\(")
_Def = ast.FunctionDef | ast.AsyncFunctionDef
_LOOKUPS = frozenset({"get", "pop", "setdefault"})
_KEYS = frozenset({"items", "keys"})


@dataclass(frozen=True)
class Rekeyed(Qualified):
    """``qualname`` (in ``path``) returned dicts keyed by ``was``; upstream keys them by tuples, ``now``."""

    qualname: str
    path: str
    was: str  # the base's key expression, its locals read back (``get_tp_group().rank_in_group``)
    now: str  # upstream's key (``(pp_rank, tp_rank)``) or its annotation's key type


def rekeyed_return_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork lookups of a def's returned dict by a single value where upstream keys it by tuples now."""
    called = {
        m.group(1)
        for p in trees.mine
        if p.endswith(".py")
        for t in trees.mine[p].added.values()
        for m in _CALLED.finditer(t)
    }
    paths = (
        [p for p in trees.upstream if p.endswith(".py") and _TUPLE_KEYED.search(trees.upstream.raw(p))]
        if called
        else []
    )
    found: dict[str, list[Rekeyed]] = {}
    for hit in _rekeyed(trees, paths, called) if paths else ():
        found.setdefault(hit.name, []).append(hit)
    if not found:
        return []
    return [
        _finding(trees, path, line, hit, sure, what, pr_pattern)
        for path in sorted(p for p in trees.mine if p.endswith(".py"))
        if any(n in t for t in trees.mine[path].added.values() for n in found)
        for line, hit, sure, what in _lookups(trees, path, found)
    ]


def _rekeyed(trees: ThreeTrees, paths: list[str], called: set[str]) -> Iterator[Rekeyed]:
    def keep(_old: str, new: str) -> bool:
        return any(m.group(1) in called for m in _DEFINES.finditer(new))

    for both in parsed_texts(trees, paths, keep):
        before = {q: f for q, f in method_defs(both.old.body) if f.name in called}
        for qualname, func in method_defs(both.new.body):
            was = before.get(qualname)
            old, new = (_keying(was), _keying(func)) if was is not None else (None, None)
            if old is not None and new is not None and not old[0] and new[0]:
                yield Rekeyed(qualname, both.path, old[1], new[1])


def _keying(func: _Def) -> tuple[bool, str] | None:
    """(keyed by tuples, the key as written) of the dicts ``func`` returns: every returned display or
    comprehension agrees, or the annotation says ``dict[tuple[...], V]``; None when mixed or unknown."""
    annotated = _annotated_key(func.returns)
    # a local read back: ``key = (a, b)`` / ``return {key: v}`` keyed by tuples already
    keys = [_read_back(func, k) for r in _returned(func) for k in _display_keys(r)]
    if not keys:
        return (True, annotated) if annotated else None
    tuples = {isinstance(k, ast.Tuple) for k in keys}
    if len(tuples) != 1 or (annotated and tuples != {True}):
        return None
    return tuples == {True}, ast.unparse(keys[0])


def _returned(func: _Def) -> Iterator[ast.expr]:
    for node in own_nodes(func.body):
        if isinstance(node, ast.Return) and node.value is not None:
            yield node.value


def _display_keys(value: ast.expr) -> list[ast.expr]:
    if isinstance(value, ast.Dict):
        return [k for k in value.keys if k is not None]
    return [value.key] if isinstance(value, ast.DictComp) else []


def _annotated_key(returns: ast.expr | None) -> str:
    """``tuple[int, int]`` of ``dict[tuple[int, int], V]`` (``| None``/``Optional`` aside), else ""."""
    for node in ast.walk(returns) if returns is not None else ():
        if isinstance(node, ast.Subscript) and last_name(node.value) in ("dict", "Dict", "Mapping"):
            key = node.slice.elts[0] if isinstance(node.slice, ast.Tuple) and node.slice.elts else None
            if isinstance(key, ast.Subscript) and last_name(key.value) in ("tuple", "Tuple"):
                return ast.unparse(key)
    return ""


def _read_back(func: _Def, key: ast.expr) -> ast.expr:
    """A key that is a local the def binds once, read back to what it was bound to."""
    if isinstance(key, ast.Name):
        bound = [
            n.value
            for n in own_nodes(func.body)
            if isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == key.id for t in n.targets)
        ]
        if len(bound) == 1:
            return bound[0]
    return key


def _lookups(trees: ThreeTrees, path: str, found: dict[str, list[Rekeyed]]) -> Iterator[tuple[int, Rekeyed, bool, str]]:
    module, owned = trees.merged_module(path), trees.owned_lines(path)
    if module is None or not owned:
        return
    scope = scope_of(module)
    for func in (n for n in ast.walk(module) if isinstance(n, _Def)):
        for name, call in bound_once(func, fallback=True).items():
            callee = resolve(call.func, scope, func)
            hit = reached(trees, callee, found) if callee is not None else None
            if hit is None or _told_apart(func):
                continue
            caught, keyed = shielded(func), _tuple_keys(func, name)
            for line, key, what in _keyed_uses(func, name):
                if line in owned and id(key) not in caught and not (isinstance(key, ast.Name) and key.id in keyed):
                    sure = _surely_single(key, hit)
                    if sure is not None:
                        yield line, hit, sure, what


def _tuple_keys(func: _Def, name: str) -> set[str]:
    """Locals that hold a key of the new kind, so a lookup by them is sound (review102): one a loop over ``name``
    binds each of its own keys to (``for key in meta: ... meta[key]``), or one bound once to a tuple display
    (``own = (pp_rank, tp_rank)`` / ``meta[own]``)."""
    loops = (n for n in own_nodes(func.body) if isinstance(n, (ast.For, ast.AsyncFor, ast.comprehension)))
    own = {key for loop in loops if (key := _loop_key(loop, name)) is not None}
    names = {n.id for n in own_nodes(func.body) if isinstance(n, ast.Name)}
    return own | {n for n in names if isinstance(_read_back(func, ast.Name(id=n, ctx=ast.Load())), ast.Tuple)}


def _keyed_uses(func: _Def, name: str) -> Iterator[tuple[int, ast.expr, str]]:
    """(line, key, how) of each lookup of ``name`` by a key, and of each comparison of a key a loop over it
    takes with a literal."""
    for node in own_nodes(func.body):
        if isinstance(node, ast.Subscript) and _is(node.value, name) and isinstance(node.ctx, ast.Load):
            yield node.lineno, node.slice, "indexes"
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and _is(node.func.value, name):
            if node.func.attr in _LOOKUPS and node.args:
                yield node.lineno, node.args[0], f"calls .{node.func.attr}() of"
        elif isinstance(node, ast.Compare) and any(isinstance(o, (ast.In, ast.NotIn)) for o in node.ops):
            if len(node.ops) == 1 and _is(node.comparators[0], name):
                yield node.lineno, node.left, "tests a key's membership in"
        elif isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
            key = _loop_key(node, name)
            if key is not None:
                yield from _compared(func, key)


def _is(node: ast.expr, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _loop_key(loop: ast.For | ast.AsyncFor | ast.comprehension, name: str) -> str | None:
    """The name a loop over ``name`` (``name``, ``name.keys()``, ``name.items()``) binds each key to."""
    source = loop.iter
    if isinstance(source, ast.Call) and isinstance(source.func, ast.Attribute) and source.func.attr in _KEYS:
        items, source = source.func.attr == "items", source.func.value
    else:
        items = False
    if not _is(source, name):
        return None
    target: ast.expr | None = loop.target
    if items:
        pair = isinstance(loop.target, ast.Tuple) and len(loop.target.elts) == 2
        target = loop.target.elts[0] if pair and isinstance(loop.target, ast.Tuple) else None
    return target.id if isinstance(target, ast.Name) else None


def _compared(func: _Def, key: str) -> Iterator[tuple[int, ast.expr, str]]:
    for node in own_nodes(func.body):
        if (
            isinstance(node, ast.Compare)
            and len(node.ops) == 1
            and isinstance(node.ops[0], (ast.Eq, ast.NotEq, ast.In, ast.NotIn))
        ):
            sides = (node.left, node.comparators[0])
            if any(_is(s, key) for s in sides):
                other = sides[1] if _is(sides[0], key) else sides[0]
                if isinstance(node.ops[0], (ast.In, ast.NotIn)) and isinstance(other, (ast.Tuple, ast.List, ast.Set)):
                    if other.elts and all(_literal(e) for e in other.elts):
                        yield node.lineno, other.elts[0], "compares with a literal a key of"
                elif _literal(other):
                    yield node.lineno, other, "compares with a literal a key of"


def _literal(node: ast.expr) -> bool:
    """A literal that is no tuple: a number, a string, bytes."""
    return (
        isinstance(node, ast.Constant)
        and isinstance(node.value, (int, float, str, bytes))
        and not isinstance(node.value, bool)
    )


def _surely_single(key: ast.expr, hit: Rekeyed) -> bool | None:
    """True: the key is surely no tuple (a literal, an f-string, arithmetic, the base's own key expression);
    False: not shown (a warning); None: a tuple display (the new spelling)."""
    if isinstance(key, ast.Tuple) or _joined_tuples(key):
        return None
    if _literal(key) or isinstance(key, (ast.JoinedStr, ast.BinOp, ast.UnaryOp)):
        return True
    return ast.unparse(key) == hit.was


def _joined_tuples(key: ast.expr) -> bool:
    """``head + (rank,)``: arithmetic that joins a tuple display, so a tuple (readF), not a surely single key."""
    return isinstance(key, ast.BinOp) and any(isinstance(side, ast.Tuple) for side in (key.left, key.right))


def _told_apart(func: _Def) -> bool:
    """The function asks ``isinstance``/``type`` of something: it may tell the key kinds apart itself."""
    return any(isinstance(n, ast.Call) and last_name(n.func) in ("isinstance", "type") for n in own_nodes(func.body))


def _finding(trees: ThreeTrees, path: str, line: int, hit: Rekeyed, sure: bool, what: str, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(hit.path, whole_word(hit.name), pr_pattern, most=5)
    message = (
        f"fork-owned line {what} the dict {hit.qualname}() returns, by a key that is no tuple, where upstream now "
        f"keys that dict by tuples, {hit.now} (was {hit.was}) ({hit.path}{commit}): a lookup raises KeyError or "
        "finds nothing, a comparison is never true; key it by the tuple"
    )
    if not sure:
        message += " (this key's kind is not shown here: it may be a tuple already)"
    return Finding(RULE, "merge", Severity.ERROR if sure else Severity.WARNING, path, line, message)
