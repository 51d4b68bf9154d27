"""Bypassed hooks: upstream moved a method's body into a new method, kept the old one as its wrapper, and sent
the class's own callers to the new one; a fork override of the old method no longer runs on their path.

#44589 taught ``WeightsMapper`` stacked-shard names: ``_map_name(key)``'s body became
``_map_name_with_shard(key)`` (returning the shard id too), ``_map_name`` a backward-compatible wrapper
(``result = self._map_name_with_shard(key); return result[0] ...``), and ``apply`` -- the weight-loading path
-- now calls ``self._map_name_with_shard(name)``.  A fork mapper overriding ``_map_name`` (a checkpoint prefix
stripped) merges cleanly; ``apply_list``/``apply_dict`` still call it, but the weights themselves are mapped
without it, and loading fails on names the override would have fixed (or loads them under the wrong name).
Nothing was removed, renamed or re-signed, so symbol drift and override drift stay quiet.

Upstream's side: a class of a changed file, in both versions, with a method ``M`` that now calls a method
``N`` the class did not have, and another method ``A`` that called ``self.M(...)`` at the base and now calls
``self.N(...)`` and no longer ``self.M``.  The fork's side: a class whose ``class`` statement names that class
(imported from its module or a package above it) among its bases and that overrides ``M`` on a line the fork
owns, overriding neither ``N`` nor ``A`` (a method or a class-level alias), nor a class of its file listed
before it among the bases (a mixin ahead in the MRO).  An error on the override's ``def`` line; a warning when
a base listed before it comes from elsewhere (it may override ``A``).

The same override is bypassed when upstream inlines a delegation: #39058 gave ``ReLUSquaredActivation`` a CUDA
kernel, and its ``forward_cuda``, which was ``return self.forward_native(x)``, now runs ``self.op(out, x)``.  A
fork subclass overriding only ``forward_native`` (relu^2 capped for fp16) merges cleanly and is skipped on CUDA
with custom ops on: the kernel's uncapped output comes back.  Upstream's side: a method ``A`` of the class in
both versions that called ``self.M(...)`` at the base (``M`` a method of the class in both, or of neither: an
inherited hook) and whose upstream body, followed through the class's own methods it calls on ``self``, no
longer reads ``self.M`` -- and does nothing through which ``M`` might still run: no ``super()``, no
``getattr`` of ``self``, no ``self`` handed to a call, no call of ``self.X`` that is neither the class's own
method nor an attribute the class binds to an expression free of ``self`` (``self.op = torch.ops._C.k``).
The fork's side as above, with ``A`` the method it must override as well.  Only where ``A``'s body at the
base was that delegation alone (the override was all ``A`` did), or where ``A`` did more besides and used the
hook's answer on every run (#40392: ``DeepseekScalingRotaryEmbedding.forward_native``'s ``cos_sin_cache =
self._match_cos_sin_cache_dtype(query)``, a statement of its own body, gone when the body moved into a static
``forward_static``; a warning, as upstream may have made the hook needless there): a caller that dropped a call
it made on some runs only (under an ``if``), or a bare call run for its effect, is dead-knob drift's, quiet where
another upstream line or the fork still calls the hook.  An error when
upstream's ``A`` calls no other method of the class instead; a warning when it now hands on to a sibling
(``forward_xpu`` re-pointed from ``forward_cuda`` to ``forward_native``: a platform's path the fork may not run
on).

A call on ``cls`` (a classmethod's) is read as one on ``self`` (killers209), a method the class inherits from a
base of the merged tree in another file is followed as its own (``_Heirs``: #47892's ``get_device_capability``
now calls ``Platform.visible_device_id_to_physical_device_id``, which never reaches the fork's
``device_id_to_physical_device_id``), and a ``try``'s body runs on every run up to a raise.

Pure but for reading the three trees: findings out.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from aeon_release.domain.audits.drift import pyindex as px
from aeon_release.domain.audits.drift.own_fields import file_classes
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import name_users
from aeon_release.domain.audits.drift.sides import ThreeTrees, declared, parsed_versions, whole_word
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern

_MOST_FILES = 32
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


# a call on ``self`` a line upstream removed held: a delegation it may have inlined (linear: no nesting)
_SELF_CALL = lazy_pattern(r"\b(?:self|cls)\.(\w+)\(")


@dataclass(frozen=True)
class Bypass:
    """In ``cls`` (of ``path``), ``caller`` now calls ``new`` where it called ``old``, ``old`` a wrapper of ``new``;
    ``new`` None: ``caller``, which was ``old``'s call alone at the base, no longer reaches it (an inlined
    delegation), ``rerouted`` when upstream's calls another method of the class, ``routed_by`` a method of the
    fork's class that reads ``self.old`` itself (it may route every path there)."""

    path: str
    cls: str
    old: str
    new: str | None
    caller: str
    rerouted: bool = False
    routed_by: str | None = None
    did_more: bool = False  # ``caller`` did more than hand on to ``old`` at the base, and ran it on every call
    # the methods upstream's ``caller`` now calls on every run, using their answer (``_runs_always``)
    handed: frozenset[str] = frozenset()
    thinned: bool = False  # ``caller`` still calls ``old``, but no longer on each step of its loop (``_thinned``)


