"""Unlisted drift: upstream made a container field one record, the fork still iterates it.

#20232 made ``SchedulerOutput.scheduled_cached_reqs`` (a ``list[CachedRequestData]``, one record per
request) a single ``CachedRequestData`` whose fields are the lists (``req_ids``, ``new_block_ids`` ...).
A fork model runner's ``for req in scheduler_output.scheduled_cached_reqs:`` merges cleanly and raises
``TypeError: 'CachedRequestData' object is not iterable`` on the first step that schedules one.

Upstream's side: the Python files whose diff removes a line annotating a name as a container (``list``,
``Sequence``, ``tuple``, ``set``, ``dict`` ...) that the fork's added lines read (``.name``); parsed at the
base and at upstream, a field (or a method's return) annotated as a container at the base and, at
upstream, as a plain class of the same file that defines no way to be iterated (no ``__iter__``, no
``__getitem__``).  The fork's side, on lines it wrote: ``x.name`` iterated (a ``for``, a comprehension,
``list()``/``enumerate()``/``zip()``/``sorted()``...), sized (``len()``, when the class has no
``__len__``), indexed, tested for membership (``in``, when it has no ``__contains__``) or sent a list's,
dict's or set's method the class does not define (``.append()``, ``.get()``, ``.setdefault()`` ...), with ``x`` typed as the owning class (``ForkTypes`` keeps the fork's own).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from aeon_release.domain.audits.drift.own_fields import ForkTypes, enclosing, file_classes
from aeon_release.domain.audits.drift.returns import attribute_readers, attributes_read
from aeon_release.domain.audits.drift.retyped import Recontained, _container, reannotated, recontained_held
from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.merge_rules import TYPE_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, parent_map, str_value, walk_spanning

_LISTED_LINE = lazy_pattern(
    r"\n-[ \t]+(?:self\.)?(\w+)[ \t]*:[ \t]*(?:typing\.)?"
    r"(?:list|List|Sequence|tuple|Tuple|set|Set|frozenset|dict|Dict|Mapping|Iterable|Collection|deque)\["
)
_RETURNED_LISTED = lazy_pattern(
    r"\n-[ \t]*def[ \t]+(\w+)[^\n]*->[ \t]*(?:typing\.)?(?:list|List|Sequence|tuple|Tuple|set|Set|dict|Dict)\["
)
# what iterates its argument
_ITERATING = frozenset({"list", "tuple", "set", "frozenset", "sorted", "enumerate", "zip", "sum", "any", "all", "dict"})


def unlisted_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork lines that iterate, size or index a field upstream made a single record."""
    wanted = attributes_read(trees)
    paths = [
        p
        for p in trees.upstream.matching(_LISTED_LINE, ".py")
        if wanted.intersection(
            _LISTED_LINE.findall(trees.upstream.raw(p)) + _RETURNED_LISTED.findall(trees.upstream.raw(p))
        )
    ]
    found = _unlisted(trees, paths, wanted) if paths else {}
    if not found:
        return []
    return [
        _finding(trees, path, line, hit, how, pr_pattern)
        for path, module, owned in attribute_readers(trees, found)
        for line, hit, how in _uses(trees, path, module, owned, found)
    ]


def _unlisted(trees: ThreeTrees, paths: list[str], wanted: set[str]) -> dict[str, list[Recontained]]:
    found: dict[str, list[Recontained]] = {}
    for pair in reannotated(trees, paths, wanted):
        kind = _container(pair.was)
        record = _record(pair.now, pair.module) if kind is not None and _container(pair.now) is None else None
        if record is not None:
            shown = ast.unparse(pair.was), ast.unparse(pair.now)
            hit = Recontained(pair.name, pair.owner, pair.path, *shown, kind or "", record, pair.is_return)
            found.setdefault(pair.name, []).append(hit)
    return found


def _record(annotation: ast.expr, module: ast.Module) -> str | None:
    """The abilities (``iter``, ``len``, ``index``) a class of upstream's file lacks, joined by ``,``, when
    the annotation names one (``"Name"`` too) that cannot be iterated; else None."""
    text = str_value(annotation) or ""
    if not text and not isinstance(annotation, (ast.Name, ast.Attribute)):
        return None
    name = (text or ast.unparse(annotation)).rsplit(".", 1)[-1]
    cls = next((c for c in file_classes(module.body) if c.name == name), None)
    if cls is None or (cls.bases and not all(_plain_base(b) for b in cls.bases)):
        return None  # not the file's, or deriving from something that may be a container
    methods = {s.name for s in cls.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))}
    if methods & {"__iter__", "__getitem__", "__getattr__"}:
        return None
    lacking = ",".join(f"method:{m}" for m in sorted(_CONTAINER_METHODS - methods))
    contains = "" if "__contains__" in methods else ",contains"
    return "iter,index" + ("" if "__len__" in methods else ",len") + contains + "," + lacking


