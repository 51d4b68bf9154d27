"""Optional parameters: upstream annotated a method's parameter ``Optional`` where it was not, and a fork
override dereferences its own parameter in that slot without a test for None.

#14388 (8ed5421aaa) changed ``StatLoggerBase.record(self, scheduler_stats, iteration_stats: IterationStats)``
to ``iteration_stats: Optional[IterationStats]``: the engine stopped building stats for an iteration without
outputs and now passes ``None``.  A fork logger's ``record`` override reading
``iteration_stats.num_generation_tokens`` merges cleanly and raises AttributeError on the first idle step.
No name moved and the signature still binds, so symbol and signature drift stay quiet.

Upstream's side: a class of a changed file whose method (``__init__`` aside) annotated a parameter ``X`` at
the base and ``Optional[X]`` (``X | None``, ``Union[X, None]``) at upstream, ``X`` the same.  The fork's side,
on a line it owns: a class deriving from that class (imported from its module or a package above it) that
overrides the method and reads an attribute off, indexes or calls its parameter in the same position (or of
the same name), where the override never tests the name (``if p is None``, ``if p``, ``p and ...``,
``isinstance``), never rebinds it, does not annotate it ``Optional`` itself, and the use is outside a ``try``
catching AttributeError/TypeError.

A warning, not an error: an annotation says None may come, not that the caller of the fork's class sends it.

Pure but for reading the three trees: findings out.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.fallbacks import caught_around
from aeon_release.domain.audits.drift.own_fields import file_classes
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, declared, fork_found, parsed_versions
from aeon_release.domain.audits.merge_rules import TYPE_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, parent_map

_MOST_FILES = 32
# an added line spelling an annotation that admits None
_NONE_ADDED = lazy_pattern(r"Optional\[|\|\s*None\b|\bNone\s*\||,\s*None\]")
_NONE_RAISES = frozenset({"TypeError", "AttributeError", "Exception", "BaseException"})
_Func = ast.FunctionDef | ast.AsyncFunctionDef


@dataclass(frozen=True)
class Widened:
    """``cls.method``'s parameter ``param`` (at ``index``, ``self`` counted) now admits None."""

    path: str
    cls: str
    method: str
    param: str
    index: int
    line: int


def optional_param_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    overridden = _fork_defs(trees)
    if not overridden:  # the fork's module is read only where an added line holds ``def METHOD(``
        return []
    paths = [p for p in sorted(trees.upstream) if p.endswith(".py") and _candidate(trees, p)][:_MOST_FILES]
    kept = functools.partial(_may_widen, overridden)
    widened = [w for path, old, new in parsed_versions(trees, paths, kept) for w in _widened(path, old, new)]
    if not widened:
        return []
    methods = {w.method for w in widened}
    findings = []
    for path, module, owned in fork_modules(trees, lambda line: any(f"def {m}(" in line for m in methods)):
        for item, line in _fork_uses(path, module, owned, widened):
            findings.append(_finding(trees, path, line, item, pr_pattern))
    return findings


def _candidate(trees: ThreeTrees, path: str) -> bool:
    return any(_NONE_ADDED.search(line) for line in trees.upstream[path].added.values())


def _fork_defs(trees: ThreeTrees) -> frozenset[str]:
    """The ``METHOD`` of each ``def METHOD(`` on a line of Python the fork added (``__init__`` is never widened
    here): the methods ``fork_modules``' test below can find."""
    return frozenset(fork_found(trees, _DEF, tests=True)) - {"__init__"}


_DEF = lazy_pattern(r"def ([^\s(]+)\(")


def _may_widen(overridden: frozenset[str], old_text: str, new_text: str) -> bool:
    """Whether the new version may widen a method the fork overrides, before either is parsed: it declares one."""
    return not overridden.isdisjoint(declared(new_text, "def"))


def _widened(path: str, old: ast.Module, new: ast.Module) -> Iterator[Widened]:
    before = {c.name: c for c in file_classes(old.body)}
    for cls in file_classes(new.body):
        was = before.get(cls.name)
        olds = _methods(was) if was is not None else {}
        for name, func in _methods(cls).items():
            if name != "__init__" and name in olds:
                for index, param in _newly_optional(olds[name], func):
                    yield Widened(path, cls.name, name, param, index, func.lineno)


def _methods(cls: ast.ClassDef) -> dict[str, _Func]:
    return {s.name: s for s in cls.body if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef)}


