"""Element shapes: upstream changed what each entry of a list a function returns holds, and a fork line reads
an entry by position.

#43477 (44d95069e9) made ``CudaPlatformBase.get_valid_backends`` return ``list[_BackendCandidate]`` (a
NamedTuple of ``backend_class``, ``backend``, ``priority``) where it returned ``list[tuple[AttentionBackendEnum,
int]]``, the first item of a ``tuple[list[...], dict[...]]``.  The method, its parameters and the outer pair
stayed: a fork's ``valid, _ = CudaPlatformBase.get_valid_backends(cap, config)`` merges cleanly, and then
``for backend, priority in valid`` raises ValueError (three values now) and ``entry[1]`` reads the backend where
it read the priority, silently.  Return drift (returns.py) checks the outer tuple's length; grown tuple drift
(grown_tuples.py) a NamedTuple whose own field count changed; here the entries became another type.

Upstream's side: a function or a top-level class's method, in a Python file whose diff changed a line holding
``->``, whose return annotation is ``list[E]`` (``Sequence``, ``Iterable``, ``Iterator``, ``List`` too) or a
fixed ``tuple[...]`` holding one at a position, with ``E`` a fixed ``tuple[A, B, ...]`` or a ``NamedTuple`` of
the module (its annotated fields): the kinds of ``E``'s positions at the base and at upstream, when they differ.

The fork's side, on lines it wrote, in a function binding a name once to such a call's list (``lst =
Owner.f(...)``, or ``lst, _ = ...`` taking the list's position), where the call's receiver is the owner
imported from upstream's module (``Owner.f``, ``module.Owner.f``, the function ``f`` itself) or ``super()``,
``self`` or ``cls`` in a class deriving the imported owner: a ``for`` (or comprehension) unpacking each entry
of ``lst`` (or of the call itself, ``for name, prio in ranked(cap)``) into the base's count of names, which upstream changed (ValueError), and an index ``e[k]`` of an
entry (a loop variable over ``lst``, a ``lambda e:`` handed with ``lst``, ``lst[i][k]``) whose position's kind
upstream changed (``e[-1]`` still the priority stays quiet): errors.  Quiet: a starred unpack, a function that
tests an entry's shape (``len``, ``isinstance``, ``hasattr``), a use in a ``try`` catching what a misfit raises,
a ``self.f()``/``cls.f()`` in a class overriding ``f`` (the fork's own layout; ``super().f()`` is upstream's).
"""

from __future__ import annotations

import ast
import copy
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.fallbacks import caught_around
from aeon_release.domain.audits.drift.own_fields import enclosing_class
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.result_kinds import unquoted_expr
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, defined_names, fork_found, parsed_texts
from aeon_release.domain.audits.merge_rules import LAYOUT_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, parent_map

# a changed diff line holding a return annotation
_ARROW = lazy_pattern(r"\n[-+][^\n]*->")
# a name a fork line calls, as ``element_shape_drift``'s ``names`` finds it (``\bNAME\s*\(``)
_CALLED = lazy_pattern(r"\b(\w+)\s*\(")
_LISTS = frozenset({"list", "List", "Sequence", "Iterable", "Iterator", "MutableSequence"})
_TUPLES = frozenset({"tuple", "Tuple"})
_MISFITS = frozenset({"ValueError", "IndexError", "TypeError", "Exception", "BaseException"})
_SHAPE_TESTS = frozenset({"len", "isinstance", "hasattr"})
_Def = ast.FunctionDef | ast.AsyncFunctionDef


@dataclass(frozen=True)
class Reshaped:
    """A function's (``owner`` set: a class's method's) returned list whose entries' kinds upstream changed."""

    module: str  # dotted
    path: str
    owner: str  # the class's name, "" for a function
    name: str
    slot: int | None  # the list's position in a returned tuple; None: the return is the list
    old: tuple[str, ...]  # each position's kind, as annotated
    new: tuple[str, ...]
    new_type: str  # upstream's entry annotation, as spelt

    @property
    def label(self) -> str:
        return f"{self.owner}.{self.name}" if self.owner else self.name


@dataclass(frozen=True)
class Use:
    line: int
    said: str  # what the fork's line does, for the message