def bypassed_hook_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    paths = [
        p
        for p in sorted(trees.upstream)
        if p.endswith(".py") and any("def " in t for t in trees.upstream[p].added.values())
    ][:_MOST_FILES]
    words = trees.fork_words() if trees.upstream else frozenset()
    inlining = _inlining_paths(trees, words)
    inlined = [p for p in inlining if p in paths] + [p for p in inlining if p not in paths][:_MOST_FILES]
    kept = functools.partial(_may_bypass, words)
    # an inlined delegation's hook may be inherited, declared in another file (#40392's
    # ``_match_cos_sin_cache_dtype``): the gate of a file whose diff removed a call of a fork word on ``self`` is a
    # class the fork names alone
    versions = [
        *parsed_versions(trees, [p for p in paths if p not in inlined], kept),
        *parsed_versions(trees, inlined, lambda _old, new: not words.isdisjoint(declared(new, "class"))),
    ]
    found: list[Bypass] = []
    heirs = _Heirs(trees)
    for path, old, new in sorted(versions, key=lambda v: v[0]):
        wrapped = list(_bypasses(path, old, new))
        said = {(b.cls, b.old, b.caller) for b in wrapped}  # a caller sent to the new wrapper: said so already
        dropped = _inlined(path, old, new, functools.partial(heirs.method, path), words)
        found += [*wrapped, *(b for b in dropped if (b.cls, b.old, b.caller) not in said)]
    if not found:
        return []
    findings = []
    for path, module, owned in name_users(trees, {b.cls for b in found}):
        for line, bypass, sure in _overrides(path, module, owned, found):
            findings.append(_finding(trees, path, line, bypass, sure, pr_pattern))
    return findings


_Inherited = Callable[[str, str], "ast.FunctionDef | None"]  # (class, name) -> the def inherited


class _Heirs:
    """The methods an upstream class inherits from bases of the merged tree, read through the tree's shared index
    (``merged_index``, built on the first question of any check; killers209: #47892 made ``NvmlCudaPlatform.get_device_capability`` call
    ``cls.visible_device_id_to_physical_device_id``, ``Platform``'s, another file's, which never calls the
    ``device_id_to_physical_device_id`` it called before)."""

    def __init__(self, trees: ThreeTrees) -> None:
        self.trees = trees

    def method(self, path: str, cls: str, name: str) -> ast.FunctionDef | None:
        """The def of ``name`` the class ``cls`` of ``path`` finds along its order, from a base (a plain def,
        not its own); None when none, or when a class of the order is outside the tree or makes names up."""
        index = self.trees.merged_index()
        mod = index.module_at(path)
        info = index.class_info(mod, cls) if mod is not None else None
        member = index.member(index.mro(info), name) if info is not None else px.UNKNOWN
        if not isinstance(member, px.DefSym) or member.owner is None or (member.path, member.owner) == (path, cls):
            return None
        return member.node if isinstance(member.node, ast.FunctionDef) else None


def _may_bypass(words: frozenset[str], old_text: str, new_text: str) -> bool:
    """Whether upstream's new version may hold a bypass the fork can override, before either is parsed: a
    finding needs a fork line naming the class (``name_users``) and the override's ``def`` on a line the
    fork owns, so both names are fork words and both are declared in the new text (at 80 commits this
    skips the ~40 parses the check made, 0.3-0.5 s of CPU, when the fork's lines name none of them)."""
    return not words.isdisjoint(declared(new_text, "class")) and not words.isdisjoint(declared(new_text, "def"))


