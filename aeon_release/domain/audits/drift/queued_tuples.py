"""Queued tuple drift: a fork line unpacks an entry of a container an upstream class keeps in an attribute
(a deque, a list, a queue of tuples), and upstream changed how many values each entry holds.

A class that hands work from one step to the next through ``self.queue.appendleft((future, output))`` fixes
its entries' layout in the lines that put them; a fork's subclass or helper takes one back by its names,
``future, output = self.queue[-1]``, ``.pop()`` or ``for future, output in self.queue``.  #31611 widened
``EngineCore.batch_queue``'s entries from ``(future, scheduler_output)`` to ``(future, scheduler_output,
exec_future)`` (the annotation ``deque[tuple[...]]`` too): git merges the fork's two-name unpack as it was,
and it raises ValueError on the first pipelined step.  Stored tuple drift (stored_tuples.py) checks a tuple
an attribute holds; this is the tuples a container attribute holds.

A class's entry length of an attribute at one revision: what its annotation (``self.NAME: deque[tuple[A,
B]] | None``, or the class body's) and every put of its methods (``.append``, ``.appendleft``, ``.put``,
``.put_nowait``, ``.add``, ``.insert`` on ``self.NAME`` or on a local bound to it) show, when all of them
agree on one length; a put of anything but a tuple display leaves it unknown: quiet.  A fork-owned unpack
without a star of ``R.NAME[k]``, ``R.NAME.pop()`` (``popleft``, ``get``, ``get_nowait``) or a ``for`` over
``R.NAME`` (``R.NAME or ()``, ``reversed(R.NAME)``, or a local bound once to it) taking exactly the base's
length, which upstream changed, is an error when ``R`` is tied to the class by its import (``self`` in a
subclass, a parameter annotated with it, a name bound to a call of it; the class's module the import's).  A warning for an unpack in a ``try``
catching what a misfit raises, beside a ``hasattr``/``getattr``/``isinstance`` probe of the entry or the
container, or under a test of an entry's ``len`` (``if len(self.queue[-1]) == 2:``); quiet where the fork's
class (or a fork base) changes what the container holds itself (any put, ``extend``, ``heapq.heappush``,
``self.NAME[i] = ...``, ``+=``), stores or defines the attribute.  An annotation counts from the class body
(``NAME: T``) or a method's ``self.NAME: T``; a method's local ``NAME: T`` is another value.

Cheap first: only fork files whose added lines unpack two names or more are parsed, and only the
upstream-changed files that name one of the attributes those unpacks read.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits import linear
from aeon_release.domain.audits.diffs import upstream_changed
from aeon_release.domain.audits.drift.fallbacks import caught_around, len_checked, shape_probed
from aeon_release.domain.audits.drift.own_fields import assigned, defines, enclosing
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, both_texts
from aeon_release.domain.audits.drift.stored_tuples import (
    Lineage,
    imported_lineage,
    own_class,
    receiver_owners,
    stores,
    whole_lineage,
)
from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, parent_map, parse_python

# ``a, b = ...`` / ``(a, b) = ...`` / ``for a, b in ...`` at a line's start: a prefilter, the AST decides
_WORDS = linear.Scan(r"^\s*(for\s+)?[(\[]?\s*\w+\s*,")
_MOST_FILES = 64
# the calls that take one entry out of a deque, a list or a queue
_TAKES = frozenset({"pop", "popleft", "get", "get_nowait"})
# the calls that put one entry in (the entry is the last argument: ``insert(i, entry)``)
# the calls a ``for`` walks a container's entries through, each entry as it was
_WALKS = frozenset({"list", "tuple", "reversed", "iter"})
_PUTS = frozenset({"append", "appendleft", "put", "put_nowait", "add", "insert"})
# every call that changes what a container holds: a fork class making any of them keeps entries of its own
_CHANGES = _PUTS | {"extend", "extendleft", "update", "__setitem__", "__iadd__"}
_PUSHES = frozenset({"heappush", "heappushpop", "heapreplace", "insort", "insort_left", "insort_right"})
# what unpacking an entry of another length raises
_MISFITS = frozenset({"ValueError", "TypeError", "Exception"})
_UNKNOWN = -1
Lengths = dict[tuple[str, str], int]


@dataclass(frozen=True)
class Read:
    path: str
    line: int
    attr: str
    owners: frozenset[tuple[str, str]]  # (module, class) the container's receiver is tied to by an import
    count: int  # the number of names the unpack takes
    guarded: bool  # in a ``try`` catching a misfit, or beside a probe of the entry or the container


def queued_tuple_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    reads = list(_fork_reads(trees))
    if not reads:
        return []
    paths = [p for p in upstream_changed(trees.repo, trees.base, trees.theirs) if p.endswith(".py")]
    holding = sorted(trees.upstream_files_with(tuple(sorted({f".{r.attr}" for r in reads})), paths))[:_MOST_FILES]
    before, after = both_texts(trees, holding)
    lengths = {p: (_lengths(before[p], p), _lengths(after[p], p)) for p in holding}
    findings = []
    for read in reads:
        found = _drifted(read, lengths)
        if found is not None:
            findings.append(_finding(trees, read, *found, pr_pattern))
    return findings


def _drifted(read: Read, lengths: dict[str, tuple[Lengths, Lengths]]) -> tuple[str, str, int] | None:
    """(upstream's file, the class, upstream's entry length) when the read took the base's length, now changed."""
    for path, (was_all, now_all) in lengths.items():
        module = dotted_name(path)
        for owner_module, cls in read.owners:
            was, now = was_all.get((cls, read.attr), _UNKNOWN), now_all.get((cls, read.attr), _UNKNOWN)
            if owner_module == module and _UNKNOWN not in (was, now) and read.count == was != now:
                return path, cls, now
    return None


