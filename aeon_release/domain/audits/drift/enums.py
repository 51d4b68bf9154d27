"""Enum member values computed the way Python computes them, without importing anything.

``Enum``/``IntEnum``/``StrEnum``/``Flag``/``IntFlag`` classes (and subclasses of enums of the same
file) are read from source: explicit values, ``auto()`` (1, 2, 3... after the last value for Enum
and IntEnum, the next power of two for Flag, the lower-cased name for StrEnum), constant
expressions over earlier members (``A | B``, ``1 << 3``), aliases (a later member with an earlier
value).  A class that overrides ``_generate_next_value_`` has unknown ``auto()`` values: it is
reported as such instead of guessed.
"""

from __future__ import annotations

import ast
import enum
import operator
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from aeon_release.domain.audits.memo import Memo
from aeon_release.domain.audits.source import lazy_pattern, parse_blocks, parse_python, walk_defs


class Kind(enum.Enum):
    ENUM = "enum"  # Enum, IntEnum: auto() counts up from the last value
    FLAG = "flag"  # Flag, IntFlag: auto() is the next power of two
    STR = "str"  # StrEnum: auto() is the lower-cased name


Value = int | str | bytes | None  # None: not computable from source; bytes: a wire code (``b"\x02"``)


@dataclass(frozen=True)
class EnumClass:
    name: str  # qualified within its module: ``Outer.Inner`` or ``RequestStatus``
    kind: Kind
    int_based: bool  # IntEnum/IntFlag (or an ``int`` mixin): members compare equal to ints
    members: dict[str, Value] = field(default_factory=dict)
    lines: dict[str, int] = field(default_factory=dict)
    unknown: str | None = None  # why auto() values cannot be known (a custom _generate_next_value_)

    @property
    def short(self) -> str:
        return self.name.rsplit(".", 1)[-1]

    def member_of(self, value: int | str | bytes) -> str | None:
        """The canonical member (the first one, as Python resolves aliases) with this value."""
        return next((m for m, v in self.members.items() if v == value and type(v) is type(value)), None)


_CLASS_HEADER = lazy_pattern(r"^[ \t]*class[ \t]+(\w+)[ \t]*\(((?:[^()]|\([^()]*\))*)\)[ \t]*:", re.M)
_FLAG_BASES = frozenset({"Flag", "IntFlag"})
_ENUM_BASES = frozenset({"Enum", "IntEnum", "StrEnum", "ReprEnum", *_FLAG_BASES})
_INT_BASES = frozenset({"IntEnum", "IntFlag", "int"})
_BINOPS: dict[type[ast.operator], Callable[[int, int], int]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.BitOr: operator.or_,
    ast.BitAnd: operator.and_,
    ast.LShift: operator.lshift,
    ast.RShift: operator.rshift,
    ast.Pow: operator.pow,
    ast.FloorDiv: operator.floordiv,
    ast.BitXor: operator.xor,
}


def enums_of(text: str) -> dict[str, EnumClass]:
    """Every enum class of a module's source; {} when the source does not parse.

    Only the enum classes' blocks are parsed (a text scan finds them, and the classes deriving from
    them); nested enums are then named by their own name.  When a block does not parse alone, the
    whole module is parsed and names are qualified (``Outer.Inner``).
    """
    names = _enum_class_names(text)
    if not names:
        return {}
    alternatives = "|".join(sorted(map(re.escape, names)))
    nodes = parse_blocks(text, rf"^([ \t]*)class[ \t]+(?:{alternatives})\b")
    if nodes is None:
        module = parse_python(text)
        return enums_of_module(module) if module is not None else {}
    return enums_of_module(ast.Module(body=nodes, type_ignores=[]))


def _enum_class_names(text: str) -> set[str]:
    """Classes whose bases name an enum base, or (transitively) such a class of the same file."""
    headers = [(m.group(1), m.group(2)) for m in _CLASS_HEADER.finditer(text)]
    known = {name for name, bases in headers if re.search(r"\b(?:\w*Enum|\w*Flag)\b", bases)}
    for _ in range(3):
        grown = {name for name, bases in headers if any(re.search(rf"\b{re.escape(k)}\b", bases) for k in known)}
        if grown <= known:
            break
        known |= grown
    return known


