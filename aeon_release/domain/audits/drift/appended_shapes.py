"""Appended shapes: the entries a function appends to the list it returns became tuples; the fork tests an old one.

#36708 (269bf46d99) made ``_gen_mm_extra_hash_keys`` append ``(mm_feature.identifier, offset - start_token_idx)``
to the ``extra_keys`` it returns where it appended ``mm_feature.identifier``.  The return annotation
(``tuple[list[Any], int]``) stayed, so the element-shape checks (``drift/element_shapes.py``: annotations) have
nothing to compare.  A fork line ``feature.identifier in extra_keys`` (or ``keys[0] == feature.identifier``) after
``extra_keys, _ = _gen_mm_extra_hash_keys(...)`` merges cleanly and is now always false: a tuple never equals the
identifier (blind_replay_kvutils2).

Upstream's side: a function of a changed Python file whose diff removed ``L.append(E)`` and added
``L.append((..., E, ...))`` (a regex gate before parsing), where at the base the function binds ``L`` to an empty
list, only appends to it, and returns it (whole, or at one position of a returned tuple), with ``E`` not a tuple;
and at upstream it still does, every append now a tuple display holding ``E``'s text.  The fork's side, on a line
it owns: a name bound once in a function to that function's call (``keys = f(...)``, ``keys, _ = f(...)`` taking
the list's position; ``f`` imported from upstream's module, or read off the module), then a membership test
(``x.attr in keys``, ``not in``) or an equality with an entry (``keys[i] == x.attr``) whose other side ends in
``E``'s last name: an error, the test is false on every path.  Quiet: a count, a loop, a test against a tuple, a
name bound twice, a function appending anything else beside the tuples.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern

_REMOVED = lazy_pattern(r"^\s*(\w+)\.append\((?!\()(.+)\)\s*$")
_ADDED = lazy_pattern(r"^\s*(\w+)\.append\(\((.+)\)\)\s*$")
_Def = ast.FunctionDef | ast.AsyncFunctionDef


@dataclass(frozen=True)
class Reshaped:
    """``module.func`` returns (at ``position``, None for the whole answer) a list whose entries were ``old`` and
    are now tuples holding it (``new``)."""

    path: str
    module: str
    func: str
    position: int | None
    old: str
    new: str
    attr: str  # the old entry's last name (``identifier``)


def appended_shape_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork tests of an old entry of a returned list whose entries upstream made tuples (see the docstring)."""
    paths = [p for p, c in trees.upstream.items() if p.endswith(".py") and _gated(c.removed, list(c.added.values()))]
    reshaped = [r for path, old, new in parsed_versions(trees, paths) for r in _reshaped(path, old, new)]
    if not reshaped:
        return []
    names = {r.func for r in reshaped}
    findings: list[Finding] = []
    for path, module, owned in fork_modules(trees, lambda line: any(n in line for n in names)):
        imports = file_imports(module, path)
        for func in (n for n in ast.walk(module) if isinstance(n, _Def)):
            for item, line in _tests(func, imports, owned, reshaped):
                findings.append(_finding(trees, path, line, item, pr_pattern))
    return findings


def _gated(removed: list[str], added: list[str]) -> bool:
    """A removed ``L.append(E)`` beside an added ``L.append((..., E, ...))``."""
    if not any(".append((" in a for a in added):
        return False  # the substring first: most diffs append no tuple display
    gone = [(m[1], m[2].strip()) for r in removed if (m := _REMOVED.match(r))]
    made = [(m[1], m[2]) for a in added if (m := _ADDED.match(a))]
    return any(name == other and old in new for name, old in gone for other, new in made)


def _reshaped(path: str, old: ast.Module, new: ast.Module) -> Iterator[Reshaped]:
    before = {f.name: f for f in old.body if isinstance(f, _Def)}
    for func in (f for f in new.body if isinstance(f, _Def)):
        was = before.get(func.name)
        for name, position in _returned_lists(was) if was is not None else ():
            olds, news = _appended(was, name) if was is not None else [], _appended(func, name)
            if (
                not olds
                or not news
                or any(isinstance(e, ast.Tuple) for e in olds)
                or (name, position) not in set(_returned_lists(func))
            ):
                continue
            texts = {ast.unparse(e) for e in olds}
            if len(texts) == 1 and all(isinstance(t, ast.Tuple) and _holds(t, next(iter(texts))) for t in news):
                text = next(iter(texts))
                attr = last_name(olds[0])
                if attr:
                    yield Reshaped(path, dotted_name(path), func.name, position, text, ast.unparse(news[0]), attr)


