"""Skip flags: a flag a method upstream tested to return early, which the fork sets to skip it, no longer tested.

#32189 (d2389c1262) split online quantization out of ``Fp8LinearMethod``, and its
``process_weights_after_loading`` no longer opens with ``if getattr(layer,
"_already_called_process_weights_after_loading", False): return`` (only the new ``Fp8OnlineLinearMethod``
does).  A fork that loads a layer's weights its own way and sets
``layer._already_called_process_weights_after_loading = True`` to skip ``Fp8LinearMethod``'s pass merges cleanly;
the pass now runs over the fork's weights (transposed twice, requantized).  Nothing was removed: the flag's name
lives on in other classes of the file.

Upstream's side: a method of a class of a changed file, in both versions, that at the base opened with ``if
getattr(P, "<flag>", ...): return`` on a parameter ``P`` and at upstream opens otherwise.

The fork's side, on a line it owns: a store of ``<flag>`` on an object (``layer.<flag> = ...``,
``setattr(layer, "<flag>", ...)``) in a function that names the class (an annotation, an ``isinstance`` test, a
build): an error, the class's method no longer skips.  A store in a function naming no such class is a warning
(other classes of the file may still read the flag).  Quiet: a flag the method still tests, a store in a function
naming only another class that still tests it, a store of a false constant (review100); a function naming such a
class too warns.

Cheap first: only upstream files whose removed lines name ``getattr(``, upstream's texts parsed only when a fork line
holds a flag a method opened with at the base (perf32), the base's only when a fork line holds a flag a getattr call
of their text spells plainly, or one spells its flag otherwise (perf35), and only fork files naming a dropped flag.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.own_fields import file_classes
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.repeated_hooks import opening_flag
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, both_texts, fork_added, gateable, parsed_versions
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parent_map, parse_python, str_value

_MOST_FILES = 32
# perf35: each ``getattr`` word of a base text, read as ``opening_flag`` reads its call: a bare name then a plain
# quoted word closed by ``,`` or ``)`` (no escape, prefix or implicit concatenation: the word is the string's
# value), or a call that names no flag: its first argument no bare name (a dot, a subscript or a call follows the
# word), or its second a bare name (``getattr(layer, scale_attr)``)
_GETATTR = lazy_pattern(r"getattr(?<!\wgetattr)(?!\w)")  # the word; led by its literal, scanned for (perf33)
_PLAIN_FLAG = lazy_pattern(r"\s*\(\s*\w+\s*,\s*([\"'])(\w+)\1\s*[,)]")
_NO_FLAG = lazy_pattern(r"\s*\(\s*\w+\s*(?:[.\[(]|,\s*\w+\s*[,)])")


@dataclass(frozen=True)
class Dropped:
    """``cls.method`` (of ``path``) no longer returns early on ``flag``; ``keepers``: the file's classes whose
    methods still test it."""

    path: str
    cls: str
    method: str
    flag: str
    keepers: frozenset[str]


def skip_flag_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    paths = [
        p
        for p in sorted(trees.upstream)
        if p.endswith(".py") and any("getattr(" in r for r in trees.upstream[p].removed)
    ][:_MOST_FILES]
    if not paths or not _fork_holds_a_flag(trees, paths):
        return []
    dropped = [d for path, old, new in parsed_versions(trees, paths) for d in _dropped(path, old, new)]
    if not dropped:
        return []
    flags = {d.flag for d in dropped}
    return [
        _finding(trees, path, line, item, sure, pr_pattern)
        for path, module, owned in fork_modules(trees, lambda line: any(f in line for f in flags))
        for item, line, sure in _fork_stores(path, module, dropped)
        if line in owned
    ]


def _fork_holds_a_flag(trees: ThreeTrees, paths: list[str]) -> bool:
    """Whether a line the fork added holds a flag a method of some candidate opened with at the base: a dropped
    flag is one, and a finding's fork file holds it on an added line (``fork_modules``).  perf32: only the base's
    texts are parsed for a fork holding none (both versions' parses cost ~100 ms at 80 commits); a flag is a
    string's value, which no text gate reads exactly (escapes, implicit concatenation)."""
    before, _ = both_texts(trees, paths)
    added = "\n".join(fork_added(trees))
    plain = [_plain_flags(before[path] or "") for path in paths]
    if all(found is not None for found in plain) and not any(f in added for found in plain for f in found or ()):
        return False
    flags = {
        flag
        for path in paths
        if (module := parse_python(before[path] or "", path)) is not None
        for cls in file_classes(module.body)
        for method in cls.body
        if isinstance(method, ast.FunctionDef) and (flag := opening_flag(method)) is not None
    }
    return any(flag in line for line in fork_added(trees) for flag in flags)


def _plain_flags(text: str) -> set[str] | None:
    """A superset of the flags ``opening_flag`` reads in ``text``, read from its text (perf35: the base's parses
    were the check's whole cost, ~85 ms at 80 commits, for a fork holding no flag); None when a ``getattr`` word's
    call could name a flag the text does not spell plainly (an escape, a concatenation, a comment or a line's
    continuation between its tokens, a parenthesised ``(getattr)``), or a name the parser folds (``gateable``)."""
    if not gateable(text):
        return None
    flags: set[str] = set()
    for word in _GETATTR.finditer(text):
        if plain := _PLAIN_FLAG.match(text, word.end()):
            flags.add(plain.group(2))
        elif not _NO_FLAG.match(text, word.end()):
            return None
    return flags


def _dropped(path: str, old: ast.Module, new: ast.Module) -> Iterator[Dropped]:
    after = {c.name: c for c in file_classes(new.body)}
    keepers: dict[str, set[str]] = {}
    for cls in after.values():
        for method in (m for m in cls.body if isinstance(m, ast.FunctionDef)):
            flag = opening_flag(method)
            if flag is not None:
                keepers.setdefault(flag, set()).add(cls.name)
    for was in file_classes(old.body):
        now = after.get(was.name)
        if now is not None:
            yield from _dropped_in(path, was, now, keepers)


def _dropped_in(path: str, was: ast.ClassDef, now: ast.ClassDef, keepers: dict[str, set[str]]) -> Iterator[Dropped]:
    for method in (m for m in was.body if isinstance(m, ast.FunctionDef)):
        flag = opening_flag(method)
        new_method = next((m for m in now.body if isinstance(m, ast.FunctionDef) and m.name == method.name), None)
        if flag is not None and new_method is not None and opening_flag(new_method) != flag:
            yield Dropped(path, was.name, method.name, flag, frozenset(keepers.get(flag, set()) - {was.name}))


def _fork_stores(path: str, module: ast.Module, dropped: list[Dropped]) -> Iterator[tuple[Dropped, int, bool]]:
    imports = file_imports(module, path)
    parents = parent_map(module)
    for node in ast.walk(module):
        flag = _stored_flag(node)
        for item in (d for d in dropped if d.flag == flag):
            named = _classes_named(_enclosing(node, parents), imports, item)
            # review100: a function naming a class that still tests the flag too may store it for that one
            if item.cls in named:
                yield item, getattr(node, "lineno", 0), not (named & item.keepers)
            elif not named:
                yield item, getattr(node, "lineno", 0), False


def _stored_flag(node: ast.AST) -> str | None:
    """The flag a statement sets on an object; a store of a false constant (``False``, ``None``, ``0``) asks
    for the method to run, which it now does (review100): none."""
    if isinstance(node, ast.Assign) and not _false(node.value):
        return next((t.attr for t in node.targets if isinstance(t, ast.Attribute)), None)
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
        call = node.value
        if isinstance(call.func, ast.Name) and call.func.id == "setattr" and len(call.args) == 3:
            return None if _false(call.args[2]) else str_value(call.args[1])
    return None


def _false(value: ast.expr) -> bool:
    return isinstance(value, ast.Constant) and not value.value


def _enclosing(node: ast.AST, parents: dict[int, ast.AST]) -> ast.AST | None:
    func = parents.get(id(node))
    while func is not None and not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
        func = parents.get(id(func))
    return func


def _classes_named(func: ast.AST | None, imports: dict[str, tuple[str, str]], item: Dropped) -> set[str]:
    """The upstream file's classes (the changed one, or one still testing the flag) the function names."""
    if func is None:
        return set()
    module = dotted_name(item.path, roots=("",))
    wanted = {item.cls, *item.keepers}
    found: set[str] = set()
    for node in ast.walk(func):
        if isinstance(node, ast.Name | ast.Attribute):
            origin = imported_origin(node, imports)
            if origin is None and isinstance(node, ast.Name):
                origin = imports.get(node.id)
            if origin is not None and origin[0] == module and origin[1] in wanted:
                found.add(origin[1])
    return found


def _finding(trees: ThreeTrees, path: str, line: int, item: Dropped, sure: bool, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(item.path, rf"def[[:space:]]+{item.method}\b", pr_pattern)
    hedge = "" if sure else f" (if this object reaches {item.cls})"
    return Finding(
        RULE,
        "merge",
        Severity.ERROR if sure else Severity.WARNING,
        path,
        line,
        f"fork-owned store of the flag {item.flag!r}, but upstream ({item.path}{commit}) no longer has "
        f"{item.cls}.{item.method} return early on it{hedge}: the method now runs anyway; skip it another way",
    )
