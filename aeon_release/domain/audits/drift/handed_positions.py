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
says "unused" on purpose and stays quiet.  An error only when the new argument carries a value the calling
method applied itself at the merge base and reads less of upstream (#28972's ``bias_`` is
``self.base_layer.bias``, which ``forward`` no longer adds itself): a value new to the method (review118: #25631
threads a new ``mm_options`` parameter of ``get_dummy_processor_inputs`` through to ``get_dummy_mm_data``, None
meaning "the model's defaults") or one it reads as much as before (#37236's ``kernel_block_sizes``) is one an
override may leave to its defaults: a warning (``applied_before``).
"""

from __future__ import annotations

import ast
from collections import Counter

from aeon_release.domain.audits.drift.keyword_calls import Site, hook_sites
from aeon_release.domain.audits.drift.layouts import methods_of
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


def applied_before(old: ast.Module, new: ast.Module, site: Site, known: int) -> bool:
    """Whether an argument the call hands past the ``known`` ones the merge base handed carries a value the calling
    method applied itself at the merge base and applies less of upstream: its expression (or the one a local it names
    was assigned in the method upstream) reads a name or attribute chain the base's method read more often than
    upstream's reads it outside those expressions (#28972: ``bias_ = ... self.base_layer.bias``, which ``forward``
    no longer adds itself).  A value new to the method, or one it reads as much as before (#37236's
    ``kernel_block_sizes``, read for its own use too), is not.  True when either version is not found (as before)."""
    was, now = _method(old, site), _method(new, site)
    if was is None or now is None:
        return True
    assigned = {
        t.id: s.value for s in ast.walk(now) if isinstance(s, ast.Assign) for t in s.targets if isinstance(t, ast.Name)
    }
    handed = [*site.call.args[known:]]
    handed += [assigned[n] for a in site.call.args[known:] for n in _chains(a) if n in assigned]
    extra = Counter(c for h in handed for c in _chains(h))
    before, after = Counter(_chains(was)), Counter(_chains(now))
    return any(before[c] > after[c] - extra[c] for c in extra if c != "self")


def _method(tree: ast.Module, site: Site) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The site's method in ``tree``: a method of a class of the site's (last) class name."""
    owner = (site.owner or "").rsplit(".", 1)[-1]
    for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == owner):
        found = next((m for m in methods_of(cls) if m.name == site.method), None)
        if found is not None:
            return found
    return None


def _chains(node: ast.AST) -> list[str]:
    """The whole names and attribute chains the node reads, once per read (``self.base_layer.bias``, not
    ``self.base_layer``)."""
    inner = {id(n.value) for n in ast.walk(node) if isinstance(n, ast.Attribute)}
    return [
        ast.unparse(n)
        for n in ast.walk(node)
        if isinstance(n, ast.Name | ast.Attribute) and isinstance(n.ctx, ast.Load) and id(n) not in inner
    ]
