"""Return drift: fork-owned code unpacks a function whose returned tuple upstream made longer or shorter.

``blocks, num_tokens = self.kv_cache_manager.get_computed_blocks(request)`` merges cleanly after
upstream made the function return three values, and fails on the first request (or, with a
starred or indexed read, takes the wrong element).  A function drifted when every ``def`` of its
name returns tuples of one length N at the merge base, and tuples of one other length at upstream;
the fork's added line unpacks exactly N names from a call of it, or reads by position an element
whose returned name moved (``stats[1]`` after upstream inserted a value before it).  A name defined with different
shapes (``forward`` in a hundred classes) is not resolved by name, so it is left alone.  One value made a
tuple, or a tuple made one value (every def, and upstream's own callers moved between binding one name
and unpacking, or from unpacking to testing the value): a fork line using the value, a fork unpack, a fork override of the old shape.
An operator meeting the value counts as a use (killers200, #18935's ``get_dp_padding`` made a pair): an operand
(``n + f(...)``, ``n += f(...)``, raising TypeError on a tuple or None) and a comparison by equality or order
(``f(...) != 0``: never equal now; ``f(...) > 0`` raises); upstream's own ``n += f(...)`` moved to an unpack is
the callers' evidence as a bound name is.

An unpack of the fork's own wrapper that hands back one call's result whole (``return g(...)`` at every return)
is an unpack of that call (killers157).

Cheap first: the fork's added lines must hold a tuple assignment (a text scan); only the fork files
with one are parsed, and only the upstream files that define a callee (``git grep 'def NAME'``).
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar, cast

from aeon_release.adapters import git as repo
from aeon_release.domain.audits.diffs import PYTHON_FILES
from aeon_release.domain.audits.drift.fallbacks import caught_around, isinstance_asked
from aeon_release.domain.audits.drift.held_partials import local_names
from aeon_release.domain.audits.drift.own_fields import (
    assigned,
    defines,
    enclosing,
    file_classes,
    receiver_names,
    restores,
)
from aeon_release.domain.audits.drift.pyindex import dotted_name, import_base
from aeon_release.domain.audits.drift.shape_splits import UNPACKED, names_shape_tested, other_paths, positions_read
from aeon_release.domain.audits.drift.sides import ThreeTrees, both_texts, fork_found
from aeon_release.domain.audits.drift.signatures import is_docstring
from aeon_release.domain.audits.drift.unpack_guards import mocked, probed, scalar_now, shape_tested, upstream_added
from aeon_release.domain.audits.memo import Memo
from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import (
    LOG_METHODS,
    last_name,
    lazy_pattern,
    parameter_names,
    parent_map,
    parse_python,
    walk_spanning,
)

# ``a, b = ...`` / ``(a, b) = ...`` / ``self.a, b =``: a tuple target (a text prefilter; the AST decides)
_TUPLE_TARGET = lazy_pattern(r"^\s*\(?\s*\*?[\w.\[\]]+\s*,[\w.\[\]\s,*]*\)?\s*(?::[^=]*)?=(?!=)")
_UNKNOWN = -1
# a call through ``super()`` or ``super(Owner, self)`` reaches upstream's method, whatever the fork defines
_SUPER = "super("
# what a misfit unpack raises: too many/few values (ValueError), a non-iterable object (TypeError)
_MISFITS = frozenset({"TypeError", "ValueError"})
# a fixed N-tuple made ``tuple[X, ...]``, its length now up to a knob (#48018); see ``_made_variadic``
_VARIADIC = -2
_DEF = lazy_pattern(
    r"^\s*(?:async\s+)?def\s+(\w+)\s*\("
)  # a return whose length the source does not show (a name, a call)


@dataclass(frozen=True)
class Unpack:
    path: str
    line: int
    callee: str
    count: int
    call: str  # the called expression as written, for the message
    names: tuple[str, ...] = ()  # the target's names, in order (``self.a`` as ``a``)
    star: int = -1  # the position of the starred name (``a, *rest = f()``), -1 for none
    yields: bool = False  # ``for a, b in f()``: what the generator yields, not what a call returns
    typed: str = ""  # ``Class.method`` when the receiver is typed as one class (``_typed_call``)
    split: frozenset[str] = frozenset()  # names a version split around it asks after (``fallbacks.split_names``)
    caught: bool = False  # it runs in a ``try`` catching what a misfit unpack raises (``fallbacks.caught_around``)
    via: str = ""  # the fork's own wrapper the line calls, which hands back ``call``'s result whole


@dataclass(frozen=True)
class Drift:
    name: str
    path: str  # upstream's file that defines it
    old: int
    new: int
    old_order: tuple[str, ...] = ()  # same length, values reordered: the names returned, in order
    new_order: tuple[str, ...] = ()
    old_names: tuple[str, ...] = ()  # the names returned at each position, whatever changed (when known)
    new_names: tuple[str, ...] = ()
    yields: bool = False  # the tuples a generator yields changed, not the ones it returns
    single: bool = False  # one value made a tuple (old 1) or a tuple made one value (new _UNKNOWN)
    element: str = ""  # a collection of tuples made one of this class's objects (new 1): no tuple to unpack
    owners: frozenset[str] = frozenset()  # the classes whose method it is at upstream (one value made a tuple)


@dataclass(frozen=True)
class Indexed:
    """``f(...)[k]``, or ``x[k]`` where the function assigned ``x = f(...)`` once: one element by position."""

    path: str
    line: int
    callee: str
    index: int
    call: str
    typed: str = ""  # ``Class.method`` when the receiver is typed as one class (``_typed_call``)


@dataclass(frozen=True)
class Override:
    path: str
    line: int  # its first return
    qual: str  # Class.method, for the message
    name: str
    count: int
    single: bool = False  # returns one value, never a tuple display
    bases: tuple[str, ...] = ()  # the names of its class's bases
    # the base's own methods whose one value it returns (``return self.greedy_sample(logits)``), to be
    # checked one value in upstream's class before the override is reported
    via: tuple[str, ...] = ()
    # (base, file) for each base its module imports by name (``from pkg.mod import Base``: pkg/mod.py)
    homes: tuple[tuple[str, str], ...] = ()


def return_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    uses = list(_fork_value_uses(trees))
    findings = _voided_uses(trees, uses, pr_pattern)
    unpacks, overrides, indexed = list(_fork_unpacks(trees)), list(_fork_overrides(trees)), list(_fork_indexed(trees))
    rebound = Rebound(trees)
    uses += _fork_passed_values(trees)
    findings += _widened_findings(trees, uses, [o for o in overrides if o.single], rebound, pr_pattern)
    overrides = [o for o in overrides if not o.single]
    if not unpacks and not overrides and not indexed:
        return findings
    # an unpack of a name the fork defines itself may be of the fork's own function
    own = _fork_defined(trees)
    calls = [(u.callee, u.call) for u in unpacks if not u.yields] + [(r.callee, r.call) for r in indexed]
    called = {callee for callee, call in calls if callee not in own or call.startswith(_SUPER)}
    called |= {q for callee, call in calls if callee not in own and (q := _qualified(callee, call))}
    typed = [(u.typed, u.callee, u.call) for u in unpacks] + [(r.typed, r.callee, r.call) for r in indexed]
    # ``super().name(...)`` in the fork's override of ``name`` reaches the base's method all the same
    called |= {t for t, callee, call in typed if t and (callee not in own or call.startswith(_SUPER))}
    drifts = _drifted(trees, called | {k for o in overrides for k in _override_keys(o)})
    # a tuple made one value (upstream's callers bind it whole now); a call resolved in one class is
    # asked by that class's method too, where the bare name another class defines with one value is not
    whole = [(u.callee, u.call, u.typed) for u in unpacks if not u.yields and u.star < 0]
    whole += [(r.callee, r.call, r.typed) for r in indexed]
    plain = {q for callee, call, typed in whole for q in (callee, typed, _qualified(callee, call)) if q}
    # a module called as a function: ``Cls.forward``, with upstream's callers' evidence read off the
    # attribute they call it through too (``x = self.experts(...)``, never ``forward(``)
    modules = {
        typed: alias
        for typed, callee, call in [(u.typed, u.callee, u.call) for u in unpacks if not u.yields and u.star < 0]
        + [(r.typed, r.callee, r.call) for r in indexed]
        if typed.endswith(".forward")
        and callee not in own
        and (alias := callee if callee != "forward" else call.rsplit(".", 2)[-2] if call.count(".") else "")
    }
    narrowed = _reshaped(
        trees,
        (called & plain) | {k for o in overrides for k in _override_keys(o)} | set(modules),
        rebound,
        widen=False,
        via=modules,
    )
    drifts = {**narrowed, **drifts}
    generators = {u.callee for u in unpacks if u.yields and (u.callee not in own or u.call.startswith(_SUPER))}
    yielded = _drifted(trees, generators, yields=True)
    yielded = {**_objectified(trees, generators - set(yielded)), **yielded}
    findings += _indexed_findings(trees, indexed, own, drifts, pr_pattern)
    for unpack in unpacks:
        # ``super().name(...)`` is upstream's, whatever the fork defines
        mine = unpack.callee in own and not unpack.call.startswith(_SUPER)
        drift = None if mine else _of(yielded if unpack.yields else drifts, unpack.callee, unpack.call, unpack.typed)
        if drift is None or (drift.single and (unpack.yields or unpack.star >= 0)):
            continue
        if drift.new == _VARIADIC and unpack.star >= 0:
            continue  # ``a, *rest = f()`` takes any length
        if unpack.star >= 0:
            bound = _star_moved(unpack, drift)
            if bound is not None:
                findings.append(_star_finding(trees, unpack, drift, bound, pr_pattern))
        elif drift.old == unpack.count and not (drift.new_order and _follows_new_order(unpack.names, drift)):
            findings.append(_finding(trees, unpack, drift, pr_pattern))
    for override in overrides:
        drift = _override_drift(trees, override, drifts)
        # a variadic return's callers index it: an override returning the old N still serves them
        if drift is not None and drift.old == override.count and not drift.new_order and drift.new != _VARIADIC:
            findings.append(_override_finding(trees, override, drift, pr_pattern))
    return findings


def _follows_new_order(names: tuple[str, ...], drift: Drift) -> bool:
    """The unpack's names follow upstream's new order already: at the places whose returned name changed, one
    or more names the new value and none the old.  A caller names its locals its own way (#20059's runner
    unpacks ``num_scheduled_tokens`` as ``num_scheduled_tokens_np``): an unpack in upstream's own spelling of
    the shifted six need not match the returned names everywhere (review99)."""
    if len(names) != len(drift.new_order) or len(names) != len(drift.old_order):
        return False
    moved = [place for place, (was, now) in enumerate(zip(drift.old_order, drift.new_order)) if was != now]
    return any(_names(names[p], drift.new_order[p]) for p in moved) and not any(
        _names(names[p], drift.old_order[p]) for p in moved
    )


def _names(name: str, place: str) -> bool:
    """``name`` is the value at ``place`` (one of a merged place's `` | `` alternatives, ``_merged``)."""
    return name in place.split(" | ")


def _override_keys(override: Override) -> list[str]:
    """What an override stands in for: its one base's method first (``Base.method``, resolved in that class
    where the bare name another class defines with another shape is ambiguous), then the bare name."""
    qualified = [f"{override.bases[0]}.{override.name}"] if len(override.bases) == 1 else []
    return [k for k in qualified if _capwords(override.bases[0])] + [override.name]


def _override_drift(trees: ThreeTrees, override: Override, drifts: dict[str, Drift]) -> Drift | None:
    """The drift of what the override stands in for (``_override_keys``).  ``Base.method`` is matched by the
    class's name across the tree; where the fork imports ``Base`` from a file that defines it and the change
    was measured in another file, the change is a namesake's (#29347: model runner v2's ``GPUModelRunner.sample``
    beside the v1 runner's class, which has none): the override is the fork's own method there."""
    for key in _override_keys(override):
        drift = drifts.get(key)
        if drift is not None and not ("." in key and _namesake(trees, override, key.split(".", 1)[0], drift)):
            return drift
    return None


def _namesake(trees: ThreeTrees, override: Override, base: str, drift: Drift) -> bool:
    """The fork imports ``base`` from a file of upstream's tree that defines it, not the file ``drift`` was
    measured in."""
    home = dict(override.homes).get(base)
    if home is None or home == drift.path:
        return False
    text = trees.blobs(trees.theirs, [home]).get(home) or ""
    return re.search(rf"^class[ \t]+{re.escape(base)}\b", text, re.MULTILINE) is not None


def _capwords(name: str) -> bool:
    """A class's name as written (``EagleProposer``), not a constant's (``BASE``) nor a module's."""
    return name[:1].isupper() and not name.isupper() and name.isidentifier()


def _indexed_findings(
    trees: ThreeTrees, indexed: list[Indexed], own: set[str], drifts: dict[str, Drift], pr_pattern: str
) -> list[Finding]:
    """Elements read by position whose returned name moved, or from a tuple upstream made one value."""
    findings = []
    for read in indexed:
        mine = read.callee in own and not read.call.startswith(_SUPER)
        drift = None if mine else _of(drifts, read.callee, read.call, read.typed)
        moved = _element_moved(drift, read.index) if drift is not None and not drift.single else None
        if drift is not None and moved is not None:
            findings.append(_indexed_finding(trees, read, drift, moved, pr_pattern))
        elif drift is not None and drift.single and drift.new == _UNKNOWN:
            findings.append(_narrowed_index_finding(trees, read, drift, pr_pattern))
    return findings


# -- the fork's side ---------------------------------------------------------------------------------
def _fork_unpacks(trees: ThreeTrees) -> Iterator[Unpack]:
    """Unpacks on lines the fork wrote; a loop over a local bound once to a call (``done = f()`` ...
    ``for a, b in done``) steps through what that call returns, and a tuple target assigned such a local
    (``shapes = f()`` ... ``q, k, v, r = shapes``) takes that call's value apart."""
    tops = _project_tops(trees)
    for path, module, owned in fork_modules(trees, _unpacking):
        bound = _iterated_locals(module)
        parents = parent_map(module)
        foreign, aliases = _foreign_names(module, tops), _project_aliases(module, tops)
        for node in walk_spanning(module, owned):
            found = _unpack(path, node, bound)
            if found is not None and found.call in aliases:
                found = replace(found, callee=aliases[found.call])  # ``from pkg.mod import f as g``: g() is f()
            if found is not None and found.line in owned and not _foreign_call(found.call, foreign):
                value = node.value if isinstance(node, ast.Assign) else None
                func = enclosing(node, parents)
                owner = parents.get(id(func)) if func is not None else None
                owner = owner if isinstance(owner, ast.ClassDef) else None
                found = _through_wrapper(found, module, (owner, func, parents), aliases, foreign)
                if found is None:
                    continue
                if owner is not None and found.call.startswith(_SUPER):
                    if _fork_base_defines(trees, path, module, owner, found.callee):
                        continue  # ``super().name(...)`` reaches the fork's own base class's method
                if (value is not None and shape_tested(node, value, parents)) or mocked(node, found.call, parents):
                    continue  # drift/unpack_guards.py: the fork tests the shape first, or a test's stand-in answers
                if _local_measured(value, bound, func):
                    continue
                typed = (
                    _typed_call(bound.get(id(value), value), func, owner)
                    if value is not None and not found.via
                    else None
                )
                found = replace(found, split=probed(node, parents), caught=caught_around(node, _MISFITS, parents))
                yield replace(found, typed=typed) if typed is not None else found


def _through_wrapper(
    found: Unpack,
    module: ast.Module,
    where: tuple[ast.ClassDef | None, _Def | None, dict[int, ast.AST]],
    aliases: dict[str, str],
    foreign: set[str],
) -> Unpack | None:
    """An unpack of the fork's own wrapper that hands back one call's result whole is an unpack of that call:
    a function of the module (``_topk(...)``) or a method of the enclosing class (``self._topk(...)``) whose
    every return is ``return g(...)`` of one callee, never a generator (#14568: ``_, ids = _aeon_topk(x)``
    over ``return fused_topk(...)`` once upstream's returned a third value).  None: the callee is foreign.
    ``where``: the class and the function the unpack sits in, and the module's parent map."""
    if found.yields:
        return found
    owner, func, parents = where
    name = found.call.removeprefix("self.") if owner is not None else found.call
    scope = owner.body if owner is not None and found.call.startswith("self.") else module.body
    if not name.isidentifier() or (scope is module.body and name != found.call):
        return found
    defs = [d for d in scope if isinstance(d, ast.FunctionDef) and d.name == name and _plainly_decorated(d)]
    if len(defs) != 1 or _rebound_wrapper(defs[0], scope is module.body, module, owner, func, parents):
        return found
    inner = _handed_back(defs[0])
    if inner is None:
        return found
    called = _called(inner)
    if called is None:
        return found
    callee, reached = called
    call = ast.unparse(reached)
    if call in aliases:
        callee = aliases[call]
    if _foreign_call(call, foreign):
        return None
    return replace(found, callee=callee, call=call, via=found.call)


# decorators that hand back what the function returns (a cache, a grad mode, a compiler, the method kinds)
_TRANSPARENT_DECORATORS = frozenset(
    {"staticmethod", "classmethod", "no_grad", "inference_mode", "enable_grad", "compile", "cache", "lru_cache"}
)


def _plainly_decorated(func: ast.FunctionDef) -> bool:
    """Every decorator of ``func`` hands back what it returns: another (the fork's ``@_first_two`` adapter, a
    retry, a registry) may reshape the tuple, so the call's result is not the def's own."""
    return all(
        last_name(d.func if isinstance(d, ast.Call) else d) in _TRANSPARENT_DECORATORS for d in func.decorator_list
    )


def _rebound_wrapper(
    wrapper: ast.FunctionDef,
    at_module: bool,
    module: ast.Module,
    owner: ast.ClassDef | None,
    func: _Def | None,
    parents: dict[int, ast.AST],
) -> bool:
    """The call may not reach ``wrapper``: its scope binds the name again (a version probe's shim, ``_topk =
    _pair_topk``; an import; another def), a function around the unpack binds it locally (a nested helper of the
    name, a parameter), or, for a method, the class stores ``self.NAME`` (a callable set on the instance)."""
    name = wrapper.name
    if not at_module and owner is not None:
        stored = any(
            isinstance(n, ast.Attribute) and n.attr == name and isinstance(n.ctx, ast.Store) and _is_self(n.value)
            for n in ast.walk(owner)
        )
        return stored or _binds(owner.body, name, wrapper)
    if _binds(module.body, name, wrapper):
        return True
    while func is not None:
        params = (*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs, func.args.vararg, func.args.kwarg)
        if any(p is not None and p.arg == name for p in params) or _binds(func.body, name):
            return True
        func = enclosing(func, parents)
    return False


def _binds(body: Sequence[ast.AST], name: str, keep: ast.AST | None = None) -> bool:
    """The scope's own statements (not nested function or class bodies) bind ``name``, other than ``keep``: an
    assignment or other store, an import, a def or class of the name."""
    stack: list[ast.AST] = [n for n in body if n is not keep]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            if node.name == name:
                return True
            continue
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store):
            return True
        if isinstance(node, ast.alias) and (node.asname or node.name.split(".")[0]) == name:
            return True
        if not isinstance(node, ast.Lambda):
            stack.extend(ast.iter_child_nodes(node))
    return False


