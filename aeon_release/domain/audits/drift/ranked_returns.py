"""Ranked returns: upstream now adds (or drops) an axis on a tensor a function returns; a fork caller still
adds it itself, or reads an axis by the number it had.

#34219 (ae4e280602) made ``fi_chunk_gated_delta_rule`` return ``output.unsqueeze(0), final_state`` where it
returned FlashInfer's ``(output, final_state)`` as they came: the output is 4-D now (``(1, L, H, D)``, FLA's
layout).  A fork caller written at the base to restore that layout itself (``return o.unsqueeze(0), state``)
merges cleanly and now hands on a 5-D tensor; one reading the token count off ``o.shape[0]`` now reads 1.
Nothing was renamed, no signature or annotation changed: only the rank of one returned value.

Upstream's side: a def (a function or a method, one qualified name) of a changed Python file whose every return,
at upstream, applies one reshape to one name at one position -- ``x.unsqueeze(d)``, ``torch.unsqueeze(x, d)``,
``x[None]`` (an axis added at ``d``, 0 for ``None``) or ``x.squeeze(d)`` (one dropped), ``d`` a literal not
below 0 -- of a returned tuple of one length (or the whole value), where no value the def returned at the base
held a reshape, and the body at upstream reshapes that name nowhere else nor binds it to a reshaped value (a
squeeze earlier may undo the returned unsqueeze; the inputs' own squeezes are other names).

The fork's side, on a line it owns, in a function binding a name once to such a call's value at that position
(``o, s = f(...)``, ``o = f(...)`` for the whole value, ``o = f(...)[k]``; ``f`` read through the file's
imports, a module attribute, or a class named as the receiver, see ``drift/callees.py``): an error for the same
unsqueeze applied again to the name (the axis twice: the layout the fork restored is now one rank too deep),
and for ``o.shape[i]``/``o.size(i)`` with a literal ``i`` at or past the axis (the read now takes the axis
before or after the one it was written for).  Quiet: a negative index (the trailing axes stayed), a squeeze of
the name (a no-op where the axis was not 1), the name passed on, a function testing the name's rank
(``o.dim()``, ``o.ndim``, ``len(o.shape)``: written for both), a name bound twice.  A warning where the
function compares the added axis's size with 1 (``o.shape[0] != 1``): the new rank, or one row at the old one.

Cheap first: nothing is read unless a fork line adds an axis or reads one by number (``.unsqueeze(``,
``.shape[``, ``.size(``, ``[None``); then only the defs of upstream's files holding an added line that returns a
reshape are walked, and only fork files whose added lines name one of the reshaped defs are parsed.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift import bound_returns as bound
from aeon_release.domain.audits.drift.returns import own_nodes, own_returns
from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern

__all__ = ["RULE", "ranked_return_drift"]

_Def = ast.FunctionDef | ast.AsyncFunctionDef
# an added line returning a reshaped value: ``return output.unsqueeze(0), state``, ``return x[None]``
_RETURNS_RESHAPE = lazy_pattern(r"^\s*return\b.*(?:\.(?:un)?squeeze\(|\[\s*None\s*[,\]])")
_RANK_READS = frozenset({"dim", "ndim", "ndimension"})


@dataclass(frozen=True)
class Reranked(bound.Returned):
    """``qualname`` (in ``path``) now returns its value at ``position`` (None: the whole value) with an axis
    added (``delta`` 1) or dropped (-1) at ``axis``."""

    axis: int
    delta: int


def ranked_return_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork callers adding again the axis a def now adds to the value it returns, or reading an axis it moved."""
    if not _fork_reads_axes(trees):
        return []
    lines = {
        path: {n for n, line in change.added.items() if "return" in line and _RETURNS_RESHAPE.search(line)}
        for path, change in trees.upstream.items()
        if path.endswith(".py")
    }
    reranked = _reranked(trees, lines)
    findings = []
    for path, module, owned in bound.naming_modules(trees, reranked):
        findings += _callers(trees, path, module, owned, reranked, pr_pattern)
    return findings


