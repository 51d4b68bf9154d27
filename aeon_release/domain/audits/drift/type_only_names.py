"""Type-only names: a name a module bound at run time, now imported there only under ``if TYPE_CHECKING:``.

#46820 moved ``interfaces.py``'s ``from <pkg>.config import ModelConfig, SpeechToTextConfig, ...``, ``from
<pkg>.inputs import PromptType, TokensPrompt`` and ``from .interfaces_base import`` of the base model protocol
under ``if TYPE_CHECKING:`` (its annotations quoted) to cut an import cycle.  Every name still stands in the
module's text, so a resolver that reads the whole module finds it and symbol drift stays quiet; but nothing
binds it when the code runs.  A fork's ``from <pkg>.model_executor.models.interfaces import TokensPrompt`` (a
re-export it leaned on) merges cleanly and raises ``ImportError`` at import; ``interfaces.TokensPrompt(...)``
raises ``AttributeError`` when it runs.  Upstream does this often (a cycle cut, a heavy import made lazy).

Upstream's side: a changed module whose diff removed an import line, that bound the name by a statement
that runs (outside ``if TYPE_CHECKING:``) at the base, and binds it now only inside such a block, in the
merged tree too (the fork did not put a run-time import back).  A module-level ``__getattr__`` (defined,
assigned or imported by a statement that runs) or a run-time star import may still serve the name: such a
module is skipped; so is a name that is a submodule of the
package (``from package import sub`` imports it).  The fork's side, on a line it owns: a
``from module import name`` that runs (not under the fork's own ``TYPE_CHECKING``, not in a ``try`` catching
``ImportError``), or ``module.name`` read off the imported module (outside an annotation, which may never be
evaluated, outside a ``try`` catching ``AttributeError``, not only where ``hasattr(module, "name")`` holds,
and not where a function binds ``module`` itself), unless a fork file stores the name on the module itself
(``module.name = ...``, ``setattr``: its own shim).  An error: the name is gone at run time.

Pure but for reading the three trees: findings out.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator

from aeon_release.domain.audits.drift.fallbacks import IMPORT_ERRORS, caught_around, hasattr_held
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, import_base, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import FileChange, ThreeTrees, fork_added, parsed_texts, whole_word
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parent_map, parse_python

_IMPORT = lazy_pattern(r"^\s*(?:from\s+\S+\s+)?import\b|^\s+\w+,\s*$")  # an import line, or a name of a list
_MOST_FILES = 32
_ATTRIBUTE_ERRORS = frozenset({"AttributeError", "Exception", "BaseException"})
# module dotted -> (its path, {name: the module a type-only import brings it from})
Moved = dict[str, tuple[str, dict[str, str]]]


def type_only_name_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    paths = [p for p in sorted(trees.upstream) if p.endswith(".py") and _candidate(trees.upstream[p])]
    moved: Moved = {}
    fork_text = "\n".join(fork_added(trees)) if paths else ""
    for both in parsed_texts(trees, paths[:_MOST_FILES], functools.partial(_may_move, fork_text)):
        names = _moved(both.path, both.old, both.new)
        merged = trees.merged_module(both.path)
        if names and merged is not None and not may_serve(merged):
            kept = _run_time_names(merged.body) | _submodules(trees, both.path, names)
            if names := {n: home for n, home in names.items() if n not in kept}:
                moved[dotted_name(both.path, roots=("",))] = (both.path, names)
    if not moved:
        return []
    words = {n for _, names in moved.values() for n in names}
    findings = []
    users = list(fork_modules(trees, lambda line: any(w in line for w in words)))
    shimmed = {o for path, module, _ in users for o in _stored(module, file_imports(module, path))}
    for path, module, owned in users:
        for line, mod, name in _fork_uses(path, module, owned, moved):
            if (mod, name) not in shimmed:
                findings.append(_finding(trees, path, line, mod, name, moved[mod], pr_pattern))
    return findings


def _submodules(trees: ThreeTrees, path: str, names: dict[str, str]) -> set[str]:
    """The names that are modules of the package ``path`` is the ``__init__.py`` of: ``from package import
    sub`` imports the submodule whatever the package binds."""
    if not path.endswith("__init__.py"):
        return set()
    folder = path.removesuffix("__init__.py")
    return {n for n in names if any(trees.merged_text(f"{folder}{n}{tail}") is not None for tail in _MODULE_FILES)}


_MODULE_FILES = (".py", "/__init__.py")


def _candidate(change: FileChange) -> bool:
    """Upstream's diff of the file removed an import line (a cheap gate before both versions are parsed)."""
    return any(_IMPORT.match(line) for line in change.removed)


