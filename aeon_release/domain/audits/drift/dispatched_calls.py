"""A call of what a dispatcher returns, where upstream changed the signature of every function it returns.

#20255 made ``layers.utils.dispatch_unquantized_gemm()`` return ``rocm_unquantized_gemm``,
``cpu_unquantized_gemm`` or ``default_unquantized_gemm``, each now ``(layer, x, weight, bias=None)``, where
it returned ``rocm_unquantized_gemm(x, weight, bias=None)`` or ``torch.nn.functional.linear``.  A fork's
``dispatch_unquantized_gemm()(x, layer.weight, bias)`` merges cleanly and still binds -- ``x`` fills
``layer``, the weight fills ``x`` -- and fails deep in the GEMM.  Symbol drift compares a call with the
def it names; here the call names no def, only the dispatcher that hands one back.

Upstream's side: a module-level function of a Python file upstream changed, every ``return`` of whose own
body (at upstream) is the bare name of a module-level function of the file, all of one signature; at the
base, those of its returns that name the file's functions (another package's, ``torch.nn.functional.linear``,
unread) agree on another.  The fork's side, on lines it wrote: a call of the dispatcher's result --
``dispatcher(...)(args)``, or a local the enclosing function binds once to ``dispatcher(...)`` and calls --
with the dispatcher resolved to upstream's module, that bound to the old signature and now does not, or binds
with a positional argument landing on another parameter (symbol drift's test of a def's call): an error.
Where the call fits both -- as many positional arguments as the new signature requires, the last filling an
optional parameter of the old one (``f(module, x, module.weight)`` against ``(layer, x, weight, bias=None)``
and ``(x, weight, bias=None)``) -- the spelling decides: an argument spelt like its old parameter, an error;
one spelt like its new parameter, quiet (written for upstream's side); neither, a warning.  Quiet too: a
call in a ``try`` catching TypeError (or Exception), or under a test of what the callee takes or has
(``inspect.signature(gemm)``, ``hasattr(gemm, ...)``), either branch: the fork handles both shapes.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.dropped_caches import named_origin
from aeon_release.domain.audits.drift.fallbacks import caught_around, handler_catches, probed_either_way
from aeon_release.domain.audits.drift.module_tables import _bound_names
from aeon_release.domain.audits.drift.own_fields import enclosing
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.retyped import names_bound_once
from aeon_release.domain.audits.drift.sides import ThreeTrees, fork_added, parsed_texts
from aeon_release.domain.audits.drift.signatures import Sig, call_problem, signature
from aeon_release.domain.audits.drift.symbols import _rebound, _slot, _spelled_as
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parent_map, walk_spanning

# a name called on a fork line: ``dispatch_unquantized_gemm(``
_CALLED = lazy_pattern(r"\b([A-Za-z_]\w*)\(")
_Def = ast.FunctionDef | ast.AsyncFunctionDef
# a diff's removed or added def line: a returned function's signature changed there
_DEF_CHANGED = lazy_pattern(r"\n[-+][ \t]*(?:async[ \t]+)?def[ \t]")
# a ``try`` that survives the call's failure to bind
_CAUGHT = frozenset({"TypeError", "Exception", "BaseException"})


@dataclass(frozen=True)
class Dispatcher:
    """``module.name`` returns functions of signature ``new`` now, ``old`` before (``returned`` named)."""

    module: str  # dotted
    path: str
    name: str
    old: Sig
    new: Sig
    returned: tuple[str, ...]


def dispatched_call_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork lines calling what a dispatcher returns, with arguments its new functions take otherwise."""
    called = {n for line in fork_added(trees) for n in _CALLED.findall(line)}
    found = _dispatchers(trees, called) if called else []
    if not found:
        return []
    named = re.compile(r"\b(?:" + "|".join(sorted(re.escape(d.name) for d in found)) + r")\(")
    return [
        _finding(trees, path, line, problem, hit, severity, pr_pattern)
        for path, module, owned in fork_modules(trees, named.search)
        for line, problem, hit, severity in _calls(path, module, owned, found)
    ]


def _dispatchers(trees: ThreeTrees, called: set[str]) -> list[Dispatcher]:
    """The dispatchers among ``called``: only upstream's files whose diff changed a def line and that define
    one of the names are parsed."""
    changed = [p for p in trees.upstream if p.endswith(".py") and _DEF_CHANGED.search(trees.upstream.raw(p))]
    paths = sorted(trees.upstream_files_with(tuple(sorted(f"def {n}(" for n in called)), changed))
    found: list[Dispatcher] = []
    for both in parsed_texts(trees, paths):
        old, new = _functions(both.old), _functions(both.new)
        for name in sorted(called & old.keys() & new.keys()):
            sigs = _returned(new[name], new), _returned(old[name], old)
            if sigs[0] is not None and sigs[1] is not None and sigs[0][0] != sigs[1][0]:
                module = dotted_name(both.path, roots=("",))
                found.append(Dispatcher(module, both.path, name, sigs[1][0], sigs[0][0], sigs[0][1]))
    return found


def _functions(module: ast.Module) -> dict[str, _Def]:
    return {s.name: s for s in module.body if isinstance(s, _Def)}


