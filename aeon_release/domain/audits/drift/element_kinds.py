"""Element drift: upstream kept a container and changed what it holds from a builtin container to an array.

``ModelRunnerOutput.sampled_token_ids: list[list[int]]`` became ``list[np.ndarray]`` (#28771): the field
is still a list, so the container drift of ``retyped`` (the outer kind changed) says nothing, but each
element is an array now.  A fork line ``output.sampled_token_ids[i] + [bonus]`` merges cleanly and adds
``bonus`` to every token id instead of appending it (an array broadcasts ``+``); ``ids.append(pad)``
in a loop over the field raises on first use (an array cannot grow).

Upstream's side: the Python files whose diff removed a line annotating something as a container of a
builtin container (``name: list[list[int]]``, ``-> list[dict[str, int]]``); parsed at the base and at
upstream, a field or a method's return whose outer container kept its kind while its element went from
a builtin container (``list``, ``tuple``, ``deque``) to a class of an outside library (a module the tree
does not hold: an array type), or to a class upstream's file defines without bases and without the
method.  The fork's side, on lines it wrote: an element (``x.name[i]``, a local bound once to one, or a
loop variable over ``x.name``) with ``x`` typed as the owning class, whose list-only method it calls
(``append``, ``extend``, ``insert``, ``remove``, ``clear``) or that it concatenates with a list (or tuple)
display (``+``, ``+=``).  A use under ``isinstance(ids, list)`` or ``hasattr(ids, "append")`` is written
for both sides and stays quiet, as is a copy first made a list (``list(ids) + [bonus]``).

A mapping's values are its elements too (killers143): ``KVCacheStoreSendingThread.stored_requests:
defaultdict[str, int]`` became ``dict[str, set[int]]`` (#52372, one entry per store job), and a fork line
``thread.stored_requests.get(req_id, 0) > 0`` now compares a set with a number.  A value is read through
``x.name[key]``, ``x.name.get(...)``/``setdefault(...)``/``pop(key)``, a local bound once to one, or a loop
over ``x.name.values()`` (or the value of a loop over ``x.name.items()``); a loop over the mapping itself
walks its keys, not its values, and is not read.  The same reading serves a mapping's container values made
arrays (``dict[str, list[int]]`` -> ``dict[str, np.ndarray]``) or its pairs made a plain class.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import replace
from functools import cache

from aeon_release.domain.audits.drift.fallbacks import caught_around, isinstance_asked, version_gated
from aeon_release.domain.audits.drift.own_fields import ForkTypes, enclosing, file_classes
from aeon_release.domain.audits.drift.returns import attribute_readers, attributes_read
from aeon_release.domain.audits.drift.retyped import (
    _BUILTIN_CONTAINERS,
    _CONTAINER_LINE,
    _OFFERS,
    Recontained,
    _container,
    _defining,
    _kind_tested,
    _unwrapped,
    counted_against,
    counted_how,
    names_bound_once,
    reannotated,
    recontained_held,
)
from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.drift.told_apart import told_apart
from aeon_release.domain.audits.merge_rules import TYPE_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import (
    last_name,
    lazy_pattern,
    parent_map,
    parse_python,
    parsed_expression,
    walk_spanning,
)

_SEQUENCES = frozenset({"list", "tuple", "deque", "set", "frozenset"})
# what an element of the old kind offers and an array does not: growing or shrinking it in place
_GROWERS = {
    "list": frozenset({"append", "extend", "insert", "remove", "clear"}),
    "deque": frozenset({"append", "appendleft", "extend", "extendleft", "insert", "remove", "clear"}),
}
_DISPLAYS: dict[str, tuple[type[ast.expr], ...]] = {"list": (ast.List, ast.ListComp), "tuple": (ast.Tuple,)}
_INNER = r"(?:Optional\[)?(?:typing\.|collections\.)?(?:List|list|Tuple|tuple|Deque|deque|Sequence|Set|set)\[[ \t]*(?:typing\.|collections\.)?(?:List|list|Tuple|tuple|Deque|deque)\b"
# a removed line annotating a field (``name: list[list[int]]``) or a one-line def's return as a container
# of a builtin container; ``)`` for a signature's own last line
_FIELD_INNER = lazy_pattern(r"\n-[ \t]*(?:self\.)?(\w+)[ \t]*:[ \t]*" + _INNER)
# the same of a container of numbers (``block_ids: list[int]``): an element made a container is read apart
_FIELD_NUMBERS = lazy_pattern(
    r"\n-[ \t]*(?:self\.)?(\w+)[ \t]*:[ \t]*(?:Optional\[)?(?:typing\.)?(?:List|list|Sequence|Tuple|tuple)\[[ \t]*(?:int|float)\b"
)
# the same of a mapping to numbers (``stored_requests: defaultdict[str, int]``): a plain key (no brackets, no
# comma) then the number value, each class of characters met once, so the scan stays linear
_MAPPED_NUMBERS = lazy_pattern(
    r"\n-[ \t]*(?:self\.)?(\w+)[ \t]*:[ \t]*(?:Optional\[)?(?:typing\.|collections\.)?"
    r"(?:Dict|dict|DefaultDict|defaultdict|OrderedDict|Mapping|MutableMapping)\[[^,\[\]\n]*,[ \t]*(?:int|float)\b"
)
# the same of a mapping to a union of scalars (``xargs: dict[str, str | int | float]``): its values may be
# widened to admit a container (#48252), which a conversion of each value to a number refuses
_MAPPED_SCALARS = lazy_pattern(
    r"\n-[ \t]*(?:self\.)?(\w+)[ \t]*:[ \t]*(?:Optional\[)?(?:typing\.|collections\.)?"
    r"(?:Dict|dict|Mapping|MutableMapping)\[[^,\[\]\n]*,[ \t]*(?:str|int|float|bool)[ \t]*\|"
)
# and of a mapping to builtin containers (``req_blocks: dict[str, list[int]]``), whose values may become arrays
# or, tuples, a plain class
_MAPPED_INNER = lazy_pattern(
    r"\n-[ \t]*(?:self\.)?(\w+)[ \t]*:[ \t]*(?:Optional\[)?(?:typing\.|collections\.)?"
    r"(?:Dict|dict|DefaultDict|defaultdict|OrderedDict|Mapping|MutableMapping)\[[^,\[\]\n]*,[ \t]*"
    r"(?:typing\.|collections\.)?(?:List|list|Tuple|tuple|Deque|deque)\b"
)
# The lookahead: a removed line without such an arrow is passed over in one scan.  Without it each ``def name`` on
# the line was tried against every later end of the line: 25 ms of a 500-commit release's ordinary lines, ~7 s
# for one 120 KB line of them (a line that has the arrow and many defs after it is still slow).
_RETURN_INNER = lazy_pattern(
    r"\n-(?=[^\n]*->[ \t]*" + _INNER + r")[^\n]*?(?:\bdef[ \t]+(\w+)[^\n]*?|[ \t]*\)[ \t]*)->[ \t]*" + _INNER
)


# a removed line annotating a field, or a signature's return, as a mapping (or list) of one class of the tree
# (``-> dict[BatchExecutionDescriptor, CapturedAttentionState]``): its values' class may be replaced by one that
# lacks a field of the old (#44253); the lookahead passes a line without the arrow over in one scan, as above.
# It asks for the whole annotation, the record's class too, as the match does: with the container alone a line
# of many defs ending ``-> list[list[int]]`` (an annotation _RETURN_INNER reads) passed it and was tried def by
# def against every later end of the line, ~11 CPU-s for a 120 KB line (the suite's costliest test; suitespeed9)
_RECORDS = r"(?:typing\.)?(?:Dict|dict|Mapping|List|list|Sequence)\["
_RECORD = r"(?:[^,\[\]\n]*,)?[ \t]*[A-Z]\w*[ \t]*\]"  # ``[K, Cls]`` or ``[Cls]``: a plain key, a class's name
_RETURN_RECORDS = lazy_pattern(
    r"\n-(?=[^\n]*->[ \t]*"
    + _RECORDS
    + _RECORD
    + r")[^\n]*?(?:\bdef[ \t]+(\w+)[^\n]*?|[ \t]*\)[ \t]*)->[ \t]*"
    + _RECORDS
    + _RECORD
)
_FIELD_RECORDS = lazy_pattern(r"\n-[ \t]*(?:self\.)?(\w+)[ \t]*:[ \t]*(?:Optional\[)?" + _RECORDS + _RECORD)
# The six field patterns above in one scan (each 7.4 ms over a 500-commit release's 208 container diffs, the
# six 44 ms; one 7.8): they share the removed line's head up to the annotation, whose name is the only group,
# and each match ends on the line it starts, so a line one of them finds is the line the union finds, with
# the same name (``\w+`` then ``:`` can stop at one place only).
_FIELD_HEAD = r"\n-[ \t]*(?:self\.)?(\w+)[ \t]*:[ \t]*"
# a container of arrays (``list[np.ndarray]``, ``list[torch.Tensor]``), whose elements may be made lists again
# (killers211: #29121 reverted ``RejectionSampler.parse_output``'s rows from ``np.ndarray`` to ``list[int]``)
_ARRAYS = r"(?:Optional\[)?(?:typing\.)?(?:List|list|Sequence|Tuple|tuple)\[[ \t]*(?:np|numpy|torch|npt)\.(?:ndarray|Tensor|NDArray)\b"
_FIELD_ARRAYS = lazy_pattern(_FIELD_HEAD + _ARRAYS)
_RETURN_ARRAYS = lazy_pattern(
    r"\n-(?=[^\n]*->[ \t]*" + _ARRAYS + r")[^\n]*?(?:\bdef[ \t]+(\w+)[^\n]*?|[ \t]*\)[ \t]*)->[ \t]*" + _ARRAYS
)
_FIELD_KINDS = (
    _FIELD_INNER,
    _FIELD_NUMBERS,
    _MAPPED_NUMBERS,
    _MAPPED_INNER,
    _MAPPED_SCALARS,
    _FIELD_RECORDS,
    _FIELD_ARRAYS,
)
_FIELD_ANNOTATIONS = lazy_pattern(
    _FIELD_HEAD + "(?:" + "|".join(p.pattern.removeprefix(_FIELD_HEAD) for p in _FIELD_KINDS) + ")"
)


def element_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork lines that use an element of a container upstream now fills with arrays as the old container."""
    wanted = attributes_read(trees)
    changed = {
        p: _inner_changed(trees.upstream.raw(p), wanted) for p in trees.upstream.matching(_CONTAINER_LINE, ".py")
    }
    unnamed = [p for p, names in changed.items() if names == {")"}]
    paths = [p for p, names in changed.items() if names - {")"}] + _defining(trees, unnamed, wanted)
    found = _regathered(trees, sorted(paths), wanted) if paths else {}
    if not found:
        return []
    return [
        _finding(trees, path, line, hit, how, sure, pr_pattern)
        for path, module, owned in attribute_readers(trees, found)
        for line, hit, how, sure in _element_uses(trees, path, module, owned, found)
    ]


