"""Tuple value drift: upstream changed what one position of a function's returned tuple holds, and a fork
line compares the name it unpacked from there with the old value.

``dtype, block = kv_layout(cfg)`` then ``if dtype == torch.float8_e4m3fn:`` merges cleanly after upstream
made ``kv_layout()`` return ``torch.uint8`` there (a packed layout), moved the dtype to the other
position, or renumbered the literal it returns (``return 4, scale`` -> ``return 5, scale``): the fork's
test never holds again, and nothing fails.  Length and name-order changes are return drift's
(returns.py); this is the value at a position that stayed.

Position k is *closed* at a revision when every tuple the function returns there (every ``def`` of its
name) has the unpack's length and holds a constant at k: a literal, or a dotted name (``torch.uint8``,
``Mode.NVFP4``); then the values at k are known.  A fork-owned comparison (``==``, ``!=``, ``is``,
``is not``, ``in``/``not in`` a display) of a name unpacked from position k of a call (``a, b = f(...)``,
the name's one binding in its function) with a constant that position held at the merge base, and no
longer holds at upstream where it is closed, has flipped: an error.

An element read by index (``out[0]`` of ``out = f(...)`` bound once, or ``f(...)[0]``) is position 0 the
same way, whatever the tuple's length; a ``case`` of a ``match`` on the name compares it too.

A whole value (``b = f(...)`` bound once, or the call itself an operand: ``assert f(...) == Mode.X``, a
test pinning what a helper answers) compared with an ``Enum.MEMBER`` that no path of ``f`` returns now is
unreturned_members.py's reading (#43223: ``get_routing_method_type`` answers ``RenormalizeNaive`` where it
answered ``Renormalize``).

Cheap first: only fork files whose added lines unpack a tuple or index by a number are parsed, only
callees compared with a constant are looked up, and only in upstream files whose diff changes a tuple
return.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from aeon_release.adapters import git as repo
from aeon_release.domain.audits.diffs import PYTHON_FILES
from aeon_release.domain.audits.drift.returns import (
    _INDEX,
    _TUPLE_RETURN,
    _TUPLE_TARGET,
    _at_sites,
    _called,
    _Def,
    _def_at,
    _definition_sites,
    _fork_defined,
    _functions,
    _qualified,
    fork_modules,
    own_nodes,
    own_returns,
)
from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.drift.unreturned_members import handled, unreturned, unreturned_whole
from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parameter_names

ANY = -1  # the length of an indexed read: any tuple long enough
WHOLE = -2  # the "length" of a name bound to the whole value (``b = f(...)``; unreturned_members.py only)
_OPS = (ast.Eq, ast.NotEq, ast.Is, ast.IsNot, ast.In, ast.NotIn)
_UNLIKE = (ast.NotEq, ast.IsNot, ast.NotIn)
Returned = tuple[str | None, ...]  # one returned tuple: each element's constant, None when not one


@dataclass(frozen=True)
class Compared:
    """A fork line comparing ``name``, unpacked from position ``index`` of ``call``, with ``values``."""

    path: str
    line: int
    callee: str
    call: str
    length: int  # the unpack's; ANY for an element read by index (``out[0]``, ``f()[0]``)
    index: int
    name: str
    values: tuple[str, ...]


def tuple_value_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    return _tuple_value_drift(trees, pr_pattern) + _whole_value_drift(trees, pr_pattern)


def _tuple_value_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    compared = list(_fork_compared(trees))
    if not compared:
        return []
    own = _fork_defined(trees)  # the fork's own function of that name may return what it likes
    names = {c.callee for c in compared if c.callee not in own}
    names |= {q for c in compared if c.callee not in own and (q := _qualified(c.callee, c.call))}
    returned = _returned(trees, names)
    findings = []
    for use in compared:
        # ``Backend.method(...)``: that class's def, where the name alone is many classes' (returns.py's _of)
        qualified = _qualified(use.callee, use.call)
        found = (returned.get(qualified) if qualified else None) or returned.get(use.callee)
        flipped = _flipped(use, *found[1:]) if found is not None else None
        answered = None
        if found is not None and flipped is None:
            flipped = _unreturned(trees, use, found[0], found[1])
            answered = _answered(trees, use) if flipped is not None else None
        if found is not None and flipped is not None and answered != "patched":
            moved = _moved_to(flipped[0], use, found[2])
            findings.append(_softened(_finding(trees, use, found[0], flipped, moved, pr_pattern), answered))
    return findings


def _answered(trees: ThreeTrees, use: Compared) -> str | None:
    """``unreturned_members.handled`` for the fork file holding ``use``."""
    module = trees.merged_module(use.path)
    return handled(module, use.line, use.call, use.callee) if module is not None else None


def _softened(finding: Finding, answered: str | None) -> Finding:
    """A warning where the fork catches the call's error: the old test is dead, the raise is handled."""
    if answered != "caught":
        return finding
    note = "; the fork catches what the call raises around it (a warning: the test is only dead, if it raises)"
    return replace(finding, severity=Severity.WARNING, message=finding.message + note)


