"""Empty-to-raise drift: upstream made a function raise where it returned an empty answer; a fork tests for it.

#47058 (1ab9522935) rewrote ``model_executor.utils.get_moe_expert_mapping``: it returned ``[]`` for a model
no module of which has ``get_expert_mapping`` and now raises ``ValueError`` there.  A fork's
``bool(get_moe_expert_mapping(model))`` (or ``mapping = ...`` / ``if not mapping: return``), its way of asking
"is this model MoE?", merges cleanly; its empty branch never runs again and the call raises for every dense
model instead.  The mirror of raised-to-None drift, the other way round.

A def *made its empty answer a raise* when, at the merge base, its own body returned an empty literal (``[]``,
``{}``, ``()``, ``""``, ``0``, ``False``, ``None``, ``list()``/``dict()``/``set()``/``tuple()``) and, upstream, it
returns none, cannot fall off its end (its last statement returns or raises), and raises a builtin kind ``K`` it
did not: in its own body, or in a def of its module it calls (``helper(...)``, ``self.helper(...)``), where
upstream moved the test for the empty case.  A fork-owned call of it (a bare name read through the file's imports to the def's module, a call off
the class, a module or a receiver annotated as the class; see ``callees``) is an error when the fork tests the
answer for emptiness -- ``not f(x)``, ``bool(f(x))``, ``if f(x):``, ``f(x) or default``, ``f(x) is None``,
``f(x) == []``, ``len(f(x)) == 0`` -- directly or through the one name the call is bound to in its function:
the fork relied on the answer upstream no longer gives.  Quiet: a call inside a ``try`` (or ``with suppress``)
catching ``K`` or a base of it (bare ``except`` and ``Exception`` too), a call whose answer the fork never tests
for emptiness (it may never meet the empty case), a def of the fork's own, any def upstream still returns an
empty literal from or may still answer empty through a name it returns (``_answers_empty``), a def made to
raise ``NotImplementedError`` when it is a method (a hook made abstract: its subclasses answer; a module-level
function's ``NotImplementedError`` is judged, killers196), a test whose own empty branch
already fails (``assert mapping``, ``if not mapping: raise ...``) and a call under ``pytest.raises(K)``.  A
receiver the file does not read (an untyped local), or a method called on an instance (an upstream subclass may
override it): a warning.  Quiet too: a call under a guard that rules out the raise's condition for the argument
the raise waits on -- upstream asks ``hasattr(model, "get_expert_mapping")`` (or ``isinstance``) of a parameter
or of what a loop over it binds, and the fork asked the same of the argument it hands there first.

A warning, not an error, where the fork tests the argument for membership before the call (``if
name.upper() not in (...): return``) and upstream's raise waits on a membership test of that parameter (or of a
local bound from it): the fork may have screened out what upstream refuses (review103, #21618).

Cheap first: only upstream diffs that take out a ``return`` of an empty literal and add a ``raise`` line;
of those, only the files whose base text defines a name a fork line calls are parsed.
"""

from __future__ import annotations

import ast
import operator
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from aeon_release.domain.audits.drift.callees import Callee, Scope, loose, reaches, resolve, scope_of
from aeon_release.domain.audits.drift.fallbacks import isinstance_guarded, kind_ensured, runs_tested
from aeon_release.domain.audits.drift.presence import absent, presence_ensured, present
from aeon_release.domain.audits.drift.raised_kinds import (
    _caught,
    _caught_round,
    _kinds,
    _shielded,
    _suppressed,
    builtin_error,
    builtin_subclass,
)
from aeon_release.domain.audits.drift.returns import fork_modules, own_nodes
from aeon_release.domain.audits.drift.sides import (
    Qualified,
    ThreeTrees,
    declared,
    fork_found,
    owner_class,
    parsed_texts,
)
from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, method_defs, parent_map, str_value

__all__ = ["raised_empty_drift"]

_Def = ast.FunctionDef | ast.AsyncFunctionDef
_EMPTY = r"(?:\[\]|\{\}|\(\)|None|False|0|\"\"|''|(?:list|dict|set|tuple)\(\))"
# from a newline: a ``return`` of an empty literal taken out, a ``raise`` put in (both on one diff)
_EMPTY_REMOVED = lazy_pattern(r"\n-[ \t]*return[ \t]+" + _EMPTY + r"[ \t]*(?:#[^\n]*)?(?=\n|$)")
_RAISE_ADDED = lazy_pattern(r"\n\+[ \t]*raise[ \t]+\w")
# a guard put in that orders two values (``if max_model_len < input_length:``): a raise for a negative difference
_ORDER_ADDED = lazy_pattern(r"\n\+[ \t]*if[ \t][^\n]*[<>][^\n]*:")
# the spelling ``Emptied.empty`` keeps for a def that answered ``a - b`` where it now raises for ``a < b``
NEGATIVE = "a negative number"
_CALL = lazy_pattern(r"\b([A-Za-z_]\w*)[ \t]*\(")  # a name a fork line calls (or defines: a superset)
_EMPTY_CALLS = frozenset({"list", "dict", "set", "tuple"})
# the value each empty literal stands for (its spelling as ``Emptied.empty`` keeps it)
_EMPTY_VALUES: dict[str, object] = {
    "[]": [],
    "{}": {},
    "()": (),
    "None": None,
    "False": False,
    "0": 0,
    '""': "",
    "''": "",
    "list()": [],
    "dict()": {},
    "set()": set(),
    "tuple()": (),
    NEGATIVE: -1,
}
_TRUTH = frozenset({"bool", "any"})
_BUILTIN_CONTAINERS = frozenset(
    {"dict", "list", "set", "frozenset", "tuple", "str", "bytes", "Mapping", "Sequence"}
)  # a call that reads its argument's truth (``any([])`` is False too)


