"""Unbound names: a name upstream stopped binding in a module, read by a line the fork added to that module.

#49665 and #52261 moved the API server's exception handlers and cut ``api_server.py``'s imports of
``EngineDeadError``, ``engine_error_handler``, ``HTTPException`` and ``http_exception_handler``.  A helper the fork
added to that module, ``app.exception_handler(EngineDeadError)(engine_error_handler)``, merges cleanly (upstream's
hunks hold only the import lines) and raises NameError when it runs.  Symbol drift resolves a name through the
module's imports after the merge: with the import gone the name resolves to nothing, and where the imported
definition itself stands (``engine_error_handler`` stayed in its module), nothing upstream removed is named either.

Upstream's side, in a Python file both sides changed: a line upstream's diff removed holds the name, the base bound
it at module level by a statement that runs (an import, a def, a class, an assignment; into ``if``/``try``/``with``
blocks, not a type-only one), and the merged module binds it nowhere when the code runs: no import, def, class,
assignment, loop, ``with``, ``except`` or ``match`` target, parameter, ``global`` or ``nonlocal``, in any scope (a
local of another function keeps it quiet: the fork may mean that one), only inside ``if TYPE_CHECKING:`` if at all
(an import upstream made type-only), no star import, no ``globals()``/``vars()``/``exec`` that could bind it, and it
is no builtin.  The fork's side: a line it added reads the bare name, outside the fork's own type-only block,
outside a ``try`` catching ``NameError`` (or ``Exception``), outside an annotation Python never evaluates (a
quoted one, a local variable's at any depth of its function, any under the future import).  An error on that line,
one a line, naming each such name and the base's binding.  Where the names stand only in annotations Python
evaluates as the ``def`` or class body runs, an error when the merged ``pyproject.toml``'s ``requires-python``
admits a Python before 3.14 (which evaluates them: a NameError at import; the Habana fork's ``List``/``Tuple``
after upstream's typing clean-up, which the fork had to fix), else a warning (3.14 defers them).

Pure but for reading the three trees: findings out.
"""

from __future__ import annotations

import ast
import builtins
import keyword
from collections.abc import Iterator

from aeon_release.domain.audits.drift.fallbacks import caught_around
from aeon_release.domain.audits.drift.sides import ThreeTrees, whole_word
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parent_map, parse_python

_WORD = lazy_pattern(r"[A-Za-z_]\w*")
_KNOWN = frozenset(dir(builtins)) | frozenset(keyword.kwlist) | frozenset(keyword.softkwlist)
_MODULE_DUNDERS = frozenset({"__file__", "__name__", "__doc__", "__spec__", "__loader__", "__package__", "__path__"})
# what may bind a module name the tree does not show: a star import's names, a write into the module's namespace
_DYNAMIC = lazy_pattern(r"\bimport\s+\*|\bglobals\s*\(|\bvars\s*\(|\bexec\s*\(|\b__builtins__\b")
_NAME_ERRORS = frozenset({"NameError", "Exception", "BaseException"})
# a line that may bind a module name: an import, a name of an import's list (``    name,``, ``    name as alias``),
# a def or class, an assignment (anchored, no nested repetition: linear)
_BINDING = lazy_pattern(
    r"[ \t]*(?:from[ \t]+\S+[ \t]+)?import\b|[ \t]+\w+(?:[ \t]+as[ \t]+\w+)?[,)]?[ \t]*$"
    r"|[ \t]*(?:async[ \t]+)?def[ \t]|[ \t]*class[ \t]|[ \t]*\w+[ \t]*[:=]"
)


def unbound_name_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    findings: list[Finding] = []
    paths = [p for p in sorted(trees.mine) if p.endswith(".py") and p in trees.upstream]
    for path in paths:
        words = _removed_and_read(trees, path)
        merged_text = trees.merged_text(path) if words else None
        if not words or merged_text is None or _DYNAMIC.search(merged_text):
            continue
        merged = trees.merged_module(path)
        gone = words - _bound_anywhere(merged) if merged is not None else set()
        if merged is None or not gone:
            continue
        old = parse_python(trees.blobs(trees.base, [path])[path] or "", path)
        was = _module_bindings(old.body) if old is not None else {}
        lines: dict[int, list[tuple[str, bool]]] = {}
        for line, name, only in _fork_reads(merged, trees.owned_lines(path), {n for n in gone if n in was}):
            lines.setdefault(line, []).append((name, only))
        eager = _eager_annotations(trees) if lines else False
        findings += [
            _finding(trees, path, line, names, was, pr_pattern, eager) for line, names in sorted(lines.items())
        ]
    return findings


# ``requires-python = ">=3.10,<3.15"``: the oldest Python the project supports (a lower bound of ``>=``, ``~=``, ``==``)
_REQUIRES = lazy_pattern(r'(?m)^[ \t]*requires-python[ \t]*=[ \t]*["\']([^"\'\n]{0,200})["\']')
_LOWEST = lazy_pattern(r"(?:>=|~=|==)[ \t]*3\.(\d{1,3})")


