"""Raised-kind drift: upstream changed the exception a function raises; a fork ``except`` still catches the old.

``try: return CustomOp.default_on()`` / ``except AssertionError: return False`` merges cleanly after upstream
turned the function's ``assert`` into ``raise ValueError(...)`` (#49134, contradictory custom-op directives):
the handler never runs again, and the ``ValueError`` the fork meant to absorb escapes into the engine's
start-up.  The same holds for ``raise KeyError`` made ``raise ValueError``, or any builtin kind for another,
and for a ``raise ValueError`` made an ``assert``.  A call of a class reaches its own ``__init__``: #17772
made ``Qwen2Model.__init__``'s ``raise ValueError`` (partial sliding windows) an ``assert``, and a fork's
``try: Qwen2Model(...)`` / ``except ValueError:`` lets the AssertionError out.

A def *stopped raising* a kind when, at the merge base, its own body (not a nested def's) or a def of its
file it calls by name raised it (an ``assert`` raises ``AssertionError``; ``raise X(...)`` / ``raise X`` raise
``X``; an unguarded builtin lookup, see ``_kinds``) and, upstream, that reach raises neither it nor a subclass
of it, but raises builtin kinds it did not (the exception that replaced it; never one only a ``.index(``
raises).  A
fork-owned handler of a ``try`` is an error when the ``try``'s body calls the def's name (a call off a class
named as the receiver reads only that class's defs), every def of the name upstream stopped raising what the
handler catches, no handler of the ``try`` catches the kind raised now (nor ``Exception``, nor a bare
``except``), and nothing else in the body can raise what the handler catches (no other call, ``raise`` or
``assert``): then the handler is dead code and the new kind escapes.  Only builtin kinds are judged (a
project's own exception class may subclass the one caught).

A def that stopped raising the kind with nothing raised in its place (killers130) leaves the handler dead too:
a warning, as the case it refused may be accepted now (#6909 dropped its "does not yet support RSLoRA" raise when
it began to), unless a method of the def's class raises the kind now and did not at the base -- the check
moved to a call of its own (#12102 moved ``PEFTHelper``'s feature checks from ``__post_init__`` to a new
``validate_legal``): then an error, the fork's refusal no longer happens where it looks for it.  A def that
returns a value its base did not (an answer took the raise's place) is left to raised-to-None drift and the
others.  A call of a dataclass reaches its ``__post_init__`` here (the generated ``__init__`` runs it), when
the class writes no ``__init__`` of its own.

A def whose whole body was one ``raise`` of a builtin kind (a stub: ``raise NotImplementedError``) that upstream
gave a body is the same dead handler even when the body answers (killers131, #45544's
``QuantizeMethodBase.tie_weights``): upstream's body now runs where the fork's fallback did, a warning, as it
often does what the fallback did.

Cheap first: only when a line the fork added is an ``except`` naming a builtin kind, and an upstream diff took
out an ``assert`` or ``raise`` line; then only the files defining a called name (a def, or a class) are parsed.
"""

from __future__ import annotations

import ast
import builtins
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from aeon_release.domain.audits.drift import pyindex as px
from aeon_release.domain.audits.drift.callees import Callee, Scope, is_super, loose, reaches, resolve, scope_of
from aeon_release.domain.audits.drift.pinned_results import stubbed_in
from aeon_release.domain.audits.drift.returns import own_nodes
from aeon_release.domain.audits.drift.sides import ThreeTrees, owner_class
from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE

__all__ = ["RULE", "fork_raised", "raised_kind_drift"]
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, method_defs, parse_python

_EXCEPT = lazy_pattern(r"^\s*except\b(.*)|\bsuppress\((.*)")
_EXPECTED = lazy_pattern(r"\b(?:raises|assertRaises|assertRaisesRegex)\((.*)")
# a test's ``with pytest.raises(K):`` / ``with self.assertRaises(K):``: read as a handler of ``K`` that the kind
# raised now must reach (its first argument names the kinds; ``match=`` and a regex aside)
_EXPECTERS = frozenset({"raises", "assertRaises", "assertRaisesRegex"})
_EXPECTS = "<expects>"  # the name of a handler read off an expecting ``with``: its finding says "expects"
# from a newline: fast; a lookup that raised (``.index(``) taken out, or one that raises (``d[k]``) put in
# a raise or an assert taken out, a ``.index(`` or a subscript lookup (killers167: #47516 made the choose-kernel
# functions' ``possible_kernels[platform]`` a ``.get(platform, [])``: the KeyError a fork caught is gone)
_RAISE_REMOVED = lazy_pattern(r"\n-[ \t]*(?:assert|raise)\b|\n-[^\n#]*\.index\(|\n-[^\n#]*\w\[")
_ATTRIBUTE_END = lazy_pattern(r"\.\w+$")
_RAISE_ADDED = lazy_pattern(r"\n\+[ \t]*(?:raise|assert)\b|\n\+[^\n#]*\w\[")
_CATCH_ALL = frozenset({"Exception", "BaseException"})
_DEPTH = 3  # calls deep a def's reach follows in its own file
# what a try body's own syntax can raise, whatever its calls do: a handler of it is alive
_SYNTAX: tuple[tuple[type[ast.AST], str], ...] = (
    (ast.Subscript, "LookupError"),
    (ast.Attribute, "AttributeError"),
    (ast.BinOp, "ArithmeticError"),
    (ast.AugAssign, "ArithmeticError"),
    (ast.Name, "NameError"),
)


@dataclass(frozen=True)
class Shift:
    """``qualname`` (in ``path``) raised ``old`` at the base; upstream it raises ``new`` instead."""

    name: str
    qualname: str
    path: str
    old: frozenset[str]
    new: frozenset[str]
    alone: bool = True  # no other def of the name upstream raises ``old``
    silent: bool = False  # upstream raises nothing in its place: the handler is dead, nothing escapes
    moved: str = ""  # for a silent shift, a def of the same class that raises the old kind now (the check moved)
    stub: bool = False  # the def only raised ``old`` at the base; upstream gave it a body
    answered: bool = False  # a raise of ``old`` became a returned answer (the kind may be raised elsewhere still)
    dropped: bool = False  # a raise of ``old`` went with nothing in its place, others kept (#27610; mend75)
    # some of the def's asserts became raises of ``new`` while others stay (the handler lives on for those): the
    # fields the converted asserts read off ``self`` and no kept one does
    converted: frozenset[str] = frozenset()
    partial: bool = False

    @property
    def owner(self) -> str:
        return owner_class(self.qualname)


def raised_kind_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    forks = _fork_tries(trees)
    if not forks:
        return []
    names = {c.name for _, tries in forks for _, calls, _, _ in tries for c in calls}
    # a None test's evidence (killers217) matters only to a handler of AttributeError
    derefs = any("AttributeError" in (_caught(h) or []) for _, tries in forks for h, _, _, _ in tries)
    shifts = _shifts(trees, names, derefs)
    if not shifts:
        return []
    findings = []
    heirs = _Heirs(trees)
    for path, tries in forks:
        for handler, calls, others, siblings in tries:
            hit = _dead(trees, handler, calls, others, shifts, siblings, heirs.of(path))
            if hit is not None:
                findings.append(_expected(_finding(trees, path, handler, *hit, pr_pattern), handler))
    return findings


def _expected(finding: Finding, handler: ast.ExceptHandler) -> Finding:
    """A finding on a test's expectation (``pytest.raises``) worded for it: the test fails, the new kind escapes."""
    if handler.name != _EXPECTS:
        return finding
    message = (
        finding.message.replace("fork-side handler catches", "fork-side test expects", 1)
        .replace("this except never runs and", "the test fails:", 1)
        .replace("; catch ", "; expect ", 1)
    )
    return replace(finding, message=message)


