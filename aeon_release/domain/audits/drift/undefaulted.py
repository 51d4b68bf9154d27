"""Undefaulted dicts: upstream built a class's container attribute as a plain dict where it built a ``defaultdict``,
and a fork line indexes it, or adds into it, at a key it may not hold.

#14073 (b9f1d4294e) made ``KVCacheManager.num_cached_block`` ``{}`` where it was ``defaultdict(int)`` (and moved
its own reads to ``.get(request_id, ...)``).  The attribute, its annotation (``Dict[str, int]``) and every
signature stayed, so no symbol, signature or container check sees a thing; a fork subclass's
``self.num_cached_block[request.request_id]`` of a request not cached yet, or a fork's
``mgr.num_cached_block[request_id] += 1``, merges cleanly and raises KeyError where the default used to answer 0.

Upstream's side: a class of a changed file (whose diff removed a line calling ``defaultdict(``) whose methods
bind ``self.A`` only to ``defaultdict(...)`` at the base and only to an empty dict (``{}``, ``dict()``) at
upstream (a display or comprehension filling keys up front may hold every key the fork indexes).  The fork's
side, on a line it owns: ``R.A[key]`` read, or ``R.A[key] op= value``,
where ``R`` is ``self`` in a class deriving upstream's first that stores nothing into ``self.A`` itself, or a
parameter annotated with upstream's class.  An augmented assignment is an error (it needs the default whenever
the key is new); a read is an error when upstream's own diff moved its reads of the attribute to ``.get``,
``setdefault`` or a membership test (upstream says a key may be missing), a warning otherwise (the fork may read
only keys it knows are there).  Quiet: a function that tests ``key in R.A``, calls ``R.A.setdefault`` or stores
``R.A[...] = ...`` above the read, and a read in a ``try`` catching KeyError; since review83, a key a loop or
comprehension around the index draws from the dict's own keys (#52372's own ``for req_id in
...stored_requests.copy(): ...stored_requests[req_id]``), and an index under ``isinstance(R.A, defaultdict)`` or
``hasattr(R.A, "default_factory")``; since mend62, a function testing ``R.A.get(...)`` in an ``if`` or ``while``;
since mend67, a read after ``super().m(...)`` where upstream's class's ``m`` stores a key into ``self.A``.

Cheap first: only upstream files whose removed lines call ``defaultdict(`` are parsed, only attributes a fork line
names, and only fork files indexing one of them.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import cast

from aeon_release.domain.audits.drift.dict_elements import tied_functions
from aeon_release.domain.audits.drift.fallbacks import caught_around, hasattr_held, isinstance_guarded
from aeon_release.domain.audits.drift.nulled_attributes import assigned_targets, is_self_attribute
from aeon_release.domain.audits.drift.own_fields import file_classes
from aeon_release.domain.audits.drift.returns import added_words, fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions
from aeon_release.domain.audits.merge_rules import TYPE_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name

_MOST_FILES = 32
# what an index of a missing key raises, caught by a fork fallback
_KEY_ERRORS = frozenset({"KeyError", "LookupError", "Exception", "BaseException"})
# the dict kinds that answer a missing key: an ``isinstance`` test of one tells the old build from the new
_DEFAULTING = frozenset({"defaultdict", "Counter"})
# a walk over a container's keys, or a copy of them: ``list(d)``, ``sorted(d)``, ``d.copy()``, ``d.keys()``
_KEY_WALKS = frozenset({"list", "tuple", "set", "frozenset", "sorted", "reversed", "iter"})
_KEY_VIEWS = frozenset({"keys", "copy"})


@dataclass(frozen=True)
class Undefaulted:
    """``cls`` (of ``path``) builds ``self.attr`` as a plain dict now, a ``defaultdict`` at the base;
    ``guarded``: upstream's diff moved its own reads of it to ``.get``/``setdefault``/``in``; ``fillers``: the
    class's methods storing a key into it (``self.attr[k] = ...``, ``self.attr.setdefault``)."""

    path: str
    cls: str
    attr: str
    guarded: bool
    fillers: frozenset[str] = frozenset()


