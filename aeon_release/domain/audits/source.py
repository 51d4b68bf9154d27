"""Reading the tree: file listing, globs, a per-run cache of texts and `ast` modules, symbol lookup."""
from __future__ import annotations

import ast
import functools
import os
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

_SKIP_DIRS = frozenset({".git", "__pycache__", ".mypy_cache", ".pytest_cache", ".tox", ".venv", "node_modules"})


def list_files(tree: Path) -> list[str]:
    """Every regular file under ``tree`` as a posix path relative to it, sorted; VCS and cache dirs skipped."""
    result: list[str] = []
    root = str(tree)
    cut = len(root.rstrip(os.sep)) + 1
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in _SKIP_DIRS]
        prefix = dirpath[cut:].replace(os.sep, "/")
        for name in filenames:
            if name != ".git":  # a linked worktree's pointer file
                result.append(f"{prefix}/{name}" if prefix else name)
    result.sort()
    return result


@functools.lru_cache(maxsize=512)
def glob_regex(pattern: str) -> re.Pattern[str]:
    """``**`` crosses directories, ``*`` and ``?`` do not (gitignore-like, anchored at the tree root)."""
    out = []
    i = 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif pattern.startswith("**", i):
            out.append(".*")
            i += 2
        else:
            char = pattern[i]
            out.append("[^/]*" if char == "*" else "[^/]" if char == "?" else re.escape(char))
            i += 1
    return re.compile("".join(out))


def is_glob(pattern: str) -> bool:
    return any(c in pattern for c in "*?")


def matches(path: str, patterns: Iterable[str]) -> bool:
    return any(glob_regex(p).fullmatch(path) for p in patterns)


def select(files: Iterable[str], include: Iterable[str], exclude: Iterable[str] = ()) -> list[str]:
    include, exclude = tuple(include), tuple(exclude)
    return [f for f in files if matches(f, include) and not matches(f, exclude)]


class SourceCache:
    """Texts and parsed modules of the files that rules ask for, each read and parsed at most once."""

    def __init__(self, tree: Path) -> None:
        self.tree = tree
        self._texts: dict[str, str | None] = {}
        self._modules: dict[str, ast.Module | SyntaxError | None] = {}

    def text(self, path: str) -> str | None:
        if path not in self._texts:
            try:
                self._texts[path] = (self.tree / path).read_text(encoding="utf-8", errors="replace")
            except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
                self._texts[path] = None
        return self._texts[path]

    def module(self, path: str) -> ast.Module | SyntaxError | None:
        """The parsed module; the SyntaxError when it does not parse; None when the file is missing."""
        if path not in self._modules:
            text = self.text(path)
            if text is None:
                self._modules[path] = None
            else:
                try:
                    self._modules[path] = ast.parse(text, filename=path)
                except SyntaxError as exc:
                    self._modules[path] = exc
                except ValueError as exc:  # source with NUL bytes
                    self._modules[path] = SyntaxError(str(exc))
        return self._modules[path]

    def functions(self, path: str, name: str) -> list[ast.FunctionDef | ast.AsyncFunctionDef] | SyntaxError | None:
        """Functions named ``name`` (``Class.method`` or bare), parsing only their text when possible.

        Parsing a 7,000-line module to look at one method costs more than the method: a text scan
        finds ``def name`` and only that block is parsed (with its real line numbers).  When the
        block does not parse alone, the whole module is parsed instead.
        """
        text = self.text(path)
        if text is None:
            return None
        if path not in self._modules:
            blocks = _function_blocks(text, name.rsplit(".", 1)[-1])
            if blocks is not None:
                return blocks
        module = self.module(path)
        if module is None or isinstance(module, SyntaxError):
            return module
        return [d for d in find_defs(module, name) if not isinstance(d, ast.ClassDef)]

    def read_paths(self) -> list[str]:
        return [p for p, t in self._texts.items() if t is not None]


def _function_blocks(text: str, name: str) -> list[ast.FunctionDef | ast.AsyncFunctionDef] | None:
    pattern = rf"^([ \t]*)(?:async[ \t]+)?def[ \t]+{re.escape(name)}\b"
    nodes = _blocks(text, pattern)
    return None if nodes is None else [n for n in nodes if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]


def _blocks(text: str, header: str) -> list[ast.stmt] | None:
    """Parse only the indented blocks whose first line matches ``header`` (group 1: the indent).

    None when a block does not parse on its own (a string or bracket that leaves the block):
    the caller then parses the whole module.
    """
    found: list[ast.stmt] = []
    lines = text.splitlines()
    for match in re.finditer(header, text, re.M):
        start = text.count("\n", 0, match.start())
        indent = len(match.group(1))
        end = start + 1
        while end < len(lines) and (not lines[end].strip() or _indent(lines[end]) > indent):
            end += 1
        try:
            module = ast.parse("\n".join(line[indent:] for line in lines[start:end]))
        except (SyntaxError, ValueError):
            return None
        ast.increment_lineno(module, start)
        found += module.body
    return found


def parse_blocks(text: str, header: str) -> list[ast.stmt] | None:
    """The statements of the indented blocks whose first line matches ``header`` (see :func:`_blocks`)."""
    return _blocks(text, header)