def _returned(func: _Def, defs: dict[str, _Def]) -> tuple[Sig, tuple[str, ...]] | None:
    """The one signature of the module's functions ``func`` returns by name (another's returns, unknown, are
    left out; at least one must be the module's), and their names; None for none, or for two signatures."""
    values = [n.value for n in _own_returns(func)]
    if not values or any(v is None for v in values):
        return None
    named = [v.id for v in values if isinstance(v, ast.Name) and v.id in defs]
    if not named or any(isinstance(v, ast.Name) and v.id not in defs for v in values):
        return None
    sigs = {s for n in named if (s := signature(defs[n], bound=False)) is not None}
    return (sigs.pop(), tuple(dict.fromkeys(named))) if len(sigs) == 1 else None


def _own_returns(func: _Def) -> Iterator[ast.Return]:
    todo: list[ast.AST] = list(func.body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Return):
            yield node
        elif not isinstance(node, _Def | ast.ClassDef | ast.Lambda):
            todo.extend(ast.iter_child_nodes(node))


def _calls(
    path: str, module: ast.Module, owned: set[int], found: list[Dispatcher]
) -> Iterator[tuple[int, str, Dispatcher, Severity]]:
    imports, here = file_imports(module, path), dotted_name(path, roots=("",))
    nested, top = _bound_names(module)
    parents = parent_map(module)
    for node in walk_spanning(module, owned):
        if not (isinstance(node, ast.Call) and node.lineno in owned):
            continue
        made = _made_by(node.func, node, parents)
        origin = named_origin(made.func, imports, here, nested | top) if made is not None else None
        hit = next((d for d in found if (d.module, d.name) == origin), None)
        problem = _problem(node, hit) if hit is not None else None
        if hit is None or problem is None or _handled(node, parents):
            continue
        severity = _fits_both(node, hit)
        if severity is not None:
            yield node.lineno, problem, hit, severity


def _handled(call: ast.Call, parents: dict[int, ast.AST]) -> bool:
    """The fork handles both signatures: a ``try`` catching TypeError (the call in its body, or in the handler
    of one whose body calls the same function), or a test of what the callee takes."""
    callee = ast.unparse(call.func)
    return (
        caught_around(call, _CAUGHT, parents)
        or _falls_back(call, callee, parents)
        or probed_either_way(call, callee, parents)
    )


def _falls_back(call: ast.Call, callee: str, parents: dict[int, ast.AST]) -> bool:
    """``try: f(layer, x, w)`` / ``except TypeError: f(x, w)``: the handler runs where the other shape failed."""
    child: ast.AST = call
    up = parents.get(id(call))
    while up is not None and not isinstance(up, _Def | ast.Lambda):
        if isinstance(up, ast.Try) and any(h is child and handler_catches(h.type, _CAUGHT) for h in up.handlers):
            tried = (n for s in up.body for n in ast.walk(s) if isinstance(n, ast.Call))
            if any(ast.unparse(n.func) == callee for n in tried):
                return True
        child, up = up, parents.get(id(up))
    return False


def _fits_both(call: ast.Call, hit: Dispatcher) -> Severity | None:
    """The severity of a call that still binds: an error, unless it has as many positional arguments as the new
    signature requires and reaches an optional parameter of the old one -- a call written for either side.
    Then the spelling tells: like the old parameters, an error; like the new ones, none; else a warning."""
    count = len(call.args)
    required = sum(1 for p in hit.new.positional if hit.new.required(p))
    reaches = count > len(hit.old.positional) - hit.old.defaults
    if call.keywords or count != required or not reaches or call_problem(call, hit.new) is not None:
        return Severity.ERROR
    old = sum(1 for i, a in enumerate(call.args) if (s := _slot(hit.old, i)) and _spelled_as(a, s))
    new = sum(1 for i, a in enumerate(call.args) if (s := _slot(hit.new, i)) and _spelled_as(a, s))
    return Severity.ERROR if old > new else None if new else Severity.WARNING


def _made_by(func: ast.expr, node: ast.AST, parents: dict[int, ast.AST]) -> ast.Call | None:
    """The dispatcher's call whose result ``func`` is: itself, or the value of a local bound once."""
    if isinstance(func, ast.Call):
        return func
    scope = enclosing(node, parents)
    if isinstance(func, ast.Name) and isinstance(scope, _Def):
        held = names_bound_once(scope).get(func.id)
        return held if isinstance(held, ast.Call) else None
    return None


def _problem(call: ast.Call, hit: Dispatcher) -> str | None:
    if call_problem(call, hit.old) is not None:
        return None  # it did not bind before either: not upstream's change
    return call_problem(call, hit.new) or _rebound(call, hit.old, hit.new)


def _finding(
    trees: ThreeTrees, path: str, line: int, problem: str, hit: Dispatcher, severity: Severity, pr_pattern: str
) -> Finding:
    first = hit.returned[0]
    commit = trees.upstream_commit(hit.path, rf"def {re.escape(first)}\(", pr_pattern)
    shown = ", ".join(hit.returned)
    message = (
        f"fork-owned line calls what {hit.module}.{hit.name}() returns, which is now {shown}{hit.new.show()} "
        f"(was {hit.old.show()}; {hit.path}{commit}): the call {problem}; pass what the new signature takes"
    )
    return Finding(RULE, "merge", severity, path, line, message)
