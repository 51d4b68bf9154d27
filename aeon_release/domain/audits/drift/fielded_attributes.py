"""Fielded attributes: upstream annotated a dataclass's plain class attribute, and a fork subclass overrides it bare.

#33735 (4df841fe75) turned ``CompilationConfig``'s ``fast_moe_cold_start = True`` -- a plain class attribute of
a (pydantic) dataclass, no annotation, so no field -- into ``fast_moe_cold_start: bool | None = None``, a
field.  A fork subclass's ``fast_moe_cold_start = False`` overrode the class attribute, and every instance read
the fork's value.  Now the inherited ``__init__`` stores the field's default on each instance, which hides the
subclass's class attribute: the merge is clean and the override is dead on every path (a pydantic model
refuses such a class outright: a field overridden by a non-annotated attribute).

Upstream's side: a class of a file upstream changed, decorated ``@dataclass`` / ``@dataclass(...)`` (stdlib or
pydantic's) or deriving from ``BaseModel``, whose body's plain ``NAME = value`` at the base is an annotated
``NAME: T = ...`` at upstream (not ``ClassVar``).  Fork side: a fork-owned ``NAME = value`` (no annotation) in the
body of a class deriving from it (matched on the module its import names, or a package above the file).  An
error on that line; a warning where the subclass defines its own ``__init__`` (it may never run the
dataclass's).

Cheap first: the fork's added lines must add a class with a base; the fork files doing so are parsed for bare
class-level assignments in classes deriving a base from a file upstream changed; only those files whose diff
adds an annotated line of one of those names are parsed, at both ends.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.pyindex import file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, both_versions
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, parse_python

# an added class-level annotated assignment: ``    name: T = value``
_ANNOTATED = lazy_pattern(r"^\+[ \t]+([A-Za-z_]\w*)[ \t]*:[^=\n]+=", re.M)
# a fork line adding a class with a base (``+class Mine(Base):``), in its diff's text
_CLASS_START = lazy_pattern(r"^[ \t]*class[ \t]+\w+[ \t]*\(")
_CLASS_LINE = lazy_pattern(r"^\+[ \t]*class[ \t]+\w+[ \t]*\(", re.M)


@dataclass(frozen=True)
class Override:
    """A fork subclass's bare class attribute over a name upstream's base made a field."""

    path: str
    line: int
    cls: str
    base: str
    name: str
    home: str
    own_init: bool


def fielded_attribute_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    if not any(p.endswith(".py") and _CLASS_LINE.search(trees.mine.raw(p)) for p in trees.mine):
        return []
    overrides = list(_fork_overrides(trees))  # the fork's side first: it names the few files worth parsing
    homes = sorted({o.home for o in overrides})
    names = {o.name for o in overrides}
    paths = [p for p in homes if p in trees.upstream and _renamed_annotated(trees.upstream.raw(p), names)]
    if not paths:
        return []
    fielded: dict[tuple[str, str], frozenset[str]] = {}
    for path, name, was, now in both_versions(trees, paths, _class_members):
        made = frozenset(n for n in was.plain & now.annotated if n not in now.plain)
        if made and (now.fielded or _makes_dataclasses(trees, path, now.decorators)):
            fielded[(path, name)] = made
    findings = []
    for item in overrides:
        if item.name in fielded.get((item.home, item.base), frozenset()):
            commit = trees.upstream_commit(item.home, rf"\b{item.name}\b", pr_pattern)
            findings.append(_finding(item, commit))
    return findings


def _renamed_annotated(diff: str, names: set[str]) -> bool:
    """The diff adds an annotated class-level line of one of ``names`` (``+    name: T = ...``)."""
    return any(m.group(1) in names for m in _ANNOTATED.finditer(diff))


@dataclass(frozen=True)
class Members:
    """A class's plain class attributes, its annotated fields, whether a decorator or base makes it a
    dataclass or a model, and the decorators it imports (``(module, name)``) that may."""

    plain: frozenset[str]
    annotated: frozenset[str]
    fielded: bool
    decorators: tuple[tuple[str, str], ...]


def _class_members(text: str | None) -> dict[str, Members]:
    """Class name -> its Members, for each top-level class of the file."""
    module = parse_python(text, "<fields>") if text is not None else None
    found: dict[str, Members] = {}
    if module is None:
        return found
    imports = file_imports(module, "")
    for node in module.body:
        if isinstance(node, ast.ClassDef):
            plain = {t.id for s in node.body if isinstance(s, ast.Assign) for t in s.targets if isinstance(t, ast.Name)}
            annotated = {
                s.target.id
                for s in node.body
                if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name) and not _class_var(s.annotation)
            }
            origins = (imported_origin(d, imports) for d in node.decorator_list if isinstance(d, ast.Name))
            decorators = tuple(o for o in origins if o is not None)
            found[node.name] = Members(frozenset(plain), frozenset(annotated), _fielded_class(node), decorators)
    return found


def _makes_dataclasses(trees: ThreeTrees, path: str, decorators: tuple[tuple[str, str], ...]) -> bool:
    """One of the class's imported decorators is a function of upstream's tree that calls ``dataclass``
    (upstream's ``@config`` wraps pydantic's ``dataclass``)."""
    for module, name in decorators:
        stem = module.replace(".", "/")
        for text in trees.blobs(trees.theirs, [stem + ".py", stem + "/__init__.py"]).values():
            tree = parse_python(text, stem) if text is not None and "dataclass" in text else None
            defs = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == name] if tree else []
            if any(last_name(c.func) == "dataclass" for d in defs for c in ast.walk(d) if isinstance(c, ast.Call)):
                return True
    return False


def _class_var(annotation: ast.expr) -> bool:
    return "ClassVar" in ast.unparse(annotation)


def _fielded_class(node: ast.ClassDef) -> bool:
    """Decorated ``@dataclass`` (called or not) or deriving from ``BaseModel``: an annotation makes a field."""
    decorated = any(last_name(d.func if isinstance(d, ast.Call) else d) == "dataclass" for d in node.decorator_list)
    return decorated or any(last_name(b) == "BaseModel" for b in node.bases)


def _fork_overrides(trees: ThreeTrees) -> Iterator[Override]:
    """Each fork-owned bare class-level assignment of a class deriving an imported base (its file upstream's)."""
    for path, module, owned in fork_modules(trees, _CLASS_START.search):
        imports = file_imports(module, path)
        for node in ast.walk(module):
            if not isinstance(node, ast.ClassDef):
                continue
            for base in node.bases:
                origin = imported_origin(base, imports)
                if origin is not None:
                    for home in _homes(origin[0], trees.upstream):
                        yield from _overrides(path, node, origin[1], home, owned)


def _overrides(path: str, cls: ast.ClassDef, base: str, home: str, owned: set[int]) -> Iterator[Override]:
    own_init = any(isinstance(s, ast.FunctionDef) and s.name == "__init__" for s in cls.body)
    for stmt in cls.body:
        if isinstance(stmt, ast.Assign) and stmt.lineno in owned:
            for target in stmt.targets:
                if isinstance(target, ast.Name):
                    yield Override(path, stmt.lineno, cls.name, base, target.id, home, own_init)


def _homes(module: str, changed: Iterable[str]) -> list[str]:
    """The Python files upstream changed that the import may name: the module's own, else the files of the
    package it names (a re-export; the class's name decides which, when its versions are read)."""
    stem = module.replace(".", "/")
    own = [p for p in (stem + ".py", stem + "/__init__.py") if p in changed]
    return own or sorted(p for p in changed if p.startswith(stem + "/") and p.endswith(".py"))[:8]


def _finding(item: Override, commit: str) -> Finding:
    why = (
        "; the subclass defines its own __init__, which may never run the dataclass's"
        if item.own_init
        else ": the override is dead on every path"
    )
    return Finding(
        RULE,
        "merge",
        Severity.WARNING if item.own_init else Severity.ERROR,
        item.path,
        item.line,
        f"fork-owned {item.cls}.{item.name} = ... overrides {item.base}.{item.name}, a plain class attribute "
        f"upstream made a field ({item.home}{commit}): the inherited __init__ now stores the field's default on "
        f"each instance, which hides the subclass's class attribute{why}; annotate it as a field "
        f"({item.name}: T = ...) or set it in __post_init__",
    )
