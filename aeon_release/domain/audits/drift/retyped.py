"""Type drift: upstream made a ``str`` an enum; fork-owned code still treats the value as a string.

``mamba_type: str = "mamba2"`` became ``mamba_type: MambaAttentionBackendEnum = ...MAMBA2`` (#41188),
and every def that returned ``"mamba2"`` returns the member now.  A fork line ``spec.mamba_type ==
"mamba2"`` merges cleanly and is never true again (a plain ``Enum`` member equals no string); a fork
override that still returns ``"mamba2"`` hands upstream's callers a string where they expect the
member; a fork call that passes ``"mamba2"`` for the parameter does the same.

Upstream's side: the Python files whose diff removed a ``str`` annotation (``name: str``, ``-> str``);
those are parsed at the base and at upstream, and a field, parameter or return whose annotation went
from ``str`` (``str | None``, ``Optional[str]``) to a class that is an enum without a ``str`` mixin
(found in the file or through its import) is retyped.  The fork's side: its files whose added lines hold
a string literal and a retyped name; on lines it wrote, a comparison of the name (``x.name``, ``x.name()``)
with a string, a keyword or positional argument of a string for the retyped parameter or field, and a
``return "..."`` in an override (a method of that name in a class deriving from one that retyped it).

The same drift of a container: upstream changed the kind a field or a method's return is annotated as
(``Dict[int, int]`` -> ``List[Tuple[int, int]]``, #4659; ``List[SequenceGroup]`` -> ``Deque[...]``,
#2290), and a fork line calls on it a method the old kind has and the new one lacks (``.items()`` of a
list, ``.sort()`` or ``.pop(0)`` of a deque) or slices a deque: it raises on first use.  The value is
read through a receiver typed as the owning class (``self`` in a subclass, an annotated parameter, a
local built by the class) or a local bound once to such a read or call; fields annotated in a method
(``self.waiting: List[...] = []``) count as the class's.  A field made a number where it was a container
(#20529: ``self.num_prompt_tokens: list[int] = []`` -> ``: int = 0``) is the same drift: a list method,
``len()``/``sum()`` of it or a ``for`` over it raises (a return's is result kind drift's).  A kind widened
to a union of two (#22534: ``RequestFuncInput.multi_modal_content: Optional[dict]`` became ``Optional[dict |
list[dict]]``) is the same drift whenever the value holds the added kind: ``.get("type")`` of a list raises.
An operator the new kind refuses is too (killers130, ``operand_kinds``): ``self.waiting + [group]`` once the
field is a deque (a deque adds only a deque); an augmented assignment by the in-place form (a deque's ``+=``
extends with any iterable, as a list's did).
"""

from __future__ import annotations

import ast
import collections
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from types import UnionType

from aeon_release.domain.audits.drift import pyindex as px
from aeon_release.domain.audits.drift.enums import Kind, enums_of
from aeon_release.domain.audits.drift.fallbacks import (
    caught_around,
    hasattr_asked,
    hasattr_held,
    isinstance_asked,
    isinstance_guarded,
    isinstance_refuted,
    kind_ensured,
    match_refuted,
    runs_tested,
    type_of,
    version_gated,
)
from aeon_release.domain.audits.drift.operand_kinds import operands, refused
from aeon_release.domain.audits.drift.own_fields import (
    ForkTypes,
    OwnFields,
    assigned,
    base_names,
    enclosing,
    file_classes,
    receiver_names,
    set_in,
    written_scope,
)
from aeon_release.domain.audits.drift.returns import attribute_readers, attributes_read, own_nodes
from aeon_release.domain.audits.drift.sides import ThreeTrees, both_texts, fork_added, parsed_texts
from aeon_release.domain.audits.drift.signatures import decorator_names
from aeon_release.domain.audits.drift.union_slots import _sides
from aeon_release.domain.audits.merge_rules import TYPE_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, parent_map, parsed_expression, walk_spanning

# a removed line that annotates something ``str`` (``name: str``, ``def name(...) -> str``, ``) -> str``);
# from a newline, as a diff's lines are searched here (a file's diff opens with its header line): ``^``
# under re.M is tried at every character of every diff, the newline is found by a fast scan
_STR_LINE = lazy_pattern(r"\n(-[^\n]*(?::|->)[ \t]*(?:Optional\[)?str\b[^\n]*)")
_ANNOTATION = lazy_pattern(r"\b(\w+)[ \t]*:[ \t]*(?:Optional\[)?([A-Za-z_]\w*)")
_RETURN = lazy_pattern(r"(?:\bdef[ \t]+(\w+)[^\n]*?|^[-+][ \t]*\)[ \t]*)->[ \t]*(?:Optional\[)?([A-Za-z_]\w*)")
_STR_TYPES = frozenset({"str", "str | None", "None | str", "Optional[str]"})
_STRING = lazy_pattern(r"""["']""")


@dataclass(frozen=True)
class Retyped:
    """A name whose annotation upstream changed from ``str`` to ``enum``."""

    name: str
    enum: str  # the enum class's name
    path: str  # upstream's file
    owners: frozenset[str] = frozenset()  # the classes that declare it (a field, a method)
    function: str = ""  # a parameter's function
    index: int = -1  # a parameter's position among the call's arguments (self left out)
    values: frozenset[str] = field(default_factory=frozenset)  # the enum's string values


@dataclass
class _Found:
    fields: dict[str, Retyped] = field(default_factory=dict)  # fields and returns (read as ``x.name``)
    params: dict[str, list[Retyped]] = field(default_factory=dict)  # function name -> its parameters


def type_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    if not trees.mine:
        return []
    added = fork_added(trees)
    return _enum_drift(trees, pr_pattern, added) + _container_drift(trees, pr_pattern, added)


def _enum_drift(trees: ThreeTrees, pr_pattern: str, added: list[str]) -> list[Finding]:
    """``added``: the lines of Python the fork added (both halves of type drift read them)."""
    if not any(_STRING.search(line) for line in added):
        return []  # a use compares with a string on a line the fork added: with none, upstream is not read
    pairs = {p: got for p in trees.upstream.matching(_STR_LINE, ".py") if (got := _pairs(trees.upstream.raw(p)))}
    enums = _plain_enums(trees, pairs)
    candidates = sorted(p for p, got in pairs.items() if any(cls in enums for _, cls in got))
    if not candidates:
        return []
    found = _retyped(trees, candidates, {p: {name for name, _ in pairs[p]} for p in candidates})
    if not found.fields and not found.params:
        return []
    names = set(found.fields) | set(found.params) | {r.name for rs in found.params.values() for r in rs}
    named = re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, names))) + r")\b")

    findings = []
    for path in sorted(p for p in trees.mine if p.endswith(".py")):
        lines = trees.mine[path].added.values()
        if not any(_STRING.search(line) for line in lines) or not any(named.search(line) for line in lines):
            continue  # a comparison with a string, of a name upstream retyped: only such files are parsed
        module = trees.merged_module(path)
        if module is not None:
            findings += [
                _finding(trees, path, line, r, how, pr_pattern)
                for line, r, how in _uses(module, trees.owned_lines(path), found)
            ]
    return findings


# -- upstream's side ------------------------------------------------------------------------------------
def _pairs(diff: str) -> set[tuple[str, str]]:
    """(name, class): the diff removes a ``str`` annotation of the name and adds the class's annotation of
    it (a return whose def line holds no name pairs as ``)``).  The removed ``str`` lines are found first;
    only the added lines that name one of theirs are read."""
    removed = {
        name for line in _STR_LINE.findall(diff) for name, annotation in _annotations(line) if annotation == "str"
    }
    if not removed:
        return set()
    words = "|".join(sorted(map(re.escape, removed - {")"}))) or "(?!)"
    named = re.compile(rf"^\+[^\n]*(?:\b(?:{words})\b|\)[ \t]*->)[^\n]*", re.M)
    return {
        (name, annotation)
        for line in named.findall(diff)
        for name, annotation in _annotations(line)
        if name in removed and annotation[:1].isupper()
    }


def _annotations(line: str) -> list[tuple[str, str]]:
    return [*_ANNOTATION.findall(line), *((fn or ")", t) for fn, t in _RETURN.findall(line))]


def _plain_enums(trees: ThreeTrees, pairs: dict[str, set[tuple[str, str]]]) -> set[str]:
    """Of the classes paired in these files, those defined (in the file, or in the module it imports the
    class from) as an enum without a ``str`` mixin: the files' and those modules' texts at upstream."""
    texts = trees.blobs(trees.theirs, sorted(pairs))
    homes: dict[str, set[str]] = {}
    for path, found in pairs.items():
        for cls in {c for _, c in found}:
            where = _import_source(texts[path] or "", cls)
            homes.setdefault(cls, set()).update(
                [path] if where is None else [where, where.removesuffix(".py") + "/__init__.py"]
            )
    sources = trees.blobs(trees.theirs, sorted({p for ps in homes.values() for p in ps}))
    plain = set()
    for cls, paths in homes.items():
        for path in paths:
            for name, bases in _CLASS_HEADER.findall(sources.get(path) or ""):
                if name == cls and re.search(r"Enum\b", bases) and not re.search(r"\bstr\b|StrEnum", bases):
                    plain.add(cls)
    return plain


_CLASS_HEADER = lazy_pattern(r"^[ \t]*class[ \t]+(\w+)[ \t]*\(([^)]*)\)", re.M)


