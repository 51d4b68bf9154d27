"""Coerced returns: upstream made a function's result never None, the fork tests that result against None.

#28652 (b230286fbc) turned ``ModelConfig.get_num_experts``'s ``return num_experts`` into ``return num_experts or
0`` (an explicit ``None`` in the HF config now reads as no experts).  A fork's ``if model_config.get_num_experts()
is None:`` (or ``n = ...get_num_experts()`` then ``n is not None``) merges cleanly and its None branch is dead
from then on: the dense fallback never runs, a ``is not None`` answers yes for every model.  No symbol moved.

Upstream's side: the Python files whose diff adds a ``return`` holding ``or`` or a None test, parsed at the base and
upstream; a function (a module's, or a class's method) whose base returned a bare ``E`` and whose upstream returns
``E or L`` (``L`` a literal other than None), ``E if E is not None else L`` or ``L if E is None else E`` in its
stead, and returns neither ``None`` nor a bare ``return``.  The fork's side, on lines it owns: a call of that
function (by name imported from its module or a package above it, or a method called on any receiver in a file
importing the method's class) compared with ``is``/``is not``/``==``/``!=`` to None, directly or through a local
its function binds to the call once.  An error where every other upstream return is neither a name, an attribute
nor a ``.get``/``getattr`` read (none can be None then); a warning otherwise (another way may still give None).

Quiet: a falsy test (``not f()``: 0 and None alike), a comparison with another value, a function upstream did
not coerce, the fork's own def of the name in its file.

A slot of a returned tuple too (mend75): #33047 (b5f8c3092d) made ``W8A8BlockFp8LinearOp._dispatch_w8a8_blockscale_op``
return ``self._run_aiter, QuantFP8(...)`` where it returned ``self._run_aiter, None``.  A function every return of
which is a tuple display of one length at both sides, a slot of which was the None literal on some path at the base
and is None on none now: a fork's ``fn, quant = op._dispatch_w8a8_blockscale_op(...)`` then ``quant is None`` (or
``f(...)[1] is None``) never holds again.  An error where every value upstream returns in the slot is a build, a
display or a literal (never None); a warning otherwise.  Quiet: another slot, a local bound again, a return upstream
made a name (a tuple built elsewhere may still hold None).

review114: an ``assert x is not None`` is quiet (one that always holds changes nothing: upstream's own idiom after
#33047); a slot's ``if x is not None:`` with no else and no jump in its body is a warning (its body only runs on
every path now, with the value the None stood in for).

Pure but for reading the three trees: findings out.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from aeon_release.domain.audits.drift.deferred_inits import class_named_by
from aeon_release.domain.audits.drift.gone_sentinels import _never as never_sentinel
from aeon_release.domain.audits.drift.own_fields import enclosing, file_classes
from aeon_release.domain.audits.drift.pyindex import file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, added_names_a_def, parsed_versions
from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, parent_map

# an added ``return`` line holding ``or`` or a None test: the shapes a coercion takes
_COERCING = lazy_pattern(r"\n\+[ \t]+return\b[^\n]*(?:\bor\b|\bis(?: not)? None\b)")
# a removed ``return fn, None`` (or ``return None, x``): a slot of a returned tuple that was None (#33047)
_SLOT_NONE_REMOVED = lazy_pattern(r"\n-[ \t]+return\b[^\n]*(?:,[ \t]*None\b|\bNone[ \t]*,)")
_Def = ast.FunctionDef | ast.AsyncFunctionDef
_NONE_OPS = (ast.Is, ast.IsNot, ast.Eq, ast.NotEq)
_JUMPS = (ast.Return, ast.Raise, ast.Break, ast.Continue)


@dataclass(frozen=True)
class Coerced:
    """``cls.name`` (``cls`` empty for a module function) of ``path`` now coerces ``expr`` away from None;
    ``sure``: no other return of it can be None."""

    path: str
    cls: str
    name: str
    expr: str
    sure: bool
    slot: int = -1  # a slot of a returned tuple that is never None now (#33047), not the whole value
    idle: bool = False  # review114: the fork's test guards a body with no else and no jump (a warning for a slot)


def coerced_return_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork tests against None of a call whose result upstream made never None."""
    paths = sorted({*trees.upstream.matching(_COERCING, ".py"), *trees.upstream.matching(_SLOT_NONE_REMOVED, ".py")})
    # perf37: every finding's fork line calls ``name(`` (``mentioned``), a def both versions of its file keep, so
    # a fork whose added lines call none of the candidates' defs parses nothing (83 ms of the 80-commit bench)
    if not added_names_a_def(trees, paths, lambda name: f"{name}("):
        return []
    words = trees.fork_words()
    found = [c for path, old, new in parsed_versions(trees, paths) for c in _coerced(path, old, new)]
    found = [c for c in found if c.name in words]
    if not found:
        return []
    mentioned = re.compile(r"\b(?:" + "|".join(sorted({c.name for c in found})) + r")\(")
    return [
        _finding(trees, path, line, item, pr_pattern)
        for path, module, owned in fork_modules(trees, mentioned.search)
        for line, item in _tests(path, module, owned, found)
    ]


