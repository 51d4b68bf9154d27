"""Rewritten keys: a value upstream now rewrites into another in the dict a function returns; the fork's test of
the returned key for it goes dead.

#41826 (6ccb10d794) made ``SpeculatorsConfig``'s speculative-config builder end with::

    result = {"method": config_dict.get("speculators_model_type"), "num_speculative_tokens": n}
    if result["method"] == "peagle":
        result.update({"method": "eagle3", "parallel_drafting": True})
    return result

A fork's ``spec = SpeculatorsConfig.build_..._speculative_config(config_dict=cd)`` and ``spec["method"] ==
"peagle"`` merges cleanly and never holds again: the fork's P-EAGLE path is dead, silently.  Rewritten values
(``rewritten_values.py``) reads a method's answer a class stores as a field; this is the key of a dict a function
hands back.

Upstream's side (cheap first: files whose diff adds a line testing a quoted key against a string): a top-level
function or a method of a top-level class whose body, at upstream, binds a local once to a dict display, then, at
its top level, tests ``local["k"] == "old"`` and in that branch stores ``local["k"] = "new"`` (or
``local.update({"k": "new", ...})``), no later statement storing the key, and ends ``return local``; the base's
def of that name held no such test.  The fork's side, on a line it owns: a comparison (``==``, ``!=``, ``in``/``not
in`` a display holding it and not ``"new"``) with ``"old"`` of ``x["k"]`` or ``x.get("k")``, ``x`` a local its
function binds once to a call of the def (the imported function, ``Cls.method(...)`` off the imported class), or
of the call's subscript itself.  An error: the comparison is constant now; a warning where it is an operand of an
``or`` (the other side may answer for the line).  Quiet where the function writes into the result itself (the key
or a computed one stored, ``update``/``setdefault``/``|=``, the dict handed to a call other than a reader's: the
value is then the fork's), and for ``assert r["k"] != "old"`` (``not in``), which now always holds.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.retyped import names_bound_once
from aeon_release.domain.audits.drift.sides import ThreeTrees, fork_found, parsed_texts
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parent_map

_MOST_FILES = 32
# an added line testing a quoted key against a string: ``if result["method"] == "peagle":``
_KEY_TEST = lazy_pattern(r"""^\s*(?:el)?if\s+\w+\[\s*["'][^"']+["']\s*\]\s*==\s*["']([^"']+)["']""")
_WORDS = lazy_pattern(r"\w+")
# a fork line comparing a quoted key's value with a string: ``x["method"] == "peagle"``, ``x.get("m") in ("a",``
_FORK_TEST = lazy_pattern(
    r"""(?:\[\s*["'][^"'\n]+["']\s*\]|\.get\(\s*["'][^"'\n]+["'][^)\n]*\))\s*(?:==|!=|not in|in)\s*[(\[{]?\s*["']([^"'\n]+)["']"""
)
_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)
# a dict's own methods that may write keys into it (the keys unseen)
_DICT_WRITERS = frozenset({"update", "setdefault", "__setitem__", "__ior__"})
# callables handed a dict that only read it
_READERS = frozenset(
    {"print", "len", "str", "repr", "bool", "isinstance", "type", "id", "sorted", "list", "dict", "dumps", "pformat"}
    | {"debug", "info", "warning", "warning_once", "info_once", "error", "exception"}
)


@dataclass(frozen=True)
class Rewritten:
    path: str
    module: str
    owner: str  # the class, "" for a module-level function
    func: str
    key: str
    old: str
    new: str


def rewritten_key_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork comparisons of a returned dict's key with a value upstream's def now rewrites away."""
    compared = fork_found(trees, _FORK_TEST, tests=True)  # the fork's side first: a key compared with a string
    if not compared:
        return []
    words = frozenset(w for q in compared for w in _WORDS.findall(q))
    tested = trees.upstream.added_lines().added_matches(_KEY_TEST, needs="] ==")
    paths = sorted({p for p, m in tested if p.endswith(".py") and _tested_by_fork(m.group(1), words)})
    paths = paths[:_MOST_FILES]
    if not paths:
        return []
    found = [item for both in parsed_texts(trees, paths) for item in _rewritten(both.path, both.old, both.new)]
    if not found:
        return []
    quoted = {q + item.old + q for item in found for q in "\"'"}
    findings = []
    for path, module, owned in fork_modules(trees, lambda line: any(q in line for q in quoted)):
        imports = file_imports(module, path)
        for line, item, error in _fork_tests(module, owned, imports, found):
            findings.append(_finding(trees, path, line, item, pr_pattern, error))
    return findings


def _tested_by_fork(old: str, words: frozenset[str]) -> bool:
    """An added ``if r["k"] == "old":`` every word of whose ``"old"`` a line the fork added holds."""
    parts = _WORDS.findall(old)
    return bool(parts) and all(w in words for w in parts)


def _defs(module: ast.Module) -> dict[tuple[str, str], ast.FunctionDef | ast.AsyncFunctionDef]:
    found: dict[tuple[str, str], ast.FunctionDef | ast.AsyncFunctionDef] = {}
    for node in module.body:
        if isinstance(node, _FUNCS):
            found[("", node.name)] = node
        elif isinstance(node, ast.ClassDef):
            found |= {(node.name, m.name): m for m in node.body if isinstance(m, _FUNCS)}
    return found


def _rewritten(path: str, before: ast.Module, after: ast.Module) -> Iterator[Rewritten]:
    olds, module = _defs(before), dotted_name(path, roots=("",))
    for (owner, name), func in sorted(_defs(after).items()):
        old_func = olds.get((owner, name))
        was = set(_rewrites(old_func)) if old_func is not None else set()
        for key, old, new in _rewrites(func):
            if (key, old, new) not in was:
                yield Rewritten(path, module, owner, name, key, old, new)


def _rewrites(func: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[tuple[str, str, str]]:
    """(key, old, new) for each top-level ``if R["k"] == "old": R["k"] = "new"`` of a returned local dict."""
    last = func.body[-1] if func.body else None
    if not (isinstance(last, ast.Return) and isinstance(last.value, ast.Name)):
        return
    local = last.value.id
    bound = names_bound_once(func).get(local)
    if not isinstance(bound, ast.Dict):
        return
    for at, stmt in enumerate(func.body):
        tested = _key_test(stmt, local) if isinstance(stmt, ast.If) and not stmt.orelse else None
        if tested is None:
            continue
        key, old = tested
        assert isinstance(stmt, ast.If)
        new = _stored_value(stmt.body, local, key)
        later = func.body[at + 1 :]
        if new is not None and new != old and not any(_stored_value([s], local, key) is not None for s in later):
            if not any(_writes_any(s, local) for s in later):
                yield key, old, new


def _key_test(stmt: ast.If, local: str) -> tuple[str, str] | None:
    test = stmt.test
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq)):
        return None
    key, value = _keyed(test.left, local), test.comparators[0]
    if key is None or not (isinstance(value, ast.Constant) and isinstance(value.value, str)):
        return None
    return key, value.value


def _keyed(expr: ast.expr, local: str) -> str | None:
    """``local["k"]`` -> ``k``."""
    if isinstance(expr, ast.Subscript) and isinstance(expr.value, ast.Name) and expr.value.id == local:
        key = expr.slice
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            return key.value
    return None


def _stored_value(body: list[ast.stmt], local: str, key: str) -> str | None:
    """The string the statements store at ``local["k"]`` (a subscript store or an ``update`` of a display)."""
    found = None
    for stmt in body:
        if isinstance(stmt, ast.Assign) and any(_keyed(t, local) == key for t in stmt.targets):
            value = stmt.value
            found = value.value if isinstance(value, ast.Constant) and isinstance(value.value, str) else ""
        call = stmt.value if isinstance(stmt, ast.Expr) else None
        if isinstance(call, ast.Call) and _is_update(call, local) and isinstance(call.args[0], ast.Dict):
            for k, v in zip(call.args[0].keys, call.args[0].values, strict=True):
                if isinstance(k, ast.Constant) and k.value == key:
                    found = v.value if isinstance(v, ast.Constant) and isinstance(v.value, str) else ""
    return found or None


def _is_update(call: ast.Call, local: str) -> bool:
    func = call.func
    return (
        isinstance(func, ast.Attribute)
        and func.attr == "update"
        and isinstance(func.value, ast.Name)
        and func.value.id == local
        and len(call.args) == 1
    )


def _writes_any(stmt: ast.stmt, local: str) -> bool:
    """A later statement that may write the key unseen: an update of another shape, a computed key."""
    for node in ast.walk(stmt):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            target = node.func.value
            if isinstance(target, ast.Name) and target.id == local and node.func.attr in ("update", "setdefault"):
                return True
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store):
            if isinstance(node.value, ast.Name) and node.value.id == local:
                return True
    return False


def _fork_tests(
    module: ast.Module, owned: set[int], imports: dict[str, tuple[str, str]], found: list[Rewritten]
) -> Iterator[tuple[int, Rewritten, bool]]:
    """(line, the rewrite, whether an error) for each owned comparison of a rewritten key with its old value."""
    parents: dict[int, ast.AST] | None = None
    for func in (n for n in ast.walk(module) if isinstance(n, _FUNCS)):
        results = {
            name: item
            for name, value in names_bound_once(func).items()
            if isinstance(value, ast.Call)
            and (item := _called(value, imports, found)) is not None
            and not _refilled(func, name, item.key)
        }
        for node in ast.walk(func):
            if not (isinstance(node, ast.Compare) and node.lineno in owned and len(node.ops) == 1):
                continue
            for item in _compared(node, results, imports, found):
                parents = parents if parents is not None else parent_map(module)
                if not _asserted_gone(node, parents):
                    yield node.lineno, item, not _beside_or(node, parents)


def _refilled(func: ast.FunctionDef | ast.AsyncFunctionDef, name: str, key: str) -> bool:
    """The function writes into the result itself: the key (or a computed one) stored, a dict method or ``|=``
    writing keys unseen, the dict handed to a call that may (``_aeon_restore(spec)``); the value is the fork's."""
    for node in ast.walk(func):
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store | ast.Del) and _named(node.value, name):
            slot = node.slice
            if not (isinstance(slot, ast.Constant) and isinstance(slot.value, str)) or slot.value == key:
                return True
        elif isinstance(node, ast.AugAssign) and _named(node.target, name):
            return True
        elif isinstance(node, ast.Call):
            callee = node.func
            if isinstance(callee, ast.Attribute) and callee.attr in _DICT_WRITERS and _named(callee.value, name):
                return True
            called = callee.attr if isinstance(callee, ast.Attribute) else getattr(callee, "id", "")
            handed = [*node.args, *(k.value for k in node.keywords)]
            if called not in _READERS and any(_named(a, name) for a in handed):
                return True
    return False


