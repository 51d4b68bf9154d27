"""Dropped key drift: a key upstream took out of a module's table, or out of the dict a function returns,
that the fork still reads by its literal.

#45128 took ``"InternLMForCausalLM": ("llama", "LlamaForCausalLM")`` out of the registry's
``_TEXT_GENERATION_MODELS`` (the name moved to ``_PREVIOUSLY_SUPPORTED_MODELS``, beside the version that
dropped it): a fork's ``_TEXT_GENERATION_MODELS["InternLMForCausalLM"]`` merges cleanly and raises
``KeyError``.  #32243 renamed the ``"normalize"`` entry of the dict ``get_pooling_config`` returns to
``"use_activation"``: a fork's ``get_pooling_config(model)["normalize"]`` raises, its ``.get("normalize")``
answers None for good.  The word lives on (a key of another table, a variable), so name drift, which asks
whether a name is gone, keeps quiet.

Upstream's side: a changed Python file whose diff removed a line quoting a key before a colon; parsed at
the base and at upstream, a top-level table (``NAME = {...}``, annotated or not) whose dict display held the
key at the base and does not now while an added line of the file still holds it as a key (moved to another
table: a key dropped outright is key drift's, ``keys.py``), or a top-level function every ``return`` of which hands back a dict
display (or ``None``), directly or through a name the function binds only to dict displays and fills only
by literal subscripts, whose keys held it at the base and do not now.  A table upstream fills another way
(the file writes into it, spreads ``**`` into it, binds its name again, as a guarded ``NAME = {**NAME,
"key": ...}``; another file writes the key into it) or a function
whose dict is built another way (a comprehension, ``dict(...)``, ``update``) is left alone: its keys are
not all in sight.

The fork's side, on lines it owns: a subscript read ``NAME["key"]`` of the table, which the file imports
from its module (``from m import NAME``, ``m.NAME``) or is; or ``f(...)["key"]`` of the function, also
through ``(f(...) or {})`` or a name its scope binds once to one of those.  An error (``KeyError``);
``.get("key")`` is a warning (a default may be what the fork wants).  Quiet where the fork's file writes
the key or asks about it (``"key" in``), and where a ``KeyError`` is caught around the read; quiet for
good where a line the fork owns writes the key back into the table (``NAME["key"] =``, ``update({...})``,
``setdefault("key", ...)``, ``|=``, ``NAME = {**NAME, ...}``, also as ``module.NAME``).
"""

from __future__ import annotations

import ast
import collections
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.dropped_choices import assigned
from aeon_release.domain.audits.drift.kept_keys import kept_keys
from aeon_release.domain.audits.drift.pyindex import dotted_name, import_base
from aeon_release.domain.audits.drift.quoted_keys import quoted_keys
from aeon_release.domain.audits.drift.sides import ThreeTrees, both_texts, fork_found
from aeon_release.domain.audits.merge_rules import KEY_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import TEST_PATH, lazy_pattern, own_scope_nodes, parse_python

# a removed line quoting a key before a colon (a dict display's entry)
_REMOVED_KEY = lazy_pattern(r"""\n-[^\n]*["'][^"'\n]+["'][ \t]*:""")
# a quoted key before a colon on one diff line (as key drift reads a display's entries)
_KEY_ENTRY = lazy_pattern(r"""(?:^[-+][ \t]*|[{,][ \t]*)["']([^"'\n]+)["'][ \t]*:""")
# every text between two quotes, overlapping (an apostrophe in a comment must not pair with a key's quote)
_QUOTED = lazy_pattern(r"""(?=["']([^"'\n]+)["'])""")
_FILLS = ("update", "setdefault", "__setitem__")
# an added line that is a quoted string and a comma: an element of a set, list or tuple display
_ADDED_ELEMENT = lazy_pattern(r"""\n\+[ \t]*["'][^"'\n]+["'][ \t]*,""")


@dataclass(frozen=True)
class Dropped:
    """``key`` left the table or the returned dict of ``name`` (a top-level name of ``path``)."""

    name: str
    path: str
    key: str
    function: bool  # the dict ``name(...)`` returns, not the table ``name``
    now: str  # another top-level table of the file holding the key now, else ""
    skipped: bool = False  # the function's filling loop skips the key now (its returned dict is no display)


