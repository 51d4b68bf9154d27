"""Unbound submodules: a package whose ``__init__`` imported from a submodule, and no longer does.

#29716 (a49d813fa8) replaced the transformers-configs package's eager ``from <pkg>.configs.eagle import
EAGLEConfig`` lines (one a config module) by a ``_CLASS_TO_MODULE`` table and a lazy module ``__getattr__``.
Importing ``<pkg>.configs.eagle`` is what binds ``eagle`` as an attribute of the package; the old ``__init__`` did
that for every config module as it ran.  A fork's ``from <pkg>.transformers_utils import configs`` and
``configs.eagle.EAGLEConfig`` (or ``import <pkg>.transformers_utils.configs as hf; hf.nemotron_h.X``) merges
cleanly, the submodule file is still there, every name resolves in a reading of the trees -- and the read raises
``AttributeError`` unless something else imported the submodule first.  Upstream does this whenever a package
goes lazy (a heavy import cut from start-up).

Upstream's side: a changed ``__init__.py`` whose diff removed an import line, whose run-time statements at the base
imported a submodule of its package (``from <pkg>.sub import X``, ``from .sub import X``, ``from . import sub``,
``import <pkg>.sub``) and whose merged version imports it no more nor binds its name otherwise, the submodule's
file still in the merged tree.  The fork's side, on a line it owns: ``package.sub`` read off the package as the
file imports it (``from parent import package``, ``import parent.package as alias``), in a file that imports
``package.sub`` nowhere itself (an ``import`` statement, ``importlib.import_module("package.sub")``), outside a
``try`` catching AttributeError, not only where ``hasattr`` holds, and not where a function binds the package's
name itself.  A warning: another import of the submodule (any module's,
run before) binds the attribute, and a lazy ``__getattr__`` may serve the name.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, import_base, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_texts, whole_word
from aeon_release.domain.audits.drift.type_only_names import (
    _annotations,
    _candidate,
    _guarded,
    _never_run,
    _run_time_names,
    _run_time_statements,
    _shadowed,
)
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import parent_map

_MOST_FILES = 16
_MODULE_FILES = (".py", "/__init__.py")
Unbound = dict[str, tuple[str, frozenset[str]]]  # package dotted -> (its __init__'s path, submodules unbound)


def unbound_submodule_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork reads of ``package.sub`` where upstream's ``__init__`` stopped importing the submodule."""
    paths = [p for p in sorted(trees.upstream) if p.endswith("__init__.py") and _candidate(trees.upstream[p])][
        :_MOST_FILES
    ]
    if not paths:
        return []
    unbound = _unbound(trees, paths)
    if not unbound:
        return []
    words = {f".{sub}" for _, subs in unbound.values() for sub in subs}
    findings = []
    for path, module, owned in fork_modules(trees, lambda line: any(w in line for w in words)):
        for line, package, sub in _fork_reads(path, module, owned, unbound):
            findings.append(_finding(trees, path, line, (package, sub), unbound[package][0], pr_pattern))
    return findings


def _unbound(trees: ThreeTrees, paths: list[str]) -> Unbound:
    found: Unbound = {}
    for both in parsed_texts(trees, paths, lambda old, new: True):
        package = dotted_name(both.path, roots=("",))
        merged = trees.merged_module(both.path)
        if merged is None:
            continue
        before = _imported_submodules(both.old, package, both.path)
        now = _imported_submodules(merged, package, both.path) | _run_time_names(merged.body)
        folder = both.path.removesuffix("__init__.py")
        gone = {
            sub
            for sub in before - now
            if any(trees.merged_text(f"{folder}{sub}{tail}") is not None for tail in _MODULE_FILES)
        }
        if gone:
            found[package] = (both.path, frozenset(gone))
    return found


def _imported_submodules(module: ast.Module, package: str, path: str) -> set[str]:
    """The submodules of ``package`` its ``__init__``'s run-time statements import (binding them on it)."""
    found: set[str] = set()
    prefix = f"{package}."
    for stmt in _run_time_statements(module.body):
        if isinstance(stmt, ast.ImportFrom):
            base = import_base(stmt, package, path)
            if base.startswith(prefix):
                found.add(base.removeprefix(prefix).split(".")[0])
            elif base == package:  # ``from . import sub``: a name that may be a submodule
                found |= {a.name for a in stmt.names if a.name != "*"}
        elif isinstance(stmt, ast.Import):
            found |= {a.name.removeprefix(prefix).split(".")[0] for a in stmt.names if a.name.startswith(prefix)}
    return found


def _fork_reads(path: str, module: ast.Module, owned: set[int], unbound: Unbound) -> Iterator[tuple[int, str, str]]:
    """(line, package, submodule) for each owned read of an unbound submodule off its package, in a file that does
    not import the submodule itself."""
    imports = file_imports(module, path)
    own = _imports_of(module, dotted_name(path, roots=("",)), path)
    parents = parent_map(module)
    skipped = _never_run(module) | _annotations(module)
    for node in ast.walk(module):
        if not isinstance(node, ast.Attribute) or not isinstance(node.ctx, ast.Load):
            continue
        if node.lineno not in owned or id(node) in skipped:
            continue
        origin = imported_origin(node, imports)
        if origin is None or origin[0] not in unbound or origin[1] not in unbound[origin[0]][1]:
            continue
        if f"{origin[0]}.{origin[1]}" in own or _guarded(node, parents) or _shadowed(node, parents):
            continue
        yield node.lineno, origin[0], origin[1]


def _imports_of(module: ast.Module, dotted: str, path: str) -> set[str]:
    """Every module the file imports anywhere (``from a.b import c`` counts ``a.b`` and ``a.b.c``)."""
    found: set[str] = set()
    for node in ast.walk(module):
        if isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                found |= {".".join(parts[: i + 1]) for i in range(len(parts))}
        elif isinstance(node, ast.ImportFrom):
            base = import_base(node, dotted, path)
            found |= {base, *(f"{base}.{a.name}" for a in node.names)}
        elif isinstance(node, ast.Call) and _imported_by_name(node):
            arg = node.args[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                parts = arg.value.split(".")
                found |= {".".join(parts[: i + 1]) for i in range(len(parts))}
    return found


def _imported_by_name(call: ast.Call) -> bool:
    """``importlib.import_module("a.b")`` / ``import_module(...)`` / ``__import__(...)``: an import spelt as a call."""
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    return name in ("import_module", "__import__") and bool(call.args)


def _finding(
    trees: ThreeTrees, path: str, line: int, read: tuple[str, str], upstream_path: str, pr_pattern: str
) -> Finding:
    package, sub = read
    commit = trees.upstream_commit(upstream_path, whole_word(sub), pr_pattern)
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        line,
        f"fork-owned read of {package}.{sub} off the package, whose __init__ upstream no longer imports from "
        f"{package}.{sub} ({upstream_path}{commit}): the attribute is bound only once something imports the "
        f"submodule, else AttributeError: import {package}.{sub} itself",
    )
