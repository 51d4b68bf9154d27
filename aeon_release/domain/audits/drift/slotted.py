"""Slotted drift: upstream made a class slotted, the fork still sets an attribute of its own on its instances.

#36164 made ``KVCacheBlock`` a ``@dataclass(slots=True)`` (one block object per KV block: the dict each carried
was memory and lookup time).  Its fields read and write as before, so the fork's ``block.aeon_last_used =
time.monotonic()`` on a receiver typed as the class (a parameter's annotation, an element of the pool's
``blocks: list[KVCacheBlock]``) merges cleanly -- and raises ``AttributeError: 'KVCacheBlock' object has no
attribute 'aeon_last_used'`` on first use: a slotted instance has no ``__dict__`` to take a name its slots do
not declare.

Upstream's side: a class of a file upstream changed, on a line it added that spells ``slots=True`` or
``__slots__`` (a cheap test of upstream's added lines before any class is asked), whose instances have no
``__dict__`` at upstream and had one at the fork's tree: every class of its order declares slots (its own
``__slots__`` without ``"__dict__"``, or ``@dataclass(slots=True)``), and the bases past the tree are ones
known to add no ``__dict__`` (``object``, ``ABC``, ``Generic[...]``, ``Protocol``); a base that does not
resolve may give instances a ``__dict__``, so nothing is said.  The fork's side, on lines it wrote: a store
``x.name = ...`` (or ``+=``, annotated) with ``x`` typed as the class, ``name`` no member of the class or its
bases and no ``self.name`` their methods set, no ``__setattr__`` on the way, and no ``try`` catching
``AttributeError`` around the store.  Nor where the fork tells the object's kind apart first: the store runs
only where ``isinstance(x, K)`` holds (an ``if``, an ``assert``, the rest after ``if not isinstance(...):
return``) for a ``K`` outside the class's order (the fork's own unslotted subclass; a tuple only when every class
it names is outside: ``isinstance(x, (Mine, KVCacheBlock))`` lets the slotted blocks through), or under a test reading
``__dict__`` or ``__slots__`` (either branch: ``if hasattr(block, "__dict__")``, ``if not hasattr(KVCacheBlock,
"__slots__")``), where the fork handles both shapes; nor where the fork's module installs the name on the class
itself (``KVCacheBlock.aeon_tier = property(...)``: its descriptor takes the write).  A receiver typed as a fork subclass (its instances keep a ``__dict__``
unless it declares slots too), a declared field, and a property with a setter stay quiet.  An error.
"""

from __future__ import annotations

import ast

from aeon_release.domain.audits.drift.fallbacks import isinstance_guarded, kind_ensured, match_ensured, runs_tested
from aeon_release.domain.audits.drift.pyindex import ClassInfo, External, Index
from aeon_release.domain.audits.drift.read_only import slot_names, stored
from aeon_release.domain.audits.source import NOT_LITERAL, last_name, lazy_pattern, literal_value

# an added upstream line declaring slots: ``@dataclass(slots=True)``, ``__slots__ = (...)``
SLOTS_LINE = lazy_pattern(r"\bslots[ \t]*=[ \t]*True\b|\b__slots__\b")
# bases outside the tree that add no ``__dict__`` to their subclasses' instances
_DICTLESS_BASES = frozenset({"object", "ABC", "Generic", "Protocol"})
# what a store to an undeclared name on a slotted instance raises, caught by these
CAUGHT = frozenset({"AttributeError", "Exception", "BaseException"})
# what a test asking whether instances keep a ``__dict__`` reads
_SHAPE_NAMES = frozenset({"__dict__", "__slots__"})


def without_dict(ix: Index, cls: ClassInfo) -> bool:
    """Instances of ``cls`` have no ``__dict__`` in ``ix``'s tree: every class of its order declares slots
    (none of them ``"__dict__"``) and routes no write through ``__setattr__``, and every base past the tree
    is one that adds no ``__dict__``."""
    for item in ix.mro(cls):
        if isinstance(item, External):
            if item.broken or item.opaque or item.name.rsplit(".", 1)[-1] not in _DICTLESS_BASES:
                return False
        elif not _declares_slots(item.node) or "__setattr__" in item.members:
            return False
    return True


