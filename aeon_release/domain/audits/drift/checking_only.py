"""Type-checking-only names: upstream now binds a name the fork imports only under ``if TYPE_CHECKING:``.

#25893 moved ``_Backend`` from the platforms' interface module to the attention registry and left the old module
importing it for annotations only: ``if TYPE_CHECKING: from ...registry import _Backend`` with
``else: _Backend = None``.  A fork line ``from <platforms>.interface import _Backend`` still imports (the
placeholder), and ``_Backend.FLASHINFER`` raises ``AttributeError`` on ``None`` when it runs; without a
placeholder the import itself raises ``ImportError``.  Symbol drift reads the name where the type checker
does (the ``TYPE_CHECKING`` import): the class is there, every member too, so it stayed quiet.

Upstream's side, in a file upstream changed: at the base the module binds the name at run time (a def, a
class, an import, a value that is no placeholder), at upstream it binds it under ``if TYPE_CHECKING:`` and at
run time only to a placeholder (``None``, ``Any``, ``object``, ``...``) or not at all, and it binds no
module ``__getattr__`` at run time (a def, ``__getattr__ = _lazy``, an import; under ``else``/``try`` too) and
runs no star import (either could serve it).  The fork's side, on lines it wrote, outside a ``try``: a
``from module import name`` that runs (not under ``TYPE_CHECKING``) and, where a placeholder stands, each
use of the name that needs the object: a member read, a call, a subscript outside annotations, an
``isinstance``/``issubclass`` class.  An error on each such use line (the placeholder); the import line of a
name nothing binds at run time is type_only_names' finding (one per cause); quiet: annotations, a use under an
``if`` that tests the name, a name the module binds again itself, a use in a function binding the name itself
(a parameter, a local re-import), a use in a ``try`` catching ``AttributeError``/``TypeError``/``Exception``.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.fallbacks import caught_around, runs_tested
from aeon_release.domain.audits.drift.pyindex import dotted_name, import_base, placeholder
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions, whole_word
from aeon_release.domain.audits.drift.type_only_names import locally_bound, may_serve
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import TEST_PATH, flat_statements, lazy_pattern, parent_map

_FROM_IMPORT = lazy_pattern(r"^\+[ \t]*from[ \t]+[\w.]+[ \t]+import\b", re.M)
_CLASS_TESTS = frozenset({"isinstance", "issubclass"})
_PLACEHOLDER_ERRORS = frozenset({"AttributeError", "TypeError", "Exception", "BaseException"})


@dataclass(frozen=True)
class Imported:
    """A fork-owned runtime ``from module import name [as alias]`` of the merged ``path``."""

    path: str
    node: ast.ImportFrom
    module: str
    name: str
    alias: str


@dataclass(frozen=True)
class Demoted:
    """``name`` of upstream's ``path``: bound at run time at the base, for type checkers only at upstream."""

    path: str
    name: str
    home: str | None  # the module its ``TYPE_CHECKING`` import names
    placeholder: bool  # a ``None``-like value stands at run time (else the import fails)


def checking_only_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork imports of names upstream now binds for type checkers only, and their uses that need the object."""
    imports = [imp for path in _fork_files(trees) for imp in _runtime_imports(trees, path)]
    wanted: dict[str, set[str]] = {}
    for imp in imports:
        if (path := module_file(trees, imp.module)) is not None:
            wanted.setdefault(path, set()).add(imp.name)
    demoted = _demoted(trees, wanted) if wanted else {}
    findings: list[Finding] = []
    for imp in imports:
        found = demoted.get((module_file(trees, imp.module) or "", imp.name))
        if found is not None:
            commit = trees.upstream_commit(found.path, whole_word(imp.name), pr_pattern, most=5)
            findings += [_finding(imp, found, line, what, commit) for line, what in _broken_at(trees, imp, found)]
    return findings


def _fork_files(trees: ThreeTrees) -> list[str]:
    """The fork's Python files (not its tests) whose added lines import a name from a module."""
    return sorted(
        p
        for p in trees.mine
        if p.endswith(".py") and not TEST_PATH.search(p) and _FROM_IMPORT.search(trees.mine.raw(p))
    )