def _inner_changed(diff: str, wanted: set[str]) -> set[str]:
    """The names of the fork reads whose annotation as a container of containers the diff removed, and
    ``)`` for a signature's last line's (its def is above the hunk: the texts decide, then the parse)."""
    names = {m.group(1) for m in _FIELD_ANNOTATIONS.finditer(diff)} | {
        m.group(1) or ")" for m in _RETURN_RECORDS.finditer(diff)
    }
    names |= {m.group(1) or ")" for m in _RETURN_INNER.finditer(diff)}
    names |= {m.group(1) or ")" for m in _RETURN_ARRAYS.finditer(diff)}
    return names & (wanted | {")"})


def _regathered(trees: ThreeTrees, paths: list[str], wanted: set[str]) -> dict[str, list[Recontained]]:
    """The fields and returns whose outer container kept its kind while its element went from a builtin
    container to an array (``old``: the element's old kind; ``new``: the element's annotation now)."""
    found: dict[str, list[Recontained]] = {}
    for pair in reannotated(trees, paths, wanted):
        if pair.name not in wanted:
            continue
        hit = _rehoused(trees, pair.text, pair.module, pair.name, pair.owner, pair.path, pair.was, pair.now)
        if hit is not None and pair.is_return:
            hit = Recontained(hit.name, pair.owner, pair.path, hit.was, hit.now, hit.old, hit.new, True)
        if hit is not None:
            found.setdefault(hit.name, []).append(hit)
    return found


