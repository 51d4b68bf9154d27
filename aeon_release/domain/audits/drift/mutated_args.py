"""Mutated arguments: a function upstream now updates a parameter in place, handed a value the fork reads after.

#15427 (25f560a62c) made ``compute_probs`` divide the target logits by the temperature in place
(``logits.div_(temperature)``, to save a tensor) where it divided them into a new one; #15478 (35fad35a48) sent
``apply_top_k_top_p``'s top-k-only case to a new ``apply_top_k_only`` that masks the caller's logits in place
(``logits.masked_fill_``).  A fork line ``probs = compute_probs(target_logits, cu, md)`` followed by
``target_logits.log_softmax(dim=-1)`` (the raw logprobs the fork logs) merges cleanly and now reads logits
divided by the temperature, or masked to ``-inf``: a wrong number, no error.  So does a fork that calls a
method whose body hands the parameter on to such a function (``TopKTopPSampler.forward_native`` ->
``apply_top_k_top_p``, ``RejectionSampler.forward`` -> ``compute_probs``), through ``super()``.

Upstream's side: a function or method of a changed file that, at upstream and not at the base, updates a
parameter in place before any rebinding of it: an in-place method call on it (``p.div_(...)``,
``p.masked_fill_(...)``: torch's spelling, a public method whose name ends in ``_``), or a hand-on of it to a
function or method of the same module that does (read to a fixed point, so one module's chain of helpers
counts).  A store into it (``p[key] = v``) is not read: a function filling the caller's dict or list is mostly
asked to (an out parameter), and the fork reading it after is the point.

The fork's side, on a line it owns: a call of that function (a name imported from its module, an attribute of
the module's alias, ``super().method(...)`` in a class deriving the upstream class) that hands a plain name at
the parameter's slot (by position or keyword) and does not rebind the name to the result, followed in the same
function by a read of the name before any rebinding.  An error: the value read is the updated one.  Quiet: a
copy handed (``x.clone()``), the name rebound by the call (``x = f(x)``), a read after a rebinding, a read of
what an in-place update keeps (``x.shape``, ``x.dtype``, ``x.device``, ``len(x)``), a function that updated the
parameter at the base already (in place or by a store: #19041 moved ``apply_logits_bias`` from
``logits[i, t] += bias`` to ``index_put_``), a fork function of the same name.  Since revDW (review115's twins)
also a read in the other branch of an ``if`` from the call or past a ``return`` after it, and a call handing a
literal that fails a None test the update runs under (``apply_top_k_top_p(logits, None, p)``; a hand-on's
callee's tests read through the arguments it is handed).

Cheap first: only upstream files whose added lines call an in-place method, nothing parsed unless a line the fork
added holds the name of a def both versions of one of them keep (perf39: every finding's fork file has an added line
holding a found function's name, and each is a function or method both versions define), and only fork files
naming one of the functions found.
"""

from __future__ import annotations

import ast
import itertools
from collections.abc import Iterator
from dataclasses import dataclass, replace

from aeon_release.domain.audits.drift.literals import _default_of
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules, own_nodes
from aeon_release.domain.audits.drift.sides import ThreeTrees, added_names_a_def, parsed_versions
from aeon_release.domain.audits.drift.signatures import is_static
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import child_blocks, lazy_pattern, parent_map

_MOST_FILES = 32
# an in-place method call (``.div_(``, ``.masked_fill_(``) on an added line
_IN_PLACE_LINE = lazy_pattern(r"\.[a-z]\w*[a-z0-9]_\(")
# what an in-place update of a tensor or list leaves as it was: reading it is no read of the values
_KEPT = frozenset({"shape", "dtype", "device", "ndim", "is_cuda", "layout", "size", "dim", "numel", "stride"})
_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)
_EXITS = (ast.Return, ast.Raise)
_Def = ast.FunctionDef | ast.AsyncFunctionDef


@dataclass(frozen=True)
class Mutating:
    """``qualname`` (``f`` or ``Cls.m``) of ``module`` (file ``path``) now updates parameter ``param`` (the
    ``index``-th a caller fills by position) in place, by ``how``."""

    path: str
    module: str
    qualname: str
    param: str
    index: int
    how: str
    when: tuple[tuple[str, int, bool], ...] = ()  # (parameter, its position, must be None) the update needs


