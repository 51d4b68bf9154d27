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
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift import pyindex as px
from aeon_release.domain.audits.drift.fallbacks import catches
from aeon_release.domain.audits.drift.sides import ThreeTrees, code_added, parsed_versions, whole_word
from aeon_release.domain.audits.linear import Alternation
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, parse_python, short

_CALLERS_READ = 80  # upstream files parsed to confirm no call passes the key, at most (past it: quiet)
_KEY_ERRORS = frozenset({"KeyError", "LookupError", "Exception", "BaseException"})
_BARE_BASES = frozenset({"object", "ABC", "Generic", "Protocol"})
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


@dataclass(frozen=True)
class Read:
    """A fork-owned ``kw["key"]`` in method ``method`` (which takes ``**kw``); since killers217 also a parameter
    ``key`` the override requires (``kind`` "required", ``index`` its place among the positionals after ``self``,
    None for a keyword-only one) or dereferences unguarded with a None default (``kind`` "deref", ``sure`` when the
    dereference is a statement of the body itself, reached on every call)."""

    path: str
    line: int
    method: str
    key: str
    shown: str
    kind: str = "kwargs"
    index: int | None = None
    sure: bool = True
    owner: str = ""


def dropped_kwarg_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork reads of a ``**kwargs`` key every caller of the method stopped passing upstream; fork overrides that
    require such a keyword, or dereference it unguarded behind a None default (killers217)."""
    reads = list(_fork_reads(trees))
    if not reads:
        return []
    places = {(r.method, r.key): r.index for r in reads}
    kwargs = {(r.method, r.key) for r in reads if r.kind == "kwargs"}
    dropped = _dropped(trees, {(r.method, r.key) for r in reads}, places, kwargs)
    hits = [r for r in reads if (r.method, r.key) in dropped]
    return [_finding(trees, r, dropped[r.method, r.key], pr_pattern) for r in hits if not _namesake(trees, r)]


def _namesake(trees: ThreeTrees, read: Read) -> bool:
    """review125: a parameter read (required or dereferenced) of a method no class the fork class derives from
    in the tree defines -- every base resolved in the tree without the method, or imported from outside it
    (``AeonSideReducer(torch.nn.Module).all_reduce(t, *, stream)``, its own callers binding ``stream=`` through
    ``partial``): a namesake, not an override of the method upstream's callers call.  A base that comes from the
    tree but does not resolve (or is gone) keeps the finding: its members are unknown."""
    if read.kind == "kwargs" or not read.owner:
        return False
    index = trees.merged_index()
    mod = index.module_at(read.path)
    cls = index.class_info(mod, read.owner) if mod is not None else None
    if cls is None:
        return False
    order = index.mro(cls)
    if any(isinstance(b, px.External) and (b.broken or b.opaque) for b in order):
        return False
    classes = [b for b in order if isinstance(b, px.ClassInfo)]
    if any(read.method in b.members for b in classes[1:]):
        return False
    return not any(_unresolved_home(index, c.module, e) for c in classes for e in c.node.bases)


def _unresolved_home(index: px.Index, mod: px.ModuleInfo, expr: ast.expr) -> bool:
    """A base expression naming no class the index resolves, imported from a module whose file is in the tree."""
    if index.class_of(index.resolve_expr(mod, expr)) is not None:
        return False
    head = expr.value if isinstance(expr, ast.Subscript) else expr
    while isinstance(head, ast.Attribute):
        head = head.value
    binding = mod.names.get(head.id) if isinstance(head, ast.Name) else None
    if binding is None or binding.kind != "import" or binding.target is None:
        return binding is None or binding.kind != "import"  # a local value or an unbound name: unknown
    base, name = binding.target
    return any(index.module_path(home) is not None for home in ([base, f"{base}.{name}"] if name else [base]))


def _fork_reads(trees: ThreeTrees) -> Iterator[Read]:
    # a module whose added lines are blank or comments holds no node on an owned line: not parsed (a carry's
    # marker comment in a 340 KB upstream module would parse it every merge)
    fork = trees.mine
    for path in sorted(p for p in fork if p.endswith(".py") and _gate(fork.raw(p)) and code_added(fork[p])):
        module = trees.merged_module(path)
        owned = trees.owned_lines(path) if module is not None else set()
        # a ``**kw`` read in any class of the file; a parameter in the module's own classes (a walk of every
        # file the fork changed cost ~45 ms a window: killers217)
        deep = "**" in trees.mine.raw(path)
        nodes = (ast.walk(module) if deep else iter(module.body)) if owned and module else iter(())
        classes = [n for n in nodes if isinstance(n, ast.ClassDef)]
        top = {id(n) for n in module.body} if module is not None else set()
        local = {c.name: c for c in classes}
        for cls in (c for c in classes if _inherits(c, local, set())):
            for fn in (s for s in cls.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))):
                yield from _reads_in(path, fn, owned) if deep else ()
                yield from _params_in(path, fn, owned, cls.name if id(cls) in top else "")


def _gate(diff: str) -> bool:
    """A ``**kw`` or a ``def`` among the fork's diff of the file (a cheap text test before the parse)."""
    return "**" in diff or "def " in diff