def _retyped(trees: ThreeTrees, paths: list[str], paired: dict[str, set[str]]) -> _Found:
    """The fields, returns and parameters of ``paths`` upstream retyped from ``str`` to a plain enum; a field
    a method declares (``self.name: T``) only when the diff paired its name (``paired``, per path): its
    methods are walked for such fields only then (most of a large module's nodes)."""
    found = _Found()
    values_of: dict[tuple[str, str], frozenset[str] | None] = {}  # (file, enum): read once, not once a name
    for both in parsed_texts(trees, paths):
        path = both.path
        fields = bool(_attr_annotations(both.old_text, both.new_text) & paired[path])
        old = dict(_annotated(both.old, fields))
        for key, (annotation, owner, index) in _annotated(both.new, fields):
            was = old.get(key)
            enum = _enum_name(annotation)
            if was is None or enum is None or ast.unparse(was[0]) not in _STR_TYPES:
                continue
            if (path, enum) not in values_of:
                values_of[path, enum] = _plain_enum_values(trees, path, both.new_text, enum)
            values = values_of[path, enum]
            if values is None:
                continue
            kind, name = key[0], key[-1]
            if kind == "param":
                found.params.setdefault(key[1], []).append(
                    Retyped(name, enum, path, function=key[1], index=index, values=values)
                )
            else:
                prior = found.fields.get(name)
                owners = frozenset({owner} | (prior.owners if prior else frozenset()))
                found.fields[name] = Retyped(name, enum, path, owners, values=values)
    return found


def _attr_annotations(*texts: str | None) -> set[str]:
    """The attribute names a text annotates (``self.name: T``, ``(self.name): T``): a module without one
    has no field a method declares, and its methods are not walked for them (most of a large file's nodes)."""
    return {name for text in texts for name in _ATTR_ANNOTATION.findall(text or "")}


_ATTR_ANNOTATION = lazy_pattern(r"\.(\w+)\)?[ \t]*:")


def _annotated(module: ast.Module, fields: bool = True) -> Iterator[tuple[tuple[str, ...], tuple[ast.expr, str, int]]]:
    """(("field", Class, name) | ("return", Class, name) | ("param", function, name), (annotation, owner, position)).
    ``fields``: also the fields a method annotates on its object (``self.name: T = ...``)."""
    scopes: list[ast.ClassDef | ast.Module] = [*file_classes(module.body), module]
    for cls in scopes:
        owner = cls.name if isinstance(cls, ast.ClassDef) else ""
        for stmt in cls.body:
            if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and owner:
                yield ("field", owner, stmt.target.id), (stmt.annotation, owner, -1)
            elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if stmt.returns is not None and owner:  # a property's return is read as a field (#40143)
                    read = "field" if decorator_names(stmt) & _PROPERTIES else "return"
                    yield (read, owner, stmt.name), (stmt.returns, owner, -1)
                for attr, annotation in _instance_fields(stmt) if owner and fields else ():
                    yield ("field", owner, attr), (annotation, owner, -1)
                args = [*stmt.args.posonlyargs, *stmt.args.args]
                skip = 1 if owner and args and args[0].arg in ("self", "cls") else 0
                for i, arg in enumerate(args[skip:]):
                    if arg.annotation is not None:
                        yield ("param", stmt.name, arg.arg), (arg.annotation, owner, i)
                for arg in stmt.args.kwonlyargs:
                    if arg.annotation is not None:
                        yield ("param", stmt.name, arg.arg), (arg.annotation, owner, -1)


_PROPERTIES = frozenset({"property", "cached_property"})


def _instance_fields(method: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[tuple[str, ast.expr]]:
    """``self.name: T = ...`` in a method's own body (not a nested function's): a field of the class."""
    me = method.args.args[0].arg if method.args.args else None
    for node in own_nodes(method.body):
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Attribute)
            and isinstance(node.target.value, ast.Name)
            and node.target.value.id == me
        ):
            yield node.target.attr, node.annotation


def _enum_name(annotation: ast.expr) -> str | None:
    """The class an annotation names, ``None`` unions and ``Optional`` aside (a capitalised name)."""
    name = last_name(_unwrapped(annotation))
    return name if name[:1].isupper() and name not in ("Any", "Literal") else None


def _unwrapped(annotation: ast.expr) -> ast.expr:
    """An annotation without its ``None`` union or ``Optional[...]``."""
    node = annotation
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        sides = [s for s in (node.left, node.right) if not (isinstance(s, ast.Constant) and s.value is None)]
        node = sides[0] if len(sides) == 1 else node
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == "Optional":
        node = node.slice
    return node


def _plain_enum_values(trees: ThreeTrees, path: str, text: str, name: str) -> frozenset[str] | None:
    """The string values of ``name`` when it is an enum that no string equals (no ``str`` mixin, not a
    ``StrEnum``), defined in ``text`` or in the module it imports the name from; else None."""
    where = _import_source(text, name)
    source = text
    if where is not None:
        package = where.removesuffix(".py") + "/__init__.py"
        texts = trees.blobs(trees.theirs, [where, package])
        source = texts[where] or texts[package] or ""
    if not source:
        return None
    cls = enums_of(source).get(name)
    header = re.search(rf"^[ \t]*class[ \t]+{re.escape(name)}[ \t]*\(([^)]*)\)", source, re.M)
    if cls is None or cls.kind is not Kind.ENUM or cls.int_based or header is None:
        return None
    if re.search(r"\bstr\b", header.group(1)):
        return None  # ``class E(str, Enum)``: its members equal their strings
    return frozenset(v for v in cls.members.values() if isinstance(v, str))


def _import_source(text: str, name: str) -> str | None:
    """``from a.b import Name`` -> ``a/b.py`` (None: not imported by a from-import)."""
    found = re.search(
        rf"^[ \t]*from[ \t]+([\w.]+)[ \t]+import[ \t]+(?:\([^)]*|[^\n]*)\b{re.escape(name)}\b", text, re.M
    )
    return found.group(1).replace(".", "/") + ".py" if found is not None else None


# -- the fork's side -------------------------------------------------------------------------------------
def _uses(module: ast.Module, owned: set[int], found: _Found) -> Iterator[tuple[int, Retyped, str]]:
    own = OwnFields(module)
    for node in walk_spanning(module, owned):
        line = getattr(node, "lineno", 0)
        if line not in owned:
            continue
        if isinstance(node, ast.Compare):
            hits = _compared(node, found, partial(own.holds, at=node))
            yield from (h for h in hits if not _names_the_enum(written_scope(node, own.parents), h[1]))
        elif isinstance(node, ast.Call):
            yield from _passed(node, found)
        elif isinstance(node, ast.Return) and _strings(node.value):
            hit = _override(node, own.parents, found)
            if hit is not None:
                yield line, hit, f"returns {ast.unparse(node.value)} from an override of {hit.name}"  # type: ignore[arg-type]


def _compared(
    node: ast.Compare, found: _Found, own: Callable[[ast.Attribute], bool]
) -> Iterator[tuple[int, Retyped, str]]:
    sides = [node.left, *node.comparators]
    if not any(isinstance(op, (ast.Eq, ast.NotEq, ast.In, ast.NotIn)) for op in node.ops):
        return
    for side in sides:
        read = side.func if isinstance(side, ast.Call) else side
        if isinstance(read, ast.Attribute) and read.attr in found.fields and not own(read):
            strings = [s for s in sides if s is not side and _strings(s)]
            if strings:
                hit = found.fields[read.attr]
                yield node.lineno, hit, f"compares {ast.unparse(side)} with {ast.unparse(strings[0])}"
                return


def _passed(call: ast.Call, found: _Found) -> Iterator[tuple[int, Retyped, str]]:
    callee = (
        call.func.attr
        if isinstance(call.func, ast.Attribute)
        else call.func.id
        if isinstance(call.func, ast.Name)
        else ""
    )
    for param in found.params.get(callee, []):
        given = call.args[param.index] if 0 <= param.index < len(call.args) else None
        given = given or next((k.value for k in call.keywords if k.arg == param.name), None)
        if given is not None and _strings(given) and not _member_values(given, param):
            yield call.lineno, param, f"passes {ast.unparse(given)} to {callee}() for {param.name}"
    for keyword in call.keywords:
        hit = found.fields.get(keyword.arg or "")
        if (
            hit is not None
            and callee in hit.owners
            and _strings(keyword.value)
            and not _member_values(keyword.value, hit)
        ):
            yield call.lineno, hit, f"passes {keyword.arg}={ast.unparse(keyword.value)} to {callee}()"


def _override(node: ast.Return, parents: dict[int, ast.AST], found: _Found) -> Retyped | None:
    func = enclosing(node, parents)
    cls = parents.get(id(func)) if func is not None else None
    hit = found.fields.get(func.name) if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)) else None
    if hit is None or not isinstance(cls, ast.ClassDef):
        return None
    return hit if base_names(cls) & hit.owners else None


def _names_the_enum(scope: ast.AST, hit: Retyped) -> bool:
    """The function the comparison sits in also reads a member of the enum (``x.f == "mamba2" or x.f ==
    MambaAttentionBackendEnum.MAMBA2``): it is written for both sides of the change."""
    return any(
        isinstance(node, ast.Attribute) and ast.unparse(node.value).rsplit(".", 1)[-1] == hit.enum
        for node in ast.walk(scope)
    )


def _strings(node: ast.expr | None) -> bool:
    """A string literal, or a display of them (``("mamba1", "mamba2")``)."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return bool(node.elts) and all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts)
    return False


def _member_values(node: ast.expr, hit: Retyped) -> bool:
    """A string that is one of the enum's values: a validating config may still turn it into the member."""
    return isinstance(node, ast.Constant) and node.value in hit.values