@dataclass(frozen=True)
class _Update:
    """How a function updates a parameter in place, and the None tests of its other parameters the update runs
    under (``if p is None:`` ... ``if k is None: return``: #15478's top-k-only path)."""

    how: str
    when: tuple[tuple[str, bool], ...] = ()


@dataclass(frozen=True)
class _Fn:
    qualname: str
    node: _Def
    params: tuple[str, ...]  # those a caller fills by position (self/cls dropped)
    cls: str


def mutated_arg_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork calls handing a name to a parameter upstream now updates in place, the name read after."""
    paths = [p for p in sorted(trees.upstream) if p.endswith(".py") and _candidate(trees, p)][:_MOST_FILES]
    if not paths or not added_names_a_def(trees, paths, lambda name: name):
        return []
    found = [m for path, old, new in parsed_versions(trees, paths) for m in newly_mutating(path, old, new)]
    if not found:
        return []
    names = {m.qualname.rsplit(".", 1)[-1] for m in found}
    return [
        _finding(trees, path, line, item, name, read, pr_pattern)
        for path, module, owned in fork_modules(trees, lambda text: any(n in text for n in names))
        for item, line, name, read in fork_mutated_reads(path, module, found)
        if line in owned
    ]


def _candidate(trees: ThreeTrees, path: str) -> bool:
    return any(_IN_PLACE_LINE.search(line) for line in trees.upstream[path].added.values())


def newly_mutating(path: str, old: ast.Module, new: ast.Module) -> Iterator[Mutating]:
    """The (function, parameter) pairs ``new`` updates in place and ``old`` did not (both define them)."""
    before, after = mutations(old, stores=True), mutations(new)
    fns = {f.qualname: f for f in _functions(new)}
    for qualname, params in sorted(after.items()):
        for param, update in sorted(params.items()):
            if qualname in before or _defined(old, qualname):
                if param not in before.get(qualname, {}) and param in fns[qualname].params:
                    at = fns[qualname].params
                    when = tuple((p, at.index(p), none) for p, none in update.when if p in at)
                    module = dotted_name(path, roots=("",))
                    yield Mutating(path, module, qualname, param, at.index(param), update.how, when)


def _defined(module: ast.Module, qualname: str) -> bool:
    return any(f.qualname == qualname for f in _functions(module))


def mutations(module: ast.Module, stores: bool = False) -> dict[str, dict[str, _Update]]:
    """qualname -> {parameter: how} for each function of ``module`` updating a parameter in place, directly or
    through the module's own functions (a fixed point).  With ``stores``, a store into a parameter counts too
    (read at the base: a function that filled ``logits[i, t] += bias`` updated its caller's logits already)."""
    fns = _functions(module)
    params = {f.qualname: f.params for f in fns}
    found: dict[str, dict[str, _Update]] = {f.qualname: _kept(_direct(f, stores)) for f in fns}
    changed = True
    while changed:
        changed = False
        for fn in fns:
            for param, update in _handed_on(fn, found, params):
                merged = _merged(found[fn.qualname].get(param), update)
                if merged is not None:
                    found[fn.qualname][param] = merged
                    changed = True
    return {q: p for q, p in found.items() if p}


def _kept(updates: Iterator[tuple[str, _Update]]) -> dict[str, _Update]:
    """One update per parameter (``_merged``)."""
    found: dict[str, _Update] = {}
    for param, update in updates:
        merged = _merged(found.get(param), update)
        if merged is not None:
            found[param] = merged
    return found


def _merged(held: _Update | None, update: _Update) -> _Update | None:
    """What a parameter's update becomes with another path to it (None: as held): an ungated path makes it
    ungated, and so do two paths gated apart (a call failing one gate may pass the other's)."""
    if held is None:
        return update
    return replace(held, when=()) if held.when and held.when != update.when else None


def _functions(module: ast.Module) -> list[_Fn]:
    """The module's functions and its classes' methods, with the parameters a caller fills by position."""
    found = [_fn(node, "") for node in module.body if isinstance(node, _FUNCS)]
    for cls in (n for n in module.body if isinstance(n, ast.ClassDef)):
        found += [_fn(node, cls.name) for node in cls.body if isinstance(node, _FUNCS)]
    return found


def _fn(node: _Def, cls: str) -> _Fn:
    params = [a.arg for a in [*node.args.posonlyargs, *node.args.args]]
    if cls and not is_static(node):
        params = params[1:]
    return _Fn(f"{cls}.{node.name}" if cls else node.name, node, tuple(params), cls)


def _direct(fn: _Fn, stores: bool = False) -> Iterator[tuple[str, _Update]]:
    """The parameters ``fn``'s own statements update in place before rebinding them."""
    parents: dict[int, ast.AST] | None = None
    for node in own_nodes(fn.node.body):
        target = _updated(node, stores)
        if target is not None and target.id in fn.params and not _rebound_before(fn.node, target.id, target.lineno):
            parents = parent_map(fn.node) if parents is None else parents
            if not _switched_off(node, fn.node, parents):
                yield target.id, _Update(ast.unparse(node).split("\n")[0][:80], _none_gates(node, fn, parents))


def _switched_off(node: ast.AST, func: _Def, parents: dict[int, ast.AST]) -> bool:
    """The update runs only in the body of ``if flag:`` (or ``if flag and ...:``), ``flag`` a parameter defaulting to
    False or None: a caller leaving it out is not updated (readH: ``def f(x, t, inplace=False): if inplace:
    x.div_(t)``, the fork's ``f(x, t)`` reading ``x`` after was a false error)."""
    child, up = node, parents.get(id(node))
    while up is not None and up is not func:
        if isinstance(up, ast.If) and any(s is child for s in up.body) and _flag_off(up.test, func):
            return True
        child, up = up, parents.get(id(up))
    return False


def _flag_off(test: ast.expr, func: _Def) -> bool:
    """``flag`` or ``flag and ...``, ``flag`` a parameter of ``func`` defaulting to False or None."""
    names = test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) else [test]
    for name in names:
        default = _default_of(func.args, name.id) if isinstance(name, ast.Name) else None
        if isinstance(default, ast.Constant) and (default.value is None or default.value is False):
            return True
    return False