def _rehoused(
    trees: ThreeTrees, text: str, module: ast.Module, name: str, owner: str, path: str, was: ast.expr, now: ast.expr
) -> Recontained | None:
    """The element drift of one annotation pair, when its element became an array."""
    outer = _container(was)
    if outer is None or (outer not in _SEQUENCES and outer != "dict") or _container(now) != outer:
        return None
    old_element, new_element = _element(was, outer), _element(now, outer)
    if old_element is None or new_element is None:
        return None
    lost = _fields_lost(trees, path, text, module, old_element, new_element)
    if lost is not None:
        return Recontained(name, owner, path, ast.unparse(was), ast.unparse(now), lost, ast.unparse(new_element), False)
    reshaped = _reshaped(trees, text, module, old_element, new_element)
    if reshaped is not None:
        return Recontained(
            name, owner, path, ast.unparse(was), ast.unparse(now), reshaped, ast.unparse(new_element), False
        )
    kind = _container(old_element)
    if _array_named(old_element) and _container(new_element) in _SEQUENCES:
        return Recontained(
            name, owner, path, ast.unparse(was), ast.unparse(now), _ARRAY, ast.unparse(new_element), False
        )
    if kind not in _GROWERS and kind not in _DISPLAYS:
        return None
    if _container(new_element) is not None or not _an_array(trees, text, module, new_element):
        return None
    return Recontained(
        name, owner, path, ast.unparse(was), ast.unparse(now), kind or "", ast.unparse(new_element), False
    )


# an element that was an array (``Recontained.old``), made a builtin sequence
_ARRAY = "array"
_ARRAY_NAMES = frozenset({"ndarray", "NDArray", "Tensor"})
# what an array offers and a builtin sequence lacks: its methods (container drift's table) and its attributes
_ARRAY_MEMBERS = (_OFFERS["array"] | {"shape", "dtype", "ndim", "T", "device", "nbytes", "itemsize"}) - (
    _OFFERS["list"] | _OFFERS["tuple"]
)


def _array_named(element: ast.expr) -> bool:
    """An annotation naming an array class: ``np.ndarray``, ``npt.NDArray[...]``, ``torch.Tensor``."""
    node = element.value if isinstance(element, ast.Subscript) else element
    return isinstance(node, ast.Attribute | ast.Name) and last_name(node) in _ARRAY_NAMES


def _reshaped(
    trees: ThreeTrees, text: str, module: ast.Module, old_element: ast.expr, new_element: ast.expr
) -> str | None:
    """The old element's shape when it is one a fork line's use of breaks on the new element: a number
    made a builtin container (#18593: ``block_ids: list[int]`` -> ``list[list[int]]``, one per KV cache
    group), ``"int"``; a tuple of fixed length made a class that cannot be unpacked (#29764: the priority
    queue's ``_heap: list[tuple[int, float, Request]]`` -> ``list[Request]``), ``"3-tuple"``."""
    if _container_admitted(old_element, new_element):
        return _SCALARS
    old = last_name(old_element)
    if old in _ELEMENT_NUMBERS and not isinstance(old_element, ast.Subscript):
        return old if _container(new_element) in _BUILTIN_CONTAINERS else None
    arity = _arity(old_element)
    if arity and _unpackless(trees, text, module, new_element):
        return f"{arity}-tuple"
    return None


_ELEMENT_NUMBERS = frozenset({"int", "float"})
# a record class's fields, some of which its replacement lacks: ``fields:a,b:b`` (the old fields in order, then
# the lost ones), kept in ``Recontained.old``
_FIELDS = "fields"


