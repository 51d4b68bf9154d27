"""Stored tuple drift: a fork line unpacks or indexes a tuple an upstream class keeps in an attribute, and
upstream changed the tuple's shape.

A class that hands state from one method to the next in ``self.state = (a, b, c, ...)`` fixes the state's
layout in that one line; a fork's subclass or helper reads it back by position, ``(batch, _, _, hidden, *_)``
unpacked or ``state[4]`` indexed.  #35930 made model runner v2's ``execute_model_state``, an 8-tuple, the
7-field ``ExecuteModelState`` NamedTuple (``model_inputs`` dropped): git merges the fork's
``(_, _, _, _, hidden_states, _, _, _) = self.execute_model_state`` as it was, and it raises on the first step;
``state[4]`` now reads ``aux_hidden_states``, silently.  Return drift (returns.py) checks a function's
returned tuple; this is the tuple a class stores.

A class's *shape* of an attribute at one revision: every ``self.NAME = value`` of its methods (None left out)
is a tuple display, or a call of a ``NamedTuple`` class of the same module, all of one length; each position's
name is the element's (a plain name) or the field's.  Anything else stored there (a call of something else, a
name) leaves the shape unknown: quiet.  A fork-owned ``(a, b, ...) = R.NAME`` without a star (exactly the
base's length, which upstream changed), or ``R.NAME[k]`` (or ``x[k]`` of ``x = R.NAME``, bound once in its
function) whose position held a name at the base that upstream moved, is an error when ``R`` is tied to the
class by its import: ``self`` in a class whose base is it, or a parameter annotated with it, or a name bound to
a call of it.  The class's module must be the import's (a re-export decides nothing).  A warning, not an error, for a
read in a ``try`` catching what a misfit raises, or beside a ``hasattr``/``getattr``/``isinstance`` probe of
the tuple; quiet for a ``self.NAME`` a fork base stores itself (its file's, or a fork file's it imports).

Cheap first: only fork files whose added lines unpack from or index an attribute are parsed, and only the
upstream-changed files that name one of those attributes.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from aeon_release.domain.audits import linear
from aeon_release.domain.audits.diffs import upstream_changed
from aeon_release.domain.audits.drift.fallbacks import caught_around, len_checked, shape_probed
from aeon_release.domain.audits.drift.own_fields import assigned, defines, enclosing
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules, own_returns
from aeon_release.domain.audits.drift.sides import ThreeTrees, both_texts, fork_found
from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, parent_map, parse_python

# ``a, b = x.attr`` / ``(a, b) = x.attr``, or ``...[3]``: a prefilter, the AST decides
# on RE2: ``,[^=]*`` ran to the line's end from every comma of a long line on ``re``
_WORDS = linear.Scan(r",[^=]*=\s*[\w.]+\.\w+\s*$|\[\s*-?\d+\s*\]|\bfor\s+\(?\s*\w+\s*,[^\n]*\sin\s+[\w.]+\.\w+\(")
_MOST_FILES = 64
_UNKNOWN = ""
# what a tuple of another length or a NamedTuple read by a gone position raises
_MISFITS = frozenset({"ValueError", "IndexError", "TypeError", "Exception"})
Lineage = Callable[[ast.ClassDef], list[ast.ClassDef]]


@dataclass(frozen=True)
class Read:
    path: str
    line: int
    attr: str
    owners: frozenset[tuple[str, str]]  # (module, class) the receiver is tied to by an import
    count: int | None  # an unpack without a star: the number of names it takes
    position: int | None  # an index read: the position
    checked: bool = False  # under an ``if`` asking the tuple's ``len``: the fork may already split on the shape
    guarded: bool = False  # in a ``try`` catching a misfit, or beside a probe of the tuple's kind


def stored_tuple_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    reads = list(_fork_reads(trees))
    if not reads:
        return []
    paths = [p for p in upstream_changed(trees.repo, trees.base, trees.theirs) if p.endswith(".py")]
    needles = {f"def {r.attr[:-2]}" if r.attr.endswith("()") else f".{r.attr}" for r in reads}
    holding = sorted(trees.upstream_files_with(tuple(sorted(needles)), paths))[:_MOST_FILES]
    before, after = both_texts(trees, holding)
    restored = _restored(trees)
    shapes = {p: (_shapes(before[p], p, restored), _shapes(after[p], p, restored)) for p in holding}
    findings = []
    for read in reads:
        found = _drifted(read, shapes)
        if found is not None:
            findings.append(_finding(trees, read, *found, pr_pattern))
    return findings


def _drifted(
    read: Read, shapes: dict[str, tuple[dict[tuple[str, str], tuple[str, ...]], dict[tuple[str, str], tuple[str, ...]]]]
) -> tuple[str, str, tuple[str, ...], tuple[str, ...], bool] | None:
    """(upstream's file, the class, the base's shape, upstream's, sure) when the read's position or count moved;
    not sure when only the name at the position changed (see ``_moved``)."""
    for path, (was_all, now_all) in shapes.items():
        module = dotted_name(path)
        for owner_module, cls in read.owners:
            was, now = was_all.get((cls, read.attr)), now_all.get((cls, read.attr))
            if owner_module != module or not was or not now or was == now:
                continue
            if read.count is not None and read.count == len(was) != len(now):
                return path, cls, was, now, True
            k = read.position
            moved = _moved(was, now, k) if k is not None and -len(was) <= k < len(was) and was[k] != _UNKNOWN else False
            if moved is not False:
                return path, cls, was, now, moved is True
    return None


def _moved(was: tuple[str, ...], now: tuple[str, ...], k: int) -> bool | None:
    """True when position ``k`` is now past the end, or the base's name there now sits elsewhere; None (not
    sure) when another name holds it and the base's is gone from the layout: a local renamed
    (``hidden`` -> ``hidden_states``) reads the same value, another value put in its place does not, and the
    names alone cannot tell which; False when the name stayed."""
    if not -len(now) <= k < len(now) or (now[k] != was[k] and was[k] in now):
        return True
    return None if now[k] != was[k] else False


def _fork_reads(trees: ThreeTrees) -> Iterator[Read]:
    for path, module, owned in fork_modules(trees, _WORDS.search):
        parents, imports = parent_map(module), file_imports(module, path)
        elsewhere = imported_lineage(trees, imports)
        for node in ast.walk(module):
            if getattr(node, "lineno", 0) in owned and (read := _read(path, node, parents, imports, elsewhere)):
                yield read


def _read(
    path: str, node: ast.AST, parents: dict[int, ast.AST], imports: dict[str, tuple[str, str]], elsewhere: Lineage
) -> Read | None:
    if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], (ast.Tuple, ast.List)):
        elts = node.targets[0].elts
        if any(isinstance(e, ast.Starred) for e in elts) or not isinstance(node.value, ast.Attribute):
            return None
        if _stored_by_own_class(node.value, node, parents, elsewhere):
            return None
        owners = receiver_owners(node.value.value, node, parents, imports)
        checked, guarded = _len_checked(node.value, node, parents), _guarded(node, node.value, node.value, parents)
        return Read(path, node.lineno, node.value.attr, owners, len(elts), None, checked, guarded) if owners else None
    if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load):
        k, held = _index(node.slice), _held(node.value, node, parents)
        if k is None or held is None or _stored_by_own_class(held, node, parents, elsewhere):
            return None
        owners = receiver_owners(held.value, node, parents, imports)
        checked, guarded = _len_checked(held, node, parents), _guarded(node, node.value, held, parents)
        return Read(path, node.lineno, held.attr, owners, None, k, checked, guarded) if owners else None
    if isinstance(node, ast.For | ast.AsyncFor) and isinstance(node.target, ast.Tuple | ast.List):
        return _looped(path, node, parents, imports, elsewhere)
    return None


def _looped(
    path: str,
    node: ast.For | ast.AsyncFor,
    parents: dict[int, ast.AST],
    imports: dict[str, tuple[str, str]],
    elsewhere: Lineage,
) -> Read | None:
    """``for a, b in R.method(...)``: each step unpacks an element of what the method lists (``_listings``),
    read as the attribute ``method()``."""
    elts = node.target.elts if isinstance(node.target, ast.Tuple | ast.List) else []
    call = node.iter
    if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Attribute):
        return None
    if any(isinstance(e, ast.Starred) for e in elts) or _stored_by_own_class(call.func, node, parents, elsewhere):
        return None
    owners = receiver_owners(call.func.value, node, parents, imports)
    guarded = _guarded(node, call, call.func, parents)
    # which attribute the method lists is read upstream, later: any ``len`` an enclosing ``if`` asks may be
    # the fork telling the layouts apart (``if len(self.engines[0].request_counts) == 2:``), a warning
    checked = len_checked(node, lambda _asked: True, parents)
    return Read(path, node.lineno, f"{call.func.attr}()", owners, len(elts), None, checked, guarded) if owners else None


def _guarded(node: ast.AST, spelled: ast.expr, held: ast.Attribute, parents: dict[int, ast.AST]) -> bool:
    """The read sits in a ``try`` catching what a misfit raises, or under (or after) a ``hasattr``/``getattr``/
    ``isinstance`` probe of the tuple (``if hasattr(st, "_fields")``, ``getattr(r.state, "hidden", None) or
    r.state[2]``): the fork may already tell the old tuple from the new one."""
    return caught_around(node, _MISFITS, parents) or any(
        shape_probed(node, ast.unparse(s), parents)
        for s in {ast.unparse(spelled): spelled, ast.unparse(held): held}.values()
    )


def own_class(node: ast.AST, parents: dict[int, ast.AST]) -> ast.ClassDef | None:
    """The class whose method ``node`` sits in, if any."""
    func = enclosing(node, parents)
    cls = parents.get(id(func)) if func is not None else None
    return cls if isinstance(cls, ast.ClassDef) else None


def fork_lineage(cls: ast.ClassDef, parents: dict[int, ast.AST]) -> list[ast.ClassDef]:
    """``cls`` and the bases its own file defines, theirs too (a fork mixin ahead of upstream's class)."""
    root: ast.AST = cls
    while (up := parents.get(id(root))) is not None:
        root = up
    local = {n.name: n for n in ast.walk(root) if isinstance(n, ast.ClassDef)}
    found, todo = [cls], [cls]
    while todo:
        for base in todo.pop().bases:
            mine = local.get(last_name(base) or "")
            if mine is not None and mine not in found:
                found.append(mine)
                todo.append(mine)
    return found


def imported_lineage(trees: ThreeTrees, imports: dict[str, tuple[str, str]]) -> Lineage:
    """A class's bases imported from a file the fork added or changed (a fork mixin kept in a file of its own,
    ahead of upstream's class), with the bases their own file defines: the merged tree's definitions."""

    def bases(cls: ast.ClassDef) -> list[ast.ClassDef]:
        found: list[ast.ClassDef] = []
        for base in cls.bases:
            origin = imported_origin(base, imports)
            path = _fork_path(trees, origin[0]) if origin is not None else None
            tree = trees.merged_module(path) if path is not None else None
            if tree is None or origin is None:
                continue
            parents = parent_map(tree)
            found += [
                b
                for n in tree.body
                if isinstance(n, ast.ClassDef) and n.name == origin[1]
                for b in fork_lineage(n, parents)
            ]
        return found

    return bases


def _fork_path(trees: ThreeTrees, module: str) -> str | None:
    stem = module.replace(".", "/")
    return next((p for p in (f"{stem}.py", f"{stem}/__init__.py") if p in trees.mine), None)


def whole_lineage(cls: ast.ClassDef, parents: dict[int, ast.AST], elsewhere: Lineage) -> list[ast.ClassDef]:
    """``fork_lineage``, and the fork's bases kept in its other files (``imported_lineage``)."""
    local = fork_lineage(cls, parents)
    return local + [b for c in local for b in elsewhere(c)]


def stores(cls: ast.ClassDef, name: str) -> bool:
    """A method of the class stores ``self.NAME`` (``self.dummy_run = self._own`` in ``__init__``)."""
    return any(a == name for a, _ in _stores(cls))


def _stored_by_own_class(read: ast.Attribute, node: ast.AST, parents: dict[int, ast.AST], elsewhere: Lineage) -> bool:
    """``self.NAME`` where the fork's class (or a fork base: its file's, or a fork file's it imports) stores
    ``self.NAME`` itself (None aside, a reset) or defines ``NAME`` (a property): the tuple read back is its own."""
    cls = own_class(node, parents) if isinstance(read.value, ast.Name) and read.value.id == "self" else None
    return cls is not None and any(
        defines(c, read.attr) or any(a == read.attr and _shape(v, {}) is not None for a, v in _stores(c))
        for c in whole_lineage(cls, parents, elsewhere)
    )


def _len_checked(held: ast.Attribute, node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """The read sits under a test of the same tuple's ``len`` (``fallbacks.len_checked``)."""
    spelled = ast.unparse(held)
    return len_checked(node, lambda asked: ast.unparse(asked) == spelled, parents)


def _index(node: ast.expr) -> int | None:
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant):
        return -node.operand.value if type(node.operand.value) is int else None
    return None


def _held(value: ast.expr, node: ast.AST, parents: dict[int, ast.AST]) -> ast.Attribute | None:
    """``R.attr`` itself, or the one ``R.attr`` a plain name is bound to in its function."""
    if isinstance(value, ast.Attribute):
        return value
    func = enclosing(node, parents) if isinstance(value, ast.Name) else None
    bound = assigned(func).get(value.id, ()) if func is not None and isinstance(value, ast.Name) else ()
    return bound[0] if len(bound) == 1 and isinstance(bound[0], ast.Attribute) else None


def receiver_owners(
    receiver: ast.expr, node: ast.AST, parents: dict[int, ast.AST], imports: dict[str, tuple[str, str]]
) -> frozenset[tuple[str, str]]:
    """The imported classes ``receiver`` is tied to: ``self``'s (or ``super()``'s) class's bases, a name's
    annotation or the call it is bound to."""
    func = enclosing(node, parents)
    if func is None:
        return frozenset()
    if isinstance(receiver, ast.Call) and last_name(receiver.func) == "super" and not receiver.args:
        receiver = ast.Name("self")
    if not isinstance(receiver, ast.Name):
        return frozenset()
    first = (func.args.posonlyargs + func.args.args)[:1]
    if first and first[0].arg == receiver.id and receiver.id in ("self", "cls"):
        cls = parents.get(id(func))
        types = list(cls.bases) if isinstance(cls, ast.ClassDef) else []
    else:
        args = [*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs]
        types = [a.annotation for a in args if a.arg == receiver.id and a.annotation is not None]
        types += [v.func for v in assigned(func).get(receiver.id, ()) if isinstance(v, ast.Call)]
    return frozenset(o for t in types if (o := imported_origin(t, imports)) is not None)


def _shapes(
    text: str | None, path: str, restored: frozenset[tuple[str, str, str]] = frozenset()
) -> dict[tuple[str, str], tuple[str, ...]]:
    """(class, attribute) -> the names at each position of the tuple every store of it holds ("" unnamed),
    or () when a store holds something else or the lengths differ; none for an attribute a fork subclass
    stores again (``restored``), nor for a method listing it."""
    module = parse_python(text, path) if text is not None else None
    if module is None:
        return {}
    named, resized = _named_tuples(module), _resized(module)
    found: dict[tuple[str, str], tuple[str, ...]] = {}
    for cls in (n for n in module.body if isinstance(n, ast.ClassDef)):
        for attr, value in _stores(cls):
            shape = _shape(value, named) if not isinstance(value, ast.List) or attr in resized else _fixed(value)
            key = (cls.name, attr)
            if shape is None or (dotted_name(path), cls.name, attr) in restored:
                continue
            held = found.setdefault(key, shape)
            if held != shape:
                found[key] = _merged(held, shape)
    return found | _listings(module, found)


_COPIES = frozenset({"copy", "list", "tuple"})


# ``self.NAME = [`` / ``self.NAME = (``: a fork class storing a display of its own
_RESTORE = lazy_pattern(r"self\.\w+\s*(?::[^=]*)?=\s*[\[(]")


# ``Name(`` called on a line, not the ``class Name(`` that defines it
_CALLED = lazy_pattern(r"(?<!class )\b(\w+)\s*\(")


def _restored(trees: ThreeTrees) -> frozenset[tuple[str, str, str]]:
    """(module, class, attribute): a fork subclass of an imported class stores the attribute again as a
    display, and the fork builds it (``AeonEngineState(EngineState)`` keeping ``request_counts = [0, 0]``):
    which instances a read reaches, the fork's layout or upstream's, is not traced, so the layout is not
    known; a false error would block a fork that kept its own."""
    found: set[tuple[str, str, str]] = set()
    # the subclass may be built in another fork file than the one defining it (a coordinator's module
    # building ``AeonEngineState()`` from ``aeon/engine_state.py``): the calls of every fork line first
    called = fork_found(trees, _CALLED)
    for path, module, _owned in fork_modules(trees, _RESTORE.search):
        imports = file_imports(module, path)
        built = called | {last_name(n.func) for n in ast.walk(module) if isinstance(n, ast.Call)}
        for cls in (n for n in ast.walk(module) if isinstance(n, ast.ClassDef) and n.name in built):
            origins = {o for b in cls.bases if (o := imported_origin(b, imports)) is not None}
            attrs = {a for a, v in _stores(cls) if isinstance(v, ast.Tuple | ast.List)}
            found |= {(m, c, a) for m, c in origins for a in attrs}
    return frozenset(found)


def _listings(
    module: ast.Module, stored: dict[tuple[str, str], tuple[str, ...]]
) -> dict[tuple[str, str], tuple[str, ...]]:
    """(class, "method()") -> the layout each element of the method's list holds, where every own return of
    the method is a comprehension of one attribute (``[e.request_counts for e in self.engines]``, or a copy:
    ``copy.copy(e.NAME)``, ``list(e.NAME)``) that exactly one class of the module stores with a known layout
    (#49204's ``DPCoordinatorProc._get_engine_counts``)."""
    found = {}
    for cls in (n for n in module.body if isinstance(n, ast.ClassDef)):
        for func in (n for n in cls.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)):
            listed = {_listed(v) for v in own_returns(func)}
            attr = listed.pop() if len(listed) == 1 else None
            layouts = {shape for (_, a), shape in stored.items() if a == attr}
            if attr and len(layouts) == 1 and (layout := layouts.pop()):
                found[(cls.name, f"{func.name}()")] = layout
    return found


