"""Split counts: upstream moved part of what one field held into a new sibling; the fork reads the old one whole.

#35781 (a8ff2cca92) moved the requests a scheduler holds back (waiting on a remote KV load, on a grammar) out of
``self.waiting`` into a new ``self.skipped_waiting``; upstream's own counts became ``len(self.waiting) +
len(self.skipped_waiting)``.  A fork subclass's ``len(self.waiting) >= cap`` or its walk of ``self.waiting`` for
the requests blocked on remote KV merges cleanly and now misses them: a queue-depth gate that never trips, a list
that is always empty (blind_replay_schedcore).  #38435 (5c18b961d6) split the other way round:
``SchedulerStats(num_waiting_reqs=len(self.waiting) + len(self.skipped_waiting))`` became ``num_waiting_reqs=
len(self.waiting), num_skipped_waiting_reqs=len(self.skipped_waiting)``; a fork reading ``stats.num_waiting_reqs``
as the whole queue now reads a part.

Upstream's side, two shapes.  A *container split*: a class of a changed file whose methods now sum
``len(self.a) + len(self.b)``, or ask ``self.a or self.b`` (#35781's scheduling loop), where ``self.b`` is a
field no method of the class set at the base (``a`` one it did).  A *count split*: a call whose keyword ``k``
carried a sum at the base (``k=x + y``) and now carries part of it (``k=x``), the rest handed to a keyword the
call did not pass (``k2=y``); the call's callee names the class, and the function returning the call's value
builds it (``make_stats``).  The fork's side, on a line it owns: for a container split, ``len(r.a)``, a walk of
``r.a`` (a ``for``, a comprehension) or a test of its truth off a receiver typed as the class (an annotation, a
build, ``self`` in a subclass); for a count split, a read of ``r.k`` off a receiver typed as the built class or
bound to a call of the building function off its class.  A warning, not an error: the fork may mean the part
(the requests ready to run).  Quiet: a function that names the sibling anywhere (it counts both, or tests for
it: ``hasattr(self, "b")``), an untyped receiver, the fork's own class of that name, a store, a field the split
leaves alone, a sibling the base already had.

Cheap first: only upstream files whose added lines sum two ``len(self.…)``, or-ing two ``self.`` fields, or
re-pass a keyword a removed line passed a sum, and only fork files naming the field.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.own_fields import ForkTypes, assigned, enclosing, file_classes
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.retyped import typed_as
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, parent_map

_LEN_SUM = lazy_pattern(r"len\(self\.\w+\)\s*\+\s*len\(self\.\w+\)|\bself\.\w+\s+or\s+self\.\w+")
_KEYWORD = lazy_pattern(r"\b(\w+)=(?!=)")  # a keyword argument (no spaces: PEP 8), not an assignment
_MOST_FILES = 32


@dataclass(frozen=True)
class Split:
    """Part of what ``owner.field`` held is now in ``owner.sibling`` (upstream's ``path``:``line``)."""

    path: str
    owner: str
    field: str
    sibling: str
    line: int
    container: bool  # a container (its len and walks read part now); else a count field (any read)
    builder: str = ""  # the function returning the count's record: a fork name bound to its call holds one
    builder_owner: str = ""  # the class whose method the builder is ("": a module function)


def split_count_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork reads of a container or count field part of whose members upstream moved into a new sibling."""
    paths = [p for p in sorted(trees.upstream) if p.endswith(".py") and _candidate(trees, p)][:_MOST_FILES]
    splits = [s for path, old, new in parsed_versions(trees, paths) for s in _splits(path, old, new)] if paths else []
    if not splits:
        return []
    return [
        _finding(trees, path, line, read, split, pr_pattern)
        for path, module, owned in fork_modules(trees, lambda text: any(f".{s.field}" in text for s in splits))
        for line, read, split in _reads(trees, path, module, owned, splits)
    ]


def _candidate(trees: ThreeTrees, path: str) -> bool:
    """Whether an added line sums or or-s two ``self`` fields, or re-passes a keyword a removed line passed a sum.

    perf33: each line's patterns are asked only of a line holding what every match holds (``self.``; a
    keyword's ``=``), and the added lines are read for a keyword only when a removed line summed one: every
    upstream file's added lines were searched twice (~12 ms at 80 commits)."""
    change = trees.upstream[path]
    if any(_LEN_SUM.search(line) for line in change.added.values() if "self." in line):
        return True
    summed = {name for line in change.removed if "+" in line and "=" in line for name in _KEYWORD.findall(line)}
    return bool(summed) and any(
        name in summed for line in change.added.values() if "=" in line for name in _KEYWORD.findall(line)
    )


def _splits(path: str, old: ast.Module, new: ast.Module) -> Iterator[Split]:
    yield from _container_splits(path, old, new)
    yield from _count_splits(path, old, new)


def _container_splits(path: str, old: ast.Module, new: ast.Module) -> Iterator[Split]:
    """``len(self.a) + len(self.b)`` in a class whose methods set ``self.b`` now, not at the base (``a`` both)."""
    before = {c.name: _self_fields(c) for c in file_classes(old.body)}
    seen: set[tuple[str, str, str]] = set()
    for cls in file_classes(new.body):
        had, has = before.get(cls.name, frozenset()), _self_fields(cls)
        inner: set[int] = set()  # a sum's inner links: counted with it (the walk meets the outermost first)
        for node in (n for n in ast.walk(cls) if isinstance(n, ast.BinOp | ast.BoolOp) and id(n) not in inner):
            counted = _counted(node, inner)
            for field in (f for f in counted if f in had):
                for sibling in (f for f in counted if f in has and f not in had):
                    if (cls.name, field, sibling) not in seen:
                        seen.add((cls.name, field, sibling))
                        yield Split(path, cls.name, field, sibling, node.lineno, container=True)


def _counted(node: ast.BinOp | ast.BoolOp, inner: set[int]) -> list[str]:
    """The fields a sum of ``len(self.…)`` counts (``inner`` gathers its inner links), or an ``or`` of ``self.…``
    tests (``while self.a or self.b``: #35781 made the scheduler's loop ask both queues)."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return [f for f in map(_len_of_self, _terms(node, inner)) if f is not None]
    if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or):
        return [v.attr for v in node.values if isinstance(v, ast.Attribute) and _is_self(v.value)]
    return []


def _is_self(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id == "self"


def _self_fields(cls: ast.ClassDef) -> frozenset[str]:
    """The fields the class's methods store on ``self``."""
    return frozenset(
        n.attr
        for n in ast.walk(cls)
        if isinstance(n, ast.Attribute)
        and isinstance(n.ctx, ast.Store)
        and isinstance(n.value, ast.Name)
        and n.value.id == "self"
    )


def _terms(node: ast.expr, inner: set[int] | None = None) -> list[ast.expr]:
    """The operands of a chain of ``+``, left first, and into ``inner`` the ids of its links below ``node``.  No
    recursion: a generated 3,000-term sum ran a recursive walk out of stack, and a nested ``yield from`` costs
    its depth per term (readE: 500 terms took 15 s)."""
    terms, stack = [], [node]
    while stack:
        link = stack.pop()
        if isinstance(link, ast.BinOp) and isinstance(link.op, ast.Add):
            stack += [link.right, link.left]
            if inner is not None and link is not node:
                inner.add(id(link))
        else:
            terms.append(link)
    return terms


def _len_of_self(node: ast.expr) -> str | None:
    """``a`` of ``len(self.a)``."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "len"):
        return None
    arg = node.args[0] if len(node.args) == 1 else None
    if isinstance(arg, ast.Attribute) and isinstance(arg.value, ast.Name) and arg.value.id == "self":
        return arg.attr
    return None


def _count_splits(path: str, old: ast.Module, new: ast.Module) -> Iterator[Split]:
    """A call whose keyword carried ``x + y`` at the base and carries part of it now, the rest moved to a keyword
    the base's call did not pass: matched by the function holding it (by its qualified name: a ``stats()`` of
    another class is another builder, mend70) and the callee's name."""
    before = dict(_keyword_calls(old))
    for key, (call, builder, owner) in _keyword_calls(new):
        was = before.get(key)
        if was is None:
            continue
        old_kw, new_kw = _keywords(was[0]), _keywords(call)
        for name, value in old_kw.items():
            parts = {ast.unparse(t) for t in _terms(value)} if isinstance(value, ast.BinOp) else set()
            now = new_kw.get(name)
            kept = {ast.unparse(t) for t in _terms(now)} if now is not None else set()
            if len(parts) < 2 or not kept or not kept < parts:
                continue
            for sibling, moved in new_kw.items():
                if sibling not in old_kw and {ast.unparse(t) for t in _terms(moved)} <= parts - kept:
                    yield Split(path, key[1], name, sibling, call.lineno, False, builder, owner)