def _finding(trees: ThreeTrees, path: str, line: int, hit: Retyped, how: str, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(hit.path, rf"\b{re.escape(hit.enum)}\b", pr_pattern)
    message = (
        f"fork-owned line {how}, but upstream made {hit.name} a {hit.enum} ({hit.path}{commit}), an enum no "
        f"string equals: the comparison is never true and a string handed on is not the member upstream's "
        f"code expects; use {hit.enum}'s member"
    )
    return Finding(RULE, "merge", Severity.ERROR, path, line, message)


# -- containers: a field or a return upstream annotated as another kind of container ---------------------
_CONTAINERS = {
    **dict.fromkeys(("Dict", "dict", "DefaultDict", "defaultdict", "OrderedDict", "Mapping", "MutableMapping"), "dict"),
    **dict.fromkeys(("List", "list"), "list"),
    **dict.fromkeys(("Deque", "deque"), "deque"),
    **dict.fromkeys(("Tuple", "tuple"), "tuple"),
    **dict.fromkeys(("Set", "set", "MutableSet"), "set"),
    **dict.fromkeys(("FrozenSet", "frozenset"), "frozenset"),
}
# container drift's kinds also hold the array (a tensor, an ndarray): #29723 made MedusaProposer.propose's
# list[list[int]] a tensor (``_container`` stays the builtin containers: element drift reads an array apart)
# and the scalars: #20529 made LoggingStatLogger's ``self.num_prompt_tokens: list[int] = []`` an ``int = 0``,
# and a fork subclass's ``self.num_prompt_tokens.append(n)`` raises.  Only a change with a container or an
# array on one side counts (``int`` -> ``float`` is mostly an annotation widened over the same values).
_SCALARS = ("int", "float", "bool", "str", "bytes")
_KINDS_HELD = {**_CONTAINERS, **dict.fromkeys(("Tensor", "ndarray"), "array"), **{k: k for k in _SCALARS}}
_TYPES: dict[str, type] = {
    "dict": dict,
    "list": list,
    "deque": collections.deque,
    "tuple": tuple,
    "set": set,
    "frozenset": frozenset,
    "int": int,
    "float": float,
    "bool": bool,
    "str": str,
    "bytes": bytes,
}
_OFFERS = {kind: frozenset(n for n in dir(t) if not n.startswith("_")) for kind, t in _TYPES.items()}
# of the builtin containers' methods, those an array has too (an ndarray's copy and sort; a tensor sorts):
# none of append, extend, insert, pop, remove, clear, index, count, items, keys ...; and the methods of a
# tensor or an ndarray no builtin kind has, which a value upstream made a builtin kind lacks (#40143 made
# PlaceholderRange.embeds_cumsum's ``torch.Tensor`` a ``list[int]``: ``.to(device)`` of it raises)
_ARRAY_ONLY = frozenset(
    {
        *("item", "tolist", "numel", "dim", "to", "cpu", "cuda", "numpy", "detach", "clone", "contiguous"),
        *("float", "long", "int", "half", "bfloat16", "bool", "double", "astype", "view", "reshape", "flatten"),
        *("squeeze", "unsqueeze", "permute", "transpose", "cumsum", "sum", "prod", "mean", "max", "min"),
        *("argmax", "argmin", "nonzero", "flip", "repeat", "expand", "narrow", "split", "chunk"),
        *("pin_memory", "is_pinned", "element_size", "new_empty", "new_zeros", "fill_", "zero_"),
        # elementwise maths and shape queries (#28798 made a rotary table's tensor a (cos, sin) pair: ``.cos()``)
        *("cos", "sin", "exp", "log", "sqrt", "abs", "neg", "tanh", "sigmoid", "softmax", "clamp", "round"),
        *("size", "type_as", "masked_fill", "matmul", "unbind", "gather", "index_select", "norm", "all", "any"),
    }
)
_OFFERS["array"] = frozenset({"copy", "sort"}) | (_ARRAY_ONLY - frozenset().union(*_OFFERS.values()))
_UNSLICED = frozenset({"deque", "set", "frozenset", "dict"})
# a removed line that annotates something as one of those containers (from a newline, as _STR_LINE)
_CONTAINER_LINE = lazy_pattern(
    r"\n-[^\n]*(?::|->)[ \t]*(?:Optional\[)?(?:typing\.|collections\.|torch\.|np\.|numpy\.)?(?:"
    + "|".join(_KINDS_HELD)
    + r")\b"
)


_KINDS = r"(?:Optional\[)?(?:typing\.|collections\.|torch\.|np\.|numpy\.)?(" + "|".join(_KINDS_HELD) + r")\b"
# A diff's line annotating a field (``name: Dict[...]``, ``self.name: List[...] = []``) or a return
# (``def name(...) -> Dict[...]``, a signature's last line ``) -> Dict[...]``) as a container.  The
# annotation is found first and its line's start read back from it (_line_kinds): a pattern anchored at
# every line's start was a fifth of type drift on a large release's diff.
_FIELD_KIND = lazy_pattern(r":[ \t]*" + _KINDS)
_FIELD_HEAD = lazy_pattern(r"([-+])[ \t]*(?:self\.)?(\w+)[ \t]*")  # what precedes the colon, whole
_RETURN_KIND = lazy_pattern(r"->[ \t]*" + _KINDS)
_ARROW_SPAN = 2001  # a line's sign and at most 2,000 characters before its arrow
_DEF_NAME = lazy_pattern(r"\bdef[ \t]+(\w+)")
# the same without its leading \b, a gate's superset (``undef x`` too): a pattern opening with \b is tried at every
# character of a text, one that opens with a word only where the word is (~25x faster over a module)
_DEF_WORD = lazy_pattern(r"def[ \t]+(\w+)")


def _kinds_changed(diff: str, fork_lines: list[str]) -> set[str]:
    """The names the diff annotates as one kind of container on a removed line and another on an added
    one, among those the fork's added lines read (``.name``), and ``)`` for a signature's unnamed last line:
    only a file with one is parsed (most annotation edits keep the kind)."""
    kinds: dict[tuple[str, str], set[str]] = {}
    for sign, name, kind in _line_kinds(diff):
        kinds.setdefault((sign, name), set()).add(_KINDS_HELD[kind])
    changed = {n for (sign, n), k in kinds.items() if sign == "-" and _another_kind(k, kinds.get(("+", n), k))}
    changed |= _rewrapped(kinds)
    return {n for n in changed if n == ")" or any(f".{n}" in line for line in fork_lines)}


def _rewrapped(kinds: dict[tuple[str, str], set[str]]) -> set[str]:
    """Returns whose signature upstream rewrapped as it changed their kind, so one side's annotation sits on
    an unnamed last line: #28798 turned ``def rot_pos_emb(self, grid_thw) -> torch.Tensor:`` into ``def
    rot_pos_emb(\n self, grid_thw\n ) -> tuple[torch.Tensor, torch.Tensor]:``, and the name is annotated on
    one side only.  Such a name pairs with the other side's unnamed kinds (a gate: the parse decides)."""
    found = set()
    for (sign, name), was in kinds.items():
        other = "+" if sign == "-" else "-"
        if name == ")" or (other, name) in kinds:
            continue
        unnamed = kinds.get((other, ")"))
        if unnamed is not None and _another_kind(was, unnamed):
            found.add(name)
    return found


def _another_kind(was: set[str], now: set[str]) -> bool:
    """The kinds differ and one side holds a container or an array (a scalar for another scalar is not read)."""
    return was != now and not (was | now) <= _SCALAR_KINDS


_SCALAR_KINDS = frozenset(_SCALARS)


def _line_kinds(diff: str) -> Iterator[tuple[str, str, str]]:
    """(sign, name, container) for each added or removed line of the diff that annotates a field or a return
    as a container: the line's first annotation (a field's name is all that precedes its colon) and its
    first arrow (a return whose def is on an earlier line is named ``)`` when its line ends the signature)."""
    for pattern, named in ((_FIELD_KIND, _field_name), (_RETURN_KIND, _return_name)):
        seen = -1
        for hit in pattern.finditer(diff):
            start = diff.rfind("\n", 0, hit.start()) + 1
            if start == seen or diff[start : start + 1] not in ("-", "+"):
                continue
            seen = start  # a line's first one decides (a later one is in what follows it: a comment, a string)
            name = named(diff, start, hit.start())
            if name is not None:
                yield diff[start], name, hit.group(1)
                yield from ((diff[start], name, more) for more in _union_kinds(diff, hit.end()))


def _union_kinds(diff: str, after: int) -> list[str]:
    """The kinds a union spells further on the annotation's line (``dict | list[dict]``): a line that widens
    a field to a union of kinds pairs with more kinds than the line it replaced (a superset; the parse decides)."""
    end = diff.find("\n", after)
    return [hit.group(1) for hit in _UNION_KIND.finditer(diff, after, end if end >= 0 else len(diff))]


_UNION_KIND = lazy_pattern(r"\|[ \t]*" + _KINDS)


def _field_name(diff: str, start: int, colon: int) -> str | None:
    head = _FIELD_HEAD.fullmatch(diff, start, colon)
    return head.group(2) if head is not None else None


def _return_name(diff: str, start: int, arrow: int) -> str | None:
    if arrow - start > _ARROW_SPAN:
        return None
    before = diff[start + 1 : arrow]
    named = _DEF_NAME.search(before)
    return named.group(1) if named is not None else ")" if before.rstrip().endswith(")") else None


@dataclass(frozen=True)
class Recontained:
    """A field or a method's return whose annotation upstream changed from one container kind to another."""

    name: str
    owner: str  # the class that declares it
    path: str  # upstream's file
    was: str  # the annotations, before and after
    now: str
    old: str  # the container kinds (``dict``, ``list``, ``deque`` ...)
    new: str
    returned: bool  # a method's return (``x.name(...)``), not a field (``x.name``)
    widened: bool = False  # the old kind kept in a union with the new one: the value may be either


def _container_drift(trees: ThreeTrees, pr_pattern: str, added: list[str]) -> list[Finding]:
    changed = {
        p: got
        for p in trees.upstream.matching(_CONTAINER_LINE, ".py")
        if (got := _kinds_changed(trees.upstream.raw(p), added))
    }
    wanted = attributes_read(trees)  # what the fork reads: ``.name``
    unnamed = [p for p, got in changed.items() if got == {")"}]
    paths = [p for p, got in changed.items() if got != {")"}] + _defining(trees, unnamed, wanted)
    found = _recontained(trees, sorted(paths), wanted) if paths else {}
    if not found:
        return []
    return [
        _container_finding(trees, path, line, hit, how, sure, pr_pattern)
        for path, module, owned in attribute_readers(trees, found)
        for line, hit, how, sure in _container_uses(trees, path, module, owned, found)
    ]


def _defining(trees: ThreeTrees, paths: list[str], wanted: set[str]) -> list[str]:
    """Of files whose only changed container is a return on a signature's unnamed last line, those defining
    (at the base or upstream) a method the fork reads: only that method's return can reach a fork line,
    and the texts are read for it (the parse of a large module is what costs)."""
    if not paths:
        return []
    base, theirs = both_texts(trees, paths)
    return [p for p in paths if wanted.intersection(_DEF_WORD.findall(f"{base[p] or ''}\n{theirs[p] or ''}"))]


@dataclass(frozen=True)
class Reannotated:
    """A field or a return of one of upstream's files annotated at the base and at upstream."""

    path: str
    name: str
    owner: str
    is_return: bool
    was: ast.expr  # the base's annotation
    now: ast.expr  # upstream's
    text: str  # upstream's file
    module: ast.Module  # upstream's file, parsed


def reannotated(trees: ThreeTrees, paths: list[str], wanted: set[str]) -> Iterator[Reannotated]:
    """Every field and return of ``paths`` annotated both at the base and at upstream (parameters aside); a
    field a method declares (``self.name: T``) only when the fork reads its name (``wanted``)."""
    for both in parsed_texts(trees, paths):
        fields = bool(_attr_annotations(both.old_text, both.new_text) & wanted)
        old = dict(_annotated(both.old, fields))
        for key, (annotation, owner, _) in _annotated(both.new, fields):
            was = old.get(key)
            if key[0] != "param" and was is not None:
                yield Reannotated(
                    both.path, key[-1], owner, key[0] == "return", was[0], annotation, both.new_text, both.new
                )


def _recontained(trees: ThreeTrees, paths: list[str], wanted: set[str]) -> dict[str, list[Recontained]]:
    """The fields and returns of ``paths`` whose annotation upstream made another kind of container."""
    found: dict[str, list[Recontained]] = {}
    for pair in reannotated(trees, paths, wanted):
        kind, now = _held_kind(pair.was), _held_kind(pair.now)
        widened = kind is not None and now is None and (now := _added_kind(kind, pair.now)) is not None
        if pair.is_return and {kind, now} & _SCALAR_KINDS:
            continue  # a number, a string or a sequence returned as another is result kind drift's
        if kind is not None and now is not None and _another_kind({kind}, {now}):
            shown = ast.unparse(pair.was), ast.unparse(pair.now)
            hit = Recontained(pair.name, pair.owner, pair.path, *shown, kind, now, pair.is_return, widened)
            found.setdefault(hit.name, []).append(hit)
    return found


def _held_kind(annotation: ast.expr) -> str | None:
    """The kind of container, or array, an annotation names (``Optional`` and ``None`` unions aside)."""
    node = _unwrapped(annotation)
    return _KINDS_HELD.get(last_name(node.value if isinstance(node, ast.Subscript) else node))


def _added_kind(kind: str, annotation: ast.expr) -> str | None:
    """The one other kind a union adds to ``kind`` (#22534: ``multi_modal_content: Optional[dict]`` became
    ``Optional[dict | list[dict]]``, and a request with several images holds a list): None unless every
    member of the union is a kind this module knows (a class of the tree may offer the old kind's methods)."""
    node = _unwrapped(annotation)
    kinds = {_held_kind(m) for m in _sides(node) if not (isinstance(m, ast.Constant) and m.value is None)}
    others = kinds - {kind}
    return others.pop() if kind in kinds and len(others) == 1 and None not in others else None


def _container(annotation: ast.expr) -> str | None:
    """The kind of container an annotation names (``Optional`` and ``None`` unions aside), else None."""
    node = _unwrapped(annotation)
    return _CONTAINERS.get(last_name(node.value if isinstance(node, ast.Subscript) else node))


def _container_uses(
    trees: ThreeTrees, path: str, module: ast.Module, owned: set[int], found: dict[str, list[Recontained]]
) -> Iterator[tuple[int, Recontained, str, bool]]:
    """(line, hit, what the line does|why it fails, sure): ``sure`` is False for a widened kind the function
    tells apart in a way not read here (it may keep the use off the added kind), or a use under a version test
    (a path kept for older releases, which may no longer run after the merge)."""
    parents = parent_map(module)
    fork = ForkTypes.of(trees, path, module)
    methods = {m for hits in found.values() for h in hits for m in _OFFERS[h.old] - _OFFERS[h.new]} | {"pop"}
    bound: dict[int, dict[str, ast.expr]] = {}  # a function's names bound once, read once for all its uses
    for node in walk_spanning(module, owned):
        if getattr(node, "lineno", 0) not in owned:
            continue
        use = _use(node, parents, fork, found, bound, methods)
        if use is not None and not _kind_tested(node, use[1], use[2], parents, bound):
            line, receiver, hit, how = use
            asked = hit.widened and _kind_asked(node, receiver, parents, bound)
            yield line, hit, how, not (asked or version_gated(node, parents))


def _use(
    node: ast.AST,
    parents: dict[int, ast.AST],
    fork: ForkTypes,
    found: dict[str, list[Recontained]],
    bound: dict[int, dict[str, ast.expr]],
    methods: set[str],
) -> tuple[int, ast.expr, Recontained, str] | None:
    """(line, the value used, its hit, what the line does|why it fails) for a use the new kind breaks."""
    if isinstance(node, ast.Subscript) and not isinstance(node.slice, ast.Slice):
        hit = recontained_held(node.value, enclosing(node, parents), parents, fork, found, bound)
        if hit is not None and hit.new in _UNINDEXED and hit.old not in _UNINDEXED and not hit.widened:
            return node.lineno, node.value, hit, f"indexes {ast.unparse(node.value)}|a {hit.new} cannot be indexed"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in methods:
        hit = recontained_held(node.func.value, enclosing(node, parents), parents, fork, found, bound)
        why = _lacking(hit, node) if hit is not None else None
        if hit is not None and why is not None:
            return node.lineno, node.func.value, hit, f"calls {ast.unparse(node.func)}()|{why}"
        return _element_use(node, parents, fork, found, bound)
    elif (walk := _iterated(node)) is not None:
        hit = recontained_held(walk[1], enclosing(node, parents), parents, fork, found, bound)
        if hit is not None and hit.old not in _NUMBERS and hit.new in _NUMBERS:
            how = f"{_iterates(walk[0])} {ast.unparse(walk[1])}|{_article(hit.new)} is no sequence"
            return walk[0].lineno, walk[1], hit, how
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and (joined := _list_joined(node)):
        hit = _joined_hit(joined, node, parents, fork, found, bound)
        if hit is not None and hit.old == "list" and hit.new == "array":
            return node.lineno, joined, hit, f"adds a list to {ast.unparse(joined)}|an array adds a list elementwise"
    elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice):
        hit = recontained_held(node.value, enclosing(node, parents), parents, fork, found, bound)
        if hit is not None and hit.old not in _UNSLICED and hit.new in _UNSLICED:
            return node.lineno, node.value, hit, f"slices {ast.unparse(node.value)}|a {hit.new} cannot be sliced"
    elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load) and _position(node.slice) is not None:
        hit = recontained_held(node.value, enclosing(node, parents), parents, fork, found, bound)
        if hit is not None and not hit.widened and hit.old in _SEQUENCES and _keyed_by_text(hit):
            at = _position(node.slice)
            how = f"indexes {ast.unparse(node.value)} by position|a dict keyed by name has no key {at}: KeyError"
            return node.lineno, node.value, hit, how
    elif isinstance(node, ast.Call) and _encoder(node):
        return _encoded(node, parents, fork, found, bound)
    elif isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], ast.In | ast.NotIn):
        return _hashed_element(node, parents, fork, found, bound)
    elif (counted := counted_against(node)) is not None:
        hit = recontained_held(counted, enclosing(node, parents), parents, fork, found, bound)
        if hit is not None and hit.old in _NUMBERS and hit.new in _BUILTIN_CONTAINERS:
            how = f"{counted_how(node, counted)}|{_article(hit.new)} is no number"
            return getattr(node, "lineno", 0), counted, hit, how
    return _operated(node, parents, fork, found, bound)