def _inlining_paths(trees: ThreeTrees, words: frozenset[str]) -> list[str]:
    """Upstream's Python files whose diff removed a line calling ``self.M(`` with ``M`` a word of the fork's
    lines (the override's name): the only files an inlined delegation the fork overrides can be in."""
    return [
        p
        for p in sorted(trees.upstream)
        if p.endswith(".py")
        and any(
            not words.isdisjoint(_SELF_CALL.findall(t))
            for t in trees.upstream[p].removed
            if "self." in t or "cls." in t
        )
    ]


def _kept_classes(
    old: ast.Module, new: ast.Module
) -> Iterator[tuple[ast.ClassDef, dict[str, ast.FunctionDef], dict[str, ast.FunctionDef]]]:
    """Each upstream class of the file that the base had too, with its methods at the base and upstream."""
    before = {c.name: c for c in file_classes(old.body)}
    for cls in file_classes(new.body):
        was = before.get(cls.name)
        if was is not None:
            yield cls, _methods(was), _methods(cls)


def _inlined(
    path: str, old: ast.Module, new: ast.Module, inherited: _Inherited, words: frozenset[str]
) -> Iterator[Bypass]:
    """Each (class, caller, hook) where the caller called ``self.hook(...)`` at the base and upstream's caller
    no longer reaches it (``_may_reach``); the hook a method of the class in both versions or in neither.

    Only what a finding can come of (perf42: every hook's caller was walked, +12 ms at 500 commits): a finding
    is a fork override of the hook on a line the fork owns (the hook's name a fork word, as ``_may_bypass``
    reads) in a fork module whose added lines name the class (``name_users``: a fork word too), the class
    itself or an heir of the file that ``_heirs`` repeats the bypass for."""
    heirs: dict[str, set[str]] = {}
    for c in file_classes(new.body):
        for b in c.bases:
            if isinstance(b, ast.Name):
                heirs.setdefault(b.id, set()).add(c.name)
    for cls, then, now in _kept_classes(old, new):
        if cls.name not in words and words.isdisjoint(heirs.get(cls.name, ())):
            continue
        bound = _bound_values(cls)
        outer = functools.partial(inherited, cls.name)
        for caller in sorted(then.keys() & now.keys()):
            looped: set[str] | None = None  # the hooks the caller called in its loops at the base, read once
            for hook in sorted((_self_calls(then[caller]) & words) - {caller}):
                if (hook in then) != (hook in now):
                    continue
                if _may_reach(now, bound, caller, hook, outer):
                    looped = _loop_called(then[caller]) if looped is None else looped
                    if hook in looped and _thinned(now[caller], hook, _Reach(now, bound, hook, outer)):
                        thinned = Bypass(path, cls.name, hook, None, caller, True, thinned=True)
                        yield from (thinned, *_heirs(new, cls.name, thinned))
                    continue
                # sent to another method of the class (``forward_xpu`` now hands on to ``forward_native``, not
                # ``forward_cuda``): a platform's path re-pointed, which the fork may not run on; a warning
                if not _delegates(then[caller], hook):
                    # a caller that did more than hand on and dropped a call it made on some runs only (an empty
                    # input's fallback under an ``if``): dead-knob drift's (a warning where no upstream line calls
                    # the hook any more; quiet where one still does, as another file or the fork itself may still
                    # run the override).  One that ran the hook on every run (a statement of its body's own,
                    # #40392's ``cos_sin_cache = self._match_cos_sin_cache_dtype(query)``) now skips the override
                    # on every run of its path: a warning (upstream may have made the hook needless there)
                    if _runs_always(then[caller], hook):
                        handed = _always_called(now[caller])
                        yield Bypass(path, cls.name, hook, None, caller, True, did_more=True, handed=handed)
                    continue
                # a method the class inherits from another file's base is a sibling too (killers209)
                calls = _self_calls(now[caller])
                rerouted = bool(calls & now.keys()) or any(outer(c) is not None for c in calls - now.keys())
                yield Bypass(path, cls.name, hook, None, caller, rerouted, handed=_always_called(now[caller]))