def _keyword_calls(module: ast.Module) -> Iterator[tuple[tuple[str, str], tuple[ast.Call, str, str]]]:
    """((enclosing function's qualified name, callee's last name), (the call, the function if it returns the
    call's value, the class that function is a method of))."""
    owners = {id(f): c.name for c in file_classes(module.body) for f in c.body}
    # one map of the module's parents (a function's own map, built per function, gave the same parent and the
    # same nearest function for each of its nodes: perf40, 703 maps a merge at 500 commits)
    parents = parent_map(module)
    for func in (n for n in ast.walk(module) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)):
        qualname = _qualname(func, parents)
        for call in (n for n in ast.walk(func) if isinstance(n, ast.Call) and n.keywords):
            callee = last_name(call.func)
            if callee and enclosing(call, parents) is func:
                returned = isinstance(parents.get(id(call)), ast.Return)
                yield (qualname, callee), (call, func.name if returned else "", owners.get(id(func), ""))


def _qualname(func: ast.FunctionDef | ast.AsyncFunctionDef, parents: dict[int, ast.AST]) -> str:
    """``Sched.stats`` of a method, ``outer.inner`` of a nested function: the classes and functions holding it."""
    names, node = [func.name], parents.get(id(func))
    while node is not None:
        if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            names.append(node.name)
        node = parents.get(id(node))
    return ".".join(reversed(names))