_SEQUENCES = frozenset({"list", "tuple", "deque"})
_UNINDEXED = frozenset({"set", "frozenset"})  # ``x[i]`` and ``x[k]`` both raise TypeError on these
# ``json``'s encoders, which take builtin containers and numbers and raise TypeError on an array
_ENCODERS = frozenset({"dumps", "dump"})
# the keywords handing json an encoding of what it cannot encode itself (``default=``, ``cls=``): an array then
# encodes, as the fork wrote it for (revDW, review115's #12094 twins)
_ENCODING_HOOKS = frozenset({"default", "cls"})


def _encoder(node: ast.Call) -> bool:
    """``json.dumps(...)``/``json.dump(...)`` (off the module by its name)."""
    func = node.func
    return (
        isinstance(func, ast.Attribute)
        and func.attr in _ENCODERS
        and isinstance(func.value, ast.Name)
        and func.value.id == "json"
    )


def _encoded(
    node: ast.Call,
    parents: dict[int, ast.AST],
    fork: ForkTypes,
    found: dict[str, list[Recontained]],
    bound: dict[int, dict[str, ast.expr]],
) -> tuple[int, ast.expr, Recontained, str] | None:
    """A container upstream made an array, handed to ``json.dumps`` itself or inside a list, tuple or dict
    display (killers211: #12094 made ``SamplerOutput.sampled_token_ids`` a tensor, and a fork's step trace
    ``json.dumps({"sampled": out.sampled_token_ids})`` raises TypeError: a tensor is not JSON serializable)."""
    func = enclosing(node, parents)
    if func is not None and _binds(func, "json"):
        return None  # a parameter or local of the name: not the standard module
    if any(k.arg in _ENCODING_HOOKS for k in node.keywords):
        return None  # revDW: ``default=lambda t: t.tolist()`` or ``cls=`` an encoder of the fork's encodes arrays
    for value in _displayed(node.args[0]) if node.args else ():
        hit = recontained_held(value, func, parents, fork, found, bound)
        if hit is not None and hit.old in _BUILTIN_CONTAINERS and hit.new == "array":
            how = f"hands {ast.unparse(value)} to json.{ast.unparse(node.func).rsplit('.', 1)[-1]}()"
            return node.lineno, value, hit, f"{how}|json cannot encode an array (TypeError)"
    return None


