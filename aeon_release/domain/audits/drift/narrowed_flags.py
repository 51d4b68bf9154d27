"""Narrowed flags: a flag parameter whose tests upstream's def now joins with a new condition, which a fork call
sets True and then drops the result of, relying on the flag's effect.

#26497 (a462331e36) made ``fused_experts``' ``inplace=True`` conditional: ``dispatch_fused_experts_func`` (to which
``fused_experts`` hands ``inplace``) and ``fused_experts_impl`` went from ``if inplace:`` to ``if inplace and not
disable_inplace():`` (torch >= 2.9: custom ops may not alias their inputs), so the call now writes a new tensor on
that path.  A fork's ``fused_experts(x, w1, w2, topk_weights, topk_ids, inplace=True)`` whose result it drops,
reading ``x`` after as the output, merges cleanly and returns its input unchanged: wrong output, no error.

Upstream's side: the Python files whose diff removed a test ``if NAME:`` (or ``... if NAME else ...``) and added
``if NAME and ...`` for the same name; parsed at the base and at upstream, a def (a module's function or a class's
method) with a parameter of that name whose tests of it (``if``, a conditional expression, ``while``) were the bare
name at the base and now all join it with something else by ``and``; and a def of the same module that hands its own
parameter of that name to such a def (one hop: ``fused_experts`` -> ``dispatch_fused_experts_func(inplace)``). Read
only when the fork has such a call (below), and only in the modules its def can live in (``callees.homes``).

The fork's side, on a line it owns: a call statement (its result dropped) of such a def (read through the file's
imports as ``callees.resolve`` reads a call), passing ``True`` for the flag, by keyword or, for a module's
function, by position.  A warning: the new condition may not hold where the fork runs (the engine does not know
its torch build), but where it does the flag's effect is gone.  Quiet when the fork uses the result, passes
anything but the literal ``True``, or calls a def whose test upstream widened (``or``) or left alone, or the
fork's own def of the name, or when the call runs only where the new condition holds (under ``if not
disable_inplace():``, in the ``else`` of ``if disable_inplace():``, after ``if disable_inplace(): return ...``; a
call's dotted prefix is not compared).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.callees import Callee, Scope, homed, homes, resolve, scope_of
from aeon_release.domain.audits.drift.confirmed_unions import reached
from aeon_release.domain.audits.drift.returns import own_nodes
from aeon_release.domain.audits.drift.sides import Qualified, ThreeTrees, parsed_texts, whole_word
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, method_defs

__all__ = ["narrowed_flag_drift"]

_JOINED = lazy_pattern(r"^\+[ \t]*(?:el)?if[ \t]+(\w+)[ \t]+and[ \t]", re.MULTILINE)
# a removed test of the bare name: ``if NAME:`` or a conditional expression's ``... if NAME else ...``
_BARE = lazy_pattern(r"^-(?:[ \t]*(?:el)?|[^\n]*?[ \t])if[ \t]+(\w+)(?:[ \t]*:|[ \t]+else\b)", re.MULTILINE)
# a call's dotted prefix (``utils.disable_inplace(`` -> ``disable_inplace(``)
_PREFIX = lazy_pattern(r"\b(?:\w+\.)+(?=\w+\()")
_Def = ast.FunctionDef | ast.AsyncFunctionDef


@dataclass(frozen=True)
class Narrowed(Qualified):
    """``qualname`` (in ``path``) now honours its flag ``param`` only when ``condition`` holds too."""

    qualname: str
    path: str
    param: str
    index: int  # the flag's position among a module function's parameters; -1 for a method
    condition: str
    via: str = ""  # the def it hands the flag to, when the test is there


@dataclass(frozen=True)
class TrueCall:
    """A fork-owned call statement passing the literal True, in ``func`` (None: at module level)."""

    call: ast.Call
    callee: Callee
    homes: tuple[str, ...]
    stmt: ast.stmt
    body: tuple[ast.stmt, ...]  # the block of the function (or module) the statement is in


def narrowed_flag_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork call statements setting a flag True whose effect upstream's def now gates by a new condition."""
    # the fork's calls first: upstream's files are read only where those calls' defs can live
    calls = {
        p: mine
        for p in sorted(trees.mine)
        if p.endswith(".py") and any("True" in t for t in trees.mine[p].added.values())
        if (mine := list(_true_calls(trees, p)))
    }
    modules = {m for mine in calls.values() for c in mine for m in c.homes}
    flags: dict[str, set[str]] = {}
    for path in (p for p in trees.upstream if p.endswith(".py") and homed(p, modules)) if modules else ():
        diff = trees.upstream.raw(path)
        joined = set(_JOINED.findall(diff)) if "\n+" in diff else set()
        names = joined & set(_BARE.findall(diff)) if joined else set()
        if names:
            flags[path] = names
    found: dict[str, list[Narrowed]] = {}
    for narrowed in _narrowed(trees, flags) if flags else ():
        found.setdefault(narrowed.name, []).append(narrowed)
    return [
        _finding(trees, path, c.call.lineno, hit, pr_pattern)
        for path, found_calls in calls.items()
        if found
        for c in found_calls
        if (hit := reached(trees, c.callee, found)) is not None and _sets_true(c.call, hit)
        if not _guarded(c, hit.condition)
    ]


