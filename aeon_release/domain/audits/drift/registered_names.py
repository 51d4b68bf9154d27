"""A parameter one upstream class now registers under a new name while other classes keep the old one.

#9997 made ``BitsAndBytesLinearMethod.create_weights`` call ``layer.register_parameter("weight", qweight)``
where it called ``register_parameter("qweight", qweight)``.  GPTQ, AWQ and Marlin still register a
``qweight``, so the word lives on and name drift's "gone everywhere" says nothing; but a fork's
``getattr(layer, "qweight", None)`` written for bitsandbytes layers now gets None from every one of
them, silently.

A rename is one changed file's removed ``register_parameter("old", value)`` (or ``register_buffer``,
``register_module``) and added ``register_...("new", value)`` of the same kind with the same rest of
the line, while that file registers ``old`` nowhere any more.  Where another served file of upstream's
tree still registers or sets ``old``, the fork's ``getattr``, ``hasattr`` or ``delattr`` of it by its
string is a warning: it may mean the layers of the classes that still register it.  An error where
the fork's file imports from the renaming module (the read is written for that module's layers), or
where no other file registers or sets it (the word may live on as a local, which name drift's "gone
everywhere" takes for the name).

Pure: the upstream diff, a grep and the fork's reads in, findings out.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.pyindex import dotted_name
from aeon_release.domain.audits.source import lazy_pattern

# ``x.register_parameter("name", rest...`` on one line: the kind, the name, the rest of the line
_REGISTER = lazy_pattern(r"""\.register_(parameter|buffer|module)\(\s*["'](\w+)["']\s*(.*)$""")


@dataclass(frozen=True)
class Renamed:
    old: str
    new: str
    path: str  # the upstream file whose diff renamed the registration
    elsewhere: str | None  # a served file of upstream's tree that still registers or sets ``old``, if any


def renamed_in(path: str, removed: Iterable[str], added: Iterable[str]) -> dict[str, str]:
    """old -> new of each registration ``path``'s diff renamed: the same kind and rest of the line, one
    new name, and ``old`` registered by no added line of the file."""
    gone = [m.groups() for line in removed if (m := _REGISTER.search(line))]
    came = [m.groups() for line in added if (m := _REGISTER.search(line))]
    kept = {name for _, name, _ in came}
    found: dict[str, str] = {}
    for kind, old, rest in gone:
        news = {name for k, name, r in came if k == kind and r.strip() == rest.strip() and name != old}
        if old not in kept and len(news) == 1:
            found[old] = news.pop()
    return found


def still_sets(line: str, name: str) -> bool:
    """``line`` registers ``name`` as a parameter, buffer or module of an object, or sets it on one
    (``layer.name = ...``, ``setattr(layer, "name", ...)``)."""
    found = _REGISTER.search(line)
    word = re.escape(name)
    return (found is not None and found.group(2) == name) or bool(
        re.search(rf"""\.{word}\s*(?::[^=]*)?=[^=]|\bsetattr\([^,]+,\s*["']{word}["']""", line)
    )


def imports_from(module: ast.Module, path: str) -> bool:
    """The module imports from the one at ``path`` (``from a.b.c import X``, ``import a.b.c``)."""
    target = dotted_name(path)
    for node in ast.walk(module):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module == target:
            return True
        if isinstance(node, ast.Import) and any(alias.name == target for alias in node.names):
            return True
    return False


def renamed_registrations(
    changes: Iterable[tuple[str, Iterable[str], Iterable[str]]],
    registrants: Callable[[str], Iterator[tuple[str, str]]],
) -> list[Renamed]:
    """Each registration a changed file renamed (``changes``: path, removed lines, added lines), with the
    other file of upstream's tree that still registers or sets its old name (``registrants(name)``: path,
    line of its word), if one does."""
    found: list[Renamed] = []
    for path, removed, added in changes:
        for old, new in sorted(renamed_in(path, removed, added).items()):
            other = next((p for p, line in registrants(old) if p != path and still_sets(line, old)), None)
            found.append(Renamed(old, new, path, other))
    return found