def _thinned(now: ast.FunctionDef, hook: str, reaches: Callable[[str], bool]) -> bool:
    """The caller (which still reaches the hook, and called it in a loop of its own at the base: the caller's
    checks) still loops upstream, but nothing in its loops may reach the hook: no call or read of it, no
    ``super()``, no ``self`` handed on, no call of a method that may reach it (``reaches``) (killers215:
    #33503's ``propose`` wrote each draft step's positions through ``self._set_positions`` and now has a fused
    kernel write them; the first pass still calls it): what an override adds (a fork's mirror buffer) is
    skipped on those steps."""
    loops = [n for n in ast.walk(now) if isinstance(n, ast.For | ast.While)]
    if not loops or not now.args.args:
        return False
    me = now.args.args[0].arg
    for node in (n for loop in loops for stmt in loop.body for n in ast.walk(stmt)):
        if isinstance(node, ast.Name) and node.id == "super":
            return False
        if isinstance(node, ast.Call) and any(isinstance(a, ast.Name) and a.id == me for a in node.args):
            return False  # ``self`` handed on: the hook may run there
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == me:
            if node.attr == hook or reaches(node.attr):
                return False
    return True


def _loop_called(func: ast.FunctionDef) -> set[str]:
    """The methods ``func`` calls on its first parameter in the body of a loop (one walk)."""
    me = func.args.args[0].arg if func.args.args else None
    return {
        n.func.attr
        for loop in ast.walk(func)
        if isinstance(loop, ast.For | ast.While)
        for stmt in loop.body
        for n in ast.walk(stmt)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and isinstance(n.func.value, ast.Name)
        and n.func.value.id == me
    }


@dataclass(frozen=True)
class _Reach:
    """Whether a name read off ``self`` in upstream's loop may run the hook: a method of the class that may
    reach it (``_may_reach``), or a name neither a method of the class nor bound by it (inherited from outside
    the tree: unknown).  An attribute the class binds itself (``self.model``, ``self.positions``) is data or a
    module it built, not a way back to its own hook."""

    methods: dict[str, ast.FunctionDef]
    bound: dict[str, bool]
    hook: str
    outer: Callable[[str], ast.FunctionDef | None]

    def __call__(self, name: str) -> bool:
        if name in self.methods:
            return _may_reach(self.methods, self.bound, name, self.hook, self.outer)
        return name not in self.bound and self.outer(name) is not None


def _heirs(module: ast.Module, cls: str, bypass: Bypass) -> Iterator[Bypass]:
    """The bypass again for each class of the file deriving ``cls`` directly and overriding neither the hook nor
    the caller (#33503's ``EagleProposer(SpecDecodeBaseProposer)``, the class a fork subclasses)."""
    for heir in file_classes(module.body):
        if any(isinstance(b, ast.Name) and b.id == cls for b in heir.bases):
            if not _defined(heir).keys() & {bypass.old, bypass.caller}:
                yield replace(bypass, cls=heir.name)


def _always_called(func: ast.FunctionDef) -> frozenset[str]:
    """The methods ``func`` calls on its first parameter on every run, using their answer."""
    return frozenset(c for c in _self_calls(func) if _runs_always(func, c))


def _may_reach(
    methods: dict[str, ast.FunctionDef],
    bound: dict[str, bool],
    start: str,
    hook: str,
    outer: Callable[[str], ast.FunctionDef | None] = lambda name: None,
) -> bool:
    """Whether ``start`` may still run ``self.hook``: it reads ``self.hook`` (called or bound), or hands control
    somewhere the text cannot follow (``super()``, ``getattr(self, ...)``, ``self`` passed on, a call of
    ``self.X`` that is neither the class's method, nor one it inherits from a base of the tree (``outer``,
    followed as the class's own: its calls on ``self`` dispatch on the class), nor bound by it to an expression
    free of ``self``), here or in a method of the class it calls on ``self``."""
    pending, seen = [start], set()
    reached = dict(methods)
    while pending:
        name = pending.pop()
        if name in seen or name not in reached:
            continue
        seen.add(name)
        func = reached[name]
        if any(ast.unparse(d) == "staticmethod" for d in func.decorator_list):
            continue  # no ``self`` to reach the hook by, unless handed one (the caller's opaque use, below)
        if not func.args.args:
            return True
        me = func.args.args[0].arg
        if hook in _self_loads(func) or _opaque_use(func, me):
            return True
        for called in _self_calls(func):
            if called not in reached and not bound.get(called, False) and (far := outer(called)) is not None:
                reached[called] = far  # killers209: #47892's ``cls.visible_device_id_to_physical_device_id``
            if called in reached:
                pending.append(called)
            elif not bound.get(called, False):
                return True  # inherited from outside the tree, or bound to something that may be the hook
    return False