def dropped_key_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    # a finding is a fork line quoting the key: upstream files whose removed lines quote none the fork's lines
    # quote are not parsed (a 2,000-commit release parsed 310 files, 4.3 s, for a fork reading no such key)
    quoted = fork_found(trees, _QUOTED)
    paths = [
        p
        for p in (trees.upstream.matching(_REMOVED_KEY, ".py") if quoted else [])
        if not TEST_PATH.search(p) and not quoted.isdisjoint(_QUOTED.findall("\n".join(trees.upstream[p].removed)))
    ]
    # #30809 put a key into the set a function's filling loop skips on: an added element line, no removed key
    skipping = [
        p
        for p in (trees.upstream.matching(_ADDED_ELEMENT, ".py") if quoted else [])
        if p not in paths
        and not TEST_PATH.search(p)
        and not quoted.isdisjoint(_QUOTED.findall("\n".join(trees.upstream[p].added.values())))
    ]
    paths += skipping
    dropped = _dropped(trees, paths) if paths else []
    dropped = _not_kept(trees, dropped) if dropped else []
    if not dropped:
        return []
    findings: list[Finding] = []
    for path in sorted(p for p in trees.mine if p.endswith(".py") and not TEST_PATH.search(p)):
        added = " ".join(trees.mine[path].added.values())
        quoted = set(_QUOTED.findall(added))
        mine = [d for d in dropped if d.key in quoted and d.name in added]
        bare = [d for d in dropped if d.key in quoted and not d.function and d.name not in added]
        module = trees.merged_module(path) if mine or bare else None
        if module is not None:
            findings += _fork_reads(trees, path, module, mine, pr_pattern) if mine else []
            findings += quoted_keys(path, module, trees.owned_lines(path), list(bare))
    return findings


def _not_kept(trees: ThreeTrees, dropped: list[Dropped]) -> list[Dropped]:
    """The dropped keys the fork does not keep: the merged file still holds the key where upstream dropped
    it (the fork's patch keeps it), or a line the fork owns writes it back into the table (in a plugin of its
    own): ``NAME["key"] = ...``, ``NAME.update({"key": ...})``, ``NAME.setdefault("key", ...)``,
    ``NAME |= {...}``, ``NAME = {**NAME, "key": ...}``, also through a module (``registry.NAME``).  Each
    file's tables are read once, the fork's writes once, for all keys (thousands move in one change)."""
    held: dict[tuple[str, bool], dict[str, set[str] | None] | None] = {}
    for path, function in {(d.path, d.function) for d in dropped}:
        merged = trees.merged_module(path)
        held[(path, function)] = None if merged is None else _returned(merged) if function else _tables(merged)
    written = _fork_writes(trees, {d.name for d in dropped if not d.function})
    skips = _merged_skips(trees, {d.path for d in dropped if d.skipped})
    return [
        d
        for d in dropped
        if (
            d.key in skips.get((d.path, d.name), set())
            if d.skipped
            else not _kept(d, held[(d.path, d.function)], written)
        )
    ]


def _merged_skips(trees: ThreeTrees, paths: set[str]) -> dict[tuple[str, str], set[str]]:
    """(path, function) -> the keys its loop skips in the merged file (a fork patch may have taken one out)."""
    found: dict[tuple[str, str], set[str]] = {}
    for path in paths:
        merged = trees.merged_module(path)
        for stmt in merged.body if merged is not None else []:
            if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
                found[(path, stmt.name)] = _skipped(stmt)
    return found


def _kept(d: Dropped, tables: dict[str, set[str] | None] | None, written: set[tuple[str, str]]) -> bool:
    if tables is None:  # the merged tree has no such file to read
        return False
    table = tables.get(d.name)
    return table is None or d.key in table or (not d.function and (d.name, d.key) in written)


