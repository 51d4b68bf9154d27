"""Handed-in parameters: a value the function computed itself, now a parameter its callers must pass.

#30241 (eea41804a4): ``use_trtllm_attention`` read the forced-TRTLLM setting itself
(``force_use_trtllm = force_use_trtllm_attention()``); upstream made it a parameter,
``force_use_trtllm: bool | None = None``, dropped the body's line, and passes it at each of its own calls.  A
fork call written before the merge still fits and runs, but leaves the parameter to its default: the
function no longer sees what it used to compute (here a user's ``use_trtllm_attention=False`` is ignored and
TRTLLM is picked by auto-detection).

Upstream's side, read off the two defs of the function the fork's call reaches: a parameter with a default
that the old def did not take, that the old body bound itself (a plain assignment in its own scope) to
something other than that default and read off more than parameters the new def dropped (``expert_mask =
expert_map if expert_map is not None else None`` only renamed an argument: #49758), and that the new body
reads and never binds (no ``if x is None: x = ...`` refilling it: then the default still computes the value).  The fork's side: a call that fit the old
def and passes the parameter neither by keyword, nor by position, nor through ``*`` or ``**``.

A warning: the default may be what the fork's call means; only the fork knows whether it wanted the value
the function used to compute.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence

from aeon_release.domain.audits.drift.signatures import Sig
from aeon_release.domain.audits.source import short

_Def = ast.FunctionDef | ast.AsyncFunctionDef


def handed_in(call: ast.Call, old: Sig, new: Sig, before: ast.AST | None, after: ast.AST | None) -> str | None:
    """What ``call`` (which fits both signatures) now misses: the first parameter upstream made of a value
    the old body computed, left here to its default; None when there is none or the call may pass it."""
    if not isinstance(before, _Def) or not isinstance(after, _Def) or _spreads(call):
        return None
    passed = {k.arg for k in call.keywords}
    for name in _added_defaulted(old, new):
        if name in passed or (name in new.positional and new.positional.index(name) < len(call.args)):
            continue
        computed = _own_binding(before, name)
        replaced = None if computed is not None else _slot_replaced(old, new, name)
        if replaced is not None:
            computed = _none_fallback(before, replaced)
        default = _default_of(after, name)
        if computed is None or default is None or ast.dump(computed) == ast.dump(default):
            continue
        if replaced is not None and not _binds(after.body, name) and _loads(after.body, name):
            return (
                f"leaves {name} to its default {short(ast.unparse(default))}, a parameter upstream put in the slot of "
                f"{replaced}, whose None default the old body filled with `{short(ast.unparse(computed))}`: the "
                f"function no longer computes it, so the call silently gets the default where it got that value; "
                f"pass {name}= as upstream's own callers do now"
            )
        if replaced is not None or _derived(computed, before, new):
            continue  # the old body only renamed or reshaped an argument (#49758): the signature checks see that
        if _binds(after.body, name) or not _loads(after.body, name):
            continue
        return (
            f"leaves {name} to its default {short(ast.unparse(default))}, a parameter upstream added in place of the body's own "
            f"`{name} = {short(ast.unparse(computed))}`: the function no longer computes it, so the call silently gets the "
            f"default where it got that value; pass {name}= as upstream's own callers do now"
        )
    return None


def _derived(value: ast.expr, func: _Def, new: Sig) -> bool:
    """``value`` reads nothing but constants and parameters of the old def that the new one no longer takes
    (``expert_map if expert_map is not None else None``, #49758): an argument renamed, not a value the function
    computed itself; a call passing the old parameter is the signature checks' to judge (its keyword is gone).
    A parameter still taken (``device = tensor.device`` where ``tensor`` stays) is no rename: still reported."""
    params = {a.arg for a in ast.walk(func.args) if isinstance(a, ast.arg)}
    kept = set(new.positional) | set(new.kwonly)
    names = [n.id for n in ast.walk(value) if isinstance(n, ast.Name)]
    return bool(names) and all(n in params and n not in kept for n in names)


def _slot_replaced(old: Sig, new: Sig, name: str) -> str | None:
    """The old parameter in the positional slot upstream gave ``name``, when the new signature takes it no
    more (a parameter replaced in place, #28358: ``use_ue8m0`` -> ``quant_scale_fmt``); None otherwise."""
    if name not in new.positional:
        return None
    at = new.positional.index(name)
    if at >= len(old.positional):
        return None
    was = old.positional[at]
    return None if was in new.positional or was in new.kwonly or old.required(was) else was


def _none_fallback(func: _Def, name: str) -> ast.expr | None:
    """What the def's own body put in a None ``name``: ``name = name if name is not None else X``, ``name = X
    if name is None else name``, ``name = name or X`` or ``if name is None: name = X`` -- the X; None when
    the def has no such fill (the parameter's None was handed on as it is)."""
    default = _default_of(func, name)
    if not isinstance(default, ast.Constant) or default.value is not None:
        return None
    value = _own_binding(func, name)
    if isinstance(value, ast.IfExp) and _none_test(value.test, name) is not None:
        kept, other = (value.orelse, value.body) if _none_test(value.test, name) else (value.body, value.orelse)
        return other if isinstance(kept, ast.Name) and kept.id == name else None
    if isinstance(value, ast.BoolOp) and isinstance(value.op, ast.Or) and len(value.values) == 2:
        first = value.values[0]
        return value.values[1] if isinstance(first, ast.Name) and first.id == name else None
    return next((f for st in func.body if (f := _filled_if_none(st, name)) is not None), None)


def _none_test(test: ast.expr, name: str) -> bool | None:
    """True for ``name is None``, False for ``name is not None``, None for any other test."""
    if not (
        isinstance(test, ast.Compare)
        and isinstance(test.left, ast.Name)
        and test.left.id == name
        and len(test.ops) == 1
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value is None
    ):
        return None
    op = test.ops[0]
    return True if isinstance(op, ast.Is) else False if isinstance(op, ast.IsNot) else None


def _filled_if_none(stmt: ast.stmt, name: str) -> ast.expr | None:
    """``if name is None: name = X`` (one statement, no ``else``) -> X."""
    if not isinstance(stmt, ast.If) or stmt.orelse or len(stmt.body) != 1 or not _none_test(stmt.test, name):
        return None
    inner = stmt.body[0]
    if isinstance(inner, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in inner.targets):
        return inner.value
    return None


def _spreads(call: ast.Call) -> bool:
    """``f(*args)`` or ``f(**kwargs)``: the parameter may be among them."""
    return any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords)


def _added_defaulted(old: Sig, new: Sig) -> Iterator[str]:
    """The parameters the new signature takes, with a default, that the old one did not take at all."""
    taken = set(old.positional) | set(old.kwonly)
    for name in list(new.positional) + list(new.kwonly):
        if name not in taken and not new.required(name):
            yield name


def _default_of(func: _Def, name: str) -> ast.expr | None:
    args = func.args
    positional = args.posonlyargs + args.args
    for arg, default in zip(positional[len(positional) - len(args.defaults) :], args.defaults, strict=True):
        if arg.arg == name:
            return default
    for arg, kw_default in zip(args.kwonlyargs, args.kw_defaults, strict=True):
        if arg.arg == name:
            return kw_default
    return None


def _own_binding(func: _Def, name: str) -> ast.expr | None:
    """The value of the first plain ``name = value`` in the def's own scope (not a nested def's)."""
    found = [
        node
        for node in _own(func.body)
        if isinstance(node, ast.Assign | ast.AnnAssign)
        and node.value is not None
        and any(isinstance(t, ast.Name) and t.id == name for t in _targets(node))
    ]
    return min(found, key=lambda n: (n.lineno, n.col_offset)).value if found else None


def _targets(node: ast.Assign | ast.AnnAssign) -> list[ast.expr]:
    return node.targets if isinstance(node, ast.Assign) else [node.target]


def _binds(body: Sequence[ast.AST], name: str) -> bool:
    """The body stores ``name`` (an assignment, a loop or ``with`` target, a walrus, an augmented one)."""
    return any(isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store) for n in _own(body))


def _loads(body: Sequence[ast.AST], name: str) -> bool:
    return any(isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load) for n in _own(body))


def _own(body: Sequence[ast.AST]) -> Iterator[ast.AST]:
    """The nodes of a body that are its own: not inside a nested function, class or lambda."""
    stack: list[ast.AST] = list(body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            continue
        yield node
        stack.extend(ast.iter_child_nodes(node))
