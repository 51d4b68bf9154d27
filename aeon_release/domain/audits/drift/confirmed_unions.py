"""Confirmed-union drift: a def's return union gained a member, and upstream's own callers now test for the old one.

#46854 (3f67477497) stopped upstream from downloading files the Hub cache already knows are absent:
``repo_utils.try_get_local_file`` went ``-> Path | None`` to ``-> Path | Any | None`` and now hands back
huggingface_hub's ``_CACHED_NO_EXIST`` sentinel for such a file, and upstream's callers went from ``file_path
is not None`` to ``isinstance(file_path, Path)``.  A fork's ``path = try_get_local_file(...)`` / ``return
path.read_text() if path is not None else None`` merges cleanly and raises AttributeError on the sentinel, the
first time a model lacks the file.

Upstream's side: the Python files whose diff added a line annotating a return with a union (``-> A | B``),
whose upstream text defines a function a fork-added line calls; parsed at the base and at upstream, a def (a
module's function or a class's method; not a property: a field is error drift's and retyped drift's) whose
return annotation is a union that kept every member it had (one a value besides None) and gained members that
are neither None nor exception classes (those are error drift's, ``returned_errors``).  Such a widening alone
says little (a union may gain a member the fork's input never yields), so it counts only when upstream
*confirms* it: a file its diff changed (an added line holds ``isinstance(``) tests, with ``isinstance``, a
value of the def -- the call itself, or a name a call of it was bound to -- against a member the base
annotation had (``isinstance(file_path, Path)``): upstream's own code says a value the old member does not
describe comes back now.

The fork's side, on lines it wrote: an attribute read (a method call included) off a local its function
binds once to a call of that def (read through the file's imports as ``callees.resolve`` reads a call: the
fork's own def of the name, or another module's, is not it; a method off a receiver typed as its class), in
a function that tests the local with no ``isinstance``/``type`` and reads it inside no ``try`` with handlers
(a ``None`` test leaves the new member through), where every member gained may lack the attribute (``Any``
or ``object``, of which nothing is known, or a builtin kind without it; a class of a project may offer the old
member's surface: quiet): an error on the read.
"""

from __future__ import annotations

import ast
import builtins
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Protocol, TypeVar

from aeon_release.domain.audits.drift.callees import Callee, loose, reaches, resolve, scope_of
from aeon_release.domain.audits.drift.literals import name_words
from aeon_release.domain.audits.drift.none_uses import shielded, told_apart
from aeon_release.domain.audits.drift.returned_errors import _ERROR_NAME, _union
from aeon_release.domain.audits.drift.returns import own_nodes
from aeon_release.domain.audits.drift.sides import Qualified, ThreeTrees, line_matches, parsed_texts, whole_word
from aeon_release.domain.audits.drift.tree_surfaces import surely_lacks
from aeon_release.domain.audits.merge_rules import TYPE_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, method_defs, parse_python

__all__ = ["Placed", "bound_once", "confirmed_union_drift", "reached"]

# an added line annotating a return with a union, found from its arrow (sides.line_matches)
# (``Union[A, B]`` too: #23569 spelt ``-> Optional[Union[ModelRunnerOutput, AsyncModelRunnerOutput]]``)
_UNION_RETURN = lazy_pattern(r"^\+[^\n]*->[^\n]*(?:\||\bUnion\[)", re.MULTILINE)
_ARROW = lazy_pattern(r"->")
_ISINSTANCE_ADDED = lazy_pattern(r"\n\+[^\n]*\bisinstance\(")
_CALLED = lazy_pattern(r"\b(\w+)[ \t]*\(")  # from a word's start only: linear on a long identifier
_DEF = ast.FunctionDef | ast.AsyncFunctionDef
# what every object answers: reading one of these is no use of the old member's surface
_OBJECT_ATTRS = frozenset(dir(object))


@dataclass(frozen=True)
class Widened(Qualified):
    """``qualname`` (in ``path``) returned ``was``; upstream it returns ``now``, gaining ``added``."""

    qualname: str
    path: str
    was: str
    now: str
    added: str
    values: frozenset[str]  # the base union's members besides None