def _opaque_use(func: ast.FunctionDef, me: str) -> bool:
    """``self`` used other than as the receiver of an attribute (passed on, stored, ``getattr(self, ...)``),
    or ``super()`` called: ways the hook may run that the text does not name."""
    receivers = {id(n.value) for n in ast.walk(func) if isinstance(n, ast.Attribute)}
    for node in ast.walk(func):
        if isinstance(node, ast.Name) and node.id == me and id(node) not in receivers:
            return True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "super":
            return True
    return False


def _bound_values(cls: ast.ClassDef) -> dict[str, bool]:
    """``self.X = value`` in the class's methods: X -> whether every such value is free of ``self`` (a kernel
    handle, ``torch.ops._C.k``) rather than something that may be one of its methods (``self.m``)."""
    found: dict[str, bool] = {}
    for func in _methods(cls).values():
        me = func.args.args[0].arg if func.args.args else None
        for node in ast.walk(func):
            if not isinstance(node, ast.Assign | ast.AnnAssign) or node.value is None:
                continue
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            free = me is not None and not any(isinstance(n, ast.Name) and n.id == me for n in ast.walk(node.value))
            for target in targets:
                if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == me:
                    found[target.attr] = found.get(target.attr, True) and free
    return found


def _delegates(func: ast.FunctionDef, hook: str) -> bool:
    """The body (its docstring aside) is ``return self.hook(...)`` or ``self.hook(...)`` alone."""
    body = func.body[1:] if func.body and isinstance(func.body[0], ast.Expr) and _is_doc(func.body[0]) else func.body
    if len(body) != 1 or not isinstance(body[0], ast.Return | ast.Expr):
        return False
    call = body[0].value
    me = func.args.args[0].arg if func.args.args else None
    return (
        isinstance(call, ast.Call)
        and isinstance(call.func, ast.Attribute)
        and call.func.attr == hook
        and isinstance(call.func.value, ast.Name)
        and call.func.value.id == me
    )


def _runs_always(func: ast.FunctionDef, hook: str) -> bool:
    """A statement of the body's own (under no ``if``, loop, ``try`` or nested def; a ``with`` runs its body)
    uses the value of ``self.hook(...)``: every run of the method that gets that far computed with the hook's
    answer.  A bare call (``self.prepare(batch)``, a hook run for its effect) is dead-knob drift's: another
    caller running it still has the effect, where another caller's value does not feed this one."""
    me = func.args.args[0].arg if func.args.args else None
    pending: list[ast.stmt] = list(func.body)
    while pending:
        stmt = pending.pop()
        if isinstance(stmt, ast.With | ast.AsyncWith):
            pending += stmt.body
            continue
        if isinstance(stmt, ast.Try | ast.TryStar):
            # the body runs on every run up to a raise (killers209: #47892's ``get_device_capability`` mapped the
            # device id under ``try``); the handlers only on some
            pending += [*stmt.body, *stmt.finalbody]
            continue
        if isinstance(stmt, (ast.If, ast.For, ast.AsyncFor, ast.While, *_FUNCTIONS, ast.ClassDef)):
            continue
        bare = stmt.value if isinstance(stmt, ast.Expr) else None
        if any(
            isinstance(n, ast.Call)
            and n is not bare
            and isinstance(n.func, ast.Attribute)
            and n.func.attr == hook
            and isinstance(n.func.value, ast.Name)
            and n.func.value.id == me
            for n in ast.walk(stmt)
            if not isinstance(n, ast.Lambda | ast.IfExp | ast.BoolOp)
        ):
            return True
    return False


def _is_doc(stmt: ast.Expr) -> bool:
    return isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str)