# -- the fork's side ---------------------------------------------------------------------------------
def _fork_compared(trees: ThreeTrees) -> Iterator[Compared]:
    for path, module, owned in fork_modules(trees, lambda line: _TUPLE_TARGET.match(line) or _INDEX.search(line)):
        scopes: list[tuple[list[ast.stmt], frozenset[str]]] = [(module.body, frozenset())]
        scopes += [
            (n.body, parameter_names(n.args))
            for n in ast.walk(module)
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
        ]
        for body, params in scopes:
            yield from _compared_in(path, list(own_nodes(body)), owned, _local, params)
        for cls in (n for n in ast.walk(module) if isinstance(n, ast.ClassDef)):
            # ``self.dtype, self.bits = f()`` in one method, ``self.dtype == ...`` in another: the class's scope
            methods = [m for m in cls.body if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef))]
            nodes = [n for m in methods for n in own_nodes(m.body)]
            yield from _compared_in(path, nodes, owned, _own_attribute)


def _fork_whole_compared(trees: ThreeTrees) -> Iterator[Compared]:
    """The fork's comparisons of a name bound once to a call's whole value with an ``Enum.MEMBER``, in the
    files whose added lines compare with one."""
    for path, module, owned in fork_modules(trees, _MEMBER_TEST.search):
        scopes = [
            (n.body, parameter_names(n.args))
            for n in ast.walk(module)
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
        ]
        for body, params in [(module.body, frozenset[str]()), *scopes]:
            found = _compared_in(path, list(own_nodes(body)), owned, _local, params, wholes=True)
            yield from (c for c in found if c.length == WHOLE)


def _whole_value_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """A member a function returned whole at the base that no path of it returns now (unreturned_members.py),
    compared by the fork with the value it bound: only where upstream removed a ``return Enum.MEMBER`` line."""
    paths = trees.upstream.matching(_MEMBER_RETURN_GONE, ".py")
    if not paths:
        return []
    compared = [c for c in _fork_whole_compared(trees) if c.callee not in _fork_defined(trees)]
    findings = []
    for use in compared:
        gone = unreturned_whole(trees, use.callee, use.values, paths, _off_object(trees, use))
        if gone is not None and _others_may_hold(trees, use, gone[1], paths):
            continue
        answered = _answered(trees, use) if gone is not None else None
        if gone is not None and answered != "patched":
            findings.append(_softened(_whole_finding(trees, use, *gone, pr_pattern), answered))
    return findings


def _off_object(trees: ThreeTrees, use: Compared) -> bool:
    """The call is ``obj.f(...)`` off a name the fork file does not import (a parameter, a local, ``self``): an
    object's method, not a module's function (review132: ``router.get_routing_method_type()``)."""
    if "." not in use.call:
        return False
    module = trees.merged_module(use.path)
    imported = {
        (a.asname or a.name).split(".")[0]
        for n in (ast.walk(module) if module is not None else ())
        if isinstance(n, ast.Import | ast.ImportFrom)
        for a in n.names
    }
    return use.call.split(".", 1)[0] not in imported


def _others_may_hold(trees: ThreeTrees, use: Compared, gone: str, paths: list[str]) -> bool:
    """The test takes another constant a path of the callee may still return (``in (Mode.A, Mode.B)``, ``== A
    or == B``): it still holds there, so its branch is not dead."""
    return any(unreturned_whole(trees, use.callee, (v,), paths) is None for v in use.values if v != gone)


