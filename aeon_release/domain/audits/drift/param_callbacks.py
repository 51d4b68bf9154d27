"""Parameter callback drift: the fork hands an upstream function a callable that the function now calls with
arguments the callable does not take.

#48287 made ``_fused_marlin_moe`` call its ``activation_func`` parameter with two more keywords,
``topk_ids=topk_ids, expert_map=expert_map``, and ``fused_marlin_moe`` hands its own ``activation_func`` on to it.
A fork's ``fused_marlin_moe(..., activation_func=aeon_act)``, ``aeon_act`` a function of the fork's module taking
``(activation, output, input, *, clamp_limit=None, alpha=1.0, beta=0.0)``, merges cleanly and raises TypeError
on the first MoE layer.  No name, parameter or default of the function the fork calls changed: what the
function does with the callable did.  Callback drift (``callbacks.py``) reads a class's field; this is a
function's parameter.

Upstream's side: a top-level function of a file upstream changed (outside tests) that the fork's lines call, a
parameter of which its body calls (``param(...)``) at the merge base and at upstream -- directly, or through
another top-level function of the same file it hands the parameter to, by keyword or position (two hops at
most) -- where some call at upstream passes a keyword no call at the base passed, or more positional arguments
than any did.  A call with ``*args`` or ``**kwargs`` makes the parameter's calls unknown: left alone.

The fork's side, on lines it wrote: a call of that function, imported from upstream's module or a package above
it, handing the parameter (by keyword, or by its position) a ``lambda``, a function of the fork's module, a
``@staticmethod`` or ``@classmethod`` of a class of the module handed by its class (``AeonActs.act``), or a
method of the fork's class around the call (``self.aeon_act``) that takes every argument the base's calls passed and not one the new calls pass (no ``**kwargs`` for a new
keyword, no ``*args`` and too few positional parameters for a longer call).  An error, on the function's
``def`` where the fork wrote it (that is what to fix), else on the call: the call raises.  A warning where
every new call sits under an ``if``, a ``try`` or a loop of upstream's function (it may not run on the fork's
path).  Quiet for a callable taking the new arguments, a function whose calls of the parameter did not grow,
a callable that could not take the base's calls either (not a callback of this parameter), a parameter
upstream's function rebinds (``fn = adapt(fn)``), a function of the fork's own of the name, a method of the name
on another receiver (``backend.fused_marlin_moe(...)``: only a call of the bare imported name is upstream's), and a
call the fork wraps in a ``try`` catching ``TypeError`` (its fallback runs) or keeps under a version test.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.callbacks import (
    _bound_within,
    _imported_from,
    _module_defs,
    handing_calls,
    module_callable,
    without_receiver,
)
from aeon_release.domain.audits.drift.fallbacks import caught_around, version_gated
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_texts, whole_word
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import TEST_PATH, parent_map, plain_name

_FILES_READ = 30  # upstream files parsed for grown parameter calls, at most
_HOPS = 2  # a parameter handed on to another function of the file, at most this deep
_Def = ast.FunctionDef | ast.AsyncFunctionDef
# a handler catching one of these takes the TypeError the narrow callable raises: the fork has a fallback
_CAUGHT = frozenset({"TypeError", "Exception", "BaseException"})


@dataclass(frozen=True)
class Shape:
    """One call of a parameter: its positional count, the keywords it names, and whether it runs only on some
    paths of the function (under an ``if``, a ``try``, a loop)."""

    positional: int
    keywords: frozenset[str]
    gated: bool


@dataclass(frozen=True)
class Grown:
    """``function``'s parameter ``param`` (positional slot ``index``, -1 if keyword-only) is called at upstream
    with the ``new`` keywords, or up to ``most`` positional arguments, that no call at the base passed."""

    path: str
    function: str
    param: str
    index: int
    old_keywords: frozenset[str]
    new: frozenset[str]
    old_most: int
    most: int
    sure: bool


def param_callback_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork lines handing an upstream function a callable too narrow for the calls the function now makes."""
    handing = {
        path: calls for path in sorted(p for p in trees.mine if p.endswith(".py")) if (calls := _handing(trees, path))
    }
    names = {name for calls in handing.values() for name, _ in calls}
    grown = _grown(trees, names) if names else {}
    findings: list[Finding] = []
    for path, calls in handing.items() if grown else ():
        for line, slot, problem in _handed(trees, path, calls, grown):
            word = sorted(slot.new)[0] if slot.new else slot.param
            commit = trees.upstream_commit(slot.path, whole_word(word), pr_pattern)
            message = (
                f"fork-owned callable handed to {slot.function}() as {slot.param}: upstream's {slot.function} now "
                f"calls {slot.param} {_said(slot)} ({slot.path}{commit}), and {problem}: it raises TypeError on the "
                f"first call; accept the new argument(s) (a default, or *args/**kwargs)"
            )
            if not slot.sure:
                message += " (upstream makes the new call only on some paths)"
            severity = Severity.ERROR if slot.sure else Severity.WARNING
            findings.append(Finding(RULE, "merge", severity, path, line, message))
    return findings


