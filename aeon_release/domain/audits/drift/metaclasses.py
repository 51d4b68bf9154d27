"""A class whose metaclass makes attributes up: a read off the class object is answered at run time.

#24794 (b30dfa03c5) turned ``_Backend(enum.Enum)`` into ``class _Backend(metaclass=_BackendMeta)``, a
deprecated alias whose metaclass's ``__getattribute__`` hands every read on to ``AttentionBackendEnum``:
``_Backend.FLASH_ATTN`` still answers (with a warning), though the class statement defines no member.  A class's
own ``__getattr__`` answers for its instances only; its metaclass's answers for the class itself, so only a read
off the class (``Cls.NAME``), never off an instance, is made up this way.
"""

from __future__ import annotations

from aeon_release.domain.audits.drift import pyindex as px
from aeon_release.domain.audits.drift.unfilled import dynamic_lookup


def meta_answers(ix: px.Index, cls: px.ClassInfo) -> bool:
    """Some class along ``cls``'s order names a metaclass of the tree that defines ``__getattr__`` or
    ``__getattribute__`` (itself or along its own order)."""
    for item in ix.mro(cls):
        if not isinstance(item, px.ClassInfo):
            continue
        for keyword in item.node.keywords:
            meta = ix.class_of(ix.resolve_expr(item.module, keyword.value)) if keyword.arg == "metaclass" else None
            if meta is not None and dynamic_lookup(ix.mro(meta)):
                return True
    return False


def class_member(ix: px.Index, cls: px.ClassInfo, attr: str, instance: bool = True) -> px.Sym:
    """``attr`` read off the class object ``cls``: its member, or UNKNOWN where its metaclass makes one up.
    Without ``instance`` (a call through the class) an attribute only its instances bind is none (#31869)."""
    found = ix.member(ix.mro(cls), attr, instance=instance)
    return px.UNKNOWN if found is px.MISSING and meta_answers(ix, cls) else found