def _handed_back(func: ast.FunctionDef) -> ast.Call | None:
    """The one call ``func`` returns whole at each of its returns (``return g(...)``), the same callee each time."""
    values = list(own_returns(func))
    if not values or not all(isinstance(v, ast.Call) for v in values):
        return None  # a yield (None), a tuple of its own, a name: not the call's shape handed on
    calls = [v for v in values if isinstance(v, ast.Call)]
    if len({ast.unparse(c.func) for c in calls}) != 1:
        return None
    return calls[0]


def _local_measured(value: ast.expr | None, bound: dict[int, ast.expr], func: _Def | None) -> bool:
    """``q, k, v, r = shapes`` of a local whose length or kind the function asks anywhere (``if len(shapes)
    == 2: return ...`` above it): a path for each shape, as for an element read by position."""
    if not isinstance(value, ast.Name) or id(value) not in bound or func is None:
        return False
    return value.id in _kind_tested(func) | names_shape_tested(func)


def _project_tops(trees: ThreeTrees) -> set[str]:
    """The top-level packages either side changed: a name imported from elsewhere is never upstream's."""
    return {path.split("/", 1)[0].removesuffix(".py") for path in [*trees.mine, *trees.upstream]}


def _foreign_names(module: ast.Module, tops: set[str]) -> set[str]:
    """Names the module imports only from outside the project (``from mylib.runner import launch``,
    ``import mylib``): a same-named callee of another library, not upstream's function that changed."""
    foreign: set[str] = set()
    ours: set[str] = set()
    for node in ast.walk(module):
        if isinstance(node, ast.ImportFrom):
            inside = node.level > 0 or (node.module or "").split(".")[0] in tops
            (ours if inside else foreign).update(a.asname or a.name for a in node.names)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                bound = alias.asname or alias.name.split(".")[0]
                (ours if alias.name.split(".")[0] in tops else foreign).add(bound)
    return foreign - ours


def _project_aliases(module: ast.Module, tops: set[str]) -> dict[str, str]:
    """``from pkg.mod import f as g`` (a module of the project): g -> f, the name upstream defines (review42: an
    aliased import of #24600's ``supports_trtllm_attention`` was missed); a name bound twice is left alone."""
    found: dict[str, str] = {}
    bound = Counter(
        a.asname or a.name for n in ast.walk(module) if isinstance(n, ast.Import | ast.ImportFrom) for a in n.names
    )
    for node in ast.walk(module):
        if isinstance(node, ast.ImportFrom) and (node.level > 0 or (node.module or "").split(".")[0] in tops):
            found.update((a.asname, a.name) for a in node.names if a.asname and a.asname != a.name)
    return {alias: name for alias, name in found.items() if bound[alias] == 1}


def _foreign_call(call: str, foreign: set[str]) -> bool:
    """``launch`` or ``mylib.launch`` (the call's unparsed callee) named through a foreign import."""
    return call.split(".")[0] in foreign


def _unpacking(line: str) -> bool:
    """A fork line that may bind names by position (a text prefilter; the AST decides)."""
    return bool(
        _TUPLE_TARGET.match(line) or CLOSED_TARGET.match(line) or _LOOP_TARGET.search(line) or _WITH_TARGET.search(line)
    )


# the last line of a target spread one name a line (``(`` ... ``) = self._prepare_inputs(so)``, as a formatter
# lays out a long unpack; upstream's own runner does): its first line is a bare ``(``, which no one-line
# prefilter matches (killers186: #28768's and #18581's unpacks so written went unseen)
CLOSED_TARGET = lazy_pattern(r"^\s*[)\]]\s*=(?!=)")


def unpack_line(node: ast.Assign) -> int:
    """The line an unpack's finding lands on: the statement's, but for a target spread over lines, the line
    naming the value (after the closing ``) =``), not the bare ``(`` it opens with."""
    target = node.targets[0]
    return node.value.lineno if (target.end_lineno or node.lineno) > node.lineno else node.lineno


def _typed_call(value: ast.expr, func: _Def | None, owner: ast.ClassDef | None = None) -> str | None:
    """``Class.method`` for ``name.method(...)`` where the function types ``name`` as one class (its
    parameter's annotation, or the one call it is bound to): the method resolved in that class, where a
    name many classes define with other shapes is not.  A module called as a function (``self.experts(x)``,
    ``experts(x)``) is ``Class.forward``: #35949 made SharedFusedMoE.forward's pair one value, and the
    fork's ``shared, routed = self.experts(...)`` calls it through ``nn.Module.__call__``."""
    called = _called(value)
    read = called[1] if called is not None else None
    if func is not None and isinstance(read, ast.Name):
        return _module_call(receiver_names(read.id, func))
    if func is not None and owner is not None and isinstance(read, ast.Attribute) and _is_self(read.value):
        return _module_call(_field_classes(owner, read.attr)) or _inherited_call(owner, read.attr)
    if isinstance(read, ast.Attribute) and is_super(read.value, owner.name if owner is not None else ""):
        return _super_call(owner, read.attr)
    if func is None or not isinstance(read, ast.Attribute) or not isinstance(read.value, ast.Name):
        return None
    if read.value.id in ("self", "cls"):
        return _inherited_call(owner, read.attr)
    classes = {n.rsplit(".", 1)[-1] for n in receiver_names(read.value.id, func)}
    cls = next(iter(classes)) if len(classes) == 1 else ""
    return f"{cls}.{read.attr}" if cls[:1].isupper() and cls.isidentifier() else None


def _inherited_call(owner: ast.ClassDef | None, method: str) -> str | None:
    """``Base.method`` for ``self.method(...)`` in a class with one base that does not define the method:
    the base's, resolved there (#51738: a runner subclass's ``logits_indices, spec = self._prepare_inputs(...)``
    after ``GPUModelRunner._prepare_inputs`` returned three values; another class's ``_prepare_inputs``
    hid it by name).  Several bases leave the MRO unknown: left alone."""
    if owner is None or len(owner.bases) != 1 or defines(owner, method):
        return None
    base = last_name(owner.bases[0])
    return f"{base}.{method}" if base[:1].isupper() and not base.isupper() else None


def is_super(node: ast.expr, owner: str | None = None) -> bool:
    """``super()`` or ``super(X, self)``: the call reaches a base's method, never the class's own.  With
    ``owner`` (the enclosing class's name, "" for none known), ``X`` must be it: a ``super(Other, self)``
    starts past ``Other`` (dropped_dunders' copy joined here, mend59)."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "super"):
        return False
    first = node.args[0] if node.args else None
    return owner is None or first is None or (isinstance(first, ast.Name) and first.id == owner)


def _super_call(owner: ast.ClassDef | None, method: str) -> str | None:
    """``Base.method`` for ``super().method(...)`` in a class with one base (#16899: a proposer subclass's
    ``ids, probs = super().propose(...)`` after ``EagleProposer.propose`` returned the ids alone; the n-gram
    proposer's ``propose``, one value at both commits, hid it by name).  Several bases leave the MRO unknown."""
    if owner is None or len(owner.bases) != 1:
        return None
    base = last_name(owner.bases[0])
    return f"{base}.{method}" if base and _capwords(base) else None


def _module_call(names: set[str]) -> str | None:
    """``Class.forward`` when the called object is typed as one class (a CapWords name)."""
    classes = {n.rsplit(".", 1)[-1] for n in names}
    cls = next(iter(classes)) if len(classes) == 1 else ""
    return f"{cls}.forward" if cls[:1].isupper() and cls.isidentifier() and not cls.isupper() else None


def _is_self(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id == "self"


def _field_classes(owner: ast.ClassDef, attr: str) -> set[str]:
    """The classes ``owner`` types its field ``attr`` as: a class-level annotation, ``self.attr = Cls(...)``
    or ``self.attr = param`` of a parameter annotated with one class."""
    found = {
        ast.unparse(n.annotation).strip("'\"")
        for n in owner.body
        if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name) and n.target.id == attr
    }
    for method in owner.body:
        if not isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for n in ast.walk(method):
            targets = n.targets if isinstance(n, ast.Assign) else [n.target] if isinstance(n, ast.AnnAssign) else []
            if not any(isinstance(t, ast.Attribute) and _is_self(t.value) and t.attr == attr for t in targets):
                continue
            value = n.value if isinstance(n, (ast.Assign, ast.AnnAssign)) else None
            if isinstance(value, ast.Call):
                found.add(ast.unparse(value.func))
            elif isinstance(value, ast.Name):
                found |= receiver_names(value.id, method) or {"?"}
            else:
                found.add("?")
    return found


def _iterated_locals(module: ast.Module) -> dict[int, ast.expr]:
    """The names a loop (or comprehension) iterates, or a tuple target is assigned, that their function
    binds once, to a call: id of the iterated or assigned name -> the call.  #44539 made KDA's
    ``kda_state_shape`` return two shapes instead of four; ``shapes = ...kda_state_shape(...)`` then
    ``q, k, v, r = shapes`` fails as the direct unpack does (a parameter is the caller's: never bound here)."""
    found: dict[int, ast.expr] = {}
    for func in ast.walk(module):
        if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        nodes = list(own_nodes(func.body))
        stores = Counter(n.id for n in nodes if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store))
        calls = {
            n.targets[0].id: n.value
            for n in nodes
            if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name)
            if isinstance(n.value, ast.Call) and stores[n.targets[0].id] == 1
        }
        params = {a.arg for a in ast.walk(func.args) if isinstance(a, ast.arg)}
        for n in nodes:
            if isinstance(n, (ast.For, ast.comprehension)) and isinstance(n.iter, ast.Name) and n.iter.id in calls:
                found[id(n.iter)] = calls[n.iter.id]
            elif (local := _unpacked_local(n)) is not None and local.id in calls and local.id not in params:
                found[id(local)] = calls[local.id]
    return found


def _unpacked_local(node: ast.AST) -> ast.Name | None:
    """``name`` in ``a, b = name``: a bare name one tuple (or list) target is assigned."""
    if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], (ast.Tuple, ast.List)):
        return node.value if isinstance(node.value, ast.Name) else None
    return None


# ``for a, b in`` (also in a comprehension): a tuple loop target (a text prefilter; the AST decides)
_LOOP_TARGET = lazy_pattern(r"\bfor\s+\(?[\w.\[\]*]+\s*,[^\n]*?\sin\s")
# ``with f() as (a, b):`` (the ``as`` may sit on a later line of a long ``with``): a tuple bound on entry
_WITH_TARGET = lazy_pattern(r"\bas\s+[(\[]")


_Found = TypeVar("_Found", Unpack, "ValueUse")
_S = TypeVar("_S")
_Def = ast.FunctionDef | ast.AsyncFunctionDef


def _fork_owned(
    trees: ThreeTrees, prefilter: Callable[[str], object], make: Callable[[str, ast.AST], _Found | None]
) -> Iterator[_Found]:
    """What ``make`` finds in the merged fork files on lines the fork wrote; a file is parsed only
    when one of the fork's added lines passes ``prefilter`` (a text scan)."""
    for path, module, owned in fork_modules(trees, prefilter):
        for node in walk_spanning(module, owned):  # what is found lies on a line of the node's
            found = make(path, node)
            if found is not None and found.line in owned:
                yield found


def fork_modules(trees: ThreeTrees, test: Callable[[str], object]) -> Iterator[tuple[str, ast.Module, set[int]]]:
    """The merged fork files (parsed) one of whose added lines passes ``test``, and the lines the fork wrote."""
    for path in sorted(trees.mine):
        added = trees.mine[path].added.values() if path.endswith(".py") else ()
        if any(test(line) for line in added) and (module := trees.merged_module(path)) is not None:
            yield path, module, trees.owned_lines(path)


def attributes_read(trees: ThreeTrees) -> set[str]:
    """The attribute names the fork's added lines of Python read (``.name``)."""
    return fork_found(trees, _READ, tests=True)


_READ = lazy_pattern(r"\.(\w+)")


def added_words(trees: ThreeTrees) -> frozenset[str]:
    """Every word (``\\w+``) on the lines of Python the fork added: a name none of them holds is named by
    no fork line, so a check whose use must name it need not look upstream for it."""
    return trees.fork_words()


def attribute_readers(trees: ThreeTrees, names: Iterable[str]) -> Iterator[tuple[str, ast.Module, set[int]]]:
    """fork_modules whose added lines read one of the attributes ``names`` (``.name``)."""
    named = re.compile(r"\.(?:" + "|".join(sorted(map(re.escape, names))) + r")\b")
    return fork_modules(trees, named.search)


def name_users(trees: ThreeTrees, names: Iterable[str]) -> Iterator[tuple[str, ast.Module, set[int]]]:
    """fork_modules whose added lines name one of ``names`` as a whole word."""
    named = re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, names))) + r")\b")
    return fork_modules(trees, named.search)


def _unpack(path: str, node: ast.AST, bound: dict[int, ast.expr] | None = None) -> Unpack | None:
    """``a, b = f(...)`` (or ``= await f(...)``, or ``a, *rest = f(...)``): names by position from one
    call; ``for a, b in zip(*f(...))`` / ``in [f(x) for x in xs]`` / ``in map(f, xs)`` the same, one
    loop step at a time; ``for a, b in f(...)``: what the generator yields."""
    if isinstance(node, ast.Assign) and len(node.targets) == 1:
        target, line = node.targets[0], unpack_line(node)
        called = _called((bound or {}).get(id(node.value), node.value))
        source = (called[0], called[1], False) if called is not None else None
    elif isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
        target, line = node.target, node.target.lineno
        while isinstance(node.iter, ast.Call) and last_name(node.iter.func) == "enumerate" and node.iter.args:
            # ``for i, (a, b) in enumerate(...)``: the inner target takes the enumerated element
            if not isinstance(target, (ast.Tuple, ast.List)) or len(target.elts) != 2:
                return None
            inner = target.elts[1]
            target, node = inner, ast.comprehension(inner, node.iter.args[0], [], 0)
        source = _looped((bound or {}).get(id(node.iter), node.iter))
    elif isinstance(node, (ast.With, ast.AsyncWith)) and (entered := _entered(node)) is not None:
        target, source = entered
        line = target.lineno
    else:
        return None
    if not isinstance(target, (ast.Tuple, ast.List)) or source is None:
        return None
    stars = [i for i, e in enumerate(target.elts) if isinstance(e, ast.Starred)]
    if len(stars) > 1:
        return None
    name, func, yields = source
    names = tuple(k for e in target.elts if (k := _key(e)) is not None)
    star = stars[0] if stars else -1
    return Unpack(path, line, name, len(target.elts), ast.unparse(func), names, star, yields)


def _entered(node: ast.With | ast.AsyncWith) -> tuple[ast.expr, tuple[str, ast.expr, bool] | None] | None:
    """``with f(...) as (a, b):``: the names a context manager's one yield binds, by position (#32104
    made ``launch_core_engines`` yield four values, not three: the fork's three-name ``as`` raises on entry)."""
    for item in node.items:
        if isinstance(item.optional_vars, (ast.Tuple, ast.List)):
            called = _called(item.context_expr)
            return item.optional_vars, (called[0], called[1], True) if called is not None else None
    return None


def _looped(iterated: ast.expr) -> tuple[str, ast.expr, bool] | None:
    """What each step of a loop over ``iterated`` unpacks: (callee, its expression, yielded or returned)."""
    if not isinstance(iterated, ast.Call):
        if isinstance(iterated, (ast.ListComp, ast.GeneratorExp, ast.SetComp)):
            called = _called(iterated.elt)  # ``[f(x) for x in xs]``: each step is what f returns
            return (called[0], called[1], False) if called is not None else None
        return None
    outer = last_name(iterated.func)
    args = iterated.args
    if outer == "zip" and len(args) == 1 and isinstance(args[0], ast.Starred) and not iterated.keywords:
        called = _called(args[0].value)  # ``zip(*f())``: step k takes element k of each returned value
        return (called[0], called[1], False) if called is not None else None
    if outer == "map" and len(args) == 2 and (name := last_name(args[0])):
        return name, args[0], False  # ``map(f, xs)``: each step is what f returns
    called = _called(iterated)
    return (called[0], called[1], True) if called is not None and outer not in _BUILTIN_ITERATORS else None


# calls whose steps are not a function's yielded tuples
_BUILTIN_ITERATORS = frozenset(
    {
        "zip",
        "map",
        "enumerate",
        "range",
        "sorted",
        "reversed",
        "filter",
        "list",
        "tuple",
        "iter",
        "items",
        "values",
        "keys",
        "set",
        "dict",
        "chain",
        "product",
        "islice",
    }
)


# ``[0]``..``[9]`` on a line: an element read by position (a text prefilter; the AST decides)
_INDEX = lazy_pattern(r"\[\s*-?\d\s*\]")


def _fork_indexed(trees: ThreeTrees) -> Iterator[Indexed]:
    """Elements of a call's returned tuple the fork reads by position, on lines it wrote.  A method's
    enclosing class types its ``self.name(...)`` and ``super().name(...)`` as the base's method, as an
    unpack's does (#18581: a runner subclass's ``self._prepare_inputs(so)[1]``, the logits indices, read
    upstream's inserted ``attention_cuda_graphs`` flag; another runner's ``_prepare_inputs`` hid the base's
    by name)."""
    for path, module, owned in fork_modules(trees, _INDEX.search):
        parents = parent_map(module)
        for func in ast.walk(module):
            if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
                owner = parents.get(id(func))
                yield from _indexed_in(path, func, owned, owner if isinstance(owner, ast.ClassDef) else None)


def _indexed_in(path: str, func: _Def, owned: set[int], owner: ast.ClassDef | None = None) -> Iterator[Indexed]:
    # ``out = f(...)``, the one binding of ``out`` (for/with/tuple/augmented targets rebind it too; a
    # parameter is the caller's)
    params = {a.arg for a in ast.walk(func.args) if isinstance(a, ast.arg)}
    stores = Counter(
        n.id for n in ast.walk(func) if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del))
    )
    once = {
        n.targets[0].id: n.value
        for n in ast.walk(func)
        if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name)
        if stores[n.targets[0].id] == 1 and n.targets[0].id not in params
    }
    # ``a, *rest = f(...)``, the one binding of ``rest``: ``rest[k]`` is element (position of rest) + k
    starred = {
        star.value.id: (n.value, i)
        for n in ast.walk(func)
        if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], (ast.Tuple, ast.List))
        for i, star in enumerate(n.targets[0].elts)
        if isinstance(star, ast.Starred) and isinstance(star.value, ast.Name)
        if stores[star.value.id] == 1 and star.value.id not in params
    }
    tested = _kind_tested(func) | names_shape_tested(func)
    parents: dict[int, ast.AST] | None = None
    for node in ast.walk(func):
        if not (isinstance(node, ast.Subscript) and node.lineno in owned):
            continue
        index = _position(node.slice)
        if index is None or (isinstance(node.value, ast.Name) and node.value.id in tested):
            continue
        parents = parents or parent_map(func)
        if _split_read(node, index, parents, once):
            continue
        source = node.value
        if isinstance(source, ast.Name) and source.id in once:
            source = once[source.id]  # ``out = f(...)`` once, then ``out[1]``
        elif isinstance(source, ast.Name) and source.id in starred and index >= 0:
            source, offset = starred[source.id]
            index += offset
        called = _called(source)
        if called is not None:
            typed = _typed_call(source, func, owner)
            yield Indexed(path, node.lineno, called[0], index, ast.unparse(called[1]), typed or "")