def _listed(value: ast.expr | None) -> str | None:
    """The attribute a returned comprehension lists, if it lists one."""
    if not isinstance(value, ast.ListComp | ast.GeneratorExp):
        return None
    elt = value.elt
    if isinstance(elt, ast.Call) and last_name(elt.func) in _COPIES and len(elt.args) == 1 and not elt.keywords:
        elt = elt.args[0]
    return elt.attr if isinstance(elt, ast.Attribute) else None


def _merged(a: tuple[str, ...], b: tuple[str, ...]) -> tuple[str, ...]:
    """Two stores' shapes: one length keeps its positions (a name where both agree), else unknown ()."""
    if len(a) != len(b) or not a:
        return ()
    return tuple(x if x == y else _UNKNOWN for x, y in zip(a, b, strict=True))


def _stores(cls: ast.ClassDef) -> Iterator[tuple[str, ast.expr]]:
    for node in ast.walk(cls):
        targets = (
            node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        )
        value = getattr(node, "value", None)
        for t in targets:
            if value is not None:
                yield from _stored(t, value)


def _stored(target: ast.expr, value: ast.expr) -> Iterator[tuple[str, ast.expr]]:
    """(attribute, value) for each ``self.NAME`` the target stores; ``self.a, self.b = (x, y), 0`` pairs the
    elements (an unpacked call's parts are not shown: a bare name stands for each, a shape unknown)."""
    if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
        yield target.attr, value
    elif isinstance(target, ast.Tuple | ast.List):
        paired = isinstance(value, ast.Tuple | ast.List) and len(value.elts) == len(target.elts)
        for i, t in enumerate(target.elts):
            part = value.elts[i] if paired and isinstance(value, ast.Tuple | ast.List) else ast.Name("", ast.Load())
            yield from _stored(t.value if isinstance(t, ast.Starred) else t, part)


