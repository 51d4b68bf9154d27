"""A fork line that runs only on one side of an upstream change, told apart by a ``hasattr`` test.

A fork carried across releases tests for a member the change added or removed, and keeps the old reading
under the test: ``if hasattr(thread, "add_stored_request"): return thread.stored_requests.get(rid, 0) > 0``
(#52372 removed the method when the ledger's counts became sets of job ids).  After the merge the test
fails and the old reading never runs, so a drift class that finds the old reading there is not sure it
breaks: a warning, not an error.  Symbol drift tells a call's two versions apart the same way
(``_version_tested`` in ``symbols.py``); this is the same reading for the classes that judge a use, not a
call.

Pure: the node, its parents and the owning file's texts at the merge base and at upstream, in; whether a
test it runs under asks for a name one text spells and the other does not, out.
"""

from __future__ import annotations

import ast
import re

from aeon_release.domain.audits.drift.fallbacks import runs_tested
from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.source import str_value

__all__ = ["told_apart"]


def told_apart(trees: ThreeTrees, path: str, node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """``node`` runs only where a ``hasattr(x, "name")`` test (or a ``getattr(x, "name", default)`` in one, or
    a module flag bound to one) holds or fails, for a ``name`` the file at ``path`` spells at the merge base or
    at upstream, not both."""
    texts: list[str] = []

    def spelled_once(name: str) -> bool:
        if not texts:  # read only when a use sits under such a test
            texts.extend(trees.blobs(rev, [path])[path] or "" for rev in (trees.base, trees.theirs))
        found = [re.search(rf"\b{re.escape(name)}\b", t) is not None for t in texts]
        return found[0] != found[1]

    flags = _module_flags(node, parents)

    def asks(test: ast.expr) -> bool:
        probed = _probed(test) + [n for t in ast.walk(test) if isinstance(t, ast.Name) for n in flags.get(t.id, [])]
        return any(spelled_once(name) for name in probed)

    return runs_tested(node, parents, asks, asks)


def _module_flags(node: ast.AST, parents: dict[int, ast.AST]) -> dict[str, list[str]]:
    """The module's names bound once at its top to a test of members (``_COUNTED = hasattr(Thread, "add")``)
    -> the members asked: a flag a fork reads in place of the test."""
    module = node
    while parents.get(id(module)) is not None:
        module = parents[id(module)]
    if not isinstance(module, ast.Module):
        return {}
    flags: dict[str, list[str]] = {}
    for stmt in module.body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            asked = _probed(stmt.value)
            if asked:
                flags[stmt.targets[0].id] = asked
    return flags


def _probed(test: ast.expr) -> list[str]:
    """The member names ``test`` asks for: ``hasattr(x, "name")``, ``getattr(x, "name", default)``."""
    return [
        name
        for n in ast.walk(test)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Name)
        and ((n.func.id == "hasattr" and len(n.args) == 2) or (n.func.id == "getattr" and len(n.args) == 3))
        and (name := str_value(n.args[1]))
    ]