def _split_read(node: ast.Subscript, index: int, parents: dict[int, ast.AST], once: dict[str, ast.expr]) -> bool:
    """A path beside the read takes the same call's value at another position, or unpacks it: one path per
    release (``return f()[1] if OLD else f()[0]``; ``shape_splits``)."""
    source = once.get(node.value.id) if isinstance(node.value, ast.Name) else node.value
    called = _called(source) if source is not None else None
    if called is None:
        return False
    return bool(positions_read(list(other_paths(node, parents)), called[0], once) - {index})


# what asks a value's kind: ``isinstance(out, tuple)``, ``type(out)``, ``torch.is_tensor(out)``, and
# ``hasattr(out, "shape")`` (an attribute one shape has and the other lacks)
_KIND_TESTS = frozenset({"isinstance", "type", "is_tensor", "hasattr"})


def _kind_tested(func: _Def) -> set[str]:
    """The names the function asks the kind of (``isinstance(out, tuple)``, ``torch.is_tensor(out)``): an index
    of one is written for either shape (``out if torch.is_tensor(out) else out[0]``), before and after."""
    found = set()
    for node in ast.walk(func):
        if isinstance(node, ast.Call) and last_name(node.func) in _KIND_TESTS and node.args:
            first = node.args[0]
            found |= {first.id} if isinstance(first, ast.Name) else set()
    return found


def _position(index: ast.expr) -> int | None:
    """A constant position (``[1]``, ``[-1]``), else None."""
    if isinstance(index, ast.UnaryOp) and isinstance(index.op, ast.USub) and isinstance(index.operand, ast.Constant):
        value = index.operand.value
        return -value if type(value) is int and value > 0 else None
    value = index.value if isinstance(index, ast.Constant) else None
    return value if type(value) is int else None


def _element_moved(drift: Drift, index: int) -> tuple[str, str | None] | None:
    """(the name returned at ``index`` at the base, the one there now or None past the end) when they
    differ; None when the element stayed or the names are not known."""
    if not drift.old_names or not drift.new_names or not -len(drift.old_names) <= index < len(drift.old_names):
        return None
    was = drift.old_names[index]
    if not -len(drift.new_names) <= index < len(drift.new_names):
        return was, None
    now = drift.new_names[index]
    # the old name returned elsewhere now: it moved; gone altogether, it may be the same value renamed --
    # unless the name there now stood at another place at the base (#38831 dropped ``init_attn_backend``'s
    # first element: ``[0]`` was the backends, it is the groups, which were ``[1]``)
    shifted = now in drift.old_names and drift.old_names.index(now) % len(drift.old_names) != index % len(
        drift.old_names
    )
    return (was, now) if now != was and (was in drift.new_names or shifted) else None


def _fork_defined(trees: ThreeTrees) -> set[str]:
    """Names the fork binds itself (its own override may still return the old shape): a def, a class (its
    ``__enter__``/``__iter__`` decide what it unpacks to), a module-level ``NAME = ...`` (``launch = _mine``)."""
    return {
        next(group for group in match.groups() if group)
        for path in trees.mine
        if path.endswith(".py")
        for line in trees.mine[path].added.values()
        if (match := _DEF.match(line) or _BOUND.match(line))
    }


# a fork line binding a name other than by def: ``class NAME``, or ``NAME = ...`` at a module's top level
_BOUND = lazy_pattern(r"^\s*class\s+(\w+)\b|^(\w+)\s*(?::[^=]*)?=(?!=)")


def _fork_overrides(trees: ThreeTrees) -> Iterator[Override]:
    """Methods the fork added to a subclass that return tuples of one length: upstream's callers
    unpack what upstream's method returns now."""
    for path in sorted(trees.mine):
        added = trees.mine[path].added.values() if path.endswith(".py") else ()
        if not any(_DEF.match(line) for line in added):
            continue
        module = trees.merged_module(path)
        owned = trees.owned_lines(path)
        for cls in ast.walk(module) if module is not None else ():
            if not isinstance(cls, ast.ClassDef) or not cls.bases:
                continue
            for node in cls.body:
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.lineno in owned:
                    lengths = returned_lengths(node)
                    tuples = len(lengths) == 1 and _UNKNOWN not in lengths
                    # or one value, no tuple display: checked against a base upstream made return a tuple
                    via = () if tuples else _sibling_calls(node)
                    mine = _fork_siblings(trees, path, cls, via)
                    if not all(_one_declared(m) for m in mine.values()):
                        continue  # the fork's own sibling may return the pair: what it returns is the fork's
                    settled = bool(via) and set(via) <= set(mine)
                    via = tuple(m for m in via if m not in mine)
                    if not (tuples or via or settled or _single(node, surely=True)):
                        continue
                    if _fork_base_defines(trees, path, module, cls, node.name):
                        continue  # it overrides the fork's own method, checked where that one overrides
                    line = min(r.lineno for r in ast.walk(node) if isinstance(r, ast.Return))
                    count = lengths.pop() if tuples else 1
                    bases = tuple(b for base in cls.bases if (b := last_name(base)))
                    qual = f"{cls.name}.{node.name}"
                    homes = tuple((b, h) for b in bases if (h := _imported_file(module, b)))
                    yield Override(path, line, qual, node.name, count, not tuples, bases, via, homes)


def _fork_base_defines(
    trees: ThreeTrees, path: str, module: ast.Module | None, cls: ast.ClassDef, method: str, depth: int = 3
) -> bool:
    """A base of ``cls`` is a class the fork wrote (in the file, or the file it imports the base from) that
    defines ``method`` on the fork's lines, itself or through a fork-written base of its own: ``super().method(...)``
    reaches the fork's method, and an override of it returns what the fork's own callers of that class expect
    (#47782's ``get_computed_blocks`` lengthened, a fork prefix index's subclass unpacking its own base's pair)."""
    for base in (b for base in cls.bases if (b := last_name(base))):
        written = _fork_class(trees, path, module, base)
        if written is None:
            continue
        node, where, home = written
        owned = trees.owned_lines(where)
        if any(isinstance(n, _Def) and n.name == method and n.lineno in owned for n in node.body):
            return True
        if depth > 1 and _fork_base_defines(trees, where, home, node, method, depth - 1):
            return True
    return False


def _fork_class(
    trees: ThreeTrees, path: str, module: ast.Module | None, name: str
) -> tuple[ast.ClassDef, str, ast.Module | None] | None:
    """The class ``name`` the fork wrote, in the file or the file it is imported from (its def, that file, its
    module).  Only a file whose added lines hold ``class name`` is read (upstream's big modules, the usual homes
    of a base, are never parsed here)."""
    where = _imported_file(module, name) or path
    written = re.compile(rf"[ \t]*class[ \t]+{re.escape(name)}\b")
    if where not in trees.mine or not any(written.match(line) for line in trees.mine[where].added.values()):
        return None
    home, owned = (module if where == path else trees.merged_module(where)), trees.owned_lines(where)
    for node in home.body if home is not None else ():
        if isinstance(node, ast.ClassDef) and node.name == name and node.lineno in owned:
            return node, where, home
    return None


def _fork_siblings(trees: ThreeTrees, path: str, cls: ast.ClassDef, via: tuple[str, ...]) -> dict[str, _Def]:
    """Of the methods ``via`` names, those the fork defines itself: in the class, or on its own lines in a base
    class of the same file or of the file the base is imported from.  Its def, not upstream's, says what
    ``self.<method>(...)`` returns."""
    found = {n.name: n for n in cls.body if isinstance(n, _Def) and n.name in via}
    for base in (b for base in cls.bases if (b := last_name(base))) if len(found) < len(via) else ():
        where = _imported_file(trees.merged_module(path), base) or path
        home, owned = trees.merged_module(where), trees.owned_lines(where)
        for node in home.body if home is not None else ():
            if isinstance(node, ast.ClassDef) and node.name == base:
                found |= {
                    n.name: n
                    for n in node.body
                    if isinstance(n, _Def) and n.name in via and n.name not in found and n.lineno in owned
                }
    return found


def _one_declared(func: _Def) -> bool:
    """A fork's sibling surely returns one value: no tuple, and ``-> torch.Tensor`` or one-value displays."""
    return _single(func) and (_annotated_one(func) or _single(func, surely=True))


def _imported_file(module: ast.Module | None, name: str) -> str | None:
    """The tree file a module-level ``from pkg.mod import name`` reads ``name`` from (``pkg/mod.py``)."""
    for node in module.body if module is not None else ():
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            if any((a.asname or a.name) == name for a in node.names):
                return node.module.replace(".", "/") + ".py"
    return None


def _sibling_calls(func: _Def) -> tuple[str, ...]:
    """The methods ``func`` returns a ``self.<method>(...)`` call of, when every other value it returns is
    surely one (``_one_value``): one value too if upstream's class declares them so (``_one_by_base``).
    None of its own name (``self.sample(...)`` recursing, or handing on what it returns)."""
    values = [n.value for n in own_nodes(func.body) if isinstance(n, ast.Return) and n.value is not None]
    if any(isinstance(n, (ast.Yield, ast.YieldFrom)) for n in own_nodes(func.body)):
        return ()
    bound = _bindings(func)
    calls = [v for v in values if not _one_value(v, bound, set())]
    names = tuple(
        dict.fromkeys(c.func.attr for c in calls if isinstance(c, ast.Call) and isinstance(c.func, ast.Attribute))
    )
    selfish = all(
        isinstance(c, ast.Call) and isinstance(c.func, ast.Attribute) and _is_self(c.func.value) for c in calls
    )
    return names if calls and selfish and len(names) == len(calls) and func.name not in names else ()


# -- upstream's side ---------------------------------------------------------------------------------
# a changed line that can change a returned tuple's length: a tuple return or a tuple annotation
# (patterns that start with a newline or a literal: Python's engine skips ahead fast)
_TUPLE_RETURN = lazy_pattern(r"\n[-+][ \t]*return [^\n]*,")
_TUPLE_YIELD = lazy_pattern(r"\n[-+][ \t]*(?:\w+\s*=\s*)?\(?yield [^\n]*,")
_TUPLE_ANNOTATION = lazy_pattern(r"-> *(?:[\w.]+\[)?tuple\[")  # ``-> tuple[``, ``-> list[tuple[``
# a changed line ending in a comma: an element of a display written over several lines (``return (`` then
# one value a line, or a ``-> tuple[`` annotation one class a line; #51738 added ``int(...),`` to both)
_TUPLE_ELEMENT = lazy_pattern(r"\n[-+][ \t]+[^\n]*,[ \t]*(?=\n|$)")


def _drifted(trees: ThreeTrees, names: set[str], yields: bool = False) -> dict[str, Drift]:
    """The names whose every definition returned N-tuples at the base and M-tuples (M != N) at upstream
    (or returned the same names in another order); ``yields``: the tuples a generator yields."""
    lengths, orders = _measures(yields)
    wanted = sorted(_changed_where_returns_changed(trees, names, yields)) if names else []
    if not wanted:
        return {}
    drifts: dict[str, Drift] = {}
    for name, (at_base, at_theirs) in _sides_sites(trees, wanted).items():
        old = _shape(trees, trees.base, name, at_base, lengths)
        new = _shape(trees, trees.theirs, name, at_theirs, lengths)
        if old is None:
            continue
        before = _order(trees, trees.base, name, at_base, orders) or ()
        after = _order(trees, trees.theirs, name, at_theirs, orders) or ()
        path = _measured_site(trees, name, at_theirs, lengths)
        if new is None and not yields and old >= 2 and _made_variadic(trees, name, at_theirs):
            drifts[name] = Drift(name, path, old, _VARIADIC)
        elif new is None:
            continue
        elif old != new:
            if not yields and not (before and after):
                # a long element (``AttentionCGSupportInfo(...)``) hides no other place: the names that
                # stand where they stood, or moved, are still told apart (#38831)
                before = before or _order(trees, trees.base, name, at_base, _partial_orders) or ()
                after = after or _order(trees, trees.theirs, name, at_theirs, _partial_orders) or ()
            drifts[name] = Drift(name, path, old, new, old_names=before, new_names=after, yields=yields)
        elif _shifted(before, after):  # the same names reordered, or one dropped and another appended
            drifts[name] = Drift(name, path, old, new, before, after, before, after, yields)
    return drifts


def _measured_site(trees: ThreeTrees, name: str, sites: list[tuple[str, int]], of: Callable[[_Def], set[int]]) -> str:
    """The file of the first def of ``name`` upstream whose shape shows (a def of the name that returns
    nothing countable, in another class, is not the one that changed)."""
    texts = trees.blobs(trees.theirs, sorted({p for p, _ in sites}))
    for path, line in sites:
        node = _def_at(texts.get(path), line, name)
        if node is not None and of(node) and line not in _nested(texts.get(path) or ""):
            return path
    return sites[0][0]


def _changed_where_returns_changed(trees: ThreeTrees, names: set[str], yields: bool = False) -> set[str]:
    """The names defined in a file whose tuple returns upstream changed, returning another length
    there at upstream than at the base.  Most merges stop here; the whole tree is searched only for a
    name that passes.

    The files whose diff changes a tuple return or annotation are asked first; then, for the names still
    standing, those too whose diff only changes an element line of a display spread over several lines
    (#51738).  Asked at once, a second file defining the name (a base class's abstract method, its
    annotation left at the old length) made #32655's widened return ambiguous, and it was missed."""
    if not names:
        return set()
    changed_tuple = _TUPLE_YIELD if yields else _TUPLE_RETURN
    python = [p for p in trees.upstream if p.endswith(".py")]
    strict = [p for p in python if _reshapes(trees.upstream.raw(p), changed_tuple)]
    changed = _changed_in(trees, names, strict, yields) if strict else set()
    asked = set(strict)
    spread = [p for p in python if p not in asked and _TUPLE_ELEMENT.search(trees.upstream.raw(p))]
    rest = names - changed
    return changed | (_changed_in(trees, rest, strict + spread, yields) if spread and rest else set())


def _changed_in(trees: ThreeTrees, names: set[str], paths: list[str], yields: bool) -> set[str]:
    """Of ``names``, those ``paths`` define returning one other length (or order) at upstream than at the base."""
    lengths, orders = _measures(yields)
    # git grep (in C, on every core) says which of those files define a name; only those are read
    literal = [f":(literal){p}" for p in paths]
    where: dict[str, list[str]] = {}
    for name, sites in _definition_sites(trees, trees.theirs, sorted(names), literal).items():
        where[name] = sorted({p for p, _ in sites})
    base, theirs = both_texts(trees, sorted({p for ps in where.values() for p in ps}))
    changed = set()
    for name, ps in where.items():
        new = _over(theirs, ps, name, lengths)
        if len(new) == 1 and new != _over(base, ps, name, lengths):
            changed.add(name)
        elif len(new) == 1 and _shifted(
            _one(_over(base, ps, name, orders)) or (), _one(_over(theirs, ps, name, orders)) or ()
        ):
            changed.add(name)  # reordered, or a value dropped and another appended (#20059)
    return changed


def _reshapes(raw: str, changed_tuple: re.Pattern[str]) -> bool:
    """The file's diff changes a tuple return or a tuple annotation."""
    return bool(changed_tuple.search(raw) or _TUPLE_ANNOTATION.search(raw))


def _sides_sites(trees: ThreeTrees, names: list[str]) -> dict[str, tuple[list[tuple[str, int]], list[tuple[str, int]]]]:
    """Every def of each name in the base's tree and in upstream's (a name defined with other shapes
    elsewhere is ambiguous); a ``Class.method`` upstream's only where that class holds the method."""
    sites = _definitions_at(trees, (trees.base, trees.theirs), names, [PYTHON_FILES])
    found = {}
    for name in names:
        at_base, at_theirs = sites[trees.base].get(name, []), sites[trees.theirs].get(name, [])
        if "." in name:
            at_theirs = [s for s in at_theirs if _def_at(trees.blobs(trees.theirs, [s[0]])[s[0]], s[1], name)]
        found[name] = (at_base, at_theirs)
    return found


def _definition_sites(
    trees: ThreeTrees, rev: str, names: list[str], pathspecs: list[str]
) -> dict[str, list[tuple[str, int]]]:
    """``repo.definition_sites``, a ``Class.method`` name answered with every def of the method's name
    (whose class the readers check)."""
    return _definitions_at(trees, (rev,), names, pathspecs)[rev]


def _definitions_at(
    trees: ThreeTrees, revs: tuple[str, ...], names: list[str], pathspecs: list[str]
) -> dict[str, dict[str, list[tuple[str, int]]]]:
    """``_definition_sites`` at each of ``revs``, one ``git grep`` for them all."""
    at = repo.definition_sites_at(trees.repo, revs, sorted({n.rsplit(".", 1)[-1] for n in names}), pathspecs)
    return {
        rev: {n: bare[n.rsplit(".", 1)[-1]] for n in names if n.rsplit(".", 1)[-1] in bare} for rev, bare in at.items()
    }


def _qualified(callee: str, call: str) -> str | None:
    """``Backend.get_kv_cache_shape`` for a call through a class (a capitalised name before the
    method's): resolved in that class, where a name defined in many classes is not."""
    parts = call.split(".")
    if len(parts) >= 2 and parts[-1] == callee and parts[-2][:1].isupper() and parts[-2].isidentifier():
        return f"{parts[-2]}.{callee}"
    return None


def _of(drifts: dict[str, Drift], callee: str, call: str, typed: str = "") -> Drift | None:
    """The drift of what a call reaches: its class's method when it names one (or its receiver is typed
    as one), else the name's."""
    qualified = _qualified(callee, call) or typed or None
    return (drifts.get(qualified) if qualified else None) or drifts.get(callee)


def _one(orders: set[tuple[str, ...] | None]) -> tuple[str, ...] | None:
    return next(iter(orders)) if len(orders) == 1 else None


def _order(
    trees: ThreeTrees,
    rev: str,
    name: str,
    sites: list[tuple[str, int]],
    of: Callable[[_Def], set[tuple[str, ...] | None]],
) -> tuple[str, ...] | None:
    """The one order of names every ``def name`` at ``rev`` returns (``of``), or the orders of one length
    merged place by place (``_merged``); None when one hides it."""
    orders = _at_sites(trees, rev, name, sites, of)
    if orders is None:
        return None
    one = _one(orders)
    return one if one is not None else _merged(orders)