def _hashed_element(
    node: ast.Compare,
    parents: dict[int, ast.AST],
    fork: ForkTypes,
    found: dict[str, list[Recontained]],
    bound: dict[int, dict[str, ast.expr]],
) -> tuple[int, ast.expr, Recontained, str] | None:
    """An element of a sequence upstream made a tensor, tested for membership in a set or a dict of plain keys
    (mend77, #12094: ``SamplerOutput.sampled_token_ids`` made a tensor, and a fork's ``sum(1 for tok in
    out.sampled_token_ids if tok in self.stop_ids)`` with ``stop_ids: set[int] = {2, 128001}`` counts nothing:
    an element of a tensor is a tensor, hashed by identity, equal to no int key).  The element: a loop's or a
    comprehension's target walking the value, or the value indexed by a position.  The keys: a set or dict
    display of constants, or annotated ``set[int]``/``dict[str, ...]``... (a parameter, a local, a class field,
    a module name).  A list keeps working (its ``in`` compares by ``==``), as does an ndarray's element (a
    numpy scalar hashes as its number): neither is read; nor (review130) a loop's element the body rebinds
    before the test (``tok = int(tok)``)."""
    func = enclosing(node, parents)
    container = node.comparators[0]
    if not _plain_keys(container, func, parents, bound):
        return None
    source = _element_source(node.left, node, parents, func)
    hit = recontained_held(source, func, parents, fork, found, bound) if source is not None else None
    if hit is None or source is None or hit.old not in _SEQUENCES or hit.new != "array" or not _TENSOR.search(hit.now):
        return None
    how = f"tests an element of {ast.unparse(source)} for membership in {ast.unparse(container)}"
    return node.lineno, source, hit, f"{how}|a tensor's element is a tensor, hashed by identity: never found"


_TENSOR = lazy_pattern(r"\bTensor\b")
_HASHED = frozenset({"set", "Set", "frozenset", "FrozenSet", "AbstractSet", "dict", "Dict", "Mapping"})
_PLAIN_KEYS = frozenset({"int", "str", "bytes"})


def _element_source(
    element: ast.expr, node: ast.AST, parents: dict[int, ast.AST], func: ast.FunctionDef | ast.AsyncFunctionDef | None
) -> ast.expr | None:
    """What ``element`` is an element of: ``x`` of ``x[i]`` (an int position), or the iterable of the loop or
    comprehension around ``node`` whose target is the name ``element``."""
    if isinstance(element, ast.Subscript) and _position(element.slice) is not None:
        return element.value
    if not isinstance(element, ast.Name):
        return None
    up = parents.get(id(node))
    while up is not None and up is not func:
        if isinstance(up, ast.ListComp | ast.GeneratorExp | ast.SetComp | ast.DictComp):
            for gen in up.generators:
                if isinstance(gen.target, ast.Name) and gen.target.id == element.id:
                    return gen.iter
        if isinstance(up, ast.For | ast.AsyncFor) and isinstance(up.target, ast.Name) and up.target.id == element.id:
            return None if _rebound_before(up, element.id, node) else up.iter
        up = parents.get(id(up))
    return None


def _rebound_before(loop: ast.For | ast.AsyncFor, name: str, node: ast.AST) -> bool:
    """(review130) The loop's body stores ``name`` again before ``node`` (``tok = int(tok)``, ``tok, =
    tok.tolist()``, an inner ``for``'s target): what ``node`` tests is then no longer the loop's element."""
    at = (getattr(node, "lineno", 0), getattr(node, "col_offset", 0))
    return any(
        isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store) and (n.lineno, n.col_offset) < at
        for stmt in loop.body
        for n in ast.walk(stmt)
    )


def _plain_keys(
    container: ast.expr,
    func: ast.FunctionDef | ast.AsyncFunctionDef | None,
    parents: dict[int, ast.AST],
    bound: dict[int, dict[str, ast.expr]],
    depth: int = 0,
) -> bool:
    """``container`` is a set or a dict holding plain keys (ints, strings, bytes): a display of constants, or
    a name or ``self`` field annotated so (or bound once to such a display)."""
    if depth > 3:
        return False
    if isinstance(container, ast.Set | ast.Dict):
        keys = container.elts if isinstance(container, ast.Set) else container.keys
        return bool(keys) and all(isinstance(k, ast.Constant) and type(k.value) in (int, str, bytes) for k in keys)
    held: list[ast.expr | None] = []
    if isinstance(container, ast.Name) and func is not None:
        if id(func) not in bound:
            bound[id(func)] = names_bound_once(func)
        if container.id in bound[id(func)]:
            return _plain_keys(bound[id(func)][container.id], func, parents, bound, depth + 1)
        params = {a.arg: a.annotation for a in [*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs]}
        if container.id in params:
            held = [params[container.id]]
        elif container.id not in assigned(func):
            held = _declared(_module_of(func, parents), container.id)
    elif isinstance(container, ast.Name):
        return False
    elif (
        isinstance(container, ast.Attribute)
        and isinstance(container.value, ast.Name)
        and container.value.id == "self"
        and func is not None
        and isinstance(owner := parents.get(id(func)), ast.ClassDef)
    ):
        held = _declared(owner, container.attr)
    return any(_plain_keyed(h) or (h is not None and _plain_keys(h, None, parents, bound, depth + 1)) for h in held)


def _plain_keyed(annotation: ast.expr | None) -> bool:
    """``set[int]``, ``frozenset[str]``, ``dict[int, ...]`` (``Optional`` aside)."""
    node = _unwrapped(annotation) if annotation is not None else None
    if not isinstance(node, ast.Subscript) or last_name(node.value) not in _HASHED:
        return False
    key = node.slice.elts[0] if isinstance(node.slice, ast.Tuple) and node.slice.elts else node.slice
    return isinstance(key, ast.Name) and key.id in _PLAIN_KEYS


def _module_of(node: ast.AST, parents: dict[int, ast.AST]) -> ast.Module | None:
    up: ast.AST | None = node
    while up is not None and not isinstance(up, ast.Module):
        up = parents.get(id(up))
    return up


def _declared(scope: ast.Module | ast.ClassDef | None, name: str) -> list[ast.expr | None]:
    """The annotations and the values a class body or a module binds ``name`` to at its top level: only when
    bound once (a rebinding may hold another kind)."""
    if scope is None:
        return []
    held: list[ast.expr | None] = []
    for stmt in scope.body:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.target.id == name:
            held += [stmt.annotation, stmt.value]
        elif isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in stmt.targets):
            held.append(stmt.value)
    return held if len([h for h in held if h is not None]) <= 2 else []


def _displayed(value: ast.expr) -> Iterator[ast.expr]:
    """``value`` and what the list, tuple, set or dict displays it is made of hold, through any depth."""
    yield value
    if isinstance(value, ast.List | ast.Tuple | ast.Set):
        for element in value.elts:
            yield from _displayed(element)
    elif isinstance(value, ast.Dict):
        for held in value.values:
            yield from _displayed(held)


def _position(index: ast.expr) -> int | None:
    """The int literal an index is (``[0]``, ``[-1]``), else None."""
    if isinstance(index, ast.UnaryOp) and isinstance(index.op, ast.USub):
        inner = _position(index.operand)
        return -inner if inner is not None else None
    if isinstance(index, ast.Constant) and type(index.value) is int:
        return index.value
    return None


def _keyed_by_text(hit: Recontained) -> bool:
    """A sequence upstream made a dict keyed by ``str`` or ``bytes`` (#20636: ``lora_requests: list[LoRARequest]``
    became ``dict[str, LoRARequest]``, keyed by the adapter's name): an int literal is no key it holds.  A dict
    keyed by anything else (``int``, a class, unsaid) may well be keyed by position."""
    now = parsed_expression(hit.now)
    if now is None:
        return False
    node = _unwrapped(now)
    if _container(node) != "dict" or not isinstance(node, ast.Subscript) or not isinstance(node.slice, ast.Tuple):
        return False
    key = node.slice.elts[0] if node.slice.elts else None
    return isinstance(key, ast.Name) and key.id in ("str", "bytes")


def _operated(
    node: ast.AST,
    parents: dict[int, ast.AST],
    fork: ForkTypes,
    found: dict[str, list[Recontained]],
    bound: dict[int, dict[str, ast.expr]],
) -> tuple[int, ast.expr, Recontained, str] | None:
    """An operator the new kind refuses with the other operand (killers130, ``operand_kinds``): a field made
    a tuple where it was a list, and ``x.items + [item]`` or ``x.items += [item]`` raises TypeError.  The other
    operand held by the same drift counts as its new kind (#2290 made ``waiting`` and ``swapped`` deques
    together: ``self.waiting + self.swapped`` still adds)."""
    func = enclosing(node, parents)
    for mine, other, op, in_place in operands(node):
        hit = recontained_held(mine, func, parents, fork, found, bound)
        if hit is None:
            continue
        paired = recontained_held(other, func, parents, fork, found, bound)
        kind = paired.new if paired is not None else None
        why = refused(hit.old, hit.new, op, other, in_place, kind, parents)
        if why is not None:
            return getattr(node, "lineno", 0), mine, hit, f"combines {ast.unparse(mine)} by an operator|{why}"
    return None