def _whole_finding(trees: ThreeTrees, use: Compared, path: str, value: str, pr_pattern: str) -> Finding:
    regex = r"^[[:space:]]*return[[:space:]]+" + re.escape(value)
    commit = trees.upstream_commit(path, regex, pr_pattern)
    compared = f"what {use.call}() returns" if use.name.endswith(")") else f"`{use.name}`, what {use.call}() returns,"
    message = (
        f"fork-owned line compares {compared} with {value}, which "
        f"{use.callee}() returned at the merge base; no path of it returns {value} now ({path}{commit}: its "
        "module names the member nowhere and no return reaches it): the comparison never holds, the branch it "
        "guards is dead (the call may raise instead); handle what it does now"
    )
    return Finding(RULE, "merge", Severity.ERROR, use.path, use.line, message)


# an enum member compared with (``== Backend.NONE``, ``is Mode.X``, (mend81) ``is not Mode.X``, ``in (Backend.A, ...``) on a fork line; a
# ``return Enum.MEMBER`` line upstream's diff removed (the member a function returned whole)
_MEMBER_TEST = lazy_pattern(
    r"(?:==|!=|\bis(?:[ \t]+not)?\b|\bin\b)[ \t(\[]*[A-Z]\w*\.[A-Z_]\w*|\b[A-Z]\w*\.[A-Z_]\w*[ \t]*(?:==|!=|\bis\b)"
)
_MEMBER_RETURN_GONE = lazy_pattern(r"\n-[ \t]*return [A-Z]\w*\.[A-Z_]\w*[ \t]*(?:#[^\n]*)?\n")


def _local(node: ast.AST) -> str | None:
    return node.id if isinstance(node, ast.Name) else None