def _fork_reads(trees: ThreeTrees) -> Iterator[Read]:
    for path, module, owned in fork_modules(trees, _WORDS.search):
        parents, imports = parent_map(module), file_imports(module, path)
        elsewhere = imported_lineage(trees, imports)
        for node in ast.walk(module):
            if getattr(node, "lineno", 0) in owned and (read := _read(path, node, parents, imports, elsewhere)):
                yield read


def _read(
    path: str, node: ast.AST, parents: dict[int, ast.AST], imports: dict[str, tuple[str, str]], elsewhere: Lineage
) -> Read | None:
    target, held = _unpacked(node, parents)
    if target is None or held is None or _own_entries(held, node, parents, elsewhere):
        return None
    owners = receiver_owners(held.value, node, parents, imports)
    spelled = node.value if isinstance(node, ast.Assign) else held
    guarded = (
        caught_around(node, _MISFITS, parents)
        or any(shape_probed(node, ast.unparse(s), parents) for s in (spelled, held))
        or len_checked(node, lambda asked: _an_entry(asked, spelled, held), parents)
    )
    return Read(path, getattr(node, "lineno", 0), held.attr, owners, len(target.elts), guarded) if owners else None


def _an_entry(asked: ast.expr, spelled: ast.expr, held: ast.Attribute) -> bool:
    """``asked`` is the entry the line unpacks or an entry of its container by index (``self.queue[0]``): a test
    of its ``len`` tells the layouts apart."""
    if ast.unparse(asked) == ast.unparse(spelled):
        return True
    return isinstance(asked, ast.Subscript) and ast.unparse(asked.value) == ast.unparse(held)