def _fork_writes(trees: ThreeTrees, names: set[str]) -> set[tuple[str, str]]:
    """(table name, key) a line the fork owns writes into a table of one of ``names``."""
    found: set[tuple[str, str]] = set()
    for path in sorted(p for p in trees.mine if p.endswith(".py")):
        added = " ".join(trees.mine[path].added.values())
        module = trees.merged_module(path) if any(n in added for n in names) else None
        if module is not None:
            owned = trees.owned_lines(path)
            found |= {(n, k) for line, n, k in _writes(module) if n in names and line in owned}
    return found


def _writes(module: ast.Module) -> Iterator[tuple[int, str, str]]:
    """(line, table's last name, key) of every literal key written into a table."""
    for node in ast.walk(module):
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store) and _str(node.slice):
            yield node.lineno, _last(node.value), _str(node.slice)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _FILLS:
            yield from _filled_keys(node, node.func.value, node.args[:1])
        elif isinstance(node, ast.AugAssign | ast.Assign) and isinstance(node.value, ast.Dict):
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                yield from _filled_keys(node, target, [node.value])


def _filled_keys(node: ast.AST, table: ast.expr, values: list[ast.expr]) -> Iterator[tuple[int, str, str]]:
    """The literal keys ``values`` put into ``table``: a key itself, or the keys of a dict display; a
    keyword of ``update(k=...)`` too."""
    line, name = getattr(node, "lineno", 0), _last(table)
    for value in values:
        if _str(value):
            yield line, name, _str(value)
        elif isinstance(value, ast.Dict):
            yield from ((line, name, _str(k)) for k in value.keys if k is not None and _str(k))
    if isinstance(node, ast.Call):
        yield from ((line, name, k.arg) for k in node.keywords if k.arg)


def _last(node: ast.expr) -> str:
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""


# -- upstream's side ------------------------------------------------------------------------------
def _dropped(trees: ThreeTrees, paths: list[str]) -> list[Dropped]:
    before, after = both_texts(trees, paths)
    found: list[Dropped] = []
    for path in paths:
        old = parse_python(before[path] or "", path) if before[path] else None
        new = parse_python(after[path] or "", path) if after[path] else None
        if old is not None and new is not None:
            found += _tables_dropped(trees, path, old, new) + _returns_dropped(path, old, new)
            found += _skips_dropped(path, old, new)
    return found


def _skips_dropped(path: str, old: ast.Module, new: ast.Module) -> list[Dropped]:
    """Keys a top-level function's filling loop now skips (#30809 put the AOT-load variable's name into
    ``compile_factors``' ``ignored_factors``, the set its ``for factor, getter in ...: if factor in ignored: continue``
    loop skips on before it stores ``factors[factor]``): the dict it returns holds the key no more."""
    was = {s.name: _skipped(s) for s in old.body if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef)}
    return [
        Dropped(stmt.name, path, key, True, "", skipped=True)
        for stmt in new.body
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef) and stmt.name in was
        for key in sorted(_skipped(stmt) - was[stmt.name])
    ]


