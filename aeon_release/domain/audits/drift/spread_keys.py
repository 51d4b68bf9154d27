"""Spread keys: a key upstream's def now puts into the dict it returns, which a fork call spreads with ``**``
beside a keyword of the same name (or into a def of its own that does not take it).

#34846 (22a97e6613) made ``get_default_config``'s general branch (bf16, fp8 per tensor) return ``"num_warps"`` and
``"num_stages"`` beside the tile sizes.  A fork launching its own Triton kernel with upstream's default tiles,
``kernel[grid](a, b, c, **config, num_warps=4)``, merges cleanly and raises TypeError (multiple values for
keyword argument ``num_warps``) on that path; a fork helper ``def launch(BLOCK_SIZE_M, BLOCK_SIZE_N, ...)`` handed
``**config`` raises TypeError (an unexpected keyword).  Dropped key drift (``dropped_keys.py``) reads a key upstream
took out of a returned dict; this is a key put in.

Upstream's side: the Python files whose diff added a line quoting a key before a colon (a dict display's entry) or
as a subscript stored to, and that define a name a fork-added line calls; parsed at the base and at upstream, a def
(a module's function or a class's method) whose returned dicts -- displays it returns, or assigns to a local it
returns, and literal keys it stores on that local -- carry a string key more often now than at the base. A def whose
returned dicts spread another mapping (``{**x}``, ``d.update(x)``) is not read: its keys are not all shown. Read
only when the fork spreads a call's dict (below), and only in the modules that call's def can live in
(``callees.homes``: the module it is imported from and those under it): a merge's other diffs are never searched.

The fork's side, on lines it wrote: a call spreading ``**f(...)``, or ``**x`` for a local its function binds
once to a call of that def (read through the file's imports as ``callees.resolve`` reads a call, a method off a
receiver typed as its class or through ``super()``), that also passes the key as a keyword (``key=...`` or a
``**{"key": ...}`` display); or whose callee is a def of the same file, undecorated and without ``**kwargs``,
that does not take the key.  An error when the base's def never put the key in and each of upstream's returned
displays now does, every ``return`` of the def giving one of them (every path collides); a warning when upstream
puts it in on some paths only, or when another path returns a dict it does not show (``return self.tuned[M]``, a
loaded or handed-in dict: the fork's arguments may keep to the others).  Quiet when the function takes the key
back out (``x.pop("key")``, ``del x["key"]``, ``x.pop(k)`` in a loop over literal keys holding it) or asks for it
(``"key" in x``, ``in x.keys()``) first, when the call sits in a ``try`` catching TypeError, when the fork merges
the dicts itself (``{**x, "key": v}``, ``dict(x, key=v)``: the last one wins), and when the callee takes
``**kwargs``, is decorated (a Triton kernel takes ``num_warps`` as a launch option) or is not the fork's own def.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.callees import Callee, homed, homes, resolve, scope_of
from aeon_release.domain.audits.drift.confirmed_unions import bound_once, reached
from aeon_release.domain.audits.drift.returns import own_nodes
from aeon_release.domain.audits.drift.sides import Qualified, ThreeTrees, parsed_texts, whole_word
from aeon_release.domain.audits.merge_rules import KEY_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, method_defs

__all__ = ["spread_key_drift"]

_KEYED = lazy_pattern(r"""^\+[^\n]*(?:["'][\w.-]+["'][ \t]*:|\[[ \t]*["'][\w.-]+["'][ \t]*\][ \t]*=)""", re.MULTILINE)
# a ``**`` spread (after ``(``, ``,`` or at a line's start) on a line that is no signature (``def f(self, **kwargs)``)
_SPREAD = lazy_pattern(r"^(?![ \t]*(?:async[ \t]+)?def\b)(?:[ \t]*|[^\n]*[(,][ \t]*)\*\*[ \t]*\w")
_DEFINES = lazy_pattern(r"\bdef[ \t]+(\w+)[ \t]*\(")
_Def = ast.FunctionDef | ast.AsyncFunctionDef


@dataclass(frozen=True)
class Grown(Qualified):
    """``qualname`` (in ``path``) returns dicts that carry ``key`` more often now; ``every``: each of its returned
    displays carries it upstream and none did at the base."""

    qualname: str
    path: str
    key: str
    every: bool


@dataclass(frozen=True)
class Spread:
    """A fork-owned call spreading ``**`` the dict ``source`` returns (``source`` called directly, or bound once to
    a local) in ``func``; ``named``: the keywords the call names, with their lines; ``taken``: the keywords its
    callee takes, when that is a plain def of the file's own (else None)."""

    call: ast.Call
    source: ast.Call
    callee: Callee
    homes: tuple[str, ...]
    local: str | None
    func: _Def
    named: dict[str, int]
    taken: frozenset[str] | None

    @property
    def called(self) -> str:
        return last_name(self.source.func)


def spread_key_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork calls spreading a def's returned dict beside (or into a def without) a key upstream now puts in it."""
    # the fork's spreads first: a merge whose fork spreads no call's dict parses nothing upstream
    spreads = {
        p: mine
        for p in sorted(trees.mine)
        if p.endswith(".py") and any(_SPREAD.search(t) for t in trees.mine[p].added.values())
        if (mine := list(_spreads(trees, p)))
    }
    called = {s.called for mine in spreads.values() for s in mine}
    modules = {m for mine in spreads.values() for s in mine for m in s.homes}
    paths = [
        p for p in trees.upstream if p.endswith(".py") and homed(p, modules) and _KEYED.search(trees.upstream.raw(p))
    ]
    grown: dict[str, list[Grown]] = {}
    for hit in _grown(trees, paths, called) if paths else ():
        grown.setdefault(hit.name, []).append(hit)
    return [
        _finding(trees, path, line, hit, how, pr_pattern)
        for path, mine in spreads.items()
        if grown
        for line, hit, how in _collisions(trees, mine, grown)
    ]


def _grown(trees: ThreeTrees, paths: list[str], called: set[str]) -> Iterator[Grown]:
    def keep(_old: str, new: str) -> bool:
        return any(m.group(1) in called for m in _DEFINES.finditer(new))

    for both in parsed_texts(trees, paths, keep):
        before = {q: f for q, f in method_defs(both.old.body) if f.name in called}
        for qualname, func in method_defs(both.new.body):
            was = before.get(qualname)
            old, new = (_returned_keys(was), _returned_keys(func)) if was is not None else (None, None)
            if old is None or new is None:
                continue
            (old_counts, _, _), (new_counts, displays, whole) = old, new
            for key, count in sorted(new_counts.items()):
                if count > old_counts.get(key, 0):
                    every = whole and not old_counts.get(key) and bool(displays) and all(key in d for d in displays)
                    yield Grown(qualname, both.path, key, every)


def _returned_keys(func: _Def) -> tuple[dict[str, int], list[set[str]], bool] | None:
    """(how many returned displays or stores carry each string key, each returned display's keys, whether every
    path returns one of those displays) of the dicts ``func`` returns; None when one of them spreads another
    mapping or is updated from one."""
    nodes = list(own_nodes(func.body))
    names = {n.value.id for n in nodes if isinstance(n, ast.Return) and isinstance(n.value, ast.Name)}
    values = [n.value for n in nodes if isinstance(n, ast.Return) and isinstance(n.value, ast.Dict)]
    values += [v for n in nodes if (v := _assigned(n, names)) is not None]
    if any(k is None for d in values for k in d.keys):
        return None
    displays = [{k.value for k in d.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)} for d in values]
    counts: dict[str, int] = {}
    for key in [k for d in displays for k in d] + [k for n in nodes for k in _stored(n, names)]:
        counts[key] = counts.get(key, 0) + 1
    return None if any(_updated(n, names) for n in nodes) else (counts, displays, _only_displays(func, nodes, names))


