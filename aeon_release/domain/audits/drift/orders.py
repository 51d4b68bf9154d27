"""Order drift: a carry's entry in an ordered list now sits behind an entry upstream put ahead of it.

A fork carries its own backend or kernel in upstream's priority list (``_get_priority_backends``'s
``[Backend.CUTLASS, Backend.TRITON, Backend.MINE, Backend.MARLIN]``, a list of kernel classes tried
in turn) and the selection walks the list and takes the first entry that applies.  When upstream
inserts a new entry above the carry's (or moves one there), git merges the two far-apart lines
cleanly, every entry still works, and wherever the new entry applies it is now chosen before the
carry's: the fleet leaves the carry's fast path without a word.  Whether the new entry applies to
the fleet is not known here, so it is a warning.

An entry is a class or a member (a dotted name whose last part starts with a capital letter:
``Backend.TRITON``, ``CutlassKernel``), a list of them holds three or more, and its order must be
able to matter: a display compared with ``in``, handed to ``set()``/``frozenset()``/``sorted()``,
the types of an ``isinstance``/``issubclass`` or an ``except``, ``__all__``, or a name whose every
read in the file is such a use, is a set in all but name and is not reported.  Only the files both
sides changed are parsed, and only the displays holding a line of each side are entered.
"""

from __future__ import annotations

import ast
import bisect
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.sides import ThreeTrees, whole_word
from aeon_release.domain.audits.merge_rules import ORDER_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parse_python, plain_name, short

_UNORDERED_CALLS = frozenset({"set", "frozenset", "sorted", "isinstance", "issubclass", "any", "all", "sum"})
_MIN_ENTRIES = 3

Span = tuple[int, int]
Item = ast.expr | ast.stmt  # an entry of a display, or a branch's ``if``


@dataclass(frozen=True)
class _Sequence:
    """Entries tried in turn: a display's elements, or the branches of a ladder of ``if``s that return."""

    items: list[Item]  # the entries, or each branch's ``if`` (its test is what it tries)
    where: str  # "f()", "NAME" or "the module"
    kind: str  # "ordered list" or "chain of returning branches"
    span: tuple[int, int]

    def keys(self) -> list[str]:
        return [ast.dump(i.test) if isinstance(i, ast.If) else ast.dump(i) for i in self.items]


# what a line of a sequence looks like, alone on its line: an entry (``Backend.X,``) or a branch's header
_SEQUENCE_LINE = lazy_pattern(r"^\s*(?:(?:[A-Za-z_]\w*\.)*[A-Z]\w*,?|(?:el)?if\b.*:)\s*(?:#.*)?$")


def order_drift(trees: ThreeTrees, pr_pattern: str) -> tuple[list[Finding], dict[str, list[Span]]]:
    """Findings, and per path the merged line spans they cover (their near-miss warnings are superseded)."""
    findings: list[Finding] = []
    covered: dict[str, list[Span]] = {}
    for path in sorted(p for p in trees.mine.keys() & trees.upstream.keys() if p.endswith(".py")):
        # cheap first: each side must have added a line that can be an entry or a branch
        if not all(any(map(_SEQUENCE_LINE.match, side[path].added.values())) for side in (trees.mine, trees.upstream)):
            continue
        owned = trees.owned_lines(path)
        theirs = trees.upstream_lines(path)
        if not owned or not theirs:
            continue
        module = trees.merged_module(path)
        if module is None:
            continue
        for sequence in _sequences(module, sorted(owned | theirs)):
            lines = {i.lineno for i in sequence.items}
            if not (lines & owned and lines & theirs):
                continue
            finding = _check(trees, path, sequence, owned, theirs, pr_pattern)
            if finding is not None:
                findings.append(finding)
                covered.setdefault(path, []).append(sequence.span)
    return findings, covered


def _sequences(module: ast.Module, lines: list[int]) -> list[_Sequence]:
    """The ordered displays and the returning ladders of a module that span one of ``lines`` (only the
    nodes spanning one are entered; the module's reads are walked only for a display bound to a name)."""
    found: list[_Sequence] = []
    unordered_names: list[set[str]] = []  # computed once, when first needed

    def only_unordered(name: str) -> bool:
        if not unordered_names:
            unordered_names.append(_names_read_unordered(module))
        return name == "__all__" or name in unordered_names[0]

    def visit(node: ast.AST, where: str) -> None:
        for child in ast.iter_child_nodes(node):
            end = getattr(child, "end_lineno", None)
            if end is not None:
                at = bisect.bisect_left(lines, getattr(child, "lineno", end))
                if at == len(lines) or lines[at] > end:
                    continue
            here = where
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                here = f"{child.name}()"
                for ladder in returning_ladders(child):
                    span = (ladder[0].lineno, ladder[-1].end_lineno or 0)
                    found.append(_Sequence([*ladder], here, "chain of returning branches", span))
            elif isinstance(child, (ast.Assign, ast.AnnAssign)) and where == "the module":
                here = plain_name(child.targets[0] if isinstance(child, ast.Assign) else child.target) or where
            if isinstance(child, (ast.List, ast.Tuple)) and ordered_entries(child) and not _unordered_here(child, node):
                name = _bound_to(child, node)
                if name is None or not only_unordered(name):
                    span = (child.lineno, child.end_lineno or child.lineno)
                    found.append(_Sequence([*child.elts], here, "ordered list", span))
            visit(child, here)

    visit(module, "the module")
    return found


