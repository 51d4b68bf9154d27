"""Iterated parameters: a base method's parameter upstream now types as a one-pass iterable, which a fork
override still indexes or sizes.

#33593 (9ce8fad2a9) turned ``BaseThinkingReasoningParser.is_reasoning_end_streaming(self, input_ids:
Sequence[int], delta_ids: Sequence[int])`` into ``delta_ids: Iterable[int]`` and made its caller hand it
``itertools.islice(all_token_ids, start, None)`` where it handed the list slice ``all_token_ids[delta_from:]``.
A fork parser's override ``return bool(delta_ids) and delta_ids[-1] == self.end_token_id`` (or ``len(delta_ids)``)
merges cleanly and raises TypeError on the first streamed step: an ``islice`` has no ``[]`` and no ``len``.
No name moved and no parameter was added: only the kind of value the slot is handed.

Upstream's side: a parameter of the base method, kept by name, annotated as an indexable sequence at the base
(``Sequence``, ``MutableSequence``, ``list``, ``tuple``; ``X | None`` and ``Optional[X]`` read through) and as
an iterable only at upstream (``Iterable``, ``Iterator``, ``Generator``).  The fork's side: an override's own
body indexing or slicing that parameter, taking its ``len``, ``reversed`` of it, or calling its ``index`` or
``count``.  Quiet: an override that rebinds the parameter (``delta_ids = list(delta_ids)``) or tests its type,
and one that only iterates it or asks ``in`` (an iterator serves both).  An error when a call upstream added
hands the slot an iterator (``islice``, ``iter``, ``map``, ``filter``, ``zip``, ``reversed``, ``chain``, a
generator expression); a warning when only the annotation says so (a typing cleanup may widen it while every
caller still passes a list).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from aeon_release.domain.audits.drift.returns import own_nodes
from aeon_release.domain.audits.drift.signatures import is_static
from aeon_release.domain.audits.source import last_name, lazy_pattern, parsed_expression

__all__ = [
    "ITERATOR_LINE",
    "annotation_of",
    "iterated_params",
    "iterator_handed",
    "sequence_uses",
    "slot_of",
    "spanning_calls",
]

_Def = ast.FunctionDef | ast.AsyncFunctionDef
_SEQUENCES = frozenset({"Sequence", "MutableSequence", "list", "List", "tuple", "Tuple"})
_ITERABLES = frozenset({"Iterable", "Iterator", "Generator"})
# calls whose value is a one-pass iterator: what a caller hands a slot that no longer needs a sequence
_ITERATOR_MAKERS = frozenset({"islice", "iter", "map", "filter", "zip", "reversed", "chain", "takewhile", "dropwhile"})
# a stripped line making one (a call of a maker, or a generator expression's ``for`` inside parentheses)
ITERATOR_LINE = lazy_pattern(r".*(?:\b(?:" + "|".join(sorted(_ITERATOR_MAKERS)) + r")\(|\(.*\bfor\b.*\bin\b).*")
_SIZERS = frozenset({"len", "reversed"})
_SEQUENCE_METHODS = frozenset({"index", "count"})


def iterated_params(before: _Def, after: _Def) -> list[str]:
    """The parameters of both defs (by name) annotated as an indexable sequence in ``before`` and as an
    iterable only in ``after``."""
    old = {a.arg: a.annotation for a in _params(before)}
    return [a.arg for a in _params(after) if _kind(a.annotation) in _ITERABLES and _kind(old.get(a.arg)) in _SEQUENCES]


def sequence_uses(func: _Def, param: str) -> list[int]:
    """The lines of ``func``'s own body that index, slice, size or ``reversed`` ``param`` or call its ``index``
    or ``count``; empty when the body rebinds ``param`` or tests its type (it may make a list of it first)."""
    nodes = list(own_nodes(func.body))
    if any(_rebinds(node, param) or _type_tested(node, param) for node in nodes):
        return []
    return sorted({node.lineno for node in nodes if isinstance(node, ast.expr) and _sequence_use(node, param)})


def iterator_handed(call: ast.Call, slot: int, param: str) -> ast.expr | None:
    """The argument ``call`` hands ``param`` (positional ``slot``, not counting ``self``, or by keyword) when it
    is a one-pass iterator: a generator expression or a call of ``islice``/``iter``/``map``/... ; else None."""
    handed = next((k.value for k in call.keywords if k.arg == param), None)
    if handed is None and slot < len(call.args) and not any(isinstance(a, ast.Starred) for a in call.args[:slot]):
        handed = call.args[slot]
    if isinstance(handed, ast.GeneratorExp):
        return handed
    if isinstance(handed, ast.Call) and last_name(handed.func) in _ITERATOR_MAKERS:
        return handed
    return None


def spanning_calls(tree: ast.AST, name: str, lines: set[int]) -> Iterator[ast.Call]:
    """Each call ``x.name(...)`` (not ``super().name(...)``: an override handing on) spanning one of ``lines``."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute) or node.func.attr != name:
            continue
        receiver = node.func.value
        if isinstance(receiver, ast.Call) and last_name(receiver.func) == "super":
            continue
        end = node.end_lineno or node.lineno
        if any(node.lineno <= line <= end for line in lines):
            yield node


