"""A fork's own method that a base hook upstream added now overrides, unfit for upstream's calls of the hook.

#39027 added ``ReasoningParser.adjust_request`` and made the render path call it on every reasoning parser
(``request = reasoning_parser(tokenizer).adjust_request(request=request)``).  A fork parser that already had a
method of that name for its own use now stands in for the hook, and git merges it cleanly: one that takes
another required parameter raises TypeError on every request; one that adjusts the request in place and
returns nothing hands upstream None for the request.  Symbol drift warns that a fork method now overrides a
new base method; these two shapes cannot serve upstream's calls, and are errors.  A fork method that fits the
calls (and returns a value where upstream uses one) stays the warning: it may do what upstream's does.

Pure helpers over the fork's def, the base's new def and upstream's calls of the name; finding the calls (on
lines upstream added, in files naming the base's class, outside tests) is symbol drift's (``symbols.py``).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence

from aeon_release.domain.audits.drift.returns import own_returns
from aeon_release.domain.audits.drift.signatures import call_problem, signature

__all__ = ["unfit", "used_calls"]

_Def = ast.FunctionDef | ast.AsyncFunctionDef


def used_calls(tree: ast.AST, name: str, lines: set[int]) -> Iterator[tuple[ast.Call, bool]]:
    """Each call ``x.name(...)`` starting on one of ``lines`` (not through ``super()``: an override handing
    on), with whether its value is used (assigned or returned)."""
    used = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.Return)) and isinstance(node.value, ast.Call)
    }
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute) or node.func.attr != name:
            continue
        receiver = node.func.value
        if isinstance(receiver, ast.Call) and isinstance(receiver.func, ast.Name) and receiver.func.id == "super":
            continue
        if node.lineno in lines:
            yield node, id(node) in used


def unfit(mine: _Def, base: _Def, calls: Sequence[tuple[ast.Call, bool]]) -> str | None:
    """Why the fork's ``mine`` cannot answer upstream's ``calls`` of the new hook ``base``, or None: a call
    that binds to the hook's signature but not to the fork's, or a call whose value upstream uses where the
    hook returns a value and the fork's method never does."""
    ours, theirs = signature(mine, True), signature(base, True)
    if ours is None or theirs is None:
        return None
    for call, _ in calls:
        problem = call_problem(call, ours)
        if problem is not None and call_problem(call, theirs) is None:
            return f"upstream calls it as {ast.unparse(call)}, which {_against(problem)}: TypeError"
    used = next((call for call, kept in calls if kept), None)
    if used is not None and _returns_value(base) and not _returns_value(mine) and not _raises_last(mine):
        return (
            f"upstream uses what {ast.unparse(used)} returns (its {base.name}() returns a value), and the fork's "
            "method returns nothing: upstream gets None"
        )
    return None


def _against(problem: str) -> str:
    """``call_problem`` speaks of a function that changed; here the fork's method never took the call."""
    return problem.replace("it no longer accepts", "the fork's method does not take").replace(
        "which it now requires", "which the fork's method requires"
    )


def _returns_value(func: _Def) -> bool:
    """``func`` itself returns something other than None somewhere (a generator counts: it returns one)."""
    return any(v is None or not (isinstance(v, ast.Constant) and v.value is None) for v in own_returns(func))


def _raises_last(func: _Def) -> bool:
    """A body ending in ``raise``: the fork's method refuses on purpose, not by returning nothing."""
    return bool(func.body) and isinstance(func.body[-1], ast.Raise)
