"""A base's own call of a hook now passes by keyword what it passed by position (symbol drift).

#34236: ``IOProcessor.post_process_async`` called ``self.post_process(collected_output, request_id, **kwargs)``
and now passes ``request_id=request_id``.  The hook's signature did not change, so no override check fires;
a fork override ``post_process(self, model_output, req_id=None)`` took the value by position before the merge
and raises TypeError (an unexpected keyword) after it.  Only the base's own file is searched: there ``.name(``
is the hook, where another file's ``x.post_process(...)`` may be any class's.  Quiet when the override takes
the keyword (by name or in ``**kwargs``), when the keyword is not one of the base's positional parameters
(an override problem of its own), or when a call in the base's file already passed it by keyword.  The call
must run on the fork's class (``hook_sites``): on ``self`` in a method the class inherits, not one it (or a class
between) overrides, nor another class's; off another receiver it may be any class's, a warning.  A call
counts when its first line or a keyword's line is one upstream added (a keyword renamed inside a multi-line
call: #11200's ``add_input=`` made ``add_inputs=``).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.signatures import Sig


def refused_keyword(mine: Sig, base: Sig, call: ast.Call) -> str | None:
    """The keyword ``call`` passes that the base takes in a positional slot the override fills under another
    name, with no ``**kwargs`` to catch it; None when the override takes every keyword it passes."""
    if mine.varkw:
        return None
    accepts = set(mine.positional[mine.posonly :]) | set(mine.kwonly)
    named = base.positional[base.posonly :]
    for keyword in call.keywords:
        word = keyword.arg
        if word is None or word in accepts or word not in named:
            continue
        if base.positional.index(word) < len(mine.positional) or mine.varargs:
            return word  # the override took it by position: it fitted before the call named it
    return None


def hook_calls(tree: ast.AST, name: str, lines: set[int] | None = None) -> Iterator[ast.Call]:
    """The calls ``x.name(...)`` in ``tree`` (``super().name(...)`` aside), those starting on ``lines`` if given."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _is_hook_call(node, name) and (lines is None or node.lineno in lines):
            yield node


@dataclass(frozen=True)
class Site:
    """Where a hook's call sits: the class and method whose body holds it (None or "" outside one), and
    whether it calls the hook on ``self``/``cls``: the instance the method runs on."""

    call: ast.Call
    owner: str | None
    method: str | None
    on_self: bool


def hook_sites(tree: ast.Module, name: str, lines: set[int]) -> Iterator[Site]:
    """``hook_calls`` on ``lines``, each with the method (directly in a class body; a nested class dotted, a
    class local to a function unnamed) whose body holds it."""
    stack: list[tuple[ast.AST, str | None, str | None]] = [(tree, None, None)]
    while stack:
        node, owner, method = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                qual = (f"{owner}.{child.name}" if owner else child.name) if method is None else None
                stack.append((child, qual, None))
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                # a method names itself; a function in one is still the method's ("": a free function's)
                stack.append((child, owner, child.name if isinstance(node, ast.ClassDef) else method or ""))
            else:
                stack.append((child, owner, method))
        if isinstance(node, ast.Call) and _on_lines(node, lines) and _is_hook_call(node, name):
            receiver = node.func.value if isinstance(node.func, ast.Attribute) else None
            on_self = isinstance(receiver, ast.Name) and receiver.id in ("self", "cls")
            yield Site(node, owner, method, on_self)


def _on_lines(call: ast.Call, lines: set[int]) -> bool:
    """The call starts on one of ``lines``, or one of its keywords does: #11200 renamed ``add_input=True`` to
    ``add_inputs=True`` on the fourth line of ``self.add_expand(...)``, whose first line upstream left alone."""
    return call.lineno in lines or any(getattr(k, "lineno", None) in lines for k in call.keywords)


def passed_by_keyword(tree: ast.AST, name: str, word: str) -> bool:
    """Some call of ``.name(...)`` in ``tree`` passes ``word`` by keyword."""
    return any(k.arg == word for call in hook_calls(tree, name) for k in call.keywords)


def _is_hook_call(node: ast.Call, name: str) -> bool:
    return isinstance(node.func, ast.Attribute) and node.func.attr == name and not _is_super(node.func.value)


def _is_super(node: ast.expr) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "super"
