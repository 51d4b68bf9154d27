"""Tree surfaces: whether a class upstream declares is sure to lack a member, read from the class text alone.

A check that learns a value may now be an instance of a project's class (a union's new member) has to ask
whether the fork's read of ``value.attr`` can still be answered.  Symbol drift answers through its whole index;
a check that holds only the three trees answers here, narrowly, so that a doubt is a miss rather than a false
error: the class is declared once, at module level, in one Python file upstream changed (a union usually gains a
class the same change adds or touches); it has no metaclass keyword and no ``__getattr__``/``__getattribute__``;
its bases are ``object``, ``ABC``, ``Generic[...]`` or classes that pass the same test; no class along them has
the member (a def, a class-level binding, a field, a ``self.X`` of a method); and no class of the merged tree
that names it as a base defines the member either (an abstract class's values are its subclasses').
"""

from __future__ import annotations

import ast
import re

from aeon_release.domain.audits.drift.pyindex import member_names, self_writes
from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.source import flat_statements, last_name, parse_python

__all__ = ["surely_lacks"]

_KNOWN_BASES = frozenset({"object", "ABC", "Generic"})
_DYNAMIC = frozenset({"__getattr__", "__getattribute__"})
_DEPTH = 4  # bases followed at most: a deeper order is not read (quiet)


def surely_lacks(trees: ThreeTrees, name: str, attr: str) -> bool:
    """The class ``name`` of upstream's tree, and every class deriving from it, surely has no member ``attr``."""
    return _order_lacks(trees, name, attr, 0) and not _subclass_has(trees, name, attr, 0)


def _order_lacks(trees: ThreeTrees, name: str, attr: str, depth: int) -> bool:
    found = _declared(trees, name) if depth < _DEPTH else None
    if found is None or found[0].keywords:
        return False
    cls, text = found
    own = surface(cls)
    if attr in own or own & _DYNAMIC or _patched(trees, text, name, attr):
        return False
    for base in cls.bases:
        word = last_name(base.value if isinstance(base, ast.Subscript) else base)
        if word in _KNOWN_BASES:
            continue
        if word == "Protocol" or not _order_lacks(trees, word, attr, depth + 1):
            return False
    return True


def surface(cls: ast.ClassDef) -> frozenset[str]:
    """The names a class binds itself: its body's bindings and the ``self.X`` its methods write."""
    names: set[str] = set()
    for stmt in flat_statements(cls.body):
        names.update(member_names(stmt))
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
            names.update(self_writes(stmt))
    return frozenset(names)


def _patched(trees: ThreeTrees, text: str, name: str, attr: str) -> bool:
    """``name.attr = ...`` after the class body, in its file or on a line the fork added (a shim); since review102
    also ``setattr(name, "attr", ...)`` and a ``__getattr__``/``__getattribute__`` patched on the same way (it
    answers every member)."""
    members = "|".join(re.escape(m) for m in (attr, *sorted(_DYNAMIC)))
    cls = re.escape(name)
    patch = re.compile(
        rf"\b{cls}\.(?:{members})[ \t]*=(?!=)|\bsetattr\([ \t]*{cls}[ \t]*,[ \t]*[\"'](?:{members})[\"']"
    )
    fork = (line for p in trees.mine if p.endswith(".py") for line in trees.mine[p].added.values())
    return bool(patch.search(text)) or any(patch.search(line) for line in fork)


def _declared(trees: ThreeTrees, name: str) -> tuple[ast.ClassDef, str] | None:
    """The one module-level ``class name`` of the files upstream changed, with its file's text (two
    declarations: unknown)."""
    found: list[tuple[ast.ClassDef, str]] = []
    paths = trees.declaring([name], most=4)
    for path, text in trees.blobs(trees.theirs, paths).items():
        module = parse_python(text or "", path)
        found += [
            (s, text or "")
            for s in flat_statements(module.body if module else [])
            if isinstance(s, ast.ClassDef) and s.name == name
        ]
    return found[0] if len(found) == 1 else None


def _subclass_has(trees: ThreeTrees, name: str, attr: str, depth: int) -> bool:
    """A class of the merged tree (upstream's or the fork's) deriving from ``name``, directly or through other
    such classes, defines ``attr``, or cannot be read (too deep, or a file that does not parse)."""
    if depth >= _DEPTH:
        return True
    deriving = re.compile(rf"^[ \t]*class[ \t]+\w+[ \t]*\([^)]*\b{re.escape(name)}\b", re.MULTILINE)
    for path in sorted(trees.files_naming((name,))):
        text = trees.merged_text(path) or ""
        if not deriving.search(text):
            continue
        module = parse_python(text, path)
        if module is None:
            return True
        for cls in (n for n in ast.walk(module) if isinstance(n, ast.ClassDef)):
            if cls.name == name or not any(_names(b, name) for b in cls.bases):
                continue
            own = surface(cls)
            if attr in own or own & _DYNAMIC or _subclass_has(trees, cls.name, attr, depth + 1):
                return True
    return False


def _names(base: ast.expr, name: str) -> bool:
    return last_name(base.value if isinstance(base, ast.Subscript) else base) == name
