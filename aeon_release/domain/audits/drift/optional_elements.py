"""Optional element drift: upstream made one element of a tuple alias Optional, the fork uses it as before.

#24278 (prompt embeddings in the v1 engine) changed the logits processors' ``AddedRequest = tuple[int,
SamplingParams, list[int], list[int]]`` to ``tuple[int, SamplingParams, Optional[list[int]], list[int]]``:
a request built from embeddings has no prompt ids.  ``BatchUpdate.added: Sequence[AddedRequest]`` kept its
annotation, the tuples kept their length, so a fork logits processor's ``for index, params, prompt_ids,
output_ids in batch_update.added: ... len(prompt_ids)`` merges cleanly and raises TypeError on the first
request sent as embeddings -- in the engine core's sampling step, for the whole batch.

Upstream's side: the Python files whose diff removed a line binding a module-level name to a ``tuple[...]``;
parsed at the base and at upstream, an alias of the same length whose element ``k`` went from ``X`` to
``Optional[X]`` (``X | None``), and the fields of the file's classes annotated as a container of that
alias (``Sequence[Alias]``, ``list[Alias]``).  The fork's side, on lines it wrote: a loop (or a
comprehension) over ``x.field`` with ``x`` typed as the owning class, unpacking the tuple by position into
names, whose name at ``k`` it takes ``len()`` of, indexes, iterates or reads an attribute of, with no test
of that name anywhere in the loop (``is None``, ``if ids``, ``ids or []``, ``isinstance``): a loop written
for both sides stays quiet.

The same commit made ``NewRequestData.prompt_token_ids`` (and EngineCoreRequest's, CachedRequestState's)
``Optional[list[int]]``: a field annotated ``X`` at the base and ``Optional[X]`` at upstream, read off a
receiver typed as its class (or ``Optional`` of it) by a fork line that takes its ``len()``, indexes it,
iterates it or reads an attribute of it, in a function with no test of that very expression, is the same
killer one step shorter; a method's return made ``Optional[X]`` and read off the call (``len(x.m())``)
likewise.  Handing the value on (``return req.prompt_token_ids``) is not a use: quiet.  Since killers173 a
property answering ``X`` that upstream made a field ``Optional[X] = None`` is read the same way (#15977 undid
``ParallelConfig.data_parallel_rank_local``'s property, which fell back to the global rank: the field is None
unless an SPMD launch sets it, and ``pc.data_parallel_rank_local % n`` raises TypeError;
blind_replay_cfgparts); the property's setter says nothing of what a read answers.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.module_instances import held_instance
from aeon_release.domain.audits.drift.own_fields import ForkTypes, base_names, enclosing, file_classes, set_in
from aeon_release.domain.audits.drift.returns import attribute_readers, attributes_read
from aeon_release.domain.audits.drift.retyped import Recontained, _defining, recontained_held, typed_as
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions
from aeon_release.domain.audits.merge_rules import TYPE_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, parent_map, parsed_expression, walk_spanning

# a removed line binding a module-level name to a tuple type (``AddedRequest = tuple[...]``)
_ALIAS_LINE = lazy_pattern(r"\n-(\w+)[ \t]*(?::[ \t]*[\w.]+[ \t]*)?=[ \t]*(?:typing\.)?(?:tuple|Tuple)\[")
# an added line annotating a field as Optional (``prompt_token_ids: Optional[list[int]]``, ``x: T | None``)
_OPTIONAL_LINE = lazy_pattern(
    r"\n\+[ \t]+(\w+)[ \t]*:[ \t]*(?:(?:typing\.)?Optional\[|[^\n=#]*\|[ \t]*None\b|[^\n=#]*\[[ \t]*(?:typing\.)?Optional\[)"
)
# an added line whose signature returns Optional (``def f(...) -> Optional[X]:``, ``) -> X | None:``)
_OPTIONAL_RETURN = lazy_pattern(
    r"\n\+[^\n]*->[ \t]*(?:(?:typing\.)?Optional\[|[^\n:#]*\|[ \t]*None\b|[^\n:#]*\[[ \t]*(?:typing\.)?Optional\[)"
)
# a property's other accessors (``@x.setter``): their ``-> None`` is no answer of a read of ``x``
_ACCESSORS = frozenset({"setter", "deleter"})
_HOLDERS = frozenset({"list", "List", "Sequence", "MutableSequence", "Iterable", "Collection", "deque", "Deque"})


@dataclass(frozen=True)
class Loosened:
    """A field holding tuples of an alias whose element ``index`` upstream made Optional."""

    field: str
    owner: str
    path: str
    alias: str  # "" for a field made Optional itself
    index: int  # -1 for a field made Optional itself
    length: int
    was: str  # the element's (the field's) annotation before and after
    now: str
    returned: bool = False  # a method's return (``x.name()``), not a field


def optional_element_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork lines that use an element upstream made Optional as the value it always was."""
    wanted = attributes_read(trees)
    if not wanted:
        return []  # a use reads the field (``.name``) on a line the fork added: with no such read, none is
    paths = trees.upstream.matching(_ALIAS_LINE, ".py")
    loosened = _loosened(trees, paths) if paths else []
    candidates = trees.upstream.matching(_OPTIONAL_LINE, ".py") + trees.upstream.matching(_OPTIONAL_RETURN, ".py")
    fields = sorted({p for p in candidates if _optional_read(trees.upstream.raw(p), wanted)})
    # a signature's unnamed last line (``) -> tuple[Optional[int], bool]:``, the def beyond -U0's reach):
    # the files defining a method the fork reads (#23620)
    unnamed = sorted({p for p in candidates if p not in fields and _UNNAMED_RETURN.search(trees.upstream.raw(p))})
    fields += _defining(trees, unnamed, wanted) if unnamed else []
    loosened += _optional_fields(trees, fields) if fields else []
    if not loosened:
        return []
    found: dict[str, list[Recontained]] = {}
    for hit in loosened:
        found.setdefault(hit.field, []).append(
            Recontained(hit.field, hit.owner, hit.path, "", "", "", "", hit.returned)
        )
    by_owner = {(hit.owner, hit.field): hit for hit in loosened}
    return [
        _finding(trees, path, line, by_owner[(held.owner, held.name)], how, pr_pattern)
        for path, module, owned in attribute_readers(trees, found)
        for line, held, how in _uses(trees, path, module, owned, found, by_owner)
    ]