def _bypasses(path: str, old: ast.Module, new: ast.Module) -> Iterator[Bypass]:
    for cls, then, now in _kept_classes(old, new):
        added = now.keys() - then.keys()
        for name in then.keys() & now.keys():
            for inner in _self_calls(now[name]) & added:
                yield from _callers(path, cls.name, name, inner, then, now)


def _callers(
    path: str, cls: str, old: str, new: str, then: dict[str, ast.FunctionDef], now: dict[str, ast.FunctionDef]
) -> Iterator[Bypass]:
    for caller in sorted(then.keys() & now.keys() - {old}):
        was, calls = _self_calls(then[caller]), _self_calls(now[caller])
        # ``mapper = self._map_name; mapper(name)``: a bound method read off self is still called
        if old in was and old not in _self_loads(now[caller]) and new in calls:
            yield Bypass(path, cls, old, new, caller)


def _self_loads(func: ast.FunctionDef) -> set[str]:
    """Names ``func`` reads off its first parameter (``self.m``, called or not)."""
    if not func.args.args:
        return set()
    me = func.args.args[0].arg
    return {
        n.attr
        for n in ast.walk(func)
        if isinstance(n, ast.Attribute)
        and isinstance(n.ctx, ast.Load)
        and isinstance(n.value, ast.Name)
        and n.value.id == me
    }


def _methods(cls: ast.ClassDef) -> dict[str, ast.FunctionDef]:
    return {s.name: s for s in cls.body if isinstance(s, ast.FunctionDef)}


def _self_calls(func: ast.FunctionDef) -> set[str]:
    """Names of the methods ``func`` calls on its first parameter (``self.m(...)``)."""
    if not func.args.args:
        return set()
    me = func.args.args[0].arg
    return {
        n.func.attr
        for n in ast.walk(func)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and isinstance(n.func.value, ast.Name)
        and n.func.value.id == me
    }


def _overrides(
    path: str, module: ast.Module, owned: set[int], found: list[Bypass]
) -> Iterator[tuple[int, Bypass, bool]]:
    """(line, bypass, sure) for each owned override of a wrapped method its class's callers bypass."""
    imports = file_imports(module, path)
    local = {c.name: c for c in file_classes(module.body)}
    for cls in file_classes(module.body):
        origins = [imported_origin(b, imports) for b in cls.bases]
        defined = _defined(cls)
        for bypass in found:
            hit = next((i for i, o in enumerate(origins) if o is not None and _names(o, bypass)), None)
            hook = defined.get(bypass.old)
            if hit is None or hook is None or hook.lineno not in owned:
                continue
            before = _earlier_bases(cls.bases[:hit], local)  # in the MRO ahead of the upstream class
            if not (defined.keys() | before[0]) & {bypass.new or bypass.caller, bypass.caller}:
                if _handed_back(defined, bypass):
                    continue
                routed = _routed_by(defined, bypass.old) if bypass.new is None else None
                yield hook.lineno, replace(bypass, routed_by=routed), before[1]


def _handed_back(defined: dict[str, ast.stmt], bypass: Bypass) -> bool:
    """The fork's class overrides a method upstream's caller now calls on every run, and its override uses the
    hook's answer on every run: the caller still runs the fork's hook through it (revDY: #47892's
    ``get_device_capability`` now maps through ``visible_device_id_to_physical_device_id``; a fork platform
    overriding that to hand on to its own ``device_id_to_physical_device_id`` is still reached)."""
    return any(
        isinstance(node := defined.get(name), ast.FunctionDef) and _runs_always(node, bypass.old)
        for name in bypass.handed - {bypass.old}
    )


def _routed_by(defined: dict[str, ast.stmt], hook: str) -> str | None:
    """A method of the fork's class, other than the hook, that reads ``self.hook`` (calls it, or binds it as
    ``self._forward_method = self.forward_native`` does): a class routing to its own hook from ``forward``,
    ``__init__`` or ``dispatch_forward`` runs it on every platform, whatever upstream's caller now does; a helper
    of the fork's reading it would not, so this only makes the finding a warning."""
    return next(
        (
            name
            for name, node in defined.items()
            if name != hook and isinstance(node, ast.FunctionDef) and hook in _self_loads(node)
        ),
        None,
    )


