"""A call's result read as a list where upstream now answers with one element when a keyword is given.

#28319 reworked ``MultiprocExecutor.collective_rpc``: with ``unique_reply_rank`` given it now returns the one
reply (``return responses[0] if unique_reply_rank is not None else responses``) where it returned a one-item
list.  The signature is the same and the return annotation (``Any | list[Any] | Future[...]``) admits both, so
no signature or annotation check sees it; a fork's ``(stats,) = self.collective_rpc("stats",
unique_reply_rank=rank)`` merges cleanly and then unpacks the reply itself (ValueError, or a wrong value when
the reply happens to hold one item), and ``self.collective_rpc(..., unique_reply_rank=rank)[0]`` indexes it.

The rule is read off the callee's body: a function (a method or a module function of a file upstream changed)
taking a keyword ``k`` whose return hands back ``X[i]`` when ``k`` is passed and ``X`` otherwise -- a
conditional expression testing ``k`` (``X[0] if k is not None else X``, ``X if k is None else X[0]``, ``X[0]
if k else X``), or an ``if`` testing ``k`` whose body returns ``X[i]`` while another return hands back ``X`` --
in its own returns or in a nested function whose call it returns (``return get_response()``).  The base's def
of the same name must not have read so.  The fork's side, on lines it wrote: a call of the name passing ``k``
(not ``k=None``) whose result is unpacked into one name (``(a,) = ``, ``[a] = ``, ``a, = ``) or indexed by an
integer (``call(...)[0]``), awaited or not.  An error when the call reaches the changed def by what the file
says: on ``self``/``super()`` in a fork class deriving from the def's class (and not defining the name
itself), or on the class itself, or for a module function the file imports from upstream's module; a warning
off any other receiver (another class's method of the name may still answer with a list), or where the file
takes the owner's class name from elsewhere.  Quiet: ``k=None``, a fork class binding the name in its body (a
def, or ``name = wrapper(...)``) or deriving it from a base the module defines ahead of the owner (a mixin
listed first, a fork base between), a module function of the name the file defines or imports from another
module, a call in a ``try`` catching ValueError/TypeError/IndexError (or a parent).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.diffs import TEST_FOLDERS
from aeon_release.domain.audits.drift.fallbacks import caught_around
from aeon_release.domain.audits.drift.own_fields import enclosing_class
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_texts
from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, parent_map, target_names, walk_spanning

_MOST_FILES = 24
# a fork line unpacking one name (``(a,) =``, ``[a] =``, ``a, =``), or indexing a call's result by an integer
_UNPACK = lazy_pattern(r"\s*(?:\(\s*\w+\s*,\s*\)|\[\s*\w+\s*\]|\w+\s*,)\s*=[^=]")
_INDEXED = lazy_pattern(r"\)\s*\[\s*-?\d+\s*\]")
# upstream's text holds an element picked by an integer index
_PICKED = lazy_pattern(r"\[\s*-?\d+\s*\]")
_CAUGHT = frozenset({"ValueError", "TypeError", "IndexError", "LookupError", "Exception", "BaseException"})


@dataclass(frozen=True)
class Picked:
    """``owner.name`` (``owner`` "" for a module function) of ``path`` now answers ``X[i]`` when ``keyword`` is
    passed (at ``line`` upstream)."""

    path: str
    owner: str
    name: str
    keyword: str
    line: int


@dataclass(frozen=True)
class _Read:
    """A fork line reading a call's result as a sequence: ``how`` says the way."""

    node: ast.AST
    call: ast.Call
    how: str


def keyword_shape_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    reads = {
        path: (module, found)
        for path, module, owned in fork_modules(trees, _reads_a_sequence)
        if (found := list(_reads(module, owned)))
    }
    if not reads:
        return []
    wanted = {(last_name(r.call.func), kw.arg) for _, found in reads.values() for r in found for kw in r.call.keywords}
    picked = list(_picked(trees, {(n, k) for n, k in wanted if n and k}))
    if not picked:
        return []
    findings: list[Finding] = []
    for path, (module, found) in sorted(reads.items()):
        parents = parent_map(module)
        for read in found:
            findings.extend(_judged(trees, path, module, parents, read, picked, pr_pattern))
    return findings