def _own_attribute(node: ast.AST) -> str | None:
    """``self.x`` as ``self.x``: an attribute of the instance a method works on."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
        return f"self.{node.attr}"
    return None


def _compared_in(
    path: str,
    nodes: list[ast.AST],
    owned: set[int],
    named: Callable[[ast.AST], str | None],
    params: frozenset[str] = frozenset(),
    wholes: bool = False,
) -> Iterator[Compared]:
    """The comparisons on fork lines of one scope's names (``named``: a local, or ``self.x`` across a
    class's methods), each bound once, by a tuple unpack of a call (a parameter, bound by the call of
    the function, is bound twice when the body unpacks into it: a test before the unpack reads the argument)."""
    stores = Counter(
        key
        for n in nodes
        if isinstance(getattr(n, "ctx", None), (ast.Store, ast.Del)) and (key := named(n)) is not None
    )
    stores.update(params)
    unpacked: dict[str, tuple[str, str, int, int]] = {}  # name -> callee, call, length, position
    whole: dict[str, tuple[str, ast.expr]] = {}  # ``out = f(...)``: name -> callee, call
    for node in nodes:
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1):
            continue
        target, called = node.targets[0], _called(node.value)
        if called is not None and (name := named(target)) is not None and stores[name] == 1:
            whole[name] = called
        if not isinstance(target, (ast.Tuple, ast.List)) or called is None:
            continue
        if any(isinstance(e, ast.Starred) for e in target.elts):
            continue
        for k, element in enumerate(target.elts):
            if (name := named(element)) is not None and stores[name] == 1:
                unpacked[name] = (called[0], ast.unparse(called[1]), len(target.elts), k)
    for node in nodes:
        if isinstance(node, ast.Subscript) and (read := _indexed(node, named, whole)) is not None:
            unpacked[ast.unparse(node)] = read
    for name, (callee, func) in whole.items() if wholes else ():
        unpacked.setdefault(name, (callee, ast.unparse(func), WHOLE, 0))  # ``b = f(...)``: the value itself
    for operand, callee, func in _compared_calls(nodes, owned) if wholes else ():
        unpacked.setdefault(ast.unparse(operand), (callee, ast.unparse(func), WHOLE, 0))  # ``f(...) == X``
    if not unpacked:
        return
    together, seen = _together(nodes, named), set[tuple[int, str]]()
    settled = _asserted_unlike(nodes)
    for node in nodes:
        if isinstance(node, ast.Match) and (name := _key(node.subject, named)) in unpacked:
            callee, call, length, k = unpacked[str(name)]
            for case in node.cases:
                values = _case_constants(case.pattern)
                if values and case.pattern.lineno in owned:
                    yield Compared(path, case.pattern.lineno, callee, call, length, k, str(name), values)
        if not isinstance(node, ast.Compare) or node.lineno not in owned or id(node) in settled:
            continue
        group, whole_test = together.get(id(node), (id(node), {}))
        for name, values in _tested(node, named):
            if name in unpacked and (group, name) not in seen:
                seen.add((group, name))  # ``d == A or d == B``: one comparison of d, with both
                callee, call, length, k = unpacked[name]
                yield Compared(path, node.lineno, callee, call, length, k, name, whole_test.get(name, values))


def _asserted_unlike(nodes: list[ast.AST]) -> set[int]:
    """The comparisons an ``assert`` makes (its test, or an operand of its ``and``) that only say unlike
    (``!=``, ``is not``, ``not in``): one with a value no longer returned always holds, nothing is dead
    (review132: ``assert f(...) != Mode.OLD``, a test that the old answer is gone)."""
    settled: set[int] = set()
    for node in nodes:
        test = node.test if isinstance(node, ast.Assert) else None
        parts = test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) else [test]
        for part in parts:
            if isinstance(part, ast.Compare) and all(isinstance(op, _UNLIKE) for op in part.ops):
                settled.add(id(part))
    return settled


def _tested(node: ast.Compare, named: Callable[[ast.AST], str | None]) -> Iterator[tuple[str, tuple[str, ...]]]:
    """(name, the constants it is compared with) of each comparison in ``node`` with constants."""
    operands = [node.left, *node.comparators]
    for i, op in enumerate(node.ops):
        if not isinstance(op, _OPS):
            continue
        for mine, other in ((operands[i], operands[i + 1]), (operands[i + 1], operands[i])):
            values = _constants(other, isinstance(op, (ast.In, ast.NotIn)) and other is operands[i + 1])
            name = _key(mine, named)
            if name is not None and values:
                yield name, values


def _together(
    nodes: list[ast.AST], named: Callable[[ast.AST], str | None]
) -> dict[int, tuple[int, dict[str, tuple[str, ...]]]]:
    """For each comparison that is an operand of ``or``/``and``: (the test's id, name -> the constants the
    whole test compares it with): ``d == A or d == B`` tests d against both.  (mend81) Only the comparisons
    the operator joins into one test of a set join: an ``or`` of likes (``==``, ``is``, ``in``: ``d in (A,
    B)``), an ``and`` of unlikes (``!=``, ``is not``, ``not in``: ``d not in (A, B)``).  Any other operand is
    judged alone: ``d == A and d != B`` never holds once no path returns A, whatever B is."""
    together: dict[int, tuple[int, dict[str, tuple[str, ...]]]] = {}
    for node in nodes:
        if not isinstance(node, ast.BoolOp):
            continue
        unlike = isinstance(node.op, ast.And)
        tests = [
            v
            for v in node.values
            if isinstance(v, ast.Compare) and all(isinstance(op, _UNLIKE) is unlike for op in v.ops)
        ]
        group: dict[str, list[str]] = {}
        for test in tests:
            for name, values in _tested(test, named):
                group.setdefault(name, []).extend(values)
        for test in tests:
            together[id(test)] = (id(node), {name: tuple(dict.fromkeys(values)) for name, values in group.items()})
    return together


def _key(node: ast.AST, named: Callable[[ast.AST], str | None]) -> str | None:
    return ast.unparse(node) if isinstance(node, (ast.Subscript, ast.Call)) else named(node)


def _compared_calls(nodes: list[ast.AST], owned: set[int]) -> Iterator[tuple[ast.Call, str, ast.expr]]:
    """(the call, its callee's name, its expression) of each call a fork-owned comparison takes as an operand
    itself (``assert f(...) == Mode.X``, ``if f(...) is not Mode.X:``): its whole value, never bound to a name."""
    for node in nodes:
        if not isinstance(node, ast.Compare) or node.lineno not in owned:
            continue
        for operand in (node.left, *node.comparators):
            if isinstance(operand, ast.Call) and (called := _called(operand)) is not None:
                yield operand, called[0], called[1]


def _case_constants(pattern: ast.pattern) -> tuple[str, ...]:
    """``case 4:``, ``case torch.uint8:``, ``case None:`` and ``case A | B:`` of them: the constants it matches."""
    if isinstance(pattern, ast.MatchValue):
        one = constant(pattern.value)
        return (one,) if one is not None else ()
    if isinstance(pattern, ast.MatchSingleton):
        return (repr(pattern.value),)
    if isinstance(pattern, ast.MatchOr):
        each = [_case_constants(p) for p in pattern.patterns]
        return tuple(c for found in each for c in found) if all(each) else ()
    return ()


def _indexed(
    node: ast.Subscript, named: Callable[[ast.AST], str | None], whole: dict[str, tuple[str, ast.expr]]
) -> tuple[str, str, int, int] | None:
    """``f(...)[k]``, or ``out[k]`` of ``out = f(...)`` bound once: element k of what f returns."""
    index = node.slice.value if isinstance(node.slice, ast.Constant) else None
    if type(index) is not int or index < 0:
        return None
    name = named(node.value)
    if name is None and named is not _local:
        return None  # ``f()[k]`` in a method: its function's scope reads it
    called = whole.get(name) if name is not None else _called(node.value)
    return (called[0], ast.unparse(called[1]), ANY, index) if called is not None else None


def _constants(node: ast.expr, container: bool) -> tuple[str, ...]:
    """The constants an operand spells: one, or (the right of ``in``) each of a display of constants."""
    if container:
        if not isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            return ()
        each = [constant(e) for e in node.elts]
        return tuple(c for c in each if c is not None) if None not in each else ()
    one = constant(node)
    return (one,) if one is not None else ()


def constant(node: ast.expr, bound: frozenset[str] = frozenset()) -> str | None:
    """A literal (``4``, ``"fp8"``, ``-1``, ``None``) as its source, or a dotted name of a module or class
    (``torch.uint8``, ``Mode.NVFP4``) as its last two parts (``mod.Mode.NVFP4`` is ``Mode.NVFP4``); None
    for anything computed, and for an attribute of a name in ``bound`` (a parameter or local of the
    function: ``model_config.dtype`` is whatever the caller passed)."""
    if isinstance(node, ast.Constant) and not isinstance(node.value, bytes):
        return repr(node.value)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant):
        return repr(-node.operand.value) if isinstance(node.operand.value, (int, float)) else None
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not parts or not isinstance(node, ast.Name) or node.id in ("self", "cls") or node.id in bound:
        return None
    parts.append(node.id)
    return ".".join(reversed(parts[:2]))


# -- upstream's side ---------------------------------------------------------------------------------
def _returned(trees: ThreeTrees, names: set[str]) -> dict[str, tuple[str, set[Returned], set[Returned]]]:
    """name -> (upstream's file defining it, the tuples every def returned at the base, at upstream), for
    the names defined in a file whose diff changes a tuple return."""
    paths = [f":(literal){p}" for p in trees.upstream.matching(_TUPLE_RETURN, ".py")]
    if not names or not paths:
        return {}
    wanted = sorted(_definition_sites(trees, trees.theirs, sorted(names), paths))
    if not wanted:
        return {}
    sites = {rev: _definition_sites(trees, rev, wanted, [PYTHON_FILES]) for rev in (trees.base, trees.theirs)}
    found = {}
    for name in wanted:
        at_base, at_theirs = sites[trees.base].get(name, []), sites[trees.theirs].get(name, [])
        if "." in name:  # ``Class.method``: the defs in that class alone
            at_base, at_theirs = (
                _in_class(trees, trees.base, name, at_base),
                _in_class(trees, trees.theirs, name, at_theirs),
            )
        old = _at_sites(trees, trees.base, name, at_base, returned_tuples) if at_base else None
        new = _at_sites(trees, trees.theirs, name, at_theirs, returned_tuples) if at_theirs else None
        if old is not None and new is not None and old != new:
            found[name] = (at_theirs[0][0], old, new)
    return found


def _in_class(trees: ThreeTrees, rev: str, name: str, sites: list[tuple[str, int]]) -> list[tuple[str, int]]:
    texts = trees.blobs(rev, sorted({p for p, _ in sites}))
    return [(p, line) for p, line in sites if _def_at(texts.get(p), line, name) is not None]


def returned_tuples(func: _Def) -> set[Returned]:
    """Each tuple ``func`` itself returns, by its elements' constants; a return of anything else (or a
    ``yield``) is ``()``: the function's tuples are not all known."""
    found: set[Returned] = set()
    bound = _bound(func)
    for value in own_returns(func):
        if isinstance(value, ast.Tuple) and not any(isinstance(e, ast.Starred) for e in value.elts):
            found.add(tuple(constant(e, bound) for e in value.elts))
        else:
            found.add(())
    return found


def _bound(func: _Def) -> frozenset[str]:
    """The names ``func`` binds itself: its parameters and the names its own body assigns."""
    stored = (n.id for n in own_nodes(func.body) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store))
    return parameter_names(func.args) | frozenset(stored)


