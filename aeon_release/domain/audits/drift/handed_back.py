"""Handed-back drift: upstream stopped writing a function's results into the arguments it returned, and returns
fresh values; a fork call that dropped the value reads arguments nothing wrote.

#17857 fixed ROCm's AITER add-norm: ``rocm_aiter_fused_add_rms_norm(x, residual, weight, eps)`` had the kernel
write the sum and the norm into ``x`` and ``residual`` and ended ``return x, residual``; now it allocates
``output`` and ``residual_out``, has the kernel write those, and returns them.  A fork line that called it as a
statement (``rocm_aiter_fused_add_rms_norm(x, residual, w, eps)``, then ``return x, residual``) merges cleanly
and hands on the un-normed input: nothing raises.  The signature, the arity and the kinds returned are the same,
so symbol and return drift stay quiet.

Upstream's side: the Python files whose diff removed a ``return`` of bare names (``-    return x, residual``); a
module-level function there whose every ``return`` at the base hands back the same parameters (``return x`` or
a tuple of them), none rebound in the body and each written there (an item or attribute stored, an augmented
assignment, an in-place method ``x.add_(...)``/``.append(...)``, or handed to a call, a kernel writing into
it), and whose every ``return`` upstream (and in the merged file) hands back none of that: each returns a value
and none returns those parameters unrebound.  The fork's side, on lines it wrote: an expression statement
calling that function (imported from its module, off the imported module, or on the module's own lines; not a
name the fork's file binds itself) with one of the handed-back parameters bound to a name, an attribute or an
item (something it can read after), by position or by keyword: an error.  Quiet: a call whose value the fork
binds, returns, or hands on (it reads upstream's fresh values), a call leaving those parameters to their
defaults, a function that still returns one of its arguments somewhere (it may still write some).

Since killers145 also where upstream's diff removed no ``return`` but added a rebinding of a handed-back
parameter to a method's value of itself (``logits = logits.contiguous()``) above the first write: #42739 made
``apply_top_k_top_p_triton`` copy a non-contiguous ``logits`` before its kernel writes, every ``return logits``
kept, so a fork statement dropping the value masks nothing for such an input.  Under an ``if`` the copy is made
on some inputs only: a warning; at the function's top level, on every call: an error, as above.  Since revBQ a
view of the parameter (``x = x.view(-1, d)``: the writes land in the caller's storage) is no copy, and a method
that hands back its receiver when nothing needs changing (``contiguous``, ``to``, ``float``, ``reshape``...)
copies on some inputs only, at the top level too: a warning.

Pure but for reading the three trees: findings out.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.dropped_caches import named_origin
from aeon_release.domain.audits.drift.module_tables import _bound_names
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports
from aeon_release.domain.audits.drift.returns import fork_modules, own_returns
from aeon_release.domain.audits.drift.sides import ThreeTrees, declared, parsed_texts
from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, walk_spanning

# a removed ``return`` of bare names (``-    return x, residual``, ``-    return (out)``); the value's first
# character is no blank, so the blanks before it are matched one way only (linear on a line of spaces)
_REMOVED_RETURN = lazy_pattern(r"\n-[ \t]*return[ \t]+[\w(][\w, ()]*\n")
# an added line rebinding a name to its own method's value (``+    logits = logits.contiguous()``): a copy
_ADDED_REBIND = lazy_pattern(r"\n\+[ \t]*(\w+)[ \t]*=[ \t]*\1\.\w+\(")
# a statement that is a call (``f(...)``, ``mod.f(...)``, ``await f(...)``): the fork's side's text test
_BARE_CALL = lazy_pattern(r"^\s*(?:await\s+)?[A-Za-z_][\w.]*\(")
# methods that change their receiver in place besides torch's trailing-underscore ones
_MUTATORS = frozenset({"append", "extend", "insert", "update", "setdefault", "pop", "clear", "copy_", "fill_"})
_Def = ast.FunctionDef | ast.AsyncFunctionDef


@dataclass(frozen=True)
class Unwritten:
    """A module-level function of ``path`` (``module`` dotted) that handed back ``params`` (positional names
    ``positions``) at the base and returns fresh values upstream."""

    module: str
    path: str
    name: str
    params: tuple[str, ...]
    positions: tuple[str, ...]
    # the copy is made on some paths only (under an ``if``): the arguments may still be written (a warning)
    maybe: bool = False
    copies: bool = False  # found by the copy shape (no ``return`` removed): the rebinding is the change


def handed_back_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork statements calling a function upstream stopped writing its returned arguments in."""
    python = [p for p in sorted(trees.upstream) if p.endswith(".py")]
    paths = [p for p in python if _REMOVED_RETURN.search(trees.upstream.raw(p))]
    copying = [p for p in python if p not in paths and _ADDED_REBIND.search(trees.upstream.raw(p))]
    if not paths and not copying:
        return []
    words = trees.fork_words()
    lost = list(_unwritten(trees, paths, words)) + list(_unwritten(trees, copying, words, copies=True))
    if not lost:
        return []
    return [
        _finding(trees, path, line, call, hit, pr_pattern)
        for path, module, owned in fork_modules(trees, _BARE_CALL.match)
        for line, call, hit in _dropped_calls(path, module, owned, lost)
    ]


