"""Gone sentinels: a fork tests an attribute for the None or the empty value its class no longer stores in it.

#22910 (919234fe17) made ``DPAsyncMPClient.__init__`` start ``self.lb_engines`` as one ``[0, 0]`` pair per engine
where it started it as ``[]``.  A fork subclass's ``if not self.lb_engines: return self.core_engines[-1]`` ("no
stats from the coordinator yet: send it to the engine holding the draft"), or its readiness probe's
``len(self.lb_engines) > 0``, merges cleanly and is never true (false) again: the fork's path is dead, with no
error anywhere.  #11659 (80c751e7f6) took ``self.proc_handle = None`` out of ``MPClient.shutdown``, every store
left being ``BackgroundProcHandle(...)``: a fork's ``self.proc_handle is None`` ("the engine was shut down") never
holds again.  No name moved and no signature changed: only the values the class stores.

Upstream's side: a class of a changed file (its removed lines store ``self.X``) whose lineage in the file (the
class and the bases the file defines) stored ``self.X = None`` (the *None* sentinel) or an empty literal (``[]``,
``{}``, ``()``, ``""``, ``list()``, ``dict()`` ...: the *empty* one) at the base, in some method or the class body,
and at upstream stores it still but never so.  The fork's side, on a line it owns: a test of the attribute for that
value, read off ``self`` in a class deriving from that class (imported from its module or a package above it) or
off a parameter annotated with it -- ``is None``/``is not None``/``== None`` for None; ``not x.X``, ``if x.X:``,
``bool(x.X)``, an ``and``/``or`` operand, ``len(x.X) == 0`` (``> 0``, ``< 1`` ...), ``x.X == []`` for empty.

An error when the test can no longer come out as written for: every store upstream keeps is a value that is never
the sentinel (a class's build for None; a non-empty display, a comprehension for empty), or the sentinel was the
constructor's start and upstream's constructor now starts the attribute with such a value (a later store of an
unknown value may still give it, but the state the fork's test was written for, before it, is gone).  A warning
when the sentinel was stored elsewhere and a kept store of an unknown value (a name, a call's answer) may still
give it.  Quiet: a fork class that stores the attribute itself (its own value, whatever it is), a class not
deriving from the changed one (the fork's namesake), an empty start the base grew in place (``self.X.append``,
``self.X[k] = v``, ``+=``: an accumulator, whose emptiness meant "nothing added", as a build's may), a test of
another kind (a truth test of a None sentinel: an object may be falsy), a lineage that still stores the sentinel
anywhere, one that now deletes the field (``del self.X``: #22499's reset, stopped writes' to judge), and a
sentinel that was a declared field's default (``seed: int | None = None``: a builder may still pass it).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.literals import _default_of
from aeon_release.domain.audits.drift.nulled_attributes import _names as names_class
from aeon_release.domain.audits.drift.nulled_attributes import derived_from, is_self_attribute, local_bases
from aeon_release.domain.audits.drift.pyindex import file_imports, imported_origin
from aeon_release.domain.audits.drift.read_only import _lineage as lineage
from aeon_release.domain.audits.drift.returns import fork_modules, own_nodes
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions
from aeon_release.domain.audits.drift.stopped_writes import _deletes
from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import FUNCTION_DEFS, last_name, lazy_pattern, parent_map

_MOST_FILES = 32
_HOPS = 2  # upstream classes of other files between a fork class and the changed one
_NONE, _EMPTY = "None", "empty"
# A test of ``<name>.X`` for None or emptiness on a fork line: the cheap gate before any parse.
_TESTED = lazy_pattern(
    r"(?:\bnot\s+|\blen\(\s*|\bbool\(\s*|\bif\s+|\bwhile\s+|\band\s+|\bor\s+)\w+\.(\w+)"
    r"|\w+\.(\w+)\s*(?:is\s+(?:not\s+)?None|[!=]=\s*(?:None|\[\]|\{\}|\(\))|\s+(?:and|or)\b)"
    r"|\bNone\s*(?:is\s+(?:not\s+)?|[!=]=\s*)\w+\.(\w+)"
)
# a removed ``return fn, None``: a slot of a pair a class may unpack into its fields (#33047)
_PAIR_NONE = lazy_pattern(r"^\s*return\s+(?:[^\n]*,\s*None\b|None\s*,)")
_UNKNOWN = ast.Name(id="?")  # a value stored that is not known: neither the sentinel nor surely not
_NONE_PARAM = ast.Constant(value=None)  # a None-default parameter stored as is: None when a caller leaves it out
_EMPTY_BUILDS = frozenset({"list", "dict", "set", "tuple", "frozenset", "str", "deque", "OrderedDict"})
_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp)


@dataclass(frozen=True)
class Gone:
    """Upstream's ``cls`` (file ``path``) no longer stores the ``kind`` sentinel in ``self.field``; at the base
    ``where`` did, which now stores ``now`` ("" for none); ``sure``: the fork's test cannot hold as written for."""

    path: str
    cls: str
    field: str
    kind: str
    where: str
    now: str
    sure: bool
    fed: frozenset[str] = frozenset()  # own methods whose returned pairs an unpacking store takes (#33047)