def _params_in(
    path: str, fn: ast.FunctionDef | ast.AsyncFunctionDef, owned: set[int], owner: str = ""
) -> Iterator[Read]:
    """An override's keyword-only parameter without a default (its ``def`` line owned), or one with a None default that a
    statement it owns dereferences (``p.attr``, ``p[...]``, ``p(...)``) with no None test of it in the body."""
    if fn.name.startswith("__"):
        return
    every = [*fn.args.posonlyargs, *fn.args.args]
    # aligned before ``self`` is dropped: a staticmethod defaulting every parameter has as many defaults as
    # parameters (review17's ``get_kv_cache_shape(num_blocks=..., ...)`` raised ValueError in the zip)
    aligned = [None] * (len(every) - len(fn.args.defaults)) + list(fn.args.defaults)
    positional, defaults = every[1:], aligned[1:]  # after self / cls
    params: list[tuple[str, int | None, ast.expr | None]]
    params = [(a.arg, i, d) for i, (a, d) in enumerate(zip(positional, defaults, strict=True))]
    params += [(a.arg, None, d) for a, d in zip(fn.args.kwonlyargs, fn.args.kw_defaults, strict=True)]
    for name, index, default in params:
        # required: a keyword-only one (a positional one, as often filled by upstream's positional calls, would
        # set every override's every parameter against every diff: ~4 ms a 150-commit window)
        if default is None and index is None and fn.lineno in owned:
            yield Read(path, fn.lineno, fn.name, name, f"def {fn.name}(... {name} ...)", "required", index, owner=owner)
        elif isinstance(default, ast.Constant) and default.value is None and not _tests_none(fn, name):
            deref = _dereference(fn, name, owned)
            if deref is not None:
                node, sure = deref
                shown = short(ast.unparse(node), 60)
                yield Read(path, getattr(node, "lineno", 0), fn.name, name, shown, "deref", index, sure, owner)


def _tests_none(fn: ast.AST, name: str) -> bool:
    """The body asks whether ``name`` is None or truthy (``is None``, ``if name``, ``name or ...``), rebinds it,
    or reads it in a ``try``: a None is handled."""
    for node in _own_nodes(fn):
        if isinstance(node, ast.Compare) and (
            _is_name(node.left, name) or any(_is_name(c, name) for c in node.comparators)
        ):
            return True
        if isinstance(node, ast.If | ast.IfExp | ast.While | ast.Assert) and _is_name(node.test, name):
            return True
        if isinstance(node, ast.BoolOp) and any(_is_name(v, name) for v in node.values):
            return True
        if isinstance(node, ast.UnaryOp) and _is_name(node.operand, name):
            return True
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store):
            return True
        if isinstance(node, ast.Try) and any(_is_name(n, name) for n in _walk(node.body)):
            return True
    return False


