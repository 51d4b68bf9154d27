"""Dropped-keyword drift: a fork override reads a key off its ``**kwargs`` that upstream's callers stopped passing.

#7825 stopped the linear layers handing ``prefix=`` to ``quant_method.create_weights(...)``.  A fork quant
method ``create_weights(self, layer, ..., **extra_weight_attrs)`` reading ``extra_weight_attrs["prefix"]``
merges cleanly and raises ``KeyError`` when a layer is built.  Signature drift sees no signature change: the
base's parameters are the same, only what the callers pass changed.

The fork's side, on lines it wrote: a method taking ``**kw`` that reads ``kw["key"]`` (or ``kw.pop("key")``)
with no guard in the function (``"key" in kw``, ``kw.get("key")``, ``setdefault``).  Upstream's side: a file
upstream changed called ``.method(...)`` with ``key=`` at the base and no longer does, and no call of
``method`` in upstream's tree (nor in the fork's files) passes ``key=`` or a ``**`` mapping that may carry it
any more, while some call of it remains.  Then nothing hands the key: an error.

Quiet where the read cannot raise or is not the method's: a read inside a ``try`` catching ``KeyError`` (or a
parent), a ``kw`` the function fills (``kw.update(...)``) or rebinds (``kw = {"key": "", **kw}``), a read in a
nested function (its own scope), and a class whose bases never leave its file (a fork class of its own, not an
override of the tree's method: its callers are the fork's, which may pass the key through ``partial`` or a hook).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.fallbacks import catches
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions, whole_word
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, parse_python, short

_CALLERS_READ = 80  # upstream files parsed to confirm no call passes the key, at most (past it: quiet)
_KEY_ERRORS = frozenset({"KeyError", "LookupError", "Exception", "BaseException"})
_BARE_BASES = frozenset({"object", "ABC", "Generic", "Protocol"})
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


@dataclass(frozen=True)
class Read:
    """A fork-owned ``kw["key"]`` in method ``method`` (which takes ``**kw``)."""

    path: str
    line: int
    method: str
    key: str
    shown: str


def dropped_kwarg_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork reads of a ``**kwargs`` key every caller of the method stopped passing upstream."""
    reads = list(_fork_reads(trees))
    dropped = _dropped(trees, {(r.method, r.key) for r in reads}) if reads else {}
    return [_finding(trees, r, dropped[r.method, r.key], pr_pattern) for r in reads if (r.method, r.key) in dropped]


def _fork_reads(trees: ThreeTrees) -> Iterator[Read]:
    for path in sorted(p for p in trees.mine if p.endswith(".py") and "**" in trees.mine.raw(p)):
        module = trees.merged_module(path)
        owned = trees.owned_lines(path) if module is not None else set()
        classes = [n for n in ast.walk(module) if isinstance(n, ast.ClassDef)] if owned and module else []
        local = {c.name: c for c in classes}
        for cls in (c for c in classes if _inherits(c, local, set())):
            for fn in (s for s in cls.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))):
                yield from _reads_in(path, fn, owned)


def _reads_in(path: str, fn: ast.FunctionDef | ast.AsyncFunctionDef, owned: set[int]) -> Iterator[Read]:
    kw = fn.args.kwarg.arg if fn.args.kwarg is not None else None
    if kw is None or fn.name.startswith("__"):
        return
    if _refilled(fn, kw):
        return
    guarded = _guarded_keys(fn, kw)
    safe = {id(n) for t in _own_nodes(fn) if isinstance(t, ast.Try) and catches(t, _KEY_ERRORS) for n in _walk(t.body)}
    for node in _own_nodes(fn):
        key = _required_key(node, kw) if id(node) not in safe else None
        line = getattr(node, "lineno", 0)
        if key is not None and key not in guarded and line in owned:
            yield Read(path, line, fn.name, key, short(ast.unparse(node), 60))


def _inherits(cls: ast.ClassDef, local: dict[str, ast.ClassDef], seen: set[str]) -> bool:
    """A base of ``cls`` (followed through the file's own classes) is defined elsewhere: it may be the tree's."""
    seen.add(cls.name)
    for base in cls.bases:
        name = last_name(base) if isinstance(base, (ast.Name, ast.Attribute)) else None
        if name is None or name in _BARE_BASES or name in seen:
            continue
        if name not in local or _inherits(local[name], local, seen):
            return True
    return False


