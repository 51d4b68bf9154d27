"""A fork line written for an option's old default: it compares the option with that value itself.

A default drift finding is a warning: the fork merely reads an option whose unset value moved, and
the fleet may set it.  One spelling is more than a read: the fork's line compares the option with
upstream's old default, ``if engine_args.gpu_memory_utilization == 0.95:`` (#153 made it 0.9),
``args.max_logprobs != 5`` (#5312: 20), ``request.top_logprobs is None`` where ``None`` was the
default and upstream gave it a value (#5031: 0).  That line was written to tell "left at the default"
from the rest, and after the merge an unset option no longer equals it: the fork's own "unset" branch
stops running (or always runs) though nothing the fleet set changed.  Such a line is an error.

Not a bool (``x.f is False`` is the truth test spelt long: its meaning moved with the default, as
``not x.f``'s does, a warning), but where a false default became ``None`` (#18879): its truth stayed, and
``is False`` is the one test that moved (``flags``); not a conditional default one branch of which still gives the old
value (``"auto" if envs.USE_V1 else "xgrammar"``, #15724); and not where the function (at module
level: the ``or``/``and``) also compares the option with the new default: written for both.  An ordering
with the old default itself counts where its answer moved with the default (#27777 lowered
``FlashMLAMetadataBuilder.reorder_batch_threshold`` 512 -> 128: ``threshold >= 512`` held, now fails; ``threshold
> 100`` holds at both and stays a warning).  The comparison may sit on the read's line or, through the one local the read is assigned to (``policy =
kv.kv_load_failure_policy`` ... ``policy == "recompute"``), in the function that assigns it.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable

from aeon_release.domain.audits.drift.own_fields import compared_in_scope, written_scope
from aeon_release.domain.audits.source import NOT_LITERAL, literal_value

# whether a literal the fork wrote is the same value as a default (each kind of default says what same is)
Same = Callable[[object, object], bool]
_EQUALITY = (ast.Eq, ast.NotEq, ast.Is, ast.IsNot)
# an ordering's answer for (the compared read, the literal), the read on the left
_ORDERS: dict[type[ast.cmpop], Callable[[float, float], bool]] = {
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
}


def compares_with_old(
    read: ast.AST,
    parents: dict[int, ast.AST],
    old: object,
    news: tuple[object, ...],
    same: Same,
    flags: bool = False,
) -> ast.Compare | None:
    """The comparison of ``read`` (or of the local it is assigned to) with the old default ``old``, where
    none of the new defaults ``news`` is that value and the scope does not compare it with one of them.
    ``flags``: a bool is a value too (a ``False`` made ``None`` keeps its truth; only ``is False`` moved)."""
    if (isinstance(old, bool) and not flags) or any(same(new, old) for new in news):
        return None
    for compare, shown in _comparisons(read, parents):
        literal = _other_literal(compare, shown)
        if (
            literal is not NOT_LITERAL
            and (flags or not isinstance(literal, bool))
            and same(literal, old)
            and _moved(compare, shown, literal, old, news)
            and not compared_in_scope(compare, shown, parents, lambda side: _is_new(side, news, same))
        ):
            return compare
    return None


def _comparisons(read: ast.AST, parents: dict[int, ast.AST]) -> list[tuple[ast.Compare, str]]:
    """(comparison, the compared text) for the read's own one-operator equality test, or for those of
    the local the read is assigned to alone (``policy = kv.policy``) in the scope that assigns it."""
    parent = parents.get(id(read))
    if _one_test(parent):
        assert isinstance(parent, ast.Compare)
        return [(parent, ast.unparse(read))]
    if not (
        isinstance(parent, ast.Assign)
        and parent.value is read
        and len(parent.targets) == 1
        and isinstance(local := parent.targets[0], ast.Name)
    ):
        return []
    return [
        (node, local.id)
        for node in ast.walk(written_scope(parent, parents))
        if isinstance(node, ast.Compare)
        and _one_test(node)
        and any(isinstance(side, ast.Name) and side.id == local.id for side in (node.left, *node.comparators))
    ]


def _one_test(node: ast.AST | None) -> bool:
    """A one-operator equality test, or an ordering (``_moved`` keeps those whose answer the change moved)."""
    return isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], (*_EQUALITY, *_ORDERS))


def _moved(compare: ast.Compare, shown: str, literal: object, old: object, news: tuple[object, ...]) -> bool:
    """An equality with the old default moved by definition; an ordering with it (``x.n >= 512``) only where its
    answer at the old default differs from its answer at every new one (512 -> 128; not 512 -> 1024)."""
    order = _ORDERS.get(type(compare.ops[0]))
    if order is None:
        return True
    values = (literal, old, *news)
    numbers = [float(v) for v in values if isinstance(v, (int, float)) and not isinstance(v, bool)]
    if len(numbers) != len(values):
        return False
    wrote, was, *now = numbers
    on_left = ast.unparse(compare.left) == shown

    def answer(value: float) -> bool:
        return order(value, wrote) if on_left else order(wrote, value)

    return all(answer(new) != answer(was) for new in now)


def _other_literal(compare: ast.Compare, shown: str) -> object:
    """The literal on the other side of ``compare`` from the text ``shown``, or ``NOT_LITERAL``."""
    left, right = compare.left, compare.comparators[0]
    other = right if ast.unparse(left) == shown else left if ast.unparse(right) == shown else None
    return NOT_LITERAL if other is None else literal_value(other)


def _is_new(side: ast.expr, news: tuple[object, ...], same: Same) -> bool:
    value = literal_value(side)
    return value is not NOT_LITERAL and any(same(value, new) for new in news)


# a false literal (or -1) a default held where upstream's default is None now: most often the value that meant
# "unset" (#40445: encoder_cudagraph_max_frames_per_batch 0 meant "auto-infer"; None means it now, 0 is a value)
_UNSET_MARKERS = frozenset({"0", "0.0", "-1", "''", '""'})


def unset_marker_moved(old: str, new: str) -> bool:
    """The default moved from a false literal (or -1) to ``None``, both as source text: where the old value was
    the "unset" marker, passing it now is no longer the default but a value upstream acts on."""
    return new.strip() == "None" and old.strip() in _UNSET_MARKERS


def keep_old_advice(name: str, old: str, new: str, usual: str = "") -> str:
    """How to keep what the fork had when a default changed: ``usual`` (``pass name=old``) "to keep the old
    behaviour", unless the old value may have been the unset marker upstream moved to None -- then passing it asks
    for the value itself, and leaving the name unset is what keeps the default's meaning (the advice says both)."""
    usual = usual or f"pass {name}={old}"
    if unset_marker_moved(old, new):
        return (
            f"if {old} meant unset, leave {name} unset (None is the unset value now; {name}={old} is a value "
            f"upstream acts on); if the fork means {old} itself, {usual}"
        )
    return f"{usual} to keep the old behaviour"