def _skipped(func: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The string keys the function's loop skips: the elements of a set, list or tuple display the function binds
    to a name, tested by a loop's first-level ``if key in NAME: continue``, where the loop stores by that key into
    a dict the function returns by name (``factors[factor] = ...``, ``return factors``)."""
    nodes = list(_own_nodes(func))
    displays = {
        target.id: _strings(stmt.value)
        for stmt in nodes
        if isinstance(stmt, ast.Assign | ast.AnnAssign) and stmt.value is not None
        for target in _targets(stmt)
        if isinstance(target, ast.Name)
    }
    returned = {n.value.id for n in nodes if isinstance(n, ast.Return) and isinstance(n.value, ast.Name)}
    skipped: set[str] = set()
    for loop in (n for n in nodes if isinstance(n, ast.For | ast.AsyncFor)):
        stored = {
            _head(t.value)
            for n in ast.walk(loop)
            if isinstance(n, ast.Assign)
            for t in n.targets
            if isinstance(t, ast.Subscript)
        }
        if not stored & returned:
            continue
        for stmt in loop.body:
            test = stmt.test if isinstance(stmt, ast.If) and isinstance(stmt.body[0], ast.Continue) else None
            if (
                isinstance(test, ast.Compare)
                and isinstance(test.ops[0], ast.In)
                and isinstance(test.comparators[0], ast.Name)
            ):
                skipped |= displays.get(test.comparators[0].id) or set()
    return skipped


def _strings(node: ast.expr) -> set[str] | None:
    """The strings of a set, list or tuple display of strings only (``frozenset({...})`` too)."""
    if isinstance(node, ast.Call) and node.args and _head(node.func) in ("frozenset", "set", "tuple"):
        node = node.args[0]
    if not isinstance(node, ast.Set | ast.List | ast.Tuple):
        return None
    items = [e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
    return set(items) if len(items) == len(node.elts) else None


def _tables_dropped(trees: ThreeTrees, path: str, old: ast.Module, new: ast.Module) -> list[Dropped]:
    """Keys a table lost that an added line of the file still holds as a key (moved to another table, or
    the table rewritten): a key no added line holds is key drift's (``keys.py``, a table's dropped key)."""
    was, now = _tables(old), _tables(new)
    readded = {k for line in trees.upstream[path].added.values() for k in _KEY_ENTRY.findall("+" + line)}
    # the module's walks for its filled tables only when a table lost a key an added line holds (perf40)
    if not any(keys is not None and ((was.get(name) or set()) - keys) & readded for name, keys in now.items()):
        return []
    filled = _filled_tables(new)
    holders = {k: n for n, keys in sorted(now.items(), reverse=True) for k in keys or ()}
    found = []
    for name, keys in now.items():
        if keys is None or name in filled or was.get(name) is None:
            continue
        gone = ((was[name] or set()) - keys) & readded
        for key in sorted(gone - _written_elsewhere(trees, path, name) if gone else set()):
            found.append(Dropped(name, path, key, False, holders.get(key, "")))
    return found


def _tables(module: ast.Module) -> dict[str, set[str] | None]:
    """Top-level name -> the string keys of the dict display bound to it (None: a ``**`` spread or a key
    that is no string literal, so not every key is in sight)."""
    tables: dict[str, set[str] | None] = {}
    for stmt in module.body:
        target, value = assigned(stmt)
        if target and isinstance(value, ast.Dict):
            tables[target] = _display_keys(value)
    return tables


def _display_keys(node: ast.Dict) -> set[str] | None:
    keys = [k.value if isinstance(k, ast.Constant) and isinstance(k.value, str) else None for k in node.keys]
    return None if None in keys else {k for k in keys if k is not None}


def _filled_tables(module: ast.Module) -> set[str]:
    """Names the module writes into after binding them: a subscript store, ``update``/``setdefault``/
    ``|=``, or a ``**`` spread of them into a display (their keys are then another table's too); and names
    it binds more than once (``_TEXT_MODELS = {**_TEXT_MODELS, "K": ...}`` under a ``try``: the key may
    come back)."""
    stores = collections.Counter(
        n.id for n in ast.walk(module) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
    )
    filled: set[str] = {name for name, count in stores.items() if count > 1}
    for node in ast.walk(module):
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store | ast.Del):
            filled.add(_head(node.value))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in ("update", "setdefault", "pop", "clear"):
                filled.add(_head(node.func.value))
        elif isinstance(node, ast.AugAssign):
            filled.add(_head(node.target))
    return filled - {""}


def _head(node: ast.expr) -> str:
    return node.id if isinstance(node, ast.Name) else ""


def _str(node: ast.expr) -> str:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else ""


def _written_elsewhere(trees: ThreeTrees, path: str, name: str) -> set[str]:
    """The keys other upstream files write into the table (``NAME["key"] = ...``): one grep and one batch
    of blobs for every key of the table."""
    others = sorted(trees.python_files_with((f"{name}[",)) - {path})
    store = re.compile(rf"""\b{re.escape(name)}\[\s*["']([^"'\n]+)["']\s*\]\s*=[^=]""")
    return {key for text in trees.blobs(trees.theirs, others).values() for key in store.findall(text or "")}


def _returns_dropped(path: str, old: ast.Module, new: ast.Module) -> list[Dropped]:
    was, now = _returned(old), _returned(new)
    return [
        Dropped(name, path, key, True, "")
        for name, keys in now.items()
        if keys is not None and was.get(name) is not None
        for key in sorted((was[name] or set()) - keys)
    ]


def _returned(module: ast.Module) -> dict[str, set[str] | None]:
    """Top-level function -> the string keys of the dicts it returns (None: some return is not in sight)."""
    return {
        stmt.name: _function_keys(stmt)
        for stmt in module.body
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef)
    }


def _function_keys(func: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str] | None:
    keys: set[str] = set()
    returns = [n for n in _own_nodes(func) if isinstance(n, ast.Return) and n.value is not None]
    for ret in returns:
        value = ret.value
        if isinstance(value, ast.Constant) and value.value is None:
            continue
        got = _display_keys(value) if isinstance(value, ast.Dict) else None
        if isinstance(value, ast.Name):
            got = _name_keys(func, value.id)
        if got is None:
            return None
        keys |= got
    return keys if returns and keys else None


def _name_keys(func: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> set[str] | None:
    """The keys of ``name`` in ``func``: bound only to dict displays, filled only by literal subscripts."""
    nodes = list(_own_nodes(func))
    plain = {id(t) for n in nodes if isinstance(n, ast.stmt) and assigned(n)[0] == name for t in _targets(n)}
    keys: set[str] = set()
    bound = False
    for node in nodes:
        target, value = assigned(node) if isinstance(node, ast.stmt) else ("", None)
        if target == name:
            got = _display_keys(value) if isinstance(value, ast.Dict) else None
            if got is None:
                return None
            keys, bound = keys | got, True
        elif isinstance(node, ast.Subscript) and _head(node.value) == name and isinstance(node.ctx, ast.Store):
            if not _str(node.slice):
                return None
            keys.add(_str(node.slice))
        elif _rebinds_or_fills(node, name, plain):
            return None
    return keys if bound else None


def _targets(stmt: ast.stmt) -> list[ast.expr]:
    return (
        list(stmt.targets) if isinstance(stmt, ast.Assign) else [stmt.target] if isinstance(stmt, ast.AnnAssign) else []
    )


def _rebinds_or_fills(node: ast.AST, name: str, plain: set[int]) -> bool:
    """``name`` bound another way (a loop, ``with``, a walrus, a parameter, ``+=``) or filled by a method."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and _head(node.func.value) == name:
        return node.func.attr in ("update", "setdefault", "pop", "clear", "__setitem__")
    if isinstance(node, ast.AugAssign):
        return _head(node.target) == name
    if isinstance(node, ast.arg):
        return node.arg == name
    return isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store) and id(node) not in plain


