"""A predicate upstream widened to a value the fork's own later branch was written for.

#37332 added ``or kv_cache_dtype == "nvfp4"`` to ``is_quantized_kv_cache``.  A fork dispatch that asks
``if is_quantized_kv_cache(kv_cache_dtype): return "fp8_scaled"`` and only then ``if kv_cache_dtype ==
"nvfp4": return "aeon_triton_nvfp4"`` merges cleanly; after the merge "nvfp4" takes the first branch, and
the fork's own kernel is never chosen again.

The fork's side, on its own lines: a test ``P(x)`` followed, in the same ``if``/``elif`` chain (or after
an ``if P(x):`` whose body returns or raises), by a test comparing the same ``x`` with a string
(``x == "v"``, ``x in ("v", ...)``), whose body does not do what ``P(x)``'s body does (the same
statements: the value's way is unchanged) nor hands ``x`` to a function of the fork's file that has its own
branch for the value, where ``P`` may be upstream's (imported from its module or
off it; not the fork's own function or method of the name).  Upstream's side: a ``def P`` in a file whose diff added ``"v"``,
each of whose returns at the merge base and at upstream is a test of its one parameter against strings
(``==``, ``in``, ``startswith``, ``endswith``, joined by ``or``/``and``/``not``): false for "v" at the
base and true now.  Cheap first: the strings the fork compares on its added lines must be on upstream's
added lines of some file; only those files are parsed.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.pyindex import dotted_name, may_come_from, parse_module_info
from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import (
    FUNCTION_DEFS,
    find_defs,
    last_name,
    lazy_pattern,
    parse_python,
    str_value,
    walk_spanning,
)

_COMPARED = lazy_pattern(r"""(?:==|\bin\b)\s*[(\[{]?\s*["']([^"'\s]{1,80})["']""")
_QUOTED = lazy_pattern(r"""["']([^"'\s]{1,80})["']""")


@dataclass(frozen=True)
class Shadowed:
    """The fork's test ``P(x)`` at ``line`` comes before its own branch for ``value`` at ``later``."""

    path: str
    line: int
    later: int
    predicate: str
    subject: str
    value: str
    func: ast.expr  # the called expression: ``P``, ``m.P``, ``self.P``


def widened_test_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork branches for a value that a predicate tested before them accepts now."""
    fork = {
        p: {m.group(1) for line in c.added.values() for m in _COMPARED.finditer(line)}
        for p, c in trees.mine.items()
        if p.endswith(".py")
    }
    values = set().union(*fork.values()) if fork else set()
    if not values:
        return []
    upstream = {
        p: found
        for p, c in trees.upstream.items()
        if p.endswith(".py")
        and (found := {m.group(1) for line in c.added.values() for m in _QUOTED.finditer(line)} & values)
    }
    if not upstream:
        return []
    both = set().union(*upstream.values())
    shadowed = [s for path in sorted(fork) if fork[path] & both for s in _fork_chains(trees, path) if s.value in both]
    wanted = {(s.predicate, s.value) for s in shadowed}
    widened = _widened(trees, upstream, wanted) if wanted else {}
    return [
        _finding(trees, s, widened[(s.predicate, s.value)], pr_pattern)
        for s in shadowed
        if (s.predicate, s.value) in widened and _calls_upstreams(trees, s, widened[(s.predicate, s.value)][0])
    ]


def _calls_upstreams(trees: ThreeTrees, shadowed: Shadowed, path: str) -> bool:
    """The fork's test may call the predicate of upstream's ``path``: not the fork's own function or method
    of the name, nor one imported from another module."""
    text = trees.merged_text(shadowed.path)
    info = parse_module_info(shadowed.path, dotted_name(shadowed.path), text) if text is not None else None
    return info is None or may_come_from(info, shadowed.func, dotted_name(path))


def _fork_chains(trees: ThreeTrees, path: str) -> Iterator[Shadowed]:
    module = trees.merged_module(path)
    owned = trees.owned_lines(path)
    if module is None or not owned:
        return
    for node in walk_spanning(module, owned):
        for body in _bodies(node):
            yield from (s for s in _in_body(path, body, owned) if not _handed_on(module, s))


def _bodies(node: ast.AST) -> Iterator[list[ast.stmt]]:
    for name in ("body", "orelse", "finalbody"):
        body = getattr(node, name, None)
        if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
            yield body


def _in_body(path: str, body: list[ast.stmt], owned: set[int]) -> Iterator[Shadowed]:
    """The ``if P(x):`` statements of ``body`` and the string tests of ``x`` after them: in their own
    ``elif`` chain, or in the statements that follow an ``if`` whose body always leaves."""
    for i, stmt in enumerate(body):
        if not isinstance(stmt, ast.If) or stmt.lineno not in owned:
            continue
        called = _predicate(stmt.test)
        if called is None or not isinstance(stmt.test, ast.Call):
            continue
        later = _chain(stmt.orelse)
        if not stmt.orelse and _leaves(stmt.body):
            later += [b for s in body[i + 1 :] if isinstance(s, ast.If) for b in [s, *_chain(s.orelse)]]
        shown = ast.dump(ast.Module(stmt.body, []))
        for branch in later:
            if ast.dump(ast.Module(branch.body, [])) == shown:
                continue  # the fork's branch does what the predicate's does: the value's way is the same
            for value in _compared(branch.test, called[1]):
                yield Shadowed(path, stmt.lineno, branch.lineno, called[0], called[1], value, stmt.test.func)


def _handed_on(module: ast.Module, shadowed: Shadowed) -> bool:
    """The predicate's branch hands ``x`` to a function of the fork's file that has its own branch for the
    value (``return aeon_quantized_writer(kv_cache_dtype)``, which tests ``== "nvfp4"`` first): the value
    still reaches a branch written for it."""
    tests = [n for n in ast.walk(module) if isinstance(n, ast.If) and n.lineno == shadowed.line]
    for call in (n for test in tests for n in ast.walk(ast.Module(test.body, []))):
        if not isinstance(call, ast.Call):
            continue
        places = [i for i, arg in enumerate(call.args) if ast.unparse(arg) == shadowed.subject]
        for func in find_defs(module, last_name(call.func)) if places else ():
            params = (
                [a.arg for a in (*func.args.posonlyargs, *func.args.args)] if isinstance(func, FUNCTION_DEFS) else []
            )
            named = {params[i] for i in places if i < len(params)}
            branches = [n for n in ast.walk(func) if isinstance(n, ast.If | ast.IfExp)]
            if any(shadowed.value in _compared(b.test, p) for b in branches for p in named):
                return True
    return False


def _predicate(test: ast.expr) -> tuple[str, str] | None:
    """(P, the text of x) of a test ``P(x)`` (``m.P(x)`` too)."""
    if isinstance(test, ast.Call) and len(test.args) == 1 and not test.keywords and last_name(test.func):
        return last_name(test.func), ast.unparse(test.args[0])
    return None


def _chain(orelse: list[ast.stmt]) -> list[ast.If]:
    """The ``elif`` branches of an ``else``."""
    branches = []
    while len(orelse) == 1 and isinstance(orelse[0], ast.If):
        branches.append(orelse[0])
        orelse = orelse[0].orelse
    return branches


def _leaves(body: list[ast.stmt]) -> bool:
    return bool(body) and isinstance(body[-1], ast.Return | ast.Raise | ast.Continue | ast.Break)


def _compared(test: ast.expr, subject: str) -> set[str]:
    """The strings ``test`` compares ``subject`` with (``==``, ``in`` a display), through ``or``/``and``."""
    found: set[str] = set()
    for node in ast.walk(test):
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and ast.unparse(node.left) == subject:
            right = node.comparators[0]
            if isinstance(node.ops[0], ast.Eq):
                found |= {v for v in [str_value(right)] if v is not None}
            elif isinstance(node.ops[0], ast.In) and isinstance(right, ast.Tuple | ast.List | ast.Set):
                found |= {v for e in right.elts if (v := str_value(e)) is not None}
    return found


def _widened(
    trees: ThreeTrees, upstream: dict[str, set[str]], wanted: set[tuple[str, str]]
) -> dict[tuple[str, str], tuple[str, int]]:
    """(P, v) -> (upstream's file, line) of each wanted predicate false for v at the base and true now."""
    names = {p for p, _ in wanted}
    paths = sorted(p for p, found in upstream.items() if found & {v for _, v in wanted})
    found: dict[tuple[str, str], tuple[str, int]] = {}
    for path in paths:
        before, after = (_defs(trees.blobs(rev, [path])[path], path, names) for rev in (trees.base, trees.theirs))
        for name, value in sorted(wanted):
            old, new = before.get(name), after.get(name)
            if old is not None and new is not None and _answer(old, value) is False and _answer(new, value) is True:
                found.setdefault((name, value), (path, new.lineno))
    return found


def _defs(text: str | None, path: str, names: set[str]) -> dict[str, ast.FunctionDef | ast.AsyncFunctionDef]:
    module = parse_python(text, path) if text is not None else None
    if module is None:
        return {}
    defs = [s for s in module.body if isinstance(s, FUNCTION_DEFS) and s.name in names]
    return {d.name: d for d in defs if [e.name for e in defs].count(d.name) == 1}


def _answer(func: ast.FunctionDef | ast.AsyncFunctionDef, value: str) -> bool | None:
    """What ``func(value)`` returns, when every return tests its one parameter against strings; else None."""
    params = [a.arg for a in (*func.args.posonlyargs, *func.args.args)]
    returns = [n for n in ast.walk(func) if isinstance(n, ast.Return)]
    if len(params) != 1 or len(returns) != 1 or returns[0].value is None:
        return None
    return _evaluate(returns[0].value, params[0], value)


def _evaluate(expr: ast.expr, param: str, value: str) -> bool | None:
    if isinstance(expr, ast.BoolOp):
        parts = [_evaluate(v, param, value) for v in expr.values]
        if None in parts:
            return None
        return any(parts) if isinstance(expr.op, ast.Or) else all(parts)
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.Not):
        inner = _evaluate(expr.operand, param, value)
        return None if inner is None else not inner
    if isinstance(expr, ast.Compare) and len(expr.ops) == 1 and _is(expr.left, param):
        right = expr.comparators[0]
        if isinstance(expr.ops[0], ast.Eq | ast.NotEq) and (text := str_value(right)) is not None:
            return (text == value) == isinstance(expr.ops[0], ast.Eq)
        if isinstance(expr.ops[0], ast.In) and isinstance(right, ast.Tuple | ast.List | ast.Set):
            texts = [str_value(e) for e in right.elts]
            return None if None in texts else value in texts
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and _is(expr.func.value, param):
        args = [str_value(a) for a in expr.args]
        if expr.func.attr in ("startswith", "endswith") and len(args) == 1 and args[0] is not None:
            return value.startswith(args[0]) if expr.func.attr == "startswith" else value.endswith(args[0])
    return None


def _is(expr: ast.expr, param: str) -> bool:
    return isinstance(expr, ast.Name) and expr.id == param


def _finding(trees: ThreeTrees, shadowed: Shadowed, where: tuple[str, int], pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(where[0], re.escape(f'"{shadowed.value}"'), pr_pattern)
    message = (
        f"fork-owned line tests {shadowed.predicate}({shadowed.subject}) before its own branch for "
        f'"{shadowed.value}" (line {shadowed.later}), but upstream made {shadowed.predicate} true for '
        f'"{shadowed.value}" ({where[0]}:{where[1]}): that branch is never reached{commit}'
    )
    return Finding(RULE, "merge", Severity.ERROR, shadowed.path, shadowed.line, message)