def _unordered_here(display: ast.expr, parent: ast.AST) -> bool:
    """A display whose order its place makes moot: ``x in [...]``, ``set([...])``, ``isinstance(x,
    (...))``, ``except (...)``."""
    if isinstance(parent, ast.Compare):
        return any(
            right is display and isinstance(op, (ast.In, ast.NotIn))
            for op, right in zip(parent.ops, parent.comparators, strict=False)
        )
    if isinstance(parent, ast.Call):
        return display in parent.args and _callee(parent) in _UNORDERED_CALLS
    return isinstance(parent, ast.ExceptHandler) and parent.type is display


def _bound_to(display: ast.expr, parent: ast.AST) -> str | None:
    """The name (last part) a display is assigned to, if it is an assignment's whole value."""
    if isinstance(parent, (ast.Assign, ast.AnnAssign)) and parent.value is display:
        name = plain_name(parent.targets[0] if isinstance(parent, ast.Assign) else parent.target)
        return name.rsplit(".", 1)[-1] if name else None
    return None


def _names_read_unordered(module: ast.Module) -> set[str]:
    """Names (a plain name, or an attribute's last part) every read of which in the module is a
    membership test or an argument of ``set()`` and the like: what they hold is a set in all but name."""
    reads: dict[str, int] = {}
    unordered: dict[str, int] = {}
    for node in ast.walk(module):
        if isinstance(node, (ast.Name, ast.Attribute)) and isinstance(node.ctx, ast.Load):
            name = node.id if isinstance(node, ast.Name) else node.attr
            reads[name] = reads.get(name, 0) + 1
        elif isinstance(node, (ast.Compare, ast.Call)):
            for sub in node.comparators if isinstance(node, ast.Compare) else node.args:
                if isinstance(sub, (ast.Name, ast.Attribute)) and _unordered_here(sub, node):
                    name = sub.id if isinstance(sub, ast.Name) else sub.attr
                    unordered[name] = unordered.get(name, 0) + 1
    return {name for name, count in unordered.items() if reads.get(name) == count}