def _defined(cls: ast.ClassDef) -> dict[str, ast.stmt]:
    """The names the class body binds: its methods and class-level assignments (``_m_with_shard = _mine``)."""
    found: dict[str, ast.stmt] = {}
    for stmt in cls.body:
        if isinstance(stmt, _FUNCTIONS):
            found[stmt.name] = stmt
        elif isinstance(stmt, ast.Assign | ast.AnnAssign):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            found |= {t.id: stmt for t in targets if isinstance(t, ast.Name)}
    return found


def _earlier_bases(
    bases: list[ast.expr], local: dict[str, ast.ClassDef], seen: frozenset[str] = frozenset()
) -> tuple[set[str], bool]:
    """(names the file's own classes among ``bases`` define, sure): a base defined elsewhere (a mixin
    imported) may override the caller too, so the finding is no longer sure."""
    names: set[str] = set()
    sure = True
    for base in bases:
        name = base.id if isinstance(base, ast.Name) else None
        if name in ("object", "ABC", "Generic", "Protocol") or isinstance(base, ast.Subscript):
            continue
        if name is None or name not in local or name in seen:
            sure = False
            continue
        inner, inner_sure = _earlier_bases(local[name].bases, local, seen | {name})
        names |= _defined(local[name]).keys() | inner
        sure = sure and inner_sure
    return names, sure


def _names(origin: tuple[str, str], bypass: Bypass) -> bool:
    """The import names the class's module or a package above it (a re-export)."""
    module = dotted_name(bypass.path, roots=("",))
    return origin[1] == bypass.cls and (module == origin[0] or module.startswith(origin[0] + "."))


def _finding(trees: ThreeTrees, path: str, line: int, b: Bypass, sure: bool, pr_pattern: str) -> Finding:
    if b.new is None:
        return _inlined_finding(trees, path, line, b, sure, pr_pattern)
    commit = trees.upstream_commit(b.path, whole_word(b.new), pr_pattern)
    maybe = "" if sure else " (unless a base listed before it, defined elsewhere, overrides one of them)"
    return Finding(
        RULE,
        "merge",
        Severity.ERROR if sure else Severity.WARNING,
        path,
        line,
        f"fork-owned override of {b.cls}.{b.old}, which upstream made a wrapper of a new {b.new} "
        f"({b.path}{commit}): {b.cls}.{b.caller} now calls {b.new} and no longer {b.old}, so the override "
        f"does not run on that path; override {b.new} instead (or as well){maybe}",
    )


def _inlined_finding(trees: ThreeTrees, path: str, line: int, b: Bypass, sure: bool, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(b.path, f"(self|cls)\\.{re.escape(b.old)}\\(", pr_pattern)
    now = "hands on to another method of the class" if b.rerouted else "does the work itself"
    maybe = "" if sure else " (unless a base listed before it, defined elsewhere, overrides it)"
    if b.routed_by is not None:
        maybe += f" (unless the class's own {b.routed_by}, which reads {b.old} itself, routes every path there)"
    if b.thinned:
        return Finding(
            RULE,
            "merge",
            Severity.WARNING,
            path,
            line,
            f"fork-owned override of {b.cls}.{b.old}, which {b.cls}.{b.caller} called on each step of its loop at "
            f"the base and now reaches only outside the loop ({b.path}{commit}): upstream does those steps' work "
            f"another way, so what the override adds no longer runs there; override {b.caller} as well, or check "
            f"those steps need it{maybe}",
        )
    if b.did_more:
        return Finding(
            RULE,
            "merge",
            Severity.WARNING,
            path,
            line,
            f"fork-owned override of {b.cls}.{b.old}, which {b.cls}.{b.caller} called on every run at the base and "
            f"no longer calls ({b.path}{commit}): the override does not run on that path now; override "
            f"{b.caller} as well, or drop the override if upstream made it needless there{maybe}",
        )
    return Finding(
        RULE,
        "merge",
        Severity.ERROR if sure and not b.rerouted and b.routed_by is None else Severity.WARNING,
        path,
        line,
        f"fork-owned override of {b.cls}.{b.old}, which {b.cls}.{b.caller} no longer calls ({b.path}{commit}): "
        f"at the base it was that call alone, upstream's {now}, so the override does not run on that path; "
        f"override {b.caller} as well{maybe}",
    )