def _functions(module: ast.Module) -> Iterator[tuple[str, _Def]]:
    yield from (("", s) for s in module.body if isinstance(s, _Def))
    for cls in file_classes(module.body):
        yield from ((cls.name, s) for s in cls.body if isinstance(s, _Def))


def _returns(func: _Def) -> list[ast.Return]:
    """The function's own returns (not a nested def's)."""
    found: list[ast.Return] = []
    stack: list[ast.AST] = list(func.body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Return):
            found.append(node)
        if not isinstance(node, _Def | ast.Lambda | ast.ClassDef):
            stack.extend(ast.iter_child_nodes(node))
    return found


def _coerced(path: str, old: ast.Module, new: ast.Module) -> Iterator[Coerced]:
    before = {(cls, f.name): f for cls, f in _functions(old)}
    for cls, func in _functions(new):
        was = before.get((cls, func.name))
        if was is None:
            continue
        yield from _slot_coerced(path, cls, was, func)
        bare = {ast.unparse(r.value) for r in _returns(was) if r.value is not None}
        now = _returns(func)
        if any(r.value is None or _is_none(r.value) for r in now):
            continue
        kept = {ast.unparse(r.value) for r in now if r.value is not None}
        for ret in now:
            expr = _coerced_expr(ret.value) if ret.value is not None else None
            if expr is not None and expr in bare and expr not in kept:
                others = [r.value for r in now if r is not ret and r.value is not None]
                yield Coerced(path, cls, func.name, expr, not any(_maybe_none(o) for o in others))


def _slot_coerced(path: str, cls: str, was: _Def, func: _Def) -> Iterator[Coerced]:
    """Each slot of ``func``'s returned tuples that held the None literal on some path of ``was`` and on none now
    (every return a tuple display of one length at both sides: a tuple built elsewhere may hold anything)."""
    old, new = _tuples(was), _tuples(func)
    if old is None or new is None or len(old[0]) != len(new[0]):
        return
    for slot in range(len(new[0])):
        values = [elts[slot] for elts in new]
        if any(_is_none(e[slot]) for e in old) and not any(_is_none(v) for v in values):
            # the value where the base's None stood, when the returns line up one for one
            was_none = [i for i, e in enumerate(old) if _is_none(e[slot])]
            built = values[was_none[0]] if len(old) == len(new) else values[0]
            sure = all(never_sentinel(v, "None") for v in values)
            yield Coerced(path, cls, func.name, ast.unparse(built).split("\n")[0][:60], sure, slot)


