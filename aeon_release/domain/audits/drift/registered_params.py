"""Registered parameter drift: upstream renamed a parameter of the functions one decorator registers, and
its caller now passes the new name; a fork function registered through the same decorator keeps the old.

#31541 renamed the second parameter of ``update_eagle3(config_dict, ...)`` (the engine's config dict) to
``pre_trained_config``; ``SpeculatorsConfig`` calls every updater of ``SUPPORTED_SPECULATORS_TYPES`` (filled by
``@register_speculator("eagle3")``) as ``algo_updater(config_dict=..., pre_trained_config=...)`` now.  A fork's
``@register_speculator("aeon_mtp") def update_aeon_mtp(config_dict, <the old name>)`` merges cleanly, is looked
up by its name like upstream's, and raises ``TypeError: got an unexpected keyword argument`` when it loads.
No override ties the fork's function to upstream's, so override drift does not see it: only the decorator
they share does.

Upstream's side: a changed Python file whose diff removed a ``def`` line; parsed at both ends, its top-level
functions filed under a key by a decorator (``@D("key", ...)``: code elsewhere finds them by the key and calls
them; ``@contextmanager`` or ``@torch.compile`` leave the calling to the function's own callers), present at both ends,
whose parameters upstream only renamed (the same count, order and defaults; ``signatures.renamed_only``), every
such sibling of one decorator in the file renamed the same way; and a file upstream changed calls what it
reads out of the table the decorator's ``def`` stores into (``algo_updater = SUPPORTED_SPECULATORS_TYPES[t]``)
passing a new name as a keyword on an added line (``pre_trained_config=``) where a removed line passed the old
one: the caller changed too.  A default on a ``def`` line, a call of something else with the same keyword, and
a decorator that is a method of an object (``@router.post("/v1/x")``: a web framework injects by each
handler's own signature) are no such evidence.
The fork's side: a fork-owned function decorated with ``D``, imported from where the sibling's file has it
(or is that file), whose parameters are the siblings' old ones, without ``**kwargs``.  An error.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.pyindex import dotted_name, import_base
from aeon_release.domain.audits.drift.sides import ThreeTrees, both_texts, fork_found
from aeon_release.domain.audits.drift.signatures import names_of, renamed_only, signature
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import TEST_PATH, lazy_pattern, parse_python

_DEF_REMOVED = lazy_pattern(r"\n-[ \t]*(?:async[ \t]+)?def[ \t]+\w+[ \t]*\(")
_BUILTIN = frozenset(
    {"staticmethod", "classmethod", "property", "cached_property", "cache", "lru_cache", "wraps", "overload"}
)


@dataclass(frozen=True)
class Renamed:
    """The functions ``decorator`` (imported from ``source``) registers had ``old`` for parameters; now ``new``."""

    decorator: str
    source: str  # the module the decorator's name comes from
    sibling: str  # one of upstream's registered functions
    path: str
    old: tuple[str, ...]
    new: tuple[str, ...]


def registered_param_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    # a finding is a fork function under a decorator: upstream files applying none of the decorators the fork's
    # added lines apply are not parsed (a 2,000-commit release parsed 462 files, 5.4 s, for a fork with none)
    decorators = fork_found(trees, _APPLIED)
    paths = [p for p in trees.upstream.matching(_DEF_REMOVED, ".py") if not TEST_PATH.search(p)] if decorators else []
    texts = trees.blobs(trees.theirs, paths) if paths else {}
    paths = [p for p in paths if not decorators.isdisjoint(_APPLIED.findall(texts.get(p) or ""))]
    renamed = _renamed(trees, paths) if paths else []
    renamed = [r for r in renamed if _callers_pass(trees, r)]
    if not renamed:
        return []
    findings: list[Finding] = []
    for path in sorted(p for p in trees.mine if p.endswith(".py") and not TEST_PATH.search(p)):
        added = " ".join(trees.mine[path].added.values())
        mine = [r for r in renamed if f"@{r.decorator}" in added or f".{r.decorator}" in added]
        module = trees.merged_module(path) if mine else None
        if module is not None:
            findings += [
                _finding(trees, path, line, r, pr_pattern) for line, r in _fork_defs(trees, path, module, mine)
            ]
    return findings


# a decorator applied with arguments, its last name: ``@register_speculator("eagle3")``, ``@m.register(``
_APPLIED = lazy_pattern(r"@[ \t]*(?:\w+[ \t]*\.[ \t]*)*(\w+)[ \t]*\(")


# -- upstream's side ------------------------------------------------------------------------------
def _renamed(trees: ThreeTrees, paths: list[str]) -> list[Renamed]:
    before, after = both_texts(trees, paths)
    found: list[Renamed] = []
    for path in paths:
        old = parse_python(before[path] or "", path) if before[path] else None
        new = parse_python(after[path] or "", path) if after[path] else None
        if old is not None and new is not None:
            found += _file_renames(path, old, new)
    return found


def _file_renames(path: str, old: ast.Module, new: ast.Module) -> list[Renamed]:
    was, now = _registered(old), _registered(new)
    by_decorator: dict[str, list[tuple[str, tuple[str, ...], tuple[str, ...]]]] = {}
    for name, (decorator, node) in now.items():
        if name in was and was[name][0] == decorator:
            by_decorator.setdefault(decorator, []).append((name, *_rename(was[name][1], node)))
    found = []
    for decorator, siblings in sorted(by_decorator.items()):
        changes = {(o, n) for _, o, n in siblings}
        if len(changes) == 1 and (change := changes.pop())[0]:
            source = _decorator_source(new, path, decorator)
            found.append(Renamed(decorator, source, siblings[0][0], path, *change))
    return found


def _registered(module: ast.Module) -> dict[str, tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    """Top-level function -> (its one registering decorator's last name, the def)."""
    found = {}
    for stmt in module.body:
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
            names = _registering(stmt)
            if len(names) == 1:
                found[stmt.name] = (names.pop(), stmt)
    return found


def _registering(node: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The last names of the decorators that file the function under a key (``@register_x("key")``): code
    elsewhere finds it by that key and calls it, as it calls upstream's own (a decorator without a key,
    ``@contextmanager``, ``@torch.compile``, leaves the calling to the function's own callers).  A method of
    an object (``@router.post("/v1/x")``, ``@app.get``) is left alone: a web framework injects by each
    handler's own signature, so siblings' renamed parameters say nothing about the fork's."""
    keyed: list[ast.expr] = [
        d
        for d in node.decorator_list
        if isinstance(d, ast.Call) and isinstance(d.func, ast.Name) and d.args and _is_str(d.args[0])
    ]
    return names_of(keyed) - _BUILTIN


def _is_str(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _rename(old: ast.AST, new: ast.AST) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(old names, new names) of a parameter list upstream only renamed; ((), ()) for anything else."""
    was, now = signature(old, bound=False), signature(new, bound=False)
    if was is None or now is None or was == now or not renamed_only(was, was, now):
        return (), ()
    return was.positional, now.positional


def _decorator_source(module: ast.Module, path: str, decorator: str) -> str:
    """Where the file's ``decorator`` comes from: the module it is imported from, else the file itself."""
    here = dotted_name(path, roots=("",))
    for node in ast.walk(module):
        if isinstance(node, ast.ImportFrom) and any((a.asname or a.name) == decorator for a in node.names):
            return import_base(node, here, path)
    return here


def _callers_pass(trees: ThreeTrees, r: Renamed) -> bool:
    """A file upstream changed calls a function it reads out of the registry the decorator fills
    (``algo_updater = TYPES[kind]``, ``TYPES.get(kind)``) passing a new name by keyword on an added line,
    where a removed line passed the old one: the caller changed with the functions.  A default on a ``def``
    line or an unrelated call of the same keyword is no such caller."""
    pairs = [(o, n) for o, n in zip(r.old, r.new, strict=True) if o != n]
    registries = _registries(trees, r) if pairs else set()
    if not registries:
        return False
    for old_name, new_name in pairs:
        new_kw, old_kw = re.compile(rf"\b{new_name}=(?!=)"), re.compile(rf"\b{old_name}=(?!=)")
        paths = [
            p
            for p in trees.upstream
            if p.endswith(".py")
            and not TEST_PATH.search(p)
            and any(old_kw.search(t) for t in trees.upstream[p].removed)
            and any(new_kw.search(t) for t in trees.upstream[p].added.values())
        ]
        if any(_registry_call(trees, p, text, registries, new_name) for p, text in _theirs(trees, paths)):
            return True
    return False


def _theirs(trees: ThreeTrees, paths: list[str]) -> Iterator[tuple[str, str]]:
    texts = trees.blobs(trees.theirs, paths) if paths else {}
    yield from ((p, t) for p, t in texts.items() if t)


def _registries(trees: ThreeTrees, r: Renamed) -> set[str]:
    """The last names of the tables the decorator's ``def`` (in its module at upstream) stores into:
    ``TYPES[name] = fn`` (#31541's ``SUPPORTED_SPECULATORS_TYPES``), ``TYPES.setdefault(name, fn)``."""
    return _decorator_tables(trees, r.decorator, r.source, r.path, hops=3)


def _decorator_tables(trees: ThreeTrees, name: str, source: str, path: str, hops: int) -> set[str]:
    """``_registries`` of ``name`` defined in ``source`` (``path`` when that is the file), following a
    package that re-exports it (``from .algos import register_speculator``) up to ``hops`` times."""
    stem = source.replace(".", "/")
    here = dotted_name(path, roots=("",)) if path else ""
    for file, text in _theirs(trees, [path] if source == here else [f"{stem}.py", f"{stem}/__init__.py"]):
        module = parse_python(text, file)
        if module is None:
            continue
        for node in module.body:
            if isinstance(node, ast.FunctionDef) and node.name == name:
                return _stored_into(node)
        origin = _decorator_source(module, file, name)
        if hops and origin != dotted_name(file, roots=("",)):
            return _decorator_tables(trees, name, origin, "", hops - 1)
    return set()


def _stored_into(func: ast.FunctionDef) -> set[str]:
    found = set()
    for node in ast.walk(func):
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store):
            found.add(_last_name(node.value))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in ("setdefault", "__setitem__", "update"):
                found.add(_last_name(node.func.value))
    return found - {""}


def _last_name(node: ast.expr) -> str:
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""


def _registry_call(trees: ThreeTrees, path: str, text: str, registries: set[str], keyword: str) -> bool:
    """An added line of ``path`` calls what it read out of one of ``registries`` with ``keyword=``."""
    module = parse_python(text, path)
    if module is None:
        return False
    added = trees.upstream[path].added
    scopes: list[ast.AST] = [n for n in ast.walk(module) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    for scope in [module, *scopes]:
        bound = _bound(scope)
        for node in ast.walk(scope):
            if isinstance(node, ast.Call) and node.lineno in added and any(k.arg == keyword for k in node.keywords):
                callee = bound.get(node.func.id, node.func) if isinstance(node.func, ast.Name) else node.func
                if _read_from(callee) in registries:
                    return True
    return False


def _bound(scope: ast.AST) -> dict[str, ast.expr]:
    """``name = value`` statements of ``scope`` (and what it nests)."""
    found = {}
    for node in ast.walk(scope):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            found[node.targets[0].id] = node.value
    return found


def _read_from(node: ast.expr) -> str:
    """The table ``node`` reads an entry out of: ``T[k]``, ``T.get(k)``, ``cls.T[k]`` -> ``T``; else ""."""
    if isinstance(node, ast.Subscript):
        return _last_name(node.value)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
        return _last_name(node.func.value)
    return ""


# -- the fork's side ------------------------------------------------------------------------------
def _fork_defs(
    trees: ThreeTrees, path: str, module: ast.Module, renamed: list[Renamed]
) -> Iterator[tuple[int, Renamed]]:
    owned = trees.owned_lines(path)
    sources = _imports(module, path)
    for node in ast.walk(module):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) or node.lineno not in owned:
            continue
        sig = signature(node, bound=False)
        names = _registering(node)
        for r in renamed:
            if r.decorator in names and _same_source(r, sources, path) and sig is not None and not sig.varkw:
                if sig.positional == r.old:
                    yield node.lineno, r
                    break


def _imports(module: ast.Module, path: str) -> dict[str, str]:
    """Local name -> the module a ``from m import name`` (or ``import m as name``) brings it from."""
    here = dotted_name(path, roots=("",))
    found: dict[str, str] = {}
    for node in ast.walk(module):
        if isinstance(node, ast.ImportFrom):
            found |= {a.asname or a.name: import_base(node, here, path) for a in node.names}
        elif isinstance(node, ast.Import):
            found |= {(a.asname or a.name).split(".")[0]: a.name for a in node.names}
    return found


def _same_source(r: Renamed, sources: dict[str, str], path: str) -> bool:
    """The fork's decorator is the siblings' one: imported from the same module, or the file is theirs."""
    return sources.get(r.decorator) == r.source or path == r.path


def _finding(trees: ThreeTrees, path: str, line: int, r: Renamed, pr_pattern: str) -> Finding:
    renames = ", ".join(f"{o} -> {n}" for o, n in zip(r.old, r.new, strict=True) if o != n)
    commit = trees.upstream_commit(r.path, rf"def {r.sibling}\b", pr_pattern, most=5)
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        path,
        line,
        f"fork-owned function registered through @{r.decorator} takes ({', '.join(r.old)}), but upstream renamed "
        f"the parameters of the functions it registers ({r.sibling} in {r.path}{commit}: {renames}) and its "
        f"caller passes the new names by keyword: this def raises TypeError when called",
    )
