"""Re-derived layouts: a fork's own arithmetic on the arguments it hands an upstream function whose arithmetic changed.

#21497 (fe56180c7f) rewrote ``determine_expert_map(ep_size, ep_rank, global_num_experts)``: the remainder of
``global_num_experts // ep_size`` now goes one expert each to the first ranks (rank ``r`` starts at
``r * base + min(r, remainder)``) where the last rank took it all.  A fork function that calls it and, beside the
call, works out its own rank's first expert from the same inputs (``first = ep_rank * (num_experts //
ep_size)``: a checkpoint loader reading only its rank's experts) merges cleanly and now reads other experts'
weights on every rank past the first uneven one.  The name, the signature and the return's shape stayed; only
the arithmetic inside moved.

Upstream's side: a module-level function of a changed file, its parameters the same at the base and upstream,
whose arithmetic (the binary operations of its body, as written) changed, with a ``//`` or ``%`` at either
side.  The fork's side, on a line it owns, in a function calling it: a floor division or a modulo over two or
more of the very arguments (names or attributes) the fork hands the call, bound to parameters the changed
arithmetic reads.  A warning: the fork's formula may agree with the new one (or be its own business with the
same inputs); the engine cannot tell, so it names the function and the change.  Quiet: arithmetic over one of
the arguments (or none), over the function's result alone, a function whose arithmetic did not change (a
docstring, a log line), and a function the fork defines itself.

Cheap first: only upstream files whose changed lines hold ``//`` or ``%``, and only fork files naming one of
the changed functions on a line they added; and no parse at all when no line the fork added holds a name either
version of a candidate file declares with ``def`` (perf27: the 32 candidates' parses were ~15% of a 500-commit
merge's CPU, for a fork whose added lines named none of them).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import (
    ThreeTrees,
    added_names_a_def,
    parsed_versions,
)
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity

_MOST_FILES = 32
_DIVIDING = (ast.FloorDiv, ast.Mod)
_FUNCTION = (ast.FunctionDef, ast.AsyncFunctionDef)


@dataclass(frozen=True)
class Rederivable:
    """``name`` of module ``module`` (file ``path``): its parameters (the first ``positional`` of them reachable
    by a positional argument), and those its changed arithmetic reads."""

    path: str
    module: str
    name: str
    params: tuple[str, ...]
    read: frozenset[str]
    positional: int


def rederived_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """A warning on each fork line re-deriving, from a call's arguments, what the called upstream function's
    changed arithmetic computes."""
    paths = [p for p in sorted(trees.upstream) if p.endswith(".py") and _candidate(trees, p)][:_MOST_FILES]
    if not paths or not _named(trees, paths):
        return []
    changed = [c for path, old, new in parsed_versions(trees, paths) for c in _changed(path, old, new)]
    if not changed:
        return []
    names = {c.name for c in changed}
    return [
        _finding(trees, path, line, item, args, pr_pattern)
        for path, module, owned in fork_modules(trees, lambda line: any(n in line for n in names))
        for item, line, args in _rederived(path, module, changed)
        if line in owned
    ]


def _named(trees: ThreeTrees, paths: list[str]) -> bool:
    """Whether a line the fork added holds a name some candidate declares with ``def`` at both versions.

    A finding lies in a fork module one of whose added lines holds a changed function's name
    (``fork_modules``), and a changed function is one both versions define at module level, so every such name
    is among ``declared``'s (a superset).  Only all or nothing: a changed function's call in that module need
    not be on an added line (an alias imported earlier), so no one candidate may be passed over alone."""
    return added_names_a_def(trees, paths, lambda name: name)


def _candidate(trees: ThreeTrees, path: str) -> bool:
    change = trees.upstream[path]
    return any("//" in line or "%" in line for line in [*change.removed, *change.added.values()])


def _changed(path: str, old: ast.Module, new: ast.Module) -> Iterator[Rederivable]:
    before, after = _functions(old), _functions(new)
    for name in sorted(before.keys() & after.keys()):
        was, now = before[name], after[name]
        params = _params(now)
        if params != _params(was):
            continue  # a signature change is symbol drift's
        old_ops, new_ops = _arithmetic(was), _arithmetic(now)
        if old_ops == new_ops or not any(isinstance(n.op, _DIVIDING) for n in [*old_ops.values(), *new_ops.values()]):
            continue
        moved = [op for text, op in {**old_ops, **new_ops}.items() if (text in old_ops) != (text in new_ops)]
        read = frozenset(n.id for op in moved for n in ast.walk(op) if isinstance(n, ast.Name)) & set(params)
        if read:
            positional = len(now.args.posonlyargs) + len(now.args.args)
            yield Rederivable(path, dotted_name(path, roots=("",)), name, params, read, positional)


def _functions(module: ast.Module) -> dict[str, ast.FunctionDef | ast.AsyncFunctionDef]:
    return {n.name: n for n in module.body if isinstance(n, _FUNCTION)}


def _params(func: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[str, ...]:
    args = func.args
    return tuple(a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs])


def _arithmetic(func: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, ast.BinOp]:
    """The function's binary operations (outermost of each expression), keyed by their text."""
    found: dict[str, ast.BinOp] = {}
    for node in ast.walk(func):
        if isinstance(node, ast.BinOp):
            found.setdefault(ast.unparse(node), node)
    return found