def returning_ladders(function: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[list[ast.If]]:
    """Runs of three or more ``if``s that each end in returning a choice (a class, a member, a name, a
    string), in one block of the function (its own, not a nested function's), or one ``elif`` chain:
    the first whose test holds decides what the function picks."""
    todo: list[list[ast.stmt]] = [function.body]
    chained: set[int] = set()
    while todo:
        block = todo.pop()
        run: list[ast.If] = []
        for stmt in [*block, None]:
            if isinstance(stmt, ast.If) and _returns_choice(stmt.body) and not stmt.orelse:
                run.append(stmt)
                continue
            if len(run) >= _MIN_ENTRIES:
                yield run
            run = []
            if isinstance(stmt, ast.If) and id(stmt) not in chained:
                chain = _elif_chain(stmt)
                chained.update(id(link) for link in chain)  # an ``elif`` is the chain's, not a chain of its own
                if len(chain) >= _MIN_ENTRIES:
                    yield chain
            if stmt is not None and not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                for field in ("body", "orelse", "finalbody"):
                    inner = getattr(stmt, field, None)
                    if isinstance(inner, list) and inner and isinstance(inner[0], ast.stmt):
                        todo.append(inner)
                for handler in getattr(stmt, "handlers", ()):
                    todo.append(handler.body)


def _elif_chain(stmt: ast.If) -> list[ast.If]:
    chain = []
    node: ast.If | None = stmt
    while node is not None and _returns_choice(node.body):
        chain.append(node)
        nxt = node.orelse
        node = nxt[0] if len(nxt) == 1 and isinstance(nxt[0], ast.If) else None
    return chain


def _returns_choice(body: list[ast.stmt]) -> bool:
    last = body[-1] if body else None
    if not isinstance(last, ast.Return) or last.value is None:
        return False
    value = last.value
    while isinstance(value, (ast.Call, ast.Attribute)) and not _entry(value):
        value = value.func if isinstance(value, ast.Call) else value.value
    if isinstance(value, ast.Constant):
        return isinstance(value.value, str)
    return _entry(value)


def ordered_entries(node: ast.List | ast.Tuple) -> bool:
    """Three entries or more, each a class or a member (``Backend.TRITON``, ``CutlassKernel``)."""
    return len(node.elts) >= _MIN_ENTRIES and all(_entry(e) for e in node.elts)


def _entry(expr: ast.expr) -> bool:
    name = plain_name(expr)
    return name is not None and name.rsplit(".", 1)[-1][:1].isupper()


def _callee(call: ast.Call) -> str:
    name = plain_name(call.func)
    return name.rsplit(".", 1)[-1] if name else ""


def _check(
    trees: ThreeTrees, path: str, sequence: _Sequence, owned: set[int], theirs: set[int], pr_pattern: str
) -> Finding | None:
    keys = sequence.keys()
    mine = [i for i, item in enumerate(sequence.items) if item.lineno in owned and item.lineno not in theirs]
    if not mine:
        return None
    before = _fork_version(trees, path, sequence, owned)
    if before is None:
        return None
    for i in mine:
        if keys[i] not in before:
            continue
        ahead_before = set(before[: before.index(keys[i])])
        new = [
            item
            for item, key in zip(sequence.items[:i], keys[:i], strict=True)
            if item.lineno in theirs
            and item.lineno not in owned
            and key not in ahead_before
            and not _exclusive(item, sequence.items[i])
        ]
        if new:
            return _finding(trees, path, sequence, sequence.items[i], new, pr_pattern)
    return None


def _exclusive(first: Item, second: Item) -> bool:
    """Two branches that can never both hold: ``x == A`` and ``x == B`` (or ``is``) of one ``x``."""
    if not (isinstance(first, ast.If) and isinstance(second, ast.If)):
        return False
    a, b = first.test, second.test
    if not (isinstance(a, ast.Compare) and isinstance(b, ast.Compare) and len(a.ops) == len(b.ops) == 1):
        return False
    if not (isinstance(a.ops[0], (ast.Eq, ast.Is)) and isinstance(b.ops[0], (ast.Eq, ast.Is))):
        return False
    return ast.dump(a.left) == ast.dump(b.left) and ast.dump(a.comparators[0]) != ast.dump(b.comparators[0])


def _fork_version(trees: ThreeTrees, path: str, sequence: _Sequence, owned: set[int]) -> list[str] | None:
    """The keys of the same sequence in the fork's version: the one of the fork's file that holds the
    fork's entries of this one, on the lines they map from."""
    text = trees.blobs(trees.ours, [path])[path]
    if text is None:
        return None
    module = parse_python(text, path)
    if module is None:
        return None
    back = {merged: line for line, merged in trees.to_merged(trees.ours, path).items()}
    lines = {back[i.lineno] for i in sequence.items if i.lineno in owned and i.lineno in back}
    if not lines:
        return None
    for other in _sequences(module, sorted(lines)):
        if other.kind == sequence.kind and lines <= {i.lineno for i in other.items}:
            return other.keys()
    return None


def _shown(item: Item) -> str:
    return short(f"if {ast.unparse(item.test)}" if isinstance(item, ast.If) else ast.unparse(item), 60)


def _finding(
    trees: ThreeTrees, path: str, sequence: _Sequence, fork_item: Item, new: list[Item], pr_pattern: str
) -> Finding:
    branch = sequence.kind != "ordered list"
    shown = ", ".join(f"{_shown(e)} (line {e.lineno})" for e in new[:3])
    more = f" and {len(new) - 3} more" if len(new) > 3 else ""
    first = new[0]
    commit = trees.upstream_commit(
        path, whole_word(ast.unparse(first.test if isinstance(first, ast.If) else first)), pr_pattern
    )
    what = f"branch {_shown(fork_item)}" if branch else f"entry {_shown(fork_item)}"
    tried = "taken first whenever its test holds" if branch else "chosen first wherever it applies"
    message = (
        f"the fork's {what} (line {fork_item.lineno}) of the {sequence.kind} in {sequence.where} now comes "
        f"after {shown}{more}, which upstream put ahead of it{commit}: where they are tried in turn, upstream's "
        f"is now {tried} and the carry's path is left; move the fork's {what.split()[0]} above it if the carry "
        "must keep winning"
    )
    return Finding(RULE, "merge", Severity.WARNING, path, fork_item.lineno, message)


def ordered_lists(module: ast.Module) -> list[list[ast.expr]]:
    """Every ordered display of a module, as its entries (what the check reads: a replay mines with it)."""
    last = max((getattr(n, "end_lineno", 0) or 0 for n in module.body), default=0)
    return [
        [e for e in seq.items if isinstance(e, ast.expr)]
        for seq in _sequences(module, list(range(1, last + 1)))
        if seq.kind == "ordered list"
    ]
