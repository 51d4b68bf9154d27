"""Cache drift: upstream took a function's cache decorator away, and the fork calls the cache's methods.

#29038 made the batch-invariance predicate of ``layers/batch_invariant.py`` a plain function over a module
constant read at import, where it was ``@functools.cache``'d.  A fork line ``<predicate>.cache_clear()`` (the
usual way a test or a launcher makes a cached predicate read the environment again) merges cleanly and
raises AttributeError: a plain function has no ``cache_clear``.  Symbol drift resolves the name to its def,
which is still there, and knows nothing of what the decorator added to it.

Upstream's side: the Python files whose diff removed a ``@cache`` or ``@lru_cache`` line (``functools.``
or not, called or not); a module-level function decorated so at the base and defined without either at
upstream, and so in the merged file (a fork that kept the decorator keeps its cache).  The fork's side, on
lines it wrote: ``NAME.cache_clear()``, ``.cache_info()`` or ``.cache_parameters()`` where ``NAME`` is that
function, imported from its module, off the imported module (``module.NAME``), or on the module's own
lines: an error.  Quiet: a name the fork file binds itself, a read in a file probing the function (``hasattr``,
``isinstance``, ``getattr(f, "cache_clear", None)``) or in a ``try`` whose handler catches AttributeError (or Exception), and a function the fork caches again
itself (a fork line storing ``module.NAME = functools.cache(...)``, or ``setattr(module, "NAME", ...)``).
A function upstream's module binds again at top level (``f = cache(f)``) is
quiet; one whose new def keeps another decorator (upstream's own caching one) a warning.  Upstream's decorator is read through the file's imports (``import functools as ft``; ``@ft.cache``).

A top-level class's own method counts the same way, read off the class (killers181): #14156 took
``@lru_cache(maxsize=8)`` off ``NvmlCudaPlatform.get_device_capability`` and its sibling probes, keeping
``@classmethod`` and ``@with_nvml_context``, and a fork's ``NvmlCudaPlatform.get_device_capability.cache_clear()``
raises AttributeError.  A decorator the new def kept from the base (or ``classmethod``/``staticmethod``) gives no
cache: an error; a decorator new at upstream may: a warning.  A read off an instance or a subclass is left alone.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from aeon_release.domain.audits import linear
from aeon_release.domain.audits.drift.fallbacks import caught_around
from aeon_release.domain.audits.drift.module_tables import _bound_names
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, fork_added, parsed_texts
from aeon_release.domain.audits.merge_rules import DECORATOR_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parent_map, str_value, walk_spanning

# a removed cache decorator line of a diff: ``-@cache``, ``-@functools.lru_cache(maxsize=None)``
_REMOVED = lazy_pattern(r"\n-[ \t]*@(?:functools\.)?(?:lru_)?cache\b")
# what only a cached function has
_CACHE_METHODS = frozenset({"cache_clear", "cache_info", "cache_parameters"})
_FORK_READ = lazy_pattern(r"\.(?:" + "|".join(sorted(_CACHE_METHODS)) + r")\b")
_DECORATORS = frozenset({"cache", "lru_cache"})
# a ``try`` that survives the missing method
_CAUGHT = frozenset({"AttributeError", "Exception", "BaseException"})


@dataclass(frozen=True)
class Uncached:
    """A module-level function of upstream's ``path`` (``module``), or a method of one of its top-level classes
    (``module`` then ends in the class's name), that lost its cache decorator."""

    module: str  # dotted: the module's, or the module's and the class's
    path: str
    name: str
    decorator: str  # as the base spelt it
    sure: bool = True  # False: upstream's def keeps another decorator, which may cache it its own way


def dropped_cache_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork lines calling a cache's method off a function whose cache decorator upstream removed."""
    if not any(_FORK_READ.search(line) for line in fork_added(trees)):
        return []
    lost = [u for u in _uncached(trees) if not _recached(trees, u.name)]
    if not lost:
        return []
    return [
        _finding(trees, path, line, read, hit, pr_pattern)
        for path, module, owned in fork_modules(trees, _FORK_READ.search)
        for line, read, hit in _reads(path, module, owned, lost)
    ]


def _recached(trees: ThreeTrees, name: str) -> bool:
    """A fork line stores the function back (``inv.NAME = functools.cache(inv.NAME)``, ``setattr(inv,
    "NAME", ...)``): the fork put a cache on it again itself."""
    word = re.escape(name)
    # on RE2 (``[^,]+`` ran to the line's end from every ``setattr(`` of a long line on ``re``): no look-ahead
    stored = linear.Scan(rf"""\.{word}\s*=(?:[^=]|$)|\bsetattr\([^,]+,\s*["']{word}["']""")
    return any(stored.search(line) for line in fork_added(trees))


def _uncached(trees: ThreeTrees) -> list[Uncached]:
    paths = sorted(p for p in trees.upstream if p.endswith(".py") and _REMOVED.search(trees.upstream.raw(p)))
    found: list[Uncached] = []
    for both in parsed_texts(trees, paths):
        merged = trees.merged_module(both.path)
        old, new = _functions(both.old), _functions(both.new)
        kept = _functions(merged) if merged is not None else {}
        cached = _cached_by(both.old, both.path), _cached_by(both.new, both.path)
        merged_cached = _cached_by(merged, both.path) if merged is not None else cached[1]
        rebound = _rebound(both.new)
        module = dotted_name(both.path, roots=("",))
        for name, node in old.items():
            shown = cached[0](node)
            if shown and name in new and name in kept and name not in rebound and not cached[1](new[name]):
                if not merged_cached(kept[name]):
                    owner, _, short = name.rpartition(".")
                    home = f"{module}.{owner}" if owner else module
                    found.append(Uncached(home, both.path, short, shown, _sure(node, new[name])))
    return found


def _sure(old: _Def, new: _Def) -> bool:
    """Upstream's def keeps no decorator the base's did not have under the cache (``classmethod`` and
    ``staticmethod`` aside): nothing new may cache it another way (#14156 kept ``@with_nvml_context`` under
    the ``@lru_cache`` it took off ``NvmlCudaPlatform.get_device_capability``)."""
    before = {ast.unparse(d) for d in old.decorator_list} | _PLAIN
    return all(ast.unparse(d) in before for d in new.decorator_list)


_PLAIN = frozenset({"classmethod", "staticmethod"})


def _rebound(module: ast.Module) -> set[str]:
    """The names a top-level statement assigns (``is_invariant = cache(is_invariant)``), and a top-level
    class's body (``Cls.meth`` of ``meth = cache(meth)``): upstream may have moved the cache from the
    decorator line to a store of its own."""
    found = _assigned(module.body, "")
    for cls in module.body:
        if isinstance(cls, ast.ClassDef):
            found |= _assigned(cls.body, cls.name + ".")
    return found


def _assigned(body: list[ast.stmt], prefix: str) -> set[str]:
    return {
        prefix + t.id
        for s in body
        if isinstance(s, ast.Assign | ast.AnnAssign) and s.value is not None
        for t in (s.targets if isinstance(s, ast.Assign) else [s.target])
        if isinstance(t, ast.Name)
    }


def _cached_by(module: ast.Module, path: str) -> Callable[[_Def], str]:
    """The file's reader of a def's cache decorator, its imports resolved (``import functools as ft``)."""
    imports = file_imports(module, path)
    return lambda node: _cache_decorator(node, imports)


_Def = ast.FunctionDef | ast.AsyncFunctionDef


def _functions(module: ast.Module) -> dict[str, _Def]:
    """The module's functions by name, and its top-level classes' own methods as ``Cls.meth``: a method's
    cache is read off the class (#14156: ``NvmlCudaPlatform.get_device_capability.cache_clear()``)."""
    found: dict[str, _Def] = {s.name: s for s in module.body if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef)}
    for cls in module.body:
        if isinstance(cls, ast.ClassDef):
            found |= {
                f"{cls.name}.{s.name}": s for s in cls.body if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef)
            }
    return found


