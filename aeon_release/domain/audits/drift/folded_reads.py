"""Folded reads: upstream replaced an expression reading an attribute by the constant it now takes.

#42555 (9898f94abe) removed the MLA layer's ``is_lse_base_on_e=not getattr(self, "_use_fi_prefill", False)`` for
``is_lse_base_on_e=True``: the DCP merge of a prefill's LSE now takes base e always.  A fork layer subclass that
set ``_use_fi_prefill = True`` (its prefill returns a base-2 LSE) merges cleanly and merges its LSE in the wrong
base: dead-knob drift warns that nothing reads the attribute any more; this says what the fork's value did and
what upstream does now, and where they differ on every path, it is an error.  A read off ``self`` saw only its
own class's instances: a store on a class whose order holds no class that read it is not folded (review124).

Upstream's side: a removed line reading the attribute (``getattr(x, "name", default)`` or ``x.name``) whose
counterpart, an added line of the same file, is the same line with one expression holding that read replaced by
a literal (a common opening and ending, cut between tokens).  The fork's side: a literal the fork stores in the
attribute.  The expression is evaluated with the fork's literal in place of the read (``not``, ``and``/``or``,
comparisons, a conditional expression and literals only; anything else is not evaluated): a value other than
upstream's constant is an error.  Equal, the fork's value is what upstream now assumes (nothing said here).

Pure: the diff's lines and the fork's literal in, the folds out.
"""

from __future__ import annotations

import ast
import io
import operator
import tokenize
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from aeon_release.domain.audits.source import str_value

_UNKNOWN = object()
_COMPARE: dict[type[ast.cmpop], Callable[[Any, Any], object]] = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Is: operator.is_,
    ast.IsNot: operator.is_not,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
}
_BACK_OFF = 3  # tokens a cut backs off either side
_MOST_LINES = 400  # added lines paired with each removed one: a file rewritten wholesale folds nothing visible


@dataclass(frozen=True)
class Fold:
    expression: str  # the removed expression, as written
    constant: object  # the literal upstream put in its place
    expr: ast.expr
    read: ast.expr


def folds(diff: str, name: str) -> list[Fold]:
    """Each removed line of the unified ``diff`` reading ``name`` paired with its counterpart, an added line that
    is it with the reading expression replaced by a literal: a block of removed lines followed by as many added
    ones pairs them in order; a block of other counts pairs a removed line with the one added line it folds to."""
    found = []
    for minus, plus in _blocks(diff):
        for i, line in enumerate(minus):
            if name not in line:
                continue
            if len(minus) == len(plus):
                fold = _fold(line, plus[i], name)
                found += [fold] if fold is not None else []
                continue
            every = [f for f in (_fold(line, other, name) for other in plus[:_MOST_LINES]) if f is not None]
            found += every if len(every) == 1 else []
    return found


def _blocks(diff: str) -> Iterator[tuple[list[str], list[str]]]:
    """(removed lines, the added lines right after them), stripped, of each change block of a unified diff."""
    minus: list[str] = []
    plus: list[str] = []
    for line in diff.split("\n"):
        if line.startswith(("--- ", "+++ ")):
            continue
        if line.startswith("-") and not plus:
            minus.append(line[1:].strip())
        elif line.startswith("+") and minus:
            plus.append(line[1:].strip())
        else:
            if minus and plus:
                yield minus, plus
            minus, plus = ([line[1:].strip()] if line.startswith("-") else []), []
    if minus and plus:
        yield minus, plus


def differs(fold: Fold, value: object) -> bool:
    """Whether the removed expression, with ``value`` in place of the read, gives other than upstream's
    constant (False where it cannot be evaluated)."""
    got = _evaluate(fold.expr, fold.read, value)
    return got is not _UNKNOWN and (type(got) is not type(fold.constant) or got != fold.constant)


def self_read(fold: Fold) -> bool:
    """Whether the removed read was off ``self`` (``getattr(self, "name", d)``, ``self.name``): it saw only its
    own class's instances."""
    on = fold.read.args[0] if isinstance(fold.read, ast.Call) else getattr(fold.read, "value", None)
    return isinstance(on, ast.Name) and on.id == "self"


def shown(fold: Fold, value: object) -> str:
    """What the removed expression gave with the fork's value."""
    return f"with {value!r} it gave {_evaluate(fold.expr, fold.read, value)!r}"