def _shape(value: ast.expr, named: dict[str, tuple[str, ...]]) -> tuple[str, ...] | None:
    """A store's shape; None for ``None`` (no tuple yet), () for a value whose shape the source does not show."""
    if isinstance(value, ast.Constant) and value.value is None:
        return None
    if isinstance(value, ast.Tuple) and not any(isinstance(e, ast.Starred) for e in value.elts):
        return tuple(e.id if isinstance(e, ast.Name) else _UNKNOWN for e in value.elts)
    if isinstance(value, ast.Call) and (fields := named.get(last_name(value.func) or "")) is not None:
        return _passed(value, fields)
    return ()


def _fixed(value: ast.List) -> tuple[str, ...]:
    """A list display the module never grows or shrinks holds a fixed layout as a tuple does (#49204 made
    ``EngineState.request_counts`` ``[0, 0]`` -> ``[0, 0, 0.0]``: a fork's ``waiting, running = ...`` raises)."""
    if not value.elts or any(isinstance(e, ast.Starred) for e in value.elts):
        return ()
    return tuple(e.id if isinstance(e, ast.Name) else _UNKNOWN for e in value.elts)


_RESIZERS = frozenset({"append", "extend", "insert", "pop", "remove", "clear"})


def _resized(module: ast.Module) -> set[str]:
    """The attributes the module resizes: ``x.NAME.append(...)`` (and the other resizing methods),
    ``x.NAME += ...``, ``del x.NAME[...]``, a slice stored into, or any of these on a local bound to
    ``x.NAME``: a list whose length is no layout."""
    aliases: dict[str, set[str]] = {}
    changed: set[str] = set()
    for node in ast.walk(module):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Attribute):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    aliases.setdefault(t.id, set()).add(node.value.attr)
        held = _resized_at(node)
        if isinstance(held, ast.Attribute):
            changed.add(held.attr)
        elif isinstance(held, ast.Name):
            changed.add(f"={held.id}")
    return {a for c in changed for a in (aliases.get(c[1:], set()) if c.startswith("=") else {c})}