def _cache_decorator(node: _Def, imports: dict[str, tuple[str, str]]) -> str:
    """The def's functools cache decorator as spelt (``@cache``, ``@functools.lru_cache(maxsize=8)``,
    ``@ft.cache`` under ``import functools as ft``, ``@memo`` under ``from functools import cache as
    memo``), else ""."""
    for dec in node.decorator_list:
        called = dec.func if isinstance(dec, ast.Call) else dec
        origin = imported_origin(called, imports) if isinstance(called, ast.Name | ast.Attribute) else None
        if origin is not None and origin[0] == "functools" and origin[1] in _DECORATORS:
            return "@" + ast.unparse(dec)
        name = called.id if isinstance(called, ast.Name) else called.attr if isinstance(called, ast.Attribute) else ""
        if name in _DECORATORS and (not isinstance(called, ast.Attribute) or ast.unparse(called.value) == "functools"):
            return "@" + ast.unparse(dec)
    return ""


def _reads(path: str, module: ast.Module, owned: set[int], lost: list[Uncached]) -> Iterator[tuple[int, str, Uncached]]:
    imports, here = file_imports(module, path), dotted_name(path, roots=("",))
    nested, top = _bound_names(module)
    guarded = _hasattr_tested(module)
    parents = parent_map(module)
    for node in walk_spanning(module, owned):
        if not (isinstance(node, ast.Attribute) and node.attr in _CACHE_METHODS and node.lineno in owned):
            continue
        origin = named_origin(node.value, imports, here, nested | top)
        hit = next((u for u in lost if (u.module, u.name) == origin), None)
        if hit is not None and ast.unparse(node.value) not in guarded and not caught_around(node, _CAUGHT, parents):
            yield node.lineno, ast.unparse(node), hit