@dataclass(frozen=True)
class Emptied(Qualified):
    """``qualname`` (in ``path``) returned ``empty`` at the base; upstream it raises ``kinds`` instead."""

    qualname: str
    path: str
    empty: str
    kinds: frozenset[str]
    # what the raise waits on: (parameter, "attr", "each" or "class", name) for each ``hasattr``/``getattr(p,
    # "name", ...)`` or ``isinstance(p, Name)`` upstream's def (or a helper it hands the parameter to) asks of a
    # parameter ("each": of the elements of a loop over it), (parameter, "member", "") for a membership test of
    # it or of a local bound from it; ``params`` the ones a call fills, in order
    asked: frozenset[tuple[str, str, str]] = frozenset()
    params: tuple[str, ...] = ()
    # a negative answer's guard ``if low < high: raise``, as (low, high) written (parameters: an argument fills them)
    ordered: tuple[str, str] | tuple[()] = ()


def raised_empty_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    raising = trees.upstream.matching(_RAISE_ADDED, ".py")
    emptying = trees.upstream.matching(_EMPTY_REMOVED, ".py", raising) if raising else []
    ordering = trees.upstream.matching(_ORDER_ADDED, ".py", raising) if raising else []
    paths = sorted({*emptying, *ordering})
    emptied = _emptied(trees, paths) if paths else {}
    if not emptied:
        return []
    findings = []
    called = re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, emptied))) + r")\b")
    for path, module, owned in fork_modules(trees, called.search):
        for line, hit, severity in _tests(trees, module, owned, emptied):
            findings.append(_finding(trees, path, line, hit, severity, pr_pattern))
    return findings


def _emptied(trees: ThreeTrees, paths: list[str]) -> dict[str, list[Emptied]]:
    """name -> the defs of it upstream made raise where they returned an empty literal; a file is parsed only
    when its base text defines a name some fork line calls."""
    words = fork_found(trees, _CALL, tests=True)
    found: dict[str, list[Emptied]] = {}
    for both in parsed_texts(trees, paths, lambda old, _: bool(declared(old, "def") & words)):
        new, old = dict(method_defs(both.new.body)), dict(method_defs(both.old.body))
        for qualname, was in old.items():
            now = new.get(qualname)
            if was.name not in words or now is None:
                continue
            hit = _made_raise(qualname, both.path, (was, old), (now, new))
            if hit is not None:
                found.setdefault(hit.name, []).append(hit)
    return found


def _made_raise(
    qualname: str, path: str, base: tuple[_Def, dict[str, _Def]], theirs: tuple[_Def, dict[str, _Def]]
) -> Emptied | None:
    """``base`` and ``theirs``: the def on each side, with its module's defs by qualname (the helpers it calls)."""
    (was, old), (now, new) = base, theirs
    empty = next((r for r in _empty_returns(was)), None)
    guard = _negative_guard(was, now) if empty is None else None
    if guard is not None:
        empty = NEGATIVE
    elif next(_empty_returns(now), None) is not None or not _ends(now.body) or _answers_empty(now):
        return None
    if empty is None:
        return None
    # a hook made abstract (``raise NotImplementedError``) is answered by the subclasses, not judged here -- a
    # method's; a module-level function has no subclass to answer (killers196, #21618: ``get_pooling_config_name``
    # raises NotImplementedError for a name it does not know); a raise upstream moved into a helper of the module
    # the def calls raises through the def all the same
    raised = _kinds(now)[1] | _helper_kinds(now, qualname, new, set())
    hook = "." in qualname
    fresh = frozenset(
        k
        for k in raised - _kinds(was)[0] - _helper_kinds(was, qualname, old, set())
        if builtin_error(k) and not (hook and builtin_subclass(k, "NotImplementedError"))
    )
    if not fresh:
        return None
    asked = _asked(now) | {a for h in _helpers(now, qualname, new) for a in _asked(h) if a[0] in _names(now)}
    return Emptied(qualname, path, empty, fresh, frozenset(asked), _filled(now, qualname), guard or ())