def _may_move(fork_text: str, old_text: str, new_text: str) -> bool:
    """Whether ``_moved`` can find a name the fork's lines hold, with the new version alone parsed (the old one,
    most of the check's ~60 parses at 80 commits, only then): the new text imports, in a type-only block, a name
    it binds nowhere at run time, that the old text holds (it bound it there) and that a line the fork added
    holds (``fork_modules`` reads no fork module whose added lines hold none of the names).  The type-only
    blocks' imports are read first from the blocks alone (``_typed_names``): the new version of a large module
    is parsed only when one of them passes (9 whole parses at 80 commits, ~0.15 CPU-s, were most of the check's)."""
    if "TYPE_CHECKING" not in new_text:
        return False
    typed = _typed_names(new_text)
    if typed is not None and not any(name in fork_text and name in old_text for name in typed):
        return False
    new = parse_python(new_text)
    if new is None:
        return False
    now = _run_time_names(new.body)
    names = (a.asname or a.name for sub in _type_only_froms(new.body) for a in sub.names if a.name != "*")
    return any(name not in now and name in old_text and name in fork_text for name in names)


# a line of a top-level statement's start (a form feed may lead it) and the line break Python reads
_TOP_IF = lazy_pattern(r"[\x0c]*if\b")
_LINE_BREAK = lazy_pattern(r"(?<=\r\n)|(?<=\r)(?!\n)|(?<=\n)")
_CLAUSE = lazy_pattern(r"[\x0c]*(?:elif\b|else\s*:)")


def _typed_names(text: str) -> set[str] | None:
    """A superset of the names a top-level type-only block of ``text`` imports (``from m import name``), its
    top-level ``if`` statements each parsed alone; None when one of them does not parse alone (its lines were
    misread: a string's line looked like one), and the whole text must be parsed.

    A top-level statement starts a line at its first column (a form feed may precede it) and runs up to the
    next line that starts there and is no ``elif``/``else`` of it, no blank line and no comment.  Such a line
    inside a bracket or a string of the block cuts it short where the cut text cannot parse: None then."""
    lines = _lines(text)
    names: set[str] = set()
    for start, line in enumerate(lines):
        if not _TOP_IF.match(line):
            continue
        end = start + 1
        while end < len(lines) and (_inside(lines[end]) or _CLAUSE.match(lines[end])):
            end += 1
        parsed = parse_python("".join(lines[start:end]))  # every one: a cut one may hold its test past the cut
        if parsed is None:
            return None
        names |= {a.asname or a.name for sub in _type_only_froms(parsed.body) for a in sub.names if a.name != "*"}
    return names


def _lines(text: str) -> list[str]:
    """``text`` cut after each line break Python reads, each line keeping its break (the last one may be empty).
    A text without a carriage return breaks at ``\\n`` alone: ``str.split`` gives the same lines, where the
    pattern of zero-width breaks is tried at every offset (16.5 of the 18.5 ms this check's blocks took over 11
    texts, 525 KB, at 500 commits, against 0.7)."""
    if "\r" in text:
        return _LINE_BREAK.split(text)
    *full, last = text.split("\n")
    return [line + "\n" for line in full] + [last]


def _inside(line: str) -> bool:
    """A line that cannot start a top-level statement: indented, blank, or a comment."""
    return line[:1] in (" ", "\t", "\x0c", "\r", "\n", "#", "")