def _eager_annotations(trees: ThreeTrees) -> bool:
    """Whether the merged tree's ``pyproject.toml`` says the project supports a Python older than 3.14, which
    evaluates a ``def``'s annotations as it runs: a name gone from one is then a NameError at import."""
    text = trees.merged_text("pyproject.toml")
    found = _REQUIRES.search(text) if text is not None else None
    lowest = _LOWEST.search(found.group(1)) if found is not None else None
    return lowest is not None and int(lowest.group(1)) < 14


def _removed_and_read(trees: ThreeTrees, path: str) -> set[str]:
    """The names a binding line upstream removed from ``path`` holds (an import, an entry of an import's list, a
    def, a class, an assignment) that a line the fork added holds too and no line upstream added does (no
    keyword, no builtin): a text gate before any parse."""
    change = trees.upstream[path]
    removed = {w for line in change.removed if _BINDING.match(line) for w in _WORD.findall(line)}
    if not removed:
        return set()
    read = {w for line in trees.mine[path].added.values() for w in _WORD.findall(line)}
    added = change.added.values()
    # a name upstream wrote again may be bound again, unless upstream opened a type-only block (its import moved there)
    kept = (
        set() if any("TYPE_CHECKING" in line for line in added) else {w for line in added for w in _WORD.findall(line)}
    )
    return (removed & read) - kept - _KNOWN - _MODULE_DUNDERS


def _bound_anywhere(module: ast.Module) -> set[str]:
    """Every name any scope of ``module`` binds when the code runs: a superset of what the module level binds, so
    a name outside it is bound by nothing a read could find.  A type-only block's bindings do not count: a name
    upstream moved under ``if TYPE_CHECKING:`` (an import made lazy, a cycle cut) is bound for type checkers
    alone."""
    found: set[str] = set()
    for node in _walk_run_time(module):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store | ast.Del):
            found.add(node.id)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            found.add(node.name)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            found |= {a.asname or a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.arg):
            found.add(node.arg)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            found.add(node.name)
        elif isinstance(node, ast.Global | ast.Nonlocal):
            found |= set(node.names)
        elif isinstance(node, ast.MatchAs | ast.MatchStar) and node.name:
            found.add(node.name)
        elif isinstance(node, ast.MatchMapping) and node.rest:
            found.add(node.rest)
        elif type(node).__name__ in _TYPE_PARAMS:
            found.add(getattr(node, "name", ""))
    return found


_TYPE_PARAMS = frozenset({"TypeVar", "ParamSpec", "TypeVarTuple"})  # ``def f[T]()``'s own names (3.12's nodes)


def _walk_run_time(module: ast.Module) -> Iterator[ast.AST]:
    """``ast.walk`` past the body of every ``if TYPE_CHECKING:`` (its ``else`` runs)."""
    todo: list[ast.AST] = [module]
    while todo:
        node = todo.pop()
        yield node
        if isinstance(node, ast.If) and _type_only_test(node.test):
            todo += [node.test, *node.orelse]
        else:
            todo += ast.iter_child_nodes(node)


def _module_bindings(body: list[ast.stmt]) -> dict[str, str]:
    """name -> how the module level binds it by a statement that runs (``from m import name``, ``def name``...)."""
    found: dict[str, str] = {}
    for stmt in _run_time(body):
        if isinstance(stmt, ast.Import | ast.ImportFrom):
            for alias in stmt.names:
                if alias.name != "*":
                    found.setdefault(alias.asname or alias.name.split(".")[0], _spelt(stmt, alias))
        elif isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            kind = "class" if isinstance(stmt, ast.ClassDef) else "def"
            found.setdefault(stmt.name, f"`{kind} {stmt.name}` at line {stmt.lineno}")
        elif isinstance(stmt, ast.Assign | ast.AnnAssign) and stmt.value is not None:
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            for name in (n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)):
                found.setdefault(name, f"an assignment at line {stmt.lineno}")
    return found


def _spelt(stmt: ast.Import | ast.ImportFrom, alias: ast.alias) -> str:
    named = alias.name + (f" as {alias.asname}" if alias.asname else "")
    if isinstance(stmt, ast.Import):
        return f"`import {named}`"
    return f"`from {'.' * stmt.level}{stmt.module or ''} import {named}`"