def _only_displays(func: _Def, nodes: list[ast.AST], names: set[str]) -> bool:
    """Each ``return`` gives a dict display, or a local bound only to displays: a dict loaded, computed, handed
    in or a bare ``return`` on some path may lack any key (``return self.tuned[M]`` beside the defaults)."""
    returns = [n for n in nodes if isinstance(n, ast.Return)]
    if any(not isinstance(n.value, (ast.Dict, ast.Name)) for n in returns):
        return False
    args = func.args
    params = {a.arg for a in args.posonlyargs + args.args + args.kwonlyargs + [args.vararg, args.kwarg] if a}
    displayed = {
        id(t)
        for n in nodes
        if isinstance(n, (ast.Assign, ast.AnnAssign)) and isinstance(n.value, ast.Dict)
        for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
    }
    stores = [n for n in nodes if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store) and n.id in names]
    bound = {n.id for n in stores}
    return bound == names and not names & params and all(id(n) in displayed for n in stores)


def _assigned(node: ast.AST, names: set[str]) -> ast.Dict | None:
    """The dict display ``node`` binds to one of the returned locals."""
    if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict):
        if any(isinstance(t, ast.Name) and t.id in names for t in node.targets):
            return node.value
    if isinstance(node, ast.AnnAssign) and isinstance(node.value, ast.Dict) and isinstance(node.target, ast.Name):
        return node.value if node.target.id in names else None
    return None