def confirmed_union_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork lines that read an attribute off a def's value where upstream says the value may now be another."""
    called = _fork_called(trees)
    paths = [p for p in trees.upstream if p.endswith(".py") and _union_line(trees.upstream.raw(p))] if called else []
    widened = _confirmed(trees, list(_widened(trees, paths, called))) if paths else []
    if not widened:
        return []
    found: dict[str, list[Widened]] = {}
    for hit in widened:
        found.setdefault(hit.name, []).append(hit)
    return [
        _finding(trees, path, line, hit, attr, gate, pr_pattern)
        for path in sorted(p for p in trees.mine if p.endswith(".py"))
        if any(n in t for t in trees.mine[path].added.values() for n in found)
        for line, hit, attr, gate in _reads(trees, path, found)
    ]


def _fork_called(trees: ThreeTrees) -> set[str]:
    """The names a line the fork added calls (``name(``), Python files only."""
    return {
        m.group(1)
        for path in trees.mine
        if path.endswith(".py")
        for text in trees.mine[path].added.values()
        for m in _CALLED.finditer(text)
    }


def _union_line(diff: str) -> bool:
    return next(line_matches(_UNION_RETURN, diff, _ARROW), None) is not None


def _widened(trees: ThreeTrees, paths: list[str], called: set[str]) -> Iterator[Widened]:
    defines = re.compile(r"\bdef[ \t]+(\w+)[ \t]*\(")

    def keep(_old: str, new: str) -> bool:
        return any(m.group(1) in called for m in defines.finditer(new))

    for both in parsed_texts(trees, paths, keep):
        before = {q: f for q, f in method_defs(both.old.body) if f.name in called}
        for qualname, func in method_defs(both.new.body):
            was = before.get(qualname)
            if was is None or was.returns is None or func.returns is None or _property(func):
                continue
            old, new = _union(was.returns), _union(func.returns)
            added, values = new - old, old - {"None"}
            if not added or not old <= new or not values or any(_ERROR_NAME.fullmatch(m) for m in added | values):
                continue
            if "None" in added:
                continue  # a None gained is optional drift's, not a new kind of value
            now = ast.unparse(func.returns)
            yield Widened(
                qualname, both.path, ast.unparse(was.returns), now, ", ".join(sorted(added)), frozenset(values)
            )


def _property(func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any(last_name(d) in ("property", "cached_property", "setter", "deleter") for d in func.decorator_list)


def _confirmed(trees: ThreeTrees, widened: list[Widened]) -> list[Widened]:
    """Those of ``widened`` a file upstream changed tests with ``isinstance`` against an old member."""
    if not widened:
        return []
    names = {w.name for w in widened}
    paths = [p for p in trees.upstream if p.endswith(".py") and _ISINSTANCE_ADDED.search(trees.upstream.raw(p))]
    texts = trees.blobs(trees.theirs, paths)
    tested: set[tuple[str, str]] = set()  # (def name, the member tested)
    for path in paths:
        text = texts.get(path) or ""
        if not any(n in text for n in names):
            continue
        module = parse_python(text, path)
        for func in (
            (n for n in ast.walk(module) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))) if module else ()
        ):
            tested |= _tested(func, names)
    return [w for w in widened if any((w.name, v.rsplit(".", 1)[-1]) in tested for v in w.values)]


def _tested(func: ast.FunctionDef | ast.AsyncFunctionDef, names: set[str]) -> set[tuple[str, str]]:
    """(def name, class) of each ``isinstance(v, class)`` in ``func`` whose ``v`` is a call of a def of
    ``names`` or a name such a call was bound to."""
    bound = {
        t.id: last_name(n.value.func)
        for n in own_nodes(func.body)
        if isinstance(n, ast.Assign) and isinstance(n.value, ast.Call) and last_name(n.value.func) in names
        for t in n.targets
        if isinstance(t, ast.Name)
    }
    found = set()
    for node in own_nodes(func.body):
        if not (isinstance(node, ast.Call) and last_name(node.func) == "isinstance" and len(node.args) == 2):
            continue
        value, kinds = node.args
        name = (
            bound.get(value.id)
            if isinstance(value, ast.Name)
            else last_name(value.func)
            if isinstance(value, ast.Call)
            else None
        )
        if name in names:  # ``(A, B)`` or ``A | B | NoneType`` (#31584's worker tests the runner's so)
            types = kinds.elts if isinstance(kinds, ast.Tuple) else [kinds]
            found |= {(name, m.rsplit(".", 1)[-1]) for t in types for m in _union(t)}
    return found