def _loosened(trees: ThreeTrees, paths: list[str]) -> list[Loosened]:
    out: list[Loosened] = []
    for path, before, after in parsed_versions(trees, paths):
        old, new = _aliases(before), _aliases(after)
        for alias, elements in new.items():
            was = old.get(alias)
            if was is None or len(was) != len(elements):
                continue
            for index, (a, b) in enumerate(zip(was, elements, strict=True)):
                if _optional_of(b) is not None and _optional_of(a) is None and _same(_optional_of(b), a):
                    for field, owner in _holders(after, alias):
                        out.append(Loosened(field, owner, path, alias, index, len(was), ast.unparse(a), ast.unparse(b)))
    return out


def _optional_read(diff: str, wanted: set[str]) -> bool:
    """The diff annotates a name the fork reads as Optional (a field by name; a return by any name the
    fork reads that the diff also spells: a signature's last line does not name its def)."""
    for found in _OPTIONAL_LINE.finditer(diff):
        name = found.group(1)
        if name in wanted and re.search(rf"\n-[ \t]+(?:def[ \t]+)?{re.escape(name)}[ \t]*[:(]", diff):
            return True  # the same name's old annotation (or property) removed: a field retyped, not one added
    if not _PLAIN_RETURN.search(diff):
        return False  # no return annotation removed that was not Optional already
    for found in _OPTIONAL_RETURN.finditer(diff):
        defs = _DEF.findall(diff, max(0, found.start() - 2000), found.end())
        if defs and defs[-1] in wanted:  # the def whose signature ends on the line
            return True
    return False


_PLAIN_RETURN = lazy_pattern(r"\n-[^\n]*->(?![^\n]*(?:Optional\[|\|[ \t]*None\b))")
_ELEMENT = -2  # ``Loosened.index`` of a container field whose every element upstream made Optional
_DEF = lazy_pattern(r"\bdef[ \t]+(\w+)[ \t]*\(")
_UNNAMED_RETURN = lazy_pattern(
    r"\n-[ \t]*\)[ \t]*->(?![^\n]*(?:Optional\[|\|[ \t]*None\b))[^\n]*\n\+[ \t]*\)[ \t]*->[^\n]*(?:Optional\[|\|[ \t]*None\b)"
)


def _optional_fields(trees: ThreeTrees, paths: list[str]) -> list[Loosened]:
    """Class fields annotated ``X`` at the base and ``Optional[X]`` at upstream (#24278:
    ``NewRequestData.prompt_token_ids``, None for a request sent as embeddings)."""
    out: list[Loosened] = []
    for path, before, after in parsed_versions(trees, paths):
        old = {key: (annotation, returned) for key, annotation, returned in _fields(before)}
        filled = _filled_fields(after)
        for (owner, field), now, returned in _fields(after):
            was, was_returned = old.get((owner, field), (None, returned))
            if was is None or was_returned != returned or (not returned and (owner, field) in filled):
                continue
            shown = ast.unparse(was), ast.unparse(now)
            if _optional_of(was) is None and _same(_optional_of(now), was):
                out.append(Loosened(field, owner, path, "", -1, 0, *shown, returned))
            elif (index := _loosened_element(was, now, returned)) is not None:
                length = len(_elements(now) or []) if index >= 0 and isinstance(now, ast.Subscript) else 0
                out.append(Loosened(field, owner, path, "", index, length, *shown, returned))
    return out