def _updated(node: ast.AST, stores: bool = False) -> ast.Name | None:
    """The name an in-place method call (``x.div_(...)``) updates, or with ``stores`` a store into (``x[i] =``)."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and _in_place(node.func.attr):
        return node.func.value if isinstance(node.func.value, ast.Name) else None
    if stores and isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store):
        return node.value if isinstance(node.value, ast.Name) else None
    return None


def _none_gates(node: ast.AST, fn: _Fn, parents: dict[int, ast.AST]) -> tuple[tuple[str, bool], ...]:
    """The None tests of ``fn``'s parameters ``node`` runs under: an ``if q is None:`` around it (q must be
    None; its ``else``: must not), an earlier ``if q is None: return ...`` in a block around it (must not)."""
    gates: list[tuple[str, bool]] = []
    child, up = node, parents.get(id(node))
    while up is not None and up is not fn.node:
        if isinstance(up, ast.If) and child is not up.test:
            gate = _none_test(up.test, fn)
            if gate is not None:
                gates.append((gate[0], gate[1] == any(s is child for s in up.body)))
        if isinstance(child, ast.stmt):
            gates += _exited_before(child, up, fn)
        child, up = up, parents.get(id(up))
    if isinstance(child, ast.stmt):
        gates += _exited_before(child, fn.node, fn)
    return tuple(gates)


def _exited_before(stmt: ast.stmt, holder: ast.AST, fn: _Fn) -> Iterator[tuple[str, bool]]:
    """``if q is None: return`` ahead of ``stmt`` in its block: past it, q is not None."""
    block = (
        next((b for b in child_blocks(holder) if any(s is stmt for s in b)), []) if isinstance(holder, ast.stmt) else []
    )
    for earlier in block[: next((i for i, s in enumerate(block) if s is stmt), 0)]:
        if isinstance(earlier, ast.If) and not earlier.orelse and isinstance(earlier.body[-1], _EXITS):
            gate = _none_test(earlier.test, fn)
            if gate is not None:
                yield gate[0], not gate[1]


def _none_test(test: ast.expr, fn: _Fn) -> tuple[str, bool] | None:
    """(parameter, True) for ``q is None``, (parameter, False) for ``q is not None``, of one of ``fn``'s."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.left, ast.Name)):
        return None
    side, op = test.comparators[0], test.ops[0]
    if test.left.id not in fn.params or not (isinstance(side, ast.Constant) and side.value is None):
        return None
    return (test.left.id, isinstance(op, ast.Is)) if isinstance(op, ast.Is | ast.IsNot) else None


