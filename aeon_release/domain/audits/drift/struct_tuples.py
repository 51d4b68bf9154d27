"""Struct tuple drift: a fork line reads a Struct's or dataclass's fields by position, and upstream moved them.

``msgspec.structs.astuple(request)`` (and ``dataclasses.astuple``) hands out the fields in declaration
order: ``rid, prompt, ids, *_ = astuple(request)`` or ``astuple(output)[2]`` names each field by its place.
When upstream inserts, removes or reorders a field (#17214 took ``prompt`` out of ``EngineCoreRequest``,
#17045 put ``cache_salt`` in front of ``current_wave``), git merges the fork's line as it was and every
position from the change on reads its neighbour's value, silently where the types fit.

A fork-owned unpack of ``astuple(x)`` or subscript ``astuple(x)[k]`` (a constant ``k``), where the function
types ``x`` as one class (its parameter's annotation, or the one call it is bound to), is checked against
that class in the files upstream changed: a msgspec ``Struct`` or a base-less class (a dataclass), whose
annotated fields are its whole layout.  The first position the fork reads whose field upstream moved (or
took past the end) is an error; a position that still holds its field stays quiet.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.own_fields import enclosing, receiver_names
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, both_texts
from aeon_release.domain.audits.drift.wire_mirrors import _class_var
from aeon_release.domain.audits.merge_rules import LAYOUT_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, parent_map, parse_python

_WORD = "astuple("
_MOST_FILES = 64


@dataclass(frozen=True)
class Read:
    path: str
    line: int
    cls: str
    positions: tuple[int, ...]  # the positions read (negative: from the end)
    count: int | None  # an unpack without a star: the number of names it takes


def struct_tuple_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    reads = list(_fork_reads(trees))
    if not reads:
        return []
    holding = trees.declaring({r.cls for r in reads}, _MOST_FILES)
    if not holding:
        return []
    before, after = both_texts(trees, holding)
    findings = []
    for read in reads:
        for path in holding:
            was, now = _fields(before[path], path, read.cls), _fields(after[path], path, read.cls)
            if was is None or now is None or was == now:
                continue
            moved = _moved(read, was, now)
            if moved is not None:
                changed = sorted((set(was) ^ set(now)) | {moved[1]} | ({moved[2]} - {""}))
                findings.append(_finding(trees, read, path, moved, changed, pr_pattern))
            break
    return findings


def _fork_reads(trees: ThreeTrees) -> Iterator[Read]:
    for path, module, owned in fork_modules(trees, lambda line: _WORD in line):
        parents = parent_map(module)
        for node in ast.walk(module):
            read = _read(path, node, parents)
            if read is not None and read.line in owned:
                yield read


def _read(path: str, node: ast.AST, parents: dict[int, ast.AST]) -> Read | None:
    if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], (ast.Tuple, ast.List)):
        cls = _struct_of(node.value, node, parents)
        elts = node.targets[0].elts
        star = next((i for i, e in enumerate(elts) if isinstance(e, ast.Starred)), None)
        ahead = range(star) if star is not None else range(len(elts))
        behind = range(star - len(elts) + 1, 0) if star is not None else range(0)
        count = None if star is not None else len(elts)
        return Read(path, node.lineno, cls, (*ahead, *behind), count) if cls else None
    if isinstance(node, ast.Subscript) and isinstance(node.slice, (ast.Constant, ast.UnaryOp)):
        index = _index(node.slice)
        cls = _struct_of(node.value, node, parents) if index is not None else None
        return Read(path, node.lineno, cls, (index,), None) if cls and index is not None else None
    return None


def _index(node: ast.expr) -> int | None:
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _index(node.operand)
        return -inner if inner is not None else None
    return None


def _struct_of(value: ast.expr, node: ast.AST, parents: dict[int, ast.AST]) -> str | None:
    """The one class the argument of ``astuple(x)`` is typed as in its function, else None."""
    if not (isinstance(value, ast.Call) and last_name(value.func) == "astuple" and len(value.args) == 1):
        return None
    arg, func = value.args[0], enclosing(node, parents)
    if not isinstance(arg, ast.Name) or func is None:
        return None
    classes = {n.rsplit(".", 1)[-1] for n in receiver_names(arg.id, func)}
    cls = next(iter(classes)) if len(classes) == 1 else ""
    return cls if cls[:1].isupper() and cls.isidentifier() else None


def _fields(text: str | None, path: str, name: str) -> tuple[str, ...] | None:
    """The annotated fields, in order, of the class ``name`` in the module: a msgspec Struct or a class
    without bases (a dataclass); None for another class (its bases' fields come first, unseen)."""
    module = parse_python(text, path) if text is not None else None
    for node in ast.walk(module) if module is not None else ():
        if isinstance(node, ast.ClassDef) and node.name == name:
            if not all(last_name(b) in ("Struct", "Generic") or isinstance(b, ast.Subscript) for b in node.bases):
                return None
            return tuple(
                stmt.target.id
                for stmt in node.body
                if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and not _class_var(stmt)
            )
    return None


def _moved(read: Read, was: tuple[str, ...], now: tuple[str, ...]) -> tuple[int, str, str] | None:
    """(position, the field there at the base, the one there now or "") at the first position read whose
    field moved; an unpack of every field checks the count too."""
    if read.count is not None and read.count == len(was) and len(now) != len(was):
        first = next((i for i in range(len(was)) if i >= len(now) or now[i] != was[i]), len(was) - 1)
        return first, was[first], now[first] if first < len(now) else ""
    for position in read.positions:
        if not -len(was) <= position < len(was):
            continue
        held = now[position] if -len(now) <= position < len(now) else ""
        if held != was[position]:
            return position, was[position], held
    return None


def _finding(
    trees: ThreeTrees, read: Read, path: str, moved: tuple[int, str, str], changed: list[str], pr_pattern: str
) -> Finding:
    """``changed``: the fields upstream added or removed, and the two at the position (the commit's lines)."""
    position, field, held = moved
    commit = trees.upstream_commit(path, rf"^[[:space:]]+({'|'.join(changed)})[[:space:]]*:", pr_pattern)
    now = f"holds {held} now" if held else "is past its last field now"
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        read.path,
        read.line,
        f"fork-owned line reads {read.cls}'s fields by position (astuple), and upstream changed {read.cls}'s "
        f"fields ({path}{commit}): position {position}, {field} at the base, {now}, so the fork reads another "
        f"field's value silently; read the fields by name ({field})",
    )
