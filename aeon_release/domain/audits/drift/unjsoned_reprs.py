"""Unjsoned renderings: upstream's ``__repr__``/``__str__`` stopped returning JSON, and a fork parses it as JSON.

#25868 (43227236ec) turned ``CompilationConfig.__repr__`` (and ``__str__ = __repr__``) from
``TypeAdapter(CompilationConfig).dump_json(self, ...).decode()`` into ``str(TypeAdapter(...).dump_python(...))``:
a Python dict's repr (single quotes, ``True``, ``None``).  A fork line ``json.loads(str(cfg))`` -- the config
recorded for telemetry -- merges cleanly and raises ``JSONDecodeError`` on every call.

Upstream's side: a class of a file upstream changed whose ``__repr__`` or ``__str__`` (a ``def``, or ``__str__ =
__repr__``) returns JSON at the base -- its body calls ``dump_json``, ``model_dump_json`` or ``json.dumps`` -- and
calls none of them at upstream.  Fork side: a fork-owned ``json.loads(X)`` (``loads`` imported from ``json``,
``orjson``, ``ujson`` too) whose argument renders a value typed as that class: ``str(v)``, ``repr(v)``,
``f"{v}"`` or ``format(v)``, ``v`` a parameter annotated with the class (``cfg: CompilationConfig``, matched on
the import's module) the function never rebinds, or a local it binds once, as ``Cls(...)``.  An error: the parse
fails on every path.
A call in a ``try`` catching ``ValueError`` (``JSONDecodeError``'s base) falls back: quiet.

Cheap first: the fork's added lines must call ``loads(``; then one search of upstream's diffs for ``json``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.fallbacks import caught_around
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, both_versions
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, parent_map, parse_python

_LOADS = lazy_pattern(r"\bloads\(")
_JSON = lazy_pattern(r"dump_json|model_dump_json|json\.dumps")
_JSON_CALLS = frozenset({"dump_json", "model_dump_json", "dumps"})
_RENDERERS = frozenset({"str", "repr", "format"})
_CAUGHT = frozenset({"ValueError", "JSONDecodeError", "Exception", "BaseException"})


@dataclass(frozen=True)
class Parsed:
    path: str
    line: int
    cls: str
    home: str
    shown: str


def unjsoned_repr_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    if not any(_LOADS.search(line) for p in trees.mine if p.endswith(".py") for line in trees.mine[p].added.values()):
        return []
    paths = trees.upstream.matching(_JSON, ".py")
    stopped: dict[str, list[str]] = {}
    for path, name, was, now in both_versions(trees, paths, _json_renderers):
        if was and not now:
            stopped.setdefault(name, []).append(path)
    if not stopped:
        return []
    findings = []
    for item in _fork_parses(trees, stopped):
        commit = trees.upstream_commit(item.home, "dump_json|model_dump_json|json.dumps", pr_pattern)
        findings.append(_finding(item, commit))
    return findings


def _json_renderers(text: str | None) -> dict[str, bool]:
    """Class name -> whether its ``__repr__``/``__str__`` returns JSON (for each class defining either)."""
    module = parse_python(text, "<reprs>") if text is not None else None
    found: dict[str, bool] = {}
    for node in ast.walk(module) if module is not None else ():
        if isinstance(node, ast.ClassDef):
            methods = [s for s in node.body if isinstance(s, ast.FunctionDef) and s.name in ("__repr__", "__str__")]
            if methods:
                found[node.name] = any(
                    isinstance(c, ast.Call) and last_name(c.func) in _JSON_CALLS for m in methods for c in ast.walk(m)
                )
    return found


def _fork_parses(trees: ThreeTrees, stopped: dict[str, list[str]]) -> Iterator[Parsed]:
    for path, module, owned in fork_modules(trees, _LOADS.search):
        imports = file_imports(module, path)
        parents = parent_map(module)
        for node in ast.walk(module):
            if not (isinstance(node, ast.Call) and node.lineno in owned and _is_loads(node, imports)):
                continue
            value = _rendered(node.args[0]) if len(node.args) == 1 else None
            func = _enclosing(node, parents)
            typed = _typed(value, func, imports) if value is not None and func is not None else None
            homes = stopped.get(typed[1], []) if typed is not None else []
            home = _home(typed[0], homes) if typed is not None else None
            if typed is not None and home is not None and not caught_around(node, _CAUGHT, parents):
                yield Parsed(path, node.lineno, typed[1], home, ast.unparse(node))


def _is_loads(call: ast.Call, imports: dict[str, tuple[str, str]]) -> bool:
    origin = imported_origin(call.func, imports)
    return origin is not None and origin[1] == "loads" and origin[0] in ("json", "orjson", "ujson")


def _rendered(arg: ast.expr) -> str | None:
    """The name ``str(v)``, ``repr(v)``, ``format(v)`` or ``f"{v}"`` renders."""
    inner: ast.expr | None = None
    if (
        isinstance(arg, ast.Call)
        and isinstance(arg.func, ast.Name)
        and arg.func.id in _RENDERERS
        and len(arg.args) == 1
    ):
        inner = arg.args[0]
    elif isinstance(arg, ast.JoinedStr) and len(arg.values) == 1 and isinstance(arg.values[0], ast.FormattedValue):
        inner = arg.values[0].value
    return inner.id if isinstance(inner, ast.Name) else None


def _enclosing(node: ast.AST, parents: dict[int, ast.AST]) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    at = parents.get(id(node))
    while at is not None and not isinstance(at, ast.FunctionDef | ast.AsyncFunctionDef):
        at = parents.get(id(at))
    return at


def _typed(
    name: str, func: ast.FunctionDef | ast.AsyncFunctionDef, imports: dict[str, tuple[str, str]]
) -> tuple[str, str] | None:
    """(module, class) a parameter's annotation or a local's ``Cls(...)`` build names, by the file's imports: a
    parameter the function never rebinds, a local it binds once (a name rebound -- ``cfg = adapter.dump_json(cfg)``
    -- may hold anything by the parse)."""
    stores = sum(1 for n in ast.walk(func) if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store))
    for arg in (*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs):
        if arg.arg == name and arg.annotation is not None:
            return imported_origin(_unquoted(arg.annotation), imports) if stores == 0 else None
    if stores != 1:
        return None
    builds = [
        s.value.func
        for s in ast.walk(func)
        if isinstance(s, ast.Assign)
        and isinstance(s.value, ast.Call)
        and any(isinstance(t, ast.Name) and t.id == name for t in s.targets)
    ]
    return imported_origin(builds[0], imports) if len(builds) == 1 else None


def _unquoted(annotation: ast.expr) -> ast.expr:
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        parsed = parse_python(annotation.value, "<annotation>")
        if parsed is not None and parsed.body and isinstance(parsed.body[0], ast.Expr):
            return parsed.body[0].value
    return annotation


def _home(module: str, paths: list[str]) -> str | None:
    exact = [p for p in paths if dotted_name(p, roots=("",)) == module]
    under = [p for p in paths if dotted_name(p, roots=("",)).startswith(module + ".")]
    found = exact or under
    return found[0] if len(found) == 1 else None


def _finding(item: Parsed, commit: str) -> Finding:
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        item.path,
        item.line,
        f"fork-owned {item.shown} parses a rendering of {item.cls} as JSON, and upstream's {item.cls}.__repr__/__str__ "
        f"no longer returns JSON ({item.home}{commit}): the parse raises JSONDecodeError on every call; serialize "
        "the object itself (its model_dump / TypeAdapter.dump_json)",
    )
