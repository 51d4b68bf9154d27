"""Untupled drift: upstream turned a ``NamedTuple`` into a plain class, and a fork line still uses it as a tuple.

A ``NamedTuple`` is a tuple: ``desc._replace(num_reqs=None)``, ``desc._asdict()``, ``tokens, *_ = desc``,
``desc[0]``, ``len(desc)``, ``tuple(desc)`` and ``f(*desc)`` all work on it.  #34043 made ``BatchDescriptor``
a frozen dataclass: every field is still there by name (so a field check sees nothing), and every one of
those uses is an AttributeError or a TypeError at run time, on a line git merges as it was.

A fork-owned use of a name its function types as one class (its parameter's annotation, or the one call it
is bound to) as a tuple -- an unpack, a subscript, a ``for``, ``len``/``tuple``/``list``/``iter`` of it, a
``*`` splat, a NamedTuple member (``_replace``, ``_asdict``, ``_fields``, ``_make``, ``_field_defaults``) --
where the fork's file imports the class by that name, is checked against that class in the files upstream
changed: a class whose bases named ``NamedTuple`` at the base, and which in the merged tree has no base but
``Generic``/``object``, no decorator but ``dataclass``, and none of the methods the use needs
(``__iter__``, ``__getitem__``, ``__len__``, the member itself), is an error.  A function that tests the
name's kind (``isinstance``, ``hasattr``, ``is_dataclass``) or catches what the use raises stays quiet: it handles
both; so does a name a comprehension, lambda or ``for`` rebinds, and a class the fork patches (``X.__iter__ = ...``).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.fallbacks import caught_around
from aeon_release.domain.audits.drift.own_fields import assigned, enclosing, receiver_names
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.merge_rules import TYPE_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, parent_map

_REMOVED_CLASS = lazy_pattern(r"^\s*class\s+(\w+)\s*\(([^)]*\bNamedTuple\b[^)]*)\)")
_MEMBERS = frozenset({"_replace", "_asdict", "_fields", "_make", "_field_defaults"})
_CALLS = frozenset({"len", "tuple", "list", "iter"})
_PROTOCOL = ("__iter__", "__getitem__", "__len__")
_PLAIN_BASES = frozenset({"Generic", "object"})
# what a tuple use raises on a plain class: a ``try`` catching one of these is a fallback for both kinds
_RAISES = frozenset({"TypeError", "AttributeError", "Exception", "BaseException"})
_KIND_TESTS = frozenset({"isinstance", "hasattr", "getattr", "is_dataclass"})
_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


@dataclass(frozen=True)
class Use:
    path: str
    line: int
    cls: str
    how: str  # the tuple use, in words
    member: str  # the NamedTuple member read ("" for the tuple protocol)


def untupled_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    untupled = _untupled(trees)
    if not untupled:
        return []
    findings = []
    for use in _fork_uses(trees, untupled):
        path, body = untupled[use.cls]
        if use.member not in body and not (not use.member and body & set(_PROTOCOL)):
            findings.append(_finding(trees, use, path, pr_pattern))
    return findings


def _untupled(trees: ThreeTrees) -> dict[str, tuple[str, frozenset[str]]]:
    """Each class upstream took off ``NamedTuple`` -> (its file, the names its merged body defines)."""
    found: dict[str, tuple[str, frozenset[str]]] = {}
    for path in sorted(trees.upstream):
        if not path.endswith(".py"):
            continue
        for text in trees.upstream[path].removed:
            match = _REMOVED_CLASS.match(text)
            if match is None or match.group(1) in found:
                continue
            body = _plain_body(trees.merged_module(path), match.group(1))
            if body is not None:
                found[match.group(1)] = (path, body)
    return found


def _plain_body(module: ast.Module | None, name: str) -> frozenset[str] | None:
    """The names the class ``name`` defines where it is a plain class now (no tuple base, no decorator that
    could add members); None where it is not, or is absent."""
    for node in module.body if module is not None else ():
        if isinstance(node, ast.ClassDef) and node.name == name:
            return _names(node) if _plain(node) else None
    return None


def _plain(node: ast.ClassDef) -> bool:
    bases = [b.value if isinstance(b, ast.Subscript) else b for b in node.bases]
    decorators = [d.func if isinstance(d, ast.Call) else d for d in node.decorator_list]
    return (
        all(last_name(b) in _PLAIN_BASES for b in bases)
        and all(last_name(d) == "dataclass" for d in decorators)
        and not node.keywords
    )


def _names(node: ast.ClassDef) -> frozenset[str]:
    names = set()
    for stmt in node.body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(stmt.name)
        for target in stmt.targets if isinstance(stmt, ast.Assign) else [getattr(stmt, "target", None)]:
            if isinstance(target, ast.Name):
                names.add(target.id)
    return frozenset(names)


def _fork_uses(trees: ThreeTrees, untupled: dict[str, tuple[str, frozenset[str]]]) -> Iterator[Use]:
    words = re.compile(rf"\b({'|'.join(sorted(untupled))})\b")
    modules = list(fork_modules(trees, words.search))
    # a fork shim (``BatchDescriptor.__iter__ = ...``) gives the class back what the use needs
    patched = {name for _, module, _ in modules for name in _patched_classes(module)}
    for path, module, owned in modules:
        imported = _imported(module, {n: p for n, (p, _) in untupled.items()}) - patched
        parents = parent_map(module)
        for node in ast.walk(module):
            use = _use(path, node, parents) if getattr(node, "lineno", 0) in owned else None
            if use is not None and use.cls in imported:
                yield use


def _patched_classes(module: ast.Module) -> set[str]:
    """The names the module stores an attribute on (``Name.attr = ...``, ``setattr(Name, ...)``)."""
    stored = {
        t.value.id
        for n in ast.walk(module)
        if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store)
        for t in [n]
        if isinstance(t.value, ast.Name)
    }
    return stored | {
        n.args[0].id
        for n in ast.walk(module)
        if isinstance(n, ast.Call) and last_name(n.func) == "setattr" and n.args and isinstance(n.args[0], ast.Name)
    }


def _imported(module: ast.Module, homes: dict[str, str]) -> set[str]:
    """Of the classes (-> the file upstream changed them in), those the module imports by that name from
    that file or one of its packages and never binds itself (a class, an assignment of its own)."""
    bound = {n.name for n in ast.walk(module) if isinstance(n, ast.ClassDef)} | {
        t.id for n in ast.walk(module) if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)
    }
    return {
        alias.name
        for node in ast.walk(module)
        if isinstance(node, ast.ImportFrom) and node.module and not node.level
        for alias in node.names
        if alias.asname in (None, alias.name) and alias.name in homes and _home_of(homes[alias.name], node.module)
    } - bound


def _home_of(path: str, module: str) -> bool:
    """``path`` is the module's file or sits in its package (``a.b`` is not ``a/bc.py``)."""
    stem = module.replace(".", "/")
    return path in (f"{stem}.py", f"{stem}/__init__.py") or path.startswith(stem + "/")