def _element_use(
    node: ast.Call,
    parents: dict[int, ast.AST],
    fork: ForkTypes,
    found: dict[str, list[Recontained]],
    bound: dict[int, dict[str, ast.expr]],
) -> tuple[int, ast.expr, Recontained, str] | None:
    """An array method called on one element of an array upstream made a sequence of numbers (#40143:
    ``pos.embeds_cumsum[-1].item()`` once ``embeds_cumsum`` is a ``list[int]``): an int has no item()."""
    assert isinstance(node.func, ast.Attribute)
    element = node.func.value
    if not isinstance(element, ast.Subscript) or isinstance(element.slice, ast.Slice):
        return None
    hit = recontained_held(element.value, enclosing(node, parents), parents, fork, found, bound)
    kind = _scalar_element(hit.now) if hit is not None and hit.old == "array" else None
    if hit is None or kind is None or node.func.attr not in _OFFERS["array"] - _OFFERS[kind]:
        return None
    return (
        node.lineno,
        element,
        hit,
        f"calls {ast.unparse(node.func)}()|an element is {_article(kind)} and has no {node.func.attr}()",
    )


def _scalar_element(annotation: str) -> str | None:
    """The scalar kind a sequence annotation holds (``list[int] | None`` -> ``int``), else None."""
    parsed = parsed_expression(annotation)
    if parsed is None:
        return None
    node = _unwrapped(parsed)
    if not isinstance(node, ast.Subscript) or last_name(node.value) not in (
        "list",
        "List",
        "Sequence",
        "tuple",
        "Tuple",
    ):
        return None
    inner = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
    names = {last_name(e) for e in inner if not (isinstance(e, ast.Constant) and e.value is Ellipsis)}
    return next(iter(names)) if len(names) == 1 and names <= set(_SCALARS) else None  # tuple[int, Tensor]: no


# a builtin that sizes or walks its one argument: a number there raises TypeError (#20529: ``len(self.
# num_generation_tokens)`` once LoggingStatLogger made it an int)
_WALKERS = frozenset({"len", "sum", "sorted", "iter", "enumerate", "list", "tuple", "set", "reversed", "any", "all"})
_NUMBERS = frozenset({"int", "float", "bool"})


_BUILTIN_CONTAINERS = frozenset(_CONTAINERS.values())
# arithmetic a container refuses with a number (or, ``*``, repeats itself by): #18593 made
# SchedulerOutput.num_common_prefix_blocks an int a list[int] (one per KV cache group)
_ARITHMETIC = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow)


def counted_against(node: ast.AST) -> ast.expr | None:
    """What ``node`` compares with, or does arithmetic with, a number literal: ``x > 4``, ``4 <= x``,
    ``x == 0``, ``x + 1``, ``x += 1`` -> ``x`` (``is``, ``in`` aside: they take anything)."""
    if isinstance(node, ast.Compare) and len(node.ops) == 1:
        if isinstance(node.ops[0], ast.Is | ast.IsNot | ast.In | ast.NotIn):
            return None
        pair = (node.left, node.comparators[0])
    elif isinstance(node, ast.BinOp) and isinstance(node.op, _ARITHMETIC):
        pair = (node.left, node.right)
    elif isinstance(node, ast.AugAssign) and isinstance(node.op, _ARITHMETIC):
        pair = (node.target, node.value)
    else:
        return None
    return pair[0] if _number(pair[1]) else pair[1] if _number(pair[0]) else None


def _number(node: ast.expr) -> bool:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        node = node.operand
    return isinstance(node, ast.Constant) and type(node.value) in (int, float)


def counted_how(node: ast.AST, counted: ast.expr) -> str:
    verb = "compares" if isinstance(node, ast.Compare) else "does arithmetic on"
    return f"{verb} {ast.unparse(counted)} with a number"


def _iterated(node: ast.AST) -> tuple[ast.For | ast.AsyncFor | ast.Call, ast.expr] | None:
    """``node`` and what it sizes or walks: the one argument of ``len(x)``/``sum(x)``..., a ``for`` loop's
    iterable; through an empty default (``x or ()``: a number of the new kind that is not 0 is met as it is)."""
    if isinstance(node, ast.For | ast.AsyncFor):
        return node, or_empty(node.iter)
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _WALKERS):
        return None
    return (node, or_empty(node.args[0])) if len(node.args) == 1 and not node.keywords else None


def or_empty(expr: ast.expr) -> ast.expr:
    """``x`` of ``x or ()`` / ``x or []`` / ``x or {}`` / ``x or tuple()`` (and-less, two operands), else ``expr``."""
    if not isinstance(expr, ast.BoolOp) or not isinstance(expr.op, ast.Or) or len(expr.values) != 2:
        return expr
    default = expr.values[1]
    empty = (isinstance(default, ast.Tuple | ast.List | ast.Set) and not default.elts) or (
        isinstance(default, ast.Dict) and not default.keys
    )
    if isinstance(default, ast.Call) and not default.args and not default.keywords:
        empty = isinstance(default.func, ast.Name) and default.func.id in ("tuple", "list", "set", "dict")
    return expr.values[0] if empty else expr


def _iterates(node: ast.AST) -> str:
    return (
        f"calls {node.func.id}() of" if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) else "loops over"
    )


def _article(kind: str) -> str:
    return f"{'an' if kind[0] in 'aeiou' else 'a'} {kind}"


def _list_joined(node: ast.BinOp) -> ast.expr | None:
    """The other operand of ``x + [...]`` (``[...] * n`` too), ``[...] + x``: a list concatenation."""
    for mine, other in ((node.right, node.left), (node.left, node.right)):
        held = mine.left if isinstance(mine, ast.BinOp) and isinstance(mine.op, ast.Mult) else mine
        if isinstance(held, ast.List) and not isinstance(other, ast.List):
            return other
    return None


def _joined_hit(
    joined: ast.expr,
    node: ast.AST,
    parents: dict[int, ast.AST],
    fork: ForkTypes,
    found: dict[str, list[Recontained]],
    bound: dict[int, dict[str, ast.expr]],
) -> Recontained | None:
    """The recontained value a list is added to: the value itself, or a row of it (``row`` of ``for row in
    drafts`` in a comprehension around the addition); #29723: ``[row + [0] * pad for row in drafts]`` once
    ``drafts`` is a tensor adds 0 to every element instead of padding the row."""
    func = enclosing(node, parents)
    hit = recontained_held(joined, func, parents, fork, found, bound)
    if hit is not None or not isinstance(joined, ast.Name):
        return hit
    up = parents.get(id(node))
    while up is not None and up is not func:
        if isinstance(up, ast.ListComp | ast.GeneratorExp | ast.SetComp):
            for gen in up.generators:
                if isinstance(gen.target, ast.Name) and gen.target.id == joined.id:
                    return recontained_held(gen.iter, func, parents, fork, found, bound)
        up = parents.get(id(up))
    return None


def _kind_tested(
    node: ast.AST,
    receiver: ast.expr,
    hit: Recontained,
    parents: dict[int, ast.AST],
    bound: dict[int, dict[str, ast.expr]],
) -> bool:
    """The use runs only where the value is the old kind (``isinstance``, ``type(x) is``, an exiting ``if not
    isinstance``, an ``assert``), or is not the new one, or ``hasattr`` says it has the method called, or a
    handler catches what the new kind raises: written for both sides of the change (the receiver, or the
    read a local it is was bound to, is tested).  Or the function built the value itself, of the old kind."""
    subjects = _subjects(node, receiver, parents, bound)
    if isinstance(receiver, ast.Subscript):  # an element: a kind test of its container tells the kinds apart too
        subjects |= _subjects(node, receiver.value, parents, bound)
    old, new = partial(_is_kind, hit.old), partial(_new_kind, hit)
    method = node.func.attr if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) else None
    sequence = hit.old == "array" and hit.new in ("list", "tuple")  # a sequence pattern takes no array
    return (
        caught_around(node, _RAISED, parents)
        or _built_old(node, receiver, hit, parents, bound)
        or _element_tested(node, receiver, hit, parents, bound)
        or any(
            isinstance_guarded(node, subject, old, parents)
            or isinstance_refuted(node, subject, new, parents)
            or kind_ensured(node, subject, old, parents)
            or (method is not None and hasattr_held(node, subject, method, parents))
            or _hasattr_told(node, subject, hit, parents)
            or _matched(node, subject, hit.old, parents)
            or match_refuted(node, subject, new, sequence, parents)
            for subject in subjects
        )
    )


def _hasattr_told(node: ast.AST, subject: str, hit: Recontained, parents: dict[int, ast.AST]) -> bool:
    """``hasattr`` tells the kinds apart round the use: it held for a method only the old kind offers, or failed
    for one only the new kind offers (``if hasattr(q, "popleft"): return [*q, g]`` before ``q + [g]``)."""
    old, new = _OFFERS.get(hit.old, frozenset()), _OFFERS.get(hit.new, frozenset())
    if not old - new and not new - old:
        return False
    present = partial(_asks_any, subject=subject, names=old - new)
    absent = partial(_asks_any, subject=subject, names=new - old)
    return runs_tested(node, parents, present, absent)


def _asks_any(test: ast.expr, subject: str, names: frozenset[str]) -> bool:
    return bool(names) and hasattr_asked(test, subject, names)


# the abstract classes a builtin sequence passes ``isinstance`` of and no tensor or ndarray does (neither is
# registered as a ``collections.abc.Sequence``): ``if isinstance(c, Sequence): ...`` tells them apart
_ABSTRACT_OF = {"list": frozenset({"Sequence", "MutableSequence"}), "tuple": frozenset({"Sequence"})}


def _new_kind(hit: Recontained, name: str) -> bool:
    """``name`` is a class every value of the new kind is an instance of (an abstract one only where the old
    kind, an array, is not)."""
    return _is_kind(hit.new, name) or (hit.old == "array" and name in _ABSTRACT_OF.get(hit.new, ()))


def _element_tested(
    node: ast.AST,
    receiver: ast.expr,
    hit: Recontained,
    parents: dict[int, ast.AST],
    bound: dict[int, dict[str, ast.expr]],
) -> bool:
    """An element's use runs only where the element is not the sequence's scalar kind: ``c[-1] if
    isinstance(c[-1], int) else c[-1].item()``, after ``if type(c[-1]) is int: return c[-1]``."""
    scalar = _scalar_element(hit.now) if isinstance(receiver, ast.Subscript) else None
    if scalar is None or not isinstance(receiver, ast.Subscript):
        return False
    index = ast.unparse(receiver.slice)
    subjects = {f"{s}[{index}]" for s in _subjects(node, receiver.value, parents, bound)}
    return any(isinstance_refuted(node, s, partial(_is_kind, scalar), parents) for s in subjects)