def _filled_fields(module: ast.Module) -> set[tuple[str, str]]:
    """(class, field) of the fields a ``__post_init__`` or validator of their class fills when None: the
    annotation says Optional for the constructor's sake, a built instance holds a value (``if
    self.window is None: self.window = self.default`` -- or stored unconditionally)."""
    out: set[tuple[str, str]] = set()
    for cls in file_classes(module.body):
        for stmt in cls.body:
            if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef) and _fills(stmt):
                out.update((cls.name, field) for field in _filled_in(stmt))
    return out


def _fills(func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A hook that runs on every built instance: ``__post_init__`` or a ``*validator`` decorated method."""
    return func.name == "__post_init__" or any(
        last_name(d.func if isinstance(d, ast.Call) else d).endswith("validator") for d in func.decorator_list
    )


def _filled_in(func: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[str]:
    """The ``self.x`` the hook stores at its top level, or under tests of ``self.x`` for None alone."""
    parents = parent_map(func)
    for node in ast.walk(func):
        if not (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and _is(node.value, "self")):
            continue
        stmt: ast.AST = node
        up = parents.get(id(node))
        while up is not None and up is not func:
            if isinstance(up, ast.If) and any(s is stmt for s in up.body) and _tests_field_none(up.test, node.attr):
                pass
            elif not isinstance(up, ast.Assign | ast.AnnAssign | ast.Tuple):
                break
            stmt, up = up, parents.get(id(up))
        if up is func:
            yield node.attr


def _tests_field_none(test: ast.expr, attr: str) -> bool:
    """``self.attr is None``, ``self.attr == None`` or ``not self.attr``."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test = test.operand
        return isinstance(test, ast.Attribute) and test.attr == attr and _is(test.value, "self")
    return (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], ast.Is | ast.Eq)
        and isinstance(test.left, ast.Attribute)
        and test.left.attr == attr
        and _is(test.left.value, "self")
        and _is_none(test.comparators[0])
    )


def _loosened_element(was: ast.expr, now: ast.expr, returned: bool) -> int | None:
    """#23262 made ``CachedRequestData.new_block_ids: list[tuple[...]]`` ``list[Optional[tuple[...]]]`` (None:
    no new blocks): ``_ELEMENT`` for a container whose elements upstream made Optional.  #23620 made
    ``get_num_new_matched_tokens() -> tuple[int, bool]`` ``tuple[Optional[int], bool]`` (None: ask again
    later): the position of the one element of a returned fixed-length tuple upstream made Optional."""
    if not (isinstance(was, ast.Subscript) and isinstance(now, ast.Subscript)):
        return None
    holder = last_name(now.value)
    if holder != last_name(was.value):
        return None
    if holder in _HOLDERS and not isinstance(now.slice, ast.Tuple):
        element = _optional_of(now.slice)
        return _ELEMENT if _optional_of(was.slice) is None and _same(element, was.slice) else None
    if holder not in ("tuple", "Tuple") or not returned:
        return None
    old, new = _elements(was), _elements(now)
    if old is None or new is None or len(old) != len(new):
        return None
    changed = [i for i, (a, b) in enumerate(zip(old, new, strict=True)) if _loosened_one(a, b)]
    same = all(_same(a, b) for i, (a, b) in enumerate(zip(old, new, strict=True)) if i not in changed)
    return changed[0] if len(changed) == 1 and same else None


def _elements(node: ast.Subscript) -> list[ast.expr] | None:
    """A fixed-length tuple annotation's elements (none for ``tuple[X, ...]``)."""
    elements = list(node.slice.elts) if isinstance(node.slice, ast.Tuple) else [node.slice]
    return None if any(isinstance(e, ast.Constant) and e.value is Ellipsis for e in elements) else elements


def _loosened_one(was: ast.expr, now: ast.expr) -> bool:
    return _optional_of(was) is None and _same(_optional_of(now), was)


def _fields(module: ast.Module) -> Iterator[tuple[tuple[str, str], ast.expr, bool]]:
    """((class, name), annotation, is a return) of the module's classes' annotated fields and methods'
    returns (a property's return is read like a field)."""
    for cls in file_classes(module.body):
        for stmt in cls.body:
            if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                yield (cls.name, stmt.target.id), stmt.annotation, False
            elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.returns is not None:
                if any(last_name(d) in _ACCESSORS for d in stmt.decorator_list):
                    continue  # a property's setter or deleter: the getter says what a read answers
                prop = any(last_name(d) in ("property", "cached_property") for d in stmt.decorator_list)
                yield (cls.name, stmt.name), stmt.returns, not prop