def _newly_optional(old: _Func, new: _Func) -> Iterator[tuple[int, str]]:
    before = {a.arg: a.annotation for a in _params(old)}
    for index, arg in enumerate(_params(new)):
        was = before.get(arg.arg)
        if was is None or arg.annotation is None or _admits_none(was):
            continue
        if _admits_none(arg.annotation) and ast.dump(_strip_none(arg.annotation)) == ast.dump(_strip_none(was)):
            yield index, arg.arg


def _params(func: _Func) -> list[ast.arg]:
    return [*func.args.posonlyargs, *func.args.args]


def _admits_none(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return node.value is None or (isinstance(node.value, str) and "None" in node.value)
    if isinstance(node, ast.Subscript) and last_name(node.value) in {"Optional", "Union"}:
        return last_name(node.value) == "Optional" or any(_admits_none(e) for e in _elements(node.slice))
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return _admits_none(node.left) or _admits_none(node.right)
    return False


def _elements(node: ast.expr) -> list[ast.expr]:
    return list(node.elts) if isinstance(node, ast.Tuple) else [node]


def _strip_none(node: ast.expr) -> ast.expr:
    """``Optional[X]``, ``X | None``, ``Union[X, None]`` -> ``X`` (anything else as it is)."""
    if isinstance(node, ast.Subscript) and last_name(node.value) == "Optional":
        return node.slice
    parts = [e for e in _union_parts(node) if not (isinstance(e, ast.Constant) and e.value is None)]
    return parts[0] if len(parts) == 1 else node


def _union_parts(node: ast.expr) -> list[ast.expr]:
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return _union_parts(node.left) + _union_parts(node.right)
    if isinstance(node, ast.Subscript) and last_name(node.value) == "Union":
        return _elements(node.slice)
    return [node]


def _fork_uses(path: str, module: ast.Module, owned: set[int], widened: list[Widened]) -> Iterator[tuple[Widened, int]]:
    imports = file_imports(module, path)
    parents = parent_map(module)
    for cls in file_classes(module.body):
        origins = [o for b in cls.bases if (o := imported_origin(b, imports)) is not None]
        mine = _methods(cls)
        for item in (w for w in widened if w.method in mine and any(_names(o, w) for o in origins)):
            name = _fork_param(mine[item.method], item)
            line = _unguarded(mine[item.method], name, parents) if name else None
            if line is not None and line in owned:
                yield item, line


def _names(origin: tuple[str, str], item: Widened) -> bool:
    module = dotted_name(item.path, roots=("",))
    return origin[1] == item.cls and (module == origin[0] or module.startswith(origin[0] + "."))


def _fork_param(func: _Func, item: Widened) -> str | None:
    """The override's parameter in upstream's slot (by name first, else by position), unless the override
    annotates it as admitting None itself."""
    params = _params(func)
    arg = next((a for a in params if a.arg == item.param), params[item.index] if item.index < len(params) else None)
    if arg is None or (arg.annotation is not None and _admits_none(arg.annotation)):
        return None
    return arg.arg


def _unguarded(func: _Func, name: str, parents: dict[int, ast.AST]) -> int | None:
    """The first line reading off, indexing or calling ``name`` in a function that never tests nor rebinds it."""
    used = None
    for node in ast.walk(func):
        if isinstance(node, ast.If | ast.IfExp | ast.While | ast.Assert) and _mentions(node.test, name):
            return None
        if isinstance(node, ast.BoolOp | ast.Compare) and _mentions(node, name):
            return None
        if isinstance(node, ast.Call) and last_name(node.func) in {"isinstance", "getattr", "hasattr"}:
            return None
        if isinstance(node, ast.Name) and node.id == name and not isinstance(node.ctx, ast.Load):
            return None
        inner = node.func if isinstance(node, ast.Call) else getattr(node, "value", None)
        if isinstance(node, ast.Call | ast.Attribute | ast.Subscript) and _is(inner, name):
            if not caught_around(node, _NONE_RAISES, parents):
                used = node.lineno if used is None else min(used, node.lineno)
    return used


def _mentions(node: ast.AST, name: str) -> bool:
    return any(_is(n, name) for n in ast.walk(node))


def _is(node: object, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _finding(trees: ThreeTrees, path: str, line: int, item: Widened, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(item.path, rf"{item.param}[[:space:]]*:", pr_pattern)
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        line,
        f"fork-owned override of {item.cls}.{item.method} uses its parameter {item.param} without a test for "
        f"None, but upstream made that parameter Optional ({item.path}:{item.line}{commit}): its callers may "
        "now pass None; return early or test it for None before the use",
    )