# a fork-owned handler, the calls of its try's body that may reach an upstream def, whether the body can raise
# otherwise (or a handler of the try catches all), and the kinds every handler of the try catches
_Try = tuple[ast.ExceptHandler, list[Callee], bool, list[str]]


def _fork_tries(trees: ThreeTrees) -> list[tuple[str, list[_Try]]]:
    """(path, [(fork-owned handler of a builtin kind, (name, receiver class) of each call in its ``try``'s
    body, whether the body can raise otherwise)]) for the fork's files whose added lines hold such an except."""
    found = []
    for path, module, owned in handler_files(trees, expects=True):
        tries = []
        scope, enclosing = scope_of(module), _enclosing(module)
        returned = _getter_classes(trees, scope)
        for node in ast.walk(module):
            if isinstance(node, (ast.Try, ast.With)):
                expected = _expectations(node) if isinstance(node, ast.With) else []
                handlers = node.handlers if isinstance(node, ast.Try) else _suppressed(node) + expected
                if not handlers:
                    continue
                calls, others, syntax = _body_calls(node.body, scope, enclosing.get(id(node)), bool(expected), returned)
                # the new kind caught by another handler of the try (or by a bare or catch-all one) does not escape
                every = [_caught(h) for h in handlers]
                others = others or any(c is None or _CATCH_ALL & set(c) for c in every)
                names = [n for c in every if c for n in c]
                for handler in handlers:
                    caught = _caught(handler) or []
                    alive = any(builtin_subclass(c, k) or builtin_subclass(k, c) for c in caught for k in syntax)
                    if handler.lineno in owned and caught and calls and not alive:
                        tries.append((handler, calls, others, names))
        if tries:
            found.append((path, tries))
    return found


def handler_files(trees: ThreeTrees, expects: bool = False) -> Iterator[tuple[str, ast.Module, set[int]]]:
    """(path, merged module, lines the fork owns) of the fork's files whose added lines hold an except of a
    builtin kind (or, with ``expects``, a test's expectation of one): the files a handler made dead can be in
    (raised-kind and raised-to-None drift)."""
    for path in sorted(p for p in trees.mine if p.endswith(".py")):
        added = trees.mine[path].added.values()
        if not any(_handles_builtin(text, expects) for text in added):
            continue
        module, owned = trees.merged_module(path), trees.owned_lines(path)
        if module is not None and owned:
            yield path, module, owned


def _handles_builtin(text: str, expects: bool) -> bool:
    """The line excepts (suppresses, or with ``expects`` a test expects) a builtin kind."""
    m = _EXCEPT.search(text)
    kinds = (m.group(1) or m.group(2)) if m else None
    if kinds is None and expects and (e := _EXPECTED.search(text)) is not None:
        kinds = e.group(1)
    return kinds is not None and any(map(builtin_error, re.findall(r"\w+", kinds)))


def _enclosing(module: ast.Module) -> dict[int, ast.FunctionDef | ast.AsyncFunctionDef]:
    """id of each ``try`` / ``with`` -> the def whose own body holds it (none at module level)."""
    defs = [n for n in ast.walk(module) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    return {id(n): f for f in defs for n in own_nodes(f.body) if isinstance(n, (ast.Try, ast.With))}


def _suppressed(node: ast.With) -> list[ast.ExceptHandler]:
    """``with contextlib.suppress(K, ...):`` read as an ``except (K, ...): pass`` on the ``with`` line."""
    found = []
    for item in node.items:
        call = item.context_expr
        if isinstance(call, ast.Call) and call.args and not call.keywords:
            func = call.func
            if (func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)) == "suppress":
                handler = ast.ExceptHandler(type=ast.Tuple(elts=list(call.args), ctx=ast.Load()), name=None, body=[])
                found.append(ast.copy_location(handler, call))
    return found


def _expectations(node: ast.With) -> list[ast.ExceptHandler]:
    """A test's ``with pytest.raises(K):`` (``self.assertRaises(K)``) read as a handler of ``K`` named
    ``_EXPECTS``: the kind the body raises now must be ``K`` for the test to pass, as it must for a handler to
    run (its first argument names the kinds; ``match=`` and a regex aside)."""
    found = []
    for item in node.items:
        call = item.context_expr
        if isinstance(call, ast.Call) and call.args and last_name(call.func) in _EXPECTERS:
            handler = ast.ExceptHandler(type=call.args[0], name=_EXPECTS, body=[])
            found.append(ast.copy_location(handler, call))
    return found


def _body_calls(
    body: list[ast.stmt],
    scope: Scope,
    enclosing: ast.FunctionDef | ast.AsyncFunctionDef | None,
    expects: bool = False,
    returned: Callable[[str], str | None] = lambda name: None,
) -> tuple[list[Callee], bool, frozenset[str]]:
    """The calls of a ``try`` body that may reach an upstream def, read in their file (the fork's own def of
    the name, its class's method, a library module's function reach none), whether anything else there can
    raise (a second call, nested or not, a ``raise``, an ``assert``), and the kinds its syntax raises itself (a
    subscript a ``KeyError``, an attribute read an ``AttributeError``, arithmetic an ``ArithmeticError``).
    Under a test's expectation (``expects``) a call building another's arguments is not counted: had it raised
    the kind expected, the test would never have reached the call it is written for, at the base or now.  And
    unless the call it builds for is a builtin's (``list(m.f())``), it is a callee by a guess only (``capped``:
    a warning at most): the expected kind may be the outer call's to raise (``assert_close(m.f(...), want)``,
    a fork helper asserting on ``m.f()``'s value; review133), or the argument's at the base."""
    calls: list[Callee] = []
    count, others = 0, False
    syntax: set[str] = set()
    getters = _getters(body, returned)
    typed: set[int] = set()  # ``x.m`` of a call ``x.m(...)`` off a receiver typed as a class: its method (killers217)
    nodes = [n for stmt in body for n in own_nodes([stmt])]
    building = _argument_nodes(nodes) if expects else {}
    # a test's ``patch.object(m, "f", side_effect=K)`` (``monkeypatch.setattr``, ``@patch("pkg.m.f")``): its
    # ``m.f(...)`` raises what the stub says, not what upstream's ``f`` does (pinned_results' stubs)
    stubs = stubbed_in(enclosing) if expects and enclosing is not None else set()
    for node in nodes:
        others = others or isinstance(node, (ast.Raise, ast.Assert))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in stubs:
            count += 1
            continue
        if id(node) in getters:
            continue  # (mend81) hands the next call its receiver only: neither counted nor judged
        if isinstance(node, ast.Call) and not is_super(node):  # ``super()`` only names the base a call goes to
            count += id(node) not in building
            others = others or not isinstance(node.func, (ast.Name, ast.Attribute))
            callee = resolve(node.func, scope, enclosing)
            if callee is not None and callee.receiver and not callee.capped and isinstance(node.func, ast.Attribute):
                typed.add(id(node.func))
            held = _getter_class(node, returned)
            if callee is not None and held is not None:
                callee = replace(callee, receiver=held, capped=True)  # off what the getter returns: a warning
                typed.add(id(node.func))
            if callee is not None and id(node) in building and not _builtin_call(building[id(node)]):
                callee = replace(callee, capped=True)  # the call it builds for may raise what is expected: a guess
            calls += [callee] if callee is not None else []
    for node in nodes:
        syntax.update(kind for shape, kind in _SYNTAX if isinstance(node, shape) and id(node) not in typed)
    return calls, others or count > 1, frozenset(syntax)


