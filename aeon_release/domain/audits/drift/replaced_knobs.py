"""A class-attribute knob upstream replaced by another, still set by a fork class to a value of its own.

A knob is a class attribute a base reads to choose a code path, that subclasses set.  When upstream retires
one with nothing in its stead, a fork class still setting it holds a dead value: symbol drift warns (drop
it).  When upstream *replaces* it -- the base and every class of its own that set the old knob now set a new
attribute, added in the same change -- the behaviour each class chose is still chosen, through the new name,
and the fork class inherits its base's choice.  A fork value other than the one it inherited opted its class
out of that choice: it is no longer honoured, silently.  #43525 replaced the MLA prefill backends'
``requires_r1_mla_dimensions`` (True in FlashInfer's, TokenSpeed's and TRT-LLM ragged's) by
``supported_mla_dimensions``: a fork subclass of FlashInfer's prefill backend setting it False to run the
non-R1 shapes is refused them again.  #26541 replaced ``MLACommonMetadataBuilder.supports_uniform_spec_as_decode``
(True in FlashInfer MLA's builder) by ``query_len_support``: a fork builder setting it True gets no
speculative decode on its decode path.

Stays the warning: a fork value equal to the inherited one (the override did nothing), a value that is no
literal, a fork class that sets the new attribute itself (ported), a knob whose classes gained no class
attribute in common (retired, not replaced: a method every class gained, ``is_available()``, chooses nothing
in the knob's stead), and a knob something still reads in the merged tree -- ``x.knob`` off another object,
``self.knob`` in a method the fork class reaches (its own included), or the name as a string
(``getattr(self, "knob", True)``, upstream's compatibility read): the fork's value is still honoured there.

Pure helpers over class members; finding the classes that set the knob is symbol drift's (``symbols.py``).
"""

from __future__ import annotations

import ast
from collections.abc import Mapping, Sequence

from aeon_release.domain.audits.source import NOT_LITERAL, literal_value

__all__ = ["named_as_string", "opted_out", "replacement", "restated"]

Members = Mapping[str, ast.stmt]


def replacement(setters: Sequence[tuple[Members, Members]]) -> list[str]:
    """The class attributes every class that set the knob gained (``(old members, new members)`` per class,
    the base's included): upstream's new name for the choice.  Empty with fewer than two classes (one class
    gaining a member is no pattern) or when they gained nothing in common; a method gained is no knob."""
    if len(setters) < 2:
        return []
    common: set[str] | None = None
    for old, new in setters:
        gained = {n for n in set(new) - set(old) if isinstance(new[n], ast.Assign | ast.AnnAssign)}
        common = gained if common is None else common & gained
    return sorted(common or ())


def opted_out(mine: ast.stmt, inherited: ast.AST) -> bool:
    """The fork class's ``name = v`` sets a literal other than the one the class inherited."""
    ours, theirs = _set_value(mine), _set_value(inherited)
    return ours is not NOT_LITERAL and theirs is not NOT_LITERAL and repr(ours) != repr(theirs)


def restated(mine: ast.stmt, inherited: ast.AST) -> bool:
    """The fork class's ``name = v`` sets the very literal the class inherited: the override changed nothing."""
    ours, theirs = _set_value(mine), _set_value(inherited)
    return ours is not NOT_LITERAL and theirs is not NOT_LITERAL and repr(ours) == repr(theirs)


def named_as_string(line: str, name: str) -> bool:
    """``name`` quoted whole on ``line``: ``getattr(obj, "name", ...)``, ``hasattr``, a ``setattr``: a read by
    string that no attribute search sees."""
    return f"'{name}'" in line or f'"{name}"' in line


def _set_value(stmt: ast.AST) -> object:
    if isinstance(stmt, ast.Assign | ast.AnnAssign) and stmt.value is not None:
        return literal_value(stmt.value)
    return NOT_LITERAL