def _holds(entry: ast.Tuple, text: str) -> bool:
    return any(ast.unparse(e) == text for e in entry.elts)


def _returned_lists(func: _Def) -> list[tuple[str, int | None]]:
    """(name, position) of each local bound to an empty list display the function returns (whole, or at a
    position of a returned tuple display), touched by nothing but ``append``."""
    empties = {
        t.id
        for s in ast.walk(func)
        if isinstance(s, ast.Assign | ast.AnnAssign) and isinstance(s.value, ast.List) and not s.value.elts
        for t in (s.targets if isinstance(s, ast.Assign) else [s.target])
        if isinstance(t, ast.Name)
    }
    found: list[tuple[str, int | None]] = []
    for ret in (n for n in ast.walk(func) if isinstance(n, ast.Return) and n.value is not None):
        value = ret.value
        if isinstance(value, ast.Name) and value.id in empties:
            found.append((value.id, None))
        elif isinstance(value, ast.Tuple):
            found += [(e.id, i) for i, e in enumerate(value.elts) if isinstance(e, ast.Name) and e.id in empties]
    return [f for f in dict.fromkeys(found) if _only_appended(func, f[0])]


def _only_appended(func: _Def, name: str) -> bool:
    """Every method call on the local is ``append``; no ``+=``, no subscript store."""
    for node in ast.walk(func):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == name:
            if node.attr != "append":
                return False
        if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name) and node.target.id == name:
            return False
    return True


def _appended(func: _Def, name: str) -> list[ast.expr]:
    return [
        n.args[0]
        for n in ast.walk(func)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and n.func.attr == "append"
        and isinstance(n.func.value, ast.Name)
        and n.func.value.id == name
        and len(n.args) == 1
    ]


def _tests(
    func: _Def, imports: dict[str, tuple[str, str]], owned: set[int], reshaped: list[Reshaped]
) -> Iterator[tuple[Reshaped, int]]:
    bound = _bound(func, imports, reshaped)
    for node in ast.walk(func):
        if not isinstance(node, ast.Compare) or len(node.ops) != 1 or node.lineno not in owned:
            continue
        left, op, right = node.left, node.ops[0], node.comparators[0]
        if isinstance(op, ast.In | ast.NotIn) and isinstance(right, ast.Name) and right.id in bound:
            item = bound[right.id]
            if last_name(left) == item.attr:
                yield item, node.lineno
        elif isinstance(op, ast.Eq | ast.NotEq):
            for entry, other in ((left, right), (right, left)):
                held = _entry_of(entry, bound)
                if held is not None and last_name(other) == held.attr:
                    yield held, node.lineno
                    break


def _entry_of(expr: ast.expr, bound: dict[str, Reshaped]) -> Reshaped | None:
    """``keys[i]`` of a bound name."""
    if isinstance(expr, ast.Subscript) and isinstance(expr.value, ast.Name):
        return bound.get(expr.value.id)
    return None


def _bound(func: _Def, imports: dict[str, tuple[str, str]], reshaped: list[Reshaped]) -> dict[str, Reshaped]:
    """Names the function binds once to a reshaped function's list (``keys = f(...)``, ``keys, _ = f(...)``)."""
    counts: dict[str, int] = {}
    found: dict[str, Reshaped] = {}
    for node in ast.walk(func):
        if not isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign | ast.For):
            continue
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        for target in targets:
            for name in (n.id for n in ast.walk(target) if isinstance(n, ast.Name)):
                counts[name] = counts.get(name, 0) + 1
        call = node.value if isinstance(node, ast.Assign) else None
        origin = imported_origin(call.func, imports) if isinstance(call, ast.Call) else None
        item = next((r for r in reshaped if origin == (r.module, r.func)), None)
        if item is None or len(targets) != 1:
            continue
        target = targets[0]
        if item.position is None and isinstance(target, ast.Name):
            found[target.id] = item
        elif item.position is not None and isinstance(target, ast.Tuple) and item.position < len(target.elts):
            picked = target.elts[item.position]
            if isinstance(picked, ast.Name):
                found[picked.id] = item
    return {n: r for n, r in found.items() if counts.get(n) == 1}


def _finding(trees: ThreeTrees, path: str, line: int, item: Reshaped, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(item.path, r"\.append\(\(", pr_pattern)
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        path,
        line,
        f"tests an entry of {item.func}()'s list against `{item.old}`, but upstream's {item.func} now appends "
        f"`{item.new}` ({item.path}{commit}): a tuple never equals the old entry, so the test is false on every "
        "path; compare with the tuple's element instead",
    )