def _rederived(
    path: str, module: ast.Module, changed: list[Rederivable]
) -> Iterator[tuple[Rederivable, int, tuple[str, ...]]]:
    """(function, line, arguments re-derived from) for each dividing operation of a fork function over two or
    more of the arguments it hands a call of one of ``changed``, bound to parameters its arithmetic reads."""
    imports = file_imports(module, path)
    by_origin = {(c.module, c.name): c for c in changed}
    # one warning a line and function: a second call, or a nested def (walked for itself and for the function
    # around it), reaches the same line again (mend62)
    said: set[tuple[str, str, int]] = set()
    for func in (n for n in ast.walk(module) if isinstance(n, _FUNCTION)):
        for call, item in _calls(func, imports, by_origin):
            handed = _handed(call, item)
            for op in _dividing(func, call):
                read = (ast.unparse(n) for n in ast.walk(op) if isinstance(n, ast.Name | ast.Attribute))
                used = sorted(set(read) & handed.keys())  # handed keys are names and attributes alone
                if (
                    len(used) >= 2
                    and any(handed[u] in item.read for u in used)
                    and (item.module, item.name, op.lineno) not in said
                ):
                    said.add((item.module, item.name, op.lineno))
                    yield item, op.lineno, tuple(used)


def _calls(
    func: ast.FunctionDef | ast.AsyncFunctionDef,
    imports: dict[str, tuple[str, str]],
    by_origin: dict[tuple[str, str], Rederivable],
) -> Iterator[tuple[ast.Call, Rederivable]]:
    for node in ast.walk(func):
        if isinstance(node, ast.Call):
            origin = imported_origin(node.func, imports)
            item = by_origin.get(origin) if origin is not None else None
            if item is not None:
                yield node, item


def _handed(call: ast.Call, item: Rederivable) -> dict[str, str]:
    """The text of each name or attribute argument of the call -> the parameter it binds.

    A positional argument binds only a positional parameter (one past them goes to ``*args``, never to a
    keyword-only parameter), and none is paired from a ``*spread`` on: its length is unknown (mend67)."""
    spread = next((i for i, a in enumerate(call.args) if isinstance(a, ast.Starred)), len(call.args))
    positional = zip(call.args[:spread], item.params[: item.positional], strict=False)
    pairs = [*positional, *((k.value, k.arg) for k in call.keywords if k.arg)]
    return {ast.unparse(v): p for v, p in pairs if isinstance(v, ast.Name | ast.Attribute)}


def _dividing(func: ast.FunctionDef | ast.AsyncFunctionDef, call: ast.Call) -> Iterator[ast.BinOp]:
    """The outermost binary operations of the function holding a ``//`` or ``%`` (not inside the call)."""
    inside = {id(n) for n in ast.walk(call)}
    seen: set[int] = set()
    for node in ast.walk(func):
        if not isinstance(node, ast.BinOp) or id(node) in seen or id(node) in inside:
            continue
        seen |= {id(n) for n in ast.walk(node)}
        if any(isinstance(n, ast.BinOp) and isinstance(n.op, _DIVIDING) for n in ast.walk(node)):
            yield node


def _finding(
    trees: ThreeTrees, path: str, line: int, item: Rederivable, args: tuple[str, ...], pr_pattern: str
) -> Finding:
    commit = trees.upstream_commit(item.path, r"(//|%)", pr_pattern)
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        line,
        f"fork-owned arithmetic on {', '.join(args)}, the arguments this function hands {item.module}.{item.name}, "
        f"whose own arithmetic on them upstream changed ({item.path}{commit}): the fork re-derives what "
        f"{item.name} computes, by the old formula or its own; check it agrees with the new one, or read it off "
        f"{item.name}'s result",
    )
