"""Grown format drift: upstream made a def's one returned f-string grow a part; a fork line still compares a
call (or a property read) of it with an f-string of the old shape.

``spec.type_id == f"mamba_{spec.shapes}_{spec.dtype}"`` merges cleanly after #21715 made ``MambaSpec.type_id``
return ``f"mamba_{self.shapes}_{self.dtype}_{self.mamba_type}"``: the fork rebuilt the old value from the same
fields, and the test is silently never true again.

A def (one qualified name, in a file upstream changed) returns one f-string at the merge base and one at upstream,
and upstream's is the base's with parts inserted (the base's parts, in order, a proper subsequence of upstream's).
A fork-owned ``==``/``!=`` of a call or read of the name with an f-string whose parts are the base's (a formatted
``self.F`` matching the fork's ``R.F`` off any receiver) and not upstream's is judged:

* an error when every formatted field is read off the receiver the name is called or read on, and an inserted
  part is a non-empty literal: the same fields format the same text, and the new value is longer on every path;
* a warning otherwise (fields read off another object, or only formatted parts inserted: they may format empty).

Cheap first: only upstream files whose diff removed a ``return f"..."`` line are read, only when a line the fork
added compares with an f-string.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from aeon_release.domain.audits.drift.returns import own_nodes
from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, method_defs, parse_python

_FORMAT_REMOVED = lazy_pattern(r"""\n-[ \t]*return[ \t]+[fF][rR]?["']""")  # from a newline: fast
_FORMAT_COMPARED = lazy_pattern(r"""[=!]=\s*[fF][rR]?["']|[fF][rR]?["'][^\n]*["']\s*[=!]=""")

Part = tuple[str, str]  # ("lit", text) or ("field", attribute name) or ("expr", dumped value)


@dataclass(frozen=True)
class Grown:
    """``qualname`` in ``path`` returned ``old`` at the base; upstream returns ``new`` (``old`` with parts added)."""

    qualname: str
    path: str
    old: tuple[Part, ...]
    new: tuple[Part, ...]
    literal: bool  # an inserted part is a non-empty literal: the new value is longer on every path

    @property
    def name(self) -> str:
        return self.qualname.rsplit(".", 1)[-1]


def grown_format_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    forks = [p for p, c in trees.mine.items() if p.endswith(".py") and any(map(_compares, c.added.values()))]
    if not forks:
        return []
    grown = _grown(trees)
    if not grown:
        return []
    findings = []
    for path in sorted(forks):
        module, owned = trees.merged_module(path), trees.owned_lines(path)
        if module is not None and owned:
            findings += [
                _finding(trees, path, line, g, sure, pr_pattern) for line, g, sure in _uses(module, owned, grown)
            ]
    return findings


def _compares(text: str) -> bool:
    return bool(_FORMAT_COMPARED.search(text.split("#", 1)[0]))


def _grown(trees: ThreeTrees) -> dict[str, list[Grown]]:
    """name -> the defs whose one returned f-string upstream grew."""
    paths = [p for p in trees.upstream.matching(_FORMAT_REMOVED, ".py") if p not in set(trees.upstream.deleted)]
    if not paths:
        return {}
    before, after = trees.blobs(trees.base, paths), trees.blobs(trees.theirs, paths)
    found: dict[str, list[Grown]] = {}
    for path in paths:
        new = _formats(after[path])
        for qualname, old in _formats(before[path]).items():
            now = new.get(qualname)
            added = _inserted(old, now) if now is not None else None
            if now is not None and added:
                literal = any(kind == "lit" and text for kind, text in added)
                found.setdefault(qualname.rsplit(".", 1)[-1], []).append(Grown(qualname, path, old, now, literal))
    return found


