"""Sort-order drift: upstream now sorts a list the other way; a fork line reads one of its ends.

#26016 turned ``self.cudagraph_capture_sizes.sort(reverse=True)`` into ``.sort()``: the capture sizes
went from largest-first to smallest-first.  A fork line ``largest = cc.cudagraph_capture_sizes[0]``
merges cleanly and now reads the smallest size: the drafter's graphs stop at 1, every answer stays
right, and the speed goes.  An end read is a subscript ``[0]``, ``[-1]``, ``[:k]`` or ``[-k:]`` of the
attribute, or of a local bound to it (and not sorted again in that function).

Upstream's side is a pair of changed lines of one file: a removed ``X.attr.sort(...)`` (or ``X.attr =
sorted(...)``) and an added one of the same attribute with the other ``reverse``.  An attribute sorted
both ways among the added (or the removed) lines is left alone, and so is a short name without an
underscore (``sizes``: too common to tie a fork read to).  Cheap first: a diff must mention ``reverse``
and ``sort``, and the fork's added lines must name the attribute, before anything is parsed.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.returns import attribute_readers
from aeon_release.domain.audits.drift.sides import ThreeTrees, whole_word
from aeon_release.domain.audits.merge_rules import ORDER_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, own_scope_nodes, parent_map, short

# ``self.sizes.sort(reverse=True)`` / ``self.sizes = sorted(x, reverse=True)``, a statement of its own
_SORT_LINE = lazy_pattern(
    r"^\s*(?:[A-Za-z_]\w*\.)*(?P<attr>[A-Za-z_]\w*)"
    r"(?:\.sort\((?P<args>[^)]*)\)|\s*(?::[^=]+)?=\s*sorted\((?P<src>.*)\))\s*(?:#.*)?$"
)
_REVERSED = lazy_pattern(r"\breverse\s*=\s*True\b")


@dataclass(frozen=True)
class Flipped:
    attr: str
    path: str  # the upstream file that sorts it
    descending: bool  # how upstream sorts it now


def sort_order_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    flipped = _flipped(trees)
    if not flipped:
        return []
    findings = []
    for path, line, how, end, change in _end_reads(trees, flipped):
        commit = trees.upstream_commit(change.path, whole_word(change.attr), pr_pattern, most=5)
        now, then = ("descending", "ascending") if change.descending else ("ascending", "descending")
        holds = "largest" if (end == "first") == change.descending else "smallest"
        message = (
            f"fork-owned {how} reads the {end} end of {change.attr}, which upstream now sorts {now} (it "
            f"sorted them {then}; {change.path}{commit}): it reads the {holds} now; read min() or max(), or "
            "the other end"
        )
        findings.append(Finding(RULE, "merge", Severity.ERROR, path, line, message))
    return findings


def _flipped(trees: ThreeTrees) -> dict[str, Flipped]:
    """Attributes whose one sort a file's diff turned the other way."""
    found: dict[str, Flipped] = {}
    for path in trees.upstream:
        if not path.endswith(".py"):
            continue
        raw = trees.upstream.raw(path)
        if "reverse" not in raw or "sort" not in raw:
            continue
        change = trees.upstream[path]
        old, new = _directions(change.removed), _directions(change.added.values())
        for attr, ways in new.items():
            if len(ways) == 1 and len(old.get(attr, ())) == 1 and old[attr] != ways and "_" in attr.strip("_"):
                found.setdefault(attr, Flipped(attr, path, next(iter(ways))))
    return found


def _directions(lines: Iterable[str]) -> dict[str, set[bool]]:
    """Attribute -> the ways the lines sort it (True: descending)."""
    ways: dict[str, set[bool]] = {}
    for line in lines:
        match = _SORT_LINE.match(line)
        if match is not None:
            args = match.group("args") if match.group("args") is not None else match.group("src")
            ways.setdefault(match.group("attr"), set()).add(bool(_REVERSED.search(args or "")))
    return ways