def _fields_lost(
    trees: ThreeTrees, path: str, text: str, module: ast.Module, old_element: ast.expr, new_element: ast.expr
) -> str | None:
    """The element's record class replaced by another that lacks some of its fields (#44253:
    ``CapturedAttentionState(attn_metadata, slot_mappings)`` -> ``AttentionStatePair(warmup, captured)``),
    as ``fields:<old fields>:<lost fields>``; None unless both are record classes of the tree (a
    ``NamedTuple`` or a dataclass, found in the file or the tree module it imports from, at the base and at
    upstream) and the new one defines no ``__getattr__`` and has no other base to inherit a field from."""
    if not isinstance(old_element, ast.Name | ast.Attribute) or not isinstance(new_element, ast.Name | ast.Attribute):
        return None
    if ast.unparse(old_element) == ast.unparse(new_element):
        return None
    new = _record_class(trees, trees.theirs, text, module, new_element)
    if new is None or [b for b in new.bases if last_name(b) != "NamedTuple"] or new.keywords:
        return None
    base_text = trees.blobs(trees.base, [path]).get(path)
    base_module = parse_python(base_text, path) if base_text else None
    old = _record_class(trees, trees.base, base_text or "", base_module, old_element) if base_module else None
    if old is None:
        return None
    fields = _record_fields(old)
    members = _class_names(new)
    lost = [f for f in fields if f not in members]
    if not lost or members & {"__getattr__", "__getattribute__"}:
        return None
    return f"{_FIELDS}:{','.join(fields)}:{','.join(lost)}"


def _record_class(trees: ThreeTrees, rev: str, text: str, module: ast.Module, element: ast.expr) -> ast.ClassDef | None:
    """The ``NamedTuple`` or dataclass ``element`` names, in the file or the tree module it is imported from."""
    name = last_name(element)
    cls = {c.name: c for c in file_classes(module.body)}.get(name)
    if cls is None:
        source = _module_of(text, ast.unparse(element).split(".", 1)[0])
        cls = _imported_class(trees, source, name, rev) if source is not None else None
    if cls is None:
        return None
    named = any(last_name(b) == "NamedTuple" for b in cls.bases)
    dataclassed = any(last_name(d.func if isinstance(d, ast.Call) else d) == "dataclass" for d in cls.decorator_list)
    return cls if (named or dataclassed) and _plainly_decorated(cls) else None


def _record_fields(cls: ast.ClassDef) -> list[str]:
    """A record class's fields, in order: its body's annotated names (``ClassVar`` aside)."""
    return [
        stmt.target.id
        for stmt in cls.body
        if isinstance(stmt, ast.AnnAssign)
        and isinstance(stmt.target, ast.Name)
        and "ClassVar" not in ast.unparse(stmt.annotation)
    ]


def _lost_fields(hit: Recontained) -> tuple[list[str], set[str]]:
    """The old record's fields in order and the ones its replacement lacks, from ``hit.old``."""
    if not hit.old.startswith(_FIELDS + ":"):
        return [], set()
    _, fields, lost = hit.old.split(":")
    return fields.split(","), set(lost.split(","))


# a union of scalars a value was, which a number conversion took whole (``str | int | float``)
_SCALARS = "scalar"
_SCALAR_NAMES = frozenset({"str", "int", "float", "bool"})
# the conversions of one value to a number: each refuses a container with TypeError
_TO_NUMBER = frozenset({"float", "int"})


def _members(annotation: ast.expr) -> list[ast.expr]:
    """The members of a ``A | B | C`` union annotation (``Union[A, B]`` too), or the annotation alone."""
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        return [*_members(annotation.left), *_members(annotation.right)]
    if isinstance(annotation, ast.Subscript) and last_name(annotation.value) == "Union":
        inner = annotation.slice
        return list(inner.elts) if isinstance(inner, ast.Tuple) else [inner]
    return [annotation]


def _container_admitted(old_element: ast.expr, new_element: ast.expr) -> bool:
    """The old element was a union of plain scalars (``str | int | float``) and the new one keeps each and
    admits a builtin container beside them (``| list[str | int | float]``, #48252): a value may now be one."""
    old = _members(old_element)
    if len(old) < 2 or not all(isinstance(m, ast.Name) and m.id in _SCALAR_NAMES for m in old):
        return False
    new = _members(new_element)
    kept = {m.id for m in new if isinstance(m, ast.Name)}
    return kept >= {m.id for m in old if isinstance(m, ast.Name)} and any(
        _container(m) in _BUILTIN_CONTAINERS for m in new if isinstance(m, ast.Subscript | ast.Name)
    )


def _arity(element: ast.expr) -> int:
    """The length of a ``tuple[A, B, C]`` annotation (no ``...``), else 0."""
    node = _unwrapped(element)
    if not (isinstance(node, ast.Subscript) and _container(node) == "tuple" and isinstance(node.slice, ast.Tuple)):
        return 0
    elts = node.slice.elts
    return 0 if any(isinstance(e, ast.Constant) and e.value is Ellipsis for e in elts) else len(elts)


# what makes an instance unpackable or indexable: a class defining one of them is not judged
_UNPACKERS = frozenset({"__iter__", "__getitem__"})


def _unpackless(trees: ThreeTrees, text: str, module: ast.Module, element: ast.expr) -> bool:
    """The element's class is a plain class of the tree (upstream's file or the module it imports it from)
    with no base and neither ``__iter__`` nor ``__getitem__``: unpacking one raises TypeError."""
    if not isinstance(element, ast.Name | ast.Attribute):
        return False
    name = last_name(element)
    cls = {c.name: c for c in file_classes(module.body)}.get(name)
    if cls is None:
        source = _module_of(text, ast.unparse(element).split(".", 1)[0])
        cls = _imported_class(trees, source, name) if source is not None else None
    if cls is None or cls.bases or cls.keywords or not _plainly_decorated(cls):
        return False
    return not _class_names(cls) & _UNPACKERS


def _plainly_decorated(cls: ast.ClassDef) -> bool:
    """No decorator but ``dataclass``: any other (``@iterable``) may add ``__iter__`` where it is not read."""
    return all(last_name(d.func if isinstance(d, ast.Call) else d) == "dataclass" for d in cls.decorator_list)