def _tuples(func: _Def) -> list[list[ast.expr]] | None:
    """The elements of every return of ``func`` when each is a tuple display of one length (two or more)."""
    values = [r.value for r in _returns(func)]
    elts = [v.elts for v in values if isinstance(v, ast.Tuple)]
    if not values or len(elts) != len(values) or len({len(e) for e in elts}) != 1 or len(elts[0]) < 2:
        return None
    return elts


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _literal(node: ast.expr) -> bool:
    """A value never None: a literal other than None, an empty or filled display."""
    return (isinstance(node, ast.Constant) and node.value is not None) or isinstance(
        node, ast.List | ast.Dict | ast.Tuple | ast.Set
    )


def _coerced_expr(value: ast.expr) -> str | None:
    """``E`` of ``E or L``, ``E if E is not None else L`` or ``L if E is None else E``."""
    if isinstance(value, ast.BoolOp) and isinstance(value.op, ast.Or) and len(value.values) == 2:
        head, tail = value.values
        return ast.unparse(head) if _literal(tail) else None
    if not (isinstance(value, ast.IfExp) and isinstance(value.test, ast.Compare) and len(value.test.ops) == 1):
        return None
    test, op = value.test, value.test.ops[0]
    if not _is_none(test.comparators[0]):
        return None
    subject = ast.unparse(test.left)
    kept, other = (value.body, value.orelse) if isinstance(op, ast.IsNot) else (value.orelse, value.body)
    if isinstance(op, ast.Is | ast.IsNot) and ast.unparse(kept) == subject and _literal(other):
        return subject
    return None


def _maybe_none(node: ast.expr) -> bool:
    """A return that may well be None: a name, an attribute, a ``.get``/``getattr`` read."""
    if isinstance(node, ast.Name | ast.Attribute):
        return True
    return isinstance(node, ast.Call) and last_name(node.func) in {"get", "getattr"}


def _tests(path: str, module: ast.Module, owned: set[int], found: list[Coerced]) -> Iterator[tuple[int, Coerced]]:
    imports = file_imports(module, path)
    parents = parent_map(module)
    own = {f.name for _, f in _functions(module)}
    for node in ast.walk(module):
        if not (isinstance(node, ast.Call) and (name := last_name(node.func)) and name not in own):
            continue
        for item in (c for c in found if c.name == name and _names(node, c, imports)):
            test = _none_test(node, parents) if item.slot < 0 else _slot_none_test(node, parents, item.slot)
            if test is not None and test.lineno in owned:
                # review114: a slot's None was "no such part" and the part is built now; a guard with no else and
                # no jump just runs its body with it (the whole value's stand-in, #28652's 0, is no such part)
                yield test.lineno, replace(item, idle=item.slot >= 0 and _idle_if(test, parents))


def _names(call: ast.Call, item: Coerced, imports: dict[str, tuple[str, str]]) -> bool:
    """The call reaches ``item``: the function imported from its module (or a package above), or a method called
    in a file that imports the method's class."""
    if not item.cls:
        origin = imported_origin(call.func, imports)
        return origin is not None and class_named_by(origin, item.path, item.name)
    return isinstance(call.func, ast.Attribute) and any(
        class_named_by(o, item.path, item.cls) for o in imports.values()
    )


def _none_test(call: ast.Call, parents: dict[int, ast.AST]) -> ast.Compare | None:
    """A comparison of the call's value with None: the call's own, or a local bound to it once."""
    up = parents.get(id(call))
    if isinstance(up, ast.Compare) and _compared_with_none(up, call, parents):
        return up
    if not (isinstance(up, ast.Assign) and len(up.targets) == 1 and isinstance(up.targets[0], ast.Name)):
        return None
    return _local_tested(up, up.targets[0].id, parents)


def _slot_none_test(call: ast.Call, parents: dict[int, ast.AST], slot: int) -> ast.Compare | None:
    """A comparison with None of the call's ``slot``-th value: ``f()[slot] is None``, or a local the function
    binds once by unpacking the call (``fn, quant = f()`` then ``quant is None``)."""
    up = parents.get(id(call))
    if isinstance(up, ast.Subscript) and up.value is call and isinstance(up.slice, ast.Constant):
        test = parents.get(id(up))
        held = up.slice.value == slot and isinstance(test, ast.Compare) and _compared_with_none(test, up, parents)
        return test if held and isinstance(test, ast.Compare) else None
    if not (isinstance(up, ast.Assign) and len(up.targets) == 1 and isinstance(up.targets[0], ast.Tuple)):
        return None
    elts = up.targets[0].elts
    local = elts[slot] if len(elts) > slot and not any(isinstance(e, ast.Starred) for e in elts) else None
    return _local_tested(up, local.id, parents) if isinstance(local, ast.Name) else None