def _handing(trees: ThreeTrees, path: str) -> list[tuple[str, ast.Call]]:
    """(function name, call) of each call on a line the fork owns, of a name the module imports, that hands a
    ``lambda``, a function of the module or a method of the class around the call (``self.aeon_act``).  As
    ``callbacks._handing``: a module whose added lines hold no code is not parsed, and only the parts of it
    spanning the fork's lines are walked."""
    calls, imported = handing_calls(trees, path, _callable)
    # only a call of the bare imported name reaches upstream's function: ``backend.name(...)`` is a method of
    # another receiver that shares the name (a module attribute ``mod.name`` never matches an imported name)
    return [(node.func.id, node) for node in calls if isinstance(node.func, ast.Name) and node.func.id in imported]


def _callable(value: ast.expr, defs: dict[str, _Def]) -> bool:
    if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name):
        return value.value.id in ("self", "cls") or f"{value.value.id}.{value.attr}" in defs  # ``Cls.static``
    return isinstance(value, ast.Lambda) or (isinstance(value, ast.Name) and value.id in defs)


def _said(slot: Grown) -> str:
    if slot.new:
        return "with " + ", ".join(f"{k}=" for k in sorted(slot.new))
    return f"with {slot.most} positional argument(s), not {slot.old_most}"


def _grown(trees: ThreeTrees, names: set[str]) -> dict[str, list[Grown]]:
    """Function name -> its parameters whose calls grew, in upstream's changed files outside tests that define
    one of ``names`` (the functions the fork's lines hand a callable)."""
    changed = [p for p in sorted(trees.upstream) if p.endswith(".py") and not TEST_PATH.search(p)]
    words = tuple(sorted(f"def {name}(" for name in names))
    paths = sorted(trees.upstream_files_with(words, changed))[:_FILES_READ]
    if not paths:
        return {}

    def keep(old: str, new: str) -> bool:
        return any(w in old and w in new for w in words)

    found: dict[str, list[Grown]] = {}
    for versions in parsed_texts(trees, paths, keep):
        old_defs, new_defs = _top_defs(versions.old), _top_defs(versions.new)
        for name in sorted(names & old_defs.keys() & new_defs.keys()):
            for slot in _params_grown(versions.path, name, old_defs, new_defs):
                found.setdefault(name, []).append(slot)
    return found


def _top_defs(module: ast.Module) -> dict[str, _Def]:
    """The module's top-level functions by name (a name defined twice is left out)."""
    funcs = [s for s in module.body if isinstance(s, _Def)]
    names = [f.name for f in funcs]
    return {f.name: f for f in funcs if names.count(f.name) == 1}


def _params_grown(path: str, name: str, old_defs: dict[str, _Def], new_defs: dict[str, _Def]) -> Iterator[Grown]:
    old_func, new_func = old_defs[name], new_defs[name]
    old_params, new_params = _params(old_func), _params(new_func)
    for param in (p for p in new_params if p in old_params):
        before = _shapes(old_func, param, old_defs, _HOPS)
        after = _shapes(new_func, param, new_defs, _HOPS)
        if not before or not after:
            continue
        old_keywords = frozenset().union(*(s.keywords for s in before))
        old_most = max(s.positional for s in before)
        new = frozenset().union(*(s.keywords for s in after)) - old_keywords
        most = max(s.positional for s in after)
        if not new and most <= old_most:
            continue
        grew = [s for s in after if s.keywords - old_keywords or s.positional > old_most]
        positional = [a.arg for a in (*new_func.args.posonlyargs, *new_func.args.args)]
        index = positional.index(param) if param in positional else -1
        sure = not all(s.gated for s in grew)
        yield Grown(path, name, param, index, old_keywords, new, old_most, most, sure)