def _aliases(module: ast.Module) -> dict[str, list[ast.expr]]:
    """Module-level ``Name = tuple[A, B, ...]`` (a fixed length, no ``...``): name -> its elements."""
    found: dict[str, list[ast.expr]] = {}
    for stmt in module.body:
        target = stmt.targets[0] if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 else None
        value = stmt.value if isinstance(stmt, ast.Assign) else None
        if isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
            target, value = stmt.target, stmt.value
        if not (isinstance(target, ast.Name) and isinstance(value, ast.Subscript)):
            continue
        if last_name(value.value) not in ("tuple", "Tuple") or not isinstance(value.slice, ast.Tuple):
            continue
        elements = list(value.slice.elts)
        if not any(isinstance(e, ast.Constant) and e.value is Ellipsis for e in elements):
            found[target.id] = elements
    return found


def _optional_of(node: ast.expr) -> ast.expr | None:
    """``X`` of ``Optional[X]``, ``X | None``, ``None | X``, ``Union[X, None]``; else None."""
    if isinstance(node, ast.Subscript) and last_name(node.value) == "Optional":
        return node.slice
    if isinstance(node, ast.Subscript) and last_name(node.value) == "Union" and isinstance(node.slice, ast.Tuple):
        rest = [e for e in node.slice.elts if not _is_none(e)]
        return rest[0] if len(rest) == 1 and len(node.slice.elts) == 2 else None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        if _is_none(node.right):
            return node.left
        if _is_none(node.left):
            return node.right
    return None


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _same(a: ast.expr | None, b: ast.expr) -> bool:
    return a is not None and ast.unparse(a).replace("typing.", "") == ast.unparse(b).replace("typing.", "")


def _holders(module: ast.Module, alias: str) -> Iterator[tuple[str, str]]:
    """(field, class) of the module's classes' fields annotated as a container of ``alias``."""
    for cls in file_classes(module.body):
        for stmt in cls.body:
            if not (isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name)):
                continue
            ann = stmt.annotation
            if (
                isinstance(ann, ast.Subscript)
                and last_name(ann.value) in _HOLDERS
                and isinstance(ann.slice, ast.Name)
                and ann.slice.id == alias
            ):
                yield stmt.target.id, cls.name


def _uses(
    trees: ThreeTrees,
    path: str,
    module: ast.Module,
    owned: set[int],
    found: dict[str, list[Recontained]],
    by_owner: dict[tuple[str, str], Loosened],
) -> Iterator[tuple[int, Recontained, str]]:
    parents = parent_map(module)
    fork = ForkTypes.of(trees, path, module)
    bound: dict[int, dict[str, ast.expr]] = {}
    for node in walk_spanning(module, owned):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load) and node.attr in found:
            yield from _field_use(node, parents, fork, found, bound, by_owner, owned)
            continue
        if isinstance(node, ast.Assign):
            yield from _unpacked_use(node, parents, fork, found, bound, by_owner, owned)
            yield from _bound_element_use(node, parents, fork, found, bound, by_owner, owned)
            continue
        if isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
            yield from _element_loop(node, parents, fork, found, bound, by_owner, owned)
            yield from _indexed_loop(node, parents, fork, found, bound, by_owner, owned)
        if not isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)) or not isinstance(node.target, ast.Tuple):
            continue
        if not isinstance(node.iter, ast.Attribute) or node.iter.attr not in found:
            continue
        func = enclosing(node.iter, parents)
        held = recontained_held(node.iter, func, parents, fork, found, bound) or _held_unwrapped(
            node.iter, func, parents, fork, found
        )
        hit = by_owner.get((held.owner, held.name)) if held is not None else None
        if held is None or hit is None or not hit.alias or len(node.target.elts) != hit.length:
            continue
        name = node.target.elts[hit.index]
        if not isinstance(name, ast.Name) or name.id == "_":
            continue
        scope = _loop_scope(node, parents)
        if any(_tested(n, name.id) for part in scope for n in ast.walk(part)):
            continue
        first = next((use for part in scope for use in _as_value(part, name.id) if use[0] in owned), None)
        if first is not None:
            yield first[0], held, first[1]  # one finding a loop: its first use


def _field_use(
    read: ast.Attribute,
    parents: dict[int, ast.AST],
    fork: ForkTypes,
    found: dict[str, list[Recontained]],
    bound: dict[int, dict[str, ast.expr]],
    by_owner: dict[tuple[str, str], Loosened],
    owned: set[int],
) -> Iterator[tuple[int, Recontained, str]]:
    """``len(x.field)``, ``x.field[i]``, a loop over ``x.field``, ``x.field.attr`` of a field upstream made
    Optional (``x.method()`` alike, for a return), ``x`` typed as its class, with no test of that very
    expression in the function."""
    parent = parents.get(id(read))
    subject: ast.expr = parent if isinstance(parent, ast.Call) and parent.func is read else read
    if _value_use(subject, parents) is None or read.lineno not in owned:
        return
    func = enclosing(read, parents)
    held = (
        recontained_held(subject, func, parents, fork, found, bound)
        or _held_unwrapped(read, func, parents, fork, found)
        or _held_super(subject, func, parents, fork, found)
        or held_instance(subject, func, fork, found)
    )
    hit = by_owner.get((held.owner, held.name)) if held is not None else None
    if held is None or hit is None or func is None or hit.returned != (subject is not read):
        return
    used: ast.expr | None = subject if hit.index == -1 else _item(subject, hit, parents)
    if hit.alias:  # ``x.added[i][2]``: element 2 of one of the alias tuples the field holds
        entry = parents.get(id(subject))
        held_entry = (
            isinstance(entry, ast.Subscript) and entry.value is subject and not isinstance(entry.slice, ast.Slice)
        )
        used = _item(entry, hit, parents) if held_entry and isinstance(entry, ast.Subscript) else None
    how = _value_use(used, parents) if used is not None else None
    if used is None or how is None:
        return
    shown = ast.unparse(used)
    if not any(_tested_expr(n, shown) for n in ast.walk(func)):
        yield read.lineno, held, how