def _resized_at(node: ast.AST) -> ast.expr | None:
    """The list ``node`` grows or shrinks, if any."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _RESIZERS:
        return node.func.value
    if isinstance(node, ast.AugAssign):
        return node.target
    targets = node.targets if isinstance(node, ast.Delete | ast.Assign) else []
    for t in targets:
        if isinstance(t, ast.Subscript) and (isinstance(node, ast.Delete) or isinstance(t.slice, ast.Slice)):
            return t.value
    return None


def _passed(call: ast.Call, fields: tuple[str, ...]) -> tuple[str, ...]:
    """A NamedTuple built from locals, by the locals' names (``State(hidden_states=hidden)`` holds ``hidden``,
    as the tuple display it replaced did); a field given anything else keeps the field's name."""
    names = list(fields)
    given = [
        *zip(range(len(fields)), call.args),
        *((fields.index(k.arg), k.value) for k in call.keywords if k.arg in fields),
    ]
    for i, arg in given:
        if isinstance(arg, ast.Name):
            names[i] = arg.id
    return tuple(names)


def _named_tuples(module: ast.Module) -> dict[str, tuple[str, ...]]:
    """The module's ``class X(NamedTuple)`` classes -> their fields, in order."""
    return {
        node.name: tuple(
            s.target.id for s in node.body if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)
        )
        for node in module.body
        if isinstance(node, ast.ClassDef) and any(last_name(b) == "NamedTuple" for b in node.bases)
    }


