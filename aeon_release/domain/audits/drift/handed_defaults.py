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
passes anything positionally or by ``**`` (then the field may be among them), and whose instance escapes
the function: returned, stored on an attribute, handed to a call (not ``repr``-like), directly or through a
local bound once.  A read off it (``StreamOptions().include_usage``) is ``field_defaults``' already.  A field
any fork line sets elsewhere (``include_usage=``), or that upstream's class stores itself (a
``__post_init__``), is not the default alone: quiet.

An error where the new value is certainly what upstream's code reads: a Python file of upstream's outside
its tests, other than the declaring file, loads ``.field`` (a store ``.field =`` is no read) and the call is no test's of the fork's; else a warning (nothing upstream reads
the field, or a test builds it).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from aeon_release.domain.audits.drift.built_locals import name_index
from aeon_release.domain.audits.drift.field_defaults import (
    Changed,
    Either,
    changed_defaults,
    declaring_files,
    default_differs,
    fork_pinned,
)
from aeon_release.domain.audits.drift.filled_defaults import Fill, fill_of
from aeon_release.domain.audits.drift.old_defaults import keep_old_advice
from aeon_release.domain.audits.drift.own_fields import enclosing, file_classes, stores_self
from aeon_release.domain.audits.drift.pyindex import dotted_name, may_come_from, parse_module_info
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions, whole_word
from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import (
    NOT_LITERAL,
    TEST_PATH,
    last_name,
    lazy_pattern,
    parent_map,
    short,
    walk_spanning,
)

# a call of a class on a line the fork added: ``StreamOptions(``, ``protocol.StreamOptions(``
_CLASS_CALL = lazy_pattern(r"\b([A-Z][A-Za-z0-9_]*[a-z][A-Za-z0-9_]*)\(")
# a diff's line that assigns a name (field_defaults' _ASSIGNED's shape, the name alone)
ASSIGNED_NAME = lazy_pattern(r"^[-+][ \t]+([A-Za-z_][A-Za-z0-9_]*)[ \t]*[:=]", re.M)
DECLARING_MOST = 20  # upstream files parsed for one merge's classes, at most
_READERS_READ = 30  # upstream files read for a field's loads, at most
# calls that take the instance and keep nothing of it: ``repr(EPLBConfig(...))`` hands it to no reader
_KEEPS_NOTHING = frozenset({"repr", "str", "print", "len", "bool", "id", "hash", "type", "isinstance", "format"})
# the wrappers an instance passes through on its way to where it goes: ``x or Cls()``, ``Cls() if c else y``
_PASS_THROUGH = (ast.BoolOp, ast.IfExp)


@dataclass(frozen=True)
class Handed:
    """A fork-owned call building ``change.owner`` on ``change.name``'s default and handing it on."""

    path: str
    line: int
    shown: str
    change: Changed
    via: str = ""  # how upstream's class derives the value this build holds (filled_defaults.py)


def handed_default_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork lines that build upstream's class on a default upstream changed, and hand the instance on."""
    classes = fork_built(trees)
    changes, fills = _changes(trees, classes) if classes else ([], {})
    if not changes:
        return []
    read = read_upstream(trees, changes)
    return [
        _finding(hit, trees.upstream_commit(hit.change.path, whole_word(hit.change.name), pr_pattern, most=5), read)
        for hit in handed(trees, changes, fills)
    ]


def fork_built(trees: ThreeTrees) -> set[str]:
    """The class-like names a line the fork added to a Python file calls."""
    return {
        name
        for path in trees.mine
        if path.endswith(".py")
        for line in trees.mine[path].added.values()
        for name in _CLASS_CALL.findall(line)
    }