def _own_nodes(func: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[ast.AST]:
    """The nodes of ``func``'s body outside nested defs and classes (their names are theirs), its parameters."""
    args = func.args
    yield from [*args.posonlyargs, *args.args, *args.kwonlyargs]
    stack: list[ast.AST] = list(reversed(func.body))
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            stack.extend(reversed(list(ast.iter_child_nodes(node))))


# -- the fork's side ------------------------------------------------------------------------------
def _fork_reads(
    trees: ThreeTrees, path: str, module: ast.Module, dropped: list[Dropped], pr_pattern: str
) -> list[Finding]:
    owned = trees.owned_lines(path)
    if not owned:
        return []
    names = _imported(module, path)
    kept = kept_keys(module)
    findings: list[Finding] = []
    seen: set[int] = set()
    for scope in _scopes(module):
        calls = _call_names(scope)
        for line, receiver, key, how in _key_reads(scope):
            if line not in owned or line in seen or kept.keeps(key, line, ""):
                continue
            hit = _which(receiver, key, dropped, names, calls, path)
            if hit is not None:
                seen.add(line)
                findings.append(_finding(trees, path, line, hit, how, pr_pattern))
    return findings


def _scopes(module: ast.Module) -> Iterator[ast.AST]:
    yield module
    for node in ast.walk(module):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield node


def _key_reads(scope: ast.AST) -> Iterator[tuple[int, ast.expr, str, str]]:
    """(line, receiver ``x``, key, "[]" or "get") for ``x["key"]`` (a read) and ``x.get("key"...)``."""
    for node in own_scope_nodes(scope):
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load) and (key := _str(node.slice)):
            yield node.lineno, node.value, key, "[]"
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get"
            and node.args
            and (key := _str(node.args[0]))
        ):
            yield node.lineno, node.func.value, key, "get"


