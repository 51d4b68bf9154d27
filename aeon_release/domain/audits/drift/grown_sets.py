"""Grown set drift: a module-level set of strings upstream gave new members, that a fork line tests a key's
membership in.

#49586 added ``"bias"`` to the layerwise reload's ``SKIP_TENSORS`` (tensors never moved to the meta device),
though the bias is still loaded by a weight loader: upstream's own ``get_layer_size`` filtered by the set
stopped counting the bias, and #49805 split ``SKIP_LOAD_TENSORS`` off the next day to mend it.  A fork's
``sum(t.numel() for n, t in tensors if n not in SKIP_TENSORS)`` or ``if name in SKIP_TENSORS: continue`` merges
cleanly and now drops every bias from what it loads or counts: a wrong count, no error.

Upstream's side: a Python file upstream changed binding at module level a set (``{...}``, ``frozenset(...)``,
``set([...])``) of strings both at the base and at upstream, holding at upstream strings it did not hold at
the base.  The fork's side: a fork-owned ``x in NAME`` / ``x not in NAME`` (``mod.NAME``) of that module's set.
A key the fork's code does not spell is a warning: the fork may mean the set as upstream does, and then the new
member is what it wants.  A string literal that is a new member is a warning too: its answer flipped, but it was
a constant at the base, so the fork wrote it to probe upstream's set (revDR, ``review110_twins.py``: a probe
copying #49586's bias itself once upstream skips it, a ternary on #41396's ``"medusa"``, #43859's
``"step3p7"`` workaround skipped once upstream lists the type -- each right after the merge); a back-port guard
(``if "m" not in S: S.add("m")``) is quiet, the add it skips is upstream's own.  Any other literal is quiet (its
answer stands), and so is a fork file naming a new member itself.

The other way (killers206, ``shrunk_collection_drift``): a module-level collection of strings (a set, list or
tuple, or one a string-keyed dict display holds under a key) upstream took a string out of, tested by a fork
line with that string: ``"reward" in _RUNNER_CONVERTS["pooling"]`` after #37808 (45bd5c8e75) dropped ``"reward"``
from the pooling runner's converts -- the branch is dead, an error.  Quiet: a kept string, a non-literal key, a
fork file adding to the collection (``.append``/``.add``/``.extend``/``.update``/``.insert``/``+=``).

By position too (mend75, ``_reshaped``): a list or tuple display of strings (module-level, or under a dict's string
key) whose order upstream changed -- a string taken out, put in or moved -- read by a fork line at a constant index
(``_RUNNER_CONVERTS["pooling"][2]`` after #37808: IndexError at import; ``ORDER[-1]`` now another string: the slot
means something else), an error; a warning where the string only moved (it is still in the collection: the fork
may mean the position, "upstream's first choice").  Quiet: an index whose string is the same at both sides, one
past the base's end too, a set (no positions), a store into the slot, a fork file adding to the collection, a
table of the fork's own, a fork whose own version of the file already holds upstream's order, a name the reading
function binds itself (review114).  A warning where a read now past the end is guarded against a shorter collection
(a ``len()`` test of it, a ``try`` catching ``IndexError``): its way out runs now (review114).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TypeVar

from aeon_release.domain.audits.drift.own_fields import enclosing
from aeon_release.domain.audits.drift.patched_functions import _binds_locally as binds_locally
from aeon_release.domain.audits.drift.pyindex import dotted_name
from aeon_release.domain.audits.drift.sides import ThreeTrees, fork_found, parsed_texts
from aeon_release.domain.audits.drift.split_tables import string_members, string_sets
from aeon_release.domain.audits.drift.table_params import module_sources, read_from_module
from aeon_release.domain.audits.merge_rules import CONSTANT_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import TEST_PATH, lazy_pattern, parent_map, parse_python, str_value

# a fork line's membership test: the set's name after ``in`` (``n not in SKIP``, ``k in meta.SKIP``)
_MEMBERSHIP = lazy_pattern(r"\bin[ \t]+(?:\w+\.)*(\w+)")
# a fork line's positional read of a constant (an upper-case name: a local's ``parts[0]`` sends no file to be
# parsed): the collection's name before ``[2]`` or ``["key"][-1]``
_INDEXED = lazy_pattern(r"\b(_*[A-Z][A-Z0-9_]*)(?:\[[ \t]*[\"'][^\"'\n]*[\"'][ \t]*\])?\[[ \t]*-?\d+[ \t]*\]")


@dataclass(frozen=True)
class Grown:
    """Module ``module``'s (file ``path``) set ``name`` holds ``added`` at upstream, not at the base."""

    name: str
    module: str
    path: str
    added: frozenset[str]