def element_shape_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork lines unpacking or indexing entries of a returned list whose entries upstream reshaped."""
    # every finding's module has a fork line calling the reshaped function by name (``names`` below), so an
    # upstream text defining none of the names the fork's lines call holds no change a fork line can meet: its
    # parses were most of this check's ~430 ms at 80 commits (perf30)
    called = frozenset(fork_found(trees, _CALLED, tests=True))
    changed = _reshaped(trees, called) if called else []
    if not changed:
        return []
    names = re.compile(r"\b(?:" + "|".join(sorted({re.escape(c.name) for c in changed})) + r")\s*\(")
    return [
        _finding(trees, path, use, hit, pr_pattern)
        for path, module, owned in fork_modules(trees, names.search)
        for use, hit in _uses(path, module, owned, changed)
    ]


# -- upstream's side ---------------------------------------------------------------------------------------


def _reshaped(trees: ThreeTrees, called: frozenset[str]) -> list[Reshaped]:
    """The reshaped lists of functions named in ``called``, read only from texts defining one of them."""
    paths = sorted(p for p in trees.upstream if p.endswith(".py") and _ARROW.search(trees.upstream.raw(p)))
    found: list[Reshaped] = []
    for both in parsed_texts(trees, paths, lambda _old, new: not called.isdisjoint(defined_names(new))):
        old, new = _defs(both.old), _defs(both.new)
        module = dotted_name(both.path, roots=("",))
        for key in sorted(set(old) & set(new)):
            before, after = _lists(old[key], both.old), _lists(new[key], both.new)
            for slot in sorted(set(before) & set(after), key=lambda s: -1 if s is None else s):
                (was, _), (now, written) = before[slot], after[slot]
                if was != now:
                    owner, _, name = key.rpartition(".")
                    found.append(Reshaped(module, both.path, owner, name, slot, was, now, written))
    return found


def _defs(module: ast.Module) -> dict[str, _Def]:
    """The module's functions by name, and its top-level classes' own methods as ``Cls.meth``."""
    found: dict[str, _Def] = {s.name: s for s in module.body if isinstance(s, _Def)}
    for cls in module.body:
        if isinstance(cls, ast.ClassDef):
            found |= {f"{cls.name}.{s.name}": s for s in cls.body if isinstance(s, _Def)}
    return found


def _lists(func: _Def, module: ast.Module) -> dict[int | None, tuple[tuple[str, ...], str]]:
    """slot -> (the entry's position kinds, the entry's annotation) of each list the return annotation holds."""
    returned = unquoted_expr(func.returns)
    if returned is None:
        return {}
    whole = _entry(returned, module)
    if whole is not None:
        return {None: whole}
    if not (isinstance(returned, ast.Subscript) and last_name(returned.value) in _TUPLES):
        return {}
    items = returned.slice.elts if isinstance(returned.slice, ast.Tuple) else [returned.slice]
    if any(isinstance(i, ast.Constant) and i.value is Ellipsis for i in items):
        return {}
    return {at: shape for at, item in enumerate(items) if (shape := _entry(item, module)) is not None}


def _entry(annotation: ast.expr, module: ast.Module) -> tuple[tuple[str, ...], str] | None:
    """The kinds of a ``list[E]``'s entry positions, and ``E`` as spelt; None when ``E`` has no fixed layout."""
    if not (isinstance(annotation, ast.Subscript) and last_name(annotation.value) in _LISTS):
        return None
    element = unquoted_expr(annotation.slice)
    kinds = _layout(element, module) if element is not None else None
    return (kinds, ast.unparse(element)) if kinds is not None and element is not None else None


def _layout(element: ast.expr, module: ast.Module) -> tuple[str, ...] | None:
    """A fixed ``tuple[A, B]``'s kinds, or the annotated fields' kinds of the module's NamedTuple ``E``."""
    if isinstance(element, ast.Subscript) and last_name(element.value) in _TUPLES:
        items = element.slice.elts if isinstance(element.slice, ast.Tuple) else [element.slice]
        if any(isinstance(i, ast.Constant) and i.value is Ellipsis for i in items):
            return None
        return _kinds(items, module)
    if isinstance(element, ast.Name):
        cls = next((n for n in module.body if isinstance(n, ast.ClassDef) and n.name == element.id), None)
        if cls is not None and any(last_name(b) == "NamedTuple" for b in cls.bases):
            fields = [n for n in cls.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)]
            return _kinds([f.annotation for f in fields], module)
    return None


def _kinds(annotations: list[ast.expr], module: ast.Module) -> tuple[str, ...]:
    """Each position's kind, one spelling of its type, the module's bounded TypeVars read as their bounds."""
    bounded = _Bounded(_typevar_bounds(module))
    return tuple(spelt(bounded.visit(copy.deepcopy(a))) for a in annotations)