# in-place methods that change no value a reader sees: a module frozen or a tensor's gradient flag, a tensor put
# in shared memory (``load_weights(model)`` newly freezing ``model`` leaves its outputs as they were)
_NOT_VALUES = frozenset({"requires_grad_", "share_memory_", "retain_grad_", "train_", "eval_"})


def _in_place(attr: str) -> bool:
    """torch's spelling of an in-place method: public, ending in one ``_`` (``div_``, not ``__len__``), that
    changes the values (not ``requires_grad_``)."""
    return attr.endswith("_") and not attr.startswith("_") and not attr.endswith("__") and attr not in _NOT_VALUES


def _handed_on(
    fn: _Fn, found: dict[str, dict[str, _Update]], params: dict[str, tuple[str, ...]]
) -> Iterator[tuple[str, _Update]]:
    """The parameters ``fn`` hands, before rebinding them, to a slot a function of the module updates, gated by
    the None tests around the hand-on and the callee's own, read through the hand-on's arguments."""
    parents = parent_map(fn.node)
    for call in (n for n in own_nodes(fn.node.body) if isinstance(n, ast.Call)):
        callee = _local_callee(call, fn)
        updated = found.get(callee, {})
        if not updated:
            continue
        slots = _slots(call, params.get(callee, ()))
        for param, arg in slots.items():
            if param in updated and isinstance(arg, ast.Name) and arg.id in fn.params:
                through = _gates_through(updated[param].when, slots, fn, call)
                if through is not None and not _rebound_before(fn.node, arg.id, call.lineno):
                    how = f"{callee}({arg.id}, ...), which {updated[param].how}"
                    yield arg.id, _Update(how, _none_gates(call, fn, parents) + through)


def _gates_through(
    when: tuple[tuple[str, bool], ...], slots: dict[str, ast.expr], fn: _Fn, call: ast.Call
) -> tuple[tuple[str, bool], ...] | None:
    """A callee's None tests in ``fn``'s terms: a parameter of ``fn`` handed at the tested slot takes the test
    (revDW: ``TopKTopPSampler.forward_native(logits, g, k, p)`` hands ``k`` and ``p`` to #15478's gated
    ``apply_top_k_top_p``); a literal decides it (None when the hand-on never updates); anything else is
    unknown and dropped (the update may run)."""
    mapped: list[tuple[str, bool]] = []
    for param, none in when:
        arg = slots.get(param)
        if isinstance(arg, ast.Constant) and (arg.value is None) != none:
            return None
        if isinstance(arg, ast.Name) and arg.id in fn.params and not _rebound_before(fn.node, arg.id, call.lineno):
            mapped.append((arg.id, none))
    return tuple(mapped)


def _local_callee(call: ast.Call, fn: _Fn) -> str:
    """The module's own function a call names: ``g(...)``, or ``self.g(...)``/``cls.g(...)`` of ``fn``'s class."""
    if isinstance(call.func, ast.Name):
        return call.func.id
    func = call.func
    if fn.cls and isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        if func.value.id in {"self", "cls", fn.cls}:
            return f"{fn.cls}.{func.attr}"
    return ""


def _slots(call: ast.Call, params: tuple[str, ...]) -> dict[str, ast.expr]:
    """parameter -> the argument a call fills it with (by position or keyword); none past a ``*args``."""
    found: dict[str, ast.expr] = {}
    for i, arg in enumerate(call.args):
        if isinstance(arg, ast.Starred):
            break
        if i < len(params):
            found[params[i]] = arg
    found |= {k.arg: k.value for k in call.keywords if k.arg is not None}
    return found


def _rebound_before(func: _Def, name: str, line: int) -> bool:
    """``name`` is bound again in ``func`` on a line before ``line`` (a local copy, no longer the caller's)."""
    return any(n.lineno < line for n in _bindings(func, name))


def _bindings(func: _Def, name: str) -> Iterator[ast.Name]:
    for node in own_nodes(func.body):
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store):
            yield node