def _runtime_imports(trees: ThreeTrees, path: str) -> Iterator[Imported]:
    module = trees.merged_module(path)
    owned = trees.owned_lines(path) if module is not None else set()
    if module is None or not owned:
        return
    parents = parent_map(module)
    for node in ast.walk(module):
        if isinstance(node, ast.ImportFrom) and node.lineno in owned and not _sheltered(node, parents):
            base = import_base(node, dotted_name(path), path)
            for alias in node.names:
                if alias.name != "*":
                    yield Imported(path, node, base, alias.name, alias.asname or alias.name)


def _sheltered(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """Under ``if TYPE_CHECKING:`` or in a ``try`` (written for the import failing)."""
    parent = parents.get(id(node))
    while parent is not None:
        if isinstance(parent, ast.Try) or (isinstance(parent, ast.If) and _checking(parent.test)):
            return True
        parent = parents.get(id(parent))
    return False


def _checking(test: ast.expr) -> bool:
    return ast.unparse(test).rsplit(".", 1)[-1] == "TYPE_CHECKING"


def module_file(trees: ThreeTrees, module: str) -> str | None:
    """The upstream-changed file of ``module`` (a module or a package's ``__init__``), if upstream changed it."""
    stem = module.replace(".", "/")
    for path in (f"{stem}.py", f"{stem}/__init__.py"):
        if path in trees.upstream:
            return path
    return None


def _demoted(trees: ThreeTrees, wanted: dict[str, set[str]]) -> dict[tuple[str, str], Demoted]:
    """(path, name) -> how upstream demoted it, for the wanted names its diff of the file mentions."""
    paths = sorted(p for p, names in wanted.items() if any(n in trees.upstream.raw(p) for n in names))
    found: dict[tuple[str, str], Demoted] = {}
    for path, old, new in parsed_versions(trees, paths):
        if may_serve(new):
            continue  # a module __getattr__ (however bound) or a star import may serve the name at run time
        for name in sorted(wanted[path]):
            if _runtime_kinds(old, name) & {"real"} and "real" not in _runtime_kinds(new, name):
                home = _checking_home(new, name)
                if home is not None:
                    found[(path, name)] = Demoted(path, name, home or None, "placeholder" in _runtime_kinds(new, name))
    return found


def _runtime_kinds(module: ast.Module, name: str) -> set[str]:
    """How the module binds ``name`` outside ``if TYPE_CHECKING:`` blocks: "real" and/or "placeholder"."""
    kinds: set[str] = set()
    for stmt in _runtime_statements(module.body):
        if name in _bound(stmt):
            kinds.add("placeholder" if placeholder(stmt) else "real")
    return kinds


def _runtime_statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """A module body's statements, into ``if``/``try`` blocks, ``if TYPE_CHECKING:`` bodies left out (their
    ``else`` kept: the placeholder lives there)."""
    for stmt in body:
        if isinstance(stmt, ast.If):
            if not _checking(stmt.test):
                yield from _runtime_statements(stmt.body)
            yield from _runtime_statements(stmt.orelse)
        elif isinstance(stmt, ast.Try):
            for block in (stmt.body, stmt.orelse, stmt.finalbody, *[h.body for h in stmt.handlers]):
                yield from _runtime_statements(block)
        else:
            yield stmt


def _checking_home(module: ast.Module, name: str) -> str | None:
    """The module a ``TYPE_CHECKING`` block imports ``name`` from ("" when it binds it otherwise); None when
    no such block binds it."""
    for stmt in module.body:
        if isinstance(stmt, ast.If) and _checking(stmt.test):
            for sub in flat_statements(stmt.body):
                if name in _bound(sub):
                    return (sub.module or "") if isinstance(sub, ast.ImportFrom) and not sub.level else ""
    return None


def _bound(stmt: ast.stmt) -> set[str]:
    """The names a module-level statement binds."""
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {stmt.name}
    if isinstance(stmt, (ast.Import, ast.ImportFrom)):
        return {(a.asname or a.name).split(".")[0] for a in stmt.names}
    targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target] if isinstance(stmt, ast.AnnAssign) else []
    return {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}