def _keywords(call: ast.Call) -> dict[str, ast.expr]:
    return {k.arg: k.value for k in call.keywords if k.arg is not None}


def _reads(
    trees: ThreeTrees, path: str, module: ast.Module, owned: set[int], splits: list[Split]
) -> Iterator[tuple[int, str, Split]]:
    """(line, the read, its split) of each fork-owned read of a split field off a receiver typed as its owner."""
    parents = parent_map(module)
    fork = ForkTypes.of(trees, path, module)
    for node in ast.walk(module):
        if not (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load)) or node.lineno not in owned:
            continue
        for split in (s for s in splits if s.field == node.attr):
            read = _read(node, split, parents)
            func = enclosing(node, parents)
            if read is None or func is None or _names(func, split.sibling):
                continue
            typed = typed_as(node.value, func, parents, fork.classes)
            if _typed(split, node.value, func, parents, fork, typed) and not _fork_owned(fork, split, typed):
                yield node.lineno, read, split


def _read(node: ast.Attribute, split: Split, parents: dict[int, ast.AST]) -> str | None:
    """How the line reads the field: the attribute for a count, its ``len`` or walk for a container."""
    if not split.container:
        return ast.unparse(node)
    up = parents.get(id(node))
    if isinstance(up, ast.Call) and isinstance(up.func, ast.Name) and up.func.id == "len" and up.args == [node]:
        return ast.unparse(up)
    if isinstance(up, ast.For | ast.AsyncFor | ast.comprehension) and up.iter is node:
        return f"a walk of {ast.unparse(node)}"
    return f"a test of {ast.unparse(node)}" if _tested(node, parents) else None


def _tested(node: ast.expr, parents: dict[int, ast.AST]) -> bool:
    """``node``'s truth is asked: an ``if``/``while``/conditional's test, under ``not`` or ``bool()``, or a value
    of an ``and``/``or`` whose truth is asked."""
    up = parents.get(id(node))
    if isinstance(up, ast.If | ast.While | ast.IfExp) and up.test is node:
        return True
    if isinstance(up, ast.UnaryOp) and isinstance(up.op, ast.Not):
        return True
    if isinstance(up, ast.Call) and isinstance(up.func, ast.Name) and up.func.id == "bool" and up.args == [node]:
        return True
    return isinstance(up, ast.BoolOp) and _tested(up, parents)


def _names(func: ast.AST, name: str) -> bool:
    """The fork's function names ``name`` (an attribute, a variable, a string ``hasattr`` asks for)."""
    for node in ast.walk(func):
        if isinstance(node, ast.Attribute) and node.attr == name:
            return True
        if isinstance(node, ast.Name) and node.id == name:
            return True
        if isinstance(node, ast.Constant) and node.value == name:
            return True
    return False


def _typed(
    split: Split,
    receiver: ast.expr,
    func: ast.FunctionDef | ast.AsyncFunctionDef,
    parents: dict[int, ast.AST],
    fork: ForkTypes,
    typed: set[str],
) -> bool:
    """The receiver is typed as the owner, or bound to a call of the count's builder off its own class."""
    if split.owner in typed:
        return True
    if not (split.builder and split.builder in typed and isinstance(receiver, ast.Name)):
        return False
    return any(_built(value, split, func, parents, fork) for value in assigned(func).get(receiver.id, ()))


def _built(
    value: ast.expr,
    split: Split,
    func: ast.FunctionDef | ast.AsyncFunctionDef,
    parents: dict[int, ast.AST],
    fork: ForkTypes,
) -> bool:
    """``value`` calls upstream's builder: off a receiver typed as the builder's class (``self`` in a subclass,
    an annotated ``sched``), or by its bare name when it is a module function (another class's method of the
    name builds something else)."""
    callee = value.func if isinstance(value, ast.Call) else None
    if isinstance(callee, ast.Name):
        return callee.id == split.builder and not split.builder_owner
    if isinstance(callee, ast.Attribute) and callee.attr == split.builder and split.builder_owner:
        return split.builder_owner in typed_as(callee.value, func, parents, fork.classes)
    return False


def _fork_owned(fork: ForkTypes, split: Split, typed: set[str]) -> bool:
    """The receiver is the fork's own class of the owner's name (or, for a container, one declaring the field)."""
    if split.container:
        return fork.holds(split.owner, split.field, typed, split.path)
    return fork.owns(split.owner)


def _finding(trees: ThreeTrees, path: str, line: int, read: str, split: Split, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(split.path, rf"\b{re.escape(split.sibling)}\b", pr_pattern)
    if split.container:
        said = (
            f"fork-owned line reads {read}, but upstream's {split.owner} now keeps part of what {split.field} held "
            f"in its new {split.sibling} (its own counts read both: {split.path}:{split.line}{commit})"
        )
    else:
        said = (
            f"fork-owned line reads {read}, but upstream's {split.owner} now carries part of what "
            f"{split.field} counted in its new {split.sibling} ({split.path}:{split.line}{commit})"
        )
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        line,
        f"{said}: this line now misses that part; add {split.sibling}, unless it means only what stays",
    )