@dataclass(frozen=True)
class _Use:
    item: Undefaulted
    line: int
    adds: bool  # an augmented assignment, not a read


def undefaulted_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork lines indexing a container attribute upstream built as a ``defaultdict`` and builds as a plain dict."""
    words = added_words(trees)  # a fork line must name the attribute: no upstream file is parsed otherwise
    paths = [
        p
        for p in sorted(trees.upstream)
        if p.endswith(".py") and any("defaultdict(" in line for line in trees.upstream[p].removed)
    ][:_MOST_FILES]
    items = [u for path, old, new in parsed_versions(trees, paths) for u in _undefaulted(trees, path, old, new, words)]
    if not items:
        return []
    attrs = {u.attr for u in items}
    return [
        _finding(trees, path, use, pr_pattern)
        for path, module, owned in fork_modules(trees, lambda line: any(f".{a}[" in line for a in attrs))
        for use in _fork_uses(path, module, items)
        if use.line in owned
    ]


def _undefaulted(
    trees: ThreeTrees, path: str, old: ast.Module, new: ast.Module, words: frozenset[str]
) -> Iterator[Undefaulted]:
    before = {c.name: c for c in file_classes(old.body)}
    for cls in file_classes(new.body):
        was = before.get(cls.name)
        if was is None:
            continue
        then = _inits(was)
        for attr in sorted(a for a in then if a in words):
            now = _inits(cls).get(attr, [])
            if all(_defaultdict(v) for v in then[attr]) and now and all(_plain_dict(v) for v in now):
                guarded = _reads_guarded(trees, path, attr)
                yield Undefaulted(path, cls.name, attr, guarded, _fillers(cls, attr))


def _fillers(cls: ast.ClassDef, attr: str) -> frozenset[str]:
    """The methods of ``cls`` storing a key into ``self.attr``: a fork override calling ``super().m(...)`` first
    reads what the base stored (mend67: that store went unseen, a false finding on correct code)."""
    return frozenset(
        m.name
        for m in cls.body
        if isinstance(m, ast.FunctionDef | ast.AsyncFunctionDef) and _stores_key(m, attr, {"self"}) is not None
    )


def _inits(cls: ast.ClassDef) -> dict[str, list[ast.expr]]:
    """attr -> the values the class's methods bind ``self.attr`` to."""
    found: dict[str, list[ast.expr]] = {}
    for node in ast.walk(cls):
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            for target in assigned_targets(node):
                if is_self_attribute(target):
                    found.setdefault(target.attr, []).append(node.value)
    return found


def _defaultdict(value: ast.expr) -> bool:
    return isinstance(value, ast.Call) and last_name(value.func) == "defaultdict"


def _plain_dict(value: ast.expr) -> bool:
    """An empty dict: ``{}`` or ``dict()``.  A display or comprehension filling keys up front may hold every key
    the fork indexes (``{k: 0 for k in KINDS}``): not read."""
    if isinstance(value, ast.Dict):
        return not value.keys
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Name)
        and value.func.id == "dict"
        and not value.args
        and not value.keywords
    )


def _reads_guarded(trees: ThreeTrees, path: str, attr: str) -> bool:
    """Upstream's diff removed an index of ``self.attr`` and added a ``.get``, ``setdefault`` or ``in`` test of it."""
    change = trees.upstream[path]
    indexed = re.compile(rf"\bself\.{re.escape(attr)}\[")
    guarded = re.compile(rf"\bself\.{re.escape(attr)}\.(?:get|setdefault)\(|\bin\s+self\.{re.escape(attr)}\b")
    return any(indexed.search(line) for line in change.removed) and any(
        guarded.search(line) for line in change.added.values()
    )


def _fork_uses(path: str, module: ast.Module, items: list[Undefaulted]) -> Iterator[_Use]:
    for func, item, receivers, parents in tied_functions(path, module, items):
        yield from _indexes(func, item, receivers, parents)