def _params(func: _Def) -> list[str]:
    args = func.args
    return [a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)]


def _shapes(func: _Def, param: str, defs: dict[str, _Def], hops: int) -> list[Shape] | None:
    """The calls ``func``'s body makes of its parameter ``param``, and those of the functions of the module it hands
    the parameter to; None when one of them spreads ``*args``/``**kwargs`` (its arguments are not known)."""
    if _rebinds(func, param):
        return None  # ``fn = wrap(fn)``: what the calls reach may be upstream's wrapper, which may take them
    shapes: list[Shape] = []
    for node, gated in _own_calls(func, param):
        target = node.func
        if isinstance(target, ast.Name) and target.id == param:
            if any(isinstance(a, ast.Starred) for a in node.args) or any(k.arg is None for k in node.keywords):
                return None
            shapes.append(Shape(len(node.args), frozenset(k.arg for k in node.keywords if k.arg), gated))
            continue
        callee = defs.get(target.id) if isinstance(target, ast.Name) else None
        if callee is None or callee is func or hops <= 1:
            continue
        for slot in _handed_on(node, param, callee):
            inner = _shapes(callee, slot, defs, hops - 1)
            if inner is None:
                return None
            shapes += [Shape(s.positional, s.keywords, s.gated or gated) for s in inner]
    return shapes


def _rebinds(func: _Def, param: str) -> bool:
    """``func``'s body assigns the parameter's name (``fn = partial(adapt, fn)``, ``for fn in ...``)."""
    return any(
        isinstance(node, ast.Name) and node.id == param and isinstance(node.ctx, ast.Store | ast.Del)
        for stmt in func.body
        for node in ast.walk(stmt)
    )


def _handed_on(call: ast.Call, param: str, callee: _Def) -> list[str]:
    """The parameters of ``callee`` that ``call`` hands the name ``param`` to (by keyword or by position)."""
    slots = [k.arg for k in call.keywords if k.arg and isinstance(k.value, ast.Name) and k.value.id == param]
    positional = [a.arg for a in (*callee.args.posonlyargs, *callee.args.args)]
    for i, arg in enumerate(call.args):
        if isinstance(arg, ast.Starred):
            break
        if isinstance(arg, ast.Name) and arg.id == param and i < len(positional):
            slots.append(positional[i])
    return slots


_GATES = (ast.If, ast.IfExp, ast.Try, ast.For, ast.AsyncFor, ast.While, ast.With, ast.AsyncWith)


def _own_calls(func: _Def, param: str) -> Iterator[tuple[ast.Call, bool]]:
    """The calls of ``func``'s own body (not of a def, class or lambda nested in it), each with whether it sits
    under an ``if``, a conditional expression, a ``try`` or a loop (a ``with`` runs its body: not a gate).  The
    body of an ``if param:`` / ``if param is not None:`` (the ``else`` of ``if param is None:``) is no gate: it
    runs whenever the fork hands a callable."""
    todo: list[tuple[ast.AST, bool]] = [(stmt, False) for stmt in func.body]
    while todo:
        node, gated = todo.pop()
        if isinstance(node, ast.Call):
            yield node, gated
        if isinstance(node, _Def | ast.ClassDef | ast.Lambda):
            continue
        handed = _handed_test(node.test, param) if isinstance(node, ast.If | ast.IfExp) else None
        if isinstance(node, ast.If | ast.IfExp) and handed is not None:
            body = node.body if isinstance(node.body, list) else [node.body]
            orelse = node.orelse if isinstance(node.orelse, list) else [node.orelse]
            todo += [
                (node.test, gated),
                *((c, gated or not handed) for c in body),
                *((c, gated or handed) for c in orelse),
            ]
            continue
        inner = gated or (isinstance(node, _GATES) and not isinstance(node, ast.With | ast.AsyncWith))
        todo += [(child, inner) for child in ast.iter_child_nodes(node)]


def _handed_test(test: ast.expr, param: str) -> bool | None:
    """True for ``param`` / ``param is not None`` (true whenever a callable was handed), False for ``not param`` /
    ``param is None`` (false then), None for any other test."""
    handed = True
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test, handed = test.operand, False
    elif isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Is | ast.IsNot):
        other, negated = test.comparators[0], isinstance(test.ops[0], ast.IsNot)
        if isinstance(other, ast.Constant) and other.value is None:
            test, handed = test.left, negated
    return handed if isinstance(test, ast.Name) and test.id == param else None