def _negative_guard(was: _Def, now: _Def) -> tuple[str, str] | None:
    """Upstream put a guard ``if a < b: raise K(...)`` (``b > a`` too) among the def's own statements where the
    base computed ``a - b`` and answered on: the answer went negative exactly where the def now raises (#36789:
    ``get_max_tokens`` gave ``max_model_len - input_length`` for an over-long prompt, a fork tested ``<= 0``;
    it now raises ValueError).  The guard is new: the base had no ``if`` of the same test.  Its two sides as
    written, the smaller first."""
    old_tests = {ast.unparse(n.test) for n in own_nodes(was.body) if isinstance(n, ast.If)}
    differences = {
        ast.unparse(n) for n in own_nodes(was.body) if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Sub)
    }
    for node in now.body:
        if not isinstance(node, ast.If) or not node.body or not isinstance(node.body[-1], ast.Raise):
            continue
        test = node.test
        if ast.unparse(test) in old_tests or not isinstance(test, ast.Compare) or len(test.ops) != 1:
            continue
        low, high = test.left, test.comparators[0]
        if isinstance(test.ops[0], ast.Gt):
            low, high = high, low
        elif not isinstance(test.ops[0], ast.Lt):
            continue
        if ast.unparse(ast.BinOp(low, ast.Sub(), high)) in differences:
            return ast.unparse(low), ast.unparse(high)
    return None


def _names(func: _Def) -> set[str]:
    return {a.arg for a in _parameters(func)}


def _filled(func: _Def, qualname: str) -> tuple[str, ...]:
    """The parameters a call's arguments fill, in order: a method's ``self``/``cls`` is its receiver."""
    names = [a.arg for a in [*func.args.posonlyargs, *func.args.args]]
    static = any(last_name(d) == "staticmethod" for d in func.decorator_list)
    if owner_class(qualname) and not static and names:
        names = names[1:]
    return tuple(names)


def _helpers(func: _Def, qualname: str, defs: dict[str, _Def]) -> list[_Def]:
    """The module's own defs ``func`` calls (a top-level def, or a method through ``self``/``cls``)."""
    owner = qualname.rpartition(".")[0]
    called = (_helper_called(n, owner) for n in own_nodes(func.body) if isinstance(n, ast.Call))
    return [defs[t] for t in called if t is not None and t != qualname and t in defs]


def _asked(func: _Def) -> set[tuple[str, str, str]]:
    """(parameter, "attr"/"class", name) for each presence or kind test the def makes of a parameter, or of
    a name a ``for`` binds from a loop over one (``for _, module in model.named_modules():``; "each" for a
    presence test of such an element)."""
    params = _names(func)
    rooted = {n: n for n in params}
    for node in own_nodes(func.body):
        if isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
            root = node.iter
            while isinstance(root, (ast.Attribute, ast.Call, ast.Subscript)):
                root = root.func if isinstance(root, ast.Call) else root.value
            if isinstance(root, ast.Name) and root.id in params:
                rooted.update((t.id, root.id) for t in ast.walk(node.target) if isinstance(t, ast.Name))
    asked = {(p, "member", "") for p in _membership_asked(func, params)}
    for node in own_nodes(func.body):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and len(node.args) >= 2):
            continue
        subject = node.args[0]
        param = rooted.get(subject.id) if isinstance(subject, ast.Name) else None
        if param is None:
            continue
        if node.func.id in ("hasattr", "getattr") and (attr := str_value(node.args[1])) is not None:
            asked.add((param, "attr" if ast.unparse(subject) == param else "each", attr))
        elif node.func.id == "isinstance":
            classes = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
            asked.update((param, "class", last_name(c)) for c in classes if last_name(c))
    return asked


def _membership_asked(func: _Def, params: set[str]) -> set[str]:
    """The parameters the def tests for membership, as themselves, a read of them, or a local bound from one
    (#21618: ``pooling_type_name = pooling_name.upper()`` then ``if pooling_type_name in supported: return``)."""
    derived = {p: p for p in params}
    for node in own_nodes(func.body):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            root = _root_name(node.value)
            if root in params:
                derived[node.targets[0].id] = root
    return {
        derived[root]
        for node in own_nodes(func.body)
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], ast.In | ast.NotIn)
        if (root := _root_name(node.left)) in derived
    }


def _root_name(node: ast.expr) -> str | None:
    """``x`` of ``x``, ``x.a``, ``x.upper()``, ``x[0]``: the name an expression reads through."""
    while isinstance(node, ast.Attribute | ast.Call | ast.Subscript):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else None


