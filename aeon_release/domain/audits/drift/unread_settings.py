"""Unread settings: upstream's class answers a hook itself now, and no longer consults the class-level setting
a fork subclass gives it (or that the fork reads off it).

#36519 (9095cbbfb6) replaced ``DeepseekV32IndexerMetadataBuilder``'s ``_cudagraph_support: ClassVar[...] =
UNIFORM_BATCH`` with a ``get_cudagraph_support`` classmethod of its own (``NEVER`` without DeepGEMM); the base
builder's ``get_cudagraph_support`` returns ``cls._cudagraph_support``.  A fork subclass that sets
``_cudagraph_support = UNIFORM_SINGLE_TOKEN_DECODE`` merges cleanly and is silently ignored: the lookup of
``get_cudagraph_support`` now stops at upstream's class, whose body never reads the name.  A fork line reading
``DeepseekV32IndexerMetadataBuilder._cudagraph_support`` now finds the base's value, not the class's.  Nothing
was removed that the fork names (the base still declares the setting), so symbol drift stays quiet.

Upstream's side: a class of a changed file, in both versions, that at the base set a class-level name ``N`` and
did not define a method ``M``, and at upstream no longer sets ``N`` but defines ``M``, and names ``N`` nowhere
in its body (no ``self.N``, no string of it, no ``super()`` call that could reach a reader); and one of its
bases (a class of an upstream file that defines ``M``) defines ``M`` reading ``N`` off ``self`` or ``cls``: the
reader upstream's new override shadows.  The fork's side, on a line it owns: a class deriving upstream's class
first that sets ``N`` at class level and does not override ``M`` itself (an error: the value is dead), or a
read of ``N`` off upstream's class itself or off ``self``/``cls`` in such a subclass that does not set it (a
warning: the read finds a base's value, which may be the old one; an error where the line compares it with
the class's old value itself, ``== AttentionCGSupport.UNIFORM_BATCH``: the test was written for what the class
no longer holds).

Cheap first: only upstream files whose removed lines set, at class level, a name some fork line holds and whose
added lines define a method are parsed; the base's readers only in the upstream files that define ``M``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.deferred_inits import class_named_by, derives_first, method_named
from aeon_release.domain.audits.drift.interposed import hands_on
from aeon_release.domain.audits.drift.own_fields import enclosing_class, file_classes
from aeon_release.domain.audits.drift.pyindex import file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, fork_imported_first, parsed_versions, whole_word
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import (
    last_name,
    lazy_pattern,
    parent_map,
    parse_python,
    short,
    simple_assignment,
    walk_spanning,
)

# a class-level setting among removed lines (indented, ``name = ...`` or ``name: T = ...``), a method defined
# (their indentation, then the name)
_SETTING = lazy_pattern(r"^(\s+)(\w+)\s*(?::[^=\n]+)?=(?!=)")
_DEF = lazy_pattern(r"^(\s+)(?:async\s+)?def\s+\w+\s*\(")
_MOST_FILES = 32
_MOST_READERS = 16
_RECEIVERS = frozenset({"self", "cls"})


@dataclass(frozen=True)
class Unread:
    """``cls`` (of ``path``) set ``name`` to ``old`` at the base; upstream dropped it and answers ``method``
    itself without reading it."""

    path: str
    cls: str
    name: str
    method: str
    old: str


def unread_setting_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    words = trees.fork_words()
    candidates = [p for p in trees.upstream if p.endswith(".py") and _candidate(trees, p, words)]
    paths = fork_imported_first(trees, candidates)[:_MOST_FILES]
    if not paths:
        return []
    found = [u for path, old, new in parsed_versions(trees, paths) for u in _dropped(path, old, new)]
    unread = [u for u in found if _base_reads(trees, u)]
    if not unread:
        return []
    names = {u.name for u in unread}
    read_upstream = {u for u in unread if _read_outside(trees, u)}
    findings = []
    for path, module, owned in fork_modules(trees, lambda line: any(n in line for n in names)):
        here = _self_reads(module)
        read_here = {u for u in unread if u.name in here}
        for item, line, compared, setting in _fork_uses(path, module, owned, unread):
            read = item in read_upstream or item in read_here
            findings.append(_finding(trees, path, line, item, compared, setting and not read, setting, pr_pattern))
    return findings


def _candidate(trees: ThreeTrees, path: str, words: frozenset[str]) -> bool:
    """Upstream's diff removed a class-level setting of a name some fork line holds, and added a method at the
    setting's indentation: a class body's (a local of a method body sits deeper than the method's ``def``, and
    any indented assignment let hundreds of a two-month range's files through)."""
    change = trees.upstream[path]
    defs = {m[1] for line in change.added.values() if (m := _DEF.match(line))}
    return any((m := _SETTING.match(line)) and m[2] in words and m[1] in defs for line in change.removed)


def _dropped(path: str, old: ast.Module, new: ast.Module) -> Iterator[Unread]:
    """Each setting a class dropped while it began answering, without naming it, a method it did not define."""
    before = {c.name: c for c in file_classes(old.body)}
    for cls in file_classes(new.body):
        was = before.get(cls.name)
        if was is None:
            continue
        settings, now = _settings(was), _settings(cls)
        defined = {s.name for s in was.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))}
        for method in cls.body:
            if not isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)) or method.name in defined:
                continue
            for name, value in sorted(settings.items()):
                if name not in now and not _names(cls, name) and not hands_on(method, method.name):
                    yield Unread(path, cls.name, name, method.name, ast.unparse(value))


