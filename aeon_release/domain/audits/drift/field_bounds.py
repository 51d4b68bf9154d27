"""Field bounds: a validated class's ``Field(gt=, ge=, lt=, le=, min_length=, max_length=)`` read as guards.

#36261 made ``EPLBConfig.window_size: int = 1000`` into ``Field(default=1000, gt=0)``; #44057 bounded a dozen
``ParallelConfig`` knobs (``ge=1``, ``ge=0``); #43794, #44070, #46119 and #51469 did the same to other config
and request fields.  ``EPLBConfig`` is a pydantic dataclass: a fork's ``EPLBConfig(window_size=0)`` (recording
off on a one-GPU box) was accepted at the merge base and fails validation at startup now.  No name moved and
no validator method changed, so refused value drift (``refused_values.py``), which reads the raising ``if`` of
a validator, had no guard to compare.

Each bound becomes the guard pydantic runs: ``gt=0`` refuses ``self.window_size <= 0``, ``max_length=4``
refuses ``len(self.stop) > 4``.  refused value drift then compares the base's guards with upstream's for the
fork's constant keywords, as it does a validator's: a bound the base already held, a value the bound keeps, a
value of another kind (``None`` on an ``int | None`` field) stay quiet.  Only a class pydantic validates
(``narrowed_choices.validated``: a ``BaseModel``, or a decorated class of a file importing pydantic, never the
stdlib's ``@dataclass``) and only a bound spelt as a constant count: a stdlib dataclass's ``Field`` checks
nothing.  The value a ``Field(...)`` wraps is read from ``default=`` or its first argument.

Pure: a class in, its bounds out.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.narrowed_choices import validated
from aeon_release.domain.audits.source import last_name

# the bound -> the comparison that refuses a value (``gt=0`` refuses ``value <= 0``)
_REFUSING: dict[str, ast.cmpop] = {"gt": ast.LtE(), "ge": ast.Lt(), "lt": ast.GtE(), "le": ast.Gt()}
_LENGTHS: dict[str, ast.cmpop] = {"min_length": ast.Lt(), "max_length": ast.Gt()}


@dataclass(frozen=True)
class Bound:
    """One constant bound of a field: the field, its line, the refusing test, and how upstream spelt it."""

    field: str
    line: int
    test: ast.expr
    shown: str


def field_bounds(cls: ast.ClassDef, module: ast.Module) -> Iterator[Bound]:
    """The constant bounds a pydantic-validated class puts on its fields, each as the test that refuses."""
    if not validated(cls, module):
        return
    for stmt in cls.body:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            for call in _field_calls(stmt):
                yield from _bounds(stmt.target.id, stmt.lineno, call)


def _field_calls(stmt: ast.AnnAssign) -> list[ast.Call]:
    """``x: int = Field(...)`` and ``x: Annotated[int, Field(...)]``."""
    found = [stmt.value] if isinstance(stmt.value, ast.Call) else []
    annotated = stmt.annotation
    if isinstance(annotated, ast.Subscript) and last_name(annotated.value) == "Annotated":
        held = annotated.slice.elts if isinstance(annotated.slice, ast.Tuple) else []
        found += [e for e in held[1:] if isinstance(e, ast.Call)]
    return [c for c in found if last_name(c.func) == "Field"]


def _bounds(field: str, line: int, call: ast.Call) -> Iterator[Bound]:
    for keyword in call.keywords:
        bound = keyword.value
        if keyword.arg is None or not isinstance(bound, ast.Constant) or isinstance(bound.value, bool):
            continue
        if not isinstance(bound.value, int | float):
            continue
        read: ast.expr = ast.Attribute(ast.Name("self", ast.Load()), field, ast.Load())
        if keyword.arg in _LENGTHS:
            read, op = ast.Call(ast.Name("len", ast.Load()), [read], []), _LENGTHS[keyword.arg]
        elif keyword.arg in _REFUSING:
            op = _REFUSING[keyword.arg]
        else:
            continue
        test = ast.Compare(read, [op], [ast.Constant(bound.value)])
        yield Bound(field, line, test, f"Field({keyword.arg}={bound.value!r})")