def _item(subject: ast.expr, hit: Loosened, parents: dict[int, ast.AST]) -> ast.Subscript | None:
    """``subject[i]`` of a container whose elements upstream made Optional; ``subject[k]`` of the returned
    tuple whose element ``k`` it made Optional."""
    item = parents.get(id(subject))
    if not isinstance(item, ast.Subscript) or item.value is not subject or isinstance(item.slice, ast.Slice):
        return None
    if hit.index == _ELEMENT:
        return item
    at = item.slice
    if isinstance(at, ast.UnaryOp) and isinstance(at.op, ast.USub) and isinstance(at.operand, ast.Constant):
        at = ast.Constant(-at.operand.value) if isinstance(at.operand.value, int) else at
    if isinstance(at, ast.Constant) and isinstance(at.value, int) and at.value % max(hit.length, 1) == hit.index:
        return item
    return None


def _held_super(
    subject: ast.expr,
    func: ast.FunctionDef | ast.AsyncFunctionDef | None,
    parents: dict[int, ast.AST],
    fork: ForkTypes,
    found: dict[str, list[Recontained]],
) -> Recontained | None:
    """``super().name(...)`` (``super().name``) in a method of a class deriving from the owner."""
    read = subject.func if isinstance(subject, ast.Call) else subject
    if not (
        isinstance(read, ast.Attribute) and isinstance(read.value, ast.Call) and last_name(read.value.func) == "super"
    ):
        return None
    cls = parents.get(id(func)) if func is not None else None
    if not isinstance(cls, ast.ClassDef):
        return None
    typed, todo = set(base_names(cls)), list(base_names(cls))
    while todo and len(typed) < 64:
        known = fork.classes.get(todo.pop())
        for base in base_names(known) - typed if known is not None else ():
            typed.add(base)
            todo.append(base)
    returned = isinstance(subject, ast.Call)
    return next((h for h in found.get(read.attr, []) if h.returned == returned and h.owner in typed), None)


def _unpacked_use(
    node: ast.Assign,
    parents: dict[int, ast.AST],
    fork: ForkTypes,
    found: dict[str, list[Recontained]],
    bound: dict[int, dict[str, ast.expr]],
    by_owner: dict[tuple[str, str], Loosened],
    owned: set[int],
) -> Iterator[tuple[int, Recontained, str]]:
    """``hits, ready = x.method(...)`` of a method whose returned tuple's element upstream made Optional,
    the name at that position then used as a value with no test of it in the function (#23620)."""
    value = node.value.value if isinstance(node.value, ast.Await) else node.value
    if len(node.targets) != 1 or not isinstance(node.targets[0], ast.Tuple) or not isinstance(value, ast.Call):
        return
    if not isinstance(value.func, ast.Attribute) or value.func.attr not in found:
        return
    func = enclosing(node, parents)
    held = recontained_held(value, func, parents, fork, found, bound) or _held_super(value, func, parents, fork, found)
    hit = by_owner.get((held.owner, held.name)) if held is not None else None
    targets = node.targets[0].elts
    if func is None or held is None or hit is None or hit.alias or not hit.returned or hit.index < 0:
        return
    name = targets[hit.index] if len(targets) == hit.length else None
    if not isinstance(name, ast.Name) or name.id == "_" or any(_tested(n, name.id) for n in ast.walk(func)):
        return
    first = next((use for use in _as_value(func, name.id) if use[0] in owned), None)
    if first is not None:
        yield first[0], held, first[1]