def _use(path: str, node: ast.AST, parents: dict[int, ast.AST]) -> Use | None:
    found = _tuple_use(node)
    if found is None:
        return None
    name, how, member = found
    func = enclosing(node, parents)
    if func is None or _kind_tested(func, name) or caught_around(node, _RAISES, parents):
        return None
    if _rebound(node, func, name, parents):
        return None
    # a bare class name only: ``other_module.BatchDescriptor(n)`` is another module's class of that name
    classes = {n.split("[", 1)[0] for n in receiver_names(name, func)}
    if len(classes) != 1 or "." in next(iter(classes)):
        return None
    return Use(path, getattr(node, "lineno", 0), next(iter(classes)), how, member)


def _tuple_use(node: ast.AST) -> tuple[str, str, str] | None:
    """(the name, the use in words, the NamedTuple member or "") where ``node`` uses a plain name as a tuple."""
    if isinstance(node, ast.Attribute) and node.attr in _MEMBERS and isinstance(node.value, ast.Name):
        return node.value.id, f".{node.attr}", node.attr
    if isinstance(node, ast.Assign) and any(isinstance(t, (ast.Tuple, ast.List)) for t in node.targets):
        return _named(node.value, "unpacks it")
    if isinstance(node, ast.For):
        return _named(node.iter, "iterates it")
    if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load):
        return _named(node.value, "indexes it")
    if isinstance(node, ast.Starred) and isinstance(node.ctx, ast.Load):
        return _named(node.value, "splats it (*)")
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _CALLS:
        return _named(node.args[0], f"calls {node.func.id}() on it") if len(node.args) == 1 else None
    return None


def _named(value: ast.expr, how: str) -> tuple[str, str, str] | None:
    return (value.id, how, "") if isinstance(value, ast.Name) else None


def _rebound(node: ast.AST, func: ast.AST, name: str, parents: dict[int, ast.AST]) -> bool:
    """``name`` at ``node`` may be another value than the typed one: a comprehension or lambda around it binds
    it, or a ``for`` or a non-call assignment in the function rebinds it."""
    parent = parents.get(id(node))
    while parent is not None and parent is not func:
        if isinstance(parent, _COMPREHENSIONS) and any(_binds(g.target, name) for g in parent.generators):
            return True
        if isinstance(parent, ast.Lambda) and name in {a.arg for a in ast.walk(parent.args) if isinstance(a, ast.arg)}:
            return True
        parent = parents.get(id(parent))
    if any(not isinstance(v, ast.Call) for v in assigned(func).get(name, ())):
        return True  # ``desc = (desc.n, desc.u)``: converted before the tuple use; a call's result stays typed
    return any(isinstance(n, ast.For | ast.AsyncFor) and _binds(n.target, name) for n in ast.walk(func))


def _binds(target: ast.AST, name: str) -> bool:
    return any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(target))


def _kind_tested(func: ast.AST, name: str) -> bool:
    """The function asks what ``name`` is (``isinstance(x, ...)``, ``hasattr(x, ...)``,
    ``dataclasses.is_dataclass(x)``): it handles both."""
    return any(
        isinstance(n, ast.Call)
        and last_name(n.func) in _KIND_TESTS
        and n.args
        and isinstance(n.args[0], ast.Name)
        and n.args[0].id == name
        for n in ast.walk(func)
    )


def _finding(trees: ThreeTrees, use: Use, path: str, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(path, rf"^class[[:space:]]+{use.cls}\b", pr_pattern)
    fix = "dataclasses.replace / asdict" if use.member else "read the fields by name"
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        use.path,
        use.line,
        f"fork-owned line uses a {use.cls} as a tuple ({use.how}), and upstream made {use.cls} a plain class, "
        f"no NamedTuple ({path}{commit}): AttributeError or TypeError at run time; {fix}",
    )
