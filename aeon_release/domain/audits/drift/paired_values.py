"""Paired values: a literal the fork pairs with a class, equal to the old value of a string the class declares.

#49727 (e222c33f2f) changed ``AXK1Config.model_type`` from ``"AXK1"`` to ``"axk1"`` (the name transformers'
config registry keys it by).  A fork line ``AutoConfig.register("AXK1", AXK1Config)`` merges cleanly and raises
``ValueError`` at import: transformers' registrar refuses a config class whose ``model_type`` is not the key it is
registered under.  A fork table ``{"AXK1": AXK1Config}`` or ``_REGISTRY["AXK1"] = AXK1Config`` keys the class by a
value no instance of it answers any more: a lookup by ``config.model_type`` misses it.  Nothing the fork names
moved; only the value the literal copied.

Upstream's side: a changed Python file whose diff removed a line assigning a string; parsed at the base and at
upstream, a top-level class whose body assigns a name a string literal at both, another one now.  The fork's side,
on a line it owns: a call handing the old string and the class (imported from its module or a package above it)
side by side as arguments, a dict display's entry keyed by the old string whose value is the class, or a
subscript store ``T["old"] = Class``.  A warning (the fork's key may mean something of its own), but an error for
``AutoConfig.register("old", Class)`` of a ``model_type`` (the registrar compares the two and raises) outside a
``try`` catching ValueError (there the registration is lost, not a crash: a warning).  Quiet when the fork's file
stores the attribute on the class itself (``Class.attr = "old"``, ``setattr(Class, "attr", "old")``: its own
shim), or pairs the value only in a branch whose test reads ``Class.attr`` (it holds while the class says "old").
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.fallbacks import caught_around
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, fork_added, fork_found, parsed_texts
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parent_map

_MOST_FILES = 32
# a removed line assigning a string (``    model_type = "AXK1"``)
_REMOVED_STORE = lazy_pattern(r"^-[ \t]+\w+[ \t]*(?::[^=\n]+)?=[ \t]*[\"']([^\"'\n]+)[\"'][ \t]*(?:#.*)?$", re.M)
_WORDS = lazy_pattern(r"\w+")
# a fork line pairing a quoted string with a capitalised name: ``("AXK1", AXK1Config``, ``{"AXK1": AXK1Config``,
# ``T["AXK1"] = AXK1Config``
_FORK_PAIR = lazy_pattern(r"[\"']([^\"'\n]+)[\"']\s*(?:,|:|\]\s*=)\s*(?:\w+\.)*[A-Z]\w*")
# a registrar that refuses a class whose attribute is not the key it is registered under (transformers' auto
# classes compare ``model_type``)
_STRICT = frozenset({("AutoConfig", "register", "model_type")})
# what such a registrar raises, and the handlers that catch it
_REFUSED = frozenset({"ValueError", "Exception", "BaseException"})
_BRANCHES = (ast.If, ast.While, ast.IfExp)


@dataclass(frozen=True)
class Changed:
    path: str  # upstream's module
    module: str  # its dotted name
    cls: str
    attr: str
    old: str
    new: str


def paired_value_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork pairings of a class with the old value of a string its body declares."""
    changed = _changed(trees)
    if not changed:
        return []
    quoted = {q + c.old + q for c in changed for q in "\"'"}
    findings = []
    for path, module, owned in fork_modules(trees, lambda line: any(q in line for q in quoted)):
        imports = file_imports(module, path)
        shims = _stored(module, imports)
        for line, item, strict in _pairings(module, owned, imports, changed):
            if (item.module, item.cls, item.attr) not in shims:
                findings.append(_finding(trees, path, line, item, strict, pr_pattern))
    return findings


def _changed(trees: ThreeTrees) -> list[Changed]:
    paired = fork_found(trees, _FORK_PAIR, tests=True)  # the fork's side first: a literal beside a class
    if not paired:
        return []
    words = frozenset(w for q in paired for w in _WORDS.findall(q))
    paths = [p for p in sorted(trees.upstream) if p.endswith(".py") and _removes_quoted(trees.upstream.raw(p), words)]
    paths = paths[:_MOST_FILES]
    if not paths:
        return []
    fork_text = "\n".join(fork_added(trees))
    found = []
    for both in parsed_texts(trees, paths, lambda old, new: True):
        olds, news = _class_strings(both.old), _class_strings(both.new)
        module = dotted_name(both.path, roots=("",))
        for (cls, attr), old in sorted(olds.items()):
            new = news.get((cls, attr))
            if new is not None and new != old and old and old in fork_text:
                found.append(Changed(both.path, module, cls, attr, old, new))
    return found


def _removes_quoted(diff: str, words: frozenset[str]) -> bool:
    """The file's diff removes a line assigning a string every word of which a line the fork added holds (a
    cheap superset of the fork quoting it), the diff's raw text searched at once."""
    if "\n-" not in diff or ('= "' not in diff and "= '" not in diff):
        return False
    for stored in _REMOVED_STORE.finditer(diff):
        parts = _WORDS.findall(stored.group(1))
        if parts and all(w in words for w in parts):
            return True
    return False