def _reads(trees: ThreeTrees, path: str, found: dict[str, list[Widened]]) -> Iterator[tuple[int, Widened, str, str]]:
    module, owned = trees.merged_module(path), trees.owned_lines(path)
    if module is None or not owned:
        return
    scope = scope_of(module)
    for func in (n for n in ast.walk(module) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))):
        for name, call in bound_once(func).items():
            callee = resolve(call.func, scope, func)
            hit = reached(trees, callee, found) if callee is not None else None
            if hit is None or _type_tested(func, name):
                continue
            gated = _gated(func, name, hit)
            for read in _attribute_reads(func, name, call.lineno):
                if read.lineno in owned and _lacks(trees, hit, read.attr):
                    yield read.lineno, hit, read.attr, gated


def _gated(func: _DEF, name: str, hit: Widened) -> str:
    """A name the function tests (an ``if``, a conditional expression, a ``while``, an ``assert``) carrying a
    word that sets a gained class apart from the kept members -- ``use_async_scheduling`` for #23569's
    ``AsyncModelRunnerOutput`` beside ``ModelRunnerOutput`` (review102): the test may keep the new kind out, as
    upstream's runner returns it only under that flag; "" when none."""
    kept = {w.lower() for v in hit.values for w in name_words(v.rsplit(".", 1)[-1])}
    apart = {w.lower() for m in hit.added.split(", ") for w in name_words(m.split("[", 1)[0].rsplit(".", 1)[-1])}
    apart -= kept
    tests = (n.test for n in own_nodes(func.body) if isinstance(n, (ast.If, ast.IfExp, ast.While, ast.Assert)))
    for node in (n for test in tests if apart for n in ast.walk(test)):
        word = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else name
        if word != name and apart & {w.lower() for w in name_words(word)}:
            return word
    return ""


def _lacks(trees: ThreeTrees, hit: Widened, attr: str) -> bool:
    """Every member the union gained may lack ``attr``: ``Any`` or ``object`` (a sentinel: nothing is known of
    it), a builtin kind without it, or a class upstream declares whose whole surface is read and lacks it
    (``tree_surfaces``; #23569's ``AsyncModelRunnerOutput`` has only ``get_output``); any other class of a
    project may offer the old member's surface."""
    for member in hit.added.split(", "):
        word = member.split("[", 1)[0]
        kind = getattr(builtins, word, None)
        if member in ("Any", "typing.Any", "object"):
            continue
        if isinstance(kind, type):
            if hasattr(kind, attr):
                return False
        elif not (word.replace(".", "").isidentifier() and surely_lacks(trees, word.rsplit(".", 1)[-1], attr)):
            return False
    return True


def bound_once(func: ast.FunctionDef | ast.AsyncFunctionDef, fallback: bool = False) -> dict[str, ast.Call]:
    """Locals the function binds exactly once, to a call (``fallback``: or to ``call() or <a display>``, the
    display standing in for a None or empty result: rekeyed returns' ``f() or {}``)."""
    counts: dict[str, int] = {}
    calls: dict[str, ast.Call] = {}
    for node in own_nodes(func.body):
        if isinstance(node, (ast.Name)) and isinstance(node.ctx, ast.Store):
            counts[node.id] = counts.get(node.id, 0) + 1
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            value = _called_or_display(node.value) if fallback else node.value
            if isinstance(value, ast.Call):
                calls[node.targets[0].id] = value
    args = {a.arg for a in ast.walk(func.args) if isinstance(a, ast.arg)}
    return {n: c for n, c in calls.items() if counts.get(n) == 1 and n not in args}


def _called_or_display(value: ast.expr) -> ast.expr:
    """The call of ``call() or {}`` (``or []``, ``or ()``...); else ``value`` itself."""
    if isinstance(value, ast.BoolOp) and isinstance(value.op, ast.Or) and len(value.values) == 2:
        first, second = value.values
        if isinstance(second, (ast.Dict, ast.List, ast.Tuple, ast.Set)):
            return first
    return value