def _getters(body: list[ast.stmt], returned: Callable[[str], str | None]) -> set[int]:
    """(mend81) The calls of a ``try`` body that only hand the next call its receiver, a bare upstream function
    annotated to return one class (``get_pp_group()`` of ``get_pp_group().send(t)``): neither counted as a
    second call that may raise what the handler catches nor judged; the method called off it is that class's,
    a warning at most (``_getter_class``), as the getter may raise the kind too."""
    return {
        id(node.func.value)
        for stmt in body
        for node in own_nodes([stmt])
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Call)
        and _getter_class(node, returned) is not None
    }


def _getter_class(node: ast.Call, returned: Callable[[str], str | None]) -> str | None:
    """(mend81) ``getter().m(...)`` where the bare ``getter`` is an upstream function annotated to return one
    class (``def get_pp_group() -> GroupCoordinator``): that class, whose method ``m`` is (no AttributeError)."""
    func = node.func
    if not (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Call)):
        return None
    getter = func.value.func
    return returned(getter.id) if isinstance(getter, ast.Name) and not func.value.args else None


def _getter_classes(trees: ThreeTrees, scope: Scope) -> Callable[[str], str | None]:
    """A bare name the fork file imports -> the one class the upstream function of it is annotated to return
    (a plain class name, not a union nor an ``Optional``: ``None`` back would raise AttributeError itself)."""

    def returned(name: str) -> str | None:
        source, original = scope.imported.get(name, ("", ""))
        found = trees.merged_index().resolve(source, original) if source and original else None
        node = found.node if isinstance(found, px.DefSym) else None
        note = node.returns if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) else None
        if not isinstance(note, ast.Name | ast.Attribute):
            return None
        last = last_name(note) or ""
        return last if last[:1].isupper() and last not in ("Any", "Optional") else None

    return returned


def _argument_nodes(nodes: list[ast.AST]) -> dict[int, ast.Call]:
    """id of each node inside a call's arguments -> the nearest call it builds an argument of
    (``f(torch.zeros(4))``: ``torch.zeros(4)`` and below -> ``f(...)``)."""
    inside = [(node, inner) for node in nodes if isinstance(node, ast.Call) for inner in _arguments_walk(node)]
    depth: dict[int, int] = {}  # id of a call -> how many calls' arguments it sits in
    for _, inner in inside:
        depth[id(inner)] = depth.get(id(inner), 0) + isinstance(inner, ast.Call)
    found: dict[int, ast.Call] = {}
    for outer, inner in inside:
        if id(inner) not in found or depth.get(id(found[id(inner)]), 0) < depth.get(id(outer), 0):
            found[id(inner)] = outer
    return found


def _arguments_walk(call: ast.Call) -> Iterator[ast.AST]:
    for arg in [*call.args, *(k.value for k in call.keywords)]:
        yield from ast.walk(arg)


def _builtin_call(call: ast.Call) -> bool:
    """``list(...)``, ``len(...)``: a builtin's call (it raises no kind a test of the call inside expects)."""
    return isinstance(call.func, ast.Name) and call.func.id in vars(builtins)


def _none_added(raw: str) -> bool:
    """A line the diff added tests an attribute for None (``self.x is None``): a ``find`` of each `` is None``
    first (a regex of the whole line over every diff cost ~25 ms a 150-commit window)."""
    at = raw.find(" is None")
    while at != -1:
        start = raw.rfind("\n", 0, at) + 1
        if raw.startswith("+", start) and "#" not in raw[start:at] and _ATTRIBUTE_END.search(raw, start, at):
            return True
        at = raw.find(" is None", at + 8)
    return False


def _shifts(trees: ThreeTrees, names: set[str], derefs: bool = False) -> dict[str, list[Shift]]:
    """name -> how the defs of it upstream changed the builtin kinds they raise (every def of the name
    upstream is read: one that still raises the old kind keeps the handler alive)."""
    # a raise taken out is enough: one dropped with nothing raised in its place leaves the handler dead too;
    # so is a None test added with a raise (the base's dereference raised AttributeError there: killers217)
    paths = trees.upstream.matching(_RAISE_REMOVED, ".py")
    nulled = (
        [p for p in sorted(trees.upstream) if p.endswith(".py") and _none_added(trees.upstream.raw(p))]
        if derefs
        else []
    )
    if nulled:
        paths = sorted(set(paths) | set(trees.upstream.matching(_RAISE_ADDED, ".py", nulled)))
    if not paths or not names:
        return {}
    # a lookup added matches most diffs: read only the files that still define a called name (one git grep)
    paths = sorted(trees.upstream_files_with(_defining(names), paths))
    if not paths:
        return {}
    defines = _definition(names)
    before = trees.blobs(trees.base, paths)
    paths = [p for p in paths if defines.search(before[p] or "")]
    if not paths:
        return {}
    after = trees.blobs(trees.theirs, paths)
    found: dict[str, list[Shift]] = {}
    for path in paths:
        # upstream's own new key tests vouch that the base's lookups they guard could miss (killers183)
        keyed = _key_tests(after[path], derefs)
        old, new = _raised(before[path], names, True, keyed), _raised(after[path], names, True)
        bare = _raised(before[path], names, True) if keyed else old  # what the base raises on its own evidence
        stubs: set[str] | None = None  # parsed only for a def whose raise an answer replaced
        for qualname, (kinds, _) in old.items():
            now, hard = new.get(qualname, (None, None))
            if now is None or hard is None:
                continue
            gone = frozenset(k for k in kinds - now if not any(builtin_subclass(n, k) for n in now))
            fresh = frozenset(hard - kinds)
            if "AssertionError" in gone and not fresh:
                # an assert made a raise of a kind the def raised elsewhere already (killers196)
                fresh = _negated_asserts(before[path], after[path], qualname)
            if not gone:
                for name, shift in _answered_raises(before[path], after[path], path, qualname, names):
                    found.setdefault(name, []).append(shift)
                for name, shift in _converted_asserts(before[path], after[path], path, qualname, names):
                    found.setdefault(name, []).append(shift)
                continue
            # a re-raise, or a project's own class (it may subclass the old kind): not judged
            if gone and all(builtin_error(n) for n in now):
                stub = answered = False
                # a guarded lookup's answer (the key skipped) is no answer in a raise's place: the guard rewrote it
                guarded = gone <= kinds - bare.get(qualname, (frozenset(), frozenset()))[0]
                answers = _answers_instead(before[path], after[path], qualname) if not fresh and not guarded else set()
                if answers:
                    stubs = _stubs(before[path], names) if stubs is None else stubs
                    if qualname not in stubs and not _implemented(gone, answers):
                        continue  # an answer replaced the raise (a None is raised-to-None drift's): not dead alone
                    # a stub given a body: its answer is all the def ever gave; else a refusal an answer replaced
                    stub, answered = qualname in stubs, qualname not in stubs
                moved = "" if fresh or stub or answered else _moved_to(before[path], after[path], qualname, gone)
                for name in _called_as(qualname, names, True):
                    shift = Shift(
                        name, qualname, path, gone, fresh, silent=not fresh, moved=moved, stub=stub, answered=answered
                    )
                    found.setdefault(name, []).append(shift)
    if not found:
        return {}
    # every other def of the name upstream, in any file: one still raising a kind keeps it an answer
    holders = trees.python_files_with(_defining(set(found)))
    texts = trees.blobs(trees.theirs, sorted(holders))
    still: dict[str, set[str]] = {}
    for text in texts.values():
        for qualname, (kinds, _) in _raised(text, set(found), True).items():
            still.setdefault(qualname, set()).update(kinds)
    forks = fork_raised(trees, set(found))
    return {name: [replace(s, alone=_alone(s, still, forks)) for s in shifts] for name, shifts in found.items()}