def _dereference(fn: ast.FunctionDef | ast.AsyncFunctionDef, name: str, owned: set[int]) -> tuple[ast.AST, bool] | None:
    """The first owned ``name.attr``/``name[...]``/``name(...)`` of the body, and whether its statement is one of
    the body's own (reached on every call that gets so far)."""
    top = {id(n) for stmt in fn.body for n in _walk([stmt]) if not _nested_block(stmt)}
    for node in _own_nodes(fn):
        base = node.value if isinstance(node, ast.Attribute | ast.Subscript) else getattr(node, "func", None)
        if isinstance(node, ast.Attribute | ast.Subscript | ast.Call) and base is not None and _is_name(base, name):
            if getattr(node, "lineno", 0) in owned:
                return node, id(node) in top
    return None


def _nested_block(stmt: ast.stmt) -> bool:
    return isinstance(
        stmt, ast.If | ast.For | ast.AsyncFor | ast.While | ast.With | ast.AsyncWith | ast.Try | ast.Match
    )


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


def _dropped(
    trees: ThreeTrees,
    wanted: set[tuple[str, str]],
    places: dict[tuple[str, str], int | None],
    kwargs: set[tuple[str, str]],
) -> dict[tuple[str, str], str]:
    """(method, key) -> the upstream file whose calls of the method passed the key at the base and no longer do,
    when no call anywhere passes it now (by keyword, a ``**`` mapping, or -- for a parameter at ``places`` --
    enough positionals or a ``*`` sequence).  A ``**kw`` key (of ``kwargs``) is looked for in every changed file,
    as before killers217; a parameter only in a file whose diff names the method and a removed line of which
    passes the key (``key=``): the parses are the cost, and an override's every parameter is a candidate."""
    files: dict[str, set[tuple[str, str]]] = {}
    if kwargs:
        files = {p: set(kwargs) for p in trees.upstream if p.endswith(".py")}
    params = wanted - kwargs
    for path in _dropping(trees, {k for _, k in params}) if params else ():
        raw, removed = trees.upstream.raw(path), "\n".join(trees.upstream[path].removed)
        named = {(m, k) for m, k in params if f"{m}(" in raw and re.search(rf"\b{re.escape(k)}\s*=(?!=)", removed)}
        if named:
            files.setdefault(path, set()).update(named)
    found: dict[tuple[str, str], str] = {}
    for path, before, after in parsed_versions(trees, sorted(files)):
        old, new = _calls_by_name(before), _calls_by_name(after)
        for method, key in files[path] - found.keys():
            if _passed(old.get(method, []), key) and not _passed(new.get(method, []), key) and method in new:
                found[method, key] = path
    return {mk: p for mk, p in found.items() if not _still_passed(trees, *mk, places.get(mk))}


def _calls_by_name(module: ast.AST) -> dict[str, list[ast.Call]]:
    """The module's calls by the name they call (``x.m(...)``, ``m(...)``), one walk for every (method, key)."""
    found: dict[str, list[ast.Call]] = {}
    for node in ast.walk(module):
        if isinstance(node, ast.Call) and (name := last_name(node.func)):
            found.setdefault(name, []).append(node)
    return found


def _passed(calls: list[ast.Call], key: str) -> bool:
    """One of ``calls`` (not a ``super()`` one) passes ``key=`` or a ``**`` mapping."""
    return any(any(k.arg in (key, None) for k in c.keywords) for c in calls if not _is_super_call(c))


def _dropping(trees: ThreeTrees, keys: set[str]) -> list[str]:
    """Upstream's changed Python files a removed line of which passes one of ``keys`` by keyword (``key=``): one
    RE2 pass over each file's diff (an override's every parameter is a key: a ``re`` alternation of them cost
    ~70 ms a 150-commit window)."""
    removed = Alternation(r"(?m)^-[^\n]*\b(?:{})[ \t]*=[^=]", keys)
    return [p for p in sorted(trees.upstream) if p.endswith(".py") and removed.search(trees.upstream.raw(p))]