def _stored(node: ast.AST, names: set[str]) -> list[str]:
    """The string keys ``node`` stores on a returned local: ``x["k"] = v``, ``x.update(k=v)``."""
    if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store) and _named(node.value, names):
        key = node.slice
        return [key.value] if isinstance(key, ast.Constant) and isinstance(key.value, str) else []
    if _method_of(node, names) == "update" and isinstance(node, ast.Call):
        return [k.arg for k in node.keywords if k.arg is not None]
    return []


def _updated(node: ast.AST, names: set[str]) -> bool:
    """``x.update(other)`` or ``x |= other`` on a returned local: keys not shown."""
    if _method_of(node, names) == "update" and isinstance(node, ast.Call):
        return bool(node.args) or any(k.arg is None for k in node.keywords)
    return isinstance(node, ast.AugAssign) and _named(node.target, names)


def _method_of(node: ast.AST, names: set[str]) -> str | None:
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and _named(node.func.value, names):
        return node.func.attr
    return None


def _named(node: ast.expr, names: set[str]) -> bool:
    return isinstance(node, ast.Name) and node.id in names


def _spreads(trees: ThreeTrees, path: str) -> Iterator[Spread]:
    """The fork-owned calls of ``path`` that spread a call's dict and name a keyword or reach a plain own def."""
    module, owned = trees.merged_module(path), trees.owned_lines(path)
    if module is None or not owned:
        return
    own_defs, scope = _own_defs(module), None
    for func in (n for n in ast.walk(module) if isinstance(n, _Def)):
        locals_: dict[str, ast.Call] | None = None
        for call in (n for n in own_nodes(func.body) if isinstance(n, ast.Call)):
            spreads = [k.value for k in call.keywords if k.arg is None and not isinstance(k.value, ast.Dict)]
            if not spreads or not owned.intersection(range(call.lineno, (call.end_lineno or call.lineno) + 1)):
                continue
            named, taken = _passed(call), _taken(call, own_defs)
            if not named and taken is None:
                continue
            locals_ = bound_once(func) if locals_ is None else locals_
            for spread in spreads:
                local = spread.id if isinstance(spread, ast.Name) else None
                source = locals_.get(local) if local is not None else spread
                scope = scope_of(module) if scope is None else scope
                callee = resolve(source.func, scope, func) if isinstance(source, ast.Call) else None
                if isinstance(source, ast.Call) and callee is not None and not callee.capped:
                    yield Spread(call, source, callee, homes(callee, scope), local, func, named, taken)


def _collisions(
    trees: ThreeTrees, spreads: list[Spread], grown: dict[str, list[Grown]]
) -> Iterator[tuple[int, Grown, str]]:
    for spread in spreads:
        for hit in _hits(trees, spread.callee, grown) if spread.called in grown else ():
            if spread.local is not None and _told(spread.func, spread.local, hit.key):
                continue
            if _caught(spread.func, spread.call):
                continue
            if hit.key in spread.named:
                yield (
                    spread.named[hit.key],
                    hit,
                    f"also passes {hit.key}= (TypeError: multiple values for that keyword)",
                )
            elif spread.taken is not None and hit.key not in spread.taken:
                line = spread.call.lineno
                yield line, hit, f"hands it to a def that does not take {hit.key} (TypeError: unexpected keyword)"


def _hits(trees: ThreeTrees, callee: Callee, found: dict[str, list[Grown]]) -> list[Grown]:
    """Every grown key of the def the call reaches (one ``Grown`` per key)."""
    first = reached(trees, callee, found)
    return (
        [h for h in found.get(first.name, []) if (h.qualname, h.path) == (first.qualname, first.path)] if first else []
    )