def gone_sentinel_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork tests of an attribute for None or emptiness, where upstream's class no longer stores that value."""
    fields = _tested_fields(trees)
    gone = _gone(trees, fields) if fields else []
    if not gone:
        return []
    findings: list[Finding] = []
    for path, module, owned in fork_modules(trees, _TESTED.search):
        seen: set[tuple[int, str]] = set()
        for line, item in _fork_tests(trees, path, module, gone):
            if line in owned and (line, item.field) not in seen:
                seen.add((line, item.field))
                findings.append(_finding(trees, path, line, item, pr_pattern))
    return findings


def _tested_fields(trees: ThreeTrees) -> set[str]:
    """The attributes a fork line may test for None or emptiness (a text gate)."""
    found: set[str] = set()
    for change in trees.mine.values():
        for line in change.added.values():
            found.update(next(g for g in groups if g) for groups in _TESTED.findall(line))
    return found


def _gone(trees: ThreeTrees, fields: set[str]) -> list[Gone]:
    """Each class of a changed file, of the fields the fork tests, whose lineage no longer stores the sentinel."""
    store = re.compile(r"self\.(" + "|".join(sorted(map(re.escape, fields))) + r")\s*(?::[^=]*)?=[^=]")
    paths = [
        p
        for p in sorted(trees.upstream)
        if p.endswith(".py")
        and any(store.search(line) or _PAIR_NONE.search(line) for line in trees.upstream[p].removed)
    ][:_MOST_FILES]
    found: list[Gone] = []
    for path, old, new in parsed_versions(trees, paths):
        was, now = _classes(old), _classes(new)
        for name in sorted(was.keys() & now.keys()):
            for field in sorted(fields):
                item = _lost(path, field, lineage(was[name], was), lineage(now[name], now))
                if item is not None:
                    found.append(Gone(path, name, *item, _feeders(lineage(now[name], now), field)))
    return found


def _classes(module: ast.Module) -> dict[str, ast.ClassDef]:
    return {c.name: c for c in module.body if isinstance(c, ast.ClassDef)}


