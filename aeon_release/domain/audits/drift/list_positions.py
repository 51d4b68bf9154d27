"""Position drift: a fork reads one of upstream's module-level lists by position, and upstream moved the entries.

#23198 put ``CutlassW4A8LinearKernel`` at the head of the mixed-precision kernels' ``_POSSIBLE_KERNELS`` (the
list ``choose_mp_linear_kernel`` tries in turn).  A fork module that slots its own kernel in with
``mpk._POSSIBLE_KERNELS.insert(2, AeonKernel)`` ("just ahead of Marlin") merges cleanly and now lands ahead of
``AllSparkLinearKernel`` instead; one that reads ``_POSSIBLE_KERNELS[2]`` gets another class.  A position
names the entry that sat there at the base, and upstream's insert, removal or move put another one there.

Upstream's side: a changed module whose top-level statement binds a name once to a list or tuple display of
two or more distinct entries, at the base and at upstream, where the entries the two share (by their spelling)
sit in other places.  The fork's side, on a line it owns: a constant index of that name (``NAME[2]``, a store or
a ``del`` too), a slice of constant bounds without a step (``NAME[1:3]``), or ``NAME.insert(k, x)`` /
``NAME.pop(k)`` of a constant ``k``, or an unpacking into a fixed count of names (``A, B, C = NAME``, no
``*rest``: killers211, #20859 appended a fourth builtin to ``BUILTIN_LOGITS_PROCESSORS``, and the fork's
three-name unpacking raises ValueError at import), with ``NAME`` imported from the module or read off it (or
the module's own name, in a fork edit of the module).  An unpacking is an error when the list held as many
entries as the names at the base and holds another count now; quiet when the count stays.  The fork's position is judged on the entries both versions hold: a
position whose entry now differs, a slice or insert point that now has a shared entry on the other side of
it.  An entry only appended past the position, one removed or rewritten, or a position found by
``NAME.index(x)``: quiet.  An error when the position is inside the list (``[2]``, ``insert(2, ...)``,
``[1:3]``); a warning when every bound is an end or next to one (``[0]``, ``[-1]``, ``[1:]``): the fork may
mean "the first", whatever upstream now puts first.

A class's list attribute is read the same way (killers213, #32795 inserting ``"bfloat16"`` into
``FlashInferBackend.supported_kv_cache_dtypes`` at index 1): ``Cls.NAME[k]`` with ``Cls`` imported from the
module, the list a statement of the class's body binds.  And a fork line that unpacks the list into as many
names as it held (``auto, fp8, e4m3, e5m2 = Cls.NAME``, no star) is an error when upstream changed its length
(ValueError) or moved a shared entry to another of the names; quiet under an ``if`` testing the list's shape
(``len(...)``), or an unpack into another count than the base's (the fork's own shape, not this list's).

A list upstream moved is then judged as the fork wrote against it (the fork's own version: a cherry-pick of
upstream's insert, or the fork's entry slotted into its copy) and as the merge leaves it (the merged version).
A position the fork tests before relying on it (``NAME[2] is Marlin``, or a read under an ``if`` or an
``assert`` comparing a position of the same list) fails that test instead of silently naming another entry:
quiet, as is a name a function around the read binds itself.

Pure but for reading the three trees: findings out.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from aeon_release.domain.audits.drift.fallbacks import caught_around, len_checked
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, fork_found, parsed_texts
from aeon_release.domain.audits.drift.unpack_guards import shape_tested
from aeon_release.domain.audits.merge_rules import ORDER_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parent_map, parse_python

__all__ = ["list_position_drift"]

# a name read at a constant position on a fork line: ``NAME[2``, ``NAME[-1``, ``NAME[:``, ``NAME.insert(2``
_POSITION = lazy_pattern(r"\b(\w+)(?:\[[ \t]*-?\d|\[[ \t]*:|\.(?:insert|pop)\([ \t]*-?\d)")
# a fork line unpacking a name or a dotted read into two or more names: ``a, b, c = NAME``, ``[a, b] = Cls.NAME``;
# the blanks before the names are read by one class, a bracket's apart: two classes both taking a run of blanks before
# a name that never comes tried every split of it (readH: a fork line of 8,000 blanks, 0.8 s)
_UNPACK = lazy_pattern(r"^[ \t]*(?:[\[(][ \t]*)?\w+[ \t]*,[\w \t,()\[\]]*=[ \t]*([\w.]+)[ \t]*(?:#.*)?$")
_MOST_FILES = 32
_SHIFTERS = frozenset({"insert", "pop"})


@dataclass(frozen=True)
class Shifted:
    """A top-level list upstream re-ordered: its entries' spellings at the base and at upstream."""

    path: str
    name: str
    old: tuple[str, ...]
    new: tuple[str, ...]


