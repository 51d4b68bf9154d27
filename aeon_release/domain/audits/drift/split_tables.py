"""Split table drift: upstream stopped telling a table's keys apart by a word in the key and lists them in a
set instead; a key the fork put into the table holds the word and is not in the set.

#36300: the serving benchmark ran a backend as a pooling one when ``"embeddings" in backend or "rerank" in
backend``; it now asks ``backend in POOLING_BACKENDS``, a new set of keys of ``ASYNC_REQUEST_FUNCS``.  A
fork's ``ASYNC_REQUEST_FUNCS["my-embeddings"] = ...`` merges cleanly and is benchmarked as a generation
backend: wrong requests, wrong metrics, no error.

Upstream's side: a changed Python file that binds, at module level, a set (``{...}``, ``frozenset(...)``) of
two or more strings that did not exist at the base, every one a key of a module-level dict display of the
same file that the fork writes into; a file upstream changed tests membership in it on an added line
(``x in NAME``) and tested a word's presence on a removed one (``"word" in x``).  The fork's side: a
fork-owned ``T["key"] = ...`` (``T.update({"key": ...})``) into that table, imported from the file or read
off it, with a key that holds one of those words and is not in the set: it was told apart by the word and
is not now.  A key without the word was on the other side of the test before and is now: quiet.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.pyindex import dotted_name
from aeon_release.domain.audits.drift.sides import ThreeTrees, both_texts, fork_found
from aeon_release.domain.audits.drift.table_params import module_sources, read_from_module
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import TEST_PATH, lazy_pattern, parse_python

# a fork line writing a string key into a table: ``T["key"] =``, ``T.update({"key":``
_KEYED = lazy_pattern(r"""(\w+)[ \t]*(?:\[[ \t]*["'][^"'\n]+["'][ \t]*\][ \t]*=|\.update[ \t]*\([ \t]*\{)""")
# an added module-level binding of a display: ``NAME = {``, ``NAME: set[str] = frozenset(``
_SET_ADDED = lazy_pattern(r"\n\+[A-Za-z_]\w*[ \t]*(?::[^=\n]*)?=[ \t]*(?:frozenset[ \t]*\(|set[ \t]*\(|\{)")
_WORD_TEST = lazy_pattern(r"""(["'])([\w-]+)\1[ \t]+in[ \t]+((?:\w+\.)*\w+)""")


@dataclass(frozen=True)
class Split:
    """``subset`` (in ``path``) lists some keys of ``table``; upstream's tests of ``words`` in a key went."""

    table: str
    subset: str
    module: str
    path: str
    members: frozenset[str]
    words: frozenset[str]


def split_table_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    tables = fork_found(trees, _KEYED)
    paths = [p for p in trees.upstream.matching(_SET_ADDED, ".py") if not TEST_PATH.search(p)] if tables else []
    paths = sorted(trees.upstream_files_with(tuple(sorted(tables)), paths)) if paths else []  # the table's file
    splits = [s for s in _splits(trees, paths, tables) if s.words] if paths else []
    if not splits:
        return []
    findings: list[Finding] = []
    listed = _fork_listed(trees, {s.subset for s in splits})
    for path in sorted(p for p in trees.mine if p.endswith(".py") and not TEST_PATH.search(p)):
        added = " ".join(trees.mine[path].added.values())
        mine = [s for s in splits if s.table in added]
        module = trees.merged_module(path) if mine else None
        if module is not None:
            findings += [
                _finding(trees, path, line, key, s, pr_pattern)
                for line, key, s in _fork_keys(trees, path, module, mine)
                if key not in listed.get(s.subset, set())
            ]
    return findings


def _fork_listed(trees: ThreeTrees, subsets: set[str]) -> dict[str, set[str]]:
    """set name -> the keys a fork-owned statement of any fork file puts into it: ``SET.add("key")``,
    ``mod.SET |= {"key"}``, ``SET.update(AEON_KEYS)`` with ``AEON_KEYS`` the file's literal collection."""
    found: dict[str, set[str]] = {}
    for path in sorted(p for p in trees.mine if p.endswith(".py") and not TEST_PATH.search(p)):
        added = " ".join(trees.mine[path].added.values())
        named = [n for n in sorted(subsets) if n in added]
        module = trees.merged_module(path) if named else None
        if module is None:
            continue
        owned, consts = trees.owned_lines(path), string_sets(module)
        for stmt in (n for n in ast.walk(module) if isinstance(n, ast.Expr | ast.Assign | ast.AugAssign)):
            inner = list(ast.walk(stmt)) if getattr(stmt, "lineno", 0) in owned else []
            names = {_last(n) for n in inner if isinstance(n, ast.Name | ast.Attribute)}
            keys = {n.value for n in inner if isinstance(n, ast.Constant) and isinstance(n.value, str)}
            keys |= {k for n in names for k in consts.get(n, ())}
            for subset in names & set(named):
                found.setdefault(subset, set()).update(keys)
    return found


# -- upstream's side ------------------------------------------------------------------------------
def _splits(trees: ThreeTrees, paths: list[str], tables: set[str]) -> Iterator[Split]:
    before, after = both_texts(trees, paths)
    for path in paths:
        new = parse_python(after[path] or "", path) if any(t in (after[path] or "") for t in tables) else None
        old = parse_python(before[path] or "", path) if new is not None and before[path] else None
        if new is None:
            continue
        had = set(string_sets(old)) if old is not None else set()
        keys = {name: set(v) for name, v in _key_tables(new).items() if name in tables}
        for subset, members in string_sets(new).items():
            table = next((t for t, k in sorted(keys.items()) if members <= k), None)
            if subset not in had and table is not None and len(members) >= 2:
                words = _retired_words(trees, subset, members)
                yield Split(table, subset, dotted_name(path, roots=("",)), path, members, words)


def string_sets(module: ast.Module) -> dict[str, frozenset[str]]:
    """Module-level ``NAME = {"a", "b"}`` / ``frozenset({...})`` / ``set([...])``: the strings, by name."""
    found = {}
    for stmt in module.body:
        if isinstance(stmt, ast.Assign | ast.AnnAssign) and stmt.value is not None:
            target = stmt.target if isinstance(stmt, ast.AnnAssign) else stmt.targets[0]
            strings = string_members(stmt.value)
            if isinstance(target, ast.Name) and strings is not None:
                found[target.id] = strings
    return found


def string_members(node: ast.expr) -> frozenset[str] | None:
    """The strings of a set, list or tuple display of strings only (``frozenset(...)``/``set(...)`` of one too)."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("set", "frozenset"):
        node = node.args[0] if len(node.args) == 1 else node
    if not isinstance(node, ast.Set | ast.List | ast.Tuple):
        return None
    values = [e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
    return frozenset(values) if len(values) == len(node.elts) else None


def _key_tables(module: ast.Module) -> dict[str, frozenset[str]]:
    """Module-level dict displays keyed by strings: their keys, by name."""
    found = {}
    for stmt in module.body:
        if isinstance(stmt, ast.Assign | ast.AnnAssign) and isinstance(stmt.value, ast.Dict):
            target = stmt.target if isinstance(stmt, ast.AnnAssign) else stmt.targets[0]
            keys = [k.value for k in stmt.value.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)]
            if isinstance(target, ast.Name):
                found[target.id] = frozenset(keys)
    return found


def _retired_words(trees: ThreeTrees, subset: str, members: frozenset[str]) -> frozenset[str]:
    """The words tested in a key on lines removed from the files that test membership in ``subset`` on an
    added line: what told the keys apart before the set did.  Only a word some member holds, tested in the
    value the set now is asked about (``"embeddings" in backend`` -> ``backend in POOLING_BACKENDS``): the
    same change rewriting ``"chat" in endpoint`` says nothing of the table's keys."""
    member = re.compile(rf"((?:\w+\.)*\w+)[ \t]+in[ \t]+(?:\w+\.)?{re.escape(subset)}\b")
    words: set[str] = set()
    for path in trees.upstream:
        change = trees.upstream[path]
        asked = (
            {_tail(m.group(1)) for t in change.added.values() for m in member.finditer(t)}
            if path.endswith(".py")
            else set()
        )
        for hit in (h for line in change.removed for h in _WORD_TEST.finditer(line)) if asked else ():
            if _tail(hit.group(3)) in asked and any(hit.group(2) in m for m in members):
                words.add(hit.group(2))
    return frozenset(words)


def _tail(dotted: str) -> str:
    return dotted.rsplit(".", 1)[-1]


# -- the fork's side ------------------------------------------------------------------------------
def _fork_keys(
    trees: ThreeTrees, path: str, module: ast.Module, splits: list[Split]
) -> Iterator[tuple[int, str, Split]]:
    owned = trees.owned_lines(path)
    sources = module_sources(module, path)
    nodes = [n for n in ast.walk(module) if getattr(n, "lineno", 0) in owned]
    for node in nodes:
        for table, key in _keys_written(node):
            for s in splits:
                if _last(table) == s.table and read_from_module(table, s.module, sources) and _told_apart(key, s):
                    if not _listed(key, s.subset, nodes):
                        yield getattr(node, "lineno", 0), key, s


def _listed(key: str, subset: str, nodes: list[ast.AST]) -> bool:
    """A fork-owned statement names the set and the key: ``SET.add("key")``, ``mod.SET |= {"key"}``, a display
    of its own -- the fork already put the key where upstream now looks."""
    for stmt in (n for n in nodes if isinstance(n, ast.Expr | ast.Assign | ast.AugAssign | ast.AnnAssign)):
        inner = list(ast.walk(stmt))
        if any(isinstance(n, ast.Constant) and n.value == key for n in inner) and any(
            _last(n) == subset for n in inner if isinstance(n, ast.Name | ast.Attribute)
        ):
            return True
    return False


def _keys_written(node: ast.AST) -> Iterator[tuple[ast.expr, str]]:
    """(table, key) a statement writes: ``T["k"] = v``, ``T.update({"k": v})``."""
    if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Subscript):
        key = node.targets[0].slice
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            yield node.targets[0].value, key.value
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "update":
        for arg in node.args[:1]:
            if isinstance(arg, ast.Dict):
                keys = [k.value for k in arg.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)]
                yield from ((node.func.value, k) for k in keys)


def _last(node: ast.expr) -> str:
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""


def _told_apart(key: str, s: Split) -> bool:
    return key not in s.members and any(word in key for word in s.words)


def _finding(trees: ThreeTrees, path: str, line: int, key: str, s: Split, pr_pattern: str) -> Finding:
    word = next(w for w in sorted(s.words) if w in key)
    commit = trees.upstream_commit(s.path, rf"\b{re.escape(s.subset)}\b", pr_pattern, most=5)
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        path,
        line,
        f'fork-owned key "{key}" of {s.table} was told apart by the word "{word}" in it, but upstream now asks '
        f"membership in {s.subset} ({s.path}{commit}), which does not list it: the key is handled as the others "
        f"now; add it to {s.subset} where the fork registers it",
    )