def _own_nodes(fn: ast.AST) -> Iterator[ast.AST]:
    """The nodes of ``fn``'s body, not entering a nested function, lambda or class (its own scope)."""
    for stmt in getattr(fn, "body", []):
        yield from _walk([stmt])


def _walk(nodes: list[ast.stmt]) -> Iterator[ast.AST]:
    stack: list[ast.AST] = list(reversed(nodes))
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, _SCOPES):
            stack.extend(reversed(list(ast.iter_child_nodes(node))))


def _refilled(fn: ast.AST, kw: str) -> bool:
    """``kw.update(...)`` or ``kw = ...``: the function itself fills or rebinds the mapping."""
    for node in _own_nodes(fn):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "update":
            if _is_name(node.func.value, kw):
                return True
        if isinstance(node, ast.Name) and node.id == kw and isinstance(node.ctx, ast.Store):
            return True
    return False


def _required_key(node: ast.AST, kw: str) -> str | None:
    """``kw["key"]`` loaded, or ``kw.pop("key")`` with no default: the key or None."""
    if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load) and _is_name(node.value, kw):
        return _text(node.slice)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "pop":
        if _is_name(node.func.value, kw) and len(node.args) == 1 and not node.keywords:
            return _text(node.args[0])
    return None


def _guarded_keys(fn: ast.AST, kw: str) -> set[str]:
    """Keys the function tests for or reads with a default: ``"k" in kw``, ``kw.get("k")``, ``setdefault``."""
    found: set[str] = set()
    for node in _own_nodes(fn):
        if isinstance(node, ast.Compare) and any(_is_name(c, kw) for c in node.comparators):
            found.add(_text(node.left) or "")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and _is_name(node.func.value, kw):
            if node.args and (
                node.func.attr in ("get", "setdefault") or (node.func.attr == "pop" and len(node.args) > 1)
            ):
                found.add(_text(node.args[0]) or "")
        elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store) and _is_name(node.value, kw):
            found.add(_text(node.slice) or "")
    return found


def _dropped(trees: ThreeTrees, wanted: set[tuple[str, str]]) -> dict[tuple[str, str], str]:
    """(method, key) -> the upstream file whose calls of the method passed the key at the base and no longer do,
    when no call anywhere passes it now."""
    changed = sorted(p for p in trees.upstream if p.endswith(".py"))
    found: dict[tuple[str, str], str] = {}
    for path, before, after in parsed_versions(trees, changed):
        for method, key in wanted - found.keys():
            if _passes(before, method, key) and not _passes(after, method, key) and _calls(after, method):
                found[method, key] = path
    return {mk: p for mk, p in found.items() if not _still_passed(trees, *mk)}


def _still_passed(trees: ThreeTrees, method: str, key: str) -> bool:
    """A call of ``method`` in upstream's tree or the fork's files passes ``key`` (or may, by ``**``); or too
    many files call it to tell."""
    callers = sorted(trees.python_files_with((f"{method}(",)))
    if len(callers) > _CALLERS_READ:
        return True
    texts = trees.blobs(trees.theirs, callers)
    mine = {p: trees.merged_text(p) for p in trees.mine if p.endswith(".py")}
    return any(_passes(_parse(t), method, key) for t in [*texts.values(), *mine.values()])


def _passes(module: ast.AST | None, method: str, key: str) -> bool:
    return module is not None and any(
        any(k.arg in (key, None) for k in call.keywords) for call in _method_calls(module, method)
    )


def _calls(module: ast.AST, method: str) -> bool:
    return next(_method_calls(module, method), None) is not None


def _method_calls(module: ast.AST, method: str) -> Iterator[ast.Call]:
    for node in ast.walk(module):
        if isinstance(node, ast.Call) and last_name(node.func) == method:
            yield node


def _parse(text: str | None) -> ast.Module | None:
    return parse_python(text) if text else None


def _is_name(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _text(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _finding(trees: ThreeTrees, read: Read, path: str, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(path, whole_word(read.key), pr_pattern, most=5)
    message = (
        f"fork-owned `{read.shown}` in {read.method}() reads {read.key!r} off its **kwargs, but upstream's calls of "
        f"{read.method} stopped passing {read.key}= ({path}{commit}) and none passes it now: KeyError; "
        f"read it with .get() and a fallback, or take the value from elsewhere"
    )
    return Finding(RULE, "merge", Severity.ERROR, read.path, read.line, message)