def fork_mutated_reads(
    path: str, module: ast.Module, found: list[Mutating]
) -> Iterator[tuple[Mutating, int, str, int]]:
    """(what, the call's line, the name handed, the line reading it after) for each fork call of ``found``."""
    imports = file_imports(module, path)
    by_origin = {(m.module, m.qualname): m for m in found}
    for cls, func in _fork_functions(module):
        bases = _bases(cls, imports) if cls is not None else []
        for call in (n for n in own_nodes(func.body) if isinstance(n, ast.Call)):
            for item in _called(call, imports, bases, by_origin):
                hit = None if _gated_off(call, item) else _read_after(func, call, item)
                if hit is not None:
                    yield item, call.lineno, hit[0], hit[1]


def _fork_functions(module: ast.Module) -> Iterator[tuple[ast.ClassDef | None, _Def]]:
    for node in ast.walk(module):
        if isinstance(node, ast.ClassDef):
            yield from ((node, f) for f in node.body if isinstance(f, _FUNCS))
        elif isinstance(node, _FUNCS) and not _is_method(module, node):
            yield None, node


def _is_method(module: ast.Module, func: _Def) -> bool:
    return any(isinstance(c, ast.ClassDef) and func in c.body for c in ast.walk(module))


def _bases(cls: ast.ClassDef, imports: dict[str, tuple[str, str]]) -> list[tuple[str, str]]:
    return [o for o in (imported_origin(b, imports) or _name_origin(b, imports) for b in cls.bases) if o]


def _name_origin(expr: ast.expr, imports: dict[str, tuple[str, str]]) -> tuple[str, str] | None:
    return imports.get(expr.id) if isinstance(expr, ast.Name) else None


def _called(
    call: ast.Call,
    imports: dict[str, tuple[str, str]],
    bases: list[tuple[str, str]],
    by_origin: dict[tuple[str, str], Mutating],
) -> Iterator[Mutating]:
    """What ``call`` calls among ``by_origin``: an imported function, one off a module alias, ``super().m``."""
    func = call.func
    if _is_super(func) and isinstance(func, ast.Attribute):
        yield from (by_origin[k] for b in bases if (k := (b[0], f"{b[1]}.{func.attr}")) in by_origin)
        return
    origin = imported_origin(func, imports) or _name_origin(func, imports)
    if origin is not None and origin in by_origin:
        yield by_origin[origin]


def _is_super(func: ast.expr) -> bool:
    value = func.value if isinstance(func, ast.Attribute) else None
    return isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "super"


def _gated_off(call: ast.Call, item: Mutating) -> bool:
    """The call hands a literal that fails a None test the update needs: ``apply_top_k_top_p(logits, None, p)``
    (revDW: #15478 masks in place only past ``if k is None: return logits``; with ``k=None`` the top-p path
    sorts into a new tensor)."""
    for param, index, none in item.when:
        arg = _slot_arg(call, replace(item, param=param, index=index))
        if isinstance(arg, ast.Constant) and (arg.value is None) != none:
            return True
    return False


def _read_after(func: _Def, call: ast.Call, item: Mutating) -> tuple[str, int] | None:
    """(the name handed at the updated slot, the first line reading its values after the call), unless the call
    rebinds it or a binding comes first."""
    slot = _slot_arg(call, item)
    if not isinstance(slot, ast.Name):
        return None
    end = call.end_lineno or call.lineno
    rebinds = [n.lineno for n in _bindings(func, slot.id) if n.lineno >= call.lineno]
    if rebinds and min(rebinds) <= end:
        return None
    stop = min(rebinds) if rebinds else None
    parents = parent_map(func)
    reads = sorted(
        n.lineno
        for n in _value_reads(func, slot.id)
        if n.lineno > end and _reached(call, n, parents) and not _left_before(call, n.lineno, func, parents)
    )
    return (slot.id, reads[0]) if reads and (stop is None or reads[0] <= stop) else None