def _typevar_bounds(module: ast.Module) -> dict[str, ast.expr]:
    """The module's ``T = TypeVar("T", bound=B)``: name -> ``B``."""
    found: dict[str, ast.expr] = {}
    for stmt in module.body:
        if (
            isinstance(stmt, ast.Assign)
            and isinstance(stmt.value, ast.Call)
            and last_name(stmt.value.func) == "TypeVar"
        ):
            bound = next((k.value for k in stmt.value.keywords if k.arg == "bound"), None)
            bound = unquoted_expr(bound)
            for target in stmt.targets:
                if isinstance(target, ast.Name) and bound is not None:
                    found[target.id] = bound
    return found


class _Bounded(ast.NodeTransformer):
    """An annotation with each bounded TypeVar of the module read as its bound: #34959 (d38cd3dde5) made
    ``_flatten_stats_tree`` return ``list[tuple[int, StatsEntryT]]`` (``StatsEntryT`` bound to ``StatsEntry``)
    where it returned ``list[tuple[int, StatsEntry]]``: the same entries."""

    def __init__(self, bounds: dict[str, ast.expr]) -> None:
        self.bounds = bounds

    def visit_Name(self, node: ast.Name) -> ast.expr:  # noqa: N802 (ast's visitor naming)
        return self.bounds.get(node.id, node)


# typing's aliases of the builtin generics (PEP 585): ``List[int]`` is ``list[int]``
_BUILTIN = {"List": "list", "Dict": "dict", "Tuple": "tuple", "Set": "set", "FrozenSet": "frozenset", "Type": "type"}


def spelt(annotation: ast.expr) -> str:
    """A position's kind as one spelling of the type (also what ``shadows`` compares a namesake's annotations by): #26633 (8fcaaf6a16) respelt ``to_enc_dec_tuple_list``'s
    ``list[tuple[_T1, Optional[_T2]]]`` as ``list[tuple[_T1, _T2 | None]]``, #13971 ``List[...]`` as
    ``list[...]``; the entries kept their layout, so ``Optional``/``Union``, ``X | None`` in either order,
    typing's aliases, a quoted name and a module prefix all read alike."""
    members = _union(annotation)
    if len(members) > 1:
        return " | ".join(sorted({spelt(m) for m in members}))
    node = unquoted_expr(annotation) or annotation
    if isinstance(node, ast.Subscript):
        head = last_name(node.value) or ast.unparse(node.value)
        items = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        return f"{_BUILTIN.get(head, head)}[{', '.join(spelt(i) for i in items)}]"
    if isinstance(node, ast.Name | ast.Attribute):
        return _BUILTIN.get(last_name(node), last_name(node))
    return ast.unparse(node)


def _union(annotation: ast.expr) -> list[ast.expr]:
    """The members of a union (``A | B``, ``Optional[A]``, ``Union[A, B]``, quoted or not); the annotation alone
    for anything else."""
    node = unquoted_expr(annotation) or annotation
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return [*_union(node.left), *_union(node.right)]
    if isinstance(node, ast.Subscript) and last_name(node.value) in ("Optional", "Union"):
        items = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        extra = [ast.Constant(None)] if last_name(node.value) == "Optional" else []
        return [m for i in [*items, *extra] for m in _union(i)]
    return [node]


# -- the fork's side ---------------------------------------------------------------------------------------


def _uses(path: str, module: ast.Module, owned: set[int], changed: list[Reshaped]) -> list[tuple[Use, Reshaped]]:
    """Each misread once: a nested def's lines are walked under it and under each def enclosing it (readD)."""
    return list(dict.fromkeys(use for use in _walked_uses(path, module, changed) if use[0].line in owned))


def _walked_uses(path: str, module: ast.Module, changed: list[Reshaped]) -> Iterator[tuple[Use, Reshaped]]:
    imports, parents = file_imports(module, path), parent_map(module)
    for func in (n for n in ast.walk(module) if isinstance(n, _Def)):
        for name, hit in _bound_lists(func, imports, parents, changed):
            yield from ((use, hit) for use in _misreads(func, name, hit, parents))
        yield from _direct_loops(func, imports, parents, changed)


def _direct_loops(
    func: _Def, imports: dict[str, tuple[str, str]], parents: dict[int, ast.AST], changed: list[Reshaped]
) -> Iterator[tuple[Use, Reshaped]]:
    """A ``for`` (or comprehension) unpacking each entry of the call itself (``for name, prio in ranked(8)``)."""
    for node in ast.walk(func):
        if not isinstance(node, ast.For | ast.AsyncFor | ast.comprehension) or not isinstance(node.iter, ast.Call):
            continue
        target = node.target
        if not (isinstance(target, ast.Tuple | ast.List) and _plain(target)):
            continue
        for hit in changed:
            fits = hit.slot is None and len(target.elts) == len(hit.old) != len(hit.new)
            if fits and _calls(node.iter, hit, imports, parents) and not caught_around(node, _MISFITS, parents):
                yield (
                    Use(target.lineno, f"unpacks each entry of {ast.unparse(node.iter)} into {len(target.elts)} names"),
                    hit,
                )


