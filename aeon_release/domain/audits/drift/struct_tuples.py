"""Struct tuple drift: a fork line reads a Struct's or dataclass's fields by position, and upstream moved them.

``msgspec.structs.astuple(request)`` (and ``dataclasses.astuple``) hands out the fields in declaration
order: ``rid, prompt, ids, *_ = astuple(request)`` or ``astuple(output)[2]`` names each field by its place.
When upstream inserts, removes or reorders a field (#17214 took ``prompt`` out of ``EngineCoreRequest``,
#17045 put ``cache_salt`` in front of ``current_wave``), git merges the fork's line as it was and every
position from the change on reads its neighbour's value, silently where the types fit.  The other views
that hand out the fields in that order read them by position as well: ``asdict(x).values()`` (a dataclass
or a Struct), and ``vars(x).values()`` / ``x.__dict__.values()`` of a dataclass (its generated
``__init__`` stores the fields in declaration order), bare or wrapped in ``tuple(...)`` / ``list(...)``:
#22678 gave ``PerLayerParameters`` a fourth field, and ``w, cap, scale = vars(params).values()`` raises.

A fork-owned unpack or subscript ``[k]`` (a constant ``k``) of one of those views of ``x``, where the
function types ``x`` as one class (its parameter's annotation, or the one call it is bound to), is checked
against that class in the files upstream changed: a msgspec ``Struct`` or a base-less class (a dataclass),
whose annotated fields are its whole layout -- for ``vars`` and ``__dict__`` only a class decorated
``@dataclass`` (a plain class's ``__dict__`` follows its ``__init__``, a Struct has none).  The first
position the fork reads whose field upstream moved (or took past the end) is an error; a position that
still holds its field stays quiet.
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

_WORDS = ("astuple(", ".values()")
_WRAPS = frozenset({"tuple", "list"})
_SPELLED = {"astuple": "astuple", "asdict": "asdict(...).values()", "vars": "vars(...).values()"}
_MOST_FILES = 64


@dataclass(frozen=True)
class Read:
    path: str
    line: int
    cls: str
    positions: tuple[int, ...]  # the positions read (negative: from the end)
    count: int | None  # an unpack without a star: the number of names it takes
    view: str = "astuple"  # the spelling that hands the fields out: astuple, asdict, vars


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
            was, now = _fields(before[path], path, read.cls, read.view), _fields(after[path], path, read.cls, read.view)
            if was is None or now is None or was == now:
                continue
            moved = _moved(read, was, now)
            if moved is not None:
                changed = sorted((set(was) ^ set(now)) | {moved[1]} | ({moved[2]} - {""}))
                findings.append(_finding(trees, read, path, moved, changed, pr_pattern))
            break
    return findings


def _fork_reads(trees: ThreeTrees) -> Iterator[Read]:
    for path, module, owned in fork_modules(trees, lambda line: any(word in line for word in _WORDS)):
        parents = parent_map(module)
        for node in ast.walk(module):
            read = _read(path, node, parents)
            if read is not None and read.line in owned:
                yield read


def _read(path: str, node: ast.AST, parents: dict[int, ast.AST]) -> Read | None:
    if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], (ast.Tuple, ast.List)):
        cls, view = _struct_of(node.value, node, parents)
        elts = node.targets[0].elts
        star = next((i for i, e in enumerate(elts) if isinstance(e, ast.Starred)), None)
        ahead = range(star) if star is not None else range(len(elts))
        behind = range(star - len(elts) + 1, 0) if star is not None else range(0)
        count = None if star is not None else len(elts)
        return Read(path, node.lineno, cls, (*ahead, *behind), count, view) if cls else None
    if isinstance(node, ast.Subscript) and isinstance(node.slice, (ast.Constant, ast.UnaryOp)):
        index = _index(node.slice)
        cls, view = _struct_of(node.value, node, parents) if index is not None else (None, "")
        return Read(path, node.lineno, cls, (index,), None, view) if cls and index is not None else None
    return None


def _index(node: ast.expr) -> int | None:
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _index(node.operand)
        return -inner if inner is not None else None
    return None


def _struct_of(value: ast.expr, node: ast.AST, parents: dict[int, ast.AST]) -> tuple[str | None, str]:
    """The one class the instance a positional view reads is typed as in its function (else None), and the
    view: ``astuple(x)``, ``asdict(x).values()``, ``vars(x).values()`` or ``x.__dict__.values()``."""
    arg, view = _viewed(value)
    func = enclosing(node, parents)
    if not isinstance(arg, ast.Name) or func is None:
        return None, view
    classes = {n.rsplit(".", 1)[-1] for n in receiver_names(arg.id, func)}
    cls = next(iter(classes)) if len(classes) == 1 else ""
    return (cls if cls[:1].isupper() and cls.isidentifier() else None), view


def _viewed(value: ast.expr) -> tuple[ast.expr | None, str]:
    """(the instance, the view) of a positional view of its fields, ``tuple(...)``/``list(...)`` unwrapped."""
    while isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in _WRAPS:
        if len(value.args) != 1 or value.keywords:
            return None, ""
        value = value.args[0]
    if not isinstance(value, ast.Call) or value.keywords:
        return None, ""
    if last_name(value.func) == "astuple" and len(value.args) == 1:
        return value.args[0], "astuple"
    func = value.func
    if value.args or not isinstance(func, ast.Attribute) or func.attr != "values":
        return None, ""
    if isinstance(func.value, ast.Attribute) and func.value.attr == "__dict__":
        return func.value.value, "vars"
    inner = func.value
    if not isinstance(inner, ast.Call) or len(inner.args) != 1 or inner.keywords:
        return None, ""
    if isinstance(inner.func, ast.Name) and inner.func.id == "vars":
        return inner.args[0], "vars"
    return (inner.args[0], "asdict") if last_name(inner.func) == "asdict" else (None, "")


def _fields(text: str | None, path: str, name: str, view: str = "astuple") -> tuple[str, ...] | None:
    """The annotated fields, in order, of the class ``name`` in the module: a msgspec Struct or a class
    without bases (a dataclass); None for another class (its bases' fields come first, unseen).  ``vars``:
    only a class decorated ``@dataclass`` (a Struct has no ``__dict__``, a plain class's follows ``__init__``)."""
    module = parse_python(text, path) if text is not None else None
    for node in ast.walk(module) if module is not None else ():
        if isinstance(node, ast.ClassDef) and node.name == name:
            if not all(last_name(b) in ("Struct", "Generic") or isinstance(b, ast.Subscript) for b in node.bases):
                return None
            if view == "vars" and not any(_names_dataclass(d) for d in node.decorator_list):
                return None
            return tuple(
                stmt.target.id
                for stmt in node.body
                if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and not _class_var(stmt)
            )
    return None


def _names_dataclass(decorator: ast.expr) -> bool:
    return last_name(decorator.func if isinstance(decorator, ast.Call) else decorator) == "dataclass"


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
        f"fork-owned line reads {read.cls}'s fields by position ({_SPELLED[read.view]}), and upstream changed "
        f"{read.cls}'s fields ({path}{commit}): position {position}, {field} at the base, {now}, so the fork reads another "
        f"field's value silently; read the fields by name ({field})",
    )