def _passed(call: ast.Call) -> dict[str, int]:
    """The keywords a call names, each with its line: ``key=...`` and the literal keys of a ``**{...}`` display."""
    named = {k.arg: k.value.lineno for k in call.keywords if k.arg is not None}
    for value in (k.value for k in call.keywords if k.arg is None and isinstance(k.value, ast.Dict)):
        named.update(
            {k.value: k.lineno for k in value.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)}
        )
    return named


def _own_defs(module: ast.Module) -> dict[str, _Def]:
    return {n.name: n for n in module.body if isinstance(n, _Def)}


def _taken(call: ast.Call, own_defs: dict[str, _Def]) -> frozenset[str] | None:
    """The keywords the callee takes, when it is a def of the file's own, undecorated, without ``**kwargs``."""
    target = own_defs.get(call.func.id) if isinstance(call.func, ast.Name) else None
    if target is None or target.decorator_list or target.args.kwarg is not None:
        return None
    args = target.args
    return frozenset(a.arg for a in args.args + args.kwonlyargs)


def _told(func: _Def, name: str, key: str) -> bool:
    """The function takes ``key`` back out of ``name`` (``pop``, ``del``) or asks about it (``key in name``,
    ``key in name.keys()``); the key said as a literal or as a loop variable over literals holding it (``for k in
    ("num_warps", "num_stages"): name.pop(k, None)``)."""
    nodes = list(own_nodes(func.body))
    loops = _looped(nodes, key)
    for node in nodes:
        if _method_of(node, {name}) in ("pop", "get", "setdefault") and isinstance(node, ast.Call):
            if node.args and _said(node.args[0], key, loops):
                return True
        if isinstance(node, ast.Delete) and any(
            isinstance(t, ast.Subscript) and _named(t.value, {name}) for t in node.targets
        ):
            return True
        if isinstance(node, ast.Compare) and any(_named(c, {name}) or _keys_of(c, name) for c in node.comparators):
            if _said(node.left, key, loops):
                return True
    return False


def _looped(nodes: list[ast.AST], key: str) -> set[str]:
    """The loop variables iterating over a literal tuple, list or set that holds ``key``."""
    return {
        n.target.id
        for n in nodes
        if isinstance(n, (ast.For, ast.AsyncFor)) and isinstance(n.target, ast.Name)
        if isinstance(n.iter, (ast.Tuple, ast.List, ast.Set))
        and any(isinstance(e, ast.Constant) and e.value == key for e in n.iter.elts)
    }


def _said(node: ast.expr, key: str, loops: set[str]) -> bool:
    """``node`` is the key's literal or one of ``loops`` (loop variables over literals holding it)."""
    if isinstance(node, ast.Constant):
        return node.value == key
    return isinstance(node, ast.Name) and node.id in loops


def _keys_of(node: ast.expr, name: str) -> bool:
    """``name.keys()``."""
    return isinstance(node, ast.Call) and not node.args and _method_of(node, {name}) == "keys"


def _caught(func: _Def, call: ast.Call) -> bool:
    """The call sits in the body of a ``try`` whose handler catches TypeError (the collision's error)."""
    return any(
        isinstance(node, ast.Try)
        and any(n is call for s in node.body for n in ast.walk(s))
        and any(_catches_type_error(h.type) for h in node.handlers)
        for node in own_nodes(func.body)
    )


def _catches_type_error(kind: ast.expr | None) -> bool:
    kinds = kind.elts if isinstance(kind, ast.Tuple) else [kind] if kind is not None else []
    return any(isinstance(k, ast.Name) and k.id == "TypeError" for k in kinds)


def _finding(trees: ThreeTrees, path: str, line: int, hit: Grown, how: str, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(hit.path, whole_word(hit.name), pr_pattern, most=5)
    where = "on each of its paths" if hit.every else "on more of its paths (not all)"
    message = (
        f"fork-owned call spreads the dict {hit.qualname}() returns and {how}: upstream's {hit.qualname} now puts "
        f'"{hit.key}" into that dict {where} ({hit.path}{commit}); take the key out first or merge the dicts '
        f'({{**config, "{hit.key}": ...}}) so one value wins'
    )
    return Finding(RULE, "merge", Severity.ERROR if hit.every else Severity.WARNING, path, line, message)