def _fold(old: str, new: str, name: str) -> Fold | None:
    olds, news = _tokens(old), _tokens(new)
    if not olds or not news:
        return None
    start = 0
    while start < min(len(olds), len(news)) and olds[start][0] == news[start][0]:
        start += 1
    end = 0
    while end < min(len(olds), len(news)) - start and olds[-1 - end][0] == news[-1 - end][0]:
        end += 1
    # a kept token may open or close the expression upstream replaced (``"fast" if ... else "slow"`` -> ``"fast"``):
    # the cut backs off a few tokens either side until both middles parse
    for back in range(min(start, _BACK_OFF) + 1):
        for back_end in range(min(end, _BACK_OFF) + 1):
            fold = _middles(old, new, olds, news, (start - back, end - back_end), name)
            if fold is not None:
                return fold
    return None


def _middles(
    old: str,
    new: str,
    olds: list[tuple[str, int, int]],
    news: list[tuple[str, int, int]],
    cut: tuple[int, int],
    name: str,
) -> Fold | None:
    start, end = cut
    if start + end >= len(olds) or start + end >= len(news):
        return None
    mid_old = old[olds[start][1] : olds[len(olds) - end - 1][2]]
    mid_new = new[news[start][1] : news[len(news) - end - 1][2]]
    if name not in mid_old:
        return None
    try:
        expr = ast.parse(mid_old, mode="eval").body
        constant = ast.literal_eval(mid_new)
    except (SyntaxError, ValueError, TypeError, MemoryError, RecursionError):
        return None
    if not isinstance(constant, bool | int | float | str) and constant is not None:
        return None
    reads = [n for n in ast.walk(expr) if isinstance(n, ast.expr) and _reads(n, name)]
    if len(reads) != 1:
        return None
    return Fold(mid_old, constant, expr, reads[0])


def _tokens(line: str) -> list[tuple[str, int, int]]:
    """(text, start column, end column) of each token of one line (a fragment: an unclosed bracket ends it)."""
    found: list[tuple[str, int, int]] = []
    try:
        for token in tokenize.generate_tokens(io.StringIO(line).readline):
            if token.type in (tokenize.NEWLINE, tokenize.NL, tokenize.ENDMARKER, tokenize.COMMENT):
                continue
            if token.start[0] != 1 or token.end[0] != 1:
                return []
            found.append((token.string, token.start[1], token.end[1]))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        pass  # an unclosed bracket at the line's end: the tokens before it stand
    return found


def _reads(node: ast.AST, name: str) -> bool:
    if isinstance(node, ast.Attribute):
        return node.attr == name and isinstance(node.ctx, ast.Load)
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "getattr"
        and len(node.args) >= 2
        and str_value(node.args[1]) == name
    )


def _evaluate(node: ast.expr, read: ast.expr, value: object) -> object:
    """The expression's value with ``value`` for ``read``: literals, ``not``/unary signs, ``and``/``or``,
    comparisons and a conditional expression only; anything else is _UNKNOWN."""
    if node is read:
        return value
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not | ast.USub):
        inner = _evaluate(node.operand, read, value)
        if inner is _UNKNOWN or (isinstance(node.op, ast.USub) and not isinstance(inner, int | float)):
            return _UNKNOWN
        return not inner if isinstance(node.op, ast.Not) else -inner  # type: ignore[operator]
    if isinstance(node, ast.BoolOp):
        values = [_evaluate(v, read, value) for v in node.values]
        if any(v is _UNKNOWN for v in values):
            return _UNKNOWN
        pick = (lambda vs: next((v for v in vs if not v), vs[-1])) if isinstance(node.op, ast.And) else None
        return pick(values) if pick else next((v for v in values if v), values[-1])
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in _COMPARE:
        left, right = _evaluate(node.left, read, value), _evaluate(node.comparators[0], read, value)
        if left is _UNKNOWN or right is _UNKNOWN:
            return _UNKNOWN
        try:
            return _COMPARE[type(node.ops[0])](left, right)
        except TypeError:
            return _UNKNOWN
    if isinstance(node, ast.IfExp):
        test = _evaluate(node.test, read, value)
        return _UNKNOWN if test is _UNKNOWN else _evaluate(node.body if test else node.orelse, read, value)
    return _UNKNOWN