def enums_of_module(module: ast.Module) -> dict[str, EnumClass]:
    found: dict[str, EnumClass] = {}
    for qualname, node in walk_defs(module):
        if isinstance(node, ast.ClassDef):
            kind = _kind(node, found)
            if kind is not None:
                found[qualname] = _evaluate(qualname, node, kind, _int_based(node, found))
    return found


def _base_names(node: ast.ClassDef) -> list[str]:
    names = []
    for base in node.bases:
        if isinstance(base, ast.Name):
            names.append(base.id)
        elif isinstance(base, ast.Attribute):
            names.append(base.attr)
    return names


def _kind(node: ast.ClassDef, known: dict[str, EnumClass]) -> Kind | None:
    by_short = {e.short: e for e in known.values()}
    for base in _base_names(node):
        if base in _FLAG_BASES:
            return Kind.FLAG
        if base == "StrEnum":
            return Kind.STR
        if base in _ENUM_BASES:
            return Kind.ENUM
        if base in by_short:
            return by_short[base].kind
    return None


def _int_based(node: ast.ClassDef, known: dict[str, EnumClass]) -> bool:
    by_short = {e.short: e for e in known.values()}
    return any(b in _INT_BASES or (b in by_short and by_short[b].int_based) for b in _base_names(node))


def _evaluate(qualname: str, node: ast.ClassDef, kind: Kind, int_based: bool) -> EnumClass:
    result = EnumClass(qualname, kind, int_based, unknown=_custom_next_value(node))
    for name, value_node, line in _member_statements(node):
        result.members[name] = _value(value_node, name, kind, result)
        result.lines[name] = line
    return result


def _custom_next_value(node: ast.ClassDef) -> str | None:
    for stmt in node.body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.name == "_generate_next_value_":
            return f"{node.name} overrides _generate_next_value_ (line {stmt.lineno}): its auto() values are unknown"
    return None


def _member_statements(node: ast.ClassDef) -> Iterator[tuple[str, ast.expr, int]]:
    """``NAME = value`` statements of the class body that define members (not ``_sunder_``/dunder names)."""
    for stmt in node.body:
        if isinstance(stmt, ast.Assign) and stmt.targets:
            targets = [t.id for t in stmt.targets if isinstance(t, ast.Name)]
            for target in targets:
                if not target.startswith("_"):
                    yield target, stmt.value, stmt.lineno
        elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.value is not None:
            if not stmt.target.id.startswith("_"):
                yield stmt.target.id, stmt.value, stmt.lineno


def _value(node: ast.expr, name: str, kind: Kind, cls: EnumClass) -> Value:
    if cls.int_based and isinstance(node, ast.Tuple) and len(node.elts) == 1:
        node = node.elts[0]  # a mixin enum passes a tuple value as the int's arguments: ``(2,)`` is 2
    if cls.int_based and isinstance(node, ast.Constant) and type(node.value) is float and node.value.is_integer():
        return int(node.value)  # the int mixin truncates the value it is given: ``6.0`` is the member 6
    if _is_auto(node):
        return _auto(name, kind, cls)
    if (
        isinstance(node, ast.Constant)
        and isinstance(node.value, (int, str, bytes))
        and not isinstance(node.value, bool)
    ):
        return node.value
    try:
        return _fold(node, cls.members)
    except (ValueError, ZeroDivisionError, OverflowError):
        return None


def _is_auto(node: ast.expr) -> bool:
    if not isinstance(node, ast.Call) or node.args or node.keywords:
        return False
    func = node.func
    return (isinstance(func, ast.Name) and func.id == "auto") or (
        isinstance(func, ast.Attribute) and func.attr == "auto"
    )