def _answered_raises(
    old_text: str | None, new_text: str | None, path: str, qualname: str, names: set[str]
) -> list[tuple[str, Shift]]:
    """A def that still raises every kind it raised, but fewer ``raise K`` statements of a builtin kind (its own and
    its file's defs it calls: see ``_raise_counts``), and returns a value it did not return at the base: one case
    it refused with ``K`` is answered now.
    #12785 (1a6fcad4c9) made ``replace_linear_class``'s unknown parallel style log a warning and ``return
    linear`` in place of ``raise ValueError`` (its non-str style still raises ValueError): a fork's ``except
    ValueError`` round the call, its own path for the styles upstream did not know, no longer runs for them
    and the layer stays unsharded.  A silent shift (a warning: the case may be accepted on purpose now).
    mend75: with no answer in its place either, and no builtin kind raised more often nor an assert added (not a
    raise converted),
    the raise was dropped: #27610 (a8d2e326ec) made ``get_config`` log a warning where it raised ValueError for a
    config without architectures (its other ValueErrors kept), and a fork's ``except ValueError`` naming the
    draft's architecture no longer runs for that config."""
    counts = [_raise_counts(text, qualname) for text in (old_text, new_text)]
    fewer = frozenset(k for k, n in counts[0].items() if builtin_error(k) and counts[1].get(k, 0) < n)
    answers = _answers_instead(old_text, new_text, qualname) if fewer else set()
    # any kind raised more often (a builtin, or a class of the project's: #50491's ValidationError), or an assert
    # put where the raise was (AssertionError): a raise converted, the kind checks' own, not one dropped
    grown = any(n > counts[0].get(k, 0) for k, n in counts[1].items())
    grown = grown or (not answers and len(_assert_tests(new_text, qualname)) > len(_assert_tests(old_text, qualname)))
    if not fewer or (answers <= {"None"} and (answers or grown)):
        return []  # a None answering in the raise's place is raised-to-None drift's
    shift = Shift("", qualname, path, fewer, frozenset(), silent=True, answered=bool(answers), dropped=not answers)
    return [(name, replace(shift, name=name)) for name in _called_as(qualname, names, True)]


def _raise_counts(text: str | None, qualname: str) -> dict[str, int]:
    """Kind -> how many ``raise`` statements name it in the def's body and the defs of its file it calls
    (``_reach``).  revCU: #51657 (cf8f3a3bb2) moved ``get_supported_mm_limits``'s ``raise ValueError`` into the
    new ``_get_supported_modalities`` it calls and returned ``dict.fromkeys(...)``: the ValueError still escapes,
    and a fork's ``except ValueError`` round it still runs -- a raise moved to a helper, not answered."""
    module = parse_python(text, "<raised>") if text else None
    if module is None:
        return {}
    defs, by_name, owners = _def_index(module)
    func = dict(defs).get(qualname)
    counts: dict[str, int] = {}
    for reached in _reach(by_name, func, owners, _bases(module)) if func is not None else ():
        for node in own_nodes(reached.body):
            if isinstance(node, ast.Raise):
                counts[_raise_kind(node)] = counts.get(_raise_kind(node), 0) + 1
    return counts


def _converted_asserts(
    old_text: str | None, new_text: str | None, path: str, qualname: str, names: set[str]
) -> list[tuple[str, Shift]]:
    """Some of a def's ``assert``s (its own and its file's defs it calls) gone while it raises a builtin kind more
    often than at the base, and others kept: the asserts became raises of that kind.  #49124 (453f01783d) turned
    ``EngineArgs.create_engine_config``'s data-parallel launch asserts (``self.nnodes``, ``self.node_rank`` ...)
    into ``raise ValueError(...)`` and kept its other asserts: a fork's ``except AssertionError`` round the call,
    written for a bad launch, still runs for the others, and the launch's ValueError escapes it."""
    tests = [_assert_tests(text, qualname) for text in (old_text, new_text)]
    kept = {ast.unparse(t) for t in tests[1]}
    gone = [t for t in tests[0] if ast.unparse(t) not in kept]
    counts = [_raise_counts(text, qualname) for text in (old_text, new_text)]
    grown = frozenset(k for k, n in counts[1].items() if builtin_error(k) and n > counts[0].get(k, 0))
    if not gone or not tests[1] or not grown or "AssertionError" in grown:
        return []
    fields = frozenset(_self_fields(gone) - _self_fields(tests[1]))
    shift = Shift("", qualname, path, frozenset({"AssertionError"}), grown, converted=fields, partial=True)
    return [(name, replace(shift, name=name)) for name in _called_as(qualname, names, True)]


def _assert_tests(text: str | None, qualname: str) -> list[ast.expr]:
    """The tests of the ``assert``s in the def's body and the defs of its file it calls (``_reach``)."""
    return [node.test for node in _reached_nodes(text, qualname) if isinstance(node, ast.Assert)]


def _reached_nodes(text: str | None, qualname: str) -> list[ast.AST]:
    """The own nodes of the def's body and of the defs of its file it calls (``_reach``)."""
    module = parse_python(text, "<reached>") if text else None
    if module is None:
        return []
    defs, by_name, owners = _def_index(module)
    func = dict(defs).get(qualname)
    reached = _reach(by_name, func, owners, _bases(module)) if func is not None else []
    return [node for f in reached for node in own_nodes(f.body)]


def _negated_asserts(old_text: str | None, new_text: str | None, qualname: str) -> frozenset[str]:
    """The builtin kinds upstream raises under an ``if`` that tests the negation of an ``assert`` the base
    had and upstream took out: the assert became that raise, of a kind the def already raised elsewhere.
    #29872 (6fc5841db1) made ``patch_rope_parameters_dict``'s ``assert "mrope_section" in rope_parameters``
    an ``if "mrope_section" not in rope_parameters: raise ValueError(...)``, beside its older ValueError for a
    rope-type conflict: a fork's ``except AssertionError`` round the call is dead, and the ValueError escapes."""
    kept = {ast.unparse(t) for t in _assert_tests(new_text, qualname)}
    gone = [t for t in _assert_tests(old_text, qualname) if ast.unparse(t) not in kept]
    kinds = {
        _raise_kind(stmt)
        for node in (_reached_nodes(new_text, qualname) if gone else [])
        if isinstance(node, ast.If) and any(_negates(node.test, t) for t in gone)
        for stmt in node.body
        if isinstance(stmt, ast.Raise)
    }
    return frozenset(k for k in kinds if builtin_error(k) and k != "AssertionError")


# a comparison and the one that negates it
_NEGATED: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is, ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq, ast.Lt: ast.GtE, ast.GtE: ast.Lt, ast.Gt: ast.LtE, ast.LtE: ast.Gt,
}  # fmt: skip


def _negates(test: ast.expr, asserted: ast.expr) -> bool:
    """``test`` is ``not asserted`` (``not x`` for ``x``, ``x`` for ``not x``, ``a not in b`` for ``a in b`` ...)."""
    for one, other in ((test, asserted), (asserted, test)):
        if isinstance(one, ast.UnaryOp) and isinstance(one.op, ast.Not):
            return ast.unparse(one.operand) == ast.unparse(other)
    if not (isinstance(test, ast.Compare) and isinstance(asserted, ast.Compare)):
        return False
    if len(test.ops) != 1 or len(asserted.ops) != 1:
        return False
    flipped = _NEGATED.get(type(asserted.ops[0]))
    same = ast.unparse(test.left) == ast.unparse(asserted.left)
    return (
        same
        and flipped is type(test.ops[0])
        and ast.unparse(test.comparators[0]) == ast.unparse(asserted.comparators[0])
    )