def _class_names(cls: ast.ClassDef) -> set[str]:
    """The names a class body defines: ``def``s and assignments (``__iter__ = _fields``, ``__getitem__ = ...``)."""
    names = {n.name for n in cls.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)}
    for node in cls.body:
        targets = (
            node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        )
        names |= {t.id for t in targets if isinstance(t, ast.Name)}
    return names


def _imported_class(trees: ThreeTrees, source: str, name: str, rev: str | None = None) -> ast.ClassDef | None:
    stem = source.replace(".", "/")
    for held in trees.blobs(rev or trees.theirs, [f"{stem}.py", f"{stem}/__init__.py"]).values():
        if held is not None:
            module = parse_python(held)
            return {c.name: c for c in file_classes(module.body)}.get(name) if module is not None else None
    return None


def _element(annotation: ast.expr, outer: str) -> ast.expr | None:
    """What a one-element container annotation holds: ``list[X]``, ``tuple[X, ...]`` -> ``X``; a mapping's
    value: ``dict[K, X]`` -> ``X``."""
    node = _unwrapped(annotation)
    if not isinstance(node, ast.Subscript):
        return None
    inner = node.slice
    if outer == "dict":
        return inner.elts[1] if isinstance(inner, ast.Tuple) and len(inner.elts) == 2 else None
    if isinstance(inner, ast.Tuple):
        two = len(inner.elts) == 2 and isinstance(inner.elts[1], ast.Constant) and inner.elts[1].value is Ellipsis
        return inner.elts[0] if two else None
    return inner


def _an_array(trees: ThreeTrees, text: str, module: ast.Module, element: ast.expr) -> bool:
    """The element's class is an outside library's (its module is not in the tree: an array type), or a
    class the file defines with no bases and neither a list method nor ``__add__``."""
    if not isinstance(element, (ast.Name, ast.Attribute)):
        return False
    dotted = ast.unparse(element)
    own = {cls.name: cls for cls in file_classes(module.body)}
    if dotted in own:
        cls = own[dotted]
        defs = {n.name for n in cls.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
        return not cls.bases and not defs & {"append", "extend", "__add__", "__radd__", "__iadd__"}
    source = _module_of(text, dotted.split(".", 1)[0])
    if source is None:
        return False
    stem = source.replace(".", "/")
    held = trees.blobs(trees.theirs, [f"{stem}.py", f"{stem}/__init__.py"])
    return not any(held.values()) and not source.startswith(("typing", "collections", "builtins", "."))


def _module_of(text: str, head: str) -> str | None:
    """The module a name is bound from: ``import numpy as np`` -> numpy; ``from torch import Tensor`` -> torch."""
    escaped = re.escape(head)
    for pattern in (
        rf"^[ \t]*import[ \t]+([\w.]+)[ \t]+as[ \t]+{escaped}\b",
        rf"^[ \t]*import[ \t]+({escaped})\b",
        rf"^[ \t]*from[ \t]+([\w.]+)[ \t]+import[ \t]+(?:\([^)]*|[^\n]*)\b{escaped}\b",
    ):
        found = re.search(pattern, text, re.M)
        if found is not None:
            return found.group(1)
    return None


def _element_uses(
    trees: ThreeTrees, path: str, module: ast.Module, owned: set[int], found: dict[str, list[Recontained]]
) -> Iterator[tuple[int, Recontained, str, bool]]:
    """(line, hit, what the line does|why it fails, sure): not sure under a version test."""
    parents = parent_map(module)
    fork = ForkTypes.of(trees, path, module)
    bound: dict[int, dict[str, ast.expr]] = {}
    for node in walk_spanning(module, owned):
        line = getattr(node, "lineno", 0)
        if line not in owned:
            continue
        for subject, how in _list_uses(node):
            hit = _held_element(subject, node, parents, fork, found, bound)
            if hit is not None and (why := _why(hit, how)) is not None:
                if not _kind_tested(node, subject, hit, parents, bound):
                    yield line, hit, f"{how[1]}|{why}", _sure(trees, hit, node, parents)
        for hit, shaped in _reshaped_uses(node, parents, fork, found, bound):
            yield line, hit, shaped, _sure(trees, hit, node, parents)


def _sure(trees: ThreeTrees, hit: Recontained, node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """The use runs after the merge: under no version test, nor a ``hasattr`` test of a member the owner's
    file gained or lost (``if hasattr(thread, "add_stored_request"):``, a path kept for older releases)."""
    return not version_gated(node, parents) and not told_apart(trees, hit.path, node, parents)


def _reshaped_uses(
    node: ast.AST,
    parents: dict[int, ast.AST],
    fork: ForkTypes,
    found: dict[str, list[Recontained]],
    bound: dict[int, dict[str, ast.expr]],
) -> Iterator[tuple[Recontained, str]]:
    """An element used as the number it was (compared with one, arithmetic), converted to a number as the
    scalar it was, or unpacked as the tuple it was."""
    yield from _array_uses(node, parents, fork, found, bound)
    converted = _converted(node)
    if converted is not None and isinstance(node, ast.Call):
        hit = _held_element(converted, node, parents, fork, found, bound)
        if hit is not None and hit.old == _SCALARS and not _value_checked(node, converted, parents):
            conversion = ast.unparse(node.func)
            yield hit, f"converts {ast.unparse(converted)} by {conversion}()|{conversion}() of a list raises TypeError"
    if (
        isinstance(node, ast.Attribute)
        and isinstance(node.ctx, ast.Load)
        and any(node.attr in _lost_fields(h)[1] for hits in found.values() for h in hits)
    ):
        hit = _held_element(node.value, node, parents, fork, found, bound)
        if hit is not None and node.attr in _lost_fields(hit)[1] and not _value_checked(node, node.value, parents):
            yield hit, f"reads {ast.unparse(node)}|a {hit.new} has no field {node.attr}"
    counted = counted_against(node)
    if counted is not None:
        hit = _held_element(counted, node, parents, fork, found, bound)
        if hit is not None and hit.old in _ELEMENT_NUMBERS and not _kind_tested(node, counted, hit, parents, bound):
            yield hit, f"{counted_how(node, counted)}|a {hit.new} is no number"
    for names, value, looped in _unpacks(node):
        func = enclosing(node, parents)
        if looped:
            hit = _walked(value, func, parents, fork, found, bound)
        else:
            picked = _picked_from(value)
            hit = (
                _unmapped(recontained_held(picked, func, parents, fork, found, bound))
                if picked is not None
                else _held_element(value, node, parents, fork, found, bound)
            )
        fields, lost = _lost_fields(hit) if hit is not None else ([], set())
        if hit is not None and lost and _unpacked_as(node, fields):
            yield hit, f"unpacks an element of {ast.unparse(value)} into its old fields|a {hit.new} holds other fields"
        if hit is not None and hit.old == f"{names}-tuple":
            if not _kind_tested(node, value, replace(hit, old="tuple"), parents, bound):
                yield hit, f"unpacks an element of {ast.unparse(value)} into {names} names|a {hit.new} is no tuple"


def _array_uses(
    node: ast.AST,
    parents: dict[int, ast.AST],
    fork: ForkTypes,
    found: dict[str, list[Recontained]],
    bound: dict[int, dict[str, ast.expr]],
) -> Iterator[tuple[Recontained, str]]:
    """An element that was an array, used as one (killers211, #29121): a member only an array has
    (``row.tolist()``, ``row.size``: AttributeError on a list), or a boolean mask of itself (``row[row !=
    eos]``: a list indexed by ``True`` reads its second element, silently)."""
    if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load) and node.attr in _ARRAY_MEMBERS:
        hit = _held_element(node.value, node, parents, fork, found, bound)
        if hit is not None and hit.old == _ARRAY and not _array_tested(node, node.value, hit, parents, bound):
            yield hit, f"reads {ast.unparse(node)}|a {hit.new} has no {node.attr} (an array had)"
    elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load) and _self_masked(node):
        hit = _held_element(node.value, node, parents, fork, found, bound)
        if hit is not None and hit.old == _ARRAY and not _array_tested(node, node.value, hit, parents, bound):
            how = f"indexes {ast.unparse(node.value)} by a comparison of itself"
            yield hit, f"{how}|a {hit.new} compared with a value is one bool, and indexing by it reads one element"


