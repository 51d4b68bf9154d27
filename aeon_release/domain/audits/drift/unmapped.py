"""A mapping made a record: upstream made a function return one of its own classes where it returned a dict.

#50334 made ``convert_tool_responses_to_completions_format(tool) -> dict`` (``{"type": "function", "function":
tool}``) return a ``ChatCompletionToolsParam``, a pydantic model of the project.  A fork line
``convert_tool_responses_to_completions_format(tool)["function"]["name"]`` or ``converted.get("function")``
merges cleanly and raises TypeError or AttributeError on the first call: a model is no mapping.  Result kind
drift (``result_kinds.py``) tells numbers, strings and sequences apart, and ``returned_members.py`` reads one
class named for another; a builtin mapping on the old side is neither's.

Narrow on purpose, so that a miss is the price rather than a false error: the old annotation is a mapping
(``dict``, ``Dict``, ``Mapping``, ``MutableMapping``, ``OrderedDict``, ``defaultdict``, subscripted or not,
``Optional`` aside); the new one is one class of upstream's tree with no metaclass keyword, whose whole order
is tree classes and outside bases known to lack what the use needs: ``object``, ``ABC`` and ``Generic`` lack
all of a mapping's protocol; pydantic's ``BaseModel`` lacks item access, ``len()`` and the dict methods (it
iterates its fields, so a ``for`` over it stays quiet).  A ``TypedDict``, a ``NamedTuple``, a ``RootModel``, a
``UserDict`` or any other outside base may still answer: not read.  No class along the order defines (or
patches on after its body, or makes up in ``__getattr__``) the member the use needs -- ``__getitem__`` for an
index, ``__len__`` for ``len()``, ``__iter__`` for iteration, the method for a dict method -- no subclass of
upstream's or of the fork's defines it, and the class is no abstract one.

The use is the fork's (``result_kinds.result_uses``): the call's own (``f(x)["k"]``) or that of the name bound
once to it in the same function, outside an ``isinstance`` test of the name, a ``try`` catching the error the
use raises, a ``hasattr`` guard of the method, and the branch where a ``hasattr`` test of the name failed (``if
hasattr(d, "function"): return d.function.name`` then ``d["function"]["name"]``: the fork's way for both kinds).
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from aeon_release.domain.audits.drift.result_kinds import Use
from aeon_release.domain.audits.drift.returned_members import outer_name
from aeon_release.domain.audits.source import lazy_pattern, parsed_expression

_MAPPINGS = frozenset({"dict", "Dict", "Mapping", "MutableMapping", "OrderedDict", "defaultdict"})
# the dict methods a list lacks (result_kinds reports a read of those only): each a model or plain class lacks too
_DICT_METHODS = frozenset({"get", "items", "keys", "values", "update", "setdefault", "popitem"})
_NEEDS = {"indexes": "__getitem__", "takes len() of": "__len__", "iterates": "__iter__"}
_READ = lazy_pattern(r"reads \.(\w+) of it")
# what each outside base known here lacks; any other outside base may have it
_PLAIN = frozenset({"__getitem__", "__len__", "__iter__", *_DICT_METHODS})
_LACKED_BY = {
    "object": _PLAIN,
    "ABC": _PLAIN,
    "Generic": _PLAIN,
    "BaseModel": frozenset({"__getitem__", "__len__", *_DICT_METHODS}),
}
_EFFECTS = {
    "__getitem__": "indexes it, which raises TypeError",
    "__len__": "takes len() of it, which raises TypeError",
    "__iter__": "iterates it, which raises TypeError",
}

# (the new class's name, the member the use needs) -> the class's label when its order lacks the member
MappingLacks = Callable[[str, str], str | None]


def needed(use: Use) -> str | None:
    """The member a use of a mapping needs of the value (``__getitem__``, ``get``...), or None for another use
    or one the fork guards (a ``try`` catching the TypeError, a probed read, the branch where a ``hasattr``
    test of the name failed)."""
    if use.element is not None or use.ducked:
        return None
    if use.how in _NEEDS:
        return None if use.caught else _NEEDS[use.how]
    read = _READ.fullmatch(use.how)
    if read is None or read.group(1) not in _DICT_METHODS or use.probed:
        return None
    return read.group(1)


def outside_lacks(name: str, member: str) -> bool:
    """Whether the outside base ``name`` (dotted or not) is known to lack ``member``."""
    return member in _LACKED_BY.get(name.rsplit(".", 1)[-1], frozenset())


def _mapping(annotation: ast.expr | None) -> bool:
    node = annotation
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        node = parsed_expression(node.value)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        sides = [s for s in (node.left, node.right) if not (isinstance(s, ast.Constant) and s.value is None)]
        node = sides[0] if len(sides) == 1 else None
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == "Optional":
        node = node.slice
    if isinstance(node, ast.Subscript):
        node = node.value
    name = node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else ""
    return name in _MAPPINGS


def unmapped(before: ast.AST, after: ast.AST, use: Use, lacks: MappingLacks) -> str | None:
    """What ``use`` of the result does now that ``before`` -> ``after`` (defs) made a returned mapping one of
    the project's classes, or None."""
    defs = (ast.FunctionDef, ast.AsyncFunctionDef)
    if not isinstance(before, defs) or not isinstance(after, defs) or not _mapping(before.returns):
        return None
    member = needed(use)
    new = outer_name(after.returns)
    if member is None or not new or _mapping(after.returns) or new in _MAPPINGS:
        return None
    label = lacks(new, member)
    if label is None:
        return None
    was, now = ast.unparse(before.returns), ast.unparse(after.returns)  # type: ignore[arg-type]
    effect = _EFFECTS.get(member) or f"reads .{member} of it, which {label} has not: AttributeError"
    return (
        f"upstream made it return {now} where it returned {was}: a {label} is no mapping, and this line "
        f"{effect}; read the fields"
    )