class Placed(Protocol):
    """A def found upstream: its class (or "") and its file."""

    @property
    def owner(self) -> str: ...

    @property
    def path(self) -> str: ...


_P = TypeVar("_P", bound=Placed)


def reached(trees: ThreeTrees, callee: Callee, found: Mapping[str, list[_P]]) -> _P | None:
    """The def of ``found`` the call reaches surely (a receiver not read, or a module guessed at: none)."""
    for hit in found.get(callee.name, []):
        if (callee.receiver or "") != hit.owner or loose(callee, hit.path):
            continue
        if hit.owner or reaches(trees, callee, hit.path):
            return hit
    return None


def _type_tested(func: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> bool:
    """The function tells ``name``'s members apart: ``isinstance(name, ...)``, ``type(name)``, a test handing it
    to a call that answers by kind or surface (``hasattr``, ``callable(getattr(...))``, a ``TypeGuard``
    helper), an identity test against something besides None (``name is _CACHED_NO_EXIST``), ``in`` a display
    holding such a thing, a ``match`` on it with a class pattern."""
    for n in own_nodes(func.body):
        if isinstance(n, ast.Call) and last_name(n.func) in ("isinstance", "type") and n.args:
            if isinstance(n.args[0], ast.Name) and n.args[0].id == name:
                return True
        if isinstance(n, (ast.If, ast.IfExp, ast.While, ast.Assert)) and told_apart(n.test, name):
            return True
        if isinstance(n, ast.Compare) and isinstance(n.left, ast.Name) and n.left.id == name and _sentinel(n):
            return True
        if isinstance(n, ast.Match) and isinstance(n.subject, ast.Name) and n.subject.id == name:
            if any(isinstance(p, ast.MatchClass) for c in n.cases for p in ast.walk(c.pattern)):
                return True
    return False


def _sentinel(compare: ast.Compare) -> bool:
    """``x is S`` / ``x is not S`` with ``S`` a name (not None), or ``x in (None, S)``: a value told apart by
    identity, as a sentinel is."""
    for op, right in zip(compare.ops, compare.comparators, strict=True):
        if isinstance(op, (ast.Is, ast.IsNot)) and isinstance(right, (ast.Name, ast.Attribute)):
            return True
        if isinstance(op, (ast.In, ast.NotIn)) and isinstance(right, (ast.Tuple, ast.List, ast.Set)):
            if any(isinstance(e, (ast.Name, ast.Attribute)) for e in right.elts):
                return True
    return False


def _attribute_reads(func: ast.FunctionDef | ast.AsyncFunctionDef, name: str, after: int) -> Iterator[ast.Attribute]:
    """``name.attr`` reads past line ``after`` outside any ``try`` with handlers or ``suppress`` (one there is
    handled)."""
    caught = shielded(func)
    for node in own_nodes(func.body):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == name
            and isinstance(node.ctx, ast.Load)
            and node.lineno > after
            and node.attr not in _OBJECT_ATTRS
            and id(node) not in caught
        ):
            yield node


def _finding(trees: ThreeTrees, path: str, line: int, hit: Widened, attr: str, gate: str, pr_pattern: str) -> Finding:
    first = sorted(hit.added.split(", "))[0]
    # the line that widened the annotation: the member it gained beside a ``|`` (a signature's last line)
    regex = rf"\|[[:space:]]*{first}\b|\b{first}[[:space:]]*\|" if first.isidentifier() else whole_word(hit.name)
    commit = trees.upstream_commit(hit.path, regex, pr_pattern, most=5)
    old = " or ".join(sorted(hit.values))
    message = (
        f"fork-owned line reads .{attr} off what {hit.qualname}() returns, which upstream made {hit.now} (was "
        f"{hit.was}) ({hit.path}{commit}), and upstream's own callers now test it with isinstance against "
        f"{old}: a {hit.added} value passes a None test and has no .{attr}; test it with isinstance first"
    )
    if gate:
        message += f" (a warning: the function tests {gate}, which may keep the {hit.added} value out)"
    return Finding(RULE, "merge", Severity.WARNING if gate else Severity.ERROR, path, line, message)