def _helper_kinds(func: _Def, qualname: str, defs: dict[str, _Def], seen: set[str], depth: int = 0) -> set[str]:
    """The kinds raised by the module's own defs that ``func`` calls (``helper(...)`` a top-level def,
    ``self.helper(...)``/``cls.helper(...)`` a method of its class), three calls deep, less those ``func``
    catches round the call itself."""
    owner = qualname.rpartition(".")[0]
    shielded = _shielded(func)
    kinds: set[str] = set()
    for node in own_nodes(func.body):
        target = _helper_called(node, owner) if isinstance(node, ast.Call) else None
        callee = defs.get(target) if target is not None else None
        if callee is None or target is None or target in seen or target == qualname:
            continue
        seen.add(target)
        raised = _kinds(callee)[1] | (_helper_kinds(callee, target, defs, seen, depth + 1) if depth < 2 else set())
        kinds |= {k for k in raised if not _caught_round(node, k, shielded)}
    return kinds


def _helper_called(call: ast.Call, owner: str) -> str | None:
    """The qualname a call names in its own module: ``f(...)`` a top-level def, ``self.f(...)``/``cls.f(...)``
    a method of ``owner``."""
    if isinstance(call.func, ast.Name):
        return call.func.id
    func = call.func
    if (
        owner
        and isinstance(func, ast.Attribute)
        and isinstance(func.value, ast.Name)
        and func.value.id in ("self", "cls")
    ):
        return f"{owner}.{func.attr}"
    return None


def _empty_returns(func: _Def) -> Iterator[str]:
    """The empty literals the def's own ``return``s give (``return`` alone gives None too)."""
    for node in own_nodes(func.body):
        if isinstance(node, ast.Return) and (node.value is None or empty_literal(node.value)):
            yield "None" if node.value is None else ast.unparse(node.value)


def _answers_empty(func: _Def) -> bool:
    """Upstream's def may still answer empty through a name it returns: its body binds the name to an empty
    literal or tests it for emptiness with no ``raise`` on that test's branches (#48064's
    ``get_fi_ar_quant_workspace`` returns its workspace global, ``None`` when creating it failed; its own
    caller tests ``is not None``).  A name whose test raises (``if ws is None: raise``) is guarded instead."""
    returned = {n.value.id for n in own_nodes(func.body) if isinstance(n, ast.Return) and isinstance(n.value, ast.Name)}
    kept: set[str] = set()
    guarded: set[str] = set()
    for node in own_nodes(func.body):
        if isinstance(node, ast.If):
            read = _emptiness_read(node.test) & returned
            raises = any(b and isinstance(b[-1], ast.Raise) for b in (node.body, node.orelse))
            (guarded if raises else kept).update(read)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None and empty_literal(node.value):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            kept.update(t.id for t in targets if isinstance(t, ast.Name) and t.id in returned)
    return bool(kept - guarded)


def _emptiness_read(test: ast.expr) -> set[str]:
    """The names a condition reads for their truth (``x``, ``not x``, an operand of ``and``/``or``) or compares
    with an empty literal (``x is None``, ``x == []``)."""
    names: set[str] = set()
    todo = [test]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            todo.append(node.operand)
        elif isinstance(node, ast.BoolOp):
            todo.extend(node.values)
        elif isinstance(node, ast.Compare) and len(node.ops) == 1:
            left, right = node.left, node.comparators[0]
            names.update(
                a.id for a, b in ((left, right), (right, left)) if isinstance(a, ast.Name) and empty_literal(b)
            )
    return names


def empty_literal(value: ast.expr) -> bool:
    """None, False, 0, "", an empty display or ``list()``/``dict()``/``set()``/``tuple()``: a value that says
    nothing of what the name will hold."""
    if isinstance(value, ast.Constant):
        return value.value in (None, False, 0, "") and not isinstance(value.value, float)
    if isinstance(value, (ast.List, ast.Tuple, ast.Set)):
        return not value.elts
    if isinstance(value, ast.Dict):
        return not value.keys
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Name)
        and value.func.id in _EMPTY_CALLS
        and not value.args
        and not value.keywords
    )


def _ends(body: list[ast.stmt]) -> bool:
    """The statements never fall off their end: the last returns or raises (an ``if`` on every branch)."""
    if not body:
        return False
    last = body[-1]
    if isinstance(last, (ast.Return, ast.Raise)):
        return True
    if isinstance(last, ast.If):
        return _ends(last.body) and _ends(last.orelse)
    if isinstance(last, (ast.With, ast.AsyncWith)):
        return _ends(last.body)
    return False