def _bound_element_use(
    node: ast.Assign,
    parents: dict[int, ast.AST],
    fork: ForkTypes,
    found: dict[str, list[Recontained]],
    bound: dict[int, dict[str, ast.expr]],
    by_owner: dict[tuple[str, str], Loosened],
    owned: set[int],
) -> Iterator[tuple[int, Recontained, str]]:
    """``ids = x.field[i]`` (``n = x.method()[k]``) of an element upstream made Optional, the name then used
    as a value (``for a, b in zip(blocks, ids)``) with no test of it in the function (upstream's own model
    runner read ``new_block_ids = req_data.new_block_ids[i]`` so before #23262)."""
    item = node.value
    if len(node.targets) != 1 or not isinstance(node.targets[0], ast.Name) or not isinstance(item, ast.Subscript):
        return
    subject = item.value
    read = subject.func if isinstance(subject, ast.Call) else subject
    if not isinstance(read, ast.Attribute) or read.attr not in found:
        return
    func = enclosing(node, parents)
    held = recontained_held(subject, func, parents, fork, found, bound) or _held_super(
        subject, func, parents, fork, found
    )
    hit = by_owner.get((held.owner, held.name)) if held is not None else None
    if func is None or held is None or hit is None or hit.alias or hit.index == -1:
        return
    if hit.returned != (subject is not read) or _item(subject, hit, parents) is not item:
        return
    name = node.targets[0].id
    if any(_tested(n, name) for n in ast.walk(func)) or _assigned_again(func, name, node):
        return
    first = next((u for u in _as_value(func, name) if u[0] in owned and u[0] >= node.lineno), None)
    if first is not None:
        yield first[0], held, first[1]


def _assigned_again(func: ast.AST, name: str, node: ast.Assign) -> bool:
    return any(
        isinstance(n, (ast.Assign, ast.AugAssign, ast.AnnAssign))
        and n is not node
        and any(
            isinstance(t, ast.Name) and t.id == name for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
        )
        for n in ast.walk(func)
    )


def _indexed_loop(
    node: ast.For | ast.AsyncFor | ast.comprehension,
    parents: dict[int, ast.AST],
    fork: ForkTypes,
    found: dict[str, list[Recontained]],
    bound: dict[int, dict[str, ast.expr]],
    by_owner: dict[tuple[str, str], Loosened],
    owned: set[int],
) -> Iterator[tuple[int, Recontained, str]]:
    """``for added in batch_update.added: len(added[2])``: the alias tuple kept whole, its element ``k``
    (made Optional) read by index as a value, with no test of ``added[k]`` in the loop."""
    if not isinstance(node.target, ast.Name) or not isinstance(node.iter, ast.Attribute) or node.iter.attr not in found:
        return
    func = enclosing(node.iter, parents)
    held = recontained_held(node.iter, func, parents, fork, found, bound) or _held_unwrapped(
        node.iter, func, parents, fork, found
    )
    hit = by_owner.get((held.owner, held.name)) if held is not None else None
    if held is None or hit is None or not hit.alias:
        return
    name, scope = node.target.id, _loop_scope(node, parents)
    shown = f"{name}[{hit.index}]"
    if any(_tested_expr(n, shown) for part in scope for n in ast.walk(part)):
        return
    for part in scope:
        for sub in ast.walk(part):
            if isinstance(sub, ast.Subscript) and _is(sub.value, name) and _item(sub.value, hit, parents) is sub:
                how = _value_use(sub, parents)
                if how is not None and sub.lineno in owned:
                    yield sub.lineno, held, how
                    return  # one finding a loop


def _element_loop(
    node: ast.For | ast.AsyncFor | ast.comprehension,
    parents: dict[int, ast.AST],
    fork: ForkTypes,
    found: dict[str, list[Recontained]],
    bound: dict[int, dict[str, ast.expr]],
    by_owner: dict[tuple[str, str], Loosened],
    owned: set[int],
) -> Iterator[tuple[int, Recontained, str]]:
    """A loop over a container whose elements upstream made Optional (``for ids in x.field``, ``in
    zip(x.ids, x.field)``, ``in enumerate(x.field)``), the element then used as a value untested (#23262)."""
    it, target = node.iter, node.target
    pairs: list[tuple[ast.expr, ast.expr]] = [(target, it)]
    if isinstance(it, ast.Call) and isinstance(target, ast.Tuple):
        if last_name(it.func) == "enumerate" and len(it.args) == 1 and len(target.elts) == 2:
            pairs = [(target.elts[1], it.args[0])]
        elif last_name(it.func) == "zip" and len(it.args) == len(target.elts):
            pairs = list(zip(target.elts, it.args, strict=True))
    func = enclosing(node, parents)
    for name, source in pairs:
        if not (isinstance(name, ast.Name) and isinstance(source, ast.Attribute) and source.attr in found):
            continue
        held = recontained_held(source, func, parents, fork, found, bound)
        hit = by_owner.get((held.owner, held.name)) if held is not None else None
        if held is None or hit is None or hit.index != _ELEMENT or hit.returned:
            continue
        scope = _loop_scope(node, parents)
        if any(_tested(n, name.id) for part in scope for n in ast.walk(part)):
            continue
        first = next((use for part in scope for use in _as_value(part, name.id) if use[0] in owned), None)
        if first is not None:
            yield first[0], held, first[1]


