"""Lost-constructor drift: upstream deleted a class's ``__init__`` and left it object's, which takes nothing.

#6353 removed ``UnquantizedLinearMethod.__init__(self, separate_bias_add=False)``.  The class's bases
(``LinearMethodBase``, ``QuantizeMethodBase(ABC)``) define no ``__init__`` either, so the constructor is now
``object.__init__``: a fork line ``UnquantizedLinearMethod(separate_bias_add=True)`` merges cleanly and raises
``TypeError`` when the model is built.  Signature drift compares two constructors of the tree; here the new
one lies outside it, so it stayed unknown and quiet.

Only where the new constructor is certainly argument-free: every class of the tree in the new MRO defines
neither ``__init__`` nor ``__new__``, carries no decorator (a dataclass or attrs class makes its own) and no
class keyword (a metaclass may), and every base outside the tree is one whose constructor takes nothing
(``object``, ``ABC``, ``Generic``).  ``nn.Module``, pydantic models and the like stay unknown: quiet.  The call
must have fitted the old constructor and pass at least one argument.
"""

from __future__ import annotations

import ast

from aeon_release.domain.audits.drift import pyindex as px
from aeon_release.domain.audits.drift.signatures import Sig, call_problem

# bases outside the tree whose constructor is object's: a call of a subclass that defines none takes nothing
_BARE_BASES = frozenset({"object", "ABC", "Generic"})


def lost_init(call: ast.Call, ix: px.Index, after: px.DefSym, old: Sig | None) -> str | None:
    """The problem of ``call`` (which fitted ``old``) now that ``after``'s constructor is object's; or None."""
    if old is None or not (call.args or call.keywords) or call_problem(call, old) is not None:
        return None
    cls = ix.class_of(after)
    if cls is None or not _bare(ix.mro(cls)):
        return None
    passed = "passes arguments" if call.args else f"passes {call.keywords[0].arg or '**'}="
    return (
        f"is now {after.label}() with no __init__ of its own (upstream removed it; the inherited one is "
        f"object's, which takes no arguments): the call {passed}"
    )


def _bare(mro: list[px.ClassInfo | px.External]) -> bool:
    """Every class of ``mro`` leaves the constructor to ``object``."""
    return all(_leaves_init(i) if isinstance(i, px.ClassInfo) else _bare_base(i) for i in mro)


def _leaves_init(cls: px.ClassInfo) -> bool:
    node = cls.node
    return not ({"__init__", "__new__"} & cls.members.keys() or node.decorator_list or node.keywords)


def _bare_base(base: px.External) -> bool:
    return not (base.broken or base.opaque) and base.name.rsplit(".", 1)[-1] in _BARE_BASES