@dataclass(frozen=True)
class _Read:
    """A fork line's position in a list: ``NAME[k]`` (``at``), ``NAME[a:b]`` (``span``) or ``insert(k, ...)``."""

    node: ast.AST
    kind: str  # "index", "slice", "insert" or "unpack" (``bounds`` is then the unpack's count)
    bounds: tuple[int | None, ...]


def list_position_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    if not fork_found(trees, _POSITION, tests=True) and not fork_found(trees, _UNPACK, tests=True):
        return []
    reads = [
        (path, read, origin)
        for path, module, owned in fork_modules(trees, _gated)
        for read, origin in _fork_reads(path, module, owned)
    ]
    shifted = _shifted(trees, {origin for _, _, origin in reads})
    findings = []
    for path, read, origin in reads:
        list_ = shifted.get(origin)
        moved = _moved(read, list_) if list_ is not None else None
        if list_ is not None and moved is not None:
            findings.append(_finding(trees, path, read, list_, moved, pr_pattern))
    return findings


def _gated(line: str) -> bool:
    return bool(_POSITION.search(line) or _UNPACK.search(line))


def _shifted(trees: ThreeTrees, origins: set[tuple[str, str]]) -> dict[tuple[str, str], Shifted]:
    """(module, name) -> the list a fork line reads by position, of a module upstream changed, whose shared
    entries moved: only the modules the fork's reads name are read."""
    wanted: dict[str, set[str]] = {}
    homes: dict[tuple[str, str], tuple[str, str]] = {}  # (path, name in it) -> the origin the fork spelt
    for module, name in origins:
        for path, inner in _homes(module, name):
            if path in trees.upstream:
                wanted.setdefault(path, set()).add(inner)
                homes[(path, inner)] = (module, name)
    found: dict[tuple[str, str], Shifted] = {}
    for both in parsed_texts(trees, sorted(wanted)[:_MOST_FILES], lambda old, new: _binds_any(old, new, wanted)):
        names = wanted[both.path]
        old, new = _lists(both.old, names), _lists(both.new, names)
        for name in old.keys() & new.keys():
            if old[name] != new[name]:  # which position moved is the read's to say (an append moves only ends)
                found[homes[(both.path, name)]] = _as_merged(trees, Shifted(both.path, name, old[name], new[name]))
    return found


def _homes(module: str, name: str) -> Iterator[tuple[str, str]]:
    """The files (and the name in each) a list spelt ``module.name`` may live in: the module's own, or, for a
    class's attribute (``pkg.mod.Cls`` and ``NAME``), the enclosing module's under ``Cls.NAME``."""
    for base, inner in (
        (module, name),
        *([(module.rpartition(".")[0], f"{module.rpartition('.')[2]}.{name}")] if "." in module else []),
    ):
        stem = base.replace(".", "/")
        yield stem + ".py", inner
        yield stem + "/__init__.py", inner


def _as_merged(trees: ThreeTrees, shifted: Shifted) -> Shifted:
    """The list as the fork's positions were written against it (the fork's own version) and as they read it
    after the merge (the merged version): a fork that cherry-picked upstream's insert, or slotted its own
    entry into its copy, wrote its positions for that list, not the base's.  Read only for a list upstream
    moved; a side that no longer binds the name to a display keeps base's or upstream's."""
    fork_text = trees.blobs(trees.ours, [shifted.path])[shifted.path]
    fork = parse_python(fork_text, shifted.path) if fork_text is not None else None
    merged = trees.merged_module(shifted.path)
    mine = _lists(fork, {shifted.name}).get(shifted.name) if fork is not None else None
    now = _lists(merged, {shifted.name}).get(shifted.name) if merged is not None else None
    return replace(shifted, old=mine or shifted.old, new=now or shifted.new)


