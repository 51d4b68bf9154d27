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

Unknown, so quiet, where something else may give the class a constructor or the call is written for both:
a ``Cls.__init__ = ...`` (or ``setattr(Cls, "__init__", ...)``) in the class's module or a fork file, an
``__init_subclass__`` in a tree class of the MRO (it may inject one), a call inside a ``try`` catching
``TypeError`` (or a parent), or under an ``if`` asking about ``__init__``, ``hasattr`` or a version.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable

from aeon_release.domain.audits.drift import pyindex as px
from aeon_release.domain.audits.drift.fallbacks import catches
from aeon_release.domain.audits.drift.signatures import Sig, call_problem
from aeon_release.domain.audits.source import lazy_pattern

# bases outside the tree whose constructor is object's: a call of a subclass that defines none takes nothing
_BARE_BASES = frozenset({"object", "ABC", "Generic"})
# what a handler written for a call that may raise TypeError catches
_TYPE_ERRORS = frozenset({"TypeError", "Exception", "BaseException"})
# an ``if`` asking one of these is a guard written for the class with and without its constructor
_PROBES = lazy_pattern(r"__init__|hasattr\(|version", re.IGNORECASE)


def lost_init(
    call: ast.Call, ix: px.Index, after: px.DefSym, old: Sig | None, where: ast.AST | None, texts: Iterable[str]
) -> str | None:
    """The problem of ``call`` (which fitted ``old``, in module ``where``) now that ``after``'s constructor is
    object's; or None.  ``texts``: the fork's files, where a constructor may be patched in."""
    if old is None or not (call.args or call.keywords) or call_problem(call, old) is not None:
        return None
    cls = ix.class_of(after)
    if cls is None or not _bare(ix.mro(cls)) or (where is not None and _guarded(where, call)):
        return None
    if _patched(after.name.rsplit(".", 1)[-1], [ix.tree.text(after.path) or "", *texts]):
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
    made = {"__init__", "__new__", "__init_subclass__"}  # __init_subclass__ may set a subclass's __init__
    return not (made & cls.members.keys() or node.decorator_list or node.keywords)


def _bare_base(base: px.External) -> bool:
    return not (base.broken or base.opaque) and base.name.rsplit(".", 1)[-1] in _BARE_BASES


def _patched(name: str, texts: Iterable[str]) -> bool:
    """A text assigns the class a constructor after its definition: ``Cls.__init__ = f`` or ``setattr``."""
    word = re.escape(name)
    assigned = re.compile(rf"\b{word}\.__init__\s*=[^=]|setattr\(\s*{word}\s*,\s*[\'\"]__init__")
    return any(assigned.search(t) for t in texts)


def _guarded(module: ast.AST, call: ast.Call) -> bool:
    """``call`` runs inside a ``try`` catching TypeError, or under an ``if`` probing the constructor."""
    for stmt in ast.walk(module):
        if isinstance(stmt, ast.Try) and catches(stmt, _TYPE_ERRORS) and _within(stmt.body, call):
            return True
        if (
            isinstance(stmt, ast.If)
            and _PROBES.search(ast.unparse(stmt.test))
            and _within(stmt.body + stmt.orelse, call)
        ):
            return True
    return False


def _within(body: list[ast.stmt], call: ast.Call) -> bool:
    return any(node is call for stmt in body for node in ast.walk(stmt))