def _array_tested(
    node: ast.AST,
    subject: ast.expr,
    hit: Recontained,
    parents: dict[int, ast.AST],
    bound: dict[int, dict[str, ast.expr]],
) -> bool:
    """The use runs only where the element is still an array (``isinstance(row, np.ndarray)``, ``hasattr``), or
    its function asks the element's kind at all: written for both sides (a version test is ``_sure``'s)."""
    func = enclosing(node, parents)
    asked = func is not None and isinstance_asked(func, ast.unparse(subject))
    return asked or _kind_tested(node, subject, hit, parents, bound)


def _self_masked(node: ast.Subscript) -> bool:
    """``x[x != v]``, ``x[x > 0]``: an index that compares the very value it indexes."""
    if not isinstance(node.slice, ast.Compare):
        return False
    spelt = ast.unparse(node.value)
    return any(ast.unparse(side) == spelt for side in [node.slice.left, *node.slice.comparators])


def _converted(node: ast.AST) -> ast.expr | None:
    """The value ``float(value)`` or ``int(value)`` converts to a number (one argument, no base)."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in _TO_NUMBER
        and len(node.args) == 1
        and not node.keywords
        and not isinstance(node.args[0], ast.Starred)
    ):
        return node.args[0]
    return None


def _value_checked(node: ast.AST, value: ast.expr, parents: dict[int, ast.AST]) -> bool:
    """The fork may have told the value's kinds apart: its function (or comprehension) asks ``isinstance`` of
    it anywhere, or a handler around the conversion catches what a container raises."""
    where: ast.AST | None = enclosing(node, parents)
    if where is None:  # at a module's top level: the module
        where = node
        while (up := parents.get(id(where))) is not None:
            where = up
    text = ast.unparse(value)
    asked = any(
        isinstance(n, ast.Call) and last_name(n.func) == "hasattr" and n.args and ast.unparse(n.args[0]) == text
        for n in ast.walk(where)
    )
    return (
        asked
        or isinstance_asked(where, text)
        or caught_around(node, frozenset({"TypeError", "AttributeError", "Exception", "BaseException"}), parents)
    )


def _unpacks(node: ast.AST) -> Iterator[tuple[int, ast.expr, bool]]:
    """(how many names, what is unpacked, whether it is a loop's iterable whose elements are): ``a, b, c =
    value``; ``for a, b, c in value``, a comprehension's too."""
    if isinstance(node, ast.Assign) and len(node.targets) == 1 and (n := _plain_tuple(node.targets[0])):
        yield n, node.value, False
    elif isinstance(node, ast.For | ast.AsyncFor) and (n := _plain_tuple(node.target)):
        yield n, node.iter, True
    elif isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp):
        yield from ((n, gen.iter, True) for gen in node.generators if (n := _plain_tuple(gen.target)))


