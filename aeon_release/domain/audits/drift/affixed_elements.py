"""Affixed elements: upstream's function now spells each string it returns with a literal affix; a fork tests
its own value for membership in them as before.

#6446 (4cf256ae7f) made ``get_pp_missing_layer_names`` append ``name + '.'`` where it appended ``name`` (the
trailing dot keeps ``encoder.layer.1`` from matching ``encoder.layer.11`` in a prefix test).  A fork's
``layer_name not in get_pp_missing_layer_names(model)`` merges cleanly and never holds false again: no module's
name ends in a dot, so every layer reads as present, on every pipeline stage.

Upstream's side (cheap first: the names of the calls the fork's added lines test, then only files whose diff
holds a glue, ``+ "."``, ``"." +`` or an f-string, and that define one of those names): a function whose elements --
what it ``.append``s / ``.add``s to a local it returns, or the element of a comprehension it returns -- were
``E`` at the base and are ``E + "lit"``, ``"lit" + E`` or ``f"{E}lit"`` upstream, every other element and
``return`` unchanged.  The same for a function whose ``return E`` became ``return E + "lit"`` (the value
itself).  The fork's side, on a line it owns: ``x in f(...)`` / ``x not in f(...)`` (``f`` imported from
upstream's module, or read off it), through ``set()`` / ``list()`` / ``tuple()`` / ``frozenset()`` /
``sorted()`` of the call, or through a name its scope binds once to one of those; for a value, ``x == f(...)``
/ ``!=``.  Quiet: a left operand that spells the affix itself (a literal ending in it, ``name + "."``, an
f-string ending in it), a prefix test (``startswith(tuple(f(...)))``: what the affix is for), the fork's own
function of the name.  A warning: the fork's value may carry the affix already (a name the fork built with it).
"""

from __future__ import annotations

import ast
import builtins
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.pyindex import dotted_name
from aeon_release.domain.audits.drift.retyped import names_bound_once
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_texts
from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, parent_map, walk_spanning

__all__ = ["RULE", "affixed_element_drift"]

# what a diff gluing a string literal on holds: ``x + "."``, ``"." + x``, an f-string (substrings: no regex
# walks every diff; the defs' own comparison decides)
_GLUES = ("+ '", '+ "', "' +", '" +', "f'", 'f"')
_BUILTINS = frozenset(dir(builtins))
# a fork line testing a call's value: ``x in f(...)`` (through a wrapper), ``== f(...)``, ``f(...) ==``
_WRAP = r"(?:(?:set|list|tuple|frozenset|sorted)\(\s*)?(?:\w+\.)*"
_TESTED = lazy_pattern(r"\bin\s+" + _WRAP + r"(\w+)\(|[=!]=\s*(?:\w+\.)*(\w+)\(|(?:\w+\.)*(\w+)\([^()\n]*\)\s*[=!]=")
# a name bound to a call's value (``missing = set(f(m))``), and a name tested ``in`` (``n not in missing``)
_BOUND = lazy_pattern(r"^\s*(\w+)\s*=\s*" + _WRAP + r"(\w+)\(")
_IN_NAME = lazy_pattern(r"\bin\s+(\w+)\b(?!\s*[(.\[])")
# an element indexed off a name or a call and tested ``==`` (``names[0] == x``, ``x != f(m)[-1]``; review133)
_INDEXED = lazy_pattern(
    _WRAP + r"(\w+)(\([^()\n]*\))?\)?\[[^\]\n]*\]\s*[=!]=|[=!]=\s*" + _WRAP + r"(\w+)(\([^()\n]*\))?\)?\["
)
_WRAPPERS = frozenset({"set", "list", "tuple", "frozenset", "sorted"})
_GATHERS = frozenset({"append", "add"})


@dataclass(frozen=True)
class Affixed:
    """``name`` (in ``path``) spells each element (or its value) with ``affix`` at its ``end`` now."""

    name: str
    path: str
    element: bool  # the elements of what it returns (True), or the value it returns (False)
    affix: str
    end: str  # "suffix" or "prefix"


def affixed_element_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    tested = {p: names for p in sorted(trees.mine) if p.endswith(".py") and (names := _tested(trees, p))}
    called = {n for names in tested.values() for n in names}
    affixed = _affixed(trees, called) if called else {}
    if not affixed:
        return []
    forks = [p for p, names in tested.items() if names & affixed.keys()]
    findings = []
    for path in forks:
        module = trees.merged_module(path)
        if module is not None:
            for line, hit, shown in _uses(path, module, trees.owned_lines(path), affixed):
                findings.append(_finding(trees, path, line, hit, shown, pr_pattern))
    return findings