def _still_passed(trees: ThreeTrees, method: str, key: str, index: int | None = None) -> bool:
    """A call of ``method`` in upstream's tree or the fork's files passes ``key`` (or may, by ``**``, or fills
    its place ``index`` by position); or too many files call it to tell.  A ``super().method(...)`` reaches the
    base's method, not an override: not counted."""
    callers = sorted(trees.python_files_with((f"{method}(",)))
    if len(callers) > _CALLERS_READ:
        return True
    texts = trees.blobs(trees.theirs, callers)
    mine = {p: trees.merged_text(p) for p in trees.mine if p.endswith(".py")}
    for path, text in [*texts.items(), *mine.items()]:
        module = _parse(text)
        if module is None:
            continue
        modules = (
            _module_names(trees, module, path) if index is not None and _fills_any(module, method, index) else set()
        )
        if _passes(module, method, key, index, modules):
            return True
    return False


def _passes(
    module: ast.AST | None, method: str, key: str, index: int | None = None, modules: set[str] | None = None
) -> bool:
    return module is not None and any(
        any(k.arg in (key, None) for k in call.keywords) or (_fills(call, index) and _root(call) not in (modules or ()))
        for call in _method_calls(module, method)
        if not _is_super_call(call)
    )


def _fills(call: ast.Call, index: int | None) -> bool:
    """The call's positionals reach place ``index`` (or a ``*`` sequence may)."""
    if index is None:
        return False
    return len(call.args) > index or any(isinstance(a, ast.Starred) for a in call.args)


def _fills_any(module: ast.AST, method: str, index: int) -> bool:
    return any(_fills(call, index) for call in _method_calls(module, method))


def _root(call: ast.Call) -> str | None:
    """The name a ``a.b.method(...)`` call's receiver chain starts at (None for a bare ``method(...)``)."""
    node = call.func.value if isinstance(call.func, ast.Attribute) else None
    while isinstance(node, ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _module_names(trees: ThreeTrees, module: ast.AST, path: str) -> set[str]:
    """The names the file binds to modules: ``import a.b`` (``a``) and ``from x import y`` where ``x/y.py`` (or a
    package) is a file at upstream.  A call through one is a module's function, never an override's method
    (killers217: ``ops.all_reduce(self._ptr, inp, out, ...)`` fills no place of a communicator's ``all_reduce``)."""
    found: set[str] = set()
    candidates: dict[str, list[str]] = {}
    for node in ast.walk(module):
        if isinstance(node, ast.Import):
            found |= {a.asname or a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for a in node.names:
                base = f"{node.module.replace('.', '/')}/{a.name}"
                candidates[a.asname or a.name] = [f"{base}.py", f"{base}/__init__.py"]
    if candidates:
        blobs = trees.blobs(trees.theirs, sorted({p for ps in candidates.values() for p in ps}))
        found |= {name for name, ps in candidates.items() if any(blobs.get(p) is not None for p in ps)}
    return found


def _is_super_call(call: ast.Call) -> bool:
    func = call.func
    return (
        isinstance(func, ast.Attribute)
        and isinstance(func.value, ast.Call)
        and isinstance(func.value.func, ast.Name)
        and func.value.func.id == "super"
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
    if read.kind == "required":
        message = (
            f"fork-owned override {read.method}() requires {read.key}, but upstream's calls of {read.method} stopped "
            f"passing {read.key}= ({path}{commit}) and none passes it now: TypeError when upstream calls it; give "
            f"{read.key} a default and handle its absence"
        )
        return Finding(RULE, "merge", Severity.ERROR, read.path, read.line, message)
    if read.kind == "deref":
        message = (
            f"fork-owned `{read.shown}` in {read.method}() dereferences {read.key}, which defaults to None, but "
            f"upstream's calls of {read.method} stopped passing {read.key}= ({path}{commit}) and none passes it now: "
            f"AttributeError/TypeError on None; test it for None and fall back"
        )
        return Finding(RULE, "merge", Severity.ERROR if read.sure else Severity.WARNING, read.path, read.line, message)
    message = (
        f"fork-owned `{read.shown}` in {read.method}() reads {read.key!r} off its **kwargs, but upstream's calls of "
        f"{read.method} stopped passing {read.key}= ({path}{commit}) and none passes it now: KeyError; "
        f"read it with .get() and a fallback, or take the value from elsewhere"
    )
    return Finding(RULE, "merge", Severity.ERROR, read.path, read.line, message)
