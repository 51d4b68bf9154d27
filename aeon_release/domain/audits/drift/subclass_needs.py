"""Subclass needs: a base's ``__init_subclass__`` now reads a class attribute the base gives no value.

#21833 gave ``SupportsTranscription`` a ``supported_languages: ClassVar[Mapping[str, str]]`` (declared, no
value) and an ``__init_subclass__`` that checks ``set(cls.supported_languages)`` against Whisper's language
table.  A fork's own ASR model, ``class AeonAsr(nn.Module, SupportsTranscription)`` with no
``supported_languages``, merges cleanly and raises ``AttributeError`` when its module is imported: the hook
runs at the ``class`` statement.  Nothing was removed or renamed, so symbol drift has nothing to compare.

Upstream's side: a class of a changed file whose ``__init_subclass__`` now reads ``cls.NAME`` in a statement
that always runs (its body's top level, not under an ``if``/``try``, not ``getattr``/``hasattr``), which it did
not read before, and to which neither the class nor a base of its own module gives a value (an annotation alone
is no value).  The fork's side: a ``class`` statement it owns naming that class (imported from its module or a
package above it) among its bases, whose body gives ``NAME`` no value.  An error when every other base is
outside the tree (``nn.Module``); a warning when another base may bring ``NAME`` (a class of the tree, or one of
the fork's file that does not set it itself).  Quiet: a fork class that sets ``NAME``, one whose local base
sets it.

Pure but for reading the three trees: findings out.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.own_fields import file_classes
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import name_users
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions, whole_word
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity

_MOST_FILES = 32


@dataclass(frozen=True)
class Need:
    """``cls`` (of ``path``) makes each subclass have ``attr`` (its ``__init_subclass__`` reads it)."""

    path: str
    cls: str
    attr: str
    line: int


def subclass_need_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    paths = [
        p
        for p in sorted(trees.upstream)
        if p.endswith(".py") and any("__init_subclass__" in t for t in trees.upstream[p].added.values())
    ]
    needs = [n for path, old, new in parsed_versions(trees, paths[:_MOST_FILES]) for n in _needs(path, old, new)]
    if not needs:
        return []
    findings = []
    for path, module, owned in name_users(trees, {n.cls for n in needs}):
        for line, need, sure in _lacking(path, module, owned, needs):
            findings.append(_finding(trees, path, line, need, sure, pr_pattern))
    return findings


def _needs(path: str, old: ast.Module, new: ast.Module) -> Iterator[Need]:
    before = {c.name: c for c in file_classes(old.body)}
    local = {c.name: c for c in file_classes(new.body)}
    for cls in local.values():
        hook = _hook(cls)
        if hook is None:
            continue
        was = before.get(cls.name)
        old_reads = set(_read_always(_hook(was))) if was is not None else set()
        later = _stored_on(new, cls.name)  # ``Plugin.registry = {}`` after the class
        for attr, line in _read_always(hook).items():
            if attr not in old_reads and attr not in later and not _valued(cls, attr, local):
                yield Need(path, cls.name, attr, line)


def _hook(cls: ast.ClassDef | None) -> ast.FunctionDef | None:
    body = cls.body if cls is not None else []
    return next((s for s in body if isinstance(s, ast.FunctionDef) and s.name == "__init_subclass__"), None)


def _read_always(hook: ast.FunctionDef | None) -> dict[str, int]:
    """attribute -> line, for each ``cls.attr`` read in a top-level statement of the hook (always runs), before
    the hook stores it on ``cls`` itself (``cls.key = cls.__name__.lower()``, ``cls.n = getattr(cls, "n", 0)``)."""
    if hook is None or not hook.args.args:
        return {}
    me = hook.args.args[0].arg
    found: dict[str, int] = {}
    stored: set[str] = set()
    for stmt in hook.body:
        if isinstance(stmt, ast.If | ast.Try | ast.With | ast.For | ast.While | ast.Match):
            if any(isinstance(n, ast.Return | ast.Raise) for n in ast.walk(stmt)):
                break  # an early way out (``if cls.__name__.startswith("_"): return``): what follows may not run
            stored |= _stored_on(stmt, me)
            continue
        for node in ast.walk(stmt):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == me:
                if isinstance(node.ctx, ast.Load) and not node.attr.startswith("__") and node.attr not in stored:
                    found.setdefault(node.attr, node.lineno)
        stored |= _stored_on(stmt, me)
    return found


def _stored_on(tree: ast.AST, owner: str) -> set[str]:
    """The attributes ``tree`` stores on the name ``owner`` (``owner.attr = ...``, ``setattr(owner, "attr", ...)``)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store | ast.Del):
            if isinstance(node.value, ast.Name) and node.value.id == owner:
                found.add(node.attr)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr":
            args = node.args
            if len(args) > 1 and isinstance(args[0], ast.Name) and args[0].id == owner:
                found |= (
                    {args[1].value} if isinstance(args[1], ast.Constant) and isinstance(args[1].value, str) else set()
                )
    return found