def _named(expr: ast.expr, name: str) -> bool:
    return isinstance(expr, ast.Name) and expr.id == name


def _asserted_gone(node: ast.Compare, parents: dict[int, ast.AST]) -> bool:
    """``assert r["k"] != "old"`` (``not in``): the assertion that the value is gone, which now always holds."""
    if not isinstance(node.ops[0], ast.NotEq | ast.NotIn):
        return False
    parent = parents.get(id(node))
    while isinstance(parent, ast.BoolOp) and isinstance(parent.op, ast.And):
        parent = parents.get(id(parent))
    return isinstance(parent, ast.Assert)


def _beside_or(node: ast.Compare, parents: dict[int, ast.AST]) -> bool:
    """The comparison is an operand of an ``or`` (``r["k"] == "old" or r.get("flag")``): the other side may answer
    for the line, so the dead comparison is a warning."""
    parent = parents.get(id(node))
    while isinstance(parent, ast.BoolOp | ast.UnaryOp):
        if isinstance(parent, ast.BoolOp) and isinstance(parent.op, ast.Or):
            return True
        parent = parents.get(id(parent))
    return False


def _called(call: ast.Call, imports: dict[str, tuple[str, str]], found: list[Rewritten]) -> Rewritten | None:
    """The def a call reaches: the imported function, or a method off its imported class."""
    func = call.func
    origin = imported_origin(func, imports) if isinstance(func, ast.Name | ast.Attribute) else None
    if origin is None:
        return None
    module, name = origin
    owner = ""
    if isinstance(func, ast.Attribute):
        inner = imported_origin(func.value, imports) if isinstance(func.value, ast.Name | ast.Attribute) else None
        if inner is not None:
            module, owner = inner
    return next(
        (
            f
            for f in found
            if f.func == name and f.owner == owner and (f.module == module or f.module.startswith(f"{module}."))
        ),
        None,
    )