def _bound_lists(
    func: _Def, imports: dict[str, tuple[str, str]], parents: dict[int, ast.AST], changed: list[Reshaped]
) -> Iterator[tuple[str, Reshaped]]:
    """(name, change) for each name ``func`` binds once, to the list a reshaped function's call returns."""
    stores = [n.id for n in ast.walk(func) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)]
    for node in ast.walk(func):
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.value, ast.Call)):
            continue
        for hit in changed:
            if not _calls(node.value, hit, imports, parents):
                continue
            target = node.targets[0]
            if hit.slot is not None and isinstance(target, ast.Tuple | ast.List) and hit.slot < len(target.elts):
                target = target.elts[hit.slot]
            elif hit.slot is not None:
                continue
            if isinstance(target, ast.Name) and stores.count(target.id) == 1:
                yield target.id, hit


def _calls(call: ast.Call, hit: Reshaped, imports: dict[str, tuple[str, str]], parents: dict[int, ast.AST]) -> bool:
    """``call`` calls ``hit``'s function: off its imported owner, or off ``super()``/``self``/``cls`` in a class
    deriving that owner; the function itself, imported."""
    func = call.func
    if not hit.owner:
        origin = imported_origin(func, imports) if isinstance(func, ast.Name | ast.Attribute) else None
        return origin == (hit.module, hit.name)
    if not (isinstance(func, ast.Attribute) and func.attr == hit.name):
        return False
    owner = f"{hit.module}.{hit.owner}"
    receiver = func.value
    if isinstance(receiver, ast.Name | ast.Attribute) and _dotted_origin(receiver, imports) == owner:
        return True
    selfish = (isinstance(receiver, ast.Call) and last_name(receiver.func) == "super") or (
        isinstance(receiver, ast.Name) and receiver.id in ("self", "cls")
    )
    cls = enclosing_class(call, parents)
    if not selfish or cls is None or not any(_dotted_origin(b, imports) == owner for b in cls.bases):
        return False
    # ``self.f()`` in a class overriding ``f`` gets the fork's own layout; ``super().f()`` still upstream's
    own = any(isinstance(n, _Def) and n.name == hit.name for n in cls.body)
    return not own or isinstance(receiver, ast.Call)


def _dotted_origin(expr: ast.expr, imports: dict[str, tuple[str, str]]) -> str:
    origin = imported_origin(expr, imports)
    return ".".join(origin) if origin else ""


def _misreads(func: _Def, name: str, hit: Reshaped, parents: dict[int, ast.AST]) -> Iterator[Use]:
    """The fork's reads of ``name``'s entries that the new layout breaks; none where the function tests an
    entry's shape (``len(e)``, ``isinstance(e, ...)``, ``hasattr(e, ...)``): it reads both layouts."""
    loops = [(node, target) for node in ast.walk(func) if (target := _loop_over(node, name)) is not None]
    found = {t.id for _, t in loops if isinstance(t, ast.Name)} | _lambda_entries(func, name)
    entries = _only_entries(func, found, name)
    if _shape_tested(func, name, entries):
        return
    for node, target in loops:
        if isinstance(target, ast.Tuple | ast.List) and _plain(target) and len(target.elts) == len(hit.old):
            if len(hit.new) != len(hit.old) and not caught_around(node, _MISFITS, parents):
                yield Use(target.lineno, f"unpacks each entry of {name} into {len(target.elts)} names")
    for node in ast.walk(func):
        if isinstance(node, ast.Subscript) and _entry_of(node.value, name, entries):
            at = _position(node.slice)
            if (
                at is not None
                and _moved(_kind(hit.old, at), _kind(hit.new, at))
                and not caught_around(node, _MISFITS, parents)
            ):
                yield Use(node.lineno, f"reads position {at} of an entry of {name} ({_kind(hit.old, at)} before)")