def slot_of(func: _Def, param: str) -> int:
    """``param``'s positional slot in a bound call of the method (``self`` not counted, a staticmethod has none:
    readH); -1 for keyword-only."""
    positional = [a.arg for a in (*func.args.posonlyargs, *func.args.args)][0 if is_static(func) else 1 :]
    return positional.index(param) if param in positional else -1


def annotation_of(func: _Def, param: str) -> str:
    """``param``'s annotation in ``func`` as written; "" when it has none."""
    found = next((a.annotation for a in _params(func) if a.arg == param), None)
    return ast.unparse(found) if found is not None else ""


def _params(func: _Def) -> Iterator[ast.arg]:
    yield from (*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs)


def _kind(annotation: ast.expr | None) -> str:
    """The container an annotation names: ``Sequence`` of ``Sequence[int] | None``, ``list`` of
    ``Optional[list[int]]``, ``Iterable`` of ``"Iterable[int]"``; "" for anything else."""
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        # the shared reader, not ``ast.parse``: a quoted 3,000-term union raised RecursionError out of the check on
        # the audit's rerun over cut trees too ("could not run"; readH)
        annotation = parsed_expression(annotation.value)
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        sides = [_kind(s) for s in (annotation.left, annotation.right) if not _is_none(s)]
        return sides[0] if len(sides) == 1 else ""
    if isinstance(annotation, ast.Subscript):
        if last_name(annotation.value) == "Optional":
            return _kind(annotation.slice)
        return last_name(annotation.value)
    return last_name(annotation) if isinstance(annotation, ast.Name | ast.Attribute) else ""


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _is_param(node: ast.AST, param: str) -> bool:
    return isinstance(node, ast.Name) and node.id == param


def _rebinds(node: ast.AST, param: str) -> bool:
    targets: list[ast.expr] = []
    if isinstance(node, ast.Assign):
        targets = node.targets
    elif isinstance(node, ast.AnnAssign | ast.AugAssign | ast.NamedExpr | ast.For):
        targets = [node.target]
    return any(_is_param(n, param) for t in targets for n in ast.walk(t))


def _type_tested(node: ast.AST, param: str) -> bool:
    return (
        isinstance(node, ast.Call)
        and last_name(node.func) in ("isinstance", "hasattr")
        and bool(node.args)
        and _is_param(node.args[0], param)
    )


def _sequence_use(node: ast.AST, param: str) -> bool:
    if isinstance(node, ast.Subscript):
        return _is_param(node.value, param)
    if not isinstance(node, ast.Call):
        return False
    if isinstance(node.func, ast.Name) and node.func.id in _SIZERS:
        return len(node.args) == 1 and _is_param(node.args[0], param)
    return (
        isinstance(node.func, ast.Attribute)
        and node.func.attr in _SEQUENCE_METHODS
        and _is_param(node.func.value, param)
    )
