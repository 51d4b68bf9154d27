"""Constructors changed in lockstep: upstream gave a hierarchy's ``__init__`` a parameter in every class.

A registry builds its plug-ins through their base's constructor, by class: ``tool_parser_cls(tokenizer,
request.tools)`` (#38029 gave ``ToolParser.__init__`` a ``tools`` parameter, changed each of its 38
parsers' ``__init__`` to take it, and its serving code to pass it).  A fork parser whose ``__init__`` still
takes the tokenizer alone merges cleanly and raises TypeError on the first request that uses it.  An
``__init__`` is usually the fork's own business (the fork constructs its own class), so one base's new
parameter says nothing; upstream changing its own subclasses' ``__init__`` the same way in the same range
says its callers construct the hierarchy generically and now pass it.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterable, Iterator, Mapping

from aeon_release.domain.audits.drift import pyindex as px
from aeon_release.domain.audits.drift.pyindex import Index
from aeon_release.domain.audits.drift.sides import AddedLines
from aeon_release.domain.audits.drift.signatures import signature

INIT = "__init__"
FEWEST = 2  # upstream subclasses changed alike: one could be a coincidence of that class's own change
_MOST_FILES = 64  # files parsed looking for them: a hierarchy's plug-ins sit in a few folders


def changed_alike(
    base_ix: Index,
    theirs_ix: Index,
    lines: AddedLines,
    roots: Iterable[tuple[str, str]],
    gained: list[str],
    served: Callable[[str], bool],
) -> list[str]:
    """Qualnames of upstream's classes deriving from one of ``roots`` ((path, qualname)) whose ``__init__``
    takes every parameter of ``gained`` now and took none of them at the merge base (a class upstream
    added, or whose ``__init__`` is new, does not count: it says nothing of a change)."""
    keys = set(roots)
    word = re.compile(rf".*\b(?:{'|'.join(map(re.escape, gained))})\b")
    paths = sorted({p for p, _ in lines.added_matches(word) if p.endswith(".py") and served(p)})[:_MOST_FILES]
    found = []
    for path in paths:
        new_mod, old_mod = theirs_ix.module_at(path), base_ix.module_at(path)
        if new_mod is None or old_mod is None:
            continue
        for qual in new_mod.classes:
            if (path, qual) in keys:
                continue
            now, was = theirs_ix.class_info(new_mod, qual), base_ix.class_info(old_mod, qual)
            if now is None or was is None or not _takes(now, gained) or _takes_any(was, gained):
                continue
            if any(isinstance(b, px.ClassInfo) and (b.module.path, b.qualname) in keys for b in theirs_ix.mro(now)):
                found.append(qual)
    return found


def _params(cls: px.ClassInfo) -> set[str] | None:
    node = cls.members.get(INIT)
    sig = signature(node, True) if node is not None else None
    return {*sig.positional, *sig.kwonly} if sig is not None else None


def _takes(cls: px.ClassInfo, names: list[str]) -> bool:
    params = _params(cls)
    return params is not None and all(n in params for n in names)


def _takes_any(cls: px.ClassInfo, names: list[str]) -> bool:
    params = _params(cls)
    return params is None or any(n in params for n in names)


def passed_by_keyword(lines: AddedLines, gained: list[str], served: Callable[[str], bool]) -> bool:
    """An upstream line added in a served Python file passes one of ``gained`` by keyword (``revision=...``,
    not ``self.revision = ...``; or names it as a key, ``{"revision": ...}`` and ``kw["revision"]``, handed on
    through ``**``): a construction a ``**kwargs`` override takes.  None does when upstream
    constructs the hierarchy by position (#38029's ``tool_parser_cls(tokenizer, request.tools)``), which an
    override taking ``**kwargs`` refuses with TypeError."""
    names = "|".join(map(re.escape, gained))
    keyword = re.compile(rf""".*?(?:(?<![.\w])(?:{names})[ \t]*=(?!=)|["'](?:{names})["'][ \t]*[:\]])""")
    return any(p.endswith(".py") and served(p) for p, _ in lines.added_matches(keyword))


def constructed_only(
    name: str, fork_lines: Mapping[str, frozenset[str]], module_at: Callable[[str], ast.Module | None]
) -> bool:
    """The fork's files construct the class ``name`` (``Name(...)``) and otherwise name it only in annotations:
    never as a value -- registered in a table, passed, returned, subclassed, quoted as a qualname (in Python
    or another file) -- so upstream's generic construction never reaches it; the fork builds it with its own
    arguments (review45: a convertor the fork builds itself to read a config, never registered).  A class the
    fork never constructs may be found some way its files do not show (a plug-in loaded by path)."""
    built = False
    for path, lines in fork_lines.items():
        if not any(name in line for line in lines):
            continue
        module = module_at(path) if path.endswith(".py") else None
        if module is None:
            return False  # named in a file that is not Python (a plug-in's qualname in a config?)
        for use in _uses(module, name):
            if use is None:
                return False
            built = built or use
    return built


def _uses(module: ast.Module, name: str) -> Iterator[bool | None]:
    """Each use of ``name`` in ``module``: True a construction, False an annotation, None anything else."""
    typed = {id(n) for a in _annotations(module) for n in ast.walk(a)}
    for node in ast.walk(module):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name:
            typed.add(id(node.func))
            yield True
        elif isinstance(node, ast.Name) and node.id == name and id(node) not in typed:
            yield None
        elif isinstance(node, ast.Attribute) and node.attr == name and id(node) not in typed:
            yield None
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and name in node.value:
            yield None


def _annotations(module: ast.Module) -> Iterator[ast.expr]:
    for node in ast.walk(module):
        if isinstance(node, ast.arg | ast.AnnAssign) and node.annotation is not None:
            yield node.annotation
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.returns is not None:
            yield node.returns
