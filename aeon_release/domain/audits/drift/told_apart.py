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
    """``node`` runs only where a ``hasattr(x, "name")`` test (or a ``getattr(x, "name", default)`` in one)
    holds or fails, for a ``name`` the file at ``path`` spells at the merge base or at upstream, not both."""
    texts: list[str] = []

    def spelled_once(name: str) -> bool:
        if not texts:  # read only when a use sits under such a test
            texts.extend(trees.blobs(rev, [path])[path] or "" for rev in (trees.base, trees.theirs))
        found = [re.search(rf"\b{re.escape(name)}\b", t) is not None for t in texts]
        return found[0] != found[1]

    def asks(test: ast.expr) -> bool:
        return any(spelled_once(name) for name in _probed(test))

    return runs_tested(node, parents, asks, asks)


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