def _narrowed(trees: ThreeTrees, flags: dict[str, set[str]]) -> Iterator[Narrowed]:
    for both in parsed_texts(trees, sorted(flags)):
        before = dict(method_defs(both.old.body))
        direct: dict[str, Narrowed] = {}
        defs = list(method_defs(both.new.body))
        for qualname, func in defs:
            was = before.get(qualname)
            for param in sorted(flags[both.path] & _params(func)) if was is not None else ():
                condition = _joined_only(func, param) if was is not None and _bare_only(was, param) else None
                if condition is not None:
                    direct[qualname] = Narrowed(qualname, both.path, param, _index(qualname, func, param), condition)
        yield from direct.values()
        yield from _handing_on(both.path, defs, direct)


def _handing_on(path: str, defs: list[tuple[str, _Def]], direct: dict[str, Narrowed]) -> Iterator[Narrowed]:
    """Module functions handing their own parameter of the flag's name to a narrowed module function."""
    for qualname, func in defs:
        if qualname in direct or "." in qualname:
            continue
        for call in (n for n in own_nodes(func.body) if isinstance(n, ast.Call)):
            hit = direct.get(call.func.id) if isinstance(call.func, ast.Name) else None
            handed = [*call.args, *(k.value for k in call.keywords)] if hit is not None else []
            if hit is not None and hit.param in _params(func) and any(_is(a, hit.param) for a in handed):
                yield Narrowed(qualname, path, hit.param, _index(qualname, func, hit.param), hit.condition, hit.name)
                break


def _params(func: _Def) -> set[str]:
    return {a.arg for a in func.args.posonlyargs + func.args.args + func.args.kwonlyargs}


def _index(qualname: str, func: _Def, param: str) -> int:
    positional = [a.arg for a in func.args.posonlyargs + func.args.args]
    return positional.index(param) if "." not in qualname and param in positional else -1


def _tests(func: _Def) -> Iterator[ast.expr]:
    for node in own_nodes(func.body):
        if isinstance(node, (ast.If, ast.IfExp, ast.While)):
            yield node.test


def _is(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _bare_only(func: _Def, param: str) -> bool:
    """The def tests the flag, and each test naming it is the bare name."""
    tests = [t for t in _tests(func) if any(_is(n, param) for n in ast.walk(t))]
    return bool(tests) and all(_is(t, param) for t in tests)


def _joined_only(func: _Def, param: str) -> str | None:
    """The other conjuncts, when each test naming the flag joins it by ``and`` with something else."""
    tests = [t for t in _tests(func) if any(_is(n, param) for n in ast.walk(t))]
    joined = [
        t
        for t in tests
        if isinstance(t, ast.BoolOp) and isinstance(t.op, ast.And) and any(_is(v, param) for v in t.values)
    ]
    if not tests or len(joined) != len(tests):
        return None
    return " and ".join(ast.unparse(v) for v in joined[0].values if not _is(v, param))


def _true_calls(trees: ThreeTrees, path: str) -> Iterator[TrueCall]:
    module, owned = trees.merged_module(path), trees.owned_lines(path)
    if module is None or not owned:
        return
    scope: Scope | None = None
    bodies: list[tuple[_Def | None, list[ast.stmt]]] = [(None, module.body)]
    bodies += [(f, f.body) for f in ast.walk(module) if isinstance(f, _Def)]
    for func, body in bodies:
        for node in own_nodes(body):
            call = node.value if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) else None
            if call is None or call.lineno not in owned or not _passes_true(call):
                continue
            scope = scope_of(module) if scope is None else scope
            callee = resolve(call.func, scope, func)
            if callee is not None and not callee.capped and isinstance(node, ast.Expr):
                yield TrueCall(call, callee, homes(callee, scope), node, tuple(body))