def _tested(trees: ThreeTrees, path: str) -> set[str]:
    """The names of the calls whose value the fork's added lines of ``path`` test (``in``, ``==``), directly or
    through a name bound to the call and tested ``in``, or one of its elements indexed and tested ``==``."""
    lines = [t.split("#", 1)[0] for t in trees.mine[path].added.values()]
    found = {n for t in lines if " in " in t or "=" in t for m in _TESTED.finditer(t) for n in m.groups() if n}
    held = {n for t in lines if " in " in t for n in _IN_NAME.findall(t)}
    for hit in (m for t in lines if "]" in t and "=" in t for m in _INDEXED.finditer(t)):
        name, call = (hit.group(1), hit.group(2)) if hit.group(1) else (hit.group(3), hit.group(4))
        (found if call else held).add(name)
    found |= {m.group(2) for t in lines if held and (m := _BOUND.match(t)) and m.group(1) in held}
    return found - _BUILTINS


def _affixed(trees: ThreeTrees, called: set[str]) -> dict[str, list[Affixed]]:
    """name -> how upstream affixed what the defs of that name return, in the files whose diff glues a literal on."""
    glued = [p for p in trees.upstream if p.endswith(".py") and any(g in trees.upstream.raw(p) for g in _GLUES)]
    paths = sorted(trees.upstream_files_with(tuple(f"def {n}(" for n in sorted(called)), glued)) if glued else []
    found: dict[str, list[Affixed]] = {}
    for both in parsed_texts(trees, paths):
        old = {f.name: f for f in _defs(both.old) if f.name in called}
        for func in (f for f in _defs(both.new) if f.name in old):
            hit = _affix_of(old[func.name], func, both.path)
            if hit is not None:
                found.setdefault(hit.name, []).append(hit)
    return found


def _defs(module: ast.Module) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    """The module's functions and its classes' methods (one level), not nested defs."""
    for stmt in module.body:
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
            yield stmt
        elif isinstance(stmt, ast.ClassDef):
            yield from (s for s in stmt.body if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef))


def _affix_of(
    old: ast.FunctionDef | ast.AsyncFunctionDef, new: ast.FunctionDef | ast.AsyncFunctionDef, path: str
) -> Affixed | None:
    """The one affix the new def glues on an element (or a returned value) the old def gave bare, every other
    element and return the same; None otherwise."""
    was, now = _yields(old), _yields(new)
    if len(was) != len(now) or not was:
        return None
    hits: set[tuple[bool, str, str]] = set()
    for (element, before), (still, after) in zip(was, now, strict=True):
        if element != still:
            return None
        if ast.dump(before) == ast.dump(after):
            continue
        glued = _glued(before, after)
        if glued is None:
            return None
        hits.add((element, *glued))
    if len(hits) != 1:
        return None
    element, affix, end = hits.pop()
    return Affixed(new.name, path, element, affix, end)


def _yields(func: ast.FunctionDef | ast.AsyncFunctionDef) -> list[tuple[bool, ast.expr]]:
    """(element?, expression) of what the def gives: each ``return``'s value, or for a return of a local or a
    comprehension, the elements gathered into it (``local.append(x)``, a comprehension's element)."""
    nodes = list(_own(func))
    gathered: dict[str, list[ast.expr]] = {}
    for node in nodes:
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in _GATHERS
            and isinstance(node.func.value, ast.Name)
            and len(node.args) == 1
        ):
            gathered.setdefault(node.func.value.id, []).append(node.args[0])
    found: list[tuple[bool, ast.expr]] = []
    for node in nodes:
        if not isinstance(node, ast.Return) or node.value is None:
            continue
        value = node.value
        if isinstance(value, ast.Name) and value.id in gathered:
            found += [(True, e) for e in gathered[value.id]]
        elif isinstance(value, ast.ListComp | ast.SetComp | ast.GeneratorExp):
            found.append((True, value.elt))
        else:
            found.append((False, value))
    return found