def _valued(cls: ast.ClassDef, attr: str, local: dict[str, ast.ClassDef], seen: frozenset[str] = frozenset()) -> bool:
    """The class or a base of its module gives ``attr`` a value (an assignment, a def; an annotation alone
    is none), or a base outside its module may (unknown: counted as valued)."""
    if _sets(cls, attr):
        return True
    for base in cls.bases:
        name = base.id if isinstance(base, ast.Name) else None
        if name in ("Protocol", "object", "ABC", "Generic") or isinstance(base, ast.Subscript):
            continue
        if name is None or name not in local:
            return True
        if name not in seen and _valued(local[name], attr, local, seen | {cls.name}):
            return True
    return False


def _sets(cls: ast.ClassDef, attr: str) -> bool:
    for stmt in _body_statements(cls.body):
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and stmt.name == attr:
            return True
        if isinstance(stmt, ast.Assign) and any(_binds(t, attr) for t in stmt.targets):
            return True
        if isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
            if isinstance(stmt.target, ast.Name) and stmt.target.id == attr:
                return True
    return False


def _binds(target: ast.expr, attr: str) -> bool:
    """The target binds ``attr``: a name, or one inside a tuple or list (``langs, strict = {...}, False``)."""
    if isinstance(target, ast.Tuple | ast.List):
        return any(_binds(t, attr) for t in target.elts)
    if isinstance(target, ast.Starred):
        return _binds(target.value, attr)
    return isinstance(target, ast.Name) and target.id == attr


def _body_statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The class body's statements, into its if/try blocks (``if HAS_X: needed = 1 else: needed = 2``)."""
    for stmt in body:
        yield stmt
        if isinstance(stmt, ast.If | ast.Try):
            for block in (stmt.body, stmt.orelse, *([stmt.finalbody] if isinstance(stmt, ast.Try) else [])):
                yield from _body_statements(block)
            for handler in stmt.handlers if isinstance(stmt, ast.Try) else []:
                yield from _body_statements(handler.body)


def _lacking(path: str, module: ast.Module, owned: set[int], needs: list[Need]) -> Iterator[tuple[int, Need, bool]]:
    """(class line, need, sure) for each owned fork class deriving from a needy class without the attribute."""
    imports = file_imports(module, path)
    local = {c.name: c for c in file_classes(module.body)}
    for cls in file_classes(module.body):
        if cls.lineno not in owned:
            continue
        origins = [imported_origin(b, imports) for b in cls.bases]
        for need in needs:
            hit = [i for i, o in enumerate(origins) if o is not None and _names(o, need)]
            if not hit or _sets(cls, need.attr):
                continue
            others = [b for i, b in enumerate(cls.bases) if i not in hit]
            verdict = _others(others, origins, need, local, cls.bases)
            if verdict is not None:
                yield cls.lineno, need, verdict


def _others(
    others: list[ast.expr],
    origins: list[tuple[str, str] | None],
    need: Need,
    local: dict[str, ast.ClassDef],
    bases: list[ast.expr],
) -> bool | None:
    """None: another base sets the attribute (quiet); True: none can (an error); False: one may (a warning)."""
    top = dotted_name(need.path, roots=("",)).split(".")[0]
    sure = True
    for base in others:
        origin = origins[bases.index(base)]
        if isinstance(base, ast.Name) and base.id in local:
            if _sets(local[base.id], need.attr):
                return None
            sure = False
        elif origin is None or origin[0].split(".")[0] == top:
            sure = False  # a class of the tree (or of unknown origin) may bring the attribute
    return sure


def _names(origin: tuple[str, str], need: Need) -> bool:
    """The import names the class's module or a package above it (a re-export)."""
    module = dotted_name(need.path, roots=("",))
    return origin[1] == need.cls and (module == origin[0] or module.startswith(origin[0] + "."))


def _finding(trees: ThreeTrees, path: str, line: int, need: Need, sure: bool, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(need.path, whole_word("__init_subclass__"), pr_pattern)
    maybe = "" if sure else " (unless another base brings it)"
    return Finding(
        RULE,
        "merge",
        Severity.ERROR if sure else Severity.WARNING,
        path,
        line,
        f"fork-owned subclass of {need.cls}, whose __init_subclass__ upstream now reads cls.{need.attr} "
        f"({need.path}:{need.line}{commit}), which {need.cls} declares without a value: the class statement "
        f"raises AttributeError when its module is imported{maybe}; give the class {need.attr}",
    )