def _unpacked_as(node: ast.AST, fields: list[str]) -> bool:
    """The unpack's names are the old record's fields, in order (``attn_metadata, slot_mappings = states[d]``):
    the fork unpacks the record it knew, and now binds the replacement's fields under those names."""
    target = node.targets[0] if isinstance(node, ast.Assign) else node.target if isinstance(node, ast.For) else None
    if target is None and isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp):
        target = next((gen.target for gen in node.generators if _plain_tuple(gen.target)), None)
    names = [e.id for e in target.elts if isinstance(e, ast.Name)] if isinstance(target, ast.Tuple | ast.List) else []
    return len(fields) > 1 and names == fields


def _plain_tuple(target: ast.expr) -> int:
    """How many names a tuple target unpacks into (no starred one), else 0."""
    if isinstance(target, ast.Tuple | ast.List) and not any(isinstance(e, ast.Starred) for e in target.elts):
        return len(target.elts)
    return 0


# calls that hand out one element of the container they are given (or called on)
_PICKERS = frozenset({"min", "max", "heappop", "next"})


def _picked_from(value: ast.expr) -> ast.expr | None:
    """The container ``value`` picks one element of: ``min(x, key=...)``, ``max(x)``, ``heapq.heappop(x)``,
    ``x.pop()``, ``x[0]`` aside (``_held_element`` reads an index)."""
    if not isinstance(value, ast.Call):
        return None
    func = value.func
    if isinstance(func, ast.Attribute) and func.attr == "pop" and not value.args:
        return func.value
    if last_name(func) in _PICKERS and len(value.args) == 1 and not isinstance(value.args[0], ast.Starred):
        return value.args[0]
    return None