def _only_entries(func: _Def, entries: set[str], name: str) -> set[str]:
    """The entry names no other store of ``func`` binds: ``for entry in invalid.items()`` beside ``for entry in
    valid`` makes ``entry[1]`` the other loop's pair, read as the fork means it (review90)."""
    ours = {id(t) for n in ast.walk(func) if (t := _loop_over(n, name)) is not None}
    ours |= {id(key.args.args[0]) for key in _entry_lambdas(func, name)}
    stored = [(n.id, id(n)) for n in ast.walk(func) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)]
    # a nested lambda's or def's parameter of the name binds it too: ``sorted(other, key=lambda e: e[1])``
    # beside ``for e in valid`` reads the other list's entry (readD #14); ``func``'s own parameters are not
    # counted (a loop rebinds them before any read of an entry)
    params = [a for n in ast.walk(func) if isinstance(n, ast.Lambda | _Def) and n is not func for a in _params(n)]
    stored += [(a.arg, id(a)) for a in params]
    return {e for e in entries if all(at in ours for bound, at in stored if bound == e)}


def _params(node: ast.Lambda | _Def) -> list[ast.arg]:
    args = node.args
    return [*args.posonlyargs, *args.args, *args.kwonlyargs, *(a for a in (args.vararg, args.kwarg) if a)]


def _shape_tested(func: _Def, name: str, entries: set[str]) -> bool:
    return any(
        isinstance(n, ast.Call)
        and isinstance(n.func, ast.Name)
        and n.func.id in _SHAPE_TESTS
        and bool(n.args)
        and _entry_of(n.args[0], name, entries)
        for n in ast.walk(func)
    )


def _loop_over(node: ast.AST, name: str) -> ast.expr | None:
    """The target of a ``for`` or comprehension iterating ``name`` itself."""
    if isinstance(node, ast.For | ast.AsyncFor | ast.comprehension):
        if isinstance(node.iter, ast.Name) and node.iter.id == name:
            return node.target
    return None


def _plain(target: ast.Tuple | ast.List) -> bool:
    return all(isinstance(e, ast.Name) for e in target.elts)


def _lambda_entries(func: _Def, name: str) -> set[str]:
    """The parameters of each ``lambda e: ...`` handed to a call beside ``name`` (``min(lst, key=lambda e:
    e[1])``, ``sorted(lst, key=...)``): each is an entry."""
    return {key.args.args[0].arg for key in _entry_lambdas(func, name)}


def _entry_lambdas(func: _Def, name: str) -> Iterator[ast.Lambda]:
    for call in (n for n in ast.walk(func) if isinstance(n, ast.Call)):
        if any(isinstance(a, ast.Name) and a.id == name for a in call.args):
            for value in [*call.args, *(k.value for k in call.keywords)]:
                if isinstance(value, ast.Lambda) and len(value.args.args) == 1:
                    yield value


def _entry_of(value: ast.expr, name: str, entries: set[str]) -> bool:
    """``value`` is an entry: a name bound over the list, or ``name[i]`` (a constant index)."""
    if isinstance(value, ast.Name):
        return value.id in entries
    return (
        isinstance(value, ast.Subscript)
        and isinstance(value.value, ast.Name)
        and value.value.id == name
        and _position(value.slice) is not None
    )


def _position(index: ast.expr) -> int | None:
    if isinstance(index, ast.UnaryOp) and isinstance(index.op, ast.USub):
        inner = _position(index.operand)
        return -inner if inner is not None else None
    if isinstance(index, ast.Constant) and isinstance(index.value, int) and not isinstance(index.value, bool):
        return index.value
    return None


def _moved(old: str, new: str) -> bool:
    """Another kind at the position, one that only admits None now aside: #37109 (512c5eb455) made
    ``yield_req_data``'s block ids ``tuple[list[int], ...] | None``, the same value where there is one (a None
    read is for the none checks, not a layout's)."""
    if old == new:
        return False
    node = unquoted_expr(ast.Constant(old))  # parse_python's: hostile text is None, a deep one cut on the rerun
    if node is None:
        return True
    return spelt(ast.BinOp(left=node, op=ast.BitOr(), right=ast.Constant(None))) != new


def _kind(kinds: tuple[str, ...], at: int) -> str:
    return kinds[at] if -len(kinds) <= at < len(kinds) else "nothing"


def _finding(trees: ThreeTrees, path: str, use: Use, hit: Reshaped, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(hit.path, rf"def {hit.name}\b|{re.escape(hit.new_type)}", pr_pattern)
    where = "the list it returns" if hit.slot is None else f"the list at position {hit.slot} of what it returns"
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        path,
        use.line,
        f"fork-owned line {use.said}, but upstream changed the entries of {where}, {hit.module}.{hit.label}(), "
        f"from ({', '.join(hit.old)}) to {hit.new_type} ({', '.join(hit.new)}) ({hit.path}{commit}): an unpack "
        "by the old count raises ValueError, a position read by the old layout reads another value; read the "
        "entries by the new layout",
    )