def _changes(trees: ThreeTrees, classes: set[str]) -> tuple[list[Changed], dict[tuple[str, str], Fill]]:
    """The changed literal defaults of the fields of ``classes`` upstream's changed files declare, and the
    fills (by class and field) of those the class fills itself from another field (filled_defaults.py)."""
    # a declaring file upstream's diff left out (a test's, dropped from the merge's changes) has no raw part: the
    # redhat fork's replay was a KeyError of the whole merge-aware audit on one
    paths = [p for p in trees.declaring(classes, DECLARING_MOST) if p in trees.upstream]
    names = {n for p in paths for n in ASSIGNED_NAME.findall(trees.upstream.raw(p))} if paths else set()
    files = [p for p in declaring_files(trees, names) if p in paths] if names else []
    changed = changed_defaults(trees, names, files) if files else {}
    kept = [
        c for c in changed.values() if c.owner in classes and not c.none_only and not isinstance(c.new_value, Either)
    ]
    pinned = fork_pinned(trees, {c.name for c in kept})
    kept = [c for c in kept if c.name not in pinned]
    stored = _stored_by_class(trees, kept)
    fills = {key: fill for key, fill in stored.items() if fill is not None}
    return [c for c in kept if (c.owner, c.name) not in stored or (c.owner, c.name) in fills], fills


def _stored_by_class(trees: ThreeTrees, changes: list[Changed]) -> dict[tuple[str, str], Fill | None]:
    """(class, field) pairs whose class in upstream's file stores ``self.field`` itself (a ``__post_init__``
    deriving it): what the instance holds is not the default alone, whatever the diff shows; with the fill
    where it is one ``filled_defaults`` reads (a ``None`` default filled from another field's literal)."""
    wanted = {(c.owner, c.name) for c in changes}
    stored: dict[tuple[str, str], Fill | None] = {}
    for _path, _before, after in parsed_versions(trees, sorted({c.path for c in changes})):
        for cls in file_classes(after.body):
            for o, f in wanted:
                if o == cls.name and stores_self(cls, f):
                    stored[(o, f)] = fill_of(cls, f)
    return stored


def read_upstream(trees: ThreeTrees, changes: list[Changed]) -> dict[str, str]:
    """Field -> one upstream Python file outside its tests that loads ``.field`` (a store ``.field =`` reads
    nothing); the declaring file's own loads count: a method of the class reading its field is the behaviour
    the default steers (#39524: ``AudioResampler.resample`` reads ``self.method``)."""
    found: dict[str, str] = {}
    for change in sorted(changes, key=lambda c: c.name):
        named = sorted(p for p in trees.python_files_with((f".{change.name}",)) if not TEST_PATH.search(p))
        reader = _first_load(trees, change.name, named)
        if reader is not None:
            found.setdefault(change.name, reader)
    return found


def _first_load(trees: ThreeTrees, name: str, paths: list[str]) -> str | None:
    """The first of ``paths`` whose text loads ``.name``; past ``_READERS_READ`` files, the first (so many
    files naming the field hold a load)."""
    if len(paths) > _READERS_READ:
        return paths[0]
    load = re.compile(rf"\.{re.escape(name)}\b(?![ \t]*=(?!=))")
    texts = trees.blobs(trees.theirs, paths) if paths else {}
    return next((p for p in paths if load.search(texts.get(p) or "")), None)


def handed(
    trees: ThreeTrees, changes: list[Changed], fills: dict[tuple[str, str], Fill] | None = None
) -> Iterator[Handed]:
    """The fork-owned calls building a class of ``changes`` on a field's default and handing it on (``fills``:
    the fields upstream's class fills from another, whose value a build gets is read per call)."""
    by_owner: dict[str, list[Changed]] = {}
    for change in changes:
        by_owner.setdefault(change.owner, []).append(change)
    called = re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, by_owner))) + r")\(")
    for path in sorted(p for p in trees.mine if p.endswith(".py") and called.search(trees.mine.raw(p))):
        yield from _handed_in(trees, path, by_owner, fills or {})


def _handed_in(
    trees: ThreeTrees, path: str, by_owner: dict[str, list[Changed]], fills: dict[tuple[str, str], Fill]
) -> Iterator[Handed]:
    module, text = trees.merged_module(path), trees.merged_text(path)
    owned = trees.owned_lines(path) if module is not None else set()
    info = parse_module_info(path, dotted_name(path), text) if text is not None and owned else None
    if module is None or info is None:
        return
    parents = parent_map(module)
    for node in walk_spanning(module, owned):
        if not isinstance(node, ast.Call) or node.lineno not in owned or not _escapes(node, parents, follow=True):
            continue
        for change in by_owner.get(last_name(node.func), []):
            if _on_default(node, change.name) and may_come_from(info, node.func, dotted_name(change.path)):
                fill = fills.get((change.owner, change.name))
                held = _held(change, fill, node) if fill is not None else change
                if held is not None:
                    via = _via(fill) if fill is not None else ""
                    yield Handed(path, node.lineno, short(ast.unparse(node), 80), held, via)
                    break