def _tests(
    trees: ThreeTrees, module: ast.Module, owned: set[int], emptied: dict[str, list[Emptied]]
) -> Iterator[tuple[int, Emptied, Severity]]:
    """(line, def, severity) of each fork-owned call of an emptied def whose answer the fork tests for emptiness,
    outside a handler of the kind raised now."""
    scope, parents = scope_of(module), parent_map(module)
    for func in (n for n in ast.walk(module) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))):
        for node in own_nodes(func.body):
            if not isinstance(node, ast.Call) or node.lineno not in owned:
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
            if name not in emptied:
                continue
            callee = resolve(node.func, scope, func)
            hit = _reached(trees, callee, emptied[name]) if callee is not None else None
            if callee is None or hit is None or _elsewhere(node, func, scope, hit):
                continue
            if not _tested_empty(node, func, parents, hit) or _handled(node, hit, parents, func):
                continue
            if not _excluded(node, hit, parents, _fork_holders(module)) and not _kept_in_order(node, hit, func):
                doubt = _guessed(node, callee, hit) or _screened(node, hit, parents)
                yield node.lineno, hit, Severity.WARNING if doubt else Severity.ERROR


def _kept_in_order(call: ast.Call, hit: Emptied, func: _Def) -> bool:
    """Upstream's guard ``if low < high: raise`` cannot hold for this call (review82's #36789 twins): the argument
    filling ``high`` is ``min(..., <low's argument>)`` (or ``low``'s is ``max(..., <high's>)``), or an ``if`` of the
    function before the call leaves it where ``low's argument < high's`` (``prompt_len > max_model_len: return``):
    the call never raises, and a test of its answer with 0 is the equal-length budget's."""
    if not hit.ordered:
        return False
    low, high = (_argument(call, hit.params, side) for side in hit.ordered)
    if low is None or high is None:
        return False
    lo, hi = ast.unparse(low), ast.unparse(high)
    if _clamped(high, "min", lo) or _clamped(low, "max", hi):
        return True
    leaves = {f"{lo} < {hi}", f"{hi} > {lo}", f"{lo} <= {hi}", f"{hi} >= {lo}"}
    return any(
        isinstance(n, ast.If) and n.lineno < call.lineno and ast.unparse(n.test) in leaves and _leaves(n.body)
        for n in own_nodes(func.body)
    )


def _clamped(arg: ast.expr, builtin: str, bound: str) -> bool:
    """``arg`` is ``min(..., bound)`` (``max`` likewise), ``bound`` as written."""
    return (
        isinstance(arg, ast.Call)
        and isinstance(arg.func, ast.Name)
        and arg.func.id == builtin
        and any(ast.unparse(a) == bound for a in arg.args)
    )


def _leaves(body: list[ast.stmt]) -> bool:
    """The branch never falls through to what follows: it returns, raises, or goes on to a loop's next turn."""
    return _ends(body) or isinstance(body[-1], (ast.Continue, ast.Break))


def _fork_holders(module: ast.Module) -> dict[str, set[str]]:
    """class name -> the names its body defines, for the classes of the fork's file."""
    return {
        c.name: {n.name for n in c.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
        for c in module.body
        if isinstance(c, ast.ClassDef)
    }


def _excluded(call: ast.Call, hit: Emptied, parents: dict[int, ast.AST], holders: dict[str, set[str]]) -> bool:
    """The call runs only where the fork made sure the raise's condition does not hold, for the argument it hands
    the parameter upstream's raise waits on: under a presence test of the attribute upstream looks for
    (``hasattr(arg, "name")``, ``getattr(arg, "name", None) is not None``, ``callable(getattr(...))``; or after
    the absence test exits: drift/presence.py), or under ``isinstance(arg, K)`` of a class upstream tests for or
    of a class of the fork's file that defines that attribute.  Where upstream asks it of each element of a walk
    over the parameter, so does ``any(hasattr(m, "name") for m in arg.modules())`` (a walk of the fork's over the
    same argument).  A test of another object, or of another attribute, says nothing of the raise."""
    for param, kind, name in hit.asked:
        arg = _argument(call, hit.params, param) if kind != "member" else None
        if arg is None:
            continue
        subject = ast.unparse(arg)
        if kind in ("attr", "each"):
            if presence_ensured(call, subject, name, parents):
                return True
            if kind == "each" and _each_ensured(call, subject, name, parents):
                return True
            classes = {c for c, defined in holders.items() if name in defined}
        else:
            classes = {name}
        if classes and (
            isinstance_guarded(call, subject, classes.__contains__, parents)
            or kind_ensured(call, subject, classes.__contains__, parents)
        ):
            return True
    return False


def _screened(call: ast.Call, hit: Emptied, parents: dict[int, ast.AST]) -> bool:
    """The call runs only where the fork tested the argument for membership first (``if name.upper() not in
    (...): return``), and upstream's raise waits on a membership test of that parameter: the fork may have
    screened out what upstream refuses, by a list of its own the engine does not compare (review103, #21618)."""
    for param, kind, _ in hit.asked:
        arg = _argument(call, hit.params, param) if kind == "member" else None
        if arg is not None:
            subject = ast.unparse(arg)
            if runs_tested(call, parents, _member_test(subject, ast.In), _member_test(subject, ast.NotIn)):
                return True
    return False


def _member_test(subject: str, op: type[ast.cmpop]) -> Callable[[ast.expr], bool]:
    """A test ``<subject, or a read of it> in ...`` (``op`` ``ast.In``; ``not in`` likewise)."""

    def asks(test: ast.expr) -> bool:
        if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], op)):
            return False
        node: ast.expr = test.left
        while ast.unparse(node) != subject and isinstance(node, ast.Attribute | ast.Call | ast.Subscript):
            node = node.func if isinstance(node, ast.Call) else node.value
        return ast.unparse(node) == subject

    return asks