def _fork_reads_axes(trees: ThreeTrees) -> bool:
    """A fork line that may add an axis or read one by number: nothing else here can be a finding."""
    return any(
        any(word in line for word in (".unsqueeze(", ".shape[", ".size(", "[None"))
        for path, change in trees.mine.items()
        if path.endswith(".py")
        for line in change.added.values()
    )


def _reranked(trees: ThreeTrees, lines: dict[str, set[int]]) -> list[Reranked]:
    """The defs holding the added lines of ``lines`` whose returned value (at one position) gained or lost an
    axis at upstream."""
    return [
        Reranked(path, qualname, *hit)
        for path, qualname, old, func in bound.changed_defs(trees, lines)
        if not _returns_reshaped(old)
        for hit in _returned_reshapes(func)
    ]


def _returns_reshaped(func: _Def) -> bool:
    """A value ``func`` returns holds a reshape (the base already added or dropped an axis there)."""
    return any(value is not None and any(_reshape(n) for n in ast.walk(value)) for value in own_returns(func))


def _returned_reshapes(func: _Def) -> Iterator[tuple[int | None, int, int]]:
    """(position, axis, delta) for each position every return of ``func`` reshapes alike, a name the body
    reshapes nowhere else nor binds to a reshape (the inputs' own squeezes are other names)."""
    for position, column in bound.returned_columns(func):
        shapes = {_reshape(e) for e in column}
        subjects = {ast.unparse(s) for e in column if (s := _subject(e)) is not None and isinstance(s, ast.Name)}
        if len(shapes) == 1 and len(subjects) == 1 and (shape := shapes.pop()) is not None:
            if _reshaped_elsewhere(func, subjects.pop()) == len(column):
                yield (position, *shape)


def _reshaped_elsewhere(func: _Def, name: str) -> int:
    """How many reshapes of ``name`` the body holds (its returns' among them), or -1 when the body binds the
    name to a reshaped value."""
    count = 0
    for node in own_nodes(func.body):
        if isinstance(node, ast.Assign) and any(_is(t, name) for t in node.targets):
            if any(_reshape(n) for n in ast.walk(node.value)):
                return -1
        subject = _subject(node) if _reshape(node) else None
        count += subject is not None and _is(subject, name)
    return count


def _reshape(node: ast.AST) -> tuple[int, int] | None:
    """(axis, 1) for ``x.unsqueeze(d)``/``torch.unsqueeze(x, d)``/``x[None]``, (axis, -1) for ``x.squeeze(d)``;
    None for anything else (a squeeze of every unit axis, a dim that is no literal)."""
    if isinstance(node, ast.Subscript):
        first = node.slice.elts[0] if isinstance(node.slice, ast.Tuple) and node.slice.elts else node.slice
        return (0, 1) if isinstance(first, ast.Constant) and first.value is None else None
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
        return None
    attr = node.func.attr
    if attr not in ("unsqueeze", "squeeze"):
        return None
    module_call = isinstance(node.func.value, ast.Name) and node.func.value.id == "torch"
    args = node.args[1:] if module_call else node.args
    dims = [*args, *(k.value for k in node.keywords if k.arg == "dim")]
    if len(dims) != 1 or not isinstance(dims[0], ast.Constant) or type(dims[0].value) is not int:
        return None
    axis = dims[0].value
    return (axis, 1 if attr == "unsqueeze" else -1) if axis >= 0 else None


def _subject(node: ast.AST) -> ast.expr | None:
    """The value a reshape applies to."""
    if isinstance(node, ast.Subscript):
        return node.value
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        module_call = isinstance(node.func.value, ast.Name) and node.func.value.id == "torch"
        return (node.args[0] if node.args else None) if module_call else node.func.value
    return None