def _lost(
    path: str, field: str, old: list[ast.ClassDef], new: list[ast.ClassDef]
) -> tuple[str, str, str, str, bool] | None:
    """(field, kind, where, now, sure) when the old lineage stored a sentinel in ``self.field`` and the new one
    stores the field but never that sentinel; None otherwise."""
    before, after = _stores(old, field), _stores(new, field)
    if not after or any(_deletes(cls, field) for cls in new):
        return None  # no store left (symbol drift's), or the None made a ``del`` (#22499: stopped writes')
    for kind in (_NONE, _EMPTY):
        if kind == _EMPTY and _grown(old, field):
            continue  # an accumulator's start: its emptiness meant "nothing added", which a build may still mean
        where = next((m for m, v in before if _sentinel(v, kind)), None)
        if where is None or any(_sentinel(v, kind) for _, v in after):
            continue
        if where == "" and _declared(old, field):
            continue  # a declared field's default: the caller may still pass the sentinel (default drift's)
        there = [v for m, v in after if m == where]
        sure = all(_never(v, kind) for _, v in after) or (
            where == "__init__" and bool(there) and all(_never(v, kind) for v in there)
        )
        return field, kind, where, " / ".join(ast.unparse(v) for v in there), sure
    return None


def _declared(classes: list[ast.ClassDef], field: str) -> bool:
    """``field: T = v`` in a class body: a dataclass's (pydantic's, a NamedTuple's) field, which its builder may
    set to anything, the old sentinel too (#29185: ``EngineArgs.seed: int | None = None`` made ``= 0``; a caller
    may still pass ``seed=None``, and a made-None default is default drift's to judge)."""
    return any(
        isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.target.id == field
        for cls in classes
        for stmt in cls.body
    )


def _stores(classes: list[ast.ClassDef], field: str) -> list[tuple[str, ast.expr]]:
    """(method, value) of each store of ``self.field`` in the classes' methods (``""`` for the class body)."""
    found: list[tuple[str, ast.expr]] = []
    methods = {s.name: s for cls in classes for s in cls.body if isinstance(s, FUNCTION_DEFS)}
    for cls in classes:
        for stmt in cls.body:
            method = stmt.name if isinstance(stmt, FUNCTION_DEFS) else ""
            for node in ast.walk(stmt) if method else [stmt]:
                value = _stored(node, field, self_attr=bool(method))
                if value is not None:
                    found.append((method, _NONE_PARAM if _none_param(value, stmt) else value))
                elif method:
                    found += [(method, v) for v in _unpacked(node, field, methods)]
    return found


def _none_param(value: ast.expr, method: ast.stmt) -> bool:
    """``value`` is a parameter of ``method`` that defaults to None and that the method never rebinds: the store
    (``self.tools = tools`` of ``tools: list[Tool] | None = None``) keeps None whenever a caller leaves it out
    (killers212: #38189 made ``ToolParser.__init__`` store ``[]`` for it instead)."""
    if not isinstance(value, ast.Name) or not isinstance(method, FUNCTION_DEFS):
        return False
    default = _default_of(method.args, value.id)
    if not (isinstance(default, ast.Constant) and default.value is None):
        return False
    stores = (n for n in ast.walk(method) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store))
    return not any(n.id == value.id for n in stores)


def _unpacked(node: ast.AST, field: str, methods: dict[str, ast.FunctionDef | ast.AsyncFunctionDef]) -> list[ast.expr]:
    """The values ``self.a, self.field = ...`` stores in the field: the slot of a tuple display, or of each pair
    an own method returns (#33047: ``self.w8a8_blockscale_op, self.input_quant_op = self._dispatch_w8a8_blockscale_op(
    ...)``, whose aiter pair ended in None and now in a ``QuantFP8``); unknown for anything else."""
    slot = _slot_of(node, field)
    if slot is None or not isinstance(node, ast.Assign) or not isinstance(node.targets[0], ast.Tuple):
        return []
    elts = node.targets[0].elts
    value = node.value
    if isinstance(value, ast.Tuple):
        return [value.elts[slot]] if len(value.elts) == len(elts) else [_UNKNOWN]
    func = value.func if isinstance(value, ast.Call) else None
    own = is_self_attribute(func) and func.attr in methods
    if not own or func is None or not isinstance(func, ast.Attribute):
        return [_UNKNOWN]
    returned = [n.value for n in own_nodes(methods[func.attr].body) if isinstance(n, ast.Return)]
    pairs = [r.elts[slot] if isinstance(r, ast.Tuple) and len(r.elts) == len(elts) else _UNKNOWN for r in returned]
    return pairs or [_UNKNOWN]