def _each_ensured(call: ast.Call, subject: str, name: str, parents: dict[int, ast.AST]) -> bool:
    """``call`` runs only where some element of a walk over ``subject`` has ``name``: under ``any(...)`` of it
    (``_any_has``), or inside a ``for`` over such a walk where a presence test of the loop's element holds
    (``for m in model.modules(): if hasattr(m, "name"): call(model)``)."""
    elements = {n for loop in _enclosing_walks(call, subject, parents) for n in _targets(loop.target)}

    def holds(test: ast.expr) -> bool:
        return _any_has(test, subject, name) or any(of in elements and attr == name for of, attr in present(test, {}))

    def denies(test: ast.expr) -> bool:
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            return _any_has(test.operand, subject, name)
        return any(of in elements and attr == name for of, attr in absent(test, {}))

    return runs_tested(call, parents, holds, denies)


def _enclosing_walks(node: ast.AST, subject: str, parents: dict[int, ast.AST]) -> list[ast.For | ast.AsyncFor]:
    """The ``for`` loops around ``node`` (in its function) that walk what a chain off ``subject`` gives."""
    loops: list[ast.For | ast.AsyncFor] = []
    child, parent = node, parents.get(id(node))
    while parent is not None and not isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
        if isinstance(parent, ast.For | ast.AsyncFor) and child in parent.body and _walks(parent.iter, subject):
            loops.append(parent)
        child, parent = parent, parents.get(id(parent))
    return loops


def _walks(iterable: ast.expr, subject: str) -> bool:
    """``iterable`` is a chain off ``subject`` (``model.modules()``, ``model.layers``), not ``subject`` itself
    (iterating the object gives what its ``__iter__`` does, not its members)."""
    root: ast.expr = iterable
    while ast.unparse(root) != subject and isinstance(root, ast.Attribute | ast.Call | ast.Subscript):
        root = root.func if isinstance(root, ast.Call) else root.value
    return ast.unparse(root) == subject and root is not iterable


def _targets(target: ast.expr) -> set[str]:
    return {t.id for t in ast.walk(target) if isinstance(t, ast.Name)}


def _any_has(test: ast.expr, subject: str, name: str) -> bool:
    """``any(hasattr(m, "name") for m in <a walk rooted at subject>)`` (a list comprehension too; any presence
    spelling of drift/presence.py; the walk's target may be a tuple: ``for _, m in model.named_modules()``)."""
    if not (isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "any"):
        return False
    walk = test.args[0] if len(test.args) == 1 else None
    if not isinstance(walk, ast.GeneratorExp | ast.ListComp) or len(walk.generators) != 1:
        return False
    loop = walk.generators[0]
    if not _walks(loop.iter, subject):
        return False
    elements = _targets(loop.target)
    return any(of in elements and attr == name for of, attr in present(walk.elt, {}))


def _argument(call: ast.Call, params: tuple[str, ...], param: str) -> ast.expr | None:
    """The argument of ``call`` that fills ``param`` (by keyword, or by position before any ``*args``)."""
    keyword = next((k.value for k in call.keywords if k.arg == param), None)
    if keyword is not None or param not in params:
        return keyword
    at = params.index(param)
    before = call.args[: at + 1]
    if len(before) <= at or any(isinstance(a, ast.Starred) for a in before):
        return None
    return call.args[at]


def _elsewhere(call: ast.Call, func: _Def, scope: Scope, hit: Emptied) -> bool:
    """A method called on a receiver read as something else: a parameter annotated as a builtin container
    (``buffers: dict[str, Tensor]``, ``buffers.get(name)``), or an attribute chain off a module of another
    package (``os.environ.get(...)``)."""
    receiver = call.func.value if isinstance(call.func, ast.Attribute) else None
    if receiver is None or not hit.owner:
        return False
    root = receiver
    while isinstance(root, ast.Attribute):
        root = root.value
    if not isinstance(root, ast.Name):
        return False
    module = scope.modules.get(root.id)
    if module is not None and root is not receiver:
        return module.split(".", 1)[0] != hit.path.split("/", 1)[0]
    note = next((a.annotation for a in _parameters(func) if a.arg == root.id), None) if root is receiver else None
    head = note.value if isinstance(note, ast.Subscript) else note
    return isinstance(head, ast.Name) and head.id in _BUILTIN_CONTAINERS