def _unwritten(trees: ThreeTrees, paths: list[str], words: frozenset[str], copies: bool = False) -> Iterator[Unwritten]:
    """``copies``: the files' diffs removed no ``return``, so a function counts only where it now copies a
    handed-back parameter before writing it (``_copied``)."""

    def keep(old_text: str, new_text: str) -> bool:  # the function's name is on a fork line, and defined here
        return not words.isdisjoint(declared(new_text, "def"))

    for both in parsed_texts(trees, paths, keep):
        merged = trees.merged_module(both.path)
        old, new = _functions(both.old), _functions(both.new)
        kept = _functions(merged) if merged is not None else new
        for name, node in old.items():
            if name not in words or name not in new or name not in kept:
                continue
            params = _handed_back(node)
            if not params or not _fresh(new[name], params) or not _fresh(kept[name], params):
                continue
            copied = _copied(kept[name], params) if copies else None
            if copies and copied is None:
                continue
            positions = tuple(a.arg for a in (*node.args.posonlyargs, *node.args.args))
            module = dotted_name(both.path, roots=("",))
            yield Unwritten(module, both.path, name, params, positions, bool(copied), copies)


def _copied(func: _Def, params: tuple[str, ...]) -> bool | None:
    """Whether ``func`` rebinds a handed-back parameter to its own method's value (``x = x.contiguous()``)
    above its first write, only under an ``if`` (True: some inputs only) or at its top level (False); None when
    it does not (a rebinding after the writes, a view, leaves them written)."""
    first = min(
        (n.lineno for n in ast.walk(func) if isinstance(n, ast.expr | ast.stmt) and _writes(n, params)), default=None
    )
    rebinds = [
        n
        for n in ast.walk(func)
        if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name)
        if n.targets[0].id in params and _own_method(n.value, n.targets[0].id)
        if first is None or n.lineno < first
        if _method(n.value) not in _VIEWS  # a view shares the argument's storage: the writes still land in it
    ]
    if not rebinds:
        return None
    return not any(n in func.body and _method(n.value) not in _COPIES_IF_NEEDED for n in rebinds)


def _method(value: ast.expr) -> str:
    called = value.func if isinstance(value, ast.Call) else None
    return called.attr if isinstance(called, ast.Attribute) else ""


# torch methods whose value is a view of the receiver (its storage: what the function writes, the caller sees)
_VIEWS = frozenset(
    {"view", "view_as", "transpose", "permute", "unsqueeze", "squeeze", "expand", "expand_as", "narrow", "select"}
    | {"t", "detach", "unflatten", "movedim", "swapaxes", "as_strided", "diagonal", "unfold", "unbind", "split"}
)
# torch methods that hand back the receiver itself when nothing needs changing (``x.contiguous()`` of a contiguous
# tensor, ``x.float()`` of a float32 one, ``x.reshape`` where a view does): a copy on some inputs only
_COPIES_IF_NEEDED = frozenset(
    {"contiguous", "to", "type", "type_as", "float", "half", "bfloat16", "double", "int", "long", "cuda", "cpu"}
    | {"reshape", "flatten"}
)


def _own_method(value: ast.expr, name: str) -> bool:
    """``name.method(...)``: a value made from the name itself."""
    called = value.func if isinstance(value, ast.Call) else None
    return isinstance(called, ast.Attribute) and isinstance(called.value, ast.Name) and called.value.id == name


def _writes(node: ast.AST, params: tuple[str, ...]) -> bool:
    """``node`` writes into one of ``params``: as ``_written`` reads a body, one node at a time."""
    if isinstance(node, ast.Subscript | ast.Attribute) and isinstance(node.ctx, ast.Store | ast.Del):
        return bool(_root(node.value) & set(params))
    if isinstance(node, ast.AugAssign):
        return bool(_root(node.target) & set(params))
    if not isinstance(node, ast.Call):
        return False
    if isinstance(node.func, ast.Attribute) and (_in_place(node.func.attr) or node.func.attr in _MUTATORS):
        if _root(node.func.value) & set(params):
            return True
    return any(isinstance(a, ast.Name) and a.id in params for a in (*node.args, *(k.value for k in node.keywords)))