def _self_fields(tests: list[ast.expr]) -> set[str]:
    """The attributes the tests read off ``self``."""
    return {
        n.attr
        for t in tests
        for n in ast.walk(t)
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "self"
    }


def _stubs(text: str | None, names: set[str]) -> set[str]:
    """Qualnames of the defs of ``names`` whose whole body (a docstring aside) is one ``raise`` of a builtin
    kind: a default that only refuses (``raise NotImplementedError``), the fork's ``except`` its one answer."""
    module = parse_python(text, "<stubs>") if text else None
    if module is None:
        return set()
    found = set()
    for qualname, func in method_defs(module.body):
        body = func.body[1:] if ast.get_docstring(func) is not None else func.body
        if _called_as(qualname, names) and len(body) == 1 and isinstance(body[0], ast.Raise):
            if builtin_error(_raise_kind(body[0])):
                found.add(qualname)
    return found


def _implemented(gone: frozenset[str], answers: set[str]) -> bool:
    """killers216: the kind gone is ``NotImplementedError`` alone and an answer other than None took its place --
    a case the def refused as not implemented yet, implemented now (#29804 made ``ModelOptNvFp4FusedMoE.apply``'s
    ``raise NotImplementedError("EPLB not supported ...")`` a routed kernel's answer).  A fork handler of it is the
    fork's own implementation of that case, which no longer runs: a warning.  Any other kind's answer (a lookup's
    default) may be what the handler gave, and stays quiet."""
    return gone == {"NotImplementedError"} and not answers <= {"None"}


def _answers_instead(old_text: str | None, new_text: str | None, qualname: str) -> set[str]:
    """The values (as spelt) the def returns upstream that its body did not return at the base (``return
    None``, ``return ''``): an answer took the raise's place.  A None is raised-to-None drift's to judge; any
    other answer makes the fork's dead handler a warning (killers171: until then quiet, while the same raise
    replaced in one of two places went unread too)."""
    answers: list[set[str]] = []
    for text in (old_text, new_text):
        module = parse_python(text, "<raised>") if text else None
        func = dict(method_defs(module.body)).get(qualname) if module is not None else None
        body = own_nodes(func.body) if func is not None else ()
        answers.append(
            {ast.unparse(n.value) if n.value is not None else "None" for n in body if isinstance(n, ast.Return)}
        )
    return answers[1] - answers[0]


def _moved_to(old_text: str | None, new_text: str | None, qualname: str, gone: frozenset[str]) -> str:
    """The first def of ``qualname``'s class that raises one of ``gone`` itself upstream and did not at the base
    (or is new), the def no longer reaching it: the validation moved to a call of its own (#12102 moved
    PEFTHelper's feature checks from ``__post_init__`` to a new ``validate_legal``), so what the fork's handler
    refused is refused elsewhere now.  A method that raised the kind all along (``from_dict``'s missing
    fields) is no evidence of a move."""
    old = parse_python(old_text, "<raised>") if old_text else None
    new = parse_python(new_text, "<raised>") if new_text else None
    owner = qualname.rpartition(".")[0]
    if old is None or new is None or not owner:
        return ""
    before = {q: _kinds(f)[1] for q, f in method_defs(old.body) if q.rpartition(".")[0] == owner}
    for other, func in method_defs(new.body):
        if (
            other != qualname
            and other.rpartition(".")[0] == owner
            and (_kinds(func)[1] - before.get(other, set())) & gone
        ):
            return other
    return ""


def _alone(shift: Shift, still: dict[str, set[str]], forks: dict[str, set[str]]) -> bool:
    """No other def of the name upstream, nor a fork's own def of it, raises one of the old kinds."""
    if forks.get(shift.name, set()) & shift.old:
        return False
    return not any(
        q != shift.qualname and shift.name in _called_as(q, {shift.name}, True) and kinds & shift.old
        for q, kinds in still.items()
    )


def _defining(names: set[str]) -> tuple[str, ...]:
    """The words a file defining one of ``names`` holds: ``def name(``, or ``class name`` (its ``__init__``)."""
    return tuple(word for name in sorted(names) for word in (f"def {name}(", f"class {name}"))


def _definition(names: set[str]) -> re.Pattern[str]:
    alternatives = "|".join(sorted(map(re.escape, names)))
    return re.compile(r"\b(?:def[ \t]+(?:" + alternatives + r")[ \t]*\(|class[ \t]+(?:" + alternatives + r")\b)")


def _called_as(qualname: str, names: set[str], constructs: bool = False) -> list[str]:
    """The names of ``names`` a call reaching the def ``qualname`` spells: its own, and for an ``__init__`` its
    class's (``Qwen2Model(...)`` runs ``Qwen2Model.__init__``).  With ``constructs``, a ``__post_init__`` is its
    class's too: a dataclass's generated ``__init__`` runs it (#12102: ``PEFTHelper(**config)`` validated the
    adapter there); ``_raised`` passes it only for a class that writes no ``__init__`` of its own."""
    parts = qualname.split(".")
    found = [parts[-1]] if parts[-1] in names else []
    hooks = ("__init__", "__post_init__") if constructs else ("__init__",)
    if parts[-1] in hooks and len(parts) > 1 and parts[-2] in names:
        found.append(parts[-2])
    return found


def fork_raised(trees: ThreeTrees, names: set[str]) -> dict[str, set[str]]:
    """name -> the kinds the fork's own defs of it (on lines it added) raise: an override may be the one called."""
    pattern = _definition(names)
    found: dict[str, set[str]] = {}
    for path in sorted(p for p in trees.mine if p.endswith(".py")):
        if not any(pattern.search(line) for line in trees.mine[path].added.values()):
            continue
        module = trees.merged_module(path)
        for qualname, func in method_defs(module.body) if module is not None else ():
            for name in _called_as(qualname, names):
                found.setdefault(name, set()).update(_kinds(func)[0])
    return found


# qualname -> (every builtin kind the def and its same-file helpers raise, those a ``raise``, ``assert`` or a
# dict lookup raises: a ``.index(`` can keep an old kind alive, never supply a fresh one)
_Raised = dict[str, tuple[frozenset[str], frozenset[str]]]


def _raised(
    text: str | None, names: set[str], constructs: bool = False, keyed: dict[str, frozenset[str]] | None = None
) -> _Raised:
    """qualname -> the kinds a def of one of ``names`` raises, itself or through the defs of its file it calls
    by name (``_DEPTH`` calls deep): a helper still raising the old kind keeps the handler alive.  With
    ``constructs``, a call of a class also reaches its ``__post_init__`` when the class writes no ``__init__``
    (a dataclass: see ``_called_as``).  ``keyed``: qualname -> the lookups (``d[k]`` as spelled) the other
    side's version of the def tests first (``_key_tests``): each raises KeyError here where left unguarded."""
    module = parse_python(text, "<raised>") if text else None
    if module is None:
        return {}
    defs, by_name, owners = _def_index(module)
    cache: dict[int, tuple[set[str], set[str]]] = {}
    found: _Raised = {}
    written = {q.rpartition(".")[0] for q, _ in defs if q.endswith(".__init__")}
    bases = _bases(module)
    module_dicts = _module_dicts(module)
    quals = {id(func): qualname for qualname, func in defs}
    keyed = keyed or {}
    for qualname, func in defs:
        if _called_as(qualname, names, constructs and owners[id(func)] not in written):
            reached = _reach(by_name, func, owners, bases)
            own = [
                cache.setdefault(id(f), _kinds(f, module_dicts, keyed.get(quals[id(f)], frozenset()))) for f in reached
            ]
            found[qualname] = (frozenset(k for every, _ in own for k in every), frozenset(k for _, h in own for k in h))
    return found


