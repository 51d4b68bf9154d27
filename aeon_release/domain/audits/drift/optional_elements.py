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
likewise.  Handing the value on (``return req.prompt_token_ids``) is not a use: quiet.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.own_fields import ForkTypes, enclosing, file_classes, set_in
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.retyped import Recontained, _held, typed_as
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions
from aeon_release.domain.audits.merge_rules import TYPE_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, parent_map, walk_spanning

# a removed line binding a module-level name to a tuple type (``AddedRequest = tuple[...]``)
_ALIAS_LINE = re.compile(r"\n-(\w+)[ \t]*(?::[ \t]*[\w.]+[ \t]*)?=[ \t]*(?:typing\.)?(?:tuple|Tuple)\[")
# an added line annotating a field as Optional (``prompt_token_ids: Optional[list[int]]``, ``x: T | None``)
_OPTIONAL_LINE = re.compile(r"\n\+[ \t]+(\w+)[ \t]*:[ \t]*(?:(?:typing\.)?Optional\[|[^\n=#]*\|[ \t]*None\b)")
# an added line whose signature returns Optional (``def f(...) -> Optional[X]:``, ``) -> X | None:``)
_OPTIONAL_RETURN = re.compile(r"\n\+[^\n]*->[ \t]*(?:(?:typing\.)?Optional\[|[^\n:#]*\|[ \t]*None\b)")
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
    paths = trees.upstream.matching(_ALIAS_LINE, ".py")
    loosened = _loosened(trees, paths) if paths else []
    wanted = _read_names(trees)
    candidates = trees.upstream.matching(_OPTIONAL_LINE, ".py") + trees.upstream.matching(_OPTIONAL_RETURN, ".py")
    fields = sorted({p for p in candidates if _optional_read(trees.upstream.raw(p), wanted)})
    loosened += _optional_fields(trees, fields) if fields else []
    if not loosened:
        return []
    found: dict[str, list[Recontained]] = {}
    for hit in loosened:
        found.setdefault(hit.field, []).append(
            Recontained(hit.field, hit.owner, hit.path, "", "", "", "", hit.returned)
        )
    by_owner = {(hit.owner, hit.field): hit for hit in loosened}
    named = re.compile(r"\.(?:" + "|".join(sorted(map(re.escape, found))) + r")\b")
    return [
        _finding(trees, path, line, by_owner[(held.owner, held.name)], how, pr_pattern)
        for path, module, owned in fork_modules(trees, named.search)
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


def _read_names(trees: ThreeTrees) -> set[str]:
    """The attribute names the fork's added lines read (``.name``)."""
    return {
        m for p in trees.mine if p.endswith(".py") for line in trees.mine[p].added.values() for m in _READ.findall(line)
    }


_READ = re.compile(r"\.(\w+)")


def _optional_read(diff: str, wanted: set[str]) -> bool:
    """The diff annotates a name the fork reads as Optional (a field by name; a return by any name the
    fork reads that the diff also spells: a signature's last line does not name its def)."""
    for found in _OPTIONAL_LINE.finditer(diff):
        name = found.group(1)
        if name in wanted and re.search(rf"\n-[ \t]+{re.escape(name)}[ \t]*:", diff):
            return True  # the same name's old annotation removed: a field retyped, not one added
    if not _PLAIN_RETURN.search(diff):
        return False  # no return annotation removed that was not Optional already
    for found in _OPTIONAL_RETURN.finditer(diff):
        defs = _DEF.findall(diff, max(0, found.start() - 2000), found.end())
        if defs and defs[-1] in wanted:  # the def whose signature ends on the line
            return True
    return False


_PLAIN_RETURN = re.compile(r"\n-[^\n]*->(?![^\n]*(?:Optional\[|\|[ \t]*None\b))")
_DEF = re.compile(r"\bdef[ \t]+(\w+)[ \t]*\(")


def _optional_fields(trees: ThreeTrees, paths: list[str]) -> list[Loosened]:
    """Class fields annotated ``X`` at the base and ``Optional[X]`` at upstream (#24278:
    ``NewRequestData.prompt_token_ids``, None for a request sent as embeddings)."""
    out: list[Loosened] = []
    for path, before, after in parsed_versions(trees, paths):
        old = {key: (annotation, returned) for key, annotation, returned in _fields(before)}
        for (owner, field), now, returned in _fields(after):
            was, was_returned = old.get((owner, field), (None, returned))
            if was is None or was_returned != returned:
                continue
            if _optional_of(was) is None and _same(_optional_of(now), was):
                out.append(Loosened(field, owner, path, "", -1, 0, ast.unparse(was), ast.unparse(now), returned))
    return out


def _fields(module: ast.Module) -> Iterator[tuple[tuple[str, str], ast.expr, bool]]:
    """((class, name), annotation, is a return) of the module's classes' annotated fields and methods'
    returns (a property's return is read like a field)."""
    for cls in file_classes(module.body):
        for stmt in cls.body:
            if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                yield (cls.name, stmt.target.id), stmt.annotation, False
            elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.returns is not None:
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
    fork = ForkTypes(trees, path, module, {cls.name: cls for cls in file_classes(module.body)})
    bound: dict[int, dict[str, ast.expr]] = {}
    for node in walk_spanning(module, owned):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load) and node.attr in found:
            yield from _field_use(node, parents, fork, found, bound, by_owner, owned)
            continue
        if not isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)) or not isinstance(node.target, ast.Tuple):
            continue
        if not isinstance(node.iter, ast.Attribute) or node.iter.attr not in found:
            continue
        func = enclosing(node.iter, parents)
        held = _held(node.iter, func, parents, fork, found, bound) or _held_unwrapped(
            node.iter, func, parents, fork, found
        )
        hit = by_owner.get((held.owner, held.name)) if held is not None else None
        if held is None or hit is None or len(node.target.elts) != hit.length:
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
    how = _value_use(subject, parents)
    if how is None or read.lineno not in owned:
        return
    func = enclosing(read, parents)
    held = _held(subject, func, parents, fork, found, bound) or _held_unwrapped(read, func, parents, fork, found)
    hit = by_owner.get((held.owner, held.name)) if held is not None else None
    if held is None or hit is None or hit.index >= 0 or func is None or hit.returned != (subject is not read):
        return
    shown = ast.unparse(subject)
    if not any(_tested_expr(n, shown) for n in ast.walk(func)):
        yield read.lineno, held, how


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
    return None