def _flipped(use: Compared, old: set[Returned], new: set[Returned]) -> tuple[str, tuple[str, ...]] | None:
    """(the compared constant position k held at the base, the constants it holds now) when position k
    is closed at upstream and no longer holds it; else None."""
    length = use.length if use.length != ANY else max((len(t) for t in new), default=0)
    if any(len(t) != length or use.index >= length or t[use.index] is None for t in new):
        return None  # another length (return drift's), or a value at k not known: it may still be there
    if len(old) == len(new) == 1 and sorted(map(str, *old)) == sorted(map(str, *new)):
        return None  # one tuple reordered: return drift reports the unpack (or the indexed read) itself
    was = {t[use.index] for t in old if len(t) == length}
    now = tuple(sorted({str(t[use.index]) for t in new}))
    if any(v in now and v not in was for v in use.values):
        return None  # the test takes what upstream returns there now instead (``in (A, B)``, ``== A or == B``)
    gone = [v for v in use.values if v in was and v not in now]
    return (gone[0], now) if gone else None


def _unreturned(trees: ThreeTrees, use: Compared, path: str, old: set[Returned]) -> tuple[str, tuple[str, ...]] | None:
    """(the compared member position k held at the base, no values) when no path of the callee can return it
    there now though position k is not closed (``unreturned_members.py``); else None."""
    was = {t[use.index] for t in old if len(t) == use.length or (use.length == ANY and len(t) > use.index)}
    value = unreturned(trees, use.callee, use.index, use.values, path, was)
    return (value, ()) if value is not None else None