def _handed(
    trees: ThreeTrees, path: str, calls: list[tuple[str, ast.Call]], grown: dict[str, list[Grown]]
) -> Iterator[tuple[int, Grown, str]]:
    """(line, slot, what the callable lacks) of each fork call handing a grown parameter a too narrow callable.
    Not callbacks' ``_handed`` on purpose: a parameter's calls may grow by keyword, and a call under a fallback
    or a version gate, a bound method, and the callable's own ``def`` line are this check's alone."""
    module = trees.merged_module(path)
    if module is None:
        return
    defs = _module_defs(module)
    owned = trees.owned_lines(path)
    parents = parent_map(module)
    for name, node in calls:
        if caught_around(node, _CAUGHT, parents) or version_gated(node, parents):
            continue  # the fork falls back when the callable raises, or keeps this call for an older release
        for slot in grown.get(name, ()):
            if not _imported_from(module, name, slot.path):
                continue
            value = _argument(node, slot)
            local = _bound_within(module, node)
            func = module_callable(value, defs, local)
            args = value.args if isinstance(value, ast.Lambda) else func.args if func is not None else None
            if func is None and isinstance(value, ast.Attribute):
                func, args = _bound_method(module, node, value)
            problem = _lacks(args, slot) if args is not None else None
            if problem is not None:
                yield (func.lineno if func is not None and func.lineno in owned else node.lineno), slot, problem


def _bound_method(module: ast.Module, call: ast.Call, value: ast.Attribute) -> tuple[_Def | None, ast.arguments | None]:
    """The method ``self.name`` / ``cls.name`` reaches in the class of the module whose body holds ``call``, and the
    parameters a call of it binds (the receiver's dropped); (None, None) for a method not defined there (an
    inherited one, a base's, is upstream's or another file's: not read), a decorated one other than
    ``classmethod`` (a ``staticmethod`` takes no receiver, another decorator may wrap it), or a name the class
    defines twice or also assigns."""
    around = [
        c
        for c in ast.walk(module)
        if isinstance(c, ast.ClassDef) and c.lineno <= call.lineno <= (c.end_lineno or c.lineno)
    ]
    if not around:
        return None, None
    cls = max(around, key=lambda c: c.lineno)  # the innermost class around the call
    methods = [m for m in cls.body if isinstance(m, _Def) and m.name == value.attr]
    if len(methods) != 1 or any(value.attr in _assigned(m) for m in cls.body):
        return None, None
    method = methods[0]
    marks = [plain_name(d) or "" for d in method.decorator_list]
    if any(mark.rsplit(".", 1)[-1] != "classmethod" for mark in marks):
        return None, None
    dropped = without_receiver(method.args)
    return (method, dropped) if dropped is not None else (None, None)


def _assigned(stmt: ast.stmt) -> set[str]:
    """The names a class-level assignment binds (``act = staticmethod(f)`` rebinds a method's name)."""
    targets = stmt.targets if isinstance(stmt, ast.Assign) else []
    return {t.id for t in targets if isinstance(t, ast.Name)}


def _argument(call: ast.Call, slot: Grown) -> ast.expr | None:
    for keyword in call.keywords:
        if keyword.arg == slot.param:
            return keyword.value
    if 0 <= slot.index < len(call.args) and not any(isinstance(a, ast.Starred) for a in call.args[: slot.index + 1]):
        return call.args[slot.index]
    return None


def _lacks(args: ast.arguments, slot: Grown) -> str | None:
    """What of the new calls the callable's parameters ``args`` cannot take, when they take all of the old ones."""
    named = {a.arg for a in (*args.args, *args.kwonlyargs)}
    capacity = None if args.vararg is not None else len(args.posonlyargs) + len(args.args)
    takes_all = args.kwarg is not None
    if not takes_all and not slot.old_keywords <= named:
        return None  # the base's calls raised on it too: not this parameter's callback as the fork uses it
    if capacity is not None and capacity < slot.old_most:
        return None
    missing = sorted(k for k in slot.new if not takes_all and k not in named)
    if missing:
        return f"the callable takes no {', '.join(missing)} and no **kwargs"
    if capacity is not None and capacity < slot.most:
        return f"the callable takes {capacity} positional argument(s) and no *args"
    return None
