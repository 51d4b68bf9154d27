"""Apply findings' fixes with libcst: the expression at a position becomes another, imports added.

Fixit-style: each :class:`Fix` names the exact source range and the text it expects there, so a
fix applies only to the code the audit saw (a second run finds the new text and does nothing).
libcst keeps the formatting and comments; a rewritten file that does not compile is not written.
Only files with fixes are parsed.
"""

from __future__ import annotations

import os
import stat
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import libcst as cst
from libcst.codemod import CodemodContext
from libcst.codemod.visitors import AddImportsVisitor
from libcst.metadata import CodeRange, MetadataWrapper, PositionProvider

from aeon_release.adapters import files
from aeon_release.domain.audits.model import Fix
from aeon_release.domain.audits.source import code_lines
from aeon_release.errors import printable


@dataclass(frozen=True)
class Applied:
    fix: Fix
    status: str  # "applied", "already applied", "skipped"
    detail: str = ""

    def as_dict(self) -> dict[str, object]:
        return {**self.fix.as_dict(), "status": self.status, "detail": self.detail}


def apply_fixes(tree: Path, fixes: Iterable[Fix]) -> list[Applied]:
    """Rewrite the files under ``tree``; one result per fix (duplicates of a range count once)."""
    by_path: dict[str, dict[tuple[int, int, int, int], Fix]] = defaultdict(dict)
    for fix in fixes:
        by_path[fix.path].setdefault((fix.line, fix.col, fix.end_line, fix.end_col), fix)
    results: list[Applied] = []
    for path, wanted in sorted(by_path.items()):
        results += _fix_file(tree / path, list(wanted.values()))
    return results


def _fix_file(file: Path, fixes: list[Fix]) -> list[Applied]:
    outside = _not_in_tree(file, fixes[0].path)
    if outside:
        return [Applied(f, "skipped", f"{printable(f.path)[:200]}: {outside}") for f in fixes]
    try:
        results, rewritten = _rewrite(file, file.read_bytes(), fixes)
    except (OSError, UnicodeDecodeError, cst.ParserSyntaxError) as exc:
        return [Applied(f, "skipped", f"cannot parse {f.path}: {str(exc).splitlines()[0]}") for f in fixes]
    except (RecursionError, MemoryError):  # libcst's visitors recurse: an expression ~500 levels deep
        return [Applied(f, "skipped", f"cannot rewrite {f.path}: nested too deeply for libcst") for f in fixes]
    if rewritten is not None:  # a write the disk refuses is the machine's error line, the file as it was
        files.replace_file(file, rewritten, "fix of")
    return results


def _not_in_tree(file: Path, path: str) -> str:
    """Why a fix's path is no regular file of the tree, or "".  A run's findings come from its state
    file, which anyone can edit: an absolute path, a ``..`` or a link on the way would rewrite a file
    outside the worktree, and a FIFO would hold the run."""
    parts = path.split("/")
    if not path or path.startswith("/") or any(part in ("", ".", "..") for part in parts):
        return "not a path inside the worktree"
    place = file
    for _ in parts:
        try:
            mode = os.lstat(place).st_mode
        except OSError as exc:
            return f"cannot be read ({exc.strerror})"
        if stat.S_ISLNK(mode):
            return "a symbolic link on the way (a fix never writes through one)"
        if place is file and not stat.S_ISREG(mode):
            return "not a regular file"
        place = place.parent
    return ""


def _rewrite(file: Path, raw: bytes, fixes: list[Fix]) -> tuple[list[Applied], bytes | None]:
    """One file's fixes and its new bytes (None: nothing to write; written only when every step, the compile
    check last, went through).  libcst reads
    the bytes as Python does (a coding cookie, a BOM) and writes them back alike, line ends included: read
    as text and written as text, a file of CRLF lines came back with LF in every line (a one-token fix was a
    diff of the whole file) and a latin-1 one as UTF-8."""
    module = cst.parse_module(raw)
    source = module.code
    rewriter = _Rewriter(fixes)
    wrapper = MetadataWrapper(module, unsafe_skip_copy=True)
    rewritten = wrapper.visit(rewriter)
    done = [f for f in fixes if rewriter.status.get(f) == "applied"]
    rewritten = _add_imports(rewritten, done)
    code = rewritten.code
    if done and code != source:
        try:
            compile(code, str(file), "exec")
        except SyntaxError as exc:
            return [Applied(f, "skipped", f"the fixed file would not compile: {exc.msg}") for f in fixes], None
    results = [Applied(f, *_outcome(f, rewriter, source)) for f in fixes]
    return results, (rewritten.bytes if done and code != source else None)


def _outcome(fix: Fix, rewriter: _Rewriter, source: str) -> tuple[str, str]:
    if fix in rewriter.status:
        return rewriter.status[fix], rewriter.detail.get(fix, "")
    lines = code_lines(source)
    line = lines[fix.line - 1] if 0 < fix.line <= len(lines) else ""
    if line[fix.col :].startswith(fix.new):
        return "already applied", ""
    return "skipped", f"no expression at {fix.path}:{fix.line}:{fix.col + 1} matches `{fix.old}`"


class _Rewriter(cst.CSTTransformer):
    METADATA_DEPENDENCIES = (PositionProvider,)

    def __init__(self, fixes: list[Fix]) -> None:
        super().__init__()
        self.fixes = {(f.line, f.col, f.end_line, f.end_col): f for f in fixes}
        self.status: dict[Fix, str] = {}
        self.detail: dict[Fix, str] = {}
        self._module: cst.Module | None = None

    def visit_Module(self, node: cst.Module) -> bool:
        self._module = node
        return True

    def on_leave(self, original_node: cst.CSTNode, updated_node: cst.CSTNode) -> cst.CSTNode:  # type: ignore[override]
        if not isinstance(original_node, cst.BaseExpression) or self._module is None:
            return updated_node
        where: CodeRange = self.get_metadata(PositionProvider, original_node)
        fix = self.fixes.get((where.start.line, where.start.column, where.end.line, where.end.column))
        if fix is None or fix in self.status:
            return updated_node
        text = self._module.code_for_node(original_node)
        if text == fix.new:
            self.status[fix] = "already applied"
            return updated_node
        if text != fix.old:
            self.status[fix], self.detail[fix] = "skipped", f"found `{text}` where the audit saw `{fix.old}`"
            return updated_node
        self.status[fix] = "applied"
        replacement = cst.parse_expression(fix.new)
        if isinstance(updated_node, cst.BaseExpression):
            replacement = replacement.with_changes(lpar=updated_node.lpar, rpar=updated_node.rpar)
        return replacement


def _add_imports(module: cst.Module, fixes: list[Fix]) -> cst.Module:
    needed = {(f.import_from, f.import_name) for f in fixes if f.import_from and f.import_name}
    if not needed:
        return module
    context = CodemodContext()
    for source, name in sorted(needed):
        AddImportsVisitor.add_needed_import(context, source, name)
    return AddImportsVisitor(context).transform_module(module)