_MERGED_ORDERS = 4  # returns of one length spelt differently, at most, read place by place


def _merged(orders: set[tuple[str, ...] | None]) -> tuple[str, ...] | None:
    """Returns of one length that spell their places differently (``return weight_files, pattern`` and
    ``return glob.glob(...), pattern``), each place the sorted alternatives joined by `` | ``: a place whose
    alternatives stand elsewhere upstream moved (#14950 put the folder first in both returns of
    ``_get_weight_files``: ``[0]`` was the files, ``[1]`` is).  None when one hides its elements, the lengths
    differ, or the returns are many."""
    if None in orders or not 1 < len(orders) <= _MERGED_ORDERS:
        return None
    spelt = [order for order in orders if order is not None]
    if len({len(order) for order in spelt}) != 1:
        return None
    return tuple(" | ".join(sorted({order[at] for order in spelt})) for at in range(len(spelt[0])))


def _shifted(before: tuple[str, ...], after: tuple[str, ...]) -> bool:
    """The same length, distinct names, one returned on both sides now at another place: the same names
    reordered (every caller's unpack now swaps them), or a value dropped and another appended (#20059 dropped
    ``attention_cuda_graphs`` from index 1 of ``_prepare_inputs``' six values and appended
    ``max_num_scheduled_tokens``: ``[2]``, the logits indices, is the spec-decode metadata now, and a six-name
    unpack of the old order binds each name past it to its neighbour's value; review99 found it unseen, a
    same-length change counted only as a full reorder).  A name renamed in place moves nothing."""
    distinct = len(set(before)) == len(before) and len(set(after)) == len(after)
    return (
        distinct
        and 0 < len(before) == len(after)
        and any(name in after and after.index(name) != place for place, name in enumerate(before))
    )


def returned_orders(func: _Def) -> set[tuple[str, ...] | None]:
    """The name orders of the tuples ``func`` returns (``return a, self.b`` -> ``(a, b)``); a tuple
    with an element that is not a name or attribute counts as None."""
    return _orders(own_returns(func))


def _partial_orders(func: _Def) -> set[tuple[str, ...] | None]:
    """``returned_orders``, a long element kept as its code's first characters (``Info(min_cg_support=m…``):
    for the places of the names beside it when the length changed, never for a reorder (where two long
    elements sharing their start would read as one)."""
    orders: set[tuple[str, ...] | None] = set()
    for value in own_returns(func):
        if isinstance(value, ast.Tuple) and not any(isinstance(e, ast.Starred) for e in value.elts):
            orders.add(tuple(_element(e) or f"{ast.unparse(e)[:_LONGEST_ELEMENT]}…" for e in value.elts))
        elif isinstance(value, ast.Tuple):
            orders.add(None)
    return orders


def yielded_orders(func: _Def) -> set[tuple[str, ...] | None]:
    """The name orders of the tuples a generator yields (as ``returned_orders``)."""
    return _orders(_own_yields(func))


def _orders(values: Iterator[ast.expr | None]) -> set[tuple[str, ...] | None]:
    orders: set[tuple[str, ...] | None] = set()
    placeholders: set[tuple[str, ...]] = set()
    for value in values:
        if isinstance(value, ast.Tuple):
            keys = [_element(e) for e in value.elts]
            order = tuple(k for k in keys if k is not None) if None not in keys else None
            orders.add(order)
            if order is not None and any(isinstance(e, ast.Constant) for e in value.elts):
                placeholders.add(order)
    # an early ``return (global_num_experts, None)`` beside ``return (local_num_experts, expert_map)``
    # (#24097): the constants hold the places of the names the full return gives
    named = {len(o) for o in orders if o is not None and o not in placeholders}
    return {o for o in orders if o is None or o not in placeholders or len(o) not in named}


_LONGEST_ELEMENT = 60


def _element(node: ast.expr) -> str | None:
    """A returned element as its name, or as the code that computes it (``2``, ``num_blocks * 2``): a
    KV cache's shape ``(2, num_blocks, ...)`` made ``(num_blocks, 2, ...)`` is a reorder too.  A
    starred element hides the length; a long expression is not compared."""
    if isinstance(node, ast.Starred):
        return None
    key = _key(node)
    if key is not None:
        return key
    text = ast.unparse(node)
    return text if len(text) <= _LONGEST_ELEMENT else None


def _key(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _over(texts: dict[str, str | None], paths: list[str], name: str, of: Callable[[_Def], set[_S]]) -> set[_S]:
    """``of`` (returned lengths or orders) over every def of ``name`` in these texts."""
    found: set[_S] = set()
    for path in paths:
        for node in _functions(texts.get(path) or "").get(name, []):
            found |= of(node)
    return found


def _functions_in(text: str) -> dict[str, list[ast.FunctionDef | ast.AsyncFunctionDef]]:
    """A module's functions and methods by name (walked once per text)."""
    found: dict[str, list[ast.FunctionDef | ast.AsyncFunctionDef]] = {}
    module = parse_python(text)
    for node in ast.walk(module) if module is not None else ():
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found.setdefault(node.name, []).append(node)
        elif isinstance(node, ast.ClassDef):  # ``Class.method`` too: a call through the class names it
            for method in node.body:
                if isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    found.setdefault(f"{node.name}.{method.name}", []).append(method)
    return found


def _shape(
    trees: ThreeTrees, rev: str, name: str, sites: list[tuple[str, int]], of: Callable[[_Def], set[int]]
) -> int | None:
    """The one tuple length every ``def name`` at ``rev`` returns (``of``); None when they differ or hide it."""
    lengths = _at_sites(trees, rev, name, sites, of)
    return lengths.pop() if lengths is not None and len(lengths) == 1 and _UNKNOWN not in lengths else None


def _at_sites(
    trees: ThreeTrees, rev: str, name: str, sites: list[tuple[str, int]], of: Callable[[_Def], set[_S]]
) -> set[_S] | None:
    """``of`` over the defs of ``name`` at these sites of ``rev``; None when a site holds no such def."""
    texts = trees.blobs(rev, sorted({p for p, _ in sites}))
    found: set[_S] = set()
    hit = False
    for path, line in sites:
        node = _def_at(texts.get(path), line, name)
        if node is None:
            if "." in name:
                continue  # ``Class.method``: a def of the method's name in another class
            return None
        if line in _nested(texts.get(path) or ""):
            # a def inside a function is that function's own (#32655: a benchmark's local
            # ``moe_lora_align_block_size`` kept its three elements): no call from outside reaches it
            continue
        found |= of(node)
        hit = True
    return found if hit else None


def _nested_in(text: str) -> frozenset[int]:
    """The lines of the defs a module holds inside a function's body (closures, local helpers)."""
    module = parse_python(text)
    lines: set[int] = set()
    for node in ast.walk(module) if module is not None else ():
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            body = node.body if isinstance(node.body, list) else [node.body]
            lines.update(
                inner.lineno
                for stmt in body
                for inner in ast.walk(stmt)
                if isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef))
            )
    return frozenset(lines)


_nested = Memo(_nested_in, size=32)


_functions = Memo(_functions_in, size=32)  # walked once per text


def _def_at(text: str | None, line: int, name: str) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    return next((node for node in _functions(text or "").get(name, []) if node.lineno == line), None)


def own_nodes(body: Sequence[ast.AST]) -> Iterator[ast.AST]:
    """The nodes of a function's (or module's, or class's) body that are its own: not inside a nested
    function, class or lambda."""
    stack: list[ast.AST] = list(body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        yield node
        stack.extend(ast.iter_child_nodes(node))


def own_returns(func: _Def) -> Iterator[ast.expr | None]:
    """The values ``func`` itself returns (not nested functions'), and None for each ``yield``."""
    for node in own_nodes(func.body):
        if isinstance(node, (ast.Yield, ast.YieldFrom)):
            yield None
        elif isinstance(node, ast.Return) and node.value is not None:
            yield node.value


def _own_yields(func: _Def) -> Iterator[ast.expr | None]:
    """The values a generator itself yields (not nested functions'); None for a bare ``yield`` or a
    ``yield from`` (what it yields is not shown here)."""
    for node in own_nodes(func.body):
        if isinstance(node, (ast.Yield, ast.YieldFrom)):
            yield node.value if isinstance(node, ast.Yield) else None


def yielded_lengths(func: _Def) -> set[int]:
    """The lengths of the tuples each step of a loop over a call of ``func`` takes: what a generator
    yields (as ``returned_lengths``); for a function that returns a collection, the tuple its return
    annotation names for the elements (``-> list[tuple[JobId, bool]]``: 2); else nothing."""
    found = {
        len(value.elts) if isinstance(value, ast.Tuple) and not _starred(value) else _UNKNOWN
        for value in _own_yields(func)
    }
    if found or func.returns is None:
        return found
    length = _element_tuple_length(func.returns)
    return {length} if length is not None else set()


# annotations whose iteration steps through elements of their first argument
_ELEMENT_CONTAINERS = frozenset(
    {"list", "List", "Sequence", "Iterable", "Iterator", "Generator", "Collection", "deque", "set", "frozenset"}
    | {"AsyncIterator", "AsyncIterable", "AsyncGenerator", "MutableSequence", "Set", "AbstractSet"}
)


def _element_tuple_length(annotation: ast.expr) -> int | None:
    """``list[tuple[A, B]]`` (or ``Iterator[...]``, ``Generator[tuple[...], None, None]``, a string of
    one): 2; an element that is not a fixed-length tuple (``tuple[int, ...]``, ``Any``): None."""
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        parsed = parse_python(annotation.value)
        first = parsed.body[0] if parsed is not None and len(parsed.body) == 1 else None
        return _element_tuple_length(first.value) if isinstance(first, ast.Expr) else None
    if not isinstance(annotation, ast.Subscript) or last_name(annotation.value) not in _ELEMENT_CONTAINERS:
        return None
    element = annotation.slice.elts[0] if isinstance(annotation.slice, ast.Tuple) else annotation.slice
    if not isinstance(element, ast.Subscript) or last_name(element.value) not in ("tuple", "Tuple"):
        return None
    parts = element.slice.elts if isinstance(element.slice, ast.Tuple) else [element.slice]
    if any(isinstance(p, ast.Constant) and p.value is Ellipsis for p in parts):
        return None
    return len(parts)


def returned_lengths(func: _Def) -> set[int]:
    """The lengths of the tuples ``func`` returns (its own returns, not nested functions'); a returned
    value that is not a tuple display counts as unknown; a generator is unknown; no return: nothing."""
    lengths: set[int] = set()
    declared = _annotated_length(func)
    for value in own_returns(func):
        if value is None:
            return {_UNKNOWN}
        if isinstance(value, ast.Tuple) and not _starred(value):
            lengths.add(len(value.elts))
        else:  # ``return result`` under ``-> tuple[A, B]`` (#35949's early ``return None, result``)
            lengths.add(declared or _UNKNOWN)
    return lengths


def _annotated_length(func: _Def) -> int | None:
    """N for a def annotated ``-> tuple[A1, ..., AN]`` (no ``...``, no union), else None."""
    ann = func.returns
    if not (isinstance(ann, ast.Subscript) and last_name(ann.value) in ("tuple", "Tuple")):
        return None
    elts = ann.slice.elts if isinstance(ann.slice, ast.Tuple) else [ann.slice]
    if any(isinstance(e, ast.Constant) and e.value is Ellipsis for e in elts):
        return None
    return len(elts) if len(elts) >= 2 else None


def _made_variadic(trees: ThreeTrees, name: str, sites: list[tuple[str, int]]) -> bool:
    """Every upstream def of ``name`` is annotated ``-> tuple[X, ...]`` and returns no countable tuple,
    and upstream's diff drops more unpacks of two or more names from a call of it (or of a method
    its class made variadic with it) than it adds: upstream's own callers stopped trusting the length
    (#48018: ``MambaMixer2.get_state_dtype`` / ``get_state_shape`` return five states under
    ``--use-replayssm``; ``_, ssm_state_dtype = self.get_state_dtype()`` became ``[1]``).  An annotation
    loosened for the type checker alone leaves upstream's unpacks standing: not a drift -- judged on upstream's
    final code in the class's file and the files naming the class, since the diff's balance also counts an
    unrelated class's method of the same name (a rewritten ``a, b = other.get_state_dtype()``) or a dead
    helper deleted whole."""
    if _at_sites(trees, trees.theirs, name, sites, _variadic_annotation) != {True}:
        return False
    texts = trees.blobs(trees.theirs, sorted({p for p, _ in sites}))
    names, classes = {name.rsplit(".", 1)[-1]}, set[str]()
    for path, line in sites:
        names |= _variadic_siblings(texts.get(path) or "", line)
        classes |= _owner_of(texts.get(path) or "", line)
    call = re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, names))) + r")\s*\(")
    if _unpacks_standing(trees, call, {p for p, _ in sites}, classes):
        return False
    return _dropped_unpacks(trees, call) > 0


def _unpacks_standing(trees: ThreeTrees, call: re.Pattern[str], paths: set[str], classes: set[str]) -> bool:
    """Upstream's final code, in ``paths`` or a file naming one of ``classes``, still unpacks two or more
    names from a call ``call`` matches: upstream still trusts the length."""
    paths |= trees.python_files_with(tuple(sorted(classes))) if classes else frozenset()
    for text in trees.blobs(trees.theirs, sorted(paths)).values():
        if text and call.search(text) and any(_unpacks(line, call) >= 2 for line in text.splitlines()):
            return True
    return False


def _owner_of(text: str, line: int) -> set[str]:
    """The name of the class whose method is defined at ``line`` (empty for none)."""
    module = parse_python(text)
    for node in ast.walk(module) if module is not None else ():
        if isinstance(node, ast.ClassDef) and any(isinstance(m, _Def) and m.lineno == line for m in node.body):
            return {node.name}
    return set()


def _dropped_unpacks(trees: ThreeTrees, call: re.Pattern[str]) -> int:
    """Upstream's removed unpacks of two or more names from a call ``call`` matches, less its added ones."""
    balance = 0
    for path in trees.upstream:
        raw = trees.upstream.raw(path) if path.endswith(".py") else ""
        for text in raw.splitlines() if call.search(raw) else ():
            if text[:1] in "-+" and not text.startswith(("---", "+++")) and _unpacks(text[1:], call) >= 2:
                balance += 1 if text[0] == "-" else -1
    return balance


def _variadic_siblings(text: str, line: int) -> set[str]:
    """The methods annotated ``-> tuple[X, ...]`` of the class whose method is defined at ``line``."""
    module = parse_python(text)
    for node in ast.walk(module) if module is not None else ():
        methods = [m for m in node.body if isinstance(m, _Def)] if isinstance(node, ast.ClassDef) else []
        if any(m.lineno == line for m in methods):
            return {m.name for m in methods if _variadic_annotation(m) == {True}}
    return set()


def _unpacks(line: str, call: re.Pattern[str]) -> int:
    """How many names ``line`` unpacks from a call ``call`` matches (``a, b = x.f(...)``); 0 for none."""
    target = _TUPLE_TARGET.match(line)
    if target is None or not call.search(line[target.end() :]):
        return 0
    head = target.group(0).rsplit("=", 1)[0].split(":", 1)[0]
    return 0 if "*" in head else len([n for n in head.strip(" ()").split(",") if n.strip()])


def _variadic_annotation(func: _Def) -> set[bool]:
    """{True} for a def annotated ``-> tuple[X, ...]`` whose own returns show no tuple display."""
    ann = func.returns
    if not (isinstance(ann, ast.Subscript) and last_name(ann.value) in ("tuple", "Tuple")):
        return {False}
    elts = ann.slice.elts if isinstance(ann.slice, ast.Tuple) else [ann.slice]
    variadic = len(elts) == 2 and isinstance(elts[1], ast.Constant) and elts[1].value is Ellipsis
    return {variadic and not any(isinstance(v, ast.Tuple) for v in own_returns(func))}


def _measures(
    yields: bool,
) -> tuple[Callable[[_Def], set[int]], Callable[[_Def], set[tuple[str, ...] | None]]]:
    """How a def's tuples are measured, lengths and name orders: what it yields, or what it returns."""
    return (yielded_lengths, yielded_orders) if yields else (returned_lengths, returned_orders)


def _starred(value: ast.Tuple) -> bool:
    return any(isinstance(e, ast.Starred) for e in value.elts)


# -- the finding -------------------------------------------------------------------------------------
def _finding(trees: ThreeTrees, unpack: Unpack, drift: Drift, pr_pattern: str) -> Finding:
    returns = "yields" if drift.yields else "returns"
    what = f"what {unpack.call}() yields" if unpack.yields else f"{unpack.call}()"
    if unpack.via:
        what += f" (handed back whole by {unpack.via}())"
    if drift.new == _VARIADIC:
        message = (
            f"fork-owned line unpacks {unpack.count} values from {what}, but upstream made {drift.name}() return "
            f"a tuple of any length, not {drift.old} ({drift.path}{_commit(trees, drift, pr_pattern)}), and "
            f"rewrote its own {drift.old}-name unpacks of it: the unpack raises once it returns more (a setting "
            "widens it); index the elements you need as upstream's callers do"
        )
    elif drift.element:  # the collection's tuples made objects
        message = (
            f"fork-owned line unpacks {unpack.count} values from each element {unpack.call}() hands out (returned or "
            f"yielded), but upstream changed {drift.name}() to hand out {drift.element} objects, not {drift.old}-tuples "
            f"({drift.path}{_commit(trees, drift, pr_pattern)}): unpacking one raises at runtime; read the "
            f"object's fields as upstream's callers do"
        )
    elif drift.single:  # a tuple made one value
        message = (
            f"fork-owned line unpacks {unpack.count} values from {what}, but upstream changed {drift.name}() "
            f"to return one value ({drift.path}{_commit(trees, drift, pr_pattern)}) and its callers bind it "
            f"whole now: the unpack splits that value ({unpack.count} elements silently, any other number "
            "raises); bind it as upstream's callers do"
        )
    elif drift.new_order:
        message = (
            f"fork-owned line unpacks {unpack.count} values from {what}, but upstream reordered what "
            f"{drift.name}() {returns}, ({', '.join(drift.old_order)}) -> ({', '.join(drift.new_order)}) "
            f"({drift.path}{_commit(trees, drift, pr_pattern)}): the names now take each other's values, "
            "silently; unpack in the new order"
        )
    else:
        message = (
            f"fork-owned line unpacks {unpack.count} values from {what}, but upstream changed "
            f"{drift.name}() to {returns[:-1]} {drift.new} ({drift.path}{_commit(trees, drift, pr_pattern)}): "
            f"this raises at runtime; take all {drift.new}"
        )
    hedge = _hedge(trees, unpack, drift)
    if hedge:
        return Finding(RULE, "merge", Severity.WARNING, unpack.path, unpack.line, message + hedge)
    return Finding(RULE, "merge", Severity.ERROR, unpack.path, unpack.line, message)


