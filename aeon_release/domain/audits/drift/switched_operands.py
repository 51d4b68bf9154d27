"""Switched operands: upstream now compares a field with another quantity than before, and the fork compares it
with a quantity of its own.

#26499 (6e783bc54b) made the FlashInfer builder's ``_decode_cudagraph_max_bs`` a token count, ``(1 +
num_spec_tokens) * max_num_reqs`` where it was ``max_num_reqs``, and upstream's own test followed it: ``and
num_decodes <= self._decode_cudagraph_max_bs`` became ``and num_decode_tokens <= self._decode_cudagraph_max_bs``.
A fork builder subclass deciding its own decode graph by ``num_decodes <= self._decode_cudagraph_max_bs`` (or
``num_reqs > self._decode_cudagraph_max_bs``) merges cleanly and now compares requests with tokens: under
speculative decoding it replays graphs for batches upstream's bound was never sized for.  The field keeps its name
and type; the factor that changed its unit is local to the constructor, so nothing names the unit but the
comparisons upstream rewrote.

Upstream's side: a hunk of a changed Python file whose removed line compares a plain name with an attribute
(``old <= x.F``, either way round) and whose added lines compare another plain name with the same attribute by the
same operator (``new <= x.F``), where the merged file still names ``old`` (a quantity upstream still has, no longer
the one it bounds by ``F``: not a rename) and compares it with ``F`` nowhere.  The fork's side, on a line it owns
in a file that names upstream's module (an import): a comparison of ``….F`` with a plain name other than ``new``
(by an order operator where upstream's was one).  A warning: the fork's quantity may be the one upstream switched
to under another name, which only a person can tell.  Quiet: the fork comparing with ``new``, a rename (``old``
gone from the merged file), a comparison with a number or a call, a switch that also changed the operator, a file
naming nothing of upstream's module.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.gated_callers import names_module
from aeon_release.domain.audits.drift.pyindex import dotted_name
from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern

_OP = r"(<=|>=|<|>|==|!=)"
# ``name op x.field`` and ``x.field op name`` on one line (an operand of ``and`` in a wrapped condition too)
_NAME_FIELD = lazy_pattern(rf"(?<![\w.])([A-Za-z_]\w*)\s*{_OP}\s*([A-Za-z_][\w.]*\.([A-Za-z_]\w*))(?![\w.(\[])")
_FIELD_NAME = lazy_pattern(rf"(?<![\w.])([A-Za-z_][\w.]*\.([A-Za-z_]\w*))\s*{_OP}\s*([A-Za-z_]\w*)(?![\w.(\[])")
_FLIPPED = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "==": "==", "!=": "!="}
_ORDER = frozenset({"<", ">", "<=", ">="})
_KEYWORDS = frozenset({"and", "or", "not", "in", "is", "if", "else", "None", "True", "False", "self", "cls"})


@dataclass(frozen=True)
class Switched:
    """In ``path`` upstream's ``old op ….field`` became ``new op ….field``."""

    path: str
    field: str
    op: str  # as ``name op field``
    old: str
    new: str
    added: str  # the stripped added line, for the commit lookup


def switched_operand_drift(trees: ThreeTrees, forked: dict[str, list[str]], pr_pattern: str) -> list[Finding]:
    """Fork comparisons of a field upstream now compares with another quantity (see the module's docstring);
    ``forked``: the fork's added lines of each Python file."""
    fields = {f for texts in forked.values() for t in texts for _, _, f in _comparisons(t)}
    if not fields:
        return []
    items = [s for s in _switched(trees, fields) if _still_named(trees, s)]
    findings: list[Finding] = []
    for path, texts in sorted(forked.items()):
        mine = [s for s in items if s.path != path and any(f".{s.field}" in t for t in texts)]
        text = trees.merged_text(path) if mine else None
        mine = [s for s in mine if text is not None and names_module(text, dotted_name(s.path))]
        module = trees.merged_module(path) if mine else None
        if module is None:
            continue
        owned = trees.owned_lines(path)
        for node, item, name in _fork_comparisons(module, mine):
            if node.lineno in owned:
                findings.append(_finding(trees, path, node, item, name, pr_pattern))
    return findings


def _comparisons(line: str) -> Iterator[tuple[str, str, str]]:
    """(name, op as ``name op field``, field) of each comparison of a plain name with an attribute on the line."""
    for m in _NAME_FIELD.finditer(line):
        if m[1] not in _KEYWORDS:
            yield m[1], m[2], m[4]
    for m in _FIELD_NAME.finditer(line):
        if m[4] not in _KEYWORDS:
            yield m[4], _FLIPPED[m[3]], m[2]


def _switched(trees: ThreeTrees, fields: set[str]) -> Iterator[Switched]:
    """Each removed comparison of a name with a field whose hunk's added lines compare another name with it."""
    for path, change in trees.upstream.items():
        if not path.endswith(".py"):
            continue
        for _start, _count, added, removed, _new in change.hunks:
            was = [(c, r) for r in removed if any(f in r for f in fields) for c in _comparisons(r) if c[2] in fields]
            if not was:
                continue
            now = [(c, a) for a in added for c in _comparisons(a) if c[2] in fields]
            for (old, op, field), _line in was:
                twins = {(n, a.strip()) for (n, o, f), a in now if f == field and o == op and n != old}
                if len(twins) == 1:
                    new, line = twins.pop()
                    yield Switched(path, field, op, old, new, line)


def _still_named(trees: ThreeTrees, item: Switched) -> bool:
    """Whether the merged file still names the old quantity and no longer compares it with the field."""
    text = trees.merged_text(item.path) or ""
    if not re.search(rf"(?<![\w.]){re.escape(item.old)}(?!\w)", text):
        return False
    return not any(
        c[0] == item.old and c[2] == item.field
        for line in text.splitlines()
        if item.field in line
        for c in _comparisons(line)
    )


def _fork_comparisons(module: ast.Module, items: list[Switched]) -> Iterator[tuple[ast.Compare, Switched, str]]:
    """(comparison, item, the fork's name) of each comparison of ``….field`` with a plain name not upstream's new."""
    by_field = {s.field: s for s in items}
    for node in ast.walk(module):
        if not isinstance(node, ast.Compare) or len(node.ops) != 1:
            continue
        left, right = node.left, node.comparators[0]
        for name, other in ((left, right), (right, left)):
            if isinstance(name, ast.Name) and isinstance(other, ast.Attribute) and other.attr in by_field:
                item = by_field[other.attr]
                if name.id != item.new and _is_order(node.ops[0]) == (item.op in _ORDER):
                    yield node, item, name.id


def _is_order(op: ast.cmpop) -> bool:
    return isinstance(op, ast.Lt | ast.LtE | ast.Gt | ast.GtE)


def _finding(trees: ThreeTrees, path: str, node: ast.Compare, item: Switched, name: str, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(item.path, re.escape(item.added), pr_pattern)
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        node.lineno,
        f"upstream now compares `{item.field}` with `{item.new}` where it compared `{item.old}` ({item.path}{commit}): "
        f"the field may count another quantity now; check the fork's comparison with `{name}`",
    )