def _reads_a_sequence(line: str) -> bool:
    return bool(_UNPACK.match(line) or _INDEXED.search(line))


def _reads(module: ast.Module, owned: set[int]) -> Iterator[_Read]:
    """Calls the fork's lines unpack into one name or index by an integer (only the parts of the module
    spanning those lines are walked: a carry of one line in a large runner file costs little)."""
    for node in walk_spanning(module, owned):
        if getattr(node, "lineno", None) not in owned:
            continue
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            one = isinstance(target, (ast.Tuple, ast.List)) and len(target.elts) == 1
            if one and not isinstance(target.elts[0], ast.Starred) and (call := _called(node.value)) is not None:  # type: ignore[attr-defined]
                yield _Read(node, call, "unpacks into one name")
        elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load) and _integer(node.slice):
            if (call := _called(node.value)) is not None:
                yield _Read(node, call, "indexes by position")


def _called(value: ast.expr) -> ast.Call | None:
    value = value.value if isinstance(value, ast.Await) else value
    return value if isinstance(value, ast.Call) and any(kw.arg for kw in value.keywords) else None


def _integer(node: ast.expr) -> bool:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        node = node.operand
    return isinstance(node, ast.Constant) and type(node.value) is int


def _picked(trees: ThreeTrees, wanted: set[tuple[str, str]]) -> Iterator[Picked]:
    """The defs of upstream's changed files that now pick one element when the keyword is passed, and did not."""
    words = {k for _, k in wanted}
    paths = [
        p
        for p in sorted(trees.upstream)
        if p.endswith(".py")
        and p.split("/", 1)[0] not in TEST_FOLDERS
        and _added_pick(list(trees.upstream[p].added.values()), words)
    ]

    def keep(old: str, new: str) -> bool:
        return bool(_PICKED.search(new)) and any(f"def {n}(" in new and k in new for n, k in wanted)

    for v in parsed_texts(trees, paths[:_MOST_FILES], keep):
        before = dict(_defs(v.old))
        for (owner, func), node in _defs(v.new):
            for name, keyword in wanted:
                if node.name != name or not _picks(node, keyword):
                    continue
                old = before.get((owner, func))
                if old is not None and _takes(old, keyword) and not _picks(old, keyword):
                    yield Picked(v.path, owner, name, keyword, node.lineno)


def _added_pick(lines: list[str], words: set[str]) -> bool:
    """Upstream's diff of the file added a line naming one of the keywords and one picking an element by an
    integer index: the blobs of no other file are read."""
    return any(_PICKED.search(line) for line in lines) and any(k in line for line in lines for k in words)


def _defs(module: ast.Module) -> Iterator[tuple[tuple[str, str], ast.FunctionDef | ast.AsyncFunctionDef]]:
    """The module's functions and its classes' methods (top-level classes), keyed by (class, name)."""
    for stmt in module.body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield ("", stmt.name), stmt
        elif isinstance(stmt, ast.ClassDef):
            for item in stmt.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    yield (stmt.name, item.name), item


def _takes(func: ast.FunctionDef | ast.AsyncFunctionDef, keyword: str) -> bool:
    args = func.args
    return any(a.arg == keyword for a in (*args.posonlyargs, *args.args, *args.kwonlyargs))