def _hedge(trees: ThreeTrees, unpack: Unpack, drift: Drift) -> str:
    """Why the unpack may already be safe, which this check cannot tell from the code (a warning), or ""."""
    if drift.element and drift.element in unpack.split:
        # ``if hasattr(mod, "Launch"):`` / ``if Launch is not None:`` (its import failing to None) around the
        # old-style unpack: the fork may keep a path per release; which runs after the merge is not read here
        return f"; a test of {drift.element} sits around it, which may already keep this path for the old release"
    if unpack.caught and (drift.element or not (drift.single or drift.new_order) or _raises_now(trees, drift)):
        # ``try: ... as (m, c)`` / ``except TypeError:`` the new shape: a misfit that raises is the fork's own
        # fallback; a silent one (reordered, one value split) raises nothing to catch
        return "; a try around it catches what the misfit raises, which may already be the fork's fallback"
    if (added := upstream_added(trees, unpack.split)) is not None:
        # ``if hasattr(mod, "new_helper"): return ...`` before the old-shape unpack (drift/unpack_guards.py)
        return (
            f"; a test of {added}, a name upstream added, sits around it, which may keep this path for the old release"
        )
    if drift.element and _shimmed_iter(trees, drift.element):
        # ``mod.Launch.__iter__ = lambda self: iter(astuple(self))``: the fork makes the new object unpack
        return f"; a fork line gives {drift.element} an __iter__, which may keep the unpack working"
    return ""


def _raises_now(trees: ThreeTrees, drift: Drift) -> bool:
    """A tuple made one scalar value (#24600's ``-> bool``): unpacking it raises ``TypeError``, which a try
    around the unpack catches, where an iterable value would split silently."""
    return drift.single and drift.new == _UNKNOWN and scalar_now(trees, drift.name, drift.path)


def _shimmed_iter(trees: ThreeTrees, name: str) -> bool:
    """A fork line (not a test) assigns ``name.__iter__``/``__getitem__`` or ``setattr``s it."""
    return any(fork_found(trees, restores({name}, dunder)) for dunder in sorted(_UNPACKABLE_DUNDERS))


def _star_moved(unpack: Unpack, drift: Drift) -> tuple[str, str, str | None] | None:
    """``a, *rest, z = f()``: (the fixed target, the name it took at the base, the one it takes now or
    None when too few values are left) for the first fixed target whose value moved; None when every
    fixed target still takes its value, or the names are not known."""
    fixed = unpack.count - 1
    if drift.old < fixed:
        return None  # it did not fit before either
    targets = list(unpack.names) if len(unpack.names) == fixed else []  # a starred name has no key
    if drift.new < fixed:
        return (targets[0] if targets else "", drift.old_names[0] if drift.old_names else "", None)
    if not drift.old_names or not drift.new_names:
        return None
    after = unpack.count - 1 - unpack.star
    positions = [*range(unpack.star), *range(-after, 0)]
    for k, position in enumerate(positions):
        was, now = drift.old_names[position], drift.new_names[position]
        # the old name returned elsewhere now: it moved; gone altogether, it may be the same value renamed
        if was != now and was in drift.new_names and targets:
            return targets[k], was, now
    return None


def _star_finding(
    trees: ThreeTrees, unpack: Unpack, drift: Drift, bound: tuple[str, str, str | None], pr_pattern: str
) -> Finding:
    target, was, now = bound
    returns = "yields" if drift.yields else "returns"
    change = f"({', '.join(drift.old_names)}) -> ({', '.join(drift.new_names)})" if drift.new_names else ""
    if now is None:
        outcome = f"it {returns} {drift.new} values now, fewer than the {unpack.count - 1} names: this raises"
    else:
        outcome = f"`{target}` took `{was}`, it takes `{now}` now, silently"
    message = (
        f"fork-owned starred unpack of {unpack.call}() binds names by position, but upstream changed what "
        f"{drift.name}() {returns} {change} ({drift.path}{_commit(trees, drift, pr_pattern)}): {outcome}; "
        "unpack by the new positions"
    ).replace("  (", " (")
    return Finding(RULE, "merge", Severity.ERROR, unpack.path, unpack.line, message)


def _indexed_finding(
    trees: ThreeTrees, read: Indexed, drift: Drift, moved: tuple[str, str | None], pr_pattern: str
) -> Finding:
    was, now = moved
    there = f"`{now}` is there now" if now is not None else f"it returns {drift.new} values now: the read raises"
    message = (
        f"fork-owned line reads element {read.index} of what {read.call}() returns, which was `{was}`; upstream "
        f"changed what {drift.name}() returns, ({', '.join(drift.old_names)}) -> ({', '.join(drift.new_names)}) "
        f"({drift.path}{_commit(trees, drift, pr_pattern)}): {there}; read it by its new position"
    )
    return Finding(RULE, "merge", Severity.ERROR, read.path, read.line, message)


def _narrowed_index_finding(trees: ThreeTrees, read: Indexed, drift: Drift, pr_pattern: str) -> Finding:
    """An element read by position from a call whose returned tuple upstream made one value."""
    was = (
        f", which was `{drift.old_names[read.index]}`"
        if -len(drift.old_names) <= read.index < len(drift.old_names)
        else ""
    )
    message = (
        f"fork-owned line reads element {read.index} of what {read.call}() returns{was}, but upstream changed "
        f"{drift.name}() to return one value ({drift.path}{_commit(trees, drift, pr_pattern)}) and its callers "
        f"bind it whole now: the index reads inside that value, silently; use the value itself"
    )
    return Finding(RULE, "merge", Severity.ERROR, read.path, read.line, message)


def _override_finding(trees: ThreeTrees, override: Override, drift: Drift, pr_pattern: str) -> Finding:
    if drift.single:  # a tuple made one value
        message = (
            f"fork-owned override {override.qual}() returns {override.count} values, but upstream changed "
            f"{drift.name}() to return one value ({drift.path}{_commit(trees, drift, pr_pattern)}) and its "
            "callers bind it whole now: they hold the override's tuple, silently; return the one value"
        )
        return Finding(RULE, "merge", Severity.ERROR, override.path, override.line, message)
    message = (
        f"fork-owned override {override.qual}() returns {override.count} values, but upstream changed "
        f"{drift.name}() to return {drift.new} ({drift.path}{_commit(trees, drift, pr_pattern)}) and its "
        f"callers unpack {drift.new} now: return all {drift.new}"
    )
    return Finding(RULE, "merge", Severity.ERROR, override.path, override.line, message)


def _commit(trees: ThreeTrees, drift: Drift, pr_pattern: str) -> str:
    """The newest upstream commit after which ``drift.name`` returns the new length (first parents)."""
    # a changed element line (``,`` at its end) of a return or an annotation spread over lines too (#51738)
    regex = r"^[[:space:]]*return[[:space:]]|,[[:space:]]*$|def[[:space:]]+" + re.escape(drift.name.rsplit(".", 1)[-1])

    def changes_length(commit: repo.Commit) -> bool:
        before = repo.read_blobs(trees.repo, f"{commit.sha}^", [drift.path])[drift.path]
        after = repo.read_blobs(trees.repo, commit.sha, [drift.path])[drift.path]
        if drift.new_order:
            return _order_in(before, drift) != _order_in(after, drift) == drift.new_order
        return _length_in(before, drift) != _length_in(after, drift) == drift.new

    regex = regex.replace("*return[", "*yield[") if drift.yields else regex
    return trees.upstream_commit(drift.path, regex, pr_pattern, changes_length)


def _length_in(text: str | None, drift: Drift) -> int | None:
    if drift.new == _VARIADIC:
        return _VARIADIC if _over({"": text}, [""], drift.name, _variadic_annotation) == {True} else None
    lengths = _over({"": text}, [""], drift.name, _measures(drift.yields)[0])
    return lengths.pop() if len(lengths) == 1 else None


def _order_in(text: str | None, drift: Drift) -> tuple[str, ...] | None:
    return _one(_over({"": text}, [""], drift.name, _measures(drift.yields)[1]))


# -- a value upstream stopped returning ----------------------------------------------------------------
# ``x = f(...)`` / ``self.x = await f(...)``, ``if [not] f(...):`` / ``while``: a fork line that uses the
# value of one call (a text prefilter; the AST decides)
_VALUE_USE = lazy_pattern(r"^\s*(?:[\w.]+\s*(?::[^=]*)?=(?!=)|(?:if|elif|while)\s+(?:not\s+)?)\s*(?:await\s+)?[\w.]+\(")
# ``for x in f(...)`` / ``[... for x in f(...)]``: the call's value iterated (a text prefilter)
_ITERATED_CALL = lazy_pattern(r"\bfor\s+[\w.]+\s+in\s+(?:await\s+)?[\w.]+\(")
_VALUE_RETURN = lazy_pattern(r"\n-[ \t]*return [^\n]")  # upstream removed a return of a value
# ``f(...).items()`` / ``f(...).shape``: an attribute read straight off a call's value (a text prefilter)
_READ_OFF_CALL = lazy_pattern(r"\)[ \t]*\.[ \t]*[A-Za-z_]")
# ``f(...) | extra`` / ``f(...) + 1``: a call's value an operand (a text prefilter)
# ``n + f(...)`` too: the call the right operand (an operand before the operator: ``*args`` is no operation)
_OPERATED_CALL = lazy_pattern(
    r"\)[ \t]*(?:[|&+^%-]|\*\*?|//?)[ \t]*[\w{(\[]|[\w)\]][ \t]*(?:[|&+^%-]|\*\*?|//?)[ \t]*(?:await\s+)?[\w.]+\("
)
# ``n += f(...)``: a call's value the operand of an augmented assignment; ``f(...) != 0`` / ``0 < f(...)``: a
# call's value compared by equality or order (text prefilters; killers200: #18935 made ``get_dp_padding``'s
# pad a ``(pad, num_tokens_across_dp)`` pair, and ``num_tokens += self.get_dp_padding(n)`` raises)
_AUGMENTED_CALL = lazy_pattern(r"^\s*[\w.\[\]]+\s*(?:[-+*/%|&^@]|//|\*\*|<<|>>)=\s*(?:await\s+)?[\w.]+\(")
_COMPARED_CALL = lazy_pattern(r"\)[ \t]*(?:[!=]=|[<>]=?)[ \t]*[\w\-\"'(]|(?:[!=]=|[<>]=?)[ \t]*(?:await\s+)?[\w.]+\(")
# what a read off a value of the wrong kind raises (a tuple or None has no ``.items``)
_READ_MISFITS = frozenset({"AttributeError"})
# what a tuple answers itself: a read of these off a value made a tuple still works
_TUPLE_ATTRIBUTES = frozenset({"count", "index"})


@dataclass(frozen=True)
class ValueUse:
    path: str
    line: int
    callee: str
    call: str
    # "assigns", "tests", "iterates", "passes" (handed straight to another call), "reads", "operates" (an
    # operand, augmented assignments too) or "compares" (by equality or order)
    how: str
    attr: str = ""  # what "reads" reads off the value (``f(...).items()``: items)
    caught: bool = False  # in a ``try`` catching what the use raises on None or a misfit: maybe the fallback


def _voided_uses(trees: ThreeTrees, uses: list[ValueUse], pr_pattern: str) -> list[Finding]:
    """Fork lines that use the value of a call whose every ``def`` returned a value at the base and
    returns none at upstream (made in place): the name now holds None, or the test is always false."""
    if not uses:
        return []
    own = _fork_defined(trees)
    names = {u.callee for u in uses if u.callee not in own or u.call.startswith(_SUPER)}
    voided = _voided(trees, names)
    homed = _homed_voided(trees, [u for u in uses if u.callee not in voided])
    findings = []
    for use in uses:
        mine = use.callee in own and not use.call.startswith(_SUPER)
        path, qual = (None, "") if mine else (voided.get(use.callee), use.callee)
        if path is None and (use.path, use.line, use.call) in homed:
            path, qual = homed[(use.path, use.line, use.call)]
        if path is not None and _local_callee(trees, use):
            continue
        guarded = _guarded_read(trees, use) if path is not None else None
        if path is not None and guarded is not None:
            findings.append(_voided_finding(trees, guarded, path, pr_pattern, qual))
            findings += _voided_local_reads(trees, guarded, path, pr_pattern, qual)
    return findings


def _homed_voided(trees: ThreeTrees, uses: list[ValueUse]) -> dict[tuple[str, int, str], tuple[str, str]]:
    """(path, line, call) -> (upstream's file, ``Class.method``) for a use whose call resolves through its receiver
    (``super().m(...)``, ``self.m(...)`` inherited, ``head.m(...)`` with ``head: Cls``) to one class's method
    that returned a value at the base and returns none at upstream.  A name a hundred classes define
    (``load_weights``) is never voided by name: #18909 made ``Eagle3LlamaForCausalLM.load_weights`` drop
    its ``return``, #19033 ``EagleLlamaForCausalLM.load_weights``, while the target models' kept theirs."""
    removed = {p for p in trees.upstream if p.endswith(".py") and _VALUE_RETURN.search(trees.upstream.raw(p))}
    found: dict[tuple[str, int, str], tuple[str, str]] = {}
    by_path: dict[str, list[ValueUse]] = {}
    for use in uses if removed else ():
        by_path.setdefault(use.path, []).append(use)
    for path, group in by_path.items():
        module = trees.merged_module(path)
        if module is None:
            continue
        # one parent map and one index of calls by line a module, not one a use: a module of N uses walked N
        # times was quadratic (tests/audits/test_symbol_drift_cost.py)
        parents = parent_map(module)
        calls: dict[int, list[ast.Call]] = {}
        for node in ast.walk(module):
            if isinstance(node, ast.Call):
                calls.setdefault(node.lineno, []).append(node)
        for use in group:
            call = next((n for n in calls.get(use.line, ()) if ast.unparse(n.func) == use.call), None)
            home = _use_home(module, parents, call) if call is not None else None
            if home is not None and home[0] in removed and _method_voided(trees, *home):
                found[(use.path, use.line, use.call)] = home
    return found


def _use_home(module: ast.Module, parents: dict[int, ast.AST], call: ast.Call) -> tuple[str, str] | None:
    """(file, ``Class.method``) of the one class the use's call resolves in (``_typed_call``), imported by
    the fork's module from that file."""
    func = enclosing(call, parents)
    owner = parents.get(id(func)) if func is not None else None
    typed = _typed_call(call, func, owner if isinstance(owner, ast.ClassDef) else None)
    home = _imported_file(module, typed.split(".", 1)[0]) if typed and typed.count(".") == 1 else None
    return (home, typed) if home is not None and typed is not None else None


def _method_voided(trees: ThreeTrees, path: str, qual: str) -> bool:
    """``Class.method`` in ``path`` returned a value at the base and is a plain method returning none now."""
    old = _functions(trees.blobs(trees.base, [path]).get(path) or "").get(qual, [])
    new = _functions(trees.blobs(trees.theirs, [path]).get(path) or "").get(qual, [])
    if len(old) != 1 or len(new) != 1 or _stub(new[0]) or _yields(new[0]):
        return False
    return bool(returned_lengths(old[0])) and not returned_lengths(new[0])


def _voided_local_reads(trees: ThreeTrees, use: ValueUse, path: str, pr_pattern: str, qual: str) -> list[Finding]:
    """The first read of the local a voided call's value was bound to that fails on None (``loaded.add(...)``,
    ``for n in loaded``, ``loaded | extra``, ``loaded[0]``): where the AttributeError or TypeError lands.
    Quiet once the function rebinds or tests the name (``loaded = loaded or set()``, ``if loaded is None``)."""
    line = _local_read(trees, use, _fails_on_none)
    return [] if line is None else [replace(_voided_finding(trees, use, path, pr_pattern, qual), line=line)]


def _local_read(
    trees: ThreeTrees,
    use: ValueUse,
    fails: Callable[[ast.Name, ast.AST | None], bool],
    past: Callable[[ast.Name, ast.AST | None], bool] | None = None,
) -> int | None:
    """The line of the first read of the local an "assigns" use bound that ``fails`` on the call's new value,
    the function binding the name once and never testing it (a read ``past`` holds is passed over)."""
    found = _bound_local(trees, use)
    if found is None:
        return None
    func, bind, parents = found
    return _first_failing_read(func, cast(ast.Name, bind.targets[0]).id, bind, parents, fails, past)


def _bound_local(trees: ThreeTrees, use: ValueUse) -> tuple[_Def, ast.Assign, dict[int, ast.AST]] | None:
    """The function, the ``name = call(...)`` and the parents of an "assigns" use's one-name binding."""
    module = trees.merged_module(use.path) if use.how == "assigns" else None
    parents = parent_map(module) if module is not None else {}
    bind = next(
        (
            n
            for n in (ast.walk(module) if module is not None else ())
            if isinstance(n, ast.Assign) and n.lineno == use.line and isinstance(n.targets[0], ast.Name)
        ),
        None,
    )
    func = enclosing(bind, parents) if bind is not None else None
    if bind is None or func is None:
        return None
    return func, bind, parents


def _first_failing_read(
    func: _Def,
    name: str,
    bind: ast.Assign,
    parents: dict[int, ast.AST],
    fails: Callable[[ast.Name, ast.AST | None], bool],
    past: Callable[[ast.Name, ast.AST | None], bool] | None = None,
) -> int | None:
    """The line of the first load of ``name`` after ``bind`` that ``fails``, unless the function binds
    ``name`` again or tests it (a load ``past`` holds is passed over: a None test of a value made a tuple)."""
    loads = sorted(
        (n for n in ast.walk(func) if isinstance(n, ast.Name) and n.id == name and n.lineno > bind.lineno),
        key=lambda n: (n.lineno, n.col_offset),
    )
    if len(assigned(func).get(name, ())) != 1 or any(not isinstance(n.ctx, ast.Load) for n in loads):
        return None
    for load in loads:
        parent = parents.get(id(load))
        if past is not None and past(load, parent):
            continue
        if isinstance(parent, (ast.If, ast.While, ast.IfExp, ast.BoolOp, ast.Compare, ast.UnaryOp)):
            return None  # tested: the fork may handle None
        if fails(load, parent):
            return load.lineno
    return None


def _misread_as_one(load: ast.Name, parent: ast.AST | None) -> bool:
    """A read of a local that takes a tuple for the one value it held: an attribute a tuple lacks, an index
    (the tuple's element now), a loop (over the tuple's elements), an operand, or ``len()`` (its arity)."""
    if isinstance(parent, ast.Attribute) and parent.attr in _TUPLE_ATTRIBUTES:
        return False
    if isinstance(parent, ast.Call) and last_name(parent.func) == "len" and parent.args == [load]:
        return True
    return _fails_on_none(load, parent)


def _fails_on_none(load: ast.Name, parent: ast.AST | None) -> bool:
    if isinstance(parent, (ast.Attribute, ast.Subscript)) and parent.value is load:
        return True
    if isinstance(parent, (ast.For, ast.AsyncFor, ast.comprehension)) and parent.iter is load:
        return True
    return isinstance(parent, ast.BinOp) and not (_formats(parent) and parent.right is load)


