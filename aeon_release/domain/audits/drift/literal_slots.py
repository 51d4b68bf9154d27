"""A parameter renamed in place and retyped between a plain scalar and a ``Literal[...]``: what the value says.

The renamed-slot check (drift/symbols.py) reads a literal argument as the old kind of value and a new kind that
is not the old one as a value of another meaning.  A ``Literal["lru", "arc"]`` is no other kind: it takes the
strings it lists and refuses the rest.  So, for a positional argument of a slot whose old or new annotation is
one ``Literal`` of constants (``| None`` or ``Optional[...]`` round it too):

- ``REFUSED``: the argument is a constant the new ``Literal`` does not list (``"fifo"`` for ``Literal["lru",
  "arc"]``; a choice the narrowed ``Literal`` dropped): the callee was not written for it.  An error.
- ``TAKEN``: the argument is a constant the new slot takes (a listed choice; a string for ``str``).  Quiet.
- ``KEPT``: the new slot takes every value the old one did (``Literal["lru", "arc"]`` widened to ``str`` or to
  a ``Literal`` listing more), or the constant was no choice of the old ``Literal`` either (the merge changes
  nothing for it): a rename, not a retype.  The rename's warning at most.
- ``UNKNOWN``: a value read from elsewhere into a ``Literal`` narrower than the old slot: whether it is one of
  the choices is not in the call.  The rename's warning at most.

A ``Literal`` spelt through an alias, or holding anything but constants, is left to the rename rules.
"""

from __future__ import annotations

import ast
import enum

from aeon_release.domain.audits.drift.result_kinds import unoptional
from aeon_release.domain.audits.source import last_name, parsed_expression

__all__ = ["LiteralSlot", "literal_choices", "literal_slot", "shown"]

Choice = tuple[str, object]  # (the builtin's name, the value): ``1`` and ``True`` are different choices


class LiteralSlot(enum.Enum):
    REFUSED = "refused"
    TAKEN = "taken"
    KEPT = "kept"
    UNKNOWN = "unknown"


def literal_slot(old: tuple[ast.AST, str], new: tuple[ast.AST, str], arg: ast.expr) -> LiteralSlot | None:
    """What a ``Literal`` on either side of a renamed slot says of ``arg`` (module docstring); None when neither
    side's annotation is one ``Literal`` of constants."""
    was, now = literal_choices(*old), literal_choices(*new)
    if was is None and now is None:
        return None
    value = _constant(arg)
    if now is not None:
        if value is not None and was is not None and value not in was:
            return LiteralSlot.KEPT  # the old slot did not list it either: the merge changes nothing for it
        if value is not None:
            return LiteralSlot.TAKEN if value in now else LiteralSlot.REFUSED
        return LiteralSlot.KEPT if was is not None and was <= now else LiteralSlot.UNKNOWN
    kind = _plain_annotation(*new)
    if value is not None:
        return LiteralSlot.TAKEN if value[0] == kind else LiteralSlot.UNKNOWN
    assert was is not None
    return LiteralSlot.KEPT if kind and all(name == kind for name, _ in was) else LiteralSlot.UNKNOWN


def literal_choices(func: ast.AST, name: str) -> frozenset[Choice] | None:
    """The values parameter ``name`` of ``func`` is annotated to take when its annotation is one ``Literal`` of
    constants, alone or with ``None`` (``Literal["a"] | None``, ``Optional[Literal["a"]]``); None otherwise."""
    annotation = _annotation(func, name)
    if annotation is None:
        return None
    core = unoptional(annotation)
    if not (isinstance(core, ast.Subscript) and last_name(core.value) == "Literal"):
        return None
    elements = core.slice.elts if isinstance(core.slice, ast.Tuple) else [core.slice]
    values = [_constant(e) for e in elements]
    if not values or any(v is None for v in values):
        return None
    return frozenset(v for v in values if v is not None)


def shown(func: ast.AST, name: str) -> str:
    """The annotation of parameter ``name`` as written, for a message."""
    annotation = _annotation(func, name)
    return ast.unparse(annotation) if annotation is not None else "?"


def _annotation(func: ast.AST, name: str) -> ast.expr | None:
    if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
        return None
    args = func.args
    found = next((a for a in (*args.posonlyargs, *args.args, *args.kwonlyargs) if a.arg == name), None)
    annotation = found.annotation if found is not None else None
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        return parsed_expression(annotation.value)  # a quoted annotation
    return annotation


def _plain_annotation(func: ast.AST, name: str) -> str:
    """``str``/``int``/``bool``/``bytes`` when the parameter is annotated as that builtin (or it or None)."""
    annotation = _annotation(func, name)
    core = unoptional(annotation) if annotation is not None else None
    return core.id if isinstance(core, ast.Name) and core.id in ("str", "int", "bool", "bytes") else ""


def _constant(node: ast.expr) -> Choice | None:
    """(builtin name, value) of a string, number, boolean or bytes constant (``-1`` too); None otherwise."""
    negated = isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub)
    if negated:
        node = node.operand  # type: ignore[attr-defined]
    if not isinstance(node, ast.Constant) or not isinstance(node.value, str | int | bytes) or node.value is None:
        return None
    value = node.value
    if negated:
        if isinstance(value, bool) or not isinstance(value, int):
            return None
        value = -value
    return type(value).__name__, value