def _plain_base(base: ast.expr) -> bool:
    return last_name(base) in ("object", "ABC", "Generic") or (
        isinstance(base, ast.Subscript) and last_name(base.value) == "Generic"
    )


def _uses(
    trees: ThreeTrees, path: str, module: ast.Module, owned: set[int], found: dict[str, list[Recontained]]
) -> Iterator[tuple[int, Recontained, str]]:
    parents = parent_map(module)
    fork = ForkTypes.of(trees, path, module)
    bound: dict[int, dict[str, ast.expr]] = {}
    for node in walk_spanning(module, owned):
        if not (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load) and node.attr in found):
            continue
        parent = parents.get(id(node))
        subject: ast.expr = parent if isinstance(parent, ast.Call) and parent.func is node else node
        how = _use(subject, parents)
        if how is None or node.lineno not in owned:
            continue
        hit = recontained_held(subject, enclosing(node, parents), parents, fork, found, bound)
        if hit is not None and how[0] in hit.new.split(","):
            yield node.lineno, hit, how[1]


def _use(subject: ast.expr, parents: dict[int, ast.AST]) -> tuple[str, str] | None:
    """(the ability, how the line uses it) of ``subject`` iterated, sized or indexed."""
    parent = parents.get(id(subject))
    shown = ast.unparse(subject)
    if isinstance(parent, (ast.For, ast.AsyncFor, ast.comprehension)) and parent.iter is subject:
        return "iter", f"iterates {shown}"
    if isinstance(parent, ast.Starred) and parent.value is subject:
        return "iter", f"unpacks *{shown}"
    if isinstance(parent, ast.Call) and any(a is subject for a in parent.args):
        called = last_name(parent.func)
        if called == "len":
            return "len", f"takes len({shown})"
        if called in _ITERATING:
            return "iter", f"passes {shown} to {called}()"
    if isinstance(parent, ast.Subscript) and parent.value is subject:
        return "index", f"indexes {shown}"
    if isinstance(parent, ast.Compare) and any(
        c is subject and isinstance(op, (ast.In, ast.NotIn)) for op, c in zip(parent.ops, parent.comparators)
    ):
        return "contains", f"tests membership in {shown}"
    if isinstance(parent, ast.Attribute) and parent.value is subject and parent.attr in _CONTAINER_METHODS:
        grand = parents.get(id(parent))
        if isinstance(grand, ast.Call) and grand.func is parent:
            return f"method:{parent.attr}", f"calls {shown}.{parent.attr}()"
    return None


# what a list (dict, set) offers that a record does not: ``scheduled_cached_reqs.append(...)``; a dict's
# lookups too: #24830 made BlockPool.cached_block_hash_to_block (a dict of dicts) a BlockHashToBlockMap
# (get_one_block/insert/pop), and a fork's ``.get(key, {})`` raises AttributeError
_CONTAINER_METHODS = frozenset(
    {"append", "extend", "insert", "pop", "remove", "index", "count", "sort", "items", "keys", "values", "add"}
    | {"get", "setdefault", "update", "clear", "copy", "popitem", "discard"}
)


def _finding(trees: ThreeTrees, path: str, line: int, hit: Recontained, how: str, pr_pattern: str) -> Finding:
    record = hit.now.strip("'\"").rsplit(".", 1)[-1]
    commit = trees.upstream_commit(hit.path, rf"\b{re.escape(hit.name)}\b.*\b{re.escape(record)}\b", pr_pattern)
    what = f"{hit.owner}.{hit.name}{'()' if hit.returned else ''}"
    message = (
        f"fork-owned line {how}, but upstream made {what} one {record} (was {hit.was}) ({hit.path}{commit}): "
        f"a {record} is one record, not a {hit.old} of them, so the line raises TypeError; read the record's "
        "own fields instead"
    )
    return Finding(RULE, "merge", Severity.ERROR, path, line, message)