def _callers(
    trees: ThreeTrees, path: str, module: ast.Module, owned: set[int], reranked: list[Reranked], pr_pattern: str
) -> list[Finding]:
    """The fork-owned reads in ``path`` of a name bound to a reranked def's value."""
    findings = []
    for nodes, name, hit in bound.bound_once(trees, module, reranked):
        if not _rank_tested(nodes, name):
            unsure = _unit_tested(nodes, name, hit)
            for node, why in _misreads(nodes, name, hit):
                if getattr(node, "lineno", 0) in owned:
                    findings.append(_finding(trees, path, node, hit, why, pr_pattern, unsure))
    return findings


def _rank_tested(nodes: list[ast.AST], name: str) -> bool:
    """The function reads the name's rank (``o.dim()``, ``o.ndim``, ``len(o.shape)``): written for both."""
    for node in nodes:
        if isinstance(node, ast.Attribute) and _is(node.value, name):
            if node.attr in _RANK_READS:
                return True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "len" and node.args:
            arg = node.args[0]
            if isinstance(arg, ast.Attribute) and arg.attr == "shape" and _is(arg.value, name):
                return True
    return False


def _unit_tested(nodes: list[ast.AST], name: str, hit: Reranked) -> bool:
    """The function compares the added axis's size with 1 (``o.shape[0] != 1``, ``o.size(0) == 1``): written
    for the new rank (the axis upstream added is 1), or testing for one row at the old one -- which, the engine
    cannot tell, so its reads are a warning (review134's twin raised unless the new axis was 1)."""
    if hit.delta != 1:
        return False
    for node in nodes:
        if isinstance(node, ast.Compare) and all(isinstance(op, ast.Eq | ast.NotEq) for op in node.ops):
            sides = [node.left, *node.comparators]
            one = any(isinstance(s, ast.Constant) and type(s.value) is int and s.value == 1 for s in sides)
            if one and any(_axis_read(s, name) == hit.axis for s in sides):
                return True
    return False


def _is(node: ast.expr, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _misreads(nodes: list[ast.AST], name: str, hit: Reranked) -> Iterator[tuple[ast.AST, str]]:
    """The reads of ``name`` the new rank breaks: the same unsqueeze again, an axis by a number at or past it."""
    for node in nodes:
        shape = _reshape(node)
        subject = _subject(node) if shape else None
        if shape == (hit.axis, 1) and hit.delta == 1 and subject is not None and _is(subject, name):
            yield node, f"adds axis {hit.axis} again: the value is one rank deeper than the fork made it"
            continue
        axis = _axis_read(node, name)
        if axis is not None and axis >= hit.axis:
            now = axis + hit.delta
            yield node, f"reads axis {axis}, which is now axis {now} (axis {axis} is another one)"


def _axis_read(node: ast.AST, name: str) -> int | None:
    """``i`` of ``name.shape[i]`` or ``name.size(i)``, a literal not below 0."""
    literal: ast.expr | None = None
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) and node.value.attr == "shape":
        literal = node.slice if _is(node.value.value, name) else None
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "size":
        literal = node.args[0] if _is(node.func.value, name) and len(node.args) == 1 else None
    if isinstance(literal, ast.Constant) and type(literal.value) is int and literal.value >= 0:
        return literal.value
    return None


def _finding(
    trees: ThreeTrees, path: str, node: ast.AST, hit: Reranked, why: str, pr_pattern: str, unsure: bool = False
) -> Finding:
    op = "unsqueeze|\\[None" if hit.delta == 1 else "squeeze"
    commit = trees.upstream_commit(hit.path, op, pr_pattern, most=5)
    where = f"position {hit.position} of the tuple" if hit.position is not None else "the value"
    change = "adds" if hit.delta == 1 else "drops"
    return Finding(
        RULE,
        "merge",
        Severity.WARNING if unsure else Severity.ERROR,
        path,
        getattr(node, "lineno", 0),
        f"fork-owned read of {where} {hit.qualname}() returns, which upstream now {change} axis {hit.axis} on "
        f"itself ({hit.path}{commit}): the line {why}"
        + (f" (unless the function's test of axis {hit.axis} against 1 was written for the new rank)" if unsure else "")
        + "; read the returned value at its new rank",
    )