def _tested_expr(node: ast.AST, shown: str) -> bool:
    """``node`` tests the expression ``shown`` (``is None``, truth, ``or``, ``isinstance``)."""

    def same(n: ast.AST) -> bool:
        return isinstance(n, (ast.Attribute, ast.Name, ast.Call)) and ast.unparse(n) == shown

    if isinstance(node, ast.Compare):
        return any(same(side) for side in (node.left, *node.comparators))
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
        try:
            annotation = ast.parse(shown, mode="eval").body
        except SyntaxError:
            continue
        inner = _optional_of(annotation)
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
        return any(_is(side, name) for side in (node.left, *node.comparators))
    if isinstance(node, (ast.If, ast.While, ast.IfExp, ast.Assert)):
        return _is(node.test, name) or (isinstance(node.test, ast.UnaryOp) and _is(node.test.operand, name))
    if isinstance(node, ast.BoolOp):
        return any(_is(v, name) for v in node.values)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return _is(node.operand, name)
    if isinstance(node, ast.Call) and last_name(node.func) == "isinstance" and node.args:
        return _is(node.args[0], name)
    return False


def _is(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _as_value(part: ast.AST, name: str) -> Iterator[tuple[int, str]]:
    """Uses of ``name`` that need a value (not None): ``len()``, ``[...]``, iteration, an attribute."""
    for node in ast.walk(part):
        if isinstance(node, ast.Call) and last_name(node.func) == "len" and node.args and _is(node.args[0], name):
            yield node.lineno, f"takes len({name})"
        elif isinstance(node, ast.Subscript) and _is(node.value, name):
            yield node.lineno, f"indexes {name}"
        elif isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)) and _is(node.iter, name):
            yield (node.iter.lineno, f"iterates {name}")
        elif isinstance(node, ast.Attribute) and _is(node.value, name):
            yield node.lineno, f"reads {name}.{node.attr}"


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
    commit = trees.upstream_commit(hit.path, rf"\b{re.escape(hit.alias)}\b.*\bOptional\b|\bNone\b", pr_pattern)
    message = (
        f"fork-owned line {how}, element {hit.index} of the {hit.alias} tuples in {hit.owner}.{hit.field}, which "
        f"upstream made {hit.now} (was {hit.was}) ({hit.path}{commit}): for the entries upstream fills with None "
        "it raises TypeError (or reads None as a value); test it for None first"
    )
    return Finding(RULE, "merge", Severity.ERROR, path, line, message)