def _value_use(read: ast.expr, parents: dict[int, ast.AST]) -> str | None:
    """How the line uses ``read`` as a value None is not: ``len()``, an index, a loop, an attribute."""
    parent = parents.get(id(read))
    shown = ast.unparse(read)
    if isinstance(parent, ast.Call) and last_name(parent.func) == "len" and parent.args and parent.args[0] is read:
        return f"takes len({shown})"
    if isinstance(parent, ast.Subscript) and parent.value is read:
        return f"indexes {shown}"
    if isinstance(parent, (ast.For, ast.AsyncFor, ast.comprehension)) and parent.iter is read:
        return f"iterates {shown}"
    if isinstance(parent, ast.Attribute) and parent.value is read:
        return f"reads {shown}.{parent.attr}"
    return _numeric_use(read, parent, shown) or _iterated(read, parent, shown) or _sized(read, parent, parents, shown)


# calls that take a shape, as one tuple or as one dimension an argument (``torch.zeros((n, m))``,
# ``x.view(n, -1)``): a None dimension raises TypeError
_SHAPED = frozenset(
    {"zeros", "ones", "empty", "rand", "randn", "full", "view", "reshape", "expand"}
    | {"new_zeros", "new_ones", "new_empty", "new_full", "broadcast_to"}
)


def _sized(read: ast.AST, parent: ast.AST | None, parents: dict[int, ast.AST], shown: str) -> str | None:
    """``read`` a dimension of a shape: ``torch.zeros((cfg.window, n))`` once ``window`` may be None (#20562
    left ``ParallelConfig.eplb_window_size`` None unless set, ``EPLBConfig.window_size`` holding the value)."""
    holder, call = (parent, parents.get(id(parent))) if isinstance(parent, ast.Tuple | ast.List) else (read, parent)
    if isinstance(call, ast.Call) and last_name(call.func) in _SHAPED and any(a is holder for a in call.args):
        return f"sizes a tensor by {shown} (in {last_name(call.func)}())"
    return None


_ITERATING = frozenset({"zip", "enumerate", "list", "tuple", "sorted", "set", "frozenset", "any", "all", "dict"})


def _iterated(read: ast.AST, parent: ast.AST | None, shown: str) -> str | None:
    """``read`` handed to a builtin that iterates it (``zip(blocks, ids)``, ``list(ids)``): a TypeError for None."""
    if isinstance(parent, ast.Call) and last_name(parent.func) in _ITERATING and any(a is read for a in parent.args):
        return f"iterates {shown} (in {last_name(parent.func)}())"
    return None


_NUMERIC = frozenset({"min", "max", "range", "int", "float", "sum", "abs", "round"})


def _numeric_use(read: ast.AST, parent: ast.AST | None, shown: str) -> str | None:
    """``read`` computed with (``+``, ``*`` ...), ordered (``<`` ...) or passed to ``min``/``int``...: a
    TypeError for None."""
    if isinstance(parent, ast.BinOp) and (parent.left is read or parent.right is read):
        return f"computes with {shown}"
    if isinstance(parent, ast.Compare) and any(isinstance(op, _ORDERS) for op in parent.ops):
        return f"orders {shown}"
    if isinstance(parent, ast.Call) and last_name(parent.func) in _NUMERIC and any(a is read for a in parent.args):
        return f"passes {shown} to {last_name(parent.func)}()"
    return None


_ORDERS = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)


def _tested_expr(node: ast.AST, shown: str) -> bool:
    """``node`` tests the expression ``shown`` (``is None``, truth, ``or``, ``isinstance``)."""

    def same(n: ast.AST) -> bool:
        return isinstance(n, (ast.Attribute, ast.Name, ast.Call, ast.Subscript)) and ast.unparse(n) == shown

    if isinstance(node, ast.Compare):
        return _tests_none(node) and any(same(side) for side in (node.left, *node.comparators))
    if isinstance(node, (ast.If, ast.While, ast.IfExp, ast.Assert)):
        return same(node.test) or (isinstance(node.test, ast.UnaryOp) and same(node.test.operand))
    if isinstance(node, ast.BoolOp):
        return any(same(v) for v in node.values)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return same(node.operand)
    if isinstance(node, ast.Call) and last_name(node.func) == "isinstance" and node.args:
        return same(node.args[0])
    return False


def _held_unwrapped(
    read: ast.Attribute,
    func: ast.FunctionDef | ast.AsyncFunctionDef | None,
    parents: dict[int, ast.AST],
    fork: ForkTypes,
    found: dict[str, list[Recontained]],
) -> Recontained | None:
    """``x.field`` with ``x`` annotated ``Optional[Owner]`` (``Owner | None``): a hook's parameter that is
    None between batches (``update_state(self, batch_update: Optional[BatchUpdate])``), tested and then
    read as the owner."""
    if set_in(read, func):
        return None
    typed: set[str] = set()
    for shown in typed_as(read.value, func, parents, fork.classes):
        annotation = parsed_expression(shown)
        inner = _optional_of(annotation) if annotation is not None else None
        if inner is not None:
            typed.add(ast.unparse(inner).rsplit(".", 1)[-1])
    return next(
        (h for h in found.get(read.attr, []) if h.owner in typed and not fork.holds(h.owner, h.name, typed, h.path)),
        None,
    )