def _matched(node: ast.AST, subject: str, old: str, parents: dict[int, ast.AST]) -> bool:
    """The use sits under ``match subject: case dict():`` (or a mapping pattern ``case {...}:``): an
    ``isinstance`` guard spelled as a pattern."""
    current, above = node, parents.get(id(node))
    while above is not None:
        if isinstance(above, ast.match_case) and current is not above.pattern:
            match = parents.get(id(above))
            pattern = above.pattern
            kind = "dict" if isinstance(pattern, ast.MatchMapping) else None
            if isinstance(pattern, ast.MatchClass) and isinstance(pattern.cls, ast.Name):
                kind = _KINDS_HELD.get(pattern.cls.id)
            if isinstance(match, ast.Match) and ast.unparse(match.subject) == subject and kind == old:
                return True
        current, above = above, parents.get(id(above))
    return False


# what a use of the old kind's method or shape raises on the new kind, and the handlers that catch it
_RAISED = frozenset({"AttributeError", "TypeError", "Exception", "BaseException"})


def _subjects(
    node: ast.AST, receiver: ast.expr, parents: dict[int, ast.AST], bound: dict[int, dict[str, ast.expr]]
) -> set[str]:
    """The receiver's text, and the read a local it is was bound to."""
    func = enclosing(node, parents)
    held = bound.get(id(func), {}).get(receiver.id) if isinstance(receiver, ast.Name) and func is not None else None
    return {ast.unparse(receiver), *([ast.unparse(held)] if held is not None else [])}


def _kind_asked(
    node: ast.AST, receiver: ast.expr, parents: dict[int, ast.AST], bound: dict[int, dict[str, ast.expr]]
) -> bool:
    """The function asks the value's kind somewhere (``isinstance``, ``type(x)``): it tells the union's kinds
    apart, in a way the tests above did not read."""
    func = enclosing(node, parents)
    subjects = _subjects(node, receiver, parents, bound) | ({receiver.id} if isinstance(receiver, ast.Name) else set())
    return func is not None and any(
        isinstance_asked(func, subject) or any(type_of(n, subject) for n in ast.walk(func)) for subject in subjects
    )


def _built_old(
    node: ast.AST,
    receiver: ast.expr,
    hit: Recontained,
    parents: dict[int, ast.AST],
    bound: dict[int, dict[str, ast.expr]],
) -> bool:
    """``x.name`` where the function bound ``x`` once to a call that passes ``name=`` a display or a call of
    the old kind: ``rfi = RequestFuncInput(..., multi_modal_content={...})`` holds a dict, whatever the field
    may hold elsewhere."""
    func = enclosing(node, parents)
    if func is None or not isinstance(receiver, ast.Attribute) or not isinstance(receiver.value, ast.Name):
        return False
    if id(func) not in bound:
        bound[id(func)] = names_bound_once(func)
    made = bound[id(func)].get(receiver.value.id)
    given = [k.value for k in made.keywords if k.arg == receiver.attr] if isinstance(made, ast.Call) else []
    # ``mm = {...}; RequestFuncInput(..., multi_modal_content=mm)``: a local bound once to a display
    given = [bound[id(func)].get(g.id, g) if isinstance(g, ast.Name) else g for g in given]
    if isinstance(made, ast.Call) and not given:
        # ``RequestFuncInput("p", {...})``: positional, the field order not read here -- a display of the old
        # kind among the arguments is taken as the field's value (a miss at worst, never a false error)
        return any(_display_kind(a) == hit.old for a in made.args)
    return len(given) == 1 and _display_kind(given[0]) == hit.old


def _display_kind(expr: ast.expr) -> str | None:
    for shapes, kind in _DISPLAYS:
        if isinstance(expr, shapes):
            return kind
    return _KINDS_HELD.get(expr.func.id) if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) else None


_DISPLAYS: tuple[tuple[type | UnionType, str], ...] = (
    (ast.Dict | ast.DictComp, "dict"),
    (ast.List | ast.ListComp, "list"),
    (ast.Set | ast.SetComp, "set"),
    (ast.Tuple, "tuple"),
)


def _is_kind(kind: str, name: str) -> bool:
    return _KINDS_HELD.get(name) == kind


def _lacking(hit: Recontained, call: ast.Call) -> str | None:
    """Why the call fails on the new kind: a method only the old kind has, or ``pop(i)`` of a deque."""
    method = call.func.attr if isinstance(call.func, ast.Attribute) else ""
    if method in _OFFERS[hit.old] and method not in _OFFERS[hit.new]:
        return f"{'an' if hit.new[0] in 'aeiou' else 'a'} {hit.new} has no {method}()"
    if method == "pop" and hit.old == "list" and hit.new == "deque" and (call.args or call.keywords):
        return "a deque's pop() takes no index (popleft() takes the first)"
    return None


def recontained_held(
    expr: ast.expr,
    func: ast.FunctionDef | ast.AsyncFunctionDef | None,
    parents: dict[int, ast.AST],
    fork: ForkTypes,
    found: dict[str, list[Recontained]],
    bound: dict[int, dict[str, ast.expr]],
) -> Recontained | None:
    """The recontained field or return ``expr`` holds: ``x.name`` or ``x.name(...)`` with ``x`` typed as
    its class (or a subclass), or a local the function binds once to one of those; not where the class of
    that name is the fork's own, or a fork subclass declares the field itself (``ForkTypes``)."""
    if isinstance(expr, ast.Name) and func is not None:
        if id(func) not in bound:
            bound[id(func)] = names_bound_once(func)
        expr = uncopied(bound[id(func)].get(expr.id, expr))
    returned = isinstance(expr, ast.Call)
    read = expr.func if isinstance(expr, ast.Call) else expr
    if not isinstance(read, ast.Attribute) or read.attr not in found:
        return None
    typed = set() if set_in(read, func) else typed_as(read.value, func, parents, fork.classes)
    if returned and not typed:
        packages = {h.path.split("/", 1)[0] for h in found[read.attr]}
        # ``Cls.name(...)`` (a static method) or ``Cls(...).name(...)`` (off an instance built on the line)
        called = read.value.func if isinstance(read.value, ast.Call) else read.value
        typed = _class_called(called, func, parents, fork.classes, packages)
    if _is_super(read.value) and func is not None and isinstance(owner := parents.get(id(func)), ast.ClassDef):
        typed = _with_bases(base_names(owner), fork.classes)  # ``super().name(...)``: what the bases define
    elif not returned and isinstance(read.value, ast.Name) and func is not None:
        typed = typed | _method_returned(read.value, func, parents, fork, bound)
    return next(
        (
            h
            for h in found[read.attr]
            if h.returned == returned
            and h.owner in typed
            and not fork.holds(h.owner, h.name, typed, h.path)
            and not _library_namesake(parents, func, h)
        ),
        None,
    )


def _method_returned(
    receiver: ast.Name,
    func: ast.FunctionDef | ast.AsyncFunctionDef,
    parents: dict[int, ast.AST],
    fork: ForkTypes,
    bound: dict[int, dict[str, ast.expr]],
) -> set[str]:
    """The class a local holds that the function binds once to a method's call, read off that method's return
    annotation in the merged tree (mend77, #12094: ``out = self.forward(logits, md)`` or ``super().forward(...)``
    in a ``Sampler`` subclass holds a ``SamplerOutput``, whose ``sampled_token_ids`` upstream made a tensor).
    The method is looked up along the order of the class the call is made off: ``self`` (the enclosing class,
    its own override first), ``super()`` (past it), or a parameter annotated with a class.  Nothing where the
    local is bound twice, the method is not found or says no return, or its annotation is no plain class."""
    if id(func) not in bound:
        bound[id(func)] = names_bound_once(func)
    value = bound[id(func)].get(receiver.id)
    if not isinstance(value, ast.Call) or not isinstance(value.func, ast.Attribute):
        return set()
    index = fork.trees.merged_index()
    module = index.module_at(fork.path)
    if module is None:
        return set()
    callee, owner = value.func.value, parents.get(id(func))
    order: list[px.ClassInfo | px.External] = []
    if isinstance(owner, ast.ClassDef) and (_is_super(callee) or _names_self(callee, func)):
        cls = index.class_info(module, owner.name) if isinstance(parents.get(id(owner)), ast.Module) else None
        order = index.mro(cls, include_self=not _is_super(callee)) if cls is not None else []
    elif isinstance(callee, ast.Name) and not _rebound(callee.id, func):
        annotation = _parameter_annotation(func, callee.id)
        cls = index.class_of(index.resolve_expr(module, annotation)) if annotation is not None else None
        order = index.mro(cls) if cls is not None else []
    if not order:
        return set()
    found = index.member(order, value.func.attr, dynamic=False)
    if not isinstance(found, px.DefSym) or not isinstance(found.node, ast.FunctionDef | ast.AsyncFunctionDef):
        return set()
    returns = found.node.returns
    if isinstance(returns, ast.Constant) and isinstance(returns.value, str):
        returns = parsed_expression(returns.value)  # a quoted annotation
    held = _unwrapped(returns) if returns is not None else None
    if not isinstance(held, ast.Name | ast.Attribute):
        return set()
    return _with_bases({last_name(held)}, fork.classes)