def _type_only_froms(body: list[ast.stmt]) -> Iterator[ast.ImportFrom]:
    """Each ``from module import ...`` of a top-level type-only block."""
    for stmt in body:
        block = _type_only(stmt)
        yield from (s for s in ast.walk(ast.Module(body=block or [], type_ignores=[])) if isinstance(s, ast.ImportFrom))


def _moved(path: str, old: ast.Module, new: ast.Module) -> dict[str, str]:
    """name -> its home, for each name ``old`` bound at run time that ``new`` imports only for type checkers."""
    before = _run_time_names(old.body)
    now = _run_time_names(new.body)
    typed = _type_only_imports(new.body, dotted_name(path, roots=("",)), path)
    return {n: home for n, home in typed.items() if n in before and n not in now}


def may_serve(module: ast.Module) -> bool:
    """A module-level ``__getattr__`` bound by a statement that runs (a def, ``__getattr__ = _lazy``, an
    import; under ``else``/``try`` too) or a star import that runs: any name may still be there."""
    for stmt in _run_time_statements(module.body):
        if "__getattr__" in set(_bound(stmt)):
            return True
        if isinstance(stmt, ast.ImportFrom) and any(a.name == "*" for a in stmt.names):
            return True
    return False


def locally_bound(node: ast.AST, name: str, parents: dict[int, ast.AST]) -> bool:
    """An enclosing function binds ``name`` itself (a parameter, an import, an assignment, a loop target): the
    use reads that local, not the module's name."""
    parent = parents.get(id(node))
    while parent is not None:
        if isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) and name in _locals(parent):
            return True
        parent = parents.get(id(parent))
    return False


def _locals(func: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> set[str]:
    args = func.args
    found = {a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg] if a}
    for sub in ast.walk(func) if not isinstance(func, ast.Lambda) else ():
        if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
            found.add(sub.id)
        elif isinstance(sub, ast.Import | ast.ImportFrom):
            found |= {(a.asname or a.name).split(".")[0] for a in sub.names}
    return found


def _type_only(stmt: ast.stmt) -> list[ast.stmt] | None:
    """The block of an ``if`` only a type checker runs (``if TYPE_CHECKING:``'s body, ``if not TYPE_CHECKING:``'s
    else)."""
    if not isinstance(stmt, ast.If):
        return None
    test, negated = stmt.test, False
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test, negated = test.operand, True
    named = (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )
    if not named:
        return None
    return (stmt.orelse or None) if negated else stmt.body