def _indexes(
    func: ast.FunctionDef | ast.AsyncFunctionDef, item: Undefaulted, receivers: set[str], parents: dict[int, ast.AST]
) -> Iterator[_Use]:
    """The reads and augmented assignments of ``R.attr[key]`` in ``func`` that a missing key fails."""
    handed = _super_filled(func, item.fillers) if "self" in receivers else None
    filled = min((n for n in (_filled(func, item.attr, receivers), handed) if n is not None), default=None)
    for node in ast.walk(func):
        if isinstance(node, ast.AugAssign) and _indexed(node.target, item.attr, receivers):
            adds, at = True, node.target
        elif (
            isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load) and _indexed(node, item.attr, receivers)
        ):
            adds, at = False, node
        else:
            continue
        if (filled is not None and filled <= node.lineno) or caught_around(at, _KEY_ERRORS, parents):
            continue
        if _own_key(at, item.attr, receivers, parents) or _default_tested(at, parents):
            continue
        yield _Use(item, node.lineno, adds)


def _indexed(node: ast.expr, attr: str, receivers: set[str]) -> bool:
    """``R.attr[key]`` (not a slice) with ``R`` one of ``receivers``."""
    if not isinstance(node, ast.Subscript) or isinstance(node.slice, ast.Slice):
        return False
    value = node.value
    return (
        isinstance(value, ast.Attribute)
        and value.attr == attr
        and isinstance(value.value, ast.Name)
        and value.value.id in receivers
    )


def _filled(func: ast.AST, attr: str, receivers: set[str]) -> int | None:
    """The first line where ``func`` makes sure of its keys: a membership test of ``R.attr``, a
    ``R.attr.setdefault(...)`` or, since mend62, a test reading ``R.attr.get(...)`` (``if R.A.get(k) is None:
    return``: the fork asks whether the key is there; anywhere: line 0), or a store ``R.attr[...] = ...``."""
    for node in ast.walk(func):
        if isinstance(node, ast.If | ast.IfExp | ast.While) and _asks_get(node.test, attr, receivers):
            return 0
        if isinstance(node, ast.Compare) and any(isinstance(op, ast.In | ast.NotIn) for op in node.ops):
            if any(_is_attr(c, attr, receivers) for c in node.comparators):
                return 0
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "setdefault":
            if _is_attr(node.func.value, attr, receivers):
                return 0
    return _stores_key(func, attr, receivers)


def _stores_key(func: ast.AST, attr: str, receivers: set[str]) -> int | None:
    """The first line of ``func`` storing ``R.attr[...] = ...`` or calling ``R.attr.setdefault(...)``."""
    lines = [
        node.lineno
        for node in ast.walk(func)
        if (isinstance(node, ast.Assign) and any(_indexed(t, attr, receivers) for t in node.targets))
        or (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "setdefault"
            and _is_attr(node.func.value, attr, receivers)
        )
    ]
    return min(lines, default=None)


def _super_filled(func: ast.AST, fillers: frozenset[str]) -> int | None:
    """The first line of ``func`` calling ``super().m(...)`` for a method ``m`` of upstream's class that stores a
    key into the attribute."""
    lines = [
        node.lineno
        for node in ast.walk(func)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in fillers
        and isinstance(node.func.value, ast.Call)
        and isinstance(node.func.value.func, ast.Name)
        and node.func.value.func.id == "super"
    ]
    return min(lines, default=None)


def _asks_get(test: ast.expr, attr: str, receivers: set[str]) -> bool:
    """The test reads ``R.attr.get(...)``."""
    return any(
        isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and n.func.attr == "get"
        and _is_attr(n.func.value, attr, receivers)
        for n in ast.walk(test)
    )


def _default_tested(at: ast.expr, parents: dict[int, ast.AST]) -> bool:
    """The index runs only where the fork asked whether the dict still answers a missing key: an ``isinstance``
    test of ``defaultdict`` (or ``Counter``), or ``hasattr(R.A, "default_factory")`` (review83: a fork reading
    both upstreams)."""
    if not isinstance(at, ast.Subscript):
        return False
    subject = ast.unparse(at.value)
    return isinstance_guarded(at, subject, lambda kind: kind in _DEFAULTING, parents) or hasattr_held(
        at, subject, "default_factory", parents
    )