def _def_index(
    module: ast.Module,
) -> tuple[
    list[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]],
    dict[str, list[ast.FunctionDef | ast.AsyncFunctionDef]],
    dict[int, str],
]:
    """The file's defs (qualname, def), the defs by their name, and each def's class (by ``id``): what
    ``_reach`` walks."""
    defs = list(method_defs(module.body))
    by_name: dict[str, list[ast.FunctionDef | ast.AsyncFunctionDef]] = {}
    for _, func in defs:
        by_name.setdefault(func.name, []).append(func)
    return defs, by_name, {id(func): qualname.rpartition(".")[0] for qualname, func in defs}


def _reach(
    by_name: dict[str, list[ast.FunctionDef | ast.AsyncFunctionDef]],
    func: ast.FunctionDef | ast.AsyncFunctionDef,
    owners: dict[int, str] | None = None,
    bases: dict[str, frozenset[str]] | None = None,
) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """``func`` and the defs of its file it calls by name (bare or off a receiver), ``_DEPTH`` calls deep.
    Given the defs' classes (``owners``) and the classes' ``bases``, a ``super().f()`` reaches only the ``f``
    of a class of the file the caller's class names as a base: a model's ``super().__init__()`` runs its
    framework base's, not every ``__init__`` of the file."""
    reached = {id(func): func}
    fresh = [func]
    for _ in range(_DEPTH):
        found = []
        for f in fresh:
            for node in (n for n in own_nodes(f.body) if isinstance(n, ast.Call)):
                name = _called_name(node)
                through = isinstance(node.func, ast.Attribute) and is_super(node.func.value)
                named = bases.get(owners.get(id(f), ""), frozenset()) if through and owners and bases else None
                found += [
                    g
                    for g in by_name.get(name or "", [])
                    if id(g) not in reached
                    and (named is None or (owners or {}).get(id(g), "").rpartition(".")[2] in named)
                ]
        fresh = list({id(g): g for g in found}.values())
        reached.update((id(g), g) for g in fresh)
    return list(reached.values())


def _bases(module: ast.Module) -> dict[str, frozenset[str]]:
    """Class qualname -> the last names of the bases it lists (``nn.Module`` -> ``Module``)."""
    found: dict[str, frozenset[str]] = {}
    stack: list[tuple[str, ast.stmt]] = [("", s) for s in module.body]
    while stack:
        prefix, stmt = stack.pop()
        if isinstance(stmt, ast.ClassDef):
            names = {b.attr if isinstance(b, ast.Attribute) else getattr(b, "id", "") for b in stmt.bases}
            found[prefix + stmt.name] = frozenset(names - {""})
            stack += [(f"{prefix}{stmt.name}.", s) for s in stmt.body]
    return found


def _called_name(node: ast.Call) -> str | None:
    func = node.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None


def _kinds(
    func: ast.FunctionDef | ast.AsyncFunctionDef,
    module_dicts: frozenset[str] = frozenset(),
    keyed: frozenset[str] = frozenset(),
) -> tuple[set[str], set[str]]:
    """The kinds ``func``'s own body raises (every one; those not only from a ``.index(``): its ``raise``s and
    ``assert``s, and the builtin lookups that raise when a key is missing -- ``seq.index(x)`` (ValueError) and
    ``d[k]`` on a dict the body builds itself (KeyError).  #46542 swapped convert_mapping's
    ``lora_index_to_id.index(x)`` for a dict built once: a fork's ``except ValueError`` round it now lets a
    KeyError through.  A lookup raises nothing when the def tests its receiver for the key (``in``, ``.get``,
    ``.keys()``, ``.items()``, a loop over it) or catches the kind round it itself.  A dict is one the body
    builds, a parameter annotated as one (``possible_kernels: dict[PlatformEnum, list[...]]``), or one of
    ``module_dicts`` (the module's own, ``_POSSIBLE_KERNELS = {...}``) the def binds no local of; and any
    receiver of a lookup in ``keyed`` (``d[k]`` as spelled), which the other side's version of the def tests for
    that very key: upstream's guard is the evidence the lookup could miss (see ``_key_tests``)."""
    every: set[str] = set()
    hard: set[str] = set()
    local = _bound_locally(func)
    dicts = _local_dicts(func) | _dict_parameters(func) | (module_dicts - local)
    tested, shielded = _tested(func), _shielded(func)
    derefs = {k[:-1] for k in keyed if k.endswith(".")}
    nulls = _none_tested(func) if derefs else set()
    for node in own_nodes(func.body):
        if isinstance(node, ast.Assert):
            hard.add("AssertionError")
        elif isinstance(node, ast.Raise):
            hard.add(_raise_kind(node))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "index":
            # list, tuple, str and bytes .index() all raise ValueError when absent; upstream's guarded
            # ``name[: name.index(":")]`` after ``if ":" in name`` raises nothing new
            if ast.unparse(node.func.value) not in tested and not _caught_round(node, "ValueError", shielded):
                every.add("ValueError")
        elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load):
            name = node.value.id if isinstance(node.value, ast.Name) else None
            if name is not None and (name in dicts or ast.unparse(node) in keyed) and name not in tested:
                if not _caught_round(node, "KeyError", shielded):
                    hard.add("KeyError")
        elif isinstance(node, ast.Attribute) and derefs and (held := ast.unparse(node.value)) in derefs:
            # a dereference of what the other side's version tests for None first, unasked here (killers217)
            if held not in nulls and not _caught_round(node, "AttributeError", shielded):
                hard.add("AttributeError")
    return every | hard, hard


def _raise_kind(node: ast.Raise) -> str:
    """The kind a ``raise`` names; "?" for a re-raise (whatever was caught) or an expression."""
    if node.exc is None:
        return "?"
    exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
    return exc.attr if isinstance(exc, ast.Attribute) else exc.id if isinstance(exc, ast.Name) else "?"