def _held(change: Changed, fill: Fill, call: ast.Call) -> Changed | None:
    """The change as this build sees it: the value the class's fill gives it, where that differs from the old
    default (``KVEventsConfig(enable_kv_cache_events=True)``: "null" -> "zmq"; without the flag, "null" still)."""
    value = fill.value(call)
    if value is NOT_LITERAL or (not isinstance(value, (str, int, float, bool)) and value is not None):
        return None
    if not default_differs(change.old_value, value):
        return None
    return replace(change, new=short(repr(value), 80), new_value=value)


def _via(fill: Fill) -> str:
    source = f"from {fill.other}" if fill.other else "with a literal"
    return f"its default is None now, and upstream's class fills it {source}"


def _on_default(call: ast.Call, field: str) -> bool:
    """The call leaves ``field`` to its default: no positional value, no ``**``, no keyword of the field."""
    return not call.args and all(k.arg is not None and k.arg != field for k in call.keywords)


def _escapes(node: ast.expr, parents: dict[int, ast.AST], follow: bool) -> bool:
    """The instance may reach code other than the fork's function: returned, stored on an attribute or in a
    container, handed to a call (other than ``repr``-like ones), or bound to a local that does one of those.
    A read off it (``Cls().field``: field_defaults' own) or a build dropped keeps it in."""
    parent = parents.get(id(node))
    while isinstance(parent, _PASS_THROUGH):
        node, parent = parent, parents.get(id(parent))
    if isinstance(parent, ast.Attribute | ast.Expr):
        return False
    if isinstance(parent, ast.keyword):
        parent = parents.get(id(parent))
    if isinstance(parent, ast.Call) and parent.func is not node:
        return not (isinstance(parent.func, ast.Name) and parent.func.id in _KEEPS_NOTHING)
    if follow and isinstance(parent, ast.Assign) and len(parent.targets) == 1:
        target = parent.targets[0]
        return _local_escapes(target.id, parent, parents) if isinstance(target, ast.Name) else True
    return True


def _local_escapes(name: str, bound: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """A local of a function bound once (here): any of its loads lets the instance out.  A module's global,
    or a name bound twice, may be anything's: it escapes."""
    func = enclosing(bound, parents)
    if func is None:
        return True
    index = name_index(func)
    if index.stores.get(name, 0) != 1:
        return True
    return any(_escapes(n, parents, follow=False) for n in index.loads.get(name, []))


def _finding(hit: Handed, commit: str, read: dict[str, str]) -> Finding:
    change = hit.change
    reader = read.get(change.name)
    # an error for a flag flipped or a named choice switched (#36379's include_usage True -> False, #39524's
    # resampling method "resampy" -> "pyav"); a number re-spelt is as often the same meaning in a new encoding
    # (SamplingParams.top_k -1 -> 0, both "off": the redhat fork's whisper server was a false error), a warning
    flipped = all(isinstance(v, (bool, str)) for v in (change.old_value, change.new_value))
    certain = flipped and reader is not None and not TEST_PATH.search(hit.path)
    where = f"upstream's {reader} reads it" if reader is not None else "nothing of upstream's reads it"
    changed = f"from {change.old} to {change.new} for this build" if hit.via else f"from {change.old} to {change.new}"
    how = f"; {hit.via}" if hit.via else ""
    message = (
        f"fork-owned `{hit.shown}` builds {change.owner} on the default of {change.name}, which upstream changed "
        f"{changed} ({change.path}{commit}{how}), and hands the instance on ({where}): it now carries "
        f"{change.new}; {keep_old_advice(change.name, change.old, change.new)}, or confirm the new one"
    )
    return Finding(RULE, "merge", Severity.ERROR if certain else Severity.WARNING, hit.path, hit.line, message)