def _functions(module: ast.Module) -> dict[str, _Def]:
    return {s.name: s for s in module.body if isinstance(s, _Def)}


def _handed_back(func: _Def) -> tuple[str, ...]:
    """The parameters every ``return`` of ``func`` hands back (the same names each time), none rebound and each
    written in the body; () when it is not such a function."""
    values = list(own_returns(func))
    shapes = {_names(v) for v in values}
    if not values or len(shapes) != 1:
        return ()
    names = shapes.pop()
    params = {a.arg for a in (*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs)}
    if not names or not set(names) <= params or set(names) & _rebound(func):
        return ()
    written = _written(func)
    return names if set(names) <= written else ()


def _names(value: ast.expr | None) -> tuple[str, ...] | None:
    """``x`` -> (x,); ``x, y`` -> (x, y); anything else None."""
    if isinstance(value, ast.Name):
        return (value.id,)
    if isinstance(value, ast.Tuple) and value.elts and all(isinstance(e, ast.Name) for e in value.elts):
        return tuple(e.id for e in value.elts if isinstance(e, ast.Name))
    return None


def _rebound(func: _Def) -> set[str]:
    """Names the body binds anew (``x = ...``, ``for x in``, ``with ... as x``, ``x := ...``); a name stored only
    by augmented assignments (``x += y``: a tensor written in place) is not rebound."""
    stores = [n for n in ast.walk(func) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)]
    augmented = {id(n.target) for n in ast.walk(func) if isinstance(n, ast.AugAssign)}
    return {n.id for n in stores if id(n) not in augmented}


def _written(func: _Def) -> set[str]:
    """Names the body writes into: an item or attribute stored (``x[i] = ...``, ``x.a = ...``), an augmented
    assignment, an in-place method (``x.add_(...)``, ``x.append(...)``), or the name handed to a call."""
    found: set[str] = set()
    for node in ast.walk(func):
        if isinstance(node, ast.Subscript | ast.Attribute) and isinstance(node.ctx, ast.Store | ast.Del):
            found |= _root(node.value)
        elif isinstance(node, ast.AugAssign):
            found |= _root(node.target)
        elif isinstance(node, ast.Call):
            if isinstance(node.func, ast.Attribute) and (_in_place(node.func.attr) or node.func.attr in _MUTATORS):
                found |= _root(node.func.value)
            for arg in (*node.args, *(k.value for k in node.keywords)):
                if isinstance(arg, ast.Name):
                    found.add(arg.id)
    return found


def _root(node: ast.expr) -> set[str]:
    while isinstance(node, ast.Subscript | ast.Attribute):
        node = node.value
    return {node.id} if isinstance(node, ast.Name) else set()


def _fresh(func: _Def, params: tuple[str, ...]) -> bool:
    """Every ``return`` of ``func`` gives a value, and none hands back one of ``params`` unrebound (by name, by
    a plain alias ``out = x``, or as an in-place method's value ``return x.mul_(w)``): what the caller gets
    now is not what it passed."""
    values = list(own_returns(func))
    if not values or any(v is None for v in values) or _bare_return(func):
        return False
    rebound, aliases = _rebound(func), _aliases(func)
    for value in values:
        elts = value.elts if isinstance(value, ast.Tuple) else [value]
        for elt in elts:
            if isinstance(elt, ast.Call) and isinstance(elt.func, ast.Attribute) and _in_place(elt.func.attr):
                elt = elt.func.value  # ``x.mul_(w)`` is ``x``
            name = elt.id if isinstance(elt, ast.Name) else None
            if name is not None and (aliases.get(name, name) in params) and aliases.get(name, name) not in rebound:
                return False
    return True


def _aliases(func: _Def) -> dict[str, str]:
    """``out = x`` (one name bound to another): out -> x."""
    return {
        t.id: node.value.id
        for node in ast.walk(func)
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Name)
        for t in node.targets
        if isinstance(t, ast.Name)
    }


def _in_place(method: str) -> bool:
    """``add_``, ``copy_``: torch's in-place methods, which return their receiver."""
    return method.endswith("_") and not method.startswith("_")


def _bare_return(func: _Def) -> bool:
    return any(isinstance(n, ast.Return) and n.value is None for n in ast.walk(func))


def _dropped_calls(
    path: str, module: ast.Module, owned: set[int], lost: list[Unwritten]
) -> Iterator[tuple[int, ast.Call, Unwritten]]:
    imports, here = file_imports(module, path), dotted_name(path, roots=("",))
    nested, top = _bound_names(module)
    own = {(here, u.name) for u in lost if u.module == here}  # upstream's module: its own name is upstream's
    for node in walk_spanning(module, owned):
        if not isinstance(node, ast.Expr) or node.lineno not in owned:
            continue
        call = node.value.value if isinstance(node.value, ast.Await) else node.value
        if not isinstance(call, ast.Call):
            continue
        bound = (nested | top) - {n for _, n in own}
        origin = named_origin(call.func, imports, here, bound)
        hit = next((u for u in lost if (u.module, u.name) == origin), None)
        if hit is None:
            continue
        args = _passed_readable(call, hit)
        if args and not all(_dead_local(module, node, a) for a in args):
            yield node.lineno, call, hit