def _unpacked(node: ast.AST, parents: dict[int, ast.AST]) -> tuple[ast.Tuple | ast.List | None, ast.Attribute | None]:
    """The star-less target and the container ``R.NAME`` an entry of which it unpacks, if the node is one."""
    if isinstance(node, ast.Assign) and len(node.targets) == 1:
        target, entry = node.targets[0], node.value
        if isinstance(entry, ast.Subscript) and _is_index(entry.slice):
            container: ast.expr | None = entry.value
        elif isinstance(entry, ast.Call) and isinstance(entry.func, ast.Attribute) and entry.func.attr in _TAKES:
            container = entry.func.value
        else:
            container = None
    elif isinstance(node, ast.For | ast.AsyncFor):
        target, container = node.target, _iterated(node.iter)
    else:
        return None, None
    if not isinstance(target, ast.Tuple | ast.List) or any(isinstance(e, ast.Starred) for e in target.elts):
        return None, None
    return target, _held(container, node, parents) if container is not None else None


def _iterated(node: ast.expr) -> ast.expr:
    """What a ``for`` walks the entries of: ``X`` of ``X or ()``, ``reversed(X)``, ``list(X)``."""
    if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or):
        return _iterated(node.values[0])
    if isinstance(node, ast.Call) and last_name(node.func) in _WALKS and len(node.args) == 1 and not node.keywords:
        return _iterated(node.args[0])
    return node


def _is_index(node: ast.expr) -> bool:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        node = node.operand
    return isinstance(node, ast.Constant) and type(node.value) is int


def _held(value: ast.expr, node: ast.AST, parents: dict[int, ast.AST]) -> ast.Attribute | None:
    """``R.attr`` itself, or the one ``R.attr`` a plain name is bound to in its function."""
    if isinstance(value, ast.Attribute):
        return value
    func = enclosing(node, parents) if isinstance(value, ast.Name) else None
    bound = assigned(func).get(value.id, ()) if func is not None and isinstance(value, ast.Name) else ()
    return bound[0] if len(bound) == 1 and isinstance(bound[0], ast.Attribute) else None


def _own_entries(held: ast.Attribute, node: ast.AST, parents: dict[int, ast.AST], elsewhere: Lineage) -> bool:
    """``self.NAME`` where the fork's class (or a fork base) puts entries in it, stores or defines it itself:
    the entries read back are the fork's."""
    cls = own_class(node, parents) if isinstance(held.value, ast.Name) and held.value.id == "self" else None
    return cls is not None and any(
        defines(c, held.attr) or stores(c, held.attr) or _puts(c, held.attr)
        for c in whole_lineage(cls, parents, elsewhere)
    )


def _puts(cls: ast.ClassDef, name: str) -> bool:
    """A method of the class changes what ``self.NAME`` holds: any put, ``extend``, ``heapq.heappush(self.NAME,
    ...)``, ``self.NAME[i] = ...`` or ``self.NAME += ...``; the entries are then its own, whatever their length."""
    for func in _methods(cls):
        bound = assigned(func)
        if any(_self_attr(c, bound) == name for c in _changed(func)):
            return True
    return False


def _changed(func: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[ast.expr]:
    """Each container a statement or call of the function changes in place."""
    for node in _own_nodes(func):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _CHANGES:
            yield node.func.value
        elif isinstance(node, ast.Call) and last_name(node.func) in _PUSHES and node.args:
            yield node.args[0]
        elif isinstance(node, ast.AugAssign):
            yield node.target
        for target in node.targets if isinstance(node, ast.Assign) else ():
            if isinstance(target, ast.Subscript):
                yield target.value


def _methods(cls: ast.ClassDef) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    return (n for n in cls.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef))


def _own_nodes(func: ast.AST) -> Iterator[ast.AST]:
    """The nodes of a method, not those of a class nested in it (whose ``self`` is another object)."""
    for child in ast.iter_child_nodes(func):
        if not isinstance(child, ast.ClassDef):
            yield child
            yield from _own_nodes(child)


