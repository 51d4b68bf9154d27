"""Handed keys: a keyword upstream's own call of a method now passes, which the base takes in its
``**kwargs`` and a fork override does not take.

The base's signature is unchanged (``def hook(cls, *args, **kwargs)``), so no signature check sees the
change; only the caller moved.  #31942: ``set_forward_context`` now hands
``current_platform.set_additional_forward_context`` ``dp_metadata=``; ``Platform``'s hook takes
``*args, **kwargs`` and returns ``{}``, a fork platform's override names each keyword it was handed, and
every forward raises TypeError on the fork's platform.

Evidence, all of it needed: the call is upstream's (a served file that existed at the merge base), the key
is on a line upstream added, no call of the method in that file's merge-base version passed it, and the
call without the new keys binds to the override (the override matched that very call before the change).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from aeon_release.domain.audits.drift.signatures import Sig, call_problem


def method_calls(tree: ast.AST, name: str) -> Iterator[ast.Call]:
    """Calls of ``.name(...)`` on a receiver, ``super()`` hand-ons left out (an override's own, not a caller)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == name:
            receiver = node.func.value
            if not (
                isinstance(receiver, ast.Call) and isinstance(receiver.func, ast.Name) and receiver.func.id == "super"
            ):
                yield node


def keywords_passed(tree: ast.AST, name: str) -> set[str]:
    """Every keyword any call of ``.name(...)`` in ``tree`` passes."""
    return {k.arg for call in method_calls(tree, name) for k in call.keywords if k.arg is not None}


def handed(before: ast.AST, after: ast.AST, name: str, added: frozenset[str]) -> list[tuple[ast.Call, list[str]]]:
    """(call, the keys it newly passes) for each call of ``.name(...)`` in ``after`` passing a key no call
    in ``before`` passed, on a line upstream added (``added``: stripped lines)."""
    passed = keywords_passed(before, name)
    found = []
    for call in method_calls(after, name):
        if any(k.arg is None for k in call.keywords) or any(isinstance(a, ast.Starred) for a in call.args):
            continue  # what a spread hands on is not shown here
        new = [k.arg for k in call.keywords if k.arg is not None and k.arg not in passed and _on_added(k, added)]
        if new:
            found.append((call, new))
    return found


def _on_added(keyword: ast.keyword, added: frozenset[str]) -> bool:
    """An added line starts with the keyword (``dp_metadata=dp_metadata,``) or holds it (a one-line call)."""
    spelled = f"{keyword.arg}="
    return any(line.startswith(spelled) or f"({spelled}" in line or f", {spelled}" in line for line in added)


def refused(call: ast.Call, new: list[str], mine: Sig, base: Sig) -> list[str]:
    """The keys of ``new`` the override ``mine`` refuses, where the base takes them in its ``**kwargs``
    (named by neither) and the call without them binds to the override; empty otherwise."""
    named = {*base.positional[base.posonly :], *base.kwonly}
    if mine.varkw or not base.varkw or any(key in named for key in new):
        return []
    kept = ast.Call(call.func, call.args, [k for k in call.keywords if k.arg not in new])
    if call_problem(kept, mine) is not None:
        return []  # the override never matched this call: another method of the name, or a deliberate difference
    taken = {*mine.positional[mine.posonly :], *mine.kwonly}
    return [key for key in new if key not in taken]
