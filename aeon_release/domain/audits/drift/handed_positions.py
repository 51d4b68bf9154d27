"""Handed positions: a method of upstream's now hands a hook more than its calls of it handed at the merge base,
and the fork's override either refuses the new argument or takes it and never reads it (symbol drift).

#28972: ``RowParallelLinearWithLoRA.forward`` called ``self.apply(input_parallel)`` and added the layer's bias
itself after the all-reduce; it now calls ``self.apply(input_parallel, bias_)`` and adds nothing.  The hook's
signature did not change (``apply(self, x, bias=None)`` all along), so no override check fires.  A fork override
``apply(self, x)`` raises TypeError on every forward (an error); one ``apply(self, x, bias=None)`` that never
reads ``bias`` binds, and the layer's bias is silently gone (an error too: the value the caller stopped applying
itself is now the override's to apply, and the override drops it).

Evidence, all of it needed: the call starts on a line upstream added, in a method the fork's class inherits
(it calls the hook on ``self``: ``runs_on``), and hands more arguments by position than every call of the hook
in that method did at the merge base (one at least, none splatting; a keyword is ``keyword_calls``' and
``handed_keys``'), binding to the base's signature.  Refused: the override takes fewer positional arguments
(and fitted the merge base's calls).  Dropped: the override names the new slot, never reads it (no
``locals()``, no ``*args``/``**kwargs`` hand-on), and does more than raise or pass; a parameter spelt ``_name``
says "unused" on purpose and stays quiet.
"""

from __future__ import annotations

import ast

from aeon_release.domain.audits.drift.keyword_calls import hook_sites
from aeon_release.domain.audits.drift.signatures import Sig, call_problem


def old_calls(tree: ast.Module, name: str, owner: str | None, method: str | None) -> list[ast.Call]:
    """The calls of ``.name(...)`` in the merge base's ``owner.method`` (every line of the module)."""
    lines = set(range(1, _last_line(tree) + 1))
    return [s.call for s in hook_sites(tree, name, lines) if (s.owner, s.method) == (owner, method)]


def _last_line(tree: ast.Module) -> int:
    return max((getattr(n, "end_lineno", 0) or 0 for n in tree.body), default=0)


def _plain(call: ast.Call) -> bool:
    return not any(isinstance(a, ast.Starred) for a in call.args)


def _more_places(call: ast.Call, before: list[ast.Call]) -> bool:
    """The call hands more arguments by position than every call of the method at the merge base (there was
    one, none splatting): a keyword is the keyword checks' (``keyword_calls``, ``handed_keys``)."""
    return bool(before) and all(map(_plain, [call, *before])) and len(call.args) > max(len(c.args) for c in before)


def dropped(
    stmt: ast.FunctionDef | ast.AsyncFunctionDef, mine: Sig, call: ast.Call, before: list[ast.Call]
) -> list[str]:
    """The override's parameters the call now fills by position, none of ``before`` filled, its body never reads."""
    if not _more_places(call, before) or _hands_on(stmt) or _stub(stmt):
        return []
    known = max(len(c.args) for c in before)
    read = {n.id for n in ast.walk(stmt) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    new = mine.positional[known : len(call.args)]
    # a slot the merge base's calls filled by keyword was handed then too: dropping it is no change (readH)
    named = {k.arg for c in before for k in c.keywords}
    return [p for p in new if p not in read and not p.startswith("_") and p not in named]


def refused(mine: Sig, base: Sig, call: ast.Call, before: list[ast.Call]) -> str | None:
    """Why ``call``, handing more by position than the method's calls did at the merge base, binds to the base's
    signature and not to the override's: it takes fewer positional arguments; None otherwise (a call that binds
    to neither is another method of the name, or an override problem of its own)."""
    if not _more_places(call, before) or mine.varargs or len(call.args) <= len(mine.positional):
        return None
    if call_problem(call, base) is not None or any(call_problem(c, mine) is not None for c in before):
        return None
    return f"passes {len(call.args)} positional argument(s), it takes {len(mine.positional)}"


def _hands_on(stmt: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """The body reads ``locals()``/``vars()`` or the function takes ``*args``/``**kwargs``: what it is handed may
    go on without its name being read."""
    if stmt.args.vararg is not None or stmt.args.kwarg is not None:
        return True
    return any(
        isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in ("locals", "vars")
        for n in ast.walk(stmt)
    )


def _stub(stmt: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A body that only raises, passes or holds a docstring or ``...``: no value to drop."""
    body = [s for s in stmt.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    return all(isinstance(s, ast.Raise | ast.Pass) for s in body)