def named_origin(
    expr: ast.expr, imports: dict[str, tuple[str, str]], here: str, bound: set[str]
) -> tuple[str, str] | None:
    """(module, name) the function ``expr`` names: imported, off an imported module, or the module's own
    name on its lines (the fork file binding the name nowhere itself)."""
    root = expr
    while isinstance(root, ast.Attribute):
        root = root.value
    if not isinstance(root, ast.Name) or root.id in bound:
        return None
    origin = imported_origin(expr, imports)
    if origin is None and isinstance(expr, ast.Name) and expr.id not in imports:
        origin = (here, expr.id)
    return origin


def _hasattr_tested(module: ast.Module) -> set[str]:
    """The expressions the file probes with ``hasattr(expr, ...)``, ``isinstance(expr, ...)`` or
    ``getattr(expr, "cache_clear", ...)``: it knows the cache may be gone."""
    return {ast.unparse(node.args[0]) for node in ast.walk(module) if isinstance(node, ast.Call) and _probe(node)}


def _probe(node: ast.Call) -> bool:
    if not (isinstance(node.func, ast.Name) and node.args):
        return False
    if node.func.id == "getattr":
        return len(node.args) > 1 and str_value(node.args[1]) in _CACHE_METHODS
    return node.func.id in ("hasattr", "isinstance")


def _finding(trees: ThreeTrees, path: str, line: int, read: str, hit: Uncached, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(hit.path, r"@(functools\.)?(lru_)?cache\b", pr_pattern)
    message = (
        f"fork-owned line reads {read}, but upstream took {hit.decorator} off {hit.module}.{hit.name} "
        f"({hit.path}{commit}): a plain function has no {read.rsplit('.', 1)[1]}, so the line raises "
        "AttributeError; drop it (the function caches nothing now), or keep the decorator in the fork"
    )
    if not hit.sure:
        message += "; upstream's def keeps another decorator, which may cache it its own way: check it"
    return Finding(RULE, "merge", Severity.ERROR if hit.sure else Severity.WARNING, path, line, message)