def _broken_at(trees: ThreeTrees, imp: Imported, found: Demoted) -> Iterator[tuple[int, str]]:
    """(line, what fails there): each fork-owned use that needs the object the placeholder stands for.  Where
    nothing binds the name at run time the import itself fails: type_only_names reports that line (one finding
    per cause, not two)."""
    if not found.placeholder:
        return
    module = trees.merged_module(imp.path)
    if module is None or _rebound(module, imp):
        return
    owned, parents = trees.owned_lines(imp.path), parent_map(module)
    skipped = _annotation_ids(module)
    seen: set[int] = set()
    for node in ast.walk(module):
        if not (isinstance(node, ast.Name) and node.id == imp.alias and isinstance(node.ctx, ast.Load)):
            continue
        if node.lineno in owned and node.lineno not in seen and id(node) not in skipped:
            shown = _dereference(node, parents)
            if shown is not None and not _guarded(node, imp.alias, parents):
                seen.add(node.lineno)
                yield node.lineno, shown


def _rebound(module: ast.Module, imp: Imported) -> bool:
    """The fork's module binds the alias again itself (another import, an assignment): not only the import."""
    return any(imp.alias in _bound(stmt) for stmt in flat_statements(module.body) if stmt is not imp.node)


def _annotation_ids(module: ast.Module) -> set[int]:
    """Every node inside an annotation (never needs the object: ``None`` is a fine annotation)."""
    roots: list[ast.AST] = []
    for node in ast.walk(module):
        if isinstance(node, ast.arg) and node.annotation is not None:
            roots.append(node.annotation)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.returns is not None:
            roots.append(node.returns)
        elif isinstance(node, ast.AnnAssign):
            roots.append(node.annotation)
    return {id(sub) for root in roots for sub in ast.walk(root)}


def _dereference(node: ast.Name, parents: dict[int, ast.AST]) -> str | None:
    """How the use needs the object (shown), or None: a member read, a call, a subscript, a class test."""
    parent = parents.get(id(node))
    if isinstance(parent, ast.Attribute) and parent.value is node:
        return f"reads {ast.unparse(parent)}"
    if isinstance(parent, ast.Call) and parent.func is node:
        return f"calls {node.id}"
    if isinstance(parent, ast.Subscript) and parent.value is node:
        return f"subscripts {node.id}"
    holder = parents.get(id(parent)) if isinstance(parent, ast.Tuple) else parent
    if isinstance(holder, ast.Call) and isinstance(holder.func, ast.Name) and holder.func.id in _CLASS_TESTS:
        return f"tests a class against {node.id}"
    return None


def _guarded(node: ast.AST, alias: str, parents: dict[int, ast.AST]) -> bool:
    """The use reads a local of the name, runs in a ``try`` written for the placeholder failing, or under a
    test of the name."""
    return (
        locally_bound(node, alias, parents)
        or caught_around(node, _PLACEHOLDER_ERRORS, parents)
        or _tested(node, alias, parents)
        or runs_tested(node, parents, lambda test: _names(test, alias), lambda test: _absent(test, alias))
    )


def _names(test: ast.expr, alias: str) -> bool:
    return any(isinstance(n, ast.Name) and n.id == alias for n in ast.walk(test))


def _absent(test: ast.expr, alias: str) -> bool:
    """``alias is None``, ``alias == None`` or ``not alias``: true where the placeholder stands in."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return isinstance(test.operand, ast.Name) and test.operand.id == alias
    return (
        isinstance(test, ast.Compare)
        and isinstance(test.left, ast.Name)
        and test.left.id == alias
        and len(test.ops) == 1
        and isinstance(test.ops[0], ast.Is | ast.Eq)
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value is None
    )


def _tested(node: ast.AST, alias: str, parents: dict[int, ast.AST]) -> bool:
    """Under an ``if``/conditional expression whose test names the alias (``if _Backend is not None``)."""
    parent = parents.get(id(node))
    while parent is not None:
        test = parent.test if isinstance(parent, (ast.If, ast.IfExp, ast.While)) else None
        if test is not None and any(isinstance(n, ast.Name) and n.id == alias for n in ast.walk(test)):
            return True
        parent = parents.get(id(parent))
    return False


def _finding(imp: Imported, found: Demoted, line: int, what: str, commit: str) -> Finding:
    runtime = "None-like at run time" if found.placeholder else "unbound at run time"
    error = "AttributeError or TypeError on the placeholder" if found.placeholder else "ImportError"
    home = found.home or imp.module
    message = (
        f"{what}, but upstream's {found.path} now binds {imp.name} only under `if TYPE_CHECKING:` ({runtime}"
        f"{commit}): {error}; import it from {home}"
    )
    return Finding(RULE, "merge", Severity.ERROR, imp.path, line, message)