def _formats(text: str | None) -> dict[str, tuple[Part, ...]]:
    """qualname -> the parts of a def's f-string, when every ``return`` of it returns that one f-string."""
    module = parse_python(text, "<formats>") if text else None
    found: dict[str, tuple[Part, ...]] = {}
    for qualname, func in method_defs(module.body) if module is not None else ():
        values = [n.value for n in own_nodes(func.body) if isinstance(n, ast.Return)]
        parts = {_parts(v, "self") for v in values if isinstance(v, ast.JoinedStr)}
        if values and len(parts) == 1 and all(isinstance(v, ast.JoinedStr) for v in values):
            found[qualname] = parts.pop()
    return found


def _parts(value: ast.JoinedStr, receiver: str | None) -> tuple[Part, ...]:
    """An f-string's parts; a formatted ``receiver.F`` (any name when ``receiver`` is None) is ``("field", F)``."""
    parts: list[Part] = []
    for node in value.values:
        if isinstance(node, ast.Constant):
            parts.append(("lit", str(node.value)))
            continue
        assert isinstance(node, ast.FormattedValue)
        inner, plain = node.value, node.conversion == -1 and node.format_spec is None
        named = isinstance(inner, ast.Attribute) and isinstance(inner.value, ast.Name)
        if plain and named and receiver in (None, inner.value.id):  # type: ignore[attr-defined]
            parts.append(("field", inner.attr))  # type: ignore[attr-defined]
        else:
            parts.append(("expr", ast.dump(node)))
    return tuple(parts)


def _inserted(old: tuple[Part, ...], new: tuple[Part, ...]) -> list[Part] | None:
    """The parts ``new`` adds when ``old`` is a proper subsequence of it (matched greedily), else None."""
    if len(new) <= len(old):
        return None
    added, i = [], 0
    for part in new:
        if i < len(old) and part == old[i]:
            i += 1
        else:
            added.append(part)
    return added if i == len(old) else None


def _uses(module: ast.Module, owned: set[int], grown: dict[str, list[Grown]]) -> list[tuple[int, Grown, bool]]:
    found = []
    for node in ast.walk(module):
        if not isinstance(node, ast.Compare) or node.lineno not in owned or len(node.ops) != 1:
            continue
        if not isinstance(node.ops[0], ast.Eq | ast.NotEq):
            continue
        for side, other in ((node.left, node.comparators[0]), (node.comparators[0], node.left)):
            hit = _judged(side, other, grown)
            if hit is not None:
                found.append((node.lineno, *hit))
    return found


def _judged(side: ast.expr, other: ast.expr, grown: dict[str, list[Grown]]) -> tuple[Grown, bool] | None:
    """(the grown def, sure) when ``side`` calls or reads a grown name and ``other`` spells its old f-string."""
    target = side.func if isinstance(side, ast.Call) else side
    if not isinstance(target, ast.Attribute) or not isinstance(other, ast.JoinedStr):
        return None
    receiver = target.value.id if isinstance(target.value, ast.Name) else None
    loose = _parts(other, None)
    for g in grown.get(target.attr, ()):
        if loose == g.old and loose != g.new:
            same = receiver is not None and _parts(other, receiver) == loose
            return g, same and g.literal
    return None


def _shown(parts: tuple[Part, ...]) -> str:
    return 'f"' + "".join(t if k == "lit" else "{self." + t + "}" if k == "field" else "{...}" for k, t in parts) + '"'


def _finding(trees: ThreeTrees, path: str, line: int, g: Grown, sure: bool, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(g.path, re.escape("return f"), pr_pattern, most=5)
    head = (
        f"fork-side f-string rebuilds {_shown(g.old)}, what {g.qualname} returned, but upstream made it return "
        f"{_shown(g.new)} ({g.path}{commit})"
    )
    if sure:
        return Finding(
            RULE,
            "merge",
            Severity.ERROR,
            path,
            line,
            f"{head}: the same fields now format a longer "
            f"value, so this comparison never matches; compare with {_shown(g.new)}",
        )
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        line,
        f"{head}: unless the added parts format empty, this comparison no longer matches; compare with {_shown(g.new)}",
    )