def _local_dicts(func: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The names ``func`` binds to a dict it builds (a display, a comprehension, ``dict(...)``)."""
    built: set[str] = set()
    for node in own_nodes(func.body):
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            value = node.value
            if isinstance(value, (ast.Dict, ast.DictComp)) or (
                isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "dict"
            ):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                built.update(t.id for t in targets if isinstance(t, ast.Name))
    return built


_MAPPINGS = frozenset({"dict", "Dict", "Mapping", "MutableMapping"})


def _dict_parameters(func: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The parameters annotated as a dict or a mapping (``dict[K, V]``, ``Mapping[K, V]``; not ``X | None``)."""
    args = [*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs]
    found: set[str] = set()
    for arg in args:
        note = arg.annotation
        note = note.value if isinstance(note, ast.Subscript) else note
        if note is not None and last_name(note) in _MAPPINGS:
            found.add(arg.arg)
    return found


def _bound_locally(func: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The names ``func`` binds itself: its parameters and the names it assigns (a module dict's name rebound)."""
    args = [*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs, func.args.vararg, func.args.kwarg]
    names = {a.arg for a in args if a is not None}
    for node in own_nodes(func.body):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
    return names


def _module_dicts(module: ast.Module) -> frozenset[str]:
    """The names the module binds at its top level to a dict it builds (a display, a comprehension, ``dict(...)``)
    or annotates as one."""
    found: set[str] = set()
    for stmt in module.body:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            note = stmt.annotation.value if isinstance(stmt.annotation, ast.Subscript) else stmt.annotation
            if last_name(note) in _MAPPINGS or _builds_dict(stmt.value):
                found.add(stmt.target.id)
        elif isinstance(stmt, ast.Assign) and _builds_dict(stmt.value):
            found.update(t.id for t in stmt.targets if isinstance(t, ast.Name))
    return frozenset(found)


def _builds_dict(value: ast.expr | None) -> bool:
    return isinstance(value, (ast.Dict, ast.DictComp)) or (
        isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "dict"
    )


_PROBES = frozenset({"get", "keys", "items", "setdefault"})  # a call off a mapping that tests or lists its keys


def _key_tests(text: str | None, derefs: bool = False) -> dict[str, frozenset[str]]:
    """qualname -> the lookups ``d[k]`` (as spelled) each def of the file tests for first: ``k in d`` / ``k not
    in d`` or ``d.get(k)``.  killers183: #36243 (c4d859c274) guarded the top config's ``get_layers_from_...``'s
    ``forward_context[layer_name]`` (a local bound to a config's attribute, no dict the body builds) with
    ``layer_name in forward_context``: a name outside the pipeline stage is skipped where it raised KeyError,
    and a fork's ``except KeyError`` round the call never runs again."""
    module = parse_python(text, "<keyed>") if text else None
    if module is None:
        return {}
    found: dict[str, frozenset[str]] = {}
    for qualname, func in method_defs(module.body):
        tests: set[str] = set()
        for node in own_nodes(func.body):
            if isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], (ast.In, ast.NotIn)):
                tests.add(f"{ast.unparse(node.comparators[0])}[{ast.unparse(node.left)}]")
            elif derefs and (none := _none_test(node)) is not None:
                tests.add(f"{none}.")  # a dereference of it (killers217)
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
                tests.update(f"{ast.unparse(node.func.value)}[{ast.unparse(a)}]" for a in node.args[:1])
        if tests:
            found[qualname] = frozenset(tests)
    return found


def _none_test(node: ast.AST) -> str | None:
    """``X is None`` / ``X is not None`` of an attribute chain ``X`` (``self.comm``): X as spelled, else None.
    killers217: #21946 (74333ae2f6) put ``if self.device_communicator is None: raise ValueError(...)`` before
    ``GroupCoordinator``'s collectives' ``self.device_communicator.all_gatherv(...)``: upstream's test vouches
    that the base's dereference met a None, which raised AttributeError there, and a fork's ``except
    AttributeError`` round the call no longer catches the ValueError raised in its place."""
    if not (isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], ast.Is | ast.IsNot)):
        return None
    right = node.comparators[0]
    if isinstance(node.left, ast.Attribute) and isinstance(right, ast.Constant) and right.value is None:
        return ast.unparse(node.left)
    return None