def _passed_readable(call: ast.Call, hit: Unwritten) -> list[ast.expr]:
    """The arguments the call binds to handed-back parameters that can be read after it: names, attributes,
    items; none when ``*args`` hides which parameter gets what."""
    readable = (ast.Name, ast.Attribute, ast.Subscript)
    if any(isinstance(a, ast.Starred) for a in call.args):
        return []
    found: list[ast.expr] = [
        a
        for i, a in enumerate(call.args)
        if i < len(hit.positions) and hit.positions[i] in hit.params and isinstance(a, readable)
    ]
    return found + [k.value for k in call.keywords if k.arg in hit.params and isinstance(k.value, readable)]


def _dead_local(module: ast.Module, stmt: ast.stmt, arg: ast.expr) -> bool:
    """``arg`` is a name the function around ``stmt`` binds itself (no parameter, no ``global``/``nonlocal``)
    and never reads after the call: neither on a later line nor elsewhere in a loop around it (the next turn
    reads it).  A warm-up, a timing loop, a call under ``pytest.raises``: nothing reads what was (not) written,
    so nothing breaks."""
    func = _enclosing(module.body, stmt)
    if not isinstance(arg, ast.Name) or func is None or arg.id not in _locals(func):
        return False
    loops = [n for n in ast.walk(func) if isinstance(n, ast.For | ast.AsyncFor | ast.While) and _spans(n, stmt)]
    start = min((n.lineno for n in loops), default=(stmt.end_lineno or stmt.lineno) + 1)
    return not any(
        isinstance(n, ast.Name)
        and n.id == arg.id
        and isinstance(n.ctx, ast.Load)
        and n.lineno >= start
        and not _spans(stmt, n)
        for n in ast.walk(func)
    )


def _enclosing(body: list[ast.stmt], stmt: ast.stmt) -> _Def | None:
    """The innermost function whose lines hold ``stmt``."""
    for node in body:
        if _spans(node, stmt):
            inner = _enclosing([c for c in ast.iter_child_nodes(node) if isinstance(c, ast.stmt)], stmt)
            return inner if inner is not None else node if isinstance(node, _Def) else None
    return None


def _spans(outer: ast.AST, inner: ast.AST) -> bool:
    first, line = getattr(outer, "lineno", 0), getattr(inner, "lineno", -1)
    last = getattr(outer, "end_lineno", None) or first
    return outer is not inner and isinstance(line, int) and first <= line <= last


def _locals(func: _Def) -> set[str]:
    """Names ``func`` binds itself: stored, less its parameters and its ``global``/``nonlocal`` names."""
    args = func.args
    params = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg) if a}
    shared = {n for s in ast.walk(func) if isinstance(s, ast.Global | ast.Nonlocal) for n in s.names}
    return _rebound(func) - params - shared


def _finding(trees: ThreeTrees, path: str, line: int, call: ast.Call, hit: Unwritten, pr_pattern: str) -> Finding:
    changed = (
        rf"^[[:space:]]*({'|'.join(hit.params)})[[:space:]]*=" if hit.copies else r"^[[:space:]]*return[[:space:]]"
    )
    commit = trees.upstream_commit(hit.path, changed, pr_pattern)
    handed = ", ".join(hit.params)
    if hit.maybe:
        message = (
            f"fork-owned line calls {ast.unparse(call.func)}(...) and drops its value, relying on it writing into "
            f"{handed}, which it returned at the base; upstream's {hit.module}.{hit.name} now copies {handed} on "
            f"some inputs before writing and returns the copy ({hit.path}{commit}): for those, what the fork reads "
            f"after the call is not written; bind the result ({handed} = {ast.unparse(call.func)}(...))"
        )
        return Finding(RULE, "merge", Severity.WARNING, path, line, message)
    message = (
        f"fork-owned line calls {ast.unparse(call.func)}(...) and drops its value, relying on it writing into "
        f"{handed}, which it returned at the base; upstream's {hit.module}.{hit.name} returns fresh values and "
        f"hands back none of its arguments ({hit.path}{commit}): what the fork reads after the call is no longer "
        f"written; bind the result ({handed} = {ast.unparse(call.func)}(...))"
    )
    return Finding(RULE, "merge", Severity.ERROR, path, line, message)