def _parameters(func: _Def) -> list[ast.arg]:
    args = func.args
    return [*args.posonlyargs, *args.args, *args.kwonlyargs]


def _guessed(call: ast.Call, callee: Callee, hit: Emptied) -> bool:
    """The call reaches the def only by a guess: a receiver not read, or an instance a method is called on (an
    upstream subclass may override it and still answer empty); a call off the class itself is sure."""
    if loose(callee, hit.path):
        return True
    receiver = call.func.value if isinstance(call.func, ast.Attribute) else None
    named_class = isinstance(receiver, ast.Name) and receiver.id == hit.owner
    return bool(hit.owner) and receiver is not None and not named_class and callee.module is None


def _reached(trees: ThreeTrees, callee: Callee, defs: list[Emptied]) -> Emptied | None:
    """The emptied def the call reaches: a receiver class's own; else one of the module the name comes from."""
    if callee.receiver:
        return next((d for d in defs if d.owner == callee.receiver), None)
    return next((d for d in defs if reaches(trees, callee, d.path)), None)


def _tested_empty(call: ast.Call, func: _Def, parents: dict[int, ast.AST], hit: Emptied) -> bool:
    """The call's answer is tested for emptiness, directly or through the one name it is bound to, by a test
    whose empty branch goes on (an ``assert`` of a non-empty answer, or an empty branch that raises, already
    failed on the empty answer: the fork never relied on it)."""

    def relied(node: ast.expr) -> bool:
        return _tested_here(node, parents, hit.empty) and not _fails_when_empty(node, parents, hit.empty)

    if relied(call):
        return True
    parent = parents.get(id(call))
    if isinstance(parent, ast.NamedExpr) and relied(parent):
        return True  # ``if not (mapping := f(x)):``
    if not (isinstance(parent, (ast.Assign, ast.AnnAssign, ast.NamedExpr)) and parent.value is call):
        return False
    targets = [parent.target] if isinstance(parent, (ast.AnnAssign, ast.NamedExpr)) else parent.targets
    if len(targets) != 1 or not isinstance(targets[0], ast.Name):
        return False
    bound = targets[0].id
    return any(
        isinstance(n, ast.Name) and n.id == bound and isinstance(n.ctx, ast.Load) and relied(n)
        for n in own_nodes(func.body)
    )


def _tested_here(node: ast.expr, parents: dict[int, ast.AST], empty: str = "") -> bool:
    """``node`` read for its truth or compared with an empty answer where it stands (a negative answer: compared
    with a number, ``budget <= 0``, ``n >= 1``)."""
    parent = parents.get(id(node))
    if isinstance(parent, (ast.If, ast.While, ast.IfExp, ast.Assert)) and parent.test is node:
        return True
    if isinstance(parent, ast.UnaryOp) and isinstance(parent.op, ast.Not):
        return True
    if isinstance(parent, ast.BoolOp):
        # ``f(x) or default`` tests it; the last operand is the answer, tested only where the whole is
        return parent.values[-1] is not node or _tested_here(parent, parents, empty)
    if isinstance(parent, ast.Call) and isinstance(parent.func, ast.Name) and len(parent.args) == 1:
        if parent.args[0] is not node:
            return False
        if parent.func.id in _TRUTH:
            return True
        return parent.func.id == "len" and _compared_empty(parent, parents)
    if empty == NEGATIVE:
        return isinstance(parent, ast.Compare) and _compared_number(node, parent)
    return isinstance(parent, ast.Compare) and _compared_empty(node, parents)


def _compared_number(node: ast.expr, parent: ast.Compare) -> bool:
    """``node <= 0``, ``node >= 1``, ``0 > node``: an order test of the answer with a number of at most 1, the
    bound a negative answer falls below."""
    if len(parent.ops) != 1 or not isinstance(parent.ops[0], tuple(_ORDERS)):
        return False
    other = parent.comparators[0] if parent.left is node else parent.left
    value = other.value if isinstance(other, ast.Constant) else None
    return isinstance(value, int | float) and not isinstance(value, bool) and value <= 1


def _fails_when_empty(node: ast.expr, parents: dict[int, ast.AST], empty: str) -> bool:
    """The test of ``node`` fails on an empty answer itself: an ``assert`` that is false for it, or an ``if``
    whose branch taken for it ends in a ``raise``."""
    found = _empty_truth(node, parents, _EMPTY_VALUES.get(empty))
    if found is None:
        return False
    stmt, truth = found
    if isinstance(stmt, ast.Assert):
        return not truth
    branch = stmt.body if truth else stmt.orelse
    return bool(branch) and isinstance(branch[-1], ast.Raise)