def _loop_scope(node: ast.AST, parents: dict[int, ast.AST]) -> list[ast.AST]:
    """What runs with the loop's names bound: a ``for``'s body, a comprehension's element and tests."""
    if isinstance(node, (ast.For, ast.AsyncFor)):
        return list(node.body)
    comp = parents.get(id(node))
    parts: list[ast.AST] = []
    if isinstance(comp, (ast.ListComp, ast.SetComp, ast.GeneratorExp)):
        parts.append(comp.elt)
    elif isinstance(comp, ast.DictComp):
        parts += [comp.key, comp.value]
    if isinstance(node, ast.comprehension):
        parts += node.ifs
    return parts


def _tested(node: ast.AST, name: str) -> bool:
    """A test of ``name`` (``is None``, ``==``, truth in ``if``/``while``/``and``/``or``/``not``, ``isinstance``)."""
    if isinstance(node, ast.Compare):
        return _tests_none(node) and any(_is(side, name) for side in (node.left, *node.comparators))
    if isinstance(node, (ast.If, ast.While, ast.IfExp, ast.Assert)):
        return _is(node.test, name) or (isinstance(node.test, ast.UnaryOp) and _is(node.test.operand, name))
    if isinstance(node, ast.BoolOp):
        return any(_is(v, name) for v in node.values)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return _is(node.operand, name)
    if isinstance(node, ast.Call) and last_name(node.func) == "isinstance" and node.args:
        return _is(node.args[0], name)
    return False


def _tests_none(node: ast.Compare) -> bool:
    """A comparison that can tell None apart without raising (``is``, ``==``, ``in``), not an order
    (``x[0] > 0`` raises for None: a use, not a test)."""
    return not all(isinstance(op, _ORDERS) for op in node.ops)


def _is(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _as_value(part: ast.AST, name: str) -> Iterator[tuple[int, str]]:
    """Uses of ``name`` that need a value (not None): ``len()``, ``[...]``, iteration, an attribute, a
    computation."""
    parents = parent_map(part)
    for node in ast.walk(part):
        if isinstance(node, ast.Call) and last_name(node.func) == "len" and node.args and _is(node.args[0], name):
            yield node.lineno, f"takes len({name})"
        elif isinstance(node, ast.Subscript) and _is(node.value, name):
            yield node.lineno, f"indexes {name}"
        elif isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)) and _is(node.iter, name):
            yield (node.iter.lineno, f"iterates {name}")
        elif isinstance(node, ast.Attribute) and _is(node.value, name):
            yield node.lineno, f"reads {name}.{node.attr}"
        elif isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load):
            how = _numeric_use(node, parents.get(id(node)), name) or _iterated(node, parents.get(id(node)), name)
            if how is not None:
                yield node.lineno, how


def _finding(trees: ThreeTrees, path: str, line: int, hit: Loosened, how: str, pr_pattern: str) -> Finding:
    if hit.index < 0:
        commit = trees.upstream_commit(hit.path, rf"\b{re.escape(hit.field)}\b.*(Optional|None)", pr_pattern)
        what = f"{hit.owner}.{hit.field}{'() return' if hit.returned else ''}"
        message = (
            f"fork-owned line {how}, but upstream made {what} {hit.now} (was {hit.was}) "
            f"({hit.path}{commit}): where upstream leaves it None this raises TypeError (or reads None as a "
            "value); test it for None first"
        )
        return Finding(RULE, "merge", Severity.ERROR, path, line, message)
    if not hit.alias:  # an element of a container field, or of a method's returned tuple
        commit = trees.upstream_commit(hit.path, r"Optional\[|\| *None\b", pr_pattern)
        what = (
            f"element {hit.index} of the tuple {hit.owner}.{hit.field}() returns"
            if hit.returned
            else f"an element of {hit.owner}.{hit.field}"
        )
        message = (
            f"fork-owned line {how}, {what}, which upstream made {hit.now} (was {hit.was}) ({hit.path}{commit}): "
            "where upstream leaves it None this raises TypeError (or reads None as a value); test it for None first"
        )
        return Finding(RULE, "merge", Severity.ERROR, path, line, message)
    commit = trees.upstream_commit(hit.path, rf"\b{re.escape(hit.alias)}\b.*\bOptional\b|\bNone\b", pr_pattern)
    message = (
        f"fork-owned line {how}, element {hit.index} of the {hit.alias} tuples in {hit.owner}.{hit.field}, which "
        f"upstream made {hit.now} (was {hit.was}) ({hit.path}{commit}): for the entries upstream fills with None "
        "it raises TypeError (or reads None as a value); test it for None first"
    )
    return Finding(RULE, "merge", Severity.ERROR, path, line, message)
