"""Answers made values: a base method returned ``bool`` and now returns a string (``str | None``), which
upstream's caller now takes as the value; a fork override still answering True/False hands it a bool.

#21833 turned ``validate_language(cls, language) -> bool`` (Whisper's: is the language supported) into
``SupportsTranscription.validate_language(cls, language) -> str | None`` (the language to use, warned about
when not native), and the serving path now reads ``language = self.model_cls.validate_language(request.language)``
and builds the prompt from it.  A fork model's ``validate_language`` still returning ``language in ("en",
"de")`` merges cleanly, and the prompt says ``<|True|>``.

A return of the override that is an answer as written (a comparison, a ``not``, True/False) is the old kind;
when the override is annotated ``-> bool``, any value but a call's is (a value handed on from ``super()`` is
the new kind).  An error where a call upstream added takes the value (binds it, passes it, returns it,
formats it) rather than testing its truth, which a bool still answers.
"""

from __future__ import annotations

import ast

from aeon_release.domain.audits.drift.result_kinds import _an_answer, _old_kind_lines
from aeon_release.domain.audits.source import parent_map

_Def = ast.FunctionDef | ast.AsyncFunctionDef
_STRINGS = frozenset({"str", "str | None", "None | str", "Optional[str]", "typing.Optional[str]"})
# where a call's value is only tested for truth (a bool answers those as the string would)
_REDUCE = frozenset({"any", "all"})  # reduce a generator's elements by truth alone
_TESTS = (ast.If, ast.While, ast.IfExp, ast.BoolOp, ast.Assert, ast.Expr)


def made_value(before: ast.AST, after: ast.AST) -> bool:
    """The base's ``-> bool`` became ``-> str`` or ``-> str | None``."""
    if not isinstance(before, _Def) or not isinstance(after, _Def) or before.returns is None or after.returns is None:
        return False
    return ast.unparse(before.returns) == "bool" and ast.unparse(after.returns).replace("'", "") in _STRINGS


def answer_returns(before: ast.AST, after: ast.AST, override: _Def) -> list[int]:
    """The lines of the override's own returns that still answer True/False where the base now returns a string."""
    if not made_value(before, after) or not isinstance(after, _Def):
        return []
    pinned = override.returns is not None and ast.unparse(override.returns) == "bool"
    answers = _an_answer
    if any(word in ast.unparse(after.returns or ast.Constant(None)) for word in ("None", "Optional")):
        answers = _no_none  # ``return None`` is a value of the new ``str | None``: the fork already adapted
    return _old_kind_lines(override, after.name, pinned, answers)


def _no_none(node: ast.expr) -> bool:
    return _an_answer(node) and not (isinstance(node, ast.Constant) and node.value is None)


def value_taken(module: ast.Module, name: str) -> int | None:
    """The line of a call of method ``name`` in ``module`` whose value is taken (bound, passed, returned,
    formatted, compared), not only tested for truth (``if x.name(...)``, ``not``, ``and``/``or``)."""
    parents = parent_map(module)
    for node in ast.walk(module):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == name):
            continue
        holder = parents.get(id(node))
        holder = parents.get(id(holder)) if isinstance(holder, ast.Await) else holder
        if holder is None or isinstance(holder, _TESTS):
            continue
        if isinstance(holder, ast.UnaryOp) and isinstance(holder.op, ast.Not):
            continue
        if _truth_only(node, holder, parents):
            continue
        return node.lineno
    return None


def _truth_only(node: ast.AST, holder: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """A comprehension's ``if``, ``bool(...)``, or the element of a generator ``any``/``all`` reduce: only the
    value's truth counts there, which a bool and the string answer alike."""
    if isinstance(holder, ast.comprehension):
        return any(test is node for test in holder.ifs)
    if _called(holder, {"bool"}):
        return True
    return isinstance(holder, ast.GeneratorExp) and holder.elt is node and _called(parents.get(id(holder)), _REDUCE)


def _called(call: ast.AST | None, names: set[str] | frozenset[str]) -> bool:
    return (
        isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in names and len(call.args) == 1
    )