def _lengths(text: str | None, path: str) -> Lengths:
    """(class, attribute) -> the length every entry shown holds; _UNKNOWN where they disagree or one is no
    tuple display."""
    module = parse_python(text, path) if text is not None else None
    found: Lengths = {}
    for cls in (n for n in module.body if isinstance(n, ast.ClassDef)) if module is not None else ():
        for attr, length in [*_annotated(cls), *_entries(cls)]:
            held = found.setdefault((cls.name, attr), length)
            if held != length:
                found[(cls.name, attr)] = _UNKNOWN
    return found


def _annotated(cls: ast.ClassDef) -> Iterator[tuple[str, int]]:
    """(attribute, entry length) of each annotation of a container of tuples: ``self.NAME: T`` in a method,
    ``NAME: T`` in the class body."""
    in_methods = (n for f in _methods(cls) for n in _own_nodes(f))
    for node in [*cls.body, *in_methods]:
        if not isinstance(node, ast.AnnAssign):
            continue
        t = node.target
        own = isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"
        # a bare name counts in the class body only: in a method it is a local of the same spelling
        body = isinstance(t, ast.Name) and node in cls.body
        name = t.attr if own and isinstance(t, ast.Attribute) else t.id if body and isinstance(t, ast.Name) else None
        length = _entry_length(node.annotation)
        if name is not None and length is not None:
            yield name, length


def _entry_length(annotation: ast.expr) -> int | None:
    """``deque[tuple[A, B]]`` (``| None`` or ``Optional[...]`` around it) -> 2; None for anything else (a
    ``dict[K, V]``, a bare tuple: stored tuple drift's, a tuple with ``...``)."""
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        sides = [s for s in (annotation.left, annotation.right) if not _is_none(s)]
        annotation = sides[0] if len(sides) == 1 else annotation
    if isinstance(annotation, ast.Subscript) and last_name(annotation.value) == "Optional":
        annotation = annotation.slice
    if not isinstance(annotation, ast.Subscript) or last_name(annotation.value) in ("tuple", "Tuple"):
        return None
    entry = annotation.slice
    if not isinstance(entry, ast.Subscript) or last_name(entry.value) not in ("tuple", "Tuple"):
        return None
    elts = entry.slice.elts if isinstance(entry.slice, ast.Tuple) else [entry.slice]
    return None if any(isinstance(e, ast.Constant) and e.value is Ellipsis for e in elts) else len(elts)


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _entries(cls: ast.ClassDef) -> Iterator[tuple[str, int]]:
    """(attribute, entry length or _UNKNOWN) of each put a method of the class makes into ``self.NAME`` or a
    local bound to it."""
    for func in _methods(cls):
        bound = assigned(func)
        for node in _own_nodes(func):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _PUTS:
                attr = _self_attr(node.func.value, bound)
                if attr is not None and node.args:
                    yield attr, _tuple_length(node.args[-1])


def _self_attr(container: ast.expr, bound: dict[str, tuple[ast.expr, ...]]) -> str | None:
    if isinstance(container, ast.Name) and len(held := bound.get(container.id, ())) == 1:
        container = held[0]
    if isinstance(container, ast.Attribute) and isinstance(container.value, ast.Name) and container.value.id == "self":
        return container.attr
    return None


def _tuple_length(value: ast.expr) -> int:
    if isinstance(value, ast.Tuple) and not any(isinstance(e, ast.Starred) for e in value.elts):
        return len(value.elts)
    return _UNKNOWN


def _finding(trees: ThreeTrees, read: Read, path: str, cls: str, now: int, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(path, rf"{read.attr}", pr_pattern)
    why = (
        "; it sits in a try catching a misfit, beside a probe of the entry or under a test of its len, which may"
        " already tell the layouts apart"
        if read.guarded
        else ""
    )
    return Finding(
        RULE,
        "merge",
        Severity.WARNING if why else Severity.ERROR,
        read.path,
        read.line,
        f"fork-owned line unpacks {read.count} values from an entry of {cls}.{read.attr}, whose entries upstream "
        f"now holds {now} ({path}{commit}); unpack the new layout, or index the entry{why}",
    )