def _slot_of(node: ast.AST, field: str) -> int | None:
    """The place of ``self.field`` among the names ``self.a, self.field = ...`` unpacks into; None for any other
    statement."""
    if not (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Tuple)):
        return None
    elts = node.targets[0].elts
    return next((i for i, e in enumerate(elts) if is_self_attribute(e) and e.attr == field), None)


def _feeders(classes: list[ast.ClassDef], field: str) -> frozenset[str]:
    """The own methods an unpacking store of ``self.field`` calls (``self.a, self.field = self._dispatch(...)``):
    a fork subclass overriding one feeds the field its own values (review111: an override of #33047's
    ``_dispatch_w8a8_blockscale_op`` keeping the aiter pair's None)."""
    return frozenset(
        node.value.func.attr
        for cls in classes
        for node in ast.walk(cls)
        if isinstance(node, ast.Assign)
        and _slot_of(node, field) is not None
        and isinstance(node.value, ast.Call)
        and is_self_attribute(node.value.func)
    )


def _overrides(classes: list[ast.ClassDef], methods: frozenset[str]) -> bool:
    return any(isinstance(s, FUNCTION_DEFS) and s.name in methods for cls in classes for s in cls.body)


_GROWERS = frozenset({"append", "extend", "insert", "add", "update", "setdefault", "appendleft", "extendleft"})


def _emptied(classes: list[ast.ClassDef], item: Gone) -> bool:
    """The fork's classes empty the field themselves (``self.F.clear()``, review105): its emptiness is the fork's
    own state again, whatever upstream starts it as."""
    return item.kind == _EMPTY and any(
        isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and n.func.attr == "clear"
        and is_self_attribute(n.func.value)
        and n.func.value.attr == item.field
        for cls in classes
        for n in ast.walk(cls)
    )


def _grown(classes: list[ast.ClassDef], field: str) -> bool:
    """A method of the classes grows ``self.field`` in place: ``self.field.append(x)``, ``self.field[k] = v``,
    ``self.field += ...``."""
    for node in (n for cls in classes for n in ast.walk(cls)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _GROWERS:
            target: ast.expr = node.func.value
        elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store):
            target = node.value
        elif isinstance(node, ast.AugAssign):
            target = node.target
        else:
            continue
        if is_self_attribute(target) and target.attr == field:
            return True
    return False


def _stored(node: ast.AST, field: str, self_attr: bool) -> ast.expr | None:
    """The value ``node`` stores in the field (``self.field`` in a method, the bare name in a class body)."""
    if isinstance(node, ast.Assign):
        targets: list[ast.expr] = node.targets
    elif isinstance(node, ast.AnnAssign) and node.value is not None:
        targets = [node.target]
    else:
        return None
    hit = any((is_self_attribute(t) and t.attr == field) if self_attr else _is_name(t, field) for t in targets)
    return node.value if hit else None