def _auto(name: str, kind: Kind, cls: EnumClass) -> Value:
    if cls.unknown is not None:
        return None
    if kind is Kind.STR:
        return name.lower()
    values = list(cls.members.values())
    if any(v is None for v in values):
        return None  # after a value we could not compute, the count is lost
    ints = [v for v in values if type(v) is int]
    if len(ints) != len(values):
        return None
    if kind is Kind.FLAG:
        return 2 ** max(ints).bit_length() if ints else 1
    if not ints:
        return 1
    if ints[-1] != max(ints):
        return None  # Python < 3.13 and >= 3.13 disagree here (last + 1 vs highest + 1): not guessed
    return ints[-1] + 1


def _fold(node: ast.expr, members: dict[str, Value]) -> int:
    """A constant integer expression over literals and earlier members (``A | B``, ``1 << 4``, ``-1``)."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.Name) and type(members.get(node.id)) is int:
        return members[node.id]  # type: ignore[return-value]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd, ast.Invert)):
        inner = _fold(node.operand, members)
        return -inner if isinstance(node.op, ast.USub) else ~inner if isinstance(node.op, ast.Invert) else inner
    if isinstance(node, ast.BinOp) and type(node.op) in _BINOPS:
        left, right = _fold(node.left, members), _fold(node.right, members)
        if isinstance(node.op, ast.Pow) and right > 64:
            raise ValueError("too large")
        return _BINOPS[type(node.op)](left, right)
    raise ValueError("not a constant")


@dataclass(frozen=True)
class Renumbered:
    """A member whose value differs between the merge base and upstream."""

    path: str  # the module that defines the enum
    enum: EnumClass  # upstream's (theirs) class
    member: str
    old: int | str | bytes  # a number, or a string (bytes) member's value (``"flash"``, ``b"\x02"``)
    new: Value  # None: upstream removed the member
    # attributes the enum's own module keeps a member in (``self.status = SequenceStatus.WAITING``,
    # ``status: SequenceStatus``): ``seq.status`` holds the enum wherever the module's class is used
    attributes: frozenset[str] = frozenset()

    @property
    def label(self) -> str:
        return f"{self.enum.short}.{self.member}"


def _renumbered(path: str, base_text: str, theirs_text: str) -> tuple[list[Renumbered], list[EnumClass]]:
    """Members with a different value in ``theirs`` than in ``base``; and classes whose values are unknown."""
    before, after = enums_of(base_text), enums_of(theirs_text)
    changed: list[Renumbered] = []
    unknown: list[EnumClass] = []
    for name, old_cls in before.items():
        new_cls = after.get(name)
        if new_cls is None:
            continue
        if new_cls.unknown is not None and new_cls.members != old_cls.members:
            unknown.append(new_cls)
            continue
        attributes: frozenset[str] | None = None  # scanned for a class with a changed member only (most have none)
        for member, old in old_cls.members.items():
            new = new_cls.members.get(member)
            if isinstance(old, (int, str, bytes)) and new != old and (new is not None or member not in new_cls.members):
                if attributes is None:
                    attributes = member_attributes(theirs_text, new_cls.short)
                changed.append(Renumbered(path, new_cls, member, old, new, attributes))
    return changed, unknown


def member_attributes(text: str, short: str) -> frozenset[str]:
    """Attributes the module assigns a member of ``short`` (``self.x = Short.M``) or annotates with it
    (``x: Short``, ``x: Optional[Short]`` in a class body or on ``self``): a text scan."""
    name = re.escape(short)
    assigned = re.findall(rf"\bself\.(\w+)[ \t]*(?::[^=\n]*)?=[ \t]*{name}\.[A-Z_]\w*[ \t]*$", text, re.M)
    annotated = re.findall(
        rf"^[ \t]+(?:self\.)?(\w+)[ \t]*:[ \t]*(?:Optional\[)?{name}\b\]?(?:[ \t]*\|[ \t]*None)?[ \t]*(?:=|$)",
        text,
        re.M,
    )
    return frozenset(assigned) | frozenset(annotated)


# Upstream's renumbered enums depend on the base and the tag alone: computed once per process.
renumbered = Memo(_renumbered)
