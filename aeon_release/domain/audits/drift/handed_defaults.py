"""Handed-on default drift: the fork builds upstream's model on a default upstream changed and hands it on.

#36379 flipped ``StreamOptions.include_usage`` from ``True`` to ``False``.  A fork line
``request.stream_options = StreamOptions()`` merges cleanly and never reads the field itself: it builds
the model with every default and hands it to upstream's serving code, which reads ``include_usage`` --
the fork asked for the usage chunk and now silently gets none.  Field default drift (``field_defaults.py``)
sees only reads; here no read of the fork's ties to the field.

Upstream's side: a field of a class whose literal default a file upstream changed means another thing now
(``field_defaults``' own comparison of the two versions; a ``None`` made another false value, which only
an ``is None`` test tells apart, is left out).  The fork's side, on lines it wrote: a call of that class,
resolved to upstream's module (``pyindex.may_come_from``), that neither passes the field by keyword nor
passes anything positionally or by ``**`` (then the field may be among them), and whose instance is handed
on: not the holder of a read (``StreamOptions().include_usage`` and ``(x or StreamOptions()).include_usage``
are ``field_defaults``' already).  A field any fork line sets elsewhere (``include_usage=``) is the fleet's
choice: quiet.

An error where the new value is certainly what upstream's code reads: a Python file of upstream's outside
its tests reads ``.field`` and the call is no test's of the fork's; else a warning (nothing upstream reads
the field, or a test builds it).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.field_defaults import (
    Changed,
    Either,
    changed_defaults,
    declaring_files,
    fork_pinned,
)
from aeon_release.domain.audits.drift.pyindex import dotted_name, may_come_from, parse_module_info
from aeon_release.domain.audits.drift.sides import ThreeTrees, whole_word
from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, parent_map, short, walk_spanning

# a call of a class on a line the fork added: ``StreamOptions(``, ``protocol.StreamOptions(``
_CLASS_CALL = re.compile(r"\b([A-Z][A-Za-z0-9_]*[a-z][A-Za-z0-9_]*)\(")
# a diff's line that assigns a name (field_defaults' _ASSIGNED's shape, the name alone)
_ASSIGNED_NAME = re.compile(r"^[-+][ \t]+([A-Za-z_][A-Za-z0-9_]*)[ \t]*[:=]", re.M)
_DECLARING_MOST = 20  # upstream files parsed for one merge's classes, at most
_TEST_PATH = re.compile(r"(?:^|/)(?:tests?/|test_[^/]*\.py$|[^/]*_test\.py$|conftest\.py$)")


@dataclass(frozen=True)
class Handed:
    """A fork-owned call building ``change.owner`` on ``change.name``'s default and handing it on."""

    path: str
    line: int
    shown: str
    change: Changed


def handed_default_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork lines that build upstream's class on a default upstream changed, and hand the instance on."""
    classes = _fork_built(trees)
    changes = _changes(trees, classes) if classes else []
    if not changes:
        return []
    read = _read_upstream(trees, {c.name for c in changes})
    return [
        _finding(hit, trees.upstream_commit(hit.change.path, whole_word(hit.change.name), pr_pattern, most=5), read)
        for hit in _handed(trees, changes)
    ]


def _fork_built(trees: ThreeTrees) -> set[str]:
    """The class-like names a line the fork added to a Python file calls."""
    return {
        name
        for path in trees.mine
        if path.endswith(".py")
        for line in trees.mine[path].added.values()
        for name in _CLASS_CALL.findall(line)
    }


def _changes(trees: ThreeTrees, classes: set[str]) -> list[Changed]:
    """The changed literal defaults of the fields of ``classes`` upstream's changed files declare."""
    # a declaring file upstream's diff left out (a test's, dropped from the merge's changes) has no raw part: the
    # redhat fork's replay was a KeyError of the whole merge-aware audit on one
    paths = [p for p in trees.declaring(classes, _DECLARING_MOST) if p in trees.upstream]
    names = {n for p in paths for n in _ASSIGNED_NAME.findall(trees.upstream.raw(p))} if paths else set()
    files = [p for p in declaring_files(trees, names) if p in paths] if names else []
    changed = changed_defaults(trees, names, files) if files else {}
    kept = [
        c for c in changed.values() if c.owner in classes and not c.none_only and not isinstance(c.new_value, Either)
    ]
    pinned = fork_pinned(trees, {c.name for c in kept})
    return [c for c in kept if c.name not in pinned]


def _read_upstream(trees: ThreeTrees, names: set[str]) -> dict[str, str]:
    """Field -> one upstream Python file outside its tests that reads ``.field``."""
    found: dict[str, str] = {}
    for name in sorted(names):
        readers = sorted(p for p in trees.python_files_with((f".{name}",)) if not _TEST_PATH.search(p))
        if readers:
            found[name] = readers[0]
    return found


def _handed(trees: ThreeTrees, changes: list[Changed]) -> Iterator[Handed]:
    by_owner: dict[str, list[Changed]] = {}
    for change in changes:
        by_owner.setdefault(change.owner, []).append(change)
    called = re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, by_owner))) + r")\(")
    for path in sorted(p for p in trees.mine if p.endswith(".py") and called.search(trees.mine.raw(p))):
        yield from _handed_in(trees, path, by_owner)


def _handed_in(trees: ThreeTrees, path: str, by_owner: dict[str, list[Changed]]) -> Iterator[Handed]:
    module, text = trees.merged_module(path), trees.merged_text(path)
    owned = trees.owned_lines(path) if module is not None else set()
    info = parse_module_info(path, dotted_name(path), text) if text is not None and owned else None
    if module is None or info is None:
        return
    parents = parent_map(module)
    for node in walk_spanning(module, owned):
        if not isinstance(node, ast.Call) or node.lineno not in owned or _read_at_once(node, parents):
            continue
        for change in by_owner.get(last_name(node.func), []):
            if _on_default(node, change.name) and may_come_from(info, node.func, dotted_name(change.path)):
                yield Handed(path, node.lineno, short(ast.unparse(node), 80), change)
                break


def _on_default(call: ast.Call, field: str) -> bool:
    """The call leaves ``field`` to its default: no positional value, no ``**``, no keyword of the field."""
    return not call.args and all(k.arg is not None and k.arg != field for k in call.keywords)


def _read_at_once(call: ast.Call, parents: dict[int, ast.AST]) -> bool:
    """``Cls().field`` or ``(x or Cls()).field``: a read field_defaults reports (or a method called on it)."""
    held: ast.expr = call
    parent = parents.get(id(call))
    if isinstance(parent, ast.BoolOp) and isinstance(parent.op, ast.Or) and parent.values[-1] is call:
        held, parent = parent, parents.get(id(parent))
    return isinstance(parent, ast.Attribute) and parent.value is held


def _finding(hit: Handed, commit: str, read: dict[str, str]) -> Finding:
    change = hit.change
    reader = read.get(change.name)
    certain = reader is not None and not _TEST_PATH.search(hit.path)
    where = f"upstream's {reader} reads it" if reader is not None else "nothing of upstream's reads it"
    message = (
        f"fork-owned `{hit.shown}` builds {change.owner} on the default of {change.name}, which upstream changed "
        f"from {change.old} to {change.new} ({change.path}{commit}), and hands the instance on ({where}): "
        f"it now carries {change.new}; pass {change.name}={change.old} to keep the old behaviour, or confirm the new one"
    )
    return Finding(RULE, "merge", Severity.ERROR if certain else Severity.WARNING, hit.path, hit.line, message)