def _run_time_statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The top-level statements that run (into if/try/with blocks, past the type-only ones)."""
    for stmt in body:
        yield stmt
        skipped = _type_only(stmt)
        blocks: list[list[ast.stmt]] = []
        if isinstance(stmt, ast.If | ast.Try):
            blocks = [stmt.body, stmt.orelse, *([stmt.finalbody] if isinstance(stmt, ast.Try) else [])]
            blocks += [h.body for h in stmt.handlers] if isinstance(stmt, ast.Try) else []
        elif isinstance(stmt, ast.With):
            blocks = [stmt.body]
        for block in blocks:
            if block is not skipped:
                yield from _run_time_statements(block)


def _run_time_names(body: list[ast.stmt]) -> set[str]:
    return {name for stmt in _run_time_statements(body) for name in _bound(stmt)}


def _bound(stmt: ast.stmt) -> Iterator[str]:
    if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        yield stmt.name
    elif isinstance(stmt, ast.Import | ast.ImportFrom):
        yield from (a.asname or a.name.split(".")[0] for a in stmt.names if a.name != "*")
    elif isinstance(stmt, ast.Assign | ast.AnnAssign) and stmt.value is not None:
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
        yield from (n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name))


def _type_only_imports(body: list[ast.stmt], dotted: str, path: str) -> dict[str, str]:
    """name -> module, for each ``from module import name`` in a top-level type-only block."""
    found: dict[str, str] = {}
    for sub in _type_only_froms(body):
        found |= {a.asname or a.name: import_base(sub, dotted, path) for a in sub.names if a.name != "*"}
    return found


def _fork_uses(path: str, module: ast.Module, owned: set[int], moved: Moved) -> Iterator[tuple[int, str, str]]:
    """(line, module, name) for each owned run-time import of a moved name, or read of it off its module."""
    parents = parent_map(module)
    skipped = _never_run(module) | _annotations(module)
    imports = file_imports(module, path)
    dotted = dotted_name(path, roots=("",))
    for node in ast.walk(module):
        if getattr(node, "lineno", None) not in owned or id(node) in skipped:
            continue
        if isinstance(node, ast.ImportFrom) and not caught_around(node, IMPORT_ERRORS, parents):
            source = import_base(node, dotted, path)
            for alias in node.names:
                if alias.name in moved.get(source, ("", {}))[1]:
                    yield node.lineno, source, alias.name
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
            origin = imported_origin(node, imports)
            if origin and origin[1] in moved.get(origin[0], ("", {}))[1]:
                if not _guarded(node, parents) and not _shadowed(node, parents):
                    yield node.lineno, origin[0], origin[1]


def _guarded(node: ast.Attribute, parents: dict[int, ast.AST]) -> bool:
    """The read sits in a ``try`` catching AttributeError or runs only where ``hasattr(module, "name")``."""
    held = hasattr_held(node, ast.unparse(node.value), node.attr, parents)
    return held or caught_around(node, _ATTRIBUTE_ERRORS, parents)


def _stored(module: ast.Module, imports: dict[str, tuple[str, str]]) -> set[tuple[str, str]]:
    """(module, name) for each ``module.name = ...`` or ``setattr(module, "name", ...)`` in a fork file: the
    fork's own shim binds the name when the code runs."""
    found: set[tuple[str, str]] = set()
    for node in ast.walk(module):
        target: ast.expr | None = None
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            target = node
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr":
            if len(node.args) > 1 and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str):
                target = ast.Attribute(value=node.args[0], attr=node.args[1].value, ctx=ast.Load())
        origin = imported_origin(target, imports) if isinstance(target, ast.Attribute) else None
        if origin:
            found.add(origin)
    return found


def _shadowed(node: ast.Attribute, parents: dict[int, ast.AST]) -> bool:
    """``module.name`` where an enclosing function binds ``module`` itself (a parameter, a local import)."""
    head: ast.expr = node
    while isinstance(head, ast.Attribute):
        head = head.value
    return isinstance(head, ast.Name) and locally_bound(node, head.id, parents)


def _never_run(module: ast.Module) -> set[int]:
    """Ids of the nodes inside the fork file's own type-only blocks."""
    found: set[int] = set()
    for node in ast.walk(module):
        block = _type_only(node) if isinstance(node, ast.If) else None
        for stmt in block or []:
            found |= {id(n) for n in ast.walk(stmt)}
    return found


def _annotations(module: ast.Module) -> set[int]:
    """Ids of the nodes of every annotation (never evaluated under the future import, or only at definition)."""
    roots: list[ast.expr | None] = []
    for node in ast.walk(module):
        if isinstance(node, ast.arg):
            roots.append(node.annotation)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            roots.append(node.returns)
        elif isinstance(node, ast.AnnAssign):
            roots.append(node.annotation)
    return {id(n) for root in roots if root is not None for n in ast.walk(root)}


def _finding(
    trees: ThreeTrees, path: str, line: int, mod: str, name: str, where: tuple[str, dict[str, str]], pr_pattern: str
) -> Finding:
    upstream_path, names = where
    commit = trees.upstream_commit(upstream_path, whole_word(name), pr_pattern)
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        path,
        line,
        f"fork-owned use of {name} from {mod}, which upstream now imports only under `if TYPE_CHECKING:` "
        f"({upstream_path}{commit}): nothing binds it there when the code runs, so the import raises ImportError "
        f"(a read off the module, AttributeError); import it from {names[name]}, its home",
    )