def _settings(cls: ast.ClassDef) -> dict[str, ast.expr]:
    """The class body's own settings, ``name = value`` and ``name: T = value``."""
    found: dict[str, ast.expr] = {}
    for stmt in cls.body:
        name, value = simple_assignment(stmt)
        if name is not None and value is not None:
            found[name] = value
    return found


def _names(node: ast.AST, name: str) -> bool:
    """The node names ``name`` anywhere: an attribute, a name, a string (``getattr(cls, "name")``)."""
    for sub in ast.walk(node):
        if (isinstance(sub, ast.Attribute) and sub.attr == name) or (isinstance(sub, ast.Name) and sub.id == name):
            return True
        if isinstance(sub, ast.Constant) and sub.value == name:
            return True
    return False


def _base_reads(trees: ThreeTrees, unread: Unread) -> bool:
    """An upstream base of the class defines the method reading the setting off ``self``/``cls``: the reader the
    class's new method shadows.  Only the files that define the method are parsed."""
    paths = sorted(trees.python_files_with((f"def {unread.method}(",)))[:_MOST_READERS]
    classes = {
        c.name: c
        for text in trees.blobs(trees.theirs, paths).values()
        if text is not None and (module := parse_python(text)) is not None
        for c in file_classes(module.body)
    }
    owner = classes.get(unread.cls)
    ancestors = _ancestors(owner, classes) if owner is not None else set()
    for name in sorted(ancestors):
        reader = method_named(classes[name], unread.method) if name in classes else None
        if reader is not None and any(_self_read(n, unread.name) for n in ast.walk(reader)):
            return True
    return False


def _self_reads(module: ast.Module) -> set[str]:
    """The names the module reads off ``self``/``cls`` anywhere (one walk, kept for the module)."""
    return {n.attr for n in ast.walk(module) if isinstance(n, ast.Attribute) and _self_read(n, n.attr)}


def _read_outside(trees: ThreeTrees, unread: Unread) -> bool:
    """An upstream line still reads the setting off something other than ``self``/``cls`` (a module function's
    ``builder_cls._support``): the fork's value is not dead there."""
    paths = sorted(trees.python_files_with((f".{unread.name}",)))[:_MOST_READERS]
    return any(
        isinstance(node, ast.Attribute)
        and node.attr == unread.name
        and isinstance(node.ctx, ast.Load)
        and not _self_read(node, unread.name)
        for text in trees.blobs(trees.theirs, paths).values()
        if text is not None and (module := parse_python(text)) is not None
        for node in ast.walk(module)
    )


def _ancestors(cls: ast.ClassDef, classes: dict[str, ast.ClassDef]) -> set[str]:
    """The names of ``cls``'s bases, and of theirs among ``classes``, transitively (by last name)."""
    found: set[str] = set()
    todo = [cls]
    while todo and len(found) < 64:
        for base in todo.pop().bases:
            name = last_name(base.value if isinstance(base, ast.Subscript) else base)
            if name not in found:
                found.add(name)
                if name in classes:
                    todo.append(classes[name])
    return found