# a ``%`` conversion of a format string: its flags, width and precision, then its type
_CONVERSION = lazy_pattern(r"%(?:\([^)]*\))?[-#0 +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[hlL]?(.)")


def _formats(node: ast.BinOp) -> bool:
    """``"loaded %s" % value``: printf-style formatting whose every conversion prints any value (``%s``, ``%r``,
    ``%a``), None too -- not an operation that fails on None (read-back B); ``"%d" % value`` still does."""
    left = node.left
    if not (isinstance(node.op, ast.Mod) and isinstance(left, ast.Constant) and isinstance(left.value, str)):
        return False
    kinds = set(_CONVERSION.findall(left.value)) - {"%"}
    return bool(kinds) and kinds <= {"s", "r", "a"}


# the comparisons whose outcome a call's value changing kind flips or breaks: a tuple is never equal to a
# number and raises when ordered against one; ``in`` is left alone (a tuple answers ``in`` as a list did)
_VALUE_COMPARISONS = (ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE)


def _compared_call(node: ast.Compare) -> ast.expr | None:
    """The one call a two-sided comparison by equality or order compares with something that is no tuple
    or list display (``f(...) == (a, b)`` already reads a tuple) nor None (``f(...) != None`` is a None test, which
    a tuple answers as the one value did; readG)."""
    if len(node.ops) != 1 or not isinstance(node.ops[0], _VALUE_COMPARISONS):
        return None
    left, right = node.left, node.comparators[0]
    for side, other in ((left, right), (right, left)):
        none = isinstance(other, ast.Constant) and other.value is None
        if _called(side) is not None and not none and not isinstance(other, (ast.Tuple, ast.List)):
            return side
    return None


def _fork_value_uses(trees: ThreeTrees) -> Iterator[ValueUse]:
    return _fork_owned(trees, _value_use_line, _value_use)


def _value_use_line(line: str) -> bool:
    """A fork line that may use a call's value (a text prefilter; the AST decides)."""
    return bool(
        _VALUE_USE.match(line)
        or _ITERATED_CALL.search(line)
        or _READ_OFF_CALL.search(line)
        or _OPERATED_CALL.search(line)
        or _AUGMENTED_CALL.match(line)
        or _COMPARED_CALL.search(line)
    )


def _guarded_read(trees: ThreeTrees, use: ValueUse, widen: bool = False) -> ValueUse | None:
    """A drifted "reads" use as the fork wrote it: None when a path beside it takes the call's value apart
    (one path per release, ``shape_splits``), marked ``caught`` in a ``try`` catching the AttributeError.
    Asked only of a use whose callee drifted: the module's parents are mapped then, not for every read.
    ``widen``: the value was made a tuple, which no None test or ``or`` default handles (``_guarded_value``)."""
    module = trees.merged_module(use.path) if use.how in _GUARDED_HOWS else None
    if module is None:
        return use
    parents = parent_map(module)
    if use.how != "reads":
        return _guarded_value(module, use, parents, widen)
    for node in ast.walk(module):
        if isinstance(node, ast.Attribute) and node.lineno == use.line and node.attr == use.attr:
            read = _called(node.value)
            if read is None or read[0] != use.callee:
                continue
            if positions_read(list(other_paths(node, parents)), use.callee, {}):
                return None
            return replace(use, caught=caught_around(node, _READ_MISFITS, parents))
    return use


# the uses a voided value's guard is asked of: a read off it, a bound local, an operand, a loop (review81), an
# ordering (review108: ``f(...) > 0`` raises TypeError on a tuple or None, as an operand does)
_GUARDED_HOWS = frozenset({"reads", "assigns", "operates", "iterates", "compares"})
# what an operand or a loop meeting None raises
_OPERAND_MISFITS = frozenset({"TypeError"})


def _guarded_value(
    module: ast.Module, use: ValueUse, parents: dict[int, ast.AST], widen: bool = False
) -> ValueUse | None:
    """An "assigns" use whose function handles the local being None (review81: ``loaded = super().load_weights(w)``
    then ``if loaded is None:``, ``isinstance(loaded, set)``, ``loaded = loaded or set()``) is none; an operand or
    a loop over the call in a ``try`` catching TypeError is marked ``caught`` (the handler may be the fork's
    fallback for a newer upstream)."""
    calls = [
        n
        for n in ast.walk(module)
        if isinstance(n, ast.Call) and n.lineno == use.line and ast.unparse(n.func) == use.call
    ]
    if use.how == "compares" and any(_against_tuple(c, module, parents) for c in calls):
        return None
    if use.how != "assigns":
        # ``==`` raises nothing on a tuple or None: only an ordering's TypeError reaches the handler
        raising = [c for c in calls if use.how != "compares" or _ordered(c, parents)]
        return replace(use, caught=any(caught_around(c, _OPERAND_MISFITS, parents) for c in raising))
    binds = [parents.get(id(c)) for c in calls]
    bind = next((b for b in binds if isinstance(b, ast.Assign) and isinstance(b.targets[0], ast.Name)), None)
    func = enclosing(bind, parents) if bind is not None else None
    if bind is None or func is None:
        return use
    name = cast(ast.Name, bind.targets[0]).id
    # killers207: #42433 (8df14cfc8c) made ``Scheduler._free_request`` return ``(kv, ec)``; a fork override's
    # ``params = super()._free_request(r)`` then ``if params is not None: params["x"] = ...`` tests a value
    # that is never None now -- only a probe of its kind (``isinstance(params, tuple)``) handles the pair
    handled = _probes_kind(func, name) or _unpacked_beside(bind, use, parents) if widen else _handles_none(func, name)
    return None if handled else use


def _unpacked_beside(bind: ast.Assign, use: ValueUse, parents: dict[int, ast.AST]) -> bool:
    """A path beside the binding unpacks the same call (``if hasattr(self, "get_ec_connector"): kv, _ =
    self._free_request(r)`` / ``else: kv = self._free_request(r)``): one path per release (``shape_splits``), the
    None test after them reads the part the new path bound (revDX, on #42433)."""
    return UNPACKED in positions_read(list(other_paths(bind, parents)), use.callee, {})


def _compare_of(call: ast.Call, parents: dict[int, ast.AST]) -> tuple[ast.Compare, ast.AST] | None:
    """The comparison the call (or an ``await`` of it) is a side of, and that side."""
    side: ast.AST = call
    up = parents.get(id(call))
    if isinstance(up, ast.Await):
        side, up = up, parents.get(id(up))
    return (up, side) if isinstance(up, ast.Compare) else None


def _ordered(call: ast.Call, parents: dict[int, ast.AST]) -> bool:
    """The call is a side of an ordering, ``<``, ``>=`` ...: TypeError on a tuple or None."""
    found = _compare_of(call, parents)
    return found is not None and isinstance(found[0].ops[0], ast.Lt | ast.LtE | ast.Gt | ast.GtE)


def _against_tuple(call: ast.Call, module: ast.Module, parents: dict[int, ast.AST]) -> bool:
    """The call compared with a name the module binds only to tuple displays (``_UNPADDED = (0, None)``,
    no parameter of the name around): the fork compares with the new shape, as with a display written in place
    (review108: ``runner.get_dp_padding(n) == _UNPADDED`` after #18935 made the pad a pair)."""
    found = _compare_of(call, parents)
    if found is None:
        return False
    compare, side = found
    other = compare.comparators[0] if compare.left is side else compare.left
    func = enclosing(call, parents)
    if not isinstance(other, ast.Name) or (func is not None and other.id in parameter_names(func.args)):
        return False
    values = assigned(module).get(other.id, ())
    return bool(values) and all(isinstance(v, ast.Tuple) for v in values)


def _local_callee(trees: ThreeTrees, use: ValueUse) -> bool:
    """``f(...)`` whose ``f`` the enclosing function binds itself, a parameter or a local: the fork's callable,
    not upstream's function of the name (review108: ``get_dp_padding: Callable[[int], int]`` handed in, added and
    compared, after #18935 made ``GPUModelRunner.get_dp_padding`` a pair).  Asked only of a use whose callee
    drifted, and only of a bare name's call."""
    module = trees.merged_module(use.path) if use.call.isidentifier() else None
    if module is None:
        return False
    parents = parent_map(module)
    for node in ast.walk(module):
        if isinstance(node, ast.Call) and node.lineno == use.line and _is_name(node.func, use.call):
            func = enclosing(node, parents)
            return func is not None and use.call in local_names(func) and not _imports(func, use.call)
    return False


def _imports(func: _Def, name: str) -> bool:
    """The function imports ``name`` itself (``from mod import f`` in its body): upstream's function still."""
    return any(
        isinstance(n, ast.Import | ast.ImportFrom) and any((a.asname or a.name.split(".")[0]) == name for a in n.names)
        for n in ast.walk(func)
    )


def _probes_kind(func: _Def, name: str) -> bool:
    """The function asks ``isinstance(name, ...)``: it branches on what the value is."""
    return any(
        isinstance(node, ast.Call)
        and last_name(node.func) == "isinstance"
        and bool(node.args)
        and _is_name(node.args[0], name)
        for node in ast.walk(func)
    )


def _none_test(load: ast.Name, parent: ast.AST | None) -> bool:
    """``name is None``, ``name is not None``, ``name == None`` or ``name != None``: one comparison with None."""
    if not isinstance(parent, ast.Compare) or len(parent.ops) != 1:
        return False
    if not isinstance(parent.ops[0], ast.Is | ast.IsNot | ast.Eq | ast.NotEq):
        return False
    sides = [parent.left, parent.comparators[0]]
    return load in sides and any(_is_none_constant(x) for x in sides)


def _none_tests(trees: ThreeTrees, use: ValueUse) -> list[int]:
    """The lines testing the local an "assigns" use bound against None, the function binding it once: the value
    made a tuple is never None, so each such test now answers the same every time."""
    found = _bound_local(trees, use)
    if found is None:
        return []
    func, bind, parents = found
    name = cast(ast.Name, bind.targets[0]).id
    if len(assigned(func).get(name, ())) != 1:
        return []
    loads = (n for n in ast.walk(func) if isinstance(n, ast.Name) and n.id == name and n.lineno > bind.lineno)
    return sorted({n.lineno for n in loads if _none_test(n, parents.get(id(n)))})


def _handles_none(func: _Def, name: str) -> bool:
    """The function compares ``name`` with None, asks ``isinstance(name, ...)``, or rebinds ``name = name or ...``:
    it is ready for the None a voided call now binds (a bare ``if name:`` is not: it is what turns silent)."""
    if _probes_kind(func, name):
        return True
    for node in ast.walk(func):
        if isinstance(node, ast.Compare) and all(isinstance(o, ast.Is | ast.IsNot) for o in node.ops):
            sides = [node.left, *node.comparators]
            if any(_is_name(x, name) for x in sides) and any(_is_none_constant(x) for x in sides):
                return True
        if isinstance(node, ast.Assign) and any(_is_name(t, name) for t in node.targets):
            value = node.value
            if isinstance(value, ast.BoolOp) and isinstance(value.op, ast.Or) and _is_name(value.values[0], name):
                return True
    return False


