"""Shifted joins: upstream changed where the parts a function joins into the string it returns start; a fork
caller still reads a leading part by its old position.

#17196 (756848e79e) made ``parse_fine_tuned_lora_name`` keep the whole name when it lacks ``base_model.model.``:
its returned module name, ``".".join(parts[2:-2])``, became ``".".join(parts[start_index:-2])`` with
``start_index = 2 if "base_model.model." in name else 0``.  A fork caller reading the layer index off the parsed
name's first part (``int(module.split(".")[0])``, written for keys without the prefix, whose first two parts the
function dropped) merges cleanly and now reads ``"model"`` for those keys.  No name, signature or annotation
changed: only where the joined slice starts.

Upstream's side: a def of a changed file (a text gate first: the diff removed and added a ``.join(`` line) whose
every return, at one position of a tuple of one width (or the whole value), is ``SEP.join(P[a:b])`` -- directly,
or a name the def binds only to such joins -- with ``SEP`` one string literal; the starts ``a`` were one literal
at the base and are another expression now.  The fork's side, on a line it owns, in a function binding a name
once to the value at that position (as ``drift/ranked_returns.py`` reads it): ``name.split(SEP)[i]`` with a
literal ``i`` not below 0 (the parts from the front moved).  An error where upstream's start is one other
literal (every path moved); a warning where it is a name or an expression (``start_index``: only some inputs
moved).  Quiet: a negative index (the end stayed), the name passed on, another separator, the other position.

Cheap first: nothing is read unless a fork line splits a string and indexes the parts; then only the defs of
upstream's files holding an added ``.join(`` line (where the diff removed one too) are walked.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift import bound_returns as bound
from aeon_release.domain.audits.drift.returns import own_nodes
from aeon_release.domain.audits.drift.sides import FileChange, ThreeTrees
from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity

__all__ = ["RULE", "shifted_join_drift"]

_Def = ast.FunctionDef | ast.AsyncFunctionDef


@dataclass(frozen=True)
class Shifted(bound.Returned):
    """``qualname`` (in ``path``) returns at ``position`` a join by ``sep`` whose slice now starts at ``new``."""

    sep: str
    old: str
    new: str

    @property
    def sure(self) -> bool:
        """Upstream's start is one literal: every input's parts moved."""
        return self.new.lstrip("-").isdigit()


def shifted_join_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork reads of a leading part of a string a def now joins from another start."""
    if not _fork_splits(trees):
        return []
    lines = {path: _rejoined(change) for path, change in trees.upstream.items() if path.endswith(".py")}
    shifted = _shifted(trees, lines)
    findings = []
    for path, module, owned in bound.naming_modules(trees, shifted):
        findings += _callers(trees, path, module, owned, shifted, pr_pattern)
    return findings


def _rejoined(change: FileChange) -> set[int]:
    """The added lines joining, where the diff removed a join too."""
    if not any(".join(" in line for line in change.removed):
        return set()
    return {n for n, line in change.added.items() if ".join(" in line}


def _fork_splits(trees: ThreeTrees) -> bool:
    """A fork line splitting a string and indexing the parts: nothing else here can be a finding."""
    return any(
        ".split(" in line and ")[" in line
        for path, change in trees.mine.items()
        if path.endswith(".py")
        for line in change.added.values()
    )


def _shifted(trees: ThreeTrees, lines: dict[str, set[int]]) -> list[Shifted]:
    found = []
    for path, qualname, old, func in bound.changed_defs(trees, lines):
        was = {k: v for k, *v in _joined_returns(old)}
        for k, sep, start in _joined_returns(func):
            if k in was and was[k][0] == sep and was[k][1].isdigit() and was[k][1] != start:
                found.append(Shifted(path, qualname, k, sep, was[k][1], start))
    return found


def _joined_returns(func: _Def) -> Iterator[tuple[int | None, str, str]]:
    """(position, separator, start) where every return of ``func`` joins one slice there from one start."""
    binds = _binds(func)
    for position, column in bound.returned_columns(func):
        joins = {_join(j) for e in column for j in _resolved(e, binds)}
        if len(joins) == 1 and (join := joins.pop()) is not None:
            yield (position, *join)


def _binds(func: _Def) -> dict[str, list[ast.expr]]:
    found: dict[str, list[ast.expr]] = {}
    for node in own_nodes(func.body):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            found.setdefault(node.targets[0].id, []).append(node.value)
    return found


def _resolved(expr: ast.expr, binds: dict[str, list[ast.expr]]) -> list[ast.expr]:
    """The expression, or every value the def binds the name to."""
    if isinstance(expr, ast.Name):
        return binds.get(expr.id) or [expr]
    return [expr]


def _join(expr: ast.expr) -> tuple[str, str] | None:
    """(separator, start) of ``SEP.join(P[a:b])`` (a start of None reads as 0)."""
    if not (isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and expr.func.attr == "join"):
        return None
    sep, args = expr.func.value, expr.args
    if not (isinstance(sep, ast.Constant) and isinstance(sep.value, str) and len(args) == 1):
        return None
    part = args[0]
    if not (isinstance(part, ast.Subscript) and isinstance(part.slice, ast.Slice) and part.slice.step is None):
        return None
    lower = part.slice.lower
    return sep.value, ast.unparse(lower) if lower is not None else "0"


def _callers(
    trees: ThreeTrees, path: str, module: ast.Module, owned: set[int], shifted: list[Shifted], pr_pattern: str
) -> list[Finding]:
    findings = []
    for nodes, name, hit in bound.bound_once(trees, module, shifted):
        for node in nodes:
            index = _front_part(node, name, hit.sep)
            if index is not None and node.lineno in owned:  # type: ignore[attr-defined]
                findings.append(_finding(trees, path, node, hit, index, pr_pattern))
    return findings


def _front_part(node: ast.AST, name: str, sep: str) -> int | None:
    """``i`` of ``name.split(sep)[i]``, a literal not below 0."""
    if not (isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant)):
        return None
    index, split = node.slice.value, node.value
    if type(index) is not int or index < 0 or not isinstance(split, ast.Call):
        return None
    func = split.func
    if not (isinstance(func, ast.Attribute) and func.attr == "split" and isinstance(func.value, ast.Name)):
        return None
    arg = split.args[0] if split.args else None
    same = isinstance(arg, ast.Constant) and arg.value == sep
    return index if func.value.id == name and same else None


def _finding(trees: ThreeTrees, path: str, node: ast.AST, hit: Shifted, index: int, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(hit.path, r"\.join\(", pr_pattern, most=5)
    where = f"position {hit.position} of the tuple" if hit.position is not None else "the value"
    some = "" if hit.sure else " for the inputs where the new start differs"
    return Finding(
        RULE,
        "merge",
        Severity.ERROR if hit.sure else Severity.WARNING,
        path,
        getattr(node, "lineno", 0),
        f"fork-owned read of part {index} of {where} {hit.qualname}() returns, which upstream now joins from "
        f"{hit.new} where it joined from {hit.old} ({hit.path}{commit}): the leading parts moved, so the read "
        f"takes another part{some}; read the part from the end, or split the name the way upstream now builds it",
    )