def _compared(
    node: ast.Compare, results: dict[str, Rewritten], imports: dict[str, tuple[str, str]], found: list[Rewritten]
) -> Iterator[Rewritten]:
    if not isinstance(node.ops[0], ast.Eq | ast.NotEq | ast.In | ast.NotIn):
        return
    sides = [node.left, node.comparators[0]]
    for read, other in (sides, sides[::-1]):
        item = _read_of(read, results, imports, found)
        if item is None:
            continue
        held = _held(other)
        if item.old in held and item.new not in held:
            yield item


def _read_of(
    expr: ast.expr, results: dict[str, Rewritten], imports: dict[str, tuple[str, str]], found: list[Rewritten]
) -> Rewritten | None:
    """``x["k"]``, ``x.get("k")`` of a result, or ``f(...)["k"]``: the rewrite whose key it reads."""
    if isinstance(expr, ast.Subscript):
        holder, key = expr.value, expr.slice
    elif isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and expr.func.attr == "get" and expr.args:
        holder, key = expr.func.value, expr.args[0]
    else:
        return None
    if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
        return None
    item = results.get(holder.id) if isinstance(holder, ast.Name) else None
    if item is None and isinstance(holder, ast.Call):
        item = _called(holder, imports, found)
    return item if item is not None and item.key == key.value else None


def _held(expr: ast.expr) -> set[object]:
    if isinstance(expr, ast.Constant):
        return {expr.value}
    if isinstance(expr, ast.Tuple | ast.List | ast.Set):
        return {e.value for e in expr.elts if isinstance(e, ast.Constant)}
    return set()


def _finding(trees: ThreeTrees, path: str, line: int, item: Rewritten, pr_pattern: str, error: bool) -> Finding:
    commit = trees.upstream_commit(item.path, re.escape(item.old), pr_pattern)
    where = f"{item.owner}.{item.func}" if item.owner else item.func
    said = (
        f"fork-owned comparison of {where}(...)[{item.key!r}] with {item.old!r}, but upstream's {where} now rewrites "
        f"{item.old!r} to {item.new!r} in the dict it returns ({item.path}{commit}): the comparison is constant "
        f"and the fork's branch for it is dead; test for {item.new!r} (or what else the dict now says)"
    )
    if not error:
        said += " (an operand of an `or`: the other side may answer for the line)"
    return Finding(RULE, "merge", Severity.ERROR if error else Severity.WARNING, path, line, said)