def _finding(  # noqa: PLR0913 -- the read, where upstream changed it, and how sure
    trees: ThreeTrees,
    read: Read,
    path: str,
    cls: str,
    was: tuple[str, ...],
    now: tuple[str, ...],
    sure: bool,
    pr_pattern: str,
) -> Finding:
    store = rf"self\.{read.attr}[[:space:]]*(:[^=]*)?="
    if read.attr.endswith("()"):  # a method listing an attribute: the def, or a list display stored
        store = rf"def {read.attr[:-2]}\(|self\.\w+[[:space:]]*(:[^=]*)?=[[:space:]]*\["
    commit = trees.upstream_commit(path, store, pr_pattern)
    if read.count is not None:
        of = f"each element of {cls}.{read.attr}" if read.attr.endswith("()") else f"{cls}.{read.attr}"
        how = f"unpacks {read.count} values from {of}, which upstream now stores as {len(now)}"
        fix = "unpack the new shape, or read the fields by name"
    else:
        k = read.position or 0
        held = now[k] if -len(now) <= k < len(now) else ""
        now_at = held or ("another value" if -len(now) <= k < len(now) else "nothing")
        how = f"reads {cls}.{read.attr}[{k}] ({was[k]} at the base), where upstream now stores {now_at}"
        fix = f"read {was[k]} by name"
    why = _doubt(read, sure)
    return Finding(
        RULE,
        "merge",
        Severity.WARNING if why else Severity.ERROR,
        read.path,
        read.line,
        f"fork-owned line {how} ({path}{commit}): {len(was)} values at the base, {len(now)} now; {fix}{why}",
    )


def _doubt(read: Read, sure: bool) -> str:
    """Why the finding is only a warning ("" for an error)."""
    if read.checked:
        return "; it sits under a test of the tuple's len, which may already tell the layouts apart"
    if read.guarded:
        return "; it sits in a try catching a misfit or beside a probe of the tuple, which may already tell the layouts apart"
    return "" if sure else "; the base's name is gone from the layout: a rename keeps the value, check which"