def _self_read(node: ast.AST, name: str) -> bool:
    return (
        isinstance(node, ast.Attribute)
        and node.attr == name
        and isinstance(node.ctx, ast.Load)
        and isinstance(node.value, ast.Name)
        and node.value.id in _RECEIVERS
    )


def _fork_uses(
    path: str, module: ast.Module, owned: set[int], unread: list[Unread]
) -> Iterator[tuple[Unread, int, bool, bool]]:
    """(the unread setting, the line, whether the line compares it with the old value, whether it is a setting)
    for each fork-owned setting of the name in a subclass, or read of it off the class or such a subclass."""
    imports = file_imports(module, path)
    parents = parent_map(module)
    # the owned reads of the names, walked once for every item (the module was walked whole per item)
    names = {u.name for u in unread}
    reads = [
        n
        for n in walk_spanning(module, owned)
        if isinstance(n, ast.Attribute) and n.attr in names and n.lineno in owned and isinstance(n.ctx, ast.Load)
    ]
    for item in unread:
        subclasses = [
            c
            for c in file_classes(module.body)
            if derives_first(c, imports, item.path, item.cls) and method_named(c, item.method) is None
        ]
        for cls in subclasses:
            value = _settings(cls).get(item.name)
            if value is not None and value.lineno in owned:
                yield item, value.lineno, False, True
        for node in reads:
            if _read_of(node, item, imports, subclasses, parents):
                yield item, node.lineno, _compared_with_old(node, item, parents), False


def _read_of(
    node: ast.Attribute,
    item: Unread,
    imports: dict[str, tuple[str, str]],
    subclasses: list[ast.ClassDef],
    parents: dict[int, ast.AST],
) -> bool:
    """``Cls.name`` off upstream's class itself, or ``self.name``/``cls.name`` in a fork subclass that does not
    set the name."""
    if not (node.attr == item.name and isinstance(node.ctx, ast.Load)):
        return False
    origin = imported_origin(node.value, imports)
    if origin is not None:
        return class_named_by(origin, item.path, item.cls)
    if not (isinstance(node.value, ast.Name) and node.value.id in _RECEIVERS):
        return False
    owner = enclosing_class(node, parents)
    return owner is not None and owner in subclasses and item.name not in _settings(owner)


def _compared_with_old(node: ast.Attribute, item: Unread, parents: dict[int, ast.AST]) -> bool:
    test = parents.get(id(node))
    return (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], (ast.Eq, ast.NotEq, ast.Is, ast.IsNot))
        and any(ast.unparse(side) == item.old for side in (test.left, *test.comparators) if side is not node)
    )


def _finding(
    trees: ThreeTrees, path: str, line: int, item: Unread, compared: bool, dead: bool, setting: bool, pr_pattern: str
) -> Finding:
    commit = trees.upstream_commit(item.path, whole_word(item.method), pr_pattern)
    why = (
        f"upstream's {item.cls} no longer sets {item.name} (it was {short(item.old, 60)}) and now answers "
        f"{item.method}() itself without reading it ({item.path}{commit})"
    )
    if dead:
        message = (
            f"fork-owned class setting {item.name} derives {item.cls}, but {why}: the base's {item.method}() that "
            f"read it is shadowed, so the fork's value is silently ignored; override {item.method}() instead"
        )
        return Finding(RULE, "merge", Severity.ERROR, path, line, message)
    if setting:
        # a warning: a fork method (or hook override) or an upstream reader outside the class still reads the
        # value, so it is not dead; only the shadowed hook no longer returns it
        message = (
            f"fork-owned class setting {item.name} derives {item.cls}, but {why}: the value is still read elsewhere, "
            f"yet {item.method}() no longer returns it; override {item.method}() if it should"
        )
        return Finding(RULE, "merge", Severity.WARNING, path, line, message)
    if compared:
        message = (
            f"fork-owned line compares {item.name} read off {item.cls} with its old value {short(item.old, 60)}, "
            f"but {why}: the read now finds a base's value; call {item.method}() instead"
        )
        return Finding(RULE, "merge", Severity.ERROR, path, line, message)
    message = (
        f"fork-owned line reads {item.name} off {item.cls}, but {why}: the read now finds a base's value, not "
        f"the one {item.cls} answers with; call {item.method}() instead"
    )
    return Finding(RULE, "merge", Severity.WARNING, path, line, message)