def _is_name(node: ast.expr, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _sentinel(value: ast.expr, kind: str) -> bool:
    """The value is the sentinel itself: the None constant, or an empty literal or build."""
    if kind == _NONE:
        return isinstance(value, ast.Constant) and value.value is None
    if isinstance(value, ast.List | ast.Tuple | ast.Set):
        return not value.elts
    if isinstance(value, ast.Dict):
        return not value.keys
    if isinstance(value, ast.Constant):
        return value.value in ("", b"")
    return isinstance(value, ast.Call) and not value.args and last_name(value.func) in _EMPTY_BUILDS


def _never(value: ast.expr, kind: str) -> bool:
    """The value is never the sentinel: a class's build, a display, a constant but None (for None); a display
    with an element, a comprehension (built per element of what it walks), a non-empty string (for empty)."""
    if kind == _NONE:
        if isinstance(value, ast.Call):  # a class's build, a builtin container's too (``list(tools or ())``)
            return last_name(value.func)[:1].isupper() or last_name(value.func) in _EMPTY_BUILDS
        if isinstance(value, ast.Constant):
            return value.value is not None
        return isinstance(value, (ast.List, ast.Tuple, ast.Set, ast.Dict, ast.JoinedStr, *_COMPREHENSIONS))
    if isinstance(value, _COMPREHENSIONS):
        return True
    elements = value.keys if isinstance(value, ast.Dict) else getattr(value, "elts", None)
    if isinstance(value, ast.List | ast.Tuple | ast.Set | ast.Dict) and elements:
        return True
    return isinstance(value, ast.Constant) and isinstance(value.value, str) and bool(value.value)


def _fork_tests(trees: ThreeTrees, path: str, module: ast.Module, gone: list[Gone]) -> Iterator[tuple[int, Gone]]:
    """(line, sentinel gone) of each fork test of a gone sentinel: off ``self`` in a derived class that does not
    store the field itself, or off a parameter annotated with the class."""
    imports = file_imports(module, path)
    local = {c.name: c for c in ast.walk(module) if isinstance(c, ast.ClassDef)}
    for cls in local.values():
        items = derived_from(cls, local, imports, gone) or _derived_through(trees, cls, imports, gone, _HOPS)
        own = [cls, *local_bases(cls, local).values()]
        kept = (i for i in items if not _stores(own, i.field) and not _emptied(own, i) and not _overrides(own, i.fed))
        for item in kept:
            for func in (f for f in cls.body if isinstance(f, FUNCTION_DEFS)):
                yield from ((line, item) for line in _tests(func, "self", item))
    for func in (f for f in ast.walk(module) if isinstance(f, FUNCTION_DEFS)):
        for arg in [*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs]:
            origin = imported_origin(arg.annotation, imports) if arg.annotation is not None else None
            for item in (i for i in gone if origin is not None and names_class(origin, i)):
                yield from ((line, item) for line in _tests(func, arg.arg, item))


def _derived_through(
    trees: ThreeTrees, cls: ast.ClassDef, imports: dict[str, tuple[str, str]], gone: list[Gone], hops: int
) -> list[Gone]:
    """The items whose class ``cls`` derives through a class of another file of the merged tree that stores
    none of their fields itself (killers212: a fork's ``class AeonHermes(Hermes2ProToolParser)``, whose
    ``Hermes2ProToolParser(ToolParser)`` hands ``tools`` to ``ToolParser.__init__``, #38189's), up to ``hops``
    classes deep."""
    found: list[Gone] = []
    for base in cls.bases if hops else []:
        origin = imported_origin(base, imports)
        home = _module_path(trees, origin[0]) if origin is not None else None
        tree = trees.merged_module(home) if home is not None else None
        if tree is None or origin is None or home is None:
            continue
        local = _classes(tree)
        mid = local.get(origin[1])
        if mid is None:
            continue
        there = file_imports(tree, home)
        items = derived_from(mid, local, there, gone) or _derived_through(trees, mid, there, gone, hops - 1)
        found += [i for i in items if not _stores([mid, *local_bases(mid, local).values()], i.field)]
    return found


def _module_path(trees: ThreeTrees, module: str) -> str | None:
    """The file of the merged tree a dotted module name is: ``a/b.py`` or ``a/b/__init__.py``."""
    stem = module.replace(".", "/")
    return next((p for p in (f"{stem}.py", f"{stem}/__init__.py") if trees.merged_text(p) is not None), None)


def _tests(func: ast.AST, receiver: str, item: Gone) -> Iterator[int]:
    """The lines of ``func`` testing ``receiver.field`` for the item's sentinel, but a guard's (``_guards``)."""
    parents = parent_map(func)
    for node in ast.walk(func):
        if isinstance(node, ast.expr | ast.stmt) and any(
            _reads(n, receiver, item.field) for n in _tested(node, item.kind)
        ):
            if not _guards(node, parents, receiver, item):
                yield node.lineno


def _guards(node: ast.AST, parents: dict[int, ast.AST], receiver: str, item: Gone) -> bool:
    """The test only guards the value, right whether or not the sentinel can come (review105): an operand of
    ``and``/``or`` beside another reading the field (``x.F is not None and x.F.proc.is_alive()``, ``not x.F or
    not any(map(sum, x.F))``: the fork tests the new state too), or an ``if`` whose branch for the sentinel does
    nothing (``if x.F is not None: x.F.shutdown()``, ``if x.F is None: return``): upstream's state only ever
    takes the other branch, which is what upstream does."""
    test, up = (node.test, node) if isinstance(node, ast.If | ast.While | ast.IfExp) else (node, parents.get(id(node)))
    if isinstance(node, ast.BoolOp):  # ``x.F and x.F[0]``: the operand read for its truth, and another
        return sum(_reads_field(v, receiver, item.field) for v in node.values) > 1
    if isinstance(up, ast.BoolOp):
        return any(_reads_field(v, receiver, item.field) for v in up.values if v is not test)
    if isinstance(up, ast.IfExp) and up.test is test:
        return _empty_default(up, receiver, item)
    if not isinstance(up, ast.If) or up.test is not test:
        return False
    holds = _holds_on_sentinel(test, item.kind)
    if holds is None or (not holds and isinstance(up.body[-1], _LEAVES)):
        return False  # ``if x.F: return 1`` then ``return 0``: what follows the ``if`` is the sentinel's branch
    return all(_idle(s) for s in (up.body if holds else up.orelse)) or (
        holds and _answered_again(up, parents, receiver, item)
    )


_LEAVES = (ast.Return, ast.Raise, ast.Continue, ast.Break)


def _answered_again(test: ast.If, parents: dict[int, ast.AST], receiver: str, item: Gone) -> bool:
    """``if x.F is None: return ''`` then ``return x.F[0].name if x.F else ''``: the sentinel's branch returns an
    empty value (None kind) and the next statement returns that same value when the field is falsy -- an empty
    value stored in its stead takes the same answer (review119, #38189's ``self.tools``, ``[]`` where it was
    None)."""
    leave, block = test.body[-1], getattr(parents.get(id(test)), "body", [])
    if item.kind != _NONE or len(test.body) != 1 or not isinstance(leave, ast.Return) or leave.value is None:
        return False
    if not _sentinel(leave.value, _EMPTY) or test not in block or block[-1] is test:
        return False
    after = block[block.index(test) + 1]
    choice = after.value if isinstance(after, ast.Return) else None
    return (
        isinstance(choice, ast.IfExp)
        and _reads(choice.test, receiver, item.field)
        and ast.dump(choice.orelse) == ast.dump(leave.value)
    )


def _empty_default(choice: ast.IfExp, receiver: str, item: Gone) -> bool:
    """``x.F if x.F is not None else []``: the field, or an empty literal or build in the None branch -- the
    spelling of ``x.F or []`` (which tests no None), answering the same whether None or an empty value is stored
    (review119, #38189's ``self.tools``, ``[]`` where it was None)."""
    holds = _holds_on_sentinel(choice.test, item.kind)
    if item.kind != _NONE or holds is None:
        return False
    default, kept = (choice.body, choice.orelse) if holds else (choice.orelse, choice.body)
    return _sentinel(default, _EMPTY) and _reads(kept, receiver, item.field)


def _reads_field(tree: ast.expr, receiver: str, field: str) -> bool:
    return any(isinstance(n, ast.expr) and _reads(n, receiver, field) for n in ast.walk(tree))


def _holds_on_sentinel(test: ast.expr, kind: str) -> bool | None:
    """Whether the test (a sentinel test ``_tested`` found) is true on the sentinel; None when unknown."""
    if isinstance(test, ast.UnaryOp):
        return True  # ``not x.F``
    if not isinstance(test, ast.Compare):
        return False  # ``x.F`` read for its truth
    op, right = test.ops[0], test.comparators[0]
    size = right.value if isinstance(right, ast.Constant) and isinstance(right.value, int) else None
    if kind == _NONE or size is None:
        return isinstance(op, ast.Is | ast.Eq)  # ``x.F is None``, ``x.F == []``
    sizes = {ast.Eq: 0 == size, ast.NotEq: 0 != size, ast.Gt: 0 > size, ast.Lt: 0 < size}
    return {**sizes, ast.GtE: 0 >= size, ast.LtE: 0 <= size}.get(type(op))  # ``len(x.F) > 0`` on empty: 0 > 0


def _idle(stmt: ast.stmt) -> bool:
    """A statement that does nothing but leave: ``pass``, ``continue``, ``break``, a bare ``return`` (not ``return
    None``: a value the fork's caller may read as the sentinel's answer)."""
    if isinstance(stmt, ast.Return):
        return stmt.value is None
    return isinstance(stmt, ast.Pass | ast.Continue | ast.Break)


def _tested(node: ast.AST, kind: str) -> list[ast.expr]:
    """The expressions ``node`` tests for the sentinel of ``kind``."""
    if isinstance(node, ast.Compare) and len(node.ops) == 1:
        return _compared(node.left, node.ops[0], node.comparators[0], kind)
    if kind == _NONE:
        return []
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return [node.operand]
    if isinstance(node, ast.If | ast.While | ast.IfExp):
        return [node.test]
    if isinstance(node, ast.BoolOp):
        return list(node.values)
    if isinstance(node, ast.Call) and last_name(node.func) == "bool" and len(node.args) == 1:
        return [node.args[0]]
    return []


def _compared(left: ast.expr, op: ast.cmpop, right: ast.expr, kind: str) -> list[ast.expr]:
    """The side of a comparison tested for the sentinel: ``x is None``/``None == x``; ``x == []``, ``len(x) > 0``."""
    if kind == _NONE:
        none = [s for s, o in ((left, right), (right, left)) if isinstance(o, ast.Constant) and o.value is None]
        return none if isinstance(op, ast.Is | ast.IsNot | ast.Eq | ast.NotEq) else []
    if isinstance(op, ast.Eq | ast.NotEq) and (_sentinel(right, _EMPTY) and not isinstance(right, ast.Constant)):
        return [left]
    small = isinstance(right, ast.Constant) and right.value in (0, 1) and not isinstance(right.value, bool)
    if small and isinstance(left, ast.Call) and last_name(left.func) == "len" and len(left.args) == 1:
        return [left.args[0]]
    return []


def _reads(node: ast.expr, receiver: str, field: str) -> bool:
    return (
        isinstance(node, ast.Attribute)
        and node.attr == field
        and isinstance(node.value, ast.Name)
        and node.value.id == receiver
    )


def _finding(trees: ThreeTrees, path: str, line: int, item: Gone, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(item.path, rf"self\.{item.field}\b", pr_pattern)
    value = "None" if item.kind == _NONE else "an empty value"
    now = f"now stores {item.now}" if item.now else "no longer stores it"
    head = (
        f"fork-owned test of {item.field} for {value}, but upstream's {item.cls} no longer stores {value} in "
        f"self.{item.field} ({item.where or 'the class body'} {now}; {item.path}{commit})"
    )
    if item.sure:
        tail = ": the test no longer comes out as the fork wrote it for, and its branch is dead or always taken"
        return Finding(RULE, "merge", Severity.ERROR, path, line, head + tail)
    tail = (
        ": a store of a value upstream keeps may still give it, but not where the fork's test expected it; "
        "check what the branch waits for"
    )
    return Finding(RULE, "merge", Severity.WARNING, path, line, head + tail)