def _class_strings(module: ast.Module) -> dict[tuple[str, str], str]:
    """(class, name) -> the string a top-level class's body assigns the name."""
    found: dict[tuple[str, str], str] = {}
    for node in module.body:
        if not isinstance(node, ast.ClassDef):
            continue
        for stmt in node.body:
            target = stmt.targets[0] if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 else None
            target = stmt.target if isinstance(stmt, ast.AnnAssign) else target
            value = stmt.value if isinstance(stmt, ast.Assign | ast.AnnAssign) else None
            if isinstance(target, ast.Name) and isinstance(value, ast.Constant) and isinstance(value.value, str):
                found[(node.name, target.id)] = value.value
    return found


def _pairings(
    module: ast.Module, owned: set[int], imports: dict[str, tuple[str, str]], changed: list[Changed]
) -> Iterator[tuple[int, Changed, bool]]:
    """(line, the class's change, whether a strict registrar takes the pair) for each owned pairing."""
    parents: dict[int, ast.AST] | None = None
    for node in ast.walk(module):
        line = getattr(node, "lineno", None)
        if not isinstance(line, int) or line not in owned:
            continue
        for key, value, strict in _pairs(node):
            item = _matching(key, value, imports, changed)
            if item is None:
                continue
            parents = parents if parents is not None else parent_map(module)
            if _asked(node, item, imports, parents):
                continue  # the fork pairs the old value only where the class's attribute still says it
            # a registrar's refusal the fork catches: the pairing is lost, not a crash (a warning)
            yield line, item, strict and item.attr in _strict_attrs(node) and not caught_around(node, _REFUSED, parents)


def _asked(node: ast.AST, item: Changed, imports: dict[str, tuple[str, str]], parents: dict[int, ast.AST]) -> bool:
    """The pairing sits in a branch (``if``, ``while``, a conditional expression) whose test reads the class's
    attribute itself: ``if AXK1Config.model_type == "AXK1":`` holds only while the class still says the old value."""
    child, parent = node, parents.get(id(node))
    while parent is not None and not isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        if isinstance(parent, _BRANCHES) and child is not parent.test:
            for read in ast.walk(parent.test):
                if isinstance(read, ast.Attribute) and read.attr == item.attr:
                    origin = imported_origin(read.value, imports) if isinstance(read.value, ast.Name) else None
                    if origin is not None and origin[1] == item.cls:
                        return True
        child, parent = parent, parents.get(id(parent))
    return False


def _pairs(node: ast.AST) -> Iterator[tuple[ast.expr, ast.expr, bool]]:
    """(literal, class) side by side: adjacent call arguments, a dict entry, a subscript store."""
    if isinstance(node, ast.Call):
        for left, right in zip(node.args, node.args[1:], strict=False):
            yield left, right, True
    elif isinstance(node, ast.Dict):
        for key, value in zip(node.keys, node.values, strict=True):
            if key is not None:
                yield key, value, False
    elif isinstance(node, ast.Assign):
        for target in node.targets:
            if isinstance(target, ast.Subscript):
                yield target.slice, node.value, False


def _strict_attrs(node: ast.AST) -> set[str]:
    """The attributes a strict registrar the call names compares (``AutoConfig.register``: ``model_type``)."""
    func = node.func if isinstance(node, ast.Call) else None
    if not isinstance(func, ast.Attribute):
        return set()
    owner = func.value.attr if isinstance(func.value, ast.Attribute) else getattr(func.value, "id", "")
    return {attr for o, method, attr in _STRICT if o == owner and method == func.attr}


def _matching(
    key: ast.expr, value: ast.expr, imports: dict[str, tuple[str, str]], changed: list[Changed]
) -> Changed | None:
    if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
        return None
    origin = imported_origin(value, imports) if isinstance(value, ast.Name | ast.Attribute) else None
    if origin is None:
        return None
    module, name = origin
    return next(
        (
            c
            for c in changed
            if c.cls == name and c.old == key.value and (c.module == module or c.module.startswith(f"{module}."))
        ),
        None,
    )


def _stored(module: ast.Module, imports: dict[str, tuple[str, str]]) -> set[tuple[str, str, str]]:
    """(module, class, attribute) for each ``Class.attr = ...`` (or ``setattr(Class, "attr", ...)``) the fork's
    file writes."""
    found: set[tuple[str, str, str]] = set()
    for node in ast.walk(module):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            origin = imported_origin(node.value, imports)
            if origin is not None:
                found.add((origin[0], origin[1], node.attr))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr":
            args = node.args
            attr = args[1] if len(args) == 3 else None
            if isinstance(attr, ast.Constant) and isinstance(attr.value, str) and isinstance(args[0], ast.Name):
                origin = imported_origin(args[0], imports)
                if origin is not None:
                    found.add((origin[0], origin[1], attr.value))
    return found


def _finding(trees: ThreeTrees, path: str, line: int, item: Changed, strict: bool, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(item.path, rf"{item.attr}[[:space:]]*=", pr_pattern)
    where = f"{item.cls}.{item.attr} changed from {item.old!r} to {item.new!r} ({item.path}{commit})"
    if strict:
        said = (
            f"fork-owned registration of {item.cls} under {item.old!r}, but upstream's {where}: the registrar "
            f"compares the two and raises ValueError; register it under {item.cls}.{item.attr}"
        )
        return Finding(RULE, "merge", Severity.ERROR, path, line, said)
    said = (
        f"fork-owned pairing of {item.old!r} with {item.cls}, whose {where}: a lookup by the class's "
        f"{item.attr} no longer finds the fork's entry; key it by {item.cls}.{item.attr}"
    )
    return Finding(RULE, "merge", Severity.WARNING, path, line, said)