def _guarded(call: TrueCall, condition: str) -> bool:
    """The call statement runs only where upstream's new condition holds (the flag still honoured there): under
    ``if <condition>`` (or an ``and`` holding it), in the ``else`` of ``if <its negation>``, or after ``if <its
    negation>: return``/``raise`` in the same block.  A call's dotted prefix is not compared
    (``utils.disable_inplace()`` is ``disable_inplace()``)."""
    try:
        test = ast.parse(condition, mode="eval").body
    except SyntaxError:
        return False
    holds = {
        _norm(v) for v in (test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) else [test])
    }
    negated = (
        test.operand if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not) else ast.UnaryOp(ast.Not(), test)
    )
    fails = _norm(negated) if len(holds) == 1 else None
    return _held(list(call.body), call.stmt, holds, fails, False)


def _held(body: list[ast.stmt], target: ast.stmt, holds: set[str], fails: str | None, held: bool) -> bool:
    """``target`` is reached in ``body`` only where the condition holds (``held``: the block's own guard)."""
    for stmt in body:
        if stmt is target:
            return held
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        if isinstance(stmt, ast.If):
            test = stmt.test
            conjuncts = test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) else [test]
            if _reaches(stmt.body, target):
                return _held(stmt.body, target, holds, fails, held or holds <= {_norm(c) for c in conjuncts})
            if _reaches(stmt.orelse, target):
                return _held(stmt.orelse, target, holds, fails, held or _norm(test) == fails)
            held = held or (
                _norm(test) == fails and bool(stmt.body) and isinstance(stmt.body[-1], (ast.Return, ast.Raise))
            )
            continue
        for block in _blocks(stmt):
            if _reaches(block, target):
                return _held(block, target, holds, fails, held)
    return False


def _blocks(stmt: ast.stmt) -> list[list[ast.stmt]]:
    blocks = [getattr(stmt, f, None) for f in ("body", "orelse", "finalbody")]
    blocks += [h.body for h in getattr(stmt, "handlers", [])]
    blocks += [c.body for c in getattr(stmt, "cases", [])]
    return [b for b in blocks if isinstance(b, list) and b and isinstance(b[0], ast.stmt)]


def _reaches(body: list[ast.stmt], target: ast.stmt) -> bool:
    return any(n is target for s in body for n in ast.walk(s))


def _norm(node: ast.expr) -> str:
    """The expression's text with each call's dotted prefix dropped."""
    return _PREFIX.sub("", ast.unparse(node))


def _passes_true(call: ast.Call) -> bool:
    return any(_true(a) for a in call.args) or any(_true(k.value) for k in call.keywords)


def _sets_true(call: ast.Call, hit: Narrowed) -> bool:
    """The call passes the literal True for the flag, by keyword or at its position."""
    if any(k.arg == hit.param and _true(k.value) for k in call.keywords):
        return True
    return 0 <= hit.index < len(call.args) and _true(call.args[hit.index])


def _true(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is True


def _finding(trees: ThreeTrees, path: str, line: int, hit: Narrowed, pr_pattern: str) -> Finding:
    where = hit.via or hit.name
    commit = trees.upstream_commit(hit.path, whole_word(where), pr_pattern, most=5)
    via = f" (in {hit.via}, to which it hands {hit.param})" if hit.via else ""
    message = (
        f"fork-owned call of {hit.qualname} sets {hit.param}=True and drops the result, relying on the flag's "
        f"effect; upstream's {hit.qualname} now honours {hit.param} only when `{hit.condition}` holds too{via} "
        f"({hit.path}{commit}): where it does not, the call leaves what the fork reads after unchanged; use the "
        "returned value"
    )
    return Finding(RULE, "merge", Severity.WARNING, path, line, message)