def _binds_any(old: str, new: str, wanted: dict[str, set[str]]) -> bool:
    """Both texts bind one of the names wanted of any path at their top level to a display (a superset)."""
    names = {n.rpartition(".")[2] for ns in wanted.values() for n in ns}  # a class's attribute is indented
    binds = re.compile(r"(?m)^[ \t]*(?:" + "|".join(sorted(map(re.escape, names))) + r")\b[^=\n]*=[ \t]*[\[(]")
    return bool(binds.search(old) and binds.search(new))


def _lists(module: ast.Module, names: set[str]) -> dict[str, tuple[str, ...]]:
    """name -> its entries' spellings, for each of ``names`` one top-level statement binds to a list or tuple
    display of two or more distinct entries (a second binding drops it); ``Cls.NAME``, one statement of the
    top-level class ``Cls``'s body."""
    found: dict[str, tuple[str, ...]] = {}
    seen: set[str] = set()
    for prefix, stmt in _statements(module, names):
        target, value = _bound(stmt)
        target = prefix + target if target is not None else None
        if target is None or target not in names:
            continue
        entries = tuple(ast.unparse(e) for e in value.elts) if isinstance(value, ast.List | ast.Tuple) else ()
        if target in seen or len(entries) < 2 or len(set(entries)) < len(entries) or "*" in "".join(entries):
            found.pop(target, None)
        else:
            found[target] = entries
        seen.add(target)
    return found


def _statements(module: ast.Module, names: set[str]) -> Iterator[tuple[str, ast.stmt]]:
    """(prefix, statement) of the module's top level (prefix ``""``) and of each top-level class a name of
    ``names`` is dotted under (prefix ``"Cls."``)."""
    classes = {n.partition(".")[0] for n in names if "." in n}
    for stmt in module.body:
        yield "", stmt
        if isinstance(stmt, ast.ClassDef) and stmt.name in classes:
            yield from ((f"{stmt.name}.", inner) for inner in stmt.body)


def _bound(stmt: ast.stmt) -> tuple[str | None, ast.expr | None]:
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
        return stmt.targets[0].id, stmt.value
    if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.value is not None:
        return stmt.target.id, stmt.value
    return None, None


def _fork_reads(path: str, module: ast.Module, owned: set[int]) -> Iterator[tuple[_Read, tuple[str, str]]]:
    """Each owned constant position in an imported list: (the read, (module, name) of the list), the list spelt
    as an import of it, a read off its module, or a top-level name of a fork edit of an upstream module."""
    imports = file_imports(module, path)
    here = dotted_name(path, roots=("",))
    rebound = {t.id for s in module.body for t in _targets(s)}
    parents = parent_map(module)
    for node in ast.walk(module):
        read = _position(node)
        if read is None or getattr(node, "lineno", None) not in owned:
            continue
        ref = _list_of(node)
        if read.kind == "unpack" and shape_tested(node, ref, parents):
            continue
        if _checked(node, ref, parents) or (isinstance(ref, ast.Name) and _local(ref.id, node, parents)):
            continue
        if read.kind == "unpack" and _count_handled(node, ref, parents):
            continue
        origin = imported_origin(ref, imports) if isinstance(ref, ast.Attribute) else None
        if isinstance(ref, ast.Name):
            origin = imports.get(ref.id) if ref.id not in rebound else (here, ref.id)
        if origin is not None and origin[1]:
            yield read, origin


_TESTS = (ast.Is, ast.IsNot, ast.Eq, ast.NotEq)


def _count_handled(node: ast.AST, ref: ast.expr, parents: dict[int, ast.AST]) -> bool:
    """An unpacking written for another count too: under an ``if`` asking ``len(NAME)`` (either branch), or in
    a ``try`` catching ValueError (revDW, review115's #20859 twins: the fork already splits on the count)."""
    spelt = ast.dump(ref)
    asked = len_checked(node, lambda value: ast.dump(value) == spelt, parents)
    return asked or caught_around(node, _COUNT_ERRORS, parents)


_COUNT_ERRORS = frozenset({"ValueError"})