def _own(func: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[ast.AST]:
    """The def's nodes, nested defs and classes (and lambdas) left out."""
    stack: list[ast.AST] = list(func.body)
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            stack.extend(ast.iter_child_nodes(node))


def _glued(before: ast.expr, after: ast.expr) -> tuple[str, str] | None:
    """(affix, "suffix"/"prefix") where ``after`` is ``before`` with a string literal glued on."""
    bare = ast.dump(before)
    if isinstance(after, ast.BinOp) and isinstance(after.op, ast.Add):
        if ast.dump(after.left) == bare and _text(after.right):
            return after.right.value, "suffix"  # type: ignore[attr-defined]
        if ast.dump(after.right) == bare and _text(after.left):
            return after.left.value, "prefix"  # type: ignore[attr-defined]
    if isinstance(after, ast.JoinedStr) and len(after.values) == 2:
        first, second = after.values
        if _formatted(first, bare) and _text(second):
            return second.value, "suffix"  # type: ignore[attr-defined]
        if _text(first) and _formatted(second, bare):
            return first.value, "prefix"  # type: ignore[attr-defined]
    return None


def _text(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and bool(node.value)


def _formatted(node: ast.expr, bare: str) -> bool:
    return (
        isinstance(node, ast.FormattedValue)
        and node.conversion == -1
        and node.format_spec is None
        and ast.dump(node.value) == bare
    )


def _uses(
    path: str, module: ast.Module, owned: set[int], affixed: dict[str, list[Affixed]]
) -> Iterator[tuple[int, Affixed, str]]:
    """(line, hit, the test shown) of each fork-owned exact test of a value against what a def affixed gives."""
    sources = _sources(module, path)
    parents = parent_map(module)
    bound: dict[int, dict[str, ast.expr]] = {}
    for node in walk_spanning(module, owned):
        if not isinstance(node, ast.Compare) or node.lineno not in owned or len(node.ops) != 1:
            continue
        element = isinstance(node.ops[0], ast.In | ast.NotIn)
        if not element and not isinstance(node.ops[0], ast.Eq | ast.NotEq):
            continue
        sides = [node.comparators[0]] if element else [node.left, node.comparators[0]]
        for side in sides:
            other = node.left if side is not node.left else node.comparators[0]
            hit = _held(side, element, node, parents, bound, sources, affixed)
            if (
                hit is None
                and not element
                and isinstance(side, ast.Subscript)
                and not isinstance(side.slice, ast.Slice)
            ):
                hit = _held(side.value, True, node, parents, bound, sources, affixed)  # one element: ``names[0] ==``
            if hit is not None and not _spells(other, hit):
                yield node.lineno, hit, ast.unparse(node)
                break


def _held(
    expr: ast.expr,
    element: bool,
    at: ast.AST,
    parents: dict[int, ast.AST],
    bound: dict[int, dict[str, ast.expr]],
    sources: dict[str, str],
    affixed: dict[str, list[Affixed]],
) -> Affixed | None:
    """The affixed def whose return ``expr`` holds: its call, a wrapper of its call, or a name the enclosing
    function binds once to one of those."""
    if isinstance(expr, ast.Name):
        func = _enclosing(at, parents)
        if func is None:
            return None
        if id(func) not in bound:
            bound[id(func)] = names_bound_once(func)
        value = bound[id(func)].get(expr.id)
        if value is None:
            return None
        expr = value
    if element and isinstance(expr, ast.Call) and last_name(expr.func) in _WRAPPERS and len(expr.args) == 1:
        expr = expr.args[0]
    if not isinstance(expr, ast.Call):
        return None
    name, module = _callee(expr.func, sources)
    return next(
        (h for h in affixed.get(name, []) if h.element == element and dotted_name(h.path) == module),
        None,
    )


def _callee(func: ast.expr, sources: dict[str, str]) -> tuple[str, str]:
    """(name, module it comes from) of a call's callee: a name imported from a module, or read off one."""
    if isinstance(func, ast.Name):
        source = sources.get(func.id, "")
        return (source.rsplit(".", 1)[-1], source.rsplit(".", 1)[0]) if source else ("", "")
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        return func.attr, sources.get(func.value.id, "")
    return "", ""


def _sources(module: ast.Module, path: str) -> dict[str, str]:
    """Local name -> the full name it is imported as (``from a.b import f``: ``a.b.f``; ``import a.b as m`` and
    ``from a import b``: ``a.b``), of the names the module imports once and binds no other way."""
    found: dict[str, list[str]] = {}
    for node in ast.walk(module):
        if isinstance(node, ast.ImportFrom) and not node.level and node.module:
            for alias in node.names:
                found.setdefault(alias.asname or alias.name, []).append(f"{node.module}.{alias.name}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    found.setdefault(alias.asname, []).append(alias.name)
    defined = {n.name for n in ast.walk(module) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)}
    return {k: v[0] for k, v in found.items() if len(v) == 1 and k not in defined}


def _enclosing(node: ast.AST, parents: dict[int, ast.AST]) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    up = parents.get(id(node))
    while up is not None and not isinstance(up, ast.FunctionDef | ast.AsyncFunctionDef):
        up = parents.get(id(up))
    return up


def _spells(value: ast.expr, hit: Affixed) -> bool:
    """The fork's value spells the affix at that end itself: a literal, ``x + "."`` / ``"." + x``, an f-string."""
    edge = _edge(value, hit.end)
    return edge is not None and (edge.endswith(hit.affix) if hit.end == "suffix" else edge.startswith(hit.affix))


def _edge(value: ast.expr, end: str) -> str | None:
    if isinstance(value, ast.Constant) and isinstance(value.value, str):
        return value.value
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Add):
        return _edge(value.right if end == "suffix" else value.left, end)
    if isinstance(value, ast.JoinedStr) and value.values:
        part = value.values[-1 if end == "suffix" else 0]
        return part.value if isinstance(part, ast.Constant) and isinstance(part.value, str) else None
    return None


def _finding(trees: ThreeTrees, path: str, line: int, hit: Affixed, shown: str, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(hit.path, re.escape(hit.affix), pr_pattern)
    what = "each string it returns" if hit.element else "the string it returns"
    where = "ends" if hit.end == "suffix" else "starts"
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        line,
        f"fork-owned line tests {shown[:120]}, but upstream made {hit.name}() spell {what} with {hit.affix!r} at "
        f"its {'end' if hit.end == 'suffix' else 'start'} ({hit.path}{commit}): a value spelled as before never "
        f"matches now (unless the fork's value already {where} with {hit.affix!r})",
    )