def _local_tested(bound: ast.Assign, local: str, parents: dict[int, ast.AST]) -> ast.Compare | None:
    """The first comparison with None of ``local``, bound once by ``bound`` in its function."""
    scope = enclosing(bound, parents)
    if scope is None:
        return None
    uses = [n for n in ast.walk(scope) if isinstance(n, ast.Name) and n.id == local]
    if sum(isinstance(n.ctx, ast.Store) for n in uses) != 1:
        return None  # bound again: what the test reads may not be the call's value
    tests = [t for n in uses if isinstance(t := parents.get(id(n)), ast.Compare) and _compared_with_none(t, n, parents)]
    return tests[0] if tests else None


def _compared_with_none(node: ast.Compare, value: ast.expr, parents: dict[int, ast.AST]) -> bool:
    """``value is None`` (``is not``, ``==``, ``!=``), but for an ``assert value is not None``: one that always
    holds now changes nothing (review114: upstream's own ``assert self.input_quant_op is not None`` after #33047)."""
    if not (len(node.ops) == 1 and isinstance(node.ops[0], _NONE_OPS)):
        return False
    left, right = node.left, node.comparators[0]
    if not ((left is value and _is_none(right)) or (right is value and _is_none(left))):
        return False
    up = parents.get(id(node))
    return not (isinstance(up, ast.Assert) and up.test is node and isinstance(node.ops[0], ast.IsNot | ast.NotEq))


def _idle_if(test: ast.Compare, parents: dict[int, ast.AST]) -> bool:
    """``if value is not None:`` with no ``else`` and no ``return``/``raise``/``break``/``continue`` in its body:
    nothing is skipped when it always holds, the body only runs on every path now."""
    up = parents.get(id(test))
    if not (
        isinstance(up, ast.If) and up.test is test and not up.orelse and isinstance(test.ops[0], ast.IsNot | ast.NotEq)
    ):
        return False
    return not any(isinstance(n, _JUMPS) for stmt in up.body for n in ast.walk(stmt))


def _finding(trees: ThreeTrees, path: str, line: int, item: Coerced, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(item.path, r"return\b", pr_pattern)
    owner = f"{item.cls}.{item.name}" if item.cls else item.name
    sure = "" if item.sure else "; another of its returns may still give None, so review it"
    if item.idle:
        return Finding(
            RULE,
            "merge",
            Severity.WARNING,
            path,
            line,
            f"fork-owned line guards a body on value {item.slot} of {owner}()'s returned tuple not being None, but "
            f"upstream no longer returns None there (it returns `{item.expr}` where it did; {item.path}{commit}): "
            "the body now runs on every path (a warning: with no else and no jump nothing is skipped, and running "
            "it with the value built now is often what the guard waited for); check it is meant to",
        )
    if item.slot >= 0:
        return Finding(
            RULE,
            "merge",
            Severity.ERROR if item.sure else Severity.WARNING,
            path,
            line,
            f"fork-owned line tests value {item.slot} of {owner}()'s returned tuple against None, but upstream "
            f"no longer returns None there (it returns `{item.expr}` where it did; {item.path}{commit}): the None "
            f"branch is dead; test what the value is now{sure}",
        )
    return Finding(
        RULE,
        "merge",
        Severity.ERROR if item.sure else Severity.WARNING,
        path,
        line,
        f"fork-owned line tests {owner}()'s result against None, but upstream now returns `{item.expr}` coerced "
        f"away from None ({item.path}{commit}): the None branch is dead (a falsy value comes back instead); "
        f"test the falsy value{sure}",
    )
