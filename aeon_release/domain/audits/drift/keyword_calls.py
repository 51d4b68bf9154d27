"""A base's own call of a hook now passes by keyword what it passed by position (symbol drift).

#34236: ``IOProcessor.post_process_async`` called ``self.post_process(collected_output, request_id, **kwargs)``
and now passes ``request_id=request_id``.  The hook's signature did not change, so no override check fires;
a fork override ``post_process(self, model_output, req_id=None)`` took the value by position before the merge
and raises TypeError (an unexpected keyword) after it.  Only the base's own file is searched: there ``.name(``
is the hook, where another file's ``x.post_process(...)`` may be any class's.  Quiet when the override takes
the keyword (by name or in ``**kwargs``), when the keyword is not one of the base's positional parameters
(an override problem of its own), or when a call in the base's file already passed it by keyword.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

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
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute) or node.func.attr != name:
            continue
        if _is_super(node.func.value) or (lines is not None and node.lineno not in lines):
            continue
        yield node


def passed_by_keyword(tree: ast.AST, name: str, word: str) -> bool:
    """Some call of ``.name(...)`` in ``tree`` passes ``word`` by keyword."""
    return any(k.arg == word for call in hook_calls(tree, name) for k in call.keywords)


def _is_super(node: ast.expr) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "super"