def _own_key(at: ast.expr, attr: str, receivers: set[str], parents: dict[int, ast.AST]) -> bool:
    """The key is a name a loop or comprehension around the index draws from ``R.attr``'s own keys (``for k in
    R.A``, ``R.A.items()``, a copy of them): the key is there (review83: #52372's own
    ``for req_id in ...stored_requests.copy(): ...stored_requests[req_id]``)."""
    if not (isinstance(at, ast.Subscript) and isinstance(at.slice, ast.Name)):
        return False
    key = at.slice.id
    child, parent = cast(ast.AST, at), parents.get(id(at))
    walking: ast.comprehension | None = None  # the generator whose own walk holds the index, if one does
    while parent is not None and not isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
        if isinstance(parent, ast.For | ast.AsyncFor) and any(s is child for s in parent.body):
            if _draws_key(parent.target, parent.iter, key, attr, receivers):
                return True
        if isinstance(parent, ast.comprehension) and parent.iter is child:
            walking = parent
        if isinstance(parent, ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp):
            gens = [g for g in parent.generators if g is not walking]
            if any(_draws_key(g.target, g.iter, key, attr, receivers) for g in gens):
                return True
        child, parent = parent, parents.get(id(parent))
    return False


def _draws_key(target: ast.expr, walked: ast.expr, key: str, attr: str, receivers: set[str]) -> bool:
    """``for key in R.A`` (its keys or a copy of them), or ``for key, value in R.A.items()``."""
    if isinstance(target, ast.Tuple) and target.elts and isinstance(walked, ast.Call) and not walked.args:
        items = isinstance(walked.func, ast.Attribute) and walked.func.attr == "items"
        first = target.elts[0]
        return items and isinstance(first, ast.Name) and first.id == key and _keys_of(walked.func, attr, receivers)
    return isinstance(target, ast.Name) and target.id == key and _keys_of(walked, attr, receivers)


def _keys_of(walked: ast.expr, attr: str, receivers: set[str]) -> bool:
    """``walked`` is ``R.attr`` (``.items``'s receiver too), or a walk or view of its keys."""
    if isinstance(walked, ast.Attribute) and walked.attr == "items":
        walked = walked.value
    while isinstance(walked, ast.Call) and not walked.keywords:
        func = walked.func
        if isinstance(func, ast.Attribute) and func.attr in _KEY_VIEWS and not walked.args:
            walked = func.value
        elif isinstance(func, ast.Name) and func.id in _KEY_WALKS and len(walked.args) == 1:
            walked = walked.args[0]
        else:
            return False
    return _is_attr(walked, attr, receivers)


def _is_attr(expr: ast.expr, attr: str, receivers: set[str]) -> bool:
    return (
        isinstance(expr, ast.Attribute)
        and expr.attr == attr
        and isinstance(expr.value, ast.Name)
        and expr.value.id in receivers
    )


def _finding(trees: ThreeTrees, path: str, use: _Use, pr_pattern: str) -> Finding:
    item = use.item
    commit = trees.upstream_commit(item.path, rf"{item.attr}.*defaultdict\(", pr_pattern)
    how = "augmented assignment into" if use.adds else "index of"
    error = use.adds or item.guarded
    why = (
        "a key not yet there raises KeyError where the default answered"
        if error
        else "a key not yet there raises KeyError where the default answered, if the fork reads one"
    )
    return Finding(
        RULE,
        "merge",
        Severity.ERROR if error else Severity.WARNING,
        path,
        use.line,
        f"fork-owned {how} {item.cls}.{item.attr}, which upstream ({item.path}{commit}) builds as a plain dict "
        f"where it built a defaultdict: {why}; read it with .get(key, default) or setdefault",
    )