def _list_uses(node: ast.AST) -> Iterator[tuple[ast.expr, tuple[str, str]]]:
    """(the value used as a list, (what is done, how it reads)): a method call, a concatenation with a
    display (either side), an augmented concatenation."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        yield node.func.value, (node.func.attr, f"calls {ast.unparse(node.func)}()")
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        for subject, other in ((node.left, node.right), (node.right, node.left)):
            if isinstance(other, (ast.List, ast.ListComp, ast.Tuple)):
                yield subject, (_display(other), f"concatenates {ast.unparse(subject)} with a {_display(other)}")
    elif isinstance(node, ast.AugAssign) and isinstance(node.op, ast.Add):
        if isinstance(node.value, (ast.List, ast.ListComp, ast.Tuple)):
            what = _display(node.value)
            yield node.target, (what, f"extends {ast.unparse(node.target)} by a {what}")


def _display(node: ast.expr) -> str:
    return "tuple" if isinstance(node, ast.Tuple) else "list"


def _why(hit: Recontained, how: tuple[str, str]) -> str | None:
    done = how[0]
    if done in _GROWERS.get(hit.old, frozenset()):
        return f"a {hit.new} has no {done}() (an array cannot grow in place)"
    if done == hit.old and done in _DISPLAYS:
        return f"+ on a {hit.new} adds elementwise (or raises), it no longer concatenates"
    return None


def _held_element(
    subject: ast.expr,
    at: ast.AST,
    parents: dict[int, ast.AST],
    fork: ForkTypes,
    found: dict[str, list[Recontained]],
    bound: dict[int, dict[str, ast.expr]],
) -> Recontained | None:
    """The regathered field ``subject`` is an element of: ``x.name[i]``, a local bound once to one, or the
    variable of a loop over ``x.name`` the use sits in; of a mapping, ``x.name.get(key)`` (and its kin) or
    the variable of a loop over ``x.name.values()`` (the value's of one over ``x.name.items()``)."""
    func = enclosing(at, parents)
    if isinstance(subject, ast.Name) and func is not None:
        looped = _loop_over(subject.id, at, parents)
        if looped is not None:
            return _walked(looped, func, parents, fork, found, bound)
        paired = _items_over(subject.id, at, parents)
        if paired is not None:
            hit = recontained_held(paired, func, parents, fork, found, bound)
            return hit if hit is not None and _mapped(hit) else None
        if id(func) not in bound:
            bound[id(func)] = names_bound_once(func)
        subject = bound[id(func)].get(subject.id, subject)
    if isinstance(subject, ast.Subscript) and not isinstance(subject.slice, ast.Slice):
        return recontained_held(subject.value, func, parents, fork, found, bound)
    mapping = _looked_up(subject)
    if mapping is not None:
        hit = recontained_held(_or_empty(mapping), func, parents, fork, found, bound)
        return hit if hit is not None and _mapped(hit) else None
    return None


# a mapping's methods that hand out the value stored under a key: ``get(key[, default])``,
# ``setdefault(key[, default])``, ``pop(key[, default])`` (a list's ``pop()`` takes no key or an index)
_LOOKUPS = frozenset({"get", "setdefault", "pop"})


def _looked_up(expr: ast.expr) -> ast.expr | None:
    """The mapping ``expr`` reads one value of: ``m.get(key)``, ``m.get(key, 0)``... -> ``m``."""
    if not (isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and expr.func.attr in _LOOKUPS):
        return None
    if expr.keywords or not 1 <= len(expr.args) <= 2 or any(isinstance(a, ast.Starred) for a in expr.args):
        return None
    return expr.func.value


def _walked(
    iterable: ast.expr,
    func: ast.FunctionDef | ast.AsyncFunctionDef | None,
    parents: dict[int, ast.AST],
    fork: ForkTypes,
    found: dict[str, list[Recontained]],
    bound: dict[int, dict[str, ast.expr]],
) -> Recontained | None:
    """The regathered field a loop over ``iterable`` hands out the elements of: a sequence walked itself; a
    mapping walked through ``.values()`` (walked itself, a mapping hands out its keys)."""
    if (
        isinstance(iterable, ast.Call)
        and isinstance(iterable.func, ast.Attribute)
        and iterable.func.attr == "values"
        and not iterable.args
        and not iterable.keywords
    ):
        hit = recontained_held(_or_empty(iterable.func.value), func, parents, fork, found, bound)
        return hit if hit is not None and _mapped(hit) else None
    return _unmapped(recontained_held(iterable, func, parents, fork, found, bound))


def _unmapped(hit: Recontained | None) -> Recontained | None:
    """``hit`` unless it is a mapping: walking or picking from one (``min(m)``) hands out its keys."""
    return None if hit is None or _mapped(hit) else hit


@cache
def _mapping_text(annotation: str) -> bool:
    node = parsed_expression(annotation)
    return node is not None and _container(node) == "dict"


def _mapped(hit: Recontained) -> bool:
    """The regathered container is a mapping (its annotation, as upstream had it, names one)."""
    return _mapping_text(hit.was)


def _loop_over(name: str, at: ast.AST, parents: dict[int, ast.AST]) -> ast.expr | None:
    """What the innermost enclosing ``for name in ...`` loop (or comprehension) iterates, else None."""
    node: ast.AST | None = at
    while node is not None and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        parent = parents.get(id(node))
        if isinstance(parent, (ast.For, ast.AsyncFor)) and node is not parent.iter and _targets(parent.target, name):
            return None if _rebound_before(name, parent.body, getattr(at, "lineno", 0)) else parent.iter
        comps = (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)
        for gen in parent.generators if isinstance(parent, comps) else ():
            if _targets(gen.target, name):
                return gen.iter
        node = parent
    return None


def _items_over(name: str, at: ast.AST, parents: dict[int, ast.AST]) -> ast.expr | None:
    """The mapping whose ``.items()`` the innermost enclosing loop (or comprehension) walks with ``name`` as
    its value (``for key, name in m.items()``) -> ``m``, else None."""
    node: ast.AST | None = at
    while node is not None and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        parent = parents.get(id(node))
        pairs: list[tuple[ast.expr, ast.expr]] = []
        if isinstance(parent, (ast.For, ast.AsyncFor)) and node is not parent.iter:
            pairs = [(parent.target, parent.iter)]
        elif isinstance(parent, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
            pairs = [(gen.target, gen.iter) for gen in parent.generators]
        for target, iterable in pairs:
            if not any(isinstance(t, ast.Name) and t.id == name for t in ast.walk(target)):
                continue
            if not _value_named(target, name):
                return None  # the name is this loop's, as something else than a pair's value
            body = parent.body if isinstance(parent, (ast.For, ast.AsyncFor)) else []
            return None if _rebound_before(name, body, getattr(at, "lineno", 0)) else _items_of(iterable)
        node = parent
    return None


def _value_named(target: ast.expr, name: str) -> bool:
    """``key, name`` (a pair's second name) as a loop's target."""
    return (
        isinstance(target, ast.Tuple | ast.List)
        and len(target.elts) == 2
        and isinstance(target.elts[1], ast.Name)
        and target.elts[1].id == name
    )


def _items_of(iterable: ast.expr) -> ast.expr | None:
    """``m`` of ``m.items()``, else None."""
    if (
        isinstance(iterable, ast.Call)
        and isinstance(iterable.func, ast.Attribute)
        and iterable.func.attr == "items"
        and not iterable.args
        and not iterable.keywords
    ):
        return _or_empty(iterable.func.value)
    return None


def _or_empty(mapping: ast.expr) -> ast.expr:
    """``m`` of ``(m or {})`` (``m or dict()``): an optional mapping walked as empty where unset."""
    if (
        isinstance(mapping, ast.BoolOp)
        and isinstance(mapping.op, ast.Or)
        and len(mapping.values) == 2
        and (
            (isinstance(empty := mapping.values[1], ast.Dict) and not empty.keys)
            or (
                isinstance(empty, ast.Call)
                and last_name(empty.func) == "dict"
                and not empty.args
                and not empty.keywords
            )
        )
    ):
        return mapping.values[0]
    return mapping


def _rebound_before(name: str, body: list[ast.stmt], line: int) -> bool:
    """The loop body binds the name again above the use (``b = max(b) if isinstance(b, list) else b``): the
    use reads the converted value, not the element."""
    for node in (n for stmt in body for n in ast.walk(stmt)):
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign | ast.NamedExpr | ast.For | ast.AsyncFor):
            targets = [node.target]
        else:
            continue
        stores = (t for target in targets for t in ast.walk(target) if isinstance(t, ast.Name))
        if any(t.id == name and t.lineno < line for t in stores):
            return True
    return False


def _targets(target: ast.expr, name: str) -> bool:
    return isinstance(target, ast.Name) and target.id == name


def _finding(
    trees: ThreeTrees, path: str, line: int, hit: Recontained, how: str, sure: bool, pr_pattern: str
) -> Finding:
    new = parsed_expression(hit.new)
    head = last_name(new) if new is not None else ""
    commit = trees.upstream_commit(hit.path, rf"\b{re.escape(hit.name)}\b.*\b{re.escape(head)}\b", pr_pattern)
    what = f"{hit.owner}.{hit.name}{'()' if hit.returned else ''}"
    use, why = how.split("|", 1)
    held = "values" if _mapped(hit) else "elements"
    message = (
        f"fork-owned line {use}, but upstream made the {held} of {what} {hit.new} (was {hit.was}, now "
        f"{hit.now}) ({hit.path}{commit}): {why}"
    )
    if not sure:  # a path kept for older releases under a version test: it may no longer run after the merge
        message += "; it sits under a version test, so check that path no longer runs after the merge"
    return Finding(RULE, "merge", Severity.WARNING if not sure else Severity.ERROR, path, line, message)
