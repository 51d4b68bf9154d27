"""Wire mirror drift: a fork's positional copy of an upstream wire struct, whose fields upstream moved.

A msgspec ``Struct`` declared ``array_like=True`` is encoded as an array of its field values, in field order:
the field's position is its name on the wire.  A fork that reads those frames without importing the class
(a router sidecar, a replay tool, a process of another build) declares a mirror Struct with the same fields
in the same order and decodes by position.  When upstream inserts a field (#17045 put ``cache_salt`` in
front of ``current_wave``), removes one (#17214 took ``prompt`` out of ``EngineCoreRequest``) or reorders
them, git merges the fork's mirror as it was: every field from that position on now decodes its neighbour's
value, and msgspec raises nothing where the types happen to fit (``None`` into an ``Optional``).

A fork-owned ``array_like=True`` Struct (three fields at least) mirrors an upstream one when its fields are,
name for name, the first fields of an ``array_like`` class of a file upstream changed, as the merge base
had it.  When upstream's class no longer starts with those fields, the mirror's first field whose position
now holds another (or none) is an error: the fork line itself says it decodes by position.

A class upstream made a map (no longer ``array_like``) is told only from one whose encoding the module itself
settles: a base imported from elsewhere (or spelled ``mod.Base``) or a flag spelled through a name leaves it
unknown, and unknown stays quiet.  The "now a map" finding is an error only where the mirror names upstream's
class (its class name or its ``tag=``); a fork struct that merely shares the first field names may be the fork's
own wire format, both ends fork code, so it is a warning.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.diffs import upstream_changed
from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.merge_rules import LAYOUT_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, parse_python

_WORD = "array_like"
_FEWEST = 3  # fields a mirror must share with upstream's class: two names in a row match by chance
_MOST_FILES = 64  # upstream files read (both versions) a merge at most: wire structs live in a few modules


@dataclass(frozen=True)
class Layout:
    path: str
    name: str
    fields: tuple[tuple[str, int], ...]  # (field, line) in declaration order
    tag: str = ""  # the wire tag it declares (``tag=True`` is its class name), "" for none


def wire_mirror_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    mirrors = list(_fork_mirrors(trees))
    if not mirrors:
        return []
    paths = [p for p in upstream_changed(trees.repo, trees.base, trees.theirs) if p.endswith(".py")]
    # a file that dropped its last ``array_like`` (#42892) no longer holds the word
    unlisted = {p for p in paths if p in trees.upstream and any(_WORD in t for t in trees.upstream[p].removed)}
    # upstream's own copies (an example subscriber, a test) mirror the struct too: its package's file first
    paths = sorted(trees.upstream_files_with((_WORD,), paths) | unlisted, key=_copy_last)[:_MOST_FILES]
    if not paths:
        return []
    before, after = trees.blobs(trees.base, paths), trees.blobs(trees.theirs, paths)
    findings = []
    for mirror in mirrors:
        mine: list[Finding] = []
        for path in paths:
            old = {layout.name: layout for layout in positional_layouts(before[path], path)}
            classes = struct_layouts(after[path], path)
            new = {name: layout for name, (positional, layout) in classes.items() if positional}
            for name, was in old.items():
                if name in classes and classes[name][0] is False and _copies(mirror, was):
                    mine.append(_mapped_finding(trees, mirror, was, pr_pattern))
                    continue
                moved = _moved_field(mirror, was, new.get(name))
                if moved is not None:
                    mine.append(_finding(trees, mirror, was, moved, pr_pattern))
        findings += mine[:1]  # one finding a mirror: the first copy it matches says it
    return findings


def _copy_last(path: str) -> tuple[bool, str]:
    return path.startswith(("examples/", "tests/", "benchmarks/")), path


def _fork_mirrors(trees: ThreeTrees) -> Iterator[Layout]:
    """The fork-owned ``array_like`` Struct classes of the merged tree (their ``class`` line the fork's)."""
    for path, change in trees.mine.items():
        if not path.endswith(".py") or not any(_WORD in text for text in change.added.values()):
            continue
        owned = trees.owned_lines(path)
        for layout in positional_layouts(trees.merged_text(path), path):
            if layout.fields and layout.fields[0][1] in owned and len(layout.fields) >= _FEWEST:
                yield layout


def positional_layouts(text: str | None, path: str) -> list[Layout]:
    """The classes of a module declared ``array_like=True``, each with its annotated fields in order."""
    return [layout for positional, layout in struct_layouts(text, path).values() if positional is True]


def struct_layouts(text: str | None, path: str) -> dict[str, tuple[bool | None, Layout]]:
    """Each class of a module -> (encoded by position, its fields in order).  msgspec hands a subclass its
    base's ``array_like`` and puts the base's fields first (#42892's ``BlockStored(KVCacheEvent)``), so a
    class without the keyword takes both from its first base of the module.  None where the module does not
    settle it: the keyword spelled through a name, or a base defined elsewhere (upstream moving the base to
    its own module keeps the wire as it was)."""
    module = parse_python(text, path) if text is not None else None
    found: dict[str, tuple[bool | None, Layout]] = {}
    for node in ast.walk(module) if module is not None else ():
        if isinstance(node, ast.ClassDef):
            base = next((found[b.id] for b in node.bases if isinstance(b, ast.Name) and b.id in found), None)
            own = [_flag(k) for k in node.keywords if k.arg == _WORD]
            positional = own[0] if own else base[0] if base is not None else _plain_struct(node)
            fields = (base[1].fields if base is not None else ()) + tuple(
                (stmt.target.id, stmt.lineno)
                for stmt in node.body
                if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and not _class_var(stmt)
            )
            found[node.name] = (positional, Layout(path, node.name, fields, _tag(node)))
    return found


def _flag(keyword: ast.keyword) -> bool | None:
    value = keyword.value
    return value.value is True if isinstance(value, ast.Constant) else None


def _plain_struct(node: ast.ClassDef) -> bool | None:
    """False for a class on ``Struct`` itself (or on no base), None for one on a base the module lacks."""
    named = [last_name(b) for b in node.bases]
    return False if all(n == "Struct" for n in named) else None


def _tag(node: ast.ClassDef) -> str:
    value = next((k.value for k in node.keywords if k.arg == "tag"), None)
    if isinstance(value, ast.Constant) and isinstance(value.value, str):
        return value.value
    return node.name if isinstance(value, ast.Constant) and value.value is True else ""


def _class_var(stmt: ast.AnnAssign) -> bool:
    """``x: ClassVar[int]``: not a field (msgspec leaves it out of the encoding)."""
    note = stmt.annotation.value if isinstance(stmt.annotation, ast.Subscript) else stmt.annotation
    return (isinstance(note, ast.Name) and note.id == "ClassVar") or (
        isinstance(note, ast.Attribute) and note.attr == "ClassVar"
    )


def _copies(mirror: Layout, was: Layout) -> bool:
    """The mirror, not upstream's own class, holds ``was``'s first fields name for name."""
    if mirror.path == was.path and mirror.name == was.name:
        return False  # upstream's own class
    names = [name for name, _ in mirror.fields]
    return names == [name for name, _ in was.fields[: len(names)]]


def _moved_field(mirror: Layout, was: Layout, now: Layout | None) -> tuple[int, str, str] | None:
    """(position, the mirror's field there, what upstream's class holds there now) at the mirror's first
    field upstream moved, when the mirror copied ``was`` by position; None when it did not, or nothing moved."""
    if not _copies(mirror, was) or now is None:
        return None
    names = [name for name, _ in mirror.fields]
    theirs = [name for name, _ in now.fields]
    for i, name in enumerate(names):
        held = theirs[i] if i < len(theirs) else ""
        if held != name:
            return i, name, held
    return None


def _finding(trees: ThreeTrees, mirror: Layout, was: Layout, moved: tuple[int, str, str], pr_pattern: str) -> Finding:
    position, field, held = moved
    line = mirror.fields[position][1]
    commit = trees.upstream_commit(was.path, rf"^[[:space:]]+({field}|{held or field})[[:space:]]*:", pr_pattern)
    now = f"holds {held}" if held else "is past its last field"
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        mirror.path,
        line,
        f"{mirror.name} mirrors {was.name} ({was.path}) by position (array_like=True), and upstream's "
        f"{was.name} changed its fields{commit}: position {position}, the mirror's {field}, {now} on the wire "
        f"now, so {field} and every field after it decode another field's value; declare the mirror's fields "
        f"as {was.name} orders them now",
    )


def _mapped_finding(trees: ThreeTrees, mirror: Layout, was: Layout, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(was.path, _WORD, pr_pattern)
    named = was.name in {mirror.name, mirror.tag}  # the fork decodes upstream's own frames, not its own
    return Finding(
        RULE,
        "merge",
        Severity.ERROR if named else Severity.WARNING,
        mirror.path,
        mirror.fields[0][1],
        f"{mirror.name} mirrors {was.name} ({was.path}) by position (array_like=True), and upstream's "
        f"{was.name} is no longer array_like{commit}: it goes on the wire as a map of field names now, which "
        f"the mirror's array decoding refuses; drop array_like from the mirror as upstream did",
    )