def _checked(node: ast.AST, ref: ast.expr, parents: dict[int, ast.AST]) -> bool:
    """The fork tests what sits at a position of the list before it relies on it: the read is itself compared
    with an entry (``X[2] is MarlinLinearKernel``), or runs only under an ``if``, a conditional expression or
    an ``assert`` that compares a position of the same list so.  Then upstream's move makes the test fail,
    not the position silently name another entry."""
    spelt = ast.dump(ref)
    child, up = node, parents.get(id(node))
    if isinstance(up, ast.Compare) and _tests_position(up, spelt):
        return True
    while up is not None and not isinstance(up, ast.Module):
        tests = [up.test] if isinstance(up, ast.If | ast.IfExp | ast.While) and child is not up.test else []
        if isinstance(up, ast.stmt) and not tests:
            tests = [s.test for s in _earlier(up, parents) if isinstance(s, ast.Assert)]
        if any(_tests_position(c, spelt) for t in tests for c in ast.walk(t) if isinstance(c, ast.Compare)):
            return True
        child, up = up, parents.get(id(up))
    return False


def _earlier(stmt: ast.stmt, parents: dict[int, ast.AST]) -> list[ast.stmt]:
    """The statements ahead of ``stmt`` in its block (an ``assert`` there holds for it)."""
    block = next(
        (b for b in _blocks(parents.get(id(stmt))) if any(s is stmt for s in b)),
        [],
    )
    return block[: next(i for i, s in enumerate(block) if s is stmt)] if block else []


def _blocks(node: ast.AST | None) -> list[list[ast.stmt]]:
    if node is None:
        return []
    fields = ("body", "orelse", "finalbody")
    return [b for f in fields if isinstance(b := getattr(node, f, None), list) and b and isinstance(b[0], ast.stmt)]


def _tests_position(compare: ast.Compare, spelt: str) -> bool:
    """``compare`` tests a constant position of the list spelt ``spelt`` by identity or equality."""
    if not all(isinstance(op, _TESTS) for op in compare.ops):
        return False
    return any(
        isinstance(side, ast.Subscript) and ast.dump(side.value) == spelt and _constant(side.slice) is not None
        for side in (compare.left, *compare.comparators)
    )


def _local(name: str, node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """A function around ``node`` binds ``name`` itself (a parameter or an assignment): its own list, not the
    module's."""
    up = parents.get(id(node))
    while up is not None:
        if isinstance(up, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            args = up.args
            params = [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]
            if any(a is not None and a.arg == name for a in params):
                return True
            body = up.body if isinstance(up.body, list) else [up.body]
            if any(
                isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store)
                for s in body
                for n in ast.walk(s)
            ):
                return True
        up = parents.get(id(up))
    return False


def _targets(stmt: ast.stmt) -> list[ast.Name]:
    """The names a top-level assignment binds (the fork's own list of the name is not upstream's)."""
    targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target] if isinstance(stmt, ast.AnnAssign) else []
    return [t for t in targets if isinstance(t, ast.Name)]


def _list_of(node: ast.AST) -> ast.expr:
    if isinstance(node, ast.Subscript):
        return node.value
    if isinstance(node, ast.Assign):
        return node.value
    assert isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
    return node.func.value


def _position(node: ast.AST) -> _Read | None:
    """The constant position ``node`` takes: ``X[k]``, ``X[a:b]`` (no step), ``X.insert(k, v)``, ``X.pop(k)``;
    or the count of names ``a, b, c = X`` (``X`` a name or a dotted read, no star) unpacks it into."""
    if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Tuple | ast.List):
        names = node.targets[0].elts
        plain = isinstance(node.value, ast.Name | ast.Attribute) and not any(isinstance(e, ast.Starred) for e in names)
        return _Read(node, "unpack", (len(names),)) if plain and len(names) >= 2 else None
    if isinstance(node, ast.Subscript):
        if isinstance(node.slice, ast.Slice):
            bounds = (node.slice.lower, node.slice.upper)
            if node.slice.step is None and all(b is None or _constant(b) is not None for b in bounds):
                return _Read(node, "slice", tuple(None if b is None else _constant(b) for b in bounds))
            return None
        at = _constant(node.slice)
        return _Read(node, "index", (at,)) if at is not None else None
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _SHIFTERS:
        at = _constant(node.args[0]) if node.args and not node.keywords else None
        if at is None or len(node.args) != (2 if node.func.attr == "insert" else 1):
            return None
        return _Read(node, "insert" if node.func.attr == "insert" else "index", (at,))
    return None