def _is_name(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _is_none_constant(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _value_use(path: str, node: ast.AST) -> ValueUse | None:
    if isinstance(node, ast.Attribute) and not (node.attr in _TUPLE_ATTRIBUTES or node.attr.startswith("__")):
        # ``for k, v in f(...).items()``: the attribute is looked up on whatever the call returns now (#32771
        # made ``get_cudagraph_sizes``'s dict a pair of dicts: a tuple has no ``items``)
        read = _called(node.value)
        if read is None:
            return None
        return ValueUse(path, node.lineno, read[0], ast.unparse(read[1]), "reads", node.attr)
    if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        if len(targets) != 1 or not isinstance(targets[0], (ast.Name, ast.Attribute)):
            return None
        value, how = node.value, "assigns"
    elif isinstance(node, (ast.If, ast.While)):
        value, how = node.test, "tests"
        if isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.Not):
            value = value.operand
    elif isinstance(node, (ast.For, ast.AsyncFor)) and isinstance(node.target, ast.Name):
        value, how = node.iter, "iterates"  # one name a step: a tuple target is an unpack (return drift's)
    elif isinstance(node, ast.BinOp) and not _formats(node) and (_called(node.left) or _called(node.right)):
        # ``super().load_weights(w) | {"x"}``: the operator meets whatever the call returns (None: TypeError)
        value, how = node.left if _called(node.left) else node.right, "operates"
    elif isinstance(node, ast.AugAssign):
        value, how = node.value, "operates"  # ``n += f(...)``: the operator meets the call's value the same
    elif isinstance(node, ast.Compare):
        compared = _compared_call(node)
        if compared is None:
            return None
        value, how = compared, "compares"
    elif isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
        loops = [g.iter for g in node.generators if isinstance(g.target, ast.Name) and _called(g.iter) is not None]
        if not loops:
            return None
        value, how = loops[0], "iterates"
    else:
        return None
    called = _called(value)
    return ValueUse(path, node.lineno, called[0], ast.unparse(called[1]), how) if called else None


# ``g(f(...))`` / ``g(x, key=f(...))``: a call's value handed straight to another call (a text prefilter)
_PASSED_CALL = lazy_pattern(r"[\w.]+\((?:[^()]*[(,=]\s*|\s*)(?:await\s+)?[\w.]+\(")
# callees that take any value whole (print it, measure it, store it, type-check it): no one-value use
_TAKES_ANY = frozenset(
    {"print", "repr", "str", "len", "list", "tuple", "set", "type", "id", "isinstance", "hasattr", "iter", "next"}
)
# callees that render any value whole (``"{}".format(x)``, ``json.dumps(x)``), and a test's ``self.assert*``
_SHOWS = frozenset({"format", "format_map", "pprint", "pformat", "dumps"})
_LOGS = LOG_METHODS | {"log"}


def _fork_passed_values(trees: ThreeTrees) -> list[ValueUse]:
    """Fork lines handing a call's value straight to another call (``Parameter(f(x), ...)``): one value
    made a tuple reaches the callee whole (#34577: ``nvfp4_marlin_process_scales`` made a pair under a
    ``torch.nn.Parameter(...)``).  Only for a widened return: a voided one is left to the assignments."""
    found: list[ValueUse] = []
    for path, module, owned in fork_modules(trees, _PASSED_CALL.search):
        # a function the fork wrote in the file may be its adapter (``v[0] if isinstance(v, tuple) else v``)
        own = {n.name for n in module.body if isinstance(n, _Def) and n.lineno in owned}
        for node in walk_spanning(module, owned):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in own:
                continue
            use = _passed_value(path, node)
            if use is not None and use.line in owned:
                found.append(use)
    return found


def _passed_value(path: str, node: ast.AST) -> ValueUse | None:
    if not isinstance(node, ast.Call) or _takes_any(node.func):
        return None
    values = [*node.args, *(k.value for k in node.keywords if k.arg is not None)]
    for value in values:
        called = _called(value)
        if called is not None:
            return ValueUse(path, value.lineno, called[0], ast.unparse(called[1]), "passes")
    return None


def _takes_any(func: ast.expr) -> bool:
    """A builtin that takes any value whole, a logger's method, a renderer or an ``assert*`` method."""
    if isinstance(func, ast.Name):
        return func.id in _TAKES_ANY or func.id in _SHOWS
    if not isinstance(func, ast.Attribute):
        return False
    return func.attr in _LOGS or func.attr in _SHOWS or func.attr.startswith("assert")


def _called(value: ast.expr) -> tuple[str, ast.expr] | None:
    """``f(...)``, ``obj.f(...)`` or ``await`` of one: the callee's name and expression."""
    if isinstance(value, ast.Await):
        value = value.value
    if not isinstance(value, ast.Call):
        return None
    func = value.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
    return (name, func) if name is not None else None


def _voided(trees: ThreeTrees, names: set[str]) -> dict[str, str]:
    """name -> upstream's file, for the names whose every def returned a value at the base and none now."""
    paths = [p for p in trees.upstream if p.endswith(".py") and _VALUE_RETURN.search(trees.upstream.raw(p))]
    if not names or not paths:
        return {}
    literal = [f":(literal){p}" for p in paths]
    near = repo.definition_sites(trees.repo, trees.theirs, sorted(names), literal)
    # the files upstream changed first (most merges stop here); the whole tree only for a name that passes
    files = sorted({p for sites in near.values() for p, _ in sites})
    base, theirs = both_texts(trees, files)
    wanted = sorted(
        name
        for name, sites in near.items()
        if _returns_in(theirs, sites, name) is False and _returns_in(base, sites, name) is True
    )
    if not wanted:
        return {}
    sites = repo.definition_sites_at(trees.repo, (trees.base, trees.theirs), wanted, [PYTHON_FILES])
    voided = {}
    for name in wanted:
        at_base, at_theirs = sites[trees.base].get(name, []), sites[trees.theirs].get(name, [])
        if at_base and at_theirs and _all_return(trees, trees.base, name, at_base, True):
            if _all_return(trees, trees.theirs, name, at_theirs, False):
                voided[name] = at_theirs[0][0]
    return voided


def _returns_in(texts: dict[str, str | None], sites: list[tuple[str, int]], name: str) -> bool | None:
    """Whether the defs of ``name`` in these files all return a value (True) or none (False); None: mixed."""
    seen = {_returns_value(texts.get(path), name) for path in {p for p, _ in sites}}
    return seen.pop() if len(seen) == 1 else None


def _all_return(trees: ThreeTrees, rev: str, name: str, sites: list[tuple[str, int]], value: bool) -> bool:
    """Every def of ``name`` at ``rev`` returns a value (``value``), or every one is a plain function that
    returns none (not a generator, not a stub: ``...``, ``pass`` or a raise only)."""
    texts = trees.blobs(rev, sorted({p for p, _ in sites}))
    for path, line in sites:
        node = _def_at(texts.get(path), line, name)
        if node is None or _stub(node):
            return False
        lengths = returned_lengths(node)
        if value and not lengths:
            return False
        if not value and (lengths or _yields(node)):
            return False
    return True


def _stub(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    body = node.body[1:] if node.body and is_docstring(node.body[0]) else node.body
    return not body or all(
        isinstance(s, (ast.Pass, ast.Raise)) or (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))
        for s in body
    )


def _yields(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any(isinstance(n, (ast.Yield, ast.YieldFrom)) for n in ast.walk(node))


def _voided_finding(trees: ThreeTrees, use: ValueUse, path: str, pr_pattern: str, qual: str = "") -> Finding:
    """``qual``: the name voided (``Class.method`` when resolved through the receiver's class)."""
    drift = Drift(qual or use.callee, path, 0, 0)

    def voids(commit: repo.Commit) -> bool:
        before = repo.read_blobs(trees.repo, f"{commit.sha}^", [path])[path]
        after = repo.read_blobs(trees.repo, commit.sha, [path])[path]
        return _returns_value(before, drift.name) and not _returns_value(after, drift.name)

    regex = r"^[[:space:]]*return[[:space:]]|def[[:space:]]+" + re.escape(use.callee)
    commit = trees.upstream_commit(path, regex, pr_pattern, voids)
    consequence = {
        "assigns": "it now holds None",
        "reads": f"the read of .{use.attr} now hits None: AttributeError at runtime",
        "iterates": "the loop now iterates None: TypeError at runtime",
        "operates": "the operator now meets None: TypeError at runtime",
        "compares": "the comparison now meets None: never equal, and ordering it raises TypeError",
    }.get(use.how, "the test now sees None every time")
    message = (
        f"fork-owned line uses the value of {use.call}(), but upstream changed {drift.name}() to return "
        f"nothing ({path}{commit}): {consequence}; use what upstream's callers use now"
    )
    if use.caught:
        caught = _CAUGHT_READ if use.how == "reads" else _CAUGHT_OPERAND
        return Finding(RULE, "merge", Severity.WARNING, use.path, use.line, message + caught)
    return Finding(RULE, "merge", Severity.ERROR, use.path, use.line, message)


# a try around a read off the call catches what the read raises now: its handler may be the fork's fallback
_CAUGHT_READ = "; a try around it catches the AttributeError, which may already be the fork's fallback"
_CAUGHT_OPERAND = "; a try around it catches the TypeError, which may already be the fork's fallback"


def _returns_value(text: str | None, name: str) -> bool:
    defs = _functions(text or "").get(name, [])  # walked once per text
    return bool(defs) and all(returned_lengths(d) for d in defs)


# -- one value made a tuple ----------------------------------------------------------------------------
def _widened_findings(
    trees: ThreeTrees, uses: list[ValueUse], singles: list[Override], rebound: Rebound, pr_pattern: str
) -> list[Finding]:
    """Fork lines written for a function that returned one value, which upstream made return a tuple
    (and whose callers upstream rewrote to unpack it): a fork use of the value now holds the tuple (a
    test of it is always true), a fork override's one value is unpacked by upstream's callers."""
    own = _fork_defined(trees) if uses else set()
    uses = [u for u in uses if u.callee not in own or u.call.startswith(_SUPER)]
    if not uses and not singles:
        return []
    names = {u.callee for u in uses} | {o.name for o in singles}
    names |= {q for u in uses if (q := _qualified(u.callee, u.call))}
    widened = _reshaped(trees, names, rebound, widen=True)
    findings = []
    fielded = _fielded_widened(trees, uses, rebound)
    for use in uses:
        drift = _of(widened, use.callee, use.call) or fielded.get((use.path, use.line, use.callee))
        apart = drift is None or _local_callee(trees, use) or _taken_apart(trees, use) or _handed_to_sorter(trees, use)
        guarded = _guarded_read(trees, use, widen=True) if drift is not None and not apart else None
        if drift is not None and guarded is not None:
            finding = _widened_finding(trees, use.path, use.line, drift, pr_pattern, use=guarded)
            findings.append(finding)
            if (line := _local_read(trees, guarded, _misread_as_one, past=_none_test)) is not None:
                findings.append(replace(finding, line=line))
            never = "; the None test here now always answers the same: the tuple is never None"
            findings += [replace(finding, line=n, message=finding.message + never) for n in _none_tests(trees, guarded)]
    homed = _homed_widened(trees, [o for o in singles if o.homes], rebound)
    for override in singles:
        drift = widened.get(override.name) or next((homed[k] for k in _home_keys(override) if k in homed), None)
        # an override of that class's method: a method of the name in an unrelated class or mixin is its own
        if drift is not None and drift.owners.intersection(override.bases) and _one_by_base(trees, drift, override):
            findings.append(
                _widened_finding(trees, override.path, override.line, drift, pr_pattern, qual=override.qual)
            )
    return findings


_FIELD_CALL = lazy_pattern(r"^self\.(\w+)\.(\w+)$")


def _fielded_widened(trees: ThreeTrees, uses: list[ValueUse], rebound: Rebound) -> dict[tuple[str, int, str], Drift]:
    """(path, line) -> the drift of ``self.field.method(...)`` in a fork subclass, where the base the fork's
    module imports sets ``self.field = Cls(...)`` at upstream and ``Cls.method`` went from one value to an
    N-tuple there (#22387: ``Sampler.__init__``'s ``self.topk_topp_sampler = TopKTopPSampler(...)``, whose
    ``forward_native`` returns ``(sampled, logprobs)`` now; ``forward_native`` is a method of a hundred
    classes by name); and of ``self.method(...)``, ``Cls`` the base itself (``_self_home``, #16188)."""
    # keyed by the callee too: another use on the line (``torch.cat(self.f(...))``'s ``cat``) is not this call's
    found: dict[tuple[str, int, str], Drift] = {}
    for use in uses:
        match = _FIELD_CALL.match(use.call)
        home = _field_home(trees, use, match.group(1)) if match else None
        home = home or (_self_home(trees, use) if use.call == f"self.{use.callee}" else None)
        drift = _homed_method(trees, home[0], home[1], use.callee, rebound) if home else None
        if drift is not None:
            found[(use.path, use.line, use.callee)] = drift
    return found


def _self_home(trees: ThreeTrees, use: ValueUse) -> tuple[str, str] | None:
    """(file, class) of the one base a fork class imports, for its ``self.method(...)`` of a method it does not
    define: resolved in that class, where a name four modules define with other shapes is not resolved by name
    (#16188: ``GPUModelRunner._dummy_run`` made ``(hidden_states, last_hidden_states)``, the TPU runners' kept
    ``-> None``; mend61)."""
    module = trees.merged_module(use.path)
    owner = next(
        (
            n
            for n in (ast.walk(module) if module is not None else ())
            if isinstance(n, ast.ClassDef) and n.lineno <= use.line <= (n.end_lineno or 0)
        ),
        None,
    )
    if owner is None or defines(owner, use.callee) or len(owner.bases) != 1:
        return None
    base = last_name(owner.bases[0])
    home = _imported_file(module, base) if base else None
    return (home, base) if home else None


def _field_home(trees: ThreeTrees, use: ValueUse, field: str) -> tuple[str, str] | None:
    """(file, class) of the one class the fork class's imported base types ``self.field`` as at upstream."""
    module = trees.merged_module(use.path)
    owner = next(
        (
            n
            for n in (ast.walk(module) if module is not None else ())
            if isinstance(n, ast.ClassDef) and n.lineno <= use.line <= (n.end_lineno or 0)
        ),
        None,
    )
    if owner is None or defines(owner, field) or _field_classes(owner, field) or len(owner.bases) != 1:
        return None  # the fork's class sets the field itself: its type is the fork's
    base = last_name(owner.bases[0])
    home = _imported_file(module, base)
    text = trees.blobs(trees.theirs, [home]).get(home) if home else None
    tree = parse_python(text or "")
    cls = next((n for n in (tree.body if tree else []) if isinstance(n, ast.ClassDef) and n.name == base), None)
    classes = _field_classes(cls, field) if cls is not None else set()
    if len(classes) != 1 or not (typed := classes.pop()).isidentifier() or not typed[:1].isupper():
        return None
    there = _imported_file(tree, typed) if tree is not None and home is not None else None
    return (there or home or "", typed) if (there or home) else None


def _homed_method(trees: ThreeTrees, path: str, cls: str, method: str, rebound: Rebound) -> Drift | None:
    """``cls.method`` in ``path``: one value at the base, N-tuples at upstream, and upstream says so (its
    callers unpack it now, or its return annotation went from one class to ``tuple[...]``)."""
    if path not in trees.upstream:
        return None
    qual = f"{cls}.{method}"
    old = _functions(trees.blobs(trees.base, [path]).get(path) or "").get(qual, [])
    new = _functions(trees.blobs(trees.theirs, [path]).get(path) or "").get(qual, [])
    if len(old) != 1 or len(new) != 1 or not _single(old[0]):
        return None
    lengths = returned_lengths(new[0])
    length = min(lengths) if len(lengths) == 1 else 0
    declared = _annotated_one(old[0]) and _annotated_tuple(new[0])
    if length < 2 or not (declared or rebound.moved(qual, widen=True)):
        return None
    return Drift(qual, path, 1, length, single=True, owners=frozenset({cls}))


def _home_keys(override: Override) -> list[tuple[str, str]]:
    return [(home, f"{base}.{override.name}") for base, home in override.homes]


def _homed_widened(trees: ThreeTrees, overrides: list[Override], rebound: Rebound) -> dict[tuple[str, str], Drift]:
    """(file, Base.method) -> the drift of a base method the fork's class imports from that file, which
    returned one value at the base and tuples of one length N at upstream, its callers moved to
    unpacking: resolved in the base's own file, where a name many classes define (``sample``, and a
    ``Sampler.sample`` in another module) is not resolved by name (#22387)."""
    keys = {k for o in overrides for k in _home_keys(o) if k[0] in trees.upstream}
    if not keys:
        return {}
    paths = sorted({p for p, _ in keys})
    base, theirs = trees.blobs(trees.base, paths), trees.blobs(trees.theirs, paths)
    found: dict[tuple[str, str], Drift] = {}
    for path, qual in sorted(keys):
        old, new = _functions(base.get(path) or "").get(qual, []), _functions(theirs.get(path) or "").get(qual, [])
        if len(old) != 1 or len(new) != 1 or not _single(old[0]) or not rebound.moved(qual, widen=True):
            continue
        lengths = returned_lengths(new[0])
        length = min(lengths) if len(lengths) == 1 else 0
        if length >= 2:
            owner = frozenset({qual.rsplit(".", 1)[0]})
            found[(path, qual)] = Drift(qual, path, 1, length, single=True, owners=owner)
    return found


def _one_by_base(trees: ThreeTrees, drift: Drift, override: Override) -> bool:
    """Every method the override returns a call of is one upstream's class (a base of the override's)
    declares to return one plain class and returns one value from (``-> torch.Tensor``): #22387 made
    ``Sampler.sample`` a pair, a fork override's ``return self.greedy_sample(logits)`` is still one."""
    if not override.via:
        return True
    module = parse_python(trees.blobs(trees.theirs, [drift.path]).get(drift.path) or "")
    classes = [n for n in (module.body if module else []) if isinstance(n, ast.ClassDef) and n.name in override.bases]
    defs = {n.name: n for cls in classes for n in cls.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    return all(m in defs and _annotated_one(defs[m]) and _single(defs[m]) for m in override.via)


def _single(func: _Def, surely: bool = False) -> bool:
    """``func`` returns one value: at least one return of a value, none a tuple display, no yield, and
    none hands on a call of a function of its own name (``return super().f(...)``: what that returns).
    ``surely`` (a fork override, to be reported): every returned value is one whatever runs
    (``_one_value``), since a name bound to a tuple, a call (a helper, a NamedTuple) or a conditional
    with a tuple branch may hold the tuple."""
    values = []
    for node in own_nodes(func.body):
        if isinstance(node, (ast.Yield, ast.YieldFrom)):
            return False
        if isinstance(node, ast.Return) and node.value is not None:
            if isinstance(node.value, ast.Tuple):
                return False
            if not (isinstance(node.value, ast.Constant) and node.value.value is None):
                values.append(node.value)
    if surely:
        bound = _bindings(func)
        return bool(values) and all(_one_value(value, bound, set()) for value in values)
    if _annotated_tuple(func):  # ``-> tuple[A, B]`` over ``return base if x else base``: the def says a tuple
        return False
    # ``return super().forward(...)`` under ``-> torch.Tensor``: the def says it is one value (#35949)
    return bool(values) and (
        _annotated_one(func)
        or not any(
            isinstance(n, ast.Call) and last_name(n.func) == func.name for value in values for n in ast.walk(value)
        )
    )


def _annotated_tuple(func: _Def) -> bool:
    ann = func.returns
    return isinstance(ann, ast.Subscript) and last_name(ann.value) in ("tuple", "Tuple")


_NOT_ONE = frozenset({"Any", "object", "tuple", "Tuple", "Iterable", "Sequence", "Generator", "Iterator"})


def _annotated_one(func: _Def) -> bool:
    """The def is annotated to return one plain class (``-> torch.Tensor``): no tuple, union or Any."""
    ann = func.returns
    return (
        isinstance(ann, (ast.Name, ast.Attribute)) and last_name(ann)[:1].isupper() and last_name(ann) not in _NOT_ONE
    )


# displays and literals that are never a tuple
_NOT_TUPLES = (ast.List, ast.ListComp, ast.Dict, ast.DictComp, ast.Set, ast.SetComp, ast.JoinedStr, ast.Constant)


def _one_value(value: ast.expr, bound: dict[str, list[ast.expr] | None], seen: set[str]) -> bool:
    """``value`` is surely not a tuple: a list, dict, set or constant display, a conditional or ``or``
    of such, or a local name every binding of which is one (a parameter, a loop or unpack target:
    unknown)."""
    if isinstance(value, _NOT_TUPLES):
        return not (isinstance(value, ast.Constant) and value.value is None)
    if isinstance(value, ast.IfExp):
        return _one_value(value.body, bound, seen) and _one_value(value.orelse, bound, seen)
    if isinstance(value, ast.BoolOp):
        return all(_one_value(v, bound, seen) for v in value.values)
    if isinstance(value, ast.Name) and value.id not in seen:
        values = bound.get(value.id)
        return bool(values) and all(_one_value(v, bound, seen | {value.id}) for v in values or ())
    return False


def _bindings(func: _Def) -> dict[str, list[ast.expr] | None]:
    """The values a function's own plain assignments bind to each name; None for a name bound any other
    way too (a parameter, a loop, ``with``, an unpack, a walrus, an augmented assignment)."""
    bound: dict[str, list[ast.expr] | None] = {a.arg: None for a in ast.walk(func.args) if isinstance(a, ast.arg)}
    plain: set[int] = set()
    for node in own_nodes(func.body):
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name):
                    plain.add(id(target))
                    if (values := bound.setdefault(target.id, [])) is not None:
                        values.append(node.value)
    for node in own_nodes(func.body):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store) and id(node) not in plain:
            bound[node.id] = None
        elif isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
            bound[node.target.id] = None
    return bound


def _taken_apart(trees: ThreeTrees, use: ValueUse) -> bool:
    """The name a fork line binds is unpacked or read by position later in its function
    (``out = f(...)`` then ``a, b = out`` or ``out[0]``): the fork already treats it as a tuple."""
    module = trees.merged_module(use.path) if use.how == "assigns" else None
    funcs = [
        f
        for f in (ast.walk(module) if module is not None else ())
        if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)) and f.lineno <= use.line <= (f.end_lineno or 0)
    ]
    scope: list[ast.stmt] = max(funcs, key=lambda f: f.lineno).body if funcs else module.body if module else []
    binds = next(
        (n for n in own_nodes(scope) if isinstance(n, (ast.Assign, ast.AnnAssign)) and n.lineno == use.line), None
    )
    target = binds.targets[0] if isinstance(binds, ast.Assign) else binds.target if binds is not None else None
    if not isinstance(target, ast.Name):
        return False
    for node in own_nodes(scope):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Name) and node.value.id == target.id:
            if any(isinstance(t, (ast.Tuple, ast.List)) for t in node.targets):
                return True
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == target.id:
            if isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, int):
                return True
    return False


def _handed_to_sorter(trees: ThreeTrees, use: ValueUse) -> bool:
    """The name a fork line binds, bound once, is read only as an argument of the module's own functions that
    ask ``isinstance`` of that parameter (``_blocks(hit)`` reading ``hit[0] if isinstance(hit, tuple) else
    hit``): the fork reads both shapes there (review83: #12003's ``get_computed_blocks`` pair)."""
    module = trees.merged_module(use.path) if use.how == "assigns" else None
    if module is None:
        return False
    parents = parent_map(module)
    bind = next(
        (n for n in ast.walk(module) if isinstance(n, ast.Assign) and n.lineno == use.line and _one_name(n)), None
    )
    func = enclosing(bind, parents) if bind is not None else None
    if bind is None or func is None:
        return False
    name = cast(ast.Name, bind.targets[0]).id
    loads = [n for n in ast.walk(func) if isinstance(n, ast.Name) and n.id == name and n.lineno > bind.lineno]
    helpers = {d.name: d for d in module.body if isinstance(d, ast.FunctionDef | ast.AsyncFunctionDef)}
    once = len(assigned(func).get(name, ())) == 1
    return once and bool(loads) and all(_sorts_kinds(n, parents.get(id(n)), helpers) for n in loads)


def _one_name(node: ast.Assign) -> bool:
    return len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)


def _sorts_kinds(load: ast.Name, parent: ast.AST | None, helpers: dict[str, _Def]) -> bool:
    """``load`` is a positional argument of a call of one of ``helpers`` that asks ``isinstance`` of the
    parameter it lands in."""
    if not (isinstance(parent, ast.Call) and isinstance(parent.func, ast.Name) and load in parent.args):
        return False
    helper = helpers.get(parent.func.id)
    if helper is None or any(isinstance(a, ast.Starred) for a in parent.args):
        return False
    params = [*helper.args.posonlyargs, *helper.args.args]
    at = parent.args.index(load)
    return at < len(params) and isinstance_asked(helper, params[at].arg)


def _owners(trees: ThreeTrees, name: str, sites: list[tuple[str, int]]) -> frozenset[str]:
    """The classes whose method ``name`` is at these sites of upstream (``Class.name`` in their file)."""
    bare = name.rsplit(".", 1)[-1]
    texts = trees.blobs(trees.theirs, sorted({p for p, _ in sites}))
    owners = set()
    for path, line in sites:
        for key, defs in _functions(texts.get(path) or "").items():
            if key.endswith(f".{bare}") and any(d.lineno == line for d in defs):
                owners.add(key.rsplit(".", 1)[0])
    return frozenset(owners)


def _singles(func: _Def) -> set[bool]:
    """Whether ``func`` returns one value; an abstract declaration (``raise NotImplementedError``) says
    nothing of the shape its implementations return."""
    return set() if _stub(func) else {_single(func)}