def _moved_to(value: str, use: Compared, new: set[Returned]) -> int | None:
    """The other position upstream returns ``value`` at now, if one."""
    return next((j for t in new for j, v in enumerate(t) if v == value and j != use.index), None)


# -- the finding -------------------------------------------------------------------------------------
def _finding(
    trees: ThreeTrees,
    use: Compared,
    path: str,
    flipped: tuple[str, tuple[str, ...]],
    moved: int | None,
    pr_pattern: str,
) -> Finding:
    value, now = flipped
    regex = r"^[[:space:]]*return[[:space:]]|def[[:space:]]+" + re.escape(use.callee)

    def drops(commit: repo.Commit) -> bool:
        before = repo.read_blobs(trees.repo, f"{commit.sha}^", [path])[path]
        after = repo.read_blobs(trees.repo, commit.sha, [path])[path]
        return _holds(before, use, value) and not _holds(after, use, value)

    commit = trees.upstream_commit(path, regex, pr_pattern, drops)
    if not now:
        message = (
            f"fork-owned line compares `{use.name}`, element {use.index} of what {use.call}() returns, with {value}, "
            f"which {use.callee}() returned there at the merge base; no path of it returns {value} now ({path}"
            f"{commit}: its module names the member nowhere and no return reaches it): the comparison never holds, "
            "the branch it guards is dead (the call may raise instead); handle what it does now"
        )
        return Finding(RULE, "merge", Severity.ERROR, use.path, use.line, message)
    message = (
        f"fork-owned line compares `{use.name}`, element {use.index} of what {use.call}() returns, with {value}, "
        f"which {use.callee}() returned there at the merge base; upstream returns only {', '.join(now)} there "
        f"now{f' ({value} is element {moved})' if moved is not None else ''} ({path}{commit}): the comparison "
        "has flipped for good, silently; compare with what it returns now"
    )
    return Finding(RULE, "merge", Severity.ERROR, use.path, use.line, message)


def _holds(text: str | None, use: Compared, value: str) -> bool:
    """Some def of the callee in ``text`` returns ``value`` at the use's position."""
    return any(
        (len(t) == use.length or (use.length == ANY and len(t) > use.index)) and t[use.index] == value
        for func in _functions(text or "").get(use.callee, [])
        for t in returned_tuples(func)
    )
