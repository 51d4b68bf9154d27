"""A class attribute a fork class inherits, whose literal value upstream changed in the base.

A fork class leans on its bases' settings: a model added by the fork inherits
``SupportsMultiModal.merge_by_field_config``, an attention metadata builder of the fork inherits its
base's ``reorder_batch_threshold``.  Upstream flips the base's value (#30035 made
``merge_by_field_config`` ``True``) and, where its own subclasses need the old behaviour, sets the old
value on them in the same diff; the fork's class, which upstream never sees, silently takes the new
value: the merge is clean, the code that reads the setting now goes the other way for the fork's class.

The value is what attribute lookup finds: the first class along the fork class's bases that assigns
the name in its body.  It changed when that lookup gives one literal (``True``, ``1``, ``"name"``,
``None``, ``field(default=...)``) in the fork branch's tree and another one, of another truth or
another true value, in the merged tree, found in a class of a file upstream changed.  A name the fork
class (or a class of the fork's between it and the base) sets itself, in its body or on ``self`` in
one of its methods, is the fork's choice; a name a base assigns on ``self`` in a method is decided
at run time; both are left alone.

Pure: two indexes (the fork's tree before the merge, the merged tree) in, the changes out.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift import pyindex as px
from aeon_release.domain.audits.drift.field_defaults import DefaultValue, default_differs, literal_default
from aeon_release.domain.audits.drift.pyindex import ClassInfo, Index, ModuleInfo
from aeon_release.domain.audits.source import parse_python, simple_assignment


@dataclass(frozen=True)
class Inherited:
    """``attr`` as the fork class inherits it: ``old`` before the merge, ``new`` from ``owner`` in
    ``path``:``line`` after it (source text)."""

    attr: str
    owner: str
    path: str
    line: int
    old: str
    new: str


def inherited_changes(
    before: Index, after: Index, mod: ModuleInfo, qual: str, upstream: Callable[[str], bool]
) -> Iterator[Inherited]:
    """The class attributes the fork class ``qual`` inherits with another literal value after the merge."""
    cls = after.class_info(mod, qual)
    old_mod = before.module_at(mod.path)
    old = before.class_info(old_mod, qual) if old_mod is not None else None
    if cls is None or old is None:
        return
    new_mro, old_mro = after.linearized(cls)[1:], before.linearized(old)[1:]
    names = {n for item in new_mro if isinstance(item, ClassInfo) and upstream(item.module.path) for n in item.members}
    for name in sorted(names - set(cls.members) - cls.instance):
        now, then = _looked_up(new_mro, name), _looked_up(old_mro, name)
        if now is None or then is None or not upstream(now[0].module.path):
            continue
        (item, line, new_text, new_value), (_, _, old_text, old_value) = now, then
        if default_differs(old_value, new_value):
            yield Inherited(name, item.qualname, item.module.path, line, old_text, new_text)


def _looked_up(mro: list[ClassInfo | px.External], name: str) -> tuple[ClassInfo, int, str, DefaultValue] | None:
    """(the class, line, text, value) of the literal the lookup of ``name`` finds along ``mro``; None
    when it finds something else, a base does not resolve, or a class sets it on ``self`` at run time.
    A class outside the tree (``nn.Module``, listed first among a model's bases) is passed over: the name
    is one of the tree's own settings, and a library class defining it too is not to be expected."""
    for item in mro:
        if isinstance(item, px.External):
            if item.broken:
                return None
            continue
        if name in item.instance:
            return None
        stmt = item.members.get(name)
        if stmt is None:
            continue
        _, value = simple_assignment(stmt)
        if _prose(value):
            return None
        literal = literal_default(value) if value is not None else None
        return (item, stmt.lineno, *literal) if literal is not None else None
    return None


def _prose(value: ast.expr | None) -> bool:
    """A string laid out as a docstring (its text opens on the line after the quotes): the attribute's
    documentation written where its value goes, not a setting (symbol_precision window 8: #36110 reworded
    the triple-quoted ``OpenAIServing.request_id_prefix: ClassVar[str]``, "A short string prepended to
    every request's ID", which every subclass that reads it sets for itself)."""
    return isinstance(value, ast.Constant) and isinstance(value.value, str) and value.value.startswith("\n")


def pinned_elsewhere(upstream_lines: frozenset[str], name: str, old: str) -> bool:
    """Whether upstream's added lines of a file set ``name`` to the old value (``name = old``, ``name: T =
    old``): it pinned the old behaviour on a class of its own."""
    return any(_sets(line, name, old) for line in upstream_lines)


def _sets(line: str, name: str, value: str) -> bool:
    if not line.startswith(name):
        return False
    module = parse_python(line, "<line>")
    if module is None or not module.body:
        return False
    stmt = module.body[0]
    target, given = simple_assignment(stmt)
    literal = literal_default(given) if target == name and given is not None else None
    return literal is not None and literal[0] == value