def _reached(call: ast.Call, read: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """The read may run after the call: it is in no other arm of an ``if``/``match`` (outside a loop) an arm of
    which holds the call, nor past a ``return`` closing a block that holds the call (readH: ``if greedy: p =
    compute_probs(logits, ...) else: p = logits.softmax(-1)`` reads the caller's own logits, on a later line)."""
    chain = _chain(call, parents)
    holding = {id(n) for n in _chain(read, parents)}
    for at, (child, up) in enumerate(itertools.pairwise(chain)):
        arms = _arms(up)
        mine = next((arm for arm in arms if any(s is child for s in arm)), None)
        looped = any(isinstance(n, _LOOPS) for n in chain[at + 1 :])
        if mine is not None and not looped and any(id(s) in holding for arm in arms if arm is not mine for s in arm):
            return False
        for block in _blocks(up):
            later = next((block[i + 1 :] for i, s in enumerate(block) if s is child), [])
            if any(isinstance(s, ast.Return) and (s.end_lineno or s.lineno) < _line(read) for s in later):
                return False
    return True


_LOOPS = (ast.For, ast.AsyncFor, ast.While)


def _chain(node: ast.AST, parents: dict[int, ast.AST]) -> list[ast.AST]:
    """``node`` and its ancestors, innermost first."""
    found = [node]
    while (up := parents.get(id(found[-1]))) is not None:
        found.append(up)
    return found


def _arms(node: ast.AST) -> list[list[ast.AST]]:
    """The arms of which one runs: an ``if``'s body and else, a conditional expression's, a ``match``'s cases."""
    if isinstance(node, ast.If):
        return [list(node.body), list(node.orelse)]
    if isinstance(node, ast.IfExp):
        return [[node.body], [node.orelse]]
    return [[case] for case in node.cases] if isinstance(node, ast.Match) else []


def _blocks(node: ast.AST) -> list[list[ast.stmt]]:
    """The statement lists a node holds (a body, an else, a handler's or a case's body, a finally)."""
    return [v for f in ("body", "orelse", "finalbody") if isinstance(v := getattr(node, f, None), list)]


def _line(node: ast.AST) -> int:
    return getattr(node, "lineno", 0)


def _left_before(call: ast.Call, line: int, func: _Def, parents: dict[int, ast.AST]) -> bool:
    """The function returns or raises after the call and before ``line``, on every path from the call: the call
    in a ``return``, or a ``return`` later in a block holding the call (revDW: #15427's ``if not raw: return
    compute_probs(logits, ...)`` then ``return logits.log_softmax(...)``)."""
    child: ast.AST = call
    up = parents.get(id(call))
    while up is not None:
        if isinstance(child, ast.stmt) and isinstance(up, ast.stmt):
            block = next((b for b in child_blocks(up) if any(s is child for s in b)), [])
            at = next((i for i, s in enumerate(block) if s is child), len(block))
            if any(isinstance(s, _EXITS) and (s.end_lineno or s.lineno) < line for s in block[at:]):
                return True
        if up is func:
            return False
        child, up = up, parents.get(id(up))
    return False


def _slot_arg(call: ast.Call, item: Mutating) -> ast.expr | None:
    """The argument ``call`` fills the updated parameter with, by position or keyword."""
    if item.index < len(call.args) and not any(isinstance(a, ast.Starred) for a in call.args[: item.index + 1]):
        return call.args[item.index]
    return next((k.value for k in call.keywords if k.arg == item.param), None)


def _value_reads(func: _Def, name: str) -> Iterator[ast.Name]:
    """Loads of ``name`` in ``func`` other than of what an in-place update keeps (``x.shape``, ``len(x)``)."""
    parents = {id(c): n for n in own_nodes(func.body) for c in ast.iter_child_nodes(n)}
    for node in own_nodes(func.body):
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load):
            up = parents.get(id(node))
            if isinstance(up, ast.Attribute) and up.attr in _KEPT:
                continue
            if isinstance(up, ast.Call) and isinstance(up.func, ast.Name) and up.func.id == "len":
                continue
            yield node


def _finding(trees: ThreeTrees, path: str, line: int, item: Mutating, name: str, read: int, pr_pattern: str) -> Finding:
    short = item.qualname.rsplit(".", 1)[-1]
    commit = trees.upstream_commit(item.path, rf"{item.param}\.[a-z_]+_\(|{short}", pr_pattern)
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        path,
        line,
        f"fork-owned call hands `{name}` to {item.module}.{item.qualname}, whose `{item.param}` upstream "
        f"({item.path}{commit}) now updates in place ({item.how}); the fork reads `{name}` again on line {read} "
        f"and gets the updated values, not its own: hand it a copy (`{name}.clone()`) or read before the call",
    )