def _names_self(callee: ast.expr, func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """``callee`` is the method's first parameter (``self``), never rebound in it."""
    first = [*func.args.posonlyargs, *func.args.args][:1]
    return (
        isinstance(callee, ast.Name) and bool(first) and first[0].arg == callee.id and callee.id not in assigned(func)
    )


def _parameter_annotation(func: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> ast.expr | None:
    """The class annotation of a parameter of ``func`` (a quoted one parsed), else None."""
    for arg in [*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs]:
        if arg.arg == name and arg.annotation is not None:
            held: ast.expr | None = arg.annotation
            if isinstance(held, ast.Constant) and isinstance(held.value, str):
                held = parsed_expression(held.value)
            held = _unwrapped(held) if held is not None else None
            return held if isinstance(held, ast.Name | ast.Attribute) else None
    return None


def _library_namesake(
    parents: dict[int, ast.AST], func: ast.FunctionDef | ast.AsyncFunctionDef | None, hit: Recontained
) -> bool:
    """The module imports the owner's name only absolutely, from packages other than the one of upstream's
    file (``from otherlib.inputs import PlaceholderRange``): a library's namesake class, not upstream's.
    A relative import, or none (a class of the module, a module-qualified name), keeps the read upstream's."""
    module: ast.AST | None = func
    while module is not None and not isinstance(module, ast.Module):
        module = parents.get(id(module))
    if module is None:
        return False
    package = hit.path.split("/", 1)[0]
    froms = [
        n
        for n in ast.walk(module)
        if isinstance(n, ast.ImportFrom) and any((a.asname or a.name) == hit.owner for a in n.names)
    ]
    return bool(froms) and all(not n.level and (n.module or "").split(".")[0] != package for n in froms)


_COPIERS = frozenset({"copy", "deepcopy"})


def uncopied(expr: ast.expr) -> ast.expr:
    """What a kind-keeping copy copies: ``x.copy()``, ``copy.copy(x)``, ``copy.deepcopy(x)``, ``x[:]`` -> ``x``
    (#28245 made ``LogprobsLists.sampled_token_ranks`` an ndarray: ``ranks = lists.sampled_token_ranks.copy()``
    holds an array too, and ``ranks.append(-1)`` raises); anything else as is."""
    while True:
        if isinstance(expr, ast.Call) and not expr.keywords:
            if isinstance(expr.func, ast.Attribute) and expr.func.attr == "copy" and not expr.args:
                expr = expr.func.value
                continue
            if _copier(expr.func) and len(expr.args) == 1 and not isinstance(expr.args[0], ast.Starred):
                expr = expr.args[0]
                continue
        if isinstance(expr, ast.Subscript) and isinstance(expr.slice, ast.Slice) and _whole(expr.slice):
            expr = expr.value
            continue
        return expr


def _copier(func: ast.expr) -> bool:
    """``copy.copy``/``copy.deepcopy`` or the name imported from ``copy`` (not ``np.copy``: it makes an array)."""
    if isinstance(func, ast.Attribute):
        return func.attr in _COPIERS and isinstance(func.value, ast.Name) and func.value.id == "copy"
    return isinstance(func, ast.Name) and func.id in _COPIERS


def _whole(part: ast.Slice) -> bool:
    return part.lower is None and part.upper is None and part.step is None


def _is_super(expr: ast.expr) -> bool:
    return isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id == "super" and not expr.args


def _class_called(
    receiver: ast.expr,
    func: ast.FunctionDef | ast.AsyncFunctionDef | None,
    parents: dict[int, ast.AST],
    classes: dict[str, ast.ClassDef],
    packages: set[str],
) -> set[str]:
    """The class a method is called off by its name (``RejectionSampler.parse_output(...)``, a static method:
    #26368 made its rows arrays), with its bases (whose owner ``ForkTypes`` still asks about): only a name no
    enclosing function binds (a parameter, an assignment, a local class or def, an import) and the module binds
    by its import alone, from the package of the callee's file: rebound to a fork subclass or an alias, set
    through ``global``, a method patched on it (``RejectionSampler.parse_output = ...``), or imported from a
    library, the name may stand for another class, or the call for the fork's own function."""
    if not isinstance(receiver, ast.Name) or func is None:
        return set()
    node: ast.AST | None = func
    while node is not None and not isinstance(node, ast.Module):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) and _binds(node, receiver.id):
            return set()
        node = parents.get(id(node))
    if node is None or _rebound_or_patched(node, receiver.id) or not _imported_from(node, receiver.id, packages):
        return set()
    return _with_bases({receiver.id}, classes)


def _imported_from(module: ast.Module, name: str, packages: set[str]) -> bool:
    """Every import binding ``name`` is ``from X import name`` of a package the callee's file is in: a class
    of that name from a library or the fork's other package (``from ext.sampling import RejectionSampler``)
    is not upstream's."""
    froms = [
        n
        for n in ast.walk(module)
        if isinstance(n, (ast.Import, ast.ImportFrom)) and any((a.asname or a.name) == name for a in n.names)
    ]
    return bool(froms) and all(
        isinstance(n, ast.ImportFrom) and not n.level and (n.module or "").split(".")[0] in packages for n in froms
    )


def _binds(func: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda, name: str) -> bool:
    """The function binds ``name`` itself: a parameter, a store, a nested class or def, an import, a
    ``global``/``nonlocal`` (another scope's binding made here)."""
    if any(a.arg == name for a in ast.walk(func.args) if isinstance(a, ast.arg)):
        return True
    return any(_binding(n, name) for n in ast.walk(func) if n is not func)


def _binding(node: ast.AST, name: str) -> bool:
    if isinstance(node, ast.Name):
        return node.id == name and isinstance(node.ctx, ast.Store)
    if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
        return node.name == name
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        return any((a.asname or a.name.split(".")[0]) == name for a in node.names)
    return isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names


def _rebound_or_patched(module: ast.Module, name: str) -> bool:
    """The module binds ``name`` otherwise than by importing it (an assignment anywhere, a class or def of
    that name), or sets a member on it (``name.attr = ...``, ``setattr(name, ...)``)."""
    for node in ast.walk(module):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        if _binding(node, name) and not isinstance(node, (ast.Global, ast.Nonlocal)):
            return True
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            if isinstance(node.value, ast.Name) and node.value.id == name:
                return True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr":
            if node.args and isinstance(node.args[0], ast.Name) and node.args[0].id == name:
                return True
    return False


def _with_bases(names: set[str], classes: dict[str, ast.ClassDef]) -> set[str]:
    """``names`` and the bases of those among the file's own classes, transitively."""
    todo = list(names)
    while todo and len(names) < 64:
        cls = classes.get(todo.pop())
        for base in base_names(cls) - names if cls is not None else ():
            names.add(base)
            todo.append(base)
    return names


def names_bound_once(func: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, ast.expr]:
    """The names a function assigns exactly once (``name = value``), with that value.  A name bound anywhere
    else as well (a loop's or a comprehension's target, ``:=``, a lambda's parameter, a nested def's or class's
    name, a nested def's ``nonlocal``) is left out: a read of it may be that other value (``n = out.blocks;
    keep(n); for n in sizes: if n > 4``).  Only the function's own scope binds: a nested def's ``fixup =
    TABLE[a]`` is its own local, not the outer ``fixup`` (mend56)."""
    stores: collections.Counter[str] = collections.Counter()
    values: dict[str, list[ast.expr]] = {}
    for node in _own_scope(func, stores):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    values.setdefault(target.id, []).append(node.value)
    return {name: held[0] for name, held in values.items() if len(held) == 1 and stores[name] == 1}


def _own_scope(func: ast.FunctionDef | ast.AsyncFunctionDef, stores: collections.Counter[str]) -> Iterator[ast.AST]:
    """The nodes of the function's own scope, counting into ``stores`` how often each name is bound there
    (``x += [y]`` keeps x's value: not counted); a nested scope counts only what it binds in this one."""
    stack: list[ast.AST] = [*func.body]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            stores[node.name] += 1
            stores.update(n for inner in ast.walk(node) if isinstance(inner, ast.Nonlocal) for n in inner.names)
            continue
        if isinstance(node, ast.Lambda):
            stores.update(a.arg for a in ast.walk(node.args) if isinstance(a, ast.arg))
            continue
        if isinstance(node, ast.AugAssign):
            stack.append(node.value)
            continue
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            stores[node.id] += 1
        yield node
        stack.extend(ast.iter_child_nodes(node))


def typed_as(
    receiver: ast.expr,
    func: ast.FunctionDef | ast.AsyncFunctionDef | None,
    parents: dict[int, ast.AST],
    classes: dict[str, ast.ClassDef],
) -> set[str]:
    """The class names a receiver is typed as, with the bases of the file's own classes among them."""
    if not isinstance(receiver, ast.Name) or func is None:
        return set()
    owner = parents.get(id(func))
    if receiver.id == "self" and isinstance(owner, ast.ClassDef):
        names = {owner.name}
    elif _rebound(receiver.id, func):
        return set()  # ``mc = x.runner``: whatever the parameter's annotation said, it holds another now
    else:
        names = {n.rsplit(".", 1)[-1] for n in receiver_names(receiver.id, func)}
    return _with_bases(names, classes)


def _rebound(name: str, func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """The function assigns the name something other than a call (a call is a class built: typed)."""
    return any(not isinstance(value, ast.Call) for value in assigned(func).get(name, ()))


def _container_finding(
    trees: ThreeTrees, path: str, line: int, hit: Recontained, how: str, sure: bool, pr_pattern: str
) -> Finding:
    head = hit.now.split("[", 1)[0].rsplit(".", 1)[-1]
    commit = trees.upstream_commit(hit.path, rf"\b{re.escape(hit.name)}\b.*\b{re.escape(head)}\b", pr_pattern)
    what = f"{hit.owner}.{hit.name}{'()' if hit.returned else ''}"
    use, why = how.split("|", 1)
    when = f"when it holds {_article(hit.new)}" if hit.widened else "on first use"
    message = (
        f"fork-owned line {use}, but upstream made {what} a {hit.now} (was {hit.was}) ({hit.path}{commit}): "
        f"{why}, so the line raises {when}"
    )
    if not sure:  # a kind or version test not read here may keep this use off the new kind
        return Finding(
            RULE, "merge", Severity.WARNING, path, line, f"{message} (unless the kind or version test above keeps it)"
        )
    return Finding(RULE, "merge", Severity.ERROR, path, line, message)