def _declares_slots(node: ast.ClassDef) -> bool:
    """The class body declares ``__slots__`` (without ``"__dict__"``), or a ``@dataclass(slots=True)`` builds it."""
    for stmt in node.body:
        targets = (
            stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target] if isinstance(stmt, ast.AnnAssign) else []
        )
        if any(isinstance(t, ast.Name) and t.id == "__slots__" for t in targets):
            return "__dict__" not in slot_names(stmt)
    return any(
        isinstance(d, ast.Call)
        and last_name(d.func) == "dataclass"
        and any(k.arg == "slots" and isinstance(k.value, ast.Constant) and k.value.value is True for k in d.keywords)
        for d in node.decorator_list
    )


def declared(ix: Index, cls: ClassInfo, name: str) -> bool:
    """``name`` is a member of the class or a base of it (a field, a slot, a property, a method), or an
    attribute their methods set on ``self``: its slot or descriptor takes the write."""
    return any(
        isinstance(item, ClassInfo) and (name in item.members or name in item.instance or _slotted_name(item, name))
        for item in ix.mro(cls)
    )


def _slotted_name(cls: ClassInfo, name: str) -> bool:
    return any(name in slot_names(stmt) for stmt in cls.node.body)


def told_apart(node: ast.AST, receiver: ast.expr, order: set[str], parents: dict[int, ast.AST]) -> bool:
    """The store runs only where the fork told the receiver's kind apart: ``isinstance(receiver, K)`` holds for a
    class ``K`` whose last name is none of ``order``'s (the fork's own subclass keeps a ``__dict__``), or a test
    reading ``__dict__``/``__slots__`` decided it (either branch: the fork handles a slotted class and the old
    one).  The fork's code is then right on each side of upstream's change."""
    subject = ast.unparse(receiver)

    def other(name: str) -> bool:
        return name not in order

    # a test naming one of the class's order beside the fork's class (``isinstance(x, (Mine, Slotted))``) lets
    # the slotted instances through to the store: it tells nothing apart
    if isinstance_guarded(node, subject, other, parents, every=True) or kind_ensured(
        node, subject, other, parents, every=True
    ):
        return True
    if match_ensured(node, subject, other, parents):
        return True  # ``case AeonBlock():`` (every class of an or-pattern outside the order)
    return runs_tested(node, parents, _asks_shape, _asks_shape)


def _asks_shape(test: ast.expr) -> bool:
    """The test reads ``__dict__`` or ``__slots__`` (``hasattr(x, "__dict__")``, ``"__slots__" in vars(C)``)."""
    return any(
        (isinstance(n, ast.Constant) and n.value in _SHAPE_NAMES)
        or (isinstance(n, ast.Attribute) and n.attr in _SHAPE_NAMES)
        for n in ast.walk(test)
    )


def installed(module: ast.Module, order: set[str], name: str) -> bool:
    """The module sets ``name`` on one of the classes of ``order`` itself, to something other than a literal
    (``KVCacheBlock.aeon_tier = property(get, put)``, ``setattr(KVCacheBlock, "aeon_tier", ...)``): a descriptor
    the fork installs may take the instance's write (a plain literal there would not: that store stays an error)."""
    for node in ast.walk(module):
        if isinstance(node, ast.Assign) and literal_value(node.value) is NOT_LITERAL:
            if any(
                isinstance(t, ast.Attribute)
                and t.attr == name
                and isinstance(t.value, ast.Name)
                and t.value.id in order
                for t in node.targets
            ):
                return True
        elif isinstance(node, ast.Call) and (found := stored(node)) is not None and len(node.args) > 2:
            receiver, attr = found
            if attr == name and isinstance(receiver, ast.Name) and receiver.id in order:
                return literal_value(node.args[2]) is NOT_LITERAL
    return False