def _picks(func: ast.FunctionDef | ast.AsyncFunctionDef, keyword: str, depth: int = 0) -> bool:
    """The function (or a nested def whose call it returns) answers ``X[i]`` when ``keyword`` is passed and
    ``X`` otherwise."""
    if depth == 0 and not _takes(func, keyword):
        return False
    returns = [n for n in _own(func) if isinstance(n, ast.Return) and n.value is not None]
    if any(_picked_expr(r.value, keyword) for r in returns if r.value is not None):
        return True
    if _picked_branch(func, returns, keyword):
        return True
    nested = {n.name: n for n in _own(func) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    for r in returns:
        value = r.value
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in nested and depth < 2:
            if _picks(nested[value.func.id], keyword, depth + 1):
                return True
    return False


def _picked_expr(value: ast.expr, keyword: str) -> bool:
    """``X[i] if <k passed> else X`` (either order, the test read for which branch runs when k is passed)."""
    if not isinstance(value, ast.IfExp):
        return False
    passed = _passed_is(value.test, keyword)
    if passed is None:
        return False
    chosen, other = (value.body, value.orelse) if passed else (value.orelse, value.body)
    return _element_of(chosen, other)


def _picked_branch(func: ast.AST, returns: list[ast.Return], keyword: str) -> bool:
    """``if <k passed>: return X[i]`` with another return handing back ``X``."""
    for node in _own(func):
        if not isinstance(node, ast.If) or _passed_is(node.test, keyword) is not True:
            continue
        for stmt in node.body:
            if isinstance(stmt, ast.Return) and stmt.value is not None:
                if any(r is not stmt and r.value is not None and _element_of(stmt.value, r.value) for r in returns):
                    return True
    return False


def _element_of(chosen: ast.expr, whole: ast.expr) -> bool:
    """``chosen`` is ``X[i]`` (an integer index) and ``whole`` is ``X``, a plain name."""
    return (
        isinstance(chosen, ast.Subscript)
        and _integer(chosen.slice)
        and isinstance(chosen.value, ast.Name)
        and isinstance(whole, ast.Name)
        and chosen.value.id == whole.id
    )


def _passed_is(test: ast.expr, keyword: str) -> bool | None:
    """Whether ``test`` holds when the keyword is passed (not None): ``k is not None``/``k`` True, ``k is
    None``/``not k`` False; None for any other test."""
    if isinstance(test, ast.Name) and test.id == keyword:
        return True
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _passed_is(test.operand, keyword)
        return None if inner is None else not inner
    if (
        isinstance(test, ast.Compare)
        and isinstance(test.left, ast.Name)
        and test.left.id == keyword
        and len(test.ops) == 1
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value is None
    ):
        if isinstance(test.ops[0], ast.IsNot):
            return True
        if isinstance(test.ops[0], ast.Is):
            return False
    return None


def _own(func: ast.AST) -> Iterator[ast.AST]:
    """The nodes of ``func``'s own scope, nested defs included but not their insides."""
    todo: list[ast.AST] = list(getattr(func, "body", []))
    while todo:
        node = todo.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            todo.extend(ast.iter_child_nodes(node))


def _judged(
    trees: ThreeTrees,
    path: str,
    module: ast.Module,
    parents: dict[int, ast.AST],
    read: _Read,
    picked: list[Picked],
    pr_pattern: str,
) -> Iterator[Finding]:
    name = last_name(read.call.func)
    passed = {
        kw.arg for kw in read.call.keywords if not (isinstance(kw.value, ast.Constant) and kw.value.value is None)
    }
    for p in picked:
        if p.name != name or p.keyword not in passed or caught_around(read.node, _CAUGHT, parents):
            continue
        reach = _reach(read.call, parents, p, module)
        if reach is None:
            continue
        commit = trees.upstream_commit(p.path, re.escape(p.keyword), pr_pattern)
        where = f"{p.owner}.{p.name}" if p.owner else p.name
        message = (
            f"{read.how} the result of {ast.unparse(read.call.func)}(..., {p.keyword}=...), which upstream's {where} "
            f"now answers with the one element, not a list, when {p.keyword} is passed ({p.path}:{p.line}{commit}): "
            "read the result itself"
        )
        yield Finding(RULE, "merge", reach, path, getattr(read.node, "lineno", read.call.lineno), message)
        return


def _reach(call: ast.Call, parents: dict[int, ast.AST], p: Picked, module: ast.Module) -> Severity | None:
    """ERROR when the file says the call reaches the changed def; WARNING off another receiver, or where the
    file binds the owner's class name to a class of its own or another module's; None when a fork class
    defining the name answers it, or the module function called is the file's own or another module's
    (``def gather(...)`` of its own, ``from elsewhere import gather``)."""
    func = call.func
    cls = enclosing_class(call, parents)
    if cls is not None and _answers(cls, p, _module_classes(module), {id(cls)}):
        return None  # the fork's own method of the name (its class's, or a base's it defines) answers a call on self
    if not p.owner:
        if not isinstance(func, ast.Name):
            return Severity.WARNING
        known = _upstreams(module, func.id, p.path)
        return Severity.WARNING if known is None else Severity.ERROR if known else None
    if _upstreams(module, p.owner, p.path) is False:
        return Severity.WARNING  # a class of the name the fork defines or takes from elsewhere
    receiver = func.value if isinstance(func, ast.Attribute) else None
    on_self = isinstance(receiver, ast.Name) and receiver.id in ("self", "cls")
    on_super = isinstance(receiver, ast.Call) and last_name(receiver.func) == "super"
    if (on_self or on_super) and cls is not None and any(last_name(b) == p.owner for b in cls.bases):
        return Severity.ERROR
    if receiver is not None and last_name(receiver) == p.owner:
        return Severity.ERROR
    return Severity.WARNING


def _upstreams(module: ast.Module, name: str, path: str) -> bool | None:
    """True when the fork's module binds ``name`` last by an import from upstream's module at ``path`` (or a
    package above it, which may hand it on); False when its last binding is another (a def, class or
    assignment of its own, an import from another module); None when it does not bind it at top level (a star
    import, a builtin).  A top-level ``try`` or ``if`` that imports it from upstream on one path counts as
    upstream's."""
    dotted = path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
    found: bool | None = None
    for stmt in module.body:
        nodes = list(ast.walk(stmt)) if isinstance(stmt, (ast.If, ast.Try)) else [stmt]
        kinds = {kind for node in nodes if (kind := _binding(node, name, dotted)) is not None}
        if kinds:
            found = True in kinds
    return found


def _binding(node: ast.AST, name: str, dotted: str) -> bool | None:
    """Whether ``node`` binds ``name`` by an import from ``dotted`` (True), otherwise (False), or not (None)."""
    if isinstance(node, ast.ImportFrom) and any((a.asname or a.name) == name for a in node.names):
        source = node.module or ""
        return node.level == 0 and (source == dotted or dotted.startswith(source + "."))
    if isinstance(node, ast.Import):
        return False if any((a.asname or a.name).split(".")[0] == name for a in node.names) else None
    return False if isinstance(node, ast.stmt) and name in _bound_in(node) else None


def _answers(cls: ast.ClassDef, p: Picked, classes: dict[str, ast.ClassDef], seen: set[int]) -> bool | None:
    """Whether the fork's class answers ``p.name`` before upstream's ``p.owner`` does, as far as the module
    says: True when it, or a base the module defines (a mixin listed ahead of the owner, a fork base between),
    binds the name in its body (a def, or ``name = wrapper(...)``); False when the owner comes first in the
    bases' order; None when neither is seen."""
    if any(p.name in _bound_in(stmt) for stmt in cls.body):
        return True
    for base in cls.bases:
        short = last_name(base)
        if short == p.owner:
            return False
        mine = classes.get(short or "")
        if mine is not None and id(mine) not in seen:
            found = _answers(mine, p, classes, seen | {id(mine)})
            if found is not None:
                return found
    return None


def _bound_in(stmt: ast.stmt) -> set[str]:
    """The names ``stmt`` binds: a def's or class's name, an assignment's targets.  ``X.attr = ...`` and
    ``X[k] = ...`` bind no name: they store into the object ``X`` already holds, which stays upstream's."""
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {stmt.name}
    targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target] if isinstance(stmt, ast.AnnAssign) else []
    return {n for t in targets for n in target_names(t)}


def _module_classes(module: ast.Module) -> dict[str, ast.ClassDef]:
    """The module's top-level classes by name (a name defined twice is left out: which one is meant is unknown)."""
    names = [s.name for s in module.body if isinstance(s, ast.ClassDef)]
    return {s.name: s for s in module.body if isinstance(s, ast.ClassDef) and names.count(s.name) == 1}