def grown_set_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork membership tests of module-level string sets upstream added members to."""
    names, paths = _candidates(trees)
    grown = [g for g in _grown(trees, paths) if g.name in names]
    return [
        _finding(trees, path, test, g, pr_pattern)
        for path, module, mine in _fork_files(trees, grown)
        for test, g in _tests(trees, path, module, mine)
    ]


def _candidates(trees: ThreeTrees, pattern: re.Pattern[str] = _MEMBERSHIP) -> tuple[set[str], list[str]]:
    """The names fork lines test membership in (read by ``pattern``), and upstream's Python files (not tests)
    naming one of them."""
    names = fork_found(trees, pattern)
    paths = [p for p in trees.upstream if p.endswith(".py") and not TEST_PATH.search(p)] if names else []
    return names, sorted(trees.upstream_files_with(tuple(sorted(names)), paths)) if paths else []


_Changed = TypeVar("_Changed", "Grown", "Shrunk", "Reshaped")


def _fork_files(trees: ThreeTrees, changed: list[_Changed]) -> Iterator[tuple[str, ast.Module, list[_Changed]]]:
    """Each fork Python file (not a test) whose added lines name one of ``changed``, merged, with those it names."""
    for path in sorted(p for p in trees.mine if p.endswith(".py") and not TEST_PATH.search(p)) if changed else ():
        added = " ".join(trees.mine[path].added.values())
        mine = [g for g in changed if g.name in added]
        module = trees.merged_module(path) if mine else None
        if module is not None:
            yield path, module, mine


def _grown(trees: ThreeTrees, paths: list[str]) -> Iterator[Grown]:
    for versions in parsed_texts(trees, paths):  # an absent file reads as empty: no collection, nothing found
        path, old, new = versions.path, versions.old, versions.new
        was = string_sets(old)
        grown = {n: m - was[n] for n, m in string_sets(new).items() if n in was and was[n] and m - was[n]}
        held = _fork_sets(trees, path, versions.old_text) if grown else {}
        for name, added in grown.items():
            if added - held.get(name, frozenset()):
                yield Grown(name, dotted_name(path, roots=("",)), path, added - held.get(name, frozenset()))


def _fork_sets(trees: ThreeTrees, path: str, base: str | None) -> dict[str, frozenset[str]]:
    """The sets of the fork's own version of upstream's file: a member the fork added itself (a backport of
    upstream's change, which the fork's own diff drops as upstream's) answered its tests already (readG)."""
    text = trees.blobs(trees.ours, [path])[path]
    module = parse_python(text, path) if text and text != base else None
    return string_sets(module) if module is not None else {}


def _tests(trees: ThreeTrees, path: str, module: ast.Module, grown: list[Grown]) -> Iterator[tuple[ast.Compare, Grown]]:
    """The fork-owned membership tests of a grown set read off its module, but those the fork answers."""
    owned = trees.owned_lines(path)
    sources = module_sources(module, path)
    spelt = {n.value for n in ast.walk(module) if isinstance(n, ast.Constant) and n.lineno in owned}
    backports = {id(n.test) for n in ast.walk(module) if isinstance(n, ast.If) and _adds_when_missing(n)}
    for node in (n for n in ast.walk(module) if isinstance(n, ast.Compare) and n.lineno in owned):
        if len(node.ops) != 1 or not isinstance(node.ops[0], ast.In | ast.NotIn) or id(node) in backports:
            continue
        table = node.comparators[0]
        for g in grown:
            if _named(table, g.name) and read_from_module(table, g.module, sources):
                key = node.left
                if key.value in g.added if isinstance(key, ast.Constant) else not g.added & spelt:
                    yield node, g


def _adds_when_missing(guard: ast.If) -> bool:
    """``if "m" not in S: S.add("m")``: a back-port of a member, a no-op once upstream's set holds it."""
    test = guard.test
    if not (isinstance(test, ast.Compare) and isinstance(test.left, ast.Constant) and len(test.ops) == 1):
        return False
    table, member = ast.dump(test.comparators[0]), ast.dump(test.left)
    calls = (n for stmt in guard.body for n in ast.walk(stmt) if isinstance(n, ast.Call))
    return isinstance(test.ops[0], ast.NotIn) and any(
        isinstance(c.func, ast.Attribute)
        and c.func.attr == "add"
        and ast.dump(c.func.value) == table
        and [ast.dump(a) for a in c.args] == [member]
        for c in calls
    )


def _named(node: ast.expr, name: str) -> bool:
    return (isinstance(node, ast.Name) and node.id == name) or (isinstance(node, ast.Attribute) and node.attr == name)


def _finding(trees: ThreeTrees, path: str, test: ast.Compare, g: Grown, pr_pattern: str) -> Finding:
    members = ", ".join(f'"{m}"' for m in sorted(g.added))
    commit = trees.upstream_commit(g.path, rf"^\s*[\"']({'|'.join(map(re.escape, sorted(g.added)))})[\"']", pr_pattern)
    where = f"{g.path}{commit}"
    if isinstance(test.left, ast.Constant):
        return Finding(
            RULE,
            "merge",
            Severity.WARNING,
            path,
            test.lineno,
            f"fork-owned test of {test.left.value!r} in {g.name} answers the other way now: upstream added it to "
            f"the set ({where}); check the fork acts on the new answer as it means to (a warning: a literal's "
            "test was a constant at the base, so the fork wrote it to probe upstream's set)",
        )
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        test.lineno,
        f"fork-owned membership test of `{ast.unparse(test.left)}` in {g.name}: upstream added {members} to the "
        f"set ({where}), so the test now also takes those keys; check the fork means the set as upstream now "
        "does (a warning: it may want the new members too)",
    )