def _none_tested(func: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The attribute chains ``func`` itself asks about None or truth (``X is None``, ``if X``, ``X and ...``)."""
    found: set[str] = set()
    for node in own_nodes(func.body):
        if (none := _none_test(node)) is not None:
            found.add(none)
        elif isinstance(node, ast.If | ast.IfExp | ast.While | ast.Assert) and isinstance(node.test, ast.Attribute):
            found.add(ast.unparse(node.test))
        elif isinstance(node, ast.BoolOp):
            found.update(ast.unparse(v) for v in node.values if isinstance(v, ast.Attribute))
    return found


def _tested(func: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The receivers (as spelled) ``func`` tests for a key: ``in`` / ``not in`` one, a ``.get`` / ``.keys()`` /
    ``.items()`` off one, a loop or comprehension over one (its own keys)."""
    tested: set[str] = set()
    for node in own_nodes(func.body):
        if isinstance(node, ast.Compare) and any(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops):
            tested.update(ast.unparse(c) for c in node.comparators)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _PROBES:
            tested.add(ast.unparse(node.func.value))
        elif isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
            tested.add(ast.unparse(node.iter))
    return tested


def _shielded(func: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[int, set[str]]:
    """id of each node inside the body of a ``try`` of ``func`` -> the kinds that ``try``'s handlers catch (a
    bare ``except`` catches ``BaseException``)."""
    found: dict[int, set[str]] = {}
    for node in own_nodes(func.body):
        if isinstance(node, ast.Try):
            caught = {kind for handler in node.handlers for kind in _catches(handler)}
            for inner in own_nodes(node.body):
                found.setdefault(id(inner), set()).update(caught)
    return found


def _catches(handler: ast.ExceptHandler) -> list[str]:
    if handler.type is None:
        return ["BaseException"]
    types = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return [ast.unparse(t).rsplit(".", 1)[-1] for t in types]


def _caught_round(node: ast.AST, kind: str, shielded: dict[int, set[str]]) -> bool:
    """A handler of a ``try`` of the def round ``node`` catches ``kind`` (the def absorbs its own lookup)."""
    return any(builtin_subclass(kind, caught) for caught in shielded.get(id(node), ()))


def _caught(handler: ast.ExceptHandler) -> list[str] | None:
    """The names a handler catches, None when one is not a plain name (or it is bare)."""
    if handler.type is None:
        return None
    types = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    names = [t.id if isinstance(t, ast.Name) else None for t in types]
    return None if None in names else [n for n in names if n is not None]


def _dead(
    trees: ThreeTrees,
    handler: ast.ExceptHandler,
    calls: list[Callee],
    others: bool,
    shifts: dict[str, list[Shift]],
    siblings: list[str],
    inherited: Callable[[Callee, list[Shift]], list[Shift]] = lambda callee, own: [],
) -> tuple[Shift, Severity] | None:
    """The shift that leaves ``handler`` catching nothing its ``try`` can raise now, and how sure that is (a
    receiver not read, or a module the def's module is imported from: a warning), else None."""
    caught = _caught(handler)
    if others or not caught or not all(builtin_error(c) for c in caught) or _CATCH_ALL & set(caught):
        return None
    for callee in calls:
        for shift in _reached(trees, callee, shifts, inherited, handler.name == _EXPECTS):
            lost = any(builtin_subclass(old, c) for old in shift.old for c in caught)
            if lost and not any(builtin_subclass(new, c) for new in shift.new for c in siblings):
                if shift.partial:
                    # the handler lives on for the kept asserts: sure only where it mends what a converted one tested
                    mends = not loose(callee, shift.path) and bool(shift.converted & _stored_fields(handler))
                    return shift, Severity.ERROR if mends else Severity.WARNING
                # nothing raised in its place: the case the handler met may be accepted now (a warning), unless
                # its class refuses it in another method now (the handler is dead, the refusal elsewhere)
                sure = (not shift.silent or bool(shift.moved)) and not loose(callee, shift.path)
                return shift, Severity.ERROR if sure else Severity.WARNING
    return None


def _stored_fields(handler: ast.ExceptHandler) -> set[str]:
    """The attributes the handler's body stores (``engine_args.nnodes = 1``): what its fallback mends."""
    return {
        t.attr
        for stmt in handler.body
        for node in ast.walk(stmt)
        if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign)
        for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(t, ast.Attribute)
    }


def _reached(
    trees: ThreeTrees,
    callee: Callee,
    shifts: dict[str, list[Shift]],
    inherited: Callable[[Callee, list[Shift]], list[Shift]],
    expects: bool = False,
) -> list[Shift]:
    """The shifts of defs the call may reach: off a class named as the receiver (or a parameter's annotation),
    that class's def, or the def it inherits from a base (``inherited``); else a def of the module the name is
    imported from (or the receiver module names) that no other def of the name answers for (another def still
    raising the old kind may be the one called).  A test's expectation (``expects``) of a call off a receiver
    not read takes any such def: the test is written for the one the fork's model inherits, and the finding
    stays a warning (``loose``)."""
    own = shifts.get(callee.name, [])
    if callee.receiver:
        return [s for s in own if s.owner == callee.receiver] or inherited(callee, own)
    return [s for s in own if (s.alone or (expects and callee.capped)) and reaches(trees, callee, s.path)]


class _Heirs:
    """The defs a call off a class named as the receiver inherits, read in the merged tree (its shared index,
    ``merged_index``, built on the first call of any check that needs one).  killers209: #18979 dropped ``Platform.device_id_to_physical_device_id``'s
    ``raise RuntimeError`` (an empty ``CUDA_VISIBLE_DEVICES`` is read as unset now); a fork's
    ``try: CudaPlatform.device_id_to_physical_device_id(rank)`` / ``except RuntimeError:`` calls it off a
    subclass (``CudaPlatform`` is ``NvmlCudaPlatform if nvml_available else NonNvmlCudaPlatform``), whose
    own defs hold none of the name."""

    def __init__(self, trees: ThreeTrees) -> None:
        self.trees = trees

    def of(self, path: str) -> Callable[[Callee, list[Shift]], list[Shift]]:
        """``inherited`` for the calls of the fork file ``path``."""
        return lambda callee, own: self._inherited(path, callee, own) if own else []

    def _inherited(self, path: str, callee: Callee, own: list[Shift]) -> list[Shift]:
        """The shifts of the def every class the receiver names (both of a conditional alias) finds the name at
        along its order; none when one of them finds it elsewhere, or nothing resolves."""
        index = self.trees.merged_index()
        mod = index.module_at(path)
        sym = index.resolve_expr(mod, ast.Name(id=callee.receiver or "", ctx=ast.Load())) if mod else px.UNKNOWN
        found = index.class_of(sym)
        classes = [found] if found is not None else index.chosen_classes(sym)
        reached: list[Shift] = []
        for cls in classes:
            member = index.member(index.mro(cls), callee.name, dynamic=False, instance=False)
            hit = [s for s in own if isinstance(member, px.DefSym) and (s.path, s.qualname) == _at(member)]
            if not hit:
                return []
            reached += [s for s in hit if s not in reached]
        return reached


def _at(member: px.DefSym) -> tuple[str, str]:
    """(path, qualname) of a method found along a class's order."""
    return member.path, f"{member.owner}.{member.name}" if member.owner else member.name


def builtin_error(name: str) -> bool:
    """``name`` is a builtin exception class (``ValueError``, ``KeyError``...)."""
    kind = getattr(builtins, name, None)
    return isinstance(kind, type) and issubclass(kind, BaseException)


def builtin_subclass(name: str, of: str) -> bool:
    """``name`` is ``of`` or a builtin subclass of it (unknown names: only themselves)."""
    if name == of:
        return True
    kind, parent = getattr(builtins, name, None), getattr(builtins, of, None)
    return isinstance(kind, type) and isinstance(parent, type) and issubclass(kind, parent)


def _finding(
    trees: ThreeTrees, path: str, handler: ast.ExceptHandler, shift: Shift, severity: Severity, pr_pattern: str
) -> Finding:
    old = " or ".join(sorted(shift.old))
    if shift.partial:
        return _partial_finding(trees, path, handler, shift, severity, pr_pattern)
    if shift.silent:
        return _silent_finding(trees, path, handler, shift, old, severity, pr_pattern)
    new = sorted(shift.new)
    asserted = "|assert[[:space:]]" if "AssertionError" in new else ""  # an ``assert`` raises it, unnamed
    commit = trees.upstream_commit(shift.path, f"raise[[:space:]]+{new[0]}|\\.index\\({asserted}", pr_pattern, most=5)
    now = " or ".join(new)
    return Finding(
        RULE,
        "merge",
        severity,
        path,
        handler.lineno,
        f"fork-side handler catches {old} from {shift.qualname}(), which upstream made raise {now} instead "
        f"({shift.path}{commit}): this except never runs and the {now} escapes; catch {now}",
    )


def _partial_finding(
    trees: ThreeTrees, path: str, handler: ast.ExceptHandler, shift: Shift, severity: Severity, pr_pattern: str
) -> Finding:
    """A handler of AssertionError round a def upstream turned some of its asserts into raises of another kind."""
    now = " or ".join(sorted(shift.new))
    commit = trees.upstream_commit(shift.path, "assert[[:space:]]", pr_pattern, most=5)
    read = f" (reading {', '.join(sorted(shift.converted)[:4])})" if shift.converted else ""
    why = "it mends a field they tested" if severity is Severity.ERROR else "its other asserts still reach it"
    return Finding(
        RULE,
        "merge",
        severity,
        path,
        handler.lineno,
        f"fork-side handler catches AssertionError from {shift.qualname}(), where upstream turned asserts{read} "
        f"into raises of {now} ({shift.path}{commit}): for those cases this except no longer runs and the {now} "
        f"escapes ({why}); catch {now} too",
    )


def _silent_finding(
    trees: ThreeTrees,
    path: str,
    handler: ast.ExceptHandler,
    shift: Shift,
    old: str,
    severity: Severity,
    pr_pattern: str,
) -> Finding:
    """A handler of a kind the def no longer raises at all: dead code, and what it refused goes through now."""
    asserted = "|assert[[:space:]]" if "AssertionError" in shift.old else ""
    kinds = "|".join(sorted(shift.old))
    commit = trees.upstream_commit(shift.path, f"raise[[:space:]]+({kinds}){asserted}", pr_pattern, most=5)
    if shift.dropped:
        return Finding(
            RULE,
            "merge",
            severity,
            path,
            handler.lineno,
            f"fork-side handler catches {old} from {shift.qualname}(), where upstream took one of its raises of it "
            f"out with nothing raised or returned in its place ({shift.path}{commit}): the case it refused goes "
            "through now, so this except no longer runs for it (it still does for the raises kept); check which "
            "case the fork's handler is for, and test for it before the call if upstream's dropped it",
        )
    if shift.answered:
        return Finding(
            RULE,
            "merge",
            severity,
            path,
            handler.lineno,
            f"fork-side handler catches {old} from {shift.qualname}(), where upstream replaced a raise of it with "
            f"a returned answer ({shift.path}{commit}): the case it refused returns now, so this except no longer "
            "runs for it; check upstream's answer is what the fork's handler gave, or test for the case before "
            "the call",
        )
    if shift.stub:
        return Finding(
            RULE,
            "merge",
            severity,
            path,
            handler.lineno,
            f"fork-side handler catches {old} from {shift.qualname}(), which only raised it at the base; upstream "
            f"gave it a body that raises nothing ({shift.path}{commit}): this except never runs, and upstream's "
            f"body now runs where the fork's fallback did; check the call still fits that body, or call the "
            f"fallback yourself",
        )
    if shift.moved:
        return Finding(
            RULE,
            "merge",
            severity,
            path,
            handler.lineno,
            f"fork-side handler catches {old} from {shift.qualname}(), which upstream no longer raises: the check "
            f"moved to {shift.moved}() ({shift.path}{commit}), so this except never runs and what it refused goes "
            f"through here; call {shift.moved.rpartition('.')[2]}() in the try",
        )
    return Finding(
        RULE,
        "merge",
        severity,
        path,
        handler.lineno,
        f"fork-side handler catches {old} from {shift.qualname}(), which upstream no longer raises, nor anything "
        f"in its place ({shift.path}{commit}): this except never runs, and what it refused goes through; check "
        "whether upstream accepts that case now or refuses it elsewhere",
    )