def _reshaped(
    trees: ThreeTrees, names: set[str], rebound: Rebound, widen: bool, via: dict[str, str] | None = None
) -> dict[str, Drift]:
    """``widen``: the names whose every def returned one value at the base and tuples of one length now,
    and whose callers upstream rewrote from binding one name to unpacking (the evidence that one value
    was meant); else the other way round: N-tuples made one value, unpacks made one name."""
    paths = rebound.paths() if names else []
    if not paths:
        return {}
    # the tuples' side first, in the files upstream changed (the one value may live in another file now)
    rev = trees.theirs if widen else trees.base
    near = _definition_sites(trees, rev, sorted(names), [f":(literal){p}" for p in paths])
    texts = trees.blobs(rev, sorted({p for sites in near.values() for p, _ in sites}))
    wanted = []
    for name, near_sites in near.items():
        lengths = _over(texts, sorted({p for p, _ in near_sites}), name, returned_lengths)
        if len(lengths) == 1 and min(lengths) >= 2:
            wanted.append(name)
    wanted = [
        name
        for name in wanted
        if rebound.moved(name, widen) or ((via or {}).get(name) and rebound.moved((via or {})[name], widen))
    ]
    if not wanted:
        return {}
    drifts: dict[str, Drift] = {}
    for name, (at_base, at_theirs) in _sides_sites(trees, wanted).items():
        tuples, single = (trees.theirs, trees.base) if widen else (trees.base, trees.theirs)
        at_tuples, at_single = (at_theirs, at_base) if widen else (at_base, at_theirs)
        length = _shape(trees, tuples, name, at_tuples, returned_lengths)
        if length is None or length < 2 or _at_sites(trees, single, name, at_single, _singles) != {True}:
            continue
        if not widen and _kin_returned(trees, name, at_single):
            continue  # the one value is a tuple's kin (a NamedTuple of the fields): the fork's unpack still takes it
        shown = _order(trees, tuples, name, at_tuples, returned_orders) or ()
        # named by the file of a def outside the tests when there is one (a test may define a fake)
        path = min((p for p, _ in at_theirs), key=lambda p: (_TESTS.search(p) is not None, p))
        if widen:
            owners = _owners(trees, name, at_theirs)
            drifts[name] = Drift(name, path, 1, length, new_names=shown, single=True, owners=owners)
        else:
            drifts[name] = Drift(name, path, length, _UNKNOWN, old_names=shown, single=True)
    return drifts


_TESTS = lazy_pattern(r"(?:^|/)tests?/|(?:^|/)test_[^/]*$")


def _kin_returned(trees: ThreeTrees, name: str, sites: list[tuple[str, int]]) -> bool:
    """#40410: ``prepare_inputs_to_capture`` went from ``return attn_metadata, slot_mappings`` to
    ``return CapturedAttentionState(attn_metadata, slot_mappings)``, a ``NamedTuple`` of the same two: a fork's
    two-name unpack still works.  Some class a def of ``name`` at these sites of upstream is annotated to
    return, or whose call it returns, is one upstream defines and a tuple's kin (``_unpackable``)."""
    classes = _at_sites(trees, trees.theirs, name, sites, _returned_classes) or set()
    return any(
        _unpackable(trees, node, module, 3) for cls in sorted(classes) for node, module in _upstream_classes(trees, cls)
    )


def _returned_classes(func: _Def) -> set[str]:
    """The capitalised classes a def is annotated to return, or whose constructor call it returns."""
    found = {last_name(func.returns) or ""} if isinstance(func.returns, (ast.Name, ast.Attribute)) else set()
    for value in own_returns(func):
        if isinstance(value, ast.Call):
            found.add(last_name(value.func) or "")
    return {c for c in found if c[:1].isupper() and c.isidentifier()}


class Rebound:
    """What upstream's diff says of a reshaped function, read once per merge and only when asked: the
    Python files where a tuple return or annotation changed, and whether upstream's callers moved from
    binding one name to unpacking (``x = self.f(...)`` -> ``x, mask = self.f(...)``) or back: the
    evidence that the shape meant changed."""

    def __init__(self, trees: ThreeTrees) -> None:
        self._trees = trees
        self._paths: list[str] | None = None

    def paths(self) -> list[str]:
        if self._paths is None:
            upstream = self._trees.upstream
            self._paths = [
                p
                for p in upstream
                if p.endswith(".py") and (_TUPLE_RETURN.search(raw := upstream.raw(p)) or _TUPLE_ANNOTATION.search(raw))
            ]
        return self._paths

    def moved(self, name: str, widen: bool) -> bool:
        """Upstream removed a line binding one name from a call of ``name`` and added one unpacking several
        (``widen``), or the other way round (where an added test of the call's value stands for the line
        binding it whole); only the files whose diff names ``name(`` are searched."""
        bare = name.rsplit(".", 1)[-1]
        call = rf"[ \t]*(?:await[ \t]+)?(?:[\w.]|\(\))*?\b{re.escape(bare)}\("
        one, many = ("-", "\\+") if widen else ("\\+", "-")
        # the value may open on the next line: ``a, b = \`` or ``a, b = (`` then the call (#12003's scheduler)
        # ``n += f(...)`` takes the value whole too (#18935's ``num_tokens += self.get_dp_padding(num_tokens)``)
        bound = re.compile(rf"\n{one}[ \t]*[\w.]+[ \t]*(?::[^=\n]*|{_AUGMENTED_OP})?={_BROKEN.format(one)}{call}")
        # ``a, b = f(``, or the last line of a target the formatter split over lines, ``) = f(``
        unpacked = re.compile(
            rf"\n{many}[ \t]*(?:\(?[\w.]+[ \t]*,[\w. \t,*]*\)?|\))[ \t]*={_BROKEN.format(many)}{call}"
        )
        upstream = self._trees.upstream
        texts = [raw for p in upstream if p.endswith(".py") and f"{bare}(" in (raw := upstream.raw(p))]
        whole = any(not _INDEXED_END.search(t[m.end() :].split("\n", 1)[0]) for t in texts for m in bound.finditer(t))
        if not whole and not widen:
            # ``if not f(...):`` added (#24600's ``supports_trtllm_attention``): a tuple's truth is always
            # true, so upstream testing the call's value says it is one value as surely as binding it whole
            tested = re.compile(rf"\n\+[ \t]*(?:(?:el)?if|while|assert)[ \t]+(?:not[ \t]+)?{call}")
            whole = any(_tested_whole(t[m.end() :].split("\n", 1)[0]) for t in texts for m in tested.finditer(t))
        return whole and any(unpacked.search(t) for t in texts)


def _tested_whole(rest: str) -> bool:
    """The call opened just before ``rest`` closes on this line and the test takes its value whole: a
    ``:``, ``and``, ``or``, an assert's message or the line's end follow it (not ``)[0]``, ``).x``, ``) ==``)."""
    depth = 1
    for i, char in enumerate(rest):
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
            if depth == 0:
                after = rest[i + 1 :].strip()
                return not after or after.startswith((":", ",", "#", "and ", "or "))
    return False


# ``x = f(...)[1]``: one element read by position, not the value bound whole (#48018's rewrite of
# ``_, ssm_state_dtype = self.get_state_dtype()``)
# a value continued on the next line of the same side of the diff: a backslash or an opened parenthesis
# the operator of an augmented assignment, before its ``=``
_AUGMENTED_OP = r"(?:[-+*/%|&^@]|//|\*\*|<<|>>)"
_BROKEN = r"(?:[ \t]*[\\(]?[ \t]*\n{}(?=[ \t]*[\w.(]))?"
_INDEXED_END = lazy_pattern(r"\)\s*\[\s*-?\d+\s*\]\s*(?:#.*)?$")


def _widened_finding(
    trees: ThreeTrees,
    path: str,
    line: int,
    drift: Drift,
    pr_pattern: str,
    use: ValueUse | None = None,
    qual: str = "",
) -> Finding:
    where = f"({drift.path}{_commit(trees, drift, pr_pattern)})"
    now = f"({', '.join(drift.new_names)})" if drift.new_names else f"{drift.new} values"
    if use is not None:
        outcome = {
            "assigns": "the name now holds the whole tuple",
            "iterates": f"the loop now steps through the tuple's {drift.new} values",
            "passes": "the call it is handed to now gets the whole tuple",
            "reads": f"the tuple has no .{use.attr}: AttributeError at runtime",
            "operates": "the operator now meets the tuple: TypeError at runtime (a ``*`` repeats it instead)",
            "compares": "the comparison now meets the tuple: never equal, and ordering it raises TypeError",
        }.get(use.how, "the test now sees a non-empty tuple: always true")
        message = (
            f"fork-owned line uses the value of {use.call}() as one value, but upstream changed "
            f"{drift.name}() to return {now} {where} and its callers unpack it now: {outcome}, silently; "
            f"unpack all {drift.new} as upstream's callers do"
        )
        if use.caught:
            caught = _CAUGHT_READ if use.how == "reads" else _CAUGHT_OPERAND
            return Finding(RULE, "merge", Severity.WARNING, path, line, message + caught)
    else:
        message = (
            f"fork-owned override {qual}() returns one value, but upstream changed {drift.name}() to "
            f"return {now} {where} and its callers unpack {drift.new} now: the override's value is split "
            f"across them ({drift.new} elements silently, any other number raises); return all {drift.new}"
        )
    return Finding(RULE, "merge", Severity.ERROR, path, line, message)


# -- a collection of tuples made a collection of objects ----------------------------------------------
# ``-> list[tuple[str, int]]`` on a line upstream removed: the one place a loop's unpack was promised
_REMOVED_ELEMENT_TUPLE = lazy_pattern(r"^-.*-> *[\"']?[\w.]+\[tuple\[", re.MULTILINE)
_REMOVED_TUPLE_YIELD = lazy_pattern(r"^-[ \t]*(?:\w+\s*=\s*)?\(?yield [^\n]*,", re.MULTILINE)
# element classes a loop step can still unpack: a tuple's kin, and what does not say what it holds
_UNPACKABLE = frozenset({"Any", "object", "NamedTuple", "Tuple", "Sequence", "Iterable", "Iterator", "List"})
_UNPACKABLE_DUNDERS = frozenset({"__iter__", "__getitem__"})
# class decorators that add no iteration (``dataclass`` adds ``__eq__``/``__repr__``, never ``__iter__``)
_PLAIN_DECORATORS = frozenset(
    {"dataclass", "final", "total_ordering", "define", "frozen", "mutable", "s", "attrs", "runtime_checkable", "unique"}
)
# bases that add no iteration: a class built only on them unpacks no more than a bare one
_PLAIN_BASES = frozenset({"object", "ABC"})


def _objectified(trees: ThreeTrees, names: set[str]) -> dict[str, Drift]:
    """#47312: ``Scheduler.finish_requests`` went ``-> list[tuple[str, int]]`` -> ``-> list[Request]``;
    a fork ``for req_id, client_index in self.finish_requests(...)`` merges cleanly and raises on the
    first abort.  The names whose every def at the base is annotated a collection of N-tuples, and at
    upstream a collection of one class that is no tuple (no tuple base, no ``__iter__``)."""
    paths = [p for p in trees.upstream if p.endswith(".py") and _removed_tuple_element(trees.upstream.raw(p))]
    if not names or not paths:
        return {}
    near = _definition_sites(trees, trees.base, sorted(names), [f":(literal){p}" for p in paths])
    drifts: dict[str, Drift] = {}
    for name, (at_base, at_theirs) in _sides_sites(trees, sorted(near)).items():
        old = _shape(trees, trees.base, name, at_base, yielded_lengths)
        classes = _at_sites(trees, trees.theirs, name, at_theirs, _element_classes)
        if old is None or old < 2 or classes is None or len(classes) != 1 or "" in classes:
            continue
        element = classes.pop()
        if _plain_element(trees, element, sorted({p for p, _ in at_theirs})):
            path = min((p for p, _ in at_theirs), key=lambda p: (_TESTS.search(p) is not None, p))
            drifts[name] = Drift(name, path, old, 1, yields=True, element=element)
    return drifts


def _removed_tuple_element(raw: str) -> bool:
    """The file's diff takes out a ``-> X[tuple[`` annotation or a tuple ``yield``: a collection's or a
    generator's steps may have stopped being tuples."""
    return bool(_REMOVED_ELEMENT_TUPLE.search(raw) or _REMOVED_TUPLE_YIELD.search(raw))


def _element_classes(func: _Def) -> set[str]:
    """The class a def's returned collection holds (``-> list[Request]``: Request), or the one class a
    generator's every own yield builds (``_yielded_class``); "" when its yields or its collection hold no one
    capitalised class; nothing when it is annotated no collection (``-> None`` on another class's method of
    the name: not the one looped over).  An unannotated def that yields nothing says nothing of what it
    returns (``Pool.launch_engines`` returning a list of pairs): "", unknown, not a def to pass over."""
    if any(True for _ in _own_yields(func)):
        return {_yielded_class(func)}
    if func.returns is None:
        return {""}
    element = _element_class(func.returns)
    return set() if element is None else {element}


def _yielded_class(func: _Def) -> str:
    """#43417: ``launch_core_engines`` went from ``yield manager, coordinator, addresses, queue`` to
    ``yield CoreEngineLaunch(...)`` (and ``launch = CoreEngineLaunch(...)`` ... ``yield launch``): the one
    capitalised class every own yield calls, directly or through a local bound only to calls of it; "" else."""
    bound = _bindings(func)
    classes = set()
    for value in _own_yields(func):
        values = bound.get(value.id) if isinstance(value, ast.Name) else [value] if value is not None else None
        for one in values or [ast.Constant(None)]:
            name = last_name(one.func) if isinstance(one, ast.Call) else None
            classes.add(name if name and name[:1].isupper() and name not in _UNPACKABLE else "")
    return classes.pop() if len(classes) == 1 else ""


def _element_class(annotation: ast.expr) -> str | None:
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        parsed = parse_python(annotation.value)
        first = parsed.body[0] if parsed is not None and len(parsed.body) == 1 else None
        return _element_class(first.value) if isinstance(first, ast.Expr) else ""
    if not isinstance(annotation, ast.Subscript) or last_name(annotation.value) not in _ELEMENT_CONTAINERS:
        return None
    element = annotation.slice
    if isinstance(element, ast.Constant) and isinstance(element.value, str):
        element = ast.Name(element.value)  # ``list["Request"]``
    if not isinstance(element, (ast.Name, ast.Attribute)):
        return ""
    name = last_name(element) or ""
    return name if name[:1].isupper() and name not in _UNPACKABLE else ""


def _plain_element(trees: ThreeTrees, name: str, paths: list[str]) -> bool:
    """The class ``name`` each defining module binds is plain: its own class, or the one its import points to in
    upstream's tree; an import from outside the tree (``from extlib.types import Launch``, a namedtuple there) is
    unknown, so not plain.  A module binding neither (a star import) falls back to every class of the name."""
    texts = trees.blobs(trees.theirs, paths)
    found: list[tuple[ast.ClassDef, ast.Module]] = []
    for path in paths:
        bound = _bound_classes(trees, path, texts.get(path), name, 3)
        if bound is None:
            return False
        found += bound if bound else _upstream_classes(trees, name)
    return bool(found) and all(not _unpackable(trees, node, module, 3) for node, module in found)


def _bound_classes(
    trees: ThreeTrees, path: str, text: str | None, name: str, depth: int
) -> list[tuple[ast.ClassDef, ast.Module]] | None:
    """The classes ``name`` names in the module at ``path``: its own (top level), or those its ``from``
    import leads to (re-exports followed ``depth`` deep); [] when it binds neither; None when unknown
    (an import out of the tree, or too deep)."""
    module = parse_python(text or "")
    if module is None or depth <= 0:
        return None
    own = [(n, module) for n in file_classes(module.body) if n.name == name]
    if own:
        return own
    for stmt in ast.walk(module):
        real = next((a.name for a in getattr(stmt, "names", ()) if (a.asname or a.name) == name), None)
        if isinstance(stmt, ast.ImportFrom) and real is not None:
            stem = import_base(stmt, dotted_name(path), path).replace(".", "/")
            homes = [f"{stem}.py", f"{stem}/__init__.py"]
            texts = trees.blobs(trees.theirs, homes)
            home = next((h for h in homes if texts.get(h) is not None), None)
            return None if home is None else _bound_classes(trees, home, texts[home], real, depth - 1) or None
    return []


def _plain_class(trees: ThreeTrees, name: str, depth: int = 3) -> bool:
    """Every ``class name`` upstream holds is one a loop step cannot unpack: no base a tuple's kin (or
    out of sight through a subscript or a call), no ``__iter__``/``__getitem__`` of its own or a base's."""
    found = _upstream_classes(trees, name)
    return bool(found) and all(not _unpackable(trees, node, module, depth) for node, module in found)


def _upstream_classes(trees: ThreeTrees, name: str) -> list[tuple[ast.ClassDef, ast.Module]]:
    paths = sorted(repo.files_containing(trees.repo, trees.theirs, (f"class {name}",), [PYTHON_FILES]))
    return [
        (node, module)
        for text in trees.blobs(trees.theirs, paths).values()
        if (module := parse_python(text or "")) is not None
        for node in ast.walk(module)
        if isinstance(node, ast.ClassDef) and node.name == name
    ]


def _unpackable(trees: ThreeTrees, node: ast.ClassDef, module: ast.Module, depth: int) -> bool:
    """A tuple's kin, an iterating dunder defined or assigned (``__iter__ = _fields``), or a base that
    is either: a base built by a call (``namedtuple(...)``) or a class out of sight could be one."""
    if any(isinstance(b, (ast.Subscript, ast.Call)) for b in node.bases) or _iterating_body(node):
        return True
    if _reshaping_decorator(node) or _dunder_assigned(module, node.name):
        return True
    names = {last_name(b) or "" for b in node.bases} - _PLAIN_BASES
    if names & (_UNPACKABLE | {"tuple", "list", "Enum", ""}):
        return True
    return any(not _plain_base(trees, base, module, depth) for base in names)


def _reshaping_decorator(node: ast.ClassDef) -> bool:
    """A class decorator out of the dataclass family may add ``__iter__`` (``@fields_iterable`` setting
    ``cls.__iter__``): what it returns is not read here, so the class may unpack."""
    return any(
        last_name(d.func if isinstance(d, ast.Call) else d) not in _PLAIN_DECORATORS for d in node.decorator_list
    )


def _dunder_assigned(module: ast.Module, name: str) -> bool:
    """The module gives class ``name`` an iterating dunder after its body: ``Name.__iter__ = ...`` or
    ``setattr(Name, "__iter__", ...)``."""
    for node in ast.walk(module):
        targets = node.targets if isinstance(node, ast.Assign) else []
        if any(
            isinstance(t, ast.Attribute) and t.attr in _UNPACKABLE_DUNDERS and last_name(t.value) == name
            for t in targets
        ):
            return True
        if isinstance(node, ast.Call) and last_name(node.func) == "setattr" and len(node.args) >= 2:
            subject, field = node.args[0], node.args[1]
            if last_name(subject) == name and isinstance(field, ast.Constant) and field.value in _UNPACKABLE_DUNDERS:
                return True
    return False


def _iterating_body(node: ast.ClassDef) -> bool:
    for s in node.body:
        if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) and s.name in _UNPACKABLE_DUNDERS:
            return True
        targets = s.targets if isinstance(s, ast.Assign) else [s.target] if isinstance(s, ast.AnnAssign) else []
        if any(isinstance(t, ast.Name) and t.id in _UNPACKABLE_DUNDERS for t in targets):
            return True
    return False


def _plain_base(trees: ThreeTrees, base: str, module: ast.Module, depth: int) -> bool:
    """A base defined in the same module, else anywhere upstream, that is itself plain; one out of
    sight (a third-party base) or too deep is not known plain."""
    if depth <= 0:
        return False
    local = [n for n in ast.walk(module) if isinstance(n, ast.ClassDef) and n.name == base]
    if local:
        return all(not _unpackable(trees, n, module, depth - 1) for n in local)
    return _plain_class(trees, base, depth - 1)