def _run_time(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The top-level statements that run: into ``if``/``try``/``with`` blocks, past a type-only block."""
    for stmt in body:
        yield stmt
        blocks: list[list[ast.stmt]] = []
        if isinstance(stmt, ast.If):
            blocks = [stmt.orelse] if _type_only_test(stmt.test) else [stmt.body, stmt.orelse]
        elif isinstance(stmt, ast.Try):
            blocks = [stmt.body, stmt.orelse, stmt.finalbody, *(h.body for h in stmt.handlers)]
        elif isinstance(stmt, ast.With):
            blocks = [stmt.body]
        for block in blocks:
            yield from _run_time(block)


def _type_only_test(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _fork_reads(module: ast.Module, owned: set[int], names: set[str]) -> Iterator[tuple[int, str, bool]]:
    """(line, name, only at definition) for each read of one of ``names`` on a line the fork owns that runs (not
    under a type-only ``if``, not in a ``try`` catching NameError, not an annotation Python never evaluates); one
    per line and name.  "Only at definition": an annotation Python evaluates when the ``def`` or class body runs
    (no future import), which Python 3.14 no longer does: a warning's reach."""
    if not names or not owned:
        return
    parents = parent_map(module)
    never, defined = _annotations(module)
    reads = sorted(
        (node.lineno, node.col_offset, node.id, id(node) in defined)
        for node in ast.walk(module)
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id in names
        if node.lineno in owned and id(node) not in never and not caught_around(node, _NAME_ERRORS, parents)
    )
    seen: dict[tuple[int, str], bool] = {}
    for line, _, name, only in reads:
        seen[(line, name)] = seen.get((line, name), True) and only
    for (line, name), only in seen.items():
        yield line, name, only


def _annotations(module: ast.Module) -> tuple[set[int], set[int]]:
    """Ids of the nodes Python never evaluates (a type-only ``if`` block; a local variable's annotation; every
    annotation under ``from __future__ import annotations``), and of those it evaluates only as the ``def`` or
    class body runs (a parameter's, a return's, a module or class field's, without the future import)."""
    deferred = any(
        isinstance(stmt, ast.ImportFrom)
        and stmt.module == "__future__"
        and any(a.name == "annotations" for a in stmt.names)
        for stmt in module.body
    )
    parents = parent_map(module)
    never: list[ast.AST | None] = []
    defined: list[ast.AST | None] = []
    for node in ast.walk(module):
        if isinstance(node, ast.If) and _type_only_test(node.test):
            never += node.body
        elif isinstance(node, ast.arg | ast.FunctionDef | ast.AsyncFunctionDef):
            (never if deferred else defined).append(node.annotation if isinstance(node, ast.arg) else node.returns)
        elif isinstance(node, ast.AnnAssign):
            (never if deferred or _in_function(node, parents) else defined).append(node.annotation)
    ids = [{id(n) for root in roots if root is not None for n in ast.walk(root)} for roots in (never, defined)]
    return ids[0], ids[1] - ids[0]


def _in_function(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """Whether the nearest scope around ``node`` is a function's: Python never evaluates a local variable's
    annotation, at the body's top or nested in an ``if``, ``for``, ``with`` or ``try`` (a class body inside the
    function evaluates its own)."""
    scope = parents.get(id(node))
    while scope is not None and not isinstance(scope, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        scope = parents.get(id(scope))
    return isinstance(scope, ast.FunctionDef | ast.AsyncFunctionDef)


def one_cause_a_line(findings: list[Finding]) -> list[Finding]:
    """Without this class's finding on a line another symbol-drift error holds (a call of a class upstream moved,
    whose import it dropped with it): one finding of one cause, the other check's, which names the new home."""
    others = {(f.path, f.line) for f in findings if f.rule_id == RULE and f.severity is Severity.ERROR and not _ours(f)}
    return [f for f in findings if not (_ours(f) and (f.path, f.line) in others)]


def _ours(finding: Finding) -> bool:
    return finding.rule_id == RULE and _MARK in finding.message


_MARK = "at the merge base and no longer binds"


def _finding(
    trees: ThreeTrees,
    path: str,
    line: int,
    reads: list[tuple[str, bool]],
    was: dict[str, str],
    pr_pattern: str,
    eager: bool,
) -> Finding:
    """One finding a line, naming each name it reads that the module no longer binds (in the line's order); a
    warning when each is read only in an annotation evaluated at definition (Python 3.14 defers those) and the
    project does not say it supports an older Python (``eager``)."""
    names = [name for name, _ in reads]
    commit = trees.upstream_commit(path, whole_word(names[0]), pr_pattern)
    said = "; ".join(f"{name}, which this module bound by {was[name]}" for name in names)
    annotated = all(only for _, only in reads)
    when = (
        "a NameError when the def or class runs (its annotation is evaluated there before Python 3.14)"
        if annotated
        else "a NameError when the line runs"
    )
    return Finding(
        RULE,
        "merge",
        Severity.WARNING if annotated and not eager else Severity.ERROR,
        path,
        line,
        f"fork-owned read of {said} {_MARK} (upstream removed {'it' if len(names) == 1 else 'them'}{commit}): "
        f"{when}; import or define {' and '.join(names)} in the fork's lines",
    )