def _constant(expr: ast.expr) -> int | None:
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
        inner = _constant(expr.operand)
        return -inner if inner is not None else None
    if isinstance(expr, ast.Constant) and type(expr.value) is int:
        return expr.value
    return None


@dataclass(frozen=True)
class _Moved:
    """What the fork's position picks now: the entry there at the base and the one there now; or a shared entry
    that changed sides of the slice's or insert's bound and where it is now ("in" the slice, or ahead of the
    insert point; "out"); whether it is an end's position (a warning)."""

    was: str
    now: str
    at_end: bool


def _moved(read: _Read, list_: Shifted) -> _Moved | None:
    old, new = list_.old, list_.new
    shared = set(old) & set(new)
    if read.kind == "unpack":
        return _unpacked(read.bounds[0], old, new, shared)
    if read.kind == "index":
        (at,) = read.bounds
        assert at is not None
        if not -len(old) <= at < len(old) or old[at] not in shared:
            return None  # past the base's end, or its entry gone or rewritten: not a move
        now = new[at] if -len(new) <= at < len(new) else "nothing"
        return _Moved(old[at], now, _near_end(at, len(old))) if now != old[at] else None
    lower, upper = read.bounds if read.kind == "slice" else (None, read.bounds[0])
    before, after = set(old[lower:upper]), set(new[lower:upper])
    flipped = [e for e in old if e in shared and (e in before) != (e in after)]
    if not flipped:
        return None
    ends = all(b is None or _near_end(b, len(old) + (read.kind == "insert")) for b in (lower, upper))
    return _Moved(flipped[0], "in" if flipped[0] in after else "out", ends)


def _unpacked(count: int | None, old: tuple[str, ...], new: tuple[str, ...], shared: set[str]) -> _Moved | None:
    """An unpack into the base's count: upstream's other length raises ValueError; a shared entry now at another
    name binds that name to another entry.  Another count than the base's is the fork's own shape: quiet."""
    if count != len(old):
        return None
    if len(new) != count:
        return _Moved(f"{count} entries", f"{len(new)} entries", at_end=False)
    moved = next((i for i, e in enumerate(old) if e in shared and new[i] != e), None)
    return _Moved(old[moved], new[moved], at_end=False) if moved is not None else None


def _near_end(at: int, size: int) -> bool:
    """A position at an end or next to one (``0``, ``1``, ``-1``, ``-2``, the last two)."""
    return at in (0, 1, -1, -2) or at >= size - 2


def _finding(trees: ThreeTrees, path: str, read: _Read, list_: Shifted, moved: _Moved, pr_pattern: str) -> Finding:
    added = [e for e in list_.new if e not in list_.old] or [list_.name]
    word = re.sub(r"[^\w.]", "", added[0].split("(")[0]) or list_.name
    commit = trees.upstream_commit(list_.path, re.escape(word), pr_pattern)
    spelt = ast.unparse(read.node)
    if read.kind == "unpack":
        spelt = ast.unparse(read.node).strip()
        what = f"`{spelt}` unpacks {moved.was} at the base and {moved.now} now" + (
            " (ValueError)" if moved.was.endswith(" entries") else ""
        )
    elif read.kind == "index":
        what = f"{spelt} was {moved.was} at the base and is {moved.now} now"
    elif read.kind == "slice":
        held = f"now holds {moved.was}, which it left out" if moved.now == "in" else f"now leaves out {moved.was}"
        what = f"{spelt} {held}" + (" at the base" if moved.now == "in" else ", which it held at the base")
    elif moved.now == "in":
        what = f"{spelt} now puts its entry behind {moved.was}, which it sat ahead of at the base"
    else:
        what = f"{spelt} now puts its entry ahead of {moved.was}, which it sat behind at the base"
    severity = Severity.WARNING if moved.at_end else Severity.ERROR
    hedge = " (an end's position: if the fork means whatever sits there, this is intended)" if moved.at_end else ""
    return Finding(
        RULE,
        "merge",
        severity,
        path,
        getattr(read.node, "lineno", 1),
        f"reads {list_.name} by position, and upstream moved its entries ({list_.path}{commit}): {what}{hedge}; "
        + (
            "unpack the ends you need with a `*rest` name, or find the entries by value"
            if read.kind == "unpack"
            else f"find the entry by value (`{list_.name}.index(...)`)"
        ),
    )
