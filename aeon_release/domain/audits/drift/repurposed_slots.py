"""A parameter renamed in place whose upstream callers now hand it another value: the slot means another thing.

The renamed-slot check of ``symbols.py`` warns on a positional argument spelt like a parameter upstream renamed
in place (most renames keep the meaning) and errs only when the annotation changed kind too.  A rename within
one kind says nothing by its annotation: ``NemotronHMLP(config, layer_idx: int, ...)`` became ``(config,
intermediate_size: int, ...)`` (#25863), an ``int`` both times.  The fork's ``super().__init__(config,
layer_idx, quant_config)`` still binds and builds an MLP ``layer_idx`` wide.

Upstream's own callers tell the two kinds of rename apart.  A rename that keeps the meaning leaves the value
its callers pass as it was (``pad_slot_id=PAD_SLOT_ID`` -> ``null_block_id=PAD_SLOT_ID``), or renames the
caller's name with it.  A slot given another meaning makes the caller pass something else while it still
holds the old value: ``NemotronHMLPDecoderLayer.__init__`` keeps its ``layer_idx`` parameter, passed
``layer_idx=layer_idx`` at the base and ``intermediate_size=intermediate_size`` (a size it now computes)
after.  ``repurposed`` finds such a caller in the callee's module, paired by the enclosing function's
qualified name on both sides.

Pure: syntax trees in, answers out.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator


def repurposed(old_tree: ast.Module, new_tree: ast.Module, callee: str, was: tuple[str, int], now: str) -> str | None:
    """The qualified name of a function of the callee's module whose call of ``callee`` passed a name for the
    renamed parameter at the base (``was``: its name and its position among the bound parameters, the renamed
    one's too) and passes another value for ``now`` after, while that name is still bound in the function; None
    when none does."""
    passed_before = dict(_passed(old_tree, callee, was))
    for where, value in _passed(new_tree, callee, (now, was[1])):
        old = passed_before.get(where)
        if not isinstance(old, ast.Name) or ast.unparse(value) == old.id:
            continue
        function = _function(new_tree, where)
        if function is not None and old.id in _bound(function) and not _made_from(function, value, old.id):
            return where
    return None


def _passed(tree: ast.Module, callee: str, slot: tuple[str, int]) -> Iterator[tuple[str, ast.expr]]:
    """(the enclosing function's qualified name, the value passed for ``slot``) for each call of ``callee``
    spelt ``callee(...)`` or ``x.callee(...)`` inside a function of ``tree``."""
    name, index = slot
    for where, function in _functions(tree):
        for node in ast.walk(function):
            if not isinstance(node, ast.Call) or _called(node.func) != callee:
                continue
            keyword = next((k.value for k in node.keywords if k.arg == name), None)
            if keyword is not None:
                yield where, keyword
            elif 0 <= index < len(node.args) and not any(isinstance(a, ast.Starred) for a in node.args[: index + 1]):
                yield where, node.args[index]


def _called(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else None


def _functions(tree: ast.Module) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    """Each top-level function and method of a top-level class, with its qualified name."""
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield node.name, node
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                    yield f"{node.name}.{item.name}", item


def _function(tree: ast.Module, where: str) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    return next((f for q, f in _functions(tree) if q == where), None)


def _bound(function: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The names ``function`` binds: its parameters and the names it assigns."""
    args = function.args
    names = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}
    names |= {a.arg for a in (args.vararg, args.kwarg) if a is not None}
    return names | {n.id for n in ast.walk(function) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}


def _made_from(function: ast.FunctionDef | ast.AsyncFunctionDef, value: ast.expr, old: str) -> bool:
    """``value`` is the old name in another spelling: a read or conversion of it (``int(old)``, ``old.item()``),
    or a local bound to one (``idx = old``): the caller hands the slot what it handed before."""
    if _spells(value, old):
        return True
    if not isinstance(value, ast.Name):
        return False
    return any(
        isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == value.id for t in node.targets)
        and _spells(node.value, old)
        for node in ast.walk(function)
    )


def _spells(value: ast.expr, old: str) -> bool:
    """``old`` itself, an attribute read off it, or a call whose only argument or receiver is it."""
    while isinstance(value, ast.Call):
        value = value.args[0] if len(value.args) == 1 and not value.keywords else value.func
    while isinstance(value, ast.Attribute):
        value = value.value
    return isinstance(value, ast.Name) and value.id == old