def _call_names(scope: ast.AST) -> dict[str, ast.expr]:
    """Names the scope binds exactly once, to what (``x = f(...)``); a name bound twice maps to nothing."""
    nodes = list(own_scope_nodes(scope))
    plain = {id(t) for n in nodes if isinstance(n, ast.stmt) and assigned(n)[0] for t in _targets(n)}
    bound: dict[str, list[ast.expr | None]] = {}
    for node in nodes:
        target, value = assigned(node) if isinstance(node, ast.stmt) else ("", None)
        if target:
            bound.setdefault(target, []).append(value)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store) and id(node) not in plain:
            bound.setdefault(node.id, []).append(None)
        elif isinstance(node, ast.arg):
            bound.setdefault(node.arg, []).append(None)
    return {n: v[0] for n, v in bound.items() if len(v) == 1 and v[0] is not None}


def _which(
    receiver: ast.expr,
    key: str,
    dropped: list[Dropped],
    names: dict[str, str],
    calls: dict[str, ast.expr],
    path: str,
) -> Dropped | None:
    """The dropped key ``receiver[key]`` reads: the table itself, or a call of the function."""
    if isinstance(receiver, ast.Name) and receiver.id in calls:
        receiver = calls[receiver.id]
    if isinstance(receiver, ast.BoolOp) and isinstance(receiver.op, ast.Or):
        receiver = receiver.values[0]
    called = isinstance(receiver, ast.Call)
    target = _resolve(receiver.func if isinstance(receiver, ast.Call) else receiver, names)
    for d in dropped:
        if d.key == key and d.function == called and _is(target, d, path, receiver):
            return d
    return None


def _is(target: str, d: Dropped, path: str, receiver: ast.expr) -> bool:
    home = dotted_name(d.path, roots=("",))
    if target == f"{home}.{d.name}":
        return True
    own = receiver.func if isinstance(receiver, ast.Call) else receiver
    return path == d.path and isinstance(own, ast.Name) and own.id == d.name and not target


def _resolve(node: ast.expr, names: dict[str, str]) -> str:
    """The dotted name ``node`` (``x`` or ``m.x``) stands for through the file's imports, else ""."""
    if isinstance(node, ast.Name):
        return names.get(node.id, "")
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in names:
        return f"{names[node.value.id]}.{node.attr}"
    return ""


def _imported(module: ast.Module, path: str) -> dict[str, str]:
    """Local name -> the dotted name it imports (``from m import x``: ``m.x``; ``import m as y``: ``m``)."""
    names: dict[str, str] = {}
    here = dotted_name(path, roots=("",))
    for node in ast.walk(module):
        if isinstance(node, ast.ImportFrom):
            source = import_base(node, here, path)
            names |= {a.asname or a.name: f"{source}.{a.name}" for a in node.names}
        elif isinstance(node, ast.Import):
            names |= {a.asname: a.name for a in node.names if a.asname}
    return names


def _finding(trees: ThreeTrees, path: str, line: int, d: Dropped, how: str, pr_pattern: str) -> Finding:
    quoted = re.escape(d.key)
    commit = trees.upstream_commit(d.path, f"[\"']{quoted}[\"']", pr_pattern, most=5)
    what = f"the dict {d.name}() returns" if d.function else f"the table {d.name}"
    now = f"; it sits in {d.now} now" if d.now else ""
    read = f"[{d.key!r}]" if how == "[]" else f".get({d.key!r})"
    does = "raises KeyError" if how == "[]" else "answers the default for good"
    return Finding(
        RULE,
        "merge",
        Severity.ERROR if how == "[]" else Severity.WARNING,
        path,
        line,
        f"fork-owned code reads {read} of {what}, but upstream took the key {d.key!r} out of it "
        f"({d.path}{commit}{now}): this line {does}",
    )