@dataclass(frozen=True)
class Shrunk:
    """Module ``module``'s collection ``name`` (under dict key ``key``, if any) lost ``removed`` upstream."""

    name: str
    key: str | None
    module: str
    path: str
    removed: frozenset[str]


_ADDERS = frozenset({"append", "add", "extend", "update", "insert", "setdefault"})


@dataclass(frozen=True)
class Reshaped:
    """Module ``module``'s list or tuple ``name`` (under dict key ``key``, if any) held strings ``old`` in that
    order at the base, ``new`` at upstream."""

    name: str
    key: str | None
    module: str
    path: str
    old: tuple[str, ...]
    new: tuple[str, ...]


def _reshaped_reads(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork reads at a constant index of module-level string lists whose string at that index upstream changed."""
    names, paths = _candidates(trees, _INDEXED)
    reshaped = [g for g in _reshaped(trees, paths) if g.name in names]
    found = []
    for path, module, mine in _fork_files(trees, reshaped):
        parents = parent_map(module)
        for read, index, g in _index_reads(trees.owned_lines(path), path, module, mine):
            if not _bound_here(read, parents):
                found.append(_reshaped_finding(trees, read, index, g, pr_pattern, (path, _guarded(read, parents))))
    return found


def _bound_here(read: ast.Subscript, parents: dict[int, ast.AST]) -> bool:
    """The collection's name is a local (or parameter) of the function reading it: not the import of the file
    (review114: a function's own ``_RUNNER_CONVERTS = {...}`` reusing the imported table's name)."""
    table = _table_and_key(read.value)[0]
    scope = enclosing(read, parents)
    return isinstance(table, ast.Name) and scope is not None and binds_locally(scope, table.id)


def _guarded(read: ast.Subscript, parents: dict[int, ast.AST]) -> bool:
    """The read sits under a ``len()`` test of its collection (``T[2] if len(T) > 2 else None``) or in a ``try``
    catching ``IndexError``: the fork wrote for a shorter collection (review114, #37808)."""
    seq, node = ast.unparse(read.value), parents.get(id(read))
    while node is not None and not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Module):
        tests = [node.test] if isinstance(node, ast.If | ast.IfExp | ast.While) else []
        tests += node.values[:-1] if isinstance(node, ast.BoolOp) else []
        if any(_len_of(t, seq) for t in tests) or (isinstance(node, ast.Try) and _catches_index(node)):
            return True
        node = parents.get(id(node))
    return False


def _len_of(test: ast.expr, seq: str) -> bool:
    return any(
        isinstance(n, ast.Call)
        and isinstance(n.func, ast.Name)
        and n.func.id == "len"
        and len(n.args) == 1
        and ast.unparse(n.args[0]) == seq
        for n in ast.walk(test)
    )


def _catches_index(node: ast.Try) -> bool:
    kinds = {"IndexError", "LookupError", "Exception", "BaseException"}
    return any(h.type is None or kinds & {ast.unparse(t) for t in _handled(h.type)} for h in node.handlers)


def _handled(kind: ast.expr) -> list[ast.expr]:
    return list(kind.elts) if isinstance(kind, ast.Tuple) else [kind]


def _ordered(node: ast.expr) -> tuple[str, ...] | None:
    """The strings of a list or tuple display of strings only, in order (a set has no positions)."""
    if not isinstance(node, ast.List | ast.Tuple) or string_members(node) is None:
        return None
    return tuple(str_value(e) or "" for e in node.elts)


def _reshaped(trees: ThreeTrees, paths: list[str]) -> Iterator[Reshaped]:
    for versions in parsed_texts(trees, paths):  # an absent file reads as empty: no collection, nothing found
        path, old, new = versions.path, versions.old, versions.new
        was = _collections(old, _ordered)
        changed = {k: m for k, m in _collections(new, _ordered).items() if k in was and was[k] != m}
        ours = _fork_ordered(trees, path, versions.old_text) if changed else {}
        for (name, key), members in changed.items():
            if ours.get((name, key)) != members:  # a fork that made upstream's change itself reads the new order
                yield Reshaped(name, key, dotted_name(path, roots=("",)), path, was[(name, key)], members)


def _fork_ordered(trees: ThreeTrees, path: str, base: str | None) -> dict[tuple[str, str | None], tuple[str, ...]]:
    """The ordered collections of the fork's own version of upstream's file, when the fork changed it."""
    text = trees.blobs(trees.ours, [path])[path]
    module = parse_python(text, path) if text and text != base else None
    return _collections(module, _ordered) if module is not None else {}


def _index_reads(
    owned: set[int], path: str, module: ast.Module, reshaped: list[Reshaped]
) -> Iterator[tuple[ast.Subscript, int, Reshaped]]:
    """Fork-owned loads ``T[i]`` / ``T["key"][i]`` (``i`` a constant) of a reshaped collection read off its module,
    whose string at ``i`` is another now (or none)."""
    sources = module_sources(module, path)
    grown = _added_to(module, owned)
    for node in (n for n in ast.walk(module) if isinstance(n, ast.Subscript) and n.lineno in owned):
        index = _constant_index(node.slice) if isinstance(node.ctx, ast.Load) else None
        if index is None:
            continue
        table, key = _table_and_key(node.value)
        for g in reshaped:
            if key == g.key and _named(table, g.name) and g.name not in grown and _moved(g, index):
                if read_from_module(table, g.module, sources):
                    yield node, index, g


def _constant_index(node: ast.expr) -> int | None:
    """``2`` or ``-1``: an integer constant index."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _constant_index(node.operand)
        return -inner if inner is not None else None
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    return None


def _at(strings: tuple[str, ...], index: int) -> str | None:
    return strings[index] if -len(strings) <= index < len(strings) else None


def _moved(g: Reshaped, index: int) -> bool:
    """The base held a string at ``index`` and upstream holds another there (or none)."""
    return _at(g.old, index) is not None and _at(g.old, index) != _at(g.new, index)


def _reshaped_finding(
    trees: ThreeTrees, read: ast.Subscript, index: int, g: Reshaped, pr_pattern: str, at: tuple[str, bool]
) -> Finding:
    (path, guarded), was, now = at, _at(g.old, index), _at(g.new, index)
    commit = trees.upstream_commit(g.path, rf"[\"']{re.escape(was or '')}[\"']", pr_pattern)
    where = g.name if g.key is None else f'{g.name}["{g.key}"]'
    held = f"holds {now!r} there now" if now is not None else f"holds only {len(g.new)} strings now: an IndexError"
    # a string only moved may be what the fork meant by the position ("upstream's first choice"): a warning
    moved = now is not None and was in g.new
    doubt = "; a warning: the string only moved, and the fork may mean the position" if moved else ""
    # review114: a read the fork guards against a shorter collection takes its own way out when it is one now
    short = now is None and guarded
    doubt += "; a warning: the read is guarded against a shorter collection (its fallback runs now)" if short else ""
    return Finding(
        RULE,
        "merge",
        Severity.WARNING if moved or short else Severity.ERROR,
        path,
        read.lineno,
        f"fork-owned read of {where}[{index}] took {was!r}, but upstream reshaped the collection to "
        f"{list(g.new)!r} ({g.path}{commit}) and {held}; read the string by value, not by position{doubt}",
    )


def shrunk_collection_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork membership tests, with a string literal, of module-level string collections upstream took it out of."""
    names, paths = _candidates(trees)
    shrunk = [g for g in _shrunk(trees, paths) if g.name in names]
    return [
        _shrunk_finding(trees, path, test, g, pr_pattern)
        for path, module, mine in _fork_files(trees, shrunk)
        for test, g in _literal_tests(trees.owned_lines(path), path, module, mine)
    ] + _reshaped_reads(trees, pr_pattern)


_Members = TypeVar("_Members", frozenset[str], tuple[str, ...])


def _collections(
    module: ast.Module, read: Callable[[ast.expr], _Members | None]
) -> dict[tuple[str, str | None], _Members]:
    """(name, None) for each module-level string collection ``read`` reads, (name, key) for each one a dict
    display holds."""
    found: dict[tuple[str, str | None], _Members] = {}
    for stmt in module.body:
        if not (isinstance(stmt, ast.Assign | ast.AnnAssign) and stmt.value is not None):
            continue
        target = stmt.target if isinstance(stmt, ast.AnnAssign) else stmt.targets[0]
        whole = read(stmt.value) if isinstance(target, ast.Name) else None
        if isinstance(target, ast.Name) and whole is not None:
            found[(target.id, None)] = whole
        if not (isinstance(target, ast.Name) and isinstance(stmt.value, ast.Dict)):
            continue
        for key, value in zip(stmt.value.keys, stmt.value.values, strict=True):
            word = str_value(key) if key is not None else None
            members = read(value)
            if word is not None and members is not None:
                found[(target.id, word)] = members
    return found


def _shrunk(trees: ThreeTrees, paths: list[str]) -> Iterator[Shrunk]:
    for versions in parsed_texts(trees, paths):  # an absent file reads as empty: no collection, nothing found
        path, old, new = versions.path, versions.old, versions.new
        was = _collections(old, string_members)
        for (name, key), members in _collections(new, string_members).items():
            if was.get((name, key), frozenset()) - members:
                yield Shrunk(name, key, dotted_name(path, roots=("",)), path, was[(name, key)] - members)


def _literal_tests(
    owned: set[int], path: str, module: ast.Module, shrunk: list[Shrunk]
) -> Iterator[tuple[ast.Compare, Shrunk]]:
    sources = module_sources(module, path)
    grown = _added_to(module, owned)
    for node in (n for n in ast.walk(module) if isinstance(n, ast.Compare) and n.lineno in owned):
        if len(node.ops) != 1 or not isinstance(node.ops[0], ast.In | ast.NotIn):
            continue
        word = str_value(node.left)
        table, key = _table_and_key(node.comparators[0])
        for g in shrunk:
            if word in g.removed and key == g.key and _named(table, g.name) and g.name not in grown:
                if read_from_module(table, g.module, sources):
                    yield node, g


def _table_and_key(node: ast.expr) -> tuple[ast.expr, str | None]:
    if isinstance(node, ast.Subscript):
        key = str_value(node.slice)
        return (node.value, key) if key is not None else (node, None)
    return node, None


def _added_to(module: ast.Module, owned: set[int]) -> set[str]:
    """Names of collections a fork line adds to (``T.append(...)``, ``T["k"].add(...)``, ``T += ...``)."""
    found: set[str] = set()
    for node in (n for n in ast.walk(module) if getattr(n, "lineno", None) in owned):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _ADDERS:
            found.add(ast.unparse(_table_and_key(node.func.value)[0]).rsplit(".", 1)[-1])
        elif isinstance(node, ast.AugAssign):
            found.add(ast.unparse(_table_and_key(node.target)[0]).rsplit(".", 1)[-1])
    return found


def _shrunk_finding(trees: ThreeTrees, path: str, test: ast.Compare, g: Shrunk, pr_pattern: str) -> Finding:
    word = str_value(test.left)
    commit = trees.upstream_commit(g.path, rf"[\"']{re.escape(word or '')}[\"']", pr_pattern)
    where = g.name if g.key is None else f'{g.name}["{g.key}"]'
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        path,
        test.lineno,
        f"fork-owned test of {word!r} in {where} answers the other way now: upstream took it out of the "
        f"collection ({g.path}{commit}); the branch it guards is dead (or always taken)",
    )
