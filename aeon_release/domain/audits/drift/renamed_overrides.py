"""A method renamed in its class, still called by its old name, which a base's stub now answers.

#35758 made ``NixlConnector`` an HMA connector: its ``request_finished`` (hand the request to the scheduler
half, which decides whether the blocks wait for a transfer) became ``request_finished_all_groups``, the very
same body under the new name.  The base interface still defines ``request_finished`` as a stub (``return
False, None``).  A fork subclass's override ending ``return super().request_finished(request, block_ids)``
merges cleanly and resolves, but the call now runs the base's stub: the blocks are freed at once and no
transfer parameters reach the decode side.  Symbol drift warns when a base's other body answers a removed
method's call (upstream may have made the base's answer the same); the rename in place and the stub make
it certain: the class's own work moved to another name, and what answers does none.

A call in a function that also names the new method -- ``hasattr(x, "new")``, ``getattr(x, "new", None)``,
``super().new(...)`` in a ``try`` -- is the fork choosing between the two names for the releases on either
side of the rename: the old name is the fallback, which runs only where the new one is missing.  That keeps
symbol drift's warning (the fork's choice may still be wrong), never this error.

Pure: the removed def, the class as it was and as upstream has it, and the def that answers now, in; the
new name and what the stub answers, out.  Resolving the call is symbol drift's (``symbols.py``).
"""

from __future__ import annotations

import ast

from aeon_release.domain.audits.drift.emptied import trivial
from aeon_release.domain.audits.drift.signatures import is_docstring

__all__ = ["names_either", "renamed_in_place", "stub_answer"]

_Def = ast.FunctionDef | ast.AsyncFunctionDef


def renamed_in_place(removed: _Def, was: ast.ClassDef, now: ast.ClassDef) -> str | None:
    """The name of the method ``now`` gained (``was`` had none of the name) whose statements are
    ``removed``'s, docstrings aside; None when the removed body did no work (a stub renamed proves nothing)
    or no new method holds its code."""
    if stub_answer(removed) is not None or not _code(removed):
        return None
    had = {st.name for st in was.body if isinstance(st, ast.FunctionDef | ast.AsyncFunctionDef)}
    code = _code(removed)
    return next(
        (
            st.name
            for st in now.body
            if isinstance(st, ast.FunctionDef | ast.AsyncFunctionDef) and st.name not in had and _code(st) == code
        ),
        None,
    )


def stub_answer(node: _Def) -> str | None:
    """What a body that does no work answers: nothing (``pass``, ``...``), a constant, a parameter handed
    back, one ``raise``, or a tuple of constants (``return False, None``); None when it does work."""
    emptied = trivial(node)
    if emptied is not None:
        return emptied.says
    body = [st for st in node.body if not is_docstring(st)]
    if len(body) == 1 and isinstance(body[0], ast.Return) and isinstance(body[0].value, ast.Tuple):
        elts = body[0].value.elts
        if elts and all(isinstance(e, ast.Constant) for e in elts):
            return f"does nothing but return {ast.unparse(body[0].value)}"
    return None


def names_either(call: ast.AST, parents: dict[int, ast.AST], new: str) -> bool:
    """The function ``call`` sits in reads the method's new name: as an attribute (``super().new(...)``,
    ``x.new``) or a string (``hasattr(x, "new")``, ``getattr(x, "new", None)``).  The fork then picks a name
    by what the class has."""
    func = parents.get(id(call))
    while func is not None and not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
        func = parents.get(id(func))
    return func is not None and any(
        (isinstance(n, ast.Attribute) and n.attr == new) or (isinstance(n, ast.Constant) and n.value == new)
        for n in ast.walk(func)
    )


def _code(node: _Def) -> list[str]:
    return [ast.dump(st) for st in node.body if not is_docstring(st)]