def _end_reads(trees: ThreeTrees, flipped: dict[str, Flipped]) -> Iterator[tuple[str, int, str, str, Flipped]]:
    """(path, line, the read as shown, "first" | "last", the change) of each fork-owned end read."""
    for path, module, owned in attribute_readers(trees, flipped):
        if not owned:
            continue
        parents = parent_map(module)
        own: dict[tuple[int, str], bool] = {}  # (a class, an attribute) -> the fork's own list: one walk a class
        for scope in [module, *(n for n in ast.walk(module) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))]:
            aliases = _aliases(scope, flipped)
            reads: list[tuple[ast.Subscript, str, str, ast.AST | None]] = []
            for node in own_scope_nodes(scope):
                if not isinstance(node, ast.Subscript) or node.lineno not in owned:
                    continue
                end = _end(node.slice)
                attr = _read_attr(node.value, aliases)
                if (
                    end is not None
                    and attr in flipped
                    and not _own_attribute(trees, node.value, flipped[attr], parents, own)
                ):
                    reads.append((node, attr, end, _statement(node, parents)))
            ends: dict[tuple[int, str], set[str]] = {}
            for _, attr, end, stmt in reads:
                ends.setdefault((id(stmt), attr), set()).add(end)
            for node, attr, end, stmt in reads:
                if len(ends[(id(stmt), attr)]) == 1:  # ``s[0] if s[0] >= s[-1] else s[-1]``: either order
                    yield path, node.lineno, short(ast.unparse(node), 80), end, flipped[attr]


def _statement(node: ast.AST, parents: dict[int, ast.AST]) -> ast.AST | None:
    """The statement ``node`` is part of."""
    while node is not None and not isinstance(node, ast.stmt):
        node = parents.get(id(node))  # type: ignore[assignment]
    return node


def _own_attribute(
    trees: ThreeTrees, value: ast.expr, change: Flipped, parents: dict[int, ast.AST], known: dict[tuple[int, str], bool]
) -> bool:
    """``self.attr`` in a class of the fork that stores ``self.attr`` itself and derives from no class of
    the file upstream sorts it in: the fork's own list of the name, which upstream's sort never touches
    (``known``: the answers so far, by class and attribute)."""
    if not (isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) and value.value.id == "self"):
        return False
    cls = parents.get(id(value))
    while cls is not None and not isinstance(cls, ast.ClassDef):
        cls = parents.get(id(cls))
    if cls is None:
        return False
    key = (id(cls), change.attr)
    if key not in known:
        known[key] = _stores_its_own(trees, cls, change)
    return known[key]


def _stores_its_own(trees: ThreeTrees, cls: ast.ClassDef, change: Flipped) -> bool:
    stores = any(
        isinstance(n, ast.Attribute)
        and isinstance(n.ctx, ast.Store)
        and n.attr == change.attr
        and isinstance(n.value, ast.Name)
        and n.value.id == "self"
        for n in ast.walk(cls)
    )
    sorter = trees.merged_module(change.path)
    theirs = {n.name for n in sorter.body if isinstance(n, ast.ClassDef)} if sorter is not None else set()
    bases = {ast.unparse(b).rsplit(".", 1)[-1] for b in cls.bases}
    return stores and sorter is not None and not bases & theirs


def _aliases(scope: ast.AST, flipped: dict[str, Flipped]) -> dict[str, str]:
    """Locals bound once, to ``x.attr`` of a flipped attribute, and never sorted again in the scope."""
    bound: dict[str, list[str | None]] = {}
    resorted: set[str] = set()
    for node in own_scope_nodes(scope):
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            value = node.value
            for target in targets:
                if isinstance(target, ast.Name):
                    attr = value.attr if isinstance(value, ast.Attribute) and value.attr in flipped else None
                    bound.setdefault(target.id, []).append(attr)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("sort", "reverse")
            and isinstance(node.func.value, ast.Name)
        ):
            resorted.add(node.func.value.id)
    return {name: attrs[0] for name, attrs in bound.items() if len(attrs) == 1 and attrs[0] and name not in resorted}


def _read_attr(value: ast.expr, aliases: dict[str, str]) -> str | None:
    if isinstance(value, ast.Attribute):
        return value.attr
    if isinstance(value, ast.Name):
        return aliases.get(value.id)
    return None


def _end(index: ast.expr) -> str | None:
    """ "first" for ``[0]`` / ``[:k]``, "last" for ``[-1]`` / ``[-k:]``; None for any other index."""
    if isinstance(index, ast.Slice):
        if index.step is not None:
            return None
        if index.lower is None and index.upper is not None:
            return "first"
        if index.upper is None and _negative(index.lower):
            return "last"
        return None
    if isinstance(index, ast.Constant) and index.value == 0 and type(index.value) is int:
        return "first"
    return "last" if _negative(index) and ast.unparse(index) == "-1" else None


def _negative(node: ast.expr | None) -> bool:
    return isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub)