def segment(lines: list[str], node: ast.AST) -> str | None:
    """The source text of ``node`` (like ``ast.get_source_segment``, from lines split once, ASCII-safe)."""
    start: int | None = getattr(node, "lineno", None)
    end: int | None = getattr(node, "end_lineno", None)
    col: int | None = getattr(node, "col_offset", None)
    end_col: int | None = getattr(node, "end_col_offset", None)
    if start is None or end is None or col is None or end_col is None or end > len(lines):
        return None
    if start == end:
        return lines[start - 1].encode()[col:end_col].decode(errors="replace")
    parts = [lines[start - 1].encode()[col:].decode(errors="replace"), *lines[start:end - 1],
             lines[end - 1].encode()[:end_col].decode(errors="replace")]
    return "\n".join(parts)


def enums_in_text(text: str) -> dict[str, dict[str, int]]:
    """Like :func:`all_enums`, parsing only the enum classes' blocks (a text scan finds them)."""
    nodes = _blocks(text, r"^([ \t]*)class[ \t]+\w+[ \t]*\([^)]*(?:Enum|Flag)[^)]*\)[ \t]*:")
    if nodes is None:
        try:
            return all_enums(ast.parse(text))
        except (SyntaxError, ValueError):
            return {}
    module = ast.Module(body=nodes, type_ignores=[])
    return all_enums(module)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


# -- symbols ---------------------------------------------------------------------------------
Scoped = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef


def walk_defs(node: ast.AST, prefix: str = "") -> Iterator[tuple[str, Scoped]]:
    """(qualified name, node) for every function and class, nested ones as ``Outer.inner``."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            name = f"{prefix}{child.name}"
            yield name, child
            yield from walk_defs(child, f"{name}.")
        elif not isinstance(child, ast.expr):
            yield from walk_defs(child, prefix)


def find_defs(module: ast.Module, name: str) -> list[Scoped]:
    """Functions or classes named ``name``: a dotted name matches exactly, a bare one at any depth."""
    found = []
    for qualname, node in walk_defs(module):
        if qualname == name or ("." not in name and node.name == name):
            found.append(node)
    return found


def bound_names(module: ast.Module) -> dict[str, int]:
    """Top-level names bound by assignment or import (aliases count), with their line."""
    names: dict[str, int] = {}
    for stmt in _flat_statements(module.body):
        if isinstance(stmt, ast.Assign):
            for target in stmt.targets:
                for node in ast.walk(target):
                    if isinstance(node, ast.Name):
                        names.setdefault(node.id, stmt.lineno)
        elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            names.setdefault(stmt.target.id, stmt.lineno)
        elif isinstance(stmt, (ast.Import, ast.ImportFrom)):
            for alias in stmt.names:
                names.setdefault(alias.asname or alias.name.split(".")[0], stmt.lineno)
    return names


def _flat_statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Statements of a body, looking into if/try blocks (``if TYPE_CHECKING:``, optional imports)."""
    for stmt in body:
        yield stmt
        if isinstance(stmt, ast.If):
            yield from _flat_statements(stmt.body)
            yield from _flat_statements(stmt.orelse)
        elif isinstance(stmt, ast.Try):
            for block in (stmt.body, stmt.orelse, stmt.finalbody, *[h.body for h in stmt.handlers]):
                yield from _flat_statements(block)


def int_value(node: ast.AST | None) -> int | None:
    """The value of an integer literal (``5``, ``-1``), else None."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        inner = int_value(node.operand)
        return None if inner is None else (-inner if isinstance(node.op, ast.USub) else inner)
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    return None


def enum_members(module: ast.Module, enum_name: str) -> tuple[ast.ClassDef | None, dict[str, tuple[int | None, int]]]:
    """An enum class and its members: name -> (integer value or None, line)."""
    classes = [n for n in find_defs(module, enum_name) if isinstance(n, ast.ClassDef)]
    if not classes:
        return None, {}
    members: dict[str, tuple[int | None, int]] = {}
    for stmt in classes[0].body:
        target, value = _simple_assignment(stmt)
        if target is not None and not target.startswith("_"):
            members[target] = (int_value(value), stmt.lineno)
    return classes[0], members


def _simple_assignment(stmt: ast.stmt) -> tuple[str | None, ast.expr | None]:
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
        return stmt.targets[0].id, stmt.value
    if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.value is not None:
        return stmt.target.id, stmt.value
    return None, None


def all_enums(module: ast.Module) -> dict[str, dict[str, int]]:
    """Every class deriving from something named ``*Enum``/``*Flag``: name -> {member: int value}."""
    result: dict[str, dict[str, int]] = {}
    for qualname, node in walk_defs(module):
        if isinstance(node, ast.ClassDef) and any(_base_name(b).endswith(("Enum", "Flag")) for b in node.bases):
            values = {}
            for stmt in node.body:
                target, value = _simple_assignment(stmt)
                number = int_value(value)
                if target is not None and number is not None:
                    values[target] = number
            result[qualname] = values
    return result


def _base_name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""