def _empty_truth(node: ast.expr, parents: dict[int, ast.AST], value: object) -> tuple[ast.Assert | ast.If, bool] | None:
    """(the ``assert`` or ``if`` whose test reads ``node``, what that test gives when ``node`` is ``value``, the
    empty answer); None where it is not read so plainly (``x and y`` of a truthy ``x``, a call, a subscript)."""
    cur = node
    while (parent := parents.get(id(cur))) is not None:
        if isinstance(parent, (ast.Assert, ast.If)) and parent.test is cur:
            return parent, bool(value)
        if isinstance(parent, ast.UnaryOp) and isinstance(parent.op, ast.Not):
            value = not value
        elif isinstance(parent, ast.BoolOp):
            if bool(value) == isinstance(parent.op, ast.And):
                return None  # ``x and y`` of a truthy x, ``x or y`` of a falsy x: the whole is the other's
            value = bool(value)
        elif isinstance(parent, ast.Call) and last_name(parent.func) in _TRUTH:
            value = bool(value)
        elif isinstance(parent, ast.Call) and last_name(parent.func) == "len":
            if not isinstance(value, (list, dict, tuple, set, str)):
                return None
            value = len(value)
        elif isinstance(parent, ast.Compare) and len(parent.ops) == 1:
            other = parent.comparators[0] if parent.left is cur else parent.left
            if not isinstance(other, ast.Constant):
                return None
            left, right = (value, other.value) if parent.left is cur else (other.value, value)
            value = _compare(parent.ops[0], left, right)
        else:
            return None
        cur = parent
    return None


_ORDERS: dict[type[ast.cmpop], Callable[[Any, Any], object]] = {
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
}


def _compare(op: ast.cmpop, left: object, right: object) -> bool:
    """``left op right`` for the literals an emptiness test compares (``is`` read as equality of kind and value)."""
    same = type(left) is type(right) and left == right
    if isinstance(op, (ast.Is, ast.Eq)):
        return same if isinstance(op, ast.Is) else bool(left == right)
    if isinstance(op, (ast.IsNot, ast.NotEq)):
        return not same if isinstance(op, ast.IsNot) else bool(left != right)
    order = _ORDERS.get(type(op))
    try:
        return order is not None and bool(order(left, right))
    except TypeError:
        return False


def _compared_empty(node: ast.expr, parents: dict[int, ast.AST]) -> bool:
    """``node is None``, ``node == []``, ``node == 0`` (a ``len``), ``node > 0`` and the like."""
    parent = parents.get(id(node))
    if not isinstance(parent, ast.Compare) or len(parent.ops) != 1:
        return False
    other = parent.comparators[0] if parent.left is node else parent.left
    return empty_literal(other)


def _handled(call: ast.Call, hit: Emptied, parents: dict[int, ast.AST], func: _Def) -> bool:
    """A ``try`` (or ``with suppress``) of the function round the call catches a kind the def raises now."""
    node: ast.AST = call
    while (parent := parents.get(id(node))) is not None and parent is not func:
        if isinstance(parent, ast.Try) and any(node is s for s in parent.body):
            if any(_catches(h, hit.kinds) for h in parent.handlers):
                return True
        if isinstance(parent, ast.With) and any(
            _catches(h, hit.kinds) for h in [*_suppressed(parent), *_expected(parent)]
        ):
            return True
        node = parent
    return False


def _expected(node: ast.With) -> list[ast.ExceptHandler]:
    """``with pytest.raises(K, match=...):`` read as a handler of ``K``: a test that expects the raise."""
    return [
        ast.copy_location(ast.ExceptHandler(type=call.args[0], name=None, body=[]), call)
        for item in node.items
        if isinstance(call := item.context_expr, ast.Call) and last_name(call.func) == "raises" and call.args
    ]


def _catches(handler: ast.ExceptHandler, kinds: frozenset[str]) -> bool:
    caught = _caught(handler)
    if caught is None:
        return True  # bare, or a kind not read (an attribute, a tuple bound elsewhere): it may catch it
    return any(builtin_subclass(kind, name) for kind in kinds for name in caught)


def _finding(trees: ThreeTrees, path: str, line: int, hit: Emptied, severity: Severity, pr_pattern: str) -> Finding:
    kinds = " or ".join(sorted(hit.kinds))
    commit = trees.upstream_commit(hit.path, f"raise[[:space:]]+{sorted(hit.kinds)[0]}", pr_pattern, most=5)
    if hit.empty == NEGATIVE:
        said = (
            f"fork-owned line compares what {hit.qualname}() answers with a bound a negative answer falls below, but "
            f"upstream made it raise {kinds} where it answered a negative difference ({hit.path}{commit}): the "
            f"branch for it never runs and the call raises; catch {kinds} round the call"
        )
        return Finding(RULE, "merge", severity, path, line, said)
    return Finding(
        RULE,
        "merge",
        severity,
        path,
        line,
        f"fork-owned line tests what {hit.qualname}() answers for emptiness, but upstream made it raise {kinds} "
        f"where it returned {hit.empty} ({hit.path}{commit}): the empty branch never runs and the call raises; "
        f"catch {kinds} round the call",
    )
